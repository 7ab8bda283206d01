"""The round (KT-4.1, KT-4.3, KT-8, KT-9.8): five phases, each opening with its window.

A round is the steps ``phase`` 1 to 5 then ``end_round``.  Each phase opens
with its start window WS1 to WS5 (KT-4.3), then its body: the work-order
markers (phase 1, KT-5), the collection steps (phase 2, KT-6), the spending
turns (phase 3, KT-7), the return (phase 4, KT-8, done here) and the bidding
for first player (phase 5, KT-9).  At the end of the round, round effects
lapse and the next round begins (KT-9.8), unless the safety cap stops the game.
"""

from __future__ import annotations

from keepers.games.keythedral import flow
from keepers.games.keythedral.flow import Step
from keepers.games.keythedral.rules.bidding import start_bidding
from keepers.games.keythedral.rules.conventions import order_from
from keepers.games.keythedral.rules.windows import open_window
from keepers.games.keythedral.state import Position

PHASE_WINDOWS = {1: "WS1", 2: "WS2", 3: "WS3", 4: "WS4", 5: "WS5"}


def push_round(position: Position) -> None:
    """KT-4.1: the five phases of a round."""
    position.steps.extend([("end_round",), ("phase", 5), ("phase", 4), ("phase", 3),
                           ("phase", 2), ("phase", 1)])


def step_phase(position: Position, step: Step) -> None:
    """KT-4.3: a phase opens with its start window, polling clockwise from F."""
    _, phase = step
    position.phase = phase
    position.steps.append(("phase_body", phase))
    open_window(position, PHASE_WINDOWS[phase], order_from(position, position.first))


def step_phase_body(position: Position, step: Step) -> None:
    """What each phase does after its start window."""
    _, phase = step
    if phase == 1:
        position.steps.append(("marker", 1))  # KT-5.2
    elif phase == 2:
        for p in reversed(order_from(position, position.first)):  # KT-6.2
            position.steps.append(("collect_step", p))
    elif phase == 3:
        position.passes = 0  # KT-7.2, KT-7.3
        position.retired = [False] * position.n
        position.withdrawn = ()
        position.steps.append(("turn", position.first))
    elif phase == 4:
        return_phase(position)
    else:
        start_bidding(position)


def return_phase(position: Position) -> None:
    """KT-8.2 to KT-8.4: workers home, markers off, new laws dealt face down."""
    position.workers = {}
    position.markers = []
    for i, card in enumerate(position.law_spaces):
        if card is None and position.deck:
            position.law_spaces[i] = position.deck.pop()


def step_end_round(position: Position, step: Step) -> None:
    """End of round: round effects lapse; the next round begins (KT-9.8)."""
    position.workorder = None
    position.trespass = frozenset()
    position.renumber = {}
    position.crop_choice = {}
    position.hard_worker = frozenset()
    position.bumper = frozenset()
    position.blight = frozenset()
    position.moratorium = None
    position.markers = []
    cap = int(position.options.get("max_rounds", 0) or 0)
    if cap and position.round >= cap:
        position.over = True
        position.was_capped = True
        return
    position.round += 1
    push_round(position)


flow.register(steps={"phase": step_phase, "phase_body": step_phase_body,
                     "end_round": step_end_round})
