"""The ``mcts`` bot (keepers.core.mcts): settings, names with settings, reproducibility,
and that it never cheats: it chooses from its view alone (KT-13.5 in Keythedral)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from toygame import RaceGame

from dealing import keythedral_hidden_swapped
from keepers.core.errors import KeepersError
from keepers.core.game import BotMenu, score_shares
from keepers.core.match import bot_factory, make_bots, run_game
from keepers.core.mcts import MctsBot, MctsFactory, Settings, parse_settings
from keepers.core.rng import Rng
from keepers.games.keythedral import GAME, KeythedralState
from keepers.games.keythedral.game import SEARCH


def _position(seed: int, decisions: int) -> KeythedralState:
    """A Keythedral position after random decisions, at a choice of two or more."""
    state = GAME.new_state(3, seed, {})
    rng = Rng(seed)
    for _ in range(decisions):
        legal = state.legal_actions()
        state.apply_trusted(legal[rng.below(len(legal))])
    while len(state.legal_actions()) < 2:
        state.apply_trusted(state.legal_actions()[0])
    return state


def test_settings_are_read_and_bad_ones_refused_in_one_line() -> None:
    assert parse_settings("iters=200") == Settings(iters=200)
    assert parse_settings("iters=50,depth=10,procs=2") == Settings(iters=50, depth=10, procs=2)
    assert parse_settings("time=0.5").time == 0.5
    assert parse_settings("others=greedy").others == "greedy"
    for text, words in [("iters=abc", "iters must be a whole number"),
                        ("speed=3", "unknown setting 'speed'"), ("iters", "needs a value"),
                        ("iters=0", "from 1"), ("time=nan", "time must be a number"),
                        ("procs=2.5", "procs must be a whole number")]:
        with pytest.raises(ValueError, match=words) as refused:
            parse_settings(text)
        assert "\n" not in str(refused.value)


def test_bot_names_with_settings_work_wherever_a_bot_name_does() -> None:
    menu = GAME.bots()
    assert isinstance(menu, BotMenu)
    assert "mcts" in menu and "mcts:iters=20" in menu and "greedy" in menu
    assert "mcts:iters=abc" not in menu and "greedy:iters=2" not in menu
    bot = menu["mcts:iters=20,depth=5"](1, 9)
    assert isinstance(bot, MctsBot) and bot.settings == replace(SEARCH, iters=20, depth=5)
    for name, words in [("mcts:iters=abc", "iters must be a whole number"),
                        ("mcts:speed=1", "unknown setting"), ("greedy:iters=2", "takes no"),
                        ("smart", "unknown bot 'smart'")]:
        with pytest.raises(KeepersError, match=words):
            make_bots(GAME, ["random", name], 1)
    assert bot_factory(GAME, "random") is menu["random"]


def test_rollouts_by_a_heuristic_bot_are_named_and_checked() -> None:
    """``rollout=greedy`` plays rollouts with the game's greedy bot; a rollout bot must be
    a plain bot of the game's menu (not a search, not an unknown name)."""
    menu = GAME.bots()
    bot = menu["mcts:iters=10,rollout=greedy"](0, 1)
    assert isinstance(bot, MctsBot) and bot.settings.rollout == "greedy"
    for name in ["mcts:rollout=mcts", "mcts:rollout=smart", "mcts:rollout=greedy:x=1"]:
        with pytest.raises(KeepersError, match="rollout must be random or a plain bot"):
            make_bots(GAME, ["random", name], 1)
    for name in ["mcts:prior=mcts", "mcts:prior=random:x=1"]:
        with pytest.raises(KeepersError, match="prior must be none or a plain bot"):
            make_bots(GAME, ["random", name], 1)
    with pytest.raises(KeepersError, match="others must be tree or a plain bot"):
        make_bots(GAME, ["random", "mcts:others=mcts"], 1)


def test_a_prior_bot_is_tried_first_at_the_root() -> None:
    """``prior=greedy``: the first iteration expands the greedy bot's choice from the
    searcher's own view, and later ones favour it until others prove better."""
    from keepers.core import mcts

    state = _position(3, 70)
    seat = state.to_move()
    assert seat is not None
    legal = state.legal_actions()
    view = state.search_view(seat)
    greedy_choice = GAME.bots()["greedy"](seat, 1).choose(state.view(seat), legal)
    first = mcts.search(GAME, view, seat, legal, Settings(iters=1, depth=3, prior="greedy"),
                        Rng(2))
    assert first == {greedy_choice: 1}


def test_greedy_rollouts_are_reproducible_and_choose_a_legal_decision() -> None:
    state = _position(3, 70)
    seat = state.to_move()
    assert seat is not None
    legal = state.legal_actions()
    settings = Settings(iters=12, depth=15, rollout="greedy")
    choices = [MctsBot(GAME, seat, 2, settings).choose(state.search_view(seat), legal)
               for _ in range(2)]
    assert choices[0] == choices[1] and choices[0] in legal


def test_a_game_without_determinization_refuses_search() -> None:
    with pytest.raises(KeepersError, match="offers no determinization"):
        RaceGame().determinize({}, 0, Rng(1))


def test_score_shares() -> None:
    assert score_shares([10, 5, 5]) == [1.0, 0.25, 0.25]
    assert score_shares([3]) == [1.0]


def test_same_seed_same_choice_and_only_legal_choices() -> None:
    """An iteration budget and a seed make the bot reproducible."""
    state = _position(2, 60)
    seat = state.to_move()
    assert seat is not None
    legal = state.legal_actions()
    settings = Settings(iters=40, depth=10)
    choices = [MctsBot(GAME, seat, 5, settings).choose(state.search_view(seat), legal)
               for _ in range(2)]
    assert choices[0] == choices[1] and choices[0] in legal


@pytest.mark.parametrize("seed", [1, 4])
def test_never_cheats_hidden_items_of_others_do_not_change_the_choice(seed: int) -> None:
    """KT-13.5: two true positions that differ only in what the bot's seat cannot see (an
    opponent's law card swapped with the deck's, the deck order, the generator) give
    the same bot with the same seed the same choice; the bot is handed the view only."""
    state = _position(seed, 50 + 30 * seed)
    seat = state.to_move()
    assert seat is not None
    swapped = keythedral_hidden_swapped(state, seat, shuffle=7, rng=4242)
    assert swapped.position.hands != state.position.hands
    legal = state.legal_actions()
    assert swapped.legal_actions() == legal
    settings = Settings(iters=40, depth=10)
    first = MctsBot(GAME, seat, 11, settings).choose(state.search_view(seat), legal)
    second = MctsBot(GAME, seat, 11, settings).choose(swapped.search_view(seat), legal)
    assert first == second


def test_mcts_plays_a_whole_capped_game() -> None:
    """A game capped at two rounds, mcts against random, ends with a result."""
    result, _ = run_game(GAME, ["mcts:iters=4,depth=4", "random"], 3, {"max_rounds": 2})
    assert result.decisions > 0 and result.winners


def test_mcts_plays_gardiens_and_is_handed_its_table() -> None:
    """A one-round Gardiens game, mcts against greedy: the bot deals from its table."""
    from keepers.games.gardiens import GAME as GARDIENS

    result, _ = run_game(GARDIENS, ["mcts:iters=4,depth=4", "greedy"], 2, {"max_rounds": 1})
    assert result.decisions > 0 and result.winners


def test_root_parallel_search_in_processes_or_in_turn_chooses_alike() -> None:
    """procs=2: two trees searched in worker processes, or one after the other where no
    process may be started, give the same choice for the same seed."""
    from keepers.core import mcts

    state = _position(3, 40)
    seat = state.to_move()
    assert seat is not None
    view, legal = state.search_view(seat), state.legal_actions()
    settings = Settings(iters=30, depth=5, procs=2)
    in_processes = mcts._parallel(GAME, view, seat, legal, settings, Rng(8))
    in_turn: dict[str, int] = {}
    for seed in _seeds(8, 2):
        tree = mcts.search(GAME, view, seat, legal, Settings(iters=15, depth=5), Rng(seed),
                           settle=False)
        for action, visits in tree.items():
            in_turn[action] = in_turn.get(action, 0) + visits
    assert in_processes == in_turn


def test_a_search_stops_when_its_leader_cannot_be_caught_and_chooses_the_same() -> None:
    """The iterations a search skips once its leader leads by more than those left would
    not have changed its choice: with the same seed, the same decision as the full
    budget, in fewer iterations wherever one decision stands out."""
    from keepers.core import mcts

    settings = Settings(iters=160, depth=5)
    skipped = 0
    for seed in range(1, 9):
        state = _position(seed, 20 + 7 * seed)
        seat = state.to_move()
        assert seat is not None
        view, legal = state.search_view(seat), state.legal_actions()
        full = mcts.search(GAME, view, seat, legal, settings, Rng(seed), settle=False)
        short = mcts.search(GAME, view, seat, legal, settings, Rng(seed))
        assert sum(full.values()) == settings.iters
        assert (mcts.best_action(full, legal, Rng(0))
                == mcts.best_action(short, legal, Rng(0)))
        skipped += settings.iters - sum(short.values())
    assert skipped > 0


def test_a_game_may_give_other_defaults_for_some_numbers_of_seats() -> None:
    """The defaults for the number of seats playing are read at the bot's first decision;
    a setting named in the bot's name wins over them as over the game's defaults."""
    base = Settings(iters=6, depth=4, prior="none", rollout="random")
    factory = MctsFactory(GAME, base, {3: replace(base, iters=5, depth=3)})
    named = factory.configured("iters=7")
    for seats, chooser, want in ((3, factory, (5, 3)), (2, factory, (6, 4)),
                                 (3, named, (7, 3)), (2, named, (7, 4))):
        state = GAME.new_state(seats, 4, {})
        while len(state.legal_actions()) < 2:
            state.apply_trusted(state.legal_actions()[0])
        seat = state.to_move()
        assert seat is not None
        bot = chooser(seat, 1)
        assert isinstance(bot, MctsBot)
        bot.choose(state.search_view(seat), state.legal_actions())
        assert (bot.settings.iters, bot.settings.depth) == want


def test_other_seats_played_by_a_bot_leave_the_tree_to_the_searcher() -> None:
    """others=greedy: the other seats' decisions are played by greedy inside the tree too,
    so that every node of the tree is one of the searcher's decisions; tree (the default):
    the tree holds the other seats' decisions as well."""
    from keepers.core import mcts

    state = _position(5, 40)
    seat = state.to_move()
    assert seat is not None
    view = state.search_view(seat)
    for others, only_searcher in (("greedy", True), ("tree", False)):
        settings = Settings(iters=60, depth=4, prior="none", rollout="random", others=others)
        rng = Rng(3)
        deal = GAME.determinizer(view, seat)
        root = mcts.Node("", seat)
        policy = mcts.Policy(GAME, others, 9) if others != "tree" else None
        for _ in range(settings.iters):
            mcts.iterate(GAME, root, deal(rng), settings, rng, others=policy)
        deciders = set()
        nodes = list(root.children.values())
        while nodes:
            node = nodes.pop()
            deciders.add(node.player)
            nodes.extend(node.children.values())
        assert (deciders == {seat}) is only_searcher


class _DeadEnd:
    """A dealt position whose pending decision has no option (a guessed stock that cannot
    pay what the true one can)."""

    def is_over(self) -> bool:
        return False

    def legal_actions(self) -> list[str]:
        return []

    def to_move(self) -> int:
        return 1


class _Scorer:
    def evaluate(self, state: object) -> list[float]:
        return [0.25, 0.75]


def test_a_deal_that_leaves_a_seat_no_option_is_scored_as_it_stands() -> None:
    """An iteration reaching a decision without options (possible in a guessed deal, never
    in a true position) ends there: the position is evaluated, nothing fails."""
    from keepers.core import mcts

    root = mcts.Node("", 0)
    settings = Settings(iters=1, depth=5, prior="none", rollout="random", others="greedy")
    others = mcts.Policy(GAME, "greedy", 1)
    mcts.iterate(_Scorer(), root, _DeadEnd(), settings, Rng(1), others=others)  # type: ignore[arg-type]
    assert root.visits == 1 and not root.children


def _seeds(seed: int, count: int) -> list[int]:
    rng = Rng(seed)
    return [rng.next64() for _ in range(count)]


def test_bench_times_a_bot_against_an_engine_decision() -> None:
    """keepers bench --bot: a bot's cost per decision, and a search's iterations/s."""
    from keepers.core.bench import bench_bot

    search = bench_bot(GAME, 2, "mcts:iters=5,depth=2", samples=2, engine_seconds=0.05)
    assert search["bot"] == "mcts:iters=5,depth=2" and search["decisions_timed"] >= 1
    assert search["bot_us"] > 0 and search["engine_us"] > 0 and search["ratio"] > 0
    assert search["simulations_per_second"] > 0
    greedy = bench_bot(GAME, 2, "greedy", samples=2, engine_seconds=0.05, game_seconds=0.05)
    assert greedy["simulations_per_second"] is None
    # a plain bot plays whole games in every seat: its cost against the engine's in them
    assert greedy["games_played"] >= 1 and greedy["decisions_timed"] > 10
    assert greedy["engine_in_games_us"] > 0
    assert greedy["ratio_in_games"] == greedy["bot_us"] / greedy["engine_in_games_us"]


def test_lead_shares_keep_a_slope_for_a_seat_far_behind() -> None:
    from keepers.core.game import lead_shares

    assert lead_shares([10, 10], 20) == [0.5, 0.5]
    assert lead_shares([50, 0, 10], 20) == [1.0, 0.0, 0.0]
    far_behind, a_point_more = lead_shares([0, 60], 100)[0], lead_shares([1, 60], 100)[0]
    assert 0 < far_behind < a_point_more < 0.5


def test_a_person_can_play_against_mcts_at_the_terminal() -> None:
    """keepers play --seats human,mcts:iters=5,depth=2: the seat list keeps the settings
    with the bot's name, and the terminal builds the bot from it."""
    from keepers.cli import _seat_names
    from keepers.core.terminal import seat_bots

    names = _seat_names("human,mcts:iters=5,depth=2")
    assert names == ["human", "mcts:iters=5,depth=2"]
    bots = seat_bots(GAME, names, 1)
    assert set(bots) == {1} and isinstance(bots[1], MctsBot)
    assert bots[1].settings == replace(SEARCH, iters=5, depth=2)


def test_equal_visits_go_to_the_priors_choice() -> None:
    """Equal visits mean the search could not tell the decisions apart: the prior's choice
    is taken among them, else the first listed; a decision with fewer visits never is."""
    from keepers.core import mcts

    legal = ["law 1", "law 2", "pass"]
    visits = {"law 1": 30, "law 2": 34, "pass": 34}
    assert mcts.best_action(visits, legal, Rng(0)) == "law 2"
    assert mcts.best_action(visits, legal, Rng(0), favourite="pass") == "pass"
    assert mcts.best_action(visits, legal, Rng(0), favourite="law 1") == "law 2"
    assert mcts.best_action({"law 2": 3}, legal, Rng(0), favourite="pass") == "law 2"


def test_a_search_scores_rollouts_with_the_evaluation_it_names() -> None:
    """``eval=NAME`` picks one of the game's evaluations (``plain`` by default, the game's
    :meth:`evaluate`); a name the game does not offer is refused in one line."""
    from keepers.core import mcts

    calls: list[str] = []

    class Counted(type(GAME)):  # type: ignore[misc]
        def evaluations(self):  # type: ignore[no-untyped-def]
            def counted(state):  # type: ignore[no-untyped-def]
                calls.append("counted")
                return GAME.evaluate(state)
            return {**super().evaluations(), "counted": counted}

    game = Counted()
    assert set(RaceGame().evaluations()) == {"plain"}
    state = _position(2, 30)
    seat = state.to_move()
    assert seat is not None
    for name, counted in (("plain", 0), ("counted", 12)):
        calls.clear()
        settings = Settings(iters=12, depth=3, prior="none", rollout="random", eval=name)
        mcts.grow(game, state.search_view(seat), seat, state.legal_actions(), settings,
                  Rng(4), settle=False)
        assert len(calls) == counted
    assert parse_settings("eval=outlook").eval == "outlook"
    with pytest.raises(KeepersError, match="eval must be one of plain, outlook") as refused:
        make_bots(GAME, ["random", "mcts:eval=perfect"], 1)
    assert "\n" not in str(refused.value)
