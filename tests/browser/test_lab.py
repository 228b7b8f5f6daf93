"""Clicking the widgets in JupyterLab in headless Chromium, checked against the engine."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page

from cribbage_edu import Card, score_hand
from cribbage_edu.rules.cards import Hand
from cribbage_edu.rules.game import Game
from cribbage_edu.strategy.coach import judge_throw, verdict_line
from cribbage_edu.strategy.discard import starter_distribution
from cribbage_edu.widgets import GameTable, PeggingPractice
from cribbage_edu.widgets.table import YOU

from .conftest import Lab, open_and_run_all

pytestmark = pytest.mark.browser

NOTEBOOK = "widgets_in_lab.ipynb"
NAME = re.compile(r"^(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king)"
                  r" of (clubs|diamonds|hearts|spades)$")
RANKS = {"ace": "A", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
         "seven": "7", "eight": "8", "nine": "9", "ten": "10", "jack": "J", "queen": "Q",
         "king": "K"}


def card_from_label(label: str) -> Card:
    """The card an alt text names: 'ten of hearts' -> 10H."""
    match = NAME.match(label)
    assert match, label
    return Card.parse(RANKS[match.group(1)] + match.group(2)[0].upper())


def button_cards(area: Locator, which: str = ".cribbage-card-face") -> list[Card]:
    """The cards a row of card buttons shows: each button's text names its card."""
    names = area.locator(which).evaluate_all(
        "nodes => nodes.map(n => n.textContent.split(',')[0].split(' (')[0].trim())")
    return [card_from_label(name) for name in names]


def card_button(area: Locator, card: Card) -> Locator:
    """The button that is ``card``'s face."""
    return area.locator(f".cribbage-face-{card}")


def shown_cards(area: Locator) -> list[Card]:
    labels = area.locator("img.cribbage-card").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('alt'))")
    return [card_from_label(label) for label in labels]


def in_sight(game: Game) -> list[Card]:
    """The cards the play area must show: the count since the last reset and, until the
    learner (seat 0) lays a card of the new count, the count that ended before it."""
    series: list[list[tuple[int | None, Card]]] = [[]]
    for event in game.events:
        if event.deal == game.deal_number and event.kind == "lay":
            series[-1].extend((event.player, card) for card in event.cards)
        elif event.deal == game.deal_number and event.kind == "reset":
            series.append([])
    current = [card for _, card in series[-1]]
    if (str(game.phase) == "play" and len(series) > 1
            and all(who != 0 for who, _ in series[-1])):
        return [card for _, card in series[-2]] + current
    return current


@pytest.fixture(scope="module")
def page(browser: BrowserContext, lab: Lab) -> Iterator[Page]:
    page = open_and_run_all(browser, lab, NOTEBOOK)
    yield page
    page.close()


def test_counting_quiz_right_then_wrong(page: Page, artifacts: Path) -> None:
    quiz = page.locator(".cribbage-counting-quiz")
    quiz.wait_for()
    assert "seed 7" in quiz.inner_text()
    cards = shown_cards(quiz.locator(".cribbage-quiz-cards"))
    assert len(cards) == 5
    total = score_hand(cards[:4], cards[4]).total  # what the engine says the page shows
    quiz.locator(".cribbage-quiz-total input").fill(str(total))
    quiz.locator(".widget-button", has_text="Check").click()
    message = quiz.locator(".cribbage-message")
    message.get_by_text(f"Right: {total}.").wait_for()
    quiz.locator(".cribbage-streak", has_text="streak 1").wait_for()  # set after the message
    quiz.scroll_into_view_if_needed()
    quiz.screenshot(path=str(artifacts / "lab_counting_quiz_right.png"))

    quiz.locator(".widget-button", has_text="Next hand").click()
    quiz.locator(".cribbage-quiz-total input").wait_for()
    page.wait_for_function(
        "() => document.querySelector('.cribbage-quiz-total input').value === ''")
    cards = shown_cards(quiz.locator(".cribbage-quiz-cards"))
    total = score_hand(cards[:4], cards[4]).total
    box = quiz.locator(".cribbage-quiz-total input")
    box.fill(str(total + 3))
    box.press("Enter")  # Enter checks, as the button does; a first miss gets a second try
    message.get_by_text(f"You said {total + 3}: that is over.").wait_for()
    # what the miss reveals (here, which kinds score), then the second try
    assert message.inner_text().strip().endswith("Count again and check once more.")
    assert str(total) not in message.inner_text().replace(str(total + 3), "")
    box.fill(str(total + 2))
    box.press("Enter")
    message.get_by_text(f"You said {total + 2}: that is over. The hand makes {total}.").wait_for()
    quiz.locator(".cribbage-streak", has_text="streak 0").wait_for()
    assert quiz.locator(".cribbage-explanation").inner_text().strip() == ""  # not yet
    quiz.screenshot(path=str(artifacts / "lab_counting_quiz_wrong.png"))
    # the count, step by step on the cards: the first fifteen lights its cards
    quiz.locator(".cribbage-show-next").click()
    quiz.locator(".cribbage-lit").first.wait_for()
    quiz.screenshot(path=str(artifacts / "lab_counting_quiz_step.png"))
    quiz.locator(".cribbage-show-all").click()
    quiz.locator(".cribbage-show-words", has_text="total:").wait_for()
    # the table and the spoken count come once the total is said
    quiz.locator(".cribbage-explanation table").wait_for()
    explanation = quiz.locator(".cribbage-explanation").inner_text()
    assert f"total\t\t{total}" in explanation or f"total {total}" in " ".join(explanation.split())
    quiz.screenshot(path=str(artifacts / "lab_counting_quiz_all.png"))


def test_discard_trainer_throw_two(page: Page, artifacts: Path) -> None:
    trainer = page.locator(".cribbage-discard-trainer")
    trainer.wait_for()
    assert "seed 7" in trainer.inner_text()
    six = button_cards(trainer.locator(".cribbage-selectable-hand"))
    assert len(six) == 6
    toggles = trainer.locator(".cribbage-card-toggle")
    toggles.nth(1).click()  # the card face is the click target
    toggles.nth(4).click()
    # the selected state is visible (a frame, a tick, a lift) and said in the name
    trainer.locator(".cribbage-card-toggle.mod-active").nth(1).wait_for()
    trainer.locator(".cribbage-card-toggle", has_text="selected").nth(1).wait_for()
    assert trainer.locator(".cribbage-card-toggle", has_text="selected").count() == 2
    trainer.scroll_into_view_if_needed()
    trainer.screenshot(path=str(artifacts / "lab_discard_selected.png"))
    trainer.locator(".cribbage-throw").click()
    trainer.locator(".cribbage-options").wait_for()
    # the coach's verdict for the cards on the page: the advisor's three columns
    verdict = judge_throw(six, [six[1], six[4]], dealer=True)
    options = list(verdict.options)
    mine = next(o for o in options if set(o.discard) == {six[1], six[4]})
    summary = trainer.locator(".cribbage-discard-summary").inner_text()
    assert verdict_line(verdict) in summary
    rows = trainer.locator(".cribbage-options tr")
    assert rows.count() == 16
    assert rows.nth(1).locator("td").nth(1).inner_text() == options[0].keep.symbols
    rank = options.index(mine) + 1
    message = trainer.locator(".cribbage-message").inner_text()
    assert (f"ranks {rank} of 15" in message) if rank > 1 else "Right" in message
    # the coach's chart comes with the click (SVG), the learner's throw outlined on its row
    chart = trainer.locator("svg.cribbage-chart")
    chart.wait_for()
    mark = trainer.locator(".cribbage-your-throw").bounding_box()
    picture = chart.bounding_box()
    assert mark is not None and picture is not None
    assert picture["y"] < mark["y"] < picture["y"] + picture["height"]
    assert mark["height"] < picture["height"] / 15
    labels = chart.locator(".cribbage-throw-label")
    assert labels.count() == 15
    boxes = [labels.nth(n).bounding_box() for n in range(15)]
    inside = [n for n, b in enumerate(boxes) if b is not None
              and mark["y"] < b["y"] + b["height"] / 2 < mark["y"] + mark["height"]]
    assert inside == [rank - 1]  # the outline holds the learner's row and no other
    assert labels.nth(rank - 1).text_content() == (
        f"keep {mine.keep.symbols}  throw {mine.discard.symbols}")
    assert f"ranks {rank}" in (chart.get_attribute("aria-label") or "")
    trainer.screenshot(path=str(artifacts / "lab_discard_thrown.png"))


def test_pegging_practice_until_the_play_ends(page: Page, artifacts: Path) -> None:
    practice = page.locator(".cribbage-pegging-practice")
    practice.wait_for()
    twin = PeggingPractice(seed=7)  # the same seed deals and plays the same in the kernel
    log = practice.locator(".cribbage-log-line").last

    def page_matches_engine() -> None:
        game = twin.game
        expect_log = twin.value.log[-1]
        page.wait_for_function(
            "text => { const d = [...document.querySelectorAll("
            "'.cribbage-pegging-practice .cribbage-log-line')].pop();"
            " return d && d.textContent === text; }", arg=expect_log)
        assert log.inner_text() == expect_log
        area = practice.locator(".cribbage-play-area")
        if twin.value.phase == "play":
            assert int(area.locator(".cribbage-count").inner_text()) == game.count
        else:
            assert "the play is over" in area.inner_text()
        assert shown_cards(area) == in_sight(game)
        enabled = button_cards(practice, ".cribbage-card-button:not([disabled])")
        assert sorted(enabled) == sorted(game.legal_cards(YOU))
        assert practice.locator(".cribbage-go").is_visible() == twin.value.can_go
        said = practice.locator(".cribbage-announce .cribbage-said").all_inner_texts()
        assert tuple(said) == twin.value.announcement  # one line a score

    page_matches_engine()
    practice.scroll_into_view_if_needed()
    practice.screenshot(path=str(artifacts / "lab_pegging_start.png"))
    clicks = 0
    while twin.value.phase == "play":
        if twin.value.can_go:
            practice.locator(".cribbage-go").click()
            twin.go_button.click()
        else:
            card = twin.game.legal_cards(YOU)[-1]
            card_button(practice.locator(".cribbage-playable-hand"), card).click()
            twin.playable.button(card).click()
        clicks += 1
        page_matches_engine()
        assert clicks <= 8
    summary = practice.locator(".cribbage-play-summary")
    summary.get_by_text("The play is over.").wait_for()
    pegged = re.search(r"You pegged (\d+), the computer (\d+)", summary.inner_text())
    assert pegged and pegged.group(0) in twin.summary.value
    practice.screenshot(path=str(artifacts / "lab_pegging_over.png"))


def test_probability_explorer_and_board(page: Page, artifacts: Path) -> None:
    explorer = page.locator(".cribbage-probability-explorer")
    explorer.scroll_into_view_if_needed()
    six = button_cards(explorer.locator(".cribbage-selectable-hand").first)
    hands = explorer.locator(".cribbage-selectable-hand")
    for n in range(4):
        hands.nth(0).locator(".cribbage-card-toggle").nth(n).click()
    for n in range(2, 6):
        hands.nth(1).locator(".cribbage-card-toggle").nth(n).click()
    explorer.locator(".cribbage-compare").click()
    means = explorer.locator(".cribbage-mean")
    means.nth(1).wait_for()
    for keep, seen, shown in ((six[:4], six[4:], means.nth(0)), (six[2:], six[:2], means.nth(1))):
        expected = starter_distribution(keep, seen).expected  # the engine's exact mean
        assert f"{expected.numerator}/{expected.denominator}" in shown.inner_text()
    explorer.locator("svg.cribbage-chart").nth(1).wait_for()  # both charts, with the click
    titles = explorer.locator("svg.cribbage-chart > text:first-of-type").all_text_contents()
    assert titles == [f"Keep {Hand(six[:4]).symbols}: the 46 starters",
                      f"Keep {Hand(six[2:]).symbols}: the 46 starters"]
    explorer.screenshot(path=str(artifacts / "lab_probability_explorer.png"))

    board = page.locator(".cribbage-board-widget").first
    board.scroll_into_view_if_needed()
    board.locator("input").fill("6")
    board.locator(".widget-button", has_text="Peg").click()
    board.locator("svg.cribbage-board[aria-label*='player 0 6 (rear peg 0)']").wait_for()
    board.locator("input").fill("2")
    board.locator(".widget-button", has_text="Peg").click()
    board.locator("svg.cribbage-board[aria-label*='player 0 8 (rear peg 6)']").wait_for()
    board.screenshot(path=str(artifacts / "lab_board.png"))
    # "15" typed with no pause between the keys and Enter is taken as 15, never as "1"
    # (Enter carries the text in the box): ten times over, each a fresh box's text
    box = board.locator("input")
    score = 8
    for _ in range(10):
        box.fill("")
        box.press_sequentially("15")
        box.press("Enter")
        score += 15
        if score >= 121:
            break
        board.locator(f"svg.cribbage-board[aria-label*='player 0 {score} "
                      f"(rear peg {score - 15})']").wait_for()


def test_game_table_counts_by_hand_and_tells_the_show_step_by_step(page: Page,
                                                                   artifacts: Path) -> None:
    table = page.locator(".cribbage-game-table")
    table.scroll_into_view_if_needed()
    twin = GameTable(seed=7, opponent="greedy")  # the same game, played here
    six = button_cards(table.locator(".cribbage-selectable-hand"))
    assert six == list(twin.value.hand)
    for card in six[:2]:
        card_button(table.locator(".cribbage-selectable-hand"), card).click()
        twin.picker.toggle(card)
    table.locator(".cribbage-throw").click()
    twin.throw_button.click()
    while twin.value.phase == "play":
        if twin.value.can_go:
            table.locator(".cribbage-go").click()
            twin.go_button.click()
        else:
            card = twin.game.legal_cards(YOU)[0]
            card_button(table.locator(".cribbage-playable-hand"), card).click()
            twin.play(card)
        page.wait_for_function(
            "text => { const d = [...document.querySelectorAll("
            "'.cribbage-game-table .cribbage-log-line')].pop();"
            " return d && d.textContent === text; }",
            arg=twin.value.log[-1])
    table.screenshot(path=str(artifacts / "lab_game_table_count.png"))
    while twin.value.phase == "count":
        _, what, cards = twin.game.next_show()  # type: ignore[misc]
        starter = twin.game.starter
        assert starter is not None
        shown = table.locator(".cribbage-to-count")
        assert shown_cards(shown) == [*cards, starter]  # face up, with the starter
        total = score_hand(cards, starter, crib=what == "crib").total
        box = table.locator(".cribbage-claim-box input")
        box.fill(str(total))
        box.press("Enter")  # Enter claims, as the button does
        twin.claim_box.value = str(total)
        twin.claim_box.press_enter()
        table.locator(".cribbage-message", has_text="Right: ").wait_for()
        if twin.value.phase != "count":
            table.locator(".cribbage-claim-box input").wait_for(state="hidden")
    show = table.locator(".cribbage-show")
    show.locator(".cribbage-show-next").click()
    show.locator(".cribbage-lit").first.wait_for()
    show.scroll_into_view_if_needed()
    show.screenshot(path=str(artifacts / "lab_game_table_show_step.png"))
    show.locator(".cribbage-show-all").click()
    page.wait_for_function(
        "() => document.querySelectorAll('.cribbage-game-table .cribbage-show-words b').length"
        " === 3 && !document.querySelector('.cribbage-game-table .cribbage-lit')")
    words = show.locator(".cribbage-show-words").all_inner_texts()
    assert len(words) == 3 and all("total:" in w for w in words)
    show.screenshot(path=str(artifacts / "lab_game_table_show_all.png"))
