"""Every game as a single-agent Gymnasium environment against the game's bots, checked
by Gymnasium's own env_checker and by what the engine knows."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rlhelp import CASES, SHORT, spaces_or_skip

import keepers.rl.gymnasium  # noqa: F401  (registers the ids)
from keepers.core.rng import Rng
from keepers.rl.gymnasium import KeepersEnv, env_id

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the checker's advice


def make(game: str, players: int, **kwargs: Any) -> KeepersEnv:
    spaces_or_skip(game, players)
    return KeepersEnv(game, players=players, options=SHORT.get(game, {}), **kwargs)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_check_env(game: str, players: int) -> None:
    """check_env steps actions drawn without the mask: the environment is asked to make
    an illegal action lose the game rather than raise."""
    check_env(make(game, players, illegal="lose", opponents="greedy"), skip_render_check=True)


@pytest.mark.parametrize("name", ["toyrace_rl", "gardiens"])
def test_registered_ids_check_out_with_their_render_modes(name: str) -> None:
    spaces_or_skip(name, 2)
    env = gymnasium.make(env_id(name), players=2, illegal="lose", render_mode="ansi",
                         options=SHORT.get(name, {}))
    check_env(env.unwrapped)
    env.reset(seed=1)
    assert isinstance(env.render(), str)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_whole_game_the_mask_is_the_learners_legal_decisions(game: str, players: int) -> None:
    env = make(game, players, seat=players - 1, opponents="random")
    observation, info = env.reset(seed=3)
    rng, reward, over = Rng(3), 0.0, False
    while not over:
        state = env.game_state
        assert state.to_move() == players - 1
        mask = info["action_mask"]
        decoded = sorted(env.spaces.actions.decode(state, int(i)) for i in np.flatnonzero(mask))
        assert decoded == sorted(state.legal_actions())
        assert env.observation_space.contains(observation)
        legal = np.flatnonzero(mask)
        observation, reward, terminated, truncated, info = env.step(legal[rng.below(len(legal))])
        over = terminated or truncated
        assert reward == 0.0 or over
    state = env.game_state
    assert state.is_over() and not info["action_mask"].any()
    assert reward == (1 / len(state.winners()) if players - 1 in state.winners() else 0.0)


def test_the_bots_see_only_their_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    env = make("toyrace_rl", 3, opponents="greedy")
    seen: list[Any] = []
    original = type(env.spaces.new_state(0)).view

    def watched(state: Any, player: int | None) -> Any:
        seen.append(player)
        return original(state, player)

    monkeypatch.setattr(type(env.spaces.new_state(0)), "view", watched)
    env.reset(seed=2)
    env.step(np.flatnonzero(env._observed()[1]["action_mask"])[0])
    assert set(seen) == {0, 1, 2} and None not in seen  # the learner 0, greedy bots 1 and 2
    assert env.game_state.to_move() == 0


def test_same_seed_same_game_and_opponents() -> None:
    one, two = make("toyrace_rl", 2), make("toyrace_rl", 2)
    for env in (one, two):
        env.reset(seed=9)
        for _ in range(3):
            if not env.game_state.is_over():
                env.step(np.flatnonzero(env._observed()[1]["action_mask"])[-1])
    assert one.game_state.to_dict() == two.game_state.to_dict()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = make("toyrace_rl", 2)
    _, info = env.reset(seed=1)
    before = env.game_state.to_dict()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="is not legal now"):
        env.step(illegal)
    assert env.game_state.to_dict() == before


@pytest.mark.parametrize(("argument", "value"), [("seat", 2), ("opponents", ["random"] * 2),
                                                 ("opponents", "nobody"), ("reward", "gold")])
def test_bad_arguments_are_refused_in_one_line(argument: str, value: object) -> None:
    from keepers.core.errors import KeepersError

    with pytest.raises((ValueError, KeepersError)) as refusal:
        KeepersEnv("toyrace_rl", players=2, **{argument: value})
    assert "\n" not in str(refusal.value)


def test_view_true_puts_the_learners_view_in_info() -> None:
    env = make("toyrace_rl", 2, seat=1, view=True)
    _, info = env.reset(seed=6)
    assert info["view"] == env.game_state.view(1)
    check_env(make("toyrace_rl", 2, view=True, illegal="lose"), skip_render_check=True)


@pytest.mark.parametrize(("game", "players"), [("keythedral", 2), ("gardiens", 2),
                                               ("viscounts", 2)])
def test_the_search_bot_can_be_the_opponent(game: str, players: int) -> None:
    env = make(game, players, opponents="mcts:iters=10")
    _, info = env.reset(seed=1)
    for _ in range(6):
        _, _, terminated, truncated, info = env.step(np.flatnonzero(info["action_mask"])[0])
        assert env.game_state.to_move() == 0 or terminated or truncated


def test_a_policy_opponent_plays_from_its_own_observation_and_mask() -> None:
    calls: list[int] = []

    def highest(observation: Any, mask: Any) -> int:
        state = env.game_state
        assert state.to_move() == 2  # the policy's seat, handed that seat's own view
        assert np.array_equal(observation, env.spaces.encode(state.view(2), 2))
        assert np.array_equal(mask, env.spaces.mask(state, 2))
        calls.append(1)
        return int(np.flatnonzero(mask)[-1])

    env = make("toyrace_rl", 3, opponents=["greedy", highest])
    _, info = env.reset(seed=4)
    while not env.game_state.is_over():
        _, _, _, _, info = env.step(np.flatnonzero(info["action_mask"])[0])
    assert calls


def test_a_policy_opponents_illegal_action_is_refused_in_one_line() -> None:
    env = make("toyrace_rl", 2, seat=1, opponents=lambda observation, mask: 99)
    with pytest.raises(ValueError, match="the opponent at seat 0: action 99"):
        env.reset(seed=1)
