"""Brings a database to the newest schema with the migrations shipped in the package."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text

SCRIPTS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x6B65657065727301
"""PostgreSQL advisory lock taken while migrating ("keepers" and 1 in hex)."""


def alembic_config() -> Config:
    """An Alembic configuration over the packaged scripts (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(SCRIPTS))
    return config


def head() -> str:
    """The newest revision the package ships."""
    revision = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert revision is not None
    return revision


def upgrade(engine: Engine) -> None:
    """Apply every migration the database lacks (an empty database gets the whole schema)."""
    config = alembic_config()
    with engine.begin() as connection:
        _one_at_a_time(connection)
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _one_at_a_time(connection: Connection) -> None:
    """On PostgreSQL, several server processes may start together: the first migrates,
    the others wait here for its commit and then find the schema at head (PostgreSQL's
    schema changes are transactional, so a process killed while migrating leaves the old
    schema whole).  SQLite takes its write lock on the first change anyway."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
