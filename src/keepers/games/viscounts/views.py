"""Views with hidden information removed (``view``) and full position files (``to_dict``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from keepers.core.game import JsonDict
from keepers.core.rng import Rng
from keepers.games.viscounts.data import GameData
from keepers.games.viscounts.model import Player, new_geometry
from keepers.games.viscounts.scoring import final_scores

if TYPE_CHECKING:
    from keepers.games.viscounts.engine import Engine
    from keepers.games.viscounts.game import ViscountsState

_CORE_FIELDS = ("start", "current", "round", "phase", "leader", "debt_above", "deed_above",
                "poverty", "prosperity", "last_round", "over", "tf_piles", "ms_piles", "spots",
                "castle", "cleric", "removed", "turn", "pairs", "ai", "seats")


def _player_view(state: Engine, seat: int, viewer: int | None) -> JsonDict:
    player = state.players[seat]
    data = player.to_dict()
    data["draw"] = len(player.draw)                    # order and content hidden
    if viewer != seat:
        data["hand"] = len(player.hand)
    data["printed_spaces"] = [state.geo.printed(player.node)] if player.node else []
    data["icons"] = state.icons(seat)
    data["hand_limit"] = state.hand_limit(seat)
    return data


def _ring_entry(state: Engine, p: int) -> JsonDict:
    """One ring position of a view: fixed parts come from the geometry's memo (copied)."""
    segment, section, trade, spot_ids, groups, numbers = _ring_static(state, p)
    return {"position": p, "segment": segment, "section": section,
            "townsfolk_top": state.adjacent_townsfolk(p),
            "townsfolk_left": len(state.tf_piles[p]),
            "manuscript_top": state.ms_piles[p][-1] if state.ms_piles[p] else None,
            "manuscripts_left": len(state.ms_piles[p]),
            "trade": dict(trade),
            "spots": {s: state.spots.get(s) for s in spot_ids},
            "groups": {k: list(v) for k, v in groups.items()},
            "numbers": dict(numbers)}


RingStatic = tuple[int, str, dict[str, str], tuple[str, ...], dict[str, tuple[str, ...]],
                   dict[str, str]]


def _ring_static(state: Engine, p: int) -> RingStatic:
    geo = state.geo
    key = ("view_ring", p)
    found: RingStatic | None = geo.memo.get(key)
    if found is None:
        found = geo.memo[key] = (
            geo.segment_at(p), state.data.castle.sections[geo.section_at(p)],
            {k: geo.trade_kind(f"{p}.{k}") for k in ("L", "R")},
            tuple(s.id for s in geo.spots(p)),
            {k: geo.group(f"{p}.{k}") for k in ("L", "R")},
            {k: geo.printed(f"{p}.{k}") for k in ("L", "R", "I")})
    return found


def build_view(state: Engine, viewer: int | None) -> JsonDict:
    """What ``viewer`` may see (None: spectator)."""
    choice = state.pending()
    decision: JsonDict | None = None
    if choice is not None:
        decision = {"player": choice.player, "kind": choice.kind, "prompt": choice.prompt}
        if viewer == choice.player:
            decision["options"] = list(choice.options)
            if choice.kind == "move":
                costs = state.move_costs(choice.player)
                decision["costs"] = {f"move {state.geo.printed(n)}": c for n, c in costs.items()}
    return {
        "game": "viscounts",
        "viewer": viewer,
        "round": state.round,
        "last_round": state.last_round,
        "phase": state.phase,
        "current": state.current,
        "start": state.start,
        "decision": decision,
        "ring": [_ring_entry(state, p) for p in range(5)],
        "castle": {name: state.castle[i] for i, name in enumerate(state.data.castle.sections)},
        "leader": state.leader,
        "cleric_bonus": state.cleric,
        "debts_above_poverty": state.debt_above,
        "deeds_above_prosperity": state.deed_above,
        "poverty_revealed": state.poverty,
        "prosperity_revealed": state.prosperity,
        "players": [_player_view(state, s, viewer) for s in range(len(state.players))],
        "scores": [s.total for s in final_scores(state)],
        "log": state.log[-8:],
    }


def state_to_dict(state: Engine) -> JsonDict:
    """Full position: geometry, players, piles, stack, generator."""
    data: JsonDict = {name: getattr(state, name) for name in _CORE_FIELDS}
    data["capped"] = state.capped
    data["geometry"] = {"arrangement": list(state.geo.arrangement),
                        "rotation": state.geo.rotation}
    data["players"] = [p.to_dict() for p in state.players]
    data["stack"] = [list(t) for t in state.stack]
    data["rng"] = state.rng.state
    return data


def _task(item: Any) -> tuple[object, ...]:
    return tuple(tuple(x) if isinstance(x, list) else x for x in item)


def state_from_dict(data: GameData, raw: JsonDict) -> ViscountsState:
    """Rebuild a state from :func:`state_to_dict` output."""
    from keepers.games.viscounts.engine import new_engine
    from keepers.games.viscounts.game import ViscountsState

    seats = int(raw["seats"])
    state = new_engine(data, seats, 0, str(raw["ai"].get("board", "cleric")))
    geometry = raw["geometry"]
    state.geo = new_geometry(data, list(geometry["arrangement"]), int(geometry["rotation"]),
                             seats)
    for name in _CORE_FIELDS:
        setattr(state, name, raw[name])
    state.capped = bool(raw.get("capped", False))
    state.players = [Player.from_dict(p) for p in raw["players"]]
    state.stack = [_task(t) for t in raw["stack"]]
    state.rng = Rng(int(raw["rng"]))
    state.choice = None
    return ViscountsState.around(state)
