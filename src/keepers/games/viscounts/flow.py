"""The rules flow: a stack of pending steps, settled until a player must decide.

The idiom (the same for every game):

* A position holds a stack of pending **steps** (``position.stack``): plain
  tuples ``(kind, player, *args)``, JSON-ready and immutable, so copying a
  position copies only the list.  The top step is the next thing to happen.
* Every step kind has a **step handler**, ``step(position, task)``, registered
  in :data:`STEPS` by the rules module of the rulebook section that defines
  the step.  It either does its work (popping itself, maybe pushing more
  steps) and returns None, or returns the :class:`Choice` the step needs:
  which player decides, the kind of decision, a prompt and the options.
* Every step that asks has an **answer handler**, ``answer(position, task,
  option)``, registered in :data:`ANSWERS` under the same kind: it carries
  out the chosen option (popping or replacing the step).
* :func:`settle` steps the top of the stack until a step needs a real
  decision and returns that Choice (None once the game is over).  A choice
  with one option, or asked of a seat that does not decide (the solo AI), is
  answered on the spot (``HOOKS.decide``); when the stack is empty the turn
  moves on (``HOOKS.advance``: the next phase pushes its steps).
* :func:`play` hands a player's option to the answer handler of the top
  step's kind, then settles to the next Choice.

So one decision is followed as: ``ViscountsState.apply(option)`` ->
:func:`play` -> ``ANSWERS[kind]`` (a function named ``answer_<kind>`` in the
rules module that registered it, whose docstring or comments name the
clause) -> :func:`settle` -> ``STEPS[kind]`` of the new top step
(``step_<kind>``) -> the next Choice.

This module knows no rule: the rules modules fill :data:`STEPS`,
:data:`ANSWERS` and :data:`HOOKS` when :mod:`keepers.games.viscounts.rules`
is imported (a later registration of a kind replaces an earlier one: the solo
rules do so for the AI).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from keepers.games.viscounts.state import Position, Task

__all__ = ["ANSWERS", "HOOKS", "STEPS", "Choice", "Task", "answer", "ask", "ask_distinct",
           "play", "push_all", "register", "replace", "settle", "step"]


class Choice(NamedTuple):
    """A decision asked of one player: ``kind`` names it, ``options`` are the commands.

    A named tuple rather than a dataclass: one is built for almost every
    decision, and tuples are several times cheaper to create.
    """

    player: int
    kind: str
    prompt: str
    options: tuple[str, ...]


ANYTIME = "board "
"""The prefix of options that ``HOOKS.anytime`` answers."""
ANYTIME_KEY = "boards"
"""The ``position.ext`` entry present when some player may have abilities usable at any
moment (the Gates of Gold manuscript boards): without it neither hook is called."""

StepHandler = Callable[[Position, Task], Choice | None]
AnswerHandler = Callable[[Position, Task, str], None]

STEPS: dict[str, StepHandler] = {}
"""Step handler by step kind (read on every step)."""

ANSWERS: dict[str, AnswerHandler] = {}
"""Answer handler by step kind (steps that never ask have none)."""


def _no_advance(position: Position) -> None:
    raise RuntimeError("no turn rules registered (import keepers.games.viscounts.rules)")


def _first_option(position: Position, choice: Choice) -> str:
    return choice.options[0]


def _same_choice(position: Position, choice: Choice) -> Choice:
    return choice


def _no_anytime(position: Position, option: str) -> None:
    raise RuntimeError(f"no rule answers {option!r}")


class Hooks:
    """The two rules the flow calls besides the handlers.

    ``advance(position)``: the stack is empty, start what comes next (the next
    phase or turn); ``decide(position, choice)``: the option chosen for a seat
    that does not decide itself (the solo AI's fixed policy).  With an
    expansion in play (``position.ext``), ``extend(position, choice)`` may add
    options usable at any moment (``"board ..."``), which ``anytime(position,
    option)`` carries out instead of the top step's answer handler: that step
    stays on the stack and asks again.
    """

    def __init__(self) -> None:
        self.advance: Callable[[Position], None] = _no_advance
        self.decide: Callable[[Position, Choice], str] = _first_option
        self.extend: Callable[[Position, Choice], Choice] = _same_choice
        self.anytime: Callable[[Position, str], None] = _no_anytime


HOOKS = Hooks()
"""The hooks of the Viscounts rules (set by the turn and solo rules)."""


def register(handlers: dict[str, tuple[StepHandler, AnswerHandler | None]]) -> None:
    """Register step kinds: ``{kind: (step handler, answer handler or None)}``."""
    for kind, (step_handler, answer_handler) in handlers.items():
        STEPS[kind] = step_handler
        if answer_handler is not None:
            ANSWERS[kind] = answer_handler


# ---------------------------------------------------------------------- the loop
def settle(position: Position) -> Choice | None:
    """Run steps until one needs a real decision; return it (None: the game is over)."""
    # The stack list is never replaced by the rules, and the game ends only
    # in advance(), called on an empty stack: so the list is read once and
    # the end is checked only when the stack is empty (and on entry).
    steps, answers, stack = STEPS, ANSWERS, position.stack
    if position.over:
        return None
    for _ in range(100_000):
        if not stack:
            if position.over:
                return None
            HOOKS.advance(position)
            continue
        task = stack[-1]
        choice = steps[task[0]](position, task)
        if choice is None:
            continue
        options = choice.options
        if not options:
            stack.pop()
            continue
        if position.ext and ANYTIME_KEY in position.ext:
            choice = HOOKS.extend(position, choice)
            options = choice.options
        if len(options) == 1 or position.players[choice.player].is_ai:
            option = options[0] if len(options) == 1 else HOOKS.decide(position, choice)
            answers[task[0]](position, task, option)
            continue
        return choice
    raise RuntimeError("the step stack does not settle")


def play(position: Position, option: str) -> Choice | None:
    """Answer the top step with ``option`` (not checked), then settle to the next choice.

    The position must be settled (its top step is the one that asked).
    """
    if position.ext and ANYTIME_KEY in position.ext and option.startswith(ANYTIME):
        HOOKS.anytime(position, option)
    else:
        task = position.stack[-1]
        ANSWERS[task[0]](position, task, option)
    return settle(position)


def step(position: Position, task: Task) -> Choice | None:
    """Run the step handler of ``task`` once (tests step the stack by hand)."""
    return STEPS[task[0]](position, task)


def answer(position: Position, task: Task, option: str) -> None:
    """Run the answer handler of ``task`` once with ``option``."""
    ANSWERS[task[0]](position, task, option)


# ---------------------------------------------------------------------- building blocks
def ask(seat: int, kind: str, prompt: str, options: list[str]) -> Choice:
    """Build a choice (options deduplicated, order kept)."""
    # tuple.__new__ skips the named tuple's Python-level __new__ (one per decision).
    return tuple.__new__(Choice, (seat, kind, prompt, tuple(dict.fromkeys(options))))


def ask_distinct(seat: int, kind: str, prompt: str, options: tuple[str, ...]) -> Choice:
    """Build a choice from options already known to be distinct (no deduplication)."""
    return tuple.__new__(Choice, (seat, kind, prompt, options))


def push_all(position: Position, tasks: list[Task]) -> None:
    """Push steps so that the first one runs first."""
    position.stack.extend(reversed(tasks))


def replace(position: Position, task: Task) -> None:
    """Replace the top step (a step that asks again with new arguments)."""
    position.stack[-1] = task


class Texts(dict[str, str]):
    """Option texts ``"<verb> <word>"`` by word, each built once (a missing word builds it).

    Options such as ``"play TF-S-abbot"`` are asked for almost every decision
    over a few hundred card ids: looking them up is cheaper than formatting.
    """

    def __init__(self, verb: str) -> None:
        super().__init__()
        self.verb = verb

    def __missing__(self, word: str) -> str:
        text = self[word] = f"{self.verb} {word}"
        return text
