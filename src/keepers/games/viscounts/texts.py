"""Texts for people: decision labels, prompts, ``info`` and ``rules`` in the player's language.

Everything here reads the data and the catalogues (``locale/<lang>.toml``, keys under
``viscounts.``); nothing here changes a position.  A card's text is composed from its
effect terms (:mod:`keepers.games.viscounts.effects`): one catalogue phrase per term
of the closed vocabulary, nested terms described recursively, so every card of the
data, and any card added later in the same vocabulary, gets a text in every language.
The rules never import this module: machine texts of decisions stay what records and
bots use, and only their labels change with the language.
"""

from __future__ import annotations

from collections.abc import Callable

from keepers.core.i18n import DEFAULT, catalogue, language, t
from keepers.games.viscounts.data import CardDef, GameData, load_data
from keepers.games.viscounts.effects import (
    ACTIONS,
    BUILDING_TYPES,
    ICONS,
    RESOURCES,
    SIGNATURES,
    Term,
    parse,
    parse_icons,
)

PHASES = ("setup", "manage", "move", "action", "recruit", "collision", "draw", "ai", "end",
          "over")
"""The phases a view may be in; each has a ``rules`` text."""


def _word(group: str, value: str) -> str:
    """A closed-table value (icon, resource, building type...) in the current language."""
    return t(f"viscounts.{group}.{value}")


def _n(value: str) -> str:
    """Alternative numbers ``3|4`` read as ``3 or 4``."""
    return t("viscounts.word.or").join(value.split("|"))


def icons_text(expression: str) -> str:
    """An icon expression (``merchant*2+cleric``) in words: ``2 × merchant + cleric``."""
    counts = parse_icons(expression)
    return " + ".join(_count(n, _word("icon", icon)) for icon, n in counts.items() if n)


def _count(n: int | str, what: str) -> str:
    return what if str(n) == "1" else t("viscounts.word.count", n=n, what=what)


def _payable(value: str) -> str:
    """A conversion payment (``stone|gold*1``): what may be paid, how many."""
    what, _, number = value.rpartition("*")
    names = [_word("icon" if w in ICONS else "resource", w) for w in what.split("|")]
    return _count(number, t("viscounts.word.or").join(names))


def counter_text(value: str) -> str:
    """A scoring counter (``buildings``, ``icons:cleric``...) in words."""
    head, _, tail = value.partition(":")
    if not tail:
        return _word("counter", head)
    words = {"buildings": lambda: _word("building", tail), "icons": lambda: _word("icon", tail),
             "ribbons": lambda: _word("ribbon", tail), "workers_tier": lambda: tail,
             "icon_sets": lambda: icons_text(tail)}
    return t(f"viscounts.counter.{head}_of", what=words[head]())


def _at(group: str, value: str) -> str:
    """Where a free building (``at_build``) or placed workers (``at_workers``) may go."""
    head, _, number = value.partition(":")
    return t(f"viscounts.{group}.{head}", n=number)


def _cond(value: str) -> str:
    name, _, number = value.partition(">=")
    return t("viscounts.word.at_least", n=number, what=counter_text(name))


def _iconcond(value: str) -> str:
    icon, _, number = value.partition(">=")
    return t("viscounts.word.at_least_icons", n=number, what=_word("icon", icon))


def _gain(term: Term) -> dict[str, str]:
    items = [t("viscounts.word.amount", n=v, what=_word("resource", k)) for k, v in term.kwargs]
    return {"items": ", ".join(items)}


def _conversion(term: Term) -> dict[str, str]:
    icon, _, number = term.kw("as").partition("*")
    uses = t("viscounts.word.uses", n=term.kw("uses")) if term.kw("uses") else ""
    return {"pay": _payable(term.kw("pay")), "icons": _count(number, _word("icon", icon)),
            "action": _word("action_name", term.kw("action")), "uses": uses}


def _vp_per(term: Term) -> dict[str, str]:
    return {"n": term.kw("each", "1"), "per": term.kw("per", "1"),
            "what": counter_text(term.word(0))}


# Placeholders of each term's phrase beyond the generic ones (see :func:`_fields`).
_SPECIAL: dict[str, Callable[[Term], dict[str, str]]] = {
    "gain": _gain,
    "icon_conversion": _conversion,
    "vp_per": _vp_per,
    "vp_if": lambda term: {"what": _cond(term.word(0)), "n": term.word(1)},
    "chest_convert": lambda term: {"what": _word("icon", term.kw("from")),
                                   "icons": icons_text(term.kw("to"))},
    "chest_reward": lambda term: {"what": _iconcond(term.kw("when")),
                                  "effect": describe_effect(term.sub(0))},
    "permanent_icon": lambda term: {"icons": icons_text(term.word(0))},
    "build_free": lambda term: {"what": _word("building", term.word(0)),
                                "at": _at("at_build", term.kw("at", "any"))},
    "place_workers": lambda term: {"n": term.word(0),
                                   "at": _at("at_workers", term.kw("at", "any"))},
    "flip": lambda term: {"what": _word("flip", term.word(0)), "n": term.word(1, "1")},
    "if_board": lambda term: {"what": _word("boardkind", term.word(0)),
                              "effect": describe_effect(term.sub(1))},
    "hand_size": lambda term: {"n": term.word(0).removeprefix("+")},
}
# Argument kinds whose values are read as numbers (``3|4`` as "3 or 4").
_NUMBERS = ("int", "int?", "n34", "n12", "plusint")


def _fields(term: Term) -> dict[str, str]:
    """The placeholders of a term's phrase: ``n`` (its number, 1 when left out),
    ``effect`` (its nested effect) and ``effects`` (every nested effect)."""
    special = _SPECIAL.get(term.name)
    if special is not None:
        return special(term)
    kinds = SIGNATURES[term.name].positional
    fields = {"n": "1"}
    for kind, value in zip(kinds, term.args, strict=False):
        if kind in _NUMBERS and isinstance(value, str):
            fields["n"] = _n(value)
    parts = [describe_effect(sub) for sub in term.subterms()]
    if parts:
        fields["effect"] = parts[0]
        joiner = t("viscounts.word.or_list" if term.name == "one_of" else "viscounts.word.and")
        fields["effects"] = joiner.join(parts)
    return fields


def describe_effect(term: Term) -> str:
    """A term of the effect vocabulary (and its nested terms) in the current language
    (a term counting one thing has its own phrase where the language needs one)."""
    fields = _fields(term)
    one = f"viscounts.term.{term.name}_one"
    if fields.get("per", fields.get("n")) == "1" and one in catalogue(DEFAULT):
        return t(one, **fields)
    return t(f"viscounts.term.{term.name}", **fields)


def sentence(text: str) -> str:
    """``text`` with a capital first letter (an effect opening a sentence)."""
    return text[:1].upper() + text[1:]


_EVERY_CATEGORY = frozenset(sig.category for sig in SIGNATURES.values())


def describe_text(text: str) -> str:
    """An effect written in the vocabulary (``gain(silver=2)``) in words; unchanged when
    it is not in the vocabulary."""
    try:
        return describe_effect(parse(text, _EVERY_CATEGORY))
    except ValueError:
        return text


# ------------------------------------------------------------------ names of things
def card_label(card: CardDef) -> str:
    """A deck card named for a person: name, silver value and icons."""
    icons = " + ".join(_count(n, _word("icon", k)) for k, n in card.icons.items() if n)
    return t("viscounts.name.card", name=card_name(card), silver=card.silver,
             icons=icons or t("viscounts.word.no_icon"))


def card_name(card: CardDef) -> str:
    """A deck card's name (the king's order by its name in the current language)."""
    return t("viscounts.name.kings_order") if card.kind == "kings_order" else card.name


def thing_label(word: str, data: GameData | None = None) -> str:
    """An id of the data (card, manuscript, chest tile, public building) named for a
    person; other words unchanged."""
    data = data or load_data()
    if word in data.cards:
        return card_label(data.cards[word])
    if word in data.manuscripts:
        ms = data.manuscripts[word]
        return t("viscounts.name.manuscript", id=word, ribbon=_word("ribbon", ms.ribbon),
                 cost=ms.cost)
    if word in data.chest_tiles:
        return t("viscounts.name.chest", id=word,
                 text=describe_effect(data.chest_tiles[word].effect))
    if word in data.public_buildings:
        public = data.public_buildings[word]
        return t("viscounts.name.public", name=_word("building", public.replaces),
                 cost=public.cost, vp=public.vp)
    return word


def _slot_building(slot: str, data: GameData) -> str:
    types = {s.id: s.type for s in data.player_board.slots}
    return _word("building", types[slot]) if slot in types else slot


def _plan(text: str) -> str:
    """A payment plan ``silver=2,stone=1`` in words."""
    if text == "none":
        return t("viscounts.word.nothing")
    items = (part.partition("=") for part in text.split(","))
    return ", ".join(t("viscounts.word.amount", n=n, what=_word("resource", k))
                     for k, _, n in items)


def _order(text: str, data: GameData) -> str:
    """A card-space order ``A,-,B`` in words."""
    names = [t("viscounts.word.empty") if c == "-" else card_name(data.cards[c])
             if c in data.cards else c for c in text.split(",")]
    return ", ".join(t("viscounts.word.numbered", n=i, what=name)
                     for i, name in enumerate(names, start=1))


# ------------------------------------------------------------------ decision labels
def describe_action(action: str) -> str:
    """The label of a decision for a person; its machine text when it is not known."""
    verb, _, rest = action.partition(" ")
    label = _LABELS.get(verb)
    if label is None:
        return action
    try:
        text = label(rest, load_data())
    except (KeyError, ValueError, IndexError):
        return action
    return action if "viscounts." in text else text     # a word no catalogue knows


def _simple(verb: str) -> Callable[[str, GameData], str]:
    """A verb whose argument is one id of the data, or one of a few fixed words."""
    def label(rest: str, data: GameData) -> str:
        fixed = f"viscounts.action.{verb}_{rest}"          # hire none, recruit KO, turn end...
        if fixed in catalogue(DEFAULT):
            return t(fixed)
        return t(f"viscounts.action.{verb}", what=thing_label(rest, data))
    return label


def _word_arg(verb: str, group: str) -> Callable[[str, GameData], str]:
    """A verb whose argument is a word of a closed table (``take ink``)."""
    return lambda rest, data: t(f"viscounts.action.{verb}", what=_word(group, rest))


def _target(kind: str) -> Callable[[str, GameData], str]:
    """A target of a primary action (``trade 2``, ``workers 3``, ``build WS1 5b``...)."""
    return lambda rest, data: _target_label(kind, rest.split(), data)


def _target_label(kind: str, words: list[str], data: GameData) -> str:
    """``workers N`` places N workers, for the noble icons the noble table asks (VB-2.4.5)."""
    if kind == "trade":
        return t("viscounts.action.trade", n=int(words[0]))
    if kind == "workers":
        count = int(words[0])
        icons = next(i for i, w in data.player_board.noble_table if w == count)
        return t("viscounts.action.workers", n=count, icons=icons)
    if kind == "transcribe":
        return t("viscounts.action.transcribe", what=thing_label(words[0], data))
    if kind == "public":
        return t("viscounts.action.public", what=thing_label(words[0], data), spot=words[1])
    if words[0] not in {s.id for s in data.player_board.slots}:
        raise KeyError(words[0])
    return t("viscounts.action.build", what=_slot_building(words[0], data), slot=words[0],
             spot=words[1])


def _pick(rest: str, data: GameData) -> str:
    card, _, hero = rest.partition(" ")
    if card in data.player_cards and hero in data.cards:
        return t("viscounts.action.pick_pair", card=card, space=data.player_cards[card].start_space,
                 what=card_label(data.cards[hero]))
    if rest == "none":
        return t("viscounts.action.pick_none")
    return t("viscounts.action.pick", what=describe_text(rest))


def _bump(rest: str, data: GameData) -> str:
    seat, where = rest.split()
    return t("viscounts.action.bump", seat=int(seat) + 1, section=where[0], tier=where[1])


def _shift(rest: str, data: GameData) -> str:
    if rest == "done":
        return t("viscounts.action.shift_done")
    source, target = rest.split()
    return t("viscounts.action.shift", source=source, target=target)


def _chest(rest: str, data: GameData) -> str:
    if rest == "none":
        return t("viscounts.action.chest_none")
    tile, space = rest.split()
    text = t("viscounts.action.chest", what=thing_label(tile, data), space=space)
    # The tile's vocabulary term ends the label, as it always has.
    return f"{text} ({data.chest_tiles[tile].effect.name})"


def _board(rest: str, data: GameData) -> str:
    what, _, resource = rest.partition(" ")
    if what == "silver":
        return t("viscounts.action.board_silver", what=_word("resource", resource))
    return t(f"viscounts.action.board_{what}")


def _rearrange(rest: str, data: GameData) -> str:
    if rest == "keep":
        return t("viscounts.action.rearrange_keep")
    return t("viscounts.action.rearrange", what=_order(rest, data))


_LABELS: dict[str, Callable[[str, GameData], str]] = {
    "play": _simple("play"), "dismiss": _simple("dismiss"), "recruit": _simple("recruit"),
    "hire": _simple("hire"), "discard": _simple("discard"), "destroy": _simple("destroy"),
    "hero": _simple("hero"), "set_aside": _simple("set_aside"), "welcome": _simple("welcome"),
    "refuse": _simple("refuse"), "take_ms": _simple("take_ms"), "turn": _simple("turn"),
    "move": lambda rest, data: t("viscounts.action.move", what=rest),
    "go": lambda rest, data: t("viscounts.action.go", what=rest),
    "action": lambda rest, data: t(f"viscounts.action.action_{rest}"),
    "pay": lambda rest, data: t("viscounts.action.pay", what=_plan(rest)),
    "take": _word_arg("take", "resource"), "spend": _word_arg("spend", "resource"),
    "ribbon": _word_arg("ribbon", "ribbon"), "flip": _word_arg("flip", "flip"),
    "section": lambda rest, data: t("viscounts.action.section", what=rest),
    "cascade": lambda rest, data: t("viscounts.action.cascade", what=rest),
    "cover": lambda rest, data: t("viscounts.action.cover", what=rest,
                                  building=_slot_building(rest, data)),
    "trade": _target("trade"), "workers": _target("workers"), "build": _target("build"),
    "transcribe": _target("transcribe"), "public": _target("public"),
    "pick": _pick, "bump": _bump, "shift": _shift, "chest": _chest, "board": _board,
    "rearrange": _rearrange,
}


# ------------------------------------------------------------------ prompts
def prompt(kind: str, machine: str) -> str:
    """The prompt of a decision in the current language, from its kind and the rules'
    own English prompt ``machine`` (kept when the kind has no catalogue entry).

    The English catalogue gives back the rules' prompts word for word (records of the
    pending decision stay the same); the numbers, the action and the target named in
    ``machine`` fill the placeholders.
    """
    lang = language()
    found = _PROMPTS.get((lang, kind, machine))
    if found is None:
        key = f"viscounts.prompt.{_prompt_key(kind, machine)}"
        found = machine if key not in catalogue(DEFAULT) else t(key, **_prompt_fields(machine))
        if len(_PROMPTS) > 10_000:           # prompts name targets: a bounded cache
            _PROMPTS.clear()
        _PROMPTS[(lang, kind, machine)] = found
    return found


_PROMPTS: dict[tuple[str, str, str], str] = {}
"""Prompts already translated, by language, kind and the rules' prompt (one per decision)."""


def _prompt_key(kind: str, machine: str) -> str:
    """Kinds asked with two prompts: the Viscount's move of phase 2 or of an effect, and
    the opening or closing decision of a turn."""
    if kind == "move" and machine.startswith("move your"):
        return "move_step"
    if kind == "window":
        return "window_end" if "ends" in machine else "window_start"
    return kind


def _prompt_fields(machine: str) -> dict[str, str]:
    """The parts of a rules' prompt that vary: the action (``trade: ...``) or the target
    (``build WS1 5b: how to pay``) before a colon, the first number, the hire's mode."""
    head, colon, _ = machine.partition(":")
    numbers = [w.strip("(),") for w in machine.split() if w.strip("(),").isdigit()]
    what = head if colon and " " in head else ""        # a target: shown as chosen
    if colon and head in ACTIONS:
        what = _word("prompt_word", head)
    return {"what": what, "n": numbers[0] if numbers else "1",
            "mode": t("viscounts.word.hire_" + ("free" if "(free)" in machine else "paid"))}


# ------------------------------------------------------------------ info
def info(name: str, data: GameData | None = None) -> str | None:
    """What the component called ``name`` (an id, or a card's name) does; None if unknown."""
    data = data or load_data()
    key = name.strip()
    for finder in _FINDERS:
        text = finder(key, data)
        if text is not None:
            return text
    return None


def _ability(term: Term, none: str = "no_ability") -> str:
    """An ability in words (the word ``none`` names when there is none)."""
    return describe_effect(term) if term.name != "none" else t(f"viscounts.word.{none}")


def _card_info(key: str, data: GameData) -> str | None:
    """Every deck card called ``key`` (id or name: names are not unique across sets)."""
    if key in data.cards:
        found = [data.cards[key]]
    else:
        found = [c for c in data.cards.values()
                 if key.lower() in (c.name.lower(), card_name(c).lower())]
    return "\n".join(_one_card(card) for card in found) or None


def _one_card(card: CardDef) -> str:
    parts = [t(f"viscounts.info.{card.kind}", id=card.id, what=card_label(card))]
    if card.kind == "kings_order":
        return " ".join([*parts, t("viscounts.info.kings_order_rules")])
    for column in ("instant", "ongoing", "dropoff", "recruit", "refuse", "scoring"):
        term: Term = getattr(card, column)
        if term.name != "none":
            parts.append(t(f"viscounts.info.when_{column}", effect=describe_effect(term)))
    if len(parts) == 1:
        parts.append(sentence(_ability(Term("none"))) + ".")
    return " ".join(parts)


def _manuscript_info(key: str, data: GameData) -> str | None:
    ms = data.manuscripts.get(key.upper())
    if ms is None:
        return None
    return t("viscounts.info.manuscript", what=sentence(thing_label(ms.id, data)),
             immediate=_ability(ms.immediate, "nothing"), scoring=_ability(ms.scoring, "no_vp"))


def _chest_info(key: str, data: GameData) -> str | None:
    tile = data.chest_tiles.get(key.upper())
    if tile is None:
        return None
    return t(f"viscounts.info.chest_{tile.timing}", id=tile.id, effect=describe_effect(tile.effect))


def _public_info(key: str, data: GameData) -> str | None:
    public = data.public_buildings.get(key) or data.public_buildings.get(f"PB-{key.lower()}")
    if public is None:
        return None
    return t("viscounts.info.public", what=sentence(thing_label(public.id, data)),
             immediate=_ability(public.immediate), ongoing=_ability(public.ongoing))


def _builder_info(key: str, data: GameData) -> str | None:
    card = data.builder_cards.get(key.upper())
    if card is None:
        return None
    return t(f"viscounts.info.builder_{card.kind}", id=card.id, vp=card.vp,
             effect=sentence(_ability(card.ability)))


def _leader_info(key: str, data: GameData) -> str | None:
    leader = data.leaders.get(key.upper())
    if leader is None:
        return None
    return t("viscounts.info.leader", id=leader.id, vp=leader.vp,
             effect=sentence(_ability(leader.ability)))


def _cleric_info(key: str, data: GameData) -> str | None:
    ribbon = key.lower().removeprefix("cb-")
    bonus = next((b for b in data.cleric_bonus.values() if b.ribbon == ribbon
                  or b.id.lower() == key.lower()), None)
    if bonus is None:
        return None
    return t("viscounts.info.cleric", id=bonus.id, ribbon=_word("ribbon", bonus.ribbon),
             vp=bonus.vp, effect=sentence(_ability(bonus.ability)))


def _board_info(key: str, data: GameData) -> str | None:
    board = data.manuscript_boards.get(key.upper())
    if board is None:
        return None
    columns = t("viscounts.word.and").join(
        t("viscounts.word.numbered", n=f"{i} ({_word('ribbon', colour)})",
          what=describe_effect(term))
        for i, (colour, term) in enumerate(zip(board.colours, data.manuscript_columns,
                                               strict=False), 1))
    return t("viscounts.info.board", id=board.id, columns=columns,
             ribbon=_word("ribbon", board.starting_ribbon),
             effect=_ability(board.starting_immediate))


def _player_card_info(key: str, data: GameData) -> str | None:
    card = data.player_cards.get(key)
    if card is None:
        return None
    items = [t("viscounts.word.amount", n=getattr(card, k), what=_word("resource", k))
             for k in ("silver", *RESOURCES) if getattr(card, k)]
    items += [t(f"viscounts.word.{k}", n=getattr(card, k))
              for k in ("any_resource", "deeds", "debts") if getattr(card, k)]
    return t("viscounts.info.player_card", id=card.id, space=card.start_space,
             items=", ".join(items), effect=_ability(card.extra))


def _slot_info(key: str, data: GameData) -> str | None:
    slot = next((s for s in data.player_board.slots if s.id == key.upper()), None)
    if slot is None:
        return None
    return t("viscounts.info.slot", id=slot.id, what=_word("building", slot.type),
             effect=_ability(slot.ability))


def _section_info(key: str, data: GameData) -> str | None:
    castle = data.castle
    if key.upper() not in castle.sections:
        return None
    return t("viscounts.info.section", id=key.upper(),
             effect=_ability(castle.tier2_reward[key.upper()]),
             tier3=describe_effect(castle.tier3_reward))


def _scheme_info(key: str, data: GameData) -> str | None:
    scheme = data.schemes.get(key.upper())
    if scheme is None:
        return None
    icons = " + ".join(_word("icon", k) for k, n in scheme.header_icons.items() if n)
    actions = t("viscounts.word.or_list").join(describe_effect(a) for a in scheme.action_row)
    return t("viscounts.info.scheme", id=scheme.id, icons=icons or "-",
             row1=_ability(scheme.row1), row2=_ability(scheme.row2), n=scheme.move,
             actions=actions)


def _word_info(key: str, data: GameData) -> str | None:
    """Icons, resources, building types and the exchanges' kinds."""
    word = key.lower().replace(" ", "_").replace("'", "")
    for group, values in (("icon", ICONS), ("resource", (*RESOURCES, "silver")),
                          ("building", BUILDING_TYPES)):
        if word in values:
            return t(f"viscounts.info.{group}_{word}")
    if word in ("kings_orders", "kingsorder"):
        return _card_info(data.kings_order.id, data)
    if word in ("exchange", "exchanges", "trade", *(f"exchange_{k}" for k in data.board.exchanges)):
        return _exchange_info(data)
    return None


def _exchange_info(data: GameData) -> str:
    """Every exchange of the outside spaces: its rate in merchants and what one use gives."""
    uses = t("viscounts.word.and").join(
        t("viscounts.info.exchange_use", what=exchange_name(kind), n=exchange.rate,
          effect=describe_effect(exchange.gives))
        for kind, exchange in data.board.exchanges.items())
    return t("viscounts.info.exchanges", uses=uses)


def exchange_name(kind: str) -> str:
    """The name of an exchange kind (``silver``, ``destroy``...) on the screen."""
    return t(f"viscounts.exchange.{kind}")


def phase_name(phase: str) -> str:
    """The name of a phase of the turn (``manage``, ``collision``...) on the screen."""
    return t(f"viscounts.phase.{phase}") if phase in PHASES else phase


_FINDERS: tuple[Callable[[str, GameData], str | None], ...] = (
    _card_info, _manuscript_info, _chest_info, _public_info, _builder_info, _leader_info,
    _cleric_info, _board_info, _player_card_info, _slot_info, _section_info, _scheme_info,
    _word_info)


# ------------------------------------------------------------------ rules of the phase
def rules_summary(phase: str, expansions: tuple[str, ...] = ()) -> str:
    """The rules of ``phase``, short, with clause ids (the expansions' own rules added)."""
    lines = [t(f"viscounts.rules.{phase if phase in PHASES else 'manage'}")]
    lines += [t(f"viscounts.rules.{name}") for name in expansions]
    lines.append(t("viscounts.rules.end"))
    return "\n".join(lines)


def screen(key: str, **values: object) -> str:
    """A title or column name of the screen in the current language."""
    return t(f"viscounts.screen.{key}", **values)


# ------------------------------------------------------------------ events (the view's log)
def describe_event(entry: str, ai_seat: int | None = None) -> str:
    """One entry of the view's log (``"<kind> <seat> <words...>"``, machine words) as a
    sentence in the current language; seats count from 1, the solo AI is "the AI"."""
    kind, _, rest = entry.partition(" ")
    seat_word, _, rest = rest.partition(" ")
    if f"viscounts.event.{kind}" not in catalogue(DEFAULT) or not seat_word.lstrip("-").isdigit():
        return entry
    seat = int(seat_word)
    who = t("viscounts.event.the_ai") if seat == ai_seat else \
        t("viscounts.event.seat", seat=seat + 1)
    data = load_data()
    words = rest.split()
    what = _event_what(kind, words, data)
    try:
        return t(f"viscounts.event.{kind}", who=who, what=what,
                 card=_named(words[0], data) if words else "",
                 place=" ".join(words[1:]))
    except (KeyError, IndexError):
        return entry


def _named(word: str, data: GameData) -> str:
    """A card, chest tile, builder card or public building by its name; others unchanged."""
    if word in data.cards:
        return card_name(data.cards[word])
    if word in data.public_buildings:
        return _word("building", data.public_buildings[word].replaces)
    return word


def _event_what(kind: str, words: list[str], data: GameData) -> str:
    """The varying part of an event: an action's target, a board ability, a term."""
    if kind == "action" and words[:1] == ["build"] and len(words) == 3 \
            and words[1] in ("workshop", "trading_post", "guildhall"):
        return t("viscounts.event.ai_build", building=_word("building", words[1]),
                 spot=words[2])
    if kind in ("action", "board"):
        label = describe_action(" ".join(words) if kind == "action" else
                                "board " + " ".join(words))
        return label
    if kind == "reveal" and words:
        return t(f"viscounts.event.pile_{words[0]}")
    return " ".join(words)
