"""Determinization (KT-13): full positions sampled from what one seat may see.

A searching bot sees only its seat's view.  Its view carries ``table``
(:func:`search_view`, :func:`public_table`): the position in its file form
(``docs/positions.md``) with
every item hidden from that seat (KT-13.1, KT-13.2) replaced by its count, with the
whole public event log and no generator state.  :func:`sampler` turns a view back
into full positions: each call deals the unseen components again at random.

The prior (uniform among the positions consistent with the view, except for cubes):

* law cards: the cards the seat has not seen (not in its hand, the discard, under
  a price or in play) are shuffled into the deck, the face-down law spaces and the
  other hands, each to its public count; a card another seat exposed stays with it;
* the other seats' stocks: what the public log tells a player who remembers it all
  (KT-13.4: every harvest, payment, purchase and trade is made in plain view), cube by
  cube and tile by tile (:func:`remembered_stocks`); the view itself keeps them hidden
  as state (KT-16.28);
* building tiles: per value, the other tiles not seen go to the face-down mat spaces
  and the unused piles;
* field tiles: the stack is the tiles not yet laid nor drawn, shuffled;
* chance: a fresh generator from the sampler's own.

A position whose log does not account for the other stocks (one built mid-game,
``keepers position``) is dealt as if nothing were remembered: each other seat's tiles
among the unseen ones of the mat's values, and every cube not in sight behind a
uniformly random other screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from keepers.core.errors import KeepersError
from keepers.core.game import JsonDict, detached
from keepers.core.rng import Rng
from keepers.games.keythedral.data import COLOUR_INDEX, RESOURCES, KeythedralData, packaged
from keepers.games.keythedral.invariants import _cards_in_flight
from keepers.games.keythedral.rules.mat import face_up
from keepers.games.keythedral.serial import linked_log, position_from_dict, position_to_dict
from keepers.games.keythedral.state import Position
from keepers.games.keythedral.views import seen_position

HIDDEN = "?"
"""A face-down building tile or law card in a table."""


def search_view(position: Position, seat: int, view: JsonDict) -> JsonDict:
    """``seat``'s ``view`` with its ``table``: what a searching bot is handed."""
    return {**view, "table": public_table(seen_position(position, seat), seat)}


def public_table(position: Position, seat: int) -> JsonDict:
    """KT-13.5: the position as ``seat`` may see it, in the position-file form, every
    hidden item replaced by a count or ``"?"``; the public event log whole, no generator
    state.
    ``position`` is the one ``seat`` may see (:func:`~.views.seen_position`)."""
    table = position_to_dict(position)
    del table["rng"]
    table["frames"], table["pending"] = detached(table["frames"]), detached(table["pending"])
    others = [p for p in range(position.n) if p != seat]
    for p in others:
        table["stocks"][p] = None
        table["hands"][p] = [card for card in table["hands"][p]
                             if (p, card) in position.exposed]
        table["owned"][p] = len(position.owned[p])
    table["hand_sizes"] = [len(hand) for hand in position.hands]
    table["deck"] = len(position.deck)
    table["law_spaces"] = [None if card is None else HIDDEN for card in position.law_spaces]
    table["rows"] = [row if face_up(position, r) else
                     [None if tile is None else HIDDEN for tile in row]
                     for r, row in enumerate(table["rows"])]
    table["unused"] = [len(pile) for pile in position.unused]
    table["stack"] = len(position.field_stack)
    return table


def sampler(view: JsonDict, seat: int,
            data: KeythedralData | None = None) -> Callable[[Rng], Position]:
    """Return a function dealing full positions consistent with ``view`` (``seat``'s).

    The first deal is checked in full as a position file; later deals reshuffle the
    unseen components of a copy.  KeepersError when the view carries no table.
    """
    table = view.get("table")
    if not isinstance(table, dict) or view.get("viewer") != seat:
        raise KeepersError(f"Keythedral: the view is not seat {seat}'s, or has no table")
    data = data or packaged()
    unseen = _Unseen(data, table, seat)
    template = position_from_dict(data, unseen.first_deal())
    template.log = linked_log(table["log"])

    def deal(rng: Rng) -> Position:
        position = template.copy()
        unseen.deal(position, rng)
        position.rng = Rng(rng.next64())
        return position

    return deal


def cubes_needed(data: KeythedralData, frames: list[Any], pending: Any,
                 seat: int) -> dict[int, tuple[int, int]]:
    """KT-0.7, KT-9.4, KT-12.15, KT-12.16: the (resource, any) cubes each seat but ``seat``
    must hold for the payments under way, the bid it leads and a Good Deal or Discount it
    announced (paid once no one vetoes it, KT-4.9: the payment is not yet on the stack)."""
    needs: dict[int, tuple[int, int]] = {}

    def need(p: int, resources: int, cubes: int) -> None:
        if p != seat:
            low, high = needs.get(p, (0, 0))
            needs[p] = (max(low, resources), max(high, cubes))

    steps = [list(step) for step in frames]
    if pending is not None and pending[0] == "pay":
        steps.append(["pay", pending[1], *pending[2]])
    if pending is not None and pending[0] == "bid":
        steps.append(["bid", *pending[2]])
    for step in steps:
        if step[0] == "pay":
            _, payer, left, mode, _ = step
            need(payer, left if mode == 1 else 0, left)
        elif step[0] == "bid" and step[4] >= 0:
            need(step[4], 0, step[3])
        elif step[0] == "resolve":
            _, player, play = step
            words = play.split()
            if words[0] == "deal":                       # KT-12.15: a resource cube
                need(player, 1, 1)
            elif words[0] == "craft":                    # KT-12.16: two cubes fewer
                need(player, 0, data.craft_price[COLOUR_INDEX[words[1]]] - 2)
    return needs


def remembered_stocks(log: list[Any], players: int) -> tuple[list[list[int]], list[list[str]]]:
    """KT-13.4: each seat's cubes by colour and building tiles, as a player who remembers
    the whole public log knows them: harvests, Crop Choice cubes, craft cubes and trades
    taken, cubes paid (to the store or to a seat), tiles bought."""
    stocks = [[0] * 8 for _ in range(players)]
    owned: list[list[str]] = [[] for _ in range(players)]
    for event in log:
        kind = event[0]
        if kind == "paid":
            _, payer, colour, to = event
            stocks[payer][COLOUR_INDEX[colour]] -= 1
            if to >= 0:
                stocks[to][COLOUR_INDEX[colour]] += 1
        elif kind == "harvest":
            stock = stocks[event[1]]
            for colour, count in enumerate(event[2]):
                stock[colour] += count
        elif kind in ("crop", "craft"):
            stocks[event[1]][COLOUR_INDEX[event[2]]] += 1
        elif kind == "trade":
            for colour in event[2]:
                stocks[event[1]][COLOUR_INDEX[colour]] += 1
        elif kind == "buy":
            owned[event[1]].append(event[2])
    return stocks, owned


class _Unseen:
    """The components ``seat`` has not seen, and the places they may be."""

    def __init__(self, data: KeythedralData, table: JsonDict, seat: int) -> None:
        self.n: int = table["players"]
        self.others = [p for p in range(self.n) if p != seat]
        self.table = table
        self.laws = self._unseen_laws(data, table)
        self.tiles = self._unseen_tiles(data, table, seat)
        self.fields = self._unseen_fields(data, table)
        self.cubes = [supply - table["store"][c] - table["craftsmen"][c]
                      - table["stocks"][seat][c] for c, supply in enumerate(data.supply)]
        if min(self.cubes) < 0:
            raise KeepersError("Keythedral: the view counts more cubes than the supply")
        self.needs = cubes_needed(data, table["frames"], table["pending"], seat)
        self.remembered = self._remembered(table)
        if self.remembered is not None:
            known = {tile for p in self.others for tile in self.remembered[1][p]}
            self.tiles = [[t for t in pile if t not in known] for pile in self.tiles]

    def _remembered(self, table: JsonDict) -> tuple[list[list[int]], list[list[str]]] | None:
        """The other seats' stocks as the log tells them, or None where the log does not
        account for them all (a position built mid-game): every cube out of sight and
        every tile a seat is known to hold."""
        stocks, owned = remembered_stocks(table["log"], self.n)
        for colour, unseen in enumerate(self.cubes):
            counts = [stocks[p][colour] for p in self.others]
            if min(counts) < 0 or sum(counts) != unseen:
                return None
        unseen_tiles = {tile for pile in self.tiles for tile in pile}
        for p in self.others:
            if len(owned[p]) != table["owned"][p] or not unseen_tiles.issuperset(owned[p]):
                return None
        return stocks, owned

    def _unseen_laws(self, data: KeythedralData, table: JsonDict) -> list[str]:
        seen = list(table["discard"]) + [c for hand in table["hands"] for c in hand]
        seen += [c for _, _, cards in table["price_cards"] for c in cards]
        in_flight = Position(data, self.n, {})
        in_flight.steps = [tuple(step) for step in table["frames"]]
        in_flight.purchase = tuple(table["purchase"]) if table["purchase"] else None
        seen += _cards_in_flight(in_flight)
        unseen = sorted(set(data.laws) - set(seen))
        wanted = (table["deck"] + sum(1 for c in table["law_spaces"] if c)
                  + sum(table["hand_sizes"][p] - len(table["hands"][p]) for p in self.others))
        if len(unseen) != wanted:
            raise KeepersError(f"Keythedral: {len(unseen)} law cards unseen, {wanted} hidden")
        return unseen

    def _unseen_tiles(self, data: KeythedralData, table: JsonDict,
                      seat: int) -> list[list[str]]:
        seen = {t for row in table["rows"] for t in row if t not in (None, HIDDEN)}
        seen.update(table["owned"][seat])
        return [sorted(t.id for t in data.tiles.values() if t.value == value and t.id not in seen)
                for value in data.row_values]

    def _unseen_fields(self, data: KeythedralData, table: JsonDict) -> list[str]:
        backs = data.stack_backs[self.n]
        seen = {f[3] for f in table["fields"]} | {table["drawn"]}
        unseen = sorted(f for f, back in data.field_back.items()
                        if back in backs and f not in seen)
        if len(unseen) != table["stack"]:
            raise KeepersError(f"Keythedral: {len(unseen)} field tiles unseen, "
                               f"{table['stack']} in the stack")
        return unseen

    def first_deal(self) -> JsonDict:
        """The table with every hidden place filled in order (a valid position file)."""
        raw: JsonDict = {k: v for k, v in self.table.items() if k not in ("hand_sizes", "log")}
        raw = detached(raw)
        raw["rng"] = 0
        raw["log"] = []           # the sampler links the table's log in, uncopied
        position = Position(packaged(), self.n, {})
        position.hands = [list(h) for h in raw["hands"]]
        position.stocks = [s if s is not None else [0] * 8 for s in raw["stocks"]]
        position.owned = [o if isinstance(o, list) else [] for o in raw["owned"]]
        position.law_spaces = list(raw["law_spaces"])
        position.rows = [list(r) for r in raw["rows"]]
        position.unused = [[] for _ in raw["unused"]]
        self._fill(position, Rng(0), shuffle=False)
        raw.update(stocks=position.stocks, hands=position.hands, owned=position.owned,
                   deck=position.deck, law_spaces=position.law_spaces, rows=position.rows,
                   unused=position.unused, stack=position.field_stack)
        return raw

    def deal(self, position: Position, rng: Rng) -> None:
        """Deal the unseen components of ``position`` (a copy of the first deal) anew."""
        table = self.table
        position.hands = [list(h) for h in table["hands"]]
        position.stocks = [s[:] if s is not None else [0] * 8 for s in table["stocks"]]
        position.owned = [o[:] if isinstance(o, list) else [] for o in table["owned"]]
        position.law_spaces = list(table["law_spaces"])
        position.rows = [list(r) for r in table["rows"]]
        position.unused = [[] for _ in table["unused"]]
        self._fill(position, rng, shuffle=True)

    def _fill(self, position: Position, rng: Rng, shuffle: bool) -> None:
        table = self.table
        laws = self.laws[:]
        if shuffle:
            rng.shuffle(laws)
        for p in self.others:
            for _ in range(table["hand_sizes"][p] - len(table["hands"][p])):
                position.hands[p].append(laws.pop())
        position.law_spaces = [laws.pop() if c == HIDDEN else None
                               for c in position.law_spaces]
        position.deck = laws
        owned_pool: list[str] = []
        for r, pile in enumerate(self.tiles):
            pile = pile[:]
            if shuffle:
                rng.shuffle(pile)
            position.rows[r] = [pile.pop() if t == HIDDEN else t for t in position.rows[r]]
            position.unused[r] = [pile.pop() for _ in range(table["unused"][r])]
            owned_pool += pile
        if shuffle:
            rng.shuffle(owned_pool)
        for p in self.others:
            position.owned[p] = (self.remembered[1][p][:] if self.remembered is not None
                                 else [owned_pool.pop() for _ in range(table["owned"][p])])
        if owned_pool:
            raise KeepersError("Keythedral: building tiles left over after the deal")
        position.field_stack = self.fields[:]
        if shuffle:
            rng.shuffle(position.field_stack)
        self._deal_cubes(position, rng, shuffle)

    def _deal_cubes(self, position: Position, rng: Rng, shuffle: bool) -> None:
        """The other stocks the log tells; if it does not, the cubes a payment or bid under
        way requires first, then each other cube behind a uniformly random other screen."""
        if self.remembered is not None:
            for p in self.others:
                position.stocks[p] = self.remembered[0][p][:]
            return
        pool = [colour for colour, count in enumerate(self.cubes) for _ in range(count)]
        if shuffle:
            rng.shuffle(pool)
        for p, (resources, cubes) in self.needs.items():
            for wanted in (resources, cubes):
                held = [c for c in pool if c in RESOURCES] if wanted == resources else pool
                for colour in held[:max(0, wanted - sum(position.stocks[p]))]:
                    pool.remove(colour)
                    position.stocks[p][colour] += 1
        for colour in pool:
            p = self.others[rng.below(len(self.others))] if shuffle else self.others[0]
            position.stocks[p][colour] += 1
