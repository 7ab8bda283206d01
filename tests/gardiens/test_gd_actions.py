"""BUILD, RECRUIT, MOVE, TRADE, PASS and overpopulation (GR-6 to GR-14), WE-5, WE-6."""

from __future__ import annotations

import pytest
from gdhelp import BLUE, RED, act, blank, build_on, deal, give, hx, put, refresh

from keepers.core.errors import RuleError
from keepers.games.gardiens import builder
from keepers.games.gardiens.rules import board


def test_pass_is_always_legal_and_actions_listed() -> None:
    """GR-6.2 GR-6.3 GR-6.4: PASS always legal; the action kinds on offer."""
    st = blank(2)
    assert st.legal_actions() == ["pass"]
    put(st, RED, "T01", 2)
    give(st, RED, wood=2, stone=1, food=1, gold=1)
    verbs = {a.split()[0] for a in st.legal_actions()}
    assert verbs == {"build", "recruit", "move", "trade", "pass"} - {"trade"}


def test_build_pays_banks_and_records_type() -> None:
    """GR-7.1 GR-7.2 GR-7.3 GR-18.2: cost paid, tile placed, +2 VP, type recorded."""
    st = builder.position(2, guardians={"T01": (RED, 1)}, cubes={RED: {"wood": 2, "stone": 1}})
    act(st, "build warehouse T01")
    assert st.hex_building(hx(st, "T01")) == "warehouse"
    assert st.cubes[RED] == [0, 0, 0, 0, 0]
    assert st.banked_build[RED] == 2
    assert st.types_built[RED] == ["warehouse"]
    assert st.bsupply[st.data.building_index["warehouse"]] == 3


def test_build_preconditions() -> None:
    """GR-7.1 GR-26.34 GR-2.4: not on the Citadel, one building per hex, a tile must be left."""
    st = blank(2)
    put(st, RED, "C", 1)
    put(st, RED, "T01", 1)
    build_on(st, "T01", "fortress")
    give(st, RED, wood=5, stone=5)
    assert not any(a.startswith("build") for a in st.legal_actions())
    put(st, RED, "T08", 1)
    assert "build warehouse T08" in st.legal_actions()
    st.bsupply[st.data.building_index["warehouse"]] = 0
    refresh(st)
    assert "build warehouse T08" not in st.legal_actions()
    with pytest.raises(RuleError) as err:
        st.apply("build warehouse T08")
    assert err.value.clause == "GR-7.1"


def test_buildings_belong_to_the_hex() -> None:
    """GR-7.4 GR-7.5 GR-26.18: the conqueror gets the effect, never the VP; neutral hexes
    give no effect; a destroyed building returns to the supply, VP kept."""
    st = blank(2)
    put(st, BLUE, "T02", 1)
    build_on(st, "T02", "market")
    st.banked_build[BLUE] = 2
    assert board.controls_building(st, BLUE, "market") == 1
    board.remove(st, hx(st, "T02"), 1)
    assert not board.building_works(st, hx(st, "T02"), "market")
    put(st, RED, "T02", 1)
    assert board.controls_building(st, RED, "market") == 1
    assert st.banked_build == [0, 2]


def test_recruit_draws_then_places() -> None:
    """GR-8.1 GR-8.2 GR-8.3 GR-26.35 GR-12.7: pay 1 food + 1 gold, take a river card
    (river refilled) or the deck top, then place on a controlled hex."""
    st = builder.position(2, guardians={"T01": (RED, 1), "T08": (RED, 1)},
                          cubes={RED: {"food": 1, "gold": 1}})
    river_card = st.river[2]
    act(st, "recruit", f"take {river_card}")
    assert st.hands[RED] == [river_card]
    assert len(st.river) == 5 and river_card not in st.river
    assert st.legal_actions() == ["place T01", "place T08"]
    act(st, "place T08")
    assert st.count[hx(st, "T08")] == 2
    assert st.cubes[RED] == [0, 0, 0, 0, 0]
    assert st.reserve[RED] == 7


def test_recruit_reentry_through_home() -> None:
    """GR-8.3 GR-26.35: with no hex, place on the own home tile if neutral, else on a neutral
    hex next to it; if neither exists RECRUIT is illegal."""
    st = blank(2)
    give(st, RED, food=3, gold=3)
    act(st, "recruit", "take deck")
    assert st.legal_actions() == ["place H1"]
    act(st, "place H1")
    st2 = blank(2)
    give(st2, RED, food=1, gold=1)
    put(st2, BLUE, "H1", 1)
    act(st2, "recruit", "take deck")
    assert sorted(st2.legal_actions()) == ["place T02", "place T08", "place T26"]
    st3 = blank(2)
    give(st3, RED, food=1, gold=1)
    for label in ("H1", "T02", "T08", "T26"):
        put(st3, BLUE, label, 1)
    assert "recruit" not in st3.legal_actions()


def test_we6_recruit_onto_a_full_hex() -> None:
    """GR-27.6 (WE-6) GR-8.4 GR-14.4 GR-26.27 GR-16.1: the 6th guardian returns at once;
    the hand limit is enforced only at the end of the turn."""
    st = blank(3)
    put(st, RED, "T21", 5)
    put(st, RED, "T06", 1)
    assert st.reserve[RED] == 4
    give(st, RED, food=1, gold=1)
    deal(st, RED, "AC01", "AC02", "AC03", "AC04", "AC05")
    river_card = st.river[0]
    act(st, "recruit", f"take {river_card}", "place T21")
    assert st.count[hx(st, "T21")] == 5
    assert st.reserve[RED] == 4
    assert len(st.hands[RED]) == 6
    act(st, "move T06 T10 1")
    assert st.phase == "discard"
    act(st, st.legal_actions()[0])
    assert len(st.hands[RED]) == 5


def test_move_claims_neutral_and_leaves_empty_hex_neutral() -> None:
    """GR-9.1 GR-9.2 GR-9.3 GR-9.5 GR-9.6 GR-26.8: one action, no cost; claim a neutral
    hex; the emptied hex turns neutral; the Citadel may be entered."""
    st = blank(2)
    put(st, RED, "S-E", 2)
    assert "move S-E C 2" in st.legal_actions()
    act(st, "move S-E C 2")
    assert st.owner[hx(st, "C")] == RED
    assert st.owner[hx(st, "S-E")] == -1 and board.is_neutral(st, hx(st, "S-E"))
    assert st.actions_taken == 1


def test_move_never_onto_another_players_hex() -> None:
    """GR-9.4: not even an ally's hex."""
    st = blank(2)
    put(st, RED, "T01", 2)
    put(st, BLUE, "T08", 1)
    st.ally = [BLUE, RED]
    refresh(st)
    assert not any(a.startswith("move T01 T08") for a in st.legal_actions())
    with pytest.raises(RuleError) as err:
        st.apply("move T01 T08 1")
    assert err.value.clause == "GR-9.4"


def test_move_overpopulation_returns_surplus() -> None:
    """GR-9.5 GR-14.4: moving 6 onto a hex leaves 5, one returns to reserve."""
    st = blank(2)
    put(st, RED, "T01", 3)
    put(st, RED, "T08", 3)
    act(st, "move T01 T08 3")
    assert st.count[hx(st, "T08")] == 5
    assert st.reserve[RED] == 5
    assert st.owner[hx(st, "T01")] == -1


def test_control_reserve_and_neutral() -> None:
    """GR-14.1 GR-14.2 GR-14.3: control = at least one guardian; a neutral hex keeps its
    building; removed guardians return to reserve."""
    st = blank(2)
    put(st, RED, "T01", 2)
    build_on(st, "T01", "fortress")
    assert board.controls(st, RED, hx(st, "T01"))
    board.remove(st, hx(st, "T01"), 2)
    assert board.is_neutral(st, hx(st, "T01"))
    assert st.hex_building(hx(st, "T01")) == "fortress"
    assert st.reserve[RED] == 10


def test_we5a_market_trade() -> None:
    """GR-27.5 (WE-5a) GR-11.1 GR-11.2 GR-11.4 GR-26.25: Market 2:1, several exchanges."""
    st = blank(2)
    put(st, RED, "T01", 1)
    build_on(st, "T01", "market")
    give(st, RED, wood=5, stone=2)
    act(st, "trade market", "exchange wood gold", "exchange wood gold")
    assert st.phase == "trade"
    act(st, "done")
    assert st.cubes[RED][:3] == [1, 2, 2]
    assert st.trades[RED] == 1 and st.actions_taken == 1


def test_we5b_bank_trade() -> None:
    """GR-27.5 (WE-5b) GR-11.2 GR-29.3: Bank 3:1 (with bank_trade=true); the action closes
    when no exchange is left."""
    st = blank(2, bank_trade=True)
    put(st, RED, "T01", 1)
    give(st, RED, wood=5, stone=2)
    assert "trade market" not in st.legal_actions()
    act(st, "trade bank", "exchange wood gold")
    assert st.cubes[RED][:3] == [2, 2, 1]
    assert st.phase == "action" and st.trades[RED] == 1


def test_we5c_partner_trade_accept_and_refuse() -> None:
    """GR-27.5 (WE-5c) GR-11.3 GR-15.3: 1:1 with the ally; a refusal costs no action and
    bars another partner proposal this turn."""
    st = blank(2)
    put(st, RED, "T01", 1)
    st.ally = [BLUE, RED]
    give(st, RED, wood=5, stone=2)
    give(st, BLUE, food=1, magic=1)
    act(st, "trade partner", "give stone", "give stone", "get food", "get magic", "propose")
    assert st.to_move() == BLUE
    act(st, "refuse")
    assert st.actions_taken == 0 and st.phase == "action"
    assert "trade partner" not in st.legal_actions()
    with pytest.raises(RuleError) as err:
        st.apply("trade partner")
    assert err.value.clause == "GR-11.3"
    st2 = blank(2)
    put(st2, RED, "T01", 1)
    st2.ally = [BLUE, RED]
    give(st2, RED, stone=2)
    give(st2, BLUE, food=1, magic=1)
    act(st2, "trade partner", "give stone", "give stone", "get food", "get magic", "propose",
        "accept")
    assert st2.cubes[RED] == [0, 0, 0, 1, 1] and st2.cubes[BLUE] == [0, 2, 0, 0, 0]
    assert st2.actions_taken == 1 and st2.trades[RED] == 1


def test_trade_embargo_forbids_trade() -> None:
    """GR-11.5 GR-23.2: no TRADE under Trade Embargo (even a Bank trade, GR-29.3)."""
    st = blank(2, bank_trade=True)
    put(st, RED, "T01", 1)
    give(st, RED, wood=6)
    st.round_effect = "EV06#1"
    refresh(st)
    assert "trade bank" not in st.legal_actions()
    with pytest.raises(RuleError) as err:
        st.apply("trade bank")
    assert err.value.clause == "GR-11.5"


def test_pass_draws_one_card_and_ends_the_phase() -> None:
    """GR-13.1 GR-13.2 GR-26.28: first or second action; exactly one card drawn."""
    st = blank(2)
    put(st, RED, "T01", 2)
    top = st.deck[-1]
    act(st, "pass")
    assert st.hands[RED] == [top]
    assert st.active == BLUE
    st2 = blank(2)
    put(st2, RED, "T01", 2)
    act(st2, "move T01 T08 1", "pass")
    assert len(st2.hands[RED]) == 1 and st2.active == BLUE


def test_pass_reshuffles_the_discard_when_the_deck_is_empty() -> None:
    """GR-12.8: an empty deck is rebuilt from the discard pile; nothing if both are empty."""
    st = blank(2)
    st.discard, st.deck = st.deck, []
    refresh(st)
    act(st, "pass")
    assert len(st.hands[RED]) == 1
    st2 = blank(2)
    st2.deck, st2.discard = [], []
    refresh(st2)
    act(st2, "pass")
    assert st2.hands[RED] == []


def test_river_refill_only_when_a_card_leaves() -> None:
    """GR-12.7: a short river is topped up only the next time a card leaves it."""
    st = blank(2)
    put(st, RED, "T01", 1)
    give(st, RED, food=2, gold=2)
    st.discard += st.deck[:-1]
    st.deck = st.deck[-1:]
    st.river = st.river[:2]
    refresh(st)
    act(st, "pass")  # deck draw does not touch the river
    assert len(st.river) == 2
    st.active, st.actions_taken = RED, 0
    st.phase, st.decider, st.ctx = "action", RED, {}
    refresh(st)
    act(st, "recruit", f"take {st.river[0]}")
    assert len(st.river) == 5


def test_recruit_with_no_card_left_to_draw() -> None:
    """GR-8.2 GR-12.8: with river, deck and discard all empty no card is drawn."""
    st = blank(2)
    put(st, RED, "T01", 1)
    give(st, RED, food=1, gold=1)
    st.deck, st.discard, st.river = [], [], []
    refresh(st)
    act(st, "recruit")
    assert st.phase == "place"
    act(st, "place T01")
    assert st.count[hx(st, "T01")] == 2 and st.hands[RED] == []
