"""Accessibility: axe-core on every widget in JupyterLab and on the Voila page, and a
game played with the keyboard alone.

axe-core comes from the npm registry (``npm install axe-core`` into a folder this test
owns, ``test-artifacts/axe``, kept between runs) and is injected into the page with
Playwright's ``add_script_tag``. Only what the project draws is judged (each widget's
root element): JupyterLab's own chrome is not ours to fix. A serious or critical
violation fails the test; every finding (with minor and moderate ones) is written to
``test-artifacts/axe-*.json`` for reading.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from .conftest import ARTIFACTS, Lab, open_and_run_all
from .test_lab import card_from_label

pytestmark = pytest.mark.browser

AXE_VERSION = "4.14.1"
WIDGETS = [".cribbage-discard-trainer", ".cribbage-pegging-practice",
           ".cribbage-counting-quiz", ".cribbage-probability-explorer",
           ".cribbage-board-widget", ".cribbage-game-table"]


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe.min.js, installed from npm into a folder of the test's own."""
    folder = ARTIFACTS / "axe"
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    marker = folder / f"version-{AXE_VERSION}"
    if not (script.exists() and marker.exists()):
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("the accessibility tests need npm (apt-get install npm) to fetch "
                        "axe-core from the npm registry")
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "install", "--prefix", str(folder), "--no-audit", "--no-fund",
                        "--silent", f"axe-core@{AXE_VERSION}"], check=True, timeout=300)
        marker.write_text(AXE_VERSION)
    return script


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


def test_a_deal_played_with_the_keyboard_alone(widgets_page: Page, artifacts: Path) -> None:
    """Tab to a card, Space selects it; Tab to Throw two, Enter throws; in the play,
    Tab to a card that fits, Enter lays it; in the quiz, type the total, Enter checks."""
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
    if table.locator(".cribbage-card-button:not([disabled])").count():
        table.locator(".cribbage-play-area").click()  # Tab starts from here, as a reader's would
        name = tab_to(page, "cribbage-card-button")
        card = card_from_label(name.split(" (")[0])
        page.keyboard.press("Enter")
        # wait for the line of this lay itself: on a busy machine the throw's own lines
        # (the starter) can still be arriving, so "the first line changed" is not enough
        table.locator(".cribbage-log-line", has_text=f"Learner lays {card.symbol}").first \
            .wait_for()
        lines = table.locator(".cribbage-log-line").all_inner_texts()
        assert any(line.startswith(f"Learner lays {card.symbol}") for line in lines), lines
    table.screenshot(path=str(artifacts / "keyboard_played.png"))
