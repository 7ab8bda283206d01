"""Rich rendering of a view: rondel, castle tiers, player boards and the viewer's hand.

Titles and column names come from the catalogues (:func:`~keepers.games.viscounts.texts.screen`);
seats are numbered from 1, as on the terminal's turn lines.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table

from keepers.core.game import JsonDict
from keepers.core.i18n import t
from keepers.games.viscounts.texts import (
    describe_event,
    exchange_name,
    phase_name,
    prompt,
    screen,
)


def _seat(seat: int) -> str:
    """A seat as people count it (the first is 1)."""
    return str(seat + 1)


def _table(title: str, *columns: str) -> Table:
    table = Table(title=title)
    for column in columns:
        table.add_column(screen(column))
    return table


def _ring_table(view: JsonDict) -> Table:
    title = screen("round", round=view["round"], phase=phase_name(view["phase"]))
    table = _table(title, "pos", "segment", "castle", "townsfolk", "manuscript", "trade",
                   "spots", "viscounts")
    for ring in view["ring"]:
        here = [_seat(p["seat"]) + ("*" if p["is_ai"] else "") for p in view["players"]
                if p["node"].startswith(f"{ring['position']}.")]
        spots = " ".join(f"{k}:{_building(v)}" for k, v in ring["spots"].items())
        table.add_row(str(ring["position"]), str(ring["segment"]), ring["section"],
                      f"{ring['townsfolk_top']} ({ring['townsfolk_left']})",
                      f"{ring['manuscript_top']} ({ring['manuscripts_left']})",
                      "/".join(map(exchange_name, ring["trade"].values())), spots,
                      " ".join(here))
    return table


def _building(spot: Any) -> str:
    """Owner and type initial of a spot's building (public ones: ``P`` and the type)."""
    if not spot:
        return "-"
    owner, kind = spot
    if kind.startswith("PB-"):
        return f"{_seat(owner)}P{kind.removeprefix('PB-')[0]}"
    return f"{_seat(owner)}{kind[0]}"


def _keys_table(view: JsonDict) -> Table:
    """Keeper of Keys: hero row, chest row, chests and public buildings of each player."""
    keys = view["keys"]
    table = _table(screen("keys"), "what", "contents")
    table.add_row(screen("hero_row"), f"{', '.join(keys['hero_row']) or '-'} "
                  f"({keys['hero_deck']})")
    table.add_row(screen("chest_row"), f"{', '.join(keys['chest_row']) or '-'} "
                  f"({keys['chest_pile']})")
    for name, owner in keys["public_buildings"].items():
        table.add_row(name, screen("unbuilt") if owner is None
                      else screen("owner", seat=_seat(owner)))
    for p in view["players"]:
        chests = p.get("ai_chests") or [c or "-" for c in p.get("chests", [])]
        table.add_row(screen("chests", seat=_seat(p["seat"])), " | ".join(chests))
    return table


def _gates_table(view: JsonDict) -> Table:
    """Gates of Gold: king's orders, outsider row, castle leader, builder cards, and each
    player's manuscript board with its unlocked columns (``+``) and builder cards."""
    gates = view["gates"]
    table = _table(screen("gates"), "what", "contents")
    table.add_row(screen("kings_orders"), str(gates["kings_orders"]))
    table.add_row(screen("outsider_row"), f"{', '.join(gates['outsider_row']) or '-'} "
                  f"({gates['outsider_deck']})")
    table.add_row(screen("castle_leader"), str(gates["castle_leader"]))
    for card, owner in gates["builder_cards"].items():
        table.add_row(screen("builder_card", card=card), screen("unclaimed") if owner is None
                      else screen("owner", seat=_seat(owner)))
    for p in view["players"]:
        board = p.get("manuscript_board")
        if board is None:
            continue
        columns = " ".join(f"{i + 1}{'+' if on else '-'}"
                           for i, on in enumerate(p["columns_unlocked"]))
        cards = ", ".join(p.get("builder_cards", [])) or "-"
        line = screen("board_line", board=board, columns=columns, cards=cards)
        if "outsiders" in p:
            line += screen("outsiders", outsiders=", ".join(p["outsiders"]) or "-")
        table.add_row(screen("board", seat=_seat(p["seat"])), line)
    return table


def _castle_table(view: JsonDict) -> Table:
    table = _table(screen("castle_title"), "section", "tiers")
    for name, tiers in view["castle"].items():
        table.add_row(name, " | ".join(",".join(str(n) for n in tier) for tier in tiers))
    return table


def _players_table(view: JsonDict) -> Table:
    leader = view["leader"]
    table = _table(screen("players", leader="-" if leader is None or leader < 0
                          else _seat(leader)),
                   "seat", "silver", "resources", "tracks", "debts", "deeds", "spaces", "hand",
                   "piles", "workers", "score")
    for p, score in zip(view["players"], view["scores"], strict=False):
        hand = p["hand"] if isinstance(p["hand"], int) else ", ".join(p["hand"])
        table.add_row(
            _seat(p["seat"]) + (screen("ai") if p["is_ai"] else ""), str(p["silver"]),
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
    events = view.get("log", [])[-5:]
    if events:
        ai = next((p["seat"] for p in view["players"] if p["is_ai"]), None)
        parts.append(t("viscounts.event.recent",
                       events="; ".join(describe_event(e, ai) for e in events)))
    decision = view.get("decision")
    if decision:
        parts.append(screen("decide", seat=_seat(decision["player"]),
                            prompt=prompt(decision["kind"], decision["prompt"])))
    return Group(*parts)
