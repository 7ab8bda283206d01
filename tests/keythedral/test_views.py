"""Hidden information in views (KT-13.1, KT-13.2, KT-13.3, KT-13.5, KT-11.2, KT-4.14).

States are sampled from seeded self-play. For every viewer whose view may be shown at that
moment (the pending decision is public, or is the viewer's own), the view is checked for
what it must contain and must not contain, and it must not change when only hidden items
of *other* players (or of nobody) are changed in the state.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from ktplay import canon, options, play_game
from rich.console import Console

from keepers.core.record import GameRecord
from keepers.core.rng import Rng
from keepers.core.terminal import play_terminal
from keepers.games.keythedral import GAME, KeythedralState
from keepers.games.keythedral.rules import mat

TOP_KEYS = {
    "game", "viewer", "players", "colours", "round", "phase", "first", "over", "fields",
    "tiles", "fences", "workers", "markers", "store", "craftsmen", "mat", "law_deck",
    "law_spaces", "discard", "field_stack", "drawn_field", "cards_held", "fences_left",
    "cottages_unlaid", "purchase", "effects", "decision", "events",
}
END_KEYS = {"scores", "winners", "owned"}
YOU_KEYS = {"seat", "cubes", "hand", "tiles", "workers", "fences"}
COLOURS = ("black", "brown", "blue", "green", "red", "white", "purple", "yellow")
TABLES = [(2, False, "short"), (3, True, "full"), (4, False, "full"), (5, False, "short"),
          (4, True, "short"), (3, False, "short")]


def _sample(n: int, face_up: bool, length: str, seed: int, every: int = 7,
            cap: int = 8) -> list[KeythedralState]:
    """Clones of the states along one self-play game: every ``every``-th decision, plus
    every purchase and law-window state (capped, to stay fast)."""
    out: list[KeythedralState] = []
    count = 0
    special = 0

    def step(state: KeythedralState, action: str) -> None:
        nonlocal count, special
        decision = state.decision()
        assert decision is not None
        interesting = state.position.purchase is not None or decision.kind in ("law", "veto", "relay",
                                                                      "bid", "field")
        if count % every == 0 or (interesting and special < 40 and count % 2 == 0):
            out.append(state.clone())
            special += interesting
        count += 1

    game = play_game(n, seed, options(length, face_up, cap=cap), step=step)
    out.append(game.state.clone())  # the final position
    return out


@pytest.fixture(scope="module")
def samples() -> list[KeythedralState]:
    states: list[KeythedralState] = []
    for i, (n, face_up, length) in enumerate(TABLES):
        states += _sample(n, face_up, length, seed=40 + i)
    return states


def _viewers(s: KeythedralState) -> list[int | None]:
    """Viewers whose view may be shown now: the decider of a secret decision only sees it
    alone; otherwise everyone, spectator included."""
    decision = s.decision()
    if decision is not None and not decision.public:
        return [decision.player]
    return [None, *range(s.position.n)]


def _words(data: Any) -> set[str]:
    """Every word of every string in a JSON value (keys included)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.update(item.split())
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def _perturb(s: KeythedralState, viewer: int | None, seed: int) -> KeythedralState:
    """A clone differing from ``s`` only in items hidden from ``viewer`` (KT-13.1, KT-13.2):
    other players' hand identities and cube colours (totals kept), the law deck order, the
    identities on the new-law spaces, the unused piles, face-down tiles of the same value,
    the field stack order and the random generator."""
    c = s.clone()
    rng = Rng(seed)
    others = [q for q in range(c.position.n) if q != viewer]
    for q in others:  # KT-11.2: identities of other hands (counts are public and kept)
        hand = c.position.hands[q]
        for i in range(len(hand)):
            if c.position.deck:
                j = rng.below(len(c.position.deck))
                hand[i], c.position.deck[j] = c.position.deck[j], hand[i]
            else:
                spaces = [k for k, card in enumerate(c.position.law_spaces) if card]
                if spaces:
                    k = spaces[rng.below(len(spaces))]
                    card = c.position.law_spaces[k]
                    assert card is not None
                    hand[i], c.position.law_spaces[k] = card, hand[i]
    for q in [] if c.position.over else others:  # KT-13.2 (final scores make stocks public)
        stock = c.position.stocks[q]
        for _ in range(4):
            held = [k for k in range(8) if stock[k]]
            if not held:
                break
            a = held[rng.below(len(held))]
            stock[a] -= 1
            stock[rng.below(8)] += 1
    rng.shuffle(c.position.deck)  # KT-13.1: law deck order
    for k, card in enumerate(c.position.law_spaces):  # KT-13.1: face-down new laws
        if card and c.position.deck:
            j = rng.below(len(c.position.deck))
            c.position.law_spaces[k], c.position.deck[j] = c.position.deck[j], card
    for r in range(len(c.position.rows)):  # KT-13.1: unused piles, face-down tiles of one value
        pile = c.position.unused[r]
        if not mat.face_up(c.position, r):
            spaces = [i for i, t in enumerate(c.position.rows[r]) if t]
            pool = [c.position.rows[r][i] for i in spaces] + pile
            rng.shuffle(pool)
            for i in spaces:
                c.position.rows[r][i] = pool.pop()
            c.position.unused[r] = pool
        else:
            rng.shuffle(pile)
    rng.shuffle(c.position.field_stack)  # KT-13.1: order (and so the types) of the field stack
    c.position.rng = Rng(rng.next64())  # KT-13.1: results of random draws to come
    c._legal = None
    return c


def test_views_are_json_and_have_the_documented_shape(samples: list[KeythedralState]) -> None:
    """KT-13.3, KT-13.5: every view is JSON-serialisable, has the public items and, for a
    seated viewer only, a ``you`` block with that seat's own cubes, hand and tiles; the
    spectator (None) view has no ``you``."""
    for s in samples:
        for viewer in _viewers(s):
            view = s.view(viewer)
            text = json.dumps(view, sort_keys=True, allow_nan=False)
            assert json.dumps(json.loads(text), sort_keys=True) == text
            keys = set(view)
            expected = TOP_KEYS | (END_KEYS if s.position.over else set())
            if viewer is None:
                assert "you" not in view
                assert keys == expected
            else:
                assert keys == expected | {"you"}
                you = view["you"]
                assert set(you) == YOU_KEYS and you["seat"] == viewer
                assert you["cubes"] == {COLOURS[c]: k for c, k in
                                        enumerate(s.position.stocks[viewer]) if k}
                assert you["hand"] == sorted(s.position.hands[viewer])
                assert you["tiles"] == list(s.position.owned[viewer])
                assert you["fences"] == s.position.fences_left[viewer]
            assert view["viewer"] == viewer
            assert view["cards_held"] == [len(h) for h in s.position.hands]  # KT-11.2: counts public
            assert view["law_deck"] == len(s.position.deck) and view["field_stack"] == len(s.position.field_stack)
            assert view["law_spaces"] == [c is not None for c in s.position.law_spaces]
            assert view["store"] == {COLOURS[c]: k for c, k in enumerate(s.position.store) if k}
            assert view["fences_left"] == s.position.fences_left


def test_view_hides_other_hands_deck_and_law_spaces(samples: list[KeythedralState]) -> None:
    """KT-11.2, KT-13.1, KT-13.2, KT-13.5: no card of another player's hand, of the law deck
    or on a new-law space is named anywhere in a view."""
    checked = 0
    for s in samples:
        for viewer in _viewers(s):
            text = _words(s.view(viewer))
            hidden = list(s.position.deck) + [c for c in s.position.law_spaces if c]
            hidden += [c for q, hand in enumerate(s.position.hands) if q != viewer for c in hand]
            for card in hidden:
                assert card not in text, f"{card} visible to {viewer}"
                checked += 1
            if viewer is not None:
                for card in s.position.hands[viewer]:
                    assert card in text
    assert checked > 1000


def test_view_hides_face_down_tiles_unused_piles_and_field_stack(
        samples: list[KeythedralState]) -> None:
    """KT-13.1, KT-13.3: face-down mat tiles show their value but neither id nor cost;
    unused piles show only their size; the field stack shows only its size."""
    face_down_seen = stack_seen = 0
    for s in samples:
        public_log = _words([list(e) for e in s.position.events()])
        for viewer in _viewers(s):
            view = s.view(viewer)
            text = _words(view)
            for r, row in enumerate(s.position.rows):
                shown = view["mat"][r]
                assert shown["unused"] == len(s.position.unused[r])
                assert shown["face_up"] == mat.face_up(s.position, r)
                for i, tile in enumerate(row):
                    space = shown["spaces"][i]
                    if tile is None:
                        assert space["tile"] is None
                    elif mat.face_up(s.position, r):
                        assert space["tile"] == tile and space["cost"]
                    else:
                        assert space == {"tile": "?", "cost": None,
                                         "price_cards": space["price_cards"]}
                        assert tile not in text, f"face-down {tile} named"
                        face_down_seen += 1
                for tile in s.position.unused[r]:
                    if tile not in public_log:  # never face up in this game
                        assert tile not in text, f"unused {tile} named"
            for field_id in s.position.field_stack:
                assert field_id not in text
                stack_seen += 1
    assert face_down_seen > 100 and stack_seen > 20


def test_view_unchanged_when_only_hidden_items_of_others_change(
        samples: list[KeythedralState]) -> None:
    """KT-13.5, KT-13.1, KT-13.2, KT-11.2: ``view(p)`` is byte-for-byte the same after
    changing other players' hand identities and cube colours, the law deck order, the
    identities on the new-law spaces, the unused piles, face-down tiles within one value,
    the field stack order and the generator (p's own decision or a public one pending)."""
    compared = 0
    for k, s in enumerate(samples):
        for viewer in _viewers(s):
            before = canon(s.view(viewer))
            for trial in range(2):
                other = _perturb(s, viewer, seed=1_000 * k + 17 * trial + (viewer or 0))
                assert canon(other.view(viewer)) == before, (k, viewer, s.decision())
                compared += 1
    assert compared > 500


def test_view_changes_with_the_viewers_own_hidden_items(
        samples: list[KeythedralState]) -> None:
    """KT-13.2, KT-13.5 (the check above is not vacuous): the viewer's own hand and cubes
    are in the viewer's view, so changing them changes it."""
    hands = cubes = 0
    for s in samples:
        for viewer in _viewers(s):
            if viewer is None:
                continue
            before = canon(s.view(viewer))
            if s.position.hands[viewer] and s.position.deck and s.position.deck[-1] not in s.position.hands[viewer]:
                c = s.clone()
                c.position.hands[viewer][0], c.position.deck[-1] = c.position.deck[-1], c.position.hands[viewer][0]
                assert canon(c.view(viewer)) != before
                hands += 1
            held = [k for k in range(8) if s.position.stocks[viewer][k]]
            if held:
                c = s.clone()
                c.position.stocks[viewer][held[0]] -= 1
                c.position.stocks[viewer][(held[0] + 1) % 8] += 1
                c._legal = None
                assert canon(c.view(viewer)) != before
                cubes += 1
    assert hands > 5 and cubes > 50


def _window(s: KeythedralState) -> str:
    assert s.position.pending is not None
    kind, _, info = s.position.pending
    return str(info[0]) if kind == "law" else kind


def _deal(s: KeythedralState, p: int, card: str) -> None:
    """Move a law card into a hand from the deck or a new-law space (test set-up)."""
    if card in s.position.deck:
        s.position.deck.remove(card)
    else:
        s.position.law_spaces[s.position.law_spaces.index(card)] = None
    s.position.hands[p].append(card)
    s._legal = None


def test_secret_law_polls_are_invisible_to_other_players() -> None:
    """KT-4.14, KT-4.10, KT-13.5: while a player is polled in a law window, other views show
    no secret decision but their own (the table as if the poll had passed); when a polled player passes and another poll of the
    same window follows, the view of every player polled in neither is unchanged; the
    polled player sees its own decision and legal plays.

    Every seat is dealt a card eligible in (nearly) every window (Price Decrease, Change of
    Plan, Coup, Planning Permission, Moratorium), and every poll is answered with a pass, so windows poll the whole table."""
    compared = 0
    for n, seed in ((3, 5), (4, 6), (5, 7)):
        s = GAME.new_state(n, seed, options(cap=2))
        while s.position.round == 0:
            s.apply(s.legal_actions()[0])
        for p, card in zip(range(n), ["C03", "C13", "C20", "C04", "C12"], strict=False):
            _deal(s, p, card)
        previous: tuple[KeythedralState, int, tuple[str, int, int]] | None = None
        polls = 0
        while not s.is_over() and polls < 300:
            decision = s.decision()
            assert decision is not None
            if decision.public:
                previous = None
                s.apply(s.legal_actions()[-1] if decision.kind == "bid" else
                        s.legal_actions()[0])
                continue
            polls += 1
            own = s.view(decision.player)["decision"]
            assert own["player"] == decision.player
            assert own["legal"] == s.legal_actions() and "pass" in own["legal"]
            for viewer in [None, *range(n)]:
                if viewer != decision.player:
                    shown = s.view(viewer)["decision"]
                    assert shown is None or shown["kind"] not in ("law", "veto") or (
                        shown["player"] == viewer)
            window = (_window(s), s.position.phase, len(s.position.events()))  # nothing public happened
            if previous is not None and previous[2] == window:
                for viewer in [None, *range(n)]:
                    if viewer not in (previous[1], decision.player):
                        assert canon(previous[0].view(viewer)) == canon(s.view(viewer)), (
                            window, previous[1], decision.player, viewer)
                        compared += 1
            previous = (s.clone(), decision.player, window)
            s.apply("pass")
        assert polls > 20
    assert compared > 100


def test_public_decision_names_decider_but_only_the_decider_sees_legal(
        samples: list[KeythedralState]) -> None:
    """KT-13.3, KT-13.5: a public pending decision names its decider to everyone; only the
    decider's own view lists the legal decisions."""
    for s in samples:
        decision = s.decision()
        if decision is None or not decision.public:
            continue
        for viewer in [None, *range(s.position.n)]:
            shown = s.view(viewer)["decision"]
            assert shown["player"] == decision.player and shown["kind"] == decision.kind
            assert ("legal" in shown) == (viewer == decision.player)


def _bot_decisions(record: GameRecord) -> tuple[int, int]:
    """(bot decisions that may be announced: public ones and card plays, secret passes)."""
    state = record.new_state()
    shown = passes = 0
    for action in record.actions:
        decision = state.decision()
        assert decision is not None
        if record.seats[decision.player] != "human":
            if not decision.public and action == "pass":
                passes += 1
            else:
                shown += 1
        state.apply(action)
    return shown, passes


def test_terminal_does_not_announce_secret_polls() -> None:
    """KT-4.14: no player may learn which players were polled, beyond the cards played; a
    bot that passes in a law window must leave no trace on the human's screen (regression:
    the terminal used to print 'Seat q (bot) has decided (secret).' for every poll)."""
    rec = GameRecord("keythedral", 3, 0, {**GAME.default_options(), "max_rounds": 2},
                     seats=["human", "random", "random"])
    out = io.StringIO()

    def read(prompt: str) -> str:  # the human always takes the first legal decision
        if "(secret)" in out.getvalue():
            raise EOFError  # stop at the human's first turn after an announcement
        return "1"

    play_terminal(GAME, rec, console=Console(file=out, width=200), read=read)
    shown, passes = _bot_decisions(rec)
    assert passes >= 1, "the scenario must contain a bot passing in a law window"
    lines = out.getvalue().splitlines()
    about_bots = [line for line in lines if line.startswith(("Seat 1 (random)",
                                                             "Seat 2 (random)"))]
    assert about_bots, "bot decisions are announced to the human"
    assert len(about_bots) <= shown, "a bot's silent pass in a law window was announced"
