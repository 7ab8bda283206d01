"""Behaviour fingerprint of random self-play, recorded from the engine before its speed-ups.

Every optimisation of the Viscounts engine must leave these hashes unchanged:
for seeds 0..29 and 1..4 players a seeded random player takes every decision;
each decision's legal-action count, the full legal list, the pending decision
and the chosen action are hashed, and so are (every 25 decisions) the views of
the deciding seat and of a spectator, and at the end the full ``to_dict()``
position, the scores and the winners.  Every 40 decisions play continues on a
``clone()`` so that cloning is fingerprinted too.  Eight greedy games (the
greedy bot reads a view for every decision) are fingerprinted as well.

The expected values were computed from the original (unoptimised) code; five
solo values were recomputed for an intended rules change (rules version 2: the
solo AI's worker placement, docs/rulings.md).  Run this module as a script to
print the current values.
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
    digest.update(_dump(state.to_dict()))
    digest.update(_dump([state.scores(), state.winners(), state.round_number, state.capped]))
    return digest.hexdigest()[:16]


def greedy_fingerprint(players: int, seed: int) -> str:
    """Hash of one greedy self-play game (the greedy bot reads views)."""
    result, record = run_game(GAME, ["greedy"] * players, seed, keep_record=True)
    assert record is not None
    outcome = result.to_dict()
    outcome["stats"] = {}  # per-game report figures were added after the hashes were taken
    return hashlib.sha256(_dump([record.actions, outcome])).hexdigest()[:16]


EXPECTED: dict[tuple[int, int], str] = {
    (1, 0): '9278a7e3a6e02af1',
    (1, 1): 'a8cbeab1b2601c50',
    (1, 2): '4a9af1f0fa1bc52f',
    (1, 3): 'f7fe9d36e7e1e562',
    (1, 4): 'a3ce5306175f4012',
    (1, 5): 'edd6702e00eb411f',
    (1, 6): 'e5ec1ec6c649168e',
    (1, 7): '02aa0668460cd840',
    (1, 8): '99d2fa4fa4e94f5c',
    (1, 9): '4e4987c8984c95b0',
    (1, 10): '8221c2eeab5255f3',
    (1, 11): '2220e95f0de5ac61',
    (1, 12): '84ebc65a35950beb',
    (1, 13): '8c8c66007f5f15f5',
    (1, 14): 'ea070809fdd712cc',
    (1, 15): '9e76d77ec2d9831b',
    (1, 16): '9e09e06d62f8f433',
    (1, 17): '850b747024273bb5',
    (1, 18): '502a0565e50e91a1',
    (1, 19): '5e92044fd3050e15',
    (1, 20): '59bbd4b31ba1d637',
    (1, 21): '0d5d535b39f45978',
    (1, 22): '0b4e42272acbc1c7',
    (1, 23): '1d1467bdda9e0780',
    (1, 24): 'c4363c9a871c3806',
    (1, 25): 'fac819df4c63e52a',
    (1, 26): '1e9aa7a0a5376a9e',
    (1, 27): '765184185de36adb',
    (1, 28): '424dc6f1527091b6',
    (1, 29): '07a0f757047f772d',
    (2, 0): 'eb62f6073c09a3ff',
    (2, 1): 'f8f9e4588ae07f88',
    (2, 2): '88aeea83e9cce2fa',
    (2, 3): 'b1aca8981b574c57',
    (2, 4): '29f2088ce7b1ad7f',
    (2, 5): '28339404249d016e',
    (2, 6): '17310a49e7ac814e',
    (2, 7): '0e549fa4d9355edf',
    (2, 8): '04a59dd7fdf83354',
    (2, 9): '2d295eb6f9491fe2',
    (2, 10): '6e399794912931c4',
    (2, 11): '8f4e06e9841848fc',
    (2, 12): 'dc416ed0238c6271',
    (2, 13): '7a965edcbbe622dc',
    (2, 14): 'f1859650d86f8601',
    (2, 15): 'c78560786ba6d181',
    (2, 16): '296d6bb95f466780',
    (2, 17): 'c786fe779d6352fe',
    (2, 18): '4bb56b91e44635bd',
    (2, 19): 'ef9b91c9dd2cb43a',
    (2, 20): '90af76543befd4d4',
    (2, 21): '7b374926dfa1922a',
    (2, 22): '2904562291c72865',
    (2, 23): 'aea30986450030f4',
    (2, 24): '473443b41d89b12d',
    (2, 25): '14caf651ac75789c',
    (2, 26): '70dfa5a5ab100a26',
    (2, 27): 'bb52054aa534f927',
    (2, 28): 'a6447b8874cbadc5',
    (2, 29): 'dc0eac96b44cd98c',
    (3, 0): 'dc1691abcd9885e5',
    (3, 1): 'f7818a979b8ff64e',
    (3, 2): '472af650323ca12c',
    (3, 3): '6842d409df1b2101',
    (3, 4): '866cc79a6ad9ba2b',
    (3, 5): '8bcd322da05a446b',
    (3, 6): 'ef774648bc3edcd5',
    (3, 7): '07642061af1389f4',
    (3, 8): '8a93102bd9b11663',
    (3, 9): 'fef3d787dc1ac472',
    (3, 10): '052ea016a6aef72c',
    (3, 11): '8056980d0810d299',
    (3, 12): '439997c77a90f446',
    (3, 13): 'a0fd24b2e41f4765',
    (3, 14): '916de6a474a13857',
    (3, 15): '0aefd88e1b064862',
    (3, 16): '2d0a535976fa83b5',
    (3, 17): 'f81ac43b997671ff',
    (3, 18): '62a57fddf49fa845',
    (3, 19): '74a1dad699677606',
    (3, 20): 'a743c957bc5973b1',
    (3, 21): 'ce22bfa88f32aa13',
    (3, 22): '202f7987c7dab910',
    (3, 23): 'f189f281a2fa1683',
    (3, 24): '5c99b24816945453',
    (3, 25): 'ecee083f5d470b18',
    (3, 26): '74b7f726b09d75fe',
    (3, 27): '6c13217315a80084',
    (3, 28): 'f8ae53b6eed6e811',
    (3, 29): '3b1a2aacb30f7d14',
    (4, 0): '03bfad652ded89f4',
    (4, 1): '0b244ad8e7707bb7',
    (4, 2): '89ecdf4af25d66fe',
    (4, 3): '47813972bbf7c679',
    (4, 4): '005c7b39a3a95c3f',
    (4, 5): '2255c661626b0cf7',
    (4, 6): 'd2dfb6fb3166d639',
    (4, 7): 'a0facbe21d1a8631',
    (4, 8): '3fba97d93de26666',
    (4, 9): '7ccd160e028eb3bd',
    (4, 10): '9332c44b80f4dd7f',
    (4, 11): 'be0a11aabaea7ea0',
    (4, 12): 'b6b7cd8ff2b93344',
    (4, 13): '7e43ef98780c15e3',
    (4, 14): '712a4ef62f17f184',
    (4, 15): '9de43e70ef8700a7',
    (4, 16): '96098e1bc29f47d9',
    (4, 17): '5c633ec79bd9cfc6',
    (4, 18): '47d8519bcf9cae9a',
    (4, 19): '38f9609b88c5cb1a',
    (4, 20): '4c1dbab5bb32091a',
    (4, 21): '97f977c47d50d3bc',
    (4, 22): '3e5287e6c90df3e8',
    (4, 23): '6ce27330f77da711',
    (4, 24): '70eaba8eb18bda78',
    (4, 25): 'd608e6a62ad4fc9b',
    (4, 26): '555284ba1360210f',
    (4, 27): '9032994702d56493',
    (4, 28): 'dead4511134731c3',
    (4, 29): '4a2a5c99bea9f0dd',
}

EXPECTED_GREEDY: dict[tuple[int, int], str] = {
    (1, 0): 'b07b50019ae23fc4',
    (1, 1): 'c205209db83eda61',
    (2, 0): '1e81b39c2f15c657',
    (2, 1): 'efbeb493b863f50a',
    (3, 0): '2bb1eca6122d426b',
    (3, 1): '6d0879f4d3a7ad7b',
    (4, 0): '9c576a1ed4aa06ae',
    (4, 1): '87980b177f2482f6',
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
