"""The castle (VB-4): placing workers, the cascade, bumping and the leader.

Placing workers from supply in tier 1 (VB-4.2.6, VB-7.11); the cascade of
tier-1 and tier-2 triples (VB-4.2.1-4.2.2, VB-R22, VB-R32); the castle
leader (VB-4.2.3); bumping from a crowded tier (VB-4.2.4); shifting tier-1
workers sideways (VB-7.12).
"""

from __future__ import annotations

from keepers.games.viscounts import flow
from keepers.games.viscounts.effects import Term
from keepers.games.viscounts.flow import Choice, Task, ask, replace
from keepers.games.viscounts.rules.concepts import (
    clockwise,
    gain_virtue,
    others_from,
    seat_position,
)
from keepers.games.viscounts.rules.effects import EFFECTS, resolve
from keepers.games.viscounts.state import Position


# ------------------------------------------------------------------ castle leader
def check_leader(pos: Position, seat: int) -> None:
    """Award the castle leader card after a tier-3 arrival (VB-4.2.3)."""
    mine = sum(pos.castle[s][2][seat] for s in range(5))
    if pos.leader < 0:
        if mine > 0:
            pos.leader = seat
        return
    if pos.leader != seat and mine > sum(pos.castle[s][2][pos.leader] for s in range(5)):
        pos.leader = seat


# ------------------------------------------------------------------ workers (VB-7.11-12)
def effect_place_workers(pos: Position, seat: int, term: Term, source: str) -> None:
    amount, at = term.int_arg(0), term.kw("at", "any")
    if at == "viscount" or pos.players[seat].is_ai:
        place_workers(pos, seat, pos.geo.section_at(seat_position(pos, seat)), amount)
    else:
        pos.stack.append(("section", seat, amount))


def step_section(pos: Position, task: Task) -> Choice:
    """Ask which castle section receives the workers (VB-7.11)."""
    names = pos.data.castle.sections
    return ask(task[1], "section", "choose a castle section",
               [f"section {n}" for n in names])


def answer_section(pos: Position, task: Task, option: str) -> None:
    """Place the workers there (VB-7.11, VB-4.2.6)."""
    pos.stack.pop()
    section = pos.data.castle.sections.index(option.removeprefix("section "))
    place_workers(pos, task[1], section, task[2])


def place_workers(pos: Position, seat: int, section: int, amount: int) -> None:
    """Place up to ``amount`` workers from supply in tier 1, then resolve (VB-4.2.6)."""
    player = pos.players[seat]
    placed = min(amount, player.supply)
    player.supply -= placed
    pos.castle[section][0][seat] += placed
    if not any(t[0] == "castle" for t in pos.stack):   # nested placement: VB-R32
        pos.stack.append(("castle", seat))


def effect_move_worker_tier1(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].is_ai:
        gain_virtue(pos, seat, 1)          # VS-4.2: a free castle move becomes 1 virtue
        return
    if not any(t[0] == "castle" for t in pos.stack):
        pos.stack.append(("castle", seat))
    pos.stack.append(("move_t1", seat, term.int_arg(0), source))


def step_move_t1(pos: Position, task: Task) -> Choice | None:
    """Ask for the next sideways move of a tier-1 worker, or done (VB-7.12)."""
    seat, left, blocked = task[1], task[2], str(task[3])
    if left <= 0:
        pos.stack.pop()
        return None
    names = pos.data.castle.sections
    options = []
    for s in range(5):
        if pos.castle[s][0][seat] and names[s] != blocked:
            for t in ((s + 1) % 5, (s - 1) % 5):
                options.append(f"shift {names[s]} {names[t]}")
    return ask(seat, "shift", "move a tier-1 worker sideways (optional)",
               options + ["shift done"] if options else [])


def answer_move_t1(pos: Position, task: Task, option: str) -> None:
    """Move the worker and ask again for the rest (VB-7.12)."""
    seat, left = task[1], task[2]
    if option == "shift done":
        pos.stack.pop()
        return
    replace(pos, ("move_t1", seat, left - 1, str(task[3])))
    names = pos.data.castle.sections
    _, a, b = option.split()
    pos.castle[names.index(a)][0][seat] -= 1
    pos.castle[names.index(b)][0][seat] += 1


# ------------------------------------------------------------------ castle cascade (VB-4.2)
def step_castle(pos: Position, task: Task) -> Choice | None:
    """One round of the cascade (VB-4.2.1-4.2.4): a triple, a tier-3 arrival, a bump, or the end."""
    seat = task[1]
    threshold = pos.data.castle.threshold
    triples = [s for s in range(5) if pos.castle[s][0][seat] >= threshold]
    if triples:
        return _castle_triple(pos, seat, triples)
    for s in range(5):
        if pos.castle[s][1][seat] >= threshold:
            pos.castle[s][1][seat] -= 1
            pos.castle[s][2][seat] += 1
            check_leader(pos, seat)
            resolve(pos, seat, pos.data.castle.tier3_reward)
            return None
    crowded = _crowded(pos)
    if crowded:
        return _bump_choice(pos, seat, crowded)
    pos.stack.pop()
    _other_triples(pos, seat)
    return None


def _castle_triple(pos: Position, seat: int, triples: list[int]) -> Choice | None:
    names = pos.data.castle.sections
    if len(triples) > 1 and not pos.players[seat].is_ai:
        return ask(seat, "cascade", "resolve a tier-1 triple (VB-R22)",
                   [f"cascade {names[s]}" for s in triples])
    _resolve_triple(pos, seat, _ai_first_triple(pos, seat, triples))
    return None


def _ai_first_triple(pos: Position, seat: int, triples: list[int]) -> int:
    start = pos.geo.section_at(seat_position(pos, seat))
    return min(triples, key=lambda s: (s - start) % 5)


def answer_castle(pos: Position, task: Task, option: str) -> None:
    """Resolve the chosen triple (VB-R22) or bump the chosen worker (VB-4.2.4)."""
    seat = task[1]
    names = pos.data.castle.sections
    verb, rest = option.split(" ", 1)
    if verb == "cascade":
        _resolve_triple(pos, seat, names.index(rest))
        return
    owner, where = rest.split()
    section, tier = names.index(where[0]), int(where[1]) - 1
    pos.castle[section][tier][int(owner)] -= 1
    pos.players[int(owner)].supply += 1
    reward = pos.data.castle.bump_tier1 if tier == 0 else pos.data.castle.bump_tier2
    resolve(pos, int(owner), reward)


def _resolve_triple(pos: Position, seat: int, section: int) -> None:
    """Steps 1-3 of VB-4.2.1; steps 2-3 wait until the tier-2 reward is done (VB-R32)."""
    pos.castle[section][0][seat] -= 1
    pos.castle[section][1][seat] += 1
    pos.stack.append(("spread", seat, section))
    resolve(pos, seat, pos.data.castle.tier2_reward[pos.data.castle.sections[section]],
            pos.data.castle.sections[section])     # callers push nothing after


def step_spread(pos: Position, task: Task) -> None:
    """Steps 2-3 of VB-4.2.1: the other two workers of the triple spread sideways."""
    pos.stack.pop()
    seat, section = task[1], task[2]
    pos.castle[section][0][seat] -= 2
    pos.castle[(section + 1) % 5][0][seat] += 1
    pos.castle[(section - 1) % 5][0][seat] += 1
    return None


def _crowded(pos: Position) -> list[tuple[int, int]]:
    limit = pos.data.castle.limit
    return [(s, t) for s, section in enumerate(pos.castle) for t in (0, 1)
            if sum(section[t]) > limit]


def _bump_choice(pos: Position, seat: int, crowded: list[tuple[int, int]]) -> Choice:
    names = pos.data.castle.sections
    section, tier = crowded[0]
    options = [f"bump {o} {names[section]}{tier + 1}" for o in others_from(pos, seat)
               if pos.castle[section][tier][o]]
    if pos.castle[section][tier][seat]:
        options.append(f"bump {seat} {names[section]}{tier + 1}")
    return ask(seat, "bump", "choose a worker to bump (VB-4.2.4)", options)


def _other_triples(pos: Position, seat: int) -> None:
    threshold = pos.data.castle.threshold
    for other in clockwise(pos, pos.current):
        if other == seat:
            continue
        for section in pos.castle:
            if section[0][other] >= threshold or section[1][other] >= threshold:
                pos.stack.append(("castle", other))
                return


# ---------------------------------------------------------------------- registration
flow.register({
    "section": (step_section, answer_section),
    "move_t1": (step_move_t1, answer_move_t1),
    "castle": (step_castle, answer_castle),
    "spread": (step_spread, None),
})
EFFECTS.update({
    "place_workers": effect_place_workers,
    "move_worker_tier1": effect_move_worker_tier1,
})
