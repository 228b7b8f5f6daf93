"""lessons/play.ipynb served by Voila as a standalone page, clicked in headless Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from cribbage_edu import widgets
from cribbage_edu.strategy.hint import hint

from .test_lab import button_cards, card_button, in_sight, shown_cards

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
        six = button_cards(table.locator(".cribbage-selectable-hand"))
        assert len(six) == 6
        table.locator(".cribbage-hint").click()
        message = table.locator(".cribbage-message")
        message.get_by_text("Hint: throw").wait_for()
        # then throw two and lay a card, checked against the same game played here
        twin = widgets.GameTable(seed=7, opponent="expert")
        assert list(twin.value.hand) == six
        advice = hint(twin.game.view(widgets.table.YOU))  # the judge's hint for these cards
        assert message.inner_text().strip() == (f"Hint: {advice.explanation}. "
                                                f"Next best: {advice.details[0]}.")
        table.screenshot(path=str(artifacts / "voila_game_table.png"))
        for n in (0, 1):
            table.locator(".cribbage-card-toggle").nth(n).click()
            twin.picker.toggle(six[n])
        table.locator(".cribbage-throw").click()
        twin.throw_button.click()
        if twin.value.turn == widgets.table.YOU:
            card = twin.game.legal_cards(widgets.table.YOU)[0]
            card_button(table.locator(".cribbage-playable-hand"), card).click()
            twin.play(card)
        page.wait_for_function(
            "text => { const d = [...document.querySelectorAll('.cribbage-log-line')].pop();"
            " return d && d.textContent === text; }", arg=twin.value.log[-1])
        area = table.locator(".cribbage-play-area")
        assert int(area.locator(".cribbage-count").inner_text()) == twin.value.count
        assert shown_cards(area) == in_sight(twin.game)
        assert table.locator(".cribbage-log-line").all_inner_texts() == list(twin.value.log)
        table.screenshot(path=str(artifacts / "voila_game_table_play.png"))
    finally:
        page.close()


def test_the_game_page_needs_no_network(browser: BrowserContext, voila_page_url: str) -> None:
    """A classroom on a closed network: every request the page makes goes to the Voila
    server itself, and none fails (Voila's own template fetches Font Awesome from a CDN;
    the cribbage template does not)."""
    page = browser.new_page()
    requests: list[str] = []
    failed: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(voila_page_url, timeout=90_000)
        page.locator(".cribbage-game-table").wait_for(timeout=90_000)
        page.locator(".cribbage-hint").click()
        page.locator(".cribbage-message", has_text="Hint:").wait_for()
        page.wait_for_load_state("networkidle")  # every request the page makes, answered
    finally:
        page.close()
    outside = [u for u in requests if not u.startswith((voila_page_url.rstrip("/"), "data:",
                                                         "blob:"))]
    assert outside == [] and failed == [] and errors == []
