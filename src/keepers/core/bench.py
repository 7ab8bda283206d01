"""Speed of a game's engine, measured by random self-play in one process."""

from __future__ import annotations

import gc
import os
import platform
import statistics
import time
import timeit
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from rich.console import Console
from rich.table import Table

import keepers
from keepers.compiled import DESCRIPTIONS
from keepers.core.game import BotFactory, Game, GameState, bot_view
from keepers.core.i18n import t
from keepers.core.match import bot_factory
from keepers.core.rng import Rng

MAX_DECISIONS = 1_000_000


def machine_info() -> dict[str, Any]:
    """Return platform, Python version, CPU model (from /proc/cpuinfo) and the engine build."""
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        for line in cpuinfo.read_text(errors="replace").splitlines():
            if line.lower().startswith(("model name", "hardware", "cpu model")):
                cpu = line.split(":", 1)[1].strip()
                break
    return {"platform": platform.platform(), "python": platform.python_version(),
            "implementation": platform.python_implementation(), "cpu": cpu,
            "cpus": os.cpu_count(), "engine": DESCRIPTIONS[keepers.ENGINE]}


def freeze_heap() -> None:
    """Take every object alive now out of the garbage collector's passes.

    A game's static data (cards, effect terms, shared memos) is large and lives as
    long as the process; the collector's full passes would walk it again and again
    (about 10 % of a Viscounts decision). Frozen objects are never freed, so this is
    for processes that play many games, called once the data is loaded.
    """
    gc.freeze()


def random_playout(state: GameState, rng: Rng, limit: int = MAX_DECISIONS) -> int:
    """Play uniformly random decisions until the game ends (or ``limit``); return how many."""
    done = 0
    while done < limit:
        legal = state.legal_actions()
        if not legal:  # the game is over (a game in progress always offers a decision)
            break
        state.apply_trusted(legal[rng.below(len(legal))])
        done += 1
    return done


def _per_call_us(fn: Callable[[], object], budget: float = 0.02) -> float:
    start = time.perf_counter()
    fn()
    once = max(time.perf_counter() - start, 1e-7)
    number = max(1, min(10_000, int(budget / once)))
    return min(timeit.repeat(fn, number=number, repeat=3)) / number * 1e6


def _viewer(state: GameState) -> Callable[[], object]:
    seat = state.to_move()
    return lambda: state.view(seat)


def sample_states(game: Game, players: int, count: int, seed: int,
                  options: Mapping[str, Any]) -> list[GameState]:
    """Return ``count`` mid-game states (25–75% of the way through random games)."""
    samples: list[GameState] = []
    for k in range(count):
        state = game.new_state(players, seed + k, options)
        length = random_playout(state.clone(), Rng(seed + k))
        stop = length // 4 + Rng(seed - k - 1).below(length // 2 + 1)
        random_playout(state, Rng(seed + k), stop)  # the same path, stopped midway
        if not state.is_over():
            samples.append(state)
    return samples


def bench(game: Game, players: int, seconds: float = 10.0, games: int | None = None,
          seed: int = 0, options: Mapping[str, Any] | None = None,
          samples: int = 10) -> dict[str, Any]:
    """Benchmark random self-play for ``seconds`` (or exactly ``games`` games).

    Returns decisions/second, games/second, the cost of ``clone()`` and
    ``view(p)`` in microseconds (medians over mid-game states) and machine info.
    """
    opts = game.check_options(options or {})
    game.new_state(players, seed, opts)      # loads the game's data before the clock starts
    freeze_heap()
    decisions = played = 0
    start = time.perf_counter()
    while (played < games) if games is not None else (time.perf_counter() - start < seconds):
        state = game.new_state(players, seed + played, opts)
        decisions += random_playout(state, Rng(seed + played))
        played += 1
    elapsed = max(time.perf_counter() - start, 1e-9)
    states = sample_states(game, players, samples, seed + 1_000_000, opts)
    clone = [_per_call_us(s.clone) for s in states]
    view = [_per_call_us(_viewer(s)) for s in states]
    return {
        "game": game.name, "players": players, "options": opts, "games": played,
        "decisions": decisions, "seconds": elapsed,
        "decisions_per_second": decisions / elapsed, "games_per_second": played / elapsed,
        "decisions_per_game": decisions / played if played else 0.0,
        "clone_us": statistics.median(clone) if clone else None,
        "view_us": statistics.median(view) if view else None,
        "samples": len(states), "machine": machine_info(),
    }


def bench_bot(game: Game, players: int, bot: str, samples: int = 20, seed: int = 0,
              options: Mapping[str, Any] | None = None,
              engine_seconds: float = 2.0, game_seconds: float = 3.0) -> dict[str, Any]:
    """Time the bot ``bot`` (a name with its settings, ``mcts:iters=200``) deciding, its
    view included, against one engine decision of random play (``engine_seconds`` of it,
    as :func:`bench` measures).

    A plain bot plays every seat of seeded games for ``game_seconds``: its cost is its
    mean over the decisions with two or more options, also set against the engine's own
    cost per decision in those games (legal decisions and applying them), which differs
    from random play's (a greedy game buys, fights and scores where random play rarely
    does).  A searching bot decides once in each of ``samples`` mid-game states of random
    games (median), and ``simulations_per_second`` is its iterations per second of
    decision on one core.
    """
    opts = game.check_options(options or {})
    factory = bot_factory(game, bot)
    freeze_heap()
    engine = bench(game, players, seconds=engine_seconds, seed=seed, options=opts, samples=0)
    engine_us = 1e6 / engine["decisions_per_second"]
    searching = getattr(factory(0, seed), "searches", False)
    report: dict[str, Any] = {
        "game": game.name, "players": players, "options": opts, "bot": bot,
        "engine_us": engine_us, "games_played": None, "engine_in_games_us": None,
        "ratio_in_games": None, "simulations_per_second": None,
    }
    if searching:
        costs, settings = _decisions_in_samples(game, players, factory, samples, seed, opts)
        bot_us = statistics.median(costs) if costs else 0.0
        iterations = getattr(settings, "iters", 0) if not getattr(settings, "time", 0) else 0
        report["simulations_per_second"] = (iterations / bot_us * 1e6
                                            if iterations and bot_us else None)
    else:
        played = _bot_games(game, players, factory, game_seconds, seed, opts)
        costs = played.bot_us
        bot_us = statistics.fmean(costs) if costs else 0.0
        report["games_played"] = played.games
        report["engine_in_games_us"] = played.engine_us
        report["ratio_in_games"] = bot_us / played.engine_us if played.engine_us else None
    report.update(decisions_timed=len(costs), bot_us=bot_us,
                  ratio=bot_us / engine_us if engine_us else None, machine=machine_info())
    return report


def _decisions_in_samples(game: Game, players: int, factory: BotFactory, samples: int,
                          seed: int, opts: Mapping[str, Any]) -> tuple[list[float], Any]:
    """The bot's cost (µs) of one decision in each mid-game state with two or more
    options, and its settings."""
    states = [s for s in sample_states(game, players, samples, seed, opts)
              if len(s.legal_actions()) > 1]
    costs: list[float] = []
    settings = None
    for k, state in enumerate(states):
        seat = state.to_move()
        assert seat is not None
        player = factory(seat, seed + k)
        start = time.perf_counter()
        view = bot_view(state, seat, player)
        player.choose(view, state.legal_actions())
        costs.append((time.perf_counter() - start) * 1e6)
        settings = getattr(player, "settings", None)
    return costs, settings


class BotGames(NamedTuple):
    """What :func:`_bot_games` measured."""

    games: int
    bot_us: list[float]
    """The bot's cost of each decision it took (two or more options), view included."""
    engine_us: float
    """The engine's mean cost per decision of those games (legal decisions, applying)."""


GAME_DECISIONS_CAP = 20_000
"""Decisions after which a benchmark game is left unfinished (a weak bot may never end
some games)."""


def _bot_games(game: Game, players: int, factory: BotFactory, seconds: float, seed: int,
               opts: Mapping[str, Any]) -> BotGames:
    """Seeded games of the bot in every seat for ``seconds``, the bot's and the engine's
    time taken apart decision by decision."""
    clock = time.perf_counter
    bot_costs: list[float] = []
    engine_time, engine_decisions, played = 0.0, 0, 0
    start = clock()
    while played == 0 or clock() - start < seconds:
        state = game.new_state(players, seed + played, opts)
        bots = [factory(seat, seed + played) for seat in range(players)]
        for _ in range(GAME_DECISIONS_CAP):
            if state.is_over():
                break
            asked = clock()
            legal = state.legal_actions()
            seat = state.to_move()
            listed = clock()
            if len(legal) > 1 and seat is not None:
                player = bots[seat]
                action = player.choose(bot_view(state, seat, player), legal)
                bot_costs.append((clock() - listed) * 1e6)
            else:
                action = legal[0]
            chosen = clock()
            state.apply_trusted(action)
            applied = clock()
            engine_time += (listed - asked) + (applied - chosen)
            engine_decisions += 1
        played += 1
    return BotGames(played, bot_costs, engine_time / max(engine_decisions, 1) * 1e6)


def print_bot_bench(console: Console, report: Mapping[str, Any]) -> None:
    """Print a bot benchmark report as a Rich table."""
    table = Table(title=t("bench.bot_title", bot=report["bot"], game=report["game"],
                          players=report["players"]))
    table.add_column(t("sim.key"))
    table.add_column(t("sim.value"), justify="right")
    sims = report["simulations_per_second"]
    searching = report["games_played"] is None

    def times(value: float | None) -> str:
        return "-" if value is None else f"{value:,.1f}"

    rows = [
        ("bench.bot_decisions", str(report["decisions_timed"])),
        ("bench.bot_us" if searching else "bench.bot_us_games",
         f"{report['bot_us']:,.1f} µs"),
        ("bench.engine_us", f"{report['engine_us']:,.1f} µs"),
        ("bench.ratio", times(report["ratio"])),
    ]
    if searching:
        rows.append(("bench.sims", "-" if sims is None else f"{sims:,.0f}"))
    else:
        rows += [("bench.bot_games", str(report["games_played"])),
                 ("bench.engine_in_games", f"{report['engine_in_games_us']:,.1f} µs"),
                 ("bench.ratio_in_games", times(report["ratio_in_games"]))]
    for key, value in rows:
        table.add_row(t(key), value)
    for key, value in report["machine"].items():
        table.add_row(key, str(value))
    console.print(table)


def print_bench(console: Console, report: Mapping[str, Any]) -> None:
    """Print a benchmark report as a Rich table."""
    table = Table(title=t("bench.title", game=report["game"], players=report["players"]))
    table.add_column(t("sim.key"))
    table.add_column(t("sim.value"), justify="right")

    def us(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f} µs"

    rows = [
        ("bench.games", f"{report['games']} ({report['seconds']:.2f} s)"),
        ("bench.decisions", str(report["decisions"])),
        ("bench.dps", f"{report['decisions_per_second']:,.0f}"),
        ("bench.gps", f"{report['games_per_second']:,.2f}"),
        ("bench.dpg", f"{report['decisions_per_game']:.1f}"),
        ("bench.clone", us(report["clone_us"])),
        ("bench.view", us(report["view_us"])),
    ]
    for key, value in rows:
        table.add_row(t(key), value)
    for key, value in report["machine"].items():
        table.add_row(key, str(value))
    console.print(table)
