"""Every card of the base set, exercised through the engine (one behaviour per test).

Which rows are "base" (read from the data, never from a hand-made list):

* townsfolk: ``townsfolk.csv`` rows whose ``set`` is ``Starter`` (the 8 starting designs) or
  ``Base`` (the 68 neutral cards); ``KeysStarter``, ``Keys``, ``Gates`` and promos are not;
* heroes: ``heroes.csv`` rows with ``set == "Base"`` (10);
* manuscripts: ``manuscripts.csv`` rows with ``set == "Base"`` (M01-M35);
* player cards: ``player_cards.csv`` rows with ``set == "Base"`` (1-10);
* cleric bonus cards: every row of ``cleric_bonus_cards.csv`` (the file has no set column; all
  four are base components, VB-1.3);
* castle leader: ``castle_leaders.csv`` rows with ``set == "Base"`` (CL0, the card the base game
  uses through ``castle.toml``); CL1-CL6 are Gates of Gold;
* schemes: ``schemes.csv`` rows with ``set == "Base"`` (SS1-SS8, FS1-FS8); SK1 is Keeper of Keys.

How a card is exercised: every non-empty effect column goes through the engine's own path --
an ``instant`` effect by playing the card from hand in phase 1 (begin_manage, VB-6.1), a
``dropoff`` by shifting it out of space 3, a ``recruit_effect`` by hiring it in phase 4, an
``ongoing`` trigger by taking the triggering action (or event) with and without the card, an
icon conversion by funding an action that only the conversion makes affordable; manuscripts are
transcribed (immediate effect) and scored from a hand-built final state; player cards are
picked in setup; schemes are revealed in an AI turn.  Every ``one_of`` is tested once per branch.

The expected change of an effect comes from :class:`Oracle`, a small independent simulation of
the closed vocabulary over a snapshot of the position (counters, zones, castle, spots).  The
test compares the whole snapshot, so an effect that does too much fails as well as one that
does too little.  Clause ids are in each test's parametrised id and docstring.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from keepers.games.viscounts import GAME, ViscountsState
from keepers.games.viscounts.data import CardDef, load_data
from keepers.games.viscounts.effects import ICONS, Term, parse_icons, parse_scoring
from keepers.games.viscounts.scoring import final_scores, icon_total
from keepers.games.viscounts.tasks import Choice, term_of

from .conftest import blank_game
from .test_solo import solo

DATA = load_data()

BASE_TOWNSFOLK = [c for c in DATA.townsfolk.values() if c.set in ("Starter", "Base")]
BASE_HEROES = [h for h in DATA.heroes.values() if h.set == "Base"]
BASE_CARDS = BASE_TOWNSFOLK + BASE_HEROES
BASE_MANUSCRIPTS = [m for m in DATA.manuscripts.values() if m.set == "Base"]
BASE_PLAYER_CARDS = [p for p in DATA.player_cards.values() if p.set == "Base"]
BASE_CLERIC_BONUS = list(DATA.cleric_bonus.values())
BASE_LEADERS = [le for le in DATA.leaders.values() if le.set == "Base"]
BASE_SCHEMES = [s for s in DATA.schemes.values() if s.set == "Base"]

FILLER = "TF-S-abbot"            # hand fillers: all four are worth 2 silver, no effect when held
FILLERS = ["TF-S-abbot", "TF-S-journeyman", "TF-S-labourer", "TF-S-squire"]
ANTAGONIST = "TF-B-antagonist"   # criminal*2, no ongoing ability: funds actions for free

# Clause of each effect term (spec section 7 / 10), cited in the generated test ids.
TERM_CLAUSE = {
    "gain": "VB-7.1", "gain_resource": "VB-2.1.1", "gain_virtue": "VB-2.5.1",
    "gain_corruption": "VB-2.5.1", "gain_debt": "VB-7.10", "gain_deed": "VB-7.10",
    "flip": "VB-7.9", "discard": "VB-7.3", "destroy": "VB-7.4", "rearrange": "VB-7.5",
    "shuffle": "VB-7.6", "draw": "VB-7.7", "hire_free": "VB-7.8", "move_worker_tier1": "VB-7.12",
    "place_workers": "VB-7.11", "build_free": "VB-7.13", "gain_manuscript": "VB-7.14",
    "one_of": "VB-10.3", "all_of": "VB-10.3", "ai_dismiss": "VS-4.6",
    "ai_future_scheme": "VS-4.5", "ai_criminal_surcharge": "VS-2.3",
}


def clauses(term: Term) -> str:
    """The clause ids of every term name inside ``term`` (for test ids)."""
    found = sorted({TERM_CLAUSE[t.name] for t in term.walk() if t.name in TERM_CLAUSE})
    return "+".join(found) if found else "VB-10.2"


def pick_paths(term: Term) -> list[list[str]]:
    """Every sequence of ``one_of`` branch texts the term can resolve with (resolution order)."""
    if term.name == "one_of":
        return [[str(b)] + rest for b in term.subterms() for rest in pick_paths(b)]
    if term.name == "all_of":
        out: list[list[str]] = [[]]
        for part in term.subterms():
            out = [a + b for a in out for b in pick_paths(part)]
        return out
    if term.name.startswith("on_"):
        return pick_paths(term.sub(0))
    return [[]]


# ============================================================================ driving the engine

@dataclass
class Policy:
    """Deterministic answers for the human's choices; ``one_of`` branches come from ``picks``."""

    picks: list[str] = field(default_factory=list)
    fixed: dict[str, str] = field(default_factory=dict)     # choice kind -> exact option

    def __call__(self, state: ViscountsState, choice: Choice) -> str:
        options = choice.options
        kind = choice.kind
        if kind in self.fixed:
            return self.fixed[kind]
        if kind == "pick":
            assert self.picks, f"unexpected one_of: {options}"
            return f"pick {self.picks.pop(0)}"
        if kind == "resource":
            return "take ink"
        if kind == "flip":
            return "flip debt" if "flip debt" in options else options[0]
        if kind in ("discard", "destroy"):
            return next(o for o in options if not o.endswith((" top", " done")))
        if kind == "rearrange":
            spaces = state.players[choice.player].spaces
            wanted = "rearrange " + ",".join(c or "-" for c in reversed(spaces))
            return wanted if wanted in options else "rearrange keep"
        if kind == "section":
            return "section A"
        if kind == "dismiss":
            return "dismiss none"
        return options[0]


def run(state: ViscountsState, policy: Policy,
        stop: Callable[[tuple[Any, ...]], bool] | None = None) -> list[str]:
    """Resolve the stack like the engine's settle loop, answering with ``policy``.

    Stops when the stack is empty (no phase change) or ``stop(top task)`` is true.
    Returns the kinds of the choices asked of the human.
    """
    kinds = []
    while state.stack:
        task = state.stack[-1]
        if stop is not None and stop(task):
            break
        choice = state._step(task)
        if choice is None:
            continue
        if not choice.options:
            state.stack.pop()
            continue
        if state.players[choice.player].is_ai:
            option = state.ai_pick(choice)
        else:
            kinds.append(choice.kind)
            option = policy(state, choice)
        assert option in choice.options, (option, choice)
        state._choose(task, option)
    state._choice = None
    state._legal = None
    return kinds


# ============================================================================ snapshot and oracle

SCALARS = ("silver", "ink", "gold", "stone", "corruption", "virtue", "debts_unpaid",
           "debts_paid", "deeds_acquired", "deeds_approved", "supply")


def snapshot(state: ViscountsState, seat: int = 0) -> dict[str, Any]:
    """Everything a card effect can change for ``seat`` (and the shared piles it touches)."""
    player = state.players[seat]
    snap: dict[str, Any] = {k: getattr(player, k) for k in SCALARS}
    snap.update(
        node=player.node,
        hand=list(player.hand), draw=list(player.draw), discard=list(player.discard),
        spaces=list(player.spaces), covered=list(player.covered),
        manuscripts=list(player.manuscripts), bonus=list(player.bonus),
        removed=list(state.removed),
        castle=[[state.castle[s][t][seat] for t in range(3)] for s in range(5)],
        spots={k: tuple(v) for k, v in state.spots.items()},
        tf_piles=[list(p) for p in state.tf_piles],
        ms_piles=[list(p) for p in state.ms_piles],
        future=list(state.ai.get("future", [])),
    )
    return snap


MULTISETS = ("hand", "draw", "discard", "removed")


def comparable(snap: dict[str, Any]) -> dict[str, Any]:
    """Zones whose order is hidden or irrelevant compared as multisets."""
    return {k: (sorted(v) if k in MULTISETS else v) for k, v in snap.items()}


class Oracle:
    """Independent model of the closed vocabulary over a snapshot (the expected result).

    It answers every choice the way :class:`Policy` does (first hand card, debt before
    deed, ink as the resource, the reversed order for a rearrangement, section A, the
    first visible townsfolk / manuscript / spot) and the solo AI the way VS-4.2-4.6 say.
    """

    def __init__(self, state: ViscountsState, sim: dict[str, Any], seat: int = 0,
                 picks: Iterable[str] = (), setup: bool = False) -> None:
        self.state = state
        self.sim = sim
        self.seat = seat
        self.picks = list(picks)
        self.ai = state.players[seat].is_ai
        self.setup = setup

    # --------------------------------------------------------------- helpers
    def criminals(self) -> int:
        if self.ai:
            return sum(DATA.schemes[c].header_icons.get("criminal", 0)
                       for c in self.sim["spaces"] if c)
        return sum(DATA.card(c).icon_count("criminal") for c in self.sim["spaces"] if c)

    def virtue(self, n: int) -> None:
        s = self.sim
        for _ in range(n):
            if s["corruption"] == s["virtue"]:
                if s["corruption"] > 1:
                    s["corruption"] -= 1
                    s["virtue"] -= 1
            elif s["virtue"] > s["corruption"]:
                s["virtue"] -= 1

    def corruption(self, n: int) -> None:
        s = self.sim
        for _ in range(n):
            if s["corruption"] == s["virtue"]:
                if s["virtue"] < 7:
                    s["corruption"] += 1
                    s["virtue"] += 1
            elif s["corruption"] < s["virtue"]:
                s["corruption"] += 1

    def owned(self) -> int:
        s = self.sim
        return len(s["hand"]) + len(s["draw"]) + len(s["discard"]) + sum(1 for c in s["spaces"]
                                                                          if c)

    def resource(self, n: int = 1) -> None:
        self.sim["ink"] += n

    # --------------------------------------------------------------- terms
    def apply(self, term: Term | str, source: str = "") -> None:
        if isinstance(term, str):
            term = term_of(term)
        s = self.sim
        name = term.name
        if name == "none":
            return
        if name == "all_of":
            for part in term.subterms():
                self.apply(part, source)
        elif name == "one_of":
            branch = self.picks.pop(0)
            assert branch in [str(b) for b in term.subterms()]
            self.apply(branch, source)
        elif name == "gain":
            for key, value in term.kwargs:
                if self.ai and key == "silver":
                    self.resource(int(value) // 2)
                else:
                    s[key] += int(value)
        elif name == "gain_resource":
            self.resource(term.int_arg(0))
        elif name == "gain_virtue":
            self.virtue(term.int_arg(0))
        elif name == "gain_corruption":
            self.corruption(term.int_arg(0))
        elif name == "gain_debt":
            s["debts_unpaid"] += term.int_arg(0)
        elif name == "gain_deed":
            s["deeds_acquired"] += term.int_arg(0)
        elif name == "flip":
            for _ in range(term.int_arg(1)):
                self.flip(term.word(0))
        elif name == "discard":
            if self.ai:
                self.virtue(1)
                return
            for _ in range(term.int_arg(0)):
                if s["hand"]:
                    card = sorted(s["hand"])[0]
                    s["hand"].remove(card)
                    s["discard"].append(card)
        elif name == "destroy":
            if self.ai:
                self.flip("either")
                return
            for _ in range(term.int_arg(0)):
                if s["hand"] and self.owned() > 3:
                    card = sorted(s["hand"])[0]
                    s["hand"].remove(card)
                    s["removed"].append(card)
                    s["silver"] += DATA.card(card).silver
        elif name == "rearrange":
            if self.ai:
                self.resource(1)
            else:
                s["spaces"] = list(reversed(s["spaces"]))
        elif name == "shuffle":
            if s["discard"]:
                s["draw"] = s["draw"] + s["discard"]
                s["discard"] = []
                if self.criminals():
                    self.corruption(1)
                else:
                    self.virtue(1)
        elif name == "draw":
            for _ in range(term.int_arg(0)):
                s["hand"].append(s["draw"].pop())
        elif name == "hire_free":
            for _ in range(term.int_arg(0)):
                self.hire()
        elif name == "move_worker_tier1":
            section = next(i for i in range(5) if s["castle"][i][0])
            s["castle"][section][0] -= 1
            s["castle"][(section + 1) % 5][0] += 1
        elif name == "place_workers":
            placed = min(term.int_arg(0), s["supply"])
            s["supply"] -= placed
            s["castle"][0][0] += placed
        elif name == "build_free":
            self.build_free(term)
        elif name == "gain_manuscript":
            costs = {int(c) for c in term.word(0).split("|")}
            for position, pile in enumerate(s["ms_piles"]):
                if pile and DATA.manuscripts[pile[-1]].cost in costs:
                    self.take_manuscript(position)
                    break
        elif name == "ai_future_scheme":
            if s["future"]:
                s["discard"].append(s["future"].pop())
            else:
                self.flip("either")
        elif name == "ai_dismiss":
            position = int(s["node"].split(".")[0])
            card = s["tf_piles"][position].pop()
            s["removed"].append(card)
            self.apply(DATA.card(card).recruit, card)
        elif name == "ai_criminal_surcharge":
            self.corruption(self.criminals())
        else:
            raise NotImplementedError(name)

    def flip(self, kind: str) -> None:
        s = self.sim
        if kind in ("debt", "either") and s["debts_unpaid"]:
            if self.ai and kind == "either" and s["debts_paid"] > s["deeds_approved"] \
                    and s["deeds_acquired"]:
                s["deeds_acquired"] -= 1
                s["deeds_approved"] += 1
                return
            s["debts_unpaid"] -= 1
            s["debts_paid"] += 1
            self.resource(1)
        elif kind in ("deed", "either") and s["deeds_acquired"]:
            s["deeds_acquired"] -= 1
            s["deeds_approved"] += 1
        elif self.ai:
            self.virtue(1)

    def hire(self) -> None:
        s = self.sim
        position = next(p for p, pile in enumerate(s["tf_piles"]) if pile)
        card = s["tf_piles"][position].pop()
        s["discard"].append(card)
        self.apply(DATA.card(card).recruit, card)

    def take_manuscript(self, position: int) -> None:
        s = self.sim
        ms = s["ms_piles"][position].pop()
        s["manuscripts"].append(ms)
        self.apply(DATA.manuscripts[ms].immediate, ms)

    def build_free(self, term: Term) -> None:
        s = self.sim
        geo = self.state.geo
        btype, at = term.word(0), term.kw("at", "any")
        if at == "viscount":
            spots = geo.group_spots(s["node"])
        elif at.startswith("space:"):
            spots = geo.group_spots(geo.node_of(at.removeprefix("space:")))
        else:
            spots = [sp.id for sp in geo.all_spots()]
        spots = [sp for sp in spots if sp not in s["spots"]]
        slots = [i for i, sl in enumerate(DATA.player_board.slots)
                 if s["covered"][i] and btype in ("any", sl.type)]
        if not spots or not slots:
            return
        index, spot = slots[0], spots[0]
        s["covered"][index] = False
        s["spots"][spot] = (self.seat, DATA.player_board.slots[index].type)
        self.apply(geo.spot(spot).bonus)
        for a, b, reward in geo.links():
            if spot in (a, b):
                other = s["spots"].get(b if a == spot else a)
                if other is not None:
                    assert other[0] == self.seat, "link with an opponent: not modelled"
                    self.apply(reward)


def expect(state: ViscountsState, before: dict[str, Any], term: Term | str,
           picks: Iterable[str] = (), seat: int = 0) -> dict[str, Any]:
    """The oracle's result of ``term`` applied to the snapshot ``before``."""
    sim = {k: (list(v) if isinstance(v, list) else v) for k, v in before.items()}
    sim["castle"] = [list(t) for t in before["castle"]]
    sim["spots"] = dict(before["spots"])
    sim["tf_piles"] = [list(p) for p in before["tf_piles"]]
    sim["ms_piles"] = [list(p) for p in before["ms_piles"]]
    oracle = Oracle(state, sim, seat, picks)
    oracle.apply(term)
    assert not oracle.picks, "unused one_of picks"
    return sim


def assert_same(actual: dict[str, Any], expected: dict[str, Any]) -> None:
    """Every field equal; the differing ones named in the failure."""
    a, e = comparable(actual), comparable(expected)
    diff = {k: (a[k], e[k]) for k in e if a[k] != e[k]}
    assert not diff, f"actual vs expected: {diff}"


# ============================================================================ positions

def position(players: int = 2) -> ViscountsState:
    """A blank game where every simple effect can happen for seat 0.

    Hand of four 2-silver starting cards, a draw and a discard pile, 2 unpaid debts and 2
    unflipped deeds, markers 1/7, one worker in castle section C tier 1, every townsfolk
    pile topped by a starting card (no hire effect), one 4-cost manuscript visible.
    """
    state = blank_game(players)
    player = state.players[0]
    player.hand = list(FILLERS)
    player.draw = ["TF-S-squire", "TF-S-abbot"]
    player.discard = ["TF-S-labourer"]
    player.debts_unpaid, player.deeds_acquired = 2, 2
    player.node = "0.L"
    state.castle[2][0][0] = 1
    player.supply = 19
    state.tf_piles = [["TF-S-journeyman", "TF-S-abbot"], ["TF-S-squire"], ["TF-S-labourer"],
                      ["TF-S-squire"], ["TF-S-labourer"]]
    state.ms_piles = [[], ["M02"], [], [], []]
    state.current = 0
    state.phase = "action"
    state.stack = []
    return state


def _cases(cards: Iterable[CardDef], column: str, clause: str) -> list[Any]:
    """One pytest param per card (and per ``one_of`` branch path) with a non-empty column."""
    out = []
    for card in cards:
        term: Term = getattr(card, column)
        if term.name == "none":
            continue
        paths = pick_paths(term)
        for index, picks in enumerate(paths):
            suffix = f"-branch{index + 1}" if len(paths) > 1 else ""
            out.append(pytest.param(card.id, picks,
                                    id=f"{card.id}{suffix}-{clause}+{clauses(term)}"))
    return out


def _all_cards_cases() -> list[Any]:
    out = []
    for card in BASE_CARDS:
        paths = pick_paths(card.instant)
        for index, picks in enumerate(paths):
            suffix = f"-branch{index + 1}" if len(paths) > 1 else ""
            out.append(pytest.param(card.id, picks, id=f"{card.id}{suffix}-VB-6.1.2+VB-6.1.4"
                                    f"+VB-6.2.1+VB-R21+{clauses(card.instant)}"))
    return out


# ============================================================================ townsfolk and heroes

@pytest.mark.parametrize(("card_id", "picks"), _all_cards_cases())
def test_card_played_from_hand(card_id: str, picks: list[str]) -> None:
    """VB-6.1.2 / VB-6.1.3 / VB-6.1.4 / VB-R21 / VB-6.2.1 / VB-R29 / VB-2.2.2: playing a card
    puts it in space 1, charges 1 corruption per criminal on the board if it is a criminal,
    then resolves its immediate effect; its printed silver is the move distance and its
    printed icons count on the board."""
    card = DATA.card(card_id)
    state = position()
    player = state.players[0]
    player.hand = list(FILLERS) + [card_id]
    player.spaces = ["TF-S-squire", "TF-S-abbot", None]
    before = snapshot(state)
    state.begin_manage(0)
    run(state, Policy(picks=list(picks), fixed={"play": f"play {card_id}"}))

    sim_start = dict(before, hand=list(FILLERS), spaces=[card_id, "TF-S-squire", "TF-S-abbot"])
    surcharge = card.icon_count("criminal")      # squire and abbot carry no criminal
    sim_start["corruption"] = min(before["corruption"] + surcharge, before["virtue"])
    expected = expect(state, sim_start, card.instant, picks)
    assert_same(snapshot(state), expected)
    assert state.turn["distance"] == card.silver
    player.spaces = [card_id, "TF-S-squire", "TF-S-abbot"]
    played = state.icons(0)
    player.spaces[0] = None
    without = state.icons(0)
    assert {i: played[i] - without[i] for i in ICONS} == {i: card.icon_count(i) for i in ICONS}


@pytest.mark.parametrize(("card_id", "picks"), _cases(BASE_CARDS, "dropoff", "VB-6.1.1"))
def test_card_dropoff(card_id: str, picks: list[str]) -> None:
    """VB-6.1.1 / VB-6.1.6 / VB-6.1.7: a card shifted out of space 3 goes to the discard pile
    and its drop-off effect resolves before the new card is played."""
    card = DATA.card(card_id)
    state = position()
    player = state.players[0]
    player.spaces = ["TF-S-squire", "TF-S-abbot", card_id]
    before = snapshot(state)
    state.begin_manage(0)
    run(state, Policy(picks=list(picks)), stop=lambda task: task[0] == "play")
    assert state.stack and state.stack[-1] == ("play", 0)

    start = dict(before, spaces=[None, "TF-S-squire", "TF-S-abbot"],
                 discard=before["discard"] + [card_id])
    assert_same(snapshot(state), expect(state, start, card.dropoff, picks))


@pytest.mark.parametrize(("card_id", "picks"),
                         _cases(BASE_TOWNSFOLK, "recruit", "VB-6.4.1"))
def test_card_hired_in_recruit_phase(card_id: str, picks: list[str]) -> None:
    """VB-6.4.1 / VB-6.4.2: hiring pays the printed silver, puts the card in the discard pile
    and resolves its top-right effect."""
    card = DATA.card(card_id)
    state = position()
    player = state.players[0]
    player.spaces = ["TF-S-squire", "TF-S-abbot", None]
    player.silver = card.silver + 1
    state.tf_piles[0].append(card_id)
    before = snapshot(state)
    state.stack = [("recruit", 0)]
    state.phase = "recruit"
    run(state, Policy(picks=list(picks), fixed={"recruit": f"recruit {card_id}"}))

    piles = [list(p) for p in before["tf_piles"]]
    piles[0].pop()
    start = dict(before, silver=1, discard=before["discard"] + [card_id], tf_piles=piles)
    assert_same(snapshot(state), expect(state, start, card.recruit, picks))


def _dismiss_action(card: CardDef) -> str:
    if card.icon_count("merchant") or card.icon_count("criminal"):
        return "trade"
    for icon, action in (("builder", "build"), ("noble", "workers"), ("cleric", "transcribe")):
        if card.icon_count(icon):
            return action
    raise AssertionError(card.id)


@pytest.mark.parametrize(("card_id", "picks"),
                         _cases(BASE_TOWNSFOLK, "recruit", "VB-6.3.3"))
def test_card_dismissed_for_an_action(card_id: str, picks: list[str]) -> None:
    """VB-6.3.3 / VB-R03: dismissing the adjacent card (printed icon of the action or a
    criminal) pays its silver, removes it from the game, resolves its top-right effect at
    once, then the action is taken."""
    card = DATA.card(card_id)
    action = _dismiss_action(card)
    state = position()
    player = state.players[0]
    player.node = "0.I" if action in ("workers", "transcribe") else "0.L"
    player.spaces = [ANTAGONIST, ANTAGONIST, None]          # 4 criminals: the action is free
    player.silver = card.silver
    state.tf_piles[0].append(card_id)
    state.ms_piles[0] = ["M02"]
    spot = state.geo.group_spots("0.L")[0]
    target = {"trade": "trade 0", "build": f"build WS1 {spot}", "workers": "workers 1",
              "transcribe": "transcribe M02"}[action]
    before = snapshot(state)
    state.stack = [("act", 0, action, 1)]
    run(state, Policy(picks=list(picks), fixed={"dismiss": f"dismiss {card_id}",
                                                "target": target, "pay": "pay none"}))

    piles = [list(p) for p in before["tf_piles"]]
    piles[0].pop()
    start = dict(before, silver=0, removed=before["removed"] + [card_id], tf_piles=piles)
    expected = expect(state, start, card.recruit, picks)
    oracle = Oracle(state, expected)
    if action == "build":
        oracle.apply(Term("build_free", ("workshop",), (("at", "viscount"),)))
    elif action == "workers":
        expected["supply"] -= 1
        expected["castle"][state.geo.section_at(0)][0] += 1
    elif action == "transcribe":
        oracle.take_manuscript(0)
    assert_same(snapshot(state), expected)
    assert card_id in state.removed and state.turn["dismissed"]
