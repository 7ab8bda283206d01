"""Texts a newcomer reads: card, tile and field texts in three languages, ``rules`` and
``info`` at the table, the map's legend and screens that fit 80 columns."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from keepers.core import i18n
from keepers.games.keythedral import GAME
from keepers.games.keythedral.bots import GreedyBot
from keepers.games.keythedral.data import FIELD_TYPES, packaged
from keepers.games.keythedral.render import board_text

LANGUAGES = ("en", "fr", "ru")


@pytest.fixture
def lang() -> object:
    yield i18n.set_language
    i18n.set_language(None)


def test_every_catalogue_key_is_in_every_language() -> None:
    keys = [{k for k in i18n.catalogue(lang) if k.startswith("keythedral.")}
            for lang in LANGUAGES]
    assert keys[0] == keys[1] == keys[2]
    for key in keys[0]:
        blanks = [set(re.findall(r"{[^}]*}", i18n.catalogue(lang)[key])) for lang in LANGUAGES]
        assert blanks[0] == blanks[1] == blanks[2], key


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_tile_and_field_has_a_text(language: str, lang: object) -> None:
    """KT-12, KT-10, KT-1.3: ``info`` explains every component id from the data."""
    i18n.set_language(language)
    data = packaged()
    view = GAME.new_state(3, 1, {}).view(0)
    names = [*data.laws, *data.tiles, *data.field_back, *FIELD_TYPES, "blacksmith", "0,0",
             "1,1", "1,3", "40,40"]
    for name in names:
        text = GAME.info(name, view)
        assert text and "keythedral." not in text and "{" not in text, (name, text)
    assert GAME.info("nothing", view) is None and GAME.info("1,2", view) is None
    assert data.laws["C02"].clause in (GAME.info("c02", view) or "")
    assert GAME.info(i18n.t("keythedral.law_name.C02"), view) == GAME.info("C02", view)


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_of_every_phase(language: str, lang: object) -> None:
    i18n.set_language(language)
    for phase in range(6):
        summary = GAME.rules_summary({"phase": phase})
        assert re.search(r"KT-\d+\.\d+", summary) and "keythedral." not in summary


def test_decisions_read_in_plain_language(lang: object) -> None:
    assert GAME.describe_action("buy B04-3") == "buy building tile B04-3 (4 points)"
    assert GAME.describe_action("pay red") == "pay a red (wine) cube"
    i18n.set_language("fr")
    assert GAME.describe_action("pay red") == "payer un cube rouge (vin)"


def _width(renderable: object, width: int = 80) -> int:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return max(len(line) for line in console.export_text().splitlines())


def _drawn(view: dict) -> tuple[set[int], set[int]]:
    """The x and y the drawn map covers, read from its headings."""
    lines = board_text(view).plain.splitlines()
    xs = {int(n) for n in re.findall(r"-?\d+", lines[0][4:] + " " + lines[1][4:])}
    ys = {int(line[:3]) for line in lines[2:]}
    return xs, ys


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 1), (5, 8)])
def test_every_screen_fits_80_columns_and_shows_every_placement(players: int,
                                                                seed: int) -> None:
    """Each distinct screen (seat, decision kind, round) of seeded games, at 80 columns."""
    state = GAME.new_state(players, seed, {"length": "full"})
    bots = [GreedyBot(s, seed) for s in range(players)]
    shown = set()
    while not state.is_over():
        seat = state.to_move()
        decision = state.decision()
        assert seat is not None and decision is not None
        screen = (seat, decision.kind, state.round_number)
        if decision.public and screen not in shown:
            shown.add(screen)
            view = state.view(seat)
            assert _width(GAME.render(view)) <= 80
            xs, ys = _drawn(view)
            for action in view["decision"]["legal"]:
                for x, y in re.findall(r"(-?\d+),(-?\d+)", action):
                    assert int(x) in xs and int(y) in ys, action
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert _width(GAME.render(state.view(None))) <= 80


def test_legend_names_the_viewers_colour(lang: object) -> None:
    view = GAME.new_state(3, 1, {}).view(1)
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(GAME.render(view))
    text = console.export_text()
    # Engine seat 1 is the second player: people count seats from 1.
    assert "You are seat 2 (red)." in text and "Qu quarry" in text
    assert "Seat 3 to decide" in text and "2:" in text


def test_rules_and_info_at_the_table() -> None:
    """``rules`` and ``info`` answer at a Keythedral table without taking a decision."""
    from keepers.core.record import GameRecord
    from keepers.core.terminal import play_terminal

    feed = iter(["rules", "info C02", "info B04-3", "info 0,0", "info nowhere", "more"])

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
    assert code == 1 and not {"rules", "more", "info C02"} & set(record.actions)
    assert "KT-3.10" in text and "Price Increase" in text and "worth 4 points" in text
    assert "Space 0,0: Quarry" in text and "Nothing is known by the name 'nowhere'" in text


def test_first_player_choice_names_the_seat_as_people_count_it() -> None:
    """KT-9.7: the decision `first 2` (engine seat 2) reads "seat 3 becomes first player"."""
    assert GAME.describe_action("first 2") == "seat 3 becomes first player"
