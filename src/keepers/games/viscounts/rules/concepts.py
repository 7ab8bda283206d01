"""Core concepts (VB-2) and the primitive operations every other rule uses.

Seat order (VB-0.5); icons and active ongoing abilities (VB-2.2.2, VB-2.4.4,
VB-7.17; the AI's VS-4.1), read from the cached profile of
:func:`~keepers.games.viscounts.state.profile_of`; triggers (VB-10.5); the
virtue and corruption markers (VB-2.5); the hand limit (VB-2.6.1); debts and
deeds taken from the piles, with the poverty and prosperity reveal (VB-2.3,
VB-8.1); deck handling (VB-6.6.3, VB-7.7); what a ring position touches
(VB-3.3); the Keeper of Keys rows and public buildings (VK-3.1, VK-4.1, VK-5).
"""

from __future__ import annotations

from keepers.games.viscounts.data import Leader, Manuscript
from keepers.games.viscounts.effects import Term
from keepers.games.viscounts.model import TRACK_MAX, TRACK_MIN
from keepers.games.viscounts.state import Position, profile_of

# clockwise() and others_from() by (number of players, seat).
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}
_OTHERS: dict[tuple[int, int], tuple[int, ...]] = {}

# Ring position of each node id ("3.L" -> 3); node ids are the same on every ring.
_POSITIONS: dict[str, int] = {}


def board_icons(pos: Position, seat: int) -> dict[str, int]:
    """Icons on a player's board (VB-2.2.2, VB-2.4.4; AI: VS-4.1)."""
    return dict(profile_of(pos, seat).icons)


def starting_icons(pos: Position, seat: int) -> dict[str, dict[str, int]]:
    """Starting icons of card spaces 2 and 3 (player board or AI board)."""
    if pos.players[seat].is_ai:
        board = pos.data.ai_boards[pos.ai["board"]]
        return {k: dict(v) for k, v in board.starting_icons.items()}
    return {k: dict(v) for k, v in pos.data.player_board.starting_icons.items()}


def criminal_count(pos: Position, seat: int, collision: bool = False) -> int:
    """Criminal icons on the board (in a collision less ``ignore_criminal``, VK-R15)."""
    profile = profile_of(pos, seat)
    count = profile.icons["criminal"]
    if collision:
        count = max(0, count - profile.total("ignore_criminal"))
    return count


def abilities(pos: Position, seat: int, slots: bool = True, cards: bool = True) -> list[Term]:
    """Active ongoing abilities (VB-7.17).

    ``slots``: revealed player-board slots; ``cards``: cards in the card spaces,
    the castle leader and cleric bonus cards.
    """
    return list(profile_of(pos, seat).abilities[slots, cards])


def modifier_total(pos: Position, seat: int, name: str) -> int:
    """Sum of an integer modifier over active abilities (extra_move, hand_size...)."""
    return profile_of(pos, seat).total(name)


def has_modifier(pos: Position, seat: int, name: str) -> bool:
    """True if an ability named ``name`` is active."""
    return name in profile_of(pos, seat).names


def hand_limit(pos: Position, seat: int) -> int:
    """Hand limit (VB-2.6.1)."""
    return pos.data.player_board.hand_limit + profile_of(pos, seat).total("hand_size")


def order_from(pos: Position, seat: int) -> list[int]:
    """All players clockwise starting with ``seat`` (VB-0.5)."""
    n = len(pos.players)
    return [(seat + i) % n for i in range(n)]


def clockwise(pos: Position, seat: int) -> tuple[int, ...]:
    """:func:`order_from` as a shared tuple (for the hot path: every castle, collision)."""
    key = (len(pos.players), seat)
    found = _ORDERS.get(key)
    if found is None:
        found = _ORDERS[key] = tuple(order_from(pos, seat))
    return found


def others_from(pos: Position, seat: int) -> tuple[int, ...]:
    """``order_from(seat)[1:]`` as a shared tuple (every landing asks for it)."""
    key = (len(pos.players), seat)
    found = _OTHERS.get(key)
    if found is None:
        found = _OTHERS[key] = clockwise(pos, seat)[1:]
    return found


# ------------------------------------------------------------------ triggers
def fire(pos: Position, seat: int, trigger: str, slots: bool = True, cards: bool = True) -> None:
    """Push every active ``trigger`` ability of ``seat`` (first ability resolves first)."""
    for text in profile_of(pos, seat).fired(trigger, slots, cards):
        pos.stack.append(("eff", seat, text, ""))


# ------------------------------------------------------------------ markers (VB-2.5)
def gain_corruption(pos: Position, seat: int, amount: int) -> None:
    """Move the corruption marker right (both when stuck), bounded by the track."""
    player = pos.players[seat]
    for _ in range(amount):
        if player.stuck():
            if player.virtue < TRACK_MAX:
                player.corruption += 1
                player.virtue += 1
        elif player.corruption < player.virtue:
            player.corruption += 1


def gain_virtue(pos: Position, seat: int, amount: int) -> None:
    """Move the virtue marker left (both when stuck), bounded by the track."""
    player = pos.players[seat]
    for _ in range(amount):
        if player.stuck():
            if player.corruption > TRACK_MIN:
                player.corruption -= 1
                player.virtue -= 1
        elif player.virtue > player.corruption:
            player.virtue -= 1


# ------------------------------------------------------------------ debts and deeds (VB-8)
def gain_debt(pos: Position, seat: int, amount: int) -> None:
    """Take debts from the pile (poverty reveal, VB-8.1) and fire on_gain_debt."""
    for _ in range(amount):
        if pos.phase != "setup" and pos.debt_above > 0:
            pos.debt_above -= 1
            if pos.debt_above == 0:
                pos.poverty = True
                _trigger_end(pos, "poverty")
        pos.players[seat].debts_unpaid += 1
        fire(pos, seat, "on_gain_debt")


def gain_deed(pos: Position, seat: int, amount: int) -> None:
    """Take deeds from the pile (prosperity reveal, VB-8.1)."""
    for _ in range(amount):
        if pos.phase != "setup" and pos.deed_above > 0:
            pos.deed_above -= 1
            if pos.deed_above == 0:
                pos.prosperity = True
                _trigger_end(pos, "prosperity")
        pos.players[seat].deeds_acquired += 1


def _trigger_end(pos: Position, card: str) -> None:
    pos.log.append(f"reveal -1 {card}")
    if pos.last_round == 0:
        pos.last_round = max(pos.round, 1) + 1


# ------------------------------------------------------------------ deck handling (VB-6.6)
def shuffle_discard(pos: Position, seat: int) -> bool:
    """Mix the discard pile into the draw pile with the check (VB-6.6.3, VB-R13)."""
    player = pos.players[seat]
    if not player.discard:
        return False
    player.draw.extend(player.discard)
    player.discard.clear()
    pos.rng.shuffle(player.draw)
    shuffle_check(pos, seat)
    return True


def shuffle_check(pos: Position, seat: int) -> None:
    """1 corruption with a criminal on the board, else 1 virtue; then on_shuffle."""
    if criminal_count(pos, seat) >= 1:
        gain_corruption(pos, seat, 1)
    else:
        gain_virtue(pos, seat, 1)
    fire(pos, seat, "on_shuffle")


def take_top(pos: Position, seat: int) -> str | None:
    """Take the top card of the draw pile, shuffling first if it is empty."""
    player = pos.players[seat]
    if not player.draw:
        shuffle_discard(pos, seat)
    return player.draw.pop() if player.draw else None


def draw_cards(pos: Position, seat: int, amount: int) -> None:
    """Draw ``amount`` cards into hand (VB-7.7)."""
    player = pos.players[seat]
    draw = player.draw
    if 0 < amount <= len(draw):          # no shuffle on the way: take them in one go
        top = draw[len(draw) - amount:]
        del draw[len(draw) - amount:]
        top.reverse()                    # the top card (the list's end) comes first
        player.hand.extend(top)
        return
    for _ in range(amount):
        card = take_top(pos, seat)
        if card is None:
            return
        pos.players[seat].hand.append(card)


# ------------------------------------------------------------------ board lookups
def seat_position(pos: Position, seat: int) -> int:
    """Ring position of a player's Viscount."""
    node = pos.players[seat].node
    found = _POSITIONS.get(node)
    if found is None:
        found = _POSITIONS[node] = int(node.split(".")[0])
    return found


def adjacent_townsfolk(pos: Position, position: int) -> str:
    """Top card of a townsfolk pile, or the printed card when empty (VB-3.3.2)."""
    pile = pos.tf_piles[position]
    return pile[-1] if pile else f"PRINTED-{pos.geo.segment_at(position)}"


def visible_townsfolk(pos: Position) -> list[tuple[int, str]]:
    """Hireable tops: (position, card id) for every non-empty pile (VB-3.3.1, VB-R04)."""
    return [(pos, pile[-1]) for pos, pile in enumerate(pos.tf_piles) if pile]


def printed_manuscript_cost(pos: Position, position: int) -> int:
    """Cost of :func:`printed_manuscript` without building it."""
    segment = pos.data.board.segments[pos.geo.segment_at(position) - 1]
    return segment.printed_manuscript.cost


def printed_manuscript(pos: Position, position: int) -> Manuscript:
    """The manuscript printed under a pile, as a pseudo manuscript."""
    printed = pos.data.board.segments[pos.geo.segment_at(position) - 1].printed_manuscript
    return Manuscript(f"PRINTED-M{pos.geo.segment_at(position)}", "Base", printed.cost,
                      "none", False, printed.immediate, Term("none"), "reconstructed")


def remove_worker_counts(pos: Position, seat: int) -> int:
    """Workers of ``seat`` in the castle."""
    return sum(pos.castle[s][t][seat] for s in range(5) for t in range(3))


def own_spots(pos: Position, seat: int, kind: str | None = None) -> list[str]:
    """Spot ids holding the player's standard buildings (optionally of one type)."""
    return [s for s, (owner, btype) in pos.spots.items()
            if owner == seat and (kind is None or btype == kind)]


# ------------------------------------------------------------------ Keeper of Keys (VK)
def keys_on(pos: Position) -> bool:
    """True when the Keeper of Keys expansion is in play (VK-2)."""
    return bool(pos.ext) and "owned" in pos.ext


def card_sets(pos: Position) -> tuple[str, ...]:
    """The card sets in play: the base game and each expansion (VK-2.1, VG-3.1)."""
    chosen = pos.ext.get("expansions", "") if pos.ext else ""
    return ("Base", *(s for s, key in (("Keys", "keys"), ("Gates", "gates"))
                      if key in chosen.split(",")))


def gates_on(pos: Position) -> bool:
    """True when the Gates of Gold expansion is in play (VG-3)."""
    return bool(pos.ext) and "ko_pile" in pos.ext


def refill_row(pos: Position, row: str, pile: str, size: int) -> None:
    """Refill a Keeper of Keys row from its face-down pile (VK-3.1, VK-4.1).

    New items enter at the left, so the right-most is the oldest (VK-7.2; kept in every
    game, it changes nothing for people); an empty pile leaves a gap (VK-R06).
    """
    items: list[str] = pos.ext[row]
    source: list[str] = pos.ext[pile]
    while len(items) < size and source:
        items.insert(0, source.pop())


def is_public(pos: Position, btype: str) -> bool:
    """True if a spot's building is a public building (VK-5)."""
    return btype in pos.data.public_buildings


def own_standard_spots(pos: Position, seat: int, kind: str | None = None) -> list[str]:
    """Spots holding the player's standard buildings only (VK-R03: not public ones)."""
    return [s for s, (owner, btype) in pos.spots.items()
            if owner == seat and not is_public(pos, btype)
            and (kind is None or btype == kind)]


# ------------------------------------------------------------------ Gates of Gold (VG)
def leader_card(pos: Position) -> Leader:
    """The castle leader card in play: the revealed Gates of Gold leader, else the base card
    (VG-3.2, VG-7.1)."""
    chosen = pos.ext.get("leader_card") if pos.ext else None
    return pos.data.leaders[chosen] if chosen else pos.data.castle.leader


def ribbon_of(pos: Position, ms_id: str) -> str:
    """A manuscript's ribbon; the any-ribbon one has the colour chosen when it was transcribed
    ("" while it has none, VG-2.4, VG-9.4)."""
    ribbon = pos.data.manuscripts[ms_id].ribbon
    if ribbon == "any":
        for chosen, colour in pos.ext.get("ribbon_choice", ()):
            if chosen == ms_id:
                return str(colour)
        return ""
    return ribbon


def ribbons(pos: Position, seat: int) -> list[str]:
    """The ribbons of a player's manuscripts (VB-6.3.7; the chosen colour of VG-2.4)."""
    return [ribbon_of(pos, m) for m in pos.players[seat].manuscripts]


def unlocked_columns(pos: Position, seat: int) -> tuple[bool, bool, bool, bool]:
    """Which columns of the player's manuscript board hold a manuscript (VG-2.2); column 1
    holds the starting manuscript.  All locked without a board (the AI, VG-9.1)."""
    boards: list[str | None] | None = pos.ext.get("boards") if pos.ext else None
    board = boards[seat] if boards is not None and seat < len(boards) else None
    if board is None:
        return NO_COLUMNS
    manuscripts = pos.players[seat].manuscripts
    if len(manuscripts) == 1:                       # the starting manuscript only
        return FIRST_COLUMN
    # Asked with every decision of a Gates turn: memoised by what decides it (the chosen
    # colours only matter, and are only looked at, once one was chosen).
    chosen: list[list[str]] = pos.ext["ribbon_choice"]
    key = ("columns", board, tuple(manuscripts), tuple(map(tuple, chosen)) if chosen else ())
    found: tuple[bool, bool, bool, bool] | None = pos.data.memo.get(key)
    if found is None:
        held = set(ribbons(pos, seat))
        colours = pos.data.manuscript_boards[board].colours
        found = pos.data.memo[key] = (True, colours[1] in held, colours[2] in held,
                                      colours[3] in held)
    return found


NO_COLUMNS = (False, False, False, False)
FIRST_COLUMN = (True, False, False, False)
