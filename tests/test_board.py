"""The board: pegs that leapfrog, the 121-hole track, skunk lines (from RULES.md)."""

from __future__ import annotations

import pytest

from cribbage_edu.rules.board import (
    Board,
    Skunk,
    TrackHole,
    hole_xy,
    skunk_kind,
    skunk_lines,
    track_hole,
)
from cribbage_edu.rules.errors import IllegalActionError


def test_rear_peg_jumps_past_front_peg() -> None:
    board = Board()
    board.peg(0, 5)   # 0 -> 5: rear 0, front 5
    board.peg(0, 3)   # rear jumps from 0 to 8
    board.peg(0, 12)  # rear jumps from 5 to 20
    assert board.pegs(0) == (8, 20)
    assert board.front(0) == 20 and board.rear(0) == 8
    assert board.pegs(1) == (0, 0)
    assert board.scores == (20, 0)
    assert board.leader == 0


def test_zero_points_moves_nothing() -> None:
    board = Board().peg(1, 7).peg(1, 0)
    assert board.pegs(1) == (0, 7)


def test_game_hole_stops_the_peg_and_names_the_winner() -> None:
    board = Board(target=121, pegs=((100, 118), (80, 90)))
    board.peg(0, 6)
    assert board.pegs(0) == (118, 121)
    assert board.winner == 0
    assert board.skunk() is Skunk.SKUNK  # the loser's 90 is under 91


def test_pegs_never_go_backwards() -> None:
    board = Board()
    with pytest.raises(IllegalActionError):
        board.peg(0, -1)
    with pytest.raises(IllegalActionError):
        board.peg(2, 1)
    with pytest.raises(IllegalActionError):
        Board(pegs=((10, 5), (0, 0)))
    assert board.scores == (0, 0)


def test_skunk_lines_and_kinds() -> None:
    assert skunk_lines(121) == (91, 61)
    assert skunk_kind(91) is Skunk.NONE
    assert skunk_kind(90) is Skunk.SKUNK
    assert skunk_kind(61) is Skunk.SKUNK
    assert skunk_kind(60) is Skunk.DOUBLE
    assert skunk_kind(30, target=61) is Skunk.SKUNK
    assert skunk_kind(31, target=61) is Skunk.NONE


def test_track_goes_up_down_and_round_again() -> None:
    # holes 1-30 go up the outer lane, 31-60 come down the inner lane, 61-120 repeat
    assert track_hole(1) == TrackHole(0, 0, 0)
    assert track_hole(30) == TrackHole(0, 0, 29)
    assert track_hole(31) == TrackHole(0, 1, 29)
    assert track_hole(60) == TrackHole(0, 1, 0)
    assert track_hole(61) == TrackHole(1, 0, 0)
    assert track_hole(120) == TrackHole(1, 1, 0)
    assert track_hole(0) is None and track_hole(121) is None
    # 120 holes on the lanes, each (lap, lane, row) used once
    assert len({track_hole(s) for s in range(1, 121)}) == 120


def test_hole_coordinates_for_a_chart() -> None:
    # groups of five with a half-hole gap: hole 6 sits 5.5 rows up
    assert hole_xy(0, 6) == (0.0, 5.5)
    # the two players' streets are mirrored: lanes 0, 1 and 3, 2
    assert hole_xy(1, 6) == (3.0, 5.5)
    assert hole_xy(0, 31)[0] == 1.0 and hole_xy(1, 31)[0] == 2.0
    # a peg in the same hole on the second lap is drawn in the same place
    assert hole_xy(0, 7) == hole_xy(0, 67)
    rear, front = Board(pegs=((3, 9), (0, 0))).positions(0)
    assert rear == hole_xy(0, 3) and front == hole_xy(0, 9)
