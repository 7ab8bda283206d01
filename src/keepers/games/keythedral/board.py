"""Board geometry on doubled coordinates (KT-2).

Cells (both coordinates even) hold octagonal fields; slots (both odd) hold
square tiles.  Positions are plain ``(x, y)`` tuples; their text form is ``x,y``.
"""

from __future__ import annotations

Pos = tuple[int, int]
Edge = tuple[Pos, Pos]
"""A fence edge: (slot, cell)."""

_DIAGONALS = ((-1, -1), (1, -1), (-1, 1), (1, 1))
_ORTHOGONALS = ((2, 0), (-2, 0), (0, 2), (0, -2))


def is_cell(pos: Pos) -> bool:
    """True for a field position (both coordinates even)."""
    return pos[0] % 2 == 0 and pos[1] % 2 == 0


def is_slot(pos: Pos) -> bool:
    """True for a square-tile position (both coordinates odd)."""
    return pos[0] % 2 == 1 and pos[1] % 2 == 1


def touching(pos: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    """The four slots touching a cell, or the four cells touching a slot (KT-2.3)."""
    x, y = pos
    return ((x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1), (x + 1, y + 1))


def neighbours(cell: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    """The four cells adjacent to a cell (KT-2.2)."""
    x, y = cell
    return ((x + 2, y), (x - 2, y), (x, y + 2), (x, y - 2))


def fmt(pos: Pos) -> str:
    """Text form of a position: ``x,y``."""
    return f"{pos[0]},{pos[1]}"


def parse_pos(text: str) -> Pos:
    """Parse ``x,y``; raises ValueError when malformed."""
    x, y = text.split(",")
    return int(x), int(y)
