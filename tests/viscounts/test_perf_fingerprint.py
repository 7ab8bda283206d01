"""Behaviour fingerprint of random self-play, recorded from the engine before its speed-ups.

Every optimisation of the Viscounts engine must leave these hashes unchanged:
for seeds 0..29 and 1..4 players a seeded random player takes every decision;
each decision's legal-action count, the full legal list, the pending decision
and the chosen action are hashed, and so are (every 25 decisions) the views of
the deciding seat and of a spectator, and at the end the full ``to_dict()``
position, the scores and the winners.  Every 40 decisions play continues on a
``clone()`` so that cloning is fingerprinted too.  Eight greedy games (the
greedy bot reads a view for every decision) are fingerprinted as well.

The expected values were computed from the original (unoptimised) code and
recomputed twice on purpose: for rules version 2 (the solo AI's worker placement,
docs/rulings.md) and when the views' event log became machine words translated
for display (with the solo AI's turns in it).  The greedy games' values were
recomputed once more when the greedy bot came to draw from its generator only among
decisions of equal value (the same choice among equals, another draw).  Run this
module as a script to print the current values.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from keepers.core.match import run_game
from keepers.core.rng import Rng
from keepers.games.viscounts import GAME
from keepers.games.viscounts.model import PLAYER_FIELDS

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
    digest.update(_dump(_without_log(state.to_dict())))
    digest.update(_dump([state.scores(), state.winners(), state.round_number, state.capped]))
    return digest.hexdigest()[:16]


def _without_log(position: dict[str, object]) -> dict[str, object]:
    """The position as it was hashed before it kept the event log (the views hash the log)."""
    return {key: value for key, value in position.items() if key != "log"}


def greedy_fingerprint(players: int, seed: int) -> str:
    """Hash of one greedy self-play game (the greedy bot reads views)."""
    result, record = run_game(GAME, ["greedy"] * players, seed, keep_record=True)
    assert record is not None
    outcome = result.to_dict()
    outcome["stats"] = {}  # per-game report figures were added after the hashes were taken
    return hashlib.sha256(_dump([record.actions, outcome])).hexdigest()[:16]


EXPECTED: dict[tuple[int, int], str] = {
    (1, 0): '4f0dc9aefaa712f2',
    (1, 1): '79d78980aee33526',
    (1, 2): 'c93e42b0fdd56a97',
    (1, 3): '05855c008099b003',
    (1, 4): '399f6a3dbae55115',
    (1, 5): '79976a53b4a9ad77',
    (1, 6): 'b955de09fe292b71',
    (1, 7): '70c608b878634496',
    (1, 8): 'a2f01d849535cba4',
    (1, 9): 'a95e7457ecdda74b',
    (1, 10): 'd2721f235056e920',
    (1, 11): '0a649acdb5529a54',
    (1, 12): '455f4decbacc55e6',
    (1, 13): 'b64485b0f23a8be8',
    (1, 14): '7896ee324c8a5c32',
    (1, 15): '1b4f55f671f4b336',
    (1, 16): '86fffe00b47be278',
    (1, 17): '8c547a23914eaafd',
    (1, 18): 'caf2f04b196f9c97',
    (1, 19): '1fbf03075379fe1c',
    (1, 20): '920fb493886e3a5c',
    (1, 21): '6c4edea6fbb617b5',
    (1, 22): '8a84d4569aaff39f',
    (1, 23): '858800fe8987f833',
    (1, 24): '4788356ba4f2a664',
    (1, 25): 'eeb97bb385db454e',
    (1, 26): '5ae995251e8edea9',
    (1, 27): '6b7489f91422bf7f',
    (1, 28): '7d916a82b4c349f6',
    (1, 29): 'b23f5f822b514ca4',
    (2, 0): 'bd838faee314ddbc',
    (2, 1): 'b0dd7c8d1c26fe62',
    (2, 2): '00ed00577da0eb4f',
    (2, 3): '2edd62da4132e878',
    (2, 4): 'b3e31333907998bc',
    (2, 5): '0f5ab9aa0d79e8e8',
    (2, 6): '439274814723fbc3',
    (2, 7): 'd859f271c883cfea',
    (2, 8): '8aa4ef4a00eff965',
    (2, 9): 'ed978c0cab5a6c0a',
    (2, 10): '51419270e16ada19',
    (2, 11): '0480599acfaf436d',
    (2, 12): '8e8663d05f571ac6',
    (2, 13): '1904abc190d70339',
    (2, 14): '4ea3fc1bee12b629',
    (2, 15): '6aa2cf7578394227',
    (2, 16): '483629f5feaf2ba3',
    (2, 17): '10f70b21653247fb',
    (2, 18): '4eeefb1e1ab3109d',
    (2, 19): '227e7dd4642e294c',
    (2, 20): '673ab3adce2c6e47',
    (2, 21): 'cf86dace406c7e11',
    (2, 22): 'ea8713a5d059813a',
    (2, 23): '7e5ed10c0869be42',
    (2, 24): 'f422e98a7f9b693b',
    (2, 25): '4709f3e4c79f3ff3',
    (2, 26): '56cc0a65b0305a4e',
    (2, 27): 'cacfece0effc9ac9',
    (2, 28): 'f089f1e7f587b79f',
    (2, 29): '481db28bd6556cc9',
    (3, 0): '85f37e7e9aa747c1',
    (3, 1): '2a90958c367f3134',
    (3, 2): '669af44386ce8827',
    (3, 3): '4ace71c72ccd7bb4',
    (3, 4): 'd8268bc7b15a66b4',
    (3, 5): 'a08f632db280ac6d',
    (3, 6): 'b36790798a1ef919',
    (3, 7): '633d47eda819b661',
    (3, 8): 'e65128dd4363f233',
    (3, 9): 'bfc62c8537264c29',
    (3, 10): 'e10581d90ad71ca4',
    (3, 11): '1d46f0d50c9d1273',
    (3, 12): '95ab8ecc965d2af5',
    (3, 13): '813968b59e44984a',
    (3, 14): 'dc4d63066ad0f2d8',
    (3, 15): 'a4c11241f6e04c28',
    (3, 16): '4a5ffce927b648f9',
    (3, 17): 'def19dbd965e100c',
    (3, 18): '85b7b6c41dfd1387',
    (3, 19): '04dc068874eae5c9',
    (3, 20): '1e11b115d8fef071',
    (3, 21): '6adc34c7fbd730c7',
    (3, 22): '534f06044e5e89be',
    (3, 23): '764dc987b73eab4a',
    (3, 24): '7779419bd1748d2a',
    (3, 25): '9e49fd4ec98dfa81',
    (3, 26): '42f8ab76add275fc',
    (3, 27): '7049367af51ed9d9',
    (3, 28): '04ab29a9be4e9dc9',
    (3, 29): 'aac95b54f8b41f24',
    (4, 0): '851b61e1f2961eb6',
    (4, 1): '192f99ceac63c131',
    (4, 2): '875a17a9d3685265',
    (4, 3): '137a1336c15d52aa',
    (4, 4): 'f5a1157260b41c8e',
    (4, 5): '12824185892419de',
    (4, 6): '316b99d6fe2d88b0',
    (4, 7): '71da0a65f8b5a094',
    (4, 8): 'd3a89c3b4a8d031a',
    (4, 9): '612152f063445abb',
    (4, 10): '2a974a2b1aa4292b',
    (4, 11): 'f38f77f3b41cd9a7',
    (4, 12): 'd5c430242df5217e',
    (4, 13): 'fbf12eafcc4e96c8',
    (4, 14): '08e3b65187218d8b',
    (4, 15): 'a7017c9e3fbc957d',
    (4, 16): '4ff0b2556daf523e',
    (4, 17): '31b3154f9d469380',
    (4, 18): 'c3c331aa2c40eaa5',
    (4, 19): 'efe09c677eb84a95',
    (4, 20): '7a1111fa35e79f33',
    (4, 21): 'fe14acbc290b177a',
    (4, 22): '292d1c50a210da74',
    (4, 23): '9523d971257a0782',
    (4, 24): '0c81cd1aec7b647d',
    (4, 25): 'fb51d45f2f09f056',
    (4, 26): 'b14deab54d39c1b7',
    (4, 27): '3acffa401f1434a8',
    (4, 28): '2a146cf8bdb62798',
    (4, 29): 'e1041ce61ba9c27f',
}

EXPECTED_GREEDY: dict[tuple[int, int], str] = {
    (1, 0): 'c43d4a2ff7a1a896',
    (1, 1): '8cad9f5f450964ae',
    (2, 0): '821f6363d83940fc',
    (2, 1): 'c4a7d8dd0bd4ec8e',
    (3, 0): 'b8c1ddeabb03a3b1',
    (3, 1): '6019e9b3b93885ab',
    (4, 0): '0887994aa7e887f6',
    (4, 1): 'af87fd873c56499d',
}


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


def test_fingerprint_unchanged_when_memos_are_emptied(monkeypatch: pytest.MonkeyPatch) -> None:
    """Emptying the shared memos (done when they grow too big) changes nothing."""
    from keepers.games.viscounts import state

    monkeypatch.setattr(state, "MEMO_LIMIT", 20)
    for key in [(1, 3), (2, 4), (4, 5)]:
        assert fingerprint(*key) == EXPECTED[key]


def test_player_clone_copies_every_slot() -> None:
    """Player.clone spells its fields out: it must cover every slot, sharing no list."""
    state = GAME.new_state(2, 3, GAME.default_options())
    for player in state.position.players:
        twin = player.clone()
        for name in PLAYER_FIELDS:
            value = getattr(player, name)
            assert getattr(twin, name) == value, name
            if isinstance(value, list):
                assert getattr(twin, name) is not value, name


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
