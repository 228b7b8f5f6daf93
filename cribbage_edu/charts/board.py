"""The board drawn with matplotlib: the track, the skunk lines and both players' pegs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matplotlib.figure import Figure

from ..render.colours import COLOURS
from ..rules.board import GAME_HOLE
from .style import chart_names, house_style, new_figure

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
    from ..rules.board import HOLES_PER_LANE, hole_xy, skunk_lines

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
    lap = 2 * HOLES_PER_LANE

    def at(player: int, score: int) -> tuple[float, float]:
        x, y = hole_xy(player, score, target)
        return y, 3.0 - x  # the board lies on its side: player 0 along the top

    for player in (0, 1):
        holes = [at(player, s) for s in range(1, min(lap, target - 1) + 1)]
        ax.scatter([h[0] for h in holes], [h[1] for h in holes], s=9,
                   color=COLOURS["hole"], zorder=1)
        start = at(player, 0)
        ax.scatter([start[0]], [start[1]], s=14, marker="s", color=COLOURS["hole"], zorder=1)
    game_hole = at(0, target)
    ax.scatter([game_hole[0]], [game_hole[1]], s=60, color=COLOURS["hole"], zorder=1)
    ax.annotate(str(target), game_hole, xytext=(6, 0), textcoords="offset points",
                va="center", fontsize=9)
    for score in range(5, lap + 1, 5):  # hole numbers: the outer lanes outside, inner between
        inner = (score - 1) // HOLES_PER_LANE == 1
        text = f"{score}/{score + lap}" if score + lap < target else str(score)
        for player in (0, 1) if not inner else (0,):
            x, y = at(player, score)
            shift = (-11 if player == 0 else 11) if inner else (9 if player == 0 else -9)
            ax.annotate(text, (x, y), xytext=(0, shift), textcoords="offset points",
                        ha="center", va="center", fontsize=8, color=COLOURS["hole"])
    skunk, double = skunk_lines(target)
    for line, label in ((skunk, "skunk line"), (double, "double skunk line")):
        if not 1 < line < target:
            continue
        for player in (0, 1):
            (x0, y0), (_, y1) = at(player, line - 1), at(player, line)
            far = x0 > HOLES_PER_LANE / 2
            x = x0 + (0.6 if far else -0.6)
            ax.plot([x, x], [min(y0, y1) - 0.3, max(y0, y1) + 0.3], color=COLOURS["given"],
                    linewidth=2, zorder=2)
        x, _ = at(0, line)
        nudge = 0.6 if x > HOLES_PER_LANE / 2 else -0.6
        ax.annotate(f"{label}: {line - 1}|{line}", (x + nudge, 3.3),
                    ha="center", fontsize=9, color=COLOURS["given"])
    for player, (front, rear) in enumerate(pairs):
        colour = COLOURS[f"player{player}"]
        for score, alpha, size in ((rear, 0.4, 90), (front, 1.0, 110)):
            x, y = at(player, score)
            ax.scatter([x], [y], s=size, color=colour, alpha=alpha, edgecolor="black",
                       linewidth=0.8, zorder=4)
        fx, fy = at(player, front)
        ax.annotate(f"{front}", (fx, fy), xytext=(0, 11 if player == 0 else -11),
                    textcoords="offset points", ha="center", va="center", fontsize=9,
                    fontweight="bold", color=colour)
    ax.set_xlim(-4.0, at(0, target)[0] + 2.5)
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
