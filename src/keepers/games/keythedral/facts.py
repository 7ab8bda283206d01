"""What the end of a game of Keythedral reveals, for balance reports.

Read from the final position and its public event log (KT-13.4) by ``Game.facts`` (see
:mod:`keepers.core.game`): for each engine seat the building tiles bought (KT-10.3), the
law cards played (KT-4.10, KT-16.29) and taken (KT-7.10), the law cards still in hand,
its houses (KT-7.5) and its fences (KT-7.7) on the board; for the game the law cards
played, in order.
"""

from __future__ import annotations

from typing import Any

from keepers.games.keythedral.state import Position


def seat_facts(position: Position, p: int) -> dict[str, Any]:
    """One engine seat's facts, from the log and the board."""
    events = position.events()
    return {
        "buildings_bought": [e[2] for e in events if e[0] == "buy" and e[1] == p],
        "laws_played": [e[2].split()[1] for e in events if e[0] == "play" and e[1] == p],
        "laws_taken": sum(1 for e in events if e[0] == "law" and e[1] == p),
        "laws_in_hand": list(position.hands[p]),
        "houses": sum(1 for owner, _, house in position.tiles.values() if house and owner == p),
        "fences": sum(1 for owner in position.fences.values() if owner == p),
    }


def facts(position: Position) -> dict[str, Any]:
    """The facts of a finished game: per engine seat, and for the whole game."""
    played = [e[2].split()[1] for e in position.events() if e[0] == "play"]
    return {"seats": [seat_facts(position, p) for p in range(position.n)],
            "game": {"laws_played": played}}
