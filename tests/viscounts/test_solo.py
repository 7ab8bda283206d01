"""Solo mode against the AI (VS- clauses)."""

from __future__ import annotations

import pytest

from keepers.core.errors import KeepersError
from keepers.games.viscounts import GAME, ViscountsState, builder
from keepers.games.viscounts.effects import Term
from keepers.games.viscounts.rules import concepts, effects
from keepers.games.viscounts.rules import solo as solo_rules
from keepers.games.viscounts.rules.scoring import final_scores

from .conftest import do_effect, drain, resolve


def solo(seed: int = 3, ai: str = "cleric") -> ViscountsState:
    """A solo game just after setup."""
    state = GAME.new_state(1, seed, {"ai": ai})
    assert isinstance(state, ViscountsState)
    while state.position.phase == "setup":
        state.apply(state.legal_actions()[0])
    return state


def test_vs_1_setup_ai_decks_and_items() -> None:
    """VS-1.2, VS-1.4, VS-1.5, VS-1.6: scheme piles, human starts, AI items and guildhall."""
    state = solo()
    ai = state.position.players[1]
    board = solo_rules.ai_board(state.position)
    assert ai.is_ai and state.position.start == 0 and state.num_players == 1
    schemes = ai.draw + ai.discard + [s for s in ai.spaces if s]
    assert len(schemes) == 5 and not set(schemes) & set(board.remove_starting_schemes)
    assert len(state.position.ai["future"]) == 8
    assert (ai.ink, ai.stone) == (1, 1) or ai.resources() >= 2
    assert ai.deeds_acquired + ai.deeds_approved >= 1
    assert concepts.own_spots(state.position, 1, "guildhall")                  # start_effect build_free(guildhall)
    assert state.position.geo.side == "p12"
    assert (state.position.debt_above, state.position.deed_above) == (12, 12)


def test_vs_1_5_ai_takes_the_other_player_card_space() -> None:
    """VS-1.5: two pairs; the AI's Viscount goes to the unpicked card's space."""
    state = GAME.new_state(1, 4, {"ai": "noble"})
    assert isinstance(state, ViscountsState)
    options = state.legal_actions()
    assert len(options) == 2
    state.apply(options[0])
    while state.position.phase == "setup":
        state.apply(state.legal_actions()[0])
    other = options[1].split()[1]
    assert state.position.geo.printed(state.position.players[1].node) == state.position.data.player_cards[other].start_space


def test_vs_3_1_ai_moves_on_the_outside_path() -> None:
    """VS-3.1 / VS-R03: L -> R -> next L; from an inside space the first step goes to R."""
    state = solo()
    ai = state.position.players[1]
    ai.node = "2.I"
    solo_rules.ai_walk(state.position, 1, 1)
    assert ai.node == "2.R"
    solo_rules.ai_walk(state.position, 1, 2)
    assert ai.node == "3.R"


def test_vs_r04_ai_silver_becomes_resources() -> None:
    """VS-R04 / VS-4.2: each 2 silver gained in one event become 1 resource."""
    state = builder.position(1, seed=3, turn=1, effect="gain(silver=5)",
                             purse={1: {"silver": 0, "ink": 0, "gold": 0, "stone": 0}})
    ai = state.position.players[1]
    resolve(state)
    assert ai.silver == 0 and ai.resources() == 2
    assert ai.ink == 2                                        # Cleric chart: ink first (VS-4.3)


def test_vs_4_4_ai_flip_choice() -> None:
    """VS-4.4: flip the kind flipped fewer times; tie -> debt."""
    state = builder.position(1, seed=3, turn=1, debts={1: (2, 0)}, deeds={1: (2, 0)},
                             effect="flip(either)")
    ai = state.position.players[1]
    resolve(state)
    assert ai.debts_paid == 1
    do_effect(state, 1, "flip(either)")
    assert ai.deeds_approved == 1


def test_vs_4_2_reference_card_conversions() -> None:
    """VS-4.2: discard -> 1 virtue; destroy -> a flip; nothing to flip -> 1 virtue."""
    state = builder.position(1, seed=3, turn=1, debts={1: (0, 0)}, deeds={1: (0, 0)},
                             markers={1: (1, 7)}, effect="all_of(discard(1), destroy(1))")
    ai = state.position.players[1]
    resolve(state)
    assert ai.virtue == 5


def test_vs_5_3_ai_never_places_a_single_worker() -> None:
    """VS-5.3: fewer than 3 noble-equivalents fails; otherwise as many as possible."""
    state = solo()
    ai = state.position.players[1]
    ai.spaces = ["SS4", "SS4", "SS4"]                         # cleric headers only
    ai.gold = 2
    assert not solo_rules.ai_can(state.position, 1, Term("workers"))
    ai.gold = 5
    assert solo_rules._ai_workers_plan(state.position, 1) == (3, 5)


def test_vs_5_3_ai_pays_only_for_workers_it_can_place() -> None:
    """VS-5.3 / VS-R08: "always places as many as possible", for the fewest gold: with
    2 workers in supply and 6 gold it pays 3 for the 2-worker threshold, not 5 for the
    3-worker one (it could place no more)."""
    state = solo()
    ai = state.position.players[1]
    ai.spaces = ["SS4", "SS4", "SS4"]
    ai.supply, ai.gold = 2, 6
    icons = solo_rules.ai_icons(state.position, 1, "workers")
    assert icons == 0                              # cleric headers: the gold pays every noble
    assert solo_rules._ai_workers_plan(state.position, 1) == (2, 3)
    solo_rules._ai_workers(state.position, 1)
    assert ai.supply == 0 and ai.gold == 3         # not 5 gold: 3 workers would not fit
    ai.supply, ai.gold = 20, 8                     # with workers enough: the top threshold
    assert solo_rules._ai_workers_plan(state.position, 1)[0] == 4


def test_vs_2_4_first_feasible_option() -> None:
    """VS-2.4: options are tried left to right; the last is a plain gain."""
    state = solo()
    ai = state.position.players[1]
    ai.spaces = ["SS4", "SS4", "SS4"]
    ai.gold = ai.ink = ai.stone = 0
    ai.node = "0.L"
    before = ai.debts_unpaid + ai.debts_paid
    state.position.stack = [("ai_row", 1, "SS8")]                       # workers / transcribe / flip
    drain(state)
    assert ai.debts_unpaid + ai.debts_paid == before


def test_vs_3_2_human_landing_on_ai_gives_it_a_resource() -> None:
    """VS-3.2: the AI gains 1 resource instead of rearranging."""
    state = builder.position(1, seed=3, ring=(1, 2, 3, 4, 5), viscounts={0: "3", 1: "3"})
    human, ai = state.position.players                       # both on 1.L, space 3
    total = ai.resources()
    below = len(state.position.stack)
    effects.land(state.position, 0)
    drain(state, floor=below)
    assert ai.resources() == total + 1


def test_vs_6_scoring_and_ties() -> None:
    """VS-6.2: +1 VP per AI resource; VS-6.3 / VS-R05: a tie is a loss for the human."""
    state = solo()
    human, ai = state.position.players
    for player in state.position.players:
        player.debts_unpaid = player.debts_paid = player.deeds_acquired = 0
        player.deeds_approved = 0
        player.manuscripts = []
    state.position.spots = {}
    state.position.castle = [[[0, 0] for _ in range(3)] for _ in range(5)]
    state.position.leader = -1
    ai.ink, ai.gold, ai.stone = 2, 0, 0
    human.deeds_acquired = 2
    scores = final_scores(state.position)
    assert scores[1].parts["ai_resources"] == 2 and scores[1].total == 2
    assert scores[0].total == 2 and state.winners() == []
    human.deeds_acquired = 3
    assert state.winners() == [0]


def test_vs_2_ai_turn_plays_a_scheme() -> None:
    """VS-2.1-2.3: shift, reveal the top scheme into space 1, resolve rows."""
    state = builder.position(1, seed=3, turn=1)
    ai = state.position.players[1]
    top = ai.draw[-1]
    drain(state)
    assert ai.spaces[0] == top


@pytest.mark.parametrize("options", [{"ai": "wizard"}, {"ai": 3}, {"level": "hard"}])
def test_solo_options_are_checked_not_coerced(options: dict[str, object]) -> None:
    """VS-1.2: the AI board is one of the four boards in the data; nothing else is accepted."""
    with pytest.raises(KeepersError, match="option"):
        GAME.new_state(1, 1, options)


def test_the_ai_boards_are_listed_as_the_option_choices() -> None:
    option = next(o for o in GAME.option_specs() if o.name == "ai")
    assert option.clause == "VS-1.2"
    assert set(option.choices) == {"cleric", "builder", "noble", "merchant"}
