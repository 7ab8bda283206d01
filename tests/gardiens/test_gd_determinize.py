"""Positions dealt from one seat's view (GR-20): consistent with the view, never the truth.

A searching bot deals full positions from its view alone
(:mod:`keepers.games.gardiens.determinize`).  Every deal must show that seat exactly the
view it came from (GR-20.8) and offer the same decisions, and must not depend on what
the seat cannot see (GR-20.3): two positions differing only there give the same deals.
"""

from __future__ import annotations

import pytest

from dealing import random_positions
from keepers.core.errors import KeepersError
from keepers.core.rng import Rng
from keepers.games.gardiens import GAME
from keepers.games.gardiens.determinize import sampler
from keepers.games.gardiens.game import GardiensState


def _positions(players: int, seed: int, every: int = 23) -> list[GardiensState]:
    """Positions of a seeded random game, one every ``every`` decisions."""
    state = GAME.new_state(players, seed, {})
    assert isinstance(state, GardiensState)
    return random_positions(state, seed, every, 1500)


@pytest.mark.parametrize("players", [2, 4])
def test_every_deal_shows_the_deciding_seat_its_own_view(players: int) -> None:
    """GR-20.8: a deal from the deciding seat's view gives that seat that very view and
    the same legal decisions."""
    for state in _positions(players, seed=2):
        seat = state.to_move()
        assert seat is not None
        view = state.search_view(seat)
        deal = sampler(view, seat, GardiensState)
        for k in range(2):
            dealt = deal(Rng(k))
            assert dealt.search_view(seat) == view
            assert dealt.legal_actions() == state.legal_actions()


def test_deals_do_not_depend_on_hidden_items_and_are_not_the_truth() -> None:
    """GR-20.3: an opponent's card swapped with the deck's, the decks reshuffled: the view
    and the deals stay the same; the deals differ from the truth."""
    differs = 0
    for state in _positions(3, seed=4, every=41):
        seat = state.to_move()
        assert seat is not None
        view = state.search_view(seat)
        hidden = [p for p in range(3) if p != seat and state.hands[p]
                  and state.colour(p) not in view["visible_hands"]]
        if not hidden or not state.deck:
            continue
        swapped = state.clone()
        opponent = hidden[0]
        swapped.hands[opponent][0], swapped.deck[-1] = swapped.deck[-1], swapped.hands[opponent][0]
        Rng(3).shuffle(swapped.deck)
        Rng(5).shuffle(swapped.events)
        swapped.rng = Rng(777)
        assert swapped.search_view(seat) == view
        deal, deal_swapped = sampler(view, seat, GardiensState), sampler(
            swapped.search_view(seat), seat, GardiensState)
        for k in range(3):
            a, b = deal(Rng(k)), deal_swapped(Rng(k))
            assert (a.hands, a.deck, a.events, a.objectives, a.rng.state) == (
                b.hands, b.deck, b.events, b.objectives, b.rng.state)
            differs += (a.hands, a.deck, a.objectives) != (state.hands, state.deck,
                                                           state.objectives)
    assert differs > 0


def test_only_the_deciding_seat_deals() -> None:
    """A seat not deciding sees only the public part of the pending step (GR-20.5)."""
    state = _positions(2, seed=1)[0]
    seat = state.to_move()
    assert seat is not None
    with pytest.raises(KeepersError, match="only at its own decisions"):
        sampler(state.search_view(1 - seat), 1 - seat, GardiensState)
    with pytest.raises(KeepersError, match="no table"):
        sampler(state.view(None), seat, GardiensState)
