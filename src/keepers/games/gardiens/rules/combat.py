"""ATTACK (GR-10) and attacks on Shadows (GR-25.5): the attacker's card window
(GR-10.3), the defender's answer (GR-10.4), dice and outcome (GR-10.5 to 10.8) and
the conquest (GR-10.9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from keepers.games.gardiens import flow
from keepers.games.gardiens.rules import actions, board, components, events, turn
from keepers.games.gardiens.state import NONE, Position

COMBAT_TIMINGS = {"attacker": ("attack", "combat"), "defender": ("defense", "combat")}


@dataclass(slots=True)
class Modifiers:
    """The combat effects of one side's card (GR-21.2)."""

    bonus: int = 0
    extra: int = 0
    sword: int = 0
    ignore_fortress: bool = False
    minus: int = 0
    cancel: bool = False


def modifiers(st: Position, card: str) -> Modifiers:
    """Read the combat operations of a played card."""
    mods = Modifiers()
    if not card:
        return mods
    for op in st.card(card).effect:
        name = op["op"]
        if name == "combat_bonus":
            mods.bonus += int(op["n"])
        elif name == "extra_dice":
            mods.extra += int(op["n"])
        elif name == "sword_value":
            mods.sword = int(op["value"])
        elif name == "ignore_fortress":
            mods.ignore_fortress = True
        elif name == "defender_dice_minus":
            mods.minus += int(op["n"])
        elif name == "cancel_attack":
            mods.cancel = True
    return mods


def card_cost(st: Position, card: str) -> list[int]:
    """The ``pay`` parts of a card as a cube vector."""
    return list(st.data.pay_costs[st.card(card).id])


def attack_actions(st: Position, p: int, mine: list[int] | None = None) -> list[str]:
    """``attack S T k`` for every legal ATTACK (GR-10.1, 10.2, 25.5); ``mine``: p's hexes.

    :func:`can_target` is inlined: this runs for every neighbour at every action.
    """
    out: list[str] = []
    if not st.coop and events.forbidden(st, "attack_player"):  # King's Peace: no target
        return out
    layout, count, owner, protect = st.layout, st.count, st.owner, st.protect
    ally, coop, shadows = st.ally[p], st.coop, st.shadow_pos
    for s in board.controlled(st, p) if mine is None else mine:
        engaged, rows = count[s], actions.command_rows(layout, layout.attack_cmds, s, count[s])
        for j, t in enumerate(layout.neighbours[s]):
            if coop:
                if t not in shadows:
                    continue
            else:
                o = owner[t]
                # not free, own, allied or protected (a Warding Sigil names its owner)
                if o == NONE or o == p or o == ally or protect[t] == o:
                    continue
            out += rows[j][:engaged]
    return out


def can_target(st: Position, p: int, t: int) -> bool:
    """GR-10.1: another non-allied player's unprotected hex, no King's Peace; co-op: a Shadow."""
    if st.coop:
        return board.has_shadow(st, t)
    owner = st.owner[t]
    if owner in (NONE, p) or owner == st.ally[p] or board.is_protected(st, t):
        return False
    return not events.forbidden(st, "attack_player")


def start(st: Position, s: int, t: int, k: int) -> None:
    """GR-10.2: the action is declared; open the attacker's card window."""
    # co-op: the Shadow defends, never guardians left on its hex (GR-29.6)
    defender = NONE if st.coop else st.owner[t]
    flow.ask(st, "attack_card", st.active, S=s, T=t, k=k, defender=defender,
                   acard="", dcard="", magic=0)
    if not st.hands[st.active]:
        defender_window(st)


def card_allowed(st: Position, player: int, card: str, side: str, magic: int = 0) -> bool:
    """A combat card of the right timing whose cost can be paid (GR-10.3, 10.4, 25.13)."""
    definition = st.card(card)
    if definition.timing not in COMBAT_TIMINGS[side]:
        return False
    if st.coop:
        excluded = st.data.coop["excluded_attack_ops"]
        if any(definition.has_op(op) for op in excluded):
            return False
    cost = card_cost(st, card)
    cost[st.data.res("magic")] += magic
    return components.can_pay(st, player, cost)


def step_attack_card(st: Position) -> list[str]:
    """GR-10.3: at most one attack/combat card."""
    hand = sorted(set(st.hands[st.active]))
    return ["nocard"] + [f"card {c}" for c in hand if card_allowed(st, st.active, c, "attacker")]


def answer_attack_card(st: Position, action: str) -> None:
    """GR-10.3: play (pay and reveal) the attacker's card, then the defender's window."""
    if action != "nocard":
        play_combat_card(st, st.active, action.split()[1], "acard")
    defender_window(st)


def play_combat_card(st: Position, player: int, card: str, slot: str) -> None:
    """Pay a combat card's cost and put it on the discard pile (it is revealed)."""
    components.pay_cost(st, player, card_cost(st, card))
    components.discard_from_hand(st, player, card)
    st.ctx[slot] = card


def defender_window(st: Position) -> None:
    """GR-10.4: the defender answers when it holds a card or magic."""
    if st.ctx["defender"] == NONE:
        resolve_shadow(st)
        return
    d = st.ctx["defender"]
    if st.hands[d] or st.cubes[d][st.data.res("magic")]:
        flow.ask_next(st, "defend", d)
        return
    resolve(st)


def step_defend(st: Position) -> list[str]:
    """GR-10.4: magic (one cube at most) and/or one defense/combat card."""
    d = st.decider
    has_magic = st.cubes[d][st.data.res("magic")] >= 1
    cards = sorted(set(st.hands[d]))
    out = ["defend none"]
    if has_magic:
        out.append("defend magic")
    out += [f"defend {c}" for c in cards if card_allowed(st, d, c, "defender")]
    if has_magic:
        out += [f"defend magic {c}" for c in cards if card_allowed(st, d, c, "defender", 1)
                and not modifiers(st, c).cancel]
    return out


def answer_defend(st: Position, action: str) -> None:
    """Apply the defender's response; Truce cancels the attack (GR-10.4)."""
    words = action.split()[1:]
    d = st.decider
    card = next((w for w in words if "#" in w), "")
    if card:
        play_combat_card(st, d, card, "dcard")
        if modifiers(st, card).cancel:
            record(st, [], [], 0, 0, "cancelled")
            turn.action_done(st)
            return
    if "magic" in words:
        components.pay(st, d, st.data.res("magic"), st.data.rule("magic_defence_max_cubes"))
        st.ctx["magic"] = st.data.rule("magic_defence_bonus")
    resolve(st)


def die_value(st: Position, face: str, sword: int) -> int:
    """GR-10.6: face value; a Sword counts 2 or the ``sword_value`` of its owner's card."""
    if face == "SWORD" and sword:
        return sword
    return st.data.face_values[face]


def resolve(st: Position) -> None:
    """GR-10.5 to 10.9: dice, totals, outcome, losses, VP, conquest."""
    ctx = st.ctx
    att, dfn = modifiers(st, ctx["acard"]), modifiers(st, ctx["dcard"])
    cap = st.data.rule("max_dice_per_side")
    k, d = ctx["k"], st.count[ctx["T"]]
    a_dice = [components.roll(st) for _ in range(min(k, cap) + att.extra)]
    d_dice = [components.roll(st) for _ in range(max(0, min(d, cap) + dfn.extra - att.minus))]
    a_total = sum(die_value(st, f, att.sword) for f in a_dice) + att.bonus
    d_total = sum(die_value(st, f, dfn.sword) for f in d_dice) + dfn.bonus + ctx["magic"]
    if st.hex_building(ctx["T"]) == "fortress" and not att.ignore_fortress:
        d_total += st.data.rule("fortress_defence_bonus")
    loss = st.data.rule("combat_loss")
    if a_total > d_total:
        board.remove(st, ctx["T"], min(loss, d))
        win_combat(st, st.active)
        outcome = "attacker"
    elif d_total > a_total:
        board.remove(st, ctx["S"], min(loss, k))
        win_combat(st, ctx["defender"])
        outcome = "defender"
    else:
        outcome = "tie"  # GR-10.7
    record(st, a_dice, d_dice, a_total, d_total, outcome)
    after_combat(st, outcome == "attacker")


def win_combat(st: Position, player: int) -> None:
    """GR-10.8: the winner banks 1 VP and counts the combat."""
    st.banked_combat[player] += st.data.rule("vp_per_combat_won")
    st.combats_won[player] += 1


def after_combat(st: Position, attacker_won: bool) -> None:
    """GR-10.9: optional conquest when the target is now empty."""
    t = st.ctx["T"]
    if attacker_won and st.count[t] == 0 and not board.has_shadow(st, t):
        flow.ask_next(st, "conquer", st.active)
        return
    turn.action_done(st)


def step_conquer(st: Position) -> list[str]:
    """GR-10.9: move 0 to k engaged guardians into the conquered hex."""
    return [f"conquer {n}" for n in range(st.ctx["k"] + 1)]


def answer_conquer(st: Position, action: str) -> None:
    """GR-10.9: move the guardians in (taking control), then the action is over."""
    number = int(action.split()[1])
    if number:
        board.shift(st, st.ctx["S"], st.ctx["T"], number)
    turn.action_done(st)


def resolve_shadow(st: Position) -> None:
    """GR-25.5: sum of all dice against the threshold."""
    ctx, coop = st.ctx, st.data.coop
    att = modifiers(st, ctx["acard"])
    counted = min(ctx["k"], int(coop["max_counted_guardians"]))
    thrown = int(coop["dice_per_engaged_guardian"]) * counted + att.extra
    dice = [components.roll(st) for _ in range(thrown)]
    total = sum(die_value(st, f, att.sword) for f in dice) + att.bonus
    success = total >= int(coop["elimination_threshold"])
    if success:
        t = ctx["T"]
        shadow = min(i for i, pos in enumerate(st.shadow_pos) if pos == t)
        st.shadow_pos[shadow] = NONE
        if st.shadows_advance:
            st.hexes_cache = None  # guardians it stood on may be controlled again
    else:
        board.remove(st, ctx["S"], min(int(coop["failed_attack_loss"]), ctx["k"]))
    record(st, dice, [], total, int(coop["elimination_threshold"]),
           "banished" if success else "failed")
    after_combat(st, success)


def record(st: Position, a_dice: list[str], d_dice: list[str], a_total: int,
           d_total: int, outcome: str) -> None:
    """Keep the last combat for the views and the terminal (public, GR-20.1)."""
    ctx = st.ctx
    defender: Any = ctx["defender"]
    st.last_combat = {
        "attacker": st.colour(st.active),
        "defender": st.colour(defender) if defender != NONE else "shadow",
        "from": st.label(ctx["S"]), "to": st.label(ctx["T"]), "engaged": ctx["k"],
        "attack_card": ctx["acard"], "defence_card": ctx["dcard"], "magic": ctx["magic"],
        "attack_dice": a_dice, "defence_dice": d_dice,
        "attack_total": a_total, "defence_total": d_total, "outcome": outcome,
    }


flow.register({
    "attack_card": (step_attack_card, answer_attack_card, "GR-10.3"),
    "defend": (step_defend, answer_defend, "GR-10.4"),
    "conquer": (step_conquer, answer_conquer, "GR-10.9"),
})
