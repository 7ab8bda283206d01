"""Balance reports: results files read back, measured, plotted and written for people.

``keepers report RESULTS... --out report.html`` (or ``report.md``) reads results files
(:mod:`keepers.core.results`; a directory stands for the ``*.jsonl`` files in it, one
sweep cell each) and writes what a designer asks of them: win share per seat and per
bot with Wilson 95 % intervals, the first player's edge, the spread of scores, game
lengths, how each card, objective or event a game reports in its facts goes with
winning, and the cells side by side.  The report is a list of blocks (headings,
paragraphs, tables, images) rendered either as one self-contained HTML page (images
inlined as base64 PNG) or as Markdown with its PNG images written beside it.
Plots are drawn by matplotlib on its Agg backend (no display needed).
"""

from __future__ import annotations

import base64
import html
import io
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from keepers.core.errors import KeepersError
from keepers.core.files import write_bytes_atomic, write_text_atomic
from keepers.core.i18n import t
from keepers.core.registry import get_game
from keepers.core.results import Line, read_results
from keepers.core.simulate import game_summary, several_seats, summarize, wilson, win_shares

MOST_ITEMS = 20
"""Items shown per fact (the ones furthest from the average win share first)."""
LEAST_SEEN = 5
"""Seat-games (or games) an item must appear in to be shown: fewer tell nothing."""


# -- input -----------------------------------------------------------------------

@dataclass
class Cell:
    """One results file: the games of one run (a sweep cell), and its label."""

    name: str
    lines: list[Line]
    label: str = ""

    @property
    def players(self) -> int:
        """The player count of its games."""
        return len(self.lines[0]["scores"])

    def describe(self) -> dict[str, str]:
        """What sets the run apart: players, seats (bots in seat order) and options."""
        first = min(self.lines, key=lambda line: int(line["index"]))
        lineups = {tuple(line["seats"]) for line in self.lines}
        seats = ",".join(first["seats"]) + (" ↻" if len(lineups) > 1 else "")
        described = {"players": str(self.players), "seats": seats}
        for key, value in sorted((first.get("options") or {}).items()):
            described[key] = str(value).lower() if isinstance(value, bool) else str(value)
        return described


def load_cells(paths: Sequence[Path], warn: Callable[[str], None]) -> list[Cell]:
    """Read the results files named (a directory: its ``*.jsonl`` files, sorted).

    Refused in one line: a path with no results, a file mixing player counts, files of
    different games.  A torn last line is left out with a warning.
    """
    files: list[Path] = []
    for path in paths:
        found = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
        if not found:
            raise KeepersError(t("report.no_results", path=str(path)))
        files += found
    cells: list[Cell] = []
    for path in files:
        contents = read_results(path)
        if contents.torn:
            warn(t("report.torn", path=str(path)))
        if not contents.lines:
            raise KeepersError(t("report.no_results", path=str(path)))
        if len({len(line["scores"]) for line in contents.lines}) > 1:
            raise KeepersError(t("report.mixed_players", path=str(path)))
        cells.append(Cell(path.stem, contents.lines))
    games = sorted({str(line.get("game")) for cell in cells for line in cell.lines})
    if len(games) > 1:
        raise KeepersError(t("report.mixed_games", games=", ".join(games)))
    _label(cells)
    return cells


def _label(cells: Sequence[Cell]) -> None:
    """Label each cell by what differs between the cells (its file name when alone)."""
    described = [cell.describe() for cell in cells]
    keys = list(dict.fromkeys(key for d in described for key in d))
    differing = [key for key in keys if len({d.get(key) for d in described}) > 1]
    for cell, d in zip(cells, described, strict=True):
        parts = [f"{d[key]} {t('report.players_word')}" if key == "players"
                 else d[key] if key == "seats" else f"{key}={d.get(key, '')}"
                 for key in differing]
        cell.label = ", ".join(parts) or cell.name


# -- measures ----------------------------------------------------------------------

@dataclass
class ItemRow:
    """How one item of a fact (a card, an objective, an event) goes with winning."""

    item: str
    seen: int
    wins: float
    others_seen: int
    others_wins: float

    @property
    def share(self) -> float:
        """Win share of the seats (or games) that had the item."""
        return self.wins / self.seen if self.seen else 0.0

    @property
    def others_share(self) -> float:
        """Win share of those that did not."""
        return self.others_wins / self.others_seen if self.others_seen else 0.0


@dataclass
class FactTable:
    """One fact's items, with how each goes with winning."""

    name: str
    per_seat: bool
    rows: list[ItemRow] = field(default_factory=list)


def _items(value: Any) -> set[str]:
    """The ids a fact's value holds: a list's entries, or a mapping's keys counted > 0."""
    if isinstance(value, list):
        return {str(item) for item in value}
    if isinstance(value, dict):
        return {str(key) for key, count in value.items() if count}
    return set()


def _table(name: str, per_seat: bool, samples: Sequence[tuple[set[str], float]]) -> FactTable:
    """Item rows from (ids present, win share) samples: one per seat-game or game."""
    total, total_wins = len(samples), sum(share for _, share in samples)
    seen: dict[str, list[float]] = {}
    for items, share in samples:
        for item in items:
            seen.setdefault(item, []).append(share)
    rows = [ItemRow(item, len(s), sum(s), total - len(s), total_wins - sum(s))
            for item, s in seen.items() if len(s) >= LEAST_SEEN]
    rows.sort(key=lambda row: (-abs(row.share - row.others_share), row.item))
    return FactTable(name, per_seat, sorted(rows[:MOST_ITEMS], key=lambda r: (-r.share, r.item)))


def fact_tables(lines: Sequence[Line]) -> list[FactTable]:
    """For every fact holding ids: each id's win share against the others'.

    A seat's fact is measured on seat-games (did the seats that had it win more?); a
    game's fact on games, by the share of games some seat won: only when some game was
    lost by all (a co-operative game), since otherwise every game was won.
    """
    seat_samples: dict[str, list[tuple[set[str], float]]] = {}
    game_samples: dict[str, list[tuple[set[str], float]]] = {}
    for line in lines:
        facts = line.get("facts") or {}
        shares = win_shares(line["winners"], len(line["scores"]))
        for seat, seat_facts in enumerate(facts.get("seats") or []):
            for name, value in seat_facts.items():
                if isinstance(value, list | dict):
                    seat_samples.setdefault(name, []).append((_items(value), shares[seat]))
        won = 1.0 if line["winners"] else 0.0
        for name, value in (facts.get("game") or {}).items():
            if isinstance(value, list | dict):
                game_samples.setdefault(name, []).append((_items(value), won))
    tables = [_table(name, True, s) for name, s in seat_samples.items()]
    if any(not line["winners"] for line in lines):  # else every game was won: nothing to tell
        tables += [_table(name, False, s) for name, s in game_samples.items()]
    return [table for table in tables if table.rows]


def number_facts(lines: Sequence[Line]) -> dict[str, tuple[float, float]]:
    """Each numeric seat fact's mean among winners and among the others (win-weighted)."""
    sums: dict[str, list[float]] = {}
    for line in lines:
        shares = win_shares(line["winners"], len(line["scores"]))
        for seat, seat_facts in enumerate((line.get("facts") or {}).get("seats") or []):
            for name, value in seat_facts.items():
                if isinstance(value, int | float) and not isinstance(value, bool):
                    acc = sums.setdefault(name, [0.0, 0.0, 0.0, 0.0])
                    acc[0] += shares[seat] * value
                    acc[1] += shares[seat]
                    acc[2] += (1 - shares[seat]) * value
                    acc[3] += 1 - shares[seat]
    return {name: (a[0] / a[1] if a[1] else 0.0, a[2] / a[3] if a[3] else 0.0)
            for name, a in sums.items()}


# -- plots ---------------------------------------------------------------------------

def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=90)
    _pyplot().close(figure)
    return buffer.getvalue()


def _errors(rows: Sequence[Mapping[str, Any]]) -> list[list[float]]:
    return [[max(0.0, 100 * (r["win_share"] - r["ci_low"])) for r in rows],
            [max(0.0, 100 * (r["ci_high"] - r["win_share"])) for r in rows]]


def plot_grouped(labels: Sequence[str], groups: Sequence[str],
                 rows: Sequence[Sequence[Mapping[str, Any] | None]], fair: float | None,
                 xlabel: str) -> bytes:
    """Win shares (%) with 95 % intervals: a group of bars per seat or bot, a bar per cell
    (``rows[k][g]``: cell ``k``'s figures for group ``g``, None when it has none)."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(max(6.0, 0.5 * len(groups) * len(labels) + 2), 3.6))
    width = 0.8 / len(labels)
    for k, (label, cell_rows) in enumerate(zip(labels, rows, strict=True)):
        places = [g + (k - (len(labels) - 1) / 2) * width
                  for g, row in enumerate(cell_rows) if row is not None]
        present = [row for row in cell_rows if row is not None]
        axes.bar(places, [100 * r["win_share"] for r in present], width,
                 yerr=_errors(present), capsize=3, label=label)
        for place, row in zip(places, present, strict=True):
            if fair is None and "fair_share" in row:  # each bar's own share with no edge
                axes.hlines(100 * row["fair_share"], place - width / 2, place + width / 2,
                            colors="grey", linestyles="dashed", linewidth=1)
    if fair is not None:
        axes.axhline(100 * fair, color="grey", linestyle="--", linewidth=1,
                     label=t("report.fair_share"))
    axes.set_xticks(range(len(groups)), groups)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(t("report.win_share_pct"))
    if len(labels) > 1 or fair is not None:
        axes.legend(fontsize="small")
    return _png(figure)


def plot_cell(cell: Cell) -> bytes:
    """Each seat's scores (box plots), and histograms of the rounds and decisions a game."""
    plt = _pyplot()
    figure, (scores, rounds, decisions) = plt.subplots(1, 3, figsize=(10, 3.2))
    per_seat = [[float(line["scores"][seat]) for line in cell.lines]
                for seat in range(cell.players)]
    scores.boxplot(per_seat)
    scores.set_xticks(range(1, cell.players + 1), [str(s + 1) for s in range(cell.players)])
    scores.set_xlabel(t("report.seat"))
    scores.set_ylabel(t("report.score_axis"))
    lengths = [int(line["rounds"]) for line in cell.lines]
    rounds.hist(lengths, bins=range(min(lengths), max(lengths) + 2), align="left")
    rounds.set_xlabel(t("report.rounds"))
    rounds.set_ylabel(t("report.games"))
    decisions.hist([int(line["decisions"]) for line in cell.lines], bins=30)
    decisions.set_xlabel(t("report.decisions"))
    return _png(figure)


def plot_items(table: FactTable, average: float) -> bytes:
    """Each item's win share with its 95 % interval, against the average (a line)."""
    plt = _pyplot()
    rows = table.rows
    figure, axes = plt.subplots(figsize=(7, 0.3 * len(rows) + 1.2))
    places = list(range(len(rows)))[::-1]
    shares = [100 * row.share for row in rows]
    intervals = [wilson(row.wins, row.seen) for row in rows]
    below = [max(0.0, s - 100 * low) for s, (low, _) in zip(shares, intervals, strict=True)]
    above = [max(0.0, 100 * high - s) for s, (_, high) in zip(shares, intervals, strict=True)]
    axes.barh(places, shares, xerr=[below, above], capsize=2)
    axes.axvline(100 * average, color="grey", linestyle="--", linewidth=1)
    axes.set_yticks(places, [row.item for row in rows], fontsize="small")
    axes.set_xlabel(t("report.win_share_pct"))
    axes.set_title(table.name)
    return _png(figure)


# -- the report as blocks ------------------------------------------------------------

@dataclass
class Heading:
    """A heading (level 1 to 3)."""

    level: int
    text: str


@dataclass
class Paragraph:
    """A paragraph of plain text."""

    text: str


@dataclass
class Markdown:
    """Text the author wrote in Markdown (a preface): kept as it is in a Markdown report,
    its paragraphs (and indented code) shown as plain text in HTML."""

    text: str


@dataclass
class Table:
    """A table: its column headings and rows of text."""

    headings: list[str]
    rows: list[list[str]]


@dataclass
class Image:
    """A PNG image, its short name (for the file written beside a Markdown report)."""

    name: str
    alt: str
    png: bytes


Block = Heading | Paragraph | Markdown | Table | Image


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _share(row: Mapping[str, Any]) -> str:
    return f"{_pct(row['win_share'])} ({_pct(row['ci_low'])} – {_pct(row['ci_high'])})"


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "cell"


def build(cells: Sequence[Cell], title: str, preface: str = "") -> list[Block]:
    """The report's blocks: the preface, an overview of the cells side by side, then each
    cell."""
    summaries = [summarize(cell.lines) for cell in cells]
    blocks: list[Block] = [Heading(1, title)]
    if preface.strip():
        blocks.append(Markdown(preface.strip()))
    blocks.append(Paragraph(t(
        "report.intro", games=f"{sum(len(c.lines) for c in cells):,}", cells=len(cells),
        game=str(cells[0].lines[0].get("game", "?")))))
    blocks += _overview(cells, summaries)
    for number, (cell, summary) in enumerate(zip(cells, summaries, strict=True), start=1):
        blocks += _cell_blocks(cell, summary, f"{number:02d}-{_slug(cell.label)}")
    return blocks


def _overview(cells: Sequence[Cell], summaries: Sequence[Mapping[str, Any]]) -> list[Block]:
    players = max(cell.players for cell in cells)
    headings = [t("report.cell"), t("report.games"), t("report.rounds_mean")]
    headings += [t("report.seat_share", seat=s + 1) for s in range(players)]
    headings.append(t("report.first_player"))
    rows = []
    for cell, summary in zip(cells, summaries, strict=True):
        seats = [_share(r) for r in summary["per_seat"]] + [""] * (players - cell.players)
        first = summary.get("first_player")
        rows.append([cell.label, f"{summary['games']:,}",
                     f"{summary['rounds']['mean']:.2f} ± {summary['rounds']['sd']:.2f}",
                     *seats, _share(first) if first else "–"])
    blocks: list[Block] = [Heading(2, t("report.overview")), Table(headings, rows)]
    labels = [cell.label for cell in cells]
    fair = 1 / players if len({cell.players for cell in cells}) == 1 else None
    blocks.append(Image("seats", t("report.per_seat"), plot_grouped(
        labels, [str(s + 1) for s in range(players)],
        [_seat_rows(summary, players) for summary in summaries], fair, t("report.seat"))))
    if any("first_player" in summary for summary in summaries):
        blocks.append(Image("first-player", t("report.first_player"), plot_grouped(
            labels, [t("report.first_player")],
            [[summary.get("first_player")] for summary in summaries], fair, "")))
    bots = sorted({bot for summary in summaries for bot in summary["per_bot"]})
    if len(bots) > 1:
        blocks.append(Image("bots", t("report.per_bot"), plot_grouped(
            labels, bots, [[summary["per_bot"].get(b) for b in bots] for summary in summaries],
            None, t("report.bot"))))
    blocks.append(Paragraph(t("report.seat_note")))
    return blocks


def _seat_rows(summary: Mapping[str, Any], players: int) -> list[Mapping[str, Any] | None]:
    rows: list[Mapping[str, Any] | None] = list(summary["per_seat"])
    return rows + [None] * (players - len(rows))


def _win_rows(rows: Iterable[tuple[str, Mapping[str, Any]]],
              games_won: bool = False) -> list[list[str]]:
    return [[name, f"{r['games']:,}", _share(r), f"{r['score_mean']:.2f} ± {r['score_sd']:.2f}",
             *([f"{_pct(r['game_share'])} ({_pct(r['game_ci_low'])} – "
                f"{_pct(r['game_ci_high'])})"] if games_won else [])]
            for name, r in rows]


def _cell_blocks(cell: Cell, summary: Mapping[str, Any], key: str) -> list[Block]:
    headings = [t("report.games"), t("report.win_share_ci"), t("report.score")]
    blocks: list[Block] = [
        Heading(2, cell.label),
        Paragraph(", ".join(f"{k}={v}" for k, v in cell.describe().items())),
        Table([t("report.seat"), *headings], _win_rows(
            (f"{r['seat'] + 1}: {r['bot']}", r) for r in summary["per_seat"])),
    ]
    if several_seats(summary):
        blocks.append(Table([t("report.bot"), *headings, t("sim.games_won")],
                            _win_rows(summary["per_bot"].items(), games_won=True)))
    else:
        blocks.append(Table([t("report.bot"), *headings], _win_rows(summary["per_bot"].items())))
    first = summary.get("first_player")
    if first:
        blocks.append(Paragraph(t("report.first_player_line", share=_share(first),
                                  fair=_pct(first["fair_share"]))))
    rounds, decisions = summary["rounds"], summary["decisions"]
    blocks.append(Paragraph(t(
        "report.length_line", rounds=f"{rounds['mean']:.2f} ± {rounds['sd']:.2f}",
        decisions=f"{decisions['mean']:.0f} ± {decisions['sd']:.0f}",
        capped=summary["capped"])))
    blocks.append(Image(key, t("report.scores_length"), plot_cell(cell)))
    blocks += _game_blocks(cell, summary)
    blocks += _fact_blocks(cell, key)
    return blocks


def _value(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def _game_blocks(cell: Cell, summary: Mapping[str, Any]) -> list[Block]:
    """The game's own report when it is installed here and offers one (``Game.summarize``,
    as ``keepers simulate`` prints it); else the means of the game's statistics."""
    try:
        own = game_summary(get_game(str(cell.lines[0].get("game"))), cell.lines)
    except KeepersError:                      # a game not installed here: no report of its own
        own = None
    title, table = (t("sim.report"), own) if own else (t("sim.stats"), summary["stats"])
    if not table:
        return []
    return [Heading(3, title), Table([t("sim.key"), t("sim.value")],
                                     [[key, _value(value)] for key, value in table.items()])]


def _fact_blocks(cell: Cell, key: str) -> list[Block]:
    tables = fact_tables(cell.lines)
    numbers = number_facts(cell.lines)
    if not tables and not numbers:
        return []
    blocks: list[Block] = [Heading(3, t("report.facts")), Paragraph(t("report.facts_note"))]
    if numbers:
        blocks.append(Table([t("report.fact"), t("report.mean_winners"),
                             t("report.mean_others")],
                            [[name, f"{w:.2f}", f"{o:.2f}"] for name, (w, o) in
                             numbers.items()]))
    average = 1 / cell.players       # a seat's share when no item made a difference
    for table in tables:
        share_heading = t("report.win_share_with") if table.per_seat else t("report.won_with")
        rows = [[row.item, f"{row.seen:,}", _pct(row.share),
                 "{} – {}".format(*(_pct(x) for x in wilson(row.wins, row.seen))),
                 _pct(row.others_share)] for row in table.rows]
        blocks.append(Paragraph(t("report.fact_title", name=table.name) if table.per_seat
                                else t("report.game_fact_title", name=table.name)))
        blocks.append(Table([t("report.item"), t("report.seen"), share_heading,
                             t("report.ci"), t("report.without")], rows))
        if table.per_seat:  # a game's items stay a table: fewer plots, the same figures
            blocks.append(Image(f"{key}-{_slug(table.name)}", table.name,
                                plot_items(table, average)))
    return blocks


# -- rendering ------------------------------------------------------------------------

STYLE = """body{font-family:system-ui,sans-serif;max-width:70em;margin:2em auto;padding:0 1em}
table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ccc;padding:.2em .5em}
td{text-align:right}td:first-child{text-align:left}img{max-width:100%}"""


def to_html(blocks: Sequence[Block]) -> str:
    """One self-contained HTML page: the images inlined as base64 PNG."""
    title = next((b.text for b in blocks if isinstance(b, Heading)), "")
    parts = [f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{html.escape(title)}"
             f"</title><style>{STYLE}</style></head><body>"]
    for block in blocks:
        if isinstance(block, Heading):
            parts.append(f"<h{block.level}>{html.escape(block.text)}</h{block.level}>")
        elif isinstance(block, Paragraph):
            parts.append(f"<p>{html.escape(block.text)}</p>")
        elif isinstance(block, Markdown):
            parts += [_html_chunk(chunk) for chunk in block.text.split("\n\n")]
        elif isinstance(block, Table):
            head = "".join(f"<th>{html.escape(h)}</th>" for h in block.headings)
            body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                           for row in block.rows)
            parts.append(f"<table><tr>{head}</tr>{body}</table>")
        else:
            data = base64.b64encode(block.png).decode("ascii")
            parts.append(f"<p><img alt=\"{html.escape(block.alt)}\" "
                         f"src=\"data:image/png;base64,{data}\"></p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _html_chunk(chunk: str) -> str:
    """A paragraph of the preface: indented lines (commands) as preformatted text."""
    if all(line.startswith("    ") for line in chunk.splitlines() if line.strip()):
        return f"<pre>{html.escape(chunk)}</pre>"
    return f"<p>{html.escape(chunk)}</p>"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def to_markdown(blocks: Sequence[Block], folder: str) -> tuple[str, dict[str, bytes]]:
    """Markdown text, and the PNG files it links to (paths in ``folder``, relative to it)."""
    parts: list[str] = []
    images: dict[str, bytes] = {}
    for block in blocks:
        if isinstance(block, Heading):
            parts.append("#" * block.level + " " + block.text)
        elif isinstance(block, Paragraph | Markdown):
            parts.append(block.text)
        elif isinstance(block, Table):
            lines = ["| " + " | ".join(_cell(h) for h in block.headings) + " |",
                     "|" + "---|" * len(block.headings)]
            lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in block.rows]
            parts.append("\n".join(lines))
        else:
            name = f"{folder}/{block.name}.png"
            images[name] = block.png
            parts.append(f"![{block.alt}]({name})")
    return "\n\n".join(parts) + "\n", images


def write_report(cells: Sequence[Cell], out: Path, title: str,
                 preface: str = "") -> list[Path]:
    """Write the report to ``out``: ``.html``, or ``.md`` with its PNGs in a folder beside
    it (``report.md``: ``report-plots/``); each file atomically.  Return the paths written."""
    blocks = build(cells, title, preface)
    if out.suffix == ".html":
        write_text_atomic(out, to_html(blocks))
        return [out]
    text, images = to_markdown(blocks, f"{out.stem}-plots")
    (out.parent / f"{out.stem}-plots").mkdir(exist_ok=True)
    written = []
    for name, png in images.items():
        write_bytes_atomic(out.parent / name, png)
        written.append(out.parent / name)
    write_text_atomic(out, text)
    return [out, *written]


REPORT_SUFFIXES = (".html", ".md")
"""The kinds of report written, by the suffix of ``--out``."""
