"""Every clause of the specification (VB, VS, VK, VG) is cited by at least one Viscounts test.

The ids are listed in clause_ids.txt; a section id (VK-3) counts as cited when it or
any clause under it (VK-3.1) is cited, as for the other games.
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
CLAUSE = re.compile(r"\bV[BSKG]-\d+(?:\.\d+)*\b")


def listed() -> list[str]:
    lines = (HERE / "clause_ids.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def cited() -> set[str]:
    found: set[str] = set()
    for path in HERE.glob("*.py"):
        if path.name != Path(__file__).name:
            found |= set(CLAUSE.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_listed_clause_is_cited() -> None:
    names = cited()
    missing = [c for c in listed()
               if c not in names and not any(n.startswith(c + ".") for n in names)]
    assert not missing, f"clauses without a test: {', '.join(missing)}"


def test_the_list_covers_base_solo_and_both_expansions() -> None:
    prefixes = {clause.split("-")[0] for clause in listed()}
    assert prefixes == {"VB", "VS", "VK", "VG"} and len(listed()) > 220
