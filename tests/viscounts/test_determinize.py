"""Positions dealt from one seat's view (VB-2.2.1, VS-1.4): consistent with the view, never
the truth, for the solo game too.

A searching bot deals full positions from its view alone
(:mod:`keepers.games.viscounts.determinize`).  Every deal must show that seat exactly the
view it came from and offer the same decisions, must pass the position-file checks, and
must not depend on what the seat cannot see: two positions differing only there give the
same deals and the same choice of the ``mcts`` bot.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from dealing import random_positions
from keepers.core.errors import KeepersError
from keepers.core.game import BotMenu
from keepers.core.match import run_game
from keepers.core.mcts import MctsBot, Settings
from keepers.core.rng import Rng
from keepers.games.viscounts import builder
from keepers.games.viscounts.determinize import DECKS, HIDDEN, sampler
from keepers.games.viscounts.game import SEARCH, ViscountsGame, ViscountsState
from keepers.games.viscounts.rules.scoring import final_scores
from keepers.games.viscounts.state import Position

GAME = ViscountsGame()

CASES = [(2, "none"), (1, "none"), (3, "keys,gates"), (1, "keys,gates")]
"""Player counts and expansions: two players, solo, and both with every expansion."""


def _positions(players: int, expansions: str, seed: int, every: int) -> list[ViscountsState]:
    """Positions of a seeded random game, one every ``every`` decisions."""
    state = GAME.new_state(players, seed, {"expansions": expansions})
    assert isinstance(state, ViscountsState)
    return random_positions(state, seed, every, 1000)


def _hidden_swapped(state: ViscountsState, seat: int, seed: int) -> ViscountsState:
    """VB-2.2.1, VB-5.2, VB-5.3, VK-2.6, VK-2.7, VK-7.1, VG-3.4, VS-1.4: a copy where all
    that ``seat`` cannot see is dealt anew: the other players' hands and draw piles mixed,
    every draw pile reordered, the townsfolk and manuscripts under the tops moved between
    piles, the expansions' decks, the AI's face-down chests and future schemes reordered,
    and the generator changed."""
    other = state.clone()
    position = other.position
    rng = Rng(seed)
    for p, player in enumerate(position.players):
        cards = player.draw + ([] if p == seat else player.hand)
        rng.shuffle(cards)
        kept = len(player.hand) if p != seat else 0
        if p != seat:
            player.hand = cards[:kept]
        player.draw = cards[kept:]
    for piles in (position.tf_piles, position.ms_piles):
        _mix_unders(piles, rng)
    for deck in DECKS:
        if deck in position.ext:
            rng.shuffle(position.ext[deck])
    if "future" in position.ai:
        rng.shuffle(position.ai["future"])
    down = [chest for chest in position.ext.get("ai_chests", []) if not chest[1]]
    tiles = [tile for tile, _ in down]
    rng.shuffle(tiles)
    for chest, tile in zip(down, tiles, strict=True):
        chest[0] = tile
    position.rng = Rng(seed + 1)
    other._legal = None
    return other


def _mix_unders(piles: list[list[str]], rng: Rng) -> None:
    """Shuffle the items under the tops of ``piles`` among the piles, counts kept."""
    unders = [item for pile in piles for item in pile[:-1]]
    rng.shuffle(unders)
    for index, pile in enumerate(piles):
        count = max(0, len(pile) - 1)
        piles[index] = unders[:count] + pile[-1:]
        unders = unders[count:]


def _hidden_part(position: Position, seat: int) -> tuple[object, ...]:
    """Everything of ``position`` that ``seat`` cannot see."""
    players = [(p.draw, None if s == seat else p.hand) for s, p in enumerate(position.players)]
    return (players, [pile[:-1] for pile in position.tf_piles],
            [pile[:-1] for pile in position.ms_piles],
            [position.ext.get(deck) for deck in DECKS], position.ai.get("future"),
            position.ext.get("ai_chests"))


@pytest.mark.parametrize(("players", "expansions"), CASES)
def test_every_deal_shows_the_seat_its_own_view_and_is_a_valid_position(
        players: int, expansions: str) -> None:
    """VB-2.2.1: a deal from seat p's view gives seat p that very view (table included),
    and the deciding seat the same legal decisions; each deal passes the position-file
    checks."""
    for state in _positions(players, expansions, seed=3, every=61):
        mover = state.to_move()
        assert mover is not None
        for seat in {mover, (mover + 1) % players}:
            view = state.search_view(seat)
            deal = GAME.determinizer(view, seat)
            for k in range(2):
                dealt = deal(Rng(k))
                assert dealt.search_view(seat) == view
                if seat == mover:
                    assert dealt.legal_actions() == state.legal_actions()
                GAME.state_from_dict(dealt.to_dict())


@pytest.mark.parametrize(("players", "expansions"), CASES)
def test_the_table_shows_no_hidden_item(players: int, expansions: str) -> None:
    """VB-2.2.1, VB-5.2, VB-5.3, VK-7.1, VG-3.4, VS-1.4: the table has no generator and no
    event log; other hands, every draw pile, the items under the pile tops and the
    decks are ``"?"``; the cards a player's hand and draw pile hold are sorted."""
    for state in _positions(players, expansions, seed=5, every=97):
        seat = state.to_move()
        assert seat is not None
        table = state.search_view(seat)["table"]
        assert "rng" not in table and "log" not in table
        for p, player in enumerate(table["players"]):
            assert set(player["draw"]) <= {HIDDEN}
            assert p == seat or set(player["hand"]) <= {HIDDEN}
            assert table["concealed"][p] == sorted(table["concealed"][p])
        for pile in table["tf_piles"] + table["ms_piles"]:
            assert set(pile[:-1]) <= {HIDDEN}
        ext = table.get("ext", {})
        for deck in DECKS:
            assert set(ext.get(deck, [])) <= {HIDDEN}
        assert set(table["ai"].get("future", [])) <= {HIDDEN}
        assert all(tile == HIDDEN for tile, up in ext.get("ai_chests", []) if not up)


@pytest.mark.parametrize(("players", "expansions"), CASES)
def test_deals_do_not_depend_on_hidden_items_and_are_not_the_truth(
        players: int, expansions: str) -> None:
    """Two true positions differing only in what the seat cannot see give the same view
    and identical deals; the deals differ from the truth's hidden items."""
    differs = 0
    for index, state in enumerate(_positions(players, expansions, seed=4, every=83)):
        seat = state.to_move()
        assert seat is not None
        swapped = _hidden_swapped(state, seat, seed=index)
        view = state.search_view(seat)
        assert swapped.search_view(seat) == view
        deal = GAME.determinizer(view, seat)
        deal_swapped = GAME.determinizer(swapped.search_view(seat), seat)
        for k in range(3):
            a, b = deal(Rng(k)), deal_swapped(Rng(k))
            assert isinstance(a, ViscountsState) and isinstance(b, ViscountsState)
            assert a.to_dict() == b.to_dict()
            differs += _hidden_part(a.position, seat) != _hidden_part(state.position, seat)
    assert differs > 0


def test_the_solo_ai_schemes_and_chests_are_dealt_from_what_the_person_saw() -> None:
    """VS-1.4, VK-7.1: the AI's draw pile holds the schemes it holds, in a new order; its
    future pile the future schemes not yet seen; its face-down chests the AI chests not
    face up, in random order."""
    state = _positions(1, "keys", seed=7, every=40)[1]
    truth = state.position
    view = state.search_view(0)
    deal = GAME.determinizer(view, 0)
    orders = set()
    for k in range(6):
        dealt = deal(Rng(k))
        assert isinstance(dealt, ViscountsState)
        ai = dealt.position.players[1]
        assert Counter(ai.draw) == Counter(truth.players[1].draw) and not ai.hand
        assert Counter(dealt.position.ai["future"]) == Counter(truth.ai["future"])
        down = sorted(tile for tile, up in dealt.position.ext["ai_chests"] if not up)
        assert down == sorted(tile for tile, up in truth.ext["ai_chests"] if not up)
        orders.add((tuple(ai.draw), tuple(dealt.position.ai["future"])))
    assert len(orders) > 1


def test_a_view_without_its_table_or_with_counts_that_do_not_add_up_is_refused() -> None:
    """A plain view or a spectator's, another seat's, or a table whose hidden counts do not
    match the components of the game, is refused in one line."""
    state = GAME.new_state(2, 1, {})
    with pytest.raises(KeepersError, match="no table"):
        sampler(state.view(None), 0)
    with pytest.raises(KeepersError, match="no table"):
        sampler(state.view(0), 0)
    with pytest.raises(KeepersError, match="not seat 1"):
        sampler(state.search_view(0), 1)
    view = state.search_view(0)
    view["table"]["tf_piles"][0] = view["table"]["tf_piles"][0][1:]
    with pytest.raises(KeepersError, match="townsfolk unseen") as refused:
        sampler(view, 0)
    assert "\n" not in str(refused.value)


def test_the_evaluation_is_a_share_and_solo_counts_what_the_person_gains_on_the_ai() -> None:
    """VB-9: a position is scored by the points it banks, each seat's share in [0, 1];
    solo, one share: what the person gained on the AI since the search began (one half at
    its start), 1 for a win (VS-6.3)."""
    for players in (2, 1):
        for state in _positions(players, "none", seed=2, every=50):
            shares = GAME.evaluate(state)
            assert len(shares) == players and all(0 <= s <= 1 for s in shares)
    solo = _positions(1, "none", seed=2, every=30)[1]
    person, ai = (s.total for s in final_scores(solo.position))
    assert person != ai
    deal = GAME.determinizer(solo.search_view(0), 0)(Rng(1))
    assert GAME.evaluate(deal) == [0.5]
    assert GAME.evaluate(deal.clone()) == [0.5]
    assert (GAME.evaluate(solo)[0] > 0.5) == (person > ai)
    finished = solo.clone()
    while not finished.is_over():
        finished.apply_trusted(finished.legal_actions()[0])
    assert (GAME.evaluate(finished) == [1.0]) == bool(finished.winners())


def test_mcts_is_offered_and_plays_whole_games_two_players_and_solo() -> None:
    """The bot menu offers mcts with settings; it plays a two-player game against greedy
    and a solo game against the rules' AI to the end."""
    menu = GAME.bots()
    assert isinstance(menu, BotMenu) and "mcts:iters=20,depth=5" in menu
    for seats in (["mcts:iters=4,depth=4", "greedy"], ["mcts:iters=4,depth=4"]):
        result, _ = run_game(GAME, seats, 3, {})
        assert result.decisions > 0 and len(result.scores) == len(seats)


@pytest.mark.parametrize(("players", "expansions", "guided"),
                         [(2, "none", False), (1, "keys,gates", False), (2, "none", True),
                          (1, "keys,gates", True)])
def test_never_cheats_hidden_items_do_not_change_the_choice(players: int, expansions: str,
                                                           guided: bool) -> None:
    """Two true positions that differ only in what the bot's seat cannot see give the
    same bot with the same seed the same choice, the plain search and the one the menu
    offers (greedy guiding it in the tree and in rollouts); it is handed its view only."""
    compared = 0
    for index, state in enumerate(_positions(players, expansions, seed=6, every=71)):
        seat = state.to_move()
        legal = state.legal_actions()
        if seat is None or len(legal) < 2:
            continue
        swapped = _hidden_swapped(state, seat, seed=100 + index)
        assert _hidden_part(swapped.position, seat) != _hidden_part(state.position, seat)
        assert swapped.legal_actions() == legal
        settings = replace(SEARCH, iters=20, depth=8) if guided else Settings(iters=30, depth=8)
        first = MctsBot(GAME, seat, 11, settings).choose(state.search_view(seat), legal)
        second = MctsBot(GAME, seat, 11, settings).choose(swapped.search_view(seat), legal)
        assert first == second and first in legal
        compared += 1
    assert compared >= 2


def test_a_manuscript_taken_by_a_manuscript_leaves_a_position_that_deals() -> None:
    """VB-7.14, VB-6.3.7: transcribing M19 takes a second manuscript (M14) before the first
    cleric bonus check runs, so two checks wait; that position is a valid position file
    and the search deals from it."""
    state = builder.position(2, turn=0, phase="action", viscounts={0: "1.5"},
                             ring=[1, 2, 3, 4, 5], rotation=0,
                             manuscript_tops={1: "M19", 2: "M14"}, purse={0: {"ink": 6}})
    for action in ("action transcribe", "take_ms M14"):
        state.apply(action)
    assert [task[0] for task in state.position.stack].count("cleric_check") == 2
    assert GAME.state_from_dict(state.to_dict()).legal_actions() == state.legal_actions()
    dealt = GAME.determinizer(state.search_view(0), 0)(Rng(1))
    assert dealt.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("players", "expansions"), [(3, "keys,gates"), (1, "keys,gates")])
def test_deals_during_setup_offer_the_same_picks(players: int, expansions: str) -> None:
    """VB-5.7, VK-2.7, VS-1.5: while the pairs are picked (the unpicked heroes not yet in
    the hero deck) every deal offers the deciding seat the same decisions."""
    state = GAME.new_state(players, 5, {"expansions": expansions})
    rng = Rng(5)
    for k in range(30):
        seat = state.to_move()
        assert seat is not None
        dealt = GAME.determinizer(state.search_view(seat), seat)(Rng(k))
        assert dealt.legal_actions() == state.legal_actions()
        legal = state.legal_actions()
        state.apply_trusted(legal[rng.below(len(legal))])


def test_solo_searches_longer_by_default_and_a_named_budget_wins() -> None:
    """VS-1.3: solo the bot plays the person's seat alone against the rules' AI; its default
    budget there is 2,000 iterations (two seats keep 400) with greedy's choice favoured by
    ``bias=1`` (two seats: 3), read at its first decision, and a setting named in its name
    (``mcts:iters=100``) wins over both."""
    menu = BotMenu(GAME.bots())
    assert (SEARCH.iters, SEARCH.bias) == (400, 3.0)
    for players, name, iters, bias in ((1, "mcts", 2000, 1.0), (2, "mcts", 400, 3.0),
                                       (1, "mcts:iters=100", 100, 1.0),
                                       (1, "mcts:bias=3", 2000, 3.0)):
        state = _positions(players, "none", seed=3, every=40)[1]
        seat = state.to_move()
        assert seat is not None
        bot = menu.factory(name)(seat, 1)
        assert isinstance(bot, MctsBot)
        bot._settle_settings(state.search_view(seat))
        assert bot.settings == replace(SEARCH, iters=iters, bias=bias)
