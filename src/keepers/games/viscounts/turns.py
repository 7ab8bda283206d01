"""Setup (VB-5) and the six turn phases (VB-6), plus the end of the game (VB-8.2)."""

from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple

from keepers.games.viscounts.actions import Actions
from keepers.games.viscounts.data import PlayerCard
from keepers.games.viscounts.model import TRACK_MAX, TRACK_MIN
from keepers.games.viscounts.state import ROUND_CAP, Texts
from keepers.games.viscounts.tasks import HANDLERS, Choice, Task, eff

PHASES = ("manage", "move", "action", "recruit", "collision", "draw")
NEXT_PHASE = dict(zip(PHASES, PHASES[1:], strict=False))
PLAY, RECRUIT = Texts("play"), Texts("recruit")
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


class Turns(Actions):
    """Turn sequencing on top of the actions."""

    # ------------------------------------------------------------------ setup picks (VB-5.7)
    def _t_setup_pick(self, task: Task) -> Choice:
        seat = task[1]
        return self.ask(seat, "setup", "pick a player card and hero (VB-5.7)",
                        [f"pick {card} {hero}" for card, hero in self.pairs])

    def _c_setup_pick(self, task: Task, option: str) -> None:
        self.stack.pop()
        seat = task[1]
        _, card_id, hero = option.split()
        self.pairs.remove([card_id, hero])
        self.take_player_card(seat, self.data.player_cards[card_id], hero)

    def take_player_card(self, seat: int, card: PlayerCard, hero: str) -> None:
        """Steps 1-5 of VB-5.7 (step 5 waits for the extra effect)."""
        player = self.players[seat]
        player.node = self.geo.node_of(card.start_space)
        for key in ("ink", "gold", "stone", "silver"):
            player.add(key, getattr(card, key))
        player.deeds_acquired += card.deeds
        player.debts_unpaid += card.debts
        player.hand = self.starting_deck() + [hero]
        self.stack.append(("setup_finish", seat))
        self.push(seat, card.extra, "setup")
        for _ in range(card.any_resource):
            self.stack.append(("res", seat))

    def starting_deck(self) -> list[str]:
        """The 8 starting townsfolk of one colour (VB-1.2)."""
        return [c.id for c in self.data.townsfolk.values() if c.set == "Starter"]

    def _t_setup_finish(self, task: Task) -> None:
        self.stack.pop()
        seat = task[1]
        player = self.players[seat]
        player.draw = player.draw + player.hand + player.discard
        player.hand, player.discard = [], []
        self.rng.shuffle(player.draw)
        self.draw_cards(seat, 3)
        return None

    def finish_setup(self) -> None:
        """Build the poverty and prosperity piles (VB-5.8) and start round 1."""
        size = min(len(self.players), 4) if self.seats > 1 else 1
        self.debt_above = self.data.poverty_prosperity.debts_on_poverty[size]
        self.deed_above = self.data.poverty_prosperity.deeds_on_prosperity[size]
        self.pairs = []
        self.round = 1
        self.begin_turn(self.start)

    # ------------------------------------------------------------------ phase sequencing
    def advance(self) -> None:
        """Next phase of the current turn (or next turn) when the stack is empty.

        Phases that queue nothing (no collision, drawing) are passed at once,
        as the settle loop would do, until a task is queued or the game ends.
        """
        stack, begins = self.stack, HANDLERS.begins
        while True:
            phase = self.phase
            following = NEXT_PHASE.get(phase)
            if following is not None and not (phase == "collision"
                                              and self.players[self.current].is_ai):
                self.phase = following
                begins[following](self, self.current)
            elif phase == "setup":
                self.finish_setup()
            elif phase == "ai":
                self.phase = "collision"
                self.begin_collision(self.current)
            elif phase in ("collision", "draw"):     # the AI's collision ends its turn
                self.end_turn()
            else:
                raise KeyError(phase)
            if stack or self.over:
                return

    def begin_turn(self, seat: int) -> None:
        """Start a player's phase 1 (or the AI's turn)."""
        self.current = seat
        self.turn = {}
        if self.players[seat].is_ai:
            self.phase = "ai"
            self.stack.append(("ai_turn", seat))
            return
        self.phase = "manage"
        self.begin_manage(seat)

    def end_turn(self) -> None:
        """Pass the turn clockwise; end the game after the last round (VB-8.2)."""
        nxt = (self.current + 1) % len(self.players)
        if nxt == self.start:
            self.round += 1
            if self.last_round and self.round > self.last_round:
                self.over = True
                self.phase = "over"
                return
            if self.round > ROUND_CAP:
                self.over = self.capped = True
                self.phase = "over"
                return
        self.begin_turn(nxt)

    # ------------------------------------------------------------------ phase 1 (VB-6.1)
    def begin_manage(self, seat: int) -> None:
        """Shift right; the leaving card's drop-off resolves before the play (VB-6.1.6)."""
        player = self.players[seat]
        leaving = player.spaces[2]
        player.spaces = [None, player.spaces[0], player.spaces[1]]
        self.stack.append(("play", seat))
        if leaving:
            player.discard.append(leaving)
            dropoff = self.card(leaving).dropoff
            if dropoff.name != "none":
                self.resolve(seat, dropoff, leaving)   # the top task

    def _t_play(self, task: Task) -> Choice | None:
        seat = task[1]
        player = self.players[seat]
        if player.hand:
            return self.ask_distinct(seat, "play", "play a card into space 1",
                                     tuple(map(PLAY.__getitem__, sorted(set(player.hand)))))
        self.stack.pop()
        card = self.take_top(seat)              # blind play (VB-6.1.2, VB-6.1.5)
        if card is not None:
            self.play_card(seat, card)
        return None

    def _c_play(self, task: Task, option: str) -> None:
        self.stack.pop()
        seat = task[1]
        card = option.removeprefix("play ")
        self.players[seat].hand.remove(card)
        self.play_card(seat, card)

    def play_card(self, seat: int, card_id: str) -> None:
        """Space 1, criminal surcharge, immediate effect (VB-6.1.2-4)."""
        self.players[seat].spaces[0] = card_id
        card = self.card(card_id)
        self.log.append(f"seat {seat} plays {card.name}")
        self.turn["distance"] = card.silver
        if card.icons.get("criminal") and not self.has_modifier(seat,
                                                                "no_criminal_corruption"):
            self.gain_corruption(seat, self.criminals(seat))
        if card.instant.name != "none":
            self.resolve(seat, card.instant, card_id)   # callers push nothing after

    # ------------------------------------------------------------------ phase 2 (VB-6.2)
    def begin_move(self, seat: int) -> None:
        """Ask for the destination."""
        self.stack.append(("move", seat))

    def move_costs(self, seat: int) -> dict[str, int]:
        """Cheapest silver cost of every reachable endpoint (VB-6.2.1-2)."""
        plan = self._move_plan(seat)
        paid = min(self.players[seat].silver, 12)
        return {self.geo.node_of(option.removeprefix("move ")): cost
                for option, cost in plan.costs.items() if cost <= paid}

    def _move_options(self, seat: int) -> tuple[str, ...]:
        """The ordered, distinct move options the player can afford (read-only)."""
        return self._move_plan(seat).options[min(self.players[seat].silver, 12)]

    def _move_plan(self, seat: int) -> MovePlan:
        """The move plan of the player's start, played card's distance and free steps."""
        distance = int(self.turn.get("distance", 0))
        free = self.profile(seat).total("extra_move")
        return self._plan_from(self.players[seat].node, distance, free)

    def _plan_from(self, start: str, distance: int, free: int) -> MovePlan:
        """Memoised :class:`MovePlan`: per ring, linked to a copy shared by many rings.

        The arrows are the same from every ring position and a plan holds
        printed numbers only, so a plan depends on the segments met going
        clockwise from the start, not on where the ring begins: it is shared by
        every game whose ring, turned to begin at the start, has that order (a
        new game then rarely builds one).
        """
        geo = self.geo
        key = ("move_plan", start, distance, free)
        found: MovePlan | None = geo.memo.get(key)
        if found is None:
            position, kind = start.split(".")
            turned = geo.arrangement[int(position):] + geo.arrangement[:int(position)]
            shared = ("move_plan", turned, kind, distance, free)
            found = geo.board.memo.get(shared)
            if found is None:
                found = geo.board.memo[shared] = self._build_plan(start, distance, free)
            geo.memo[key] = found
        return found

    def _build_plan(self, start: str, distance: int, free: int) -> MovePlan:
        # Endpoints ordered by (cost, printed number); ranks are < 16, so one
        # integer sorts both.  A node costs its first extra step beyond the free ones.
        rank = self.geo.rank
        ordered = sorted((max(0, extra - free) * 16 + rank[node], node)
                         for node, extra in self._first_extras(start, distance,
                                                               free + 12).items())
        texts = self._move_texts()
        # Sorted by cost, the affordable endpoints are a prefix; a text's first
        # node is its cheapest, so the distinct options are a prefix too.
        cheapest: dict[str, int] = {}
        for key, node in ordered:
            cheapest.setdefault(texts[node], key // 16)
        distinct, ascending = tuple(cheapest), list(cheapest.values())
        options = tuple(distinct[:bisect_right(ascending, paid)] for paid in range(13))
        return MovePlan(cheapest, options)

    def _move_texts(self) -> dict[str, str]:
        """The move option of every node (shared by the rings of one segment order)."""
        geo = self.geo
        key = ("move_texts", geo.arrangement)
        found: dict[str, str] | None = geo.board.memo.get(key)
        if found is None:
            found = geo.board.memo[key] = {node: f"move {geo.printed(node)}" for node in geo.rank}
        return found

    def _first_extras(self, start: str, distance: int, most: int) -> dict[str, int]:
        """The fewest extra steps (up to ``most``) ending on each node (topology only; shared)."""
        key = ("first_extras", start, distance, most)
        memo = self.geo.board.memo
        found: dict[str, int] | None = memo.get(key)
        if found is None:
            found = {}
            for extra in range(most + 1):
                for node in self.geo.reach(start, distance + extra):
                    found.setdefault(node, extra)
            memo[key] = found
        return found

    def _t_move(self, task: Task) -> Choice:
        seat = task[1]
        return self.ask_distinct(seat, "move", "choose where your Viscount ends",
                                 self._move_options(seat))

    def _c_move(self, task: Task, option: str) -> None:
        self.stack.pop()
        seat = task[1]
        node = self.geo.node_of(option.removeprefix("move "))
        self.players[seat].silver -= self._move_plan(seat).costs[option]
        self.players[seat].node = node
        self.log.append(f"seat {seat} moves to {option.removeprefix('move ')}")
        self.land(seat)

    # ------------------------------------------------------------------ phase 3 (VB-6.3)
    def begin_action(self, seat: int) -> None:
        """Ask for the primary action."""
        self.stack.append(("action", seat))

    def _t_action(self, task: Task) -> Choice:
        seat = task[1]
        player = self.players[seat]
        # Only the two actions of the Viscount's location can be allowed (VB-3.3.8);
        # this is action_allowed() for both, spelled out (it runs every turn).
        profile = self.profile(seat)
        if player.node.endswith(".I"):
            first = player.supply != 0 and self._feasible(seat, "workers", profile)
            second = not self.turn.get("transcribed") \
                and self._feasible(seat, "transcribe", profile)
            options = INSIDE_OPTIONS[first, second]
        else:
            options = OUTSIDE_OPTIONS[self._feasible(seat, "build", profile)]   # trade: always
        return self.ask_distinct(seat, "action", "take a primary action (VB-6.3)", options)

    def _c_action(self, task: Task, option: str) -> None:
        self.stack.pop()
        action = option.removeprefix("action ")
        if action == "pass":
            return
        seat = task[1]
        if self._dismiss_candidates(self.profile(seat), seat, action):
            self.stack.append(("act", seat, action, 1))
        else:
            # Nothing can be dismissed (VB-6.3.3), and the action was offered because it
            # is feasible: "dismiss none" would be the only option, so go to the target.
            self.stack.append(("act_target", seat, action, 1))

    # ------------------------------------------------------------------ phase 4 (VB-6.4)
    def begin_recruit(self, seat: int) -> None:
        """Offer the adjacent townsfolk when it can be hired (a lone "pass" is no decision)."""
        if self._hireable_adjacent(seat):
            self.stack.append(("recruit", seat))

    def _hireable_adjacent(self, seat: int) -> str | None:
        """The adjacent townsfolk if the player can afford it (VB-6.4.1), else None."""
        pile = self.tf_piles[self.position(seat)]
        if pile and self.hire_cost(seat, pile[-1]) <= self.players[seat].silver:
            return pile[-1]
        return None

    def _t_recruit(self, task: Task) -> Choice:
        seat = task[1]
        card = self._hireable_adjacent(seat)
        options = (RECRUIT[card], "recruit pass") if card else ("recruit pass",)
        return self.ask_distinct(seat, "recruit", "hire the adjacent townsfolk?", options)

    def _c_recruit(self, task: Task, option: str) -> None:
        self.stack.pop()
        if option != "recruit pass":
            seat = task[1]
            self.hire(seat, self.position(seat), paid=True)

    # ------------------------------------------------------------------ phase 5 (VB-6.5)
    def begin_collision(self, seat: int) -> None:
        """Queue the five collision steps if the markers are stuck."""
        if self.players[seat].stuck():
            self.log.append(f"seat {seat} resolves a collision")
            self.push_all([("col1", seat), ("col2", seat), ("col3", seat), ("col5", seat)])

    def _t_col1(self, task: Task) -> None:
        self.stack.pop()
        for other in reversed(self.clockwise(task[1])):
            self.fire(other, "on_collision_any", slots=True, cards=False)
        return None

    def _t_col2(self, task: Task) -> None:
        self.stack.pop()
        for other in reversed(self.clockwise(task[1])):
            self.fire(other, "on_collision_any", slots=False, cards=True)
        return None

    def _t_col3(self, task: Task) -> None:
        self.stack.pop()
        seat = task[1]
        pos = self.players[seat].corruption          # read now (VB-R12)
        upper = self.data.ai_common.track_upper[pos - 1] if self.players[seat].is_ai \
            else self.data.player_board.track[pos - 1].upper
        self.push_all([eff(seat, upper)] + [("col4", o, pos)
                                             for o in self.others_from(seat)])
        return None

    def _t_col4(self, task: Task) -> None:
        self.stack.pop()
        seat, pos = task[1], task[2]
        track = self.data.player_board.track[pos - 1]
        criminals = self.criminals(seat, collision=True)
        holds = {"always": True, "criminals>=1": criminals >= 1,
                 "criminals==0": criminals == 0}[track.lower_condition]
        if holds:
            self.resolve(seat, track.lower)
        return None

    def _t_col5(self, task: Task) -> None:
        self.stack.pop()
        player = self.players[task[1]]
        player.corruption, player.virtue = TRACK_MIN, TRACK_MAX
        return None

    # ------------------------------------------------------------------ phase 6 (VB-6.6)
    def begin_draw(self, seat: int) -> None:
        """Draw up to the hand limit, shuffling when needed."""
        player = self.players[seat]
        missing = self.hand_limit(seat) - len(player.hand)
        if missing > 0:
            self.draw_cards(seat, missing)
