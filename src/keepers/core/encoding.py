"""Fixed numberings of decisions and views, for learning agents (``keepers.rl``).

A learning agent wants a fixed action space and a fixed-shape observation.  A game
offers both through :meth:`Game.action_codec` and :meth:`Game.observation_codec`:

* :class:`ActionCodec` numbers every decision the game can ever offer at a player
  count and options: a *catalogue* of entries, entry ``i`` is action ``i``.  An entry
  is usually the decision text itself.  Where the text names things whose number
  explodes (a reordering of a seat's own cards, say), the game catalogues a form
  relative to what the deciding seat sees and rewrites between the two forms
  (:meth:`ActionCodec.entry` and :meth:`ActionCodec.text`); the rewriting may read
  only what the deciding seat may see.
* :class:`ObservationCodec` turns one seat's view (never the state) into a flat list of
  numbers of a fixed length, laid out in named fields.

Pure Python: numpy arrays are made by ``keepers.rl``, which is an optional extra.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

JsonDict = dict[str, Any]


class GameState(Protocol):
    """What a codec needs of a state (``keepers.core.game.GameState`` has it)."""

    def legal_actions(self) -> list[str]: ...


class ActionCodec:
    """A documented bijection between a game's decisions and ``range(size)``."""

    def __init__(self, catalogue: Sequence[str]) -> None:
        self.catalogue: tuple[str, ...] = tuple(catalogue)
        self._index = {entry: i for i, entry in enumerate(self.catalogue)}
        if len(self._index) != len(self.catalogue):
            raise ValueError("an action catalogue lists an entry twice")

    @property
    def size(self) -> int:
        """How many actions there are: the length of the catalogue."""
        return len(self.catalogue)

    def entry(self, state: GameState, action: str) -> str:
        """The catalogue entry of ``action`` in ``state`` (the text itself by default)."""
        return action

    def text(self, state: GameState, entry: str) -> str:
        """The decision text of catalogue ``entry`` in ``state`` (the entry by default)."""
        return entry

    def encode(self, state: GameState, action: str) -> int:
        """The number of the decision ``action`` in ``state``; ValueError when the
        catalogue has no such decision."""
        entry = self.entry(state, action)
        try:
            return self._index[entry]
        except KeyError:
            raise ValueError(f"no action number for {action[:60]!r}") from None

    def decode(self, state: GameState, index: int) -> str:
        """The decision text of action ``index`` in ``state``; ValueError when out of range."""
        if not 0 <= index < len(self.catalogue):
            raise ValueError(f"action {index} is not in 0..{len(self.catalogue) - 1}")
        return self.text(state, self.catalogue[index])

    def legal_indices(self, state: GameState) -> list[int]:
        """The numbers of the decisions legal in ``state``, in the order of the catalogue."""
        return sorted(self.encode(state, action) for action in state.legal_actions())


class Field(NamedTuple):
    """One named run of an observation: where it starts and how long it is."""

    name: str
    start: int
    length: int
    meaning: str


class ObservationCodec(ABC):
    """A seat's view as a fixed-length list of numbers, laid out in named :class:`Field`s
    (a game's codec hands its layout to this constructor)."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields: tuple[Field, ...] = tuple(fields)
        """The layout, in order: consecutive, non-overlapping, covering ``size``."""
        last = self.fields[-1]
        self.size: int = last.start + last.length
        """The length of every observation."""

    @abstractmethod
    def encode(self, view: JsonDict, seat: int) -> list[float]:
        """``seat``'s ``view`` (as :meth:`GameState.view` gives it) as ``size`` numbers.
        Built from the view alone, so nothing the seat may not see can enter it."""


class Layout:
    """Builds a consecutive field layout: ``add`` fields in order, then ``fields``."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, length: int, meaning: str) -> Field:
        """Append a field of ``length`` numbers and return it."""
        field = Field(name, self.size, length, meaning)
        self.fields.append(field)
        self.size += length
        return field
