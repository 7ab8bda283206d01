"""Bots for Les Gardiens du Royaume.

``greedy`` decides from its own view and the legal decisions only: it scores
each legal action with simple heuristics (buildings for points, attacks with
good odds, expansion, recruiting) and picks the best, ties broken by its own
seeded generator.  It makes no alliances and gives no cubes (GR-29.5).  ``random``
(the core's) may give cubes to an ally: each gift takes a cube from the giver and
costs no action, so a turn still ends.

Greedy reads a lazy view (:class:`~keepers.games.gardiens.views.GardiensView`) one hex
and one seat at a time, as a decision needs them, instead of the whole board and every
seat: in play from its seat's view, inside a search from that seat's view of the deal
(the core's rollouts hand every bot its seat's lazy view).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Generic, TypeVar

from keepers.core.bots import best_valued
from keepers.core.game import JsonDict
from keepers.core.rng import Rng
from keepers.games.gardiens.data import load
from keepers.games.gardiens.views import GardiensView

BUILD_PREFERENCE = {"watchtower": 6, "warehouse": 5, "fortress": 4, "market": 2, "temple": 3}
NEED_BASE = {"gold": 5, "food": 5, "stone": 4, "wood": 4, "magic": 1}
"""How much each resource is wanted before counting the cubes held."""


@cache
def dice_sum_distribution(dice: int) -> tuple[float, ...]:
    """Probability of each total for ``dice`` combat dice (index = total)."""
    data = load()
    values = [data.face_values[face] for face in data.dice_faces]
    dist = [1.0]
    for _ in range(dice):
        new = [0.0] * (len(dist) + max(values))
        for total, prob in enumerate(dist):
            for value in values:
                new[total + value] += prob / len(values)
        dist = new
    return tuple(dist)


@cache
def attack_win_chance(att_dice: int, def_dice: int, def_bonus: int) -> float:
    """Probability that the attacker's total strictly beats the defender's (GR-10.7)."""
    att, dfn = dice_sum_distribution(att_dice), dice_sum_distribution(def_dice)
    win = 0.0
    for a_total, a_prob in enumerate(att):
        for d_total, d_prob in enumerate(dfn):
            if a_total > d_total + def_bonus:
                win += a_prob * d_prob
    return win


class GreedyBot:
    """Heuristic player: points first, good-odds attacks, expansion, recruits."""

    needs_view = True

    def __init__(self, seat: int, seed: int) -> None:
        self.rng = Rng(seed * 7_919 + seat + 1)

    def choose(self, view: JsonDict | None, legal: list[str]) -> str:
        """Return the best-scored legal decision."""
        if view is None or len(legal) == 1:
            return legal[0]
        score = Context(view).score
        return best_valued(legal, [score(action) for action in legal], self.rng)


T = TypeVar("T")


class _once(Generic[T]):  # noqa: N801 - read like functools.cached_property
    """``functools.cached_property`` without its lock (Python 3.11 takes one at each first
    read, a tenth of this bot's time): a :class:`Context` lives for one decision."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__

    def __get__(self, context: Any, owner: type | None = None) -> T:
        value = context.__dict__[self.name] = self.compute(context)
        return value


class Context:
    """What the greedy bot derives from its view."""

    def __init__(self, view: JsonDict) -> None:
        self.view = view
        self.me: str = view["you_colour"]
        self.kind: str = view["decision"]["kind"] if view["decision"] else ""
        self.bonuses: dict[str, float] = {}
        """hex_goal_bonus by hex (a turn's moves reach each hex from several sources)."""

    # Read from the view when a scorer first needs them (a lazy view then builds only
    # the entries this decision reads: most decisions never look at the board).
    @_once
    def hexes(self) -> Mapping[str, dict[str, Any]]:
        if isinstance(self.view, GardiensView):
            return self.view.hexes_by_label()
        return {h["hex"]: h for h in self.view["board"]}

    @_once
    def seats(self) -> Mapping[str, dict[str, Any]]:
        if isinstance(self.view, GardiensView):
            return self.view.seats_by_colour()
        return {s["colour"]: s for s in self.view["seats"]}

    @_once
    def cubes(self) -> dict[str, int]:
        cubes: dict[str, int] = self.seats[self.me]["cubes"]
        return cubes

    @_once
    def goals(self) -> list[dict[str, Any]]:
        return open_goals(self.view)

    @_once
    def home(self) -> str:
        home: str = self.seats[self.me]["home"]
        return home

    # -- helpers --------------------------------------------------------------
    def enemy_neighbours(self, label: str) -> int:
        """Number of adjacent hexes held by other players (or Shadows)."""
        hex_ = self.hexes[label]
        return sum(1 for n in hex_["adjacent"]
                   if (self.hexes[n]["owner"] not in (None, self.me)) or self.hexes[n]["shadows"])

    @_once
    def needs(self) -> dict[str, int]:
        """How much the bot wants one more cube of each resource (higher = more)."""
        wanted = {g["resource"] for g in self.goals if g["kind"] == "hold_resource"}
        return {resource: base * 3 - min(self.cubes[resource], 4) * 3
                + (8 if resource in wanted else 0) for resource, base in NEED_BASE.items()}

    def need(self, resource: str) -> int:
        """How much the bot wants one more cube of ``resource``."""
        return self.needs[resource]

    def hex_goal_bonus(self, label: str) -> float:
        """Extra value of taking a hex for the bot's open objectives (GR-24.2)."""
        bonus = self.bonuses.get(label)
        if bonus is None:
            bonus = self.bonuses[label] = self._hex_goal_bonus(label)
        return bonus

    def _hex_goal_bonus(self, label: str) -> float:
        hex_ = self.hexes[label]
        bonus = 0.0
        for goal in self.goals:
            kind = goal["kind"]
            if kind == "control_printed" and hex_["resource"] == goal["resource"]:
                bonus += 8
            elif kind == "control_kind" and hex_["kind"] == goal["hex_kind"]:
                bonus += 8
            elif kind == "control_citadel" and hex_["kind"] == "citadel":
                bonus += 8
            elif kind == "control_count":
                bonus += 3
            elif kind == "home_and_neighbours" and (
                    label == self.home or label in self.hexes[self.home]["adjacent"]):
                bonus += 8
        return bonus

    @_once
    def goal_kinds(self) -> frozenset[str]:
        return frozenset(goal["kind"] for goal in self.goals)

    def goal_wants(self, kind: str, **fields: str) -> bool:
        """True when an open objective has this kind (and these fields)."""
        return kind in self.goal_kinds and any(
            g["kind"] == kind and all(g.get(k) == v for k, v in fields.items())
            for g in self.goals)

    # -- scoring --------------------------------------------------------------
    def score(self, action: str) -> float:
        """Score one legal decision; higher is better."""
        words = action.split()
        handler = SCORERS.get(words[0])
        return handler(self, words[1:]) if handler else 0.0

    def _s_build(self, args: list[str]) -> float:
        if self.kind == "effect" and len(args) == 2:
            return 60 + BUILD_PREFERENCE.get(args[0], 0)
        key, label = args
        bonus = 3 if key == "fortress" and self.enemy_neighbours(label) else 0
        if key == "warehouse" and self.hexes[label]["kind"] != "source":
            bonus += 1
        if self.goal_wants("control_building", building=key):
            bonus += 8
        if (self.goal_wants("counter", counter="building_types_built")
                and key not in self.seats[self.me]["building_types"]):
            bonus += 8
        return 80 + BUILD_PREFERENCE.get(key, 0) + bonus

    def _s_attack(self, args: list[str]) -> float:
        src, dst, k = self.hexes[args[0]], self.hexes[args[1]], int(args[2])
        if k != src["guardians"]:
            return -1
        if dst["shadows"]:
            return 55 if k >= 2 else -1
        defenders = dst["guardians"]
        owner = self.seats[dst["owner"]]
        bonus = (2 if dst["building"] == "fortress" else 0) + (1 if owner["cubes"]["magic"] else 0)
        chance = attack_win_chance(min(k, 3), min(defenders, 3), bonus)
        warlord = self.goal_wants("counter", counter="combats_won")
        if chance < (0.5 if warlord else 0.55):
            return -1
        value = 50 + 30 * chance + (15 if dst["kind"] == "citadel" else 0)
        value += self.hex_goal_bonus(args[1]) + (5 if warlord else 0)
        return value + (5 if dst["building"] else 0) + (5 if defenders <= 2 else 0)

    def _s_move(self, args: list[str]) -> float:
        src, dst, n = self.hexes[args[0]], self.hexes[args[1]], int(args[2])
        if dst["owner"] == self.me:
            return -1
        leave = src["guardians"] - n
        if leave < 1:
            return -1
        base = 70.0 if dst["kind"] == "citadel" else 45.0
        if dst["kind"] == "source":
            base += 5
        base += self.hex_goal_bonus(args[1])
        return base + (2 if n == src["guardians"] - 1 else 0)

    def _s_recruit(self, args: list[str]) -> float:
        return 50.0 if self.goal_wants("guardians_on_map") else 40.0

    def _s_play(self, args: list[str]) -> float:
        return 5.0 if self.goal_wants("hand_size") else 35.0

    def _s_trade(self, args: list[str]) -> float:
        if args[0] == "partner":
            return -1
        surplus = max(self.cubes.values())
        merchant = self.goal_wants("counter", counter="trade_actions")
        return (30 if surplus >= 4 else -1) + (20 if merchant and surplus >= 3 else 0)

    def _s_exchange(self, args: list[str]) -> float:
        give, take = args
        return self.need(take) - self.need(give) + 1

    def _s_source(self, args: list[str]) -> float:
        return self.need(args[0])

    def _s_gain(self, args: list[str]) -> float:
        return self.need(args[0])

    def _s_place(self, args: list[str]) -> float:
        guardians: int = self.hexes[args[0]]["guardians"]
        return float(10 + 3 * self.enemy_neighbours(args[0]) - guardians)

    def _s_conquer(self, args: list[str]) -> float:
        ctx = self.view["decision"]["context"]
        source: int = self.hexes[ctx["S"]]["guardians"]
        moved = int(args[0])
        return float(moved + (10 if source - moved >= 1 else 0))

    def _s_defend(self, args: list[str]) -> float:
        return len(args) + (0 if args == ["none"] else 1)

    def _s_card(self, args: list[str]) -> float:
        return 5.0

    def _s_take(self, args: list[str]) -> float:
        if len(args) == 2:
            return -1.0
        return 1.0 if args[0] == "deck" else 2.0

    def _s_forward(self, args: list[str]) -> float:
        return 2.0 if args[0].startswith("S-") else 1.0

    def _s_stop(self, args: list[str]) -> float:
        return 0.5

    def _s_prevent(self, args: list[str]) -> float:
        return 5.0

    def _s_propose(self, args: list[str]) -> float:
        return 5.0 if self.kind == "partner" else -1

    def _s_skip(self, args: list[str]) -> float:
        return 1.0

    def _s_pass(self, args: list[str]) -> float:
        return 0.0

    def _s_other(self, args: list[str]) -> float:
        return 0.0

    def _s_steal(self, args: list[str]) -> float:
        return self.need(args[1])

    def _s_protect(self, args: list[str]) -> float:
        return float(self.enemy_neighbours(args[0]) + self.hexes[args[0]]["guardians"])

    def _s_give(self, args: list[str]) -> float:
        # Never gives: a gift to an ally (GR-29.5) only helps another player win, and
        # this bot makes no alliances; "end" (0.5) closes the gift window at once.
        return -1.0


def open_goals(view: JsonDict) -> list[dict[str, Any]]:
    """The conditions of the viewer's objectives not yet accomplished (``all`` flattened)."""
    objectives = load().objectives
    goals: list[dict[str, Any]] = []
    for item in view.get("objectives", []):
        if item["done"] or item["id"] not in objectives:
            continue
        condition = objectives[item["id"]].condition
        goals += list(condition["of"]) if condition["kind"] == "all" else [condition]
    return goals


SCORERS: dict[str, Callable[[Context, list[str]], float]] = {
    "build": Context._s_build, "attack": Context._s_attack, "move": Context._s_move,
    "recruit": Context._s_recruit, "play": Context._s_play, "trade": Context._s_trade,
    "exchange": Context._s_exchange, "source": Context._s_source, "gain": Context._s_gain,
    "place": Context._s_place, "conquer": Context._s_conquer, "defend": Context._s_defend,
    "card": Context._s_card, "take": Context._s_take, "forward": Context._s_forward,
    "stop": Context._s_stop, "prevent": Context._s_prevent, "propose": Context._s_propose,
    "skip": Context._s_skip, "pass": Context._s_pass, "steal": Context._s_steal,
    "protect": Context._s_protect, "give": Context._s_give, "refuse": Context._s_skip,
    "done": Context._s_stop, "end": Context._s_stop, "nocard": Context._s_other,
    "allow": Context._s_other,
}
