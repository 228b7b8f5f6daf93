"""Root pytest configuration: the test tiers, and what the lesson notebooks need under
strict nbval.

Tiers: a plain ``pytest`` runs the fast tiers (the engine, the widgets without a
browser, the lesson files, the doctests; about a minute). Two flags add the rest,
and ``tests/run_all.sh`` (so CI) always passes both:

- ``--slow``: tests marked ``slow`` (the numpy crib model, about 2.5 GB; the
  statistical checks against published figures; a local Dask cluster);
- ``--browser``: the browser tests in ``tests/browser`` (JupyterLab and Voila in
  headless Chromium). Without the flag that folder is not even collected, so a
  machine without Chromium or Playwright runs the rest without an error.

For the notebooks, only when nbval is switched on (``pytest --nbval lessons/``):

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


TIERS = {
    "slow": "the numpy crib model (about 2.5 GB), statistics, a local cluster",
    "browser": "JupyterLab and Voila in headless Chromium (needs /usr/bin/chromium)",
}
BROWSER_TESTS = ROOT / "tests" / "browser"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("cribbage-edu tiers")
    for name, what in TIERS.items():
        group.addoption(f"--{name}", action="store_true", default=False,
                        help=f"also run the tests marked {name}: {what}")


def pytest_report_header(config: pytest.Config) -> str:
    left_out = [f"--{name}" for name in TIERS if not config.getoption(name)]
    return ("tiers left out (pass the flag to run them): " + " ".join(left_out)
            if left_out else "every tier runs (--slow --browser)")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if not config.getoption("browser") and collection_path == BROWSER_TESTS:
        return True
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for name in TIERS:
        if config.getoption(name):
            continue
        skip = pytest.mark.skip(reason=f"a {name} test: pass --{name} to run it")
        for item in items:
            if name in item.keywords:
                item.add_marker(skip)


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
