"""Phase 3, spending (KT-7.4 to KT-7.12): the actions of a spending turn.

The ``act`` step asks the ``turn`` decision: one action the player can start
(and pay for) now, or ``pass``.  :func:`answer_turn` hands the chosen action
to the function of its verb: buy a tile (KT-7.4, see the buying module),
build a house (KT-7.5), build or remove a fence (KT-7.6, KT-7.7), buy a
craft cube (KT-7.9), take a law card (KT-7.10), trade at the trader
(KT-7.11), or act with Good Deal or Craftsman's Discount (KT-12.15,
KT-12.16).  Prices chosen cube by cube are ``pay`` steps; what the payment
buys is the step under it (``give_craft``, ``gain``, ``take_law``).
"""

from __future__ import annotations

from collections.abc import Callable

from keepers.games.keythedral import flow
from keepers.games.keythedral.data import COLOUR_INDEX, COLOURS, RESOURCES
from keepers.games.keythedral.flow import Choice, Step, ask
from keepers.games.keythedral.rules import pricing
from keepers.games.keythedral.rules.board import (
    Texts,
    cottages,
    fmt,
    lift_if_enclosed,
    parse_pos,
    remove_fence,
    set_house,
    touching,
)
from keepers.games.keythedral.rules.buying import buy_options, declare_purchase
from keepers.games.keythedral.rules.conventions import ANY_CUBE, STORE, gain, pay_price
from keepers.games.keythedral.rules.laws import moratorium_blocks
from keepers.games.keythedral.rules.turns import action_done
from keepers.games.keythedral.rules.windows import announce_modifier
from keepers.games.keythedral.state import Edge, Pos, Position

FENCE_TEXTS, UNFENCE_TEXTS = Texts("fence"), Texts("unfence")


class _SlotEdges(dict[Pos, tuple[tuple[Pos, Edge, str], ...]]):
    """The four edges of each slot where a fence may stand, each as ``(cell, edge, text
    of its fence option)``, built once: a spending turn lists the free edges of every
    tile on the board (KT-7.6), the turn's most frequent and costliest options."""

    def __missing__(self, slot: Pos) -> tuple[tuple[Pos, Edge, str], ...]:
        edges = self[slot] = tuple((cell, (slot, cell), FENCE_TEXTS[slot, cell])
                                   for cell in touching(slot))
        return edges


_SLOT_EDGES = _SlotEdges()


def step_act(position: Position, step: Step) -> Choice:
    """KT-7.2: after WT, the player takes one action or passes."""
    _, p = step
    return ask("turn", p)


def options_turn(position: Position, choice: Choice) -> list[str]:
    """KT-7.4 to KT-7.12: the actions ``p`` can start (and pay for) now."""
    _, p, _ = choice
    data = position.data
    stock = position.stocks[p]
    hand = position.hands[p]
    total = sum(stock)
    acts = buy_options(position, p)
    if not moratorium_blocks(position, p) and pricing.covers(stock, data.house_cost):
        acts.extend(f"house {n}" for n in cottages(position, p))
    if position.fences_left[p] and pricing.covers(stock, data.fence_cost):
        fields, fences = position.fields, position.fences
        for slot in position.tiles:
            for cell, edge, text in _SLOT_EDGES[slot]:
                if cell in fields and edge not in fences:
                    acts.append(text)
    if position.fences and pricing.covers(stock, data.fence_remove_cost):
        acts.extend([UNFENCE_TEXTS[edge] for edge in position.fences])
    discount = "C16" in hand
    for colour, price in data.craft_price.items():
        if craft_available(position, colour):
            if total >= price:
                acts.append(f"craft {COLOURS[colour]}")
            if discount and price > 2 and total >= price - 2:
                acts.append(f"craft {COLOURS[colour]} discount")
    if total >= data.law_price:
        acts.extend(f"law {i + 1}" for i, card in enumerate(position.law_spaces) if card)
    store = position.store
    if total >= data.trader_price:
        acts.extend(f"trade {COLOURS[c]}" for c in RESOURCES if store[c])
    if "C15" in hand and any(stock[c] for c in RESOURCES):
        acts.extend(f"deal {COLOURS[a]} {COLOURS[b]}" for a in RESOURCES for b in RESOURCES
                    if a <= b and store[a] and store[b] and (a != b or store[a] >= 2))
    acts.append("pass")
    return acts


def answer_turn(position: Position, choice: Choice, option: str) -> None:
    """Carry out the chosen action: the function of its verb."""
    words = option.split()
    _ACTIONS[words[0]](position, choice.player, words)


# ------------------------------------------------------------------ the actions
def pass_turn(position: Position, p: int, words: list[str]) -> None:
    """KT-7.3: a pass counts towards the end of phase 3."""
    position.passes += 1
    position.event("pass", p)
    position.steps.append(("next_turn", p))


def buy(position: Position, p: int, words: list[str]) -> None:
    """KT-7.4: buy a building tile (KT-10.3)."""
    declare_purchase(position, p, words[1])


def build_house(position: Position, p: int, words: list[str]) -> None:
    """KT-7.5: turn one's cottage to its house face."""
    slot = position.tile_slot[p][int(words[1]) - 1]
    assert slot is not None
    pay_price(position, p, position.data.house_cost)
    set_house(position, slot, True)
    action_done(position, p)


def build_fence(position: Position, p: int, words: list[str]) -> None:
    """KT-7.6, KT-2.10: build a fence, then relay the tile if it is now enclosed."""
    slot, cell = parse_pos(words[1]), parse_pos(words[2])
    pay_price(position, p, position.data.fence_cost)
    position.fences[(slot, cell)] = p
    position.fences_left[p] -= 1
    position.event("fence", p, fmt(slot), fmt(cell))
    action_done(position, p)
    lift_if_enclosed(position, slot)


def unfence(position: Position, p: int, words: list[str]) -> None:
    """KT-7.7: remove any fence."""
    pay_price(position, p, position.data.fence_remove_cost)
    remove_fence(position, (parse_pos(words[1]), parse_pos(words[2])))
    action_done(position, p)


def buy_craft(position: Position, p: int, words: list[str]) -> None:
    """KT-7.9: pay the craft price in any cubes, then take the craft cube."""
    colour = COLOUR_INDEX[words[1]]
    if len(words) == 3:  # with Craftsman's Discount: a card play (KT-12.16)
        announce_modifier(position, p, "C16", " ".join(words))
        return
    action_done(position, p)
    position.steps.append(("give_craft", p, colour))
    position.steps.append(("pay", p, position.data.craft_price[colour], ANY_CUBE, STORE))


def take_law(position: Position, p: int, words: list[str]) -> None:
    """KT-7.10: pay the law price, then take the card from its space."""
    action_done(position, p)
    position.steps.append(("take_law", p, int(words[1]) - 1))
    position.steps.append(("pay", p, position.data.law_price, ANY_CUBE, STORE))


def trade(position: Position, p: int, words: list[str]) -> None:
    """KT-7.11: pay the trader's price, then take a resource cube from the store."""
    action_done(position, p)
    position.steps.append(("gain", p, (COLOUR_INDEX[words[1]],)))
    position.steps.append(("pay", p, position.data.trader_price, ANY_CUBE, STORE))


def good_deal(position: Position, p: int, words: list[str]) -> None:
    """KT-12.15: trading with Good Deal is a card play, announced with the trade."""
    announce_modifier(position, p, "C15", " ".join(words))


_ACTIONS: dict[str, Callable[[Position, int, list[str]], None]] = {
    "pass": pass_turn, "buy": buy, "house": build_house, "fence": build_fence,
    "unfence": unfence, "craft": buy_craft, "law": take_law, "trade": trade,
    "deal": good_deal,
}


# ------------------------------------------------------------------ what a payment buys
def craft_available(position: Position, colour: int) -> bool:
    """KT-7.9: a craft colour on its craftsman's space or in the store."""
    return position.craftsmen[colour] > 0 or position.store[colour] > 0


def step_give_craft(position: Position, step: Step) -> None:
    """KT-7.9 refill rule: refill the space from the store if empty, then take."""
    _, p, colour = step
    if position.craftsmen[colour] == 0:
        position.store[colour] -= 1
        position.craftsmen[colour] += 1
    position.craftsmen[colour] -= 1
    position.stocks[p][colour] += 1
    position.event("craft", p, COLOURS[colour])


def step_gain(position: Position, step: Step) -> None:
    """KT-7.11, KT-12.15: the traded resource cubes come from the store."""
    _, p, colours = step
    for colour in colours:
        gain(position, p, colour)
    position.event("trade", p, tuple(COLOURS[c] for c in colours))


def step_take_law(position: Position, step: Step) -> None:
    """KT-7.10: take the card blind; the player retires from phase 3."""
    _, p, space = step
    card = position.law_spaces[space]
    assert card is not None
    position.law_spaces[space] = None
    position.hands[p].append(card)
    position.retired[p] = True
    position.event("law", p, space + 1)


flow.register(
    steps={"act": step_act, "give_craft": step_give_craft, "gain": step_gain,
           "take_law": step_take_law},
    choices={"turn": (options_turn, answer_turn)},
)
