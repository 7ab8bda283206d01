"""What every interface shares: a game's fixed spaces as numpy arrays, rewards, text.

:class:`Spaces` holds one game's codecs at a player count and options and turns a
seat's view into a ``float32`` observation and the legal decisions into an ``int8``
mask.  Observations are built from :meth:`GameState.view` of the seat, never from the
state, so nothing hidden from the seat can enter them.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from rich.console import Console

from keepers.core.game import Game, GameState, JsonDict, score_shares
from keepers.core.registry import get_game

REWARDS = ("win", "score")
"""How a finished game pays each seat (:func:`final_rewards`)."""

ILLEGAL = ("raise", "lose")
"""What an illegal action does: refused with ValueError, or lost (the game ends)."""

ILLEGAL_REWARD = -1.0
"""The reward of a seat that loses by an illegal action (``illegal="lose"``)."""

Observation = NDArray[np.float32]
Mask = NDArray[np.int8]


def agent_name(seat: int) -> str:
    """The agent of engine seat ``seat``: ``player_0`` is seat 0."""
    return f"player_{seat}"


def final_rewards(state: GameState, reward: str) -> list[float]:
    """Each seat's reward for the finished game ``state``.

    ``win``: the seat's share of the victory (1 alone, 1/k when k seats share it, 0 for
    the others; nothing when every seat loses, as a solo seat beaten by the rules' AI).
    ``score``: the share of the other seats whose final score the seat beats (a tie
    counts half), in [0, 1]; a seat alone has no other seat to beat and is paid its win.
    """
    if reward == "score" and state.num_players > 1:
        return score_shares(state.scores())
    winners = state.winners()
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.num_players)]


def check_choice(name: str, value: object, allowed: tuple[str, ...]) -> str:
    """``value`` when it is one of ``allowed``; ValueError in one line otherwise."""
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{name} must be {' or '.join(allowed)}, not {value!r}")
    return value


def check_seed(seed: object) -> int | None:
    """``seed`` when it is None or a whole number >= 0; ValueError in one line otherwise."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or int(seed) < 0:
        raise ValueError(f"a seed is a whole number >= 0, not {seed!r}")
    return int(seed)


def render_text(game: Game, state: GameState, width: int = 120) -> str:
    """The terminal rendering of the public view of ``state`` (what a spectator sees),
    as text with ANSI colour codes."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=True, color_system="standard")
    console.print(game.render(state.view(None)))
    return buffer.getvalue()


class Spaces:
    """One game's fixed action and observation spaces at a player count and options."""

    def __init__(self, game: str | Game, players: int,
                 options: Mapping[str, Any] | None = None) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        if isinstance(players, bool) or not isinstance(players, int) or not (
                self.game.min_players <= players <= self.game.max_players):
            raise ValueError(f"{self.game.name} is for {self.game.min_players}-"
                             f"{self.game.max_players} players, not {players!r}")
        self.players = players
        self.options = self.game.check_options(options or {})
        self.actions = self.game.action_codec(players, self.options)
        self.observations = self.game.observation_codec(players, self.options)
        self.action_space = spaces.Discrete(self.actions.size)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.observations.size,),
                                            np.float32)
        self.mask_space = spaces.Box(0, 1, (self.actions.size,), np.int8)

    def new_state(self, seed: int) -> GameState:
        """A new game dealt from ``seed``: the same seed deals the same game."""
        return self.game.new_state(self.players, seed, self.options)

    def observe(self, state: GameState, seat: int) -> Observation:
        """``seat``'s observation: its view encoded, as ``float32`` (the view as a bot is
        handed it: the same entries, each computed when the encoder reads it)."""
        return self.encode(state.bot_view(seat), seat)

    def encode(self, view: JsonDict, seat: int) -> Observation:
        """``seat``'s ``view`` encoded, as ``float32``."""
        encoded = self.observations.encode(view, seat)
        # fromiter with the count known reads the list in one pass (measured 15-25 % under
        # np.array, whose first pass looks for the list's shape)
        return np.fromiter(encoded, dtype=np.float32, count=len(encoded))

    def mask(self, state: GameState, seat: int | None = None) -> Mask:
        """1 for each legal action of the seat to move (all 0 for another ``seat``)."""
        mask = np.zeros(self.actions.size, dtype=np.int8)
        if seat is None or seat == state.to_move():
            mask[self.actions.legal_indices(state)] = 1
        return mask

    def decision(self, state: GameState, action: object) -> str:
        """The decision text of ``action`` in ``state``; ValueError in one line when it is
        not a whole number in the space or not legal now."""
        if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
            action = action.item()  # a numpy integer of no dimension, as samplers give
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise ValueError(f"an action is a whole number, not {type(action).__name__}")
        text = self.actions.decode(state, int(action))
        if text not in state.legal_actions():
            raise ValueError(f"action {int(action)} ({text[:60]!r}) is not legal now")
        return text
