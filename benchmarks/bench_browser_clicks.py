"""Click-to-paint in a real browser: every widget action, 30 clicks each.

JupyterLab (127.0.0.1, a random port and token, temporary folders) serves a notebook
holding every widget; headless Chromium runs it, then for each action clicks the
control from inside the page and times, with ``performance.now()``, from the click to
the first frame painted after the widget's DOM shows the answer (a MutationObserver
sees the change the learner waits for; two ``requestAnimationFrame`` callbacks later
the frame is on screen). Charts count: an action that draws one is timed until its
picture is painted (a new PNG loaded, or a new SVG chart, ``svg.cribbage-chart``, in
the page).

Run by hand (it is a measurement, not a test), on a quiet machine:

    .venv/bin/python benchmarks/bench_browser_clicks.py [--clicks 30] [--json out.json]
        [--pause MS] [--only pegs --only board ...]

``--pause`` waits before Throw two and Compare as a learner would, after choosing the
cards: the widgets draw those charts ahead, so this shows what a learner at that pace
waits for (the default, back to back, is the worst case).

The goal (issue 9): p90 at most 150 ms and the slowest at most 500 ms for every action;
(issue 18) back to back, every action, the coach's verdict and every chart included,
p90 at most 150 ms and the slowest at most 400 ms. The GameTable plays with the coach
on every decision (``coach='every'``): a throw, and a card when more than one rank fits,
is timed until its verdict is on the page too; Review is clicked after every deal.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import nbformat  # noqa: E402
from playwright.sync_api import Locator, Page, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from timing import percentile  # noqa: E402  (benchmarks/timing.py, beside this script)

from tests.browser.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_FLAGS,
    KERNEL_READY,
    free_port,
    quiet_env,
    serving,
    wait_for,
)

CELLS = [
    "from cribbage_edu.widgets import *",
    "DiscardTrainer(seed=7)",
    "PeggingPractice(seed=7)",
    "CountingQuiz(seed=7, tries=1)",
    "BoardWidget(seed=7)",
    "ProbabilityExplorer(seed=7)",
    "GameTable(seed=7, opponent='greedy', target=61, coach='every')",
    "pegs = PeggingPractice(seed=3, opponent='greedy', claim_play=True, coach='off')\n"
    "pegs.add_class('bench-pegs')\npegs",
]

# In the page: click ``selector`` (the n-th match) inside ``root``; time until the root's
# text has changed and the frame after it is painted, and for an action that draws a
# chart, until its new picture has loaded and is painted.
MEASURE = """async ([root, selector, n, chart, verdict]) => {
  const box = document.querySelector(root);
  const target = box.querySelectorAll(selector)[n];
  if (!target) { return null; }
  const before = box.textContent;
  const said = () => { const l = box.querySelector('.cribbage-coach-line');
                       return l ? l.dataset.decision : null; };
  const saidBefore = said();
  const pictures = new Set([...box.querySelectorAll('img')].map(i => i.src));
  const drawn = new Set(box.querySelectorAll('svg.cribbage-chart'));
  const painted = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const textChanged = () => box.textContent !== before;
  const chartShown = () => [...box.querySelectorAll(
      '.widget-output img, .jp-OutputArea img, .cribbage-chart img')]
      .some(i => !pictures.has(i.src) && i.complete && i.naturalWidth > 0)
      || [...box.querySelectorAll('svg.cribbage-chart')].some(c => !drawn.has(c));
  const until = (done) => new Promise(resolve => {
    if (done()) { resolve(true); return; }
    const watch = new MutationObserver(() => { if (done()) { stop(true); } });
    const poll = setInterval(() => { if (done()) { stop(true); } }, 5);
    const timer = setTimeout(() => stop(false), 10000);
    const stop = (ok) => { watch.disconnect(); clearInterval(poll); clearTimeout(timer);
                           resolve(ok); };
    watch.observe(box, {subtree: true, childList: true, characterData: true, attributes: true});
  });
  const start = performance.now();
  target.click();
  const sawText = await until(textChanged);
  await painted();
  const text = performance.now() - start;
  let coach = null;
  if (verdict) {
    const sawVerdict = await until(() => said() !== null && said() !== saidBefore);
    await painted();
    coach = sawVerdict ? performance.now() - start : -1;
  }
  if (!chart) { return {text: sawText ? text : -1, chart: null, coach}; }
  const sawChart = await until(chartShown);
  await painted();
  return {text: sawText ? text : -1, chart: sawChart ? performance.now() - start : -1,
          coach};
}"""


class Bench:
    def __init__(self, page: Page, pause: int = 0) -> None:
        self.page = page
        self.pause = pause  # ms a learner takes between choosing and asking for a chart
        self.times: dict[str, list[float]] = {}
        self.missed: dict[str, int] = {}

    def click(self, name: str, root: str, selector: str, n: int = 0,
              chart: bool = False, verdict: bool = False) -> bool:
        """Click and time; False when the control is not there (the page was still
        being redrawn: the caller looks again). ``verdict``: also time until the
        coach's line for this decision is on the page."""
        found: dict[str, float] | None = self.page.evaluate(
            MEASURE, [root, selector, n, chart, verdict])
        if found is None:
            self.page.wait_for_timeout(50)
            return False
        if found["text"] < 0 or (chart and found["chart"] < 0) or (
                verdict and found["coach"] < 0):
            self.missed[name] = self.missed.get(name, 0) + 1  # no change seen in 10 s
            return True
        self.times.setdefault(name, []).append(found["text"])
        if chart:
            self.times.setdefault(f"{name}: its chart", []).append(found["chart"])
        if verdict:
            self.times.setdefault(f"{name}: the coach's verdict", []).append(found["coach"])
        return True

    def think(self) -> None:
        """Wait as a learner does between choosing cards and pressing for the chart
        (``--pause``; none by default: the clicks come back to back)."""
        if self.pause:
            self.page.wait_for_timeout(self.pause)

    def dealt(self, root: str) -> None:
        """Wait until the new cards are on the page (none selected), not only the first
        change seen: a click on the last hand's card, still there, would be lost, and
        the run would go on out of step (a hand not thrown cannot be left)."""
        self.page.wait_for_function(
            "root => !document.querySelector(root + ' .cribbage-card-toggle.mod-active')",
            arg=root)

    def count(self, root: str, selector: str) -> int:
        found: int = self.page.locator(f"{root} {selector}").count()
        return found


LOOKS = 200
"""Looks at a widget (each 50 ms or a click) without progress before a run stops with the
widget's text: a benchmark that cannot go on says so rather than wait for ever."""


def typed(box: Locator, text: str) -> None:
    """Type ``text`` in a number box as a person does before clicking the button beside
    it: the click, moving the focus away, commits the text (the 'change' a blur fires);
    the benchmark's clicks are the page's own (``element.click()``), which move no
    focus, so the change is sent here."""
    box.fill(text, timeout=2000)
    box.dispatch_event("change")


def discard(b: Bench, clicks: int) -> None:
    root = ".cribbage-discard-trainer"
    for i in range(clicks):
        b.click("DiscardTrainer: select a card", root, ".cribbage-card-toggle", 0)
        b.click("DiscardTrainer: select a card", root, ".cribbage-card-toggle", 1 + i % 5)
        b.think()
        b.click("DiscardTrainer: Throw two", root, ".cribbage-throw", chart=True)
        b.click("DiscardTrainer: Next hand", root, ".cribbage-next")
        b.dealt(root)


def pegging(b: Bench, clicks: int) -> None:
    # the page holds a second practice (``pegs``, pegged by hand): the first alone, or its
    # cards are counted while the clicks go to this one, which never reaches Next hand
    root = ".cribbage-pegging-practice:not(.bench-pegs)"
    laid = 0
    tries = 0
    while laid < clicks:
        tries += 1
        if tries > LOOKS:  # no card laid for that many looks: say where, never hang
            said = b.page.locator(root).first.inner_text()
            raise RuntimeError(f"PeggingPractice: no card laid in {LOOKS} looks; the "
                               f"widget says: {said[-400:]!r}")
        if b.count(root, ".cribbage-go:visible"):
            b.click("PeggingPractice: Go", root, ".cribbage-go")
        elif b.count(root, ".cribbage-card-button:not([disabled])"):
            if b.click("PeggingPractice: lay a card", root,
                       ".cribbage-card-button:not([disabled])"):
                laid += 1
                tries = 0
        else:
            b.click("PeggingPractice: Next hand", root, ".cribbage-next")


def quiz(b: Bench, clicks: int) -> None:
    root = ".cribbage-counting-quiz"
    for _ in range(clicks):
        typed(b.page.locator(f"{root} .cribbage-quiz-total input"), "28")  # no hand makes 28
        b.click("CountingQuiz: Check", root, ".widget-button.mod-primary")
        b.click("CountingQuiz: Next (the show, step by step)", root, ".cribbage-show-next")
        b.click("CountingQuiz: Next hand", root, ".widget-button", 1)


def pegs(b: Bench, clicks: int) -> None:
    """The play pegged by hand (``claim_play``): the points typed, then Peg clicked (its
    click brings the text with it), timed until the verdict is on the page; a claim of
    0 each time (a wrong one is judged as quickly as a right one)."""
    root = ".bench-pegs"
    pegged = 0
    while pegged < clicks:
        if b.count(root, ".cribbage-peg:visible"):
            try:
                typed(b.page.locator(f"{root} .cribbage-peg-box input"), "0")
            except PlaywrightTimeout:  # the practice moved on meanwhile: look again
                continue
            if b.click("PeggingPractice: Peg (typed, then clicked)", root, ".cribbage-peg"):
                pegged += 1
        elif b.count(root, ".cribbage-go:visible"):
            b.click("PeggingPractice (pegging by hand): Go", root, ".cribbage-go")
        elif b.count(root, ".cribbage-card-button:not([disabled])"):
            b.click("PeggingPractice (pegging by hand): lay a card", root,
                    ".cribbage-card-button:not([disabled])")
        elif b.count(root, ".cribbage-next:visible"):
            b.click("PeggingPractice (pegging by hand): Next hand", root, ".cribbage-next")
        else:
            b.page.wait_for_timeout(50)


def board(b: Bench, clicks: int) -> None:
    root = ".cribbage-board-widget"
    typed(b.page.locator(f"{root} input").first, "1")
    for _ in range(clicks):
        b.click("BoardWidget: Peg", root, ".widget-button", 0)


def explorer(b: Bench, clicks: int) -> None:
    root = ".cribbage-probability-explorer"
    for _ in range(clicks):
        for n in range(4):
            b.click("ProbabilityExplorer: select a card", root,
                    ".cribbage-selectable-hand .cribbage-card-toggle", n)
        b.think()
        b.click("ProbabilityExplorer: Compare", root, ".cribbage-compare", chart=True)
        b.click("ProbabilityExplorer: Deal six", root, ".widget-button", 0)
        b.dealt(root)


def table(b: Bench, clicks: int) -> None:
    root = ".cribbage-game-table"
    page = b.page
    done = idle = 0
    while done < clicks:
        if idle > 200:  # 10 s with nothing to click: say what the table shows and stop
            text = page.locator(root).inner_text()
            page.locator(root).screenshot(path=str(STUCK))
            print(f"GameTable: stopped early, nothing to click for 10 s (picture: {STUCK}):"
                  f"\n{text[-800:]}")
            return
        if b.count(root, ".cribbage-result-text"):
            page.locator(f"{root} .widget-button", has_text="New game").click()
            idle += 1  # until the new game's first deal is on the table
            continue
        if b.count(root, ".cribbage-throw:visible"):
            for n in (0, 1):
                b.click("GameTable: select a card", root,
                        ".cribbage-selectable-hand .cribbage-card-toggle", n)
            b.click("GameTable: Throw two", root, ".cribbage-throw", verdict=True)
        elif b.count(root, ".cribbage-go:visible"):
            b.click("GameTable: Go", root, ".cribbage-go")
        elif b.count(root, ".cribbage-card-button:not([disabled])"):
            # the coach judges a card when more than one rank fits (coach='every')
            ranks = set(page.locator(f"{root} .cribbage-card-button:not([disabled])")
                        .evaluate_all("bs => bs.map(b => b.textContent.split(' of ')[0])"))
            if b.click("GameTable: lay a card", root,
                       ".cribbage-card-button:not([disabled])", verdict=len(ranks) > 1):
                done += 1
        elif b.count(root, ".cribbage-claim:visible"):
            try:
                typed(page.locator(f"{root} .cribbage-claim-box input"), "4")
            except PlaywrightTimeout:  # the table moved on meanwhile: look again
                idle += 40  # 2 s gone
                continue
            b.click("GameTable: Claim", root, ".cribbage-claim")
        elif b.count(root, ".cribbage-show-next:visible"):
            b.click("GameTable: Next (the show, step by step)", root, ".cribbage-show-next")
            if b.count(root, ".cribbage-show-all:visible"):
                b.click("GameTable: Show all", root, ".cribbage-show-all")
        elif b.count(root, ".cribbage-next:visible"):
            # the review after each deal, its chart included (drawn ahead as the deal ends)
            b.click("GameTable: Review", root, ".cribbage-review-button", chart=True)
            b.click("GameTable: Next deal", root, ".cribbage-next")
        else:
            page.wait_for_timeout(50)
            idle += 1
            continue
        idle = 0


STUCK = Path(tempfile.gettempdir()) / "bench-game-table-stuck.png"

ACTIONS: list[Callable[[Bench, int], None]] = [discard, pegging, quiz, board, explorer, table,
                                               pegs]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--pause", type=int, default=0, metavar="MS",
                        help="wait MS ms after choosing the cards, before Throw two and "
                             "Compare (a learner's pace; the charts are drawn ahead)")
    parser.add_argument("--only", action="append", default=[], metavar="ACTION",
                        choices=[a.__name__ for a in ACTIONS],
                        help="time only this widget's actions (may be repeated): "
                             + ", ".join(a.__name__ for a in ACTIONS))
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="cribbage-bench-"))
    try:
        notebooks = base / "notebooks"
        notebooks.mkdir()
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        nbformat.write(nb, notebooks / "bench.ipynb")
        env = quiet_env(base)
        port, token = free_port(), secrets.token_hex(16)
        command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
                   "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
                   f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={notebooks}",
                   "--LabApp.news_url=None",
                   "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                   "--LabApp.expose_app_in_browser=True", "--ServerApp.terminals_enabled=False"]
        if os.geteuid() == 0:
            command.append("--allow-root")
        url = f"http://127.0.0.1:{port}"
        with serving(command, env, notebooks, base / "lab.log") as proc:
            wait_for(f"{url}/api/status?token={token}", proc, "JupyterLab")
            with sync_playwright() as driver:
                context = driver.chromium.launch_persistent_context(
                    str(base / "profile"), executable_path=CHROMIUM, headless=True,
                    args=CHROMIUM_FLAGS, viewport={"width": 1400, "height": 1000})
                context.set_default_timeout(60_000)
                page = context.new_page()
                page.goto(f"{url}/lab/tree/bench.ipynb?token={token}&reset")
                page.wait_for_function(KERNEL_READY, timeout=90_000)
                page.evaluate("() => window.jupyterapp.commands.execute("
                              "'notebook:run-all-cells')")
                page.locator(".cribbage-game-table").wait_for(timeout=90_000)
                page.wait_for_timeout(1000)
                bench = Bench(page, args.pause)
                for action in [a for a in ACTIONS if not args.only or a.__name__ in args.only]:
                    try:
                        action(bench, args.clicks)
                    except PlaywrightTimeout as exc:  # report what was measured
                        print(f"{action.__name__}: stopped early: {str(exc)[:200]}")
                    if args.json:  # kept as it goes, so a stopped run keeps its figures
                        args.json.write_text(json.dumps(bench.times, indent=1))
                context.close()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    rows: list[dict[str, Any]] = []
    print(f"{'action':<50} {'clicks':>6} {'median':>7} {'p90':>7} {'max':>7}  (ms)")
    for name, times in bench.times.items():
        row = {"action": name, "clicks": len(times), "median": statistics.median(times),
               "p90": percentile(times, 0.9), "max": max(times)}
        rows.append(row)
        print(f"{name:<50} {len(times):>6} {row['median']:>7.0f} {row['p90']:>7.0f} "
              f"{row['max']:>7.0f}")
    for name, count in bench.missed.items():
        print(f"{name}: {count} clicks showed no change within 10 s (left out above)")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
