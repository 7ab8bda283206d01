"""Viscounts decisions as numbers and a seat's view as a fixed-length list, for learning agents.

:func:`action_codec` numbers every decision text the rules can offer with a player count
and the expansions in play, enumerated from the component data and the decision grammar
of the rules modules (never from sampled games); :func:`observation_codec` lays a seat's
view out in named fields.  The contract is :mod:`keepers.core.encoding`; the grammar, the
catalogue order and every field are documented in ``docs/rl/viscounts.md``.

Two decisions are catalogued relative to the deciding seat, so that one entry means the
same move whoever decides: ``rearrange`` as a permutation of the seat's own three card
spaces (VB-7.5), ``bump`` by the owner's seat counted clockwise from the deciding seat
(VB-4.2.4).  The rewrite reads only the deciding seat's own card spaces and seat number.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations_with_replacement, permutations, product
from math import ceil
from operator import itemgetter
from typing import Any, Protocol

from keepers.core.encoding import ActionCodec, GameState, JsonDict, Layout, ObservationCodec
from keepers.games.viscounts.data import CardDef, GameData, load_data
from keepers.games.viscounts.effects import BUILDING_TYPES, RESOURCES, RIBBONS, Term
from keepers.games.viscounts.model import RESOURCE_KEYS
from keepers.games.viscounts.rules.actions import ACTION_PAYMENT, Conversion, icon_conversion
from keepers.games.viscounts.state import Position
from keepers.games.viscounts.validate import PHASES

EXPANSION_SETS = {"keys": "Keys", "gates": "Gates"}
"""The card set of each expansion option word (VK-2.1, VG-3.1)."""
KO = "KO"
"""The king's order, in every Gates of Gold game (VG-1.1)."""
TRADE_MOST = 30
"""The largest ``trade k`` the rules offer (``rules.actions``: k in 0..30)."""
SPACE_ORDERS = tuple(p for p in permutations(range(3)) if p != (0, 1, 2))
"""The rearrangements of the three card spaces other than the order kept (VB-7.5)."""
RELATIVE_VERBS = ("rearrange ", "bump ")
"""Decisions whose catalogue entry is relative to the deciding seat."""
CARDS_IN_SPACES = 3
"""Card spaces of a player board: at most three cards lend their abilities at once."""
DECISION_KINDS = (
    "setup", "setup_discard", "play", "move", "action", "dismiss", "target", "pay",
    "recruit", "resource", "flip", "discard", "destroy", "rearrange", "hire", "pick",
    "manuscript", "build", "section", "shift", "cascade", "bump", "hero", "chest", "return",
    "welcome", "refuse", "window", "spend", "ribbon")
"""Every kind of decision the rules ask a person (the ``kind`` of a view's decision)."""
NODE_KINDS = ("L", "R", "I")
ICONS = ("merchant", "builder", "noble", "cleric", "criminal")
SCALE = 10.0
"""Rounds and scores are divided by it: the other numbers of a view stay within about 0..30."""



class Seated(Protocol):
    """What the relative rewrite reads of a state (a ``ViscountsState``)."""

    position: Position

    def to_move(self) -> int | None: ...


# ---------------------------------------------------------------------- what is in play
class Components:
    """The component ids in play with a choice of expansions, in data order."""

    def __init__(self, data: GameData, expansions: str) -> None:
        chosen = [] if expansions == "none" else expansions.split(",")
        self.keys, self.gates = "keys" in chosen, "gates" in chosen
        self.sets = ("Base", *(EXPANSION_SETS[word] for word in chosen))
        self.townsfolk = tuple(c.id for c in data.townsfolk.values() if c.set in self.sets)
        self.starters = _starters(data, self.keys)
        self.heroes = tuple(h.id for h in data.heroes.values() if h.set in self.sets)
        self.outsiders = tuple(o.id for o in data.outsiders.values()
                               if self.gates and o.set == "Gates")
        self.orders = (KO,) if self.gates else ()
        self.deck = self.starters + self.townsfolk + self.heroes + self.outsiders + self.orders
        """Every card a player can hold (VB-1.2, VK-1, VG-1.1)."""
        self.printed = tuple(c for c in data.printed_townsfolk)
        self.manuscripts = tuple(m.id for m in data.manuscripts.values() if m.set in self.sets)
        self.board_manuscripts = tuple(m.id for m in data.manuscripts.values()
                                       if self.gates and m.set == "GatesBoard")
        self.held_manuscripts = self.manuscripts + self.board_manuscripts
        """What a player can hold: the piles' manuscripts, the boards' starting ones."""
        self.printed_manuscripts = tuple(f"PRINTED-M{seg.id}" for seg in data.board.segments)
        self.player_cards = tuple(c.id for c in data.player_cards.values() if c.set in self.sets)
        self.chests = tuple(t.id for t in data.chest_tiles.values()
                            if self.keys and t.set == "Keys")
        self.ai_chests = tuple(t.id for t in data.chest_tiles.values()
                               if self.keys and t.set == "KeysAI")
        self.publics = tuple(data.public_buildings) if self.keys else ()
        self.boards = tuple(data.manuscript_boards) if self.gates else ()
        self.builders = tuple(data.builder_cards) if self.gates else ()
        self.leaders = tuple(k for k, c in data.leaders.items() if self.gates and c.set == "Gates")
        self.any_ribbon = tuple(m.id for m in data.manuscripts.values()
                                if self.gates and m.set in self.sets and m.ribbon == "any")
        self.spots = tuple(dict.fromkeys(s.id for seg in data.board.segments
                                         for side in seg.sides.values() for s in side.spots))
        self.printed_spaces = tuple(dict.fromkeys(
            n for seg in data.board.segments for n in seg.numbers.values()))
        self.slots = tuple(s.id for s in data.player_board.slots)
        self.sections = tuple(data.castle.sections)
        self.exchanges = tuple(data.board.exchanges)


def _starters(data: GameData, keys: bool) -> tuple[str, ...]:
    """The starting townsfolk; with Keeper of Keys its three replace those of their names
    (VB-1.2, VK-2.5)."""
    starters = [c for c in data.townsfolk.values() if c.set == "Starter"]
    if keys:
        new = {c.name: c for c in data.townsfolk.values() if c.set == "KeysStarter"}
        starters = [new.get(c.name, c) for c in starters]
    return tuple(c.id for c in starters)


def _terms(value: Any, sets: tuple[str, ...]) -> Iterator[Term]:
    """Every effect term in a piece of component data, skipping components of sets not in
    play (the solo AI's own cards and boards are left to the caller)."""
    if isinstance(value, Term):
        yield from value.walk()
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _terms(item, sets)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _terms(item, sets)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        component_set = getattr(value, "set", None)
        if isinstance(component_set, str) and not _in_play(component_set, sets):
            return
        for field in dataclasses.fields(value):
            if field.name != "memo":
                yield from _terms(getattr(value, field.name), sets)


def _in_play(component_set: str, sets: tuple[str, ...]) -> bool:
    """Sets of starting components travel with their game: Starter always, KeysStarter and
    GatesBoard with their expansion."""
    return component_set in sets or component_set == "Starter" or \
        (component_set == "KeysStarter" and "Keys" in sets) or \
        (component_set == "GatesBoard" and "Gates" in sets)


AI_FIELDS = frozenset({"schemes", "ai_boards", "ai_common", "cards", "memo"})
"""GameData fields whose effects never ask a person (the solo AI's) or repeat others."""
EXPANSION_FIELDS = {"public_buildings": "Keys", "builder_cards": "Gates",
                    "manuscript_boards": "Gates", "manuscript_columns": "Gates"}
"""GameData fields of one expansion whose components carry no set of their own."""


def player_terms(data: GameData, sets: tuple[str, ...]) -> Iterator[Term]:
    """Every effect term a person can resolve with these sets in play."""
    for field in dataclasses.fields(data):
        if field.name not in AI_FIELDS and EXPANSION_FIELDS.get(field.name, "Base") in sets:
            yield from _terms(getattr(data, field.name), sets)


# ---------------------------------------------------------------------- the grammar
def pick_texts(data: GameData, sets: tuple[str, ...]) -> list[str]:
    """``pick <effect>``: each part of a ``one_of``, the effect of a ``may`` and ``none``
    (VB-10.3)."""
    out: dict[str, None] = {}
    for term in player_terms(data, sets):
        if term.name == "one_of":
            out.update((f"pick {part}", None) for part in term.subterms())
        elif term.name == "may":
            out[f"pick {term.sub(0)}"] = None
            out["pick none"] = None
    return sorted(out, key=lambda text: text == "pick none")


def conversions(data: GameData, parts: Components, action: str) -> list[tuple[Conversion, int]]:
    """The icon conversions of ``action`` paid with silver or resources, each with how many
    copies of its card are in play (VB-6.3.2; the cards' own ability texts)."""
    out: list[tuple[Conversion, int]] = []
    cards: list[CardDef] = [data.cards[c] for c in dict.fromkeys(parts.deck)]
    for card in cards:
        for term in card.ongoing.walk():
            conversion = icon_conversion(term, action)
            if conversion is not None:
                out.append((conversion, card.copies))
    return out


def plans(conversions_in_use: Sequence[Conversion], deficit: int, direct: str
          ) -> Iterator[dict[str, int]]:
    """Every way to fund ``deficit`` icons with these conversions, then direct payment: the
    plans the rules filter by budget and Pareto order (VB-6.3.2)."""
    if not conversions_in_use:
        yield {direct: deficit} if deficit > 0 else {}
        return
    (kinds, amount, icons, uses), rest = conversions_in_use[0], conversions_in_use[1:]
    for count in range(min(uses, ceil(max(deficit, 0) / icons)) + 1):
        for split in product(range(count + 1), repeat=len(kinds)):
            if sum(split) != count:
                continue
            paid = {k: n * amount for k, n in zip(kinds, split, strict=True) if n}
            for tail in plans(rest, deficit - count * icons, direct):
                merged = dict(paid)
                for key, value in tail.items():
                    merged[key] = merged.get(key, 0) + value
                yield merged


def plan_text(plan: Mapping[str, int]) -> str:
    """A payment plan as the rules word it (``pay silver=2,stone=1``, ``pay none``)."""
    parts = [f"{k}={plan[k]}" for k in RESOURCE_KEYS if plan.get(k)]
    return "pay " + (",".join(parts) if parts else "none")


def most_need(data: GameData, parts: Components, action: str) -> int:
    """The most icons one target of ``action`` can need (VB-6.3.4-6.3.7)."""
    if action == "trade":
        return TRADE_MOST * max(kind.rate for kind in data.board.exchanges.values())
    if action == "build":
        costs = [*data.player_board.costs.values(),
                 *(data.public_buildings[p].cost for p in parts.publics)]
        return max(costs)
    if action == "workers":
        return max(icons for icons, _ in data.player_board.noble_table)
    costs = [data.manuscripts[m].cost for m in parts.manuscripts]
    return max(costs + [seg.printed_manuscript.cost for seg in data.board.segments])


def pay_texts(data: GameData, parts: Components) -> list[str]:
    """Every payment plan of every action, for any three conversion cards in the spaces."""
    out: dict[str, None] = {"pay none": None}
    for action, direct in ACTION_PAYMENT.items():
        available = conversions(data, parts, action)
        pool = [conv for conv, copies in available for _ in range(min(copies, CARDS_IN_SPACES))]
        chosen: set[tuple[Conversion, ...]] = set()
        for size in range(min(CARDS_IN_SPACES, len(pool)) + 1):
            chosen.update(combinations_with_replacement(sorted(set(pool)), size))
        counts = {conv: pool.count(conv) for conv in pool}
        for in_use in sorted(chosen):
            if any(in_use.count(conv) > counts[conv] for conv in in_use):
                continue
            for deficit in range(1, most_need(data, parts, action) + 1):
                out.update((plan_text(p), None) for p in plans(in_use, deficit, direct))
    return sorted(out, key=_pay_order)


def _pay_order(text: str) -> tuple[int, tuple[int, ...]]:
    amounts = dict(part.split("=") for part in text.removeprefix("pay ").split(",")
                   if "=" in part)
    vector = tuple(int(amounts.get(k, 0)) for k in RESOURCE_KEYS)
    return sum(vector), vector


def catalogue(data: GameData, seats: int, expansions: str) -> list[str]:
    """Every decision a person can be offered, grouped by verb (docs/rl/viscounts.md)."""
    parts = Components(data, expansions)
    owners = seats + 1 if seats == 1 else seats          # the solo AI owns workers too
    deck = parts.deck
    tops = parts.townsfolk + parts.printed
    out: list[str] = []
    out += [f"pick {card} {hero}" for card in parts.player_cards for hero in parts.heroes]
    if parts.keys:                                       # card 7.5's setup (VK-2.8)
        out += [f"set_aside {c}" for c in parts.starters + parts.orders]
    out += [f"play {c}" for c in deck]
    out += [f"move {n}" for n in parts.printed_spaces]
    out += [f"action {a}" for a in ("trade", "build", "workers", "transcribe", "pass")]
    out += [f"dismiss {c}" for c in (*tops, "none")]
    out += [f"trade {k}" for k in range(TRADE_MOST + 1)]
    out += [f"build {slot} {spot}" for slot in parts.slots for spot in parts.spots]
    out += [f"public {p} {spot}" for p in parts.publics for spot in parts.spots]
    out += [f"workers {w}" for _, w in data.player_board.noble_table]
    out += [f"transcribe {m}" for m in parts.manuscripts + parts.printed_manuscripts]
    out += pay_texts(data, parts)
    out += [f"recruit {c}" for c in (*parts.townsfolk, *parts.orders, "pass")]
    out += [f"hire {c}" for c in (*parts.townsfolk, *parts.orders, "none")]
    out += [f"take {r}" for r in RESOURCES]
    out += ["flip debt", "flip deed"]
    for verb in ("discard", "destroy"):
        out += [f"{verb} {c}" for c in (*deck, "top", "done")]
    out += ["rearrange keep"]
    out += ["rearrange " + ",".join(str(i + 1) for i in order) for order in SPACE_ORDERS]
    out += pick_texts(data, parts.sets)
    out += [f"take_ms {m}" for m in parts.manuscripts]
    out += [f"go {n}" for n in parts.printed_spaces]
    out += [f"section {s}" for s in parts.sections]
    ring = len(parts.sections)
    out += [f"shift {parts.sections[s]} {parts.sections[(s + step) % ring]}"
            for s in range(ring) for step in (1, -1)]
    out += ["shift done"]
    out += [f"cascade {s}" for s in parts.sections]
    out += [f"bump +{k} {s}{tier}" for k in range(owners) for s in parts.sections
            for tier in (1, 2)]
    out += [f"hero {h}" for h in (parts.heroes if parts.keys else ())]
    if parts.keys:
        out += [f"chest {t} {space}" for t in parts.chests for space in (1, 2, 3)]
        out += ["chest none"]
        out += [f"cover {slot}" for slot in parts.slots]
    if parts.gates:
        out += [f"welcome {o}" for o in parts.outsiders]
        out += [f"refuse {o}" for o in parts.outsiders]
        out += ["turn begin", "turn end"]
        out += [f"spend {r}" for r in RESOURCES]
        out += [f"ribbon {r}" for r in data.cleric_bonus]
        out += ["board draw", "board rearrange", *(f"board silver {r}" for r in RESOURCES)]
    return out


class ViscountsActionCodec(ActionCodec):
    """The catalogue of :func:`catalogue`, with the relative ``rearrange`` and ``bump``."""

    def __init__(self, entries: Sequence[str], owners: int) -> None:
        super().__init__(entries)
        self.owners = owners
        """Seats that own workers: the players, and the solo AI."""

    def entry(self, state: GameState, action: str) -> str:
        """The relative entry of a ``rearrange`` or ``bump``; other decisions are entries."""
        if action.startswith("rearrange ") and action != "rearrange keep":
            spaces = self._spaces(state)
            order = action.removeprefix("rearrange ").split(",")
            for permutation in SPACE_ORDERS:
                if [spaces[i] for i in permutation] == order:
                    return "rearrange " + ",".join(str(i + 1) for i in permutation)
            raise ValueError(f"no action number for {action[:60]!r}: not an order of the "
                             f"card spaces")
        if action.startswith("bump "):
            words = action.split()
            if len(words) == 3 and words[1].isdigit() and int(words[1]) < self.owners:
                ahead = (int(words[1]) - self._seat(state)) % self.owners
                return f"bump +{ahead} {words[2]}"
        return action

    def text(self, state: GameState, entry: str) -> str:
        """The decision text of a relative entry in ``state``; ValueError for a
        rearrangement that gives the same order as an earlier one here."""
        if entry.startswith("rearrange ") and entry != "rearrange keep":
            spaces = self._spaces(state)
            permutation = tuple(int(i) - 1 for i in entry.removeprefix("rearrange ").split(","))
            order = [spaces[i] for i in permutation]
            first = next((p for p in ((0, 1, 2), *SPACE_ORDERS)
                          if [spaces[i] for i in p] == order), permutation)
            if first != permutation:
                raise ValueError(f"{entry!r} repeats another order of these card spaces")
            return "rearrange " + ",".join(order)
        if entry.startswith("bump +"):
            ahead, where = entry.removeprefix("bump +").split()
            return f"bump {(self._seat(state) + int(ahead)) % self.owners} {where}"
        return entry

    def encode(self, state: GameState, action: str) -> int:
        """The number of ``action``; most texts are their own entry (one look-up)."""
        found = self._index.get(action)
        if found is not None and not action.startswith(RELATIVE_VERBS):
            return found
        return super().encode(state, action)

    def legal_indices(self, state: GameState) -> list[int]:
        """The numbers of the legal decisions, in catalogue order."""
        index = self._index
        out = []
        for action in state.legal_actions():
            found = index.get(action)
            if found is None or action.startswith(RELATIVE_VERBS):
                found = super().encode(state, action)
            out.append(found)
        out.sort()
        return out

    @staticmethod
    def _seat(state: GameState) -> int:
        seat = _seated(state).to_move()
        if seat is None:
            raise ValueError("the game is over: no seat decides")
        return seat

    def _spaces(self, state: GameState) -> list[str]:
        """The deciding seat's own card spaces, ``-`` for an empty one (VB-7.5)."""
        player = _seated(state).position.players[self._seat(state)]
        return [card or "-" for card in player.spaces]


def _seated(state: GameState) -> Seated:
    if not hasattr(state, "position"):
        raise ValueError("a Viscounts action codec reads a Viscounts state")
    seated: Seated = state  # type: ignore[assignment]
    return seated


def _check(players: int, expansions: str) -> None:
    if not 1 <= players <= 4:
        raise ValueError(f"viscounts is for 1-4 players, not {players}")
    if expansions not in ("none", "keys", "gates", "keys,gates"):
        raise ValueError(f"unknown expansions {expansions!r}")


@cache
def _action_codec(players: int, expansions: str) -> ViscountsActionCodec:
    _check(players, expansions)
    owners = players + 1 if players == 1 else players
    return ViscountsActionCodec(catalogue(load_data(), players, expansions), owners)


def action_codec(players: int, options: Mapping[str, Any]) -> ActionCodec:
    """The action codec of ``players`` seats and checked ``options`` (built once)."""
    return _action_codec(players, str(options.get("expansions", "none")))


# ---------------------------------------------------------------------- observations
def _indices(ids: Sequence[str]) -> dict[str, int]:
    return {item: i for i, item in enumerate(ids)}


class SeatLayout:
    """Where one seat's fields start, the seat counted clockwise from the observing one."""

    def __init__(self, layout: Layout, ahead: int, parts: Components, ai: bool) -> None:
        name = f"seat{ahead}"
        who = "the solo AI" if ai else \
            "the observing seat" if ahead == 0 else f"the seat {ahead} after it, clockwise"
        kind = "scheme ids (schemes.csv)" if ai else "deck card ids"
        self.cards = _indices(sorted(load_data().schemes) if ai else parts.deck)
        add = layout.add
        first = len(layout.fields)
        add(f"{name}_amounts", len(SEAT_AMOUNTS), (
            f"{who}: " + ", ".join(SEAT_AMOUNTS) + " (numbers as they are; the hand, the draw "
            "pile and the discard pile as sizes)"))
        add(f"{name}_icons", len(ICONS), f"{who}: board icons, " + ", ".join(ICONS))
        add(f"{name}_node", 5 * len(NODE_KINDS), (
            f"{who}: the Viscount's space, one-hot by ring position (0-4) then L, R, I"))
        add(f"{name}_spaces", 3 * len(self.cards), (
            f"{who}: the card in card space 1, 2 and 3, each one-hot over the {kind} "
            "(all zero: empty)"))
        add(f"{name}_discard", len(self.cards),
            f"{who}: the discard pile (public), copies of each of the {kind}")
        add(f"{name}_covered", len(parts.slots), (
            f"{who}: 1 for each building slot still covered, in board order"))
        add(f"{name}_manuscripts", len(parts.held_manuscripts),
            f"{who}: manuscripts held, multi-hot over the manuscript ids")
        add(f"{name}_bonus", len(RIBBONS),
            f"{who}: cleric bonus cards held, " + ", ".join(RIBBONS))
        if parts.keys:
            add(f"{name}_chests", 3 * len(parts.chests), (
                f"{who}: the chest tile under card space 1, 2 and 3, one-hot over the tiles "
                "(VK-4.1)"))
            add(f"{name}_public_buildings", len(parts.publics),
                f"{who}: public buildings owned, multi-hot (VK-5.1)")
            if ai:
                add(f"{name}_ai_chests", 3 * (len(parts.ai_chests) + 1), (
                    f"{who}: each of the 3 AI chests, one-hot over the AI tiles when face up, "
                    "the last number when face down (VK-7.1)"))
        if parts.gates:
            add(f"{name}_manuscript_board", len(parts.boards),
                f"{who}: the manuscript board, one-hot (VG-2.1)")
            add(f"{name}_columns", 4, f"{who}: the 4 columns unlocked (VG-2.2)")
            add(f"{name}_builder_cards", len(parts.builders),
                f"{who}: builder cards held, multi-hot (VG-6.1)")
            add(f"{name}_outsiders", len(parts.outsiders), (
                f"{who}: outsiders owned, counts, once public at the end (VG-8.5)"))
        self.at = {field.name.removeprefix(f"{name}_"): field.start
                   for field in layout.fields[first:]}
        """Where each field starts, by its name without the seat prefix."""


SEAT_AMOUNTS = ("silver", "ink", "gold", "stone", "corruption", "virtue", "debts unpaid",
                "debts paid", "deeds acquired", "deeds approved", "cards in hand",
                "cards in the draw pile", "workers in supply", "hand limit",
                "score divided by 10", "cards in the discard pile")
"""The numbers of one seat's ``_amounts`` field, in order."""


class ViscountsObservationCodec(ObservationCodec):
    """A seat's view as numbers: the table, then every seat from the observing one
    clockwise, then the observing seat's hand (docs/rl/viscounts.md lists every field)."""

    def __init__(self, players: int, expansions: str) -> None:
        data = load_data()
        parts = self.parts = Components(data, expansions)
        self.owners = players + 1 if players == 1 else players
        owners = self.owners
        layout = Layout()
        add = layout.add
        add("turn", 2, "the round (0 in setup) and the last round once known (else 0), "
            "both divided by 10 (VB-8.2)")
        add("phase", len(PHASES), "the phase, one-hot: " + ", ".join(PHASES))
        add("current", owners, "whose turn it is, one-hot by relative seat")
        add("start", owners, "the start player, one-hot by relative seat")
        add("decider", owners, "who decides now, one-hot by relative seat "
            "(all zero once the game is over)")
        add("decision_kind", len(DECISION_KINDS),
            "the kind of the pending decision, one-hot: " + ", ".join(DECISION_KINDS))
        add("castle_leader", owners, "who leads the castle, one-hot by relative "
            "seat (VB-4.2.3)")
        add("cleric_bonus", len(RIBBONS) * owners, (
            "for each ribbon (" + ", ".join(RIBBONS) + ") who took its cleric bonus card, "
            "one-hot by relative seat (VB-6.3.7)"))
        add("poverty_prosperity", 4, (
            "debts above poverty, deeds above prosperity, poverty revealed, prosperity "
            "revealed (VB-8.1)"))
        add("ring_segment", 5 * 5, "the board segment (1-5) at each ring "
            "position, one-hot")
        add("ring_section", 5 * 5, "the castle section (A-E) facing each ring "
            "position, one-hot")
        self.exchanges = _indices(parts.exchanges)
        add("ring_trade", 5 * 2 * len(parts.exchanges), (
            "the trade exchange of each ring position's L and R space, one-hot: "
            + ", ".join(parts.exchanges)))
        tops = parts.townsfolk + parts.printed
        self.tops = _indices(tops)
        add("ring_townsfolk", 5 * len(tops), (
            "the townsfolk on top of each ring position's pile (or the printed one when "
            "empty), one-hot over the townsfolk ids"))
        self.ms_ids = _indices(parts.manuscripts)
        add("ring_manuscript", 5 * len(parts.manuscripts), (
            "the manuscript on top of each ring position's pile, one-hot (all zero: empty)"))
        add("ring_piles", 10, "townsfolk then manuscripts left in each ring "
            "position's pile (counts)")
        self.spot_ids = _indices(parts.spots)
        self.kinds = _indices(BUILDING_TYPES + parts.publics)
        add("spot_owner", len(parts.spots) * owners, (
            "the owner of the building on each building spot (" + " ".join(parts.spots)
            + "), one-hot by relative seat"))
        add("spot_building", len(parts.spots) * len(self.kinds), (
            "the building on each spot, one-hot: " + ", ".join(self.kinds)))
        self.sections = _indices(parts.sections)
        add("castle", 5 * 3 * owners, (
            "workers in the castle by section (A-E), tier (1-3) and relative seat (counts)"))
        if parts.keys:
            self.heroes = _indices(parts.heroes)
            self.chest_ids = _indices(parts.chests)
            add("hero_row", len(parts.heroes), "the face-up heroes, "
                "multi-hot (VK-3.1)")
            add("chest_row", len(parts.chests), "the face-up chest tiles, "
                "multi-hot (VK-4.1)")
            add("keys_piles", 2, "heroes in the hero deck, tiles in the "
                "chest pile (counts)")
            self.public_ids = _indices(parts.publics)
            add("public_owner", len(parts.publics) * owners, (
                "the owner of each public building (" + ", ".join(parts.publics)
                + "), one-hot by relative seat"))
        if parts.gates:
            self.outsider_ids = _indices(parts.outsiders)
            add("gates_piles", 2, "king's orders left, outsiders in the "
                "outsider deck (counts)")
            add("outsider_row", len(parts.outsiders),
                "the face-up outsiders, multi-hot (VG-4.2)")
            self.leader_ids = _indices(parts.leaders)
            add("castle_leader_card", len(parts.leaders),
                "the Gates castle leader card in play, one-hot (VG-3.2)")
            self.builder_ids = _indices(parts.builders)
            add("builder_cards_open", len(parts.builders),
                "the builder cards in play not yet taken (VG-3.3, VG-6.1)")
            self.ribbon_ids = _indices(RIBBONS)
            self.any_ribbon = _indices(parts.any_ribbon)
            add("ribbon_choices", len(parts.any_ribbon) * len(RIBBONS), (
                "the colour chosen for each any-ribbon manuscript (" + ", ".join(parts.any_ribbon)
                + "), one-hot (VG-2.4)"))
        self.held_ms = _indices(parts.held_manuscripts)
        self.boards = _indices(parts.boards)
        self.ai_chest_ids = _indices(parts.ai_chests)
        self.seats = [SeatLayout(layout, ahead, parts, players == 1 and ahead == 1)
                      for ahead in range(owners)]
        add("own_hand", len(parts.deck),
            "the observing seat's hand, copies of each deck card id")
        self.deck_ids = _indices(parts.deck)
        self.phases = _indices(PHASES)
        self.kinds_of_decision = _indices(DECISION_KINDS)
        super().__init__(layout.fields)   # the layout: docs/rl/viscounts.md
        self.at = {field.name: field.start for field in self.fields}
        """Where each field starts, by name."""
        self._rings: dict[tuple[object, ...], tuple[int, ...]] = {}

    def encode(self, view: JsonDict, seat: int) -> list[float]:
        """``seat``'s view as :attr:`size` numbers (the view alone: VB-2.2.1)."""
        owners = self.owners
        if not 0 <= seat < owners or view.get("viewer") != seat:
            raise ValueError(f"a view of seat {view.get('viewer')} does not encode as seat {seat}")
        out = [0.0] * self.size
        at = self.at
        out[at["turn"]] = view["round"] / SCALE
        out[at["turn"] + 1] = view["last_round"] / SCALE
        out[at["phase"] + self.phases[view["phase"]]] = 1.0
        out[at["current"] + (view["current"] - seat) % owners] = 1.0
        out[at["start"] + (view["start"] - seat) % owners] = 1.0
        decision = view["decision"]
        if decision is not None:
            out[at["decider"] + (decision["player"] - seat) % owners] = 1.0
            out[at["decision_kind"] + self.kinds_of_decision[decision["kind"]]] = 1.0
        if view["leader"] >= 0:
            out[at["castle_leader"] + (view["leader"] - seat) % owners] = 1.0
        for ribbon, owner in view["cleric_bonus"].items():
            out[at["cleric_bonus"] + RIBBON_INDEX[ribbon] * owners + (owner - seat) % owners] = 1.0
        base = at["poverty_prosperity"]
        out[base:base + 4] = map(float, (
            view["debts_above_poverty"], view["deeds_above_prosperity"],
            view["poverty_revealed"], view["prosperity_revealed"]))
        self._ring(view["ring"], seat, out)
        castle = view["castle"]
        start = at["castle"]
        out[start:start + 15 * owners] = [   # each count list rotated: the observing seat first
            float(n) for section in self.parts.sections for counts in castle[section]
            for n in counts[seat:] + counts[:seat]]
        if self.parts.keys:
            self._keys(view["keys"], seat, out)
        if self.parts.gates:
            self._gates(view["gates"], out)
        scores = view["scores"]
        seats = self.seats
        for owner, player in enumerate(view["players"]):
            self._seat(seats[(owner - seat) % owners], player, scores[owner], out)
        hand, deck_ids = at["own_hand"], self.deck_ids
        for card in view["players"][seat]["hand"]:
            out[hand + deck_ids[card]] += 1.0
        return out

    def _ring(self, ring: list[JsonDict], seat: int, out: list[float]) -> None:
        owners, kinds = self.owners, self.kinds
        at = self.at
        geometry = self._geometry(ring)
        for index in geometry:
            out[index] = 1.0
        tops, tops_at, tops_width = self.tops, at["ring_townsfolk"], len(self.tops)
        ms_ids, ms_at, ms_width = self.ms_ids, at["ring_manuscript"], len(self.ms_ids)
        piles, spot_ids = at["ring_piles"], self.spot_ids
        owner_at, kind_at, kind_width = at["spot_owner"], at["spot_building"], len(kinds)
        for p, entry in enumerate(ring):
            out[tops_at + p * tops_width + tops[entry["townsfolk_top"]]] = 1.0
            top = entry["manuscript_top"]
            if top is not None:
                out[ms_at + p * ms_width + ms_ids[top]] = 1.0
            out[piles + p] = float(entry["townsfolk_left"])
            out[piles + 5 + p] = float(entry["manuscripts_left"])
            for spot, here in entry["spots"].items():
                if here is not None:
                    index = spot_ids[spot]
                    out[owner_at + index * owners + (here[0] - seat) % owners] = 1.0
                    out[kind_at + index * kind_width + kinds[here[1]]] = 1.0

    def _geometry(self, ring: list[JsonDict]) -> tuple[int, ...]:
        """The ones of the ring's fixed parts (segments, sections, exchanges): a game's ring
        never changes (VB-5.1), so it is worked out once per segment order and rotation."""
        key = (*(entry["segment"] for entry in ring), ring[0]["section"])
        found = self._rings.get(key)
        if found is None:
            at, width = self.at, len(self.exchanges)
            ones: list[int] = []
            for p, entry in enumerate(ring):
                ones.append(at["ring_segment"] + p * 5 + entry["segment"] - 1)
                ones.append(at["ring_section"] + p * 5 + self.sections[entry["section"]])
                trade = entry["trade"]
                ones.append(at["ring_trade"] + p * 2 * width + self.exchanges[trade["L"]])
                ones.append(at["ring_trade"] + (p * 2 + 1) * width + self.exchanges[trade["R"]])
            found = self._rings[key] = tuple(ones)
        return found

    def _keys(self, keys: JsonDict, seat: int, out: list[float]) -> None:
        at, owners = self.at, self.owners
        for hero in keys["hero_row"]:
            out[at["hero_row"] + self.heroes[hero]] = 1.0
        for tile in keys["chest_row"]:
            out[at["chest_row"] + self.chest_ids[tile]] = 1.0
        out[at["keys_piles"]] = float(keys["hero_deck"])
        out[at["keys_piles"] + 1] = float(keys["chest_pile"])
        for public, owner in keys["public_buildings"].items():
            if owner is not None:
                start = at["public_owner"] + self.public_ids[public] * owners
                out[start + (owner - seat) % owners] = 1.0

    def _gates(self, gates: JsonDict, out: list[float]) -> None:
        at = self.at
        out[at["gates_piles"]] = float(gates["kings_orders"])
        out[at["gates_piles"] + 1] = float(gates["outsider_deck"])
        for outsider in gates["outsider_row"]:
            out[at["outsider_row"] + self.outsider_ids[outsider]] = 1.0
        out[at["castle_leader_card"] + self.leader_ids[gates["castle_leader"]]] = 1.0
        for card, owner in gates["builder_cards"].items():
            if owner is None:
                out[at["builder_cards_open"] + self.builder_ids[card]] = 1.0
        for manuscript, colour in gates["ribbon_choices"].items():
            start = at["ribbon_choices"] + self.any_ribbon[manuscript] * len(RIBBONS)
            out[start + RIBBON_INDEX[colour]] = 1.0

    def _seat(self, fields: SeatLayout, player: JsonDict, score: int, out: list[float]) -> None:
        at = fields.at
        start = at["amounts"]
        hand = player["hand"]
        out[start:start + 16] = map(float, (
            player["silver"], player["ink"], player["gold"], player["stone"],
            player["corruption"], player["virtue"], player["debts_unpaid"],
            player["debts_paid"], player["deeds_acquired"], player["deeds_approved"],
            hand if hand.__class__ is int else len(hand), player["draw"], player["supply"],
            player["hand_limit"], score / SCALE, len(player["discard"])))
        start = at["icons"]
        out[start:start + 5] = map(float, ICON_VALUES(player["icons"]))
        node = player["node"]
        if node:
            out[at["node"] + NODE_INDEX[node]] = 1.0
        cards, count = fields.cards, len(fields.cards)
        start = at["spaces"]
        for card in player["spaces"]:
            if card is not None:
                out[start + cards[card]] = 1.0
            start += count
        start = at["discard"]
        for card in player["discard"]:
            out[start + cards[card]] += 1.0
        start = at["covered"]
        covered = player["covered"]
        out[start:start + len(covered)] = map(float, covered)
        start, held = at["manuscripts"], self.held_ms
        for manuscript in player["manuscripts"]:
            out[start + held[manuscript]] = 1.0
        for ribbon in player["bonus"]:
            out[at["bonus"] + RIBBON_INDEX[ribbon]] = 1.0
        if "chests" in at:
            self._seat_keys(at, player, out)
        if "manuscript_board" in at:
            self._seat_gates(at, player, out)

    def _seat_keys(self, at: dict[str, int], player: JsonDict, out: list[float]) -> None:
        tiles, chest_ids = len(self.parts.chests), self.chest_ids
        for space, tile in enumerate(player["chests"]):
            if tile in chest_ids:
                out[at["chests"] + space * tiles + chest_ids[tile]] = 1.0
        for public in player["public_buildings"]:
            out[at["public_buildings"] + self.public_ids[public]] = 1.0
        if "ai_chests" in at and "ai_chests" in player:
            width = len(self.ai_chest_ids) + 1
            for index, tile in enumerate(player["ai_chests"]):
                offset = self.ai_chest_ids.get(tile, width - 1)
                out[at["ai_chests"] + index * width + offset] = 1.0

    def _seat_gates(self, at: dict[str, int], player: JsonDict, out: list[float]) -> None:
        board = player["manuscript_board"]
        if board is not None:
            out[at["manuscript_board"] + self.boards[board]] = 1.0
        start = at["columns"]
        out[start:start + 4] = map(float, player["columns_unlocked"])
        for card in player["builder_cards"]:
            out[at["builder_cards"] + self.builder_ids[card]] = 1.0
        for outsider in player.get("outsiders", ()):
            out[at["outsiders"] + self.outsider_ids[outsider]] += 1.0


RIBBON_INDEX = {ribbon: i for i, ribbon in enumerate(RIBBONS)}
NODE_INDEX = {f"{p}.{kind}": p * len(NODE_KINDS) + k for p in range(5)
              for k, kind in enumerate(NODE_KINDS)}
ICON_VALUES = itemgetter(*ICONS)


@cache
def _observation_codec(players: int, expansions: str) -> ViscountsObservationCodec:
    _check(players, expansions)
    return ViscountsObservationCodec(players, expansions)


def observation_codec(players: int, options: Mapping[str, Any]) -> ObservationCodec:
    """The observation codec of ``players`` seats and checked ``options`` (built once)."""
    return _observation_codec(players, str(options.get("expansions", "none")))
