"""The Keythedral :class:`Game` and its :class:`GameState`, the public face of a position.

:class:`KeythedralState` holds the :class:`~keepers.games.keythedral.state.Position`
as ``state.position``; :meth:`KeythedralState.apply` hands a decision to
:func:`keepers.games.keythedral.flow.play`, which calls the answer handler of
the pending decision's kind (in the rules module of its rulebook section) and
settles the steps to the next decision.
"""

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
from keepers.core.i18n import t
from keepers.core.mcts import MctsFactory, Settings
from keepers.core.rng import Rng
from keepers.games.keythedral import encoding, flow, invariants, rules
from keepers.games.keythedral.data import COLOURS, FIELD_TYPES, KeythedralData, packaged
from keepers.games.keythedral.determinize import sampler, search_view
from keepers.games.keythedral.facts import facts
from keepers.games.keythedral.rules.board import houses
from keepers.games.keythedral.rules.scoring import scores, winners
from keepers.games.keythedral.serial import position_from_dict, position_to_dict
from keepers.games.keythedral.state import Position
from keepers.games.keythedral.views import PUBLIC_KINDS, build_view, lazy_view, prompt

DEFAULT_MAX_ROUNDS = 60

# Clause cited when a decision of this kind is refused.
KIND_CLAUSE = {
    "field": "KT-2.8", "cottage": "KT-2.9", "marker": "KT-5.2", "place": "KT-5.4",
    "crop": "KT-6.5", "turn": "KT-7.2", "pay": "KT-0.7", "add": "KT-10.4",
    "remove": "KT-10.4", "style": "KT-12.5", "as": "KT-12.5", "final": "KT-10.3",
    "relay": "KT-2.11", "bid": "KT-9.4", "first": "KT-9.7", "law": "KT-4.10", "veto": "KT-4.9",
}
# Clause cited when a command of this verb is refused (before the kind's clause).
VERB_CLAUSE = {
    "buy": "KT-10.3", "house": "KT-7.5", "fence": "KT-2.12", "unfence": "KT-7.8",
    "craft": "KT-7.9", "law": "KT-7.10", "trade": "KT-7.11", "deal": "KT-12.15",
    "play": "KT-12.0", "veto": "KT-12.10",
}
ALL_VERBS = frozenset({
    "field", "cottage", "mark", "place", "done", "take", "pay", "add", "remove",
    "style", "as", "withdraw", "relay", "bid", "pass", "first", "play", "veto", "buy",
    "house", "fence", "unfence", "craft", "law", "trade", "deal",
})
"""Every verb a Keythedral decision starts with."""
CRAFT_WORDS = frozenset({"craftsmen", "craftsman", "blacksmith", "glassmaker", "goldsmith",
                         "trader", "store", "laws"})
"""Names ``info`` answers with the craftsmen's, trader's and law master's prices."""


def law_name(card: str) -> str:
    """A law card's name in the current language."""
    return t(f"keythedral.law_name.{card}")


def cube_name(word: str) -> str:
    """A cube colour named with its material in the current language; other words unchanged."""
    return t(f"keythedral.cube.{word}") if word in COLOURS else word


def _space_info(name: str, view: JsonDict) -> str | None:
    """What lies on the board space ``x,y`` of ``view`` (None when ``name`` is no space)."""
    try:
        x, y = (int(part) for part in name.split(","))
    except ValueError:
        return None
    if (x + y) % 2:
        return None
    cells = {(a, b): kind for a, b, kind in view["fields"]}
    tiles = {(a, b): (o, n, h) for a, b, o, n, h in view["tiles"]}
    workers = {(a, b): o for a, b, o in view["workers"]}
    if (x, y) == packaged().keythedral_slot:
        what = t("keythedral.info.keythedral")
    elif (x, y) in cells:
        what = t(f"keythedral.field.{cells[x, y]}")
        if (x, y) in workers:
            what += t("keythedral.info.worker", seat=workers[x, y])
    elif (x, y) in tiles:
        owner, number, house = tiles[x, y]
        what = t(f"keythedral.info.{'house' if house else 'cottage'}", seat=owner, number=number)
    else:
        what = t(f"keythedral.info.{'empty_cell' if x % 2 == 0 else 'empty_slot'}")
    return t("keythedral.info.cell", cell=f"{x},{y}", what=what)


SEARCH = Settings(iters=400, depth=10, prior="greedy", rollout="greedy", bias=3.0,
                  others="greedy")
"""The ``mcts`` bot's defaults here: guided by the greedy bot in the tree and in the
rollouts, the other seats played by greedy inside the tree too (docs/strength.md);
``mcts:iters=100`` changes one setting of these.  Rollouts of 10 decisions (about one
seat's spending turn) won 27 of 29 two-player games against greedy at 100 iterations
where rollouts of 30 won 48 of 60, at a third of the cost.  Greedy's choice is favoured
by ``bias=3``: with 1, a node's visits soon spread over the other decisions tried there
at random, whose results its mean counted, and more iterations played worse (two players:
400 iterations won a third of the first 15 games against 100; with ``bias=3``, 31 of 38).
"""

SEARCH_BY_SEATS = {seats: replace(SEARCH, depth=30) for seats in (3, 4, 5)}
"""From three seats, rollouts of 30 decisions (some seven of each seat's at 4 players,
where 10 make five with two).  At 4 players and 100 iterations (``bias=1`` then), with
the other stocks dealt as the public log tells them, these won 90.3 % of the first 31
deals against greedy where rollouts of 10 with the other seats in the tree won 75.8 %
(docs/strength.md)."""


def outlook(position: Position) -> list[float]:
    """KT-14.3's scores plus what each house's second worker (KT-7.5) should still
    harvest: a cube (1 point) a round for the harvests the mat's tiles left should last
    at the pace of purchases so far (before any, 0.6 tiles a seat a round).  A search
    scores rollouts cut short with it by ``mcts:eval=outlook`` (docs/strength.md): KT-14.3
    alone sees a house's price and not the worker it sends out every round after."""
    points = scores(position)
    left = sum(tile is not None for row in position.rows for tile in row)
    bought = sum(len(owned) for owned in position.owned)
    phase = position.phase
    # Rounds gone by: this one counts half during its spending phase (KT-4.1).
    played = position.round - 1 + (0.5 if phase == 3 else 1.0 if phase > 3 else 0.0)
    pace = bought / played if played and bought else 0.6 * position.n
    harvests = max(left / pace - (0.5 if phase in (2, 3) else 0.0), 0.0)
    credit = [0.0] * position.n
    for slot in houses(position):
        credit[position.tiles[slot][0]] += harvests
    return [p + c for p, c in zip(points, credit, strict=True)]


class KeythedralState(GameState):
    """A Keythedral game: the core contract around one :class:`Position`.

    ``position`` holds everything of the game, the pending decision included
    (``position.pending``); the rules are the functions of
    :mod:`keepers.games.keythedral.rules`, driven by :mod:`keepers.games.keythedral.flow`.
    """

    __slots__ = ("position",)
    position: Position

    def __init__(self, position: Position) -> None:
        super().__init__()
        self.position = position

    @classmethod
    def new(cls, data: KeythedralData, n: int, seed: int, options: Mapping[str, Any]) -> Self:
        """Set up a game for ``n`` players (KT-3), at its first decision."""
        position = rules.setup.new_position(data, n, seed, options)
        flow.settle(position)
        return cls(position)

    # --------------------------------------------------------------- GameState
    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self.position.n

    @property
    def round_number(self) -> int:
        """Current round; 0 during setup."""
        return self.position.round

    @property
    def capped(self) -> bool:
        """True when the safety cap on rounds stopped the game."""
        return self.position.was_capped

    def is_over(self) -> bool:
        """True once the last mat tile is bought (KT-14.1) or the cap is reached."""
        return self.position.over

    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over (law polls are secret)."""
        pending = self.position.pending
        if pending is None:
            return None
        kind = pending.kind
        return Decision(pending.player, kind, prompt(kind), kind in PUBLIC_KINDS)

    def to_move(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        pending = self.position.pending
        return None if pending is None else pending.player

    def clone(self) -> Self:
        """Independent copy; static data and immutable values shared."""
        other = object.__new__(type(self))
        other._legal = self._legal  # an immutable tuple: safe to share
        other.position = self.position.copy()
        return other

    def _legal_actions(self) -> list[str]:
        return flow.options(self.position)

    def _apply(self, action: str) -> None:
        flow.play(self.position, action)

    def _explain_illegal(self, action: str) -> RuleError:
        pending = self.position.pending
        kind, player = (pending.kind, pending.player) if pending else ("", -1)
        words = action.split()
        if not words:
            return RuleError(KIND_CLAUSE.get(kind, "ENGINE"), "empty decision")
        verb = words[0]
        clause = VERB_CLAUSE.get(verb, KIND_CLAUSE.get(kind, "ENGINE"))
        laws = self.position.data.laws
        if verb == "play" and len(words) > 1 and words[1] in laws:
            clause = laws[words[1]].clause
        legal = self.legal_actions()
        verbs = sorted({a.split()[0] for a in legal})
        what = "is not legal now" if verb in ALL_VERBS else "is not a Keythedral decision"
        return RuleError(clause, f"{action!r} {what}; seat {player} must decide "
                         f"({prompt(kind)}); legal verbs: {', '.join(verbs)}")

    def scores(self) -> list[int]:
        """KT-14.3: tile values plus unspent cubes at their end values."""
        return scores(self.position)

    def winners(self) -> list[int]:
        """KT-14.5: the best players after the tie-breaks (several share a victory)."""
        return winners(self.position)

    def stats(self) -> dict[str, float]:
        """Per-game figures for simulation reports."""
        position = self.position
        out = {
            "tiles_bought": float(sum(len(o) for o in position.owned)),
            "houses": float(len(houses(position))),
            "fences": float(len(position.fences)),
        }
        start = next((e for e in position.events() if e[0] == "start"), None)
        if start is not None:                    # the first player of round 1 (KT-3.6)
            out["first_seat"] = float(start[1])
        return out

    def view(self, player: int | None) -> JsonDict:
        """What ``player`` may see (KT-13.5); ``None`` gives the public view."""
        return build_view(self.position, player, self.legal_actions)

    def bot_view(self, player: int) -> JsonDict:
        """The seat's view, each entry computed when the bot first reads it."""
        return lazy_view(self.position, player, self.legal_actions)

    def search_view(self, player: int) -> JsonDict:
        """``player``'s view with its table, what a searching bot deals from (KT-13.5)."""
        return search_view(self.position, player, self.view(player))

    def to_dict(self) -> JsonDict:
        """The full position, hidden items included (a position file)."""
        return position_to_dict(self.position)


class KeythedralGame(Game):
    """Keythedral for 2 (variant) to 5 players."""

    name = "keythedral"
    title = "Keythedral"
    min_players = 2
    max_players = 5
    # 2: the 2026-11-25 revision (harvest shortage all or nothing, KT-6.4; Craft Exchange
    # from the store only, KT-12.7; Hard Worker doubles every cube, KT-12.14) changes how
    # recorded games play out, so records and positions of version 1 are refused.
    rules_version = 2

    def option_specs(self) -> tuple[Option, ...]:
        """``length`` short|full (KT-15.3), ``face_up`` (KT-15.2), ``first`` seat or -1
        for a seeded draw (KT-3.6), ``max_rounds`` safety cap (0 = none)."""
        return (Option("length", "short", choices=tuple(packaged().row_lengths),
                       clause="KT-15.3"),
                Option("face_up", False, clause="KT-15.2"),
                Option("first", -1, minimum=-1, clause="KT-3.6"),
                Option("max_rounds", DEFAULT_MAX_ROUNDS, minimum=0))

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> KeythedralState:
        """Set up a new game (KT-3); options are checked strictly (KeepersError)."""
        try:
            checked = self.check_options(options)
        except ValueError as exc:
            raise KeepersError(str(exc)) from None
        return KeythedralState.new(packaged(), players, seed, checked)

    def state_from_dict(self, data: JsonDict) -> KeythedralState:
        """Rebuild a position."""
        return KeythedralState(position_from_dict(packaged(), data))

    def bots(self) -> dict[str, BotFactory]:
        """``random``, ``greedy`` and ``mcts`` (``mcts:iters=2000``, keepers.core.mcts)."""
        from keepers.games.keythedral.bots import GreedyBot

        return BotMenu(random=RandomBot, greedy=GreedyBot,
                       mcts=MctsFactory(self, SEARCH, SEARCH_BY_SEATS))

    def facts(self, state: GameState) -> dict[str, Any]:
        """What a finished game's end reveals, for balance reports (:mod:`.facts`)."""
        assert isinstance(state, KeythedralState)
        return facts(state.position)

    def determinizer(self, view: JsonDict, seat: int) -> Callable[[Rng], GameState]:
        """Full positions consistent with ``seat``'s view, dealt by the prior of
        :mod:`keepers.games.keythedral.determinize` (KT-13)."""
        deal = sampler(view, seat, packaged())
        return lambda rng: KeythedralState(deal(rng))

    def action_codec(self, players: int, options: Mapping[str, Any]) -> ActionCodec:
        """Every decision the rules can offer at ``players`` seats, numbered (one catalogue
        whatever the options; :mod:`.encoding`, ``docs/rl/keythedral.md``)."""
        self._checked(options)
        return encoding.action_codec(players, options)

    def observation_codec(self, players: int, options: Mapping[str, Any]) -> ObservationCodec:
        """A seat's view as a fixed-length list of numbers (:mod:`.encoding`, KT-13.5)."""
        return encoding.observation_codec(players, self._checked(options))

    def _checked(self, options: Mapping[str, Any]) -> dict[str, Any]:
        try:
            return self.check_options(options)
        except ValueError as exc:
            raise KeepersError(str(exc)) from None

    def evaluate(self, state: GameState) -> list[float]:
        """The outcome once over; before, KT-14.3's scores of the position, each seat's
        lead over the best other seat in [0, 1] (core.game.lead_shares: 100 points, 1)."""
        if state.is_over():
            return super().evaluate(state)
        return lead_shares(state.scores(), 100)

    def evaluations(self) -> dict[str, Callable[[GameState], list[float]]]:
        """``plain`` (:meth:`evaluate`) and ``outlook``: the same with each house credited
        with the harvests still to come (:func:`outlook`)."""
        return {**super().evaluations(), "outlook": self.evaluate_outlook}

    def evaluate_outlook(self, state: GameState) -> list[float]:
        """:meth:`evaluate` with :func:`outlook`'s points before the game is over."""
        if state.is_over():
            return super().evaluate(state)
        assert isinstance(state, KeythedralState)
        return lead_shares(outlook(state.position), 100)

    def describe_action(self, action: str) -> str:
        """A player-facing description of a decision, in the current language: colours
        named with their material, tiles with their points, law cards with their names."""
        words = action.split()
        if not words:
            return action
        template = t(f"keythedral.action.{words[0]}")
        if template == f"keythedral.action.{words[0]}":
            return action
        data = packaged()
        card = ""
        if words[0] == "play" and len(words) > 1 and words[1] in data.laws:
            card = f"{law_name(words[1])} ({words[1]}) {' '.join(words[2:])}".strip()
        args = [cube_name(word) for word in words[1:]] + ["", ""]
        if words[0] == "first" and words[1:2] and words[1].isdigit():
            args[0] = str(int(words[1]) + 1)          # people count seats from 1
        text = template.format(*args, card=card).strip()
        if words[0] == "buy" and len(words) > 1 and words[1] in data.tiles:
            text += f" ({t('keythedral.points', value=data.tiles[words[1]].value)})"
        if words[0] == "craft" and words[-1] == "discount":
            text += f" + {law_name('C16')} (C16)"
        return text

    def rules_summary(self, view: JsonDict) -> str:
        """The rules of the view's phase, short, with clause ids (KT-3 to KT-14)."""
        phase = view.get("phase", 0)
        lines = [t(f"keythedral.rules.phase{phase}")] if 0 <= phase <= 5 else []
        return "\n".join([*lines, t("keythedral.rules.laws"), t("keythedral.rules.end")])

    def invariant_violations(self, state: GameState) -> list[str]:
        """What ``state`` breaks of the invariants of :mod:`.invariants` (the soak run)."""
        assert isinstance(state, KeythedralState)
        return invariants.violations(state.position)

    def info(self, name: str, view: JsonDict) -> str | None:
        """What a law card, building tile, field tile or type, board space (``x,y``) or
        craftsman does, from the data; None for an unknown name."""
        data = packaged()
        key = name.strip()
        upper = key.upper()
        names = {law_name(c).lower(): c for c in data.laws} | {
            law.name.lower(): c for c, law in data.laws.items()}
        if upper in data.laws or key.lower() in names:
            card = upper if upper in data.laws else names[key.lower()]
            return t("keythedral.info.law", id=card, name=law_name(card),
                     clause=data.laws[card].clause, text=t(f"keythedral.law_text.{card}"))
        if upper in data.tiles:
            tile = data.tiles[upper]
            cost = ", ".join(f"{k} {cube_name(COLOURS[c])}" for c, k in enumerate(tile.cost) if k)
            return t("keythedral.info.tile", id=upper, value=tile.value, cost=cost)
        field_ids = {f.lower(): f for f in data.field_back}
        if key.lower() in field_ids:
            field = field_ids[key.lower()]
            kind = FIELD_TYPES[data.field_type_of[field]]
            return t("keythedral.info.field_tile", id=field, back=data.field_back[field],
                     text=t(f"keythedral.field.{kind}"))
        if key.lower() in FIELD_TYPES:
            return t(f"keythedral.field.{key.lower()}")
        if key.lower() in CRAFT_WORDS:
            return t("keythedral.info.crafts")
        return _space_info(key, view)

    def check_data(self, directory: str | None = None) -> DataCheck:
        """Validate ``keythedral.toml`` (packaged, or in ``directory``) and summarise it."""
        from pathlib import Path

        from keepers.core.errors import KeepersError
        from keepers.games.keythedral.data import load

        path = Path(directory) / "keythedral.toml" if directory else None
        try:
            data = load(path)
        except (KeepersError, OSError, ValueError) as exc:
            return DataCheck(False, [f"keythedral data: {exc}"])
        return DataCheck(True, [
            f"keythedral data in {path or 'the package'}: OK",
            f"  building tiles: {len(data.tiles)} (costs reconstructed, KT-10.8)",
            f"  mat rows short/full: {data.row_lengths['short']} / {data.row_lengths['full']}"
            " (reconstructed)",
            f"  field tiles: {len(data.field_back)}; law cards: {len(data.laws)}",
        ])

    def render(self, view: JsonDict) -> Any:
        """A Rich renderable of a view."""
        from keepers.games.keythedral.render import render_view

        return render_view(view)


GAME = KeythedralGame()
