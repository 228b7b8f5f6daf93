"""The kernel manager the classroom server runs with: a cap on the games at once, and one
game a browser.

``cribbage-edu classroom`` starts Voila with this class (by its dotted name, so only the
Voila process imports it, and with it Jupyter's server). Each visitor's page runs in a
kernel of its own; past :attr:`ClassroomKernelManager.max_kernels` a new visitor gets
"503: the class is full" instead of one more Python process on the teacher's machine.

A game's slot is freed three ways, so that a class of N students never needs more than
N slots, whatever their browsers do:

- **a reload, or a second tab, of the same browser** takes the place of that browser's
  earlier game (Voila runs the notebook afresh on each load, so the earlier game cannot
  be picked up again). The request says who asks (:data:`VISITOR_ENV`, put there by
  :mod:`cribbage_edu.classroom.voila` from the browser's login cookie), and the game
  that browser had is shut down first. Loads of one browser are taken one at a time: a
  reload that comes while the earlier load is still starting its game (a double click
  on reload) waits for it, then closes it, so they never hold two slots;
- **a page that is closed** (or left for another address) shuts its game down at once:
  Voila's page tells the server as it goes (:meth:`ClassroomKernelManager.close_game`,
  which only the browser whose game it is may ask);
- **a page that vanished without a word** (a laptop shut, a browser killed) leaves a
  game with no connection, closed by Jupyter's culling of idle kernels, which the
  command switches on (``--idle-minutes``).

>>> ClassroomKernelManager.max_kernels.default_value
40
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Dict, Instance, Integer

from .games import VISITOR_HEADER

__all__ = ["VISITOR_ENV", "ClassroomKernelManager", "class_full", "header_env"]


def header_env(header: str) -> str:
    """The environment variable a request header becomes in a new kernel's environment,
    spelt as Voila's ``http_header_envs`` spells it (as CGI does): ``HTTP_``, then the
    header in capitals with ``_`` for ``-``.

    >>> header_env("X-Cribbage-Visitor")
    'HTTP_X_CRIBBAGE_VISITOR'
    """
    return "HTTP_" + header.upper().replace("-", "_")


VISITOR_ENV = header_env(VISITOR_HEADER)
"""Where Voila puts the visitor's header (:data:`~cribbage_edu.classroom.games.VISITOR_HEADER`,
the one home of its name) in a new kernel's environment (taken out here: the kernel never
sees it)."""


def class_full(running: int) -> str:
    """What a visitor is told when ``running`` games already fill the class.

    >>> class_full(1).split(";")[0]
    'the class is full (1 game is running, the most this server allows)'
    >>> class_full(40).split(";")[0]
    'the class is full (40 games are running, the most this server allows)'
    """
    games = "1 game is" if running == 1 else f"{running} games are"
    return (f"the class is full ({games} running, the most this server allows); "
            f"try again in a few minutes")


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, refusing to start a kernel past ``max_kernels``, with
    one game a browser."""

    max_kernels = Integer(40, config=True, help="The most kernels (games) running at once.")

    _visitors = Dict(help="The browser each game serves: kernel id -> visitor.")
    _turns = Instance(weakref.WeakValueDictionary, args=(),
                      help="A lock a browser's loads and closings take in turn: visitor -> "
                           "lock, gone when no request of that browser holds it.")

    def visitor_of(self, kernel_id: str) -> str | None:
        """The browser whose game kernel ``kernel_id`` is (``None``: no known browser)."""
        visitor: str | None = self._visitors.get(kernel_id)
        return visitor

    def _turn(self, visitor: str) -> asyncio.Lock:
        lock: asyncio.Lock | None = self._turns.get(visitor)
        if lock is None:
            lock = self._turns[visitor] = asyncio.Lock()
        return lock

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel, in place of the one this browser had, unless ``max_kernels``
        are running or starting already."""
        env = kwargs.get("env")
        visitor = env.pop(VISITOR_ENV, None) if isinstance(env, dict) else None
        if not visitor:
            return await self._start_within_the_cap(*args, **kwargs)
        async with self._turn(visitor):
            for earlier, whose in list(self._visitors.items()):
                if earlier not in self or whose == visitor:
                    del self._visitors[earlier]
                    if earlier in self:  # the page this browser left: reloaded or closed
                        self.log.info("a reload: closing the earlier game %s", earlier)
                        await self.shutdown_kernel(earlier)  # type: ignore[no-untyped-call]
            kernel_id = await self._start_within_the_cap(*args, **kwargs)
            self._visitors[kernel_id] = visitor
            return kernel_id

    async def _start_within_the_cap(self, *args: Any, **kwargs: Any) -> str:
        # no await between the count and the start's first step (which puts the kernel
        # among the pending ones): two visitors at once cannot both take the last slot
        running = len(set(self.list_kernel_ids()) | set(self._pending_kernels))
        asked = kwargs.get("kernel_id")
        if (asked is None or asked not in self) and running >= self.max_kernels:
            self.log.warning("refused a kernel: %d running, the cap is %d", running,
                             self.max_kernels)
            raise HTTPError(503, reason=class_full(running))
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        return kernel_id

    async def close_game(self, kernel_id: str, visitor: str | None) -> bool:
        """Shut down the game ``kernel_id`` whose page ``visitor``'s browser closed;
        whether there was one to close. A game of another browser is refused (403): a
        student cannot end a classmate's game, even knowing its id."""
        whose = self._visitors.get(kernel_id)
        if whose is not None and whose != visitor:
            raise HTTPError(403, reason="that game is another browser's")
        async with self._turn(visitor or ""):
            if kernel_id not in self:
                return False  # gone already: a reload of the page closed it first
            self._visitors.pop(kernel_id, None)
            self.log.info("a page closed: closing its game %s", kernel_id)
            await self.shutdown_kernel(kernel_id)  # type: ignore[no-untyped-call]
            return True
