"""Positions to and from JSON-ready data (the position file format, GR-28.3).

``docs/positions.md`` describes every field.  A position read back is checked in
full by :mod:`~keepers.games.gardiens.validate`: its fields before it is built
(:func:`check_raw`), the position as a whole after (:func:`check_position`); a
defect raises :class:`~keepers.core.errors.RecordError` with one line naming the
field, so that a corrupt position file is refused at once instead of failing later.
"""

from __future__ import annotations

from typing import TypeVar

from keepers.core.game import JsonDict
from keepers.core.rng import Rng
from keepers.games.gardiens.data import GameData, load
from keepers.games.gardiens.state import (
    LIST_FIELDS,
    NESTED_FIELDS,
    SCALAR_FIELDS,
    Position,
    copy_ctx,
)
from keepers.games.gardiens.validate import check_position, check_raw

__all__ = ["check_position", "position_from_dict", "position_to_dict"]

P = TypeVar("P", bound=Position)


def position_to_dict(st: Position) -> JsonDict:
    """The full position as JSON-ready data (hidden items included)."""
    out: JsonDict = {"players": st.n, "rng": st.rng.state, "options": dict(st.options)}
    for name in SCALAR_FIELDS:
        out[name] = getattr(st, name)
    for name in LIST_FIELDS:
        out[name] = list(getattr(st, name))
    for name in NESTED_FIELDS:
        out[name] = [list(x) for x in getattr(st, name)]
    out["ctx"] = copy_ctx(st.ctx)
    out["last_combat"] = copy_ctx(st.last_combat) if st.last_combat else None
    return out


def position_from_dict(kind: type[P], data: JsonDict, game_data: GameData | None = None) -> P:
    """Rebuild a position of class ``kind`` from :func:`position_to_dict` output; its
    fields are checked first (:func:`check_raw`), the whole position is not (see
    :func:`check_position`)."""
    check_raw(game_data or load(), data)
    st = kind(game_data, data["players"])
    st.rng = Rng(data["rng"])
    st.set_options(data["options"])
    for name in SCALAR_FIELDS:
        setattr(st, name, data[name])
    for name in LIST_FIELDS:
        setattr(st, name, list(data[name]))
    for name in NESTED_FIELDS:
        setattr(st, name, [list(x) for x in data[name]])
    st.ctx = copy_ctx(data.get("ctx") or {})
    combat = data.get("last_combat")
    st.last_combat = copy_ctx(combat) if combat else None
    return st
