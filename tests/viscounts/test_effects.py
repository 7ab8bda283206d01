"""The closed effect vocabulary (VB-10): parsing, arity, values and contexts."""

from __future__ import annotations

import pytest

from keepers.games.viscounts.effects import (
    EffectSyntaxError,
    Term,
    iter_names,
    parse_action_row,
    parse_ai,
    parse_effect,
    parse_icons,
    parse_ongoing,
    parse_scoring,
)


def test_vb_10_1_1_syntax_nested_terms() -> None:
    """VB-10.1.1: nested terms, keyword values and whitespace are parsed."""
    term = parse_effect("all_of( gain(ink=1, stone=1), one_of(hire_free, destroy(1)) )")
    assert term.name == "all_of"
    assert [t.name for t in term.subterms()] == ["gain", "one_of"]
    assert term.sub(0).kwargs == (("ink", "1"), ("stone", "1"))
    assert str(term) == "all_of(gain(ink=1, stone=1), one_of(hire_free, destroy(1)))"
    assert list(iter_names(term)) == ["all_of", "gain", "one_of", "hire_free", "destroy"]


def test_vb_10_1_1_empty_is_none() -> None:
    """VB-10.1.1: an empty cell means none."""
    assert parse_effect("") == Term("none")
    assert parse_ongoing("") == Term("none")
    assert parse_scoring(" ") == Term("none")


@pytest.mark.parametrize("text", [
    "steal(1)", "gain()", "gain(copper=1)", "flip(card)", "draw", "draw(x)",
    "build_free(castle)", "build_free(any, at=space:11)", "gain_manuscript(5)",
    "move_viscount(3)", "all_of()", "gain_virtue(1", "gain_virtue(1))", "may(a, b)",
])
def test_vb_10_2_bad_terms_refused(text: str) -> None:
    """VB-10.2: unknown names, wrong arity and bad values are refused."""
    with pytest.raises(EffectSyntaxError):
        parse_effect(text)


def test_vb_10_4_modifiers_and_triggers_only_in_ongoing_context() -> None:
    """VB-10.4/10.5: modifiers and triggers belong to the ongoing column."""
    term = parse_ongoing("icon_conversion(pay=stone|gold*1, as=cleric*1, action=transcribe)")
    assert term.kw("pay") == "stone|gold*1"
    assert parse_ongoing("on_flip_debt(one_of(hire_free, destroy(1)))").sub(0).name == "one_of"
    with pytest.raises(EffectSyntaxError):
        parse_effect("hand_size(+1)")
    with pytest.raises(EffectSyntaxError):
        parse_ongoing("gain_virtue(1)")
    with pytest.raises(EffectSyntaxError):
        parse_ongoing("icon_conversion(pay=gold*1, action=workers)")


def test_vb_10_6_ai_terms_only_in_scheme_rows() -> None:
    """VB-10.6: AI-only terms are refused outside scheme rows."""
    assert parse_ai("all_of(gain_virtue(1), ai_dismiss)").sub(1).name == "ai_dismiss"
    with pytest.raises(EffectSyntaxError):
        parse_effect("ai_dismiss")
    row = parse_action_row("ai_focus / build / all_of(gain_deed(1), flip(debt))")
    assert [t.name for t in row] == ["ai_focus", "build", "all_of"]


def test_vb_10_7_scoring_vocabulary() -> None:
    """VB-10.7: counters and conditions are validated."""
    assert parse_scoring("vp_per(workers_castle, per=2)").kw("per") == "2"
    assert parse_scoring("vp_if(buildings:guildhall>=3, 5)").int_arg(1) == 5
    with pytest.raises(EffectSyntaxError):
        parse_scoring("vp_per(castles)")
    with pytest.raises(EffectSyntaxError):
        parse_scoring("gain(silver=1)")


def test_vb_10_1_3_icon_expressions() -> None:
    """VB-10.1.3: icon strings such as cleric+merchant*2."""
    icons = parse_icons("cleric+merchant*2")
    assert icons["cleric"] == 1 and icons["merchant"] == 2 and icons["criminal"] == 0
    with pytest.raises(EffectSyntaxError):
        parse_icons("wizard*2")
