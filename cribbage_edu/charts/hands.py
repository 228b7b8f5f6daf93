"""Charts of all hands: the totals of the 12,994,800 (four cards, starter) combinations."""

from __future__ import annotations

from collections.abc import Mapping

from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from ..render.colours import COLOURS
from .style import house_style, new_figure

__all__ = ["score_distribution_chart"]


@house_style
def score_distribution_chart(hand: Mapping[int, int] | None = None,
                             crib: Mapping[int, int] | None = None, *,
                             probabilities: bool = False, show_crib: bool = True) -> Figure:
    """Hand and crib totals side by side: how many of the 12,994,800 (four cards,
    starter) combinations score each total (or the probability, with
    ``probabilities=True``). The means are marked and the totals no hand can make
    (19, 25, 26, 27) are pointed out. By default the exact census is drawn.

    >>> fig = score_distribution_chart(probabilities=True)
    >>> ax = fig.axes[0]
    >>> len(ax.containers), len(ax.containers[0]), ax.get_ylabel()
    (2, 30, 'probability')
    """
    from ..study.analysis import score_distribution

    series = [("hand", dict(hand if hand is not None else score_distribution()))]
    if show_crib:
        series.append(("crib", dict(crib if crib is not None else score_distribution(True))))
    fig = new_figure(9, 4.2)
    ax = fig.add_subplot()
    width = 0.8 / len(series)
    top = 0.0
    for n, (name, dist) in enumerate(series):
        total = sum(dist.values())
        heights = [dist.get(t, 0) / total if probabilities else dist.get(t, 0)
                   for t in range(30)]
        top = max(top, *heights)
        offset = (n - (len(series) - 1) / 2) * width
        mean = sum(t * c for t, c in dist.items()) / total
        ax.bar([t + offset for t in range(30)], heights, width=width, color=COLOURS[name],
               label=f"{name} (mean {mean:.2f})")
        ax.axvline(mean, color=COLOURS[name], linestyle="--", linewidth=1.2)
        ax.annotate(f"{name} mean\n{mean:.2f}", (mean, top * (0.92 - 0.16 * n)),
                    xytext=(4, 0), textcoords="offset points", color=COLOURS[name],
                    fontsize=8, va="top")
    census = score_distribution()  # the totals no hand makes, counted, not typed in
    impossible = [t for t in range(30) if not census.get(t)]
    for t in impossible:
        ax.annotate("×", (t, 0), ha="center", va="bottom", color=COLOURS["given"],
                    fontsize=12, fontweight="bold")
    ax.annotate(f"× no hand scores {', '.join(map(str, impossible[:-1]))} or {impossible[-1]}",
                (22.5, top * 0.35), ha="center", color=COLOURS["given"], fontsize=9)
    ax.set_xticks(range(0, 30))
    ax.set_xlim(-0.8, 29.8)
    ax.set_xlabel("points in the show (four cards and the starter)")
    ax.set_ylabel("probability" if probabilities else "hands")
    if not probabilities:  # plain numbers of hands: no "1e6" above the axis
        ax.yaxis.set_major_formatter(FuncFormatter(_count_label))
    ax.set_title(_commonest_title(series[0][1]))
    ax.legend(loc="upper right")
    ax.grid(axis="x", visible=False)
    return fig


def _count_label(value: float, _: object = None) -> str:
    """A count as a learner reads it: "0", "500,000", "1.5 million".

    >>> [_count_label(v) for v in (0, 500_000, 1_000_000, 2_500_000)]
    ['0', '500,000', '1 million', '2.5 million']
    """
    if abs(value) >= 1_000_000:
        return f"{value / 1_000_000:g} million"
    return f"{value:,.0f}"


def _commonest_title(dist: Mapping[int, int | float]) -> str:
    """The point of a score distribution: its two commonest totals and its median.

    >>> _commonest_title({2: 5, 4: 6, 12: 1})
    '2 and 4 points are the commonest totals; half of all hands score 4 or less'
    """
    total = sum(dist.values())
    commonest = sorted(sorted(dist, key=lambda t: (-dist[t], t))[:2])
    running, median = 0.0, 0
    for points in sorted(dist):
        running += dist[points]
        if running >= total / 2:
            median = points
            break
    first = " and ".join(str(t) for t in commonest)
    return (f"{first} points are the commonest totals; half of all hands score "
            f"{median} or less")
