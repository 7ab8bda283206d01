"""Every game as a single-agent Gymnasium environment: the learner in one seat, the
other seats played by the game's bots.

>>> import gymnasium, keepers.rl.gymnasium
>>> env = gymnasium.make("keepers/Gardiens-v0", players=2, opponents="greedy")
>>> observation, info = env.reset(seed=1)
>>> action = env.action_space.sample(info["action_mask"])

The observation is the learner's seat's view encoded (``float32``); ``info["action_mask"]``
marks its legal actions (``int8``).  Opponents are named as for ``keepers play``
(``random``, ``greedy``, ``mcts:iters=200`` ...); each sees only its own seat's view and
is seeded one way from the game's seed.  The reward comes at the end only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np

from keepers.core.game import Bot, BotFactory, Game, GameState, bot_view
from keepers.core.match import bot_factory, bot_seed
from keepers.core.registry import game_names
from keepers.rl.spaces import (
    ILLEGAL,
    ILLEGAL_REWARD,
    REWARDS,
    Mask,
    Observation,
    Spaces,
    check_choice,
    check_seed,
    final_rewards,
    render_text,
)

Policy = Callable[[Observation, Mask], int]
"""An opponent that plays from its own seat's observation and mask (self-play)."""

Opponent = str | Policy
"""A bot's name (as ``keepers play --seats`` takes it) or a :data:`Policy`."""


class KeepersEnv(gymnasium.Env[Observation, np.int64]):
    """A game of keepers with one learning seat; see the module's docstring.

    ``opponents``: one opponent for every other seat, or one per other seat in seat order;
    an opponent is a bot's name or a policy, ``policy(observation, mask) -> action`` over
    its own seat's observation and mask (for self-play).  ``view``: the learner's view
    (the dict the observation encodes) also in ``info["view"]``.  ``illegal``: an action
    outside the mask raises ValueError and changes nothing (``raise``), or ends the game
    with reward -1 (``lose``); an opponent policy's illegal action always raises.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str | Game, players: int = 2,
                 options: Mapping[str, Any] | None = None, seat: int = 0,
                 opponents: Opponent | Sequence[Opponent] = "random", reward: str = "win",
                 render_mode: str | None = None, illegal: str = "raise",
                 view: bool = False) -> None:
        self.with_view = view
        self.spaces = Spaces(game, players, options)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, not {seat!r}")
        self.seat = seat
        chosen = _each(opponents, players - 1)
        if len(chosen) != players - 1:
            raise ValueError(f"opponents names {players - 1} opponents, not {len(chosen)}")
        others = [s for s in range(players) if s != seat]
        self._factories: dict[int, BotFactory] = {}
        self._policies: dict[int, Policy] = {}
        for other, opponent in zip(others, chosen, strict=True):
            if isinstance(opponent, str):
                self._factories[other] = bot_factory(self.spaces.game, opponent)
            elif callable(opponent):
                self._policies[other] = opponent
            else:
                raise ValueError(f"an opponent is a bot's name or a policy, not {opponent!r}")
        self.reward = check_choice("reward", reward, REWARDS)
        self.illegal = check_choice("illegal", illegal, ILLEGAL)
        if render_mode is not None:
            check_choice("render_mode", render_mode, ("ansi",))
        self.render_mode = render_mode
        self.action_space = self.spaces.action_space
        self.observation_space = self.spaces.observation_space
        self._state: GameState | None = None
        self._bots: dict[int, Bot] = {}

    @property
    def game_state(self) -> GameState:
        """The engine's state of the game (for the program, never for the learner)."""
        if self._state is None:
            raise RuntimeError("call reset() before playing")
        return self._state

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game from ``seed`` (or the next seed of this environment's generator)
        and play the bots up to the learner's first decision."""
        checked = check_seed(seed)
        super().reset(seed=checked)
        game_seed = int(self.np_random.integers(2**63))
        self._state = self.spaces.new_state(game_seed)
        self._bots = {s: factory(s, bot_seed(game_seed, s))
                      for s, factory in self._factories.items()}
        self._play_bots()
        return self._observed()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action, then the bots' decisions up to its next one."""
        state = self.game_state
        if state.is_over():
            raise RuntimeError("the game is over: call reset()")
        try:
            text = self.spaces.decision(state, action)
        except ValueError as refusal:
            if self.illegal == "raise":
                raise
            observation, _ = self._observed()
            return observation, ILLEGAL_REWARD, True, False, {
                "action_mask": np.zeros(self.spaces.actions.size, dtype=np.int8),
                "illegal": str(refusal)}
        state.apply_trusted(text)
        self._play_bots()
        reward = final_rewards(state, self.reward)[self.seat] if state.is_over() else 0.0
        over = state.is_over()
        observation, info = self._observed()
        return observation, reward, over and not state.capped, over and state.capped, info

    def _play_bots(self) -> None:
        state = self.game_state
        while not state.is_over() and state.to_move() != self.seat:
            seat = state.to_move()
            assert seat is not None
            if seat in self._policies:
                action = self._policies[seat](self.spaces.observe(state, seat),
                                              self.spaces.mask(state, seat))
                try:
                    state.apply_trusted(self.spaces.decision(state, action))
                except ValueError as refusal:
                    raise ValueError(f"the opponent at seat {seat}: {refusal}") from None
                continue
            bot = self._bots[seat]
            state.apply(bot.choose(bot_view(state, seat, bot), state.legal_actions()))

    def _observed(self) -> tuple[Observation, dict[str, Any]]:
        """The learner's observation and info: its mask, and its view if asked for."""
        view = (self.game_state.view(self.seat) if self.with_view
                else self.game_state.bot_view(self.seat))
        mask: Mask = self.spaces.mask(self.game_state, self.seat)
        info: dict[str, Any] = {"action_mask": mask}
        if self.with_view:
            info["view"] = view
        return self.spaces.encode(view, self.seat), info

    def render(self) -> str | None:
        """The terminal rendering of the public view (``render_mode="ansi"``), else None."""
        if self.render_mode is None:
            return None
        return render_text(self.spaces.game, self.game_state)


def _each(opponents: Opponent | Sequence[Opponent], count: int) -> list[Opponent]:
    """One opponent for each of ``count`` seats: the same one, or one each as given."""
    if isinstance(opponents, str) or callable(opponents):
        return [opponents] * count
    return list(opponents)


def env_id(name: str) -> str:
    """The Gymnasium id of the game ``name``: ``keepers/Gardiens-v0`` for ``gardiens``."""
    return f"keepers/{name.capitalize()}-v0"


def register_all() -> list[str]:
    """Register every known game with Gymnasium (``gymnasium.make(env_id(name), ...)``);
    return the ids.  Done once when this module is imported."""
    ids = []
    for name in game_names():
        ids.append(env_id(name))
        if ids[-1] not in gymnasium.registry:
            gymnasium.register(ids[-1], entry_point=f"{__name__}:KeepersEnv", kwargs={"game": name})
    return ids


register_all()
