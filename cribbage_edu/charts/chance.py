"""The chance to win: the table as a heatmap, and its predictions against games played out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from ..render.colours import COLOURS
from ..rules.board import GAME_HOLE, SHORT_GAME_HOLE
from ..rules.options import TARGETS
from .style import house_style, new_figure

__all__ = ["calibration_chart", "win_table_chart"]


@house_style
def win_table_chart(target: int = GAME_HOLE) -> Figure:
    """Your chance to win from every pair of scores at the start of a deal, as a heatmap:
    one panel when you deal, one when you are pone (from
    :func:`cribbage_edu.tables.chance.win_table`), with the 25%, 50% and 75% lines drawn.

    >>> fig = win_table_chart(61)
    >>> [ax.get_title() for ax in fig.axes[:2]]
    ['You deal', 'You are pone']
    >>> fig.axes[0].images[0].get_array().shape
    (61, 61)
    """
    from ..tables.chance import win_table

    table = win_table(target)
    fig = new_figure(11, 5.4)
    axes = fig.subplots(1, 2, sharey=True)
    image = None
    for ax, dealer in zip(axes, (True, False), strict=True):
        grid = table.grid(dealer=dealer)  # grid[you][them]: you across, them up
        upright = [list(row) for row in zip(*grid, strict=True)]
        image = ax.imshow(upright, origin="lower", cmap="RdBu", vmin=0, vmax=1,
                          extent=(-0.5, target - 0.5, -0.5, target - 0.5))
        lines = ax.contour(range(target), range(target), upright, levels=[0.25, 0.5, 0.75],
                           colors=COLOURS["mean"], linewidths=0.8)
        ax.clabel(lines, fmt=lambda v: f"{v:.0%}", fontsize=8)
        ax.grid(False)
        ax.set_title("You deal" if dealer else "You are pone")
        ax.set_xlabel("your score")
        step = 20 if target > SHORT_GAME_HOLE else 10
        ax.set_xticks(range(0, target, step))
        ax.set_yticks(range(0, target, step))
    axes[0].set_ylabel("the other player's score")
    if image is not None:
        fig.colorbar(image, ax=axes, shrink=0.85, label="your chance to win",
                     format=PercentFormatter(1.0))
    fig.suptitle(f"Your chance to win from the start of a deal, game to {target}: "
                 "blue you are favoured, red the other player", fontweight="bold")
    return fig


@house_style
def calibration_chart(positions: Sequence[Mapping[str, Any]], *,
                      bins: Sequence[Mapping[str, Any]] = (),
                      brier: float | None = None) -> Figure:
    """The chance to win predicted (x) against the share of games won when they were
    played out (y, with its 95% interval), one point per position: on the diagonal is a
    perfect prediction. ``positions`` and ``bins`` are the rows that
    ``benchmarks/calibration.py`` writes (``predicted``, ``observed``, ``low``, ``high``,
    ``target``); the bins (deals the games passed through, grouped by the predicted
    chance) get a second panel.

    >>> rows = [{"predicted": 0.3, "observed": 0.32, "low": 0.29, "high": 0.35, "target": 121},
    ...         {"predicted": 0.8, "observed": 0.78, "low": 0.75, "high": 0.81, "target": 61}]
    >>> fig = calibration_chart(rows, brier=0.2)
    >>> fig.axes[0].get_xlabel()
    'predicted chance to win (the table)'
    """
    panels = 2 if bins else 1
    fig = new_figure(6.2 * panels, 5.6)
    axes = fig.subplots(1, panels, squeeze=False)[0]
    colour = {GAME_HOLE: COLOURS["player0"], SHORT_GAME_HOLE: COLOURS["player1"]}
    for ax, rows, what in ((axes[0], positions, "one position, games played out from it"),
                           *(((axes[1], bins, "deals the games passed through, grouped"),)
                             if bins else ())):
        ax.plot([0, 1], [0, 1], color=COLOURS["mean"], linewidth=1, linestyle="--",
                label="perfect prediction")
        for target in TARGETS:
            mine = [r for r in rows if r.get("target", GAME_HOLE) == target]
            if not mine:
                continue
            xs = [r["predicted"] for r in mine]
            ys = [r["observed"] for r in mine]
            below = [r["observed"] - r["low"] for r in mine]
            above = [r["high"] - r["observed"] for r in mine]
            ax.errorbar(xs, ys, yerr=[below, above], fmt="o", markersize=4, capsize=2,
                        color=colour[target], label=f"game to {target}")
        ax.set_xlim(-0.02, 1.02)
        ax.set_ylim(-0.02, 1.02)
        ax.set_aspect("equal")
        ax.set_xlabel("predicted chance to win (the table)")
        ax.set_ylabel("share of games won (95% interval)")
        ax.set_title(what[0].upper() + what[1:], fontsize=10)
        ax.legend(loc="upper left", fontsize=8)
    title = "Predicted against played: the points lie on the diagonal"
    if brier is not None:
        title += f" (Brier score {brier:.3f})"
    fig.suptitle(title, fontweight="bold")
    return fig
