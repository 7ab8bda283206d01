"""What holds after every decision of every Keythedral game; the soak run checks it.

Each check returns the broken rules as lines (empty when all is well): the soak run
reports them with the game's seed, so a violation can be replayed.
"""

from __future__ import annotations

from collections import Counter

from keepers.games.keythedral.state import Position


def violations(pos: Position) -> list[str]:
    """Every invariant broken by the position ``pos`` (cubes, board, components)."""
    return _cubes(pos) + _board(pos) + _components(pos)


def _cubes(pos: Position) -> list[str]:
    """KT-0.4, KT-0.5, KT-1.6, KT-0.7: each colour adds up to its supply; nothing negative."""
    found: list[str] = []
    for colour, supply in enumerate(pos.data.supply):
        total = (pos.store[colour] + pos.craftsmen[colour]
                 + sum(stock[colour] for stock in pos.stocks))
        if total != supply:
            found.append(f"KT-0.4: {total} cubes of colour {colour}, not {supply}")
    amounts = [*pos.store, *pos.craftsmen, *(c for stock in pos.stocks for c in stock)]
    if min(amounts) < 0:
        found.append("KT-0.7: a negative number of cubes")
    if any(pos.craftsmen[:5]):
        found.append("KT-1.6: a craftsman space holds a resource cube")
    return found


def _board(pos: Position) -> list[str]:
    """KT-1.6, KT-2.6, KT-5.6, KT-7.7: workers, fences and tiles within their limits."""
    found: list[str] = []
    out = Counter(pos.workers.values())
    fences_out = Counter(pos.fences.values())
    for seat in range(pos.n):
        if out[seat] > pos.data.workers:
            found.append(f"KT-1.6: seat {seat} has {out[seat]} workers out")
        if not 0 <= pos.fences_left[seat] <= pos.data.fences:
            found.append(f"KT-7.7: seat {seat} has {pos.fences_left[seat]} fences left")
        elif fences_out[seat] > pos.data.fences - pos.fences_left[seat]:
            found.append(f"KT-7.7: seat {seat} has too many fences out")
    if any(cell not in pos.fields for cell in pos.workers):
        found.append("KT-5.6: a worker stands where there is no field")
    if any(cell not in pos.fields for _, cell in pos.fences):
        found.append("KT-7.7: a fence borders no field")
    for slot, (owner, number, _) in pos.tiles.items():
        if pos.tile_slot[owner][number - 1] != slot:
            found.append(f"KT-2.6: tile {owner}/{number} is filed at another slot")
    if pos.data.keythedral_slot in pos.tiles:
        found.append("KT-2.6: a tile stands on the Keythedral's slot")
    return found


def _cards_in_flight(pos: Position) -> list[str]:
    """Law cards announced and not yet resolved, or held by a purchase not yet closed."""
    cards: list[str] = []
    for step in pos.steps:
        if step[0] == "resolve":
            words = str(step[2]).split()
            cards.append(words[1] if words[0] == "play" else
                         "C15" if words[0] == "deal" else "C16")
    if pos.purchase is not None and pos.purchase[3]:
        cards.append("C05")
    return cards


def _components(pos: Position) -> list[str]:
    """KT-1.1, KT-1.4, KT-1.5: every building tile and law card in exactly one place."""
    found: list[str] = []
    tiles = ([t for row in pos.rows for t in row if t] + [t for pile in pos.unused for t in pile]
             + [t for owned in pos.owned for t in owned])
    if sorted(tiles) != sorted(pos.data.tiles):
        found.append("KT-1.4: building tiles lost or duplicated")
    cards = (list(pos.deck) + [c for c in pos.law_spaces if c]
             + [c for hand in pos.hands for c in hand] + list(pos.discard)
             + [c for cs in pos.price_cards.values() for c in cs] + _cards_in_flight(pos))
    if sorted(cards) != sorted(pos.data.laws):
        found.append("KT-1.5: law cards lost or duplicated")
    if len(pos.law_spaces) != pos.data.law_spaces[pos.n]:
        found.append("KT-1.5: the wrong number of law spaces")
    return found
