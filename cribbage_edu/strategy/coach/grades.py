"""How good a choice was: the grades, the lines between them, and what the coach says.

A verdict's grade comes from its loss against the best choice: in points (under
:data:`INACCURACY`, 0.5, ``good``; from 0.5 an ``inaccuracy``; from :data:`MISTAKE`, 1.5, a
``mistake``; from :data:`BLUNDER`, 3.0, a ``blunder``), or, where the chance to win is
judged, in the chance lost (from :data:`CHANCE_INACCURACY`, 1%, :data:`CHANCE_MISTAKE`, 3%,
and :data:`CHANCE_BLUNDER`, 8%).

>>> grade_of(1.0, None), grade_of(1.0, 0.05)
(<Grade.INACCURACY: 'inaccuracy'>, <Grade.MISTAKE: 'mistake'>)
"""

from __future__ import annotations

import math
from enum import StrEnum

from ...rules.errors import IllegalActionError

__all__ = [
    "BLUNDER",
    "CHANCE_BLUNDER",
    "CHANCE_INACCURACY",
    "CHANCE_MISTAKE",
    "INACCURACY",
    "MISTAKE",
    "CoachMode",
    "DecisionKind",
    "Grade",
    "difference_margin",
    "grade_of",
]

INACCURACY = 0.5
"""Points lost from which a choice is an inaccuracy (under it: good)."""
MISTAKE = 1.5
"""Points lost from which a choice is a mistake."""
BLUNDER = 3.0
"""Points lost from which a choice is a blunder."""
CHANCE_INACCURACY = 0.01
"""Chance to win lost from which a choice is an inaccuracy, when the chance is judged."""
CHANCE_MISTAKE = 0.03
"""Chance to win lost from which a choice is a mistake."""
CHANCE_BLUNDER = 0.08
"""Chance to win lost from which a choice is a blunder."""


class Grade(StrEnum):
    """How good a choice was, from the points (or the chance) it loses against the best."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @classmethod
    def of_points(cls, loss: float) -> Grade:
        """The grade of a loss in points.

        >>> [Grade.of_points(x).value for x in (0.0, 0.5, 1.5, 3.0)]
        ['good', 'inaccuracy', 'mistake', 'blunder']
        """
        return cls._of(loss, (INACCURACY, MISTAKE, BLUNDER))

    @classmethod
    def of_chance(cls, loss: float) -> Grade:
        """The grade of a loss in the chance to win (0 to 1).

        >>> [Grade.of_chance(x).value for x in (0.005, 0.01, 0.05, 0.2)]
        ['good', 'inaccuracy', 'mistake', 'blunder']
        """
        return cls._of(loss, (CHANCE_INACCURACY, CHANCE_MISTAKE, CHANCE_BLUNDER))

    @classmethod
    def _of(cls, loss: float, steps: tuple[float, float, float]) -> Grade:
        loss += 1e-9  # a loss printed as 0.50 is graded as 0.50
        if loss >= steps[2]:
            return cls.BLUNDER
        if loss >= steps[1]:
            return cls.MISTAKE
        if loss >= steps[0]:
            return cls.INACCURACY
        return cls.GOOD

    @property
    def is_serious(self) -> bool:
        """Whether the grade is serious: a mistake or a blunder, the decisions the coach
        speaks of by default and a review marks (the one place that says so).

        >>> [g.value for g in Grade if g.is_serious]
        ['mistake', 'blunder']
        """
        return self in (Grade.MISTAKE, Grade.BLUNDER)


class CoachMode(StrEnum):
    """What the coach says at a table (the widgets' ``coach=``, the terminal's
    ``--coach``): nothing, the decisions that lose at least a mistake's worth (the
    default), or a verdict on every decision."""

    OFF = "off"
    MISTAKES = "mistakes"
    EVERY = "every"

    @classmethod
    def check(cls, value: object) -> CoachMode:
        """``value`` as a mode: one of the three words exactly (no other spelling).

        >>> CoachMode.check("every")
        <CoachMode.EVERY: 'every'>
        >>> CoachMode.check("no")
        Traceback (most recent call last):
          ...
        cribbage_edu.IllegalActionError: coach is 'off', 'mistakes' or 'every', not 'no'
        """
        if isinstance(value, str):
            for mode in cls:
                if value == mode.value:
                    return mode
        raise IllegalActionError(f"coach is 'off', 'mistakes' or 'every', not {value!r}")

    def speaks(self, grade: Grade) -> bool:
        """Whether the coach says a verdict of this grade.

        >>> CoachMode.MISTAKES.speaks(Grade.INACCURACY), CoachMode.EVERY.speaks(Grade.GOOD)
        (False, True)
        """
        if self is CoachMode.EVERY:
            return True
        return self is CoachMode.MISTAKES and grade.is_serious


class DecisionKind(StrEnum):
    """What a decision was: a throw to the crib, a card in the play, a count in the show."""

    THROW = "throw"
    CARD = "card"
    COUNT = "count"


def grade_of(loss: float, chance_loss: float | None) -> Grade:
    """The grade of a choice: by the chance to win lost where it is judged (not
    ``None``), else by the points lost."""
    return Grade.of_points(loss) if chance_loss is None else Grade.of_chance(chance_loss)


def difference_margin(error: float, other: float) -> float:
    """The judge's margin of a difference: the 95% half-width of one value less another,
    each known to within its own 95% half-width (``error``, ``other``), taken as
    independent: the square root of the sum of their squares. Near home a throw's chance
    to win is known to within what the pegging table's error gives it; the table
    simulated every kept hand over the same deals (common random numbers), so two keeps'
    errors go together in part and their difference is known better than this: the
    margin is on the safe side (it calls a throw good a little more often).

    >>> round(difference_margin(0.03, 0.04), 3), difference_margin(0.0, 0.0)
    (0.05, 0.0)
    """
    return math.hypot(error, other)
