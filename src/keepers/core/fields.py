"""Reading the fields of a file one by one, each refusal naming its field.

A game checks a position read from a file with a :class:`FieldReader`: every
read states the exact type and range the field must have, and a value that
does not fit raises :class:`RecordError` with one line naming the field
(``bad Keythedral position: fences_left[1] must be a whole number from 0 to 3,
not -2``).  Nothing is converted: ``3.9`` is no whole number, ``"3"`` no
number, ``1`` no flag.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, NoReturn

from keepers.core.errors import RecordError


def short(value: Any) -> str:
    """A value as it may appear in a one-line message: its repr, cut short."""
    text = " ".join(repr(value).split())
    return text if len(text) <= 40 else f"{text[:37]}..."


def is_whole(value: Any) -> bool:
    """True for an int that is not a bool (JSON's whole numbers)."""
    return type(value) is int


class FieldReader:
    """Typed reads of the fields of one file; ``what`` names the file in messages."""

    __slots__ = ("what",)

    def __init__(self, what: str) -> None:
        self.what = what

    def refuse(self, field: str, message: str) -> NoReturn:
        """Raise the one-line refusal of ``field``."""
        raise RecordError(f"{self.what}: {field} {message}")

    def whole(self, value: Any, field: str, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``."""
        if not is_whole(value) or not low <= value <= high:
            self.refuse(field, f"must be a whole number from {low} to {high}, not {short(value)}")
        return int(value)

    def flag(self, value: Any, field: str) -> bool:
        """true or false."""
        if not isinstance(value, bool):
            self.refuse(field, f"must be true or false, not {short(value)}")
        return value

    def text(self, value: Any, field: str, allowed: Collection[str] | None = None) -> str:
        """A text, one of ``allowed`` when given."""
        if not isinstance(value, str) or (allowed is not None and value not in allowed):
            what = "a text" if allowed is None else _one_of(allowed)
            self.refuse(field, f"must be {what}, not {short(value)}")
        return value

    def array(self, value: Any, field: str, low: int = 0, high: int = 10_000) -> list[Any]:
        """A list of ``low`` to ``high`` entries (exactly ``low`` when both are equal); a
        tuple counts as a list (a position's ``to_dict`` holds tuples until written)."""
        if not isinstance(value, list | tuple) or not low <= len(value) <= high:
            size = f"{low}" if low == high else f"{low} to {high}"
            self.refuse(field, f"must be a list of {size} entries, not {short(value)}")
        return list(value)

    def wholes(self, value: Any, field: str, size: int, low: int, high: int) -> list[int]:
        """A list of exactly ``size`` whole numbers from ``low`` to ``high``."""
        items = self.array(value, field, size, size)
        return [self.whole(item, f"{field}[{i}]", low, high) for i, item in enumerate(items)]

    def texts(self, value: Any, field: str, allowed: Collection[str] | None = None,
              high: int = 10_000) -> list[str]:
        """A list of at most ``high`` texts, each one of ``allowed`` when given."""
        items = self.array(value, field, 0, high)
        return [self.text(item, f"{field}[{i}]", allowed) for i, item in enumerate(items)]

    def flags(self, value: Any, field: str, size: int) -> list[bool]:
        """A list of exactly ``size`` flags."""
        items = self.array(value, field, size, size)
        return [self.flag(item, f"{field}[{i}]") for i, item in enumerate(items)]

    def record(self, value: Any, field: str, keys: Collection[str]) -> dict[str, Any]:
        """An object holding exactly ``keys``."""
        if not isinstance(value, dict):
            self.refuse(field, f"must be an object, not {short(value)}")
        missing = sorted(set(keys) - set(value))
        unknown = sorted(set(value) - set(keys))
        if missing:
            self.refuse(field, f"lacks {missing[0]!r}")
        if unknown:
            self.refuse(field, f"holds the unknown key {short(unknown[0])}")
        return value

    def distinct(self, items: list[Any], field: str) -> None:
        """Refuse a list that names something twice."""
        seen: set[Any] = set()
        for item in items:
            key = tuple(item) if isinstance(item, list | tuple) else item
            if key in seen:
                self.refuse(field, f"names {short(item)} twice")
            seen.add(key)


def _one_of(allowed: Collection[str]) -> str:
    names = sorted(allowed)
    shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
    return f"one of {shown}"
