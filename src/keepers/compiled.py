"""The compiled engine: which modules are compiled, and whether the compiled copy is used.

The hot modules listed in :data:`MODULES` are plain typed Python; at install
time they are also compiled to C extensions with mypyc (see ``setup.py``),
which runs the same code about twice as fast.  Python prefers an extension
module to the source file beside it, so a compiled copy that no longer
matches its source would silently run old rules.  :func:`install` (called when
``keepers`` is imported) therefore keeps the compiled copy only when every
compiled module was built from exactly the source now on disk (the build
records a SHA-256 of each source), and otherwise makes Python load the
sources.  ``KEEPERS_PURE=1`` always chooses the sources.

All the modules are compiled into one library, so it is all or nothing: a
compiled class can only extend compiled classes of the same build.

This module is also read by ``setup.py`` at build time, so it imports only
the standard library and does nothing on import.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

MODULES = (
    "keepers.games.viscounts.effects",
    "keepers.games.viscounts.data",
    "keepers.games.viscounts.model",
    "keepers.games.viscounts.state",
    "keepers.games.viscounts.flow",
    "keepers.games.viscounts.rules.concepts",
    "keepers.games.viscounts.rules.gates",
    "keepers.games.viscounts.rules.effects",
    "keepers.games.viscounts.rules.castle",
    "keepers.games.viscounts.rules.actions",
    "keepers.games.viscounts.rules.solo",
    "keepers.games.viscounts.rules.setup",
    "keepers.games.viscounts.rules.turns",
    "keepers.games.viscounts.rules.scoring",
    "keepers.games.viscounts.views",
    "keepers.games.viscounts.determinize",
    "keepers.games.viscounts.bots",
    "keepers.games.keythedral.data",
    "keepers.games.keythedral.state",
    "keepers.games.keythedral.flow",
    "keepers.games.keythedral.rules.board",
    "keepers.games.keythedral.rules.conventions",
    "keepers.games.keythedral.rules.mat",
    "keepers.games.keythedral.rules.pricing",
    "keepers.games.keythedral.rules.scoring",
    "keepers.games.keythedral.rules.windows",
    "keepers.games.keythedral.rules.laws",
    "keepers.games.keythedral.rules.turns",
    "keepers.games.keythedral.rules.buying",
    "keepers.games.keythedral.rules.bidding",
    "keepers.games.keythedral.rules.harvest",
    "keepers.games.keythedral.rules.phases",
    "keepers.games.keythedral.rules.placement",
    "keepers.games.keythedral.rules.setup",
    "keepers.games.keythedral.rules.spending",
    "keepers.games.keythedral.views",
    "keepers.games.keythedral.bots",
)
"""Modules compiled by mypyc, in dependency order (the rest of keepers is always Python)."""

GROUP = "keepers_engine"
"""Name of the shared library that holds every compiled module."""

MANIFEST = "compiled.json"
"""File beside this module: the SHA-256 of each compiled module's source at build time."""

PACKAGE_DIR = Path(__file__).resolve().parent


def source_path(module: str, root: Path = PACKAGE_DIR) -> Path:
    """The ``.py`` file of a ``keepers.*`` module (or package) under the package directory."""
    base = root.joinpath(*module.split(".")[1:])
    if base.with_suffix(".py").is_file():       # a module beside a folder of its data
        return base.with_suffix(".py")
    return base / "__init__.py"


def source_digest(path: Path) -> str:
    """SHA-256 of a source file (what the manifest records)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extension_path(module: str, root: Path = PACKAGE_DIR) -> Path | None:
    """The compiled extension of a module beside its source, if one was built."""
    source = source_path(module, root)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.is_file():
            return candidate
    return None


def pure_requested() -> bool:
    """True when ``KEEPERS_PURE`` asks for the pure Python engine."""
    return os.environ.get("KEEPERS_PURE", "") not in ("", "0")


def status(root: Path = PACKAGE_DIR) -> str:
    """Which engine to run for the package at ``root``.

    ``"compiled"``: every module has an extension built from its current
    source; ``"pure"``: none built (or not all), or KEEPERS_PURE is set;
    ``"stale"``: built, but from other sources (the sources then run).
    """
    if pure_requested() or not all(extension_path(m, root) for m in MODULES):
        return "pure"
    try:
        recorded = json.loads((root / MANIFEST).read_text())
    except (OSError, ValueError):
        return "stale"
    for module in MODULES:
        if recorded.get(module) != source_digest(source_path(module, root)):
            return "stale"
    return "compiled"


DESCRIPTIONS = {
    "compiled": "compiled (mypyc)",
    "pure": "pure Python",
    "stale": "pure Python (the compiled copy predates the sources: reinstall to rebuild it)",
}
"""One line per :func:`status` value, for reports."""


class SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' ``.py`` sources, so that Python skips their extensions."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        """A source spec for a module of :data:`MODULES`; None for every other module."""
        if fullname not in MODULES:
            return None
        for entry in path or ():
            base = Path(entry) / fullname.rpartition(".")[2]
            if (base / "__init__.py").is_file():         # a package
                return importlib.util.spec_from_file_location(
                    fullname, base / "__init__.py", submodule_search_locations=[str(base)])
            if base.with_suffix(".py").is_file():
                return importlib.util.spec_from_file_location(fullname, base.with_suffix(".py"))
        return None


def install() -> str:
    """Choose the engine before any compiled module is imported; return :func:`status`."""
    found = status()
    if found != "compiled" and not any(isinstance(f, SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())
    return found
