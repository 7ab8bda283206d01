"""The Viscounts :class:`Game` and its :class:`GameState`, the public face of a position."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Self

from keepers.core.bots import RandomBot
from keepers.core.encoding import ActionCodec, ObservationCodec
from keepers.core.errors import KeepersError, RuleError
from keepers.core.game import (
    BotFactory,
    BotMenu,
    DataCheck,
    Decision,
    Game,
    GameState,
    JsonDict,
    Option,
    lead_shares,
)
from keepers.core.mcts import MctsFactory, Settings
from keepers.core.rng import Rng
from keepers.games.viscounts import flow, invariants, rules, texts
from keepers.games.viscounts.data import GameData, load_data
from keepers.games.viscounts.determinize import sampler, search_view
from keepers.games.viscounts.facts import facts
from keepers.games.viscounts.flow import Choice
from keepers.games.viscounts.rules.scoring import final_scores, winners
from keepers.games.viscounts.serial import position_from_dict, position_to_dict
from keepers.games.viscounts.state import Position, new_position
from keepers.games.viscounts.views import build_view, lazy_view

EVALUATION_SCALE = 30
"""Victory points of lead that count as a sure win when a search scores a position."""
SOLO_SCALE = 15
"""Solo: victory points gained on the AI since the search began that count as a sure win."""

EXPANSIONS = ("none", "keys", "gates", "keys,gates")
"""The ``expansions`` option's values: the base game, Keeper of Keys, Gates of Gold, both."""

CLAUSE_OF_KIND = {
    "setup": "VB-5.7", "play": "VB-6.1.2", "move": "VB-6.2.1", "action": "VB-6.3.1",
    "dismiss": "VB-6.3.3", "target": "VB-6.3.1", "pay": "VB-6.3.2", "recruit": "VB-6.4.1",
    "resource": "VB-2.1.1", "flip": "VB-2.3.3", "discard": "VB-7.3", "destroy": "VB-7.4",
    "rearrange": "VB-7.5", "hire": "VB-7.8", "pick": "VB-10.3", "cascade": "VB-4.2.1",
    "bump": "VB-4.2.4", "shift": "VB-7.12", "section": "VB-7.11", "manuscript": "VB-7.14",
    "build": "VB-7.13", "hero": "VK-3.1", "chest": "VK-4.1", "setup_discard": "VK-2.8",
    "public": "VK-5.1", "return": "VK-R10", "welcome": "VG-4.2", "refuse": "VG-4.4",
    "spend": "VG-2.2", "ribbon": "VG-2.4", "window": "VG-2.3",
}


# Keeper of Keys decisions name their own clause whatever the pending kind.
CLAUSE_OF_VERB = {"public": "VK-5.1", "hero": "VK-3.1", "chest": "VK-4.1", "cover": "VK-R10",
                  "set_aside": "VK-2.8", "welcome": "VG-4.5", "refuse": "VG-4.5",
                  "board": "VG-2.2", "spend": "VG-2.2", "ribbon": "VG-2.4", "turn": "VG-2.3"}


SEARCH = Settings(iters=400, depth=30, prior="greedy", rollout="greedy", bias=3.0)
"""The ``mcts`` bot's defaults here: guided by the greedy bot in the tree and in the
rollouts (docs/strength.md); ``mcts:iters=100`` changes one setting of these.  Greedy's
choice is favoured by ``bias=3``: with 1, 400 iterations won 5 of the first 11 two-player
games against 100 (the other decisions tried at random in the tree weigh more in a
deeper tree), with 3, 10.5 of the same 11."""

SEARCH_BY_SEATS = {1: replace(SEARCH, iters=2000, bias=1.0)}
"""Solo, 2,000 iterations: against the rules' AI the search gains with every budget
(docs/strength.md: on the same deals 400 iterations lost by some 19 points on average,
2,000 by some 2), and the bot plays the person's seat alone, so no player waits on it.
Solo keeps ``bias=1``, with which each budget there was measured and more iterations
won more."""

class ViscountsState(GameState):
    """A Viscounts game: the core contract around one :class:`Position` and its pending choice.

    ``position`` holds everything of the game (players, board, step stack);
    the rules are the functions of :mod:`keepers.games.viscounts.rules`,
    driven by :mod:`keepers.games.viscounts.flow`.  ``choice`` is the
    decision the position waits for (None until asked, and once the game is
    over): :meth:`apply` hands the option to :func:`~keepers.games.viscounts.flow.play`,
    which answers the top step and settles to the next choice.
    """

    __slots__ = ("position", "choice")
    position: Position
    choice: Choice | None

    def __init__(self, data: GameData, seats: int, seed: int, ai_board: str = "cleric",
                 expansions: str = "none") -> None:
        GameState.__init__(self)
        self.position = new_position(data, seats, seed, ai_board, expansions)
        self.choice = None

    @classmethod
    def around(cls, position: Position, choice: Choice | None = None) -> Self:
        """A state holding an existing position (not copied), waiting for ``choice``."""
        state = cls.__new__(cls)
        GameState.__init__(state)
        state.position = position
        state.choice = choice
        return state

    def setup(self) -> None:
        """Deal the piles and queue the setup picks (VB-5, VS-1)."""
        rules.setup.setup(self.position)

    def pending(self) -> Choice | None:
        """The choice to make now, settling the steps first (None: the game is over)."""
        if self.choice is None and not self.position.over:
            self.choice = flow.settle(self.position)
        return self.choice

    # ------------------------------------------------------------------ contract
    def decision(self) -> Decision | None:
        """The pending decision."""
        choice = self.pending()
        if choice is None:
            return None
        return Decision(choice.player, choice.kind, texts.prompt(choice.kind, choice.prompt))

    def to_move(self) -> int | None:
        """The seat that must decide now (None when over), without building the prompt."""
        choice = self.pending()
        return None if choice is None else choice.player

    def _legal_actions(self) -> tuple[str, ...]:
        choice = self.choice or self.pending()
        return choice.options if choice else ()

    def _apply(self, action: str) -> None:
        if self.choice is None:
            self.pending()              # settle first: the option answers the top step
        self.choice = None
        self.choice = flow.play(self.position, action)

    def _explain_illegal(self, action: str) -> RuleError:
        choice = self.pending()
        kind = choice.kind if choice else "over"
        legal = ", ".join(choice.options[:6]) if choice else ""
        verb, _, rest = action.partition(" ")
        clause = CLAUSE_OF_VERB.get(verb) or CLAUSE_OF_KIND.get(kind, "VB-6")
        if verb in ("hire", "recruit", "dismiss") and rest in self.position.data.outsiders:
            clause = "VG-4.3"                 # outsiders are never hired or dismissed
        elif rest == "KO" and verb in ("hire", "recruit"):
            clause = "VG-2.2"                 # column 1 locked, no order left or no 3 silver
        return RuleError(clause, f"{action!r} is not legal now ({kind}); legal: {legal}")

    def clone(self) -> Self:
        """Independent copy; static data shared."""
        return self.around(self.position.copy(), self.choice)

    def is_over(self) -> bool:
        """True once the last round is complete (or the round cap was hit)."""
        return self.position.over

    def scores(self) -> list[int]:
        """Each seat's score (solo: the human only; the AI's is in the view)."""
        return [s.total for s in final_scores(self.position)][: self.position.seats]

    def winners(self) -> list[int]:
        """Winning seats (VB-9.6; solo: the human only on a strictly higher score, VS-6.3)."""
        return winners(self.position)

    def stats(self) -> dict[str, float]:
        """Per-game figures for simulation reports: how the game ended, the AI's score."""
        position = self.position
        totals = [s.total for s in final_scores(position)]
        out = {"end_poverty": float(bool(position.poverty)),
               "end_prosperity": float(bool(position.prosperity)),
               "first_seat": float(position.start)}          # the start player (VB-5.6)
        if position.seats == 1:
            out["ai_score"] = float(totals[1])
            out["score_minus_ai"] = float(totals[0] - totals[1])
        return out

    @property
    def num_players(self) -> int:
        """Deciding seats."""
        return self.position.seats

    @property
    def round_number(self) -> int:
        """Current round (0 during setup)."""
        return self.position.round

    @property
    def capped(self) -> bool:
        """True when the round cap stopped the game."""
        return self.position.capped

    @capped.setter
    def capped(self, value: bool) -> None:
        self.position.capped = value

    # ------------------------------------------------------------------ views
    def view(self, player: int | None) -> JsonDict:
        """What ``player`` may see: own hand; others' hands and all draw piles as counts."""
        return build_view(self.position, self.pending(), player)

    def bot_view(self, player: int) -> JsonDict:
        """The seat's view, each entry computed when the bot first reads it."""
        return lazy_view(self.position, self.pending(), player)

    def search_view(self, player: int) -> JsonDict:
        """``player``'s view with its table, what a searching bot deals from (VB-2.2.1)."""
        return search_view(self.position, player, self.view(player))

    def to_dict(self) -> JsonDict:
        """Full position, hidden information included."""
        return position_to_dict(self.position)


class SoloDeal(ViscountsState):
    """A solo position dealt for a search, with the person's lead over the AI where the
    search began: the solo evaluation measures from there (:meth:`ViscountsGame.evaluate`)."""

    __slots__ = ("lead_before",)
    lead_before: float

    @classmethod
    def dealt(cls, position: Position, lead_before: float) -> SoloDeal:
        """A state around a dealt ``position``, the lead where the search began."""
        state = cls.around(position)
        state.lead_before = lead_before
        return state

    def clone(self) -> Self:
        """Independent copy, the lead where the search began kept."""
        copy = super().clone()
        copy.lead_before = self.lead_before
        return copy


class ViscountsGame(Game):
    """Viscounts of the West Kingdom, 1-4 players (1 = solo against the AI); the Keeper of
    Keys and Gates of Gold expansions with ``expansions=keys``, ``gates`` or ``keys,gates``."""

    name = "viscounts"
    title = "Viscounts of the West Kingdom"
    min_players = 1
    max_players = 4
    rules_version = 2          # 2026-11-26: the solo AI's worker placement (docs/rulings.md)

    @property
    def data(self) -> GameData:
        """The packaged component data."""
        return load_data()

    def option_specs(self) -> tuple[Option, ...]:
        """``ai``: the solo AI board (VS-1.2), one of the boards in the data;
        ``expansions``: ``none``, ``keys`` (Keeper of Keys, VK-2), ``gates`` (Gates of Gold,
        VG-3) or ``keys,gates``."""
        return (Option("ai", "cleric", choices=tuple(self.data.ai_boards), clause="VS-1.2"),
                Option("expansions", "none", choices=EXPANSIONS, clause="VK-2"))

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> GameState:
        """Set up a new game (VB-5, VS-1)."""
        if not self.min_players <= players <= self.max_players:
            raise KeepersError(f"viscounts is for 1-4 players, not {players}")
        try:
            checked = self.check_options(options)
        except ValueError as exc:
            raise KeepersError(str(exc)) from None
        state = ViscountsState(self.data, players, seed, str(checked["ai"]),
                               str(checked["expansions"]))
        state.setup()
        return state

    def state_from_dict(self, data: JsonDict) -> GameState:
        """Rebuild a position."""
        return ViscountsState.around(position_from_dict(self.data, data))

    def bots(self) -> dict[str, BotFactory]:
        """``random``, ``greedy`` and ``mcts`` (``mcts:iters=2000``, keepers.core.mcts)."""
        from keepers.games.viscounts.bots import GreedyBot
        return BotMenu(random=RandomBot, greedy=GreedyBot,
                       mcts=MctsFactory(self, SEARCH, SEARCH_BY_SEATS))

    def determinizer(self, view: JsonDict, seat: int) -> Callable[[Rng], GameState]:
        """Full positions consistent with ``seat``'s view, dealt by the prior of
        :mod:`keepers.games.viscounts.determinize` (VB-2.2.1, VS-1.4)."""
        deal = sampler(view, seat, self.data)
        if view["table"]["seats"] != 1:
            return lambda rng: ViscountsState.around(deal(rng))
        person, ai = view["scores"]          # public: every seat's view shows both
        return lambda rng: SoloDeal.dealt(deal(rng), person - ai)

    def evaluate(self, state: GameState) -> list[float]:
        """The outcome once over; before, the scores of the position as the end would count
        them (VB-9: what is banked), each seat's lead over the best other seat in [0, 1]
        (core.game.lead_shares: 30 points, 1).

        Solo, one share for the person: 1 for a win (VS-6.3: strictly more points than the
        AI); otherwise what the person gained on the AI since the search began (a dealt
        :class:`SoloDeal`; from an even game for another state), 0.5 for nothing, 1 for
        15 points or more.  The AI mostly leads by far (greedy loses by some 70 points),
        so a share of the lead itself would be flat at 0 and tell the search nothing."""
        assert isinstance(state, ViscountsState)
        if state.position.seats == 1:
            return [self._solo_share(state)]
        if state.is_over():
            return super().evaluate(state)
        totals: list[float] = [s.total for s in final_scores(state.position)]
        return lead_shares(totals, EVALUATION_SCALE)

    def _solo_share(self, state: ViscountsState) -> float:
        if state.is_over() and state.winners():
            return 1.0
        person, ai = (s.total for s in final_scores(state.position))
        before = state.lead_before if isinstance(state, SoloDeal) else 0.0
        return min(1.0, max(0.0, 0.5 + (person - ai - before) / (2 * SOLO_SCALE)))

    def describe_action(self, action: str) -> str:
        """The decision's label in the current language: what it does in the rules' terms,
        with card, manuscript, chest and building ids named (the machine text unchanged)."""
        return texts.describe_action(action)

    def rules_summary(self, view: JsonDict) -> str:
        """The rules of the view's phase, short, with clause ids (VB-5 to VB-9, and the
        expansions' own rules when they are played)."""
        expansions = tuple(name for name in ("keys", "gates") if name in view)
        return texts.rules_summary(str(view.get("phase", "manage")), expansions)

    def invariant_violations(self, state: GameState) -> list[str]:
        """What ``state`` breaks of the invariants of :mod:`.invariants` (the soak run)."""
        assert isinstance(state, ViscountsState)
        return invariants.violations(state.position)

    def facts(self, state: GameState) -> dict[str, Any]:
        """What a finished game's end reveals, for balance reports (:mod:`.facts`)."""
        assert isinstance(state, ViscountsState)
        return facts(state.position)

    def info(self, name: str, view: JsonDict) -> str | None:
        """What a card (by id or name), manuscript, chest tile, public building, builder card,
        castle leader, cleric bonus card, manuscript board, player card, slot, castle section,
        solo scheme, icon, resource or building type does, from the data; None if unknown."""
        return texts.info(name, self.data)

    def check_data(self, directory: str | None = None) -> DataCheck:
        """Validate a data directory (the packaged one when None) and summarise it."""
        from keepers.games.viscounts.data import check_data

        report = check_data(directory)
        return DataCheck(report.ok, report.lines())

    def render(self, view: JsonDict) -> Any:
        """A Rich renderable of a view."""
        from keepers.games.viscounts.render import render_view
        return render_view(view)

    def action_codec(self, players: int, options: Mapping[str, Any]) -> ActionCodec:
        """Every decision of ``players`` seats with these options numbered (built once;
        ``keepers.games.viscounts.encoding``, docs/rl/viscounts.md)."""
        from keepers.games.viscounts.encoding import action_codec
        return action_codec(players, self.check_options(options))

    def observation_codec(self, players: int, options: Mapping[str, Any]) -> ObservationCodec:
        """A seat's view as a fixed-length list of numbers (docs/rl/viscounts.md)."""
        from keepers.games.viscounts.encoding import observation_codec
        return observation_codec(players, self.check_options(options))
