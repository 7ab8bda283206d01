"""Registers the toy game for every core test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from toygame import GAME  # noqa: E402

from keepers.core import i18n  # noqa: E402
from keepers.core.registry import register  # noqa: E402

register(GAME)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Run every test in English unless it chooses otherwise."""
    monkeypatch.delenv("KEEPERS_LANG", raising=False)
    i18n.set_language(None)
    yield
    i18n.set_language(None)
