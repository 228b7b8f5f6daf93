"""Helpers for the lessons on counting a hand (the show): exercises that explain a miss.

A wrong count usually has a reason a teacher would name: a fifteen missed, the pair of a
double run counted twice, a four-card flush claimed in the crib, a jack of the wrong suit
taken for nobs. :func:`count_misses` (the engine's, from :mod:`cribbage_edu.rules.misses`) works
out, from the itemised count, which wrong totals those slips lead to, and says each in
the words of the rule:

>>> misses = count_misses("3H 3C 4S 5D", "9S")
>>> misses[14]  # doctest: +ELLIPSIS
'you counted the pairs twice: ...'
>>> misses[9]  # doctest: +ELLIPSIS
'there are 2 runs of three here, not one: ...'

:func:`count_exercise` makes an exercise of a hand, with those misses and the itemised
count as its worked answer.
"""

from __future__ import annotations

from collections.abc import Iterable

from cribbage_edu import score_hand
from cribbage_edu.rules.cards import CardLike
from cribbage_edu.rules.misses import FIFTEENS_AND_PAIRS, count_misses, kinds_hint
from cribbage_edu.rules.scoring import SHOW_KINDS, Kind
from exercises import Exercise, question_html

__all__ = ["FIFTEENS_AND_PAIRS", "KINDS", "count_exercise", "count_misses", "itemised",
           "kinds_hint"]

KINDS = SHOW_KINDS

Cards = str | Iterable[CardLike]
"""Cards as the engine reads them: text such as ``"5H 5C"``, or cards."""


def itemised(hand: Cards, starter: CardLike, crib: bool = False) -> None:
    """Print the count as players say it, then every scoring combination."""
    score = score_hand(hand, starter, crib=crib)
    print(score if score.total else "nineteen: no points at all")
    for item in score.items:
        cards = " ".join(card.symbol for card in item.cards)
        print(f"  {item.kind!s:<10} {cards:<16} {item.points:>2}")
    print(f"  {'total':<27} {score.total:>2}")


def count_exercise(number: int, hand: Cards, starter: CardLike, *, crib: bool = False,
                   text: str = "", taught: tuple[Kind, ...] = KINDS) -> Exercise:
    """An exercise: count this hand (or crib) with this starter. Its answer is the
    engine's count; a wrong total is explained by :func:`count_misses`; the worked answer
    is the itemised count."""
    what = "crib" if crib else "hand"
    question = text or f"Count this {what} with its starter."
    first_look = count_misses(hand, starter, crib, taught, reveal=False)
    second_look = count_misses(hand, starter, crib, taught)

    def miss(guess: int) -> str | None:
        """The slip a wrong total reveals: its kind and how many on the first try, the
        cards themselves on the second (before the worked answer)."""
        return (first_look if exercise.wrong_tries == 0 else second_look).get(guess)

    exercise = Exercise(
        number, answer=score_hand(hand, starter, crib=crib).total, misses=miss,
        explain=lambda guess: kinds_hint(hand, starter, crib, taught),
        solution=lambda: itemised(hand, starter, crib),
        praise=lambda: print(score_hand(hand, starter, crib=crib)),
        question=question_html(question, (what, hand), ("starter", starter)))
    return exercise
