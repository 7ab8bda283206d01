"""Alembic's environment: migrations run on the connection the server hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from keepers.server.models import Base


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Migrate on ``config.attributes["connection"]``, or on a fresh engine for the URL."""
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    assert url is not None, "no database to migrate"
    with create_engine(url).connect() as fresh:
        _run(fresh)


run_migrations_online()
