"""The mat of building tiles (KT-10.1, KT-10.2, KT-10.7, KT-15.2): which row is
current, which tiles show their costs, where a tile lies, and the price cards
under its space.
"""

from __future__ import annotations

from keepers.games.keythedral.state import Position


def current_row(position: Position) -> int | None:
    """KT-10.1: the lowest-value row still holding a tile."""
    for r, row in enumerate(position.rows):
        if any(row):
            return r
    return None


def face_up(position: Position, row: int) -> bool:
    """KT-10.2, KT-15.2: whether the tiles of a row show their costs."""
    return position.revealed[row] or bool(position.options.get("face_up"))


def face_up_spaces(position: Position) -> list[tuple[int, int]]:
    """Mat spaces holding a face-up tile."""
    return [(r, i) for r, row in enumerate(position.rows) if face_up(position, r)
            for i, t in enumerate(row) if t]


def space_of(position: Position, tile_id: str) -> tuple[int, int] | None:
    """The mat space holding ``tile_id``."""
    for r, row in enumerate(position.rows):
        if tile_id in row:
            return r, row.index(tile_id)
    return None


def discard_space_cards(position: Position, space: tuple[int, int]) -> None:
    """KT-10.7: price cards attached to a space are discarded when its tile is bought."""
    position.discard.extend(position.price_cards.pop(space, ()))
