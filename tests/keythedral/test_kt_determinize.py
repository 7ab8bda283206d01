"""Positions dealt from one seat's view (KT-13): consistent with the view, never the truth.

A searching bot deals full positions from its view alone
(:mod:`keepers.games.keythedral.determinize`).  Every deal must show that seat exactly
the view it came from (KT-13.5), and must not depend on the hidden items of the true
position (KT-13.1, KT-13.2): two positions differing only there give the same deals.
"""

from __future__ import annotations

import pytest

from dealing import keythedral_hidden_swapped, random_positions
from keepers.core.rng import Rng
from keepers.games.keythedral import GAME, KeythedralState
from keepers.games.keythedral.data import COLOUR_INDEX, packaged
from keepers.games.keythedral.determinize import cubes_needed, remembered_stocks, sampler


def _positions(players: int, seed: int, every: int = 37) -> list[KeythedralState]:
    """Positions of a seeded random game, one every ``every`` decisions."""
    state = GAME.new_state(players, seed, {})
    assert isinstance(state, KeythedralState)
    return random_positions(state, seed, every, 2000)


@pytest.mark.parametrize("players", [2, 4])
def test_every_deal_shows_the_seat_its_own_view(players: int) -> None:
    """KT-13.5: a deal from seat p's view gives seat p that very view, its public log
    included, for the seat deciding and for another seat."""
    for state in _positions(players, seed=3):
        mover = state.to_move()
        assert mover is not None
        for seat in (mover, (mover + 1) % players):
            view = state.search_view(seat)
            deal = sampler(view, seat)
            for k in range(2):
                dealt = KeythedralState(deal(Rng(k)))
                assert dealt.search_view(seat) == view


def test_deals_do_not_depend_on_hidden_items_and_are_not_the_truth() -> None:
    """KT-13.1, KT-13.2: two true positions differing only in an opponent's card and the
    deck order give identical deals; the deals differ from the truth's hidden cards."""
    differs = 0
    for state in _positions(3, seed=5, every=53):
        seat = state.to_move()
        assert seat is not None
        if not state.position.deck or not any(
                state.position.hands[p] for p in range(3) if p != seat):
            continue
        swapped = keythedral_hidden_swapped(state, seat)
        assert swapped.search_view(seat) == state.search_view(seat)
        deal = sampler(state.search_view(seat), seat)
        deal_swapped = sampler(swapped.search_view(seat), seat)
        for k in range(3):
            a, b = deal(Rng(k)), deal_swapped(Rng(k))
            assert (a.hands, a.deck, a.stocks, a.rng.state) == (b.hands, b.deck, b.stocks,
                                                                  b.rng.state)
            truth = state.position
            differs += (a.hands, a.deck) != (truth.hands, truth.deck)
    assert differs > 0


def test_a_view_without_its_table_is_refused() -> None:
    """A plain view or a spectator's (no table), or another seat's, cannot be dealt from."""
    state = GAME.new_state(2, 1, {})
    with pytest.raises(Exception, match="no table"):
        sampler(state.view(None), 0)
    with pytest.raises(Exception, match="no table"):
        sampler(state.view(0), 0)
    with pytest.raises(Exception, match="not seat 1"):
        sampler(state.search_view(0), 1)


def test_an_announced_good_deal_or_discount_keeps_its_cubes_in_every_deal() -> None:
    """KT-12.15, KT-12.16, KT-4.9: while a Good Deal or a Discount waits for Vetoes, its
    payment is not yet on the stack, but its player held what it costs when announcing
    it: a deal gives that seat those cubes (a Discount on yellow, 4 cubes, costs 2; a
    Good Deal a resource cube), as for a payment or a bid under way; the viewer's own
    stock is known and never dealt."""
    data = packaged()
    frames = [["next_turn", 3], ["resolve", 1, "craft yellow discount"], ["wx", 1, "x"],
              ["resolve", 2, "deal red blue"], ["resolve", 0, "craft yellow discount"]]
    needs = cubes_needed(data, frames, ["veto", 0, "craft yellow discount"], seat=0)
    assert data.craft_price[COLOUR_INDEX["yellow"]] == 4
    assert needs == {1: (0, 2), 2: (1, 1)}
    paying = cubes_needed(data, [["pay", 3, 2, 1, -1]], ["bid", 2, [[0, 1, 2, 3], 1, 3, 1]], 0)
    assert paying == {3: (2, 2), 1: (0, 3)}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_public_log_tells_every_stock(players: int) -> None:
    """KT-13.4: harvests, payments (every cube, whatever it pays for), craft cubes,
    trades and purchases are public, so a player who remembers the log knows each
    stock: cube by cube and tile by tile, at every position of random games."""
    for length in ("short", "full"):
        state = GAME.new_state(players, 7 + players, {"length": length})
        assert isinstance(state, KeythedralState)
        for seen in random_positions(state, players, 5, 3000):
            position = seen.position
            log = [list(event) for event in position.events()]
            assert remembered_stocks(log, players) == (position.stocks, position.owned)


def test_a_deal_gives_the_other_seats_what_the_log_tells_and_deals_their_hands() -> None:
    """KT-13.4, KT-13.2: at 4 players every deal gives each other seat its true cubes and
    tiles (the log tells them); the hands are dealt, and differ from the truth."""
    hands_differ = 0
    for state in _positions(4, seed=11, every=41):
        seat = state.to_move()
        assert seat is not None
        deal = sampler(state.search_view(seat), seat)
        truth = state.position
        for k in range(3):
            dealt = deal(Rng(k))
            assert dealt.stocks == truth.stocks and dealt.owned == truth.owned
            hands_differ += dealt.hands != truth.hands
    assert hands_differ > 0


def test_a_log_that_does_not_tell_the_stocks_leaves_them_to_chance() -> None:
    """A position whose log does not account for the other stocks (one built mid-game)
    is dealt as before: every unseen cube behind a random other screen, each other seat's
    tiles among the unseen ones of the mat's values."""
    state = _positions(4, seed=11, every=301)[-1]
    position = state.position
    position.log = None
    seat = state.to_move()
    assert seat is not None and any(sum(position.stocks[p]) for p in range(4) if p != seat)
    deal = sampler(state.search_view(seat), seat)
    dealt = [deal(Rng(k)) for k in range(6)]
    others = [p for p in range(4) if p != seat]
    for one in dealt:
        assert one.stocks[seat] == position.stocks[seat]
        for colour in range(8):
            assert (sum(one.stocks[p][colour] for p in others)
                    == sum(position.stocks[p][colour] for p in others))
        assert [len(one.owned[p]) for p in others] == [len(position.owned[p]) for p in others]
    assert any(one.stocks != position.stocks for one in dealt)
