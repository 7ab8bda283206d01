"""The Viscounts builder (issue 12): positions set up in the rules' own terms, always legal
ones (they pass the checks of a position file) or refused in one line."""

from __future__ import annotations

import doctest
import json
from collections import Counter
from typing import Any

import pytest

from keepers.core.errors import RecordError
from keepers.games.viscounts import GAME, builder


def _all_cards(state: Any) -> Counter[str]:
    pos = state.position
    found: Counter[str] = Counter()
    for player in pos.players:
        if not player.is_ai:
            found.update(player.cards_owned())
    for pile in pos.tf_piles:
        found.update(pile)
    found.update(c for c in pos.removed if c in pos.data.cards)
    return found


def test_builder_sets_a_table_in_the_rules_terms() -> None:
    """VB-2.2, VB-2.5, VB-4, VB-8.1: cards by zone, purse, markers, debts and deeds,
    workers by castle place, buildings by spot, a pile's top: each where it was named."""
    s = builder.position(3, seed=4, turn=1, phase="action",
                         hands={1: ["TF-B-courier"]}, draws={1: ["TF-S-abbot", "TF-S-squire"]},
                         discards={1: []}, spaces={1: ["TF-S-thief", None, "TF-B-jeweller"]},
                         purse={1: {"silver": 7, "stone": 2}}, markers={1: (2, 6)},
                         debts={1: (1, 1)}, deeds={2: (2, 1)}, viscounts={1: "9"},
                         castle={0: {"A1": 2, "C3": 1}}, buildings={"5a": (2, "TP2")},
                         townsfolk_tops={3: "TF-B-peddler"}, manuscript_tops={1: "M07"},
                         manuscripts={0: ["M03"]}, leader=2)
    pos, player = s.position, s.position.players[1]
    assert (s.decision().player, pos.phase, pos.current) == (1, "action", 1)  # type: ignore[union-attr]
    assert player.hand == ["TF-B-courier"] and player.draw == ["TF-S-abbot", "TF-S-squire"]
    assert player.discard == [] and player.spaces == ["TF-S-thief", None, "TF-B-jeweller"]
    assert (player.silver, player.stone, player.corruption, player.virtue) == (7, 2, 2, 6)
    assert (player.debts_unpaid, player.debts_paid) == (1, 1)
    assert pos.players[2].deeds_acquired == 2 and pos.players[2].deeds_approved == 1
    assert pos.geo.printed(player.node) == "9"
    assert pos.castle[0][0][0] == 2 and pos.castle[2][2][0] == 1
    assert pos.players[0].supply == 20 - 3
    assert pos.spots == {"5a": [2, "trading_post"]} and not pos.players[2].covered[1]
    assert pos.tf_piles[pos.geo.arrangement.index(3)][-1] == "TF-B-peddler"
    assert pos.ms_piles[pos.geo.arrangement.index(1)][-1] == "M07"
    assert pos.players[0].manuscripts == ["M03"]
    assert pos.leader == 2
    assert _all_cards(s) == _all_cards(builder.position(3, seed=4))            # every card still once (VB-2.2)


def test_builder_takes_cards_from_where_they_are_and_boxes_the_rest() -> None:
    """VB-2.2 / VB-7.4: a card named leaves its old place; cards a named zone held and
    named nowhere leave the game, as destroyed cards do."""
    plain = builder.position(2, seed=3)
    before = plain.position.players[0].cards_owned()
    s = builder.position(2, seed=3, hands={0: []}, draws={0: []}, discards={0: []},
                         spaces={0: [None, None, None]})
    assert s.position.players[0].cards_owned() == []
    assert Counter(before) <= Counter(s.position.removed)
    other = next(c for c in plain.position.players[1].cards_owned() if c.startswith("H-"))
    s = builder.position(2, seed=3, hands={0: [other]})
    assert s.position.players[0].hand == [other]
    assert other not in s.position.players[1].cards_owned()       # the hero of player 1


def test_builder_starts_any_phase_of_a_turn() -> None:
    """VB-6.1 to VB-6.6: each phase starts as the rules start it (the cards shift right
    in phase 1, a move of the turn's distance in phase 2)."""
    s = builder.position(2, turn=0, spaces={0: ["TF-S-squire", "TF-S-thief", "TF-S-abbot"]})
    assert s.position.phase == "manage" and s.decision().kind == "play"  # type: ignore[union-attr]
    assert s.position.players[0].spaces[1:] == ["TF-S-squire", "TF-S-thief"]
    s = builder.position(2, turn=1, phase="move", distance=2, viscounts={1: "5"},
                         purse={1: {"silver": 0}})
    assert s.decision().kind == "move" and len(s.legal_actions()) > 1  # type: ignore[union-attr]
    s = builder.position(2, turn=0, phase="recruit", effect="gain_resource(1)",
                         purse={0: {"ink": 0}})
    assert s.decision().kind == "resource" and s.position.phase == "recruit"  # type: ignore[union-attr]
    s.apply("take ink")
    assert s.position.players[0].ink == 1


def test_builder_sets_up_solo_and_expansion_games() -> None:
    """VS-1, VK-5, VG-3: the AI's turn, a public building, both expansions."""
    s = builder.position(1, expansions="keys,gates", turn=1, round=3)
    assert s.position.round == 3 and s.position.players[1].is_ai
    assert s.position.phase == "ai" and s.decision() is not None
    s = builder.position(1, turn=1, phase="collision", markers={1: (3, 3)})   # VS-2.5
    assert s.position.phase == "collision" and s.position.current == 1
    s = builder.position(2, expansions="keys", buildings={"1a": (0, "PB-workshop")})
    assert s.position.ext["owned"][0] == ["PB-workshop"]
    s = builder.position(3, expansions="gates", turn=1, spaces={0: ["KO", None, None]})
    assert s.position.players[0].spaces[0] == "KO"
    s = builder.position(2, expansions="gates", boards={0: "MB1", 1: "MB3"})
    assert s.position.ext["boards"] == ["MB1", "MB3"]                   # VG-2.1
    assert [p.manuscripts for p in s.position.players] == [["MB1-S"], ["MB3-S"]]


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"hands": {0: ["TF-X-nobody"]}}, "hands[0] names 'TF-X-nobody'"),
    ({"hands": {0: ["TF-B-jeweller"] * 9}}, "dealt twice"),
    ({"hands": {1: ["TF-S-abbot"]}, "players": 1}, "hands[1] names the solo AI"),
    ({"spaces": {0: ["TF-S-abbot"]}}, "spaces[0] must name 3"),
    ({"castle": {0: {"A1": 21}}}, "castle[0] places more workers"),
    ({"castle": {0: {"F1": 1}}}, "castle[0] names the place 'F1'"),
    ({"buildings": {"9z": (0, "WS1")}}, "buildings names the spot '9z'"),
    ({"buildings": {"1a": (0, "PB-workshop")}}, "not a public building left"),
    ({"buildings": {"1a": (0, "XX9")}}, "not a slot of player 0"),
    ({"debts": {0: (30, 0)}}, "more debts, but 12 lie above the poverty card"),
    ({"deeds": {0: (1, 2)}}, "deeds[0] approve 2 of 1"),
    ({"viscounts": {0: "11"}}, "viscounts[0] names the space '11'"),
    ({"purse": {0: {"copper": 1}}}, "purse[0] names 'copper'"),
    ({"purse": {0: {"silver": -1}}}, "players[0].silver must be"),
    ({"markers": {0: (5, 3)}}, "players[0].virtue must be"),
    ({"phase": "lunch"}, "phase must be one of"),
    ({"phase": "move", "turn": 1, "players": 1}, "not the AI's"),
    ({"turn": 5}, "turn names the player 5"),
    ({"effect": "gain(silver="}, "effect 'gain(silver=' is not an effect"),
    ({"townsfolk_tops": {6: "TF-B-courier"}}, "townsfolk_tops names the segment 6"),
    ({"expansions": "dragons"}, "expansions"),
    ({"manuscript_tops": {1: "M99"}}, "manuscript_tops[1] names 'M99'"),
    ({"boards": {0: "MB1"}}, "boards[0] names 'MB1', not a manuscript board"),
    ({"manuscripts": {0: ["M01", "M01"]}}, "manuscripts[0] names 'M01'"),
])
def test_builder_refuses_impossible_tables(kwargs: dict[str, Any], words: str) -> None:
    """VB-1, VB-2.2: a table the components cannot make is refused in one line naming it."""
    players = kwargs.pop("players", 2)
    with pytest.raises(RecordError) as info:
        builder.position(players, **kwargs)
    message = str(info.value)
    assert "\n" not in message and words in message, message


def test_builder_positions_load_like_files() -> None:
    """A built position is a position file's position: it writes, loads and plays on."""
    s = builder.position(4, expansions="keys,gates", turn=2, phase="action",
                         viscounts={2: "3"}, purse={2: {"silver": 9, "ink": 3}})
    loaded = GAME.state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert loaded.legal_actions() == s.legal_actions()
    assert all(loaded.view(seat) == s.view(seat) for seat in (0, 1, 2, 3, None))


def test_builder_example_runs() -> None:
    """The example in the builder's documentation gives what it shows."""
    results = doctest.testmod(builder)
    assert results.attempted and not results.failed
