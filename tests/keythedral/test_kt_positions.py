"""Positions read from files are checked in full (KT-1, KT-2, KT-3, KT-13.4), and the
builder sets up positions in the rules' own terms.

Each corrupt position is refused with one line that names its field; the dict
handed in is left as it was; a position that passes plays on.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ktplay import canon, check_components, check_cubes
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.errors import KeepersError, RecordError
from keepers.core.match import run_game
from keepers.games.keythedral import GAME, builder
from keepers.games.keythedral.validate import OPTION_NAMES

Change = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="module")
def midgame() -> dict[str, Any]:
    """A phase-3 position of a 3-player game, as read back from JSON."""
    _, record = run_game(GAME, ["greedy", "random", "greedy"], 4, keep_record=True)
    assert record is not None
    state = record.replay(upto=1)
    for upto in range(len(record.actions) // 3, len(record.actions)):
        state = record.replay(upto)
        if state.position.phase == 3 and state.position.hands[0]:  # type: ignore[attr-defined]
            break
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def _set(key: str, value: Any) -> Change:
    return lambda d: d.__setitem__(key, value)


def _law_in_deck_and_hand(d: dict[str, Any]) -> None:
    d["hands"][0].append(d["deck"][0] if d["deck"] else d["discard"][0])


def _duplicate_c01(d: dict[str, Any]) -> None:
    d["discard"].append("C01")


def _fences_left(d: dict[str, Any]) -> None:
    d["fences_left"][1] = -2


def _tile_far_away(d: dict[str, Any]) -> None:
    d["tiles"][0][0] = 10**6


def _worker_off_the_fields(d: dict[str, Any]) -> None:
    d["workers"] = [[60, 60, 0]]


def _unknown_field_tile(d: dict[str, Any]) -> None:
    d["fields"][0][3] = "QUA-9z"


def _wrong_field_type(d: dict[str, Any]) -> None:
    d["fields"][0][2] = (d["fields"][0][2] + 1) % 5


def _field_twice(d: dict[str, Any]) -> None:
    d["stack"].append(d["fields"][0][3])


def _tile_lost(d: dict[str, Any]) -> None:
    d["unused"][0].pop()


def _tile_slot_mismatch(d: dict[str, Any]) -> None:
    x, y, owner, number, _ = d["tiles"][0]
    d["tile_slot"][owner][number - 1] = [x + 2, y]


def _bad_event(d: dict[str, Any]) -> None:
    d["log"].append(["trade", 0, [1, 2]])


def _unknown_step(d: dict[str, Any]) -> None:
    d["frames"].append(["teleport", 0])


def _pay_to_nobody(d: dict[str, Any]) -> None:
    d["frames"].append(["pay", 0, 2, 0, 9])


def _law_play_not_in_hand(d: dict[str, Any]) -> None:
    d["frames"].append(["win", "WT", [0], 0, 0, -1])
    d["pending"] = ["law", 0, ["WT", ["play C99"]]]


def _cube_from_nowhere(d: dict[str, Any]) -> None:
    d["stocks"][0][7] += 1


CASES: dict[str, tuple[Change, str]] = {
    "law card in deck and hand (KT-1.5)": (_law_in_deck_and_hand, "law cards do not add up"),
    "duplicate C01 (KT-1.5)": (_duplicate_c01, "C01 is found twice"),
    "fences_left -2 (KT-1.6)": (_fences_left, "fences_left[1] must be a whole number from 0"),
    "round -5": (_set("round", -5), "round must be a whole number from 0"),
    "round 10**6 (cap)": (_set("round", 10**6), "round must be a whole number from 0 to 60"),
    "players 3.9": (_set("players", 3.9), "players must be a whole number"),
    "rng negative": (_set("rng", -1), "rng must be a whole number"),
    "rng as text": (_set("rng", "7"), "rng must be a whole number"),
    "tile at x 10**6 (KT-2)": (_tile_far_away, "tiles[0] must be a whole number from -64"),
    "worker on no field (KT-5.5)": (_worker_off_the_fields, "workers[0] stands on no field"),
    "unknown field tile (KT-1.3)": (_unknown_field_tile, "fields[0][3] must be one of"),
    "field type not the tile's (KT-1.3)": (_wrong_field_type, "fields[0][2] must be"),
    "field tile twice (KT-3.8)": (_field_twice, "field tiles do not add up"),
    "building tile lost (KT-1.4)": (_tile_lost, "building tiles do not add up"),
    "cottage misfiled (KT-2.9)": (_tile_slot_mismatch, "tile_slot["),
    "cube from nowhere (KT-0.4)": (_cube_from_nowhere, "yellow cubes"),
    "event of the wrong shape (KT-13.4)": (_bad_event, "must be a short list of texts"),
    "unknown step": (_unknown_step, "frames[" ),
    "payment to no seat (KT-0.7)": (_pay_to_nobody, "must be a whole number from -1"),
    "law poll for a card nobody holds (KT-4.10)": (_law_play_not_in_hand, "pending"),
    "window polled past its players (KT-4.10)": (
        lambda d: d["frames"].append(["win", "WT", [0], 3, 0, -1]), "poll window WT past"),
    "unknown option": (lambda d: d["options"].update(colour="red"), "unknown key 'colour'"),
    "option of the wrong type (KT-15.3)": (lambda d: d["options"].update(length=3),
                                           "options.length must be one of"),
    "over with a decision pending": (_set("over", True), "pending must name a decision"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_corrupt_position_is_refused_naming_its_field(midgame: dict[str, Any],
                                                      case: str) -> None:
    """KT-1.1 to KT-1.6, KT-2, KT-3.8, KT-13.4: one line naming the field, the input kept."""
    change, words = CASES[case]
    data = copy.deepcopy(midgame)
    change(data)
    before = canon(data)
    with pytest.raises(RecordError) as info:
        GAME.state_from_dict(data)
    text = str(info.value)
    assert words in text and "\n" not in text and text.startswith("bad Keythedral position")
    assert canon(data) == before


def test_the_uncorrupted_position_loads_and_plays(midgame: dict[str, Any]) -> None:
    """KT-1.6: the position every case above corrupts loads and plays on."""
    state = GAME.state_from_dict(copy.deepcopy(midgame))
    assert canon(state.to_dict()) == canon(midgame)
    state.apply(state.legal_actions()[0])
    check_cubes(state)  # type: ignore[arg-type]
    check_components(state)  # type: ignore[arg-type]


def test_positions_name_every_option() -> None:
    """KT-3.1: the options a position must name are those the game declares."""
    assert OPTION_NAMES == tuple(option.name for option in GAME.option_specs())


def test_a_far_tile_is_refused_by_the_position_command_at_once(tmp_path: Path,
                                                               midgame: dict[str, Any]) -> None:
    """KT-2: ``keepers position`` of a file with a tile at x = 10**6 prints one line and
    exits with code 2, without drawing (and allocating) a map that size."""
    data = copy.deepcopy(midgame)
    _tile_far_away(data)
    path = tmp_path / "far.json"
    path.write_text(json.dumps({"format": "keepers-position", "version": 1,
                                "game": "keythedral", "rules": GAME.rules_version,
                                "state": data}))
    started = time.perf_counter()
    result = CliRunner().invoke(app, ["position", str(path)])
    assert result.exit_code == 2 and time.perf_counter() - started < 5
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "tiles[0]" in lines[0], result.output


# ------------------------------------------------------------------ the builder
def test_builder_sets_a_spending_turn_in_the_rules_terms() -> None:
    """KT-7.2, KT-1: a builder table keeps every component once and waits at the turn."""
    s = builder.position(3, fields={(0, 0): "quarry", (2, 0): "forest", (0, 2): "lake"},
                         cottages={(1, -1): (0, 1)}, houses={(3, 1): (1, 2)},
                         fences={((1, -1), (2, 0)): 0}, hands={0: ["C14", "C20"]},
                         stocks={0: {"red": 2, "yellow": 1}}, turn=0)
    assert s.decision() is not None and s.decision().player == 0  # type: ignore[union-attr]
    assert s.position.phase == 3 and s.position.fields[(2, 0)] == 1
    assert s.position.fences_left[0] == 2 and sorted(s.position.hands[0]) == ["C14", "C20"]
    assert s.view(0)["you"]["cubes"] == {"red": 2, "yellow": 1}
    check_cubes(s)  # type: ignore[arg-type]
    check_components(s)  # type: ignore[arg-type]
    assert len(s.position.field_stack) + len(s.position.fields) == 19  # KT-3.8, 3 players


def test_builder_starts_a_phase_with_its_window() -> None:
    """KT-4.3: at the start of phase 2 the holder of a WS2 card is polled first."""
    s = builder.position(2, fields={(0, 0): "farm"}, workers={(0, 0): 1},
                         hands={1: ["C14"]}, phase=2)
    decision = s.decision()
    assert decision is not None and (decision.player, decision.kind) == (1, "law")
    assert "play C14" in s.legal_actions()


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"fields": {(0, 0): "desert"}}, "unknown field type"),
    ({"hands": {0: ["C01"], 1: ["C01"]}}, "dealt twice"),
    ({"stocks": {0: {"yellow": 11}}}, "only 10 yellow"),
    ({"fences": {((1, 1), (2, 0)): 0}}, "tiles"),
])
def test_builder_refuses_impossible_tables(kwargs: dict[str, Any], words: str) -> None:
    """KT-1: a table the components cannot make is refused in one line."""
    if "fences" in kwargs:
        kwargs = {**kwargs, "cottages": {(1, 1): (0, 1)}}  # the Keythedral slot (KT-2.9)
    with pytest.raises(KeepersError, match=words):
        builder.position(2, **kwargs)


def test_builder_example_runs() -> None:
    """The example in the builder's documentation gives what it shows."""
    import doctest

    results = doctest.testmod(builder)
    assert results.attempted >= 3 and results.failed == 0


def test_a_purchase_being_paid_needs_its_price() -> None:
    """KT-10.3, KT-10.4: while the buyer decides to pay or withdraw, the price names the
    eight colours; a position without it (the tile would be bought for nothing) is refused."""
    _, record = run_game(GAME, ["greedy", "greedy"], 2, keep_record=True)
    assert record is not None
    state = GAME.new_state(2, 2, record.options)
    for action in record.actions:
        if state.position.pending is not None and state.position.pending.kind == "final":  # type: ignore[attr-defined]
            break
        state.apply(action)
    data = json.loads(json.dumps(state.to_dict()))
    assert data["pending"][0] == "final" and len(data["price"]) == 8
    data["price"] = []
    with pytest.raises(RecordError, match="price must name the eight colours"):
        GAME.state_from_dict(data)


@pytest.mark.parametrize(("info", "seat"), [(2, 0), (1, 1)])
def test_the_marker_asked_is_the_next_one_of_its_chooser(info: int, seat: int) -> None:
    """KT-5.2: marker k is asked when k - 1 are down, of the k-th seat from F (found by the
    mutation tests: a wrong k made a later marker step with no number left)."""
    state = builder.position(3, phase=1)
    data = json.loads(json.dumps(state.to_dict()))
    assert data["pending"] == ["marker", 0, 1]
    data["pending"] = ["marker", seat, info]
    with pytest.raises(RecordError, match=r"pending must ask seat 0 for marker 1 \(KT-5.2\)"):
        GAME.state_from_dict(data)


def test_a_bid_and_a_payment_are_ones_the_seat_can_pay() -> None:
    """KT-9.4, KT-0.7: a standing bid names its bidder and a sum that bidder holds; a
    payment under way never asks for more cubes than the payer holds (found by the
    mutation tests: the winner of a bid it could not pay was left with nothing to pay)."""
    state = GAME.new_state(3, 8, {"max_rounds": 2})
    while state.position.pending.kind != "bid":  # type: ignore[union-attr]
        state.apply(state.legal_actions()[-1])
    data = json.loads(json.dumps(state.to_dict()))
    order, idx, high, high_by = data["pending"][2]
    assert (high, high_by) == (0, -1)
    unpaid = copy.deepcopy(data)
    unpaid["pending"][2] = [order, idx, 5, -1]
    with pytest.raises(RecordError, match=r"bid of 5 .*\(KT-9.4\)"):
        GAME.state_from_dict(unpaid)
    too_much = copy.deepcopy(data)
    too_much["frames"].append(["pay", 0, 131 - 1, 0, -1])
    with pytest.raises(RecordError, match=r"pay 130 cubes of .*\(KT-0.7\)"):
        GAME.state_from_dict(too_much)
