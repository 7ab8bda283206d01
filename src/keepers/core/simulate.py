"""Many all-bot games across processes, and their statistical summary.

Game ``i`` is always played with seed ``game_seed(base, i)`` and the same
seats, so the results do not depend on the number of processes.  The summary
functions are pure: they take the per-game result dictionaries and return
JSON-ready numbers.

Seats are named one way throughout: **seat k** is the k-th name given to
``--seats`` (engine seat k - 1, the index the results and the JSON use).  The
first player of round 1 is not necessarily seat 1: a game that reports who it
was (the per-game statistic :data:`FIRST_SEAT`, an engine seat) gets a
first-player-advantage line as well.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from contextlib import closing
from typing import Any

from rich.console import Console
from rich.pretty import Pretty
from rich.table import Table

from keepers.core.bench import freeze_heap
from keepers.core.errors import KeepersError
from keepers.core.game import Game
from keepers.core.i18n import t
from keepers.core.match import bot_factory, game_result, make_bots, play_bots
from keepers.core.registry import get_game
from keepers.core.rng import Rng
from keepers.core.workers import RayMissing, run_in_processes, run_on_ray

GameDict = Mapping[str, Any]

FIRST_SEAT = "first_seat"
"""Per-game statistic a game may report: the engine seat of the first player of round 1."""


def game_seed(base: int, index: int) -> int:
    """Return the seed of game ``index`` of a run with base seed ``base`` (a 53-bit integer)."""
    return Rng(base * 0x9E3779B97F4A7C15 + index).next64() >> 11


def seats_for(seats: Sequence[str], index: int, rotate: bool) -> list[str]:
    """Return the seats of game ``index``: as given, or rotated by ``index`` when ``rotate``."""
    shift = index % len(seats) if rotate else 0
    return [*seats[shift:], *seats[:shift]]


def play_game(game: Game, seats: Sequence[str], options: Mapping[str, Any], index: int,
              seed: int) -> dict[str, Any]:
    """Play game ``index`` (seed ``seed``) between bots; return its result line.

    The line is what a results file holds for one game: the game, its index and seed,
    the players and seats (bot names), the options, the result (scores, winners, rounds,
    decisions, cap) with the state's ``stats`` and the game's ``facts``.
    """
    state = game.new_state(len(seats), seed, options)
    decisions = play_bots(state, make_bots(game, seats, seed, game_seed=True))
    result = game_result(state, seats, decisions).to_dict()
    return {"game": game.name, "index": index, "seed": seed, "players": len(seats),
            "options": dict(options), **result, "facts": game.facts(state)}


def play_games(game_name: str, seats: Sequence[str], options: Mapping[str, Any], base: int,
               indices: Sequence[int], rotate: bool = False) -> list[dict[str, Any]]:
    """Play the games ``indices`` of a run and return their result lines."""
    game = get_game(game_name)
    out: list[dict[str, Any]] = []
    for index in indices:
        seed = game_seed(base, index)
        try:
            out.append(play_game(game, seats_for(seats, index, rotate), options, index, seed))
        except KeepersError as exc:
            raise KeepersError(t("sim.game_failed", index=index, seed=seed, reason=exc)) from None
        if len(out) == 1:
            freeze_heap()                # the game's data is loaded now
    return out


CHUNK_MOST = 20
"""Games per chunk at most: a chunk is the unit a worker hands back, so Ctrl-C loses at
most this many games per worker, and finished games show up within a second or so."""

BACKENDS = ("processes", "ray")
"""Where the games run: worker processes of this machine, or Ray tasks (a local Ray
instance, or a cluster named by its address)."""


def _chunks(indices: Sequence[int], jobs: int, most: int = CHUNK_MOST) -> list[Sequence[int]]:
    size = max(1, min(most, math.ceil(len(indices) / (max(jobs, 1) * 8))))
    return [indices[start:start + size] for start in range(0, len(indices), size)]


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run: ``results`` holds the games finished before it, by index."""

    def __init__(self, results: list[dict[str, Any]]) -> None:
        super().__init__()
        self.results = results


def _searches(game: Game, name: str) -> bool:
    """Whether the bot called ``name`` searches (each of its decisions plays many games)."""
    try:
        return bool(getattr(bot_factory(game, name)(0, 0), "searches", False))
    except KeepersError:
        return False


def _play_chunk(args: tuple[Any, ...]) -> list[dict[str, Any]]:
    return play_games(*args)


def run_simulation(game: Game, seats: Sequence[str], games: int, seed: int = 0,
                   options: Mapping[str, Any] | None = None, jobs: int = 1,
                   rotate: bool = False,
                   progress: Callable[[int], None] | None = None, *,
                   indices: Sequence[int] | None = None, backend: str = "processes",
                   address: str | None = None,
                   sink: Callable[[list[dict[str, Any]]], None] | None = None,
                   keep: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
                   ) -> list[dict[str, Any]]:
    """Play ``games`` all-bot games on ``jobs`` processes; return their lines by index.

    Only ``indices`` are played when given (a resumed run: the games still missing).
    ``backend`` ``ray`` runs them as Ray tasks (:func:`keepers.core.workers.run_on_ray`,
    on the cluster at ``address`` when given); game ``i`` has seed ``game_seed(seed, i)``
    either way, so the results are the same.  ``sink(lines)`` receives the lines of each
    finished chunk (to stream them to a file), then ``progress(n)`` is called; ``keep``
    (when given) makes what is kept of each line in memory, for a long run.  Ctrl-C
    stops the run and its workers at once and raises :class:`Interrupted` holding the
    games finished so far.
    """
    opts = game.check_options(options or {})
    wanted = list(range(games)) if indices is None else list(indices)
    # A game with a searching bot takes seconds to minutes: one game a chunk, so that a
    # stopped run loses only the games being played.
    most = 1 if any(_searches(game, name) for name in seats) else CHUNK_MOST
    work = [(game.name, list(seats), opts, seed, chunk, rotate)
            for chunk in _chunks(wanted, jobs, most)]
    if backend == "ray":
        runner = run_on_ray(_play_chunk, work, jobs, address)
    else:
        runner = run_in_processes(_play_chunk, work, jobs)
    results: list[dict[str, Any]] = []
    try:
        with closing(runner) as chunks:
            for chunk in chunks:
                if sink:
                    sink(chunk)
                results += _done([keep(line) for line in chunk] if keep else chunk, progress)
    except KeyboardInterrupt:
        raise Interrupted(sorted(results, key=lambda r: int(r["index"]))) from None
    except RayMissing:
        raise KeepersError(t("sim.no_ray")) from None
    return sorted(results, key=lambda r: int(r["index"]))


def _done(chunk: list[dict[str, Any]], progress: Callable[[int], None] | None
          ) -> list[dict[str, Any]]:
    if progress:
        progress(len(chunk))
    return chunk


# -- pure summary functions ---------------------------------------------------

def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson score interval of a win share (``wins`` may be fractional)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def win_shares(winners: Sequence[int], players: int) -> list[float]:
    """Return each seat's share of one game's victory (1/k to each of k winners)."""
    shares = [0.0] * players
    for seat in winners:
        shares[seat] += 1 / len(winners)
    return shares


def describe(values: Sequence[float]) -> dict[str, float]:
    """Return mean, sample standard deviation, min and max (zeros when empty)."""
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0.0, "max": 0.0}
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / (len(values) - 1) if len(values) > 1 else 0.0
    return {"mean": mean, "sd": math.sqrt(var), "min": float(min(values)),
            "max": float(max(values))}


def _group(games: int, wins: float, scores: list[float]) -> dict[str, Any]:
    low, high = wilson(wins, games)
    spread = describe(scores)
    return {"games": games, "wins": wins, "win_share": wins / games if games else 0.0,
            "ci_low": low, "ci_high": high, "score_mean": spread["mean"],
            "score_sd": spread["sd"]}


def _games_won(games: int, wins: float) -> dict[str, Any]:
    """The share of the games a bot sat in that its seats won (a bot in several seats of a
    game, as in a 4-player ladder step, wins the game when any of them does)."""
    low, high = wilson(wins, games)
    return {"games_in": games, "game_share": wins / games if games else 0.0,
            "game_ci_low": low, "game_ci_high": high}


def several_seats(summary: Mapping[str, Any]) -> bool:
    """Whether some bot held several seats of a game (its share of games then differs from
    its share per seat)."""
    return any(row["games"] > row["games_in"] for row in summary["per_bot"].values())


def summarize(results: Sequence[GameDict]) -> dict[str, Any]:
    """Aggregate per-game results: win shares with 95% CIs, scores, lengths, cap hits, stats."""
    players = len(results[0]["scores"]) if results else 0
    seat_wins = [0.0] * players
    bot_wins: dict[str, float] = {}
    seat_scores: list[list[float]] = [[] for _ in range(players)]
    seat_bots: list[set[str]] = [set() for _ in range(players)]
    bot_scores: dict[str, list[float]] = {}
    bot_games: dict[str, int] = {}
    stats: dict[str, list[float]] = {}
    for game in results:
        for bot in set(game["seats"]):
            bot_games[bot] = bot_games.get(bot, 0) + 1
        for seat, share in enumerate(win_shares(game["winners"], players)):
            bot, score = game["seats"][seat], float(game["scores"][seat])
            seat_wins[seat] += share
            seat_scores[seat].append(score)
            seat_bots[seat].add(bot)
            bot_wins[bot] = bot_wins.get(bot, 0.0) + share
            bot_scores.setdefault(bot, []).append(score)
        for key, value in (game.get("stats") or {}).items():
            if key != FIRST_SEAT:
                stats.setdefault(key, []).append(float(value))
    per_seat = [{"seat": seat, "bot": "/".join(sorted(seat_bots[seat])),
                 **_group(len(results), seat_wins[seat], seat_scores[seat])}
                for seat in range(players)]
    per_bot = {bot: {**_group(len(bot_scores[bot]), bot_wins[bot], bot_scores[bot]),
                     **_games_won(bot_games[bot], bot_wins[bot])}
               for bot in sorted(bot_scores)}
    summary: dict[str, Any] = {
        "games": len(results),
        "players": players,
        "seat_numbering": "per_seat[].seat is the engine seat: 0 = the first name of --seats",
        "per_seat": per_seat,
        "per_bot": per_bot,
        "rounds": describe([float(g["rounds"]) for g in results]),
        "decisions": describe([float(g["decisions"]) for g in results]),
        "capped": sum(1 for g in results if g["capped"]),
        "stats": {key: sum(v) / len(v) for key, v in sorted(stats.items())},
    }
    first = first_player(results)
    if first is not None:
        summary["first_player"] = first
    return summary


def first_player(results: Sequence[GameDict]) -> dict[str, Any] | None:
    """Return how the first player of round 1 fared, when every game reports who it was.

    The figures are those of a seat (games, wins, win share with its 95% CI, score)
    plus ``fair_share``, the share each player would win if going first gave no edge.
    """
    firsts = [(game.get("stats") or {}).get(FIRST_SEAT) for game in results]
    players = len(results[0]["scores"]) if results else 0
    if players < 2 or any(first is None for first in firsts):
        return None
    pairs = [(game, int(first)) for game, first in zip(results, firsts, strict=True)
             if first is not None]
    wins = sum(win_shares(game["winners"], players)[seat] for game, seat in pairs)
    scores = [float(game["scores"][seat]) for game, seat in pairs]
    return {**_group(len(results), wins, scores), "fair_share": 1 / players}


def game_summary(game: Game, results: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Return the game's own report (``game.summarize(results)``) when it offers one."""
    hook = getattr(game, "summarize", None)
    return dict(hook(results)) if callable(hook) else None


# -- printing ------------------------------------------------------------------

def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _win_table(title: str, first: str, rows: list[tuple[str, dict[str, Any]]],
               games_won: bool = False) -> Table:
    table = Table(title=title)
    for key in (first, "sim.games", "sim.win_share", "sim.ci", "sim.score"):
        table.add_column(t(key), justify="left" if key == first else "right")
    if games_won:
        table.add_column(t("sim.games_won"), justify="right")
    for name, row in rows:
        cells = [name, str(row["games"]), _pct(row["win_share"]),
                 f"{_pct(row['ci_low'])} – {_pct(row['ci_high'])}",
                 f"{row['score_mean']:.2f} ± {row['score_sd']:.2f}"]
        if games_won:
            cells.append(f"{_pct(row['game_share'])} ({_pct(row['game_ci_low'])} – "
                         f"{_pct(row['game_ci_high'])})")
        table.add_row(*cells)
    return table


def _first_player_line(first: Mapping[str, Any]) -> str:
    return t("sim.first_player", share=_pct(first["win_share"]), low=_pct(first["ci_low"]),
             high=_pct(first["ci_high"]), fair=_pct(first["fair_share"]))


def print_summary(console: Console, summary: Mapping[str, Any],
                  extra: Mapping[str, Any] | None = None) -> None:
    """Print a simulation summary (and the game's own report) as Rich tables."""
    seats = [(f"{r['seat'] + 1}: {r['bot']}", r) for r in summary["per_seat"]]
    table = _win_table(t("sim.per_seat"), "sim.seat", seats)
    table.caption = t("sim.seat_caption")
    console.print(table)
    if "first_player" in summary:
        console.print(_first_player_line(summary["first_player"]))
    console.print(_win_table(t("sim.per_bot"), "sim.bot", list(summary["per_bot"].items()),
                             games_won=several_seats(summary)))
    length = Table(title=t("sim.length", games=summary["games"], capped=summary["capped"]))
    for key in ("", "sim.mean", "sim.sd", "sim.min", "sim.max"):
        length.add_column(t(key) if key else "", justify="right")
    for key in ("rounds", "decisions"):
        d = summary[key]
        length.add_row(t(f"sim.{key}"), f"{d['mean']:.1f}", f"{d['sd']:.1f}",
                       f"{d['min']:g}", f"{d['max']:g}")
    console.print(length)
    for title, data in ((t("sim.stats"), summary["stats"]), (t("sim.report"), extra or {})):
        if data:
            table = Table(title=title)
            table.add_column(t("sim.key"))
            table.add_column(t("sim.value"), justify="right")
            for key, value in data.items():
                if isinstance(value, float):
                    shown: Any = f"{value:.4g}"
                elif isinstance(value, str):
                    shown = value
                else:
                    shown = Pretty(value)
                table.add_row(str(key), shown)
            console.print(table)
