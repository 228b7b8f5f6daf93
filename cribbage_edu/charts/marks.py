"""A class's marks drawn with matplotlib: per exercise, how many got it right, wrong, or
left it blank (the chart of the classroom's class report)."""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..render.colours import COLOURS
from .style import house_style, new_figure

__all__ = ["MARK_COLOURS", "marks_chart"]

MARK_COLOURS = {"right": COLOURS["crib"], "wrong": COLOURS["given"],
                "not answered": COLOURS["muggins"]}
"""The marks' colours, from the house palette: its green, red and grey."""


@house_style
def marks_chart(rows: Sequence[tuple[str, int, int, int]]) -> Figure:
    """A bar for each exercise, ``(label, right, wrong, not answered)``: how many of the
    class got it right, wrong, or left it blank (the legend under the axis label, laid out
    apart from it).

    >>> fig = marks_chart([("lesson00 ex 1", 2, 1, 0)])
    >>> fig.axes[0].get_title(), [t.get_text() for t in fig.axes[0].get_yticklabels()]
    ('How many got each exercise right', ['lesson00 ex 1'])
    """
    figure = new_figure(7, max(2.8, 0.35 * len(rows) + 1.6))
    axes = figure.subplots()
    counts = {"right": [row[1] for row in rows], "wrong": [row[2] for row in rows],
              "not answered": [row[3] for row in rows]}
    positions = list(range(len(rows)))
    left = [0] * len(rows)
    for kind, values in counts.items():
        axes.barh(positions, values, left=left, color=MARK_COLOURS[kind], label=kind)
        left = [a + b for a, b in zip(left, values, strict=True)]
    axes.set_yticks(positions, [row[0] for row in rows])
    axes.invert_yaxis()
    axes.set_xlabel("students")
    axes.set_title("How many got each exercise right")
    figure.legend(loc="outside lower center", ncols=3)  # laid out below the label
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.grid(axis="y", visible=False)
    return figure
