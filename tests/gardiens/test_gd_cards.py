"""Action cards played with PLAY_CARD (GR-12, GR-21, GR-22)."""

from __future__ import annotations

import pytest
from gdhelp import BLUE, GREEN, RED, act, blank, build_on, deal, give, hx, put, refresh

from keepers.core.errors import RuleError
from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.rules import board


def with_card(card_id: str, players: int = 2) -> tuple[GardiensState, str]:
    st = blank(players)
    put(st, RED, "T01", 3)
    (card,) = deal(st, RED, card_id)
    return st, card


def test_play_costs_an_action_and_discards_the_card() -> None:
    """GR-12.2 GR-12.5 GR-26.30: one action; resolved, then discarded face up."""
    st, card = with_card("AC09")
    act(st, f"play {card}")
    assert st.cubes[RED][3] == 2
    assert st.discard[-1] == card and card not in st.hands[RED]
    assert st.actions_taken == 1


@pytest.mark.parametrize(("card_id", "cubes"), [
    ("AC09", [0, 0, 0, 2, 0]), ("AC10", [1, 1, 0, 0, 0]), ("AC11", [0, 0, 2, 0, 0]),
    ("AC25", [0, 0, 0, 0, 2]),
])
def test_gain_cards(card_id: str, cubes: list[int]) -> None:
    """GR-22 AC09 AC10 AC11 AC25 GR-21.2 gain: take min(n, supply)."""
    st, card = with_card(card_id)
    act(st, f"play {card}")
    assert st.cubes[RED] == cubes


def test_gain_is_limited_by_the_supply() -> None:
    """GR-21.2 gain GR-1.4: nothing is taken from an empty supply."""
    st, card = with_card("AC11")
    st.supply[2] = 1
    refresh(st)
    act(st, f"play {card}")
    assert st.cubes[RED][2] == 1 and st.supply[2] == 0


def test_forced_march_two_free_moves() -> None:
    """GR-22 AC07 GR-21.2 free_move: up to 2 MOVEs, stop allowed; forbidden under Blizzard."""
    st, card = with_card("AC07")
    act(st, f"play {card}", "move T01 T08 1", "move T08 T02 1")
    assert st.owner[hx(st, "T02")] == RED and st.actions_taken == 1
    st2, card2 = with_card("AC07")
    act(st2, f"play {card2}", "stop")
    assert st2.actions_taken == 1
    st3, card3 = with_card("AC07")
    st3.round_effect = "EV10#1"
    refresh(st3)
    assert f"play {card3}" not in st3.legal_actions()


def test_rally_places_two_on_own_hex() -> None:
    """GR-22 AC08 GR-21.1 GR-21.2 place_guardians own_hex; overpopulation applies."""
    st, card = with_card("AC08")
    put(st, RED, "T08", 4)
    act(st, f"play {card}", "place T08")
    assert st.count[hx(st, "T08")] == 5 and st.reserve[RED] == 2
    (card2,) = deal(st, RED, "AC08")
    act(st, f"play {card2}", "place T01")
    assert st.count[hx(st, "T01")] == 5 and st.reserve[RED] == 0


def test_master_builder_discount() -> None:
    """GR-22 AC12 GR-21.2 build_discount: BUILD at a cost reduced by 2 cubes; 2 VP."""
    st, card = with_card("AC12")
    give(st, RED, stone=2)
    assert "build fortress T01" not in st.legal_actions()
    act(st, f"play {card}", "build fortress T01")
    assert st.legal_actions() == ["discount stone+gold"]
    act(st, "discount stone+gold")
    assert st.hex_building(hx(st, "T01")) == "fortress"
    assert st.cubes[RED] == [0, 0, 0, 0, 0] and st.banked_build[RED] == 2
    st2, card2 = with_card("AC12")
    give(st2, RED, wood=2, stone=1)
    act(st2, f"play {card2}", "build watchtower T01")
    assert st2.legal_actions() == ["discount wood+stone"]


def test_caravan_exchanges_one_for_one() -> None:
    """GR-22 AC13 GR-21.2 exchange: up to 3 one-for-one swaps; not a TRADE action."""
    st, card = with_card("AC13")
    give(st, RED, wood=3)
    act(st, f"play {card}", "exchange wood gold", "exchange wood food", "exchange wood magic")
    assert st.cubes[RED] == [0, 0, 1, 1, 1]
    assert st.trades[RED] == 0 and st.actions_taken == 1


def test_prosperous_season_reproduces() -> None:
    """GR-22 AC14 GR-21.2 reproduce: up to 2 hexes yield again (Sources ask for a type)."""
    st, card = with_card("AC14")
    put(st, RED, "S-E", 1)
    act(st, f"play {card}", "produce T01", "produce S-E", "source magic")
    assert st.cubes[RED] == [1, 0, 0, 0, 1] and st.actions_taken == 1


def test_guild_charter_market_rate_without_market_under_embargo() -> None:
    """GR-22 AC15 GR-21.2 market_rate_trade GR-11.4: 2:1, not a TRADE, allowed under Embargo."""
    st, card = with_card("AC15")
    give(st, RED, wood=4)
    st.round_effect = "EV06#1"
    refresh(st)
    act(st, f"play {card}", "exchange wood gold", "exchange wood stone")
    assert st.cubes[RED] == [0, 1, 1, 0, 0] and st.trades[RED] == 0


def test_scholar_draws_two() -> None:
    """GR-22 AC16 GR-21.2 draw."""
    st, card = with_card("AC16")
    top2 = st.deck[-2:]
    act(st, f"play {card}")
    assert sorted(st.hands[RED]) == sorted(top2)


def test_spy_views_and_discards() -> None:
    """GR-22 AC17 GR-21.2 view_hand_discard GR-20.5: the card's player sees the hand once."""
    st, card = with_card("AC17")
    blue_cards = deal(st, BLUE, "AC01", "AC02")
    act(st, f"play {card}", "spy blue")
    assert st.view(RED)["private"]["spied_hand"] == blue_cards
    assert "private" not in st.view(BLUE) or not st.view(BLUE)["private"]
    act(st, f"discard {blue_cards[1]}")
    assert st.hands[BLUE] == [blue_cards[0]] and blue_cards[1] in st.discard


def test_thief_steals_up_to_two() -> None:
    """GR-22 AC18 GR-21.2 steal GR-12.6: a non-allied opponent only."""
    st, card = with_card("AC18", players=3)
    give(st, BLUE, gold=1)
    give(st, GREEN, wood=3)
    st.ally = [GREEN, -1, RED]
    refresh(st)
    act(st, f"play {card}")
    assert st.legal_actions() == ["steal blue gold"]
    act(st, "steal blue gold")
    assert st.cubes[RED][2] == 1 and st.cubes[BLUE][2] == 0


def test_saboteur_needs_min_remaining() -> None:
    """GR-22 AC19 GR-21.2 remove_guardian GR-12.6: adjacent opponent hex holding >= 2."""
    st, card = with_card("AC19")
    put(st, BLUE, "T08", 1)
    assert f"play {card}" not in st.legal_actions()
    put(st, BLUE, "T15", 2)
    act(st, f"play {card}", "target T15")
    assert st.count[hx(st, "T15")] == 1 and st.reserve[BLUE] == 8


def test_oracle_reorders_top_events() -> None:
    """GR-22 AC21 GR-21.2 peek_events GR-20.5: look at 3 and put back in the chosen order;
    the command names positions, the cards are shown in the player's view only."""
    st, card = with_card("AC21")
    top = st.events[-3:][::-1]
    act(st, f"play {card}")
    assert len(st.legal_actions()) == 6
    assert st.view(RED)["private"]["peeked_events"] == top
    act(st, "order 3,1,2")
    assert st.events[-3:][::-1] == [top[2], top[0], top[1]]


def test_arson_destroys_an_adjacent_building() -> None:
    """GR-22 AC23 GR-21.2 destroy_building GR-7.5: back to the supply; builder keeps VP."""
    st, card = with_card("AC23")
    put(st, BLUE, "T08", 1)
    build_on(st, "T08", "temple")
    st.banked_build[BLUE] = 2
    act(st, f"play {card}", "target T08")
    assert st.building[hx(st, "T08")] == -1
    assert st.bsupply[st.data.building_index["temple"]] == 4 and st.banked_build[BLUE] == 2


def test_hostile_card_cannot_target_protected_hex() -> None:
    """GR-12.6 GR-21.2 protect: hostile cards never target a protected hex."""
    st, card = with_card("AC23")
    put(st, BLUE, "T08", 1)
    build_on(st, "T08", "temple")
    st.protect[hx(st, "T08")] = BLUE
    refresh(st)
    assert f"play {card}" not in st.legal_actions()
    with pytest.raises(RuleError) as err:
        st.apply(f"play {card}")
    assert err.value.clause == "GR-12.4"


def test_smuggler_takes_river_then_gold() -> None:
    """GR-22 AC24 GR-21.2 take_river GR-12.7."""
    st, card = with_card("AC24")
    river_card = st.river[1]
    act(st, f"play {card}", f"take {river_card}")
    assert river_card in st.hands[RED] and len(st.river) == 5 and st.cubes[RED][2] == 1


def test_portal_teleports_but_never_to_the_citadel() -> None:
    """GR-22 AC26 GR-21.2 teleport."""
    st, card = with_card("AC26")
    act(st, f"play {card}")
    assert not any(a.endswith(" C") for a in st.legal_actions())
    act(st, "teleport T01 T28", "count 2")
    assert st.count[hx(st, "T28")] == 2 and st.count[hx(st, "T01")] == 1


def test_warding_sigil_protects_until_next_turn() -> None:
    """GR-22 AC27 GR-21.2 protect GR-4.2: expires at the start of the player's next turn, or
    as soon as the player no longer controls the hex."""
    st, card = with_card("AC27")
    act(st, f"play {card}", "protect T01")
    assert board.is_protected(st, hx(st, "T01"))
    act(st, "pass")
    assert board.is_protected(st, hx(st, "T01"))
    board.remove(st, hx(st, "T01"), 3)
    put(st, RED, "T01", 1)
    assert not board.is_protected(st, hx(st, "T01"))
    st2, card2 = with_card("AC27")
    act(st2, f"play {card2}", "protect T01", "pass")
    while st2.active != RED or st2.phase == "discard":
        st2.apply("pass" if "pass" in st2.legal_actions() else st2.legal_actions()[0])
    assert not board.is_protected(st2, hx(st2, "T01"))


def test_summoning_claims_a_neutral_neighbour() -> None:
    """GR-22 AC30 GR-21.2 place_guardians neutral_adjacent."""
    st, card = with_card("AC30")
    act(st, f"play {card}", "place T21")
    assert st.owner[hx(st, "T21")] == RED and st.count[hx(st, "T21")] == 1


def test_alchemy_pays_magic_for_three_cubes() -> None:
    """GR-22 AC31 GR-21.2 pay gain_any GR-12.4: unplayable without the magic."""
    st, card = with_card("AC31")
    assert f"play {card}" not in st.legal_actions()
    give(st, RED, magic=1)
    act(st, f"play {card}", "gain stone", "gain stone", "gain gold")
    assert st.cubes[RED] == [0, 2, 1, 0, 0]


def test_temple_blessing() -> None:
    """GR-22 AC32: gain 1 magic and draw 1."""
    st, card = with_card("AC32")
    top = st.deck[-1]
    act(st, f"play {card}")
    assert st.cubes[RED][4] == 1 and st.hands[RED] == [top]


def test_playability_needs_targets() -> None:
    """GR-12.4 GR-21.2: Rally needs a guardian in reserve; a co-op hostile card needs a
    Shadow next to one of your hexes; Spy needs an opponent holding a card."""
    st, card = with_card("AC08")
    for label in ("T08", "T02"):
        put(st, RED, label, st.reserve[RED] - 2)
    put(st, RED, "T15", 2)
    assert st.reserve[RED] == 0
    assert f"play {card}" not in st.legal_actions()
    st2, spy = with_card("AC17")
    assert f"play {spy}" not in st2.legal_actions()
    deal(st2, BLUE, "AC01")
    assert f"play {spy}" in st2.legal_actions()
    st3 = blank(2, coop=True)
    put(st3, RED, "T16", 1)
    (thief,) = deal(st3, RED, "AC18")
    assert f"play {thief}" not in st3.legal_actions()
    board.remove(st3, hx(st3, "T16"), 1)
    put(st3, RED, "T09", 1)
    assert f"play {thief}" in st3.legal_actions()
