"""The ``keepers`` command: list, play, replay, simulate and benchmark games."""

from __future__ import annotations

import functools
import importlib.util
import json
import math
import os
import secrets
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn, ParamSpec, TypeVar, get_args

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer._click import exceptions as usage  # Typer's own copy of Click raises these
from typer._click.core import Command, Context, Parameter

from keepers.core import bench as benchmark
from keepers.core import results as stored
from keepers.core import simulate as sim
from keepers.core import soak as soaking
from keepers.core import sweep as sweeps
from keepers.core.errors import KeepersError
from keepers.core.files import unwritable, write_text_atomic
from keepers.core.game import Game, GameState, settings_problem
from keepers.core.i18n import choose_language, languages, set_language, t
from keepers.core.record import GameRecord, load_position
from keepers.core.record import save_position as write_position
from keepers.core.registry import game_names, get_game
from keepers.core.terminal import HUMAN, play_terminal, seat_bots, seat_number, show_result
from keepers.server.cli import serve as serve_command
from keepers.server.load import loadtest as loadtest_command

P = ParamSpec("P")
R = TypeVar("R")

SEED_LIMIT = 2**64
"""Seeds are whole numbers from 0 to 2**64 - 1 (the generator's state)."""


class _Commands(typer.core.TyperGroup):
    """The ``keepers`` command group: whatever the command line cannot read (an unknown
    option or command, a missing argument, text for a number) is refused in one line on
    stderr with exit code 2, like every other refusal, instead of Click's usage box."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        """Run the command line; in standalone mode, exit with the command's code."""
        run = functools.partial(super().main, args, prog_name, complete_var, False,
                                windows_expand_args, **extra)
        if not standalone_mode:
            return run()
        _early_language(sys.argv[1:] if args is None else list(args))
        try:
            code = run()
        except usage.NoArgsIsHelpError as exc:  # a bare command: its help, as Click does
            Console().print(exc.ctx.get_help() if exc.ctx else "", markup=False, highlight=False)
            sys.exit(exc.exit_code)
        except usage.ClickException as exc:
            _error_line(_usage_message(exc))
            sys.exit(exc.exit_code)
        except typer.Abort:
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def resolve_command(self, ctx: Context,
                        args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        """Find the command ``args`` name; an unknown one is refused naming the known ones."""
        name = args[0] if args else ""
        if not name.startswith("-") and self.get_command(ctx, name) is None:
            raise usage.UsageError(t("cli.no_such_command", name=name,
                                     known=", ".join(self.list_commands(ctx))), ctx)
        return super().resolve_command(ctx, args)


class _Command(typer.core.TyperCommand):
    """A ``keepers`` command: words left over after its arguments are refused naming them,
    in the player's language."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        """Read ``args``; refuse any word no argument or option takes."""
        ctx.allow_extra_args = True
        rest = super().parse_args(ctx, args)
        if ctx.args:
            raise usage.UsageError(t("cli.extra_words", words=" ".join(ctx.args)), ctx)
        return rest


def _early_language(args: list[str]) -> None:
    """Take ``--lang`` from the arguments before Click reads them, so that even a line
    it cannot read is refused in the language asked for (an unknown code is ignored
    here and refused by the command)."""
    for index, arg in enumerate(args):
        lang = arg.partition("=")[2] if arg.startswith("--lang=") else None
        if arg == "--lang" and index + 1 < len(args):
            lang = args[index + 1]
        if lang in languages():
            set_language(lang)


def _usage_message(exc: usage.ClickException) -> str:
    """What a line Click could not read got wrong, in the player's language, with the
    command whose ``--help`` tells more."""
    if isinstance(exc, usage.NoSuchOption):
        message = t("cli.no_such_option", name=exc.option_name)
    elif isinstance(exc, usage.BadOptionUsage):
        message = t("cli.option_needs_value", name=exc.option_name)
    elif isinstance(exc, usage.MissingParameter):
        message = t("cli.missing", name=_param_name(exc.param))
    elif isinstance(exc, usage.BadParameter) and exc.param is not None:
        message = _bad_value(exc.param, exc.message)
    else:
        message = exc.format_message()
    context = getattr(exc, "ctx", None)
    if isinstance(exc, usage.UsageError) and context is not None:
        message = t("cli.see_help", message=message, command=context.command_path)
    return message


def _param_name(param: Parameter | None) -> str:
    """An argument's metavar (``GAME``) or an option's longest name (``--seed``)."""
    if param is None:
        return "?"
    if param.param_type_name == "option":
        return max(param.opts, key=len)
    return (param.metavar or param.name or "?").upper()


def _bad_value(param: Parameter, reason: str) -> str:
    """A value Typer could not convert: a number expected, or Typer's reason."""
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    kinds = get_args(annotation) or (annotation,)
    if int in kinds:
        return t("cli.not_whole", name=_param_name(param))
    if float in kinds:
        return t("cli.not_number", name=_param_name(param))
    return t("cli.bad_flag", name=_param_name(param), reason=reason)


app = typer.Typer(cls=_Commands, help=t("cli.help"), no_args_is_help=True,
                  add_completion=False, pretty_exceptions_show_locals=False)

GameArg = Annotated[str, typer.Argument(metavar="GAME", help=t("cli.game_help"))]
OptionalGameArg = Annotated[str | None, typer.Argument(metavar="[GAME]",
                                                      help=t("cli.play_game_help"))]
FileArg = Annotated[Path, typer.Argument(metavar="FILE", help=t("cli.file_help"))]
Lang = Annotated[str | None, typer.Option("--lang", help=t("cli.lang_help"))]
Players = Annotated[int | None, typer.Option("--players", "-n", help=t("cli.players_help"))]
Seats = Annotated[str | None, typer.Option("--seats", metavar="NAMES", help=t("cli.seats_help"))]
Options = Annotated[list[str] | None, typer.Option("--option", "-o", metavar="KEY=VALUE",
                                                      help=t("cli.option_help"))]
AsSeat = Annotated[int | None, typer.Option("--as-seat", help=t("cli.as_seat_help"))]


def _error_line(message: str) -> None:
    """Print ``message`` on stderr as one red line (``error: ...``)."""
    line = t("cli.error", message=" ".join(message.split()))
    Console(stderr=True).print(Text(line, style="bold red"), soft_wrap=True)


def _fail(message: str) -> NoReturn:
    """Print ``message`` as one red error line and exit with code 2."""
    _error_line(message)
    raise typer.Exit(2)


def _guard(command: Callable[P, R]) -> Callable[P, R]:
    """Turn every engine error (and file error) of a command into one red line, exit code 2."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except KeepersError as exc:
            _fail(str(exc))
        except OSError as exc:
            _fail(f"{exc.filename or ''} {exc.strerror or exc}")

    return run


def _language(lang: str | None) -> None:
    """Choose the language of the messages; a language without a catalogue is refused."""
    try:
        choose_language(lang)
    except ValueError as exc:
        raise KeepersError(str(exc)) from None


def _whole(name: str, value: int, low: int, high: int | None = None) -> int:
    """Return ``value`` if ``low <= value (<= high)``; refuse it naming the option otherwise."""
    if high is None and value < low:
        raise KeepersError(t("cli.number_at_least", name=name, low=low, value=value))
    if high is not None and not low <= value <= high:
        raise KeepersError(t("cli.number_between", name=name, low=low, high=high, value=value))
    return value


def _seed(seed: int) -> int:
    """Refuse a seed the generator cannot take as it is (negative, or 64 bits and more)."""
    return _whole("--seed", seed, 0, SEED_LIMIT - 1)


def _jobs(jobs: int) -> int:
    """Refuse a process count below 1 or beyond reason (64, or the machine's CPUs)."""
    return _whole("--jobs", jobs, 1, max(64, os.cpu_count() or 1))


def _output(name: str, path: Path | None) -> Path | None:
    """Refuse an output path that cannot be written, before any work starts."""
    reason = None if path is None else unwritable(path)
    if reason is not None:
        raise KeepersError(t("cli.bad_flag", name=name, reason=reason))
    return path


def _max_rounds(game: Game, options: dict[str, Any], max_rounds: int | None,
                given: list[str] | None) -> None:
    """Set the game's ``max_rounds`` option from ``--max-rounds``, as the game allows it."""
    if max_rounds is None:
        return
    if "max_rounds" not in options:
        raise KeepersError(t("cli.no_max_rounds", game=game.name))
    if "max_rounds" in _given(given):
        raise KeepersError(t("cli.max_rounds_twice"))
    try:
        options["max_rounds"] = game.check_options({"max_rounds": max_rounds})["max_rounds"]
    except ValueError as exc:
        raise KeepersError(t("cli.bad_flag", name="--max-rounds", reason=exc)) from None


def _set_up(game: Game, players: int, options: dict[str, Any], name: str = "--option") -> None:
    """Set up one game as a check: an option the player count rules out is refused now."""
    try:
        game.new_state(players, 0, game.check_options(options))
    except (KeepersError, ValueError) as exc:
        raise KeepersError(t("cli.bad_flag", name=name, reason=exc)) from None


def _options(game: Game, items: list[str] | None) -> dict[str, Any]:
    """Parse ``key=value`` options with the game's parser, over its defaults."""
    options = game.default_options()
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise KeepersError(t("cli.bad_option", item=item))
        try:
            options[key.strip()] = game.parse_option(key.strip(), value.strip())
        except ValueError as exc:
            raise KeepersError(t("cli.bad_option_value", item=item, reason=exc)) from None
    return options


def _option_text(value: Any) -> str:
    """An option value as it is typed on the command line."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _describe_options(options: dict[str, Any]) -> str:
    return ", ".join(f"{key}={_option_text(value)}" for key, value in options.items())


def _seat_names(seats: str | None) -> list[str]:
    """Split ``--seats`` into names, refusing an empty one (``greedy,,random``).  A bot's
    further settings stay with it: ``mcts:iters=200,depth=10,greedy`` is two seats."""
    if seats is None:
        return []
    names: list[str] = []
    for piece in (name.strip() for name in seats.split(",")):
        if names and ":" in names[-1] and "=" in piece and ":" not in piece:
            names[-1] += "," + piece
        else:
            names.append(piece)
    if not all(names):
        raise KeepersError(t("cli.empty_seat", value=seats))
    return names


def _bots_only(game: Game, names: list[str]) -> None:
    """Refuse seat names that are not bots of ``game`` (all-bot commands)."""
    bots = game.bots()
    for name in names:  # a known bot's settings: say what is wrong with them
        if problem := settings_problem(bots, name):
            raise KeepersError(t("cli.bad_flag", name="--seats", reason=problem))
    unknown = sorted({name for name in names if name not in bots})  # names may carry settings
    if unknown:
        raise KeepersError(t("cli.unknown_bots", bots=", ".join(unknown),
                             known=", ".join(sorted(bots))))


def _seats(game: Game, players: int | None, seats: str | None, human_first: bool) -> list[str]:
    """Resolve the seat list: given names cycled to ``players``, or the defaults."""
    names = _seat_names(seats)
    count = players if players is not None else len(names) or game.min_players
    if not game.min_players <= count <= game.max_players:
        raise KeepersError(t("cli.bad_players", game=game.name, count=count,
                             low=game.min_players, high=game.max_players))
    if not names:
        bots = game.bots()
        default = next((b for b in ("greedy", "random") if b in bots), min(bots, default=HUMAN))
        # A person first (when playing), then bots; one seat for a solo game.
        names = ([HUMAN] if human_first else [default]) + [default] * (count - 1)
    if len(names) > count:
        raise KeepersError(t("cli.too_many_seats", seats=len(names), count=count))
    return [names[i % len(names)] for i in range(count)]


def _show(console: Console, game: Game, state: GameState, as_seat: int | None,
          names: list[str]) -> None:
    """Render a position as seat ``as_seat`` (counted from 1; None: a spectator) sees it,
    with scores when over."""
    if as_seat is not None and not 1 <= as_seat <= state.num_players:
        raise KeepersError(t("cli.bad_seat", seat=as_seat, count=state.num_players))
    seat = None if as_seat is None else as_seat - 1
    console.print(game.render(state.view(seat)))
    decision = state.decision()
    if decision is None:
        show_result(console, state, names or ["-"] * state.num_players)
    elif decision.public or seat == decision.player:
        console.print(t("cli.waiting", seat=seat_number(decision.player),
                        prompt=decision.prompt))


@app.command("games", cls=_Command, help=t("cli.games_help"))
@_guard
def games_command(lang: Lang = None) -> None:
    """List the registered games."""
    _language(lang)
    table = Table(title=t("cli.games_title"))
    for key in ("cli.name", "cli.title", "cli.players", "cli.bots", "cli.options"):
        table.add_column(t(key))
    for name in game_names():
        try:
            game = get_game(name)
        except KeepersError as exc:
            table.add_row(name, Text(str(exc), style="red"), "", "", "")
            continue
        options = "\n".join(f"{o.name}={_option_text(o.default)} ({o.allowed()})"
                            for o in game.option_specs())
        table.add_row(name, game.title, f"{game.min_players}–{game.max_players}",
                      ", ".join(sorted(game.bots())), options)
    Console().print(table)


@app.command("play", cls=_Command, help=t("cli.play_help"))
@_guard
def play_command(game_name: OptionalGameArg = None, players: Players = None, seats: Seats = None,
                 seed: Annotated[int | None, typer.Option(help=t("cli.seed_help"))] = None,
                 option: Options = None,
                 record: Annotated[Path | None, typer.Option(help=t("cli.record_help"))] = None,
                 resume: Annotated[Path | None, typer.Option(metavar="FILE",
                                                             help=t("cli.resume_help"))] = None,
                 compact: Annotated[bool, typer.Option(help=t("cli.compact_help"))] = False,
                 lang: Lang = None) -> None:
    """Play a game on this terminal (people and bots), or resume a recorded one."""
    _language(lang)
    if resume is not None:
        given = {"--players": players, "--seats": seats, "--seed": seed, "--option": option}
        rec = _resumed(game_name, resume, [name for name, value in given.items() if value])
        game = get_game(rec.game)
        record = record or resume
    elif game_name is None:
        raise KeepersError(t("cli.play_needs_game"))
    else:
        game = get_game(game_name)
        rec = _new_record(game, players, seats, seed, option)
    _output("--record", record)
    console = Console()
    seats = ", ".join(f"{seat_number(seat)} {name}" for seat, name in enumerate(rec.seats))
    console.print(t("cli.playing", title=game.title, seats=seats))
    if rec.actions:
        console.print(t("cli.resumed", count=len(rec.actions)))
    _stop_on_hangup()
    code = play_terminal(game, rec, console=console, save_to=record, compact=compact)
    if code:
        raise typer.Exit(code)


def _stop_on_hangup() -> None:
    """Let SIGTERM and SIGHUP stop a game as Ctrl-C does: the record is saved, exit code 1."""

    def interrupt(signum: int, frame: object) -> NoReturn:
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), interrupt)


def _new_record(game: Game, players: int | None, seats: str | None, seed: int | None,
                option: list[str] | None) -> GameRecord:
    """The record of a new game set up from the command line (no decision yet)."""
    names = _seats(game, players, seats, human_first=True)
    _seat_players(game, names)
    options = _options(game, option)
    _set_up(game, len(names), options)
    return GameRecord(game=game.name, players=len(names),
                      seed=secrets.randbelow(2**31) if seed is None else _seed(seed),
                      options=options, seats=names, rules=game.rules_version)


def _seat_players(game: Game, names: list[str]) -> None:
    """Refuse seat names that are neither ``human`` nor a bot of ``game``."""
    try:
        seat_bots(game, names, 0)
    except KeepersError as exc:
        raise KeepersError(t("cli.bad_flag", name="--seats", reason=exc)) from None


def _resumed(game_name: str | None, path: Path, given: list[str]) -> GameRecord:
    """The record to resume: of the game named (if one is), not over, its seats known;
    nothing overrides it."""
    if given:
        raise KeepersError(t("cli.resume_fixed", given=", ".join(given)))
    rec = GameRecord.load(path)
    game = get_game(rec.game)
    if game_name is not None and rec.game != get_game(game_name).name:
        raise KeepersError(t("cli.resume_other_game", path=str(path), game=rec.game))
    if len(rec.seats) != rec.players:
        raise KeepersError(t("cli.resume_no_seats", path=str(path)))
    seat_bots(game, rec.seats, 0)  # checks the seat names
    if rec.ended_on_time() is not None or rec.replay().is_over():
        raise KeepersError(t("cli.resume_over", path=str(path)))
    return rec


@app.command("replay", cls=_Command, help=t("cli.replay_help"))
@_guard
def replay_command(file: FileArg,
                   upto: Annotated[int | None, typer.Option(help=t("cli.upto_help"))] = None,
                   as_seat: AsSeat = None,
                   save_position: Annotated[Path | None, typer.Option(
                       metavar="FILE", help=t("cli.save_position_help"))] = None,
                   lang: Lang = None) -> None:
    """Replay a game record, show the position reached and optionally save it."""
    _language(lang)
    _output("--save-position", save_position)
    rec = GameRecord.load(file)
    total = len(rec.actions)
    if upto is not None and not 0 <= upto <= total:
        raise KeepersError(t("cli.bad_upto", upto=upto, total=total))
    state = rec.replay(upto)
    console = Console()
    _show(console, get_game(rec.game), state, as_seat, rec.seats)
    out_of_time = rec.ended_on_time()
    if out_of_time is not None and (upto is None or upto == total):
        winners = (rec.result or {}).get("winners", [])
        console.print(t("cli.ended_on_time", seat=seat_number(out_of_time),
                        winners=", ".join(str(seat_number(w)) for w in winners
                                        if type(w) is int) or "-"))
    console.print(t("cli.replayed", done=total if upto is None else upto, total=total))
    if save_position is not None:
        write_position(state, rec.game, save_position)
        console.print(t("cli.position_saved", path=str(save_position)))


@app.command("position", cls=_Command, help=t("cli.position_help"))
@_guard
def position_command(file: FileArg, as_seat: AsSeat = None, lang: Lang = None) -> None:
    """Load a position file and show it."""
    _language(lang)
    name, state = load_position(file)
    _show(Console(), get_game(name), state, as_seat, [])


Backend = Annotated[str, typer.Option("--backend", metavar="processes|ray",
                                       help=t("cli.backend_help"))]
Address = Annotated[str | None, typer.Option("--address", metavar="auto|ray://HOST:PORT",
                                             help=t("cli.address_help"))]
Resume = Annotated[bool, typer.Option("--resume", help=t("cli.sim_resume_help"))]


@app.command("simulate", cls=_Command, help=t("cli.simulate_help"))
@_guard
def simulate_command(
    game_name: GameArg,
    games: Annotated[int, typer.Option(help=t("cli.games_count_help"))] = 100,
    players: Players = None, seats: Seats = None,
    jobs: Annotated[int, typer.Option(help=t("cli.jobs_help"))] = 1,
    seed: Annotated[int, typer.Option(help=t("cli.seed_help"))] = 0,
    out: Annotated[Path | None, typer.Option(help=t("cli.out_help"))] = None,
    option: Options = None,
    max_rounds: Annotated[int | None, typer.Option(help=t("cli.max_rounds_help"))] = None,
    rotate: Annotated[bool, typer.Option(help=t("cli.rotate_help"))] = False,
    backend: Backend = "processes", address: Address = None, resume: Resume = False,
    lang: Lang = None,
) -> None:
    """Play many all-bot games and print win shares, scores and game lengths."""
    _language(lang)
    game = get_game(game_name)
    options = _options(game, option)
    _max_rounds(game, options, max_rounds, option)
    names = _seats(game, players, seats, human_first=False)
    _bots_only(game, names)
    _set_up(game, len(names), options)
    _whole("--games", games, 1)
    _seed(seed)
    _jobs(jobs)
    _backend(backend, address)
    _output("--out", out)
    stream = out is not None and out.suffix == ".jsonl"
    if resume and not stream:
        raise KeepersError(t("cli.resume_needs_jsonl"))
    console = Console()
    interrupted = False
    with _progress_bar(console) as bar:
        task = bar.add_task("", total=games)
        advance = functools.partial(_advance, bar, task)
        try:
            if out is not None and stream:
                results = stored.run_streamed(
                    game, names, games, seed, options, out, resume=resume, jobs=jobs,
                    rotate=rotate, backend=backend, address=address, progress=advance,
                    notice=functools.partial(_warn, console))
            else:
                results = sim.run_simulation(game, names, games, seed, options, jobs, rotate,
                                             advance, backend=backend, address=address)
        except sim.Interrupted as stop:  # Ctrl-C: the finished games are kept
            results, interrupted = stop.results, True
    if interrupted:
        console.print(Text(t("sim.interrupted", done=len(results), total=games),
                           style="yellow"))
        if stream:
            _warn(console, t("sim.resume_hint", path=str(out)))
    summary = sim.summarize(results)
    extra = sim.game_summary(game, results) if results else None
    console.print(t("sim.options", options=_describe_options(options)))
    if results:
        sim.print_summary(console, summary, extra)
    if out is not None and not stream:
        data = {"format": "keepers-simulation", "version": 1, "game": game.name,
                "seats": names, "seed": seed, "options": options, "rotate": rotate,
                "games": games, "interrupted": interrupted,
                "summary": summary, "game_summary": extra, "results": results}
        write_text_atomic(out, json.dumps(data, indent=1) + "\n")
    if out is not None:
        console.print(t("sim.saved", path=str(out)))
    if interrupted:
        raise typer.Exit(130)


def _backend(backend: str, address: str | None) -> None:
    """Refuse an unknown backend, an address without Ray, and Ray when not installed."""
    if backend not in sim.BACKENDS:
        raise KeepersError(t("cli.bad_backend", known=", ".join(sim.BACKENDS), value=backend))
    if address is not None and backend != "ray":
        raise KeepersError(t("cli.address_without_ray"))
    if address is not None and not (address == "auto" or address.startswith("ray://")
                                    or address.rpartition(":")[2].isdigit()):
        raise KeepersError(t("cli.bad_address", value=address[:80]))
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise KeepersError(t("sim.no_ray"))


def _advance(bar: Progress, task: TaskID, games: int) -> None:
    bar.update(task, advance=games, refresh=True)


def _warn(console: Console, message: str) -> None:
    """Print a warning on one yellow line."""
    console.print(Text(message, style="yellow"), soft_wrap=True)


class _Speed(ProgressColumn):
    """Games finished per second."""

    def render(self, task: Task) -> Text:
        """The task's speed, or nothing before it is known."""
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else t("sim.speed", speed=f"{speed:.1f}"))


def _progress_bar(console: Console) -> Progress:
    """A progress bar of games (done, games per second, time left); silent when the
    output is not a terminal (a log file, CI)."""
    return Progress(TextColumn(t("sim.progress")), BarColumn(), MofNCompleteColumn(),
                    _Speed(), TimeRemainingColumn(), console=console, auto_refresh=False,
                    disable=not console.is_terminal)


@app.command("sweep", cls=_Command, help=t("cli.sweep_help"))
@_guard
def sweep_command(
    game_name: GameArg,
    games: Annotated[int, typer.Option(help=t("cli.games_count_help"))] = 2000,
    players: Annotated[str | None, typer.Option("--players", "-n", metavar="N,N...",
                                                help=t("cli.player_counts_help"))] = None,
    seats: Annotated[list[str] | None, typer.Option("--seats", metavar="NAMES",
                                                    help=t("cli.sweep_seats_help"))] = None,
    vary: Annotated[list[str] | None, typer.Option("--vary", metavar="KEY=VALUE[,...]",
                                                   help=t("cli.vary_help"))] = None,
    option: Options = None,
    jobs: Annotated[int, typer.Option(help=t("cli.jobs_help"))] = 1,
    seed: Annotated[int, typer.Option(help=t("cli.seed_help"))] = 0,
    out: Annotated[Path | None, typer.Option(help=t("cli.sweep_out_help"))] = None,
    results: Annotated[Path | None, typer.Option(metavar="DIR",
                                                 help=t("cli.sweep_results_help"))] = None,
    rotate: Annotated[bool, typer.Option(help=t("cli.rotate_help"))] = False,
    backend: Backend = "processes", address: Address = None, resume: Resume = False,
    lang: Lang = None,
) -> None:
    """Play the same seeded games under the defaults and under each reading; compare them."""
    _language(lang)
    game = get_game(game_name)
    counts = _player_counts(game, players)
    base = {k: v for k, v in _options(game, option).items() if k in _given(option)}
    try:
        variants = [sweeps.parse_variant(game, text) for text in vary or []]
    except ValueError as exc:
        raise KeepersError(t("cli.bad_flag", name="--vary", reason=exc)) from None
    for count in counts:
        _set_up(game, count, base)
        for variant in variants:
            _set_up(game, count, {**base, **variant}, "--vary")
    lineups = [_seat_names(text) for text in seats or ["greedy"]]
    for lineup in lineups:
        _bots_only(game, lineup)
        if len(lineup) > min(counts):
            raise KeepersError(t("cli.too_many_seats", seats=len(lineup), count=min(counts)))
    _whole("--games", games, 1)
    _seed(seed)
    _jobs(jobs)
    _backend(backend, address)
    _output("--out", out)
    if out is not None and out.suffix == ".json":
        raise KeepersError(t("cli.sweep_out_json", path=str(out)))
    _output("--out", None if out is None else out.with_suffix(".json"))
    if results is not None and not results.is_dir():
        raise KeepersError(t("cli.bad_flag", name="--results",
                             reason=t("cli.not_a_directory", path=str(results))))
    if resume and results is None:
        raise KeepersError(t("cli.resume_needs_results"))
    console = Console()
    total = games * len(counts) * (len(variants) + 1) * len(lineups)
    with _progress_bar(console) as bar:
        task = bar.add_task("", total=total)
        try:
            cells = sweeps.run_sweep(
                game, counts, lineups, games, seed, base, variants, jobs,
                functools.partial(_advance, bar, task), rotate=rotate, backend=backend,
                address=address, results_dir=results, resume=resume,
                notice=functools.partial(_warn, console))
        except sim.Interrupted:
            _warn(console, t("cli.sweep_interrupted"))
            raise typer.Exit(130) from None
    text = sweeps.sweep_markdown(cells)
    console.print(text, markup=False, highlight=False, soft_wrap=True)
    if out is not None:
        write_text_atomic(out, text)
        data = [{"players": c.players, "reading": c.label, "seats": c.seats,
                 "options": c.options, "results": None if c.path is None else str(c.path),
                 "summary": c.summary, "report": c.report} for c in cells]
        write_text_atomic(out.with_suffix(".json"), json.dumps(data, indent=1) + "\n")
        console.print(t("sim.saved", path=str(out)))
    if results is not None:
        console.print(t("cli.sweep_results_saved", count=len(cells), path=str(results)))


@app.command("report", cls=_Command, help=t("cli.report_help"))
@_guard
def report_command(
    results: Annotated[list[Path], typer.Argument(metavar="RESULTS...",
                                                  help=t("cli.report_results_help"))],
    out: Annotated[Path, typer.Option(help=t("cli.report_out_help"))],
    title: Annotated[str | None, typer.Option(help=t("cli.report_title_help"))] = None,
    preface: Annotated[Path | None, typer.Option(metavar="FILE",
                                                 help=t("cli.report_preface_help"))] = None,
    lang: Lang = None,
) -> None:
    """Write a balance report of results files: HTML with its plots inside, or Markdown."""
    _language(lang)
    from keepers.core import report  # matplotlib: loaded only for a report

    if out.suffix not in report.REPORT_SUFFIXES:
        raise KeepersError(t("cli.report_suffix", path=str(out)))
    _output("--out", out)
    for path in results:
        if not path.exists():
            raise KeepersError(t("cli.bad_flag", name="RESULTS", reason=t(
                "report.no_results", path=str(path))))
    try:
        text = "" if preface is None else preface.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise KeepersError(t("cli.bad_flag", name="--preface", reason=t(
            "cli.not_utf8", path=str(preface)))) from None
    console = Console()
    cells = report.load_cells(results, functools.partial(_warn, console))
    written = report.write_report(cells, out, title or t("report.title"), text)
    console.print(t("report.saved", path=str(out), files=len(written)))


def _given(items: list[str] | None) -> set[str]:
    """The option keys given with ``--option``."""
    return {item.partition("=")[0].strip() for item in items or []}


def _player_counts(game: Game, text: str | None) -> list[int]:
    if text is None:
        return list(range(game.min_players, game.max_players + 1))
    try:
        counts = [int(part) for part in text.split(",") if len(part) < 4]
    except ValueError:
        raise KeepersError(t("cli.bad_player_counts", value=text[:40])) from None
    if len(counts) != len(text.split(",")):
        raise KeepersError(t("cli.bad_player_counts", value=text[:40]))
    for count in counts:
        _seats(game, count, None, human_first=False)  # checks the player count
    return counts


@app.command("soak", cls=_Command, help=t("cli.soak_help"))
@_guard
def soak_command(
    game_names_given: Annotated[list[str] | None, typer.Argument(
        metavar="[GAME]...", help=t("cli.soak_games_help"))] = None,
    games: Annotated[int, typer.Option(help=t("cli.soak_count_help"))] = 1000,
    jobs: Annotated[int, typer.Option(help=t("cli.jobs_help"))] = 1,
    seed: Annotated[int, typer.Option(help=t("cli.seed_help"))] = 0,
    ledger: Annotated[Path | None, typer.Option(metavar="FILE",
                                                help=t("cli.soak_ledger_help"))] = None,
    lang: Lang = None,
) -> None:
    """Play random games of each game with every invariant checked after every decision."""
    _language(lang)
    chosen = [get_game(name) for name in (game_names_given or game_names())]
    _whole("--games", games, 1)
    _seed(seed)
    _jobs(jobs)
    _output("--ledger", ledger)
    book = soaking.Ledger.open(ledger)
    console = Console()
    table = Table(title=t("soak.title"))
    for heading in ("game", "games", "decisions", "violations", "rate", "total"):
        table.add_column(t(f"soak.{heading}"), justify="left" if heading == "game" else "right")
    broken = 0
    for game in chosen:
        start = book.entry(game.name, seed)["next"]
        try:
            tally = soaking.run_soak(game, games, seed, start, jobs,
                                     functools.partial(book.count, game.name, seed))
        except KeyboardInterrupt:
            console.print(Text(t("soak.interrupted"), style="yellow"))
            raise typer.Exit(130) from None
        book.close_run(game.name, seed, {"games": tally.games, "decisions": tally.decisions,
                                         "violations": tally.violations,
                                         "seconds": round(tally.seconds, 1),
                                         "engine": _engine_name()})
        total = book.entry(game.name, seed)
        table.add_row(game.title, f"{tally.games:,}", f"{tally.decisions:,}",
                      f"{tally.violations:,}", f"{tally.games / max(tally.seconds, 1e-9):.1f}",
                      f"{total['games']:,} / {total['violations']:,}")
        for found in tally.found[:5]:
            console.print(Text(t("soak.violation", game=game.name, **found), style="red"))
        broken += tally.violations
    console.print(table)
    if ledger is not None:
        console.print(t("soak.saved", path=str(ledger)))
    if broken:
        raise typer.Exit(1)


def _engine_name() -> str:
    import keepers

    return str(keepers.ENGINE)


@app.command("bench", cls=_Command, help=t("cli.bench_help"))
@_guard
def bench_command(
    game_name: GameArg, players: Players = None,
    seconds: Annotated[float, typer.Option(help=t("cli.seconds_help"))] = 10.0,
    games: Annotated[int | None, typer.Option(help=t("cli.bench_games_help"))] = None,
    seed: Annotated[int, typer.Option(help=t("cli.seed_help"))] = 0,
    option: Options = None,
    out: Annotated[Path | None, typer.Option(help=t("cli.out_help"))] = None,
    bot: Annotated[str | None, typer.Option(help=t("cli.bench_bot_help"))] = None,
    lang: Lang = None,
) -> None:
    """Measure the engine speed of a game by random self-play (or a bot's decisions)."""
    _language(lang)
    game = get_game(game_name)
    count = players if players is not None else min(max(4, game.min_players), game.max_players)
    _seats(game, count, None, human_first=False)  # checks the player count
    if not (math.isfinite(seconds) and seconds > 0):
        raise KeepersError(t("cli.bad_seconds", value=seconds))
    if games is not None:
        _whole("--games", games, 1)
    _seed(seed)
    _output("--out", out)
    options = _options(game, option)
    _set_up(game, count, options)
    if bot is not None:
        _bots_only(game, [bot])
        report = benchmark.bench_bot(game, count, bot, seed=seed, options=options)
        benchmark.print_bot_bench(Console(), report)
    else:
        report = benchmark.bench(game, count, seconds, games, seed, options)
        benchmark.print_bench(Console(), report)
    if out is not None:
        write_text_atomic(out, json.dumps(report, indent=1) + "\n")


data_app = typer.Typer(cls=_Commands, help=t("cli.data_help"), no_args_is_help=True)
app.add_typer(data_app, name="data")
app.command("serve", cls=_Command)(serve_command)  # the game server: keepers/server
app.command("loadtest", cls=_Command)(_guard(loadtest_command))  # the server under load


@data_app.command("check", cls=_Command, help=t("cli.data_check_help"))
@_guard
def data_check_command(
    game_name: GameArg,
    directory: Annotated[Path | None, typer.Argument(metavar="DIR",
                                                      help=t("cli.data_dir_help"))] = None,
    lang: Lang = None,
) -> None:
    """Validate a game's data files (packaged ones, or a directory of replacements)."""
    _language(lang)
    game = get_game(game_name)
    report = game.check_data(str(directory) if directory is not None else None)
    console = Console()
    for line in report.lines:
        console.print(Text(line), soft_wrap=True)
    if not report.ok:
        raise typer.Exit(1)


def main() -> None:
    """Run the ``keepers`` command line."""
    app()
