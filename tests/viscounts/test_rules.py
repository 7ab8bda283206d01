"""Base-game clauses (VB-) tested one by one on small hand-built positions."""

from __future__ import annotations

import pytest

from keepers.games.viscounts import GAME, flow
from keepers.games.viscounts.rules import actions, castle, concepts, effects, turns
from keepers.games.viscounts.rules.scoring import final_scores

from .conftest import bare_table, blank_game, decide, drain, new_game, start_task

RING = (1, 2, 3, 4, 5)
"""Segments in order: ring position p holds segment p + 1 (spaces 2p + 1, 2p + 1.5, 2p + 2)."""


# ---------------------------------------------------------------- markers (VB-2.5)
def test_vb_2_5_1_markers_start_and_excess_lost() -> None:
    """VB-2.5.1: markers start on 1 and 7; excess beyond the track is lost."""
    state = blank_game(2)
    player = state.position.players[0]
    assert (player.corruption, player.virtue) == (1, 7)
    concepts.gain_virtue(state.position, 0, 10)
    assert (player.corruption, player.virtue) == (1, 1)
    assert player.stuck()


def test_vb_2_5_2_stuck_markers_move_together() -> None:
    """VB-2.5.2: stuck markers move together and never cross."""
    state = blank_game(2)
    player = state.position.players[0]
    concepts.gain_corruption(state.position, 0, 3)
    concepts.gain_virtue(state.position, 0, 3)
    assert (player.corruption, player.virtue) == (4, 4)
    concepts.gain_corruption(state.position, 0, 1)
    assert (player.corruption, player.virtue) == (5, 5)
    concepts.gain_virtue(state.position, 0, 2)
    assert (player.corruption, player.virtue) == (3, 3)
    concepts.gain_corruption(state.position, 0, 9)
    assert (player.corruption, player.virtue) == (7, 7)


# ---------------------------------------------------------------- board (VB-3)
def test_vb_3_2_1_movement_edges() -> None:
    """VB-3.2.1 / VB-3.2.2: the five arrows and their two-step consequences."""
    state = blank_game(2)
    geo = state.position.geo
    assert sorted(geo.neighbours("0.L")) == ["0.I", "0.R"]
    assert sorted(geo.neighbours("0.I")) == ["0.R", "1.I"]
    assert geo.neighbours("0.R") == ["1.L"]
    assert geo.neighbours("4.R") == ["0.L"]
    assert geo.reachable("0.L", 2) == {"1.L", "1.I", "0.R"}
    assert geo.reachable("0.R", 2) == {"1.R", "1.I"}


def test_vb_3_1_3_printed_numbers_identify_spaces() -> None:
    """VB-3.1.3: printed numbers 1-10 and 1.5 ... 9.5 address all 15 spaces."""
    state = blank_game(2)
    printed = {state.position.geo.printed(f"{p}.{k}") for p in range(5) for k in "LRI"}
    assert len(printed) == 15
    assert all(state.position.geo.printed(state.position.geo.node_of(n)) == n for n in printed)


def test_vb_3_3_7_links_cross_segment_seams() -> None:
    """VB-3.3.7: the NEXT link joins the last spot to the next position's first spot."""
    state = blank_game(3)
    links = state.position.geo.links()
    assert len(links) == 25
    last = state.position.geo.spots(0)[-1].id
    first_next = state.position.geo.spots(1)[0].id
    assert any(a == last and b == first_next for a, b, _ in links)


# ---------------------------------------------------------------- setup (VB-5)
@pytest.mark.parametrize("players,debts,deeds", [(2, 12, 12), (3, 15, 16), (4, 18, 20)])
def test_vb_5_setup(players: int, debts: int, deeds: int) -> None:
    """VB-5.2/5.3/5.7/5.8: piles, manuscripts, start spaces, hands, poverty/prosperity."""
    state = new_game(players, seed=players)
    fresh = GAME.new_state(players, players, GAME.default_options())
    assert sorted(len(p) for p in fresh.position.tf_piles) == [13, 13, 14, 14, 14]    # type: ignore
    assert all(len(p) == 7 for p in fresh.position.ms_piles)                          # type: ignore
    assert all(fresh.position.data.manuscripts[p[-1]].grey_backed for p in fresh.position.ms_piles)  # type: ignore
    assert state.position.geo.side == ("p12" if players <= 2 else "p34")
    assert (state.position.debt_above, state.position.deed_above) == (debts, deeds)
    for player in state.position.players:
        assert len(player.hand) == 3
        assert 8 <= len(player.cards_owned()) <= 10
    assert state.position.round == 1 and state.position.phase == "manage"
    assert state.position.current == state.position.start


def test_vb_5_7_pick_order_reverse_turn_order() -> None:
    """VB-5.7: pairs are picked in reverse turn order, players + 1 pairs."""
    state = GAME.new_state(3, 5, GAME.default_options())
    first = state.decision()
    assert first is not None and first.kind == "setup"
    assert first.player == (state.position.start - 1) % 3        # type: ignore[attr-defined]
    assert len(state.legal_actions()) == 4


# ---------------------------------------------------------------- phase 1 (VB-6.1)
def test_vb_6_1_3_criminal_surcharge_counts_all_criminals() -> None:
    """VB-6.1.3 / VB-R21: playing a criminal costs 1 corruption per criminal on the board."""
    state = bare_table(2, turn=0, spaces={0: ["TF-B-lookout", "TF-S-abbot", "TF-S-squire"]},
                       hands={0: ["TF-S-thief", "TF-S-labourer"]})
    player = state.position.players[0]
    drain(state, "play TF-S-thief")
    assert player.spaces[0] == "TF-S-thief"
    assert player.corruption == 3                    # Thief + Lookout
    assert "TF-S-squire" in player.discard


def test_vb_6_1_1_dropoff_before_play() -> None:
    """VB-6.1.1 / VB-6.1.6: the drop-off effect resolves before the new card is played."""
    state = bare_table(2, turn=0, spaces={0: ["TF-S-abbot", "TF-S-squire", "TF-S-thief"]},
                       hands={0: ["TF-S-labourer"]})
    player = state.position.players[0]
    kinds = drain(state)
    assert player.debts_unpaid == 1 and player.silver == 1        # Thief drop-off
    assert player.spaces == ["TF-S-labourer", "TF-S-abbot", "TF-S-squire"]
    assert kinds == []


# ---------------------------------------------------------------- phase 2 (VB-6.2)
def test_vb_6_2_2_extra_steps_cost_silver_and_free_steps() -> None:
    """VB-6.2.2: paid extra steps cost 1 silver each; extra_move steps are free."""
    state = blank_game(2)
    player = state.position.players[0]
    player.node = "0.L"
    state.position.turn = {"distance": 1}
    player.silver = 1
    costs = turns.move_costs(state.position, 0)
    assert costs["0.R"] == 0 and costs["0.I"] == 0 and costs["1.L"] == 1
    player.covered[0] = False                      # TP1: extra_move(1)
    assert turns.move_costs(state.position, 0)["1.L"] == 0


# ---------------------------------------------------------------- phase 3 (VB-6.3)
def test_vb_6_3_6_noble_table_and_vb_r28_lower_threshold() -> None:
    """VB-6.3.6 / VB-2.4.5 / VB-R28: 1/3/5/8 nobles place 1/2/3/4; lower thresholds allowed."""
    state = bare_table(2, ring=RING, turn=0, phase="action", viscounts={0: "5.5"},   # 2.I
                       spaces={0: ["TF-B-enforcer", "TF-S-squire", "TF-S-abbot"]},  # 3 nobles
                       purse={0: {"gold": 2}})
    state.apply("action workers")
    if state.decision().kind == "dismiss":                      # type: ignore[union-attr]
        state.apply("dismiss none")
    assert state.legal_actions() == ["workers 1", "workers 2", "workers 3"]


def test_vb_6_3_3_one_dismissal_per_turn() -> None:
    """VB-6.3.3 / VB-R08: at most one dismissal per turn."""
    state = blank_game(2)
    player = state.position.players[0]
    player.node = "0.L"
    player.silver = 5
    state.position.tf_piles[0].append("TF-B-courier")
    state.position.turn = {"dismissed": True}
    start_task(state, 0, "action", "act", 0, "trade", 1)
    assert not any(o.startswith("dismiss TF") for o in flow.step(state.position, state.position.stack[-1]).options)


def test_vb_6_3_5_construct_needs_a_spot_in_the_river_group() -> None:
    """VB-6.3.5 step 1: no empty spot in the served group, no Construct."""
    group = {"1a": (1, "WS1"), "1b": (1, "WS2")}              # served from space 1
    full = bare_table(3, ring=RING, viscounts={0: "1"}, purse={0: {"stone": 9}},
                      buildings=group)
    assert set(full.position.geo.group_spots("0.L")) == set(group)
    assert not actions.action_allowed(full.position, 0, "build")
    other = bare_table(3, ring=RING, viscounts={0: "2"}, purse={0: {"stone": 9}},
                       buildings=group)
    assert actions.action_allowed(other.position, 0, "build")


def test_vb_6_3_7_transcribe_and_cleric_bonus() -> None:
    """VB-6.3.7 / VB-R23: a third manuscript of one ribbon claims the cleric bonus."""
    state = bare_table(2, ring=RING, turn=0, phase="action", viscounts={0: "3.5"},   # 1.I
                       manuscript_tops={2: "M05"},                 # grey, cost 3
                       manuscripts={0: ["M01", "M11"]},            # two greys
                       spaces={0: ["TF-S-abbot", "TF-B-friar", "TF-B-priest"]})  # 3 clerics
    player = state.position.players[0]
    drain(state, "action transcribe")
    assert "M05" in player.manuscripts and state.position.cleric["grey"] == 0
    assert player.bonus == ["grey"] and state.position.turn.get("transcribed")
    assert concepts.board_icons(state.position, 0)["builder"] >= 1                         # grey bonus icon


def test_vb_6_3_8_on_trade_fires_after_the_action() -> None:
    """VB-6.3.8: Trader's on_trade gives 1 silver after a trade, even of 0 uses (VB-R33)."""
    state = bare_table(2, ring=RING, turn=0, phase="action", viscounts={0: "1"},
                       spaces={0: ["TF-S-trader", "TF-S-abbot", "TF-S-squire"]})
    player = state.position.players[0]
    state.apply("action trade")              # nothing to dismiss; trade 0, the only target
    assert "action 0 trade 0" in state.position.log
    assert player.silver == 1


# ---------------------------------------------------------------- phase 4 (VB-6.4)
def test_vb_6_4_1_recruit_and_workshop_slot_1() -> None:
    """VB-6.4.1 / VB-6.4.2: pay, discard pile, top-right effect; WS1 offers a discard."""
    state = bare_table(2, ring=RING, turn=0, phase="recruit", viscounts={0: "1"},
                       purse={0: {"silver": 5}}, hands={0: ["TF-S-abbot"]},
                       buildings={"3a": (0, "WS1")}, townsfolk_tops={1: "TF-B-friar"})
    player = state.position.players[0]
    assert state.legal_actions() == ["recruit TF-B-friar", "recruit pass"]
    kinds = drain(state, "recruit TF-B-friar", "discard TF-S-abbot")
    assert player.silver == 3 and player.virtue == 6
    assert kinds == ["recruit", "discard"]
    assert player.discard == ["TF-B-friar", "TF-S-abbot"]


def test_vb_r04_printed_townsfolk_never_hired() -> None:
    """VB-3.3.2 / VB-R04: an empty pile's printed card cannot be hired."""
    state = blank_game(2)
    state.position.players[0].node = "0.L"
    state.position.players[0].silver = 5
    state.position.tf_piles[0] = []
    assert start_task(state, 0, "recruit", "recruit", 0) == ["recruit pass"]


# ---------------------------------------------------------------- deck (VB-6.6, VB-2.2.3)
def test_vb_6_6_draw_to_limit_and_shuffle_check_virtue() -> None:
    """VB-6.6.1-3: draw to the limit (WS3 +1); the shuffle gives virtue without criminals."""
    state = blank_game(2)
    player = state.position.players[0]
    player.covered[8] = False
    player.discard = ["TF-S-abbot", "TF-S-squire", "TF-S-labourer", "TF-S-trader"]
    player.spaces = ["TF-S-lender", "TF-S-journeyman", "TF-S-financier"]
    turns.begin_draw(state.position, 0)
    assert len(player.hand) == 4 and player.virtue == 6


def test_vb_2_2_3_three_card_floor() -> None:
    """VB-2.2.3 / VB-R05: no destroy that would leave fewer than 3 cards."""
    three = {"spaces": {0: ["TF-S-abbot", "TF-S-squire", None]}, "turn": 0, "phase": "action",
             "effect": "destroy(1)"}
    state = bare_table(2, hands={0: ["TF-S-thief"]}, **three)
    assert state.decision().kind == "action"                   # type: ignore[union-attr]
    state = bare_table(2, hands={0: ["TF-S-thief", "TF-S-labourer"]}, **three)
    assert "destroy TF-S-thief" in state.legal_actions()


# ---------------------------------------------------------------- castle (VB-4.2)
def test_vb_4_2_3_leader_ties_keep_the_holder() -> None:
    """VB-4.2.3: strictly more tier-3 workers are needed to take the leader card."""
    state = bare_table(2, castle={0: {"A3": 1}})
    castle.check_leader(state.position, 0)
    assert state.position.leader == 0
    state = bare_table(2, castle={0: {"A3": 1}, 1: {"B3": 1}}, leader=0)
    castle.check_leader(state.position, 1)
    assert state.position.leader == 0
    state = bare_table(2, castle={0: {"A3": 1}, 1: {"B3": 1, "C3": 1}}, leader=0)
    castle.check_leader(state.position, 1)
    assert state.position.leader == 1


# ---------------------------------------------------------------- effects (VB-7)
def test_vb_7_13_build_free_at_viscount() -> None:
    """VB-7.13: at=viscount allows only the group served by the Viscount's outside space."""
    state = blank_game(3)
    state.position.players[0].node = "2.R"
    assert effects.allowed_free_spots(state.position, 0, "viscount") == state.position.geo.group_spots("2.R")
    state.position.players[0].node = "2.I"
    assert effects.allowed_free_spots(state.position, 0, "viscount") == []
    assert len(effects.allowed_free_spots(state.position, 0, "any")) == 25


def test_vb_7_9_flip_debt_gives_resource_first() -> None:
    """VB-7.9 / VB-R26: a flipped debt gives a resource, then on_flip_debt fires."""
    state = bare_table(2, turn=0, phase="action", effect="flip(either)", debts={0: (1, 0)},
                       spaces={0: ["TF-B-debt-collector-3", "TF-S-abbot", "TF-S-squire"]})
    player = state.position.players[0]
    kinds = decide(state, "take stone")             # the only flip, the debt, is not asked
    assert kinds == ["resource"]
    assert player.stone == 1 and player.silver == 1 and player.virtue == 6


def test_vb_10_3_one_of_only_resolvable_parts() -> None:
    """VB-10.3: one_of offers only parts that can resolve."""
    state = bare_table(2, turn=0, phase="action", hands={0: ["TF-S-abbot"]},
                       effect="one_of(flip(debt), discard(1))")
    kinds = decide(state, "discard TF-S-abbot")
    assert kinds == ["discard"]                       # flip(debt) impossible: no choice asked


# ---------------------------------------------------------------- end (VB-8, VB-9)
def test_vb_8_2_end_trigger_one_more_round() -> None:
    """VB-8.1 / VB-8.2: revealing poverty completes this round plus one more."""
    state = bare_table(2, round=5, debts_above_poverty=1, deeds_above_prosperity=1)
    concepts.gain_debt(state.position, 0, 2)
    assert state.position.poverty and state.position.last_round == 6
    assert state.position.players[0].debts_unpaid == 2
    concepts.gain_deed(state.position, 1, 1)
    assert state.position.prosperity and state.position.last_round == 6           # VB-8.3


def test_vb_9_6_winner_tiebreak() -> None:
    """VB-9.6 / VB-R25: equal VP are broken by silver + resources."""
    state = blank_game(2)
    state.position.players[0].deeds_acquired = state.position.players[1].deeds_acquired = 3
    state.position.players[0].silver = 2
    state.position.players[1].ink = 3
    assert state.winners() == [1]
    state.position.players[0].gold = 1
    assert state.winners() == [0, 1]


def test_vb_9_5_rewards_with_two_players() -> None:
    """VB-9.5: fewer than 3 players use [12, 4]."""
    state = blank_game(2)
    state.position.prosperity = True
    state.position.players[0].debts_paid = 2
    state.position.players[1].debts_paid = 1
    parts = [s.parts["prosperity"] for s in final_scores(state.position)]
    assert parts == [12, 4]
