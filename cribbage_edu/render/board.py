"""The cribbage board as SVG: every hole and both players' two pegs.

A :class:`~cribbage_edu.rules.board.Board` draws itself in a notebook with
:func:`board_img`; the board widget redraws :func:`board_svg` on every peg (a small
picture, fast enough for each click). The matplotlib picture of a whole game's board is
:func:`cribbage_edu.charts.board_chart`.

>>> from cribbage_edu.rules.board import Board
>>> board_img(Board().peg(0, 6))[:28]
'<img class="cribbage-board" '
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape, unescape

from .colours import PEG_COLOURS
from .html import svg_img
from .shapes import Pegboard

__all__ = ["board_img", "board_svg"]

_STEP = 12.0  # pixels between holes along the board
_LANE = 15.0  # pixels between lanes
_PAD = 14.0


def _xy(board_x: float, board_y: float) -> tuple[float, float]:
    """Board coordinates (lane, row) to picture coordinates: the board lies on its side."""
    return _PAD + (board_y + 1.5) * _STEP, _PAD + board_x * _LANE


def board_svg(board: Pegboard, names: Sequence[str] = ("player 0", "player 1")) -> str:
    """The board as SVG: every hole and both players' two pegs
    (the front peg solid, the rear peg pale).

    >>> from cribbage_edu.rules.board import Board
    >>> svg = board_svg(Board().peg(0, 6).peg(1, 3), names=("you", "the computer"))
    >>> 'aria-label="board: you 6 (rear peg 0), the computer 3 (rear peg 0)"' in svg
    True
    """
    target = board.target
    top_x, _ = _xy(0, board.hole_xy(0, target)[1] + 1.0)
    width = top_x + _PAD
    height = _PAD * 2 + 3 * _LANE
    label = ", ".join(f"{names[p]} {board.front(p)} (rear peg {board.rear(p)})"
                      for p in (0, 1))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" class="cribbage-board" '
        f'aria-label="board: {escape(label)}"><title>board: {escape(label)}</title>',
        f'<rect x="1" y="1" width="{width - 2:.0f}" height="{height - 2:.0f}" rx="8" '
        f'fill="#d7b98e" stroke="#8d6e63"/>',
    ]
    holes = range(1, board.lap_holes + 1)
    for player in (0, 1):
        for score in holes:
            x, y = _xy(*board.hole_xy(player, score))
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2" fill="#5d4037"/>')
        x, y = _xy(*board.hole_xy(player, 0))
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.2" fill="#5d4037"/>')
    gx, gy = _xy(*board.hole_xy(0, target))
    parts.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="3" fill="#3e2723"/>')
    for player in (0, 1):
        colour = PEG_COLOURS[player]
        (rx, ry), (fx, fy) = (_xy(*p) for p in board.positions(player))
        parts.append(f'<circle cx="{rx:.1f}" cy="{ry:.1f}" r="4" fill="{colour}" '
                     f'fill-opacity="0.45" class="cribbage-peg-rear-{player}"/>')
        parts.append(f'<circle cx="{fx:.1f}" cy="{fy:.1f}" r="4.5" fill="{colour}" '
                     f'stroke="#fff" class="cribbage-peg-front-{player}"/>')
    parts.append("</svg>")
    return "".join(parts)


def board_img(board: Pegboard, names: Sequence[str] = ("player 0", "player 1")) -> str:
    """The board as an ``<img>`` (for a notebook that is not trusted), named by its pegs.

    >>> from cribbage_edu.rules.board import Board
    >>> 'alt="board: player 0 6 (rear peg 0)' in board_img(Board().peg(0, 6))
    True
    """
    svg = board_svg(board, names)
    width, height = (int(v) for v in re.findall(r'width="(\d+)" height="(\d+)"', svg)[0])
    label = re.findall(r'aria-label="([^"]*)"', svg)[0]
    return svg_img(svg, unescape(label), "cribbage-board", width, height)
