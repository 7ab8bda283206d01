"""The event-sourced store: game rows, seats and the append-only decisions.

Every call is one short transaction and blocks, so the server runs them on its
storage thread.  A decision is committed here before anyone is told of it;
:class:`Conflict` means another decision already holds that number.  Only
SQLAlchemy Core/ORM is used, so the same class serves SQLite and PostgreSQL.

On PostgreSQL every commit that stores a decision or takes a seat also notifies
:data:`CHANNEL` (in the same transaction, so the notice is sent at commit and only
then), which is how the other server processes on the database learn of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, Engine, create_engine, event, func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from keepers.server import migrate
from keepers.server.models import (
    DecisionRow,
    GameRow,
    HeartbeatRow,
    SeatRow,
    SnapshotRow,
    TimeoutRow,
)

CHANNEL = "keepers_games"
"""PostgreSQL's notification channel.  Payloads: ``<game id> <decision number>`` for a
decision stored, ``<game id> seats`` for a seat taken (see :func:`notice`)."""
SEATS = "seats"
HUMAN = "human"
OPEN = "open"
"""A seat anyone may take (``POST /api/games/{id}/open-seats``); once taken it is a human
seat like an invited one, with its own token hash."""
PEOPLE = (HUMAN, OPEN)
LIVE = ("open", "ongoing")
STATUSES = ("open", "ongoing", "finished")


class Conflict(Exception):
    """The decision number is taken: another decision answered that state first."""


@dataclass
class SeatEntry:
    """A seat as stored: ``kind`` is ``human``, ``open`` (not yet taken) or a bot name."""

    seat: int
    kind: str
    token_hash: str | None = None
    name: str | None = None
    claimed: bool = False
    remaining_ms: int | None = None
    """A live clock's time left as of the seat's last decision (None: not timed)."""


@dataclass(frozen=True)
class TimeoutEntry:
    """Seat ``seat`` ran out of time after ``state`` decisions: the game ended (``end``)
    or the bot ``bot`` took the seat (``bot``)."""

    seat: int
    state: int
    outcome: str
    bot: str | None
    at: datetime


@dataclass
class GameEntry:
    """A game row with its seats (the decisions are read apart)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    rules: int
    bot_delay: float
    status: str
    created_at: datetime
    seats: list[SeatEntry] = field(default_factory=list)
    result: dict[str, Any] | None = None
    decisions: int = 0
    time_control: dict[str, Any] | None = None
    clock_since: datetime | None = None
    """When the running clock started (the game's start or its last decision)."""
    timeouts: list[TimeoutEntry] = field(default_factory=list)


@dataclass(frozen=True)
class Append:
    """One decision to store: decision number ``seq`` of a game, and the result when it
    ends the game; in a timed game, the instant it was made (the next clock starts there)
    and the decider's live time left (seat, milliseconds) after it."""

    game_id: str
    seq: int
    seat: int
    action: str
    result: dict[str, Any] | None = None
    clock_since: datetime | None = None
    time_left: tuple[int, int] | None = None


def notice(game_id: str, seq: int | None) -> str:
    """The payload announcing decision ``seq`` of a game (None: a seat was taken)."""
    return f"{game_id} {SEATS if seq is None else seq}"


def _add(session: Session, item: Append) -> None:
    session.add(DecisionRow(game_id=item.game_id, seq=item.seq, seat=item.seat,
                            action=item.action, created_at=now()))
    if item.result is not None:
        session.execute(update(GameRow).where(GameRow.id == item.game_id).values(
            status="finished", result=item.result, finished_at=now()))
    if item.clock_since is not None:  # the clock switches in the decision's transaction
        session.execute(update(GameRow).where(GameRow.id == item.game_id).values(
            clock_since=item.clock_since))
    if item.time_left is not None:
        seat, remaining = item.time_left
        session.execute(update(SeatRow).where(SeatRow.game_id == item.game_id,
                                              SeatRow.seat == seat).values(remaining_ms=remaining))


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    """A stored instant in UTC (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the writer; FULL syncs each commit to disk, so an
    # acknowledged decision survives a killed process and a power cut alike.
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON",
                   "busy_timeout=10000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def open_engine(url: str) -> Engine:
    """An engine for ``url`` (SQLite gets durable, concurrent-reader settings)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """The games of one database; :meth:`open` migrates it first."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)
        self.shared = engine.dialect.name == "postgresql"
        """True when other server processes may use the same database (PostgreSQL): the
        store then notifies them of each change."""

    def _notify(self, session: Session, *payloads: str) -> None:
        """Tell the other processes, at commit, what this transaction changed (in one
        statement however many changes: each is a round trip to the database)."""
        if self.shared:
            session.execute(text("SELECT pg_notify(:channel, payload) "
                                 "FROM unnest(CAST(:payloads AS text[])) AS payload"),
                            {"channel": CHANNEL, "payloads": list(payloads)})

    @classmethod
    def open(cls, url: str) -> Store:
        """Open the database at ``url`` and bring its schema up to date."""
        engine = open_engine(url)
        migrate.upgrade(engine)
        return cls(engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    # -- writes ---------------------------------------------------------------
    def create_game(self, entry: GameEntry) -> None:
        """Store a new game and its seats."""
        with self._session.begin() as session:
            session.add(GameRow(id=entry.id, game=entry.game, players=entry.players,
                                options=entry.options, seed=entry.seed, rules=entry.rules,
                                bot_delay=entry.bot_delay, status=entry.status,
                                created_at=entry.created_at, time_control=entry.time_control,
                                clock_since=entry.clock_since))
            session.flush()
            session.add_all(SeatRow(game_id=entry.id, seat=seat.seat, kind=seat.kind,
                                    token_hash=seat.token_hash, remaining_ms=seat.remaining_ms)
                            for seat in entry.seats)

    def claim_seat(self, game_id: str, seat: int, name: str | None,
                   at: datetime | None = None) -> str:
        """Mark a human seat taken (a new name replaces the old); returns the game's status,
        ``ongoing`` once every human seat is taken (the first clock starts then, at ``at``)."""
        with self._session.begin() as session:
            row = session.get(SeatRow, (game_id, seat))
            assert row is not None and row.kind == HUMAN
            row.claimed_at = row.claimed_at or now()
            if name is not None:
                row.name = name
            return self._claimed(session, game_id, at)

    def take_open_seat(self, game_id: str, seat: int | None, hashed: str, name: str | None,
                       at: datetime | None = None) -> tuple[int, str] | None:
        """Give a free open seat (``seat``, or the first free one) the token hash ``hashed``,
        making it a human seat taken; returns (the seat, the game's status), or None when no
        such seat is free.  Each update sets the hash only where it is still unset, so two
        takers never get the same seat (the database settles the race, not this process)."""
        with self._session.begin() as session:
            free = [SeatRow.game_id == game_id, SeatRow.kind == OPEN,
                    SeatRow.token_hash.is_(None)]
            if seat is not None:
                free.append(SeatRow.seat == seat)
            # Write first (SQLite then holds the write lock for the whole transaction); on
            # PostgreSQL a seat another taker got meanwhile updates no row: look again.
            while True:
                first = select(func.min(SeatRow.seat)).where(*free).scalar_subquery()
                taken = cast(CursorResult[Any], session.execute(update(SeatRow).where(
                    *free, SeatRow.seat == first).values(
                    kind=HUMAN, token_hash=hashed, name=name, claimed_at=now())))
                if taken.rowcount == 1:
                    number = session.scalar(select(SeatRow.seat).where(
                        SeatRow.game_id == game_id, SeatRow.token_hash == hashed))
                    assert number is not None
                    return number, self._claimed(session, game_id, at)
                if session.scalar(select(func.count()).select_from(SeatRow).where(*free)) == 0:
                    return None

    def _claimed(self, session: Session, game_id: str, at: datetime | None) -> str:
        """After a seat is taken: notify, start the game when no seat is left to take, and
        return its status."""
        self._notify(session, notice(game_id, None))
        game = session.get(GameRow, game_id)
        assert game is not None
        if game.status == "open" and self._all_claimed(session, game_id):
            game.status = "ongoing"
            game.clock_since = at or now()
        return game.status

    @staticmethod
    def _all_claimed(session: Session, game_id: str) -> bool:
        free = select(func.count()).select_from(SeatRow).where(
            SeatRow.game_id == game_id, SeatRow.kind.in_(PEOPLE), SeatRow.claimed_at.is_(None))
        return session.scalar(free) == 0

    def append(self, game_id: str, seq: int, seat: int, action: str,
               result: dict[str, Any] | None = None) -> None:
        """Commit decision number ``seq``; with ``result`` the game is finished in the same
        transaction.  Raises :class:`Conflict` when ``seq`` is already taken."""
        outcome = self.append_all([Append(game_id, seq, seat, action, result)])[0]
        if outcome is not None:
            raise outcome

    def append_all(self, appends: list[Append]) -> list[Conflict | None]:
        """Commit decisions of several games in one transaction (one disk sync for all);
        returns None for each stored one and a :class:`Conflict` for each refused one
        (after a conflict, each is committed on its own, so only the conflicting ones fail)."""
        try:
            with self._session.begin() as session:
                for item in appends:
                    _add(session, item)
                self._notify(session, *(notice(item.game_id, item.seq) for item in appends))
            return [None] * len(appends)
        except IntegrityError:
            if len(appends) == 1:
                item = appends[0]
                return [Conflict(f"decision {item.seq} of game {item.game_id} is already "
                                 f"stored")]
            return [self.append_all([item])[0] for item in appends]

    def time_out(self, game_id: str, timeout: TimeoutEntry,
                 result: dict[str, Any] | None) -> None:
        """Store a seat's timeout after decision ``timeout.state``; with ``result`` the game
        is finished in the same transaction.  Raises :class:`Conflict` when the game has
        moved on or the seat has already run out of time."""
        try:
            with self._session.begin() as session:
                made = session.scalar(select(func.count()).select_from(DecisionRow)
                                      .where(DecisionRow.game_id == game_id))
                if made != timeout.state:
                    raise Conflict(f"game {game_id} is past state {timeout.state}")
                session.add(TimeoutRow(game_id=game_id, seat=timeout.seat, state=timeout.state,
                                       outcome=timeout.outcome, bot=timeout.bot,
                                       created_at=timeout.at))
                if result is not None:
                    session.execute(update(GameRow).where(GameRow.id == game_id).values(
                        status="finished", result=result, finished_at=timeout.at))
                self._notify(session, notice(game_id, None))
        except IntegrityError:
            raise Conflict(f"seat {timeout.seat} of game {game_id} is already out of "
                           f"time") from None

    def resume_clocks(self, at: datetime, outage: timedelta) -> timedelta | None:
        """Note that a server runs at ``at``; when no server has run for longer than
        ``outage`` before it, move every running clock's start on by that time (no one
        could decide then) and return it."""
        with self._session.begin() as session:  # one server at a time (PostgreSQL)
            beat = session.get(HeartbeatRow, 1, with_for_update=True)
            if beat is None:
                session.add(HeartbeatRow(id=1, alive_at=at))
                return None
            last, beat.alive_at = _utc(beat.alive_at), at
            if at - last <= outage:
                return None
            running = session.scalars(select(GameRow).where(
                GameRow.status == "ongoing", GameRow.clock_since.is_not(None)))
            for game in running:
                assert game.clock_since is not None
                counted = max(timedelta(0), last - _utc(game.clock_since))
                game.clock_since = at - counted
            return at - last

    def beat(self, at: datetime) -> None:
        """Note that a server is running at ``at``."""
        with self._session.begin() as session:
            session.merge(HeartbeatRow(id=1, alive_at=at))

    def save_snapshot(self, game_id: str, seq: int, position: dict[str, Any]) -> None:
        """Keep the position after decision ``seq`` (the decisions stay the truth)."""
        with self._session.begin() as session:
            session.merge(SnapshotRow(game_id=game_id, seq=seq, position=position,
                                      created_at=now()))

    # -- reads ----------------------------------------------------------------
    def snapshot(self, game_id: str) -> tuple[int, dict[str, Any]] | None:
        """The latest snapshot of a game: (decisions before it, position), or None."""
        with self._session() as session:
            row = session.scalars(select(SnapshotRow).where(SnapshotRow.game_id == game_id)
                                  .order_by(SnapshotRow.seq.desc()).limit(1)).first()
            return None if row is None else (row.seq, dict(row.position))

    def game(self, game_id: str) -> GameEntry | None:
        """The game ``game_id`` with its seats, or None."""
        with self._session() as session:
            row = session.get(GameRow, game_id)
            return None if row is None else self._entry(session, row)

    def decisions(self, game_id: str) -> list[str]:
        """The decisions of a game, in order."""
        with self._session() as session:
            query = (select(DecisionRow.action).where(DecisionRow.game_id == game_id)
                     .order_by(DecisionRow.seq))
            return list(session.scalars(query))

    def decisions_after(self, game_id: str, seq: int) -> list[str]:
        """The decisions of a game after decision ``seq``, in order."""
        with self._session() as session:
            query = (select(DecisionRow.action)
                     .where(DecisionRow.game_id == game_id, DecisionRow.seq > seq)
                     .order_by(DecisionRow.seq))
            return list(session.scalars(query))

    def games(self, statuses: tuple[str, ...] = STATUSES, limit: int = 100) -> list[GameEntry]:
        """The newest games whose status is in ``statuses``."""
        with self._session() as session:
            query = (select(GameRow).where(GameRow.status.in_(statuses))
                     .order_by(GameRow.created_at.desc()).limit(limit))
            return [self._entry(session, row) for row in session.scalars(query)]

    @staticmethod
    def _entry(session: Session, row: GameRow) -> GameEntry:
        seats = session.scalars(select(SeatRow).where(SeatRow.game_id == row.id)
                                .order_by(SeatRow.seat))
        count = session.scalar(select(func.count()).select_from(DecisionRow)
                               .where(DecisionRow.game_id == row.id))
        timeouts = session.scalars(select(TimeoutRow).where(TimeoutRow.game_id == row.id)
                                   .order_by(TimeoutRow.state))
        return GameEntry(
            id=row.id, game=row.game, players=row.players, options=dict(row.options),
            seed=row.seed, rules=row.rules, bot_delay=row.bot_delay, status=row.status,
            created_at=_utc(row.created_at), result=row.result, decisions=count or 0,
            seats=[SeatEntry(seat.seat, seat.kind, seat.token_hash, seat.name,
                             seat.claimed_at is not None, seat.remaining_ms) for seat in seats],
            time_control=row.time_control,
            clock_since=None if row.clock_since is None else _utc(row.clock_since),
            timeouts=[TimeoutEntry(t.seat, t.state, t.outcome, t.bot, _utc(t.created_at))
                      for t in timeouts])
