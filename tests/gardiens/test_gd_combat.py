"""ATTACK and combat (GR-10), combat cards, worked examples WE-2, WE-3, WE-4."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from gdhelp import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    act,
    blank,
    build_on,
    deal,
    dice,
    give,
    hx,
    put,
    refresh,
)

from keepers.core.errors import RuleError
from keepers.games.gardiens.data import load
from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.rules import components, scoring


def make_active(st: GardiensState, player: int) -> None:
    st.active = player
    st.decider = player
    refresh(st)


def exact(att: int, dfn: int, bonus: int) -> tuple[Fraction, Fraction, Fraction]:
    data = load()
    values = [data.face_values[f] for f in data.dice_faces]
    dist: Counter[int] = Counter()
    for a in product(values, repeat=att):
        for d in product(values, repeat=dfn):
            diff = sum(a) - sum(d) - bonus
            dist[(diff > 0) - (diff < 0)] += 1
    total = sum(dist.values())
    return (Fraction(dist[1], total), Fraction(dist[0], total), Fraction(dist[-1], total))


@pytest.mark.parametrize(("att", "dfn", "bonus", "expect"), [
    (2, 2, 0, (0.359, 0.282, 0.359)), (3, 2, 0, (0.862, 0.099, 0.039)),
    (3, 3, 2, (0.067, 0.119, 0.814)),
])
def test_combat_probabilities(att: int, dfn: int, bonus: int,
                              expect: tuple[float, float, float]) -> None:
    """GR-10.11 GR-1.5: exact outcome probabilities from the data's dice faces."""
    got = exact(att, dfn, bonus)
    for value, want in zip(got, expect, strict=True):
        assert abs(float(value) - want) < 0.0006


def test_dice_are_uniform_and_seeded() -> None:
    """GR-1.5 GR-28.2: each face equally likely, drawn from the state's generator."""
    st = blank(2)
    rolls = Counter(components.roll(st) for _ in range(6000))
    assert all(abs(rolls[f] - 1000 * (2 if f in "23" else 1)) < 150 for f in rolls)
    a, b = blank(2, seed=4), blank(2, seed=4)
    assert [components.roll(a) for _ in range(20)] == [components.roll(b) for _ in range(20)]


def test_we2_tie_with_fortress_and_magic() -> None:
    """GR-27.2 (WE-2) GR-10.5 GR-10.6 GR-10.7 GR-26.13 GR-26.14 GR-7.3: tie repels."""
    st = blank(4)
    put(st, BLUE, "T01", 4)
    put(st, RED, "T15", 2)
    build_on(st, "T15", "fortress")
    give(st, RED, magic=1)
    make_active(st, BLUE)
    dice(st, "3", "SWORD", "2", "2", "2")
    act(st, "attack T01 T15 4")
    assert st.to_move() == RED and st.phase == "defend"
    act(st, "defend magic")
    combat = st.last_combat
    assert combat is not None
    assert combat["attack_total"] == 7 and combat["defence_total"] == 7
    assert combat["outcome"] == "tie"
    assert st.count[hx(st, "T01")] == 4 and st.count[hx(st, "T15")] == 2
    assert scoring.banked(st, RED) == scoring.banked(st, BLUE) == 0
    assert st.cubes[RED][4] == 0 and st.supply[4] == 15
    assert st.actions_taken == 1


def test_we3_attack_won_and_citadel_conquered() -> None:
    """GR-27.3 (WE-3) GR-10.8 GR-10.9 GR-18.4 GR-26.9 GR-26.10 GR-26.15 GR-26.17:
    win, loss of min(2, d), +1 VP, conquest move; S_C only at the snapshot."""
    st = blank(2)
    st.round = 2
    put(st, RED, "S-E", 3)
    put(st, BLUE, "C", 1)
    (standard,) = deal(st, RED, "AC01")
    dice(st, "1", "2", "SWORD")
    act(st, "attack S-E C 2", f"card {standard}")
    combat = st.last_combat
    assert combat is not None and combat["attack_total"] == 4 and combat["defence_total"] == 2
    assert st.reserve[BLUE] == 10 and st.count[hx(st, "C")] == 0
    assert st.banked_combat[RED] == 1 and st.combats_won[RED] == 1
    assert st.legal_actions() == ["conquer 0", "conquer 1", "conquer 2"]
    act(st, "conquer 2")
    assert st.count[hx(st, "S-E")] == 1 and st.count[hx(st, "C")] == 2
    assert st.snap_citadel == -1 and scoring.public_vp(st, RED) == 1
    assert standard in st.discard


def test_we4_defence_won_at_14_vp_wins_only_at_next_cp1() -> None:
    """GR-27.4 (WE-4) GR-10.8 GR-19.2 GR-26.20: the defender reaches 15 outside its turn."""
    st = blank(5)
    put(st, GREEN, "T06", 3)
    put(st, YELLOW, "T17", 3)
    st.banked_build[YELLOW] = 6
    st.snap_hexes[YELLOW] = 3
    st.snap_citadel = YELLOW
    st.turn_in_round = 2
    make_active(st, GREEN)
    assert scoring.vp(st, YELLOW) == 14
    dice(st, "1", "2", "2", "3", "2", "1")
    act(st, "attack T06 T17 3")
    assert st.last_combat is not None and st.last_combat["outcome"] == "defender"
    assert st.count[hx(st, "T06")] == 1
    assert scoring.vp(st, YELLOW) == 15 and not st.over
    assert st.active == GREEN and st.phase == "action"
    act(st, "pass")
    assert st.over and st.winners() == [YELLOW]


def test_attacker_loses_engaged_guardians() -> None:
    """GR-10.8: the attacker returns min(2, k) engaged guardians from S."""
    st = blank(2)
    put(st, RED, "T01", 4)
    put(st, BLUE, "T08", 1)
    dice(st, "1", "3")
    act(st, "attack T01 T08 1")
    assert st.count[hx(st, "T01")] == 3 and st.reserve[RED] == 7
    assert st.banked_combat[BLUE] == 1 and st.combats_won[BLUE] == 1


def test_defender_loses_two_and_keeps_the_rest() -> None:
    """GR-10.8 GR-10.9: with guardians left on T there is no conquest."""
    st = blank(2)
    put(st, RED, "T01", 3)
    put(st, BLUE, "T08", 3)
    dice(st, "3", "3", "3", "1", "1", "1")
    act(st, "attack T01 T08 3")
    assert st.count[hx(st, "T08")] == 1 and st.phase == "action"


def test_attack_preconditions() -> None:
    """GR-10.1 GR-10.2 GR-15.3: adjacent, another non-allied player's hex, 1 <= k <= count."""
    st = blank(2)
    put(st, RED, "T01", 2)
    put(st, BLUE, "T08", 1)
    assert "attack T01 T08 2" in st.legal_actions()
    assert "attack T01 T08 3" not in st.legal_actions()
    put(st, BLUE, "T02", 1)
    assert not any(a.startswith("attack T01 T02") for a in st.legal_actions())
    st.ally = [BLUE, RED]
    refresh(st)
    assert not any(a.startswith("attack") for a in st.legal_actions())
    with pytest.raises(RuleError) as err:
        st.apply("attack T01 T08 1")
    assert err.value.clause == "GR-15.3"


def test_kings_peace_and_protection_block_attacks() -> None:
    """GR-10.1 GR-23.2 GR-21.2: no ATTACK on a player under King's Peace or on a protected hex."""
    st = blank(2)
    put(st, RED, "T01", 2)
    put(st, BLUE, "T08", 1)
    st.round_effect = "EV22#1"
    refresh(st)
    assert not any(a.startswith("attack") for a in st.legal_actions())
    st.round_effect = ""
    st.protect[hx(st, "T08")] = BLUE
    refresh(st)
    assert not any(a.startswith("attack") for a in st.legal_actions())
    with pytest.raises(RuleError) as err:
        st.apply("attack T01 T08 1")
    assert err.value.clause == "GR-10.1"


def test_attacker_card_window_lists_only_combat_cards() -> None:
    """GR-10.3 GR-12.1 GR-12.3: attack/combat cards only, one at most; not via PLAY_CARD."""
    st = blank(2)
    put(st, RED, "T01", 2)
    put(st, BLUE, "T08", 1)
    cards = deal(st, RED, "AC01", "AC02", "AC05", "AC09")
    with pytest.raises(RuleError) as err:
        st.apply(f"play {cards[0]}")
    assert err.value.clause == "GR-12.3"
    act(st, "attack T01 T08 2")
    assert st.legal_actions() == ["nocard", f"card {cards[0]}", f"card {cards[2]}"]


def card_combat(att_card: str, def_card: str, att_dice: list[str], def_dice: list[str],
                fortress: bool = False, def_magic: bool = False,
                defenders: int = 2) -> GardiensState:
    st = blank(2)
    put(st, RED, "T01", 3)
    put(st, BLUE, "T08", defenders)
    give(st, RED, gold=1)
    give(st, BLUE, magic=2)
    if fortress:
        build_on(st, "T08", "fortress")
    a = deal(st, RED, att_card)[0] if att_card else ""
    d = deal(st, BLUE, def_card)[0] if def_card else ""
    dice(st, *att_dice, *def_dice)
    act(st, "attack T01 T08 3")
    if a:
        act(st, f"card {a}")
    words = ["defend"] + (["magic"] if def_magic else []) + ([d] if d else [])
    act(st, " ".join(words if len(words) > 1 else ["defend", "none"]))
    return st


def test_battle_standard_and_shield_wall() -> None:
    """GR-22 AC01 AC02 GR-10.6: +1 to the total of the player of the card."""
    st = card_combat("AC01", "AC02", ["1", "1", "1"], ["1", "1"])
    assert st.last_combat is not None
    assert st.last_combat["attack_total"] == 4 and st.last_combat["defence_total"] == 3


def test_veteran_captain_and_stalwart_garrison_ignore_the_cap() -> None:
    """GR-22 AC03 AC04 GR-10.5: extra dice beyond the 3-dice cap."""
    st = card_combat("AC03", "AC04", ["1", "1", "1", "1"], ["1", "1", "1"])
    assert st.last_combat is not None
    assert len(st.last_combat["attack_dice"]) == 4 and len(st.last_combat["defence_dice"]) == 3


def test_blade_dance_swords_count_four_for_their_owner_only() -> None:
    """GR-22 AC05 GR-10.6 GR-26.11: sword_value applies to the card player's own dice."""
    st = card_combat("AC05", "", ["SWORD", "1", "1"], ["SWORD", "1"])
    assert st.last_combat is not None
    assert st.last_combat["attack_total"] == 6 and st.last_combat["defence_total"] == 3


def test_siege_engines_ignore_fortress() -> None:
    """GR-22 AC06 GR-10.6: no Fortress bonus."""
    st = card_combat("AC06", "", ["1", "1", "1"], ["1", "1"], fortress=True)
    assert st.last_combat is not None and st.last_combat["defence_total"] == 2


def test_mercenaries_pay_gold() -> None:
    """GR-22 AC22 GR-21.2 pay: pay 1 gold, +2."""
    st = card_combat("AC22", "", ["1", "1", "1"], ["1", "1"])
    assert st.last_combat is not None and st.last_combat["attack_total"] == 5
    assert st.cubes[RED][2] == 0


def test_fireball_and_zero_defence_dice_is_still_a_combat() -> None:
    """GR-22 AC28 GR-10.5 GR-10.10: the defender rolls 1 fewer die, minimum 0."""
    st = card_combat("AC28", "", ["1", "1", "1"], [], defenders=1)
    assert st.last_combat is not None and st.last_combat["defence_dice"] == []
    assert st.combats_won[RED] == 1


def test_aegis_with_magic_spend_in_the_same_combat() -> None:
    """GR-22 AC29 GR-10.12 GR-26.44: spend 1 magic for +1 and pay Aegis's magic too."""
    st = card_combat("", "AC29", ["1", "1", "1"], ["1", "1"], def_magic=True)
    assert st.last_combat is not None and st.last_combat["defence_total"] == 5
    assert st.cubes[BLUE][4] == 0


def test_truce_cancels_but_costs_stay_paid() -> None:
    """GR-22 AC20 GR-10.4: no dice, no losses; magic not spent; Mercenaries' gold not
    refunded; the action is spent; both cards discarded."""
    st = card_combat("AC22", "AC20", [], [])
    assert st.last_combat is not None and st.last_combat["outcome"] == "cancelled"
    assert st.cubes[RED][2] == 0 and st.cubes[BLUE][4] == 2
    assert st.count[hx(st, "T01")] == 3 and st.count[hx(st, "T08")] == 2
    assert st.actions_taken == 1
    assert {c.split("#")[0] for c in st.discard} >= {"AC22", "AC20"}


def test_defender_window_skipped_without_cards_or_magic() -> None:
    """GR-10.4 GR-10.12: only attacker and defender act; the defender is asked only when it
    holds a card or magic (public information)."""
    st = blank(3)
    put(st, RED, "T01", 3)
    put(st, BLUE, "T08", 1)
    give(st, GREEN, magic=3)
    deal(st, GREEN, "AC02")
    dice(st, "3", "3", "3", "1")
    act(st, "attack T01 T08 3")
    assert st.phase == "conquer"
