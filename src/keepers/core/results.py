"""Results files: one finished game a line (JSON Lines), streamed as games finish.

A long run writes each finished chunk of games at once (append, flush, fsync), so
Ctrl-C or ``kill -9`` loses at most the games in flight.  Lines are only ever
appended; a kill in the middle of a write leaves at worst a last line without its
newline, which :func:`read_results` finds and :func:`resume` cuts off (with a
warning) before the run continues.  A results file belongs to one run: its lines
name the game, seats, options and per-game seed, and a resumed run is refused
when they are not those of the command (:func:`check_run`).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from keepers.core.errors import KeepersError
from keepers.core.game import Game
from keepers.core.i18n import t
from keepers.core.simulate import Interrupted, game_seed, run_simulation, seats_for

Line = dict[str, Any]


@dataclass
class Contents:
    """What a results file holds: its complete lines, and the torn tail if any."""

    lines: list[Line]
    size: int
    """Bytes up to the end of the last complete line."""
    torn: bool
    """True when the file ends with part of a line (a write cut short)."""


def encode(line: Mapping[str, Any]) -> bytes:
    """One game's line as it is written: compact JSON and a newline."""
    return (json.dumps(line, separators=(",", ":")) + "\n").encode("utf-8")


def read_results(path: Path) -> Contents:
    """Read a results file; a line that is not a game's result is refused in one line,
    except a last line without its newline (torn by a kill), which is left out."""
    data = path.read_bytes()
    size = data.rfind(b"\n") + 1
    lines: list[Line] = []
    for number, raw in enumerate(data[:size].splitlines(), start=1):
        lines.append(_line(path, number, raw))
    return Contents(lines, size, size < len(data))


def _line(path: Path, number: int, raw: bytes) -> Line:
    try:
        line = json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        line = None
    if not (isinstance(line, dict) and isinstance(line.get("index"), int)
            and isinstance(line.get("scores"), list) and isinstance(line.get("winners"), list)
            and isinstance(line.get("seats"), list)):
        raise KeepersError(t("results.bad_line", path=str(path), line=number))
    return line


def check_run(path: Path, lines: Sequence[Line], game: str, seats: Sequence[str],
              options: Mapping[str, Any], seed: int, rotate: bool) -> None:
    """Refuse (one line) a file whose games are not those of this run, or repeat one."""
    stored = json.loads(json.dumps(dict(options)))  # as a line holds them (tuples: lists)
    seen: set[int] = set()
    for line in lines:
        index = int(line["index"])
        differs = ("game" if line.get("game") != game
                   else "seats" if line.get("seats") != seats_for(seats, index, rotate)
                   else "options" if line.get("options") != stored
                   else "seed" if line.get("seed") != game_seed(seed, index) else None)
        if differs is not None:
            raise KeepersError(t("results.other_run", path=str(path), index=index,
                                   what=t(f"results.field_{differs}")))
        if index in seen:
            raise KeepersError(t("results.repeated", path=str(path), index=index))
        seen.add(index)


class ResultsWriter:
    """Appends finished games to a results file, each batch flushed and synced to disk.

    It holds the file's lock from the start (where the system has one: ``flock``), so that
    a second run given the same file is refused instead of playing the same games again
    into it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stream: BinaryIO = open(path, "ab")  # closed by close()
        if not _lock(self._stream):
            self._stream.close()
            raise KeepersError(t("results.busy", path=str(path)))

    def write(self, lines: Sequence[Mapping[str, Any]]) -> None:
        """Append ``lines`` in one write, then flush and fsync them."""
        self._stream.write(b"".join(encode(line) for line in lines))
        self._stream.flush()
        os.fsync(self._stream.fileno())

    def close(self) -> None:
        """Close the file."""
        self._stream.close()


def _lock(stream: BinaryIO) -> bool:
    """Take the file's exclusive lock without waiting; False if another run holds it."""
    try:
        import fcntl
    except ImportError:              # no flock here (Windows): runs are not kept apart
        return True
    try:
        fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def start(path: Path, resume: bool) -> tuple[list[Line], bool]:
    """Prepare ``path`` for a run: the lines already there (``resume``) and whether a
    torn last line was cut off.  A file holding results is refused without ``resume``."""
    if not path.exists() or path.stat().st_size == 0:
        return [], False
    if not resume:
        raise KeepersError(t("results.exists", path=str(path)))
    contents = read_results(path)
    if contents.torn:
        with open(path, "r+b") as stream:
            stream.truncate(contents.size)
            stream.flush()
            os.fsync(stream.fileno())
    return contents.lines, contents.torn


def missing(lines: Sequence[Line], games: int) -> list[int]:
    """The indices below ``games`` that no line holds yet, in order."""
    done = {int(line["index"]) for line in lines}
    return [index for index in range(games) if index not in done]


SUMMARY_FIELDS = ("index", "scores", "winners", "seats", "rounds", "decisions", "capped",
                  "stats")
"""What the summary of a run (and a game's own report) reads of each line."""


def slim(line: Mapping[str, Any]) -> Line:
    """What a long run keeps in memory of a game whose line is on disk: the fields its
    summary reads, the names of its statistics shared between games (``sys.intern``)."""
    kept = {key: line[key] for key in SUMMARY_FIELDS if key in line}
    kept["stats"] = {sys.intern(key): value for key, value in (line.get("stats") or {}).items()}
    return kept


def by_index(lines: Sequence[Line]) -> list[Line]:
    """The lines sorted by game index."""
    return sorted(lines, key=lambda line: int(line["index"]))


def run_streamed(game: Game, seats: Sequence[str], games: int, seed: int,
                 options: Mapping[str, Any], path: Path, *, resume: bool = False,
                 jobs: int = 1, rotate: bool = False, backend: str = "processes",
                 address: str | None = None, progress: Callable[[int], None] | None = None,
                 notice: Callable[[str], None] | None = None) -> list[Line]:
    """Play games ``0 .. games - 1`` with every finished one streamed to ``path``; return
    what a summary reads of the lines below ``games`` (:func:`slim`), by index.  With
    ``resume`` the games already in the file are kept (``progress`` is told of them
    first) and only the missing ones played.

    :class:`~keepers.core.simulate.Interrupted` (Ctrl-C) holds every line kept so far.
    """
    existed = path.exists()
    writer = ResultsWriter(path)       # locked: another run on this file is refused here
    try:
        done, torn = start(path, resume)
        check_run(path, done, game.name, seats, game.check_options(options), seed, rotate)
    except BaseException:
        writer.close()
        if not existed:
            path.unlink(missing_ok=True)
        raise
    if torn and notice:
        notice(t("results.torn", path=str(path)))
    kept = [slim(line) for line in done if int(line["index"]) < games]
    done.clear()                       # the whole lines are on disk: memory keeps the slim
    if resume and notice:
        notice(t("sim.resumed", done=len(kept), total=games, path=str(path)))
    if progress and kept:
        progress(len(kept))
    try:
        played = run_simulation(game, seats, games, seed, options, jobs, rotate, progress,
                                indices=missing(kept, games), backend=backend,
                                address=address, sink=writer.write, keep=slim)
    except Interrupted as stop:
        raise Interrupted(by_index(kept + stop.results)) from None
    finally:
        writer.close()
    return by_index(kept + played)
