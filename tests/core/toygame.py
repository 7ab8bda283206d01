"""A tiny race game that exercises every part of the engine contract in tests.

Each seat holds a hidden hand of cards (1-4) drawn from a seeded deck.  On its
turn a seat plays a card to advance that many spaces (then draws, and rolls a
die: a 6 gives one more space) or passes.  The first to reach ``target`` wins;
at the ``max_rounds`` safety cap the leaders share the victory.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from rich.table import Table

from keepers.core.bots import RandomBot
from keepers.core.errors import RuleError
from keepers.core.game import Bot, BotFactory, Decision, Game, GameState, JsonDict
from keepers.core.rng import Rng


class RaceState(GameState):
    """A position of the race."""

    __slots__ = ("deck", "hands", "positions", "turn", "round", "rng", "options", "played",
                 "bonus")

    def __init__(self, players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__()
        self.options = dict(options)
        self.rng = Rng(seed)
        self.deck = [1, 2, 3, 4] * (3 * players)
        self.rng.shuffle(self.deck)
        hand = int(self.options["hand"])
        self.hands = [[self.deck.pop() for _ in range(hand)] for _ in range(players)]
        self.positions = [0] * players
        self.turn, self.round, self.played, self.bonus = 0, 1, 0, 0

    def decision(self) -> Decision | None:
        return None if self.is_over() else Decision(self.turn, "move", "Play a card or pass")

    def _legal_actions(self) -> list[str]:
        return [f"play {v}" for v in sorted(set(self.hands[self.turn]))] + ["pass"]

    def _apply(self, action: str) -> None:
        if action != "pass":
            value = int(action.split()[1])
            self.hands[self.turn].remove(value)
            lucky = 1 if self.rng.below(6) == 5 else 0  # the seeded chance event
            self.positions[self.turn] += value + lucky
            self.bonus += lucky
            self.played += 1
            if self.deck:
                self.hands[self.turn].append(self.deck.pop())
        if not self._won():
            self.turn = (self.turn + 1) % self.num_players
            self.round += 1 if self.turn == 0 else 0

    def _explain_illegal(self, action: str) -> RuleError:
        parts = action.split()
        if len(parts) == 2 and parts[0] == "play" and parts[1].isdigit():
            return RuleError("RACE-2", f"seat {self.turn} holds no card {parts[1]}")
        return RuleError("RACE-1", f"unknown decision {action!r}")

    def clone(self) -> Self:
        other = object.__new__(type(self))
        GameState.__init__(other)
        other.options, other.rng, other.deck = self.options, self.rng.copy(), list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.positions = list(self.positions)
        other.turn, other.round, other.played, other.bonus = (
            self.turn, self.round, self.played, self.bonus)
        return other

    def _won(self) -> bool:
        return max(self.positions) >= int(self.options["target"])

    def is_over(self) -> bool:
        return self._won() or self.capped

    @property
    def capped(self) -> bool:
        return self.round > int(self.options["max_rounds"])

    def scores(self) -> list[int]:
        return list(self.positions)

    def winners(self) -> list[int]:
        best = max(self.positions)
        return [seat for seat, p in enumerate(self.positions) if p == best]

    def view(self, player: int | None) -> JsonDict:
        view: JsonDict = {"round": self.round, "to_move": self.to_move(),
                          "positions": list(self.positions), "deck": len(self.deck),
                          "hand_sizes": [len(h) for h in self.hands]}
        if player is not None:
            view["seat"], view["hand"] = player, sorted(self.hands[player])
        return view

    def to_dict(self) -> JsonDict:
        return {"options": self.options, "rng": self.rng.state, "deck": self.deck,
                "hands": self.hands, "positions": self.positions, "turn": self.turn,
                "round": self.round, "played": self.played, "bonus": self.bonus}

    @classmethod
    def from_dict(cls, data: JsonDict) -> RaceState:
        state = cls(len(data["hands"]), 0, data["options"])
        state.rng = Rng(int(data["rng"]))
        state.deck = [int(v) for v in data["deck"]]
        state.hands = [[int(v) for v in h] for h in data["hands"]]
        state.positions = [int(v) for v in data["positions"]]
        state.turn, state.round = int(data["turn"]), int(data["round"])
        state.played, state.bonus = int(data["played"]), int(data["bonus"])
        return state

    @property
    def num_players(self) -> int:
        return len(self.hands)

    @property
    def round_number(self) -> int:
        return self.round

    def stats(self) -> dict[str, float]:
        """Extra per-game numbers for simulations (seat 0 always starts the race)."""
        return {"cards_played": self.played, "first_seat": 0}


class GreedyBot:
    """Plays its highest card."""

    needs_view = True

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    def choose(self, view: JsonDict | None, legal: list[str]) -> str:
        assert view is not None and view["seat"] == self.seat
        return max(legal, key=lambda a: int(a.split()[1]) if a != "pass" else 0)


class RaceGame(Game):
    """The toy race."""

    name = "toyrace"
    title = "Toy Race"
    min_players = 2
    max_players = 4

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> RaceState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"toyrace is for 2-4 players, not {players}")
        return RaceState(players, seed, {**self.default_options(), **options})

    def state_from_dict(self, data: JsonDict) -> RaceState:
        return RaceState.from_dict(data)

    def bots(self) -> dict[str, BotFactory]:
        def greedy(seat: int, seed: int) -> Bot:
            return GreedyBot(seat, seed)

        def random(seat: int, seed: int) -> Bot:
            return RandomBot(seat, seed)

        return {"random": random, "greedy": greedy}

    def default_options(self) -> dict[str, Any]:
        return {"target": 12, "max_rounds": 30, "hand": 3}

    def render(self, view: JsonDict) -> Any:
        table = Table(title=f"Race, round {view['round']}")
        table.add_column("seat")
        table.add_column("position")
        table.add_column("cards")
        for seat, pos in enumerate(view["positions"]):
            hand = view["hand"] if view.get("seat") == seat else "?" * view["hand_sizes"][seat]
            table.add_row(str(seat), str(pos), str(hand))
        return table

    def describe_action(self, action: str) -> str:
        return "Pass" if action == "pass" else f"Advance {action.split()[1]} spaces"

    def summarize(self, results: list[dict[str, Any]]) -> dict[str, Any]:
        """A balance report: how often the first seat wins outright."""
        first = sum(1 for r in results if r["winners"] == [0])
        return {"first_seat_outright": first / len(results)}


GAME = RaceGame()
