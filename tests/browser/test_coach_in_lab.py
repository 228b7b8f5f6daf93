"""A whole coached game played by clicks in JupyterLab in headless Chromium: the coach's
line after each throw and card (the engine's verdict), Why, the play pegged by hand, the
show counted as it is stepped through, and at the end the game's progress chart (axe on
the finished table) and the review with Try again. A twin table in this process, given
the same clicks, is the answer key."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page

from cribbage_edu.rules.game import Phase
from cribbage_edu.rules.scoring import score_hand
from cribbage_edu.strategy.coach import CardVerdict, ThrowVerdict
from cribbage_edu.widgets import GameTable, PeggingPractice
from cribbage_edu.widgets.table import NAMES, YOU

from .conftest import Lab, npm_package, open_and_run_all
from .test_accessibility import AXE_VERSION, run_axe, serious
from .test_lab import card_button

pytestmark = pytest.mark.browser

NOTEBOOK = "coached_game.ipynb"
PEGS = 30  # pegs typed then clicked, back to back


@pytest.fixture(scope="module")
def page(browser: BrowserContext, lab: Lab) -> Iterator[Page]:
    page = open_and_run_all(browser, lab, NOTEBOOK)
    yield page
    page.close()


def in_step(page: Page, twin: GameTable) -> None:
    """Wait until the page's log ends as the twin's does, and its scores read the same."""
    page.wait_for_function(
        "([text, n]) => { const lines = [...document.querySelectorAll("
        "'.cribbage-game-table .cribbage-log-line')];"
        " return lines.length === n && (n === 0 || lines[n - 1].textContent === text); }",
        arg=[twin.value.log[-1] if twin.value.log else "", len(twin.value.log[-200:])])
    learner, computer = twin.board.value.scores
    page.wait_for_function(
        "want => { const s = document.querySelector('.cribbage-game-table "
        ".cribbage-scores'); return s && s.textContent.includes(want[0])"
        " && s.textContent.includes(want[1]); }",
        arg=[f"Learner: {learner}", f"Computer: {computer}"])


def coach_line(table: Locator, index: int) -> str:
    line = table.locator(f".cribbage-coach-line[data-decision='{index}']")
    line.wait_for()
    return line.inner_text()


def test_a_whole_coached_game_by_clicks(page: Page, artifacts: Path) -> None:
    table = page.locator(".cribbage-game-table")
    table.wait_for()
    twin = GameTable(seed=7, opponent="greedy", target=61, coach="every", claim_play=True)
    shots = {"verdict": False, "peg": False, "show": False}
    judged = 0
    for _ in range(600):
        game = twin.game
        if game.is_over:
            break
        index = len(game.actions)
        if game.peg_due == YOU:
            points = game.points_to_peg
            box = table.locator(".cribbage-peg-box input")
            box.fill(str(points))
            if not shots["peg"]:
                table.screenshot(path=str(artifacts / "lab_coach_peg.png"))
                shots["peg"] = True
            box.press("Enter")
            twin.peg_box.value = str(points)
            twin.peg_box.press_enter()
            table.locator(".cribbage-message", has_text="You peg").wait_for()
        elif twin.next_button.layout.display != "none" and not twin.show_view.value.done:
            table.locator(".cribbage-show-next").click()
            twin.show_view.next_button.click()
            if not shots["show"] and twin.show_view.value.lit:
                table.locator(".cribbage-lit").first.wait_for()
                table.locator(".cribbage-show").screenshot(
                    path=str(artifacts / "lab_coach_show_step.png"))
                shots["show"] = True
        elif twin.next_button.layout.display != "none":
            table.locator(".cribbage-next").click()
            twin.next_button.click()
        elif game.phase is Phase.COUNT:
            _, what, cards = game.next_show()  # type: ignore[misc]
            starter = game.starter
            assert starter is not None
            total = score_hand(cards, starter, crib=what == "crib").total
            box = table.locator(".cribbage-claim-box input")
            box.fill(str(total))
            box.press("Enter")
            twin.claim_box.value = str(total)
            twin.claim_box.press_enter()
            table.locator(".cribbage-message", has_text="Right: ").wait_for()
        elif game.phase is Phase.DISCARD:
            picker = table.locator(".cribbage-selectable-hand")
            for card in twin.value.hand[:2]:
                card_button(picker, card).click()
                twin.picker.toggle(card)
            table.locator(".cribbage-throw").click()
            twin.throw_button.click()
        else:
            if twin.value.can_go:
                table.locator(".cribbage-go").click()
                twin.go_button.click()
            else:
                card = game.legal_cards(YOU)[-1]
                card_button(table.locator(".cribbage-playable-hand"), card).click()
                twin.play(card)
        in_step(page, twin)
        verdict = twin.coach.verdicts.get(index)
        if verdict is not None:  # the page says the engine's verdict on that decision
            assert coach_line(table, index) == twin.coach.text
            judged += 1
            if not shots["verdict"] and isinstance(verdict, ThrowVerdict):
                table.locator(".cribbage-coach-why-button").click()
                table.locator(".cribbage-coach-numbers").wait_for()
                assert "every throw, best first" in table.locator(
                    ".cribbage-coach-numbers").inner_text()
                table.locator(".cribbage-coach-box").screenshot(
                    path=str(artifacts / "lab_coach_verdict_why.png"))
                table.screenshot(path=str(artifacts / "lab_coach_table.png"))
                table.locator(".cribbage-coach-why-button").click()
                shots["verdict"] = True
    assert twin.game.is_over and judged >= 10 and all(shots.values())
    # the game's progress, drawn with the click that ended it: a picture named with the
    # result, on the short game's own scale, at its full width, clean for axe
    result = twin.game.result
    assert result is not None
    chart = table.locator(".cribbage-progress-chart-view svg.cribbage-progress-chart")
    chart.wait_for()
    name = chart.get_attribute("aria-label") or ""
    assert name.startswith(f"Through the game: {result.describe(NAMES)}.")
    assert chart.get_attribute("role") == "img"
    assert chart.locator("title").first.text_content() == name
    assert chart.locator("text", has_text="game (61)").count() == 1
    assert chart.locator("text", has_text="game (121)").count() == 0
    shown = chart.bounding_box()
    assert shown is not None and shown["width"] >= 0.9 * float(
        chart.get_attribute("width") or "0")  # not shrunk: legible at the table's width
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=str(artifacts / "lab_game_table_progress.png"))
    page.screenshot(path=str(artifacts / "lab_game_table_over.png"))  # as the learner sees it
    (artifacts / "lab_game_table_over.json").write_text(twin.game.to_json())  # to draw again
    axe = npm_package("axe-core", AXE_VERSION, "the accessibility tests") / "axe.min.js"
    violations = run_axe(page, axe, ".cribbage-game-table")
    (artifacts / "axe-lab-game-table-over.json").write_text(json.dumps(violations, indent=1))
    assert not serious(violations), "\n".join(serious(violations))
    # the review comes by itself at the end: the three most costly first, the chart
    review = table.locator(".cribbage-review")
    review.wait_for()
    final = twin.review_view.value.review
    assert final is not None and final.over
    head = review.locator(".cribbage-review-head").inner_text()
    assert f"{final.loss:.1f} points lost against the best" in head
    review.locator("svg.cribbage-review-chart").wait_for()
    rows = review.locator(".cribbage-try-again")
    assert rows.count() == len(final.worst(3))
    review.scroll_into_view_if_needed()
    review.screenshot(path=str(artifacts / "lab_coach_review.png"))
    # try the most costly again from its position
    if rows.count():
        rows.first.click()
        twin.review_view.try_again(0)
        retry = review.locator(".cribbage-retry")
        retry.wait_for()
        verdict = final.worst(1)[0].verdict
        if isinstance(verdict, ThrowVerdict):
            for card in verdict.best:
                card_button(retry.locator(".cribbage-retry-hand").first, card).click()
                twin.review_view.picker.toggle(card)
            retry.locator(".cribbage-retry-judge").click()
            twin.review_view.judge_button.click()
        elif isinstance(verdict, CardVerdict):
            card_button(retry.locator(".cribbage-retry-hand").last, verdict.best).click()
            twin.review_view.try_card(verdict.best)
        said = twin.review_view.verdict.text
        retry.locator(".cribbage-retry-verdict", has_text=said[:40]).wait_for()
        retry.screenshot(path=str(artifacts / "lab_coach_try_again.png"))


@contextmanager
def a_busy_core() -> Iterator[int]:
    """A process spinning on one core for as long as the block runs (the machine loaded,
    as a classroom's is), stopped by its process id on the way out."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield spinner.pid
    finally:
        os.kill(spinner.pid, signal.SIGTERM)
        spinner.wait(timeout=10)


def test_pegs_typed_then_clicked_are_every_one_taken_on_a_busy_machine(page: Page) -> None:
    """The points typed in the box, then Peg clicked at once (no Enter), back to back
    while a core is kept busy: every peg is judged on the number typed. The box's text
    and the click once travelled as two messages of two widgets, which a kernel with
    comm subshells could take in either order: a click taken first read the box before
    the text had come ("type the points you peg first"), about one click in seven."""
    practice = page.locator(".cribbage-pegging-practice")
    practice.wait_for()
    twin = PeggingPractice(seed=3, opponent="greedy", claim_play=True, coach="off")
    lines = ".cribbage-pegging-practice .cribbage-log-line"
    pegged = 0
    with a_busy_core():
        for _ in range(400):
            if pegged >= PEGS:
                break
            game = twin.game
            if game.phase is not Phase.PLAY:
                practice.locator(".cribbage-next").click()
                twin.next_button.click()
            elif game.peg_due == YOU:
                points = game.points_to_peg
                practice.locator(".cribbage-peg-box input").fill(str(points))
                practice.locator(".cribbage-peg").click()  # at once: no wait, no Enter
                twin.peg_box.value = str(points)
                twin.peg_button.click()
                pegged += 1
            elif twin.value.can_go:
                practice.locator(".cribbage-go").click()
                twin.go_button.click()
            else:
                card = game.legal_cards(YOU)[0]
                card_button(practice.locator(".cribbage-playable-hand"), card).click()
                twin.play(card)
            # the page's log and message reach the twin's, or the page refused the peg
            page.wait_for_function(
                "([selector, n, text, message]) => { const lines = [...document"
                ".querySelectorAll(selector)]; const said = document.querySelector("
                "'.cribbage-pegging-practice .cribbage-message').textContent;"
                " return (lines.length === n && lines[n - 1].textContent === text"
                " && said === message) || said.includes('first'); }",
                arg=[lines, len(twin.value.log[-200:]), twin.value.log[-1],
                     twin.value.message])
            said = practice.locator(".cribbage-message").inner_text()
            assert "first" not in said, f"peg {pegged} of {PEGS} refused: {said!r}"
    assert pegged == PEGS
