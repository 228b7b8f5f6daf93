"""The README's first command: ``cribbage-edu course`` opens lesson 00 (the URL it prints
with ``--no-browser`` too), works as root, and a lesson run and saved by a learner
changes their copy, never the repository's lessons."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from .conftest import KERNEL_READY, ROOT, free_port, quiet_env, serving

pytestmark = pytest.mark.browser


def printed_url(log: Path, port: int, proc: subprocess.Popen[bytes],
                timeout: float = 60) -> str:
    """The URL JupyterLab prints for the learner to open."""
    pattern = re.compile(rf"http://(?:localhost|127\.0\.0\.1):{port}/\S+")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = pattern.findall(log.read_text(errors="replace"))
        if found:
            return str(found[0])
        if proc.poll() is not None:
            raise AssertionError(f"the course command exited {proc.returncode}:\n"
                                 f"{log.read_text(errors='replace')[-2000:]}")
        time.sleep(0.2)
    raise AssertionError(f"no URL printed within {timeout} s:\n{log.read_text()[-2000:]}")


def git_status(path: Path) -> str:
    return subprocess.run(["git", "status", "--porcelain", "--", str(path)], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout


def test_the_course_opens_at_lesson_00_and_leaves_the_lessons_alone(
        browser: BrowserContext, tmp_path: Path, artifacts: Path) -> None:
    folder = tmp_path / "my course"
    port = free_port()
    before = git_status(ROOT / "lessons")
    command = [sys.executable, "-m", "cribbage_edu", "course", str(folder), "--no-browser",
               "--port", str(port)]
    log = tmp_path / "course.log"
    env = quiet_env(tmp_path / "env")
    # the test reads the page through window.jupyterapp (a learner's Lab does not need it)
    (Path(env["JUPYTER_CONFIG_DIR"]) / "jupyter_server_config.json").write_text(
        json.dumps({"LabApp": {"expose_app_in_browser": True}}))
    with serving(command, env, tmp_path, log) as proc:
        url = printed_url(log, port, proc)
        assert "/lab/tree/00_start_here.ipynb" in url, url
        first_screen = log.read_text(errors="replace")
        for noise in ("Warning", "deprecated", "Traceback"):  # the learner's first screen
            assert noise not in first_screen, first_screen
        assert (folder / "00_start_here.ipynb").exists() and (folder / "exercises.py").exists()
        page = browser.new_page()
        try:
            page.goto(url)
            page.wait_for_function(KERNEL_READY, timeout=60_000)
            opened = page.evaluate(
                "() => window.jupyterapp.shell.currentWidget.context.path")
            assert opened == "00_start_here.ipynb"
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.wait_for_function(
                """() => { const w = window.jupyterapp.shell.currentWidget;
                  return w.sessionContext.session.kernel.status === 'idle' &&
                    w.content.widgets.filter(c => c.model.type === 'code')
                     .every(c => c.model.executionCount !== null); }""", timeout=90_000)
            page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
            page.wait_for_function(
                "() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
            page.screenshot(path=str(artifacts / "course_lesson_00.png"))
        finally:
            page.close()
    assert git_status(ROOT / "lessons") == before  # the learner's run touched their copy
    stored = (ROOT / "lessons" / "00_start_here.ipynb").read_bytes()
    assert (folder / "00_start_here.ipynb").read_bytes() != stored
