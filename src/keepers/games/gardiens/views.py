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

from typing import Any

from keepers.core.game import JsonDict, detached
from keepers.games.gardiens.rules import board, cards, scoring, seats
from keepers.games.gardiens.state import NONE, Position

PUBLIC_CTX = ("S", "T", "k", "acard", "dcard", "magic", "card", "give", "get", "proposer")


def make_view(st: Position, player: int | None) -> JsonDict:
    """GR-20.8: public information + the viewer's own items + Watchtower sights."""
    view: JsonDict = {
        "game": "gardiens",
        "players": st.n,
        "you": player,
        "you_colour": st.colour(player) if player is not None else None,
        "coop": st.coop,
        "options": dict(st.options),
        "round": st.round,
        "first_player": st.colour(seats.first_player(st)),
        "active": st.colour(st.active),
        "board": board_view(st),
        "seats": [seat_view(st, p) for p in range(st.n)],
        "supply": dict(zip(st.data.resources, st.supply, strict=True)),
        "building_supply": {b.key: st.bsupply[i] for i, b in enumerate(st.data.buildings)},
        "river": list(st.river),
        "discard": list(st.discard),
        "deck_size": len(st.deck),
        "event_deck_size": len(st.events),
        "event_discard": list(st.event_discard),
        "round_effect": st.round_effect or None,
        "last_combat": detached(st.last_combat) if st.last_combat else None,
        "decision": decision_view(st),
        "over": st.over,
    }
    if player is not None:
        view["hand"] = list(st.hands[player])
        view["objectives"] = objective_view(st, player)
        view["visible_hands"] = visible_hands(st, player)
        view["private"] = private_pending(st, player)
    if st.over:
        view["result"] = result_view(st)
    return view


def board_view(st: Position) -> list[dict[str, Any]]:
    """Every hex: kind, printed resource, owner, guardians, building, Shadows."""
    colours = [st.colour(p) for p in range(st.n)]
    keys = [b.key for b in st.data.buildings]
    resources = st.data.resources
    shadows: dict[int, list[str]] = {}
    for i, pos in enumerate(st.shadow_pos):
        shadows.setdefault(pos, []).append(st.layout.shadow_ids[i])
    out = []
    for info, owner, count, building, protect, near in zip(
            st.layout.hexes, st.owner, st.count, st.building, st.protect,
            st.layout.adjacent_labels, strict=True):
        out.append({
            "hex": info.label, "q": info.q, "r": info.r, "kind": info.kind,
            "resource": resources[info.resource] if info.resource >= 0 else None,
            "owner": colours[owner] if owner != NONE else None,
            "guardians": count,
            "building": keys[building] if building != NONE else None,
            "shadows": list(shadows.get(info.index, ())),
            "protected": protect != NONE and protect == owner,  # see Position.is_protected
            "adjacent": list(near),
        })
    return out


def seat_view(st: Position, p: int) -> dict[str, Any]:
    """Public items of one player (GR-20.1)."""
    ally, banked, public = st.ally[p], scoring.banked(st, p), scoring.public_vp(st, p)
    return {
        "colour": st.colour(p), "seat": st.seat(p), "home": st.label(st.home(p)),
        "cubes": dict(zip(st.data.resources, st.cubes[p], strict=True)),
        "reserve": st.reserve[p], "hand_size": len(st.hands[p]),
        "objective_cards": len(st.objectives[p]),
        "banked": banked, "territory_points": st.snap_hexes[p],
        "citadel_points": public - banked - st.snap_hexes[p],
        "public_vp": public, "combats_won": st.combats_won[p],
        "building_types": list(st.types_built[p]), "trade_actions": st.trades[p],
        "ally": st.colour(ally) if ally != NONE else None,
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
