"""Player-facing text in several languages.

Messages live in TOML catalogues (``keepers/locale/<lang>.toml``), grouped in
tables; a key is ``"table.name"``.  Each game package may add its own catalogue
(``keepers/games/<game>/locale/<lang>.toml``), whose keys are merged in.
The language comes from :func:`set_language` (the ``--lang`` option) or else
the ``KEEPERS_LANG`` environment variable; any key missing from a catalogue
falls back to English, then to the key itself.  The choice is a context variable, so
each connection of the game server builds its messages in its own language.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib.resources import files
from typing import Any

DEFAULT = "en"
_chosen: ContextVar[str | None] = ContextVar("keepers_language", default=None)


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = str(value)
    return flat


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Return the flat ``key -> message`` catalogue of ``lang`` (empty if there is none)."""
    flat: dict[str, str] = {}
    resources = [files("keepers") / "locale" / f"{lang}.toml"]
    games = files("keepers") / "games"
    if games.is_dir():
        resources += [g / "locale" / f"{lang}.toml" for g in games.iterdir() if g.is_dir()]
    for resource in resources:
        if resource.is_file():
            flat.update(_flatten(tomllib.loads(resource.read_text(encoding="utf-8"))))
    return flat


@cache
def languages() -> list[str]:
    """Return the codes of the available languages."""
    folder = files("keepers") / "locale"
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir()
                  if p.name.endswith(".toml"))


def _normalise(lang: str) -> str:
    return lang.strip().lower().replace("-", "_").split(".")[0].split("_")[0]


def set_language(lang: str | None) -> None:
    """Choose the language (``None``: back to ``KEEPERS_LANG`` or English) in the current
    context (this thread; or this task and the tasks it starts)."""
    _chosen.set(_normalise(lang) if lang else None)


@contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """Build messages in ``lang`` inside the block, then go back to the language before
    (the server builds each connection's messages in that connection's language)."""
    token = _chosen.set(_normalise(lang) if lang else _chosen.get())
    try:
        yield
    finally:
        _chosen.reset(token)


def choose_language(lang: str | None) -> None:
    """Choose the language strictly: refuse (ValueError, one line) one without a catalogue.

    ``lang`` (the ``--lang`` option) must be a code exactly (``en``, ``fr``, ``ru``);
    ``KEEPERS_LANG``, used when ``lang`` is None, may also be a locale name such as
    ``fr_FR.UTF-8``.
    """
    known = ", ".join(languages())
    if lang is not None and lang not in languages():
        raise ValueError(t("cli.bad_lang", name="--lang", value=lang, known=known))
    variable = os.environ.get("KEEPERS_LANG", "")
    if lang is None and variable and _normalise(variable) not in languages():
        raise ValueError(t("cli.bad_lang", name="KEEPERS_LANG", value=variable, known=known))
    set_language(lang)


def language() -> str:
    """Return the language in use."""
    return _usable(_chosen.get() or os.environ.get("KEEPERS_LANG", "") or DEFAULT)


@cache
def _usable(lang: str) -> str:
    """``lang`` as a catalogue's code, or the default when no catalogue has it (remembered:
    every message asks, a server's hundreds per decision)."""
    code = _normalise(lang)
    return code if code in languages() else DEFAULT


def messages() -> dict[str, str]:
    """Return the catalogue of the language in use (for code that looks up many keys)."""
    return catalogue(language())


def t(key: str, **kwargs: Any) -> str:
    """Return the message ``key`` in the current language, formatted with ``kwargs``."""
    message = catalogue(language()).get(key) or catalogue(DEFAULT).get(key) or key
    return message.format(**kwargs) if kwargs else message


def web_texts(lang: str) -> dict[str, str]:
    """Return every ``web.*`` message of ``lang``, English where ``lang`` lacks one
    (the browser client's texts, from the same catalogues as the terminal's)."""
    merged = {**catalogue(DEFAULT), **catalogue(lang)}
    return {key: text for key, text in merged.items() if key.startswith("web.")}
