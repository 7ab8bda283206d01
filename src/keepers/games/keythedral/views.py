"""Per-player views (KT-13): the public table plus the viewer's own screen.

Also which decisions are public (KT-13.3): the others are secret (a law
poll must not show who holds a playable card, KT-4.14), and a view shows a
secret decision only to its decider.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from keepers.core.i18n import t
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


def prompt(kind: str) -> str:
    """The player-facing prompt of a decision kind, in the current language."""
    return t(f"keythedral.prompt.{kind}")


def _cubes(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {COLOURS[c]: k for c, k in enumerate(counts) if k}


def _mat(s: Position) -> list[dict[str, Any]]:
    """KT-13.1/13.3: costs of face-down tiles stay hidden; values are public."""
    rows = []
    for r, row in enumerate(s.rows):
        up = face_up(s, r)
        spaces = []
        for i, tile in enumerate(row):
            space: dict[str, Any] = {"tile": None, "cost": None,
                                     "price_cards": list(s.price_cards.get((r, i), ()))}
            if tile is not None and up:
                space["tile"] = tile
                space["cost"] = _cubes(s.data.tiles[tile].cost)
            elif tile is not None:
                space["tile"] = "?"
            spaces.append(space)
        rows.append({"value": s.data.row_values[r], "face_up": up, "spaces": spaces,
                     "unused": len(s.unused[r])})
    return rows


def build_view(s: Position, player: int | None,
               legal_actions: Callable[[], list[str]]) -> dict[str, Any]:
    """Everything ``player`` may see; ``None`` is a spectator with no screen.

    ``legal_actions`` gives the pending decision's options (asked only when
    ``player`` decides).
    """
    pending = s.pending
    shown_decider = None
    if pending is not None and (pending.kind in PUBLIC_KINDS or pending.player == player):
        shown_decider = pending.player
    view: dict[str, Any] = {
        "game": "keythedral",
        "viewer": player,
        "players": s.n,
        "colours": list(s.data.player_colours[: s.n]),
        "round": s.round,
        "phase": s.phase,
        "first": s.first,
        "over": s.over,
        "fields": sorted([x, y, FIELD_TYPES[t]] for (x, y), t in s.fields.items()),
        "tiles": sorted([x, y, o, n, h] for (x, y), (o, n, h) in s.tiles.items()),
        "fences": sorted([a, b, c, d, o] for ((a, b), (c, d)), o in s.fences.items()),
        "workers": sorted([x, y, o] for (x, y), o in s.workers.items()),
        "markers": list(s.markers),
        "store": _cubes(s.store),
        "craftsmen": _cubes(s.craftsmen),
        "mat": _mat(s),
        "law_deck": len(s.deck),
        "law_spaces": [card is not None for card in s.law_spaces],
        "discard": list(s.discard),
        "field_stack": len(s.field_stack),
        "drawn_field": FIELD_TYPES[s.data.field_type_of[s.drawn]] if s.drawn else None,
        "cards_held": [len(h) for h in s.hands],
        "fences_left": list(s.fences_left),
        "cottages_unlaid": [sum(1 for x in row if x is None) for row in s.tile_slot],
        "purchase": None,
        "effects": _effects(s),
        "decision": None,
        "events": [list(e) for e in s.events(RECENT_EVENTS)],
    }
    if s.purchase is not None:
        buyer, row, idx, style, void = s.purchase
        view["purchase"] = {"buyer": buyer, "tile": s.rows[row][idx], "style": style,
                            "price": _cubes(s.price) if s.price else None}
    if pending is not None and shown_decider is not None:
        view["decision"] = {"player": shown_decider, "kind": pending.kind,
                            "prompt": prompt(pending.kind)}
        if shown_decider == player:
            view["decision"]["legal"] = legal_actions()
    if s.over:
        view["scores"] = scores(s)
        view["winners"] = winners(s)
        view["owned"] = [list(o) for o in s.owned]
    if player is not None:
        view["you"] = {
            "seat": player,
            "cubes": _cubes(s.stocks[player]),
            "hand": sorted(s.hands[player]),
            "tiles": list(s.owned[player]),
            "workers": s.data.workers - sum(1 for o in s.workers.values() if o == player),
            "fences": s.fences_left[player],
        }
    return view


def _effects(s: Position) -> dict[str, Any]:
    """Round effects of law cards already played (public, KT-13.3)."""
    out: dict[str, Any] = {}
    if s.workorder is not None:
        out["work_order"] = s.workorder
    if s.moratorium is not None:
        out["moratorium"] = s.moratorium
    if s.trespass:
        out["trespass"] = sorted(s.trespass)
    if s.renumber:
        out["renumber"] = sorted([p, m, n] for (p, m), n in s.renumber.items())
    if s.crop_choice:
        out["crop_choice"] = {str(p): FIELD_TYPES[t] for p, t in s.crop_choice.items()}
    if s.hard_worker:
        out["hard_worker"] = sorted(s.hard_worker)
    if s.bumper:
        out["bumper_crop"] = sorted(FIELD_TYPES[t] for t in s.bumper)
    if s.blight:
        out["blight"] = sorted(FIELD_TYPES[t] for t in s.blight)
    return out
