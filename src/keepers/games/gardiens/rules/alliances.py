"""Alliances (GR-15): the alliance step at the start of a turn (GR-15.2), and the
gifts of cubes to an ally under ``alliance_sharing=gift`` (GR-29.5).

After the alliance step the turn goes on to its collection (GR-4.2 step 3).
"""

from __future__ import annotations

from itertools import compress

from keepers.games.gardiens import flow
from keepers.games.gardiens.rules import collection
from keepers.games.gardiens.state import NONE, Position


# -- alliance step (GR-15.2) ---------------------------------------------------
def step_alliance(st: Position) -> list[str]:
    """GR-15.2: propose (both free), break (if allied) or skip."""
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


def answer_alliance(st: Position, action: str) -> None:
    """GR-15.2: a proposal asks the other player; a break is effective at once; then
    the collection (GR-4.2 step 3)."""
    p = st.active
    if action.startswith("propose"):
        target = st.player_of_colour(action.split()[1])
        flow.ask(st, "ally_reply", target, proposer=p)
        return
    if action == "break":  # GR-15.2: effective at once
        st.ally[st.ally[p]] = NONE
        st.ally[p] = NONE
    collection.begin_collection(st)


def step_ally_reply(st: Position) -> list[str]:
    """GR-15.2: the proposed player accepts or refuses at once."""
    return ["accept", "refuse"]


def answer_ally_reply(st: Position, action: str) -> None:
    """GR-15.2: form the alliance on acceptance, then go on to the collection."""
    if action == "accept":
        proposer = st.ctx["proposer"]
        st.ally[proposer] = st.decider
        st.ally[st.decider] = proposer
    collection.begin_collection(st)


# -- gifts to the ally (GR-29.5) ------------------------------------------------
def gift_options(st: Position, p: int) -> list[str]:
    """``give <ally colour> <resource>`` for each type of cube ``p`` holds, when
    allies may give (``alliance_sharing=gift``, outside co-op) and ``p`` has an ally."""
    ally = st.ally[p]
    if ally == NONE or not st.gifts:
        return []
    commands = st.data.gift_cmds[(ally - st.first) % st.n]  # by colour, i.e. by seat - 1
    # the command of each resource held (compress: in C, and this is asked at every
    # action of an allied player)
    return list(compress(commands, st.cubes[p]))


def give_to_ally(st: Position, resource: int) -> None:
    """One cube from the active player to their ally: free, no acceptance, no TRADE."""
    giver, receiver = st.active, st.ally[st.active]
    st.cubes[giver][resource] -= 1
    st.cubes[receiver][resource] += 1


flow.register({
    "alliance": (step_alliance, answer_alliance, "GR-15.2"),
    "ally_reply": (step_ally_reply, answer_ally_reply, "GR-15.2"),
})
