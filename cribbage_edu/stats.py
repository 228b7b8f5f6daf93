"""The 95% interval that every sampled figure carries: the one home of that statistic.

A share of games won is given with its Wilson score interval (:func:`wilson_interval`),
which stays inside 0-1 and behaves near 0% and 100%; a mean of independent samples with
its normal interval, the mean give or take :data:`Z95` standard errors
(:func:`mean_interval`, or :func:`half_width` when only the spread is known); a mean of
samples drawn with repeats (:func:`mean_error` with ``counts``) or weighed by importance
(:func:`weighted_mean_error`) with the half-width of its interval. The engine
(the simulation, the pegging table), the charts, the lessons and the benchmarks all ask
here, so a figure and its interval are worked out one way everywhere.

>>> low, high = wilson_interval(56, 100)
>>> round(low, 3), round(high, 3)
(0.462, 0.653)
>>> [round(x, 2) for x in mean_interval([1.0, 2.0, 3.0, 4.0])]
[2.5, 1.23, 3.77]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z95", "games_needed", "half_width", "mean_error", "mean_interval",
           "weighted_mean_error", "wilson_interval"]

Z95 = 1.96
"""Standard errors either side of an estimate that make a 95% interval (the normal
distribution's 97.5th percentile, rounded as tables print it)."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share (95% with the default ``z``): ``(low, high)``;
    no trials tell nothing, ``(0.0, 1.0)``.

    >>> wilson_interval(0, 0), wilson_interval(10, 10)[1]
    ((0.0, 1.0), 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def half_width(sd: float, n: int, z: float = Z95) -> float:
    """Half the width of the normal interval of a mean of ``n`` independent samples whose
    standard deviation is ``sd``: ``z`` standard errors.

    >>> half_width(2.0, 16)
    0.98
    """
    return z * sd / math.sqrt(n)


def games_needed(half_width: float, rate: float = 0.5, z: float = Z95) -> int:
    """How many games make the 95% interval of a win rate near ``rate`` as narrow as
    ± ``half_width`` (the normal approximation: n = z² p (1 - p) / h², rounded up).

    >>> games_needed(0.01), games_needed(0.03)
    (9604, 1068)
    """
    return math.ceil(z * z * rate * (1 - rate) / (half_width * half_width))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of independent samples and its normal interval (95% with the default
    ``z``): ``(mean, low, high)``, from the sample standard deviation. At least two
    samples are needed.

    >>> mean_interval([3.0, 3.0])
    (3.0, 3.0, 3.0)
    >>> mean_interval([1.0])
    Traceback (most recent call last):
      ...
    ValueError: an interval needs at least two samples, not 1
    """
    mean, half = mean_error(values, z=z)
    return mean, mean - half, mean + half


def mean_error(values: Sequence[float], counts: Sequence[int] | None = None,
               z: float = Z95) -> tuple[float, float]:
    """The mean of independent samples and the half-width of its normal interval (95% with
    the default ``z``): ``(mean, half)``. ``counts``, when given, says how many times each
    of ``values`` was drawn (a sample of 3, 3, 5 is ``values=[3, 5], counts=[2, 1]``).
    At least two samples are needed.

    >>> mean_error([3.0, 5.0], [2, 1]) == mean_error([3.0, 3.0, 5.0])
    True
    >>> mean_error([4.0], [1])
    Traceback (most recent call last):
      ...
    ValueError: an interval needs at least two samples, not 1
    """
    if counts is None:
        n = len(values)
        if n < 2:
            raise ValueError(f"an interval needs at least two samples, not {n}")
        mean = sum(values) / n
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        return mean, half_width(math.sqrt(var), n, z)
    if len(counts) != len(values):
        raise ValueError(f"{len(values)} values need as many counts, not {len(counts)}")
    if any(c < 0 for c in counts):
        raise ValueError(f"a count of samples cannot be below 0: {list(counts)}")
    n = sum(counts)
    if n < 2:
        raise ValueError(f"an interval needs at least two samples, not {n}")
    mean = sum(v * c for v, c in zip(values, counts, strict=True)) / n
    var = sum(c * (v - mean) ** 2 for v, c in zip(values, counts, strict=True)) / (n - 1)
    return mean, half_width(math.sqrt(var), n, z)


def weighted_mean_error(values: Sequence[float], weights: Sequence[float],
                        z: float = Z95) -> tuple[float, float]:
    """The self-normalised weighted mean of ``values`` (samples drawn each with the
    importance ``weights``) and the half-width of its interval (95% with the default
    ``z``), by the delta method: ``z * sqrt(sum w² (x - mean)²) / sum w``. Equal
    weights give the plain mean, its spread taken over ``n`` rather than ``n - 1``.

    >>> mean, half = weighted_mean_error([1.0, 3.0], [1.0, 1.0])  # s.e. sqrt(2) / 2
    >>> mean, round(half, 3)
    (2.0, 1.386)
    >>> weighted_mean_error([1.0, 3.0], [0.0, 0.0])
    Traceback (most recent call last):
      ...
    ValueError: a weighted mean needs weights of 0 or more that sum above 0, not [0.0, 0.0]
    """
    if len(weights) != len(values):
        raise ValueError(f"{len(values)} values need as many weights, not {len(weights)}")
    total = sum(weights)
    if any(w < 0 for w in weights) or not total > 0:
        raise ValueError("a weighted mean needs weights of 0 or more that sum above 0, "
                         f"not {list(weights)}")
    mean = sum(w * v for w, v in zip(weights, values, strict=True)) / total
    spread = sum(w * w * (v - mean) ** 2 for w, v in zip(weights, values, strict=True))
    return mean, z * math.sqrt(spread) / total
