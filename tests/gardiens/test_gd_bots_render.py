"""Bots, rendering and the Game object (GR-28.1, GR-10.11)."""

from __future__ import annotations

import pytest
from rich.console import Console

from dealing import play_side_by_side
from keepers.core.bots import RandomBot
from keepers.core.game import JsonDict
from keepers.core.match import play_bots, run_game
from keepers.core.registry import get_game
from keepers.games.gardiens import GAME
from keepers.games.gardiens.bots import Context, GreedyBot, attack_win_chance
from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.views import GardiensView, HexViews, SeatViews, board_view, seats_view


def test_game_object_and_registry() -> None:
    """GR-3.1 GR-25.1: name, player range, options, bots; found through the registry."""
    assert get_game("gardiens") is GAME
    assert GAME.name == "gardiens" and (GAME.min_players, GAME.max_players) == (2, 5)
    options = GAME.default_options()
    assert options["coop"] is False and options["max_rounds"] >= 30
    assert GAME.parse_option("coop", "true") is True
    with pytest.raises(ValueError, match="option coop must be true | false"):
        GAME.parse_option("coop", "yes")  # only true | false, nothing coerced
    assert set(GAME.bots()) == {"random", "greedy", "mcts"}
    assert GAME.bots()["random"] is RandomBot


def test_greedy_odds_match_the_rules_note() -> None:
    """GR-10.11: the bot's odds table uses the data's dice."""
    assert abs(attack_win_chance(3, 2, 0) - 0.862) < 0.001
    assert abs(attack_win_chance(3, 3, 2) - 0.067) < 0.001


def test_greedy_clearly_beats_random() -> None:
    """GR-18 GR-19: one greedy seat against random seats wins far above its fair share."""
    share = fair = 0.0
    games = 40
    for seed in range(games):
        players = 2 + seed % 3
        seat = seed % players
        seats = ["random"] * players
        seats[seat] = "greedy"
        result, _ = run_game(GAME, seats, seed)
        if seat in result.winners:
            share += 1 / len(result.winners)
        fair += 1 / players
    assert share / games > 0.8 > fair / games


def test_greedy_decides_from_its_view_only() -> None:
    """GR-20.8: the greedy bot asks for a view and always returns a legal decision."""
    assert GreedyBot.needs_view
    st = GAME.new_state(3, 4, {"coop": True})
    bots = [GreedyBot(p, 4) for p in range(3)]
    play_bots(st, bots, max_decisions=3000)
    assert st.is_over() or st.round_number > 1


class _FromWholeView:
    """Greedy handed the whole view as a plain dict (the board and every seat built)."""

    def __init__(self, bot: GreedyBot) -> None:
        self.bot = bot

    def choose(self, view: JsonDict, legal: list[str]) -> str:
        return self.bot.choose(dict(view.items()), legal)


class _FromLazyView:
    """Greedy handed its seat's lazy view, as in play and in a search's rollouts."""

    def __init__(self, bot: GreedyBot) -> None:
        self.bot = bot

    def choose_in_deal(self, state: GardiensState, seat: int, legal: list[str]) -> str:
        return self.bot.choose(state.bot_view(seat), legal)


def test_greedy_decides_alike_from_the_whole_view_and_hex_by_hex() -> None:
    """GR-20: greedy reads its lazy view one hex and one seat at a time; at every decision
    of seeded games (2 to 5 players, co-op too, random decisions mixed in) each hex and
    seat it can read so equals the view's own entry, and the choices and the bots'
    generators stay the same as from the whole view."""

    def same_entries(state: GardiensState, seat: int, view: JsonDict) -> None:
        assert isinstance(view, GardiensView)
        board, seats = board_view(state), seats_view(state)
        hexes = view.hexes_by_label()
        assert isinstance(hexes, HexViews)           # nothing built before it is read
        assert [hexes[entry["hex"]] for entry in reversed(board)] == board[::-1]
        assert [list(hexes[entry["hex"]]) for entry in board] == [list(e) for e in board]
        by_colour = view.seats_by_colour()
        assert isinstance(by_colour, SeatViews)
        assert [by_colour[entry["colour"]] for entry in reversed(seats)] == seats[::-1]
        with pytest.raises(KeyError):
            by_colour["mauve"]
        assert view["board"] == board and view.hexes_by_label() == hexes   # indexes the board
        assert view["seats"] == seats and view.seats_by_colour() == by_colour
        lazy, whole = Context(state.bot_view(seat)), Context(view.whole())
        assert (lazy.me, lazy.kind, lazy.goals) == (whole.me, whole.kind, whole.goals)

    compared = 0
    for players, coop, seed in ((p, c, p * 10 + c + k * 100) for p, c in (
            (2, False), (3, False), (4, False), (5, False), (3, True)) for k in (0, 1)):
        state = GAME.new_state(players, seed, GAME.check_options({"coop": coop}))
        assert isinstance(state, GardiensState)
        whole = [_FromWholeView(GreedyBot(p, seed)) for p in range(players)]
        lazy = [_FromLazyView(GreedyBot(p, seed)) for p in range(players)]
        compared += play_side_by_side(state, whole, lazy, seed, same_entries)
    assert compared > 1000


def test_render_and_describe() -> None:
    """GR-2.1 GR-20.1: the map, players, hand and last combat render for a terminal."""
    st = GAME.new_state(5, 3, {})
    play_bots(st, [RandomBot(p, 3) for p in range(5)], max_decisions=400)
    console = Console(width=120, record=True)
    viewer = st.to_move() or 0
    console.print(GAME.render(st.view(viewer)))
    text = console.export_text()
    assert "T26" in text and "Players" in text and "Your hand" in text
    console.print(GAME.render(st.view(None)))
    assert GAME.describe_action("play AC05#1") == "play Blade Dance (AC05#1)"
    assert GAME.describe_action("attack T01 T15 3") == "attack T15 from T01 with 3 guardian(s)"
    assert GAME.describe_action("pass").startswith("pass")


def test_stats_and_summary_for_balance_reports() -> None:
    """GR-18.1 GR-19.3: per-game stats add up to the final VP; the game's summary hook."""
    from keepers.core.match import game_stats

    result, _ = run_game(GAME, ["greedy", "random"], 5)
    assert result.stats
    st = GAME.new_state(2, 5, {})
    play_bots(st, [GreedyBot(0, 5), RandomBot(1, 5)])
    stats = game_stats(st)
    for seat in (1, 2):
        parts = sum(stats[f"s{seat}_vp_{src}"] for src in (
            "buildings", "combats", "territory", "citadel", "objectives"))
        assert parts == stats[f"s{seat}_vp"]
    assert sum(stats[f"end_{r}"] for r in ("victory_points", "events_exhausted",
                                            "round_cap")) == 1
    report = GAME.summarize([result.to_dict()])
    assert report["win share, game seat 1"] + report["win share, game seat 2"] == 1
    assert "mean VP per player from buildings" in report


def test_greedy_pursues_its_objective() -> None:
    """GR-24.2: with Golden Hoard open the greedy bot takes gold from a Source; with
    Heart of the Realm open it values the Citadel more."""
    from gdhelp import RED, act, blank, put

    from keepers.games.gardiens.rules import turn

    st = blank(2)
    put(st, RED, "S-E", 2)
    st.objectives[RED] = ["OB03", "OB14"]
    st.achieved[RED] = [False, False]
    turn.begin_turn(st)
    st._legal = None
    act(st, "skip")
    bot = GreedyBot(RED, 1)
    st.cubes[RED][3] = 0
    assert bot.choose(st.view(RED), st.legal_actions()) == "source gold"


def test_terminal_game_with_a_scripted_human() -> None:
    """GR-28.1 GR-20.5: a person plays on the terminal against a bot; answers by number
    or text; a refused answer is explained and asked again."""
    import io

    from keepers.core.record import GameRecord
    from keepers.core.terminal import play_terminal

    answers = iter(["forward C", "1"] + ["pass", "skip", "1", "1", "1"] * 400)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    record = GameRecord(game="gardiens", players=2, seed=3, options={},
                        seats=["human", "greedy"])
    console = Console(file=io.StringIO(), width=120)
    code = play_terminal(GAME, record, console=console, read=read)
    assert code in (0, 1)
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert "GR-3.8" in output  # "forward C" was refused with its clause
    assert record.actions and record.replay().to_dict()
