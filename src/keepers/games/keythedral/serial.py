"""Position files: the whole Keythedral position as JSON-ready data and back.

The format is fixed (saved games and the golden records depend on it): keys
and their order are those of the first version.  Two fields are saved under
their old names: the field-tile stack as ``stack`` and the rules steps as
``frames``.  ``docs/positions.md`` describes every field.

A position read back is checked in full by :mod:`~keepers.games.keythedral.validate`
before and after it is built: a defect raises :class:`RecordError` naming the field.
"""

from __future__ import annotations

from typing import Any

from keepers.core.errors import KeepersError
from keepers.core.game import detached
from keepers.core.rng import Rng
from keepers.games.keythedral import rules  # noqa: F401  (rules fill flow's tables)
from keepers.games.keythedral.data import KeythedralData
from keepers.games.keythedral.state import Choice, Position
from keepers.games.keythedral.validate import check_position, check_raw

_PLAIN = ("round", "phase", "first", "store", "craftsmen", "stocks", "fences_left", "markers",
          "deck", "law_spaces", "hands", "discard", "rows", "revealed", "unused", "owned",
          "stack", "drawn", "workorder", "moratorium", "passes", "retired", "over",
          "was_capped")
"""Fields saved as they are, by their key in the file."""
_FIELD_OF_KEY = {"stack": "field_stack"}
"""Position fields saved under another name."""
_SETS = ("trespass", "hard_worker", "bumper", "blight")


def _copy(value: Any) -> Any:
    """An independent copy of nested lists (a position never shares lists with a state)."""
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def tuples(value: Any) -> Any:
    """JSON arrays back to the tuples the rules flow uses."""
    if isinstance(value, list):
        return tuple(tuples(v) for v in value)
    return value


def position_to_dict(position: Position) -> dict[str, Any]:
    """Every field of the position, hidden ones included."""
    out: dict[str, Any] = {"players": position.n, "options": dict(position.options),
                           "rng": position.rng.state}
    for name in _PLAIN:
        out[name] = _copy(getattr(position, _FIELD_OF_KEY.get(name, name)))
    for name in _SETS:
        out[name] = sorted(getattr(position, name))
    out["fields"] = [[x, y, t, position.field_ids[(x, y)]] for (x, y), t in position.fields.items()]
    out["tiles"] = [[x, y, o, n, h] for (x, y), (o, n, h) in position.tiles.items()]
    out["tile_slot"] = [[list(p) if p else None for p in row] for row in position.tile_slot]
    out["fences"] = [[a, b, c, d, o] for ((a, b), (c, d)), o in position.fences.items()]
    out["workers"] = [[x, y, o] for (x, y), o in position.workers.items()]
    out["price_cards"] = [[r, i, list(cards)] for (r, i), cards in position.price_cards.items()]
    out["renumber"] = [[p, m, n] for (p, m), n in position.renumber.items()]
    out["crop_choice"] = [[p, t] for p, t in position.crop_choice.items()]
    out["withdrawn"] = [list(w) for w in position.withdrawn]
    out["purchase"] = list(position.purchase) if position.purchase else None
    out["price"] = list(position.price)
    out["frames"] = [list(f) for f in position.steps]
    out["pending"] = list(position.pending) if position.pending else None
    out["exposed"] = sorted([p, c] for p, c in position.exposed)
    out["log"] = [detached(e) for e in position.events()]  # a harvest's counts: lists too
    return out


class OldPositionError(KeepersError, ValueError):
    """A position saved in a form that the current rules no longer produce."""


def position_from_dict(data: KeythedralData, raw: dict[str, Any]) -> Position:
    """Rebuild a position from :func:`position_to_dict` output; every field is checked
    first (:class:`~keepers.core.errors.RecordError` naming the field when invalid)."""
    _refuse_old_form(raw)
    check_raw(data, raw)
    try:
        position = _build(data, raw)
    except (KeyError, TypeError, ValueError, IndexError) as exc:  # check_raw missed it
        raise KeepersError(f"bad Keythedral position: {exc!r}") from None
    check_position(position)
    return position


def _refuse_old_form(raw: dict[str, Any]) -> None:
    """KT-12.14 (revised): Hard Worker no longer asks which worker to double, so the
    pending "hardworker" choice and the collection step that carried the chosen
    worker are gone; a position holding either was saved under the old rule."""
    if not isinstance(raw, dict):
        return  # _build reports malformed input
    pending, frames = raw.get("pending"), raw.get("frames")
    old_choice = isinstance(pending, list) and pending[:1] == ["hardworker"]
    old_frame = isinstance(frames, list) and any(
        isinstance(f, list) and f[:1] == ["collect"] and len(f) == 3 for f in frames)
    if old_choice or old_frame:
        raise OldPositionError(
            "bad Keythedral position: saved under the old Hard Worker rule (one chosen "
            "worker); KT-12.14 now doubles every worker, so this position cannot be resumed")


def _build(data: KeythedralData, raw: dict[str, Any]) -> Position:
    position = Position(data, int(raw["players"]), dict(raw["options"]))
    position.rng = Rng(int(raw["rng"]))
    for name in _PLAIN:
        setattr(position, _FIELD_OF_KEY.get(name, name), _copy(raw[name]))
    for name in _SETS:
        setattr(position, name, frozenset(raw[name]))
    position.fields = {(x, y): t for x, y, t, _ in raw["fields"]}
    position.field_ids = {(x, y): i for x, y, _, i in raw["fields"]}
    position.tiles = {(x, y): (o, n, bool(h)) for x, y, o, n, h in raw["tiles"]}
    position.tile_slot = [[(p[0], p[1]) if p else None for p in row] for row in raw["tile_slot"]]
    position.fences = {((a, b), (c, d)): o for a, b, c, d, o in raw["fences"]}
    position.workers = {(x, y): o for x, y, o in raw["workers"]}
    position.price_cards = {(r, i): tuple(cards) for r, i, cards in raw["price_cards"]}
    position.renumber = {(p, m): n for p, m, n in raw["renumber"]}
    position.crop_choice = {p: t for p, t in raw["crop_choice"]}
    position.withdrawn = tuples(raw["withdrawn"])
    position.purchase = tuples(raw["purchase"]) if raw["purchase"] else None
    position.price = tuple(raw["price"])
    position.steps = [tuples(f) for f in raw["frames"]]
    position.pending = Choice(*tuples(raw["pending"])) if raw["pending"] else None
    position.exposed = frozenset((p, c) for p, c in raw["exposed"])
    position.log = linked_log(raw["log"])
    return position


def linked_log(events: list[list[Any]]) -> Any:
    """A log in file form (oldest first) as a position holds it: a linked list, newest
    first, of tuples as the rules log them (sharing no list with ``events``)."""
    log: Any = None
    for event in events:
        log = (tuples(event), log)
    return log
