"""Determinization (GR-20): full positions sampled from what one seat may see.

A searching bot sees only its seat's view, handed with its ``table``
(:func:`search_view`, :func:`public_table`): the position in its file form (``docs/positions.md``)
with every item hidden from that seat (GR-20.3: other hands unless seen, objectives, the
order of both decks) replaced by its count, without the generator, and with the pending
step's context only when that seat decides it (its own decision, GR-20.5).
:func:`sampler` turns such a view back into full positions, dealing again at random:

* action cards: the cards the seat has not seen (not in its hand, a hand it sees, the
  river or the discard) go to the draw deck and the unseen hands, each to its count;
* objectives: the other seats' objectives are drawn from those not in the seat's own
  hand (the unused ones are out of play, GR-3.6), not yet achieved;
* events: the deck is the events not yet discarded, shuffled, the ones an Oracle shows
  the seat kept on top in their order (GR-20.5);
* chance: a fresh generator from the sampler's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from keepers.core.errors import KeepersError
from keepers.core.game import JsonDict
from keepers.core.rng import Rng
from keepers.games.gardiens.serial import position_from_dict, position_to_dict
from keepers.games.gardiens.state import Position
from keepers.games.gardiens.views import PUBLIC_CTX

P = TypeVar("P", bound=Position)



def search_view(st: Position, seat: int, view: JsonDict) -> JsonDict:
    """``seat``'s ``view`` with its ``table``: what a searching bot is handed; the table
    holds the hands and events this view shows the seat."""
    seen = {st.player_of_colour(colour): hand for colour, hand in view["visible_hands"].items()}
    private = view["private"]
    if "spied_hand" in private:
        seen[st.ctx["target"]] = private["spied_hand"]
    table = public_table(st, seat, seen, private.get("peeked_events", []))
    return {**view, "table": table}


def public_table(st: Position, seat: int, seen_hands: dict[int, list[str]],
                 peeked: list[str]) -> JsonDict:
    """GR-20: the position as ``seat`` sees it, in the position-file form: hands it does not
    see, other objectives and the decks' orders as counts; ``seen_hands`` are the hands a
    Watchtower or co-op shows it, ``peeked`` the events an Oracle shows it (top first)."""
    table = position_to_dict(st)
    del table["rng"]
    hidden = [p for p in range(st.n) if p != seat and p not in seen_hands]
    table["hand_sizes"] = [len(hand) for hand in st.hands]
    table["objective_counts"] = [len(objectives) for objectives in st.objectives]
    for p in range(st.n):
        if p in hidden:
            table["hands"][p] = None
        if p != seat:
            table["objectives"][p] = None
            table["achieved"][p] = None
    table["deck"] = len(st.deck)
    table["events"] = len(st.events)
    table["events_top"] = list(peeked)
    table["forced_dice"] = []
    if st.decider != seat:
        table["ctx"] = {k: v for k, v in table["ctx"].items() if k in PUBLIC_CTX}
        table["ctx_hidden"] = True
    return table


def sampler(view: JsonDict, seat: int, kind: type[P]) -> Callable[[Rng], P]:
    """Return a function dealing full positions (of class ``kind``) consistent with
    ``view``, ``seat``'s view at its own decision; KeepersError otherwise."""
    table = view.get("table")
    if not isinstance(table, dict) or view.get("you") != seat:
        raise KeepersError(f"Gardiens: the view is not seat {seat}'s, or has no table")
    if table.get("ctx_hidden"):
        raise KeepersError(f"Gardiens: seat {seat} deals positions only at its own decisions")
    unseen = _Unseen(table, seat)
    template = position_from_dict(kind, unseen.first_deal())

    def deal(rng: Rng) -> P:
        st = template.clone()
        unseen.deal(st, rng)
        st.rng = Rng(rng.next64())
        st.objective_cache = None
        st._legal = None
        return st

    return deal


class _Unseen:
    """The cards, objectives and events ``seat`` has not seen, and where they may be."""

    def __init__(self, table: JsonDict, seat: int) -> None:
        from keepers.games.gardiens.data import load

        data = load()
        self.table = table
        self.n: int = table["players"]
        self.hidden = [p for p in range(self.n) if table["hands"][p] is None]
        self.others = [p for p in range(self.n) if p != seat]
        seen = [c for hand in table["hands"] if hand is not None for c in hand]
        seen += table["river"] + table["discard"]
        seen += [v for v in table["ctx"].values() if isinstance(v, str)]  # cards in play
        self.cards = sorted(set(data.card_instances) - set(seen))
        wanted = table["deck"] + sum(table["hand_sizes"][p] for p in self.hidden)
        if len(self.cards) != wanted:
            raise KeepersError(f"Gardiens: {len(self.cards)} action cards unseen, {wanted} hidden")
        self.objectives = sorted(set(data.objectives) - set(table["objectives"][seat]))
        top = table["events_top"]
        self.events = sorted(set(data.event_instances) - set(table["event_discard"]) - set(top))
        if len(self.events) + len(top) != table["events"]:
            raise KeepersError("Gardiens: the event deck does not add up")

    def first_deal(self) -> JsonDict:
        """The table with every hidden place filled in order (a valid position file)."""
        raw = {k: v for k, v in self.table.items()
               if k not in ("hand_sizes", "objective_counts", "events_top")}
        raw["rng"] = 0
        hands, objectives, achieved, deck, events = self._fill(Rng(0), shuffle=False)
        raw.update(hands=hands, objectives=objectives, achieved=achieved, deck=deck,
                   events=events)
        return raw

    def deal(self, st: Position, rng: Rng) -> None:
        """Deal the unseen components of ``st`` (a copy of the first deal) anew."""
        st.hands, st.objectives, st.achieved, st.deck, st.events = self._fill(rng, True)

    def _fill(self, rng: Rng, shuffle: bool) -> tuple[list[list[str]], list[list[str]],
                                                       list[list[bool]], list[str], list[str]]:
        table = self.table
        cards, objectives, events = self.cards[:], self.objectives[:], self.events[:]
        if shuffle:
            rng.shuffle(cards)
            rng.shuffle(objectives)
            rng.shuffle(events)
        hands = [list(h) if h is not None else [] for h in table["hands"]]
        for p in self.hidden:
            hands[p] = [cards.pop() for _ in range(table["hand_sizes"][p])]
        owned = [list(o) if o is not None else [] for o in table["objectives"]]
        achieved = [list(a) if a is not None else [] for a in table["achieved"]]
        for p in self.others:
            owned[p] = [objectives.pop() for _ in range(table["objective_counts"][p])]
            achieved[p] = [False] * len(owned[p])
        return hands, owned, achieved, cards, events + table["events_top"][::-1]
