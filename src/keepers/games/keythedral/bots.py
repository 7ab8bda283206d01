"""Keythedral bots.  They decide from their own view and the legal decisions only."""

from __future__ import annotations

from typing import Any

from keepers.core.game import ViewMapping as View
from keepers.core.rng import Rng

FIELD_COLOUR = {"quarry": "black", "forest": "brown", "lake": "blue", "farm": "green",
                "vineyard": "red"}
CUBE_POINTS = {"white": 2, "purple": 3, "yellow": 4}
CRAFT_PRICE = {"white": 2, "purple": 3, "yellow": 4}


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
        """What this decision's view gives (several choices of one decision read it)."""

    # ------------------------------------------------------------ analysis
    def _targets(self, view: View) -> list[dict[str, int]]:
        """Costs of the face-up tiles of the current row (and the next, if visible)."""
        costs: list[dict[str, int]] | None = self._memo.get("targets")
        if costs is not None:
            return costs
        costs = []
        for row in view["mat"]:
            spaces = [s for s in row["spaces"] if s["tile"]]
            if not spaces:
                continue
            costs.extend(self._with_price_cards(s) for s in spaces if s["cost"])
            if costs:
                break
        self._memo["targets"] = costs
        return costs

    @staticmethod
    def _with_price_cards(space: dict[str, Any]) -> dict[str, int]:
        """The cost a buyer will face: each attached Price Increase adds its cheapest colour."""
        printed: dict[str, int] = space["cost"]
        if not space["price_cards"]:
            return printed                  # read only
        cost = dict(printed)
        for card in space["price_cards"]:
            if card == "C02":
                colour = min(cost, key=lambda c: CUBE_POINTS.get(c, 1))
                cost[colour] += 1
        return cost

    def _needs(self, view: View) -> dict[str, int]:
        """Cubes still missing for the nearest target tile."""
        needs = self._memo.get("needs")
        if needs is None:
            needs = self._memo["needs"] = self._shortfall(view)
        return needs

    def _shortfall(self, view: View) -> dict[str, int]:
        have = view["you"]["cubes"]
        best: dict[str, int] | None = None
        best_total = 0
        for cost in self._targets(view):
            short = {c: k - have.get(c, 0) for c, k in cost.items() if k > have.get(c, 0)}
            total = sum(short.values())
            if best is None or total < best_total:
                best, best_total = short, total
        return best or {}

    def _wanted(self, view: View) -> dict[str, int]:
        """How much each colour is worth keeping: in target costs, crafts for points."""
        want: dict[str, int] | None = self._memo.get("wanted")
        if want is None:
            wanted: dict[str, int] = {}
            for cost in self._targets(view):
                for colour, k in cost.items():
                    wanted[colour] = wanted.get(colour, 0) + k
            want = self._memo["wanted"] = wanted
        return want

    # ------------------------------------------------------------ choosing
    def choose(self, view: View | None, legal: list[str]) -> str:
        """Pick a decision by simple priorities."""
        assert view is not None
        kind = view["decision"]["kind"]
        handler = getattr(self, f"_{kind}", None)
        self._memo = {}
        choice = handler(view, legal) if handler else None
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

    def _field(self, view: View, legal: list[str]) -> str:
        mine = {(x, y) for x, y, o, _, _ in view["tiles"] if o == self.seat}

        def score(a: str) -> int:
            x, y = _pos(a.split()[1])
            return sum(1 for s in _touching(x, y) if s in mine)

        return self._best(legal, score)

    def _cottage(self, view: View, legal: list[str]) -> str:
        fields = {(x, y) for x, y, _ in view["fields"]}
        rivals_near: dict[tuple[int, int], int] = {}   # rival tiles touching each corner
        for x, y, o, _, _ in view["tiles"]:
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

    def _marker(self, view: View, legal: list[str]) -> str:
        fields = {(x, y) for x, y, _ in view["fields"]}
        workers = {(x, y) for x, y, _ in view["workers"]}
        fences = {((a, b), (c, d)) for a, b, c, d, _ in view["fences"]}

        def score(a: str) -> int:
            number = int(a.split()[1])
            total = 0
            for x, y, o, n, house in view["tiles"]:
                if o == self.seat and n == number:
                    free = [c for c in _touching(x, y) if c in fields and c not in workers
                            and ((x, y), c) not in fences]
                    total += min(len(free), 2 if house else 1)
            return total

        return self._best(legal, score)

    def _place(self, view: View, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        needs = self._needs(view)
        want = self._wanted(view)
        worth = {colour: needs.get(colour, 0) * 10 + want.get(colour, 0)
                 for colour in FIELD_COLOUR.values()}
        field_worth = {(x, y): worth[FIELD_COLOUR[t]] for x, y, t in view["fields"]}

        def score(a: str) -> int:
            if a == "done":
                return -1
            return field_worth[_pos(a.split()[2])]

        return self._best(legal, score)

    def _crop(self, view: View, legal: list[str]) -> str:
        needs = self._needs(view)
        return self._best(legal, lambda a: needs.get(a.split()[1], 0))

    def _turn(self, view: View, legal: list[str]) -> str:
        buys = [a for a in legal if a.startswith("buy")]
        if buys:
            return buys[0]
        houses = [a for a in legal if a.startswith("house")]
        if houses and view["round"] <= 5:
            return houses[0]
        cubes: dict[str, int] = view["you"]["cubes"]
        total = sum(cubes.values())
        needs = self._needs(view)
        for colour in ("yellow", "purple", "white"):
            if needs.get(colour, 0):
                for option in (f"craft {colour} discount", f"craft {colour}"):
                    if option in legal:
                        return option
        want = self._wanted(view)
        spare = sum(max(0, k - want.get(c, 0)) for c, k in cubes.items() if c not in CRAFT_PRICE)
        if spare >= 2:
            for colour in sorted(needs, key=lambda c: -needs[c]):
                if colour not in CRAFT_PRICE and f"trade {colour}" in legal:
                    return f"trade {colour}"
            deals = [a for a in legal if a.startswith("deal")]
            if deals:
                return deals[0]
        if total >= 4 and len(view["you"]["hand"]) < 2 and view["round"] <= 6:
            laws = [a for a in legal if a.startswith("law")]
            if laws:
                return laws[0]
        return "pass"

    def _pay(self, view: View, legal: list[str]) -> str:
        cubes: dict[str, int] = view["you"]["cubes"]
        want = self._wanted(view)

        def score(a: str) -> int:
            colour = a.split()[1]
            return cubes.get(colour, 0) - want.get(colour, 0) * 2 - CUBE_POINTS.get(colour, 1) * 3

        return self._best(legal, score)

    def _add(self, view: View, legal: list[str]) -> str:
        cubes: dict[str, int] = view["you"]["cubes"]
        return self._best(legal, lambda a: cubes.get(a.split()[1], 0))

    def _remove(self, view: View, legal: list[str]) -> str:
        cubes: dict[str, int] = view["you"]["cubes"]
        return self._best(legal, lambda a: -cubes.get(a.split()[1], 0))

    def _style(self, view: View, legal: list[str]) -> str:
        return "style resources" if "style resources" in legal else legal[0]

    def _as(self, view: View, legal: list[str]) -> str:
        cubes: dict[str, int] = view["you"]["cubes"]
        price: dict[str, int] = (view.get("purchase") or {}).get("price") or {}
        return self._best(legal, lambda a: cubes.get(a.split()[1], 0) - price.get(a.split()[1], 0))

    def _final(self, view: View, legal: list[str]) -> str:
        return "pay" if "pay" in legal else "withdraw"

    def _bid(self, view: View, legal: list[str]) -> str:
        return "pass"

    def _first(self, view: View, legal: list[str]) -> str:
        return f"first {self.seat}"

    def _relay(self, view: View, legal: list[str]) -> str:
        fields = {(x, y) for x, y, _ in view["fields"]}
        return self._best(legal, lambda a: sum(
            1 for c in _touching(*_pos(a.split()[1])) if c in fields))

    def _veto(self, view: View, legal: list[str]) -> str:
        events = view["events"]
        last = events[-1] if events else []
        if len(last) >= 3 and last[0] == "play":
            words = str(last[2]).split()
            if words[1] in ("C17", "C19", "C20", "C01", "C12"):
                return "veto"
        return "pass"

    def _law(self, view: View, legal: list[str]) -> str:
        plays = [a for a in legal if a != "pass"]
        ranked = sorted(plays, key=lambda a: -self._play_value(view, a))
        if ranked and self._play_value(view, ranked[0]) > 0:
            return ranked[0]
        return "pass" if "pass" in legal else legal[0]

    def _play_value(self, view: View, play: str) -> int:
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
            return self._craft_exchange_value(view, words[2], words[3])
        if card == "C14":
            return self._hard_worker_value(view)
        if card == "C01":
            return 2
        if card == "C12":
            return 1 if view["round"] <= 4 else 0
        if card == "C17":
            slot = _pos(words[2])
            owner = next(o for x, y, o, _, _ in view["tiles"] if (x, y) == slot)
            return 2 if owner != me else -5
        if card in ("C18", "C19", "C08"):
            return self._field_card_value(view, card, words[2])
        if card == "C20":
            return 1 if int(words[2]) == me and view["first"] != me else -1
        if card == "C02":
            return 1
        return 0

    def _craft_exchange_value(self, view: View, resource: str, craft: str) -> int:
        """KT-12.7: offered only while the store holds that craft cube; worth the points
        gained, more if the target tile needs it, nothing if the resource is needed."""
        needs = self._needs(view)
        if needs.get(resource, 0):
            return 0
        return CUBE_POINTS[craft] - 1 + (3 if needs.get(craft, 0) else 0)

    def _hard_worker_value(self, view: View) -> int:
        """KT-12.14: the extra cubes from doubling every own worker's harvest.

        The store decides it (KT-6.4, all or nothing per colour): doubling gains a
        colour's entitlement only if the store holds twice it, and loses the colour if
        the store holds the single amount but not the double.  Workers not yet placed
        count nothing, so the card waits for a round and a moment where it pays.
        """
        effects = view["effects"]
        bumper = set(effects.get("bumper_crop", ()))
        blight = set(effects.get("blight", ()))
        types = {(x, y): t for x, y, t in view["fields"]}
        owed: dict[str, int] = {}
        for x, y, owner in view["workers"]:
            ftype = types[(x, y)]
            if owner == self.seat and ftype not in blight:
                colour = FIELD_COLOUR[ftype]
                owed[colour] = owed.get(colour, 0) + (2 if ftype in bumper else 1)
        store = view["store"]
        return sum((k * 2 if store.get(c, 0) >= k * 2 else 0) - (k if store.get(c, 0) >= k else 0)
                   for c, k in owed.items())

    def _field_card_value(self, view: View, card: str, ftype: str) -> int:
        types = {(x, y): t for x, y, t in view["fields"]}
        mine = sum(1 for x, y, o in view["workers"] if o == self.seat and types[(x, y)] == ftype)
        others = sum(1 for x, y, o in view["workers"] if o != self.seat and types[(x, y)] == ftype)
        if card == "C18":
            return mine * 2 - others
        if card == "C19":
            return others - mine * 2
        return mine
