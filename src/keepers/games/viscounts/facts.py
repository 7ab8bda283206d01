"""What the end of a game of Viscounts of the West Kingdom reveals, for balance reports.

Read from the final position by ``Game.facts`` (see :mod:`keepers.core.game`): for each
deciding seat its deeds acquired and approved and its unpaid debts, the manuscripts
written, its buildings by type, its workers in the castle by tier (VB-4.2), the
townsfolk and heroes it owns at the end (VB-2.2.3; its starting cards left out),
whether it holds the castle leader and its points by source (VB-9.1); for the game
how it ended (VB-9.5).  The solo AI is no deciding seat: it is left out.
"""

from __future__ import annotations

from typing import Any

from keepers.games.viscounts.rules.scoring import final_scores
from keepers.games.viscounts.state import Position

STARTING = "TF-S-"
"""The id prefix of the starting townsfolk every player begins with (townsfolk.csv)."""


def buildings(pos: Position, seat: int) -> dict[str, int]:
    """The seat's buildings on the board, by type."""
    built: dict[str, int] = {}
    for owner, kind in pos.spots.values():
        if owner == seat:
            built[kind] = built.get(kind, 0) + 1
    return built


def castle_workers(pos: Position, seat: int) -> dict[str, int]:
    """The seat's workers in the castle, by tier (``tier 1`` is the lowest)."""
    return {f"tier {tier + 1}": sum(section[tier][seat] for section in pos.castle)
            for tier in range(3)}


def seat_facts(pos: Position, seat: int, points: dict[str, int]) -> dict[str, Any]:
    """One deciding seat's facts."""
    player = pos.players[seat]
    return {
        "deeds_acquired": player.deeds_acquired,
        "deeds_approved": player.deeds_approved,
        "debts_unpaid": player.debts_unpaid,
        "manuscripts": list(player.manuscripts),
        "buildings": buildings(pos, seat),
        "castle_workers": castle_workers(pos, seat),
        "townsfolk": [c for c in player.cards_owned() if not c.startswith(STARTING)],
        "castle_leader": int(pos.leader == seat),
        "points": dict(points),
    }


def facts(pos: Position) -> dict[str, Any]:
    """The facts of a finished game: per deciding seat, and for the whole game."""
    scores = final_scores(pos)
    end = "poverty" if pos.poverty else "prosperity" if pos.prosperity else "rounds"
    return {
        "seats": [seat_facts(pos, seat, scores[seat].parts) for seat in range(pos.seats)],
        "game": {"end": [end]},
    }
