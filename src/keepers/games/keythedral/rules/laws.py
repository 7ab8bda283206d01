"""Law cards (KT-11, KT-12): which plays are legal in a window, and their effects.

A play is announced as one text decision with all its choices, for example
``play C03 B06-6`` (Price Decrease on that tile) or ``play C20 2`` (Coup for
seat 2).  Action modifiers (Good Deal, Craftsman's Discount) are announced
with the phase-3 action they modify: ``deal red blue``, ``craft yellow discount``.
The windows where plays are asked, and the Veto, are in
:mod:`keepers.games.keythedral.rules.windows` (KT-4).
"""

from __future__ import annotations

from keepers.games.keythedral.data import COLOUR_INDEX, COLOURS, CRAFTS, FIELD_TYPES, RESOURCES
from keepers.games.keythedral.rules.board import (
    cottages,
    fmt,
    houses,
    parse_pos,
    remove_fence,
    set_house,
)
from keepers.games.keythedral.rules.conventions import ANY_CUBE, RESOURCE_CUBE, STORE, gain
from keepers.games.keythedral.rules.mat import face_up_spaces, space_of
from keepers.games.keythedral.state import Position

ATTACHED = frozenset({"C02", "C03"})


def card_plays(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    """Every legal play of ``p``'s cards in window ``wid`` (KT-12.0, KT-11.4)."""
    laws = position.data.laws
    out: list[str] = []
    for card in sorted(set(position.hands[p])):
        if wid in laws[card].windows:
            out.extend(_TARGETS[card](position, p, wid, ctx))
    return out


def moratorium_blocks(position: Position, p: int) -> bool:
    """KT-12.12: another player's Building Moratorium forbids ``p`` to build houses."""
    return position.moratorium is not None and position.moratorium != p


def _plain(card: str) -> list[str]:
    return [f"play {card}"]


def _work_order(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return _plain("C01") if position.workorder is None else []


def _price_increase(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    ok = position.purchase is not None and position.purchase[0] != p and not position.purchase[4]
    return _plain("C02") if ok else []


def _tile_targets(card: str, position: Position) -> list[str]:
    return [f"play {card} {position.rows[r][i]}" for r, i in face_up_spaces(position)]


def _price_decrease(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return _tile_targets("C03", position)


def _planning(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    if moratorium_blocks(position, p):
        return []
    return [f"play C04 {n}" for n in cottages(position, p)]


def _style(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    ok = position.purchase is not None and position.purchase[0] == p and not position.purchase[3]
    return _plain("C05") if ok else []


def _renumbering(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    """KT-12.6, KT-16.35: a tile whose number differs from n and is not chosen yet."""
    return [f"play C06 {m}" for m, slot in enumerate(position.tile_slot[p], start=1)
            if slot is not None and m != ctx and m not in position.markers]


def _craft_exchange(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    """KT-12.7, KT-16.12: only craft cubes in the store count, never the craftsmen'position."""
    stock = position.stocks[p]
    return [f"play C07 {COLOURS[r]} {COLOURS[c]}" for r in RESOURCES if stock[r]
            for c in CRAFTS if position.store[c]]


def _field_choice(card: str) -> list[str]:
    return [f"play {card} {t}" for t in FIELD_TYPES]


def _crop_choice(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return _field_choice("C08") if p not in position.crop_choice else []


def _trespass(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return _plain("C09") if p not in position.trespass else []


def _never(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return []


def _dangerous_fence(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return [f"play C11 {fmt(slot)} {fmt(cell)}" for slot, cell in position.fences]


def _moratorium(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return _plain("C12") if position.moratorium is None else []


def _change_of_plan(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    """KT-12.13: a face-up tile whose value still has an unused pile to draw from."""
    data = position.data
    return [a for a in _tile_targets("C13", position)
            if position.unused[data.row_values.index(data.tiles[a.split()[2]].value)]]


def _hard_worker(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return _plain("C14") if p not in position.hard_worker else []


def _collapse(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return [f"play C17 {fmt(slot)}" for slot in houses(position)]


def _bumper(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return _field_choice("C18")


def _blight(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return _field_choice("C19")


def _coup(position: Position, p: int, wid: str, ctx: int) -> list[str]:
    return [f"play C20 {q}" for q in range(position.n)]


_TARGETS = {
    "C01": _work_order, "C02": _price_increase, "C03": _price_decrease, "C04": _planning,
    "C05": _style, "C06": _renumbering, "C07": _craft_exchange, "C08": _crop_choice,
    "C09": _trespass, "C10": _never, "C11": _dangerous_fence, "C12": _moratorium,
    "C13": _change_of_plan, "C14": _hard_worker, "C15": _never, "C16": _never,
    "C17": _collapse, "C18": _bumper, "C19": _blight, "C20": _coup,
}


# ------------------------------------------------------------------ effects
def resolve(position: Position, p: int, words: list[str]) -> None:
    """KT-4.11 step 3: the effect of a card that was not vetoed."""
    if words[0] == "deal":
        _good_deal(position, p, words)
        return
    if words[0] == "craft":
        _discount(position, p, words)
        return
    card = words[1]
    _EFFECTS[card](position, p, words[2:])
    if card not in ATTACHED and card != "C05":
        position.discard.append(card)


def _attach(position: Position, card: str, space: tuple[int, int]) -> None:
    """KT-10.6: price cards are slid under the space's tile."""
    position.price_cards[space] = position.price_cards.get(space, ()) + (card,)


def _e_work_order(position: Position, p: int, args: list[str]) -> None:
    position.workorder = p


def _e_increase(position: Position, p: int, args: list[str]) -> None:
    assert position.purchase is not None
    _attach(position, "C02", (position.purchase[1], position.purchase[2]))


def _e_decrease(position: Position, p: int, args: list[str]) -> None:
    space = space_of(position, args[0])
    if space is None:  # the tile left its space before the card resolved
        position.discard.append("C03")
    else:
        _attach(position, "C03", space)


def _e_planning(position: Position, p: int, args: list[str]) -> None:
    slot = position.tile_slot[p][int(args[0]) - 1]
    if slot is not None and not position.tiles[slot][2] and not moratorium_blocks(position, p):
        set_house(position, slot, True)


def _e_style(position: Position, p: int, args: list[str]) -> None:
    if position.purchase is not None:
        buyer, row, idx, _, void = position.purchase
        position.purchase = (buyer, row, idx, True, void)
    else:
        position.discard.append("C05")


def _e_renumber(position: Position, p: int, args: list[str]) -> None:
    position.renumber[(p, int(args[0]))] = position.markers[-1]


def _e_craft_exchange(position: Position, p: int, args: list[str]) -> None:
    """KT-12.7: the craft cube comes from the store, judged before the payment."""
    resource, craft = COLOUR_INDEX[args[0]], COLOUR_INDEX[args[1]]
    if position.stocks[p][resource] and position.store[craft]:
        position.stocks[p][resource] -= 1
        position.store[resource] += 1
        gain(position, p, craft)
        # KT-13.4: the exchange is made in plain view.
        position.event("paid", p, args[0], STORE)
        position.event("craft", p, args[1])


def _e_crop_choice(position: Position, p: int, args: list[str]) -> None:
    position.crop_choice[p] = FIELD_TYPES.index(args[0])


def _e_trespass(position: Position, p: int, args: list[str]) -> None:
    position.trespass = position.trespass | {p}


def _e_dangerous_fence(position: Position, p: int, args: list[str]) -> None:
    edge = (parse_pos(args[0]), parse_pos(args[1]))
    if edge in position.fences:
        remove_fence(position, edge)


def _e_moratorium(position: Position, p: int, args: list[str]) -> None:
    position.moratorium = p


def _e_change_of_plan(position: Position, p: int, args: list[str]) -> None:
    """KT-12.13, KT-16.25: draw the replacement first, then return the old tile."""
    space = space_of(position, args[0])
    if space is None:
        return
    row, idx = space
    pile = position.unused[row]
    new = pile.pop(position.rng.below(len(pile)))
    old = position.rows[row][idx]
    assert old is not None
    position.rows[row][idx] = new
    pile.append(old)
    position.event("change_of_plan", old, new)
    if position.purchase is not None and (position.purchase[1], position.purchase[2]) == space:
        buyer, _, _, style, _ = position.purchase
        position.purchase = (buyer, row, idx, style, True)


def _e_hard_worker(position: Position, p: int, args: list[str]) -> None:
    """KT-12.14: doubles all of p's harvest this round; nothing to choose (KT-16.18)."""
    position.hard_worker = position.hard_worker | {p}


def _e_collapse(position: Position, p: int, args: list[str]) -> None:
    slot = parse_pos(args[0])
    if slot in position.tiles and position.tiles[slot][2]:
        set_house(position, slot, False)


def _e_bumper(position: Position, p: int, args: list[str]) -> None:
    position.bumper = position.bumper | {FIELD_TYPES.index(args[0])}


def _e_blight(position: Position, p: int, args: list[str]) -> None:
    position.blight = position.blight | {FIELD_TYPES.index(args[0])}


def _e_coup(position: Position, p: int, args: list[str]) -> None:
    position.first = int(args[0])
    position.event("first", position.first)


def _e_none(position: Position, p: int, args: list[str]) -> None:
    return None


_EFFECTS = {
    "C01": _e_work_order, "C02": _e_increase, "C03": _e_decrease, "C04": _e_planning,
    "C05": _e_style, "C06": _e_renumber, "C07": _e_craft_exchange, "C08": _e_crop_choice,
    "C09": _e_trespass, "C10": _e_none, "C11": _e_dangerous_fence, "C12": _e_moratorium,
    "C13": _e_change_of_plan, "C14": _e_hard_worker, "C15": _e_none, "C16": _e_none,
    "C17": _e_collapse, "C18": _e_bumper, "C19": _e_blight, "C20": _e_coup,
}


def _good_deal(position: Position, p: int, words: list[str]) -> None:
    """KT-12.15: the trade costs 1 resource cube and gives 2 resource cubes."""
    position.discard.append("C15")
    position.passes = 0
    position.steps.append(("next_turn", p))
    position.steps.append(("gain", p, (COLOUR_INDEX[words[1]], COLOUR_INDEX[words[2]])))
    position.steps.append(("pay", p, 1, RESOURCE_CUBE, STORE))


def _discount(position: Position, p: int, words: list[str]) -> None:
    """KT-12.16: one yellow or purple cube costs 2 cubes fewer."""
    colour = COLOUR_INDEX[words[1]]
    position.discard.append("C16")
    position.passes = 0
    position.steps.append(("next_turn", p))
    position.steps.append(("give_craft", p, colour))
    position.steps.append(("pay", p, position.data.craft_price[colour] - 2, ANY_CUBE, STORE))
