"""Solo mode (VS-1 to VS-6): the AI's setup, policy, effects, turn and actions.

The AI never decides: its effects run through the same interpreter, and every
choice it meets is made by the fixed policy of :func:`ai_pick` (resource
chart VS-4.3, flip rule VS-4.4, humans bumped first VS-5.6), the flow's
``decide`` hook.  Effects that mean something else for the AI (VS-4.2,
VS-R06, VS-R10) replace the base handlers in
:data:`~keepers.games.viscounts.rules.effects.EFFECTS` and fall back to them
for a person.
"""

from __future__ import annotations

from keepers.games.viscounts import flow
from keepers.games.viscounts.data import AIBoard, Scheme
from keepers.games.viscounts.effects import Term, parse_icons
from keepers.games.viscounts.flow import HOOKS, Choice, Task, push_all
from keepers.games.viscounts.rules import effects
from keepers.games.viscounts.rules.actions import ACTION_ICON
from keepers.games.viscounts.rules.castle import place_workers
from keepers.games.viscounts.rules.concepts import (
    adjacent_townsfolk,
    board_icons,
    criminal_count,
    fire,
    gain_corruption,
    gain_virtue,
    gates_on,
    keys_on,
    printed_manuscript,
    refill_row,
    seat_position,
    shuffle_discard,
)
from keepers.games.viscounts.rules.effects import (
    EFFECTS,
    construct,
    construct_public,
    eff,
    gain_amount,
    land,
    push,
    receive_manuscript,
)
from keepers.games.viscounts.rules.gates import ai_remove_outsiders
from keepers.games.viscounts.state import Position

AI_RESOURCE = {"build": "stone", "workers": "gold", "transcribe": "ink"}


# ------------------------------------------------------------------ solo setup (VS-1)
def solo_setup(pos: Position) -> None:
    board = ai_board(pos)
    sets = ("Base", "Keys") if keys_on(pos) else ("Base",)       # VK-7.1
    draw = [s.id for s in pos.data.schemes.values()
            if s.deck == "starting" and s.set in sets
            and s.id not in board.remove_starting_schemes]
    future = [s.id for s in pos.data.schemes.values() if s.deck == "future"]
    pos.rng.shuffle(draw)
    pos.rng.shuffle(future)
    pos.players[1].draw = draw
    pos.ai["future"] = future
    if keys_on(pos):                     # VK-7.1: face down, one under each AI card space
        tiles = [t.id for t in pos.data.chest_tiles.values() if t.set == "KeysAI"]
        pos.rng.shuffle(tiles)
        pos.ext["ai_chests"] = [[tile, False] for tile in tiles]
    push_all(pos, [("setup_pick", 0), ("ai_setup", 1)])


def ai_board(pos: Position) -> AIBoard:
    """The chosen AI board."""
    return pos.data.ai_boards[pos.ai["board"]]


def step_ai_setup(pos: Position, task: Task) -> None:
    """The AI takes the other pair's space and its board's starting items (VS-1.5-1.6)."""
    pos.stack.pop()
    seat = task[1]
    card_id, _ = pos.pairs.pop()
    pos.players[seat].node = pos.geo.node_of(pos.data.player_cards[card_id].start_space)
    start = ai_board(pos).start
    player = pos.players[seat]
    for key in ("ink", "gold", "stone"):
        player.add(key, start.get(key, 0))
    player.deeds_acquired += start.get("deeds", 0)
    player.debts_unpaid += start.get("debts", 0)
    tasks: list[Task] = [("res", seat)] * start.get("any_resource", 0)
    push_all(pos, tasks + [eff(seat, ai_board(pos).start_effect, "setup")])
    return None


# ------------------------------------------------------------------ AI choices
def ai_pick(pos: Position, choice: Choice) -> str:
    """The AI's fixed policy for choices met inside effects (VS-4.3, VS-4.4, VS-5.6)."""
    if choice.kind == "resource":
        return f"take {ai_resource(pos, choice.player)}"
    if choice.kind == "flip":
        player = pos.players[choice.player]
        prefer = "flip debt" if player.debts_paid <= player.deeds_approved else "flip deed"
        return prefer if prefer in choice.options else choice.options[0]
    return choice.options[0]


def ai_resource(pos: Position, seat: int) -> str:
    """Resource chosen by the AI's priority chart (VS-4.3)."""
    player = pos.players[seat]
    for resource, below in ai_board(pos).resource_priority:
        if below is None or player.get(resource) < below:
            return resource
    return "ink"


# ------------------------------------------------------------------ AI effect overrides
# These replace the base handlers of the same terms (see the registration at
# the end) and fall back to them for a person.
def effect_move_viscount(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].is_ai:
        ai_walk(pos, seat, max(int(s) for s in term.word(0).split("|")))     # VS-3.1
    else:
        effects.effect_move_viscount(pos, seat, term, source)


def effect_rearrange(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].is_ai and gates_on(pos):
        ai_remove_outsiders(pos, seat)         # VG-9.2: outsiders out, then the resource
    elif pos.players[seat].is_ai:
        pos.stack.append(("res", seat))       # VS-4.2
    else:
        effects.effect_rearrange(pos, seat, term, source)


def effect_discard(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].is_ai:
        gain_virtue(pos, seat, 1)              # VS-4.2
    else:
        effects.effect_discard(pos, seat, term, source)


def effect_destroy(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].is_ai:
        pos.stack.append(("flip", seat, "either"))     # VS-4.2
    else:
        effects.effect_destroy(pos, seat, term, source)


def step_flip(pos: Position, task: Task) -> Choice | None:
    """The AI with nothing to flip gains 1 virtue instead (VS-4.2); else as for a person."""
    seat = task[1]
    choice = effects.step_flip(pos, task)
    assert choice is not None
    if pos.players[seat].is_ai and not choice.options:
        pos.stack.pop()
        gain_virtue(pos, seat, 1)              # VS-4.2: nothing to flip
        return None
    return choice


def effect_hire_free(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].is_ai:
        for _ in range(term.int_arg(0)):
            push(pos, seat, Term("ai_future_scheme"))      # VS-4.5
    else:
        effects.effect_hire_free(pos, seat, term, source)


def effect_hire(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].is_ai:
        push(pos, seat, Term("ai_future_scheme"))
    else:
        effects.effect_hire(pos, seat, term, source)


def effect_gain_manuscript(pos: Position, seat: int, term: Term, source: str) -> None:
    if not pos.players[seat].is_ai:
        effects.effect_gain_manuscript(pos, seat, term, source)
        return
    costs = {int(c) for c in term.word(0).split("|")}
    here = seat_position(pos, seat)
    for step in range(5):                      # VS-5.5 free manuscript
        pile = pos.ms_piles[(here + step) % 5]
        if pile and pos.data.manuscripts[pile[-1]].cost in costs:
            receive_manuscript(pos, seat, (here + step) % 5)
            return


def effect_build_free(pos: Position, seat: int, term: Term, source: str) -> None:
    if not pos.players[seat].is_ai:
        effects.effect_build_free(pos, seat, term, source)
        return
    btype = term.word(0)
    order = ai_board(pos).building_order
    slots = [i for i, t in enumerate(order)
             if pos.players[seat].covered[i] and btype in ("any", t)]
    spot = ai_free_spot(pos, seat)
    if slots and spot:                         # VS-R11, VS-5.2, VS-R09
        construct(pos, seat, f"AI{slots[0] + 1}", spot)


def ai_free_spot(pos: Position, seat: int) -> str | None:
    """Left-most usable empty spot, else the first empty spot clockwise (VS-5.2)."""
    usable = [s for s in pos.geo.group_spots(pos.players[seat].node)
              if s not in pos.spots]
    if usable:
        return usable[0]
    ring = [s.id for s in pos.geo.all_spots()]
    here = seat_position(pos, seat)
    ring = ring[ring.index(pos.geo.spots(here)[0].id):] + \
        ring[:ring.index(pos.geo.spots(here)[0].id)]
    return next((s for s in ring if s not in pos.spots), None)


# ------------------------------------------------------------------ AI-only terms (VB-10.6)
def effect_ai_criminal_surcharge(pos: Position, seat: int, term: Term, source: str) -> None:
    gain_corruption(pos, seat, criminal_count(pos, seat))


def effect_ai_future_scheme(pos: Position, seat: int, term: Term, source: str) -> None:
    future: list[str] = pos.ai.setdefault("future", [])
    if future:
        pos.players[seat].discard.append(future.pop())
    else:
        pos.stack.append(("flip", seat, "either"))     # VS-4.2


def effect_ai_dismiss(pos: Position, seat: int, term: Term, source: str) -> None:
    position = seat_position(pos, seat)
    card = adjacent_townsfolk(pos, position)
    if pos.tf_piles[position]:
        pos.tf_piles[position].pop()
        pos.removed.append(card)
    push(pos, seat, pos.data.cards[card].recruit, card)          # VS-4.6


def effect_ai_focus(pos: Position, seat: int, term: Term, source: str) -> None:
    ai_do(pos, seat, ai_board(pos).focus)


def effect_flip_ai_chest(pos: Position, seat: int, term: Term, source: str) -> None:
    """Turn the next face-down AI chest face up, space 1 first (VK-7.3, VK-7.6)."""
    for chest in pos.ext.get("ai_chests", ()):
        if not chest[1]:
            chest[1] = True
            pos.log.append(f"ai_chest {seat} {chest[0]}")
            return


def effect_ai_remove_heroes_chests(pos: Position, seat: int, term: Term, source: str) -> None:
    """Remove the ``n`` right-most (oldest) heroes and chest tiles, then refill (VK-7.3)."""
    if not keys_on(pos):
        return
    count = term.int_arg(0)
    for row, pile, size in (("hero_row", "hero_deck", 3), ("chest_row", "chest_pile", 4)):
        items: list[str] = pos.ext[row]
        for _ in range(min(count, len(items))):
            pos.removed.append(items.pop())
        refill_row(pos, row, pile, size)


# ------------------------------------------------------------------ AI turn (VS-2)
def step_ai_turn(pos: Position, task: Task) -> None:
    """The AI's turn: shift, reveal a scheme, queue its rows, move and action row (VS-2)."""
    pos.stack.pop()
    seat = task[1]
    player = pos.players[seat]
    if player.spaces[2]:
        player.discard.append(player.spaces[2])
    player.spaces = [None, player.spaces[0], player.spaces[1]]
    if not player.draw:
        shuffle_discard(pos, seat)                           # VS-R01
    if not player.draw:
        return None
    scheme = pos.data.schemes[player.draw.pop()]
    player.spaces[0] = scheme.id
    pos.log.append(f"scheme {seat} {scheme.id}")               # shown to the person (VS-2.2)
    push_all(pos, [eff(seat, scheme.row1), eff(seat, scheme.row2),
                   ("ai_move", seat, scheme.move), ("ai_row", seat, scheme.id)])
    return None


def step_ai_move(pos: Position, task: Task) -> None:
    """The AI's movement along the outside path (VS-3.1, VS-R03)."""
    pos.stack.pop()
    ai_walk(pos, task[1], task[2])
    return None


def ai_walk(pos: Position, seat: int, steps: int) -> None:
    """Outside-path movement (VS-3.1, VS-R03), then the landing rule."""
    player = pos.players[seat]
    for _ in range(steps):
        position, kind = player.node.split(".")
        if kind in ("L", "I"):
            player.node = f"{position}.R"
        else:
            player.node = f"{(int(position) + 1) % 5}.L"
    pos.log.append(f"move {seat} {pos.geo.printed(player.node)}")
    land(pos, seat)


def step_ai_row(pos: Position, task: Task) -> None:
    """The first option of the scheme's action row the AI can carry out fully (VS-2.4, VS-R02)."""
    pos.stack.pop()
    seat = task[1]
    scheme: Scheme = pos.data.schemes[str(task[2])]
    for option in scheme.action_row:                         # VS-2.4
        if ai_can(pos, seat, option):
            ai_do_term(pos, seat, option)
            return None
    return None


# ------------------------------------------------------------------ AI actions (VS-5)
def ai_can(pos: Position, seat: int, term: Term) -> bool:
    """Whether an action-row option can be carried out fully (VS-R02)."""
    name = term.name
    if name == "ai_focus":
        return ai_can(pos, seat, Term(ai_board(pos).focus))
    if name == "flip_ai_chest":                              # VK-7.3
        return any(not up for _, up in pos.ext.get("ai_chests", ()))
    if name == "build":
        return _ai_build_plan(pos, seat) is not None or _ai_public_plan(pos, seat) is not None
    if name == "workers":
        return _ai_workers_plan(pos, seat) is not None
    if name == "transcribe":
        return _ai_transcribe_cost(pos, seat) is not None
    if name == "trade":
        return _ai_trade_uses(pos, seat) > 0
    return True


def ai_do_term(pos: Position, seat: int, term: Term) -> None:
    """Carry out an action-row option."""
    if term.name in ("build", "workers", "transcribe", "trade"):
        ai_do(pos, seat, term.name)
    else:
        push(pos, seat, term)


def ai_do(pos: Position, seat: int, action: str) -> None:
    """Perform one AI primary action if possible."""
    if not ai_can(pos, seat, Term(action)):
        return
    if action == "build":
        _ai_build(pos, seat)
    elif action == "workers":
        _ai_workers(pos, seat)
    elif action == "transcribe":
        _ai_transcribe(pos, seat)
    elif action == "trade":
        _ai_trade(pos, seat)
    else:
        raise KeyError(action)


def ai_icons(pos: Position, seat: int, action: str) -> int:
    """AI icons for an action: board icons plus criminals (VS-4.1)."""
    icons = board_icons(pos, seat)
    extra = ai_chest_icons(pos, seat, ACTION_ICON[action]) if pos.ext else 0
    return icons[ACTION_ICON[action]] + icons["criminal"] + extra


def ai_chest_icons(pos: Position, seat: int, icon: str) -> int:
    """Icons of type ``icon`` the face-up AI chests add (VK-7.4): each converts one
    header icon of the scheme in the card space above into the two other types."""
    player = pos.players[seat]
    extra = 0
    for index, (tile, up) in enumerate(pos.ext.get("ai_chests", ())):
        scheme = player.spaces[index]
        if not up or not scheme:
            continue
        term = pos.data.chest_tiles[tile].effect
        source = term.kw("from")
        if source != icon and icon in parse_icons(term.kw("to")) \
                and pos.data.schemes[scheme].header_icons.get(source, 0):
            extra += 1
    return extra


def ai_payable(pos: Position, seat: int, action: str) -> int:
    """Resources the AI may add to an action (VS-4.1; Merchant AI: any kind)."""
    player = pos.players[seat]
    if ai_board(pos).single_resource_kind:
        return player.resources()
    resource = AI_RESOURCE.get(action)
    return player.get(resource) if resource else 0


def ai_spend(pos: Position, seat: int, action: str, amount: int) -> None:
    """Spend ``amount`` resources for an action (VS-R08)."""
    player = pos.players[seat]
    if not ai_board(pos).single_resource_kind:
        player.add(AI_RESOURCE[action], -amount)
        return
    for key in ("ink", "gold", "stone"):
        take = min(amount, player.get(key))
        player.add(key, -take)
        amount -= take


def _ai_build_plan(pos: Position, seat: int) -> tuple[int, str, int] | None:
    spots = [s for s in pos.geo.group_spots(pos.players[seat].node) if s not in pos.spots]
    if not spots:
        return None
    icons = ai_icons(pos, seat, "build")
    budget = icons + ai_payable(pos, seat, "build")
    for index, btype in enumerate(ai_board(pos).building_order):
        cost = pos.data.player_board.costs[btype]
        if pos.players[seat].covered[index] and cost <= budget:
            return index, spots[0], max(0, cost - icons)
    return None


def _ai_public_plan(pos: Position, seat: int) -> tuple[str, str, int] | None:
    """VK-R14: the first spot (clockwise) of the AI's river group holding its own building
    whose public counterpart is unbuilt and affordable: (public building, spot, spend)."""
    if not keys_on(pos) or pos.players[seat].node.endswith(".I"):
        return None
    built = {b for owned in pos.ext["owned"] for b in owned}
    icons = ai_icons(pos, seat, "build")
    budget = icons + ai_payable(pos, seat, "build")
    for spot in pos.geo.group_spots(pos.players[seat].node):
        here = pos.spots.get(spot)
        if here is None or here[0] != seat:
            continue
        for public in pos.data.public_buildings.values():
            if public.replaces == here[1] and public.id not in built and public.cost <= budget:
                return public.id, spot, max(0, public.cost - icons)
    return None


def _ai_build(pos: Position, seat: int) -> None:
    public = _ai_public_plan(pos, seat)                 # preferred (VK-7.5, VK-R14)
    if public is not None:
        ai_spend(pos, seat, "build", public[2])
        fire(pos, seat, "on_build")
        pos.log.append(f"action {seat} public {public[0]} {public[1]}")
        construct_public(pos, seat, public[0], public[1])
        return
    plan = _ai_build_plan(pos, seat)
    assert plan is not None
    index, spot, spend = plan
    ai_spend(pos, seat, "build", spend)
    fire(pos, seat, "on_build")
    pos.log.append(f"action {seat} build {ai_board(pos).building_order[index]} {spot}")
    construct(pos, seat, f"AI{index + 1}", spot)


def _ai_workers_plan(pos: Position, seat: int) -> tuple[int, int] | None:
    if pos.players[seat].supply == 0:
        return None
    icons = ai_icons(pos, seat, "workers")
    budget = icons + ai_payable(pos, seat, "workers")
    # As many workers as it can place (VS-5.3), for the fewest gold: a higher threshold
    # that would place no more workers than its supply holds is not paid for (VS-R08).
    supply = pos.players[seat].supply
    best: tuple[int, int] | None = None
    for need, workers in pos.data.ai_common.noble_table:
        if need <= budget and (best is None or min(workers, supply) > best[0]):
            best = (min(workers, supply), max(0, need - icons))
    return best


def _ai_workers(pos: Position, seat: int) -> None:
    plan = _ai_workers_plan(pos, seat)
    assert plan is not None
    workers, spend = plan
    ai_spend(pos, seat, "workers", spend)
    pos.log.append(f"action {seat} workers {workers}")
    place_workers(pos, seat, pos.geo.section_at(seat_position(pos, seat)), workers)


def _ai_transcribe_cost(pos: Position, seat: int) -> int | None:
    position = seat_position(pos, seat)
    pile = pos.ms_piles[position]
    cost = pos.data.manuscripts[pile[-1]].cost if pile else printed_manuscript(pos, position).cost
    icons = ai_icons(pos, seat, "transcribe")
    if cost > icons + ai_payable(pos, seat, "transcribe"):
        return None
    return max(0, cost - icons)


def _ai_transcribe(pos: Position, seat: int) -> None:
    spend = _ai_transcribe_cost(pos, seat)
    assert spend is not None
    ai_spend(pos, seat, "transcribe", spend)
    position = seat_position(pos, seat)
    pile = pos.ms_piles[position]
    pos.log.append(f"action {seat} transcribe {pile[-1] if pile else 'printed'}")
    if pos.ms_piles[position]:
        receive_manuscript(pos, seat, position)
    else:
        push(pos, seat, printed_manuscript(pos, position).immediate)


def _ai_trade_uses(pos: Position, seat: int) -> int:
    node = pos.players[seat].node
    if node.endswith(".I"):
        return 0
    rate = pos.data.board.exchanges[pos.geo.trade_kind(node)].rate
    merchants = ai_icons(pos, seat, "trade")
    if merchants < rate and ai_board(pos).single_resource_kind:
        return 1 if merchants + pos.players[seat].resources() >= rate else 0
    return merchants // rate


def _ai_trade(pos: Position, seat: int) -> None:
    uses = _ai_trade_uses(pos, seat)
    kind = pos.geo.trade_kind(pos.players[seat].node)
    rate = pos.data.board.exchanges[kind].rate
    spend = max(0, uses * rate - ai_icons(pos, seat, "trade"))
    pos.log.append(f"action {seat} trade {uses}")
    if spend:
        ai_spend(pos, seat, "trade", spend)
    if kind == "silver":
        gain_amount(pos, seat, "silver", uses)                 # VS-5.7 via VS-4.2
        return
    gives = pos.data.board.exchanges[kind].gives
    for _ in range(uses):
        push(pos, seat, gives)


# ---------------------------------------------------------------------- registration
flow.register({
    "ai_setup": (step_ai_setup, None),
    "flip": (step_flip, None),
    "ai_turn": (step_ai_turn, None),
    "ai_move": (step_ai_move, None),
    "ai_row": (step_ai_row, None),
})
EFFECTS.update({
    "move_viscount": effect_move_viscount,
    "rearrange": effect_rearrange,
    "discard": effect_discard,
    "destroy": effect_destroy,
    "hire_free": effect_hire_free,
    "hire": effect_hire,
    "gain_manuscript": effect_gain_manuscript,
    "build_free": effect_build_free,
    "ai_criminal_surcharge": effect_ai_criminal_surcharge,
    "ai_future_scheme": effect_ai_future_scheme,
    "ai_dismiss": effect_ai_dismiss,
    "ai_focus": effect_ai_focus,
    "flip_ai_chest": effect_flip_ai_chest,
    "ai_remove_heroes_chests": effect_ai_remove_heroes_chests,
})
HOOKS.decide = ai_pick
