"""The greedy bot: one-look heuristics over the decision texts and the bot's own view.

It never sees hidden information: only its view (own hand, public board) and the
static component data.
"""

from __future__ import annotations

from typing import Any

from keepers.core.bots import best_valued
from keepers.core.game import ViewMapping as View
from keepers.core.rng import Rng
from keepers.games.viscounts.data import load_data
from keepers.games.viscounts.views import player_view

_FIXED = {
    "action build": 50, "action transcribe": 55, "action workers": 40, "action trade": 20,
    "action pass": 0, "recruit pass": 5, "dismiss none": 10, "rearrange keep": 10,
    "discard done": 1, "destroy done": 1, "shift done": 1, "hire none": 1, "flip debt": 12,
    "flip deed": 10, "pick none": 0, "chest none": 2,
}
_SLOT_VALUE = {"GH": 24, "TP": 18, "WS": 12}
_REFUSE_VALUE = {"all_of": 2, "gain": 3}


class GreedyBot:
    """Moves where it can act, prefers transcribing and building, pays as little as it can."""

    needs_view = True

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed * 7_919 + seat)
        self.data = load_data()
        self._spaces: dict[str, tuple[dict[str, Any], str]] | None = None
        self._mine: tuple[View, dict[str, Any]] | None = None
        """The view of a decision and the bot's own entry of its ``players``."""
        self._deal: tuple[View, Any] | None = None
        """The view of a decision taken in a deal, and the dealt state."""

    def choose(self, view: View | None, legal: list[str]) -> str:
        """Return the legal decision with the best heuristic value (ties broken at random)."""
        view = view or {}
        self._spaces = None
        return best_valued(legal, [self.value(view, action) for action in legal], self.rng)

    def choose_in_deal(self, state: Any, seat: int, legal: list[str]) -> str:
        """The same choice as :meth:`choose` with ``seat``'s view of ``state`` (a
        Viscounts state the searcher dealt), whose ``players`` entry is built for this
        seat alone: the only one the bot reads."""
        assert seat == self.seat
        view = state.bot_view(seat)
        self._deal = (view, state)
        return self.choose(view, legal)

    def value(self, view: View, action: str) -> int:
        """Heuristic value of one decision text."""
        if action in _FIXED:
            return _FIXED[action]
        verb, _, rest = action.partition(" ")
        handler = getattr(self, f"_v_{verb}", None)
        return int(handler(view, rest, action)) if handler else 3

    # ------------------------------------------------------------------ per verb
    def _me(self, view: View) -> dict[str, Any]:
        """The bot's own entry of the view's ``players`` (read once per view)."""
        if self._mine is None or self._mine[0] is not view:
            if self._deal is not None and self._deal[0] is view:
                mine = player_view(self._deal[1].position, self.seat, self.seat)
            else:
                players: list[dict[str, Any]] = view.get("players", [])
                mine = players[self.seat] if players else {}
            self._mine = (view, mine)
        return self._mine[1]

    def _v_move(self, view: View, rest: str, action: str) -> int:
        space = self._ring_spaces(view).get(rest)
        if space is None:
            return 0
        decision = view.get("decision") or {}
        cost = int(decision.get("costs", {}).get(action, 0))
        return self._space_value(self._me(view), *space) - 4 * cost

    def _ring_spaces(self, view: View) -> dict[str, tuple[dict[str, Any], str]]:
        """Each number of the ring (a move's destination): its ring entry and the kind of
        space, the first in ring order; read once per decision."""
        if self._spaces is None:
            self._spaces = {}
            for entry in view.get("ring", []):
                for kind, number in entry["numbers"].items():
                    self._spaces.setdefault(number, (entry, kind))
        return self._spaces

    def _space_value(self, me: dict[str, Any], entry: dict[str, Any], kind: str) -> int:
        icons = me.get("icons", {})
        wild = int(icons.get("criminal", 0))
        if kind == "I":
            best = 0
            top = entry.get("manuscript_top")
            if top and top in self.data.manuscripts:
                cost = self.data.manuscripts[top].cost
                if icons.get("cleric", 0) + wild + me.get("ink", 0) >= cost:
                    best = 40 + cost
            if icons.get("noble", 0) + wild + me.get("gold", 0) >= 3:
                best = max(best, 32)
            return best
        free = [s for s in entry["groups"][kind] if entry["spots"].get(s) is None]
        if free and icons.get("builder", 0) + wild + me.get("stone", 0) >= 3:
            return 45
        return 10 + int(icons.get("merchant", 0)) + wild

    def _v_trade(self, view: View, rest: str, action: str) -> int:
        return 20 + int(rest) * 5

    def _v_workers(self, view: View, rest: str, action: str) -> int:
        return 20 + int(rest) * 6

    def _v_build(self, view: View, rest: str, action: str) -> int:
        return _SLOT_VALUE.get(rest[:2], 10) + (3 if rest.startswith(("GH2", "WS3", "TP3")) else 0)

    def _v_pay(self, view: View, rest: str, action: str) -> int:
        weights = {"silver": 1, "ink": 2, "gold": 2, "stone": 2}
        return 30 - sum(weights[k] * int(v) for k, v in
                        (p.split("=") for p in rest.split(",") if "=" in p))

    def _v_take(self, view: View, rest: str, action: str) -> int:
        return 20 - int(self._me(view).get(rest, 0))

    def _v_play(self, view: View, rest: str, action: str) -> int:
        card = self.data.card(rest)
        return 10 + sum(card.icons.values()) - 3 * card.icon_count("criminal")

    def _v_recruit(self, view: View, rest: str, action: str) -> int:
        if rest == "KO":                     # a king's order instead (VG-2.2)
            return 6
        card = self.data.card(rest)
        return 4 + sum(card.icons.values()) - card.icon_count("criminal") * 2

    def _v_hire(self, view: View, rest: str, action: str) -> int:
        return 9 if rest == "KO" else 8      # a king's order also welcomes an outsider later

    def _v_dismiss(self, view: View, rest: str, action: str) -> int:
        return 6

    def _v_transcribe(self, view: View, rest: str, action: str) -> int:
        return 15

    def _v_discard(self, view: View, rest: str, action: str) -> int:
        return 2 if rest == "TF-S-thief" else 0

    def _v_destroy(self, view: View, rest: str, action: str) -> int:
        return 4 if rest in ("TF-S-thief", "TF-S-lender") else 0

    def _v_pick(self, view: View, rest: str, action: str) -> int:
        return 9 if rest.startswith(("gain", "flip", "hire")) else 5

    def _v_take_ms(self, view: View, rest: str, action: str) -> int:
        return 15

    def _v_cascade(self, view: View, rest: str, action: str) -> int:
        return 15

    # Keeper of Keys (VK-3 to VK-5)
    def _v_hero(self, view: View, rest: str, action: str) -> int:
        card = self.data.card(rest)
        return 10 + sum(card.icons.values()) - 2 * card.icon_count("criminal")

    def _v_chest(self, view: View, rest: str, action: str) -> int:
        tile, _, space = rest.partition(" ")
        me = self._me(view)
        chests = me.get("chests", [None, None, None])
        replacing = chests[int(space) - 1] is not None if chests else False
        timing = self.data.chest_tiles[tile].timing
        # conversions help at once under the newest card; rewards under spaces 2 and 3
        prefer = {"ongoing": ("1", "2"), "entry": ("2", "3")}[timing]
        return 12 + (2 if space in prefer else 0) - (8 if replacing else 0)

    def _v_public(self, view: View, rest: str, action: str) -> int:
        public = self.data.public_buildings[rest.split()[0]]
        return 30 + public.vp

    def _v_cover(self, view: View, rest: str, action: str) -> int:
        return 5 - int(rest[2:] or 0)             # keep the better (later) slots revealed

    def _v_set_aside(self, view: View, rest: str, action: str) -> int:
        card = self.data.card(rest)
        return 3 * card.icon_count("criminal") + (2 if card.name == "Lender" else 0)

    # Gates of Gold (VG-2, VG-4)
    def _v_welcome(self, view: View, rest: str, action: str) -> int:
        card = self.data.card(rest)
        return 8 + int(card.silver) + sum(card.icons.values())

    def _v_refuse(self, view: View, rest: str, action: str) -> int:
        return 8 + _REFUSE_VALUE.get(self.data.card(rest).refuse.name, 0)

    def _v_board(self, view: View, rest: str, action: str) -> int:
        # Column abilities only when they clearly help: a draw with a short hand.
        me = self._me(view)
        hand = me.get("hand", [])
        return 7 if rest == "draw" and isinstance(hand, list) and len(hand) <= 1 else 0

    def _v_spend(self, view: View, rest: str, action: str) -> int:
        return 10 + int(self._me(view).get(rest, 0))      # the resource it holds most

    def _v_ribbon(self, view: View, rest: str, action: str) -> int:
        mine = [self.data.manuscripts[m].ribbon for m in self._me(view).get("manuscripts", [])
                if m in self.data.manuscripts]
        return 10 + (5 if rest not in mine else 0) + mine.count(rest)

    def _v_bump(self, view: View, rest: str, action: str) -> int:
        return 2 if rest.split()[0] == str(self.seat) else 10
