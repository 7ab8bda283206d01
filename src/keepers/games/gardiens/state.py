"""The position of a game of Les Gardiens du Royaume: its fields, their copy, and
the primitives every rule uses.

:class:`Position` holds the board, players, decks, options and the pending step
(``phase``, ``decider``, ``ctx``: see :mod:`~keepers.games.gardiens.flow`), and
the board operations the rules are written with (control, cubes, cards, dice,
victory points).  The rules themselves live in :mod:`keepers.games.gardiens.rules`,
the file format in :mod:`~keepers.games.gardiens.serial`.

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
from keepers.games.gardiens.data import CardDef, GameData, Layout, covers, load, needs_of

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
    objective_cache: Any  # a rules.objectives.ObjectivePlan, or None
    # Not part of the position either: the hexes each player controls, found on a
    # board whose ``owner`` list is copied here (see ``controlled``).
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

    def round_first(self) -> int:
        """The player who starts the current round and draws its Event (GR-4.1, GR-17.2):
        seat ((n - 1) mod N) + 1 in round n, or always seat 1 with ``first_player=fixed``
        (GR-29.1)."""
        if self.fixed_first:
            return self.first
        return (self.first + (self.round if self.round > 0 else 1) - 1) % self.n

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

    # -- board helpers --------------------------------------------------------
    def label(self, hex_index: int) -> str:
        """Return the printed label of a hex (``C``, ``S-E``, ``T01``, ``H2``)."""
        return self.layout.hexes[hex_index].label

    def hex_of(self, label: str) -> int:
        """Return the index of a hex label, or -1."""
        return self.layout.by_label.get(label, NONE)

    def has_shadow(self, hex_index: int) -> bool:
        """Return True when a Shadow stands on the hex (GR-25.3)."""
        return hex_index in self.shadow_pos

    def is_neutral(self, hex_index: int) -> bool:
        """GR-14.2: no guardian and no Shadow."""
        return self.count[hex_index] == 0 and not self.has_shadow(hex_index)

    def controlled(self, player: int) -> list[int]:
        """Return the hexes the player controls (GR-14.1), in hex order."""
        return self.controlled_shared(player).copy()  # the remembered list stays private

    def controlled_shared(self, player: int) -> list[int]:
        """:meth:`controlled` without the copy, for hot callers that only read it: the
        remembered list itself, which the caller must not change."""
        # Asked several times a turn (collection, each action listing, card tests), on
        # a board that often has not changed: remembered with a copy of ``owner``, and
        # searched again when ``owner`` differs from it (so hand-made changes are seen).
        cache, owner = self.hexes_cache, self.owner
        if cache is None or cache[0] != owner:
            cache = self.hexes_cache = (owner.copy(), {})
        found = cache[1].get(player)
        if found is None:
            found = cache[1][player] = self._search_controlled(player)
        return found

    def _search_controlled(self, player: int) -> list[int]:
        # A player holds few hexes: count/index scan the board in C, which is
        # faster than a comprehension over every hex.
        owner = self.owner
        out: list[int] = []
        h = -1
        for _ in range(owner.count(player)):
            h = owner.index(player, h + 1)
            out.append(h)
        if self.shadows_advance and self.shadow_pos:
            # GR-29.6: guardians a Shadow walked onto stay, but a Shadow hex has no
            # controller (GR-25.3); whoever moves a Shadow forgets this list.
            shadows = self.shadow_pos
            return [h for h in out if h not in shadows]
        return out

    def controls(self, player: int, hex_index: int) -> bool:
        """Return True when the player has a guardian on the hex."""
        return self.owner[hex_index] == player

    def is_protected(self, hex_index: int) -> bool:
        """Warding Sigil protection in force on the hex (GR-21.2 protect)."""
        return self.protect[hex_index] != NONE and self.protect[hex_index] == self.owner[hex_index]

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

    def non_allied(self, player: int) -> list[int]:
        """Return the non-allied opponents (GR-0.4)."""
        return [p for p in self.opponents(player) if self.ally[player] != p and not self.coop]

    def hex_building(self, hex_index: int) -> str | None:
        """Return the building key on a hex, or None."""
        b = self.building[hex_index]
        return None if b == NONE else self.data.buildings[b].key

    def building_works(self, hex_index: int, key: str) -> bool:
        """A building works only for the controller of its hex (GR-7.4)."""
        return self.owner[hex_index] != NONE and self.hex_building(hex_index) == key

    def controls_building(self, player: int, key: str) -> int:
        """Count the hexes the player controls holding a building of that type."""
        return self.controls_building_type(player, self.data.building_index[key])

    def controls_building_type(self, player: int, want: int) -> int:
        """:meth:`controls_building` by building index."""
        building, owner = self.building, self.owner
        found = h = 0
        for _ in range(building.count(want)):  # buildings are few: find them in C
            h = building.index(want, h) + 1
            found += owner[h - 1] == player
        if found and self.shadows_advance:  # a building on a Shadow hex works for nobody
            found -= sum(1 for pos in set(self.shadow_pos)
                         if pos != NONE and owner[pos] == player and building[pos] == want)
        return found

    # -- guardians ------------------------------------------------------------
    def place(self, player: int, hex_index: int, number: int) -> None:
        """Put guardians from reserve on a hex, then apply overpopulation (GR-14.4)."""
        reserve = self.reserve[player]
        number = reserve if reserve < number else number  # min(), without its slow call
        if number <= 0:
            return
        self.reserve[player] -= number
        self.owner[hex_index] = player
        self.count[hex_index] += number
        self.overpopulate(hex_index)

    def remove(self, hex_index: int, number: int) -> None:
        """Return guardians from a hex to their owner's reserve (GR-14.3)."""
        player = self.owner[hex_index]
        present = self.count[hex_index]
        number = present if present < number else number  # min(), without its slow call
        if player == NONE or number <= 0:
            return
        self.count[hex_index] -= number
        self.reserve[player] += number
        if self.count[hex_index] == 0:
            self.owner[hex_index] = NONE
            self.protect[hex_index] = NONE

    def shift(self, source: int, dest: int, number: int) -> None:
        """Move guardians of the owner of ``source`` to ``dest`` (claiming it), GR-9.3."""
        player = self.owner[source]
        self.count[source] -= number
        if self.count[source] == 0:
            self.owner[source] = NONE
            self.protect[source] = NONE
        if self.owner[dest] != player:
            self.protect[dest] = NONE
        self.owner[dest] = player
        self.count[dest] += number
        self.overpopulate(dest)

    def overpopulate(self, hex_index: int) -> None:
        """GR-14.4: guardians above the limit return to reserve."""
        limit = self.data.rule("max_guardians_per_hex")
        excess = self.count[hex_index] - limit
        if excess > 0:
            self.count[hex_index] = limit
            self.reserve[self.owner[hex_index]] += excess

    def on_board(self, player: int) -> int:
        """Return the number of the player's guardians on the board."""
        return sum(c for o, c in zip(self.owner, self.count, strict=True) if o == player)

    # -- cubes ----------------------------------------------------------------
    def gain(self, player: int, resource: int, number: int) -> int:
        """Take up to ``number`` cubes from the supply (GR-5.4); returns how many."""
        left = self.supply[resource]
        taken = left if left < number else number  # min(), without its slow call
        self.supply[resource] -= taken
        self.cubes[player][resource] += taken
        return taken

    def pay(self, player: int, resource: int, number: int) -> None:
        """Return cubes to the supply (the caller checked the player holds them)."""
        self.cubes[player][resource] -= number
        self.supply[resource] += number

    def can_pay(self, player: int, cost: tuple[int, ...] | list[int]) -> bool:
        """Return True when the player holds every cube of ``cost``."""
        return covers(self.cubes[player], needs_of(tuple(cost)))

    def pay_cost(self, player: int, cost: tuple[int, ...] | list[int]) -> None:
        """Pay a full cost to the supply."""
        for resource, need in enumerate(cost):
            if need:
                self.pay(player, resource, need)

    # -- cards ----------------------------------------------------------------
    def card(self, instance: str) -> CardDef:
        """Return the definition of a card instance such as ``AC01#2``."""
        return self.data.card_of[instance]

    def draw_card(self) -> str | None:
        """Draw the top card of the Action deck, reshuffling if needed (GR-12.8)."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
        return self.deck.pop()

    def draw_to_hand(self, player: int, number: int = 1) -> None:
        """Draw cards into a hand, as far as the decks allow."""
        for _ in range(number):
            card = self.draw_card()
            if card is None:
                return
            self.hands[player].append(card)

    def take_from_river(self, player: int, instance: str) -> None:
        """Move a river card to a hand and refill the river (GR-12.7)."""
        self.river.remove(instance)
        self.hands[player].append(instance)
        self.refill_river()

    def refill_river(self) -> None:
        """Top the river up to its size, as far as possible (GR-12.7)."""
        size = self.data.rule("river_size")
        while len(self.river) < size:
            card = self.draw_card()
            if card is None:
                return
            self.river.append(card)

    def discard_from_hand(self, player: int, instance: str) -> None:
        """Move a card from a hand to the Action discard pile (GR-12.5)."""
        self.hands[player].remove(instance)
        self.discard.append(instance)

    # -- dice -----------------------------------------------------------------
    def roll(self) -> str:
        """Roll one combat die with the state's generator (GR-1.5)."""
        if self.forced_dice:
            return self.forced_dice.pop(0)
        faces = self.data.dice_faces
        return faces[self.rng.below(len(faces))]

    # -- victory points -------------------------------------------------------
    def banked(self, player: int) -> int:
        """Banked points B (GR-18.2)."""
        return self.banked_build[player] + self.banked_combat[player]

    def public_vp(self, player: int) -> int:
        """B + S_T + S_C (GR-18.6)."""
        rule = self.data.rule
        citadel = rule("vp_citadel_at_snapshot") if self.snap_citadel == player else 0
        return (self.banked_build[player] + self.banked_combat[player]
                + rule("vp_per_hex_at_snapshot") * self.snap_hexes[player] + citadel)

    def objective_vp(self, player: int) -> int:
        """3 VP per accomplished objective (GR-18.5)."""
        return self.data.rule("vp_per_objective") * sum(self.achieved[player])

    def vp(self, player: int) -> int:
        """Total VP (GR-18.1): B + S_T + S_C + objectives (asked at every checkpoint)."""
        weights = self.data.vp_rules
        if weights is None:
            return self._vp_by_rules(player)
        total = (self.banked_build[player] + self.banked_combat[player]
                 + weights[0] * self.snap_hexes[player] + weights[1] * sum(self.achieved[player]))
        return total + weights[2] if self.snap_citadel == player else total

    def _vp_by_rules(self, player: int) -> int:
        """:meth:`vp` reading each number with ``rule()`` (data with a missing one)."""
        rule = self.data.rule
        total = (self.banked_build[player] + self.banked_combat[player]
                 + rule("vp_per_hex_at_snapshot") * self.snap_hexes[player]
                 + rule("vp_per_objective") * sum(self.achieved[player]))
        if self.snap_citadel == player:
            total += rule("vp_citadel_at_snapshot")
        return total


def copy_ctx(ctx: dict[str, Any]) -> dict[str, Any]:
    """Copy a context dict of scalars and flat lists."""
    return {k: (v.copy() if isinstance(v, list | dict) else v) for k, v in ctx.items()}
