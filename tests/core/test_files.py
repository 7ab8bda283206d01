"""Output files: checked before the work, written atomically."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from keepers.core import files
from keepers.core.files import unwritable, write_text_atomic


def test_atomic_write_replaces_the_file_and_leaves_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old")
    write_text_atomic(target, "new ü\n")
    assert target.read_text(encoding="utf-8") == "new ü\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask


def test_interrupted_write_keeps_the_old_file(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.json"
    target.write_text("old")

    def broken(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        write_text_atomic(target, "new")
    assert target.read_text() == "old" and len(list(tmp_path.iterdir())) == 1


def test_unwritable_paths_are_named(tmp_path: Path) -> None:
    assert unwritable(tmp_path / "fine.json") is None
    assert "no directory" in str(unwritable(tmp_path / "missing" / "x.json"))
    assert "is a directory" in str(unwritable(tmp_path))
