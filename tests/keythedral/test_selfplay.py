"""Random self-play property tests (KT-0.7, KT-1.6, KT-7.7, KT-14): seeded bot games.

Seats mix the core ``RandomBot`` and the game's ``GreedyBot`` over 2-5 players, short and
full games, face-down and face-up mats, with a ``max_rounds`` cap of 25 for speed (all-random
tables rarely finish). Invariants are checked after every decision on a subset of games and
at the end of all of them. The ``soak`` tests repeat this over thousands of games.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ktplay import (
    CONFIGS,
    canon,
    check_clone_independent,
    check_end,
    expected_scores,
    options,
    play_checked,
    play_game,
    replay,
)

from keepers.core.match import run_game
from keepers.core.rng import Rng
from keepers.games.keythedral import GAME

GAMES_PER_CONFIG = 12
SOAK_GAMES_PER_CONFIG = 150


def _cfg_id(cfg: tuple[int, str, bool]) -> str:
    n, length, face_up = cfg
    return f"{n}p-{length}-{'up' if face_up else 'down'}"


def _seed(cfg_index: int, k: int) -> int:
    return 7_000 + 1_000 * cfg_index + k


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[_cfg_id(c) for c in CONFIGS])
def test_every_decision_keeps_invariants(index: int) -> None:
    """KT-0.4, KT-0.5, KT-0.7, KT-1.6, KT-2.6, KT-5.6, KT-7.7, KT-1.4, KT-1.5: checked after
    every decision of one game per configuration.

    Cubes of each colour add up to the data file's supply and none is negative; fences left
    stay in 0..3 and builds/removals (followed decision by decision) never exceed 3 per seat;
    at most 10 workers per seat, one per field; every tile and law card is in exactly one
    place; sampled legal decisions are all accepted by apply() on a clone; a clone mutated by
    a decision leaves its original's to_dict() unchanged.
    """
    n, length, face_up = CONFIGS[index]
    game = play_checked(n, _seed(index, 99), options(length, face_up))
    check_end(game)
    assert game.checked >= len(game.actions), "too few legal decisions were tried"


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[_cfg_id(c) for c in CONFIGS])
def test_games_end_score_and_replay(index: int) -> None:
    """KT-4.1, KT-14.1, KT-14.3, KT-14.5, KT-3.6: many seeded games per configuration.

    Each game ends (by the rules with an empty mat, or by the cap exactly at round 25);
    final invariants hold; scores and winners recompute from ``owned`` and ``stocks`` with
    the data file's values; replaying the decision list from the same seed reproduces the
    final to_dict() exactly.
    """
    n, length, face_up = CONFIGS[index]
    opts = options(length, face_up)
    ended = 0
    for k in range(GAMES_PER_CONFIG):
        game = play_game(n, _seed(index, k), opts)
        check_end(game)
        ended += not game.state.capped
        assert canon(replay(game).to_dict()) == canon(game.state.to_dict()), game.seed
    assert ended > 0, "no game of this configuration ended by the rules"


@pytest.mark.parametrize("length", ["short", "full"])
def test_greedy_four_player_games_end_without_the_cap(length: str) -> None:
    """KT-14.1, KT-4.1: four greedy bots always empty the mat before the safety cap."""
    for seed in range(4):
        result, record = run_game(GAME, ["greedy"] * 4, seed, {"length": length},
                                  keep_record=True)
        assert not result.capped, f"seed {seed} hit the cap"
        assert 4 <= result.rounds < GAME.default_options()["max_rounds"]
        assert record is not None
        final = record.replay()
        assert final.is_over() and not final.capped
        assert all(t is None for row in final.position.rows for t in row)
        assert sum(len(o) for o in final.position.owned) == (17 if length == "short" else 22)
        assert result.scores == final.scores() == expected_scores(final)


def test_cap_stops_a_game_that_would_not_end() -> None:
    """KT-4.1 engine note: the round cap, not a rule, ends all-random games; the capped
    state is over, reports ``capped`` and accepts no decision."""
    game = play_game(3, 5, options(cap=3), seats=["random"] * 3)
    s = game.state
    assert s.is_over() and s.capped and s.position.round == 3
    assert s.legal_actions() == []
    check_end(game)


def test_clone_independence_on_every_legal_decision() -> None:
    """Clone independence: for states along a 4-player game, applying *each* legal decision
    to a clone leaves the original's to_dict() unchanged, and the clone equals the original
    until it is changed."""
    seen = 0

    def step(state, action):  # type: ignore[no-untyped-def]
        nonlocal seen
        if len(state.legal_actions()) <= 40 and seen < 400:
            assert canon(state.clone().to_dict()) == canon(state.to_dict())
            for legal in state.legal_actions():
                check_clone_independent(state, legal)
                seen += 1

    play_game(4, 11, options(cap=4), step=step)
    assert seen >= 400


@settings(max_examples=25, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=2, max_value=5),
       seed=st.integers(min_value=0, max_value=2**40),
       length=st.sampled_from(["short", "full"]),
       face_up=st.booleans(),
       greedy_mask=st.integers(min_value=0, max_value=31))
def test_property_any_seed_any_table(players: int, seed: int, length: str, face_up: bool,
                                     greedy_mask: int) -> None:
    """KT-0.7, KT-1.6, KT-7.7, KT-14.1, KT-14.3, KT-14.5 (hypothesis): for any seed, player
    count, length, mat side and mix of bots, the game ends (rules or cap), final invariants
    hold, scores recompute, and the decision list replays to the same final to_dict()."""
    seats = ["greedy" if greedy_mask >> p & 1 else "random" for p in range(players)]
    game = play_game(players, seed, options(length, face_up, cap=12), seats=seats)
    check_end(game)
    assert canon(replay(game).to_dict()) == canon(game.state.to_dict())


@settings(max_examples=6, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=2, max_value=5),
       seed=st.integers(min_value=0, max_value=2**40))
def test_property_checked_decision_by_decision(players: int, seed: int) -> None:
    """KT-0.7, KT-1.6, KT-2.6, KT-7.7 (hypothesis): every invariant after every decision."""
    face_up = bool(Rng(seed).below(2))
    game = play_checked(players, seed, options("short", face_up, cap=8), samples=2)
    check_end(game)


# ------------------------------------------------------------------ soak
@pytest.mark.soak
@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[_cfg_id(c) for c in CONFIGS])
def test_soak_games_end_score_and_replay(index: int) -> None:
    """Soak of KT-0.7, KT-1.6, KT-7.7, KT-14.1, KT-14.3, KT-14.5: thousands of games in all."""
    n, length, face_up = CONFIGS[index]
    opts = options(length, face_up)
    for k in range(SOAK_GAMES_PER_CONFIG):
        game = play_game(n, 500_000 + _seed(index, k), opts)
        check_end(game)
        assert canon(replay(game).to_dict()) == canon(game.state.to_dict()), game.seed


@pytest.mark.soak
@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[_cfg_id(c) for c in CONFIGS])
def test_soak_every_decision_keeps_invariants(index: int) -> None:
    """Soak of KT-0.7, KT-1.6, KT-2.6, KT-5.6, KT-7.7: per-decision checks on 10 games each."""
    n, length, face_up = CONFIGS[index]
    for k in range(10):
        game = play_checked(n, 900_000 + _seed(index, k), options(length, face_up))
        check_end(game)


@pytest.mark.soak
def test_soak_greedy_tables_end_without_the_cap() -> None:
    """Soak of KT-14.1: greedy tables of every size finish by the rules."""
    for n in range(2, 6):
        for seed in range(60):
            result, _ = run_game(GAME, ["greedy"] * n, seed, {"length": "full"})
            assert not result.capped, (n, seed)
