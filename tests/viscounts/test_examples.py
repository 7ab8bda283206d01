"""Worked examples of the spec (section 15 and VB-9.7) as tests."""

from __future__ import annotations

from keepers.games.viscounts.rules.scoring import final_scores, rank_rewards, ribbon_sets_vp

from .conftest import bare_table, blank_game, choose, decide, drain


def test_vb_x01_movement() -> None:
    """VB-X01: endpoints of a 2-step move and of a 3-step move; landing lets Blue rearrange."""
    state = bare_table(2, ring=(3, 1, 4, 2, 5), rotation=0, turn=0, phase="move", distance=2,
                       viscounts={0: "5", 1: "1.5"},
                       spaces={1: ["TF-S-abbot", "TF-S-thief", None]})
    assert sorted(state.legal_actions()) == ["move 1", "move 1.5", "move 6"]
    state.apply("move 1.5")
    assert state.decision() is not None and state.decision().player == 1   # type: ignore[union-attr]
    assert "rearrange keep" in state.legal_actions()
    geo = state.position.geo
    reach3 = {geo.printed(n) for n in geo.reachable(geo.node_of("5"), 3)}
    assert reach3 == {"2", "1.5", "7.5", "1"}


def test_vb_x02_trade_with_criminal_and_dismissal() -> None:
    """VB-X02: dismiss the Courier, 7 merchants + 1 paid, 4 gold, Jeweller virtue."""
    state = bare_table(2, turn=0, phase="action", viscounts={0: "4"},
                       spaces={0: ["TF-B-aristocrat", "TF-S-thief", "TF-B-jeweller"]},
                       purse={0: {"silver": 3}}, markers={0: (2, 6)},
                       discards={0: ["TF-S-abbot", "TF-S-squire"]},
                       draws={0: ["TF-S-labourer", "TF-S-lender", "TF-S-trader", "TF-S-financier"]},
                       townsfolk_tops={2: "TF-B-courier"})              # space 4 is on segment 2
    red = state.position.players[0]
    assert state.position.geo.trade_kind(red.node) == "gold"
    assert "action trade" in state.legal_actions()
    choose(state, "action trade", "dismiss TF-B-courier")
    assert red.corruption == 3 and len(red.draw) == 6          # shuffle check (Thief)
    assert "trade 4" in state.legal_actions() and "trade 5" not in state.legal_actions()
    state.apply("trade 4")            # one way to pay, silver=1: taken without asking
    assert state.decision().kind != "pay"                       # type: ignore[union-attr]
    assert red.silver == 1 and red.gold == 4
    assert (red.corruption, red.virtue) == (3, 5)
    assert "TF-B-courier" in state.position.removed


def test_vb_x03_construct_across_a_link() -> None:
    """VB-X03: workshop on 5b; rearrange; link rewards Red then Blue, Red then Green."""
    state = bare_table(3, turn=0, phase="action", viscounts={0: "9"},
                       spaces={0: ["TF-S-labourer", "TF-S-abbot", "TF-S-squire"]},
                       purse={0: {"stone": 2}}, buildings={"5a": (1, "TP1"), "5c": (2, "WS1")})
    red, blue, green = state.position.players
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
    # Ring in order, castle unturned: section A is beside segment 1, whose inside space is 1.5.
    state = bare_table(3, ring=(1, 2, 3, 4, 5), rotation=0, turn=0, phase="action",
                       viscounts={0: "1.5"}, leader=1, effect="place_workers(4, at=viscount)",
                       castle={0: {"A1": 1, "E1": 2, "A2": 2}, 1: {"B1": 2, "C3": 1},
                               2: {"B1": 1}})
    red, blue, _ = state.position.players
    assert red.supply == 20 - 5 and blue.supply == 20 - 3
    kinds = decide(state, "take gold", "take gold", "bump 1 B1", "bump 1 B1")
    assert kinds == ["resource", "resource", "bump", "bump"]
    assert red.ink == 2 and red.stone == 2 and red.gold == 2
    assert red.virtue == 5
    assert state.position.leader == 0
    assert [state.position.castle[s][2][0] for s in range(5)] == [2, 0, 0, 0, 0]
    assert state.position.castle[0][1][0] == 2
    assert state.position.castle[1][0] == [2, 0, 1]
    assert blue.silver == 4 and blue.supply == 19
    assert state.decision().kind == "action"                    # type: ignore[union-attr]


def test_vb_x05_collision_order() -> None:
    """VB-X05: step 1 workshop-2 virtue, step 2 Peddlers, steps 3-4 rewards, step 5 reset."""
    state = bare_table(3, turn=0, phase="collision",
                       buildings={"1a": (0, "WS2"), "2a": (1, "WS2")},      # WS2 revealed
                       spaces={0: ["TF-S-thief", "TF-B-peddler", "TF-S-abbot"],
                               1: ["TF-B-peddler-4", "TF-S-abbot", "TF-S-squire"],
                               2: ["TF-B-scoundrel", "TF-S-abbot", "TF-S-squire"]},
                       markers={0: (6, 6)})
    red, blue, green = state.position.players
    drain(state)
    assert red.ink == 1 and blue.silver == 2
    assert red.silver == 3 and red.debts_unpaid == 2
    assert blue.virtue == 5 and green.virtue == 7
    assert (red.corruption, red.virtue) == (1, 7)


def test_vb_x06_three_cards() -> None:
    """VB-X06: drop the Abbot, blind-play it back after a one-card shuffle (check: Thief)."""
    state = bare_table(2, turn=0, spaces={0: ["TF-S-squire", "TF-S-thief", "TF-S-abbot"]},
                       markers={0: (2, 7)})
    red = state.position.players[0]
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
