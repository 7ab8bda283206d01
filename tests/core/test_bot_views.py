"""What a bot is handed (``GameState.bot_view``): the seat's view, possibly computed entry
by entry (``LazyView``), and never more than the view (KT-13, GR-20, VB-2 hidden
information: a bot sees what its seat sees)."""

from __future__ import annotations

import pytest

from dealing import random_positions
from installed import installed_games
from keepers.core.game import LazyView, bot_view, detached, view_tables
from keepers.core.registry import get_game


def test_a_lazy_view_computes_an_entry_once_and_only_when_read() -> None:
    calls: list[str] = []

    def part(key: str, value: object) -> object:
        calls.append(key)
        return value

    view = LazyView({"round": lambda: part("round", 3), "hand": lambda: part("hand", ["C01"])})
    assert view["round"] == 3 and view["round"] == 3 and calls == ["round"]
    assert "hand" in view and "table" not in view
    assert view.get("table", "none") == "none" and calls == ["round"]
    with pytest.raises(KeyError):
        view["table"]
    assert view == {"round": 3, "hand": ["C01"]} and list(view) == ["round", "hand"]
    assert len(view) == 2 and dict(view.items()) == view.whole() == view.copy()
    assert calls == ["round", "hand"]


def test_a_view_entry_detached_from_the_position_shares_nothing_with_it() -> None:
    """KT-13.4 GR-20 VB-2: what a view copies from a position (event logs, a combat, a
    decision's context) is a copy at every depth, tuples as lists, plain values as they
    are; changing the position later changes no view."""
    events = [("paid", 1, "blue", -1), ("harvest", 2, {"red": [1, 2]}, (3, (4, None)))]
    copied = detached(events)
    assert copied == [["paid", 1, "blue", -1], ["harvest", 2, {"red": [1, 2]}, [3, [4, None]]]]
    events[1][2]["red"].append(9)
    assert copied[1][2] == {"red": [1, 2]} and copied[1][2] is not events[1][2]
    assert detached(True) is True and detached(2.5) == 2.5 and detached(None) is None


@pytest.mark.parametrize("name", installed_games())
@pytest.mark.parametrize("players", [2, 4])
def test_a_bot_is_handed_exactly_its_seats_view(name: str, players: int) -> None:
    """In positions of seeded random games, every seat's bot view equals its view
    entry for entry: a lazy view is the same view, not another one."""
    game = get_game(name)
    start = game.new_state(players, 5, game.default_options())
    for state in random_positions(start, seed=5, every=37, most=1500)[:25]:
        for seat in range(players):
            handed = state.bot_view(seat)
            assert handed == state.view(seat)


@pytest.mark.parametrize("name", installed_games())
def test_a_greedy_bot_decides_the_same_from_a_lazy_view(name: str) -> None:
    """The greedy bot's decisions are the same whether handed the lazy or the eager view."""
    game = get_game(name)
    start = game.new_state(3, 8, game.default_options())
    for k, state in enumerate(random_positions(start, seed=8, every=23, most=1200)[:30]):
        seat = state.to_move()
        if seat is None:
            continue
        legal = state.legal_actions()
        lazy_bot, eager_bot = (game.bots()["greedy"](seat, k) for _ in range(2))
        assert lazy_bot.choose(bot_view(state, seat, lazy_bot), legal) == \
            eager_bot.choose(state.view(seat), legal)


def test_view_tables_mix_the_optional_entries_after_the_common_ones() -> None:
    """One table of builders per mix of optional tables, keyed by a flag for each in
    order; a view built from one has the common entries first, then the mix's."""
    def common(x: int) -> int:
        return x

    def seated(x: int) -> int:
        return x + 1

    def over(x: int) -> int:
        return x + 2

    tables = view_tables({"round": common}, {"hand": seated}, {"result": over})
    assert set(tables) == {(False, False), (False, True), (True, False), (True, True)}
    assert list(tables[False, False]) == ["round"]
    assert list(tables[True, True]) == ["round", "hand", "result"]
    assert LazyView(tables[False, True], 5).whole() == {"round": 5, "result": 7}
