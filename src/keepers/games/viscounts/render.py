"""Rich rendering of a view: rondel, castle tiers, player boards and the viewer's hand."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table

from keepers.core.game import JsonDict


def _ring_table(view: JsonDict) -> Table:
    table = Table(title=f"Round {view['round']} - phase {view['phase']}")
    for column in ("pos", "segment", "castle", "townsfolk (left)", "manuscript (left)",
                   "trade L/R", "spots", "viscounts"):
        table.add_column(column)
    for ring in view["ring"]:
        here = [str(p["seat"]) + ("*" if p["is_ai"] else "") for p in view["players"]
                if p["node"].startswith(f"{ring['position']}.")]
        spots = " ".join(f"{k}:{_building(v)}" for k, v in ring["spots"].items())
        table.add_row(str(ring["position"]), str(ring["segment"]), ring["section"],
                      f"{ring['townsfolk_top']} ({ring['townsfolk_left']})",
                      f"{ring['manuscript_top']} ({ring['manuscripts_left']})",
                      "/".join(ring["trade"].values()), spots, " ".join(here))
    return table


def _building(spot: Any) -> str:
    """Owner and type initial of a spot's building (public ones: ``P`` and the type)."""
    if not spot:
        return "-"
    owner, kind = spot
    if kind.startswith("PB-"):
        return f"{owner}P{kind.removeprefix('PB-')[0]}"
    return f"{owner}{kind[0]}"


def _keys_table(view: JsonDict) -> Table:
    """Keeper of Keys: hero row, chest row, chests and public buildings of each player."""
    keys = view["keys"]
    table = Table(title="Keeper of Keys")
    table.add_column("what")
    table.add_column("contents")
    table.add_row("hero row (deck)", f"{', '.join(keys['hero_row']) or '-'} "
                  f"({keys['hero_deck']})")
    table.add_row("chest row (pile)", f"{', '.join(keys['chest_row']) or '-'} "
                  f"({keys['chest_pile']})")
    for name, owner in keys["public_buildings"].items():
        table.add_row(name, "unbuilt" if owner is None else f"seat {owner}")
    for p in view["players"]:
        chests = p.get("ai_chests") or [c or "-" for c in p.get("chests", [])]
        table.add_row(f"seat {p['seat']} chests", " | ".join(chests))
    return table


def _gates_table(view: JsonDict) -> Table:
    """Gates of Gold: king's orders, outsider row, castle leader, builder cards, and each
    player's manuscript board with its unlocked columns (``+``) and builder cards."""
    gates = view["gates"]
    table = Table(title="Gates of Gold")
    table.add_column("what")
    table.add_column("contents")
    table.add_row("king's orders (pile)", str(gates["kings_orders"]))
    table.add_row("outsider row (deck)", f"{', '.join(gates['outsider_row']) or '-'} "
                  f"({gates['outsider_deck']})")
    table.add_row("castle leader", str(gates["castle_leader"]))
    for card, owner in gates["builder_cards"].items():
        table.add_row(f"builder card {card}", "unclaimed" if owner is None else f"seat {owner}")
    for p in view["players"]:
        board = p.get("manuscript_board")
        if board is None:
            continue
        columns = " ".join(f"{i + 1}{'+' if on else '-'}"
                           for i, on in enumerate(p["columns_unlocked"]))
        cards = ", ".join(p.get("builder_cards", [])) or "-"
        line = f"{board} columns {columns}; builder cards {cards}"
        if "outsiders" in p:
            line += f"; outsiders {', '.join(p['outsiders']) or '-'}"
        table.add_row(f"seat {p['seat']} board", line)
    return table


def _castle_table(view: JsonDict) -> Table:
    table = Table(title="Castle (workers per seat: tier 1 | tier 2 | tier 3)")
    table.add_column("section")
    table.add_column("tiers")
    for name, tiers in view["castle"].items():
        table.add_row(name, " | ".join(",".join(str(n) for n in tier) for tier in tiers))
    return table


def _players_table(view: JsonDict) -> Table:
    table = Table(title=f"Players (leader: {view['leader']})")
    for column in ("seat", "silver", "ink/gold/stone", "corr/virt", "debts u/p",
                   "deeds a/a", "spaces", "hand", "draw/discard", "workers", "score"):
        table.add_column(column)
    for p, score in zip(view["players"], view["scores"], strict=False):
        hand = p["hand"] if isinstance(p["hand"], int) else ", ".join(p["hand"])
        table.add_row(
            f"{p['seat']}{' (AI)' if p['is_ai'] else ''}", str(p["silver"]),
            f"{p['ink']}/{p['gold']}/{p['stone']}", f"{p['corruption']}/{p['virtue']}",
            f"{p['debts_unpaid']}/{p['debts_paid']}",
            f"{p['deeds_acquired']}/{p['deeds_approved']}",
            ", ".join(c or "-" for c in p["spaces"]), str(hand),
            f"{p['draw']}/{len(p['discard'])}", str(p["supply"]), str(score))
    return table


def render_view(view: JsonDict) -> Any:
    """A Rich renderable for a Viscounts view."""
    parts: list[Any] = [_ring_table(view), _castle_table(view), _players_table(view)]
    if "keys" in view:
        parts.append(_keys_table(view))
    if "gates" in view:
        parts.append(_gates_table(view))
    decision = view.get("decision")
    if decision:
        parts.append(f"Seat {decision['player']} to decide: {decision['prompt']}")
    return Group(*parts)
