"""The Viscounts rules engine: a position with its pending choice.

:class:`Engine` is the most derived rules class (everything from
:class:`~keepers.games.viscounts.state.Core` to the solo AI) plus the pending
choice.  The public :class:`~keepers.games.viscounts.game.ViscountsState`
wraps one engine: the engine modules are compiled (see keepers.compiled) and
a compiled class can extend only compiled classes, so the engine cannot also
be a :class:`~keepers.core.game.GameState`.
"""

from __future__ import annotations

from keepers.core.rng import Rng
from keepers.games.viscounts.data import GameData
from keepers.games.viscounts.model import Geometry, Player, new_geometry
from keepers.games.viscounts.solo import Solo
from keepers.games.viscounts.tasks import HANDLERS, Choice


class Engine(Solo):
    """A position and the choice it is waiting for (None until asked, or when over)."""

    def __init__(self, data: GameData, geo: Geometry, players: list[Player], seats: int,
                 rng: Rng, source: Engine | None = None) -> None:
        super().__init__(data, geo, players, seats, rng, source)
        self.choice: Choice | None = source.choice if source is not None else None

    def pending(self) -> Choice | None:
        """The choice to make now, settling the stack first (None: the game is over)."""
        if self.choice is None and not self.over:
            self.choice = self.settle()
        return self.choice

    def options(self) -> tuple[str, ...]:
        """The legal commands now (empty when the game is over)."""
        choice = self.choice or self.pending()
        return choice.options if choice else ()

    def play(self, option: str) -> None:
        """Apply one of :meth:`options` (not checked) and settle to the next choice."""
        if self.choice is None:
            self.pending()              # settle first: the option answers the top task
        self.choice = None
        self._choose(self.stack[-1], option)
        self.choice = self.settle()

    def copy(self) -> Engine:
        """Independent copy; static data shared."""
        return Engine(self.data, self.geo, self.players, self.seats, self.rng, source=self)


def new_engine(data: GameData, seats: int, seed: int, ai_board: str = "cleric") -> Engine:
    """A position before setup: the ring drawn from ``seed`` (VB-3.1), players, AI board."""
    rng = Rng(seed)
    arrangement = [1, 2, 3, 4, 5]
    rng.shuffle(arrangement)
    geo = new_geometry(data, arrangement, rng.below(5), seats)
    workers = data.player_board.workers
    players = [Player(s, workers=workers) for s in range(seats)]
    if seats == 1:
        players.append(Player(1, workers=workers, is_ai=True))
    engine = Engine(data, geo, players, seats, rng)
    engine.ai["board"] = ai_board
    return engine


HANDLERS.collect(Engine)
