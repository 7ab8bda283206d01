"""The rules flow: the pending step, its handlers, and how a decision is played.

The idiom is the one every game uses (see ``keepers.games.viscounts.flow``),
adapted to the Gardiens position format:

* A Gardiens position holds exactly one pending **step**: its kind
  (``position.phase``), the player who decides it (``position.decider``) and its
  arguments (``position.ctx``).  The format of positions is fixed (files and the
  golden records hash it), so the step is kept in these three fields rather than
  as a tuple on a stack; a step that must come back after another (a card
  waiting for its collection, the co-op end of round waiting for a devour
  choice) names what it resumes in ``ctx["then"]`` or by its kind.
* Every step kind has a **step handler** ``step_<kind>(position)`` registered in
  :data:`STEPS` by the rules module of the rulebook section defining the step:
  it returns the step's options (the legal decisions, in a stable order).
* Every step kind has an **answer handler** ``answer_<kind>(position, option)``
  in :data:`ANSWERS`: it carries out the chosen option and runs the rules on,
  in plain calls, until they reach the next step that needs a decision (which
  they set with :func:`ask`, or :func:`ask_next` for the next step of the same
  sequence) or the end of the game.  So there is never a step to run without a
  decision, and :func:`settle` only has to ask.
* :data:`RESUME` holds the **resume handlers** ``resume_<name>(position)``: what
  a finished step hands back to (``ctx["then"]`` of a collection, the rest of
  the co-op end of round).  They let a lower rules module go on with a higher
  one without importing it.
* :data:`CLAUSES` names the clause governing each step kind's decisions, so
  that a refused decision names its rule.

So one decision is followed as: ``GardiensState.apply(option)`` -> :func:`play`
-> ``ANSWERS[kind]`` (``answer_<kind>`` in the rules module that registered
it, whose docstring names the clause) -> the rules it calls -> :func:`ask`
of the next step -> :func:`settle` -> ``STEPS[kind]`` (``step_<kind>``) ->
the next :class:`Choice`.

This module knows no rule: the rules modules fill the tables when
:mod:`keepers.games.gardiens.rules` is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from keepers.games.gardiens.state import Position

__all__ = ["ANSWERS", "CLAUSES", "RESUME", "STEPS", "Choice", "ask", "ask_next", "play",
           "register", "register_resume", "resume", "settle"]


class Choice(NamedTuple):
    """A decision asked of one player: ``kind`` names it, ``options`` are the commands.

    Unlike other games' choices it holds no prompt: the match loop never reads it,
    so the views build it from the catalogues only when it is shown.
    """

    player: int
    kind: str
    options: list[str]


StepHandler = Callable[[Position], list[str]]
AnswerHandler = Callable[[Position, str], None]
ResumeHandler = Callable[[Position], None]

STEPS: dict[str, StepHandler] = {}
"""Step handler by step kind: the options of the pending step."""

ANSWERS: dict[str, AnswerHandler] = {}
"""Answer handler by step kind: carries out an option."""

CLAUSES: dict[str, str] = {}
"""The clause governing the decisions of each step kind."""

RESUME: dict[str, ResumeHandler] = {}
"""Resume handler by name: what a finished step goes back to."""


def register(handlers: dict[str, tuple[StepHandler, AnswerHandler, str]]) -> None:
    """Register step kinds: ``{kind: (step handler, answer handler, clause)}``."""
    for kind, (step_handler, answer_handler, clause) in handlers.items():
        STEPS[kind] = step_handler
        ANSWERS[kind] = answer_handler
        CLAUSES[kind] = clause


def register_resume(handlers: dict[str, ResumeHandler]) -> None:
    """Register resume handlers: ``{name: handler}``."""
    RESUME.update(handlers)


# ---------------------------------------------------------------------- the loop
def settle(position: Position) -> Choice | None:
    """The decision the position waits for (None: the game is over)."""
    if position.over:
        return None
    kind = position.phase
    # tuple.__new__ skips the named tuple's Python-level __new__ (one per decision)
    return tuple.__new__(Choice, (position.decider, kind, STEPS[kind](position)))


def play(position: Position, option: str) -> None:
    """Answer the pending step with ``option`` (legal, not checked again)."""
    ANSWERS[position.phase](position, option)


def resume(position: Position, name: str) -> None:
    """Hand back to what a finished step resumes (see :data:`RESUME`)."""
    RESUME[name](position)


# ---------------------------------------------------------------------- building blocks
def ask(position: Position, kind: str, decider: int, **ctx: Any) -> None:
    """Make a step of ``kind``, decided by ``decider``, the pending step (fresh arguments)."""
    position.phase = kind
    position.decider = decider
    position.ctx = ctx  # a fresh dict at every call: no copy needed


def ask_next(position: Position, kind: str, decider: int) -> None:
    """Make the next step of the same sequence pending: the kind and the decider change,
    the arguments stay (the defender's answer to an attack reads the attack's)."""
    position.phase = kind
    position.decider = decider
