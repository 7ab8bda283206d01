"""Law cards (KT-11, KT-12): which plays are legal in a window, and their effects.

A play is announced as one text decision with all its choices, for example
``play C03 B06-6`` (Price Decrease on that tile) or ``play C20 2`` (Coup for
seat 2).  Action modifiers (Good Deal, Craftsman's Discount) are announced
with the phase-3 action they modify: ``deal red blue``, ``craft yellow discount``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from keepers.games.keythedral.board import fmt, parse_pos
from keepers.games.keythedral.data import COLOUR_INDEX, COLOURS, CRAFTS, FIELD_TYPES, RESOURCES

if TYPE_CHECKING:
    from keepers.games.keythedral.state import KeythedralState

ATTACHED = frozenset({"C02", "C03"})


def card_plays(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    """Every legal play of ``p``'s cards in window ``wid`` (KT-12.0, KT-11.4)."""
    laws = s.data.laws
    out: list[str] = []
    for card in sorted(set(s.hands[p])):
        if wid in laws[card].windows:
            out.extend(_TARGETS[card](s, p, wid, ctx))
    return out


def _plain(card: str) -> list[str]:
    return [f"play {card}"]


def _work_order(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return _plain("C01") if s.workorder is None else []


def _price_increase(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    ok = s.purchase is not None and s.purchase[0] != p and not s.purchase[4]
    return _plain("C02") if ok else []


def _tile_targets(card: str, s: KeythedralState) -> list[str]:
    return [f"play {card} {s.rows[r][i]}" for r, i in s.face_up_spaces()]


def _price_decrease(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return _tile_targets("C03", s)


def _planning(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    if s.moratorium_blocks(p):
        return []
    return [f"play C04 {n}" for n in s.cottages(p)]


def _style(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    ok = s.purchase is not None and s.purchase[0] == p and not s.purchase[3]
    return _plain("C05") if ok else []


def _renumbering(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    """KT-12.6, KT-16.35: a tile whose number differs from n and is not chosen yet."""
    return [f"play C06 {m}" for m, slot in enumerate(s.tile_slot[p], start=1)
            if slot is not None and m != ctx and m not in s.markers]


def _craft_exchange(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    """KT-12.7, KT-16.12: only craft cubes in the store count, never the craftsmen's."""
    stock = s.stocks[p]
    return [f"play C07 {COLOURS[r]} {COLOURS[c]}" for r in RESOURCES if stock[r]
            for c in CRAFTS if s.store[c]]


def _field_choice(card: str) -> list[str]:
    return [f"play {card} {t}" for t in FIELD_TYPES]


def _crop_choice(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return _field_choice("C08") if p not in s.crop_choice else []


def _trespass(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return _plain("C09") if p not in s.trespass else []


def _never(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return []


def _dangerous_fence(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return [f"play C11 {fmt(slot)} {fmt(cell)}" for slot, cell in s.fences]


def _moratorium(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return _plain("C12") if s.moratorium is None else []


def _change_of_plan(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return [a for a in _tile_targets("C13", s)
            if s.unused[s.data.row_values.index(s.data.tiles[a.split()[2]].value)]]


def _hard_worker(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return _plain("C14") if p not in s.hard_worker else []


def _collapse(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return [f"play C17 {fmt(slot)}" for slot in s.houses()]


def _bumper(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return _field_choice("C18")


def _blight(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return _field_choice("C19")


def _coup(s: KeythedralState, p: int, wid: str, ctx: int) -> list[str]:
    return [f"play C20 {q}" for q in range(s.n)]


_TARGETS = {
    "C01": _work_order, "C02": _price_increase, "C03": _price_decrease, "C04": _planning,
    "C05": _style, "C06": _renumbering, "C07": _craft_exchange, "C08": _crop_choice,
    "C09": _trespass, "C10": _never, "C11": _dangerous_fence, "C12": _moratorium,
    "C13": _change_of_plan, "C14": _hard_worker, "C15": _never, "C16": _never,
    "C17": _collapse, "C18": _bumper, "C19": _blight, "C20": _coup,
}


# ------------------------------------------------------------------ effects
def resolve(s: KeythedralState, p: int, words: list[str]) -> None:
    """KT-4.11 step 3: the effect of a card that was not vetoed."""
    if words[0] == "deal":
        _good_deal(s, p, words)
        return
    if words[0] == "craft":
        _discount(s, p, words)
        return
    card = words[1]
    _EFFECTS[card](s, p, words[2:])
    if card not in ATTACHED and card != "C05":
        s.discard.append(card)


def _attach(s: KeythedralState, card: str, space: tuple[int, int]) -> None:
    """KT-10.6: price cards are slid under the space's tile."""
    s.price_cards[space] = s.price_cards.get(space, ()) + (card,)


def _e_work_order(s: KeythedralState, p: int, args: list[str]) -> None:
    s.workorder = p


def _e_increase(s: KeythedralState, p: int, args: list[str]) -> None:
    assert s.purchase is not None
    _attach(s, "C02", (s.purchase[1], s.purchase[2]))


def _e_decrease(s: KeythedralState, p: int, args: list[str]) -> None:
    space = s.space_of(args[0])
    if space is None:  # the tile left its space before the card resolved
        s.discard.append("C03")
    else:
        _attach(s, "C03", space)


def _e_planning(s: KeythedralState, p: int, args: list[str]) -> None:
    slot = s.tile_slot[p][int(args[0]) - 1]
    if slot is not None and not s.tiles[slot][2] and not s.moratorium_blocks(p):
        s.set_house(slot, True)


def _e_style(s: KeythedralState, p: int, args: list[str]) -> None:
    if s.purchase is not None:
        buyer, row, idx, _, void = s.purchase
        s.purchase = (buyer, row, idx, True, void)
    else:
        s.discard.append("C05")


def _e_renumber(s: KeythedralState, p: int, args: list[str]) -> None:
    s.renumber[(p, int(args[0]))] = s.markers[-1]


def _e_craft_exchange(s: KeythedralState, p: int, args: list[str]) -> None:
    """KT-12.7: the craft cube comes from the store, judged before the payment."""
    resource, craft = COLOUR_INDEX[args[0]], COLOUR_INDEX[args[1]]
    if s.stocks[p][resource] and s.store[craft]:
        s.stocks[p][resource] -= 1
        s.store[resource] += 1
        s.gain(p, craft)


def _e_crop_choice(s: KeythedralState, p: int, args: list[str]) -> None:
    s.crop_choice[p] = FIELD_TYPES.index(args[0])


def _e_trespass(s: KeythedralState, p: int, args: list[str]) -> None:
    s.trespass = s.trespass | {p}


def _e_dangerous_fence(s: KeythedralState, p: int, args: list[str]) -> None:
    edge = (parse_pos(args[0]), parse_pos(args[1]))
    if edge in s.fences:
        s.remove_fence(edge)


def _e_moratorium(s: KeythedralState, p: int, args: list[str]) -> None:
    s.moratorium = p


def _e_change_of_plan(s: KeythedralState, p: int, args: list[str]) -> None:
    """KT-12.13, KT-16.25: draw the replacement first, then return the old tile."""
    space = s.space_of(args[0])
    if space is None:
        return
    row, idx = space
    pile = s.unused[row]
    new = pile.pop(s.rng.below(len(pile)))
    old = s.rows[row][idx]
    assert old is not None
    s.rows[row][idx] = new
    pile.append(old)
    s._event("change_of_plan", old, new)
    if s.purchase is not None and (s.purchase[1], s.purchase[2]) == space:
        buyer, _, _, style, _ = s.purchase
        s.purchase = (buyer, row, idx, style, True)


def _e_hard_worker(s: KeythedralState, p: int, args: list[str]) -> None:
    """KT-12.14: doubles all of p's harvest this round; nothing to choose (KT-16.18)."""
    s.hard_worker = s.hard_worker | {p}


def _e_collapse(s: KeythedralState, p: int, args: list[str]) -> None:
    slot = parse_pos(args[0])
    if slot in s.tiles and s.tiles[slot][2]:
        s.set_house(slot, False)


def _e_bumper(s: KeythedralState, p: int, args: list[str]) -> None:
    s.bumper = s.bumper | {FIELD_TYPES.index(args[0])}


def _e_blight(s: KeythedralState, p: int, args: list[str]) -> None:
    s.blight = s.blight | {FIELD_TYPES.index(args[0])}


def _e_coup(s: KeythedralState, p: int, args: list[str]) -> None:
    s.first = int(args[0])
    s._event("first", s.first)


def _e_none(s: KeythedralState, p: int, args: list[str]) -> None:
    return None


_EFFECTS = {
    "C01": _e_work_order, "C02": _e_increase, "C03": _e_decrease, "C04": _e_planning,
    "C05": _e_style, "C06": _e_renumber, "C07": _e_craft_exchange, "C08": _e_crop_choice,
    "C09": _e_trespass, "C10": _e_none, "C11": _e_dangerous_fence, "C12": _e_moratorium,
    "C13": _e_change_of_plan, "C14": _e_hard_worker, "C15": _e_none, "C16": _e_none,
    "C17": _e_collapse, "C18": _e_bumper, "C19": _e_blight, "C20": _e_coup,
}


def _good_deal(s: KeythedralState, p: int, words: list[str]) -> None:
    """KT-12.15: the trade costs 1 resource cube and gives 2 resource cubes."""
    from keepers.games.keythedral.state import RESOURCE_CUBE, STORE

    s.discard.append("C15")
    s.passes = 0
    s.frames.append(("next_turn", p))
    s.frames.append(("gain", p, (COLOUR_INDEX[words[1]], COLOUR_INDEX[words[2]])))
    s.frames.append(("pay", p, 1, RESOURCE_CUBE, STORE))


def _discount(s: KeythedralState, p: int, words: list[str]) -> None:
    """KT-12.16: one yellow or purple cube costs 2 cubes fewer."""
    from keepers.games.keythedral.state import ANY_CUBE, STORE

    colour = COLOUR_INDEX[words[1]]
    s.discard.append("C16")
    s.passes = 0
    s.frames.append(("next_turn", p))
    s.frames.append(("give_craft", p, colour))
    s.frames.append(("pay", p, s.data.craft_price[colour] - 2, ANY_CUBE, STORE))
