"""The :class:`Game` object of Les Gardiens du Royaume, and :class:`GardiensState`,
the engine's face of a position."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from keepers.core.bots import RandomBot
from keepers.core.encoding import ActionCodec, ObservationCodec
from keepers.core.errors import RuleError
from keepers.core.game import (
    BotFactory,
    BotMenu,
    Decision,
    Game,
    GameState,
    JsonDict,
    lead_shares,
)
from keepers.core.mcts import MctsFactory, Settings
from keepers.core.rng import Rng
from keepers.core.simulate import wilson
from keepers.games.gardiens import encoding, flow, invariants
from keepers.games.gardiens.data import GameData, load
from keepers.games.gardiens.determinize import sampler, search_view
from keepers.games.gardiens.facts import facts
from keepers.games.gardiens.flow import STEPS, play
from keepers.games.gardiens.rules import decisions, scoring, setup
from keepers.games.gardiens.serial import check_position, position_from_dict, position_to_dict
from keepers.games.gardiens.state import Position
from keepers.games.gardiens.views import lazy_view, make_view

OPTIONS = setup.OPTIONS
"""The game options (GR-25, GR-29), declared with the setup rules."""


SEARCH = Settings(iters=400, depth=30, prior="greedy", rollout="greedy", bias=3.0)
"""The ``mcts`` bot's defaults here: guided by the greedy bot in the tree and in the
rollouts (docs/strength.md); ``mcts:iters=100`` changes one setting of these.  Greedy's
choice is favoured by ``bias=3``: with 1, 400 iterations won 15 of the first 24
four-player games against 100, with 3, 21 of the same 24."""

class GardiensState(Position):
    """A position as the engine plays it: :class:`Position` with the engine contract.

    The rules work on the position's fields directly (see :mod:`.state`); this class
    adds who decides and what about (from :mod:`.flow`), how a decision is applied
    (``flow.play``: the answer handler of the pending step's kind), the scores, the
    views and the position file.
    """

    __slots__ = ()

    def decision(self) -> Decision | None:
        """Return who must decide now and what about (None when the game is over)."""
        choice = flow.settle(self)
        if choice is None:
            return None
        return Decision(choice.player, choice.kind, decisions.prompt(self), public=True)

    def to_move(self) -> int | None:
        """Return the seat that must decide now (None when over), without building the
        prompt of :meth:`decision` (asked before every decision by the match loop)."""
        return None if self.over else self.decider

    def _legal_actions(self) -> list[str]:
        # The options of flow.settle's Choice, without building it: asked at every
        # decision (the engine never asks once the game is over).
        return STEPS[self.phase](self)

    # Applying a decision is flow.play itself: the answer handler of the pending step's
    # kind (a method bound to it, not one that calls it: no extra call per decision).
    _apply = play  # type: ignore[assignment]  # its option is the engine's action

    def _explain_illegal(self, action: str) -> RuleError:
        return decisions.explain(self, action)

    def is_over(self) -> bool:
        """Return True when the game has ended (by the rules or the safety cap)."""
        return self.over

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self.n

    @property
    def round_number(self) -> int:
        """Current round (0 during setup)."""
        return self.round

    @property
    def capped(self) -> bool:
        """True when the safety cap on rounds stopped the game."""
        return self.capped_flag

    def scores(self) -> list[int]:
        """Return each player's total VP (GR-18.1); in co-op 1 for a win, else 0."""
        if self.coop:
            return [1 if self.winners_list else 0] * self.n
        return [scoring.vp(self, p) for p in range(self.n)]

    def winners(self) -> list[int]:
        """Return the winning players (empty while the game runs or on a co-op loss)."""
        return list(self.winners_list)

    def view(self, player: int | None) -> JsonDict:
        """Return what ``player`` may see (GR-20)."""
        return make_view(self, player)

    def bot_view(self, player: int) -> JsonDict:
        """The seat's view, each entry computed when the bot first reads it."""
        return lazy_view(self, player)

    def search_view(self, player: int) -> JsonDict:
        """``player``'s view with its table, what a searching bot deals from (GR-20)."""
        return search_view(self, player, self.view(player))

    def to_dict(self) -> JsonDict:
        """Return the full position as JSON-ready data (hidden items included)."""
        return position_to_dict(self)

    @classmethod
    def from_dict(cls, data: JsonDict, game_data: GameData | None = None) -> GardiensState:
        """Rebuild a state from :meth:`to_dict` output."""
        return position_from_dict(cls, data, game_data)

    def stats(self) -> dict[str, float]:
        """Numbers about a finished game for balance reports.

        End reason flags, rounds, and per seat (``s1`` = seat 1, the first player)
        the VP by source: buildings, combats, territory, Citadel, objectives.
        """
        out: dict[str, float] = {"rounds": float(self.round), "capped": float(self.capped_flag),
                                 "first_seat": float(self.first)}     # seat 1 (GR-3.1)
        for reason in ("victory_points", "events_exhausted", "round_cap",
                       "shadows_defeated", "citadel_fell"):
            out[f"end_{reason}"] = float(self.end_reason == reason)
        out["shared_win"] = float(len(self.winners_list) > 1)
        for p in range(self.n):
            key = f"s{self.seat(p)}"
            citadel = scoring.public_vp(self, p) - scoring.banked(self, p) - self.snap_hexes[p]
            out[f"{key}_win"] = 1.0 / len(self.winners_list) if p in self.winners_list else 0.0
            out[f"{key}_vp"] = float(scoring.vp(self, p))
            out[f"{key}_vp_buildings"] = float(self.banked_build[p])
            out[f"{key}_vp_combats"] = float(self.banked_combat[p])
            out[f"{key}_vp_territory"] = float(self.snap_hexes[p])
            out[f"{key}_vp_citadel"] = float(citadel)
            out[f"{key}_vp_objectives"] = float(scoring.objective_vp(self, p))
        return out


class GardiensGame(Game):
    """Les Gardiens du Royaume (rules v2.1), 2-5 players, competitive or co-operative."""

    name = "gardiens"
    title = "Les Gardiens du Royaume"
    min_players = 2
    max_players = 5

    def __init__(self, data: GameData | None = None) -> None:
        self._data = data

    @property
    def data(self) -> GameData:
        """The static game data (the packaged file unless another was given)."""
        if self._data is None:
            self._data = load()
        return self._data

    options = OPTIONS
    rules_version = 2
    """Version 2: the GR-29 options, whose defaults change three earlier rulings
    (no Bank trade, Watchtowers see every hand, allies may give cubes)."""

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> GameState:
        """Set up a new game (GR-3); every chance event comes from ``seed``.

        ``options`` are checked strictly (unknown keys and values refused with a
        ValueError); the ones not given take their defaults.
        """
        checked = self.check_options(options)
        setup.check_players(self.data, players)
        state = GardiensState(self.data, players)
        setup.new_game(state, seed, checked)
        return state

    def state_from_dict(self, data: JsonDict) -> GameState:
        """Rebuild a state from a position file; a corrupt position raises ValueError."""
        if not isinstance(data, dict):
            raise ValueError("a position's state must be an object")
        self.position_options(data.get("options"))
        try:
            state = GardiensState.from_dict(data, self.data)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise ValueError(f"malformed position: {exc!r}") from None
        check_position(state)
        return state

    def position_options(self, options: Any) -> dict[str, Any]:
        """The options a position is played under: every declared one, each valid
        (a position names them all, so that it plays on under the same readings)."""
        if not isinstance(options, dict):
            raise ValueError("a position must hold its options (an object naming each one)")
        missing = [option.name for option in self.options if option.name not in options]
        if missing:
            raise ValueError(f"the position's options lack {', '.join(missing)}")
        return self.check_options(options)

    def bots(self) -> dict[str, BotFactory]:
        """``random`` (uniform over legal decisions), ``greedy`` (heuristic) and ``mcts``
        (``mcts:iters=2000``, keepers.core.mcts)."""
        from keepers.games.gardiens.bots import GreedyBot

        return BotMenu(random=RandomBot, greedy=GreedyBot, mcts=MctsFactory(self, SEARCH))

    def determinizer(self, view: JsonDict, seat: int) -> Callable[[Rng], GameState]:
        """Full positions consistent with ``seat``'s view at its own decision, dealt by the
        prior of :mod:`keepers.games.gardiens.determinize` (GR-20)."""
        return sampler(view, seat, GardiensState)

    def action_codec(self, players: int, options: Mapping[str, Any]) -> ActionCodec:
        """Every decision the rules can offer at ``players`` and ``options``, numbered
        (:mod:`.encoding`, ``docs/rl/gardiens.md``); built once and kept."""
        setup.check_players(self.data, players)
        return encoding.action_codec(players, self.check_options(options), self.data)

    def observation_codec(self, players: int, options: Mapping[str, Any]) -> ObservationCodec:
        """A seat's view as a fixed-length list of numbers (:mod:`.encoding`, GR-20)."""
        setup.check_players(self.data, players)
        return encoding.observation_codec(players, self.check_options(options), self.data)

    def evaluate(self, state: GameState) -> list[float]:
        """The outcome once over; before, the victory points of the position, each
        seat's lead over the best other seat in [0, 1] (core.game.lead_shares: 20 points, 1)."""
        if state.is_over():
            return super().evaluate(state)
        return lead_shares(state.scores(), 20)

    def facts(self, state: GameState) -> dict[str, Any]:
        """What a finished game's end reveals, for balance reports (:mod:`.facts`)."""
        assert isinstance(state, GardiensState)
        return facts(state)

    def summarize(self, results: list[dict[str, Any]]) -> dict[str, Any]:
        """Balance report of a simulation: end reasons, win share by turn-order seat
        (seat 1 = first player of round 1), and the mean VP per player by source."""
        stats = [r.get("stats") or {} for r in results]
        if not stats:
            return {}
        players = len(results[0]["scores"])

        def mean(key: str) -> float:
            return float(sum(s.get(key, 0.0) for s in stats)) / len(stats)

        reasons = ("victory_points", "events_exhausted", "round_cap", "shadows_defeated",
                   "citadel_fell")
        sources = ("buildings", "combats", "territory", "citadel", "objectives")
        report: dict[str, Any] = {}
        for reason in reasons:
            report[f"end by {reason}"] = round(mean(f"end_{reason}"), 4)
        for k in range(1, players + 1):
            share = mean(f"s{k}_win")
            low, high = wilson(share * len(stats), len(stats))
            report[f"win share, game seat {k}"] = round(share, 4)
            report[f"95% CI, game seat {k}"] = f"{low:.1%} - {high:.1%}"
        lengths = Counter(int(r["rounds"]) for r in results)
        report["rounds: distribution"] = ", ".join(
            f"{n}: {lengths[n] / len(results):.1%}" for n in sorted(lengths))
        totals = {src: sum(mean(f"s{k}_vp_{src}") for k in range(1, players + 1))
                  for src in sources}
        grand = sum(totals.values()) or 1.0
        for src in sources:
            report[f"mean VP per player from {src}"] = round(totals[src] / players, 3)
            report[f"share of points from {src}"] = f"{totals[src] / grand:.1%}"
        return report

    def render(self, view: JsonDict) -> Any:
        """Return a Rich renderable of a view: hex map, players, hand, last combat."""
        from keepers.games.gardiens.render import render_view

        return render_view(view)

    def describe_action(self, action: str) -> str:
        """Return a player-facing description of a decision."""
        from keepers.games.gardiens.render import describe

        return describe(action, self.data)

    def rules_summary(self, view: JsonDict) -> str:
        """The rules of the part of the turn the view is at, with clause ids (GR-3 to GR-25)."""
        from keepers.games.gardiens.render import rules_summary

        return rules_summary(view)

    def invariant_violations(self, state: GameState) -> list[str]:
        """What ``state`` breaks of the invariants of :mod:`.invariants` (the soak run)."""
        assert isinstance(state, GardiensState)
        return invariants.violations(state)

    def info(self, name: str, view: JsonDict) -> str | None:
        """What a card, event, objective, building or hex does (None for an unknown name)."""
        from keepers.games.gardiens.render import info

        return info(name, view, self.data)


GAME = GardiensGame()
