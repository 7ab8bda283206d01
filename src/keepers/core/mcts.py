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

The bot answers the decision most often visited at the root.  With an iteration
budget and a seed it is reproducible; a time budget is not.  ``procs=k`` searches
``k`` trees in worker processes and adds their root visits (root parallelism).
"""

from __future__ import annotations

import math
import multiprocessing
import time
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
    rollout: str = "random"
    """The bot that plays every seat in rollouts: ``random``, or a cheap heuristic bot of
    the game's menu (``greedy``), which it plays from each seat's view of the deal."""


_LIMITS: dict[str, tuple[float, float]] = {
    "iters": (1, 10_000_000), "time": (0.0, 3600.0), "depth": (0, 100_000),
    "c": (0.0, 100.0), "widen": (0.1, 1000.0), "procs": (1, 64),
}


def parse_settings(text: str) -> Settings:
    """Read ``key=value,...`` (keys of :class:`Settings`); ValueError in one line."""
    settings = Settings()
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
    return replace(settings, **given)


def _number(key: str, text: str, integer: bool) -> float:
    low, high = _LIMITS[key]
    try:
        value = int(text) if integer else float(text)
    except ValueError:
        value = None
    kind = "a whole number" if integer else "a number"
    if value is None or not low <= value <= high or value != value:
        raise ValueError(f"mcts: {key} must be {kind} from {low:g} to {high:g}, not {text!r}")
    return value


class Node:
    """One decision of the tree: who took it, and what it brought them."""

    __slots__ = ("action", "player", "children", "visits", "available", "reward")

    def __init__(self, action: str, player: int) -> None:
        self.action = action
        self.player = player
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0


def search(game: Game, view: JsonDict, seat: int, legal: list[str], settings: Settings,
           rng: Rng) -> dict[str, int]:
    """Search from ``view`` (``seat``'s) and return the root visits of each decision."""
    deal = game.determinizer(view, seat)
    root = Node("", seat)
    policy = Policy(game, settings.rollout, rng.next64()) if settings.rollout != "random" \
        else None
    deadline = time.perf_counter() + settings.time if settings.time else math.inf
    for done in range(settings.iters):
        if done and done % 16 == 0 and time.perf_counter() > deadline:
            break
        iterate(game, root, deal(rng), settings, rng, policy)
    allowed = set(legal)
    return {a: child.visits for a, child in root.children.items() if a in allowed}


def iterate(game: Game, root: Node, state: GameState, settings: Settings, rng: Rng,
            policy: Policy | None = None) -> None:
    """One iteration on one deal: select, expand, roll out, back up."""
    path = [root]
    node = root
    while not state.is_over():
        legal = state.legal_actions()
        player = state.to_move()
        assert player is not None
        child = _select(node, legal, player, settings)
        if child is None:
            untried = _least_tried_kind([a for a in legal if a not in node.children], node)
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
    rewards = game.evaluate(state)
    root.visits += 1
    for step in path[1:]:
        step.visits += 1
        step.reward += rewards[step.player]


def _select(node: Node, legal: list[str], player: int, settings: Settings) -> Node | None:
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
        value = (child.reward / child.visits
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

    def rollout(self, state: GameState, depth: int) -> None:
        """Play at most ``depth`` decisions of the policy's bots."""
        for _ in range(depth):
            legal = state.legal_actions()
            if not legal:
                return
            seat = state.to_move()
            assert seat is not None
            bot = self.bots.get(seat)
            if bot is None:
                bot = self.bots[seat] = self.factory(seat, self.seed)
            action = legal[0] if len(legal) == 1 else bot.choose(bot_view(state, seat, bot),
                                                                 legal)
            state.apply_trusted(action)


def best_action(visits: dict[str, int], legal: list[str], rng: Rng) -> str:
    """The most visited decision (the first of ``legal`` among equals); random if none."""
    if not visits:
        return legal[rng.below(len(legal))]
    return max(legal, key=lambda a: visits.get(a, -1))


class MctsBot:
    """Chooses by IS-MCTS from its own view (``needs_view``) with the table its game deals
    positions from (``searches``: :meth:`GameState.search_view`); never from a state."""

    needs_view = True
    searches = True

    def __init__(self, game: Game, seat: int, seed: int, settings: Settings) -> None:
        self.game = game
        self.seat = seat
        self.settings = settings
        self.rng = Rng(seed * 1_000_003 + seat)

    def choose(self, view: JsonDict | None, legal: list[str]) -> str:
        """Return the decision the search favours among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise ValueError("the mcts bot needs its seat's view")
        if self.settings.procs > 1:
            visits = _parallel(self.game, view, self.seat, legal, self.settings, self.rng)
        else:
            visits = search(self.game, view, self.seat, legal, self.settings, self.rng)
        return best_action(visits, legal, self.rng)


def _parallel(game: Game, view: JsonDict, seat: int, legal: list[str], settings: Settings,
              rng: Rng) -> dict[str, int]:
    """Root parallelism: ``procs`` trees, each with its share of the iterations and its own
    seed, their root visits added.  A worker process of its own (``keepers simulate
    --jobs``) may start none: it then searches the same trees one after the other, so the
    choice is the same either way."""
    procs = settings.procs
    share = replace(settings, iters=max(1, settings.iters // procs), procs=1)
    seeds = [rng.next64() for _ in range(procs)]
    if multiprocessing.current_process().daemon:
        results = [search(game, view, seat, legal, share, Rng(seed)) for seed in seeds]
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

    return search(get_game(name), view, seat, legal, settings, Rng(seed))


class MctsFactory:
    """Builds ``mcts`` bots for one game; ``configured`` reads ``iters=2000,time=0.5``."""

    def __init__(self, game: Game, settings: Settings | None = None) -> None:
        self.game = game
        self.settings = settings or Settings()

    def __call__(self, seat: int, seed: int) -> MctsBot:
        return MctsBot(self.game, seat, seed, self.settings)

    def configured(self, settings: str) -> BotFactory:
        """A factory with the given settings (ValueError in one line if malformed)."""
        parsed = parse_settings(settings)
        if parsed.rollout != "random":
            menu = BotMenu(self.game.bots())
            problem = menu.problem(parsed.rollout)
            factory = None if problem else menu.factory(parsed.rollout)
            if problem or isinstance(factory, MctsFactory) or ":" in parsed.rollout:
                raise ValueError(f"mcts: rollout must be random or a plain bot of "
                                 f"{self.game.name}, not {parsed.rollout!r}")
        return MctsFactory(self.game, parsed)

