"""Every Keeper of Keys card, exercised through the engine with the Keys components in play.

The Keys cards are the ``townsfolk.csv`` rows of sets ``Keys`` (20 neutrals) and
``KeysStarter`` (the new Journeyman, Lender and Trader), the ``heroes.csv`` rows of set
``Keys`` (10) and the five Keys manuscripts.  Each non-empty effect column goes through the
engine's own path, as in ``test_cards.py``: the immediate effect by playing the card
(VB-6.1.2-6.1.4), the drop-off by shifting it out of space 3 (VB-6.1.1, VK-3.2 for
``remove_self``), the top-right effect by hiring it (VB-6.4), an ongoing trigger by its event
(VB-7.17).  The expected result comes from the independent oracle of ``test_cards.py``,
extended here with the Keys terms: ``gain_hero`` (VK-3.1), ``gain_chest`` (VK-4.1),
``remove_self`` (VK-3.2, VK-R05) and ``move_viscount`` (VB-7.16).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from keepers.games.viscounts import ViscountsState
from keepers.games.viscounts.data import CardDef, load_data
from keepers.games.viscounts.effects import Term
from keepers.games.viscounts.rules import turns
from keepers.games.viscounts.rules.effects import term_of

from .test_cards import (
    FILLERS,
    TERM_CLAUSE,
    Oracle,
    Policy,
    _trigger_event,
    assert_same,
    comparable,
    pick_paths,
    position,
    run,
    snapshot,
)

DATA = load_data()
KEYS_TOWNSFOLK = [c for c in DATA.townsfolk.values() if c.set in ("Keys", "KeysStarter")]
KEYS_HEROES = [h for h in DATA.heroes.values() if h.set == "Keys"]
KEYS_CARDS = KEYS_TOWNSFOLK + KEYS_HEROES
KEYS_MANUSCRIPTS = [m for m in DATA.manuscripts.values() if m.set == "Keys"]
HERO_ROW = ["H-B-emma", "H-B-rudolf", "H-B-ada"]
HERO_DECK = ["H-B-clovis"]
CHEST_ROW = ["C01", "C10", "C13", "C16"]
CHEST_PILE = ["C05"]

KEYS_CLAUSE = {**TERM_CLAUSE, "gain_hero": "VK-3.1", "gain_chest": "VK-4.1",
               "remove_self": "VK-3.2", "move_viscount": "VB-7.16", "trade": "VB-7.15",
               "transcribe": "VB-7.15"}


def clauses(term: Term) -> str:
    """The clause ids of every term name inside ``term`` (for test ids)."""
    found = sorted({KEYS_CLAUSE[t.name] for t in term.walk() if t.name in KEYS_CLAUSE})
    return "+".join(found) if found else "VB-10.2"


def _cases(cards: list[CardDef], column: str, clause: str,
           clauses_of: Callable[[Term], str] | None = None) -> list[Any]:
    """One pytest param per card (and per ``one_of`` branch path) with a non-empty column;
    ``clauses_of`` names the clauses of a term in the test ids (default: the Keys ones)."""
    clauses_of = clauses_of or clauses
    out = []
    for card in cards:
        term: Term = getattr(card, column)
        if term.name == "none":
            continue
        paths = pick_paths(term)
        for index, picks in enumerate(paths):
            suffix = f"-branch{index + 1}" if len(paths) > 1 else ""
            out.append(pytest.param(card.id, picks,
                                    id=f"{card.id}{suffix}-{clause}+{clauses_of(term)}"))
    return out


def keys_position(players: int = 2) -> ViscountsState:
    """The blank position of ``test_cards.position`` with the Keys rows and chests laid out."""
    state = position(players)
    state.position.ext = {
        "expansions": "keys", "owned": [[] for _ in range(players)],
        "hero_row": list(HERO_ROW), "hero_deck": list(HERO_DECK),
        "chest_row": list(CHEST_ROW), "chest_pile": list(CHEST_PILE),
        "chests": [[None, None, None] for _ in range(players)]}
    return state


def keys_snapshot(state: ViscountsState, seat: int = 0) -> dict[str, Any]:
    """:func:`snapshot` plus the Keys rows, piles and the seat's chests."""
    snap = snapshot(state, seat)
    ext = state.position.ext
    for key in ("hero_row", "hero_deck", "chest_row", "chest_pile"):
        snap[key] = list(ext.get(key, []))
    snap["chests"] = list(ext["chests"][seat]) if "chests" in ext else []
    return snap


class KeysOracle(Oracle):
    """The oracle of ``test_cards`` with the Keeper of Keys terms (first option each time)."""

    def apply(self, term: Term | str, source: str = "") -> None:
        if isinstance(term, str):
            term = term_of(term)
        s = self.sim
        if term.name == "gain_hero":                       # VK-3.1, VK-R06, VK-7.2
            if s["hero_row"]:
                s["hand"].append(s["hero_row"].pop(0))
                if s["hero_deck"]:
                    s["hero_row"].insert(0, s["hero_deck"].pop())
        elif term.name == "gain_chest":                    # VK-4.1
            if s["chest_row"] and None in s["chests"]:
                s["chests"][s["chests"].index(None)] = s["chest_row"].pop(0)
                if s["chest_pile"]:
                    s["chest_row"].insert(0, s["chest_pile"].pop())
        elif term.name == "remove_self":                   # VK-3.2, VK-R05
            if source in s["discard"] and self.owned() > 3:
                s["discard"].remove(source)
                s["removed"].append(source)
        elif term.name == "move_viscount":                 # VB-7.16: the first destination
            geo = self.state.position.geo
            steps = {int(n) for n in term.word(0).split("|")}
            s["node"] = sorted({t for n in steps for t in geo.reachable(s["node"], n)})[0]
        elif term.name in ("trade", "transcribe"):         # VB-7.15, VK-R02: at an outside
            assert not s["node"].endswith(".I")            # space "trade 0" (Policy) changes
            # nothing and a Transcribe does nothing at all.
        else:
            super().apply(term, source)


def keys_expect(state: ViscountsState, before: dict[str, Any], term: Term | str,
                picks: list[str], source: str = "",
                oracle_class: type[KeysOracle] = KeysOracle) -> dict[str, Any]:
    """The snapshot ``before`` changed as the oracle says ``term`` changes it."""
    sim = {k: (list(v) if isinstance(v, list) else v) for k, v in before.items()}
    sim["castle"] = [list(t) for t in before["castle"]]
    sim["spots"] = dict(before["spots"])
    sim["tf_piles"] = [list(p) for p in before["tf_piles"]]
    sim["ms_piles"] = [list(p) for p in before["ms_piles"]]
    oracle = oracle_class(state, sim, 0, picks)
    oracle.apply(term, source)
    assert not oracle.picks, "unused one_of picks"
    return sim


RANDOM_ORDER = ("shuffle",)                # the new draw pile's order is random
CASCADE = ("place_workers", "move_worker_tier1")   # castle choices and cascade rewards


def assert_keys_same(actual: dict[str, Any], expected: dict[str, Any], term: Term,
                     start: dict[str, Any] | None = None) -> None:
    """:func:`assert_same`, with what the oracle does not model compared more loosely:
    after a shuffle the hand and draw pile as one multiset; after worker placements or moves
    the castle's worker total only (the section choice and cascade rewards are tested in
    ``test_cards``)."""
    names = {t.name for t in term.walk()}
    actual, expected = dict(actual), dict(expected)
    if names & set(RANDOM_ORDER):
        for snap in (actual, expected):
            snap["hand"] = sorted(snap.pop("hand") + snap.pop("draw"))
    if names & set(CASCADE):
        assert sum(map(sum, actual["castle"])) == sum(map(sum, expected["castle"]))
        for snap in (actual, expected):
            for key in ("castle", "ink", "gold", "stone", "silver", "virtue", "corruption"):
                snap.pop(key)
        if start is not None:
            start = None
    assert_same(actual, expected, start)


def _instant_cases() -> list[Any]:
    out = []
    for card in KEYS_CARDS:
        paths = pick_paths(card.instant)
        for index, picks in enumerate(paths):
            suffix = f"-branch{index + 1}" if len(paths) > 1 else ""
            out.append(pytest.param(card.id, picks, id=f"{card.id}{suffix}-VK-2.1+VB-6.1.4"
                                    f"+{clauses(card.instant)}"))
    return out


@pytest.mark.parametrize(("card_id", "picks"), _instant_cases())
def test_keys_card_played_from_hand(card_id: str, picks: list[str]) -> None:
    """VK-2.1 / VB-6.1.2-6.1.4 / VK-3.3: a Keys card played into space 1 pays the criminal
    surcharge and resolves its immediate effect (Scarlette's Transcribe only inside, VK-R02)."""
    card = DATA.card(card_id)
    state = keys_position()
    player = state.position.players[0]
    player.hand = list(FILLERS) + [card_id]
    player.spaces = ["TF-S-squire", "TF-S-abbot", None]
    before = keys_snapshot(state)
    turns.begin_manage(state.position, 0)
    run(state, Policy(picks=list(picks), fixed={"play": f"play {card_id}"}))
    start = dict(before, hand=list(FILLERS), spaces=[card_id, "TF-S-squire", "TF-S-abbot"])
    start["corruption"] = min(before["corruption"] + card.icon_count("criminal"),
                              before["virtue"])
    expected = keys_expect(state, start, card.instant, picks, card_id)
    assert_keys_same(keys_snapshot(state), expected, card.instant)
    assert state.position.turn["distance"] == card.silver


@pytest.mark.parametrize(("card_id", "picks"), _cases(KEYS_CARDS, "dropoff", "VK-3.2"))
def test_keys_card_dropoff(card_id: str, picks: list[str]) -> None:
    """VB-6.1.1 / VK-3.1 / VK-3.2 / VK-R05: the drop-off resolves; ``remove_self`` takes the
    card out of the game after the other effects (gained heroes go to hand)."""
    card = DATA.card(card_id)
    state = keys_position()
    player = state.position.players[0]
    player.spaces = ["TF-S-squire", "TF-S-abbot", card_id]
    before = keys_snapshot(state)
    turns.begin_manage(state.position, 0)
    run(state, Policy(picks=list(picks)), stop=lambda task: task[0] == "play")
    start = dict(before, spaces=[None, "TF-S-squire", "TF-S-abbot"],
                 discard=before["discard"] + [card_id])
    expected = keys_expect(state, start, card.dropoff, picks, card_id)
    assert_keys_same(keys_snapshot(state), expected, card.dropoff, start)
    if any(t.name == "remove_self" for t in card.dropoff.walk()):
        assert card_id in state.position.removed and card_id not in player.discard


def test_remove_self_keeps_the_three_card_floor() -> None:
    """VK-R05 / VB-R05: a self-removing hero stays when its owner has only three cards."""
    state = keys_position()
    player = state.position.players[0]
    player.hand, player.draw, player.discard = [], [], []
    player.spaces = ["TF-S-squire", "TF-S-abbot", "H-K-delphine"]
    turns.begin_manage(state.position, 0)
    run(state, Policy(), stop=lambda task: task[0] == "play")
    assert player.manuscripts == ["M02"]                       # the other effect happened
    assert "H-K-delphine" in player.discard and "H-K-delphine" not in state.position.removed


@pytest.mark.parametrize(("card_id", "picks"), _cases(KEYS_TOWNSFOLK, "recruit", "VB-6.4.1"))
def test_keys_card_hired(card_id: str, picks: list[str]) -> None:
    """VB-6.4.1 / VB-6.4.2 / VK-R01: hiring a Keys townsfolk pays it, puts it in the discard
    pile and resolves its top-right effect (a chest or a hero, then the bonus)."""
    card = DATA.card(card_id)
    state = keys_position()
    player = state.position.players[0]
    player.spaces = ["TF-S-squire", "TF-S-abbot", None]
    player.silver = card.silver + 1
    state.position.tf_piles[0].append(card_id)
    before = keys_snapshot(state)
    state.position.stack = [("recruit", 0)]
    state.position.phase = "recruit"
    run(state, Policy(picks=list(picks), fixed={"recruit": f"recruit {card_id}"}))
    piles = [list(p) for p in before["tf_piles"]]
    piles[0].pop()
    start = dict(before, silver=1, discard=before["discard"] + [card_id], tf_piles=piles)
    assert_same(keys_snapshot(state), keys_expect(state, start, card.recruit, picks), start)


TRIGGERS = ("on_trade", "on_build", "on_noble_action", "on_transcribe", "on_flip_debt")


def _trigger_cases() -> list[Any]:
    out = []
    for card in KEYS_CARDS:
        if card.ongoing.name not in TRIGGERS:
            continue
        for index, picks in enumerate(pick_paths(card.ongoing)):
            out.append(pytest.param(card.id, picks, id=f"{card.id}-{index + 1}-VB-7.17+"
                                    f"{clauses(card.ongoing)}"))
    return out


@pytest.mark.parametrize(("card_id", "picks"), _trigger_cases())
def test_keys_card_ongoing_trigger(card_id: str, picks: list[str]) -> None:
    """VB-7.17 / VB-6.3.8: a Keys card in a card space adds its triggered effect to the event
    (the new Trader, Jewellers, Deacon, Overseer, Woodcutter, Debt Collector)."""
    card = DATA.card(card_id)
    trigger = card.ongoing.name
    with_card = _trigger_event(card_id, trigger, picks, 0)
    without = _trigger_event(None, trigger, [], 0)
    start = dict(snapshot(without), spaces=[card_id, "TF-B-antagonist", "TF-B-antagonist"])
    sim = {k: (list(v) if isinstance(v, list) else v) for k, v in start.items()}
    sim["castle"] = [list(t) for t in start["castle"]]
    sim["spots"] = dict(start["spots"])
    oracle = KeysOracle(with_card, sim, 0, picks)
    oracle.apply(card.ongoing.sub(0))
    assert comparable(sim) != comparable(start)
    assert_same(snapshot(with_card), sim)


def test_renauld_gains_a_stone_on_each_hire() -> None:
    """VB-10.5 on_hire: Renauld in a card space gives 1 stone whenever its owner hires."""
    state = keys_position()
    player = state.position.players[0]
    player.spaces = ["H-K-renauld", None, None]
    player.silver = 5
    state.position.stack = [("hire", 0, "free")]
    run(state, Policy())
    assert player.stone == 1
    state.position.stack = [("hire", 0, "free")]
    player.spaces = [None, None, None]
    run(state, Policy())
    assert player.stone == 1


@pytest.mark.parametrize("ms_id", [m.id for m in KEYS_MANUSCRIPTS if m.immediate.name != "none"])
def test_keys_manuscript_immediate(ms_id: str) -> None:
    """VK-2.2 / VB-7.14: a Keys manuscript's immediate effect (a chest, a hero, or either)."""
    ms = DATA.manuscripts[ms_id]
    state = keys_position()
    before = keys_snapshot(state)
    picks = pick_paths(ms.immediate)[0]
    state.position.stack = [("eff", 0, ms.immediate.text, ms_id)]
    run(state, Policy(picks=list(picks)))
    assert_same(keys_snapshot(state), keys_expect(state, before, ms.immediate, picks), before)


def test_scarlette_transcribes_before_moving_inside() -> None:
    """VK-3.3 / VK-R02: Scarlette played on an inside space takes a Transcribe action at
    once, in phase 1 (before movement), fires on_transcribe and still gains the corruption;
    the action counts as the turn's dismissal opportunity."""
    state = keys_position()
    player = state.position.players[0]
    player.node = "0.I"
    player.ink = 4
    state.position.ms_piles[0] = ["M02"]
    player.hand = list(FILLERS) + ["H-K-scarlette"]
    player.spaces = ["TF-S-squire", "TF-S-abbot", None]
    corruption = player.corruption
    turns.begin_manage(state.position, 0)
    run(state, Policy(fixed={"play": "play H-K-scarlette", "dismiss": "dismiss none"}),
        stop=lambda task: task[0] == "move")
    assert "M02" in player.manuscripts
    assert player.corruption == corruption + 1
    assert state.position.phase != "move"
