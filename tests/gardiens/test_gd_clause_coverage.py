"""Every clause id of the project's rules document is cited by a test (GR-0.3)."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
DOC = HERE.parents[1] / "docs/rules/gardiens.md"
CLAUSE = re.compile(r"\bGR-\d+\.\d+\b")


def doc_clauses() -> set[str]:
    """The clause ids defined (in bold) by docs/rules/gardiens.md."""
    text = DOC.read_text(encoding="utf-8")
    return set(re.findall(r"\*\*(GR-\d+\.\d+)\*\*", text))


def cited_clauses() -> set[str]:
    """The clause ids cited anywhere in this test package, except this file."""
    cited: set[str] = set()
    for path in HERE.glob("*.py"):
        if path.name != Path(__file__).name:
            cited |= set(CLAUSE.findall(path.read_text(encoding="utf-8")))
    return cited


def test_document_defines_all_clauses() -> None:
    """The document defines the clause ids of sections GR-0 to GR-29."""
    ids = doc_clauses()
    assert len(ids) >= 200
    sections = {int(i.split("-")[1].split(".")[0]) for i in ids}
    assert sections == set(range(30)) - {22}


def test_every_clause_is_cited_by_a_test() -> None:
    """Each clause of docs/rules/gardiens.md is named by at least one test."""
    missing = sorted(doc_clauses() - cited_clauses(),
                     key=lambda c: tuple(int(x) for x in c[3:].split(".")))
    assert not missing, f"clauses without a test: {', '.join(missing)}"


def test_every_card_event_objective_is_exercised() -> None:
    """GR-22 GR-23.3 GR-24.2: each designed item of the data file is named by a test."""
    from keepers.games.gardiens.data import load

    data = load()
    text = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py")
                   if p.name != Path(__file__).name)
    ids = [*data.cards, *data.events, *data.objectives]
    missing = [i for i in ids if not re.search(rf"\b{i}\b", text)]
    assert not missing, f"data items without a test: {', '.join(missing)}"
