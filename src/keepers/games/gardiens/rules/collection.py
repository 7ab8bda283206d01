"""The collection phase (GR-5; GR-4.2 step 3), also run by the Reproduce card (GR-21.2).

The ``collect`` step asks for the Source cubes one by one; once they are chosen
everything is taken at once, and the collection hands back to what started it
(``ctx["then"]``: ``"turn"``, the action phase of the turn, or ``"effect"``, the
card being played) through :data:`flow.RESUME <keepers.games.gardiens.flow.RESUME>`.
"""

from __future__ import annotations

from keepers.games.gardiens import flow
from keepers.games.gardiens.rules import board, components, events
from keepers.games.gardiens.state import NONE, Position


def begin_collection(st: Position) -> None:
    """GR-4.2 step 3."""
    flow.ask(st, "collect", st.active)
    start_collection(st, board.controlled_shared(st, st.active), "turn")  # read only


# -- collection ----------------------------------------------------------------
def start_collection(st: Position, hexes: list[int], then: str) -> None:
    """GR-5.2: compute yields; Source cubes are chosen one by one."""
    gains = [0] * len(st.data.resources)
    sources = 0
    for h in hexes:
        sources += hex_yield(st, h, gains)
    st.ctx["gains"] = gains
    st.ctx["sources"] = sources
    st.ctx["then"] = then
    if sources:
        flow.ask_next(st, "collect", st.active)
    else:
        finish_collection(st)


def hex_yield(st: Position, h: int, gains: list[int]) -> int:
    """Add a hex's yield to ``gains``; return how many Source cubes it owes (GR-5.2)."""
    info = st.layout.hexes[h]
    if info.kind == "citadel" or h in st.shadow_pos:  # st.has_shadow(h), inlined
        return 0
    b = st.building[h]  # the working building (GR-7.4), as st.hex_building(h)
    if b == NONE:  # most hexes: no building, so the base yield of 1 (as below)
        if info.kind == "source":
            return 1
        gains[info.resource] += (events.adjust_printed(st, info.resource, 1)
                                 if st.round_effect else 1)
        return 0
    working = st.data.buildings[b].key if st.owner[h] != NONE else None
    base = 2 if working == "warehouse" else 1
    if info.kind == "source":
        sources = base
    else:
        sources = 0
        gains[info.resource] += (events.adjust_printed(st, info.resource, base)
                                 if st.round_effect else base)  # no event in force
    if working == "temple":
        gains[st.data.res("magic")] += 1 + events.round_value(st, "temple_bonus_delta")
    return sources


def step_collect(st: Position) -> list[str]:
    """GR-5.2: a Source cube may be of any type."""
    return list(st.data.source_cmds)


def answer_collect(st: Position, action: str) -> None:
    """GR-5.2: record one Source cube choice; collect once all are chosen."""
    st.ctx["gains"][st.data.res(action.split()[1])] += 1
    st.ctx["sources"] -= 1
    if st.ctx["sources"] == 0:
        finish_collection(st)


def finish_collection(st: Position) -> None:
    """GR-5.3/5.4: take everything at once; shortfalls are lost."""
    for resource, amount in enumerate(st.ctx["gains"]):
        if amount:
            components.gain(st, st.active, resource, amount)
    # back to the turn (``turn.resume_turn``) or the card (``cards.resume_effect``),
    # which both replace the arguments of the finished collection
    flow.RESUME[st.ctx["then"]](st)


flow.register({"collect": (step_collect, answer_collect, "GR-5.2")})
