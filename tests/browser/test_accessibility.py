"""Accessibility: axe-core on every widget in JupyterLab and on the Voila page, and a
game played with the keyboard alone.

axe-core comes from the npm registry (``npm install axe-core`` into a folder this test
owns, ``test-artifacts/axe-core``, kept between runs) and is injected into the page with
Playwright's ``add_script_tag``. Only what the project draws is judged (each widget's
root element): JupyterLab's own chrome is not ours to fix. A serious or critical
violation fails the test; every finding (with minor and moderate ones) is written to
``test-artifacts/axe-*.json`` for reading.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from cribbage_edu import score_hand

from .conftest import Lab, npm_package, open_and_run_all
from .test_lab import card_from_label, shown_cards

pytestmark = pytest.mark.browser

AXE_VERSION = "4.14.1"
WIDGETS = [".cribbage-discard-trainer", ".cribbage-pegging-practice",
           ".cribbage-counting-quiz", ".cribbage-probability-explorer",
           ".cribbage-board-widget", ".cribbage-game-table"]


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe.min.js, installed from npm into a folder of the test's own."""
    return npm_package("axe-core", AXE_VERSION, "the accessibility tests") / "axe.min.js"


def run_axe(page: Page, script: Path, selector: str) -> list[dict[str, Any]]:
    """axe's violations inside the elements ``selector`` matches."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(script))
    found: list[dict[str, Any]] = page.evaluate(
        """async (selector) => {
          const result = await axe.run({include: [[selector]]});
          const found = result.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 200),
                                      summary: n.failureSummary}))}));
          // what axe checked, for the record (rules passed, and left for a person)
          found.push({id: 'checked', impact: null, help: '', nodes: [],
                      passes: result.passes.map(p => p.id),
                      incomplete: result.incomplete.map(p => p.id)});
          return found;
        }""", selector)
    return found


def serious(violations: list[dict[str, Any]]) -> list[str]:
    assert violations and violations[-1]["id"] == "checked" and violations[-1]["passes"], \
        "axe checked nothing"
    return [f"{v['id']} ({v['impact']}): {v['help']} at {n['target']}: {n['html']}"
            for v in violations if v["impact"] in ("serious", "critical") for n in v["nodes"]]


@pytest.fixture(scope="module")
def widgets_page(browser: BrowserContext, lab: Lab) -> Iterator[Page]:
    page = open_and_run_all(browser, lab, "widgets_in_lab.ipynb")
    yield page
    page.close()


@pytest.mark.parametrize("selector", WIDGETS)
def test_no_serious_axe_violation_in_a_widget(widgets_page: Page, axe_script: Path,
                                              artifacts: Path, selector: str) -> None:
    page = widgets_page
    page.locator(selector).first.wait_for()
    violations = run_axe(page, axe_script, selector)
    name = selector.strip(".").removeprefix("cribbage-")
    (artifacts / f"axe-lab-{name}.json").write_text(json.dumps(violations, indent=1))
    assert not serious(violations), "\n".join(serious(violations))


def test_no_serious_axe_violation_in_the_charts(widgets_page: Page, axe_script: Path,
                                                artifacts: Path) -> None:
    """The charts appear only after a click: throw two, compare two keeps; then axe
    judges each widget with its chart (a picture named for a screen reader, text that
    contrasts), and each chart is a named image."""
    page = widgets_page
    trainer = page.locator(".cribbage-discard-trainer")
    trainer.scroll_into_view_if_needed()
    toggles = trainer.locator(".cribbage-card-toggle")
    toggles.nth(0).click()
    toggles.nth(3).click()
    trainer.locator(".cribbage-card-toggle.mod-active").nth(1).wait_for()
    trainer.locator(".cribbage-throw").click()
    explorer = page.locator(".cribbage-probability-explorer")
    explorer.scroll_into_view_if_needed()
    hands = explorer.locator(".cribbage-selectable-hand")
    for n in range(4):
        hands.nth(0).locator(".cribbage-card-toggle").nth(n).click()
    for n in range(2, 6):
        hands.nth(1).locator(".cribbage-card-toggle").nth(n).click()
    explorer.locator(".cribbage-card-toggle.mod-active").nth(7).wait_for()
    explorer.locator(".cribbage-compare").click()
    charts = {".cribbage-discard-trainer": 1, ".cribbage-probability-explorer": 2}
    for selector, n in charts.items():
        found = page.locator(f"{selector} svg.cribbage-chart")
        found.nth(n - 1).wait_for()
        for k in range(n):
            chart = found.nth(k)
            assert chart.get_attribute("role") == "img"
            name = chart.get_attribute("aria-label") or ""
            assert name and chart.locator("title").first.text_content() == name
        violations = run_axe(page, axe_script, selector)
        (artifacts / f"axe-lab-chart-{selector.strip('.').removeprefix('cribbage-')}.json") \
            .write_text(json.dumps(violations, indent=1))
        assert not serious(violations), "\n".join(serious(violations))


def test_no_serious_axe_violation_on_the_voila_page(browser: BrowserContext,
                                                    voila_page_url: str, axe_script: Path,
                                                    artifacts: Path) -> None:
    page = browser.new_page()
    try:
        page.goto(voila_page_url, timeout=90_000)
        page.locator(".cribbage-game-table").wait_for(timeout=90_000)
        violations = run_axe(page, axe_script, ".cribbage-game-table")
        (artifacts / "axe-voila.json").write_text(json.dumps(violations, indent=1))
        assert not serious(violations), "\n".join(serious(violations))
    finally:
        page.close()


FOCUSED = "() => { const e = document.activeElement; return e ? e.className + '|' + " \
          "(e.textContent || '').trim() : ''; }"


def tab_to(page: Page, css_class: str, limit: int = 40) -> str:
    """Press Tab until the focused element has ``css_class``; what it says."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused: str = page.evaluate(FOCUSED)
        if css_class in focused.split("|")[0].split():
            return focused.split("|", 1)[1]
    raise AssertionError(f"Tab never reached .{css_class}")


def focused_class(page: Page, css_class: str, timeout: float = 30_000) -> str:
    """Wait until the focused element has one of the classes in ``css_class`` (a space
    separated list); what it says."""
    handle = page.wait_for_function(
        """classes => { const e = document.activeElement;
             if (!e) { return null; }
             const own = [...e.classList, ...(e.closest('.widget-text') ?
                          e.closest('.widget-text').classList : [])];
             return classes.split(' ').some(c => own.includes(c)) ?
                    (e.textContent || e.value || '').trim() || '-' : null; }""",
        arg=css_class, timeout=timeout)
    said: str = handle.json_value()
    return said


def test_a_deal_played_with_the_keyboard_alone(widgets_page: Page, artifacts: Path) -> None:
    """Tab to a card, Space selects it; Tab to Throw two, Enter throws. From then on
    the focus moves by itself to what comes next (review: it fell to the page, 26 Tab
    presses away): a card that fits or Go (Enter lays it or says go), the claim box
    (type the count, Enter claims), the show's Next, Next deal, and the next deal's
    first card, with no Tab pressed at all."""
    page = widgets_page
    table = page.locator(".cribbage-game-table")
    table.scroll_into_view_if_needed()
    table.locator(".cribbage-seed").click()  # start from inside the table, by the mouse once
    first = tab_to(page, "cribbage-card-toggle")
    page.keyboard.press("Space")
    table.locator(".cribbage-card-toggle", has_text=f"{first}, selected").wait_for()
    second = tab_to(page, "cribbage-card-toggle")
    page.keyboard.press("Space")
    table.locator(".cribbage-card-toggle", has_text=f"{second}, selected").wait_for()
    assert first != second
    table.screenshot(path=str(artifacts / "keyboard_selected.png"))
    tab_to(page, "cribbage-throw")
    page.keyboard.press("Enter")
    table.locator(".cribbage-playable-hand").wait_for()
    laid = counted = 0
    for _ in range(60):
        said = focused_class(page, "cribbage-card-button cribbage-go cribbage-claim-box "
                                   "cribbage-show-next cribbage-next")
        active = page.evaluate("() => document.activeElement.className")
        if "cribbage-card-button" in active:
            card = card_from_label(said.split(" (")[0])
            page.keyboard.press("Enter")
            table.locator(".cribbage-log-line", has_text=f"Learner lays {card.symbol}") \
                .first.wait_for()
            laid += 1
            if laid == 1:
                table.screenshot(path=str(artifacts / "keyboard_played.png"))
        elif "cribbage-go" in active:
            page.keyboard.press("Enter")
            table.locator(".cribbage-log-line", has_text="Learner says go").first.wait_for()
        elif "cribbage-show-next" in active:
            view = table.locator(".cribbage-show-view")
            said = view.inner_text()
            page.keyboard.press("Enter")  # Next says one more phrase: wait for its words
            page.wait_for_function("([el, old]) => el.innerText !== old",
                                   arg=[view.element_handle(), said])
        elif "cribbage-next" in active:
            page.keyboard.press("Enter")  # Next deal: the next deal's first card
            focused_class(page, "cribbage-card-toggle")
            break
        else:  # the claim box: type the count of the cards shown, Enter claims it
            cards = shown_cards(table.locator(".cribbage-to-count"))
            what = table.locator(".cribbage-to-count b").inner_text()
            total = score_hand(cards[:4], cards[4], crib="crib" in what).total
            page.keyboard.type(str(total))
            page.keyboard.press("Enter")
            counted += 1
            table.locator(".cribbage-message", has_text="ight").first.wait_for()
    else:
        raise AssertionError("the deal never reached Next deal by the keyboard alone")
    assert laid >= 1 and counted >= 1, (laid, counted)
    table.screenshot(path=str(artifacts / "keyboard_next_deal.png"))
