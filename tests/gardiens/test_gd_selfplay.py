"""Random self-play invariants, replay, position files and view secrecy (GR-1.4, GR-14,
GR-20, GR-28)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis.strategies import booleans as st_bool
from hypothesis.strategies import integers as st_int

from keepers.core.bots import RandomBot
from keepers.core.match import run_game
from keepers.core.record import load_position, save_position
from keepers.games.gardiens import GAME
from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.rules import board, scoring
from keepers.games.gardiens.state import NONE

SEEDS = range(200)


def check_invariants(st: GardiensState) -> None:
    """Conservation and bounds that hold after every decision."""
    data = st.data
    limit = data.rule("max_guardians_per_hex")
    for r, total in enumerate(data.supply):  # cubes conserved, never negative
        assert st.supply[r] >= 0
        assert st.supply[r] + sum(c[r] for c in st.cubes) == total
    for p in range(st.n):
        assert min(st.cubes[p]) >= 0 and st.reserve[p] >= 0
        assert st.reserve[p] + board.on_board(st, p) == data.guardians_per_player
    for h, count in enumerate(st.count):
        assert 0 <= count <= limit
        assert (count == 0) == (st.owner[h] == NONE)
        # GR-25.3; with GR-29.6 shadows=advance a Shadow may stand on guardians it passes
        assert not (count and board.has_shadow(st, h)) or st.shadows_advance
        assert not (count and board.has_shadow(st, h) and h in board.controlled(st, st.owner[h]))
    playing = [st.ctx["card"]] if "card" in st.ctx else []
    cards = st.deck + st.river + st.discard + [c for h in st.hands for c in h] + playing
    assert sorted(cards) == sorted(data.card_instances)
    assert sorted(st.events + st.event_discard) == sorted(data.event_instances)
    for b, copies in enumerate(b.copies for b in data.buildings):
        assert st.bsupply[b] + st.building.count(b) == copies
    assert len(st.river) <= data.rule("river_size")
    assert st.scores() == ([scoring.vp(st, p) for p in range(st.n)] if not st.coop else st.scores())


def hide_others(st: GardiensState, viewer: int) -> GardiensState:
    """A copy where only items hidden from ``viewer`` differ."""
    other = st.clone()
    seen = set(st.view(viewer)["visible_hands"])
    spied = st.view(viewer).get("private", {})
    for q in st.opponents(viewer):
        if st.colour(q) in seen or spied or not other.hands[q] or not other.deck:
            continue
        i = len(other.hands[q]) - 1
        other.hands[q][i], other.deck[0] = other.deck[0], other.hands[q][i]
        other.objectives[q] = list(reversed(other.objectives[q]))
        other.achieved[q] = list(reversed(other.achieved[q]))
    other.deck.reverse()
    other.events.reverse()
    return other


def play_checked(seed: int, options: dict[str, Any] | None = None,
                 ) -> tuple[GardiensState, list[str]]:
    """A seeded random game, checked after every decision (``options``: GR-29 readings)."""
    players = 2 + seed % 4
    coop = seed % 5 == 4
    st = GAME.new_state(players, seed, {"coop": coop, **(options or {})})
    assert isinstance(st, GardiensState)
    bots = [RandomBot(p, seed) for p in range(players)]
    actions: list[str] = []
    while not st.is_over():
        legal = st.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        decider = st.to_move()
        assert decider is not None
        if len(actions) % 37 == 0:
            viewer = (decider + 1) % players
            assert hide_others(st, viewer).view(viewer) == st.view(viewer)
        action = bots[decider].choose(None, legal)
        st.apply(action)
        actions.append(action)
        check_invariants(st)
    return st, actions


READINGS = [{"first_player": "fixed"}, {"territory_points": "accumulate"},
            {"bank_trade": True}, {"watchtower": "adjacent"}, {"alliance_sharing": "swap"},
            {"shadows": "advance", "coop": True},
            {"first_player": "fixed", "bank_trade": True, "coop": True}]


@pytest.mark.parametrize("options", READINGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_random_selfplay_under_each_reading(options: dict[str, Any]) -> None:
    """GR-29.1 GR-29.2 GR-29.3 GR-29.4 GR-29.5 GR-29.6 GR-1.4 GR-20.2 GR-28.2: random games
    under every reading other than the defaults keep the invariants and the secrecy of
    views, end (or hit the cap), and replay exactly from their decisions."""
    for seed in range(6):
        st, actions = play_checked(seed, options)
        assert st.over and dict(st.options) == {**GAME.default_options(), **options,
                                                "coop": st.coop}
        replay = GAME.new_state(st.n, seed, dict(st.options))
        for action in actions:
            replay.apply(action)
        assert replay.to_dict() == st.to_dict()


@pytest.mark.parametrize("block", range(4))
def test_random_selfplay_invariants_and_replay(block: int) -> None:
    """GR-1.4 GR-14.1 GR-14.4 GR-18.7 GR-19.4 GR-20.2 GR-20.3 GR-28.1 GR-28.2 GR-28.3:
    200 seeded random games end (or hit the cap) with conserved pieces, and replaying the
    decision list reproduces the same final state."""
    for seed in SEEDS[block::4]:
        st, actions = play_checked(seed)
        assert st.over and (st.end_reason != "round_cap") == (not st.capped)
        assert st.round <= 30 or st.capped
        replay = GAME.new_state(st.n, seed, {"coop": st.coop})
        for action in actions:
            replay.apply(action)
        assert replay.to_dict() == st.to_dict()


def test_position_file_round_trip(tmp_path: object) -> None:
    """GR-28.3: a position file holds the whole state; play continues identically."""
    from pathlib import Path

    st = GAME.new_state(4, 11, {})
    bots = [RandomBot(p, 11) for p in range(4)]
    for _ in range(120):
        st.apply(bots[st.to_move() or 0].choose(None, st.legal_actions()))
    path = Path(str(tmp_path)) / "pos.json"
    save_position(st, "gardiens", path)
    name, loaded = load_position(path)
    assert name == "gardiens" and loaded.to_dict() == st.to_dict()
    json.dumps(st.to_dict())
    for _ in range(60):
        if st.is_over():
            break
        action = bots[st.to_move() or 0].choose(None, st.legal_actions())
        st.apply(action)
        loaded.apply(action)
    assert loaded.to_dict() == st.to_dict()


def test_clone_is_independent_and_shares_static_data() -> None:
    """GR-28.3: clone copies mutable containers only."""
    st = GAME.new_state(3, 5, {})
    assert isinstance(st, GardiensState)
    copy = st.clone()
    assert copy.data is st.data and copy.layout is st.layout
    copy.apply(copy.legal_actions()[0])
    assert copy.to_dict() != st.to_dict()
    assert st.phase == "forward" and st.ctx == {"picks": 0}


def test_run_game_with_bots_and_record() -> None:
    """GR-28.2: a recorded game replays exactly through the core record."""
    result, record = run_game(GAME, ["greedy", "random", "random"], 7, keep_record=True)
    assert record is not None
    assert record.replay().scores() == result.scores


@pytest.mark.soak
def test_soak_many_games() -> None:
    """GR-28.2: long run (excluded by default)."""
    for seed in range(1000, 3000):
        play_checked(seed)


def test_views_are_json_and_change_with_own_hidden_items() -> None:
    """GR-20.2 GR-20.8: views are plain JSON; a player's own hand shows in its view."""
    st = GAME.new_state(3, 9, {})
    assert isinstance(st, GardiensState)
    bots = [RandomBot(p, 9) for p in range(3)]
    for _ in range(80):
        st.apply(bots[st.to_move() or 0].choose(None, st.legal_actions()))
    for viewer in (None, 0, 1, 2):
        view = st.view(viewer)
        assert json.loads(json.dumps(view)) == view
    other = st.clone()
    other.hands[0].append(other.deck.pop())
    assert other.view(0) != st.view(0)
    assert other.view(0)["hand"][-1] == other.hands[0][-1]


def test_clone_independence_on_every_legal_decision() -> None:
    """GR-28.3: applying any legal decision to a clone leaves the original untouched."""
    st = GAME.new_state(4, 13, {})
    bots = [RandomBot(p, 13) for p in range(4)]
    checked = 0
    while not st.is_over() and checked < 60:
        before = st.to_dict()
        for action in st.legal_actions()[:25]:
            st.clone().apply(action)
        assert st.to_dict() == before
        st.apply(bots[st.to_move() or 0].choose(None, st.legal_actions()))
        checked += 1


def test_cap_stops_a_game() -> None:
    """GR-19.4: the max_rounds safety cap ends a game and marks it capped."""
    st = GAME.new_state(2, 1, {"max_rounds": 2})
    bots = [RandomBot(p, 1) for p in range(2)]
    while not st.is_over():
        legal = st.legal_actions()
        st.apply("pass" if "pass" in legal else bots[st.to_move() or 0].choose(None, legal))
    assert isinstance(st, GardiensState)
    assert st.capped and st.end_reason == "round_cap" and st.round == 3


@pytest.mark.parametrize("seed", range(6))
def test_greedy_tables_end_without_the_cap(seed: int) -> None:
    """GR-19.1 GR-19.3: greedy games end by the rules, never by the safety cap."""
    result, _ = run_game(GAME, ["greedy"] * (2 + seed % 4), seed,
                         {"coop": seed % 3 == 2})
    assert not result.capped


@settings(max_examples=25, deadline=None)
@given(players=st_int(2, 5), seed=st_int(0, 2**40), coop=st_bool())
def test_property_any_seed_any_table(players: int, seed: int, coop: bool) -> None:
    """GR-1.4 GR-14.4 GR-28.2: any seed, any table: the game ends with pieces conserved."""
    state = GAME.new_state(players, seed, {"coop": coop})
    assert isinstance(state, GardiensState)
    bots = [RandomBot(p, seed) for p in range(players)]
    while not state.is_over():
        state.apply(bots[state.to_move() or 0].choose(None, state.legal_actions()))
        check_invariants(state)
