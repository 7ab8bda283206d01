"""Terminal play driven by scripted input: numbers, text, refusals, EOF, shared screens."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from toygame import GAME

from keepers.core.errors import KeepersError
from keepers.core.record import GameRecord
from keepers.core.terminal import play_terminal, stream_reader


def _run(seats: list[str], lines: list[str], tmp_path: Path | None = None,
         seed: int = 3, terminal: bool = False) -> tuple[int, str, GameRecord, list[str]]:
    prompts: list[str] = []
    feed = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=terminal)
    record = GameRecord(game=GAME.name, players=len(seats), seed=seed,
                        options=GAME.default_options(), seats=seats)
    save = tmp_path / "rec.json" if tmp_path else None
    code = play_terminal(GAME, record, console=console, read=read, save_to=save)
    return code, out.getvalue(), record, prompts


def test_numbers_text_refusal_and_eof(tmp_path: Path) -> None:
    code, out, record, _ = _run(["human", "greedy"], ["1", "PLAY 2", "play 9", "x", "7", ""],
                                tmp_path)
    assert code == 1
    assert "Refused: RACE-2" in out and "Refused: RACE-1" in out
    assert "Please enter a number from 1 to" in out
    assert "Game interrupted after" in out and "Traceback" not in out
    assert record.actions[0] == "play 1" and record.actions[2] == "play 2"
    saved = GameRecord.load(tmp_path / "rec.json")
    assert saved.actions == record.actions and saved.result is None
    assert not saved.replay().is_over()


def test_human_plays_to_the_end(tmp_path: Path) -> None:
    code, out, record, _ = _run(["human", "random"], ["1"] * 100, tmp_path)
    assert code == 0 and "Final scores" in out and "Winner(s):" in out
    assert record.result is not None
    assert GameRecord.load(tmp_path / "rec.json").replay().is_over()


def test_screen_is_hidden_between_two_humans() -> None:
    code, out, record, prompts = _run(["human", "human", "greedy"], ["", "1", "", "1"],
                                      terminal=True)
    passes = [p for p in prompts if p.startswith("Pass the device")]
    assert passes == ["Pass the device to seat 1, then press Enter. ",
                      "Pass the device to seat 2, then press Enter. ",
                      "Pass the device to seat 1, then press Enter. "]  # input ends there
    assert code == 1 and len(record.actions) == 3
    assert out.count("\x1b[2J") == 5  # cleared before and after each hand-over
    seat1_screen = out.split("\x1b[2J")[4]
    assert "Seat 1 (human): Advance" in seat1_screen  # the second is told what the first did
    hands = record.replay(upto=1).to_dict()["hands"]
    assert sorted(hands[0]) != sorted(hands[1])
    assert str(sorted(hands[0])) not in seat1_screen
    assert str(sorted(hands[1])) in seat1_screen


def test_stream_reader_and_all_bots() -> None:
    read = stream_reader(io.StringIO("first\r\nsecond\n"))
    assert [read("> "), read("> ")] == ["first", "second"]
    with pytest.raises(EOFError):
        read("> ")
    code, out, record, prompts = _run(["greedy", "random"], [])
    assert code == 0 and not prompts and record.result is not None
    assert "Advance" not in out  # bot-only games do not list every decision


def test_unknown_seat_name() -> None:
    with pytest.raises(KeepersError, match="unknown seat 'wizard'"):
        _run(["human", "wizard"], [])


def test_help_and_log_are_not_decisions() -> None:
    code, out, record, prompts = _run(["human", "greedy"], ["log", "help", "1", "LOG", "?"])
    assert code == 1 and len(record.actions) == 2  # the human's "1" and the bot's answer
    assert all(p.startswith("Your decision (1-") for p in prompts)
    assert "Your turn: you are seat 1 (human)" in out
    assert "No decision has been taken yet." in out
    assert "You can take one of these" in out and "Type its number (1 to" in out
    assert "The last 2 of 2 decisions:" in out
    log = out.split("The last 2 of 2 decisions:")[1]
    assert "Seat 1 (human): Advance" in log and "Seat 2 (greedy): " in log


def test_resumed_game_logs_the_replayed_decisions() -> None:
    _, _, record, _ = _run(["human", "greedy"], ["1"])
    played = list(record.actions)
    assert len(played) == 2
    out = io.StringIO()
    feed = iter(["log"])

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    code = play_terminal(GAME, record, console=Console(file=out, width=100), read=read)
    text = out.getvalue()
    assert code == 1 and record.actions == played
    assert "The last 2 of 2 decisions:" in text and "Seat 2 (greedy): Advance" in text
    assert "Your turn: you are seat 1 (human) — round 2" in text


def test_rules_info_and_more_are_not_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """``rules``, ``info <name>`` and ``more`` answer from the game and never decide."""
    monkeypatch.setattr(type(GAME), "rules_summary", lambda self, view: "RACE-1: advance.")
    monkeypatch.setattr(type(GAME), "info",
                        lambda self, name, view: "a card" if name == "c1" else None)
    code, out, record, _ = _run(["human", "greedy"],
                                ["rules", "info c1", "info zz", "INFO", "more", "1"])
    assert code == 1 and len(record.actions) == 2
    assert "RACE-1: advance." in out and "a card" in out
    assert "Nothing is known by the name 'zz'" in out and "Type info followed by" in out


def test_a_long_menu_is_paged(monkeypatch: pytest.MonkeyPatch) -> None:
    """A menu longer than a page shows one page and says how to see the next."""
    import keepers.core.terminal as terminal

    monkeypatch.setattr(terminal, "PAGE", 1)
    code, out, record, _ = _run(["human", "greedy"], ["more", "2"])
    assert "type more for the next ones" in out
    assert "   2. " in out.split("(decisions 1-1")[1]
    assert record.actions[0] == "play 2"


def test_a_first_word_narrows_the_menu() -> None:
    """Typing the first word of several decisions lists only those; it decides nothing."""
    code, out, record, _ = _run(["human", "greedy"], ["play", "1"])
    assert code == 1 and len(record.actions) == 2 and record.actions[0] == "play 1"
    assert "Refused" not in out and out.count("   1. Advance") >= 3


def test_the_narrowing_hint_names_words_not_all_decisions_share() -> None:
    from keepers.core.terminal import _narrowing

    legal = ["cottage 1 0,1", "cottage 1 2,1", "cottage 2 0,1"]
    assert _narrowing(legal, legal[0]) == "cottage 1"
    assert _narrowing(["buy B1", "pass"], "buy B1") == "buy"
