"""Board geometry, placement legality, fences, enclosure and relaying (KT-2, KT-17.2, KT-17.8)."""

from __future__ import annotations

from kthelp import at_turn, board, give, new, play

from keepers.games.keythedral.rules.board import legal_cells, legal_slots, neighbours, touching
from keepers.games.keythedral.rules.placement import placement_options

STANDARD = {(0, 0): "quarry", (2, 2): "quarry", (2, 0): "forest", (0, 2): "forest"}


def test_adjacency_and_touching() -> None:
    """KT-2.2, KT-2.3: cells touch four cells orthogonally and four slots diagonally."""
    assert set(neighbours((0, 0))) == {(2, 0), (-2, 0), (0, 2), (0, -2)}
    assert (2, 2) not in neighbours((0, 0))
    assert set(touching((1, 1))) == {(0, 0), (2, 0), (0, 2), (2, 2)}
    assert set(touching((0, 0))) == {(-1, -1), (1, -1), (-1, 1), (1, 1)}


def _swap_to_top(s, tile: str) -> None:  # type: ignore[no-untyped-def]
    """Make ``tile`` the next field drawn."""
    s.position.field_stack.remove(tile)
    s.position.field_stack.append(tile)


def test_worked_example_field_and_cottage_legality() -> None:
    """KT-17.2, KT-2.8, KT-2.9, KT-16.2, KT-16.4: two-player placement checks."""
    s = new(2, seed=1, first=0)
    if s.position.drawn != "LAK-2a":
        s.position.field_stack.append(s.position.drawn)
        s.position.field_stack.remove("LAK-2a")
        s.position.drawn = "LAK-2a"
    s._legal = None
    _swap_to_top(s, "FAR-2a")
    play(s, "field 4,0", "cottage 1 -1,-1")
    assert s.decision().player == 1 and s.position.drawn == "FAR-2a"  # type: ignore[union-attr]
    cells = set(legal_cells(s.position))
    for illegal in [(0, 2), (2, 2), (4, 4), (4, 0)]:
        assert illegal not in cells
    for legal in [(-2, -2), (6, 0), (2, -2)]:
        assert legal in cells
    play(s, "field 6,0")
    slots = set(legal_slots(s.position))
    assert (1, 1) not in slots and (1, 3) not in slots and (-1, -1) not in slots
    assert (5, 1) in slots and (3, -1) in slots


def test_two_player_room_rule_keeps_cells_empty() -> None:
    """KT-15.1, KT-16.2, KT-16.3: (0,2) and (2,2) are never legal in the two-player game."""
    s = new(2, seed=4)
    while s.position.round == 0:
        if s.decision().kind == "field":  # type: ignore[union-attr]
            assert {(0, 2), (2, 2)}.isdisjoint(legal_cells(s.position))
        s.apply(s.legal_actions()[-1])
    assert (0, 2) not in s.position.fields and (2, 2) not in s.position.fields


def test_keythedral_tile_is_no_cottage() -> None:
    """KT-2.4, KT-16.1: the Keythedral slot holds no cottage and its edges take no fence."""
    s = new(4)
    board(s, STANDARD, {(3, 1): (0, 1, False)})
    give(s, 0, brown=3)
    at_turn(s, 0)
    fences = [a for a in s.legal_actions() if a.startswith("fence")]
    assert fences and all(not a.startswith("fence 1,1") for a in fences)
    assert (1, 1) not in legal_slots(s.position)


def test_fence_edges_and_one_per_edge() -> None:
    """KT-2.5, KT-2.12, KT-16.6: fences only between an occupied slot and a field, one per edge."""
    s = new(4)
    board(s, STANDARD, {(3, 1): (0, 1, False)}, fences={((3, 1), (2, 0)): 1})
    give(s, 0, brown=3)
    at_turn(s, 0)
    fences = {a for a in s.legal_actions() if a.startswith("fence")}
    assert fences == {"fence 3,1 2,2"}  # (2,0) already fenced; (4,0), (4,2) hold no field


def test_access_fences_block_everyone_including_owner() -> None:
    """KT-2.7, KT-5.4: a tile reaches touching fields without a fence; fences block their owner."""
    s = new(4)
    board(s, STANDARD, {(1, 3): (0, 1, True)}, fences={((1, 3), (0, 2)): 0})
    assert placement_options(s.position, 0, 1, ()) == [(1, (2, 2))]
    s.position.trespass = frozenset({0})
    assert {c for _, c in placement_options(s.position, 0, 1, ())} == {(0, 2), (2, 2)}


def test_one_field_one_tile_per_position() -> None:
    """KT-2.6: a cell holds one field, a slot one tile, a field one worker."""
    s = new(4)
    board(s, STANDARD, {(1, 3): (0, 1, True), (-1, 1): (1, 1, False)})
    s.position.workers[(0, 2)] = 1
    assert placement_options(s.position, 0, 1, ()) == [(1, (2, 2))]
    assert (0, 0) not in legal_cells(s.position) and (1, 3) not in legal_slots(s.position)


def test_worked_example_enclosure_and_relay() -> None:
    """KT-17.8, KT-2.10, KT-2.11, KT-7.6, KT-16.5: a fence encloses Green's cottage, relaid at once."""
    s = new(3, first=0)  # seats: 0 Red, 1 Blue, 2 Green
    board(s, STANDARD, {(-1, 1): (2, 4, False)}, fences={((-1, 1), (0, 0)): 0})
    give(s, 1, brown=1)
    at_turn(s, 1)
    play(s, "fence -1,1 0,2")
    d = s.decision()
    assert d is not None and d.player == 2 and d.kind == "relay"
    legal = s.legal_actions()
    assert "relay -1,-1" in legal and "relay 1,3" in legal and "relay -1,1" not in legal
    play(s, "relay 1,3")
    assert s.position.tiles[(1, 3)] == (2, 4, False) and (-1, 1) not in s.position.tiles
    assert ((-1, 1), (0, 0)) in s.position.fences and ((-1, 1), (0, 2)) in s.position.fences
    assert s.position.fences_left[1] == 2 and s.position.stocks[1][1] == 0
    assert s.decision().player == 2 and s.decision().kind == "turn"  # type: ignore[union-attr]


def test_enclosure_counts_only_fields_and_removal_without_room() -> None:
    """KT-2.10, KT-2.11: one fence encloses a tile touching one field; no relay-legal slot removes it."""
    s = new(3, first=0)
    board(s, {(0, 0): "quarry"},
          {(-1, 1): (2, 3, True), (-1, -1): (0, 1, False), (1, -1): (1, 1, False)})
    give(s, 0, brown=1)
    at_turn(s, 0)
    play(s, "fence -1,1 0,0")
    assert (-1, 1) not in s.position.tiles and s.position.tile_slot[2][2] is None
    assert any(e[0] == "removed" for e in s.position.events())


def test_relayed_house_stays_house_and_workers_stay() -> None:
    """KT-2.11, KT-5.8: a relaid house keeps its face; its workers stay; a retired owner relays too."""
    s = new(3, first=0)
    board(s, STANDARD, {(-1, 1): (2, 4, True)}, fences={((-1, 1), (0, 0)): 0})
    s.position.workers[(0, 2)] = 2
    give(s, 1, brown=1)
    at_turn(s, 1)
    s.position.retired[2] = True
    play(s, "fence -1,1 0,2", "relay 3,1")
    assert s.position.tiles[(3, 1)] == (2, 4, True)
    assert s.position.workers[(0, 2)] == 2
