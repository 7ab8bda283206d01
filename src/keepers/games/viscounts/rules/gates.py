"""Gates of Gold (VG-2 to VG-9): king's orders, outsiders, manuscript boards, builder bonus
cards, the castle leaders' setup and the end-game outsider effects.

The expansion's components live in ``position.ext`` (see :func:`gates_setup`):
``ko_pile`` (king's orders left in their face-up pile, all alike), ``outsider_deck`` and
``outsider_row`` (new outsiders enter at the left, so the right-most is the oldest,
VG-9.2), ``leader_card``, ``builders`` (``[card, owner]`` pairs, owner -1 while
unclaimed), ``boards`` (each seat's manuscript board; None for the AI) and
``ribbon_choice`` (``[manuscript, colour]`` for the any-ribbon manuscript).  A king's
order in a deck is the card id ``KO``.

The manuscript-board abilities (VG-2.2, VG-2.3) are options ``board ...`` added to every
decision of the owner's own turn (the flow's ``extend`` hook) and carried out by the
``anytime`` hook; the asking step stays on the stack and asks again afterwards.
"""

from __future__ import annotations

from keepers.games.viscounts import flow
from keepers.games.viscounts.effects import BUILDING_TYPES, RESOURCES, Term
from keepers.games.viscounts.flow import HOOKS, Choice, Task, ask, ask_distinct, push_all
from keepers.games.viscounts.rules.concepts import (
    draw_cards,
    fire,
    gates_on,
    own_standard_spots,
    refill_row,
    unlocked_columns,
)
from keepers.games.viscounts.state import Position

KO = "KO"
"""The card id of a king's order in a deck (VG-4.1)."""

OUTSIDER_ROW = 3
# End-game outsider effects resolved before scoring (VG-8.2).
END_EFFECTS = frozenset({"flip_at_end", "discard_unpaid_debts", "gain_flipped_deed"})


# ------------------------------------------------------------------ setup (VG-2.1, VG-3)
def gates_setup(pos: Position) -> None:
    """Leader, builder cards, outsider row, king's order pile and manuscript boards (VG-3)."""
    data, rng = pos.data, pos.rng
    leaders = [c.id for c in data.leaders.values() if c.set == "Gates"]
    diversified = [c.id for c in data.builder_cards.values() if c.kind == "diversified"]
    specialized = [c.id for c in data.builder_cards.values() if c.kind == "specialized"]
    outsiders = [c.id for c in data.outsiders.values() if c.set == "Gates"]
    boards = list(data.manuscript_boards)
    for items in (leaders, diversified, specialized, outsiders, boards):
        rng.shuffle(items)
    people = [p.seat for p in pos.players if not p.is_ai]
    pos.ext.update({
        "ko_pile": data.kings_order_count, "outsider_deck": outsiders, "outsider_row": [],
        "leader_card": leaders[0],                                          # VG-3.2
        "builders": [[diversified[0], -1], [specialized[0], -1]],           # VG-3.3
        "boards": [boards[people.index(p.seat)] if not p.is_ai else None    # VG-2.1, VG-9.1
                   for p in pos.players],
        "ribbon_choice": []})
    refill_row(pos, "outsider_row", "outsider_deck", OUTSIDER_ROW)          # VG-3.4
    for seat in people:
        board = pos.ext["boards"][seat]
        pos.players[seat].manuscripts.append(f"{board}-S")                  # VG-2.1, VG-R04


def starting_order(pos: Position, seat: int) -> list[str]:
    """The king's order the starting manuscript adds to the starting deck (VG-2.1, VG-3.5)."""
    if not gates_on(pos) or pos.players[seat].is_ai or pos.ext["ko_pile"] <= 0:
        return []
    pos.ext["ko_pile"] -= 1
    return [KO]


# ------------------------------------------------------------------ king's orders (VG-4)
def effect_gain_kings_order(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].is_ai:                       # VG-9.5: a hire icon (VS-4.5)
        for _ in range(term.int_arg(0)):
            pos.stack.append(("eff", seat, "ai_future_scheme", source))
        return
    for _ in range(term.int_arg(0)):
        gain_kings_order(pos, seat)


def gain_kings_order(pos: Position, seat: int) -> bool:
    """Take the top king's order to the discard pile; the player may then discard 1 card
    (VG-4.1).  False when the pile is empty."""
    if pos.ext["ko_pile"] <= 0:
        return False
    pos.ext["ko_pile"] -= 1
    pos.players[seat].discard.append(KO)
    pos.log.append(f"ko {seat}")
    fire(pos, seat, "on_gain_kings_order")
    pos.stack.append(("discard", seat, 1, "discard"))
    return True


def effect_return_kings_order(pos: Position, seat: int, term: Term, source: str) -> None:
    """The dropped-off king's order goes back to its pile (VG-4.2) unless the player would
    keep fewer than 3 cards, counting the outsider about to be welcomed (VG-R13)."""
    player = pos.players[seat]
    if KO not in player.discard:
        return
    welcome = 1 if pos.ext["outsider_row"] else 0
    if len(player.cards_owned()) - 1 + welcome < 3:
        return
    player.discard.reverse()
    player.discard.remove(KO)               # the one that just dropped off (the newest)
    player.discard.reverse()
    pos.ext["ko_pile"] += 1


def return_destroyed_order(pos: Position, seat: int, from_hand: bool) -> None:
    """A destroyed king's order returns to its pile; destroyed from hand, the player refuses
    an outsider (VG-4.4; from the draw pile no refusal, VG-R01).  The caller pays its
    3 silver like any destroyed card."""
    pos.ext["ko_pile"] += 1
    if from_hand:
        effect_refuse_outsider(pos, seat, Term("refuse_outsider"), KO)


# ------------------------------------------------------------------ outsiders (VG-4.2-4.5)
def effect_welcome_outsider(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].is_ai:
        ai_remove_outsiders(pos, seat)                # VG-9.2
    elif pos.ext["outsider_row"]:                     # VG-4.5: nothing with an empty row
        pos.stack.append(("welcome", seat))


def effect_refuse_outsider(pos: Position, seat: int, term: Term, source: str) -> None:
    if pos.players[seat].is_ai:
        ai_remove_outsiders(pos, seat)                # VG-9.2
    elif pos.ext["outsider_row"]:                     # VG-4.5
        pos.stack.append(("refuse", seat))


def step_welcome(pos: Position, task: Task) -> Choice:
    """Ask which face-up outsider to welcome (VG-4.2)."""
    return ask_distinct(task[1], "welcome", "welcome a face-up outsider into your discard "
                        "pile (VG-4.2)", tuple(f"welcome {o}" for o in pos.ext["outsider_row"]))


def answer_welcome(pos: Position, task: Task, option: str) -> None:
    """Take it into the discard pile, free and not a hire; refill the row (VG-4.2, VG-4.5)."""
    pos.stack.pop()
    seat, outsider = task[1], option.removeprefix("welcome ")
    pos.ext["outsider_row"].remove(outsider)
    pos.players[seat].discard.append(outsider)
    pos.log.append(f"welcome {seat} {outsider}")
    refill_row(pos, "outsider_row", "outsider_deck", OUTSIDER_ROW)
    fire(pos, seat, "on_welcome")


def step_refuse(pos: Position, task: Task) -> Choice:
    """Ask which face-up outsider to refuse (VG-4.4)."""
    return ask_distinct(task[1], "refuse", "refuse a face-up outsider: it leaves the game and "
                        "you resolve its top-right effect (VG-4.4)",
                        tuple(f"refuse {o}" for o in pos.ext["outsider_row"]))


def answer_refuse(pos: Position, task: Task, option: str) -> None:
    """Remove it from the game, refill, then its top-right effect (VG-4.4, VG-4.5)."""
    pos.stack.pop()
    seat, outsider = task[1], option.removeprefix("refuse ")
    pos.ext["outsider_row"].remove(outsider)
    pos.removed.append(outsider)
    pos.log.append(f"refuse {seat} {outsider}")
    refill_row(pos, "outsider_row", "outsider_deck", OUTSIDER_ROW)
    fire(pos, seat, "on_refuse")
    pos.stack.append(("eff", seat, pos.data.outsiders[outsider].refuse.text, outsider))


def ai_remove_outsiders(pos: Position, seat: int) -> None:
    """The AI removes the 2 right-most (oldest) face-up outsiders, their effects ignored,
    refills the row and gains 1 resource (VG-9.2)."""
    row: list[str] = pos.ext["outsider_row"]
    for _ in range(min(2, len(row))):
        pos.removed.append(row.pop())
    refill_row(pos, "outsider_row", "outsider_deck", OUTSIDER_ROW)
    pos.stack.append(("res", seat))


# ------------------------------------------------------------------ manuscript boards (VG-2)
BOARD_SILVER = tuple(f"board silver {r}" for r in RESOURCES)


def board_options(pos: Position, seat: int) -> tuple[str, ...]:
    """The unlocked column abilities the player can pay for now (VG-2.2, VG-2.3)."""
    player = pos.players[seat]
    resources = player.ink + player.gold + player.stone
    if not resources and player.silver < 2:
        return ()                                  # nothing to pay any column with
    _, resource_silver, silver_draw, rearrange = unlocked_columns(pos, seat)
    out: list[str] = []
    if resource_silver:
        out.extend(o for o, r in zip(BOARD_SILVER, RESOURCES, strict=True) if player.get(r))
    if silver_draw and player.silver >= 2 and (player.draw or player.discard):
        out.append("board draw")
    if rearrange and resources >= 3:
        out.append("board rearrange")
    return tuple(out)


def extend_choice(pos: Position, choice: Choice) -> Choice:
    """Add the column abilities to a decision of the owner's own turn (VG-2.3, VG-R11)."""
    seat = choice.player
    if seat != pos.current or "boards" not in pos.ext or pos.phase in ("setup", "end", "over") \
            or pos.players[seat].is_ai:
        return choice
    extra = board_options(pos, seat)
    if not extra:
        return choice
    return ask_distinct(seat, choice.kind, choice.prompt, choice.options + extra)


def turn_window(pos: Position, seat: int) -> bool:
    """True when a person can use a column ability now: the turn then opens (before the
    shift) and closes (after the draw) with a decision, so that "any moment of the turn"
    includes both ends (VG-2.3)."""
    return "boards" in pos.ext and not pos.players[seat].is_ai and bool(board_options(pos, seat))


def step_window(pos: Position, task: Task) -> Choice:
    """Offer the column abilities at the start or the end of a turn (VG-2.3)."""
    when = str(task[2])
    prompt = "use your manuscript board before your turn" if when == "start" \
        else "use your manuscript board before your turn ends"
    return ask_distinct(task[1], "window", f"{prompt} (VG-2.3)", (WINDOW_DONE[when],))


def answer_window(pos: Position, task: Task, option: str) -> None:
    """Go on with the turn."""
    pos.stack.pop()


WINDOW_DONE = {"start": "turn begin", "end": "turn end"}


def use_board(pos: Position, option: str) -> None:
    """Carry out a column ability (VG-2.2): the decision it interrupted is asked again."""
    seat = pos.current
    player = pos.players[seat]
    words = option.split()
    if words[1] == "silver":                          # column 2: a resource in place of silver
        player.add(words[2], -1)
        player.silver += 1
    elif words[1] == "draw":                          # column 3: pay 2 silver, draw 1
        player.silver -= 2
        draw_cards(pos, seat, 1)
    else:                                             # column 4: pay 3 resources, rearrange
        push_all(pos, [("spend", seat, 3), ("rearrange", seat)])
    pos.log.append(f"board {seat} {option.removeprefix('board ')}")


def step_spend(pos: Position, task: Task) -> Choice | None:
    """Ask for the next resource of a column-4 payment (VG-2.2)."""
    seat, left = task[1], task[2]
    if left <= 0:
        pos.stack.pop()
        return None
    player = pos.players[seat]
    return ask(seat, "spend", f"pay {left} more resource(s) for the rearrangement (VG-2.2)",
               [f"spend {r}" for r in RESOURCES if player.get(r)])


def answer_spend(pos: Position, task: Task, option: str) -> None:
    """Pay it (VG-2.2)."""
    seat, left = task[1], task[2]
    pos.players[seat].add(option.removeprefix("spend "), -1)
    flow.replace(pos, ("spend", seat, left - 1))


# ------------------------------------------------------------------ any-ribbon (VG-2.4)
def step_ribbon(pos: Position, task: Task) -> Choice:
    """Ask the colour of the any-ribbon manuscript just transcribed (VG-2.4)."""
    return ask(task[1], "ribbon", "choose the ribbon colour of this manuscript (VG-2.4)",
               [f"ribbon {c}" for c in pos.data.cleric_bonus])


def answer_ribbon(pos: Position, task: Task, option: str) -> None:
    """Fix the colour for good (VG-2.4)."""
    pos.stack.pop()
    pos.ext["ribbon_choice"].append([str(task[2]), option.removeprefix("ribbon ")])


# ------------------------------------------------------------------ builder cards (VG-6)
def step_builder_check(pos: Position, task: Task) -> None:
    """After a construction, the first player to qualify takes a builder card (VG-6.1,
    VG-R09: standard buildings only)."""
    pos.stack.pop()
    seat = task[1]
    built = [len(own_standard_spots(pos, seat, t)) for t in BUILDING_TYPES]
    for card in pos.ext["builders"]:
        if card[1] >= 0:
            continue
        kind = pos.data.builder_cards[card[0]].kind
        if (kind == "diversified" and min(built) >= 1) or \
                (kind == "specialized" and max(built) >= 3):
            card[1] = seat
            pos.log.append(f"builder {seat} {card[0]}")
    return None


def builders_of(pos: Position, seat: int) -> list[str]:
    """The builder bonus cards a player holds (VG-6)."""
    return [card for card, owner in pos.ext.get("builders", ()) if owner == seat]


# ------------------------------------------------------------------ end of game (VG-8.2)
def end_effects(pos: Position) -> list[Task]:
    """The end-game outsider effects, player by player in reverse turn order (VG-8.2)."""
    tasks: list[Task] = []
    n = len(pos.players)
    last = (pos.start - 1) % n
    for offset in range(n):
        seat = (last - offset) % n
        for card in sorted(outsiders_owned(pos, seat)):      # the AI has none (VG-9.2)
            scoring = pos.data.outsiders[card].scoring
            if any(t.name in END_EFFECTS for t in scoring.walk()):
                tasks.append(("eff", seat, _end_effect(scoring).text, card))
    return tasks


def _end_effect(term: Term) -> Term:
    """``flip_at_end(either)`` is the flip of a debt or a deed (VG-8.2)."""
    if term.name == "flip_at_end":
        return Term("flip", ("either",))
    return term


def effect_discard_unpaid_debts(pos: Position, seat: int, term: Term, source: str) -> None:
    player = pos.players[seat]
    player.debts_unpaid -= min(player.debts_unpaid, term.int_arg(0))


def effect_gain_flipped_deed(pos: Position, seat: int, term: Term, source: str) -> None:
    pos.players[seat].deeds_approved += term.int_arg(0)


def step_game_over(pos: Position, task: Task) -> None:
    """The end-game effects are resolved: the game is over (VB-8.2, VG-8.2)."""
    pos.stack.pop()
    pos.over = True
    pos.phase = "over"
    return None


def outsiders_owned(pos: Position, seat: int) -> list[str]:
    """The outsiders in a player's whole deck (VG-8.1)."""
    return [c for c in pos.players[seat].cards_owned() if c in pos.data.outsiders]


# ---------------------------------------------------------------------- registration
flow.register({
    "welcome": (step_welcome, answer_welcome),
    "refuse": (step_refuse, answer_refuse),
    "spend": (step_spend, answer_spend),
    "window": (step_window, answer_window),
    "ribbon": (step_ribbon, answer_ribbon),
    "builder_check": (step_builder_check, None),
    "game_over": (step_game_over, None),
})
HOOKS.extend = extend_choice
HOOKS.anytime = use_board
