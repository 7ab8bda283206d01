"""Shared by every test directory: ``tests/`` is on the import path, so helpers such as
:mod:`mutations` serve the tests of every game."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
