"""The greedy bot values the revised law cards by the rules (KT-12.7, KT-12.14), still
beats random play, and decides alike from its view and, in a search, from a deal."""

from __future__ import annotations

from kthelp import at_phase, at_turn, board, deal_card, give, new
from ktplay import canon, options, play_game

from dealing import play_side_by_side
from keepers.core.game import JsonDict
from keepers.games.keythedral import GAME, KeythedralState
from keepers.games.keythedral.bots import DealFacts, Facts, GreedyBot, ViewFacts

FOUR = {(0, 0): "quarry", (2, 0): "forest", (4, 0): "lake", (6, 0): "farm"}


def _choice(s: KeythedralState, seat: int = 0) -> str:
    d = s.decision()
    assert d is not None and d.player == seat
    return GreedyBot(seat, 1).choose(s.view(seat), s.legal_actions())


def _hard_worker_at_ws2(workers: dict[tuple[int, int], int],
                        fields: dict[tuple[int, int], str] | None = None) -> KeythedralState:
    s = new(3, first=0)
    board(s, fields or FOUR, {})
    s.position.workers = dict(workers)
    deal_card(s, 0, "C14")
    return at_phase(s, 2)


def test_greedy_values_hard_worker_by_every_cube_it_doubles() -> None:
    """KT-12.14, KT-16.18: worth the cubes of all the bot's workers (4 here), and played."""
    s = _hard_worker_at_ws2({cell: 0 for cell in FOUR})
    bot = GreedyBot(0, 1)
    assert bot._hard_worker_value(ViewFacts(s.view(0))) == 4
    assert _choice(s) == "play C14"
    s.position.bumper = frozenset({0})  # KT-12.18: the quarry worker now owes 2, doubled to 4
    assert bot._hard_worker_value(ViewFacts(s.view(0))) == 5
    assert bot._hard_worker_value(DealFacts(s.position, 0)) == 5


def test_greedy_keeps_hard_worker_when_the_store_cannot_cover_the_double() -> None:
    """KT-12.14, KT-6.4: doubling two quarry workers owes 4 black; with 3 in the store the
    double would lose the 2 black the bot gets without it, so the bot passes."""
    s = _hard_worker_at_ws2({(0, 0): 0, (2, 0): 0}, {(0, 0): "quarry", (2, 0): "quarry"})
    s.position.store[0] = 3
    assert GreedyBot(0, 1)._hard_worker_value(ViewFacts(s.view(0))) == -2
    assert _choice(s) == "pass"


def test_greedy_holds_hard_worker_with_no_worker_out() -> None:
    """KT-12.14: at WS1 no worker is placed yet, so the card is worth nothing yet."""
    s = new(3, first=0)
    board(s, FOUR, {})
    deal_card(s, 0, "C14")
    at_phase(s, 1)
    assert s.legal_actions() == ["play C14", "pass"]
    assert _choice(s) == "pass"


def test_greedy_craft_exchange_only_when_offered() -> None:
    """KT-12.7, KT-16.12: with no craft cube in the store the bot is never offered Craft
    Exchange; once a purple lies in the store it exchanges a spare cube for it."""
    s = new(3, first=0)
    board(s, FOUR, {})
    deal_card(s, 0, "C07")
    give(s, 0, red=1)
    at_turn(s, 0)
    assert not any(a.startswith("play") for a in s.legal_actions())
    s.position.craftsmen[6] -= 1
    s.position.store[6] += 1
    at_turn(s, 0)
    assert s.legal_actions() == ["play C07 red purple", "pass"]
    assert _choice(s) == "play C07 red purple"


def test_greedy_still_beats_random() -> None:
    """KT-14.5: over twenty four-player games, greedy,greedy,random,random, the greedy seats
    win every game and score far more."""
    greedy_wins = 0
    totals = [0, 0, 0, 0]
    for seed in range(20):
        game = play_game(4, seed, options(cap=60), seats=["greedy", "greedy", "random",
                                                          "random"])
        winners = game.state.winners()
        greedy_wins += all(p < 2 for p in winners)
        totals = [t + x for t, x in zip(totals, game.state.scores(), strict=True)]
    assert greedy_wins == 20
    assert min(totals[:2]) > 5 * max(totals[2:])


def test_from_three_seats_the_search_has_its_own_defaults_and_a_named_setting_wins() -> None:
    """The search lets greedy play the other seats inside its tree at every number of
    seats, and from three seats rolls out 30 decisions (docs/strength.md); two seats keep
    the game's defaults; a setting named in the bot's name wins over both.  Read at the
    bot's first decision."""
    from dataclasses import replace

    from keepers.core.game import BotMenu
    from keepers.core.mcts import MctsBot
    from keepers.games.keythedral import GAME
    from keepers.games.keythedral.game import SEARCH

    menu = BotMenu(GAME.bots())
    assert SEARCH.others == "greedy"
    for players, name, settings in (
            (4, "mcts", replace(SEARCH, depth=30)),
            (2, "mcts", SEARCH),
            (2, "mcts:others=tree", replace(SEARCH, others="tree")),
            (4, "mcts:depth=12", replace(SEARCH, depth=12))):
        state = GAME.new_state(players, 5, GAME.check_options({}))
        seat = state.to_move()
        assert seat is not None
        bot = menu.factory(name)(seat, 1)
        assert isinstance(bot, MctsBot)
        bot._settle_settings(state.search_view(seat))
        assert bot.settings == settings


def _facts(facts: Facts) -> tuple[object, ...]:
    """Everything a :class:`Facts` tells, in one comparable form."""
    return (facts.kind(), facts.round(), facts.first(), facts.cubes(), facts.hand_size(),
            facts.targets(), facts.field_types(), set(facts.field_types()),
            {cell: facts.field_type(cell) for cell in facts.field_types() if cell in facts.field_cells()},
            sorted(tuple(t) for t in facts.tiles()), sorted(tuple(w) for w in facts.workers()),
            {(slot, cell) for (slot, cell) in _edges(facts) if (slot, cell) in facts.fences()},
            facts.price(), facts.store(), facts.round_effect("bumper_crop"),
            facts.round_effect("blight"), canon(facts.last_event()))


def _edges(facts: Facts) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every edge between a tile and a field of the board (where fences may stand)."""
    slots = [(x, y) for x, y, *_ in facts.tiles()]
    return [((x, y), (x + dx, y + dy)) for x, y in slots for dx in (-1, 1) for dy in (-1, 1)]


def test_greedy_decides_alike_from_its_view_and_from_a_deal() -> None:
    """KT-13.3: inside a search, greedy reads its seat's facts from the dealt position
    (``choose_in_deal``) instead of a view; at every decision of seeded games (2 to 5
    players, both lengths, tiles face down and face up, random decisions playing law
    cards) the facts, the choices and the bots' generators stay the same as from the
    view."""
    kinds: set[str] = set()

    def same_facts(state: KeythedralState, seat: int, view: JsonDict) -> None:
        assert _facts(ViewFacts(view)) == _facts(DealFacts(state.position, seat))
        kinds.add(ViewFacts(view).kind())

    compared = 0
    for players in (2, 3, 4, 5):
        for length, face_up in (("short", False), ("full", True)):
            seed = players * 10 + face_up
            state = GAME.new_state(players, seed, options(length, face_up, cap=12))
            assert isinstance(state, KeythedralState)
            bots = [[GreedyBot(p, seed) for p in range(players)] for _ in range(2)]
            compared += play_side_by_side(state, bots[0], bots[1], seed, same_facts)
    assert compared > 3000
    assert kinds >= {"turn", "place", "pay", "law", "marker", "cottage", "field", "final",
                     "bid", "first", "as", "veto"}


def test_the_outlook_credits_each_house_with_the_harvests_still_to_come() -> None:
    """KT-7.5: a house sends out a second worker from the next phase 1 on, which KT-14.3's
    score does not see; the search's ``outlook`` adds a point a harvest for each house,
    for as many harvests as the mat's tiles left last at the pace of purchases so far.
    Worked example: 4 players, round 3 before placement, 5 of the 17 tiles bought in
    two rounds (2.5 a round): 12 left make 4.8 harvests, so seat 2's one house adds 4.8;
    once the mat is nearly empty and the pace kept, nothing is left to credit."""
    import pytest

    from keepers.core.game import lead_shares
    from keepers.games.keythedral.game import outlook
    from keepers.games.keythedral.rules.scoring import scores

    state = GAME.new_state(4, 5, GAME.check_options({}))
    while state.position.round < 1:       # the cottages are laid at setup (KT-3)
        state.apply_trusted(state.legal_actions()[0])
    position = state.position
    slot = next(s for s, (owner, _, _) in position.tiles.items() if owner == 2)
    owner, number, _ = position.tiles[slot]
    position.tiles[slot] = (owner, number, True)
    mat = [(r, i) for r, row in enumerate(position.rows) for i, tile in enumerate(row)
           if tile is not None]
    assert len(mat) == 17
    for r, i in mat[:5]:
        position.owned[0].append(position.rows[r][i])
        position.rows[r][i] = None
    position.round, position.phase = 3, 1
    plain = scores(position)
    assert outlook(position) == pytest.approx([plain[0], plain[1], plain[2] + 4.8, plain[3]])
    search = GAME.evaluations()
    assert set(search) == {"plain", "outlook"}
    assert search["plain"](state) == lead_shares(plain, 100)
    assert search["outlook"](state) == lead_shares(outlook(position), 100)
    for r, i in mat[5:16]:                 # one tile left, at the pace of ~5 a round
        position.owned[1].append(position.rows[r][i])
        position.rows[r][i] = None
    position.round, position.phase = 4, 3  # 16 tiles in 3.5 rounds; during spending
    assert outlook(position) == pytest.approx(scores(position))
