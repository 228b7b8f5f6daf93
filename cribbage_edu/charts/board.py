"""The board drawn with matplotlib: the track, the skunk lines and both players' pegs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from matplotlib.figure import Figure

from ..render.colours import COLOURS
from ..rules.board import GAME_HOLE, HOLES_PER_LANE, hole_xy, skunk_lines
from .style import chart_names, house_style, new_figure

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["board_chart"]


@house_style
def board_chart(board: Any = None, *, pegs: Sequence[Sequence[int]] | None = None,
                names: Sequence[str] = ("player 0", "player 1"),
                target: int = GAME_HOLE) -> Figure:
    """The board: each player's street of holes (twice round a 60-hole loop, then the
    game hole), both players' pegs (front peg solid: the score; rear peg pale: the
    score before), and the skunk line. Give a :class:`cribbage_edu.rules.board.Board`, or
    ``pegs=((rear0, front0), (rear1, front1))`` as plain numbers, in the board's order.

    >>> fig = board_chart(pegs=((88, 95), (52, 60)), names=("you", "computer"))
    >>> fig.axes[0].get_title()
    'The board: you 95, computer 60'
    """
    names = chart_names(names)
    if board is not None:
        target = board.target
        pairs = [(board.front(p), board.rear(p)) for p in (0, 1)]
    elif pegs is not None:
        pairs = [(int(f), int(r)) for r, f in pegs]  # (rear, front), as Board takes them
    else:
        pairs = [(0, 0), (0, 0)]
    fig = new_figure(11, 3.6)
    ax = fig.add_subplot()
    ax.grid(False)
    ax.set_facecolor(COLOURS["board"])
    _draw_holes(ax, target)
    _draw_skunk_lines(ax, target)
    _draw_pegs(ax, target, pairs)
    ax.set_xlim(-4.0, _at(0, target, target)[0] + 2.5)
    ax.set_ylim(-0.9, 3.9)
    ax.set_xticks([])
    ax.set_yticks([])
    for side in ax.spines.values():
        side.set_visible(False)
    handles = [ax.scatter([], [], s=90, color=COLOURS[f"player{p}"], edgecolor="black",
                          label=f"{names[p]}: {pairs[p][0]} (last {pairs[p][1]})")
               for p in (0, 1)]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0, -0.02), ncol=2,
              fontsize=9)
    ax.set_title(f"The board: {names[0]} {pairs[0][0]}, {names[1]} {pairs[1][0]}")
    return fig


def _at(player: int, score: int, target: int) -> tuple[float, float]:
    """Where ``player``'s hole for ``score`` is drawn: the board lies on its side, player
    0 along the top."""
    x, y = hole_xy(player, score, target)
    return y, 3.0 - x


def _draw_holes(ax: Axes, target: int) -> None:
    """Each player's street of holes (once round the loop; the second lap reuses it),
    the start holes, the game hole, and the holes' numbers every five: the outer lanes
    outside, the inner between them."""
    lap = 2 * HOLES_PER_LANE
    for player in (0, 1):
        holes = [_at(player, s, target) for s in range(1, min(lap, target - 1) + 1)]
        ax.scatter([h[0] for h in holes], [h[1] for h in holes], s=9,
                   color=COLOURS["hole"], zorder=1)
        start = _at(player, 0, target)
        ax.scatter([start[0]], [start[1]], s=14, marker="s", color=COLOURS["hole"], zorder=1)
    game_hole = _at(0, target, target)
    ax.scatter([game_hole[0]], [game_hole[1]], s=60, color=COLOURS["hole"], zorder=1)
    ax.annotate(str(target), game_hole, xytext=(6, 0), textcoords="offset points",
                va="center", fontsize=9)
    for score in range(5, lap + 1, 5):
        inner = (score - 1) // HOLES_PER_LANE == 1
        text = f"{score}/{score + lap}" if score + lap < target else str(score)
        for player in (0, 1) if not inner else (0,):
            x, y = _at(player, score, target)
            shift = (-11 if player == 0 else 11) if inner else (9 if player == 0 else -9)
            ax.annotate(text, (x, y), xytext=(0, shift), textcoords="offset points",
                        ha="center", va="center", fontsize=8, color=COLOURS["hole"])


def _draw_skunk_lines(ax: Axes, target: int) -> None:
    """The skunk line and the double skunk line across both streets, each named with the
    holes it falls between."""
    skunk, double = skunk_lines(target)
    for line, label in ((skunk, "skunk line"), (double, "double skunk line")):
        if not 1 < line < target:
            continue
        for player in (0, 1):
            (x0, y0), (_, y1) = _at(player, line - 1, target), _at(player, line, target)
            far = x0 > HOLES_PER_LANE / 2
            x = x0 + (0.6 if far else -0.6)
            ax.plot([x, x], [min(y0, y1) - 0.3, max(y0, y1) + 0.3], color=COLOURS["given"],
                    linewidth=2, zorder=2)
        x, _ = _at(0, line, target)
        nudge = 0.6 if x > HOLES_PER_LANE / 2 else -0.6
        ax.annotate(f"{label}: {line - 1}|{line}", (x + nudge, 3.3),
                    ha="center", fontsize=9, color=COLOURS["given"])


def _draw_pegs(ax: Axes, target: int, pairs: Sequence[tuple[int, int]]) -> None:
    """Both players' pegs, ``pairs`` of (front, rear): the front solid with the score
    written by it, the rear pale."""
    for player, (front, rear) in enumerate(pairs):
        colour = COLOURS[f"player{player}"]
        for score, alpha, size in ((rear, 0.4, 90), (front, 1.0, 110)):
            x, y = _at(player, score, target)
            ax.scatter([x], [y], s=size, color=colour, alpha=alpha, edgecolor="black",
                       linewidth=0.8, zorder=4)
        fx, fy = _at(player, front, target)
        ax.annotate(f"{front}", (fx, fy), xytext=(0, 11 if player == 0 else -11),
                    textcoords="offset points", ha="center", va="center", fontsize=9,
                    fontweight="bold", color=colour)
