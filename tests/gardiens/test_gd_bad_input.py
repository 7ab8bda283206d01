"""Refused decisions name their clause and leave the state unchanged (GR-6.3, GR-28.1)."""

from __future__ import annotations

import pytest
from gdhelp import BLUE, RED, act, blank, deal, give, put

from keepers.core.errors import RuleError
from keepers.games.gardiens.game import GardiensState


def refused(st: GardiensState, action: object, clause: str | None = None) -> RuleError:
    before = st.to_dict()
    with pytest.raises(RuleError) as err:
        st.apply(action)  # type: ignore[arg-type]
    assert st.to_dict() == before
    if clause is not None:
        assert err.value.clause == clause, err.value
    return err.value


@pytest.mark.parametrize(("action", "clause"), [
    ("build castle T01", "GR-7.1"),
    ("build warehouse T01", "GR-7.1"),
    ("recruit", "GR-8.1"),
    ("move T01 T26 1", "GR-9.2"),
    ("move T01 T08 9", "GR-9.4"),
    ("attack T01 T08 4", "GR-10.1"),
    ("trade bank", "GR-29.3"),
    ("trade partner", "GR-11.1"),
    ("play AC99#1", "GR-20.2"),
    ("fly away", "GR-6.2"),
    ("", "GR-6.2"),
    ("PASS", "GR-6.2"),
    ("pass ", "GR-6.2"),
])
def test_illegal_actions_are_refused(action: str, clause: str) -> None:
    """GR-6.2 GR-6.3 GR-7.1 GR-8.1 GR-9.2 GR-9.4 GR-10.1 GR-11.1 GR-20.2 GR-29.3: malformed
    or illegal actions raise RuleError naming the clause; the state is unchanged."""
    st = blank(2)
    put(st, RED, "T01", 3)
    put(st, BLUE, "T08", 1)
    refused(st, action, clause)


def test_non_text_and_out_of_turn_and_after_the_end() -> None:
    """GR-28.1: decisions are text, only the decider may decide, nothing after the end."""
    st = blank(2)
    put(st, RED, "T01", 1)
    refused(st, 3, "ENGINE")
    before = st.to_dict()
    with pytest.raises(RuleError):
        st.apply_as(BLUE, "pass")
    assert st.to_dict() == before
    st.over = True
    refused(st, "pass", "ENGINE")


def test_refusals_inside_sub_decisions() -> None:
    """GR-10.3 GR-10.4 GR-10.9 GR-8.2 GR-16.1: each phase names its clause."""
    st = blank(2)
    put(st, RED, "T01", 3)
    put(st, BLUE, "T08", 1)
    deal(st, RED, "AC09")
    give(st, BLUE, magic=1)
    act(st, "attack T01 T08 3")
    refused(st, "card AC09#1", "GR-10.3")
    refused(st, "defend magic", "GR-10.3")
    act(st, "nocard")
    refused(st, "defend magic magic", "GR-10.4")
    st2 = blank(2)
    put(st2, RED, "T01", 1)
    give(st2, RED, food=1, gold=1)
    act(st2, "recruit")
    refused(st2, "take AC01#9", "GR-8.2")
    act(st2, "take deck")
    refused(st2, "place T08", "GR-8.3")


def test_effect_and_collect_refusals() -> None:
    """GR-21.2 GR-5.2 GR-15.2: choices outside the offered list are refused."""
    st = blank(2)
    put(st, RED, "T01", 1)
    (card,) = deal(st, RED, "AC27")
    act(st, f"play {card}")
    refused(st, "protect T08", "GR-21.2")
    st2 = blank(2)
    put(st2, RED, "S-E", 1)
    from keepers.games.gardiens.rules import turn

    turn.begin_turn(st2)
    st2._legal = None
    refused(st2, "propose red", "GR-15.2")
    act(st2, "skip")
    refused(st2, "source diamonds", "GR-5.2")
