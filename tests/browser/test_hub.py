"""The class on JupyterHub, end to end (issue 20's "done when", issue 27 §1 and §4):
``cribbage-edu hub`` on 127.0.0.1 with three students, each a Unix user of their own
(made by the hub, as root; the test's users have a random prefix and are removed at the
end, even on failure). Each logs in with the password the command wrote and lands on the
lesson 00 assignment in their own JupyterLab (the one notebook of that name in their
folder), answers exercise 1 there, saves and submits; the teacher collects, autogrades and
exports with nbgrader, and the grades and the class report are what the answers deserve.
Then a student, from a kernel, tries to read and write what is not theirs (the passwords,
the hub's database, another's folder, the course sources, the guide, the gradebook,
another's hand-in): every one is refused with a ``PermissionError``.

The project's own machine keeps Python under /root (mode 700): the test lets its own
users pass through that folder (a POSIX access list, taken back at the end), as a school
would install the course where every user may reach it.

configurable-http-proxy comes from the npm registry (``npm install --prefix`` into a
folder the test owns, ``test-artifacts/configurable-http-proxy``, kept between runs), as
the accessibility test installs axe-core. The hub runs in its own process group and is
stopped by it; every wait polls with a time limit.
"""

from __future__ import annotations

import csv
import json
import os
import pwd
import re
import secrets
import shutil
import stat
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from cribbage_edu.classroom.hub import PROXY_VERSION
from cribbage_edu.classroom.hub_users import (
    class_accounts,
    let_pass,
    remove_accounts,
    take_back,
    unix_names,
)
from cribbage_edu.classroom.serving import scripts_first

from .conftest import KERNEL_READY, free_port, npm_package, quiet_env, serving, wait_for

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(os.geteuid() != 0, reason="the hub makes users as root")]

STUDENTS = {"ada": "4", "ben": "6", "cy": "2"}
"""Each student's answer to lesson 00's exercise 1 (how many cards in the crib): the rule
says 4 (two from each player); 6 and 2 are the wrong answers the lesson explains."""


@dataclass(frozen=True)
class Hub:
    url: str
    state: Path
    passwords: dict[str, str]
    env: dict[str, str]
    users: dict[str, str]


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
def hub(proxy_folder: Path) -> Iterator[Hub]:
    prefix = f"cet{secrets.token_hex(3)}-"
    base = Path(tempfile.mkdtemp(prefix="cribbage-hub-", dir="/tmp"))
    base.chmod(0o711)  # the students pass through to their homes (pytest's tmp is 700)
    opened: dict[Path, int] = {}
    guide = Path(__file__).resolve().parents[2] / "lessons" / "README.md"
    guide_mode = stat.S_IMODE(guide.stat().st_mode)
    try:
        yield from _running_hub(base, prefix, proxy_folder, opened)
    finally:
        for folder, mode in opened.items():
            take_back(folder, mode)
        remove_accounts([e.pw_name for e in pwd.getpwall() if e.pw_name.startswith(prefix)])
        shutil.rmtree(base, ignore_errors=True)
        guide.chmod(guide_mode)  # the hub closed it to the students; the clone as it was
        assert not [e for e in pwd.getpwall() if e.pw_name.startswith(prefix)]


def _running_hub(base: Path, prefix: str, proxy_folder: Path,
                 opened: dict[Path, int]) -> Iterator[Hub]:
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
    # the users the hub would make, made first so the test can let them reach Python
    names = unix_names([*STUDENTS, "teacher"], prefix)
    accounts = class_accounts(names, {login: course if login == "teacher"
                                      else state / "students" / login for login in names})
    for folder in reversed(Path(sys.executable).resolve().parents):
        if folder.stat().st_mode & stat.S_IXOTH == 0:
            opened[folder] = let_pass(folder, [a.uid for a in accounts.values()])
    # the test reads each student's Lab through window.jupyterapp
    (state / "jupyter-config").mkdir(parents=True, exist_ok=True)
    (state / "jupyter-config" / "jupyter_server_config.json").write_text(
        json.dumps({"LabApp": {"expose_app_in_browser": True}}))
    port = free_port()
    command = [sys.executable, "-m", "cribbage_edu", "hub", "--class-list", str(class_list),
               "--state", str(state), "--ip", "127.0.0.1", "--port", str(port),
               "--idle-minutes", "30", "--user-prefix", prefix]
    url = f"http://127.0.0.1:{port}"
    with serving(command, env, base, base / "hub.log") as proc:
        try:
            wait_for(f"{url}/hub/api", proc, "JupyterHub", timeout=120)
        except RuntimeError as failed:
            raise AssertionError(f"{failed}:\n{(base / 'hub.log').read_text()[-3000:]}"
                                 ) from None
        listing = (state / "passwords.txt").read_text()
        passwords = dict(line.split() for line in listing.splitlines()
                         if line and not line.startswith("#"))
        yield Hub(url, state, passwords, env, names)


def log_in(page: Page, hub: Hub, name: str) -> None:
    page.goto(f"{hub.url}/hub/logout")  # whoever the browser was before
    page.wait_for_url(re.compile(r"/hub/login"), timeout=30_000)
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


def answer_and_save(page: Page, answer: str) -> str:
    """In the notebook that opened (the lesson 00 assignment), run it, answer exercise 1
    and save. Returns what the exercise's check said in the cell."""
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


ASSIGNMENT = "lesson00/00_start_here.ipynb"


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
            # the first page is the lesson 00 assignment, fetched into their own folder
            page.wait_for_url(re.compile(rf"/user/{name}/lab"), timeout=120_000)
            page.wait_for_function(
                "(path) => window.jupyterapp && window.jupyterapp.shell.currentWidget && "
                "window.jupyterapp.shell.currentWidget.context && "
                "window.jupyterapp.shell.currentWidget.context.path === path",
                arg=ASSIGNMENT, timeout=90_000)
            folder = hub.state / "students" / name
            assert (folder / ASSIGNMENT).exists()
            # one notebook of that name: the course's own copy of lesson 00 is not beside it
            assert sorted(p.relative_to(folder).as_posix()
                          for p in folder.rglob("00_start_here*.ipynb")
                          if ".ipynb_checkpoints" not in p.parts) == [ASSIGNMENT]
            assert (folder / "01_cards_values_and_the_deal.ipynb").exists()  # the rest
            assert not (folder / "README.md").exists()  # the key
            # the server runs as the student's own user, in their home of mode 700
            uid = pwd.getpwnam(hub.users[name]).pw_uid
            assert server_process(folder)["uid"] == uid
            assert server_process(folder)["data_limit"] == 2048 * 2**20  # --mem-limit
            assert folder.stat().st_uid == uid and folder.stat().st_mode & 0o777 == 0o700
            assert (folder / ASSIGNMENT).stat().st_uid == uid
            # nbgrader's teacher pages are not in a student's JupyterLab; the
            # assignments are
            assert page.evaluate("""() => [
                window.jupyterapp.commands.hasCommand('nbgrader:open-formgrader'),
                window.jupyterapp.commands.hasCommand('nbgrader:open-course-list'),
                window.jupyterapp.commands.hasCommand('nbgrader:open-create-assignment'),
                window.jupyterapp.commands.hasCommand('nbgrader:open-assignment-list')]"""
                                 ) == [False, False, False, True]
            # no news pop-up asks them anything (issue 27 §5): the setting is off
            assert page.evaluate("""async () => (await window.jupyterapp.serviceManager
                .settings.fetch('@jupyterlab/apputils-extension:notification'))
                .raw.includes('"fetchNews": "false"')""")
            if name == "cy":  # Submit before saving: told to save, nothing handed in
                said = server_post(page, name, "submit")
                assert '"success": false' in said
                assert "Nothing is answered in 00_start_here.ipynb as it is saved" in said
                assert "Ctrl-S" in said, said
            said = answer_and_save(page, answer)
            if answer == "4":
                assert said.startswith("Exercise 1: right! 4."), said
            else:
                assert said.startswith(f"Exercise 1: not yet. You said {answer}"), said
            if name == "ada":
                page.screenshot(path=str(artifacts / "hub_lesson00_assignment.png"))
            handed = server_post(page, name, "submit")
            assert handed.startswith("200") and '"success": true' in handed, handed
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

    inbound = hub.state / "exchange" / "cribbage" / "inbound"
    handed_in = sorted(inbound.iterdir())
    assert [path.name.split("+")[0] for path in handed_in] == ["ada", "ben", "cy"]
    for path in handed_in:  # each hand-in closed to every other student
        assert path.stat().st_mode & 0o007 == 0, oct(path.stat().st_mode)
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


IN_A_KERNEL = """async (code) => {
  const app = window.jupyterapp;
  const kernel = await app.serviceManager.kernels.startNew({name: 'python3'});
  let text = '';
  try {
    const future = kernel.requestExecute({code});
    future.onIOPub = (msg) => {
      if (msg.header.msg_type === 'stream') text += msg.content.text;
      if (msg.header.msg_type === 'error') text += msg.content.ename + ': ' + msg.content.evalue;
    };
    await future.done;
  } finally {
    await kernel.shutdown();
  }
  return text;
}"""

PROBE = """
import json, os
said = {}
for label, how, path in json.loads(%r):
    try:
        if how == "read":
            with open(path, "rb") as f:
                f.read(1)
        elif how == "list":
            os.listdir(path)
        else:
            with open(path, "ab") as f:
                f.write(b"planted")
        said[label] = "allowed"
    except OSError as exc:
        said[label] = type(exc).__name__
print(json.dumps(said))
"""


def test_a_student_cannot_read_or_write_what_is_not_theirs(browser: BrowserContext,
                                                          hub: Hub) -> None:
    """Issue 27 §1: from a kernel, ben tries the hub's secrets, another student's folder,
    the course, the answer key, the gradebook and another's hand-in: all refused."""
    state, course = hub.state, hub.state / "course"
    inbound = state / "exchange" / "cribbage" / "inbound"
    ada_hand_ins = sorted(inbound.glob("ada+lesson00+*"))
    assert ada_hand_ins, "ada's hand-in is missing: this test follows the round trip"
    clone_guide = Path(__file__).resolve().parents[2] / "lessons" / "README.md"
    tries = [
        ("passwords", "read", state / "passwords.txt"),
        ("passwords written", "write", state / "passwords.txt"),
        ("hashes", "read", state / "password-hashes.json"),
        ("hub config", "read", state / "jupyterhub_config.py"),
        ("hub database", "read", state / "jupyterhub.sqlite"),
        ("cookie secret", "read", state / "jupyterhub_cookie_secret"),
        ("state listed", "list", state),
        ("another's folder listed", "list", state / "students" / "ada"),
        ("another's answers", "read", state / "students" / "ada" / ASSIGNMENT),
        ("another's answers written", "write", state / "students" / "ada" / ASSIGNMENT),
        ("course sources", "read", course / "source" / "lesson00" / "00_start_here.ipynb"),
        ("course sources written", "write",
         course / "source" / "lesson00" / "00_start_here.ipynb"),
        ("guide in the course", "read", course / "course-guide.md"),
        ("guide in the clone", "read", clone_guide),
        ("gradebook", "read", course / "gradebook.db"),
        ("gradebook written", "write", course / "gradebook.db"),
        ("hand-ins listed", "list", inbound),
        ("another's hand-in", "read", ada_hand_ins[-1] / "00_start_here.ipynb"),
        ("another's hand-in written", "write", ada_hand_ins[-1] / "00_start_here.ipynb"),
        ("planted in another's hand-in", "write", ada_hand_ins[-1] / "extra.py"),
    ]
    for _, how, path in tries:  # each is there to be refused
        assert path.exists() or how == "write", path
    before = {path: path.read_bytes() for _, how, path in tries
              if how == "write" and path.is_file()}
    page = browser.new_page()
    try:
        log_in(page, hub, "ben")
        page.wait_for_url(re.compile(r"/user/ben/lab"), timeout=120_000)
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager",
                               timeout=90_000)
        own = state / "students" / "ben" / ASSIGNMENT
        code = PROBE % json.dumps([*[(label, how, str(path)) for label, how, path in tries],
                                   ("own answers", "read", str(own))])
        text = page.evaluate(IN_A_KERNEL, code)
    finally:
        page.close()
    said = json.loads(text.strip().splitlines()[-1])
    assert said.pop("own answers") == "allowed"  # the probe can read what is theirs
    assert said == {label: "PermissionError" for label, _, _ in tries}
    assert {path: path.read_bytes() for path in before} == before  # nothing changed
    assert not (ada_hand_ins[-1] / "extra.py").exists()


def server_process(folder: Path) -> dict[str, int]:
    """The Unix user and data-size limit of the student's server: the process of
    jupyterhub-singleuser running in ``folder``."""
    for entry in Path("/proc").iterdir():
        try:
            if (entry.name.isdigit() and b"jupyterhub-singleuser" in
                    (entry / "cmdline").read_bytes()
                    and (entry / "cwd").resolve() == folder.resolve()):
                limits = (entry / "limits").read_text()
                found = re.search(r"Max data size\s+(\d+)", limits)
                assert found is not None, limits
                return {"uid": entry.stat().st_uid, "data_limit": int(found.group(1))}
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


def test_the_teacher_works_in_the_course_as_their_own_user(browser: BrowserContext,
                                                          hub: Hub) -> None:
    """The teacher's JupyterLab runs as the teacher's Unix user, on the course (with the
    guide's copy and nbgrader's teacher pages), and reaches no student's folder."""
    course = hub.state / "course"
    page = browser.new_page()
    try:
        log_in(page, hub, "teacher")
        page.wait_for_url(re.compile(r"/user/teacher/lab"), timeout=120_000)
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager",
                               timeout=90_000)
        page.wait_for_function(  # nbgrader's teacher pages are there (once loaded)
            "() => window.jupyterapp.commands.hasCommand('nbgrader:open-formgrader')",
            timeout=60_000)
        code = PROBE % json.dumps([
            ("gradebook", "read", str(course / "gradebook.db")),
            ("guide", "read", str(course / "course-guide.md")),
            ("a student's answers", "read", str(hub.state / "students" / "ada" / ASSIGNMENT)),
        ])
        said = json.loads(page.evaluate(IN_A_KERNEL, code).strip().splitlines()[-1])
    finally:
        page.close()
    assert server_process(course)["uid"] == pwd.getpwnam(hub.users["teacher"]).pw_uid
    assert said == {"gradebook": "allowed", "guide": "allowed",
                    "a student's answers": "PermissionError"}
    guide = (course / "course-guide.md").read_text()
    assert guide == (Path(__file__).resolve().parents[2] / "lessons" / "README.md").read_text()
