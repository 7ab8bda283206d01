"""Small shared types of the Viscounts state machine.

A position holds a stack of *tasks* (plain tuples ``(kind, player, *args)``,
JSON-ready and immutable, so cloning copies only the list).  The task on top
either resolves by itself or asks one player a :class:`Choice`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from keepers.games.viscounts.effects import (
    AI_EFFECT,
    EFFECT,
    ONGOING,
    SCORING,
    Category,
    Term,
    parse,
)

Task = tuple[Any, ...]   # element types depend on the task kind (see each handler)
ALL_CONTEXT = EFFECT | ONGOING | SCORING | AI_EFFECT | frozenset({Category.COMBINATOR})


class Choice(NamedTuple):
    """A decision asked of one player: ``kind`` names it, ``options`` are the commands.

    A named tuple rather than a dataclass: one is built for almost every
    decision, and tuples are several times cheaper to create.
    """

    player: int
    kind: str
    prompt: str
    options: tuple[str, ...]


TERMS: dict[str, Term] = {}
"""Effect texts already parsed by :func:`term_of` (a plain dict: read on every effect)."""


def term_of(text: str) -> Term:
    """Re-parse an effect already validated at load time (cached in :data:`TERMS`)."""
    term = TERMS.get(text)
    if term is None:
        term = TERMS[text] = parse(text, ALL_CONTEXT)
    return term


def eff(player: int, term: Term | str, source: str = "") -> Task:
    """Build an effect task resolving ``term`` for ``player``."""
    return ("eff", player, str(term), source)


def flatten(term: Term) -> list[Term]:
    """Split ``all_of`` groups of ongoing abilities into their parts (``none`` dropped)."""
    if term.name == "none":
        return []
    if term.name == "all_of":
        return [t for part in term.subterms() for t in flatten(part)]
    return [term]


class Handlers:
    """The rule handlers by task, choice, term and phase name (read on every step).

    Handlers are found by name on the rules class: ``_t_<task>`` steps a task,
    ``_c_<task>`` applies a choice to it, ``_e_<term>`` resolves an effect
    term and ``begin_<phase>`` starts a phase.  The tables are collected once
    from the most derived rules class (a dict look-up per step instead of
    formatting a name and ``getattr``); they live in a module rather than on
    the class so that the compiled engine (see docs/performance.md) reads them
    the same way as the pure Python one.
    """

    def __init__(self) -> None:
        self.steps: dict[object, Callable[..., Choice | None]] = {}
        self.choosers: dict[object, Callable[..., None]] = {}
        self.effects: dict[object, Callable[..., None]] = {}
        self.begins: dict[object, Callable[..., None]] = {}

    def collect(self, cls: type) -> None:
        """Fill the tables from the handler methods of ``cls`` (its bases included)."""
        for prefix, table in (("_t_", self.steps), ("_c_", self.choosers),
                              ("_e_", self.effects), ("begin_", self.begins)):
            table.clear()
            table.update({name.removeprefix(prefix): getattr(cls, name)
                          for name in dir(cls) if name.startswith(prefix)})


HANDLERS = Handlers()
"""The handlers of the Viscounts rules (collected from the ``Solo`` class)."""
