"""The one interpreter of the closed effect vocabulary, and the task handlers.

Every card, board, castle and track effect is resolved by :meth:`Machine._t_eff`
dispatching on the term name (never on a card name).  Effects that need a
player's decision push a small task whose handler asks one :class:`Choice` at
a time; compound choices are broken into such steps.
"""

from __future__ import annotations

from itertools import permutations

from keepers.games.viscounts.effects import RESOURCES, Term
from keepers.games.viscounts.state import Core, Texts
from keepers.games.viscounts.tasks import HANDLERS, TERMS, Choice, Task, eff, term_of

TAKE_RESOURCE = tuple(f"take {r}" for r in RESOURCES)
DISCARD, DESTROY = Texts("discard"), Texts("destroy")


class Machine(Core):
    """Task stack machine: resolves effects and asks choices.

    Handlers are found by name: ``_t_<task>`` steps a task, ``_c_<task>``
    applies a choice to it and ``_e_<term>`` resolves an effect term (tables
    in :data:`~keepers.games.viscounts.tasks.HANDLERS`).
    """

    # ------------------------------------------------------------------ main loop
    def settle(self) -> Choice | None:
        """Resolve tasks until a real decision is needed; return it (None: game over)."""
        # The stack list is never replaced by the rules, and the game ends only
        # in advance(), called on an empty stack: so the list is read once and
        # the end is checked only when the stack is empty (and on entry).
        steps, choosers, stack = HANDLERS.steps, HANDLERS.choosers, self.stack
        if self.over:
            return None
        for _ in range(100_000):
            if not stack:
                if self.over:
                    return None
                self.advance()
                continue
            task = stack[-1]
            choice = steps[task[0]](self, task)
            if choice is None:
                continue
            options = choice.options
            if not options:
                stack.pop()
                continue
            if len(options) == 1 or self.players[choice.player].is_ai:
                option = options[0] if len(options) == 1 else self.ai_pick(choice)
                choosers[task[0]](self, task, option)
                continue
            return choice
        raise RuntimeError("the task stack does not settle")

    def ai_pick(self, choice: Choice) -> str:
        """Choice made for the solo AI (overridden by the solo module)."""
        return choice.options[0]

    def advance(self) -> None:
        """Move to the next phase when the stack is empty (overridden by the turn logic)."""
        raise NotImplementedError

    def _step(self, task: Task) -> Choice | None:
        return HANDLERS.steps[task[0]](self, task)

    def _choose(self, task: Task, option: str) -> None:
        HANDLERS.choosers[task[0]](self, task, option)

    def replace(self, task: Task) -> None:
        """Replace the top task."""
        self.stack[-1] = task

    # ------------------------------------------------------------------ effect dispatch
    def _t_eff(self, task: Task) -> Choice | None:
        self.stack.pop()
        self.resolve(task[1], TERMS.get(task[2]) or term_of(task[2]), task[3])
        return None

    def resolve(self, seat: int, term: Term, source: str = "") -> None:
        """Resolve an effect at once, exactly as if pushed and then stepped by :meth:`settle`.

        Only for an effect that would be the top task when control returns to
        the settle loop (nothing else is pushed after it, no choice is asked
        before it): the loop's next step would then do just this.  Most card
        effects are such, and resolving them here saves the task tuple, the
        stack round trip, a loop iteration and the look-up of the term's text.
        """
        handler = HANDLERS.effects.get(term.name)
        if handler is None:
            self.log.append(f"{term.name}: no component in this game; nothing happens")
            return
        handler(self, seat, term, source)

    def push(self, seat: int, term: Term, source: str = "") -> None:
        """Push one effect for ``seat`` (the task of :func:`eff`, built inline)."""
        self.stack.append(("eff", seat, term.text, source))

    def push_all(self, tasks: list[Task]) -> None:
        """Push tasks so that the first one resolves first."""
        self.stack.extend(reversed(tasks))

    # ------------------------------------------------------------------ combinators (VB-10.3)
    def _e_none(self, seat: int, term: Term, source: str) -> None:
        return None

    def _e_all_of(self, seat: int, term: Term, source: str) -> None:
        # The first part would be the top task: it is resolved at once (see resolve()).
        first, *rest = term.subterms()
        self.push_all([eff(seat, t, source) for t in rest])
        self.resolve(seat, first, source)

    def _e_one_of(self, seat: int, term: Term, source: str) -> None:
        parts = [t for t in term.subterms() if self.resolvable(seat, t)]
        if parts:
            self.stack.append(("pick", seat, tuple(str(t) for t in parts), source))

    def _e_may(self, seat: int, term: Term, source: str) -> None:
        self.stack.append(("pick", seat, (str(term.sub(0)), "none"), source))

    def _e_if_board(self, seat: int, term: Term, source: str) -> None:
        if self.board_has_kind(seat, term.word(0)):
            self.resolve(seat, term.sub(1), source)

    def _e_if_no_criminals(self, seat: int, term: Term, source: str) -> None:
        if self.criminals(seat, collision=self.phase == "collision") == 0:
            self.resolve(seat, term.sub(0), source)

    def _t_pick(self, task: Task) -> Choice:
        options = [f"pick {o}" for o in task[2]]
        return self.ask(task[1], "pick", "choose one effect", options)

    def _c_pick(self, task: Task, option: str) -> None:
        self.stack.pop()
        self.resolve(task[1], term_of(option.removeprefix("pick ")), str(task[3]))

    def resolvable(self, seat: int, term: Term) -> bool:
        """Whether an effect can do something now (for ``one_of``, VB-10.3)."""
        player = self.players[seat]
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
            return bool(self.visible_townsfolk())
        if name == "move_worker_tier1":
            return any(self.castle[s][0][seat] for s in range(5))
        if name in ("gain_hero", "gain_chest", "gain_kings_order", "welcome_outsider",
                    "refuse_outsider"):
            return False
        if name == "all_of":
            return any(self.resolvable(seat, t) for t in term.subterms())
        return True

    # ------------------------------------------------------------------ simple gains (VB-10.2)
    def _e_gain(self, seat: int, term: Term, source: str) -> None:
        for key, value in term.kwargs:
            self.gain_amount(seat, key, int(value))

    def gain_amount(self, seat: int, key: str, amount: int) -> None:
        """Gain silver or a named resource (the AI converts silver, VS-R04)."""
        player = self.players[seat]
        if player.is_ai and key == "silver":
            for _ in range(amount // 2):
                self.stack.append(("res", seat))
            return
        player.add(key, amount)

    def _e_gain_resource(self, seat: int, term: Term, source: str) -> None:
        for _ in range(term.int_arg(0)):
            self.stack.append(("res", seat))

    def _t_res(self, task: Task) -> Choice:
        return self.ask_distinct(task[1], "resource", "take a resource", TAKE_RESOURCE)

    def _c_res(self, task: Task, option: str) -> None:
        self.stack.pop()
        self.players[task[1]].add(option.removeprefix("take "), 1)

    def _e_gain_virtue(self, seat: int, term: Term, source: str) -> None:
        self.gain_virtue(seat, term.int_arg(0))

    def _e_gain_corruption(self, seat: int, term: Term, source: str) -> None:
        self.gain_corruption(seat, term.int_arg(0))

    def _e_gain_debt(self, seat: int, term: Term, source: str) -> None:
        self.gain_debt(seat, term.int_arg(0))

    def _e_gain_deed(self, seat: int, term: Term, source: str) -> None:
        self.gain_deed(seat, term.int_arg(0))

    # ------------------------------------------------------------------ flips (VB-2.3, VB-7.9)
    def _e_flip(self, seat: int, term: Term, source: str) -> None:
        for _ in range(term.int_arg(1)):
            self.stack.append(("flip", seat, term.word(0)))

    def _t_flip(self, task: Task) -> Choice | None:
        seat, kind = task[1], str(task[2])
        player = self.players[seat]
        options = []
        if kind in ("debt", "either") and player.debts_unpaid:
            options.append("flip debt")
        if kind in ("deed", "either") and player.deeds_acquired:
            options.append("flip deed")
        return self.ask(seat, "flip", "flip a debt or a deed", options)

    def _c_flip(self, task: Task, option: str) -> None:
        self.stack.pop()
        seat = task[1]
        player = self.players[seat]
        if option == "flip debt":
            player.debts_unpaid -= 1
            player.debts_paid += 1
            self.fire(seat, "on_flip_debt")
            self.stack.append(("res", seat))      # the resource comes first (VB-R26)
        else:
            player.deeds_acquired -= 1
            player.deeds_approved += 1
            self.fire(seat, "on_flip_deed")

    # ------------------------------------------------------------------ deck effects
    def _e_draw(self, seat: int, term: Term, source: str) -> None:
        if not self.players[seat].is_ai:
            self.draw_cards(seat, term.int_arg(0))

    def _e_shuffle(self, seat: int, term: Term, source: str) -> None:
        self.shuffle_discard(seat)

    def _e_discard(self, seat: int, term: Term, source: str) -> None:
        self.stack.append(("discard", seat, term.int_arg(0), "discard"))

    def _e_destroy(self, seat: int, term: Term, source: str) -> None:
        self.stack.append(("discard", seat, term.int_arg(0), "destroy"))

    def _t_discard(self, task: Task) -> Choice | None:
        seat, left, verb = task[1], task[2], str(task[3])
        player = self.players[seat]
        if left <= 0:
            self.stack.pop()
            return None
        if verb == "destroy" and len(player.cards_owned()) <= 3:   # VB-2.2.3, VB-R05
            self.stack.pop()
            return None
        texts = DISCARD if verb == "discard" else DESTROY
        options = [texts[c] for c in sorted(set(player.hand))]
        if player.draw or player.discard:
            options.append(texts["top"])
        options.append(texts["done"])
        return self.ask_distinct(seat, verb, f"{verb} up to {left} card(s)", tuple(options))

    def _c_discard(self, task: Task, option: str) -> None:
        seat, left, verb = task[1], task[2], str(task[3])
        what = option.split(" ", 1)[1]
        if what == "done":
            self.stack.pop()
            return
        self.replace(("discard", seat, left - 1, verb))
        player = self.players[seat]
        card = self.take_top(seat) if what == "top" else what
        if card is None:
            return
        if what != "top":
            player.hand.remove(card)
        if verb == "discard":
            player.discard.append(card)
        else:
            self.removed.append(card)
            player.silver += self.card(card).silver

    def _e_rearrange(self, seat: int, term: Term, source: str) -> None:
        self.stack.append(("rearrange", seat))

    def _t_rearrange(self, task: Task) -> Choice:
        seat = task[1]
        awaiting_play = any(t[0] == "play" and t[1] == seat for t in self.stack)
        return self.ask_distinct(seat, "rearrange", "reorder your card spaces (VB-7.5)",
                                 self._rearrangements(tuple(self.players[seat].spaces),
                                                      awaiting_play))

    def _rearrangements(self, spaces: tuple[str | None, ...],
                        awaiting_play: bool) -> tuple[str, ...]:
        """Options of a rearrangement (memoised: they depend on the spaces only)."""
        key = ("rearrange", spaces, awaiting_play)
        found: tuple[str, ...] | None = self.data.memo.get(key)
        if found is None:
            labels = [c or "-" for c in spaces]          # "-": an empty space
            texts = {"rearrange " + ",".join(order) for order in permutations(labels)
                     if not awaiting_play or order[0] == "-"}   # space 1 awaits the play
            texts.discard("rearrange " + ",".join(labels))     # the order kept
            found = self.data.memo[key] = ("rearrange keep", *sorted(texts))
        return found

    def _c_rearrange(self, task: Task, option: str) -> None:
        self.stack.pop()
        order = option.removeprefix("rearrange ")
        if order != "keep":
            self.players[task[1]].spaces = [
                None if c == "-" else c for c in order.split(",")]

    def _e_remove_self(self, seat: int, term: Term, source: str) -> None:
        player = self.players[seat]
        if source in player.discard and len(player.cards_owned()) > 3:   # VB-R05
            player.discard.remove(source)
            self.removed.append(source)

    # ------------------------------------------------------------------ hiring (VB-6.4, VB-7.8)
    def _e_hire_free(self, seat: int, term: Term, source: str) -> None:
        for _ in range(term.int_arg(0)):
            self.stack.append(("hire", seat, "free"))

    def _e_hire(self, seat: int, term: Term, source: str) -> None:
        self.stack.append(("hire", seat, "paid"))

    def hire_cost(self, seat: int, card_id: str) -> int:
        """Silver paid to hire (cheaper_hire applied, minimum 0)."""
        return max(0, self.data.cards[card_id].silver - self.profile(seat).total("cheaper_hire"))

    def _t_hire(self, task: Task) -> Choice:
        seat, mode = task[1], str(task[2])
        options = []
        for _, card in self.visible_townsfolk():
            if mode == "free" or self.hire_cost(seat, card) <= self.players[seat].silver:
                options.append(f"hire {card}")
        if mode == "paid" and options:
            options.append("hire none")
        return self.ask(seat, "hire", f"hire a visible townsfolk ({mode})", options)

    def _c_hire(self, task: Task, option: str) -> None:
        self.stack.pop()
        seat, mode = task[1], str(task[2])
        card = option.removeprefix("hire ")
        if card == "none":
            return
        position = next(p for p, c in self.visible_townsfolk() if c == card)
        self.hire(seat, position, paid=mode == "paid")

    def hire(self, seat: int, position: int, paid: bool) -> None:
        """Hire the top of a pile: pay, discard pile, top-right effect, hire triggers."""
        player = self.players[seat]
        card = self.tf_piles[position].pop()
        self.log.append(f"seat {seat} hires {card}")
        if paid:
            player.silver -= self.hire_cost(seat, card)
        if player.is_ai:
            self.removed.append(card)
            self.stack.append(eff(seat, "ai_future_scheme"))
            return
        player.discard.append(card)
        self.fire(seat, "on_hire")
        self.resolve(seat, self.card(card).recruit, card)       # callers push nothing after

    # ------------------------------------------------------------------ manuscripts
    def _e_gain_manuscript(self, seat: int, term: Term, source: str) -> None:
        costs = {int(c) for c in term.word(0).split("|")}
        options = [pile[-1] for pile in self.ms_piles
                   if pile and self.manuscript(pile[-1]).cost in costs]
        if options:
            self.stack.append(("take_ms", seat, tuple(options)))

    def _t_take_ms(self, task: Task) -> Choice:
        return self.ask(task[1], "manuscript", "take a manuscript (VB-7.14)",
                        [f"take_ms {m}" for m in task[2]])

    def _c_take_ms(self, task: Task, option: str) -> None:
        self.stack.pop()
        ms_id = option.removeprefix("take_ms ")
        position = next(p for p, pile in enumerate(self.ms_piles) if pile and pile[-1] == ms_id)
        self.receive_manuscript(task[1], position)

    def receive_manuscript(self, seat: int, position: int) -> None:
        """Take the top manuscript of a pile: immediate effect, then cleric bonus check."""
        ms_id = self.ms_piles[position].pop()
        self.players[seat].manuscripts.append(ms_id)
        self.stack.append(("cleric_check", seat))
        self.resolve(seat, self.manuscript(ms_id).immediate, ms_id)   # callers push nothing after

    def _t_cleric_check(self, task: Task) -> None:
        self.stack.pop()
        seat = task[1]
        ribbons = [self.manuscript(m).ribbon for m in self.players[seat].manuscripts]
        for ribbon in self.data.cleric_bonus:
            if ribbons.count(ribbon) >= 3 and ribbon not in self.cleric:   # VB-6.3.7, VB-R23
                self.cleric[ribbon] = seat
                self.players[seat].bonus.append(ribbon)
        return None

    # ------------------------------------------------------------------ actions as effects
    def _e_trade(self, seat: int, term: Term, source: str) -> None:
        if not self.players[seat].node.endswith(".I"):
            self.stack.append(("act", seat, "trade", 0))

    def _e_transcribe(self, seat: int, term: Term, source: str) -> None:
        if self.players[seat].node.endswith(".I"):
            self.stack.append(("act", seat, "transcribe", 0))

    def _e_build(self, seat: int, term: Term, source: str) -> None:
        if not self.players[seat].node.endswith(".I"):
            self.stack.append(("act", seat, "build", 0))

    def _e_workers(self, seat: int, term: Term, source: str) -> None:
        if self.players[seat].node.endswith(".I"):
            self.stack.append(("act", seat, "workers", 0))

    # ------------------------------------------------------------------ free building (VB-7.13)
    def _e_build_free(self, seat: int, term: Term, source: str) -> None:
        btype, at = term.word(0), term.kw("at", "any")
        spots = self.allowed_free_spots(seat, at)
        slots = [i for i, s in enumerate(self.data.player_board.slots)
                 if self.players[seat].covered[i] and btype in ("any", s.type)]
        options = [f"build {self.data.player_board.slots[i].id} {spot}"
                   for i in slots for spot in spots]
        if options:
            self.stack.append(("build_free", seat, tuple(options)))

    def allowed_free_spots(self, seat: int, at: str) -> list[str]:
        """Empty spots allowed by a free-build restriction (VB-7.13)."""
        if at == "viscount":
            spots = self.geo.group_spots(self.players[seat].node)
        elif at.startswith("space:"):
            spots = self.geo.group_spots(self.geo.node_of(at.removeprefix("space:")))
        else:
            spots = [s.id for s in self.geo.all_spots()]
        return [s for s in spots if s not in self.spots]

    def _t_build_free(self, task: Task) -> Choice:
        return self.ask(task[1], "build", "build a free building",
                        list(task[2]))

    def _c_build_free(self, task: Task, option: str) -> None:
        self.stack.pop()
        _, slot_id, spot = option.split()
        self.construct(task[1], slot_id, spot)

    def construct(self, seat: int, slot_id: str, spot: str) -> None:
        """Move a building to a spot: reveal slot, spot bonus, link rewards (VB-6.3.5 3-5)."""
        index = self.slot_index(seat, slot_id)
        player = self.players[seat]
        player.covered[index] = False
        self.spots[spot] = [seat, self.slot_type(seat, index)]
        tasks: list[Task] = [eff(seat, self.geo.spot(spot).bonus, spot)]
        for a, b, reward in self.geo.link_table():
            if spot not in (a, b):
                continue
            other = self.spots.get(b if a == spot else a)
            if other is None:
                continue
            tasks.append(eff(seat, reward))
            if int(other[0]) != seat:
                tasks.append(eff(int(other[0]), reward))
        self.push_all(tasks)

    def slot_index(self, seat: int, slot_id: str) -> int:
        """Index of a slot id (AI slots are named AI1..AI9)."""
        if self.players[seat].is_ai:
            return int(slot_id.removeprefix("AI")) - 1
        return next(i for i, s in enumerate(self.data.player_board.slots) if s.id == slot_id)

    def slot_type(self, seat: int, index: int) -> str:
        """Building type of a slot."""
        if self.players[seat].is_ai:
            return self.data.ai_boards[self.ai["board"]].building_order[index]
        return self.data.player_board.slots[index].type

    # ------------------------------------------------------------------ workers (VB-7.11-12)
    def _e_place_workers(self, seat: int, term: Term, source: str) -> None:
        amount, at = term.int_arg(0), term.kw("at", "any")
        if at == "viscount" or self.players[seat].is_ai:
            self.place_workers(seat, self.geo.section_at(self.position(seat)), amount)
        else:
            self.stack.append(("section", seat, amount))

    def _t_section(self, task: Task) -> Choice:
        names = self.data.castle.sections
        return self.ask(task[1], "section", "choose a castle section",
                        [f"section {n}" for n in names])

    def _c_section(self, task: Task, option: str) -> None:
        self.stack.pop()
        section = self.data.castle.sections.index(option.removeprefix("section "))
        self.place_workers(task[1], section, task[2])

    def place_workers(self, seat: int, section: int, amount: int) -> None:
        """Place up to ``amount`` workers from supply in tier 1, then resolve (VB-4.2.6)."""
        player = self.players[seat]
        placed = min(amount, player.supply)
        player.supply -= placed
        self.castle[section][0][seat] += placed
        if not any(t[0] == "castle" for t in self.stack):   # nested placement: VB-R32
            self.stack.append(("castle", seat))

    def _e_move_worker_tier1(self, seat: int, term: Term, source: str) -> None:
        if self.players[seat].is_ai:
            self.gain_virtue(seat, 1)          # VS-4.2: a free castle move becomes 1 virtue
            return
        if not any(t[0] == "castle" for t in self.stack):
            self.stack.append(("castle", seat))
        self.stack.append(("move_t1", seat, term.int_arg(0), source))

    def _t_move_t1(self, task: Task) -> Choice | None:
        seat, left, blocked = task[1], task[2], str(task[3])
        if left <= 0:
            self.stack.pop()
            return None
        names = self.data.castle.sections
        options = []
        for s in range(5):
            if self.castle[s][0][seat] and names[s] != blocked:
                for t in ((s + 1) % 5, (s - 1) % 5):
                    options.append(f"shift {names[s]} {names[t]}")
        return self.ask(seat, "shift", "move a tier-1 worker sideways (optional)",
                        options + ["shift done"] if options else [])

    def _c_move_t1(self, task: Task, option: str) -> None:
        seat, left = task[1], task[2]
        if option == "shift done":
            self.stack.pop()
            return
        self.replace(("move_t1", seat, left - 1, str(task[3])))
        names = self.data.castle.sections
        _, a, b = option.split()
        self.castle[names.index(a)][0][seat] -= 1
        self.castle[names.index(b)][0][seat] += 1

    # ------------------------------------------------------------------ viscount moves
    def _e_move_viscount(self, seat: int, term: Term, source: str) -> None:
        steps = {int(s) for s in term.word(0).split("|")}
        node = self.players[seat].node
        if self.players[seat].is_ai:
            self.ai_walk(seat, max(steps))
            return
        targets = sorted({t for n in steps for t in self.geo.reachable(node, n)})
        self.stack.append(("step", seat, tuple(self.geo.printed(t) for t in targets)))

    def ai_walk(self, seat: int, steps: int) -> None:
        """AI movement along the outside path (overridden by the solo module)."""
        raise NotImplementedError

    def _t_step(self, task: Task) -> Choice:
        return self.ask(task[1], "move", "move your Viscount",
                        [f"go {t}" for t in task[2]])

    def _c_step(self, task: Task, option: str) -> None:
        self.stack.pop()
        seat = task[1]
        self.players[seat].node = self.geo.node_of(option.removeprefix("go "))
        self.land(seat)

    def land(self, seat: int) -> None:
        """Landing rule: opponents on the final space may rearrange (VB-6.2.4, VB-R27)."""
        players = self.players
        node = players[seat].node
        tasks: list[Task] = []
        for other in self.others_from(seat):
            if players[other].node == node:
                tasks.append(("res", other) if self.players[other].is_ai
                             else ("rearrange", other))
        if tasks:
            self.push_all(tasks)

    # ------------------------------------------------------------------ castle cascade (VB-4.2)
    def _t_castle(self, task: Task) -> Choice | None:
        seat = task[1]
        threshold = self.data.castle.threshold
        triples = [s for s in range(5) if self.castle[s][0][seat] >= threshold]
        if triples:
            return self._castle_triple(seat, triples)
        for s in range(5):
            if self.castle[s][1][seat] >= threshold:
                self.castle[s][1][seat] -= 1
                self.castle[s][2][seat] += 1
                self.check_leader(seat)
                self.resolve(seat, self.data.castle.tier3_reward)
                return None
        crowded = self._crowded()
        if crowded:
            return self._bump_choice(seat, crowded)
        self.stack.pop()
        self._other_triples(seat)
        return None

    def _castle_triple(self, seat: int, triples: list[int]) -> Choice | None:
        names = self.data.castle.sections
        if len(triples) > 1 and not self.players[seat].is_ai:
            return self.ask(seat, "cascade", "resolve a tier-1 triple (VB-R22)",
                            [f"cascade {names[s]}" for s in triples])
        self._resolve_triple(seat, self._ai_first_triple(seat, triples))
        return None

    def _ai_first_triple(self, seat: int, triples: list[int]) -> int:
        start = self.geo.section_at(self.position(seat))
        return min(triples, key=lambda s: (s - start) % 5)

    def _c_castle(self, task: Task, option: str) -> None:
        seat = task[1]
        names = self.data.castle.sections
        verb, rest = option.split(" ", 1)
        if verb == "cascade":
            self._resolve_triple(seat, names.index(rest))
            return
        owner, where = rest.split()
        section, tier = names.index(where[0]), int(where[1]) - 1
        self.castle[section][tier][int(owner)] -= 1
        self.players[int(owner)].supply += 1
        reward = self.data.castle.bump_tier1 if tier == 0 else self.data.castle.bump_tier2
        self.resolve(int(owner), reward)

    def _resolve_triple(self, seat: int, section: int) -> None:
        """Steps 1-3 of VB-4.2.1; steps 2-3 wait until the tier-2 reward is done (VB-R32)."""
        self.castle[section][0][seat] -= 1
        self.castle[section][1][seat] += 1
        self.stack.append(("spread", seat, section))
        self.resolve(seat, self.data.castle.tier2_reward[self.data.castle.sections[section]],
                     self.data.castle.sections[section])     # callers push nothing after

    def _t_spread(self, task: Task) -> None:
        self.stack.pop()
        seat, section = task[1], task[2]
        self.castle[section][0][seat] -= 2
        self.castle[(section + 1) % 5][0][seat] += 1
        self.castle[(section - 1) % 5][0][seat] += 1
        return None

    def _crowded(self) -> list[tuple[int, int]]:
        limit = self.data.castle.limit
        return [(s, t) for s, section in enumerate(self.castle) for t in (0, 1)
                if sum(section[t]) > limit]

    def _bump_choice(self, seat: int, crowded: list[tuple[int, int]]) -> Choice:
        names = self.data.castle.sections
        section, tier = crowded[0]
        options = [f"bump {o} {names[section]}{tier + 1}" for o in self.others_from(seat)
                   if self.castle[section][tier][o]]
        if self.castle[section][tier][seat]:
            options.append(f"bump {seat} {names[section]}{tier + 1}")
        return self.ask(seat, "bump", "choose a worker to bump (VB-4.2.4)", options)

    def _other_triples(self, seat: int) -> None:
        threshold = self.data.castle.threshold
        for other in self.clockwise(self.current):
            if other == seat:
                continue
            for section in self.castle:
                if section[0][other] >= threshold or section[1][other] >= threshold:
                    self.stack.append(("castle", other))
                    return

    # ------------------------------------------------------------------ expansion-only terms
    def _e_return_kings_order(self, seat: int, term: Term, source: str) -> None:
        return None
