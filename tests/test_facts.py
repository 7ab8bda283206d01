"""Each game's facts (``Game.facts``): what the end of a finished all-bot game reveals,
in the shape the simulator stores and ``keepers report`` reads."""

from __future__ import annotations

from typing import Any

import pytest

from installed import installed_games
from keepers.core.game import GameState
from keepers.core.match import make_bots, play_bots
from keepers.core.registry import get_game


def _finished(name: str, players: int, seed: int) -> tuple[GameState, dict[str, Any]]:
    game = get_game(name)
    state = game.new_state(players, seed, game.check_options({}))
    play_bots(state, make_bots(game, ["greedy"] * players, seed, game_seed=True))
    assert state.is_over()
    return state, game.facts(state)


def _well_formed(value: Any) -> bool:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return True
    if isinstance(value, list):
        return all(isinstance(item, str) for item in value)
    return isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, int) for k, v in value.items())


@pytest.mark.parametrize("name", installed_games())
def test_facts_name_each_seat_and_the_game_in_the_report_shape(name: str) -> None:
    state, facts = _finished(name, 2, 3)
    assert set(facts) == {"seats", "game"}
    assert len(facts["seats"]) == state.num_players
    for group in [*facts["seats"], facts["game"]]:
        assert group and all(_well_formed(value) for value in group.values()), group


def test_gardiens_facts_are_the_objectives_reached_of_those_dealt() -> None:
    state, facts = _finished("gardiens", 3, 5)
    for p, seat in enumerate(facts["seats"]):
        dealt = state.objectives[p]  # type: ignore[attr-defined]
        achieved = state.achieved[p]  # type: ignore[attr-defined]
        assert seat["objectives_dealt"] == dealt                                # GR-24
        assert seat["objectives_reached"] == [o for o, a in zip(dealt, achieved, strict=True) if a]
    drawn = facts["game"]["events_drawn"]                                       # GR-23
    assert len(drawn) == len(state.event_discard) and all(e.startswith("EV") for e in drawn)  # type: ignore[attr-defined]


def test_keythedral_facts_are_the_tiles_bought_and_the_laws_played() -> None:
    state, facts = _finished("keythedral", 3, 5)
    position = state.position  # type: ignore[attr-defined]
    for p, seat in enumerate(facts["seats"]):
        assert sorted(seat["buildings_bought"]) == sorted(position.owned[p])    # KT-10.3
        assert seat["laws_in_hand"] == position.hands[p]
    played = [law for seat in facts["seats"] for law in seat["laws_played"]]    # KT-4.10
    assert sorted(played) == sorted(facts["game"]["laws_played"])


def test_viscounts_facts_count_the_points_of_the_final_score() -> None:
    state, facts = _finished("viscounts", 2, 5)
    for seat, score in zip(facts["seats"], state.scores(), strict=True):
        assert sum(seat["points"].values()) == score                             # VB-9.1
        assert not any(card.startswith("TF-S-") for card in seat["townsfolk"])   # VB-2.2.3
    solo_state, solo = _finished("viscounts", 1, 5)
    assert len(solo["seats"]) == 1            # the solo AI is no deciding seat
