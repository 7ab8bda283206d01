"""Screens that fit: at 80×24 (and 200×50) the turn line, the prompt and a page of the
menu stay on screen above the question, whatever the board's height."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from toygame import GAME

from keepers.core.game import Game
from keepers.core.record import GameRecord
from keepers.core.registry import game_names, get_game
from keepers.core.terminal import play_terminal

TURN = "Your turn"


def _play(game: Game, lines: list[str], width: int, height: int, turns: int = 0,
          compact: bool = False) -> tuple[str, list[list[str]], GameRecord, list[str]]:
    """Play with ``lines`` as answers (then "1" for ``turns`` more); return the output,
    at each question right after a menu the rows on screen above the question, the
    record and the questions asked."""
    out = io.StringIO()
    feed = iter(lines + ["1"] * turns)
    screens: list[list[str]] = []
    asked = [0]
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        text = out.getvalue()
        if TURN in text[asked[0]:]:
            screens.append(text.splitlines()[-(height - 2):])  # less the question and cursor
        asked[0] = len(text)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    seats = ["human"] + [min(game.bots())] * (max(2, game.min_players) - 1)
    record = GameRecord(game=game.name, players=len(seats), seed=1,
                        options=game.default_options(), seats=seats)
    play_terminal(game, record, console=Console(file=out, width=width, height=height),
                  read=read, compact=compact)
    return out.getvalue(), screens, record, prompts


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
@pytest.mark.parametrize("name", game_names())
def test_the_prompt_and_the_menu_stay_on_screen(name: str, size: tuple[int, int]) -> None:
    width, height = size
    _, screens, _, _ = _play(get_game(name), [], width, height, turns=30)
    assert screens
    for screen in screens:
        assert any(TURN in row for row in screen), screen
        turn = max(i for i, row in enumerate(screen) if TURN in row)
        assert screen[turn + 2].startswith("   1. ") or "(decisions" in screen[-1]
        assert all(len(row) <= width for row in screen[turn:])


def test_a_long_menu_is_cut_to_the_screen_height() -> None:
    """Four decisions on a 7-row screen: the turn line, the prompt, 2 decisions and the
    line about the next page (the question and the cursor row take the last two); on an
    8-row screen all four fit."""
    out, screens, record, _ = _play(GAME, ["more", "4"], 80, 7)
    assert "(decisions 1-2 of 4: type more for the next ones, 'play' for only those)" in out
    assert "(decisions 3-4 of 4" in out
    assert screens[0][0].startswith("─") and screens[0][-1].startswith("(decisions 1-2")
    assert record.actions[0] == "pass"
    out, screens, _, _ = _play(GAME, [], 80, 8)
    assert "(decisions" not in out
    assert screens[0][0].startswith("─") and screens[0][-1] == "   4. Pass  [pass]"


def test_board_is_shown_a_screen_at_a_time() -> None:
    """``board`` pages a board taller than the screen; Enter goes on, text stops; it never
    counts as a decision."""
    out, _, record, prompts = _play(GAME, ["board", "", "board", "stop"], 80, 7)
    assert sum(p.startswith("(board rows 1-5 of ") for p in prompts) == 2
    assert out.count("Race, round 1") == 3  # at the turn, then twice on demand
    assert record.actions == []


def test_what_the_bots_did_is_shown_under_the_board() -> None:
    """The others' decisions since the person's last turn come after the board, right
    above the turn line, so a board taller than the screen cannot push them away."""
    out, screens, record, _ = _play(GAME, ["1"], 80, 24)
    second = screens[1]
    turn = max(i for i, row in enumerate(second) if TURN in row)
    assert second[turn - 1].startswith("Seat 2 (greedy): Advance")
    assert out.index("Seat 2 (greedy)") > out.rindex("Race, round")


def test_the_last_decisions_are_shown_before_the_result() -> None:
    out, _, record, _ = _play(GAME, [], 80, 24, turns=100)
    assert record.result is not None
    tail = out[out.rindex(TURN):]
    assert tail.index("Seat 2 (greedy)") < tail.index("Final scores")


HIDDEN = "(the board is shown when you type board)"


@pytest.mark.parametrize("name", ["keythedral", "gardiens", "viscounts"])
def test_compact_play_keeps_the_whole_turn_on_a_low_screen(name: str) -> None:
    """--compact: no board at the turns, so the news, the turn line, the prompt and the
    menu fit 80×24 together; ``board`` still shows it."""
    game = get_game(name)
    answers = ["board"] + [""] * 6 + ["1"] * 20  # Enter for every page of the board
    out, screens, record, _ = _play(game, answers, 80, 24, compact=True)
    assert len(screens) > 10
    for screen in screens:
        assert any(TURN in row for row in screen), screen
        turn = max(i for i, row in enumerate(screen) if TURN in row)
        assert screen[turn + 2].startswith("   1. ") or "(decisions" in screen[-1]
    deciders: list[int] = []
    record.replay(watch=lambda decision, action: deciders.append(decision.player))
    first = io.StringIO()  # the board at the person's first turn, when "board" was typed
    position = record.replay(upto=deciders.index(0))
    Console(file=first, width=80).print(game.render(position.view(0)))
    assert out.count(HIDDEN) == len(screens)  # every turn, in place of the board
    assert out.count(first.getvalue()) == 1  # the board only once: when asked for


def test_play_compact_on_the_command_line() -> None:
    from typer.testing import CliRunner

    from keepers.cli import app

    result = CliRunner().invoke(app, ["play", "toyrace", "--compact", "--seed", "2"],
                                input="1\nboard\n")
    before, _, after = result.output.partition("Your decision")
    assert HIDDEN in before and "Race, round" not in before and "Race, round" in after
