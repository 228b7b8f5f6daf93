"""Rules of thumb as code, each with its price measured against the engine: a player at
the table cannot work out a crib table, but can remember how hot two cards are.

>>> from cribbage_edu.rules.cards import parse_cards
>>> [heat(parse_cards(pair)) for pair in ("5H 5C", "5H KD", "7H 8S", "2C 3D", "AH 4S",
...                                       "KC KD", "9C JD", "10D KS")]
[3, 3, 2, 2, 2, 1, 1, 0]
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rules.cards import FIFTEEN, CardLike, Rank, parse_cards

__all__ = ["HEAT_MARGIN", "heat"]

def heat(thrown: str | Iterable[CardLike]) -> int:
    """How good two thrown cards are for a crib, on a scale a player can remember:
    3 for 5-5 or a 5 with a ten-card; 2 for any other 5, two cards that add to five or to
    fifteen (A-4, 2-3; 6-9, 7-8), or a pair (but a pair of tens, queens or kings only 1);
    1 for cards that touch or are one apart; 0 for the rest. Checked against both crib
    tables over every pair of ranks (``tests/test_lessons.py``): a higher heat never
    means a lower crib average by more than :data:`HEAT_MARGIN` points.
    """
    a, b = parse_cards(thrown)
    five, ten = Rank.FIVE.value, Rank.TEN.value
    fives = sum(c.rank == Rank.FIVE for c in (a, b))
    if fives == 2 or (fives == 1 and ten in (a.value, b.value)):
        return 3
    pair = a.rank == b.rank
    if fives or a.value + b.value in (five, FIFTEEN) or (
            pair and (a.value < ten or a.rank == Rank.JACK)):
        return 2
    return 1 if pair or abs(int(a.rank) - int(b.rank)) <= 2 else 0


HEAT_MARGIN = 0.75
"""How much lower, at most, the crib average of a throw may be than that of a throw of
lower heat, in either crib table (measured: 0.50 in your own crib, 0.72 in the
opponent's)."""
