"""How the timing benchmarks report their times: one home for the percentile and the line of
median, p90, p99 and slowest (``bench_coach``, ``bench_hint``, ``bench_deal_model``,
``bench_browser_clicks``).

>>> times = [float(ms) for ms in range(1, 101)]
>>> percentile(times, 0.9), spread(times)
(90.0, 'median 50.5 ms, p90 90.0 ms, p99 99.0 ms, slowest 100.0 ms')
>>> typical(times)
'median 50.5 ms, p99 99.0 ms'
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """The value ``q`` of the way up the sorted values (the nearest one: no interpolation)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def spread(ms: Sequence[float]) -> str:
    """Times in milliseconds as the benchmarks print them: median, p90, p99 and slowest."""
    return (f"median {statistics.median(ms):.1f} ms, p90 {percentile(ms, 0.9):.1f} ms, "
            f"p99 {percentile(ms, 0.99):.1f} ms, slowest {max(ms):.1f} ms")


def typical(ms: Sequence[float]) -> str:
    """The shorter line: median and p99 (for processor time, and for parts of a sample)."""
    return f"median {statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms"
