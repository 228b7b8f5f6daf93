"""The class on JupyterHub, end to end (issue 20's "done when"): ``cribbage-edu hub`` on
127.0.0.1 with three students; each logs in with the password the command wrote, lands on
lesson 00 of their own copy of the course in their own JupyterLab, fetches the lesson 00
assignment, answers exercise 1 and submits; the teacher collects, autogrades and exports
with nbgrader, and the grades and the class report are what the answers deserve.

configurable-http-proxy comes from the npm registry (``npm install --prefix`` into a
folder the test owns, ``test-artifacts/configurable-http-proxy``, kept between runs), as
the accessibility test installs axe-core. The hub runs in its own process group and is
stopped by it; every wait polls with a time limit.
"""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from cribbage_edu.cli.hub import PROXY_VERSION
from cribbage_edu.cli.serving import scripts_first

from .conftest import KERNEL_READY, free_port, npm_package, quiet_env, serving, wait_for

pytestmark = pytest.mark.browser

STUDENTS = {"ada": "4", "ben": "6", "cy": "2"}
"""Each student's answer to lesson 00's exercise 1 (how many cards in the crib): the rule
says 4 (two from each player); 6 and 2 are the wrong answers the lesson explains."""


@dataclass(frozen=True)
class Hub:
    url: str
    state: Path
    passwords: dict[str, str]
    env: dict[str, str]


@pytest.fixture(scope="session")
def proxy_folder() -> Path:
    """The folder of configurable-http-proxy's command, installed from npm into a folder
    of the test's own."""
    package = npm_package("configurable-http-proxy", PROXY_VERSION, "the hub test")
    return package.parent / ".bin"


def run(command: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory, proxy_folder: Path) -> Iterator[Hub]:
    base = tmp_path_factory.mktemp("hub")
    state = base / "classroom-hub"
    env = scripts_first(quiet_env(base / "env"))
    env["PATH"] = os.pathsep.join([str(proxy_folder), env["PATH"]])
    class_list = base / "students.txt"
    class_list.write_text("# period 3\n" + "\n".join(STUDENTS) + "\n")
    # the teacher builds the course and releases lesson 00 before the class
    run([sys.executable, "-m", "cribbage_edu", "assignments", "--state", str(state),
         "--only", "00"], base, env)
    course = state / "course"
    run([sys.executable, "-m", "nbgrader", "release_assignment", "lesson00"], course, env)
    # the test reads each student's Lab through window.jupyterapp
    (state / "jupyter-config").mkdir(parents=True, exist_ok=True)
    (state / "jupyter-config" / "jupyter_server_config.json").write_text(
        json.dumps({"LabApp": {"expose_app_in_browser": True}}))
    port = free_port()
    command = [sys.executable, "-m", "cribbage_edu", "hub", "--class-list", str(class_list),
               "--state", str(state), "--ip", "127.0.0.1", "--port", str(port),
               "--idle-minutes", "30"]
    url = f"http://127.0.0.1:{port}"
    with serving(command, env, base, base / "hub.log") as proc:
        wait_for(f"{url}/hub/api", proc, "JupyterHub", timeout=120)
        listing = (state / "passwords.txt").read_text()
        passwords = dict(line.split() for line in listing.splitlines()
                         if line and not line.startswith("#"))
        yield Hub(url, state, passwords, env)


def log_in(page: Page, hub: Hub, name: str) -> None:
    page.goto(f"{hub.url}/hub/login")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", hub.passwords[name])
    page.click("input[type=submit], button[type=submit]")


def server_post(page: Page, name: str, action: str) -> str:
    """What the Assignments panel does: POST to the nbgrader extension of the server."""
    answer: str = page.evaluate(
        """async ([name, action]) => {
          const xsrf = (document.cookie.match(/_xsrf=([^;]+)/) || [])[1] || '';
          const body = new URLSearchParams({course_id: 'cribbage', assignment_id: 'lesson00'});
          const r = await fetch(`/user/${name}/assignments/${action}`,
                                {method: 'POST', body, headers: {'X-XSRFToken': xsrf}});
          return r.status + ' ' + await r.text();
        }""", [name, action])
    return answer


def answer_and_submit(page: Page, name: str, answer: str) -> str:
    """Open the fetched lesson 00 assignment, run it, answer exercise 1, save, submit.
    Returns what the exercise's check said in the cell."""
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:open', "
                  "{path: 'lesson00/00_start_here.ipynb'})")
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.context.path === "
        "'lesson00/00_start_here.ipynb'", timeout=60_000)
    page.wait_for_function(KERNEL_READY, timeout=90_000)
    said: str = page.evaluate(
        """async (answer) => {
          const app = window.jupyterapp, panel = app.shell.currentWidget;
          await app.commands.execute('notebook:run-all-cells');
          const done = () => panel.sessionContext.session.kernel.status === 'idle' &&
            panel.content.widgets.filter(c => c.model.type === 'code' &&
              !c.model.sharedModel.getSource().startsWith('# Marked'))
             .every(c => c.model.executionCount !== null);
          for (let i = 0; i < 600 && !done(); i++) await new Promise(r => setTimeout(r, 100));
          const cells = panel.content.widgets;
          const index = cells.findIndex(c =>
              c.model.sharedModel.getSource().startsWith('answer_1 = ...'));
          cells[index].model.sharedModel.setSource(
              `answer_1 = ${answer}\\nexercise_1.check(answer_1)`);
          panel.content.activeCellIndex = index;
          await app.commands.execute('notebook:run-cell');
          for (let i = 0; i < 300; i++) {
            const out = cells[index].model.outputs;
            if (out.length > 0 && panel.sessionContext.session.kernel.status === 'idle')
              break;
            await new Promise(r => setTimeout(r, 100));
          }
          await app.commands.execute('docmanager:save');
          const out = cells[index].model.outputs.toJSON();
          return out.map(o => o.text || '').join('');
        }""", answer)
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty",
                           timeout=30_000)
    return said


def test_three_students_answer_submit_and_are_marked(browser: BrowserContext, hub: Hub,
                                                     artifacts: Path) -> None:
    assert set(hub.passwords) == {*STUDENTS, "teacher"}
    assert oct((hub.state / "passwords.txt").stat().st_mode & 0o777) == "0o600"
    config = (hub.state / "jupyterhub_config.py").read_text()
    assert not any(password in config for password in hub.passwords.values())
    page = browser.new_page()
    try:
        for name, answer in STUDENTS.items():
            log_in(page, hub, name)
            # the first page is lesson 00 of the student's own copy of the course
            page.wait_for_url(re.compile(rf"/user/{name}/lab"), timeout=120_000)
            page.wait_for_function(
                "() => window.jupyterapp && window.jupyterapp.shell.currentWidget && "
                "window.jupyterapp.shell.currentWidget.context && "
                "window.jupyterapp.shell.currentWidget.context.path === "
                "'00_start_here.ipynb'", timeout=90_000)
            assert (hub.state / "students" / name / "00_start_here.ipynb").exists()
            assert data_limit(hub.state / "students" / name) == 2048 * 2**20  # --mem-limit
            assert not (hub.state / "students" / name / "README.md").exists()  # the key
            # nbgrader's teacher pages are not in a student's JupyterLab; the
            # assignments are
            assert page.evaluate("""() => [
                window.jupyterapp.commands.hasCommand('nbgrader:open-formgrader'),
                window.jupyterapp.commands.hasCommand('nbgrader:open-course-list'),
                window.jupyterapp.commands.hasCommand('nbgrader:open-create-assignment'),
                window.jupyterapp.commands.hasCommand('nbgrader:open-assignment-list')]"""
                                 ) == [False, False, False, True]
            assert server_post(page, name, "fetch").startswith("200")
            said = answer_and_submit(page, name, answer)
            if answer == "4":
                assert said.startswith("Exercise 1: right! 4."), said
            else:
                assert said.startswith(f"Exercise 1: not yet. You said {answer}"), said
            if name == "ada":
                page.screenshot(path=str(artifacts / "hub_lesson00_assignment.png"))
            assert server_post(page, name, "submit").startswith("200")
            if name != "ada":  # logged in, a student still cannot open another's server
                assert not page.evaluate(
                    """async () => { const r = await fetch('/user/ada/api/contents');
                      return r.ok && r.url.includes('/user/ada/api/contents'); }""")
            page.goto(f"{hub.url}/hub/logout")
            page.wait_for_url(re.compile(r"/hub/login"), timeout=30_000)
    finally:
        page.close()

    # nor can anyone who is not logged in
    assert _status(f"{hub.url}/user/ada/api/contents") in (302, 403)

    course = hub.state / "course"
    run([sys.executable, "-m", "nbgrader", "collect", "lesson00"], course, hub.env)
    run([sys.executable, "-m", "nbgrader", "autograde", "lesson00"], course, hub.env)
    run([sys.executable, "-m", "nbgrader", "export"], course, hub.env)
    with (course / "grades.csv").open() as grades:
        scores = {row["student_id"]: (float(row["score"]), float(row["max_score"]))
                  for row in csv.DictReader(grades) if row["assignment"] == "lesson00"}
    # exercise 1 right for ada only; exercises 2 and 3 were left as ...: out of 3
    assert scores == {"ada": (1.0, 3.0), "ben": (0.0, 3.0), "cy": (0.0, 3.0)}

    run([sys.executable, "-m", "cribbage_edu", "assignments", "--state", str(hub.state),
         "--report"], hub.state.parent, hub.env)
    report = (course / "reports" / "class-report.html").read_text()
    row = report.split("<td>lesson00</td><td>1</td>", 1)[1].split("</tr>", 1)[0]
    assert "1 of 3 right" in row
    assert "You said 6, which is too high. Each player keeps four cards" in row
    assert "You said 2, which is too low. Two cards come from each player" in row


def data_limit(folder: Path) -> int:
    """The data-size limit of the student's server: the process running in ``folder``."""
    for entry in Path("/proc").iterdir():
        try:
            if (entry.name.isdigit() and b"jupyterhub-singleuser" in
                    (entry / "cmdline").read_bytes()
                    and (entry / "cwd").resolve() == folder.resolve()):
                limits = (entry / "limits").read_text()
                return int(re.search(r"Max data size\s+(\d+)", limits).group(1))  # type: ignore[union-attr]
        except OSError:
            continue
    raise AssertionError(f"no server runs in {folder}")


def _status(url: str) -> int:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(url, timeout=30) as answer:
            status: int = answer.status
            return status
    except urllib.error.HTTPError as refused:
        return refused.code
