"""The one interpreter of the closed effect vocabulary (VB-7, VB-10).

Every card, board, castle and track effect is resolved by :func:`resolve`,
which dispatches on the term name (never on a card name) to the handler in
:data:`EFFECTS` (``effect_<term>``).  Effects that need a player's decision
push a small step whose handlers (``step_<kind>``, ``answer_<kind>``,
registered with the flow at the end of the module) ask one Choice at a time;
compound choices are broken into such steps.  Here: combinators and
conditions (VB-10.3), gains (VB-7.1, VB-7.10, VB-10.2), flips (VB-2.3,
VB-7.9), deck effects (VB-7.3-7.7), hiring (VB-6.4.2, VB-7.8), manuscripts
and the cleric bonus (VB-7.14, VB-6.3.7), actions as effects (VB-7.15),
building (VB-6.3.5, VB-7.13), Viscount moves with the landing rule
(VB-7.16, VB-6.2.4, VB-R27), and the Keeper of Keys terms: heroes (VK-3.1),
chest tiles (VK-4.1) and the public building a Construct makes (VK-5.2).
The castle and solo rules add or replace terms in :data:`EFFECTS`.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from keepers.games.viscounts import flow
from keepers.games.viscounts.effects import (
    AI_EFFECT,
    EFFECT,
    ONGOING,
    RESOURCES,
    SCORING,
    Category,
    Term,
    parse,
)
from keepers.games.viscounts.flow import Choice, Task, Texts, ask, ask_distinct, push_all, replace
from keepers.games.viscounts.rules import gates
from keepers.games.viscounts.rules.concepts import (
    criminal_count,
    draw_cards,
    fire,
    gain_corruption,
    gain_debt,
    gain_deed,
    gain_virtue,
    gates_on,
    others_from,
    refill_row,
    ribbons,
    shuffle_discard,
    take_top,
    unlocked_columns,
    visible_townsfolk,
)
from keepers.games.viscounts.state import Position, board_has_kind, profile_of

EffectHandler = Callable[[Position, int, Term, str], None]

EFFECTS: dict[str, EffectHandler] = {}
"""Handler by effect term name (filled at the end of this module, the castle and solo ones)."""

ALL_CONTEXT = EFFECT | ONGOING | SCORING | AI_EFFECT | frozenset({Category.COMBINATOR})
TAKE_RESOURCE = tuple(f"take {r}" for r in RESOURCES)
DISCARD, DESTROY = Texts("discard"), Texts("destroy")

TERMS: dict[str, Term] = {}
"""Effect texts already parsed by :func:`term_of` (a plain dict: read on every effect)."""


def term_of(text: str) -> Term:
    """Re-parse an effect already validated at load time (cached in :data:`TERMS`)."""
    term = TERMS.get(text)
    if term is None:
        term = TERMS[text] = parse(text, ALL_CONTEXT)
    return term


def eff(player: int, term: Term | str, source: str = "") -> Task:
    """Build an effect step resolving ``term`` for ``player``."""
    return ("eff", player, str(term), source)


# ------------------------------------------------------------------ effect dispatch
def step_eff(pos: Position, task: Task) -> Choice | None:
    """Resolve one pushed effect (VB-7, VB-10)."""
    pos.stack.pop()
    resolve(pos, task[1], TERMS.get(task[2]) or term_of(task[2]), task[3])
    return None


def resolve(pos: Position, seat: int, term: Term, source: str = "") -> None:
    """Resolve an effect at once, exactly as if pushed and then stepped by ``flow.settle``.

    Only for an effect that would be the top task when control returns to
    the settle loop (nothing else is pushed after it, no choice is asked
    before it): the loop's next step would then do just this.  Most card
    effects are such, and resolving them here saves the task tuple, the
    stack round trip, a loop iteration and the look-up of the term's text.
    """
    handler = EFFECTS.get(term.name)
    if handler is None:
        pos.log.append(f"nothing {seat} {term.name}")
        return
    handler(pos, seat, term, source)


def push(pos: Position, seat: int, term: Term, source: str = "") -> None:
    """Push one effect for ``seat`` (the task of :func:`eff`, built inline)."""
    pos.stack.append(("eff", seat, term.text, source))


# ------------------------------------------------------------------ combinators (VB-10.3)
def effect_none(pos: Position, seat: int, term: Term, source: str) -> None:
    return None


def effect_all_of(pos: Position, seat: int, term: Term, source: str) -> None:
    # The first part would be the top task: it is resolved at once (see resolve()).
    first, *rest = term.subterms()
    push_all(pos, [eff(seat, t, source) for t in rest])
    resolve(pos, seat, first, source)


def effect_one_of(pos: Position, seat: int, term: Term, source: str) -> None:
    parts = [t for t in term.subterms() if resolvable(pos, seat, t)]
    if parts:
        pos.stack.append(("pick", seat, tuple(str(t) for t in parts), source))


def effect_may(pos: Position, seat: int, term: Term, source: str) -> None:
    pos.stack.append(("pick", seat, (str(term.sub(0)), "none"), source))


def effect_if_board(pos: Position, seat: int, term: Term, source: str) -> None:
    if board_has_kind(pos, seat, term.word(0)):
        resolve(pos, seat, term.sub(1), source)


def effect_if_no_criminals(pos: Position, seat: int, term: Term, source: str) -> None:
    if criminal_count(pos, seat, collision=pos.phase == "collision") == 0:
        resolve(pos, seat, term.sub(0), source)


def step_pick(pos: Position, task: Task) -> Choice:
    """Ask which effect of a ``one_of`` or ``may`` to resolve (VB-10.3)."""
    options = [f"pick {o}" for o in task[2]]
    return ask(task[1], "pick", "choose one effect", options)


def answer_pick(pos: Position, task: Task, option: str) -> None:
    """Resolve the picked effect (VB-10.3)."""
    pos.stack.pop()
    resolve(pos, task[1], term_of(option.removeprefix("pick ")), str(task[3]))


def resolvable(pos: Position, seat: int, term: Term) -> bool:
    """Whether an effect can do something now (for ``one_of``, VB-10.3)."""
    player = pos.players[seat]
    name = term.name
    if name == "flip":
        kinds = {"debt": player.debts_unpaid, "deed": player.deeds_acquired,
                 "either": player.debts_unpaid + player.deeds_acquired}
        return kinds[term.word(0)] > 0
    if name == "destroy" and len(player.cards_owned()) <= 3:
        return False  # VB-2.2.3, VB-R05: nobody destroys below three owned cards
    if name in ("destroy", "discard"):
        return bool(player.hand or player.draw or player.discard)
    if name in ("hire_free", "hire"):
        return bool(visible_townsfolk(pos))
    if name == "move_worker_tier1":
        return any(pos.castle[s][0][seat] for s in range(5))
    if name == "gain_hero":                  # VK-R06; the AI never gains one (VK-7.6)
        return bool(pos.ext.get("hero_row")) and not player.is_ai
    if name == "gain_chest":                 # VK-R06; the AI flips an AI chest (VK-7.6)
        if player.is_ai:
            return any(not up for _, up in pos.ext.get("ai_chests", ()))
        return bool(pos.ext.get("chest_row"))
    if name == "gain_kings_order":           # VG-4.1; the AI: a hire icon (VG-9.5)
        return player.is_ai or (gates_on(pos) and pos.ext["ko_pile"] > 0)
    if name in ("welcome_outsider", "refuse_outsider"):      # VG-4.5; the AI: VG-9.2
        return gates_on(pos) and (player.is_ai or bool(pos.ext["outsider_row"]))
    if name == "all_of":
        return any(resolvable(pos, seat, t) for t in term.subterms())
    return True


# ------------------------------------------------------------------ simple gains (VB-10.2)
def effect_gain(pos: Position, seat: int, term: Term, source: str) -> None:
    for key, value in term.kwargs:
        gain_amount(pos, seat, key, int(value))


def gain_amount(pos: Position, seat: int, key: str, amount: int) -> None:
    """Gain silver or a named resource (the AI converts silver, VS-R04)."""
    player = pos.players[seat]
    if player.is_ai and key == "silver":
        for _ in range(amount // 2):
            pos.stack.append(("res", seat))
        return
    player.add(key, amount)


def effect_gain_resource(pos: Position, seat: int, term: Term, source: str) -> None:
    for _ in range(term.int_arg(0)):
        pos.stack.append(("res", seat))


def step_res(pos: Position, task: Task) -> Choice:
    """Ask which resource to take (VB-2.1.1)."""
    return ask_distinct(task[1], "resource", "take a resource", TAKE_RESOURCE)


def answer_res(pos: Position, task: Task, option: str) -> None:
    """Take the chosen resource (VB-2.1.1)."""
    pos.stack.pop()
    pos.players[task[1]].add(option.removeprefix("take "), 1)


def effect_gain_virtue(pos: Position, seat: int, term: Term, source: str) -> None:
    gain_virtue(pos, seat, term.int_arg(0))


def effect_gain_corruption(pos: Position, seat: int, term: Term, source: str) -> None:
    gain_corruption(pos, seat, term.int_arg(0))


def effect_gain_debt(pos: Position, seat: int, term: Term, source: str) -> None:
    gain_debt(pos, seat, term.int_arg(0))


def effect_gain_deed(pos: Position, seat: int, term: Term, source: str) -> None:
    gain_deed(pos, seat, term.int_arg(0))


# ------------------------------------------------------------------ flips (VB-2.3, VB-7.9)
def effect_flip(pos: Position, seat: int, term: Term, source: str) -> None:
    for _ in range(term.int_arg(1)):
        pos.stack.append(("flip", seat, term.word(0)))


def step_flip(pos: Position, task: Task) -> Choice | None:
    """Ask whether to flip a debt or a deed (VB-2.3, VB-7.9)."""
    seat, kind = task[1], str(task[2])
    player = pos.players[seat]
    options = []
    if kind in ("debt", "either") and player.debts_unpaid:
        options.append("flip debt")
    if kind in ("deed", "either") and player.deeds_acquired:
        options.append("flip deed")
    return ask(seat, "flip", "flip a debt or a deed", options)


def answer_flip(pos: Position, task: Task, option: str) -> None:
    """Flip it: a paid debt gives a resource first (VB-2.3.2, VB-R26), then its trigger."""
    pos.stack.pop()
    seat = task[1]
    player = pos.players[seat]
    if option == "flip debt":
        player.debts_unpaid -= 1
        player.debts_paid += 1
        fire(pos, seat, "on_flip_debt")
        pos.stack.append(("res", seat))      # the resource comes first (VB-R26)
    else:
        player.deeds_acquired -= 1
        player.deeds_approved += 1
        fire(pos, seat, "on_flip_deed")


# ------------------------------------------------------------------ deck effects
def effect_draw(pos: Position, seat: int, term: Term, source: str) -> None:
    if not pos.players[seat].is_ai:
        draw_cards(pos, seat, term.int_arg(0))


def effect_shuffle(pos: Position, seat: int, term: Term, source: str) -> None:
    shuffle_discard(pos, seat)


def effect_discard(pos: Position, seat: int, term: Term, source: str) -> None:
    pos.stack.append(("discard", seat, term.int_arg(0), "discard"))


def effect_destroy(pos: Position, seat: int, term: Term, source: str) -> None:
    pos.stack.append(("discard", seat, term.int_arg(0), "destroy"))


def step_discard(pos: Position, task: Task) -> Choice | None:
    """Ask for the next card to discard or destroy, or done (VB-7.3, VB-7.4, VB-2.2.3)."""
    seat, left, verb = task[1], task[2], str(task[3])
    player = pos.players[seat]
    if left <= 0:
        pos.stack.pop()
        return None
    if verb == "destroy" and len(player.cards_owned()) <= 3:   # VB-2.2.3, VB-R05
        pos.stack.pop()
        return None
    texts = DISCARD if verb == "discard" else DESTROY
    hand = sorted(set(player.hand))
    if verb == "destroy" and pos.phase == "setup" and gates.KO in hand:
        hand.remove(gates.KO)             # VG-2.1: setup effects may not destroy it
    options = [texts[c] for c in hand]
    if player.draw or player.discard:
        options.append(texts["top"])
    options.append(texts["done"])
    return ask_distinct(seat, verb, f"{verb} up to {left} card(s)", tuple(options))


def answer_discard(pos: Position, task: Task, option: str) -> None:
    """Discard or destroy the card and ask again for the rest (VB-7.3, VB-7.4)."""
    seat, left, verb = task[1], task[2], str(task[3])
    what = option.split(" ", 1)[1]
    if what == "done":
        pos.stack.pop()
        return
    replace(pos, ("discard", seat, left - 1, verb))
    player = pos.players[seat]
    card = take_top(pos, seat) if what == "top" else what
    if card is None:
        return
    if what != "top":
        player.hand.remove(card)
    if verb == "discard":
        player.discard.append(card)
    elif card == gates.KO:                # back to its pile, 3 silver (VG-4.4, VG-R01)
        player.silver += pos.data.cards[card].silver
        gates.return_destroyed_order(pos, seat, from_hand=what != "top")
    else:
        pos.removed.append(card)
        player.silver += pos.data.cards[card].silver
        if pos.data.cards[card].kind == "hero":
            fire(pos, seat, "on_gain_or_destroy_hero")     # VK-5.4, VK-R07


def effect_rearrange(pos: Position, seat: int, term: Term, source: str) -> None:
    pos.stack.append(("rearrange", seat))


def step_rearrange(pos: Position, task: Task) -> Choice:
    """Ask for the new order of the card spaces (VB-7.5)."""
    seat = task[1]
    awaiting_play = any(t[0] == "play" and t[1] == seat for t in pos.stack)
    return ask_distinct(seat, "rearrange", "reorder your card spaces (VB-7.5)",
                        _rearrangements(pos, tuple(pos.players[seat].spaces),
                                        awaiting_play))


def _rearrangements(pos: Position, spaces: tuple[str | None, ...],
                    awaiting_play: bool) -> tuple[str, ...]:
    """Options of a rearrangement (memoised: they depend on the spaces only)."""
    key = ("rearrange", spaces, awaiting_play)
    found: tuple[str, ...] | None = pos.data.memo.get(key)
    if found is None:
        labels = [c or "-" for c in spaces]          # "-": an empty space
        texts = {"rearrange " + ",".join(order) for order in permutations(labels)
                 if not awaiting_play or order[0] == "-"}   # space 1 awaits the play
        texts.discard("rearrange " + ",".join(labels))     # the order kept
        found = pos.data.memo[key] = ("rearrange keep", *sorted(texts))
    return found


def answer_rearrange(pos: Position, task: Task, option: str) -> None:
    """Reorder the card spaces (VB-7.5)."""
    pos.stack.pop()
    order = option.removeprefix("rearrange ")
    if order != "keep":
        pos.players[task[1]].spaces = [
            None if c == "-" else c for c in order.split(",")]


def effect_remove_self(pos: Position, seat: int, term: Term, source: str) -> None:
    player = pos.players[seat]
    if source in player.discard and len(player.cards_owned()) > 3:   # VB-R05
        player.discard.remove(source)
        pos.removed.append(source)


# ------------------------------------------------------------------ hiring (VB-6.4, VB-7.8)
def effect_hire_free(pos: Position, seat: int, term: Term, source: str) -> None:
    for _ in range(term.int_arg(0)):
        pos.stack.append(("hire", seat, "free"))


def effect_hire(pos: Position, seat: int, term: Term, source: str) -> None:
    pos.stack.append(("hire", seat, "paid"))


def hire_cost(pos: Position, seat: int, card_id: str) -> int:
    """Silver paid to hire (cheaper_hire applied, minimum 0)."""
    return max(0, pos.data.cards[card_id].silver - profile_of(pos, seat).total("cheaper_hire"))


def step_hire(pos: Position, task: Task) -> Choice:
    """Ask which visible townsfolk to hire (VB-7.8)."""
    seat, mode = task[1], str(task[2])
    options = []
    for _, card in visible_townsfolk(pos):
        if mode == "free" or hire_cost(pos, seat, card) <= pos.players[seat].silver:
            options.append(f"hire {card}")
    if kings_order_hire(pos, seat, mode == "free"):
        options.append(KO_HIRE)                              # VG-2.2 column 1
    if mode == "paid" and options:
        options.append("hire none")
    return ask(seat, "hire", f"hire a visible townsfolk ({mode})", options)


def answer_hire(pos: Position, task: Task, option: str) -> None:
    """Hire it (VB-6.4.2, VB-7.8)."""
    pos.stack.pop()
    seat, mode = task[1], str(task[2])
    card = option.removeprefix("hire ")
    if card == "none":
        return
    if card == gates.KO:
        hire_kings_order(pos, seat, paid=mode == "paid")
        return
    position = next(p for p, c in visible_townsfolk(pos) if c == card)
    hire(pos, seat, position, paid=mode == "paid")


KO_HIRE = f"hire {gates.KO}"
KO_PRICE = 3


def kings_order_hire(pos: Position, seat: int, free: bool) -> bool:
    """Whether the player may take a king's order instead of this hire: column 1 of the
    manuscript board, a king's order in the pile and, unless the hire was free, 3 silver
    (VG-2.2, VG-R03)."""
    if not pos.ext or "boards" not in pos.ext or pos.ext["ko_pile"] <= 0:
        return False
    if pos.players[seat].is_ai or not unlocked_columns(pos, seat)[0]:
        return False
    return free or pos.players[seat].silver >= KO_PRICE


def hire_kings_order(pos: Position, seat: int, paid: bool) -> None:
    """Column 1: a king's order instead of the hire, which counts as a hire for every other
    purpose (workshop slot 1, ``on_hire``; VG-2.2, VG-R03)."""
    if paid:
        pos.players[seat].silver -= KO_PRICE
    fire(pos, seat, "on_hire")
    gates.gain_kings_order(pos, seat)


def hire(pos: Position, seat: int, position: int, paid: bool) -> None:
    """Hire the top of a pile: pay, discard pile, top-right effect, hire triggers."""
    player = pos.players[seat]
    card = pos.tf_piles[position].pop()
    pos.log.append(f"hire {seat} {card}")
    if paid:
        player.silver -= hire_cost(pos, seat, card)
    if player.is_ai:
        pos.removed.append(card)
        pos.stack.append(eff(seat, "ai_future_scheme"))
        return
    player.discard.append(card)
    fire(pos, seat, "on_hire")
    resolve(pos, seat, pos.data.cards[card].recruit, card)       # callers push nothing after


# ------------------------------------------------------------------ manuscripts
def effect_gain_manuscript(pos: Position, seat: int, term: Term, source: str) -> None:
    costs = {int(c) for c in term.word(0).split("|")}
    options = [pile[-1] for pile in pos.ms_piles
               if pile and pos.data.manuscripts[pile[-1]].cost in costs]
    if options:
        pos.stack.append(("take_ms", seat, tuple(options)))


def step_take_ms(pos: Position, task: Task) -> Choice:
    """Ask which visible manuscript to take (VB-7.14)."""
    return ask(task[1], "manuscript", "take a manuscript (VB-7.14)",
               [f"take_ms {m}" for m in task[2]])


def answer_take_ms(pos: Position, task: Task, option: str) -> None:
    """Take it (VB-7.14)."""
    pos.stack.pop()
    ms_id = option.removeprefix("take_ms ")
    position = next(p for p, pile in enumerate(pos.ms_piles) if pile and pile[-1] == ms_id)
    receive_manuscript(pos, task[1], position)


def receive_manuscript(pos: Position, seat: int, position: int) -> None:
    """Take the top manuscript of a pile: immediate effect, then cleric bonus check."""
    ms_id = pos.ms_piles[position].pop()
    pos.players[seat].manuscripts.append(ms_id)
    pos.stack.append(("cleric_check", seat))
    if pos.data.manuscripts[ms_id].ribbon == "any" and not pos.players[seat].is_ai:
        pos.stack.append(("ribbon", seat, ms_id))       # VG-2.4 (the AI: at the end, VG-9.4)
    resolve(pos, seat, pos.data.manuscripts[ms_id].immediate, ms_id)   # callers push nothing after


def step_cleric_check(pos: Position, task: Task) -> None:
    """Award cleric bonus cards for three ribbons of a colour (VB-6.3.7, VB-R23)."""
    pos.stack.pop()
    seat = task[1]
    held = ribbons(pos, seat)                     # VG-2.4: the chosen colour
    for ribbon in pos.data.cleric_bonus:
        if held.count(ribbon) >= 3 and ribbon not in pos.cleric:   # VB-6.3.7, VB-R23
            pos.cleric[ribbon] = seat
            pos.players[seat].bonus.append(ribbon)
    return None


# ------------------------------------------------------------------ actions as effects
def effect_trade(pos: Position, seat: int, term: Term, source: str) -> None:
    if not pos.players[seat].node.endswith(".I"):
        pos.stack.append(("act", seat, "trade", 0))


def effect_transcribe(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].node.endswith(".I"):
        pos.stack.append(("act", seat, "transcribe", 0))


def effect_build(pos: Position, seat: int, term: Term, source: str) -> None:
    if not pos.players[seat].node.endswith(".I"):
        pos.stack.append(("act", seat, "build", 0))


def effect_workers(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].node.endswith(".I"):
        pos.stack.append(("act", seat, "workers", 0))


# ------------------------------------------------------------------ free building (VB-7.13)
def effect_build_free(pos: Position, seat: int, term: Term, source: str) -> None:
    btype, at = term.word(0), term.kw("at", "any")
    spots = allowed_free_spots(pos, seat, at)
    slots = [i for i, s in enumerate(pos.data.player_board.slots)
             if pos.players[seat].covered[i] and btype in ("any", s.type)]
    options = [f"build {pos.data.player_board.slots[i].id} {spot}"
               for i in slots for spot in spots]
    if options:
        pos.stack.append(("build_free", seat, tuple(options)))


def allowed_free_spots(pos: Position, seat: int, at: str) -> list[str]:
    """Empty spots allowed by a free-build restriction (VB-7.13)."""
    if at == "viscount":
        spots = pos.geo.group_spots(pos.players[seat].node)
    elif at.startswith("space:"):
        spots = pos.geo.group_spots(pos.geo.node_of(at.removeprefix("space:")))
    else:
        spots = [s.id for s in pos.geo.all_spots()]
    return [s for s in spots if s not in pos.spots]


def step_build_free(pos: Position, task: Task) -> Choice:
    """Ask which building goes to which spot (VB-7.13)."""
    return ask(task[1], "build", "build a free building",
               list(task[2]))


def answer_build_free(pos: Position, task: Task, option: str) -> None:
    """Construct it (VB-7.13, VB-6.3.5)."""
    pos.stack.pop()
    _, slot_id, spot = option.split()
    construct(pos, task[1], slot_id, spot)


def construct(pos: Position, seat: int, slot_id: str, spot: str) -> None:
    """Move a building to a spot: reveal slot, spot bonus, link rewards (VB-6.3.5 3-5)."""
    index = slot_index(pos, seat, slot_id)
    player = pos.players[seat]
    player.covered[index] = False
    pos.spots[spot] = [seat, slot_type(pos, seat, index)]
    tasks: list[Task] = [eff(seat, pos.geo.spot(spot).bonus, spot)]
    for a, b, reward in pos.geo.link_table():
        if spot not in (a, b):
            continue
        other = pos.spots.get(b if a == spot else a)
        if other is None:
            continue
        tasks.append(eff(seat, reward))
        if int(other[0]) != seat:
            tasks.append(eff(int(other[0]), reward))
    if pos.ext and "builders" in pos.ext:
        tasks.append(("builder_check", seat))        # VB-6.3.5 step 6, VG-6.1
    push_all(pos, tasks)


def construct_public(pos: Position, seat: int, public: str, spot: str) -> None:
    """Replace the player's building on ``spot`` by a public building (VK-5.2).

    The returned building covers an empty slot of its type (the owner chooses, VK-R10;
    the AI takes the right-most, VK-7.5); the player takes the card and resolves its
    immediate effect; no spot bonus, no link reward.
    """
    pos.spots[spot] = [seat, public]
    pos.ext["owned"][seat].append(public)
    pos.log.append(f"public {seat} {public} {spot}")
    building = pos.data.public_buildings[public]
    push(pos, seat, building.immediate, public)
    pos.stack.append(("return_building", seat, building.replaces))


def return_slots(pos: Position, seat: int, btype: str) -> list[int]:
    """Indexes of the empty (uncovered) slots of a building type (VK-5.2)."""
    player = pos.players[seat]
    return [i for i in range(len(player.covered))
            if not player.covered[i] and slot_type(pos, seat, i) == btype]


def step_return_building(pos: Position, task: Task) -> Choice | None:
    """Ask which empty slot the returned building covers (VK-5.2, VK-R10)."""
    seat, btype = task[1], str(task[2])
    slots = return_slots(pos, seat, btype)
    if not slots:                         # cannot happen: the building came from one
        pos.stack.pop()
        return None
    if pos.players[seat].is_ai:           # VK-7.5: the right-most empty slot
        slots = slots[-1:]
    return ask(seat, "return", "return your building to an empty slot (VK-R10)",
               [f"cover {slot_name(pos, seat, i)}" for i in slots])


def answer_return_building(pos: Position, task: Task, option: str) -> None:
    """Cover the slot: its ability is lost until it is emptied again (VK-5.2, VK-R10)."""
    pos.stack.pop()
    seat = task[1]
    index = slot_index(pos, seat, option.removeprefix("cover "))
    pos.players[seat].covered[index] = True


def slot_name(pos: Position, seat: int, index: int) -> str:
    """The id of a slot (AI slots are named AI1..AI9)."""
    if pos.players[seat].is_ai:
        return f"AI{index + 1}"
    return pos.data.player_board.slots[index].id


def slot_index(pos: Position, seat: int, slot_id: str) -> int:
    """Index of a slot id (AI slots are named AI1..AI9)."""
    if pos.players[seat].is_ai:
        return int(slot_id.removeprefix("AI")) - 1
    found: dict[str, int] | None = pos.data.memo.get("slot_index")
    if found is None:
        found = pos.data.memo["slot_index"] = {
            s.id: i for i, s in enumerate(pos.data.player_board.slots)}
    return found[slot_id]


def slot_type(pos: Position, seat: int, index: int) -> str:
    """Building type of a slot."""
    if pos.players[seat].is_ai:
        return pos.data.ai_boards[pos.ai["board"]].building_order[index]
    return pos.data.player_board.slots[index].type


# ------------------------------------------------------------------ viscount moves
def effect_move_viscount(pos: Position, seat: int, term: Term, source: str) -> None:
    # The AI walks the outside path instead (the solo rules replace this handler).
    steps = {int(s) for s in term.word(0).split("|")}
    node = pos.players[seat].node
    targets = sorted({t for n in steps for t in pos.geo.reachable(node, n)})
    pos.stack.append(("step", seat, tuple(pos.geo.printed(t) for t in targets)))


def step_step(pos: Position, task: Task) -> Choice:
    """Ask where the Viscount moves (VB-7.16)."""
    return ask(task[1], "move", "move your Viscount",
               [f"go {t}" for t in task[2]])


def answer_step(pos: Position, task: Task, option: str) -> None:
    """Move the Viscount, then the landing rule (VB-7.16, VB-6.2.4)."""
    pos.stack.pop()
    seat = task[1]
    pos.players[seat].node = pos.geo.node_of(option.removeprefix("go "))
    land(pos, seat)


def land(pos: Position, seat: int) -> None:
    """Landing rule: opponents on the final space may rearrange (VB-6.2.4, VB-R27)."""
    players = pos.players
    node = players[seat].node
    tasks: list[Task] = []
    for other in others_from(pos, seat):
        if players[other].node == node:
            # The AI's rearrange is a resource (VS-4.2; with outsiders, VG-9.2).
            tasks.append(eff(other, "rearrange") if pos.players[other].is_ai
                         else ("rearrange", other))
    if tasks:
        push_all(pos, tasks)


# ------------------------------------------------------------------ heroes (VK-3)
HERO = Texts("hero")


def effect_gain_hero(pos: Position, seat: int, term: Term, source: str) -> None:
    # Not a hire (VK-3.1); nothing with an empty row (VK-R06).
    if pos.ext.get("hero_row") and not pos.players[seat].is_ai:
        pos.stack.append(("gain_hero", seat))


def step_gain_hero(pos: Position, task: Task) -> Choice:
    """Ask which face-up hero to take into hand (VK-3.1)."""
    return ask_distinct(task[1], "hero", "take a face-up hero into your hand (VK-3.1)",
                        tuple(HERO[h] for h in pos.ext["hero_row"]))


def answer_gain_hero(pos: Position, task: Task, option: str) -> None:
    """Take it, refill the row, then the hero triggers (VK-3.1, VK-5.4, VK-R07)."""
    pos.stack.pop()
    seat = task[1]
    hero = option.removeprefix("hero ")
    pos.ext["hero_row"].remove(hero)
    pos.players[seat].hand.append(hero)
    pos.log.append(f"hero {seat} {hero}")
    refill_row(pos, "hero_row", "hero_deck", 3)
    fire(pos, seat, "on_gain_or_destroy_hero")
    fire(pos, seat, "on_gain_hero")


# ------------------------------------------------------------------ chest tiles (VK-4.1)
def effect_gain_chest(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].is_ai:
        pos.stack.append(eff(seat, "flip_ai_chest"))          # VK-7.6
    elif pos.ext.get("chest_row"):                            # VK-R06
        pos.stack.append(("gain_chest", seat))


def chest_options(pos: Position, seat: int) -> tuple[str, ...]:
    """``chest <tile> <space>`` for every face-up tile and free space; with three chests,
    each space (its chest leaves the game) and ``chest none`` (VK-4.1, VK-R13)."""
    chests: list[str | None] = pos.ext["chests"][seat]
    free = [i + 1 for i, c in enumerate(chests) if c is None]
    spaces = free or [1, 2, 3]
    options = [f"chest {tile} {space}" for tile in pos.ext["chest_row"] for space in spaces]
    if not free:
        options.append("chest none")
    return tuple(options)


def step_gain_chest(pos: Position, task: Task) -> Choice:
    """Ask which face-up chest tile to take and under which card space (VK-4.1)."""
    return ask_distinct(task[1], "chest", "take a chest tile and choose its card space "
                        "(VK-4.1)", chest_options(pos, task[1]))


def answer_gain_chest(pos: Position, task: Task, option: str) -> None:
    """Slot the tile (removing the chest already there, VK-R13) and refill the row."""
    pos.stack.pop()
    if option == "chest none":
        return
    seat = task[1]
    _, tile, space = option.split()
    chests: list[str | None] = pos.ext["chests"][seat]
    index = int(space) - 1
    old = chests[index]
    if old is not None:
        pos.removed.append(old)
    chests[index] = tile
    pos.ext["chest_row"].remove(tile)
    pos.log.append(f"chest {seat} {tile} {space}")
    refill_row(pos, "chest_row", "chest_pile", 4)


# ---------------------------------------------------------------------- registration
flow.register({
    "eff": (step_eff, None),
    "pick": (step_pick, answer_pick),
    "res": (step_res, answer_res),
    "flip": (step_flip, answer_flip),
    "discard": (step_discard, answer_discard),
    "rearrange": (step_rearrange, answer_rearrange),
    "hire": (step_hire, answer_hire),
    "take_ms": (step_take_ms, answer_take_ms),
    "cleric_check": (step_cleric_check, None),
    "build_free": (step_build_free, answer_build_free),
    "step": (step_step, answer_step),
    "gain_hero": (step_gain_hero, answer_gain_hero),
    "gain_chest": (step_gain_chest, answer_gain_chest),
    "return_building": (step_return_building, answer_return_building),
})
EFFECTS.update({
    "none": effect_none,
    "all_of": effect_all_of,
    "one_of": effect_one_of,
    "may": effect_may,
    "if_board": effect_if_board,
    "if_no_criminals": effect_if_no_criminals,
    "gain": effect_gain,
    "gain_resource": effect_gain_resource,
    "gain_virtue": effect_gain_virtue,
    "gain_corruption": effect_gain_corruption,
    "gain_debt": effect_gain_debt,
    "gain_deed": effect_gain_deed,
    "flip": effect_flip,
    "draw": effect_draw,
    "shuffle": effect_shuffle,
    "discard": effect_discard,
    "destroy": effect_destroy,
    "rearrange": effect_rearrange,
    "remove_self": effect_remove_self,
    "hire_free": effect_hire_free,
    "hire": effect_hire,
    "gain_manuscript": effect_gain_manuscript,
    "trade": effect_trade,
    "transcribe": effect_transcribe,
    "build": effect_build,
    "workers": effect_workers,
    "build_free": effect_build_free,
    "move_viscount": effect_move_viscount,
    "return_kings_order": gates.effect_return_kings_order,
    "gain_kings_order": gates.effect_gain_kings_order,
    "welcome_outsider": gates.effect_welcome_outsider,
    "refuse_outsider": gates.effect_refuse_outsider,
    "discard_unpaid_debts": gates.effect_discard_unpaid_debts,
    "gain_flipped_deed": gates.effect_gain_flipped_deed,
    "gain_hero": effect_gain_hero,
    "gain_chest": effect_gain_chest,
})
