"""Points that depend on ranks alone, and the 15 ways to split six cards.

Fifteens, pairs and runs never depend on suits, so the census, the discard
advisor, the computer players and the crib tables all work them out from ranks
here, once per multiset of ranks, and add the flush and nobs (which do depend on
suits) themselves.

>>> held_rank_points([5, 5, 10, 11])  # four fifteens and a pair
10
>>> starter_rank_points((5, 5, 5, 11))[4]  # a fourth five as starter: 16 + 12
28
>>> len(SPLITS), SPLITS[0]  # keep cards 0-3, throw 4 and 5
(15, ((0, 1, 2, 3), (4, 5)))
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations
from math import comb

from ..rules.cards import COUNT_VALUES, FIFTEEN, unseen_by_rank

__all__ = [
    "KEEPS",
    "SPLITS",
    "four_rank_multisets",
    "held_rank_points",
    "keep_rank_points",
    "points_of_rank_counts",
    "rank_kinds",
    "starter_rank_points",
]

KEEPS: tuple[tuple[int, ...], ...] = tuple(combinations(range(6), 4))
"""The 15 ways to keep four of six cards, as positions 0-5, in lexicographic order."""

SPLITS: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
    (keep, tuple(i for i in range(6) if i not in keep)) for keep in KEEPS)
"""The same 15 ways as (the four positions kept, the two thrown), in :data:`KEEPS`
order."""


@cache
def rank_kinds(counts: tuple[int, ...]) -> tuple[int, int, int]:
    """Points from fifteens, from pairs and from runs of cards given as 13 counts per
    rank (ace first), any number of cards.

    >>> rank_kinds((0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 1))  # 4 5 6 6 K
    (6, 2, 6)
    """
    ways = [1] + [0] * FIFTEEN  # ways[t]: sets of cards with values adding to t
    for rank, c in enumerate(counts):
        if not c:
            continue
        value = COUNT_VALUES[rank + 1]
        new = ways[:]
        for k in range(1, c + 1):
            step, mult = k * value, comb(c, k)
            if step > FIFTEEN:
                break
            for t in range(FIFTEEN, step - 1, -1):
                new[t] += mult * ways[t - step]
        ways = new
    pairs = sum(c * (c - 1) for c in counts)  # each pair is 2: C(c,2)*2 = c(c-1)
    runs = 0
    length, product = 0, 1
    for c in (*counts, 0):
        if c:
            length += 1
            product *= c
        else:
            if length >= 3:
                runs += length * product
            length, product = 0, 1
    return 2 * ways[FIFTEEN], pairs, runs


@cache
def points_of_rank_counts(counts: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs together, of cards given as 13 counts per rank (ace
    first); :func:`cribbage_edu.rules.scoring.rank_points` takes the ranks themselves.

    >>> points_of_rank_counts((0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 1))
    14
    """
    return sum(rank_kinds(counts))


def held_rank_points(ranks: Iterable[int]) -> int:
    """Fifteens, pairs and runs of any cards given by rank (1-13), no starter needed.

    >>> held_rank_points([5, 5, 10, 11])  # four fifteens and a pair
    10
    """
    counts = [0] * 13
    for r in ranks:
        counts[r - 1] += 1
    return points_of_rank_counts(tuple(counts))


@cache
def starter_rank_points(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Fifteens, pairs and runs of four ranks (sorted, 1-13) with each of the 13
    starter ranks: entry ``r - 1`` is for a starter of rank ``r``.

    Suits never change these points, so the discard advisor and the crib tables
    weigh this row by how many starters of each rank are still unseen.

    >>> starter_rank_points((5, 5, 5, 11))[4]  # a fourth five: 16 + 12
    28
    """
    base = [0] * 13
    for r in ranks:
        base[r - 1] += 1
    row = []
    for s in range(13):
        base[s] += 1
        row.append(points_of_rank_counts(tuple(base)))
        base[s] -= 1
    return tuple(row)


@cache
def keep_rank_points(ranks: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """For six sorted ranks (1-13): for each keep in :data:`KEEPS` order, the rank
    points summed over the starters still unseen (each rank weighed by the cards of
    it left among the 46), and the least and greatest with one starter.

    >>> KEEPS[12]  # keep 5 5 J Q of 2 5 5 6 J Q
    (1, 2, 4, 5)
    >>> keep_rank_points((2, 5, 5, 6, 11, 12))[12]  # 572 / 46 = 12.43, from 10 to 20
    (572, 10, 20)
    """
    left = unseen_by_rank(ranks)[1:]  # index r - 1, as the rows
    present = [i for i in range(13) if left[i]]
    parts = []
    for keep in KEEPS:
        row = starter_rank_points(tuple(ranks[i] for i in keep))
        points = [row[i] for i in present]
        parts.append((sum(left[i] * row[i] for i in present), min(points), max(points)))
    return tuple(parts)


def four_rank_multisets() -> list[tuple[int, ...]]:
    """Every way to hold four cards by rank alone: 1,820 vectors of 13 counts.

    >>> sets = four_rank_multisets()
    >>> len(sets), sets[0], sum(sets[-1])
    (1820, (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4), 4)
    """
    found: list[tuple[int, ...]] = []

    def fill(rank: int, left: int, counts: list[int]) -> None:
        if rank == 12:
            counts[12] = left
            found.append(tuple(counts))
            counts[12] = 0
            return
        for k in range(min(left, 4) + 1):
            counts[rank] = k
            fill(rank + 1, left - k, counts)
        counts[rank] = 0

    fill(0, 4, [0] * 13)
    return found
