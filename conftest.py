"""Root pytest configuration: what the lesson notebooks need under strict nbval.

Only acts when nbval is switched on (``pytest --nbval lessons/``):

- the sanitize file ``lessons/nbval_sanitize.cfg`` is resolved from this file, so the
  command works from any folder (nbval opens a relative path from the current folder);
- kernels run in this environment (as ``--nbval-current-env``), never a kernel named in
  a notebook's metadata that may not exist here;
- kernels get a throw-away ``IPYTHONDIR``, so a user's IPython profile (SVG figures,
  retina, startup files) cannot change the outputs;
- matplotlib's font cache is warmed, so its first-run message never lands in a
  compared stream.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
SANITIZE_FILE = ROOT / "lessons" / "nbval_sanitize.cfg"

_saved_env: dict[str, str | None] = {}
_temp_dirs: list[str] = []


def _nbval_on(config: pytest.Config) -> bool:
    return bool(getattr(config.option, "nbval", False)) or bool(
        getattr(config.option, "nbval_lax", False))


def pytest_configure(config: pytest.Config) -> None:
    if not _nbval_on(config):
        return
    if getattr(config.option, "nbval_sanitize_with", None) is None:
        config.option.nbval_sanitize_with = str(SANITIZE_FILE)
    if not getattr(config.option, "nbval_kernel_name", None):
        config.option.nbval_current_env = True
    ipython_dir = tempfile.mkdtemp(prefix="cribbage-ipython-")
    _temp_dirs.append(ipython_dir)
    for name, value in (("IPYTHONDIR", ipython_dir), ("PYDEVD_DISABLE_FILE_VALIDATION", "1")):
        _saved_env[name] = os.environ.get(name)
        os.environ[name] = value
    import matplotlib.pyplot  # noqa: F401  (warms the font cache before any kernel starts)


def pytest_unconfigure(config: pytest.Config) -> None:
    for name, value in _saved_env.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    _saved_env.clear()
    while _temp_dirs:
        shutil.rmtree(_temp_dirs.pop(), ignore_errors=True)
