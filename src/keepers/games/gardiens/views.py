"""Player views: public information plus the viewer's private items (GR-20).

A view is plain JSON::

    {"game": "gardiens", "players": N, "you": seat index or None, "you_colour": ...,
     "coop": bool, "options": {name: value, every option in force},
     "round": n, "first_player": colour (who starts the round), "active": colour,
     "board": [{"hex": "T15", "q", "r", "kind", "resource", "owner": colour|None,
                "guardians", "building", "shadows": [...], "protected", "adjacent": [...]}],
     "seats": [{"colour", "seat", "home", "cubes": {...}, "reserve", "hand_size",
                "objective_cards", "banked", "territory_points", "citadel_points",
                "public_vp", "combats_won", "building_types", "trade_actions", "ally",
                "hexes"}],
     "supply", "building_supply", "river", "discard", "deck_size", "event_deck_size",
     "event_discard", "round_effect", "last_combat", "decision": {"player", "kind",
     "context"}, "over",
     # for a player only:
     "hand": [...], "objectives": [{"id", "name", "text", "done"}],
     "visible_hands": {colour: [...]},
     "private": {"spied_hand": [...]} or {"peeked_events": [...]} or {},
     # at the end only:
     "result": {"reason", "winners", "scores", "objectives"}}

Deck orders, other players' hands (except through a Watchtower or in co-op) and
other players' objectives never appear.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from keepers.core.game import JsonDict, LazyView, detached, view_tables
from keepers.games.gardiens.data import Layout
from keepers.games.gardiens.rules import board, cards, scoring, seats
from keepers.games.gardiens.state import NONE, Position

PUBLIC_CTX = ("S", "T", "k", "acard", "dcard", "magic", "card", "give", "get", "proposer")


def make_view(st: Position, player: int | None) -> JsonDict:
    """GR-20.8: public information + the viewer's own items + Watchtower sights."""
    return lazy_view(st, player).whole()


def lazy_view(st: Position, player: int | None) -> GardiensView:
    """The entries of :func:`make_view`, each computed when first read (a bot pays only
    for those it reads)."""
    return GardiensView(st, player)


class GardiensView(LazyView):
    """A lazy view that also hands out one hex's or one seat's entry by itself, as a
    bot reads them: a decision reads a few hexes and seats, not the whole board and
    every seat.  The entries are those of ``board`` and ``seats`` (a test compares
    them), so the bot sees nothing more."""

    def __init__(self, st: Position, player: int | None) -> None:
        super().__init__(_PARTS[player is not None, st.over], st, player)
        self._position = st         # read only by the builders, as the entries' own

    def hexes_by_label(self) -> Mapping[str, dict[str, Any]]:
        """The ``board`` entries by hex label, each built when first read."""
        if dict.__contains__(self, "board"):    # already built whole: index it
            return {entry["hex"]: entry for entry in self["board"]}
        return HexViews(self._position)

    def seats_by_colour(self) -> Mapping[str, dict[str, Any]]:
        """The ``seats`` entries by colour, each built when first read."""
        if dict.__contains__(self, "seats"):
            return {entry["colour"]: entry for entry in self["seats"]}
        return SeatViews(self._position)


Part = Callable[[Position, "int | None"], Any]
"""One entry of a view, from the position and the viewer."""

_TABLE: dict[str, Part] = {
    "game": lambda st, player: "gardiens",
    "players": lambda st, player: st.n,
    "you": lambda st, player: player,
    "you_colour": lambda st, player: st.colour(player) if player is not None else None,
    "coop": lambda st, player: st.coop,
    "options": lambda st, player: dict(st.options),
    "round": lambda st, player: st.round,
    "first_player": lambda st, player: st.colour(seats.first_player(st)),
    "active": lambda st, player: st.colour(st.active),
    "board": lambda st, player: board_view(st),
    "seats": lambda st, player: seats_view(st),
    "supply": lambda st, player: dict(zip(st.data.resources, st.supply, strict=True)),
    "building_supply": lambda st, player: {b.key: st.bsupply[i]
                                           for i, b in enumerate(st.data.buildings)},
    "river": lambda st, player: list(st.river),
    "discard": lambda st, player: list(st.discard),
    "deck_size": lambda st, player: len(st.deck),
    "event_deck_size": lambda st, player: len(st.events),
    "event_discard": lambda st, player: list(st.event_discard),
    "round_effect": lambda st, player: st.round_effect or None,
    "last_combat": lambda st, player: detached(st.last_combat) if st.last_combat else None,
    "decision": lambda st, player: decision_view(st),
    "over": lambda st, player: st.over,
}
# Only a seated viewer's view has these entries (so ``player`` is a seat).
_SEATED: dict[str, Part] = {
    "hand": lambda st, player: list(st.hands[player or 0]),
    "objectives": lambda st, player: objective_view(st, player or 0),
    "visible_hands": lambda st, player: visible_hands(st, player or 0),
    "private": lambda st, player: private_pending(st, player or 0),
}
_RESULT: dict[str, Part] = {"result": lambda st, player: result_view(st)}
_PARTS = view_tables(_TABLE, _SEATED, _RESULT)
"""The view's entries, by whether the viewer has a seat and whether the game is over."""


_STATICS: dict[int, tuple[Layout, list[tuple[int, dict[str, Any], tuple[str, ...]]]]] = {}
"""Each map's hexes as (index, the printed part of its view entry, neighbours), made once
per map; the map is kept with them so that its id stays its own."""


def _statics(st: Position) -> list[tuple[int, dict[str, Any], tuple[str, ...]]]:
    found = _STATICS.get(id(st.layout))
    if found is None or found[0] is not st.layout:
        resources = st.data.resources
        found = _STATICS[id(st.layout)] = (st.layout, [
            (info.index, {"hex": info.label, "q": info.q, "r": info.r, "kind": info.kind,
                          "resource": resources[info.resource] if info.resource >= 0 else None,
                          "owner": None, "guardians": 0, "building": None, "shadows": [],
                          "protected": False, "adjacent": []}, near)
            for info, near in zip(st.layout.hexes, st.layout.adjacent_labels, strict=True)])
    return found[1]


def _board_parts(st: Position) -> tuple[list[str | None], list[str | None],
                                         dict[int, list[str]]]:
    """What every hex's entry reads, once per board: the owners' colours and the
    buildings' keys (an index NONE, -1, reads the last: None), the Shadows by hex."""
    colours: list[str | None] = [st.colour(p) for p in range(st.n)]
    colours.append(None)
    keys: list[str | None] = [b.key for b in st.data.buildings]
    keys.append(None)
    shadows: dict[int, list[str]] = {}
    for i, pos in enumerate(st.shadow_pos):
        shadows.setdefault(pos, []).append(st.layout.shadow_ids[i])
    return colours, keys, shadows


def board_view(st: Position) -> list[dict[str, Any]]:
    """Every hex: kind, printed resource, owner, guardians, building, Shadows."""
    colours, keys, shadows = _board_parts(st)
    out = []
    for (index, printed, near), owner, count, building, protect in zip(
            _statics(st), st.owner, st.count, st.building, st.protect, strict=True):
        entry = printed.copy()           # the printed keys, then the rest in their order
        entry["owner"] = colours[owner]
        entry["guardians"] = count
        entry["building"] = keys[building]
        entry["shadows"] = list(shadows[index]) if index in shadows else []
        entry["protected"] = protect != NONE and protect == owner  # see Position.is_protected
        entry["adjacent"] = list(near)
        out.append(entry)
    return out


class HexViews(dict[str, dict[str, Any]]):
    """The entries of :func:`board_view` by hex label, each built when first read (a
    bot deciding inside a search reads a few hexes, not the board); a label not on the
    map is a KeyError.  The same entries as the board's, made the same way (a test
    compares them)."""

    def __init__(self, st: Position) -> None:
        super().__init__()
        self.st = st
        self.statics = _statics(st)
        self.colours, self.building_keys, self.shadows = _board_parts(st)

    def __missing__(self, label: str) -> dict[str, Any]:
        st = self.st
        index = st.layout.by_label[label]
        _, printed, near = self.statics[index]
        owner, protect = st.owner[index], st.protect[index]
        entry = printed.copy()
        entry["owner"] = self.colours[owner]
        entry["guardians"] = st.count[index]
        entry["building"] = self.building_keys[st.building[index]]
        entry["shadows"] = list(self.shadows[index]) if index in self.shadows else []
        entry["protected"] = protect != NONE and protect == owner
        entry["adjacent"] = list(near)
        self[label] = entry
        return entry


class SeatViews(dict[str, dict[str, Any]]):
    """The entries of :func:`seats_view` by colour, each built when first read; a colour
    not in the game is a KeyError."""

    def __init__(self, st: Position) -> None:
        super().__init__()
        self.st = st

    def __missing__(self, colour: str) -> dict[str, Any]:
        player = self.st.player_of_colour(colour)
        if player == NONE:
            raise KeyError(colour)
        entry = self[colour] = seat_view(self.st, player)
        return entry


def seats_view(st: Position) -> list[dict[str, Any]]:
    """Public items of every player (GR-20.1), in engine order."""
    return [seat_view(st, p) for p in range(st.n)]


def seat_view(st: Position, p: int) -> dict[str, Any]:
    """Public items of player ``p``: its entry of :func:`seats_view`."""
    colours, resources, labels = st.data.colours, st.data.resources, st.layout.labels
    seat, ally = st.seat(p), st.ally[p]
    banked, public = scoring.banked(st, p), scoring.public_vp(st, p)
    return {
        "colour": colours[seat - 1], "seat": seat,
        "home": labels[st.layout.homes[seat - 1]],
        "cubes": dict(zip(resources, st.cubes[p], strict=True)),
        "reserve": st.reserve[p], "hand_size": len(st.hands[p]),
        "objective_cards": len(st.objectives[p]),
        "banked": banked, "territory_points": st.snap_hexes[p],
        "citadel_points": public - banked - st.snap_hexes[p],
        "public_vp": public, "combats_won": st.combats_won[p],
        "building_types": list(st.types_built[p]), "trade_actions": st.trades[p],
        "ally": colours[st.seat(ally) - 1] if ally != NONE else None,
        "hexes": st.owner.count(p),  # the hexes it controls
    }


def objective_view(st: Position, p: int) -> list[dict[str, Any]]:
    """The viewer's own objectives and their status (GR-20.2)."""
    return [{"id": oid, "name": st.data.objectives[oid].name,
             "text": st.data.objectives[oid].text, "done": st.achieved[p][i]}
            for i, oid in enumerate(st.objectives[p])]


def visible_hands(st: Position, p: int) -> dict[str, list[str]]:
    """Hands seen through Watchtowers, or all hands in co-op (GR-20.7).

    GR-29.4 ``watchtower=all``: controlling a Watchtower shows every opponent's hand;
    ``adjacent`` (GR-20.4): the hands of the opponents next to it.  Action cards only:
    objectives and decks stay hidden.
    """
    if st.coop:
        return {st.colour(q): list(st.hands[q]) for q in st.opponents(p)}
    tower = st.data.building_index["watchtower"]
    seen: set[int] = set()
    for h in board.controlled_shared(st, p):  # read only
        if st.building[h] == tower:
            if st.tower_all:
                return {st.colour(q): list(st.hands[q]) for q in sorted(st.opponents(p))}
            seen.update(st.owner[n] for n in st.layout.neighbours[h])
    seen.discard(NONE)
    seen.discard(p)
    return {st.colour(q): list(st.hands[q]) for q in sorted(seen)}


def private_pending(st: Position, p: int) -> dict[str, Any]:
    """One-time peeks of the viewer's own pending decision (GR-20.5)."""
    if st.decider != p or st.phase != "effect":
        return {}
    if st.ctx.get("step") == "discard" and "target" in st.ctx:
        return {"spied_hand": list(st.hands[st.ctx["target"]])}
    op = cards.current_op(st)
    if op["op"] == "peek_events":
        return {"peeked_events": cards.peeked_events(st, op)}
    return {}


def decision_view(st: Position) -> dict[str, Any] | None:
    """The pending decision and its public context."""
    if st.over:
        return None
    ctx = {k: detached(v) for k, v in st.ctx.items() if k in PUBLIC_CTX}
    for key in ("S", "T"):
        if key in ctx:
            ctx[key] = st.label(ctx[key])
    return {"player": st.colour(st.decider), "kind": st.phase, "context": ctx}


def result_view(st: Position) -> dict[str, Any]:
    """GR-20.6: at the end every objective is revealed with its status."""
    return {
        "reason": st.end_reason,
        "winners": [st.colour(p) for p in st.winners_list],
        "scores": {st.colour(p): s for p, s in enumerate(st.scores())},
        "objectives": {st.colour(p): objective_view(st, p) for p in range(st.n)},
    }
