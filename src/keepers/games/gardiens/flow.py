"""Turn, round and game sequencing: GR-4, GR-5, GR-16, GR-17, GR-19, GR-24, GR-25.15."""

from __future__ import annotations

from typing import Any

import keepers.games.gardiens.actions as actions
import keepers.games.gardiens.effects as effects
import keepers.games.gardiens.events as events
import keepers.games.gardiens.objectives as objectives
from keepers.games.gardiens.state import NONE, GardiensState

INSTANT_WIN_CHECKPOINTS = ("CP1", "CP2", "CP3", "CP4")
TIMED_CHECKPOINT_CPS = ("CP4", "CP6")  # the only ones where a timed objective is tested


# -- setup ---------------------------------------------------------------------
def forward_legal(st: GardiensState) -> list[str]:
    """GR-3.8: the ring-1 hexes not yet chosen."""
    return [f"forward {st.label(h)}" for h in st.layout.forward if st.owner[h] == NONE]


def forward_apply(st: GardiensState, action: str) -> None:
    """Place the two starting guardians on the chosen forward hex (GR-3.8)."""
    hex_index = st.hex_of(action.split()[1])
    st.place(st.decider, hex_index, st.data.setup["guardians_on_forward_hex"])
    st.ctx["picks"] += 1
    if st.ctx["picks"] < st.n:
        st.decider = (st.decider + 1) % st.n
        return
    st.round = 1  # GR-3.9
    st.turn_in_round = 0
    st.active = round_first_player(st)
    begin_turn(st)


def round_first_player(st: GardiensState) -> int:
    """GR-4.1: in round n the first player is seat ((n - 1) mod N) + 1; GR-29.1
    ``first_player=fixed``: always seat 1."""
    return st.round_first()


# -- turn ----------------------------------------------------------------------
def begin_turn(st: GardiensState, tested: bool = False) -> None:
    """GR-4.2 step 1-2: expiries, CP1, then the alliance step.

    ``tested``: the previous checkpoint (CP4 or CP6) saw this same position, so
    the objectives it tested need not be tested again (see :func:`checkpoint`).
    """
    st.actions_taken = 0
    st.partner_refused = False
    if st.active in st.protect:
        for h, who in enumerate(st.protect):
            if who == st.active:
                st.protect[h] = NONE
    checkpoint(st, "CP1", retest=not tested)
    if st.over:
        return
    if st.coop:  # GR-25.2: no alliance step
        set_phase(st, "collect", st.active)
        start_collection(st, st.controlled_shared(st.active), "turn")  # read only
        return
    set_phase(st, "alliance", st.active)


def set_phase(st: GardiensState, phase: str, decider: int, **ctx: Any) -> None:
    """Switch to a decision phase with a fresh context."""
    st.phase = phase
    st.decider = decider
    st.ctx = ctx  # a fresh dict at every call: no copy needed


def to_action_phase(st: GardiensState) -> None:
    """GR-6: wait for the active player's next action (``set_phase``, inlined: this
    follows every action)."""
    st.phase = "action"
    st.decider = st.active
    st.ctx = {}


def action_done(st: GardiensState) -> None:
    """An action has resolved completely: CP3, then the next action or the end of turn."""
    st.actions_taken += 1
    checkpoint(st, "CP3")
    if st.over:
        return
    if st.actions_taken < st.data.rule("actions_per_turn"):
        to_action_phase(st)
    elif st.coop and actions.transfer_options(st, st.active):
        set_phase(st, "transfer", st.active)  # GR-25.4: transfers after the last action
    elif st.gifts and actions.gift_options(st, st.active):
        set_phase(st, "gift", st.active)  # GR-29.5: gifts after the last action
    else:
        end_turn(st, tested=True)


def transfer_legal(st: GardiensState) -> list[str]:
    """GR-25.4: free transfers after the last action, or end the action phase."""
    return ["end", *actions.transfer_options(st, st.active)]


def transfer_apply(st: GardiensState, action: str) -> None:
    """Make one more transfer, or end the action phase."""
    if action == "end":
        end_turn(st)
        return
    verb, colour, name = action.split()
    actions.transfer(st, verb, st.player_of_colour(colour), st.data.res(name))


def gift_legal(st: GardiensState) -> list[str]:
    """GR-29.5: after the last action, give cubes to the ally one at a time, or end."""
    return ["end", *actions.gift_options(st, st.active)]


def gift_apply(st: GardiensState, action: str) -> None:
    """Give one more cube, or end the action phase."""
    if action == "end":
        # CP3 saw this position unless a cube has been given since
        end_turn(st, tested=not st.ctx.get("given"))
        return
    actions.give_to_ally(st, st.data.res(action.split()[2]))
    st.ctx["given"] = True
    if not actions.gift_options(st, st.active):
        end_turn(st)


def end_turn(st: GardiensState, tested: bool = False) -> None:
    """GR-16.1: discard down to the hand limit, then finish the turn.

    ``tested``: CP3 has just seen this position (see :func:`begin_turn`).
    """
    if len(st.hands[st.active]) > st.data.rule("hand_limit"):
        set_phase(st, "discard", st.active)
        return
    finish_turn(st, tested)


def discard_legal(st: GardiensState) -> list[str]:
    """GR-16.1: any card of the hand."""
    return [f"discard {c}" for c in sorted(set(st.hands[st.active]))]


def discard_apply(st: GardiensState, action: str) -> None:
    """Discard one card; finish the turn once the hand is at the limit."""
    st.discard_from_hand(st.active, action.split()[1])
    if len(st.hands[st.active]) <= st.data.rule("hand_limit"):
        finish_turn(st)


def finish_turn(st: GardiensState, tested: bool = False) -> None:
    """GR-16.2 CP4, then the next turn or the end of the round."""
    checkpoint(st, "CP4", retest=not tested)
    if st.over:
        return
    st.turn_in_round += 1
    if st.turn_in_round >= st.n:
        end_round(st)
        return
    st.active = (st.active + 1) % st.n
    begin_turn(st, tested=True)  # CP4 saw the same objective inputs


# -- collection ----------------------------------------------------------------
def start_collection(st: GardiensState, hexes: list[int], then: str) -> None:
    """GR-5.2: compute yields; Source cubes are chosen one by one."""
    gains = [0] * len(st.data.resources)
    sources = 0
    for h in hexes:
        sources += hex_yield(st, h, gains)
    st.phase = "collect" if sources else st.phase
    st.ctx["gains"] = gains
    st.ctx["sources"] = sources
    st.ctx["then"] = then
    if sources:
        st.decider = st.active
    else:
        finish_collection(st)


def hex_yield(st: GardiensState, h: int, gains: list[int]) -> int:
    """Add a hex's yield to ``gains``; return how many Source cubes it owes (GR-5.2)."""
    info = st.layout.hexes[h]
    if info.kind == "citadel" or h in st.shadow_pos:  # st.has_shadow(h), inlined
        return 0
    b = st.building[h]  # the working building (GR-7.4), as st.hex_building(h)
    if b == NONE:  # most hexes: no building, so the base yield of 1 (as below)
        if info.kind == "source":
            return 1
        gains[info.resource] += (events.adjust_printed(st, info.resource, 1)
                                 if st.round_effect else 1)
        return 0
    working = st.data.buildings[b].key if st.owner[h] != NONE else None
    base = 2 if working == "warehouse" else 1
    if info.kind == "source":
        sources = base
    else:
        sources = 0
        gains[info.resource] += (events.adjust_printed(st, info.resource, base)
                                 if st.round_effect else base)  # no event in force
    if working == "temple":
        gains[st.data.res("magic")] += 1 + events.round_value(st, "temple_bonus_delta")
    return sources


def collect_legal(st: GardiensState) -> list[str]:
    """GR-5.2: a Source cube may be of any type."""
    return list(st.data.source_cmds)


def collect_apply(st: GardiensState, action: str) -> None:
    """Record one Source cube choice."""
    st.ctx["gains"][st.data.res(action.split()[1])] += 1
    st.ctx["sources"] -= 1
    if st.ctx["sources"] == 0:
        finish_collection(st)


def finish_collection(st: GardiensState) -> None:
    """GR-5.3/5.4: take everything at once; shortfalls are lost."""
    for resource, amount in enumerate(st.ctx["gains"]):
        if amount:
            st.gain(st.active, resource, amount)
    if st.ctx["then"] == "effect":
        st.ctx.pop("gains")
        st.ctx.pop("sources")
        effects.resume(st)
        return
    checkpoint(st, "CP2")
    if not st.over:
        to_action_phase(st)


# -- checkpoints, objectives, victory -----------------------------------------
def checkpoint(st: GardiensState, cp: str, retest: bool = True) -> None:
    """GR-4.4: objectives for everyone, then the immediate victory of the active player.

    ``retest=False`` skips the objectives tested at every checkpoint: the caller
    knows the previous checkpoint tested them on a position whose objective inputs
    (cubes, hands, counters, board) have not changed since, so the results would
    be the same (CP4 after CP3, CP1 after CP4 or CP6: two checkpoints of five in a turn).
    """
    if st.coop:
        if coop_won(st):
            finish(st, list(range(st.n)), "shadows_defeated")
        return
    if retest or cp in TIMED_CHECKPOINT_CPS:
        test_objectives(st, cp, retest)
    if cp in INSTANT_WIN_CHECKPOINTS:
        target = st.data.vp_to_win
        if target is None:  # not an integer rule: ``rule()`` raises as it always did
            target = st.data.rule("victory_points_to_win")
        if st.vp(st.active) >= target:
            finish(st, [st.active], "victory_points")


def test_objectives(st: GardiensState, cp: str, retest: bool = True) -> None:
    """GR-24.3: test every not-yet-accomplished objective allowed at this checkpoint.

    This runs at every checkpoint for every player, hence flat loops over the pending
    objectives and their precompiled tests (see :class:`objectives.ObjectivePlan`).
    A board-only test that reads only parts of the board unchanged since all such tests
    last failed is skipped: it would fail again.  The tests are pure, so the order in
    which they run does not matter.
    """
    plan = objectives.plan_of(st)
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
        objectives.plan_of(st).remember(st, objectives.ALL_PARTS)
    elif changed:
        plan.remember(st, changed)


def finish(st: GardiensState, winners: list[int], reason: str) -> None:
    """End the game (GR-19)."""
    st.over = True
    st.winners_list = winners
    st.end_reason = reason
    st.phase = "over"
    st.ctx = {}


def score_winners(st: GardiensState) -> list[int]:
    """GR-19.3: highest total, then most hexes at the final snapshot, then shared.

    Called right after the final snapshot, on its board: with
    ``territory_points=accumulate`` (GR-29.2) ``snap_hexes`` holds the sum of every
    snapshot, so the hexes of the final one are counted on the board.
    """
    if st.accumulate:
        key = [(st.vp(p), st.owner.count(p)) for p in range(st.n)]
    else:
        key = [(st.vp(p), st.snap_hexes[p]) for p in range(st.n)]
    best = max(key)
    return [p for p in range(st.n) if key[p] == best]


# -- end of round --------------------------------------------------------------
def end_round(st: GardiensState) -> None:
    """GR-17 (or GR-25.15 in co-op)."""
    st.round_effect = ""  # GR-17.1
    if st.coop:
        coop_end_round(st)
        return
    if st.events:
        events.reveal(st)  # GR-17.2
    checkpoint(st, "CP5")
    take_snapshot(st)  # GR-17.3
    checkpoint(st, "CP6")
    if not st.events:  # GR-17.5
        finish(st, score_winners(st), "events_exhausted")
        return
    next_round(st)


def take_snapshot(st: GardiensState) -> None:
    """GR-17.3: record hexes controlled and the Citadel's controller; GR-29.2
    ``territory_points=accumulate``: the hexes held are added to S_T instead."""
    owner = st.owner
    if st.accumulate:
        for p in range(st.n):
            st.snap_hexes[p] += owner.count(p)
    else:
        for p in range(st.n):
            st.snap_hexes[p] = owner.count(p)  # counted in C
    st.snap_citadel = st.owner[st.layout.citadel]


def next_round(st: GardiensState) -> None:
    """GR-17.6/17.7: round counter, token, and the first turn of the new round."""
    st.round += 1
    if st.round > st.max_rounds:
        st.capped_flag = True
        finish(st, [] if st.coop else score_winners(st), "round_cap")
        return
    st.turn_in_round = 0
    st.active = round_first_player(st)
    begin_turn(st, tested=True)  # CP6 (or co-op, without objectives) saw this position


# -- co-operative end of round (GR-25.15) ---------------------------------------
def coop_end_round(st: GardiensState) -> None:
    """Event, Shadow advance, respawn, win test, deck test, next round."""
    steps: list[str] = []
    hold = False
    if st.events:
        steps, hold = events.reveal_coop(st)
    if not hold:
        steps += [f"advance {i}" for i in range(len(st.shadow_pos))]
    steps += ["respawn", "win", "deck"]
    set_phase(st, "eor", st.active, steps=steps)
    run_eor(st)


def run_eor(st: GardiensState) -> None:
    """Run the remaining end-of-round steps; a devour choice suspends them."""
    while st.ctx["steps"]:
        step = st.ctx["steps"].pop(0)
        verb, _, arg = step.partition(" ")
        if verb == "advance" and advance_shadow(st, int(arg)):
            return
        if st.over:
            return
        if verb == "respawn":
            respawn(st)
        elif verb == "win" and coop_won(st):
            finish(st, list(range(st.n)), "shadows_defeated")
            return
        elif verb == "deck" and not st.events:
            finish(st, [], "events_exhausted")
            return
    st.shadow_delayed = [False] * len(st.shadow_pos)
    next_round(st)


def advance_shadow(st: GardiensState, i: int) -> bool:
    """GR-25.7: one advance step; returns True when a devour choice is pending.

    GR-29.6 ``shadows=advance``: the Shadow always moves on; guardians on the next
    hex stay there, without a controller while it stands on them (GR-25.3).
    """
    pos = st.shadow_pos[i]
    if pos == NONE or st.shadow_delayed[i]:
        return False
    nxt = st.layout.next_hex[pos]
    if nxt == NONE:
        return False
    if st.shadows_advance:
        st.hexes_cache = None  # control may change on both hexes (see ``controlled_shared``)
    elif st.count[nxt] > 0:
        return devour(st, nxt)
    st.shadow_pos[i] = nxt
    if nxt == st.layout.citadel:  # GR-25.11
        finish(st, [], "citadel_fell")
    return False


def devour(st: GardiensState, h: int) -> bool:
    """GR-25.7: the owner may discard a defense/combat card to prevent the devour."""
    owner = st.owner[h]
    if any(st.card(c).timing in ("defense", "combat") for c in st.hands[owner]):
        st.phase = "devour"
        st.decider = owner
        st.ctx["hex"] = h
        return True
    st.remove(h, int(st.data.coop["devour_per_blocked_advance"]))
    return False


def devour_legal(st: GardiensState) -> list[str]:
    """GR-25.13: prevent with one defense/combat card, or allow the devour."""
    hand = st.hands[st.decider]
    cards = sorted({c for c in hand if st.card(c).timing in ("defense", "combat")})
    return ["allow"] + [f"prevent {c}" for c in cards]


def devour_apply(st: GardiensState, action: str) -> None:
    """Resolve the devour choice and continue the end of round."""
    h = st.ctx.pop("hex")
    if action == "allow":
        st.remove(h, int(st.data.coop["devour_per_blocked_advance"]))
    else:
        st.discard_from_hand(st.decider, action.split()[1])
    st.phase = "eor"
    run_eor(st)


def respawn(st: GardiensState) -> None:
    """GR-25.9: a banished Shadow returns to its unguarded origin."""
    for i, pos in enumerate(st.shadow_pos):
        origin = st.layout.origins[i]
        if pos == NONE and st.count[origin] == 0:
            st.shadow_pos[i] = origin


def coop_won(st: GardiensState) -> bool:
    """GR-25.10: no Shadow on the board and every origin controlled."""
    if any(pos != NONE for pos in st.shadow_pos):
        return False
    return all(st.owner[h] != NONE for h in st.layout.origins)
