"""The Viscounts position: board, players, turn and the task stack (VB-3 to VB-8).

Flow: the top task of ``stack`` either resolves by itself (pushing more tasks)
or asks a :class:`~keepers.games.viscounts.tasks.Choice`.  When the stack is
empty the turn moves to its next phase (VB-6).  Card effects always run through
:mod:`keepers.games.viscounts.interpreter`; this module holds the position and
the primitive operations the interpreter uses (gains, markers, piles, castle).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from keepers.core.rng import Rng
from keepers.games.viscounts.data import CardDef, GameData, Manuscript
from keepers.games.viscounts.effects import ICONS, Term, parse_icons
from keepers.games.viscounts.model import TRACK_MAX, TRACK_MIN, Geometry, Player
from keepers.games.viscounts.tasks import Choice, Task, flatten

ACTION_ICON = {"trade": "merchant", "build": "builder", "workers": "noble",
               "transcribe": "cleric"}
ACTION_PAYMENT = {"trade": "silver", "build": "stone", "workers": "gold", "transcribe": "ink"}
ROUND_CAP = 60
MEMO_LIMIT = 100_000      # entries of a shared memo before the memos are emptied


class Profile:
    """Values derived from one player's ongoing abilities (immutable once built).

    ``abilities`` maps (slots, cards) to the ability tuple of
    :meth:`Core.abilities`; ``icons`` is the board icon count.  Other derived
    values are computed on first use and kept in ``memo``.
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


class Texts(dict[str, str]):
    """Option texts ``"<verb> <word>"`` by word, each built once (a missing word builds it).

    Options such as ``"play TF-S-abbot"`` are asked for almost every decision
    over a few hundred card ids: looking them up is cheaper than formatting.
    """

    def __init__(self, verb: str) -> None:
        super().__init__()
        self.verb = verb

    def __missing__(self, word: str) -> str:
        text = self[word] = f"{self.verb} {word}"
        return text


# A seat's last profile: copies of its spaces, covered slots and bonus cards,
# whether it leads the castle, its AI board (None for a person), the profile.
LastProfile = tuple[list[str | None], list[bool], list[str], bool, Any, Profile]

# clockwise() and others_from() by (number of players, seat).
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}
_OTHERS: dict[tuple[int, int], tuple[int, ...]] = {}

# Ring position of each node id ("3.L" -> 3); node ids are the same on every ring.
_POSITIONS: dict[str, int] = {}


def _pack(icons: Mapping[str, int]) -> int:
    """Icon counts as one integer, 8 bits per icon in ICONS order (see _board_icons)."""
    return sum(icons.get(icon, 0) << (8 * i) for i, icon in enumerate(ICONS))


# Where the packed icon total of the card spaces sits in a profile key (see Core.profile).
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


class Core:
    """Position data and primitive rule operations shared by the interpreter and phases.

    Speed note: in the pure Python engine, CPython keeps up to 29 instance
    attributes in a compact layout that makes every ``self.x`` cheap, as long
    as ``__dict__`` is never read; a position has that many, so add attributes
    sparingly (a test checks it).  Compiled, they are fields of a C struct.
    """

    capped = False          # set on the instance only when the round cap ends a game

    def __init__(self, data: GameData, geo: Geometry, players: list[Player], seats: int,
                 rng: Rng, source: Core | None = None) -> None:
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
        # Last profile per seat and the lists it was built from (see profile()).
        self._profiles: list[LastProfile | None] = [None] * len(players)

    # ------------------------------------------------------------------ copying
    def copy_into(self, other: Core) -> None:
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
        other._profiles = self._profiles[:]

    # ------------------------------------------------------------------ cards and icons
    def card(self, card_id: str) -> CardDef:
        """Card definition by id."""
        return self.data.cards[card_id]

    def manuscript(self, ms_id: str) -> Manuscript:
        """Manuscript by id."""
        return self.data.manuscripts[ms_id]

    # Everything derived from a player's ongoing abilities depends only on
    # which abilities are active and on the icon totals.  :meth:`profile`
    # memoises those derived values in ``data.memo`` under a key made of what
    # decides them: the revealed slots, the cards in the spaces that *have*
    # ongoing abilities (most have none), the icon total of the spaces, castle
    # leadership, the cleric bonus cards and (for the AI) its board.  Boards
    # that differ only in cards without abilities share one profile, so most
    # turns find theirs already built, in this game or an earlier one.
    #
    # On top of that, each state remembers the last profile of every seat with
    # copies of the lists it was built from (``_profiles``): it is asked for
    # about ten times per turn while the board rarely changes, and comparing
    # the lists is much cheaper than building and hashing the memo key.  The
    # copies are compared by content, so changing the lists anywhere (rules,
    # tests, loaded positions) is always seen.
    def profile(self, seat: int) -> Profile:
        """The memoised ability profile of a player's current board."""
        player = self.players[seat]
        board = self.ai["board"] if player.is_ai else None
        leads = self.leader == seat
        last = self._profiles[seat]
        if last is not None and last[0] == player.spaces and last[1] == player.covered \
                and last[2] == player.bonus and last[3] == leads and last[4] == board:
            return last[5]
        key = self._profile_key(seat, leads, board)
        memo = self.data.memo
        found: Profile | None = memo.get(key)
        if found is None:
            if len(memo) > MEMO_LIMIT or len(self.data.board.memo) > MEMO_LIMIT:
                _forget(self.data)
            found = memo[key] = self._build_profile(seat, key[PROFILE_KEY_ICONS])
        self._profiles[seat] = (player.spaces[:], player.covered[:], player.bonus[:], leads,
                                board, found)
        return found

    def _profile_key(self, seat: int, leads: bool, board: Any) -> tuple[Any, ...]:
        """What decides a profile (see above); equal keys give equal profiles."""
        player = self.players[seat]
        icons = 0
        active: list[str] = []
        conditional = False
        for index, card_id in enumerate(player.spaces):
            if card_id:
                packed, has_ongoing, has_condition = self._space_part(player.is_ai, card_id)
                icons += packed
                if has_ongoing:
                    active.append(card_id)
                    conditional = conditional or has_condition
            elif index:
                icons += self._starting_packed(seat, index)
        # An if_board ability depends on the kinds of every card in the spaces.
        kinds = tuple(self.card(c).kind if c else "" for c in player.spaces) \
            if conditional else ()
        return ("profile", icons, tuple(player.covered), tuple(active), kinds, leads,
                tuple(player.bonus), board)

    def _space_part(self, is_ai: bool, card_id: str) -> tuple[int, bool, bool]:
        """A card in a space: packed printed icons, has ongoing abilities, has if_board."""
        key = ("space", is_ai, card_id)
        found: tuple[int, bool, bool] | None = self.data.memo.get(key)
        if found is None:
            if is_ai:
                found = (_pack(self.data.schemes[card_id].header_icons), False, False)
            else:
                ongoing = self.card(card_id).ongoing
                names = {t.name for t in ongoing.walk()}
                found = (_pack(self.card(card_id).icons), names != {"none"},
                         "if_board" in names)
            self.data.memo[key] = found
        return found

    def _starting_packed(self, seat: int, index: int) -> int:
        """Packed starting icons of an empty card space 2 or 3 (``index`` 1 or 2)."""
        return _pack(self._starting_icons(seat)[("space2", "space3")[index - 1]])

    def _build_profile(self, seat: int, space_icons: int) -> Profile:
        # abilities(seat, slots, cards) is the slot part (when slots) followed by
        # the card part (when cards), so two parts give all four variants.
        slot_part = self._slot_part(seat)
        card_part = tuple(self._card_part(seat))
        both = slot_part + card_part
        return Profile({(True, True): both, (True, False): slot_part,
                        (False, True): card_part, (False, False): ()},
                       _board_icons(space_icons, both))

    def _slot_part(self, seat: int) -> tuple[Term, ...]:
        player = self.players[seat]
        key = ("slots", self.ai["board"] if player.is_ai else None, tuple(player.covered))
        found: tuple[Term, ...] | None = self.data.memo.get(key)
        if found is None:
            found = self.data.memo[key] = tuple(self._slot_abilities(seat))
        return found

    def _card_part(self, seat: int) -> list[Term]:
        player = self.players[seat]
        out: list[Term] = []
        if not player.is_ai:
            for card_id in player.spaces:
                if card_id:
                    out.extend(self._card_ongoing(seat, card_id))
        if self.leader == seat:
            out.extend(flatten(self.data.castle.leader.ability))
        for ribbon in player.bonus:
            out.extend(flatten(self.data.cleric_bonus[ribbon].ability))
        return out

    def _card_ongoing(self, seat: int, card_id: str) -> tuple[Term, ...] | list[Term]:
        """A card's ongoing abilities; memoised unless an ``if_board`` makes them vary."""
        key = ("ongoing", card_id)
        found: tuple[Term, ...] | None = self.data.memo.get(key)
        if found is not None:
            return found
        ongoing = self.card(card_id).ongoing
        if any(t.name == "if_board" for t in ongoing.walk()):
            return self._resolve_conditions(seat, ongoing)
        found = self.data.memo[key] = tuple(self._resolve_conditions(seat, ongoing))
        return found

    def icons(self, seat: int) -> dict[str, int]:
        """Icons on a player's board (VB-2.2.2, VB-2.4.4; AI: VS-4.1)."""
        return dict(self.profile(seat).icons)

    def _starting_icons(self, seat: int) -> Mapping[str, Mapping[str, int]]:
        if self.players[seat].is_ai:
            return self.data.ai_boards[self.ai["board"]].starting_icons
        return self.data.player_board.starting_icons

    def starting_icons(self, seat: int) -> dict[str, dict[str, int]]:
        """Starting icons of card spaces 2 and 3 (player board or AI board)."""
        if self.players[seat].is_ai:
            board = self.data.ai_boards[self.ai["board"]]
            return {k: dict(v) for k, v in board.starting_icons.items()}
        return {k: dict(v) for k, v in self.data.player_board.starting_icons.items()}

    def criminals(self, seat: int, collision: bool = False) -> int:
        """Criminal icons on the board (in a collision less ``ignore_criminal``, VK-R15)."""
        profile = self.profile(seat)
        count = profile.icons["criminal"]
        if collision:
            count = max(0, count - profile.total("ignore_criminal"))
        return count

    def abilities(self, seat: int, slots: bool = True, cards: bool = True) -> list[Term]:
        """Active ongoing abilities (VB-7.17).

        ``slots``: revealed player-board slots; ``cards``: cards in the card spaces,
        the castle leader and cleric bonus cards.
        """
        return list(self.profile(seat).abilities[slots, cards])

    def _slot_abilities(self, seat: int) -> list[Term]:
        player = self.players[seat]
        if player.is_ai:
            board = self.data.ai_boards[self.ai["board"]]
            return [t for i, t in enumerate(board.slot_abilities) if not player.covered[i]]
        return [t for i, slot in enumerate(self.data.player_board.slots)
                if not player.covered[i] for t in flatten(slot.ability)]

    def _resolve_conditions(self, seat: int, term: Term) -> list[Term]:
        out = []
        for part in flatten(term):
            if part.name == "if_board":
                if self.board_has_kind(seat, part.word(0)):
                    out.extend(self._resolve_conditions(seat, part.sub(1)))
            else:
                out.append(part)
        return out

    def board_has_kind(self, seat: int, kind: str) -> bool:
        """True if a card of ``kind`` (kings_order, outsider) is in the card spaces."""
        return any(c and self.card(c).kind == kind for c in self.players[seat].spaces)

    def modifier_total(self, seat: int, name: str) -> int:
        """Sum of an integer modifier over active abilities (extra_move, hand_size...)."""
        return self.profile(seat).total(name)

    def has_modifier(self, seat: int, name: str) -> bool:
        """True if an ability named ``name`` is active."""
        return name in self.profile(seat).names

    def hand_limit(self, seat: int) -> int:
        """Hand limit (VB-2.6.1)."""
        return self.data.player_board.hand_limit + self.profile(seat).total("hand_size")

    def order_from(self, seat: int) -> list[int]:
        """All players clockwise starting with ``seat`` (VB-0.5)."""
        n = len(self.players)
        return [(seat + i) % n for i in range(n)]

    def clockwise(self, seat: int) -> tuple[int, ...]:
        """:meth:`order_from` as a shared tuple (for the hot path: every castle, collision)."""
        key = (len(self.players), seat)
        found = _ORDERS.get(key)
        if found is None:
            found = _ORDERS[key] = tuple(self.order_from(seat))
        return found

    def others_from(self, seat: int) -> tuple[int, ...]:
        """``order_from(seat)[1:]`` as a shared tuple (every landing asks for it)."""
        key = (len(self.players), seat)
        found = _OTHERS.get(key)
        if found is None:
            found = _OTHERS[key] = self.clockwise(seat)[1:]
        return found

    # ------------------------------------------------------------------ triggers
    def fire(self, seat: int, trigger: str, slots: bool = True, cards: bool = True) -> None:
        """Push every active ``trigger`` ability of ``seat`` (first ability resolves first)."""
        for text in self.profile(seat).fired(trigger, slots, cards):
            self.stack.append(("eff", seat, text, ""))

    # ------------------------------------------------------------------ markers (VB-2.5)
    def gain_corruption(self, seat: int, amount: int) -> None:
        """Move the corruption marker right (both when stuck), bounded by the track."""
        player = self.players[seat]
        for _ in range(amount):
            if player.stuck():
                if player.virtue < TRACK_MAX:
                    player.corruption += 1
                    player.virtue += 1
            elif player.corruption < player.virtue:
                player.corruption += 1

    def gain_virtue(self, seat: int, amount: int) -> None:
        """Move the virtue marker left (both when stuck), bounded by the track."""
        player = self.players[seat]
        for _ in range(amount):
            if player.stuck():
                if player.corruption > TRACK_MIN:
                    player.corruption -= 1
                    player.virtue -= 1
            elif player.virtue > player.corruption:
                player.virtue -= 1

    # ------------------------------------------------------------------ debts and deeds (VB-8)
    def gain_debt(self, seat: int, amount: int) -> None:
        """Take debts from the pile (poverty reveal, VB-8.1) and fire on_gain_debt."""
        for _ in range(amount):
            if self.phase != "setup" and self.debt_above > 0:
                self.debt_above -= 1
                if self.debt_above == 0:
                    self.poverty = True
                    self._trigger_end("poverty")
            self.players[seat].debts_unpaid += 1
            self.fire(seat, "on_gain_debt")

    def gain_deed(self, seat: int, amount: int) -> None:
        """Take deeds from the pile (prosperity reveal, VB-8.1)."""
        for _ in range(amount):
            if self.phase != "setup" and self.deed_above > 0:
                self.deed_above -= 1
                if self.deed_above == 0:
                    self.prosperity = True
                    self._trigger_end("prosperity")
            self.players[seat].deeds_acquired += 1

    def _trigger_end(self, card: str) -> None:
        self.log.append(f"the {card} card is revealed")
        if self.last_round == 0:
            self.last_round = max(self.round, 1) + 1

    # ------------------------------------------------------------------ deck handling (VB-6.6)
    def shuffle_discard(self, seat: int) -> bool:
        """Mix the discard pile into the draw pile with the check (VB-6.6.3, VB-R13)."""
        player = self.players[seat]
        if not player.discard:
            return False
        player.draw.extend(player.discard)
        player.discard.clear()
        self.rng.shuffle(player.draw)
        self.shuffle_check(seat)
        return True

    def shuffle_check(self, seat: int) -> None:
        """1 corruption with a criminal on the board, else 1 virtue; then on_shuffle."""
        if self.criminals(seat) >= 1:
            self.gain_corruption(seat, 1)
        else:
            self.gain_virtue(seat, 1)
        self.fire(seat, "on_shuffle")

    def take_top(self, seat: int) -> str | None:
        """Take the top card of the draw pile, shuffling first if it is empty."""
        player = self.players[seat]
        if not player.draw:
            self.shuffle_discard(seat)
        return player.draw.pop() if player.draw else None

    def draw_cards(self, seat: int, amount: int) -> None:
        """Draw ``amount`` cards into hand (VB-7.7)."""
        player = self.players[seat]
        draw = player.draw
        if 0 < amount <= len(draw):          # no shuffle on the way: take them in one go
            top = draw[len(draw) - amount:]
            del draw[len(draw) - amount:]
            top.reverse()                    # the top card (the list's end) comes first
            player.hand.extend(top)
            return
        for _ in range(amount):
            card = self.take_top(seat)
            if card is None:
                return
            self.players[seat].hand.append(card)

    # ------------------------------------------------------------------ board lookups
    def position(self, seat: int) -> int:
        """Ring position of a player's Viscount."""
        node = self.players[seat].node
        found = _POSITIONS.get(node)
        if found is None:
            found = _POSITIONS[node] = int(node.split(".")[0])
        return found

    def adjacent_townsfolk(self, position: int) -> str:
        """Top card of a townsfolk pile, or the printed card when empty (VB-3.3.2)."""
        pile = self.tf_piles[position]
        return pile[-1] if pile else f"PRINTED-{self.geo.segment_at(position)}"

    def visible_townsfolk(self) -> list[tuple[int, str]]:
        """Hireable tops: (position, card id) for every non-empty pile (VB-3.3.1, VB-R04)."""
        return [(pos, pile[-1]) for pos, pile in enumerate(self.tf_piles) if pile]

    def _printed_manuscript_cost(self, position: int) -> int:
        """Cost of :meth:`printed_manuscript` without building it."""
        segment = self.data.board.segments[self.geo.segment_at(position) - 1]
        return segment.printed_manuscript.cost

    def printed_manuscript(self, position: int) -> Manuscript:
        """The manuscript printed under a pile, as a pseudo manuscript."""
        printed = self.data.board.segments[self.geo.segment_at(position) - 1].printed_manuscript
        return Manuscript(f"PRINTED-M{self.geo.segment_at(position)}", "Base", printed.cost,
                          "none", False, printed.immediate, Term("none"), "reconstructed")

    def remove_worker_counts(self, seat: int) -> int:
        """Workers of ``seat`` in the castle."""
        return sum(self.castle[s][t][seat] for s in range(5) for t in range(3))

    def own_spots(self, seat: int, kind: str | None = None) -> list[str]:
        """Spot ids holding the player's standard buildings (optionally of one type)."""
        return [s for s, (owner, btype) in self.spots.items()
                if owner == seat and (kind is None or btype == kind)]

    # ------------------------------------------------------------------ castle leader
    def check_leader(self, seat: int) -> None:
        """Award the castle leader card after a tier-3 arrival (VB-4.2.3)."""
        mine = sum(self.castle[s][2][seat] for s in range(5))
        if self.leader < 0:
            if mine > 0:
                self.leader = seat
            return
        if self.leader != seat and mine > sum(self.castle[s][2][self.leader] for s in range(5)):
            self.leader = seat

    # ------------------------------------------------------------------ choices
    def ask(self, seat: int, kind: str, prompt: str, options: list[str]) -> Choice:
        """Build a choice (options deduplicated, order kept)."""
        # tuple.__new__ skips the named tuple's Python-level __new__ (one per decision).
        return tuple.__new__(Choice, (seat, kind, prompt, tuple(dict.fromkeys(options))))

    def ask_distinct(self, seat: int, kind: str, prompt: str, options: tuple[str, ...]) -> Choice:
        """Build a choice from options already known to be distinct (no deduplication)."""
        return tuple.__new__(Choice, (seat, kind, prompt, options))
