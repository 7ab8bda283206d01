"""Builders for Keythedral rules tests: positions set up by hand, then driven by decisions."""

from __future__ import annotations

from typing import Any

from keepers.games.keythedral import GAME, KeythedralState, flow
from keepers.games.keythedral.data import COLOUR_INDEX, FIELD_INDEX

Pos = tuple[int, int]


def new(n: int = 4, seed: int = 1, **options: Any) -> KeythedralState:
    """A new game at its first setup decision."""
    return GAME.new_state(n, seed, options)


def setup_done(n: int = 4, seed: int = 1, **options: Any) -> KeythedralState:
    """A new game with setup played by always taking the first legal decision."""
    s = new(n, seed, **options)
    while s.position.round == 0:
        s.apply(s.legal_actions()[0])
    return s


def board(s: KeythedralState, fields: dict[Pos, str], tiles: dict[Pos, tuple[int, int, bool]],
          fences: dict[tuple[Pos, Pos], int] | None = None) -> None:
    """Replace the board: fields by type name, tiles as (owner, number, house)."""
    s.position.fields = {c: FIELD_INDEX[t] for c, t in fields.items()}
    s.position.field_ids = {c: f"T{c[0]}_{c[1]}" for c in fields}
    s.position.tiles = dict(tiles)
    s.position.tile_slot = [[None] * 5 for _ in range(s.position.n)]
    for slot, (owner, number, _) in tiles.items():
        s.position.tile_slot[owner][number - 1] = slot
    s.position.fences = dict(fences or {})
    s.position.workers = {}
    s.position.field_stack = []
    s.position.drawn = None


def give(s: KeythedralState, p: int, **cubes: int) -> None:
    """Move cubes from the store (or the craftsmen, for craft cubes) into a stock."""
    for colour, k in cubes.items():
        c = COLOUR_INDEX[colour]
        source = s.position.store if c < 5 else s.position.craftsmen
        assert source[c] >= k, f"not enough {colour} to give"
        source[c] -= k
        s.position.stocks[p][c] += k


def empty_stocks(s: KeythedralState) -> None:
    """Return every cube of every stock to where it started (store or craftsman)."""
    for stock in s.position.stocks:
        for c, k in enumerate(stock):
            (s.position.store if c < 5 else s.position.craftsmen)[c] += k
            stock[c] = 0


def deal_card(s: KeythedralState, p: int, card: str) -> None:
    """Put a law card in a player's hand, taking it from wherever it lies."""
    for pile in (s.position.deck, s.position.discard):
        if card in pile:
            pile.remove(card)
    for i, c in enumerate(s.position.law_spaces):
        if c == card:
            s.position.law_spaces[i] = None
    for hand in s.position.hands:
        if card in hand:
            hand.remove(card)
    s.position.hands[p].append(card)


def _restart(s: KeythedralState, steps: list[tuple[Any, ...]]) -> None:
    s.position.steps = [("end_round",), ("phase", 5), ("phase", 4)] + steps
    s.position.pending = None
    s._legal = None
    if s.position.round == 0:
        s.position.round = 1
        s.position.revealed[0] = True
    flow.settle(s.position)


def at_turn(s: KeythedralState, p: int) -> KeythedralState:
    """Jump to the start of ``p``'s spending turn in phase 3 (WT first)."""
    s.position.phase = 3
    s.position.passes = 0
    s.position.retired = [False] * s.position.n
    _restart(s, [("turn", p)])
    return s


def at_phase(s: KeythedralState, phase: int) -> KeythedralState:
    """Jump to the start of a phase (its start window first) of the current round."""
    later = [("phase", k) for k in range(5, phase - 1, -1)]
    s.position.steps = [("end_round",)] + later
    s.position.pending = None
    s._legal = None
    if s.position.round == 0:
        s.position.round = 1
        s.position.revealed[0] = True
    flow.settle(s.position)
    return s


def play(s: KeythedralState, *actions: str) -> KeythedralState:
    """Apply decisions in order."""
    for action in actions:
        s.apply(action)
    return s


def cubes(s: KeythedralState, p: int) -> dict[str, int]:
    """A stock by colour name (non-zero only)."""
    from keepers.games.keythedral.data import COLOURS

    return {COLOURS[c]: k for c, k in enumerate(s.position.stocks[p]) if k}


def store(s: KeythedralState) -> dict[str, int]:
    """The store by colour name (all colours)."""
    from keepers.games.keythedral.data import COLOURS

    return {COLOURS[c]: k for c, k in enumerate(s.position.store)}
