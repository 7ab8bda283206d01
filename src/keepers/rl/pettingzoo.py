"""Every game as a PettingZoo AEC environment: each seat an agent, ``player_0`` ...

>>> from keepers.rl.pettingzoo import env
>>> table = env("gardiens", players=3)
>>> table.reset(seed=7)
>>> for agent in table.agent_iter():
...     observation, reward, terminated, truncated, info = table.last()
...     if terminated or truncated:
...         action = None
...     else:
...         mask = observation["action_mask"]
...         action = table.action_space(agent).sample(mask)
...     table.step(action)

An agent observes ``{"observation": float32 view encoding, "action_mask": int8}``: its own
seat's view only, and a mask of all zeros unless the decision is its own.  Rewards come at
the end only (:func:`keepers.rl.spaces.final_rewards`).  Chance is drawn inside the
engine from ``reset(seed=...)``: the same seed and actions give the same game.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from keepers.core.game import Game, GameState
from keepers.rl.spaces import (
    ILLEGAL,
    ILLEGAL_REWARD,
    REWARDS,
    Spaces,
    agent_name,
    check_choice,
    check_seed,
    final_rewards,
    render_text,
)

ObservationDict = dict[str, np.ndarray[Any, Any]]


class KeepersAEC(AECEnv[str, ObservationDict, int | None]):  # type: ignore[misc]  # untyped
    """A game of keepers as an agent-environment cycle; see :func:`env`."""

    metadata = {"render_modes": ["ansi"], "name": "keepers", "is_parallelizable": True}

    def __init__(self, game: str | Game, players: int = 2,
                 options: Mapping[str, Any] | None = None, reward: str = "win",
                 render_mode: str | None = None, max_cycles: int | None = None,
                 illegal: str = "raise", view: bool = False) -> None:
        super().__init__()
        self.with_view = view
        self.spaces = Spaces(game, players, options)
        self.reward = check_choice("reward", reward, REWARDS)
        self.illegal = check_choice("illegal", illegal, ILLEGAL)
        if render_mode is not None:
            check_choice("render_mode", render_mode, ("ansi",))
        self.render_mode = render_mode
        if max_cycles is not None and (isinstance(max_cycles, bool)
                                       or not isinstance(max_cycles, int) or max_cycles < 1):
            raise ValueError(f"max_cycles is a whole number >= 1, not {max_cycles!r}")
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"keepers_{self.spaces.game.name}"}
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # a space of its own for each agent, so that seeding one agent's samples leaves
        # the others' alone
        self.observation_spaces = {
            agent: spaces.Dict({"observation": copy.deepcopy(self.spaces.observation_space),
                                "action_mask": copy.deepcopy(self.spaces.mask_space)})
            for agent in self.possible_agents}
        self.action_spaces = {agent: copy.deepcopy(self.spaces.action_space)
                              for agent in self.possible_agents}
        self._seeds = np.random.default_rng()
        self._state: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The engine's state of the game being played (hidden items and all: for the
        program running the environment, never for an agent)."""
        if self._state is None:
            raise RuntimeError("call reset() before playing")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed`` when given (and seed the following resets), else
        from the next seed of this environment's own generator."""
        checked = check_seed(seed)
        if checked is not None:
            self._seeds = np.random.default_rng(checked)
        else:
            checked = int(self._seeds.integers(2**63))
        self._state = self.spaces.new_state(checked)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._decisions = [0] * self.spaces.players
        self._select()

    def observe(self, agent: str) -> ObservationDict:
        """``agent``'s observation: its seat's view encoded and its action mask (and with
        ``view=True`` the view itself in ``infos[agent]["view"]``)."""
        seat = self._seats[agent]
        # A bot's view holds the same entries, computed as the encoder reads them.
        view = (self.game_state.view(seat) if self.with_view
                else self.game_state.bot_view(seat))
        if self.with_view:
            self.infos[agent]["view"] = view
        return {"observation": self.spaces.encode(view, seat),
                "action_mask": self.spaces.mask(self.game_state, seat)}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action.  An illegal one raises ValueError and changes
        nothing (``illegal="raise"``) or loses the game (``illegal="lose"``)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        seat = self._seats[agent]
        try:
            text = self.spaces.decision(state, action)
        except ValueError as refusal:
            if self.illegal == "raise":
                raise
            self._lose(agent, str(refusal))
            return
        self._cumulative_rewards[agent] = 0.0
        state.apply_trusted(text)
        self._decisions[seat] += 1
        self._clear_rewards()
        if state.is_over():
            for other, paid in zip(self.possible_agents, final_rewards(state, self.reward),
                                   strict=True):
                self.rewards[other] = paid
            ends = self.truncations if state.capped else self.terminations
            ends.update(dict.fromkeys(self.agents, True))
        else:
            self._select()
            if self.max_cycles is not None and (
                    self._decisions[self._seats[self.agent_selection]] >= self.max_cycles):
                self.truncations.update(dict.fromkeys(self.agents, True))
        self._accumulate_rewards()

    def _select(self) -> None:
        seat = self.game_state.to_move()
        assert seat is not None, "a game in progress always has a seat to move"
        self.agent_selection = self.possible_agents[seat]

    def _lose(self, agent: str, reason: str) -> None:
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.rewards[agent] = ILLEGAL_REWARD
        self.terminations.update(dict.fromkeys(self.agents, True))
        self.infos[agent] = {"illegal": reason}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The terminal rendering of the public view (``render_mode="ansi"``), else None."""
        if self.render_mode is None:
            return None
        return render_text(self.spaces.game, self.game_state)

    def close(self) -> None:
        """Nothing to release."""


def env(game: str | Game, players: int = 2, options: Mapping[str, Any] | None = None,
        reward: str = "win", render_mode: str | None = None, max_cycles: int | None = None,
        illegal: str = "raise", view: bool = False) -> KeepersAEC:
    """An AEC environment of ``game`` (a registered name or a Game).

    ``reward``: ``win`` (the seat's share of the victory) or ``score`` (the share of the
    other seats it outscores); paid at the end only.  ``max_cycles``: no agent decides
    more than this many times; the game is then truncated for every agent.  ``illegal``:
    an action outside the mask raises ValueError, changing nothing (``raise``), or ends
    the game with reward -1 for the agent that chose it (``lose``, PettingZoo's convention
    for classic games).  ``view``: each observed agent's view (the dict the observation
    encodes) also in its info.  ValueError in one line for a bad argument; KeepersError
    when the game offers no codecs.
    """
    return KeepersAEC(game, players, options, reward, render_mode, max_cycles, illegal, view)


def parallel_env(game: str | Game, players: int = 2, options: Mapping[str, Any] | None = None,
                 reward: str = "win", render_mode: str | None = None,
                 max_cycles: int | None = None, illegal: str = "raise",
                 view: bool = False) -> ParallelEnv[str, ObservationDict, int | None]:
    """The same game through PettingZoo's parallel API: each step takes the action of the
    agent to move (``info["active_agent"]``) and no other."""
    return turn_based_aec_to_parallel(
        env(game, players, options, reward, render_mode, max_cycles, illegal, view))
