"""Time controls: each seat's clock, and what happens when it runs out.

A game is created with a time control: none, ``live`` (minutes per player for the whole
game, plus an increment in seconds after each of the player's decisions) or
``correspondence`` (hours for each decision).  A clock runs only while its seat must
decide: the game has started, the pending decision is that seat's, the seat is a person
(bots are not timed) and the decision is public.  A secret decision (one the others are
not told exists) runs no clock: a clock that moved, or ran out, would tell the others who
was asked.

The stored clock is two facts: when the running clock started (the game's start or its
last decision, written in the decision's transaction) and each seat's live time left as
of its last decision.  The time left now is computed from them, so a restarted server
carries on from the stored instant.  The time no server ran is not charged: a heartbeat
says when a server last ran, and at start every running clock's start is moved on by an
outage longer than :data:`OUTAGE`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from pydantic import TypeAdapter

from keepers.core.game import BotFactory, GameState, settings_problem
from keepers.server.protocol import (
    Clocked,
    ClockView,
    CorrespondenceClock,
    LiveClock,
    NoClock,
    Result,
    SeatClock,
    TimeControl,
    TimeoutNote,
)
from keepers.server.storage import GameEntry, TimeoutEntry

HEARTBEAT = 5.0
"""Seconds between two notes that the server is running."""
OUTAGE = timedelta(seconds=2 * HEARTBEAT)
"""A longer time without a heartbeat is an outage, not charged to anyone's clock."""
RETRY = 1.0
"""Seconds before a timeout that could not be stored is tried again."""
CONTROL: TypeAdapter[NoClock | LiveClock | CorrespondenceClock] = TypeAdapter(TimeControl)


def wall() -> datetime:
    """The time the clocks read, in UTC (one function, so tests can move it)."""
    return datetime.now(UTC)


def _ms(span: timedelta) -> int:
    return int(span / timedelta(milliseconds=1))


def checked(control: NoClock | Clocked, bots: Mapping[str, BotFactory],
            game: str) -> Clocked | None:
    """The time control of a new game, its bot checked against the game's bots (None:
    no time limit); raises ValueError naming the field at fault."""
    if isinstance(control, NoClock):
        return None
    names = ", ".join(sorted(bots))
    if control.on_timeout == "end" and control.bot is not None:
        raise ValueError("time_control.bot: a bot takes a seat only with on_timeout 'bot'")
    if control.on_timeout == "bot" and control.bot is None:
        raise ValueError(f"time_control.bot: name the bot that takes a seat out of time "
                         f"({names})")
    if control.bot is not None and control.bot not in bots:
        if problem := settings_problem(bots, control.bot):
            raise ValueError(f"time_control.bot: {problem}")
        raise ValueError(f"time_control.bot: {game} has the bots {names}, not {control.bot!r}")
    return control


def stored(control: Clocked | None) -> dict[str, Any] | None:
    """The time control as the game row keeps it."""
    return None if control is None else control.model_dump()


def control_of(entry: GameEntry) -> Clocked | None:
    """A stored game's time control (None: no time limit)."""
    if entry.time_control is None:
        return None
    control = CONTROL.validate_python(entry.time_control)
    return None if isinstance(control, NoClock) else control


def described(entry: GameEntry) -> NoClock | Clocked:
    """A game's time control as listed."""
    return control_of(entry) or NoClock()


def starting_time(control: Clocked | None) -> int | None:
    """A timed seat's time at the start, in milliseconds (None: no bank to keep)."""
    if not isinstance(control, LiveClock):
        return None
    return round(control.minutes * 60_000)


@dataclass
class Clock:
    """The clocks of one game: which seats are timed, the live time each has left as of
    its last decision, and when the running clock started."""

    control: Clocked
    since: datetime | None
    banks: dict[int, int]
    timed: set[int]
    out: set[int] = field(default_factory=set)

    @classmethod
    def of(cls, entry: GameEntry) -> Clock | None:
        """The clocks of a stored game (None: it has no time limit)."""
        control = control_of(entry)
        if control is None:
            return None
        out = {timeout.seat for timeout in entry.timeouts}
        humans = {seat.seat for seat in entry.seats if seat.kind == "human"}
        banks = {seat.seat: 0 if seat.seat in out else seat.remaining_ms or 0
                 for seat in entry.seats if seat.seat in humans}
        return cls(control, entry.clock_since, banks, humans - out, out)

    def runner(self, state: GameState, status: str) -> int | None:
        """The seat whose clock runs now, if any."""
        if status != "ongoing" or self.since is None:
            return None
        decision = state.decision()
        if decision is None or not decision.public or decision.player not in self.timed:
            return None
        return decision.player

    def left(self, seat: int, runner: int | None, at: datetime) -> int:
        """Milliseconds ``seat`` has left at ``at`` (may be negative: run out)."""
        used = _ms(at - self.since) if seat == runner and self.since is not None else 0
        if isinstance(self.control, CorrespondenceClock):
            return round(self.control.hours * 3_600_000) - used
        return self.banks.get(seat, 0) - used

    def expires_in(self, state: GameState, status: str, at: datetime) -> float | None:
        """Seconds until the running clock runs out (None: no clock runs)."""
        runner = self.runner(state, status)
        return None if runner is None else max(0.0, self.left(runner, runner, at) / 1000)

    def run_out(self, state: GameState, status: str, at: datetime) -> int | None:
        """The seat whose time has run out at ``at``, if any."""
        runner = self.runner(state, status)
        return runner if runner is not None and self.left(runner, runner, at) <= 0 else None

    def after(self, seat: int, state: GameState, status: str,
              at: datetime) -> tuple[datetime, tuple[int, int] | None]:
        """What a decision of ``seat`` at ``at`` writes: the next clock's start, and the
        seat's live time left (its time used deducted, the increment added) when its
        clock was running."""
        runner = self.runner(state, status)
        if seat != runner or not isinstance(self.control, LiveClock):
            return at, None
        increment = round(self.control.increment * 1000)
        return at, (seat, self.left(seat, runner, at) + increment)

    def adopt(self, since: datetime, time_left: tuple[int, int] | None) -> None:
        """Take on what a stored decision wrote (see :meth:`after`)."""
        self.since = since
        if time_left is not None:
            self.banks[time_left[0]] = time_left[1]

    def time_out(self, seat: int) -> None:
        """``seat`` has run out of time: its clock never runs again."""
        self.timed.discard(seat)
        self.out.add(seat)
        self.banks[seat] = 0

    def view(self, state: GameState, status: str, players: int, at: datetime) -> ClockView:
        """Every seat's time at ``at``, as everyone may see it."""
        runner = self.runner(state, status)
        seats = [SeatClock(seat=seat, running=seat == runner, out_of_time=seat in self.out,
                           remaining_ms=self._shown(seat, runner, at))
                 for seat in range(players)]
        return ClockView(mode=self.control.mode, at=at, seats=seats)

    def _shown(self, seat: int, runner: int | None, at: datetime) -> int | None:
        """The time a seat is shown to have: none once out, None when not timed."""
        if seat in self.out:
            return 0
        return max(0, self.left(seat, runner, at)) if seat in self.timed else None


def _note(timeout: TimeoutEntry) -> TimeoutNote:
    outcome: Literal["end", "bot"] = "bot" if timeout.outcome == "bot" else "end"
    return TimeoutNote(seat=timeout.seat, state=timeout.state, outcome=outcome, bot=timeout.bot)


def notes(entry: GameEntry) -> list[TimeoutNote]:
    """The timeouts of a game, for its result."""
    return [_note(timeout) for timeout in entry.timeouts]


def timeout_of(control: Clocked, seat: int, state: int, at: datetime) -> TimeoutEntry:
    """The timeout of ``seat`` after ``state`` decisions, as the game's control settles it."""
    bot = control.bot if control.on_timeout == "bot" else None
    return TimeoutEntry(seat=seat, state=state, outcome=control.on_timeout, bot=bot, at=at)


def lost_on_time(state: GameState, entry: GameEntry, timeout: TimeoutEntry) -> Result:
    """The result of a game ended because ``timeout.seat``'s time ran out: the engine's
    scores at that moment; the winners are the best scores among the other seats."""
    scores = state.scores()
    others = [other for other in range(len(scores)) if other != timeout.seat]
    best = max((scores[other] for other in others), default=0)
    return Result(scores=scores, winners=[other for other in others if scores[other] == best],
                  decisions=timeout.state, capped=False, ended="time",
                  timeouts=[*notes(entry), _note(timeout)])


class Alarm:
    """One game's timer: rings once, after a delay, unless set again or stopped first."""

    def __init__(self) -> None:
        self._handle: asyncio.TimerHandle | None = None
        self._ringing: set[asyncio.Task[None]] = set()

    def set(self, delay: float, ring: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Ring ``ring()`` in ``delay`` seconds (forgetting any earlier setting)."""
        self.stop()
        loop = asyncio.get_running_loop()
        self._handle = loop.call_later(delay, self._start, ring)

    def _start(self, ring: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self._handle = None
        task = asyncio.get_running_loop().create_task(ring())
        self._ringing.add(task)  # a task nobody holds may be collected mid-way
        task.add_done_callback(self._ringing.discard)

    def stop(self) -> None:
        """Do not ring (a ring already under way finishes)."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def close(self) -> None:
        """Stop, and cancel a ring under way (the server is stopping)."""
        self.stop()
        for task in list(self._ringing):
            task.cancel()
