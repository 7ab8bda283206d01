"""Fixed numberings for learning agents (GR-20): every decision the game can offer at a
player count and options, and a seat's view as a fixed-length list of numbers.

**Actions.** :func:`action_codec` catalogues every decision text the rules can ever
offer, enumerated from the rules data and the decision grammar of the rules modules
(never from sampled games), kind by kind in :data:`GRAMMAR` order; a text that two kinds
share (``accept``, ``stop``, ``place T08``, ``move T08 T15 3``...) keeps the number of the
first kind that lists it.  Nothing needs a relative rewrite: hexes, colours and card
copies are few, and the one ordering of hidden things (an Oracle's ``order 2,1,3``)
already names positions, not cards.  So an entry is the decision text itself, and
decoding a number that is not legal gives a text the state refuses (it is never
refused by the codec while in range).

**Observations.** :func:`observation_codec` reads only the view (``state.view(seat)``):
the seats in relative order (the observing seat first, then the next seats of the turn
order), counts as numbers, identities one-hot or multi-hot.  The layout, field by field,
is in ``docs/rl/gardiens.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import permutations
from operator import itemgetter
from typing import Any, NamedTuple

from keepers.core.encoding import ActionCodec, Field, GameState, JsonDict, Layout, ObservationCodec
from keepers.games.gardiens.data import GameData, load

DECISION_KINDS = ("forward", "alliance", "ally_reply", "collect", "action", "recruit_draw",
                  "place", "trade", "partner", "partner_reply", "attack_card", "defend",
                  "conquer", "effect", "transfer", "gift", "discard", "devour")
"""Every kind of pending decision (the step kinds of ``flow.STEPS``), in grammar order."""

COMBAT_OUTCOMES = ("attacker", "defender", "tie", "cancelled", "banished", "failed")
"""The outcomes a last combat may show (GR-10.7, GR-10.4 Truce, GR-25.5)."""

OPTION_FLAGS: tuple[tuple[str, Any], ...] = (
    ("coop", True), ("first_player", "fixed"), ("territory_points", "accumulate"),
    ("bank_trade", True), ("watchtower", "all"), ("alliance_sharing", "gift"),
    ("shadows", "advance"))
"""The options of the observation's ``options`` field: 1 when the option has that value."""


class Setting:
    """What the catalogue depends on: the data, the player count and the options that
    change which decisions exist (the others only change when they arise)."""

    def __init__(self, data: GameData, players: int, options: Mapping[str, Any]) -> None:
        self.data = data
        self.players = players
        self.layout = data.layouts[players]
        self.coop = bool(options["coop"])
        self.bank_trade = bool(options["bank_trade"])
        self.gifts = options["alliance_sharing"] == "gift" and not self.coop  # GR-25.12
        self.colours = data.colours[:players]
        self.hexes = self.layout.labels
        self.cards = data.card_instances
        self.most = data.rule("max_guardians_per_hex")  # GR-14.4: no hex holds more

    def cards_timed(self, *timings: str) -> list[str]:
        """The card instances of these timings."""
        return [c for c in self.cards if self.data.card_of[c].timing in timings]

    def played_ops(self) -> list[dict[str, Any]]:
        """The operations an action card can run (co-op: hostile cards run the
        substitute, GR-25.13), each name once, in card order."""
        ops: dict[str, dict[str, Any]] = {}
        for card in self.data.cards.values():
            if card.timing != "action":
                continue
            effect = self.data.coop["hostile_card_substitute"] if (
                self.coop and card.hostile) else card.effect
            for op in effect:
                ops.setdefault(str(op["op"]), dict(op))
                if op["op"] in ("peek_events", "build_discount"):  # the largest n counts
                    ops[op["op"]]["n"] = max(int(ops[op["op"]]["n"]), int(op["n"]))
        return list(ops.values())

    def coop_targets(self) -> list[int]:
        """GR-25.5, GR-25.8: the hexes a Shadow can stand on before the Citadel falls
        (its origin and the path from it)."""
        out: set[int] = set()
        for origin in self.layout.origins:
            h = origin
            while h != self.layout.citadel and h != -1:
                out.add(h)
                h = self.layout.next_hex[h]
        return sorted(out)


def _forward(r: Setting) -> list[str]:
    """GR-3.8: a ring-1 hex."""
    return [f"forward {r.hexes[h]}" for h in r.layout.forward]


def _alliance(r: Setting) -> list[str]:
    """GR-15.2: skip, break, or propose to a colour in play."""
    return [] if r.coop else ["skip", "break", *(f"propose {c}" for c in r.colours)]


def _reply(r: Setting) -> list[str]:
    """GR-15.2, GR-11.3: the answer to a proposal or a swap."""
    return [] if r.coop else ["accept", "refuse"]


def _collect(r: Setting) -> list[str]:
    """GR-5.2: a Source cube of any type."""
    return list(r.data.source_cmds)


def _moves(r: Setting) -> list[str]:
    """GR-9.2: from a hex to a neighbour, 1 to the most a hex holds."""
    return [cmd for rows in r.layout.move_cmds for row in rows for cmd in row]


def _attacks(r: Setting) -> list[str]:
    """GR-10.1: a neighbour, 1 to the most a hex holds; co-op: a hex on a Shadow's path."""
    layout = r.layout
    targets = set(r.coop_targets()) if r.coop else set(range(len(r.hexes)))
    return [cmd for s, rows in enumerate(layout.attack_cmds)
            for t, row in zip(layout.neighbours[s], rows, strict=True) if t in targets
            for cmd in row]


def _builds(r: Setting) -> list[str]:
    """GR-7.1: a building type on any hex but the Citadel."""
    citadel = r.layout.citadel
    return [row[h] for row in r.layout.build_cmds for h in range(len(r.hexes)) if h != citadel]


def _cube_moves(r: Setting) -> list[str]:
    """GR-25.4 transfers (co-op) or GR-29.5 gifts: ``give|take <colour> <resource>``."""
    if r.coop:
        return [f"{verb} {c} {name}" for verb in ("give", "take") for c in r.colours
                for name in r.data.resources]
    if r.gifts:
        return [cmd for row in r.data.gift_cmds[:r.players] for cmd in row]
    return []


def _action(r: Setting) -> list[str]:
    """GR-6.2: every action of the action step, in the order the step lists them."""
    trades = ["trade bank"] if r.bank_trade else []  # GR-29.3
    trades.append("trade market")
    if not r.coop:
        trades.append("trade partner")
    plays = [r.data.play_cmds[c] for c in r.cards_timed("action")]
    return [*_builds(r), "recruit", *_moves(r), *_attacks(r), *trades, *plays,
            *_cube_moves(r), "pass"]


def _recruit_draw(r: Setting) -> list[str]:
    """GR-8.2: a river card, or the deck."""
    return [*(f"take {c}" for c in r.cards), "take deck"]


def _place(r: Setting) -> list[str]:
    """GR-8.3 (and Action cards, GR-21.2): any hex."""
    return [f"place {label}" for label in r.hexes]


def _exchanges(r: Setting) -> list[str]:
    return [cmd for row in r.data.exchange_cmds for _, cmd in row]


def _trade(r: Setting) -> list[str]:
    """GR-11.2: one exchange, or done."""
    return [*_exchanges(r), "done"]


def _partner(r: Setting) -> list[str]:
    """GR-11.3: a cube more to give or to get, or propose."""
    return [] if r.coop else [*r.data.give_cmds, *r.data.get_cmds, "propose"]


def _attack_card(r: Setting) -> list[str]:
    """GR-10.3: no card, or an attack or combat card (co-op: without the excluded
    operations, GR-25.13)."""
    excluded = r.data.coop["excluded_attack_ops"] if r.coop else ()
    return ["nocard", *(f"card {c}" for c in r.cards_timed("attack", "combat")
                        if not any(r.data.card_of[c].has_op(op) for op in excluded))]


def _defend(r: Setting) -> list[str]:
    """GR-10.4: none, magic, a defense or combat card, or magic and a card that does not
    cancel the attack (co-op: a Shadow never asks)."""
    if r.coop:
        return []
    cards = r.cards_timed("defense", "combat")
    with_magic = [c for c in cards if not r.data.card_of[c].has_op("cancel_attack")]
    return ["defend none", "defend magic", *(f"defend {c}" for c in cards),
            *(f"defend magic {c}" for c in with_magic)]


def _conquer(r: Setting) -> list[str]:
    """GR-10.9: 0 to the guardians engaged."""
    return [f"conquer {n}" for n in range(r.most + 1)]


def _discounts(r: Setting, n: int) -> list[str]:
    """GR-21.2: the cube units a discount of ``n`` can take off each building's cost
    (``cards.discount_options`` without the test of what the player can pay)."""
    names = r.data.resources
    found: list[str] = []

    def walk(cost: tuple[int, ...], i: int, left: int, taken: list[int]) -> None:
        if i == len(cost):
            if left == 0:
                label = "+".join(names[j] for j, t in enumerate(taken) for _ in range(t))
                found.append(f"discount {label or 'none'}")
            return
        for t in range(min(cost[i], left), -1, -1):
            walk(cost, i + 1, left - t, [*taken, t])

    for building in r.data.buildings:
        walk(building.cost, 0, min(n, sum(building.cost)), [])
    return list(dict.fromkeys(found))


def _op_options(r: Setting, op: dict[str, Any]) -> list[str]:
    """GR-21.2: the choices of one card operation."""
    name, labels = op["op"], r.hexes
    if name == "gain_any":
        return [f"gain {res}" for res in r.data.resources]
    if name == "take_river":
        return [f"take {c}" for c in r.cards]
    if name == "place_guardians":
        return _place(r)
    if name == "free_move":
        return ["stop", *_moves(r)]
    if name == "teleport":  # any own hex to any other hex but the Citadel, then how many
        citadel = r.layout.citadel
        return [*(f"teleport {labels[s]} {labels[d]}" for s in range(len(labels))
                  for d in range(len(labels)) if d != s and d != citadel),
                *(f"count {m}" for m in range(1, r.most + 1))]
    if name == "protect":
        return [f"protect {label}" for label in labels]
    if name in ("remove_guardian", "destroy_building"):
        return [] if r.coop else [f"target {label}" for label in labels]
    if name == "steal":  # a non-allied opponent: none in co-op
        return [] if r.coop else [f"steal {c} {res}" for c in r.colours
                                  for res in r.data.resources]
    if name == "view_hand_discard":
        return [] if r.coop else [*(f"spy {c}" for c in r.colours),
                                  *(f"discard {c}" for c in r.cards)]
    if name == "peek_events":  # positions among the cards seen, top first
        return [f"order {','.join(str(i + 1) for i in order)}"
                for size in range(int(op["n"]) + 1) for order in permutations(range(size))]
    if name == "build_discount":
        return [*_builds(r), *_discounts(r, int(op["n"]))]
    if name in ("exchange", "market_rate_trade"):
        return [*_exchanges(r), "stop"]
    if name == "reproduce":
        return ["stop", *(f"produce {label}" for label in labels)]
    if name == "shadow_delay":
        return [f"delay {shadow}" for shadow in r.layout.shadow_ids]
    return []  # an operation without choices (gain, draw, pay)


def _effect(r: Setting) -> list[str]:
    """GR-21.2: the choices of every operation an Action card can run."""
    return [text for op in r.played_ops() for text in _op_options(r, op)]


def _transfer(r: Setting) -> list[str]:
    """GR-25.4: end, or one more transfer."""
    return ["end", *_cube_moves(r)] if r.coop else []


def _gift(r: Setting) -> list[str]:
    """GR-29.5: end, or one more gift to the ally."""
    return ["end", *_cube_moves(r)] if r.gifts else []


def _discard(r: Setting) -> list[str]:
    """GR-16.1: any card of the hand."""
    return [f"discard {c}" for c in r.cards]


def _devour(r: Setting) -> list[str]:
    """GR-25.7: allow, or prevent with a defense or combat card."""
    if not r.coop:
        return []
    return ["allow", *(f"prevent {c}" for c in r.cards_timed("defense", "combat"))]


GRAMMAR: tuple[tuple[str, Callable[[Setting], list[str]]], ...] = (
    ("forward", _forward), ("alliance", _alliance), ("ally_reply", _reply),
    ("collect", _collect), ("action", _action), ("recruit_draw", _recruit_draw),
    ("place", _place), ("trade", _trade), ("partner", _partner), ("partner_reply", _reply),
    ("attack_card", _attack_card), ("defend", _defend), ("conquer", _conquer),
    ("effect", _effect), ("transfer", _transfer), ("gift", _gift), ("discard", _discard),
    ("devour", _devour))
"""Each decision kind and the texts it can offer, in catalogue order."""


def catalogue(data: GameData, players: int, options: Mapping[str, Any]) -> list[str]:
    """Every decision text of the game at ``players`` and ``options``, each once, in
    :data:`GRAMMAR` order (a text shared by two kinds stays where it first appears)."""
    setting = Setting(data, players, options)
    return list(dict.fromkeys(text for _, kind in GRAMMAR for text in kind(setting)))


class GardiensActions(ActionCodec):
    """The catalogue of :func:`catalogue`: an entry is the decision text itself."""

    def legal_indices(self, state: GameState) -> list[int]:
        """The numbers of the legal decisions, in catalogue order (one lookup each)."""
        index = self._index
        try:
            return sorted([index[action] for action in state.legal_actions()])
        except KeyError as missing:
            raise ValueError(f"no action number for {str(missing)[:60]}") from None


def _option_key(options: Mapping[str, Any]) -> tuple[bool, bool, bool]:
    return (bool(options["coop"]), bool(options["bank_trade"]),
            options["alliance_sharing"] == "gift")


_ACTIONS: dict[tuple[int, int, tuple[bool, bool, bool]], tuple[GameData, GardiensActions]] = {}


def action_codec(players: int, options: Mapping[str, Any],
                 data: GameData | None = None) -> ActionCodec:
    """The action numbering at ``players`` and ``options`` (checked, every option named),
    built once and kept (the data is held with it, so its id stays its own)."""
    data = data or load()
    key = (id(data), players, _option_key(options))
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = (data, GardiensActions(catalogue(data, players, options)))
    return found[1]


# -- observations ----------------------------------------------------------------------
SEAT_NUMBERS = ("reserve", "hand_size", "objective_cards", "banked", "territory_points",
                "citadel_points", "public_vp", "combats_won", "trade_actions", "hexes")
"""The numbers of each seat's public record (GR-20.1), in the order of ``seat_numbers``."""

COMBAT_NUMBERS = ("engaged", "magic", "attack_dice", "attack_total", "defence_total")
"""The numbers of the last combat (GR-20.1), in the order of ``combat_numbers``."""


_SEAT_NUMBERS_OF = itemgetter(*SEAT_NUMBERS)


class Starts(NamedTuple):
    """Where each field of the observation starts (one attribute per field name)."""

    you_seat: int
    options: int
    round: int
    over: int
    first_player: int
    active: int
    decider: int
    decision_kind: int
    decision_from: int
    decision_to: int
    decision_numbers: int
    decision_card: int
    decision_attack_card: int
    decision_defence_card: int
    decision_give: int
    decision_get: int
    decision_proposer: int
    guardians: int
    buildings: int
    shadows: int
    protected: int
    cubes: int
    seat_numbers: int
    building_types: int
    ally: int
    supply: int
    building_supply: int
    piles: int
    river: int
    discard: int
    event_discard: int
    round_effect: int
    combat_seats: int
    combat_hexes: int
    combat_numbers: int
    combat_outcome: int
    hand: int
    objectives: int
    objectives_done: int
    visible_hands: int
    spied_hand: int
    peeked_events: int


def observation_fields(data: GameData, players: int) -> tuple[Field, ...]:
    """The observation's layout at ``players`` (in the order of :class:`Starts`)."""
    n, hexes = players, len(data.layouts[players].labels)
    cards, types = len(data.card_instances), len(data.cards)
    res, builds, events = len(data.resources), len(data.buildings), len(data.events)
    peek = max((int(op["n"]) for c in data.cards.values() for op in c.effect
                if op["op"] == "peek_events"), default=0)
    layout = Layout()
    for name, length, meaning in (
        ("you_seat", n, "one-hot: the observing seat's seat number 1..N (its colour, home)"),
        ("options", len(OPTION_FLAGS), "1 per reading in force: " + ", ".join(
            f"{name}={value}" for name, value in OPTION_FLAGS)),
        ("round", 1, "the round number / 10 (0 during setup)"),
        ("over", 1, "1 once the game has ended"),
        ("first_player", n, "relative one-hot: who starts the round"),
        ("active", n, "relative one-hot: whose turn it is"),
        ("decider", n, "relative one-hot: who decides now (all 0 once over)"),
        ("decision_kind", len(DECISION_KINDS), "one-hot: the pending decision's kind, "
                                               "in DECISION_KINDS order"),
        ("decision_from", hexes, "one-hot hex: the pending attack's or teleport's origin"),
        ("decision_to", hexes, "one-hot hex: the pending attack's target"),
        ("decision_numbers", 2, "the pending attack's guardians engaged, the defender's "
                                "magic bonus"),
        ("decision_card", types, "one-hot card type: the Action card being played"),
        ("decision_attack_card", types, "one-hot card type: the attacker's combat card"),
        ("decision_defence_card", types, "one-hot card type: the defender's combat card"),
        ("decision_give", res, "per resource: cubes offered in the pending partner swap"),
        ("decision_get", res, "per resource: cubes asked in the pending partner swap"),
        ("decision_proposer", n, "relative one-hot: who proposes the pending alliance"),
        ("guardians", n * hexes, "per relative seat, per hex (seat-major): its guardians"),
        ("buildings", builds * hexes, "per building type, per hex (type-major): 1 where "
                                      "one stands"),
        ("shadows", hexes, "per hex: the Shadows standing there (co-op)"),
        ("protected", hexes, "per hex: 1 under a Warding Sigil"),
        ("cubes", n * res, "per relative seat, per resource: cubes held"),
        ("seat_numbers", n * len(SEAT_NUMBERS), "per relative seat: " + ", ".join(
            SEAT_NUMBERS)),
        ("building_types", n * builds, "per relative seat, per building type: 1 once "
                                       "built"),
        ("ally", n * n, "per relative seat: relative one-hot of its ally"),
        ("supply", res, "per resource: cubes left in the supply"),
        ("building_supply", builds, "per building type: tiles left"),
        ("piles", 2, "the draw deck's size / 10, the Event deck's size"),
        ("river", cards, "multi-hot card copy: the river"),
        ("discard", types, "per card type: copies on the discard pile"),
        ("event_discard", events, "per Event type: copies revealed"),
        ("round_effect", events, "one-hot Event type: the Event in force this round"),
        ("combat_seats", 2 * (n + 1), "the last combat: relative one-hot attacker, then "
                                      "defender (each's last place: a Shadow)"),
        ("combat_hexes", 2 * hexes, "the last combat: one-hot origin hex, then target hex"),
        ("combat_numbers", len(COMBAT_NUMBERS), "the last combat: " + ", ".join(
            COMBAT_NUMBERS)),
        ("combat_outcome", len(COMBAT_OUTCOMES), "the last combat: one-hot outcome, in "
                                                 "COMBAT_OUTCOMES order"),
        ("hand", cards, "multi-hot card copy: the seat's own hand"),
        ("objectives", len(data.objectives), "1 per objective card the seat holds"),
        ("objectives_done", len(data.objectives), "1 per objective of the seat achieved"),
        ("visible_hands", (n - 1) * cards, "per other seat in relative order (seat-major), "
                                           "multi-hot card copy: the hand a Watchtower or "
                                           "co-op shows"),
        ("spied_hand", cards, "multi-hot card copy: the hand a Spy card shows now"),
        ("peeked_events", peek * events, "per place from the top, one-hot Event type: "
                                         "the Events an Oracle shows now"),
    ):
        layout.add(name, length, meaning)
    return tuple(layout.fields)


class GardiensObservation(ObservationCodec):
    """A seat's view as :attr:`size` numbers, the seats in relative order (GR-20)."""

    def __init__(self, data: GameData, players: int) -> None:
        super().__init__(observation_fields(data, players))   # the layout: docs/rl/gardiens.md
        self.players = players
        self._at = Starts(**{field.name: field.start for field in self.fields})
        self._hexes = len(data.layouts[players].labels)
        self._events = len(data.events)
        colours = data.colours[:players]
        # colour -> its seat relative to each observing colour (seat and engine order
        # turn the same way, GR-3.1)
        self._relative = {mine: {c: (j - i) % players for j, c in enumerate(colours)}
                          for i, mine in enumerate(colours)}
        self._card = {c: i for i, c in enumerate(data.card_instances)}
        types = {cid: i for i, cid in enumerate(data.cards)}
        self._card_type = {c: types[c.split("#")[0]] for c in data.card_instances}
        events = {eid: i for i, eid in enumerate(data.events)}
        self._event_type = {e: events[e.split("#")[0]] for e in data.event_instances}
        self._objective = {oid: i for i, oid in enumerate(data.objectives)}
        self._building = {b.key: i for i, b in enumerate(data.buildings)}
        self._hex = dict(data.layouts[players].by_label)
        self._kind = {kind: i for i, kind in enumerate(DECISION_KINDS)}
        self._outcome = {name: i for i, name in enumerate(COMBAT_OUTCOMES)}
        self._resources = data.resources
        self._building_keys = tuple(b.key for b in data.buildings)

    def encode(self, view: JsonDict, seat: int) -> list[float]:
        """``seat``'s ``view`` as :attr:`size` numbers; ValueError for another seat's view
        or another player count's."""
        if view.get("you") != seat or view.get("players") != self.players:
            raise ValueError(f"not seat {seat}'s view of a {self.players}-player game")
        out = [0.0] * self.size
        at = self._at
        rel = self._relative[view["you_colour"]]
        out[at.you_seat + view["seats"][seat]["seat"] - 1] = 1.0
        options = view["options"]
        for i, (name, value) in enumerate(OPTION_FLAGS):
            if options[name] == value:
                out[at.options + i] = 1.0
        out[at.round] = view["round"] / 10
        out[at.first_player + rel[view["first_player"]]] = 1.0
        out[at.active + rel[view["active"]]] = 1.0
        if view["over"]:
            out[at.over] = 1.0
        else:
            self._decision(out, view["decision"], rel, seat)
        self._board(out, view["board"], rel)
        self._seats(out, view["seats"], rel)
        self._public(out, view)
        if view["last_combat"]:
            self._combat(out, view["last_combat"], rel)
        self._own(out, view, rel)
        return out

    def _decision(self, out: list[float], decision: JsonDict, rel: dict[str, int],
                  seat: int) -> None:
        at = self._at
        out[at.decider + rel[decision["player"]]] = 1.0
        out[at.decision_kind + self._kind[decision["kind"]]] = 1.0
        ctx = decision["context"]
        if not ctx:  # most decisions: nothing public pending
            return
        if "S" in ctx:
            out[at.decision_from + self._hex[ctx["S"]]] = 1.0
        if "T" in ctx:
            out[at.decision_to + self._hex[ctx["T"]]] = 1.0
        out[at.decision_numbers] = ctx.get("k", 0)
        out[at.decision_numbers + 1] = ctx.get("magic", 0)
        for key, start in (("card", at.decision_card), ("acard", at.decision_attack_card),
                           ("dcard", at.decision_defence_card)):
            card = ctx.get(key)
            if card:
                out[start + self._card_type[card]] = 1.0
        if "give" in ctx:
            give, get = ctx["give"], ctx["get"]
            out[at.decision_give:at.decision_give + len(give)] = give
            out[at.decision_get:at.decision_get + len(get)] = get
        if "proposer" in ctx:  # an engine seat index
            out[at.decision_proposer + (ctx["proposer"] - seat) % self.players] = 1.0

    def _board(self, out: list[float], board: list[JsonDict], rel: dict[str, int]) -> None:
        at, hexes, building = self._at, self._hexes, self._building
        guardians, buildings, shadows, protected = (
            at.guardians, at.buildings, at.shadows, at.protected)
        for h, cell in enumerate(board):  # the view lists the hexes in the map's order
            owner = cell["owner"]
            if owner is not None:
                out[guardians + rel[owner] * hexes + h] = cell["guardians"]
                if cell["protected"]:
                    out[protected + h] = 1.0
            key = cell["building"]
            if key is not None:
                out[buildings + building[key] * hexes + h] = 1.0
            if cell["shadows"]:
                out[shadows + h] = len(cell["shadows"])

    def _seats(self, out: list[float], seats: list[JsonDict], rel: dict[str, int]) -> None:
        at, n, building = self._at, self.players, self._building
        res, width, kinds = len(self._resources), len(SEAT_NUMBERS), len(self._building)
        for info in seats:
            r = rel[info["colour"]]
            base = at.cubes + r * res
            out[base:base + res] = info["cubes"].values()  # the view's resource order
            base = at.seat_numbers + r * width
            out[base:base + width] = _SEAT_NUMBERS_OF(info)
            for key in info["building_types"]:
                out[at.building_types + r * kinds + building[key]] = 1.0
            if info["ally"] is not None:
                out[at.ally + r * n + rel[info["ally"]]] = 1.0

    def _public(self, out: list[float], view: JsonDict) -> None:
        at = self._at
        supply, bsupply = view["supply"], view["building_supply"]
        out[at.supply:at.supply + len(supply)] = supply.values()  # in resource order
        out[at.building_supply:at.building_supply + len(bsupply)] = bsupply.values()
        out[at.piles] = view["deck_size"] / 10
        out[at.piles + 1] = view["event_deck_size"]
        card, card_type, event_type = self._card, self._card_type, self._event_type
        for c in view["river"]:
            out[at.river + card[c]] = 1.0
        for c in view["discard"]:
            out[at.discard + card_type[c]] += 1.0
        for e in view["event_discard"]:
            out[at.event_discard + event_type[e]] += 1.0
        if view["round_effect"]:
            out[at.round_effect + event_type[view["round_effect"]]] = 1.0

    def _combat(self, out: list[float], combat: JsonDict, rel: dict[str, int]) -> None:
        at, n, hexes = self._at, self.players, self._hexes
        out[at.combat_seats + rel[combat["attacker"]]] = 1.0
        defender = combat["defender"]
        out[at.combat_seats + n + 1 + (n if defender == "shadow" else rel[defender])] = 1.0
        out[at.combat_hexes + self._hex[combat["from"]]] = 1.0
        out[at.combat_hexes + hexes + self._hex[combat["to"]]] = 1.0
        out[at.combat_numbers:at.combat_numbers + len(COMBAT_NUMBERS)] = [
            combat["engaged"], combat["magic"], len(combat["attack_dice"]),
            combat["attack_total"], combat["defence_total"]]
        out[at.combat_outcome + self._outcome[combat["outcome"]]] = 1.0

    def _own(self, out: list[float], view: JsonDict, rel: dict[str, int]) -> None:
        at, card, cards = self._at, self._card, len(self._card)
        for c in view["hand"]:
            out[at.hand + card[c]] = 1.0
        for objective in view["objectives"]:
            i = self._objective[objective["id"]]
            out[at.objectives + i] = 1.0
            if objective["done"]:
                out[at.objectives_done + i] = 1.0
        for colour, hand in view["visible_hands"].items():
            base = at.visible_hands + (rel[colour] - 1) * cards
            for c in hand:
                out[base + card[c]] = 1.0
        private = view["private"]
        if private:  # a peek of the seat's own pending decision (GR-20.5)
            for c in private.get("spied_hand", ()):
                out[at.spied_hand + card[c]] = 1.0
            for i, e in enumerate(private.get("peeked_events", ())):
                out[at.peeked_events + i * self._events + self._event_type[e]] = 1.0


_OBSERVATIONS: dict[tuple[int, int], tuple[GameData, GardiensObservation]] = {}


def observation_codec(players: int, options: Mapping[str, Any],
                      data: GameData | None = None) -> ObservationCodec:
    """The observation encoding at ``players`` (the same for every option: the options
    in force are one of its fields), built once and kept."""
    data = data or load()
    key = (id(data), players)
    found = _OBSERVATIONS.get(key)
    if found is None:
        found = _OBSERVATIONS[key] = (data, GardiensObservation(data, players))
    return found[1]
