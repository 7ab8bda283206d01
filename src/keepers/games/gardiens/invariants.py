"""What holds after every decision of every Gardiens game; the soak run checks it.

Each check returns the broken rules as lines (empty when all is well).
"""

from __future__ import annotations

from keepers.games.gardiens.rules import board
from keepers.games.gardiens.state import NONE, Position


def violations(st: Position) -> list[str]:
    """Every invariant broken by ``st`` (cubes, guardians, cards, buildings)."""
    return _cubes(st) + _guardians(st) + _components(st)


def _cubes(st: Position) -> list[str]:
    """GR-1.4: every resource adds up to its supply; nobody holds a negative amount."""
    found: list[str] = []
    for r, total in enumerate(st.data.supply):
        if st.supply[r] < 0 or st.supply[r] + sum(c[r] for c in st.cubes) != total:
            found.append(f"GR-1.4: resource {r} does not add up to {total}")
    if any(min(cubes) < 0 for cubes in st.cubes):
        found.append("GR-1.4: a player holds a negative number of cubes")
    return found


def _guardians(st: Position) -> list[str]:
    """GR-14, GR-25.3: guardians conserved, within the hex limit, none under a Shadow."""
    found: list[str] = []
    limit = st.data.rule("max_guardians_per_hex")
    each = st.data.guardians_per_player
    for p in range(st.n):
        if st.reserve[p] < 0 or st.reserve[p] + board.on_board(st, p) != each:
            found.append(f"GR-14: seat {p}'s guardians do not add up")
    for h, count in enumerate(st.count):
        if not 0 <= count <= limit or (count == 0) != (st.owner[h] == NONE):
            found.append(f"GR-14: hex {h} holds {count} guardians of owner {st.owner[h]}")
        shadowed = count and board.has_shadow(st, h)
        if shadowed and not st.shadows_advance:   # GR-29.6: an advancing Shadow may pass
            found.append(f"GR-25.3: guardians under a Shadow on hex {h}")
        if shadowed and h in board.controlled(st, st.owner[h]):
            found.append(f"GR-25.3: hex {h} is controlled under a Shadow")
    return found


def _components(st: Position) -> list[str]:
    """GR-1.4, GR-20: Action and Event cards and buildings each in exactly one place."""
    found: list[str] = []
    playing = [st.ctx["card"]] if "card" in st.ctx else []
    cards = st.deck + st.river + st.discard + [c for h in st.hands for c in h] + playing
    if sorted(cards) != sorted(st.data.card_instances):
        found.append("GR-1.4: Action cards lost or duplicated")
    if sorted(st.events + st.event_discard) != sorted(st.data.event_instances):
        found.append("GR-1.4: Event cards lost or duplicated")
    for b, building in enumerate(st.data.buildings):
        if st.bsupply[b] + st.building.count(b) != building.copies:
            found.append(f"GR-1.4: building {b} does not add up to {building.copies}")
    if len(st.river) > st.data.rule("river_size"):
        found.append("GR-20: the river holds too many cards")
    return found
