"""The co-operative variant (GR-25): free transfers (GR-25.4), the Shadows' advance and
the devour choice (GR-25.7, GR-29.6), respawns (GR-25.9) and the co-op end of round
(GR-25.14, GR-25.15).

The end of round runs its steps from ``ctx["steps"]``; a devour choice suspends
them (the ``devour`` step), and its answer runs the rest, then hands back to the
turn rules (``flow.resume(st, "round")``: the next round).
"""

from __future__ import annotations

from keepers.games.gardiens import flow
from keepers.games.gardiens.rules import board, components, events, scoring
from keepers.games.gardiens.state import NONE, Position


# -- co-operative end of round (GR-25.15) ---------------------------------------
def end_round(st: Position) -> None:
    """Event, Shadow advance, respawn, win test, deck test, next round."""
    steps: list[str] = []
    hold = False
    if st.events:
        steps, hold = events.reveal_coop(st)
    if not hold:
        steps += [f"advance {i}" for i in range(len(st.shadow_pos))]
    steps += ["respawn", "win", "deck"]
    flow.ask(st, "eor", st.active, steps=steps)
    run_end_of_round(st)


def run_end_of_round(st: Position) -> None:
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
        elif verb == "win" and scoring.coop_won(st):
            scoring.finish(st, list(range(st.n)), "shadows_defeated")
            return
        elif verb == "deck" and not st.events:
            scoring.finish(st, [], "events_exhausted")
            return
    st.shadow_delayed = [False] * len(st.shadow_pos)
    flow.resume(st, "round")  # the turn rules: the next round


def advance_shadow(st: Position, i: int) -> bool:
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
        st.hexes_cache = None  # control may change on both hexes (see ``board.controlled_shared``)
    elif st.count[nxt] > 0:
        return devour(st, nxt)
    st.shadow_pos[i] = nxt
    if nxt == st.layout.citadel:  # GR-25.11
        scoring.finish(st, [], "citadel_fell")
    return False


def devour(st: Position, h: int) -> bool:
    """GR-25.7: the owner may discard a defense/combat card to prevent the devour."""
    owner = st.owner[h]
    if any(st.card(c).timing in ("defense", "combat") for c in st.hands[owner]):
        flow.ask_next(st, "devour", owner)
        st.ctx["hex"] = h
        return True
    board.remove(st, h, int(st.data.coop["devour_per_blocked_advance"]))
    return False


def step_devour(st: Position) -> list[str]:
    """GR-25.13: prevent with one defense/combat card, or allow the devour."""
    hand = st.hands[st.decider]
    cards = sorted({c for c in hand if st.card(c).timing in ("defense", "combat")})
    return ["allow"] + [f"prevent {c}" for c in cards]


def answer_devour(st: Position, action: str) -> None:
    """GR-25.7: resolve the devour choice and continue the end of round."""
    h = st.ctx.pop("hex")
    if action == "allow":
        board.remove(st, h, int(st.data.coop["devour_per_blocked_advance"]))
    else:
        components.discard_from_hand(st, st.decider, action.split()[1])
    st.phase = "eor"  # the end of round goes on (no decision: it runs to its end)
    run_end_of_round(st)


def respawn(st: Position) -> None:
    """GR-25.9: a banished Shadow returns to its unguarded origin."""
    for i, pos in enumerate(st.shadow_pos):
        origin = st.layout.origins[i]
        if pos == NONE and st.count[origin] == 0:
            st.shadow_pos[i] = origin


# -- co-op free transfers (GR-25.4) --------------------------------------------
def transfer_options(st: Position, p: int) -> list[str]:
    """Give a cube to, or take a cube from, any other player."""
    names = st.data.resources
    out = []
    for q in st.opponents(p):
        colour = st.colour(q)
        out += [f"give {colour} {names[r]}" for r in range(len(names)) if st.cubes[p][r]]
        out += [f"take {colour} {names[r]}" for r in range(len(names)) if st.cubes[q][r]]
    return out


def transfer(st: Position, verb: str, other: int, resource: int) -> None:
    """Move one cube; no action is spent."""
    giver, receiver = (st.active, other) if verb == "give" else (other, st.active)
    st.cubes[giver][resource] -= 1
    st.cubes[receiver][resource] += 1


flow.register({"devour": (step_devour, answer_devour, "GR-25.7")})
