"""``cribbage-edu stats``: the exact distribution of hand (or crib) scores.

>>> from cribbage_edu.cli import main
>>> main(["stats"])  # doctest: +ELLIPSIS
hand totals over all 12,994,800 (four cards, starter) combinations
...
mean 4.7692 (exactly 60759/12740)
...
0
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from ..rules.scoring import SHOW_KINDS, Kind
from ..study.analysis import (
    HANDS_WITH_STARTER,
    kind_distributions,
    kind_frequencies,
    kind_means,
    score_distribution,
)
from .console import Console, Subparsers, chart_file, print_json, write_chart

__all__ = ["add_stats", "print_census", "run_stats"]


def add_stats(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu stats [--crib] [--json] [--plot FILE.png]``."""
    parser = subparsers.add_parser(
        "stats", help="the exact distribution of hand (or crib) scores",
        description="How many of the 12,994,800 (four cards, starter) combinations score "
                    "each total, with the probability, the mean, and how often each kind "
                    "of points scores. Exact, by enumeration.")
    parser.add_argument("--crib", action="store_true",
                        help="count as cribs: only a five-card flush scores")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="also draw the distribution (hand and crib) to a file")
    parser.set_defaults(run=run_stats)


def run_stats(args: argparse.Namespace, console: Console) -> int:
    """``cribbage-edu stats``: the census as a table (or JSON)."""
    plot = None if args.plot is None else chart_file(args.plot)
    dist = score_distribution(args.crib)
    means = kind_means(args.crib)
    freq = kind_frequencies(args.crib)
    mean = sum(means.values(), Fraction(0))
    if args.json:
        print_json({
            "crib": args.crib, "hands": HANDS_WITH_STARTER,
            "counts": {str(t): n for t, n in dist.items()},
            "mean": float(mean), "mean_fraction": str(mean),
            "kinds": {k: {"mean": float(means[k]), "share_scoring": float(freq[k]),
                          "counts": {str(p): n for p, n in counts.items()}}
                      for k, counts in kind_distributions(args.crib).items()},
        }, console)
    else:
        print_census(dist, means, freq, crib=args.crib, console=console)
    if plot is not None:
        from ..charts import score_distribution_chart  # matplotlib only for a chart

        write_chart(score_distribution_chart(), plot, console, say=not args.json)
    return 0


def print_census(dist: dict[int, int], means: dict[Kind, Fraction],
                 freq: dict[Kind, Fraction], *, crib: bool, console: Console) -> None:
    """The census as a table: each total with its count and probability, the mean, and
    each kind of points.

    >>> import io, sys
    >>> print_census(score_distribution(), kind_means(), kind_frequencies(), crib=False,
    ...              console=Console(sys.stdout, io.StringIO(), io.StringIO()))
    ... # doctest: +ELLIPSIS
    hand totals over all 12,994,800 (four cards, starter) combinations
      total        hands  probability
          0    1,009,008     0.077647
    ...
         19            0     0.000000  (impossible)
    ...
    """
    mean = sum(means.values(), Fraction(0))
    what = "crib" if crib else "hand"
    console.say(f"{what} totals over all {HANDS_WITH_STARTER:,} (four cards, starter) "
                "combinations")
    console.say("  total        hands  probability")
    for total in range(30):
        n = dist.get(total, 0)
        note = "  (impossible)" if n == 0 else ""
        console.say(f"  {total:>5} {n:>12,}  {n / HANDS_WITH_STARTER:>11.6f}{note}")
    console.say(f"mean {float(mean):.4f} (exactly {mean})")
    console.say("by kind:   mean  share of hands scoring it")
    for kind in SHOW_KINDS:
        console.say(f"  {kind:<8}{float(means[kind]):>6.3f}  {float(freq[kind]):>8.1%}")
