"""Phases 1, 2, 4 and 5: work orders, placement, harvest, return, bidding (KT-5, 6, 8, 9)."""

from __future__ import annotations

import pytest
from kthelp import at_phase, board, cubes, give, new, play

from keepers.core.errors import RuleError
from keepers.games.keythedral import KeythedralState

STANDARD = {(0, 0): "quarry", (2, 2): "quarry", (2, 0): "forest", (0, 2): "forest"}


def _row_board(s: KeythedralState) -> None:
    """Twenty cottages (player j%4, number j//4+1), each with two fields of its own."""
    fields = {(x, 0): "forest" for x in range(0, 80, 2)}
    tiles = {(4 * j + 1, -1): (j % 4, j // 4 + 1, False) for j in range(20)}
    board(s, fields, tiles)


def _decisions_until(s: KeythedralState, kind: str) -> list[tuple[int, str]]:
    seen = []
    while s.decision().kind != kind:  # type: ignore[union-attr]
        d = s.decision()
        assert d is not None
        seen.append((d.player, d.kind))
        s.apply("done" if d.kind == "place" else s.legal_actions()[0])
    return seen


def test_worked_example_marker_choosers_and_placement_order() -> None:
    """KT-17.3, KT-5.2, KT-5.3, KT-0.3, KT-16.8: choosers A,B,C,D,A; each number led by its chooser."""
    s = new(4, first=1)  # seats Red 0, Blue 1, Green 2, Yellow 3; F = Blue
    _row_board(s)
    at_phase(s, 1)
    orders = {}
    for chooser, number in [(1, 3), (2, 1), (3, 5), (0, 2)]:
        d = s.decision()
        assert d is not None and d.kind == "marker" and d.player == chooser
        s.apply(f"mark {number}")
        orders[number] = [p for p, _ in _decisions_until(s, "marker")] if number != 2 else []
        if number == 2:
            seen = []
            while s.position.phase == 1:
                d = s.decision()
                assert d is not None
                seen.append((d.player, s.position.markers[-1]))
                s.apply("done")
            orders[2] = [p for p, n in seen if n == 2]
            orders[4] = [p for p, n in seen if n == 4]
    assert s.position.markers == [3, 1, 5, 2, 4]  # the fifth marker goes on the last free number
    assert orders == {3: [1, 2, 3, 0], 1: [2, 3, 0, 1], 5: [3, 0, 1, 2], 2: [0, 1, 2, 3],
                      4: [1, 2, 3, 0]}


@pytest.mark.parametrize("n,choosers", [(2, [0, 1, 0, 1]), (3, [0, 1, 2, 0]),
                                        (5, [0, 1, 2, 3])])
def test_marker_choosers_by_player_count(n: int, choosers: list[int]) -> None:
    """KT-5.2, KT-0.2: the chooser of marker k is seat (F + k - 1) mod N; all five numbers used."""
    s = new(n, first=0)
    board(s, STANDARD, {})
    at_phase(s, 1)
    seen = []
    while s.position.phase == 1:
        d = s.decision()
        assert d is not None and d.kind == "marker"
        seen.append(d.player)
        s.apply(s.legal_actions()[0])
    assert seen == choosers
    assert s.position.markers == [1, 2, 3, 4, 5]
    assert s.position.phase == 3  # KT-5.10: phase 1 closes after marker 5; phase 2 needs no decision


def _example_17_4() -> KeythedralState:
    s = new(3, first=0)  # Red 0, Blue 1, Green 2
    fields = {(2, 0): "forest", (4, 0): "lake", (2, 2): "quarry", (4, 2): "farm"}
    board(s, fields, {(3, 1): (0, 4, True), (5, 3): (2, 4, False)},
          fences={((3, 1), (4, 0)): 1})
    s.position.workers[(2, 2)] = 1
    at_phase(s, 1)
    play(s, "mark 4")
    return s


def test_worked_example_house_fence_occupied_idle() -> None:
    """KT-17.4, KT-5.4, KT-5.6, KT-5.7, KT-2.7: two free accessible fields; Green's worker idles."""
    s = _example_17_4()
    assert set(s.legal_actions()) == {"place 4 2,0", "place 4 4,2", "done"}
    play(s, "place 4 2,0", "place 4 4,2")
    d = s.decision()
    assert d is not None and d.kind == "marker" and d.player == 1  # Green was skipped: idle
    assert s.position.workers == {(2, 2): 1, (2, 0): 0, (4, 2): 0}


def test_optional_placement_lets_the_next_player_in() -> None:
    """KT-17.4 variant, KT-5.5, KT-16.7: Red places one worker; Green then takes (4,2)."""
    s = _example_17_4()
    play(s, "place 4 2,0", "done")
    d = s.decision()
    assert d is not None and d.player == 2 and s.legal_actions() == ["place 4 4,2", "done"]


def test_house_with_one_free_field_places_one() -> None:
    """KT-5.7, KT-5.4: a house places at most two, to different fields; one if only one is free."""
    s = new(3, first=0)
    board(s, {(2, 0): "forest", (4, 0): "lake"}, {(3, 1): (0, 4, True)})
    s.position.workers[(4, 0)] = 1
    at_phase(s, 1)
    play(s, "mark 4")
    assert s.legal_actions() == ["place 4 2,0", "done"]
    play(s, "place 4 2,0")
    assert s.decision().kind == "marker"  # type: ignore[union-attr]


def test_worked_example_harvest_shortage() -> None:
    """KT-17.5, KT-6.2, KT-6.4, KT-1.6, KT-16.9: players served in turn order; a colour the
    store cannot cover in full is not received at all."""
    s = new(3, first=1)  # Red 0, Blue 1, Green 2; order Blue, Green, Red
    fields = {(0, 0): "quarry", (2, 2): "quarry", (4, 0): "quarry", (6, 0): "quarry",
              (8, 0): "lake", (10, 0): "vineyard"}
    board(s, fields, {})
    s.position.workers = {(0, 0): 1, (8, 0): 1, (2, 2): 2, (4, 0): 2, (6, 0): 0, (10, 0): 0}
    s.position.store = [1, 20, 5, 15, 0, 0, 0, 0]
    at_phase(s, 2)
    assert cubes(s, 1) == {"black": 1, "blue": 1}
    assert cubes(s, 2) == {} and cubes(s, 0) == {}
    assert s.position.store[0] == 0 and s.position.store[2] == 4 and s.position.store[4] == 0
    harvests = [e for e in s.position.events() if e[0] == "harvest"]
    assert [e[1] for e in harvests] == [1, 2, 0]  # KT-6.6: public, in order
    assert s.position.workers  # KT-6.7: workers stay until phase 4


def test_shortage_is_all_or_nothing_and_leaves_the_cubes_for_later_players() -> None:
    """KT-6.4, KT-16.9 (revised): store green 1, seat 0 owed 2 green receives none and the
    store keeps its cube, which seat 1 (owed 1) then takes."""
    s = new(3, first=0)
    board(s, {(0, 0): "farm", (2, 0): "farm", (4, 0): "farm"}, {})
    s.position.workers = {(0, 0): 0, (2, 0): 0, (4, 0): 1}
    s.position.store[3] = 1
    at_phase(s, 2)
    harvests = [e for e in s.position.events() if e[0] == "harvest"]
    assert harvests[0][1] == 0 and harvests[0][2][3] == 0 and harvests[0][3][3] == 2
    assert cubes(s, 0) == {} and cubes(s, 1) == {"green": 1} and s.position.store[3] == 0


def test_spec_example_of_finite_supply() -> None:
    """KT-6.4 example: store blue 3; Red owed 2 takes 2; Blue owed 4 and Green owed 2
    receive none (the store stays at 1); Yellow, owed 1, takes the last one."""
    s = new(4, first=0)  # Red 0, Blue 1, Green 2, Yellow 3
    board(s, {(x, 0): "lake" for x in range(0, 18, 2)}, {})
    owners = [0, 0, 1, 1, 1, 1, 2, 2, 3]
    s.position.workers = {(2 * i, 0): p for i, p in enumerate(owners)}
    s.position.store[2] = 3
    at_phase(s, 2)
    assert [cubes(s, p) for p in range(4)] == [{"blue": 2}, {}, {}, {"blue": 1}]
    assert s.position.store[2] == 0


def test_shortage_is_judged_per_colour() -> None:
    """KT-6.4: a colour the store cannot cover is lost, the other colours still come; no
    other colour replaces the lost one."""
    s = new(3, first=0)
    board(s, {(0, 0): "quarry", (2, 0): "quarry", (4, 0): "forest"}, {})
    s.position.workers = {(0, 0): 0, (2, 0): 0, (4, 0): 0}
    s.position.store[0] = 1
    at_phase(s, 2)
    assert cubes(s, 0) == {"brown": 1} and s.position.store[0] == 1


def test_bumper_crop_entitlement_counts_whole_for_the_shortage() -> None:
    """KT-6.4, KT-12.18: Bumper Crop owes 2 per worker; a store holding 1 gives none."""
    s = new(3, first=0)
    board(s, {(0, 0): "farm"}, {})
    s.position.workers = {(0, 0): 0}
    s.position.bumper = frozenset({3})
    s.position.store[3] = 1
    at_phase(s, 2)
    assert cubes(s, 0) == {} and s.position.store[3] == 1


def test_entitlement_modifiers() -> None:
    """KT-6.3, KT-12.14, KT-12.18, KT-12.19, KT-16.18: Bumper doubles, Hard Worker doubles
    every worker again (no choice asked), Blight zeroes."""
    s = new(3, first=0)
    board(s, {(0, 0): "quarry", (2, 0): "forest", (4, 0): "lake"}, {})
    s.position.workers = {(0, 0): 0, (2, 0): 0, (4, 0): 0}
    s.position.bumper = frozenset({0})
    s.position.blight = frozenset({2})
    s.position.hard_worker = frozenset({0})
    at_phase(s, 2)
    assert s.position.phase == 3  # phase 2 asked nothing
    assert cubes(s, 0) == {"black": 4, "brown": 2}


def test_crop_choice_collection() -> None:
    """KT-6.5, KT-12.8, KT-16.39: fixed colours first, then free ones cube by cube."""
    s = new(3, first=0)
    board(s, {(0, 0): "quarry", (2, 0): "forest"}, {})
    s.position.workers = {(0, 0): 0, (2, 0): 0}
    s.position.crop_choice = {0: 0}  # quarry cubes are free
    s.position.store[1] = 1
    at_phase(s, 2)
    assert cubes(s, 0) == {"brown": 1}  # the fixed colour came first
    assert s.decision().kind == "crop"  # type: ignore[union-attr]
    assert "take brown" not in s.legal_actions()  # the store holds no more brown
    play(s, "take red")
    assert cubes(s, 0) == {"brown": 1, "red": 1}


def test_crop_choice_lost_when_store_has_no_resource() -> None:
    """KT-6.5: a free cube is lost only if the store holds no resource cube at all."""
    s = new(3, first=0)
    board(s, {(0, 0): "quarry"}, {})
    s.position.workers = {(0, 0): 0}
    s.position.crop_choice = {0: 0}
    s.position.store = [0, 0, 0, 0, 0, 0, 0, 0]
    at_phase(s, 2)
    assert cubes(s, 0) == {} and any(e[0] == "harvest_lost" for e in s.position.events())


def test_crop_choice_may_take_what_a_failed_fixed_colour_left() -> None:
    """KT-6.5, KT-16.39, KT-6.4: fixed colours first (black 2 owed, store black 1: none);
    the free cube is then chosen among what the store still holds, that black included."""
    s = new(3, first=0)
    board(s, {(0, 0): "quarry", (2, 0): "quarry", (4, 0): "forest"}, {})
    s.position.workers = {(0, 0): 0, (2, 0): 0, (4, 0): 0}
    s.position.crop_choice = {0: 1}  # forest cubes are free
    s.position.store = [1, 0, 0, 2, 0, 0, 0, 0]
    at_phase(s, 2)
    assert cubes(s, 0) == {} and s.position.store[0] == 1
    assert s.legal_actions() == ["take black", "take green"]
    play(s, "take black")
    assert cubes(s, 0) == {"black": 1} and s.position.store[0] == 0


def test_crop_choice_cubes_come_one_at_a_time() -> None:
    """KT-6.5: free cubes are not all or nothing: each takes any colour the store still
    holds; with green 1 and red 1 left, two free cubes take one of each."""
    s = new(3, first=0)
    board(s, {(0, 0): "quarry", (2, 0): "quarry"}, {})
    s.position.workers = {(0, 0): 0, (2, 0): 0}
    s.position.crop_choice = {0: 0}
    s.position.store = [0, 0, 0, 1, 1, 0, 0, 0]
    at_phase(s, 2)
    play(s, "take green")
    assert s.legal_actions() == ["take red"]
    play(s, "take red")
    assert cubes(s, 0) == {"green": 1, "red": 1}


def test_return_phase() -> None:
    """KT-8.1, KT-8.2, KT-8.3, KT-8.4: workers home, markers off, empty law spaces refilled."""
    s = new(3, first=0)
    board(s, STANDARD, {})
    s.position.workers = {(0, 0): 1}
    s.position.markers = [1, 2, 3, 4, 5]
    taken = s.position.law_spaces[0]
    s.position.law_spaces[0] = None
    s.position.discard.append(taken)  # type: ignore[arg-type]
    top = s.position.deck[-1]
    at_phase(s, 4)
    assert s.position.workers == {} and s.position.markers == []
    assert s.position.law_spaces[0] == top and len(s.position.deck) == 17


def test_empty_deck_leaves_spaces_empty() -> None:
    """KT-8.4, KT-11.7, KT-16.27: no reshuffle; spaces stay empty when the deck is out."""
    s = new(3, first=0)
    board(s, STANDARD, {})
    s.position.discard.extend(s.position.deck)
    s.position.deck = []
    s.position.discard.append(s.position.law_spaces[1])  # type: ignore[arg-type]
    s.position.law_spaces[1] = None
    at_phase(s, 4)
    assert s.position.law_spaces[1] is None and s.position.deck == []


def test_worked_example_bidding() -> None:
    """KT-17.9, KT-9.2, KT-9.3, KT-9.4, KT-9.5, KT-9.6, KT-9.7: Yellow outbids and pays B."""
    s = new(4, first=0)  # Red 0, Blue 1, Green 2, Yellow 3
    board(s, STANDARD, {})
    for p in range(4):
        give(s, p, green=3)
    give(s, 3, brown=2, red=1)
    at_phase(s, 5)
    assert s.decision().player == 2  # type: ignore[union-attr]
    play(s, "bid 2")
    assert s.decision().player == 3  # type: ignore[union-attr]
    play(s, "bid 3")
    assert s.decision().player == 0 and "bid 3" not in s.legal_actions()  # type: ignore[union-attr]
    play(s, "pass")
    assert s.decision().player == 1 and "bid 3" in s.legal_actions()  # type: ignore[union-attr]
    play(s, "pass")
    d = s.decision()
    assert d is not None and d.player == 3 and d.kind == "pay"
    play(s, "pay brown", "pay brown", "pay red")
    assert cubes(s, 1) == {"brown": 2, "green": 3, "red": 1}
    play(s, "first 3")
    assert s.position.first == 3 and s.position.round == 2  # KT-9.8: the next round starts


def test_b_wins_ties_and_pays_the_high_bidder() -> None:
    """KT-9.4, KT-9.5, KT-9.6, KT-16.23: B matches the highest bid, wins and pays that bidder."""
    s = new(3, first=0)  # A = 0, B = 1, order 2, 0, 1
    board(s, STANDARD, {})
    give(s, 2, blue=4)
    give(s, 1, red=4)
    at_phase(s, 5)
    play(s, "bid 2", "pass")
    assert s.legal_actions()[0] == "bid 2"  # B may equal
    play(s, "bid 2", "pay red", "pay red")
    assert cubes(s, 2) == {"blue": 4, "red": 2}
    assert s.decision().player == 1  # type: ignore[union-attr]


def test_nobody_bids_b_chooses_and_b_cannot_open() -> None:
    """KT-9.4, KT-9.5, KT-9.7, KT-9.3: B may not bid first; with no bid B names the first player."""
    s = new(2, first=0)  # two players: A then B
    board(s, {(0, 0): "quarry", (2, 0): "forest"}, {})
    give(s, 0, blue=2)
    give(s, 1, blue=5)
    at_phase(s, 5)
    assert s.decision().player == 0  # type: ignore[union-attr]
    play(s, "pass")
    assert s.decision().player == 1 and s.legal_actions() == ["pass"]  # type: ignore[union-attr]
    play(s, "pass")
    assert s.decision().kind == "first" and s.decision().player == 1  # type: ignore[union-attr]
    play(s, "first 0")
    assert s.position.first == 0


def test_bid_capped_by_cube_count() -> None:
    """KT-9.4: a bid is between 1 and the bidder's cube count, every colour counting one."""
    s = new(3, first=0)
    board(s, STANDARD, {})
    give(s, 2, blue=1, yellow=1)
    at_phase(s, 5)
    assert s.legal_actions() == ["bid 1", "bid 2", "pass"]
    with pytest.raises(RuleError, match="KT-9.4"):
        s.apply("bid 3")
