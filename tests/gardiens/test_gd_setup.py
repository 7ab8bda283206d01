"""Setup (GR-3) and the round structure (GR-4.1)."""

from __future__ import annotations

from collections import Counter

import pytest
from gdhelp import started

from keepers.core.errors import RuleError
from keepers.games.gardiens import GAME
from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.rules import board


def fresh(players: int, seed: int = 0) -> GardiensState:
    st = GAME.new_state(players, seed, {})
    assert isinstance(st, GardiensState)
    return st


def test_first_player_is_random_and_seats_follow() -> None:
    """GR-3.1: first player uniformly random (from the seed); seats follow; colours by seat."""
    firsts = Counter(fresh(4, seed).first for seed in range(200))
    assert set(firsts) == {0, 1, 2, 3}
    st = fresh(4, 5)
    assert st.colour(st.first) == "red"
    assert st.seat((st.first + 1) % 4) == 2
    assert st.colour((st.first + 1) % 4) == "blue"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_board_homes_supply_decks(players: int) -> None:
    """GR-3.2 GR-3.3 GR-3.4 GR-3.5 GR-3.6 GR-3.7 GR-26.29: layout, home slots by seat, supply,
    shuffled decks with a 5-card river, 2 objectives each, 3 wood 2 food 1 gold, no cards."""
    st = fresh(players)
    assert len(st.owner) == len(st.data.layouts[players].hexes)
    for p in range(players):
        assert st.label(st.home(p)) == f"H{st.seat(p)}"
        assert st.owner[st.home(p)] == p and st.count[st.home(p)] == 1
        assert st.cubes[p] == [3, 0, 1, 2, 0]
        assert st.hands[p] == []
        assert len(st.objectives[p]) == 2
    assert len(st.river) == 5
    assert len(st.deck) == 75
    assert len(st.events) == 30
    assert st.supply == [30 - 3 * players, 30, 25 - players, 20 - 2 * players, 15]
    assert st.bsupply == [4] * 5
    dealt = [o for p in range(players) for o in st.objectives[p]]
    assert len(set(dealt)) == len(dealt)


def test_decks_depend_on_the_seed() -> None:
    """GR-3.5 GR-28.2: shuffles come from the seeded generator."""
    assert fresh(3, 1).deck == fresh(3, 1).deck
    assert fresh(3, 1).deck != fresh(3, 2).deck


def test_forward_hexes_chosen_in_seat_order() -> None:
    """GR-3.8 GR-26.5 GR-26.6: 1 at home, then 2 on an unchosen ring-1 hex in seat order."""
    st = fresh(3)
    seat_order = [(st.first + i) % 3 for i in range(3)]
    chosen: list[str] = []
    for player in seat_order:
        assert st.to_move() == player
        legal = st.legal_actions()
        assert "forward C" not in legal
        assert all(f"forward {c}" not in legal for c in chosen)
        action = legal[-1]
        chosen.append(action.split()[1])
        st.apply(action)
    for player in range(3):
        assert board.on_board(st, player) == 3
        assert st.reserve[player] == 7


def test_round_one_starts_with_counters_at_zero() -> None:
    """GR-3.9 GR-4.1: counters at 0; round 1 begins with seat 1."""
    st = started(4, 3)
    assert st.round == 1
    assert st.active == st.first
    assert st.banked_build == [0] * 4 and st.snap_hexes == [0] * 4
    assert st.combats_won == [0] * 4 and st.trades == [0] * 4
    assert all(not t for t in st.types_built)


def test_first_player_rotates_each_round() -> None:
    """GR-4.1 GR-17.7 GR-16.3 GR-26.21: round n starts with seat ((n-1) mod N)+1;
    the token passes at the end of each round, not at the end of a turn."""
    st = started(3, 2)
    order: list[int] = []
    while st.round <= 3 and not st.over:
        if st.phase == "alliance":
            order.append(st.active)
        st.apply("pass" if "pass" in st.legal_actions() else st.legal_actions()[0])
    f = st.first
    assert order[:9] == [f, (f + 1) % 3, (f + 2) % 3, (f + 1) % 3, (f + 2) % 3, f,
                         (f + 2) % 3, f, (f + 1) % 3]


def test_setup_refuses_a_taken_forward_hex() -> None:
    """GR-3.8: a forward hex already chosen cannot be chosen again."""
    st = fresh(2)
    first = st.legal_actions()[0]
    st.apply(first)
    before = st.to_dict()
    with pytest.raises(RuleError) as err:
        st.apply(first)
    assert err.value.clause == "GR-3.8"
    assert st.to_dict() == before


def test_player_count_limits() -> None:
    """GR-3.1: 2 to 5 players."""
    with pytest.raises(ValueError):
        GAME.new_state(6, 0, {})
    assert GAME.min_players == 2 and GAME.max_players == 5
