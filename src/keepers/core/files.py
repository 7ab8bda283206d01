"""Writing files safely: checked before any work starts, replaced atomically.

Every file keepers writes (records, positions, simulation and benchmark
results) goes through :func:`write_text_atomic`: the text is written to a
temporary file in the same directory, flushed to disk, then moved over the
target in one step, so an interrupted run never leaves half a file behind.
:func:`unwritable` tells beforehand why a path could not be written, so that a
command refuses a bad path before hours of simulation rather than after.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

from keepers.core.i18n import t


def unwritable(path: str | Path) -> str | None:
    """Return why ``path`` cannot be written (a one-line reason), or None if it can."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        return t("files.is_directory", path=str(target))
    if not folder.is_dir():
        return t("files.no_directory", path=str(target), folder=str(folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        return t("files.read_only_directory", path=str(target), folder=str(folder))
    if target.exists() and not os.access(target, os.W_OK):
        return t("files.read_only_file", path=str(target))
    return None


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a temporary file, fsync, replace."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file, fsync, replace."""
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
