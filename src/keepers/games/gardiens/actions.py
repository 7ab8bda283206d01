"""The alliance step (GR-15) and the action phase (GR-6 to GR-13, GR-25.4, GR-29.5)."""

from __future__ import annotations

import keepers.games.gardiens.combat as combat
import keepers.games.gardiens.effects as effects
import keepers.games.gardiens.events as events
import keepers.games.gardiens.flow as flow
from keepers.games.gardiens.data import Layout, Steps, covers, steps_of
from keepers.games.gardiens.state import NONE, GardiensState


# -- alliance step (GR-15.2) ---------------------------------------------------
def alliance_legal(st: GardiensState) -> list[str]:
    """Propose (both free), break (if allied) or skip."""
    p = st.active
    out = ["skip"]
    if st.ally[p] != NONE:
        out.append("break")
    else:
        proposals, ally = st.data.propose_cmds, st.ally  # by colour, i.e. by seat - 1
        for q in st.opponents(p):
            if ally[q] == NONE:
                out.append(proposals[(q - st.first) % st.n])
    return out


def alliance_apply(st: GardiensState, action: str) -> None:
    """Apply the alliance step choice."""
    p = st.active
    if action.startswith("propose"):
        target = st.player_of_colour(action.split()[1])
        flow.set_phase(st, "ally_reply", target, proposer=p)
        return
    if action == "break":  # GR-15.2: effective at once
        st.ally[st.ally[p]] = NONE
        st.ally[p] = NONE
    begin_collection(st)


def ally_reply_legal(st: GardiensState) -> list[str]:
    """The proposed player accepts or refuses at once."""
    return ["accept", "refuse"]


def ally_reply_apply(st: GardiensState, action: str) -> None:
    """Form the alliance on acceptance, then go on to the collection."""
    if action == "accept":
        proposer = st.ctx["proposer"]
        st.ally[proposer] = st.decider
        st.ally[st.decider] = proposer
    begin_collection(st)


def begin_collection(st: GardiensState) -> None:
    """GR-4.2 step 3."""
    flow.set_phase(st, "collect", st.active)
    flow.start_collection(st, st.controlled_shared(st.active), "turn")  # read only


# -- the action phase ----------------------------------------------------------
def action_legal(st: GardiensState) -> list[str]:
    """All legal actions of the active player, in a stable order (GR-6.2)."""
    p = st.active
    mine = st.controlled_shared(p)  # read (never changed) by the option finders below
    out = build_options(st, p, None, mine)
    if recruit_possible(st, p, mine):
        out.append("recruit")
    moves, attacks = _moves_and_attacks(st, p, mine)
    out += moves
    out += attacks
    out += trade_options(st, p, mine)
    if st.hands[p]:  # an empty hand (often) plays nothing: skip the call
        out += effects.playable_actions(st, p)
    if st.coop:
        out += transfer_options(st, p)
    elif st.gifts and st.ally[p] != NONE:
        out += gift_options(st, p)
    out.append("pass")
    return out


def action_apply(st: GardiensState, action: str) -> None:
    """Dispatch a legal action."""
    move = st.layout.move_args.get(action)
    if move is not None:  # the most frequent action, its hexes found without parsing
        st.shift(*move)
        flow.action_done(st)
        return
    words = action.split()  # indexed, not unpacked: no list of the arguments
    verb = words[0]
    if verb == "move":  # with more guardians than the map's commands (made by hand)
        st.shift(st.hex_of(words[1]), st.hex_of(words[2]), int(words[3]))
        flow.action_done(st)
    elif verb == "build":
        do_build(st, st.active, words[1], st.hex_of(words[2]), st.data.buildings[
            st.data.building_index[words[1]]].cost)
        flow.action_done(st)
    elif verb == "recruit":
        start_recruit(st)
    elif verb == "attack":
        combat.start(st, st.hex_of(words[1]), st.hex_of(words[2]), int(words[3]))
    elif verb == "trade":
        start_trade(st, words[1])
    elif verb == "play":
        effects.play(st, words[1])
    elif verb in ("give", "take"):
        transfer(st, verb, st.player_of_colour(words[1]), st.data.res(words[2]))
    else:
        do_pass(st)


# -- BUILD (GR-7) ----------------------------------------------------------------
def buildable_hexes(st: GardiensState, p: int, mine: list[int] | None = None) -> list[int]:
    """GR-7.1: controlled, not the Citadel, no building yet (``mine``: p's hexes, if known)."""
    citadels = st.layout.kind_hexes.get("citadel", ())
    building = st.building
    out = []
    for h in st.controlled(p) if mine is None else mine:  # few: a loop beats a comprehension
        if building[h] == NONE and h not in citadels:
            out.append(h)
    return out


def build_options(st: GardiensState, p: int, discount: int | None,
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


def _discounted_build_options(st: GardiensState, p: int, discount: int,
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


def do_build(st: GardiensState, p: int, key: str, h: int, cost: tuple[int, ...]) -> None:
    """GR-7.2: pay, place the tile, bank 2 VP, note the type built."""
    index = st.data.building_index[key]
    st.pay_cost(p, cost)
    st.building[h] = index
    st.bsupply[index] -= 1
    st.banked_build[p] += st.data.rule("vp_per_building_built")
    if key not in st.types_built[p]:
        st.types_built[p].append(key)


# -- RECRUIT (GR-8) --------------------------------------------------------------
def placement_hexes(st: GardiensState, p: int) -> list[int]:
    """GR-8.3: a controlled hex, or the re-entry hexes when the player controls none."""
    mine = st.controlled(p)
    if mine:
        return mine
    return _reentry_hexes(st, p)


def _reentry_hexes(st: GardiensState, p: int) -> list[int]:
    home = st.home(p)
    if st.is_neutral(home):
        return [home]
    return [h for h in st.layout.neighbours[home] if st.is_neutral(h)]


def recruit_cost(st: GardiensState) -> list[int]:
    """The recruit cost as a cube vector (GR-8.2)."""
    return list(st.data.recruit_cost)


def recruit_possible(st: GardiensState, p: int, mine: list[int] | None = None) -> bool:
    """GR-8.1 preconditions (``mine``: the player's hexes, if known)."""
    if st.reserve[p] <= 0 or not covers(st.cubes[p], st.data.recruit_needs):
        return False
    return (p in st.owner if mine is None else bool(mine)) or bool(_reentry_hexes(st, p))


def start_recruit(st: GardiensState) -> None:
    """Pay, then draw a card (river or deck), then place (GR-8.2)."""
    st.pay_cost(st.active, st.data.recruit_cost)
    if st.river or st.deck or st.discard:
        flow.set_phase(st, "recruit_draw", st.active)
    else:
        flow.set_phase(st, "place", st.active, purpose="recruit")


def recruit_draw_legal(st: GardiensState) -> list[str]:
    """Any river card, or the top of the deck."""
    out = [f"take {c}" for c in st.river]
    if st.deck or st.discard:
        out.append("take deck")
    return out


def recruit_draw_apply(st: GardiensState, action: str) -> None:
    """Take the card, then ask for the placement hex."""
    card = action.split()[1]
    if card == "deck":
        st.draw_to_hand(st.active)
    else:
        st.take_from_river(st.active, card)
    flow.set_phase(st, "place", st.active, purpose="recruit")


def place_legal(st: GardiensState) -> list[str]:
    """GR-8.3 placement hexes."""
    return [f"place {st.label(h)}" for h in placement_hexes(st, st.active)]


def place_apply(st: GardiensState, action: str) -> None:
    """Place the recruit; overpopulation applies (GR-8.4)."""
    st.place(st.active, st.hex_of(action.split()[1]), 1)
    flow.action_done(st)


# -- MOVE (GR-9) -----------------------------------------------------------------
def move_actions(st: GardiensState, p: int, mine: list[int] | None = None) -> list[str]:
    """``move S D n`` for every legal MOVE (GR-9.2, 9.4); ``mine``: p's hexes, if known."""
    out: list[str] = []
    owner, count, shadows, layout = st.owner, st.count, st.shadow_pos, st.layout
    for s in st.controlled(p) if mine is None else mine:
        engaged, rows = count[s], command_rows(layout, layout.move_cmds, s, count[s])
        for j, d in enumerate(layout.neighbours[s]):
            # own or neutral; never onto a Shadow (own guardians share one only under
            # GR-29.6 shadows=advance)
            if (owner[d] == p or count[d] == 0) and d not in shadows:
                out += rows[j][:engaged]
    return out


def _moves_and_attacks(st: GardiensState, p: int, mine: list[int]) -> tuple[list[str], list[str]]:
    """``move_actions`` and ``combat.attack_actions`` in one walk over the neighbours.

    The conditions are theirs, tested independently (a hex may pass both only in
    positions made by hand); this is the hottest loop of the engine, so it leaves to
    :func:`_moves_and_attacks_restricted` the boards with a Shadow (co-op, or made by
    hand), on which a hex without guardians need not be neutral.
    """
    if st.coop or st.shadow_pos or st.round_effect and (
            events.forbidden(st, "move") or events.forbidden(st, "attack_player")):
        return _moves_and_attacks_restricted(st, p, mine)
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


def _moves_and_attacks_restricted(st: GardiensState, p: int,
                                  mine: list[int]) -> tuple[list[str], list[str]]:
    """:func:`_moves_and_attacks` in co-op, with a Shadow on the board, or under an
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
def bank_exchanges(st: GardiensState, p: int, rate: int) -> list[str]:
    """Possible single exchanges at a rate (GR-11.2)."""
    commands, have, supply = st.data.exchange_cmds, st.cubes[p], st.supply
    out: list[str] = []
    for a, row in enumerate(commands):
        if have[a] >= rate:
            out += [command for b, command in row if supply[b] > 0]
    return out


def can_exchange(st: GardiensState, p: int, rate: int) -> bool:
    """True when :func:`bank_exchanges` offers something, without listing it."""
    supply = st.supply
    for a, have in enumerate(st.cubes[p]):
        if have >= rate:
            for b, left in enumerate(supply):
                if left > 0 and b != a:
                    return True
    return False


def trade_options(st: GardiensState, p: int, mine: list[int] | None = None) -> list[str]:
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


def _controls_market(st: GardiensState, p: int, mine: list[int] | None) -> bool:
    """``st.controls_building(p, "market")``, read on p's few hexes when they are known
    rather than on the whole board."""
    if mine is None:
        return bool(st.controls_building(p, "market"))
    want, building = st.data.building_index["market"], st.building
    for h in mine:
        if building[h] == want:
            return True
    return False


def market_rate(st: GardiensState) -> int:
    """The Market rate (GR-7.3)."""
    return st.data.rule("market_trade_rate")


def start_trade(st: GardiensState, mode: str) -> None:
    """Open a TRADE action in one mode."""
    if mode == "partner":
        size = len(st.data.resources)
        flow.set_phase(st, "partner", st.active, give=[0] * size, get=[0] * size)
        return
    rate = st.data.rule("bank_trade_rate") if mode == "bank" else market_rate(st)
    flow.set_phase(st, "trade", st.active, rate=rate, done=0)


def trade_legal(st: GardiensState) -> list[str]:
    """Another exchange, or done after at least one (GR-11.2)."""
    out = bank_exchanges(st, st.active, st.ctx["rate"])
    if st.ctx["done"]:
        out.append("done")
    return out


def trade_apply(st: GardiensState, action: str) -> None:
    """Make one exchange, or close the TRADE action."""
    if action == "done":
        finish_trade(st)
        return
    _, give, take = action.split()
    st.pay(st.active, st.data.res(give), st.ctx["rate"])
    st.gain(st.active, st.data.res(take), 1)
    st.ctx["done"] += 1
    if not can_exchange(st, st.active, st.ctx["rate"]):
        finish_trade(st)


def finish_trade(st: GardiensState) -> None:
    """GR-11.4: count the TRADE action."""
    st.trades[st.active] += 1
    flow.action_done(st)


def partner_legal(st: GardiensState) -> list[str]:
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


def partner_apply(st: GardiensState, action: str) -> None:
    """Add a cube to the offer, or propose it to the ally."""
    if action == "propose":
        st.phase = "partner_reply"
        st.decider = st.ally[st.active]
        return
    side, name = action.split()
    st.ctx[side][st.data.res(name)] += 1


def partner_reply_apply(st: GardiensState, action: str) -> None:
    """Accepted: swap and spend the action; refused: no action spent (GR-11.3)."""
    if action == "refuse":
        st.partner_refused = True
        flow.to_action_phase(st)
        return
    p, ally = st.active, st.decider
    for r, n in enumerate(st.ctx["give"]):
        st.cubes[p][r] -= n
        st.cubes[ally][r] += n
    for r, n in enumerate(st.ctx["get"]):
        st.cubes[ally][r] -= n
        st.cubes[p][r] += n
    finish_trade(st)


# -- co-op free transfers (GR-25.4) --------------------------------------------
def transfer_options(st: GardiensState, p: int) -> list[str]:
    """Give a cube to, or take a cube from, any other player."""
    names = st.data.resources
    out = []
    for q in st.opponents(p):
        colour = st.colour(q)
        out += [f"give {colour} {names[r]}" for r in range(len(names)) if st.cubes[p][r]]
        out += [f"take {colour} {names[r]}" for r in range(len(names)) if st.cubes[q][r]]
    return out


def transfer(st: GardiensState, verb: str, other: int, resource: int) -> None:
    """Move one cube; no action is spent."""
    giver, receiver = (st.active, other) if verb == "give" else (other, st.active)
    st.cubes[giver][resource] -= 1
    st.cubes[receiver][resource] += 1


# -- gifts to the ally (GR-29.5) ------------------------------------------------
def gift_options(st: GardiensState, p: int) -> list[str]:
    """``give <ally colour> <resource>`` for each type of cube ``p`` holds, when
    allies may give (``alliance_sharing=gift``, outside co-op) and ``p`` has an ally."""
    ally = st.ally[p]
    if ally == NONE or not st.gifts:
        return []
    commands = st.data.gift_cmds[(ally - st.first) % st.n]  # by colour, i.e. by seat - 1
    out = []
    for command, held in zip(commands, st.cubes[p], strict=True):
        if held:
            out.append(command)
    return out


def give_to_ally(st: GardiensState, resource: int) -> None:
    """One cube from the active player to their ally: free, no acceptance, no TRADE."""
    transfer(st, "give", st.ally[st.active], resource)


# -- PASS (GR-13) ----------------------------------------------------------------
def do_pass(st: GardiensState) -> None:
    """Draw one card; the action phase ends at once."""
    st.draw_to_hand(st.active, st.data.rule("pass_draws"))
    st.actions_taken += 1
    flow.checkpoint(st, "CP3")
    if not st.over:
        flow.end_turn(st, tested=True)  # CP3 has just seen this position
