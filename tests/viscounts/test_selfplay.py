"""Random self-play invariants: conservation, bounds, termination, replay, clone, views."""

from __future__ import annotations

import json

import pytest

from keepers.core.errors import RuleError
from keepers.core.match import make_bots, run_game
from keepers.core.record import GameRecord
from keepers.games.viscounts import GAME, ViscountsState


def _total_cards(state: ViscountsState) -> int:
    owned = sum(len(p.cards_owned()) for p in state.position.players if not p.is_ai)
    return owned + sum(len(p) for p in state.position.tf_piles) + sum(
        1 for c in state.position.removed if not c.startswith("PRINTED"))


def _check(state: ViscountsState, expected_cards: int) -> None:
    """VB-1.6 / VB-2.2.3 / VB-4.2.6 invariants of one position."""
    assert _total_cards(state) == expected_cards
    for seat, player in enumerate(state.position.players):
        for key in ("silver", "ink", "gold", "stone", "debts_unpaid", "debts_paid",
                    "deeds_acquired", "deeds_approved"):
            assert getattr(player, key) >= 0, (seat, key)
        assert 1 <= player.corruption <= player.virtue <= 7
        in_castle = sum(state.position.castle[s][t][seat] for s in range(5) for t in range(3))
        assert player.supply >= 0 and player.supply + in_castle == 20
        if not player.is_ai and state.position.phase != "setup":
            assert len(player.cards_owned()) >= 3
    for section in state.position.castle:
        for tier in section:
            assert min(tier) >= 0


def _play_checked(players: int, seed: int, bot: str = "random") -> ViscountsState:
    state = GAME.new_state(players, seed, GAME.default_options())
    assert isinstance(state, ViscountsState)
    expected = 68 + 9 * (players if players > 1 else 1)
    bots = make_bots(GAME, [bot] * players, seed)
    steps = 0
    while not state.is_over():
        decision = state.decision()
        assert decision is not None
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        view = state.view(decision.player)
        state.apply(bots[decision.player].choose(view, legal))
        if state.position.phase != "setup":
            _check(state, expected)
        steps += 1
        assert steps < 20_000
    return state


@pytest.mark.parametrize("players,seed", [(1, 3), (2, 4), (3, 5), (4, 6)])
def test_random_selfplay_invariants(players: int, seed: int) -> None:
    """Card conservation, no negative amounts, 20 workers, game ends (VB-8.2)."""
    state = _play_checked(players, seed)
    assert state.is_over() and not state.capped
    assert state.position.last_round and state.position.round == state.position.last_round + 1
    assert len(state.scores()) == players


@pytest.mark.parametrize("players", [1, 2, 4])
def test_greedy_selfplay_ends(players: int) -> None:
    """The greedy bot plays complete games."""
    result, _ = run_game(GAME, ["greedy"] * players, seed=11)
    assert not result.capped and result.rounds > 3


def test_replay_reproduces_game() -> None:
    """A record replays to the identical position (all chance from the state's Rng)."""
    result, record = run_game(GAME, ["random", "greedy", "random"], seed=21, keep_record=True)
    assert record is not None
    loaded = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    replayed = loaded.replay()
    assert replayed.scores() == result.scores
    again = loaded.replay()
    assert json.dumps(again.to_dict(), sort_keys=True) == json.dumps(replayed.to_dict(),
                                                                     sort_keys=True)


def test_clone_is_independent_and_position_roundtrips() -> None:
    """clone() shares nothing mutable; to_dict/state_from_dict continue identically."""
    state = GAME.new_state(3, 8, GAME.default_options())
    for _ in range(60):
        state.apply(state.legal_actions()[-1])
    before = json.dumps(state.to_dict(), sort_keys=True)
    twin = state.clone()
    for _ in range(30):
        twin.apply(twin.legal_actions()[0])
    assert json.dumps(state.to_dict(), sort_keys=True) == before
    rebuilt = GAME.state_from_dict(json.loads(before))
    assert rebuilt.legal_actions() == state.legal_actions()
    for _ in range(30):
        action = state.legal_actions()[0]
        state.apply(action)
        rebuilt.apply(action)
    assert json.dumps(rebuilt.to_dict(), sort_keys=True) == json.dumps(state.to_dict(),
                                                                       sort_keys=True)


def test_view_hides_hands_and_draw_piles() -> None:
    """Hidden information: other hands and every draw pile are counts only."""
    state = GAME.new_state(3, 9, GAME.default_options())
    while state.position.phase == "setup":
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    me, other = view["players"][0], view["players"][1]
    assert isinstance(me["hand"], list) and isinstance(other["hand"], int)
    assert isinstance(me["draw"], int) and isinstance(other["draw"], int)
    spectator = state.view(None)
    assert all(isinstance(p["hand"], int) for p in spectator["players"])
    json.dumps(view)


def test_illegal_input_refused_with_clause_state_unchanged() -> None:
    """A refused decision names its clause and leaves the state exactly as it was."""
    state = GAME.new_state(2, 12, GAME.default_options())
    while state.position.phase == "setup":
        state.apply(state.legal_actions()[0])
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(RuleError) as info:
        state.apply("play TF-B-nonexistent")
    assert info.value.clause == "VB-6.1.2"
    assert json.dumps(state.to_dict(), sort_keys=True) == before
    with pytest.raises(RuleError):
        state.apply_as(1 - state.to_move(), state.legal_actions()[0])  # type: ignore[operator]
    assert json.dumps(state.to_dict(), sort_keys=True) == before


def test_render_produces_rich_renderable() -> None:
    """render(view) returns something Rich can print."""
    from rich.console import Console

    state = GAME.new_state(1, 2, GAME.default_options())
    console = Console(record=True, width=160)
    console.print(GAME.render(state.view(0)))
    assert "Castle" in console.export_text()


@pytest.mark.soak
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_soak_many_games(players: int) -> None:
    """Soak: many checked random and greedy games per player count."""
    for seed in range(100, 150):
        for bot in ("random", "greedy"):
            state = _play_checked(players, seed, bot)
            assert not state.capped


def test_greedy_beats_random_usually() -> None:
    """The greedy bot wins most 2-player games against the random bot."""
    wins = 0
    for seed in range(6):
        seats = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        result, _ = run_game(GAME, seats, seed=seed)
        wins += seats.index("greedy") in result.winners
    assert wins >= 4


def test_describe_action_names_cards() -> None:
    """describe_action turns ids into card names for players."""
    assert GAME.describe_action("play TF-B-courier").startswith("play Courier")


@pytest.mark.parametrize("board", ["cleric", "builder", "noble", "merchant"])
def test_vs_1_2_every_ai_board_plays_to_the_end(board: str) -> None:
    """VS-1.2: each of the four AI boards plays complete games."""
    result, _ = run_game(GAME, ["greedy"], seed=5, options={"ai": board})
    assert not result.capped and len(result.scores) == 1


@pytest.mark.parametrize("players", [1, 2, 4])
def test_greedy_values_a_lazy_view_as_the_whole_view(players: int) -> None:
    """The greedy bot values every decision alike from its lazy view (entries computed
    when read) and from the same view whole: compiled, a view typed ``dict`` would be read
    with dict's own ``get``, which skips the entries not computed yet."""
    state = GAME.new_state(players, 5, GAME.check_options({}))
    bots = make_bots(GAME, ["greedy"] * players, 5, game_seed=True)
    compared = 0
    while not state.is_over() and compared < 100:
        seat, legal = state.to_move(), state.legal_actions()
        assert seat is not None
        if len(legal) > 1:
            lazy, whole = state.bot_view(seat), state.bot_view(seat).whole()
            fresh = type(bots[seat])                 # a bot per view: no memo shared
            assert ([fresh(seat, 0).value(lazy, a) for a in legal]
                    == [fresh(seat, 0).value(whole, a) for a in legal])
            compared += 1
        state.apply_trusted(bots[seat].choose(state.bot_view(seat), legal))
    assert compared == 100
