"""A rule of thumb and a procedure of them, for any decision: a :class:`Rule` is a name in
the course's words, a test of the position (does it apply?) and what it prefers among
the choices still open; a :class:`Procedure` is rules in order, and :func:`follow`
applies them one after another, each keeping the choices it likes best among those the
rules before it left, until one choice is left (else the first of those left, in the
position's own order of its choices).

A rule that only forbids ("never lead a five") keeps every choice but those; a rule that
counts ("points now") keeps the choices with the most; a rule that does not apply keeps
them all. So a procedure never chooses a card or a throw that is not open.

>>> rule = Rule("take the most", lambda n: True, lambda n, c: c)
>>> odd = Rule("keep it odd", lambda n: n > 2, lambda n, c: c % 2)
>>> follow(Procedure("example", (odd, rule)), 3, (1, 2, 3, 4))  # odd keeps 1 and 3
3
>>> follow(Procedure("example", (odd, rule)), 2, (1, 2, 3, 4))  # odd does not apply
4
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ...rules.errors import IllegalActionError

__all__ = ["Procedure", "Rule", "follow", "narrowed"]

P = TypeVar("P")
C = TypeVar("C")


@dataclass(frozen=True)
class Rule(Generic[P, C]):
    """A rule of thumb: its ``name`` as the course words it, ``applies`` (a test of the
    position) and ``value`` (how much the rule likes one choice in that position: the
    rule keeps the choices it values most); ``carries`` names the tables a learner must
    carry to apply it (none for most rules)."""

    name: str
    applies: Callable[[P], bool]
    value: Callable[[P, C], float]
    carries: tuple[str, ...] = ()

    def keep(self, position: P, choices: Sequence[C]) -> tuple[C, ...]:
        """The choices among ``choices`` this rule keeps: all of them where it does not
        apply, else those it values most."""
        if not self.applies(position):
            return tuple(choices)
        values = [self.value(position, c) for c in choices]
        top = max(values)
        return tuple(c for c, v in zip(choices, values, strict=True) if v == top)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Procedure(Generic[P, C]):
    """Rules of thumb in the order a player applies them, under a ``name``."""

    name: str
    rules: tuple[Rule[P, C], ...]

    def __str__(self) -> str:
        return f"{self.name}: " + "; then ".join(r.name for r in self.rules)

    @property
    def carries(self) -> frozenset[str]:
        """Every table a learner must carry to follow the procedure."""
        return frozenset(t for r in self.rules for t in r.carries)


def narrowed(procedure: Procedure[P, C], position: P, choices: Sequence[C]
             ) -> Iterator[tuple[Rule[P, C], tuple[C, ...]]]:
    """Each rule of ``procedure`` in turn at ``position``, with the choices left after it
    (those it values most among the choices left before it), until one choice is left.

    >>> list(narrowed(Procedure("none", ()), 0, ()))
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: no choice to make: the position offers none
    """
    left = tuple(choices)
    if not left:
        raise IllegalActionError("no choice to make: the position offers none")
    for rule in procedure.rules:
        if len(left) == 1:
            return
        left = rule.keep(position, left)
        yield rule, left


def follow(procedure: Procedure[P, C], position: P, choices: Sequence[C]) -> C:
    """The choice ``procedure`` makes among ``choices`` (in the position's own order) at
    ``position``: each rule in turn keeps the choices it values most among those left
    (:func:`narrowed`); the first left is chosen.

    >>> follow(Procedure("none", ()), 0, ())
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: no choice to make: the position offers none
    """
    left = tuple(choices)
    for _, kept in narrowed(procedure, position, choices):
        left = kept
    return left[0]
