"""Files from outside: limits checked before parsing, and records read field by field.

Each corrupt file is refused with one line that names what is wrong (the
field, or the limit), never a traceback, and never read as something else
(``players: 3.9`` is not 3 players; ``seats: "abc"`` is not three seats).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from toygame import GAME

from keepers.core.errors import RecordError
from keepers.core.limits import MAX_DEPTH, check_text, max_depth, parse_json
from keepers.core.match import run_game
from keepers.core.record import GameRecord, load_position, save_position


def _record() -> dict[str, Any]:
    _, record = run_game(GAME, ["random", "random"], 5, keep_record=True)
    assert record is not None
    data: dict[str, Any] = record.to_dict()
    return data


def _one_line(error: pytest.ExceptionInfo[RecordError]) -> str:
    text = str(error.value)
    assert text and "\n" not in text and len(text) < 300
    return text


@pytest.mark.parametrize(("text", "words"), [
    ("[" * 100_000, "nests arrays or objects"),
    ('{"a": ' * 5000 + "1" + "}" * 5000, "nests arrays or objects"),
    ('{"seed": ' + "7" * 5000 + "}", "number of more than"),
    ('{"rng": Infinity}', "no number Infinity"),
    ('{"rng": NaN}', "no number NaN"),
    ('{"rng": -Infinity}', "no number -Infinity"),
    ('{"rng": 1e999}', "too large"),
    ("{oops", "not valid JSON"),
])
def test_bad_texts_are_refused_before_or_while_parsing(text: str, words: str) -> None:
    with pytest.raises(RecordError) as info:
        parse_json(text, "the file")
    assert words in _one_line(info)


def test_texts_within_the_limits_parse() -> None:
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert max_depth(nested) == MAX_DEPTH
    assert parse_json(nested, "x") is not None
    # brackets and digits inside strings are text, not nesting or numbers
    text = json.dumps({"note": "[" * 500 + "9" * 500, "seed": 2**64 - 1, "f": 0.5})
    assert parse_json(text, "x")["seed"] == 2**64 - 1


def test_a_large_flat_text_is_checked_quickly() -> None:
    text = "[" + ",".join(["[1,2]"] * 400_000) + "]"
    started = time.perf_counter()
    check_text(text, "x")
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize(("field", "value", "words"), [
    ("players", 3.9, "'players' must be a whole number"),
    ("players", True, "'players' must be a whole number"),
    ("players", 0, "'players' must be a whole number"),
    ("players", 10**6, "'players' must be a whole number"),
    ("version", 99, "version 99"),
    ("version", "1", "version '1'"),
    ("seats", "abc", "'seats' must be a list"),
    ("seats", ["random"], "'seats' must be a list of 2"),
    ("seed", -1, "'seed' must be a whole number"),
    ("seed", 2**64, "'seed' must be a whole number"),
    ("seed", "7", "'seed' must be a whole number"),
    ("game", 7, "'game' must be a text"),
    ("actions", "roll", "'actions' must be a list"),
    ("actions", [None], "'actions' must be a list"),
    ("options", [], "'options' must be an object"),
    ("options", {"x": [1]}, "'options' must be an object"),
    ("result", [1, 2], "'result' must be an object"),
])
def test_record_fields_are_read_exactly(field: str, value: Any, words: str) -> None:
    data = {**_record(), field: value}
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(data)
    assert words in _one_line(info)


@pytest.mark.parametrize("field", ["game", "players", "seed", "actions"])
def test_record_missing_a_field_names_it(field: str) -> None:
    data = {k: v for k, v in _record().items() if k != field}
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(data)
    assert repr(field) in _one_line(info)


def test_a_good_record_still_loads_and_replays(tmp_path: Path) -> None:
    data = _record()
    path = tmp_path / "good.json"
    path.write_text(json.dumps(data))
    record = GameRecord.load(path)
    assert record.to_dict() == data and record.replay().is_over()


@pytest.mark.parametrize(("text", "words"), [
    ('{"format": "keepers-record", "players": ' + "[" * 100_000, "nests"),
    ('{"format": "keepers-record", "seed": ' + "9" * 5000 + "}", "number of more than"),
    ('{"format": "keepers-position", "state": {"rng": Infinity}}', "Infinity"),
])
def test_corrupt_files_are_refused_in_one_line(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    for load in (GameRecord.load, load_position):
        with pytest.raises(RecordError) as info:
            load(path)
        assert words in _one_line(info)


@pytest.mark.parametrize(("change", "words"), [
    ({"version": 2}, "version 2"),
    ({"game": None}, "does not name its game"),
    ({"state": None}, "is not valid"),
])
def test_position_files_are_read_exactly(tmp_path: Path, change: dict[str, Any],
                                         words: str) -> None:
    _, record = run_game(GAME, ["random", "random"], 5, keep_record=True)
    assert record is not None
    path = tmp_path / "pos.json"
    save_position(record.replay(upto=2), GAME.name, path)
    data = {**json.loads(path.read_text()), **change}
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as info:
        load_position(path)
    assert words in _one_line(info)


# ------------------------------------------------------------------ the command line
CORRUPT_FILES = {
    "nested 100,000 deep": "[" * 100_000,
    "a 5,000-digit seed": '{"format": "keepers-record", "version": 1, "game": "toyrace", '
                          '"players": 2, "seed": ' + "9" * 5000 + ', "actions": []}',
    "rng Infinity": '{"format": "keepers-position", "version": 1, "game": "toyrace", '
                    '"state": {"rng": Infinity}}',
    "players 3.9": '{"format": "keepers-record", "version": 1, "game": "toyrace", '
                   '"players": 3.9, "seed": 1, "actions": []}',
}


@pytest.mark.parametrize("case", list(CORRUPT_FILES))
@pytest.mark.parametrize("command", ["replay", "position"])
def test_commands_refuse_corrupt_files_in_one_line(tmp_path: Path, case: str,
                                                   command: str) -> None:
    """``keepers replay`` and ``keepers position`` of a corrupt file: one error line, exit
    code 2, no traceback (these used to end in RecursionError, ValueError, OverflowError)."""
    from typer.testing import CliRunner

    from keepers.cli import app

    path = tmp_path / "bad.json"
    path.write_text(CORRUPT_FILES[case])
    result = CliRunner().invoke(app, [command, str(path)])
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert "Traceback" not in result.output and not isinstance(result.exception, RecursionError)


def test_a_file_that_never_ends_is_not_read_into_memory(tmp_path: Path) -> None:
    """A device such as /dev/zero (or a huge file) is read only up to the limit."""
    from keepers.core.limits import MAX_FILE_BYTES

    zero = Path("/dev/zero")
    if not zero.exists():
        pytest.skip("no /dev/zero here")
    started = time.perf_counter()
    with pytest.raises(RecordError, match=f"more than {MAX_FILE_BYTES} bytes"):
        GameRecord.load(zero)
    assert time.perf_counter() - started < 10
