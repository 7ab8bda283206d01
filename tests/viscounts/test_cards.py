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
an ``instant`` effect by playing the card from hand in phase 1 (begin_manage, VB-6.1; every
card, also checking its move distance, criminal surcharge and board icons), a ``dropoff`` by
shifting it out of space 3, a ``recruit_effect`` by hiring it in phase 4, by dismissing it for
an action and by the AI's ``ai_dismiss``, an ``ongoing`` trigger by taking the triggering action
(or event) with the card in space 1 or 3, in hand, and without it, an icon conversion by
funding an action that only the conversion makes affordable; manuscripts are transcribed
(immediate effect) and scored from a hand-built final state; player cards are picked in setup;
cleric bonus cards are claimed by a third manuscript of their ribbon; the castle leader by a
tier-3 arrival; schemes are revealed in an AI turn (rows, move, action row: the first option
when affordable, the last when nothing else is) and their header icons counted.  Every
``one_of`` is tested once per branch.  A few hand-written tests check the data notes (Financier,
Antagonist, Bertha, Benefactor, Clovis, Peddler, Ada, Rudolf, Journeyman).

The expected change of an effect comes from :class:`Oracle`, a small independent simulation of
the closed vocabulary over a snapshot of the position (counters, zones, castle, spots).  The
test compares the whole snapshot, so an effect that does too much fails as well as one that
does too little.  Clause ids are in each test's parametrised id and docstring.

Regression: ``one_of`` must not offer a ``destroy`` part at the three-card floor (VB-10.3,
VB-2.2.3); the engine once did.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from keepers.games.viscounts import GAME, ViscountsState, flow
from keepers.games.viscounts.data import CardDef, load_data
from keepers.games.viscounts.effects import ICONS, Term, parse_icons
from keepers.games.viscounts.flow import Choice
from keepers.games.viscounts.rules import actions, castle, concepts, effects, setup, turns
from keepers.games.viscounts.rules import solo as solo_rules
from keepers.games.viscounts.rules.effects import term_of
from keepers.games.viscounts.rules.scoring import final_scores, icon_total

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
        if kind in ("discard", "destroy"):                   # a hand card, else stop
            return next((o for o in options if not o.endswith((" top", " done"))),
                        options[-1])
        if kind == "rearrange":
            spaces = state.position.players[choice.player].spaces
            wanted = "rearrange " + ",".join(c or "-" for c in reversed(spaces))
            return wanted if wanted in options else "rearrange keep"
        if kind == "section":
            return "section A"
        if kind == "dismiss":
            return "dismiss none"
        return options[0]


def run(state: ViscountsState, policy: Callable[[ViscountsState, Choice], str],
        stop: Callable[[tuple[Any, ...]], bool] | None = None) -> list[str]:
    """Resolve the stack like the engine's settle loop, answering with ``policy``.

    Stops when the stack is empty (no phase change) or ``stop(top task)`` is true.
    Returns the kinds of the real choices (more than one option) asked of the human.
    """
    kinds = []
    while state.position.stack:
        task = state.position.stack[-1]
        if stop is not None and stop(task):
            break
        choice = flow.step(state.position, task)
        if choice is None:
            continue
        if not choice.options:
            state.position.stack.pop()
            continue
        if state.position.players[choice.player].is_ai:
            option = solo_rules.ai_pick(state.position, choice)
        else:
            if len(choice.options) > 1:                  # a real decision (settle() rule)
                kinds.append(choice.kind)
            option = policy(state, choice)
        assert option in choice.options, (option, choice)
        flow.answer(state.position, task, option)
    state.choice = None
    state._legal = None
    return kinds


# ============================================================================ snapshot and oracle

SCALARS = ("silver", "ink", "gold", "stone", "corruption", "virtue", "debts_unpaid",
           "debts_paid", "deeds_acquired", "deeds_approved", "supply")


def snapshot(state: ViscountsState, seat: int = 0) -> dict[str, Any]:
    """Everything a card effect can change for ``seat`` (and the shared piles it touches)."""
    player = state.position.players[seat]
    snap: dict[str, Any] = {k: getattr(player, k) for k in SCALARS}
    snap.update(
        node=player.node,
        hand=list(player.hand), draw=list(player.draw), discard=list(player.discard),
        spaces=list(player.spaces), covered=list(player.covered),
        manuscripts=list(player.manuscripts), bonus=list(player.bonus),
        removed=list(state.position.removed),
        castle=[[state.position.castle[s][t][seat] for t in range(3)] for s in range(5)],
        spots={k: tuple(v) for k, v in state.position.spots.items()},
        tf_piles=[list(p) for p in state.position.tf_piles],
        ms_piles=[list(p) for p in state.position.ms_piles],
        future=list(state.position.ai.get("future", [])),
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
        self.ai = state.position.players[seat].is_ai
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
        """Ink for the human (Policy); the AI board's resource chart for the AI (VS-4.3)."""
        for _ in range(n):
            choice = "ink"
            if self.ai:
                chart = DATA.ai_boards[self.state.position.ai["board"]].resource_priority
                choice = next((r for r, below in chart
                               if below is None or self.sim[r] < below), "ink")
            self.sim[choice] += 1

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
        elif name == "one_of" and self.ai and not self.picks:
            self.apply(term.subterms()[0], source)            # E6: the AI's first option
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
        elif name == "hire_free" and self.ai:
            for _ in range(term.int_arg(0)):
                self.apply("ai_future_scheme")             # VS-4.5
        elif name == "hire_free":
            for _ in range(term.int_arg(0)):
                self.hire()
        elif name == "move_worker_tier1" and self.ai:
            self.virtue(1)                                 # VS-4.2
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
        geo = self.state.position.geo
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


def assert_same(actual: dict[str, Any], expected: dict[str, Any],
                start: dict[str, Any] | None = None) -> None:
    """Every field equal; the differing ones named in the failure.

    With ``start``, the oracle must also predict a change from it (no vacuous test).
    """
    a, e = comparable(actual), comparable(expected)
    if start is not None:
        assert e != comparable(start), "the effect was expected to change something"
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
    player = state.position.players[0]
    player.hand = list(FILLERS)
    player.draw = ["TF-S-squire", "TF-S-abbot"]
    player.discard = ["TF-S-labourer"]
    player.debts_unpaid, player.deeds_acquired = 2, 2
    player.node = "0.L"
    state.position.castle[2][0][0] = 1
    player.supply = 19
    state.position.tf_piles = [["TF-S-journeyman", "TF-S-abbot"], ["TF-S-squire"], ["TF-S-labourer"],
                      ["TF-S-squire"], ["TF-S-labourer"]]
    state.position.ms_piles = [[], ["M02"], [], [], []]
    state.position.current = 0
    state.position.phase = "action"
    state.position.stack = []
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
    player = state.position.players[0]
    player.hand = list(FILLERS) + [card_id]
    player.spaces = ["TF-S-squire", "TF-S-abbot", None]
    before = snapshot(state)
    turns.begin_manage(state.position, 0)
    run(state, Policy(picks=list(picks), fixed={"play": f"play {card_id}"}))

    sim_start = dict(before, hand=list(FILLERS), spaces=[card_id, "TF-S-squire", "TF-S-abbot"])
    surcharge = card.icon_count("criminal")      # squire and abbot carry no criminal
    sim_start["corruption"] = min(before["corruption"] + surcharge, before["virtue"])
    expected = expect(state, sim_start, card.instant, picks)
    assert_same(snapshot(state), expected, None if card.instant.name == "none" else sim_start)
    assert state.position.turn["distance"] == card.silver
    player.spaces = [card_id, "TF-S-squire", "TF-S-abbot"]
    played = concepts.board_icons(state.position, 0)
    player.spaces[0] = None
    without = concepts.board_icons(state.position, 0)
    assert {i: played[i] - without[i] for i in ICONS} == {i: card.icon_count(i) for i in ICONS}


@pytest.mark.parametrize(("card_id", "picks"), _cases(BASE_CARDS, "dropoff", "VB-6.1.1"))
def test_card_dropoff(card_id: str, picks: list[str]) -> None:
    """VB-6.1.1 / VB-6.1.6 / VB-6.1.7: a card shifted out of space 3 goes to the discard pile
    and its drop-off effect resolves before the new card is played."""
    card = DATA.card(card_id)
    state = position()
    player = state.position.players[0]
    player.spaces = ["TF-S-squire", "TF-S-abbot", card_id]
    before = snapshot(state)
    turns.begin_manage(state.position, 0)
    run(state, Policy(picks=list(picks)), stop=lambda task: task[0] == "play")
    assert state.position.stack and state.position.stack[-1] == ("play", 0)

    start = dict(before, spaces=[None, "TF-S-squire", "TF-S-abbot"],
                 discard=before["discard"] + [card_id])
    assert_same(snapshot(state), expect(state, start, card.dropoff, picks), start)


@pytest.mark.parametrize(("card_id", "picks"),
                         _cases(BASE_TOWNSFOLK, "recruit", "VB-6.4.1"))
def test_card_hired_in_recruit_phase(card_id: str, picks: list[str]) -> None:
    """VB-6.4.1 / VB-6.4.2: hiring pays the printed silver, puts the card in the discard pile
    and resolves its top-right effect."""
    card = DATA.card(card_id)
    state = position()
    player = state.position.players[0]
    player.spaces = ["TF-S-squire", "TF-S-abbot", None]
    player.silver = card.silver + 1
    state.position.tf_piles[0].append(card_id)
    before = snapshot(state)
    state.position.stack = [("recruit", 0)]
    state.position.phase = "recruit"
    run(state, Policy(picks=list(picks), fixed={"recruit": f"recruit {card_id}"}))

    piles = [list(p) for p in before["tf_piles"]]
    piles[0].pop()
    start = dict(before, silver=1, discard=before["discard"] + [card_id], tf_piles=piles)
    assert_same(snapshot(state), expect(state, start, card.recruit, picks), start)


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
    player = state.position.players[0]
    player.node = "0.I" if action in ("workers", "transcribe") else "0.L"
    player.spaces = [ANTAGONIST, ANTAGONIST, None]          # 4 criminals: the action is free
    player.silver = card.silver
    state.position.tf_piles[0].append(card_id)
    state.position.ms_piles[0] = ["M02"]
    spot = state.position.geo.group_spots("0.L")[0]
    target = {"trade": "trade 0", "build": f"build WS1 {spot}", "workers": "workers 1",
              "transcribe": "transcribe M02"}[action]
    before = snapshot(state)
    state.position.stack = [("act", 0, action, 1)]
    run(state, Policy(picks=list(picks), fixed={"dismiss": f"dismiss {card_id}",
                                                "target": target, "pay": "pay none"}))

    piles = [list(p) for p in before["tf_piles"]]
    piles[0].pop()
    start = dict(before, silver=0, removed=before["removed"] + [card_id], tf_piles=piles)
    expected = expect(state, start, card.recruit, picks)
    assert comparable(expected) != comparable(start)
    oracle = Oracle(state, expected)
    if action == "build":
        oracle.apply(Term("build_free", ("workshop",), (("at", "viscount"),)))
    elif action == "workers":
        expected["supply"] -= 1
        expected["castle"][state.position.geo.section_at(0)][0] += 1
    elif action == "transcribe":
        oracle.take_manuscript(0)
    assert_same(snapshot(state), expected)
    assert card_id in state.position.removed and state.position.turn["dismissed"]


# ---------------------------------------------------------------- ongoing triggers
TRIGGER_CLAUSE = {"on_trade": "VB-6.3.8", "on_build": "VB-6.3.8", "on_noble_action": "VB-6.3.8",
                  "on_transcribe": "VB-6.3.8", "on_flip_debt": "VB-7.10",
                  "on_gain_debt": "VB-7.10", "on_collision_any": "VB-6.5.2"}


def _trigger_cases() -> list[Any]:
    out = []
    for card in BASE_CARDS:
        trigger = card.ongoing.name
        if trigger not in TRIGGER_CLAUSE:
            continue
        paths = pick_paths(card.ongoing)
        for (index, picks), space in itertools.product(enumerate(paths), (0, 2)):
            suffix = f"-branch{index + 1}" if len(paths) > 1 else ""
            out.append(pytest.param(card.id, picks, space,
                                    id=f"{card.id}{suffix}-space{space + 1}-VB-7.17+"
                                    f"{TRIGGER_CLAUSE[trigger]}+{clauses(card.ongoing)}"))
    return out


def _spaces(card: str | None, space: int) -> list[str | None]:
    spaces: list[str | None] = [ANTAGONIST, ANTAGONIST]
    spaces.insert(space, card)
    return spaces


def _trigger_event(card: str | None, trigger: str, picks: list[str],
                   space: int = 0, hand_card: str | None = None) -> ViscountsState:
    """Run the event of ``trigger`` for seat 0 with ``card`` in card space ``space + 1``.

    The two other spaces hold Antagonists (4 criminals), so every action below is funded for
    free whatever the card space holds: the two runs differ only by the card's ability.
    """
    state = position()
    player = state.position.players[0]
    player.spaces = _spaces(card, space)
    if hand_card:
        player.hand.append(hand_card)
    policy = Policy(picks=list(picks), fixed={"pay": "pay none"})
    if trigger in ("on_trade", "on_build"):
        player.node = "0.L"
        spot = state.position.geo.group_spots("0.L")[0]
        policy.fixed["target"] = "trade 0" if trigger == "on_trade" else f"build WS1 {spot}"
        state.position.stack = [("act", 0, trigger.removeprefix("on_"), 1)]
    elif trigger in ("on_noble_action", "on_transcribe"):
        player.node = "0.I"
        state.position.ms_piles[0] = ["M02"]
        action = "workers" if trigger == "on_noble_action" else "transcribe"
        policy.fixed["target"] = "workers 1" if action == "workers" else "transcribe M02"
        state.position.stack = [("act", 0, action, 1)]
    elif trigger == "on_flip_debt":
        effects.push(state.position, 0, term_of("flip(debt)"))
    elif trigger == "on_gain_debt":
        effects.push(state.position, 0, term_of("gain_debt(1)"))
    else:                                   # another player's collision (VB-6.5.2 step 2)
        other = state.position.players[1]
        other.corruption = other.virtue = 3
        state.position.current, state.position.phase = 1, "collision"
        turns.begin_collision(state.position, 1)
    run(state, policy)
    return state


@pytest.mark.parametrize(("card_id", "picks", "space"), _trigger_cases())
def test_card_ongoing_trigger(card_id: str, picks: list[str], space: int) -> None:
    """VB-7.17 / VB-6.3.8 / VB-7.10 / VB-6.5.2 / VB-7.18: with the card in a card space the
    triggering event also resolves the card's effect; the same event without the card
    does not (the difference is exactly the effect)."""
    card = DATA.card(card_id)
    trigger = card.ongoing.name
    with_card = _trigger_event(card_id, trigger, picks, space)
    without = _trigger_event(None, trigger, [], space)
    start = dict(snapshot(without), spaces=_spaces(card_id, space))
    expected = expect(with_card, start, card.ongoing.sub(0), picks)
    assert_same(snapshot(with_card), expected, start)
    if space == 0:                          # held in hand the card does nothing (VB-7.17)
        in_hand = _trigger_event(None, trigger, [], space, hand_card=card_id)
        expected_in_hand = dict(snapshot(without), hand=snapshot(without)["hand"] + [card_id])
        assert_same(snapshot(in_hand), expected_in_hand)


# ---------------------------------------------------------------- icon conversions
# (card, twin with the same printed icons and no ability, budget, target, payment, icons the
#  conversion adds to the funding limit).  Spaces are [card, empty, empty], so the starting
#  icons cleric+builder+noble and merchant*2 count (VB-2.4.4).  Each target needs exactly
#  the funding limit with the card and is out of reach with the twin.
CONVERSIONS = [
    # Artist: 1 gold -> 2 nobles once; space 2 covered by a Labourer, so nobles 1 (Artist),
    # gold 1: 1 + 2 = 3 = workers 2 (twin: 1 + 1 = 2)
    ("TF-B-artist", "TF-S-squire", {"gold": 1}, "workers 2", "pay gold=1", 1),
    # Benefactor: 2 merchants -> 1 noble; merchants 2+2 -> 2 nobles; 1 + 2 = 3 = workers 2
    ("TF-B-benefactor", "TF-S-journeyman", {}, "workers 2", "pay none", 2),
    # Clergyman: 2 silver -> 1 cleric; clerics 1+1, silver 4: 4 = M02 (cost 4)
    ("TF-B-clergyman", "TF-B-acolyte", {"silver": 4}, "transcribe M02", "pay silver=4", 2),
    # Diplomat: 2 silver -> 1 noble; nobles 1+1, silver 2: 3 = workers 2
    ("TF-B-diplomat", "TF-B-aristocrat", {"silver": 2}, "workers 2", "pay silver=2", 1),
    # Mason: 2 silver -> 1 builder; builders 1+1, silver 2: 3 = workshop
    ("TF-B-mason", "TF-B-architect", {"silver": 2}, "build WS1 *", "pay silver=2", 1),
    # Priest: 1 ink -> 2 clerics once; clerics 1+1, ink 1: 4 = M02 (twin 3)
    ("TF-B-priest", "TF-S-abbot", {"ink": 1}, "transcribe M02", "pay ink=1", 1),
    # Sculptor: 1 stone -> 2 builders once; builders 1+1, stone 2: 2 + 2 + 1 = 5 = trading post
    ("TF-B-sculptor", "TF-S-labourer", {"stone": 2}, "build TP1 *", "pay stone=2", 1),
    # Strongman: 2 merchants -> 1 builder; merchants 2+2 -> 2; 1 + 2 = 3 = workshop
    ("TF-B-strongman", "TF-S-journeyman", {}, "build WS1 *", "pay none", 2),
    # Traveller: 2 merchants -> 1 cleric; 1 + 2 = 3 = M12 (cost 3, gain 2 gold)
    ("TF-B-traveller", "TF-S-journeyman", {}, "transcribe M12", "pay none", 2),
    # Emma: 1 stone or gold -> 1 cleric; clerics 1+1, gold 1 + stone 1: 4 = M02
    ("H-B-emma", "TF-S-abbot", {"gold": 1, "stone": 1}, "transcribe M02",
     "pay gold=1,stone=1", 2),
]


COVER_SPACE_2 = ("TF-B-artist", "TF-S-squire")


def _conversion_state(card: str, budget: dict[str, int], action: str, target: str
                      ) -> tuple[ViscountsState, str]:
    state = position()
    player = state.position.players[0]
    player.spaces = [card, "TF-S-labourer" if card in COVER_SPACE_2 else None, None]
    state.position.castle[2][0][0] = 0
    player.supply = 20
    player.node = "0.I" if action in ("workers", "transcribe") else "0.L"
    player.debts_unpaid = player.deeds_acquired = 0
    for key, value in budget.items():
        setattr(player, key, value)
    if action == "transcribe":
        state.position.ms_piles[0] = [target.split()[1]]
    if target.endswith("*"):
        target = target.replace("*", state.position.geo.group_spots("0.L")[0])
    return state, target


@pytest.mark.parametrize(("card_id", "twin", "budget", "target", "payment", "gain"),
                         [pytest.param(*c, id=f"{c[0]}-VB-6.3.2+VB-7.17") for c in CONVERSIONS])
def test_card_icon_conversion(card_id: str, twin: str, budget: dict[str, int], target: str,
                              payment: str, gain: int) -> None:
    """VB-6.3.2 / VB-7.17: an icon conversion raises what the action can fund (``uses``
    caps it: twice the budget converts no more); the target reachable only through it is
    taken, paying with the converted silver/resources/icons."""
    card = DATA.card(card_id)
    conversion = card.ongoing
    assert conversion.name == "icon_conversion"
    action = conversion.kw("action")
    assert DATA.card(twin).icons == card.icons and DATA.card(twin).ongoing.name == "none"

    state, full_target = _conversion_state(card_id, budget, action, target)
    twin_state, _ = _conversion_state(twin, budget, action, target)
    limit = actions.fund_limit(state.position, 0, action)
    assert limit - actions.fund_limit(twin_state.position, 0, action) == gain
    doubled = {k: 2 * v for k, v in budget.items()}
    state2, _ = _conversion_state(card_id, doubled, action, target)
    twin2, _ = _conversion_state(twin, doubled, action, target)
    capped = conversion.kw("uses") or not budget          # uses=n, or merchants (no budget)
    assert actions.fund_limit(state2.position, 0, action) - actions.fund_limit(twin2.position, 0, action) == \
        (gain if capped else 2 * gain)
    assert full_target in [t for t, _ in actions.targets(state.position, 0, action)]
    assert full_target not in [t for t, _ in actions.targets(twin_state.position, 0, action)]

    before = snapshot(state)
    state.position.stack = [("act", 0, action, 1)]
    run(state, Policy(fixed={"target": full_target, "pay": payment}))
    expected = expect(state, before, "none")
    for part in payment.removeprefix("pay ").split(","):
        if part != "none":
            key, value = part.split("=")
            expected[key] -= int(value)
    assert all(expected[k] == 0 for k in budget)        # the whole budget was needed
    oracle = Oracle(state, expected)
    words = full_target.split()
    if action == "workers":
        expected["supply"] -= int(words[1])
        expected["castle"][state.position.geo.section_at(0)][0] += int(words[1])
    elif action == "build":
        slot_type = "workshop" if words[1] == "WS1" else "trading_post"
        oracle.apply(Term("build_free", (slot_type,), (("at", "viscount"),)))
        assert expected["spots"][words[2]] == (0, slot_type)
    else:
        oracle.take_manuscript(0)
    assert_same(snapshot(state), expected, before)


# ============================================================================ manuscripts

def _manuscript_cases() -> list[Any]:
    out = []
    for ms in BASE_MANUSCRIPTS:
        paths = pick_paths(ms.immediate)
        for index, picks in enumerate(paths):
            suffix = f"-branch{index + 1}" if len(paths) > 1 else ""
            out.append(pytest.param(ms.id, picks, id=f"{ms.id}{suffix}-VB-6.3.7+"
                                    f"{clauses(ms.immediate)}"))
    return out


@pytest.mark.parametrize(("ms_id", "picks"), _manuscript_cases())
def test_manuscript_transcribed(ms_id: str, picks: list[str]) -> None:
    """VB-6.3.7 / VB-6.3.2: transcribing pays the cost in clerics and ink, takes the
    manuscript and resolves its immediate effect (scoring-only ones change nothing else)."""
    ms = DATA.manuscripts[ms_id]
    state = position()
    player = state.position.players[0]
    player.node = "1.I"
    player.spaces = ["TF-S-abbot", "TF-S-squire", None]      # 1 cleric: pay cost - 1 ink
    player.ink = ms.cost
    state.position.ms_piles = [["M02"], [ms_id], [], [], []]           # M02: for gain_manuscript(3|4)
    before = snapshot(state)
    state.position.stack = [("act", 0, "transcribe", 1)]
    run(state, Policy(picks=list(picks), fixed={"target": f"transcribe {ms_id}"}))

    piles = [list(p) for p in before["ms_piles"]]
    piles[1].pop()
    start = dict(before, ink=1, manuscripts=[ms_id], ms_piles=piles)
    expected = expect(state, start, ms.immediate, picks)
    assert_same(snapshot(state), expected, None if ms.immediate.name == "none" else start)
    assert state.position.turn["transcribed"]


def _scoring_state() -> ViscountsState:
    """A final position whose scoring counters are known by construction (see below)."""
    state = blank_game(2)
    player = state.position.players[0]
    state.position.spots = {"1a": [0, "workshop"], "1b": [0, "trading_post"], "2a": [0, "trading_post"],
                   "2b": [0, "guildhall"], "3a": [1, "workshop"]}
    player.hand = ["TF-S-squire"]                            # noble
    player.draw = ["TF-B-enforcer"]                          # noble*2
    player.discard = ["TF-S-thief", ANTAGONIST]              # criminal, criminal*2
    player.spaces = ["TF-S-abbot", "TF-B-courier", "TF-S-labourer"]  # cleric, merchant*3, builder
    player.covered[4] = False                                # GH2: permanent noble
    player.debts_paid, player.deeds_approved, player.debts_unpaid = 3, 2, 1
    state.position.castle[0][0][0], state.position.castle[1][1][0], state.position.castle[2][2][0] = 2, 2, 1
    player.ink, player.gold, player.stone, player.silver = 2, 1, 2, 7
    return state


# Counter values of _scoring_state, counted by hand.
SCORING_COUNTERS = {
    "buildings": 4, "buildings:guildhall": 1, "buildings:trading_post": 2,
    "buildings:workshop": 1, "icons:noble": 4, "icons:criminal": 3, "icons:cleric": 1,
    "icons:merchant": 3, "icons:builder": 1, "flipped_debts": 3, "flipped_deeds": 2,
    "unpaid_debts": 1, "workers_castle": 5, "resources_left": 5, "silver_left": 7,
}


@pytest.mark.parametrize("ms_id", [pytest.param(m.id, id=f"{m.id}-VB-9.3+VB-10.7+VB-0.6")
                                   for m in BASE_MANUSCRIPTS if m.scoring.name != "none"])
def test_manuscript_end_game_scoring(ms_id: str) -> None:
    """VB-9.1 / VB-9.3 / VB-10.7 / VB-0.6: a scoring manuscript adds floor(count/per)*each VP
    of its counter to the final score (plus its ribbon, VB-9.2)."""
    ms = DATA.manuscripts[ms_id]
    term = ms.scoring
    assert term.name == "vp_per"
    vp = SCORING_COUNTERS[term.word(0)] // int(term.kw("per", "1")) * int(term.kw("each", "1"))
    assert vp > 0
    state = _scoring_state()
    without = final_scores(state.position)[0]
    state.position.players[0].manuscripts = [ms_id]
    with_ms = final_scores(state.position)[0]
    assert with_ms.parts["manuscripts"] == vp
    assert with_ms.parts["ribbon_sets"] == 1
    assert with_ms.total - without.total == vp + 1


def test_scoring_state_counters_match_the_hand_count() -> None:
    """VB-10.7: the hand-counted values used above are what the scoring counters read."""
    from keepers.games.viscounts.rules.scoring import counter

    state = _scoring_state()
    assert {name: counter(state.position, 0, name) for name in SCORING_COUNTERS} == SCORING_COUNTERS


# ============================================================================ player cards

@pytest.mark.parametrize("card_id", [pytest.param(c.id, id=f"card{c.id}-VB-5.7+{clauses(c.extra)}")
                                     for c in BASE_PLAYER_CARDS])
def test_player_card_setup(card_id: str) -> None:
    """VB-5.7 / VB-R07: picking a player card puts the Viscount on its space, gives its items
    from the general stock and resolves its extra effect with the 8 starting cards and the
    hero in hand; then everything is shuffled and 3 cards are drawn."""
    card = DATA.player_cards[card_id]
    hero = "H-B-lothaire"
    state = GAME.new_state(2, 5, GAME.default_options())
    assert isinstance(state, ViscountsState)
    others = [c.id for c in BASE_PLAYER_CARDS if c.id != card_id]
    state.position.pairs = [[card_id, hero], [others[0], "H-B-ada"], [others[1], "H-B-bertha"]]
    state.position.tf_piles[0].append("TF-B-friar")                  # first visible: hire gives 1 virtue
    first = state.decision()
    assert first is not None and first.kind == "setup"
    seat = first.player                                     # reverse turn order (VB-5.7)
    piles_before = [list(p) for p in state.position.tf_piles]
    ms_before = [list(p) for p in state.position.ms_piles]
    debt_above, deed_above = state.position.debt_above, state.position.deed_above
    state.apply(f"pick {card_id} {hero}")
    policy = Policy()
    while (d := state.decision()) is not None and d.player == seat and d.kind != "setup":
        choice = state.choice
        assert choice is not None
        state.apply(policy(state, choice))
    player = state.position.players[seat]

    sim: dict[str, Any] = {k: 0 for k in SCALARS}
    sim.update(corruption=1, virtue=7, supply=20, silver=card.silver, ink=card.ink + card.any_resource,
               gold=card.gold, stone=card.stone, deeds_acquired=card.deeds,
               debts_unpaid=card.debts, node=state.position.geo.node_of(card.start_space),
               hand=setup.starting_deck(state.position) + [hero], draw=[], discard=[], spaces=[None] * 3,
               covered=[True] * 9, manuscripts=[], bonus=[], removed=[],
               castle=[[0, 0, 0] for _ in range(5)], spots={}, tf_piles=piles_before,
               ms_piles=ms_before, future=[])
    oracle = Oracle(state, sim, seat, setup=True)
    oracle.apply(card.extra)
    actual = snapshot(state, seat)
    owned = sorted(sim["hand"] + sim["draw"] + sim["discard"])
    assert sorted(actual["hand"] + actual["draw"] + actual["discard"]) == owned
    assert len(actual["hand"]) == 3 and actual["discard"] == []
    for key in ("hand", "draw", "discard"):
        actual[key] = sim[key] = []
    assert_same(actual, sim)
    assert player.node == state.position.geo.node_of(card.start_space)
    assert (state.position.debt_above, state.position.deed_above) == (debt_above, deed_above)


# ============================================================================ cleric bonus cards

@pytest.mark.parametrize("ribbon", [pytest.param(c.ribbon, id=f"{c.id}-VB-6.3.7+VB-R23+VB-2.2.2+VB-9.1")
                                    for c in BASE_CLERIC_BONUS])
def test_cleric_bonus_card(ribbon: str) -> None:
    """VB-6.3.7 step 4 / VB-R23 / VB-2.2.2 / VB-9.1 / VB-9.3: the third manuscript of a ribbon
    claims that cleric bonus card: its permanent icon counts on the board and at scoring,
    and it is worth its VP at the end."""
    bonus = DATA.cleric_bonus[ribbon]
    assert bonus.ability.name == "permanent_icon"
    icon = bonus.ability.word(0)
    same = [m.id for m in BASE_MANUSCRIPTS if m.ribbon == ribbon]
    third = next(m for m in same if DATA.manuscripts[m].immediate.name == "none")
    state = position()
    player = state.position.players[0]
    player.node = "1.I"
    player.manuscripts = [m for m in same if m != third][:2]
    player.ink = 9
    state.position.ms_piles = [[], [third], [], [], []]
    icons_before = concepts.board_icons(state.position, 0)
    total_before = icon_total(state.position, 0, icon)
    score_before = final_scores(state.position)[0].parts["cleric_bonus"]
    state.position.stack = [("act", 0, "transcribe", 1)]
    run(state, Policy(fixed={"target": f"transcribe {third}"}))
    assert player.bonus == [ribbon] and state.position.cleric == {ribbon: 0}
    assert concepts.board_icons(state.position, 0)[icon] == icons_before[icon] + parse_icons(icon)[icon]
    assert icon_total(state.position, 0, icon) == total_before + 1
    assert (score_before, final_scores(state.position)[0].parts["cleric_bonus"]) == (0, bonus.vp)


# ============================================================================ castle leader

@pytest.mark.parametrize("leader_id", [pytest.param(le.id, id=f"{le.id}-VB-4.2.3+VB-2.6.1+VB-9.1")
                                       for le in BASE_LEADERS])
def test_castle_leader_card(leader_id: str) -> None:
    """VB-4.2.3 / VB-2.6.1 / VB-6.6.1 / VB-9.1: the first tier-3 arrival takes the castle
    leader card: its hand_size(+n) raises the draw-up limit and it scores its VP."""
    leader = DATA.leaders[leader_id]
    assert DATA.castle.leader == leader                      # the card the base game uses
    assert leader.ability.name == "hand_size"
    extra = int(leader.ability.word(0).lstrip("+"))
    state = position()
    player = state.position.players[0]
    state.position.castle[1][1][0] = 3
    player.supply = 16
    player.hand, player.draw, player.discard = [], ["TF-S-abbot"] * 10, []
    before = final_scores(state.position)[0]
    state.position.stack = [("castle", 0)]
    run(state, Policy())
    assert state.position.leader == 0 and state.position.castle[1][2][0] == 1
    assert concepts.hand_limit(state.position, 0) == DATA.player_board.hand_limit + extra
    turns.begin_draw(state.position, 0)
    assert len(player.hand) == DATA.player_board.hand_limit + extra
    after = final_scores(state.position)[0]
    assert (before.parts["leader"], after.parts["leader"]) == (0, leader.vp)
    other = state.position.players[1]
    other.draw = ["TF-S-abbot"] * 10
    turns.begin_draw(state.position, 1)
    assert len(other.hand) == DATA.player_board.hand_limit
    # afterwards only strictly more tier-3 workers take the card (castle.toml award)
    state.position.castle[4][2][1] = 1
    castle.check_leader(state.position, 1)
    assert state.position.leader == 0
    state.position.castle[3][2][1] = 1
    castle.check_leader(state.position, 1)
    assert state.position.leader == 1 and concepts.hand_limit(state.position, 0) == DATA.player_board.hand_limit
    assert final_scores(state.position)[0].parts["leader"] == 0
    assert final_scores(state.position)[1].parts["leader"] == leader.vp


# ============================================================================ solo schemes

OUTSIDE_PATH = [f"{p}.{k}" for p in range(5) for k in ("L", "R")]


def _scheme_state(scheme_id: str) -> tuple[ViscountsState, dict[str, Any]]:
    """A solo position where no action of the AI can be carried out (VS-R02).

    No worker in supply (workers), every spot taken (build), 7-cost manuscripts and no ink
    (transcribe, the Cleric AI's focus), and the move ends on the trade space of highest
    rate (4 or 3, above any scheme's merchants) -- so the action row falls to its last,
    effect-only option.
    """
    scheme = DATA.schemes[scheme_id]
    state = solo()
    ai = state.position.players[1]
    landing = next(n for n in OUTSIDE_PATH
                   if state.position.data.board.exchanges[state.position.geo.trade_kind(n)].rate >= 3)
    start = OUTSIDE_PATH[(OUTSIDE_PATH.index(landing) - scheme.move) % 10]
    ai.node = start
    ai.spaces = [None, None, None]
    ai.draw = ["SS8" if scheme_id != "SS8" else "SS1", scheme_id]
    ai.discard = []
    ai.ink = ai.gold = ai.stone = ai.silver = 0
    ai.debts_unpaid, ai.deeds_acquired, ai.debts_paid, ai.deeds_approved = 2, 2, 0, 0
    ai.corruption, ai.virtue = 1, 7
    ai.supply = 0
    state.position.spots = {s.id: [0, "workshop"] for s in state.position.geo.all_spots()}
    state.position.ms_piles = [["M27"] for _ in range(5)]
    position_ = int(start.split(".")[0])
    state.position.tf_piles[position_].append("TF-B-friar")           # ai_dismiss: 1 virtue (VS-4.6)
    state.position.players[0].node = "0.I" if not start.startswith("0") else "1.I"
    state.position.current, state.position.phase, state.position.stack = 1, "ai", [("ai_turn", 1)]
    return state, {"landing": landing}


@pytest.mark.parametrize("scheme_id", [
    pytest.param(s.id, id=f"{s.id}-VS-2.3+VS-2.4+VS-3.1+VS-R02+{clauses(s.row2)}")
    for s in BASE_SCHEMES])
def test_scheme_revealed_in_ai_turn(scheme_id: str) -> None:
    """VS-2.1-2.4 / VS-3.1 / VS-R02 / VS-4.2-4.6: the revealed scheme goes to space 1, its
    row 1 (criminal surcharge) and row 2 resolve, the AI walks its move on the outside path,
    then the first action-row option it can carry out -- here the effect-only last one."""
    scheme = DATA.schemes[scheme_id]
    state, info = _scheme_state(scheme_id)
    before = snapshot(state, 1)
    run(state, Policy())
    after = snapshot(state, 1)
    assert after["spaces"] == [scheme_id, None, None] and after["node"] == info["landing"]
    last = scheme.action_row[-1]
    assert last.name not in ("build", "workers", "transcribe", "trade", "ai_focus")
    start = dict(before, spaces=[scheme_id, None, None], draw=before["draw"][:-1])
    sim = expect(state, start, scheme.row1, seat=1)
    sim = expect(state, sim, scheme.row2, seat=1)
    sim["node"] = info["landing"]
    sim = expect(state, sim, last, seat=1)
    assert_same(after, sim, start)


@pytest.mark.parametrize("scheme_id", [pytest.param(s.id, id=f"{s.id}-VS-4.1+VS-R12")
                                       for s in BASE_SCHEMES])
def test_scheme_header_icons(scheme_id: str) -> None:
    """VS-4.1 / VS-R12: a scheme's header icons count for the AI's actions while it is in a
    card space, and for end-game icon counts wherever the AI owns it."""
    scheme = DATA.schemes[scheme_id]
    state = solo()
    ai = state.position.players[1]
    ai.spaces = [None, None, None]
    ai.hand, ai.draw, ai.discard = [], [], []
    board_without = concepts.board_icons(state.position, 1)
    totals_without = {i: icon_total(state.position, 1, i) for i in ICONS}
    ai.spaces = [scheme_id, None, None]
    board_with = concepts.board_icons(state.position, 1)
    assert {i: board_with[i] - board_without[i] for i in ICONS} == \
        {i: scheme.header_icons.get(i, 0) for i in ICONS}
    ai.spaces = [None, None, None]
    ai.discard = [scheme_id]
    assert {i: icon_total(state.position, 1, i) - totals_without[i] for i in ICONS} == \
        {i: scheme.header_icons.get(i, 0) for i in ICONS}


# ============================================================================ card notes and rulings

def _play(state: ViscountsState, card_id: str, policy: Policy) -> None:
    state.position.players[0].hand.append(card_id)
    turns.begin_manage(state.position, 0)
    policy.fixed["play"] = f"play {card_id}"
    run(state, policy)


def test_financier_silver_even_without_discard() -> None:
    """VB-6.1.4 / VB-7.3 / VB-0.1: Financier's discard is optional; the 2 silver come anyway."""
    state = position()
    player = state.position.players[0]
    _play(state, "TF-S-financier", Policy(fixed={"discard": "discard done"}))
    assert player.silver == 2 and player.discard == ["TF-S-labourer"]
    assert sorted(player.hand) == sorted(FILLERS)


def test_antagonist_surcharge_counts_both_criminals_and_the_board() -> None:
    """VB-6.1.3 / VB-R21: the surcharge is 1 corruption per criminal on the board after the
    play, Antagonist's two icons included; its immediate debt follows (VB-6.1.4)."""
    state = position()
    player = state.position.players[0]
    player.spaces = ["TF-S-thief", None, None]             # shifted to space 2
    _play(state, ANTAGONIST, Policy())
    assert player.corruption == 1 + 3 and player.debts_unpaid == 2 + 1


def test_bertha_move_is_followed_by_castle_resolution() -> None:
    """VB-7.12 / VB-4.2.1 (heroes.csv note on Bertha): moving a tier-1 worker sideways into a
    section holding two more starts the cascade (section B: flip either)."""
    state = position()
    player = state.position.players[0]
    state.position.castle[2][0][0] = 0
    state.position.castle[0][0][0] = 1                               # A
    state.position.castle[1][0][0] = 2                               # B
    player.supply = 17
    _play(state, "H-B-bertha", Policy(picks=["move_worker_tier1(1)"],
                                      fixed={"shift": "shift A B"}))
    assert state.position.castle[1][1][0] == 1 and state.position.castle[1][0][0] == 0   # one up in B
    assert state.position.castle[0][0][0] == 1 and state.position.castle[2][0][0] == 1   # spread to A and C
    assert player.debts_paid == 1 and player.ink == 1       # B's tier-2 reward: flip(either)


def test_benefactor_converts_merchants_of_a_dismissed_card() -> None:
    """VB-6.3.2 / VB-6.3.3 (townsfolk.csv note on Benefactor): the merchants of the dismissed
    townsfolk are converted too: Aristocrat's merchant makes a 4th, hence a 2nd noble."""
    state = position()
    player = state.position.players[0]
    player.node = "0.I"
    player.spaces = ["TF-B-benefactor", "TF-S-trader", "TF-S-labourer"]  # 3 merchants, 0 noble
    player.silver = 2
    state.position.castle[2][0][0] = 0
    player.supply = 20
    state.position.tf_piles[0].append("TF-B-aristocrat")            # noble+merchant, 2 silver
    assert actions.fund_limit(state.position, 0, "workers") == 1              # 3 merchants: 1 noble
    assert actions.fund_limit(state.position, 0, "workers", "TF-B-aristocrat", 2) == 1 + 2
    state.position.stack = [("act", 0, "workers", 1)]
    run(state, Policy(fixed={"dismiss": "dismiss TF-B-aristocrat", "target": "workers 2",
                             "pay": "pay none"}))
    assert player.supply == 18 and state.position.castle[state.position.geo.section_at(0)][0][0] == 2
    assert player.silver == 0 and player.virtue == 6       # Aristocrat's hire effect: 1 virtue
    assert "TF-B-aristocrat" in state.position.removed


def test_clovis_free_hire_resolves_the_hired_cards_effect() -> None:
    """VB-7.8 / VB-6.4.2: Clovis's free hire takes any visible townsfolk (not only the
    adjacent one) and the hired card's top-right effect resolves."""
    state = position()
    player = state.position.players[0]
    state.position.tf_piles[3].append("TF-B-antagonist")            # hire effect: 1 corruption
    _play(state, "H-B-clovis", Policy(fixed={"hire": "hire TF-B-antagonist"}))
    # 1 corruption for Clovis's own criminal (surcharge), 1 for Antagonist's hire effect
    assert ANTAGONIST in player.discard and player.corruption == 3 and player.silver == 0
    assert state.position.tf_piles[3] == ["TF-S-squire"]


def test_peddler_on_own_collision() -> None:
    """VB-6.5.2 step 2: on_collision_any also fires in the owner's own collision."""
    results = {}
    for card in ("TF-B-peddler-4", "TF-B-courier"):        # same icons, no ability
        state = position()
        player = state.position.players[0]
        player.spaces = [card, "TF-S-abbot", "TF-S-squire"]
        player.corruption = player.virtue = 6
        state.position.phase = "collision"
        turns.begin_collision(state.position, 0)
        run(state, Policy())
        results[card] = player.silver
    upper = DATA.player_board.track[5].upper                 # position 6: 3 silver, 2 debts
    assert results["TF-B-courier"] == 3 and str(upper).startswith("all_of(gain(silver=3)")
    assert results["TF-B-peddler-4"] == 3 + 2


def test_ada_while_stuck_moves_both_markers_before_the_reward() -> None:
    """VB-6.5.2 / VB-R12 / VB-2.5.2: Ada's virtue in the owner's own collision moves both
    stuck markers left, and the upper reward is read at the new position."""
    outcome = {}
    for card in ("H-B-ada", "TF-S-thief"):                 # same icons, no ability
        state = position()
        player = state.position.players[0]
        player.spaces = [card, "TF-S-abbot", "TF-S-squire"]
        player.corruption = player.virtue = 4
        player.debts_unpaid = player.deeds_acquired = 0
        state.position.phase = "collision"
        turns.begin_collision(state.position, 0)
        run(state, Policy())
        outcome[card] = (player.silver, player.deeds_acquired, player.debts_unpaid, player.ink,
                         player.corruption, player.virtue)
    # position 4 (Thief): 2 silver, 1 deed, 1 debt; position 3 (Ada): 1 silver, 1 deed + 1 ink
    assert outcome["TF-S-thief"] == (2, 1, 1, 0, 1, 7)
    assert outcome["H-B-ada"] == (1, 1, 0, 1, 1, 7)


def test_rudolf_destroy_respects_the_three_card_floor() -> None:
    """VB-2.2.3 / VB-R05 / VB-7.4: Rudolf's destroy(2) stops at three owned cards."""
    state = position()
    player = state.position.players[0]
    player.spaces = ["TF-S-squire", "TF-S-abbot", "H-B-rudolf"]
    player.hand, player.draw, player.discard = ["TF-S-labourer"], [], []
    removed = len(state.position.removed)
    turns.begin_manage(state.position, 0)
    kinds = run(state, Policy(picks=["destroy(2)"]), stop=lambda task: task[0] == "play")
    # owned: squire, abbot, Rudolf (now discarded), labourer = 4 -> one destroy only
    assert kinds == ["pick", "destroy"]
    assert state.position.removed[removed:] == ["TF-S-labourer"] and player.silver == 2
    assert len(player.cards_owned()) == 3


def _ai_icons(scheme_id: str, icon: str, covered: list[bool]) -> int:
    """The Cleric AI's icons for an action with only ``scheme_id`` in its spaces: header,
    starting icons of spaces 2 and 3, icons of revealed slots, criminals wild (VS-4.1)."""
    board = DATA.ai_boards["cleric"]
    sources = [DATA.schemes[scheme_id].header_icons, board.starting_icons["space2"],
               board.starting_icons["space3"]]
    sources += [parse_icons(board.slot_abilities[i].word(0)) for i, c in enumerate(covered)
                if not c and board.slot_abilities[i].name == "permanent_icon"]
    return sum(icons.get(icon, 0) + icons.get("criminal", 0) for icons in sources)


@pytest.mark.parametrize("scheme_id", [
    pytest.param(s.id, id=f"{s.id}-VS-2.4+VS-4.1+VS-4.7+VS-5.1+VS-5.3+VS-5.4+VS-5.7")
    for s in BASE_SCHEMES])
def test_scheme_first_action_row_option(scheme_id: str) -> None:
    """VS-2.4 / VS-4.1 / VS-4.7 / VS-5.1 / VS-5.3 / VS-5.4 / VS-5.7 / VS-R08: with every
    action affordable, the AI carries out the first option of the scheme's action row
    (ai_focus = the Cleric AI's transcribe), paying only the resources its icons miss."""
    scheme = DATA.schemes[scheme_id]
    first = scheme.action_row[0].name
    action = DATA.ai_boards["cleric"].focus if first == "ai_focus" else first
    state = solo()
    ai = state.position.players[1]
    rate = 2                                  # an ink/gold/stone exchange: gives 1 per use
    landing = next(n for n in OUTSIDE_PATH
                   if state.position.data.board.exchanges[state.position.geo.trade_kind(n)].rate == rate)
    start = OUTSIDE_PATH[(OUTSIDE_PATH.index(landing) - scheme.move) % 10]
    ai.node, ai.spaces = start, [None, None, None]
    ai.draw, ai.discard = ["SS8" if scheme_id != "SS8" else "SS1", scheme_id], []
    ai.ink = ai.gold = ai.stone = 10
    ai.silver, ai.supply = 0, 20
    ai.debts_unpaid, ai.deeds_acquired, ai.debts_paid, ai.deeds_approved = 2, 2, 0, 0
    ai.corruption, ai.virtue = 1, 7
    state.position.spots = {}
    state.position.castle = [[[0, 0] for _ in range(3)] for _ in range(5)]
    state.position.ms_piles = [["M02"] for _ in range(5)]
    state.position.tf_piles[int(start.split(".")[0])].append("TF-B-friar")
    state.position.players[0].node = "0.I" if not start.startswith("0") else "1.I"
    state.position.current, state.position.phase, state.position.stack = 1, "ai", [("ai_turn", 1)]
    before = snapshot(state, 1)
    run(state, Policy())
    after = snapshot(state, 1)

    sim = dict(before, spaces=[scheme_id, None, None], draw=before["draw"][:-1])
    sim = expect(state, sim, scheme.row1, seat=1)
    sim = expect(state, sim, scheme.row2, seat=1)
    sim["node"] = landing
    position_ = int(landing.split(".")[0])
    if action == "workers":
        # noble table 3/5/8 -> 2/3/4: 10 gold always reach 8, so 4 workers (VS-5.3), which
        # make a tier-1 triple: 1 up (tier-2 reward), 1 to each neighbour (VB-4.2.1)
        sim["supply"] -= 4
        sim["gold"] -= max(0, 8 - _ai_icons(scheme_id, "noble", before["covered"]))
        section = state.position.geo.section_at(position_)
        sim["castle"][section] = [1, 1, 0]
        sim["castle"][(section + 1) % 5][0] += 1
        sim["castle"][(section - 1) % 5][0] += 1
        Oracle(state, sim, 1).apply(DATA.castle.tier2_reward[DATA.castle.sections[section]])
    elif action == "transcribe":
        sim["ink"] -= max(0, 4 - _ai_icons(scheme_id, "cleric", before["covered"]))
        Oracle(state, sim, 1).take_manuscript(position_)
    elif action == "build":
        order = DATA.ai_boards["cleric"].building_order
        index = next(i for i, t in enumerate(order)
                     if sim["covered"][i])
        kind = order[index]
        cost = DATA.player_board.costs[kind]
        spot = state.position.geo.group_spots(landing)[0]
        sim["stone"] -= max(0, cost - _ai_icons(scheme_id, "builder", before["covered"]))
        sim["covered"][index] = False
        sim["spots"][spot] = (1, kind)
        Oracle(state, sim, 1).apply(state.position.geo.spot(spot).bonus)
    else:                                                    # trade: merchants // rate uses
        uses = _ai_icons(scheme_id, "merchant", before["covered"]) // rate
        assert uses >= 1
        Oracle(state, sim, 1).apply(Term("all_of", tuple(
            [DATA.board.exchanges[state.position.geo.trade_kind(landing)].gives] * uses)))
    assert_same(after, sim, before)


@pytest.mark.parametrize(("card_id", "picks"), _cases(BASE_TOWNSFOLK, "recruit", "VS-4.6"))
def test_card_dismissed_by_the_ai(card_id: str, picks: list[str]) -> None:
    """VS-4.6 / VS-4.2: a scheme's ai_dismiss removes the AI's adjacent townsfolk and
    resolves its top-right effect for the AI (discard = 1 virtue, rearrange = 1 resource)."""
    card = DATA.card(card_id)
    state = solo()
    ai = state.position.players[1]
    ai.node, ai.spaces = "0.L", [None, None, None]
    ai.draw, ai.discard = ["SS3"], ["SS1"]
    ai.corruption, ai.virtue = 1, 7
    state.position.tf_piles[0].append(card_id)
    before = snapshot(state, 1)
    state.position.current, state.position.phase, state.position.stack = 1, "ai", []
    effects.push(state.position, 1, Term("ai_dismiss"))
    run(state, Policy())
    piles = [list(p) for p in before["tf_piles"]]
    piles[0].pop()
    start = dict(before, removed=before["removed"] + [card_id], tf_piles=piles)
    assert_same(snapshot(state, 1), expect(state, start, card.recruit, seat=1), start)


def test_journeyman_dropoff_hire_then_rearrange_keeps_space_one_free() -> None:
    """VB-6.1.6 / VB-7.8 / E2: Journeyman's drop-off hire of an Architect resolves the
    Architect's rearrange before the play, so space 1 stays free for the card played."""
    state = position()
    player = state.position.players[0]
    player.spaces = ["TF-S-squire", "TF-S-abbot", "TF-S-journeyman"]
    state.position.tf_piles[2].append("TF-B-architect")
    turns.begin_manage(state.position, 0)
    seen: list[tuple[str, ...]] = []

    def rearrange(st: ViscountsState, choice: Choice) -> str:
        seen.append(choice.options)
        return "rearrange -,TF-S-abbot,TF-S-squire"

    policy = Policy(fixed={"hire": "hire TF-B-architect", "play": "play TF-S-labourer"})
    original = policy.__call__

    def answer(st: ViscountsState, choice: Choice) -> str:
        return rearrange(st, choice) if choice.kind == "rearrange" else original(st, choice)

    state.position.players[0].hand = list(FILLERS)
    kinds = run(state, answer)
    assert kinds == ["hire", "rearrange", "play"]
    assert all(o == "rearrange keep" or o.startswith("rearrange -,") for o in seen[0])
    assert player.spaces == ["TF-S-labourer", "TF-S-abbot", "TF-S-squire"]
    assert player.virtue == 6 and "TF-B-architect" in player.discard   # Journeyman's virtue


def _floor_cases() -> list[Any]:
    out = []
    for card, column in itertools.product(BASE_CARDS, ("instant", "dropoff")):
        term = getattr(card, column)
        if term.name == "one_of" and any(t.name == "destroy" for t in term.subterms()):
            other = next(str(t) for t in term.subterms() if t.name != "destroy")
            out.append(pytest.param(card.id, column, other,
                                    id=f"{card.id}-{column}-VB-10.3+VB-2.2.3+VB-R05"))
    return out


@pytest.mark.parametrize(("card_id", "column", "other"), _floor_cases())
def test_card_one_of_destroy_at_three_card_floor(card_id: str, column: str, other: str) -> None:
    """VB-10.3 / VB-2.2.3 / VB-R05: with exactly three owned cards a destroy cannot happen,
    so a one_of with a destroy part resolves its other part without asking."""
    card = DATA.card(card_id)
    state = position()
    player = state.position.players[0]
    player.draw, player.discard = [], []
    if column == "instant":
        player.hand, player.spaces = [card_id, "TF-S-abbot"], ["TF-S-squire", None, None]
    else:
        player.hand, player.spaces = ["TF-S-abbot"], ["TF-S-squire", None, card_id]
    assert len(player.cards_owned()) == 3
    before = snapshot(state)
    turns.begin_manage(state.position, 0)
    if column == "instant":
        kinds = run(state, Policy(picks=[other], fixed={"play": f"play {card_id}"}))
        start = dict(before, hand=["TF-S-abbot"], spaces=[card_id, "TF-S-squire", None])
        start["corruption"] = min(1 + card.icon_count("criminal"), before["virtue"])
    else:
        kinds = run(state, Policy(picks=[other]), stop=lambda task: task[0] == "play")
        start = dict(before, discard=[card_id], spaces=[None, "TF-S-squire", None])
    expected = expect(state, start, other)
    assert kinds.count("pick") == 0                         # only one part can resolve
    assert_same(snapshot(state), expected, start)


# ============================================================================ coverage of the base set

def test_every_base_card_is_exercised() -> None:
    """VB-1.3 / VB-1.4 / VB-1.5: the parametrised tests above reach every base component."""
    def ids(cases: list[Any]) -> set[str]:
        return {str(c.values[0]) for c in cases}

    assert len(BASE_TOWNSFOLK) == 8 + 68 and len(BASE_HEROES) == 10
    assert len(BASE_MANUSCRIPTS) == 35 and len(BASE_PLAYER_CARDS) == 10
    assert len(BASE_CLERIC_BONUS) == 4 and [le.id for le in BASE_LEADERS] == ["CL0"]
    assert len(BASE_SCHEMES) == 16
    assert ids(_all_cards_cases()) == {c.id for c in BASE_CARDS}
    effect_columns = ids(_cases(BASE_CARDS, "dropoff", "")) | ids(_trigger_cases()) \
        | ids(_cases(BASE_TOWNSFOLK, "recruit", "")) | {c[0] for c in CONVERSIONS} \
        | ids(_cases(BASE_CARDS, "instant", ""))
    with_effect = {c.id for c in BASE_CARDS
                   if any(getattr(c, col).name != "none"
                          for col in ("instant", "ongoing", "dropoff", "recruit"))}
    assert effect_columns == with_effect                     # every ability column tested
    ongoing = {c.id for c in BASE_CARDS if c.ongoing.name != "none"}
    assert ongoing == ids(_trigger_cases()) | {c[0] for c in CONVERSIONS}
    assert ids(_manuscript_cases()) == {m.id for m in BASE_MANUSCRIPTS}
