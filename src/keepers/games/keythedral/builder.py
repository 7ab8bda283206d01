"""Keythedral positions set up in the rules' own terms, for tests and bug reports.

:func:`position` lays out a table the way a person would describe it: which
field types lie on which cells, whose cottages and houses stand on which slots,
the fences, the workers, the law cards in each hand, the cubes behind each
screen, and the moment the game waits at (the start of a phase, or a seat's
spending turn).  Everything not named stays where setup put it, so that every
component is still exactly once in the game (KT-1): the field tiles not laid
stay in the stack, the law cards not dealt stay in the deck or on their spaces,
the cubes not given stay in the store or on the craftsmen.

The result goes through the same checks as a position file, so a builder
position is always one the game can play on::

    >>> from keepers.games.keythedral import builder
    >>> s = builder.position(3, fields={(0, 0): "quarry", (2, 0): "forest"},
    ...                      cottages={(1, -1): (0, 1)}, hands={0: ["C14"]},
    ...                      stocks={0: {"red": 2}}, turn=0)
    >>> s.decision().player, s.position.phase
    (0, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from keepers.core.errors import KeepersError
from keepers.games.keythedral import flow
from keepers.games.keythedral.data import COLOUR_INDEX, FIELD_INDEX, KeythedralData, packaged
from keepers.games.keythedral.game import GAME, KeythedralState
from keepers.games.keythedral.rules import setup
from keepers.games.keythedral.serial import position_from_dict, position_to_dict
from keepers.games.keythedral.state import Position

Pos = tuple[int, int]


def position(players: int = 4, *, seed: int = 1, options: Mapping[str, Any] | None = None,
             first: int = 0, round: int = 1, fields: Mapping[Pos, str] | None = None,
             cottages: Mapping[Pos, tuple[int, int]] | None = None,
             houses: Mapping[Pos, tuple[int, int]] | None = None,
             fences: Mapping[tuple[Pos, Pos], int] | None = None,
             workers: Mapping[Pos, int] | None = None,
             hands: Mapping[int, Sequence[str]] | None = None,
             stocks: Mapping[int, Mapping[str, int]] | None = None,
             phase: int = 1, turn: int | None = None) -> KeythedralState:
    """A game of ``players`` at the start of ``phase`` of ``round`` (its start window
    first), or at the start of seat ``turn``'s spending turn in phase 3 (KT-7.2).

    ``fields`` maps cells to field types (``"quarry"``...; None keeps setup's initial
    fields); ``cottages`` and ``houses`` map slots to ``(seat, number)``; ``fences`` map
    ``(slot, cell)`` edges to their owner; ``workers`` map cells to seats; ``hands``
    deal law cards by id; ``stocks`` give cubes by colour name.  ``first`` is the first
    player (KT-3.6).  Raises :class:`~keepers.core.errors.KeepersError` when the table
    asked for is not one the components allow (the one-line reason names the field).
    """
    data = packaged()
    try:
        checked = GAME.check_options({**(options or {}), "first": first})
    except ValueError as exc:
        raise KeepersError(str(exc)) from None
    built = setup.new_position(data, players, seed, checked)
    built.steps, built.pending = [], None
    if fields is not None:
        _lay_fields(data, built, fields)
    built.field_stack = _shuffled_rest(data, built)
    _lay_tiles(built, cottages or {}, houses or {})
    for edge, owner in (fences or {}).items():
        built.fences[edge] = owner
        built.fences_left[owner] -= 1
    built.workers = dict(workers or {})
    for seat, cards in (hands or {}).items():
        for card in cards:
            _deal(built, seat, card)
    for seat, cubes in (stocks or {}).items():
        for colour, count in cubes.items():
            _give(built, seat, colour, count)
    _wait_at(built, round, phase, turn)
    # the same checks as a position file: the builder never hands out an impossible table
    return KeythedralState(position_from_dict(data, position_to_dict(built)))


def _lay_fields(data: KeythedralData, built: Position, fields: Mapping[Pos, str]) -> None:
    """Lay a field tile of each named type, taken from the game's tiles (KT-1.3)."""
    spare = sorted(set(built.field_ids.values()) | set(built.field_stack))
    built.fields, built.field_ids = {}, {}
    for cell, kind in fields.items():
        if kind not in FIELD_INDEX:
            raise KeepersError(f"fields: unknown field type {kind!r}")
        tile = next((t for t in spare if data.field_type_of[t] == FIELD_INDEX[kind]), None)
        if tile is None:
            raise KeepersError(f"fields: no {kind} tile left for {cell} (KT-1.3)")
        spare.remove(tile)
        built.fields[cell] = FIELD_INDEX[kind]
        built.field_ids[cell] = tile


def _shuffled_rest(data: KeythedralData, built: Position) -> list[str]:
    """The stack: the player count's field tiles not on the board, in setup's order."""
    laid = set(built.field_ids.values())
    game = [t for t, _ in data.initial_fields[built.n]] + built.field_stack
    return [t for t in game if t not in laid]


def _lay_tiles(built: Position, cottages: Mapping[Pos, tuple[int, int]],
               houses: Mapping[Pos, tuple[int, int]]) -> None:
    built.tiles = {}
    built.tile_slot = [[None] * 5 for _ in range(built.n)]
    for is_house, laid in ((False, cottages), (True, houses)):
        for slot, (seat, number) in laid.items():
            built.tiles[slot] = (seat, number, is_house)
            built.tile_slot[seat][number - 1] = slot


def _deal(built: Position, seat: int, card: str) -> None:
    """Put a law card in a hand, taken from the deck, a law space or the discard."""
    for pile in (built.deck, built.discard):
        if card in pile:
            pile.remove(card)
            built.hands[seat].append(card)
            return
    if card in built.law_spaces:
        built.law_spaces[built.law_spaces.index(card)] = None
        built.hands[seat].append(card)
        return
    raise KeepersError(f"hands: law card {card!r} is unknown or dealt twice (KT-1.5)")


def _give(built: Position, seat: int, colour: str, count: int) -> None:
    """Move cubes from the store (or a craftsman's space) behind a screen (KT-0.5)."""
    if colour not in COLOUR_INDEX:
        raise KeepersError(f"stocks: unknown cube colour {colour!r}")
    c = COLOUR_INDEX[colour]
    sources = (built.store,) if c < 5 else (built.craftsmen, built.store)
    left = sum(source[c] for source in sources)
    if left < count:
        raise KeepersError(f"stocks: only {left} {colour} cubes are left (KT-1.6)")
    for source in sources:
        taken = min(count, source[c])
        source[c] -= taken
        built.stocks[seat][c] += taken
        count -= taken


def _wait_at(built: Position, round: int, phase: int, turn: int | None) -> None:
    """Queue the rest of the round and settle to its first decision."""
    built.round = round
    built.revealed[0] = True
    built.event("start", built.first)
    later: list[tuple[Any, ...]] = [("end_round",)]
    if turn is None:
        later += [("phase", k) for k in range(5, phase - 1, -1)]
    else:
        built.phase, built.passes, built.retired = 3, 0, [False] * built.n
        later += [("phase", 5), ("phase", 4), ("turn", turn)]
    built.steps = later
    flow.settle(built)
