"""Seats and their order: the first player of a round (GR-4.1, GR-29.1), the turn
order from the first player (GR-17.2), and the opponents who are not allies (GR-0.4)."""

from __future__ import annotations

from keepers.games.gardiens.state import Position


def first_player(st: Position) -> int:
    """The player who starts the current round and draws its Event (GR-4.1, GR-17.2):
    seat ((n - 1) mod N) + 1 in round n, or always seat 1 with ``first_player=fixed``
    (GR-29.1)."""
    if st.fixed_first:
        return st.first
    return (st.first + (st.round if st.round > 0 else 1) - 1) % st.n


def non_allied(st: Position, player: int) -> list[int]:
    """Return the non-allied opponents (GR-0.4)."""
    return [p for p in st.opponents(player) if st.ally[player] != p and not st.coop]


def turn_order(st: Position) -> list[int]:
    """Players in turn order from the first player (GR-17.2)."""
    start = first_player(st)
    return [(start + i) % st.n for i in range(st.n)]
