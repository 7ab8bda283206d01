"""Where the server's database lives: a SQLite file in the user's data directory,
or any SQLAlchemy URL given with ``--db``."""

from __future__ import annotations

from pathlib import Path

DB_FILE = "keepers.db"


def data_dir() -> Path:
    """The user's data directory for keepers (platformdirs when installed)."""
    try:
        from platformdirs import user_data_dir
    except ImportError:  # a minimal install: the XDG default
        return Path.home() / ".local" / "share" / "keepers"
    return Path(user_data_dir("keepers", appauthor=False))


def database_url(db: str | None) -> str:
    """The SQLAlchemy URL for ``--db``: a URL as given, a file path as SQLite,
    nothing as the default file (its directory is created).  A file in a directory
    that does not exist is refused (ValueError): a mistyped path must not make folders."""
    if db and "://" in db:
        return db
    if db:
        path = Path(db)
        if not path.parent.is_dir():
            raise ValueError(f"--db: there is no directory {path.parent}")
    else:
        path = data_dir() / DB_FILE
        path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path.resolve()}"


def describe(url: str) -> str:
    """The database named for people: a SQLite file's path, else the URL without password."""
    if url.startswith("sqlite:///"):
        return url.removeprefix("sqlite:///")
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
