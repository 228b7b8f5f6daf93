"""The game page for a class on Voila: the command line the classroom runs and the
settings it reads (the token, the visitor header, the cells left off the page).

What runs inside Voila's server is :mod:`~cribbage_edu.classroom.voila` (the token's login
page, the one notebook served) and :mod:`~cribbage_edu.classroom.kernels` (a cap on games
at once, one game a browser); both are named here by their import paths.
:mod:`cribbage_edu.cli.classroom` is the command.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

__all__ = ["DEFAULT_NOTEBOOK", "IDENTITY", "KERNEL_MANAGER", "NOT_ON_THE_PAGE", "TOKEN_VARIABLE",
           "VISITOR_HEADER", "voila_command", "voila_settings"]

DEFAULT_NOTEBOOK = Path("lessons") / "play.ipynb"
"""The game page, from the folder of a clone of cribbage-edu."""

KERNEL_MANAGER = "cribbage_edu.classroom.kernels.ClassroomKernelManager"
IDENTITY = "cribbage_edu.classroom.voila.ClassIdentityProvider"
TOKEN_VARIABLE = "CRIBBAGE_CLASSROOM_TOKEN"
"""The environment variable that gives the token without putting it on a command line."""
VISITOR_HEADER = "X-Cribbage-Visitor"
"""The header :mod:`~cribbage_edu.classroom.voila` fills with the visitor's name."""
NOT_ON_THE_PAGE = "not-on-the-class-page"
"""The tag of a notebook cell the class's page leaves out (words for whoever runs the
notebook in JupyterLab, not for a student looking at the game)."""


def voila_command(notebook: Path, *, ip: str, port: int, max_games: int,
                  idle_minutes: int) -> list[str]:
    """The Voila command line the classroom runs (:mod:`~cribbage_edu.classroom.voila`:
    Voila with the class's login page). The token is not on it: it is in the settings
    file of :func:`voila_settings`, which another user cannot read (``ps`` shows a
    command line to everyone).

    >>> cmd = voila_command(Path("play.ipynb"), ip="0.0.0.0", port=8866, max_games=30,
    ...                     idle_minutes=20)
    >>> for arg in cmd:
    ...     if "token" in arg or "max_kernels" in arg or "idle" in arg:
    ...         print(arg)
    --ClassroomKernelManager.max_kernels=30
    --MappingKernelManager.cull_idle_timeout=1200
    """
    return [
        sys.executable, "-m", "cribbage_edu.classroom.voila", str(notebook),
        "--no-browser", f"--port={port}", f"--Voila.ip={ip}",
        f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}",
        f"--ClassroomKernelManager.max_kernels={max_games}",
        f"--MappingKernelManager.cull_idle_timeout={idle_minutes * 60}",
        "--MappingKernelManager.cull_interval=60",
        "--VoilaConfiguration.show_tracebacks=False",
        "--Voila.log_level=WARN",
    ]


def voila_settings(token: str) -> dict[str, dict[str, Any]]:
    """What the classroom's Voila reads from its ``voila.json`` (written mode 600): the
    token; no moving to another port; no page template or theme chosen by a visitor
    (``?template=lab`` would load a CDN's font, ``?template=nonexistent`` hang); the
    visitor header the kernel manager needs; the cells tagged :data:`NOT_ON_THE_PAGE`
    left out of the page.

    >>> settings = voila_settings("abc123")
    >>> settings["Voila"]["token"], settings["VoilaConfiguration"]["allow_template_override"]
    ('abc123', 'NO')
    """
    return {
        "Voila": {"token": token, "port_retries": 0, "identity_provider_class": IDENTITY},
        "VoilaConfiguration": {"allow_template_override": "NO", "allow_theme_override": "NO",
                               "http_header_envs": [VISITOR_HEADER]},
        "TagRemovePreprocessor": {"remove_cell_tags": [NOT_ON_THE_PAGE]},
    }
