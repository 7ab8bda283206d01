"""What ``undo`` at the terminal may take back, without knowing the game.

A person may take back their decisions (and the bots' since) as long as nothing
hidden from them came to light in between: undoing after seeing a card drawn or a
die rolled would let them choose again knowing it.  :class:`Undo` keeps the
position before each person's decision and, after every decision, checks what
each person's view showed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from keepers.core.game import Game, GameState, JsonDict
from keepers.core.i18n import t

RNG = "rng"
"""The field of ``to_dict()`` holding a generator state (every game keeps its chance there)."""
RNG_MASK = 2**64 - 1
SALTS = tuple(0x9E3779B97F4A7C15 * k & RNG_MASK for k in range(1, 7))
"""Other generator states to replay a decision with: six, so that a shown die almost
surely falls otherwise once (an outcome of 1 in 6 is still missed one time in three)."""


def _atoms(data: Any, into: set[str] | None = None) -> set[str]:
    """The texts found anywhere in a JSON-ready value (card ids, tile names, words)."""
    into = set() if into is None else into
    if isinstance(data, str):
        into.add(data)
    elif isinstance(data, dict):
        for value in data.values():
            _atoms(value, into)
    elif isinstance(data, (list, tuple)):
        for value in data:
            _atoms(value, into)
    return into


@dataclass
class _Mark:
    """A human decision that ``undo`` may take back: the position before it."""

    seat: int
    index: int
    """How many decisions the record held before it."""
    state: GameState
    history: int
    """How many lines the log held before it."""


def _generators(data: Any) -> list[int]:
    """The generator states (``rng`` fields) anywhere in a position's ``to_dict()``."""
    found: list[int] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key == RNG and isinstance(value, int):
                found.append(value)
            else:
                found += _generators(value)
    elif isinstance(data, list):
        for value in data:
            found += _generators(value)
    return found


def _reseeded(data: Any, salt: int) -> Any:
    """``data`` (a position's ``to_dict()``) with every generator state (an ``rng`` field,
    where every game keeps its chance) changed, so that chance falls otherwise."""
    if isinstance(data, dict):
        return {key: (value ^ salt) & RNG_MASK if key == RNG and isinstance(value, int)
                else _reseeded(value, salt) for key, value in data.items()}
    if isinstance(data, list):
        return [_reseeded(value, salt) for value in data]
    return data


@dataclass
class Undo:
    """The human decisions ``undo`` may take back, and what each human has seen.

    Undo must not let a player see something hidden and then choose again, so it
    stops at the last decision after which a seat's view showed either a text (a
    card or tile id) that the position held but that seat's view did not show
    before (a card drawn, a tile turned, an opponent's card played), or a chance
    outcome (a die, a shuffle): the same decision played with the generator
    changed would have shown that seat something else.  The test knows no game:
    it compares the texts of views and positions and replays the decision with
    the generator state of ``to_dict()`` changed.  It errs on the side of
    refusing: a text a game keeps in its position but draws differently in the
    view counts as revealed.
    """

    game: Game
    humans: list[int]
    marks: list[_Mark] = field(default_factory=list)
    barrier: dict[int, int] = field(default_factory=dict)
    """Per human seat, the index of the last decision that revealed something to it."""
    seen: dict[int, set[str]] = field(default_factory=dict)
    position: JsonDict = field(default_factory=dict)

    def start(self, state: GameState, decisions: int) -> None:
        """Begin watching at ``state`` (``decisions`` already taken cannot be undone)."""
        self.marks.clear()
        self.barrier = {seat: decisions - 1 for seat in self.humans}
        self._look(state)

    def _look(self, state: GameState) -> None:
        self.seen = {seat: _atoms(state.view(seat)) for seat in self.humans}
        self.position = state.to_dict()

    def before(self, state: GameState, seat: int, index: int, history: int) -> None:
        """Remember the position before a human decision."""
        self.marks.append(_Mark(seat, index, state.clone(), history))

    def after(self, state: GameState, seat: int, action: str, index: int) -> None:
        """Note what decision ``index`` (``action`` of ``seat``) showed each human."""
        known = {""} | set(state.legal_actions())
        decision = state.decision()
        if decision is not None:
            known |= {decision.kind, decision.prompt}
        seen, position = self.seen, self.position
        hidden = _atoms(position)
        self._look(state)
        chance = self._chance(position, action)
        for human in self.humans:
            mine = {action, *action.split()} if human == seat else set()
            if human in chance or ((self.seen[human] - seen[human]) & hidden) - known - mine:
                self.barrier[human] = index

    def _chance(self, position: JsonDict, action: str) -> set[int]:
        """The humans who saw a chance outcome of ``action`` played from ``position``
        (the position before it): their view differs when it is played with the generator
        changed.  Both sides are rebuilt from the position file, which may leave out
        what a view shows but the rules never read (a log)."""
        if _generators(position) == _generators(self.position):
            return set()  # no generator, or it did not move: no chance was drawn
        try:  # the same decision from the same position file, then with other chances
            same, *others = [self._replayed(position, salt, action) for salt in (0, *SALTS)]
        except Exception:  # a position that cannot be re-dealt: refuse to be safe
            return set(self.humans)
        return {h for h in self.humans if any(o.view(h) != same.view(h) for o in others)}

    def _replayed(self, position: JsonDict, salt: int, action: str) -> GameState:
        state = self.game.state_from_dict(_reseeded(position, salt))
        state.apply(action)
        return state

    def take_back(self, seat: int, now: int) -> _Mark | None:
        """The mark to return to for ``seat``'s ``undo`` with ``now`` decisions taken
        (its later marks removed), or None when refused: ``seat`` has no earlier
        decision here, another person has decided since, or something hidden was
        shown to ``seat`` since."""
        if self.why_not(seat, now) is not None:
            return None
        mark = self._last(seat, now)
        assert mark is not None
        self.marks = [m for m in self.marks if m.index < mark.index]
        self._look(mark.state)
        return mark

    def why_not(self, seat: int, now: int) -> str | None:
        """Why :meth:`take_back` would refuse, in one line (None: it would not)."""
        mark = self._last(seat, now)
        if mark is None:
            return t("play.undo_none")
        if any(m.seat != seat and mark.index < m.index < now for m in self.marks):
            return t("play.undo_other")
        if self.barrier.get(seat, -1) >= mark.index:
            return t("play.undo_revealed")
        return None

    def _last(self, seat: int, now: int) -> _Mark | None:
        return next((m for m in reversed(self.marks) if m.seat == seat and m.index < now),
                    None)
