"""Option sweeps: the same seeded games under several readings of the rules, side by side.

A designer deciding between readings of a rule wants to see what each one does
to the game: the defaults against each option changed alone, at several player
counts, with the same seeds in every cell (so differences come from the rules,
not from the dice); and equally several seat line-ups.  :func:`run_sweep` plays the
cells, each cell's games kept apart (a results file per cell when asked, which
``keepers report`` reads); :func:`sweep_markdown` writes the comparison as Markdown
tables, one per player count, a column per cell and a row per measure (the core's
figures, then the game's own report).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from keepers.core.game import Game
from keepers.core.results import run_streamed
from keepers.core.simulate import game_summary, run_simulation, summarize


@dataclass
class Cell:
    """One reading at one player count with one seat line-up: its options and measures."""

    players: int
    label: str
    options: dict[str, Any]
    summary: dict[str, Any]
    report: dict[str, Any]
    seats: list[str] = field(default_factory=list)
    path: Path | None = None
    """The cell's results file, when the sweep streams its games to a directory."""


def parse_variant(game: Game, text: str) -> dict[str, Any]:
    """Read ``key=value[,key=value...]`` with the game's strict option parser."""
    variant: dict[str, Any] = {}
    for item in text.split(","):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"a reading is key=value[,key=value...], not {text[:60]!r}")
        variant[key.strip()] = game.parse_option(key.strip(), value.strip())
    return variant


def label(variant: Mapping[str, Any]) -> str:
    """The column title of a reading: ``defaults`` or its changed options."""
    if not variant:
        return "defaults"
    return ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                     for k, v in variant.items())


def cell_file(players: int, reading: str, seats: Sequence[str]) -> str:
    """The name of a cell's results file: ``3p_bank_trade=true_greedy,random.jsonl``."""
    def safe(text: str) -> str:
        return re.sub(r"[^A-Za-z0-9=,.+-]+", "_", text.replace(", ", "+"))

    return f"{players}p_{safe(reading)}_{safe(','.join(seats))}.jsonl"


def run_sweep(game: Game, player_counts: Sequence[int], lineups: Sequence[Sequence[str]],
              games: int, seed: int, base: Mapping[str, Any],
              variants: Sequence[Mapping[str, Any]], jobs: int = 1,
              progress: Callable[[int], None] | None = None, *, rotate: bool = False,
              backend: str = "processes", address: str | None = None,
              results_dir: Path | None = None, resume: bool = False,
              notice: Callable[[str], None] | None = None) -> list[Cell]:
    """Play ``games`` games per (player count, reading, seat line-up); defaults first.

    Each line-up is cycled to each player count; every cell uses the same seeds.  With
    ``results_dir`` each cell's games are streamed to a results file of their own
    there (:func:`cell_file`), and ``resume`` continues the cells from those files.
    """
    cells: list[Cell] = []
    for players in player_counts:
        for variant in [{}, *variants]:
            options = game.check_options({**base, **variant})
            for lineup in lineups:
                names = [lineup[k % len(lineup)] for k in range(players)]
                path = None if results_dir is None else results_dir / cell_file(
                    players, label(variant), lineup)
                if path is None:
                    results = run_simulation(game, names, games, seed, options, jobs, rotate,
                                             progress, backend=backend, address=address)
                else:
                    results = run_streamed(game, names, games, seed, options, path,
                                           resume=resume, jobs=jobs, rotate=rotate,
                                           backend=backend, address=address,
                                           progress=progress, notice=notice)
                title = label(variant) if len(lineups) == 1 else \
                    f"{label(variant)} · {','.join(lineup)}"
                cells.append(Cell(players, title, options, summarize(results),
                                  game_summary(game, results) or {}, names, path))
    return cells


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _core_rows(summary: Mapping[str, Any]) -> dict[str, str]:
    rounds, decisions = summary["rounds"], summary["decisions"]
    rows = {
        "games": f"{summary['games']:,}",
        "rounds (mean ± sd)": f"{rounds['mean']:.2f} ± {rounds['sd']:.2f}",
        "decisions per game (mean)": f"{decisions['mean']:.0f}",
        "stopped by the safety cap": str(summary["capped"]),
    }
    for seat in summary["per_seat"]:
        number = seat["seat"]
        rows[f"win share, seat {number + 1} (engine seat {number}) (95 % CI)"] = _share(seat)
    if "first_player" in summary:
        rows["win share, first player of round 1 (95 % CI)"] = _share(summary["first_player"])
    return rows


def _share(row: Mapping[str, Any]) -> str:
    return f"{_pct(row['win_share'])} ({_pct(row['ci_low'])}–{_pct(row['ci_high'])})"


def _report_value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def sweep_markdown(cells: Sequence[Cell]) -> str:
    """The comparison tables, one per player count (Markdown)."""
    parts: list[str] = []
    for players in dict.fromkeys(cell.players for cell in cells):
        group = [cell for cell in cells if cell.players == players]
        columns = [{**_core_rows(cell.summary),
                    **{key: _report_value(v) for key, v in cell.report.items()}}
                   for cell in group]
        measures = list(dict.fromkeys(key for column in columns for key in column))
        lines = [f"### {players} players", "",
                 "| measure | " + " | ".join(cell.label for cell in group) + " |",
                 "|---|" + "---|" * len(group)]
        for measure in measures:
            values = [column.get(measure, "") for column in columns]
            lines.append(f"| {measure} | " + " | ".join(values) + " |")
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"
