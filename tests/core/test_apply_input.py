"""apply() takes exactly text: subclasses are reduced to their text, long input is not echoed."""

from __future__ import annotations

import json

import pytest
from toygame import GAME

from keepers.core.errors import RuleError


class Anything(str):
    """A str that claims to equal everything (a hostile caller's object)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def _state():  # type: ignore[no-untyped-def]
    return GAME.new_state(3, 1, {})


def test_a_str_subclass_is_judged_by_its_text() -> None:
    state = _state()
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(RuleError):
        state.apply(Anything("fly away"))
    assert json.dumps(state.to_dict(), sort_keys=True) == before


def test_a_legal_decision_in_a_str_subclass_is_applied_as_plain_text() -> None:
    state, twin = _state(), _state()
    legal = state.legal_actions()[0]
    state.apply(Anything(legal))
    twin.apply(legal)
    assert state.to_dict() == twin.to_dict()


def test_a_huge_decision_is_refused_with_a_short_message() -> None:
    state = _state()
    with pytest.raises(RuleError) as info:
        state.apply("x" * 1_000_000)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("action", [None, 3, b"pass", ["pass"]])
def test_a_decision_that_is_not_text_is_refused(action: object) -> None:
    with pytest.raises(RuleError, match="text command"):
        _state().apply(action)  # type: ignore[arg-type]
