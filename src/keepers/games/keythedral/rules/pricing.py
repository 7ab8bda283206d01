"""Building-tile prices (KT-10.4) and whether a buyer can meet them (KT-10.3)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from keepers.games.keythedral.data import CRAFTS, RESOURCES, Cost

YELLOW = 7


def increase_choices(printed: Cost) -> list[int]:
    """Colours a Price Increase may add: those printed on the tile (KT-10.4)."""
    return [c for c, n in enumerate(printed) if n]


def decrease_choices(price: Sequence[int]) -> list[int]:
    """Colours a Price Decrease may remove: non-yellow colours still in the price (KT-10.4)."""
    return [c for c, n in enumerate(price) if n and c != YELLOW]


def covers(stock: Sequence[int], price: Sequence[int]) -> bool:
    """True when ``stock`` holds at least ``price`` of every colour (KT-0.7)."""
    for have, need in zip(stock, price):  # noqa: B905 - both always have eight colours
        if have < need:
            return False
    return True


def covers_with_style(stock: Sequence[int], price: Sequence[int]) -> bool:
    """True when the price can be paid using Change of Style (KT-12.5).

    Either the resource cubes of the price are re-coloured freely (the crafts
    must then be paid as printed), or exactly one craft cube changes colour.
    """
    crafts_ok = all(stock[c] >= price[c] for c in CRAFTS)
    if crafts_ok and sum(stock[c] for c in RESOURCES) >= sum(price[c] for c in RESOURCES):
        return True
    if not all(stock[c] >= price[c] for c in RESOURCES):
        return False
    for old in CRAFTS:
        if not price[old]:
            continue
        for new in CRAFTS:
            if new != old:
                trial = list(price)
                trial[old] -= 1
                trial[new] += 1
                if covers(stock, trial):
                    return True
    return False


def possible_prices(printed: Cost, increases: int, decreases: int) -> Iterator[tuple[int, ...]]:
    """Every price the buyer's colour choices for the attached cards can produce."""
    prices: set[tuple[int, ...]] = {tuple(printed)}
    for _ in range(increases):
        prices = {_bump(p, c, 1) for p in prices for c in increase_choices(printed)}
    for _ in range(decreases):
        prices = {_bump(p, c, -1) for p in prices for c in decrease_choices(p)} | {
            p for p in prices if not decrease_choices(p)}
    return iter(prices)


def _bump(price: tuple[int, ...], colour: int, delta: int) -> tuple[int, ...]:
    out = list(price)
    out[colour] += delta
    return tuple(out)


def can_buy(stock: Sequence[int], printed: Cost, increases: int, decreases: int,
            with_style: bool) -> bool:
    """True when some colour choice lets the buyer pay, directly or with Change of Style."""
    if not increases and not decreases and not with_style:
        return covers(stock, printed)
    for price in possible_prices(printed, increases, decreases):
        if covers(stock, price) or (with_style and covers_with_style(stock, price)):
            return True
    return False
