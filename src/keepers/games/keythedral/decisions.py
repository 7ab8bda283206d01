"""Every kind of Keythedral decision: its legal text commands and how it applies.

Each kind has a ``legal`` function (state, seat, info) -> commands and an
``apply`` function (state, seat, info, words).  Commands are validated before
``apply`` runs, so ``apply`` may trust its words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from keepers.games.keythedral import pricing
from keepers.games.keythedral.board import Pos, fmt, neighbours, parse_pos, touching
from keepers.games.keythedral.data import COLOUR_INDEX, COLOURS, CRAFTS, RESOURCES
from keepers.games.keythedral.state import (
    ANY_CUBE,
    RESOURCE_CUBE,
    STORE,
    KeythedralState,
    _open_window,
    _place_marker,
)

Legal = Callable[[KeythedralState, int, Any], list[str]]
Apply = Callable[[KeythedralState, int, Any, list[str]], None]



# -------------------------------------------------------------------- setup
def legal_cells(s: KeythedralState) -> list[Pos]:
    """KT-2.8: empty cells, connected, not touching the Keythedral slot."""
    key = s.data.keythedral_slot
    found: set[Pos] = set()
    for cell in s.fields:
        found.update(neighbours(cell))
    for slot, (_, _, _) in s.tiles.items():
        found.update(touching(slot))
    return sorted(c for c in found if c not in s.fields and key not in touching(c))


def legal_slots(s: KeythedralState) -> list[Pos]:
    """KT-2.9: empty slots other than K touching at least one field."""
    key = s.data.keythedral_slot
    found: set[Pos] = set()
    for cell in s.fields:
        found.update(touching(cell))
    return sorted(x for x in found if x not in s.tiles and x != key)


def _legal_field(s: KeythedralState, p: int, info: Any) -> list[str]:
    return [f"field {fmt(c)}" for c in legal_cells(s)]


def _apply_field(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    cell = parse_pos(words[1])
    s._lay_field(info, cell)
    s.drawn = None
    s._event("field", p, s.field_ids[cell], fmt(cell))


def _legal_cottage(s: KeythedralState, p: int, info: Any) -> list[str]:
    numbers = [n for n, slot in enumerate(s.tile_slot[p], start=1) if slot is None]
    return [f"cottage {n} {fmt(x)}" for n in numbers for x in legal_slots(s)]


def _apply_cottage(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    number, slot = int(words[1]), parse_pos(words[2])
    s.tiles[slot] = (p, number, False)
    s.tile_slot[p][number - 1] = slot
    s._event("cottage", p, number, fmt(slot))


# ------------------------------------------------------------------ phase 1
def _legal_marker(s: KeythedralState, p: int, info: Any) -> list[str]:
    return [f"mark {m}" for m in range(1, 6) if m not in s.markers]


def _apply_marker(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    _place_marker(s, info, int(words[1]))


def _legal_place(s: KeythedralState, p: int, info: Any) -> list[str]:
    _, _, options = info
    return [f"place {t} {fmt(c)}" for t, c in options] + ["done"]


def _apply_place(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    number, placed, _ = info
    if words[0] == "done":
        return
    tile_number, cell = int(words[1]), parse_pos(words[2])
    s.workers[cell] = p
    s._event("worker", p, tile_number, fmt(cell))
    s.frames.append(("place", p, number, placed + (tile_number,)))


# ------------------------------------------------------------------ phase 2
def _legal_crop(s: KeythedralState, p: int, info: Any) -> list[str]:
    return [f"take {COLOURS[c]}" for c in RESOURCES if s.store[c]]


def _apply_crop(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    colour = COLOUR_INDEX[words[1]]
    s.gain(p, colour)
    s._event("crop", p, words[1])
    if info > 1:
        s.frames.append(("crop", p, info - 1))


# ------------------------------------------------------------------ phase 3
def turn_actions(s: KeythedralState, p: int) -> list[str]:
    """KT-7.4 to KT-7.12: the actions ``p`` can start (and pay for) now."""
    data = s.data
    stock = s.stocks[p]
    hand = s.hands[p]
    total = sum(stock)
    acts: list[str] = []
    row = s.current_row()
    if row is not None and s.face_up(row):
        style = "C05" in hand
        for idx, tile in enumerate(s.rows[row]):
            if tile is None or (row, idx) in s.withdrawn:
                continue
            cards = s.price_cards.get((row, idx), ())
            if pricing.can_buy(stock, data.tiles[tile].cost, cards.count("C02"),
                               cards.count("C03"), style):
                acts.append(f"buy {tile}")
    if not s.moratorium_blocks(p) and pricing.covers(stock, data.house_cost):
        acts.extend(f"house {n}" for n in s.cottages(p))
    if s.fences_left[p] and pricing.covers(stock, data.fence_cost):
        for slot in s.tiles:
            for cell in touching(slot):
                if cell in s.fields and (slot, cell) not in s.fences:
                    acts.append(f"fence {fmt(slot)} {fmt(cell)}")
    if s.fences and pricing.covers(stock, data.fence_remove_cost):
        acts.extend(f"unfence {fmt(a)} {fmt(b)}" for a, b in s.fences)
    discount = "C16" in hand
    for colour, price in data.craft_price.items():
        if s.craft_available(colour):
            if total >= price:
                acts.append(f"craft {COLOURS[colour]}")
            if discount and price > 2 and total >= price - 2:
                acts.append(f"craft {COLOURS[colour]} discount")
    if total >= data.law_price:
        acts.extend(f"law {i + 1}" for i, card in enumerate(s.law_spaces) if card)
    if total >= data.trader_price:
        acts.extend(f"trade {COLOURS[c]}" for c in RESOURCES if s.store[c])
    if "C15" in hand and any(stock[c] for c in RESOURCES):
        store = s.store
        acts.extend(f"deal {COLOURS[a]} {COLOURS[b]}" for a in RESOURCES for b in RESOURCES
                    if a <= b and store[a] and store[b] and (a != b or store[a] >= 2))
    acts.append("pass")
    return acts


def _legal_turn(s: KeythedralState, p: int, info: Any) -> list[str]:
    return turn_actions(s, p)


def _apply_turn(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    _TURN_VERBS[words[0]](s, p, words)


def _t_pass(s: KeythedralState, p: int, words: list[str]) -> None:
    s.passes += 1
    s._event("pass", p)
    s.frames.append(("next_turn", p))


def _t_buy(s: KeythedralState, p: int, words: list[str]) -> None:
    """KT-10.3: declare, WB_OTHER, WB_BUYER, then price choices and payment."""
    space = s.space_of(words[1])
    assert space is not None
    s.purchase = (p, space[0], space[1], False, False)
    s._event("declare", p, words[1])
    s.frames.append(("purchase_end",))
    _open_window(s, "WB_BUYER", (p,))
    _open_window(s, "WB_OTHER", s.order_from(p + 1)[:-1])


def _t_house(s: KeythedralState, p: int, words: list[str]) -> None:
    slot = s.tile_slot[p][int(words[1]) - 1]
    assert slot is not None
    s.pay(p, s.data.house_cost)
    s.set_house(slot, True)
    _acted(s, p)


def _t_fence(s: KeythedralState, p: int, words: list[str]) -> None:
    """KT-7.6, KT-2.10: build a fence, then relay the tile if it is now enclosed."""
    slot, cell = parse_pos(words[1]), parse_pos(words[2])
    s.pay(p, s.data.fence_cost)
    s.fences[(slot, cell)] = p
    s.fences_left[p] -= 1
    s._event("fence", p, fmt(slot), fmt(cell))
    _acted(s, p)
    if all((slot, c) in s.fences for c in touching(slot) if c in s.fields):
        owner, number, house = s.tiles.pop(slot)
        s.tile_slot[owner][number - 1] = None
        s._event("enclosed", owner, number, fmt(slot))
        s.frames.append(("relay", owner, number, house))


def _t_unfence(s: KeythedralState, p: int, words: list[str]) -> None:
    s.pay(p, s.data.fence_remove_cost)
    s.remove_fence((parse_pos(words[1]), parse_pos(words[2])))
    _acted(s, p)


def _t_craft(s: KeythedralState, p: int, words: list[str]) -> None:
    colour = COLOUR_INDEX[words[1]]
    if len(words) == 3:  # with Craftsman's Discount: a card play (KT-12.16)
        _announce_modifier(s, p, "C16", words)
        return
    _acted(s, p)
    s.frames.append(("give_craft", p, colour))
    s.frames.append(("pay", p, s.data.craft_price[colour], ANY_CUBE, STORE))


def _t_law(s: KeythedralState, p: int, words: list[str]) -> None:
    _acted(s, p)
    s.frames.append(("take_law", p, int(words[1]) - 1))
    s.frames.append(("pay", p, s.data.law_price, ANY_CUBE, STORE))


def _t_trade(s: KeythedralState, p: int, words: list[str]) -> None:
    _acted(s, p)
    s.frames.append(("gain", p, (COLOUR_INDEX[words[1]],)))
    s.frames.append(("pay", p, s.data.trader_price, ANY_CUBE, STORE))


def _t_deal(s: KeythedralState, p: int, words: list[str]) -> None:
    _announce_modifier(s, p, "C15", words)


def _acted(s: KeythedralState, p: int) -> None:
    """An action other than a pass resets the pass count (KT-7.3)."""
    s.passes = 0
    s.frames.append(("next_turn", p))


def _announce_modifier(s: KeythedralState, p: int, card: str, words: list[str]) -> None:
    """KT-16.29: a modifier card is announced with its action, then WX is held."""
    play = " ".join(words)
    s.hands[p].remove(card)
    s._event("play", p, play)
    s.frames.append(("resolve", p, play))
    s.frames.append(("wx", p, play))


_TURN_VERBS: dict[str, Callable[[KeythedralState, int, list[str]], None]] = {
    "pass": _t_pass, "buy": _t_buy, "house": _t_house, "fence": _t_fence,
    "unfence": _t_unfence, "craft": _t_craft, "law": _t_law, "trade": _t_trade,
    "deal": _t_deal,
}


# ------------------------------------------------------------------ payments
def _legal_pay(s: KeythedralState, p: int, info: Any) -> list[str]:
    _, mode, _ = info
    stock = s.stocks[p]
    colours = RESOURCES if mode == RESOURCE_CUBE else range(8)
    return [f"pay {COLOURS[c]}" for c in colours if stock[c]]


def _apply_pay(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    left, mode, to = info
    colour = COLOUR_INDEX[words[1]]
    s.stocks[p][colour] -= 1
    if to == STORE:
        s.store[colour] += 1
    else:
        s.stocks[to][colour] += 1
    s._event("paid", p, words[1], to)
    if left > 1:
        s.frames.append(("pay", p, left - 1, mode, to))


def _legal_add(s: KeythedralState, p: int, info: Any) -> list[str]:
    return [f"add {COLOURS[c]}" for c in info]


def _bump(s: KeythedralState, colour: str, delta: int) -> None:
    price = list(s.price)
    price[COLOUR_INDEX[colour]] += delta
    s.price = tuple(price)


def _apply_add(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    _bump(s, words[1], 1)


def _legal_remove(s: KeythedralState, p: int, info: Any) -> list[str]:
    return [f"remove {COLOURS[c]}" for c in info]


def _apply_remove(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    _bump(s, words[1], -1)


def _legal_style(s: KeythedralState, p: int, info: Any) -> list[str]:
    acts = ["style keep"]
    if any(s.price[c] for c in RESOURCES):
        acts.append("style resources")
    acts.extend(f"style {COLOURS[a]} {COLOURS[b]}" for a in CRAFTS if s.price[a]
                for b in CRAFTS if b != a)
    return acts


def _apply_style(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    """KT-12.5: re-colour the resource cubes freely, or one craft cube."""
    if words[1] == "keep":
        return
    if words[1] == "resources":
        count = sum(s.price[c] for c in RESOURCES)
        s.price = (0, 0, 0, 0, 0) + s.price[5:]
        s.frames.append(("as", p, count))
        return
    _bump(s, words[1], -1)
    _bump(s, words[2], 1)


def _legal_as(s: KeythedralState, p: int, info: Any) -> list[str]:
    return [f"as {COLOURS[c]}" for c in RESOURCES]


def _apply_as(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    _bump(s, words[1], 1)
    if info > 1:
        s.frames.append(("as", p, info - 1))


def _legal_final(s: KeythedralState, p: int, info: Any) -> list[str]:
    can = pricing.covers(s.stocks[p], s.price)
    return ["pay", "withdraw"] if can else ["withdraw"]


def _apply_final(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    """KT-10.7 after paying; KT-10.5 and KT-7.14 after withdrawing."""
    assert s.purchase is not None
    buyer, row, idx, style, _ = s.purchase
    s.purchase = None
    if style:
        s.discard.append("C05")
    if words[0] == "withdraw":
        s.withdrawn = s.withdrawn + ((row, idx),)
        s._event("withdraw", p)
        s.frames.append(("turn", p))
        return
    tile = s.rows[row][idx]
    assert tile is not None
    s.pay(p, s.price)
    s.rows[row][idx] = None
    s.owned[p].append(tile)
    s.discard_space_cards((row, idx))
    s._event("buy", p, tile, tuple(s.price))
    if not any(t for r in s.rows for t in r):
        s.over = True  # KT-14.1: the game ends at once
        return
    if not any(s.rows[row]) and row + 1 < len(s.rows):
        s.revealed[row + 1] = True
    _acted(s, p)


# ------------------------------------------------------------------ relay
def _legal_relay(s: KeythedralState, p: int, info: Any) -> list[str]:
    _, slots = info
    return [f"relay {fmt(x)}" for x in slots]


def _apply_relay(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    number, house = info[0]
    slot = parse_pos(words[1])
    s.tiles[slot] = (p, number, house)
    s.tile_slot[p][number - 1] = slot
    s._event("relay", p, number, words[1])


# ------------------------------------------------------------------ phase 5
def _legal_bid(s: KeythedralState, p: int, info: Any) -> list[str]:
    order, _, high, high_by = info
    total = s.total_cubes(p)
    if p == order[-1]:
        low = high if high_by >= 0 else total + 1  # KT-9.4: B bids only after a bid
    else:
        low = high + 1
    return [f"bid {k}" for k in range(max(low, 1), total + 1)] + ["pass"]


def _apply_bid(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    order, idx, high, high_by = info
    b_bid = 0
    if words[0] == "bid":
        amount = int(words[1])
        s._event("bid", p, amount)
        if p == order[-1]:
            b_bid = amount
        else:
            high, high_by = amount, p
    else:
        s._event("bid_pass", p)
    s.frames.append(("bid", order, idx + 1, high, high_by, b_bid))


def _legal_first(s: KeythedralState, p: int, info: Any) -> list[str]:
    return [f"first {q}" for q in range(s.n)]


def _apply_first(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    s.first = int(words[1])
    s._event("first", s.first)


# ------------------------------------------------------------------ law windows
def _legal_law(s: KeythedralState, p: int, info: Any) -> list[str]:
    _, plays = info
    forced = any((p, a.split()[1]) in s.exposed for a in plays)
    return list(plays) if forced else list(plays) + ["pass"]


def _apply_law(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    """KT-4.10, KT-4.11: a play is announced, WX is held, then it resolves."""
    _, wid, order, idx, passes, ctx = s.frames.pop()
    nxt = (idx + 1) % len(order)
    if words[0] == "pass":
        s.frames.append(("win", wid, order, nxt, passes + 1, ctx))
        return
    card = words[1]
    play = " ".join(words)
    s.hands[p].remove(card)
    s.exposed = s.exposed - {(p, card)}
    s._event("play", p, play)
    s.frames.append(("win", wid, order, nxt, 0, ctx))
    s.frames.append(("resolve", p, play))
    s.frames.append(("wx", p, play))


def _legal_veto(s: KeythedralState, p: int, info: Any) -> list[str]:
    return ["veto", "pass"]


def _apply_veto(s: KeythedralState, p: int, info: Any, words: list[str]) -> None:
    """KT-12.10: the announced card has no effect; both cards are discarded."""
    if words[0] == "pass":
        return
    _, player, play = s.frames.pop()  # the pending ("resolve", player, play)
    s.hands[p].remove("C10")
    vetoed = play.split()
    card = vetoed[1] if vetoed[0] == "play" else ("C15" if vetoed[0] == "deal" else "C16")
    s.discard.extend([card, "C10"])
    s._event("veto", p, play)
    if vetoed[0] in ("deal", "craft"):
        s.frames.append(("turn", player))  # KT-12.15: the turn resumes from WT


_LEGAL: dict[str, Legal] = {
    "field": _legal_field, "cottage": _legal_cottage, "marker": _legal_marker,
    "place": _legal_place, "crop": _legal_crop, "turn": _legal_turn, "pay": _legal_pay,
    "add": _legal_add, "remove": _legal_remove, "style": _legal_style, "as": _legal_as,
    "final": _legal_final, "relay": _legal_relay, "bid": _legal_bid, "first": _legal_first,
    "law": _legal_law, "veto": _legal_veto,
}
_APPLY: dict[str, Apply] = {
    "field": _apply_field, "cottage": _apply_cottage, "marker": _apply_marker,
    "place": _apply_place, "crop": _apply_crop, "turn": _apply_turn, "pay": _apply_pay,
    "add": _apply_add, "remove": _apply_remove, "style": _apply_style, "as": _apply_as,
    "final": _apply_final, "relay": _apply_relay, "bid": _apply_bid, "first": _apply_first,
    "law": _apply_law, "veto": _apply_veto,
}
_ALL_VERBS = frozenset({
    "field", "cottage", "mark", "place", "done", "take", "pay", "add", "remove",
    "style", "as", "withdraw", "relay", "bid", "pass", "first", "play", "veto", "buy",
    "house", "fence", "unfence", "craft", "law", "trade", "deal",
})
