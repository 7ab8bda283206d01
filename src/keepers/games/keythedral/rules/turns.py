"""Spending turns (KT-7.2, KT-7.3): each turn opens with WT, then one action or a pass;
phase 3 ends when every player has retired or the passes in a row equal the active
players.  The actions themselves are in :mod:`keepers.games.keythedral.rules.spending`.
"""

from __future__ import annotations

from keepers.games.keythedral import flow
from keepers.games.keythedral.flow import Step
from keepers.games.keythedral.rules.conventions import order_from
from keepers.games.keythedral.rules.windows import open_window
from keepers.games.keythedral.state import Position


def step_turn(position: Position, step: Step) -> None:
    """KT-7.2: a spending turn opens with WT, then one action or a pass (the ``act`` step)."""
    _, p = step
    position.steps.append(("act", p))
    open_window(position, "WT", (p,))


def action_done(position: Position, p: int) -> None:
    """KT-7.3: an action other than a pass resets the pass count; the next turn follows."""
    position.passes = 0
    position.steps.append(("next_turn", p))


def step_next_turn(position: Position, step: Step) -> None:
    """KT-7.3: phase 3 ends when all retired or passes equal the active players."""
    _, p = step
    position.withdrawn = ()
    active = position.n - sum(position.retired)
    if active == 0 or position.passes >= active:
        return
    for q in order_from(position, p + 1):
        if not position.retired[q]:
            position.steps.append(("turn", q))
            return


flow.register(steps={"turn": step_turn, "next_turn": step_next_turn})
