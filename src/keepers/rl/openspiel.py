"""Every game as an OpenSpiel game: ``import keepers.rl.openspiel`` registers each
registered game ``<name>`` as ``keepers_<name>`` with :func:`pyspiel.register_game`.

>>> import pyspiel, keepers.rl.openspiel
>>> game = pyspiel.load_game("keepers_gardiens", {"players": 3})
>>> state = game.new_initial_state()

The facts every game declares the same way: sequential; imperfect information; chance
*sampled* (shuffles, draws and dice come from the engine's seeded generator inside the
state, never as chance nodes: ``max_chance_outcomes`` is 0); general-sum (a solo game
or a co-operative variant can end with every seat losing), returns in [0, 1] at the
end only: ``reward=win`` pays each seat its share of the victory, ``reward=score`` the
share of the other seats it outscores.  Parameters: ``players``, ``reward``, ``seed``
(-1: fresh randomness; else the games this game object deals follow from it),
``max_game_length`` (a game still running after that many decisions ends there, each
seat paid the engine's estimate of its share: ``Game.evaluate``) and every option of the
game with its default.

Observers are built from one seat's view only: the observation tensor is the game's
observation codec, the observation string the view itself (JSON), and the information
state string the view with the seat's own decisions so far.  ``resampler`` deals, for
search bots such as OpenSpiel's ISMCTS, full states consistent with a seat's view.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from keepers.core.errors import KeepersError
from keepers.core.game import Game, GameState, score_shares
from keepers.core.registry import game_names, get_game
from keepers.core.rng import Rng
from keepers.rl.spaces import REWARDS, Spaces, check_choice, final_rewards

PREFIX = "keepers_"
MAX_GAME_LENGTH = 20_000
"""The default cut: longer than any game of the rules' own safety caps seen so far."""

BUILT_IN = ("players", "reward", "seed", "max_game_length")


def parameters(game: Game) -> dict[str, Any]:
    """The OpenSpiel parameters of ``game`` with their defaults."""
    built_in: dict[str, Any] = {"players": max(2, game.min_players), "reward": "win",
                                "seed": -1, "max_game_length": MAX_GAME_LENGTH}
    options = game.default_options()
    clash = set(options) & set(built_in)
    if clash:
        raise KeepersError(f"{game.name}: option {sorted(clash)[0]!r} clashes with "
                           "an OpenSpiel parameter of keepers")
    return {**built_in, **options}


def game_type(game: Game) -> Any:
    """The declared facts of ``game`` as OpenSpiel's GameType."""
    kinds = pyspiel.GameType
    return kinds(
        short_name=PREFIX + game.name,
        long_name=f"keepers: {game.title}",
        dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=kinds.ChanceMode.SAMPLED_STOCHASTIC,
        information=kinds.Information.IMPERFECT_INFORMATION,
        utility=kinds.Utility.GENERAL_SUM,
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game),
    )


class KeepersSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    """One registered keepers game at the parameters OpenSpiel loads it with."""

    keepers_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = get_game(self.keepers_name)
        chosen = {**parameters(game), **(params or {})}
        options = {key: chosen[key] for key in game.default_options()}
        self.spaces = Spaces(game, int(chosen["players"]), options)
        self.reward = check_choice("reward", chosen["reward"], REWARDS)
        self.max_length = int(chosen["max_game_length"])
        if self.max_length < 1:
            raise ValueError(f"max_game_length must be >= 1, not {self.max_length}")
        seed = int(chosen["seed"])
        self._seeds = np.random.default_rng(None if seed < 0 else seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spaces.actions.size, max_chance_outcomes=0,
            num_players=self.spaces.players, min_utility=0.0, max_utility=1.0,
            utility_sum=None, max_game_length=self.max_length)
        super().__init__(game_type(game), info, params or {})

    def new_initial_state(self) -> KeepersSpielState:
        """A new game, dealt from the next seed of this game object when first looked at
        (OpenSpiel makes initial states it never plays: to clone into, to learn shapes)."""
        return KeepersSpielState(self, _Cloned(self.deal))

    def deal(self) -> GameState:
        """A new engine state, dealt from the next seed of this game object."""
        return self.spaces.new_state(int(self._seeds.integers(2**63)))

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> KeepersObserver:
        """The observer of one seat's view (perfect recall adds its own decisions)."""
        if params:
            raise ValueError(f"keepers observers take no parameters, not {params!r}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type is not None and (iig_obs_type.private_info != private
                                         or not iig_obs_type.public_info):
            raise ValueError("keepers observers give one seat's own view (private "
                             "information of a single player, with the public)")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return KeepersObserver(self.spaces, recall)


class KeepersSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types
    """A game in progress: the engine's state and each seat's own decisions."""

    def __init__(self, game: KeepersSpielGame, engine: _Cloned,
                 own: list[list[int]] | None = None) -> None:
        super().__init__(game)
        # OpenSpiel clones a Python state by deep-copying its attributes into a new initial
        # state: the engine's state copies itself by its own clone, the game is shared.
        self._engine = engine
        self._game = _Shared(game)
        self.own = own if own is not None else [[] for _ in range(game.spaces.players)]

    @property
    def engine(self) -> GameState:
        """The engine's state (hidden items and all: never handed to a player)."""
        return self._engine.state

    @property
    def spaces(self) -> Spaces:
        return self._game.game.spaces

    def current_player(self) -> int:
        """The seat to move, or TERMINAL."""
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.engine.to_move()
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        """Over by the rules, or cut at max_game_length decisions."""
        return self.engine.is_over() or self.decisions() >= self._game.game.max_length

    def decisions(self) -> int:
        """How many decisions were taken."""
        return sum(len(mine) for mine in self.own)

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.engine.to_move() or self.is_terminal():
            return []
        return self.spaces.actions.legal_indices(self.engine)

    def _apply_action(self, action: int) -> None:
        seat = self.current_player()
        text = self.spaces.decision(self.engine, action)
        self.engine.apply_trusted(text)
        self.own[seat].append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.spaces.actions.decode(self.engine, action)
        except ValueError:
            return f"action {action}"

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s (default: the seat to move's) observation tensor, read from the
        observer: OpenSpiel's own route sets up a fresh initial state on every call."""
        seat = self.current_player() if player is None else player
        if not 0 <= seat < self.spaces.players:
            raise ValueError(f"observation_tensor: no seat {seat} in a game of "
                             f"{self.spaces.players}")
        return self.spaces.observations.encode(self.engine.bot_view(seat), seat)

    def returns(self) -> list[float]:
        """Each seat's reward: 0 until the end (see the module's docstring)."""
        if not self.is_terminal():
            return [0.0] * self.spaces.players
        if self.engine.is_over():
            return final_rewards(self.engine, self._game.game.reward)
        if self._game.game.reward == "score" and self.spaces.players > 1:
            return score_shares(self.engine.scores())
        return self.spaces.game.evaluate(self.engine)

    def __str__(self) -> str:
        """The public view (what a spectator sees) and the number of decisions taken."""
        return f"{self.decisions()} {_text(self.engine.view(None))}"

    def resample_from_infostate(self, player: int, sampler: Any = None) -> KeepersSpielState:
        """A state ``player`` cannot tell from this one: what it cannot see dealt anew
        from its view (``Game.determinizer``); its own decisions kept, the others' unknown.
        ``sampler`` gives a uniform number in [0, 1) when it is callable."""
        uniform = sampler() if callable(sampler) else self._game.game._seeds.random()
        return resample(self, player, int(uniform * 2**53))


def resample(state: KeepersSpielState, player: int, seed: int) -> KeepersSpielState:
    """A state consistent with ``player``'s view of ``state``, dealt from ``seed``."""
    game = state.spaces.game
    deal = game.determinizer(state.engine.search_view(player), player)
    own: list[list[int]] = [[] for _ in range(state.spaces.players)]
    own[player] = list(state.own[player])
    return KeepersSpielState(state._game.game, _Cloned(state=deal(Rng(seed))), own)


def resampler(seed: int) -> Callable[[KeepersSpielState, int], KeepersSpielState]:
    """A resampling function for ``ISMCTSBot.set_resampler``, seeded."""
    rng = Rng(seed)

    def resample_for(state: KeepersSpielState, player: int) -> KeepersSpielState:
        return resample(state, player, rng.next64())

    return resample_for


class _Cloned:
    """Holds an engine state, dealt when first asked for, that a deep copy copies by the
    engine's own clone."""

    def __init__(self, deal: Callable[[], GameState] | None = None,
                 state: GameState | None = None) -> None:
        self._deal = deal
        self._state = state

    @property
    def state(self) -> GameState:
        if self._state is None:
            assert self._deal is not None
            self._state = self._deal()
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Cloned:
        return _Cloned(state=self.state.clone())


class _Shared:
    """Holds the game object, which a deep copy shares."""

    def __init__(self, game: KeepersSpielGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


def _text(view: Any) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


class KeepersObserver:
    """OpenSpiel's PyObserver of one seat: built from that seat's view alone."""

    def __init__(self, spaces: Spaces, perfect_recall: bool) -> None:
        self.spaces = spaces
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(spaces.observations.size, np.float32)
        self.dict = {field.name: self.tensor[field.start:field.start + field.length]
                     for field in spaces.observations.fields}

    def set_from(self, state: KeepersSpielState, player: int) -> None:
        """The tensor of ``player``'s view of ``state``."""
        view = state.engine.bot_view(player)
        self.tensor[:] = self.spaces.observations.encode(view, player)

    def string_from(self, state: KeepersSpielState, player: int) -> str:
        """``player``'s view as JSON; with perfect recall, its own decisions after it."""
        text = _text(state.engine.view(player))
        if self.perfect_recall:
            text += " " + " ".join(map(str, state.own[player]))
        return text


def register_all() -> list[str]:
    """Register every known game with OpenSpiel (done when this module is imported);
    return the names.  A game that cannot be loaded is left out."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in game_names():
        short = PREFIX + name
        if short not in registered:
            try:
                facts = game_type(get_game(name))
            except KeepersError:
                continue  # a game that cannot be loaded breaks no other
            spiel_class = type(f"Keepers_{name}", (KeepersSpielGame,), {"keepers_name": name})
            pyspiel.register_game(facts, spiel_class)
        names.append(short)
    return names


register_all()
