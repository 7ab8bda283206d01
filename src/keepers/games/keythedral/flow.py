"""The rules flow: a stack of pending steps, settled until a player must decide.

The idiom (the same for every game; Keythedral's adaptation is noted):

* A position holds a stack of pending **steps** (``position.steps``): plain
  tuples ``(kind, *args)``, JSON-ready and immutable, so copying a position
  copies only the list.  The top step is the next thing to happen.  Nested
  moments of the rules (a law card played in response to a purchase, inside
  a spending turn, inside phase 3) are simply steps above steps, so every
  reaction window is an ordinary decision.
* Every step kind has a **step handler**, ``step_<kind>(position, step)``,
  registered in :data:`STEPS` by the rules module of the rulebook section
  that defines the step.  Keythedral pops a step before running it: the
  handler does its work (maybe pushing more steps) and returns None, or
  returns the :class:`Choice` it needs: the decision kind, the deciding
  player and the ``info`` the options are computed from.  The choice is the
  suspended step: it is kept as ``position.pending`` (and saved with the
  position) until answered.
* Every decision kind has an **options handler**, ``options_<kind>(position,
  choice)``, in :data:`OPTIONS` (the legal text commands, computed on demand)
  and an **answer handler**, ``answer_<kind>(position, choice, option)``, in
  :data:`ANSWERS`: it carries out the chosen option, which is known legal.
  Decision kinds are the public names of decisions (``"turn"``, ``"law"``),
  so they key these two tables; a step kind and the decision it asks are
  mostly the same name, else the step handler says which one it asks.
* :func:`settle` runs the top step until one needs a decision (or the game
  is over) and returns the pending Choice.
* :func:`play` hands a player's option to the answer handler of the pending
  choice's kind, then settles to the next Choice.

So one decision is followed as: ``KeythedralState.apply(option)`` ->
:func:`play` -> ``ANSWERS[kind]`` (a function named ``answer_<kind>`` in the
rules module that registered it, whose docstring names the clause) ->
:func:`settle` -> ``STEPS[kind]`` of each new top step (``step_<kind>``) ->
the next Choice.

This module knows no rule: the rules modules fill the tables when
:mod:`keepers.games.keythedral.rules` is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from keepers.core.errors import KeepersError
from keepers.games.keythedral.state import Choice, Position, Step

__all__ = ["ANSWERS", "OPTIONS", "STEPS", "Choice", "Step", "ask", "options", "play",
           "register", "settle"]

StepHandler = Callable[[Position, Step], "Choice | None"]
OptionsHandler = Callable[[Position, Choice], list[str]]
AnswerHandler = Callable[[Position, Choice, str], None]

STEPS: dict[str, StepHandler] = {}
"""Step handler by step kind (read on every step)."""

OPTIONS: dict[str, OptionsHandler] = {}
"""Options handler by decision kind: the legal commands of a pending choice."""

ANSWERS: dict[str, AnswerHandler] = {}
"""Answer handler by decision kind."""


def register(steps: Mapping[str, StepHandler],
             choices: Mapping[str, tuple[OptionsHandler, AnswerHandler]] | None = None) -> None:
    """Register step kinds ``{kind: step handler}`` and decision kinds
    ``{kind: (options handler, answer handler)}``."""
    STEPS.update(steps)
    for kind, (options_handler, answer_handler) in (choices or {}).items():
        OPTIONS[kind] = options_handler
        ANSWERS[kind] = answer_handler


# ---------------------------------------------------------------------- the loop
def settle(position: Position) -> Choice | None:
    """Run steps until one needs a decision; return it (None: the game is over)."""
    if position.pending is not None or position.over:
        return position.pending
    # The rules never replace the step list, so its pop is looked up once; the
    # game ends in a step (checked after each) or in an answer (checked above).
    steps, pop = STEPS, position.steps.pop
    while True:
        try:
            step = pop()
        except IndexError:
            raise KeepersError("internal error: the rules flow ran out of steps") from None
        choice = steps[step[0]](position, step)
        if choice is not None:
            position.pending = choice
            return choice
        if position.over:
            return None


def play(position: Position, option: str) -> Choice | None:
    """Answer the pending choice with ``option`` (known legal), then settle to the next one."""
    choice = position.pending
    assert choice is not None, "play() needs a pending choice"
    position.pending = None
    ANSWERS[choice[0]](position, choice, option)
    return settle(position)


def options(position: Position) -> list[str]:
    """The legal commands of the pending choice."""
    choice = position.pending
    assert choice is not None, "options() needs a pending choice"
    return OPTIONS[choice[0]](position, choice)


# ---------------------------------------------------------------------- building blocks
def ask(kind: str, player: int, info: Any = None) -> Choice:
    """The choice a step returns to wait for ``player``'s decision of ``kind``."""
    # tuple.__new__ skips the named tuple's Python-level __new__ (one per decision).
    return tuple.__new__(Choice, (kind, player, info))
