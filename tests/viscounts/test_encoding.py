"""The fixed action space and the observation of Viscounts, for learning agents.

Every decision of random games, at 1 (solo against the AI, VS-1) to 4 players and with
each choice of expansions, has a number that gives back its text; the legal numbers are
exactly the legal decisions; a seat's observation has the fixed size and cannot tell
apart two positions that differ only in what the seat may not see (VB-2.2.1).

Decoding a number that is not legal now never gives a legal decision: it gives a text
the state refuses, or (for a rearrangement that repeats another order of the same card
spaces, VB-7.5) it is refused with a ValueError.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import pytest

from keepers.core.encoding import ActionCodec, ObservationCodec
from keepers.core.rng import Rng
from keepers.games.viscounts.data import load_data
from keepers.games.viscounts.encoding import DECISION_KINDS, catalogue, player_terms
from keepers.games.viscounts.game import ViscountsGame, ViscountsState
from keepers.games.viscounts.model import new_geometry

GAME = ViscountsGame()
EXPANSIONS = ("none", "keys", "gates", "keys,gates")
DOC = Path(__file__).resolve().parents[2] / "docs" / "rl" / "viscounts.md"


def codecs(players: int, expansions: str) -> tuple[ActionCodec, ObservationCodec]:
    options = {"expansions": expansions}
    return GAME.action_codec(players, options), GAME.observation_codec(players, options)


def check_decision(state: ViscountsState, actions: ActionCodec, rng: Rng) -> None:
    """Every legal decision encodes and decodes to itself; the legal numbers are exactly
    the legal decisions; a few other numbers never decode to a legal decision."""
    legal = state.legal_actions()
    numbers = [actions.encode(state, action) for action in legal]
    for action, number in zip(legal, numbers, strict=True):
        assert actions.decode(state, number) == action
    indices = actions.legal_indices(state)
    assert len(set(indices)) == len(indices) == len(legal)
    assert set(indices) == set(numbers)
    assert indices == sorted(indices)
    for _ in range(3):
        number = rng.below(actions.size)
        if number in indices:
            continue
        try:
            text = actions.decode(state, number)
        except ValueError as exc:                 # VB-7.5: an order given by another entry
            assert actions.catalogue[number].startswith("rearrange ")
            assert "\n" not in str(exc)
            continue
        assert text not in legal


def check_observation(state: ViscountsState, observations: ObservationCodec) -> None:
    """Fixed size, finite floats, and a few fields read back as the view has them: the
    ring (segments and castle sections, VB-5.1), the seat's silver and its hand."""
    seat = state.to_move()
    assert seat is not None
    view = state.view(seat)
    numbers = observations.encode(view, seat)
    assert len(numbers) == observations.size
    assert all(isinstance(x, float) and math.isfinite(x) for x in numbers)
    field = {f.name: numbers[f.start:f.start + f.length] for f in observations.fields}
    for p, entry in enumerate(view["ring"]):
        assert field["ring_segment"][p * 5:p * 5 + 5].index(1.0) == entry["segment"] - 1
        assert field["ring_section"][p * 5:p * 5 + 5].index(1.0) == "ABCDE".index(
            entry["section"])
    assert field["seat0_amounts"][0] == view["players"][seat]["silver"]
    assert sum(field["own_hand"]) == len(view["players"][seat]["hand"])
    owners = len(view["players"])
    castle = [float(n) for section in "ABCDE" for counts in view["castle"][section]
              for n in counts[seat:] + counts[:seat]]    # VB-4.2: the seat's own first
    assert field["castle"] == castle
    for ahead in range(owners):
        player = view["players"][(seat + ahead) % owners]
        spaces = field[f"seat{ahead}_spaces"]
        width = len(spaces) // 3
        assert sum(spaces) == sum(card is not None for card in player["spaces"])
        assert sum(field[f"seat{ahead}_discard"]) == len(player["discard"])
        for space, card in enumerate(player["spaces"]):
            ones = spaces[space * width:(space + 1) * width]
            assert (1.0 in ones) == (card is not None)


def play(players: int, expansions: str, seed: int, observe_every: int) -> Counter[str]:
    """Play one random game checking every decision; the decision kinds met."""
    actions, observations = codecs(players, expansions)
    state = GAME.new_state(players, seed, {"expansions": expansions})
    assert isinstance(state, ViscountsState)
    rng = Rng(seed)
    kinds: Counter[str] = Counter()
    done = 0
    while not state.is_over():
        decision = state.decision()
        assert decision is not None
        kinds[decision.kind] += 1
        check_decision(state, actions, rng)
        if done % observe_every == 0:
            check_observation(state, observations)
        legal = state.legal_actions()
        state.apply_trusted(legal[rng.below(len(legal))])
        done += 1
    return kinds


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("expansions", EXPANSIONS)
def test_every_decision_of_random_games_has_its_number(players: int, expansions: str) -> None:
    """VB-6, VK-2, VG-3, VS-1: each decision of a random game encodes, decodes to itself,
    and the legal numbers are exactly the legal decisions."""
    kinds = play(players, expansions, seed=players * 10 + EXPANSIONS.index(expansions), observe_every=7)
    assert set(kinds) <= set(DECISION_KINDS)


def test_the_catalogue_is_fixed_per_player_count_and_names_each_expansion_s_components() -> None:
    """The expansions' cards, heroes, chests and outsiders are numbered only when they are
    played (VK-2.1, VG-3.1); only the relative bump seats depend on the player count."""
    sizes = {}
    for expansions in EXPANSIONS:
        for players in (1, 2, 3, 4):
            actions, _ = codecs(players, expansions)
            assert len(set(actions.catalogue)) == actions.size
            assert actions.catalogue == tuple(catalogue(load_data(), players, expansions))
            assert GAME.action_codec(players, {"expansions": expansions}) is actions
            sizes[players, expansions] = actions.size
        owners = {1: 2, 2: 2, 3: 3, 4: 4}
        for players in (2, 3, 4):
            gained = owners[players] - owners[1]
            assert sizes[players, expansions] - sizes[1, expansions] == gained * 10
    entries = {e: set(codecs(2, e)[0].catalogue) for e in EXPANSIONS}
    assert "hero H-K-fara" in entries["keys"] and "hero H-K-fara" not in entries["none"]
    assert "play H-K-fara" in entries["keys"] and "play H-K-fara" not in entries["gates"]
    assert "chest C01 1" in entries["keys,gates"] and "chest C01 1" not in entries["gates"]
    assert "welcome O-G-hunter" in entries["gates"]
    assert "hire KO" in entries["gates"] and "hire KO" not in entries["keys"]
    assert not any(e.startswith(("welcome", "board ")) for e in entries["keys"])


def test_payments_come_from_the_cards_in_the_spaces_up_to_the_largest_need() -> None:
    """VB-6.3.2: only deck cards convert icons (so at most three conversions at once, the
    cards in the spaces); a trade needs at most 30 uses at the dearest exchange."""
    data = load_data()
    sets = ("Base", "Keys", "Gates")
    on_cards = {str(t) for card in data.cards.values() for t in card.ongoing.walk()
                if t.name == "icon_conversion"}
    anywhere = {str(t) for t in player_terms(data, sets) if t.name == "icon_conversion"}
    assert anywhere == on_cards and on_cards
    entries = set(codecs(2, "none")[0].catalogue)
    assert "pay silver=120" in entries and "pay silver=121" not in entries
    assert "pay silver=4,stone=1" in entries          # the Mason, then stone (VB-6.3.2)
    assert "pay ink=1,gold=1,stone=1" in entries      # the Priest, then Emma


def test_rearrange_and_bump_are_numbered_relative_to_the_deciding_seat() -> None:
    """VB-7.5: a rearrangement is a permutation of the seat's own card spaces; VB-4.2.4: a
    bumped worker's owner is counted clockwise from the deciding seat."""
    actions, _ = codecs(3, "none")
    assert [e for e in actions.catalogue if e.startswith("rearrange")] == [
        "rearrange keep", "rearrange 1,3,2", "rearrange 2,1,3", "rearrange 2,3,1",
        "rearrange 3,1,2", "rearrange 3,2,1"]
    state = GAME.new_state(3, 5, {})
    assert isinstance(state, ViscountsState)
    seat = state.to_move()
    assert seat is not None
    player = state.position.players[seat]
    player.spaces = ["TF-S-abbot", None, "TF-S-thief"]
    assert actions.entry(state, "rearrange -,TF-S-abbot,TF-S-thief") == "rearrange 2,1,3"
    assert actions.text(state, "rearrange 3,2,1") == "rearrange TF-S-thief,-,TF-S-abbot"
    player.spaces = [None, None, "TF-S-thief"]
    assert actions.text(state, "rearrange 3,1,2") == "rearrange TF-S-thief,-,-"
    with pytest.raises(ValueError, match="repeats another order"):
        actions.text(state, "rearrange 3,2,1")        # the same order as 3,1,2 here
    with pytest.raises(ValueError, match="repeats another order"):
        actions.text(state, "rearrange 2,1,3")        # the order kept
    after = (seat + 1) % 3
    assert actions.entry(state, f"bump {after} C2") == "bump +1 C2"
    assert actions.text(state, "bump +0 A1") == f"bump {seat} A1"


def test_unknown_decisions_and_numbers_are_refused_in_one_line() -> None:
    actions, _ = codecs(2, "none")
    state = GAME.new_state(2, 1, {})
    for text in ("hero H-K-fara", "play nothing", "", "rearrange X,Y,Z", "bump 7 A1"):
        with pytest.raises(ValueError, match="no action number") as caught:
            actions.encode(state, text)
        assert "\n" not in str(caught.value)
    for number in (-1, actions.size, 10**9):
        with pytest.raises(ValueError, match=re.escape(f"0..{actions.size - 1}")) as caught:
            actions.decode(state, number)
        assert "\n" not in str(caught.value)
    with pytest.raises(ValueError, match="expansions"):
        GAME.action_codec(2, {"expansions": "dragons"})


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_layout_is_consecutive_named_once_and_documented(players: int) -> None:
    doc = DOC.read_text(encoding="utf-8")
    for expansions in EXPANSIONS:
        _, observations = codecs(players, expansions)
        fields = observations.fields
        assert fields[0].start == 0 and all(f.length > 0 for f in fields)
        for before, after in zip(fields, fields[1:], strict=False):
            assert after.start == before.start + before.length
        assert fields[-1].start + fields[-1].length == observations.size
        assert len({f.name for f in fields}) == len(fields)
        for field in fields:
            assert f"`{field.name}`" in doc, field.name


def test_the_documented_layouts_are_the_codec_s() -> None:
    """docs/rl/viscounts.md lists three layouts field by field: they are the codec's."""
    doc = DOC.read_text(encoding="utf-8")
    sections = re.findall(r"^### (\d) players?, expansions `([a-z,]+)`.*?\n\n(.*?)(?:\n\n|\Z)",
                          doc, flags=re.M | re.S)
    assert len(sections) == 3
    for players, expansions, table in sections:
        rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \| (.+) \|$", table, flags=re.M)
        _, observations = codecs(int(players), expansions)
        assert [(n, int(s), int(k), m) for n, s, k, m in rows] == [
            tuple(f) for f in observations.fields]


def hidden_dealt_anew(state: ViscountsState, seat: int, seed: int) -> ViscountsState:
    """VB-2.2.1, VB-5.2, VB-5.3, VK-2.6, VK-2.7, VG-3.4, VS-1.4: a copy where what ``seat``
    cannot see is dealt anew: the others' hands and draw piles mixed, every draw pile
    reordered, the cards under the piles' tops reordered, the expansions' decks and the
    AI's future schemes reordered, the generator changed."""
    other = state.clone()
    position = other.position
    rng = Rng(seed)
    for p, player in enumerate(position.players):
        kept = 0 if p == seat else len(player.hand)
        cards = player.draw + ([] if p == seat else player.hand)
        rng.shuffle(cards)
        if p != seat:
            player.hand = cards[:kept]
        player.draw = cards[kept:]
    for piles in (position.tf_piles, position.ms_piles):
        for pile in piles:
            under = pile[:-1]
            rng.shuffle(under)
            pile[:-1] = under
    for deck in ("hero_deck", "chest_pile", "outsider_deck"):
        if deck in position.ext:
            rng.shuffle(position.ext[deck])
    if "future" in position.ai:
        rng.shuffle(position.ai["future"])
    position.rng = Rng(seed + 1000)
    return other


@pytest.mark.parametrize(("players", "expansions"),
                         [(2, "none"), (1, "keys,gates"), (4, "keys,gates"), (3, "gates")])
def test_what_a_seat_cannot_see_never_changes_its_observation(players: int,
                                                               expansions: str) -> None:
    """VB-2.2.1: the others' hands and every draw pile's order are hidden, as are the cards
    under the piles' tops (VB-5.2, VB-5.3) and the expansions' decks (VK-2.6, VG-3.4)."""
    _, observations = codecs(players, expansions)
    state = GAME.new_state(players, 3, {"expansions": expansions})
    assert isinstance(state, ViscountsState)
    rng = Rng(4)
    seen_by_other = 0
    for step in range(400):
        if state.is_over():
            break
        if step % 40 == 39:
            seat = state.to_move()
            assert seat is not None
            dealt = hidden_dealt_anew(state, seat, seed=step)
            mine = observations.encode(state.view(seat), seat)
            assert observations.encode(dealt.view(seat), seat) == mine
            for other in range(players):
                if other != seat:
                    before = observations.encode(state.view(other), other)
                    seen_by_other += observations.encode(dealt.view(other), other) != before
        legal = state.legal_actions()
        state.apply_trusted(legal[rng.below(len(legal))])
    assert seen_by_other > 0 or players == 1


def test_one_codec_follows_each_game_s_ring() -> None:
    """VB-5.1, VB-4.1.2: the same segment order with the castle turned faces other
    sections; one codec serves both games."""
    _, observations = codecs(2, "none")
    state = GAME.new_state(2, 1, {})
    assert isinstance(state, ViscountsState)
    turned = state.clone()
    geometry = state.position.geo
    turned.position.geo = new_geometry(load_data(), list(geometry.arrangement),
                                       (geometry.rotation + 1) % 5, 2)
    for game in (state, turned, state):
        check_observation(game, observations)


def test_a_view_of_another_seat_is_refused() -> None:
    _, observations = codecs(2, "none")
    state = GAME.new_state(2, 1, {})
    with pytest.raises(ValueError, match="does not encode as seat 1"):
        observations.encode(state.view(0), 1)


@pytest.mark.soak
@pytest.mark.parametrize("expansions", EXPANSIONS)
def test_thousands_of_random_games_number_every_decision(expansions: str) -> None:
    """The soak run: 250 games per player count and choice of expansions (4,000 in all)."""
    kinds: Counter[str] = Counter()
    for players in (1, 2, 3, 4):
        for seed in range(250):
            kinds += play(players, expansions, seed=100_000 + seed, observe_every=29)
    assert set(kinds) <= set(DECISION_KINDS)
