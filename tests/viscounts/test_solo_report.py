"""Solo results for simulation reports: the AI opponent's score (VS-6.3)."""

from __future__ import annotations

from keepers.core.match import run_game
from keepers.games.viscounts import GAME


def test_vs_6_3_solo_stats_report_the_ai_score() -> None:
    """VS-6.3: the human wins only on a strictly higher score; stats carry the AI's score."""
    result, _ = run_game(GAME, ["greedy"], 3)
    stats = result.stats
    assert stats["end_poverty"] + stats["end_prosperity"] >= 1
    margin = stats["score_minus_ai"]
    assert stats["ai_score"] == result.scores[0] - margin
    assert result.winners == ([0] if margin > 0 else [])


def test_vb_8_1_multiplayer_stats_have_no_ai() -> None:
    """VB-8.1: a multiplayer game reports how it ended and no AI score."""
    result, _ = run_game(GAME, ["greedy", "random"], 4)
    assert "ai_score" not in result.stats
    assert result.stats["end_poverty"] + result.stats["end_prosperity"] >= 1
