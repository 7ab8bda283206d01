"""Running games between bots (and people): one game, with its record."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from keepers.core.errors import KeepersError
from keepers.core.game import Bot, BotFactory, BotMenu, Game, GameState, bot_view
from keepers.core.record import GameRecord


@dataclass
class GameResult:
    """The outcome of one finished (or capped) game."""

    scores: list[int]
    winners: list[int]
    rounds: int
    decisions: int
    capped: bool
    seats: list[str] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form."""
        return {
            "scores": self.scores,
            "winners": self.winners,
            "rounds": self.rounds,
            "decisions": self.decisions,
            "capped": self.capped,
            "seats": self.seats,
            "stats": self.stats,
        }


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in a game of seed ``seed``, derived one way (SHA-256).

    A bot's seed must not give away the game seed: with it, ``new_state`` would
    reproduce the hidden setup (the decks, the hands) for whoever reads the bot.
    """
    digest = hashlib.sha256(f"{seed}:{seat}:bot".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_bots(game: Game, seats: Sequence[str], seed: int, *,
              game_seed: bool = False) -> list[Bot]:
    """Build one bot per seat from bot names (``random``, ``greedy`` ...).

    Each bot gets its own seed, :func:`bot_seed` of the game seed.  ``game_seed=True``
    gives every bot the game seed itself, as bots were seeded before: only for games
    between bots alone (:func:`run_game`, the golden tables in tests/golden), where no
    person plays and so no setup is to be kept hidden, so that their recorded games
    (golden tables, fingerprints, simulation results) stay as they were.
    """
    bots: list[Bot] = []
    for seat, name in enumerate(seats):
        factory = bot_factory(game, name)
        bots.append(factory(seat, seed if game_seed else bot_seed(seed, seat)))
    return bots


def bot_factory(game: Game, name: str) -> BotFactory:
    """The factory of the bot ``name`` of ``game``, settings included (``mcts:iters=200``);
    KeepersError in one line for an unknown bot or malformed settings."""
    factories = game.bots()
    if isinstance(factories, BotMenu):
        problem = factories.problem(name)
        if problem is not None:
            raise KeepersError(f"{game.name}: {problem}")
        return factories[name]
    if name not in factories:
        raise KeepersError(
            f"unknown bot {name!r} for {game.name}; known: {', '.join(sorted(factories))}"
        )
    return factories[name]


def play_bots(state: GameState, bots: Sequence[Bot], max_decisions: int = 1_000_000,
              record: list[str] | None = None) -> int:
    """Let bots decide until the game is over; returns the number of decisions taken.

    Each bot sees only its own view (when it asks for one) and the legal decisions.
    """
    decisions = 0
    while not state.is_over() and decisions < max_decisions:
        player = state.to_move()
        assert player is not None
        bot = bots[player]
        legal = state.legal_actions()
        view = bot_view(state, player, bot)
        action = bot.choose(view, legal)
        state.apply(action) if action not in legal else state.apply_trusted(action)
        if record is not None:
            record.append(action)
        decisions += 1
    return decisions


def game_stats(state: GameState) -> dict[str, float]:
    """Return the game's extra statistics: ``state.stats()`` when the state offers it."""
    stats = getattr(state, "stats", None)
    return {str(k): float(v) for k, v in stats().items()} if callable(stats) else {}


def game_result(state: GameState, seats: Sequence[str], decisions: int) -> GameResult:
    """The result of a game played to its end (or its cap) in ``decisions`` decisions."""
    return GameResult(scores=state.scores(), winners=state.winners(),
                      rounds=state.round_number, decisions=decisions, capped=state.capped,
                      seats=list(seats), stats=game_stats(state))


def run_game(game: Game, seats: Sequence[str], seed: int,
             options: Mapping[str, Any] | None = None,
             keep_record: bool = False) -> tuple[GameResult, GameRecord | None]:
    """Play one all-bot game and return its result (and record when asked)."""
    opts = game.check_options(options or {})
    state = game.new_state(len(seats), seed, opts)
    bots = make_bots(game, seats, seed, game_seed=True)  # bots alone: no secret to keep
    actions: list[str] | None = [] if keep_record else None
    decisions = play_bots(state, bots, record=actions)
    result = game_result(state, seats, decisions)
    record = None
    if actions is not None:
        record = GameRecord(game=game.name, players=len(seats), seed=seed, options=opts,
                            actions=actions, seats=list(seats), result=result.to_dict(),
                            rules=game.rules_version)
    return result, record
