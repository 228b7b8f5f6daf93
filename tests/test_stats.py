"""The 95% interval every sampled figure carries (cribbage_edu.stats), checked against
figures worked by hand."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage_edu.stats import (
    Z95,
    half_width,
    mean_error,
    mean_interval,
    weighted_mean_error,
    wilson_interval,
)


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


def test_the_mean_of_samples_drawn_with_repeats() -> None:
    # 2 drawn three times, 6 once: mean (6 + 6) / 4 = 3; squares 3 * 1 + 9 = 12, var 12 / 3
    # = 4, sd 2; half 1.96 * 2 / 2 = 1.96
    mean, half = mean_error([2.0, 6.0], [3, 1])
    assert mean == 3.0 and half == pytest.approx(1.96)
    assert mean_error([2.0, 6.0], [3, 1], z=1.0)[1] == pytest.approx(1.0)
    # a value drawn no times counts for nothing
    assert mean_error([2.0, 6.0, 99.0], [3, 1, 0]) == pytest.approx((3.0, 1.96))


def test_the_importance_weighted_mean() -> None:
    # values 0 and 4 weighed 3 and 1: mean 4 / 4 = 1; spread 9 * 1 + 1 * 9 = 18; half
    # 1.96 * sqrt(18) / 4 = 2.078894
    mean, half = weighted_mean_error([0.0, 4.0], [3.0, 1.0])
    assert mean == 1.0 and half == pytest.approx(2.078894, abs=1e-6)
    # scaling every weight changes nothing
    assert weighted_mean_error([0.0, 4.0], [0.3, 0.1]) == pytest.approx((1.0, 2.078894))


@pytest.mark.parametrize(("call", "words"), [
    (lambda: mean_error([1.0, 2.0], [1]), "2 values need as many counts, not 1"),
    (lambda: mean_error([1.0, 2.0], [3, -1]), r"cannot be below 0: \[3, -1\]"),
    (lambda: mean_error([1.0, 2.0], [1, 0]), "at least two samples, not 1"),
    (lambda: weighted_mean_error([1.0], [1.0, 2.0]), "1 values need as many weights, not 2"),
    (lambda: weighted_mean_error([1.0, 2.0], [2.0, -1.0]), r"0 or more .* \[2.0, -1.0\]"),
])
def test_bad_samples_are_refused_by_name(call: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        call()  # type: ignore[operator]


@given(st.lists(st.tuples(st.integers(-20, 20), st.integers(0, 4)), min_size=1, max_size=8)
       .filter(lambda rows: sum(c for _, c in rows) >= 2))
def test_counts_are_the_samples_written_out(rows: list[tuple[int, int]]) -> None:
    values = [float(v) for v, _ in rows]
    counts = [c for _, c in rows]
    written_out = [v for v, c in zip(values, counts, strict=True) for _ in range(c)]
    assert mean_error(values, counts) == pytest.approx(mean_error(written_out), abs=1e-9)
    mean, _, high = mean_interval(written_out)
    assert (mean, high - mean) == pytest.approx(mean_error(written_out), abs=1e-9)
