"""Option sweeps: the same seeded games under several readings of the rules, side by side.

A designer deciding between readings of a rule wants to see what each one does
to the game: the defaults against each option changed alone, at several player
counts, with the same seeds in every cell (so differences come from the rules,
not from the dice).  :func:`run_sweep` plays the cells; :func:`sweep_markdown`
writes the comparison as Markdown tables, one per player count, a column per
reading and a row per measure (the core's figures, then the game's own report).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from keepers.core.game import Game
from keepers.core.simulate import game_summary, run_simulation, summarize


@dataclass
class Cell:
    """One reading at one player count: its options and its measures."""

    players: int
    label: str
    options: dict[str, Any]
    summary: dict[str, Any]
    report: dict[str, Any]


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


def run_sweep(game: Game, player_counts: Sequence[int], seats: Sequence[str], games: int,
              seed: int, base: Mapping[str, Any], variants: Sequence[Mapping[str, Any]],
              jobs: int = 1, progress: Callable[[int], None] | None = None) -> list[Cell]:
    """Play ``games`` games per (player count, reading); the defaults come first.

    ``seats`` are cycled to each player count; every cell uses the same seeds.
    """
    cells: list[Cell] = []
    for players in player_counts:
        names = [seats[k % len(seats)] for k in range(players)]
        for variant in [{}, *variants]:
            options = game.check_options({**base, **variant})
            results = run_simulation(game, names, games, seed, options, jobs, False, progress)
            cells.append(Cell(players, label(variant), options, summarize(results),
                              game_summary(game, results) or {}))
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
