"""BoardWidget: the cribbage board with both players' pegs, redrawn as points are pegged.

The board is drawn as a small SVG from the engine's :class:`~cribbage_edu.board.Board`
and :func:`~cribbage_edu.board.hole_xy` (fast enough to redraw on every click); the
matplotlib charts of :mod:`cribbage_edu.charts` are for the board's progress through a
whole game.

>>> board = BoardWidget(seed=7)
>>> board.peg(0, 6); board.peg(0, 2)
>>> board.value.pegs
((6, 8), (0, 0))
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape, unescape

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.board import HOLES_PER_LANE, Board, Skunk, hole_xy, skunk_lines
from cribbage_edu.charts import COLOURS
from cribbage_edu.errors import CribbageError
from cribbage_edu.render import svg_img
from cribbage_edu.scoring import BEST_HAND

from .feedback import AnswerBox, Message, StaticPicture, choose_seed, read_points, seed_badge

__all__ = ["PEG_COLOURS", "BoardState", "BoardWidget", "board_svg"]

PEG_COLOURS = (COLOURS["player0"], COLOURS["player1"])
"""Each player's pegs in that player's colour in the charts (player 0 red, 1 blue)."""

_STEP = 12.0  # pixels between holes along the board
_LANE = 15.0  # pixels between lanes
_PAD = 14.0


def _xy(board_x: float, board_y: float) -> tuple[float, float]:
    """Board coordinates (lane, row) to picture coordinates: the board lies on its side."""
    return _PAD + (board_y + 1.5) * _STEP, _PAD + board_x * _LANE


def board_svg(board: Board, names: Sequence[str] = ("player 0", "player 1")) -> str:
    """The board as SVG: every hole and both players' two pegs
    (the front peg solid, the rear peg pale).

    >>> svg = board_svg(Board().peg(0, 6).peg(1, 3), names=("you", "the computer"))
    >>> 'aria-label="board: you 6 (rear peg 0), the computer 3 (rear peg 0)"' in svg
    True
    """
    target = board.target
    top_x, _ = _xy(0, hole_xy(0, target, target)[1] + 1.0)
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
    holes = [s for s in range(1, min(target, 2 * HOLES_PER_LANE + 1))]
    for player in (0, 1):
        for score in holes:
            x, y = _xy(*hole_xy(player, score, target))
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2" fill="#5d4037"/>')
        x, y = _xy(*hole_xy(player, 0, target))
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.2" fill="#5d4037"/>')
    gx, gy = _xy(*hole_xy(0, target, target))
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


def board_img(board: Board, names: Sequence[str] = ("player 0", "player 1")) -> str:
    """The board as an ``<img>`` (for a notebook that is not trusted), named by its pegs.

    >>> board_img(Board().peg(0, 6))[:28]
    '<img class="cribbage-board" '
    """
    svg = board_svg(board, names)
    width, height = (int(v) for v in re.findall(r'width="(\d+)" height="(\d+)"', svg)[0])
    label = re.findall(r'aria-label="([^"]*)"', svg)[0]
    return svg_img(svg, unescape(label), "cribbage-board", width, height)


def scores_html(board: Board, names: Sequence[str]) -> str:
    """The two scores in words, each in its player's colour."""
    cells = "".join(
        f'<span class="cribbage-score-{p}" style="color:{PEG_COLOURS[p]};margin-right:1.5em">'
        f"<b>{escape(names[p])}: {board.front(p)}</b></span>" for p in (0, 1))
    return f'<div class="cribbage-scores">{cells}<span style="color:#555">' \
           f"to {board.target}</span></div>"


@dataclass(frozen=True)
class BoardState:
    """What a :class:`BoardWidget` shows: both players' ``(rear, front)`` pegs."""

    seed: int
    target: int
    pegs: tuple[tuple[int, int], tuple[int, int]]
    scores: tuple[int, int]
    winner: int | None
    message: str


class BoardWidget(StaticPicture, w.VBox):  # type: ignore[misc]
    """The board. A game shows its board with :meth:`show`; on its own, the widget lets
    a learner peg points for either player (type the points, press Peg) or peg a
    random score ("Random score", from the seed) to watch the pegs leapfrog; once a
    player reaches the game hole the board takes no more points until New board.

    >>> board = BoardWidget(seed=7)
    >>> board.points_box.value = ""; board.peg_button.click(); board.value.message
    'type the points to peg first, like 2'
    """

    RUN_TO = "peg points and watch the pegs leapfrog"

    def _static_html(self) -> str:
        return scores_html(self._board, self._names) + board_img(self._board, self._names)

    def __init__(self, seed: int | None = None, *, target: int = 121,
                 names: Sequence[str] = ("player 0", "player 1"),
                 controls: bool = True) -> None:
        super().__init__()
        self.add_class("cribbage-board-widget")
        self._seed = choose_seed(seed)
        self._rng = random.Random(self._seed)
        self._names = (str(names[0]), str(names[1]))
        self._board = Board(target)
        self.picture = w.HTML()
        self.scores = w.HTML()
        self.player_picker = w.ToggleButtons(options=[(self._names[0], 0),
                                                      (self._names[1], 1)], value=0)
        self.points_box = AnswerBox(placeholder="points", description="Points",
                                    layout=w.Layout(width="140px"))
        self.points_box.on_enter(self._peg_typed)
        self.peg_button = w.Button(description="Peg")
        self.peg_button.on_click(lambda _: self._peg_typed())
        self.random_button = w.Button(description="Random score")
        self.random_button.on_click(lambda _: self.peg(self.player_picker.value,
                                                       self._rng.randint(0, 12)))
        self.new_button = w.Button(description="New board",
                                   tooltip="both players back to the start")
        self.new_button.add_class("cribbage-new-board")
        self.new_button.on_click(lambda _: self.new_board())
        self.message = Message()
        rows = [self.scores, self.picture]
        if controls:  # on its own (not inside a table, which shows its own seed)
            rows = [w.HBox([w.HTML("<b>The board</b>"), seed_badge(self._seed)]), *rows,
                     w.HBox([self.player_picker, self.points_box, self.peg_button,
                             self.random_button, self.new_button]), self.message]
        self.children = rows
        self._draw()

    def _draw(self) -> None:
        self.picture.value = board_svg(self._board, self._names)
        self.scores.value = scores_html(self._board, self._names)

    def show(self, board: Board) -> None:
        """Show ``board`` (a game's board, say)."""
        self._board = board.copy()
        self._draw()

    def peg(self, player: int, points: int) -> None:
        """Peg ``points`` for ``player`` (the engine's board moves the pegs); refused
        over the best hand (no score is more) and once a player has won (New board
        starts again). The win says whether the loser was skunked.

        >>> board = BoardWidget(seed=7, names=("Ann", "Bob"))
        >>> board.peg(0, 95); board.value.message
        'cannot peg 95 in one go: no single score in cribbage is over 29 (the best hand)'
        """
        winner = self._board.winner
        if winner is not None:
            self.message.warn(f"{self._names[winner]} has won: press New board to peg "
                              f"another game")
            return
        if points > BEST_HAND:
            self.message.warn(f"cannot peg {points} in one go: no single score in cribbage "
                              f"is over {BEST_HAND} (the best hand)")
            return
        try:
            self._board.peg(player, points)
        except CribbageError as exc:
            self.message.warn(str(exc))
            return
        winner = self._board.winner
        text = f"{self._names[player]} pegs {points}: {self._board.front(player)}"
        if winner == player:
            text += " and wins" + self._skunk_words()
        self.message.say(text)
        self._draw()

    def _skunk_words(self) -> str:
        """Whether the loser was skunked, in the engine's words and by its skunk lines."""
        board = self._board
        skunk = board.skunk()
        if skunk is Skunk.NONE:
            return ""
        loser = 1 - (board.winner or 0)
        line = skunk_lines(board.target)[skunk is Skunk.DOUBLE]
        return (f": a {skunk}, {self._names[loser]} is on {board.front(loser)}, under the "
                f"{skunk} line ({line})")

    def new_board(self) -> None:
        """Both players' pegs back to the start (what New board does)."""
        self._board = Board(self._board.target)
        self.message.say("A new board: both players start from 0.")
        self._draw()

    def _peg_typed(self) -> None:
        points = read_points(self.points_box.value, "points to peg", 2)
        if isinstance(points, str):
            self.message.warn(points)
            return
        self.peg(self.player_picker.value, points)

    def __repr__(self) -> str:
        a, b = self._board.scores
        return f"<BoardWidget seed {self._seed}: {a}-{b} to {self._board.target}>"

    @property
    def value(self) -> BoardState:
        """The pegs as they stand (read-only)."""
        b = self._board
        return BoardState(self._seed, b.target, (b.pegs(0), b.pegs(1)), b.scores, b.winner,
                          self.message.text)
