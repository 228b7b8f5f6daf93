"""Saying go yourself (``PeggingPractice(say_go=True)``) in JupyterLab in headless
Chromium: every card can be pressed and Go is always there; a slip is refused on the page
with its reason, and the keyboard plays a whole hand (Enter on the focused card, Tab to
the next). A twin table in this process, given the same actions, is the answer key."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from cribbage_edu.widgets import PeggingPractice
from cribbage_edu.widgets.table import YOU

from .conftest import Lab, open_and_run_all
from .test_lab import button_cards, card_button

pytestmark = pytest.mark.browser

NOTEBOOK = "say_go.ipynb"
FOCUSED = ("() => { const e = document.activeElement;"
           " return e ? [...e.classList].find(c => c.startsWith('cribbage-face-')) || "
           "[...e.classList].join(' ') : ''; }")


@pytest.fixture(scope="module")
def page(browser: BrowserContext, lab: Lab) -> Iterator[Page]:
    page = open_and_run_all(browser, lab, NOTEBOOK)
    yield page
    page.close()


def test_say_go_by_clicks_and_keys(page: Page, artifacts: Path) -> None:
    practice = page.locator(".cribbage-pegging-practice")
    practice.wait_for()
    twin = PeggingPractice(seed=10, say_go=True)
    message = practice.locator(".cribbage-message")

    def in_step() -> None:
        page.wait_for_function(
            "text => { const m = document.querySelector("
            "'.cribbage-pegging-practice .cribbage-message');"
            " return m && m.textContent.trim() === text; }", arg=twin.value.message)

    # the first turn: every card can be pressed, Go is there; Go is refused (a card fits)
    hand = list(twin.value.hand)
    assert sorted(button_cards(practice, ".cribbage-card-button:not([disabled])")) == \
        sorted(hand)
    practice.locator(".cribbage-go").click()
    twin.go_button.click()
    in_step()
    assert message.inner_text().strip().endswith("you must lay a card when one fits")
    practice.scroll_into_view_if_needed()
    practice.screenshot(path=str(artifacts / "lab_say_go_refused.png"))
    card_button(practice, hand[0]).click()  # a lead always fits
    twin.playable.button(hand[0]).click()
    in_step()
    keyed = refused = 0
    for _ in range(20):
        if twin.value.phase != "play":
            break
        game = twin.game
        assert game.turn == YOU
        mine = list(twin.playable.cards)
        fits = [c for c in mine if twin.value.count + c.value <= 31]  # worked by hand
        # the focus is on the first card of the hand, on the page as in the twin
        page.wait_for_function(f"() => ({FOCUSED})() === 'cribbage-face-{mine[0]}'")
        assert practice.locator(".cribbage-go").is_visible()
        assert sorted(button_cards(practice, ".cribbage-card-button:not([disabled])")) == \
            sorted(mine)
        misfit = next((c for c in mine if c not in fits), None)
        if misfit is not None and fits and not refused:
            for _ in range(mine.index(misfit)):  # Tab along the hand to the misfit
                page.keyboard.press("Tab")
            page.wait_for_function(f"() => ({FOCUSED})() === 'cribbage-face-{misfit}'")
            page.keyboard.press("Enter")  # refused on the page as in the twin
            twin.playable.button(misfit).click()
            in_step()
            refused += 1
            assert message.inner_text().strip().startswith(f"the {misfit.symbol} would make")
            assert len(twin.game.hand(YOU)) == len(mine)
            practice.screenshot(path=str(artifacts / "lab_say_go_misfit.png"))
            card_button(practice, fits[0]).click()
            twin.playable.button(fits[0]).click()
        elif mine[0] in fits:
            page.keyboard.press("Enter")  # Enter on the focused card lays it
            twin.playable.button(mine[0]).click()
            keyed += 1
        elif fits:
            card_button(practice, fits[0]).click()
            twin.playable.button(fits[0]).click()
        else:
            practice.locator(".cribbage-go").click()
            twin.go_button.click()
        in_step()
    assert twin.value.phase != "play" and keyed >= 1 and refused == 1
    summary = practice.locator(".cribbage-play-summary")
    summary.get_by_text("The play is over.").wait_for()
    slips = len(twin.value.slips)
    assert slips == 1 + refused
    assert f"You made {slips} slip" in summary.inner_text()
    practice.screenshot(path=str(artifacts / "lab_say_go_summary.png"))
