"""``keepers report``: results files read back into a report people read, its plots
real PNG images; HTML self-contained, Markdown with its images beside it."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import pytest
from matplotlib import image
from test_cli import _error_line
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.report import ItemRow, fact_tables
from keepers.core.results import encode
from keepers.core.simulate import play_games

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"


def _results(path: Path, players: int, options: str, games: int = 40) -> Path:
    """A results file of two-player Gardiens games, a greedy and a random bot."""
    result = runner.invoke(app, ["simulate", "gardiens", "--players", str(players), "--games",
                                 str(games), "--seats", "greedy,random", "--rotate",
                                 "--option", options, "--out", str(path)])
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def cells(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cells")
    _results(folder / "a.jsonl", 2, "bank_trade=false")
    _results(folder / "b.jsonl", 2, "bank_trade=true")
    return folder


def _is_png(data: bytes) -> None:
    assert data.startswith(PNG) and len(data) > 2000
    pixels = image.imread(io.BytesIO(data), format="png")
    assert pixels.shape[0] > 100 and pixels.shape[1] > 100


def test_html_report_is_one_file_with_its_plots_inside(cells: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    result = runner.invoke(app, ["report", str(cells), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) >= 5
    for data in images:
        _is_png(base64.b64decode(data))
    assert "bank_trade=false" in page and "bank_trade=true" in page     # the cells, by what differs
    assert "First player of round 1" in page and "95 % CI" in page
    assert "objectives_reached" in page and "buildings_held" in page    # the game's facts
    assert "share of points from buildings" in page                      # the game's report
    assert 'src="http' not in page                                       # nothing fetched


def test_markdown_report_writes_its_pngs_beside_it(cells: Path, tmp_path: Path) -> None:
    out, preface = tmp_path / "report.md", tmp_path / "preface.md"
    preface.write_text("Made by:\n\n    keepers simulate gardiens ...\n")
    result = runner.invoke(app, ["report", str(cells / "a.jsonl"), "--out", str(out),
                                 "--title", "Gardiens, two players", "--preface", str(preface)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert text.startswith("# Gardiens, two players\n\nMade by:\n\n    keepers simulate")
    linked = re.findall(r"!\[[^]]*\]\(([^)]+\.png)\)", text)
    assert linked and all((tmp_path / name).exists() for name in linked)
    for name in linked:
        _is_png((tmp_path / name).read_bytes())


def test_the_report_speaks_the_language_asked(cells: Path, tmp_path: Path) -> None:
    out = tmp_path / "rapport.md"
    result = runner.invoke(app, ["report", str(cells), "--out", str(out), "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert "Premier joueur de la manche 1" in out.read_text()


def test_fact_items_relate_to_winning_per_seat_game() -> None:
    lines = play_games("gardiens", ["greedy", "random"], {}, 9, range(60))
    reached = next(t for t in fact_tables(lines) if t.name == "objectives_reached")
    assert reached.per_seat and reached.rows
    for row in reached.rows:                     # an objective reached (GR-24) at a seat-game
        assert isinstance(row, ItemRow) and row.seen + row.others_seen == 2 * 60
        assert 0.0 <= row.share <= 1.0


@pytest.mark.parametrize(("args", "message"), [
    (["--out", "r.pdf"], "a report is FILE.html or FILE.md"),
    (["--out", "r.html", "missing.jsonl"], "holds no results"),
    (["--out", "r.html", "--preface", "preface.bin"], "is not UTF-8 text"),
])
def test_bad_report_arguments_are_refused_in_one_line(cells: Path, tmp_path: Path,
                                                      args: list[str], message: str) -> None:
    (tmp_path / "preface.bin").write_bytes(b"\xff\xfe\x00")
    args = [str(tmp_path / a) if "." in a else a for a in args]
    result = runner.invoke(app, ["report", str(cells), *args])
    assert result.exit_code == 2 and message in _error_line(result.output)


def test_results_of_two_games_are_refused(cells: Path, tmp_path: Path) -> None:
    other = tmp_path / "toy.jsonl"
    lines = play_games("toyrace", ["greedy", "random"], {"target": 10, "max_rounds": 30,
                                                        "hand": 3}, 1, range(3))
    other.write_bytes(b"".join(encode(line) for line in lines))
    result = runner.invoke(app, ["report", str(cells), str(other), "--out",
                                 str(tmp_path / "r.html")])
    assert result.exit_code == 2 and "several games" in _error_line(result.output)


def test_a_games_items_are_measured_only_when_some_games_are_lost_by_all() -> None:
    def line(index: int, winners: list[int], events: list[str]) -> dict[str, object]:
        return {"index": index, "scores": [0, 0], "winners": winners, "seats": ["a", "b"],
                "facts": {"seats": [{}, {}], "game": {"events_drawn": events}}}

    lost = [line(i, [], ["EV02"]) for i in range(6)]               # a co-operative loss
    won = [line(6 + i, [0, 1], ["EV01"]) for i in range(6)]        # a shared (team) win
    (events,) = fact_tables(lost + won)
    assert not events.per_seat
    assert {row.item: (row.seen, row.share) for row in events.rows} == {
        "EV01": (6, 1.0), "EV02": (6, 0.0)}
    assert fact_tables(won) == []                                   # every game won: no table
