"""Victory points, checkpoints and the end of the game: GR-4.4 (checkpoints and the
immediate victory), GR-17.3 (the territory snapshot), GR-18 (victory points, with
GR-29.2), GR-19 (the end and the winners), GR-25.10 (the co-operative victory)."""

from __future__ import annotations

from keepers.games.gardiens.rules import objectives
from keepers.games.gardiens.state import NONE, Position

INSTANT_WIN_CHECKPOINTS = ("CP1", "CP2", "CP3", "CP4")
"""The checkpoints at which the active player wins at once with enough VP (GR-4.4)."""


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
        if vp(st, st.active) >= target:
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
        key = [(vp(st, p), st.owner.count(p)) for p in range(st.n)]
    else:
        key = [(vp(st, p), st.snap_hexes[p]) for p in range(st.n)]
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


# -- victory points (GR-18) ---------------------------------------------------
def banked(st: Position, player: int) -> int:
    """Banked points B (GR-18.2)."""
    return st.banked_build[player] + st.banked_combat[player]


def public_vp(st: Position, player: int) -> int:
    """B + S_T + S_C (GR-18.6)."""
    rule = st.data.rule
    citadel = rule("vp_citadel_at_snapshot") if st.snap_citadel == player else 0
    return (st.banked_build[player] + st.banked_combat[player]
            + rule("vp_per_hex_at_snapshot") * st.snap_hexes[player] + citadel)


def objective_vp(st: Position, player: int) -> int:
    """3 VP per accomplished objective (GR-18.5)."""
    return st.data.rule("vp_per_objective") * sum(st.achieved[player])


def vp(st: Position, player: int) -> int:
    """Total VP (GR-18.1): B + S_T + S_C + objectives (asked at every checkpoint)."""
    weights = st.data.vp_rules
    if weights is None:
        return vp_by_rules(st, player)
    total = (st.banked_build[player] + st.banked_combat[player]
             + weights[0] * st.snap_hexes[player] + weights[1] * sum(st.achieved[player]))
    return total + weights[2] if st.snap_citadel == player else total


def vp_by_rules(st: Position, player: int) -> int:
    """:func:`vp` reading each number with ``rule()`` (data with a missing one)."""
    rule = st.data.rule
    total = (st.banked_build[player] + st.banked_combat[player]
             + rule("vp_per_hex_at_snapshot") * st.snap_hexes[player]
             + rule("vp_per_objective") * sum(st.achieved[player]))
    if st.snap_citadel == player:
        total += rule("vp_citadel_at_snapshot")
    return total
