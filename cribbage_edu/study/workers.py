"""Child processes that never outlive the process that started them.

A simulation's worker processes and the classroom's web server are children of the
command that started them; if that command dies (even by ``kill -9``, which gives it no
chance to clean up), its children must go too, not run on unseen. On Linux the kernel
delivers SIGKILL to a child whose parent dies (``PR_SET_PDEATHSIG``); everywhere a
thread in the child watches the parent as well.

>>> import os
>>> parent_alive(os.getpid()), parent_alive(2**22 + 12345)  # this process; no process
(True, False)
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

_T = TypeVar("_T")
_R = TypeVar("_R")

__all__ = ["die_with_parent", "map_in_order", "parent_alive", "stay_with_parent"]

_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Ask the kernel to kill this process when its parent dies (Linux only; elsewhere
    nothing). Safe in a ``preexec_fn`` and in a pool's worker initializer.

    >>> die_with_parent()  # this test process now ends with the one that started it
    """
    if sys.platform != "linux":
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def parent_alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (one of ours, or anyone's).

    >>> parent_alive(os.getppid())
    True
    """
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, owned by someone else
    return True


def stay_with_parent(parent: int, *, ignore_ctrl_c: bool = True) -> None:
    """For a worker process as it starts (a pool's ``initializer``): end when the
    process ``parent`` ends, by the kernel's signal where there is one and by a
    watching thread (every half second) everywhere. With ``ignore_ctrl_c``, Ctrl-C is
    left to the parent, which stops its workers itself.

    >>> from concurrent.futures import ProcessPoolExecutor
    >>> with ProcessPoolExecutor(1, initializer=stay_with_parent,
    ...                          initargs=(os.getpid(),)) as pool:
    ...     pool.submit(parent_alive, os.getpid()).result()
    True
    """
    if ignore_ctrl_c:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent()
    started_under = os.getppid()  # the parent, or a fork server that the parent owns

    def gone() -> bool:
        # orphaned (adopted by init or a subreaper), or the parent is no more
        return os.getppid() != started_under or not parent_alive(parent)

    def watch() -> None:
        while not gone():
            time.sleep(0.5)
        os._exit(1)

    if gone():  # the parent died while this worker was starting
        os._exit(1)
    threading.Thread(target=watch, daemon=True, name="watch-parent").start()


def map_in_order(function: Callable[[_T], _R], tasks: Iterable[_T], *,
                 workers: int = 1) -> Iterator[_R]:
    """``function`` over ``tasks``, the results in the tasks' order: in this process when
    ``workers`` is 1, else on a pool of that many processes that die with this one (for
    the scripts that make data files, which report progress as results come).

    >>> list(map_in_order(abs, [-2, 3, -4]))
    [2, 3, 4]
    """
    if workers <= 1:
        yield from map(function, tasks)
        return
    with ProcessPoolExecutor(workers, initializer=die_with_parent) as pool:
        yield from pool.map(function, tasks)
