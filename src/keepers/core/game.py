"""The contract between the engine and a game.

A game provides a :class:`Game` object (its rules over its data) and a
:class:`GameState` subclass.  The state always says who must decide now and
what the legal decisions are; decisions are short text commands such as
``"buy B04-1"`` or ``"pay red"``, which are at once the machine form, the
record form and what a terminal player types.

The flow of one decision::

    client/bot --text--> GameState.apply --(legal?)--> _apply (game rules)
         ^                                  |no                 |
         |                              RuleError          advance to the
         +---- view(player), legal_actions() <---------- next decision
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import product
from typing import Any, NamedTuple, Protocol, Self

from keepers.core.encoding import ActionCodec, ObservationCodec
from keepers.core.errors import KeepersError, RuleError
from keepers.core.rng import Rng

JsonDict = dict[str, Any]
ViewMapping = Mapping[str, Any]
"""A view as a bot reads it: a plain dict or a :class:`LazyView`.  Compiled (mypyc)
code reads a value typed ``dict`` with dict's own C calls (``get`` among them), which
skip a lazy view's computing of its entries; typed so, the view's own methods answer."""


MAX_DECISION_LENGTH = 100
"""No decision text is longer; a refusal looks at no more than this many characters."""


_PLAIN = frozenset((str, int, float, bool, type(None)))
"""The types :func:`detached` copies as they are (immutable, and most of what it meets:
testing them inline saves a call for each)."""


def detached(value: Any) -> Any:
    """An independent copy of JSON-like data (dicts, lists, tuples as lists): a view or a
    table built from it shares no list or dict with the position."""
    if isinstance(value, dict):
        return {k: v if type(v) in _PLAIN else detached(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [v if type(v) in _PLAIN else detached(v) for v in value]
    return value


def quoted(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters."""
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


class Decision(NamedTuple):
    """Who must decide now and what about.

    ``public`` is False for decisions whose existence is itself secret (a law
    card window in which only holders of a playable card are asked): views of
    other players then show no decider.
    """

    player: int
    kind: str
    prompt: str
    public: bool = True


class GameState(ABC):
    """A position of a game, with the decision that must be taken in it.

    Subclasses implement the ``_``-prefixed hooks; the public calls below
    give every game the same behaviour for validation and caching.
    """

    __slots__ = ("_legal",)

    def __init__(self) -> None:
        self._legal: tuple[str, ...] | None = None

    # -- who decides and what -------------------------------------------------
    def legal_actions(self) -> list[str]:
        """Return the legal decisions, in a stable order (empty when the game is over).

        The list is a fresh copy: a caller may change it without affecting the state.
        """
        if self._legal is None:
            self._legal = () if self.is_over() else tuple(self._legal_actions())
        return list(self._legal)

    def to_move(self) -> int | None:
        """Return the seat that must decide now, or None when the game is over."""
        decision = self.decision()
        return None if decision is None else decision.player

    def apply(self, action: str) -> None:
        """Apply one decision given in its text form.

        Raises :class:`RuleError` naming the rule when the decision is illegal,
        out of turn or malformed; the state is then left unchanged.
        """
        if type(action) is not str:
            if not isinstance(action, str):
                raise RuleError("ENGINE",
                                f"a decision is a text command, not {type(action).__name__}")
            # A str subclass could compare equal to anything: keep only its text.
            action = str.__str__(action)
        if self.is_over():
            raise RuleError("ENGINE", "the game is over; no decision can be applied")
        self.legal_actions()
        assert self._legal is not None
        if action not in self._legal:
            # The game explains the refusal from a prefix: a huge text is never
            # parsed or echoed whole.
            raise self._explain_illegal(action[:MAX_DECISION_LENGTH])
        self._legal = None
        self._apply(action)

    def apply_trusted(self, action: str) -> None:
        """Apply a decision taken from :meth:`legal_actions` without re-checking it."""
        self._legal = None
        self._apply(action)

    def apply_as(self, player: int, action: str) -> None:
        """Apply a decision on behalf of ``player``, refusing it when out of turn."""
        decider = self.to_move()
        if decider != player:
            raise RuleError("ENGINE", f"it is not seat {player}'s decision (waiting for {decider})")
        self.apply(action)

    # -- hooks each game implements ------------------------------------------
    @abstractmethod
    def decision(self) -> Decision | None:
        """Return the pending decision, or None when the game is over."""

    @abstractmethod
    def _legal_actions(self) -> Sequence[str]:
        """Compute the legal decisions (the game is not over); a tuple is kept without copying."""

    @abstractmethod
    def _apply(self, action: str) -> None:
        """Apply a decision already known to be legal, and advance to the next decision."""

    @abstractmethod
    def _explain_illegal(self, action: str) -> RuleError:
        """Build the error for a refused decision, naming the rule it breaks."""

    @abstractmethod
    def clone(self) -> Self:
        """Return an independent copy (static data is shared, never copied)."""

    @abstractmethod
    def is_over(self) -> bool:
        """Return True when the game has ended (or hit a safety cap)."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Return each seat's score as the rules compute it from this position."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Return the winning seats after tie-breaks (several on a shared victory)."""

    @abstractmethod
    def view(self, player: int | None) -> JsonDict:
        """Return what ``player`` may see (``None``: a spectator, public items only)."""

    def bot_view(self, player: int) -> JsonDict:
        """Return ``player``'s view as a bot deciding is handed it: the same content as
        :meth:`view`, which a game may build lazily (a :class:`LazyView`) so that a bot
        pays only for the entries it reads; by default the view itself."""
        return self.view(player)

    def search_view(self, player: int) -> JsonDict:
        """Return ``player``'s view with what a searching bot deals positions from (a game
        that can be searched adds its ``table``: the position as that seat sees it, every
        hidden item a count); by default the view alone."""
        return self.view(player)

    @abstractmethod
    def to_dict(self) -> JsonDict:
        """Return the full position as JSON-ready data (hidden items included)."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    @property
    @abstractmethod
    def round_number(self) -> int:
        """Current round (0 during setup)."""

    @property
    def capped(self) -> bool:
        """True when the game was stopped by the safety cap rather than by the rules."""
        return False


def score_shares(scores: Sequence[float]) -> list[float]:
    """The share of the other seats each seat is ahead of (a tie counts half); a seat
    alone gets its score's sign as 1 or 0."""
    if len(scores) == 1:
        return [1.0 if scores[0] > 0 else 0.0]
    others = len(scores) - 1
    return [sum(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                for j, theirs in enumerate(scores) if j != i) / others
            for i, mine in enumerate(scores)]


def lead_shares(scores: Sequence[float], scale: float) -> list[float]:
    """Each seat's lead over the best other seat in [0, 1], straight: 0.5 for a tie, 1 for a
    lead of ``scale`` points or more (a seat alone: its score against ``scale``).  Never
    flat where it matters: a seat far behind still sees each point it gains."""
    points = list(scores)
    if len(points) == 1:
        return [min(1.0, max(0.0, points[0] / scale))]
    return [min(1.0, max(0.0, 0.5 + (mine - max(points[:i] + points[i + 1:])) / (2 * scale)))
            for i, mine in enumerate(points)]


class Bot(Protocol):
    """A player program.  It sees only its own view and the legal decisions."""

    needs_view: bool

    def choose(self, view: JsonDict | None, legal: list[str]) -> str:
        """Pick one of ``legal``; ``view`` is None when ``needs_view`` is False."""
        ...


def bot_view(state: GameState, seat: int, bot: Bot) -> JsonDict | None:
    """What ``bot`` deciding for ``seat`` is handed: nothing (``needs_view`` False), the
    seat's view, or for a searching bot (``searches``) :meth:`GameState.search_view`."""
    if not bot.needs_view:
        return None
    return state.search_view(seat) if getattr(bot, "searches", False) else state.bot_view(seat)


class LazyView(dict[str, Any]):
    """A view whose entries are computed when first read, from one builder per key.

    It holds exactly what the eager view holds (its builders are the eager view's parts),
    so a bot handed one sees nothing more; it only skips the entries it never reads.
    Iterating, comparing or copying it computes every entry.  Each builder is called with
    ``args`` (so a game can keep one table of builders instead of making closures for
    every view)."""

    def __init__(self, builders: Mapping[str, Callable[..., Any]], *args: Any) -> None:
        super().__init__()
        self._builders = builders
        self._args = args

    def __missing__(self, key: str) -> Any:
        try:
            builder = self._builders[key]
        except KeyError:
            raise KeyError(key) from None
        value = self[key] = builder(*self._args)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self._builders else default

    def __contains__(self, key: object) -> bool:
        return key in self._builders

    def whole(self) -> JsonDict:
        """Every entry, computed, as a plain dict (in the builders' order)."""
        return {key: self[key] for key in self._builders}

    def __iter__(self) -> Iterator[str]:
        return iter(self._builders)

    def __len__(self) -> int:
        return len(self._builders)

    def keys(self) -> Any:
        return self.whole().keys()

    def items(self) -> Any:
        return self.whole().items()

    def values(self) -> Any:
        return self.whole().values()

    def __eq__(self, other: object) -> bool:
        return self.whole() == (other.whole() if isinstance(other, LazyView) else other)


    def copy(self) -> JsonDict:
        return self.whole()


def view_tables(table: Mapping[str, Callable[..., Any]],
                *optional: Mapping[str, Callable[..., Any]]
                ) -> dict[tuple[bool, ...], dict[str, Callable[..., Any]]]:
    """The builders of a :class:`LazyView` for every mix of ``optional`` tables (entries
    only some views have: a seated viewer's, a finished game's), keyed by one flag per
    optional table in their order; each table in the mix follows ``table``'s entries.
    Made once per game, so that a view picks its table instead of merging them."""
    return {flags: {**table, **{key: builder
                                for extra, present in zip(optional, flags, strict=True)
                                if present for key, builder in extra.items()}}
            for flags in product((False, True), repeat=len(optional))}


class DataCheck(NamedTuple):
    """The result of validating a game's data directory: ``ok`` and report lines."""

    ok: bool
    lines: list[str]


class Option(NamedTuple):
    """A game option: its name, default value and the values it allows.

    A text option allows exactly ``choices``; a whole-number option allows
    ``minimum`` and above; a yes/no option allows ``true`` and ``false``.
    """

    name: str
    default: bool | int | str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    clause: str = ""

    def allowed(self) -> str:
        """Describe the allowed values, for help and error messages."""
        if isinstance(self.default, bool):
            return "true | false"
        if isinstance(self.default, int):
            return "a whole number" + ("" if self.minimum is None else f" >= {self.minimum}")
        return " | ".join(self.choices) if self.choices else "any text"

    def parse(self, text: str) -> bool | int | str:
        """Read the option's value from command-line text (ValueError if not allowed)."""
        if isinstance(self.default, bool):
            words = {"true": True, "false": False}
            if text.lower() not in words:
                raise self._refusal(text)
            return words[text.lower()]
        if isinstance(self.default, int):
            try:
                number = int(text) if len(text) <= 20 else None
            except ValueError:
                number = None
            if number is None:
                raise self._refusal(text)
            return self.check(number)
        return self.check(text)

    def check(self, value: Any) -> bool | int | str:
        """Return ``value`` if the option allows it; raise ValueError otherwise."""
        if isinstance(self.default, bool):
            ok = isinstance(value, bool)
        elif isinstance(self.default, int):
            ok = (isinstance(value, int) and not isinstance(value, bool)
                  and (self.minimum is None or value >= self.minimum))
        else:
            ok = isinstance(value, str) and (not self.choices or value in self.choices)
        if not ok:
            raise self._refusal(value)
        return value  # type: ignore[no-any-return]

    def _refusal(self, value: Any) -> ValueError:
        shown = quoted(value) if isinstance(value, str) else quoted(repr(value))[1:-1]
        rule = f"{self.clause}: " if self.clause else ""
        return ValueError(f"{rule}option {self.name} must be {self.allowed()}, not {shown}")


BotFactory = Callable[[int, int], Bot]
"""Builds a bot from (seat, seed)."""


class Configurable(Protocol):
    """A bot factory that also takes settings written after its name (``mcts:iters=200``)."""

    def __call__(self, seat: int, seed: int) -> Bot: ...

    def configured(self, settings: str) -> BotFactory:
        """The factory with ``settings`` (``key=value,...``); ValueError in one line."""
        ...


class BotMenu(dict[str, BotFactory]):
    """A game's bots by name.  A name may carry settings after a colon
    (``mcts:iters=2000,procs=2``) when its bot takes them; ``name in menu`` and
    ``menu[name]`` accept such names, :meth:`problem` says what is wrong with one."""

    def problem(self, name: str) -> str | None:
        """Why ``name`` names no bot of this menu (None when it does), in one line."""
        try:
            self.factory(name)
        except ValueError as exc:
            return str(exc)
        return None

    def factory(self, name: str) -> BotFactory:
        """The factory of ``name`` with its settings; ValueError in one line if malformed."""
        base, colon, settings = name.partition(":")
        if base not in self.keys():
            raise ValueError(f"unknown bot {base!r}; known: {', '.join(sorted(self))}")
        factory = dict.__getitem__(self, base)
        if not colon:
            return factory
        configure = getattr(factory, "configured", None)
        if configure is None:
            raise ValueError(f"bot {base!r} takes no settings, not {quoted(settings)}")
        return configure(settings)  # type: ignore[no-any-return]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.problem(name) is None

    def __missing__(self, name: str) -> BotFactory:
        try:
            return self.factory(name)
        except ValueError as exc:
            raise KeyError(str(exc)) from None


def settings_problem(bots: Mapping[str, BotFactory], name: str) -> str | None:
    """What is wrong with the settings ``name`` gives a bot of ``bots`` (a game's menu), in
    one line; None when they are fine, or when ``name`` names no bot there at all (the
    caller then says the name is unknown)."""
    base, colon, _ = name.partition(":")
    if not colon or not isinstance(bots, BotMenu) or not dict.__contains__(bots, base):
        return None
    return bots.problem(name)


class Game(ABC):
    """A game: its name, options, setup and bots."""

    name: str
    title: str
    min_players: int
    max_players: int

    @abstractmethod
    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> GameState:
        """Set up a new game; every chance event later comes from ``seed``."""

    @abstractmethod
    def state_from_dict(self, data: JsonDict) -> GameState:
        """Rebuild a state from :meth:`GameState.to_dict` output (a position file)."""

    @abstractmethod
    def bots(self) -> dict[str, BotFactory]:
        """Return the bots this game offers, by name."""

    rules_version: int = 1
    """Version of the rules this code plays; raised whenever a rules change can alter
    the outcome of a recorded game, so that older records are refused, not misplayed."""

    options: tuple[Option, ...] = ()
    """The options this game declares (when empty, they are inferred from the defaults)."""

    def default_options(self) -> dict[str, Any]:
        """Return the default options (shown in help and saved in records)."""
        return {option.name: option.default for option in self.option_specs()}

    def option_specs(self) -> tuple[Option, ...]:
        """Return the declared options (:attr:`options`; a game whose choices come from
        its data overrides this).  A game that only overrides :meth:`default_options`
        gets options inferred from its defaults."""
        if self.options or type(self).default_options is Game.default_options:
            return self.options
        return tuple(Option(key, value) for key, value in self.default_options().items())

    def parse_option(self, key: str, value: str) -> Any:
        """Convert a ``key=value`` option from the command line (ValueError if not allowed)."""
        return self._option(key).parse(value)

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Return the full options (defaults filled in), refusing unknown keys and values.

        Raises ValueError naming the option and what it allows; nothing is coerced.
        """
        checked = self.default_options()
        for key, value in options.items():
            checked[key] = self._option(key).check(value)
        return checked

    def _option(self, key: str) -> Option:
        specs = {option.name: option for option in self.option_specs()}
        if key not in specs:
            raise ValueError(f"unknown option {key!r}; known: {', '.join(sorted(specs))}")
        return specs[key]

    def render(self, view: JsonDict) -> Any:
        """Return a Rich renderable of a view, for the terminal."""
        import json

        return json.dumps(view, indent=1)

    def describe_action(self, action: str) -> str:
        """Return a player-facing description of a decision (defaults to its text)."""
        return action

    def rules_summary(self, view: JsonDict) -> str:
        """Return the rules of the current phase of ``view``, short, citing clause ids
        (empty when the game offers none); the terminal's ``rules`` command shows it."""
        return ""

    def info(self, name: str, view: JsonDict) -> str | None:
        """Return what the card, tile or space called ``name`` does, from the game's data
        (None when the name is unknown); the terminal's ``info <name>`` command shows it."""
        return None

    def invariant_violations(self, state: GameState) -> list[str]:
        """Return what ``state`` breaks of the rules that hold after every decision
        (components conserved, nothing negative ...), one line each, citing the clause;
        empty when all holds.  The soak run (``keepers soak``) asks after every decision."""
        return []

    def facts(self, state: GameState) -> dict[str, Any]:
        """Return what the end of a finished game reveals, for balance reports (none here).

        ``{"seats": [{name: value} for each engine seat], "game": {name: value}}``, each
        value a number, a list of ids (one entry per occurrence) or ids -> counts; the
        simulator stores it with each game's result and ``keepers report`` relates each
        id to winning.  Only for games between bots: it reads the whole position.
        """
        return {}

    def check_data(self, directory: str | None = None) -> DataCheck:
        """Validate a data directory (the packaged data when None) and summarise it."""
        return DataCheck(True, [f"{self.name}: no data files to check"])

    # -- learning agents (keepers.rl; keepers.core.encoding) ---------------------
    def action_codec(self, players: int, options: Mapping[str, Any]) -> ActionCodec:
        """Return the fixed numbering of every decision this game can offer with
        ``players`` seats and ``options`` (checked options).  A game without one
        raises KeepersError."""
        raise KeepersError(f"{self.name} offers no fixed action space")

    def observation_codec(self, players: int, options: Mapping[str, Any]) -> ObservationCodec:
        """Return the fixed-shape encoding of a seat's view with ``players`` seats and
        ``options``.  A game without one raises KeepersError."""
        raise KeepersError(f"{self.name} offers no fixed observation")

    # -- search (the ``mcts`` bot, keepers.core.mcts) --------------------------
    def determinizer(self, view: JsonDict, seat: int) -> Callable[[Rng], GameState]:
        """Return a function dealing full states consistent with ``view``, ``seat``'s view:
        the hidden items sampled uniformly among those the view allows (or by a prior
        the game documents), chance drawn from the given generator.  Built from the view
        and the public rules data only, never from a true state.  A game that cannot
        be searched raises KeepersError."""
        raise KeepersError(f"{self.name} offers no determinization: its bots cannot search")

    def determinize(self, view: JsonDict, seat: int, rng: Rng) -> GameState:
        """One full state consistent with ``seat``'s ``view`` (see :meth:`determinizer`)."""
        return self.determinizer(view, seat)(rng)

    def evaluate(self, state: GameState) -> list[float]:
        """Each seat's expected share of the win from ``state``, each in [0, 1]: the
        outcome when the game is over; otherwise, by default, the share of the other
        seats each seat is ahead of on :meth:`GameState.scores` (a tie counts half).
        Searching bots score a rollout cut short with it."""
        if state.is_over():
            winners = state.winners()
            return [1 / len(winners) if seat in winners else 0.0
                    for seat in range(state.num_players)]
        return score_shares(state.scores())

    def evaluations(self) -> dict[str, Callable[[GameState], list[float]]]:
        """The evaluations a search may score rollouts with, by name (``mcts:eval=NAME``):
        ``plain``, :meth:`evaluate`, and any other the game offers."""
        return {"plain": self.evaluate}
