"""The kernel manager the classroom server runs with: a cap on the games at once.

``cribbage-edu classroom`` starts Voila with this class (by its dotted name, so only the
Voila process imports it, and with it Jupyter's server). Each visitor's page runs in a
kernel of its own; past :attr:`ClassroomKernelManager.max_kernels` a new visitor gets
"503: the class is full" instead of one more Python process on the teacher's machine.
Idle kernels are closed by Jupyter's own culling, which the command switches on.

A browser that reloads the page, or closes it and comes back, gets a new game in place of
its earlier one (Voila runs the notebook afresh on each load, so the earlier game cannot
be picked up again): the request says who asks (:data:`VISITOR_ENV`, put there by
:mod:`cribbage_edu.cli.classroom_voila`), and the kernel that browser had is shut down
first. A second tab of the same browser does the same: one game a browser.

>>> ClassroomKernelManager.max_kernels.default_value
40
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Dict, Integer

__all__ = ["VISITOR_ENV", "ClassroomKernelManager", "class_full"]

VISITOR_ENV = "HTTP_X_CRIBBAGE_VISITOR"
"""Where Voila puts the visitor's header in a new kernel's environment (taken out here:
the kernel never sees it)."""


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
    """Jupyter's kernel manager, refusing to start a kernel past ``max_kernels``."""

    max_kernels = Integer(40, config=True, help="The most kernels (games) running at once.")

    _visitors = Dict(help="The browser each game serves: kernel id -> visitor.")

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel, in place of the one this browser had, unless ``max_kernels``
        are running or starting already."""
        env = kwargs.get("env")
        visitor = env.pop(VISITOR_ENV, None) if isinstance(env, dict) else None
        for earlier, whose in list(self._visitors.items()):
            if earlier not in self or whose == visitor:
                del self._visitors[earlier]
                if earlier in self:  # the page this browser left: reloaded or closed
                    self.log.info("a reload: closing the earlier game %s", earlier)
                    await self.shutdown_kernel(earlier)  # type: ignore[no-untyped-call]
        running = len(set(self.list_kernel_ids()) | set(self._pending_kernels))
        asked = kwargs.get("kernel_id")
        if (asked is None or asked not in self) and running >= self.max_kernels:
            self.log.warning("refused a kernel: %d running, the cap is %d", running,
                             self.max_kernels)
            raise HTTPError(503, reason=class_full(running))
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        if visitor:
            self._visitors[kernel_id] = visitor
        return kernel_id
