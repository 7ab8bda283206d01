"""Worked examples of the spec (section 15 and VB-9.7) as tests."""

from __future__ import annotations

from keepers.games.viscounts import flow
from keepers.games.viscounts.model import new_geometry
from keepers.games.viscounts.rules import castle, concepts, turns
from keepers.games.viscounts.rules.scoring import final_scores, rank_rewards, ribbon_sets_vp

from .conftest import blank_game, choose, drain, start_task


def test_vb_x01_movement() -> None:
    """VB-X01: endpoints of a 2-step move and of a 3-step move; landing lets Blue rearrange."""
    state = blank_game(2)
    state.position.geo = new_geometry(state.position.data, [3, 1, 4, 2, 5], 0, 2)
    red, blue = state.position.players
    red.node, blue.node = state.position.geo.node_of("5"), state.position.geo.node_of("1.5")
    state.position.turn = {"distance": 2}
    red.silver = 0
    options = start_task(state, 0, "move", "move", 0)
    assert sorted(options) == ["move 1", "move 1.5", "move 6"]
    blue.spaces = ["TF-S-abbot", "TF-S-thief", None]
    state.apply("move 1.5")
    assert state.decision() is not None and state.decision().player == 1   # type: ignore[union-attr]
    assert "rearrange keep" in state.legal_actions()
    reach3 = {state.position.geo.printed(n) for n in state.position.geo.reachable(state.position.geo.node_of("5"), 3)}
    assert reach3 == {"2", "1.5", "7.5", "1"}


def test_vb_x02_trade_with_criminal_and_dismissal() -> None:
    """VB-X02: dismiss the Courier, 7 merchants + 1 paid, 4 gold, Jeweller virtue."""
    state = blank_game(2)
    red = state.position.players[0]
    red.node = state.position.geo.node_of("4")
    assert state.position.geo.trade_kind(red.node) == "gold"
    red.spaces = ["TF-B-aristocrat", "TF-S-thief", "TF-B-jeweller"]
    red.silver, red.corruption, red.virtue = 3, 2, 6
    red.discard = ["TF-S-abbot", "TF-S-squire"]
    red.draw = ["TF-S-labourer", "TF-S-lender", "TF-S-trader", "TF-S-financier"]
    position = concepts.seat_position(state.position, 0)
    state.position.tf_piles[position].append("TF-B-courier")
    options = start_task(state, 0, "action", "action", 0)
    assert "action trade" in options
    choose(state, "action trade", "dismiss TF-B-courier")
    assert red.corruption == 3 and len(red.draw) == 6          # shuffle check (Thief)
    assert "trade 4" in state.legal_actions() and "trade 5" not in state.legal_actions()
    state.position.stack[-1] = ("act_pay", 0, "trade", "trade 4", 1)
    assert [o for o in flow.step(state.position, state.position.stack[-1]).options] == ["pay silver=1"]  # type: ignore
    drain(state, "pay silver=1")
    assert red.silver == 1 and red.gold == 4
    assert (red.corruption, red.virtue) == (3, 5)
    assert "TF-B-courier" in state.position.removed


def test_vb_x03_construct_across_a_link() -> None:
    """VB-X03: workshop on 5b; rearrange; link rewards Red then Blue, Red then Green."""
    state = blank_game(3)
    red, blue, green = state.position.players
    red.node = state.position.geo.node_of("9")
    red.spaces = ["TF-S-labourer", "TF-S-abbot", "TF-S-squire"]
    red.stone = 2
    state.position.spots = {"5a": [1, "trading_post"], "5c": [2, "workshop"]}
    start_task(state, 0, "action", "action", 0)
    choose(state, "action build")
    targets = state.legal_actions()
    assert {t.split()[2] for t in targets} == {"5b"}
    assert not any(t.startswith("build TP") or t.startswith("build GH") for t in targets)
    choose(state, "build WS1 5b")
    assert red.stone == 0                                       # 1 builder + 2 stone (auto-paid)
    assert state.decision().kind == "rearrange"                 # type: ignore[union-attr]
    choose(state, "rearrange keep", "take ink")                 # spot bonus, then Red's link share
    assert state.decision().player == 1                         # type: ignore[union-attr]
    choose(state, "take gold")                                  # Blue's share
    assert red.ink == 1 and blue.gold == 1
    assert red.virtue == 6 and green.virtue == 6                # link 5b-5c
    assert not red.covered[6] and state.position.spots["5b"] == [0, "workshop"]


def test_vb_x04_castle_cascade() -> None:
    """VB-X04: the full cascade, castle leader and bumping of Blue's workers."""
    state = blank_game(3)
    red, blue, _ = state.position.players
    a, b, c, d, e = range(5)
    state.position.castle[a][0][0] = 1
    state.position.castle[b][0][1], state.position.castle[b][0][2] = 2, 1
    state.position.castle[e][0][0] = 2
    state.position.castle[a][1][0] = 2
    state.position.castle[c][2][1] = 1
    state.position.leader = 1
    red.node = f"{state.position.geo.position_of_section(a)}.I"
    red.supply, blue.supply = 20 - 5, 20 - 3
    state.position.current, state.position.phase, state.position.stack = 0, "action", []
    castle.place_workers(state.position, 0, a, 4)
    kinds = drain(state, "take gold", "take gold", "bump 1 B1", "bump 1 B1")
    assert kinds == ["resource", "resource", "bump", "bump"]
    assert red.ink == 2 and red.stone == 2 and red.gold == 2
    assert red.virtue == 5
    assert state.position.leader == 0
    assert [state.position.castle[s][2][0] for s in range(5)] == [2, 0, 0, 0, 0]
    assert state.position.castle[a][1][0] == 2
    assert state.position.castle[b][0] == [2, 0, 1]
    assert blue.silver == 4 and blue.supply == 19


def test_vb_x05_collision_order() -> None:
    """VB-X05: step 1 workshop-2 virtue, step 2 Peddlers, steps 3-4 rewards, step 5 reset."""
    state = blank_game(3)
    red, blue, green = state.position.players
    red.covered[7] = blue.covered[7] = False                    # WS2 revealed
    red.spaces = ["TF-S-thief", "TF-B-peddler", "TF-S-abbot"]
    blue.spaces = ["TF-B-peddler-4", "TF-S-abbot", "TF-S-squire"]
    green.spaces = ["TF-B-scoundrel", "TF-S-abbot", "TF-S-squire"]
    red.corruption = red.virtue = 6
    state.position.current = 0
    state.position.phase = "collision"
    state.position.stack = []
    turns.begin_collision(state.position, 0)
    drain(state)
    assert red.ink == 1 and blue.silver == 2
    assert red.silver == 3 and red.debts_unpaid == 2
    assert blue.virtue == 5 and green.virtue == 7
    assert (red.corruption, red.virtue) == (1, 7)


def test_vb_x06_three_cards() -> None:
    """VB-X06: drop the Abbot, blind-play it back after a one-card shuffle (check: Thief)."""
    state = blank_game(2)
    red = state.position.players[0]
    red.spaces = ["TF-S-squire", "TF-S-thief", "TF-S-abbot"]
    red.corruption = 2
    state.position.current, state.position.phase, state.position.stack = 0, "manage", []
    turns.begin_manage(state.position, 0)
    drain(state)
    assert red.spaces == ["TF-S-abbot", "TF-S-squire", "TF-S-thief"]
    assert red.corruption == 3
    assert state.position.turn["distance"] == 2


def test_vb_x07_poverty_tie_split() -> None:
    """VB-X07 / VB-9.5 / VB-R19: tie split of [12, 8, 4]."""
    assert rank_rewards([3, 3, 1, 0], (12, 8, 4)) == [10, 10, 4, 0]
    assert rank_rewards([2, 2, 2, 5], (12, 8, 4)) == [4, 4, 4, 12]
    assert rank_rewards([1, 1], (12, 4)) == [8, 8]


def test_vb_x08_ribbon_sets() -> None:
    """VB-X08 / VB-9.2: greedy sets."""
    assert ribbon_sets_vp(["grey"] * 3 + ["black"] + ["yellow"] * 2) == 14
    assert ribbon_sets_vp(["grey"] * 3 + ["black", "blue"] + ["yellow"] * 2) == 21


def test_vb_9_7_reference_example_109_vp() -> None:
    """VB-9.7: the 109-VP scoring illustration, step by step."""
    state = blank_game(4)
    me = state.position.players[0]
    state.position.spots = {"1a": [0, "trading_post"], "2a": [0, "guildhall"], "2b": [0, "guildhall"],
                   "3a": [0, "workshop"], "3b": [0, "workshop"], "4a": [0, "workshop"]}
    me.covered = [False, True, True, True, False, True, False, False, False]   # TP1, GH2, WS*
    state.position.castle[0][2][0] = 5
    state.position.castle[1][1][0] = 2                                    # 15 + 4 = 19
    me.manuscripts = ["M01", "M05", "M02", "M06", "M08", "M03", "M07", "M04"]
    me.bonus = ["black"]
    state.position.cleric = {"black": 0}
    me.hand = ["TF-S-squire", "TF-B-princess", "TF-B-overseer-2", "TF-B-artist",
               "TF-S-thief", "TF-B-conspirator", "TF-B-scoundrel", "TF-B-lookout"]
    me.debts_paid, me.debts_unpaid = 3, 1
    me.deeds_acquired, me.deeds_approved = 4, 2
    state.position.leader = 0
    state.position.poverty = True
    state.position.players[1].deeds_approved = 5
    state.position.players[2].deeds_approved = 3
    score = final_scores(state.position)[0]
    assert score.parts["buildings"] == 26
    assert score.parts["castle"] == 19
    assert score.parts["ribbon_sets"] + score.parts["manuscripts"] == 44
    assert score.parts["leader"] == 5 and score.parts["cleric_bonus"] == 3
    assert score.parts["debts_deeds"] == -2 + 4 + 6
    assert score.parts["poverty"] == 4
    assert score.total == 109
