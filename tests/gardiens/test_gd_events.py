"""Event cards (GR-23) and the end of round (GR-17), worked example WE-8."""

from __future__ import annotations

import pytest
from gdhelp import BLUE, GREEN, RED, act, blank, build_on, give, hx, put, refresh, set_events

from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.rules import events, scoring, seats, turn


def reveal(st: GardiensState, event_id: str) -> None:
    set_events(st, event_id)
    events.reveal(st)
    refresh(st)


@pytest.mark.parametrize(("event_id", "label", "resource"), [
    ("EV01", "T01", 0), ("EV02", "T08", 1), ("EV03", "T15", 2),
])
def test_production_delta_events(event_id: str, label: str, resource: int) -> None:
    """GR-23.1 GR-23.2 GR-23.3 EV01 EV02 EV03: next round, +1 of the printed resource."""
    st = blank(2)
    put(st, RED, label, 1)
    reveal(st, event_id)
    assert st.round_effect.startswith(event_id)
    turn.begin_turn(st)
    refresh(st)
    act(st, "skip")
    assert st.cubes[RED][resource] == 2


def test_next_round_effect_expires_at_end_of_round() -> None:
    """GR-17.1 GR-23.1: at most one next-round effect; it expires at the next end of round."""
    st = blank(2)
    reveal(st, "EV10")
    assert events.forbidden(st, "move")
    set_events(st, "EV17")
    turn.end_round(st)
    assert st.round_effect == ""


def test_drought_and_blizzard_and_embargo() -> None:
    """GR-23.3 EV04 EV06 EV10 GR-9.7: production_zero food; no TRADE; no MOVE."""
    st = blank(2, bank_trade=True)
    put(st, RED, "T01", 2)
    give(st, RED, wood=3)
    reveal(st, "EV10")
    assert not any(a.startswith("move") for a in st.legal_actions())
    assert "trade bank" in st.legal_actions()
    reveal(st, "EV06")
    assert "trade bank" not in st.legal_actions()
    reveal(st, "EV04")
    assert events.adjust_printed(st, st.data.res("food"), 2) == 0


def test_flood_and_plague() -> None:
    """GR-23.2 remove_guardians EV07 EV11: matching hexes found first, then removals."""
    st = blank(2)
    put(st, RED, "T21", 3)
    put(st, BLUE, "T22", 2)
    put(st, BLUE, "T01", 4)
    reveal(st, "EV07")
    assert st.count[hx(st, "T21")] == 2 and st.count[hx(st, "T22")] == 2
    reveal(st, "EV11")
    assert st.count[hx(st, "T01")] == 2 and st.count[hx(st, "T21")] == 2


def test_forest_fire_halves_wood() -> None:
    """GR-23.2 lose_half EV08."""
    st = blank(2)
    give(st, RED, wood=5)
    give(st, BLUE, wood=1)
    reveal(st, "EV08")
    assert st.cubes[RED][0] == 3 and st.cubes[BLUE][0] == 1


def test_earthquake_destroys_watchtowers() -> None:
    """GR-23.2 destroy_buildings EV09 GR-7.5."""
    st = blank(2)
    put(st, RED, "T01", 1)
    build_on(st, "T01", "watchtower")
    build_on(st, "T02", "watchtower")
    build_on(st, "T08", "market")
    reveal(st, "EV09")
    assert st.building[hx(st, "T01")] == -1 and st.building[hx(st, "T02")] == -1
    assert st.hex_building(hx(st, "T08")) == "market"
    assert st.bsupply[st.data.building_index["watchtower"]] == 4


def test_creatures() -> None:
    """GR-23.3 EV12 EV13 EV14 EV15: lone guardians, no-fortress, Citadel, Sources."""
    st = blank(2)
    put(st, RED, "T08", 1)
    put(st, BLUE, "T09", 1)
    build_on(st, "T09", "fortress")
    put(st, RED, "C", 3)
    put(st, BLUE, "S-E", 1)
    put(st, BLUE, "S-NW", 2)
    reveal(st, "EV13")
    assert st.count[hx(st, "T08")] == 0 and st.count[hx(st, "T09")] == 1
    reveal(st, "EV14")
    assert st.count[hx(st, "C")] == 1
    reveal(st, "EV15")
    assert st.count[hx(st, "S-E")] == 0 and st.count[hx(st, "S-NW")] == 2


def test_goblin_raiders() -> None:
    """GR-23.2 raid EV16: players with >= 6 cubes lose 1 of their largest type (tie: order)."""
    st = blank(3)
    give(st, RED, wood=3, stone=3)
    give(st, BLUE, gold=5)
    give(st, GREEN, food=4, magic=2)
    reveal(st, "EV16")
    assert st.cubes[RED][:2] == [2, 3]
    assert st.cubes[BLUE][2] == 5
    assert st.cubes[GREEN][3] == 3


def test_collective_bonuses() -> None:
    """GR-23.2 all_gain all_draw home_reinforce EV17 EV18 EV19 EV20 EV21: turn order from the
    first player; conditions respected; supply limits."""
    st = blank(3)
    st.supply[3] = 2
    refresh(st)
    reveal(st, "EV17")
    assert [c[3] for c in st.cubes] == [1, 1, 0]
    reveal(st, "EV18")
    assert [c[2] for c in st.cubes] == [1, 1, 1]
    reveal(st, "EV19")
    assert [len(h) for h in st.hands] == [1, 1, 1]
    put(st, BLUE, "T01", 1)
    build_on(st, "T01", "temple")
    reveal(st, "EV20")
    assert [c[4] for c in st.cubes] == [0, 1, 0]
    put(st, RED, "H1", 1)
    put(st, GREEN, "H2", 1)
    reveal(st, "EV21")
    assert st.count[hx(st, "H1")] == 2 and st.count[hx(st, "H2")] == 1


def test_events_ignore_protection() -> None:
    """GR-23.1: events ignore Warding Sigil protection."""
    st = blank(2)
    put(st, RED, "C", 2)
    st.protect[hx(st, "C")] = RED
    reveal(st, "EV14")
    assert st.count[hx(st, "C")] == 0


def test_we8_end_of_round_event_snapshot_token() -> None:
    """GR-27.8 (WE-8) GR-17.2 GR-17.3 GR-17.5 GR-17.6 GR-17.7 GR-26.22: event, then snapshot,
    deck check, round + 1, token passes."""
    st = blank(3)
    green, red, blue = 0, 1, 2  # seats 1, 2, 3 as in the example (colour names differ)
    st.round = 6
    put(st, red, st.label(st.home(red)), 1)
    for label in ("T05", "T10", "T14"):
        put(st, red, label, 2)
    put(st, green, "T22", 1)
    build_on(st, "T22", "fortress")
    for label in ("T03", "T09", "T16", "T04"):
        put(st, green, label, 2)
    put(st, blue, "T21", 2)
    for label in ("C", "T01", "T06"):
        put(st, blue, label, 2)
    set_events(st, "EV12")
    while len(st.events) > 25:
        st.event_discard.append(st.events.pop(0))
    assert seats.first_player(st) == blue
    st.turn_in_round = 2
    st.active = red
    refresh(st)
    turn.end_round(st)
    assert st.event_discard[-1].startswith("EV12")
    assert st.snap_hexes[red] == 3 and st.snap_hexes[green] == 5 and st.snap_hexes[blue] == 4
    assert st.snap_citadel == blue and scoring.public_vp(st, blue) == 4 + 5
    assert len(st.events) == 24 and not st.over
    assert st.round == 7 and st.active == green
    assert st.phase == "alliance"


def test_forced_end_when_event_deck_is_empty() -> None:
    """GR-17.5 GR-19.3 GR-19.4 GR-26.23 GR-26.24: the game ends after the end-of-round
    sequence that draws the last event; highest VP, then hexes, then shared."""
    st = blank(2)
    st.event_discard += st.events[:-1]
    st.events = st.events[-1:]
    put(st, RED, "T01", 1)
    put(st, BLUE, "T08", 1)
    st.banked_build[RED] = 2
    st.banked_build[BLUE] = 2
    turn.end_round(st)
    assert st.over and st.end_reason == "events_exhausted"
    assert st.winners() == [RED, BLUE]
    st2 = blank(2)
    st2.event_discard += st2.events[:-1]
    st2.events = st2.events[-1:]
    put(st2, RED, "T01", 1)
    put(st2, RED, "T02", 1)
    put(st2, BLUE, "T08", 1)
    st2.banked_build[BLUE] = 1
    turn.end_round(st2)
    assert scoring.vp(st2, RED) == scoring.vp(st2, BLUE) == 2
    assert st2.winners() == [RED]
