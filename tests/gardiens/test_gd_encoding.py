"""The fixed numberings for learning agents (keepers.games.gardiens.encoding): every legal
decision has its number and back, the legal mask is exactly ``legal_actions()``, and a
seat's observation has a fixed length and holds nothing it may not see (GR-20)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from gdhelp import BLUE, RED, act, blank, deal, put

from dealing import random_positions
from keepers.core.encoding import ActionCodec, ObservationCodec
from keepers.core.errors import RuleError
from keepers.core.rng import Rng
from keepers.games.gardiens import GAME, encoding, flow
from keepers.games.gardiens.game import GardiensState

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl" / "gardiens.md"

OPTION_SETS: dict[str, dict[str, Any]] = {
    "default": {},
    "coop": {"coop": True, "shadows": "advance"},
    "readings": {"bank_trade": True, "alliance_sharing": "swap", "watchtower": "adjacent",
                 "first_player": "fixed", "territory_points": "accumulate"},
}

SIZES = {  # players: actions under the default options, co-op, the other readings
    2: (2126, 1746, 2116),
    3: (2614, 2118, 2599),
    4: (3094, 2502, 3074),
    5: (3826, 3077, 3801),
}
"""The catalogue sizes, as docs/rl/gardiens.md gives them."""


def codecs(players: int, options: dict[str, Any]) -> tuple[ActionCodec, ObservationCodec]:
    return GAME.action_codec(players, options), GAME.observation_codec(players, options)


def new_game(players: int, seed: int, options: dict[str, Any]) -> GardiensState:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, GardiensState)
    return state


def check_decision(state: GardiensState, actions: ActionCodec, rng: Rng) -> None:
    """Every legal decision numbers and decodes to itself; the mask is exactly the legal
    decisions; a number not legal decodes to a text the rules refuse."""
    legal = state.legal_actions()
    indices = actions.legal_indices(state)
    assert len(set(indices)) == len(indices) == len(legal)
    assert set(indices) == {actions.encode(state, action) for action in legal}
    for action in legal:
        assert actions.decode(state, actions.encode(state, action)) == action
    illegal = rng.below(actions.size)
    if illegal not in indices:
        text = actions.decode(state, illegal)
        assert text not in legal
        with pytest.raises(RuleError):
            state.clone().apply(text)


def check_observation(state: GardiensState, observations: ObservationCodec) -> None:
    """Each seat's observation: ``size`` finite numbers, none negative, none above 30."""
    for seat in range(state.num_players):
        values = observations.encode(state.view(seat), seat)
        assert len(values) == observations.size
        assert all(math.isfinite(v) and 0 <= v <= 30 for v in values)


def play_checked(players: int, seed: int, options: dict[str, Any], most: int,
                 observe_every: int = 1) -> int:
    """A random game checked at every decision (for at most ``most`` decisions); the
    number of decisions checked."""
    actions, observations = codecs(players, options)
    state, rng = new_game(players, seed, options), Rng(seed)
    done = 0
    while not state.is_over() and done < most:
        check_decision(state, actions, rng)
        if done % observe_every == 0:
            check_observation(state, observations)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        done += 1
    check_observation(state, observations)
    return done


# -- actions ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_random_games_number_every_legal_decision(players: int, name: str) -> None:
    """Random games at each player count and option set: every legal decision encodes to
    a number and back, the legal numbers are distinct and are the legal decisions."""
    checked = sum(play_checked(players, seed, OPTION_SETS[name], most=600, observe_every=7)
                  for seed in range(6))
    assert checked > 200


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_catalogue_size_is_fixed_for_a_player_count(players: int) -> None:
    """One catalogue per player count and options, no text twice, of the documented size;
    options that change no decision (the round cap, GR-29.1, GR-29.2, GR-29.4) keep it."""
    sizes = []
    for options in OPTION_SETS.values():
        actions = GAME.action_codec(players, options)
        assert len(set(actions.catalogue)) == len(actions.catalogue) == actions.size
        assert GAME.action_codec(players, options) is actions  # built once
        sizes.append(actions.size)
    assert tuple(sizes) == SIZES[players]
    same = GAME.action_codec(players, {"max_rounds": 3, "first_player": "fixed",
                                       "territory_points": "accumulate",
                                       "watchtower": "adjacent"})
    assert same.catalogue == GAME.action_codec(players, {}).catalogue


def test_catalogue_follows_the_map_and_the_components() -> None:
    """GR-9.2, GR-14.4: moves only between neighbouring hexes, 1 to 5 guardians; GR-7.1: no
    building on the Citadel; GR-25.5: co-op attacks only onto a Shadow's path; every
    card copy can be taken (GR-8.2)."""
    data = GAME.data
    layout = data.layouts[4]
    actions = GAME.action_codec(4, {})
    moves = [a.split() for a in actions.catalogue if a.startswith("move ")]
    assert len(moves) == sum(len(near) for near in layout.neighbours) * 5
    for _, source, dest, count in moves:
        assert layout.by_label[dest] in layout.neighbours[layout.by_label[source]]
        assert 1 <= int(count) <= data.rule("max_guardians_per_hex")
    assert not any(a.startswith("build ") and a.endswith(" C") for a in actions.catalogue)
    assert {f"take {card}" for card in data.card_instances} <= set(actions.catalogue)
    coop = GAME.action_codec(4, {"coop": True})
    targets = {a.split()[2] for a in coop.catalogue if a.startswith("attack ")}
    assert layout.labels[layout.origins[0]] in targets and "C" not in targets
    assert not any(a.startswith(("propose ", "steal ", "defend ")) for a in coop.catalogue)


def test_decision_kinds_are_the_rules_steps() -> None:
    """The observation's decision kinds and the catalogue's grammar are the rules' steps."""
    assert set(encoding.DECISION_KINDS) == set(flow.STEPS)
    assert [kind for kind, _ in encoding.GRAMMAR] == list(encoding.DECISION_KINDS)


def test_unknown_texts_and_numbers_are_refused_in_one_line() -> None:
    """An unknown decision, a number out of range, a player count or option the game does
    not have: each a ValueError of one line."""
    actions = GAME.action_codec(3, {})
    state = new_game(3, 1, {})
    refusals = [
        (lambda: actions.encode(state, "move T08 T99 3"), "no action number"),
        (lambda: actions.encode(state, "propose purple"), "no action number"),
        (lambda: actions.decode(state, actions.size), f"not in 0..{actions.size - 1}"),
        (lambda: actions.decode(state, -1), "not in 0.."),
        (lambda: GAME.action_codec(6, {}), "2 to 5 players"),
        (lambda: GAME.observation_codec(3, {"coop": "maybe"}), "coop"),
    ]
    for call, message in refusals:
        with pytest.raises(ValueError, match=message) as refused:
            call()
        assert "\n" not in str(refused.value)


# -- observations ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fields_are_consecutive_and_cover_the_size(players: int) -> None:
    """Named fields, each once, one after the other from 0 to ``size``."""
    observations = GAME.observation_codec(players, {})
    fields = observations.fields
    assert len({f.name for f in fields}) == len(fields)
    assert fields[0].start == 0
    for before, after in zip(fields, fields[1:], strict=False):
        assert after.start == before.start + before.length and before.length > 0
    assert fields[-1].start + fields[-1].length == observations.size
    assert GAME.observation_codec(players, {"coop": True}) is observations


def test_observation_is_only_the_seats_own_view() -> None:
    """A view is encoded for the seat it was made for, never another (GR-20.8)."""
    state = new_game(3, 2, {})
    observations = GAME.observation_codec(3, {})
    with pytest.raises(ValueError, match="not seat 1's view"):
        observations.encode(state.view(0), 1)
    with pytest.raises(ValueError, match="not seat 0's view"):
        observations.encode(state.view(None), 0)


def field(values: list[float], observations: ObservationCodec, name: str) -> list[float]:
    (found,) = [f for f in observations.fields if f.name == name]
    return values[found.start:found.start + found.length]


def test_seats_are_in_relative_order() -> None:
    """GR-20.1: the observing seat's guardians and cubes come first, then the next seats."""
    for state in random_positions(new_game(4, 5, {}), 5, 37, 400):
        observations = GAME.observation_codec(4, {})
        hexes = len(state.owner)
        for seat in range(4):
            values = observations.encode(state.view(seat), seat)
            guardians = field(values, observations, "guardians")
            cubes = field(values, observations, "cubes")
            for offset in range(4):
                p = (seat + offset) % 4
                plane = guardians[offset * hexes:(offset + 1) * hexes]
                assert plane == [float(c) if o == p else 0.0
                                 for o, c in zip(state.owner, state.count, strict=True)]
                assert cubes[offset * 5:(offset + 1) * 5] == state.cubes[p]


def hidden_swapped(state: GardiensState, seat: int) -> GardiensState | None:
    """GR-20.3: a copy where a hand ``seat`` does not see swaps a card with the deck, the
    decks are reshuffled and the generator changed (None when nothing can be swapped)."""
    view = state.view(seat)
    hidden = [p for p in range(state.n) if p != seat and state.hands[p]
              and state.colour(p) not in view["visible_hands"]]
    if not hidden or not state.deck or "spied_hand" in view["private"]:
        return None
    other = state.clone()
    opponent = hidden[0]
    other.hands[opponent][0], other.deck[-1] = other.deck[-1], other.hands[opponent][0]
    Rng(3).shuffle(other.deck)
    if "peeked_events" not in view["private"]:
        Rng(5).shuffle(other.events)
    other.rng = Rng(777)
    return other


@pytest.mark.parametrize("players", [2, 4])
def test_hidden_cards_do_not_change_the_observation(players: int) -> None:
    """GR-20.3, GR-20.8: two positions differing only in a hand the seat does not see and in
    the decks' order give that seat the same observation; the seat holding the swapped
    card sees its hand change (GR-20.2)."""
    observations = GAME.observation_codec(players, {"watchtower": "adjacent"})
    swapped = 0
    for state in random_positions(new_game(players, 7, {"watchtower": "adjacent"}), 7, 13,
                                  900):
        seat = state.to_move()
        assert seat is not None
        other = hidden_swapped(state, seat)
        if other is None:
            continue
        assert (observations.encode(state.view(seat), seat)
                == observations.encode(other.view(seat), seat))
        opponent = next(p for p in range(players) if state.hands[p] != other.hands[p])
        assert (observations.encode(state.view(opponent), opponent)
                != observations.encode(other.view(opponent), opponent))
        swapped += 1
    assert swapped >= 5


def test_other_objectives_do_not_change_the_observation() -> None:
    """GR-20.2, GR-20.3: another seat's objective exchanged for an undealt one changes
    nothing for the seat, and changes that seat's own observation."""
    observations = GAME.observation_codec(3, {})
    state = random_positions(new_game(3, 11, {}), 11, 25, 200)[0]
    dealt = {o for objectives in state.objectives for o in objectives}
    undealt = next(o for o in GAME.data.objectives if o not in dealt)
    other = state.clone()
    other.objectives[2] = [undealt, *other.objectives[2][1:]]
    for seat in (0, 1):
        assert (observations.encode(state.view(seat), seat)
                == observations.encode(other.view(seat), seat))
    assert (observations.encode(state.view(2), 2) != observations.encode(other.view(2), 2))


def test_open_hands_in_coop_are_seen() -> None:
    """GR-20.7: in co-op every hand is open, so a card swapped between a hand and the deck
    changes every seat's observation, but the deck's own order does not (GR-20.3)."""
    observations = GAME.observation_codec(3, {"coop": True})
    seen = 0
    for state in random_positions(new_game(3, 4, {"coop": True}), 4, 5, 900):
        holders = [p for p in range(3) if state.hands[p]]
        if not holders or not state.deck:
            continue
        other, reshuffled = state.clone(), state.clone()
        holder = holders[0]
        other.hands[holder][0], other.deck[-1] = other.deck[-1], other.hands[holder][0]
        Rng(9).shuffle(reshuffled.deck)
        for seat in range(3):
            mine = observations.encode(state.view(seat), seat)
            assert mine != observations.encode(other.view(seat), seat)
            assert mine == observations.encode(reshuffled.view(seat), seat)
        seen += 1
    assert seen >= 3


def test_peeks_reach_only_the_peeking_seat() -> None:
    """GR-20.5: the Events an Oracle shows and the hand a Spy shows enter the observation
    of the card's player at its own decision, and no other seat's."""
    observations = GAME.observation_codec(2, {})
    st = blank(2)
    put(st, RED, "T01", 3)
    oracle, spy = deal(st, RED, "AC21", "AC17")
    blue_cards = deal(st, BLUE, "AC01", "AC02")
    act(st, f"play {oracle}")
    peeked = field(observations.encode(st.view(RED), RED), observations, "peeked_events")
    events = len(GAME.data.events)
    for place, event in enumerate(st.events[-3:][::-1]):
        kind = list(GAME.data.events).index(event.split("#")[0])
        assert peeked[place * events + kind] == 1.0
    assert sum(peeked) == 3
    assert sum(field(observations.encode(st.view(BLUE), BLUE), observations,
                     "peeked_events")) == 0
    act(st, "order 1,2,3", f"play {spy}", "spy blue")
    spied = field(observations.encode(st.view(RED), RED), observations, "spied_hand")
    assert [GAME.data.card_instances[i] for i, v in enumerate(spied) if v] == sorted(
        blue_cards, key=GAME.data.card_instances.index)
    assert sum(field(observations.encode(st.view(BLUE), BLUE), observations,
                     "spied_hand")) == 0


# -- the documentation -------------------------------------------------------------------
def test_the_document_names_every_field_and_size() -> None:
    """docs/rl/gardiens.md gives every field of the layout and the catalogue sizes."""
    text = DOC.read_text(encoding="utf-8")
    for players in (2, 3, 4, 5):
        observations = GAME.observation_codec(players, {})
        for f in observations.fields:
            assert f"`{f.name}`" in text, f.name
        default, coop, readings = SIZES[players]
        assert (f"| {players} | {default:,} / {coop:,} / {readings:,} | "
                f"{observations.size:,} |") in text
    for kind in encoding.DECISION_KINDS:
        assert f"`{kind}`" in text, kind


# -- soak --------------------------------------------------------------------------------
@pytest.mark.soak
def test_soak_thousands_of_random_games() -> None:
    """4,800 random games to their end (every player count, the three option sets), every
    decision and every seat's observation checked."""
    games = 0
    for players in (2, 3, 4, 5):
        for options in OPTION_SETS.values():
            for seed in range(1000, 1400):
                play_checked(players, seed, options, most=100_000, observe_every=3)
                games += 1
    assert games == 4800
