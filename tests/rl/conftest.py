"""The environments' tests: the toy race (tests/core/toygame.py) is importable, and the
libraries they need must be installed (the ``rl`` extra)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "core"))
sys.path.insert(0, str(Path(__file__).parent))
