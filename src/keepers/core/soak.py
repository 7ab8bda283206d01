"""The soak run: many random games of each game, every invariant checked after every decision.

Game ``i`` of a game's soak is always the same game: its seed is
``game_seed(base, i)`` and its player count and options are drawn from that seed
(:func:`soak_setup`), so a violation is replayed from its index alone.  A ledger
file keeps the counts of every run and the index to start from next, so runs
add up (towards a million games per game) without playing a game twice; it is
rewritten atomically after every chunk, so an interrupted run loses nothing
finished.

After every decision of a game the soak checks that the game is over or someone
must decide, that the legal decisions are distinct and not empty, and the game's
own invariants (:meth:`Game.invariant_violations`: components conserved, nothing
negative, ...).  Every game must end within :data:`MOST_DECISIONS`.  At the end, and
at one decision drawn from the seed, the position must survive a trip through its
file format unchanged; every :data:`REPLAY_EVERY`-th game must replay from its seed
and decisions to the same final position.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from keepers.core.bots import RandomBot
from keepers.core.errors import KeepersError
from keepers.core.files import write_text_atomic
from keepers.core.game import Game, GameState
from keepers.core.limits import parse_json, read_text
from keepers.core.match import bot_seed
from keepers.core.registry import get_game
from keepers.core.rng import Rng
from keepers.core.simulate import game_seed
from keepers.core.workers import run_in_processes

MOST_DECISIONS = 200_000
"""A random game that has not ended after this many decisions is a violation."""
REPLAY_EVERY = 20
"""Every this many games, the game is replayed from its seed and checked identical."""
CHUNK = 25
"""Games per unit of work handed back by a worker (and per ledger update)."""
LEDGER_VERSION = 1
MOST_KEPT = 100
"""Violations kept in the ledger per game (the counts go on)."""


@dataclass
class SoakGame:
    """One soaked game: how it was set up and what broke, if anything."""

    index: int
    seed: int
    players: int
    options: dict[str, Any]
    decisions: int = 0
    violation: str | None = None
    at: int | None = None          # the decision after which it broke


@dataclass
class SoakTally:
    """Counts of one game's soak, over one run or all runs of a ledger."""

    games: int = 0
    decisions: int = 0
    violations: int = 0
    seconds: float = 0.0
    found: list[dict[str, Any]] = field(default_factory=list)

    def add(self, played: SoakGame) -> None:
        """Count one more game."""
        self.games += 1
        self.decisions += played.decisions
        if played.violation is not None:
            self.violations += 1
            if len(self.found) < MOST_KEPT:
                self.found.append(vars(played).copy())


def soak_setup(game: Game, seed: int) -> tuple[int, dict[str, Any]]:
    """The player count and options of the soaked game of ``seed``: a count the game
    allows and a value for every yes/no and listed option, drawn from the seed (whole
    numbers keep their defaults); a combination the game refuses is drawn again."""
    rng = Rng(seed ^ 0x5EED)
    for _ in range(16):
        players = game.min_players + rng.below(game.max_players - game.min_players + 1)
        options: dict[str, Any] = {}
        for spec in game.option_specs():
            if isinstance(spec.default, bool):
                options[spec.name] = rng.below(2) == 1
            elif isinstance(spec.default, str) and spec.choices:
                options[spec.name] = spec.choices[rng.below(len(spec.choices))]
        try:
            game.new_state(players, seed, game.check_options(options))
        except (KeepersError, ValueError):
            continue
        return players, game.check_options(options)
    return game.min_players, game.default_options()


def soak_one(game: Game, index: int, base: int) -> SoakGame:
    """Play game ``index`` of a soak with random bots, checking it throughout."""
    seed = game_seed(base, index)
    players, options = soak_setup(game, seed)
    played = SoakGame(index, seed, players, options)
    try:
        _play_checked(game, played)
    except Exception as exc:  # a crash is a violation to report, not the end of the run
        played.violation = f"{type(exc).__name__}: {exc}"[:500]
        played.at = played.decisions
    return played


def _play_checked(game: Game, played: SoakGame) -> None:
    state = game.new_state(played.players, played.seed, played.options)
    bots = [RandomBot(seat, bot_seed(played.seed, seat)) for seat in range(played.players)]
    probe = Rng(played.seed ^ 0xB0B).below(400)
    actions: list[str] = []
    while not state.is_over():
        problem = _check_decision(game, state)
        if problem is None and len(actions) == probe:
            problem = _check_round_trip(game, state)
        if problem is None and len(actions) >= MOST_DECISIONS:
            problem = f"the game has not ended after {MOST_DECISIONS} decisions"
        if problem is not None:
            played.violation, played.at = problem, len(actions)
            return
        seat = state.to_move()
        assert seat is not None
        action = bots[seat].choose(None, state.legal_actions())
        state.apply(action)
        actions.append(action)
        played.decisions += 1
    problem = _check_end(game, state)
    if problem is None:
        problem = _check_round_trip(game, state)
    if problem is None and played.index % REPLAY_EVERY == 0:
        problem = _check_replay(game, played, actions, state)
    if problem is not None:
        played.violation, played.at = problem, len(actions)


def _check_decision(game: Game, state: GameState) -> str | None:
    """Someone must decide, among distinct decisions, and the game's invariants hold."""
    if state.to_move() is None:
        return "the game is not over but nobody is to decide"
    legal = state.legal_actions()
    if not legal or len(set(legal)) != len(legal):
        return "the legal decisions are empty or repeat"
    broken = game.invariant_violations(state)
    return broken[0] if broken else None


def _check_end(game: Game, state: GameState) -> str | None:
    broken = game.invariant_violations(state)
    if broken:
        return broken[0]
    scores, winners = state.scores(), state.winners()
    if len(scores) < state.num_players or not set(winners) <= set(range(len(scores))):
        return f"scores {scores} and winners {winners} do not fit the players"
    return None


def _check_round_trip(game: Game, state: GameState) -> str | None:
    """The position, written and read back, is the same position."""
    data = json.loads(json.dumps(state.to_dict()))
    try:
        loaded = game.state_from_dict(data)
    except KeepersError as exc:
        return f"a position reached in play is refused when read back: {exc}"
    if json.loads(json.dumps(loaded.to_dict())) != data:
        return "a position read back differs from the one written"
    return None


def _check_replay(game: Game, played: SoakGame, actions: list[str],
                  state: GameState) -> str | None:
    again = game.new_state(played.players, played.seed, played.options)
    for action in actions:
        again.apply(action)
    return None if again.to_dict() == state.to_dict() else "the replay differs"


def _soak_chunk(args: tuple[str, int, range]) -> list[SoakGame]:
    name, base, indices = args
    game = get_game(name)
    return [soak_one(game, index, base) for index in indices]


def run_soak(game: Game, games: int, base: int = 0, start: int = 0, jobs: int = 1,
             progress: Callable[[list[SoakGame]], None] | None = None) -> SoakTally:
    """Soak games ``start`` .. ``start + games - 1`` of ``game`` on ``jobs`` processes.

    ``progress`` receives each finished chunk (the ledger is written there).  Ctrl-C
    stops at once; the chunks already handed to ``progress`` are kept.
    """
    work = [(game.name, base, range(first, min(first + CHUNK, start + games)))
            for first in range(start, start + games, CHUNK)]
    tally = SoakTally()
    began = time.perf_counter()
    with closing(run_in_processes(_soak_chunk, work, jobs)) as chunks:
        for chunk in chunks:
            for played in chunk:
                tally.add(played)
            tally.seconds = time.perf_counter() - began
            if progress:
                progress(chunk)
    return tally


# -- the ledger -----------------------------------------------------------------
class Ledger:
    """The counts of every soak run of every game, kept in one JSON file.

    Per game: the base seed, the next game index, the totals, each run's counts and
    the violations found (with what replays them).
    """

    def __init__(self, path: Path | None, data: dict[str, Any] | None = None) -> None:
        self.path = path
        self.data: dict[str, Any] = data or {"version": LEDGER_VERSION, "games": {}}

    @classmethod
    def open(cls, path: Path | None) -> Ledger:
        """Read the ledger at ``path`` (a new one if there is no file); one-line refusal
        of a file that is not a ledger."""
        if path is None or not path.exists():
            return cls(path)
        data = parse_json(read_text(path), str(path))
        if (not isinstance(data, dict) or data.get("version") != LEDGER_VERSION
                or not isinstance(data.get("games"), dict)):
            raise KeepersError(f"{path}: not a keepers soak ledger (version {LEDGER_VERSION})")
        return cls(path, data)

    def entry(self, name: str, base: int) -> dict[str, Any]:
        """The totals of game ``name`` (its base seed must be the ledger's)."""
        entry: dict[str, Any] = self.data["games"].setdefault(name, {
            "seed": base, "next": 0, "games": 0, "decisions": 0, "violations": 0,
            "runs": [], "found": []})
        if entry["seed"] != base:
            raise KeepersError(f"the ledger soaks {name} with seed {entry['seed']}, not {base}; "
                               "use that seed or another ledger")
        return entry

    def count(self, name: str, base: int, chunk: Iterable[SoakGame]) -> None:
        """Add finished games to the totals and save the ledger."""
        entry = self.entry(name, base)
        for played in chunk:
            entry["games"] += 1
            entry["decisions"] += played.decisions
            entry["next"] = max(entry["next"], played.index + 1)
            if played.violation is not None:
                entry["violations"] += 1
                if len(entry["found"]) < MOST_KEPT:
                    entry["found"].append(vars(played).copy())
        self.save()

    def close_run(self, name: str, base: int, run: Mapping[str, Any]) -> None:
        """Note one finished (or interrupted) run."""
        self.entry(name, base)["runs"].append(dict(run))
        self.save()

    def save(self) -> None:
        """Write the ledger atomically (nothing when it has no file)."""
        if self.path is not None:
            write_text_atomic(self.path, json.dumps(self.data, indent=1) + "\n")
