"""What a seat sees: a position with hidden information removed (``view``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from keepers.core.game import JsonDict, LazyView, view_tables
from keepers.games.viscounts.flow import Choice
from keepers.games.viscounts.rules.concepts import (
    adjacent_townsfolk,
    board_icons,
    gates_on,
    hand_limit,
    keys_on,
    unlocked_columns,
)
from keepers.games.viscounts.rules.gates import outsiders_owned
from keepers.games.viscounts.rules.scoring import final_scores
from keepers.games.viscounts.rules.turns import move_costs
from keepers.games.viscounts.state import Position


def player_view(pos: Position, seat: int, viewer: int | None) -> JsonDict:
    """What ``viewer`` may see of the player in ``seat``: their entry of the view's
    ``players``."""
    player = pos.players[seat]
    data = player.to_dict()
    data["draw"] = len(player.draw)                    # order and content hidden
    if viewer != seat:
        data["hand"] = len(player.hand)
    data["printed_spaces"] = [pos.geo.printed(player.node)] if player.node else []
    data["icons"] = board_icons(pos, seat)
    data["hand_limit"] = hand_limit(pos, seat)
    if keys_on(pos):
        data["chests"] = list(pos.ext["chests"][seat])            # VK-4.1
        data["public_buildings"] = list(pos.ext["owned"][seat])    # VK-5
        if player.is_ai:                  # face-down AI chests stay hidden (VK-7.1)
            data["ai_chests"] = [tile if up else "?" for tile, up in pos.ext["ai_chests"]]
    if gates_on(pos):
        data["manuscript_board"] = pos.ext["boards"][seat]                 # VG-2.1
        data["columns_unlocked"] = list(unlocked_columns(pos, seat))      # VG-2.2
        data["builder_cards"] = [c for c, owner in pos.ext["builders"] if owner == seat]
        if pos.phase in ("end", "over"):          # outsiders are public at the end (VG-8.5)
            data["outsiders"] = sorted(outsiders_owned(pos, seat))
    return data


def _gates_view(pos: Position) -> JsonDict:
    """The Gates of Gold components (VG-3): the outsider deck as a count."""
    ext = pos.ext
    return {"kings_orders": ext["ko_pile"], "outsider_row": list(ext["outsider_row"]),
            "outsider_deck": len(ext["outsider_deck"]), "castle_leader": ext["leader_card"],
            "builder_cards": {card: (None if owner < 0 else owner)
                              for card, owner in ext["builders"]},
            "ribbon_choices": {ms: colour for ms, colour in ext["ribbon_choice"]}}


def _keys_view(pos: Position) -> JsonDict:
    """The Keeper of Keys rows and piles (VK-2.6, VK-2.7): piles as counts."""
    ext = pos.ext
    return {"hero_row": list(ext["hero_row"]), "hero_deck": len(ext["hero_deck"]),
            "chest_row": list(ext["chest_row"]), "chest_pile": len(ext["chest_pile"]),
            "public_buildings": {b: next((s for s, o in enumerate(ext["owned"]) if b in o), None)
                                 for b in pos.data.public_buildings}}


def _ring_entry(pos: Position, p: int) -> JsonDict:
    """One ring position of a view: fixed parts come from the geometry's memo (copied)."""
    segment, section, trade, spot_ids, groups, numbers = _ring_static(pos, p)
    return {"position": p, "segment": segment, "section": section,
            "townsfolk_top": adjacent_townsfolk(pos, p),
            "townsfolk_left": len(pos.tf_piles[p]),
            "manuscript_top": pos.ms_piles[p][-1] if pos.ms_piles[p] else None,
            "manuscripts_left": len(pos.ms_piles[p]),
            "trade": dict(trade),
            "spots": {s: _spot(pos, s) for s in spot_ids},
            "groups": {k: list(v) for k, v in groups.items()},
            "numbers": dict(numbers)}


def _spot(pos: Position, spot: str) -> list[object] | None:
    """A spot's ``[owner, building]`` (a copy), or None while empty."""
    here = pos.spots.get(spot)
    return list(here) if here is not None else None


RingStatic = tuple[int, str, dict[str, str], tuple[str, ...], dict[str, tuple[str, ...]],
                   dict[str, str]]


def _ring_static(pos: Position, p: int) -> RingStatic:
    geo = pos.geo
    key = ("view_ring", p)
    found: RingStatic | None = geo.memo.get(key)
    if found is None:
        found = geo.memo[key] = (
            geo.segment_at(p), pos.data.castle.sections[geo.section_at(p)],
            {k: geo.trade_kind(f"{p}.{k}") for k in ("L", "R")},
            tuple(s.id for s in geo.spots(p)),
            {k: geo.group(f"{p}.{k}") for k in ("L", "R")},
            {k: geo.printed(f"{p}.{k}") for k in ("L", "R", "I")})
    return found


def build_view(pos: Position, choice: Choice | None, viewer: int | None) -> JsonDict:
    """What ``viewer`` may see (None: spectator) of a position waiting for ``choice``."""
    return lazy_view(pos, choice, viewer).whole()


def lazy_view(pos: Position, choice: Choice | None, viewer: int | None) -> LazyView:
    """The entries of :func:`build_view`, each computed when first read (a bot pays only
    for those it reads)."""
    return LazyView(_PARTS[keys_on(pos), gates_on(pos)], pos, choice, viewer)


Part = Callable[[Position, "Choice | None", "int | None"], Any]
"""One entry of a view, from the position, the pending choice and the viewer."""

_TABLE: dict[str, Part] = {
    "game": lambda pos, choice, viewer: "viscounts",
    "viewer": lambda pos, choice, viewer: viewer,
    "round": lambda pos, choice, viewer: pos.round,
    "last_round": lambda pos, choice, viewer: pos.last_round,
    "phase": lambda pos, choice, viewer: pos.phase,
    "current": lambda pos, choice, viewer: pos.current,
    "start": lambda pos, choice, viewer: pos.start,
    "decision": lambda pos, choice, viewer: _decision(pos, choice, viewer),
    "ring": lambda pos, choice, viewer: [_ring_entry(pos, p) for p in range(5)],
    "castle": lambda pos, choice, viewer: {name: [tier[:] for tier in pos.castle[i]]
                                           for i, name in enumerate(pos.data.castle.sections)},
    "leader": lambda pos, choice, viewer: pos.leader,
    "cleric_bonus": lambda pos, choice, viewer: dict(pos.cleric),
    "debts_above_poverty": lambda pos, choice, viewer: pos.debt_above,
    "deeds_above_prosperity": lambda pos, choice, viewer: pos.deed_above,
    "poverty_revealed": lambda pos, choice, viewer: pos.poverty,
    "prosperity_revealed": lambda pos, choice, viewer: pos.prosperity,
    "players": lambda pos, choice, viewer: [player_view(pos, s, viewer)
                                            for s in range(len(pos.players))],
    "scores": lambda pos, choice, viewer: [s.total for s in final_scores(pos)],
    "log": lambda pos, choice, viewer: pos.log[-8:],
}
_KEYS: dict[str, Part] = {"keys": lambda pos, choice, viewer: _keys_view(pos)}
_GATES: dict[str, Part] = {"gates": lambda pos, choice, viewer: _gates_view(pos)}
_PARTS = view_tables(_TABLE, _KEYS, _GATES)
"""The view's entries, by which expansions are in play (Keeper of Keys, Gates of Gold)."""


def _decision(pos: Position, choice: Choice | None, viewer: int | None) -> JsonDict | None:
    """The pending decision; its options (and a move's costs) only for its decider."""
    if choice is None:
        return None
    decision: JsonDict = {"player": choice.player, "kind": choice.kind, "prompt": choice.prompt}
    if viewer == choice.player:
        decision["options"] = list(choice.options)
        if choice.kind == "move":
            costs = move_costs(pos, choice.player)
            decision["costs"] = {f"move {pos.geo.printed(n)}": c for n, c in costs.items()}
    return decision
