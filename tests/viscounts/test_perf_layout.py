"""Guards for the speed-ups that depend on how a position is laid out in memory.

CPython keeps up to 29 instance attributes of a class in a compact layout
(inline values) as long as the instance's ``__dict__`` is never read; every
``self.x`` in the pure Python engine is then cheaper.  ``Position.copy_into``
therefore copies attribute by attribute: these tests make sure it misses none
(in the compiled engine too, whose attributes are fields of a C struct), and
that a pure Python position stays within the limit.
"""

from __future__ import annotations

import types

import pytest

import keepers
from keepers.core.rng import Rng
from keepers.games.viscounts import GAME
from keepers.games.viscounts.game import ViscountsState
from keepers.games.viscounts.model import Player

COMPACT_LIMIT = 29


def _midgame(players: int, seed: int, steps: int = 120) -> ViscountsState:
    state = GAME.new_state(players, seed, GAME.default_options())
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply_trusted(legal[rng.below(len(legal))])
    assert isinstance(state, ViscountsState)
    return state


def _plain(value: object) -> object:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, Player):
        return value.to_dict()
    if isinstance(value, Rng):
        return value.state
    return value


def _attributes(engine: object) -> dict[str, object]:
    """Instance attributes by name: the ``__dict__`` (Python) or the struct fields (compiled)."""
    if hasattr(engine, "__dict__"):
        return dict(vars(engine))
    fields = [name for name in dir(type(engine))
              if isinstance(getattr(type(engine), name), types.GetSetDescriptorType)
              and hasattr(engine, name)]
    return {name: getattr(engine, name) for name in fields}


@pytest.mark.skipif(keepers.ENGINE == "compiled", reason="compiled: attributes are struct fields")
def test_position_fits_the_compact_layout() -> None:
    """A new position has at most 29 instance attributes."""
    for players in (1, 2, 4):
        state = GAME.new_state(players, 7, GAME.default_options())
        assert isinstance(state, ViscountsState)
        assert len(vars(state.position)) <= COMPACT_LIMIT, sorted(vars(state.position))


def test_clone_copies_every_attribute() -> None:
    """A clone has the same attributes with equal values (containers not shared)."""
    for players in (1, 3, 4):
        state = _midgame(players, 11)
        state.position.capped = True                      # set on the instance only when it happens
        twin = state.clone()
        mine, its = _attributes(state.position), _attributes(twin.position)
        assert len(mine) >= 25 and sorted(mine) == sorted(its)
        for name, value in mine.items():
            if name == "log":
                assert its[name] == value[-20:]
                continue
            assert _plain(its[name]) == _plain(value), name
            if isinstance(value, (list, dict)) and name != "_profiles":
                assert its[name] is not value, name
        assert twin.to_dict() == state.to_dict()
        assert twin.legal_actions() == state.legal_actions()
