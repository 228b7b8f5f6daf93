"""The cribbage board: two pegs a player that leapfrog, on the 121-hole track.

Each player has two pegs. To score, the rear peg jumps past the front peg by the
points scored, so the front peg always shows the score and the rear peg the score
before it (a partner can check the last count by the gap between them).

>>> board = Board()
>>> board.peg(0, 6).peg(0, 2)
Board(pegs=((6, 8), (0, 0)), target=121)
>>> board.front(0), board.rear(0), board.leader
(8, 6, 0)

The track: on the standard continuous board each player's street runs up an outer
lane (holes 1-30), back down an inner lane (31-60), round again (61-120), and ends
in the game hole, 121. A short game of 61 goes round once. :func:`hole_xy` gives
the place of a hole on that track, so a chart can draw the pegs.

>>> track_hole(1), track_hole(30)
(TrackHole(lap=0, lane=0, row=0), TrackHole(lap=0, lane=0, row=29))
>>> track_hole(31), track_hole(61)
(TrackHole(lap=0, lane=1, row=29), TrackHole(lap=1, lane=0, row=0))
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from .checks import seat, whole_number
from .errors import IllegalActionError

__all__ = [
    "GAME_HOLE",
    "HOLES_PER_LANE",
    "SHORT_GAME_HOLE",
    "Board",
    "Skunk",
    "TrackHole",
    "hole_xy",
    "skunk_kind",
    "skunk_lines",
    "track_hole",
]

HOLES_PER_LANE = 30
"""Holes in one lane of a street: six groups of five."""

GAME_HOLE = 121
"""The game hole of the standard game: the first player to reach it wins at once."""

SHORT_GAME_HOLE = 61
"""The game hole of the short game, once round the board."""


class Skunk(StrEnum):
    """How badly the loser lost: under the skunk line counts the game double,
    under the double skunk line triple (or as the table agrees). A text too, so a
    game record written as JSON reads ``"skunk"``.

    >>> import json
    >>> json.dumps({"skunk": Skunk.SKUNK}), Skunk("no skunk") is Skunk.NONE
    ('{"skunk": "skunk"}', True)
    """

    NONE = "no skunk"
    SKUNK = "skunk"
    DOUBLE = "double skunk"


def skunk_lines(target: int = GAME_HOLE) -> tuple[int, int]:
    """The skunk line and the double skunk line for a game to ``target``: a loser
    below the first is skunked, below the second double skunked (91 and 61 for 121;
    the same 30-point steps back from the target in a short game).

    >>> skunk_lines(), skunk_lines(61)
    ((91, 61), (31, 1))
    """
    return target - 30, target - 60


def skunk_kind(loser_score: int, target: int = GAME_HOLE) -> Skunk:
    """Whether a loser with ``loser_score`` is skunked in a game to ``target``.

    >>> skunk_kind(95), skunk_kind(90), skunk_kind(60)
    (<Skunk.NONE: 'no skunk'>, <Skunk.SKUNK: 'skunk'>, <Skunk.DOUBLE: 'double skunk'>)
    """
    skunk, double = skunk_lines(target)
    if loser_score < double:
        return Skunk.DOUBLE
    if loser_score < skunk:
        return Skunk.SKUNK
    return Skunk.NONE


class TrackHole(NamedTuple):
    """Where a score sits on one player's street: the ``lap`` (0 for holes 1-60, 1 for
    61-120), the ``lane`` (0 going up the outside, 1 coming down the inside) and the
    ``row`` counted from the start end of the board (0-29)."""

    lap: int
    lane: int
    row: int


def track_hole(score: int, target: int = GAME_HOLE) -> TrackHole | None:
    """The hole a peg at ``score`` stands in, or ``None`` for the start (0) and the game
    hole (the target or more), which sit off the lanes.

    >>> track_hole(0) is None, track_hole(121) is None, track_hole(60)
    (True, True, TrackHole(lap=0, lane=1, row=0))
    """
    if score <= 0 or score >= target:
        return None
    lap, within = divmod(score - 1, 2 * HOLES_PER_LANE)
    if within < HOLES_PER_LANE:
        return TrackHole(lap, 0, within)
    return TrackHole(lap, 1, 2 * HOLES_PER_LANE - 1 - within)


def hole_xy(player: int, score: int, target: int = GAME_HOLE) -> tuple[float, float]:
    """Drawing coordinates of the hole for ``player``'s peg at ``score``.

    The board stands upright: x is the lane (player 0 uses lanes 0 and 1, player 1
    lanes 3 and 2, mirrored), y the row, with a half-hole gap between groups of five.
    The start holes are below row 0 (y = -1.5), the game hole above the top, between
    the streets.

    >>> hole_xy(0, 1), hole_xy(0, 5), hole_xy(0, 6), hole_xy(1, 1)
    ((0.0, 0.0), (0.0, 4.0), (0.0, 5.5), (3.0, 0.0))
    >>> hole_xy(0, 121), hole_xy(1, 0)
    ((1.5, 33.5), (3.0, -1.5))
    """
    player = seat(player)
    outer = 0.0 if player == 0 else 3.0
    inner = 1.0 if player == 0 else 2.0
    if score >= target:
        return 1.5, _row_y(HOLES_PER_LANE - 1) + 2.0
    hole = track_hole(score, target)
    if hole is None:
        return outer, -1.5
    return (outer if hole.lane == 0 else inner), _row_y(hole.row)


def _row_y(row: int) -> float:
    return row + (row // 5) * 0.5


class Board:
    """Both players' pegs. ``peg(player, points)`` leapfrogs the rear peg past the
    front one; the board never goes backwards and stops at the game hole.

    >>> Board(target=61).peg(1, 70).front(1)
    61
    """

    __slots__ = ("_pegs", "target")

    def __init__(self, target: int = GAME_HOLE,
                 pegs: Sequence[tuple[int, int]] = ((0, 0), (0, 0))) -> None:
        self.target = target
        self._pegs: list[tuple[int, int]] = [(int(r), int(f)) for r, f in pegs]
        if len(self._pegs) != 2 or any(not 0 <= r <= f <= target for r, f in self._pegs):
            raise IllegalActionError(
                f"pegs {tuple(pegs)!r} do not fit a board to {target}: each player has "
                f"a rear peg at or behind the front peg, both between 0 and {target}")

    def peg(self, player: int, points: int) -> Board:
        """Move ``player``'s rear peg ``points`` holes past the front one; returns the board."""
        player = seat(player)
        points = whole_number(points, "points", 0)  # pegs only go forward
        if points:
            _, front = self._pegs[player]
            self._pegs[player] = (front, min(front + points, self.target))
        return self

    def front(self, player: int) -> int:
        """The front peg: the score."""
        return self._pegs[player][1]

    def rear(self, player: int) -> int:
        """The rear peg: the score before the last points."""
        return self._pegs[player][0]

    def pegs(self, player: int) -> tuple[int, int]:
        """``(rear, front)`` for ``player``."""
        return self._pegs[player]

    @property
    def scores(self) -> tuple[int, int]:
        return self._pegs[0][1], self._pegs[1][1]

    @property
    def leader(self) -> int | None:
        """The player ahead, or ``None`` when level."""
        a, b = self.scores
        return None if a == b else (0 if a > b else 1)

    @property
    def winner(self) -> int | None:
        """The player in the game hole, if any."""
        for player in (0, 1):
            if self._pegs[player][1] >= self.target:
                return player
        return None

    def skunk(self) -> Skunk:
        """Whether the player behind is skunked (meaningful once there is a winner)."""
        return skunk_kind(min(self.scores), self.target)

    def positions(self, player: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """Drawing coordinates (see :func:`hole_xy`) of ``player``'s rear and front pegs."""
        rear, front = self._pegs[player]
        return self.hole_xy(player, rear), self.hole_xy(player, front)

    def hole_xy(self, player: int, score: int) -> tuple[float, float]:
        """Drawing coordinates of ``player``'s hole for ``score`` on this board's track
        (:func:`hole_xy` with this board's target).

        >>> Board(target=61).hole_xy(0, 61)
        (1.5, 33.5)
        """
        return hole_xy(player, score, self.target)

    @property
    def lap_holes(self) -> int:
        """The holes of one player's street, once round the board (the start and the game
        hole left out): a game to 121 goes round twice on the same 60 holes.

        >>> Board().lap_holes, Board(target=61).lap_holes
        (60, 60)
        """
        return min(self.target - 1, 2 * HOLES_PER_LANE)

    def copy(self) -> Board:
        return Board(self.target, self._pegs)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.target == other.target and self._pegs == other._pegs

    __hash__ = None  # type: ignore[assignment]  # pegs move: a board is not a dict key

    def __repr__(self) -> str:
        return f"Board(pegs={tuple(self._pegs)!r}, target={self.target})"

    def _repr_html_(self) -> str:
        """The board draws itself in a notebook (:func:`cribbage_edu.render.board_img`)."""
        from ..render.board import board_img

        return board_img(self)
