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


def _s(key: str, **values: Any) -> str:
    """A word or line of the screen in the player's language."""
    return t(f"gardiens.screen.{key}", **values)


def render_view(view: JsonDict) -> Any:
    """Return a Rich renderable for a player's (or spectator's) view."""
    parts: list[Any] = [header(view)]
    rules = rules_line(view.get("options") or {})
    if rules:
        parts.append(Text(rules, style="italic"))
    parts += [players_table(view), Text(_s("river", cards=card_names(view["river"])))]
    if view.get("hand") is not None:
        parts.append(hand_text(view))
    if view.get("last_combat"):
        parts.append(combat_text(view["last_combat"]))
    if view.get("result"):
        winners = ", ".join(colour_name(c) for c in view["result"]["winners"]) or "-"
        parts.append(Text(_s("over", reason=view["result"]["reason"], winners=winners),
                          style="bold"))
    parts.append(hex_map(view))  # last, just above the menu, so that it stays on screen
    return Group(*parts)


def header(view: JsonDict) -> Text:
    """Round, first player, event in force, decks."""
    decision = view.get("decision") or {}
    text = Text(_s("head", round=view["round"], first=colour_name(view["first_player"]),
                   active=colour_name(view["active"]), events=view["event_deck_size"],
                   deck=view["deck_size"]) + "  ", style="bold")
    effect = view.get("round_effect")
    if effect:
        event = effect.split("#")[0]
        name = t(f"gardiens.name.{event}") if event in load().events else event
        text.append(_s("in_force", effect=f"{name} ({effect})") + "  ", style="italic")
    if decision:
        text.append(_s("waiting", colour=colour_name(decision["player"]),
                       prompt=t("gardiens.prompt." + decision["kind"])))
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
    out.append_text(legend(view))
    return out


def legend(view: JsonDict) -> Text:
    """What the map's abbreviations mean, every colour, and the viewer's own colour."""
    text = Text("\n".join(t(f"gardiens.legend.{key}") for key in ("map", "hexes", "marks")) + "\n",
                style="dim")
    text.append(t("gardiens.legend.colours", colours=""))
    for seat in view["seats"]:
        colour = seat["colour"]
        text.append(f"{colour[0].upper()} {colour_name(colour)}  ", style=STYLE.get(colour, ""))
    if view.get("you_colour"):
        colour = view["you_colour"]
        text.append(t("gardiens.legend.you", colour=colour_name(colour)),
                    style=STYLE.get(colour, "bold") + " reverse")
    return text


def players_table(view: JsonDict) -> Table:
    """Public items of every player (GR-20.1)."""
    table = Table(title=_s("players"), caption=t("gardiens.legend.cubes"), caption_style="dim")
    for column in ("colour", "vp", "hexes", "reserve", "cards", "cubes", "ally"):
        table.add_column(_s(column))
    for seat in view["seats"]:
        cubes = "/".join(str(v) for v in seat["cubes"].values())
        table.add_row(Text(colour_name(seat["colour"]), style=STYLE.get(seat["colour"], "")),
                      str(seat["public_vp"]), str(seat["hexes"]), str(seat["reserve"]),
                      str(seat["hand_size"]), cubes,
                      colour_name(seat["ally"]) if seat["ally"] else "-")
    return table


def card_names(cards: list[str]) -> str:
    """Cards with their names in the player's language, e.g. ``AC22#3 Mercenaries``."""
    defs = load().cards
    named = [f"{c} {t('gardiens.name.' + c.split('#')[0])}" if c.split("#")[0] in defs else c
             for c in cards]
    return ", ".join(named) or "(empty)"


def colour_name(colour: str) -> str:
    """A player colour in the player's language (any other name unchanged)."""
    name = t(f"gardiens.colour.{colour}")
    return colour if name == f"gardiens.colour.{colour}" else name


def hand_text(view: JsonDict) -> Text:
    """The viewer's hand, objectives and any hands visible to them."""
    text = Text(_s("hand", cards=card_names(view["hand"])) + "\n")
    for obj in view.get("objectives", []):
        text.append(_s("objective", id=obj["id"], name=t(f"gardiens.name.{obj['id']}"),
                       state=_s("done" if obj["done"] else "open"),
                       text=t(f"gardiens.text.{obj['id']}")) + "\n")
    for colour, hand in view.get("visible_hands", {}).items():
        text.append(_s("their_hand", colour=colour_name(colour), cards=card_names(hand)) + "\n")
    return text


def combat_text(combat: dict[str, Any]) -> Text:
    """The dice and totals of the last combat."""
    return Text(_s(
        "combat", attacker=colour_name(combat["attacker"]), source=combat["from"],
        target=combat["to"], defender=colour_name(combat["defender"]),
        engaged=combat["engaged"], attack=" ".join(combat["attack_dice"]) or "-",
        attack_total=combat["attack_total"], defence=" ".join(combat["defence_dice"]) or "-",
        defence_total=combat["defence_total"], outcome=combat["outcome"]))


def _word(word: str, data: GameData) -> str:
    """One word of a decision in the player's language: cards, resources, buildings, colours."""
    card_id = word.split("#")[0]
    if card_id in data.cards:
        return f"{t('gardiens.name.' + card_id)} ({word})"
    if "+" in word:
        return " + ".join(_word(part, data) for part in word.split("+"))
    for table in ("resource", "building_name", "colour", "trade_mode"):
        label = t(f"gardiens.{table}.{word}")
        if label != f"gardiens.{table}.{word}":
            return label
    return word


def describe(action: str, data: GameData) -> str:
    """A readable description of a decision in the player's language: the first label
    of ``gardiens.action.<verb>``, ``gardiens.action_more.<verb>`` or
    ``gardiens.action_more.<verb><number of words>`` with as many blanks as the decision
    has words after its verb; else the decision's words, cards and resources named."""
    verb, *args = action.split()
    if verb == "defend":
        parts = [t(f"gardiens.action_more.defend_{word}") if word in ("none", "magic")
                 else _word(word, data) for word in args]
        return t("gardiens.action_more.defend", what=" + ".join(parts))
    words = [_word(word, data) for word in args]
    for key in (f"gardiens.action.{verb}", f"gardiens.action_more.{verb}",
                f"gardiens.action_more.{verb}{len(args)}"):
        template = t(key)
        if template != key and template.count("{") == len(args):
            return template.format(*words)
    return " ".join([verb, *words])


TIMING = {"action": "timing_action", "attack": "timing_attack", "defense": "timing_defense",
          "combat": "timing_combat"}


def info(name: str, view: JsonDict, data: GameData) -> str | None:
    """What a card, event, objective, building or hex (by its label) does, from the data."""
    key = name.strip()
    ident = key.upper().split("#")[0]
    if ident in data.cards:
        timing = t("gardiens.info." + TIMING.get(data.cards[ident].timing, "timing_action"))
        return t("gardiens.info.card", id=ident, name=t(f"gardiens.name.{ident}"),
                 timing=timing, text=t(f"gardiens.text.{ident}"))
    if ident in data.events:
        return t("gardiens.info.event", id=ident, name=t(f"gardiens.name.{ident}"),
                 text=t(f"gardiens.text.{ident}"))
    if ident in data.objectives:
        return t("gardiens.info.objective", id=ident, name=t(f"gardiens.name.{ident}"),
                 text=t(f"gardiens.text.{ident}"))
    buildings = {b.key: b for b in data.buildings}
    names = {t(f"gardiens.building_name.{k}").lower(): k for k in buildings}
    names |= {b.name.lower(): k for k, b in buildings.items()}
    if key.lower() in buildings or key.lower() in names:
        building = buildings[names.get(key.lower(), key.lower())]
        cost = ", ".join(f"{n} {t('gardiens.resource.' + r)}"
                         for r, n in zip(data.resources, building.cost, strict=True) if n)
        return t("gardiens.info.building", name=t(f"gardiens.building_name.{building.key}"),
                 cost=cost, text=t(f"gardiens.building_text.{building.key}"))
    hexes = {h["hex"].upper(): h for h in view.get("board", [])}
    if key.upper() in hexes:
        return _hex_info(hexes[key.upper()])
    for layout in data.layouts.values():  # a tile of another player count's map
        for hex_ in layout.hexes:
            if hex_.label.upper() == key.upper():
                resource = data.resources[hex_.resource] if hex_.resource >= 0 else ""
                return _hex_info({"hex": hex_.label, "kind": hex_.kind, "resource": resource,
                                  "owner": None, "guardians": 0, "building": None})
    return None


def _hex_info(hex_: dict[str, Any]) -> str:
    """A hex of the view: its kind and yield, who holds it, its building."""
    resource = t(f"gardiens.resource.{hex_['resource']}") if hex_["resource"] else ""
    text = t(f"gardiens.hex_text.{hex_['kind']}", resource=resource)
    if hex_["owner"]:
        text += ". " + t("gardiens.info.held", owner=colour_name(hex_["owner"]),
                         guardians=hex_["guardians"])
    elif "q" in hex_:
        text += ". " + t("gardiens.info.neutral")
    text = t("gardiens.info.hex", hex=hex_["hex"], text=text)
    if hex_["building"]:
        text += t("gardiens.info.built",
                  building=t(f"gardiens.building_name.{hex_['building']}"))
    return text


RULES_OF_KIND = {
    "forward": "forward", "alliance": "alliance", "ally_reply": "alliance",
    "collect": "collect", "attack_card": "combat", "defend": "combat", "conquer": "combat",
    "discard": "discard", "devour": "coop", "transfer": "coop",
}
"""The summary (``gardiens.summary.<key>``) of each decision kind; the others: actions."""


def rules_summary(view: JsonDict) -> str:
    """The rules of the pending decision's part of the turn, and how to win."""
    kind = (view.get("decision") or {}).get("kind", "action")
    lines = [t(f"gardiens.summary.{RULES_OF_KIND.get(kind, 'action')}")]
    if view.get("coop") and kind not in ("devour", "transfer"):
        lines.append(t("gardiens.summary.coop"))
    lines.append(t("gardiens.summary.goal"))
    return "\n".join(lines)
