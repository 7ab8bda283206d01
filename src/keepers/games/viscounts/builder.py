"""Viscounts positions set up in the rules' own terms, for tests and bug reports.

:func:`position` lays out a table the way a person would describe it: the cards in each
player's hand, draw pile, discard pile and card spaces (by id), their silver and
resources, corruption and virtue markers, debts and deeds, where each Viscount stands (by
the printed number of its space), their workers in the castle (by section and tier,
``"A1"`` to ``"E3"``), the buildings on the board (by spot), the top of the townsfolk
and manuscript piles (by segment), the castle leader, and the moment the game waits at:
the start of a phase of a player's turn, maybe with an effect for that player to resolve
first.

It starts from a seeded game whose setup takes every first choice (VB-5) and changes only
what is named, so every component is still exactly once in the game (VB-1): a card named
is taken from wherever it is (a townsfolk pile, the hero or outsider deck or row, the box,
a zone not named), and a card that a named zone held and that is named nowhere leaves the
game, as a destroyed card does (VB-7.4); workers come from the supply, debts and deeds
from the piles above the poverty and prosperity cards (VB-8.1).

The result goes through the same checks as a position file, so a builder position is
always one the game can play on::

    >>> from keepers.games.viscounts import builder
    >>> s = builder.position(2, turn=0, phase="action", viscounts={0: "4"},
    ...                      spaces={0: ["TF-B-aristocrat", "TF-S-thief", None]},
    ...                      purse={0: {"silver": 3, "gold": 0}})
    >>> s.decision().player, s.position.phase, "action trade" in s.legal_actions()
    (0, 'action', True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from keepers.core.errors import KeepersError, RecordError
from keepers.games.viscounts import flow
from keepers.games.viscounts.effects import parse_effect
from keepers.games.viscounts.game import ViscountsGame, ViscountsState
from keepers.games.viscounts.model import RESOURCE_KEYS, Player, new_geometry
from keepers.games.viscounts.rules import effects, turns
from keepers.games.viscounts.rules.concepts import gates_on, keys_on
from keepers.games.viscounts.rules.effects import slot_index, slot_type
from keepers.games.viscounts.rules.setup import finish_setup
from keepers.games.viscounts.serial import position_from_dict, position_to_dict
from keepers.games.viscounts.state import Position

BySeat = Mapping[int, Any]
AI_PHASES = (None, "ai", "collision")
"""The solo AI's turn: its start (the schemes, VS-2) and its collision (VS-2.5)."""
ZONES = ("hand", "draw", "discard", "spaces")
"""A person's card zones, as :class:`~keepers.games.viscounts.model.Player` names them."""


def position(players: int = 2, *, seed: int = 1, expansions: str = "none",
             ai: str = "cleric", ring: Sequence[int] | None = None, rotation: int | None = None,
             round: int = 1, last_round: int = 0, start: int | None = None,
             turn: int | None = None, phase: str | None = None, distance: int = 0,
             effect: str | None = None,
             hands: Mapping[int, Sequence[str]] | None = None,
             draws: Mapping[int, Sequence[str]] | None = None,
             discards: Mapping[int, Sequence[str]] | None = None,
             spaces: Mapping[int, Sequence[str | None]] | None = None,
             purse: Mapping[int, Mapping[str, int]] | None = None,
             markers: Mapping[int, tuple[int, int]] | None = None,
             debts: Mapping[int, tuple[int, int]] | None = None,
             deeds: Mapping[int, tuple[int, int]] | None = None,
             debts_above_poverty: int | None = None, deeds_above_prosperity: int | None = None,
             viscounts: Mapping[int, str] | None = None,
             castle: Mapping[int, Mapping[str, int]] | None = None,
             buildings: Mapping[str, tuple[int, str]] | None = None,
             townsfolk_tops: Mapping[int, str] | None = None,
             manuscript_tops: Mapping[int, str] | None = None,
             manuscripts: Mapping[int, Sequence[str]] | None = None,
             boards: Mapping[int, str] | None = None,
             leader: int | None = None) -> ViscountsState:
    """A game of ``players`` (1: solo against the AI, player 1) in ``round``, at the start of
    ``phase`` of ``turn``'s turn (by default the start of the start player's turn).

    ``phase`` is ``"manage"`` (the cards shift right first, VB-6.1), ``"move"`` (the
    Viscount moves ``distance`` spaces, VB-6.2), ``"action"``, ``"recruit"``,
    ``"collision"`` or ``"draw"``; the AI's turn has its start and ``"collision"``.
    ``effect`` (an effect text such as ``"destroy(1)"`` or ``"gain(silver=2)"``) resolves
    for that player before the phase goes on.  ``last_round`` is the last round once the end is
    triggered (VB-8.2), ``start`` the start player (VB-5.6).  ``ring`` lays the segments
    clockwise (1-5, VB-3.1) and ``rotation`` turns the castle: the section beside ring
    position p is the (p + rotation) mod 5-th, A first (VB-4.1.2).

    Per player: ``hands``, ``draws`` and ``discards`` (tops last) and ``spaces`` (card
    spaces 1-3, None when empty) hold exactly the cards named; ``purse`` sets silver,
    ink, gold and stone; ``markers`` the (corruption, virtue) track positions (VB-2.5);
    ``debts`` (unpaid, paid) and ``deeds`` (acquired, approved), taken from (or given
    back to) the piles above the poverty and prosperity cards unless
    ``debts_above_poverty`` and ``deeds_above_prosperity`` name what those piles hold;
    ``viscounts`` the printed number of the space each Viscount stands on (``"5.5"``,
    VB-3.1.3); ``castle`` the workers on castle places (``{"A1": 2}``: section A, lowest
    tier; VB-4); ``manuscripts`` the manuscripts each player holds.  ``buildings`` maps
    spots (``"2b"``) to the owner and the slot its building leaves (``"WS1"``; the AI's
    ``"AI1"``...), or a public building (``"PB-workshop"``, Keeper of Keys).
    ``townsfolk_tops`` and ``manuscript_tops`` put a card or manuscript on top of the
    pile beside a segment (1-5).  ``boards`` deals Gates of Gold manuscript boards
    (``"MB1"``) with their starting manuscripts (VG-2.1).
    Raises :class:`RecordError` in one line naming what the components cannot make.
    """
    pos = _set_up(players, seed, expansions, ai)
    _lay_ring(pos, ring, rotation)
    _deal(pos, {"hand": hands, "draw": draws, "discard": discards, "spaces": spaces})
    for seat, board in (boards or {}).items():
        _deal_board(pos, _seat(pos, seat, "boards"), board)
    for segment, card in (townsfolk_tops or {}).items():
        _top(pos, segment, card)
    for seat, held in (manuscripts or {}).items():
        _hold_manuscripts(pos, _seat(pos, seat, "manuscripts"), held)
    for segment, manuscript in (manuscript_tops or {}).items():
        _top_manuscript(pos, segment, manuscript)
    for seat, given in (purse or {}).items():
        _fill_purse(pos.players[_seat(pos, seat, "purse")], given, f"purse[{seat}]")
    for seat, (corruption, virtue) in (markers or {}).items():
        player = pos.players[_seat(pos, seat, "markers")]
        player.corruption, player.virtue = corruption, virtue
    for seat, (unpaid, paid) in (debts or {}).items():
        _give_debts(pos, _seat(pos, seat, "debts"), unpaid, paid, debts_above_poverty is None)
    for seat, (acquired, approved) in (deeds or {}).items():
        _give_deeds(pos, _seat(pos, seat, "deeds"), acquired, approved,
                    deeds_above_prosperity is None)
    _set_piles(pos, debts_above_poverty, deeds_above_prosperity)
    for seat, printed in (viscounts or {}).items():
        pos.players[_seat(pos, seat, "viscounts")].node = _node(pos, printed, seat)
    for seat, places in (castle or {}).items():
        _place_workers(pos, _seat(pos, seat, "castle"), places)
    for spot, (seat, building) in (buildings or {}).items():
        _build(pos, spot, _seat(pos, seat, "buildings"), building)
    if leader is not None:
        pos.leader = _seat(pos, leader, "leader")
    if start is not None:
        pos.start = _seat(pos, start, "start")
    _wait_at(pos, round, last_round, pos.start if turn is None else _seat(pos, turn, "turn"),
             phase, distance, effect)
    # the same checks as a position file: the builder never hands out an impossible table
    return ViscountsState.around(position_from_dict(pos.data, position_to_dict(pos)))


def _refuse(field: str, message: str) -> RecordError:
    return RecordError(f"bad Viscounts position: {field} {message}")


def _set_up(players: int, seed: int, expansions: str, ai: str) -> Position:
    """A seeded game whose setup took every first choice (the AI its own), before round 1
    begins: the piles built, no turn started (VB-5)."""
    try:
        state = ViscountsGame().new_state(players, seed, {"expansions": expansions, "ai": ai})
    except KeepersError as exc:
        raise RecordError(str(exc)) from None
    assert isinstance(state, ViscountsState)
    pos = state.position
    while pos.stack:
        task = pos.stack[-1]
        choice = flow.step(pos, task)
        if choice is None:
            continue
        if not choice.options:
            pos.stack.pop()
            continue
        decided = pos.players[choice.player].is_ai and len(choice.options) > 1
        flow.answer(pos, task, flow.HOOKS.decide(pos, choice) if decided else choice.options[0])
    finish_setup(pos)
    return pos


def _lay_ring(pos: Position, ring: Sequence[int] | None, rotation: int | None) -> None:
    """The segments in the order named and the castle turned (the piles stay in place)."""
    if ring is None and rotation is None:
        return
    arrangement = list(pos.geo.arrangement if ring is None else ring)
    if sorted(arrangement) != [1, 2, 3, 4, 5]:
        raise _refuse("ring", f"must name the segments 1 to 5 once each, not {arrangement}")
    if rotation is not None and rotation not in range(5):
        raise _refuse("rotation", f"must be a whole number from 0 to 4, not {rotation!r}")
    turned = pos.geo.rotation if rotation is None else rotation
    pos.geo = new_geometry(pos.data, arrangement, turned, pos.seats)


def _seat(pos: Position, seat: int, field: str) -> int:
    if type(seat) is not int or not 0 <= seat < len(pos.players):
        raise _refuse(field, f"names the player {seat!r}, not one from 0 to "
                             f"{len(pos.players) - 1}")
    return seat


# ------------------------------------------------------------------ cards (VB-2.2)
def _deal(pos: Position, named: Mapping[str, BySeat | None]) -> None:
    """Fill the named zones with exactly the cards named; what they held and is named
    nowhere leaves the game (VB-7.4)."""
    wanted = [(zone, _seat(pos, seat, _field(zone, seat)), list(cards))
              for zone, by_seat in named.items() for seat, cards in (by_seat or {}).items()]
    pool: list[str] = []
    for zone, seat, _ in wanted:
        player = _person(pos, seat, zone)
        pool += [card for card in getattr(player, zone) if card]
        setattr(player, zone, [None, None, None] if zone == "spaces" else [])
    places = {(seat, zone) for zone, seat, _ in wanted}
    for zone, seat, cards in wanted:
        if zone == "spaces" and len(cards) != 3:
            raise _refuse(_field(zone, seat), f"must name 3 card spaces, not {len(cards)}")
        for card in cards:
            if card is not None:
                _take(pos, card, pool, places, _field(zone, seat))
        setattr(pos.players[seat], zone, cards)
    pos.removed += pool


def _field(zone: str, seat: int) -> str:
    return f"{'spaces' if zone == 'spaces' else zone + 's'}[{seat}]"


def _person(pos: Position, seat: int, zone: str) -> Player:
    player = pos.players[seat]
    if player.is_ai:
        raise _refuse(_field(zone, seat), "names the solo AI, which holds schemes, not cards "
                                          "(VS-1)")
    return player


def _take(pos: Position, card: str, pool: list[str], named: set[tuple[int, str]],
          field: str) -> None:
    """Take a card from wherever it is: the named zones' old cards, the townsfolk piles
    (the bottom first), the decks and rows of the expansions, the box, a zone not named."""
    if card in pool:
        pool.remove(card)
        return
    if card == "KO" and gates_on(pos) and pos.ext["ko_pile"] > 0:      # VG-1.1
        pos.ext["ko_pile"] -= 1
        return
    ext = pos.ext
    sources = [*pos.tf_piles, *(ext[key] for key in ("hero_deck", "outsider_deck",
                                                      "hero_row", "outsider_row") if key in ext),
               pos.removed]
    sources += [getattr(player, zone) for player in pos.players if not player.is_ai
                for zone in ZONES if (player.seat, zone) not in named]
    for source in sources:
        if card in source:
            where = source.index(card)
            if any(source is player.spaces for player in pos.players):
                source[where] = None              # a card space stays, empty
            else:
                source.pop(where)
            return
    raise _refuse(field, f"names {card!r}, which is no card of this game or is dealt twice "
                         "(every card in one place, VB-2.2)")


def _top(pos: Position, segment: int, card: str) -> None:
    """Put a townsfolk card on top of the pile beside ``segment`` (VB-3.3), taken from the
    piles, the box or the expansions' decks and rows, never from a player."""
    pile = pos.tf_piles[_ring_position(pos, segment, "townsfolk_tops")]
    if card not in pos.data.townsfolk:
        raise _refuse(f"townsfolk_tops[{segment}]", f"names {card!r}, which is no "
                                                    "townsfolk card")
    players = {(player.seat, zone) for player in pos.players for zone in ZONES}
    _take(pos, card, [], players, f"townsfolk_tops[{segment}]")
    pile.append(card)


def _top_manuscript(pos: Position, segment: int, manuscript: str) -> None:
    """Put a manuscript on top of the pile beside ``segment``, from its pile (VB-3.3)."""
    pile = pos.ms_piles[_ring_position(pos, segment, "manuscript_tops")]
    source = next((p for p in pos.ms_piles if manuscript in p), None)
    if source is None:
        raise _refuse(f"manuscript_tops[{segment}]", f"names {manuscript!r}, which is no "
                                                     "manuscript left in a pile (VB-1.2)")
    source.remove(manuscript)
    pile.append(manuscript)


def _ring_position(pos: Position, segment: int, field: str) -> int:
    if segment not in pos.geo.arrangement:
        raise _refuse(field, f"names the segment {segment!r}, not one from 1 to 5")
    return pos.geo.arrangement.index(segment)


def _deal_board(pos: Position, seat: int, board: str) -> None:
    """A manuscript board and its starting manuscript for a person; a board another person
    held goes to them in exchange for theirs (VG-2.1)."""
    dealt: list[str | None] = pos.ext["boards"] if gates_on(pos) else [None] * len(pos.players)
    mine = dealt[seat]
    if board not in pos.data.manuscript_boards or mine is None:
        raise _refuse(f"boards[{seat}]", f"names {board!r}, not a manuscript board of a "
                                         "person in this game (VG-2.1)")
    if board in dealt:
        _swap_board(pos, dealt.index(board), board, mine)
    _swap_board(pos, seat, mine, board)


def _swap_board(pos: Position, seat: int, old: str, new: str) -> None:
    held = pos.players[seat].manuscripts
    held[held.index(f"{old}-S")] = f"{new}-S"
    pos.ext["boards"][seat] = new


def _hold_manuscripts(pos: Position, seat: int, held: Sequence[str]) -> None:
    """The player holds exactly ``held``; manuscripts given back go under a pile (VB-3.3)."""
    player = pos.players[seat]
    back, player.manuscripts = player.manuscripts, []
    for manuscript in held:
        others = [p.manuscripts for p in pos.players if p is not player]
        source = next((pile for pile in [back, *pos.ms_piles, *others]
                       if manuscript in pile), None)
        if source is None:
            raise _refuse(f"manuscripts[{seat}]", f"names {manuscript!r}, which is no "
                                                  "manuscript left in this game (VB-1.2)")
        source.remove(manuscript)
        player.manuscripts.append(manuscript)
    shortest = min(pos.ms_piles, key=len)
    shortest[:0] = back


# ------------------------------------------------------------------ players (VB-2)
def _fill_purse(player: Player, given: Mapping[str, int], field: str) -> None:
    for key, amount in given.items():
        if key not in RESOURCE_KEYS:
            raise _refuse(field, f"names {key!r}, not one of {', '.join(RESOURCE_KEYS)}")
        setattr(player, key, amount)


def _set_piles(pos: Position, debts: int | None, deeds: int | None) -> None:
    """The debts above the poverty card and the deeds above the prosperity card, as named
    (VB-8.1): the counts a table is described with, whatever the players took."""
    if debts is not None:
        pos.debt_above = debts
    if deeds is not None:
        pos.deed_above = deeds


def _give_debts(pos: Position, seat: int, unpaid: int, paid: int, from_pile: bool) -> None:
    """Debts come from the pile above the poverty card and go back to it (VB-8.1)."""
    player = pos.players[seat]
    more = unpaid + paid - player.debts_unpaid - player.debts_paid if from_pile else 0
    if more and more >= pos.debt_above:
        raise _refuse(f"debts[{seat}]", f"need {more} more debts, but {pos.debt_above} lie "
                                        "above the poverty card (VB-8.1)")
    pos.debt_above -= more
    player.debts_unpaid, player.debts_paid = unpaid, paid


def _give_deeds(pos: Position, seat: int, acquired: int, approved: int, from_pile: bool) -> None:
    """Deeds come from the pile above the prosperity card and go back to it (VB-8.1)."""
    player = pos.players[seat]
    if approved > acquired:
        raise _refuse(f"deeds[{seat}]", f"approve {approved} of {acquired} deeds acquired")
    more = acquired - player.deeds_acquired if from_pile else 0
    if more and more >= pos.deed_above:
        raise _refuse(f"deeds[{seat}]", f"need {more} more deeds, but {pos.deed_above} lie "
                                        "above the prosperity card (VB-8.1)")
    pos.deed_above -= more
    player.deeds_acquired, player.deeds_approved = acquired, approved


def _node(pos: Position, printed: str, seat: int) -> str:
    """The ring node of a printed space number (VB-3.1.3)."""
    try:
        return pos.geo.node_of(printed)
    except KeyError:
        raise _refuse(f"viscounts[{seat}]", f"names the space {printed!r}, which is not on "
                                            "the ring (VB-3.1.3)") from None


# ------------------------------------------------------------------ the board (VB-3, VB-4)
def _place_workers(pos: Position, seat: int, places: Mapping[str, int]) -> None:
    """Workers on castle places (``"B2"``: section B, middle tier), from the supply."""
    sections = pos.data.castle.sections
    player = pos.players[seat]
    for place, count in places.items():
        if len(place) != 2 or place[0] not in sections or place[1] not in "123":
            raise _refuse(f"castle[{seat}]", f"names the place {place!r}, not a section "
                                             f"{sections[0]}-{sections[-1]} and tier 1-3")
        section, tier = sections.index(place[0]), int(place[1]) - 1
        player.supply -= count - pos.castle[section][tier][seat]
        pos.castle[section][tier][seat] = count
        if player.supply < 0:
            raise _refuse(f"castle[{seat}]", "places more workers than the player has "
                                             f"({pos.data.player_board.workers}, VB-1.2)")


def _build(pos: Position, spot: str, seat: int, building: str) -> None:
    """A building on a spot: a player's own, leaving its slot, or a public one (VK-5)."""
    if spot not in {s.id for s in pos.geo.all_spots()} or spot in pos.spots:
        raise _refuse("buildings", f"names the spot {spot!r}, which is not a free spot of "
                                   "this board (VB-3.3)")
    if building in pos.data.public_buildings:
        if not keys_on(pos) or any(building in owned for owned in pos.ext["owned"]):
            raise _refuse(f"buildings[{spot!r}]", f"names {building}, not a public building "
                                                  "left in this game (VK-5)")
        pos.ext["owned"][seat].append(building)
        pos.spots[spot] = [seat, building]
        return
    player = pos.players[seat]
    try:
        index = slot_index(pos, seat, building)
    except (KeyError, ValueError):
        index = -1
    if not 0 <= index < len(player.covered) or not player.covered[index]:
        raise _refuse(f"buildings[{spot!r}]", f"names {building!r}, not a slot of player "
                                              f"{seat} still holding its building (VB-2.4)")
    player.covered[index] = False
    pos.spots[spot] = [seat, slot_type(pos, seat, index)]


# ------------------------------------------------------------------ the moment (VB-6)
def _wait_at(pos: Position, round: int, last_round: int, seat: int, phase: str | None,
             distance: int, effect: str | None) -> None:
    """Start the turn or one of its phases; an effect resolves first when one is named."""
    pos.round, pos.last_round = round, last_round
    pos.stack = []
    if pos.players[seat].is_ai and phase not in AI_PHASES:
        raise _refuse("phase", f"{phase!r} is a phase of a person's turn, not the AI's")
    if phase in (None, "manage", "ai"):
        turns.begin_turn(pos, seat)
    elif phase in turns.PHASES:
        pos.current, pos.phase, pos.turn = seat, phase, {"distance": distance}
        turns.begin_phase(pos, phase, seat)
    else:
        raise _refuse("phase", f"must be one of {', '.join(turns.PHASES)}, not {phase!r}")
    if effect is not None:
        try:
            effects.push(pos, seat, parse_effect(effect))
        except ValueError as exc:
            raise _refuse("effect", f"{effect!r} is not an effect ({exc})") from None
