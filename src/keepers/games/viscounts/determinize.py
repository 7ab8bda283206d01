"""Determinization: full positions sampled from what one seat may see (VB-2.2.1, VS-1.4).

A searching bot sees only its seat's view.  Its view carries ``table``
(:func:`search_view`, :func:`public_table`): the position in its file form
(``docs/positions.md``) with every item hidden from that seat replaced by ``"?"``, and
with no generator state and no event log.  Hidden are: the order of every draw pile and
the other players' hands (VB-2.2.1), the townsfolk and manuscripts under the top of each
pile (VB-5.2, VB-5.3), the hero deck, the chest pile and the face-down AI chests
(VK-2.6, VK-2.7, VK-7.1), the outsider deck (VG-3.4), and the solo AI's draw pile order
and future schemes (VS-1.4).  :func:`sampler` turns a view back into full positions:
each call deals the hidden items again at random.

What a player's hand and draw pile hold together is public: every card a player gains
arrives face up (a hire, a hero, an outsider, a king's order, a scheme of the AI) and
every card that leaves is shown (played, discarded or destroyed face up, VB-7.3, VB-7.4).
The table lists those cards, sorted, as ``concealed``: for the seat itself its draw
pile, for every other player (and the solo AI) hand and draw pile together.

The prior, uniform among the positions consistent with the view:

* each player's concealed cards are shuffled, the other players' split into hand and
  draw pile by the public counts; the seat keeps its own hand;
* the townsfolk no one can see (the deck in play less the tops, the players' cards and
  the cards removed) are shuffled under the tops of the five piles, each to its count;
  likewise the manuscripts under the tops;
* the hero deck, the chest pile, the outsider deck and the AI's future schemes are the
  components of their kind not seen anywhere, shuffled; the face-down AI chests are the
  AI chest tiles not face up, in random order;
* chance: a fresh generator from the sampler's own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from keepers.core.errors import KeepersError
from keepers.core.game import JsonDict, ViewMapping, detached
from keepers.core.rng import Rng
from keepers.games.viscounts.data import GameData, load_data
from keepers.games.viscounts.serial import position_from_dict, position_to_dict
from keepers.games.viscounts.state import Position

HIDDEN = "?"
"""A card, manuscript, tile or scheme the seat cannot see, in a table."""

DECKS = ("hero_deck", "chest_pile", "outsider_deck")
"""The face-down piles of the expansions (VK-2.6, VK-2.7, VG-3.4), in ``ext``."""


def search_view(position: Position, seat: int, view: JsonDict) -> JsonDict:
    """``seat``'s ``view`` with its ``table``: what a searching bot is handed."""
    return {**view, "table": public_table(position, seat)}


def public_table(position: Position, seat: int) -> JsonDict:
    """The position as ``seat`` may see it, in the position-file form, every hidden item
    ``"?"``; ``concealed`` lists each player's cards whose place the seat cannot see (see
    the module notes); no generator state, no event log."""
    table = position_to_dict(position)
    del table["rng"], table["log"]
    concealed: list[list[str]] = []
    for p, player in enumerate(table["players"]):
        mine = p == seat
        concealed.append(sorted(player["draw"] + ([] if mine else player["hand"])))
        player["draw"] = _hidden(len(player["draw"]))
        if not mine:
            player["hand"] = _hidden(len(player["hand"]))
    table["concealed"] = concealed
    for piles in ("tf_piles", "ms_piles"):
        table[piles] = [_hidden(len(pile) - 1) + pile[-1:] for pile in table[piles]]
    if "future" in table["ai"]:
        table["ai"]["future"] = _hidden(len(table["ai"]["future"]))
    ext = table.get("ext", {})
    for deck in DECKS:
        if deck in ext:
            ext[deck] = _hidden(len(ext[deck]))
    if "ai_chests" in ext:
        ext["ai_chests"] = [[tile if up else HIDDEN, up] for tile, up in ext["ai_chests"]]
    return table


def _hidden(count: int) -> list[str]:
    return [HIDDEN] * max(0, count)


def sampler(view: ViewMapping, seat: int,
            data: GameData | None = None) -> Callable[[Rng], Position]:
    """Return a function dealing full positions consistent with ``view`` (``seat``'s).

    The first deal is checked in full as a position file; later deals deal the hidden
    items of a copy anew.  KeepersError when the view carries no table, or when its
    counts do not add up.
    """
    table = view.get("table")
    if not isinstance(table, dict) or view.get("viewer") != seat:
        raise KeepersError(f"Viscounts: the view is not seat {seat}'s, or has no table")
    data = data or load_data()
    unseen = _Unseen(data, table, seat)
    raw = detached({k: v for k, v in table.items() if k != "concealed"})
    raw["rng"] = 0
    raw["log"] = list(view.get("log", []))       # public: the view shows it
    unseen.deal(Rng(0), shuffle=False).into_raw(raw)
    template = position_from_dict(data, raw)

    def deal(rng: Rng) -> Position:
        position = template.copy()
        unseen.deal(rng, shuffle=True).into_position(position)
        position.rng = Rng(rng.next64())
        return position

    return deal


class _Dealt(NamedTuple):
    """The hidden items of one deal, in the places of the table."""

    hands: list[list[str] | None]          # None: the hand the seat sees
    draws: list[list[str]]
    tf_under: list[list[str]]               # under each pile's top, bottom first
    ms_under: list[list[str]]
    decks: dict[str, list[str]]
    future: list[str] | None
    ai_chests: list[str]                    # the face-down AI chests, space 1 first

    def into_raw(self, raw: JsonDict) -> None:
        """Fill the table's hidden places (a position file once filled)."""
        for p, player in enumerate(raw["players"]):
            player["draw"] = self.draws[p]
            player["hand"] = self.hands[p] if self.hands[p] is not None else player["hand"]
        for piles, unders in (("tf_piles", self.tf_under), ("ms_piles", self.ms_under)):
            raw[piles] = [under + pile[-1:]
                          for under, pile in zip(unders, raw[piles], strict=True)]
        ext = raw.get("ext", {})
        ext.update(self.decks)
        if self.future is not None:
            raw["ai"]["future"] = self.future
        tiles = iter(self.ai_chests)
        for chest in ext.get("ai_chests", ()):
            if not chest[1]:
                chest[0] = next(tiles)

    def into_position(self, position: Position) -> None:
        """Deal into ``position``, a copy of the first deal (its containers its own)."""
        for p, player in enumerate(position.players):
            player.draw = self.draws[p]
            hand = self.hands[p]
            if hand is not None:
                player.hand = hand
        for piles, unders in ((position.tf_piles, self.tf_under),
                              (position.ms_piles, self.ms_under)):
            for index, under in enumerate(unders):
                piles[index] = under + piles[index][-1:]
        position.ext.update(self.decks)
        if self.future is not None:
            position.ai["future"] = self.future
        tiles = iter(self.ai_chests)
        for chest in position.ext.get("ai_chests", ()):
            if not chest[1]:
                chest[0] = next(tiles)


class _Unseen:
    """The components ``seat`` has not seen, and the places they may be."""

    def __init__(self, data: GameData, table: JsonDict, seat: int) -> None:
        self.seat = seat
        self.concealed: list[list[str]] = table["concealed"]
        self.hand_sizes = [None if s == seat else len(p["hand"])
                           for s, p in enumerate(table["players"])]
        self.draw_sizes = [len(p["draw"]) for p in table["players"]]
        for p, cards in enumerate(self.concealed):
            if len(cards) != self.draw_sizes[p] + (self.hand_sizes[p] or 0):
                raise KeepersError(f"Viscounts: player {p}'s concealed cards do not add up")
        self.tf_counts = [pile.count(HIDDEN) for pile in table["tf_piles"]]
        self.ms_counts = [pile.count(HIDDEN) for pile in table["ms_piles"]]
        sets = _sets(table)
        cards = self._seen_cards(table)
        self.townsfolk = _pool("townsfolk", _copies(data.townsfolk, sets), cards,
                               sum(self.tf_counts))
        self.manuscripts = _pool(
            "manuscripts", Counter(m.id for m in data.manuscripts.values() if m.set in sets),
            [m for pile in table["ms_piles"] for m in pile]
            + [m for player in table["players"] for m in player["manuscripts"]],
            sum(self.ms_counts))
        ext: JsonDict = table.get("ext", {})
        self.decks = self._decks(data, table, ext, sets, cards)
        self.future: list[str] | None = None
        if "future" in table["ai"]:
            self.future = _pool("future schemes", Counter(
                s.id for s in data.schemes.values() if s.deck == "future"),
                cards + list(table["removed"]), len(table["ai"]["future"]))
        self.ai_chests: list[str] = []
        if "ai_chests" in ext:
            chests = ext["ai_chests"]
            self.ai_chests = _pool("AI chests", Counter(
                t.id for t in data.chest_tiles.values() if t.set == "KeysAI"),
                [tile for tile, up in chests if up], sum(1 for _, up in chests if not up))

    def _seen_cards(self, table: JsonDict) -> list[str]:
        """Every deck card the table shows, in any place (the concealed ones included)."""
        seen = [c for cards in self.concealed for c in cards]
        for p, player in enumerate(table["players"]):
            seen += player["discard"] + [c for c in player["spaces"] if c]
            if p == self.seat:
                seen += player["hand"]
        seen += [pile[-1] for pile in table["tf_piles"] if pile]
        seen += [hero for _, hero in table["pairs"]] + list(table["removed"])
        ext = table.get("ext", {})
        for row in ("hero_row", "outsider_row"):
            seen += ext.get(row, [])
        return seen

    def _decks(self, data: GameData, table: JsonDict, ext: JsonDict, sets: tuple[str, ...],
               cards: list[str]) -> dict[str, list[str]]:
        decks: dict[str, list[str]] = {}
        if "hero_deck" in ext:
            heroes = Counter(h.id for h in data.heroes.values() if h.set in sets)
            wanted = len(ext["hero_deck"])
            # During setup the unpicked heroes wait in the box (VK-2.7): nothing to deal.
            decks["hero_deck"] = _pool("heroes", heroes, cards, wanted) if wanted else []
        if "chest_pile" in ext:
            tiles = Counter(t.id for t in data.chest_tiles.values() if t.set == "Keys")
            placed = [t for chests in ext["chests"] for t in chests if t]
            decks["chest_pile"] = _pool("chest tiles", tiles, ext["chest_row"] + placed
                                        + list(table["removed"]), len(ext["chest_pile"]))
        if "outsider_deck" in ext:
            outsiders = Counter(o.id for o in data.outsiders.values() if o.set in sets)
            decks["outsider_deck"] = _pool("outsiders", outsiders, cards,
                                           len(ext["outsider_deck"]))
        return decks

    def deal(self, rng: Rng, shuffle: bool) -> _Dealt:
        """One deal of every hidden item (in sorted order when not ``shuffle``)."""

        def mixed(items: list[str]) -> list[str]:
            items = items[:]
            if shuffle:
                rng.shuffle(items)
            return items

        hands: list[list[str] | None] = []
        draws: list[list[str]] = []
        for p, cards in enumerate(self.concealed):
            cards = mixed(cards)
            size = self.hand_sizes[p]
            hands.append(None if size is None else cards[:size])
            draws.append(cards if size is None else cards[size:])
        return _Dealt(hands, draws, _split(mixed(self.townsfolk), self.tf_counts),
                      _split(mixed(self.manuscripts), self.ms_counts),
                      {deck: mixed(items) for deck, items in self.decks.items()},
                      None if self.future is None else mixed(self.future),
                      mixed(self.ai_chests))


def _sets(table: JsonDict) -> tuple[str, ...]:
    """The card sets in play (VK-2.1, VG-3.1), as the rules' ``card_sets`` reads them."""
    chosen = str(table.get("ext", {}).get("expansions", "")).split(",")
    return ("Base", *(name for name, key in (("Keys", "keys"), ("Gates", "gates"))
                      if key in chosen))


def _copies(townsfolk: Any, sets: tuple[str, ...]) -> Counter[str]:
    """The neutral townsfolk deck of the sets in play (VB-5.2), by id."""
    return Counter({c.id: c.copies for c in townsfolk.values() if c.set in sets})


def _pool(what: str, expected: Counter[str], seen: Iterable[str], wanted: int) -> list[str]:
    """``expected`` less what is ``seen`` (ids of other kinds ignored), sorted; it must
    fill the ``wanted`` hidden places exactly."""
    left = expected.copy()
    for item in seen:
        if item in left:
            left[item] -= 1
    if any(count < 0 for count in left.values()):
        raise KeepersError(f"Viscounts: the view shows more {what} than the game has")
    pool = sorted(left.elements())
    if len(pool) != wanted:
        raise KeepersError(f"Viscounts: {len(pool)} {what} unseen, {wanted} hidden")
    return pool


def _split(items: list[str], counts: list[int]) -> list[list[str]]:
    out = []
    for count in counts:
        out.append(items[:count])
        items = items[count:]
    return out
