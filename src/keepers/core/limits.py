"""Limits on the files keepers reads, checked before the JSON parser sees them.

A record or a position file comes from outside: a hand-edited file, a bug
report, a truncated download.  :func:`parse_json` refuses, with one line, a
text that would make the parser itself misbehave: too large to be a game,
nested deeper than any position (``[`` a hundred thousand times ends in a
RecursionError), a number longer than any count or seed (thousands of digits
make Python's ``int`` refuse the conversion) or a number JSON does not have
(``Infinity``, ``NaN``, ``1e999``).  What the parsed value means is then the
business of the record or the game that reads it.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from pathlib import Path
from typing import Any

from keepers.core.errors import RecordError

MAX_TEXT_CHARS = 16_000_000
"""Longest file accepted: a full position or a long record holds well under a megabyte."""
MAX_FILE_BYTES = 4 * MAX_TEXT_CHARS
"""Bytes read from a file at most (UTF-8 spends up to four bytes on a character)."""
MAX_DEPTH = 32
"""Deepest nesting of arrays and objects: positions nest fewer than ten levels."""
MAX_NUMBER_CHARS = 24
"""Longest number: a 64-bit seed or generator state has 20 digits."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_LONG_NUMBER = re.compile(rf"[-+0-9.eE]{{{MAX_NUMBER_CHARS + 1},}}")
_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = str.maketrans({"[": "\x02", "{": "\x02", "]": "\x00", "}": "\x00"})


def read_text(path: str | Path) -> str:
    """The UTF-8 text of the file at ``path``, reading no more than :data:`MAX_FILE_BYTES`
    (a huge file or a device that never ends is refused, not read into memory)."""
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise RecordError(f"{path} is too large (more than {MAX_FILE_BYTES} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file (not UTF-8)") from None


def check_text(text: str, what: str) -> None:
    """Refuse ``text`` (the contents of ``what``) when it breaks a limit, in one line."""
    if len(text) > MAX_TEXT_CHARS:
        raise RecordError(f"{what} is too large ({len(text)} characters; "
                          f"at most {MAX_TEXT_CHARS})")
    bare = _STRING.sub('""', text)  # what strings hold is no number and no nesting
    number = _LONG_NUMBER.search(bare)
    if number is not None:
        raise RecordError(f"{what} holds a number of more than {MAX_NUMBER_CHARS} "
                          f"characters at offset {number.start()}")
    depth = max_depth(bare)
    if depth > MAX_DEPTH:
        raise RecordError(f"{what} nests arrays or objects {depth} deep (at most {MAX_DEPTH})")


def max_depth(bare: str) -> int:
    """The deepest nesting of brackets in ``bare`` (a JSON text with its strings emptied)."""
    steps = _BRACKETS.sub("", bare).translate(_DEPTH_STEP).encode("latin-1")
    # each opening bracket counts +1, each closing one -1 (byte 2 or 0, minus 1)
    return max(accumulate(step - 1 for step in steps), default=0)


def parse_json(text: str, what: str) -> Any:
    """Check ``text`` against the limits, then parse it; :class:`RecordError` on any defect.

    Numbers must be finite: ``NaN``, ``Infinity`` and overflowing floats are refused.
    """
    check_text(text, what)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{what} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:  # the depth check above makes this unreachable; kept as a guard
        raise RecordError(f"{what} nests arrays or objects too deep") from None


def _no_constant(name: str) -> Any:
    raise RecordError(f"JSON has no number {name}: a file holds finite numbers only")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {text} is too large for a file")
    return value
