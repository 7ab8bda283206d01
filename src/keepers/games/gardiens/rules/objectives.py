"""Secret objectives (GR-24): conditions read from the data file, tested at the
checkpoints (GR-24.3).

Each condition kind measures a number for the player, compared with the
condition's ``at_least`` (1 when absent); ``all`` combines sub-conditions.

Objectives are tested at every checkpoint for every player, so each condition
is compiled once per game data (when first needed), into a small test ``(state, player)
-> bool`` with its names already resolved to indices.  A condition that does
not compile (unknown kind, resource or building) becomes a test that evaluates
it the slow way, so that it fails exactly when and how it always did.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from keepers.games.gardiens.data import GameData
from keepers.games.gardiens.rules import board
from keepers.games.gardiens.state import Position

Measure = Callable[[Position, int, dict[str, Any], list[int]], int]


Check = Callable[[Position, int], bool]


TIMED_CHECKPOINTS = ("snapshot", "own_end_of_turn")
"""Objective timings tested only at some checkpoints (GR-24.3); others: at every one."""


OWNER, COUNT, BUILDING = 1, 2, 4
ALL_PARTS = OWNER | COUNT | BUILDING
"""The parts of the board a test may read: ``owner`` (with ``first``, the seat order),
``count`` and ``building`` (see :class:`ObjectivePlan`)."""


BOARD_KINDS = {"control_printed": OWNER, "control_kind": OWNER, "control_count": OWNER,
               "control_citadel": OWNER, "home_and_neighbours": OWNER,
               "guardians_on_map": OWNER | COUNT, "control_building": OWNER | BUILDING}
"""Conditions whose compiled test reads only the board (besides the fixed layout),
with the parts of it they read."""


_CHEAP_KINDS = ("hold_resource", "hand_size", "counter")
"""Conditions read from one number: an ``all`` tests them first (the tests are pure,
so their order cannot change the result, only how soon a false one is found)."""


def holds(st: Position, p: int, cond: dict[str, Any], mine: list[int]) -> bool:
    """Evaluate a condition (GR-24.2), without compiling it.

    ``mine`` starts empty and is filled with the player's hexes when first needed,
    so that the conditions tested at one checkpoint share it.
    """
    kind = cond["kind"]
    if kind == "all":
        return all(holds(st, p, sub, mine) for sub in cond["of"])
    measure = _MEASURES.get(kind)
    if measure is None:
        raise ValueError(f"unknown objective condition {kind!r}")
    return measure(st, p, cond, mine) >= int(cond.get("at_least", 1))


# -- the objectives pending in a position -------------------------------------------
PendingObjective = tuple[int, int, str, bool, int, Check]
"""``(player, slot, checkpoint, own, reads, test)``: ``checkpoint`` is "" for an
objective tested at every checkpoint, else the only one where it is tested, and then
only on its owner's turn when ``own`` (GR-24.3); ``reads``: for an untimed objective
whose test reads only the board, the parts it reads (``OWNER | COUNT | BUILDING``), else 0."""


_TIMED_AT = {"snapshot": "CP6", "own_end_of_turn": "CP4"}
"""The only checkpoint of each of the ``TIMED_CHECKPOINTS`` (GR-24.3)."""


class ObjectivePlan:
    """The objectives not yet accomplished in a position, ready to test.

    Built from the position's ``objectives`` and ``achieved`` and kept on the state
    (``Position.objective_cache``), because walking the cards at every checkpoint
    cost more than the tests.  It keeps copies of the lists it was built from, and
    :func:`plan_of` rebuilds it whenever they differ, so that changes made by the rules
    or by hand (tests) are always seen.

    The pending objectives are sorted into three groups, each a tuple ready to loop
    over: ``untimed`` ``(player, slot, test)``, the untimed tests reading more than the
    board; ``board`` ``(player, slot, reads, test)``, the untimed board-only tests;
    ``timed`` ``(player, slot, checkpoint, own, test)`` (see :data:`PendingObjective`).

    It also memoises the board-only tests: ``owner``, ``count``, ``building`` and
    ``first`` copy the board on which every untimed board-only test of the plan last
    failed (None: unknown).  The tests are pure, so one that reads none of the parts
    changed since then would fail again, in any state the plan matches (clones share it).
    """

    __slots__ = ("data", "objectives", "achieved", "untimed", "board", "timed",
                 "reads", "owner", "count", "building", "first")

    def __init__(self, st: Position) -> None:
        self.data: GameData = st.data
        self.objectives = [list(o) for o in st.objectives]
        self.achieved = [list(a) for a in st.achieved]
        pending = _pending(st)
        self.untimed = tuple((p, i, check) for p, i, at, _, reads, check in pending
                             if not at and not reads)
        self.board = tuple((p, i, reads, check) for p, i, at, _, reads, check in pending
                           if not at and reads)
        self.timed = tuple((p, i, at, own, check) for p, i, at, own, _, check in pending if at)
        self.reads = 0  # the parts of the board read by the board-only tests
        for entry in self.board:
            self.reads |= entry[2]
        self.owner: list[int] | None = None
        self.count: list[int] | None = None
        self.building: list[int] | None = None
        self.first = -1

    def changed_parts(self, st: Position) -> int:
        """The parts of the board read by the board-only tests that changed since
        :meth:`remember` (all of them when unknown)."""
        reads = self.reads
        changed = 0
        if reads & OWNER and (self.owner != st.owner or self.first != st.first):
            changed = OWNER
        if reads & COUNT and self.count != st.count:
            changed |= COUNT
        if reads & BUILDING and self.building != st.building:
            changed |= BUILDING
        return changed

    def remember(self, st: Position, parts: int) -> None:
        """Every untimed board-only test has just failed on the state's board, whose
        ``parts`` are not known to the plan yet."""
        if parts & OWNER:
            self.owner = st.owner.copy()
            self.first = st.first
        if parts & COUNT:
            self.count = st.count.copy()
        if parts & BUILDING:
            self.building = st.building.copy()


def _pending(st: Position) -> list[PendingObjective]:
    """The objectives not accomplished yet, in player then card order (see ``checks``)."""
    checks, reads = compiled(st.data)
    defs = st.data.objectives
    pending: list[PendingObjective] = []
    for p, (objectives_p, achieved) in enumerate(zip(st.objectives, st.achieved, strict=True)):
        for i, oid in enumerate(objectives_p):
            if not achieved[i]:
                every_cp, check = checks[oid]
                at = "" if every_cp else _TIMED_AT[defs[oid].checkpoint]
                own = defs[oid].checkpoint == "own_end_of_turn"
                pending.append((p, i, at, own, reads[oid] if every_cp else 0, check))
    return pending


def plan_of(st: Position) -> ObjectivePlan:
    """The state's :class:`ObjectivePlan`, rebuilt when it does not match the state's
    data, objective cards and their status."""
    plan: ObjectivePlan | None = st.objective_cache  # kept on the position, typed there as Any
    if (plan is None or plan.data is not st.data or plan.objectives != st.objectives
            or plan.achieved != st.achieved):
        plan = st.objective_cache = ObjectivePlan(st)
    return plan


# -- compiled conditions (the hot path) --------------------------------------------
_COMPILED: dict[int, tuple[GameData, dict[str, tuple[bool, Check]], dict[str, int]]] = {}
"""By ``id`` of the game data: the data itself (so that its id is not reused), the
tests of its objectives (``id -> (tested at every checkpoint?, test)``) and the parts
of the board each test reads, if only those (``id -> parts``, see :func:`board_reads`)."""


def compiled(data: GameData) -> tuple[dict[str, tuple[bool, Check]], dict[str, int]]:
    """The compiled tests of the data's objectives and the board parts they read,
    compiled the first time they are asked for (when a plan is built, see :func:`_pending`)."""
    entry = _COMPILED.get(id(data))
    if entry is None or entry[0] is not data:
        keys = tuple(b.key for b in data.buildings)
        checks = {oid: (o.checkpoint not in TIMED_CHECKPOINTS,
                        compile_condition(o.condition, data.res_index, keys))
                  for oid, o in data.objectives.items()}
        reads = {oid: board_reads(o.condition, data.res_index, keys)
                 for oid, o in data.objectives.items()}
        entry = _COMPILED[id(data)] = (data, checks, reads)
    return entry[1], entry[2]


def compile_condition(cond: dict[str, Any], res_index: dict[str, int],
                      building_keys: tuple[str, ...]) -> Check:
    """Return a fast test equivalent to :func:`holds` for this condition."""
    try:
        return _compile(cond, res_index, building_keys)
    except (AttributeError, KeyError, TypeError, ValueError):
        return lambda st, p: holds(st, p, cond, [])


def board_reads(cond: dict[str, Any], res_index: dict[str, int],
                building_keys: tuple[str, ...]) -> int:
    """The parts of the board (``OWNER | COUNT | BUILDING``) that the compiled test of
    ``cond`` reads, when it reads nothing else; else 0.  A condition that does not
    compile is tested the slow way and may read anything: 0."""
    try:
        _compile(cond, res_index, building_keys)
    except (AttributeError, KeyError, TypeError, ValueError):
        return 0
    return _board_reads(cond)


def _board_reads(cond: dict[str, Any]) -> int:
    if cond["kind"] != "all":
        return BOARD_KINDS.get(cond["kind"], 0)
    out = 0
    for sub in cond["of"]:
        reads = _board_reads(sub)
        if not reads:
            return 0
        out |= reads
    return out


def _compile(cond: dict[str, Any], res_index: dict[str, int],
             building_keys: tuple[str, ...]) -> Check:
    kind = cond["kind"]
    if kind == "all":
        subs = sorted(cond["of"], key=lambda sub: sub.get("kind") not in _CHEAP_KINDS)
        return _all_of(tuple(_compile(sub, res_index, building_keys) for sub in subs))
    need = int(cond.get("at_least", 1))
    if kind == "hold_resource":
        r = res_index[cond["resource"]]
        return lambda st, p: st.cubes[p][r] >= need
    if kind == "hand_size":
        return lambda st, p: len(st.hands[p]) >= need
    if kind == "counter":
        return _compile_counter(str(cond["counter"]), need)
    if kind == "guardians_on_map":
        return lambda st, p: _on_board(st, p) >= need
    if kind == "control_building":
        return _compile_building(building_keys.index(cond["building"]), need)
    if kind == "home_and_neighbours":
        return _compile_home(need)
    if kind == "control_citadel":
        return lambda st, p: int(st.owner[st.layout.citadel] == p) >= need
    if kind == "control_count":
        return lambda st, p: st.owner.count(p) >= need
    if kind == "control_kind":
        hex_kind = str(cond["hex_kind"])
        return lambda st, p: (hex_kind in st.layout.kind_pick
                              and st.layout.kind_pick[hex_kind](st.owner).count(p) >= need)
    if kind == "control_printed":
        r = res_index[cond["resource"]]
        return lambda st, p: st.layout.printed_pick[r](st.owner).count(p) >= need
    raise ValueError(kind)


def _all_of(subs: tuple[Check, ...]) -> Check:
    def check(st: Position, p: int) -> bool:
        for sub in subs:
            if not sub(st, p):
                return False
        return True
    return check


def _on_board(st: Position, p: int) -> int:
    """The player's guardians on the map (as ``Position.controlled``, without a list)."""
    owner, count = st.owner, st.count
    total = 0
    h = -1
    for _ in range(owner.count(p)):
        h = owner.index(p, h + 1)
        total += count[h]
    return total


def _compile_counter(name: str, need: int) -> Check:
    if name == "combats_won":
        return lambda st, p: st.combats_won[p] >= need
    if name == "building_types_built":
        return lambda st, p: len(st.types_built[p]) >= need
    if name == "trade_actions":
        return lambda st, p: st.trades[p] >= need
    raise ValueError(name)


def _compile_building(want: int, need: int) -> Check:
    def check(st: Position, p: int) -> bool:
        if st.building.count(want) < need:  # buildings are rare: usually decided here
            return False
        return board.controls_building_type(st, p, want) >= need
    return check


def _compile_home(need: int) -> Check:
    def check(st: Position, p: int) -> bool:
        # p owns its home slot (seat - 1) and every neighbour of it
        owners = st.layout.home_pick[(p - st.first) % st.n](st.owner)
        return int(owners.count(p) == len(owners)) >= need
    return check


# -- the reference measures (used by holds) ----------------------------------------
def _hexes(st: Position, p: int, mine: list[int]) -> list[int]:
    if not mine:
        mine.extend(board.controlled(st, p))
    return mine


def _hold(st: Position, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    return st.cubes[p][st.data.res(cond["resource"])]


def _hand(st: Position, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    return len(st.hands[p])


def _counter(st: Position, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    name = cond["counter"]
    if name == "combats_won":
        return st.combats_won[p]
    if name == "building_types_built":
        return len(st.types_built[p])
    if name == "trade_actions":
        return st.trades[p]
    raise ValueError(f"unknown counter {name!r}")


def _on_map(st: Position, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    return sum(st.count[h] for h in _hexes(st, p, mine))


def _building(st: Position, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    want = st.data.building_index[cond["building"]]
    return sum(1 for h in _hexes(st, p, mine) if st.building[h] == want)


def _homeland(st: Position, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    home = st.home(p)
    return int(all(st.owner[h] == p for h in (home, *st.layout.neighbours[home])))


def _citadel(st: Position, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    return int(st.owner[st.layout.citadel] == p)


def _count(st: Position, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    return len(_hexes(st, p, mine))


def _kind(st: Position, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    hexes = st.layout.hexes
    return sum(1 for h in _hexes(st, p, mine) if hexes[h].kind == cond["hex_kind"])


def _printed(st: Position, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    res, hexes = st.data.res(cond["resource"]), st.layout.hexes
    return sum(1 for h in _hexes(st, p, mine) if hexes[h].resource == res)


_MEASURES: dict[str, Measure] = {
    "hold_resource": _hold, "hand_size": _hand, "counter": _counter,
    "guardians_on_map": _on_map, "control_building": _building,
    "home_and_neighbours": _homeland, "control_citadel": _citadel,
    "control_count": _count, "control_kind": _kind, "control_printed": _printed,
}


TIMED_CHECKPOINT_CPS = ("CP4", "CP6")  # the only ones where a timed objective is tested


def test_objectives(st: Position, cp: str, retest: bool = True) -> None:
    """GR-24.3: test every not-yet-accomplished objective allowed at this checkpoint.

    This runs at every checkpoint for every player, hence flat loops over the pending
    objectives and their precompiled tests (see :class:`ObjectivePlan`).
    A board-only test that reads only parts of the board unchanged since all such tests
    last failed is skipped: it would fail again.  The tests are pure, so the order in
    which they run does not matter.
    """
    plan = plan_of(st)
    achieved = st.achieved
    done = False
    changed = 0
    if retest:
        for p, i, check in plan.untimed:
            if check(st, p):
                achieved[p][i] = done = True
        changed = plan.changed_parts(st)
        if changed:
            for p, i, reads, check in plan.board:
                if reads & changed and check(st, p):
                    achieved[p][i] = done = True
    if cp in TIMED_CHECKPOINT_CPS:  # the only checkpoints of the timed objectives
        active = st.active
        for p, i, at, own, check in plan.timed:
            if at == cp and (p == active or not own) and check(st, p):
                achieved[p][i] = done = True
    if not retest:
        return
    if done:  # every untimed test still pending has failed on this board: tell the new plan
        plan_of(st).remember(st, ALL_PARTS)
    elif changed:
        plan.remember(st, changed)
