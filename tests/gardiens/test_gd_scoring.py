"""Objectives (GR-24), checkpoints (GR-4.4), VP (GR-18), victory (GR-19), WE-7."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from gdhelp import BLUE, RED, act, blank, build_on, deal, give, hx, put, refresh

from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.rules import board, scoring, turn

Setup = Callable[[GardiensState], None]


def _hexes(*labels: str) -> Setup:
    def setup(st: GardiensState) -> None:
        for label in labels:
            put(st, RED, label, 1)
    return setup


def _cubes(**cubes: int) -> Setup:
    return lambda st: give(st, RED, **cubes)


def _temple_magic(st: GardiensState) -> None:
    put(st, RED, "T01", 1)
    build_on(st, "T01", "temple")
    give(st, RED, magic=4)


def _counter(name: str, value: int) -> Setup:
    def setup(st: GardiensState) -> None:
        if name == "types_built":
            st.types_built[RED] = ["warehouse", "market", "temple"][:value]
        else:
            getattr(st, name)[RED] = value
    return setup


def _fortresses(st: GardiensState) -> None:
    for label in ("T01", "T08"):
        put(st, RED, label, 1)
        build_on(st, label, "fortress")


def _host(st: GardiensState) -> None:
    put(st, RED, "T01", 4)
    put(st, RED, "T08", 4)


def _homeland(st: GardiensState) -> None:
    for label in ("H1", "T26", "T02", "T08"):
        put(st, RED, label, 1)


CASES: list[tuple[str, Setup, Setup]] = [
    ("OB01", _hexes("T01", "T02", "T03"), _hexes("T01", "T02")),
    ("OB02", _hexes("T08", "T09", "T10"), _hexes("T08", "T09")),
    ("OB03", _cubes(gold=6), _cubes(gold=5)),
    ("OB04", _hexes("T21", "T22", "H2"), _hexes("T21", "T22")),
    ("OB05", _temple_magic, _cubes(magic=4)),
    ("OB06", _counter("combats_won", 3), _counter("combats_won", 2)),
    ("OB07", _counter("types_built", 3), _counter("types_built", 2)),
    ("OB09", _hexes("T01", "T02", "T03", "T04", "T05", "T06", "T08"),
     _hexes("T01", "T02", "T03", "T04", "T05", "T06")),
    ("OB10", _hexes("S-E", "S-NW"), _hexes("S-E")),
    ("OB11", _host, _hexes("T01")),
    ("OB12", _counter("trades", 3), _counter("trades", 2)),
    ("OB13", _fortresses, _hexes("T01")),
    ("OB15", _homeland, _hexes("H1", "T26", "T02")),
]


def with_objective(oid: str, setup: Setup) -> GardiensState:
    st = blank(2)
    other = "OB14" if oid != "OB14" else "OB01"
    st.objectives[RED] = [oid, other]
    st.achieved[RED] = [False, False]
    setup(st)
    return st


@pytest.mark.parametrize(("oid", "yes", "no"), CASES, ids=[c[0] for c in CASES])
def test_objective_conditions(oid: str, yes: Setup, no: Setup) -> None:
    """GR-24.2 GR-24.3 GR-18.5 GR-26.19 (OB01-OB07, OB09-OB13, OB15): accomplished at a checkpoint
    when the condition holds, 3 VP, for good."""
    st = with_objective(oid, yes)
    scoring.checkpoint(st, "CP3")
    assert st.achieved[RED][0] and scoring.objective_vp(st, RED) == 3
    st.owner = [-1] * len(st.owner)
    scoring.checkpoint(st, "CP3")
    assert st.achieved[RED][0]
    st2 = with_objective(oid, no)
    scoring.checkpoint(st2, "CP3")
    assert not st2.achieved[RED][0]


def test_heart_of_the_realm_only_at_cp6() -> None:
    """GR-24.2 OB08 GR-17.4: tested only at the snapshot checkpoint."""
    st = with_objective("OB08", _hexes("C"))
    scoring.checkpoint(st, "CP3")
    assert not st.achieved[RED][0]
    scoring.take_snapshot(st)
    scoring.checkpoint(st, "CP6")
    assert st.achieved[RED][0]


def test_spymaster_only_at_owners_cp4() -> None:
    """GR-24.2 OB14 GR-16.2: 5 cards after the end-of-turn discard, owner's CP4 only."""
    st = with_objective("OB14", _hexes("T01"))
    deal(st, RED, "AC01", "AC02", "AC03", "AC04", "AC05")
    scoring.checkpoint(st, "CP3")
    assert not st.achieved[RED][0]
    st.active = BLUE
    scoring.checkpoint(st, "CP4")
    assert not st.achieved[RED][0]
    st.active = RED
    scoring.checkpoint(st, "CP4")
    assert st.achieved[RED][0]


def test_non_active_player_accomplishes_objectives() -> None:
    """GR-24.3 GR-4.4: every player's objectives are tested at every checkpoint."""
    st = blank(2)
    st.objectives[BLUE] = ["OB03", "OB01"]
    st.achieved[BLUE] = [False, False]
    give(st, BLUE, gold=6)
    scoring.checkpoint(st, "CP1")
    assert st.achieved[BLUE] == [True, False]


def test_vp_formula_and_snapshot_replaces() -> None:
    """GR-18.1 GR-18.2 GR-18.3 GR-18.4 GR-18.6 GR-18.7 GR-26.16: VP = B + S_T + S_C + 3 O;
    the snapshot replaces, not accumulates."""
    st = blank(2)
    put(st, RED, "C", 1)
    put(st, RED, "T01", 1)
    st.banked_build[RED] = 4
    st.banked_combat[RED] = 1
    st.objectives[RED] = ["OB01", "OB02"]
    st.achieved[RED] = [True, False]
    assert scoring.vp(st, RED) == 5 + 3
    scoring.take_snapshot(st)
    assert st.snap_hexes[RED] == 2 and st.snap_citadel == RED
    assert scoring.public_vp(st, RED) == 5 + 2 + 5 and scoring.vp(st, RED) == 15
    board.remove(st, hx(st, "C"), 1)
    assert scoring.public_vp(st, RED) == 12
    scoring.take_snapshot(st)
    assert scoring.public_vp(st, RED) == 6 and scoring.banked(st, RED) == 5


def test_we7_immediate_victory_after_build() -> None:
    """GR-27.7 (WE-7) GR-19.1 GR-4.4 GR-18: 14 at CP1, BUILD to 16, win at CP3; the second
    action is not taken."""
    st = blank(2)
    st.active = BLUE
    st.banked_build[BLUE] = 4
    st.snap_hexes[BLUE] = 5
    st.snap_citadel = BLUE
    put(st, BLUE, "T22", 1)
    give(st, BLUE, stone=1, wood=1)
    turn.begin_turn(st)
    refresh(st)
    assert not st.over and scoring.vp(st, BLUE) == 14
    act(st, "skip", "build watchtower T22")
    assert st.over and st.winners() == [BLUE] and st.end_reason == "victory_points"
    assert st.actions_taken == 1
    assert st.legal_actions() == [] and st.decision() is None
    assert st.view(RED)["result"]["objectives"]  # GR-20.6: all objectives revealed


def test_only_the_active_player_wins_at_cp5_cp6() -> None:
    """GR-4.4 GR-19.2: nothing is won at the end-of-round checkpoints."""
    st = blank(2)
    st.banked_build[RED] = 20
    st.turn_in_round = 1
    st.active = BLUE
    turn.end_round(st)
    assert st.round == 2 and st.active == BLUE and not st.over
    act(st, "skip", "pass")
    assert st.over and st.winners() == [RED]  # at CP1 of its next turn


def test_turn_sequence_and_hand_limit_only_at_end() -> None:
    """GR-4.2 GR-4.3 GR-16.1 GR-16.2: start, alliance, collection, actions, end of turn."""
    st = blank(2)
    put(st, RED, "T01", 1)
    deal(st, RED, "AC01", "AC02", "AC03", "AC04", "AC05", "AC06")
    turn.begin_turn(st)
    refresh(st)
    assert st.phase == "alliance"
    act(st, "skip")
    assert st.phase == "action" and len(st.hands[RED]) == 6
    act(st, "move T01 T08 1", "move T08 T01 1")
    assert st.phase == "discard" and st.to_move() == RED
    act(st, st.legal_actions()[0])
    assert st.active == BLUE


def test_nothing_is_tested_inside_an_action() -> None:
    """GR-4.4 GR-19.1: reaching 15 by a combat win is tested at CP3, after the conquest."""
    from gdhelp import dice

    st = blank(2)
    put(st, RED, "T01", 3)
    put(st, BLUE, "T08", 1)
    st.banked_build[RED] = 14
    dice(st, "3", "3", "3", "1")
    act(st, "attack T01 T08 3")
    assert scoring.vp(st, RED) == 15 and st.phase == "conquer" and not st.over
    act(st, "conquer 2")
    assert st.over and st.winners() == [RED]
