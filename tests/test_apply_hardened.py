"""Every game refuses hostile decision objects and huge texts, and stays unchanged."""

from __future__ import annotations

import json

import pytest

from keepers.core.errors import RuleError
from keepers.core.registry import get_game


class Anything(str):
    """A str that claims to equal everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


@pytest.mark.parametrize("name", ["keythedral", "gardiens", "viscounts"])
@pytest.mark.parametrize("action", [Anything("no such decision"), "x" * 1_000_000])
def test_refused_and_unchanged(name: str, action: str) -> None:
    state = get_game(name).new_state(2, 5, {})
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(RuleError) as info:
        state.apply(action)
    assert len(str(info.value)) < 300
    assert json.dumps(state.to_dict(), sort_keys=True) == before
