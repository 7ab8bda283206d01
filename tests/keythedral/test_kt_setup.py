"""Components and setup: KT-0, KT-1, KT-3, KT-15 and the worked example KT-17.1."""

from __future__ import annotations

from collections import Counter

import pytest
from kthelp import new, setup_done

from keepers.core.errors import KeepersError
from keepers.games.keythedral import GAME
from keepers.games.keythedral.data import COLOURS, CRAFTS, RESOURCES, packaged
from keepers.games.keythedral.rules.board import is_cell, is_slot
from keepers.games.keythedral.rules.mat import face_up


def test_edition_values_and_counts() -> None:
    """KT-0.1, KT-1.4, KT-10.8: values 4..12 with 6, 8, 8, 6, 6 tiles, costs from the data file."""
    data = packaged()
    counts = Counter(t.value for t in data.tiles.values())
    assert counts == {4: 6, 6: 8, 8: 8, 10: 6, 12: 6}
    assert len(data.tiles) == 34
    assert data.row_lengths == {"short": (4, 4, 4, 3, 2), "full": (5, 5, 5, 4, 3)}


def test_cube_table() -> None:
    """KT-0.4, KT-1.1: eight colours, 85 resource and 30 craft cubes, end values 1, 2, 3, 4."""
    data = packaged()
    assert COLOURS == ("black", "brown", "blue", "green", "red", "white", "purple", "yellow")
    assert sum(data.supply[c] for c in RESOURCES) == 85
    assert sum(data.supply[c] for c in CRAFTS) == 30
    assert data.points == (1, 1, 1, 1, 1, 2, 3, 4)


def test_player_components_and_hard_limits() -> None:
    """KT-1.2, KT-1.6, KT-3.2: 5 cottages numbered 1-5, 10 workers, 3 fences each."""
    s = new(4)
    assert s.position.data.workers == 10 and s.position.data.fences == 3
    assert s.position.fences_left == [3, 3, 3, 3]
    assert all(slots == [None] * 5 for slots in s.position.tile_slot)
    assert s.view(0)["you"]["workers"] == 10


def test_field_tiles_and_law_cards() -> None:
    """KT-1.3, KT-1.5, KT-12.0: 29 field tiles with their backs; 20 different law cards."""
    data = packaged()
    assert len(data.field_back) == 29
    assert Counter(data.field_back.values()) == {1: 4, 2: 10, 3: 5, 4: 5, 5: 5}
    assert sorted(data.laws) == [f"C{i:02d}" for i in range(1, 21)]


def test_coordinates() -> None:
    """KT-2.1: cells have even coordinates, slots odd ones."""
    assert is_cell((0, 0)) and is_cell((-2, 4)) and not is_cell((1, 0))
    assert is_slot((1, 1)) and is_slot((-1, 3)) and not is_slot((1, 2))


def test_three_player_setup_counts() -> None:
    """KT-17.1, KT-3.4, KT-3.5, KT-3.8, KT-3.9: three players, short game."""
    s = new(3)
    assert len(s.position.fields) == 4 and len(s.position.field_stack) == 15 - 1  # one tile already drawn
    assert s.position.drawn is not None
    assert len(s.position.law_spaces) == 2 and len(s.position.deck) == 18
    assert [len(r) for r in s.position.rows] == [4, 4, 4, 3, 2]
    assert [len(u) for u in s.position.unused] == [2, 4, 4, 3, 4]
    used = set(s.position.field_stack) | {s.position.drawn} | set(s.position.field_ids.values())
    assert len(used) == 19
    assert all(packaged().field_back[f] <= 3 for f in used)


def test_two_player_setup() -> None:
    """KT-17.1, KT-15.1, KT-16.3: quarry on (0,0), forest on (2,0), ten back-2 tiles, one law space."""
    s = new(2)
    assert s.position.field_ids == {(0, 0): "QUA-1a", (2, 0): "FOR-1a"}
    assert sorted(packaged().field_back[f] for f in [*s.position.field_stack, s.position.drawn]) == [2] * 10
    assert len(s.position.law_spaces) == 1 and len(s.position.deck) == 19


@pytest.mark.parametrize("n,stack", [(3, 15), (4, 20), (5, 25)])
def test_initial_fields_and_stack(n: int, stack: int) -> None:
    """KT-3.7, KT-3.8, KT-2.4: four initial fields around the Keythedral slot (1,1)."""
    s = new(n)
    assert s.position.data.keythedral_slot == (1, 1)
    assert s.position.field_ids == {(0, 0): "QUA-1a", (2, 2): "QUA-1b", (2, 0): "FOR-1a",
                           (0, 2): "FOR-1b"}
    assert len(s.position.field_stack) + 1 == stack


def test_full_game_rows() -> None:
    """KT-15.3, KT-3.5, KT-10.9: the full game lays 22 tiles; unused piles keep the rest."""
    s = new(4, length="full")
    assert sum(len(r) for r in s.position.rows) == 22
    assert [len(u) for u in s.position.unused] == [1, 3, 3, 2, 3]


def test_store_and_craftsmen_at_start() -> None:
    """KT-3.3, KT-0.5: resources in the store, craft cubes on the craftsmen, none in the store."""
    s = new(4)
    assert s.position.store == [20, 20, 15, 15, 15, 0, 0, 0]
    assert s.position.craftsmen[5:] == [10, 10, 10]


def test_first_player_from_config_or_seed() -> None:
    """KT-3.6, KT-16.31: configured first player, else a seeded draw (reproducible)."""
    assert new(4, seed=3, first=2).position.first == 2
    drawn = {new(4, seed=k).position.first for k in range(20)}
    assert len(drawn) > 1
    assert new(4, seed=11).position.first == new(4, seed=11).position.first


def test_setup_rounds_order_and_completion() -> None:
    """KT-3.10, KT-16.32, KT-3.11: field then cottage, clockwise from F, five setup rounds."""
    s = new(3, seed=5, first=1)
    order = []
    while s.position.round == 0:
        d = s.decision()
        assert d is not None
        order.append((d.player, d.kind))
        legal = s.legal_actions()
        assert legal, "a legal placement always exists"
        s.apply(legal[-1])
    expected = [(p, k) for _ in range(5) for p in (1, 2, 0) for k in ("field", "cottage")]
    assert order == expected
    assert all(None not in slots for slots in s.position.tile_slot)
    assert not s.position.field_stack


def test_drawn_field_must_be_laid() -> None:
    """KT-16.32: the drawn field may not be refused; only placements are offered."""
    s = new(4)
    assert all(a.startswith("field ") for a in s.legal_actions())


def test_start_reveals_value_4_row() -> None:
    """KT-3.12, KT-10.2: after setup the value-4 row is face up, the others face down."""
    s = setup_done(4)
    assert s.position.round == 1
    assert [face_up(s.position, r) for r in range(5)] == [True, False, False, False, False]
    mat = s.view(0)["mat"]
    assert mat[1]["spaces"][0]["tile"] == "?" and mat[1]["spaces"][0]["cost"] is None


def test_face_up_variant() -> None:
    """KT-15.2, KT-16.26: every mat tile face up; purchases still from the current row only."""
    s = setup_done(4, face_up=True)
    assert all(face_up(s.position, r) for r in range(5))
    from kthelp import at_turn, give

    give(s, s.position.first, black=2, brown=2, yellow=2, purple=2, white=2, blue=2, green=2, red=2)
    at_turn(s, s.position.first)
    buys = [a for a in s.legal_actions() if a.startswith("buy")]
    assert buys and all(a.split()[1].startswith("B04") for a in buys)


def test_bad_player_count_and_options() -> None:
    """KT-3.1: 2 to 5 players; the length option is checked."""
    with pytest.raises(KeepersError, match="KT-3.1"):
        GAME.new_state(6, 1, {})
    with pytest.raises(KeepersError, match="KT-15.3"):
        GAME.new_state(4, 1, {"length": "medium"})


@pytest.mark.parametrize(("options", "clause"), [
    ({"face_up": "yes"}, "KT-15.2"), ({"face_up": 1}, "KT-15.2"),
    ({"length": 3}, "KT-15.3"), ({"first": -2}, "KT-3.6"), ({"first": True}, "KT-3.6"),
    ({"colour": "red"}, "unknown option"), ({"max_rounds": -1}, "max_rounds"),
])
def test_options_are_checked_not_coerced(options: dict[str, object], clause: str) -> None:
    """KT-3.1, KT-3.6, KT-15.2, KT-15.3: every option value is refused unless allowed."""
    with pytest.raises(KeepersError, match=clause):
        GAME.new_state(4, 1, options)
