"""Data layer: packaged files load; defective copies are refused with file, row and reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from keepers.core.errors import KeepersError
from keepers.games.viscounts.data import DataError, GameData, check_data, load_data


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_packaged_data_loads_vb_1_3_counts(data: GameData) -> None:
    """VB-1.3: 68 neutral base townsfolk, 10 base heroes, 8 starting designs, 10 player cards."""
    base = [c for c in data.townsfolk.values() if c.set == "Base"]
    assert sum(c.copies for c in base) == 68
    assert sum(1 for h in data.heroes.values() if h.set == "Base") == 10
    assert sum(1 for c in data.townsfolk.values() if c.set == "Starter") == 8
    assert sum(1 for c in data.player_cards.values() if c.set == "Base") == 10


def test_vb_1_4_manuscripts_35_with_5_grey_backed(data: GameData) -> None:
    """VB-1.4: 35 base manuscripts, 5 grey-backed."""
    base = [m for m in data.manuscripts.values() if m.set == "Base"]
    assert len(base) == 35
    assert sum(m.grey_backed for m in base) == 5


def test_vb_1_5_schemes(data: GameData) -> None:
    """VB-1.5: 8 starting and 8 future base schemes."""
    base = [s for s in data.schemes.values() if s.set == "Base"]
    assert sum(s.deck == "starting" for s in base) == 8
    assert sum(s.deck == "future" for s in base) == 8


def test_player_board_values_vb_2_4(data: GameData) -> None:
    """VB-2.4.3, VB-2.4.5: costs, VP rows and the noble table come from data."""
    board = data.player_board
    assert board.costs == {"workshop": 3, "trading_post": 5, "guildhall": 7}
    assert board.vp["guildhall"] == (6, 13, 21)
    assert board.noble_table == ((1, 1), (3, 2), (5, 3), (8, 4))
    assert [s.id for s in board.slots][:3] == ["TP1", "TP2", "TP3"]


def test_check_data_reports_counts_and_certainty() -> None:
    """check_data summarises every file with its certainty header."""
    report = check_data()
    assert report.ok, report.errors
    by_name = {f.name: f for f in report.files}
    assert by_name["townsfolk.csv"].rows == 133
    assert by_name["board.toml"].certainty == "reconstructed"
    assert by_name["townsfolk.csv"].certainty.startswith("certain")
    assert by_name["manuscripts.csv"].row_certainty == {"printed": 15, "reconstructed": 30}
    assert any("OK" in line for line in report.lines())
    assert report.to_dict()["ok"] is True


def test_unknown_effect_term_refused(data_copy: Path) -> None:
    """An effect outside the closed vocabulary (VB-10) names file, row and term."""
    _edit(data_copy / "townsfolk.csv", "gain_debt(1),,,gain_corruption(1)",
          "gain_debt(1),,,steal_silver(1)")
    with pytest.raises(DataError) as info:
        load_data(data_copy)
    message = str(info.value)
    assert message.startswith("townsfolk.csv: row ")
    assert "steal_silver" in message
    assert info.value.file == "townsfolk.csv" and isinstance(info.value.row, int)


def test_wrong_column_refused(data_copy: Path) -> None:
    """A renamed or missing column is refused at the header line."""
    _edit(data_copy / "heroes.csv", "id,name,set,copies,silver,icons",
          "id,name,set,copies,cost,icons")
    with pytest.raises(DataError, match=r"heroes.csv: row \d+: header"):
        load_data(data_copy)


def test_impossible_value_refused(data_copy: Path) -> None:
    """A negative or out-of-range number is refused with the column named."""
    _edit(data_copy / "manuscripts.csv", "M01,Base,6,grey", "M01,Base,0,grey")
    with pytest.raises(DataError, match=r"manuscripts.csv: row \d+: column 'cost'"):
        load_data(data_copy)


def test_wrong_arity_refused(data_copy: Path) -> None:
    """Arity is checked: flip takes a selector."""
    _edit(data_copy / "player_cards.csv", "2,Base,2,0,2,0,0,5,3,1,flip(deed)",
          "2,Base,2,0,2,0,0,5,3,1,flip(card)")
    with pytest.raises(DataError, match="player_cards.csv: row .*flip"):
        load_data(data_copy)


def test_modifier_in_immediate_column_refused(data_copy: Path) -> None:
    """A modifier is not an immediate effect (context check)."""
    _edit(data_copy / "townsfolk.csv", "TF-B-friar,Friar,Base,1,2,cleric,gain_virtue(1)",
          "TF-B-friar,Friar,Base,1,2,cleric,hand_size(+1)")
    with pytest.raises(DataError, match="not allowed here"):
        load_data(data_copy)


def test_toml_impossible_value_refused(data_copy: Path) -> None:
    """TOML files are checked too: a track position out of 1..7."""
    _edit(data_copy / "player_board.toml", "pos = 7", "pos = 8")
    with pytest.raises(DataError, match=r"player_board.toml: row base.track\[6\]"):
        load_data(data_copy)


def test_board_unknown_link_spot_refused(data_copy: Path) -> None:
    """A link to a spot that does not exist is refused."""
    _edit(data_copy / "board.toml", '{ a = "1a", b = "1b", reward = "flip(debt)" }',
          '{ a = "1a", b = "1z", reward = "flip(debt)" }')
    with pytest.raises(DataError, match="board.toml: .*unknown spot"):
        load_data(data_copy)


def test_missing_file_reported_by_check_data(data_copy: Path) -> None:
    """check_data never raises: a missing file becomes an error line."""
    (data_copy / "castle.toml").unlink()
    report = check_data(data_copy)
    assert not report.ok
    assert report.errors[0].startswith("castle.toml: row -: cannot read")


def test_check_data_of_mutated_copy(data_copy: Path) -> None:
    """check_data reports a defect as one line naming file, row and reason."""
    _edit(data_copy / "schemes.csv", "workers / all_of(flip(either), gain_virtue(1))",
          "workers / all_of(flip(either), gain_virtue(x))")
    report = check_data(data_copy)
    assert not report.ok
    assert len(report.errors) == 1 and "schemes.csv: row" in report.errors[0]
    assert "\n" not in report.errors[0]


def test_data_error_is_keepers_error() -> None:
    """DataError belongs to the engine's error family."""
    assert issubclass(DataError, KeepersError)
