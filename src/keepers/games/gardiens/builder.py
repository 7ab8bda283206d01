"""Gardiens positions set up in the rules' own terms, for tests and bug reports.

:func:`position` lays out a table the way a person would describe it: whose
guardians stand on which hexes (by their printed labels), which buildings stand
where, the cubes and Action cards each player holds, and the dice still to be
rolled; the game then waits for the active player's next action (GR-6).
Everything not named is where a new game puts it, so that every component is
still exactly once in the game (GR-1.4): guardians not placed stay in the
reserves, cubes not given stay in the supply, cards not dealt stay in the deck,
buildings not built stay in the building supply.

The result goes through the same checks as a position file, so a builder
position is always one the game can play on::

    >>> from keepers.games.gardiens import builder
    >>> st = builder.position(2, guardians={"T15": (0, 2), "T16": (1, 1)},
    ...                       buildings={"T15": "temple"}, cubes={0: {"wood": 2}},
    ...                       hands={0: ["AC01"]})
    >>> st.decision().player, st.phase, st.reserve
    (0, 'action', [8, 9])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from keepers.core.errors import KeepersError
from keepers.games.gardiens.game import GAME, GardiensState
from keepers.games.gardiens.rules import components, turn
from keepers.games.gardiens.state import NONE


def position(players: int = 2, *, seed: int = 0, coop: bool = False,
             options: Mapping[str, Any] | None = None, first: int = 0, active: int | None = None,
             round: int = 1, guardians: Mapping[str, tuple[int, int]] | None = None,
             buildings: Mapping[str, str] | None = None,
             cubes: Mapping[int, Mapping[str, int]] | None = None,
             hands: Mapping[int, Sequence[str]] | None = None,
             dice: Sequence[str] = ()) -> GardiensState:
    """A game of ``players`` in ``round``, waiting for ``active``'s action (the first
    player's by default).

    ``guardians`` maps hex labels (``"T15"``) to ``(player, count)``; ``buildings`` maps
    hex labels to building keys (``"temple"``); ``cubes`` give each player resources by
    name; ``hands`` deal Action cards by id (``"AC01"``: its first copy still in the
    deck); ``dice`` are the next faces rolled (GR-28.2).  Every other hex is empty and
    every player starts with no cubes and no cards.  Raises
    :class:`~keepers.core.errors.KeepersError` when the components cannot make the table.
    """
    st = GAME.new_state(players, seed, {"coop": coop, **(options or {})})
    assert isinstance(st, GardiensState)
    _clear(st)
    st.first = first
    for label, (player, count) in (guardians or {}).items():
        _place(st, _hex(st, label), player, count)
    for label, key in (buildings or {}).items():
        _build(st, _hex(st, label), key)
    for player, given in (cubes or {}).items():
        for name, count in given.items():
            _give(st, player, name, count)
    for player, cards in (hands or {}).items():
        for card in cards:
            _deal(st, player, card)
    components.refill_river(st)
    st.forced_dice = list(dice)
    st.round, st.turn_in_round, st.actions_taken = round, 0, 0
    st.active = first if active is None else active
    turn.to_action_phase(st)
    # the same checks as a position file: the builder never hands out an impossible table
    built = GAME.state_from_dict(st.to_dict())
    assert isinstance(built, GardiensState)
    return built


def _clear(st: GardiensState) -> None:
    """An empty board; every cube in the supply, every card in the deck (GR-1.4)."""
    for h in range(len(st.owner)):
        st.owner[h], st.count[h], st.building[h], st.protect[h] = NONE, 0, NONE, NONE
    st.bsupply = [b.copies for b in st.data.buildings]
    st.reserve = [st.data.guardians_per_player] * st.n
    for p in range(st.n):
        for r, count in enumerate(st.cubes[p]):
            st.supply[r] += count
        st.cubes[p] = [0] * len(st.data.resources)
        st.deck += st.hands[p]
        st.hands[p] = []
    st.deck += st.river
    st.river = []


def _hex(st: GardiensState, label: str) -> int:
    index = st.hex_of(label)
    if index == NONE:
        raise KeepersError(f"no hex {label!r} on the board of {st.n} players (GR-2.7)")
    return index


def _place(st: GardiensState, h: int, player: int, count: int) -> None:
    if st.reserve[player] < count or st.owner[h] not in (NONE, player):
        raise KeepersError(f"guardians: {count} of player {player} cannot stand on "
                           f"{st.label(h)} (GR-1.4)")
    st.reserve[player] -= count
    st.count[h] += count
    st.owner[h] = player if st.count[h] else NONE


def _build(st: GardiensState, h: int, key: str) -> None:
    index = st.data.building_index.get(key)
    if index is None or st.bsupply[index] == 0:
        raise KeepersError(f"buildings: no {key!r} tile left for {st.label(h)} (GR-14)")
    st.bsupply[index] -= 1
    st.building[h] = index


def _give(st: GardiensState, player: int, name: str, count: int) -> None:
    if name not in st.data.res_index:
        raise KeepersError(f"cubes: unknown resource {name!r}")
    r = st.data.res_index[name]
    if st.supply[r] < count:
        raise KeepersError(f"cubes: only {st.supply[r]} {name} cubes are left (GR-14)")
    st.supply[r] -= count
    st.cubes[player][r] += count


def _deal(st: GardiensState, player: int, card: str) -> None:
    copy = next((c for c in st.deck if c.split("#")[0] == card), None)
    if copy is None:
        raise KeepersError(f"hands: no copy of {card!r} left in the deck (GR-1.4)")
    st.deck.remove(copy)
    st.hands[player].append(copy)
