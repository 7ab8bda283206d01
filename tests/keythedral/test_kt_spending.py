"""Phase 3 and building tiles: KT-7, KT-10, KT-14 and worked examples KT-17.6, 17.7, 17.10."""

from __future__ import annotations

import pytest
from kthelp import at_turn, board, cubes, deal_card, give, new, play

from keepers.core.errors import RuleError
from keepers.games.keythedral import KeythedralState, builder

STANDARD = {(0, 0): "quarry", (2, 2): "quarry", (2, 0): "forest", (0, 2): "forest"}


def _three(first: int = 0) -> KeythedralState:
    s = new(3, first=first)  # Red 0, Blue 1, Green 2
    board(s, STANDARD, {(-1, 1): (0, 1, False), (3, 1): (1, 1, False), (1, 3): (2, 1, False)})
    return s


def _three_at_turn(stocks: dict[int, dict[str, int]]) -> KeythedralState:
    """The table of ``_three`` set up by the builder, at seat 0's spending turn."""
    return builder.position(3, fields=STANDARD, stocks=stocks, turn=0,
                            cottages={(-1, 1): (0, 1), (3, 1): (1, 1), (1, 3): (2, 1)})


def _put_on_mat(s: KeythedralState, row: int, tiles: list[str | None]) -> None:
    """Lay exactly these tiles on a row; displaced ones go to the unused pile."""
    for r in range(len(s.position.rows)):
        for t in tiles:
            if t in s.position.rows[r]:
                s.position.rows[r][s.position.rows[r].index(t)] = None
            if t in s.position.unused[r]:
                s.position.unused[r].remove(t)
    for t in s.position.rows[row]:
        if t is not None and t not in tiles:
            s.position.unused[row].append(t)
    s.position.rows[row] = list(tiles)


def test_worked_example_end_of_spending() -> None:
    """KT-17.6, KT-7.2, KT-7.3, KT-7.10, KT-7.12, KT-4.13: passes in a row end phase 3."""
    s = _three(first=0)
    give(s, 0, black=2, brown=2, blue=2, green=2)
    give(s, 1, brown=2)
    give(s, 2, red=2)
    at_turn(s, 0)
    tile = next(a for a in s.legal_actions() if a.startswith("buy"))
    play(s, tile, "pay")
    assert s.position.passes == 0
    play(s, "pass")
    assert s.position.passes == 1 and s.decision().player == 2  # type: ignore[union-attr]
    play(s, "law 1", "pay red")
    assert s.position.retired[2] and s.position.passes == 0 and len(s.position.hands[2]) == 1
    assert s.decision().player == 0  # type: ignore[union-attr]
    play(s, "pass")
    assert s.decision().player == 1  # type: ignore[union-attr]  # Green is skipped
    play(s, "fence 3,1 2,0")
    assert s.position.passes == 0
    play(s, "pass", "pass")
    assert s.position.phase == 5  # two passes = the two players not retired


def test_phase_ends_when_everyone_retired() -> None:
    """KT-7.3, KT-7.10: when every player has retired phase 3 ends."""
    s = _three(first=0)
    for p in range(3):
        give(s, p, blue=1)
    s.position.law_spaces = ["C01", "C08"]
    s.position.deck.remove("C01")
    s.position.deck.remove("C08")
    at_turn(s, 0)
    play(s, "law 1", "pay blue", "law 2", "pay blue")
    assert s.decision().player == 2 and not s.legal_actions()[0].startswith("law")  # type: ignore[union-attr]
    play(s, "pass")
    assert s.position.phase == 5 or s.decision().kind in ("bid", "law")  # type: ignore[union-attr]


def test_worked_example_craftsman_refill_and_trader() -> None:
    """KT-17.7, KT-7.9, KT-7.11, KT-16.12, KT-16.13, KT-16.34: refill from the store; trader needs stock."""
    s = _three()
    s.position.craftsmen = [0, 0, 0, 0, 0, 10, 0, 10]
    s.position.store = [19, 17, 15, 3, 0, 0, 2, 0]
    s.position.stocks[2] = [1, 3, 0, 0, 0, 1, 0, 0]
    at_turn(s, 2)
    play(s, "craft purple", "pay brown", "pay brown", "pay black")
    assert cubes(s, 2) == {"brown": 1, "white": 1, "purple": 1}
    assert s.position.store[6] == 1 and s.position.craftsmen[6] == 0
    at_turn(s, 2)
    assert "trade red" not in s.legal_actions()
    play(s, "trade green", "pay white", "pay brown")
    assert cubes(s, 2) == {"purple": 1, "green": 1}
    assert s.position.store[6] == 1 and s.position.store[3] == 2 and s.position.store[4] == 0
    assert s.position.store[0] == 20 and s.position.store[1] == 20 and s.position.store[5] == 1


def test_craft_unavailable_and_prices() -> None:
    """KT-7.9, KT-0.7: no craft cube anywhere means no purchase; prices 2, 3, 4 cubes."""
    s = _three()
    s.position.craftsmen[7] = 0
    s.position.store[7] = 0
    give(s, 0, blue=3)
    at_turn(s, 0)
    legal = s.legal_actions()
    assert "craft white" in legal and "craft purple" in legal
    assert "craft yellow" not in legal


def test_worked_example_purchase_with_decrease_and_change_of_style() -> None:
    """KT-17.10, KT-10.3, KT-10.4, KT-10.6, KT-10.7, KT-12.3, KT-12.5, KT-16.40: swap colours, row reveal."""
    s = _three(first=0)
    _put_on_mat(s, 0, [None, None, None, None])
    _put_on_mat(s, 1, [None, None, None, "B06-6"])
    s.position.revealed[1] = True
    s.position.price_cards[(1, 3)] = ("C03",)
    s.position.deck.remove("C03")
    deal_card(s, 0, "C05")
    give(s, 0, red=2, brown=1, blue=1)
    at_turn(s, 0)
    assert "buy B06-6" in s.legal_actions()
    play(s, "buy B06-6")
    d = s.decision()
    assert d is not None and d.kind == "law" and d.player == 0  # WB_BUYER; others passed silently
    play(s, "play C05", "remove black", "style resources", "as red", "as red", "as blue")
    assert s.legal_actions() == ["pay", "withdraw"]
    play(s, "pay")
    assert cubes(s, 0) == {"brown": 1} and s.position.owned[0] == ["B06-6"]
    assert "C03" in s.position.discard and "C05" in s.position.discard
    assert s.position.revealed[2]
    give(s, 1, brown=2, blue=2, green=2, red=1, white=1)
    assert s.decision().player == 1  # type: ignore[union-attr]
    s._legal = None
    assert any(a.startswith("buy B08") for a in s.legal_actions())


def test_declaration_needs_ability_to_pay() -> None:
    """KT-10.3, KT-0.7, KT-16.37: a tile the buyer cannot pay for cannot be declared."""
    s = _three_at_turn({0: {"blue": 1}})
    assert not any(a.startswith("buy") for a in s.legal_actions())
    with pytest.raises(RuleError, match="KT-10.3"):
        s.apply(f"buy {s.position.rows[0][0]}")


def test_current_row_only() -> None:
    """KT-10.1, KT-10.2: only the lowest row with tiles is buyable; others stay face down."""
    s = _three_at_turn({0: {"black": 5, "brown": 5, "blue": 5, "green": 5, "red": 5,
                            "white": 3, "purple": 3, "yellow": 3}})
    buys = [a.split()[1] for a in s.legal_actions() if a.startswith("buy")]
    assert buys and all(t.startswith("B04") for t in buys)
    view = s.view(0)
    assert all(sp["cost"] is None for sp in view["mat"][1]["spaces"])


def test_price_increase_withdraw_and_card_stays() -> None:
    """KT-12.2, KT-10.5, KT-10.6, KT-7.14, KT-16.16, KT-16.37: withdrawn purchase; card stays; no redeclare."""
    s = _three(first=0)
    tile = s.position.rows[0][0]
    assert tile is not None
    cost = s.position.data.tiles[tile].cost
    deal_card(s, 1, "C02")
    from keepers.games.keythedral.data import COLOURS

    give(s, 0, **{COLOURS[c]: k for c, k in enumerate(cost) if k})
    at_turn(s, 0)
    play(s, f"buy {tile}")
    assert s.decision().player == 1 and "play C02" in s.legal_actions()  # type: ignore[union-attr]
    play(s, "play C02")
    assert s.position.price_cards[(0, 0)] == ("C02",)
    d = s.decision()
    assert d is not None and d.kind == "add" and d.player == 0
    play(s, s.legal_actions()[0])
    assert s.legal_actions() == ["withdraw"]  # cannot pay one more cube
    play(s, "withdraw")
    d = s.decision()
    assert d is not None and d.kind == "turn" and d.player == 0  # the action was not used
    assert f"buy {tile}" not in s.legal_actions()
    assert s.position.price_cards[(0, 0)] == ("C02",)


def test_last_tile_ends_game_at_once() -> None:
    """KT-14.1, KT-10.7: buying the last mat tile ends the game with nothing after it."""
    s = _three()
    for r in range(5):
        _put_on_mat(s, r, [None] * len(s.position.rows[r]))
    _put_on_mat(s, 4, ["B12-1", None])
    s.position.revealed[4] = True
    give(s, 0, purple=1, yellow=1, blue=2)
    at_turn(s, 0)
    play(s, "buy B12-1", "pay")
    assert s.is_over() and s.decision() is None and s.legal_actions() == []
    assert s.scores()[0] == 12 + 2
    with pytest.raises(RuleError):
        s.apply("pass")


def test_price_increase_can_stop_last_purchase() -> None:
    """KT-14.2, KT-16.17: the last purchase can be stopped; the game continues."""
    s = _three()
    for r in range(5):
        _put_on_mat(s, r, [None] * len(s.position.rows[r]))
    _put_on_mat(s, 4, ["B12-1", None])
    s.position.revealed[4] = True
    give(s, 0, purple=1, yellow=1)
    deal_card(s, 2, "C02")
    at_turn(s, 0)
    play(s, "buy B12-1", "play C02", "add yellow", "withdraw")
    assert not s.is_over() and s.decision().kind == "turn"  # type: ignore[union-attr]


def test_scoring_example() -> None:
    """KT-14.4, KT-14.3, KT-11.6: tiles 12, 8, 6, 4 with one purple and three green score 36."""
    s = _three()
    s.position.owned[0] = ["B12-1", "B08-1", "B06-1", "B04-1"]
    give(s, 0, purple=1, green=3)
    deal_card(s, 0, "C01")  # law cards are worth nothing
    assert s.scores()[0] == 36


def test_ties() -> None:
    """KT-14.5, KT-16.24: score, then tile total, then number of tiles; else shared."""
    s = _three()
    s.position.owned = [["B08-1"], ["B12-1"], ["B08-2", "B04-1"]]
    give(s, 0, blue=4)
    assert s.scores() == [12, 12, 12]
    assert s.winners() == [2]  # tile totals 8, 12, 12; then Green has more tiles
    s.position.owned = [["B08-1"], ["B12-1"], ["B12-2"]]
    assert s.winners() == [1, 2]  # still tied: a shared victory


def test_house_action_and_moratorium() -> None:
    """KT-7.5, KT-12.12, KT-16.19: a house costs black and brown; blocked by another's Moratorium."""
    s = _three()
    give(s, 0, black=1, brown=1)
    at_turn(s, 0)
    assert "house 1" in s.legal_actions()
    s.position.moratorium = 1
    s._legal = None
    assert "house 1" not in s.legal_actions()
    s.position.moratorium = 0
    s._legal = None
    play(s, "house 1")
    assert s.position.tiles[(-1, 1)] == (0, 1, True) and cubes(s, 0) == {}
    assert s.position.store[0] == 20 and s.position.store[1] == 20  # KT-0.5: payments go to the store


def test_fence_limit_and_removal() -> None:
    """KT-7.6, KT-7.7, KT-7.8, KT-11.4: three fences for the game; removal costs 2 red, any colour."""
    s = _three()
    s.position.fences_left[0] = 0
    s.position.fences[((3, 1), (2, 0))] = 1
    give(s, 0, brown=3, red=2)
    at_turn(s, 0)
    legal = s.legal_actions()
    assert not any(a.startswith("fence") for a in legal)
    play(s, "unfence 3,1 2,0")
    assert not s.position.fences and s.position.fences_left == [0, 3, 3] and cubes(s, 0) == {"brown": 3}


def test_no_dealings_between_players() -> None:
    """KT-7.13, KT-7.4, KT-7.11: no action moves cubes, cards or tiles to another player."""
    s = _three()
    give(s, 0, black=3, brown=3, blue=3, green=3, red=3)
    at_turn(s, 0)
    verbs = {a.split()[0] for a in s.legal_actions()}
    assert verbs <= {"buy", "house", "fence", "unfence", "craft", "law", "trade", "deal", "pass"}
    play(s, "trade blue", "pay red", "pay red")
    assert cubes(s, 1) == {} and cubes(s, 2) == {}
