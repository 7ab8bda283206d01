"""Positions read from files are checked in full (GR-1.4, GR-2.7, GR-14, GR-28.3), and the
builder sets up positions in the rules' own terms.

Each corrupt position is refused with one line naming its field; the dict
handed in is left as it was.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from test_gd_selfplay import check_invariants

from keepers.core.bots import RandomBot
from keepers.core.errors import KeepersError, RecordError
from keepers.games.gardiens import GAME, builder
from keepers.games.gardiens.game import GardiensState

Change = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="module")
def midgame() -> dict[str, Any]:
    """A 3-player position after 150 random decisions, as read back from JSON."""
    st = GAME.new_state(3, 21, {})
    bots = [RandomBot(p, 21) for p in range(3)]
    for _ in range(150):
        st.apply(bots[st.to_move() or 0].choose(None, st.legal_actions()))
    data: dict[str, Any] = json.loads(json.dumps(st.to_dict()))
    return data


def _set(key: str, value: Any) -> Change:
    return lambda d: d.__setitem__(key, value)


def _card_twice(d: dict[str, Any]) -> None:
    d["hands"][0].append(d["deck"][0])


def _unknown_card(d: dict[str, Any]) -> None:
    d["deck"][0] = "AC99#1"


def _one_sided_alliance(d: dict[str, Any]) -> None:
    d["ally"] = [1, -1, -1]


def _nested_ctx(d: dict[str, Any]) -> None:
    d["ctx"] = {"card": {"deep": [1]}}


def _combat_dice(d: dict[str, Any]) -> None:
    d["last_combat"] = {"attacker": "red", "defender": "blue", "from": "T01", "to": "T02",
                        "engaged": 1, "attack_card": "", "defence_card": "", "magic": 0,
                        "attack_dice": ["7"], "defence_dice": [], "attack_total": 1,
                        "defence_total": 0, "outcome": "attacker"}


def _owner_out_of_range(d: dict[str, Any]) -> None:
    d["owner"][0] = 10**6


def _unknown_objective(d: dict[str, Any]) -> None:
    d["objectives"][0][0] = "OB99"


CASES: dict[str, tuple[Change, str]] = {
    "round 10**6 (GR-17.7)": (_set("round", 10**6), "round must be a whole number from 0 to 61"),
    "players 3.9": (_set("players", 3.9), "players must be a whole number"),
    "players not the count of n": (_set("n", 4), "n must be the player count 3"),
    "rng negative": (_set("rng", -5), "rng must be a whole number"),
    "turn beyond the players (GR-4)": (_set("turn_in_round", 9), "turn_in_round must be"),
    "actions beyond the turn's two (GR-6.1)": (_set("actions_taken", 7), "actions_taken"),
    "unknown phase": (_set("phase", "teleport"), "phase must be one of"),
    "over without an end reason (GR-19)": (_set("over", True), "over must be true exactly"),
    "owner beyond the players (GR-2)": (_owner_out_of_range, "owner[0] must be"),
    "Action card twice (GR-1.4)": (_card_twice, "Action cards do not add up"),
    "unknown Action card": (_unknown_card, "deck[0] must be one of"),
    "one-sided alliance (GR-15.1)": (_one_sided_alliance, "ally[0] must name another player"),
    "nested decision context": (_nested_ctx, "ctx.card must be"),
    "die face not on the dice (GR-10)": (_combat_dice, "last_combat.attack_dice[0] must be"),
    "unknown objective (GR-24)": (_unknown_objective, "objectives[0][0] must be one of"),
    "dice injected off the dice (GR-28.2)": (_set("forced_dice", ["7"]), "forced_dice[0]"),
    "free trade (GR-11)": (_set("ctx", {"rate": 0, "done": 0}), "ctx.rate must be"),
    "attack on a hex off the board (GR-2.7)": (_set("ctx", {"T": 99}), "ctx.T must be"),
    "card being played unknown (GR-22)": (_set("ctx", {"card": "AC99#9"}), "ctx.card must be"),
    "round cap beyond reason": (lambda d: d["options"].update(max_rounds=10**9),
                                "options.max_rounds must be"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_corrupt_position_is_refused_naming_its_field(midgame: dict[str, Any],
                                                      case: str) -> None:
    """GR-1.4 GR-14 GR-28.3: one line naming the field; the input dict is left as it was."""
    change, words = CASES[case]
    data = copy.deepcopy(midgame)
    change(data)
    before = json.dumps(data, sort_keys=True)
    with pytest.raises(RecordError) as info:
        GAME.state_from_dict(data)
    text = str(info.value)
    assert words in text and "\n" not in text and text.startswith("bad Gardiens position")
    assert json.dumps(data, sort_keys=True) == before


def test_the_uncorrupted_position_loads(midgame: dict[str, Any]) -> None:
    """GR-28.3: the position every case above corrupts loads (each case tests its defect)."""
    st = GAME.state_from_dict(copy.deepcopy(midgame))
    assert isinstance(st, GardiensState) and st.to_dict() == midgame
    check_invariants(st)


# ------------------------------------------------------------------ the builder
def test_builder_sets_a_table_in_the_rules_terms() -> None:
    """GR-1.4 GR-6: named guardians, buildings, cubes and cards; the rest where setup keeps
    it; the first player to choose an action."""
    st = builder.position(3, guardians={"T15": (0, 3), "T21": (2, 1)},
                          buildings={"T15": "fortress"}, cubes={2: {"gold": 2, "magic": 1}},
                          hands={1: ["AC01", "AC01"]}, first=2)
    decision = st.decision()
    assert decision is not None and (decision.player, st.phase) == (2, "action")
    assert st.reserve == [7, 10, 9] and st.hex_building(st.hex_of("T15")) == "fortress"
    assert [c.split("#")[0] for c in st.hands[1]] == ["AC01", "AC01"]
    assert st.cubes[2] == [0, 0, 2, 0, 1] and len(st.river) == st.data.rule("river_size")
    check_invariants(st)


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"guardians": {"T99": (0, 1)}}, "no hex 'T99'"),
    ({"guardians": {"T01": (0, 11)}}, "cannot stand on T01"),
    ({"buildings": {"T01": "castle"}}, "no 'castle' tile"),
    ({"cubes": {0: {"silver": 1}}}, "unknown resource"),
    ({"hands": {0: ["AC99"]}}, "no copy of 'AC99'"),
])
def test_builder_refuses_impossible_tables(kwargs: dict[str, Any], words: str) -> None:
    """GR-1.4 GR-2.7 GR-14: a table the components cannot make is refused in one line."""
    with pytest.raises(KeepersError, match=words):
        builder.position(2, **kwargs)


def test_builder_example_runs() -> None:
    """The example in the builder's documentation gives what it shows."""
    import doctest

    results = doctest.testmod(builder)
    assert results.attempted >= 3 and results.failed == 0


def test_shadows_stand_on_their_origins_during_setup() -> None:
    """GR-25.2: before round 1 the co-op Shadows are on their origins; a position that moves
    one (found by the mutation tests: guardians were then placed under it) is refused."""
    st = GAME.new_state(3, 6, {"coop": True})
    data = json.loads(json.dumps(st.to_dict()))
    assert data["round"] == 0 and data["phase"] == "forward"
    data["shadow_pos"][0] = 3
    with pytest.raises(RecordError, match="shadow_pos must be the Shadows' origins"):
        GAME.state_from_dict(data)
