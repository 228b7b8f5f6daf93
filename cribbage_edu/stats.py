"""The 95% interval that every sampled figure carries: the one home of that statistic.

A share of games won is given with its Wilson score interval (:func:`wilson_interval`),
which stays inside 0-1 and behaves near 0% and 100%; a mean of independent samples with
its normal interval, the mean give or take :data:`Z95` standard errors
(:func:`mean_interval`, or :func:`half_width` when only the spread is known). The engine
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

__all__ = ["Z95", "games_needed", "half_width", "mean_interval", "wilson_interval"]

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
    n = len(values)
    if n < 2:
        raise ValueError(f"an interval needs at least two samples, not {n}")
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = half_width(sd, n, z)
    return mean, mean - half, mean + half
