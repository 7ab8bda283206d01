"""Every clause of the project's Keythedral rules document is cited by at least one test."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLAUSE = re.compile(r"\bKT-\d+(?:\.\d+)*\b")


def _clause_ids() -> set[str]:
    text = (ROOT / "docs" / "rules" / "keythedral.md").read_text(encoding="utf-8")
    return set(CLAUSE.findall(text))


def _cited() -> set[str]:
    cited: set[str] = set()
    for path in Path(__file__).parent.glob("*.py"):
        if path.name != Path(__file__).name:
            cited.update(CLAUSE.findall(path.read_text(encoding="utf-8")))
    return cited


def test_rules_document_lists_clauses() -> None:
    """The rules document exists and carries the clause ids KT-0 to KT-17."""
    ids = _clause_ids()
    assert len(ids) > 200
    assert {f"KT-{n}" for n in range(18)} <= ids


def test_every_clause_is_cited_by_a_test() -> None:
    """A section counts as cited when it or one of its clauses is cited (e.g. KT-3 by KT-3.4)."""
    cited = _cited()
    missing = sorted(i for i in _clause_ids()
                     if i not in cited and not any(c.startswith(i + ".") for c in cited))
    assert not missing, f"clauses no test cites: {' '.join(missing)}"
