"""Message catalogues: complete translations, fallback and language choice."""

from __future__ import annotations

import string

import pytest

from keepers.core import i18n
from keepers.core.i18n import t


def _fields(message: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


def test_catalogues_are_complete_with_same_placeholders() -> None:
    english = i18n.catalogue("en")
    assert set(i18n.languages()) >= {"en", "fr", "ru"}
    for lang in ("fr", "ru"):
        other = i18n.catalogue(lang)
        assert set(other) == set(english), lang
        for key, message in english.items():
            assert _fields(other[key]) == _fields(message), (lang, key)


def test_language_choice_and_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    assert t("result.title") == "Final scores"
    monkeypatch.setenv("KEEPERS_LANG", "fr_FR.UTF-8")
    assert t("result.title") == "Scores finaux"
    i18n.set_language("ru")
    assert t("play.bad_number", count=3).startswith("Введите число от 1 до 3")
    i18n.set_language("xx")
    assert t("result.title") == "Final scores"
    monkeypatch.setitem(i18n.catalogue("ru"), "result.title", "")
    i18n.set_language("ru")
    assert t("result.title") == "Final scores"
    assert t("no.such.key") == "no.such.key"
