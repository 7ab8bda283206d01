"""Alliances (GR-15, WE-9) and hidden information (GR-20)."""

from __future__ import annotations

import pytest
from gdhelp import BLUE, GREEN, RED, YELLOW, act, blank, build_on, deal, give, put, refresh

from keepers.core.errors import RuleError
from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.rules import board, turn


def start_turn(st: GardiensState) -> None:
    turn.begin_turn(st)
    refresh(st)


def test_we9_alliance_and_betrayal() -> None:
    """GR-27.9 (WE-9) GR-15.1 GR-15.2 GR-15.3 GR-15.4 GR-15.5 GR-26.26."""
    st = blank(4)
    put(st, RED, "T15", 3)
    put(st, BLUE, "T01", 1)
    give(st, RED, wood=1)
    give(st, BLUE, food=1)
    (thief,) = deal(st, RED, "AC18")
    start_turn(st)
    assert "propose blue" in st.legal_actions()
    act(st, "propose blue")
    assert st.to_move() == BLUE
    act(st, "accept")
    assert st.ally[RED] == BLUE and st.ally[BLUE] == RED
    assert st.view(GREEN)["seats"][RED]["ally"] == "blue"  # public
    assert not any(a.startswith("attack") for a in st.legal_actions())
    assert f"play {thief}" not in st.legal_actions()  # only Blue holds cubes
    assert "trade partner" in st.legal_actions()
    act(st, "pass")
    while st.active != RED or st.phase != "alliance":
        st.apply("skip" if "skip" in st.legal_actions() else "pass"
                 if "pass" in st.legal_actions() else st.legal_actions()[0])
    assert st.legal_actions() == ["skip", "break"]
    act(st, "break")
    assert st.ally == [-1, -1, -1, -1]
    assert any(a.startswith("attack T15 T01") for a in st.legal_actions())


def test_one_ally_at_most_and_refusal() -> None:
    """GR-15.1 GR-15.2: no proposal to or from an allied player; refusal changes nothing."""
    st = blank(3)
    st.ally = [-1, GREEN, BLUE]
    start_turn(st)
    assert st.legal_actions() == ["skip"]
    st2 = blank(3)
    start_turn(st2)
    act(st2, "propose green", "refuse")
    assert st2.ally == [-1, -1, -1] and st2.phase == "action"


def test_view_hides_other_hands_objectives_and_deck_order() -> None:
    """GR-20.1 GR-20.2 GR-20.3 GR-20.8: own hand and objectives only; counts for others."""
    st = blank(3)
    deal(st, RED, "AC01")
    deal(st, BLUE, "AC02", "AC03")
    view = st.view(RED)
    assert view["hand"] == st.hands[RED]
    assert view["seats"][BLUE]["hand_size"] == 2
    assert view["visible_hands"] == {}
    assert [o["id"] for o in view["objectives"]] == st.objectives[RED]
    assert "deck" not in view and view["deck_size"] == len(st.deck)
    text = str(view)
    for card in st.hands[BLUE] + st.deck:
        assert card not in text or card in st.river or card in st.discard
    for oid in st.objectives[BLUE]:
        assert oid not in st.objectives[RED] and oid not in str(view)
    spectator = st.view(None)
    assert "hand" not in spectator and "objectives" not in spectator


def test_view_unchanged_when_other_hidden_items_change() -> None:
    """GR-20.2 GR-20.3: changing another player's hand contents or the deck order leaves a
    player's view the same."""
    st = blank(3)
    deal(st, BLUE, "AC02", "AC03")
    before = st.view(RED)
    other = st.clone()
    swap = other.deck[0]
    other.deck[0] = other.hands[BLUE][0]
    other.hands[BLUE][0] = swap
    other.deck.reverse()
    other.events.reverse()
    other.objectives[BLUE] = list(reversed(other.objectives[BLUE]))
    assert other.view(RED) == before
    assert other.view(BLUE) != st.view(BLUE)


def test_watchtower_reveals_adjacent_hands_to_its_owner_only() -> None:
    """GR-20.4 GR-7.3 GR-26.31 GR-29.4: with watchtower=adjacent, the controller of a
    Watchtower sees the hands of opponents (allied or not) controlling an adjacent hex;
    never objectives."""
    st = blank(3, watchtower="adjacent")
    put(st, RED, "T01", 1)
    build_on(st, "T01", "watchtower")
    put(st, BLUE, "T08", 1)
    put(st, GREEN, "T03", 1)
    cards = deal(st, BLUE, "AC02")
    deal(st, GREEN, "AC03")
    st.ally = [BLUE, RED, -1]
    assert st.view(RED)["visible_hands"] == {"blue": cards}
    assert st.view(BLUE)["visible_hands"] == {}
    assert st.view(GREEN)["visible_hands"] == {}
    board.remove(st, st.hex_of("T01"), 1)
    put(st, BLUE, "T01", 1)
    assert st.view(BLUE)["visible_hands"] == {}


def test_coop_hands_are_open() -> None:
    """GR-20.7 GR-25.2: all hands open in the co-operative variant."""
    st = blank(3, coop=True)
    cards = deal(st, BLUE, "AC02")
    assert st.view(RED)["visible_hands"]["blue"] == cards


def test_peeks_are_private() -> None:
    """GR-20.5: Oracle's look at the events is shown to the card's player only."""
    st = blank(2)
    put(st, RED, "T01", 1)
    (oracle,) = deal(st, RED, "AC21")
    act(st, f"play {oracle}")
    top = st.events[-1]
    assert st.view(RED)["private"]["peeked_events"][0] == top
    assert not any(top in a for a in st.legal_actions())  # commands name positions
    assert top not in str(st.view(BLUE))


def test_alliance_reply_out_of_turn_is_refused() -> None:
    """GR-15.2 GR-28.1: only the proposed player answers."""
    st = blank(4)
    start_turn(st)
    act(st, "propose yellow")
    with pytest.raises(RuleError):
        st.apply_as(RED, "accept")
    st.apply_as(YELLOW, "refuse")
