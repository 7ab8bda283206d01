"""Refused decisions and corrupt files (KT-0.7, engine errors, records and positions).

Every refused decision raises :class:`RuleError` naming a real clause of the rules (or
``ENGINE`` for a non-text decision and for a seat deciding out of turn), with a one-line
message, and leaves the state byte-for-byte unchanged. Corrupt record and position files
raise :class:`RecordError` with a one-line message, and ``keepers replay`` turns them into
one error line and exit code 2.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from ktplay import canon, options, play_game
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.errors import RecordError, RuleError
from keepers.core.match import run_game
from keepers.core.record import GameRecord, load_position, save_position
from keepers.games.keythedral import GAME, KeythedralState, builder
from keepers.games.keythedral.rules.mat import current_row
from keepers.games.keythedral.serial import OldPositionError

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "keythedral.md"
CLAUSES = set(re.findall(r"^\*\*(KT-\d+\.\d+)\b", RULES.read_text("utf-8"), re.MULTILINE))

MALFORMED = [
    "", " ", "\t", "\n", "xyzzy", "pass extra words", "PASS", " pass", "pass ", "pass\npass",
    "fence 3,x 4,0", "fence 1,1", "fence", "fence 1,1 0,0 extra", "place 1 a,b", "place",
    "place 9 0,0", "mark 9", "mark", "mark x", "mark 1 2", "bid -1", "bid 1.5", "bid 99999",
    "first 99", "first -1", "first x", "buy", "buy B99-9", "buy B04-1 now", "play", "play C99",
    "play C03 nowhere", "play C20 77", "cottage 0 1,1", "cottage 1 1,1", "cottage 9 3,3",
    "field 1,1", "field 0,0", "field x,y", "field 2,2,2", "relay 1,1", "double", "double 0,0",
    "take purple", "take", "pay", "pay gold", "pay 3", "law 9", "law", "trade yellow",
    "craft red", "craft yellow cheap", "house 9", "house", "unfence 0,0 0,0", "style foo",
    "as white", "deal red", "withdraw now", "veto me", "done done", "\x00", "päss", "🙂",
    "a" * 500,
]
WRONG_TYPES: list[Any] = [5, 0, None, 3.5, True, b"pass", ["pass"], ("pass",), {"pass": 1}]


def _sample_kinds() -> list[KeythedralState]:
    """Clones of self-play states covering every decision kind seen (two of each), plus a
    finished game."""
    found: dict[str, int] = {}
    out: list[KeythedralState] = []

    def step(state: KeythedralState, action: str) -> None:
        decision = state.decision()
        assert decision is not None
        if found.get(decision.kind, 0) < 2:
            found[decision.kind] = found.get(decision.kind, 0) + 1
            out.append(state.clone())

    for n, seed in ((3, 21), (4, 22), (2, 23), (5, 24)):
        play_game(n, seed, options(cap=6), step=step)
    out.append(play_game(4, 3, options(), seats=["greedy"] * 4).state)
    assert {"field", "cottage", "marker", "place", "turn", "pay", "law", "bid", "first",
            "final"} <= set(found), sorted(found)
    return out


@pytest.fixture(scope="module")
def states() -> list[KeythedralState]:
    return _sample_kinds()


@pytest.fixture(scope="module")
def all_legal(states: list[KeythedralState]) -> set[str]:
    """Every decision that was legal in some sampled state (well-formed commands)."""
    return {a for s in states for a in s.legal_actions()}


def _refuse(s: KeythedralState, action: Any, *, seat: int | None = None) -> RuleError:
    """Apply a bad decision; it must raise RuleError and leave the state unchanged."""
    before = canon(s.to_dict())
    legal = list(s.legal_actions())
    with pytest.raises(RuleError) as info:
        if seat is None:
            s.apply(action)
        else:
            s.apply_as(seat, action)
    exc = info.value
    assert canon(s.to_dict()) == before, f"{action!r} changed the state"
    assert s.legal_actions() == legal
    assert exc.message and str(exc) == f"{exc.clause}: {exc.message}"
    assert "\n" not in str(exc), repr(str(exc))
    return exc


def test_malformed_and_illegal_text_is_refused_with_a_kt_clause(
        states: list[KeythedralState], all_legal: set[str]) -> None:
    """KT-0.7, KT-4.10, KT-7.2 and the clause of each refused verb: malformed text (empty,
    garbage, extra words, bad coordinates such as ``fence 3,x 4,0``) and well-formed
    decisions that are not legal now raise RuleError citing a clause of the rules; the
    state's to_dict() is byte-for-byte unchanged after each refusal."""
    refused = 0
    pool = sorted(all_legal)
    for k, s in enumerate(states):
        if s.is_over():
            continue
        legal = set(s.legal_actions())
        for action in MALFORMED + pool[k % 2::2]:  # half of the pool per state, alternating
            if action in legal:
                continue
            exc = _refuse(s, action)
            assert exc.clause.startswith("KT-") and exc.clause in CLAUSES, exc.clause
            refused += 1
    assert refused > 1000


def test_non_text_decisions_are_refused_by_the_engine(states: list[KeythedralState]) -> None:
    """Engine contract (KT-0.7 leaves the state alone): an int, None, bytes, a list ... is
    refused with clause ENGINE, the state unchanged."""
    for s in states:
        for action in WRONG_TYPES:
            exc = _refuse(s, action)
            assert exc.clause == "ENGINE"


def test_out_of_turn_decisions_are_refused(states: list[KeythedralState]) -> None:
    """Engine contract: ``apply_as`` by any seat other than the decider is refused with
    clause ENGINE (even with a decision legal for the decider); the decider's seat works."""
    for s in states:
        decision = s.decision()
        if decision is None:
            continue
        action = s.legal_actions()[0]
        for seat in range(s.position.n):
            if seat != decision.player:
                exc = _refuse(s, action, seat=seat)
                assert exc.clause == "ENGINE" and str(seat) in exc.message
        for seat in (-1, s.position.n, 99):
            assert _refuse(s, action, seat=seat).clause == "ENGINE"
        trial = s.clone()
        trial.apply_as(decision.player, action)
        assert canon(trial.to_dict()) != canon(s.to_dict())


def test_finished_game_refuses_everything(states: list[KeythedralState]) -> None:
    """KT-14.1: after the last tile is bought nothing further happens: every decision,
    including ones that used to be legal, is refused (clause ENGINE)."""
    over = [s for s in states if s.is_over()]
    assert over and not over[0].capped
    s = over[0]
    for action in ["pass", "done", "mark 1", "", "xyzzy", 5]:
        assert _refuse(s, action).clause == "ENGINE"
    for seat in range(s.position.n):
        assert _refuse(s, "pass", seat=seat).clause == "ENGINE"


def test_refusals_name_the_clause_of_the_broken_rule(states: list[KeythedralState]) -> None:
    """KT-7.2 (empty/unknown decision in a spending turn), KT-2.12 (fence), KT-10.3 (buy),
    KT-7.5 (house), KT-7.8 (unfence), KT-7.9 (craft), KT-7.10 (law), KT-7.11 (trade),
    KT-2.8 (field), KT-2.9 (cottage), KT-5.2 (marker), KT-9.4 (bid), KT-9.7 (first),
    KT-0.7 (pay), KT-12.0 (unknown law card)."""
    by_kind: dict[str, KeythedralState] = {}
    for s in states:
        decision = s.decision()
        if decision is not None:
            by_kind.setdefault(decision.kind, s)
    expect = {
        "turn": [("", "KT-7.2"), ("xyzzy", "KT-7.2"), ("fence 3,x 4,0", "KT-2.12"),
                 ("buy B99-9", "KT-10.3"), ("house 9", "KT-7.5"), ("unfence 0,0 0,0", "KT-7.8"),
                 ("craft red", "KT-7.9"), ("law 9", "KT-7.10"), ("trade yellow", "KT-7.11"),
                 ("play C99", "KT-12.0")],
        "field": [("field 1,1", "KT-2.8"), ("", "KT-2.8")],
        "cottage": [("cottage 1 1,1", "KT-2.9")],
        "marker": [("mark 9", "KT-5.2")],
        "bid": [("bid 99999", "KT-9.4"), ("bid -1", "KT-9.4")],
        "first": [("first 99", "KT-9.7")],
        "pay": [("pay gold", "KT-0.7"), ("pay", "KT-0.7")],
    }
    for kind, cases in expect.items():
        s = by_kind[kind]
        for action, clause in cases:
            assert _refuse(s, action).clause == clause, (kind, action)


def test_unaffordable_actions_cannot_be_started(states: list[KeythedralState]) -> None:
    """KT-0.7, KT-7.5, KT-7.6, KT-7.9, KT-7.10, KT-7.11, KT-10.3: with an empty stock a
    spending turn offers only ``pass``; every paid action is refused and changes nothing."""
    turn = next(s for s in states if s.decision() and s.decision().kind == "turn")
    s = turn.clone()
    p = s.to_move()
    assert p is not None
    for c, k in enumerate(s.position.stocks[p]):  # everything back to the store: a legal position
        s.position.store[c] += k
        s.position.stocks[p][c] = 0
    s._legal = None
    assert s.legal_actions() == ["pass"]
    slot, cell = next((slot, cell) for slot in s.position.tiles for cell in s.position.fields
                      if abs(slot[0] - cell[0]) == 1 and abs(slot[1] - cell[1]) == 1)
    row = current_row(s.position)
    assert row is not None
    tile = next(t for t in s.position.rows[row] if t)
    cottage = next(n for n, x in enumerate(s.position.tile_slot[p], start=1) if x)
    cases = [(f"house {cottage}", "KT-7.5"),
             (f"fence {slot[0]},{slot[1]} {cell[0]},{cell[1]}", "KT-2.12"),
             ("craft white", "KT-7.9"), ("craft yellow discount", "KT-7.9"),
             ("law 1", "KT-7.10"), ("trade black", "KT-7.11"), ("deal black brown", "KT-12.15"),
             (f"buy {tile}", "KT-10.3")]
    for action, clause in cases:
        assert _refuse(s, action).clause == clause, action


def test_paying_a_colour_not_held_is_refused() -> None:
    """KT-0.7: a payment decision offers only colours in the payer's stock; any other colour
    is refused (clause KT-0.7) and no count goes below zero."""
    colours = ("black", "brown", "blue", "green", "red", "white", "purple", "yellow")
    checked = 0

    def step(state: KeythedralState, action: str) -> None:
        nonlocal checked
        decision = state.decision()
        assert decision is not None
        if decision.kind == "pay" and checked < 40:
            stock = state.position.stocks[decision.player]
            held = {c for i, c in enumerate(colours) if stock[i]}
            assert {a.split()[1] for a in state.legal_actions()} <= held
            for i, colour in enumerate(colours):
                if not stock[i]:
                    assert _refuse(state, f"pay {colour}").clause == "KT-0.7"
                    checked += 1

    play_game(3, 32, options(cap=6), seats=["random"] * 3, step=step)
    assert checked >= 40


# ------------------------------------------------------------------ records
@pytest.fixture(scope="module")
def record() -> GameRecord:
    _, rec = run_game(GAME, ["greedy", "random", "greedy"], 41, options(cap=4),
                      keep_record=True)
    assert rec is not None
    return rec


def _write(path: Path, data: Any) -> Path:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _record_cases(rec: GameRecord) -> dict[str, Any]:
    good = rec.to_dict()
    illegal = {**good, "actions": good["actions"][:5] + ["fence 3,x 4,0"] + good["actions"][5:]}
    swapped = {**good, "actions": ["pass"] + good["actions"]}
    return {
        "not-json": "{oops",
        "empty-file": "",
        "json-list": "[]",
        "json-number": "42",
        "wrong-format": {**good, "format": "keepers-position"},
        "no-format": {k: v for k, v in good.items() if k != "format"},
        "missing-actions": {k: v for k, v in good.items() if k != "actions"},
        "actions-not-a-list": {**good, "actions": 5},
        "players-not-a-number": {**good, "players": "four"},
        "too-many-players": {**good, "players": 9},
        "too-few-players": {**good, "players": 1},
        "unknown-game": {**good, "game": "nosuchgame"},
        "bad-length": {**good, "options": {**good["options"], "length": "medium"}},
        "options-not-a-table": {**good, "options": "fast"},
        "illegal-action-inside": illegal,
        "misplaced-action": swapped,
        "non-text-action": {**good, "actions": [None, *good["actions"]]},
    }


CASE_NAMES = list(_record_cases(GameRecord("keythedral", 3, 1, {}, ["pass"])))


@pytest.mark.parametrize("case", CASE_NAMES)
def test_corrupt_record_raises_one_line_record_error(tmp_path: Path, record: GameRecord,
                                                     case: str) -> None:
    """KT-0.7 applied to records: a corrupt record (not JSON, wrong or missing format,
    missing actions, bad players/options, unknown game, an illegal or out-of-turn action
    inside) raises RecordError with a one-line message, at load or at replay."""
    path = _write(tmp_path / f"{case}.json", _record_cases(record)[case])
    with pytest.raises(RecordError) as info:
        GameRecord.load(path).replay()
    text = str(info.value)
    assert text and "\n" not in text


def test_illegal_action_in_record_names_its_number_and_clause(tmp_path: Path,
                                                              record: GameRecord) -> None:
    """KT-2.12 via a record: the error says which decision does not replay and why (its
    number, its text and the clause)."""
    path = _write(tmp_path / "bad.json", _record_cases(record)["illegal-action-inside"])
    with pytest.raises(RecordError, match=r"decision 6 \('fence 3,x 4,0'\).*KT-"):
        GameRecord.load(path).replay()


@pytest.mark.parametrize("loader", ["record", "position"])
def test_binary_file_raises_record_error(tmp_path: Path, loader: str) -> None:
    """Corrupt files (records replay KT-3.6 seed + decisions): a binary (non-UTF-8) file
    raises a one-line RecordError (regression: it used to raise UnicodeDecodeError)."""
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x81 not text")
    with pytest.raises(RecordError):
        if loader == "record":
            GameRecord.load(path)
        else:
            load_position(path)


def test_record_with_bad_option_value_raises_record_error(tmp_path: Path,
                                                          record: GameRecord) -> None:
    """Corrupt records (KT-3.1 options, KT-4.1 round cap): an option of the wrong type is
    reported as a one-line RecordError (regression: replay used to raise a bare ValueError
    from int('abc') at the end of round 1)."""
    data = {**record.to_dict(), "options": {**record.options, "max_rounds": "abc"}}
    path = _write(tmp_path / "bad-option.json", data)
    with pytest.raises(RecordError):
        GameRecord.load(path).replay()


# ------------------------------------------------------------------ positions
@pytest.fixture(scope="module")
def position(record: GameRecord) -> dict[str, Any]:
    state = record.replay(upto=len(record.actions) // 2)
    return {"format": "keepers-position", "version": 1, "game": "keythedral",
            "rules": GAME.rules_version, "state": json.loads(json.dumps(state.to_dict()))}


def _position_cases(good: dict[str, Any]) -> dict[str, Any]:
    state = good["state"]

    def with_state(**changes: Any) -> dict[str, Any]:
        return {**good, "state": {**state, **changes}}

    store = list(state["store"])
    store[0] += 1
    stocks = [list(s) for s in state["stocks"]]
    stocks[0][1] = -1
    return {
        "not-json": "{oops",
        "wrong-format": {**good, "format": "keepers-record"},
        "missing-state": {k: v for k, v in good.items() if k != "state"},
        "state-is-text": {**good, "state": "garbage"},
        "state-is-list": {**good, "state": []},
        "state-is-null": {**good, "state": None},
        "state-is-empty": {**good, "state": {}},
        "unknown-game": {**good, "game": "nosuchgame"},
        "missing-field": {**good, "state": {k: v for k, v in state.items() if k != "rng"}},
        "cubes-do-not-add-up": with_state(store=store),
        "negative-stock": with_state(stocks=stocks),
        "players-mismatch": with_state(players=state["players"] + 1),
        "no-pending-decision": with_state(pending=None, over=False),
        "fields-malformed": with_state(fields=[[0, 0]]),
        "store-not-a-list": with_state(store="full"),
    }


POSITION_CASES = list(_position_cases({"state": {"store": [0], "stocks": [[0, 0]],
                                                 "players": 1}}))


@pytest.mark.parametrize("case", POSITION_CASES)
def test_corrupt_position_raises_one_line_record_error(tmp_path: Path, position: dict[str, Any],
                                                       case: str) -> None:
    """KT-1.6, KT-0.7 applied to position files: a corrupt position (not JSON, wrong format,
    no or malformed state, cubes not adding up to the supply, a negative stock, per-player
    lists not matching the player count, no pending decision) raises a one-line
    RecordError."""
    path = _write(tmp_path / f"{case}.json", _position_cases(position)[case])
    with pytest.raises(RecordError) as info:
        load_position(path)
    text = str(info.value)
    assert text and "\n" not in text


def test_good_position_loads(tmp_path: Path, position: dict[str, Any]) -> None:
    """The uncorrupted position of the cases above loads (so each case tests its defect)."""
    name, state = load_position(_write(tmp_path / "good.json", position))
    assert name == "keythedral" and canon(state.to_dict()) == canon(position["state"])
    assert state.legal_actions()


def test_position_with_unknown_pending_kind_is_refused(tmp_path: Path,
                                                       position: dict[str, Any]) -> None:
    """Corrupt positions (KT-4.2 decisions/windows): a pending decision of an unknown kind
    raises RecordError at load time (regression: it used to load, and the first
    legal_actions() or view() raised KeyError)."""
    state = {**position["state"], "pending": ["nonsense", 0, None]}
    path = _write(tmp_path / "pending.json", {**position, "state": state})
    with pytest.raises(RecordError):
        load_position(path)


def _at_collection_window() -> KeythedralState:
    """Seat 0 polled in its own WC with Hard Worker in hand: a ("collect", 0) step waits."""
    s = builder.position(3, fields={(0, 0): "quarry", (2, 0): "forest"},
                         workers={(0, 0): 0, (2, 0): 0}, hands={0: ["C14"]}, phase=2)
    s.apply("pass")  # WS2; seat 0 is polled again in its WC
    assert ("collect", 0) in s.position.steps and s.decision().kind == "law"  # type: ignore[union-attr]
    return s


def test_position_from_the_old_hard_worker_rule_is_refused(tmp_path: Path) -> None:
    """KT-12.14, KT-16.18 (revised): positions saved while Hard Worker asked for a worker
    (a pending "hardworker" choice, or a collection frame carrying the chosen worker) are
    refused with one line naming KT-12.14, as a KeepersError that is also a ValueError; a
    position of the current form still loads and plays on.  As a file, such a position
    (rules version 1) is already refused by its rules version."""
    s = _at_collection_window()
    current = json.loads(json.dumps(s.to_dict()))
    assert GAME.state_from_dict(current).legal_actions() == ["play C14", "pass"]
    old_frame = json.loads(json.dumps(current))
    old_frame["frames"] = [f + [None] if f[0] == "collect" else f for f in old_frame["frames"]]
    old_choice = json.loads(json.dumps(current))
    old_choice["frames"] = [f for f in old_choice["frames"] if f[0] != "collect"]
    old_choice["pending"] = ["hardworker", 0, [[0, 0], [2, 0]]]
    for name, raw in (("frame", old_frame), ("choice", old_choice)):
        with pytest.raises(OldPositionError, match="KT-12.14") as info:
            GAME.state_from_dict(raw)
        assert isinstance(info.value, ValueError) and "\n" not in str(info.value)
        path = _write(tmp_path / f"old-{name}.json",
                      {"format": "keepers-position", "version": 1, "game": "keythedral",
                       "state": raw})
        with pytest.raises(RecordError, match="rules version 1") as loaded:
            load_position(path)
        assert "\n" not in str(loaded.value)


def test_rules_version_names_the_revision() -> None:
    """KT-6.4, KT-12.7, KT-12.14: the revised rules replay recorded games differently, so
    the game's rules version is 2 (records of version 1 are refused, not misplayed)."""
    assert GAME.rules_version == 2


def test_position_with_negative_store_is_refused(tmp_path: Path,
                                                 position: dict[str, Any]) -> None:
    """KT-0.7 (no quantity below zero) and KT-1.6 for position files: a negative store
    count is refused even when a stock makes up the colour's total (regression)."""
    state = json.loads(json.dumps(position["state"]))
    shift = state["store"][0] + 1
    state["store"][0] -= shift  # -1
    state["stocks"][0][0] += shift  # keeps the colour's total at its supply
    path = _write(tmp_path / "negative.json", {**position, "state": state})
    with pytest.raises(RecordError):
        load_position(path)


# ------------------------------------------------------------------ command line
runner = CliRunner()


def _one_error_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert lines[0].startswith("error:") and "Traceback" not in output
    return lines[0]


@pytest.mark.parametrize("case", ["not-json", "empty-file", "wrong-format", "missing-actions",
                                  "too-many-players", "unknown-game", "illegal-action-inside",
                                  "misplaced-action"])
def test_cli_replay_of_corrupt_record_exits_2_with_one_line(tmp_path: Path,
                                                            record: GameRecord,
                                                            case: str) -> None:
    """KT-0.7 refusals and corrupt records through the CLI: ``keepers replay <corrupt
    file>`` prints one error line and exits with code 2."""
    path = _write(tmp_path / f"{case}.json", _record_cases(record)[case])
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    _one_error_line(result.output)


def test_cli_replay_of_missing_file_and_bad_position(tmp_path: Path,
                                                     position: dict[str, Any]) -> None:
    """KT-1.6 for files: ``keepers replay`` of a missing file and ``keepers position`` of a
    position whose cubes do not add up print one error line and exit with code 2."""
    result = runner.invoke(app, ["replay", str(tmp_path / "absent.json")])
    assert result.exit_code == 2
    _one_error_line(result.output)
    bad = _write(tmp_path / "pos.json", _position_cases(position)["cubes-do-not-add-up"])
    result = runner.invoke(app, ["position", str(bad)])
    assert result.exit_code == 2
    _one_error_line(result.output)


@pytest.mark.parametrize("case", ["binary", "bad-option"])
def test_cli_replay_of_undecodable_record_exits_2(tmp_path: Path, record: GameRecord,
                                                  case: str) -> None:
    """KT-3.1 options and corrupt bytes via the CLI: ``keepers replay`` exits 2 with one
    line for every corrupt record file (regression: both used to end in a traceback)."""
    path = tmp_path / f"{case}.json"
    if case == "binary":
        path.write_bytes(b"\xff\xfe\x00\x81 not text")
    else:
        _write(path, {**record.to_dict(), "options": {**record.options, "max_rounds": "abc"}})
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    _one_error_line(result.output)


def test_saved_position_loads_back(tmp_path: Path, record: GameRecord) -> None:
    """KT-1.6 check passes on real positions: save_position writes a file that
    load_position accepts (so the corrupt cases above fail for their defect only)."""
    state = record.replay(upto=10)
    path = tmp_path / "ok.json"
    save_position(state, "keythedral", path)
    assert canon(load_position(path)[1].to_dict()) == canon(state.to_dict())
