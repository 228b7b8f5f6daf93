"""Charts for the census lesson, kept out of the lesson's cells.

>>> fig = log_census_chart({0: 10, 2: 1000, 29: 1})
>>> fig.axes[0].get_yscale()
'log'
"""

from __future__ import annotations

from matplotlib.figure import Figure

from cribbage_edu.charts import COLOURS

__all__ = ["log_census_chart"]


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
