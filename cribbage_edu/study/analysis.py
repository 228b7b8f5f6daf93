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

from fractions import Fraction
from functools import cache
from math import comb

from ..rules.cards import Rank
from ..rules.scoring import SHOW_KINDS, Kind
from ..strategy.ranks import four_rank_multisets, points_of_rank_counts, rank_kinds

__all__ = [
    "HANDS_WITH_STARTER",
    "census_cell",
    "kind_distributions",
    "kind_frequencies",
    "kind_means",
    "score_distribution",
]

HANDS_WITH_STARTER = comb(52, 4) * 48
"""How many (four-card hand, starter) combinations there are: 12,994,800."""

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
    jack = Rank.JACK.offset  # a hand here is a count per rank, ace first
    for hand in four_rank_multisets():
        held = 1
        for c in hand:
            held *= comb(4, c)
        distinct = max(hand) == 1
        jacks = hand[jack]
        for s in range(13):
            free = 4 - hand[s]
            if not free:
                continue
            ways = held * free
            five = list(hand)
            five[s] += 1
            base = points_of_rank_counts(tuple(five))
            nobs = 0 if s == jack else jacks * ways // 4
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


# --- the census by kind of points -------------------------------------------------------

def kind_distributions(crib: bool = False) -> dict[Kind, dict[int, int]]:
    """For each kind of points in the show (``SHOW_KINDS``, which read ``"fifteen"``,
    ``"pair"``, ``"run"``, ``"flush"``, ``"nobs"``): how many of the 12,994,800 (hand, starter)
    combinations score each number of points of that kind. Exact, by the same walk
    over rank multisets as :func:`score_distribution`.

    >>> kinds = kind_distributions()
    >>> kinds["flush"]  # four of a suit in hand; five with the starter
    {0: 12857520, 4: 111540, 5: 25740}
    >>> kinds["nobs"][1], kinds["run"][9]  # a jack of the starter's suit; a triple run
    (940800, 10560)
    """
    return {kind: dict(counts) for kind, counts in _kind_tallies(crib)}


def kind_means(crib: bool = False) -> dict[Kind, Fraction]:
    """The average points of each kind per hand, exactly; they add up to the mean
    of :func:`score_distribution`.

    >>> means = kind_means()
    >>> round(float(means["fifteen"]), 3), round(float(sum(means.values())), 3)
    (2.606, 4.769)
    """
    return {kind: Fraction(sum(p * n for p, n in counts.items()), HANDS_WITH_STARTER)
            for kind, counts in kind_distributions(crib).items()}


def kind_frequencies(crib: bool = False) -> dict[Kind, Fraction]:
    """How often each kind scores at all: the share of (hand, starter) combinations
    with at least one point of it.

    >>> freq = kind_frequencies()
    >>> round(float(freq["pair"]), 3), round(float(freq["nobs"]), 4)
    (0.493, 0.0724)
    """
    return {kind: Fraction(HANDS_WITH_STARTER - counts.get(0, 0), HANDS_WITH_STARTER)
            for kind, counts in kind_distributions(crib).items()}


def census_cell(hand: tuple[int, ...], s: int,
                crib: bool) -> tuple[tuple[int, int, int], dict[int, int], dict[int, int]]:
    """One cell of the walk: a hand given as counts per rank and a starter rank
    ``s`` (0-12). Returns the fifteen, pair and run points every such combination
    shares, then how many combinations score each flush and each nobs.

    >>> four_five_six_six = (0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0)
    >>> census_cell(four_five_six_six, 12, crib=False)  # with a king: 4*4*6 hands, 4 kings
    ((6, 2, 6), {0: 384, 4: 0, 5: 0}, {0: 384, 1: 0})
    """
    held = 1
    for c in hand:
        held *= comb(4, c)
    ways = held * (4 - hand[s])
    five = list(hand)
    five[s] += 1
    jack = Rank.JACK.offset
    matched = 0 if s == jack else hand[jack] * ways // 4
    nobs = {0: ways - matched, 1: matched}
    flush = {0: ways, 4: 0, 5: 0}
    if max(hand) == 1:
        # four of a suit (4 ways): the starter matches in 1 of its suits,
        # unless its rank is held (then that card is in the hand)
        flush[5] = 4 if hand[s] == 0 else 0
        flush[0 if crib else 4] += 12
        flush[0] -= flush[5] + 12
    return rank_kinds(tuple(five)), flush, nobs


@cache
def _kind_tallies(crib: bool) -> tuple[tuple[Kind, tuple[tuple[int, int], ...]], ...]:
    tallies: tuple[dict[int, int], ...] = ({}, {}, {}, {}, {})
    for hand in four_rank_multisets():
        for s in range(13):
            if hand[s] == 4:
                continue
            parts, flush, nobs = census_cell(hand, s, crib)
            ways = flush[0] + flush[4] + flush[5]
            for tally, points in zip(tallies, parts, strict=False):
                tally[points] = tally.get(points, 0) + ways
            for tally, counts in ((tallies[3], flush), (tallies[4], nobs)):
                for points, n in counts.items():
                    tally[points] = tally.get(points, 0) + n
    if crib:
        del tallies[3][4]
    return tuple((kind, tuple(sorted(counts.items())))
                 for kind, counts in zip(SHOW_KINDS, tallies, strict=True))
