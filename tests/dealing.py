"""Shared helpers of the determinization and search tests: positions of seeded random
games, and a Keythedral position whose hidden cards are swapped."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from keepers.core.game import GameState
from keepers.core.rng import Rng
from keepers.games.keythedral import KeythedralState

State = TypeVar("State", bound=GameState)


def random_positions(state: State, seed: int, every: int, most: int) -> list[State]:
    """Copies of ``state`` every ``every`` decisions of a seeded random game played on
    from it, for at most ``most`` decisions."""
    rng = Rng(seed)
    out: list[State] = []
    for done in range(most):
        if state.is_over():
            break
        if done % every == every - 1:
            out.append(state.clone())
        legal = state.legal_actions()
        state.apply_trusted(legal[rng.below(len(legal))])
    return out


def play_side_by_side(state: State, from_view: Sequence[Any], in_deal: Sequence[Any],
                      seed: int, check: Callable[[State, int, Any], None]) -> int:
    """Play ``state`` to its end asking two copies of each seat's bot at every decision
    of two or more options: one from the seat's view (``choose``), one reading the state
    itself as a search's deal (``choose_in_deal``); assert they choose alike (so their
    generators stay alike) after ``check(state, seat, view)``.  A third of the decisions
    are then taken at random instead, to reach what the bots would not play.  Returns how
    many decisions were compared."""
    rng = Rng(seed)
    compared = 0
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        legal = state.legal_actions()
        choice = legal[0]
        if len(legal) > 1:
            view = state.bot_view(seat)
            check(state, seat, view)
            choice = from_view[seat].choose(view, legal)
            assert in_deal[seat].choose_in_deal(state, seat, legal) == choice
            compared += 1
            if rng.below(3) == 0:
                choice = legal[rng.below(len(legal))]
        state.apply(choice)
    return compared


def keythedral_hidden_swapped(state: KeythedralState, seat: int,
                              shuffle: int = 99, rng: int = 12345) -> KeythedralState:
    """KT-13.1, KT-13.2: a copy where another seat's law card is swapped with the deck's
    top card, the deck reshuffled and the generator changed: nothing ``seat`` sees."""
    other = state.clone()
    position = other.position
    opponent = next(p for p in range(position.n) if p != seat and position.hands[p])
    position.hands[opponent][0], position.deck[-1] = position.deck[-1], position.hands[opponent][0]
    Rng(shuffle).shuffle(position.deck)
    position.rng = Rng(rng)
    other._legal = None
    return other
