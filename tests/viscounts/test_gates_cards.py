"""Every Gates of Gold card, exercised through the engine with the Gates components in play.

The Gates cards are the ``townsfolk.csv`` rows of set ``Gates`` (28 neutrals), the
``heroes.csv`` rows of set ``Gates`` (5) and the five Gates manuscripts.  As in
``test_cards.py``, each non-empty effect column goes through the engine's own path: the
immediate effect by playing the card (VB-6.1.2-6.1.4), the drop-off by shifting it out of
space 3 (VB-6.1.1), the top-right effect by hiring it (VB-6.4); the expected result comes
from the independent oracle of ``test_cards.py``, extended here with the Gates terms:
``gain_kings_order`` (VG-4.1), ``welcome_outsider`` (VG-4.2), ``refuse_outsider`` (VG-4.4,
VG-R02) and the paid ``hire`` (VG-5.2).  The ongoing abilities (``dismiss_anywhere``,
``extra_move``, ``hand_size``, the Peddler, the Dealer, Matilda) have tests of their own.
"""

from __future__ import annotations

from typing import Any

import pytest

from keepers.games.viscounts import ViscountsState
from keepers.games.viscounts.data import CardDef, load_data
from keepers.games.viscounts.effects import Term
from keepers.games.viscounts.rules import actions, concepts, turns
from keepers.games.viscounts.rules.effects import receive_manuscript, term_of

from .test_cards import FILLERS, Policy, pick_paths, position, run, snapshot
from .test_keys_cards import KEYS_CLAUSE, KeysOracle, assert_keys_same, keys_expect
from .test_keys_cards import _cases as keys_cases

DATA = load_data()
GATES_TOWNSFOLK = [c for c in DATA.townsfolk.values() if c.set == "Gates"]
GATES_HEROES = [h for h in DATA.heroes.values() if h.set == "Gates"]
GATES_CARDS = GATES_TOWNSFOLK + GATES_HEROES
GATES_MANUSCRIPTS = [m for m in DATA.manuscripts.values() if m.set == "Gates"]
OUTSIDER_ROW = ["O-G-hunter", "O-G-tyrant", "O-G-warrior"]     # Hunter first: +4 silver
OUTSIDER_DECK = ["O-G-rogue"]

GATES_CLAUSE = {**KEYS_CLAUSE, "gain_kings_order": "VG-4.1", "welcome_outsider": "VG-4.2",
                "refuse_outsider": "VG-4.4", "hire": "VG-5.2"}


def clauses(term: Term) -> str:
    """The clause ids of every term name inside ``term`` (for test ids)."""
    found = sorted({GATES_CLAUSE[t.name] for t in term.walk() if t.name in GATES_CLAUSE})
    return "+".join(found) if found else "VB-10.2"


def gates_position(players: int = 2, board: str = "MB1") -> ViscountsState:
    """The blank position of ``test_cards.position`` with the Gates components laid out:
    22 king's orders in the pile, the outsider row, leader CL1, builder cards DB1 and SB1
    unclaimed, manuscript board ``board`` for seat 0 (seat 1 has MB2), four cards to draw."""
    state = position(players)
    boards = [board, "MB2", "MB3", "MB4"][:players]
    state.position.ext = {
        "expansions": "gates", "ko_pile": 22, "outsider_row": list(OUTSIDER_ROW),
        "outsider_deck": list(OUTSIDER_DECK), "leader_card": "CL1",
        "builders": [["DB1", -1], ["SB1", -1]], "boards": boards, "ribbon_choice": []}
    state.position.players[0].draw += ["TF-S-labourer", "TF-S-journeyman"]   # Charles draws 3
    for seat, player in enumerate(state.position.players):
        if not player.is_ai:
            player.manuscripts.append(f"{boards[seat]}-S")
    return state


def gates_snapshot(state: ViscountsState, seat: int = 0) -> dict[str, Any]:
    """:func:`snapshot` plus the king's order pile and the outsider row and deck."""
    snap = snapshot(state, seat)
    ext = state.position.ext
    snap["ko_pile"] = ext["ko_pile"]
    snap["outsider_row"] = list(ext["outsider_row"])
    snap["outsider_deck"] = list(ext["outsider_deck"])
    return snap


class GatesOracle(KeysOracle):
    """The oracle with the Gates of Gold terms, answering as :class:`Policy` does (the first
    outsider of the row, the first hand card to discard, the first affordable hire)."""

    def apply(self, term: Term | str, source: str = "") -> None:
        if isinstance(term, str):
            term = term_of(term)
        s = self.sim
        if term.name == "gain_kings_order":                   # VG-4.1
            for _ in range(term.int_arg(0)):
                if s["ko_pile"]:
                    s["ko_pile"] -= 1
                    s["discard"].append("KO")
                    self.apply("discard(1)")
        elif term.name in ("welcome_outsider", "refuse_outsider"):     # VG-4.2, VG-4.4
            if s["outsider_row"]:
                outsider = s["outsider_row"].pop(0)
                if s["outsider_deck"]:
                    s["outsider_row"].insert(0, s["outsider_deck"].pop())
                if term.name == "welcome_outsider":
                    s["discard"].append(outsider)
                else:                                          # no silver (VG-R02)
                    s["removed"].append(outsider)
                    self.apply(DATA.outsiders[outsider].refuse, outsider)
        elif term.name == "hire":                              # VG-5.2: paid
            for pos, pile in enumerate(s["tf_piles"]):
                if pile and DATA.card(pile[-1]).silver <= s["silver"]:
                    card = s["tf_piles"][pos].pop()
                    s["silver"] -= DATA.card(card).silver
                    s["discard"].append(card)
                    self.apply(DATA.card(card).recruit, card)
                    break
        else:
            super().apply(term, source)


def gates_expect(state: ViscountsState, before: dict[str, Any], term: Term | str,
                 picks: list[str], source: str = "") -> dict[str, Any]:
    """:func:`keys_expect` with the Gates oracle."""
    return keys_expect(state, before, term, picks, source, GatesOracle)


def _cases(cards: list[CardDef], column: str, clause: str) -> list[Any]:
    """The Keys test cases, their ids naming the Gates clauses too."""
    return keys_cases(cards, column, clause, clauses)


def test_the_gates_cards_are_the_expected_rows() -> None:
    """VG-1.1: 5 heroes, 28 neutral townsfolk, 24 outsiders, 24 king's orders, 5 manuscripts,
    4 manuscript boards, 6 + 6 builder cards, 6 castle leaders and the AI reference card."""
    assert len(GATES_HEROES) == 5 and len(GATES_TOWNSFOLK) == 28
    assert len([o for o in DATA.outsiders.values() if o.set == "Gates"]) == 24
    assert DATA.kings_order_count == 24 and len(GATES_MANUSCRIPTS) == 5
    assert len(DATA.manuscript_boards) == 4
    kinds = [c.kind for c in DATA.builder_cards.values()]
    assert kinds.count("diversified") == 6 and kinds.count("specialized") == 6
    assert len([c for c in DATA.leaders.values() if c.set == "Gates"]) == 6
    assert "gates_rearrange_welcome_refuse" in DATA.ai_common.reference_card


@pytest.mark.parametrize(("card_id", "picks"), _cases(GATES_CARDS, "instant", "VB-6.1.4"))
def test_gates_card_played_from_hand(card_id: str, picks: list[str]) -> None:
    """VG-3.1 / VB-6.1.2-6.1.4 / VG-5.2: a Gates card played into space 1 pays the criminal
    surcharge and resolves its immediate effect (a paid hire, a king's order, ...)."""
    card = DATA.card(card_id)
    state = gates_position()
    player = state.position.players[0]
    player.hand = list(FILLERS) + [card_id]
    player.spaces = ["TF-S-squire", "TF-S-abbot", None]
    player.silver = 3
    before = gates_snapshot(state)
    turns.begin_manage(state.position, 0)
    run(state, Policy(picks=list(picks), fixed={"play": f"play {card_id}"}))
    start = dict(before, hand=list(FILLERS), spaces=[card_id, "TF-S-squire", "TF-S-abbot"])
    start["corruption"] = min(before["corruption"] + card.icon_count("criminal"),
                              before["virtue"])
    expected = gates_expect(state, start, card.instant, picks, card_id)
    assert_keys_same(gates_snapshot(state), expected, card.instant, start)


@pytest.mark.parametrize(("card_id", "picks"), _cases(GATES_CARDS, "dropoff", "VB-6.1.1"))
def test_gates_card_dropoff(card_id: str, picks: list[str]) -> None:
    """VB-6.1.1 / VG-4.2 / VG-4.4 / VG-R02: the drop-off resolves (welcomes and refusals
    without a king's order give no silver)."""
    card = DATA.card(card_id)
    state = gates_position()
    player = state.position.players[0]
    player.spaces = ["TF-S-squire", "TF-S-abbot", card_id]
    before = gates_snapshot(state)
    turns.begin_manage(state.position, 0)
    run(state, Policy(picks=list(picks)), stop=lambda task: task[0] == "play")
    start = dict(before, spaces=[None, "TF-S-squire", "TF-S-abbot"],
                 discard=before["discard"] + [card_id])
    expected = gates_expect(state, start, card.dropoff, picks, card_id)
    assert_keys_same(gates_snapshot(state), expected, card.dropoff, start)


@pytest.mark.parametrize(("card_id", "picks"), _cases(GATES_TOWNSFOLK, "recruit", "VB-6.4.1"))
def test_gates_card_hired(card_id: str, picks: list[str]) -> None:
    """VB-6.4.1 / VB-6.4.2: hiring a Gates townsfolk pays it, puts it in the discard pile and
    resolves its top-right effect."""
    card = DATA.card(card_id)
    state = gates_position()
    player = state.position.players[0]
    player.spaces = ["TF-S-squire", "TF-S-abbot", None]
    player.silver = card.silver + 1
    state.position.tf_piles[0].append(card_id)
    before = gates_snapshot(state)
    state.position.stack = [("recruit", 0)]
    state.position.phase = "recruit"
    run(state, Policy(picks=list(picks), fixed={"recruit": f"recruit {card_id}"}))
    piles = [list(p) for p in before["tf_piles"]]
    piles[0].pop()
    start = dict(before, silver=1, discard=before["discard"] + [card_id], tf_piles=piles)
    assert_keys_same(gates_snapshot(state), gates_expect(state, start, card.recruit, picks),
                     card.recruit, start)


@pytest.mark.parametrize("ms_id", [m.id for m in GATES_MANUSCRIPTS if m.immediate.name != "none"])
def test_gates_manuscript_immediate(ms_id: str) -> None:
    """VG-3.1 / VB-7.14: a Gates manuscript's immediate effect (the any-ribbon one also asks
    its colour, VG-2.4)."""
    ms = DATA.manuscripts[ms_id]
    state = gates_position()
    state.position.ms_piles[1] = [ms_id]
    before = gates_snapshot(state)
    receive_manuscript(state.position, 0, 1)
    run(state, Policy(fixed={"ribbon": "ribbon blue"}))
    start = dict(before, manuscripts=before["manuscripts"] + [ms_id],
                 ms_piles=[[], [], [], [], []])
    expected = gates_expect(state, start, ms.immediate, [], ms_id)
    assert_keys_same(gates_snapshot(state), expected, ms.immediate, start)


def test_gates_manuscript_scoring_counts_outsiders() -> None:
    """VG-8.1 / VB-9.3: the grey Gates manuscript scores 1 VP per outsider owned."""
    from keepers.games.viscounts.rules.scoring import final_scores
    state = gates_position()
    player = state.position.players[0]
    player.manuscripts.append("MG3")
    before = final_scores(state.position)[0].parts["manuscripts"]
    player.discard += ["O-G-tyrant", "O-G-warrior"]
    assert final_scores(state.position)[0].parts["manuscripts"] == before + 2


# ============================================================================ ongoing abilities

@pytest.mark.parametrize("card_id", [c.id for c in GATES_CARDS
                                     if c.ongoing.name == "dismiss_anywhere"])
def test_dismiss_anywhere_offers_every_pile(card_id: str) -> None:
    """VG-5.1: with the card in a space the player may dismiss the top of any townsfolk pile
    with a matching icon; without it only the adjacent one."""
    state = gates_position()
    player = state.position.players[0]
    player.silver = 10
    player.node = "0.L"
    state.position.tf_piles = [["TF-B-antagonist"] for _ in range(5)]
    player.spaces = [None, None, None]
    assert len(actions.dismiss_candidates(state.position, 0, "trade")) == 1
    player.spaces = [card_id, None, None]
    assert len(actions.dismiss_candidates(state.position, 0, "trade")) == 5


@pytest.mark.parametrize(("card_id", "name"), [(c.id, c.ongoing.name) for c in GATES_CARDS
                                              if c.ongoing.name in ("extra_move", "hand_size")])
def test_gates_modifier_cards(card_id: str, name: str) -> None:
    """VB-7.17 / VB-10.4: the Gates cards' extra move and hand size while in a card space."""
    state = gates_position()
    player = state.position.players[0]
    before = concepts.modifier_total(state.position, 0, name)
    player.spaces = [card_id, None, None]
    assert concepts.modifier_total(state.position, 0, name) == before + 1


def test_gates_peddler_gives_a_kings_order_in_another_players_collision() -> None:
    """VG-5.3 / VB-6.5.2 step 2: the Gates Peddler in a card space gives its owner a king's
    order during every player's collision."""
    state = gates_position()
    player = state.position.players[0]
    player.spaces = ["TF-G-peddler", None, None]
    other = state.position.players[1]
    other.corruption = other.virtue = 3
    state.position.current, state.position.phase = 1, "collision"
    turns.begin_collision(state.position, 1)
    run(state, Policy(fixed={"discard": "discard done"}))
    assert player.discard.count("KO") == 1 and state.position.ext["ko_pile"] == 21


def test_dealer_gains_a_resource_when_its_owner_flips_a_deed() -> None:
    """VB-10.5 on_flip_deed: the Dealer in a card space gives 1 resource per deed flipped."""
    state = gates_position()
    player = state.position.players[0]
    player.spaces = ["TF-G-dealer", None, None]
    state.position.stack = [("eff", 0, "flip(deed)", "")]
    run(state, Policy())
    assert player.deeds_approved == 1 and player.ink == 1


def test_matilda_draws_discards_and_pays_on_each_hire() -> None:
    """VB-10.5 on_hire: Matilda draws 1, may discard 1 and gains 1 silver on each hire."""
    state = gates_position()
    player = state.position.players[0]
    player.spaces = ["H-G-matilda", None, None]
    hand, silver = len(player.hand), player.silver
    state.position.stack = [("hire", 0, "free")]
    run(state, Policy(fixed={"discard": "discard done"}))
    assert len(player.hand) == hand + 1 and player.silver == silver + 1


# ============================================================================ outsiders' refusals

@pytest.mark.parametrize("outsider", [
    pytest.param(o.id, id=f"{o.id}-VG-4.4+{clauses(o.refuse)}")
    for o in DATA.outsiders.values() if o.set == "Gates"])
def test_refusing_each_outsider_resolves_its_top_right_effect(outsider: str) -> None:
    """VG-4.4 / VG-R02 / VG-R07: refusing an outsider takes it out of the game and resolves
    its top-right effect (the oracle's expectation); a stand-alone refusal pays no silver."""
    state = gates_position()
    pos = state.position
    pos.ext["outsider_row"] = [outsider, "O-G-hunter", "O-G-tyrant"]
    pos.ext["outsider_deck"] = ["O-G-rogue", "O-G-warrior"]
    before = gates_snapshot(state)
    pos.stack = [("eff", 0, "refuse_outsider", "")]
    refuse = DATA.outsiders[outsider].refuse
    picks = pick_paths(refuse)[0]
    run(state, Policy(picks=list(picks)))
    expected = gates_expect(state, before, "refuse_outsider", picks)
    assert outsider in pos.removed
    assert_keys_same(gates_snapshot(state), expected, refuse, before)
