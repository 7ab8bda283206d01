"""Gates of Gold solo changes (VG-9): no manuscript board for the AI, the outsider removal
with a resource, builder cards and castle leaders for VP only, the any-ribbon and
per-outsider manuscripts, king's orders as hire icons."""

from __future__ import annotations

import pytest

from keepers.games.viscounts import GAME, ViscountsState, builder
from keepers.games.viscounts.data import load_data
from keepers.games.viscounts.rules import concepts, effects
from keepers.games.viscounts.rules.scoring import final_scores
from keepers.games.viscounts.state import profile_of

from .conftest import drain
from .test_cards import Policy, run

DATA = load_data()
AI = 1


def gates_solo(seed: int = 3, expansions: str = "gates") -> ViscountsState:
    """A solo game with Gates of Gold just after setup."""
    state = GAME.new_state(1, seed, {"expansions": expansions})
    assert isinstance(state, ViscountsState)
    while state.position.phase == "setup":
        state.apply(state.legal_actions()[0])
    return state


def _resolve_for_ai(state: ViscountsState, text: str) -> None:
    state.position.stack = [("eff", AI, text, "")]
    run(state, Policy())


def test_ai_has_no_manuscript_board_and_no_kings_order() -> None:
    """VG-9.1: the AI gets no manuscript board (so no column ability, no starting manuscript
    and no king's order) and the reference card has the Gates entry."""
    state = gates_solo()
    pos = state.position
    assert pos.ext["boards"][AI] is None
    assert concepts.unlocked_columns(pos, AI) == (False, False, False, False)
    assert pos.players[AI].manuscripts == [] or all(
        not m.endswith("-S") for m in pos.players[AI].manuscripts)
    assert pos.ext["ko_pile"] == DATA.kings_order_count - 1
    assert "gates_rearrange_welcome_refuse" in DATA.ai_common.reference_card


@pytest.mark.parametrize("term", ["rearrange", "welcome_outsider", "refuse_outsider"])
def test_ai_removes_the_two_oldest_outsiders_and_gains_a_resource(term: str) -> None:
    """VG-9.2: told to rearrange, welcome or refuse, the AI removes the 2 right-most (oldest)
    face-up outsiders, their effects ignored, the row refills and the AI gains 1 resource."""
    state = gates_solo()
    pos = state.position
    row = list(pos.ext["outsider_row"])
    deck = list(pos.ext["outsider_deck"])
    ai = pos.players[AI]
    resources, corruption = ai.resources(), ai.corruption
    _resolve_for_ai(state, term)
    assert row[1:] == pos.removed[-2:][::-1]
    assert pos.ext["outsider_row"] == [deck[-2], deck[-1], row[0]]
    assert ai.resources() == resources + 1 and ai.corruption == corruption


def test_ai_landing_rearrange_removes_outsiders() -> None:
    """VG-9.2 / VB-6.2.4: landing on the AI gives it a rearrangement: outsiders removed."""
    plain = gates_solo().position
    here = plain.geo.printed(plain.players[AI].node)
    state = builder.position(1, seed=3, expansions="gates", viscounts={0: here})
    pos = state.position
    removed = len(pos.removed)
    below = len(pos.stack)
    effects.land(pos, 0)
    drain(state, floor=below)
    assert len(pos.removed) == removed + 2


def test_ai_kings_order_is_a_hire_icon() -> None:
    """VG-9.5 / VS-4.5: a king's order the AI would gain becomes a future scheme."""
    state = gates_solo()
    pos = state.position
    future = list(pos.ai["future"])
    pile = pos.ext["ko_pile"]
    _resolve_for_ai(state, "gain_kings_order(1)")
    assert pos.players[AI].discard[-1] == future[-1]
    assert pos.ext["ko_pile"] == pile and "KO" not in pos.players[AI].cards_owned()


def test_ai_builder_cards_and_leader_for_vp_only() -> None:
    """VG-9.3: the AI claims builder cards and the castle leader for their VP only."""
    state = gates_solo()
    pos = state.position
    pos.ext["builders"] = [["DB6", AI], ["SB1", -1]]
    pos.ext["leader_card"] = "CL3"
    pos.leader = AI
    profile = profile_of(pos, AI)
    assert "permanent_icon" not in {t.name for t in profile.abilities[True, True]
                                    if t.word(0) == "noble"}
    assert profile.total("hand_size") == 0
    score = final_scores(pos)[AI]
    assert score.parts["builder_cards"] == DATA.builder_cards["DB6"].vp
    assert score.parts["leader"] == DATA.leaders["CL3"].vp


def test_ai_any_ribbon_chosen_at_the_end_and_per_outsider_manuscript_ribbon_only() -> None:
    """VG-9.4: the any-ribbon manuscript has no colour for the AI during play (no cleric
    bonus) and takes the best colour at the end; the per-outsider grey manuscript gives the
    AI only its ribbon."""
    state = gates_solo()
    pos = state.position
    ai = pos.players[AI]
    ai.manuscripts = ["M01", "MG1"]
    assert concepts.ribbons(pos, AI) == [DATA.manuscripts["M01"].ribbon, ""]
    pos.ms_piles[0] = ["MG1"]
    ai.manuscripts = []
    effects.receive_manuscript(pos, AI, 0)
    run(state, Policy())
    assert pos.ext["ribbon_choice"] == [] and ai.bonus == []
    ai.manuscripts = ["MG1"]
    assert final_scores(pos)[AI].parts["ribbon_sets"] == 1
    ai.manuscripts = ["M01", "MG1"]
    assert final_scores(pos)[AI].parts["ribbon_sets"] == 4       # a second colour: 2 ribbons
    ai.manuscripts = ["MG3"]
    pos.removed.append("O-G-tyrant")
    assert final_scores(pos)[AI].parts["manuscripts"] == 0
    assert final_scores(pos)[AI].parts["ribbon_sets"] == 1


@pytest.mark.parametrize("expansions", ["gates", "keys,gates"])
def test_solo_with_gates_is_playable_to_the_end(expansions: str) -> None:
    """VG-9: a solo game with Gates of Gold (and both expansions) plays to its end with the
    AI's score in the view."""
    state = GAME.new_state(1, 11, {"expansions": expansions})
    steps = 0
    while not state.is_over():
        state.apply(state.legal_actions()[steps % len(state.legal_actions())])
        steps += 1
        assert steps < 20_000
    view = state.view(0)
    assert len(view["scores"]) == 2 and "gates" in view
