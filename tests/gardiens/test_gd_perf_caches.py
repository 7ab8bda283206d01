"""The speed-ups of the action phase give the answers of the plain rules they replace:
cost tests on the resources paid, the tables of MOVE and exchange commands, and the
fused MOVE/ATTACK finder on boards with a Shadow."""

from __future__ import annotations

import itertools

import pytest
from gdhelp import BLUE, RED, blank, hx, put

from keepers.core.rng import Rng
from keepers.games.gardiens import GAME
from keepers.games.gardiens import data as data_module
from keepers.games.gardiens.data import load
from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.rules import (
    action_phase,
    actions,
    board,
    collection,
    combat,
    components,
)


def _played(players: int, seed: int, decisions: int) -> GardiensState:
    st = GAME.new_state(players, seed, {})
    assert isinstance(st, GardiensState)
    rng = Rng(seed)
    for _ in range(decisions):
        if st.is_over():
            break
        legal = st.legal_actions()
        st.apply_trusted(legal[rng.below(len(legal))])
    return st


def test_covers_is_can_pay_on_the_resources_paid() -> None:
    st = _played(3, 1, 30)
    data = st.data
    costs = [b.cost for b in data.buildings] + [data.recruit_cost]
    costs += [data.pay_costs[cid] for cid in data.cards]
    for have in itertools.product(range(3), repeat=len(data.resources)):
        st.cubes[0] = list(have)
        for cost in costs:
            assert data_module.covers(st.cubes[0], data_module.needs_of(cost)) == components.can_pay(st, 0, cost)


def test_move_table_holds_the_arguments_of_its_commands() -> None:
    for layout in load().layouts.values():
        for s, rows in enumerate(layout.move_cmds):
            for row in rows:
                for cmd in row:
                    _, source, dest, n = cmd.split()
                    assert layout.move_args[cmd] == (
                        layout.by_label[source], layout.by_label[dest], int(n))
                    assert layout.move_args[cmd][0] == s


def test_exchange_commands_never_give_and_take_one_resource() -> None:
    data = load()
    for a, row in enumerate(data.exchange_cmds):
        assert [b for b, _ in row] == [b for b in range(len(data.resources)) if b != a]
        for b, command in row:
            assert command == f"exchange {data.resources[a]} {data.resources[b]}"


@pytest.mark.parametrize("seed", range(6))
def test_can_exchange_is_whether_an_exchange_is_offered(seed: int) -> None:
    st = _played(4, seed, 40 + 20 * seed)
    rng = Rng(seed)
    for _ in range(30):  # also with exhausted supplies
        st.supply = [rng.below(3) for _ in st.supply]
        for p in range(st.n):
            for rate in (1, 2, 3):
                assert actions.can_exchange(st, p, rate) == bool(
                    actions.bank_exchanges(st, p, rate))


def test_fused_finder_with_a_shadow_on_a_competitive_board() -> None:
    st = blank(2)
    put(st, RED, "T01", 2)
    neighbours = st.layout.neighbours[hx(st, "T01")]
    put(st, BLUE, st.label(neighbours[0]), 1)
    mine = board.controlled(st, RED)
    assert combat.attack_actions(st, RED)
    for near in neighbours:
        st.shadow_pos = [near]  # made by hand: no Shadow outside co-op in play
        st.shadow_delayed = [False]
        fused = actions.moves_and_attacks(st, RED, mine)
        assert fused == (actions.move_actions(st, RED), combat.attack_actions(st, RED))
        assert not any(f" {st.label(near)} " in move for move in fused[0])


@pytest.mark.parametrize("seed", range(4))
def test_shared_hexes_are_the_controlled_hexes_left_unchanged(seed: int) -> None:
    st = _played(4, seed, 150)
    for p in range(st.n):
        shared = board.controlled_shared(st, p)
        before = list(shared)
        assert board.controlled(st, p) == shared and board.controlled(st, p) is not shared
        assert before == [h for h in range(len(st.owner)) if st.owner[h] == p]
        if st.phase == "action" and st.active == p:
            action_phase.step_action(st)
        assert board.controlled_shared(st, p) == before  # the option finders only read it


@pytest.mark.parametrize("seed", range(8))
def test_collection_yields_are_those_of_hex_yield(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collection, "finish_collection", lambda st: None)  # keep the ctx to read
    st = _played(4, seed, 40 + 25 * seed)
    for p in range(st.n):
        hexes = board.controlled(st, p)
        expected = [0] * len(st.data.resources)
        sources = sum(collection.hex_yield(st, h, expected) for h in hexes)
        other = st.clone()
        collection.start_collection(other, hexes, "turn")
        assert (other.ctx["gains"], other.ctx["sources"]) == (expected, sources)
