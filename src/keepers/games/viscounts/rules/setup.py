"""Setup (VB-5): piles, player cards and heroes, starting decks and the tracks' piles.

Dealing townsfolk and manuscripts (VB-5.2-5.3), the player card and hero
pairs picked in turn (VB-5.7), and the poverty and prosperity piles
(VB-5.8).  The solo AI's own setup (VS-1) is in the solo module.
"""

from __future__ import annotations

from keepers.games.viscounts import flow
from keepers.games.viscounts.data import PlayerCard
from keepers.games.viscounts.flow import Choice, Task, ask, push_all
from keepers.games.viscounts.rules.concepts import draw_cards, order_from
from keepers.games.viscounts.rules.effects import push
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
    player.hand = starting_deck(pos) + [hero]
    pos.stack.append(("setup_finish", seat))
    push(pos, seat, card.extra, "setup")
    for _ in range(card.any_resource):
        pos.stack.append(("res", seat))


def starting_deck(pos: Position) -> list[str]:
    """The 8 starting townsfolk of one colour (VB-1.2)."""
    return [c.id for c in pos.data.townsfolk.values() if c.set == "Starter"]


def step_setup_finish(pos: Position, task: Task) -> None:
    """VB-5.7 step 5: shuffle everything into the draw pile and draw 3."""
    pos.stack.pop()
    seat = task[1]
    player = pos.players[seat]
    player.draw = player.draw + player.hand + player.discard
    player.hand, player.discard = [], []
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
    _deal_townsfolk(pos)
    _deal_manuscripts(pos)
    solo = pos.seats == 1
    pos.start = 0 if solo else pos.rng.below(pos.seats)
    cards = [c.id for c in pos.data.player_cards.values() if c.set == "Base"]
    heroes = [h.id for h in pos.data.heroes.values() if h.set == "Base"]
    pos.rng.shuffle(cards)
    pos.rng.shuffle(heroes)
    count = 2 if solo else pos.seats + 1
    pos.pairs = [[cards[i], heroes[i]] for i in range(count)]
    if solo:
        solo_setup(pos)
        return
    order = order_from(pos, pos.start)
    push_all(pos, [("setup_pick", seat) for seat in reversed(order)])


def _deal_townsfolk(pos: Position) -> None:
    deck = [c.id for c in pos.data.townsfolk.values() if c.set == "Base"
            for _ in range(c.copies)]
    pos.rng.shuffle(deck)
    for index, card in enumerate(deck):
        pos.tf_piles[index % 5].append(card)


def _deal_manuscripts(pos: Position) -> None:
    base = [m for m in pos.data.manuscripts.values() if m.set == "Base"]
    grey = [m.id for m in base if m.grey_backed]
    black = [m.id for m in base if not m.grey_backed]
    pos.rng.shuffle(grey)
    pos.rng.shuffle(black)
    per_pile = len(black) // 5
    for position in range(5):
        pos.ms_piles[position] = black[position * per_pile:(position + 1) * per_pile] + [
            grey[position]]


# ---------------------------------------------------------------------- registration
flow.register({
    "setup_pick": (step_setup_pick, answer_setup_pick),
    "setup_finish": (step_setup_finish, None),
})
