"""CountingQuiz driven from Python: typing answers and clicking Check and Next hand."""

from __future__ import annotations

import re

import pytest

from cribbage_edu import score_hand
from cribbage_edu.rules.scoring import Kind
from cribbage_edu.widgets import LEVELS, CountingQuiz


def _shown_cards(quiz: CountingQuiz) -> list[str]:
    return re.findall(r'alt="([^"]+)"', quiz.table.value)


def test_builds_with_seed_7_and_shows_it() -> None:
    quiz = CountingQuiz(seed=7)
    assert quiz.value.seed == 7
    assert "seed 7" in quiz.children[0].children[1].value
    state = quiz.value
    names = [c.name for c in (*state.hand, state.starter)]
    assert _shown_cards(quiz) == names
    assert state.score.total == score_hand(state.hand, state.starter).total


def test_the_same_seed_deals_the_same_hands() -> None:
    a, b = CountingQuiz(seed=11), CountingQuiz(seed=11)
    assert a.value.hand == b.value.hand and a.value.starter == b.value.starter


def test_a_right_answer_builds_the_streak_and_shows_the_count() -> None:
    quiz = CountingQuiz(seed=7)
    quiz.pose("5H 5C 5S JD", "5D")  # the 29 hand: worked by hand in RULES.md
    quiz.total_box.value = "29"
    quiz.check_button.click()
    assert quiz.value.correct is True and quiz.value.streak == 1
    assert quiz.value.message == "Right: 29."
    assert quiz.explanation.value == ""  # the count is told by the step-through first
    quiz.stepper.all_button.click()
    assert "one for his nobs is twenty-nine" in quiz.explanation.value
    assert "streak 1" in quiz.streak_label.value


@pytest.mark.parametrize("typed", ["30", "121", "999"])
def test_a_count_no_hand_can_score_is_refused_and_costs_no_try(typed: str) -> None:
    # no hand or crib scores over 29 (RULES.md): the engine's claim check refuses it, and
    # the answer is asked for again, the try kept
    quiz = CountingQuiz(seed=7, tries=1)
    quiz.pose("4S 5S 6S 6D", "KC")  # 14
    quiz.total_box.value = typed
    quiz.check_button.click()
    assert quiz.value.message == (f"Cannot claim {typed}: a hand or crib scores a whole "
                                  f"number from 0 to 29")
    assert quiz.value.correct is None and quiz.value.streak == 0
    quiz.answer(14)
    assert quiz.value.correct is True


def test_over_and_under_are_named_and_reset_the_streak() -> None:
    quiz = CountingQuiz(seed=7, tries=1)
    quiz.pose("4S 5S 6S 6D", "KC")  # 15s: 4-5-6 twice + 5-K = 6; pair 2; double run 6 -> 14
    quiz.answer(16)
    assert quiz.value.message == (  # 16: the double run's pair said twice (14 + 2)
        "You said 16: that is over. The hand makes 14. You counted the pairs twice: say the "
        "pairs first, then the runs; each run of three adds only 3, since its pairs are "
        "already said.")
    assert quiz.value.correct is False and quiz.value.streak == 0
    quiz.next_button.click()
    quiz.pose("2H 4H 6H 8H", "KC", crib=True)  # all even: no 15; a crib flush needs the starter
    quiz.answer(0)
    assert quiz.value.correct is True
    quiz.next_button.click()
    quiz.pose("5H 5C 10H JD", "2S", crib=True)  # 15s: 5-10, 5-J twice each -> 8; pair 2 -> 10
    quiz.answer(8)
    said = quiz.value.message  # 8: the pair left out (10 - 2), or one fifteen missed
    assert said.startswith("You said 8: that is under. The crib makes 10. You left out the "
                           "pairs")
    assert "or else you missed one of the four fifteens" in said


def test_muggins_gives_the_missed_points_away() -> None:
    quiz = CountingQuiz(seed=7, muggins=True)
    quiz.pose("5H 5C 5S JD", "5D")
    quiz.answer(20)
    assert quiz.value.muggins_points == 9
    assert "Muggins! Your opponent takes the 9 you missed." in quiz.value.message


def test_a_wrong_answer_gets_a_second_try_before_the_answer() -> None:
    quiz = CountingQuiz(seed=7)
    quiz.pose("4S 5S 6S 6D", "KC")  # 14, worked by hand above
    quiz.answer(12)  # 14 less the pair: the slip is named, the answer is not told
    said = quiz.value.message
    assert said.startswith("You said 12: that is under. You left out the pairs: count every "
                           "two cards of one rank")
    assert said.endswith(". Count again and check once more.")
    assert quiz.value.answered is False and quiz.explanation.value == ""
    assert "14" not in quiz.value.message and quiz.stepper.value.said == ()
    quiz.total_box.value = "14"
    quiz.total_box.press_enter()  # Enter in the box checks, as the button does
    assert quiz.value.message == "Right, on the second try: 14."
    assert quiz.value.correct is True and quiz.value.asked == 1
    quiz.next_hand()
    quiz.pose("4S 5S 6S 6D", "KC")
    quiz.answer(15)
    quiz.answer(16)
    assert quiz.value.message == (  # 16: the double run's pair said twice (14 + 2)
        "You said 16: that is over. The hand makes 14. You counted the pairs twice: say the "
        "pairs first, then the runs; each run of three adds only 3, since its pairs are "
        "already said.")
    assert quiz.value.correct is False and quiz.value.streak == 0


def test_a_wrong_total_is_told_what_it_reveals() -> None:
    """Review: the crib J♣ 6♣ 7♠ 3♠ with K♥ answered 1 (nobs claimed for a jack not of
    the starter's suit) was told only "over". The crib makes 0: no fifteen, pair or run,
    and the jack does not match the starter."""
    quiz = CountingQuiz(seed=7, level="the crib")
    quiz.pose("JC 6C 7S 3S", "KH", crib=True)
    quiz.answer(1)
    assert quiz.value.message == (
        "You said 1: that is over. Nobs needs the jack of the starter's suit: the J♣ does "
        "not match the K♥. Count again and check once more.")
    assert quiz.value.answered is False
    quiz.answer(1)  # the second try: the answer, and the slip said again
    assert quiz.value.message == (
        "You said 1: that is over. The crib makes 0. Nobs needs the jack of the starter's "
        "suit: the J♣ does not match the K♥.")
    last = CountingQuiz(seed=7, level="the crib", tries=1)  # one try: the slip comes with
    last.pose("JC 6C 7S 3S", "KH", crib=True)               # the answer
    last.answer(1)
    assert last.value.message.endswith("The crib makes 0. Nobs needs the jack of the "
                                       "starter's suit: the J♣ does not match the K♥.")
    last.next_hand()
    last.pose("5H 5C JS QH", "2C")  # 10; 17 is no known slip: the answer alone
    last.answer(17)
    assert last.value.message == "You said 17: that is over. The hand makes 10."


def test_a_right_total_is_not_diagnosed() -> None:
    quiz = CountingQuiz(seed=7, level="the crib")
    quiz.pose("JC 6C 7S 3S", "KH", crib=True)
    quiz.answer(0)
    assert quiz.value.message == "Right: 0."


def test_a_total_no_slip_explains_gets_the_kinds_without_their_points() -> None:
    quiz = CountingQuiz(seed=7, level="any hand")
    quiz.pose("5H 5C JS QH", "2C")  # fifteens 5+J, 5+Q twice each (8), pair of fives: 10
    quiz.answer(17)
    assert quiz.value.message == (
        "You said 17: that is over. This hand scores from fifteens and pairs, and nothing "
        "from runs, a flush or nobs: count each kind again, in order. Count again and check "
        "once more.")


def test_a_level_names_only_the_kinds_its_learner_has_met() -> None:
    # the same hand, 10, answered 11: the J♠ taken for nobs with the 2♣
    nobs = "Nobs needs the jack of the starter's suit: the J♠ does not match the 2♣."
    quiz = CountingQuiz(seed=7, level="any hand")
    quiz.pose("5H 5C JS QH", "2C")
    quiz.answer(11)
    assert nobs in quiz.value.message
    first = CountingQuiz(seed=7, level="fifteens and pairs")  # nobs not met yet
    first.pose("5H 5C JS QH", "2C")
    first.answer(11)
    assert first.value.message == (
        "You said 11: that is over. This hand scores from fifteens and pairs: count each "
        "kind again, in order. Count again and check once more.")
    # a kind the hand scores is met now, whatever the level: 5♥ 5♣ 5♠ J♦ with 5♦, 29
    first.pose("5H 5C 5S JD", "5D")
    first.answer(28)
    assert "You missed one for his nobs: the J♦ in the hand" in first.value.message


def test_after_the_answer_the_count_can_be_stepped_through_on_the_cards() -> None:
    quiz = CountingQuiz(seed=7, tries=1)
    quiz.pose("4S 5S 6S 6D", "KC")
    quiz.answer(14)
    stepper = quiz.stepper
    assert stepper.value.said == () and stepper.layout.display != "none"
    stepper.next_button.click()  # fifteen two: the first fifteen, three cards lit
    assert stepper.value.said == ("fifteen two",)
    assert sum(c.value for c in stepper.value.lit) == 15
    assert stepper.view.value.count("cribbage-lit") == len(stepper.value.lit)
    for _ in range(3):
        stepper.next_button.click()
    assert stepper.value.said[-1] == "a pair is eight"
    assert [c.rank for c in stepper.value.lit] == [6, 6]
    stepper.all_button.click()
    assert stepper.value.done and stepper.value.said[-1] == "total: fourteen"
    assert stepper.buttons.layout.display == "none"


def test_the_table_and_the_spoken_count_wait_for_the_step_through() -> None:
    """Issue 9 items 3 and 9: after a second miss the step-through tells the count; the
    score table and the spoken total ("... is fourteen") appear only once its total has
    been said, by Next or by Show all, never before."""
    quiz = CountingQuiz(seed=7)
    quiz.pose("4S 5S 6S 6D", "KC")  # 14, worked by hand above
    quiz.answer(12)
    quiz.answer(13)
    assert quiz.value.answered and quiz.stepper.layout.display != "none"
    steps = ["fifteen two", "fifteen four", "fifteen six", "a pair is eight",
             "a double run of three is fourteen", "total: fourteen"]
    for n, words in enumerate(steps, 1):
        assert quiz.explanation.value == "", n
        assert "is fourteen" not in quiz.stepper.view.value or n == len(steps)
        quiz.stepper.next_button.click()
        assert quiz.stepper.value.said[-1] == words
    assert "fifteen two, fifteen four, fifteen six, a pair is eight, and a double run of " \
           "three is fourteen" in quiz.explanation.value
    assert "14" in quiz.explanation.value
    quiz.next_hand()
    assert quiz.explanation.value == ""
    quiz.pose("5H 5C 5S JD", "5D")
    quiz.answer(28)
    quiz.answer(27)
    quiz.stepper.next_button.click()
    assert quiz.explanation.value == ""
    quiz.stepper.all_button.click()  # Show all says the rest, the table with it
    assert "twenty-nine" in quiz.explanation.value


@pytest.mark.parametrize("typed", ["²", "³", "１２", "9" * 5000, "12" * 3])
def test_a_number_box_answers_strange_digits_with_a_message(typed: str) -> None:
    quiz = CountingQuiz(seed=7, by_kind=True)
    before = quiz.value
    quiz.total_box.value = typed
    quiz.check_button.click()
    assert quiz.value == before.__class__(**{**before.__dict__, "message": quiz.value.message})
    assert "not a number of points" in quiz.value.message or "too long" in quiz.value.message
    quiz.total_box.value = "4"
    quiz.kind_boxes[Kind.PAIR].value = typed
    quiz.total_box.press_enter()
    assert quiz.value.answered is False and quiz.value.message.startswith("pairs: ")


def test_points_of_each_kind_are_checked_when_asked() -> None:
    quiz = CountingQuiz(seed=7, by_kind=True)
    quiz.pose("5H 5C 5S JD", "5D")  # fifteens 16, pairs 12, nobs 1
    quiz.kind_boxes[Kind.FIFTEEN].value = "16"
    quiz.kind_boxes[Kind.PAIR].value = "6"
    quiz.kind_boxes[Kind.NOBS].value = "1"
    quiz.answer(29)
    assert quiz.value.correct is True
    quiz.stepper.all_button.click()
    assert "pairs: you said 6, it is 12" in quiz.explanation.value


def test_check_carries_every_box_typed_with_it() -> None:
    """On a learner's own JupyterLab the boxes of each kind were widgets of their own, so
    their text could reach the kernel after Check was pressed, and the count was judged
    with the boxes as they were before. Now Check (the one message a click sends) brings
    every box's text: a box set and Check pressed in one message is judged as typed.
    5H 5C 5S JD with 5D, by hand: fifteens 16 (eight ways), pairs 12 (four fives), nobs 1."""
    quiz = CountingQuiz(seed=7, by_kind=True)
    quiz.pose("5H 5C 5S JD", "5D")
    box = quiz.total_box
    assert box.fields == [kind.plural for kind in quiz.kind_boxes]
    typed = {"fifteens": "16", "pairs": "6", "nobs": "1"}
    assert all(b.value == "" for b in quiz.kind_boxes.values())  # nothing sent before
    box.receive({"event": "submit", "value": "29", "view": "v", "n": 1,
                 "fields": [typed.get(label, "0") for label in box.fields]})
    assert quiz.value.answered and quiz.value.correct is True
    assert quiz.kind_boxes[Kind.PAIR].value == "6"
    quiz.stepper.all_button.click()
    assert "pairs: you said 6, it is 12" in quiz.explanation.value
    assert "fifteens: you said" not in quiz.explanation.value  # 16 was judged right


def test_a_kind_box_read_too_late_is_not_what_check_judges() -> None:
    """A text the learner left in a box that arrives after Check (a message overtaken by
    a later one of the same view) does not undo what the Check carried."""
    quiz = CountingQuiz(seed=7, by_kind=True)
    quiz.pose("5H 5C 5S JD", "5D")
    box = quiz.total_box
    fields = ["12" if label == "pairs" else "0" for label in box.fields]
    box.receive({"event": "submit", "value": "29", "view": "v", "n": 2, "fields": fields})
    box.receive({"event": "value", "value": "29", "view": "v", "n": 1,
                 "fields": ["9"] * len(fields)})
    assert quiz.kind_boxes[Kind.PAIR].value == "12"


def test_without_by_kind_the_quiz_draws_no_kind_boxes() -> None:
    quiz = CountingQuiz(seed=7)
    assert quiz.kind_boxes == {} and quiz.total_box.fields == []


@pytest.mark.parametrize("typed", ["", "   ", "twelve", "-3", "1.5"])
def test_an_empty_or_unreadable_answer_changes_nothing(typed: str) -> None:
    quiz = CountingQuiz(seed=7)
    before = quiz.value
    quiz.total_box.value = typed
    quiz.check_button.click()
    after = quiz.value
    assert after.answered is False and after.asked == 0
    assert after.hand == before.hand and after.streak == before.streak
    assert after.message and quiz.message.kind == "warning"
    assert quiz.explanation.value == ""


def test_checking_twice_and_skipping_unanswered_hands_are_refused() -> None:
    quiz = CountingQuiz(seed=7)
    hand = quiz.value.hand
    quiz.next_button.click()
    assert quiz.value.hand == hand and "check this hand first" in quiz.value.message
    quiz.answer(quiz.value.score.total)
    quiz.check_button.click()
    assert quiz.value.asked == 1 and quiz.value.streak == 1
    assert quiz.value.message == "already checked: press Next hand for a new hand"
    quiz.next_button.click()
    assert quiz.value.answered is False and quiz.total_box.value == ""


@pytest.mark.parametrize("level", list(LEVELS))
def test_each_level_deals_the_hands_it_promises(level: str) -> None:
    quiz = CountingQuiz(seed=3, level=level)
    for _ in range(3):
        state = quiz.value
        assert LEVELS[level].wants(state.score)
        assert state.crib == LEVELS[level].crib
        quiz.answer(0)
        quiz.next_hand()
    double = CountingQuiz(seed=3, level="double runs").value.score
    assert sum(1 for i in double.items if i.kind == "run") >= 2


def test_the_crib_and_any_hand_levels_keep_their_promises() -> None:
    """Their level predicates accept every hand, so the test above checks nothing for
    them: "the crib" counts every hand as a crib (a crib flush needs the starter), and
    "any hand" deals hands that each narrower level would refuse."""
    crib = CountingQuiz(seed=3, level="the crib")
    anything = CountingQuiz(seed=3, level="any hand")
    dealt = []
    for _ in range(40):
        state = crib.value
        assert state.crib and state.score.crib
        assert state.score.total == score_hand(state.hand, state.starter, crib=True).total
        dealt.append(anything.value.score)
        assert not anything.value.crib
        for quiz in (crib, anything):
            quiz.answer(0)
            quiz.next_hand()
    for name in ("fifteens and pairs", "runs", "double runs", "flushes and nobs"):
        assert not all(LEVELS[name].wants(score) for score in dealt), name
    assert any(score.total == 0 for score in dealt)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        CountingQuiz(seed=7, level="expert")
