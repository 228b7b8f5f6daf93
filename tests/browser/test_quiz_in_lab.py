"""The counting quiz's boxes of each kind (``CountingQuiz(by_kind=True)``) in JupyterLab
in headless Chromium: the points of each kind typed and Check pressed at once are judged
as typed, since the click carries every box's text (they are drawn in the total's own
box). The hand is posed, and counted by hand: 5H 5C 5S JD with the starter 5D makes
fifteens 16 (eight ways), pairs 12 (the four fives) and his nobs 1, 29 in all."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from .conftest import Lab, open_and_run_all

pytestmark = pytest.mark.browser

NOTEBOOK = "quiz_by_kind.ipynb"


@pytest.fixture(scope="module")
def page(browser: BrowserContext, lab: Lab) -> Iterator[Page]:
    page = open_and_run_all(browser, lab, NOTEBOOK)
    yield page
    page.close()


def test_the_boxes_of_each_kind_go_with_check(page: Page, artifacts: Path) -> None:
    quiz = page.locator(".cribbage-counting-quiz")
    quiz.wait_for()
    total = quiz.locator(".cribbage-quiz-total")
    # every box is in the total's own box, each named by its kind
    labels = total.locator(".cribbage-answer-field label").all_inner_texts()
    assert labels == ["fifteens", "pairs", "runs", "flushes", "nobs"]
    # Enter in a box of a kind answers with every box as typed: an unreadable one is
    # refused by name, and nothing is judged
    total.get_by_label("Total", exact=True).fill("29")
    pairs = total.get_by_label("pairs", exact=True)
    pairs.fill("six")
    pairs.press("Enter")
    message = quiz.locator(".cribbage-message")
    message.get_by_text("pairs: 'six' is not a number of points").wait_for()
    # typed and checked at once
    total.get_by_label("fifteens", exact=True).fill("16")
    pairs.fill("6")  # wrong: the four fives make 12
    total.get_by_label("nobs", exact=True).fill("1")
    total.locator(".widget-button", has_text="Check").click()  # at once, no pause
    message.get_by_text("Right: 29.").wait_for()
    quiz.locator(".cribbage-show-all").click()
    quiz.locator(".cribbage-explanation table").wait_for()
    said = " ".join(quiz.locator(".cribbage-explanation").inner_text().split())
    assert "pairs: you said 6, it is 12" in said
    assert "fifteens: you said" not in said and "nobs: you said" not in said
    quiz.scroll_into_view_if_needed()
    quiz.screenshot(path=str(artifacts / "lab_counting_quiz_by_kind.png"))
