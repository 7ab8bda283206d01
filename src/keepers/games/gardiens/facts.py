"""What the end of a game of Les Gardiens du Royaume reveals, for balance reports.

Read from the final position by ``Game.facts`` (see :mod:`keepers.core.game`): for each
engine seat the objectives dealt and reached (GR-24), the building types built (GR-7),
the buildings held at the end, the combats won (GR-10), the cards left in hand and
whether it ends allied; for the game the Events drawn (GR-23), the action cards played
or discarded (GR-12.2) and how it ended (GR-19).  Card instances (``AC24#3``) are
counted by card (``AC24``).
"""

from __future__ import annotations

from typing import Any

from keepers.games.gardiens.state import NONE, Position


def card_id(instance: str) -> str:
    """The card of a card instance: ``AC24#3`` -> ``AC24``."""
    return instance.partition("#")[0]


def buildings_held(st: Position, p: int) -> dict[str, int]:
    """The buildings on the hexes ``p`` controls at the end, by type."""
    held: dict[str, int] = {}
    for hex_index, owner in enumerate(st.owner):
        key = st.hex_building(hex_index) if owner == p else None
        if key is not None:
            held[key] = held.get(key, 0) + 1
    return held


def seat_facts(st: Position, p: int) -> dict[str, Any]:
    """One engine seat's facts."""
    dealt = st.objectives[p]
    return {
        "objectives_dealt": list(dealt),
        "objectives_reached": [o for o, done in zip(dealt, st.achieved[p], strict=True) if done],
        "building_types_built": list(st.types_built[p]),
        "buildings_held": buildings_held(st, p),
        "combats_won": st.combats_won[p],
        "cards_in_hand": [card_id(c) for c in st.hands[p]],
        "allied_at_end": int(st.ally[p] != NONE),
    }


def facts(st: Position) -> dict[str, Any]:
    """The facts of a finished game: per engine seat, and for the whole game."""
    return {
        "seats": [seat_facts(st, p) for p in range(st.n)],
        "game": {
            "events_drawn": [card_id(e) for e in st.event_discard],
            "cards_played": [card_id(c) for c in st.discard],
            "end": [st.end_reason],
        },
    }
