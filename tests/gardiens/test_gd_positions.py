"""Corrupt records and position files are refused at once (GR-1.4, GR-14.1, GR-28.3)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from keepers.core.bots import RandomBot
from keepers.core.errors import RecordError
from keepers.core.record import GameRecord, load_position
from keepers.games.gardiens import GAME


def good_state() -> dict[str, Any]:
    st = GAME.new_state(3, 21, {})
    bots = [RandomBot(p, 21) for p in range(3)]
    for _ in range(150):
        st.apply(bots[st.to_move() or 0].choose(None, st.legal_actions()))
    data: dict[str, Any] = json.loads(json.dumps(st.to_dict()))
    return data


def corrupt_cases() -> dict[str, Any]:
    state = good_state()

    def with_state(**changes: Any) -> dict[str, Any]:
        return {**state, **changes}

    supply = list(state["supply"])
    supply[0] += 1
    cubes = [list(c) for c in state["cubes"]]
    cubes[0][1] = -1
    count = list(state["count"])
    first = next(i for i, c in enumerate(count) if c)
    count[first] = 6
    negative = [list(c) for c in state["cubes"]]
    shift = state["supply"][2] + 1
    moved = list(state["supply"])
    moved[2] -= shift
    negative[0][2] += shift
    return {
        "state-is-text": "garbage",
        "state-is-list": [],
        "state-is-empty": {},
        "missing-field": {k: v for k, v in state.items() if k != "rng"},
        "cubes-do-not-add-up": with_state(supply=supply),
        "negative-stock": with_state(cubes=cubes),
        "negative-supply-balanced": with_state(supply=moved, cubes=negative),
        "players-mismatch": with_state(players=state["players"] + 1),
        "unknown-pending": with_state(phase="nonsense", over=False),
        "overpopulated": with_state(count=count),
        "supply-not-a-list": with_state(supply="full"),
        "lost-card": with_state(deck=state["deck"][1:]),
        "bad-decider": with_state(decider=7),
        "bad-event": with_state(round_effect="EV99#1"),
    }


@pytest.mark.parametrize("case", list(corrupt_cases()))
def test_corrupt_position_is_refused(tmp_path: Path, case: str) -> None:
    """GR-1.4 GR-14.1 GR-14.4 GR-28.3: a corrupt position raises a one-line RecordError."""
    data = {"format": "keepers-position", "version": 1, "game": "gardiens",
            "rules": GAME.rules_version, "state": corrupt_cases()[case]}
    path = tmp_path / f"{case}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_position(path)
    assert str(info.value) and "\n" not in str(info.value)


def test_good_position_loads(tmp_path: Path) -> None:
    """GR-28.3: the uncorrupted position loads (so each case above tests its defect)."""
    state = good_state()
    path = tmp_path / "good.json"
    path.write_text(json.dumps({"format": "keepers-position", "version": 1,
                                "game": "gardiens", "rules": GAME.rules_version,
                                "state": state}), encoding="utf-8")
    name, loaded = load_position(path)
    assert name == "gardiens" and loaded.to_dict() == state and loaded.legal_actions()


@pytest.mark.parametrize("options", [{"max_rounds": "abc"}, {"coop": "maybe"},
                                     {"colour": "red"}, {"max_rounds": 0}])
def test_record_with_bad_option_is_refused(options: dict[str, Any]) -> None:
    """GR-25.1 GR-28.2: options of the wrong type or unknown options are refused."""
    record = GameRecord(game="gardiens", players=2, seed=1, options=options, actions=[])
    with pytest.raises(RecordError):
        record.replay()


def test_state_from_dict_is_independent_and_to_dict_is_a_snapshot() -> None:
    """GR-28.3: a rebuilt state shares nothing with its source; to_dict is a copy."""
    data = good_state()
    st = GAME.state_from_dict(data)
    before = json.dumps(data, sort_keys=True)
    snapshot = st.to_dict()
    frozen = json.dumps(snapshot, sort_keys=True)
    for _ in range(30):
        if st.is_over():
            break
        st.apply(st.legal_actions()[-1])
    assert json.dumps(data, sort_keys=True) == before
    assert json.dumps(snapshot, sort_keys=True) == frozen


def test_position_of_a_finished_game_round_trips() -> None:
    """GR-19.3 GR-20.6 GR-28.3: a finished game loads back, over, with the same result."""
    from keepers.core.match import run_game

    result, record = run_game(GAME, ["greedy", "random"], 3, keep_record=True)
    assert record is not None
    final = record.replay()
    loaded = GAME.state_from_dict(json.loads(json.dumps(final.to_dict())))
    assert loaded.is_over() and loaded.winners() == result.winners
    assert loaded.scores() == result.scores and loaded.legal_actions() == []
