"""The alliance step (GR-15) and the action phase (GR-6 to GR-13, GR-25.4)."""

from __future__ import annotations

import keepers.games.gardiens.combat as combat
import keepers.games.gardiens.effects as effects
import keepers.games.gardiens.events as events
import keepers.games.gardiens.flow as flow
from keepers.games.gardiens.state import NONE, GardiensState


# -- alliance step (GR-15.2) ---------------------------------------------------
def alliance_legal(st: GardiensState) -> list[str]:
    """Propose (both free), break (if allied) or skip."""
    p = st.active
    out = ["skip"]
    if st.ally[p] != NONE:
        out.append("break")
    else:
        out += [f"propose {st.colour(q)}" for q in st.opponents(p) if st.ally[q] == NONE]
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
    flow.start_collection(st, st.controlled(st.active), "turn")


# -- the action phase ----------------------------------------------------------
def action_legal(st: GardiensState) -> list[str]:
    """All legal actions of the active player, in a stable order (GR-6.2)."""
    p = st.active
    out = build_options(st, p, None)
    if recruit_possible(st, p):
        out.append("recruit")
    if not events.forbidden(st, "move"):
        out += [f"move {m}" for m in move_options(st, p)]
    out += [f"attack {a}" for a in combat.attack_options(st, p)]
    out += trade_options(st, p)
    out += effects.playable_actions(st, p)
    if st.coop:
        out += transfer_options(st, p)
    out.append("pass")
    return out


def action_apply(st: GardiensState, action: str) -> None:
    """Dispatch a legal action."""
    verb, *args = action.split()
    if verb == "build":
        do_build(st, st.active, args[0], st.hex_of(args[1]), st.data.buildings[
            st.data.building_index[args[0]]].cost)
        flow.action_done(st)
    elif verb == "recruit":
        start_recruit(st)
    elif verb == "move":
        st.shift(st.hex_of(args[0]), st.hex_of(args[1]), int(args[2]))
        flow.action_done(st)
    elif verb == "attack":
        combat.start(st, st.hex_of(args[0]), st.hex_of(args[1]), int(args[2]))
    elif verb == "trade":
        start_trade(st, args[0])
    elif verb == "play":
        effects.play(st, args[0])
    elif verb in ("give", "take"):
        transfer(st, verb, st.player_of_colour(args[0]), st.data.res(args[1]))
    else:
        do_pass(st)


# -- BUILD (GR-7) ----------------------------------------------------------------
def buildable_hexes(st: GardiensState, p: int) -> list[int]:
    """GR-7.1: controlled, not the Citadel, no building yet."""
    return [h for h in st.controlled(p)
            if st.building[h] == NONE and st.layout.hexes[h].kind != "citadel"]


def build_options(st: GardiensState, p: int, discount: int | None) -> list[str]:
    """BUILD choices payable at full cost (or within ``discount`` cubes, GR-21.2)."""
    out = []
    hexes = buildable_hexes(st, p)
    for i, b in enumerate(st.data.buildings):
        if st.bsupply[i] <= 0:
            continue
        short = sum(max(0, need - have) for need, have in zip(b.cost, st.cubes[p], strict=True))
        if short > (discount or 0):
            continue
        out += [f"build {b.key} {st.label(h)}" for h in hexes]
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
    home = st.home(p)
    if st.is_neutral(home):
        return [home]
    return [h for h in st.layout.neighbours[home] if st.is_neutral(h)]


def recruit_cost(st: GardiensState) -> list[int]:
    """The recruit cost as a cube vector (GR-8.2)."""
    cost = [0] * len(st.data.resources)
    for name, amount in st.data.rules["recruit_cost"].items():
        cost[st.data.res(name)] = int(amount)
    return cost


def recruit_possible(st: GardiensState, p: int) -> bool:
    """GR-8.1 preconditions."""
    return (st.can_pay(p, recruit_cost(st)) and st.reserve[p] > 0
            and bool(placement_hexes(st, p)))


def start_recruit(st: GardiensState) -> None:
    """Pay, then draw a card (river or deck), then place (GR-8.2)."""
    st.pay_cost(st.active, recruit_cost(st))
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
def move_options(st: GardiensState, p: int) -> list[str]:
    """``S D n`` for every legal MOVE (GR-9.2, 9.4)."""
    out = []
    for s in st.controlled(p):
        for d in st.layout.neighbours[s]:
            if st.owner[d] == p or st.is_neutral(d):
                out += [f"{st.label(s)} {st.label(d)} {n}" for n in range(1, st.count[s] + 1)]
    return out


# -- TRADE (GR-11) ---------------------------------------------------------------
def bank_exchanges(st: GardiensState, p: int, rate: int) -> list[str]:
    """Possible single exchanges at a rate (GR-11.2)."""
    names = st.data.resources
    return [f"exchange {names[a]} {names[b]}" for a in range(len(names))
            if st.cubes[p][a] >= rate for b in range(len(names))
            if b != a and st.supply[b] > 0]


def trade_options(st: GardiensState, p: int) -> list[str]:
    """The TRADE modes available now (GR-11.1, 11.5)."""
    if events.forbidden(st, "trade"):
        return []
    out = []
    if bank_exchanges(st, p, st.data.rule("bank_trade_rate")):
        out.append("trade bank")
    if st.controls_building(p, "market") and bank_exchanges(st, p, market_rate(st)):
        out.append("trade market")
    ally = st.ally[p]
    if (ally != NONE and not st.coop and not st.partner_refused
            and sum(st.cubes[p]) > 0 and sum(st.cubes[ally]) > 0):
        out.append("trade partner")
    return out


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
    if not bank_exchanges(st, st.active, st.ctx["rate"]):
        finish_trade(st)


def finish_trade(st: GardiensState) -> None:
    """GR-11.4: count the TRADE action."""
    st.trades[st.active] += 1
    flow.action_done(st)


def partner_legal(st: GardiensState) -> list[str]:
    """Build the swap cube by cube; propose once both sides have the same size (GR-11.3)."""
    p, ally = st.active, st.ally[st.active]
    give, get = st.ctx["give"], st.ctx["get"]
    names = st.data.resources
    out = []
    if sum(give) < sum(st.cubes[ally]):
        out += [f"give {names[r]}" for r in range(len(names)) if st.cubes[p][r] > give[r]]
    if sum(get) < sum(st.cubes[p]):
        out += [f"get {names[r]}" for r in range(len(names)) if st.cubes[ally][r] > get[r]]
    if sum(give) == sum(get) >= 1:
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


# -- PASS (GR-13) ----------------------------------------------------------------
def do_pass(st: GardiensState) -> None:
    """Draw one card; the action phase ends at once."""
    st.draw_to_hand(st.active, st.data.rule("pass_draws"))
    st.actions_taken += 1
    flow.checkpoint(st, "CP3")
    if not st.over:
        flow.end_turn(st)
