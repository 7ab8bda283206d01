"""Every game registered with OpenSpiel, checked by OpenSpiel's own random_sim_test and by
its ISMCTS bot playing whole games through the bridge."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from rlhelp import CASES, SHORT, spaces_or_skip

import keepers.rl.openspiel  # noqa: F401  (registers the games)
from keepers.core.registry import game_names
from keepers.rl.openspiel import KeepersSpielState, resampler


def load(game: str, players: int, **params: Any) -> Any:
    spaces_or_skip(game, players)
    return pyspiel.load_game(f"keepers_{game}", {"players": players, **SHORT.get(game, {}),
                                                 **params})


def test_every_registered_game_is_an_openspiel_game() -> None:
    names = set(pyspiel.registered_names())
    assert {f"keepers_{name}" for name in game_names()} <= names


def test_the_declared_facts() -> None:
    game = load("toyrace_rl", 3, seed=1)
    facts = game.get_type()
    assert facts.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert facts.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert facts.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert facts.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (facts.min_num_players, facts.max_num_players) == (2, 4)
    assert game.num_players() == 3 and game.num_distinct_actions() == 5
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.observation_tensor_shape() == [14]
    assert game.max_chance_outcomes() == 0


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_sim_test(game: str, players: int) -> None:
    pyspiel.random_sim_test(load(game, players, seed=3), num_sims=1, serialize=False,
                            verbose=False)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_legal_actions_are_the_engines_legal_decisions(game: str, players: int) -> None:
    state = load(game, players, seed=4).new_initial_state()
    rng = np.random.default_rng(4)
    while not state.is_terminal():
        engine = state.engine
        decoded = sorted(state.action_to_string(state.current_player(), a)
                         for a in state.legal_actions())
        assert decoded == sorted(engine.legal_actions())
        mask = state.legal_actions_mask()
        assert list(np.flatnonzero(mask)) == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert engine.is_over()


def test_a_clone_is_independent_and_the_same_game() -> None:
    state = load("toyrace_rl", 2, seed=5).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    assert isinstance(copy, KeepersSpielState)
    assert copy.engine.to_dict() == state.engine.to_dict() and copy.engine is not state.engine
    copy.apply_action(copy.legal_actions()[-1])
    assert copy.engine.to_dict() != state.engine.to_dict()
    assert copy.own != state.own


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = load("toyrace_rl", 2, seed=6).new_initial_state()
    before = state.engine.to_dict()
    illegal = next(a for a in range(5) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal now"):
        state.apply_action(illegal)
    assert state.engine.to_dict() == before


def test_max_game_length_cuts_the_game_and_pays_the_engines_estimate() -> None:
    game = load("toyrace_rl", 2, seed=7, max_game_length=3)
    assert game.max_game_length() == 3
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert len(state.history()) == 3 and not state.engine.is_over()
    assert state.returns() == state.spaces.game.evaluate(state.engine)


def test_the_same_seed_deals_the_same_games() -> None:
    one, two = load("toyrace_rl", 2, seed=8), load("toyrace_rl", 2, seed=8)
    for _ in range(3):
        assert one.new_initial_state().engine.to_dict() == two.new_initial_state().engine.to_dict()


def test_observers_read_one_seats_view() -> None:
    state = load("toyrace_rl", 3, seed=9).new_initial_state()
    for seat in range(3):
        view = state.engine.view(seat)
        assert f'"hand":{sorted(view["hand"])}'.replace(" ", "") in state.observation_string(seat)
        assert state.observation_tensor(seat)[7:11] == [float(view["hand"].count(v))
                                                         for v in (1, 2, 3, 4)]
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(0).endswith(f" {state.history()[0]}")


@pytest.mark.parametrize(("game", "players"), [("gardiens", 2), ("toyrace_rl", 3)])
def test_openspiels_ismcts_plays_a_whole_game(game: str, players: int) -> None:
    spiel = load(game, players, seed=10, **({"max_rounds": 2} if game == "gardiens" else {}))
    random_state = np.random.RandomState(10)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(spiel, evaluator, uct_c=2.0, max_simulations=8,
                           random_state=random_state)
    if game != "toyrace_rl":
        bot.set_resampler(resampler(10))
    else:
        bot.set_resampler(lambda state, player: state.clone())  # the toy has no dealer
    state, decisions = spiel.new_initial_state(), 0
    while not state.is_terminal():
        state.apply_action(bot.step(state))
        decisions += 1
    assert decisions > 0 and sum(state.returns()) > 0


def ismcts_decisions(game: str, players: int, decisions: int, **params: Any) -> int:
    """How many decisions OpenSpiel's ISMCTS took (at most ``decisions``) in one game."""
    spiel = load(game, players, seed=11, **params)
    random_state = np.random.RandomState(11)
    bot = ismcts.ISMCTSBot(spiel, mcts.RandomRolloutEvaluator(1, random_state), 2.0, 4,
                           random_state=random_state)
    bot.set_resampler(resampler(11))
    state, taken = spiel.new_initial_state(), 0
    while not state.is_terminal() and taken < decisions:
        state.apply_action(bot.step(state))
        taken += 1
    return taken


def test_openspiels_ismcts_plays_viscounts_alone_and_against_a_seat() -> None:
    assert ismcts_decisions("viscounts", 1, 8) == 8
    assert ismcts_decisions("viscounts", 2, 8) == 8


def test_openspiels_ismcts_plays_keythedral() -> None:
    assert ismcts_decisions("keythedral", 2, 4, max_rounds=3) == 4


def test_a_game_that_cannot_be_registered_breaks_no_other(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rlhelp import CodedRace

    from keepers.core import registry
    from keepers.rl.openspiel import register_all

    class Clashing(CodedRace):
        name = "toyrace_clash"

        def default_options(self) -> dict[str, Any]:
            return {**super().default_options(), "seed": 3}  # an OpenSpiel parameter's name

    monkeypatch.setitem(registry._extra, "toyrace_clash", Clashing())  # for this test only
    names = register_all()
    assert "keepers_toyrace_clash" not in names and "keepers_toyrace_rl" in names


def test_observation_tensor_from_python_reads_the_observer_and_deals_nothing_new() -> None:
    game = load("toyrace_rl", 3, seed=12)
    state = game.new_initial_state()
    observer = game.make_py_observer()
    observer.set_from(state, 1)
    dealt = game._seeds.bit_generator.state
    assert state.observation_tensor(1) == list(observer.tensor)
    assert state.observation_tensor() == state.observation_tensor(state.current_player())
    assert game._seeds.bit_generator.state == dealt  # no fresh initial state was dealt
    with pytest.raises(ValueError, match="no seat 3"):
        state.observation_tensor(3)


def test_openspiels_rl_environment_plays_through_the_bridge() -> None:
    from open_spiel.python import rl_environment

    game = load("gardiens", 2, seed=13, max_rounds=2)
    environment = rl_environment.Environment(game)
    step, rng, taken = environment.reset(), np.random.default_rng(13), 0
    while not step.last():
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        assert len(step.observations["info_state"][player]) == game.observation_tensor_size()
        step = environment.step([int(rng.choice(legal))])
        taken += 1
    assert taken > 0 and sum(step.rewards) == pytest.approx(1.0)


@pytest.mark.parametrize("private", [pyspiel.PrivateInfoType.NONE,
                                     pyspiel.PrivateInfoType.ALL_PLAYERS])
def test_observers_of_other_than_one_seat_are_refused_in_one_line(private: Any) -> None:
    game = load("toyrace_rl", 2, seed=14)
    kind = pyspiel.IIGObservationType(public_info=True, perfect_recall=False,
                                      private_info=private)
    with pytest.raises(ValueError) as refusal:
        game.make_py_observer(kind)
    assert "\n" not in str(refusal.value)
