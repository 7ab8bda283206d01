"""Mutated positions: each is refused in one line, or loads and plays to the end.

Positions of seeded self-play games (every phase, law windows, purchases) are
read back from JSON, then changed one to three times: a value replaced by
another (of any type, or taken from elsewhere in the position), two values
swapped (a card from the deck into a hand, a worker to another field), a list
entry or a key removed, an entry duplicated, a number moved by one.  Each result must
either be refused with :class:`RecordError` (one line), or load into a state
whose views can be drawn and on which random self-play runs to the end with the
invariants of the self-play tests (KT-0.4, KT-1.1 to KT-1.6, KT-14.1); a position
whose round cap was turned off (random seats may never empty the mat) is played
for 20,000 decisions under the same invariants.

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
from ktplay import canon, check_board, check_components, check_cubes

import mutations
from keepers.core.bots import RandomBot
from keepers.core.errors import RecordError
from keepers.games.keythedral import GAME, KeythedralState
from keepers.games.keythedral.render import render_view

COUNTS: Counter[str] = Counter()
"""Mutated positions tried, refused, loaded and played out (printed by the soak run)."""
REPLACEMENTS: list[Any] = [
    -1, 0, 1, 2, 3, 5, 6, 7, 40, 10**6, -(10**6), 2**64, True, False, None, "", "x", "C01",
    "B04-1", "QUA-1a", "pass", "play C01", "win", "WT", 1.5, [], [0], [0, 0], [[0, 0]], {},
]
"""Values a mutation may put anywhere: every JSON type, edge numbers, known ids."""
UNCAPPED_DECISIONS = 20_000
"""Decisions played on a position without a round cap before the play-out stops."""


def _base_positions() -> list[dict[str, Any]]:
    """Positions spread over seeded games (setup, every phase, windows, purchases)."""
    out: list[dict[str, Any]] = []
    for seed, n in ((1, 2), (2, 3), (3, 4), (4, 5), (5, 3)):
        state = GAME.new_state(n, seed, {"max_rounds": 3, "length": "short"})
        bots = [RandomBot(p, seed) for p in range(n)]
        decisions = 0
        while not state.is_over():
            if decisions % 29 == 0:
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
    except RecordError as exc:
        assert "\n" not in str(exc) and str(exc)
        COUNTS["refused"] += 1
        return
    COUNTS["loaded"] += 1
    _play_out(state)
    COUNTS["played out"] += 1


def _play_out(state: KeythedralState) -> None:
    for seat in [None, *range(state.num_players)]:
        render_view(state.view(seat))
    bots = [RandomBot(p, 7) for p in range(state.num_players)]
    for _ in range(UNCAPPED_DECISIONS):
        if state.is_over():
            break
        player = state.to_move()
        assert player is not None
        state.apply(bots[player].choose(None, state.legal_actions()))
        check_cubes(state)
        check_board(state)
        check_components(state)
    if not state.is_over():
        # no round cap (max_rounds 0): random seats may never empty the mat (KT-14.1)
        assert state.position.options["max_rounds"] == 0, "a capped game did not end"
        COUNTS["uncapped, played 20,000 decisions"] += 1
        return
    assert len(state.scores()) == state.num_players
    render_view(state.view(None))


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_mutated_positions_are_refused_or_play_to_the_end(data: dict[str, Any]) -> None:
    """KT-0.4, KT-1.1 to KT-1.6, KT-14.1: refused cleanly, or a game that plays out."""
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
    count and option) loads back as the same position; returns how many were loaded."""
    from ktplay import make_bots, seat_names

    loaded = 0
    for seed in seeds:
        n = 2 + seed % 4
        options = {"length": "full" if seed % 3 == 0 else "short", "face_up": seed % 2 == 0,
                   "max_rounds": 12}
        state = GAME.new_state(n, seed, options)
        bots = make_bots(seat_names(n, seed), seed)
        decisions = 0
        while True:
            if decisions % every == 0 or state.is_over():
                data = json.loads(json.dumps(state.to_dict()))
                assert canon(GAME.state_from_dict(data).to_dict()) == canon(data)
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
    """KT-1.6, KT-3, KT-4: the checks refuse no position the rules can reach."""
    assert check_every_position_loads(range(2), every=9) > 50


@pytest.mark.soak
def test_soak_every_position_of_many_games_loads_back() -> None:
    """As above, every decision of 40 games (soak run)."""
    assert check_every_position_loads(range(100, 140), every=1) > 10_000


@pytest.mark.soak
def test_soak_zz_counts_are_reported() -> None:
    """Prints the counts of the soak runs above (run after them, in file order)."""
    print(f"\nkeythedral positions mutated: {dict(COUNTS)}")
    assert COUNTS["tried"] == COUNTS["refused"] + COUNTS["played out"]
    assert COUNTS["loaded"] == COUNTS["played out"]
