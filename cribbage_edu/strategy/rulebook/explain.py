"""Which rule of a procedure decided: :func:`steps` follows a procedure as
:func:`~.procedure.follow` does and says what each rule kept, :func:`choosing_rule`
names the rule that left the choice made (the last rule that narrowed the choices), so a
lesson can say "the rule that decides: lead a trap". (Which rule separates a learner's
choice from the judge's best, as the coach says it, is
:func:`~.naming.deciding_rule`.)

Pone leads from 5♣ 5♦ 9♠ K♥: "never lead a five" keeps the 9 and the king, "lead from a
pair" does not apply to them, "lay your highest card" decides:

>>> from .play import LAY_HIGH, LEAD_FROM_A_PAIR, NEVER_LEAD_A_FIVE, PlayPosition
>>> from .procedure import Procedure
>>> position = PlayPosition.parse("5C 5D 9S KH")
>>> procedure = Procedure("pone", (NEVER_LEAD_A_FIVE, LEAD_FROM_A_PAIR, LAY_HIGH))
>>> [(step.rule.name, [str(c) for c in step.kept])
...  for step in steps(procedure, position, position.choices)]
[('never lead a five', ['9S', 'KH']), ('lay your highest card', ['KH'])]
>>> choosing_rule(procedure, position, position.choices).name
'lay your highest card'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .procedure import Procedure, Rule, narrowed

__all__ = ["Step", "choosing_rule", "steps"]

P = TypeVar("P")
C = TypeVar("C")


@dataclass(frozen=True)
class Step(Generic[P, C]):
    """One rule of a procedure that narrowed the choices: the ``rule`` and the choices
    it ``kept``."""

    rule: Rule[P, C]
    kept: tuple[C, ...]


def steps(procedure: Procedure[P, C], position: P,
          choices: Sequence[C]) -> list[Step[P, C]]:
    """The rules of ``procedure`` that narrowed ``choices`` at ``position``, in order,
    each with the choices it kept, until one choice is left (the rules that kept every
    choice left are not listed). The first choice of the last step's (or, with no step,
    of ``choices``) is the one :func:`~.procedure.follow` makes.

    >>> steps(Procedure("none", ()), 0, ())
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: no choice to make: the position offers none
    """
    out: list[Step[P, C]] = []
    before = len(choices)
    for rule, kept in narrowed(procedure, position, choices):
        if len(kept) < before:
            out.append(Step(rule, kept))
        before = len(kept)
    return out


def choosing_rule(procedure: Procedure[P, C], position: P,
                  choices: Sequence[C]) -> Rule[P, C] | None:
    """The rule that decided: the last rule that narrowed the choices (``None`` when
    there was only one choice, or every rule kept them all and the first was taken)."""
    made = steps(procedure, position, choices)
    return made[-1].rule if made else None
