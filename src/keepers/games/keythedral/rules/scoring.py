"""End of game and scoring (KT-14.3, KT-14.5): points, the ranking and the winners."""

from __future__ import annotations

from keepers.games.keythedral.state import Position


def scores(position: Position) -> list[int]:
    """KT-14.3: tile values plus unspent cubes at their end values."""
    tiles = position.data.tiles
    points = position.data.points
    return [sum(tiles[t].value for t in position.owned[p])
            + sum(k * v for k, v in zip(position.stocks[p], points, strict=True))
            for p in range(position.n)]


def ranking_key(position: Position, p: int) -> tuple[int, int, int]:
    """KT-14.5: score, then tile total, then number of tiles."""
    tiles = position.data.tiles
    return (scores(position)[p], sum(tiles[t].value for t in position.owned[p]),
            len(position.owned[p]))


def winners(position: Position) -> list[int]:
    """KT-14.5: the best players after the tie-breaks (several share a victory)."""
    keys = [ranking_key(position, p) for p in range(position.n)]
    best = max(keys)
    return [p for p in range(position.n) if keys[p] == best]
