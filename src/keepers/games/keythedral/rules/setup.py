"""Setup (KT-3): options, law cards, building tiles, fields and the setup rounds.

:func:`new_position` checks the options (KT-3.1, KT-3.6, KT-15.3), draws the
first player (KT-3.6), deals the law cards (KT-3.4) and the building tiles
(KT-3.5), lays the initial fields (KT-3.7 to KT-3.9) and queues the five
setup rounds (KT-3.10): each player draws and lays a field (``lay_field``
step, the ``field`` decision, KT-2.8) and lays a cottage (``lay_cottage``,
the ``cottage`` decision, KT-2.9).  The ``start`` step then begins round 1
(KT-3.12).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from keepers.core.errors import KeepersError
from keepers.core.rng import Rng
from keepers.games.keythedral import flow
from keepers.games.keythedral.data import KeythedralData
from keepers.games.keythedral.flow import Choice, Step, ask
from keepers.games.keythedral.rules.board import (
    fmt,
    lay_field,
    legal_cells,
    legal_slots,
    parse_pos,
)
from keepers.games.keythedral.rules.phases import push_round
from keepers.games.keythedral.state import Position


def check_options(data: KeythedralData, n: int, options: Mapping[str, Any]) -> None:
    """KT-3.1, KT-15.3: the player count and the options; raises KeepersError."""
    if not data.min_players <= n <= data.max_players:
        raise KeepersError(f"KT-3.1: Keythedral is for {data.min_players} to "
                           f"{data.max_players} players, not {n}")
    length = options.get("length", "short")
    if length not in data.row_lengths:
        raise KeepersError(f"KT-15.3: length must be one of {sorted(data.row_lengths)}")
    for key, kind in (("face_up", bool), ("first", int), ("max_rounds", int)):
        value = options.get(key)
        if value is not None and (not isinstance(value, kind) or
                                  (kind is int and isinstance(value, bool))):
            raise KeepersError(f"KT-3.1: option {key} must be {kind.__name__}, "
                               f"not {value!r}")


def new_position(data: KeythedralData, n: int, seed: int, options: Mapping[str, Any]) -> Position:
    """Set up a game for ``n`` players (KT-3), waiting for the first setup steps to run."""
    check_options(data, n, options)
    position = Position(data, n, options)
    position.rng = rng = Rng(seed)
    first = options.get("first", -1)
    if isinstance(first, int) and not -1 <= first < n:
        raise KeepersError(f"KT-3.6: first player must be a seat 0-{n - 1} (or -1 to draw)")
    position.first = first if isinstance(first, int) and first >= 0 else rng.below(n)
    # KT-3.4 law cards
    position.deck = sorted(data.laws)
    rng.shuffle(position.deck)
    position.law_spaces = [position.deck.pop() for _ in range(data.law_spaces[n])]
    # KT-3.5 building tiles
    length = options.get("length", "short")
    for value, row_length in zip(data.row_values, data.row_lengths[length], strict=True):
        pile = sorted(t.id for t in data.tiles.values() if t.value == value)
        rng.shuffle(pile)
        position.rows.append(list(pile[:row_length]))
        position.unused.append(pile[row_length:])
    # KT-3.7, KT-3.8, KT-3.9 fields
    for tile_id, cell in data.initial_fields[n]:
        lay_field(position, tile_id, cell)
    backs = data.stack_backs[n]
    position.field_stack = sorted(f for f, b in data.field_back.items() if b in backs)
    rng.shuffle(position.field_stack)
    # KT-3.10 setup rounds, clockwise from F
    setup: list[Step] = []
    for _ in range(5):
        for i in range(n):
            p = (position.first + i) % n
            setup += [("lay_field", p), ("lay_cottage", p)]
    position.steps = [("start",), *reversed(setup)]
    return position


def step_start(position: Position, step: Step) -> None:
    """KT-3.12: turn the value-4 row face up and start round 1."""
    position.revealed[0] = True
    position.round = 1
    position.event("start", position.first)
    push_round(position)


# ------------------------------------------------------------------ a field (KT-3.10 step 1)
def step_lay_field(position: Position, step: Step) -> Choice:
    """KT-3.10 step 1: draw the top field tile, then lay it."""
    _, p = step
    if position.drawn is None:
        position.drawn = position.field_stack.pop()
    return ask("field", p, position.drawn)


def options_field(position: Position, choice: Choice) -> list[str]:
    """KT-2.8: the cells where a field may be laid."""
    return [f"field {fmt(c)}" for c in legal_cells(position)]


def answer_field(position: Position, choice: Choice, option: str) -> None:
    """Lay the drawn field tile on the chosen cell."""
    cell = parse_pos(option.split()[1])
    lay_field(position, choice.info, cell)
    position.drawn = None
    position.event("field", choice.player, position.field_ids[cell], fmt(cell))


# ------------------------------------------------------------------ a cottage (KT-3.10 step 2)
def step_lay_cottage(position: Position, step: Step) -> Choice:
    """KT-3.10 step 2: lay one of one's own cottages."""
    _, p = step
    return ask("cottage", p)


def options_cottage(position: Position, choice: Choice) -> list[str]:
    """KT-2.9: any unlaid cottage of the player, on any slot where a tile may be laid."""
    _, p, _ = choice
    numbers = [n for n, slot in enumerate(position.tile_slot[p], start=1) if slot is None]
    return [f"cottage {n} {fmt(x)}" for n in numbers for x in legal_slots(position)]


def answer_cottage(position: Position, choice: Choice, option: str) -> None:
    """Lay the cottage, cottage face up, on the chosen slot."""
    p = choice.player
    _, number_text, where = option.split()
    number, slot = int(number_text), parse_pos(where)
    position.tiles[slot] = (p, number, False)
    position.tile_slot[p][number - 1] = slot
    position.event("cottage", p, number, fmt(slot))


flow.register(
    steps={"start": step_start, "lay_field": step_lay_field, "lay_cottage": step_lay_cottage},
    choices={"field": (options_field, answer_field), "cottage": (options_cottage, answer_cottage)},
)
