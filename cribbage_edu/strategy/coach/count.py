"""The judge of a count in the show: the engine's one claim judge,
:func:`cribbage_edu.rules.scoring.judge_claim`, reached from the coach."""

from __future__ import annotations

from ...rules.scoring import HandScore, Judgement, judge_claim

__all__ = ["judge_count"]


def judge_count(claimed: int, score: HandScore, *, muggins: bool = False) -> Judgement:
    """Judge a claimed count of the show: the engine's one claim judge,
    :func:`cribbage_edu.rules.scoring.judge_claim`, reached from the coach.

    >>> from cribbage_edu.rules.scoring import score_hand
    >>> judge_count(6, score_hand("5H 5C 6D JS", "6C")).verdict
    <Verdict.UNDER: 'under'>
    """
    return judge_claim(claimed, score, muggins=muggins)
