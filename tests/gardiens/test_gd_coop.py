"""The co-operative variant (GR-25), worked example WE-10."""

from __future__ import annotations

from pathlib import Path

import pytest
from gdhelp import act, blank, deal, dice, give, hx, put, refresh, set_events, started

from keepers.core.errors import RuleError
from keepers.games.gardiens import GardiensGame
from keepers.games.gardiens.data import load_path
from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.rules import board, coop, scoring, seats, turn

B, R = 0, 1  # WE-10: "Blue" is seat 1, "Red" seat 2


def end_round(st: GardiensState, hold_others: bool = True) -> None:
    """End the round with a harmless event; SH2 and SH3 are held off (WE-10)."""
    set_events(st, "EV17")
    if hold_others:
        st.shadow_delayed[1] = st.shadow_delayed[2] = True
    st.turn_in_round = st.n - 1
    turn.end_round(st)
    refresh(st)
    while st.phase == "devour":
        act(st, "allow")


def test_coop_setup() -> None:
    """GR-25.1 GR-25.2 GR-24.1 GR-26.42: no objectives, Shadows on the origins, everyone
    allied, no alliance step."""
    st = started(3, coop=True)
    assert all(not o for o in st.objectives)
    assert [st.label(h) for h in st.shadow_pos] == ["T26", "T27", "T28"]
    assert st.phase in ("action", "collect")
    assert seats.non_allied(st, 0) == []


def test_shadow_hexes_cannot_be_entered() -> None:
    """GR-25.3: no controller, no production, no MOVE or placement onto a Shadow hex."""
    st = blank(2, coop=True)
    put(st, B, "T08", 2)
    assert not any(a.startswith("move T08 T26") for a in st.legal_actions())
    assert "attack T08 T26 2" in st.legal_actions()
    assert st.owner[hx(st, "T26")] == -1 and not board.is_neutral(st, hx(st, "T26"))


def test_free_transfers() -> None:
    """GR-25.4 GR-26.41 GR-6.5: any cubes, any direction, no action spent, allowed under Embargo."""
    st = blank(2, coop=True)
    give(st, B, wood=2)
    give(st, R, gold=1)
    st.round_effect = "EV06#1"
    refresh(st)
    act(st, "give blue wood", "take blue gold")
    assert st.cubes[B] == [1, 0, 1, 0, 0] and st.cubes[R] == [1, 0, 0, 0, 0]
    assert st.actions_taken == 0 and st.trades[B] == 0
    st2 = blank(2)
    give(st2, B, wood=1)
    give(st2, R, wood=1)
    with pytest.raises(RuleError) as err:
        st2.apply("take blue wood")
    assert err.value.clause == "GR-25.12"
    with pytest.raises(RuleError) as err:  # no ally to give to (GR-29.5)
        st2.apply("give blue wood")
    assert err.value.clause == "GR-29.5"


def test_we10_shadow_blocked_failed_and_successful_attack() -> None:
    """GR-27.10 (WE-10) GR-25.5 GR-25.6 GR-25.7 GR-25.8 GR-25.9 GR-25.15 GR-26.38
    GR-26.39 GR-26.40."""
    st = blank(2, coop=True)
    sh1 = 0
    end_round(st)  # (a) end of round 1
    assert st.label(st.shadow_pos[sh1]) == "T08"
    put(st, R, "T15", 2)  # (b)
    put(st, B, "T01", 3)
    end_round(st)
    assert st.label(st.shadow_pos[sh1]) == "T08" and st.count[hx(st, "T15")] == 1
    assert st.round == 3 and st.active == B  # (c)
    dice(st, "1", "2", "2", "1")
    act(st, "attack T01 T08 2")
    if st.phase == "attack_card":
        act(st, "nocard")
    assert st.last_combat is not None and st.last_combat["attack_total"] == 6
    assert st.count[hx(st, "T01")] == 1
    act(st, "pass")
    give(st, R, food=2, gold=2)
    while st.phase != "action":
        act(st, st.legal_actions()[0])
    set_events(st, "EV17")
    st.shadow_delayed[1] = st.shadow_delayed[2] = True
    act(st, "recruit", "take deck", "place T15")
    assert st.count[hx(st, "T15")] == 2
    act(st, "recruit", "take deck", "place T15")  # 3 there, then the end of round 3
    while st.phase in ("discard", "devour", "transfer"):
        act(st, {"devour": "allow", "transfer": "end"}.get(st.phase, st.legal_actions()[0]))
    assert st.count[hx(st, "T15")] == 2
    assert st.round == 4 and st.active == R  # (d)
    while st.phase != "action":
        act(st, st.legal_actions()[0])
    dice(st, "3", "2", "1", "1")
    act(st, "attack T15 T08 2")
    if st.phase == "attack_card":
        act(st, "nocard")
    assert st.shadow_pos[sh1] == -1
    act(st, "conquer 1", "move T08 T26 1")
    assert st.count[hx(st, "T15")] == 1 and st.owner[hx(st, "T26")] == R
    coop.respawn(st)
    assert st.shadow_pos[sh1] == -1
    board.remove(st, hx(st, "T26"), 1)
    coop.respawn(st)
    assert st.label(st.shadow_pos[sh1]) == "T26"


def test_devour_prevented_by_a_defense_card() -> None:
    """GR-25.7 GR-25.13 GR-28.1: the owner may discard a defense/combat card."""
    st = blank(2, coop=True)
    st.shadow_pos[0] = hx(st, "T08")
    put(st, R, "T15", 2)
    (wall,) = deal(st, R, "AC02")
    set_events(st, "EV17")
    st.shadow_delayed[1] = st.shadow_delayed[2] = True
    turn.end_round(st)
    refresh(st)
    assert st.phase == "devour" and st.to_move() == R
    assert st.legal_actions() == ["allow", f"prevent {wall}"]
    act(st, f"prevent {wall}")
    assert st.count[hx(st, "T15")] == 2 and wall in st.discard


def test_shadow_entering_the_citadel_loses() -> None:
    """GR-25.11: a Shadow entering the Citadel is a loss."""
    st = blank(2, coop=True)
    st.shadow_pos[0] = hx(st, "T15")
    end_round(st)
    assert st.over and st.winners() == [] and st.end_reason == "citadel_fell"
    assert st.scores() == [0, 0]


def test_coop_win_and_deck_loss() -> None:
    """GR-25.10 GR-25.11: win with no Shadow and all origins held; exhausted deck loses."""
    st = blank(2, coop=True)
    st.shadow_pos = [-1, -1, -1]
    for label in ("T26", "T27", "T28"):
        put(st, B, label, 1)
    scoring.checkpoint(st, "CP3")
    assert st.over and st.winners() == [B, R] and st.scores() == [1, 1]
    st2 = blank(2, coop=True)
    st2.event_discard += st2.events[:-1]
    st2.events = st2.events[-1:]
    st2.shadow_delayed = [True, True, True]
    turn.end_round(st2)
    assert st2.over and st2.winners() == [] and st2.end_reason == "events_exhausted"


def test_rules_not_used_in_coop() -> None:
    """GR-25.12: no attacks on players, no partner trade, no VP or objectives."""
    st = blank(2, coop=True)
    put(st, B, "T01", 2)
    put(st, R, "T08", 1)
    give(st, B, wood=1)
    assert not any(a.startswith("attack T01 T08") for a in st.legal_actions())
    assert "trade partner" not in st.legal_actions()
    st.objectives[B] = []
    scoring.checkpoint(st, "CP3")
    assert scoring.objective_vp(st, B) == 0


def test_coop_cards() -> None:
    """GR-25.13 GR-21.2 shadow_delay: hostile cards delay a Shadow; Siege Engines and
    Fireball cannot be played against a Shadow."""
    st = blank(2, coop=True)
    put(st, B, "T08", 3)
    thief, siege, standard = deal(st, B, "AC18", "AC06", "AC01")
    act(st, f"play {thief}")
    assert st.legal_actions() == ["delay SH1"]
    act(st, "delay SH1")
    assert st.shadow_delayed[0]
    act(st, "attack T08 T26 3")
    assert st.legal_actions() == ["nocard", f"card {standard}"]
    assert siege in st.hands[B]


def test_coop_events() -> None:
    """GR-25.14 GR-23.4: EV15 gives every Shadow an extra step during the event step; EV22
    holds the Shadows this end of round and creates no next-round effect."""
    st = blank(2, coop=True)
    set_events(st, "EV15")
    turn.end_round(st)
    assert [st.label(h) for h in st.shadow_pos] == ["T15", "T16", "T17"]
    st2 = blank(2, coop=True)
    set_events(st2, "EV22")
    turn.end_round(st2)
    assert [st2.label(h) for h in st2.shadow_pos] == ["T26", "T27", "T28"]
    assert st2.round_effect == ""


def test_coop_parameters_are_tunable(tmp_path: Path) -> None:
    """GR-25.16: the threshold comes from the [coop] table of the data file."""
    source = Path(__file__).parents[2] / "src/keepers/games/gardiens/data/gardiens-data.toml"
    text = source.read_text(encoding="utf-8").replace(
        "elimination_threshold = 7", "elimination_threshold = 3")
    path = tmp_path / "easy.toml"
    path.write_text(text, encoding="utf-8")
    game = GardiensGame(load_path(path))
    st = game.new_state(2, 0, {"coop": True})
    assert isinstance(st, GardiensState)
    st.first = 0
    st.phase, st.decider, st.active, st.ctx = "action", 0, 0, {}
    st.hands = [[], []]
    st.count[st.hex_of("T08")] = 1
    st.owner[st.hex_of("T08")] = 0
    st.reserve[0] -= 1
    refresh(st)
    dice(st, "1", "2")
    act(st, "attack T08 T26 1")
    assert st.shadow_pos[0] == -1


def test_transfers_after_the_last_action() -> None:
    """GR-25.4 GR-28.1: after the second action the active player may still transfer,
    then ends the action phase; after PASS the phase ends at once."""
    st = blank(2, coop=True)
    put(st, B, "T01", 2)
    give(st, B, wood=1)
    act(st, "move T01 T08 1", "move T08 T02 1")
    assert st.phase == "transfer" and st.legal_actions()[0] == "end"
    act(st, "give blue wood", "end")
    assert st.cubes[R][0] == 1 and st.active == R
    st2 = blank(2, coop=True)
    give(st2, B, wood=1)
    act(st2, "pass")
    assert st2.active == R
