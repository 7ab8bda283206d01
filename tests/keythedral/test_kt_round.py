"""Round structure, windows inside phases, stocks, events and replaceable data (KT-4, KT-0.6)."""

from __future__ import annotations

from pathlib import Path

from kthelp import at_phase, at_turn, board, deal_card, give, new, play, setup_done

from keepers.games.keythedral.data import COLOUR_INDEX, load, packaged

STANDARD = {(0, 0): "quarry", (2, 2): "quarry", (2, 0): "forest", (0, 2): "forest"}


def test_round_runs_the_five_phases_in_order() -> None:
    """KT-4.1, KT-9.8: phases 1 to 5 in order, then the next round."""
    s = setup_done(3, seed=2)
    seen = []
    while s.position.round == 1:
        if not seen or seen[-1] != s.position.phase:
            seen.append(s.position.phase)
        s.apply("done" if "done" in s.legal_actions() else s.legal_actions()[-1])
    assert seen[0] == 1 and 3 in seen and seen[-1] == 5
    assert sorted(set(seen)) == seen and s.position.round == 2


def test_wm_then_wp_before_the_placement_step() -> None:
    """KT-4.4, KT-4.5, KT-5.3, KT-5.4: WM for everyone after a marker, then WP for the stepping player."""
    s = new(3, first=0)
    board(s, STANDARD, {(3, 1): (1, 1, False)})
    deal_card(s, 1, "C14")
    at_phase(s, 1)
    d = s.decision()
    assert d is not None and (d.kind, d.player) == ("law", 1)  # WS1
    play(s, "pass", "mark 1")
    d = s.decision()
    assert d is not None and (d.kind, d.player) == ("law", 1)  # WM
    assert s.position.steps[-1][1] == "WM"
    play(s, "pass")
    d = s.decision()
    assert d is not None and (d.kind, d.player) == ("law", 1)  # WP of seat 1's own step
    assert s.position.steps[-1][1] == "WP"
    play(s, "pass")
    assert s.decision().kind == "place"  # type: ignore[union-attr]


def test_ws3_then_wt() -> None:
    """KT-7.1, KT-4.3, KT-4.7, KT-7.2: phase 3 opens with WS3; each turn opens with WT for its player."""
    s = new(3, first=0)
    board(s, STANDARD, {})
    deal_card(s, 2, "C03")
    at_phase(s, 3)
    d = s.decision()
    assert d is not None and d.kind == "law" and s.position.steps[-1][1] == "WS3"
    play(s, "pass")
    assert s.decision().player == 0  # type: ignore[union-attr]  # seat 0's turn; WT silent
    play(s, "pass", "pass")
    d = s.decision()
    assert d is not None and d.kind == "law" and d.player == 2 and s.position.steps[-1][1] == "WT"


def test_stock_is_behind_the_screen() -> None:
    """KT-0.6, KT-13.2: cubes, law cards, tiles, workers and fences make up the stock."""
    s = new(3, first=0)
    board(s, STANDARD, {})
    give(s, 0, red=2)
    deal_card(s, 0, "C09")
    s.position.owned[0] = ["B04-1"]
    you = s.view(0)["you"]
    assert you == {"seat": 0, "cubes": {"red": 2}, "hand": ["C09"], "tiles": ["B04-1"],
                   "workers": 10, "fences": 3}
    assert "red" not in str(s.view(1)["you"])


def test_public_events_hide_the_card_taken() -> None:
    """KT-13.4, KT-16.28: acquisitions are logged with space and cube, never the card."""
    s = new(3, first=0)
    board(s, STANDARD, {})
    give(s, 0, red=1)
    card = s.position.law_spaces[0]
    at_turn(s, 0)
    play(s, "law 1", "pay red")
    events = [e for e in s.position.events() if e[0] in ("law", "paid")]
    assert ("law", 0, 1) in events and ("paid", 0, "red", -1) in events
    assert card not in str(s.view(1)["events"])


def test_printed_costs_replace_the_reconstruction(tmp_path: Path) -> None:
    """KT-16.33, KT-10.8, KT-1.4: tile costs and row lengths come from the data file only."""
    from importlib.resources import files

    text = files("keepers.games.keythedral").joinpath("data/keythedral.toml").read_text("utf-8")
    text = text.replace('id = "B04-1"\nvalue = 4\ncost = { black = 1, brown = 1 }',
                        'id = "B04-1"\nvalue = 4\ncost = { red = 3 }')
    text = text.replace("short = [4, 4, 4, 3, 2]", "short = [3, 4, 4, 3, 2]")
    path = tmp_path / "printed.toml"
    path.write_text(text, encoding="utf-8")
    data = load(path)
    assert data.tiles["B04-1"].cost[COLOUR_INDEX["red"]] == 3
    assert data.row_lengths["short"] == (3, 4, 4, 3, 2)
    assert packaged().tiles["B04-1"].cost != data.tiles["B04-1"].cost


def test_prompts_and_descriptions_come_from_catalogues() -> None:
    """KT-4.10, KT-12.20: prompts and decision labels are translated; clause ids stay."""
    from keepers.core import i18n
    from keepers.games.keythedral import GAME

    s = new(3, seed=1)
    try:
        i18n.set_language("fr")
        assert s.decision().prompt.startswith("poser la tuile")  # type: ignore[union-attr]
        assert "Coup d'État (C20)" in GAME.describe_action("play C20 2")
        i18n.set_language("ru")
        assert "KT-3.10" in s.decision().prompt  # type: ignore[union-attr]
    finally:
        i18n.set_language(None)
    assert GAME.describe_action("pass") == "pass"
    assert GAME.describe_action("craft yellow discount").endswith("(C16)")


def test_every_public_event_reads_as_a_sentence() -> None:
    """KT-13.4: each kind of public event has a message in English, French and Russian."""
    from keepers.core import i18n
    from keepers.core.match import make_bots, play_bots
    from keepers.games.keythedral import GAME

    s = GAME.new_state(4, 5, {})
    play_bots(s, make_bots(GAME, ["greedy", "random", "greedy", "random"], 5), 3000)
    kinds = {e[0] for e in s.position.events()}
    assert {"buy", "harvest", "paid", "marker", "worker"} <= kinds
    for lang in ("en", "fr", "ru"):
        messages = i18n.catalogue(lang)
        assert all(f"keythedral.event.{k}" in messages for k in kinds), lang
