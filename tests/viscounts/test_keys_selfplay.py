"""Random self-play with Keeper of Keys: conservation, bounds, termination, replay, views.

Every card and chest tile is in exactly one place at every step; a card space holds at most
one chest (VK-R04); scores recompute from the final position; a record replays exactly (the
``expansions`` option is carried in records and positions); views hide hands, draw piles,
the hero deck, the chest pile and face-down AI chests.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from keepers.core.match import make_bots, run_game
from keepers.core.record import GameRecord
from keepers.games.viscounts import GAME, ViscountsState
from keepers.games.viscounts.data import load_data
from keepers.games.viscounts.rules.scoring import final_scores

DATA = load_data()
KEYS = {"expansions": "keys"}
HEROES = {h.id for h in DATA.heroes.values() if h.set in ("Base", "Keys")}
NEUTRALS = Counter({c.id: c.copies for c in DATA.townsfolk.values()
                    if c.set in ("Base", "Keys")})
STARTERS = Counter()
for _card in DATA.townsfolk.values():
    if _card.set == "Starter" and _card.name not in ("Journeyman", "Lender", "Trader"):
        STARTERS[_card.id] += 1
    elif _card.set == "KeysStarter":
        STARTERS[_card.id] += 1
TILES = Counter(t.id for t in DATA.chest_tiles.values() if t.set == "Keys")


def _places(state: ViscountsState) -> tuple[Counter[str], Counter[str]]:
    """Every deck card and every chest tile, counted over all the places they can be."""
    pos = state.position
    cards: Counter[str] = Counter()
    for player in pos.players:
        if not player.is_ai:
            cards.update(player.cards_owned())
    for pile in pos.tf_piles:
        cards.update(pile)
    cards.update(pos.ext["hero_row"])
    cards.update(pos.ext["hero_deck"])
    tiles: Counter[str] = Counter(pos.ext["chest_row"] + pos.ext["chest_pile"])
    for chests in pos.ext["chests"]:
        tiles.update(c for c in chests if c)
    for item in pos.removed:
        if item in TILES:
            tiles[item] += 1
        elif item in DATA.townsfolk or item in DATA.heroes:
            cards[item] += 1
    return cards, tiles


def _check(state: ViscountsState) -> None:
    pos = state.position
    humans = sum(1 for p in pos.players if not p.is_ai)
    expected = NEUTRALS + Counter({h: 1 for h in HEROES})
    for _ in range(humans):
        expected += STARTERS
    cards, tiles = _places(state)
    assert cards == expected
    assert tiles == TILES
    for chests in pos.ext["chests"]:
        assert len(chests) == 3                      # one slot per card space (VK-R04)
    if pos.seats == 1:                               # VK-7.1: the AI chests stay in place
        assert sorted(t for t, _ in pos.ext["ai_chests"]) == ["AI1", "AI2", "AI3"]
        ups = [up for _, up in pos.ext["ai_chests"]]
        assert ups == sorted(ups, reverse=True)      # turned up in space order (VK-7.3)
    built = [b for owned in pos.ext["owned"] for b in owned]
    assert len(built) == len(set(built))             # each public building once (VK-5.3)
    on_board = sorted(kind for _, kind in pos.spots.values() if kind in DATA.public_buildings)
    assert on_board == sorted(built)
    for player in pos.players:
        assert min(player.silver, player.ink, player.gold, player.stone) >= 0
        assert 1 <= player.corruption <= player.virtue <= 7
        if not player.is_ai:
            assert len(player.cards_owned()) >= 3


def _play(players: int, seed: int, bot: str = "random") -> ViscountsState:
    state = GAME.new_state(players, seed, {**GAME.default_options(), **KEYS})
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
        steps += 1
        assert steps < 20_000
    return state


@pytest.mark.parametrize(("players", "seed", "bot"),
                         [(1, 1, "random"), (2, 2, "random"), (3, 3, "greedy"),
                          (4, 4, "random"), (1, 5, "greedy")])
def test_keys_selfplay_invariants(players: int, seed: int, bot: str) -> None:
    """VK-2 to VK-7: conservation of cards and tiles, at most one chest per space, public
    buildings once, no negative amounts; the game ends; scores recompute."""
    state = _play(players, seed, bot)
    assert state.is_over() and not state.capped
    rebuilt = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert [s.total for s in final_scores(rebuilt.position)] == \
        [s.total for s in final_scores(state.position)]
    assert rebuilt.scores() == state.scores()


@pytest.mark.soak
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_keys_selfplay_soak(players: int) -> None:
    """As above, many seeds and both bots (soak run)."""
    for seed in range(20):
        state = _play(players, 100 + seed, ("random", "greedy")[seed % 2])
        assert state.is_over() and not state.capped


def test_keys_record_replays_exactly() -> None:
    """VK-2: the option is carried in the record; the replay reaches the identical position."""
    result, record = run_game(GAME, ["random", "greedy", "random"], seed=21, options=KEYS,
                              keep_record=True)
    assert record is not None
    loaded = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    replayed = loaded.replay()
    assert replayed.scores() == result.scores
    assert "ext" in replayed.to_dict()


def test_keys_clone_and_roundtrip_continue_identically() -> None:
    """clone() shares no Keys state; to_dict/state_from_dict continue identically."""
    state = GAME.new_state(3, 8, KEYS)
    for _ in range(80):
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
    assert json.dumps(rebuilt.to_dict(), sort_keys=True) == json.dumps(state.to_dict(),
                                                                       sort_keys=True)


def test_keys_view_hides_hidden_items_and_renders() -> None:
    """Views: other hands, draw piles, the hero deck and chest pile as counts; the rows,
    chests and public buildings public; the terminal render shows the Keys table."""
    from rich.console import Console

    state = GAME.new_state(2, 9, KEYS)
    while state.position.phase == "setup":
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    assert isinstance(view["players"][1]["hand"], int)
    assert isinstance(view["players"][0]["draw"], int)
    keys = view["keys"]
    assert isinstance(keys["hero_deck"], int) and isinstance(keys["chest_pile"], int)
    assert len(keys["hero_row"]) == 3 and len(keys["chest_row"]) == 4
    assert set(keys["public_buildings"]) == set(DATA.public_buildings)
    assert "chests" in view["players"][1]
    console = Console(record=True, width=200)
    console.print(GAME.render(view))
    text = console.export_text()
    assert "Keeper of Keys" in text and "hero row" in text


def test_greedy_bot_values_keys_decisions() -> None:
    """The greedy bot prefers a public building to its own building, a free space to
    replacing a chest, and declining a replacement least of all but below a free slot."""
    from keepers.games.viscounts.bots import GreedyBot

    bot = GreedyBot(0, 1)
    view = {"players": [{"chests": ["C01", None, None], "icons": {}}]}
    assert bot.value(view, "public PB-workshop 0a") > bot.value(view, "build GH1 0a")
    assert bot.value(view, "chest C02 2") > bot.value(view, "chest C02 1")
    assert bot.value(view, "hero H-K-fara") > bot.value(view, "chest none")


def test_keys_decisions_are_described() -> None:
    """Player-facing text of Keys decisions names chest tiles and public buildings."""
    assert "chest_convert" in GAME.describe_action("chest C05 2")
    assert "15 VP" in GAME.describe_action("public PB-guildhall 3a")
    assert "Fara" in GAME.describe_action("hero H-K-fara")


def test_keys_views_and_positions_are_detached() -> None:
    """Editing a view's or to_dict()'s Keys parts leaves the game unchanged."""
    state = GAME.new_state(3, 4, KEYS)
    for _ in range(150):
        state.apply(state.legal_actions()[0])
    before = json.dumps(state.to_dict(), sort_keys=True)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        view["keys"]["hero_row"].append("x")
        view["keys"]["chest_row"].append("x")
        view["keys"]["public_buildings"]["x"] = 0
        for player in view["players"]:
            player["chests"].append("x")
            player["public_buildings"].append("x")
    data = state.to_dict()
    for value in data["ext"].values():
        if isinstance(value, list):
            value.append("x")
            for item in value:
                if isinstance(item, list):
                    item.append("x")
    assert json.dumps(state.to_dict(), sort_keys=True) == before
