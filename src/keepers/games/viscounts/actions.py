"""Primary actions: funding, dismissing, targets and outcomes (VB-6.3).

An action is taken in three small decisions: dismiss (or not), target, then
payment plan.  Only Pareto-minimal payment plans are offered.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import product
from math import ceil

from keepers.games.viscounts.data import CardDef
from keepers.games.viscounts.interpreter import Machine
from keepers.games.viscounts.model import RESOURCE_KEYS
from keepers.games.viscounts.state import ACTION_ICON, ACTION_PAYMENT, Profile
from keepers.games.viscounts.tasks import Choice, Task, eff

Plan = dict[str, int]
TRIGGER_OF_ACTION = {"trade": "on_trade", "build": "on_build", "workers": "on_noble_action",
                     "transcribe": "on_transcribe"}
DIRECT_INDEX = {action: RESOURCE_KEYS.index(pay) for action, pay in ACTION_PAYMENT.items()}
Conversion = tuple[tuple[str, ...], int, int, int]   # pay kinds, pay amount, icons, uses cap


class TargetTable:
    """The targets of an action for one set of inputs (shared through the memos: read only).

    ``targets`` are the (command, need) pairs in option order, ``need`` the
    need by command (the last pair wins, as in ``dict(targets)``); the
    feasible commands for a funding limit are kept in ``by_limit``.
    """

    __slots__ = ("targets", "need", "by_limit")

    def __init__(self, targets: list[tuple[str, int]]) -> None:
        self.targets = targets
        self.need = dict(targets)
        self.by_limit: dict[int, tuple[str, ...]] = {}

    def options(self, limit: int) -> tuple[str, ...]:
        """Commands of the targets needing at most ``limit`` icons, deduplicated in order."""
        found = self.by_limit.get(limit)
        if found is None:
            found = self.by_limit[limit] = tuple(
                dict.fromkeys(t for t, need in self.targets if need <= limit))
        return found


class Actions(Machine):
    """Primary actions on top of the effect interpreter."""

    # ------------------------------------------------------------------ icons
    # Free icons and conversions depend only on the player's ability profile
    # (and the dismissed card), so they are memoised in the profile.
    def free_icons(self, seat: int, action: str, extra: str) -> int:
        """Icons available without paying: board, criminals, dismissed card, icon conversions."""
        return self._free_icons(self.profile(seat), action, extra)

    def _free_icons(self, profile: Profile, action: str, extra: str) -> int:
        key = ("free", action, extra)
        found: int | None = profile.memo.get(key)
        if found is None:
            found = profile.memo[key] = self._compute_free_icons(profile, action, extra)
        return found

    def _compute_free_icons(self, profile: Profile, action: str, extra: str) -> int:
        icon = ACTION_ICON[action]
        board = profile.icons
        card = self.card(extra).icons if extra else {}
        total = board[icon] + board["criminal"] + card.get(icon, 0) + card.get("criminal", 0)
        if icon == "merchant":
            return total
        pool = board["merchant"] + card.get("merchant", 0)
        for term in profile.abilities[True, True]:
            if term.name != "icon_conversion" or term.kw("action") != action:
                continue
            source, _, amount = term.kw("pay").rpartition("*")
            if source == "merchant":
                uses = pool // int(amount)
                if term.kw("uses"):
                    uses = min(uses, int(term.kw("uses")))
                total += uses * int(term.kw("as").split("*")[1])
                pool -= uses * int(amount)
        return total

    def paid_conversions(self, seat: int, action: str) -> list[Conversion]:
        """Conversions paid with silver or resources (e.g. Sculptor, Mason, Emma)."""
        return list(self._conversions(self.profile(seat), action))

    def _conversions(self, profile: Profile, action: str) -> tuple[Conversion, ...]:
        key = ("paid", action)
        found: tuple[Conversion, ...] | None = profile.memo.get(key)
        if found is None:
            out: list[Conversion] = []
            for term in profile.abilities[True, True]:
                if term.name != "icon_conversion" or term.kw("action") != action:
                    continue
                source, _, amount = term.kw("pay").rpartition("*")
                kinds = tuple(k for k in source.split("|") if k in RESOURCE_KEYS)
                if kinds:
                    uses = int(term.kw("uses")) if term.kw("uses") else 99
                    out.append((kinds, int(amount), int(term.kw("as").split("*")[1]), uses))
            found = profile.memo[key] = tuple(out)
        return found

    def _budget(self, seat: int, silver_less: int) -> tuple[int, ...]:
        """Silver and resources in RESOURCE_KEYS order, less silver already promised."""
        player = self.players[seat]
        return (player.silver - silver_less, player.ink, player.gold, player.stone)

    def plans(self, seat: int, action: str, need: int, extra: str = "",
              silver_less: int = 0) -> list[Plan]:
        """Affordable, Pareto-minimal ways to fund ``need`` icons (VB-6.3.2)."""
        profile = self.profile(seat)
        deficit = need - self._free_icons(profile, action, extra)
        if deficit <= 0:
            return [{}]
        budget = self._budget(seat, silver_less)
        conversions = self._conversions(profile, action)
        direct = ACTION_PAYMENT[action]
        if not conversions:                     # the one plan: pay the deficit directly
            affordable = min(budget) >= 0 and deficit <= budget[RESOURCE_KEYS.index(direct)]
            return [{direct: deficit}] if affordable else []
        found = [plan for plan, cost in self._all_plans(conversions, deficit, direct)
                 if all(c <= b for c, b in zip(cost, budget, strict=True))]
        return [dict(p) for p in _pareto(found)]

    def _all_plans(self, conversions: tuple[Conversion, ...], deficit: int,
                   direct: str) -> tuple[tuple[Plan, tuple[int, ...]], ...]:
        """Every plan of :meth:`_enumerate` with its cost vector (memoised; read-only)."""
        key = ("plans", conversions, deficit, direct)
        found: tuple[tuple[Plan, tuple[int, ...]], ...] | None = self.data.memo.get(key)
        if found is None:
            found = self.data.memo[key] = tuple(
                (plan, tuple(plan.get(k, 0) for k in RESOURCE_KEYS))
                for plan in self._enumerate(list(conversions), deficit, direct))
        return found

    def fund_limit(self, seat: int, action: str, extra: str = "", silver_less: int = 0) -> int:
        """The largest ``need`` that :meth:`plans` can fund (it is non-empty exactly up to it).

        Fundable deficits are downward closed: any plan for a deficit can be
        trimmed (fewer conversion uses, less direct payment) into a cheaper
        plan for a smaller one.  So one limit answers every target's check.
        The limit is never negative.
        """
        return self._fund_limit(self.profile(seat), seat, action, extra, silver_less)

    def _fund_limit(self, profile: Profile, seat: int, action: str, extra: str = "",
                    silver_less: int = 0) -> int:
        budget = self._budget(seat, silver_less)
        free, conversions, direct = self._funding(profile, action, extra)
        if min(budget) < 0:
            return free                                  # nothing payable at all
        if not conversions:
            return free + budget[direct]
        key = ("limit", conversions, direct, budget)
        deficit: int | None = self.data.memo.get(key)
        if deficit is None:
            deficit = budget[direct]                     # direct payment alone
            while any(all(c <= b for c, b in zip(cost, budget, strict=True))
                      for _, cost in self._all_plans(conversions, deficit + 1,
                                                     RESOURCE_KEYS[direct])):
                deficit += 1
            self.data.memo[key] = deficit
        return free + deficit

    def _funding(self, profile: Profile, action: str,
                 extra: str) -> tuple[int, tuple[Conversion, ...], int]:
        """Free icons, paid conversions and the index of the direct payment (memoised)."""
        if "icon_conversion" not in profile.names:      # the common case: icons only
            icon = ACTION_ICON[action]
            board = profile.icons
            free = board[icon] + board["criminal"]
            if extra:
                card = self.card(extra).icons
                free += card.get(icon, 0) + card.get("criminal", 0)
            return free, (), DIRECT_INDEX[action]
        key = ("funding", action, extra)
        found: tuple[int, tuple[Conversion, ...], int] | None = profile.memo.get(key)
        if found is None:
            found = profile.memo[key] = (self._free_icons(profile, action, extra),
                                         self._conversions(profile, action),
                                         DIRECT_INDEX[action])
        return found

    def _enumerate(self, conversions: list[Conversion], deficit: int, direct: str) -> list[Plan]:
        if not conversions:
            return [{direct: deficit}] if deficit > 0 else [{}]
        (kinds, amount, icons, uses), rest = conversions[0], conversions[1:]
        out: list[Plan] = []
        for count in range(min(uses, ceil(max(deficit, 0) / icons)) + 1):
            for split in _splits(count, len(kinds)):
                paid = {k: n * amount for k, n in zip(kinds, split, strict=True) if n}
                for tail in self._enumerate(rest, deficit - count * icons, direct):
                    out.append(_merge(paid, tail))
        return out

    # ------------------------------------------------------------------ targets
    def targets(self, seat: int, action: str, extra: str = "",
                silver_less: int = 0) -> list[tuple[str, int]]:
        """Feasible targets of an action as (command, icons needed)."""
        limit = self.fund_limit(seat, action, extra, silver_less)
        return [(t, need) for t, need in self._target_table(seat, action).targets
                if need <= limit]

    def target_table(self, seat: int, action: str) -> list[tuple[str, int]]:
        """Every target of an action allowed here, feasible or not, as (command, need)."""
        return list(self._target_table(seat, action).targets)

    # Target tables are rebuilt for the target choice, its options and the
    # payment that follows; they depend on few inputs (the exchange rate, the
    # empty spots and covered slots, the worker supply), so the tables are
    # memoised by those, with their need lookup.  Shared: read only.
    def _target_table(self, seat: int, action: str) -> TargetTable:
        """:meth:`target_table` as a shared :class:`TargetTable` (read only)."""
        if action == "trade":
            return self._table(("trade_table", self._trade_rate(seat)), self._targets_trade, seat)
        if action == "build":
            return self._build_table(seat)
        if action == "workers":
            key = ("workers_table", self.players[seat].supply)
            return self._table(key, self._targets_workers, seat)
        return TargetTable(self._targets_transcribe(seat))   # one target: nothing to share

    def _table(self, key: tuple[str, int], build: Callable[[int], list[tuple[str, int]]],
               seat: int) -> TargetTable:
        found: TargetTable | None = self.data.memo.get(key)
        if found is None:
            found = self.data.memo[key] = TargetTable(build(seat))
        return found

    def _build_table(self, seat: int) -> TargetTable:
        player = self.players[seat]
        empty = tuple(s for s in self.geo.group(player.node) if s not in self.spots)
        key = ("build_table", tuple(player.covered), empty)
        found: TargetTable | None = self.data.memo.get(key)
        if found is None:
            found = self.data.memo[key] = TargetTable(self._targets_build(seat))
        return found

    def _trade_rate(self, seat: int) -> int:
        # By node, in the ring's memo: asked for every trade target and payment.
        node = self.players[seat].node
        key = ("trade_rate", node)
        found: int | None = self.geo.memo.get(key)
        if found is None:
            found = self.geo.memo[key] = \
                self.data.board.exchanges[self.geo.trade_kind(node)].rate
        return found

    def _targets_trade(self, seat: int) -> list[tuple[str, int]]:
        rate = self._trade_rate(seat)
        return [(f"trade {k}", k * rate) for k in range(0, 31)]

    def least_need(self, seat: int, action: str) -> int | None:
        """The smallest ``need`` among :meth:`target_table` (None when it is empty).

        Computed without building the target texts: an action is feasible
        exactly when its cheapest target is within :meth:`fund_limit`.
        """
        return self._least_need(self.profile(seat), seat, action)

    def _least_need(self, profile: Profile, seat: int, action: str) -> int | None:
        player = self.players[seat]
        if action == "trade":
            return 0                                     # "trade 0" needs no icon
        if action == "build":
            spots = self.spots
            for spot in self.geo.group(player.node):
                if spot not in spots:
                    return self._least_build_cost(tuple(player.covered))
            return None                                  # no empty spot to build on
        if action == "workers":
            return self._least_noble_need(player.supply)
        position = self.position(seat)
        pile = self.ms_piles[position]
        if pile:
            return self.manuscript(pile[-1]).cost
        return self._printed_manuscript_cost(position)

    def _least_build_cost(self, covered: tuple[bool, ...]) -> int | None:
        key = ("least_build", covered)
        found: int | None = self.data.memo.get(key, -1)
        if found == -1:
            board = self.data.player_board
            found = self.data.memo[key] = min(
                (board.costs[slot.type] for i, slot in enumerate(board.slots) if covered[i]),
                default=None)
        return found

    def _least_noble_need(self, supply: int) -> int | None:
        key = ("least_noble", supply)
        found: int | None = self.data.memo.get(key, -1)
        if found == -1:
            found = self.data.memo[key] = min(
                (icons for icons, w in self.data.player_board.noble_table if w <= supply),
                default=None)
        return found

    def _targets_build(self, seat: int) -> list[tuple[str, int]]:
        player = self.players[seat]
        spots = [s for s in self.geo.group(player.node) if s not in self.spots]
        out: list[tuple[str, int]] = []
        for i, slot in enumerate(self.data.player_board.slots):
            if player.covered[i]:
                cost = self.data.player_board.costs[slot.type]
                out.extend((f"build {slot.id} {spot}", cost) for spot in spots)
        return out

    def _targets_workers(self, seat: int) -> list[tuple[str, int]]:
        supply = self.players[seat].supply
        return [(f"workers {w}", icons) for icons, w in self.data.player_board.noble_table
                if w <= supply]

    def _targets_transcribe(self, seat: int) -> list[tuple[str, int]]:
        position = self.position(seat)
        pile = self.ms_piles[position]
        if pile:
            return [(f"transcribe {pile[-1]}", self.manuscript(pile[-1]).cost)]
        printed = self.printed_manuscript(position)
        return [(f"transcribe {printed.id}", printed.cost)]

    # ------------------------------------------------------------------ dismissing (VB-6.3.3)
    def dismiss_candidates(self, seat: int, action: str) -> list[tuple[str, int]]:
        """Cards that may be dismissed for this action, with their silver cost."""
        return self._dismiss_candidates(self.profile(seat), seat, action)

    def _dismiss_candidates(self, profile: Profile, seat: int,
                            action: str) -> list[tuple[str, int]]:
        player = self.players[seat]
        if self.turn.get("dismissed") or player.is_ai:
            return []
        positions = range(5) if "dismiss_anywhere" in profile.names \
            else (self.position(seat),)
        icon = ACTION_ICON[action]
        cards = self.data.cards
        out: list[tuple[str, int]] = []
        for position in positions:
            card = cards[self.adjacent_townsfolk(position)]
            icons = card.icons
            if icons.get(icon, 0) or icons.get("criminal", 0):      # card.icon_count()
                cost = self._dismiss_cost(profile, card)
                if cost <= player.silver:
                    out.append((card.id, cost))
        return out

    def dismiss_cost(self, seat: int, card: CardDef) -> int:
        """Silver to dismiss (dismiss_cost, then cheaper_dismiss, minimum 0)."""
        return self._dismiss_cost(self.profile(seat), card)

    def _dismiss_cost(self, profile: Profile, card: CardDef) -> int:
        fixed: int | None = profile.memo.get("dismiss_cost", -1)
        if fixed == -1:
            costs = [int(t.word(0)) for t in profile.abilities[True, True]
                     if t.name == "dismiss_cost"]
            fixed = profile.memo["dismiss_cost"] = min(costs) if costs else None
        cost = card.silver if fixed is None else fixed
        return max(0, cost - profile.total("cheaper_dismiss"))

    def action_options(self, seat: int, action: str) -> list[str]:
        """Dismiss options that leave the action feasible (VB-R33)."""
        profile = self.profile(seat)
        least = self._least_need(profile, seat, action)
        if least is None:                   # no target at all, whatever is dismissed
            return []
        options = []
        if least <= self._fund_limit(profile, seat, action):
            options.append("dismiss none")
        for card, cost in self._dismiss_candidates(profile, seat, action):
            if least <= self._fund_limit(profile, seat, action, card, cost):
                options.append(f"dismiss {card}")
        return options

    def action_allowed(self, seat: int, action: str) -> bool:
        """Location rule (VB-3.3.8) plus feasibility."""
        player = self.players[seat]
        if player.node.endswith(".I") != (action in ("workers", "transcribe")):
            return False
        if action == "workers" and player.supply == 0:
            return False
        if action == "trade":
            return True                 # "trade 0" needs no icon: always feasible
        return self._feasible(seat, action, self.profile(seat))

    def _feasible(self, seat: int, action: str, profile: Profile) -> bool:
        """Whether build, workers or transcribe can be funded (the location is not checked)."""
        # bool(action_options(...)), stopping at the first feasible option;
        # fund_limit() is never negative, so a free target needs no further check.
        least = self._least_need(profile, seat, action)
        if least is None:
            return False
        if least <= 0 or least <= self._fund_limit(profile, seat, action):
            return True
        for card, cost in self._dismiss_candidates(profile, seat, action):
            if least <= self._fund_limit(profile, seat, action, card, cost):
                return True
        return False

    # ------------------------------------------------------------------ the three steps
    def _t_act(self, task: Task) -> Choice:
        seat, action = task[1], str(task[2])
        return self.ask(seat, "dismiss", f"{action}: dismiss a townsfolk?",
                        self.action_options(seat, action))

    def _c_act(self, task: Task, option: str) -> None:
        seat, action = task[1], str(task[2])
        self.replace(("act_target", seat, action, task[3]))
        card = option.removeprefix("dismiss ")
        if card == "none":
            return
        cost = dict(self.dismiss_candidates(seat, action))[card]
        self.players[seat].silver -= cost
        self.turn["dismissed"] = True
        self.turn["extra"] = card
        for pile in self.tf_piles:
            if pile and pile[-1] == card:
                pile.pop()
                self.removed.append(card)
                break
        self.resolve(seat, self.card(card).recruit, card)

    def _t_act_target(self, task: Task) -> Choice | None:
        seat, action = task[1], str(task[2])
        options = self._target_options(seat, action, self.turn.get("extra", ""))
        if not options:
            self.turn["extra"] = ""
        return self.ask_distinct(seat, "target", f"{action}: choose the target", options)

    def _target_options(self, seat: int, action: str, extra: str) -> tuple[str, ...]:
        """The texts of :meth:`targets`, deduplicated (memoised in the target table)."""
        return self._target_table(seat, action).options(self.fund_limit(seat, action, extra))

    def _c_act_target(self, task: Task, option: str) -> None:
        self.replace(("act_pay", task[1], task[2], option, task[3]))

    def _t_act_pay(self, task: Task) -> Choice:
        seat, action, target = task[1], str(task[2]), str(task[3])
        # The target was chosen among the feasible ones; only its need matters here.
        if action == "trade":                    # "trade k" needs k times the rate
            need = int(target.split()[1]) * self._trade_rate(seat)
        else:
            need = self._target_table(seat, action).need[target]
        return self.ask_distinct(seat, "pay", f"{target}: how to pay",
                                 self._pay_options(seat, action, need))

    def _pay_options(self, seat: int, action: str, need: int) -> tuple[str, ...]:
        """The texts of :meth:`plans`, distinct (they are Pareto-filtered by text)."""
        extra = self.turn.get("extra", "")
        profile = self.profile(seat)
        if "icon_conversion" in profile.names:
            return tuple(dict.fromkeys(_plan_text(p) for p in self.plans(seat, action, need,
                                                                          extra)))
        # No conversion: plans() is [{}] when free icons cover the need, else
        # the one direct payment when affordable; their texts are shared.
        deficit = need - self._free_icons(profile, action, extra)
        if deficit <= 0:
            return PAY_NOTHING
        budget = self._budget(seat, 0)
        direct = DIRECT_INDEX[action]
        if min(budget) < 0 or deficit > budget[direct]:
            return ()
        return _direct_payment(RESOURCE_KEYS[direct], deficit)

    def _c_act_pay(self, task: Task, option: str) -> None:
        self.stack.pop()
        seat, action, target = task[1], str(task[2]), str(task[3])
        if option != "pay none":
            for part in option.removeprefix("pay ").split(","):
                key, value = part.split("=")
                self.players[seat].add(key, -int(value))
        self.turn["extra"] = ""
        if action == "transcribe" and task[4]:
            self.turn["transcribed"] = True
        self.outcome(seat, action, target)

    # ------------------------------------------------------------------ outcomes
    def outcome(self, seat: int, action: str, target: str) -> None:
        """Resolve an action's result; ``on_<action>`` triggers fire after it (VB-6.3.8)."""
        self.fire(seat, TRIGGER_OF_ACTION[action])
        self.log.append(f"seat {seat}: {target}")
        words = target.split()
        if action == "trade":
            self._trade(seat, int(words[1]))
        elif action == "build":
            self.construct(seat, words[1], words[2])
        elif action == "workers":
            self.place_workers(seat, self.geo.section_at(self.position(seat)), int(words[1]))
        else:
            self._transcribe(seat)

    def _trade(self, seat: int, uses: int) -> None:
        kind = self.geo.trade_kind(self.players[seat].node)
        gives = self.data.board.exchanges[kind].gives
        if gives.name == "gain" and not self.players[seat].is_ai:
            # A person's gain pushes no task, so each copy would be the top
            # task in turn: resolving them all now is what the loop would do.
            for _ in range(uses):
                self.resolve(seat, gives)
            return
        for _ in range(uses - 1):
            self.push(seat, gives)
        if uses > 0:
            self.resolve(seat, gives)           # the last one pushed would be the top task

    def _transcribe(self, seat: int) -> None:
        position = self.position(seat)
        if self.ms_piles[position]:
            self.receive_manuscript(seat, position)
        else:
            self.stack.append(eff(seat, self.printed_manuscript(position).immediate))


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    return [s for s in product(range(total + 1), repeat=parts) if sum(s) == total]


def _merge(a: Plan, b: Plan) -> Plan:
    out = dict(a)
    for key, value in b.items():
        out[key] = out.get(key, 0) + value
    return {k: v for k, v in out.items() if v}


def _pareto(plans: list[Plan]) -> list[Plan]:
    unique = {_plan_text(p): p for p in plans}
    keep = []
    for text, plan in unique.items():
        dominated = any(
            other_text != text and all(other.get(k, 0) <= plan.get(k, 0) for k in RESOURCE_KEYS)
            for other_text, other in unique.items())
        if not dominated:
            keep.append(plan)
    return sorted(keep, key=lambda p: (sum(p.values()), _plan_text(p)))


PAY_NOTHING = ("pay none",)


@cache
def _direct_payment(resource: str, amount: int) -> tuple[str]:
    """The options of a direct payment, built once (a payment is asked every action)."""
    return (_plan_text({resource: amount}),)


def _plan_text(plan: Plan) -> str:
    parts = [f"{k}={plan[k]}" for k in RESOURCE_KEYS if plan.get(k)]
    return "pay " + (",".join(parts) if parts else "none")
