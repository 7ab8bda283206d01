"""The action phase (GR-6): the action step, which lists every legal action of the
active player (GR-6.2) and starts the one chosen, and PASS (GR-13).

Each action is carried out by the module of its section: ``actions`` (BUILD,
RECRUIT, MOVE, TRADE), ``combat`` (ATTACK), ``cards`` (PLAY_CARD), ``coop``
(transfers, GR-25.4) and ``alliances`` (gifts, GR-29.5).
"""

from __future__ import annotations

from keepers.games.gardiens import flow
from keepers.games.gardiens.rules import (
    actions,
    alliances,
    board,
    cards,
    combat,
    components,
    coop,
    scoring,
    turn,
)
from keepers.games.gardiens.state import NONE, Position


# -- the action phase ----------------------------------------------------------
def step_action(st: Position) -> list[str]:
    """All legal actions of the active player, in a stable order (GR-6.2)."""
    p = st.active
    mine = board.controlled_shared(st, p)  # read (never changed) by the option finders below
    out = actions.build_options(st, p, None, mine)
    if actions.recruit_possible(st, p, mine):
        out.append("recruit")
    moves, attacks = actions.moves_and_attacks(st, p, mine)
    out += moves
    out += attacks
    out += actions.trade_options(st, p, mine)
    if st.hands[p]:  # an empty hand (often) plays nothing: skip the call
        out += cards.playable_actions(st, p)
    if st.coop:
        out += coop.transfer_options(st, p)
    elif st.gifts and st.ally[p] != NONE:
        out += alliances.gift_options(st, p)
    out.append("pass")
    return out


def answer_action(st: Position, action: str) -> None:
    """GR-6.2: carry out the chosen action: a MOVE (GR-9.3) or BUILD (GR-7.2) at once,
    the others through their own steps; each ends in ``turn.action_done``.  A co-op
    transfer (GR-25.4) or a gift to the ally (GR-29.5) spends no action."""
    move = st.layout.move_args.get(action)
    if move is not None:  # the most frequent action, its hexes found without parsing
        board.shift(st, *move)
        turn.action_done(st)
        return
    words = action.split()  # indexed, not unpacked: no list of the arguments
    verb = words[0]
    if verb == "move":  # with more guardians than the map's commands (made by hand)
        board.shift(st, st.hex_of(words[1]), st.hex_of(words[2]), int(words[3]))
        turn.action_done(st)
    elif verb == "build":
        actions.do_build(st, st.active, words[1], st.hex_of(words[2]), st.data.buildings[
            st.data.building_index[words[1]]].cost)
        turn.action_done(st)
    elif verb == "recruit":
        actions.start_recruit(st)
    elif verb == "attack":
        combat.start(st, st.hex_of(words[1]), st.hex_of(words[2]), int(words[3]))
    elif verb == "trade":
        actions.start_trade(st, words[1])
    elif verb == "play":
        cards.play(st, words[1])
    elif verb in ("give", "take"):
        coop.transfer(st, verb, st.player_of_colour(words[1]), st.data.res(words[2]))
    else:
        do_pass(st)


# -- PASS (GR-13) ----------------------------------------------------------------
def do_pass(st: Position) -> None:
    """Draw one card; the action phase ends at once."""
    components.draw_to_hand(st, st.active, st.data.rule("pass_draws"))
    st.actions_taken += 1
    scoring.checkpoint(st, "CP3")
    if not st.over:
        turn.end_turn(st, tested=True)  # CP3 has just seen this position


flow.register({"action": (step_action, answer_action, "GR-6.2")})
