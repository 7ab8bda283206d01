"""Keythedral bots.  They decide from their own view and the legal decisions only.

The greedy bot reads what it needs through :class:`Facts`: from the seat's view in play,
or, inside a search, straight from the dealt position (:meth:`GreedyBot.choose_in_deal`),
where building a view for each of a rollout's decisions cost most of the search.  Both
give the same facts, those the seat's view shows; a test plays them side by side.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from keepers.core.game import ViewMapping as View
from keepers.core.rng import Rng
from keepers.games.keythedral.data import FIELD_TYPES
from keepers.games.keythedral.rules.mat import face_up
from keepers.games.keythedral.state import Position
from keepers.games.keythedral.views import cubes_by_colour

FIELD_COLOUR = {"quarry": "black", "forest": "brown", "lake": "blue", "farm": "green",
                "vineyard": "red"}
CUBE_POINTS = {"white": 2, "purple": 3, "yellow": 4}
CRAFT_PRICE = {"white": 2, "purple": 3, "yellow": 4}

Pos = tuple[int, int]

_POSITIONS: dict[str, tuple[int, int]] = {}
"""Each corner's text read once (``"-3,1"``: the board has a few hundred)."""


def _pos(text: str) -> tuple[int, int]:
    pos = _POSITIONS.get(text)
    if pos is None:
        x, y = text.split(",")
        pos = _POSITIONS[text] = (int(x), int(y))
    return pos


def _touching(x: int, y: int) -> list[tuple[int, int]]:
    return [(x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1), (x + 1, y + 1)]


_PRINTED: dict[str, dict[str, int]] = {}
"""Each tile's printed cost by colour name, made once (read only)."""


class Facts:
    """What the greedy bot reads of one decision: the facts its seat's view shows.

    :class:`ViewFacts` reads them from the view; :class:`DealFacts` from a position the
    searcher dealt, without building a view."""

    def kind(self) -> str:
        """The kind of the decision asked."""
        raise NotImplementedError

    def round(self) -> int:
        raise NotImplementedError

    def first(self) -> int:
        """The first player of the round."""
        raise NotImplementedError

    def cubes(self) -> dict[str, int]:
        """The seat's cubes by colour (colours held only; read only)."""
        raise NotImplementedError

    def hand_size(self) -> int:
        raise NotImplementedError

    def targets(self) -> list[dict[str, int]]:
        """The costs of the tiles of the lowest row holding tiles, if they are face up,
        else of the next such row: each printed cost (read only) with the Price Increases
        attached to its space added."""
        raise NotImplementedError

    def field_types(self) -> dict[Pos, str]:
        """Each field's type name by cell."""
        raise NotImplementedError

    def field_cells(self) -> Container[Pos]:
        """The cells holding a field."""
        raise NotImplementedError

    def field_type(self, cell: Pos) -> str:
        """The type name of the field on ``cell``."""
        raise NotImplementedError

    def tiles(self) -> list[Any]:
        """Every tile on the board as ``(x, y, owner, number, house)``."""
        raise NotImplementedError

    def workers(self) -> list[Any]:
        """Every worker on the board as ``(x, y, owner)``."""
        raise NotImplementedError

    def fences(self) -> Container[tuple[Pos, Pos]]:
        """The edges holding a fence."""
        raise NotImplementedError

    def price(self) -> dict[str, int]:
        """The price of the purchase under way, by colour (empty when none)."""
        raise NotImplementedError

    def store(self) -> dict[str, int]:
        """The store's cubes by colour (colours held only)."""
        raise NotImplementedError

    def round_effect(self, name: str) -> set[str]:
        """The field types a round effect (``bumper_crop``, ``blight``) names."""
        raise NotImplementedError

    def last_event(self) -> Any:
        """The newest public event (empty when none)."""
        raise NotImplementedError


class ViewFacts(Facts):
    """The facts of a decision from the seat's view."""

    def __init__(self, view: View) -> None:
        self.view = view
        self._types: dict[Pos, str] | None = None

    def kind(self) -> str:
        return str(self.view["decision"]["kind"])

    def round(self) -> int:
        return int(self.view["round"])

    def first(self) -> int:
        return int(self.view["first"])

    def cubes(self) -> dict[str, int]:
        cubes: dict[str, int] = self.view["you"]["cubes"]
        return cubes

    def hand_size(self) -> int:
        return len(self.view["you"]["hand"])

    def targets(self) -> list[dict[str, int]]:
        costs: list[dict[str, int]] = []
        for row in self.view["mat"]:
            spaces = [s for s in row["spaces"] if s["tile"]]
            if not spaces:
                continue
            costs.extend(_with_price_cards(s["cost"], s["price_cards"])
                         for s in spaces if s["cost"])
            if costs:
                break
        return costs

    def field_types(self) -> dict[Pos, str]:
        return {(x, y): t for x, y, t in self.view["fields"]}

    def field_cells(self) -> Container[Pos]:
        return {(x, y) for x, y, _ in self.view["fields"]}

    def field_type(self, cell: Pos) -> str:
        if self._types is None:
            self._types = self.field_types()
        return self._types[cell]

    def tiles(self) -> list[Any]:
        tiles: list[Any] = self.view["tiles"]
        return tiles

    def workers(self) -> list[Any]:
        workers: list[Any] = self.view["workers"]
        return workers

    def fences(self) -> Container[tuple[Pos, Pos]]:
        return {((a, b), (c, d)) for a, b, c, d, _ in self.view["fences"]}

    def price(self) -> dict[str, int]:
        price: dict[str, int] = (self.view.get("purchase") or {}).get("price") or {}
        return price

    def store(self) -> dict[str, int]:
        store: dict[str, int] = self.view["store"]
        return store

    def round_effect(self, name: str) -> set[str]:
        return set(self.view["effects"].get(name, ()))

    def last_event(self) -> Any:
        events = self.view["events"]
        return events[-1] if events else []


class DealFacts(Facts):
    """The facts of a decision from the position itself: a deal the searcher made, where
    the seat deciding sees what its view would show (its own screen, the public table)."""

    def __init__(self, position: Position, seat: int) -> None:
        self.position = position
        self.seat = seat

    def kind(self) -> str:
        pending = self.position.pending
        assert pending is not None and pending.player == self.seat
        return pending.kind

    def round(self) -> int:
        return self.position.round

    def first(self) -> int:
        return self.position.first

    def cubes(self) -> dict[str, int]:
        return cubes_by_colour(self.position.stocks[self.seat])

    def hand_size(self) -> int:
        return len(self.position.hands[self.seat])

    def targets(self) -> list[dict[str, int]]:
        position = self.position
        tiles = position.data.tiles
        costs: list[dict[str, int]] = []
        for r, row in enumerate(position.rows):
            if not any(tile is not None for tile in row):
                continue
            if face_up(position, r):
                for i, tile in enumerate(row):
                    if tile is None:
                        continue
                    printed = _PRINTED.get(tile)
                    if printed is None:
                        printed = _PRINTED[tile] = cubes_by_colour(tiles[tile].cost)
                    if printed:
                        costs.append(_with_price_cards(
                            printed, list(position.price_cards.get((r, i), ()))))
            if costs:
                break
        return costs

    def field_types(self) -> dict[Pos, str]:
        return {cell: FIELD_TYPES[t] for cell, t in self.position.fields.items()}

    def field_cells(self) -> Container[Pos]:
        return self.position.fields

    def field_type(self, cell: Pos) -> str:
        return FIELD_TYPES[self.position.fields[cell]]

    def tiles(self) -> list[Any]:
        return [(x, y, o, n, h) for (x, y), (o, n, h) in self.position.tiles.items()]

    def workers(self) -> list[Any]:
        return [(x, y, o) for (x, y), o in self.position.workers.items()]

    def fences(self) -> Container[tuple[Pos, Pos]]:
        return self.position.fences

    def price(self) -> dict[str, int]:
        position = self.position
        if position.purchase is None or not position.price:
            return {}
        return cubes_by_colour(position.price)

    def store(self) -> dict[str, int]:
        return cubes_by_colour(self.position.store)

    def round_effect(self, name: str) -> set[str]:
        types = self.position.bumper if name == "bumper_crop" else self.position.blight
        return {FIELD_TYPES[t] for t in types}

    def last_event(self) -> Any:
        events = self.position.events(1)
        return events[-1] if events else []


def _with_price_cards(printed: dict[str, int], cards: list[str]) -> dict[str, int]:
    """The cost a buyer will face: each attached Price Increase adds its cheapest colour."""
    if not cards:
        return printed                      # read only
    cost = dict(printed)
    for card in cards:
        if card == "C02":
            colour = min(cost, key=lambda c: CUBE_POINTS.get(c, 1))
            cost[colour] += 1
    return cost


class GreedyBot:
    """A heuristic player: houses early, buys what it can afford, plays useful laws.

    It aims at the cheapest face-up tile of the current row, collects and
    trades toward its cost, and pays with the cubes it needs least.
    """

    needs_view = True

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed * 7_919 + seat)
        self._memo: dict[str, Any] = {}
        """What this decision's facts give (several choices of one decision read them)."""

    # ------------------------------------------------------------ analysis
    def _targets(self, facts: Facts) -> list[dict[str, int]]:
        """Costs of the face-up tiles of the current row (and the next, if visible)."""
        costs: list[dict[str, int]] | None = self._memo.get("targets")
        if costs is None:
            costs = self._memo["targets"] = facts.targets()
        return costs

    def _needs(self, facts: Facts) -> dict[str, int]:
        """Cubes still missing for the nearest target tile."""
        needs = self._memo.get("needs")
        if needs is None:
            needs = self._memo["needs"] = self._shortfall(facts)
        return needs

    def _shortfall(self, facts: Facts) -> dict[str, int]:
        have = facts.cubes()
        best: dict[str, int] | None = None
        best_total = 0
        for cost in self._targets(facts):
            short = {c: k - have.get(c, 0) for c, k in cost.items() if k > have.get(c, 0)}
            total = sum(short.values())
            if best is None or total < best_total:
                best, best_total = short, total
        return best or {}

    def _wanted(self, facts: Facts) -> dict[str, int]:
        """How much each colour is worth keeping: in target costs, crafts for points."""
        want: dict[str, int] | None = self._memo.get("wanted")
        if want is None:
            wanted: dict[str, int] = {}
            for cost in self._targets(facts):
                for colour, k in cost.items():
                    wanted[colour] = wanted.get(colour, 0) + k
            want = self._memo["wanted"] = wanted
        return want

    # ------------------------------------------------------------ choosing
    def choose(self, view: View | None, legal: list[str]) -> str:
        """Pick a decision by simple priorities."""
        assert view is not None
        return self._decide(ViewFacts(view), legal)

    def choose_in_deal(self, state: Any, seat: int, legal: list[str]) -> str:
        """The same choice as :meth:`choose` with the seat's view of ``state`` (a
        Keythedral state the searcher dealt), read from its position without a view."""
        assert seat == self.seat
        return self._decide(DealFacts(state.position, seat), legal)

    def _decide(self, facts: Facts, legal: list[str]) -> str:
        kind = facts.kind()
        handler = getattr(self, f"_{kind}", None)
        self._memo = {}
        choice = handler(facts, legal) if handler else None
        if choice in legal:
            return str(choice)
        return legal[self.rng.below(len(legal))]

    def _best(self, legal: list[str], score: Any) -> str:
        """The best-scoring decision, the first of ``legal`` among equals."""
        best, best_score = legal[0], score(legal[0])
        for action in legal[1:]:
            value = score(action)
            if value > best_score:
                best, best_score = action, value
        return best

    def _field(self, facts: Facts, legal: list[str]) -> str:
        mine = {(x, y) for x, y, o, _, _ in facts.tiles() if o == self.seat}

        def score(a: str) -> int:
            x, y = _pos(a.split()[1])
            return sum(1 for s in _touching(x, y) if s in mine)

        return self._best(legal, score)

    def _cottage(self, facts: Facts, legal: list[str]) -> str:
        fields = facts.field_cells()
        rivals_near: dict[tuple[int, int], int] = {}   # rival tiles touching each corner
        for x, y, o, _, _ in facts.tiles():
            if o != self.seat:
                for corner in _touching(x, y):
                    rivals_near[corner] = rivals_near.get(corner, 0) + 1

        places: dict[str, int] = {}         # each corner's worth (many numbers share it)

        def score(a: str) -> int:
            _, number, pos = a.split()
            worth = places.get(pos)
            if worth is None:
                corners = _touching(*_pos(pos))
                near = sum(1 for c in corners if c in fields)
                worth = places[pos] = near * 10 - sum(rivals_near.get(c, 0) for c in corners)
            return worth - int(number)

        return self._best(legal, score)

    def _marker(self, facts: Facts, legal: list[str]) -> str:
        fields = facts.field_cells()
        workers = {(x, y) for x, y, _ in facts.workers()}
        fences = facts.fences()
        tiles = facts.tiles()

        def score(a: str) -> int:
            number = int(a.split()[1])
            total = 0
            for x, y, o, n, house in tiles:
                if o == self.seat and n == number:
                    free = [c for c in _touching(x, y) if c in fields and c not in workers
                            and ((x, y), c) not in fences]
                    total += min(len(free), 2 if house else 1)
            return total

        return self._best(legal, score)

    def _place(self, facts: Facts, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        needs = self._needs(facts)
        want = self._wanted(facts)
        worth = {ftype: needs.get(colour, 0) * 10 + want.get(colour, 0)
                 for ftype, colour in FIELD_COLOUR.items()}

        def score(a: str) -> int:
            if a == "done":
                return -1
            return worth[facts.field_type(_pos(a.split()[2]))]

        return self._best(legal, score)

    def _crop(self, facts: Facts, legal: list[str]) -> str:
        needs = self._needs(facts)
        return self._best(legal, lambda a: needs.get(a.split()[1], 0))

    def _turn(self, facts: Facts, legal: list[str]) -> str:
        buys = [a for a in legal if a.startswith("buy")]
        if buys:
            return buys[0]
        houses = [a for a in legal if a.startswith("house")]
        if houses and facts.round() <= 5:
            return houses[0]
        cubes = facts.cubes()
        total = sum(cubes.values())
        needs = self._needs(facts)
        for colour in ("yellow", "purple", "white"):
            if needs.get(colour, 0):
                for option in (f"craft {colour} discount", f"craft {colour}"):
                    if option in legal:
                        return option
        want = self._wanted(facts)
        spare = sum(max(0, k - want.get(c, 0)) for c, k in cubes.items() if c not in CRAFT_PRICE)
        if spare >= 2:
            for colour in sorted(needs, key=lambda c: -needs[c]):
                if colour not in CRAFT_PRICE and f"trade {colour}" in legal:
                    return f"trade {colour}"
            deals = [a for a in legal if a.startswith("deal")]
            if deals:
                return deals[0]
        if total >= 4 and facts.hand_size() < 2 and facts.round() <= 6:
            laws = [a for a in legal if a.startswith("law")]
            if laws:
                return laws[0]
        return "pass"

    def _pay(self, facts: Facts, legal: list[str]) -> str:
        cubes = facts.cubes()
        want = self._wanted(facts)

        def score(a: str) -> int:
            colour = a.split()[1]
            return cubes.get(colour, 0) - want.get(colour, 0) * 2 - CUBE_POINTS.get(colour, 1) * 3

        return self._best(legal, score)

    def _add(self, facts: Facts, legal: list[str]) -> str:
        cubes = facts.cubes()
        return self._best(legal, lambda a: cubes.get(a.split()[1], 0))

    def _remove(self, facts: Facts, legal: list[str]) -> str:
        cubes = facts.cubes()
        return self._best(legal, lambda a: -cubes.get(a.split()[1], 0))

    def _style(self, facts: Facts, legal: list[str]) -> str:
        return "style resources" if "style resources" in legal else legal[0]

    def _as(self, facts: Facts, legal: list[str]) -> str:
        cubes = facts.cubes()
        price = facts.price()
        return self._best(legal, lambda a: cubes.get(a.split()[1], 0) - price.get(a.split()[1], 0))

    def _final(self, facts: Facts, legal: list[str]) -> str:
        return "pay" if "pay" in legal else "withdraw"

    def _bid(self, facts: Facts, legal: list[str]) -> str:
        return "pass"

    def _first(self, facts: Facts, legal: list[str]) -> str:
        return f"first {self.seat}"

    def _relay(self, facts: Facts, legal: list[str]) -> str:
        fields = facts.field_cells()
        return self._best(legal, lambda a: sum(
            1 for c in _touching(*_pos(a.split()[1])) if c in fields))

    def _veto(self, facts: Facts, legal: list[str]) -> str:
        last = facts.last_event()
        if len(last) >= 3 and last[0] == "play":
            words = str(last[2]).split()
            if words[1] in ("C17", "C19", "C20", "C01", "C12"):
                return "veto"
        return "pass"

    def _law(self, facts: Facts, legal: list[str]) -> str:
        plays = [a for a in legal if a != "pass"]
        ranked = sorted(plays, key=lambda a: -self._play_value(facts, a))
        if ranked and self._play_value(facts, ranked[0]) > 0:
            return ranked[0]
        return "pass" if "pass" in legal else legal[0]

    def _play_value(self, facts: Facts, play: str) -> int:
        words = play.split()
        card = words[1]
        me = self.seat
        if card == "C03":
            return 3
        if card == "C04":
            return 5
        if card == "C05":
            return 4
        if card == "C07":
            return self._craft_exchange_value(facts, words[2], words[3])
        if card == "C14":
            return self._hard_worker_value(facts)
        if card == "C01":
            return 2
        if card == "C12":
            return 1 if facts.round() <= 4 else 0
        if card == "C17":
            slot = _pos(words[2])
            owner = next(o for x, y, o, _, _ in facts.tiles() if (x, y) == slot)
            return 2 if owner != me else -5
        if card in ("C18", "C19", "C08"):
            return self._field_card_value(facts, card, words[2])
        if card == "C20":
            return 1 if int(words[2]) == me and facts.first() != me else -1
        if card == "C02":
            return 1
        return 0

    def _craft_exchange_value(self, facts: Facts, resource: str, craft: str) -> int:
        """KT-12.7: offered only while the store holds that craft cube; worth the points
        gained, more if the target tile needs it, nothing if the resource is needed."""
        needs = self._needs(facts)
        if needs.get(resource, 0):
            return 0
        return CUBE_POINTS[craft] - 1 + (3 if needs.get(craft, 0) else 0)

    def _hard_worker_value(self, facts: Facts) -> int:
        """KT-12.14: the extra cubes from doubling every own worker's harvest.

        The store decides it (KT-6.4, all or nothing per colour): doubling gains a
        colour's entitlement only if the store holds twice it, and loses the colour if
        the store holds the single amount but not the double.  Workers not yet placed
        count nothing, so the card waits for a round and a moment where it pays.
        """
        bumper = facts.round_effect("bumper_crop")
        blight = facts.round_effect("blight")
        types = facts.field_types()
        owed: dict[str, int] = {}
        for x, y, owner in facts.workers():
            ftype = types[(x, y)]
            if owner == self.seat and ftype not in blight:
                colour = FIELD_COLOUR[ftype]
                owed[colour] = owed.get(colour, 0) + (2 if ftype in bumper else 1)
        store = facts.store()
        return sum((k * 2 if store.get(c, 0) >= k * 2 else 0) - (k if store.get(c, 0) >= k else 0)
                   for c, k in owed.items())

    def _field_card_value(self, facts: Facts, card: str, ftype: str) -> int:
        types = facts.field_types()
        workers = facts.workers()
        mine = sum(1 for x, y, o in workers if o == self.seat and types[(x, y)] == ftype)
        others = sum(1 for x, y, o in workers if o != self.seat and types[(x, y)] == ftype)
        if card == "C18":
            return mine * 2 - others
        if card == "C19":
            return others - mine * 2
        return mine
