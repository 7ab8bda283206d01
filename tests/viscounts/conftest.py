"""Helpers for the Viscounts tests: fresh games and positions set up by hand."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from keepers.core.registry import register
from keepers.games.viscounts import GAME, ViscountsState, builder, flow
from keepers.games.viscounts.data import DATA_DIR, GameData, load_data
from keepers.games.viscounts.effects import parse_effect
from keepers.games.viscounts.rules import effects
from keepers.games.viscounts.rules import solo as solo_rules

register(GAME)


@pytest.fixture(scope="session")
def data() -> GameData:
    """The packaged data."""
    return load_data()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A writable copy of the packaged data directory."""
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return target


def new_game(players: int = 3, seed: int = 1, **options: object) -> ViscountsState:
    """A game just after setup (every setup choice takes the first option)."""
    state = GAME.new_state(players, seed, {**GAME.default_options(), **options})
    assert isinstance(state, ViscountsState)
    while state.position.phase == "setup" and not state.is_over():
        state.apply(state.legal_actions()[0])
    return state


def blank_game(players: int = 3, seed: int = 1) -> ViscountsState:
    """A set-up game with empty hands, decks, card spaces and resources for worked examples."""
    state = new_game(players, seed)
    for player in state.position.players:
        player.hand, player.draw, player.discard = [], [], []
        player.spaces = [None, None, None]
        player.silver = player.ink = player.gold = player.stone = 0
        player.debts_unpaid = player.debts_paid = 0
        player.deeds_acquired = player.deeds_approved = 0
        player.corruption, player.virtue = 1, 7
        player.manuscripts = []
    state.position.spots = {}
    state.position.castle = [[[0] * len(state.position.players) for _ in range(3)] for _ in range(5)]
    state.position.leader = -1
    return state


BARE: dict[str, Any] = {"hands": [], "draws": [], "discards": [], "spaces": [None, None, None],
                        "purse": {"silver": 0, "ink": 0, "gold": 0, "stone": 0},
                        "debts": (0, 0), "deeds": (0, 0), "markers": (1, 7)}
"""What each person holds at a bare table: no card, silver, resource, debt or deed."""


def bare_table(players: int = 3, seed: int = 1, **named: Any) -> ViscountsState:
    """A :mod:`~keepers.games.viscounts.builder` table whose persons hold nothing (their
    cards out of the game, markers at 1 and 7) but what ``named`` gives them, for the
    worked examples: a legal position, unlike :func:`blank_game`."""
    people = range(players)                  # solo: the AI (player 1) keeps its own
    for key, value in BARE.items():
        given = named.get(key, {})
        named[key] = {seat: {**value, **given.get(seat, {})} if isinstance(value, dict)
                      else given.get(seat, value) for seat in people}
    return builder.position(players, seed=seed, **named)


def start_task(state: ViscountsState, seat: int, phase: str, *task: object) -> list[str]:
    """Make ``task`` the only pending work of ``seat`` in ``phase``; return its options.

    Nothing is resolved yet (use :func:`drain` or ``state.apply`` afterwards).
    """
    state.position.current = seat
    state.position.phase = phase
    state.position.stack = [tuple(task)]
    state.choice = None
    state._legal = None
    choice = flow.step(state.position, state.position.stack[-1])
    return list(choice.options) if choice else []


def choose(state: ViscountsState, *actions: str) -> None:
    """Apply several decisions in order."""
    for action in actions:
        state.apply(action)


def do_effect(state: ViscountsState, seat: int, text: str, *answers: str) -> list[str]:
    """Resolve the effect ``text`` for ``seat`` at once, as a card would, the steps pending
    under it waiting (answers and kinds as in :func:`drain`)."""
    floor = len(state.position.stack)
    effects.push(state.position, seat, parse_effect(text))
    return drain(state, *answers, floor=floor)


def resolve(state: ViscountsState, *answers: str) -> list[str]:
    """Resolve the effect a builder table starts with (its ``effect``), and only it: the
    phase under it waits (answers and kinds as in :func:`drain`)."""
    return drain(state, *answers, floor=len(state.position.stack) - 1)


def decide(state: ViscountsState, *actions: str) -> list[str]:
    """Apply several decisions in order; return the kind of each decision they answer."""
    kinds = []
    for action in actions:
        decision = state.decision()
        assert decision is not None
        kinds.append(decision.kind)
        state.apply(action)
    return kinds


def drain(state: ViscountsState, *answers: str, floor: int = 0) -> list[str]:
    """Resolve the pending tasks without moving to the next phase (with ``floor``, only
    those above the lowest ``floor`` tasks).

    Each choice met takes the first of ``answers`` that is legal (consumed in
    order), else its first option.  Returns the kinds of the real choices met
    (more than one option).
    """
    queue = list(answers)
    kinds: list[str] = []
    while len(state.position.stack) > floor:
        task = state.position.stack[-1]
        choice = flow.step(state.position, task)
        if choice is None:
            continue
        if not choice.options:
            state.position.stack.pop()
            continue
        if len(choice.options) > 1:
            kinds.append(choice.kind)
        option = choice.options[0]
        if state.position.players[choice.player].is_ai:
            option = solo_rules.ai_pick(state.position, choice)
        elif queue and queue[0] in choice.options:
            option = queue.pop(0)
        flow.answer(state.position, task, option)
    state.choice = None
    state._legal = None
    return kinds
