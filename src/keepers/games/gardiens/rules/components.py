"""Cubes, cards and dice: taking from and paying to the supply (GR-5.4), the Action
deck, river and discard pile (GR-12.5 to GR-12.8), and the combat die (GR-1.5)."""

from __future__ import annotations

from keepers.games.gardiens.data import covers, needs_of
from keepers.games.gardiens.state import Position


def gain(st: Position, player: int, resource: int, number: int) -> int:
    """Take up to ``number`` cubes from the supply (GR-5.4); returns how many."""
    left = st.supply[resource]
    taken = left if left < number else number  # min(), without its slow call
    st.supply[resource] -= taken
    st.cubes[player][resource] += taken
    return taken


def pay(st: Position, player: int, resource: int, number: int) -> None:
    """Return cubes to the supply (the caller checked the player holds them)."""
    st.cubes[player][resource] -= number
    st.supply[resource] += number


def can_pay(st: Position, player: int, cost: tuple[int, ...] | list[int]) -> bool:
    """Return True when the player holds every cube of ``cost``."""
    return covers(st.cubes[player], needs_of(tuple(cost)))


def pay_cost(st: Position, player: int, cost: tuple[int, ...] | list[int]) -> None:
    """Pay a full cost to the supply."""
    for resource, need in enumerate(cost):
        if need:
            pay(st, player, resource, need)


def draw_card(st: Position) -> str | None:
    """Draw the top card of the Action deck, reshuffling if needed (GR-12.8)."""
    if not st.deck:
        if not st.discard:
            return None
        st.deck = st.discard
        st.discard = []
        st.rng.shuffle(st.deck)
    return st.deck.pop()


def draw_to_hand(st: Position, player: int, number: int = 1) -> None:
    """Draw cards into a hand, as far as the decks allow."""
    for _ in range(number):
        card = draw_card(st)
        if card is None:
            return
        st.hands[player].append(card)


def take_from_river(st: Position, player: int, instance: str) -> None:
    """Move a river card to a hand and refill the river (GR-12.7)."""
    st.river.remove(instance)
    st.hands[player].append(instance)
    refill_river(st)


def refill_river(st: Position) -> None:
    """Top the river up to its size, as far as possible (GR-12.7)."""
    size = st.data.rule("river_size")
    while len(st.river) < size:
        card = draw_card(st)
        if card is None:
            return
        st.river.append(card)


def discard_from_hand(st: Position, player: int, instance: str) -> None:
    """Move a card from a hand to the Action discard pile (GR-12.5)."""
    st.hands[player].remove(instance)
    st.discard.append(instance)


def roll(st: Position) -> str:
    """Roll one combat die with the state's generator (GR-1.5)."""
    if st.forced_dice:
        return st.forced_dice.pop(0)
    faces = st.data.dice_faces
    return faces[st.rng.below(len(faces))]
