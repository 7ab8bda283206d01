"""Helpers for the Gardiens tests: positions built by hand, decks and dice injected.

GR-28.2: tests inject dice faces (``forced_dice``) and deck orders directly.
"""

from __future__ import annotations

from typing import Any

from keepers.games.gardiens import GAME
from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.rules import components, turn
from keepers.games.gardiens.state import NONE

RED, BLUE, GREEN, YELLOW, PURPLE = range(5)


def started(players: int = 2, seed: int = 0, coop: bool = False,
            **options: Any) -> GardiensState:
    """A new game after the forward-hex picks (first legal choice each time); ``options``:
    other game options (GR-29 readings)."""
    st = GAME.new_state(players, seed, {"coop": coop, **options})
    assert isinstance(st, GardiensState)
    while st.phase == "forward":
        st.apply(st.legal_actions()[0])
    return st


def refresh(st: GardiensState) -> None:
    """Forget the cached legal decisions after a hand-made change."""
    st._legal = None


def blank(players: int = 2, coop: bool = False, seed: int = 0,
          **options: Any) -> GardiensState:
    """Round 1, red (player 0, seat 1) to choose an action; empty board, no cubes or cards;
    ``options``: other game options (GR-29 readings)."""
    st = GAME.new_state(players, seed, {"coop": coop, **options})
    assert isinstance(st, GardiensState)
    st.first = 0
    for h in range(len(st.owner)):
        st.owner[h], st.count[h], st.building[h], st.protect[h] = NONE, 0, NONE, NONE
    st.bsupply = [b.copies for b in st.data.buildings]
    st.reserve = [st.data.guardians_per_player] * players
    for p in range(players):
        for r, n in enumerate(st.cubes[p]):
            st.supply[r] += n
        st.cubes[p] = [0] * len(st.data.resources)
        st.deck += st.hands[p]
        st.hands[p] = []
    st.round, st.turn_in_round, st.active, st.actions_taken = 1, 0, 0, 0
    turn.to_action_phase(st)
    refresh(st)
    return st


def hx(st: GardiensState, label: str) -> int:
    """Hex index of a label."""
    h = st.hex_of(label)
    assert h >= 0, label
    return h


def put(st: GardiensState, player: int, label: str, n: int) -> None:
    """Put ``n`` guardians of ``player`` from reserve on a hex."""
    h = hx(st, label)
    assert st.owner[h] in (NONE, player)
    st.reserve[player] -= n
    st.count[h] += n
    st.owner[h] = player if st.count[h] else NONE
    refresh(st)


def give(st: GardiensState, player: int, **cubes: int) -> None:
    """Give cubes from the supply to a player."""
    for name, n in cubes.items():
        r = st.data.res(name)
        st.supply[r] -= n
        st.cubes[player][r] += n
    refresh(st)


def set_supply(st: GardiensState, name: str, n: int) -> None:
    """Set the supply of a resource, parking the difference nowhere (tests of shortage)."""
    st.supply[st.data.res(name)] = n
    refresh(st)


def deal(st: GardiensState, player: int, *card_ids: str) -> list[str]:
    """Move the first free copies of the named cards into a hand; returns the instances."""
    got = []
    for cid in card_ids:
        for pile in (st.deck, st.discard, st.river):
            found = [c for c in pile if c.split("#")[0] == cid]
            if found:
                pile.remove(found[0])
                st.hands[player].append(found[0])
                got.append(found[0])
                break
        else:
            raise AssertionError(f"no free copy of {cid}")
    components.refill_river(st)
    refresh(st)
    return got


def build_on(st: GardiensState, label: str, key: str) -> None:
    """Put a building tile from the supply on a hex."""
    index = st.data.building_index[key]
    st.bsupply[index] -= 1
    st.building[hx(st, label)] = index
    refresh(st)


def act(st: GardiensState, *actions: str) -> None:
    """Apply decisions in order (each must be legal)."""
    for action in actions:
        assert action in st.legal_actions(), (action, st.phase, st.legal_actions()[:30])
        st.apply(action)


def dice(st: GardiensState, *faces: str) -> None:
    """Inject the next dice faces (GR-28.2)."""
    st.forced_dice = list(faces)


def set_events(st: GardiensState, *event_ids: str) -> None:
    """Put these event cards on top of the Event deck, the first named on top."""
    for eid in reversed(event_ids):
        pile = st.events if any(e.split("#")[0] == eid for e in st.events) else st.event_discard
        inst = next(e for e in pile if e.split("#")[0] == eid)
        pile.remove(inst)
        st.events.append(inst)
    refresh(st)


def state_dict(st: GardiensState) -> dict[str, Any]:
    """The full position, for unchanged-state comparisons."""
    return st.to_dict()
