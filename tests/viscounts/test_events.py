"""The events of the view's log read as sentences in every language, and the solo AI's
turns are shown (its scheme, its move, its action), seats counted from 1."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from keepers.core.i18n import set_language
from keepers.games.viscounts import GAME
from keepers.games.viscounts.texts import describe_event


def _events(players: int, config: str, seed: int) -> list[str]:
    state = GAME.new_state(players, seed, {"expansions": config})
    rng = random.Random(seed)
    seen: list[str] = []
    for _ in range(3000):
        if state.is_over():
            break
        seen += [e for e in state.position.log[-8:] if e not in seen]
        state.apply(rng.choice(state.legal_actions()))
    return seen


EVENTS = _events(1, "keys,gates", 3) + _events(3, "keys,gates", 4) + _events(2, "none", 5)


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_every_event_reads_as_a_sentence(lang: str) -> None:
    """VS-2 / VB-6: each event met in play has a sentence (not its machine words) in each
    language; the AI is named as such."""
    set_language(lang)
    try:
        kinds = {e.split()[0] for e in EVENTS}
        assert {"play", "move", "scheme", "action", "hire"} <= kinds
        for entry in EVENTS:
            text = describe_event(entry, ai_seat=1 if entry.split()[0] == "scheme" else None)
            assert text != entry and "viscounts." not in text, entry
    finally:
        set_language(None)


def test_solo_screen_shows_the_ais_turn() -> None:
    """VS-2.2: after the AI's turn the person's screen names the scheme it revealed and
    where it moved; seats count from 1."""
    state = GAME.new_state(1, 3, {})
    rng = random.Random(2)
    while not any(e.startswith("scheme ") for e in state.position.log):
        state.apply(rng.choice(state.legal_actions()))
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(GAME.render(state.view(0)))
    text = " ".join(console.export_text().split())
    assert "the AI reveals the scheme" in text and "Recent:" in text
    assert "seat 0" not in text
