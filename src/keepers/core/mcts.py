"""The ``mcts`` bot: information-set Monte Carlo tree search from the bot's own view.

Single-observer IS-MCTS (Cowling, Powley & Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 2012).  Each iteration deals one full state consistent
with the bot's view (:meth:`Game.determinizer`: the game samples what the seat cannot
see, from the view alone), then walks one tree of decisions shared by every deal:

* selection by UCB1 among the children *available* in this deal, each child's
  exploration term counting the iterations it was available (availability counts),
  every decider maximising its own reward;
* expansion of one untried decision, with progressive widening: a node visited ``v``
  times offers at most ``widen * sqrt(v + 1)`` children, so that hundreds of
  decisions (a Gardiens turn, a Keythedral spending turn) do not each need a first
  visit; decisions are grouped by their first word, each kind tried in turn;
* a rollout of at most ``depth`` uniformly random decisions (random play of some games
  never ends), then :meth:`Game.evaluate` scores the position for every seat;
* the rewards go back up the path, each node adding its decider's reward.

The bot answers the decision most often visited at the root (among equals, the prior's
choice).  With an iteration budget and a seed it is reproducible; a time budget is not.
A search stops as soon as the most visited decision leads the next by more than the
iterations left: the rest could not change the answer, only spend time.  ``procs=k``
searches ``k`` trees in worker processes and adds their root visits (root parallelism).
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields, replace
from typing import Any

from keepers.core.game import Bot, BotFactory, BotMenu, Game, GameState, JsonDict, bot_view
from keepers.core.rng import Rng


@dataclass(frozen=True)
class Settings:
    """A search's budget and shape (``mcts:iters=2000,depth=40``)."""

    iters: int = 1000
    """Iterations per decision (an upper bound when ``time`` is set)."""
    time: float = 0.0
    """Seconds per decision; 0: the iteration budget alone."""
    depth: int = 40
    """Random decisions of a rollout before the position is evaluated."""
    c: float = 0.7
    """UCB1 exploration constant (rewards are in [0, 1])."""
    widen: float = 2.0
    """Progressive widening: at most ``widen * sqrt(visits + 1)`` children per node."""
    procs: int = 1
    """Worker processes searching trees of their own (root parallelism)."""
    norm: int = 1
    """1: UCB1 reads each mean reward within the range of rewards seen so far in this
    search (games whose evaluation moves by a few hundredths still choose); 0: as is."""
    prior: str = "none"
    """A plain bot of the game's menu whose choice at each tree node is tried first and
    favoured by ``bias / (visits + 1)`` (progressive bias); ``none``: no prior."""
    bias: float = 0.5
    """Weight of the prior's favour (in scaled rewards)."""
    rollout: str = "random"
    """The bot that plays every seat in rollouts: ``random``, or a cheap heuristic bot of
    the game's menu (``greedy``), which it plays from each seat's view of the deal."""
    others: str = "tree"
    """``tree``: the other seats' decisions are searched too, each seat maximising its own
    reward; or a plain bot of the game's menu that plays them in the tree as in rollouts,
    so that every iteration goes to the searcher's own decisions (many seats)."""
    eval: str = "plain"
    """How a rollout cut short is scored: ``plain``, the game's evaluation, or another
    the game names (:meth:`Game.evaluations`)."""


_LIMITS: dict[str, tuple[float, float]] = {
    "iters": (1, 10_000_000), "time": (0.0, 3600.0), "depth": (0, 100_000),
    "c": (0.0, 100.0), "widen": (0.1, 1000.0), "procs": (1, 64), "norm": (0, 1),
    "bias": (0.0, 100.0),
}


def parse_settings(text: str, base: Settings | None = None) -> Settings:
    """Read ``key=value,...`` (keys of :class:`Settings`) over ``base`` (the defaults when
    None); ValueError in one line."""
    return replace(base or Settings(), **given_settings(text))


def given_settings(text: str) -> dict[str, Any]:
    """The settings ``key=value,...`` names, by key (ValueError in one line)."""
    types = {f.name: f.type for f in fields(Settings)}
    given: dict[str, Any] = {}
    for part in text.split(","):
        key, equals, value = part.strip().partition("=")
        if key not in types:
            raise ValueError(f"mcts: unknown setting {key!r}; known: {', '.join(types)}")
        if not equals or not value:
            raise ValueError(f"mcts: setting {key} needs a value ({key}=...)")
        given[key] = value if types[key] == "str" else _number(key, value,
                                                                  integer=types[key] == "int")
    if "time" in given and "iters" not in given:
        given["iters"] = int(_LIMITS["iters"][1])
    return given


def _number(key: str, text: str, integer: bool) -> float:
    low, high = _LIMITS[key]
    try:
        value = int(text) if integer else float(text)
    except ValueError:
        value = None
    kind = "a whole number" if integer else "a number"
    if value is None or not low <= value <= high or value != value:
        bounds = f"{low:.0f} to {high:.0f}" if integer else f"{low:g} to {high:g}"
        raise ValueError(f"mcts: {key} must be {kind} from {bounds}, not {text!r}")
    return value


class Span:
    """The lowest and highest reward backed up so far in one search."""

    __slots__ = ("low", "high")

    def __init__(self) -> None:
        self.low = math.inf
        self.high = -math.inf

    def widen(self, rewards: list[float]) -> None:
        """Take in one iteration's rewards."""
        self.low = min(self.low, *rewards)
        self.high = max(self.high, *rewards)

    def scaled(self, mean: float) -> float:
        """``mean`` within the span, in [0, 1] (as is until two rewards differ)."""
        if self.high <= self.low:
            return mean
        return (mean - self.low) / (self.high - self.low)


class Node:
    """One decision of the tree: who took it, and what it brought them."""

    __slots__ = ("action", "player", "children", "visits", "available", "reward", "hint")

    def __init__(self, action: str, player: int) -> None:
        self.hint: str | None = None
        """The prior's choice among the decisions after this one (see Settings.prior)."""
        self.action = action
        self.player = player
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0


def search(game: Game, view: JsonDict, seat: int, legal: list[str], settings: Settings,
           rng: Rng, settle: bool = True) -> dict[str, int]:
    """Search from ``view`` (``seat``'s) and return the root visits of each decision.

    ``settle``: stop once the leader cannot be caught (False when the visits of several
    trees are to be added, where every iteration counts)."""
    return root_visits(grow(game, view, seat, legal, settings, rng, settle), legal)


def root_visits(root: Node, legal: list[str]) -> dict[str, int]:
    """The visits of each of ``legal`` at ``root`` (those tried)."""
    allowed = set(legal)
    return {a: child.visits for a, child in root.children.items() if a in allowed}


def grow(game: Game, view: JsonDict, seat: int, legal: list[str], settings: Settings,
         rng: Rng, settle: bool = True) -> Node:
    """Search from ``view`` as :func:`search` does and return the tree's root (its
    ``hint`` is the prior's choice, if the search has a prior)."""
    deal = game.determinizer(view, seat)
    root = Node("", seat)
    policy = _policy(game, settings.rollout, "random", rng)
    span = Span() if settings.norm else None
    prior = _policy(game, settings.prior, "none", rng)
    others = _policy(game, settings.others, "tree", rng)
    evaluate = game.evaluations()[settings.eval]
    if prior is not None:
        root.hint = prior.choice_from_view(seat, view, legal)
    deadline = time.perf_counter() + settings.time if settings.time else math.inf
    allowed = set(legal)
    for done in range(settings.iters):
        if done and done % 4 == 0:
            if time.perf_counter() > deadline:
                break
            if settle and settled(root, settings.iters - done, allowed):
                break
        iterate(game, root, deal(rng), settings, rng, policy, span, prior, others, evaluate)
    return root


def _policy(game: Game, name: str, plain: str, rng: Rng) -> Policy | None:
    """The bot a setting names (seeded from ``rng``), or None for its plain value."""
    return None if name == plain else Policy(game, name, rng.next64())


def settled(root: Node, left: int, allowed: set[str]) -> bool:
    """Whether the most visited of the ``allowed`` decisions at ``root`` leads the next by
    more than ``left`` iterations (so that no rest of the search could overtake it, nor
    tie it)."""
    first = second = 0
    for action, child in root.children.items():
        if action not in allowed:
            continue
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > left


def iterate(game: Game, root: Node, state: GameState, settings: Settings, rng: Rng,
            policy: Policy | None = None, span: Span | None = None,
            prior: Policy | None = None, others: Policy | None = None,
            evaluate: Callable[[GameState], list[float]] | None = None) -> None:
    """One iteration on one deal: select, expand, roll out, back up (the rollout scored
    by ``evaluate``, the game's plain evaluation when None)."""
    path = [root]
    node = root
    while not state.is_over():
        legal = state.legal_actions()
        if not legal:
            # A deal is a guess: one may ask a seat for what its guessed items cannot give
            # (a cube of a colour it was dealt none of).  The position is scored as it is.
            break
        player = state.to_move()
        assert player is not None
        if others is not None and player != root.player:
            state.apply_trusted(legal[0] if len(legal) == 1
                                else others.choice(state, player, legal))
            continue
        if prior is not None and node.hint is None and len(legal) > 1:
            node.hint = prior.choice(state, player, legal)
        child = _select(node, legal, player, settings, span)
        if child is None:
            if node.hint in legal and node.hint not in node.children:
                action = node.hint
            else:
                untried = _least_tried_kind([a for a in legal if a not in node.children],
                                            node)
                action = untried[rng.below(len(untried))]
            child = node.children[action] = Node(action, player)
            state.apply_trusted(action)
            path.append(child)
            break
        state.apply_trusted(child.action)
        path.append(child)
        node = child
    if policy is None:
        rollout(state, settings.depth, rng)
    else:
        policy.rollout(state, settings.depth)
    rewards = (evaluate or game.evaluate)(state)
    if span is not None:
        span.widen(rewards)
    root.visits += 1
    for step in path[1:]:
        step.visits += 1
        step.reward += rewards[step.player]


def _select(node: Node, legal: list[str], player: int, settings: Settings,
            span: Span | None = None) -> Node | None:
    """UCB1 over the children available here (None: expand an untried decision)."""
    children = node.children
    available = [children[a] for a in legal if a in children]
    for child in available:
        child.available += 1
    limit = settings.widen * math.sqrt(node.visits + 1)
    if len(available) < len(legal) and len(available) < limit:
        return None
    best, best_value = available[0], -math.inf
    for child in available:
        mean = child.reward / child.visits
        value = ((span.scaled(mean) if span is not None else mean)
                 + (settings.bias / child.visits if child.action == node.hint else 0.0)
                 + settings.c * math.sqrt(math.log(child.available) / child.visits))
        if value > best_value:
            best, best_value = child, value
    return best


def _least_tried_kind(untried: list[str], node: Node) -> list[str]:
    """The untried decisions whose first word (``buy``, ``fence``, ``pass`` ...) has the
    fewest children yet: with progressive widening, every kind of decision is tried
    before a second of one kind, so one ``buy`` is not lost among forty ``fence``s."""
    if len(untried) < 2:
        return untried
    tried: dict[str, int] = {}
    for action in node.children:
        kind = action.split(" ", 1)[0]
        tried[kind] = tried.get(kind, 0) + 1
    fewest = min(tried.get(a.split(" ", 1)[0], 0) for a in untried)
    return [a for a in untried if tried.get(a.split(" ", 1)[0], 0) == fewest]


def rollout(state: GameState, depth: int, rng: Rng) -> None:
    """Play at most ``depth`` uniformly random decisions."""
    for _ in range(depth):
        legal = state.legal_actions()
        if not legal:
            return
        state.apply_trusted(legal[rng.below(len(legal))])


class Policy:
    """A heuristic bot of the game's menu playing every seat of a rollout, each from its
    own view of the deal (a deal is the searcher's guess, so nothing is revealed)."""

    def __init__(self, game: Game, name: str, seed: int) -> None:
        self.factory = BotMenu(game.bots()).factory(name)
        self.seed = seed
        self.bots: dict[int, Bot] = {}

    def _bot(self, seat: int) -> Bot:
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self.factory(seat, self.seed)
        return bot

    def choice(self, state: GameState, seat: int, legal: list[str]) -> str:
        """The bot's choice for ``seat`` in ``state`` (a deal), from that seat's view.

        A bot with ``choose_in_deal(state, seat, legal)`` reads that view's facts from the
        deal itself: the same choice without building a view for every decision of a
        rollout (the deal is the searcher's own guess, so it hides nothing true)."""
        bot = self._bot(seat)
        in_deal = getattr(bot, "choose_in_deal", None)
        if in_deal is not None:
            return str(in_deal(state, seat, legal))
        return bot.choose(bot_view(state, seat, bot), legal)

    def choice_from_view(self, seat: int, view: JsonDict, legal: list[str]) -> str:
        """The bot's choice for ``seat`` from the searcher's own view (at the root)."""
        return self._bot(seat).choose(view, legal)

    def rollout(self, state: GameState, depth: int) -> None:
        """Play at most ``depth`` decisions of the policy's bots."""
        for _ in range(depth):
            legal = state.legal_actions()
            if not legal:
                return
            seat = state.to_move()
            assert seat is not None
            action = legal[0] if len(legal) == 1 else self.choice(state, seat, legal)
            state.apply_trusted(action)


def best_action(visits: dict[str, int], legal: list[str], rng: Rng,
                favourite: str | None = None) -> str:
    """The most visited decision; among equals ``favourite`` (the prior's choice) if it is
    one of them, else the first of ``legal``; random if none was visited.

    Equal visits mean the search could not tell the decisions apart: the guide's choice
    is then the better bet than the order the rules list them in (a short search of a
    turn whose rollouts score alike would otherwise take the first listed)."""
    if not visits:
        return legal[rng.below(len(legal))]
    most = max(visits.values())
    if favourite is not None and visits.get(favourite) == most:
        return favourite
    return max(legal, key=lambda a: visits.get(a, -1))


class MctsBot:
    """Chooses by IS-MCTS from its own view (``needs_view``) with the table its game deals
    positions from (``searches``: :meth:`GameState.search_view`); never from a state."""

    needs_view = True
    searches = True

    def __init__(self, game: Game, seat: int, seed: int, settings: Settings,
                 by_players: Mapping[int, Settings] | None = None) -> None:
        self.game = game
        self.seat = seat
        self.settings = settings
        """The settings searched with (once the number of seats is known, see below)."""
        self.by_players = by_players
        """Settings for some numbers of seats instead of ``settings``; read at the first
        decision, which tells how many seats play."""
        self.rng = Rng(seed * 1_000_003 + seat)

    def choose(self, view: JsonDict | None, legal: list[str]) -> str:
        """Return the decision the search favours among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise ValueError("the mcts bot needs its seat's view")
        if self.by_players:
            self._settle_settings(view)
        if self.settings.procs > 1:
            visits = _parallel(self.game, view, self.seat, legal, self.settings, self.rng)
            return best_action(visits, legal, self.rng)
        root = grow(self.game, view, self.seat, legal, self.settings, self.rng)
        return best_action(root_visits(root, legal), legal, self.rng, root.hint)

    def _settle_settings(self, view: JsonDict) -> None:
        """Take the settings for the number of seats, from a position dealt from the view
        (with a generator of its own, so that the bot's draws stay as they were)."""
        assert self.by_players is not None
        seats = self.game.determinizer(view, self.seat)(Rng(0)).num_players
        self.settings = self.by_players.get(seats, self.settings)
        self.by_players = None


def _parallel(game: Game, view: JsonDict, seat: int, legal: list[str], settings: Settings,
              rng: Rng) -> dict[str, int]:
    """Root parallelism: ``procs`` trees, each with its share of the iterations and its own
    seed, their root visits added.  A worker process of its own (``keepers simulate
    --jobs``) may start none: it then searches the same trees one after the other, so the
    choice is the same either way.  Among equal sums the first listed is taken (each tree
    has its own prior's choice)."""
    procs = settings.procs
    share = replace(settings, iters=max(1, settings.iters // procs), procs=1)
    seeds = [rng.next64() for _ in range(procs)]
    if multiprocessing.current_process().daemon:
        results = [search(game, view, seat, legal, share, Rng(seed), settle=False)
                   for seed in seeds]
    else:
        with ProcessPoolExecutor(procs) as pool:
            results = list(pool.map(_search_in_worker, [game.name] * procs, [view] * procs,
                                    [seat] * procs, [legal] * procs, [share] * procs, seeds))
    total: dict[str, int] = {}
    for visits in results:
        for action, count in visits.items():
            total[action] = total.get(action, 0) + count
    return total


def _search_in_worker(name: str, view: JsonDict, seat: int, legal: list[str],
                      settings: Settings, seed: int) -> dict[str, int]:
    from keepers.core.registry import get_game

    return search(get_game(name), view, seat, legal, settings, Rng(seed), settle=False)


class MctsFactory:
    """Builds ``mcts`` bots for one game; ``configured`` reads ``iters=2000,time=0.5``.

    ``settings`` are the game's defaults, ``by_players`` its defaults for some numbers of
    seats instead; settings named in the bot's name (``given``) win over both."""

    def __init__(self, game: Game, settings: Settings | None = None,
                 by_players: Mapping[int, Settings] | None = None,
                 given: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.given = dict(given or {})
        self.settings = replace(settings or Settings(), **self.given)
        self.by_players = {seats: replace(defaults, **self.given)
                           for seats, defaults in (by_players or {}).items()}

    def __call__(self, seat: int, seed: int) -> MctsBot:
        return MctsBot(self.game, seat, seed, self.settings, self.by_players)

    def configured(self, settings: str) -> BotFactory:
        """A factory with the given settings (ValueError in one line if malformed)."""
        given = {**self.given, **given_settings(settings)}
        parsed = replace(self.settings, **given)
        for key, bot, plain in (("rollout", parsed.rollout, "random"),
                                ("prior", parsed.prior, "none"), ("others", parsed.others, "tree")):
            if bot != plain and not self._plain_bot(bot):
                raise ValueError(f"mcts: {key} must be {plain} or a plain bot of "
                                 f"{self.game.name}, not {bot!r}")
        known = self.game.evaluations()
        if parsed.eval not in known:
            raise ValueError(f"mcts: eval must be one of {', '.join(known)} for "
                             f"{self.game.name}, not {parsed.eval!r}")
        return MctsFactory(self.game, self.settings, self.by_players, given)

    def _plain_bot(self, name: str) -> bool:
        """Whether ``name`` is a bot of the game's menu without settings and not a search."""
        menu = BotMenu(self.game.bots())
        return (":" not in name and menu.problem(name) is None
                and not isinstance(menu.factory(name), MctsFactory))

