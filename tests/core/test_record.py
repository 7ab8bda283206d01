"""Records and position files: round trips and one-line errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from toygame import GAME

from keepers.core.errors import RecordError
from keepers.core.match import run_game
from keepers.core.record import GameRecord, load_position, save_position


def _record() -> GameRecord:
    _, record = run_game(GAME, ["greedy", "random", "random"], 11, keep_record=True)
    assert record is not None
    return record


def test_record_save_load_replay(tmp_path: Path) -> None:
    record = _record()
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    final = loaded.replay()
    assert final.is_over() and final.scores() == record.result["scores"]  # type: ignore[index]
    partial = loaded.replay(upto=2)
    assert not partial.is_over() or len(record.actions) <= 2


@pytest.mark.parametrize("text", [
    "{not json",
    '{"format": "other"}',
    '{"format": "keepers-record", "game": "toyrace"}',
    '{"format": "keepers-record", "game": "nope", "players": 2, "seed": 1, "actions": []}',
    '{"format": "keepers-record", "game": "toyrace", "players": 9, "seed": 1, "actions": []}',
    '{"format": "keepers-record", "game": "toyrace", "players": 2, "seed": 1, '
    '"actions": ["fly away"]}',
])
def test_corrupt_records_raise_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(RecordError) as info:
        GameRecord.load(path).replay()
    assert "\n" not in str(info.value)


def test_missing_record_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        GameRecord.load(tmp_path / "missing.json")


def test_position_round_trip(tmp_path: Path) -> None:
    state = _record().replay(upto=3)
    path = tmp_path / "pos.json"
    save_position(state, GAME.name, path)
    name, loaded = load_position(path)
    assert name == "toyrace" and loaded.to_dict() == state.to_dict()
    assert loaded.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("data", [
    [],
    {"format": "keepers-position", "game": "toyrace", "state": {"hands": "x"}},
    {"format": "keepers-position", "game": "toyrace"},
    {"format": "keepers-position", "game": "absent", "state": {}},
])
def test_corrupt_positions_raise_one_line(tmp_path: Path, data: object) -> None:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as info:
        load_position(path)
    assert "\n" not in str(info.value)


def test_record_names_its_rules_version(tmp_path: Path) -> None:
    record = _record()
    assert record.to_dict()["rules"] == GAME.rules_version
    path = tmp_path / "game.json"
    record.save(path)
    assert GameRecord.load(path).rules == GAME.rules_version


def test_record_of_other_rules_is_refused_naming_both_versions(tmp_path: Path) -> None:
    data = _record().to_dict()
    data["rules"] = GAME.rules_version + 1
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match=f"rules version {GAME.rules_version + 1}.*"
                                          f"rules version {GAME.rules_version}"):
        GameRecord.load(path).replay()


def test_record_without_rules_field_is_version_one(tmp_path: Path) -> None:
    data = _record().to_dict()
    del data["rules"]
    assert GameRecord.from_dict(data).rules == 1


@pytest.mark.parametrize("rules", [0, "2", 1.5, True, None])
def test_bad_rules_version_is_refused(rules: object) -> None:
    data = _record().to_dict()
    data["rules"] = rules
    with pytest.raises(RecordError, match="bad rules version"):
        GameRecord.from_dict(data)


def test_position_of_other_rules_is_refused(tmp_path: Path) -> None:
    state = _record().replay(upto=3)
    path = tmp_path / "pos.json"
    save_position(state, GAME.name, path)
    data = json.loads(path.read_text())
    assert data["rules"] == GAME.rules_version
    data["rules"] = GAME.rules_version + 1
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="position was made under"):
        load_position(path)
