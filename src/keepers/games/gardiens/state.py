"""The position of a game of Les Gardiens du Royaume: its fields and their copy.

:class:`Position` holds the board, players, decks, options and the pending step
(``phase``, ``decider``, ``ctx``: see :mod:`~keepers.games.gardiens.flow`), two
caches the rules keep on it, and lookups that only translate names (hex labels,
seats and colours, card instances).  The rules, down to placing a guardian or
taking a cube, live in :mod:`keepers.games.gardiens.rules`; the file format in
:mod:`~keepers.games.gardiens.serial`.

A position is the engine's :class:`GameState` (``GardiensState`` in
:mod:`~keepers.games.gardiens.game` adds the engine contract to it) rather than
an object it holds: the rules read and write the fields of the very object the
engine plays, with no indirection on the hot paths.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from keepers.core.game import GameState
from keepers.core.rng import Rng
from keepers.games.gardiens.data import CardDef, GameData, Layout, load

NONE = -1

# The fields of a position, by the way they are copied and saved (see ``serial``).
LIST_FIELDS = ("owner", "count", "building", "protect", "shadow_pos", "shadow_delayed",
               "reserve", "banked_build", "banked_combat", "snap_hexes", "combats_won",
               "trades", "ally", "supply", "bsupply", "deck", "river", "discard", "events",
               "event_discard", "forced_dice", "winners_list")
NESTED_FIELDS = ("cubes", "hands", "objectives", "achieved", "types_built")
SCALAR_FIELDS = ("n", "first", "snap_citadel", "round", "turn_in_round", "active",
                 "actions_taken", "partner_refused", "round_effect", "phase", "decider",
                 "over", "end_reason", "capped_flag")
# The options (GR-25, GR-29), saved as one object; the flags below are read from them.
OPTION_FLAGS = ("coop", "max_rounds", "fixed_first", "accumulate", "bank_trade", "tower_all",
                "gifts", "shadows_advance")


class Position(GameState):
    """A full position: board, players, decks, options, and the pending step."""

    __slots__ = ("data", "layout", "rng", *LIST_FIELDS, *NESTED_FIELDS, *SCALAR_FIELDS,
                 "options", *OPTION_FLAGS, "ctx", "last_combat", "objective_cache",
                 "hexes_cache")

    data: GameData
    layout: Layout
    rng: Rng
    n: int
    first: int
    owner: list[int]
    count: list[int]
    building: list[int]
    protect: list[int]
    shadow_pos: list[int]
    shadow_delayed: list[bool]
    cubes: list[list[int]]
    reserve: list[int]
    hands: list[list[str]]
    objectives: list[list[str]]
    achieved: list[list[bool]]
    banked_build: list[int]
    banked_combat: list[int]
    snap_hexes: list[int]
    snap_citadel: int
    combats_won: list[int]
    types_built: list[list[str]]
    trades: list[int]
    ally: list[int]
    supply: list[int]
    bsupply: list[int]
    deck: list[str]
    river: list[str]
    discard: list[str]
    events: list[str]
    event_discard: list[str]
    round: int
    turn_in_round: int
    active: int
    actions_taken: int
    partner_refused: bool
    round_effect: str
    phase: str
    decider: int
    ctx: dict[str, Any]
    last_combat: dict[str, Any] | None
    over: bool
    end_reason: str
    winners_list: list[int]
    # Not part of the position: the objectives still to test, derived from
    # ``objectives`` and ``achieved`` (see ``rules.objectives.plan_of``, which validates it).
    # Typed Any: its class belongs to the rules, which this module does not import.
    objective_cache: Any  # a rules.objectives.ObjectivePlan, or None
    # Not part of the position either: the hexes each player controls, found on a
    # board whose ``owner`` list is copied here (see ``rules.board.controlled``).
    hexes_cache: tuple[list[int], dict[int, list[int]]] | None
    capped_flag: bool
    forced_dice: list[str]
    # The options in force (name, value), every declared one: immutable, shared by clones.
    options: tuple[tuple[str, Any], ...]
    # Read from ``options`` by ``set_options`` and never changed after: plain flags for
    # the rules that depend on an option (no dictionary lookup on the hot paths).
    coop: bool  # GR-25
    max_rounds: int  # the safety cap
    fixed_first: bool  # GR-29.1 first_player = fixed
    accumulate: bool  # GR-29.2 territory_points = accumulate
    bank_trade: bool  # GR-29.3 bank_trade = true
    tower_all: bool  # GR-29.4 watchtower = all
    gifts: bool  # GR-29.5 alliance_sharing = gift, outside co-op (GR-25.12)
    shadows_advance: bool  # GR-29.6 shadows = advance, in co-op

    def __init__(self, data: GameData | None = None, players: int = 2) -> None:
        super().__init__()
        self.data = data or load()
        self.layout = self.data.layouts[players]
        self.n = players
        self.ctx = {}
        self.last_combat = None
        self.objective_cache = None
        self.hexes_cache = None

    def set_options(self, options: Mapping[str, Any]) -> None:
        """Play under these options (a full, checked mapping: ``Game.check_options``)."""
        self.options = tuple(options.items())
        self.coop = bool(options["coop"])
        self.max_rounds = int(options["max_rounds"])
        self.fixed_first = options["first_player"] == "fixed"
        self.accumulate = options["territory_points"] == "accumulate"
        self.bank_trade = bool(options["bank_trade"])
        self.tower_all = options["watchtower"] == "all"
        self.gifts = options["alliance_sharing"] == "gift" and not self.coop
        self.shadows_advance = options["shadows"] == "advance" and self.coop

    def clone(self) -> Self:
        """Return an independent copy; static data is shared."""
        other = object.__new__(type(self))
        other._legal = self._legal  # an immutable tuple
        other.data = self.data
        other.layout = self.layout
        other.rng = Rng(self.rng.state)
        # Field by field rather than a loop over the names: twice as fast.  A test
        # (test_gd_perf_fingerprint) checks that every slot is copied.
        # scalars (immutable values)
        other.n = self.n
        other.first = self.first
        other.snap_citadel = self.snap_citadel
        other.round = self.round
        other.turn_in_round = self.turn_in_round
        other.active = self.active
        other.actions_taken = self.actions_taken
        other.partner_refused = self.partner_refused
        other.round_effect = self.round_effect
        other.phase = self.phase
        other.decider = self.decider
        other.over = self.over
        other.end_reason = self.end_reason
        other.capped_flag = self.capped_flag
        # options (immutable)
        other.options = self.options
        other.coop = self.coop
        other.max_rounds = self.max_rounds
        other.fixed_first = self.fixed_first
        other.accumulate = self.accumulate
        other.bank_trade = self.bank_trade
        other.tower_all = self.tower_all
        other.gifts = self.gifts
        other.shadows_advance = self.shadows_advance
        # flat lists
        other.owner = self.owner.copy()
        other.count = self.count.copy()
        other.building = self.building.copy()
        other.protect = self.protect.copy()
        other.shadow_pos = self.shadow_pos.copy()
        other.shadow_delayed = self.shadow_delayed.copy()
        other.reserve = self.reserve.copy()
        other.banked_build = self.banked_build.copy()
        other.banked_combat = self.banked_combat.copy()
        other.snap_hexes = self.snap_hexes.copy()
        other.combats_won = self.combats_won.copy()
        other.trades = self.trades.copy()
        other.ally = self.ally.copy()
        other.supply = self.supply.copy()
        other.bsupply = self.bsupply.copy()
        other.deck = self.deck.copy()
        other.river = self.river.copy()
        other.discard = self.discard.copy()
        other.events = self.events.copy()
        other.event_discard = self.event_discard.copy()
        other.forced_dice = self.forced_dice.copy()
        other.winners_list = self.winners_list.copy()
        # lists of per-player lists
        other.cubes = [x.copy() for x in self.cubes]
        other.hands = [x.copy() for x in self.hands]
        other.objectives = [x.copy() for x in self.objectives]
        other.achieved = [x.copy() for x in self.achieved]
        other.types_built = [x.copy() for x in self.types_built]
        other.ctx = copy_ctx(self.ctx)
        other.last_combat = self.last_combat  # replaced, never mutated in place
        other.objective_cache = self.objective_cache  # valid for any state it matches
        other.hexes_cache = self.hexes_cache  # likewise (checked against ``owner``)
        return other

    # -- names and lookups ----------------------------------------------------
    def label(self, hex_index: int) -> str:
        """Return the printed label of a hex (``C``, ``S-E``, ``T01``, ``H2``)."""
        return self.layout.hexes[hex_index].label

    def hex_of(self, label: str) -> int:
        """Return the index of a hex label, or -1."""
        return self.layout.by_label.get(label, NONE)

    def home(self, player: int) -> int:
        """Return the hex index of the player's own home tile (GR-3.3)."""
        return self.layout.homes[self.seat(player) - 1]

    def seat(self, player: int) -> int:
        """Return the seat number (1..N) of an engine player index (GR-3.1)."""
        return (player - self.first) % self.n + 1

    def colour(self, player: int) -> str:
        """Return the colour name of a player (by seat, GR-3.1)."""
        return self.data.colours[self.seat(player) - 1]

    def player_of_colour(self, colour: str) -> int:
        """Return the player index of a colour name, or -1."""
        for p in range(self.n):
            if self.colour(p) == colour:
                return p
        return NONE

    def opponents(self, player: int) -> list[int]:
        """Return the other players in seat order after ``player``."""
        n, out = self.n, []
        for i in range(1, n):  # a loop: faster than a comprehension for so few seats
            out.append((player + i) % n)
        return out

    def hex_building(self, hex_index: int) -> str | None:
        """Return the building key on a hex, or None."""
        b = self.building[hex_index]
        return None if b == NONE else self.data.buildings[b].key

    def card(self, instance: str) -> CardDef:
        """Return the definition of a card instance such as ``AC01#2``."""
        return self.data.card_of[instance]


def copy_ctx(ctx: dict[str, Any]) -> dict[str, Any]:
    """Copy a context dict of scalars and flat lists."""
    return {k: (v.copy() if isinstance(v, list | dict) else v) for k, v in ctx.items()}
