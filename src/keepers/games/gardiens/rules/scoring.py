"""Victory points, checkpoints and the end of the game: GR-4.4 (checkpoints and the
immediate victory), GR-17.3 (the territory snapshot), GR-18 (victory points, with
GR-29.2), GR-19 (the end and the winners), GR-25.10 (the co-operative victory).

The victory point sums themselves are read from the position (``Position.vp``).
"""

from __future__ import annotations

from keepers.games.gardiens.rules import objectives
from keepers.games.gardiens.state import NONE, Position

INSTANT_WIN_CHECKPOINTS = ("CP1", "CP2", "CP3", "CP4")


# -- checkpoints, objectives, victory -----------------------------------------
def checkpoint(st: Position, cp: str, retest: bool = True) -> None:
    """GR-4.4: objectives for everyone, then the immediate victory of the active player.

    ``retest=False`` skips the objectives tested at every checkpoint: the caller
    knows the previous checkpoint tested them on a position whose objective inputs
    (cubes, hands, counters, board) have not changed since, so the results would
    be the same (CP4 after CP3, CP1 after CP4 or CP6: two checkpoints of five in a turn).
    """
    if st.coop:
        if coop_won(st):
            finish(st, list(range(st.n)), "shadows_defeated")
        return
    if retest or cp in objectives.TIMED_CHECKPOINT_CPS:
        objectives.test_objectives(st, cp, retest)
    if cp in INSTANT_WIN_CHECKPOINTS:
        target = st.data.vp_to_win
        if target is None:  # not an integer rule: ``rule()`` raises as it always did
            target = st.data.rule("victory_points_to_win")
        if st.vp(st.active) >= target:
            finish(st, [st.active], "victory_points")


def finish(st: Position, winners: list[int], reason: str) -> None:
    """End the game (GR-19)."""
    st.over = True
    st.winners_list = winners
    st.end_reason = reason
    st.phase = "over"
    st.ctx = {}


def score_winners(st: Position) -> list[int]:
    """GR-19.3: highest total, then most hexes at the final snapshot, then shared.

    Called right after the final snapshot, on its board: with
    ``territory_points=accumulate`` (GR-29.2) ``snap_hexes`` holds the sum of every
    snapshot, so the hexes of the final one are counted on the board.
    """
    if st.accumulate:
        key = [(st.vp(p), st.owner.count(p)) for p in range(st.n)]
    else:
        key = [(st.vp(p), st.snap_hexes[p]) for p in range(st.n)]
    best = max(key)
    return [p for p in range(st.n) if key[p] == best]


def take_snapshot(st: Position) -> None:
    """GR-17.3: record hexes controlled and the Citadel's controller; GR-29.2
    ``territory_points=accumulate``: the hexes held are added to S_T instead."""
    owner = st.owner
    if st.accumulate:
        for p in range(st.n):
            st.snap_hexes[p] += owner.count(p)
    else:
        for p in range(st.n):
            st.snap_hexes[p] = owner.count(p)  # counted in C
    st.snap_citadel = st.owner[st.layout.citadel]


def coop_won(st: Position) -> bool:
    """GR-25.10: no Shadow on the board and every origin controlled."""
    if any(pos != NONE for pos in st.shadow_pos):
        return False
    return all(st.owner[h] != NONE for h in st.layout.origins)
