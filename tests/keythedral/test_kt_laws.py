"""Law cards and their windows: KT-4, KT-11 and every card of KT-12."""

from __future__ import annotations

import pytest
from kthelp import at_phase, at_turn, board, cubes, deal_card, give, new, play

from keepers.core.errors import RuleError
from keepers.games.keythedral import KeythedralState
from keepers.games.keythedral.data import packaged
from keepers.games.keythedral.rules.placement import placement_options

STANDARD = {(0, 0): "quarry", (2, 2): "quarry", (2, 0): "forest", (0, 2): "forest"}
ANY = {"WS1", "WS2", "WS3", "WS4", "WS5", "WM", "WP", "WC", "WT", "WB_OTHER", "WB_BUYER"}


def _three(first: int = 0) -> KeythedralState:
    s = new(3, first=first)
    board(s, STANDARD, {(-1, 1): (0, 1, False), (3, 1): (1, 1, True), (1, 3): (2, 1, False)})
    return s


def test_card_windows_match_summary_table() -> None:
    """KT-12.0, KT-4.2, KT-4.12, KT-12.12, KT-12.8, KT-16.10, KT-16.20, KT-16.21: eligible windows per card."""
    laws = packaged().laws
    assert laws["C01"].windows == {"WS1"}
    assert laws["C02"].windows == {"WB_OTHER"}
    for card in ("C03", "C04", "C07", "C11", "C13", "C17"):
        assert laws[card].windows == ANY
    assert "WX" not in laws["C03"].windows
    assert laws["C05"].windows == {"WB_BUYER"}
    assert laws["C06"].windows == {"WM", "WP"}
    assert laws["C08"].windows == laws["C14"].windows == {"WS1", "WM", "WP", "WS2", "WC"}
    assert laws["C09"].windows == {"WS1", "WM", "WP"}
    assert laws["C10"].windows == {"WX"}
    assert laws["C12"].windows == ANY - {"WS4", "WS5"}
    assert laws["C18"].windows == laws["C19"].windows == {"WS2"}
    assert laws["C20"].windows == {"WS1", "WS2", "WS3", "WS4", "WS5"}


def test_start_window_polls_clockwise_and_silently_skips() -> None:
    """KT-4.3, KT-4.10, KT-4.14, KT-5.1: WS1 polls from F; holders only; it closes after passes in a row."""
    s = _three(first=0)
    deal_card(s, 1, "C09")
    deal_card(s, 2, "C20")
    at_phase(s, 1)
    d = s.decision()
    assert d is not None and d.kind == "law" and d.player == 1 and not d.public
    # KT-4.14: nobody sees who is polled; seat 0 sees the table as if the poll had passed
    assert s.view(0)["decision"]["kind"] == "marker"
    assert s.view(None)["decision"]["player"] == 0
    play(s, "play C09")
    assert s.decision().player == 2  # type: ignore[union-attr]
    play(s, "pass")
    d = s.decision()
    assert d is not None and d.kind == "marker"  # seat 1 has no card left: window closed
    assert s.position.trespass == {1}


def test_player_may_play_again_after_others_pass() -> None:
    """KT-4.10: a player may play several cards in one window, one per poll."""
    s = _three(first=0)
    deal_card(s, 1, "C09")
    deal_card(s, 1, "C14")
    at_phase(s, 1)
    play(s, "play C09")
    assert s.decision().player == 1  # type: ignore[union-attr]  # polled again (others silent)
    play(s, "play C14")
    assert s.decision().kind == "marker"  # type: ignore[union-attr]
    assert s.position.hard_worker == {1} and s.position.trespass == {1}


def test_veto_cancels_and_discards_both() -> None:
    """KT-4.9, KT-4.11, KT-12.10, KT-16.14: WX polls other players; Veto cancels the card."""
    s = _three(first=0)
    deal_card(s, 1, "C20")
    deal_card(s, 2, "C10")
    at_phase(s, 1)
    play(s, "play C20 1")
    d = s.decision()
    assert d is not None and d.kind == "veto" and d.player == 2
    play(s, "veto")
    assert s.position.first == 0 and "C20" in s.position.discard and "C10" in s.position.discard
    assert s.decision().kind == "marker" and s.decision().player == 0  # type: ignore[union-attr]


def test_veto_only_against_another_player() -> None:
    """KT-12.10: no Veto of one's own card; Veto is never playable in an ordinary window."""
    s = _three(first=0)
    deal_card(s, 1, "C20")
    deal_card(s, 1, "C10")
    at_phase(s, 1)
    assert s.legal_actions() == ["play C20 0", "play C20 1", "play C20 2", "pass"]
    play(s, "play C20 1")
    assert s.position.first == 1  # resolved with no WX decision: the only Veto is the player's own


def test_work_order() -> None:
    """KT-12.1, KT-16.15: the card's player picks every marker; choosers still lead placement."""
    s = _three(first=0)
    deal_card(s, 2, "C01")
    at_phase(s, 1)
    play(s, "play C01")
    players = []
    while s.position.phase == 1:
        d = s.decision()
        assert d is not None
        if d.kind == "marker":
            players.append(d.player)
        s.apply("done" if d.kind == "place" else s.legal_actions()[0])
    assert players == [2, 2, 2, 2]
    assert s.position.workorder is None or s.position.phase > 1


def test_price_decrease_stays_on_space() -> None:
    """KT-12.3, KT-10.6, KT-11.3: attached to the space until that tile is bought."""
    s = _three(first=0)
    deal_card(s, 0, "C03")
    at_turn(s, 0)
    tile = s.position.rows[0][1]
    play(s, f"play C03 {tile}", "pass", "pass")
    assert s.position.price_cards[(0, 1)] == ("C03",)
    assert "C03" not in s.position.discard


def test_planning_permission_and_legality() -> None:
    """KT-12.4, KT-11.4, KT-16.19: own cottage to house for free; not on houses or others' tiles."""
    s = _three(first=0)
    deal_card(s, 1, "C04")
    at_turn(s, 1)
    assert s.decision().kind == "turn"  # type: ignore[union-attr]  # seat 1 has no cottage: no play
    s2 = _three(first=0)
    deal_card(s2, 0, "C04")
    at_turn(s2, 0)
    assert s2.legal_actions() == ["play C04 1", "pass"]
    play(s2, "play C04 1")
    assert s2.position.tiles[(-1, 1)] == (0, 1, True) and cubes(s2, 0) == {}


def test_change_of_style_only_on_own_purchase() -> None:
    """KT-12.5, KT-4.8: Change of Style is not offered in WB_OTHER."""
    s = _three(first=0)
    deal_card(s, 1, "C05")
    tile = s.position.rows[0][0]
    assert tile is not None
    from keepers.games.keythedral.data import COLOURS

    give(s, 0, **{COLOURS[c]: k for c, k in enumerate(s.position.data.tiles[tile].cost) if k})
    at_turn(s, 0)
    play(s, f"buy {tile}")
    assert s.decision().kind == "final"  # type: ignore[union-attr]  # nobody was asked


def test_renumbering() -> None:
    """KT-12.6, KT-16.35, KT-4.4, KT-5.4: a tile counts as the number just chosen, and not later."""
    s = new(3, first=0)
    fields = {(x, 0): "forest" for x in range(0, 20, 2)}
    board(s, fields, {(1, -1): (0, 1, False), (5, -1): (0, 4, False), (9, -1): (1, 2, False)})
    deal_card(s, 0, "C06")
    at_phase(s, 1)
    play(s, "mark 2")
    d = s.decision()
    assert d is not None and d.kind == "law"  # WM for number 2
    assert s.legal_actions() == ["play C06 1", "play C06 4", "pass"]
    play(s, "play C06 4")
    assert {t for t, _ in placement_options(s.position, 0, 2, ())} == {4}
    play(s, "place 4 4,0")
    play(s, "place 2 8,0")  # seat 1's own tile 2
    while s.position.phase == 1:
        d = s.decision()
        assert d is not None
        if d.kind == "place" and s.position.markers[-1] == 4:
            pytest.fail("the renumbered tile must not place again for its printed number")
        s.apply("done" if d.kind == "place" else s.legal_actions()[0])


def _spent_craft(s: KeythedralState, colour: int) -> None:
    """A craft cube that was bought and later paid: it lies in the store (KT-7.9, KT-0.5)."""
    s.position.craftsmen[colour] -= 1
    s.position.store[colour] += 1


def test_craft_exchange_not_playable_while_the_store_holds_no_craft_cube() -> None:
    """KT-12.7, KT-16.12 (revised): in round 1 the store holds no craft cube (KT-3.3), so
    Craft Exchange is not offered although every craftsman holds ten, and announcing it is
    refused naming KT-12.7."""
    s = _three(first=0)
    deal_card(s, 0, "C07")
    give(s, 0, red=1)
    at_turn(s, 0)
    assert s.position.craftsmen[5:] == [10, 10, 10] and s.position.store[5:] == [0, 0, 0]
    d = s.decision()
    assert d is not None and d.kind == "turn"  # WT passed silently: no playable card
    with pytest.raises(RuleError, match="KT-12.7"):
        s.apply("play C07 red yellow")
    assert cubes(s, 0) == {"red": 1} and s.position.craftsmen[7] == 10


def test_craft_exchange_takes_the_craft_cube_from_the_store() -> None:
    """KT-12.7, KT-16.12: with one yellow in the store only yellow is offered (the other
    craftsmen's cubes never count); the yellow comes from the store, the goldsmith's
    space is untouched, and the resource cube goes to the store."""
    s = _three(first=0)
    deal_card(s, 0, "C07")
    give(s, 0, red=1)
    _spent_craft(s, 7)
    at_turn(s, 0)
    assert s.legal_actions() == ["play C07 red yellow", "pass"]
    play(s, "play C07 red yellow")
    assert cubes(s, 0) == {"yellow": 1}
    assert s.position.store[7] == 0 and s.position.craftsmen[7] == 9 and s.position.store[4] == 15
    assert "C07" in s.position.discard


def test_craft_exchange_with_an_empty_craftsman_space() -> None:
    """KT-12.7: the store is the only source, whatever the craftsman's space holds."""
    s = _three(first=0)
    deal_card(s, 0, "C07")
    give(s, 0, blue=1)
    for _ in range(10):
        _spent_craft(s, 6)  # the glassmaker's space is empty, the store holds ten purple
    at_turn(s, 0)
    play(s, "play C07 blue purple")
    assert cubes(s, 0) == {"purple": 1} and s.position.store[6] == 9 and s.position.craftsmen[6] == 0


def test_hard_worker_doubles_every_worker() -> None:
    """KT-12.14, KT-16.18 (revised), KT-6.3: four workers give eight cubes; no worker is
    chosen (played in WS2, the collection then asks nothing)."""
    s = new(3, first=0)
    fields = {(0, 0): "quarry", (2, 0): "forest", (4, 0): "lake", (6, 0): "farm"}
    board(s, fields, {})
    s.position.workers = {(0, 0): 0, (2, 0): 0, (4, 0): 0, (6, 0): 0}
    deal_card(s, 0, "C14")
    at_phase(s, 2)
    d = s.decision()
    assert d is not None and d.kind == "law" and s.position.steps[-1][1] == "WS2"
    assert s.legal_actions() == ["play C14", "pass"]
    play(s, "play C14")
    assert s.position.phase == 3  # the collection needed no decision
    assert cubes(s, 0) == {"black": 2, "brown": 2, "blue": 2, "green": 2}
    assert sum(s.position.stocks[0]) == 8


def test_hard_worker_with_bumper_crop_and_blight() -> None:
    """KT-12.14, KT-12.18, KT-12.19, KT-6.3: 4 from a worker on the Bumper Crop type, 2 from
    an ordinary one, nothing from the blighted type."""
    s = new(3, first=0)
    board(s, {(0, 0): "quarry", (2, 0): "lake", (4, 0): "vineyard"}, {})
    s.position.workers = {(0, 0): 0, (2, 0): 0, (4, 0): 0}
    s.position.hard_worker = frozenset({0})
    s.position.bumper = frozenset({0})
    s.position.blight = frozenset({4})
    at_phase(s, 2)
    assert cubes(s, 0) == {"black": 4, "blue": 2}


def test_hard_worker_shortage_applies_to_the_doubled_entitlement() -> None:
    """KT-12.14, KT-6.4, KT-16.9: two quarry workers owe 4 black under Hard Worker; a store
    of 3 black gives none, and the next player (owed 1) takes one of them."""
    s = new(3, first=0)
    board(s, {(0, 0): "quarry", (2, 0): "quarry", (4, 0): "quarry", (6, 0): "forest"}, {})
    s.position.workers = {(0, 0): 0, (2, 0): 0, (6, 0): 0, (4, 0): 1}
    s.position.hard_worker = frozenset({0})
    s.position.store[0] = 3
    at_phase(s, 2)
    assert cubes(s, 0) == {"brown": 2}
    assert cubes(s, 1) == {"black": 1} and s.position.store[0] == 2


def test_hard_worker_doubles_crop_choice_cubes() -> None:
    """KT-12.14, KT-12.8, KT-6.5: every cube is doubled, the freely coloured ones too."""
    s = new(3, first=0)
    board(s, {(0, 0): "quarry"}, {})
    s.position.workers = {(0, 0): 0}
    s.position.hard_worker = frozenset({0})
    s.position.crop_choice = {0: 0}
    at_phase(s, 2)
    play(s, "take red", "take blue")
    assert cubes(s, 0) == {"red": 1, "blue": 1} and s.position.phase == 3


def test_crop_choice_window_and_effect() -> None:
    """KT-12.8, KT-6.1, KT-4.6: chosen up to one's own WC; only the player's workers affected."""
    s = _three(first=0)
    s.position.workers = {(0, 0): 0, (2, 2): 1}
    deal_card(s, 0, "C08")
    at_phase(s, 2)
    play(s, "pass")  # WS2
    d = s.decision()
    assert d is not None and d.kind == "law" and d.player == 0  # WC of seat 0
    play(s, "play C08 quarry", "take red")
    assert cubes(s, 0) == {"red": 1} and cubes(s, 1) == {"black": 1}


def test_trespass() -> None:
    """KT-12.9, KT-2.7: fences do not restrict the player's workers this phase 1."""
    s = _three(first=0)
    s.position.fences = {((-1, 1), (0, 0)): 1, ((-1, 1), (0, 2)): 2}
    deal_card(s, 0, "C09")
    at_phase(s, 1)
    play(s, "play C09", "mark 1")
    assert set(s.legal_actions()) == {"place 1 0,0", "place 1 0,2", "done"}


def test_dangerous_fence() -> None:
    """KT-12.11, KT-11.4: any fence leaves the game; needs a fence on the board."""
    s = _three(first=0)
    deal_card(s, 0, "C11")
    at_turn(s, 0)
    assert s.decision().kind == "turn"  # type: ignore[union-attr]  # no fence: no play offered
    s.position.fences = {((3, 1), (2, 0)): 1}
    s.position.fences_left[1] = 2
    at_turn(s, 0)
    play(s, "play C11 3,1 2,0")
    assert not s.position.fences and s.position.fences_left[1] == 2


def test_building_moratorium() -> None:
    """KT-12.12, KT-16.20: nobody else may build houses this round; the player still may."""
    s = _three(first=0)
    deal_card(s, 2, "C12")
    give(s, 0, black=1, brown=1)
    give(s, 2, black=1, brown=1)
    at_phase(s, 3)
    play(s, "play C12")
    assert s.position.moratorium == 2
    assert "house 1" not in s.legal_actions()  # seat 0's turn
    play(s, "pass", "pass")
    assert "house 1" in s.legal_actions()  # seat 2 may


def test_change_of_plan_voids_purchase() -> None:
    """KT-12.13, KT-10.5, KT-7.14, KT-16.11, KT-16.25, KT-10.9: new tile from the unused pile; the buyer restarts."""
    s = _three(first=0)
    deal_card(s, 1, "C13")
    tile = s.position.rows[0][0]
    assert tile is not None
    s.position.price_cards[(0, 0)] = ("C03",)
    s.position.deck.remove("C03")
    give(s, 0, black=2, brown=2, blue=2, green=2)
    at_turn(s, 0)
    pile_before = sorted(s.position.unused[0])
    play(s, f"buy {tile}", f"play C13 {tile}")
    new_tile = s.position.rows[0][0]
    assert new_tile != tile and new_tile in pile_before
    assert tile in s.position.unused[0] and len(s.position.unused[0]) == len(pile_before)
    assert s.position.price_cards[(0, 0)] == ("C03",)
    d = s.decision()
    assert d is not None and d.kind == "turn" and d.player == 0 and s.position.purchase is None
    assert f"buy {new_tile}" in s.legal_actions()


def test_collapse_keeps_workers() -> None:
    """KT-12.17, KT-5.8: a house turns back into a cottage; its placed workers stay."""
    s = _three(first=0)
    s.position.workers = {(2, 0): 1, (2, 2): 1}
    deal_card(s, 0, "C17")
    at_turn(s, 0)
    play(s, "play C17 3,1")
    assert s.position.tiles[(3, 1)] == (1, 1, False) and len(s.position.workers) == 2


def test_bumper_and_blight_same_type() -> None:
    """KT-12.18, KT-12.19, KT-16.30: both on one type: nothing is collected."""
    s = _three(first=0)
    s.position.workers = {(0, 0): 0, (2, 0): 0}
    deal_card(s, 1, "C18")
    deal_card(s, 2, "C19")
    at_phase(s, 2)
    play(s, "play C18 quarry", "play C19 quarry")
    play(s, "pass", "pass")
    assert cubes(s, 0) == {"brown": 1}


def test_good_deal_and_veto_resumes_turn() -> None:
    """KT-12.15, KT-16.29: pay one resource, take two; if vetoed the turn resumes from WT."""
    s = _three(first=0)
    deal_card(s, 0, "C15")
    give(s, 0, red=3)
    at_turn(s, 0)
    play(s, "deal blue green", "pay red")
    assert cubes(s, 0) == {"red": 2, "blue": 1, "green": 1}
    s2 = _three(first=0)
    deal_card(s2, 0, "C15")
    deal_card(s2, 1, "C10")
    give(s2, 0, red=3)
    at_turn(s2, 0)
    play(s2, "deal blue green", "veto")
    d = s2.decision()
    assert d is not None and d.kind == "turn" and d.player == 0 and s2.position.passes == 0
    assert "trade blue" in s2.legal_actions()


def test_craftsmans_discount() -> None:
    """KT-12.16: gold for 2 cubes, glass for 1; never for white."""
    s = _three(first=0)
    deal_card(s, 0, "C16")
    give(s, 0, blue=2)
    at_turn(s, 0)
    legal = s.legal_actions()
    assert "craft yellow discount" in legal and "craft purple discount" in legal
    assert "craft white discount" not in legal
    play(s, "craft yellow discount", "pay blue", "pay blue")
    assert cubes(s, 0) == {"yellow": 1}


def test_coup_in_window_and_phase_five() -> None:
    """KT-12.20, KT-9.1, KT-16.36, KT-16.38: a new F at once; polling continues; at WS5 it is A."""
    s = _three(first=0)
    deal_card(s, 1, "C20")
    deal_card(s, 2, "C09")
    at_phase(s, 5)
    play(s, "play C20 2")
    assert s.position.first == 2
    d = s.decision()
    assert d is not None and d.kind == "bid"
    assert d.player == 1  # A = 2, B = 0; bids start with C = 1


def test_retired_player_still_plays() -> None:
    """KT-4.13, KT-7.10: taking a law card retires; the player still plays cards in windows."""
    s = _three(first=0)
    give(s, 0, blue=1)
    s.position.law_spaces = ["C11", None]
    s.position.deck.remove("C11")
    s.position.fences = {((3, 1), (2, 0)): 1}
    s.position.fences_left[1] = 2
    at_turn(s, 0)
    play(s, "law 1", "pay blue")
    assert s.position.retired[0] and s.position.hands[0] == ["C11"]  # KT-11.3: playable in the round acquired
    at_phase(s, 4)
    assert s.decision().player == 0 and "play C11 3,1 2,0" in s.legal_actions()  # type: ignore[union-attr]


def test_blind_acquisition_and_secret_hand() -> None:
    """KT-11.1, KT-11.2, KT-13.2: the taker sees the card; others see only the count."""
    s = _three(first=0)
    give(s, 0, blue=1)
    at_turn(s, 0)
    card = s.position.law_spaces[0]
    play(s, "law 1", "pay blue")
    assert s.view(0)["you"]["hand"] == [card]
    other = s.view(1)
    assert other["cards_held"][0] == 1 and card not in str(other["you"]) + str(other["law_spaces"])


def test_exposed_card_must_be_played() -> None:
    """KT-11.5, KT-16.22: an exposed card is played at its first eligible window: no pass."""
    s = _three(first=0)
    deal_card(s, 1, "C09")
    s.position.exposed = frozenset({(1, "C09")})
    at_phase(s, 1)
    assert s.legal_actions() == ["play C09"]
    with pytest.raises(RuleError, match="KT-4.10"):
        s.apply("pass")
