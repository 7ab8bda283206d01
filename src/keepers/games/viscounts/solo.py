"""Setup of the board (VB-5.1-5.3) and the solo AI (VS-1 to VS-6).

The AI never decides: its effects run through the same interpreter, and every
choice it meets is made by the fixed policy of :meth:`Solo.ai_pick` (resource
chart VS-4.3, flip rule VS-4.4, humans bumped first VS-5.6).  Effects that mean
something else for the AI (VS-4.2, VS-R06, VS-R10) are overridden here.
"""

from __future__ import annotations

from keepers.games.viscounts.data import AIBoard, Scheme
from keepers.games.viscounts.effects import Term
from keepers.games.viscounts.tasks import Choice, Task, eff
from keepers.games.viscounts.turns import Turns

AI_RESOURCE = {"build": "stone", "workers": "gold", "transcribe": "ink"}


class Solo(Turns):
    """Board setup plus the automated solo opponent."""

    # ------------------------------------------------------------------ setup (VB-5)
    def setup(self) -> None:
        """Deal piles, pairs and queue the pair picks (VB-5.2-5.7, VS-1)."""
        self._deal_townsfolk()
        self._deal_manuscripts()
        solo = self.seats == 1
        self.start = 0 if solo else self.rng.below(self.seats)
        cards = [c.id for c in self.data.player_cards.values() if c.set == "Base"]
        heroes = [h.id for h in self.data.heroes.values() if h.set == "Base"]
        self.rng.shuffle(cards)
        self.rng.shuffle(heroes)
        count = 2 if solo else self.seats + 1
        self.pairs = [[cards[i], heroes[i]] for i in range(count)]
        if solo:
            self._solo_setup()
            return
        order = self.order_from(self.start)
        self.push_all([("setup_pick", seat) for seat in reversed(order)])

    def _deal_townsfolk(self) -> None:
        deck = [c.id for c in self.data.townsfolk.values() if c.set == "Base"
                for _ in range(c.copies)]
        self.rng.shuffle(deck)
        for index, card in enumerate(deck):
            self.tf_piles[index % 5].append(card)

    def _deal_manuscripts(self) -> None:
        base = [m for m in self.data.manuscripts.values() if m.set == "Base"]
        grey = [m.id for m in base if m.grey_backed]
        black = [m.id for m in base if not m.grey_backed]
        self.rng.shuffle(grey)
        self.rng.shuffle(black)
        per_pile = len(black) // 5
        for position in range(5):
            self.ms_piles[position] = black[position * per_pile:(position + 1) * per_pile] + [
                grey[position]]

    # ------------------------------------------------------------------ solo setup (VS-1)
    def _solo_setup(self) -> None:
        board = self.ai_board()
        draw = [s.id for s in self.data.schemes.values()
                if s.deck == "starting" and s.set == "Base"
                and s.id not in board.remove_starting_schemes]
        future = [s.id for s in self.data.schemes.values() if s.deck == "future"]
        self.rng.shuffle(draw)
        self.rng.shuffle(future)
        self.players[1].draw = draw
        self.ai["future"] = future
        self.push_all([("setup_pick", 0), ("ai_setup", 1)])

    def ai_board(self) -> AIBoard:
        """The chosen AI board."""
        return self.data.ai_boards[self.ai["board"]]

    def _t_ai_setup(self, task: Task) -> None:
        """The AI takes the other pair's space and its board's starting items (VS-1.5-1.6)."""
        self.stack.pop()
        seat = task[1]
        card_id, _ = self.pairs.pop()
        self.players[seat].node = self.geo.node_of(self.data.player_cards[card_id].start_space)
        start = self.ai_board().start
        player = self.players[seat]
        for key in ("ink", "gold", "stone"):
            player.add(key, start.get(key, 0))
        player.deeds_acquired += start.get("deeds", 0)
        player.debts_unpaid += start.get("debts", 0)
        tasks: list[Task] = [("res", seat)] * start.get("any_resource", 0)
        self.push_all(tasks + [eff(seat, self.ai_board().start_effect, "setup")])
        return None

    # ------------------------------------------------------------------ AI choices
    def ai_pick(self, choice: Choice) -> str:
        """The AI's fixed policy for choices met inside effects (VS-4.3, VS-4.4, VS-5.6)."""
        if choice.kind == "resource":
            return f"take {self.ai_resource(choice.player)}"
        if choice.kind == "flip":
            player = self.players[choice.player]
            prefer = "flip debt" if player.debts_paid <= player.deeds_approved else "flip deed"
            return prefer if prefer in choice.options else choice.options[0]
        return choice.options[0]

    def ai_resource(self, seat: int) -> str:
        """Resource chosen by the AI's priority chart (VS-4.3)."""
        player = self.players[seat]
        for resource, below in self.ai_board().resource_priority:
            if below is None or player.get(resource) < below:
                return resource
        return "ink"

    # ------------------------------------------------------------------ AI effect overrides
    def _e_rearrange(self, seat: int, term: Term, source: str) -> None:
        if self.players[seat].is_ai:
            self.stack.append(("res", seat))       # VS-4.2
        else:
            super()._e_rearrange(seat, term, source)

    def _e_discard(self, seat: int, term: Term, source: str) -> None:
        if self.players[seat].is_ai:
            self.gain_virtue(seat, 1)              # VS-4.2
        else:
            super()._e_discard(seat, term, source)

    def _e_destroy(self, seat: int, term: Term, source: str) -> None:
        if self.players[seat].is_ai:
            self.stack.append(("flip", seat, "either"))     # VS-4.2
        else:
            super()._e_destroy(seat, term, source)

    def _t_flip(self, task: Task) -> Choice | None:
        seat = task[1]
        choice = super()._t_flip(task)
        assert choice is not None
        if self.players[seat].is_ai and not choice.options:
            self.stack.pop()
            self.gain_virtue(seat, 1)              # VS-4.2: nothing to flip
            return None
        return choice

    def _e_hire_free(self, seat: int, term: Term, source: str) -> None:
        if self.players[seat].is_ai:
            for _ in range(term.int_arg(0)):
                self.push(seat, Term("ai_future_scheme"))      # VS-4.5
        else:
            super()._e_hire_free(seat, term, source)

    def _e_hire(self, seat: int, term: Term, source: str) -> None:
        if self.players[seat].is_ai:
            self.push(seat, Term("ai_future_scheme"))
        else:
            super()._e_hire(seat, term, source)

    def _e_gain_manuscript(self, seat: int, term: Term, source: str) -> None:
        if not self.players[seat].is_ai:
            super()._e_gain_manuscript(seat, term, source)
            return
        costs = {int(c) for c in term.word(0).split("|")}
        here = self.position(seat)
        for step in range(5):                      # VS-5.5 free manuscript
            pile = self.ms_piles[(here + step) % 5]
            if pile and self.manuscript(pile[-1]).cost in costs:
                self.receive_manuscript(seat, (here + step) % 5)
                return

    def _e_build_free(self, seat: int, term: Term, source: str) -> None:
        if not self.players[seat].is_ai:
            super()._e_build_free(seat, term, source)
            return
        btype = term.word(0)
        order = self.ai_board().building_order
        slots = [i for i, t in enumerate(order)
                 if self.players[seat].covered[i] and btype in ("any", t)]
        spot = self.ai_free_spot(seat)
        if slots and spot:                         # VS-R11, VS-5.2, VS-R09
            self.construct(seat, f"AI{slots[0] + 1}", spot)

    def ai_free_spot(self, seat: int) -> str | None:
        """Left-most usable empty spot, else the first empty spot clockwise (VS-5.2)."""
        usable = [s for s in self.geo.group_spots(self.players[seat].node)
                  if s not in self.spots]
        if usable:
            return usable[0]
        ring = [s.id for s in self.geo.all_spots()]
        here = self.position(seat)
        ring = ring[ring.index(self.geo.spots(here)[0].id):] + \
            ring[:ring.index(self.geo.spots(here)[0].id)]
        return next((s for s in ring if s not in self.spots), None)

    # ------------------------------------------------------------------ AI-only terms (VB-10.6)
    def _e_ai_criminal_surcharge(self, seat: int, term: Term, source: str) -> None:
        self.gain_corruption(seat, self.criminals(seat))

    def _e_ai_future_scheme(self, seat: int, term: Term, source: str) -> None:
        future: list[str] = self.ai.setdefault("future", [])
        if future:
            self.players[seat].discard.append(future.pop())
        else:
            self.stack.append(("flip", seat, "either"))     # VS-4.2

    def _e_ai_dismiss(self, seat: int, term: Term, source: str) -> None:
        position = self.position(seat)
        card = self.adjacent_townsfolk(position)
        if self.tf_piles[position]:
            self.tf_piles[position].pop()
            self.removed.append(card)
        self.push(seat, self.card(card).recruit, card)          # VS-4.6

    def _e_ai_focus(self, seat: int, term: Term, source: str) -> None:
        self.ai_do(seat, self.ai_board().focus)

    def _e_flip_ai_chest(self, seat: int, term: Term, source: str) -> None:
        return None

    def _e_ai_remove_heroes_chests(self, seat: int, term: Term, source: str) -> None:
        return None

    # ------------------------------------------------------------------ AI turn (VS-2)
    def _t_ai_turn(self, task: Task) -> None:
        self.stack.pop()
        seat = task[1]
        player = self.players[seat]
        if player.spaces[2]:
            player.discard.append(player.spaces[2])
        player.spaces = [None, player.spaces[0], player.spaces[1]]
        if not player.draw:
            self.shuffle_discard(seat)                           # VS-R01
        if not player.draw:
            return None
        scheme = self.data.schemes[player.draw.pop()]
        player.spaces[0] = scheme.id
        self.push_all([eff(seat, scheme.row1), eff(seat, scheme.row2),
                       ("ai_move", seat, scheme.move), ("ai_row", seat, scheme.id)])
        return None

    def _t_ai_move(self, task: Task) -> None:
        self.stack.pop()
        self.ai_walk(task[1], task[2])
        return None

    def ai_walk(self, seat: int, steps: int) -> None:
        """Outside-path movement (VS-3.1, VS-R03), then the landing rule."""
        player = self.players[seat]
        for _ in range(steps):
            position, kind = player.node.split(".")
            if kind in ("L", "I"):
                player.node = f"{position}.R"
            else:
                player.node = f"{(int(position) + 1) % 5}.L"
        self.land(seat)

    def _t_ai_row(self, task: Task) -> None:
        self.stack.pop()
        seat = task[1]
        scheme: Scheme = self.data.schemes[str(task[2])]
        for option in scheme.action_row:                         # VS-2.4
            if self.ai_can(seat, option):
                self.ai_do_term(seat, option)
                return None
        return None

    # ------------------------------------------------------------------ AI actions (VS-5)
    def ai_can(self, seat: int, term: Term) -> bool:
        """Whether an action-row option can be carried out fully (VS-R02)."""
        name = term.name
        if name == "ai_focus":
            return self.ai_can(seat, Term(self.ai_board().focus))
        if name == "flip_ai_chest":
            return False
        if name == "build":
            return self._ai_build_plan(seat) is not None
        if name == "workers":
            return self._ai_workers_plan(seat) is not None
        if name == "transcribe":
            return self._ai_transcribe_cost(seat) is not None
        if name == "trade":
            return self._ai_trade_uses(seat) > 0
        return True

    def ai_do_term(self, seat: int, term: Term) -> None:
        """Carry out an action-row option."""
        if term.name in ("build", "workers", "transcribe", "trade"):
            self.ai_do(seat, term.name)
        else:
            self.push(seat, term)

    def ai_do(self, seat: int, action: str) -> None:
        """Perform one AI primary action if possible."""
        if not self.ai_can(seat, Term(action)):
            return
        getattr(self, f"_ai_{action}")(seat)

    def ai_icons(self, seat: int, action: str) -> int:
        """AI icons for an action: board icons plus criminals (VS-4.1)."""
        icons = self.icons(seat)
        from keepers.games.viscounts.state import ACTION_ICON
        return icons[ACTION_ICON[action]] + icons["criminal"]

    def ai_payable(self, seat: int, action: str) -> int:
        """Resources the AI may add to an action (VS-4.1; Merchant AI: any kind)."""
        player = self.players[seat]
        if self.ai_board().single_resource_kind:
            return player.resources()
        resource = AI_RESOURCE.get(action)
        return player.get(resource) if resource else 0

    def ai_spend(self, seat: int, action: str, amount: int) -> None:
        """Spend ``amount`` resources for an action (VS-R08)."""
        player = self.players[seat]
        if not self.ai_board().single_resource_kind:
            player.add(AI_RESOURCE[action], -amount)
            return
        for key in ("ink", "gold", "stone"):
            take = min(amount, player.get(key))
            player.add(key, -take)
            amount -= take

    def _ai_build_plan(self, seat: int) -> tuple[int, str, int] | None:
        spots = [s for s in self.geo.group_spots(self.players[seat].node) if s not in self.spots]
        if not spots:
            return None
        icons = self.ai_icons(seat, "build")
        budget = icons + self.ai_payable(seat, "build")
        for index, btype in enumerate(self.ai_board().building_order):
            cost = self.data.player_board.costs[btype]
            if self.players[seat].covered[index] and cost <= budget:
                return index, spots[0], max(0, cost - icons)
        return None

    def _ai_build(self, seat: int) -> None:
        plan = self._ai_build_plan(seat)
        assert plan is not None
        index, spot, spend = plan
        self.ai_spend(seat, "build", spend)
        self.fire(seat, "on_build")
        self.construct(seat, f"AI{index + 1}", spot)

    def _ai_workers_plan(self, seat: int) -> tuple[int, int] | None:
        if self.players[seat].supply == 0:
            return None
        icons = self.ai_icons(seat, "workers")
        budget = icons + self.ai_payable(seat, "workers")
        best = None
        for need, workers in self.data.ai_common.noble_table:
            if need <= budget:
                best = (workers, max(0, need - icons))
        return best

    def _ai_workers(self, seat: int) -> None:
        plan = self._ai_workers_plan(seat)
        assert plan is not None
        workers, spend = plan
        self.ai_spend(seat, "workers", spend)
        self.place_workers(seat, self.geo.section_at(self.position(seat)), workers)

    def _ai_transcribe_cost(self, seat: int) -> int | None:
        position = self.position(seat)
        pile = self.ms_piles[position]
        cost = self.manuscript(pile[-1]).cost if pile else self.printed_manuscript(position).cost
        icons = self.ai_icons(seat, "transcribe")
        if cost > icons + self.ai_payable(seat, "transcribe"):
            return None
        return max(0, cost - icons)

    def _ai_transcribe(self, seat: int) -> None:
        spend = self._ai_transcribe_cost(seat)
        assert spend is not None
        self.ai_spend(seat, "transcribe", spend)
        position = self.position(seat)
        if self.ms_piles[position]:
            self.receive_manuscript(seat, position)
        else:
            self.push(seat, self.printed_manuscript(position).immediate)

    def _ai_trade_uses(self, seat: int) -> int:
        node = self.players[seat].node
        if node.endswith(".I"):
            return 0
        rate = self.data.board.exchanges[self.geo.trade_kind(node)].rate
        merchants = self.ai_icons(seat, "trade")
        if merchants < rate and self.ai_board().single_resource_kind:
            return 1 if merchants + self.players[seat].resources() >= rate else 0
        return merchants // rate

    def _ai_trade(self, seat: int) -> None:
        uses = self._ai_trade_uses(seat)
        kind = self.geo.trade_kind(self.players[seat].node)
        rate = self.data.board.exchanges[kind].rate
        spend = max(0, uses * rate - self.ai_icons(seat, "trade"))
        if spend:
            self.ai_spend(seat, "trade", spend)
        if kind == "silver":
            self.gain_amount(seat, "silver", uses)                 # VS-5.7 via VS-4.2
            return
        gives = self.data.board.exchanges[kind].gives
        for _ in range(uses):
            self.push(seat, gives)
