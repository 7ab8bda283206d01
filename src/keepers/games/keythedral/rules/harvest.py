"""Phase 2, harvest (KT-6).

Players collect clockwise from F; each collection step (``collect_step``)
opens with WC (KT-6.2), then the player collects for every worker
(``collect``, KT-6.3 to KT-6.5, with Bumper Crop, Blight and Hard Worker,
KT-12.18, KT-12.19, KT-12.14); cubes of a Crop Choice field type (KT-12.8)
are taken one at a time in colours the player chooses (``crop``).
"""

from __future__ import annotations

from keepers.games.keythedral import flow
from keepers.games.keythedral.data import COLOUR_INDEX, COLOURS, RESOURCES
from keepers.games.keythedral.flow import Choice, Step, ask
from keepers.games.keythedral.rules.conventions import gain
from keepers.games.keythedral.rules.windows import open_window
from keepers.games.keythedral.state import Position


def step_collect_step(position: Position, step: Step) -> None:
    """KT-6.2: each collection step opens with WC."""
    _, p = step
    position.steps.append(("collect", p))
    open_window(position, "WC", (p,))


def step_collect(position: Position, step: Step) -> None:
    """KT-6.3 to KT-6.5: collect for every worker of ``p``."""
    _, p = step
    free_type = position.crop_choice.get(p)
    # KT-12.14, KT-16.18: Hard Worker doubles every cube, after Bumper Crop.
    factor = 2 if p in position.hard_worker else 1
    gained = [0] * 8
    wanted = [0] * 8
    free = 0
    for cell, owner in position.workers.items():
        if owner != p:
            continue
        ftype = position.fields[cell]
        amount = 0 if ftype in position.blight else (2 if ftype in position.bumper else 1)
        if ftype == free_type:
            free += amount * factor
        else:
            wanted[ftype] += amount * factor
    for colour, amount in enumerate(wanted):
        # KT-6.4, KT-16.9: all or nothing per colour; a shortfall leaves the store untouched
        # for the players after, and for this player's own Crop Choice cubes (KT-6.5).
        if amount and position.store[colour] >= amount:
            gain(position, p, colour, amount)
            gained[colour] = amount
    position.event("harvest", p, tuple(gained), tuple(wanted))
    if free:
        position.steps.append(("crop", p, free))


def step_crop(position: Position, step: Step) -> Choice | None:
    """KT-6.5: free-colour cubes are taken one at a time; lost if the store has none."""
    _, p, left = step
    if any(position.store[c] for c in RESOURCES):
        return ask("crop", p, left)
    position.event("harvest_lost", p, left)
    return None


def options_crop(position: Position, choice: Choice) -> list[str]:
    """The resource colours the store still holds."""
    return [f"take {COLOURS[c]}" for c in RESOURCES if position.store[c]]


def answer_crop(position: Position, choice: Choice, option: str) -> None:
    """Take the cube; take the next one."""
    p, left = choice.player, choice.info
    colour_name = option.split()[1]
    gain(position, p, COLOUR_INDEX[colour_name])
    position.event("crop", p, colour_name)
    if left > 1:
        position.steps.append(("crop", p, left - 1))


flow.register(
    steps={"collect_step": step_collect_step, "collect": step_collect, "crop": step_crop},
    choices={"crop": (options_crop, answer_crop)},
)
