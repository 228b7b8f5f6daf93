"""BoardWidget: the cribbage board with both players' pegs, redrawn as points are pegged.

The board is drawn as a small SVG from the engine's :class:`~cribbage_edu.rules.board.Board`
and :func:`~cribbage_edu.rules.board.hole_xy` (fast enough to redraw on every click); the
matplotlib charts of :mod:`cribbage_edu.charts` are for the board's progress through a
whole game.

>>> board = BoardWidget(seed=7)
>>> board.peg(0, 6); board.peg(0, 2)
>>> board.value.pegs
((6, 8), (0, 0))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.render import PEG_COLOURS, board_img, board_svg
from cribbage_edu.rules.board import GAME_HOLE, Board, Skunk, skunk_lines
from cribbage_edu.rules.checks import two_names
from cribbage_edu.rules.errors import CribbageError
from cribbage_edu.rules.scoring import BEST_HAND

from .answer import AnswerBox
from .feedback import Message, StaticPicture, choose_seed, read_points, seed_badge

__all__ = ["BoardState", "BoardWidget", "scores_html"]

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

    def __init__(self, seed: int | None = None, *, target: int = GAME_HOLE,
                 names: Sequence[str] = ("player 0", "player 1"),
                 controls: bool = True) -> None:
        self._names = two_names(names)
        super().__init__()
        self.add_class("cribbage-board-widget")
        self._seed = choose_seed(seed)
        self._rng = random.Random(self._seed)
        self._board = Board(target)
        self.picture = w.HTML()
        self.scores = w.HTML()
        self.player_picker = w.ToggleButtons(options=[(self._names[0], 0),
                                                      (self._names[1], 1)], value=0)
        # Peg is drawn in the box's own view: its click brings the points typed with it
        self.points_box = AnswerBox(placeholder="points", description="Points",
                                    button_description="Peg", button_style="",
                                    layout=w.Layout(width="auto"))
        self.points_box.on_enter(self._peg_typed)
        self.peg_button = self.points_box.button
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
                     w.HBox([self.player_picker, self.points_box,
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
