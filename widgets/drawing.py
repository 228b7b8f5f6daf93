"""Charts for the widgets, drawn where the learner does not wait for them.

Turning a matplotlib figure into a PNG takes 0.05-0.3 s on a small machine: longer than
a click may take. So in a Jupyter kernel the widgets never turn a chart into a PNG in
the click's own handler, nor on the kernel's event loop (where it would hold up the next
click):

- the figure is built in the caller's thread (a few hundredths of a second; building
  reads and sets matplotlib's global settings, which only the kernel's own thread
  touches), and turned into a PNG on one background thread, one figure at a time. That
  thread touches no other figure, no pyplot and no global setting; it is a daemon, so
  it never keeps a kernel or a script from exiting;
- a chart is remembered by its inputs (``key``), so asking again costs nothing;
- a widget that can tell which chart the learner is about to ask for may draw it ahead
  (:func:`prepare`), so that it goes out with the click's text.

The charts a learner asks for click after click are not drawn here: the DiscardTrainer's
throws, the ProbabilityExplorer's starters, the review's chart and a finished game's
progress are SVG built in a millisecond or two with the click
(:mod:`cribbage_edu.charts.throws_svg`, :mod:`cribbage_edu.charts.review_svg`,
:mod:`cribbage_edu.charts.progress_svg`: no matplotlib). This module draws the
matplotlib chart a widget shows now and then: a simulation's.

An Output shows only the chart asked for last: a slow picture that arrives after the
learner has moved on (Next hand) is dropped. Outside a kernel (a script, a test) a
chart is drawn at once, in the caller's thread, and :func:`prepare` does nothing.

The charts themselves stay plain functions that return a Figure
(:mod:`cribbage_edu.charts`): this module only decides when and where they are drawn.

>>> out = w.Output()
>>> paint(out, ("a figure", 1), lambda: "a figure"); out.outputs[0]["data"]
{'text/plain': "'a figure'"}
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from io import BytesIO
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

__all__ = ["CACHE_SIZE", "DPI", "Jobs", "build", "clear", "forget", "paint", "png", "prepare",
           "remembered", "render", "run_jobs", "show_png", "submit", "wanted"]

DPI = 80
"""The resolution of the widgets' charts (a 9-inch figure is 720 pixels wide)."""

CACHE_SIZE = 48
"""How many charts are remembered (the oldest is forgotten first)."""

_lock = threading.Lock()
_cache: OrderedDict[Hashable, Future[Any]] = OrderedDict()
_wanted: weakref.WeakKeyDictionary[w.DOMWidget, Hashable] = weakref.WeakKeyDictionary()
_jobs: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]] = queue.SimpleQueue()
_worker: threading.Thread | None = None


def build(make_figure: Callable[[], Any]) -> Any:
    """Build the figure, in the caller's thread. A figure pyplot knows of is closed
    here (so a notebook does not show it a second time at the end of the cell): the
    background thread never touches pyplot.

    >>> build(lambda: "not a figure")
    'not a figure'
    """
    from matplotlib.figure import Figure

    fig = make_figure()
    if isinstance(fig, Figure) and fig.canvas.manager is not None:
        import matplotlib.pyplot as plt

        plt.close(fig)
    return fig


def png(fig: Any, dpi: int = DPI) -> Any:
    """The PNG bytes of a built figure (anything that is not a matplotlib Figure is
    returned as it is, to be displayed as it displays). Safe on the background thread:
    it draws this one figure and reads, never sets, matplotlib's settings.

    >>> png("not a figure")
    'not a figure'
    """
    from matplotlib.figure import Figure

    if not isinstance(fig, Figure):
        return fig
    buffer = BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})  # the
    # figures lay themselves out (constrained layout): no second pass to trim the edges
    return buffer.getvalue()


def render(make_figure: Callable[[], Any], dpi: int = DPI) -> Any:
    """Build the figure and turn it into PNG bytes, both in the caller's thread.

    >>> render(lambda: "not a figure")
    'not a figure'
    """
    return png(build(make_figure), dpi)


def show_png(out: w.Output, picture: Any) -> None:
    """Replace what ``out`` shows with ``picture`` (PNG bytes, or anything displayable)."""
    out.outputs = ()
    if isinstance(picture, bytes):
        from IPython.display import Image

        out.append_display_data(Image(data=picture, format="png"))  # type: ignore[no-untyped-call]
    else:
        out.append_display_data(picture)


def _show_failure(out: w.Output, exc: BaseException) -> None:
    out.outputs = ()
    out.append_stdout(f"the chart could not be drawn: {exc}\n")


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the Jupyter kernel this code runs in, or ``None`` outside one
    (another library's loop, such as a browser driver's, does not count).

    >>> kernel_loop() is None
    True
    """
    try:
        from ipykernel.kernelbase import Kernel
    except ImportError:
        return None
    if not Kernel.initialized():
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


Jobs = queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]]
"""Jobs for a background thread, each with the future that gives its result."""


def run_jobs(jobs: Jobs) -> None:
    """A background thread's loop: run each job of ``jobs`` in turn, forever (the thread
    is a daemon: it dies with the process, leaving any job not yet run undone). The
    chart thread runs it, and so does the coach's (:mod:`cribbage_edu.widgets.ahead`)."""
    while True:
        future, job = jobs.get()
        if not future.set_running_or_notify_cancel():
            continue
        try:
            future.set_result(job())
        except BaseException as exc:  # handed to whoever waits for the result
            future.set_exception(exc)


def _work() -> None:
    """The chart thread: draw each chart asked for, in turn."""
    run_jobs(_jobs)


def submit(job: Callable[[], Any]) -> Future[Any]:
    """Run ``job`` on the chart thread (started on first use), after the charts
    already asked for; its future gives the result.

    >>> submit(lambda: 6 * 7).result(timeout=60)
    42
    """
    global _worker
    future: Future[Any] = Future()
    with _lock:
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=_work, name="cribbage-charts", daemon=True)
            _worker.start()
    _jobs.put((future, job))
    return future


def _drawing(key: Hashable, make_figure: Callable[[], Any]) -> Future[Any]:
    """The chart for ``key``: remembered, being drawn, or built now and turned into a
    PNG on the background thread. A figure that fails to build gives a failed future."""
    with _lock:
        future = _cache.get(key)
        if future is not None:
            _cache.move_to_end(key)
            return future
    try:
        fig = build(make_figure)
    except Exception as exc:  # a chart must never break the widget around it
        failed: Future[Any] = Future()
        failed.set_exception(exc)
        return failed
    future = submit(lambda: png(fig))
    with _lock:
        _cache[key] = future
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    future.add_done_callback(lambda done: _forget_failure(key, done))
    return future


def _forget_failure(key: Hashable, future: Future[Any]) -> None:
    if future.exception() is not None:
        with _lock:
            if _cache.get(key) is future:
                del _cache[key]


def prepare(key: Hashable, make_figure: Callable[[], Any]) -> None:
    """Start drawing the chart ``make_figure`` gives, remembered as ``key`` (the inputs
    it is drawn from), before it is asked for. Only in a kernel: elsewhere nothing is
    drawn until :func:`paint` asks.

    >>> prepare(("never drawn",), lambda: 1 / 0)  # outside a kernel: nothing happens
    """
    if kernel_loop() is not None:
        _drawing(key, make_figure)


def paint(out: w.Output, key: Hashable | None, make_figure: Callable[[], Any]) -> None:
    """Show the chart ``make_figure`` gives in ``out``. In a kernel: at once when it is
    already drawn (remembered as ``key``), else when the background thread has drawn it
    (meanwhile ``out`` is empty, and the click's text has gone out). ``key=None``: a
    chart drawn once, not remembered. A chart that fails to draw says so in ``out``; a
    chart that arrives after ``out`` was cleared or given another chart is dropped."""
    ticket: Hashable = key if key is not None else object()
    _wanted[out] = ticket
    loop = kernel_loop()
    if loop is None:
        try:
            show_png(out, render(make_figure))
        except Exception as exc:  # a chart must never break the widget around it
            _show_failure(out, exc)
        return
    future = _drawing(ticket, make_figure)
    if key is None:
        with _lock:
            _cache.pop(ticket, None)  # drawn once: not kept
    if future.done():
        _deliver(out, ticket, future)
        return
    out.outputs = ()

    def arrived(done: Future[Any]) -> None:  # on the background thread
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody to show it to
            loop.call_soon_threadsafe(_deliver, out, ticket, done)
    future.add_done_callback(arrived)


def _deliver(out: w.Output, ticket: Hashable, future: Future[Any]) -> None:
    if _wanted.get(out) != ticket:
        return  # the learner has moved on: this chart is no longer wanted here
    exc = future.exception()
    if exc is not None:
        _show_failure(out, exc)
    else:
        show_png(out, future.result())


def remembered() -> dict[Hashable, Future[Any]]:
    """The charts remembered (drawn or being drawn), oldest first, by their inputs.

    >>> forget(); remembered()
    {}
    """
    with _lock:
        return dict(_cache)


def forget() -> None:
    """Forget every remembered chart (each is drawn again when next asked for)."""
    with _lock:
        _cache.clear()


def wanted(out: w.DOMWidget) -> Hashable | None:
    """The inputs of the chart ``out`` shows or waits for (``None``: nothing asked).

    >>> wanted(w.Output()) is None
    True
    """
    return _wanted.get(out)


def clear(out: w.Output) -> None:
    """Empty ``out``; a chart still being drawn for it will not be shown.

    >>> out = w.Output(); paint(out, None, lambda: "a figure"); clear(out); out.outputs
    ()
    """
    _wanted.pop(out, None)
    out.outputs = ()
