"""Exact probability: the census of every hand.

:func:`score_distribution` counts, for every total, how many of the
12,994,800 (four-card hand, starter) combinations score it. It does not loop
over the hands: fifteens, pairs and runs depend only on the five ranks, so it
walks the 1,820 multisets of four ranks and the 13 starter ranks, counts the
suit patterns of each by formula, and splits them by the only points suits
can add (a flush, nobs).

>>> dist = score_distribution()
>>> sum(dist.values()), dist[0], dist[29]
(12994800, 1009008, 4)
"""

from __future__ import annotations

from functools import cache
from math import comb

__all__ = ["HANDS_WITH_STARTER", "score_distribution"]

HANDS_WITH_STARTER = comb(52, 4) * 48
"""How many (four-card hand, starter) combinations there are: 12,994,800."""

_JACK = 10  # index of the jack among the ranks 0-12 (ace is 0)


def _four_rank_multisets() -> list[tuple[int, ...]]:
    """Every way to hold four cards by rank alone: 1,820 count vectors of 13 ranks."""
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


@cache
def _rank_points(counts: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of five cards given as counts per rank."""
    ways = [1] + [0] * 15  # ways[t]: sets of cards with values adding to t
    for rank, c in enumerate(counts):
        if not c:
            continue
        value = min(rank + 1, 10)
        new = ways[:]
        for k in range(1, c + 1):
            step, mult = k * value, comb(c, k)
            if step > 15:
                break
            for t in range(15, step - 1, -1):
                new[t] += mult * ways[t - step]
        ways = new
    points = 2 * ways[15]
    points += sum(c * (c - 1) for c in counts)  # each pair is 2: C(c,2)*2 = c(c-1)
    length, product = 0, 1
    for c in (*counts, 0):
        if c:
            length += 1
            product *= c
        else:
            if length >= 3:
                points += length * product
            length, product = 0, 1
    return points


def score_distribution(crib: bool = False) -> dict[int, int]:
    """How many of the 12,994,800 (hand, starter) combinations score each total.

    ``crib=True`` applies the crib's flush rule (only five of a suit count).
    Totals no hand can reach are left out.

    >>> score_distribution(crib=True)[0]
    1022208
    """
    return dict(_distribution(crib))


@cache
def _distribution(crib: bool) -> tuple[tuple[int, int], ...]:
    tally = [0] * 30
    for hand in _four_rank_multisets():
        held = 1
        for c in hand:
            held *= comb(4, c)
        distinct = max(hand) == 1
        jacks = hand[_JACK]
        for s in range(13):
            free = 4 - hand[s]
            if not free:
                continue
            ways = held * free
            five = list(hand)
            five[s] += 1
            base = _rank_points(tuple(five))
            nobs = 0 if s == _JACK else jacks * ways // 4
            if distinct:
                if hand[s] == 0:
                    # four of a suit: the starter matches in 4 ways, misses in 12
                    matched = 4
                    tally[base + 5 + (1 if jacks else 0)] += matched
                    tally[base + (0 if crib else 4)] += 12
                    nobs -= 4 if jacks else 0
                    rest = ways - 16
                else:
                    tally[base + (0 if crib else 4)] += 12  # the starter's suit is taken
                    rest = ways - 12
                tally[base + 1] += nobs
                tally[base] += rest - nobs
            else:
                tally[base + 1] += nobs
                tally[base] += ways - nobs
    return tuple((total, n) for total, n in enumerate(tally) if n)
