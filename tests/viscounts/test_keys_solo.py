"""Keeper of Keys solo changes (VK-7)."""

from __future__ import annotations

import pytest

from keepers.games.viscounts import GAME, ViscountsState, builder
from keepers.games.viscounts.data import load_data
from keepers.games.viscounts.rules import effects, solo
from keepers.games.viscounts.rules.effects import term_of
from keepers.games.viscounts.rules.scoring import final_scores

from .conftest import drain

DATA = load_data()


def keys_solo(seed: int = 3, ai: str = "cleric") -> ViscountsState:
    state = GAME.new_state(1, seed, {"ai": ai, "expansions": "keys"})
    assert isinstance(state, ViscountsState)
    while state.position.phase == "setup":
        state.apply(state.legal_actions()[0])
    return state


def test_keeper_scheme_and_ai_chests_at_setup() -> None:
    """VK-7.1: the Keeper of Keys starting scheme is in the AI's deck; the 3 AI chest tiles lie
    face down, one per AI card space; the view hides them."""
    state = keys_solo()
    pos = state.position
    ai = pos.players[1]
    schemes = ai.draw + ai.discard + [s for s in ai.spaces if s]
    assert "SK1" in schemes
    assert sorted(t for t, _ in pos.ext["ai_chests"]) == ["AI1", "AI2", "AI3"]
    assert not any(up for _, up in pos.ext["ai_chests"])
    assert state.view(0)["players"][1]["ai_chests"] == ["?", "?", "?"]


def test_flip_ai_chest_turns_them_up_in_space_order_then_fails() -> None:
    """VK-7.3 / VK-7.6: each flip turns the next face-down AI chest (space 1, 2, 3) face up;
    afterwards the option fails; an AI gain_chest does the same; face-up AI chests score
    2/5/9."""
    state = keys_solo()
    pos = state.position
    order = [t for t, _ in pos.ext["ai_chests"]]
    for count in range(1, 4):
        assert solo.ai_can(pos, 1, term_of("flip_ai_chest"))
        effects.resolve(pos, 1, term_of("flip_ai_chest" if count < 3 else "gain_chest"))
        drain(state)
        assert [up for _, up in pos.ext["ai_chests"]] == [i < count for i in range(3)]
        assert final_scores(pos)[1].parts["chests"] == (0, 2, 5, 9)[count]
    assert not solo.ai_can(pos, 1, term_of("flip_ai_chest"))
    assert [t for t, _ in pos.ext["ai_chests"]] == order


def test_ai_gains_no_hero() -> None:
    """VK-7.6: when the AI would gain a hero, nothing happens."""
    state = keys_solo()
    pos = state.position
    row = list(pos.ext["hero_row"])
    hand = list(pos.players[1].hand)
    effects.resolve(pos, 1, term_of("gain_hero"))
    drain(state)
    assert pos.ext["hero_row"] == row and pos.players[1].hand == hand


def test_remove_heroes_chests_takes_the_oldest_and_refills() -> None:
    """VK-7.2 / VK-7.3: ``ai_remove_heroes_chests(2)`` removes the 2 right-most (oldest)
    heroes and chest tiles from the game; the rows refill at the left."""
    state = keys_solo()
    pos = state.position
    heroes, chests = list(pos.ext["hero_row"]), list(pos.ext["chest_row"])
    effects.resolve(pos, 1, term_of("ai_remove_heroes_chests(2)"))
    assert set(heroes[-2:]) <= set(pos.removed) and set(chests[-2:]) <= set(pos.removed)
    assert pos.ext["hero_row"][-1] == heroes[0] and pos.ext["chest_row"][-2:] == chests[:2]
    assert len(pos.ext["hero_row"]) == 3 and len(pos.ext["chest_row"]) == 4


def test_human_take_keeps_age_order() -> None:
    """VK-7.2: when the human takes a hero the others slide and the new one enters left."""
    state = builder.position(1, seed=3, expansions="keys", turn=0, phase="action",
                             effect="gain_hero")
    pos = state.position
    row = list(pos.ext["hero_row"])
    top = pos.ext["hero_deck"][-1]
    state.apply(f"hero {row[1]}")
    assert pos.ext["hero_row"][:3] == [top, row[0], row[2]]


@pytest.mark.parametrize("tile", ["AI1", "AI2", "AI3"])
def test_face_up_ai_chest_converts_a_header_icon(tile: str) -> None:
    """VK-7.4: a face-up AI chest lets one cleric/builder/noble header icon of the scheme in
    the space above count as the two other types (when that helps the action)."""
    state = keys_solo()
    pos = state.position
    ai = pos.players[1]
    source = DATA.chest_tiles[tile].effect.kw("from")
    scheme = next(s for s in DATA.schemes.values() if s.header_icons.get(source, 0))
    ai.spaces = [scheme.id, None, None]
    pos.ext["ai_chests"] = [[tile, False], ["AI9", False], ["AI8", False]]
    others = [i for i in ("cleric", "builder", "noble") if i != source]
    action = {"cleric": "transcribe", "builder": "build", "noble": "workers"}
    before = {i: solo.ai_icons(pos, 1, action[i]) for i in others + [source]}
    pos.ext["ai_chests"][0][1] = True
    for icon in others:
        assert solo.ai_icons(pos, 1, action[icon]) == before[icon] + 1
    assert solo.ai_icons(pos, 1, action[source]) == before[source]


def test_ai_prefers_public_building_and_returns_right_most() -> None:
    """VK-7.5 / VK-R14: the AI's Construct replaces its own building on the first spot of its
    river group whose public counterpart is unbuilt and affordable; the returned building
    goes to the right-most empty slot of its type."""
    state = keys_solo()
    pos = state.position
    ai = pos.players[1]
    ai.node = "0.L"
    spot = pos.geo.group_spots("0.L")[0]
    order = DATA.ai_boards[pos.ai["board"]].building_order
    slots = [i for i, t in enumerate(order) if t == "workshop"]
    for i in slots[:2]:
        ai.covered[i] = False
    pos.spots[spot] = [1, "workshop"]
    ai.stone = 10
    assert solo.ai_can(pos, 1, term_of("build"))
    solo.ai_do(pos, 1, "build")
    drain(state)
    assert pos.spots[spot] == [1, "PB-workshop"] and pos.ext["owned"][1] == ["PB-workshop"]
    assert ai.covered[slots[1]] and not ai.covered[slots[0]]


def test_keeper_scheme_revealed_in_an_ai_turn() -> None:
    """VK-7.3: revealing the Keeper scheme removes the 2 right-most heroes and chest tiles
    (row 2) and, as its first action-row option, turns the AI's space-1 chest face up."""
    state = keys_solo(5)
    pos = state.position
    ai = pos.players[1]
    ai.draw.remove("SK1") if "SK1" in ai.draw else ai.discard.remove("SK1")
    ai.draw.append("SK1")
    heroes, chests = list(pos.ext["hero_row"]), list(pos.ext["chest_row"])
    pos.stack = [("ai_turn", 1)]
    pos.current, pos.phase = 1, "ai"
    drain(state)
    assert ai.spaces[0] == "SK1"
    assert set(heroes[-2:]) <= set(pos.removed) and set(chests[-2:]) <= set(pos.removed)
    assert [up for _, up in pos.ext["ai_chests"]] == [True, False, False]
