"""The packaged data file against the rules text (GR-0.3) and the board (GR-1, GR-2)."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from keepers.games.gardiens import GAME, GardiensGame
from keepers.games.gardiens.data import load, load_path

DATA_PATH = Path(__file__).parents[2] / "src/keepers/games/gardiens/data/gardiens-data.toml"


def test_data_file_keeps_its_header_and_provenance() -> None:
    """GR-0.2 GR-0.3: the packaged copy keeps its header and a provenance key on every table."""
    text = DATA_PATH.read_text(encoding="utf-8")
    assert text.startswith("# ===")
    assert "PROVENANCE" in text
    raw = tomllib.loads(text)
    for card in raw["action_cards"] + raw["event_cards"] + raw["objectives"] + raw["layouts"]:
        assert card["provenance"] in ("source", "ruling", "designed", "mixed")


def test_canonical_resource_order() -> None:
    """GR-0.6: wood, stone, gold, food, magic."""
    assert load().resources == ("wood", "stone", "gold", "food", "magic")


def test_component_counts() -> None:
    """GR-1.1 GR-1.2 GR-26.43: 80 action cards in 4 categories, 30 events, 15 objectives,
    20 building tiles (4 per type), cube supply 30/30/25/20/15, 10 guardians per colour."""
    data = load()
    assert len(data.card_instances) == 80
    per_category = Counter(data.card_of[c].category for c in data.card_instances)
    assert sorted(per_category.values()) == [20, 20, 20, 20]
    assert len(data.cards) == 32
    assert len(data.event_instances) == 30
    assert len(data.objectives) == 15
    assert [b.copies for b in data.buildings] == [4] * 5
    assert data.supply == (30, 30, 25, 20, 15)
    assert data.guardians_per_player == 10
    assert len(data.colours) == 5


def test_dice_faces() -> None:
    """GR-1.5 GR-26.11 GR-26.12: faces 1,2,2,3,3,Sword; Sword worth 2 but a distinct face."""
    data = load()
    assert sorted(data.dice_faces) == ["1", "2", "2", "3", "3", "SWORD"]
    assert data.face_values["SWORD"] == 2
    values = Counter(data.face_values[f] for f in data.dice_faces)
    assert values == {1: 1, 2: 3, 3: 2}


def test_score_markers_are_not_modelled_as_pieces() -> None:
    """GR-1.3 GR-26.36: six markers; software shows numbers (public VP in every view)."""
    raw = load().raw
    assert raw["components"]["score_markers"] == 6
    st = GAME.new_state(2, 0, {})
    assert all("public_vp" in seat for seat in st.view(None)["seats"])


def test_neighbours_use_direction_order_and_layout() -> None:
    """GR-2.1: axial offsets E, NE, NW, W, SW, SE; only hexes of the layout are adjacent."""
    lay = load().layouts[2]
    citadel = lay.hexes[lay.citadel]
    assert (citadel.q, citadel.r) == (0, 0)
    labels = [lay.hexes[n].label for n in lay.neighbours[lay.citadel]]
    assert labels == ["S-E", "T15", "S-NW", "T16", "S-SW", "T17"]
    h1 = lay.by_label["H1"]
    assert sorted(lay.hexes[n].label for n in lay.neighbours[h1]) == ["T02", "T08", "T26"]


def test_hex_kinds_and_printed_resources() -> None:
    """GR-2.2 GR-2.3 GR-2.4 GR-2.5 GR-2.6 GR-26.2 GR-26.3 GR-26.4: kinds and printed resources."""
    data = load()
    lay = data.layouts[5]
    kinds = Counter(h.kind for h in lay.hexes)
    assert kinds == {"citadel": 1, "source": 3, "territory": 28, "home": 5}
    printed = Counter(data.resources[h.resource] for h in lay.hexes if h.kind == "territory")
    assert printed == {"wood": 7, "stone": 7, "gold": 6, "food": 5, "magic": 3}
    assert all(data.resources[h.resource] == "food" for h in lay.hexes if h.kind == "home")
    assert all(h.resource == -1 for h in lay.hexes if h.kind in ("citadel", "source"))
    sources = {h.label: (h.q, h.r) for h in lay.hexes if h.kind == "source"}
    assert sources == {"S-E": (1, 0), "S-NW": (0, -1), "S-SW": (-1, 1)}


@pytest.mark.parametrize(("players", "hexes", "tiles"), [
    (2, 24, (6, 3, 3, 3, 3)), (3, 28, (6, 6, 3, 3, 3)),
    (4, 32, (6, 5, 5, 5, 3)), (5, 37, (7, 7, 6, 5, 3)),
])
def test_layout_totals(players: int, hexes: int, tiles: tuple[int, ...]) -> None:
    """GR-2.7 GR-26.1: one fixed layout per player count with the stated totals."""
    data = load()
    lay = data.layouts[players]
    assert len(lay.hexes) == hexes
    counts = Counter(h.resource for h in lay.hexes if h.kind == "territory")
    assert tuple(counts[r] for r in range(5)) == tiles
    assert len(lay.homes) == players
    assert all(h.distance <= 2 for h in lay.hexes if h.kind != "home" and h.distance < 3)


def test_home_slot_neighbours_table() -> None:
    """GR-2.7: the home-slot neighbour table of the spec (4 players)."""
    lay = load().layouts[4]
    expect = {"H1": {"T26", "T08", "T01", "T24"}, "H2": {"T25", "T06", "T10", "T28"},
              "H3": {"T23", "T04", "T11", "T20"}, "H4": {"T22", "T19", "T12", "T03"}}
    for slot, neighbours in expect.items():
        h = lay.by_label[slot]
        assert {lay.hexes[n].label for n in lay.neighbours[h]} == neighbours


def test_forward_hexes_and_shadow_origins() -> None:
    """GR-2.8 GR-2.9 GR-26.6 GR-26.37: ring-1 forward hexes; three ring-3 corner origins."""
    for lay in load().layouts.values():
        assert sorted(lay.hexes[h].label for h in lay.forward) == sorted(
            ["S-E", "S-NW", "S-SW", "T15", "T16", "T17"])
        assert [lay.hexes[h].label for h in lay.origins] == ["T26", "T27", "T28"]
        assert all(lay.hexes[h].kind != "home" for h in lay.origins)


def test_shadow_paths_follow_the_rule() -> None:
    """GR-25.8 GR-26.38: the path rule gives the straight spokes of the data file."""
    data = load()
    for lay in data.layouts.values():
        for item in data.coop["shadow_paths"]:
            coords = [tuple(c) for c in item["path"]]
            h = lay.origins[lay.shadow_ids.index(item["id"])]
            walked = []
            while h != -1:
                walked.append((lay.hexes[h].q, lay.hexes[h].r))
                h = lay.next_hex[h]
            assert walked == coords


def test_cards_events_objectives_match_the_spec_tables() -> None:
    """GR-21.2 GR-22 GR-23.1 GR-23.2 GR-23.3 GR-24.1 GR-24.2: every designed item uses
    only the defined operations, with the stated copies and families."""
    data = load()
    card_ops = {"gain", "gain_any", "draw", "take_river", "place_guardians", "free_move",
                "teleport", "protect", "combat_bonus", "extra_dice", "sword_value",
                "ignore_fortress", "defender_dice_minus", "cancel_attack", "pay", "steal",
                "remove_guardian", "destroy_building", "view_hand_discard", "peek_events",
                "build_discount", "exchange", "market_rate_trade", "reproduce", "shadow_delay"}
    for card in data.cards.values():
        assert {op["op"] for op in card.effect} <= card_ops
        assert card.timing in ("action", "attack", "defense", "combat")
    hostile = sorted(c.name for c in data.cards.values() if c.hostile)
    assert hostile == ["Arson", "Saboteur", "Spy", "Thief"]
    families: Counter[str] = Counter()
    for inst in data.event_instances:
        families[data.event_of[inst].category] += 1
    assert sorted(families.values()) == [7, 7, 8, 8]
    assert {o.checkpoint for o in data.objectives.values()} == {
        "any", "snapshot", "own_end_of_turn"}
    assert data.objectives["OB08"].checkpoint == "snapshot"
    assert data.objectives["OB14"].checkpoint == "own_end_of_turn"


def test_modified_data_copy_changes_the_game(tmp_path: Path) -> None:
    """GR-28.4 GR-0.3: a designer's modified copy is loaded without code changes."""
    text = DATA_PATH.read_text(encoding="utf-8")
    text = text.replace("victory_points_to_win = 15", "victory_points_to_win = 3")
    path = tmp_path / "mod.toml"
    path.write_text(text, encoding="utf-8")
    data = load_path(path)
    assert data.rule("victory_points_to_win") == 3
    game = GardiensGame(data)
    st = game.new_state(2, 1, {})
    assert st.data.rule("victory_points_to_win") == 3  # type: ignore[attr-defined]


def test_normative_words_note() -> None:
    """GR-0.1 GR-0.4 GR-0.5: the clause text wins over examples; vocabulary and card
    priority are reflected in the rules document of the project."""
    doc = (Path(__file__).parents[2] / "docs/rules/gardiens.md").read_text(encoding="utf-8")
    for word in ("Hex", "Reserve", "Supply", "Non-allied opponent", "Seat"):
        assert word in doc
