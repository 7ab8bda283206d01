"""Behaviour fingerprints of random self-play, recorded from the engine before its
speed-up: the optimised engine must replay every game decision for decision.

Each fingerprint hashes, for every decision, the full legal list and the chosen
action; every 23rd decision also the pending decision and two views; and at the
end the full position (``to_dict``).  Regenerate only for a deliberate rule change:
``python tests/gardiens/test_gd_perf_fingerprint.py``.

The fingerprints were recorded before the GR-29 options existed, under the readings
that were then the only ones.  Three of those are no longer the defaults, so these
games are played with them named (``OLD_READINGS``): the earlier engine must be
reproduced exactly, which shows that the old readings are intact.  The one thing
the earlier engine did not have, the ``options`` object in positions and views, is
taken out before hashing (``coop`` and ``max_rounds`` then sit where they were).
``EXPECTED_DEFAULTS`` fingerprints a smaller set of games under today's defaults and
each other reading, recorded when the options were added, for later speed work.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from keepers.core.rng import Rng
from keepers.games.gardiens import GAME
from keepers.games.gardiens.rules import board

VIEW_EVERY = 23
OLD_READINGS = {"bank_trade": True, "watchtower": "adjacent", "alliance_sharing": "swap"}
"""The readings of GR-29.3, 29.4 and 29.5 the engine played before they became options."""


def _as_before(data: dict[str, Any], legacy: bool = True) -> dict[str, Any]:
    """A view or position without the ``options`` object (added with GR-29); a position
    gets back its ``coop`` and ``max_rounds`` fields.  Unchanged when not ``legacy``."""
    if not legacy:
        return data
    out = dict(data)
    options = out.pop("options")
    if "rng" in out:  # a position
        out["coop"], out["max_rounds"] = options["coop"], options["max_rounds"]
    return out


def fingerprint(players: int, seed: int, coop: bool = False, max_rounds: int = 60,
                readings: dict[str, Any] | None = None) -> str:
    """Play a seeded random game and hash everything observable along the way
    (``readings``: the GR-29 options; by default those the engine had before them, and
    positions and views are then hashed as they were before, see ``_as_before``)."""
    legacy = readings is None
    options = {"coop": coop, "max_rounds": max_rounds,
               **(OLD_READINGS if readings is None else readings)}
    st = GAME.new_state(players, seed, options)
    rng = Rng(seed * 7919 + players)
    digest = hashlib.sha256()
    done = 0
    while not st.is_over():
        legal = st.legal_actions()
        action = legal[rng.below(len(legal))]
        digest.update(f"{len(legal)}|{action}|{'/'.join(legal)}\n".encode())
        if done % VIEW_EVERY == 0:
            decider = st.to_move()
            seen = [tuple(st.decision() or ()), _as_before(st.view(decider), legacy),
                    _as_before(st.view(None), legacy)]
            digest.update(json.dumps(seen, sort_keys=True).encode())
            st = st.clone()  # play on from a copy: clone() must copy everything
        st.apply_trusted(action)
        done += 1
    final = [_as_before(st.to_dict(), legacy), st.scores(), st.winners(),
             _as_before(st.view(0), legacy), st.capped]
    digest.update(json.dumps(final, sort_keys=True).encode())
    return digest.hexdigest()[:20]


def _cases() -> list[tuple[int, int, bool, int]]:
    cases = [(p, s, False, 60) for p in range(2, 6) for s in range(30)]
    cases += [(p, s, True, 60) for p in range(2, 6) for s in range(4)]
    cases += [(p, s, False, 3) for p in (2, 5) for s in range(2)]  # the round cap
    return cases


EXPECTED: dict[str, str] = {
    "2-0-comp-60": "72211c33cc7ef739a083",
    "2-1-comp-60": "ab82e21c113df6eec109",
    "2-2-comp-60": "0acbb723be0bde26b9d2",
    "2-3-comp-60": "2cb245e5bc646df789ad",
    "2-4-comp-60": "cf29f23acfca41c49851",
    "2-5-comp-60": "207a4e79b7d5fcce3847",
    "2-6-comp-60": "a35c92aba76e58aee819",
    "2-7-comp-60": "68cf046980fb9ed0927d",
    "2-8-comp-60": "35ff1697c8633b9b00cc",
    "2-9-comp-60": "8d2867350b09af5072ef",
    "2-10-comp-60": "ef9d04feb0bb9ac42237",
    "2-11-comp-60": "68e59a8ede7d4f26297b",
    "2-12-comp-60": "54dc3cb55a5c332dfdc1",
    "2-13-comp-60": "810cb1ffb1a6c96b9dc5",
    "2-14-comp-60": "6a75404e873be05b9b4c",
    "2-15-comp-60": "8a399d495b80f284f23d",
    "2-16-comp-60": "50ed5ede68e3cf6028f6",
    "2-17-comp-60": "c6dfc6f48b8d843fb1a0",
    "2-18-comp-60": "f17e276a619503163f34",
    "2-19-comp-60": "494890154818d82ba3e9",
    "2-20-comp-60": "0e8734fb8ac331beda5c",
    "2-21-comp-60": "8307bb5f6dee527e1012",
    "2-22-comp-60": "1cb2e929b6b20722c06b",
    "2-23-comp-60": "7b7bfd0c96ed70a83af2",
    "2-24-comp-60": "a3ae45fae0100ef1363b",
    "2-25-comp-60": "466ee14a8af33a06303c",
    "2-26-comp-60": "655be48d78386b0da7b9",
    "2-27-comp-60": "e7ab0ed421487fc8ef79",
    "2-28-comp-60": "9bb4732f0b58f975e3ad",
    "2-29-comp-60": "ef5bf66a81e9067ab3c7",
    "3-0-comp-60": "4329e548c128744ca0a5",
    "3-1-comp-60": "8849e9b66c86b1c51f0a",
    "3-2-comp-60": "5a68ffb837fe66804c97",
    "3-3-comp-60": "fdd94e35b4f6290a70b1",
    "3-4-comp-60": "cb903097a63c42d9999e",
    "3-5-comp-60": "ca2b03b9daf2203f98db",
    "3-6-comp-60": "960bac85820b7dcfb5f6",
    "3-7-comp-60": "a91f77cff359bd68962d",
    "3-8-comp-60": "075615791d2be5e8d277",
    "3-9-comp-60": "adf1526027278b71af47",
    "3-10-comp-60": "28a5bdf058fceb1ce573",
    "3-11-comp-60": "51c22952d0fa3a631e74",
    "3-12-comp-60": "2bcd9d7ab48bffa7f700",
    "3-13-comp-60": "b710a2b637b34540c65d",
    "3-14-comp-60": "40234b5642d78c7a44c4",
    "3-15-comp-60": "2c803e25463d4db69fbb",
    "3-16-comp-60": "8dac5867aadb931d4c2b",
    "3-17-comp-60": "bfd71e10edb3e7fa6d74",
    "3-18-comp-60": "aadf2f983ce55811b610",
    "3-19-comp-60": "eb41c9cfad904272cea5",
    "3-20-comp-60": "1138e4baaa6f535e6edf",
    "3-21-comp-60": "d02bf5010bdc9af2d84d",
    "3-22-comp-60": "fecd565285d46bf8a21f",
    "3-23-comp-60": "e2205ba36bf855defe6c",
    "3-24-comp-60": "0dc4a077f050684dcd5a",
    "3-25-comp-60": "cb3d76681d802bf17021",
    "3-26-comp-60": "bba32f5ad2d25fb62252",
    "3-27-comp-60": "613557030c6596b4cc06",
    "3-28-comp-60": "2f452824db11c91b7ace",
    "3-29-comp-60": "c337178bf47775f8bce4",
    "4-0-comp-60": "817c821f2b63f5cd8197",
    "4-1-comp-60": "88a0d212ea306cd7ffe0",
    "4-2-comp-60": "00331ebf38d17c8d6483",
    "4-3-comp-60": "40ff45b3bf0657e3a00e",
    "4-4-comp-60": "9d50566736373ed4e24d",
    "4-5-comp-60": "01de57cf6b1dfdf576ca",
    "4-6-comp-60": "c4acf52440c2df05170a",
    "4-7-comp-60": "35a83b8cb83339c48183",
    "4-8-comp-60": "5351baa5258be22f223a",
    "4-9-comp-60": "c1e25bda0a70eb3ec20f",
    "4-10-comp-60": "a23074079635785597da",
    "4-11-comp-60": "1d74475d3178727e12b9",
    "4-12-comp-60": "5f1ed7813ae8d969d813",
    "4-13-comp-60": "e866d43ceb8f5b8dc582",
    "4-14-comp-60": "cfe1ae8cc512bc2e5325",
    "4-15-comp-60": "9d0d146a55c88089f2ea",
    "4-16-comp-60": "fade493db14953fb554b",
    "4-17-comp-60": "27b30f7224fbb7a96588",
    "4-18-comp-60": "c63fc558b1ddfabaab5d",
    "4-19-comp-60": "61afe7cade5f7845b875",
    "4-20-comp-60": "bd92d19772f56b9f793b",
    "4-21-comp-60": "8aeef11f83663d2d5710",
    "4-22-comp-60": "7d2fcdb226ba0953e24d",
    "4-23-comp-60": "cc412596f999b84c2174",
    "4-24-comp-60": "221970a1ea7c3350d10a",
    "4-25-comp-60": "6df9c2f4f3fd2557ac42",
    "4-26-comp-60": "6ff3b6f5d73c4fd1e1e8",
    "4-27-comp-60": "862f59584a1f50f2c334",
    "4-28-comp-60": "38f4f2d60ce9538db8c4",
    "4-29-comp-60": "e61870d0f30473cb89b7",
    "5-0-comp-60": "f97fb737ac10e52500d2",
    "5-1-comp-60": "d5670c121d93dc859154",
    "5-2-comp-60": "c1790c5c3fd4f38866a1",
    "5-3-comp-60": "8d070795a88a33e83586",
    "5-4-comp-60": "d725434230587a0274f8",
    "5-5-comp-60": "9047c99877c11c5ff28d",
    "5-6-comp-60": "4ebae1aca78321ce9942",
    "5-7-comp-60": "b107a3d20d1bd0571283",
    "5-8-comp-60": "c5eca273165687c1a2ca",
    "5-9-comp-60": "54716077cf407121161a",
    "5-10-comp-60": "8a4f3df7b1dc9bdc3ce4",
    "5-11-comp-60": "c7a66c638a2619d26fa7",
    "5-12-comp-60": "780ec9007665ceb1af33",
    "5-13-comp-60": "3f9251f42a69c5f2f6fe",
    "5-14-comp-60": "ace5b2dcd6d4135010c8",
    "5-15-comp-60": "7229f64ac2c25bc2064d",
    "5-16-comp-60": "192a9deb1261fa726e7a",
    "5-17-comp-60": "30ccec2e026e1ebcdeec",
    "5-18-comp-60": "92a27dbe07d85d6f9095",
    "5-19-comp-60": "a5205924092b18f95957",
    "5-20-comp-60": "a1025c2cdee43328359c",
    "5-21-comp-60": "95180c66e2716a5b98f6",
    "5-22-comp-60": "9eea3555dc99c387d8fe",
    "5-23-comp-60": "fd56d632c73d49349a71",
    "5-24-comp-60": "b3f9cbb44d54c6b53d11",
    "5-25-comp-60": "4f5825c74b1ec6184688",
    "5-26-comp-60": "1dd1e637a8b2afb8ee2f",
    "5-27-comp-60": "60b039504dd8d430ea1b",
    "5-28-comp-60": "334043f7897579ae7747",
    "5-29-comp-60": "cbb3c0766363877af892",
    "2-0-coop-60": "ab1d7a87958ea5a9b8fd",
    "2-1-coop-60": "5544bc5ae566f137f7ca",
    "2-2-coop-60": "49e078106fc754d5addd",
    "2-3-coop-60": "52c173fecd4cb3142e0a",
    "3-0-coop-60": "7526c6c8203ee464aa34",
    "3-1-coop-60": "8f85f23de03be82db1bc",
    "3-2-coop-60": "2b954022b59a84723315",
    "3-3-coop-60": "05e480a8dd8d63e1926b",
    "4-0-coop-60": "eecd8ce42d900962e5ee",
    "4-1-coop-60": "912f78ef1fade394a2ee",
    "4-2-coop-60": "babd2fd2c7bca8549a0a",
    "4-3-coop-60": "ab291a7fef92d1460d5b",
    "5-0-coop-60": "5196279f560ae48e4d23",
    "5-1-coop-60": "4c135a79831e431ef531",
    "5-2-coop-60": "1ac4f6fa6634b588ce05",
    "5-3-coop-60": "f9ea975642d73dd65f80",
    "2-0-comp-3": "2a0634f99cb62e5ee08c",
    "2-1-comp-3": "e4bcbd4a7c8beb17b71c",
    "5-0-comp-3": "daed1ddde07b6082757a",
    "5-1-comp-3": "5340f42215e93fcf7d96",
}


@pytest.mark.parametrize("players,seed,coop,max_rounds", _cases())
def test_fingerprint(players: int, seed: int, coop: bool, max_rounds: int) -> None:
    """The games recorded before the options, under the readings of that time."""
    key = f"{players}-{seed}-{'coop' if coop else 'comp'}-{max_rounds}"
    assert fingerprint(players, seed, coop, max_rounds) == EXPECTED[key]


def _default_cases() -> list[tuple[int, int, bool, dict[str, Any]]]:
    """Today's defaults, then each other reading of GR-29 alone (Shadows: in co-op)."""
    cases: list[tuple[int, int, bool, dict[str, Any]]] = [
        (p, s, False, {}) for p in range(2, 6) for s in range(4)]
    cases += [(p, 0, True, {}) for p in range(2, 6)]
    for key, value in (("first_player", "fixed"), ("territory_points", "accumulate"),
                       ("bank_trade", True), ("watchtower", "adjacent"),
                       ("alliance_sharing", "swap")):
        cases += [(p, s, False, {key: value}) for p in (3, 4) for s in range(2)]
    cases += [(p, s, True, {"shadows": "advance"}) for p in range(2, 6) for s in range(2)]
    return cases


def _default_key(players: int, seed: int, coop: bool, readings: dict[str, Any]) -> str:
    reading = ",".join(f"{k}={str(v).lower()}" for k, v in readings.items()) or "defaults"
    return f"{players}-{seed}-{'coop' if coop else 'comp'}-{reading}"


EXPECTED_DEFAULTS: dict[str, str] = {
    "2-0-comp-defaults": "bc19607c590ab6fb1266",
    "2-1-comp-defaults": "c897cff9f844fe9daa3e",
    "2-2-comp-defaults": "4de893ea1e52979800c2",
    "2-3-comp-defaults": "9c5117838cd1302c401d",
    "3-0-comp-defaults": "ef830da11623046a85dd",
    "3-1-comp-defaults": "4d4f93955841289c1309",
    "3-2-comp-defaults": "59ffd65eaf490920483a",
    "3-3-comp-defaults": "663f52044e4b3283988d",
    "4-0-comp-defaults": "3cc204998bc9721c3a03",
    "4-1-comp-defaults": "5ed9697fe8ffbad6f448",
    "4-2-comp-defaults": "db235fae8de2a882df05",
    "4-3-comp-defaults": "7d8f4453c7ebf1592998",
    "5-0-comp-defaults": "aeef6eb98b2242fcbf5e",
    "5-1-comp-defaults": "d4d99de9baab124aef60",
    "5-2-comp-defaults": "47be7b7d4c7dd828e1b5",
    "5-3-comp-defaults": "cbca2b9dc09f2008cc90",
    "2-0-coop-defaults": "8fc048766814e981d7ca",
    "3-0-coop-defaults": "08e71dd4c5af5a0b5c42",
    "4-0-coop-defaults": "08c65ca9eace6a18490f",
    "5-0-coop-defaults": "536d8b3608454e00c09f",
    "3-0-comp-first_player=fixed": "156e205e2e6a465a5434",
    "3-1-comp-first_player=fixed": "8356374308aac04d162f",
    "4-0-comp-first_player=fixed": "fa75971982c76d3dbc1c",
    "4-1-comp-first_player=fixed": "6a9388859e49667565bd",
    "3-0-comp-territory_points=accumulate": "3d2d7b8490886476bd93",
    "3-1-comp-territory_points=accumulate": "6ff22b7100e55b9d94f8",
    "4-0-comp-territory_points=accumulate": "084a140096c0b3722309",
    "4-1-comp-territory_points=accumulate": "f5932f1184d9f3148d57",
    "3-0-comp-bank_trade=true": "9e8bf3b775545077ae70",
    "3-1-comp-bank_trade=true": "e50a5d8bba5227dbb0c0",
    "4-0-comp-bank_trade=true": "b7c1e8c675ed4ce889c8",
    "4-1-comp-bank_trade=true": "b265c14c3d044b554755",
    "3-0-comp-watchtower=adjacent": "a98071e4a1dadc295fe5",
    "3-1-comp-watchtower=adjacent": "e4f1ca04a503fdb64dbd",
    "4-0-comp-watchtower=adjacent": "bcf8687e96c9f8afb292",
    "4-1-comp-watchtower=adjacent": "7481c21061528729dd04",
    "3-0-comp-alliance_sharing=swap": "bc2567286c8d42f26edf",
    "3-1-comp-alliance_sharing=swap": "1fc89feb2a05cc256d74",
    "4-0-comp-alliance_sharing=swap": "4bf62696fdef009ef5ba",
    "4-1-comp-alliance_sharing=swap": "7328077bdaafa743e1b6",
    "2-0-coop-shadows=advance": "24bb91ccd663139bbc18",
    "2-1-coop-shadows=advance": "16173696e0e87777bb81",
    "3-0-coop-shadows=advance": "b8fba7f656ac9e0f4969",
    "3-1-coop-shadows=advance": "98aa97f936a9f3652edf",
    "4-0-coop-shadows=advance": "49526c6bb459d1f0107a",
    "4-1-coop-shadows=advance": "04405f8961579d3784ca",
    "5-0-coop-shadows=advance": "0c91bf0b78080e14ff49",
    "5-1-coop-shadows=advance": "e0621e2b82170f3fe59b",
}


@pytest.mark.parametrize("players,seed,coop,readings", _default_cases(),
                         ids=[_default_key(*case) for case in _default_cases()])
def test_fingerprint_under_the_options(players: int, seed: int, coop: bool,
                                       readings: dict[str, Any]) -> None:
    """The same, under today's defaults and each other reading (positions and views
    hashed whole, options included), recorded when the options were added."""
    key = _default_key(players, seed, coop, readings)
    assert fingerprint(players, seed, coop, 60, readings) == EXPECTED_DEFAULTS[key]


if __name__ == "__main__":
    for p, s, c, m in _cases():
        print(f'    "{p}-{s}-{"coop" if c else "comp"}-{m}": "{fingerprint(p, s, c, m)}",')
    print()
    for p, s, c, r in _default_cases():
        print(f'    "{_default_key(p, s, c, r)}": "{fingerprint(p, s, c, 60, r)}",')


def test_clone_copies_every_field() -> None:
    """clone() copies its fields one by one (for speed): none may be forgotten, and
    no mutable container may be shared with the original."""
    from keepers.games.gardiens.game import GardiensState
    from keepers.games.gardiens.state import Position

    st = GAME.new_state(3, 5, {})
    rng = Rng(5)
    for _ in range(60):
        legal = st.legal_actions()
        st.apply_trusted(legal[rng.below(len(legal))])
    assert isinstance(st, GardiensState)
    other = st.clone()
    assert GardiensState.__slots__ == ()  # every field is the position's
    for name in Position.__slots__:
        mine, theirs = getattr(st, name), getattr(other, name)
        assert mine == theirs or name == "rng", name
        if isinstance(mine, list | dict) and name != "last_combat":  # that one is replaced
            assert mine is not theirs, name
            for a, b in zip(mine, theirs, strict=True):
                assert not isinstance(a, list) or a is not b, name
    assert other.rng.state == st.rng.state and other.rng is not st.rng
    assert other.to_dict() == st.to_dict()


def test_fused_moves_and_attacks_match_the_separate_finders() -> None:
    """action_legal walks the neighbours once for MOVE and ATTACK; the result must be
    that of move_actions and attack_actions, also in co-op and under King's Peace."""
    from keepers.games.gardiens.game import GardiensState
    from keepers.games.gardiens.rules import actions, combat, events

    for seed in range(12):
        st = GAME.new_state(2 + seed % 4, seed, {"coop": seed % 3 == 0})
        assert isinstance(st, GardiensState)
        rng = Rng(seed)
        while not st.is_over():
            for p in range(st.n):
                mine = board.controlled(st, p)
                moves = [] if events.forbidden(st, "move") else actions.move_actions(st, p)
                fused = actions.moves_and_attacks(st, p, mine)
                assert fused == (moves, combat.attack_actions(st, p))
            legal = st.legal_actions()
            st.apply_trusted(legal[rng.below(len(legal))])
