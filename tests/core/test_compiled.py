"""The compiled engine: when it is used, and that it plays exactly like the sources."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import keepers
from keepers import compiled
from keepers.core.rng import Rng
from keepers.games.viscounts import GAME


def _package_copy(tmp_path: Path) -> Path:
    """The compiled modules' sources copied under ``tmp_path`` (a fake package root)."""
    for module in compiled.MODULES:
        source = compiled.source_path(module)
        target = tmp_path / source.relative_to(compiled.PACKAGE_DIR)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        assert compiled.source_path(module, tmp_path) == target
    return tmp_path


def _build(root: Path) -> None:
    """Stand-in build: an (empty) extension beside each source and the manifest."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for module in compiled.MODULES:
        compiled.source_path(module, root).with_suffix(suffix).write_bytes(b"")
    manifest = {m: compiled.source_digest(compiled.source_path(m, root))
                for m in compiled.MODULES}
    (root / compiled.MANIFEST).write_text(json.dumps(manifest))


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake package root holding the compiled modules' sources, KEEPERS_PURE unset."""
    monkeypatch.delenv("KEEPERS_PURE", raising=False)
    return _package_copy(tmp_path)


def test_no_build_means_pure(root: Path) -> None:
    assert compiled.status(root) == "pure"


def test_build_matching_the_sources_is_used(root: Path) -> None:
    _build(root)
    assert compiled.status(root) == "compiled"


def test_edited_source_makes_the_build_stale(root: Path) -> None:
    """A compiled copy built from other sources is never run (it would play old rules)."""
    _build(root)
    source = compiled.source_path("keepers.games.viscounts.rules.turns", root)
    source.write_text(source.read_text() + "\n# edited\n")
    assert compiled.status(root) == "stale"


def test_missing_manifest_or_one_extension(root: Path) -> None:
    _build(root)
    (root / compiled.MANIFEST).unlink()
    assert compiled.status(root) == "stale"
    _build(root)
    extension = compiled.extension_path("keepers.games.viscounts.model", root)
    assert extension is not None
    extension.unlink()
    assert compiled.status(root) == "pure"          # all or nothing


def test_keepers_pure_wins(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _build(root)
    monkeypatch.setenv("KEEPERS_PURE", "1")
    assert compiled.status(root) == "pure"
    monkeypatch.setenv("KEEPERS_PURE", "0")
    assert compiled.status(root) == "compiled"


def test_source_finder_finds_only_the_compiled_modules() -> None:
    finder = compiled.SourceFinder()
    viscounts = [str(compiled.source_path("keepers.games.viscounts.state").parent)]
    spec = finder.find_spec("keepers.games.viscounts.state", viscounts)
    assert spec is not None and spec.origin is not None
    assert spec.origin.endswith("state.py")
    package = finder.find_spec("keepers.games.viscounts.data", viscounts)
    assert package is not None and package.origin is not None
    assert package.origin.endswith("__init__.py") and package.submodule_search_locations
    assert finder.find_spec("keepers.games.viscounts.game", viscounts) is None
    # A module beside a folder of the same name that holds its data files (no package).
    keythedral = [str(compiled.source_path("keepers.games.keythedral.state").parent)]
    module = finder.find_spec("keepers.games.keythedral.data", keythedral)
    assert module is not None and module.origin is not None
    assert module.origin.endswith("data.py") and not module.submodule_search_locations
    assert compiled.source_path("keepers.games.keythedral.data").name == "data.py"
    assert finder.find_spec("json", None) is None


def test_running_engine_matches_the_status() -> None:
    """Compiled status: the modules are extensions; otherwise they are the sources."""
    import keepers.games.viscounts.state as state_module

    assert keepers.ENGINE in compiled.DESCRIPTIONS
    origin = state_module.__file__ or ""
    assert origin.endswith(".py") == (keepers.ENGINE != "compiled")


def fingerprint() -> str:
    """Digest of three seeded random Viscounts games (every decision and the scores)."""
    digest = hashlib.sha256()
    for players, seed in ((1, 3), (2, 5), (4, 8)):
        state = GAME.new_state(players, seed, GAME.default_options())
        rng = Rng(seed)
        while not state.is_over():
            legal = state.legal_actions()
            choice = legal[rng.below(len(legal))]
            digest.update(choice.encode())
            state.apply(choice)
        digest.update(repr(state.scores()).encode())
    return digest.hexdigest()


def test_pure_python_plays_the_same_games_as_this_process() -> None:
    """Seeded games from the sources (KEEPERS_PURE=1) equal those of the engine running here."""
    script = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
              "import keepers; from test_compiled import fingerprint; "
              "print(keepers.ENGINE, fingerprint())")
    env = {**os.environ, "KEEPERS_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, timeout=600, check=True)
    engine, digest = done.stdout.split()
    assert engine == "pure"
    assert digest == fingerprint()
