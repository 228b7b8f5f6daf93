"""lessons/play.ipynb served by Voila as a standalone page, clicked in headless Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from cribbage_edu import widgets
from cribbage_edu.discard import advise

from .test_lab import shown_cards

pytestmark = pytest.mark.browser


def test_the_game_page_answers_clicks(browser: BrowserContext, voila_page_url: str,
                                       artifacts: Path) -> None:
    page = browser.new_page()
    try:
        page.goto(voila_page_url, timeout=90_000)
        table = page.locator(".cribbage-game-table")
        table.wait_for(timeout=90_000)
        assert "seed 7" in table.inner_text()
        assert "import GameTable" not in page.locator("body").inner_text()  # no code shown
        six = shown_cards(table.locator(".cribbage-selectable-hand"))
        assert len(six) == 6
        table.locator(".cribbage-hint").click()
        message = table.locator(".cribbage-message")
        message.get_by_text("Hint: keep").wait_for()
        dealer = "your crib" in table.inner_text()
        best = advise(six, dealer=dealer)[0]  # the engine's advice for the cards shown
        assert message.inner_text().strip() == f"Hint: {best.explanation}"
        table.screenshot(path=str(artifacts / "voila_game_table.png"))

        # then throw two and lay a card, checked against the same game played here
        twin = widgets.GameTable(seed=7, opponent="expert")
        assert list(twin.value.hand) == six
        for n in (0, 1):
            table.locator(".cribbage-card-toggle").nth(n).click()
            twin.picker.toggle(six[n])
        table.locator(".cribbage-throw").click()
        twin.throw_button.click()
        if twin.value.turn == widgets.table.YOU:
            card = twin.game.legal_cards(widgets.table.YOU)[0]
            table.locator(".cribbage-card-button",
                          has_text=re.compile(f"^{re.escape(card.symbol)}$")).click()
            twin.play(card)
        page.wait_for_function(
            "text => { const d = document.querySelector('.cribbage-log-line');"
            " return d && d.textContent === text; }", arg=twin.value.log[-1])
        area = table.locator(".cribbage-play-area")
        assert int(area.locator(".cribbage-count").inner_text()) == twin.value.count
        assert shown_cards(area) == list(twin.value.pile)
        assert table.locator(".cribbage-log-line").all_inner_texts() == list(
            reversed(twin.value.log))
        table.screenshot(path=str(artifacts / "voila_game_table_play.png"))
    finally:
        page.close()
