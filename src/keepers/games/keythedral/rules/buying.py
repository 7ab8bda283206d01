"""Buying a building tile (KT-10.3 to KT-10.7, KT-12.5 Change of Style).

A purchase is declared as a spending action (``buy <tile>``), then the law
windows WB_OTHER and WB_BUYER are held; the ``purchase_end`` step (KT-10.3
step 4) then asks the buyer's colour choices for the attached price cards
(``add``, ``remove``, KT-10.4) and for Change of Style (``style``, ``as``),
and finally to pay or withdraw (``final``, KT-10.5, KT-10.7, KT-7.14).  The
purchase in progress is ``position.purchase``; its price ``position.price``.
"""

from __future__ import annotations

from keepers.games.keythedral import flow
from keepers.games.keythedral.data import COLOUR_INDEX, COLOURS, CRAFTS, RESOURCES
from keepers.games.keythedral.flow import Choice, Step, ask
from keepers.games.keythedral.rules import pricing
from keepers.games.keythedral.rules.conventions import order_from, pay_price
from keepers.games.keythedral.rules.mat import current_row, discard_space_cards, face_up, space_of
from keepers.games.keythedral.rules.turns import action_done
from keepers.games.keythedral.rules.windows import open_window
from keepers.games.keythedral.state import Position


def buy_options(position: Position, p: int) -> list[str]:
    """KT-10.1 to KT-10.3: ``buy <tile>`` for each face-up tile of the current row that
    ``p`` could pay for, whatever the attached price cards and Change of Style make of
    the price."""
    row = current_row(position)
    if row is None or not face_up(position, row):
        return []
    tiles = position.data.tiles
    stock = position.stocks[p]
    style = "C05" in position.hands[p]
    out = []
    for idx, tile in enumerate(position.rows[row]):
        if tile is None or (row, idx) in position.withdrawn:
            continue
        cards = position.price_cards.get((row, idx), ())
        if pricing.can_buy(stock, tiles[tile].cost, cards.count("C02"), cards.count("C03"),
                           style):
            out.append(f"buy {tile}")
    return out


def declare_purchase(position: Position, p: int, tile: str) -> None:
    """KT-10.3: declare, WB_OTHER, WB_BUYER, then price choices and payment."""
    space = space_of(position, tile)
    assert space is not None
    position.purchase = (p, space[0], space[1], False, False)
    position.event("declare", p, tile)
    position.steps.append(("purchase_end",))
    open_window(position, "WB_BUYER", (p,))
    open_window(position, "WB_OTHER", order_from(position, p + 1)[:-1])


def step_purchase_end(position: Position, step: Step) -> None:
    """KT-10.3 step 4 (or KT-10.5 when void): price choices, then pay or withdraw."""
    assert position.purchase is not None
    buyer, row, idx, style, void = position.purchase
    if void:
        position.purchase = None
        if style:
            position.discard.append("C05")
        position.steps.append(("turn", buyer))
        return
    tile = position.rows[row][idx]
    assert tile is not None
    position.price = position.data.tiles[tile].cost
    cards = position.price_cards.get((row, idx), ())
    position.steps.append(("final", buyer))
    if style:
        position.steps.append(("style", buyer))
    position.steps.extend(("remove", buyer) for c in cards if c == "C03")
    position.steps.extend(("add", buyer) for c in cards if c == "C02")


def _bump(position: Position, colour: str, delta: int) -> None:
    """Change the price by ``delta`` cubes of one colour."""
    price = list(position.price)
    price[COLOUR_INDEX[colour]] += delta
    position.price = tuple(price)


# ------------------------------------------------------------------ price cards (KT-10.4)
def step_add(position: Position, step: Step) -> Choice:
    """KT-10.4: a Price Increase adds one cube of a colour printed on the tile."""
    _, p = step
    assert position.purchase is not None
    _, row, idx, _, _ = position.purchase
    tile = position.rows[row][idx]
    assert tile is not None
    return ask("add", p, pricing.increase_choices(position.data.tiles[tile].cost))


def options_add(position: Position, choice: Choice) -> list[str]:
    """The colours printed on the tile."""
    return [f"add {COLOURS[c]}" for c in choice.info]


def answer_add(position: Position, choice: Choice, option: str) -> None:
    """Add the cube to the price."""
    _bump(position, option.split()[1], 1)


def step_remove(position: Position, step: Step) -> Choice | None:
    """KT-10.4: a Price Decrease removes one non-yellow cube still in the price."""
    _, p = step
    choices = pricing.decrease_choices(position.price)
    return ask("remove", p, choices) if choices else None


def options_remove(position: Position, choice: Choice) -> list[str]:
    """The colours that may be removed."""
    return [f"remove {COLOURS[c]}" for c in choice.info]


def answer_remove(position: Position, choice: Choice, option: str) -> None:
    """Remove the cube from the price."""
    _bump(position, option.split()[1], -1)


# ------------------------------------------------------------------ Change of Style (KT-12.5)
def step_style(position: Position, step: Step) -> Choice:
    """KT-12.5: the buyer who played Change of Style re-colours the price."""
    _, p = step
    return ask("style", p)


def options_style(position: Position, choice: Choice) -> list[str]:
    """Keep the price, re-colour its resource cubes, or change one craft cube's colour."""
    price = position.price
    acts = ["style keep"]
    if any(price[c] for c in RESOURCES):
        acts.append("style resources")
    acts.extend(f"style {COLOURS[a]} {COLOURS[b]}" for a in CRAFTS if price[a]
                for b in CRAFTS if b != a)
    return acts


def answer_style(position: Position, choice: Choice, option: str) -> None:
    """KT-12.5: re-colour the resource cubes freely, or one craft cube."""
    words = option.split()
    if words[1] == "keep":
        return
    if words[1] == "resources":
        count = sum(position.price[c] for c in RESOURCES)
        position.price = (0, 0, 0, 0, 0) + position.price[5:]
        position.steps.append(("as", choice.player, count))
        return
    _bump(position, words[1], -1)
    _bump(position, words[2], 1)


def step_as(position: Position, step: Step) -> Choice:
    """KT-12.5: the re-coloured resource cubes are chosen one at a time."""
    _, p, left = step
    return ask("as", p, left)


def options_as(position: Position, choice: Choice) -> list[str]:
    """Any resource colour."""
    return [f"as {COLOURS[c]}" for c in RESOURCES]


def answer_as(position: Position, choice: Choice, option: str) -> None:
    """Put the cube in the price; choose the next one."""
    _bump(position, option.split()[1], 1)
    if choice.info > 1:
        position.steps.append(("as", choice.player, choice.info - 1))


# ------------------------------------------------------------------ pay or withdraw
def step_final(position: Position, step: Step) -> Choice:
    """KT-10.3 step 4: the buyer pays the final price, or withdraws."""
    _, p = step
    return ask("final", p)


def options_final(position: Position, choice: Choice) -> list[str]:
    """``pay`` when the stock covers the final price; ``withdraw`` always (KT-10.5)."""
    can = pricing.covers(position.stocks[choice.player], position.price)
    return ["pay", "withdraw"] if can else ["withdraw"]


def answer_final(position: Position, choice: Choice, option: str) -> None:
    """KT-10.7 after paying; KT-10.5 and KT-7.14 after withdrawing."""
    p = choice.player
    assert position.purchase is not None
    _, row, idx, style, _ = position.purchase
    position.purchase = None
    if style:
        position.discard.append("C05")
    if option == "withdraw":
        position.withdrawn = position.withdrawn + ((row, idx),)
        position.event("withdraw", p)
        position.steps.append(("turn", p))
        return
    tile = position.rows[row][idx]
    assert tile is not None
    pay_price(position, p, position.price)
    position.rows[row][idx] = None
    position.owned[p].append(tile)
    discard_space_cards(position, (row, idx))
    position.event("buy", p, tile, tuple(position.price))
    if not any(t for r in position.rows for t in r):
        position.over = True  # KT-14.1: the game ends at once
        return
    if not any(position.rows[row]) and row + 1 < len(position.rows):
        position.revealed[row + 1] = True
    action_done(position, p)


flow.register(
    steps={"purchase_end": step_purchase_end, "add": step_add, "remove": step_remove,
           "style": step_style, "as": step_as, "final": step_final},
    choices={"add": (options_add, answer_add), "remove": (options_remove, answer_remove),
             "style": (options_style, answer_style), "as": (options_as, answer_as),
             "final": (options_final, answer_final)},
)
