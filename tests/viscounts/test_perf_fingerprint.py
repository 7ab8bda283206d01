"""Behaviour fingerprint of random self-play, recorded from the engine before its speed-ups.

Every optimisation of the Viscounts engine must leave these hashes unchanged:
for seeds 0..29 and 1..4 players a seeded random player takes every decision;
each decision's legal-action count, the full legal list, the pending decision
and the chosen action are hashed, and so are (every 25 decisions) the views of
the deciding seat and of a spectator, and at the end the full ``to_dict()``
position, the scores and the winners.  Every 40 decisions play continues on a
``clone()`` so that cloning is fingerprinted too.

The expected values were computed from the original (unoptimised) code.  Run
this module as a script to print the current values.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from keepers.core.match import run_game
from keepers.core.rng import Rng
from keepers.games.viscounts import GAME

SEEDS = range(30)
PLAYERS = (1, 2, 3, 4)


def _dump(data: object) -> bytes:
    return json.dumps(data, sort_keys=True).encode()


def fingerprint(players: int, seed: int) -> str:
    """Hash of one random self-play game: every decision, some views, the final position."""
    state = GAME.new_state(players, seed, GAME.default_options())
    rng = Rng(seed * 1_009 + players)
    digest = hashlib.sha256()
    steps = 0
    while not state.is_over():
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        digest.update(f"{len(legal)}|{action}|{state.decision()}\n".encode())
        digest.update("\x1f".join(legal).encode())
        if steps % 25 == 0:
            digest.update(_dump(state.view(state.to_move())))
            digest.update(_dump(state.view(None)))
        if steps % 40 == 39:
            state = state.clone()
        state.apply_trusted(action)
        steps += 1
    digest.update(_dump(state.to_dict()))
    digest.update(_dump([state.scores(), state.winners(), state.round_number, state.capped]))
    return digest.hexdigest()[:16]


def greedy_fingerprint(players: int, seed: int) -> str:
    """Hash of one greedy self-play game (the greedy bot reads views)."""
    result, record = run_game(GAME, ["greedy"] * players, seed, keep_record=True)
    assert record is not None
    return hashlib.sha256(_dump([record.actions, result.to_dict()])).hexdigest()[:16]


EXPECTED: dict[tuple[int, int], str] = {}

EXPECTED_GREEDY: dict[tuple[int, int], str] = {}


@pytest.mark.parametrize("players", PLAYERS)
def test_random_selfplay_fingerprint_unchanged(players: int) -> None:
    """Random self-play is identical to the original engine, decision by decision."""
    got = {(players, seed): fingerprint(players, seed) for seed in SEEDS}
    want = {key: value for key, value in EXPECTED.items() if key[0] == players}
    assert got == want


def test_greedy_selfplay_fingerprint_unchanged() -> None:
    """Greedy self-play (which reads views) is identical to the original engine."""
    got = {key: greedy_fingerprint(*key) for key in EXPECTED_GREEDY}
    assert got == EXPECTED_GREEDY


if __name__ == "__main__":
    print("EXPECTED: dict[tuple[int, int], str] = {")
    for p in PLAYERS:
        for s in SEEDS:
            print(f"    ({p}, {s}): {fingerprint(p, s)!r},")
    print("}")
    print("EXPECTED_GREEDY: dict[tuple[int, int], str] = {")
    for p in PLAYERS:
        for s in (0, 1):
            print(f"    ({p}, {s}): {greedy_fingerprint(p, s)!r},")
    print("}")
