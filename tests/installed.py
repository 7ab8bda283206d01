"""The games installed with the package (its entry points), without the toy games that
some test modules register in the test process: a server started as a program of its
own knows only these."""

from __future__ import annotations

from importlib.metadata import entry_points


def installed_games() -> list[str]:
    """The names of the games the package installs, sorted."""
    return sorted(point.name for point in entry_points(group="keepers.games"))
