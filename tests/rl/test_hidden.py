"""Hidden information through every environment: a seat's observation (PettingZoo,
Gymnasium, OpenSpiel) is the same in two positions that differ only in what the seat
cannot see: the positions dealt from its own view (``Game.determinize``), and in
Keythedral a position with another seat's law card swapped with the deck (KT-13.1)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from rlhelp import CASES, SHORT, spaces_or_skip

import keepers.rl.openspiel  # noqa: F401  (registers the games)
from dealing import random_positions
from keepers.core.errors import KeepersError
from keepers.core.game import GameState
from keepers.core.rng import Rng
from keepers.rl.gymnasium import KeepersEnv
from keepers.rl.openspiel import KeepersSpielState, _Cloned
from keepers.rl.pettingzoo import env


def twins(state: GameState, seat: int, game: Any) -> list[GameState]:
    """Positions ``seat`` cannot tell from ``state``."""
    if game.name == "toyrace_rl":
        other: Any = state.clone()  # another seat's hand swapped with the deck's top cards
        opponent = (seat + 1) % state.num_players
        hand, deck = other.hands[opponent], other.deck
        if len(deck) < len(hand):
            return []
        hand[:], deck[-len(hand):] = deck[-len(hand):], list(hand)
        return [other]
    if game.name == "keythedral":
        # Its deals carry no event log, which the view and the OpenSpiel text show
        # (KT-13.5): the twins are the position with the field stack reshuffled and the
        # generator changed (KT-13.1), and with a law card swapped (KT-13.2).
        from dealing import keythedral_hidden_swapped

        shuffled: Any = state.clone()
        Rng(99).shuffle(shuffled.position.field_stack)
        shuffled.position.rng = Rng(12345)
        out = [shuffled]
        if any(state.position.hands[p] for p in range(state.num_players) if p != seat):
            out.append(keythedral_hidden_swapped(state, seat))  # type: ignore[arg-type]
        return out
    try:
        deal = game.determinizer(state.search_view(seat), seat)
    except KeepersError:
        return []
    return [deal(Rng(k)) for k in (1, 2)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_what_a_seat_cannot_see_never_changes_its_observation(game: str, players: int) -> None:
    spaces = spaces_or_skip(game, players)
    table = env(game, players=players, options=SHORT.get(game, {}))
    table.reset(seed=1)
    start = table.game_state
    learner = KeepersEnv(game, players=players, options=SHORT.get(game, {}), seat=0)
    learner.reset(seed=1)
    spiel = pyspiel.load_game(f"keepers_{game}", {"players": players, **SHORT.get(game, {})})
    observer = spiel.make_py_observer()
    differed = 0
    for position in random_positions(start, seed=2, every=7, most=200)[:6]:
        for seat in range(players):
            agent = f"player_{seat}"
            table._state = position
            seen = table.observe(agent)
            spiel_state = KeepersSpielState(spiel, _Cloned(state=position))
            observer.set_from(spiel_state, seat)
            tensor = observer.tensor.copy()
            text = observer.string_from(spiel_state, seat)
            for twin in twins(position, seat, spaces.game):
                assert twin.view(seat) == position.view(seat)
                differed += twin.to_dict() != position.to_dict()
                table._state = twin
                other = table.observe(agent)
                assert np.array_equal(seen["observation"], other["observation"])
                assert np.array_equal(seen["action_mask"], other["action_mask"])
                learner._state, learner.seat = twin, seat
                assert np.array_equal(learner._observed()[0], seen["observation"])
                twin_state = KeepersSpielState(spiel, _Cloned(state=twin))
                observer.set_from(twin_state, seat)
                assert np.array_equal(observer.tensor, tensor)
                assert observer.string_from(twin_state, seat) == text
    assert differed > 0, "no position differed in what a seat cannot see"
