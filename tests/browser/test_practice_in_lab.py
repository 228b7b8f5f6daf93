"""The Practice widget in JupyterLab in headless Chromium, on a seeded demonstration record
(``lessons/your_record.py``: a seeded game the greedy player plays for the learner, every
throw and card with a choice judged and recorded) with a count the learner got wrong
added: the learner answers a throw with clicks, a card and a count with the keyboard,
asks Why? and goes on with Next. A twin widget in this process, on a copy of the same
record, given the same answers, is the answer key: the page says the coach's word the
twin's coach says, and Why? shows its numbers. axe-core finds no violation in the widget
answered, its numbers shown, nor in the Progress widget of the same record beside it, whose
charts (SVG) are named by the four sentences it states.

The notebook and the record are written into the folder the test's JupyterLab serves (a
temporary folder; the server is started and stopped by the session's ``lab`` fixture)."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from html import unescape
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import BrowserContext, Locator, Page

from cribbage_edu.rules.cards import parse_cards
from cribbage_edu.rules.scoring import score_hand
from cribbage_edu.strategy.coach import DecisionKind, Grade
from cribbage_edu.study.record import Entry, Record, count_position
from cribbage_edu.widgets import Practice

from .conftest import ROOT, Lab, npm_package, open_and_run_all
from .test_accessibility import AXE_VERSION, run_axe
from .test_lab import card_button

pytestmark = pytest.mark.browser

NOTEBOOK = "practice_in_lab.ipynb"
RECORD = "practice-record.sqlite"
SEED = 2026


def demonstration(folder: Path) -> Path:
    """The lessons' demonstration record, with a count of the learner's that was one
    under (the four fives and the jack of the starter's suit: 29, said 28)."""
    spec = importlib.util.spec_from_file_location("your_record",
                                                  ROOT / "lessons" / "your_record.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path: Path = module.demonstration_record(folder)
    score = score_hand(parse_cards("5H 5C 5S JD"), parse_cards("5D")[0])
    assert score.total == 29  # worked by hand: fifteens 16, pairs 12, his nobs 1
    with Record.open(path) as record:
        record.write(Entry(DecisionKind.COUNT, count_position(score), "28", "29", 1.0, None,
                           Grade.of_points(1.0), "under", game="counted", origin="table",
                           time=datetime.now(UTC) - timedelta(hours=1)))
    return path


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The twin's record: the demonstration, as the page's starts."""
    return demonstration(tmp_path_factory.mktemp("record"))


@pytest.fixture(scope="module")
def twin(lab: Lab, made: Path) -> Iterator[Practice]:
    """The record served beside the notebook, and the twin widget on a copy of it."""
    shutil.copy(made, lab.root / RECORD)
    notebook = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    notebook.cells = [nbformat.v4.new_code_cell(source)  # type: ignore[no-untyped-call]
                      for source in (f"from cribbage_edu.widgets import Practice, Progress\n"
                                     f"Practice({RECORD!r}, seed={SEED})",
                                     f"Progress({RECORD!r})")]
    nbformat.write(notebook, str(lab.root / NOTEBOOK))  # type: ignore[no-untyped-call]
    widget = Practice(made, seed=SEED)
    yield widget
    widget.close()


@pytest.fixture(scope="module")
def page(browser: BrowserContext, lab: Lab, twin: Practice) -> Iterator[Page]:
    page = open_and_run_all(browser, lab, NOTEBOOK)
    yield page
    page.close()


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def in_step(practice: Locator, twin: Practice) -> None:
    """Wait until the page shows the twin's position: its caption and its cards."""
    practice.locator(".cribbage-practice-line").wait_for(state="detached")
    caption = words(twin.caption.value)
    practice.page.wait_for_function(
        "want => { const c = document.querySelector('.cribbage-practice "
        ".cribbage-practice-position'); return c && c.innerText.split(/\\s+/).join(' ')"
        ".trim() === want; }", arg=caption)
    state = twin.value
    if state.kind == "throw":
        for card in parse_cards(state.cards):
            card_button(practice.locator(".cribbage-selectable-hand"), card).wait_for()
    elif state.kind == "card":
        for card in parse_cards(state.cards):
            card_button(practice.locator(".cribbage-playable-hand"), card).wait_for()
    else:
        practice.get_by_label("Points", exact=True).wait_for()


def said(practice: Locator, twin: Practice) -> str:
    """The coach's line on the page, once it is the twin's."""
    line = practice.locator(".cribbage-practice-line")
    line.wait_for()
    assert twin.value.line
    line.get_by_text(twin.value.line[:60]).wait_for()
    return " ".join(line.inner_text().split())



def no_violation(page: Page, selector: str, saved: Path) -> None:
    """axe-core finds no violation at all (of any impact) inside ``selector``; what it
    found and checked is kept in ``saved``."""
    axe = npm_package("axe-core", AXE_VERSION, "the Practice browser test") / "axe.min.js"
    violations = run_axe(page, axe, selector)
    saved.write_text(json.dumps(violations, indent=1))
    assert violations and violations[-1]["id"] == "checked" and violations[-1]["passes"]
    found = [f"{v['id']} ({v['impact']}): {v['help']} at {n['target']}"
             for v in violations[:-1] for n in v["nodes"]]
    assert not found, "\n".join(found)

def test_the_learner_practises_by_clicks_and_keys(page: Page, twin: Practice, lab: Lab,
                                                   made: Path, artifacts: Path) -> None:
    practice = page.locator(".cribbage-practice")
    practice.wait_for()
    answered: dict[str, str] = {}
    for _ in range(12):
        in_step(practice, twin)
        state = twin.value
        kind = state.kind
        assert kind is not None
        if kind == "throw":  # two cards clicked, then Throw clicked
            cards = list(parse_cards(state.cards))[:2]
            for card in cards:
                card_button(practice.locator(".cribbage-selectable-hand"), card).click()
                twin.picker.toggle(card)
            practice.locator(".cribbage-practice-throw").click()
            twin.throw()
        elif kind == "card":  # a card chosen with the keyboard: focused, then Enter
            card = next(c for c in parse_cards(state.cards)
                        if not twin.playable.button(c).disabled)
            button = card_button(practice.locator(".cribbage-playable-hand"), card)
            button.focus()
            page.keyboard.press("Enter")
            twin.lay(card)
        else:  # the points typed, then Enter: the count of the record, counted by hand
            assert parse_cards(state.cards) == parse_cards("5H 5C 5S JD")
            total = "29"
            box = practice.get_by_label("Points", exact=True)
            box.focus()
            page.keyboard.type(total)
            page.keyboard.press("Enter")
            twin.count_box.value = total
            twin.check()
        line = said(practice, twin)
        assert twin.value.answered and twin.value.line in line
        answered.setdefault(kind, line)
        if len(answered) == 3:
            break
        if len(answered) % 2:  # Next clicked, or pressed with the keyboard
            practice.locator(".cribbage-practice-next").click()
        else:
            practice.locator(".cribbage-practice-next").focus()
            page.keyboard.press("Enter")
        twin.next()
    assert set(answered) == {"throw", "card", "count"}, answered
    assert answered["count"].startswith("Coach: Right")  # 29, typed as counted by hand
    # Why? shows the coach's numbers for the last answer, as the twin's
    practice.locator(".cribbage-practice-why-button").click()
    twin.toggle_why()
    numbers = practice.locator(".cribbage-practice-numbers")
    numbers.wait_for()
    assert numbers.inner_text().split() == words(twin.why.value).split()
    practice.scroll_into_view_if_needed()
    practice.screenshot(path=str(artifacts / "lab_practice_why.png"))
    no_violation(page, ".cribbage-practice", artifacts / "axe-lab-practice.json")
    # the page's widget wrote the same answers to the record beside the notebook
    with Record.open(made, create=False) as mine, \
            Record.open(lab.root / RECORD, create=False) as theirs:
        page_answers = [(e.kind, e.chosen) for e in theirs.entries() if e.origin == "practice"]
        assert page_answers == [(e.kind, e.chosen) for e in mine.entries()
                                if e.origin == "practice"]
        assert len(page_answers) >= 3


def test_the_progress_beside_it_is_named_by_its_points(page: Page, artifacts: Path) -> None:
    view = page.locator(".cribbage-progress-view")
    chart = view.locator("svg.cribbage-record-chart")
    chart.wait_for()
    points = [" ".join(t.split()) for t in
              view.locator(".cribbage-progress-point").all_inner_texts()]
    assert len(points) == 4 and points[2].startswith(("Blunders", "Mistakes", "Inaccuracies"))
    assert chart.get_attribute("role") == "img"
    assert chart.get_attribute("aria-label") == " ".join(points)
    assert chart.locator("rect.cribbage-record-cost").count() >= 1
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=str(artifacts / "lab_progress_chart.png"))
    no_violation(page, ".cribbage-progress-view", artifacts / "axe-lab-progress.json")
