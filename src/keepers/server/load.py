"""`keepers loadtest`: many games played at once against a game server by simulated
people over websockets; decisions per second and each decision's latency, from its
sending to its acknowledgement (``accepted``: the decision is committed).

The server is started as people start it (``python -m keepers serve`` on a free port
of 127.0.0.1) unless ``--url`` names a running one.  Every seat of every game is a
human seat played by a client, so every decision crosses the network; the clients run
in processes of their own, so the server's process does only the server's work (on a
small machine they still share its cores).  Each client answers its seat's turn with a
random legal decision; a game that ends is replaced by a new one of the same kind.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Annotated, Any

import httpx
import typer
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect

from keepers.core.errors import KeepersError
from keepers.core.registry import game_names, get_game

TIMEOUT = 120.0
"""Seconds the server or a client may take to start, connect or report."""
MAX_GAMES = 10_000
MAX_PROCESSES = 64
MAX_SECONDS = 86_400.0
USUAL_PLAYERS = 3
"""Players per game unless ``--players`` says otherwise (within each game's limits)."""


@dataclass(frozen=True)
class Plan:
    """What one client process plays: its games (by game name), against ``url``."""

    url: str
    games: list[str]
    players: dict[str, int]
    warmup: float
    seconds: float
    seed: int
    table_rate: float
    """Decisions per second each game is offered (0: as fast as answered)."""


@dataclass
class Tally:
    """What one client process saw; latencies (seconds) only inside the measured window."""

    latencies: list[float] = field(default_factory=list)
    refusals: Counter[str] = field(default_factory=Counter)
    finished: int = 0
    warmup_decisions: int = 0
    cpu_seconds: float = 0.0
    """CPU time the client processes spent inside the window."""


@dataclass(frozen=True)
class Window:
    """The measured time (``time.monotonic``, the same clock in every process here)."""

    start: float
    until: float


class Pace:
    """When one table's people decide: at the times of a Poisson process of ``rate``
    decisions per second (so that the tables together offer ``--rate`` decisions per
    second, independently, as people would), or at once when the rate is 0.  A table the
    server has kept waiting decides at once, catching up with its schedule."""

    def __init__(self, rate: float, begin: float, rng: random.Random) -> None:
        self.rate = rate
        self.rng = rng
        self.due = begin + (rng.expovariate(rate) if rate else 0.0)

    async def wait(self) -> None:
        """Sleep until the next decision is due, and schedule the one after it."""
        if not self.rate:
            return
        delay = self.due - time.monotonic()
        self.due += self.rng.expovariate(self.rate)
        if delay > 0:
            await asyncio.sleep(delay)


# -- the clients ------------------------------------------------------------------------
def _client_process(plan: Plan, pipe: Connection) -> None:
    """A client process: open its games, say ready, wait for the start time, play, report."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run
    try:
        tally = asyncio.run(_play(plan, pipe))
    except Exception as exc:  # reported to the parent as one line
        pipe.send(("failed", f"{type(exc).__name__}: {exc}"))
        return
    pipe.send(("done", tally))


async def _play(plan: Plan, pipe: Connection) -> Tally:
    rng = random.Random(plan.seed)
    tally = Tally()
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=plan.url, timeout=TIMEOUT, limits=limits) as http:
        opened = await asyncio.gather(*(_open_game(http, plan, name) for name in plan.games))
        pipe.send(("ready", None))
        begin = await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
        window = Window(begin + plan.warmup, begin + plan.warmup + plan.seconds)
        await asyncio.sleep(max(0.0, begin - time.monotonic()))
        tables = [asyncio.create_task(_table(http, plan, name, seats, rng, window, tally,
                                             Pace(plan.table_rate, begin, rng)))
                  for name, seats in zip(plan.games, opened, strict=True)]
        await asyncio.sleep(max(0.0, window.start - time.monotonic()))
        cpu_before = time.process_time()
        await asyncio.sleep(max(0.0, window.until - time.monotonic()))
        tally.cpu_seconds = time.process_time() - cpu_before
        for task in tables:
            task.cancel()
        for outcome in await asyncio.gather(*tables, return_exceptions=True):
            if isinstance(outcome, Exception):
                raise outcome
    return tally


async def _open_game(http: httpx.AsyncClient, plan: Plan, name: str) -> list[ClientConnection]:
    """Create a game of human seats only and connect one client to each seat."""
    answer = await http.post("/api/games", json={"game": name,
                                                 "seats": ["human"] * plan.players[name]})
    if answer.status_code != 201:
        raise KeepersError(f"the server refused a {name} game: {answer.text[:200]}")
    created = answer.json()
    socket_url = (plan.url.replace("http://", "ws://", 1)
                  + f"/api/games/{created['game']['id']}/ws")
    seats = []
    for invitation in created["invitations"]:
        connection = await connect(socket_url, max_size=2**24, open_timeout=TIMEOUT)
        await connection.send(json.dumps({"type": "hello", "token": invitation["token"]}))
        seats.append(connection)
    return seats


async def _table(http: httpx.AsyncClient, plan: Plan, name: str,
                 seats: list[ClientConnection], rng: random.Random, window: Window,
                 tally: Tally, pace: Pace) -> None:
    """Play games of ``name`` at one table until the window closes: when one ends, the
    next begins."""
    while True:
        try:
            await asyncio.gather(*(_seat(seat, rng, window, tally, pace) for seat in seats))
        finally:
            for seat in seats:
                await seat.close()
        tally.finished += 1
        if time.monotonic() >= window.until:
            return
        seats = await _open_game(http, plan, name)


async def _seat(connection: ClientConnection, rng: random.Random, window: Window,
                tally: Tally, pace: Pace) -> None:
    """One simulated person: a random legal decision at each of the seat's turns, until
    the game is over."""
    answered = -1
    sent_at = 0.0
    async for text in connection:
        message = json.loads(text)
        kind = message["type"]
        if kind == "state":
            if message["over"]:
                return
            if message["legal"] and message["state"] > answered:
                answered = message["state"]
                action = rng.choice(message["legal"])["action"]
                await pace.wait()
                sent_at = time.monotonic()
                await connection.send(json.dumps({"type": "decide", "state": answered,
                                                  "action": action}))
        elif kind == "accepted":
            now = time.monotonic()
            if window.start <= now < window.until:
                tally.latencies.append(now - sent_at)
            elif now < window.start:
                tally.warmup_decisions += 1
        elif kind == "error":
            tally.refusals[message["code"]] += 1


# -- the server -------------------------------------------------------------------------
def free_port() -> int:
    """A port of 127.0.0.1 free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class Server:
    """The server measured: its URL, and its process when this command started it."""

    url: str
    pid: int | None = None


@contextlib.contextmanager
def started_server(db: str | None) -> Iterator[Server]:
    """``python -m keepers serve`` on a free port of 127.0.0.1 over ``db`` (a SQLite file
    or a database URL; a new SQLite file when None), stopped on leaving."""
    with tempfile.TemporaryDirectory(prefix="keepers-load-") as scratch:
        port = free_port()
        log = Path(scratch) / "server.log"
        database = db if db is not None else str(Path(scratch) / "games.db")
        with open(log, "wb") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "keepers", "serve", "--host", "127.0.0.1",
                 "--port", str(port), "--db", database],
                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_until_serving(process, url, log)
            yield Server(url, process.pid)
            if process.poll() is not None:
                raise KeepersError(f"the server stopped during the run: {_last_line(log)}")
        except KeepersError as exc:
            hint = _last_error(log)
            if hint in str(exc):
                raise
            raise KeepersError(f"{exc} (the server's last error: {hint})") from None
        finally:
            _stop(process)


def _wait_until_serving(process: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise KeepersError(f"the server did not start: {_last_line(log)}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/games?limit=1", timeout=1).status_code == 200:
                return
        time.sleep(0.1)
    raise KeepersError(f"the server did not answer within {TIMEOUT:.0f} s")


def _last_line(log: Path) -> str:
    lines = log.read_text(errors="replace").strip().splitlines()
    return lines[-1] if lines else "(no output)"


def _last_error(log: Path) -> str:
    """The server's last line naming an error (what a failed run most likely met)."""
    lines = log.read_text(errors="replace").strip().splitlines()
    errors = [line for line in lines if "Error" in line or "ERROR" in line]
    return errors[-1].strip()[:300] if errors else "none logged"


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL if the server lingers."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def process_cpu(pid: int | None) -> float | None:
    """CPU seconds process ``pid`` has used so far (None where /proc cannot tell)."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the run ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Load:
    """What to play: a game name per table, players per game, and how."""

    tables: list[str]
    players: dict[str, int]
    processes: int
    warmup: float
    seconds: float
    rate: float
    """Decisions per second offered by all the tables together (0: as fast as answered)."""
    seed: int


def run_load(server: Server, load: Load) -> tuple[Tally, float | None]:
    """Play ``load`` against ``server`` from client processes; returns what they saw
    together and the server's CPU seconds in the window (None when unknown)."""
    context = multiprocessing.get_context("spawn")
    shares = [load.tables[index::load.processes] for index in range(load.processes)]
    pipes: list[Connection] = []
    workers: list[BaseProcess] = []
    for index, share in enumerate(shares):
        ours, theirs = context.Pipe()
        plan = Plan(server.url, share, load.players, load.warmup, load.seconds,
                    load.seed * 1_000 + index, load.rate / len(load.tables))
        started = context.Process(target=_client_process, args=(plan, theirs), daemon=True)
        started.start()
        pipes.append(ours)
        workers.append(started)
    try:
        for pipe, worker in zip(pipes, workers, strict=True):
            _expect(pipe, worker, "ready", TIMEOUT)
        begin = time.monotonic() + 0.2
        for pipe in pipes:
            pipe.send(begin)
        time.sleep(max(0.0, begin + load.warmup - time.monotonic()))
        cpu_before = process_cpu(server.pid)
        time.sleep(max(0.0, begin + load.warmup + load.seconds - time.monotonic()))
        cpu_after = process_cpu(server.pid)
        total = Tally()
        for pipe, worker in zip(pipes, workers, strict=True):
            tally = _expect(pipe, worker, "done", TIMEOUT)
            total.latencies += tally.latencies
            total.refusals += tally.refusals
            total.finished += tally.finished
            total.warmup_decisions += tally.warmup_decisions
            total.cpu_seconds += tally.cpu_seconds
        server_cpu = (None if cpu_before is None or cpu_after is None
                      else cpu_after - cpu_before)
        return total, server_cpu
    finally:
        for worker in workers:
            worker.join(5)
            if worker.is_alive():
                worker.kill()


def _expect(pipe: Connection, worker: BaseProcess, what: str, timeout: float) -> Any:
    """The next report of a client process, which must be ``what``."""
    if not wait([pipe, worker.sentinel], timeout):
        raise KeepersError(f"a client process did not report within {timeout:.0f} s")
    if not pipe.poll():
        raise KeepersError(f"a client process ended (exit code {worker.exitcode}) "
                           "without reporting")
    try:
        kind, payload = pipe.recv()
    except EOFError:
        raise KeepersError("a client process ended without reporting") from None
    if kind != what:
        raise KeepersError(f"a client process failed: {payload}")
    return payload


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` from 0 to 1) of ``values``; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def summary(tally: Tally, server_cpu: float | None, seconds: float) -> dict[str, Any]:
    """The measured figures: decisions, decisions per second, latencies in milliseconds,
    and the CPU time the server and the clients spent per decision."""
    latencies = tally.latencies
    per_decision = 1000 / max(1, len(latencies))
    return {
        "decisions": len(latencies),
        "decisions_per_second": round(len(latencies) / seconds, 1),
        "latency_ms": {name: round(percentile(latencies, share) * 1000, 2)
                       for name, share in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99),
                                           ("max", 1.0))},
        "refusals": sum(tally.refusals.values()),
        "refusal_codes": dict(tally.refusals),
        "games_finished": tally.finished,
        "warmup_decisions": tally.warmup_decisions,
        "server_cpu_ms_per_decision": (None if server_cpu is None
                                       else round(server_cpu * per_decision, 3)),
        "server_cpu_share": None if server_cpu is None else round(server_cpu / seconds, 2),
        "clients_cpu_ms_per_decision": round(tally.cpu_seconds * per_decision, 3),
    }


# -- the command ------------------------------------------------------------------------
def _check_range(name: str, value: float, low: float, high: float) -> None:
    if not (math.isfinite(value) and low <= value <= high):
        raise KeepersError(f"{name} must be from {low:g} to {high:g}, not {value:g}")


def _choose_games(game: str | None, players: int | None) -> dict[str, int]:
    """The games to play, each with its player count (checked against the game)."""
    names = [game] if game is not None else game_names()
    chosen: dict[str, int] = {}
    for name in names:
        found = get_game(name)
        count = players if players is not None else min(
            max(USUAL_PLAYERS, found.min_players), found.max_players)
        if not found.min_players <= count <= found.max_players:
            raise KeepersError(f"--players: {name} is played by {found.min_players} to "
                               f"{found.max_players} players, not {count}")
        chosen[name] = count
    return chosen


def _database_label(url: str | None, db: str | None) -> str:
    if url is not None:
        return f"the server at {url}"
    if db is None:
        return "SQLite (a new file)"
    if "://" not in db:
        return f"SQLite ({db})"
    from sqlalchemy.engine import make_url

    return make_url(db).render_as_string(hide_password=True)


def loadtest(
    games: Annotated[int, typer.Option(help="games played at once")] = 100,
    game: Annotated[str | None, typer.Option(
        help="play only this game (default: every game, in turn)")] = None,
    players: Annotated[int | None, typer.Option(
        help="players per game, every one a client (default: 3, within each game's limits)"
    )] = None,
    seconds: Annotated[float, typer.Option(help="seconds measured, after the warm-up")] = 30.0,
    warmup: Annotated[float, typer.Option(help="seconds played before measuring")] = 5.0,
    rate: Annotated[float, typer.Option(
        help="decisions per second offered by all the games together, at random moments "
             "(0: each decision as soon as the last is answered)")] = 500.0,
    processes: Annotated[int, typer.Option(help="client processes")] = 2,
    db: Annotated[str | None, typer.Option(
        help="the started server's SQLite file or database URL (default: a new SQLite file)"
    )] = None,
    url: Annotated[str | None, typer.Option(
        help="measure the server running at this http:// URL instead of starting one")] = None,
    seed: Annotated[int, typer.Option(help="seed of the clients' random decisions")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
) -> None:
    """Measure a game server under load: decisions per second and latency to acknowledgement."""
    _check_range("--games", games, 1, MAX_GAMES)
    _check_range("--seconds", seconds, 0.1, MAX_SECONDS)
    _check_range("--warmup", warmup, 0, MAX_SECONDS)
    _check_range("--processes", processes, 1, min(MAX_PROCESSES, games))
    _check_range("--seed", seed, 0, 2**32 - 1)
    _check_range("--rate", rate, 0, 1_000_000)
    if url is not None and db is not None:
        raise KeepersError("--db and --url exclude each other: --db is for a started server")
    if url is not None and not url.startswith("http://"):
        raise KeepersError(f"--url must start with http://, not {url[:40]!r}")
    chosen = _choose_games(game, players)
    names = list(chosen)
    tables = [names[index % len(names)] for index in range(games)]
    load = Load(tables, chosen, processes, warmup, seconds, rate, seed)
    with (contextlib.nullcontext(Server(url.rstrip("/"))) if url is not None
          else started_server(db)) as server:
        tally, server_cpu = run_load(server, load)
    report = {
        "database": _database_label(url, db), "games": games,
        "mix": dict(Counter(tables)), "players": chosen,
        "clients": sum(chosen[name] for name in tables), "client_processes": processes,
        "cpus": os.cpu_count(), "warmup_seconds": warmup, "seconds": seconds,
        "offered_rate": rate,
        **summary(tally, server_cpu, seconds),
    }
    if as_json:
        typer.echo(json.dumps(report, indent=1))
    else:
        show(Console(), report)


def show(console: Console, report: dict[str, Any]) -> None:
    """The figures as a table."""
    table = Table(title="keepers server under load", show_header=False)
    table.add_column(style="bold")
    table.add_column(justify="right", overflow="fold")
    latency = report["latency_ms"]
    mix = ", ".join(f"{count} {name}" for name, count in report["mix"].items())
    rows = [
        ("database", report["database"]),
        ("games at once", f"{report['games']} ({mix})"),
        ("clients (one per seat)", f"{report['clients']} in {report['client_processes']} "
                                   f"processes, {report['cpus']} CPUs"),
        ("measured", f"{report['seconds']:g} s after {report['warmup_seconds']:g} s warm-up"),
        ("decisions offered per second", f"{report['offered_rate']:,g}" if report["offered_rate"]
         else "as fast as answered"),
        ("decisions", f"{report['decisions']:,}"),
        ("decisions per second", f"{report['decisions_per_second']:,.1f}"),
        ("latency p50 / p90 / p99", f"{latency['p50']:.1f} / {latency['p90']:.1f} / "
                                    f"{latency['p99']:.1f} ms"),
        ("latency max", f"{latency['max']:.1f} ms"),
        ("refusals", str(report["refusals"])),
        ("server CPU per decision", "unknown" if report["server_cpu_ms_per_decision"] is None
         else f"{report['server_cpu_ms_per_decision']:.2f} ms "
              f"({report['server_cpu_share']:.0%} of one core)"),
        ("clients' CPU per decision", f"{report['clients_cpu_ms_per_decision']:.2f} ms"),
        ("games finished", str(report["games_finished"])),
    ]
    for name, value in rows:
        table.add_row(name, value)
    console.print(table)
