"""Bots for Les Gardiens du Royaume.

``greedy`` decides from its own view and the legal decisions only: it scores
each legal action with simple heuristics (buildings for points, attacks with
good odds, expansion, recruiting) and picks the best, ties broken by its own
seeded generator.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from keepers.core.game import JsonDict
from keepers.core.rng import Rng
from keepers.games.gardiens.data import load

BUILD_PREFERENCE = {"watchtower": 6, "warehouse": 5, "fortress": 4, "market": 2, "temple": 3}
NEEDS = ("gold", "food", "stone", "wood", "magic")


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
        ctx = Context(view)
        scored = [(ctx.score(action), self.rng.below(1 << 20), action) for action in legal]
        return max(scored)[2]


class Context:
    """What the greedy bot derives from its view."""

    def __init__(self, view: JsonDict) -> None:
        self.view = view
        self.me: str = view["you_colour"]
        self.hexes: dict[str, dict[str, Any]] = {h["hex"]: h for h in view["board"]}
        seats = {s["colour"]: s for s in view["seats"]}
        self.seats = seats
        self.cubes: dict[str, int] = seats[self.me]["cubes"]
        self.kind: str = view["decision"]["kind"] if view["decision"] else ""
        self.ally = seats[self.me]["ally"]

    # -- helpers --------------------------------------------------------------
    def enemy_neighbours(self, label: str) -> int:
        """Number of adjacent hexes held by other players (or Shadows)."""
        hex_ = self.hexes[label]
        return sum(1 for n in hex_["adjacent"]
                   if (self.hexes[n]["owner"] not in (None, self.me)) or self.hexes[n]["shadows"])

    def need(self, resource: str) -> int:
        """How much the bot wants one more cube of a resource (higher = more)."""
        base = {"gold": 5, "food": 5, "stone": 4, "wood": 4, "magic": 1}[resource]
        return base * 3 - min(self.cubes[resource], 4) * 3

    # -- scoring --------------------------------------------------------------
    def score(self, action: str) -> float:
        """Score one legal decision; higher is better."""
        verb, *args = action.split()
        handler = SCORERS.get(verb)
        return handler(self, args) if handler else 0.0

    def s_build(self, args: list[str]) -> float:
        if self.kind == "effect" and len(args) == 2:
            return 60 + BUILD_PREFERENCE.get(args[0], 0)
        key, label = args
        bonus = 3 if key == "fortress" and self.enemy_neighbours(label) else 0
        if key == "warehouse" and self.hexes[label]["kind"] != "source":
            bonus += 1
        return 80 + BUILD_PREFERENCE.get(key, 0) + bonus

    def s_attack(self, args: list[str]) -> float:
        src, dst, k = self.hexes[args[0]], self.hexes[args[1]], int(args[2])
        if k != src["guardians"]:
            return -1
        if dst["shadows"]:
            return 55 if k >= 2 else -1
        defenders = dst["guardians"]
        owner = self.seats[dst["owner"]]
        bonus = (2 if dst["building"] == "fortress" else 0) + (1 if owner["cubes"]["magic"] else 0)
        chance = attack_win_chance(min(k, 3), min(defenders, 3), bonus)
        if chance < 0.55:
            return -1
        value = 50 + 30 * chance + (15 if dst["kind"] == "citadel" else 0)
        return value + (5 if dst["building"] else 0) + (5 if defenders <= 2 else 0)

    def s_move(self, args: list[str]) -> float:
        src, dst, n = self.hexes[args[0]], self.hexes[args[1]], int(args[2])
        if dst["owner"] == self.me:
            return -1
        leave = src["guardians"] - n
        if leave < 1:
            return -1
        base = 70 if dst["kind"] == "citadel" else 45
        if dst["kind"] == "source":
            base += 5
        return base + (2 if n == src["guardians"] - 1 else 0)

    def s_recruit(self, args: list[str]) -> float:
        return 40.0

    def s_play(self, args: list[str]) -> float:
        return 35.0

    def s_trade(self, args: list[str]) -> float:
        if args[0] == "partner":
            return -1
        surplus = max(self.cubes.values())
        return 30 if surplus >= 4 else -1

    def s_exchange(self, args: list[str]) -> float:
        give, take = args
        return self.need(take) - self.need(give) + 1

    def s_source(self, args: list[str]) -> float:
        return self.need(args[0])

    def s_gain(self, args: list[str]) -> float:
        return self.need(args[0])

    def s_place(self, args: list[str]) -> float:
        guardians: int = self.hexes[args[0]]["guardians"]
        return float(10 + 3 * self.enemy_neighbours(args[0]) - guardians)

    def s_conquer(self, args: list[str]) -> float:
        ctx = self.view["decision"]["context"]
        source: int = self.hexes[ctx["S"]]["guardians"]
        moved = int(args[0])
        return float(moved + (10 if source - moved >= 1 else 0))

    def s_defend(self, args: list[str]) -> float:
        return len(args) + (0 if args == ["none"] else 1)

    def s_card(self, args: list[str]) -> float:
        return 5.0

    def s_take(self, args: list[str]) -> float:
        if len(args) == 2:
            return -1.0
        return 1.0 if args[0] == "deck" else 2.0

    def s_forward(self, args: list[str]) -> float:
        return 2.0 if args[0].startswith("S-") else 1.0

    def s_stop(self, args: list[str]) -> float:
        return 0.5

    def s_prevent(self, args: list[str]) -> float:
        return 5.0

    def s_propose(self, args: list[str]) -> float:
        return 5.0 if self.kind == "partner" else -1

    def s_skip(self, args: list[str]) -> float:
        return 1.0

    def s_pass(self, args: list[str]) -> float:
        return 0.0

    def s_other(self, args: list[str]) -> float:
        return 0.0

    def s_steal(self, args: list[str]) -> float:
        return self.need(args[1])

    def s_protect(self, args: list[str]) -> float:
        return float(self.enemy_neighbours(args[0]) + self.hexes[args[0]]["guardians"])

    def s_give(self, args: list[str]) -> float:
        return -1.0


SCORERS: dict[str, Callable[[Context, list[str]], float]] = {
    "build": Context.s_build, "attack": Context.s_attack, "move": Context.s_move,
    "recruit": Context.s_recruit, "play": Context.s_play, "trade": Context.s_trade,
    "exchange": Context.s_exchange, "source": Context.s_source, "gain": Context.s_gain,
    "place": Context.s_place, "conquer": Context.s_conquer, "defend": Context.s_defend,
    "card": Context.s_card, "take": Context.s_take, "forward": Context.s_forward,
    "stop": Context.s_stop, "prevent": Context.s_prevent, "propose": Context.s_propose,
    "skip": Context.s_skip, "pass": Context.s_pass, "steal": Context.s_steal,
    "protect": Context.s_protect, "give": Context.s_give, "refuse": Context.s_skip,
    "done": Context.s_stop, "nocard": Context.s_other, "allow": Context.s_other,
}
