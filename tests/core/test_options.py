"""Declared game options: strict parsing and checking, nothing coerced."""

from __future__ import annotations

import pytest

from keepers.core.game import Option

MODE = Option("mode", "rotate", choices=("rotate", "fixed"))
FLAG = Option("bank", False)
CAP = Option("max_rounds", 60, minimum=1)


@pytest.mark.parametrize(("option", "text", "value"), [
    (MODE, "fixed", "fixed"), (FLAG, "true", True), (FLAG, "FALSE", False), (CAP, "12", 12),
])
def test_allowed_values_parse(option: Option, text: str, value: object) -> None:
    assert option.parse(text) == value


@pytest.mark.parametrize(("option", "text"), [
    (MODE, "rotating"), (MODE, ""), (FLAG, "yes"), (FLAG, "maybe"), (FLAG, "1"),
    (CAP, "0"), (CAP, "-1"), (CAP, "x"), (CAP, "1.5"), (CAP, "9" * 5000),
])
def test_other_text_is_refused_naming_the_option(option: Option, text: str) -> None:
    with pytest.raises(ValueError, match=f"option {option.name} must be") as info:
        option.parse(text)
    assert "\n" not in str(info.value) and len(str(info.value)) < 120


@pytest.mark.parametrize(("option", "value"), [
    (MODE, 1), (FLAG, "true"), (FLAG, 1), (CAP, True), (CAP, 2.0), (CAP, 0),
])
def test_library_values_of_the_wrong_kind_are_refused(option: Option, value: object) -> None:
    with pytest.raises(ValueError, match=f"option {option.name} must be"):
        option.check(value)


def test_allowed_describes_each_kind() -> None:
    assert MODE.allowed() == "rotate | fixed"
    assert FLAG.allowed() == "true | false"
    assert CAP.allowed() == "a whole number >= 1"


def test_a_refusal_names_the_option_clause() -> None:
    option = Option("length", "short", choices=("short", "full"), clause="KT-15.3")
    with pytest.raises(ValueError, match=r"^KT-15.3: option length must be short \| full"):
        option.parse("medium")


def test_a_long_value_is_quoted_short() -> None:
    with pytest.raises(ValueError) as info:
        MODE.parse("x" * 5000)
    assert len(str(info.value)) < 120 and "..." in str(info.value)


def test_a_game_is_found_by_name_once_and_an_unknown_one_refused_with_the_known(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry reads the installed entry points once per game (a server and a
    search's workers ask by name often); an unknown name lists the games there are."""
    from keepers.core import registry
    from keepers.core.errors import KeepersError
    from keepers.core.registry import game_names, get_game

    first = get_game("keythedral")

    def no_more_reading(**_: object) -> None:
        raise AssertionError("entry points read again for a game already found")

    with monkeypatch.context() as patched:
        patched.setattr(registry, "entry_points", no_more_reading)
        assert get_game("keythedral") is first
    with pytest.raises(KeepersError) as refused:
        get_game("chess")
    assert str(refused.value) == (f"unknown game 'chess'; known games: "
                                  f"{', '.join(game_names())}")
