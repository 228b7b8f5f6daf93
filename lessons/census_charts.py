"""Charts for the census lesson, kept out of the lesson's cells.

>>> fig = log_census_chart({0: 10, 2: 1000, 29: 1})
>>> fig.axes[0].get_yscale()
'log'
"""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from cribbage_edu.render import COLOURS

__all__ = ["kept_and_random_chart", "log_census_chart"]


def log_census_chart(census: dict[int, int]) -> Figure:
    """The census as bars on a logarithmic scale, the number of hands written on each
    bar from 12 up, and a cross where no hand scores."""
    fig = Figure(figsize=(9, 4.2), layout="constrained")
    ax = fig.add_subplot()
    totals = range(30)
    ax.bar(totals, [census.get(t, 0) for t in totals], color=COLOURS["hand"])
    ax.set_yscale("log")
    ax.set_ylim(1, 2e7)
    for t in totals:
        if t not in census:
            ax.annotate("×", (t, 1.3), ha="center", color=COLOURS["given"], fontsize=14,
                        fontweight="bold")
        elif t >= 12:
            ax.annotate(f"{census[t]:,}", (t, census[t] * 1.3), ha="center", fontsize=7,
                        rotation=90, va="bottom")
    ax.set_xticks(list(totals))
    ax.set_xlabel("points in the show (four cards and the starter)")
    ax.set_ylabel("hands (logarithmic scale)")
    ax.set_title("Every score, the rare ones too: × marks a score no hand makes",
                 fontweight="bold")
    ax.spines[["top", "right"]].set_visible(False)
    return fig


def kept_and_random_chart(census: dict[int, int], kept: dict[str, dict[int, float]]) -> Figure:
    """The chance of each show score for four random cards (the census) beside the hands
    kept after the advisor's throw (one series for each role), on one scale."""
    series = [("four random cards", {s: n / sum(census.values()) for s, n in census.items()},
               COLOURS["given"])]
    colours = [COLOURS["hand"], COLOURS["crib"]]
    series += [(name, dist, colours[i % 2]) for i, (name, dist) in enumerate(kept.items())]
    fig = Figure(figsize=(9.5, 4.2), layout="constrained")
    ax = fig.add_subplot()
    width = 0.8 / len(series)
    for n, (name, dist, colour) in enumerate(series):
        mean = sum(s * p for s, p in dist.items())
        offset = (n - (len(series) - 1) / 2) * width
        ax.bar([t + offset for t in range(30)], [dist.get(t, 0) for t in range(30)],
               width=width, color=colour, label=f"{name} (mean {mean:.2f})")
    ax.set_xticks(range(30))
    ax.set_xlim(-0.8, 29.8)
    ax.set_xlabel("points in the show (four cards and the starter)")
    ax.set_ylabel("share of hands")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_title("Kept hands score more than random ones: fewer zeros, more 8s to 16s",
                 fontweight="bold")
    ax.legend(loc="upper right")
    ax.spines[["top", "right"]].set_visible(False)
    return fig
