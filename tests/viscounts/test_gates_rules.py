"""Gates of Gold rules: setup (VG-2.1, VG-3), manuscript boards (VG-2), king's orders and
outsiders (VG-4), builder bonus cards (VG-6), castle leaders (VG-7), scoring (VG-8) and the
rulings of section 14.4 (VG-R..)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from keepers.core.errors import RuleError
from keepers.games.viscounts import GAME, ViscountsState, builder, flow
from keepers.games.viscounts.data import load_data
from keepers.games.viscounts.rules import actions, concepts, effects, turns
from keepers.games.viscounts.rules.scoring import final_scores, icon_total
from keepers.games.viscounts.state import profile_of

from .conftest import new_game
from .test_cards import Policy, run
from .test_gates_cards import OUTSIDER_DECK, OUTSIDER_ROW, gates_position

DATA = load_data()


def _resolve(state: ViscountsState, text: str, policy: Policy | None = None,
             seat: int = 0) -> list[str]:
    state.position.stack = [("eff", seat, text, "")]
    return run(state, policy or Policy())


def _asked(state: ViscountsState, *task: object) -> ViscountsState:
    """Make ``task`` the pending step of seat 0's own turn and settle to its choice."""
    state.position.current = 0
    state.position.stack = [tuple(task)]
    _fresh(state)
    state.pending()
    return state


def _fresh(state: ViscountsState) -> None:
    """Forget the pending choice after editing the position by hand."""
    state.choice = None
    state._legal = None


def _snapshot(state: ViscountsState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def _refused(state: ViscountsState, action: str) -> str:
    before = _snapshot(state)
    with pytest.raises(RuleError) as info:
        state.apply(action)
    assert _snapshot(state) == before
    return info.value.clause


# ============================================================================ setup (VG-2.1, VG-3)

@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_deals_the_gates_components(players: int) -> None:
    """VG-2.1 / VG-3.1 to VG-3.5 / VG-9.1: every person gets a different manuscript board with its
    starting manuscript and a king's order in the starting deck; 3 outsiders face up, the
    rest face down; one Gates castle leader; one diversified and one specialized builder
    card; the king's order pile holds the rest; the AI gets no board."""
    state = new_game(players, 5, expansions="gates")
    ext = state.position.ext
    people = [p for p in state.position.players if not p.is_ai]
    boards = [ext["boards"][p.seat] for p in people]
    assert len(set(boards)) == len(people) and all(b in DATA.manuscript_boards for b in boards)
    for player in people:
        assert f"{ext['boards'][player.seat]}-S" in player.manuscripts
        assert player.cards_owned().count("KO") == 1
    assert ext["ko_pile"] == 24 - len(people)
    assert len(ext["outsider_row"]) == 3 and len(ext["outsider_deck"]) == 21
    assert DATA.leaders[ext["leader_card"]].set == "Gates"               # VG-3.2
    kinds = sorted(DATA.builder_cards[c].kind for c, _ in ext["builders"])
    assert kinds == ["diversified", "specialized"]                       # VG-3.3
    if players == 1:
        assert ext["boards"][1] is None                                  # VG-9.1
        assert not any(c == "KO" for c in state.position.players[1].cards_owned())


def test_setup_shuffles_the_gates_cards_into_the_decks() -> None:
    """VG-3.1: the Gates townsfolk are in the piles and the Gates manuscripts in the black
    pool; heroes for the pairs come from the base and Gates sets."""
    state = GAME.new_state(4, 2, {"expansions": "gates"})
    assert isinstance(state, ViscountsState)
    piles = [c for pile in state.position.tf_piles for c in pile]
    assert any(c.startswith("TF-G-") for c in piles)
    manuscripts = [m for pile in state.position.ms_piles for m in pile]
    assert {"MG1", "MG2", "MG3", "MG4", "MG5"} <= set(manuscripts)
    assert all(DATA.heroes[h].set in ("Base", "Gates") for _, h in state.position.pairs)


def test_setup_effects_may_not_destroy_the_starting_kings_order() -> None:
    """VG-2.1: a player-card setup effect (card 9: destroy 1) may not destroy the king's
    order of the starting manuscript."""
    state = gates_position()
    state.position.phase = "setup"
    player = state.position.players[0]
    player.hand = ["KO", "TF-S-abbot", "TF-S-squire", "TF-S-labourer"]
    state.position.stack = [("discard", 0, 1, "destroy")]
    choice = flow.step(state.position, state.position.stack[-1])
    assert choice is not None and "destroy KO" not in choice.options
    assert "destroy TF-S-abbot" in choice.options


def test_card_7_5_may_discard_the_starting_kings_order() -> None:
    """VG-2.1 (English wording): card 7.5's discards may include the king's order."""
    state = gates_position()
    state.position.ext["expansions"] = "keys,gates"
    state.position.ext["owned"] = [[], []]
    player = state.position.players[0]
    player.hand = ["KO", "TF-S-abbot"]
    state.position.stack = [("setup_discard", 0, 1)]
    choice = flow.step(state.position, state.position.stack[-1])
    assert choice is not None and "set_aside KO" in choice.options


# ============================================================================ boards (VG-2)

def test_manuscript_boards_use_rotated_colour_orders() -> None:
    """VG-R05 / VG-2.1: four boards, each with the four ribbons once, board 1's order printed
    and the others its rotations; each starting manuscript has the first colour."""
    first = DATA.manuscript_boards["MB1"].colours
    for index, board in enumerate(DATA.manuscript_boards.values()):
        assert board.colours == first[index:] + first[:index]
        assert DATA.manuscripts[f"{board.id}-S"].ribbon == board.colours[0]

def test_columns_unlock_by_ribbon_colour() -> None:
    """VG-2.1 / VG-2.2 / VG-R04: column 1 holds the starting manuscript (a full manuscript of
    the first colour); the others unlock with a manuscript of their colour."""
    state = gates_position(board="MB1")              # grey, black, blue, yellow
    pos = state.position
    assert concepts.unlocked_columns(pos, 0) == (True, False, False, False)
    assert concepts.ribbons(pos, 0) == ["grey"]
    pos.players[0].manuscripts.append("M02")
    ribbon = DATA.manuscripts["M02"].ribbon
    expected = tuple(i == 0 or c == ribbon or c == "grey"
                     for i, c in enumerate(DATA.manuscript_boards["MB1"].colours))
    assert concepts.unlocked_columns(pos, 0) == expected


def _unlock(state: ViscountsState, *columns: int, seat: int = 0) -> None:
    board = state.position.ext["boards"][seat]
    colours = DATA.manuscript_boards[board].colours
    wanted = {colours[c - 1] for c in columns}
    player = state.position.players[seat]
    for ribbon in wanted:
        player.manuscripts.append(next(m.id for m in DATA.manuscripts.values()
                                       if m.set == "Base" and m.ribbon == ribbon))


def _gates_table(*columns: int, **named: Any) -> ViscountsState:
    """A builder table of a Gates of Gold game at seat 0's primary action, manuscript board
    MB1 with the columns ``columns`` unlocked by a base manuscript of each colour (VG-2.2)."""
    colours = DATA.manuscript_boards["MB1"].colours
    unlocking = [next(m.id for m in DATA.manuscripts.values()
                      if m.set == "Base" and m.ribbon == colours[c - 1]) for c in columns]
    named = {"turn": 0, "phase": "action", **named}
    return builder.position(2, expansions="gates", boards={0: "MB1"},
                            manuscripts={0: ["MB1-S", *unlocking]}, **named)


def test_column_1_takes_a_kings_order_instead_of_a_paid_hire() -> None:
    """VG-2.2 column 1 / VG-R03: instead of a hire the player may take a king's order for
    3 silver; it counts as a hire (workshop slot 1's discard, on_hire)."""
    state = _gates_table(purse={0: {"silver": 3}}, effect="hire")
    pos = state.position
    player = pos.players[0]
    assert not player.covered[6]           # setup built workshop slot 1: on_hire(discard(1))
    orders = pos.ext["ko_pile"]
    assert "hire KO" in state.legal_actions()
    state.apply("hire KO")
    assert player.silver == 0 and "KO" in player.discard and pos.ext["ko_pile"] == orders - 1
    assert state.pending().kind == "discard"       # the order's discard, then the slot's
    assert ("eff", 0, "discard(1)", "") in pos.stack


def test_column_1_after_a_free_hire_is_free_and_needs_a_kings_order() -> None:
    """VG-2.2 column 1 / VG-R03: free when the hire was free; impossible when the pile is
    empty (refused with the clause)."""
    state = gates_position()
    pos = state.position
    pos.players[0].silver = 0
    state = _asked(state, "hire", 0, "free")
    assert "hire KO" in state.legal_actions()
    pos.ext["ko_pile"] = 0
    state = _asked(state, "hire", 0, "free")
    assert "hire KO" not in state.legal_actions()
    assert _refused(state, "hire KO") == "VG-2.2"


def test_column_1_in_the_recruit_phase() -> None:
    """VG-2.2 column 1: in phase 4 a king's order may replace the hire of the adjacent
    townsfolk, even one the player cannot afford."""
    state = _gates_table(phase="recruit", purse={0: {"silver": 3}}, ring=(1, 2, 3, 4, 5),
                         viscounts={0: "1"}, townsfolk_tops={1: "TF-B-antagonist"})  # 5 silver
    pos = state.position
    assert set(state.legal_actions()) >= {"recruit KO", "recruit pass"}
    state.apply("recruit KO")
    assert "KO" in pos.players[0].discard and pos.players[0].silver == 0


def test_column_2_pays_silver_with_a_resource() -> None:
    """VG-2.2 column 2 / VG-2.3: a resource in place of a silver, at a decision of the
    owner's turn; the interrupted decision is asked again."""
    state = _gates_table(2, purse={0: {"ink": 1, "silver": 0}})
    player = state.position.players[0]
    before = set(state.legal_actions())
    assert "board silver ink" in before
    state.apply("board silver ink")
    assert player.ink == 0 and player.silver == 1
    assert state.pending() is not None and state.pending().kind == "action"


def test_column_3_pays_2_silver_to_draw() -> None:
    """VG-2.2 column 3: pay 2 silver, draw the top card."""
    state = _gates_table(3, purse={0: {"silver": 2}})
    player = state.position.players[0]
    top = player.draw[-1]
    state.apply("board draw")
    assert player.silver == 0 and player.hand[-1] == top


def test_column_4_pays_3_resources_to_rearrange() -> None:
    """VG-2.2 column 4: pay any 3 resources (one decision each), then rearrange."""
    state = _gates_table(4, purse={0: {"ink": 2, "stone": 1, "gold": 0}},
                         spaces={0: ["TF-S-squire", "TF-S-abbot", None]})
    player = state.position.players[0]
    state.apply("board rearrange")
    for resource in ("spend ink", "spend stone"):
        assert state.pending().kind == "spend"
        state.apply(resource)
    assert player.ink == player.stone == 0          # the last ink was the only choice left
    assert state.pending().kind == "rearrange"
    state.apply("rearrange -,TF-S-abbot,TF-S-squire")
    assert player.spaces == [None, "TF-S-abbot", "TF-S-squire"]
    assert state.pending().kind == "action"


def test_locked_columns_are_refused_with_the_clause() -> None:
    """VG-2.2: a locked column's ability is not offered and is refused with the clause."""
    state = _gates_table(purse={0: {"ink": 5, "silver": 5}})
    assert not any(o.startswith("board") for o in state.legal_actions())
    assert _refused(state, "board draw") == "VG-2.2"
    assert _refused(state, "board silver ink") == "VG-2.2"


def test_abilities_only_in_the_owners_turn_and_in_the_middle_of_actions() -> None:
    """VG-2.3 / VG-R11: the abilities come with every decision of the owner's own turn (also
    in the middle of an action, e.g. choosing a payment) and never in another's turn."""
    state = gates_position()
    _unlock(state, 2)
    player = state.position.players[0]
    player.ink = 1
    state = _asked(state, "act_pay", 0, "trade", "trade 0", 1)
    assert "board silver ink" in state.legal_actions()
    state.position.current = 1                    # someone else's turn: a landing rearrange
    player.spaces = ["TF-S-squire", "TF-S-abbot", None]
    state.position.stack = [("rearrange", 0)]
    _fresh(state)
    assert state.pending().kind == "rearrange" and state.pending().player == 0
    assert not any(o.startswith("board") for o in state.legal_actions())


def test_turn_opens_and_closes_with_the_abilities() -> None:
    """VG-2.3: with a usable ability the turn opens before the shift (so a rearrangement can
    choose the card that drops off) and closes after the draw."""
    three = {"purse": {0: {"ink": 3}},
             "spaces": {0: ["TF-S-squire", "TF-S-abbot", "TF-S-labourer"]}}
    state = _gates_table(4, phase=None, **three)                # the start of the turn
    player = state.position.players[0]
    assert state.pending().kind == "window"
    assert set(state.legal_actions()) == {"turn begin", "board rearrange"}
    assert player.spaces[2] == "TF-S-labourer"         # not shifted yet
    state = _gates_table(4, phase="draw", **three)
    assert state.pending().kind == "window" and "turn end" in state.legal_actions()


def test_any_ribbon_manuscript_takes_a_chosen_colour_for_good() -> None:
    """VG-2.4: the any-ribbon manuscript asks its colour when transcribed; it unlocks that
    column and counts for that colour from then on."""
    state = gates_position(board="MB1")
    pos = state.position
    pos.ms_piles[1] = ["MG1"]
    effects.receive_manuscript(pos, 0, 1)
    kinds = run(state, Policy(fixed={"ribbon": "ribbon yellow"}))
    assert "ribbon" in kinds
    assert concepts.ribbons(pos, 0) == ["grey", "yellow"]
    assert concepts.unlocked_columns(pos, 0)[3]
    assert _refused(_asked(state, "ribbon", 0, "MG1"), "ribbon purple") == "VG-2.4"


# ============================================================================ orders and outsiders

def test_gain_kings_order_goes_to_the_discard_pile_with_an_optional_discard() -> None:
    """VG-4.1: each king's order gained goes to the discard pile and allows 1 discard;
    nothing when the pile is empty."""
    state = gates_position()
    pos = state.position
    player = pos.players[0]
    hand = list(player.hand)
    kinds = _resolve(state, "gain_kings_order(2)")
    assert player.discard.count("KO") == 2 and pos.ext["ko_pile"] == 20
    assert kinds == ["discard", "discard"] and len(player.hand) == len(hand) - 2
    pos.ext["ko_pile"] = 0
    _resolve(state, "gain_kings_order(1)")
    assert player.discard.count("KO") == 2


def test_dropped_off_kings_order_returns_and_welcomes() -> None:
    """VG-4.2 / VG-4.5: leaving space 3 the king's order goes back to its pile and the player
    welcomes an outsider into the discard pile (free, not a hire); the row refills."""
    state = gates_position()
    pos = state.position
    player = pos.players[0]
    player.spaces = ["TF-S-squire", "TF-S-abbot", "KO"]
    turns.begin_manage(pos, 0)
    run(state, Policy(fixed={"welcome": f"welcome {OUTSIDER_ROW[1]}"}),
        stop=lambda task: task[0] == "play")
    assert "KO" not in player.cards_owned() and pos.ext["ko_pile"] == 23
    assert OUTSIDER_ROW[1] in player.discard
    assert pos.ext["outsider_row"] == [OUTSIDER_DECK[0], OUTSIDER_ROW[0], OUTSIDER_ROW[2]]


def test_kings_order_stays_when_the_deck_would_fall_below_three_cards() -> None:
    """VG-R13: with no outsider to welcome, a king's order that would leave its owner fewer
    than 3 cards stays in the discard pile."""
    state = gates_position()
    pos = state.position
    player = pos.players[0]
    player.hand, player.draw, player.discard = [], [], []
    player.spaces = ["TF-S-squire", "TF-S-abbot", "KO"]
    pos.ext["outsider_row"], pos.ext["outsider_deck"] = [], []
    turns.begin_manage(pos, 0)
    run(state, Policy(), stop=lambda task: task[0] == "play")
    assert player.discard == ["KO"] and pos.ext["ko_pile"] == 22


def test_outsiders_cannot_be_hired_or_dismissed_and_have_no_abilities() -> None:
    """VG-4.3: an outsider is a deck card with icons and silver value but no ability; a
    decision naming one as a hire is refused with VG-4.3."""
    state = gates_position()
    outsider = DATA.outsiders["O-G-tyrant"]
    assert outsider.instant.name == outsider.ongoing.name == outsider.dropoff.name == "none"
    player = state.position.players[0]
    player.spaces = ["O-G-tyrant", None, None]
    assert profile_of(state.position, 0).icons["criminal"] == 1
    player.silver = 5
    state = _asked(state, "hire", 0, "paid")
    assert _refused(state, "hire O-G-tyrant") == "VG-4.3"


def test_destroying_a_kings_order_from_hand_refuses_an_outsider() -> None:
    """VG-4.4 / VG-X01: destroyed from hand, the king's order returns to its pile, gives its
    3 silver and the player refuses an outsider: it leaves the game and its top-right effect
    resolves (Tyrant: +1 corruption, flip a deed)."""
    state = gates_position()
    pos = state.position
    player = pos.players[0]
    pos.ext["outsider_row"] = ["O-G-tyrant", "O-G-hunter", "O-G-warrior"]
    player.hand = ["TF-S-abbot", "KO"]
    player.silver, player.corruption, player.deeds_acquired = 2, 1, 2
    state.position.stack = [("discard", 0, 1, "destroy")]
    run(state, Policy(fixed={"destroy": "destroy KO", "refuse": "refuse O-G-tyrant",
                             "flip": "flip deed"}))
    assert player.silver == 5 and pos.ext["ko_pile"] == 23
    assert "O-G-tyrant" in pos.removed and "KO" not in player.cards_owned()
    assert player.corruption == 2 and (player.deeds_acquired, player.deeds_approved) == (1, 1)


def test_kings_order_destroyed_from_the_draw_pile_refuses_nothing() -> None:
    """VG-R01: a king's order destroyed blindly from the top of the draw pile returns and
    gives 3 silver, but no outsider is refused."""
    state = gates_position()
    pos = state.position
    player = pos.players[0]
    player.draw.append("KO")
    silver = player.silver
    state.position.stack = [("discard", 0, 1, "destroy")]
    kinds = run(state, Policy(fixed={"destroy": "destroy top"}))
    assert player.silver == silver + 3 and pos.ext["ko_pile"] == 23
    assert "refuse" not in kinds and pos.ext["outsider_row"] == OUTSIDER_ROW


def test_refusing_the_guildhall_guardian_builds_a_workshop() -> None:
    """VG-R07: the Guardian scoring guildhalls, refused, gives 2 corruption and a free
    workshop (only workshop slots are offered)."""
    state = gates_position()
    pos = state.position
    pos.ext["outsider_row"] = ["O-G-guardian", "O-G-hunter", "O-G-warrior"]
    corruption = pos.players[0].corruption
    pos.stack = [("eff", 0, "refuse_outsider", "")]
    run(state, Policy(fixed={"refuse": "refuse O-G-guardian"}), stop=lambda t: t[0] == "build_free")
    options = pos.stack[-1][2]
    assert options and all(o.split()[1].startswith("WS") for o in options)
    run(state, Policy())
    assert pos.players[0].corruption == corruption + 2
    assert [kind for owner, kind in pos.spots.values() if owner == 0] == ["workshop"]


def test_standalone_refusal_gives_no_silver() -> None:
    """VG-R02: Assassin's and Arnulf's refusal has no king's order, so no 3 silver."""
    state = gates_position()
    player = state.position.players[0]
    silver = player.silver
    _resolve(state, "refuse_outsider", Policy(fixed={"refuse": "refuse O-G-tyrant"}))
    assert "O-G-tyrant" in state.position.removed and player.silver == silver


def test_exhausted_outsider_deck_shrinks_the_row_and_an_empty_row_does_nothing() -> None:
    """VG-4.5: the outsider deck is never rebuilt; with no outsider welcome and refuse do
    nothing, and a welcome is refused with the clause."""
    state = gates_position()
    pos = state.position
    pos.ext["outsider_deck"] = []
    _resolve(state, "welcome_outsider")
    assert len(pos.ext["outsider_row"]) == 2
    pos.ext["outsider_row"] = []
    discard = list(pos.players[0].discard)
    assert _resolve(state, "welcome_outsider") == [] and pos.players[0].discard == discard
    _resolve(state, "refuse_outsider")
    _resolve(state, "one_of(welcome_outsider, gain(silver=1))", Policy(picks=["gain(silver=1)"]))
    pos.ext["outsider_row"] = ["O-G-tyrant"]
    state = _asked(state, "welcome", 0)
    pos.ext["outsider_row"] = []
    assert _refused(state, "welcome O-G-hunter") == "VG-4.5"


# ============================================================================ builder cards (VG-6)

def _build(state: ViscountsState, seat: int, slot: str) -> None:
    pos = state.position
    spot = next(s.id for s in pos.geo.all_spots() if s.id not in pos.spots)
    effects.construct(pos, seat, slot, spot)
    run(state, Policy())


def test_builder_cards_go_to_the_first_player_to_qualify() -> None:
    """VG-6.1 / VG-R09: the diversified card after one building of each type, the specialized
    one after three of a type, checked after every construction; never lost."""
    state = gates_position()
    pos = state.position
    _build(state, 0, "WS1")
    _build(state, 0, "TP1")
    assert pos.ext["builders"] == [["DB1", -1], ["SB1", -1]]
    _build(state, 0, "GH1")
    assert pos.ext["builders"][0] == ["DB1", 0]
    _build(state, 1, "WS1")
    _build(state, 1, "WS2")
    _build(state, 1, "WS3")
    assert pos.ext["builders"][1] == ["SB1", 1]
    _build(state, 0, "WS2")
    _build(state, 0, "WS3")
    assert pos.ext["builders"] == [["DB1", 0], ["SB1", 1]]              # never lost
    assert final_scores(pos)[0].parts["builder_cards"] == DATA.builder_cards["DB1"].vp


def test_public_buildings_do_not_count_for_builder_cards() -> None:
    """VG-R09: only standard buildings count (public buildings excluded)."""
    state = gates_position()
    pos = state.position
    pos.spots = {"1a": [0, "workshop"], "1b": [0, "trading_post"], "2a": [0, "PB-guildhall"]}
    pos.stack = [("builder_check", 0)]
    run(state, Policy())
    assert pos.ext["builders"][0] == ["DB1", -1]


def _holding(card: str, seat: int = 0) -> ViscountsState:
    state = gates_position()
    kind = DATA.builder_cards[card].kind
    state.position.ext["builders"] = [[card, seat], ["SB1" if kind == "diversified" else "DB1",
                                                     -1]]
    return state


def _collision_of_seat_1(state: ViscountsState, policy: Policy | None = None) -> None:
    other = state.position.players[1]
    other.corruption = other.virtue = 3
    state.position.current, state.position.phase = 1, "collision"
    turns.begin_collision(state.position, 1)
    run(state, policy or Policy())


@pytest.mark.parametrize("with_order", [True, False])
def test_db1_silver_in_every_collision_with_a_kings_order(with_order: bool) -> None:
    """VG-6.2 DB1: in every player's collision, 2 silver while a king's order is in a space."""
    state = _holding("DB1")
    player = state.position.players[0]
    player.spaces = ["KO" if with_order else "TF-S-abbot", None, None]
    silver = player.silver
    _collision_of_seat_1(state)
    assert player.silver == silver + (2 if with_order else 0)


def test_db2_may_flip_in_a_collision_with_a_kings_order() -> None:
    """VG-6.2 DB2: may flip a debt or deed in every collision while a king's order is in a
    space."""
    state = _holding("DB2")
    player = state.position.players[0]
    player.spaces = ["KO", None, None]
    _collision_of_seat_1(state, Policy(fixed={"pick": "pick flip(either)", "flip": "flip deed"}))
    assert player.deeds_approved == 1


def test_db3_two_permanent_merchants_with_a_kings_order() -> None:
    """VG-6.2 DB3 / VG-R10: +2 merchant icons while a king's order is in a space (board icons,
    so trade and merchant conversions use them; scoring counts them too)."""
    state = _holding("DB3")
    pos = state.position
    pos.players[0].spaces = ["TF-S-abbot", None, None]
    merchants = profile_of(pos, 0).icons["merchant"]
    pos.players[0].spaces = ["KO", None, None]
    assert profile_of(pos, 0).icons["merchant"] == merchants + 1 + 2      # the order's own + 2
    assert icon_total(pos, 0, "merchant") >= 3


def test_db4_free_hire_in_a_collision_with_an_outsider() -> None:
    """VG-6.2 DB4: a free hire in every collision while an outsider is in a space."""
    state = _holding("DB4")
    player = state.position.players[0]
    player.spaces = ["O-G-tyrant", None, None]
    discard = len(player.discard)
    _collision_of_seat_1(state)
    assert len(player.discard) == discard + 1


@pytest.mark.parametrize(("card", "name"), [("DB5", "extra_move"), ("DB6", "hand_size")])
def test_db5_db6_modifiers_with_an_outsider(card: str, name: str) -> None:
    """VG-6.2 DB5 / DB6: +1 free step / +1 hand limit while an outsider is in a space."""
    state = _holding(card)
    pos = state.position
    pos.players[0].spaces = ["TF-S-abbot", None, None]
    assert concepts.modifier_total(pos, 0, name) == 0
    pos.players[0].spaces = ["O-G-tyrant", None, None]
    assert concepts.modifier_total(pos, 0, name) == 1


@pytest.mark.parametrize(("card", "field", "gain"), [("SB1", "silver", 1), ("SB2", "virtue", -1)])
def test_sb1_sb2_on_gaining_a_kings_order(card: str, field: str, gain: int) -> None:
    """VG-6.2 SB1 / SB2: 1 silver / 1 virtue whenever the player gains a king's order."""
    state = _holding(card)
    player = state.position.players[0]
    player.virtue = 5
    before = getattr(player, field)
    _resolve(state, "gain_kings_order(1)", Policy(fixed={"discard": "discard done"}))
    assert getattr(player, field) == before + gain


@pytest.mark.parametrize(("card", "check"), [("SB3", "hand"), ("SB4", "silver")])
def test_sb3_sb4_on_welcome(card: str, check: str) -> None:
    """VG-6.2 SB3 / SB4: draw 2 / 2 silver whenever the player welcomes an outsider."""
    state = _holding(card)
    player = state.position.players[0]
    hand, silver = len(player.hand), player.silver
    _resolve(state, "welcome_outsider")
    if check == "hand":
        assert len(player.hand) == hand + 2
    else:
        assert player.silver == silver + 2


def test_sb5_rearranges_and_sb6_gains_an_order_on_refusal() -> None:
    """VG-6.2 SB5 / SB6: a rearrangement / a king's order whenever the player refuses."""
    state = _holding("SB5")
    kinds = _resolve(state, "refuse_outsider",
                     Policy(fixed={"refuse": "refuse O-G-hunter"}))
    assert "rearrange" in kinds or state.position.players[0].spaces == [None, None, None]
    state = _holding("SB6")
    _resolve(state, "refuse_outsider", Policy(fixed={"refuse": "refuse O-G-hunter",
                                                     "discard": "discard done"}))
    assert state.position.players[0].discard.count("KO") == 1


# ============================================================================ leaders (VG-7)

@pytest.mark.parametrize("leader", [c.id for c in DATA.leaders.values() if c.set == "Gates"])
def test_gates_castle_leader_ability_and_vp(leader: str) -> None:
    """VG-7.1 / VG-3.2: the revealed leader is awarded like the base card, is worth its VP and
    gives its own ability (not +1 hand size) to the person leading."""
    state = gates_position()
    pos = state.position
    pos.ext["leader_card"] = leader
    ability = DATA.leaders[leader].ability
    assert concepts.hand_limit(pos, 0) == DATA.player_board.hand_limit
    pos.leader = 0
    names = {t.name for t in profile_of(pos, 0).abilities[True, True]}
    assert ability.name in names
    assert concepts.hand_limit(pos, 0) == DATA.player_board.hand_limit
    assert final_scores(pos)[0].parts["leader"] == DATA.leaders[leader].vp == 5


def _leader_effect(leader: str, leads: bool) -> int:
    """What the leader's ability changes for seat 0 in a small scene (a number to compare)."""
    state = gates_position()
    pos = state.position
    pos.ext["leader_card"] = leader
    pos.leader = 0 if leads else -1
    player = pos.players[0]
    if leader == "CL1":                               # on_shuffle: a resource
        concepts.shuffle_discard(pos, 0)
        run(state, Policy())
        return player.ink
    if leader == "CL2":
        return concepts.modifier_total(pos, 0, "extra_move")
    if leader == "CL3":
        return profile_of(pos, 0).icons["noble"]
    if leader == "CL4":
        return actions.dismiss_cost(pos, 0, DATA.card("TF-B-antagonist"))
    if leader == "CL5":                               # on_hire: a silver
        silver = player.silver
        pos.stack = [("hire", 0, "free")]
        run(state, Policy())
        return player.silver - silver
    other = pos.players[1]                            # CL6: a silver in every collision
    other.corruption = other.virtue = 3
    silver = player.silver
    pos.current, pos.phase = 1, "collision"
    turns.begin_collision(pos, 1)
    run(state, Policy())
    return player.silver - silver


@pytest.mark.parametrize(("leader", "change"), [("CL1", 1), ("CL2", 1), ("CL3", 1), ("CL4", -1),
                                                ("CL5", 1), ("CL6", 1)])
def test_each_gates_castle_leader_ability_acts(leader: str, change: int) -> None:
    """VG-7.1: each leader's ability changes play for the player leading (a resource on
    shuffles, a free step, a noble icon, cheaper dismissal, silver on hires, silver in
    collisions), and nothing for anyone else."""
    assert _leader_effect(leader, True) - _leader_effect(leader, False) == change


def test_cl1_gains_a_resource_on_each_shuffle() -> None:
    """VG-7.1 CL1: on each shuffle the leader gains 1 resource."""
    state = gates_position()
    pos = state.position
    pos.leader = 0
    player = pos.players[0]
    concepts.shuffle_discard(pos, 0)
    run(state, Policy())
    assert player.ink == 1


# ============================================================================ scoring (VG-8)

def test_end_game_outsider_effects_in_reverse_turn_order_before_scoring() -> None:
    """VG-8.2 / VG-R12 / VG-8.5: at the end the Rogue's flip and the Assassin's choice are
    resolved player by player, the last player of the round first, before scoring; the
    outsiders become public."""
    state = gates_position(players=3)
    pos = state.position
    pos.start = 0
    for seat, card in ((0, "O-G-rogue"), (2, "O-G-assassin")):
        pos.players[seat].discard.append(card)
        pos.players[seat].debts_unpaid = 2
    view = state.view(1)
    assert "outsiders" not in view["players"][0]
    pos.stack = []
    turns.finish_game(pos)
    assert pos.phase == "end"
    seats = [t[1] for t in reversed(pos.stack) if t[0] == "eff"]
    assert seats == [2, 0]
    assert state.view(1)["players"][2]["outsiders"] == ["O-G-assassin"]
    run(state, Policy(picks=["discard_unpaid_debts(2)"], fixed={"flip": "flip debt"}))
    assert pos.over
    assert pos.players[2].debts_unpaid == 0 and pos.players[0].debts_paid == 1


@pytest.mark.parametrize("outsider", [o.id for o in DATA.outsiders.values() if o.set == "Gates"])
def test_every_outsider_scores_its_term(outsider: str) -> None:
    """VG-8.1 / VG-8.3 / VG-8.4 / VG-R06 / VG-R08: each outsider owned adds its end-game term
    (compared with the same state without it)."""
    state = gates_position()
    pos = state.position
    player = pos.players[0]
    player.manuscripts += ["M01", "M02", "M03"]
    player.debts_unpaid = 2
    player.ink = 6
    pos.spots = {"1a": [0, "workshop"], "1b": [0, "guildhall"]}
    pos.castle[0][0][0], pos.castle[1][2][0] = 2, 3
    without = final_scores(pos)[0]
    player.discard.append(outsider)
    with_it = final_scores(pos)[0]
    term = DATA.outsiders[outsider].scoring
    names = {t.name for t in term.walk()}
    if "flip_at_end" in names or "discard_unpaid_debts" in names:
        assert with_it.parts["outsiders"] == 0             # resolved before scoring (VG-8.2)
    elif "debt_penalty_reduction" in names:
        assert with_it.parts["debts_deeds"] == without.parts["debts_deeds"] + 2
    elif "extra_ribbon" in names:                          # a ribbon of the best colour
        assert with_it.parts["ribbon_sets"] > without.parts["ribbon_sets"]
        assert with_it.parts["cleric_bonus"] == without.parts["cleric_bonus"]
    else:
        assert with_it.parts["outsiders"] == _expected_vp(state, outsider)


def _expected_vp(state: ViscountsState, outsider: str) -> int:
    """The VP of the outsider terms in the position of the test above, counted by hand."""
    return {
        "O-G-carpenter": sum(1 for a, b, _ in state.position.geo.links()
                             if {a, b} <= {"1a", "1b"}),
        "O-G-champion": 2,                   # A (2 in tier 1) and C (1 in tier 1); not B (tier 3)
        "O-G-guardian": 0, "O-G-guardian-2": 0, "O-G-guardian-3": 0,
        "O-G-hunter": 2,                     # 6 resources / 3
        "O-G-mercenary": 3, "O-G-mercenary-2": 0, "O-G-mercenary-3": 1,   # VG-R06
        "O-G-outrider": 1,
        "O-G-scholar": 1 + _ribbons(state, "black"), "O-G-scholar-2": 1 + _ribbons(state, "yellow"),
        "O-G-scholar-3": 1 + _ribbons(state, "grey"), "O-G-scholar-4": 1 + _ribbons(state, "blue"),
        "O-G-translator": 0 if min(_ribbons(state, r) for r in
                                   ("grey", "black", "blue", "yellow")) == 0 else 3,
        "O-G-tyrant": 3,
        "O-G-warrior": 2,                    # 1 + itself
    }[outsider]


def _ribbons(state: ViscountsState, colour: str) -> int:
    return concepts.ribbons(state.position, 0).count(colour)


def test_envoy_ribbon_counts_for_sets_not_for_cleric_bonus() -> None:
    """VG-8.3 / VG-R08: the Envoy adds a ribbon of the best colour to ribbon sets, never to a
    cleric bonus card (claimed during play)."""
    state = gates_position(board="MB1")
    pos = state.position
    player = pos.players[0]
    player.manuscripts += ["M01"]
    base = final_scores(pos)[0].parts["ribbon_sets"]
    player.discard.append("O-G-envoy")
    assert final_scores(pos)[0].parts["ribbon_sets"] > base
    assert player.bonus == []


def test_protector_halves_the_debt_penalty() -> None:
    """VG-8.4: with the Protector each unpaid debt costs 1 VP instead of 2."""
    state = gates_position()
    player = state.position.players[0]
    player.debts_unpaid, player.deeds_acquired = 3, 0
    assert final_scores(state.position)[0].parts["debts_deeds"] == -6
    player.discard.append("O-G-protector")
    assert final_scores(state.position)[0].parts["debts_deeds"] == -3


def test_champion_counts_strict_majorities_in_tiers_1_and_2() -> None:
    """VG-8.1 Champion: sections where the player has strictly more workers in tiers 1 and 2
    together than each other player."""
    state = gates_position()
    pos = state.position
    pos.castle = [[[0, 0], [0, 0], [0, 0]] for _ in range(5)]
    pos.castle[0][0][0], pos.castle[0][1][1] = 2, 1     # A: 2 vs 1
    pos.castle[1][0][0], pos.castle[1][1][1] = 1, 1     # B: tie
    pos.castle[2][2][0] = 4                             # C: tier 3 does not count
    pos.players[0].discard.append("O-G-champion")
    assert final_scores(pos)[0].parts["outsiders"] == 1


# ============================================================================ illegal input

def test_illegal_gates_decisions_are_refused_with_their_clause() -> None:
    """VG-4.3 / VG-4.5 / VG-2.2: hiring an outsider, welcoming one that is not face up, a
    locked column: refused with the clause, nothing changed."""
    state = gates_position()
    state.position.players[0].silver = 9
    state = _asked(state, "hire", 0, "paid")
    assert _refused(state, "hire O-G-hunter") == "VG-4.3"
    assert _refused(state, "board rearrange") == "VG-2.2"
    state = _asked(state, "welcome", 0)
    assert _refused(state, "welcome O-G-rogue") == "VG-4.5"


def test_kings_order_is_a_three_silver_merchant_card() -> None:
    """VG-4.1: a king's order is worth 3 silver (movement) and has one merchant icon."""
    card = DATA.card("KO")
    assert card.silver == 3 and card.icons["merchant"] == 1 and card.kind == "kings_order"
    state = gates_position()
    player = state.position.players[0]
    player.hand = ["KO"]
    turns.begin_manage(state.position, 0)
    run(state, Policy(), stop=lambda task: task[0] == "move")
    assert state.position.turn["distance"] == 3
