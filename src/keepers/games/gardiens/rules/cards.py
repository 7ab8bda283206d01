"""PLAY_CARD (GR-12) and the operations of Action cards (GR-21, GR-22; co-op GR-25.13).

A played card's operations run in order; an operation that needs choices
stops the run and waits for small sequential decisions (the ``effect`` step),
then the run resumes.  Reproduce runs a collection (GR-5), which hands back
with ``resume_effect``.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from keepers.games.gardiens import flow
from keepers.games.gardiens.data import covers, needs_of, pay_vector
from keepers.games.gardiens.rules import actions, board, collection, components, events, seats, turn
from keepers.games.gardiens.state import NONE, Position

AUTO_OPS = ("gain", "draw", "pay")


_MOVING_OPS = ("free_move", "teleport")  # impossible while an event forbids MOVE (GR-12.4)


# -- playing a card --------------------------------------------------------------
def card_ops(st: Position, card: str, substitute: bool) -> tuple[dict[str, Any], ...]:
    """The operations a card performs (co-op hostile cards: ``shadow_delay``, GR-25.13)."""
    if substitute:
        return tuple(st.data.coop["hostile_card_substitute"])
    return st.card(card).effect


def playable_actions(st: Position, p: int) -> list[str]:
    """``play <card>`` for every action card the player can play now (GR-12.2, 12.4)."""
    out: list[str] = []
    hand = st.hands[p]
    if not hand:
        return out
    data, have = st.data, st.cubes[p]
    card_of, pay_needs = data.card_of, data.pay_needs
    playable: list[str] = []
    for card in hand:  # the tests are pure: sort (and dedupe) only the few that pass
        definition = card_of[card]
        if definition.timing != "action":
            continue
        if st.coop and definition.hostile:
            ops = card_ops(st, card, True)
            needs = needs_of(pay_vector(ops, data.res_index))
        else:  # the card's own operations (``card_ops`` without a substitute)
            ops, needs = definition.effect, pay_needs[definition.id]
        # the cost test first (``st.can_pay`` on the needs derived at load): it is
        # cheap, and both tests are pure
        if (not needs or covers(have, needs)) and _all_possible(st, p, ops):
            playable.append(card)
    if len(playable) > 1:
        playable = sorted(set(playable))
    for card in playable:
        out.append(data.play_cmds[card])
    return out


def _all_possible(st: Position, p: int, ops: tuple[dict[str, Any], ...]) -> bool:
    """``op_possible`` for every operation, inlined: this runs for every card in hand."""
    for op in ops:
        name = op["op"]
        if name in _MOVING_OPS and events.forbidden(st, "move"):
            return False
        check = _FEASIBLE.get(name)
        if check is not None and not check(st, p, op):
            return False
    return True


def play(st: Position, card: str) -> None:
    """Spend the action: the card leaves the hand and its effect runs."""
    st.hands[st.active].remove(card)
    substitute = st.coop and st.card(card).hostile
    flow.ask(st, "effect", st.active, card=card, sub=substitute, i=0)
    run(st)


def current_op(st: Position) -> dict[str, Any]:
    """The operation waiting for a decision."""
    op: dict[str, Any] = card_ops(st, st.ctx["card"], st.ctx["sub"])[st.ctx["i"]]
    return op


def _count_down(st: Position) -> bool:
    """One repetition of an operation done; True when none is left."""
    left: int = st.ctx["left"] - 1
    st.ctx["left"] = left
    return left <= 0


def run(st: Position) -> None:
    """Run operations until one needs a decision or the card is done (GR-21.1)."""
    ops = card_ops(st, st.ctx["card"], st.ctx["sub"])
    while st.ctx["i"] < len(ops):
        if start_op(st, ops[st.ctx["i"]]):
            flow.ask_next(st, "effect", st.active)
            return
        st.ctx["i"] += 1
    st.discard.append(st.ctx["card"])  # GR-12.2: then the card is discarded
    turn.action_done(st)


def resume_effect(st: Position) -> None:
    """GR-21.1: the current operation is finished; go on with the next one."""
    keep = {key: st.ctx[key] for key in ("card", "sub", "i")}
    keep["i"] += 1
    st.ctx = keep
    run(st)


# -- feasibility (GR-12.4) ---------------------------------------------------------
def op_possible(st: Position, p: int, op: dict[str, Any]) -> bool:
    """An operation that needs a target has at least one (GR-12.4)."""
    name = op["op"]
    if name in _MOVING_OPS and events.forbidden(st, "move"):
        return False
    check = _FEASIBLE.get(name)
    return True if check is None else check(st, p, op)


def _options_exist(name: str) -> Any:
    return lambda st, p, op: bool(_OP_OPTIONS[name](st, p, op, {}))


# -- operations with choices --------------------------------------------------------
def start_op(st: Position, op: dict[str, Any]) -> bool:
    """Apply an automatic operation, or prepare a choice; True when a decision is needed."""
    p, name = st.active, op["op"]
    if name == "gain":
        components.gain(st, p, st.data.res(op["resource"]), int(op["n"]))
    elif name == "draw":
        components.draw_to_hand(st, p, int(op["n"]))
    elif name == "pay":
        components.pay(st, p, st.data.res(op["resource"]), int(op["n"]))
    elif name in _OP_OPTIONS:
        st.ctx["left"] = int(op.get("n", 1))
        st.ctx["step"] = "first"
        st.ctx["done"] = 0
        return bool(_OP_OPTIONS[name](st, p, op, st.ctx))
    return False


def step_effect(st: Position) -> list[str]:
    """GR-21.2: the choices of the waiting operation."""
    op = current_op(st)
    return _OP_OPTIONS[op["op"]](st, st.active, op, st.ctx)


def answer_effect(st: Position, action: str) -> None:
    """GR-21.2: apply one choice; resume the card when its operation is finished."""
    op = current_op(st)
    finished = _OP_ANSWERS[op["op"]](st, st.active, op, action)
    if finished is None:  # the operation handed over to another phase (reproduce)
        return
    if finished or not step_effect(st):
        resume_effect(st)


def _names(st: Position) -> tuple[str, ...]:
    return st.data.resources


def _options_gain_any(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    return [f"gain {n}" for r, n in enumerate(_names(st)) if st.supply[r] > 0]


def _answer_gain_any(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    components.gain(st, p, st.data.res(action.split()[1]), 1)
    return _count_down(st)


def _options_take_river(st: Position, p: int, op: dict[str, Any],
                  ctx: dict[str, Any]) -> list[str]:
    return [f"take {c}" for c in st.river]


def _answer_take_river(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    components.take_from_river(st, p, action.split()[1])
    return _count_down(st)


def place_targets(st: Position, p: int, target: str) -> list[int]:
    """``own_hex``: a controlled hex; ``neutral_adjacent``: a neutral neighbour of one."""
    mine = board.controlled(st, p)
    if target == "own_hex":
        return mine
    near = {n for h in mine for n in st.layout.neighbours[h] if board.is_neutral(st, n)}
    return sorted(near)


def _options_place(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    if st.reserve[p] <= 0:
        return []
    return [f"place {st.label(h)}" for h in place_targets(st, p, op["target"])]


def _answer_place(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    board.place(st, p, st.hex_of(action.split()[1]), int(op["n"]))
    return True


def _options_free_move(st: Position, p: int, op: dict[str, Any],
                 ctx: dict[str, Any]) -> list[str]:
    moves = actions.move_actions(st, p)
    return (["stop"] + moves) if moves else []


def _answer_free_move(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    if action == "stop":
        return True
    _, s, d, n = action.split()
    board.shift(st, st.hex_of(s), st.hex_of(d), int(n))
    return _count_down(st)


def _options_teleport(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    if ctx.get("step") == "count":
        return [f"count {m}" for m in range(1, st.count[ctx["S"]] + 1)]
    dests = [h for h in range(len(st.owner)) if h != st.layout.citadel
             and (st.owner[h] == p and not board.has_shadow(st, h) or board.is_neutral(st, h))]
    return [f"teleport {st.label(s)} {st.label(d)}" for s in board.controlled(st, p)
            for d in dests if d != s]


def _answer_teleport(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    words = action.split()
    if words[0] == "teleport":
        st.ctx.update(step="count", S=st.hex_of(words[1]), D=st.hex_of(words[2]))
        return False
    board.shift(st, st.ctx["S"], st.ctx["D"], int(words[1]))
    return True


def _options_protect(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    return [f"protect {st.label(h)}" for h in board.controlled(st, p)]


def _answer_protect(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    st.protect[st.hex_of(action.split()[1])] = p
    return True


def _options_steal(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    return [f"steal {st.colour(q)} {n}" for q in seats.non_allied(st, p)
            for r, n in enumerate(_names(st)) if st.cubes[q][r] > 0]


def _answer_steal(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    _, colour, name = action.split()
    q, r = st.player_of_colour(colour), st.data.res(name)
    taken = min(int(op["n"]), st.cubes[q][r])
    st.cubes[q][r] -= taken
    st.cubes[p][r] += taken
    return True


def hostile_hexes(st: Position, p: int) -> list[int]:
    """Unprotected hexes of non-allied opponents adjacent to a hex of ``p`` (GR-12.6)."""
    foes = set(seats.non_allied(st, p))
    near = {n for h in board.controlled(st, p) for n in st.layout.neighbours[h]}
    return sorted(h for h in near if st.owner[h] in foes and not board.is_protected(st, h))


def _options_remove(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    need = int(op["n"]) + int(op.get("min_remaining", 0))
    return [f"target {st.label(h)}" for h in hostile_hexes(st, p) if st.count[h] >= need]


def _answer_remove(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    board.remove(st, st.hex_of(action.split()[1]), int(op["n"]))
    return True


def _options_destroy(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    return [f"target {st.label(h)}" for h in hostile_hexes(st, p) if st.building[h] != NONE]


def _answer_destroy(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    h = st.hex_of(action.split()[1])
    st.bsupply[st.building[h]] += 1
    st.building[h] = NONE
    return True


def _options_spy(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    if ctx.get("step") == "discard":
        return [f"discard {c}" for c in sorted(set(st.hands[ctx["target"]]))]
    return [f"spy {st.colour(q)}" for q in seats.non_allied(st, p) if st.hands[q]]


def _answer_spy(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    words = action.split()
    if words[0] == "spy":
        target = st.player_of_colour(words[1])
        st.ctx.update(step="discard", target=target,
                      left=min(int(op["n"]), len(st.hands[target])))
        return False
    components.discard_from_hand(st, st.ctx["target"], words[1])
    return _count_down(st)


def peeked_events(st: Position, op: dict[str, Any]) -> list[str]:
    """The Event cards an Oracle looks at, top first (GR-20.5)."""
    size = min(int(op["n"]), len(st.events))
    return st.events[len(st.events) - size:][::-1]


def _options_peek(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    # positions (1 = the card seen on top), so that the command names no secret card
    size = len(peeked_events(st, op))
    return [f"order {','.join(str(i + 1) for i in order)}"
            for order in permutations(range(size))]


def _answer_peek(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    seen = peeked_events(st, op)
    order = [seen[int(i) - 1] for i in action.split()[1].split(",")]
    del st.events[len(st.events) - len(order):]
    st.events.extend(reversed(order))  # the first named card ends on top
    return True


def discount_options(st: Position, p: int, cost: tuple[int, ...], n: int) -> list[str]:
    """Ways to take ``n`` cube units off a cost that leave it payable (GR-21.2)."""
    total = min(n, sum(cost))
    names = _names(st)
    found: list[str] = []

    def _walk(r: int, left: int, taken: list[int]) -> None:
        if r == len(cost):
            reduced = [c - t for c, t in zip(cost, taken, strict=True)]
            if left == 0 and components.can_pay(st, p, reduced):
                label = "+".join(names[i] for i, t in enumerate(taken) for _ in range(t))
                found.append(f"discount {label or 'none'}")
            return
        for t in range(min(cost[r], left), -1, -1):
            _walk(r + 1, left - t, [*taken, t])

    _walk(0, total, [])
    return found


def _options_build(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    if ctx.get("step") == "discount":
        b = st.data.buildings[st.data.building_index[ctx["btype"]]]
        return discount_options(st, p, b.cost, int(op["n"]))
    return actions.build_options(st, p, int(op["n"]))


def _answer_build(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    words = action.split()
    if words[0] == "build":
        st.ctx.update(step="discount", btype=words[1], bhex=st.hex_of(words[2]))
        return False
    b = st.data.buildings[st.data.building_index[st.ctx["btype"]]]
    cost = list(b.cost)
    for name in words[1].split("+"):
        if name != "none":
            cost[st.data.res(name)] -= 1
    actions.do_build(st, p, b.key, st.ctx["bhex"], tuple(cost))
    return True


def _exchanges(st: Position, p: int, rate: int) -> list[str]:
    return actions.bank_exchanges(st, p, rate)


def _options_exchange(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    return ["stop"] + _exchanges(st, p, 1)


def _answer_exchange(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    if action == "stop":
        return True
    _, give, take = action.split()
    components.pay(st, p, st.data.res(give), 1)
    components.gain(st, p, st.data.res(take), 1)
    return _count_down(st)


def _options_market(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    options = _exchanges(st, p, actions.market_rate(st))
    return (options + ["stop"]) if ctx.get("done") and options else options


def _answer_market(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    if action == "stop":
        return True
    _, give, take = action.split()
    components.pay(st, p, st.data.res(give), actions.market_rate(st))
    components.gain(st, p, st.data.res(take), 1)
    st.ctx["done"] += 1
    return False


def _options_reproduce(st: Position, p: int, op: dict[str, Any],
                 ctx: dict[str, Any]) -> list[str]:
    chosen = ctx.get("chosen", [])
    return ["stop"] + [f"produce {st.label(h)}" for h in board.controlled(st, p) if h not in chosen]


def _answer_reproduce(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    chosen = st.ctx.setdefault("chosen", [])
    if action != "stop":
        chosen.append(st.hex_of(action.split()[1]))
        st.ctx["left"] -= 1
        if st.ctx["left"] > 0 and len(chosen) < len(board.controlled(st, p)):
            return False
    collection.start_collection(st, list(chosen), "effect")
    return None


def delay_targets(st: Position, p: int) -> list[int]:
    """Shadows adjacent to a hex the player controls, not yet delayed (GR-21.2)."""
    near = {n for h in board.controlled(st, p) for n in st.layout.neighbours[h]}
    return [i for i, pos in enumerate(st.shadow_pos)
            if pos in near and not st.shadow_delayed[i]]


def _options_delay(st: Position, p: int, op: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    return [f"delay {st.layout.shadow_ids[i]}" for i in delay_targets(st, p)]


def _answer_delay(st: Position, p: int, op: dict[str, Any], action: str) -> bool | None:
    st.shadow_delayed[st.layout.shadow_ids.index(action.split()[1])] = True
    return True


_OP_OPTIONS = {
    "gain_any": _options_gain_any,
    "take_river": _options_take_river,
    "place_guardians": _options_place,
    "free_move": _options_free_move,
    "teleport": _options_teleport,
    "protect": _options_protect,
    "steal": _options_steal,
    "remove_guardian": _options_remove,
    "destroy_building": _options_destroy,
    "view_hand_discard": _options_spy,
    "peek_events": _options_peek,
    "build_discount": _options_build,
    "exchange": _options_exchange,
    "market_rate_trade": _options_market,
    "reproduce": _options_reproduce,
    "shadow_delay": _options_delay,
}
"""The options of each operation that needs choices: ``(st, player, op, ctx) -> options``."""


_OP_ANSWERS = {
    "gain_any": _answer_gain_any,
    "take_river": _answer_take_river,
    "place_guardians": _answer_place,
    "free_move": _answer_free_move,
    "teleport": _answer_teleport,
    "protect": _answer_protect,
    "steal": _answer_steal,
    "remove_guardian": _answer_remove,
    "destroy_building": _answer_destroy,
    "view_hand_discard": _answer_spy,
    "peek_events": _answer_peek,
    "build_discount": _answer_build,
    "exchange": _answer_exchange,
    "market_rate_trade": _answer_market,
    "reproduce": _answer_reproduce,
    "shadow_delay": _answer_delay,
}
"""Carry out one choice of an operation: ``(st, player, op, option) -> finished``
(True: the operation is done; False: more choices; None: handed to another step)."""


def _teleport_exists(st: Position, p: int, op: dict[str, Any]) -> bool:
    """``bool(_options_teleport(...))`` at the first step: some own hex S and destination D != S."""
    mine = board.controlled(st, p)
    if not mine:
        return False
    owner, count, shadows, citadel = st.owner, st.count, st.shadow_pos, st.layout.citadel
    first = NONE
    for h in range(len(owner)):
        if h != citadel and (owner[h] == p or count[h] == 0) and h not in shadows:
            if first != NONE:
                return True  # two destinations: one of them differs from any S
            first = h
    return first != NONE and any(s != first for s in mine)


def _move_exists(st: Position, p: int, op: dict[str, Any]) -> bool:
    """``bool(_options_free_move(...))``: some MOVE is legal (see ``actions.move_actions``)."""
    owner, count, shadows, neighbours = st.owner, st.count, st.shadow_pos, st.layout.neighbours
    for s in board.controlled(st, p):
        if count[s] >= 1:
            for d in neighbours[s]:
                if (owner[d] == p or count[d] == 0) and d not in shadows:
                    return True
    return False


def _place_exists(st: Position, p: int, op: dict[str, Any]) -> bool:
    """``bool(_options_place(...))``: a guardian in reserve and a target (see ``place_targets``)."""
    if st.reserve[p] <= 0:
        return False
    mine = board.controlled(st, p)
    if op["target"] == "own_hex":
        return bool(mine)
    count, shadows, neighbours = st.count, st.shadow_pos, st.layout.neighbours
    for h in mine:
        for n in neighbours[h]:
            if count[n] == 0 and n not in shadows:  # neutral (GR-14.2)
                return True
    return False


def _steal_exists(st: Position, p: int, op: dict[str, Any]) -> bool:
    """``bool(_options_steal(...))``: a non-allied opponent holds a cube."""
    return any(max(st.cubes[q], default=0) > 0 for q in seats.non_allied(st, p))


# Whether an operation has a target (GR-12.4) is asked for every action card in
# hand at every action: the common ones answer without listing their choices.
_FEASIBLE = {name: _options_exist(name) for name in (
    "take_river", "place_guardians", "free_move", "teleport", "protect", "steal",
    "remove_guardian", "destroy_building", "view_hand_discard", "peek_events",
    "build_discount", "market_rate_trade", "shadow_delay")}


_FEASIBLE.update({
    "take_river": lambda st, p, op: bool(st.river),
    "place_guardians": _place_exists,
    "protect": lambda st, p, op: (bool(board.controlled_shared(st, p)) if st.shadows_advance
                                  else p in st.owner),
    "teleport": _teleport_exists,
    "steal": _steal_exists,
    "free_move": _move_exists,
    "view_hand_discard": lambda st, p, op: any(st.hands[q] for q in seats.non_allied(st, p)),
    "peek_events": lambda st, p, op: True,  # an order is always given, even of no card
    "market_rate_trade": lambda st, p, op: actions.can_exchange(st, p, actions.market_rate(st)),
})


flow.register({"effect": (step_effect, answer_effect, "GR-21.2")})
flow.register_resume({"effect": resume_effect})
