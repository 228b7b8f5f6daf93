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
    board.peg(0, 29)
    board.peg(0, 29)
    board.peg(0, 29)
    board.peg(0, 5)  # player 0 on 92: past the skunk line (91), no skunk
    for points in (29, 29, 29, 29, 3):  # 119
        board.peg(1, points)
    board.peg(1, 5)
    assert board.value.pegs[1] == (119, 121) and board.value.winner == 1
    assert board.value.message == "player 1 pegs 5: 121 and wins"


def test_a_won_board_takes_no_more_points_until_new_board() -> None:
    """Review: after a win the board kept pegging ("121 and wins" again and again) and
    the rear peg jumped into the game hole too; now it refuses, until New board."""
    board = BoardWidget(seed=7, names=("Ann", "Bob"), target=61)
    board.peg(0, 29)
    board.peg(0, 26)
    board.peg(0, 9)
    before = board.value
    assert before.pegs[0] == (55, 61) and before.winner == 0
    for press in (lambda: board.peg(0, 4), board.random_button.click,
                  lambda: board.peg(1, 3)):
        press()
        assert board.value.message == "Ann has won: press New board to peg another game"
        assert board.value.pegs == before.pegs and board.message.kind == "warning"
    board.new_button.click()
    assert board.value.pegs == ((0, 0), (0, 0)) and board.value.winner is None
    assert board.value.target == 61
    board.peg(1, 3)
    assert board.value.pegs[1] == (0, 3)


@pytest.mark.parametrize("points", [30, 95])
def test_a_peg_over_the_best_hand_is_refused_and_says_why(points: int) -> None:
    """Review: "Ann pegs 95: 121 and wins" was accepted; no single score in cribbage is
    more than 29 (the best hand, RULES.md), so the board refuses and changes nothing."""
    board = BoardWidget(seed=7, names=("Ann", "Bob"))
    board.peg(0, 6)
    board.points_box.value = str(points)
    board.peg_button.click()
    assert board.value.message == (f"cannot peg {points} in one go: no single score in "
                                   "cribbage is over 29 (the best hand)")
    assert board.message.kind == "warning"
    assert board.value.pegs == ((0, 6), (0, 0)) and board.value.winner is None
    board.peg(0, 29)  # the best hand itself is a score
    assert board.value.pegs[0] == (6, 35)


def _play_to(board: BoardWidget, player: int, score: int) -> None:
    """Peg ``player`` up to ``score`` in scores of at most 29."""
    while board.value.scores[player] < score:
        board.peg(player, min(29, score - board.value.scores[player]))


@pytest.mark.parametrize(("loser", "target", "said"), [
    # RULES.md: a skunk is the loser under 91 (121 game), a double skunk under 61
    (80, 121, ": a skunk, Bob is on 80, under the skunk line (91)"),
    (90, 121, ": a skunk, Bob is on 90, under the skunk line (91)"),
    (60, 121, ": a double skunk, Bob is on 60, under the double skunk line (61)"),
    (0, 121, ": a double skunk, Bob is on 0, under the double skunk line (61)"),
    (91, 121, ""),  # on the line is not under it
    (61, 121, ": a skunk, Bob is on 61, under the skunk line (91)"),
    # the short game (61): the skunk line 30 holes short of the game hole, as 91 is of 121
    (30, 61, ": a skunk, Bob is on 30, under the skunk line (31)"),
    (31, 61, ""),
])
def test_a_win_says_whether_the_loser_was_skunked(loser: int, target: int,
                                                   said: str) -> None:
    board = BoardWidget(seed=7, names=("Ann", "Bob"), target=target)
    _play_to(board, 1, loser)
    _play_to(board, 0, target - 1)
    board.peg(0, 2)
    assert board.value.winner == 0
    assert board.value.message == f"Ann pegs 2: {target} and wins{said}"


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


def test_the_text_typed_reaches_the_kernel_as_a_message_when_the_learner_leaves_the_box(
        ) -> None:
    # what the browser sends when the learner leaves the box (a click on Peg beside it):
    # a message of its own, so a click right after it cannot overtake it
    board = BoardWidget(seed=7)
    for typed, pegs in (("6", (0, 6)), ("2", (6, 8))):
        board.points_box.leave(typed)
        assert board.points_box.value == typed
        board.peg_button.click()
        assert board.value.pegs[0] == pegs


def test_random_scores_come_from_the_seed() -> None:
    a, b = BoardWidget(seed=3), BoardWidget(seed=3)
    for _ in range(5):
        a.random_button.click()
        b.random_button.click()
    assert a.value.pegs == b.value.pegs
