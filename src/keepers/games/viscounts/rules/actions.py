"""Phase 3, primary actions (VB-6.3): funding, dismissing, targets and outcomes.

An action is taken in three small decisions: dismiss (or not), target, then
payment plan.  Only Pareto-minimal payment plans are offered.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import product
from math import ceil

from keepers.games.viscounts import flow
from keepers.games.viscounts.data import CardDef, PublicBuilding
from keepers.games.viscounts.effects import Term
from keepers.games.viscounts.flow import Choice, Task, ask, ask_distinct, replace
from keepers.games.viscounts.model import RESOURCE_KEYS
from keepers.games.viscounts.rules.castle import place_workers
from keepers.games.viscounts.rules.concepts import (
    adjacent_townsfolk,
    fire,
    printed_manuscript,
    printed_manuscript_cost,
    seat_position,
)
from keepers.games.viscounts.rules.effects import (
    construct,
    construct_public,
    eff,
    push,
    receive_manuscript,
    resolve,
)
from keepers.games.viscounts.state import Position, Profile, profile_of

ACTION_ICON = {"trade": "merchant", "build": "builder", "workers": "noble",
               "transcribe": "cleric"}
ACTION_PAYMENT = {"trade": "silver", "build": "stone", "workers": "gold", "transcribe": "ink"}

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



# ------------------------------------------------------------------ icons
# Free icons and conversions depend only on the player's ability profile
# (and the dismissed card), so they are memoised in the profile.
def free_icons(pos: Position, seat: int, action: str, extra: str) -> int:
    """Icons available without paying: board, criminals, dismissed card, icon conversions."""
    return _free_icons(pos, profile_of(pos, seat), action, extra)


def _free_icons(pos: Position, profile: Profile, action: str, extra: str) -> int:
    key = ("free", action, extra)
    found: int | None = profile.memo.get(key)
    if found is None:
        found = profile.memo[key] = _compute_free_icons(pos, profile, action, extra)
    return found


def _compute_free_icons(pos: Position, profile: Profile, action: str, extra: str) -> int:
    icon = ACTION_ICON[action]
    board = profile.icons
    card = pos.data.cards[extra].icons if extra else {}
    total = board[icon] + board["criminal"] + card.get(icon, 0) + card.get("criminal", 0)
    total += int(profile.memo.get(("chest_bonus", icon), 0))     # VK-4.2
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


def paid_conversions(pos: Position, seat: int, action: str) -> list[Conversion]:
    """Conversions paid with silver or resources (e.g. Sculptor, Mason, Emma)."""
    return list(_conversions(pos, profile_of(pos, seat), action))


def _conversions(pos: Position, profile: Profile, action: str) -> tuple[Conversion, ...]:
    key = ("paid", action)
    found: tuple[Conversion, ...] | None = profile.memo.get(key)
    if found is None:
        out: list[Conversion] = []
        for term in profile.abilities[True, True]:
            conversion = icon_conversion(term, action)
            if conversion is not None:
                out.append(conversion)
        found = profile.memo[key] = tuple(out)
    return found


def icon_conversion(term: Term, action: str) -> Conversion | None:
    """A card's ``icon_conversion`` term for ``action`` (VB-6.3.2): the kinds it is paid
    with, how many, the icons it gives and how often it may be used; None for another
    term, another action or a payment in none of silver and the resources."""
    if term.name != "icon_conversion" or term.kw("action") != action:
        return None
    source, _, amount = term.kw("pay").rpartition("*")
    kinds = tuple(k for k in source.split("|") if k in RESOURCE_KEYS)
    if not kinds:
        return None
    uses = int(term.kw("uses")) if term.kw("uses") else 99
    return kinds, int(amount), int(term.kw("as").split("*")[1]), uses


def _budget(pos: Position, seat: int, silver_less: int) -> tuple[int, ...]:
    """Silver and resources in RESOURCE_KEYS order, less silver already promised."""
    player = pos.players[seat]
    return (player.silver - silver_less, player.ink, player.gold, player.stone)


def plans(pos: Position, seat: int, action: str, need: int, extra: str = "",
          silver_less: int = 0) -> list[Plan]:
    """Affordable, Pareto-minimal ways to fund ``need`` icons (VB-6.3.2)."""
    profile = profile_of(pos, seat)
    deficit = need - _free_icons(pos, profile, action, extra)
    if deficit <= 0:
        return [{}]
    budget = _budget(pos, seat, silver_less)
    conversions = _conversions(pos, profile, action)
    direct = ACTION_PAYMENT[action]
    if not conversions:                     # the one plan: pay the deficit directly
        affordable = min(budget) >= 0 and deficit <= budget[RESOURCE_KEYS.index(direct)]
        return [{direct: deficit}] if affordable else []
    found = [plan for plan, cost in _all_plans(pos, conversions, deficit, direct)
             if all(c <= b for c, b in zip(cost, budget, strict=True))]
    return [dict(p) for p in _pareto(found)]


def _all_plans(pos: Position, conversions: tuple[Conversion, ...], deficit: int,
               direct: str) -> tuple[tuple[Plan, tuple[int, ...]], ...]:
    """Every plan of :func:`_enumerate` with its cost vector (memoised; read-only)."""
    key = ("plans", conversions, deficit, direct)
    found: tuple[tuple[Plan, tuple[int, ...]], ...] | None = pos.data.memo.get(key)
    if found is None:
        found = pos.data.memo[key] = tuple(
            (plan, tuple(plan.get(k, 0) for k in RESOURCE_KEYS))
            for plan in _enumerate(pos, list(conversions), deficit, direct))
    return found


def fund_limit(pos: Position, seat: int, action: str, extra: str = "", silver_less: int = 0) -> int:
    """The largest ``need`` that :func:`plans` can fund (it is non-empty exactly up to it).

    Fundable deficits are downward closed: any plan for a deficit can be
    trimmed (fewer conversion uses, less direct payment) into a cheaper
    plan for a smaller one.  So one limit answers every target's check.
    The limit is never negative.
    """
    return _fund_limit(pos, profile_of(pos, seat), seat, action, extra, silver_less)


def _fund_limit(pos: Position, profile: Profile, seat: int, action: str, extra: str = "",
                silver_less: int = 0) -> int:
    budget = _budget(pos, seat, silver_less)
    free, conversions, direct = _funding(pos, profile, action, extra)
    if min(budget) < 0:
        return free                                  # nothing payable at all
    if not conversions:
        return free + budget[direct]
    key = ("limit", conversions, direct, budget)
    deficit: int | None = pos.data.memo.get(key)
    if deficit is None:
        deficit = budget[direct]                     # direct payment alone
        while any(all(c <= b for c, b in zip(cost, budget, strict=True))
                  for _, cost in _all_plans(pos, conversions, deficit + 1,
                                            RESOURCE_KEYS[direct])):
            deficit += 1
        pos.data.memo[key] = deficit
    return free + deficit


def _funding(pos: Position, profile: Profile, action: str,
             extra: str) -> tuple[int, tuple[Conversion, ...], int]:
    """Free icons, paid conversions and the index of the direct payment (memoised)."""
    if "icon_conversion" not in profile.names:      # the common case: icons only
        icon = ACTION_ICON[action]
        board = profile.icons
        free = board[icon] + board["criminal"] + int(profile.memo.get(("chest_bonus", icon), 0))
        if extra:
            card = pos.data.cards[extra].icons
            free += card.get(icon, 0) + card.get("criminal", 0)
        return free, (), DIRECT_INDEX[action]
    key = ("funding", action, extra)
    found: tuple[int, tuple[Conversion, ...], int] | None = profile.memo.get(key)
    if found is None:
        found = profile.memo[key] = (_free_icons(pos, profile, action, extra),
                                     _conversions(pos, profile, action),
                                     DIRECT_INDEX[action])
    return found


def _enumerate(pos: Position, conversions: list[Conversion], deficit: int,
               direct: str) -> list[Plan]:
    if not conversions:
        return [{direct: deficit}] if deficit > 0 else [{}]
    (kinds, amount, icons, uses), rest = conversions[0], conversions[1:]
    out: list[Plan] = []
    for count in range(min(uses, ceil(max(deficit, 0) / icons)) + 1):
        for split in _splits(count, len(kinds)):
            paid = {k: n * amount for k, n in zip(kinds, split, strict=True) if n}
            for tail in _enumerate(pos, rest, deficit - count * icons, direct):
                out.append(_merge(paid, tail))
    return out


# ------------------------------------------------------------------ targets
def targets(pos: Position, seat: int, action: str, extra: str = "",
            silver_less: int = 0) -> list[tuple[str, int]]:
    """Feasible targets of an action as (command, icons needed)."""
    limit = fund_limit(pos, seat, action, extra, silver_less)
    return [(t, need) for t, need in _target_table(pos, seat, action).targets
            if need <= limit]


def target_table(pos: Position, seat: int, action: str) -> list[tuple[str, int]]:
    """Every target of an action allowed here, feasible or not, as (command, need)."""
    return list(_target_table(pos, seat, action).targets)


# Target tables are rebuilt for the target choice, its options and the
# payment that follows; they depend on few inputs (the exchange rate, the
# empty spots and covered slots, the worker supply), so the tables are
# memoised by those, with their need lookup.  Shared: read only.
def _target_table(pos: Position, seat: int, action: str) -> TargetTable:
    """:func:`target_table` as a shared :class:`TargetTable` (read only)."""
    if action == "trade":
        return _table(pos, ("trade_table", _trade_rate(pos, seat)), _targets_trade, seat)
    if action == "build":
        return _build_table(pos, seat)
    if action == "workers":
        key = ("workers_table", pos.players[seat].supply)
        return _table(pos, key, _targets_workers, seat)
    return TargetTable(_targets_transcribe(pos, seat))   # one target: nothing to share


def _table(pos: Position, key: tuple[str, int],
           build: Callable[[Position, int], list[tuple[str, int]]], seat: int) -> TargetTable:
    found: TargetTable | None = pos.data.memo.get(key)
    if found is None:
        found = pos.data.memo[key] = TargetTable(build(pos, seat))
    return found


def _build_table(pos: Position, seat: int) -> TargetTable:
    player = pos.players[seat]
    empty = tuple(s for s in pos.geo.group(player.node) if s not in pos.spots)
    key: tuple[object, ...] = ("build_table", tuple(player.covered), empty)
    publics: list[tuple[str, int]] = []
    if pos.ext and "owned" in pos.ext:               # keys_on(): public buildings (VK-5.1)
        publics = public_targets(pos, seat)
        if publics:
            key = (*key, tuple(publics))
    found: TargetTable | None = pos.data.memo.get(key)
    if found is None:
        found = pos.data.memo[key] = TargetTable(_targets_build(pos, seat) + publics)
    return found


def _trade_rate(pos: Position, seat: int) -> int:
    # By node, in the ring's memo: asked for every trade target and payment.
    node = pos.players[seat].node
    key = ("trade_rate", node)
    found: int | None = pos.geo.memo.get(key)
    if found is None:
        found = pos.geo.memo[key] = \
            pos.data.board.exchanges[pos.geo.trade_kind(node)].rate
    return found


def _targets_trade(pos: Position, seat: int) -> list[tuple[str, int]]:
    rate = _trade_rate(pos, seat)
    return [(f"trade {k}", k * rate) for k in range(0, 31)]


def least_need(pos: Position, seat: int, action: str) -> int | None:
    """The smallest ``need`` among :func:`target_table` (None when it is empty).

    Computed without building the target texts: an action is feasible
    exactly when its cheapest target is within :func:`fund_limit`.
    """
    return _least_need(pos, profile_of(pos, seat), seat, action)


def _least_need(pos: Position, profile: Profile, seat: int, action: str) -> int | None:
    player = pos.players[seat]
    if action == "trade":
        return 0                                     # "trade 0" needs no icon
    if action == "build":
        spots = pos.spots
        least: int | None = None
        for spot in pos.geo.group(player.node):
            if spot not in spots:
                least = _least_build_cost(pos, tuple(player.covered))
                break
        if pos.ext and "owned" in pos.ext:           # public buildings (VK-5.1, keys_on)
            publics = [need for _, need in public_targets(pos, seat)]
            if publics:
                least = min(publics) if least is None else min(least, *publics)
        return least                                 # None: nothing to build
    if action == "workers":
        return _least_noble_need(pos, player.supply)
    position = seat_position(pos, seat)
    pile = pos.ms_piles[position]
    if pile:
        return pos.data.manuscripts[pile[-1]].cost
    return printed_manuscript_cost(pos, position)


def _least_build_cost(pos: Position, covered: tuple[bool, ...]) -> int | None:
    key = ("least_build", covered)
    found: int | None = pos.data.memo.get(key, -1)
    if found == -1:
        board = pos.data.player_board
        found = pos.data.memo[key] = min(
            (board.costs[slot.type] for i, slot in enumerate(board.slots) if covered[i]),
            default=None)
    return found


def _least_noble_need(pos: Position, supply: int) -> int | None:
    key = ("least_noble", supply)
    found: int | None = pos.data.memo.get(key, -1)
    if found == -1:
        found = pos.data.memo[key] = min(
            (icons for icons, w in pos.data.player_board.noble_table if w <= supply),
            default=None)
    return found


def _targets_build(pos: Position, seat: int) -> list[tuple[str, int]]:
    player = pos.players[seat]
    spots = [s for s in pos.geo.group(player.node) if s not in pos.spots]
    out: list[tuple[str, int]] = []
    for i, slot in enumerate(pos.data.player_board.slots):
        if player.covered[i]:
            cost = pos.data.player_board.costs[slot.type]
            out.extend((f"build {slot.id} {spot}", cost) for spot in spots)
    return out


def public_targets(pos: Position, seat: int) -> list[tuple[str, int]]:
    """``public <building> <spot>`` for each unbuilt public building whose type matches one
    of the player's standard buildings in the river group of their outside space; the need
    is the public building's builder cost (VK-5.1, VK-5.3)."""
    node = pos.players[seat].node
    if node.endswith(".I"):
        return []
    out: list[tuple[str, int]] = []
    spots = pos.spots
    public_of: dict[str, PublicBuilding] | None = None     # looked up on the first own spot
    for spot in pos.geo.group(node):
        here = spots.get(spot)
        if here is None or here[0] != seat:
            continue
        if public_of is None:
            public_of = _public_of(pos)
        public = public_of.get(here[1])
        if public is not None and not _built(pos, public.id):
            out.append((f"public {public.id} {spot}", public.cost))
    return out


def _built(pos: Position, public: str) -> bool:
    """True if some player already owns the public building (each exists once, VK-5.1)."""
    owners: list[list[str]] = pos.ext["owned"]
    for owned in owners:         # a loop, not any(): no generator on this per-action path
        if public in owned:
            return True
    return False


def _public_of(pos: Position) -> dict[str, PublicBuilding]:
    """The public building of each standard building type (memoised)."""
    found: dict[str, PublicBuilding] | None = pos.data.memo.get("public_of")
    if found is None:
        found = pos.data.memo["public_of"] = {
            b.replaces: b for b in pos.data.public_buildings.values()}
    return found


def _targets_workers(pos: Position, seat: int) -> list[tuple[str, int]]:
    supply = pos.players[seat].supply
    return [(f"workers {w}", icons) for icons, w in pos.data.player_board.noble_table
            if w <= supply]


def _targets_transcribe(pos: Position, seat: int) -> list[tuple[str, int]]:
    position = seat_position(pos, seat)
    pile = pos.ms_piles[position]
    if pile:
        return [(f"transcribe {pile[-1]}", pos.data.manuscripts[pile[-1]].cost)]
    printed = printed_manuscript(pos, position)
    return [(f"transcribe {printed.id}", printed.cost)]


# ------------------------------------------------------------------ dismissing (VB-6.3.3)
def dismiss_candidates(pos: Position, seat: int, action: str) -> list[tuple[str, int]]:
    """Cards that may be dismissed for this action, with their silver cost."""
    return dismissable(pos, profile_of(pos, seat), seat, action)


def dismissable(pos: Position, profile: Profile, seat: int,
                action: str) -> list[tuple[str, int]]:
    player = pos.players[seat]
    if pos.turn.get("dismissed") or player.is_ai:
        return []
    positions = range(5) if "dismiss_anywhere" in profile.names \
        else (seat_position(pos, seat),)
    icon = ACTION_ICON[action]
    cards = pos.data.cards
    out: list[tuple[str, int]] = []
    for position in positions:
        card = cards[adjacent_townsfolk(pos, position)]
        icons = card.icons
        if icons.get(icon, 0) or icons.get("criminal", 0):      # card.icon_count()
            cost = _dismiss_cost(pos, profile, card)
            if cost <= player.silver:
                out.append((card.id, cost))
    return out


def dismiss_cost(pos: Position, seat: int, card: CardDef) -> int:
    """Silver to dismiss (dismiss_cost, then cheaper_dismiss, minimum 0)."""
    return _dismiss_cost(pos, profile_of(pos, seat), card)


def _dismiss_cost(pos: Position, profile: Profile, card: CardDef) -> int:
    fixed: int | None = profile.memo.get("dismiss_cost", -1)
    if fixed == -1:
        costs = [int(t.word(0)) for t in profile.abilities[True, True]
                 if t.name == "dismiss_cost"]
        fixed = profile.memo["dismiss_cost"] = min(costs) if costs else None
    cost = card.silver if fixed is None else fixed
    return max(0, cost - profile.total("cheaper_dismiss"))


def action_options(pos: Position, seat: int, action: str) -> list[str]:
    """Dismiss options that leave the action feasible (VB-R33)."""
    profile = profile_of(pos, seat)
    least = _least_need(pos, profile, seat, action)
    if least is None:                   # no target at all, whatever is dismissed
        return []
    options = []
    if least <= _fund_limit(pos, profile, seat, action):
        options.append("dismiss none")
    for card, cost in dismissable(pos, profile, seat, action):
        if least <= _fund_limit(pos, profile, seat, action, card, cost):
            options.append(f"dismiss {card}")
    return options


def action_allowed(pos: Position, seat: int, action: str) -> bool:
    """Location rule (VB-3.3.8) plus feasibility."""
    player = pos.players[seat]
    if player.node.endswith(".I") != (action in ("workers", "transcribe")):
        return False
    if action == "workers" and player.supply == 0:
        return False
    if action == "trade":
        return True                 # "trade 0" needs no icon: always feasible
    return feasible(pos, seat, action, profile_of(pos, seat))


def feasible(pos: Position, seat: int, action: str, profile: Profile) -> bool:
    """Whether build, workers or transcribe can be funded (the location is not checked)."""
    # bool(action_options(...)), stopping at the first feasible option;
    # fund_limit() is never negative, so a free target needs no further check.
    least = _least_need(pos, profile, seat, action)
    if least is None:
        return False
    if least <= 0 or least <= _fund_limit(pos, profile, seat, action):
        return True
    for card, cost in dismissable(pos, profile, seat, action):
        if least <= _fund_limit(pos, profile, seat, action, card, cost):
            return True
    return False


# ------------------------------------------------------------------ the three steps
def step_act(pos: Position, task: Task) -> Choice:
    """Ask whether to dismiss a townsfolk for the action (VB-6.3.3, VB-R33)."""
    seat, action = task[1], str(task[2])
    return ask(seat, "dismiss", f"{action}: dismiss a townsfolk?",
               action_options(pos, seat, action))


def answer_act(pos: Position, task: Task, option: str) -> None:
    """Dismiss (pay, remove, resolve its recruit effect), then ask for the target (VB-6.3.3)."""
    seat, action = task[1], str(task[2])
    replace(pos, ("act_target", seat, action, task[3]))
    card = option.removeprefix("dismiss ")
    if card == "none":
        return
    cost = dict(dismiss_candidates(pos, seat, action))[card]
    pos.players[seat].silver -= cost
    pos.turn["dismissed"] = True
    pos.turn["extra"] = card
    for pile in pos.tf_piles:
        if pile and pile[-1] == card:
            pile.pop()
            pos.removed.append(card)
            break
    resolve(pos, seat, pos.data.cards[card].recruit, card)


def step_act_target(pos: Position, task: Task) -> Choice | None:
    """Ask for the target of the action (VB-6.3.1, VB-6.3.4-6.3.7)."""
    seat, action = task[1], str(task[2])
    options = _target_options(pos, seat, action, pos.turn.get("extra", ""))
    if not options:
        pos.turn["extra"] = ""
    return ask_distinct(seat, "target", f"{action}: choose the target", options)


def _target_options(pos: Position, seat: int, action: str, extra: str) -> tuple[str, ...]:
    """The texts of :func:`targets`, deduplicated (memoised in the target table)."""
    return _target_table(pos, seat, action).options(fund_limit(pos, seat, action, extra))


def answer_act_target(pos: Position, task: Task, option: str) -> None:
    """Keep the target and ask how to pay (VB-6.3.2)."""
    replace(pos, ("act_pay", task[1], task[2], option, task[3]))


def step_act_pay(pos: Position, task: Task) -> Choice:
    """Ask how to fund the target: Pareto-minimal plans only (VB-6.3.2)."""
    seat, action, target = task[1], str(task[2]), str(task[3])
    # The target was chosen among the feasible ones; only its need matters here.
    if action == "trade":                    # "trade k" needs k times the rate
        need = int(target.split()[1]) * _trade_rate(pos, seat)
    else:
        need = _target_table(pos, seat, action).need[target]
    return ask_distinct(seat, "pay", f"{target}: how to pay",
                        _pay_options(pos, seat, action, need))


def _pay_options(pos: Position, seat: int, action: str, need: int) -> tuple[str, ...]:
    """The texts of :func:`plans`, distinct (they are Pareto-filtered by text)."""
    extra = pos.turn.get("extra", "")
    profile = profile_of(pos, seat)
    if "icon_conversion" in profile.names:
        return tuple(dict.fromkeys(_plan_text(p) for p in plans(pos, seat, action, need,
                                                                      extra)))
    # No conversion: plans() is [{}] when free icons cover the need, else
    # the one direct payment when affordable; their texts are shared.
    deficit = need - _free_icons(pos, profile, action, extra)
    if deficit <= 0:
        return PAY_NOTHING
    budget = _budget(pos, seat, 0)
    direct = DIRECT_INDEX[action]
    if min(budget) < 0 or deficit > budget[direct]:
        return ()
    return _direct_payment(RESOURCE_KEYS[direct], deficit)


def answer_act_pay(pos: Position, task: Task, option: str) -> None:
    """Pay, then the action's outcome (VB-6.3.2, VB-6.3.4-6.3.8)."""
    pos.stack.pop()
    seat, action, target = task[1], str(task[2]), str(task[3])
    if option != "pay none":
        for part in option.removeprefix("pay ").split(","):
            key, value = part.split("=")
            pos.players[seat].add(key, -int(value))
    pos.turn["extra"] = ""
    if action == "transcribe" and task[4]:
        pos.turn["transcribed"] = True
    outcome(pos, seat, action, target)


# ------------------------------------------------------------------ outcomes
def outcome(pos: Position, seat: int, action: str, target: str) -> None:
    """Resolve an action's result; ``on_<action>`` triggers fire after it (VB-6.3.8)."""
    fire(pos, seat, TRIGGER_OF_ACTION[action])
    pos.log.append(f"action {seat} {target}")
    words = target.split()
    if action == "trade":
        _trade(pos, seat, int(words[1]))
    elif action == "build" and words[0] == "public":
        construct_public(pos, seat, words[1], words[2])
    elif action == "build":
        construct(pos, seat, words[1], words[2])
    elif action == "workers":
        place_workers(pos, seat, pos.geo.section_at(seat_position(pos, seat)), int(words[1]))
    else:
        _transcribe(pos, seat)


def _trade(pos: Position, seat: int, uses: int) -> None:
    kind = pos.geo.trade_kind(pos.players[seat].node)
    gives = pos.data.board.exchanges[kind].gives
    if gives.name == "gain" and not pos.players[seat].is_ai:
        # A person's gain pushes no task, so each copy would be the top
        # task in turn: resolving them all now is what the loop would do.
        for _ in range(uses):
            resolve(pos, seat, gives)
        return
    for _ in range(uses - 1):
        push(pos, seat, gives)
    if uses > 0:
        resolve(pos, seat, gives)           # the last one pushed would be the top task


def _transcribe(pos: Position, seat: int) -> None:
    position = seat_position(pos, seat)
    if pos.ms_piles[position]:
        receive_manuscript(pos, seat, position)
    else:
        pos.stack.append(eff(seat, printed_manuscript(pos, position).immediate))


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


# ---------------------------------------------------------------------- registration
flow.register({
    "act": (step_act, answer_act),
    "act_target": (step_act_target, answer_act_target),
    "act_pay": (step_act_pay, answer_act_pay),
})
