"""Game records: seed + configuration + decisions, saved as JSON and replayed exactly.

A record is to these games what PGN is to chess::

    {"format": "keepers-record", "version": 1, "game": "...", "rules": 2,
     "players": 4, "seed": 7, "options": {...}, "seats": ["human", "greedy", ...],
     "actions": ["field 4,0", "cottage 3 5,1", ...], "result": {...}}

A position file holds a full state (``GameState.to_dict``) instead of
decisions; tests and bug reports use it to start from any position.

Both name the version of the game's rules they were made under
(:attr:`Game.rules_version`; files without it predate versioning and are
version 1).  A file made under other rules than the installed ones is refused
with a message naming both versions: replaying it under changed rules would
silently produce a different game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from keepers.core.errors import KeepersError, RecordError
from keepers.core.files import write_text_atomic
from keepers.core.game import Decision, Game, GameState
from keepers.core.limits import parse_json, read_text
from keepers.core.registry import get_game

RECORD_FORMAT = "keepers-record"
POSITION_FORMAT = "keepers-position"
FILE_VERSION = 1
"""The one version of both file formats (a file without ``version`` is of this one)."""
SEED_LIMIT = 1 << 64
"""Seeds are below 2**64: the generator keeps 64 bits, a larger seed would wrap silently."""
MAX_PLAYERS = 64
"""More seats than any game has: a record's player count is checked against its game
at setup; this bound only keeps a corrupt count from sizing anything."""


@dataclass
class GameRecord:
    """Everything needed to replay one game."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    rules: int | None = None
    """Rules version the game was played under (None: the installed game's)."""

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form of the record."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": 1,
            "game": self.game,
            "rules": self.rules if self.rules is not None else _game(self.game).rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "seats": self.seats,
            "actions": self.actions,
        }
        if self.result is not None:
            data["result"] = self.result
        return data

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Validate and build a record; raises :class:`RecordError` on any defect.

        Every field must have its exact type (no ``3.9`` read as 3 players, no text
        read as a list of seats): a record is refused rather than read differently.
        """
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a keepers game record (format must be {RECORD_FORMAT!r})")
        _check_version(data)
        missing = [key for key in ("game", "players", "seed", "actions") if key not in data]
        if missing:
            raise RecordError(f"game record is missing the field {missing[0]!r}")
        players = _whole(data, "players", 1, MAX_PLAYERS)
        seats = data.get("seats", [])
        if not _texts(seats) or (seats and len(seats) != players):
            raise RecordError(f"record field 'seats' must be a list of {players} seat names")
        if not _texts(data["actions"]):
            raise RecordError("record field 'actions' must be a list of decisions (texts)")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError("record field 'result' must be an object")
        return cls(game=_text(data, "game"), players=players,
                   seed=_whole(data, "seed", 0, SEED_LIMIT - 1), options=_options(data),
                   actions=list(data["actions"]), seats=list(seats), result=result,
                   rules=_rules_field(data))

    def ended_on_time(self) -> int | None:
        """The seat whose time ran out and so ended the game, or None.  A record of the
        game server says so in its result (``"ended": "time"`` and a timeout note with
        ``"outcome": "end"``); its decisions are the engine's, so its replay stops short of
        the rules' end, where that seat ran out of time."""
        if self.result is None or self.result.get("ended") != "time":
            return None
        for note in self.result.get("timeouts", []):
            if isinstance(note, dict) and note.get("outcome") == "end" and \
                    type(note.get("seat")) is int:
                seat: int = note["seat"]
                return seat
        return None

    def save(self, path: str | Path) -> None:
        """Write the record as JSON (atomically: never half a file)."""
        write_text_atomic(path, json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record; raises :class:`RecordError` with a one-line reason on failure."""
        return cls.from_dict(_read_json(path))

    def new_state(self) -> GameState:
        """Return the initial state of the recorded game."""
        game = _game(self.game)
        if self.rules is not None:
            check_rules(game, self.rules, "record")
        try:
            return game.new_state(self.players, self.seed, self.options)
        except KeepersError as exc:
            raise RecordError(f"record cannot be set up: {exc}") from None
        except (ValueError, KeyError, TypeError) as exc:
            raise RecordError(f"record cannot be set up: {exc}") from None

    def replay(self, upto: int | None = None,
               watch: Callable[[Decision, str], None] | None = None) -> GameState:
        """Replay the first ``upto`` decisions (all by default) and return the state.

        ``watch(decision, action)``, when given, is told each decision before it is applied.
        """
        state = self.new_state()
        actions = self.actions if upto is None else self.actions[:upto]
        for number, action in enumerate(actions, start=1):
            decision = state.decision()
            if watch is not None and decision is not None:
                watch(decision, action)
            try:
                state.apply(action)
            except KeepersError as exc:
                message = f"decision {number} ({action!r}) does not replay: {exc}"
                raise RecordError(message) from None
        return state


def check_rules(game: Game, rules: int, what: str) -> None:
    """Refuse a file made under another version of ``game``'s rules than the installed one."""
    if rules != game.rules_version:
        raise RecordError(
            f"this {what} was made under {game.name} rules version {rules}; this keepers plays "
            f"{game.name} rules version {game.rules_version}, under which it would not replay "
            f"the same game (see docs/rulings.md)")


def _rules_field(data: dict[str, Any]) -> int:
    rules = data.get("rules", 1)
    if not isinstance(rules, int) or isinstance(rules, bool) or rules < 1:
        raise RecordError(f"bad rules version {rules!r}: must be a whole number >= 1")
    return rules


def _check_version(data: dict[str, Any]) -> None:
    version = data.get("version", FILE_VERSION)
    if type(version) is not int or version != FILE_VERSION:
        raise RecordError(f"unknown {data.get('format')} version {_short(version)}: "
                          f"this keepers reads version {FILE_VERSION}")


def _whole(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if type(value) is not int or not low <= value <= high:
        raise RecordError(f"record field {key!r} must be a whole number from {low} to {high}, "
                          f"not {_short(value)}")
    return value


def _text(data: dict[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise RecordError(f"record field {key!r} must be a text, not {_short(value)}")
    return value


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _options(data: dict[str, Any]) -> dict[str, Any]:
    """The options as recorded: names with plain values (the game checks them at setup)."""
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(
            isinstance(value, str | int | float | bool) for value in options.values()):
        raise RecordError("record field 'options' must be an object of plain values")
    return dict(options)


def _short(value: Any) -> str:
    """A value as it may appear in a one-line message: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _game(name: str) -> Game:
    try:
        return get_game(name)
    except KeepersError as exc:
        raise RecordError(str(exc)) from None


def _read_json(path: str | Path) -> Any:
    return parse_json(read_text(path), str(path))


def save_position(state: GameState, game: str, path: str | Path) -> None:
    """Write a full position file for ``state`` (atomically: never half a file)."""
    data = {"format": POSITION_FORMAT, "version": 1, "game": game,
            "rules": _game(game).rules_version, "state": state.to_dict()}
    write_text_atomic(path, json.dumps(data, indent=1) + "\n")


def load_position(path: str | Path) -> tuple[str, GameState]:
    """Read a position file; returns (game name, state) or raises :class:`RecordError`."""
    data = _read_json(path)
    if not isinstance(data, dict) or data.get("format") != POSITION_FORMAT:
        raise RecordError(f"{path} is not a keepers position file")
    _check_version(data)
    name = data.get("game")
    if not isinstance(name, str):
        raise RecordError(f"position file {path} does not name its game")
    game = _game(name)
    check_rules(game, _rules_field(data), "position")
    if "state" not in data:
        raise RecordError(f"position file {path} holds no state")
    try:
        return name, game.state_from_dict(data["state"])
    except KeepersError as exc:
        raise RecordError(f"position file {path} is not valid: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RecordError(f"position file {path} is not valid: {_one_line(exc)}") from None


def _one_line(exc: Exception) -> str:
    """A refusal the game raised as a plain error, as one line without its class name
    when it has a message (a KeyError has only the missing key)."""
    text = str(exc) if isinstance(exc, ValueError) and str(exc) else repr(exc)
    return " ".join(text.split())
