"""BoardWidget driven from Python."""

from __future__ import annotations

import pytest

from cribbage_edu.widgets import BoardWidget


def test_pegs_leapfrog_and_the_picture_says_where() -> None:
    board = BoardWidget(seed=7, names=("Ann", "Bob"))
    board.points_box.value = "6"
    board.peg_button.click()
    board.points_box.value = "2"
    board.peg_button.click()
    assert board.value.pegs == ((6, 8), (0, 0))  # the rear peg jumps past the front
    assert 'aria-label="board: Ann 8 (rear peg 6), Bob 0 (rear peg 0)"' in board.picture.value
    assert "Ann: 8" in board.scores.value and "seed 7" in board.children[0].children[1].value


def test_reaching_121_wins_and_the_pegs_stop_in_the_game_hole() -> None:
    board = BoardWidget(seed=7)
    board.player_picker.value = 1
    board.peg(1, 119)
    board.peg(1, 5)
    assert board.value.pegs[1] == (119, 121) and board.value.winner == 1


@pytest.mark.parametrize("typed", ["", "two", "-2", "²", "³", "٣", "9" * 4300, "1e3"])
def test_an_empty_or_bad_score_changes_nothing(typed: str) -> None:
    board = BoardWidget(seed=7)
    board.points_box.value = typed
    board.peg_button.click()
    assert board.value.pegs == ((0, 0), (0, 0)) and board.message.kind == "warning"
    if typed.strip():
        assert repr(typed[:8])[1:-1] in board.value.message
    board.points_box.press_enter()  # Enter pegs as the button does: the same refusal
    assert board.value.pegs == ((0, 0), (0, 0)) and board.message.kind == "warning"


def test_enter_in_the_points_box_pegs() -> None:
    board = BoardWidget(seed=7)
    board.points_box.value = "5"
    board.points_box.press_enter()
    assert board.value.pegs[0] == (0, 5)


def test_random_scores_come_from_the_seed() -> None:
    a, b = BoardWidget(seed=3), BoardWidget(seed=3)
    for _ in range(5):
        a.random_button.click()
        b.random_button.click()
    assert a.value.pegs == b.value.pegs
