"""Phase 1, work orders and worker placement (KT-5).

The five work-order markers are placed in turn (``marker`` step and decision,
KT-5.2; Work Order lets its player choose, KT-12.1); after each marker the WM
window, then one placement step per player (``place_step``, opening with WP,
KT-5.4) in which the player places workers on fields touched by their tiles
of that number (``place``, KT-5.4 to KT-5.7; Renumbering KT-12.6).
"""

from __future__ import annotations

from keepers.games.keythedral import flow
from keepers.games.keythedral.flow import Choice, Step, ask
from keepers.games.keythedral.rules.board import Texts, has_access, parse_pos, touching
from keepers.games.keythedral.rules.conventions import order_from
from keepers.games.keythedral.rules.windows import open_window
from keepers.games.keythedral.state import Pos, Position

PLACE_TEXTS = Texts("place")


# ------------------------------------------------------------------ work-order markers
def step_marker(position: Position, step: Step) -> Choice | None:
    """KT-5.2: marker k is placed by its chooser (or by Work Order's player)."""
    _, k = step
    chooser = (position.first + k - 1) % position.n
    free = [m for m in range(1, 6) if m not in position.markers]
    if len(free) == 1:
        place_marker(position, k, free[0])
        return None
    decider = position.workorder if position.workorder is not None else chooser
    return ask("marker", decider, k)


def options_marker(position: Position, choice: Choice) -> list[str]:
    """The numbers no marker shows yet."""
    return [f"mark {m}" for m in range(1, 6) if m not in position.markers]


def answer_marker(position: Position, choice: Choice, option: str) -> None:
    """Place marker k on the chosen number."""
    place_marker(position, choice.info, int(option.split()[1]))


def place_marker(position: Position, k: int, number: int) -> None:
    """KT-5.3: after the marker, WM and then one placement step per player."""
    chooser = (position.first + k - 1) % position.n
    position.markers.append(number)
    position.event("marker", k, number, chooser)
    if k < 5:
        position.steps.append(("marker", k + 1))
    order = order_from(position, chooser)
    for p in reversed(order):
        position.steps.append(("place_step", p, number))
    open_window(position, "WM", order, number)


# ------------------------------------------------------------------ placing workers
def step_place_step(position: Position, step: Step) -> None:
    """KT-5.4: the step opens with WP for that player."""
    _, p, number = step
    position.steps.append(("place", p, number, ()))
    open_window(position, "WP", (p,), number)


def placement_options(position: Position, p: int, number: int,
                      placed: tuple[int, ...]) -> list[tuple[int, Pos]]:
    """KT-5.4 to KT-5.7: (tile number, field) pairs where a worker may go now."""
    out: list[tuple[int, Pos]] = []
    workers = position.workers
    renumber = position.renumber
    for tile_number, slot in enumerate(position.tile_slot[p], start=1):
        if slot is None:
            continue
        # KT-12.6: Renumbering makes a tile count as the marker's number this phase.
        if (renumber.get((p, tile_number), tile_number) if renumber else tile_number) != number:
            continue
        capacity = 2 if position.tiles[slot][2] else 1
        if placed.count(tile_number) >= capacity:
            continue
        for cell in touching(slot):
            if cell not in workers and has_access(position, slot, cell, p):
                out.append((tile_number, cell))
    return out


def step_place(position: Position, step: Step) -> Choice | None:
    """KT-5.4: place workers one at a time while any may go; ``done`` ends early."""
    _, p, number, placed = step
    options = placement_options(position, p, number, placed)
    return ask("place", p, (number, placed, options)) if options else None


def options_place(position: Position, choice: Choice) -> list[str]:
    """The (tile, field) pairs found when the step asked, and ``done``."""
    _, _, (_, _, options) = choice
    return [PLACE_TEXTS[option] for option in options] + ["done"]


def answer_place(position: Position, choice: Choice, option: str) -> None:
    """KT-5.5: the worker goes on the field; the player may place another."""
    if option == "done":
        return
    _, p, (number, placed, _) = choice
    _, tile_number, where = option.split()
    position.workers[parse_pos(where)] = p
    position.event("worker", p, int(tile_number), where)
    position.steps.append(("place", p, number, placed + (int(tile_number),)))


flow.register(
    steps={"marker": step_marker, "place_step": step_place_step, "place": step_place},
    choices={"marker": (options_marker, answer_marker), "place": (options_place, answer_place)},
)
