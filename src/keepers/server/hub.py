"""The hub: every game the server holds, and the one place decisions are made.

A decision goes through :meth:`Hub.decide` under the game's lock: checked against the
state number and the turn, tried on a copy of the state, committed to the store, and
only then made the game's state, acknowledged and pushed to every watcher.  A refusal
at any step leaves the game as it was.

Several processes may serve the same games from one PostgreSQL database
(:mod:`keepers.server.notify`): a process learns the others' decisions from their notices,
reads them from the table and applies them to its copy (:meth:`Hub._catch_up`); a copy
found behind catches up before it decides, and a decision that loses the race for its
number is refused as stale, so a game never forks.  The bots of a game are driven by the
one process holding the game's lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, TypeVar

from keepers.core.errors import KeepersError, RuleError
from keepers.core.game import (
    BotFactory,
    Decision,
    Game,
    GameState,
    JsonDict,
    settings_problem,
)
from keepers.core.record import GameRecord
from keepers.core.registry import get_game
from keepers.server import clocks, tokens
from keepers.server.bots import BotPool
from keepers.server.notify import Peers
from keepers.server.protocol import Accepted, CreateGame, GameSummary, Result
from keepers.server.sessions import GameSession, LogEntry, Refusal, Watcher, result_of, summarize
from keepers.server.storage import (
    HUMAN,
    LIVE,
    PEOPLE,
    Append,
    Conflict,
    GameEntry,
    SeatEntry,
    Store,
    TimeoutEntry,
    now,
)

log = logging.getLogger("keepers.server")
T = TypeVar("T")
SEED_BITS = 63
"""Seeds fit a signed 64-bit column."""
SNAPSHOT_EVERY = 200
"""Decisions between two snapshots of a game's position."""
LEAD_SWEEP = 2.0
"""Seconds between two looks for games whose bots no process drives (its driver died)."""


class Hub:
    """Every game the server holds; the one place decisions are made."""

    def __init__(self, store: Store, bots: BotPool | None = None) -> None:
        self.store = store
        self.bots = bots or BotPool()
        self.sessions: dict[str, GameSession] = {}
        self._loading = asyncio.Lock()
        self._storage = ThreadPoolExecutor(max_workers=1, thread_name_prefix="keepers-db")
        self.snapshot_every = SNAPSHOT_EVERY
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._heartbeat: asyncio.Task[None] | None = None
        self.peers = Peers.of(store)
        self._behind: dict[str, int | None] = {}
        """Games to catch up: the newest decision noticed (None: look in any case)."""
        self._followers: dict[str, asyncio.Task[None]] = {}
        self._sweeper: asyncio.Task[None] | None = None

    async def _db(self, call: Callable[..., T], *args: Any) -> T:
        """Run a store call on the storage thread (the event loop never waits on the disk)."""
        return await asyncio.get_running_loop().run_in_executor(self._storage, call, *args)

    # -- life cycle -------------------------------------------------------------
    async def start(self) -> int:
        """Rebuild every live game from its decisions and set its bots going;
        returns how many games were rebuilt.  Clocks resume from their stored instants,
        less the time no server ran."""
        outage = await self._db(self.store.resume_clocks, clocks.wall(), clocks.OUTAGE)
        if outage is not None:
            log.info("no server ran for %s: not charged to the running clocks", outage)
        self._heartbeat = asyncio.get_running_loop().create_task(self._beat())
        if self.peers is not None:  # listen first: no decision falls between read and notice
            await self.peers.start(self._noticed, self._missed)
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        entries = await self._db(self.store.games, LIVE, 1_000_000)
        for entry in entries:
            try:
                await self.session(entry.id)
            except Refusal as refusal:
                log.error("game %s cannot be resumed: %s", entry.id, refusal.message)
        return len(self.sessions)

    async def stop(self) -> None:
        """Stop the bots, the clocks' timers and the workers."""
        for session in self.sessions.values():
            session.alarm.close()
            if session.driver is not None:
                session.driver.cancel()
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            with contextlib.suppress(Exception):  # the last moment a server ran
                await self._db(self.store.beat, clocks.wall())
        for task in [self._sweeper, *self._followers.values()]:
            if task is not None:
                task.cancel()
        if self.peers is not None:
            await self.peers.stop()
        self.bots.close()
        self._storage.shutdown(wait=True)

    async def session(self, game_id: str) -> GameSession:
        """The game ``game_id``, rebuilt from the store when not in memory."""
        if game_id in self.sessions:
            return self.sessions[game_id]
        async with self._loading:
            if game_id not in self.sessions:
                session = await self._db(self._rebuild, game_id)
                self.sessions[game_id] = session
                self._kick_bots(session)
                self._arm(session)
                if self.peers is not None:  # another process may have decided meanwhile
                    self._noticed(game_id, None)
            return self.sessions[game_id]

    def _rebuild(self, game_id: str) -> GameSession:
        """Rebuild a stored game from its decisions (on the storage thread)."""
        entry = self.store.game(game_id) if len(game_id) <= 32 else None
        if entry is None:
            raise Refusal("not_found", f"no game {game_id[:40]!r}")
        actions = self.store.decisions(game_id)
        logged: list[LogEntry] = []
        try:
            game = get_game(entry.game)
            state = self._from_snapshot(game, entry, actions, logged)
            if state is None:
                logged.clear()
                state = GameRecord(game=entry.game, players=entry.players, seed=entry.seed,
                                   options=entry.options, actions=actions,
                                   rules=entry.rules).replay(watch=_logging(logged))
        except KeepersError as exc:
            raise Refusal("unavailable", str(exc)) from None
        entry.decisions = len(actions)
        session = GameSession(entry, game, state)
        session.log.extend(logged)  # the public decisions replayed: the log goes on
        return session

    def _from_snapshot(self, game: Game, entry: GameEntry, actions: list[str],
                       logged: list[LogEntry]) -> GameState | None:
        """The position from the latest snapshot and the decisions after it, those that are
        public added to ``logged`` (None when there is no usable snapshot: the game is then
        replayed from setup)."""
        snapshot = self.store.snapshot(entry.id)
        if snapshot is None or snapshot[0] > len(actions) or entry.rules != game.rules_version:
            return None
        seq, position = snapshot
        try:
            state = game.state_from_dict(position)
            seen = _logging(logged, seq)
            for action in actions[seq:]:
                decision = state.decision()
                if decision is not None:
                    seen(decision, action)
                state.apply(action)
        except (KeepersError, KeyError, TypeError, ValueError, IndexError) as exc:
            log.warning("game %s: snapshot %d not used (%s)", entry.id, seq, exc)
            return None
        return state

    # -- requests ---------------------------------------------------------------
    async def create(self, request: CreateGame) -> tuple[GameSession, list[tuple[int, str]]]:
        """Set up and store a new game; returns it and one (seat, token) per human seat."""
        game = _find_game(request.game)
        entry, invitations = _new_entry(game, request)
        state = _set_up(game, entry)
        await self._db(self.store.create_game, entry)
        session = GameSession(entry, game, state)
        self.sessions[entry.id] = session
        self._kick_bots(session)
        log.info("game %s created: %s, seats %s", entry.id, game.name,
                 ",".join(seat.kind for seat in entry.seats))
        return session, invitations

    async def claim(self, session: GameSession, seat: int, name: str | None) -> None:
        """Take ``seat`` (again); the game starts once every human seat is taken."""
        async with session.lock:
            before = session.entry.status
            at = clocks.wall()
            status = await self._db(self.store.claim_seat, session.id, seat, name, at)
            entry_seat = session.entry.seats[seat]
            entry_seat.claimed = True
            entry_seat.name = name if name is not None else entry_seat.name
            session.entry.status = status
            if status != before:
                if session.clock is not None:  # the first clock starts with the game
                    session.clock.since = at
                session.broadcast()
        self._kick_bots(session)
        self._arm(session)

    async def take_open(self, session: GameSession, seat: int | None,
                        name: str | None) -> tuple[int, str]:
        """Take a free open seat (``seat``, or the first free one) with a new token; returns
        the seat and its token.  The store settles a race: one taker gets each seat."""
        token = tokens.new_token()
        hashed = tokens.token_hash(token)
        async with session.lock:
            before = session.entry.status
            at = clocks.wall()
            taken = await self._db(self.store.take_open_seat, session.id, seat, hashed, name, at)
            if taken is None:
                await self._catch_up(session)  # another taker, maybe in another process
                raise Refusal("no_open_seat", "no open seat of this game is free"
                              if seat is None else f"seat {seat} is not a free open seat")
            number, status = taken
            entry_seat = session.entry.seats[number]
            entry_seat.kind, entry_seat.token_hash = HUMAN, hashed
            entry_seat.claimed, entry_seat.name = True, name
            session.entry.status = status
            if status != before and session.clock is not None:  # the first clock starts
                session.clock.since = at
            session.broadcast()
        log.info("game %s: open seat %d taken", session.id, number)
        self._kick_bots(session)
        self._arm(session)
        return number, token

    async def seat_for(self, session: GameSession, token: str) -> int:
        """The seat a token opens; a copy that still has open seats first reads the seats
        again when it knows no such token (another process may have just given it)."""
        try:
            return session.seat_for(token)
        except Refusal:
            if not session.open_seats():
                raise
        async with session.lock:
            await self._catch_up(session)
        return session.seat_for(token)

    async def watch(self, session: GameSession, watcher: Watcher) -> None:
        """Add a connection and send it the current state (under the lock, so no
        decision slips between the two)."""
        async with session.lock:
            session.watchers.add(watcher)
            watcher.send(session.message_to(watcher))

    def unwatch(self, session: GameSession, watcher: Watcher) -> None:
        """Forget a closed connection."""
        session.watchers.discard(watcher)

    async def decide(self, session: GameSession, seat: int | None, number: int, action: str,
                     sender: Watcher | None = None, bot: bool = False) -> int:
        """Make decision ``action`` of ``seat`` answering state ``number`` (``bot``: the
        server's bot decides); returns the new state number.  Raises :class:`Refusal`
        (stale, out of turn, illegal, out of time ...)."""
        async with session.lock:
            if number > session.number:  # the client has seen a newer state: follow it
                await self._catch_up(session)
            _check_turn(session, seat, number, bot)
            assert seat is not None
            at = clocks.wall()
            if await self._expire(session, at):
                self._kick_bots(session)
                raise Refusal("out_of_time", "your time ran out before this decision came",
                              state=session.number)
            trial = _tried(session, action)
            seq = number + 1
            result = (result_of(trial, seq, clocks.notes(session.entry))
                      if trial.is_over() else None)
            since, time_left = (None, None) if session.clock is None else session.clock.after(
                seat, session.state, session.entry.status, at)
            try:
                await self._append(Append(session.id, seq, seat, action,
                                          None if result is None else result.model_dump(),
                                          since, time_left))
            except Conflict:  # another process answered first: follow it, then refuse
                await self._catch_up(session)
                raise Refusal("stale", f"state {number} was already answered",
                              state=session.number) from None
            except Exception:
                log.exception("decision %d of game %s not stored", seq, session.id)
                raise Refusal("unavailable", "the decision could not be stored; send it again",
                              state=session.number) from None
            if result is None and seq % self.snapshot_every == 0:
                await self._snapshot(session, seq, trial)
            session.note(seq, action)
            session.state, session.number = trial, seq
            session.entry.decisions = seq
            if session.clock is not None and since is not None:
                session.clock.adopt(since, time_left)
            if result is not None:
                session.entry.status, session.entry.result = "finished", result.model_dump()
            if sender is not None:
                sender.send(Accepted(state=seq, action=action))
            session.broadcast()
        self._kick_bots(session)
        self._arm(session)
        return seq

    async def _append(self, item: Append) -> None:
        """Commit one decision, together with those of other games waiting at the same
        moment (one disk sync for all: a group commit); raises :class:`Conflict`."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((item, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())
        await future

    async def _flush(self) -> None:
        """Commit the waiting decisions, batch after batch, until none waits."""
        while self._pending:
            batch, self._pending = self._pending, []
            outcomes: list[Exception | None]
            try:
                stored = await self._db(self.store.append_all, [item for item, _ in batch])
                outcomes = list(stored)
            except Exception as exc:  # the database failed: every waiting decision is refused
                outcomes = [exc] * len(batch)
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if outcome is None:
                    future.set_result(None)
                else:
                    future.set_exception(outcome)

    async def _snapshot(self, session: GameSession, seq: int, state: GameState) -> None:
        """Keep a full position now and then; a failure costs only a longer rebuild."""
        try:
            position = state.to_dict()
            if not _faithful(session.game, state, position):
                return
            await self._db(self.store.save_snapshot, session.id, seq, position)
        except Exception:
            log.exception("snapshot %d of game %s not stored", seq, session.id)

    # -- other processes --------------------------------------------------------
    def _noticed(self, game_id: str, number: int | None) -> None:
        """A notice: decision ``number`` of a game was stored (None: a seat taken, or
        unknown).  A copy in memory that lacks it catches up, one catch-up per game at a
        time, again if more notices came meanwhile."""
        session = self.sessions.get(game_id)
        if session is None or (number is not None and number <= session.number):
            return
        if game_id not in self._behind or self._behind[game_id] is not None:
            earlier = self._behind.get(game_id)
            self._behind[game_id] = None if number is None else max(number, earlier or 0)
        follower = self._followers.get(game_id)
        if follower is None or follower.done():
            self._followers[game_id] = asyncio.get_running_loop().create_task(
                self._follow(session))

    def _missed(self) -> None:
        """Notices may have been lost: every game in memory catches up."""
        for game_id in list(self.sessions):
            self._noticed(game_id, None)

    async def _follow(self, session: GameSession) -> None:
        """Catch the game up while notices say it is behind; then its bots may move."""
        while session.id in self._behind:
            newest = self._behind.pop(session.id)
            try:
                async with session.lock:  # this process's own decisions need no catch-up
                    if newest is None or newest > session.number:
                        await self._catch_up(session)
            except Exception:
                log.exception("game %s could not catch up", session.id)
                return
        self._kick_bots(session)

    async def _catch_up(self, session: GameSession) -> None:
        """Apply the stored decisions this copy lacks, pushing each new state, and take
        the seats and status as stored (under the game's lock)."""
        stored, actions = await self._db(self._stored_since, session.id, session.number)
        for action in actions:
            state = session.state.clone()
            try:
                state.apply(action)
            except KeepersError as exc:  # never expected: start again from the store
                log.error("game %s: stored decision %d refused here (%s); rebuilt",
                          session.id, session.number + 1, exc)
                fresh = await self._db(self._rebuild, session.id)
                session.state, session.number = fresh.state, fresh.number
                session.entry.decisions = session.number
                session.broadcast()
                break
            session.note(session.number + 1, action)
            session.state, session.number = state, session.number + 1
            session.entry.decisions = session.number
            _take_status(session, stored)
            session.broadcast()
        before = session.entry.status
        _take_status(session, stored)
        for seat, kept in zip(session.entry.seats, stored.seats, strict=True):
            seat.claimed, seat.name = kept.claimed, kept.name
            seat.kind, seat.token_hash = kept.kind, kept.token_hash  # an open seat taken
        if session.entry.status != before:
            session.broadcast()
        if _take_clocks(session, stored):
            session.broadcast()
        self._arm(session)

    def _stored_since(self, game_id: str, number: int) -> tuple[GameEntry, list[str]]:
        """The game row and its decisions after ``number`` (on the storage thread)."""
        entry = self.store.game(game_id)
        assert entry is not None
        return entry, self.store.decisions_after(game_id, number)

    async def _sweep(self) -> None:
        """Now and then, drive the bots of games that wait for a bot no process drives
        (the process driving them died, freeing the game's lock)."""
        while True:
            await asyncio.sleep(LEAD_SWEEP)
            for session in list(self.sessions.values()):
                self._kick_bots(session)

    async def listing(self, statuses: tuple[str, ...], limit: int) -> list[GameSummary]:
        """The newest games with those statuses."""
        return [summarize(entry) for entry in await self._db(self.store.games, statuses, limit)]

    async def record(self, game_id: str) -> dict[str, Any]:
        """The keepers record of a finished game (the only place its seed is shown)."""
        session = await self.session(game_id)
        if session.entry.status != "finished":
            raise Refusal("not_finished", "a game's record (with its seed) is given once "
                          "the game is over")
        actions = await self._db(self.store.decisions, game_id)
        entry = session.entry
        record = GameRecord(game=entry.game, players=entry.players, seed=entry.seed,
                            options=entry.options, actions=actions,
                            seats=[seat.kind for seat in entry.seats], result=entry.result,
                            rules=entry.rules)
        return record.to_dict()

    # -- clocks -----------------------------------------------------------------
    def _arm(self, session: GameSession) -> None:
        """Set the game's timer for the moment the running clock runs out (if one runs)."""
        if session.clock is None:
            return
        delay = session.clock.expires_in(session.state, session.entry.status, clocks.wall())
        if delay is None:
            session.alarm.stop()
            return
        number = session.number
        session.alarm.set(delay, lambda: self._ring(session, number))

    async def _ring(self, session: GameSession, number: int) -> None:
        """The timer rang at state ``number``: the running seat is out of time, unless a
        decision came first (which set the timer again)."""
        async with session.lock:
            if session.number != number:
                return
            try:
                expired = await self._expire(session, clocks.wall())
            except Exception:
                log.exception("timeout in game %s not stored; trying again", session.id)
                session.alarm.set(clocks.RETRY, lambda: self._ring(session, number))
                return
        if expired:
            self._kick_bots(session)
        self._arm(session)

    async def _expire(self, session: GameSession, at: datetime) -> bool:
        """Under the game's lock: when the running seat's time has run out at ``at``,
        store the timeout (and the result, when it ends the game), then let a bot take the
        seat or end the game, and tell everyone.  True when a seat ran out of time."""
        clock = session.clock
        seat = None if clock is None else clock.run_out(session.state, session.entry.status, at)
        if clock is None or seat is None:
            return False
        timeout = clocks.timeout_of(clock.control, seat, session.number, at)
        result = (None if timeout.bot is not None
                  else clocks.lost_on_time(session.state, session.entry, timeout))
        try:
            await self._db(self.store.time_out, session.id, timeout,
                           None if result is None else result.model_dump())
        except Conflict as conflict:  # another process moved first: follow the store
            log.info("timeout not stored: %s", conflict)
            await self._catch_up(session)
            return False
        _timed_out(session, clock, timeout, result)
        log.info("game %s: seat %d out of time (%s)", session.id, seat, timeout.outcome)
        session.broadcast()
        return True

    async def _beat(self) -> None:
        """Note, now and then, that the server runs (see :mod:`keepers.server.clocks`)."""
        while True:
            await asyncio.sleep(clocks.HEARTBEAT)
            try:
                await self._db(self.store.beat, clocks.wall())
            except Exception:
                log.exception("heartbeat not stored")

    # -- bots -------------------------------------------------------------------
    def _kick_bots(self, session: GameSession) -> None:
        if session.bot_to_move() is not None and (session.driver is None
                                                  or session.driver.done()):
            session.driver = asyncio.get_running_loop().create_task(self._drive(session))
        elif (self.peers is not None and session.entry.status == "finished"
              and self.peers.holds(session.id)):  # however it ended: free its bots' lock
            session.driver = asyncio.get_running_loop().create_task(
                self.peers.release(session.id))

    async def _drive(self, session: GameSession) -> None:
        """Let the bots decide while one of them is to move (when this process drives
        the game's bots: see :mod:`keepers.server.notify`)."""
        if self.peers is not None:
            taken_now = not self.peers.holds(session.id)
            if not await self.peers.lead(session.id):
                return
            if taken_now:  # from another process, maybe: be sure to answer the newest state
                async with session.lock:
                    await self._catch_up(session)
        await self._bots_decide(session)
        if self.peers is not None and session.entry.status == "finished":
            await self.peers.release(session.id)

    async def _bots_decide(self, session: GameSession) -> None:
        while (seat := session.bot_to_move()) is not None:
            if session.entry.bot_delay:
                await asyncio.sleep(session.entry.bot_delay)
            number = session.number
            try:
                action = await self.bots.choose(session.bots[seat], session.state.clone(), seat)
                await self.decide(session, seat, number, action, bot=True)
            except Refusal as refusal:
                if refusal.code != "stale":
                    log.error("bot of seat %d in game %s refused: %s", seat, session.id,
                              refusal.message)
                    return
                if self.peers is not None:  # another process decided for this bot: its turn
                    log.warning("bot of seat %d in game %s: state %d was answered elsewhere",
                                seat, session.id, number)
                    await self.peers.release(session.id)
                    return
            except Exception:
                log.exception("bot of seat %d in game %s failed", seat, session.id)
                return


def _timed_out(session: GameSession, clock: clocks.Clock, timeout: TimeoutEntry,
               result: Result | None) -> None:
    """Carry out a stored timeout in memory: a bot takes the seat, or the game ends."""
    session.entry.timeouts.append(timeout)
    clock.time_out(timeout.seat)
    if timeout.bot is not None:
        session.take_over(timeout.seat, timeout.bot)
    if result is not None:
        session.entry.status, session.entry.result = "finished", result.model_dump()


def _logging(logged: list[LogEntry], start: int = 0) -> Callable[[Decision, str], None]:
    """A replay's watcher: adds each public decision to ``logged`` as (its number, its
    seat, its text), numbering from ``start`` + 1."""
    numbers = itertools.count(start + 1)

    def seen(decision: Decision, action: str) -> None:
        number = next(numbers)
        if decision.public:
            logged.append((number, decision.player, action))

    return seen


def _faithful(game: Game, state: GameState, position: JsonDict) -> bool:
    """True when ``position`` rebuilds ``state`` as every seat sees it: the same legal
    decisions and the same views (a game whose views show more than its positions keep,
    such as a log of recent decisions, is then always replayed from setup)."""
    restored = game.state_from_dict(position)
    seats: list[int | None] = [*range(state.num_players), None]
    return restored.legal_actions() == state.legal_actions() and all(
        restored.view(seat) == state.view(seat) for seat in seats)


def _take_status(session: GameSession, stored: GameEntry) -> None:
    """The status after a catch-up: finished exactly when this copy's state is over (the
    row read may be a little older or newer than the decisions applied)."""
    if session.state.is_over():
        result = result_of(session.state, session.number).model_dump()
        session.entry.status, session.entry.result = "finished", result
    elif stored.status != "finished":
        session.entry.status = stored.status


def _take_clocks(session: GameSession, stored: GameEntry) -> bool:
    """After a catch-up: the clocks and timeouts as stored (another process may have
    switched a clock or stored a timeout); True when a timeout was new here."""
    if session.clock is None:
        return False
    new = stored.timeouts[len(session.entry.timeouts):]
    session.entry.timeouts = list(stored.timeouts)
    session.clock = clocks.Clock.of(stored)
    for timeout in new:
        if timeout.bot is not None:
            session.take_over(timeout.seat, timeout.bot)
    if stored.status == "finished" and stored.result is not None:
        session.entry.status, session.entry.result = "finished", stored.result
    return bool(new)


def _find_game(name: str) -> Game:
    try:
        return get_game(name)
    except KeepersError as exc:
        raise Refusal("bad_request", str(exc)) from None


def _seat_problem(game: str, bots: Mapping[str, BotFactory], kind: str) -> str:
    """Why ``kind`` seats nobody: a known bot's settings say what is wrong with them."""
    if problem := settings_problem(bots, kind):
        return f"seat {kind!r}: {problem}"
    return f"a seat is 'human', 'open' or a bot of {game} ({', '.join(sorted(bots))}), not {kind!r}"


def _new_entry(game: Game, request: CreateGame) -> tuple[GameEntry, list[tuple[int, str]]]:
    """The game row of a request, checked against the game; and the seat tokens."""
    players = len(request.seats)
    if not game.min_players <= players <= game.max_players:
        raise Refusal("bad_request", f"{game.name} is played by {game.min_players} to "
                      f"{game.max_players} players, not {players}")
    bots = game.bots()
    for kind in request.seats:
        if kind not in PEOPLE and kind not in bots:
            raise Refusal("bad_request", _seat_problem(game.name, bots, kind))
    try:
        options = game.check_options(request.options)
        control = clocks.checked(request.time_control, game.bots(), game.name)
    except ValueError as exc:
        raise Refusal("bad_request", str(exc)) from None
    time = clocks.starting_time(control)
    invitations = [(seat, tokens.new_token()) for seat, kind in enumerate(request.seats)
                   if kind == HUMAN]
    hashes = {seat: tokens.token_hash(token) for seat, token in invitations}
    entry = GameEntry(
        id=secrets.token_hex(8), game=game.name, players=players, options=options,
        seed=secrets.randbits(SEED_BITS), rules=game.rules_version,
        bot_delay=request.bot_delay,
        status="open" if any(kind in PEOPLE for kind in request.seats) else "ongoing",
        created_at=now(), time_control=clocks.stored(control),
        seats=[SeatEntry(seat, kind, hashes.get(seat),
                         remaining_ms=time if kind in PEOPLE else None)
               for seat, kind in enumerate(request.seats)])
    if entry.status == "ongoing":  # no person to wait for: the game starts now
        entry.clock_since = entry.created_at
    return entry, invitations


def _set_up(game: Game, entry: GameEntry) -> GameState:
    try:
        return game.new_state(entry.players, entry.seed, entry.options)
    except (KeepersError, ValueError) as exc:
        raise Refusal("bad_request", f"the game cannot be set up: {exc}") from None


def _check_turn(session: GameSession, seat: int | None, number: int, bot: bool) -> None:
    """Refuse a decision that answers no current question of this seat."""
    if seat is None:
        raise Refusal("spectator", "a spectator cannot decide", state=session.number)
    if session.over():
        raise Refusal("game_over", "the game is over", state=session.number)
    if not bot and session.taken_over(seat):
        raise Refusal("taken_over", "your time ran out: a bot plays this seat now",
                      state=session.number)
    if session.entry.status != "ongoing":
        raise Refusal("not_started", "the game starts when every seat is taken",
                      state=session.number)
    if number != session.number:
        raise Refusal("stale", f"this decision answers state {number}; the game is at state "
                      f"{session.number}", state=session.number)
    if session.state.to_move() != seat:
        raise Refusal("not_your_turn", "it is not your decision now", state=session.number)


def _tried(session: GameSession, action: str) -> GameState:
    """A copy of the state with ``action`` applied; the game's own state is untouched."""
    trial = session.state.clone()
    try:
        trial.apply(action)
    except RuleError as exc:
        raise Refusal("illegal", exc.message, clause=exc.clause, state=session.number) from None
    return trial
