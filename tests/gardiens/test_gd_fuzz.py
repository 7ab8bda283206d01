"""Mutated positions: each is refused in one line, or loads and plays to the end.

Positions of seeded self-play games (every action, combats, alliances, co-op
Shadows) are
read back from JSON, then changed one to three times: a value replaced by
another (of any type, or taken from elsewhere in the position), two values
swapped (a card from the deck into a hand, a worker to another field), a list
entry or a key removed, an entry duplicated, a number moved by one.  Each result must
either be refused with :class:`RecordError` (one line), or load into a state
whose views can be drawn and on which random self-play runs to the end with the
invariants of the self-play tests (GR-1.4, GR-14, GR-19).

The default run tries a few dozen; ``python -m pytest -m soak`` tries thousands
and prints the counts (docs/reliability.md).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_gd_selfplay import check_invariants

import mutations
from keepers.core.bots import RandomBot
from keepers.core.errors import RecordError
from keepers.games.gardiens import GAME
from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.render import render_view

COUNTS: Counter[str] = Counter()
"""Mutated positions tried, refused, loaded and played out (printed by the soak run)."""
REPLACEMENTS: list[Any] = [
    -1, 0, 1, 2, 3, 5, 6, 7, 40, 10**6, -(10**6), 2**64, True, False, None, "", "x",
    "AC01#1", "EV01#1", "OB01", "T01", "temple", "recruit", "turn", "over", 1.5, [], [0],
    [0, 0], {}, {"card": "AC01#1"},
]
"""Values a mutation may put anywhere: every JSON type, edge numbers, known ids."""


def _base_positions() -> list[dict[str, Any]]:
    """Positions spread over seeded games, competitive and co-operative."""
    out: list[dict[str, Any]] = []
    for seed, n, coop in ((1, 2, False), (2, 3, True), (3, 4, False), (4, 5, True),
                          (5, 3, False)):
        state = GAME.new_state(n, seed, {"max_rounds": 4, "coop": coop})
        bots = [RandomBot(p, seed) for p in range(n)]
        decisions = 0
        while not state.is_over():
            if decisions % 23 == 0:
                out.append(json.loads(json.dumps(state.to_dict())))
            player = state.to_move()
            assert player is not None
            state.apply(bots[player].choose(None, state.legal_actions()))
            decisions += 1
        out.append(json.loads(json.dumps(state.to_dict())))
    return out


BASES = _base_positions()


def mutated() -> st.SearchStrategy[dict[str, Any]]:
    """A base position of this game changed one to three times (tests/mutations.py)."""
    return mutations.mutated(BASES, REPLACEMENTS)


def check_mutated(data: dict[str, Any]) -> None:
    """Refused in one line, or loaded, drawn and played to the end with the invariants."""
    COUNTS["tried"] += 1
    try:
        state = GAME.state_from_dict(data)
        assert isinstance(state, GardiensState)
    except RecordError as exc:
        assert "\n" not in str(exc) and str(exc)
        COUNTS["refused"] += 1
        return
    except ValueError as exc:
        # the Game checks a position's options before the position, as new_state does
        # (GR-29), with a ValueError naming the option; a position file turns it into a
        # RecordError
        assert "option" in str(exc) and "\n" not in str(exc)
        COUNTS["refused"] += 1
        return
    COUNTS["loaded"] += 1
    _play_out(state)
    COUNTS["played out"] += 1


def _play_out(state: GardiensState) -> None:
    for seat in [None, *range(state.num_players)]:
        render_view(state.view(seat))
    bots = [RandomBot(p, 7) for p in range(state.num_players)]
    for _ in range(100_000):
        if state.is_over():
            break
        player = state.to_move()
        assert player is not None
        state.apply(bots[player].choose(None, state.legal_actions()))
        check_invariants(state)
    assert state.is_over() and len(state.scores()) == state.num_players
    render_view(state.view(None))


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_mutated_positions_are_refused_or_play_to_the_end(data: dict[str, Any]) -> None:
    """GR-1.4, GR-14, GR-19, GR-28.3: refused cleanly, or a game that plays out."""
    check_mutated(data)


@pytest.mark.soak
@settings(max_examples=10_000, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_soak_mutated_positions(data: dict[str, Any]) -> None:
    """As above, thousands of mutations (soak run); the counts are printed at the end."""
    check_mutated(data)


# ------------------------------------------------------------------ no false refusals
def check_every_position_loads(seeds: range, every: int) -> int:
    """Every ``every``-th position of seeded self-play games (both bots, every player
    count, competitive and co-operative, the GR-29 readings) loads back unchanged."""
    from keepers.games.gardiens.bots import GreedyBot

    loaded = 0
    for seed in seeds:
        n = 2 + seed % 4
        options = {"coop": seed % 4 == 1, "shadows": "advance" if seed % 8 == 1 else "block",
                   "bank_trade": seed % 3 == 0, "first_player": "fixed" if seed % 5 == 2
                   else "rotate"}
        state = GAME.new_state(n, seed, options)
        bots = [(GreedyBot if (p + seed) % 2 else RandomBot)(p, seed) for p in range(n)]
        decisions = 0
        while True:
            if decisions % every == 0 or state.is_over():
                data = json.loads(json.dumps(state.to_dict()))
                assert GAME.state_from_dict(data).to_dict() == data
                loaded += 1
            if state.is_over():
                break
            player = state.to_move()
            assert player is not None
            view = state.view(player) if bots[player].needs_view else None
            state.apply(bots[player].choose(view, state.legal_actions()))
            decisions += 1
    COUNTS["positions loaded back"] += loaded
    return loaded


def test_positions_of_self_play_load_back() -> None:
    """GR-1.4, GR-14, GR-28.3: the checks refuse no position the rules can reach."""
    assert check_every_position_loads(range(6), every=5) > 50


@pytest.mark.soak
def test_soak_every_position_of_many_games_loads_back() -> None:
    """As above, every decision of 60 games (soak run)."""
    assert check_every_position_loads(range(100, 160), every=1) > 5_000


@pytest.mark.soak
def test_soak_zz_counts_are_reported() -> None:
    """Prints the counts of the soak runs above (run after them, in file order)."""
    print(f"\ngardiens positions mutated: {dict(COUNTS)}")
    assert COUNTS["tried"] == COUNTS["refused"] + COUNTS["played out"]
