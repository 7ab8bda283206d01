"""Every game as a PettingZoo AEC environment, checked by PettingZoo's own test suite
(api_test, seed_test, max_cycles_test) and by what the engine knows: the mask is exactly
the legal decisions, rewards come at the end, bad input changes nothing."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, max_cycles_test, seed_test
from rlhelp import CASES, SHORT, spaces_or_skip

from keepers.core.rng import Rng
from keepers.rl.pettingzoo import KeepersAEC, env, parallel_env

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the checkers' advice on dicts


def make(game: str, players: int, **kwargs: Any) -> KeepersAEC:
    spaces_or_skip(game, players)
    return env(game, players=players, options=SHORT.get(game, {}), **kwargs)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_api_test(game: str, players: int) -> None:
    api_test(make(game, players, render_mode="ansi"), num_cycles=60)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_seed_test(game: str, players: int) -> None:
    spaces_or_skip(game, players)
    seed_test(lambda: make(game, players), num_cycles=40)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_mask_is_the_legal_decisions_through_a_whole_game(game: str, players: int) -> None:
    table = make(game, players)
    table.reset(seed=5)
    rng, steps = Rng(5), 0
    for agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        state = table.game_state
        if terminated or truncated:
            assert not observation["action_mask"].any()
            table.step(None)
            continue
        legal = state.legal_actions()
        mask = observation["action_mask"]
        codec = table.spaces.actions
        assert sorted(codec.decode(state, int(i)) for i in np.flatnonzero(mask)) == sorted(legal)
        for other in table.agents:
            if other != agent:
                assert not table.observe(other)["action_mask"].any()
        assert table.observation_space(agent).contains(observation)
        table.step(int(np.flatnonzero(mask)[rng.below(int(mask.sum()))]))
        steps += 1
    assert steps > 0 and table.agents == []


@pytest.mark.parametrize(("game", "players"), [("toyrace_rl", 3), ("gardiens", 2)])
@pytest.mark.parametrize("reward", ["win", "score"])
def test_rewards_come_at_the_end_and_are_the_engines_result(game: str, players: int,
                                                            reward: str) -> None:
    table = make(game, players, reward=reward)
    table.reset(seed=11)
    rng, paid = Rng(11), dict.fromkeys(table.possible_agents, 0.0)
    while not table.game_state.is_over():
        for agent in table.possible_agents:
            paid[agent] += table._cumulative_rewards[agent]
        assert all(value == 0.0 for value in table.rewards.values())
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(np.flatnonzero(mask)[rng.below(int(mask.sum()))]))
    state = table.game_state
    final = [table.rewards[agent] for agent in table.possible_agents]
    if reward == "win":
        assert final == [1 / len(state.winners()) if s in state.winners() else 0.0
                         for s in range(players)]
    else:
        ahead = [sum(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                     for j, theirs in enumerate(state.scores()) if j != i) / (players - 1)
                 for i, mine in enumerate(state.scores())]
        assert final == ahead
    assert all(table.terminations.values()) != state.capped


def test_same_seed_same_game_and_the_next_seeds_follow_from_it() -> None:
    first, second = make("toyrace_rl", 3), make("toyrace_rl", 3)
    first.reset(seed=3)
    second.reset(seed=3)
    assert first.game_state.to_dict() == second.game_state.to_dict()
    first.reset()
    second.reset()
    assert first.game_state.to_dict() == second.game_state.to_dict()
    third = make("toyrace_rl", 3)
    third.reset(seed=4)
    assert third.game_state.to_dict() != second.game_state.to_dict()


@pytest.mark.parametrize("bad", [99, -1, 1.0, "1", True, None, np.array([1]),
                                 np.array(1.0)])
def test_an_illegal_action_is_refused_in_one_line_and_changes_nothing(bad: object) -> None:
    table = make("toyrace_rl", 2)
    table.reset(seed=1)
    before = table.game_state.to_dict()
    legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])
    unplayable = [a for a in range(5) if a not in legal]
    action = unplayable[0] if bad is None else bad
    with pytest.raises(ValueError) as refusal:
        table.step(action)  # type: ignore[arg-type]
    assert "\n" not in str(refusal.value) and str(refusal.value)
    assert table.game_state.to_dict() == before
    assert not any(table.terminations.values())


def test_a_numpy_integer_of_no_dimension_is_an_action() -> None:
    table = make("toyrace_rl", 2)
    table.reset(seed=1)
    legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])
    table.step(np.array(legal[0]))  # type: ignore[arg-type]
    assert sum(table._decisions) == 1


def test_illegal_lose_ends_the_game_against_the_agent_that_chose() -> None:
    table = make("toyrace_rl", 2, illegal="lose")
    table.reset(seed=1)
    agent = table.agent_selection
    mask = table.observe(agent)["action_mask"]
    table.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(table.terminations.values())
    assert table.rewards[agent] == -1.0 and "not legal" in table.infos[agent]["illegal"]
    assert sum(table.rewards.values()) == -1.0


@pytest.mark.parametrize(("argument", "value"), [("players", 9), ("reward", "points"),
                                                 ("render_mode", "human"), ("max_cycles", 0),
                                                 ("illegal", "ignore"), ("options", {"x": 1})])
def test_bad_arguments_are_refused_in_one_line(argument: str, value: object) -> None:
    arguments: dict[str, Any] = {"players": 2, argument: value}
    with pytest.raises(ValueError) as refusal:
        env("toyrace_rl", **arguments)
    assert "\n" not in str(refusal.value)


def test_render_ansi_is_the_public_terminal_rendering() -> None:
    table = make("toyrace_rl", 2, render_mode="ansi")
    table.reset(seed=2)
    text = table.render()
    assert isinstance(text, str) and "Race, round 1" in text
    assert "???" in text  # no hand shown: the spectator's view
    quiet = make("toyrace_rl", 2)
    quiet.reset(seed=2)
    assert quiet.render() is None


def test_max_cycles_bounds_every_agents_decisions() -> None:
    table = make("toyrace_rl", 3, max_cycles=4)
    table.reset(seed=1)
    counts = dict.fromkeys(table.possible_agents, 0)
    for agent in table.agent_iter():
        _, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        counts[agent] += 1
        mask = table.observe(agent)["action_mask"]
        table.step(int(np.flatnonzero(mask)[0]))
    assert counts == dict.fromkeys(table.possible_agents, 4)


class MaskedSample(spaces.Discrete):
    """A Discrete space whose unmasked sample draws among the current legal actions:
    max_cycles_test samples without the mask, and a board game refuses illegal moves."""

    def __init__(self, table: KeepersAEC) -> None:
        super().__init__(table.spaces.actions.size)
        self.table = table

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None:
            mask = self.table.observe(self.table.agent_selection)["action_mask"]
        return super().sample(mask)


def masked(table: KeepersAEC) -> KeepersAEC:
    table.action_spaces = dict.fromkeys(table.possible_agents, MaskedSample(table))
    return table


def test_max_cycles_test() -> None:
    """PettingZoo's max_cycles_test counts on a parallel step being a cycle in which every
    agent decides once: true of a solo game (Viscounts against the rules' AI); in a
    turn-based game of several seats a parallel step is one decision, and
    test_max_cycles_bounds_every_agents_decisions checks max_cycles there."""
    game, players = "viscounts", 1
    spaces_or_skip(game, players)

    def aec(max_cycles: int) -> KeepersAEC:
        return masked(env(game, players=players, max_cycles=max_cycles))

    def parallel(max_cycles: int) -> Any:
        return parallel_env_of(aec(max_cycles))

    max_cycles_test(SimpleNamespace(env=aec, parallel_env=parallel))


def parallel_env_of(table: KeepersAEC) -> Any:
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    return turn_based_aec_to_parallel(table)


def test_parallel_env_takes_the_action_of_the_agent_to_move() -> None:
    table = parallel_env("toyrace_rl", players=2)
    observations, infos = table.reset(seed=4)
    rng = Rng(4)
    while table.agents:
        mover = next(a for a in table.agents if observations[a]["action_mask"].any())
        legal = np.flatnonzero(observations[mover]["action_mask"])
        actions = {agent: int(legal[rng.below(len(legal))]) for agent in table.agents}
        observations, rewards, terminations, truncations, infos = table.step(actions)
    assert sum(rewards.values()) == pytest.approx(1.0)


def test_view_true_puts_the_agents_own_view_in_its_info() -> None:
    table = make("toyrace_rl", 3, view=True)
    table.reset(seed=6)
    observation, _, _, _, info = table.last()
    seat = table.possible_agents.index(table.agent_selection)
    assert info["view"] == table.game_state.view(seat) and info["view"]["seat"] == seat
    api_test(make("toyrace_rl", 2, view=True), num_cycles=30)


def test_each_agent_samples_from_a_space_of_its_own() -> None:
    table = make("toyrace_rl", 2)
    first, second = (table.action_space(agent) for agent in table.possible_agents)
    assert first is not second and first == second
    first.seed(1)
    drawn = [int(first.sample()) for _ in range(8)]
    first.seed(1)
    second.seed(2)
    assert [int(first.sample()) for _ in range(8)] == drawn
