"""Terminal rendering of a Keythedral view with Rich."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from keepers.core.i18n import t
from keepers.games.keythedral.data import packaged

FIELD_ABBREV = {"quarry": "Qu", "forest": "Fo", "lake": "La", "farm": "Fa", "vineyard": "Vi"}
EFFECT_CARD = {"work_order": "C01", "moratorium": "C12", "trespass": "C09", "renumber": "C06",
               "crop_choice": "C08", "hard_worker": "C14", "bumper_crop": "C18", "blight": "C19"}
"""The law card behind each round effect a view lists."""
COORDINATE = re.compile(r"^-?\d+,-?\d+$")
FIELD_STYLE = {"quarry": "white on grey23", "forest": "white on dark_green",
               "lake": "white on blue", "farm": "black on green3", "vineyard": "white on red3"}
CUBE_STYLE = {"black": "grey50", "brown": "orange4", "blue": "blue", "green": "green",
              "red": "red", "white": "bright_white", "purple": "magenta", "yellow": "yellow"}
SEAT_STYLE = {"yellow": "bold yellow", "red": "bold red", "green": "bold green",
              "blue": "bold blue", "black": "bold white on grey30"}


def _s(key: str, **values: Any) -> str:
    """A word or line of the screen in the player's language."""
    return t(f"keythedral.screen.{key}", **values)


def _cubes(cubes: dict[str, int]) -> Text:
    text = Text()
    for colour, k in cubes.items():
        text.append(f"{t('keythedral.colour.' + colour)} {k}  ", style=CUBE_STYLE.get(colour, ""))
    return text if cubes else Text("-")


def _seat(view: dict[str, Any], seat: int) -> Text:
    colour = view["colours"][seat]
    return Text(f"{seat + 1}:{t('keythedral.colour.' + colour)}",
                style=SEAT_STYLE.get(colour, "bold"))


def _targets(view: dict[str, Any]) -> set[tuple[int, int]]:
    """Where the viewer's pending decision can put something: the last ``x,y`` of each option."""
    spots: set[tuple[int, int]] = set()
    for action in (view.get("decision") or {}).get("legal", []):
        coordinates = [word for word in action.split() if COORDINATE.match(word)]
        if coordinates:
            x, y = coordinates[-1].split(",")
            spots.add((int(x), int(y)))
    return spots


def board_text(view: dict[str, Any]) -> Text:
    """The octagon/square grid, 3 characters a column: fields with workers, cottages (c),
    houses (H), the Keythedral and every space where the pending decision can place (+).

    Octagons (even x, even y) and squares (odd x, odd y) never share a row, so each
    row uses every other column, and the column headings alternate on two lines.
    """
    cells = {(x, y): t for x, y, t in view["fields"]}
    workers = {(x, y): o for x, y, o in view["workers"]}
    tiles = {(x, y): (o, n, h) for x, y, o, n, h in view["tiles"]}
    targets = _targets(view)
    points = [*cells, *tiles, *targets, (1, 1)]
    x0, x1 = min(p[0] for p in points) - 1, max(p[0] for p in points) + 1
    y0, y1 = min(p[1] for p in points) - 1, max(p[1] for p in points) + 1
    key = packaged().keythedral_slot
    out = Text()
    for parity in (0, 1):
        heading = " y\\x" if parity == 0 else "    "
        out.append(heading + "".join(f"{x:>3}" if x % 2 == parity else "   "
                                     for x in range(x0, x1 + 1)) + "\n", style="dim")
    for y in range(y1, y0 - 1, -1):
        out.append(f"{y:>3} ", style="dim")
        for x in range(x0, x1 + 1):
            if (x + y) % 2:
                out.append("   ")
            else:
                out.append_text(_square(view, (x, y), cells, workers, tiles, key, targets))
        out.append("\n")
    out.rstrip()
    return out


def _square(view: dict[str, Any], pos: tuple[int, int], cells: dict[Any, str],
            workers: dict[Any, int], tiles: dict[Any, Any], key: tuple[int, int],
            targets: set[tuple[int, int]]) -> Text:
    """One space in 3 characters (reversed when the pending decision can use it)."""
    mark = " reverse" if pos in targets else ""
    if pos == key:
        return Text("KEY", style="bold black on gold1")
    if pos in cells:
        ftype = cells[pos]
        text = Text(FIELD_ABBREV[ftype], style=FIELD_STYLE[ftype] + mark)
        if pos in workers:
            seat = workers[pos]
            return text.append(str(seat + 1),
                               style=SEAT_STYLE.get(view["colours"][seat], "") + mark)
        return text.append(" ", style=FIELD_STYLE[ftype] + mark)
    if pos in tiles:
        owner, number, house = tiles[pos]
        label = f"{owner + 1}{'H' if house else 'c'}{number}"
        return Text(label, style=SEAT_STYLE.get(view["colours"][owner], "bold") + mark)
    if pos in targets:
        return Text(" + ", style="bold cyan")
    return Text(" . ", style="dim")


def legend(view: dict[str, Any]) -> Text:
    """What the map's and mat's abbreviations mean, and each seat's colour."""
    text = Text(t("keythedral.legend.fields") + "\n")
    text.append(t("keythedral.legend.pieces") + "\n")
    text.append(t("keythedral.legend.axes") + "\n")
    seats = Text()
    for seat in range(view["players"]):
        seats.append_text(_seat(view, seat)).append(" ")
    text.append(t("keythedral.legend.colours", seats="")).append_text(seats)
    you = view.get("you")
    if you:
        colour = view["colours"][you["seat"]]
        name = t(f"keythedral.colour.{colour}")
        text.append("  ").append(t("keythedral.legend.you", seat=you["seat"] + 1, colour=name),
                                 style=SEAT_STYLE.get(colour, "bold"))
    text.append("\n" + t("keythedral.legend.mat"), style="dim")
    return text


def mat_table(view: dict[str, Any]) -> Table:
    """The Keythedral mat: rows by value, visible costs, attached price cards."""
    table = Table(title=_s("mat"), show_lines=False)
    table.add_column(_s("value"), justify="right")
    table.add_column(_s("tiles"))
    table.add_column(_s("unused"), justify="right")
    for row in view["mat"]:
        cells = Text()
        for space in row["spaces"]:
            if space["tile"] is None:
                cells.append(f"[{_s('empty')}] ", style="dim")
            elif space["cost"] is None:
                cells.append(f"[{_s('face_down')}] ", style="dim")
            else:
                cells.append(f"{space['tile']} ")
                cells.append_text(_cubes(space["cost"]))
                if space["price_cards"]:
                    cells.append(f"+{','.join(space['price_cards'])} ", style="italic")
                cells.append("| ")
        table.add_row(str(row["value"]), cells, str(row["unused"]))
    return table


COLOURS = ("black", "brown", "blue", "green", "red", "white", "purple", "yellow")


def _cube_list(counts: list[int]) -> str:
    return ", ".join(f"{COLOURS[c]} {k}" for c, k in enumerate(counts) if k) or "-"


SEAT_ARGS = {"marker": (2,), "marker_passed": (0, 1), "change_of_plan": ()}
"""Which arguments of an event are seats (the first, unless listed here)."""


def describe_event(event: list[Any]) -> str:
    """One public event (KT-13.4) as a sentence in the current language; seats are counted
    from 1, as players count them (the record keeps them from 0)."""
    kind, *args = event
    args = [a + 1 if i in SEAT_ARGS.get(kind, (0,)) and type(a) is int else a
            for i, a in enumerate(args)]
    if kind == "harvest":
        args = [args[0], _cube_list(args[1])]
    elif kind == "buy":
        args = [args[0], args[1], _cube_list(args[2])]
    elif kind == "trade":
        args = [args[0], ", ".join(args[1])]
    elif kind == "paid":
        args = [args[0], args[1]]
    elif kind == "bid_won":
        args = [args[0], args[1]]
    elif kind in ("play", "veto") and str(args[1]).startswith("play "):
        card, *rest = str(args[1]).split()[1:]
        args = [args[0], " ".join([f"{t('keythedral.law_name.' + card)} ({card})", *rest])]
    template = t(f"keythedral.event.{kind}")
    if template == f"keythedral.event.{kind}":
        return " ".join(str(x) for x in event)
    return template.format(*args)


def render_view(view: dict[str, Any]) -> Group:
    """The whole table as one player (or a spectator) sees it; the map last, so that
    it stays on screen above the menu of decisions."""
    parts: list[Any] = []
    head = Text(_s("head", round=view["round"], phase=view["phase"]) + "  ")
    head.append_text(_seat(view, view["first"]))
    if view["markers"]:
        head.append("   " + _s("markers", markers=view["markers"]))
    parts.append(head)
    if view.get("drawn_field"):
        parts.append(Text(_s("drawn", field=t(f"keythedral.field_name.{view['drawn_field']}"),
                             stack=view["field_stack"])))
    parts.append(mat_table(view))
    store = Text(_s("store") + ": ")
    store.append_text(_cubes(view["store"]))
    store.append("   " + _s("craftsmen") + ": ")
    store.append_text(_cubes(view["craftsmen"]))
    parts.append(store)
    spaces = " ".join("[law]" if s else "[   ]" for s in view["law_spaces"])
    parts.append(Text(_s("laws", spaces=spaces, deck=view["law_deck"],
                         discard=", ".join(view["discard"]) or "-")))
    if view["effects"]:
        effects = "; ".join(f"{t('keythedral.law_name.' + EFFECT_CARD[name])} "
                            f"({EFFECT_CARD[name]}): {value}"
                            for name, value in view["effects"].items())
        parts.append(Text(_s("effects", effects=effects), style="italic"))
    players = Table(title=_s("players"))
    for col in ("seat", "law_cards", "fences_left", "cottages_unlaid"):
        players.add_column(_s(col))
    for seat in range(view["players"]):
        players.add_row(_seat(view, seat), str(view["cards_held"][seat]),
                        str(view["fences_left"][seat]), str(view["cottages_unlaid"][seat]))
    parts.append(players)
    you = view.get("you")
    if you:
        screen = Table.grid(padding=(0, 2))
        screen.add_row(_s("cubes"), _cubes(you["cubes"]))
        hand = ", ".join(f"{c} {t(f'keythedral.law_name.{c}')}" for c in you["hand"]) or "-"
        screen.add_row(_s("law_cards"), hand)
        screen.add_row(_s("building_tiles"), ", ".join(you["tiles"]) or "-")
        screen.add_row(_s("workers_fences"), f"{you['workers']} / {you['fences']}")
        parts.append(Panel(screen, title=_s("screen", seat=you["seat"] + 1), expand=False))
    if view.get("scores"):
        parts.append(Text(_s("final", scores=view["scores"], winners=view["winners"]),
                          style="bold"))
    if view["events"]:
        for event in view["events"][-8:]:
            parts.append(Text(f"  · {describe_event(event)}", style="dim"))
    # The map comes last, just above the menu, so that it stays on screen.
    parts.append(Text("Keytown", style="bold"))
    parts.append(board_text(view))
    parts.append(legend(view))
    if view["fences"]:
        fences = ", ".join(f"{o + 1}:[{a},{b}|{c},{d}]" for a, b, c, d, o in view["fences"])
        parts.append(Text(_s("fences", fences=fences)))
    decision = view.get("decision")
    if decision:
        parts.append(Text(_s("decide", seat=decision["player"] + 1, prompt=decision["prompt"]),
                          style="bold cyan"))
    return Group(*parts)
