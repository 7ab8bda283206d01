"""Terminal rendering of a view with Rich: hex map, players, hand, last combat."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from keepers.core.game import JsonDict
from keepers.core.i18n import t
from keepers.games.gardiens.data import GameData, load
from keepers.games.gardiens.rules.setup import OPTIONS

CELL = 5  # characters per half hex step
BUILDING_MARK = {"warehouse": "W", "fortress": "F", "market": "M", "watchtower": "T",
                 "temple": "^"}
STYLE = {"red": "bold red", "blue": "bold blue", "green": "bold green",
         "yellow": "bold yellow", "purple": "bold magenta"}


def render_view(view: JsonDict) -> Any:
    """Return a Rich renderable for a player's (or spectator's) view."""
    parts: list[Any] = [header(view)]
    rules = rules_line(view.get("options") or {})
    if rules:
        parts.append(Text(rules, style="italic"))
    parts += [hex_map(view), players_table(view), Text(f"River: {card_names(view['river'])}")]
    if view.get("hand") is not None:
        parts.append(hand_text(view))
    if view.get("last_combat"):
        parts.append(combat_text(view["last_combat"]))
    if view.get("result"):
        parts.append(Text(f"Game over ({view['result']['reason']}): winners "
                          f"{', '.join(view['result']['winners']) or 'none'}", style="bold"))
    return Group(*parts)


def header(view: JsonDict) -> Text:
    """Round, first player, event in force, decks."""
    decision = view.get("decision") or {}
    text = Text(f"Round {view['round']}  first player {view['first_player']}  "
                f"active {view['active']}  events left {view['event_deck_size']}  "
                f"deck {view['deck_size']}  ", style="bold")
    if view.get("round_effect"):
        text.append(f"in force: {view['round_effect']}  ", style="italic")
    if decision:
        text.append(f"waiting for {decision['player']}: {decision['kind']}")
    return text


def rules_line(options: dict[str, Any]) -> str:
    """The options in force that differ from the defaults (GR-29), e.g.
    ``Rules: first_player=fixed, bank_trade=true``; empty under the defaults."""
    changed = []
    for option in OPTIONS:
        value = options.get(option.name, option.default)
        if value != option.default:
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            changed.append(f"{option.name}={shown}")
    return t("gardiens.rules.line", options=", ".join(changed)) if changed else ""


def hex_cell(hex_: dict[str, Any]) -> tuple[Text, Text]:
    """Two lines for one hex: label + printed resource, then owner / guardians / building."""
    res = (hex_["resource"] or "*")[0]
    top = Text(f"{hex_['hex']:>4}{res}".ljust(CELL * 2 - 1))
    if hex_["shadows"]:
        bottom = Text(f"[{'/'.join(hex_['shadows'])}]".ljust(CELL * 2 - 1), style="bold white")
        return top, bottom
    mark = BUILDING_MARK.get(hex_["building"] or "", ".")
    owner = hex_["owner"]
    body = f" {owner[0].upper() if owner else '-'}{hex_['guardians'] or ''}{mark}"
    body += "!" if hex_["protected"] else ""
    return top, Text(body.ljust(CELL * 2 - 1), style=STYLE.get(owner or "", "dim"))


def hex_map(view: JsonDict) -> Text:
    """The board as offset rows of pointy-top hexes (GR-2.1 screen convention)."""
    board = view["board"]
    xs = [2 * h["q"] + h["r"] for h in board]
    low = min(xs)
    out = Text()
    for r in sorted({h["r"] for h in board}):
        row = sorted((h for h in board if h["r"] == r), key=lambda h: h["q"])
        lines = (Text(), Text())
        for hex_ in row:
            column = (2 * hex_["q"] + r - low) * CELL
            for line, part in zip(lines, hex_cell(hex_), strict=True):
                line.append(" " * (column - len(line.plain)))
                line.append_text(part)
        out.append_text(lines[0])
        out.append("\n")
        out.append_text(lines[1])
        out.append("\n")
    out.append("W warehouse, F fortress, M market, T watchtower, ^ temple, ! protected",
               style="dim")
    return out


def players_table(view: JsonDict) -> Table:
    """Public items of every player (GR-20.1)."""
    table = Table(title="Players")
    for column in ("colour", "VP (public)", "hexes", "reserve", "cards",
                   "wood/stone/gold/food/magic", "ally"):
        table.add_column(column)
    for seat in view["seats"]:
        cubes = "/".join(str(v) for v in seat["cubes"].values())
        table.add_row(Text(seat["colour"], style=STYLE.get(seat["colour"], "")),
                      str(seat["public_vp"]), str(seat["hexes"]), str(seat["reserve"]),
                      str(seat["hand_size"]), cubes, seat["ally"] or "-")
    return table


def card_names(cards: list[str]) -> str:
    """Cards with their names, e.g. ``AC22#3 Mercenaries``."""
    defs = load().cards
    named = [f"{c} {defs[c.split('#')[0]].name}" if c.split("#")[0] in defs else c
             for c in cards]
    return ", ".join(named) or "(empty)"


def hand_text(view: JsonDict) -> Text:
    """The viewer's hand, objectives and any hands visible to them."""
    text = Text(f"Your hand: {card_names(view['hand'])}\n")
    for obj in view.get("objectives", []):
        done = "done" if obj["done"] else "open"
        text.append(f"Objective {obj['id']} {obj['name']} ({done}): {obj['text']}\n")
    for colour, hand in view.get("visible_hands", {}).items():
        text.append(f"{colour}'s hand: {card_names(hand)}\n")
    return text


def combat_text(combat: dict[str, Any]) -> Text:
    """The dice and totals of the last combat."""
    return Text(
        f"Last combat: {combat['attacker']} {combat['from']} -> {combat['to']} "
        f"({combat['defender']}), engaged {combat['engaged']}: "
        f"attack {' '.join(combat['attack_dice']) or '-'} = {combat['attack_total']}, "
        f"defence {' '.join(combat['defence_dice']) or '-'} = {combat['defence_total']}; "
        f"{combat['outcome']}"
    )


TEMPLATES = ("attack", "move", "build", "conquer", "forward", "propose", "source", "recruit",
             "pass", "give", "end")
"""Decision verbs with a label in the catalogues (``gardiens.action.<verb>``), used when
the decision has as many words after the verb as the label has blanks."""


def describe(action: str, data: GameData) -> str:
    """A readable description of a decision, naming cards by their names."""
    verb, *args = action.split()
    if verb in TEMPLATES:
        template = t(f"gardiens.action.{verb}")
        if template.count("{") == len(args):
            return template.format(*args)
    words = [verb]
    for word in args:
        card_id = word.split("#")[0]
        if "#" in word and card_id in data.cards:
            words.append(f"{data.cards[card_id].name} ({word})")
        else:
            words.append(word)
    return " ".join(words)
