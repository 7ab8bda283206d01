"""The closed effect vocabulary of Viscounts (spec section 10): parse and validate.

Every effect string of the data files is parsed here into a small immutable
:class:`Term` tree and checked against the signature table below.  An unknown
name, a wrong arity or a malformed value raises :class:`EffectSyntaxError`
(the data loader turns it into a ``DataError`` naming file and row).

Grammar (VB-10.1.1)::

    term  := NAME | NAME "(" args ")"
    args  := arg ("," arg)*
    arg   := term | KEY "=" value | value

Contexts decide which categories a term may belong to: a card's instant
column holds *effects* (atomic terms and combinators), its ongoing column
holds *modifiers* and *triggers*, a manuscript's scoring column holds the
*scoring* vocabulary and a scheme's rows add the *AI* terms.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

ICONS = ("merchant", "builder", "noble", "cleric", "criminal")
RESOURCES = ("ink", "gold", "stone")
BUILDING_TYPES = ("workshop", "trading_post", "guildhall")
ACTIONS = ("trade", "build", "workers", "transcribe")
RIBBONS = ("grey", "black", "yellow", "blue")


class EffectSyntaxError(ValueError):
    """An effect string is not in the closed vocabulary (message says why)."""


class Category(Enum):
    """Which family a vocabulary term belongs to (spec 10.2-10.7)."""

    ATOMIC = "atomic"
    COMBINATOR = "combinator"
    MODIFIER = "modifier"
    TRIGGER = "trigger"
    AI = "ai"
    SCORING = "scoring"


EFFECT = frozenset({Category.ATOMIC})
ONGOING = frozenset({Category.MODIFIER, Category.TRIGGER})
SCORING = frozenset({Category.SCORING})
AI_EFFECT = frozenset({Category.ATOMIC, Category.AI})


@dataclass(frozen=True, slots=True)
class Term:
    """One parsed vocabulary term: ``name(args..., key=value...)``.

    Positional arguments are nested terms (where the signature says
    *effect*) or validated value strings; keyword values are strings.
    """

    name: str
    args: tuple[Term | str, ...] = ()
    kwargs: tuple[tuple[str, str], ...] = ()
    # The canonical text, built once: effect tasks carry it on every push.
    text: str = field(init=False, repr=False, compare=False)
    # The nested term arguments, picked out once (combinators read them on every use).
    parts: tuple[Term, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        parts = [str(a) for a in self.args] + [f"{k}={v}" for k, v in self.kwargs]
        text = self.name if not parts else f"{self.name}({', '.join(parts)})"
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "parts", tuple(a for a in self.args if isinstance(a, Term)))

    def __str__(self) -> str:
        return self.text

    def kw(self, key: str, default: str = "") -> str:
        """Return a keyword value, or ``default`` when absent."""
        for k, v in self.kwargs:
            if k == key:
                return v
        return default

    def int_arg(self, index: int, default: int = 1) -> int:
        """Return positional argument ``index`` as an integer (``default`` if absent)."""
        if index >= len(self.args):
            return default
        value = self.args[index]
        assert isinstance(value, str)
        return int(value)

    def word(self, index: int, default: str = "") -> str:
        """Return positional argument ``index`` as a value string."""
        if index >= len(self.args):
            return default
        value = self.args[index]
        assert isinstance(value, str)
        return value

    def sub(self, index: int) -> Term:
        """Return positional argument ``index`` as a nested term."""
        value = self.args[index]
        assert isinstance(value, Term)
        return value

    def subterms(self) -> tuple[Term, ...]:
        """Return every nested term argument, in order."""
        return self.parts

    def walk(self) -> Iterator[Term]:
        """Yield this term and every nested term, depth first."""
        yield self
        for child in self.subterms():
            yield from child.walk()


NONE = Term("none")

# ---------------------------------------------------------------------------- value kinds

_INT = re.compile(r"^\d+$")
_ICON_ALT = "|".join(ICONS)
_ICONEXPR = re.compile(rf"^({_ICON_ALT})(\*\d+)?(\+({_ICON_ALT})(\*\d+)?)*$")
_COUNTER_WORDS = {
    "buildings", "flipped_debts", "flipped_deeds", "unpaid_debts", "workers_castle",
    "resources_left", "silver_left", "ribbon_full_sets", "outsiders_owned", "heroes_owned",
    "chest_tiles", "links_own_both", "segments_with_own_building", "castle_majority_sections",
}
_COUNTER_PARAM = {
    "buildings": BUILDING_TYPES,
    "icons": ICONS,
    "icon_sets": ("builder+cleric+noble",),
    "workers_tier": ("1", "2", "3"),
    "ribbons": RIBBONS,
}
_PAYABLE = ICONS + RESOURCES + ("silver",)


def _is_counter(value: str) -> bool:
    if value in _COUNTER_WORDS:
        return True
    head, _, tail = value.partition(":")
    return bool(tail) and tail in _COUNTER_PARAM.get(head, ())


def _is_cond(value: str) -> bool:
    counter, sep, number = value.partition(">=")
    return bool(sep) and _is_counter(counter) and bool(_INT.match(number))


def _is_convpay(value: str) -> bool:
    what, star, number = value.rpartition("*")
    return bool(star) and bool(_INT.match(number)) and all(
        w in _PAYABLE for w in what.split("|"))


def _is_convas(value: str) -> bool:
    icon, star, number = value.partition("*")
    return bool(star) and icon in ICONS and bool(_INT.match(number))


def _is_iconcond(value: str) -> bool:
    icon, sep, number = value.partition(">=")
    return bool(sep) and icon in ICONS and bool(_INT.match(number))


def _is_at_build(value: str) -> bool:
    if value in ("any", "viscount"):
        return True
    head, _, number = value.partition(":")
    return head == "space" and _INT.match(number) is not None and 1 <= int(number) <= 10


def _alts(allowed: set[str]) -> Callable[[str], bool]:
    return lambda v: all(part in allowed for part in v.split("|")) and v != ""


_KINDS: dict[str, Callable[[str], bool]] = {
    "int": lambda v: bool(_INT.match(v)),
    "plusint": lambda v: v.startswith("+") and bool(_INT.match(v[1:])),
    "flipsel": lambda v: v in ("debt", "deed", "either"),
    "btype": lambda v: v in BUILDING_TYPES + ("any",),
    "iconexpr": lambda v: bool(_ICONEXPR.match(v)),
    "icon": lambda v: v in ICONS,
    "n34": _alts({"3", "4"}),
    "n12": _alts({"1", "2"}),
    "boardkind": lambda v: v in ("kings_order", "outsider"),
    "at_workers": lambda v: v in ("any", "viscount"),
    "at_build": _is_at_build,
    "counter": _is_counter,
    "cond": _is_cond,
    "convpay": _is_convpay,
    "convas": _is_convas,
    "action": lambda v: v in ACTIONS,
    "iconcond": _is_iconcond,
    "any": lambda v: v == "any",
    "either": lambda v: v == "either",
}


@dataclass(frozen=True, slots=True)
class Signature:
    """Arity and argument kinds of one vocabulary name.

    ``positional`` lists argument kinds; a kind ending in ``?`` is optional and
    ``effect+`` takes one or more effects.  ``keywords`` maps allowed keys to
    kinds; ``required`` names the keys that must be present.
    """

    category: Category
    positional: tuple[str, ...] = ()
    keywords: tuple[tuple[str, str], ...] = ()
    required: tuple[str, ...] = ()


def _sig(category: Category, *positional: str, required: tuple[str, ...] = (),
         **keywords: str) -> Signature:
    return Signature(category, positional, tuple(keywords.items()), required)


_A, _C, _M, _T, _AI, _S = (Category.ATOMIC, Category.COMBINATOR, Category.MODIFIER,
                           Category.TRIGGER, Category.AI, Category.SCORING)

SIGNATURES: dict[str, Signature] = {
    # atomic effects (VB-10.2)
    "none": _sig(_A),
    "gain": _sig(_A, silver="int", ink="int", gold="int", stone="int"),
    "gain_resource": _sig(_A, "int"),
    "gain_virtue": _sig(_A, "int"),
    "gain_corruption": _sig(_A, "int"),
    "gain_debt": _sig(_A, "int"),
    "gain_deed": _sig(_A, "int"),
    "flip": _sig(_A, "flipsel", "int?"),
    "draw": _sig(_A, "int"),
    "discard": _sig(_A, "int"),
    "destroy": _sig(_A, "int"),
    "rearrange": _sig(_A),
    "shuffle": _sig(_A),
    "hire": _sig(_A),
    "hire_free": _sig(_A, "int?"),
    "gain_hero": _sig(_A),
    "gain_chest": _sig(_A),
    "gain_kings_order": _sig(_A, "int?"),
    "welcome_outsider": _sig(_A),
    "refuse_outsider": _sig(_A),
    "gain_manuscript": _sig(_A, "n34"),
    "transcribe": _sig(_A),
    "trade": _sig(_A),
    "build": _sig(_A),
    "workers": _sig(_A),
    "build_free": _sig(_A, "btype", at="at_build"),
    "place_workers": _sig(_A, "int", at="at_workers"),
    "move_worker_tier1": _sig(_A, "int?"),
    "move_viscount": _sig(_A, "n12"),
    "remove_self": _sig(_A),
    "return_kings_order": _sig(_A),
    # combinators and conditions (VB-10.3)
    "all_of": _sig(_C, "effect+"),
    "one_of": _sig(_C, "effect+"),
    "may": _sig(_C, "effect"),
    "if_board": _sig(_C, "boardkind", "effect"),
    "if_no_criminals": _sig(_C, "effect"),
    # ongoing modifiers (VB-10.4)
    "permanent_icon": _sig(_M, "iconexpr"),
    "icon_conversion": _sig(_M, required=("pay", "as", "action"), pay="convpay", uses="int",
                            action="action", **{"as": "convas"}),
    "hand_size": _sig(_M, "plusint"),
    "extra_move": _sig(_M, "int"),
    "dismiss_anywhere": _sig(_M),
    "dismiss_cost": _sig(_M, "int"),
    "cheaper_dismiss": _sig(_M, "int"),
    "cheaper_hire": _sig(_M, "int"),
    "no_criminal_corruption": _sig(_M),
    "ignore_criminal": _sig(_M, "int"),
    "kings_order_instead_of_hire": _sig(_M),
    "resource_as_silver": _sig(_M),
    "pay_silver_draw": _sig(_M, "int"),
    "pay_resources_rearrange": _sig(_M, "int"),
    "chest_convert": _sig(_M, required=("from", "to"), **{"from": "icon", "to": "iconexpr"}),
    "chest_reward": _sig(_M, "effect", required=("when",), when="iconcond"),
    # AI-only terms (VB-10.6)
    "ai_criminal_surcharge": _sig(_AI),
    "ai_dismiss": _sig(_AI),
    "ai_future_scheme": _sig(_AI),
    "ai_focus": _sig(_AI),
    "ai_remove_heroes_chests": _sig(_AI, "int"),
    "flip_ai_chest": _sig(_AI),
    # scoring vocabulary (VB-10.7)
    "vp": _sig(_S, "int"),
    "vp_per": _sig(_S, "counter", per="int", each="int"),
    "vp_if": _sig(_S, "cond", "int"),
    "flip_at_end": _sig(_S, "either"),
    "discard_unpaid_debts": _sig(_S, "int"),
    "gain_flipped_deed": _sig(_S, "int"),
    "extra_ribbon": _sig(_S, "any"),
    "debt_penalty_reduction": _sig(_S, "int"),
}

TRIGGERS = (
    "on_trade", "on_build", "on_noble_action", "on_transcribe", "on_collision_any",
    "on_flip_debt", "on_flip_deed", "on_gain_debt", "on_hire", "on_gain_kings_order",
    "on_gain_hero", "on_gain_or_destroy_hero", "on_welcome", "on_refuse", "on_shuffle",
)
for _name in TRIGGERS:
    SIGNATURES[_name] = _sig(_T, "effect")

# Arguments of these categories are plain effects whatever the outer context.
_EFFECT_ARG_CATEGORIES = (Category.TRIGGER, Category.MODIFIER)


# ---------------------------------------------------------------------------- parsing

def _split_top(text: str, sep: str) -> list[str]:
    parts: list[str] = []
    depth = 0
    current: list[str] = []
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise EffectSyntaxError(f"unbalanced ')' in {text!r}")
        if ch == sep and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    if depth != 0:
        raise EffectSyntaxError(f"unbalanced '(' in {text!r}")
    parts.append("".join(current))
    return parts


_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_KEY = re.compile(r"^([a-z_]+)=(.+)$")


@dataclass(frozen=True, slots=True)
class _Raw:
    name: str
    args: tuple[str, ...]
    kwargs: tuple[tuple[str, str], ...]


def _raw(text: str) -> _Raw:
    text = "".join(text.split())
    if not text:
        return _Raw("none", (), ())
    name, paren, rest = text.partition("(")
    if not _NAME.match(name):
        raise EffectSyntaxError(f"malformed term {text!r}")
    if not paren:
        return _Raw(name, (), ())
    if not rest.endswith(")"):
        raise EffectSyntaxError(f"term {text!r} does not end with ')'")
    inner = rest[:-1]
    if not inner:
        raise EffectSyntaxError(f"empty argument list in {text!r}")
    args: list[str] = []
    kwargs: list[tuple[str, str]] = []
    for part in _split_top(inner, ","):
        match = _KEY.match(part) if "(" not in part else None
        if match:
            kwargs.append((match.group(1), match.group(2)))
        elif kwargs and "(" not in part:
            raise EffectSyntaxError(f"positional argument after keyword in {text!r}")
        else:
            args.append(part)
    return _Raw(name, tuple(args), tuple(kwargs))


def _check_value(kind: str, value: str, where: str) -> None:
    if "(" in value or not _KINDS[kind](value):
        raise EffectSyntaxError(f"{where}: bad value {value!r} (expected {kind})")


def _build(raw: _Raw, context: frozenset[Category]) -> Term:
    sig = SIGNATURES.get(raw.name)
    if sig is None:
        raise EffectSyntaxError(f"unknown effect term {raw.name!r}")
    if sig.category is not Category.COMBINATOR and sig.category not in context:
        allowed = ", ".join(sorted(c.value for c in context))
        raise EffectSyntaxError(
            f"term {raw.name!r} ({sig.category.value}) not allowed here (allowed: {allowed})")
    child_context = EFFECT | (context & {Category.AI}) \
        if sig.category in _EFFECT_ARG_CATEGORIES else context
    args = _build_positional(raw, sig, child_context)
    _check_keywords(raw, sig)
    return Term(raw.name, args, raw.kwargs)


def _build_positional(raw: _Raw, sig: Signature,
                      context: frozenset[Category]) -> tuple[Term | str, ...]:
    kinds = list(sig.positional)
    if kinds and kinds[-1] == "effect+":
        if not raw.args:
            raise EffectSyntaxError(f"{raw.name} needs at least one effect")
        kinds = ["effect"] * len(raw.args)
    required = sum(1 for k in kinds if not k.endswith("?"))
    if not required <= len(raw.args) <= len(kinds):
        raise EffectSyntaxError(
            f"{raw.name} takes {required}-{len(kinds)} positional arguments, got {len(raw.args)}")
    out: list[Term | str] = []
    for kind, value in zip(kinds, raw.args, strict=False):
        if kind == "effect":
            out.append(_build(_raw(value), context))
        else:
            _check_value(kind.rstrip("?"), value, raw.name)
            out.append(value)
    return tuple(out)


def _check_keywords(raw: _Raw, sig: Signature) -> None:
    allowed = dict(sig.keywords)
    seen: set[str] = set()
    for key, value in raw.kwargs:
        if key not in allowed:
            raise EffectSyntaxError(f"{raw.name} has no argument {key!r}")
        if key in seen:
            raise EffectSyntaxError(f"{raw.name} repeats argument {key!r}")
        seen.add(key)
        _check_value(allowed[key], value, raw.name)
    missing = [k for k in sig.required if k not in seen]
    if missing:
        raise EffectSyntaxError(f"{raw.name} is missing {', '.join(missing)}")
    if raw.name == "gain" and not seen:
        raise EffectSyntaxError("gain needs at least one of silver, ink, gold, stone")


@cache
def parse(text: str, context: frozenset[Category] = EFFECT) -> Term:
    """Parse and validate one effect string in ``context`` (empty text is ``none``)."""
    return _build(_raw(text), context)


def parse_effect(text: str) -> Term:
    """Parse an immediate effect (atomic terms and combinators)."""
    return parse(text, EFFECT)


def parse_ongoing(text: str) -> Term:
    """Parse an ongoing ability (modifiers and triggers)."""
    return parse(text, ONGOING | EFFECT if not text.strip() else ONGOING)


def parse_scoring(text: str) -> Term:
    """Parse an end-game scoring term."""
    return parse(text, SCORING | EFFECT if not text.strip() else SCORING)


def parse_ai(text: str) -> Term:
    """Parse a solo scheme row (effects plus AI-only terms)."""
    return parse(text, AI_EFFECT)


def parse_action_row(text: str) -> tuple[Term, ...]:
    """Parse a scheme action row: options separated by ``/`` at the top level."""
    options = tuple(parse_ai(part) for part in _split_top(text, "/"))
    if not options:
        raise EffectSyntaxError("empty action row")
    return options


def parse_icons(text: str) -> dict[str, int]:
    """Parse an icon expression such as ``cleric+merchant*2`` into counts (empty: none)."""
    counts = dict.fromkeys(ICONS, 0)
    text = "".join(text.split())
    if not text:
        return counts
    if not _ICONEXPR.match(text):
        raise EffectSyntaxError(f"bad icon expression {text!r}")
    for part in text.split("+"):
        icon, _, number = part.partition("*")
        counts[icon] += int(number) if number else 1
    return counts


def iter_names(term: Term) -> Iterator[str]:
    """Yield the vocabulary names used anywhere in ``term``."""
    for node in term.walk():
        yield node.name
