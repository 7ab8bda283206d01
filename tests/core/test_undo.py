"""``undo`` at the table: back to the person's previous decision, never past a reveal."""

from __future__ import annotations

import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from toygame import GAME, RaceGame, RaceState

from keepers.core.game import BotFactory, Game, JsonDict
from keepers.core.record import GameRecord
from keepers.core.registry import get_game
from keepers.core.terminal import play_terminal


class NamedRace(RaceState):
    """The race with named cards, so a card drawn shows a new name in the drawer's view;
    its position file keeps no generator, so only the names tell what was revealed."""

    def view(self, player: int | None) -> JsonDict:
        view = super().view(player)
        if player is not None:
            view["hand"] = [f"card-{v}" for v in view["hand"]]
        return view

    def to_dict(self) -> JsonDict:
        data = super().to_dict()
        del data["rng"]
        data["deck"] = [f"card-{v}" for v in self.deck]
        data["hands"] = [[f"card-{v}" for v in hand] for hand in self.hands]
        return data


class PassingBot:
    """Always passes (so no die is rolled)."""

    needs_view = False

    def choose(self, view: JsonDict | None, legal: list[str]) -> str:
        return "pass"


class CalmRaceGame(RaceGame):
    """The toy race with a bot that always passes."""

    def bots(self) -> dict[str, BotFactory]:
        return {**super().bots(), "passer": lambda seat, seed: PassingBot()}


class NamedRaceGame(CalmRaceGame):
    """The toy race dealing :class:`NamedRace` positions."""

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> NamedRace:
        return NamedRace(players, seed, {**self.default_options(), **options})


CALM = CalmRaceGame()


def _play(game: Game, seats: list[str], lines: list[str], tmp_path: Path,
          seed: int = 3) -> tuple[str, GameRecord]:
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    record = GameRecord(game=game.name, players=len(seats), seed=seed,
                        options=game.default_options(), seats=seats)
    play_terminal(game, record, console=Console(file=out, width=100), read=read,
                  save_to=tmp_path / "rec.json")
    return out.getvalue(), record


def test_undo_takes_back_the_persons_and_the_bots_decisions(tmp_path: Path) -> None:
    out, record = _play(CALM, ["human", "passer"], ["pass", "undo"], tmp_path)
    assert "Taken back: 2 decision(s)" in out
    assert record.actions == [] and GameRecord.load(tmp_path / "rec.json").actions == []
    again, redone = _play(CALM, ["human", "passer"], ["pass", "undo", "2"], tmp_path)
    assert redone.actions == ["play 2", "pass"]
    assert GameRecord.load(tmp_path / "rec.json").actions == redone.actions


def test_undo_goes_back_one_decision_at_a_time(tmp_path: Path) -> None:
    out, record = _play(CALM, ["human", "passer"], ["pass", "pass", "undo", "undo", "1"],
                        tmp_path)
    assert out.count("Taken back: 2 decision(s)") == 2
    assert record.actions[0].startswith("play ") and len(record.actions) == 2


def test_nothing_to_undo_changes_nothing(tmp_path: Path) -> None:
    out, record = _play(CALM, ["human", "passer"], ["undo", "pass", "undo", "undo"], tmp_path)
    assert out.count("Nothing to undo") == 2
    assert record.actions == []


def test_undo_stops_at_a_card_drawn(tmp_path: Path) -> None:
    game = NamedRaceGame()  # seed 2: seat 0 holds 2, 3, 4; playing the 2 draws a 1
    out, record = _play(game, ["human", "greedy"], ["1", "undo"], tmp_path, seed=2)
    assert "Cannot undo: something hidden" in out and "Taken back" not in out
    assert len(record.actions) == 2
    assert GameRecord.load(tmp_path / "rec.json").actions == record.actions
    out, record = _play(game, ["human", "greedy"], ["pass", "undo"], tmp_path, seed=2)
    assert "Taken back: 2 decision(s)" in out and record.actions == []


def test_undo_stops_at_a_die_shown(tmp_path: Path) -> None:
    """Seed 1: the die after "play 1" could have given one more space (seen by replaying
    the decision with the generator changed), so the player has seen chance fall."""
    out, record = _play(CALM, ["human", "passer"], ["1", "undo"], tmp_path, seed=1)
    assert "Cannot undo: something hidden" in out and len(record.actions) == 2


def test_undo_never_takes_back_another_persons_decision(tmp_path: Path) -> None:
    out, record = _play(GAME, ["human", "human"], ["", "pass", "", "pass", "", "undo"],
                        tmp_path)
    assert "Cannot undo: another person has decided" in out
    assert record.actions == ["pass", "pass"]


@pytest.mark.parametrize("name", ["keythedral", "gardiens", "viscounts"])
def test_undo_in_a_real_game_keeps_the_record_replayable(name: str, tmp_path: Path) -> None:
    """A registered game, through the Game API only: undo before every other answer."""
    game = get_game(name)
    lines = ["1", "undo", "2"] * 40
    out, record = _play(game, ["human", "greedy"], lines, tmp_path, seed=11)
    assert "Taken back:" in out and "Cannot undo: something hidden" in out
    saved = GameRecord.load(tmp_path / "rec.json")
    assert saved.actions == record.actions
    saved.replay()  # every remaining decision is legal where it stands


def test_undo_reaches_into_a_resumed_record(tmp_path: Path) -> None:
    """A game resumed from its record: undo takes back the decisions made before."""
    _, record = _play(CALM, ["human", "passer"], ["pass", "pass"], tmp_path)
    assert len(record.actions) == 4
    out = io.StringIO()
    feed = iter(["log", "undo", "undo", "undo", "log"])

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    play_terminal(CALM, record, console=Console(file=out, width=100), read=read,
                  save_to=tmp_path / "rec.json")
    text = out.getvalue()
    assert text.count("Taken back: 2 decision(s)") == 2 and "Nothing to undo" in text
    assert record.actions == [] and GameRecord.load(tmp_path / "rec.json").actions == []
    assert "The last 4 of 4 decisions:" in text  # the log of the replayed decisions...
    assert "No decision has been taken yet." in text  # ...is emptied by the undos


@pytest.mark.parametrize("name", ["keythedral", "gardiens", "viscounts"])
def test_the_position_after_undo_is_the_one_the_record_replays_to(name: str,
                                                                  tmp_path: Path) -> None:
    """After each undo the board shown is the one the shortened record replays to."""
    game = get_game(name)
    out = io.StringIO()
    feed = iter(["1", "undo", "2"] * 25)
    record = GameRecord(game=game.name, players=2, seed=5, options=game.default_options(),
                        seats=["human", "greedy"])
    checked: list[int] = []

    def read(prompt: str) -> str:
        text = out.getvalue()
        if text.rfind("Taken back:") > text.rfind("Your decision"):  # the turn after an undo
            expected = io.StringIO()
            Console(file=expected, width=100).print(game.render(record.replay().view(0)))
            assert expected.getvalue() in text[text.rfind("Taken back:"):]
            checked.append(len(record.actions))
        out.write("Your decision\n")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    play_terminal(game, record, console=Console(file=out, width=100), read=read)
    assert len(checked) >= 3
