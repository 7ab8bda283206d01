"""Turn and round structure: GR-4 (the turn), GR-6.1 (actions per turn), GR-16 (end of
turn: transfers GR-25.4, gifts GR-29.5, discards), GR-17 (end of round) and GR-4.1 /
GR-29.1 (the first player).

An action hands back here with :func:`action_done` once it has resolved; the
collection of a turn with ``resume_turn`` and the co-op end of round with
``resume_round`` (see :data:`flow.RESUME <keepers.games.gardiens.flow.RESUME>`).
"""

from __future__ import annotations

from keepers.games.gardiens import flow
from keepers.games.gardiens.rules import (
    alliances,
    collection,
    components,
    coop,
    events,
    scoring,
    seats,
)
from keepers.games.gardiens.state import NONE, Position


# -- turn ----------------------------------------------------------------------
def begin_turn(st: Position, tested: bool = False) -> None:
    """GR-4.2 step 1-2: expiries, CP1, then the alliance step.

    ``tested``: the previous checkpoint (CP4 or CP6) saw this same position, so
    the objectives it tested need not be tested again (see ``scoring.checkpoint``).
    """
    st.actions_taken = 0
    st.partner_refused = False
    if st.active in st.protect:
        for h, who in enumerate(st.protect):
            if who == st.active:
                st.protect[h] = NONE
    scoring.checkpoint(st, "CP1", retest=not tested)
    if st.over:
        return
    if st.coop:  # GR-25.2: no alliance step
        collection.begin_collection(st)
        return
    flow.ask(st, "alliance", st.active)


def to_action_phase(st: Position) -> None:
    """GR-6: wait for the active player's next action (``flow.ask``, inlined: this
    follows every action)."""
    st.phase = "action"
    st.decider = st.active
    st.ctx = {}


def action_done(st: Position) -> None:
    """An action has resolved completely: CP3, then the next action or the end of turn."""
    st.actions_taken += 1
    scoring.checkpoint(st, "CP3")
    if st.over:
        return
    if st.actions_taken < st.data.rule("actions_per_turn"):
        to_action_phase(st)
    elif st.coop and coop.transfer_options(st, st.active):
        flow.ask(st, "transfer", st.active)  # GR-25.4: transfers after the last action
    elif st.gifts and alliances.gift_options(st, st.active):
        flow.ask(st, "gift", st.active)  # GR-29.5: gifts after the last action
    else:
        end_turn(st, tested=True)


def step_transfer(st: Position) -> list[str]:
    """GR-25.4: free transfers after the last action, or end the action phase."""
    return ["end", *coop.transfer_options(st, st.active)]


def answer_transfer(st: Position, action: str) -> None:
    """GR-25.4: make one more transfer, or end the action phase."""
    if action == "end":
        end_turn(st)
        return
    verb, colour, name = action.split()
    coop.transfer(st, verb, st.player_of_colour(colour), st.data.res(name))


def step_gift(st: Position) -> list[str]:
    """GR-29.5: after the last action, give cubes to the ally one at a time, or end."""
    return ["end", *alliances.gift_options(st, st.active)]


def answer_gift(st: Position, action: str) -> None:
    """GR-29.5: give one more cube, or end the action phase."""
    if action == "end":
        # CP3 saw this position unless a cube has been given since
        end_turn(st, tested=not st.ctx.get("given"))
        return
    alliances.give_to_ally(st, st.data.res(action.split()[2]))
    st.ctx["given"] = True
    if not alliances.gift_options(st, st.active):
        end_turn(st)


def end_turn(st: Position, tested: bool = False) -> None:
    """GR-16.1: discard down to the hand limit, then finish the turn.

    ``tested``: CP3 has just seen this position (see :func:`begin_turn`).
    """
    if len(st.hands[st.active]) > st.data.rule("hand_limit"):
        flow.ask(st, "discard", st.active)
        return
    finish_turn(st, tested)


def step_discard(st: Position) -> list[str]:
    """GR-16.1: any card of the hand."""
    return [f"discard {c}" for c in sorted(set(st.hands[st.active]))]


def answer_discard(st: Position, action: str) -> None:
    """GR-16.1: discard one card; finish the turn once the hand is at the limit."""
    components.discard_from_hand(st, st.active, action.split()[1])
    if len(st.hands[st.active]) <= st.data.rule("hand_limit"):
        finish_turn(st)


def finish_turn(st: Position, tested: bool = False) -> None:
    """GR-16.2 CP4, then the next turn or the end of the round."""
    scoring.checkpoint(st, "CP4", retest=not tested)
    if st.over:
        return
    st.turn_in_round += 1
    if st.turn_in_round >= st.n:
        end_round(st)
        return
    st.active = (st.active + 1) % st.n
    begin_turn(st, tested=True)  # CP4 saw the same objective inputs


# -- end of round --------------------------------------------------------------
def end_round(st: Position) -> None:
    """GR-17 (or GR-25.15 in co-op)."""
    st.round_effect = ""  # GR-17.1
    if st.coop:
        coop.end_round(st)
        return
    if st.events:
        events.reveal(st)  # GR-17.2
    scoring.checkpoint(st, "CP5")
    scoring.take_snapshot(st)  # GR-17.3
    scoring.checkpoint(st, "CP6")
    if not st.events:  # GR-17.5
        scoring.finish(st, scoring.score_winners(st), "events_exhausted")
        return
    next_round(st)


def next_round(st: Position) -> None:
    """GR-17.6/17.7: round counter, token, and the first turn of the new round."""
    st.round += 1
    if st.round > st.max_rounds:
        st.capped_flag = True
        scoring.finish(st, [] if st.coop else scoring.score_winners(st), "round_cap")
        return
    st.turn_in_round = 0
    st.active = seats.first_player(st)
    begin_turn(st, tested=True)  # CP6 (or co-op, without objectives) saw this position


def resume_turn(st: Position) -> None:
    """GR-4.2 step 3-4: the collection of the turn is over: CP2, then the actions."""
    scoring.checkpoint(st, "CP2")
    if not st.over:
        to_action_phase(st)


def resume_round(st: Position) -> None:
    """GR-25.15: the co-op end of round is over: the next round."""
    next_round(st)


flow.register({
    "transfer": (step_transfer, answer_transfer, "GR-25.4"),
    "gift": (step_gift, answer_gift, "GR-29.5"),
    "discard": (step_discard, answer_discard, "GR-16.1"),
})
flow.register_resume({"turn": resume_turn, "round": resume_round})
