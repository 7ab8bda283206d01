"""Setup (VB-5): piles, player cards and heroes, starting decks and the tracks' piles.

Dealing townsfolk and manuscripts (VB-5.2-5.3), the player card and hero
pairs picked in turn (VB-5.7), and the poverty and prosperity piles
(VB-5.8).  The solo AI's own setup (VS-1) is in the solo module.
"""

from __future__ import annotations

from keepers.games.viscounts import flow
from keepers.games.viscounts.data import PlayerCard
from keepers.games.viscounts.effects import Term
from keepers.games.viscounts.flow import Choice, Task, ask, push_all
from keepers.games.viscounts.rules.concepts import (
    card_sets,
    draw_cards,
    keys_on,
    order_from,
    refill_row,
)
from keepers.games.viscounts.rules.effects import push, term_of
from keepers.games.viscounts.rules.gates import KO, gates_setup, starting_order
from keepers.games.viscounts.rules.solo import solo_setup
from keepers.games.viscounts.state import Position


# ------------------------------------------------------------------ setup picks (VB-5.7)
def step_setup_pick(pos: Position, task: Task) -> Choice:
    """Ask which player card and hero pair to take (VB-5.7)."""
    seat = task[1]
    return ask(seat, "setup", "pick a player card and hero (VB-5.7)",
               [f"pick {card} {hero}" for card, hero in pos.pairs])


def answer_setup_pick(pos: Position, task: Task, option: str) -> None:
    """Take the pair (VB-5.7 steps 1-5)."""
    pos.stack.pop()
    seat = task[1]
    _, card_id, hero = option.split()
    pos.pairs.remove([card_id, hero])
    take_player_card(pos, seat, pos.data.player_cards[card_id], hero)


def take_player_card(pos: Position, seat: int, card: PlayerCard, hero: str) -> None:
    """Steps 1-5 of VB-5.7 (step 5 waits for the extra effect)."""
    player = pos.players[seat]
    player.node = pos.geo.node_of(card.start_space)
    for key in ("ink", "gold", "stone", "silver"):
        player.add(key, getattr(card, key))
    player.deeds_acquired += card.deeds
    player.debts_unpaid += card.debts
    player.hand = starting_deck(pos) + [hero] + starting_order(pos, seat)      # VG-3.5
    if keys_on(pos) and card.extra.name == "discard":
        # VK-2.8: the chosen starting cards wait in the discard pile, out of the shuffle.
        pos.stack.append(("setup_finish", seat, "keep_discard"))
        pos.stack.append(("setup_discard", seat, card.extra.int_arg(0)))
    elif keys_on(pos) and _reads_rows(card.extra):
        # VK-2.8, VK-R09: the hero or chest is taken from the rows at the end of setup.
        pos.stack.append(("setup_finish", seat))
        pos.ext["late"].append([seat, card.extra.text])
    else:
        pos.stack.append(("setup_finish", seat))
        push(pos, seat, card.extra, "setup")
    for _ in range(card.any_resource):
        pos.stack.append(("res", seat))


def _reads_rows(term: Term) -> bool:
    """True if an effect takes from the hero or chest row (VK-2.8)."""
    return any(t.name in ("gain_hero", "gain_chest") for t in term.walk())


def starting_deck(pos: Position) -> list[str]:
    """The 8 starting townsfolk of one colour (VB-1.2); with Keeper of Keys the new
    Journeyman, Lender and Trader replace the cards of the same names (VK-2.5)."""
    # Asked for every seat and every setup discard: the ids are found once (data memo).
    keys = keys_on(pos)
    memo_key = ("starting_deck", keys)
    found: tuple[str, ...] | None = pos.data.memo.get(memo_key)
    if found is None:
        cards = [c for c in pos.data.townsfolk.values() if c.set == "Starter"]
        if keys:
            new = {c.name: c for c in pos.data.townsfolk.values() if c.set == "KeysStarter"}
            cards = [new.get(c.name, c) for c in cards]
        found = pos.data.memo[memo_key] = tuple(c.id for c in cards)
    return list(found)


def step_setup_discard(pos: Position, task: Task) -> Choice | None:
    """Ask for the next starting card to put in the discard pile (card 7.5, VK-2.8)."""
    seat, left = task[1], task[2]
    player = pos.players[seat]
    starters = set(starting_deck(pos))
    starters.add(KO)                    # VG-2.1: card 7.5 may discard the king's order
    options = [f"set_aside {c}" for c in sorted(set(player.hand)) if c in starters]
    if left <= 0 or not options:
        pos.stack.pop()
        return None
    return ask(seat, "setup_discard",
               f"choose a starting card for your discard pile ({left} left, VK-2.8)", options)


def answer_setup_discard(pos: Position, task: Task, option: str) -> None:
    """Move the chosen starting card from hand to the discard pile (VK-2.8)."""
    seat, left = task[1], task[2]
    card = option.removeprefix("set_aside ")
    player = pos.players[seat]
    player.hand.remove(card)
    player.discard.append(card)
    flow.replace(pos, ("setup_discard", seat, left - 1))


def step_setup_finish(pos: Position, task: Task) -> None:
    """VB-5.7 step 5: shuffle everything into the draw pile and draw 3."""
    pos.stack.pop()
    seat = task[1]
    player = pos.players[seat]
    if len(task) > 2:                   # VK-2.8: card 7.5's discards stay in the discard pile
        player.draw = player.draw + player.hand
    else:
        player.draw = player.draw + player.hand + player.discard
        player.discard = []
    player.hand = []
    pos.rng.shuffle(player.draw)
    draw_cards(pos, seat, 3)
    return None


def finish_setup(pos: Position) -> None:
    """Build the poverty and prosperity piles (VB-5.8); round 1 starts (see turns.advance)."""
    size = min(len(pos.players), 4) if pos.seats > 1 else 1
    pos.debt_above = pos.data.poverty_prosperity.debts_on_poverty[size]
    pos.deed_above = pos.data.poverty_prosperity.deeds_on_prosperity[size]
    pos.pairs = []
    pos.round = 1


# ------------------------------------------------------------------ setup (VB-5)
def setup(pos: Position) -> None:
    """Deal piles, pairs and queue the pair picks (VB-5.2-5.7, VS-1)."""
    sets = card_sets(pos)
    _deal_townsfolk(pos, sets)
    _deal_manuscripts(pos, sets)
    solo = pos.seats == 1
    pos.start = 0 if solo else pos.rng.below(pos.seats)
    cards = [c.id for c in pos.data.player_cards.values() if c.set in sets]
    heroes = [h.id for h in pos.data.heroes.values() if h.set in sets]
    if keys_on(pos):
        keys_setup(pos)
    if "gates" in pos.ext.get("expansions", "").split(","):
        gates_setup(pos)                    # VG-3; the boards before the picks (VG-2.1)
    pos.rng.shuffle(cards)
    pos.rng.shuffle(heroes)
    count = 2 if solo else pos.seats + 1
    pos.pairs = [[cards[i], heroes[i]] for i in range(count)]
    if solo:
        solo_setup(pos)
        return
    order = order_from(pos, pos.start)
    push_all(pos, [("setup_pick", seat) for seat in reversed(order)])


def _deal_townsfolk(pos: Position, sets: tuple[str, ...]) -> None:
    # The unshuffled deck of each choice of sets is built once (data memo), in table order.
    key = ("townsfolk_deck", sets)
    found: tuple[str, ...] | None = pos.data.memo.get(key)
    if found is None:
        found = pos.data.memo[key] = tuple(c.id for c in pos.data.townsfolk.values()
                                           if c.set in sets for _ in range(c.copies))
    deck = list(found)
    pos.rng.shuffle(deck)
    for index, card in enumerate(deck):
        pos.tf_piles[index % 5].append(card)


def _deal_manuscripts(pos: Position, sets: tuple[str, ...]) -> None:
    base = [m for m in pos.data.manuscripts.values() if m.set in sets]
    grey = [m.id for m in base if m.grey_backed]
    black = [m.id for m in base if not m.grey_backed]
    pos.rng.shuffle(grey)
    pos.rng.shuffle(black)
    per_pile = len(black) // 5
    for position in range(5):
        pos.ms_piles[position] = black[position * per_pile:(position + 1) * per_pile] + [
            grey[position]]


# ------------------------------------------------------------------ Keeper of Keys (VK-2)
def keys_setup(pos: Position) -> None:
    """The chest row (VK-2.6); the hero row waits for the end of the picks (VK-2.7).

    The step ``keys_rows`` is queued first, so it runs after every pick.
    """
    chests = [t.id for t in pos.data.chest_tiles.values() if t.set == "Keys"]
    pos.rng.shuffle(chests)
    pos.ext.update({"chest_pile": chests, "chest_row": [], "hero_deck": [], "hero_row": [],
                    "chests": [[None, None, None] for _ in pos.players], "late": []})
    refill_row(pos, "chest_row", "chest_pile", CHEST_ROW)
    pos.stack.append(("keys_rows", -1))


CHEST_ROW, HERO_ROW = 4, 3


def step_keys_rows(pos: Position, task: Task) -> None:
    """After the picks: the hero deck and row (VK-2.7: every hero not picked; a hero
    destroyed by a setup effect stays out of the game), then cards 1.5 and 3.5 take from
    the rows in reverse turn order (VK-2.8, VK-R09)."""
    pos.stack.pop()
    pos.pairs = []          # the pairs nobody took: their heroes join the hero deck below
    owned = {c for p in pos.players for c in p.cards_owned()} | set(pos.removed)
    sets = card_sets(pos)
    deck = [h.id for h in pos.data.heroes.values() if h.set in sets and h.id not in owned]
    pos.rng.shuffle(deck)
    pos.ext["hero_deck"] = deck
    refill_row(pos, "hero_row", "hero_deck", HERO_ROW)
    late: list[list[object]] = pos.ext.pop("late")
    order = list(reversed(order_from(pos, pos.start)))
    late.sort(key=lambda item: order.index(int(str(item[0]))))
    for seat, text in reversed(late):
        push(pos, int(str(seat)), term_of(str(text)), "setup")


# ---------------------------------------------------------------------- registration
flow.register({
    "setup_pick": (step_setup_pick, answer_setup_pick),
    "setup_finish": (step_setup_finish, None),
    "setup_discard": (step_setup_discard, answer_setup_discard),
    "keys_rows": (step_keys_rows, None),
})
