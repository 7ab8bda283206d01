"""Self-play harness for Keythedral property tests: seeded bot games and invariant checks.

Everything the checks compare against is read here straight from the packaged TOML
file, not through ``keythedral.data``, so a slip in the data loader cannot hide itself.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from keepers.core.bots import RandomBot
from keepers.core.game import Bot
from keepers.core.rng import Rng
from keepers.games.keythedral import GAME, KeythedralState
from keepers.games.keythedral.bots import GreedyBot

_RAW = tomllib.loads(
    files("keepers.games.keythedral").joinpath("data/keythedral.toml").read_text("utf-8"))

COLOURS = ("black", "brown", "blue", "green", "red", "white", "purple", "yellow")
SUPPLY = tuple(int(_RAW["cubes"][c]["supply"]) for c in COLOURS)
POINTS = tuple(int(_RAW["cubes"][c]["points"]) for c in COLOURS)
TILE_VALUE = {t["id"]: int(t["value"]) for t in _RAW["building_tile"]}
LAW_CARDS = [c["id"] for c in _RAW["law_card"]]
WORKERS = int(_RAW["players"]["workers_per_player"])
FENCES = int(_RAW["players"]["fences_per_player"])
CAP = 25
CONFIGS = [(n, length, face_up) for n in (2, 3, 4, 5) for length in ("short", "full")
           for face_up in (False, True)]


def canon(data: Any) -> str:
    """The canonical JSON text of a state dict or a view (key order ignored)."""
    return json.dumps(data, sort_keys=True)


def options(length: str = "short", face_up: bool = False, cap: int = CAP) -> dict[str, Any]:
    """Game options with the speed cap of these tests."""
    return {"length": length, "face_up": face_up, "max_rounds": cap}


def seat_names(n: int, seed: int) -> list[str]:
    """A seeded mix of ``random`` and ``greedy`` seats (at least one random seat)."""
    rng = Rng(seed * 31 + n)
    names = ["greedy" if rng.below(2) else "random" for _ in range(n)]
    if "random" not in names:
        names[rng.below(n)] = "random"
    return names


def make_bots(names: Sequence[str], seed: int) -> list[Bot]:
    """Core RandomBot (seeded) and the game's GreedyBot, one per seat."""
    return [RandomBot(p, seed) if name == "random" else GreedyBot(p, seed)
            for p, name in enumerate(names)]


# ------------------------------------------------------------------ invariants
def check_cubes(s: KeythedralState) -> None:
    """KT-0.4, KT-0.5, KT-1.6, KT-0.7: every colour adds up to its supply, nothing negative."""
    for c, colour in enumerate(COLOURS):
        total = s.position.store[c] + s.position.craftsmen[c] + sum(stock[c] for stock in s.position.stocks)
        assert total == SUPPLY[c], f"{colour}: {total} cubes instead of {SUPPLY[c]}"
    assert min(s.position.store) >= 0, f"negative store {s.position.store}"
    assert min(s.position.craftsmen) >= 0, f"negative craftsman space {s.position.craftsmen}"
    for p, stock in enumerate(s.position.stocks):
        assert min(stock) >= 0, f"negative stock of seat {p}: {stock}"
    assert s.position.craftsmen[:5] == [0] * 5, "a craftsman holds a resource cube"


def check_board(s: KeythedralState) -> None:
    """KT-1.6, KT-2.6, KT-5.6, KT-5.9, KT-7.7: workers, fences and tiles stay within limits."""
    per_player = Counter(s.position.workers.values())
    for p in range(s.position.n):
        assert per_player[p] <= WORKERS, f"seat {p} has {per_player[p]} workers out"
    for cell in s.position.workers:  # a dict by cell: one worker per field by construction
        assert cell in s.position.fields, f"worker on {cell}, which holds no field"
    for p in range(s.position.n):
        assert 0 <= s.position.fences_left[p] <= FENCES, f"seat {p} fences_left {s.position.fences_left[p]}"
    on_board = Counter(s.position.fences.values())
    for p in range(s.position.n):
        assert on_board[p] <= FENCES - s.position.fences_left[p], f"seat {p} has too many fences out"
    for (slot, cell), _ in s.position.fences.items():
        assert cell in s.position.fields, f"fence {slot}-{cell} borders no field"
    for slot, (owner, number, _) in s.position.tiles.items():
        assert s.position.tile_slot[owner][number - 1] == slot, f"tile {owner}/{number} misfiled"
    assert s.position.data.keythedral_slot not in s.position.tiles


def _in_flight(s: KeythedralState) -> list[str]:
    """Law cards announced but not yet resolved, or used by a purchase not yet closed."""
    cards: list[str] = []
    for step in s.position.steps:
        if step[0] == "resolve":
            words = str(step[2]).split()
            cards.append(words[1] if words[0] == "play" else
                         "C15" if words[0] == "deal" else "C16")
    if s.position.purchase is not None and s.position.purchase[3]:
        cards.append("C05")
    return cards


def check_components(s: KeythedralState) -> None:
    """KT-1.1, KT-1.4, KT-1.5: every building tile and law card is in exactly one place."""
    tiles = ([t for row in s.position.rows for t in row if t] + [t for pile in s.position.unused for t in pile]
             + [t for owned in s.position.owned for t in owned])
    assert sorted(tiles) == sorted(TILE_VALUE), "building tiles lost or duplicated"
    cards = (list(s.position.deck) + [c for c in s.position.law_spaces if c] + [c for h in s.position.hands for c in h]
             + list(s.position.discard) + [c for cs in s.position.price_cards.values() for c in cs]
             + _in_flight(s))
    assert sorted(cards) == sorted(LAW_CARDS), f"law cards lost or duplicated: {sorted(cards)}"
    assert len(s.position.law_spaces) == (1 if s.position.n == 2 else 2)


@dataclass
class FenceLedger:
    """Fences built and removed per seat, followed decision by decision (KT-7.7)."""

    built: Counter[int] = field(default_factory=Counter)
    removed: Counter[int] = field(default_factory=Counter)
    last: dict[Any, int] = field(default_factory=dict)

    def update(self, s: KeythedralState) -> None:
        now = dict(s.position.fences)
        for edge, owner in now.items():
            if edge not in self.last:
                self.built[owner] += 1
        for edge, owner in self.last.items():
            if edge not in now:
                self.removed[owner] += 1
        self.last = now
        on_board = Counter(now.values())
        for p in range(s.position.n):
            assert self.built[p] <= FENCES, f"seat {p} built {self.built[p]} fences"
            assert self.built[p] + s.position.fences_left[p] == FENCES
            assert on_board[p] == self.built[p] - self.removed[p]


def check_fence_events(s: KeythedralState) -> None:
    """KT-7.7, KT-13.4: the public log's fence events agree with the board and the stocks."""
    built: Counter[int] = Counter()
    removed: Counter[int] = Counter()
    for event in s.position.events():
        if event[0] == "fence":
            built[event[1]] += 1
        elif event[0] == "unfence":
            removed[event[1]] += 1
    on_board = Counter(s.position.fences.values())
    for p in range(s.position.n):
        assert built[p] <= FENCES, f"seat {p} built {built[p]} fences in one game"
        assert built[p] + s.position.fences_left[p] == FENCES
        assert on_board[p] == built[p] - removed[p]


def expected_scores(s: KeythedralState) -> list[int]:
    """KT-14.3 computed from owned tiles and stocks with the TOML's values."""
    return [sum(TILE_VALUE[t] for t in s.position.owned[p])
            + sum(k * v for k, v in zip(s.position.stocks[p], POINTS, strict=True))
            for p in range(s.position.n)]


def expected_winners(s: KeythedralState) -> list[int]:
    """KT-14.5: score, then tile value, then tile count; a tie shares the win."""
    scores = expected_scores(s)
    keys = [(scores[p], sum(TILE_VALUE[t] for t in s.position.owned[p]), len(s.position.owned[p]))
            for p in range(s.position.n)]
    return [p for p in range(s.position.n) if keys[p] == max(keys)]


def check_legal_sample(s: KeythedralState, rng: Rng, count: int = 3) -> int:
    """Every sampled legal decision is accepted by apply() on a clone; returns how many."""
    legal = list(s.legal_actions())
    picks = legal if len(legal) <= count else [legal[rng.below(len(legal))]
                                               for _ in range(count)]
    for action in picks:
        trial = s.clone()
        trial.apply(action)  # raises RuleError if the engine refuses its own offer
    return len(picks)


def check_clone_independent(s: KeythedralState, action: str) -> None:
    """Applying a decision to a clone leaves the original's to_dict() unchanged."""
    before = canon(s.to_dict())
    other = s.clone()
    other.apply(action)
    assert canon(s.to_dict()) == before, f"clone shares state with its original ({action!r})"


# ------------------------------------------------------------------ playing
@dataclass
class Played:
    """One finished (or capped) self-play game."""

    players: int
    seed: int
    options: dict[str, Any]
    seats: list[str]
    actions: list[str]
    state: KeythedralState
    checked: int = 0


def play_game(n: int, seed: int, opts: dict[str, Any], seats: Sequence[str] | None = None,
              step: Callable[[KeythedralState, str], None] | None = None,
              limit: int = 200_000) -> Played:
    """Play one bot game; ``step(state, action)`` runs before each decision is applied."""
    names = list(seats) if seats is not None else seat_names(n, seed)
    state = GAME.new_state(n, seed, opts)
    bots = make_bots(names, seed)
    actions: list[str] = []
    while not state.is_over() and len(actions) < limit:
        decision = state.decision()
        assert decision is not None
        bot = bots[decision.player]
        legal = state.legal_actions()
        view = state.view(decision.player) if bot.needs_view else None
        action = bot.choose(view, legal)
        if step is not None:
            step(state, action)
        state.apply(action)
        actions.append(action)
    return Played(n, seed, dict(opts), names, actions, state)


def play_checked(n: int, seed: int, opts: dict[str, Any], samples: int = 3,
                 clone_every: int = 20) -> Played:
    """Play one game checking every invariant after every decision."""
    rng = Rng(seed ^ 0x5EED)
    ledger = FenceLedger()
    counter = {"decisions": 0, "applied": 0}

    def step(state: KeythedralState, action: str) -> None:
        check_cubes(state)
        check_board(state)
        check_components(state)
        ledger.update(state)
        counter["applied"] += check_legal_sample(state, rng, samples)
        if counter["decisions"] % clone_every == 0:
            check_clone_independent(state, action)
        counter["decisions"] += 1

    game = play_game(n, seed, opts, step=step)
    check_cubes(game.state)
    check_board(game.state)
    ledger.update(game.state)
    game.checked = counter["applied"]
    return game


def replay(game: Played) -> KeythedralState:
    """The same game re-run from its seed with its decision list."""
    state = GAME.new_state(game.players, game.seed, game.options)
    for action in game.actions:
        state.apply(action)
    return state


def check_end(game: Played) -> None:
    """End-of-game properties of one self-play game (see test_selfplay)."""
    s = game.state
    assert s.is_over(), "the game did not end"
    assert s.legal_actions() == [] and s.decision() is None and s.to_move() is None
    cap = int(game.options.get("max_rounds") or 0)
    if s.capped:
        assert cap and s.position.round == cap, f"capped at round {s.position.round}, cap {cap}"
    else:
        assert all(t is None for row in s.position.rows for t in row), "ended with tiles on the mat"
        assert not cap or s.position.round <= cap
    check_cubes(s)
    check_board(s)
    check_components(s)
    check_fence_events(s)
    assert s.scores() == expected_scores(s)
    assert sorted(s.winners()) == expected_winners(s)
