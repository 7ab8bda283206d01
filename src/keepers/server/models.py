"""The tables: a game row per game, its seats, and the append-only decisions.

The game is event-sourced: the row holds what setup needs (game, players,
options, seed, rules version) and every decision is one row numbered from 1;
the position is the replay of the decisions.  ``UNIQUE (game_id, seq)`` is
what settles two decisions sent for the same state: one insert wins.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Float, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The server's tables."""


class GameRow(Base):
    """One game: its setup and where it stands."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int]
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    rules: Mapped[int]
    bot_delay: Mapped[float] = mapped_column(Float, default=0.0)
    status: Mapped[str] = mapped_column(String(16), index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The time control chosen at creation (None: no time limit)."""
    clock_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the running clock started: the game's start or its last decision."""


class SeatRow(Base):
    """One seat of a game: a person (with a token hash) or a bot by name."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(40))
    """``human`` or the name of a bot of the game."""
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    remaining_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """A live clock's time left, as of the seat's last decision (or the start)."""


class DecisionRow(Base):
    """One decision of a game, numbered from 1 (decision n leads to state n)."""

    __tablename__ = "decisions"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_decisions_game_seq"),)

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int]
    seat: Mapped[int]
    action: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SnapshotRow(Base):
    """A full position (``GameState.to_dict``) after decision ``seq``, so that a long game
    is rebuilt from its last snapshot and the decisions after it, not from setup."""

    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(primary_key=True)
    position: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TimeoutRow(Base):
    """A seat's time ran out after decision ``state``: the game ended or a bot took the seat.
    A seat runs out of time at most once (a seat taken over is a bot's for good)."""

    __tablename__ = "timeouts"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    state: Mapped[int]
    outcome: Mapped[str] = mapped_column(String(8))
    """``end`` or ``bot``."""
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class HeartbeatRow(Base):
    """When a server last showed it was running (one row), so that the time no server ran
    is not charged to the players whose clocks were running."""

    __tablename__ = "heartbeat"

    id: Mapped[int] = mapped_column(primary_key=True)
    alive_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
