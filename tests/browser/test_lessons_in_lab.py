"""Every lesson opened as a learner opens it: JupyterLab in headless Chromium, Run All.

Each notebook of ``lessons/`` (a temporary copy, inside the folder the shared JupyterLab
serves, so ``import exercises`` works and autosave can never touch the stored outputs) is
opened, its outputs cleared, and run with Run All on a connected, idle kernel. Then the
page must show what a learner expects: every code cell run once, in order; no error or
traceback anywhere; every widget drawn (not "Loading widget...", not "Error displaying
widget"); every image loaded; and, cell by cell, a widget wherever the stored notebook
has one and a picture wherever it has a PNG. Screenshots of the whole notebook land in
``test-artifacts/lessons/``. The kernel is shut down after each lesson, so they never
pile up on the machine's two cores.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import KERNEL_READY, ROOT, Lab

pytestmark = pytest.mark.browser

LESSONS = ROOT / "lessons"
NOTEBOOKS = sorted(path.name for path in LESSONS.glob("*.ipynb"))
FOLDER = "lessons"  # the copy's folder inside the served root
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
PNG_MIME = "image/png"
# A line that starts like a Python error report: "Traceback (most recent call last)",
# "ValueError: ...", "IllegalPlayError", "KeyError", "SomeException: ...".
ERROR_LINE = re.compile(r"^\s*(Traceback \(most recent call last\)|\w*(Error|Exception)\b)",
                        re.MULTILINE)
TALLEST_SHOT = 16_000  # pixels: Chromium's largest texture, about


@dataclass(frozen=True)
class StoredCell:
    """What the stored notebook says one cell shows."""

    index: int
    code: bool
    widget: bool
    png: bool
    may_raise: bool


def stored_cells(name: str) -> list[StoredCell]:
    """The cells of a stored lesson, with the kinds of output each one has."""
    notebook = json.loads((LESSONS / name).read_text(encoding="utf-8"))
    cells = []
    for index, cell in enumerate(notebook["cells"]):
        mimes: set[str] = set()
        for output in cell.get("outputs", []):
            mimes.update(output.get("data", {}))
        cells.append(StoredCell(
            index=index, code=cell["cell_type"] == "code", widget=WIDGET_MIME in mimes,
            png=PNG_MIME in mimes,
            may_raise="raises-exception" in cell.get("metadata", {}).get("tags", [])))
    return cells


def test_every_lesson_is_here() -> None:
    names = set(NOTEBOOKS)
    assert "play.ipynb" in names
    for number in range(14):
        assert any(name.startswith(f"{number:02d}_") for name in names), number


@pytest.fixture(scope="module")
def lessons_in_lab(lab: Lab) -> Iterator[Lab]:
    """The shared JupyterLab, with a fresh copy of the whole lessons/ folder in it."""
    copy = lab.root / FOLDER
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(LESSONS, copy, ignore=shutil.ignore_patterns(
        ".ipynb_checkpoints", "__pycache__"))
    yield lab
    shutil.rmtree(copy, ignore_errors=True)


@pytest.fixture()
def lesson_page(browser: BrowserContext) -> Iterator[Page]:
    """A fresh tab; on the way out its kernel is shut down and the tab closed."""
    page = browser.new_page()
    yield page
    try:
        page.evaluate("""async () => {
          const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
          if (widget && widget.sessionContext) { await widget.sessionContext.shutdown(); }
        }""")
    finally:
        page.close()


NOTEBOOK_JS = "window.jupyterapp.shell.currentWidget.content"  # the open Notebook widget

# Run All is done when the kernel is idle and either every code cell has a count or an
# error stopped the run (JupyterLab then leaves the cells after it without a count). The
# counts come from the cells' models: a cell whose code is hidden shows no prompt.
RUN_FINISHED = """() => {
  const widget = window.jupyterapp.shell.currentWidget;
  const kernel = widget.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') { return false; }
  const cells = widget.content.widgets.filter(c => c.model.type === 'code');
  const outputs = c => Array.from({length: c.model.outputs.length},
                                  (_, i) => c.model.outputs.get(i));
  const counted = cells.every(c => c.model.executionCount !== null);
  const failed = cells.some(c => outputs(c).some(o => o.type === 'error'));
  return counted || failed;
}"""

NOTHING_COUNTED = f"""() => {NOTEBOOK_JS}.widgets.every(
    c => c.model.type !== 'code' || c.model.executionCount === null)"""

# What the page shows, cell by cell, gathered in one pass.
CELLS_SHOWN = """() => {
  const nested = el => !!el.parentElement.closest('.jupyter-widgets, .widget-output');
  return %(notebook)s.widgets.map(widget => {
    const cell = widget.node;
    const code = widget.model.type === 'code';
    const outputs = [...cell.querySelectorAll('.jp-OutputArea-output')];
    const top = outputs.filter(o => !nested(o));
    const drawn = top.filter(o => o.querySelector(':scope > .jupyter-widgets'));
    const pictures = [...cell.querySelectorAll('.jp-OutputArea img')].filter(
        img => !nested(img) && (img.getAttribute('src') || '').startsWith('data:%(png)s'));
    return {
      code: code,
      count: code ? widget.model.executionCount : null,
      stderr: outputs.filter(o => o.dataset.mimeType === 'application/vnd.jupyter.stderr')
                     .map(o => o.innerText),
      texts: [...cell.querySelectorAll('.jp-OutputArea .jp-RenderedText')]
                 .filter(o => o.dataset.mimeType !== 'application/vnd.jupyter.stderr')
                 .map(o => o.innerText),
      outputText: outputs.map(o => o.innerText).join('\\n'),
      widgetsDrawn: drawn.length,
      widgetText: [...cell.querySelectorAll('.jp-OutputArea .jupyter-widgets')]
                      .map(w => w.innerText).join('\\n'),
      pngs: pictures.length,
      images: [...cell.querySelectorAll('img')].map(img => ({
          src: (img.getAttribute('src') || '').slice(0, 40),
          loaded: img.complete && img.naturalWidth > 0})),
      mathErrors: cell.querySelectorAll('mjx-merror, .MathJax_Error').length,
    };
  });
}""".replace("%(png)s", PNG_MIME).replace("%(notebook)s", NOTEBOOK_JS)

# Widgets are drawn and pictures decoded (a data: image may still be decoding when the
# run ends).
NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Resolves once the page has painted twice: whatever was just changed is on screen."""

OUTPUTS_SETTLED = """() => {
  const notebook = document.querySelector('.jp-Notebook');
  return !notebook.innerText.includes('Loading widget...')
      && [...notebook.querySelectorAll('img')].every(img => img.complete);
}"""


def open_clear_and_run_all(page: Page, lab: Lab, name: str) -> None:
    """Open ``FOLDER/name``, wait for a connected idle kernel, clear every output (so
    nothing stored can pass for a fresh run), Run All and wait until it is done."""
    page.goto(lab.notebook_url(f"{FOLDER}/{name}"))
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_function(KERNEL_READY, timeout=60_000)
    page.evaluate("""async () => {
      const app = window.jupyterapp;
      await app.commands.execute('notebook:clear-all-cell-outputs');
    }""")
    page.wait_for_function(NOTHING_COUNTED)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    wait_while_the_kernel_works(page)


# What the kernel is doing, and how many code cells have run so far.
KERNEL_WORK = f"""() => {{
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel;
  const counted = {NOTEBOOK_JS}.widgets.filter(
      c => c.model.type === 'code' && c.model.executionCount !== null).length;
  return {{status: kernel ? kernel.status : 'none',
          connection: kernel ? kernel.connectionStatus : 'none', counted: counted}};
}}"""

HANG_LIMIT_S = 1200
"""Only a hang takes this long: the slowest lesson (10) ran Run All in 50 s on a busy
2-core machine."""


def wait_while_the_kernel_works(page: Page, look_every_ms: int = 15_000) -> None:
    """Wait for Run All to finish for as long as the kernel is alive and busy, not for a
    fixed time: a busy machine only makes the cells slower. Fails at once when the
    kernel dies or disconnects, or sits idle with no cell run since the last look (the
    run stopped without finishing)."""
    began = time.monotonic()
    last: dict[str, Any] | None = None
    while True:
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(RUN_FINISHED, timeout=look_every_ms, polling=200)
            return
        work = page.evaluate(KERNEL_WORK)
        assert work["status"] not in ("dead", "none", "unknown"), f"the kernel stopped: {work}"
        assert work["connection"] != "disconnected", f"the kernel went away: {work}"
        stalled = last is not None and work["status"] == "idle" == last["status"] and (
            work["counted"] == last["counted"])
        assert not stalled, f"Run All stopped before the end: {work}"
        assert time.monotonic() - began < HANG_LIMIT_S, f"Run All hangs: {work}"
        last = work


def problems_on_page(name: str, shown: list[dict[str, Any]]) -> list[str]:
    """Everything a learner would see as broken, worded for the failure message."""
    stored = stored_cells(name)
    problems: list[str] = []
    if len(shown) != len(stored):
        return [f"the page shows {len(shown)} cells, the notebook has {len(stored)}"]
    counts = []
    for cell, page_cell in zip(stored, shown, strict=True):
        where = f"cell {cell.index}"
        if cell.code != page_cell["code"]:
            problems.append(f"{where}: code cell on one side only")
            continue
        if not cell.code:
            if page_cell["mathErrors"]:
                problems.append(f"{where}: the markdown's maths does not render")
            for image in page_cell["images"]:
                if not image["loaded"]:
                    problems.append(f"{where}: the markdown image {image['src']} is broken")
            continue
        counts.append(page_cell["count"])
        if cell.may_raise:
            continue
        for text in page_cell["stderr"]:
            problems.append(f"{where} writes to stderr: {text[:300]!r}")
        for text in page_cell["texts"]:
            if ERROR_LINE.search(text):
                problems.append(f"{where} shows an error: {text[:300]!r}")
        widget_text = page_cell["widgetText"]
        if ERROR_LINE.search(widget_text):
            problems.append(f"{where}: a widget shows an error: {widget_text[:300]!r}")
        for words in ("Error displaying widget", "Loading widget..."):
            if words in page_cell["outputText"]:
                problems.append(f"{where}: the output says {words!r}")
        if cell.widget and not page_cell["widgetsDrawn"]:
            problems.append(f"{where}: the stored notebook shows a widget here, the page "
                            "draws none")
        if cell.png and not page_cell["pngs"]:
            problems.append(f"{where}: the stored notebook shows a picture here, the page "
                            "shows none")
        for image in page_cell["images"]:
            if not image["loaded"]:
                problems.append(f"{where}: the image {image['src']}... did not load")
    if counts != list(range(1, len(counts) + 1)):
        problems.append(f"the code cells did not all run once, in order: counts {counts}")
    return problems


PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
SCROLLER = f"{PANEL} .jp-WindowedPanel-outer"  # the notebook's scroller
CONTENT = f"{PANEL} .jp-WindowedPanel-inner"  # the cells (the scroller adds room below)


def screenshot_notebook(page: Page, stem: Path) -> list[Path]:
    """The whole notebook, top to bottom, in as few pictures as fit: the side bar
    folded, the window made taller (up to ``TALLEST_SHOT``), and the notebook's
    scroller moved one screen at a time (a locator screenshot shows only what the
    scroller has in view). Returns the files written: ``<stem>_1.png``, ..."""
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    scroller, content = page.locator(SCROLLER), page.locator(CONTENT)
    cells = content.evaluate("el => el.scrollHeight")
    size = page.viewport_size or {"width": 1280, "height": 1000}
    extra = cells - scroller.evaluate("el => el.clientHeight")
    height = min(size["height"] + max(extra, 0), TALLEST_SHOT)
    page.set_viewport_size({"width": size["width"], "height": height})
    paths = []
    try:
        page.wait_for_function(  # Lumino lays the panels out again on the next frame
            "([sel, h]) => document.querySelector(sel).clientHeight >= h",
            arg=[SCROLLER, min(cells, height - size["height"])])
        view = scroller.evaluate("el => el.clientHeight")
        for part, top in enumerate(range(0, cells, view), start=1):
            scroller.evaluate("(el, top) => { el.scrollTop = top; }", top)
            page.evaluate(NEXT_FRAMES)  # the scrolled cells painted, not a fixed sleep
            path = stem.with_name(f"{stem.name}_{part}.png")
            page.locator(PANEL).screenshot(path=str(path))
            paths.append(path)
    finally:
        page.set_viewport_size(size)
    return paths


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_lesson_runs_and_shows_everything(lessons_in_lab: Lab, lesson_page: Page,
                                          artifacts: Path, name: str) -> None:
    page = lesson_page
    open_clear_and_run_all(page, lessons_in_lab, name)
    try:
        page.wait_for_function(OUTPUTS_SETTLED, timeout=10_000)
        settled = True
    except PlaywrightTimeout:  # a failure, said with the rest of what the page shows
        settled = False
    shown: list[dict[str, Any]] = page.evaluate(CELLS_SHOWN)
    folder = artifacts / "lessons"
    folder.mkdir(exist_ok=True)
    for old in folder.glob(f"{Path(name).stem}_*.png"):
        old.unlink()
    screenshot_notebook(page, folder / Path(name).stem)
    problems = problems_on_page(name, shown)
    if not settled:
        problems.append("the outputs did not settle within 10 s: a widget still loading "
                        "or a picture not loaded")
    if "Loading widget..." in page.locator(".jp-Notebook").inner_text():
        problems.append("a widget still says 'Loading widget...'")
    uses_widget = any(cell.widget for cell in stored_cells(name))
    if uses_widget:
        drawn = page.locator(".jp-Notebook .jp-OutputArea .jupyter-widgets").count()
        if drawn == 0:
            problems.append("the lesson uses a widget but none is drawn")
    assert not problems, f"{name}:\n" + "\n".join(problems)


# --- before it is run ----------------------------------------------------------------------

# A widget's repr ("<CountingQuiz seed 7, ...>", "VBox(children=(IntSlider(...")
REPR = re.compile(r"<[A-Z]\w+ seed \d+|\b[A-Z]\w*\((children|value|description|options)=")
# A card picture whose SVG was stripped by the sanitizer leaves its title and text:
# "five of hearts5♥♥"
STRIPPED_CARD = re.compile(r"(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king)"
                           r" of (clubs|diamonds|hearts|spades)\s*(A|[2-9]|10|J|Q|K)[♣♦♥♠]")
SHOWN_UNRUN = """() => %(notebook)s.widgets.map(widget => ({
    code: widget.model.type === 'code',
    text: [...widget.node.querySelectorAll('.jp-OutputArea-output')]
              .map(o => o.innerText).join('\\n'),
    images: [...widget.node.querySelectorAll('.jp-OutputArea img')].map(
        img => ({alt: img.getAttribute('alt') || '',
                 loaded: img.complete && img.naturalWidth > 0})),
}))""".replace("%(notebook)s", NOTEBOOK_JS)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_lesson_looks_right_before_it_is_run(lessons_in_lab: Lab, lesson_page: Page,
                                             artifacts: Path, name: str) -> None:
    """A learner opens a lesson (not trusted, nothing run): card pictures show as
    pictures, score tables as tables, and every widget cell shows a picture or a line
    saying what running it gives, never a repr."""
    page = lesson_page
    page.goto(lessons_in_lab.notebook_url(f"{FOLDER}/{name}"))
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    stored = stored_cells(name)
    # every cell of the lesson on the page (not a fixed wait), every picture loaded
    page.wait_for_function(f"n => {NOTEBOOK_JS}.widgets.length === n && [...document."
                           "querySelectorAll('.jp-Notebook img')].every(i => i.complete)",
                           arg=len(stored), timeout=60_000)
    page.evaluate(NEXT_FRAMES)  # the output renderers have drawn
    shown: list[dict[str, Any]] = page.evaluate(SHOWN_UNRUN)
    folder = artifacts / "lessons_unrun"
    folder.mkdir(exist_ok=True)
    for old in folder.glob(f"{Path(name).stem}_*.png"):
        old.unlink()
    screenshot_notebook(page, folder / Path(name).stem)
    problems = []
    for cell, page_cell in zip(stored, shown, strict=True):
        where = f"cell {cell.index}"
        text = page_cell["text"]
        if STRIPPED_CARD.search(text):
            problems.append(f"{where} shows a card picture as text: "
                            f"{STRIPPED_CARD.search(text).group(0)!r}")  # type: ignore[union-attr]
        for words in ("Error displaying widget", "Loading widget..."):
            if words in text:
                problems.append(f"{where} says {words!r}")
        for image in page_cell["images"]:
            if not image["loaded"]:
                problems.append(f"{where}: the picture {image['alt']!r} did not load")
        if cell.widget:
            if REPR.search(text):
                problems.append(f"{where} shows a widget's repr: {text[:120]!r}")
            if "Run this cell to" not in text:
                problems.append(f"{where}: a widget cell does not say what running it gives")
    assert not problems, f"{name} before it is run:\n" + "\n".join(problems)
