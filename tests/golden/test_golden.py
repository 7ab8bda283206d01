"""Every golden game replays identically: same decisions, scores and final position."""

from __future__ import annotations

import pytest

from golden import GAMES_PER_COUNT, cases, load, play, table_path

GAMES = [name for name in ("keythedral", "gardiens", "viscounts") if table_path(name).exists()]
CHUNKS = 4


@pytest.mark.parametrize("game", GAMES)
def test_table_covers_every_case(game: str) -> None:
    rows = load(game)
    assert [{k: row[k] for k in ("players", "options", "seed", "bots")} for row in rows] \
        == list(cases(game))
    assert len(rows) >= GAMES_PER_COUNT


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game", GAMES)
def test_golden_games_replay_identically(game: str, chunk: int) -> None:
    rows = load(game)[chunk::CHUNKS]
    changed = [row for row in rows
               if play(game, {k: row[k] for k in ("players", "options", "seed", "bots")}) != row]
    assert not changed, f"{len(changed)} of {len(rows)} golden games changed, first: {changed[0]}"
