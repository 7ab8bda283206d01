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
from keepers.core.registry import get_game

RECORD_FORMAT = "keepers-record"
POSITION_FORMAT = "keepers-position"


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
        """Validate and build a record; raises :class:`RecordError` on any defect."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a keepers game record (format must be {RECORD_FORMAT!r})")
        try:
            record = cls(
                game=str(data["game"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options") or {}),
                actions=[str(a) for a in data["actions"]],
                seats=[str(s) for s in data.get("seats") or []],
                result=data.get("result"),
                rules=_rules_field(data),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"game record is missing or has a bad field: {exc}") from None
        return record

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


def _game(name: str) -> Game:
    try:
        return get_game(name)
    except KeepersError as exc:
        raise RecordError(str(exc)) from None


def _read_json(path: str | Path) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file (not UTF-8)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg})") from None


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
    name = str(data.get("game"))
    game = _game(name)
    check_rules(game, _rules_field(data), "position")
    try:
        return name, game.state_from_dict(data["state"])
    except KeepersError as exc:
        raise RecordError(f"position file {path} is not valid: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RecordError(f"position file {path} is not valid: {exc!r}") from None
