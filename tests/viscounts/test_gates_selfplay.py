"""Random self-play in the four configurations (base, keys, gates, keys+gates), 1-4 players.

At every step: every deck card (townsfolk, heroes, outsiders) is in exactly one place and the
king's orders are conserved (pile + decks = 24, VG-4); chest tiles as with Keeper of Keys;
no negative amounts; markers on the track; no deck below three cards.  Every game ends,
scores recompute from the final position, a record replays exactly, and views hide hands,
draw piles and the outsider deck (VG-3.4) until the outsiders are public at the end (VG-8.5).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from keepers.core.match import make_bots, run_game
from keepers.core.record import GameRecord
from keepers.games.viscounts import GAME, ViscountsState
from keepers.games.viscounts.data import load_data
from keepers.games.viscounts.rules.concepts import card_sets, gates_on, keys_on
from keepers.games.viscounts.rules.scoring import final_scores

DATA = load_data()
CONFIGS = ("none", "keys", "gates", "keys,gates")


def _expected(state: ViscountsState) -> Counter[str]:
    """Every deck card of the game: neutrals, heroes, starting decks, outsiders."""
    pos = state.position
    sets = card_sets(pos)
    cards: Counter[str] = Counter({c.id: c.copies for c in DATA.townsfolk.values()
                                   if c.set in sets})
    if keys_on(pos):                 # the unpicked heroes form the hero deck (VK-2.7)
        cards.update(h.id for h in DATA.heroes.values() if h.set in sets)
    starters = Counter({c.id: 1 for c in DATA.townsfolk.values() if c.set == "Starter"})
    if keys_on(pos):
        replaced = {c.name for c in DATA.townsfolk.values() if c.set == "KeysStarter"}
        starters = Counter({c.id: 1 for c in DATA.townsfolk.values()
                            if (c.set == "Starter" and c.name not in replaced)
                            or c.set == "KeysStarter"})
    for _ in range(sum(1 for p in pos.players if not p.is_ai)):
        cards += starters
    if gates_on(pos):
        cards.update(o.id for o in DATA.outsiders.values() if o.set == "Gates")
    return cards


def _places(state: ViscountsState) -> tuple[Counter[str], int]:
    """Deck cards counted over every place they can be, and the king's orders."""
    pos = state.position
    cards: Counter[str] = Counter()
    for player in pos.players:
        if not player.is_ai:
            cards.update(player.cards_owned())
    for pile in pos.tf_piles:
        cards.update(pile)
    for key in ("hero_row", "hero_deck", "outsider_row", "outsider_deck"):
        cards.update(pos.ext.get(key, ()))
    cards.update(c for c in pos.removed if c in DATA.cards)
    orders = cards.pop("KO", 0)
    return cards, orders


def _check(state: ViscountsState) -> None:
    pos = state.position
    cards, orders = _places(state)
    if not keys_on(pos):             # without Keeper of Keys the unpicked heroes stay boxed
        heroes = Counter({c: n for c, n in cards.items() if c in DATA.heroes})
        assert set(heroes.values()) <= {1}
        cards -= heroes
    assert cards == _expected(state)
    if gates_on(pos):
        assert orders + pos.ext["ko_pile"] == DATA.kings_order_count      # VG-4
        assert len(pos.ext["outsider_row"]) <= 3
        owners = [owner for _, owner in pos.ext["builders"]]
        assert all(-1 <= o < len(pos.players) for o in owners)
    else:
        assert orders == 0
    for player in pos.players:
        assert min(player.silver, player.ink, player.gold, player.stone) >= 0
        assert 1 <= player.corruption <= player.virtue <= 7
        if not player.is_ai:
            assert len(player.cards_owned()) >= 3


def _check_views(state: ViscountsState) -> None:
    pos = state.position
    for viewer in [None, *range(pos.seats)]:
        view = state.view(viewer)
        text = json.dumps(view)
        for player in view["players"]:
            assert isinstance(player["draw"], int)
            if player["seat"] != viewer:
                assert isinstance(player["hand"], int)
        if gates_on(pos):
            assert isinstance(view["gates"]["outsider_deck"], int)
            hidden = set(pos.ext["outsider_deck"])
            assert not any(f'"{o}"' in text for o in hidden)
            if pos.phase not in ("end", "over"):
                assert all("outsiders" not in p for p in view["players"])


def _play(config: str, players: int, seed: int, bot: str = "random") -> ViscountsState:
    state = GAME.new_state(players, seed, {**GAME.default_options(), "expansions": config})
    assert isinstance(state, ViscountsState)
    bots = make_bots(GAME, [bot] * players, seed)
    steps = 0
    while not state.is_over():
        decision = state.decision()
        assert decision is not None
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        state.apply(bots[decision.player].choose(state.view(decision.player), legal))
        if state.position.phase != "setup":
            _check(state)
        if steps % 97 == 0:
            _check_views(state)
        steps += 1
        assert steps < 30_000
    _check_views(state)
    return state


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_selfplay_invariants_in_every_configuration(config: str, players: int) -> None:
    """VG-3 / VG-4 / VG-8 / VK-2: conservation of cards and king's orders, bounds, the game
    ends (not by the round cap), scores recompute from the final position."""
    state = _play(config, players, 40 + players, ("random", "greedy")[players % 2])
    assert state.is_over() and not state.capped
    rebuilt = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert [s.total for s in final_scores(rebuilt.position)] == \
        [s.total for s in final_scores(state.position)]
    assert rebuilt.scores() == state.scores()


@pytest.mark.soak
@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_selfplay_soak_in_every_configuration(config: str, players: int) -> None:
    """As above, many seeds and both bots (soak run). A random player may never take a debt
    or a deed, so a random game may end by the round cap; a greedy game never does."""
    for seed in range(25):
        bot = ("random", "greedy")[seed % 2]
        state = _play(config, players, 300 + seed, bot)
        assert state.is_over() and (bot == "random" or not state.capped)


@pytest.mark.parametrize("config", ["gates", "keys,gates"])
def test_gates_record_replays_exactly(config: str) -> None:
    """VG-3: the option is carried in the record; the replay reaches the identical position."""
    result, record = run_game(GAME, ["random", "greedy", "random"], seed=23,
                              options={"expansions": config}, keep_record=True)
    assert record is not None
    loaded = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    replayed = loaded.replay()
    assert replayed.scores() == result.scores
    assert replayed.to_dict()["ext"]["expansions"] == config


def test_gates_clone_and_roundtrip_continue_identically() -> None:
    """clone() shares no Gates state; to_dict/state_from_dict continue identically."""
    state = GAME.new_state(3, 8, {"expansions": "keys,gates"})
    for _ in range(120):
        state.apply(state.legal_actions()[-1])
    before = json.dumps(state.to_dict(), sort_keys=True)
    twin = state.clone()
    for _ in range(40):
        twin.apply(twin.legal_actions()[0])
    assert json.dumps(state.to_dict(), sort_keys=True) == before
    rebuilt = GAME.state_from_dict(json.loads(before))
    for _ in range(40):
        action = state.legal_actions()[0]
        assert rebuilt.legal_actions() == state.legal_actions()
        state.apply(action)
        rebuilt.apply(action)
    assert json.dumps(rebuilt.to_dict(), sort_keys=True) == \
        json.dumps(state.to_dict(), sort_keys=True)
