"""Charts in the widgets: a matplotlib chart (the simulation's, the game's end) is drawn
off the kernel's main thread, remembered by its inputs, drawn ahead when asked, and never
shown in an Output that has moved on; the DiscardTrainer's and the ProbabilityExplorer's
charts are SVG, built with the click (no matplotlib, no waiting), the learner's throw
marked on its row. A kernel is imitated by a running asyncio loop."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]
import pytest
from matplotlib.figure import Figure

from cribbage_edu.charts import advice_chart, starter_chart
from cribbage_edu.charts.throws_svg import throw_label
from cribbage_edu.rules.cards import Deck, Hand, parse_cards
from cribbage_edu.widgets import DiscardTrainer, ProbabilityExplorer, ahead, drawing
from tests.pictures import all_of, box, svg_of, words


@pytest.fixture(autouse=True)
def in_a_kernel(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A kernel's event loop (the running asyncio loop) and an empty chart memory."""
    monkeypatch.setattr(drawing, "kernel_loop", asyncio.get_running_loop)
    drawing.forget()
    ahead.forget()
    yield
    drawing.forget()
    ahead.forget()


def run(steps: Callable[[], Any]) -> Any:
    """Run ``steps`` (which may return a coroutine to await) inside an event loop of
    its own, on a thread of its own: the kernel's thread in these tests (the test's
    own thread may already run a loop, e.g. Playwright's after the browser tests)."""
    async def main() -> Any:
        result = steps()
        if asyncio.iscoroutine(result):
            result = await result
        return result

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="kernel") as kernel:
        return kernel.submit(asyncio.run, main()).result()


def small_figure(threads: list[str] | None = None) -> Callable[[], Figure]:
    def make() -> Figure:
        if threads is not None:
            threads.append(threading.current_thread().name)
        fig = Figure(figsize=(2, 1))
        fig.add_subplot().plot([0, 1], [1, 0])
        return fig
    return make


async def settle(out: w.DOMWidget, timeout: float = 20.0) -> None:
    """Let the loop run until ``out`` shows something (or the time is up)."""
    for _ in range(int(timeout / 0.01)):
        if out.outputs if isinstance(out, w.Output) else out.value:
            return
        await asyncio.sleep(0.01)


def is_png(out: w.DOMWidget) -> bool:
    if isinstance(out, w.HTML):  # a picture framed in HTML
        return out.value.count("data:image/png;base64,") == 1
    return len(out.outputs) == 1 and "image/png" in out.outputs[0]["data"]


def recording_png(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The threads each PNG is made on."""
    threads: list[str] = []
    real = drawing.png

    def png(fig: Any, dpi: int = drawing.DPI) -> Any:
        threads.append(threading.current_thread().name)
        return real(fig, dpi)
    monkeypatch.setattr(drawing, "png", png)
    return threads


def test_a_chart_is_built_in_the_click_made_a_png_on_another_thread_and_follows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = w.Output()
    built: list[str] = []
    made = recording_png(monkeypatch)

    async def click_then_wait() -> tuple[int, bool, str]:
        drawing.paint(out, ("one",), small_figure(built))
        shown_at_once = len(out.outputs)  # the click answers before the PNG is made
        await settle(out)
        return shown_at_once, is_png(out), threading.current_thread().name

    shown_at_once, shown, kernel_thread = run(click_then_wait)
    assert (shown_at_once, shown) == (0, True)
    assert built == [kernel_thread]  # matplotlib's settings are used by the kernel's thread only
    assert made == ["cribbage-charts"]


def test_the_chart_thread_touches_neither_pyplot_nor_matplotlibs_settings() -> None:
    """Real charts, with the chart thread watched: no function of pyplot and no change
    to rcParams is called there (the house style's rc_context is not)."""
    import matplotlib

    touched: list[str] = []

    def watch(frame: Any, event: str, _: Any) -> None:
        if event != "call":
            return
        code = frame.f_code
        if code.co_filename.endswith("pyplot.py") or (
                code.co_filename == matplotlib.__file__
                and code.co_qualname in ("RcParams.__setitem__", "RcParams._set",
                                         "RcParams._update_raw", "rc_context")):
            touched.append(code.co_qualname)

    async def every_chart() -> list[bool]:
        await asyncio.wrap_future(drawing.submit(lambda: sys.setprofile(watch)))
        outs = [w.Output() for _ in range(3)]
        drawing.paint(outs[0], ("advice",),
                      lambda: advice_chart("5H 5C 6D JS QH 2C", dealer=True))
        drawing.paint(outs[1], ("starters",), lambda: starter_chart("5H 5C 5S JD"))
        drawing.prepare(("ahead",), lambda: starter_chart("5H JD 2C 9H", which=False))
        drawing.paint(outs[2], ("ahead",), lambda: starter_chart("5H JD 2C 9H", which=False))
        for out in outs:
            await settle(out)
        await asyncio.wrap_future(drawing.submit(lambda: sys.setprofile(None)))
        return [is_png(out) for out in outs]

    assert run(every_chart) == [True, True, True]
    assert touched == []


def test_outside_a_kernel_a_chart_is_drawn_at_once_in_the_callers_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drawing, "kernel_loop", lambda: None)
    made = recording_png(monkeypatch)
    out = w.Output()
    drawing.prepare(("ahead",), small_figure())  # nothing drawn ahead in a script
    drawing.paint(out, ("now",), small_figure())
    assert is_png(out)
    assert made == [threading.current_thread().name]
    assert not drawing.remembered()


def test_the_chart_thread_never_keeps_a_process_from_exiting(tmp_path: Path) -> None:
    """A chart thread busy (here: forever) when the program ends does not hold it."""
    script = tmp_path / "busy.py"
    script.write_text(
        "import threading\n"
        "from cribbage_edu.widgets import drawing\n"
        "drawing.submit(threading.Event().wait)\n"
        "print('done')\n")
    finished = subprocess.run([sys.executable, str(script)], capture_output=True,
                              text=True, timeout=120)  # a hang fails, however long
    assert (finished.returncode, finished.stdout) == (0, "done\n"), finished.stderr


def test_a_prepared_chart_is_shown_with_the_click_and_not_drawn_again() -> None:
    out = w.Output()
    threads: list[str] = []

    async def prepare_then_click() -> bool:
        drawing.prepare(("two",), small_figure(threads))
        await asyncio.wrap_future(drawing.remembered()[("two",)])
        drawing.paint(out, ("two",), small_figure(threads))
        return is_png(out)  # at once, within the click

    assert run(prepare_then_click) is True
    assert len(threads) == 1


def test_a_late_chart_is_dropped_when_the_learner_has_moved_on() -> None:
    out = w.Output()
    gate = threading.Event()

    def slow() -> Figure:
        gate.wait(10)
        return small_figure()()

    async def move_on() -> list[Any]:
        drawing.paint(out, ("slow",), slow)
        drawing.clear(out)  # Next hand
        drawing.paint(out, ("next",), small_figure())
        gate.set()
        await asyncio.wrap_future(drawing.remembered()[("slow",)])
        await settle(out)
        await asyncio.sleep(0.05)
        return list(out.outputs)

    shown = run(move_on)
    assert len(shown) == 1  # the next hand's chart only, not the slow one as well
    assert drawing.wanted(out) == ("next",)


def test_a_chart_that_fails_says_so_and_is_not_remembered() -> None:
    out = w.Output()

    async def fail() -> str:
        drawing.paint(out, ("broken",), lambda: 1 / 0)
        await settle(out)
        return str(out.outputs[0].get("text", ""))

    assert run(fail).startswith("the chart could not be drawn: division by zero")
    assert ("broken",) not in drawing.remembered()


def no_matplotlib_chart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make drawing any matplotlib figure through the widgets' chart machinery fail."""
    def refuse(make_figure: Any) -> Any:
        raise AssertionError("a matplotlib chart was built for a widget's SVG chart")
    monkeypatch.setattr(drawing, "build", refuse)


def mark_and_rows(html: str) -> tuple[int, list[str], str]:
    """The row the throw chart outlines as "your throw" (0: the top), the rows' labels,
    and the label under the outline."""
    root = svg_of(html)
    rows = all_of(root, "g", "cribbage-throw-row")
    labels = [words(row)[0] for row in rows]
    (outline,) = all_of(root, "rect", "cribbage-your-throw")
    _, top, _, height = box(outline)
    inside = [n for n, row in enumerate(rows)
              if top < float(all_of(row, "text", "cribbage-throw-label")[0].get("y", "0"))
              < top + height]
    assert len(inside) == 1, inside
    return inside[0], labels, labels[inside[0]]


def test_the_discard_trainer_shows_its_chart_with_the_throw_and_marks_the_throw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In a kernel the chart comes in the click's own answer: SVG, built from the coach's
    verdict (worked out ahead for this hand and the next), no matplotlib figure drawn;
    the learner's throw is outlined on its row, and Next hand clears it."""
    no_matplotlib_chart(monkeypatch)

    async def deal_then_throw() -> tuple[str, str, list[Any], Any]:
        trainer = DiscardTrainer(seed=7)
        worked = [k for k in ahead.remembered() if k[0] == "throws"]
        hand = trainer.value.hand
        trainer.picker.toggle(hand[0])
        trainer.picker.toggle(hand[1])
        trainer.throw_button.click()
        first = trainer.chart_view.value  # at once, with the click
        state = trainer.value
        trainer.next_button.click()
        return first, trainer.chart_view.value, worked, state

    shown, after_next, worked, state = run(deal_then_throw)
    rng = random.Random(7)  # the trainer's seed: a new deck a deal
    first_hand, second_hand = Deck(rng).deal(6), Deck(rng).deal(6)
    # the coach's numbers for this hand and the next, started ahead (charts need none)
    assert [k[1] for k in worked] == [tuple(first_hand), tuple(second_hand)]
    assert "data:image/png" not in shown and shown.count("<svg") == 1
    assert state.rank is not None and state.thrown is not None
    row, labels, marked = mark_and_rows(shown)
    assert labels == [throw_label(o) for o in state.options]
    assert row == state.rank - 1
    kept = Hand(c for c in first_hand if c not in state.thrown)
    assert set(parse_cards(marked.split("  throw ")[0].removeprefix("keep "))) == set(kept)
    assert set(parse_cards(marked.split("throw ")[1])) == set(first_hand[:2])
    assert f"your throw: outlined in red dashes (row {state.rank})" in shown
    assert after_next == ""  # a new deal: no chart until the next throw


def test_the_throw_marked_is_the_row_of_the_learners_throw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside a kernel the chart is drawn at once; the outline sits on the row of the
    learner's throw, labelled with the cards thrown, one row lower for each rank."""
    monkeypatch.setattr(drawing, "kernel_loop", lambda: None)
    no_matplotlib_chart(monkeypatch)
    seen = {}
    for pick in ((0, 1), (2, 3), (4, 5)):
        trainer = DiscardTrainer(seed=7)
        thrown = [trainer.value.hand[n] for n in pick]
        for card in thrown:
            trainer.picker.toggle(card)
        trainer.throw_button.click()
        rank = trainer.value.rank
        assert rank is not None
        row, labels, marked = mark_and_rows(trainer.chart_view.value)
        assert row == rank - 1
        assert set(parse_cards(marked.split("throw ")[1])) == set(thrown)
        assert labels[row] == marked and len(labels) == 15
        seen[rank] = marked
    assert len(seen) == 3  # three throws, three rows


def test_the_explorer_shows_both_charts_with_compare() -> None:
    """In a kernel, Compare shows both choices' charts in its own answer (SVG, no chart
    drawn ahead and none on the chart thread)."""
    async def choose_then_compare() -> tuple[str, str]:
        explorer = ProbabilityExplorer(seed=7)
        explorer.cards_box.value = "5H 5C 5S JD 2C 9H"
        explorer.use_button.click()
        for card in parse_cards("5H 5C 5S JD"):
            explorer.choice_a.toggle(card)
        for card in parse_cards("5H JD 2C 9H"):
            explorer.choice_b.toggle(card)
        explorer.compare_button.click()
        return explorer.chart_a.value, explorer.chart_b.value

    a, b = run(choose_then_compare)
    assert not drawing.remembered()
    assert words(svg_of(a))[0] == "Keep 5♥ 5♣ 5♠ J♦: the 46 starters"
    assert words(svg_of(b))[0] == "Keep 5♥ J♦ 2♣ 9♥: the 46 starters"
