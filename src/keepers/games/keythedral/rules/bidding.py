"""Phase 5, change of first player (KT-9.2 to KT-9.7): the bidding for the marker.

A hands the marker to B; one ``bid`` decision per player, from C round to A
and B last (KT-9.3, KT-9.4); the winner pays (a ``pay`` step, KT-9.6) and
names the next first player (``first``, KT-9.7).
"""

from __future__ import annotations

from keepers.games.keythedral import flow
from keepers.games.keythedral.flow import Choice, Step, ask
from keepers.games.keythedral.rules.conventions import ANY_CUBE, total_cubes
from keepers.games.keythedral.state import Position


def start_bidding(position: Position) -> None:
    """KT-9.2, KT-9.3: A hands the marker to B; bids from C round to A, then B."""
    n = position.n
    a = position.first
    b = (a + 1) % n
    order = tuple((b + 1 + i) % n for i in range(n - 1)) + (b,)
    position.event("marker_passed", a, b)
    position.steps.append(("bid", order, 0, 0, -1, 0))


def step_bid(position: Position, step: Step) -> Choice | None:
    """KT-9.3: the next bidder decides; after the last, KT-9.5 and KT-9.6 settle the winner."""
    _, order, idx, high, high_by, b_bid = step
    if idx < len(order):
        return ask("bid", order[idx], (order, idx, high, high_by))
    b = order[-1]
    if b_bid:
        winner, amount, to = b, b_bid, high_by
    elif high_by >= 0:
        winner, amount, to = high_by, high, b
    else:
        winner, amount, to = b, 0, -1
    position.event("bid_won", winner, amount, to)
    position.steps.append(("first", winner))
    if amount:
        position.steps.append(("pay", winner, amount, ANY_CUBE, to))
    return None


def options_bid(position: Position, choice: Choice) -> list[str]:
    """KT-9.4: a bid above the highest (B: at least equal to it, and only after a bid)."""
    _, p, (order, _, high, high_by) = choice
    total = total_cubes(position, p)
    if p == order[-1]:
        low = high if high_by >= 0 else total + 1  # KT-9.4: B bids only after a bid
    else:
        low = high + 1
    return [f"bid {k}" for k in range(max(low, 1), total + 1)] + ["pass"]


def answer_bid(position: Position, choice: Choice, option: str) -> None:
    """Record the bid or the pass; the next player bids."""
    _, p, (order, idx, high, high_by) = choice
    b_bid = 0
    words = option.split()
    if words[0] == "bid":
        amount = int(words[1])
        position.event("bid", p, amount)
        if p == order[-1]:
            b_bid = amount
        else:
            high, high_by = amount, p
    else:
        position.event("bid_pass", p)
    position.steps.append(("bid", order, idx + 1, high, high_by, b_bid))


def step_first(position: Position, step: Step) -> Choice:
    """KT-9.7: the winner (or B) names the first player of the next round."""
    _, p = step
    return ask("first", p)


def options_first(position: Position, choice: Choice) -> list[str]:
    """Any seat, the chooser's own included."""
    return [f"first {q}" for q in range(position.n)]


def answer_first(position: Position, choice: Choice, option: str) -> None:
    """That player takes the first-player marker."""
    position.first = int(option.split()[1])
    position.event("first", position.first)


flow.register(
    steps={"bid": step_bid, "first": step_first},
    choices={"bid": (options_bid, answer_bid), "first": (options_first, answer_first)},
)
