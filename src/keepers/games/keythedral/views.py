"""Per-player views (KT-13): the public table plus the viewer's own screen.

Also which decisions are public (KT-13.3): the others are secret (a law
poll must not show who holds a playable card, KT-4.14), and a view shows a
secret decision only to its decider.  While a seat is polled, every other seat
sees the table as it would be had that seat held no playable card: the poll
answered ``pass`` on a copy, up to the next decision it may see (a public one,
or its own).  So no view tells a poll from no poll; a card played is then
announced like any play.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from keepers.core.game import LazyView, detached, view_tables
from keepers.core.i18n import t
from keepers.games.keythedral import flow
from keepers.games.keythedral.data import COLOURS, FIELD_TYPES
from keepers.games.keythedral.rules.mat import face_up
from keepers.games.keythedral.rules.scoring import scores, winners
from keepers.games.keythedral.state import Position

RECENT_EVENTS = 40
PUBLIC_KINDS = frozenset({
    "field", "cottage", "marker", "place", "crop", "turn", "pay", "add", "remove", "style",
    "as", "final", "relay", "bid", "first",
})
"""Decision kinds everyone may see being asked (not ``law`` and ``veto``)."""
SECRET_PASSES = 200
"""Secret polls answered ``pass`` on a copy before a view gives up looking further
(a round polls each seat a few times per window; 200 is far beyond any)."""


def prompt(kind: str) -> str:
    """The player-facing prompt of a decision kind, in the current language."""
    return t(f"keythedral.prompt.{kind}")


def cubes_by_colour(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    """Cubes by colour name, as a view shows them (colours held only)."""
    return {COLOURS[c]: k for c, k in enumerate(counts) if k}


_TILE_COSTS: dict[tuple[int, ...], dict[str, int]] = {}
"""Each printed cost as cubes by colour, made once (views get copies)."""


def _tile_cost(cost: tuple[int, ...]) -> dict[str, int]:
    cubes = _TILE_COSTS.get(cost)
    if cubes is None:
        cubes = _TILE_COSTS[cost] = cubes_by_colour(cost)
    return dict(cubes)


def _mat(position: Position) -> list[dict[str, Any]]:
    """KT-13.1/13.3: costs of face-down tiles stay hidden; values are public."""
    tiles = position.data.tiles
    price_cards = position.price_cards
    rows = []
    for r, row in enumerate(position.rows):
        up = face_up(position, r)
        spaces: list[dict[str, Any]]
        if up:
            spaces = [{"tile": tile, "cost": None if tile is None else _tile_cost(tiles[tile].cost),
                       "price_cards": []} for tile in row]
        else:
            spaces = [{"tile": None if tile is None else "?", "cost": None, "price_cards": []}
                      for tile in row]
        for (card_row, i), cards in price_cards.items():
            if card_row == r and cards:
                spaces[i]["price_cards"] = list(cards)
        rows.append({"value": position.data.row_values[r], "face_up": up, "spaces": spaces,
                     "unused": len(position.unused[r])})
    return rows


def build_view(position: Position, player: int | None,
               legal_actions: Callable[[], list[str]]) -> dict[str, Any]:
    """Everything ``player`` may see; ``None`` is a spectator with no screen.

    ``legal_actions`` gives the pending decision's options (asked only when
    ``player`` decides).  During a secret poll of another seat, the view is that of
    the table once the poll has passed (KT-4.14).
    """
    return lazy_view(position, player, legal_actions).whole()


def lazy_view(position: Position, player: int | None,
              legal_actions: Callable[[], list[str]]) -> LazyView:
    """The entries of :func:`build_view`, each computed when first read (a bot pays
    only for those it reads)."""
    seen = seen_position(position, player)
    if seen is not position:
        legal_actions = partial(flow.options, seen)
    return LazyView(_PARTS[seen.over, player is not None], seen, player, legal_actions)


Part = Callable[[Position, "int | None", Callable[[], list[str]]], Any]
"""One entry of a view, from the position seen, the viewer and the legal options."""

_TABLE: dict[str, Part] = {
    "game": lambda p, player, legal: "keythedral",
    "viewer": lambda p, player, legal: player,
    "players": lambda p, player, legal: p.n,
    "colours": lambda p, player, legal: list(p.data.player_colours[: p.n]),
    "round": lambda p, player, legal: p.round,
    "phase": lambda p, player, legal: p.phase,
    "first": lambda p, player, legal: p.first,
    "over": lambda p, player, legal: p.over,
    "fields": lambda p, player, legal: sorted(
        [x, y, FIELD_TYPES[t]] for (x, y), t in p.fields.items()),
    "tiles": lambda p, player, legal: sorted(
        [x, y, o, n, h] for (x, y), (o, n, h) in p.tiles.items()),
    "fences": lambda p, player, legal: sorted(
        [a, b, c, d, o] for ((a, b), (c, d)), o in p.fences.items()),
    "workers": lambda p, player, legal: sorted([x, y, o] for (x, y), o in p.workers.items()),
    "markers": lambda p, player, legal: list(p.markers),
    "store": lambda p, player, legal: cubes_by_colour(p.store),
    "craftsmen": lambda p, player, legal: cubes_by_colour(p.craftsmen),
    "mat": lambda p, player, legal: _mat(p),
    "law_deck": lambda p, player, legal: len(p.deck),
    "law_spaces": lambda p, player, legal: [card is not None for card in p.law_spaces],
    "discard": lambda p, player, legal: list(p.discard),
    "field_stack": lambda p, player, legal: len(p.field_stack),
    "drawn_field": lambda p, player, legal: (FIELD_TYPES[p.data.field_type_of[p.drawn]]
                                             if p.drawn else None),
    "cards_held": lambda p, player, legal: [len(h) for h in p.hands],
    "fences_left": lambda p, player, legal: list(p.fences_left),
    "cottages_unlaid": lambda p, player, legal: [sum(1 for x in row if x is None)
                                                 for row in p.tile_slot],
    "purchase": lambda p, player, legal: _purchase(p),
    "effects": lambda p, player, legal: _effects(p),
    "decision": lambda p, player, legal: _decision(p, player, legal),
    "events": lambda p, player, legal: detached(p.events(RECENT_EVENTS)),
}
_OVER: dict[str, Part] = {
    "scores": lambda p, player, legal: scores(p),
    "winners": lambda p, player, legal: winners(p),
    "owned": lambda p, player, legal: [list(o) for o in p.owned],
}
_SCREEN: dict[str, Part] = {"you": lambda p, player, legal: _screen(p, player or 0)}
"""Only a seated viewer's view has this entry (so ``player`` is a seat)."""
_PARTS = view_tables(_TABLE, _OVER, _SCREEN)
"""The view's entries, by whether the game is over and whether the viewer has a seat."""


def _purchase(position: Position) -> dict[str, Any] | None:
    """The purchase under way (KT-8), if any: buyer, tile, style and price."""
    if position.purchase is None:
        return None
    buyer, row, idx, style, void = position.purchase
    return {"buyer": buyer, "tile": position.rows[row][idx], "style": style,
            "price": cubes_by_colour(position.price) if position.price else None}


def _decision(position: Position, player: int | None,
              legal_actions: Callable[[], list[str]]) -> dict[str, Any] | None:
    """The pending decision as ``player`` may see it (KT-13.3): a secret one only by its
    decider, with the options only for the decider."""
    pending = position.pending
    if pending is None or not (pending.kind in PUBLIC_KINDS or pending.player == player):
        return None
    decision: dict[str, Any] = {"player": pending.player, "kind": pending.kind,
                                "prompt": prompt(pending.kind)}
    if pending.player == player:
        decision["legal"] = legal_actions()
    return decision


def _screen(position: Position, player: int) -> dict[str, Any]:
    """What behind ``player``'s own screen only they see (KT-13.2)."""
    return {
        "seat": player,
        "cubes": cubes_by_colour(position.stocks[player]),
        "hand": sorted(position.hands[player]),
        "tiles": list(position.owned[player]),
        "workers": position.data.workers - sum(1 for o in position.workers.values()
                                               if o == player),
        "fences": position.fences_left[player],
    }


def seen_position(position: Position, player: int | None) -> Position:
    """KT-4.14: the position ``player`` may see: this one, unless another seat is being
    asked a secret decision; then a copy where every secret decision that ``player``
    may not see is answered ``pass``, up to one it may see (or the end of the game).

    A secret decision that cannot be passed (an exposed card must be played, KT-12.10)
    stops the search: who holds an exposed card is public.
    """
    pending = position.pending
    if pending is None or pending.kind in PUBLIC_KINDS or pending.player == player:
        return position
    seen = position.copy()
    for _ in range(SECRET_PASSES):
        pending = seen.pending
        if pending is None or pending.kind in PUBLIC_KINDS or pending.player == player:
            break
        if "pass" not in flow.options(seen):
            break
        flow.play(seen, "pass")
    return seen


def _effects(position: Position) -> dict[str, Any]:
    """Round effects of law cards already played (public, KT-13.3)."""
    out: dict[str, Any] = {}
    if position.workorder is not None:
        out["work_order"] = position.workorder
    if position.moratorium is not None:
        out["moratorium"] = position.moratorium
    if position.trespass:
        out["trespass"] = sorted(position.trespass)
    if position.renumber:
        out["renumber"] = sorted([p, m, n] for (p, m), n in position.renumber.items())
    if position.crop_choice:
        out["crop_choice"] = {str(p): FIELD_TYPES[t] for p, t in position.crop_choice.items()}
    if position.hard_worker:
        out["hard_worker"] = sorted(position.hard_worker)
    if position.bumper:
        out["bumper_crop"] = sorted(FIELD_TYPES[t] for t in position.bumper)
    if position.blight:
        out["blight"] = sorted(FIELD_TYPES[t] for t in position.blight)
    return out
