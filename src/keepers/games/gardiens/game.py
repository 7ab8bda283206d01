"""The :class:`Game` object of Les Gardiens du Royaume."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from keepers.core.bots import RandomBot
from keepers.core.game import BotFactory, Game, GameState, JsonDict
from keepers.games.gardiens.data import GameData, load
from keepers.games.gardiens.setup import new_game
from keepers.games.gardiens.state import GardiensState


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

    def default_options(self) -> dict[str, Any]:
        """``coop``: the co-operative variant (GR-25); ``max_rounds``: safety cap."""
        return {"coop": False, "max_rounds": 60}

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> GameState:
        """Set up a new game (GR-3); every chance event comes from ``seed``."""
        opts = {**self.default_options(), **dict(options)}
        return new_game(self.data, players, seed, bool(opts["coop"]), int(opts["max_rounds"]))

    def state_from_dict(self, data: JsonDict) -> GameState:
        """Rebuild a state from a position file."""
        return GardiensState.from_dict(data, self.data)

    def bots(self) -> dict[str, BotFactory]:
        """``random`` (uniform over legal decisions) and ``greedy`` (heuristic)."""
        from keepers.games.gardiens.bots import GreedyBot

        return {"random": RandomBot, "greedy": GreedyBot}

    def render(self, view: JsonDict) -> Any:
        """Return a Rich renderable of a view: hex map, players, hand, last combat."""
        from keepers.games.gardiens.render import render_view

        return render_view(view)

    def describe_action(self, action: str) -> str:
        """Return a player-facing description of a decision."""
        from keepers.games.gardiens.render import describe

        return describe(action, self.data)


GAME = GardiensGame()
