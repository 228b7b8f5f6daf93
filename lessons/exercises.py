"""How the lessons' exercises check an answer, explain a wrong one and hide the solution.

Each exercise knows its right answer (computed by the engine in the lesson, never typed
in), a way to explain a wrong answer, and a worked solution it shows only when asked:

>>> ex = Exercise(1, answer=14, explain=lambda guess: "count the pairs again")
>>> ex.check(...)
Exercise 1: write your answer in place of ... and run the cell again.
>>> ex.check(12)
Exercise 1: not yet. You said 12, which is too low. Hint: count the pairs again.
>>> ex.check(14)
Exercise 1: right! 14.
>>> ex.check("14")
Exercise 1: right! 14.

A decimal counts for an exact fraction when it is within 0.005 of it and within 5% of it
(so 0 is not "close enough" to a small probability):

>>> from fractions import Fraction
>>> odds = Exercise(2, answer=Fraction(1, 221))
>>> odds.check(0.0045)
Exercise 2: right! 0.0045. Exactly, that is 1/221.
>>> odds.check(0.0)
Exercise 2: not yet. You said 0.0, which is too low.
>>> odds.check("4/884")
Exercise 2: right! 1/221.

Everything prints plain, deterministic text, so stored outputs compare equal under
strict nbval.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from numbers import Real
from typing import Any

__all__ = ["Exercise", "as_cards"]


def as_cards(cards: Any) -> frozenset[Any]:
    """Read cards given as text (``"5H 5C"``), a Card, or a list of either, as a set,
    so the order a learner writes them in does not matter.

    >>> as_cards("5h 5c") == as_cards(["5C", "5H"])
    True
    """
    from cribbage_edu import parse_cards

    return frozenset(parse_cards(cards))


class Exercise:
    """One exercise. ``answer`` is the right answer; ``explain(guess)`` says what a wrong
    guess missed; ``solution`` (text, or a function that shows the working) is shown by
    :meth:`solution`; ``read`` turns a guess into something comparable with the answer
    (for example :func:`as_cards`); a number within ``tolerance`` of a numeric answer
    counts as right."""

    def __init__(self, number: int, answer: Any, *,
                 explain: Callable[[Any], str] | None = None,
                 solution: str | Callable[[], object] | None = None,
                 read: Callable[[Any], Any] | None = None,
                 tolerance: float = 0.0) -> None:
        self.number = number
        self.tolerance = tolerance
        self.answer = answer
        self._explain = explain
        self._solution = solution
        self._read = read

    def _is_right(self, guess: Any) -> bool:
        if isinstance(self.answer, Fraction) and isinstance(guess, float):
            gap = abs(guess - float(self.answer))
            return gap < 0.005 and gap <= 0.05 * abs(float(self.answer))
        if self.tolerance and isinstance(guess, Real) and isinstance(self.answer, Real):
            return abs(float(guess) - float(self.answer)) <= self.tolerance
        return bool(guess == self.answer)

    def check(self, guess: Any) -> None:
        """Say whether ``guess`` is right, and if not, why not."""
        head = f"Exercise {self.number}:"
        if guess is ...:
            print(f"{head} write your answer in place of ... and run the cell again.")
            return
        if self._read is not None:
            try:
                guess = self._read(guess)
            except ValueError as exc:
                print(f"{head} I could not read your answer: {exc}")
                return
        elif isinstance(guess, str) and _is_number(self.answer):
            guess = _as_number(guess)
        if self._is_right(guess):
            exact = (f" Exactly, that is {self.answer}."
                     if isinstance(self.answer, Fraction) and isinstance(guess, float) else "")
            print(f"{head} right! {_show(guess)}.{exact}")
            return
        message = f"{head} not yet. You said {_show(guess)}"
        if isinstance(self.answer, Real) and isinstance(guess, Real):
            message += ", which is too " + ("high" if guess > self.answer else "low")
        message += "."
        if isinstance(guess, str) and _is_number(self.answer):
            message += " Write a number, such as 12 or Fraction(1, 2)."
        if self._explain is not None:
            message += " Hint: " + self._explain(guess)
            if not message.endswith((".", "?", "!")):
                message += "."
        print(message)

    def solution(self) -> None:
        """Show the worked solution."""
        print(f"Solution to exercise {self.number}: {_show(self.answer)}.")
        if callable(self._solution):
            self._solution()
        elif self._solution:
            print(self._solution)


def _is_number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def _as_number(text: str) -> Any:
    """A number typed as text ("14", "2/46", "0.5") as a number; other text unchanged."""
    try:
        number = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        return text
    if number.denominator == 1:
        return int(number)
    return float(number) if "." in text else number


def _show(value: Any) -> str:
    """A short, deterministic text for an answer (sets are sorted)."""
    if isinstance(value, (set, frozenset, tuple, list)) and not value:
        return "nothing"
    if isinstance(value, (set, frozenset)):
        return " ".join(str(v) for v in sorted(value))
    if isinstance(value, Iterable) and not isinstance(value, str):
        return " ".join(str(v) for v in value)
    return str(value)
