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
from typing import Any

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


def _cubes(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {COLOURS[c]: k for c, k in enumerate(counts) if k}


def _mat(position: Position) -> list[dict[str, Any]]:
    """KT-13.1/13.3: costs of face-down tiles stay hidden; values are public."""
    rows = []
    for r, row in enumerate(position.rows):
        up = face_up(position, r)
        spaces = []
        for i, tile in enumerate(row):
            space: dict[str, Any] = {"tile": None, "cost": None,
                                     "price_cards": list(position.price_cards.get((r, i), ()))}
            if tile is not None and up:
                space["tile"] = tile
                space["cost"] = _cubes(position.data.tiles[tile].cost)
            elif tile is not None:
                space["tile"] = "?"
            spaces.append(space)
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
    seen = seen_position(position, player)
    if seen is not position:
        return build_view(seen, player, lambda: flow.options(seen))
    pending = position.pending
    shown_decider = None
    if pending is not None and (pending.kind in PUBLIC_KINDS or pending.player == player):
        shown_decider = pending.player
    view: dict[str, Any] = {
        "game": "keythedral",
        "viewer": player,
        "players": position.n,
        "colours": list(position.data.player_colours[: position.n]),
        "round": position.round,
        "phase": position.phase,
        "first": position.first,
        "over": position.over,
        "fields": sorted([x, y, FIELD_TYPES[t]] for (x, y), t in position.fields.items()),
        "tiles": sorted([x, y, o, n, h] for (x, y), (o, n, h) in position.tiles.items()),
        "fences": sorted([a, b, c, d, o] for ((a, b), (c, d)), o in position.fences.items()),
        "workers": sorted([x, y, o] for (x, y), o in position.workers.items()),
        "markers": list(position.markers),
        "store": _cubes(position.store),
        "craftsmen": _cubes(position.craftsmen),
        "mat": _mat(position),
        "law_deck": len(position.deck),
        "law_spaces": [card is not None for card in position.law_spaces],
        "discard": list(position.discard),
        "field_stack": len(position.field_stack),
        "drawn_field": (FIELD_TYPES[position.data.field_type_of[position.drawn]]
                        if position.drawn else None),
        "cards_held": [len(h) for h in position.hands],
        "fences_left": list(position.fences_left),
        "cottages_unlaid": [sum(1 for x in row if x is None) for row in position.tile_slot],
        "purchase": None,
        "effects": _effects(position),
        "decision": None,
        "events": [list(e) for e in position.events(RECENT_EVENTS)],
    }
    if position.purchase is not None:
        buyer, row, idx, style, void = position.purchase
        view["purchase"] = {"buyer": buyer, "tile": position.rows[row][idx], "style": style,
                            "price": _cubes(position.price) if position.price else None}
    if pending is not None and shown_decider is not None:
        view["decision"] = {"player": shown_decider, "kind": pending.kind,
                            "prompt": prompt(pending.kind)}
        if shown_decider == player:
            view["decision"]["legal"] = legal_actions()
    if position.over:
        view["scores"] = scores(position)
        view["winners"] = winners(position)
        view["owned"] = [list(o) for o in position.owned]
    if player is not None:
        view["you"] = {
            "seat": player,
            "cubes": _cubes(position.stocks[player]),
            "hand": sorted(position.hands[player]),
            "tiles": list(position.owned[player]),
            "workers": position.data.workers - sum(1 for o in position.workers.values()
                                                   if o == player),
            "fences": position.fences_left[player],
        }
    return view


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
