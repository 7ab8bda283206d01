"""Positions to and from JSON-ready data (the position file format, GR-28.3), and the
checks of a position read from a file: shapes, ranges and conservation (GR-1.4, GR-14).

A position that fails raises :class:`ValueError` with a one-line reason, so that
loading a corrupt position file is refused at once instead of failing later.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, TypeVar

from keepers.core.game import JsonDict
from keepers.core.rng import Rng
from keepers.games.gardiens import flow
from keepers.games.gardiens.data import GameData
from keepers.games.gardiens.rules import board
from keepers.games.gardiens.state import (
    LIST_FIELDS,
    NESTED_FIELDS,
    NONE,
    SCALAR_FIELDS,
    Position,
    copy_ctx,
)

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
    """Rebuild a position of class ``kind`` from :func:`position_to_dict` output
    (not checked: see :func:`check_position`)."""
    st = kind(game_data, int(data["players"]))
    st.rng = Rng(int(data["rng"]))
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


def check_position(st: Position) -> None:
    """Raise ValueError when a rebuilt position is not a possible position of the game."""
    _check_shapes(st)
    _check_board(st)
    _check_cubes(st)
    _check_cards(st)
    _check_pending(st)


def _ints(name: str, values: Any, size: int, low: int = NONE) -> None:
    if not isinstance(values, list) or len(values) != size:
        raise ValueError(f"{name} must be a list of {size} entries")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= low for v in values):
        raise ValueError(f"{name} holds a value that is not an integer >= {low}")


def _check_shapes(st: Position) -> None:
    n, hexes, res = st.n, len(st.layout.hexes), len(st.data.resources)
    for name in ("owner", "building", "protect"):
        _ints(name, getattr(st, name), hexes)
    _ints("count", st.count, hexes, 0)
    for name in ("reserve", "banked_build", "banked_combat", "snap_hexes", "combats_won",
                 "trades"):
        _ints(name, getattr(st, name), n, 0)
    _ints("ally", st.ally, n)
    _ints("supply", st.supply, res, 0)
    _ints("bsupply", st.bsupply, len(st.data.buildings), 0)
    for name in ("cubes", "hands", "objectives", "achieved", "types_built"):
        if not isinstance(getattr(st, name), list) or len(getattr(st, name)) != n:
            raise ValueError(f"{name} must hold one entry per player ({n})")
    for p in range(n):
        _ints(f"cubes[{p}]", st.cubes[p], res, 0)
    for name in ("first", "active", "decider"):
        value = getattr(st, name)
        if not isinstance(value, int) or not 0 <= value < n:
            raise ValueError(f"{name} must be a player index below {n}")
    if not isinstance(st.round, int) or st.round < 0:
        raise ValueError("round must be a non-negative integer")
    _check_scalars(st)


def _check_scalars(st: Position) -> None:
    for name in ("coop", "over", "capped_flag", "partner_refused"):
        if not isinstance(getattr(st, name), bool):
            raise ValueError(f"{name} must be true or false")
    if not isinstance(st.max_rounds, int) or st.max_rounds < 1:
        raise ValueError("max_rounds must be a positive integer")
    if st.round_effect and st.round_effect not in st.data.event_of:
        raise ValueError(f"unknown event in force {st.round_effect!r}")
    if not isinstance(st.ctx, dict):
        raise ValueError("the pending decision's context must be an object")
    shadows = len(st.layout.origins) if st.coop else 0
    _ints("shadow_pos", st.shadow_pos, shadows)
    if len(st.shadow_delayed) != shadows:
        raise ValueError("shadow_delayed must hold one flag per Shadow")
    for p in range(st.n):
        if len(st.achieved[p]) != len(st.objectives[p]):
            raise ValueError(f"player {p}'s objective status does not match the cards")
        if any(key not in st.data.building_index for key in st.types_built[p]):
            raise ValueError(f"player {p} has built an unknown building type")


def _check_board(st: Position) -> None:
    limit = st.data.rule("max_guardians_per_hex")
    for h, (owner, count) in enumerate(zip(st.owner, st.count, strict=True)):
        if (owner == NONE) != (count == 0) or owner >= st.n or count > limit:
            raise ValueError(f"hex {st.label(h)} has {count} guardian(s) of owner {owner}")
        if count and h in st.shadow_pos and not st.shadows_advance:  # GR-25.3 (GR-29.6)
            raise ValueError(f"hex {st.label(h)} holds guardians and a Shadow")
        if not NONE <= st.building[h] < len(st.data.buildings):
            raise ValueError(f"hex {st.label(h)} has an unknown building")
    for p in range(st.n):
        if st.reserve[p] + board.on_board(st, p) != st.data.guardians_per_player:
            raise ValueError(f"player {p} does not have {st.data.guardians_per_player} guardians")
    for b, definition in enumerate(st.data.buildings):
        if st.bsupply[b] + st.building.count(b) != definition.copies:
            raise ValueError(f"{definition.key} tiles do not add up to {definition.copies}")


def _check_cubes(st: Position) -> None:
    for r, total in enumerate(st.data.supply):
        if st.supply[r] + sum(c[r] for c in st.cubes) != total:
            raise ValueError(f"{st.data.resources[r]} cubes do not add up to {total}")


def _check_cards(st: Position) -> None:
    playing = [st.ctx["card"]] if isinstance(st.ctx.get("card"), str) else []
    cards = [*st.deck, *st.river, *st.discard, *playing]
    cards += [c for hand in st.hands for c in hand]
    if Counter(cards) != Counter(st.data.card_instances):
        raise ValueError("the Action cards do not add up to the 80 of the game")
    if Counter([*st.events, *st.event_discard]) != Counter(st.data.event_instances):
        raise ValueError("the Event cards do not add up to the 30 of the game")
    dealt = [o for objectives in st.objectives for o in objectives]
    if any(o not in st.data.objectives for o in dealt) or len(set(dealt)) != len(dealt):
        raise ValueError("unknown or duplicated objective cards")


def _check_pending(st: Position) -> None:
    if st.over:
        return
    if st.phase not in flow.STEPS:
        raise ValueError(f"unknown pending decision {st.phase!r}")
    try:
        legal = st.legal_actions()
        st.view(st.decider)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"the pending decision {st.phase!r} is malformed ({exc!r})") from None
    if not legal:
        raise ValueError(f"the pending decision {st.phase!r} has no legal choice")
