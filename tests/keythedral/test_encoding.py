"""Keythedral's fixed action space and observation (keepers.games.keythedral.encoding).

The action catalogue is enumerated from the rules (KT-2 to KT-12), not from games, so
random games check that it holds every decision they meet.  A catalogue number that is
not legal now decodes to a text that is not legal now, or is refused with ValueError
(a board position or house the board does not have now): never to a legal decision.
Observations come from views alone (KT-13.5): positions differing only in what a seat
cannot see (KT-13.1, KT-13.2) give that seat the same numbers.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from dealing import keythedral_hidden_swapped, random_positions
from keepers.core.errors import KeepersError
from keepers.core.rng import Rng
from keepers.games.keythedral import GAME, KeythedralState
from keepers.games.keythedral.data import packaged
from keepers.games.keythedral.encoding import (
    KINDS,
    KeythedralActionCodec,
    KeythedralObservationCodec,
    action_codec,
    bounds,
    geometry,
    observation_codec,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl" / "keythedral.md"
SIZES = {2: 817, 3: 1076, 4: 1278, 5: 1480}
"""Catalogue sizes, as docs/rl/keythedral.md gives them."""
OPTION_SETS = [{}, {"length": "full", "face_up": True}, {"length": "full", "first": 0}]


def _check_decision(state: KeythedralState, codec: KeythedralActionCodec,
                    observations: KeythedralObservationCodec, every_index: bool) -> None:
    """Every legal decision round-trips, the mask is exactly the legal decisions, illegal
    numbers never decode to a legal decision, and the decider's observation is sound."""
    legal = state.legal_actions()
    indices = codec.legal_indices(state)
    assert len(set(indices)) == len(indices) == len(legal)
    assert set(indices) == {codec.encode(state, action) for action in legal}
    for action in legal:
        assert codec.decode(state, codec.encode(state, action)) == action
    rng = Rng(len(legal))
    others = range(codec.size) if every_index else [rng.below(codec.size) for _ in range(40)]
    allowed = set(indices)
    for index in others:
        if index in allowed:
            continue
        try:
            text = codec.decode(state, index)
        except ValueError as exc:
            assert "\n" not in str(exc)
            continue
        assert text not in legal, (index, text)
    seat = state.to_move()
    assert seat is not None
    numbers = observations.encode(state.view(seat), seat)
    assert len(numbers) == observations.size
    assert all(math.isfinite(x) for x in numbers)
    kind = state.position.pending.kind if state.position.pending else ""
    start = {f.name: f.start for f in observations.fields}
    assert numbers[start["decision_kind"] + KINDS.index(kind)] == 1.0
    assert numbers[start["decider"]] == 1.0  # the observing seat comes first


def _play(players: int, seed: int, options: dict[str, object], every: int) -> int:
    """A random game checked at every decision (every index at one in ``every``)."""
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, KeythedralState)
    codec = action_codec(players, options)
    observations = observation_codec(players, options)
    rng = Rng(seed)
    done = 0
    while not state.is_over():
        _check_decision(state, codec, observations, done % every == 0)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        done += 1
    return done


@pytest.mark.parametrize(("players", "options"), [
    (2, OPTION_SETS[0]), (3, OPTION_SETS[2]), (4, OPTION_SETS[0]), (5, OPTION_SETS[1])])
def test_random_games_every_decision_has_a_number_and_back(
        players: int, options: dict[str, object]) -> None:
    """KT-2 to KT-12: every decision of a random game is in the catalogue and decodes
    back to itself; the legal numbers are exactly the legal decisions."""
    assert _play(players, 7 + players, options, every=97) > 100


@pytest.mark.soak
def test_soak_thousands_of_random_games() -> None:
    """The same checks over 2,000 random games of every player count and option set
    (about 50 minutes of one core; 200 of them checked 824,903 decisions)."""
    for game in range(2000):
        players = 2 + game % 4
        options = OPTION_SETS[(game // 4) % len(OPTION_SETS)]
        _play(players, 1000 + game, options, every=500)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_catalogue_is_fixed_and_has_no_duplicate(players: int) -> None:
    """One catalogue per player count whatever the options, each entry once."""
    sizes = {action_codec(players, options).size for options in OPTION_SETS}
    assert sizes == {SIZES[players]}
    codec = action_codec(players, {})
    assert len(set(codec.catalogue)) == len(codec.catalogue)
    assert codec is GAME.action_codec(players, {"length": "full"})  # built once


def test_catalogue_covers_every_law_card() -> None:
    """KT-12: every law card but Veto, Good Deal and Craftsman's Discount (answered or
    announced with an action, KT-12.10, KT-12.15, KT-12.16) has plays in the catalogue."""
    codec = action_codec(4, {})
    played = {entry.split()[1] for entry in codec.catalogue if entry.startswith("play ")}
    assert played == set(packaged().laws) - {"C10", "C15", "C16"}
    assert {"veto", "deal red red", "craft yellow discount"} <= set(codec.catalogue)


def test_refusals_are_one_clear_line() -> None:
    """An unknown text, an out-of-range number or a board place that does not exist now
    is refused with one line."""
    state = GAME.new_state(3, 1, {})
    codec = action_codec(3, {})
    refusals = []
    for call in (lambda: codec.encode(state, "fly 3,3"),
                 lambda: codec.encode(state, "field 999,999"),
                 lambda: codec.encode(state, "field -0,-2"),  # never written so
                 lambda: codec.encode(state, "field ~0"),  # a catalogue form, no text
                 lambda: codec.encode(state, "first 1 2"),
                 lambda: codec.decode(state, -1),
                 lambda: codec.decode(state, codec.size),
                 lambda: codec.decode(state, codec.catalogue.index("place 1 @18"))):
        with pytest.raises(ValueError) as caught:
            call()
        refusals.append(str(caught.value))
    with pytest.raises(ValueError, match="3-seat action codec cannot number a 4-seat"):
        codec.legal_indices(GAME.new_state(4, 1, {}))
    assert all(text and "\n" not in text for text in refusals)
    assert "0..1075" in refusals[5]
    with pytest.raises(KeepersError, match="KT-3.1"):
        GAME.action_codec(6, {})
    with pytest.raises(KeepersError, match="KT-15.3"):
        GAME.observation_codec(3, {"length": "huge"})


def test_relative_entries_follow_the_public_board() -> None:
    """KT-2.8: the first field decision numbers the frontier cells of the initial board;
    seats are counted from the decider (KT-9.7 ``first``)."""
    state = GAME.new_state(3, 2, {"first": 1})
    codec = action_codec(3, {})
    board = geometry(tuple(sorted(state.position.fields)), packaged().keythedral_slot)
    assert state.legal_actions()[0].startswith("field ")
    for action in state.legal_actions():
        cell = tuple(int(v) for v in action.split()[1].split(","))
        assert codec.entry(state, action) == f"field ~{board.frontier.index(cell)}"
    while state.position.pending is None or state.position.pending.kind != "first":
        state.apply(state.legal_actions()[0])
    seat = state.to_move()
    assert seat is not None
    assert codec.entry(state, f"first {seat}") == "first +0"
    assert codec.entry(state, f"first {(seat + 1) % 3}") == "first +1"


@pytest.mark.parametrize("players", [2, 5])
def test_board_numbering_stays_within_its_bounds(players: int) -> None:
    """KT-2.8 to KT-2.11: fields, slots and (at field decisions) frontier cells never
    outnumber the bounds the catalogue was built with."""
    size = bounds(packaged(), players)
    state = GAME.new_state(players, 3, {})
    rng = Rng(3)
    while state.position.round == 0:
        board = geometry(tuple(sorted(state.position.fields)), packaged().keythedral_slot)
        assert len(board.fields) <= size.fields and len(board.slots) <= size.slots
        if state.position.pending and state.position.pending.kind == "field":
            assert len(board.frontier) <= size.frontier
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert len(state.position.fields) == size.fields


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_observation_layout(players: int) -> None:
    """Fields are consecutive, cover the size and have unique names, each in the doc."""
    codec = observation_codec(players, {})
    fields = codec.fields
    assert len({f.name for f in fields}) == len(fields)
    at = 0
    for field in fields:
        assert field.start == at and field.length > 0
        at += field.length
    assert at == codec.size
    doc = DOC.read_text("utf-8")
    missing = [f.name for f in fields if f"`{f.name}`" not in doc]
    assert not missing


def _swap_face_down_tile(state: KeythedralState) -> KeythedralState | None:
    """KT-13.1: a copy where a face-down mat tile is swapped with one of its unused pile."""
    other = state.clone()
    position = other.position
    for r, row in enumerate(position.rows):
        if position.revealed[r] or position.options.get("face_up") or not position.unused[r]:
            continue
        for i, tile in enumerate(row):
            if tile is not None:
                row[i], position.unused[r][0] = position.unused[r][0], tile
                return other
    return None


@pytest.mark.parametrize("players", [2, 4])
def test_hidden_items_do_not_enter_the_observation(players: int) -> None:
    """KT-13.1, KT-13.2, KT-13.5: another seat's law card swapped with the deck, the deck
    reshuffled, or a face-down tile swapped: the seat's observation and its legal numbers
    are unchanged; the seat whose card changed sees the difference."""
    state = GAME.new_state(players, 11, {})
    assert isinstance(state, KeythedralState)
    codec = observation_codec(players, {})
    actions = action_codec(players, {})
    swapped_cards = face_down = 0
    for position in random_positions(state, 11, 41, 3000):
        seat = position.to_move()
        assert seat is not None
        mine = codec.encode(position.view(seat), seat)
        tile_swap = _swap_face_down_tile(position)
        if tile_swap is not None:
            face_down += 1
            for viewer in range(players):
                assert (codec.encode(tile_swap.view(viewer), viewer)
                        == codec.encode(position.view(viewer), viewer))
        if not position.position.deck or not any(
                position.position.hands[p] for p in range(players) if p != seat):
            continue
        swapped = keythedral_hidden_swapped(position, seat)
        assert codec.encode(swapped.view(seat), seat) == mine
        assert actions.legal_indices(swapped) == actions.legal_indices(position)
        opponent = next(p for p in range(players) if p != seat and position.position.hands[p])
        assert (codec.encode(swapped.view(opponent), opponent)
                != codec.encode(position.view(opponent), opponent))
        swapped_cards += 1
    assert swapped_cards >= 3 and face_down >= 3


def test_observation_reads_the_view_in_relative_seats() -> None:
    """KT-13.5: the seat's own cubes and hand are its own; per-seat counts start with it."""
    state = GAME.new_state(3, 4, {})
    for position in random_positions(state, 4, 301, 2000):
        seat = position.to_move()
        assert seat is not None
        view = position.view(seat)
        codec = observation_codec(3, {})
        numbers = codec.encode(view, seat)
        start = {f.name: f.start for f in codec.fields}
        cubes = numbers[start["own_cubes"]:start["own_cubes"] + 8]
        assert cubes == [float(view["you"]["cubes"].get(c, 0)) for c in
                         ("black", "brown", "blue", "green", "red", "white", "purple",
                          "yellow")]
        held = numbers[start["cards_held"]:start["cards_held"] + 3]
        assert held == [view["cards_held"][(seat + r) % 3] for r in range(3)]
        assert sum(numbers[start["own_hand"]:start["own_hand"] + 20]) == len(view["you"]["hand"])
    with pytest.raises(ValueError, match="not seat 1"):
        observation_codec(3, {}).encode(state.view(0), 1)


def test_observation_shows_the_highest_bid_to_the_bidders() -> None:
    """KT-9.4: while bids are asked, the observation holds the highest bid so far and
    its bidder (relative to the observing seat), read from the view's recent events."""
    state = GAME.new_state(3, 2, {})
    assert isinstance(state, KeythedralState)
    codec = observation_codec(3, {})
    start = {f.name: f.start for f in codec.fields}
    rng, seen = Rng(2), 0
    while not state.is_over() and seen < 5:
        pending = state.position.pending
        assert pending is not None
        if pending.kind == "bid":
            _, _, high, high_by = pending.info
            seat = pending.player
            numbers = codec.encode(state.view(seat), seat)
            bidder = numbers[start["bid_high_by"]:start["bid_high_by"] + 3]
            if high_by >= 0:
                assert numbers[start["bid_high"]] == pytest.approx(high * 0.1)
                assert bidder == [1.0 if r == (high_by - seat) % 3 else 0.0 for r in range(3)]
                seen += 1
            else:
                assert numbers[start["bid_high"]] == 0.0 and bidder == [0.0] * 3
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert seen == 5


def test_kept_boards_give_the_numbers_a_fresh_codec_gives() -> None:
    """The board and tiles a codec keeps between calls never leak into another view:
    every seat's observation along a game equals that of a codec made for it alone."""
    shared = observation_codec(4, {})
    state = GAME.new_state(4, 6, {})
    for position in random_positions(state, 6, 23, 3000):
        for seat in range(4):
            view = position.view(seat)
            fresh = KeythedralObservationCodec(packaged(), 4, "short")
            assert shared.encode(view, seat) == fresh.encode(view, seat)


def test_a_bots_lazy_view_gives_the_same_numbers() -> None:
    """KT-13.5: the view a bot is handed entry by entry (``bot_view``, cheaper: the event
    log is built only if read) encodes to the same numbers as the full view."""
    codec = observation_codec(3, {})
    state = GAME.new_state(3, 8, {})
    for position in random_positions(state, 8, 29, 3000):
        for seat in range(3):
            assert codec.encode(position.bot_view(seat), seat) == codec.encode(
                position.view(seat), seat)
