"""The :class:`Game` object of Les Gardiens du Royaume."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from keepers.core.bots import RandomBot
from keepers.core.game import BotFactory, Game, GameState, JsonDict, Option
from keepers.core.simulate import wilson
from keepers.games.gardiens import dispatch  # noqa: F401  (registers the phase rules)
from keepers.games.gardiens.data import GameData, load
from keepers.games.gardiens.setup import new_game
from keepers.games.gardiens.state import GardiensState
from keepers.games.gardiens.validate import check_state

OPTIONS = (
    Option("coop", False, clause="GR-25"),
    Option("max_rounds", 60, minimum=1),
    Option("first_player", "rotate", choices=("rotate", "fixed"), clause="GR-29.1"),
    Option("territory_points", "snapshot", choices=("snapshot", "accumulate"),
           clause="GR-29.2"),
    Option("bank_trade", False, clause="GR-29.3"),
    Option("watchtower", "all", choices=("all", "adjacent"), clause="GR-29.4"),
    Option("alliance_sharing", "gift", choices=("gift", "swap"), clause="GR-29.5"),
    Option("shadows", "block", choices=("block", "advance"), clause="GR-29.6"),
)
"""The game options: the co-operative variant, the safety cap on rounds, and the six
readings of GR-29 (each with the earlier ruling or the literal text as its other value)."""


class GardiensGame(Game):
    """Les Gardiens du Royaume (rules v2.1), 2-5 players, competitive or co-operative."""

    name = "gardiens"
    title = "Les Gardiens du Royaume"
    min_players = 2
    max_players = 5

    def __init__(self, data: GameData | None = None) -> None:
        self._data = data

    @property
    def data(self) -> GameData:
        """The static game data (the packaged file unless another was given)."""
        if self._data is None:
            self._data = load()
        return self._data

    options = OPTIONS
    rules_version = 2
    """Version 2: the GR-29 options, whose defaults change three earlier rulings
    (no Bank trade, Watchtowers see every hand, allies may give cubes)."""

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> GameState:
        """Set up a new game (GR-3); every chance event comes from ``seed``.

        ``options`` are checked strictly (unknown keys and values refused with a
        ValueError); the ones not given take their defaults.
        """
        return new_game(self.data, players, seed, self.check_options(options))

    def state_from_dict(self, data: JsonDict) -> GameState:
        """Rebuild a state from a position file; a corrupt position raises ValueError."""
        if not isinstance(data, dict):
            raise ValueError("a position's state must be an object")
        self.position_options(data.get("options"))
        try:
            state = GardiensState.from_dict(data, self.data)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise ValueError(f"malformed position: {exc!r}") from None
        check_state(state)
        return state

    def position_options(self, options: Any) -> dict[str, Any]:
        """The options a position is played under: every declared one, each valid
        (a position names them all, so that it plays on under the same readings)."""
        if not isinstance(options, dict):
            raise ValueError("a position must hold its options (an object naming each one)")
        missing = [option.name for option in self.options if option.name not in options]
        if missing:
            raise ValueError(f"the position's options lack {', '.join(missing)}")
        return self.check_options(options)

    def bots(self) -> dict[str, BotFactory]:
        """``random`` (uniform over legal decisions) and ``greedy`` (heuristic)."""
        from keepers.games.gardiens.bots import GreedyBot

        return {"random": RandomBot, "greedy": GreedyBot}

    def summarize(self, results: list[dict[str, Any]]) -> dict[str, Any]:
        """Balance report of a simulation: end reasons, win share by turn-order seat
        (seat 1 = first player of round 1), and the mean VP per player by source."""
        stats = [r.get("stats") or {} for r in results]
        if not stats:
            return {}
        players = len(results[0]["scores"])

        def mean(key: str) -> float:
            return float(sum(s.get(key, 0.0) for s in stats)) / len(stats)

        reasons = ("victory_points", "events_exhausted", "round_cap", "shadows_defeated",
                   "citadel_fell")
        sources = ("buildings", "combats", "territory", "citadel", "objectives")
        report: dict[str, Any] = {}
        for reason in reasons:
            report[f"end by {reason}"] = round(mean(f"end_{reason}"), 4)
        for k in range(1, players + 1):
            share = mean(f"s{k}_win")
            low, high = wilson(share * len(stats), len(stats))
            report[f"win share, game seat {k}"] = round(share, 4)
            report[f"95% CI, game seat {k}"] = f"{low:.1%} - {high:.1%}"
        lengths = Counter(int(r["rounds"]) for r in results)
        report["rounds: distribution"] = ", ".join(
            f"{n}: {lengths[n] / len(results):.1%}" for n in sorted(lengths))
        totals = {src: sum(mean(f"s{k}_vp_{src}") for k in range(1, players + 1))
                  for src in sources}
        grand = sum(totals.values()) or 1.0
        for src in sources:
            report[f"mean VP per player from {src}"] = round(totals[src] / players, 3)
            report[f"share of points from {src}"] = f"{totals[src] / grand:.1%}"
        return report

    def render(self, view: JsonDict) -> Any:
        """Return a Rich renderable of a view: hex map, players, hand, last combat."""
        from keepers.games.gardiens.render import render_view

        return render_view(view)

    def describe_action(self, action: str) -> str:
        """Return a player-facing description of a decision."""
        from keepers.games.gardiens.render import describe

        return describe(action, self.data)


GAME = GardiensGame()
