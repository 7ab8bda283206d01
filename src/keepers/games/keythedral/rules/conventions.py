"""Conventions (KT-0): seat order, moving cubes, and paying one cube at a time.

KT-0.2 seats clockwise; KT-0.5 and KT-0.7 cubes move between the store and
the stocks, and a payment moves exactly its price.  A payment whose colours
the payer chooses (an action's price, a bid) is the ``pay`` step: one cube
per decision.
"""

from __future__ import annotations

from keepers.games.keythedral import flow
from keepers.games.keythedral.data import COLOUR_INDEX, COLOURS, RESOURCES
from keepers.games.keythedral.flow import Choice, Step, ask
from keepers.games.keythedral.state import Position

STORE = -1
"""Where a payment goes when it goes to no player."""
ANY_CUBE, RESOURCE_CUBE = 0, 1
"""What a ``pay`` step accepts: a cube of any colour, or a resource cube only."""

_ORDERS = {n: [tuple((start + i) % n for i in range(n)) for start in range(n)]
           for n in range(1, 9)}


def order_from(position: Position, start: int) -> tuple[int, ...]:
    """Seats clockwise from ``start`` (KT-0.2)."""
    return _ORDERS[position.n][start % position.n]


def total_cubes(position: Position, p: int) -> int:
    """Number of cubes in a player's stock, all colours."""
    return sum(position.stocks[p])


def pay_price(position: Position, p: int, cost: tuple[int, ...] | list[int]) -> None:
    """Move exactly ``cost`` from a stock to the store (KT-0.5, KT-0.7); each cube paid is
    a public event (KT-13.4: every payment, which cubes)."""
    stock, store = position.stocks[p], position.store
    for c, k in enumerate(cost):
        if k:
            stock[c] -= k
            store[c] += k
            for _ in range(k):
                position.event("paid", p, COLOURS[c], STORE)


def gain(position: Position, p: int, colour: int, k: int = 1) -> None:
    """Move ``k`` cubes of a colour from the store to a stock; the caller has checked
    that the store holds them (KT-6.4, KT-7.11)."""
    position.store[colour] -= k
    position.stocks[p][colour] += k


# ------------------------------------------------------------------ paying cube by cube
def step_pay(position: Position, step: Step) -> Choice:
    """KT-0.7: pay cubes one at a time (a compound payment broken into decisions)."""
    _, p, left, mode, to = step
    return ask("pay", p, (left, mode, to))


def options_pay(position: Position, choice: Choice) -> list[str]:
    """Any cube the payer holds (a resource cube when only those are accepted)."""
    _, p, (_, mode, _) = choice
    stock = position.stocks[p]
    colours = RESOURCES if mode == RESOURCE_CUBE else range(8)
    return [f"pay {COLOURS[c]}" for c in colours if stock[c]]


def answer_pay(position: Position, choice: Choice, option: str) -> None:
    """Move the cube to the store or to the receiving player; pay the rest next."""
    _, p, (left, mode, to) = choice
    colour_name = option.split()[1]
    colour = COLOUR_INDEX[colour_name]
    position.stocks[p][colour] -= 1
    if to == STORE:
        position.store[colour] += 1
    else:
        position.stocks[to][colour] += 1
    position.event("paid", p, colour_name, to)
    if left > 1:
        position.steps.append(("pay", p, left - 1, mode, to))


flow.register(steps={"pay": step_pay}, choices={"pay": (options_pay, answer_pay)})
