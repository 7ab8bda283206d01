"""A PostgreSQL server of the tests' own: a cluster made in a temporary directory, listening
on a free port of 127.0.0.1 only, with its unix socket beside its data, stopped at the end.

The binaries are found on PATH, else under /usr/lib/postgresql/<version>/bin (where Debian
installs them).  initdb refuses to run as root, so as root the cluster is made and run by
the unprivileged ``postgres`` user, which then owns the temporary directory.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from serverhelp import free_port

TOOLS = ("initdb", "pg_ctl")
DEBIAN_ROOT = Path("/usr/lib/postgresql")
"""Where Debian installs each PostgreSQL version's binaries (<version>/bin)."""
SUPERUSER = "keepers"
"""The cluster's superuser, which the tests connect as (trusted on 127.0.0.1 only)."""
RUN_AS = "postgres"
"""The unprivileged user that runs the cluster when the tests run as root."""


def binaries() -> Path | None:
    """The directory holding initdb and pg_ctl, or None when PostgreSQL is not installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    candidates = sorted(DEBIAN_ROOT.glob("*/bin"),
                        key=lambda path: _version(path.parent.name), reverse=True)
    for directory in candidates:
        if all((directory / tool).is_file() for tool in TOOLS):
            return directory
    return None


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def missing_reason() -> str | None:
    """Why the PostgreSQL tests cannot run here (None: they can)."""
    if binaries() is None:
        return "PostgreSQL is not installed (no initdb and pg_ctl on PATH or in " \
               "/usr/lib/postgresql/*/bin)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(RUN_AS)
        except KeyError:
            return f"running as root and there is no {RUN_AS!r} user to run PostgreSQL as"
    return None


class Cluster:
    """One PostgreSQL cluster for the whole test run; :meth:`database` makes fresh databases."""

    def __init__(self) -> None:
        bin_dir = binaries()
        assert bin_dir is not None, missing_reason()
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="keepers-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self._user = pwd.getpwnam(RUN_AS) if os.geteuid() == 0 else None
        if self._user is not None:
            os.chown(self.root, self._user.pw_uid, self._user.pw_gid)
        self._count = 0

    @property
    def server_url(self) -> str:
        """The URL of the cluster's maintenance database."""
        return self.url("postgres")

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of ``database`` on this cluster."""
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def _run(self, *command: str) -> None:
        argv = [str(self.bin / command[0]), *command[1:]]
        if self._user is not None:
            argv = ["runuser", "-u", RUN_AS, "--", *argv]
        done = subprocess.run(argv, cwd=self.root, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {done.stdout[-1500:]}{done.stderr[-1500:]}")

    def start(self) -> Cluster:
        """initdb, then start the server on 127.0.0.1:port (no other address, no TCP
        password: the cluster lives only as long as the test run)."""
        self._run("initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                  "--encoding=UTF8", "--locale=C", "--no-sync")
        options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} "
                   f"-c unix_socket_directories={self.root} -c fsync=off "
                   f"-c max_connections=200")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"),
                  "-o", options, "-w", "-t", "60", "start")
        return self

    def stop(self) -> None:
        """Stop the server at once and remove its files."""
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def database(self, name: str | None = None) -> str:
        """A new empty database; returns its URL."""
        import psycopg

        self._count += 1
        name = name or f"test_{self._count}"
        conninfo = f"host=127.0.0.1 port={self.port} user={SUPERUSER} dbname=postgres"
        with psycopg.connect(conninfo, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def make_cluster(skip: Callable[[str], object]) -> Cluster:
    """A started cluster, or ``skip(reason)`` when PostgreSQL cannot run here."""
    reason = missing_reason()
    if reason is not None:
        skip(reason)
    return Cluster().start()
