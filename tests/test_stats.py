"""The 95% interval every sampled figure carries (cribbage_edu.stats), checked against
figures worked by hand."""

from __future__ import annotations

import math

import pytest

from cribbage_edu.stats import Z95, half_width, mean_interval, wilson_interval


def test_the_wilson_interval_of_a_share() -> None:
    # 56 of 100: p = 0.56, z² = 3.8416; centre (0.56 + 0.019208) / 1.038416 = 0.5577803;
    # half 1.96 sqrt(0.002464 + 0.00009604) / 1.038416 = 0.0955009: 0.462279 to 0.653281
    low, high = wilson_interval(56, 100)
    assert low == pytest.approx(0.462279, abs=1e-6)
    assert high == pytest.approx(0.653281, abs=1e-6)
    assert wilson_interval(0, 0) == (0.0, 1.0)          # no games tell nothing
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0


def test_the_normal_interval_of_a_mean() -> None:
    # 1, 2, 3, 4: mean 2.5; squares from the mean 2.25 + 0.25 + 0.25 + 2.25 = 5, sd
    # sqrt(5/3) = 1.290994; half 1.96 * 1.290994 / 2 = 1.265174
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert (low, high) == pytest.approx((1.234826, 3.765174), abs=1e-6)
    assert half_width(2.0, 16) == pytest.approx(0.98)   # 1.96 * 2 / 4
    assert Z95 == 1.96 and half_width(1.0, 1, z=1.0) == 1.0
    assert math.isclose(half_width(math.sqrt(0.25), 100), 0.098)  # a share near 1/2


def test_one_sample_makes_no_interval() -> None:
    with pytest.raises(ValueError, match="at least two samples, not 1"):
        mean_interval([3.0])
