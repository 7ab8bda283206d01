"""Texts a newcomer reads: card, event, objective, building and hex texts in three
languages, ``rules`` and ``info`` at the table, the map's legend and the player's
colour, screens that fit 80 columns."""

from __future__ import annotations

import io
import re
import tomllib
from collections.abc import Iterator
from importlib.resources import files

import pytest
from rich.console import Console

from keepers.core import i18n
from keepers.games.gardiens import GAME
from keepers.games.gardiens.bots import GreedyBot

LANGUAGES = ("en", "fr", "ru")
RAW = tomllib.loads(files("keepers.games.gardiens").joinpath(
    "data", "gardiens-data.toml").read_text("utf-8"))


@pytest.fixture
def lang() -> Iterator[None]:
    yield
    i18n.set_language(None)


def test_every_catalogue_key_is_in_every_language() -> None:
    keys = [{k for k in i18n.catalogue(lang) if k.startswith("gardiens.")}
            for lang in LANGUAGES]
    assert keys[0] == keys[1] == keys[2]
    for key in keys[0]:
        blanks = [set(re.findall(r"{[^}]*}", i18n.catalogue(lang)[key])) for lang in LANGUAGES]
        assert blanks[0] == blanks[1] == blanks[2], key


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_component_has_a_text(language: str, lang: None) -> None:
    """GR-22, GR-23, GR-24, GR-7.3, GR-2: ``info`` explains every id of the data."""
    i18n.set_language(language)
    view = GAME.new_state(5, 1, {}).view(0)
    ids = [c["id"] for key in ("action_cards", "event_cards", "objectives",
                               "territory_tiles") for c in RAW[key]]
    names = [*ids, *RAW["buildings"], "C", "S-E", "H1", "ac24#3"]
    for name in names:
        text = GAME.info(name, view)
        assert text and "gardiens." not in text and "{" not in text, (name, text)
    assert GAME.info("nothing", view) is None
    assert GAME.info(i18n.t("gardiens.building_name.temple"), view) == GAME.info("temple", view)
    for kind in RAW["hex_kinds"]:
        assert i18n.t(f"gardiens.hex_text.{kind}") != f"gardiens.hex_text.{kind}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_of_every_part_of_a_turn(language: str, lang: None) -> None:
    i18n.set_language(language)
    for kind in ("forward", "alliance", "collect", "action", "defend", "discard", "devour"):
        summary = GAME.rules_summary({"decision": {"kind": kind}, "coop": True})
        assert re.search(r"GR-\d+", summary) and "gardiens." not in summary


def test_decisions_read_in_plain_language(lang: None) -> None:
    assert GAME.describe_action("play AC24#3") == "play Smuggler (AC24#3)"
    assert GAME.describe_action("exchange gold wood") == "exchange gold for wood"
    assert GAME.describe_action("defend magic AC02#1") == (
        "defend: spend 1 magic (+1) + Shield Wall (AC02#1)")
    assert GAME.describe_action("trade partner") == "trade (1:1 with your ally)"
    i18n.set_language("fr")
    assert "Marché" in GAME.describe_action("build market T17")
    assert GAME.describe_action("accept") == "accepter"


def _lines(renderable: object, width: int) -> list[str]:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text().splitlines()


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 1), (5, 8)])
def test_every_screen_fits_80_columns(players: int, seed: int) -> None:
    """Each distinct screen (seat, decision kind, round) of seeded games, at 80 columns;
    the viewer is told their colour."""
    state = GAME.new_state(players, seed, {})
    bots = [GreedyBot(s, seed) for s in range(players)]
    shown = set()
    while not state.is_over():
        seat = state.to_move()
        decision = state.decision()
        assert seat is not None and decision is not None
        screen = (seat, decision.kind, state.round_number)
        if screen not in shown:
            shown.add(screen)
            view = state.view(seat)
            lines = _lines(GAME.render(view), 80)
            assert max(len(line) for line in lines) <= 80
            assert f"You play {view['you_colour']}." in "\n".join(lines)
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert max(len(line) for line in _lines(GAME.render(state.view(None)), 80)) <= 80


def test_rules_and_info_at_the_table() -> None:
    """``rules`` and ``info`` answer at a Gardiens table without taking a decision."""
    from keepers.core.record import GameRecord
    from keepers.core.terminal import play_terminal

    feed = iter(["rules", "info AC24#3", "info C", "info temple", "info EV04", "info OB01"])

    def reader(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    record = GameRecord(game=GAME.name, players=3, seed=1, options=GAME.default_options(),
                        seats=["human", "greedy", "greedy"])
    code = play_terminal(GAME, record, console=Console(file=out, width=80), read=reader)
    text = out.getvalue()
    assert code == 1 and not {"rules", "info C"} & set(record.actions)
    for words in ("GR-3.8", "Smuggler", "the Citadel", "Temple (costs", "Drought",
                  "Lord of the Woods"):
        assert words in text, words
