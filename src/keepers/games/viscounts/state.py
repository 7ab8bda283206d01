"""The Viscounts position: the fields of one game, and the ability profiles cached with it.

:class:`Position` holds everything that changes during a game (board, players,
turn, the stack of pending steps) and copies itself; it has no rules.  The
rules are functions over a position in :mod:`keepers.games.viscounts.rules`,
driven by :mod:`keepers.games.viscounts.flow`.  Beside it lives the cache of
what a player's ongoing abilities amount to (:class:`Profile`,
:func:`profile_of`, VB-7.17): it is derived from the position alone and kept
per position (``_profiles``) and in the shared data memo.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from keepers.core.rng import Rng
from keepers.games.viscounts.data import GameData
from keepers.games.viscounts.effects import ICONS, Term, parse_icons
from keepers.games.viscounts.model import Geometry, Player, new_geometry

Task = tuple[Any, ...]
"""A pending step: ``(kind, player, *args)``, JSON-ready and immutable (see the flow module)."""

MEMO_LIMIT = 100_000      # entries of a shared memo before the memos are emptied



class Profile:
    """Values derived from one player's ongoing abilities (immutable once built).

    ``abilities`` maps (slots, cards) to the active abilities (see
    :func:`~keepers.games.viscounts.rules.concepts.abilities`); ``icons`` is
    the board icon count.  Other derived values are computed on first use and
    kept in ``memo``.
    """

    __slots__ = ("abilities", "icons", "names", "memo")

    def __init__(self, abilities: dict[tuple[bool, bool], tuple[Term, ...]],
                 icons: dict[str, int]) -> None:
        self.abilities = abilities
        self.icons = icons
        self.names = frozenset(t.name for t in abilities[True, True])
        self.memo: dict[Any, Any] = {}

    def total(self, name: str) -> int:
        """Sum of an integer modifier (``+n`` or ``n``; 1 without argument)."""
        if name not in self.names:
            return 0
        key = ("total", name)
        found: int | None = self.memo.get(key)
        if found is None:
            found = 0
            for term in self.abilities[True, True]:
                if term.name == name:
                    found += int(term.word(0).lstrip("+")) if term.args else 1
            self.memo[key] = found
        return found

    def fired(self, trigger: str, slots: bool, cards: bool) -> tuple[str, ...]:
        """Effect texts of a trigger, in push order (the first ability resolves first)."""
        if trigger not in self.names:
            return ()
        key = ("fire", trigger, slots, cards)
        found: tuple[str, ...] | None = self.memo.get(key)
        if found is None:
            texts = [str(t.sub(0)) for t in self.abilities[slots, cards] if t.name == trigger]
            found = self.memo[key] = tuple(reversed(texts))
        return found



# A seat's last profile: copies of its spaces, covered slots and bonus cards,
# whether it leads the castle, its AI board (None for a person), the profile,
# the public buildings it owns (Keeper of Keys, VK-5.4), its chests (VK-4.2), and the
# Gates of Gold cards whose abilities it holds (builder cards, the castle leader; VG-6, VG-7).
LastProfile = tuple[list[str | None], list[bool], list[str], bool, Any, Profile, list[str],
                    list[str | None], list[str]]
_NO_PUBLICS: list[str] = []
_NO_HELD: list[str] = []
_AI_LEADS: list[str] = ["-"]
_NO_CHESTS: list[str | None] = []


def _pack(icons: Mapping[str, int]) -> int:
    """Icon counts as one integer, 8 bits per icon in ICONS order (see _board_icons)."""
    return sum(icons.get(icon, 0) << (8 * i) for i, icon in enumerate(ICONS))


# Where the packed icon total of the card spaces sits in a profile key (see profile_of).
PROFILE_KEY_ICONS = 1


@cache
def _packed_icons(text: str) -> int:
    """An icon expression (``permanent_icon``) parsed and packed, once per text."""
    return _pack(parse_icons(text))


def _board_icons(space_icons: int, abilities: tuple[Term, ...]) -> dict[str, int]:
    """Icons on a board: the packed total of its card spaces plus permanent icons.

    Icon counts are summed as packed integers (8 bits per icon, in ICONS order):
    adding two packed values adds every icon at once.  Counts stay far below 256.
    """
    total = space_icons
    for term in abilities:
        if term.name == "permanent_icon":
            total += _packed_icons(term.word(0))
    return {icon: (total >> (8 * i)) & 255 for i, icon in enumerate(ICONS)}


def _forget(data: GameData) -> None:
    """Empty the shared memos when they grow too big (long simulations meet new keys).

    Everything in them is recomputed on demand; states keep the geometry they hold.
    """
    data.memo.clear()
    data.board.memo.clear()



class Position:
    """Everything of one game that changes: board, players, turn and the step stack.

    Fields only (and :meth:`copy`): the rules are functions over a position, in
    :mod:`keepers.games.viscounts.rules`; ``stack`` holds the pending steps that
    :mod:`keepers.games.viscounts.flow` runs.

    Speed note: in the pure Python engine, CPython keeps up to 29 instance
    attributes in a compact layout that makes every ``self.x`` cheap, as long
    as ``__dict__`` is never read; a position has that many, so add attributes
    sparingly (a test checks it).  Compiled, they are fields of a C struct.
    """

    capped = False          # set on the instance only when the round cap ends a game

    def __init__(self, data: GameData, geo: Geometry, players: list[Player], seats: int,
                 rng: Rng, source: Position | None = None) -> None:
        """A position before setup; with ``source``, a copy of that position instead.

        A copy is made through the constructor (the compiled engine builds
        objects no other way) and each attribute is set once, by
        :meth:`copy_into`; the other arguments are then the source's own.
        """
        if source is not None:
            source.copy_into(self)
            return
        self.data = data
        self.geo = geo
        self.players = players
        self.seats = seats                 # seats that decide (solo: 1; the AI is extra)
        self.rng = rng
        self.start = 0
        self.current = 0
        self.round = 0
        self.phase = "setup"
        self.stack: list[Task] = []
        self.tf_piles: list[list[str]] = [[], [], [], [], []]
        self.ms_piles: list[list[str]] = [[], [], [], [], []]
        self.spots: dict[str, list[Any]] = {}
        n = len(players)
        self.castle = [[[0] * n, [0] * n, [0] * n] for _ in range(5)]
        self.leader = -1
        self.cleric: dict[str, int] = {}
        self.debt_above = 0
        self.deed_above = 0
        self.poverty = False
        self.prosperity = False
        self.last_round = 0
        self.removed: list[str] = []
        self.turn: dict[str, Any] = {}
        self.pairs: list[list[str]] = []
        self.log: list[str] = []
        self.over = False
        self.ai: dict[str, Any] = {}
        # Expansion components (empty in the base game, see rules.concepts.keys_on).
        self.ext: dict[str, Any] = {}
        # Last profile per seat and the lists it was built from (see profile_of()).
        self._profiles: list[LastProfile | None] = [None] * len(players)

    # ------------------------------------------------------------------ copying
    def copy_into(self, other: Position) -> None:
        """Copy every mutable container into ``other`` (static data shared).

        Scalars, the static data and the geometry are taken over as they are;
        the containers are replaced by copies (tasks are immutable tuples, so
        copying the stack list is enough).  Attribute by attribute rather than
        through ``__dict__``, which would cost both states their compact layout
        (see the class note); a test checks that every attribute is copied.
        """
        other.data, other.geo, other.seats = self.data, self.geo, self.seats
        other.start, other.current, other.round = self.start, self.current, self.round
        other.phase, other.leader, other.last_round = self.phase, self.leader, self.last_round
        other.debt_above, other.deed_above = self.debt_above, self.deed_above
        other.poverty, other.prosperity, other.over = self.poverty, self.prosperity, self.over
        if self.capped:
            other.capped = True
        other.players = [p.clone() for p in self.players]
        other.rng = self.rng.copy()
        other.stack = self.stack[:]
        other.tf_piles = [p[:] for p in self.tf_piles]
        other.ms_piles = [p[:] for p in self.ms_piles]
        other.spots = {k: list(v) for k, v in self.spots.items()}
        other.castle = [[t[:] for t in s] for s in self.castle]
        other.cleric = self.cleric.copy()
        other.removed = self.removed[:]
        other.turn = self.turn.copy()
        other.pairs = [p[:] for p in self.pairs]
        other.log = self.log[-20:]
        other.ai = {k: (list(v) if isinstance(v, list) else v) for k, v in self.ai.items()}
        other.ext = {k: _copy_item(v) for k, v in self.ext.items()} if self.ext else {}
        other._profiles = self._profiles[:]


    def copy(self) -> Position:
        """Independent copy; static data shared."""
        return Position(self.data, self.geo, self.players, self.seats, self.rng, source=self)


def _copy_item(value: Any) -> Any:
    """A copy of one expansion item: a list, maybe of lists (two levels deep at most)."""
    if type(value) is list:
        return [v[:] if type(v) is list else v for v in value]
    return value


def flatten(term: Term) -> list[Term]:
    """Split ``all_of`` groups of ongoing abilities into their parts (``none`` dropped)."""
    if term.name == "none":
        return []
    if term.name == "all_of":
        return [t for part in term.subterms() for t in flatten(part)]
    return [term]


def new_position(data: GameData, seats: int, seed: int, ai_board: str = "cleric",
                 expansions: str = "none") -> Position:
    """A position before setup: the ring drawn from ``seed`` (VB-3.1), players, AI board,
    expansions (VK-2)."""
    rng = Rng(seed)
    arrangement = [1, 2, 3, 4, 5]
    rng.shuffle(arrangement)
    geo = new_geometry(data, arrangement, rng.below(5), seats)
    workers = data.player_board.workers
    players = [Player(s, workers=workers) for s in range(seats)]
    if seats == 1:
        players.append(Player(1, workers=workers, is_ai=True))
    position = Position(data, geo, players, seats, rng)
    position.ai["board"] = ai_board
    if expansions != "none":
        position.ext["expansions"] = expansions
        if "keys" in expansions.split(","):
            position.ext["owned"] = [[] for _ in players]      # public buildings (VK-5)
    return position


# Everything derived from a player's ongoing abilities depends only on
# which abilities are active and on the icon totals.  :func:`profile_of`
# memoises those derived values in ``data.memo`` under a key made of what
# decides them: the revealed slots, the cards in the spaces that *have*
# ongoing abilities (most have none), the icon total of the spaces, castle
# leadership, the cleric bonus cards and (for the AI) its board.  Boards
# that differ only in cards without abilities share one profile, so most
# turns find theirs already built, in this game or an earlier one.
#
# On top of that, each position remembers the last profile of every seat with
# copies of the lists it was built from (``_profiles``): it is asked for
# about ten times per turn while the board rarely changes, and comparing
# the lists is much cheaper than building and hashing the memo key.  The
# copies are compared by content, so changing the lists anywhere (rules,
# tests, loaded positions) is always seen.
def profile_of(pos: Position, seat: int) -> Profile:
    """The memoised ability profile of a player's current board."""
    player = pos.players[seat]
    board = pos.ai["board"] if player.is_ai else None
    leads = pos.leader == seat
    last = pos._profiles[seat]
    ext = pos.ext
    publics: list[str] = _NO_PUBLICS
    chests: list[str | None] = _NO_CHESTS
    held: list[str] = _NO_HELD
    if ext:
        # One typed get per list: compiled, this indexes a list directly instead of an
        # Any through the generic protocol (this check runs about twice per decision).
        owned: list[list[str]] | None = ext.get("owned")
        if owned is not None:
            publics = owned[seat]
        placed: list[list[str | None]] | None = ext.get("chests")
        if placed is not None:
            chests = placed[seat]
        builders: list[list[Any]] | None = ext.get("builders")
        if builders is not None and (leads or builders[0][1] == seat
                                     or builders[1][1] == seat):
            held = _held_cards(pos, seat, leads)
    if last is not None and last[0] == player.spaces and last[1] == player.covered \
            and last[2] == player.bonus and last[3] == leads and last[4] == board \
            and last[6] == publics and last[7] == chests and last[8] == held:
        return last[5]
    key = _profile_key(pos, seat, leads, board)
    active: tuple[str, ...] = ()
    if publics or any(chests):       # Keeper of Keys: public buildings, chests (VK-4.2, VK-5.4)
        active = _active_chests(pos, chests, player.spaces)
        if publics or active:        # else the base key: the same profile is shared
            key = (*key, tuple(publics), active)
    if held:                         # Gates of Gold: their if_board depends on the spaces
        key = (*key, tuple(held), tuple(_kind(pos, c) for c in player.spaces))
    memo = pos.data.memo
    found: Profile | None = memo.get(key)
    if found is None:
        if len(memo) > MEMO_LIMIT or len(pos.data.board.memo) > MEMO_LIMIT:
            _forget(pos.data)
        found = memo[key] = _build_profile(pos, seat, key[PROFILE_KEY_ICONS], active)
    pos._profiles[seat] = (player.spaces[:], player.covered[:], player.bonus[:], leads,
                           board, found, publics[:], chests[:], held[:])
    return found


def _kind(pos: Position, card_id: str | None) -> str:
    """The kind of a card in a space ("" for an empty space; an AI scheme is no deck card)."""
    if not card_id or card_id not in pos.data.cards:
        return ""
    return pos.data.cards[card_id].kind


def _held_cards(pos: Position, seat: int, leads: bool) -> list[str]:
    """Gates of Gold cards whose abilities a person holds: builder cards (VG-6), and the
    revealed castle leader while they lead (VG-7.1)."""
    if pos.players[seat].is_ai:       # VG-9.3: VP only; "-" keeps its profile apart
        return _AI_LEADS if leads else _NO_HELD
    held = [card for card, owner in pos.ext["builders"] if owner == seat]
    if leads:
        held.append(pos.ext["leader_card"])
    return held


def _profile_key(pos: Position, seat: int, leads: bool, board: Any) -> tuple[Any, ...]:
    """What decides a profile (see above); equal keys give equal profiles."""
    player = pos.players[seat]
    icons = 0
    active: list[str] = []
    conditional = False
    for index, card_id in enumerate(player.spaces):
        if card_id:
            packed, has_ongoing, has_condition = _space_part(pos, player.is_ai, card_id)
            icons += packed
            if has_ongoing:
                active.append(card_id)
                conditional = conditional or has_condition
        elif index:
            icons += _starting_packed(pos, seat, index)
    # An if_board ability depends on the kinds of every card in the spaces.
    kinds = tuple(pos.data.cards[c].kind if c else "" for c in player.spaces) \
        if conditional else ()
    return ("profile", icons, tuple(player.covered), tuple(active), kinds, leads,
            tuple(player.bonus), board)


def _space_part(pos: Position, is_ai: bool, card_id: str) -> tuple[int, bool, bool]:
    """A card in a space: packed printed icons, has ongoing abilities, has if_board."""
    key = ("space", is_ai, card_id)
    found: tuple[int, bool, bool] | None = pos.data.memo.get(key)
    if found is None:
        if is_ai:
            found = (_pack(pos.data.schemes[card_id].header_icons), False, False)
        else:
            ongoing = pos.data.cards[card_id].ongoing
            names = {t.name for t in ongoing.walk()}
            found = (_pack(pos.data.cards[card_id].icons), names != {"none"},
                     "if_board" in names)
        pos.data.memo[key] = found
    return found


def _starting_packed(pos: Position, seat: int, index: int) -> int:
    """Packed starting icons of an empty card space 2 or 3 (``index`` 1 or 2)."""
    return _pack(_starting_icons(pos, seat)[("space2", "space3")[index - 1]])


def _build_profile(pos: Position, seat: int, space_icons: int,
                   active: tuple[str, ...] = ()) -> Profile:
    # abilities(seat, slots, cards) is the slot part (when slots) followed by
    # the card part (when cards), so two parts give all four variants.
    slot_part = _slot_part(pos, seat)
    card_part = tuple(_card_part(pos, seat))
    both = slot_part + card_part
    profile = Profile({(True, True): both, (True, False): slot_part,
                       (False, True): card_part, (False, False): ()},
                      _board_icons(space_icons, both))
    if active:
        _chest_bonus(pos, active, profile)
    return profile


def _active_chests(pos: Position, chests: list[str | None],
                   spaces: list[str | None]) -> tuple[str, ...]:
    """The conversion chests whose card above has the printed icon they convert (VK-4.2):
    all that the chests add to a profile depends on."""
    out: list[str] = []
    converts: dict[str, str] | None = None
    for index in (0, 1, 2):
        tile, card = chests[index], spaces[index]
        if tile and card:
            if converts is None:
                converts = _converts(pos)
            source = converts[tile]
            if source and pos.data.cards[card].icons.get(source, 0):
                out.append(tile)
    if len(out) > 1:
        out.sort()
    return tuple(out)


def _converts(pos: Position) -> dict[str, str]:
    """The icon each chest tile converts ("" for a reward chest), memoised."""
    found: dict[str, str] | None = pos.data.memo.get("chest_from")
    if found is None:
        found = pos.data.memo["chest_from"] = {
            tile.id: tile.effect.kw("from") if tile.effect.name == "chest_convert" else ""
            for tile in pos.data.chest_tiles.values()}
    return found


def _chest_bonus(pos: Position, active: tuple[str, ...], profile: Profile) -> None:
    """Icons the conversion chests add when funding an action (VK-4.2, VK-4.5, VK-R08).

    ``active`` are the conversion chests whose card above has the printed ``from`` icon
    (see :func:`_active_chests`).  Each converts that icon into its ``to`` icons; optional
    and free, so it is used whenever it adds icons of the type the action needs: ``to``
    less the converted icon if it was of that type.
    """
    for tile in active:
        for icon, bonus in _chest_gain(pos, tile):
            key = ("chest_bonus", icon)
            profile.memo[key] = profile.memo.get(key, 0) + bonus


def _chest_gain(pos: Position, tile: str) -> tuple[tuple[str, int], ...]:
    """The icons a conversion chest adds, by icon (memoised: parsed once per tile)."""
    key = ("chest_gain", tile)
    found: tuple[tuple[str, int], ...] | None = pos.data.memo.get(key)
    if found is None:
        term = pos.data.chest_tiles[tile].effect
        source = term.kw("from")
        gained = parse_icons(term.kw("to"))
        found = pos.data.memo[key] = tuple(
            (icon, gained.get(icon, 0) - (1 if icon == source else 0)) for icon in ICONS
            if gained.get(icon, 0) - (1 if icon == source else 0) > 0)
    return found


def _slot_part(pos: Position, seat: int) -> tuple[Term, ...]:
    player = pos.players[seat]
    key = ("slots", pos.ai["board"] if player.is_ai else None, tuple(player.covered))
    found: tuple[Term, ...] | None = pos.data.memo.get(key)
    if found is None:
        found = pos.data.memo[key] = tuple(_slot_abilities(pos, seat))
    return found


def _card_part(pos: Position, seat: int) -> list[Term]:
    player = pos.players[seat]
    out: list[Term] = []
    if not player.is_ai:
        for card_id in player.spaces:
            if card_id:
                out.extend(_card_ongoing(pos, seat, card_id))
    ext = pos.ext
    if pos.leader == seat and "leader_card" in ext:          # VG-7.1; the AI: VP only (VG-9.3)
        if not player.is_ai:
            out.extend(flatten(pos.data.leaders[ext["leader_card"]].ability))
    elif pos.leader == seat:
        out.extend(flatten(pos.data.castle.leader.ability))
    for ribbon in player.bonus:
        out.extend(flatten(pos.data.cleric_bonus[ribbon].ability))
    if ext.get("owned"):
        for public in ext["owned"][seat]:                       # VK-5.4
            out.extend(flatten(pos.data.public_buildings[public].ongoing))
    if "builders" in ext and not player.is_ai:                 # VG-6.2; the AI: VG-9.3
        for card, owner in ext["builders"]:
            if owner == seat:
                out.extend(resolve_conditions(pos, seat, pos.data.builder_cards[card].ability))
    return out


def _card_ongoing(pos: Position, seat: int, card_id: str) -> tuple[Term, ...] | list[Term]:
    """A card's ongoing abilities; memoised unless an ``if_board`` makes them vary."""
    key = ("ongoing", card_id)
    found: tuple[Term, ...] | None = pos.data.memo.get(key)
    if found is not None:
        return found
    ongoing = pos.data.cards[card_id].ongoing
    if any(t.name == "if_board" for t in ongoing.walk()):
        return resolve_conditions(pos, seat, ongoing)
    found = pos.data.memo[key] = tuple(resolve_conditions(pos, seat, ongoing))
    return found


def _starting_icons(pos: Position, seat: int) -> Mapping[str, Mapping[str, int]]:
    if pos.players[seat].is_ai:
        return pos.data.ai_boards[pos.ai["board"]].starting_icons
    return pos.data.player_board.starting_icons


def _slot_abilities(pos: Position, seat: int) -> list[Term]:
    player = pos.players[seat]
    if player.is_ai:
        board = pos.data.ai_boards[pos.ai["board"]]
        return [t for i, t in enumerate(board.slot_abilities) if not player.covered[i]]
    return [t for i, slot in enumerate(pos.data.player_board.slots)
            if not player.covered[i] for t in flatten(slot.ability)]


def resolve_conditions(pos: Position, seat: int, term: Term) -> list[Term]:
    """The abilities of ``term`` whose ``if_board`` conditions hold now (VB-10.3)."""
    out = []
    for part in flatten(term):
        if part.name == "if_board":
            if board_has_kind(pos, seat, part.word(0)):
                out.extend(resolve_conditions(pos, seat, part.sub(1)))
        else:
            out.append(part)
    return out


def board_has_kind(pos: Position, seat: int, kind: str) -> bool:
    """True if a card of ``kind`` (kings_order, outsider) is in the card spaces."""
    return any(c and pos.data.cards[c].kind == kind for c in pos.players[seat].spaces)
