"""Brings a database to the newest schema with the migrations shipped in the package."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

SCRIPTS = Path(__file__).parent / "migrations"


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
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
