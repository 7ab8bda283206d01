"""What holds after every decision of every Viscounts game; the soak run checks it.

The components are counted by the same checks as a position file (every card,
manuscript, scheme, worker, building and chest tile in exactly one place); the
amounts and tracks are bounded here.  Broken rules come back as lines.
"""

from __future__ import annotations

from keepers.core.errors import RecordError
from keepers.games.viscounts.state import Position
from keepers.games.viscounts.validate import check_components

AMOUNTS = ("silver", "ink", "gold", "stone", "debts_unpaid", "debts_paid",
           "deeds_acquired", "deeds_approved", "supply")


def violations(pos: Position) -> list[str]:
    """Every invariant broken by the position ``pos``."""
    found: list[str] = []
    try:
        check_components(pos)
    except RecordError as exc:
        found.append(str(exc))
    for seat, player in enumerate(pos.players):
        negative = [name for name in AMOUNTS if getattr(player, name) < 0]
        if negative:
            found.append(f"VB-1.6: seat {seat} holds a negative {negative[0]}")
        if not 1 <= player.corruption <= player.virtue <= 7:
            found.append(f"VB-4.2.6: seat {seat}'s virtue {player.virtue} and "
                         f"corruption {player.corruption} cross or leave the track")
        if not player.is_ai and pos.phase != "setup" and len(player.cards_owned()) < 3:
            found.append(f"VB-2.2.3: seat {seat} owns fewer than three cards")
    return found
