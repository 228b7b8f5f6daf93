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

from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from math import comb

__all__ = [
    "HANDS_WITH_STARTER",
    "SHOW_KINDS",
    "held_rank_points",
    "kind_distributions",
    "kind_frequencies",
    "kind_means",
    "score_distribution",
    "starter_rank_points",
]

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
    """Fifteens, pairs and runs of cards given as counts per rank (any number of cards)."""
    return sum(_rank_kinds(counts))


def held_rank_points(ranks: Iterable[int]) -> int:
    """Fifteens, pairs and runs of any cards given by rank (1-13), no starter needed.

    >>> held_rank_points([5, 5, 10, 11])  # four fifteens and a pair
    10
    """
    counts = [0] * 13
    for r in ranks:
        counts[r - 1] += 1
    return _rank_points(tuple(counts))


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
        row.append(_rank_points(tuple(base)))
        base[s] -= 1
    return tuple(row)


# --- the census by kind of points -------------------------------------------------------

SHOW_KINDS = ("fifteen", "pair", "run", "flush", "nobs")
"""The kinds of points in the show, as :class:`cribbage_edu.scoring.Kind` values."""


@cache
def _rank_kinds(counts: tuple[int, ...]) -> tuple[int, int, int]:
    """Points from fifteens, from pairs and from runs of cards given as counts per
    rank (the three parts of :func:`_rank_points`)."""
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
    return 2 * ways[15], pairs, runs


def kind_distributions(crib: bool = False) -> dict[str, dict[int, int]]:
    """For each kind of points in the show (``"fifteen"``, ``"pair"``, ``"run"``,
    ``"flush"``, ``"nobs"``): how many of the 12,994,800 (hand, starter)
    combinations score each number of points of that kind. Exact, by the same walk
    over rank multisets as :func:`score_distribution`.

    >>> kinds = kind_distributions()
    >>> kinds["flush"]  # four of a suit in hand; five with the starter
    {0: 12857520, 4: 111540, 5: 25740}
    >>> kinds["nobs"][1], kinds["run"][9]  # a jack of the starter's suit; a triple run
    (940800, 10560)
    """
    return {kind: dict(counts) for kind, counts in _kind_tallies(crib)}


def kind_means(crib: bool = False) -> dict[str, Fraction]:
    """The average points of each kind per hand, exactly; they add up to the mean
    of :func:`score_distribution`.

    >>> means = kind_means()
    >>> round(float(means["fifteen"]), 3), round(float(sum(means.values())), 3)
    (2.606, 4.769)
    """
    return {kind: Fraction(sum(p * n for p, n in counts.items()), HANDS_WITH_STARTER)
            for kind, counts in kind_distributions(crib).items()}


def kind_frequencies(crib: bool = False) -> dict[str, Fraction]:
    """How often each kind scores at all: the share of (hand, starter) combinations
    with at least one point of it.

    >>> freq = kind_frequencies()
    >>> round(float(freq["pair"]), 3), round(float(freq["nobs"]), 4)
    (0.493, 0.0724)
    """
    return {kind: Fraction(HANDS_WITH_STARTER - counts.get(0, 0), HANDS_WITH_STARTER)
            for kind, counts in kind_distributions(crib).items()}


def _kind_cell(hand: tuple[int, ...], s: int,
               crib: bool) -> tuple[tuple[int, int, int], dict[int, int], dict[int, int]]:
    """One cell of the walk: a hand given as counts per rank and a starter rank
    ``s`` (0-12). Returns the fifteen, pair and run points every such combination
    shares, then how many combinations score each flush and each nobs."""
    held = 1
    for c in hand:
        held *= comb(4, c)
    ways = held * (4 - hand[s])
    five = list(hand)
    five[s] += 1
    matched = 0 if s == _JACK else hand[_JACK] * ways // 4
    nobs = {0: ways - matched, 1: matched}
    flush = {0: ways, 4: 0, 5: 0}
    if max(hand) == 1:
        # four of a suit (4 ways): the starter matches in 1 of its suits,
        # unless its rank is held (then that card is in the hand)
        flush[5] = 4 if hand[s] == 0 else 0
        flush[0 if crib else 4] += 12
        flush[0] -= flush[5] + 12
    return _rank_kinds(tuple(five)), flush, nobs


@cache
def _kind_tallies(crib: bool) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    tallies: tuple[dict[int, int], ...] = ({}, {}, {}, {}, {})
    for hand in _four_rank_multisets():
        for s in range(13):
            if hand[s] == 4:
                continue
            parts, flush, nobs = _kind_cell(hand, s, crib)
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
