"""Time controls: each game's control and running clock, each seat's time left, the
timeouts, and the server's heartbeat.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the clock columns (games of older schemas have no time limit) and two tables."""
    op.add_column("games", sa.Column("time_control", sa.JSON(), nullable=True))
    op.add_column("games", sa.Column("clock_since", sa.DateTime(timezone=True), nullable=True))
    op.add_column("seats", sa.Column("remaining_ms", sa.BigInteger(), nullable=True))
    op.create_table(
        "timeouts",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("state", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    heartbeat = op.create_table(
        "heartbeat",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("alive_at", sa.DateTime(timezone=True), nullable=False),
    )
    # Its one row exists from the start, so servers starting together only update it.
    op.bulk_insert(heartbeat, [{"id": 1, "alive_at": datetime.now(UTC)}])


def downgrade() -> None:
    """Drop the tables and the columns."""
    op.drop_table("heartbeat")
    op.drop_table("timeouts")
    op.drop_column("seats", "remaining_ms")  # SQLite drops a column itself since 3.35
    op.drop_column("games", "clock_since")
    op.drop_column("games", "time_control")
