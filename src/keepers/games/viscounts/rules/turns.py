"""Turn structure (VB-6): the six phases of a turn, turn order and the end (VB-8.2).

Phase 1 card management (VB-6.1), phase 2 movement (VB-6.2), phase 3 asks
for the primary action (VB-6.3.1; the action itself is in the actions
module), phase 4 recruit (VB-6.4), phase 5 collision (VB-6.5), phase 6 draw
(VB-6.6); :func:`advance` moves the turn on when the stack is empty (the
flow's ``advance`` hook), and :func:`end_turn` ends the game (VB-8.2).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple

from keepers.games.viscounts import flow
from keepers.games.viscounts.flow import HOOKS, Choice, Task, Texts, ask_distinct, push_all
from keepers.games.viscounts.model import TRACK_MAX, TRACK_MIN
from keepers.games.viscounts.rules.actions import dismissable, feasible
from keepers.games.viscounts.rules.concepts import (
    clockwise,
    criminal_count,
    draw_cards,
    fire,
    gain_corruption,
    hand_limit,
    has_modifier,
    others_from,
    seat_position,
    take_top,
)
from keepers.games.viscounts.rules.effects import (
    eff,
    hire,
    hire_cost,
    hire_kings_order,
    kings_order_hire,
    land,
    resolve,
)
from keepers.games.viscounts.rules.gates import end_effects, turn_window
from keepers.games.viscounts.rules.setup import finish_setup
from keepers.games.viscounts.state import Position, profile_of

ROUND_CAP = 60
PHASES = ("manage", "move", "action", "recruit", "collision", "draw")
NEXT_PHASE = dict(zip(PHASES, PHASES[1:], strict=False))
PLAY, RECRUIT = Texts("play"), Texts("recruit")
RECRUIT_KO = "recruit KO"
# The options of the action phase by which actions are allowed (built once):
# inside by (workers, transcribe), outside by build (trade is always allowed).
INSIDE_OPTIONS = {(w, t): tuple(o for o, ok in (("action workers", w),
                                                ("action transcribe", t),
                                                ("action pass", True)) if ok)
                  for w in (False, True) for t in (False, True)}
OUTSIDE_OPTIONS = {b: ("action trade", "action build", "action pass") if b
                   else ("action trade", "action pass") for b in (False, True)}


class MovePlan(NamedTuple):
    """Where a move can end (VB-6.2.1-2), for one start, distance and free extra steps.

    ``costs``: the silver cost of every move option (``"move <printed number>"``)
    reachable with up to 12 paid steps; ``options[paid]``: the distinct move options
    affordable with ``paid`` silver (0-12), cheapest first, then by printed number.
    """

    costs: dict[str, int]
    options: tuple[tuple[str, ...], ...]



# ------------------------------------------------------------------ phase sequencing
def advance(pos: Position) -> None:
    """Next phase of the current turn (or next turn) when the stack is empty.

    Phases that queue nothing (no collision, drawing) are passed at once,
    as the settle loop would do, until a task is queued or the game ends.
    """
    stack = pos.stack
    while True:
        phase = pos.phase
        following = NEXT_PHASE.get(phase)
        if following is not None and not (phase == "collision"
                                          and pos.players[pos.current].is_ai):
            pos.phase = following
            begin_phase(pos, following, pos.current)
        elif phase == "setup":
            finish_setup(pos)
            begin_turn(pos, pos.start)
        elif phase == "ai":
            pos.phase = "collision"
            begin_collision(pos, pos.current)
        elif phase in ("collision", "draw"):     # the AI's collision ends its turn
            end_turn(pos)
        else:
            raise KeyError(phase)
        if stack or pos.over:
            return


def begin_phase(pos: Position, phase: str, seat: int) -> None:
    """Start phase 1-6 of a person's turn (VB-6): push what the phase asks or do it."""
    if phase == "manage":
        begin_manage(pos, seat)
    elif phase == "move":
        begin_move(pos, seat)
    elif phase == "action":
        begin_action(pos, seat)
    elif phase == "recruit":
        begin_recruit(pos, seat)
    elif phase == "collision":
        begin_collision(pos, seat)
    else:
        begin_draw(pos, seat)


def begin_turn(pos: Position, seat: int) -> None:
    """Start a player's phase 1 (or the AI's turn)."""
    pos.current = seat
    pos.turn = {}
    if pos.players[seat].is_ai:
        pos.phase = "ai"
        pos.stack.append(("ai_turn", seat))
        return
    pos.phase = "manage"
    if pos.ext and turn_window(pos, seat):
        # VG-2.3: the column abilities before the shift (e.g. a rearrangement first).
        pos.stack.append(("begin_manage", seat))
        pos.stack.append(("window", seat, "start"))
        return
    begin_manage(pos, seat)


def step_begin_manage(pos: Position, task: Task) -> None:
    """Phase 1 after the opening window of column abilities (VG-2.3)."""
    pos.stack.pop()
    begin_manage(pos, task[1])
    return None


def end_turn(pos: Position) -> None:
    """Pass the turn clockwise; end the game after the last round (VB-8.2)."""
    nxt = (pos.current + 1) % len(pos.players)
    if nxt == pos.start:
        pos.round += 1
        if pos.last_round and pos.round > pos.last_round:
            finish_game(pos)
            return
        if pos.round > ROUND_CAP:
            pos.over = pos.capped = True
            pos.phase = "over"
            return
    begin_turn(pos, nxt)


def finish_game(pos: Position) -> None:
    """End the game (VB-8.2); with Gates of Gold the end-game outsider effects come first,
    before any scoring (VG-8.2, VG-R12)."""
    tasks = end_effects(pos) if pos.ext and "outsider_row" in pos.ext else []
    if not tasks:
        pos.over = True
        pos.phase = "over"
        return
    pos.phase = "end"
    pos.log.append("outsiders_public -1")
    pos.stack.append(("game_over", -1))
    push_all(pos, tasks)


# ------------------------------------------------------------------ phase 1 (VB-6.1)
def begin_manage(pos: Position, seat: int) -> None:
    """Shift right; the leaving card's drop-off resolves before the play (VB-6.1.6)."""
    player = pos.players[seat]
    leaving = player.spaces[2]
    player.spaces = [None, player.spaces[0], player.spaces[1]]
    pos.stack.append(("play", seat))
    # Keeper of Keys: one typed get (compiled, a list index rather than a generic one).
    placed: list[list[str | None]] | None = pos.ext.get("chests") if pos.ext else None
    if placed is not None:
        chests = placed[seat]
        if chests[1] or chests[2]:
            # VK-4.3, VK-R12: the shifted cards' entries are fixed now, paid after the drop-off.
            entries = chest_entries(pos, seat, chests, (1, 2))
            if entries:
                pos.stack.append(("chest_reward", seat, entries))
    if leaving:
        player.discard.append(leaving)
        dropoff = pos.data.cards[leaving].dropoff
        if dropoff.name != "none":
            resolve(pos, seat, dropoff, leaving)   # the top task


def step_play(pos: Position, task: Task) -> Choice | None:
    """Ask which card goes into space 1; blind play from the draw pile without a hand
    (VB-6.1.2, VB-6.1.5)."""
    seat = task[1]
    player = pos.players[seat]
    if player.hand:
        return ask_distinct(seat, "play", "play a card into space 1",
                            tuple(map(PLAY.__getitem__, sorted(set(player.hand)))))
    pos.stack.pop()
    card = take_top(pos, seat)              # blind play (VB-6.1.2, VB-6.1.5)
    if card is not None:
        play_card(pos, seat, card)
    return None


def answer_play(pos: Position, task: Task, option: str) -> None:
    """Play the card (VB-6.1.2-6.1.4)."""
    pos.stack.pop()
    seat = task[1]
    card = option.removeprefix("play ")
    pos.players[seat].hand.remove(card)
    play_card(pos, seat, card)


def play_card(pos: Position, seat: int, card_id: str) -> None:
    """Space 1, criminal surcharge, immediate effect (VB-6.1.2-4)."""
    pos.players[seat].spaces[0] = card_id
    card = pos.data.cards[card_id]
    pos.log.append(f"play {seat} {card_id}")
    pos.turn["distance"] = card.silver
    if card.icons.get("criminal") and not has_modifier(pos, seat,
                                                       "no_criminal_corruption"):
        gain_corruption(pos, seat, criminal_count(pos, seat))
    placed: list[list[str | None]] | None = pos.ext.get("chests") if pos.ext else None
    if placed is not None:                                # Keeper of Keys (as above)
        chests = placed[seat]
        if chests[0]:
            entries = chest_entries(pos, seat, chests, (0,))  # paid after the immediate effect
            if entries:
                pos.stack.append(("chest_reward", seat, entries))
    if card.instant.name != "none":
        resolve(pos, seat, card.instant, card_id)   # callers push nothing after


# ------------------------------------------------------------------ chest rewards (VK-4.3)
def chest_entries(pos: Position, seat: int, chests: list[str | None],
                  spaces: tuple[int, ...]) -> tuple[str, ...]:
    """The reward chests earned by the cards that just entered ``spaces`` (0-based), given
    the seat's ``chests``: ``"<tile> <card>"`` for each whose printed icons meet the tile
    (VK-4.3, VK-4.5)."""
    player = pos.players[seat]
    out = []
    for index in spaces:
        card, tile = player.spaces[index], chests[index]
        if card and tile and chest_reward_due(pos, tile, card):
            out.append(f"{tile} {card}")
    return tuple(out)


def chest_reward_due(pos: Position, tile: str, card_id: str) -> bool:
    """True if ``tile`` is a reward chest whose condition the card's printed icons meet."""
    key = ("chest_when", tile)
    when: tuple[str, int] | None = pos.data.memo.get(key)
    if when is None:
        term = pos.data.chest_tiles[tile].effect
        icon, _, least = term.kw("when").partition(">=")
        when = pos.data.memo[key] = (icon, int(least)) if term.name == "chest_reward" \
            else ("", 99)
    return bool(when[0]) and pos.data.cards[card_id].icons.get(when[0], 0) >= when[1]


def step_chest_reward(pos: Position, task: Task) -> None:
    """Pay the fixed chest entry rewards, space by space (VK-4.3, VK-4.4, VK-R12)."""
    pos.stack.pop()
    seat = task[1]
    for entry in reversed(task[2]):
        tile = entry.split()[0]
        pos.stack.append(eff(seat, pos.data.chest_tiles[tile].effect.sub(0), tile))


# ------------------------------------------------------------------ phase 2 (VB-6.2)
def begin_move(pos: Position, seat: int) -> None:
    """Ask for the destination."""
    pos.stack.append(("move", seat))


def move_costs(pos: Position, seat: int) -> dict[str, int]:
    """Cheapest silver cost of every reachable endpoint (VB-6.2.1-2)."""
    plan = _move_plan(pos, seat)
    paid = min(pos.players[seat].silver, 12)
    return {pos.geo.node_of(option.removeprefix("move ")): cost
            for option, cost in plan.costs.items() if cost <= paid}


def _move_options(pos: Position, seat: int) -> tuple[str, ...]:
    """The ordered, distinct move options the player can afford (read-only)."""
    return _move_plan(pos, seat).options[min(pos.players[seat].silver, 12)]


def _move_plan(pos: Position, seat: int) -> MovePlan:
    """The move plan of the player's start, played card's distance and free steps."""
    distance = int(pos.turn.get("distance", 0))
    free = profile_of(pos, seat).total("extra_move")
    return _plan_from(pos, pos.players[seat].node, distance, free)


def _plan_from(pos: Position, start: str, distance: int, free: int) -> MovePlan:
    """Memoised :class:`MovePlan`: per ring, linked to a copy shared by many rings.

    The arrows are the same from every ring position and a plan holds
    printed numbers only, so a plan depends on the segments met going
    clockwise from the start, not on where the ring begins: it is shared by
    every game whose ring, turned to begin at the start, has that order (a
    new game then rarely builds one).
    """
    geo = pos.geo
    key = ("move_plan", start, distance, free)
    found: MovePlan | None = geo.memo.get(key)
    if found is None:
        position, kind = start.split(".")
        turned = geo.arrangement[int(position):] + geo.arrangement[:int(position)]
        shared = ("move_plan", turned, kind, distance, free)
        found = geo.board.memo.get(shared)
        if found is None:
            found = geo.board.memo[shared] = _build_plan(pos, start, distance, free)
        geo.memo[key] = found
    return found


def _build_plan(pos: Position, start: str, distance: int, free: int) -> MovePlan:
    # Endpoints ordered by (cost, printed number); ranks are < 16, so one
    # integer sorts both.  A node costs its first extra step beyond the free ones.
    rank = pos.geo.rank
    ordered = sorted((max(0, extra - free) * 16 + rank[node], node)
                     for node, extra in _first_extras(pos, start, distance,
                                                      free + 12).items())
    texts = _move_texts(pos)
    # Sorted by cost, the affordable endpoints are a prefix; a text's first
    # node is its cheapest, so the distinct options are a prefix too.
    cheapest: dict[str, int] = {}
    for key, node in ordered:
        cheapest.setdefault(texts[node], key // 16)
    distinct, ascending = tuple(cheapest), list(cheapest.values())
    options = tuple(distinct[:bisect_right(ascending, paid)] for paid in range(13))
    return MovePlan(cheapest, options)


def _move_texts(pos: Position) -> dict[str, str]:
    """The move option of every node (shared by the rings of one segment order)."""
    geo = pos.geo
    key = ("move_texts", geo.arrangement)
    found: dict[str, str] | None = geo.board.memo.get(key)
    if found is None:
        found = geo.board.memo[key] = {node: f"move {geo.printed(node)}" for node in geo.rank}
    return found


def _first_extras(pos: Position, start: str, distance: int, most: int) -> dict[str, int]:
    """The fewest extra steps (up to ``most``) ending on each node (topology only; shared)."""
    key = ("first_extras", start, distance, most)
    memo = pos.geo.board.memo
    found: dict[str, int] | None = memo.get(key)
    if found is None:
        found = {}
        for extra in range(most + 1):
            for node in pos.geo.reach(start, distance + extra):
                found.setdefault(node, extra)
        memo[key] = found
    return found


def step_move(pos: Position, task: Task) -> Choice:
    """Ask where the Viscount ends, with the silver each end costs (VB-6.2.1-6.2.3)."""
    seat = task[1]
    return ask_distinct(seat, "move", "choose where your Viscount ends",
                        _move_options(pos, seat))


def answer_move(pos: Position, task: Task, option: str) -> None:
    """Pay the extra steps, move, then the landing rule (VB-6.2.2, VB-6.2.4)."""
    pos.stack.pop()
    seat = task[1]
    node = pos.geo.node_of(option.removeprefix("move "))
    pos.players[seat].silver -= _move_plan(pos, seat).costs[option]
    pos.players[seat].node = node
    pos.log.append(f"move {seat} {option.removeprefix('move ')}")
    land(pos, seat)


# ------------------------------------------------------------------ phase 3 (VB-6.3)
def begin_action(pos: Position, seat: int) -> None:
    """Ask for the primary action."""
    pos.stack.append(("action", seat))


def step_action(pos: Position, task: Task) -> Choice:
    """Ask for the primary action allowed here, or pass (VB-6.3.1, VB-3.3.8)."""
    seat = task[1]
    player = pos.players[seat]
    # Only the two actions of the Viscount's location can be allowed (VB-3.3.8);
    # this is action_allowed() for both, spelled out (it runs every turn).
    profile = profile_of(pos, seat)
    if player.node.endswith(".I"):
        first = player.supply != 0 and feasible(pos, seat, "workers", profile)
        second = not pos.turn.get("transcribed") \
            and feasible(pos, seat, "transcribe", profile)
        options = INSIDE_OPTIONS[first, second]
    else:
        options = OUTSIDE_OPTIONS[feasible(pos, seat, "build", profile)]   # trade: always
    return ask_distinct(seat, "action", "take a primary action (VB-6.3)", options)


def answer_action(pos: Position, task: Task, option: str) -> None:
    """Start the action: dismiss first when a townsfolk can be dismissed (VB-6.3.3)."""
    pos.stack.pop()
    action = option.removeprefix("action ")
    if action == "pass":
        return
    seat = task[1]
    if dismissable(pos, profile_of(pos, seat), seat, action):
        pos.stack.append(("act", seat, action, 1))
    else:
        # Nothing can be dismissed (VB-6.3.3), and the action was offered because it
        # is feasible: "dismiss none" would be the only option, so go to the target.
        pos.stack.append(("act_target", seat, action, 1))


# ------------------------------------------------------------------ phase 4 (VB-6.4)
def begin_recruit(pos: Position, seat: int) -> None:
    """Offer the adjacent townsfolk when it can be hired (a lone "pass" is no decision),
    or a king's order instead (VG-2.2 column 1)."""
    if _hireable_adjacent(pos, seat) or (pos.ext and kings_order_hire(pos, seat, False)):
        pos.stack.append(("recruit", seat))


def _hireable_adjacent(pos: Position, seat: int) -> str | None:
    """The adjacent townsfolk if the player can afford it (VB-6.4.1), else None."""
    pile = pos.tf_piles[seat_position(pos, seat)]
    if pile and hire_cost(pos, seat, pile[-1]) <= pos.players[seat].silver:
        return pile[-1]
    return None


def step_recruit(pos: Position, task: Task) -> Choice:
    """Ask whether to hire the adjacent townsfolk (VB-6.4.1)."""
    seat = task[1]
    card = _hireable_adjacent(pos, seat)
    options: tuple[str, ...] = (RECRUIT[card], "recruit pass") if card else ("recruit pass",)
    if pos.ext and kings_order_hire(pos, seat, False):
        options = (*options, RECRUIT_KO)                       # VG-2.2 column 1
    return ask_distinct(seat, "recruit", "hire the adjacent townsfolk?", options)


def answer_recruit(pos: Position, task: Task, option: str) -> None:
    """Hire it (VB-6.4.1, VB-6.4.2)."""
    pos.stack.pop()
    seat = task[1]
    if option == RECRUIT_KO:
        hire_kings_order(pos, seat, paid=True)
    elif option != "recruit pass":
        hire(pos, seat, seat_position(pos, seat), paid=True)


# ------------------------------------------------------------------ phase 5 (VB-6.5)
def begin_collision(pos: Position, seat: int) -> None:
    """Queue the five collision steps if the markers are stuck."""
    if pos.players[seat].stuck():
        pos.log.append(f"collision {seat}")
        push_all(pos, [("col1", seat), ("col2", seat), ("col3", seat), ("col5", seat)])


def step_col1(pos: Position, task: Task) -> None:
    """Collision step 1: ``on_collision_any`` abilities of board slots, every player (VB-6.5.2)."""
    pos.stack.pop()
    for other in reversed(clockwise(pos, task[1])):
        fire(pos, other, "on_collision_any", slots=True, cards=False)
    return None


def step_col2(pos: Position, task: Task) -> None:
    """Collision step 2: ``on_collision_any`` abilities of cards, every player (VB-6.5.2)."""
    pos.stack.pop()
    for other in reversed(clockwise(pos, task[1])):
        fire(pos, other, "on_collision_any", slots=False, cards=True)
    return None


def step_col3(pos: Position, task: Task) -> None:
    """Collision step 3: the upper effect of the corruption position, read now (VB-6.5.2,
    VB-R12)."""
    pos.stack.pop()
    seat = task[1]
    mark = pos.players[seat].corruption          # read now (VB-R12)
    upper = pos.data.ai_common.track_upper[mark - 1] if pos.players[seat].is_ai \
        else pos.data.player_board.track[mark - 1].upper
    push_all(pos, [eff(seat, upper)] + [("col4", o, mark)
                                        for o in others_from(pos, seat)])
    return None


def step_col4(pos: Position, task: Task) -> None:
    """Collision step 4: each other player's lower effect when its condition holds (VB-6.5.2)."""
    pos.stack.pop()
    seat, mark = task[1], task[2]
    track = pos.data.player_board.track[mark - 1]
    criminals = criminal_count(pos, seat, collision=True)
    holds = {"always": True, "criminals>=1": criminals >= 1,
             "criminals==0": criminals == 0}[track.lower_condition]
    if holds:
        resolve(pos, seat, track.lower)
    return None


def step_col5(pos: Position, task: Task) -> None:
    """Collision step 5: both markers back to their starting positions (VB-6.5.2)."""
    pos.stack.pop()
    player = pos.players[task[1]]
    player.corruption, player.virtue = TRACK_MIN, TRACK_MAX
    return None


# ------------------------------------------------------------------ phase 6 (VB-6.6)
def begin_draw(pos: Position, seat: int) -> None:
    """Draw up to the hand limit, shuffling when needed."""
    player = pos.players[seat]
    missing = hand_limit(pos, seat) - len(player.hand)
    if missing > 0:
        draw_cards(pos, seat, missing)
    if pos.ext and turn_window(pos, seat):
        pos.stack.append(("window", seat, "end"))     # VG-2.3: abilities after the draw


# ---------------------------------------------------------------------- registration
flow.register({
    "play": (step_play, answer_play),
    "move": (step_move, answer_move),
    "action": (step_action, answer_action),
    "recruit": (step_recruit, answer_recruit),
    "col1": (step_col1, None),
    "col2": (step_col2, None),
    "col3": (step_col3, None),
    "col4": (step_col4, None),
    "col5": (step_col5, None),
    "chest_reward": (step_chest_reward, None),
    "begin_manage": (step_begin_manage, None),
})
HOOKS.advance = advance
