"""More base-game and solo clauses, one behaviour per test (ids in names and docstrings)."""

from __future__ import annotations

from keepers.games.viscounts import GAME, ViscountsState, builder, flow
from keepers.games.viscounts.data import GameData
from keepers.games.viscounts.effects import Term, parse_effect
from keepers.games.viscounts.rules import actions, concepts, effects, setup, turns
from keepers.games.viscounts.rules import solo as solo_rules
from keepers.games.viscounts.rules.scoring import counter, final_scores, icon_total

from .conftest import bare_table, blank_game, drain, new_game, resolve, start_task
from .conftest import do_effect as _do
from .test_solo import solo

RING = (1, 2, 3, 4, 5)
"""Segments in order, castle unturned: ring position p holds segment p + 1 (spaces 2p + 1,
2p + 1.5 inside, 2p + 2) beside castle section p (A first)."""
INSIDE = ("1.5", "3.5", "5.5", "7.5", "9.5")
"""The inside space beside castle sections A to E at a :data:`RING` table."""


# ---------------------------------------------------------------- conventions and components
def test_vb_0_5_and_vb_r01_current_player_first_then_clockwise() -> None:
    """VB-0.5 / VB-R01: simultaneous effects resolve for the current player, then clockwise."""
    state = bare_table(3, turn=1)
    assert concepts.order_from(state.position, 1) == [1, 2, 0]


def test_vb_0_6_per_n_rounds_down() -> None:
    """VB-0.6: every 'per N' count rounds down (vp_per with per=2)."""
    from keepers.games.viscounts.effects import parse_scoring
    from keepers.games.viscounts.rules.scoring import scoring_term_vp

    state = blank_game(2)
    state.position.players[0].ink = 5
    assert scoring_term_vp(state.position, 0, parse_scoring("vp_per(resources_left, per=2)")) == 2


def test_vb_1_2_vb_5_5_player_components() -> None:
    """VB-1.2 / VB-5.5: 20 workers, 9 covered slots, 8 starting townsfolk plus a hero."""
    state = GAME.new_state(2, 1, GAME.default_options())
    assert isinstance(state, ViscountsState)
    for player in state.position.players:
        assert player.supply == 20 and all(player.covered)
        assert (player.corruption, player.virtue) == (1, 7)
    assert len(setup.starting_deck(state.position)) == 8


def test_vb_1_1_vb_3_1_1_vb_5_1_sides_ring_and_castle_rotation() -> None:
    """VB-1.1 / VB-3.1.1-2 / VB-4.1.2 / VB-5.1: side by player count, random ring and rotation."""
    arrangements = set()
    for seed in range(6):
        state = GAME.new_state(3, seed, GAME.default_options())
        assert isinstance(state, ViscountsState)
        assert sorted(state.position.geo.arrangement) == [1, 2, 3, 4, 5]
        assert state.position.geo.side == "p34"
        assert {state.position.geo.section_at(p) for p in range(5)} == set(range(5))
        arrangements.add((state.position.geo.arrangement, state.position.geo.rotation))
    assert len(arrangements) > 1


def test_vb_1_6_supplies_unbounded_and_vb_7_1_gains() -> None:
    """VB-1.6 / VB-7.1: silver and resources are unbounded counters."""
    state = blank_game(2)
    _do(state, 0, "gain(silver=40, ink=30, gold=30, stone=30)")
    assert state.position.players[0].silver == 40 and state.position.players[0].resources() == 90


# ---------------------------------------------------------------- icons (VB-2.1, VB-2.2, VB-2.4)
def test_vb_2_1_3_vb_2_1_4_criminals_wild_for_actions() -> None:
    """VB-2.1.3 / VB-2.1.4 / VB-6.3.2: criminals count as icons of the action's type."""
    state = blank_game(2)
    state.position.players[0].spaces = ["TF-S-thief", "TF-B-lookout", "TF-S-labourer"]
    assert actions.free_icons(state.position, 0, "build", "") == 3
    assert actions.free_icons(state.position, 0, "trade", "") == 2


def test_vb_2_2_2_vb_2_4_4_starting_icons_only_while_spaces_empty() -> None:
    """VB-2.2.2 / VB-2.4.4: starting icons count only while their card space is empty."""
    state = blank_game(2)
    player = state.position.players[0]
    player.spaces = ["TF-S-abbot", None, None]
    icons = concepts.board_icons(state.position, 0)
    assert (icons["cleric"], icons["builder"], icons["noble"], icons["merchant"]) == (2, 1, 1, 2)
    player.spaces = ["TF-S-abbot", "TF-S-squire", None]
    assert concepts.board_icons(state.position, 0)["builder"] == 0 and concepts.board_icons(state.position, 0)["merchant"] == 2


def test_vb_2_4_2_revealed_slot_abilities() -> None:
    """VB-2.4.1-2: a constructed building reveals its slot's ability."""
    state = blank_game(2)
    player = state.position.players[0]
    player.spaces = ["TF-S-abbot", "TF-S-squire", "TF-S-labourer"]
    before = concepts.board_icons(state.position, 0)["merchant"]
    player.covered[2] = False                       # TP3: 2 permanent merchants
    assert concepts.board_icons(state.position, 0)["merchant"] == before + 2
    player.covered[3] = player.covered[4] = player.covered[5] = False
    assert concepts.board_icons(state.position, 0)["builder"] == 2 and concepts.board_icons(state.position, 0)["noble"] == 2


def test_vb_2_4_2_trading_post_2_dismiss_cost() -> None:
    """VB-2.4.2: trading-post slot 2 makes every dismissal cost exactly 1 silver."""
    state = blank_game(2)
    card = state.position.data.cards["TF-B-acolyte"]
    assert actions.dismiss_cost(state.position, 0, card) == 3
    state.position.players[0].covered[1] = False
    assert actions.dismiss_cost(state.position, 0, card) == 1


def test_vb_2_6_1_vb_2_6_2_hand_limit_modifiers() -> None:
    """VB-2.6.1: base 3, +1 workshop slot 3, +1 castle leader; VB-2.6.2 no discard down."""
    state = blank_game(2)
    assert concepts.hand_limit(state.position, 0) == 3
    state.position.players[0].covered[8] = False
    state.position.leader = 0
    assert concepts.hand_limit(state.position, 0) == 5
    state.position.players[0].hand = ["TF-S-abbot"] * 6
    turns.begin_draw(state.position, 0)
    assert len(state.position.players[0].hand) == 6


def test_vb_2_4_6_track_values(data: GameData) -> None:
    """VB-2.4.6: upper and lower rewards of the seven positions come from data."""
    track = data.player_board.track
    assert str(track[0].upper) == "all_of(gain(silver=1), gain_deed(3))"
    assert track[3].lower.name == "rearrange" and track[3].lower_condition == "always"
    assert track[6].lower_condition == "criminals==0"


# ---------------------------------------------------------------- debts and deeds (VB-2.3)
def test_vb_2_3_debts_deeds_flip_and_values() -> None:
    """VB-2.3.1-4: flips, the resource from a debt, lost flips, end values."""
    state = blank_game(2)
    player = state.position.players[0]
    _do(state, 0, "flip(either)")
    assert player.debts_paid == player.deeds_approved == 0         # VB-2.3.3: lost
    _do(state, 0, "all_of(gain_debt(2), gain_deed(2))")
    _do(state, 0, "flip(debt)", "take ink")
    _do(state, 0, "flip(deed)")
    assert (player.debts_unpaid, player.debts_paid, player.ink) == (1, 1, 1)
    assert (player.deeds_acquired, player.deeds_approved) == (1, 1)
    assert final_scores(state.position)[0].parts["debts_deeds"] == -2 + 0 + 1 + 3


def test_vb_7_10_vb_7_18_triggers_loop_until_quiet() -> None:
    """VB-7.10 / VB-7.18: on_gain_debt per debt; a flip from a flip triggers again."""
    state = blank_game(2)
    player = state.position.players[0]
    player.spaces = ["TF-B-debt-collector", "TF-B-racketeer-2", "TF-S-abbot"]
    player.deeds_acquired = 2
    player.hand = ["TF-S-squire", "TF-S-thief"]
    kinds = _do(state, 0, "gain_debt(2)", "pick discard(1)", "discard TF-S-squire",
                "pick discard(1)", "discard TF-S-thief")
    assert kinds.count("pick") == 2 and player.discard == ["TF-S-squire", "TF-S-thief"]
    _do(state, 0, "flip(debt)")
    assert player.debts_paid == 1 and player.deeds_approved == 1


# ---------------------------------------------------------------- board (VB-3.3)
def test_vb_3_3_1_vb_3_3_3_pile_tops_and_printed_cards() -> None:
    """VB-3.3.1, VB-3.3.2, VB-3.3.3: top cards are visible; an empty pile shows its printed card."""
    state = blank_game(2)
    state.position.tf_piles[2] = []
    assert concepts.adjacent_townsfolk(state.position, 2).startswith("PRINTED-")
    assert all(c != "PRINTED" for _, c in concepts.visible_townsfolk(state.position))
    state.position.ms_piles[2] = []
    assert concepts.printed_manuscript(state.position, 2).cost == 3


def test_vb_3_3_4_vb_3_3_5_vb_3_3_6_vb_3_3_8_locations() -> None:
    """VB-3.3.4, VB-3.3.5, VB-3.3.6, VB-3.3.8: exchanges on outside spaces, groups by side,
    actions by location."""
    state = blank_game(3)
    player = state.position.players[0]
    assert state.position.geo.trade_kind("0.L") in ("silver", "ink", "gold", "stone", "destroy", "flip")
    assert state.position.geo.group_spots("0.I") == []
    left, right = state.position.geo.group_spots("0.L"), state.position.geo.group_spots("0.R")
    assert left and right and not set(left) & set(right)
    player.node = "0.I"
    player.gold = 8
    assert actions.action_allowed(state.position, 0, "workers") and not actions.action_allowed(state.position, 0, "trade")
    player.node = "0.L"
    assert not actions.action_allowed(state.position, 0, "workers")


# ---------------------------------------------------------------- castle (VB-4)
def test_vb_4_1_3_vb_4_1_4_tier_rewards(data: GameData) -> None:
    """VB-4.1.3 / VB-4.1.4: tier-2 rewards by section and 1 resource per tier-3 arrival."""
    rewards = data.castle.tier2_reward
    assert str(rewards["A"]) == "gain(ink=1, stone=1)" and rewards["E"].name == "gain_virtue"
    assert str(data.castle.tier3_reward) == "gain_resource(1)"


def test_vb_4_2_1_vb_r22_choice_between_triples() -> None:
    """VB-4.2.1 / VB-R22: with two tier-1 triples the player picks the order."""
    state = bare_table(2, ring=RING, rotation=0, turn=0, phase="action", viscounts={0: INSIDE[2]},
                       castle={0: {"A1": 3, "C1": 2}}, effect="place_workers(1, at=viscount)")
    assert state.legal_actions() == ["cascade A", "cascade C"]


def test_vb_4_2_2_tier_two_never_sideways_and_vb_4_1_1() -> None:
    """VB-4.2.2 / VB-4.1.1: three in a tier-2 section send one to tier 3 (+1 resource)."""
    state = bare_table(2, ring=RING, rotation=0, turn=0, phase="action", viscounts={0: INSIDE[3]},
                       castle={0: {"D2": 3}}, effect="place_workers(1, at=viscount)")
    resolve(state, "take stone")
    assert state.position.castle[3][1][0] == 2 and state.position.castle[3][2][0] == 1
    assert state.position.players[0].stone == 1 and state.position.leader == 0


def test_vb_4_2_4_bump_from_tier_two() -> None:
    """VB-4.2.4: a tier-2 bump gives 1 virtue and 1 resource and returns the worker."""
    state = bare_table(2, ring=RING, rotation=0, turn=0, phase="action", viscounts={0: INSIDE[1]},
                       castle={0: {"B2": 2}, 1: {"B2": 2}}, effect="place_workers(1, at=viscount)")
    resolve(state, "bump 1 B2", "take gold")
    assert state.position.castle[1][1] == [2, 1]
    assert state.position.players[1].gold == 1 and state.position.players[1].virtue == 6
    assert state.position.players[1].supply == 19


def test_vb_4_2_5_opponent_triples_resolve_after() -> None:
    """VB-4.2.5: an opponent left with a triple resolves it after the current player."""
    state = bare_table(2, ring=RING, rotation=0, turn=0, phase="action", viscounts={0: INSIDE[0]},
                       castle={1: {"E1": 3}}, effect="place_workers(1, at=viscount)")
    resolve(state)
    assert state.position.castle[4][1][1] == 1 and state.position.castle[4][0][1] == 0


def test_vb_r32_section_c_move_keeps_triple_workers() -> None:
    """VB-R32: section C's optional move may not take a worker out of the resolving section."""
    state = bare_table(2, ring=RING, rotation=0, turn=0, phase="action", viscounts={0: INSIDE[2]},
                       castle={0: {"C1": 3, "A1": 1}}, effect="place_workers(1, at=viscount)")
    kinds = resolve(state, "shift A B")
    assert "shift" in kinds
    assert state.position.castle[2][0][0] == 1 and state.position.castle[0][0][0] == 0
    assert state.position.players[0].gold == 1


def test_vb_4_2_6_placing_limited_by_supply() -> None:
    """VB-4.2.6: an effect places only the workers left in supply."""
    nineteen = {place: 2 for place in ("B1", "C1", "D1", "E1", "A2", "B2", "C2", "D2", "E2")}
    state = bare_table(2, ring=RING, rotation=0, turn=0, phase="action", viscounts={0: INSIDE[0]},
                       castle={0: {**nineteen, "A3": 1}}, effect="place_workers(2, at=viscount)")
    assert state.position.players[0].supply == 1
    resolve(state)
    assert state.position.players[0].supply == 0 and state.position.castle[0][0][0] == 1


# ---------------------------------------------------------------- setup details (VB-5)
def test_vb_5_3_grey_backed_on_top_vb_5_4_vb_5_6() -> None:
    """VB-5.3 / VB-5.4 / VB-5.6: grey-backed manuscripts on top; random start player."""
    starts = set()
    for seed in range(8):
        state = GAME.new_state(4, seed, GAME.default_options())
        assert isinstance(state, ViscountsState)
        assert all(state.position.data.manuscripts[p[-1]].grey_backed for p in state.position.ms_piles)
        assert state.position.leader == -1 and not state.position.cleric
        starts.add(state.position.start)
    assert len(starts) > 1


def test_vb_5_8_vb_r07_setup_gains_do_not_shorten_piles() -> None:
    """VB-5.8 / VB-R07: debts and deeds taken in setup come from the general stock."""
    state = new_game(4, seed=2)
    assert (state.position.debt_above, state.position.deed_above) == (18, 20)
    assert sum(p.debts_unpaid + p.debts_paid for p in state.position.players) >= 4


# ---------------------------------------------------------------- turn phases (VB-6)
def test_vb_6_1_4_immediate_effect_after_surcharge() -> None:
    """VB-6.1.4: the played card's immediate effect resolves after the surcharge."""
    state = bare_table(2, turn=0, spaces={0: ["TF-S-abbot", "TF-S-squire", None]},
                       hands={0: ["TF-B-scoundrel"]})
    player = state.position.players[0]
    drain(state)
    assert player.gold == 1 and player.corruption == 2


def test_vb_6_1_5_vb_6_1_2_blind_play() -> None:
    """VB-6.1.2 / VB-6.1.5: an empty hand plays the top of the draw pile unseen."""
    state = bare_table(2, turn=0, draws={0: ["TF-S-abbot", "TF-S-lender"]})
    player = state.position.players[0]
    assert drain(state) == []
    assert player.spaces[0] == "TF-S-lender" and state.position.turn["distance"] == 1


def test_vb_6_2_1_vb_6_2_3_vb_r29_distance_is_printed_silver() -> None:
    """VB-6.2.1 / VB-6.2.3 / VB-R29: exactly the printed silver value, any route."""
    state = blank_game(2)
    player = state.position.players[0]
    player.spaces = [None, None, None]
    player.hand = ["H-P-larena"]              # a promotional hero: no builder table holds it
    state.position.current, state.position.phase, state.position.stack = 0, "manage", []
    turns.begin_manage(state.position, 0)
    drain(state)
    assert state.position.turn["distance"] == 2


def test_vb_6_2_4_vb_r27_several_opponents_rearrange_clockwise() -> None:
    """VB-6.2.4 / VB-R27: each opponent on the landing space may rearrange, clockwise."""
    everyone = range(3)
    state = bare_table(3, ring=RING, rotation=0, turn=0, viscounts={p: "3" for p in everyone},   # 1.L
                       spaces={p: ["TF-S-abbot", "TF-S-squire", None] for p in everyone})
    below = len(state.position.stack)
    effects.land(state.position, 0)
    assert [t[1] for t in reversed(state.position.stack[below:])] == [1, 2]


def test_vb_6_3_1_vb_r06_primary_action_optional() -> None:
    """VB-6.3.1 / VB-R06: the primary action may be skipped."""
    state = bare_table(2, ring=RING, rotation=0, turn=0, phase="action", viscounts={0: "1.5"},    # 0.I
                       purse={0: {"silver": 5}})
    assert state.legal_actions()[-1] == "action pass"


def test_vb_6_3_4_trade_exchange_rates(data: GameData) -> None:
    """VB-6.3.4: exchange rates 1/2/2/2/3/4."""
    rates = {k: e.rate for k, e in data.board.exchanges.items()}
    assert rates == {"silver": 1, "ink": 2, "gold": 2, "stone": 2, "destroy": 3, "flip": 4}


def test_vb_r02_any_covered_slot_of_a_type() -> None:
    """VB-R02: a construction may come from any covered slot."""
    state = blank_game(3)
    player = state.position.players[0]
    player.node = "0.L"
    player.stone = 7
    options = [t for t, _ in actions.targets(state.position, 0, "build")]
    assert {o.split()[1] for o in options} == {"TP1", "TP2", "TP3", "GH1", "GH2", "GH3",
                                               "WS1", "WS2", "WS3"}


def test_vb_r03_vb_r33_dismiss_needs_printed_icon_and_a_taken_action() -> None:
    """VB-R03 / VB-R33: dismissal needs a printed icon of the type (or criminal)."""
    at_space_1 = {"ring": RING, "rotation": 0, "viscounts": {0: "1"}, "purse": {0: {"silver": 5}}}
    state = bare_table(2, townsfolk_tops={1: "TF-B-friar"}, **at_space_1)        # cleric only
    assert actions.dismiss_candidates(state.position, 0, "trade") == []
    state = bare_table(2, townsfolk_tops={1: "TF-B-lookout"}, **at_space_1)      # criminal
    assert actions.dismiss_candidates(state.position, 0, "trade") == [("TF-B-lookout", 1)]
    assert actions.dismiss_candidates(state.position, 0, "build") == [("TF-B-lookout", 1)]


def test_vb_r09_one_transcribe_per_turn_in_phase_three() -> None:
    """VB-R09: a second Transcribe action is not offered in phase 3 of the same turn."""
    state = blank_game(2)
    player = state.position.players[0]
    player.node = "1.I"
    player.ink = 9
    state.position.turn = {"transcribed": True}
    assert "action transcribe" not in start_task(state, 0, "action", "action", 0)


def test_vb_r10_vb_r15_free_build_bonus_links_no_on_build() -> None:
    """VB-R10 / VB-R15 / VB-7.13: free builds gain spot bonus and links, never on_build."""
    state = bare_table(3, ring=RING, rotation=0, turn=0, phase="action",
                       spaces={0: ["TF-B-woodcutter", "TF-S-abbot", "TF-S-squire"]},  # on_build: 1 virtue
                       buildings={"1b": (1, "WS1")}, debts={1: (1, 0)},
                       effect="build_free(workshop)")
    me, other = state.position.players[0], state.position.players[1]
    resolve(state, "build WS1 1a", "take ink")
    assert state.position.spots["1a"] == [0, "workshop"]
    assert me.virtue == 6                       # spot bonus only; Woodcutter did not fire
    assert other.debts_paid == 1 and other.ink == 1                 # link 1a-1b: flip(debt)


def test_vb_r20_rearrange_into_empty_spaces() -> None:
    """VB-7.5 / VB-R20: a rearrange may move cards into any of the three spaces."""
    state = bare_table(2, turn=0, phase="action", spaces={0: ["TF-S-abbot", None, None]},
                       effect="rearrange")
    options = state.legal_actions()
    assert "rearrange -,-,TF-S-abbot" in options and options[0] == "rearrange keep"
    resolve(state, "rearrange -,-,TF-S-abbot")
    assert state.position.players[0].spaces == [None, None, "TF-S-abbot"]


def test_vb_6_5_1_vb_6_5_3_only_current_player_collides() -> None:
    """VB-6.5.1 / VB-6.5.3 / VB-2.5.4: nothing happens unless the current player is stuck."""
    state = bare_table(2, turn=0, phase="collision", markers={1: (4, 4)})
    assert state.position.stack == []                    # phase 5 queued nothing
    assert state.position.players[1].stuck()


def test_vb_6_5_2_vb_r12_position_read_after_steps_one_two() -> None:
    """VB-6.5.2 / VB-R12: the upper reward uses the position after steps 1-2."""
    state = bare_table(2, turn=0, phase="collision", buildings={"1a": (0, "WS2")},
                       spaces={0: ["TF-S-abbot", "TF-S-squire", "TF-S-labourer"]},
                       markers={0: (5, 5)})
    player = state.position.players[0]
    drain(state)
    assert player.silver == 2 and player.deeds_acquired == 1 and player.debts_unpaid == 1


def test_vb_6_6_2_vb_6_6_3_vb_7_6_vb_r13_shuffle() -> None:
    """VB-6.6.2, VB-6.6.3, VB-7.6, VB-R13: a shuffle mixes discard into draw with the check."""
    state = blank_game(2)
    player = state.position.players[0]
    player.spaces = ["TF-S-thief", None, None]
    player.draw = ["TF-S-abbot"]
    player.discard = ["TF-S-squire", "TF-S-labourer"]
    _do(state, 0, "shuffle")
    assert sorted(player.draw) == ["TF-S-abbot", "TF-S-labourer", "TF-S-squire"]
    assert player.discard == [] and player.corruption == 2
    _do(state, 0, "shuffle")
    assert player.corruption == 2                         # empty discard: no check


def test_vb_6_6_4_turn_passes_clockwise() -> None:
    """VB-6.6.4: the next player clockwise begins phase 1."""
    state = new_game(3, seed=4)
    first = state.position.current
    while state.position.current == first:
        state.apply(state.legal_actions()[-1])
    assert state.position.current == (first + 1) % 3 and state.position.phase == "manage"


# ---------------------------------------------------------------- effects (VB-7)
def test_vb_7_2_vb_7_3_vb_7_4_optional_discard_destroy() -> None:
    """VB-7.2, VB-7.3, VB-7.4: discard and destroy are optional; destroy gives the card's silver."""
    state = bare_table(2, turn=0, phase="action", effect="destroy(2)",
                       hands={0: ["TF-S-financier", "TF-S-abbot", "TF-S-squire", "TF-S-thief"]})
    player = state.position.players[0]
    assert "destroy done" in state.legal_actions()
    resolve(state, "destroy TF-S-financier", "destroy done")
    assert player.silver == 3 and "TF-S-financier" in state.position.removed
    _do(state, 0, "discard(1)", "discard done")
    assert player.discard == []


def test_vb_7_7_draw_shuffles_when_needed() -> None:
    """VB-7.7: draw n, shuffling the discard pile when the draw pile runs out."""
    state = blank_game(2)
    player = state.position.players[0]
    player.draw = ["TF-S-abbot"]
    player.discard = ["TF-S-squire"]
    _do(state, 0, "draw(2)")
    assert sorted(player.hand) == ["TF-S-abbot", "TF-S-squire"] and player.virtue == 6


def test_vb_7_8_vb_r14_hire_free_and_paid_hire_declined() -> None:
    """VB-7.8 / VB-R14: a free hire of any visible card; a paid hire may be declined."""
    state = bare_table(2)
    player = state.position.players[0]
    top = state.position.tf_piles[3][-1]
    _do(state, 0, "hire_free", f"hire {top}")
    assert top in player.discard
    state = bare_table(2, turn=0, phase="action", purse={0: {"silver": 9}}, effect="hire")
    assert state.legal_actions()[-1] == "hire none"


def test_vb_7_11_place_workers_choice_of_section() -> None:
    """VB-7.11: place_workers without at= lets the player choose the section."""
    state = blank_game(2)
    kinds = _do(state, 0, "place_workers(2)", "section D")
    assert kinds[0] == "section" and state.position.castle[3][0][0] == 2


def test_vb_7_12_move_worker_tier1_optional() -> None:
    """VB-7.12: up to n sideways moves to an adjacent section, optional."""
    state = bare_table(2, turn=0, phase="action", castle={0: {"A1": 1}},
                       effect="move_worker_tier1(1)")
    resolve(state, "shift A E")
    assert state.position.castle[4][0][0] == 1


def test_vb_7_14_gain_manuscript_cost_three_or_four() -> None:
    """VB-7.14 / VB-R23: a free visible manuscript of cost 3 or 4; cleric bonus checked."""
    state = blank_game(2)
    player = state.position.players[0]
    top = state.position.ms_piles[0][-1]
    _do(state, 0, "gain_manuscript(3|4)", f"take_ms {top}", "take ink", "take ink", "take ink")
    assert top in player.manuscripts


def test_vb_7_15_vb_r16_trade_effect_needs_outside_space() -> None:
    """VB-7.15 / VB-R16: a trade effect on an inside space does nothing."""
    inside = bare_table(2, ring=RING, rotation=0, turn=0, phase="action", viscounts={0: "1.5"},
                        effect="trade")
    assert resolve(inside) == [] and inside.decision().kind == "action"  # type: ignore[union-attr]
    outside = bare_table(2, ring=RING, rotation=0, turn=0, phase="action", viscounts={0: "1"},
                         effect="trade")
    flow.step(outside.position, outside.position.stack[-1])
    assert outside.position.stack[-1][:3] == ("act", 0, "trade")


def test_vb_7_16_vb_r11_move_viscount_and_landing() -> None:
    """VB-7.16 / VB-R11: move 1 or 2 steps for free; landing rule applies."""
    state = bare_table(2, ring=RING, rotation=0, turn=0, phase="action",
                       viscounts={0: "1", 1: "3"},                      # 0.L and 1.L
                       spaces={1: ["TF-S-abbot", "TF-S-squire", None]},
                       effect="move_viscount(1|2)")
    kinds = resolve(state, "go 3")
    assert state.position.players[0].node == "1.L" and kinds == ["move", "rearrange"]


def test_vb_7_17_ongoing_only_in_card_spaces() -> None:
    """VB-7.17: ongoing abilities work only while the card sits in a card space."""
    state = blank_game(2)
    state.position.players[0].hand = ["TF-G-herdsman"]
    assert concepts.hand_limit(state.position, 0) == 3
    state.position.players[0].spaces = ["TF-G-herdsman", None, None]
    assert concepts.hand_limit(state.position, 0) == 4


# ---------------------------------------------------------------- end and scoring (VB-8, VB-9)
def test_vb_8_4_vb_r24_reveal_part_way() -> None:
    """VB-8.1 / VB-8.4 / VB-R24: the effect completes below the card; flips return nothing."""
    state = bare_table(2, round=3, debts_above_poverty=1)
    concepts.gain_debt(state.position, 0, 3)
    assert state.position.players[0].debts_unpaid == 3 and state.position.debt_above == 0
    _do(state, 0, "flip(debt)")
    assert state.position.debt_above == 0


def test_vb_9_1_vb_9_4_scoring_steps() -> None:
    """VB-9.1 / VB-9.4: buildings, castle, manuscripts, bonuses, debts, rankings."""
    state = bare_table(2, buildings={"1a": (0, "WS1")}, castle={0: {"A1": 1}})
    parts = final_scores(state.position)[0].parts
    assert parts["buildings"] == 2 and parts["castle"] == 1
    assert list(parts)[:3] == ["buildings", "castle", "ribbon_sets"]


def test_vb_9_3_vb_r17_icon_counts_for_scoring() -> None:
    """VB-9.3 / VB-R17: every owned card plus permanent icons; no starting icons."""
    state = blank_game(2)
    player = state.position.players[0]
    player.hand = ["TF-S-squire"]
    player.draw = ["TF-B-enforcer"]
    player.discard = ["TF-S-thief"]
    player.covered[4] = False
    assert icon_total(state.position, 0, "noble") == 4
    assert icon_total(state.position, 0, "criminal") == 1
    assert counter(state.position, 0, "icons:merchant") == 0


# ---------------------------------------------------------------- rulings on data (VB-R18, R30, R31)
def test_vb_r18_vb_r30_vb_r31_data_readings(data: GameData) -> None:
    """VB-R18 Guntram grouping, VB-R30 list corrections, VB-R31 guildhall VP."""
    guntram = data.heroes["H-B-guntram"].dropoff
    assert guntram.name == "one_of" and all(t.name == "all_of" for t in guntram.subterms())
    assert str(data.townsfolk["TF-B-strongman"].recruit) == "gain_virtue(1)"
    assert data.townsfolk["TF-G-custodian"].dropoff.name == "all_of"
    assert data.player_board.vp["guildhall"] == (6, 13, 21)


def test_vb_10_1_2_vb_10_5_vocabulary_words(data: GameData) -> None:
    """VB-10.1.2 / VB-10.5: icon words and trigger names used by the data are known."""
    triggers = {t.name for c in data.townsfolk.values() for t in [c.ongoing]
                if t.name.startswith("on_")}
    assert {"on_trade", "on_build", "on_flip_debt", "on_collision_any"} <= triggers


# ---------------------------------------------------------------- solo (VS-)
def test_vs_1_1_vs_1_3_vs_6_1_solo_order() -> None:
    """VS-1.1 / VS-1.3 / VS-6.1: p12 side, human starts, the AI takes the last turn."""
    state = solo()
    assert state.position.geo.side == "p12" and state.position.start == 0
    assert concepts.order_from(state.position, state.position.start)[-1] == 1


def test_vs_2_2_vs_r01_ai_reshuffle_check() -> None:
    """VS-2.2 / VS-R01: an empty scheme pile is rebuilt with the check."""
    state = solo()
    ai = state.position.players[1]
    ai.discard = ai.draw + ai.discard
    ai.draw = []
    ai.spaces = [None, None, None]
    virtue = ai.virtue
    state.position.stack = [("ai_turn", 1)]
    state.position.current, state.position.phase = 1, "ai"
    drain(state)
    assert ai.virtue <= virtue and ai.spaces[0] is not None


def test_vs_2_3_vs_2_6_rows_and_no_drawing() -> None:
    """VS-2.3 / VS-2.6: rows resolve top to bottom; the AI has no hand."""
    state = solo()
    ai = state.position.players[1]
    ai.draw.append("SS7")                              # surcharge, 2 resources, move 3
    ai.spaces = [None, None, None]
    ai.node = "2.L"
    state.position.stack = [("ai_turn", 1)]
    state.position.current, state.position.phase = 1, "ai"
    drain(state)
    assert ai.spaces[0] == "SS7" and ai.node == "3.R" and ai.hand == []


def test_vs_2_5_vs_r07_ai_collision_uses_ai_track() -> None:
    """VS-2.5 / VS-R07: the AI's own collision pays its AI-track upper reward."""
    state = builder.position(1, seed=3, turn=1, phase="collision", markers={1: (1, 1)})
    ai = state.position.players[1]
    deeds = ai.deeds_acquired
    drain(state)
    assert ai.deeds_acquired == deeds + 3 and (ai.corruption, ai.virtue) == (1, 7)


def test_vs_4_1_ai_icons_and_vs_r08_spending() -> None:
    """VS-4.1 / VS-R08: AI icons from schemes and starting icons; fewest resources spent."""
    state = solo()
    ai = state.position.players[1]
    ai.spaces = ["SS4", None, None]
    icons = concepts.board_icons(state.position, 1)
    assert icons["cleric"] >= 2 and icons["noble"] >= 1
    ai.node = "0.L"
    state.position.ms_piles[0] = ["M05"]
    ai.ink = 5
    assert solo_rules._ai_transcribe_cost(state.position, 1) == max(0, 3 - solo_rules.ai_icons(state.position, 1, "transcribe"))


def test_vs_4_5_vs_4_6_vs_r06_hires_and_dismissals() -> None:
    """VS-4.5 / VS-4.6 / VS-R06: hire icons give future schemes; ai_dismiss removes the top."""
    state = builder.position(1, seed=3, turn=1, effect="hire_free")
    ai = state.position.players[1]
    future = len(state.position.ai["future"])
    resolve(state)
    assert len(state.position.ai["future"]) == future - 1 and len(ai.discard) >= 1
    position = concepts.seat_position(state.position, 1)
    top = state.position.tf_piles[position][-1]
    below = len(state.position.stack)
    effects.push(state.position, 1, Term("ai_dismiss"))                # an AI term
    drain(state, floor=below)
    assert top in state.position.removed


def test_vs_4_7_vs_5_1_focus_and_construct() -> None:
    """VS-4.7 / VS-5.1: the focus action; construct the left-most affordable building."""
    state = solo(ai="builder")
    ai = state.position.players[1]
    ai.node = "2.L"
    for spot in state.position.geo.group_spots("2.L"):
        state.position.spots.pop(spot, None)
    ai.stone = 10
    ai.spaces = ["SS5", None, None]
    state.position.stack = []
    effects.push(state.position, 1, Term("ai_focus"))
    drain(state)
    assert state.position.spots[state.position.geo.group_spots("2.L")[0]][0] == 1


def test_vs_5_2_vs_r09_vs_r11_free_construct_search() -> None:
    """VS-5.2 / VS-R09 / VS-R11: usable spot first, else clockwise; left-most allowed slot."""
    state = solo()
    ai = state.position.players[1]
    ai.node = "3.I"
    state.position.spots = {}
    state.position.stack = []
    effects.push(state.position, 1, parse_effect("build_free(any)"))
    drain(state)
    built = [s for s, (owner, _) in state.position.spots.items() if owner == 1]
    assert built == [state.position.geo.spots(3)[0].id]


def test_vs_5_4_vs_5_5_vs_r10_free_workers_and_manuscript() -> None:
    """VS-5.4 / VS-5.5 / VS-R10: free workers at its section; free manuscript search."""
    state = solo()
    ai = state.position.players[1]
    ai.node = "1.L"
    state.position.stack = []
    effects.push(state.position, 1, parse_effect("place_workers(2)"))
    drain(state)
    assert state.position.castle[state.position.geo.section_at(1)][0][1] >= 2
    state.position.ms_piles[1] = []
    state.position.ms_piles[2] = ["M05"]
    effects.push(state.position, 1, parse_effect("gain_manuscript(3|4)"))
    drain(state)
    assert "M05" in ai.manuscripts


def test_vs_5_6_ai_bumps_human_first() -> None:
    """VS-5.6: the AI removes the human's workers first."""
    state = builder.position(1, seed=3, ring=RING, rotation=0, turn=1, viscounts={1: INSIDE[0]},
                             castle={0: {"B1": 2}, 1: {"B1": 2}},
                             effect="place_workers(1, at=viscount)")     # one more in A
    resolve(state)
    assert state.position.castle[1][0] == [1, 2]


def test_vs_5_7_vs_5_8_vs_r02_trade_and_claims() -> None:
    """VS-5.7 / VS-R02: trade needs an outside space and one use; VS-5.8 claims cards."""
    state = solo()
    ai = state.position.players[1]
    ai.node = "0.I"
    assert not solo_rules.ai_can(state.position, 1, Term("trade"))
    ai.node = "0.L"
    ai.spaces = ["SS6", "SS6", "SS6"]
    assert solo_rules.ai_can(state.position, 1, Term("trade")) == (solo_rules._ai_trade_uses(state.position, 1) > 0)
    ai.manuscripts = ["M01", "M11"]
    state.position.ms_piles[0] = ["M05"]
    effects.receive_manuscript(state.position, 1, 0)
    drain(state)
    assert state.position.cleric.get("grey") == 1


def test_vs_r12_ai_icon_counts_at_scoring() -> None:
    """VS-R12: scheme header icons of every scheme the AI owns count at scoring."""
    state = solo()
    ai = state.position.players[1]
    ai.draw, ai.discard, ai.spaces = ["SS3"], ["FS2"], ["SS1", None, None]
    assert icon_total(state.position, 1, "builder") >= 3


# ---------------------------------------------------------------- conventions, zones, values
def test_vb_0_1_optional_effects_offer_a_way_out() -> None:
    """VB-0.1 / VB-7.2: optional effects can be declined; mandatory ones cannot."""
    def options(effect: str) -> list[str]:
        table = bare_table(2, turn=0, phase="action", hands={0: ["TF-S-abbot"]},
                           spaces={0: ["TF-S-squire", None, None]}, effect=effect)
        return table.legal_actions()

    assert options("discard(1)")[-1] == "discard done"
    assert "rearrange keep" in options("rearrange")
    assert options("gain_resource(1)") == ["take ink", "take gold", "take stone"]


def test_vb_0_2_vb_0_3_current_player_and_clockwise_order() -> None:
    """VB-0.2 / VB-0.3: the current player decides; turns, moves and sections go clockwise."""
    state = new_game(4, seed=7)
    decision = state.decision()
    assert decision is not None and decision.player == state.position.current
    assert state.position.geo.neighbours("2.R") == ["3.L"]
    state2 = bare_table(2, ring=RING, rotation=0, turn=0, phase="action", viscounts={0: INSIDE[0]},
                        castle={0: {"A1": 2}}, effect="place_workers(1, at=viscount)")
    resolve(state2)
    assert state2.position.castle[1][0][0] == 1 and state2.position.castle[4][0][0] == 1


def test_vb_0_4_values_come_from_data(data: GameData) -> None:
    """VB-0.4: reconstructed values are read from data files that state their certainty."""
    from keepers.games.viscounts.data import check_data

    certainty = {f.name: f.certainty for f in check_data().files}
    assert certainty["board.toml"] == "reconstructed"
    assert data.board.segments[0].sides["p34"].spots[0].bonus.name == "gain_virtue"


def test_vb_2_1_1_vb_2_1_2_resources_and_icons() -> None:
    """VB-2.1.1: 'any resource' is ink, gold or stone (never silver); VB-2.1.2: five icons."""
    state = blank_game(2)
    assert start_task(state, 0, "action", "res", 0) == ["take ink", "take gold", "take stone"]
    assert sorted(concepts.board_icons(state.position, 0)) == ["builder", "cleric", "criminal", "merchant", "noble"]


def test_vb_2_2_1_vb_2_2_4_zones_and_removal() -> None:
    """VB-2.2.1: hand, draw, discard and 3 spaces; VB-2.2.4: removed cards never return."""
    state = blank_game(2)
    player = state.position.players[0]
    player.hand = ["TF-S-abbot", "TF-S-squire", "TF-S-thief", "TF-S-labourer"]
    _do(state, 0, "destroy(1)", "destroy TF-S-thief")
    assert "TF-S-thief" in state.position.removed and "TF-S-thief" not in player.cards_owned()
    _do(state, 0, "shuffle")
    assert "TF-S-thief" not in player.cards_owned() and len(player.spaces) == 3


def test_vb_2_3_2_vb_2_3_4_flip_gains_and_end_values() -> None:
    """VB-2.3.2: a flipped debt gives 1 resource, a deed nothing; VB-2.3.4 end values."""
    state = blank_game(2)
    player = state.position.players[0]
    player.debts_unpaid, player.deeds_acquired = 1, 1
    _do(state, 0, "flip(debt)", "take gold")
    _do(state, 0, "flip(deed)")
    assert player.gold == 1 and player.resources() == 1
    player.debts_unpaid, player.deeds_acquired = 2, 2
    assert final_scores(state.position)[0].parts["debts_deeds"] == -4 + 2 + 3


def test_vb_2_5_3_corruption_before_virtue_in_one_effect() -> None:
    """VB-2.5.3: one effect giving both moves corruption first (Caroline's data order)."""
    state = blank_game(2)
    player = state.position.players[0]
    player.corruption, player.virtue = 4, 5
    _do(state, 0, "all_of(gain_corruption(1), gain_virtue(1))")
    assert (player.corruption, player.virtue) == (4, 4)


def test_vb_3_1_2_positions_define_adjacency() -> None:
    """VB-3.1.2: next(p) = (p + 1) mod 5 whatever segment ids sit there."""
    state = blank_game(2)
    assert state.position.geo.neighbours("4.I") == ["4.R", "0.I"]
    assert state.position.geo.segment_at(7) == state.position.geo.arrangement[2]


def test_vb_6_1_7_sub_step_order() -> None:
    """VB-6.1.7: shift, drop-off, play, surcharge, immediate effect."""
    state = bare_table(2, turn=0, spaces={0: ["TF-S-squire", "TF-S-abbot", "TF-B-antagonist"]},
                       hands={0: ["TF-B-scoundrel"]})
    player = state.position.players[0]
    drain(state)
    assert player.discard == ["TF-B-antagonist"]
    assert player.corruption == 2 and player.gold == 1
