"""Charts in the widgets are drawn off the kernel's main thread, remembered by their
inputs, drawn ahead when the widget can tell which one comes next, and never shown in
an Output that has moved on. A kernel is imitated by a running asyncio loop."""

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

from cribbage_edu.rules.cards import Deck, parse_cards
from cribbage_edu.widgets import DiscardTrainer, ProbabilityExplorer, ahead, drawing


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
    """Each widget's chart, with the chart thread watched: no function of pyplot and
    no change to rcParams is called there (the house style's rc_context is not)."""
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
        trainer = DiscardTrainer(seed=7)
        for card in trainer.value.hand[:2]:
            trainer.picker.toggle(card)
        trainer.throw_button.click()
        explorer = ProbabilityExplorer(seed=7)
        explorer.cards_box.value = "5H 5C 5S JD 2C 9H"
        explorer.use_button.click()
        for card in parse_cards("5H 5C 5S JD"):
            explorer.choice_a.toggle(card)
        for card in parse_cards("5H JD 2C 9H"):
            explorer.choice_b.toggle(card)
        explorer.compare_button.click()
        outs = [trainer.chart_view, explorer.chart_a, explorer.chart_b]
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


def test_the_discard_trainer_draws_each_deals_chart_ahead_and_marks_the_throw_over_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The chart of a deal is drawn once, as soon as the deal is known (this hand and
    the next), unmarked; the learner's throw is outlined over the picture, so any throw
    is shown at once with the picture drawn ahead."""
    import cribbage_edu.widgets.discard as discard

    drawn: list[tuple[str, ...]] = []
    real = discard.advice_chart

    def recording(options: Any, **kwargs: Any) -> Figure:
        drawn.append(tuple(sorted(str(c) for c in options[0].discard + options[0].keep)))
        assert "mark" not in kwargs and kwargs["pegging"] is True
        return real(options, **kwargs)

    monkeypatch.setattr(discard, "advice_chart", recording)

    async def deal_then_throw() -> tuple[str, str, int]:
        trainer = DiscardTrainer(seed=7)
        for _ in range(3000):  # the coach's numbers, then the charts, between "clicks"
            charts = [k for k in drawing.remembered() if k[0] == "throw chart"]
            if len(charts) == 2 and all(f.done() for f in drawing.remembered().values()):
                break
            await asyncio.sleep(0.01)
        hand = trainer.value.hand
        trainer.picker.toggle(hand[0])
        trainer.picker.toggle(hand[1])
        trainer.throw_button.click()
        first = trainer.chart_view.value  # at once, with the click
        row = trainer.value.rank
        assert row is not None
        before_next = list(drawn)
        trainer.next_button.click()
        return first, trainer.chart_view.value, before_next

    shown, after_next, before_next = run(deal_then_throw)
    first_hand = tuple(sorted(str(c) for c in Deck(random.Random(7)).deal(6)))
    # this hand and the next, once each, before the throw; after Next the hand that
    # follows may be drawn ahead in its turn, but neither of the first two again
    assert len(before_next) == 2 and before_next[0] == first_hand
    assert len(set(drawn)) == len(drawn) and drawn[:2] == before_next
    assert shown.count("data:image/png;base64,") == 1
    assert shown.count("cribbage-your-throw") == 1 and "your throw" in shown
    top = float(shown.split("top:")[1].split("%")[0])
    height = float(shown.split("height:")[1].split("%")[0])
    # the rows are evenly spaced from the top of the plot: the mark's top moves down one
    # row's height for each place the throw ranks below the best
    assert 0 < height < 100 / 15 and 0 < top < 100
    assert after_next == ""  # a new deal: no chart until the next throw


def test_the_throw_marked_is_the_row_of_the_learners_throw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside a kernel the chart is drawn at once; the mark sits on the row of the
    learner's throw: one row lower for each rank."""
    monkeypatch.setattr(drawing, "kernel_loop", lambda: None)
    tops = {}
    for pick in ((0, 1), (2, 3), (4, 5)):
        trainer = DiscardTrainer(seed=7)
        for n in pick:
            trainer.picker.toggle(trainer.value.hand[n])
        trainer.throw_button.click()
        html = trainer.chart_view.value
        rank = trainer.value.rank
        assert rank is not None
        tops[rank] = (float(html.split("top:")[1].split("%")[0]),
                      float(html.split("height:")[1].split("%")[0]))
    ranks = sorted(tops)
    (r0, (t0, h)), (r1, (t1, _)) = (ranks[0], tops[ranks[0]]), (ranks[1], tops[ranks[1]])
    step = (t1 - t0) / (r1 - r0)
    assert step == pytest.approx(h / 0.96, rel=0.02)  # a row is 0.96 of the spacing


def test_the_explorer_draws_both_charts_once_the_choices_are_complete() -> None:
    async def choose_then_compare() -> tuple[bool, bool]:
        explorer = ProbabilityExplorer(seed=7)
        explorer.cards_box.value = "5H 5C 5S JD 2C 9H"
        explorer.use_button.click()
        for card in parse_cards("5H 5C 5S JD"):
            explorer.choice_a.toggle(card)
        assert len(drawing.remembered()) == 1  # A alone is a complete choice
        for card in parse_cards("5H JD 2C 9H"):
            explorer.choice_b.toggle(card)
        keys = [k for k in drawing.remembered() if k[0] == "starters"]
        ready = [drawing.remembered()[k] for k in keys if k[3:] == keys[-1][3:]]
        assert len(ready) == 2  # A and B on the scale they share
        for future in ready:
            await asyncio.wrap_future(future)
        explorer.compare_button.click()
        return is_png(explorer.chart_a), is_png(explorer.chart_b)

    assert run(choose_then_compare) == (True, True)
