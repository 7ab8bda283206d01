"""The actions BUILD (GR-7), RECRUIT (GR-8), MOVE (GR-9) and TRADE (GR-11): which
are possible, what they do, and the steps within them (the recruit's card and hex,
the exchanges of a TRADE, the partner swap GR-11.3).

The options are also what the cards offer (GR-21.2), hence their own module; the
action step that lists and dispatches every action is in ``action_phase``.
"""

from __future__ import annotations

from keepers.games.gardiens import flow
from keepers.games.gardiens.data import Layout, Steps, covers, steps_of
from keepers.games.gardiens.rules import board, components, events, turn
from keepers.games.gardiens.state import NONE, Position


# -- BUILD (GR-7) ----------------------------------------------------------------
def buildable_hexes(st: Position, p: int, mine: list[int] | None = None) -> list[int]:
    """GR-7.1: controlled, not the Citadel, no building yet (``mine``: p's hexes, if known)."""
    citadels = st.layout.kind_hexes.get("citadel", ())
    building = st.building
    out = []
    for h in board.controlled(st, p) if mine is None else mine:  # few: a loop beats a comprehension
        if building[h] == NONE and h not in citadels:
            out.append(h)
    return out


def build_options(st: Position, p: int, discount: int | None,
                  mine: list[int] | None = None) -> list[str]:
    """BUILD choices payable at full cost (or within ``discount`` cubes, GR-21.2)."""
    hexes = buildable_hexes(st, p, mine)
    if not hexes:
        return []
    if discount:
        return _discounted_build_options(st, p, discount, hexes)
    out: list[str] = []
    have, bsupply, commands = st.cubes[p], st.bsupply, st.layout.build_cmds
    for i, needs in enumerate(st.data.building_needs):
        if bsupply[i] > 0 and covers(have, needs):
            row = commands[i]
            for h in hexes:  # a plain loop: faster than map() or a comprehension on few hexes
                out.append(row[h])
    return out


def _discounted_build_options(st: Position, p: int, discount: int,
                              hexes: list[int]) -> list[str]:
    out: list[str] = []
    have, bsupply = st.cubes[p], st.bsupply
    for i, needs in enumerate(st.data.building_needs):
        if bsupply[i] <= 0:
            continue
        short = 0
        for r, need in needs:
            if need > have[r]:
                short += need - have[r]
        if short <= discount:
            commands = st.layout.build_cmds[i]
            out += [commands[h] for h in hexes]
    return out


def do_build(st: Position, p: int, key: str, h: int, cost: tuple[int, ...]) -> None:
    """GR-7.2: pay, place the tile, bank 2 VP, note the type built."""
    index = st.data.building_index[key]
    components.pay_cost(st, p, cost)
    st.building[h] = index
    st.bsupply[index] -= 1
    st.banked_build[p] += st.data.rule("vp_per_building_built")
    if key not in st.types_built[p]:
        st.types_built[p].append(key)


# -- RECRUIT (GR-8) --------------------------------------------------------------
def placement_hexes(st: Position, p: int) -> list[int]:
    """GR-8.3: a controlled hex, or the re-entry hexes when the player controls none."""
    mine = board.controlled(st, p)
    if mine:
        return mine
    return _reentry_hexes(st, p)


def _reentry_hexes(st: Position, p: int) -> list[int]:
    home = st.home(p)
    if board.is_neutral(st, home):
        return [home]
    return [h for h in st.layout.neighbours[home] if board.is_neutral(st, h)]


def recruit_cost(st: Position) -> list[int]:
    """The recruit cost as a cube vector (GR-8.2)."""
    return list(st.data.recruit_cost)


def recruit_possible(st: Position, p: int, mine: list[int] | None = None) -> bool:
    """GR-8.1 preconditions (``mine``: the player's hexes, if known)."""
    if st.reserve[p] <= 0 or not covers(st.cubes[p], st.data.recruit_needs):
        return False
    return (p in st.owner if mine is None else bool(mine)) or bool(_reentry_hexes(st, p))


def start_recruit(st: Position) -> None:
    """Pay, then draw a card (river or deck), then place (GR-8.2)."""
    components.pay_cost(st, st.active, st.data.recruit_cost)
    if st.river or st.deck or st.discard:
        flow.ask(st, "recruit_draw", st.active)
    else:
        flow.ask(st, "place", st.active, purpose="recruit")


def step_recruit_draw(st: Position) -> list[str]:
    """GR-8.2: any river card, or the top of the deck."""
    out = [f"take {c}" for c in st.river]
    if st.deck or st.discard:
        out.append("take deck")
    return out


def answer_recruit_draw(st: Position, action: str) -> None:
    """GR-8.2: take the card, then ask for the placement hex (GR-8.3)."""
    card = action.split()[1]
    if card == "deck":
        components.draw_to_hand(st, st.active)
    else:
        components.take_from_river(st, st.active, card)
    flow.ask(st, "place", st.active, purpose="recruit")


def step_place(st: Position) -> list[str]:
    """GR-8.3 placement hexes."""
    return [f"place {st.label(h)}" for h in placement_hexes(st, st.active)]


def answer_place(st: Position, action: str) -> None:
    """Place the recruit; overpopulation applies (GR-8.4)."""
    board.place(st, st.active, st.hex_of(action.split()[1]), 1)
    turn.action_done(st)


# -- MOVE (GR-9) -----------------------------------------------------------------
def move_actions(st: Position, p: int, mine: list[int] | None = None) -> list[str]:
    """``move S D n`` for every legal MOVE (GR-9.2, 9.4); ``mine``: p's hexes, if known."""
    out: list[str] = []
    owner, count, shadows, layout = st.owner, st.count, st.shadow_pos, st.layout
    for s in board.controlled(st, p) if mine is None else mine:
        engaged, rows = count[s], command_rows(layout, layout.move_cmds, s, count[s])
        for j, d in enumerate(layout.neighbours[s]):
            # own or neutral; never onto a Shadow (own guardians share one only under
            # GR-29.6 shadows=advance)
            if (owner[d] == p or count[d] == 0) and d not in shadows:
                out += rows[j][:engaged]
    return out


def moves_and_attacks(st: Position, p: int, mine: list[int]) -> tuple[list[str], list[str]]:
    """``move_actions`` and ``combat.attack_actions`` in one walk over the neighbours.

    The conditions are theirs, tested independently (a hex may pass both only in
    positions made by hand); this is the hottest loop of the engine, so it leaves to
    :func:`moves_and_attacks_restricted` the boards with a Shadow (co-op, or made by
    hand), on which a hex without guardians need not be neutral.
    """
    if st.coop or st.shadow_pos or st.round_effect and (
            events.forbidden(st, "move") or events.forbidden(st, "attack_player")):
        return moves_and_attacks_restricted(st, p, mine)
    moves: list[str] = []
    attacks: list[str] = []
    owner, count, protect = st.owner, st.count, st.protect
    layout, ally = st.layout, st.ally[p]
    table, most = layout.steps, layout.cmds_most
    for s in mine:
        engaged = count[s]
        steps = table[s][engaged] if 0 <= engaged <= most else _steps(layout, s, engaged)
        for d, move, attack in steps:
            o = owner[d]
            if o == NONE:  # no owner (most neighbours): a MOVE if neutral, never an ATTACK
                if count[d] == 0:  # neutral: no Shadow on this board
                    moves += move
                continue
            if o == p:  # own: a MOVE, never an ATTACK
                moves += move
                continue
            if count[d] == 0:  # neutral
                moves += move
            if not (o == ally or protect[d] == o):
                attacks += attack
    return moves, attacks


def _steps(layout: Layout, s: int, engaged: int) -> Steps:
    """``layout.steps[s][engaged]`` for a count outside the table (hand-made positions)."""
    return steps_of(layout.neighbours[s], command_rows(layout, layout.move_cmds, s, engaged),
                    command_rows(layout, layout.attack_cmds, s, engaged), engaged)


def moves_and_attacks_restricted(st: Position, p: int,
                                  mine: list[int]) -> tuple[list[str], list[str]]:
    """:func:`moves_and_attacks` in co-op, with a Shadow on the board, or under an
    event forbidding MOVE or ATTACK."""
    moves: list[str] = []
    attacks: list[str] = []
    moving = not events.forbidden(st, "move")
    coop = st.coop
    attacking = coop or not events.forbidden(st, "attack_player")
    owner, count, protect, shadows = st.owner, st.count, st.protect, st.shadow_pos
    layout, ally = st.layout, st.ally[p]
    for s in mine:
        engaged = count[s]
        move_rows = command_rows(layout, layout.move_cmds, s, engaged)
        attack_rows = command_rows(layout, layout.attack_cmds, s, engaged)
        for j, d in enumerate(layout.neighbours[s]):
            o = owner[d]
            # own or neutral, never a Shadow hex (even one holding guardians, GR-29.6)
            if moving and (o == p or count[d] == 0) and d not in shadows:
                moves += move_rows[j][:engaged]
            if attacking and ((d in shadows) if coop else not (
                    o == NONE or o == p or o == ally or protect[d] == o)):
                attacks += attack_rows[j][:engaged]
    return moves, attacks


def command_rows(layout: Layout, table: tuple[tuple[tuple[str, ...], ...], ...], s: int,
                 engaged: int) -> tuple[tuple[str, ...], ...]:
    """The precomputed rows of ``table`` for hex ``s`` (``row[k - 1]``: k guardians),
    long enough for ``engaged`` guardians."""
    rows = table[s]
    if engaged <= layout.cmds_most:  # always, in play: overpopulation caps a hex
        return rows
    # more guardians than the hex limit: only hand-made test positions get here
    return tuple(tuple(f"{row[0][:-1]}{k}" for k in range(1, engaged + 1)) for row in rows)


# -- TRADE (GR-11) ---------------------------------------------------------------
def bank_exchanges(st: Position, p: int, rate: int) -> list[str]:
    """Possible single exchanges at a rate (GR-11.2)."""
    commands, have, supply = st.data.exchange_cmds, st.cubes[p], st.supply
    out: list[str] = []
    for a, row in enumerate(commands):
        if have[a] >= rate:
            out += [command for b, command in row if supply[b] > 0]
    return out


def can_exchange(st: Position, p: int, rate: int) -> bool:
    """True when :func:`bank_exchanges` offers something, without listing it."""
    supply = st.supply
    for a, have in enumerate(st.cubes[p]):
        if have >= rate:
            for b, left in enumerate(supply):
                if left > 0 and b != a:
                    return True
    return False


def trade_options(st: Position, p: int, mine: list[int] | None = None) -> list[str]:
    """The TRADE modes available now (GR-11.1, 11.5); ``mine``: p's hexes, if known."""
    if st.round_effect and events.forbidden(st, "trade"):
        return []
    out = []
    if st.bank_trade and can_exchange(st, p, st.data.rule("bank_trade_rate")):  # GR-29.3
        out.append("trade bank")
    if _controls_market(st, p, mine) and can_exchange(st, p, market_rate(st)):
        out.append("trade market")
    ally = st.ally[p]
    if (ally != NONE and not st.coop and not st.partner_refused
            and sum(st.cubes[p]) > 0 and sum(st.cubes[ally]) > 0):
        out.append("trade partner")
    return out


def _controls_market(st: Position, p: int, mine: list[int] | None) -> bool:
    """``st.controls_building(p, "market")``, read on p's few hexes when they are known
    rather than on the whole board."""
    if mine is None:
        return bool(board.controls_building(st, p, "market"))
    want, building = st.data.building_index["market"], st.building
    for h in mine:
        if building[h] == want:
            return True
    return False


def market_rate(st: Position) -> int:
    """The Market rate (GR-7.3)."""
    return st.data.rule("market_trade_rate")


def start_trade(st: Position, mode: str) -> None:
    """Open a TRADE action in one mode."""
    if mode == "partner":
        size = len(st.data.resources)
        flow.ask(st, "partner", st.active, give=[0] * size, get=[0] * size)
        return
    rate = st.data.rule("bank_trade_rate") if mode == "bank" else market_rate(st)
    flow.ask(st, "trade", st.active, rate=rate, done=0)


def step_trade(st: Position) -> list[str]:
    """Another exchange, or done after at least one (GR-11.2)."""
    out = bank_exchanges(st, st.active, st.ctx["rate"])
    if st.ctx["done"]:
        out.append("done")
    return out


def answer_trade(st: Position, action: str) -> None:
    """GR-11.2: make one exchange, or close the TRADE action (GR-11.4)."""
    if action == "done":
        finish_trade(st)
        return
    _, give, take = action.split()
    components.pay(st, st.active, st.data.res(give), st.ctx["rate"])
    components.gain(st, st.active, st.data.res(take), 1)
    st.ctx["done"] += 1
    if not can_exchange(st, st.active, st.ctx["rate"]):
        finish_trade(st)


def finish_trade(st: Position) -> None:
    """GR-11.4: count the TRADE action."""
    st.trades[st.active] += 1
    turn.action_done(st)


def step_partner(st: Position) -> list[str]:
    """Build the swap cube by cube; propose once both sides have the same size (GR-11.3)."""
    p, ally = st.active, st.ally[st.active]
    give, get = st.ctx["give"], st.ctx["get"]
    out = []
    mine, theirs = st.cubes[p], st.cubes[ally]
    offered, asked = sum(give), sum(get)
    if offered < sum(theirs):
        for cmd, held, given in zip(st.data.give_cmds, mine, give, strict=True):
            if held > given:
                out.append(cmd)
    if asked < sum(mine):
        for cmd, held, taken in zip(st.data.get_cmds, theirs, get, strict=True):
            if held > taken:
                out.append(cmd)
    if offered == asked >= 1:
        out.append("propose")
    return out


def answer_partner(st: Position, action: str) -> None:
    """GR-11.3: add a cube to the offer, or propose it to the ally."""
    if action == "propose":
        flow.ask_next(st, "partner_reply", st.ally[st.active])
        return
    side, name = action.split()
    st.ctx[side][st.data.res(name)] += 1


def step_partner_reply(st: Position) -> list[str]:
    """GR-11.3: the ally accepts or refuses the swap at once."""
    return ["accept", "refuse"]


def answer_partner_reply(st: Position, action: str) -> None:
    """Accepted: swap and spend the action; refused: no action spent (GR-11.3)."""
    if action == "refuse":
        st.partner_refused = True
        turn.to_action_phase(st)
        return
    p, ally = st.active, st.decider
    for r, n in enumerate(st.ctx["give"]):
        st.cubes[p][r] -= n
        st.cubes[ally][r] += n
    for r, n in enumerate(st.ctx["get"]):
        st.cubes[ally][r] -= n
        st.cubes[p][r] += n
    finish_trade(st)


flow.register({
    "recruit_draw": (step_recruit_draw, answer_recruit_draw, "GR-8.2"),
    "place": (step_place, answer_place, "GR-8.3"),
    "trade": (step_trade, answer_trade, "GR-11.2"),
    "partner": (step_partner, answer_partner, "GR-11.3"),
    "partner_reply": (step_partner_reply, answer_partner_reply, "GR-11.3"),
})
