"""Work done ahead, while the learner thinks: the coach's verdicts worked out on a
thread of their own as soon as a decision is the learner's to make, so the verdict on
the choice made is ready when the click comes.

A job is remembered by its inputs (``key``): asking for it again gives the same
:class:`~concurrent.futures.Future`. In a Jupyter kernel the job runs on the background
thread (one job at a time, a daemon); outside a kernel (a script, a test) nothing is
started ahead and :func:`result` works the job out at once, in the caller's thread, so
what a test sees never depends on timing.

The jobs are the engine's judges: pure functions of their inputs that touch no widget
and no global setting (charts are :mod:`cribbage_edu.widgets.drawing`'s, never here).

>>> result(("six times seven",), lambda: 6 * 7)
42
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Any

from . import drawing

__all__ = ["MEMORY", "ahead", "forget", "remembered", "result", "when_ready"]

MEMORY = 64
"""How many jobs are remembered (the oldest is forgotten first)."""

_lock = threading.Lock()
_jobs: drawing.Jobs = queue.SimpleQueue()
_memory: OrderedDict[Hashable, Future[Any]] = OrderedDict()
_worker: threading.Thread | None = None


def _remember(key: Hashable, future: Future[Any]) -> None:
    _memory[key] = future
    while len(_memory) > MEMORY:
        _memory.popitem(last=False)


def ahead(key: Hashable, job: Callable[[], Any]) -> None:
    """Start ``job`` on the background thread, remembered as ``key``, unless it is
    remembered already. Only in a kernel: elsewhere nothing is done until asked.

    >>> ahead(("never worked out",), lambda: 1 / 0)  # outside a kernel: nothing happens
    """
    global _worker
    if drawing.kernel_loop() is None:
        return
    with _lock:
        if key in _memory:
            _memory.move_to_end(key)
            return
        future: Future[Any] = Future()
        _remember(key, future)
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=drawing.run_jobs, args=(_jobs,),
                                       name="cribbage-coach", daemon=True)
            _worker.start()
    _jobs.put((future, job))


def _done(key: Hashable) -> Future[Any] | None:
    with _lock:
        future = _memory.get(key)
        if future is not None:
            _memory.move_to_end(key)
        return future


def result(key: Hashable, job: Callable[[], Any]) -> Any:
    """The result of ``job``: the one worked out ahead when it is remembered as ``key``
    (waiting for it if it is still being worked out), else worked out now and
    remembered. A job that failed ahead is tried again here, so its error is raised
    in the caller's thread."""
    future = _done(key)
    if future is not None:
        try:
            return future.result()
        except Exception:
            with _lock:
                if _memory.get(key) is future:
                    del _memory[key]
    value = job()
    done: Future[Any] = Future()
    done.set_result(value)
    with _lock:
        _remember(key, done)
    return value


def when_ready(key: Hashable, job: Callable[[], Any], then: Callable[[Any], None], *,
               ahead_only: bool = False) -> None:
    """Call ``then(result)`` once ``job`` (remembered as ``key``) is worked out: at once
    when it is ready or outside a kernel; else, in a kernel, on the kernel's own loop
    when the background thread has finished it (so ``then`` may change widgets), while
    the click that asked has already been answered. ``ahead_only``: only for work
    started ahead in a kernel (elsewhere, nothing is done).

    >>> seen = []; when_ready(("ready",), lambda: "a verdict", seen.append); seen
    ['a verdict']
    >>> when_ready(("not ahead",), lambda: 1 / 0, seen.append, ahead_only=True); seen
    ['a verdict']
    """
    loop = drawing.kernel_loop()
    future = _done(key)
    if ahead_only and (loop is None or future is None):
        return
    if loop is None or future is None or future.done():
        then(result(key, job))
        return

    def arrived(_: Future[Any]) -> None:  # on the background thread
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody to tell
            loop.call_soon_threadsafe(lambda: then(result(key, job)))
    future.add_done_callback(arrived)


def remembered() -> dict[Hashable, Future[Any]]:
    """The jobs remembered (done or being worked out), oldest first, by their inputs.

    >>> forget(); remembered()
    {}
    """
    with _lock:
        return dict(_memory)


def forget() -> None:
    """Forget every job remembered.

    >>> forget()
    """
    with _lock:
        _memory.clear()
