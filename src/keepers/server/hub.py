"""The hub: every game the server holds, and the one place decisions are made.

A decision goes through :meth:`Hub.decide` under the game's lock: checked against the
state number and the turn, tried on a copy of the state, committed to the store, and
only then made the game's state, acknowledged and pushed to every watcher.  A refusal
at any step leaves the game as it was.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from keepers.core.errors import KeepersError, RuleError
from keepers.core.game import Game, GameState, JsonDict
from keepers.core.record import GameRecord
from keepers.core.registry import get_game
from keepers.server import tokens
from keepers.server.bots import BotPool
from keepers.server.protocol import Accepted, CreateGame, GameSummary
from keepers.server.sessions import GameSession, Refusal, Watcher, result_of, summarize
from keepers.server.storage import (
    LIVE,
    Append,
    Conflict,
    GameEntry,
    SeatEntry,
    Store,
    now,
)

log = logging.getLogger("keepers.server")
T = TypeVar("T")
SEED_BITS = 63
"""Seeds fit a signed 64-bit column."""
SNAPSHOT_EVERY = 200
"""Decisions between two snapshots of a game's position."""


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

    async def _db(self, call: Callable[..., T], *args: Any) -> T:
        """Run a store call on the storage thread (the event loop never waits on the disk)."""
        return await asyncio.get_running_loop().run_in_executor(self._storage, call, *args)

    # -- life cycle -------------------------------------------------------------
    async def start(self) -> int:
        """Rebuild every live game from its decisions and set its bots going;
        returns how many games were rebuilt."""
        entries = await self._db(self.store.games, LIVE, 1_000_000)
        for entry in entries:
            try:
                await self.session(entry.id)
            except Refusal as refusal:
                log.error("game %s cannot be resumed: %s", entry.id, refusal.message)
        return len(self.sessions)

    async def stop(self) -> None:
        """Stop the bots and the workers."""
        for session in self.sessions.values():
            if session.driver is not None:
                session.driver.cancel()
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
            return self.sessions[game_id]

    def _rebuild(self, game_id: str) -> GameSession:
        """Rebuild a stored game from its decisions (on the storage thread)."""
        entry = self.store.game(game_id) if len(game_id) <= 32 else None
        if entry is None:
            raise Refusal("not_found", f"no game {game_id[:40]!r}")
        actions = self.store.decisions(game_id)
        try:
            game = get_game(entry.game)
            state = self._from_snapshot(game, entry, actions)
            if state is None:
                state = GameRecord(game=entry.game, players=entry.players, seed=entry.seed,
                                   options=entry.options, actions=actions,
                                   rules=entry.rules).replay()
        except KeepersError as exc:
            raise Refusal("unavailable", str(exc)) from None
        entry.decisions = len(actions)
        return GameSession(entry, game, state)

    def _from_snapshot(self, game: Game, entry: GameEntry, actions: list[str]) -> GameState | None:
        """The position from the latest snapshot and the decisions after it (None when
        there is no usable snapshot: the game is then replayed from setup)."""
        snapshot = self.store.snapshot(entry.id)
        if snapshot is None or snapshot[0] > len(actions) or entry.rules != game.rules_version:
            return None
        seq, position = snapshot
        try:
            state = game.state_from_dict(position)
            for action in actions[seq:]:
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
            status = await self._db(self.store.claim_seat, session.id, seat, name)
            entry_seat = session.entry.seats[seat]
            entry_seat.claimed = True
            entry_seat.name = name if name is not None else entry_seat.name
            session.entry.status = status
            if status != before:
                session.broadcast()
        self._kick_bots(session)

    async def watch(self, session: GameSession, watcher: Watcher) -> None:
        """Add a connection and send it the current state (under the lock, so no
        decision slips between the two)."""
        async with session.lock:
            session.watchers.add(watcher)
            watcher.send(session.message_for(watcher.seat))

    def unwatch(self, session: GameSession, watcher: Watcher) -> None:
        """Forget a closed connection."""
        session.watchers.discard(watcher)

    async def decide(self, session: GameSession, seat: int | None, number: int, action: str,
                     sender: Watcher | None = None) -> int:
        """Make decision ``action`` of ``seat`` answering state ``number``; returns the new
        state number.  Raises :class:`Refusal` (stale, out of turn, illegal ...)."""
        async with session.lock:
            _check_turn(session, seat, number)
            assert seat is not None
            trial = _tried(session, action)
            seq = number + 1
            result = result_of(trial, seq) if trial.is_over() else None
            try:
                await self._append(Append(session.id, seq, seat, action,
                                          None if result is None else result.model_dump()))
            except Conflict:
                raise Refusal("stale", f"state {number} was already answered",
                              state=session.number) from None
            except Exception:
                log.exception("decision %d of game %s not stored", seq, session.id)
                raise Refusal("unavailable", "the decision could not be stored; send it again",
                              state=session.number) from None
            if result is None and seq % self.snapshot_every == 0:
                await self._snapshot(session, seq, trial)
            session.state, session.number = trial, seq
            session.entry.decisions = seq
            if result is not None:
                session.entry.status, session.entry.result = "finished", result.model_dump()
            if sender is not None:
                sender.send(Accepted(state=seq, action=action))
            session.broadcast()
        self._kick_bots(session)
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

    # -- bots -------------------------------------------------------------------
    def _kick_bots(self, session: GameSession) -> None:
        if session.bot_to_move() is not None and (session.driver is None
                                                  or session.driver.done()):
            session.driver = asyncio.get_running_loop().create_task(self._drive(session))

    async def _drive(self, session: GameSession) -> None:
        """Let the bots decide while one of them is to move."""
        while (seat := session.bot_to_move()) is not None:
            if session.entry.bot_delay:
                await asyncio.sleep(session.entry.bot_delay)
            number = session.number
            try:
                action = await self.bots.choose(session.bots[seat], session.state.clone(), seat)
                await self.decide(session, seat, number, action)
            except Refusal as refusal:
                if refusal.code != "stale":
                    log.error("bot of seat %d in game %s refused: %s", seat, session.id,
                              refusal.message)
                    return
            except Exception:
                log.exception("bot of seat %d in game %s failed", seat, session.id)
                return


def _faithful(game: Game, state: GameState, position: JsonDict) -> bool:
    """True when ``position`` rebuilds ``state`` as every seat sees it: the same legal
    decisions and the same views (a game whose views show more than its positions keep,
    such as a log of recent decisions, is then always replayed from setup)."""
    restored = game.state_from_dict(position)
    seats: list[int | None] = [*range(state.num_players), None]
    return restored.legal_actions() == state.legal_actions() and all(
        restored.view(seat) == state.view(seat) for seat in seats)


def _find_game(name: str) -> Game:
    try:
        return get_game(name)
    except KeepersError as exc:
        raise Refusal("bad_request", str(exc)) from None


def _new_entry(game: Game, request: CreateGame) -> tuple[GameEntry, list[tuple[int, str]]]:
    """The game row of a request, checked against the game; and the seat tokens."""
    players = len(request.seats)
    if not game.min_players <= players <= game.max_players:
        raise Refusal("bad_request", f"{game.name} is played by {game.min_players} to "
                      f"{game.max_players} players, not {players}")
    bots = game.bots()
    for kind in request.seats:
        if kind != "human" and kind not in bots:
            raise Refusal("bad_request", f"a seat is 'human' or a bot of {game.name} "
                          f"({', '.join(sorted(bots))}), not {kind!r}")
    try:
        options = game.check_options(request.options)
    except ValueError as exc:
        raise Refusal("bad_request", str(exc)) from None
    invitations = [(seat, tokens.new_token()) for seat, kind in enumerate(request.seats)
                   if kind == "human"]
    hashes = {seat: tokens.token_hash(token) for seat, token in invitations}
    entry = GameEntry(
        id=secrets.token_hex(8), game=game.name, players=players, options=options,
        seed=secrets.randbits(SEED_BITS), rules=game.rules_version,
        bot_delay=request.bot_delay, status="open" if invitations else "ongoing",
        created_at=now(),
        seats=[SeatEntry(seat, kind, hashes.get(seat)) for seat, kind in enumerate(request.seats)])
    return entry, invitations


def _set_up(game: Game, entry: GameEntry) -> GameState:
    try:
        return game.new_state(entry.players, entry.seed, entry.options)
    except (KeepersError, ValueError) as exc:
        raise Refusal("bad_request", f"the game cannot be set up: {exc}") from None


def _check_turn(session: GameSession, seat: int | None, number: int) -> None:
    """Refuse a decision that answers no current question of this seat."""
    if seat is None:
        raise Refusal("spectator", "a spectator cannot decide", state=session.number)
    if session.state.is_over():
        raise Refusal("game_over", "the game is over", state=session.number)
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
