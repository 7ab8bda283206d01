"""The named game options of GR-29: each reading of each option, the clauses it
modifies, and the options' own checking, saving and display."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from gdhelp import (
    BLUE,
    GREEN,
    RED,
    act,
    blank,
    build_on,
    deal,
    dice,
    give,
    hx,
    put,
    refresh,
    set_events,
    set_supply,
)
from rich.console import Console
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core import i18n
from keepers.core.errors import RecordError, RuleError
from keepers.core.record import GameRecord, load_position, save_position
from keepers.core.rng import Rng
from keepers.games.gardiens import GAME
from keepers.games.gardiens.game import GardiensState
from keepers.games.gardiens.render import render_view, rules_line
from keepers.games.gardiens.rules import board, scoring, seats, turn
from keepers.games.gardiens.state import NONE

DEFAULTS = {"coop": False, "max_rounds": 60, "first_player": "rotate",
            "territory_points": "snapshot", "bank_trade": False, "watchtower": "all",
            "alliance_sharing": "gift", "shadows": "block"}
OTHER_READINGS = [("first_player", "fixed"), ("territory_points", "accumulate"),
                  ("bank_trade", True), ("watchtower", "adjacent"), ("alliance_sharing", "swap"),
                  ("shadows", "advance")]


def refused(st: GardiensState, action: str, clause: str) -> RuleError:
    """The decision is refused naming ``clause``; the state is unchanged."""
    before = st.to_dict()
    with pytest.raises(RuleError) as err:
        st.apply(action)
    assert st.to_dict() == before
    assert err.value.clause == clause, err.value
    return err.value


def finish_round(st: GardiensState) -> None:
    """Play on to the start of the next round: every player skips and passes."""
    start = st.round
    while st.round == start and not st.over:
        choices = {"alliance": "skip", "action": "pass", "gift": "end", "devour": "allow"}
        act(st, choices.get(st.phase, st.legal_actions()[0]))


# -- the options themselves (GR-29) ----------------------------------------------
def test_declared_options_and_defaults() -> None:
    """GR-29 GR-29.1 GR-29.2 GR-29.3 GR-29.4 GR-29.5 GR-29.6: the six readings are
    declared options, each naming its clause; the defaults are those of GR-29."""
    assert GAME.default_options() == DEFAULTS
    clauses = {o.name: o.clause for o in GAME.options}
    assert [clauses[name] for name, _ in OTHER_READINGS] == [
        "GR-29.1", "GR-29.2", "GR-29.3", "GR-29.4", "GR-29.5", "GR-29.6"]
    assert GAME.rules_version == 2
    st = GAME.new_state(3, 1, {})
    assert isinstance(st, GardiensState)
    assert dict(st.options) == DEFAULTS and st.to_dict()["options"] == DEFAULTS
    assert st.view(0)["options"] == DEFAULTS


@pytest.mark.parametrize(("options", "words"), [
    ({"colour": "red"}, "unknown option 'colour'"),
    ({"first_player": "sometimes"}, "first_player must be rotate | fixed"),
    ({"bank_trade": "yes"}, "bank_trade must be true | false"),
    ({"bank_trade": 1}, "bank_trade must be true | false"),
    ({"territory_points": "sum"}, "territory_points must be snapshot | accumulate"),
    ({"watchtower": None}, "watchtower must be all | adjacent"),
    ({"alliance_sharing": "gifts"}, "alliance_sharing must be gift | swap"),
    ({"shadows": "Advance"}, "shadows must be block | advance"),
    ({"max_rounds": 0}, "max_rounds must be a whole number >= 1"),
])
def test_new_state_refuses_bad_options(options: dict[str, Any], words: str) -> None:
    """GR-29: an unknown option or a value the option does not allow is refused at setup
    with a one-line message naming the option and what it allows."""
    with pytest.raises(ValueError) as err:
        GAME.new_state(2, 1, options)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_parse_option_is_strict() -> None:
    """GR-29: command-line values are read strictly (no 'yes', no other case)."""
    assert GAME.parse_option("bank_trade", "true") is True
    assert GAME.parse_option("first_player", "fixed") == "fixed"
    for key, text in (("bank_trade", "yes"), ("first_player", "sometimes"),
                      ("watchtower", "ALL"), ("nosuch", "1")):
        with pytest.raises(ValueError):
            GAME.parse_option(key, text)


runner = CliRunner()


@pytest.mark.parametrize("args", [
    ["play", "gardiens", "--players", "2", "--seats", "random,random", "--option",
     "first_player=sometimes"],
    ["play", "gardiens", "--players", "2", "--seats", "random,random", "--option",
     "bank_trade=yes"],
    ["simulate", "gardiens", "--games", "1", "--players", "2", "--seats", "random,random",
     "--option", "bank_trade=yes"],
    ["simulate", "gardiens", "--games", "1", "--players", "2", "--option", "gifts=true"],
    ["simulate", "gardiens", "--games", "1", "--players", "2", "--option",
     "first_player=sometimes"],
])
def test_cli_refuses_bad_options_with_one_line(args: list[str]) -> None:
    """GR-29: `keepers play/simulate --option` with a bad option: one line, exit code 2."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), result.output
    assert "Traceback" not in result.output


def test_cli_simulates_under_a_reading(tmp_path: Path) -> None:
    """GR-29 GR-29.7: `keepers simulate` plays under the options given and reports them."""
    out = tmp_path / "sim.json"
    result = runner.invoke(app, ["simulate", "gardiens", "--games", "2", "--players", "2",
                                 "--seats", "random,random", "--seed", "3", "--out", str(out),
                                 "--option", "first_player=fixed", "--option",
                                 "bank_trade=true"])
    assert result.exit_code == 0, result.output
    assert "first_player=fixed" in result.output and "bank_trade=true" in result.output
    options = json.loads(out.read_text())["options"]
    assert options["first_player"] == "fixed" and options["bank_trade"] is True


def test_records_of_the_earlier_rules_are_refused() -> None:
    """GR-29: the defaults changed, so a record made before (no rules version: version 1)
    is refused with a message naming the rules versions, not replayed differently."""
    old = {"format": "keepers-record", "version": 1, "game": "gardiens", "players": 2,
           "seed": 4, "options": {"coop": False, "max_rounds": 60}, "seats": [],
           "actions": ["forward S-E"]}
    record = GameRecord.from_dict(old)
    with pytest.raises(RecordError) as err:
        record.replay()
    message = str(err.value)
    assert "rules version 1" in message and "rules version 2" in message
    assert "\n" not in message
    current = GameRecord.from_dict({**old, "rules": 2})
    assert current.replay().round_number == 0


def test_records_keep_and_replay_their_options() -> None:
    """GR-29: a record stores the options; its replay plays under the same readings."""
    from keepers.core.match import run_game

    options = {"first_player": "fixed", "territory_points": "accumulate",
               "alliance_sharing": "swap"}
    result, record = run_game(GAME, ["random", "random", "random"], 8, options,
                              keep_record=True)
    assert record is not None
    data = json.loads(json.dumps(record.to_dict()))
    assert data["rules"] == 2 and data["options"] == {**DEFAULTS, **options}
    replayed = GameRecord.from_dict(data).replay()
    assert replayed.scores() == result.scores
    assert isinstance(replayed, GardiensState) and replayed.fixed_first and replayed.accumulate


# -- positions (GR-28.3) ----------------------------------------------------------
def _played(options: dict[str, Any], decisions: int = 120, seed: int = 5) -> GardiensState:
    st = GAME.new_state(3, seed, options)
    assert isinstance(st, GardiensState)
    rng = Rng(seed)
    for _ in range(decisions):
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    assert not st.is_over()
    return st


def test_positions_store_and_restore_the_options(tmp_path: Path) -> None:
    """GR-28.3 GR-29: a position holds its options; loaded, it plays on under the same
    readings, decision for decision."""
    options = {"first_player": "fixed", "territory_points": "accumulate", "bank_trade": True,
               "watchtower": "adjacent", "alliance_sharing": "swap"}
    st = _played(options, 30)
    path = tmp_path / "pos.json"
    save_position(st, "gardiens", path)
    saved = json.loads(path.read_text())
    assert saved["rules"] == 2 and saved["state"]["options"] == {**DEFAULTS, **options}
    _, loaded = load_position(path)
    assert isinstance(loaded, GardiensState)
    assert (loaded.fixed_first, loaded.accumulate, loaded.bank_trade, loaded.tower_all,
            loaded.gifts) == (True, True, True, False, False)
    rng = Rng(9)
    for _ in range(150):
        if st.is_over():
            break
        legal = st.legal_actions()
        assert loaded.legal_actions() == legal
        action = legal[rng.below(len(legal))]
        st.apply(action)
        loaded.apply(action)
    assert loaded.to_dict() == st.to_dict()


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.pop("options"), "must hold its options"),
    (lambda d: d["options"].pop("watchtower"), "options lack watchtower"),
    (lambda d: d["options"].update(first_player="sometimes"), "first_player must be"),
    (lambda d: d["options"].update(bank_trade="true"), "bank_trade must be true | false"),
    (lambda d: d["options"].update(colour="red"), "unknown option 'colour'"),
    (lambda d: d.update(options=["coop"]), "must hold its options"),
])
def test_positions_with_missing_or_invalid_options_are_refused(
        tmp_path: Path, change: Any, words: str) -> None:
    """GR-28.3 GR-29: a position whose options are missing or invalid is refused with a
    one-line ValueError (and a one-line RecordError from a position file)."""
    data = json.loads(json.dumps(_played({}, 40).to_dict()))
    change(data)
    with pytest.raises(ValueError) as err:
        GAME.state_from_dict(data)
    assert words in str(err.value) and "\n" not in str(err.value)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "keepers-position", "version": 1, "game": "gardiens",
                                "rules": 2, "state": data}), encoding="utf-8")
    with pytest.raises(RecordError) as err2:
        load_position(path)
    assert "\n" not in str(err2.value)


# -- GR-29.1 first_player ------------------------------------------------------------
@pytest.mark.parametrize(("reading", "second_round_first"), [("rotate", BLUE), ("fixed", RED)])
def test_first_player_rotates_or_stays(reading: str, second_round_first: int) -> None:
    """GR-29.1 GR-4.1 GR-17.2 GR-17.7 GR-16.3: with ``rotate`` round 2 starts with seat 2;
    with ``fixed`` every round starts with the setup first player (seat 1), who also
    draws the Event: "each player" effects resolve from that player."""
    st = blank(3, first_player=reading)
    assert st.seat(RED) == 1 and st.active == RED
    set_events(st, "EV17")
    finish_round(st)
    assert st.round == 2 and st.active == second_round_first
    assert st.view(None)["first_player"] == st.colour(second_round_first)
    assert seats.first_player(st) == second_round_first
    # end of round 2: Royal Bounty, one gold left in the supply, goes to the first player
    set_events(st, "EV18")
    set_supply(st, "gold", 1)
    finish_round(st)
    gold = st.data.res("gold")
    assert [st.cubes[p][gold] for p in (RED, BLUE, GREEN)] == [
        1 if p == second_round_first else 0 for p in (RED, BLUE, GREEN)]
    assert st.active == (RED if reading == "fixed" else GREEN)  # round 3


# -- GR-29.2 territory_points ----------------------------------------------------------
@pytest.mark.parametrize(("reading", "totals"), [("snapshot", [3, 3, 2]),
                                                 ("accumulate", [3, 6, 8])])
def test_territory_points_snapshot_or_accumulate(reading: str, totals: list[int]) -> None:
    """GR-29.2 GR-18.3 GR-17.3 GR-26.16: ``snapshot`` replaces S_T with the hexes held at
    each end of round; ``accumulate`` adds them, so S_T never decreases."""
    st = blank(2, territory_points=reading)
    for label in ("T01", "T02", "T03"):
        put(st, RED, label, 1)
    put(st, BLUE, "T08", 1)
    seen = []
    for round_end in range(3):
        if round_end == 2:
            board.remove(st, hx(st, "T03"), 1)  # RED now holds 2 hexes
        set_events(st, "EV17")
        st.turn_in_round = st.n - 1
        turn.end_round(st)
        refresh(st)
        seen.append(st.snap_hexes[RED])
        assert st.view(None)["seats"][RED]["territory_points"] == st.snap_hexes[RED]
        assert scoring.public_vp(st, RED) == st.snap_hexes[RED]  # nothing else scored
    assert seen == totals
    assert st.snap_hexes[BLUE] == (1 if reading == "snapshot" else 3)


def test_accumulated_tie_break_counts_the_final_snapshot() -> None:
    """GR-29.2 GR-19.3: with ``accumulate``, a tie on VP is broken by the hexes held at
    the final snapshot, not by the accumulated S_T."""
    st = blank(2, territory_points="accumulate")
    put(st, RED, "T01", 1)
    for label in ("T08", "T09"):
        put(st, BLUE, label, 1)
    st.snap_hexes = [10, 6]  # RED held more hexes in earlier rounds
    scoring.take_snapshot(st)  # + 1 and + 2
    st.banked_build[BLUE] = 3  # 11 + 0 = 8 + 3
    assert scoring.vp(st, RED) == scoring.vp(st, BLUE) == 11
    assert scoring.score_winners(st) == [BLUE]


# -- GR-29.3 bank_trade ------------------------------------------------------------
def test_no_bank_trade_by_default() -> None:
    """GR-29.3 GR-11.1 GR-26.25: without ``bank_trade`` there is no Bank row: TRADE is not
    offered to a player with neither a Market nor an ally, and 'trade bank' is refused
    naming GR-29.3, the state unchanged."""
    st = blank(2)
    put(st, RED, "T01", 1)
    give(st, RED, wood=6, stone=3)
    assert not any(a.startswith("trade") for a in st.legal_actions())
    error = refused(st, "trade bank", "GR-29.3")
    assert "bank_trade" in str(error)
    build_on(st, "T01", "market")
    assert [a for a in st.legal_actions() if a.startswith("trade")] == ["trade market"]
    refused(st, "trade bank", "GR-29.3")
    st2 = blank(2)
    put(st2, RED, "T01", 1)
    give(st2, RED, wood=6)
    give(st2, BLUE, gold=1)
    st2.ally = [BLUE, RED]
    refresh(st2)
    assert [a for a in st2.legal_actions() if a.startswith("trade")] == ["trade partner"]


def test_bank_trade_when_chosen() -> None:
    """GR-29.3 GR-11.1 GR-11.2: with ``bank_trade=true`` the Bank mode is offered to
    anyone holding 3 identical cubes, at 3:1, and counts as a TRADE (GR-11.4)."""
    st = blank(2, bank_trade=True)
    put(st, RED, "T01", 1)
    give(st, RED, wood=6)
    assert [a for a in st.legal_actions() if a.startswith("trade")] == ["trade bank"]
    act(st, "trade bank", "exchange wood stone", "exchange wood gold")
    assert st.cubes[RED][:3] == [0, 1, 1] and st.trades[RED] == 1


# -- GR-29.4 watchtower ------------------------------------------------------------------
def _tower_table(reading: str) -> GardiensState:
    """RED holds a Watchtower on T01; BLUE is next to it (T08), GREEN far away (T03)."""
    st = blank(3, watchtower=reading)
    put(st, RED, "T01", 1)
    build_on(st, "T01", "watchtower")
    put(st, BLUE, "T08", 1)
    put(st, GREEN, "T03", 1)
    assert hx(st, "T03") not in st.layout.neighbours[hx(st, "T01")]
    assert hx(st, "T08") in st.layout.neighbours[hx(st, "T01")]
    deal(st, BLUE, "AC02")
    deal(st, GREEN, "AC03", "AC05")
    deal(st, RED, "AC04")
    st.objectives = [["OB01", "OB02"], ["OB03", "OB04"], ["OB05", "OB06"]]
    st.achieved = [[False, False], [True, False], [False, True]]
    return st


@pytest.mark.parametrize("reading", ["all", "adjacent"])
def test_watchtower_sees_all_or_adjacent_hands(reading: str) -> None:
    """GR-29.4 GR-20.4 GR-7.3 GR-26.31: with ``all`` the controller of a Watchtower sees
    every opponent's Action cards; with ``adjacent`` only those of opponents next to it.
    Never objectives; the other seats and spectators see no hand."""
    st = _tower_table(reading)
    view = st.view(RED)
    expected = {"blue": st.hands[BLUE]}
    if reading == "all":
        expected["green"] = st.hands[GREEN]
    assert view["visible_hands"] == expected
    text = json.dumps(view)
    for oid in ("OB03", "OB04", "OB05", "OB06"):
        assert oid not in text
    assert st.view(BLUE)["visible_hands"] == {} and st.view(GREEN)["visible_hands"] == {}
    assert "visible_hands" not in st.view(None) and "hand" not in st.view(None)
    for seat in (BLUE, GREEN, None):
        assert st.hands[RED][0] not in json.dumps(st.view(seat)["seats"])
    board.remove(st, hx(st, "T01"), 1)  # the tower is lost: nothing is seen any more
    assert st.view(RED)["visible_hands"] == {}


@pytest.mark.parametrize("reading", ["all", "adjacent"])
def test_watchtower_views_hold_only_what_each_seat_may_see(reading: str) -> None:
    """GR-29.4 GR-20.2 GR-20.3 GR-20.8: changing what a seat may not see (hands it does
    not see, every opponent's objectives, deck orders) leaves its view unchanged, under
    either reading; changing a hand it sees changes it."""
    st = _tower_table(reading)
    for viewer in (RED, BLUE, GREEN):
        seen = set(st.view(viewer)["visible_hands"])
        other = st.clone()
        for q in st.opponents(viewer):
            other.objectives[q] = list(reversed(other.objectives[q]))
            other.achieved[q] = list(reversed(other.achieved[q]))
            if st.colour(q) not in seen and other.hands[q]:  # same size, other card
                other.hands[q][0], other.deck[0] = other.deck[0], other.hands[q][0]
        other.deck.reverse()
        other.events.reverse()
        assert other.view(viewer) == st.view(viewer), viewer
    other = st.clone()
    other.hands[GREEN][0], other.deck[0] = other.deck[0], other.hands[GREEN][0]
    assert (other.view(RED) != st.view(RED)) == (reading == "all")


# -- GR-29.5 alliance_sharing -----------------------------------------------------------
def _allied(**options: Any) -> GardiensState:
    st = blank(3, **options)
    put(st, RED, "T01", 2)
    st.ally = [BLUE, RED, NONE]
    give(st, RED, wood=2, gold=1)
    give(st, BLUE, food=1)
    return st


def test_gifts_to_the_ally() -> None:
    """GR-29.5 GR-15.3 GR-11.4 GR-26.26 GR-28.1: the active player may give cubes to their
    ally one at a time, among the action choices: free (no action spent), with no
    acceptance, not a TRADE (OB12's counter does not move)."""
    st = _allied()
    legal = st.legal_actions()
    gifts = [a for a in legal if a.startswith("give")]
    assert gifts == ["give blue wood", "give blue gold"]
    assert legal[-1] == "pass" and "trade partner" in legal
    act(st, "give blue wood", "give blue wood")
    assert st.cubes[RED][:3] == [0, 0, 1] and st.cubes[BLUE][0] == 2
    assert st.phase == "action" and st.to_move() == RED and st.actions_taken == 0
    assert st.trades == [0, 0, 0]
    assert [a for a in st.legal_actions() if a.startswith("give")] == ["give blue gold"]
    assert GAME.describe_action("give blue gold") == "give blue one gold cube (free, not an action)"
    refused(st, "give green gold", "GR-29.5")  # GREEN is not the ally
    refused(st, "give blue wood", "GR-29.5")  # no wood left


def test_gifts_after_the_last_action_and_objectives() -> None:
    """GR-29.5 GR-4.4 GR-24.3: after the second action the player may still give, then
    ends the action phase; a gift that completes the ally's objective counts at the next
    checkpoint (CP4)."""
    st = _allied()
    give(st, BLUE, gold=5)
    st.objectives[BLUE] = ["OB03", "OB01"]  # OB03: hold 6 gold
    st.achieved[BLUE] = [False, False]
    act(st, "move T01 T21 1", "move T21 T01 1")
    assert st.phase == "gift" and st.to_move() == RED
    assert st.legal_actions() == ["end", "give blue wood", "give blue gold"]
    assert st.decision() is not None and "ally" in st.decision().prompt  # type: ignore[union-attr]
    act(st, "give blue gold")
    assert st.phase == "gift" and not st.achieved[BLUE][0]
    act(st, "end")
    assert st.achieved[BLUE][0] and st.active == BLUE and st.trades == [0, 0, 0]


def test_gift_phase_ends_by_itself_and_pass_ends_at_once() -> None:
    """GR-29.5 GR-13.1: the last cube given ends the action phase; after PASS (which ends
    the action phase at once) no gift is offered."""
    st = _allied()
    st.cubes[RED] = [1, 0, 0, 0, 0]
    st.supply[st.data.res("wood")] += 1
    st.supply[st.data.res("gold")] += 1
    refresh(st)
    act(st, "move T01 T21 1", "move T21 T01 1", "give blue wood")
    assert st.active == BLUE and st.phase == "alliance"
    st2 = _allied()
    act(st2, "pass")
    assert st2.active == BLUE


def test_gifts_refused_without_an_ally_or_under_swap() -> None:
    """GR-29.5 GR-15.3 GR-11.3: no ally, no gift; with ``alliance_sharing=swap`` allies
    only swap (the Partner trade), and a gift is refused naming GR-29.5."""
    st = blank(2)
    put(st, RED, "T01", 1)
    give(st, RED, wood=2)
    assert not any(a.startswith("give") for a in st.legal_actions())
    assert "have none" in str(refused(st, "give blue wood", "GR-29.5"))
    swap = _allied(alliance_sharing="swap")
    assert not any(a.startswith("give") for a in swap.legal_actions())
    assert "trade partner" in swap.legal_actions()
    assert "alliance_sharing=swap" in str(refused(swap, "give blue wood", "GR-29.5"))
    act(swap, "move T01 T21 1", "move T21 T01 1")
    assert swap.active == BLUE  # no gift window after the last action


def test_gifts_are_allowed_under_trade_embargo() -> None:
    """GR-29.5 GR-11.5: a gift is not a TRADE, so Trade Embargo does not forbid it."""
    st = _allied()
    st.round_effect = "EV06#1"
    refresh(st)
    assert "trade partner" not in st.legal_actions()
    assert "give blue wood" in st.legal_actions()


def test_coop_keeps_its_free_transfers() -> None:
    """GR-29.5 GR-25.4 GR-25.12: in co-op the free transfers apply, not the gifts."""
    st = blank(2, coop=True, alliance_sharing="gift")
    give(st, RED, wood=1)
    give(st, BLUE, gold=1)
    assert not st.gifts
    assert {"give blue wood", "take blue gold"} <= set(st.legal_actions())


def test_gift_labels_in_every_language() -> None:
    """GR-29.5 GR-28.1: the gift decision and prompt have a label in English, French and
    Russian (the decision text itself stays the same)."""
    try:
        for lang, word in (("en", "give"), ("fr", "donner"), ("ru", "отдать")):
            i18n.set_language(lang)
            assert GAME.describe_action("give blue wood").startswith(word)
            assert i18n.t("gardiens.colour.blue") in GAME.describe_action("give blue wood")
            assert i18n.t("gardiens.prompt.gift") != "gardiens.prompt.gift"
    finally:
        i18n.set_language(None)


def test_bots_and_gifts() -> None:
    """GR-29.5 GR-28.1: the greedy bot never gives cubes away (it ends the gift window at
    once); random players may give, and their games still end: every gift takes one cube
    from the giver and spends no action, so a turn holds finitely many gifts."""
    from keepers.core.bots import RandomBot
    from keepers.games.gardiens.bots import GreedyBot

    st = _allied()
    bot = GreedyBot(RED, 1)
    assert not bot.choose(st.view(RED), st.legal_actions()).startswith("give")
    act(st, "move T01 T21 1", "move T21 T01 1")
    assert st.phase == "gift" and bot.choose(st.view(RED), st.legal_actions()) == "end"
    gifts = 0
    for seed in range(4):
        game = GAME.new_state(3, seed, {})
        assert isinstance(game, GardiensState)
        bots = [RandomBot(p, seed) for p in range(3)]
        while not game.is_over():
            action = bots[game.to_move() or 0].choose(None, game.legal_actions())
            giver, ally = game.active, game.ally[game.active]
            before = (sum(game.cubes[giver]), sum(game.cubes[ally]), game.actions_taken)
            gift = action.startswith("give") and game.phase in ("action", "gift")
            game.apply(action)
            if gift:
                gifts += 1
                after = (sum(game.cubes[giver]), sum(game.cubes[ally]))
                assert after == (before[0] - 1, before[1] + 1)
                # no action spent (unless the last cube given closed the turn)
                assert game.actions_taken == before[2] or game.active != giver
    assert gifts > 50


# -- GR-29.6 shadows (co-op) ---------------------------------------------------------
def _shadow_next_to_red(reading: str) -> GardiensState:
    """Co-op, 2 players: SH1 on T08 (2,-2) after one end of round; RED (seat 1) has 2
    guardians and a defense card on T15 (1,-1), SH1's next hex; SH2 and SH3 held off."""
    st = blank(2, coop=True, shadows=reading)
    end_round(st)
    assert st.label(st.shadow_pos[0]) == "T08"
    put(st, RED, "T15", 2)
    deal(st, RED, "AC02")  # Shield Wall: a defense card, which could prevent a devour
    return st


def end_round(st: GardiensState) -> None:
    """End the round with a harmless event; SH2 and SH3 are delayed."""
    set_events(st, "EV17")
    st.shadow_delayed[1] = st.shadow_delayed[2] = True
    st.turn_in_round = st.n - 1
    turn.end_round(st)
    refresh(st)


def test_shadows_block_by_default() -> None:
    """GR-29.6 GR-25.7 GR-25.13 GR-26.38: with ``block`` a guarded next hex stops the
    Shadow, and its owner may discard a defense card to prevent the devour."""
    st = _shadow_next_to_red("block")
    end_round(st)
    assert st.phase == "devour" and st.to_move() == RED
    act(st, "allow")
    assert st.label(st.shadow_pos[0]) == "T08" and st.count[hx(st, "T15")] == 1


def test_shadows_advance_over_guardians() -> None:
    """GR-29.6 GR-25.3 GR-25.7 GR-25.8 GR-25.11: with ``advance`` the Shadow always moves
    on: no devour, the guardians stay; while it stands on them their hex has no
    controller (no action from it, nothing enters it); it leaves them at the next end of
    round, and entering the Citadel loses the game."""
    st = _shadow_next_to_red("advance")
    t15 = hx(st, "T15")
    end_round(st)
    assert st.phase != "devour" and st.shadow_pos[0] == t15
    assert st.count[t15] == 2 and st.owner[t15] == RED and st.hands[RED]
    assert t15 not in board.controlled(st, RED)
    assert not any(a.split()[:2] in (["move", "T15"], ["attack", "T15"])
                   for a in st.legal_actions())
    put(st, RED, "T01", 1)
    assert not any(a.startswith("move T01 T15") for a in st.legal_actions())
    assert "attack T01 T15 1" in st.legal_actions()
    assert st.view(None)["board"][t15]["shadows"] == ["SH1"]
    end_round(st)
    assert st.over and st.end_reason == "citadel_fell"
    assert st.count[t15] == 2 and t15 in board.controlled(st, RED)


def test_banishing_a_shadow_that_stands_on_guardians() -> None:
    """GR-29.6 GR-25.5 GR-14.1: a Shadow standing on guardians is attacked like any other;
    banished, it frees their hex (no conquest move onto it); no one else defends it."""
    st = _shadow_next_to_red("advance")
    t15 = hx(st, "T15")
    end_round(st)
    put(st, RED, "T01", 3)
    refresh(st)
    dice(st, "3", "3", "3", "3", "3", "3")
    act(st, "attack T01 T15 3")
    while st.phase == "attack_card":
        act(st, "nocard")
    assert st.shadow_pos[0] == NONE and st.phase == "action"
    assert t15 in board.controlled(st, RED) and st.count[t15] == 2


def test_nothing_enters_a_shadow_hex_in_random_play() -> None:
    """GR-29.6 GR-25.3: in random co-op games with ``advance``, guardians a Shadow stands
    on never grow in number (no move, recruit, card or event adds to them) and never
    act (their hex is never the source of a MOVE, ATTACK or teleport), and no decision
    puts a guardian on a Shadow hex."""
    pinned_seen = 0
    for seed in range(8):
        st = GAME.new_state(2 + seed % 4, seed, {"coop": True, "shadows": "advance"})
        assert isinstance(st, GardiensState)
        rng = Rng(seed)
        while not st.is_over():
            pinned = {h: st.count[h] for h in set(st.shadow_pos) if h != NONE and st.count[h]}
            pinned_seen += len(pinned)
            legal = st.legal_actions()
            for action in legal:
                words = action.split()
                if words[0] in ("move", "attack", "teleport"):  # actions and card effects
                    assert hx(st, words[1]) not in pinned, action
                if words[0] in ("move", "teleport", "place"):
                    assert hx(st, words[-2 if words[0] == "move" else -1]) not in st.shadow_pos
            st.apply(legal[rng.below(len(legal))])
            for h, count in pinned.items():
                if h in st.shadow_pos:
                    assert st.count[h] <= count
    assert pinned_seen > 100


def test_shadows_advance_without_coop_changes_nothing() -> None:
    """GR-29.6: the option is accepted in any game but has effect only in co-op: a
    competitive game plays the same with either value."""
    games = []
    for reading in ("block", "advance"):
        st = GAME.new_state(3, 12, {"shadows": reading})
        assert isinstance(st, GardiensState) and not st.shadows_advance
        rng = Rng(12)
        while not st.is_over():
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
        games.append((st.scores(), st.round, st.rng.state))
    assert games[0] == games[1]


# -- the terminal ----------------------------------------------------------------------
def _text(view: dict[str, Any]) -> str:
    console = Console(width=160, record=True)
    console.print(render_view(view))
    return console.export_text()


def test_render_names_the_readings_in_force() -> None:
    """GR-29: the screen names the options that differ from the defaults, in the language
    in use; under the defaults it shows no rules line."""
    assert "Rules:" not in _text(GAME.new_state(2, 1, {}).view(0))
    st = GAME.new_state(2, 1, {"first_player": "fixed", "bank_trade": True})
    assert "Rules: first_player=fixed, bank_trade=true" in _text(st.view(0))
    assert rules_line(st.view(None)["options"]) == "Rules: first_player=fixed, bank_trade=true"
    try:
        i18n.set_language("fr")
        assert rules_line(st.view(0)["options"]).startswith("Règles : first_player=fixed")
        i18n.set_language("ru")
        assert rules_line(st.view(0)["options"]).startswith("Правила: first_player=fixed")
    finally:
        i18n.set_language(None)


def test_catalogues_hold_every_gardiens_key() -> None:
    """GR-28.1: every Gardiens message is in English, French and Russian, and every
    decision phase has a prompt."""
    from keepers.games.gardiens.flow import STEPS

    keys = {lang: {k for k in i18n.catalogue(lang) if k.startswith("gardiens.")}
            for lang in ("en", "fr", "ru")}
    assert keys["en"] == keys["fr"] == keys["ru"]
    assert {f"gardiens.prompt.{kind}" for kind in STEPS} <= keys["en"]
