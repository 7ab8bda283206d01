"""Collection phase (GR-5) and worked example WE-1 (GR-27.1)."""

from __future__ import annotations

from gdhelp import BLUE, RED, act, blank, build_on, give, put, refresh, set_supply

from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.rules import turn


def start_turn(st: GardiensState) -> None:
    """Run the start of the active player's turn up to the alliance step."""
    turn.begin_turn(st)
    refresh(st)


def test_we1_collection_with_warehouse_temple_source_and_shortage() -> None:
    """GR-27.1 (WE-1) GR-5.2 GR-5.3 GR-5.4 GR-26.7 GR-26.32 GR-26.33 GR-2.5."""
    st = blank(3)
    st.round = 4
    st.round_effect = "EV01#1"  # Abundant Forests in force
    for label in ("H1", "T01", "S-E", "T15"):
        put(st, RED, label, 1)
    build_on(st, "T01", "warehouse")
    build_on(st, "T15", "temple")
    set_supply(st, "wood", 2)
    start_turn(st)
    act(st, "skip")
    assert st.phase == "collect"
    act(st, "source stone")
    assert st.cubes[RED] == [2, 1, 1, 1, 1]
    assert st.supply[st.data.res("wood")] == 0
    assert st.phase == "action"


def test_only_the_active_player_collects() -> None:
    """GR-5.1: only the active player collects, from hexes controlled now."""
    st = blank(2)
    put(st, RED, "T01", 1)
    put(st, BLUE, "T02", 1)
    start_turn(st)
    act(st, "skip")
    assert st.cubes[RED][0] == 1
    assert st.cubes[BLUE] == [0, 0, 0, 0, 0]


def test_citadel_produces_nothing_and_source_cubes_chosen_separately() -> None:
    """GR-2.4 GR-5.2: Citadel yields 0; a Warehouse Source owes 2 separately chosen cubes."""
    st = blank(2)
    put(st, RED, "C", 2)
    put(st, RED, "S-NW", 1)
    build_on(st, "S-NW", "warehouse")
    start_turn(st)
    act(st, "skip", "source gold", "source magic")
    assert st.cubes[RED] == [0, 0, 1, 0, 1]


def test_production_zero_and_temple_bonus_delta() -> None:
    """GR-5.2 GR-23.2: Drought zeroes printed food (even doubled); Ley-Line Flare gives
    +1 magic to magic hexes and 2 magic per Temple."""
    st = blank(2)
    put(st, RED, "T22", 1)
    build_on(st, "T22", "warehouse")
    put(st, RED, "T26", 1)
    build_on(st, "T26", "temple")
    st.round_effect = "EV04#1"
    start_turn(st)
    act(st, "skip")
    assert st.cubes[RED] == [0, 0, 0, 0, 2]  # food 0; magic 1 printed + 1 temple
    st2 = blank(2)
    put(st2, RED, "T26", 1)
    build_on(st2, "T26", "temple")
    st2.round_effect = "EV05#1"
    start_turn(st2)
    act(st2, "skip")
    assert st2.cubes[RED] == [0, 0, 0, 0, 4]  # 1 + 1 (flare) + 2 (temple)


def test_collection_then_checkpoint_and_actions() -> None:
    """GR-4.2 GR-6.1: after collection, exactly two actions, then the next player."""
    st = blank(2)
    put(st, RED, "T01", 1)
    put(st, BLUE, "T02", 1)
    give(st, RED, food=0)
    start_turn(st)
    act(st, "skip", "move T01 T08 1")
    assert st.actions_taken == 1 and st.phase == "action"
    act(st, "move T08 T01 1")
    assert st.active == BLUE and st.phase == "alliance"
