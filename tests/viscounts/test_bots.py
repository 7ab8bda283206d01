"""The greedy bot decides alike from its view and, inside a search, from a deal."""

from __future__ import annotations

import pytest

from dealing import play_side_by_side
from keepers.core.game import JsonDict
from keepers.games.viscounts import GAME, ViscountsState
from keepers.games.viscounts.bots import GreedyBot
from keepers.games.viscounts.views import player_view


@pytest.mark.parametrize(("players", "expansions"), [
    (1, "none"), (2, "none"), (4, "none"), (2, "keys,gates"), (1, "keys,gates"), (3, "gates")])
def test_greedy_decides_alike_from_its_view_and_from_a_deal(players: int,
                                                            expansions: str) -> None:
    """VB-2.2.1: inside a search, greedy reads its own entry of the view's ``players``
    built for its seat alone (``choose_in_deal``); at every decision of a seeded game,
    with random decisions mixed in, that entry equals the view's, and the choices and
    the bots' generators stay the same as from the view."""

    def own_entry_alike(state: ViscountsState, seat: int, view: JsonDict) -> None:
        assert player_view(state.position, seat, seat) == view["players"][seat]

    seed = players * 10 + len(expansions)
    state = GAME.new_state(players, seed, GAME.check_options({"expansions": expansions}))
    assert isinstance(state, ViscountsState)
    bots = [[GreedyBot(p, seed) for p in range(players)] for _ in range(2)]
    assert play_side_by_side(state, bots[0], bots[1], seed, own_entry_alike) > 100
