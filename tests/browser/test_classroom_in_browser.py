"""``cribbage-edu classroom`` as a class meets it: students' browsers (headless Chromium,
each a browser context of its own: its own cookies) load, reload and close the game page
of a server started by the command itself, on 127.0.0.1 with a random port and token,
stopped by its process id (issue 27 §6: the reload leak)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PageTimeout

from tests.processes import descendants
from tests.test_classroom import command_line

from .conftest import ROOT, free_port, quiet_env

pytestmark = pytest.mark.browser

TOKEN = "class4b2026"
LOAD = 120_000  # ms: a game's first page on a loaded two-core machine


@dataclass
class Classroom:
    process: subprocess.Popen[str]
    url: str
    log: Path
    seen: set[int]

    def games(self) -> list[int]:
        """The kernels (one a game) running now, by process id."""
        running = [pid for pid in descendants(self.process.pid)
                   if "ipykernel" in command_line(pid)]
        self.seen.update(running)
        return running

    def games_settle_at(self, count: int, timeout: float = 60) -> int:
        """How many games run once their number is ``count`` (polled: a closed page's
        game takes a moment to end), or after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while len(self.games()) != count and time.monotonic() < deadline:
            time.sleep(0.2)
        return len(self.games())


@pytest.fixture
def classroom(tmp_path: Path) -> Iterator[Classroom]:
    """``cribbage-edu classroom --max-games 2`` serving lessons/play.ipynb."""
    env = quiet_env(tmp_path)
    port = free_port()
    log = tmp_path / "classroom.log"
    with log.open("w") as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "cribbage_edu", "classroom",
             str(ROOT / "lessons" / "play.ipynb"), "--ip", "127.0.0.1", "--port", str(port),
             "--max-games", "2"],
            stdout=subprocess.PIPE, stderr=errors, text=True, cwd=tmp_path,
            env=dict(env, CRIBBAGE_CLASSROOM_TOKEN=TOKEN), start_new_session=True)
    room = Classroom(process, f"http://127.0.0.1:{port}/?token={TOKEN}", log, set())
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if "Ctrl-C stops the server" in line:
                break
        else:
            pytest.fail(f"the classroom stopped before it served:\n{log.read_text()}")
        yield room
    finally:
        room.games()
        process.send_signal(signal.SIGTERM)  # the command stops Voila, Voila its kernels
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        for pid in room.seen:  # by process id, any kernel still ours
            if "ipykernel" in command_line(pid):
                os.kill(pid, signal.SIGKILL)


def new_browser(browser: BrowserContext) -> BrowserContext:
    """A student's browser of its own (its own cookies), in the session's Chromium."""
    assert browser.browser is not None
    return browser.browser.new_context(viewport={"width": 1280, "height": 1000})


def wait_for_the_game(page: Page) -> None:
    page.locator(".cribbage-game-table").wait_for(timeout=LOAD)
    assert "seed 7" in page.locator(".cribbage-game-table").inner_text()


def test_one_game_a_browser_whatever_it_reloads(browser: BrowserContext,
                                                 classroom: Classroom,
                                                 artifacts: Path) -> None:
    """Issue 27: with ``--max-games 3`` one browser reloading kept the games of its first
    loads, and a second browser was told the class was full. Under ``--max-games 2`` a
    browser reloads five times (twice reloading again before the page has its game, as
    a double click on reload does) and holds one game throughout; a second browser gets
    a game; a third is told the class is full until the first closes its page, which
    frees its slot at once (no waiting for the idle timeout)."""
    first, second, third = (new_browser(browser) for _ in range(3))
    try:
        page = first.new_page()
        page.goto(classroom.url, timeout=LOAD)
        wait_for_the_game(page)
        assert classroom.games_settle_at(1) == 1
        for reload in range(5):
            if reload in (1, 3):
                with contextlib.suppress(PageTimeout):
                    page.reload(timeout=300)  # gone again before its game has started
            page.reload(timeout=LOAD)
            wait_for_the_game(page)
            assert classroom.games_settle_at(1) == 1, f"after reload {reload + 1}"

        classmate = second.new_page()
        classmate.goto(classroom.url, timeout=LOAD)
        wait_for_the_game(classmate)
        assert classroom.games_settle_at(2) == 2
        classmate.locator(".cribbage-game-table").screenshot(
            path=str(artifacts / "classroom_second_browser.png"))

        late = third.new_page()
        answer = late.goto(classroom.url, timeout=LOAD)
        assert answer is not None and answer.status == 503
        assert "the class is full (2 games are running," in late.locator("body").inner_text()
        late.screenshot(path=str(artifacts / "classroom_full.png"))

        page.close(run_before_unload=True)  # as closing the tab does
        assert classroom.games_settle_at(1) == 1
        # the kernel's process ends a moment before the server counts its game gone: a
        # student who is told "full" then reloads, as the page says to; within seconds,
        # where the idle timeout is minutes
        freed = time.monotonic() + 30
        while (answer := late.reload(timeout=LOAD)) is not None and answer.status == 503:
            assert time.monotonic() < freed, "the closed page's slot was not freed in 30 s"
            time.sleep(0.5)
        wait_for_the_game(late)
        assert classroom.games_settle_at(2) == 2
    finally:
        for context in (first, second, third):
            context.close()
    log = classroom.log.read_text()
    assert "403 POST /voila/api/shutdown" not in log  # the closing page's beacon was taken
