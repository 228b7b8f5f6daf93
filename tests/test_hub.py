"""``cribbage-edu hub`` without a browser: the class list, the passwords (generated,
kept, mode 600, never in the configuration), the configuration JupyterHub runs with, the
Kubernetes values, bad arguments in one line. The nbgrader course and its marking are in
``tests/test_assignments.py``; the whole round trip on a running hub is in
``tests/browser/test_hub.py``."""

from __future__ import annotations

import contextlib
import io
import json
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from cribbage_edu.classroom.course import lessons_folder, prepare_course
from cribbage_edu.classroom.errors import BadInput
from cribbage_edu.classroom.hub import (
    PRIVATE_FILES,
    TEACHER_PLUGINS,
    hub_config,
    k8s_values,
    nbgrader_settings,
    password_matches,
    read_class_list,
    write_passwords,
)
from cribbage_edu.classroom.hub_users import (
    HAND_IN_OWNERS,
    Account,
    check_reachable,
    class_accounts,
    hand_in_owners,
    lay_out_exchange,
    lay_out_state,
    let_pass,
    make_account,
    processes_of,
    remove_accounts,
    take_back,
    unix_names,
    write_hand_in_owners,
)
from cribbage_edu.classroom.serving import scripts_first
from cribbage_edu.cli import main

LESSONS = lessons_folder()


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_passwords_are_made_once_kept_private_and_only_hashes_are_checked(
        tmp_path: Path) -> None:
    new = write_passwords(tmp_path, ["ada", "ben", "teacher"])
    assert sorted(new) == ["ada", "ben", "teacher"]
    listing = tmp_path / "passwords.txt"
    hashes_file = tmp_path / "password-hashes.json"
    for path in (listing, hashes_file):
        assert path.stat().st_mode & 0o777 == 0o600
    lines = [line.split() for line in listing.read_text().splitlines()
             if not line.startswith("#")]
    assert {name for name, _ in lines} == {"ada", "ben", "teacher"}
    assert len({password for _, password in lines}) == 3  # each their own
    hashes = json.loads(hashes_file.read_text())
    for name, password in lines:
        assert password not in hashes_file.read_text()
        assert password_matches(password, hashes[name])
        assert not password_matches(password + "x", hashes[name])
    # a student added to the class later gets a password; the others keep theirs
    assert sorted(write_passwords(tmp_path, ["ada", "ben", "cy", "teacher"])) == ["cy"]
    again = dict(line.split() for line in listing.read_text().splitlines()
                 if not line.startswith("#"))
    assert {name: again[name] for name, _ in lines} == dict(map(tuple, lines))


def test_the_config_names_no_password_and_serves_the_asked_address(tmp_path: Path) -> None:
    write_passwords(tmp_path, ["ada", "teacher"])
    text = hub_config(state=tmp_path, students=["ada"], teacher="teacher", ip="127.0.0.1",
                      port=8123, idle_minutes=15, mem_limit_mb=1024, proxy=Path("/p/chp"),
                      lessons=LESSONS)
    for line in (tmp_path / "passwords.txt").read_text().splitlines()[1:]:
        assert line.split()[1] not in text
    assert "c.JupyterHub.bind_url = 'http://127.0.0.1:8123'" in text
    assert "c.Authenticator.admin_users = {'teacher'}" in text
    assert "--timeout=900" in text  # 15 idle minutes
    assert f"c.Spawner.mem_limit = {1024 * 2**20}" in text
    compile(text, "jupyterhub_config.py", "exec")  # JupyterHub can read it


def test_the_class_list_is_read_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "students.txt"
    path.write_text("# period 3\nAda\n\nben  # sits at the back\nc.y-2\n")
    assert read_class_list(path, "teacher") == ["ada", "ben", "c.y-2"]


@pytest.mark.parametrize(("text", "says"), [
    ("", "names no student"),
    ("ada\nada\n", "line 2 names 'ada' a second time"),
    ("ada\nteacher\n", "line 2 names the teacher 'teacher' as a student"),
    ("ada\n../etc\n", "line 2: '../etc' is not a login name"),
    ("ada\nmr smith\n", "line 2: 'mr smith' is not a login name"),
])
def test_a_bad_class_list_is_one_line(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "students.txt"
    path.write_text(text)
    status, out, err = run(["hub", "--class-list", str(path), "--state",
                            str(tmp_path / "state")])
    assert status == 2 and out == ""
    assert says in err and err.count("\n") == 1, err
    assert not (tmp_path / "state").exists()  # nothing was written


@pytest.mark.parametrize(("extra", "says"), [
    (["--ip", "300.1.2.3"], "--ip '300.1.2.3' is not an address"),
    (["--port", "0"], "--port must be at least 1"),
    (["--idle-minutes", "0"], "--idle-minutes must be at least 1"),
    (["--teacher", "Mr Smith"], "--teacher 'Mr Smith' is not a login name"),
])
def test_bad_hub_arguments_are_one_line(tmp_path: Path, extra: list[str], says: str) -> None:
    path = tmp_path / "students.txt"
    path.write_text("ada\n")
    status, _, err = run(["hub", "--class-list", str(path), *extra])
    assert status == 2 and says in err and err.count("\n") == 1, err


def test_a_taken_port_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    (tmp_path / "students.txt").write_text("ada\n")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, _, err = run(["hub", "--class-list", str(tmp_path / "students.txt"),
                              "--state", str(tmp_path / "state"), "--ip", "127.0.0.1",
                              "--port", str(port)])
    assert status == 2 and err == (f"cribbage-edu: error: port {port} on 127.0.0.1 is taken "
                                   f"by another program: choose another with --port\n")
    assert not (tmp_path / "state").exists()


def test_a_missing_class_list_and_a_state_file_are_one_line(tmp_path: Path) -> None:
    status, _, err = run(["hub", "--class-list", str(tmp_path / "nobody.txt")])
    assert status == 2 and "cannot read it (No such file or directory)" in err
    (tmp_path / "students.txt").write_text("ada\n")
    (tmp_path / "state").write_text("a file")
    status, _, err = run(["hub", "--class-list", str(tmp_path / "students.txt"),
                          "--state", str(tmp_path / "state")])
    assert status == 2 and "is a file, not a folder" in err


def test_the_kubernetes_values_are_the_same_class(tmp_path: Path) -> None:
    path = tmp_path / "students.txt"
    path.write_text("ada\nben\n")
    status, out, _ = run(["hub", "--class-list", str(path), "--print-k8s-values",
                          "--idle-minutes", "45", "--mem-limit", "1536"])
    assert status == 0
    assert "allowed_users: [ada, ben, teacher]" in out and "admin_users: [teacher]" in out
    assert "limit: 1536M" in out and "timeout: 2700" in out
    assert out == k8s_values(["ada", "ben"], "teacher", idle_minutes=45, mem_limit_mb=1536)
    assert not (tmp_path / "classroom-hub").exists()  # printing starts nothing


def test_the_teacher_plugins_left_out_for_students_are_nbgraders_own() -> None:
    """The plugins a student's JupyterLab leaves out are named as nbgrader's JupyterLab
    extension names them (a renamed plugin would be silently left in)."""
    import sys
    built = Path(sys.prefix) / "share/jupyter/labextensions/@jupyter/nbgrader/static"
    code = "".join(path.read_text(encoding="utf-8", errors="replace")
                   for path in built.glob("*.js"))
    for plugin in TEACHER_PLUGINS:
        assert f'"{plugin}"' in code, plugin
    assert '"@jupyter/nbgrader:assignment-list"' in code  # the students' own stays


# --- issue 27 §1: a Unix user for each student, the state folder closed to them ---------

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="making Unix users needs root")


def test_login_names_map_to_safe_unix_names_each_their_own() -> None:
    names = unix_names(["ada", "c.y", "c-y", "b" * 32, "teacher"], "cet-")
    assert names["ada"] == "cet-ada" and names["teacher"] == "cet-teacher"
    assert names["c-y"] == "cet-c-y"
    assert names["c.y"].startswith("cet-c-y-") and names["c.y"] != names["c-y"]
    assert len(set(names.values())) == 5
    for name in names.values():
        assert len(name) <= 32 and re.fullmatch(r"[a-z][a-z0-9_-]*", name), name
    assert names["b" * 32].startswith("cet-bbbb") and len(names["b" * 32]) == 32


@pytest.mark.parametrize("prefix", ["", "Root-", "9x-", "a" * 17, "a/"])
def test_a_bad_user_prefix_is_one_line(tmp_path: Path, prefix: str) -> None:
    (tmp_path / "students.txt").write_text("ada\n")
    status, _, err = run(["hub", "--class-list", str(tmp_path / "students.txt"),
                          "--state", str(tmp_path / "state"), "--user-prefix", prefix])
    assert status == 2 and "is not the start of a Unix user name" in err, err
    assert err.count("\n") == 1 and not (tmp_path / "state").exists()


def test_an_endless_class_list_is_refused_at_64_kb() -> None:
    """Issue 27 §6: ``--class-list /dev/zero`` read the whole (endless) file."""
    status, _, err = run(["hub", "--class-list", "/dev/zero"])
    assert status == 2 and err == ("cribbage-edu: error: --class-list '/dev/zero': it is "
                                   "longer than a class list (64 KB at most: one name a "
                                   "line)\n")


def test_a_class_list_just_under_the_bound_is_read(tmp_path: Path) -> None:
    path = tmp_path / "students.txt"
    path.write_text("ada\n" + "#" * (64 * 1024 - 5) + "\n")
    assert path.stat().st_size == 64 * 1024
    assert read_class_list(path, "teacher") == ["ada"]
    path.write_text("ada\n" + "#" * (64 * 1024 - 4) + "\n")
    with pytest.raises(BadInput, match="longer than a class list"):
        read_class_list(path, "teacher")


def test_without_root_the_hub_asks_for_root_or_the_unsafe_option(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "students.txt").write_text("ada\n")
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    status, _, err = run(["hub", "--class-list", str(tmp_path / "students.txt"),
                          "--state", str(tmp_path / "state")])
    assert status == 2 and "needs root: run it with sudo" in err
    assert "--unsafe-shared-user" in err and err.count("\n") == 1
    assert not (tmp_path / "state").exists()


def test_the_config_runs_each_login_as_its_unix_user_or_shared_when_asked(
        tmp_path: Path) -> None:
    common = dict(state=tmp_path, students=["ada"], teacher="teacher", ip="127.0.0.1",
                  port=8123, idle_minutes=15, mem_limit_mb=1024, proxy=Path("/p/chp"),
                  lessons=LESSONS, internal_ports=(1, 2))
    text = hub_config(**common, unix_users={"ada": "cet-ada", "teacher": "cet-teacher"})
    assert "c.CourseSpawner.unix_users = {'ada': 'cet-ada', 'teacher': 'cet-teacher'}" in text
    assert "shared_user" not in text
    shared = hub_config(**common, unix_users=None)
    assert "c.CourseSpawner.shared_user = True" in shared and "unix_users" not in shared
    settings = nbgrader_settings(tmp_path)
    assert ("c.ExchangeFactory.submit = 'cribbage_edu.classroom.hub_exchange.PrivateSubmit'"
            in settings)


@contextlib.contextmanager
def made_for_a_test() -> Iterator[tuple[str, Path, Callable[[Sequence[int]], None]]]:
    """A random prefix for a test's Unix users, a folder every user may pass through
    (pytest's own is mode 700), and a way to let given users reach this Python (on the
    project's machine it lives under /root, mode 700: :func:`let_pass`). The users,
    their groups, the folder and every passage given are removed at the end, even on
    failure."""
    prefix = f"cet{secrets.token_hex(3)}-"
    base = Path(tempfile.mkdtemp(prefix="cribbage-hub-test-", dir="/tmp"))
    base.chmod(0o711)
    opened: dict[Path, int] = {}

    def let_python_through(uids: Sequence[int]) -> None:
        for folder in [*reversed(Path(sys.executable).resolve().parents)]:
            if folder.stat().st_mode & stat.S_IXOTH == 0 and folder not in opened:
                opened[folder] = let_pass(folder, uids)

    try:
        yield prefix, base, let_python_through
    finally:
        for folder, mode in opened.items():
            take_back(folder, mode)
        made = [entry.pw_name for entry in pwd.getpwall() if entry.pw_name.startswith(prefix)]
        remove_accounts(made)
        shutil.rmtree(base, ignore_errors=True)
        assert not [e for e in pwd.getpwall() if e.pw_name.startswith(prefix)]


@pytest.fixture
def class_users() -> Iterator[tuple[str, Path, Callable[[Sequence[int]], None]]]:
    with made_for_a_test() as made:
        yield made


PROBE = """\
import json, os, sys
said = {}
for label, how, path in json.loads(sys.argv[1]):
    try:
        if how == "read":
            open(path, "rb").read(1)
        elif how == "list":
            os.listdir(path)
        elif how == "write":
            open(path, "ab").close()
        said[label] = "allowed"
    except OSError as exc:
        said[label] = type(exc).__name__
print(json.dumps(said))
"""


def as_user(account: Account, tries: list[tuple[str, str, Path]]) -> dict[str, str]:
    """What ``account`` is told, trying each (label, read/list/write, path)."""
    done = subprocess.run([sys.executable, "-c", PROBE,
                           json.dumps([(label, how, str(path)) for label, how, path in tries])],
                          user=account.uid, group=account.gid, extra_groups=[], cwd="/",
                          capture_output=True, text=True, check=True, timeout=60)
    said: dict[str, str] = json.loads(done.stdout)
    return said


@needs_root
def test_the_state_folder_is_laid_out_so_a_student_reaches_only_their_own(
        class_users: tuple[str, Path]) -> None:
    prefix, base, let_python_through = class_users
    state = base / "classroom-hub"
    state.mkdir()
    write_passwords(state, ["ada", "ben", "teacher"])
    (state / "jupyterhub.sqlite").write_text("the hub's database")
    (state / "jupyter-config").mkdir()
    (state / "jupyter-config" / "nbgrader_config.py").write_text(nbgrader_settings(state))
    course = state / "course"
    (course / "source" / "lesson00").mkdir(parents=True)
    (course / "source" / "lesson00" / "00_start_here.ipynb").write_text("{}")
    (course / "gradebook.db").write_text("marks")
    names = unix_names(["ada", "ben", "teacher"], prefix)
    homes = {"ada": state / "students" / "ada", "ben": state / "students" / "ben",
             "teacher": course}
    (state / "students").mkdir()
    accounts = class_accounts(names, homes)
    let_python_through([account.uid for account in accounts.values()])
    (homes["ada"] / "mine.ipynb").write_text("{}")
    lay_out_state(state, accounts, "teacher", private=PRIVATE_FILES,
                  shared=("jupyter-config", "student-config"), course=course,
                  students=state / "students", exchange=state / "exchange",
                  course_id="cribbage")
    assert accounts["ada"].name == f"{prefix}ada"
    assert pwd.getpwnam(f"{prefix}ada").pw_shell == "/usr/sbin/nologin"
    for login in ("ada", "ben"):
        home = homes[login]
        assert (home.stat().st_uid, stat.S_IMODE(home.stat().st_mode)) == (
            accounts[login].uid, 0o700)
    inbound = state / "exchange" / "cribbage" / "inbound"
    assert stat.S_IMODE((state / "exchange").stat().st_mode) == 0o1777
    assert stat.S_IMODE(inbound.stat().st_mode) == 0o3733
    assert inbound.stat().st_gid == accounts["teacher"].gid
    (homes["ben"] / "answers.ipynb").write_text("{}")
    for path in homes["ben"].iterdir():
        os.chown(path, accounts["ben"].uid, accounts["ben"].gid)
    tries = [
        ("passwords", "read", state / "passwords.txt"),
        ("passwords written", "write", state / "passwords.txt"),
        ("hashes", "read", state / "password-hashes.json"),
        ("database", "read", state / "jupyterhub.sqlite"),
        ("state listed", "list", state),
        ("another's folder listed", "list", homes["ada"]),
        ("another's work", "read", homes["ada"] / "mine.ipynb"),
        ("another's folder written", "write", homes["ada"] / "planted.py"),
        ("course sources", "read", course / "source" / "lesson00" / "00_start_here.ipynb"),
        ("course written", "write", course / "source" / "planted.ipynb"),
        ("gradebook", "read", course / "gradebook.db"),
        ("inbound listed", "list", inbound),
    ]
    said = as_user(accounts["ben"], [*tries, ("own work", "read", homes["ben"] /
                                              "answers.ipynb"),
                                     ("nbgrader settings", "read",
                                      state / "jupyter-config" / "nbgrader_config.py")])
    assert said.pop("own work") == "allowed" and said.pop("nbgrader settings") == "allowed"
    assert said == {label: "PermissionError" for label, _, _ in tries}
    # the teacher reads the course, and nothing of the students' or the hub's
    teacher = as_user(accounts["teacher"], [
        ("gradebook", "read", course / "gradebook.db"),
        ("passwords", "read", state / "passwords.txt"),
        ("a student's work", "read", homes["ada"] / "mine.ipynb")])
    assert teacher == {"gradebook": "allowed", "passwords": "PermissionError",
                       "a student's work": "PermissionError"}
    assert not (homes["ada"] / "planted.py").exists()


@needs_root
def test_a_unix_user_the_hub_did_not_make_is_never_taken_over(
        class_users: tuple[str, Path]) -> None:
    prefix, base, _ = class_users
    subprocess.run(["useradd", "--no-create-home", "--comment", "someone else",
                    f"{prefix}ada"], check=True)
    with pytest.raises(BadInput, match=f"the Unix user '{prefix}ada' exists and was not made"):
        make_account(f"{prefix}ada", base / "ada")
    assert remove_accounts([f"{prefix}ada"]) == []  # not ours: left alone
    subprocess.run(["userdel", f"{prefix}ada"], check=True)


@needs_root
def test_a_user_with_a_process_still_running_is_removed_and_the_process_ended(
        class_users: tuple[str, Path]) -> None:
    """userdel refuses a user with a process running (a server or kernel the hub left
    behind at its stop); remove_accounts ends those processes first."""
    prefix, base, _ = class_users
    account = make_account(f"{prefix}ada", base / "ada")
    left = subprocess.Popen(["sleep", "600"], user=account.uid, group=account.gid,
                            start_new_session=True)
    try:
        assert processes_of(account.uid) == [left.pid]
        assert remove_accounts([f"{prefix}ada"]) == [f"{prefix}ada"]
        assert left.wait(timeout=30) == -signal.SIGTERM
        with pytest.raises(KeyError):
            pwd.getpwnam(f"{prefix}ada")
    finally:
        if left.poll() is None:
            left.kill()
            left.wait()


@needs_root
def test_a_student_who_cannot_reach_the_course_is_told_which_folder_to_open(
        class_users: tuple[str, Path]) -> None:
    prefix, base, let_python_through = class_users
    closed = base / "closed"
    (closed / "inside").mkdir(parents=True)
    closed.chmod(0o700)
    account = make_account(f"{prefix}ada", base / "ada")
    let_python_through([account.uid])
    with pytest.raises(BadInput) as refused:
        check_reachable(account, [closed / "inside"])
    message = str(refused.value)
    assert f"{closed} is mode 700, closed to other users" in message
    assert f"chmod o+x {closed}" in message
    closed.chmod(0o711)
    check_reachable(account, [closed / "inside"])  # now it can


# --- issue 27 §4: one notebook to answer and hand in --------------------------------------

def released(tmp_path: Path) -> tuple[Path, Path]:
    """A course copy of lessons and an exchange with lesson 00 released (its notebook the
    lesson's, its answer cell an nbgrader solution)."""
    lesson = json.loads((LESSONS / "00_start_here.ipynb").read_text())
    for cell in lesson["cells"]:
        if "".join(cell["source"]).startswith("answer_1 = ..."):
            cell.setdefault("metadata", {})["nbgrader"] = {"solution": True,
                                                           "grade_id": "exercise_1_answer"}
    outbound = tmp_path / "exchange" / "cribbage" / "outbound" / "lesson00"
    outbound.mkdir(parents=True)
    (outbound / "00_start_here.ipynb").write_text(json.dumps(lesson))
    (outbound / "exercises.py").write_text((LESSONS / "exercises.py").read_text())
    return tmp_path / "exchange", outbound


def test_a_released_lesson_is_fetched_and_is_the_one_copy_that_opens(tmp_path: Path) -> None:
    hub_parts = pytest.importorskip("cribbage_edu.classroom.hub_parts")
    exchange, _ = released(tmp_path)
    mine = tmp_path / "ada"
    found = hub_parts.released_assignments(exchange)
    assert [path.name for path in found] == ["lesson00"]
    prepare_course(mine, LESSONS, leave_out=("README.md", "00_start_here.ipynb"))
    assert hub_parts.fetch_released(mine, found, LESSONS) == ["lesson00"]
    assert hub_parts.first_page(mine) == "lesson00/00_start_here.ipynb"
    assert sorted(p.relative_to(mine).as_posix() for p in mine.rglob("00_start_here*")) == [
        "lesson00/00_start_here.ipynb"]
    assert hub_parts.fetch_released(mine, found, LESSONS) == []  # fetched once, kept


def test_a_course_copy_the_student_wrote_in_is_kept_and_says_it_is_not_handed_in(
        tmp_path: Path) -> None:
    hub_parts = pytest.importorskip("cribbage_edu.classroom.hub_parts")
    exchange, _ = released(tmp_path)
    mine = tmp_path / "ben"
    prepare_course(mine, LESSONS)  # the copy made before lesson 00 was released
    (mine / "00_start_here.ipynb").write_text('{"my": "notes"}')
    hub_parts.fetch_released(mine, hub_parts.released_assignments(exchange), LESSONS)
    kept = mine / "00_start_here (practice copy, not handed in).ipynb"
    assert kept.read_text() == '{"my": "notes"}'
    assert not (mine / "00_start_here.ipynb").exists()
    # an untouched copy simply goes
    other = tmp_path / "cy"
    prepare_course(other, LESSONS)
    hub_parts.fetch_released(other, hub_parts.released_assignments(exchange), LESSONS)
    assert sorted(p.name for p in other.rglob("00_start_here*")) == ["00_start_here.ipynb"]
    assert (other / "lesson00" / "00_start_here.ipynb").exists()



def test_every_notebook_of_a_student_writes_one_record_in_their_home(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: the student's server names one record in their home
    (``$CRIBBAGE_EDU_RECORD``), so the course's lessons and an assignment fetched into
    ``lesson00/`` (which holds a course's first lesson of its own) write the same file, and
    Submit hands in a copy of that one; the teacher's server names none. The spawner is
    made, not started (its environment is what it would start the server with)."""
    from unittest import mock

    hub_parts = pytest.importorskip("cribbage_edu.classroom.hub_parts")
    from jupyterhub.objects import Hub

    from cribbage_edu.classroom.hub_exchange import hand_in_record
    from cribbage_edu.study.record import ENVIRONMENT, RECORD_NAME, Record, course_record

    def environment(login: str) -> dict[str, str]:
        user = mock.Mock()
        user.name = user.escaped_name = login
        user.url = f"/user/{login}/"
        spawner = hub_parts.CourseSpawner(user=user, hub=Hub(), state=str(tmp_path / "state"),
                                          lessons=str(LESSONS), shared_user=True)
        spawner.api_token = "not-a-real-token"
        env: dict[str, str] = spawner.get_env()
        return env

    home = tmp_path / "state" / "students" / "ada"
    env = environment("ada")
    assert env[ENVIRONMENT] == str(home / RECORD_NAME)
    assert ENVIRONMENT not in environment("teacher")
    exchange, _ = released(tmp_path)
    prepare_course(home, LESSONS, leave_out=("README.md", "00_start_here.ipynb"))
    hub_parts.fetch_released(home, hub_parts.released_assignments(exchange), LESSONS)
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    # without it, the assignment's folder is a course folder of its own: two records
    assert course_record(home / "lesson00") == home / "lesson00" / RECORD_NAME
    monkeypatch.setenv(ENVIRONMENT, env[ENVIRONMENT])
    assert course_record(home / "lesson00") == course_record(home) == home / RECORD_NAME
    with Record.open(course_record(home / "lesson00") or tmp_path / "none") as record:
        assert record.path == home / RECORD_NAME
    said = hand_in_record(home / "lesson00")
    assert said == f"a copy of the record of decisions {home / RECORD_NAME} is handed in"
    assert (home / "lesson00" / RECORD_NAME).is_file()
    values = k8s_values(["ada"], "teacher", idle_minutes=20, mem_limit_mb=2048)
    assert f"{ENVIRONMENT}: /home/jovyan/{RECORD_NAME}" in values

def test_a_students_settings_turn_the_news_off_and_keep_their_own_saving(
        tmp_path: Path) -> None:
    hub_parts = pytest.importorskip("cribbage_edu.classroom.hub_parts")
    hub_parts.write_student_settings(tmp_path, autosave_seconds=10)
    settings = tmp_path / ".jupyter" / "lab" / "user-settings" / "@jupyterlab"
    news = json.loads((settings / "apputils-extension/notification.jupyterlab-settings")
                      .read_text())
    assert news["fetchNews"] == "false"
    kernels = settings / "apputils-extension/kernels-settings.jupyterlab-settings"
    assert json.loads(kernels.read_text()) == {"commsOverSubshells": "disabled"}
    saving = settings / "docmanager-extension/plugin.jupyterlab-settings"
    assert json.loads(saving.read_text()) == {"autosave": True, "autosaveInterval": 10}
    saving.write_text('{"autosaveInterval": 60}')  # the student's own choice stays
    hub_parts.write_student_settings(tmp_path, autosave_seconds=10)
    assert saving.read_text() == '{"autosaveInterval": 60}'


def test_a_hand_in_with_nothing_answered_as_saved_is_found(tmp_path: Path) -> None:
    exchange_module = pytest.importorskip("cribbage_edu.classroom.hub_exchange")
    _, outbound = released(tmp_path)
    mine = tmp_path / "lesson00"
    shutil.copytree(outbound, mine)
    assert exchange_module.unanswered_notebooks(mine, outbound) == ["00_start_here.ipynb"]
    notebook = json.loads((mine / "00_start_here.ipynb").read_text())
    for cell in notebook["cells"]:
        if "".join(cell["source"]).startswith("answer_1 = ..."):
            cell["source"] = "answer_1 = 4\nexercise_1.check(answer_1)"
    (mine / "00_start_here.ipynb").write_text(json.dumps(notebook))
    assert exchange_module.unanswered_notebooks(mine, outbound) == []


@pytest.mark.slow
def test_the_unsafe_shared_user_makes_no_user_and_says_what_it_leaves_open(
        tmp_path: Path) -> None:
    """``--unsafe-shared-user`` starts the hub with no Unix user made, every server as the
    hub's own user, and says so at the start."""
    proxy = Path(__file__).resolve().parent.parent / "test-artifacts" / \
        "configurable-http-proxy" / "node_modules" / ".bin"
    if not (proxy / "configurable-http-proxy").exists():
        pytest.skip("configurable-http-proxy not installed (the browser hub test installs it)")
    (tmp_path / "students.txt").write_text("ada\n")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    prefix = f"cet{secrets.token_hex(3)}-"
    env = dict(os.environ, PATH=os.pathsep.join([str(proxy), os.environ["PATH"]]))
    log = tmp_path / "hub.log"
    with log.open("wb") as out:
        hub = subprocess.Popen([sys.executable, "-m", "cribbage_edu", "hub", "--class-list",
                                str(tmp_path / "students.txt"), "--state",
                                str(tmp_path / "state"), "--ip", "127.0.0.1", "--port",
                                str(port), "--unsafe-shared-user", "--user-prefix", prefix],
                               env=env, cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT,
                               start_new_session=True)
        try:
            deadline = time.monotonic() + 120
            while "UNSAFE" not in log.read_text(errors="replace"):
                assert hub.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.3)
        finally:
            os.killpg(hub.pid, signal.SIGTERM)
            hub.wait(timeout=60)
    said = log.read_text(errors="replace")
    assert ("UNSAFE: every student's server runs as your Unix user (--unsafe-shared-user): "
            "a student's code can read and change every other student's work, the "
            "passwords and the answer key, and hand in as another student (nbgrader "
            "collect cannot tell).") in said
    record = tmp_path / "state" / "hand-in-owners.json"
    assert json.loads(record.read_text()) == {"shared_user": True, "users": {}}
    config = (tmp_path / "state" / "jupyterhub_config.py").read_text()
    assert "c.CourseSpawner.shared_user = True" in config and "unix_users" not in config
    assert not [e for e in pwd.getpwall() if e.pw_name.startswith(prefix)]


# --- issue 27 §1: a hand-in is collected only from the student it names ------------------

def answered(outbound: Path, folder: Path, answer: str) -> None:
    """The released lesson 00 copied to ``folder`` with exercise 1 answered ``answer``."""
    shutil.copytree(outbound, folder)
    notebook = json.loads((folder / "00_start_here.ipynb").read_text())
    for cell in notebook["cells"]:
        if cell.get("metadata", {}).get("nbgrader", {}).get("solution"):
            cell["source"] = f"answer_1 = {answer}\nexercise_1.check(answer_1)"
    (folder / "00_start_here.ipynb").write_text(json.dumps(notebook))


def answer_in(notebook: Path) -> str:
    """The source of the answer cell of a handed-in or collected lesson 00."""
    (source,) = ["".join(cell["source"]) for cell in json.loads(notebook.read_text())["cells"]
                 if cell.get("metadata", {}).get("nbgrader", {}).get("solution")]
    return source.splitlines()[0]


def a_course(state: Path) -> Path:
    """The nbgrader course's settings as ``cribbage-edu assignments`` writes them."""
    from cribbage_edu.classroom.assignments import course_settings

    course = state / "course"
    course.mkdir(exist_ok=True)
    (course / "nbgrader_config.py").write_text(course_settings(
        course, state / "exchange", state / HAND_IN_OWNERS))
    return course


def collect(course: Path) -> str:
    """``nbgrader collect lesson00`` in the course, as the teacher runs it; its log."""
    done = subprocess.run([sys.executable, "-m", "nbgrader", "collect", "lesson00"],
                          cwd=course, capture_output=True, text=True, timeout=300,
                          check=False, env=scripts_first(os.environ))
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


def submit(account: Account, student_id: str, folder: Path, state: Path) -> None:
    """nbgrader's Submit of ``folder/lesson00`` as the hub's student servers run it, as
    ``account``'s Unix user, naming the hand-in for ``student_id`` (what a student's code
    can do with its own nbgrader)."""
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", "submit", "lesson00",
         f"--CourseDirectory.student_id={student_id}", "--CourseDirectory.course_id=cribbage",
         f"--Exchange.root={state / 'exchange'}",
         "--ExchangeFactory.submit=cribbage_edu.classroom.hub_exchange.PrivateSubmit"],
        user=account.uid, group=account.gid, extra_groups=[], cwd=folder,
        env={"PATH": "/usr/bin:/bin", "HOME": str(account.home)},
        capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr


PLANT = """\
import os, sys
inbound, name, theirs = sys.argv[1:]
os.mkdir(os.path.join(inbound, name))
try:
    os.rename(os.path.join(inbound, theirs), os.path.join(inbound, "renamed"))
    print("renamed")
except OSError as exc:
    print(type(exc).__name__)
"""


@needs_root
def test_a_hand_in_forged_for_another_student_is_refused_and_theirs_collected(
        class_users: tuple[str, Path, Callable[[Sequence[int]], None]]) -> None:
    """Ada's code hands in for ben (later than ben's own, so nbgrader's choice of the
    latest would take it) and for cy (who hands in nothing): collect takes ada's and ben's
    own and refuses both forgeries, naming each with its owner and whom it claims."""
    prefix, base, let_python_through = class_users
    state = base / "classroom-hub"
    state.mkdir()
    names = unix_names(["ada", "ben", "cy", "teacher"], prefix)
    course = state / "course"
    homes = {login: course if login == "teacher" else state / "students" / login
             for login in names}
    (state / "students").mkdir()
    accounts = class_accounts(names, homes)
    let_python_through([account.uid for account in accounts.values()])
    lay_out_state(state, accounts, "teacher", private=PRIVATE_FILES,
                  shared=("jupyter-config", "student-config"), course=course,
                  students=state / "students", exchange=state / "exchange",
                  course_id="cribbage")
    write_hand_in_owners(state, names)
    a_course(state)
    _, outbound = released(state)
    answered(outbound, homes["ada"] / "lesson00", "4")
    answered(outbound, homes["ben"] / "lesson00", "5")
    answered(outbound, homes["ada"] / "forged" / "lesson00", "99")
    for login in ("ada", "ben"):
        _own_tree(homes[login], accounts[login])
    submit(accounts["ada"], "ada", homes["ada"], state)
    submit(accounts["ben"], "ben", homes["ben"], state)
    time.sleep(0.01)  # the forgeries are the latest of ben's and cy's hand-ins
    submit(accounts["ada"], "ben", homes["ada"] / "forged", state)
    submit(accounts["ada"], "cy", homes["ada"] / "forged", state)
    inbound = state / "exchange" / "cribbage" / "inbound"
    by_owner = {(path.name.split("+")[0], path.stat().st_uid): path
                for path in inbound.iterdir()}
    bens_own = by_owner[("ben", accounts["ben"].uid)]
    forged_ben = by_owner[("ben", accounts["ada"].uid)]
    forged_cy = by_owner[("cy", accounts["ada"].uid)]
    assert forged_ben.name.split("+")[2] > bens_own.name.split("+")[2]
    # ada's code plants a hand-in whose name Submit never gives, and cannot rename ben's
    # (the inbound folder is sticky) to claim it as hers
    planted = subprocess.run([sys.executable, "-c", PLANT, str(inbound),
                              "ben+lesson00+not-a-time+x", bens_own.name],
                             user=accounts["ada"].uid, group=accounts["ada"].gid,
                             extra_groups=[], cwd="/", capture_output=True, text=True,
                             check=True, timeout=60)
    assert planted.stdout.strip() == "PermissionError"

    said = collect(course)

    submitted = course / "submitted"
    assert sorted(path.name for path in submitted.iterdir()) == ["ada", "ben"]
    assert answer_in(submitted / "ada" / "lesson00" / "00_start_here.ipynb") == "answer_1 = 4"
    assert answer_in(submitted / "ben" / "lesson00" / "00_start_here.ipynb") == "answer_1 = 5"
    for forged, claimed in ((forged_ben, "ben"), (forged_cy, "cy")):
        assert (f"Refused the hand-in {forged.name}: it claims to be {claimed}'s, but it is "
                f"owned by {prefix}ada, not by {names[claimed]} (the Unix user the hub "
                f"made for {claimed}). It is not collected") in said, said
    assert ("Refused the hand-in ben+lesson00+not-a-time+x: its name is not one Submit "
            "gives") in said
    assert said.count("Refused the hand-in") == 3


def _own_tree(home: Path, account: Account) -> None:
    for folder, dirs, files in os.walk(home):
        for child in (*dirs, *files):
            os.chown(Path(folder) / child, account.uid, account.gid)


def test_a_hand_in_is_checked_file_by_file_and_refused_as_a_link(tmp_path: Path) -> None:
    exchange_module = pytest.importorskip("cribbage_edu.classroom.hub_exchange")
    forged_hand_in = exchange_module.forged_hand_in
    me = pwd.getpwuid(os.getuid()).pw_name
    hand_in = tmp_path / "ada+lesson00+2026-12-02 10:00:00.000000 UTC+abc"
    (hand_in / "lesson00").mkdir(parents=True)
    (hand_in / "lesson00" / "00_start_here.ipynb").write_text("{}")
    assert forged_hand_in(hand_in, "ada", {"ada": me}) is None
    assert forged_hand_in(hand_in, "ada", {"ada": "cribbage-ada"}) == (
        f"it is owned by {me}, not by cribbage-ada (the Unix user the hub made for ada)")
    assert forged_hand_in(hand_in, "zed", {"ada": me}) == (
        "the hub made no Unix user for 'zed' (not in the class list)")
    (hand_in / "lesson00" / "exercises.py").symlink_to("/etc/passwd")
    assert forged_hand_in(hand_in, "ada", {"ada": me}) == (
        f"its lesson00/exercises.py is a symbolic link (owned by {me}); Submit copies "
        f"files, never links")
    link = tmp_path / "ada+lesson00+2026-12-02 11:00:00.000000 UTC+def"
    link.symlink_to(hand_in)
    assert forged_hand_in(link, "ada", {"ada": me}) == (
        f"it is not a folder but a symbolic link, owned by {me}; Submit makes a folder")


def test_the_record_of_owners_is_refused_when_another_user_could_write_it(
        tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="is missing: `cribbage-edu hub` writes it"):
        hand_in_owners(tmp_path / HAND_IN_OWNERS)
    path = write_hand_in_owners(tmp_path, {"ada": "cribbage-ada"})
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.chmod(0o666)
    with pytest.raises(ValueError, match="could have been written by another user"):
        hand_in_owners(path)
    path.chmod(0o600)
    path.write_text('{"users": ["ada"]}')
    with pytest.raises(ValueError, match="is not a record of the hub's users"):
        hand_in_owners(path)


def test_the_shared_user_collects_each_hand_in_as_named_and_says_it_cannot_check(
        tmp_path: Path) -> None:
    """``--unsafe-shared-user``: every hand-in is the hub's own user's, so none can be
    told from a forgery; each is collected as the student it names, with a warning."""
    pytest.importorskip("cribbage_edu.classroom.hub_exchange")
    state = tmp_path / "state"
    state.mkdir()
    lay_out_exchange(state / "exchange", "cribbage", None)
    write_hand_in_owners(state, None)
    course = a_course(state)
    _, outbound = released(state)
    inbound = state / "exchange" / "cribbage" / "inbound"
    for login, answer in (("ada", "4"), ("ben", "5")):
        hand_in = inbound / f"{login}+lesson00+2026-12-02 10:00:00.000000 UTC+{login}1"
        answered(outbound, hand_in, answer)
        (hand_in / "timestamp.txt").write_text("2026-12-02 10:00:00.000000 UTC")
    said = collect(course)
    assert answer_in(course / "submitted" / "ada" / "lesson00" / "00_start_here.ipynb") == (
        "answer_1 = 4")
    assert answer_in(course / "submitted" / "ben" / "lesson00" / "00_start_here.ipynb") == (
        "answer_1 = 5")
    assert ("The hub runs every server as its own Unix user (--unsafe-shared-user): who "
            "made a hand-in cannot be checked, so each is collected as the student it "
            "names.") in said
    assert "Refused" not in said
    # with no record of the hub's users, collect stops and says why, collecting nothing
    (state / HAND_IN_OWNERS).unlink()
    shutil.rmtree(course / "submitted")
    done = subprocess.run([sys.executable, "-m", "nbgrader", "collect", "lesson00"],
                          cwd=course, capture_output=True, text=True, timeout=300,
                          check=False, env=scripts_first(os.environ))
    assert done.returncode != 0
    assert "Cannot check who made each hand-in:" in done.stderr
    assert f"{state / HAND_IN_OWNERS} is missing" in done.stderr
    assert not (course / "submitted").exists()


def test_collect_copies_no_link_of_a_hand_in(tmp_path: Path,
                                             caplog: pytest.LogCaptureFixture) -> None:
    """Collect runs as root: a link a student put into their own hand-in (after it was
    checked) is copied as a link and left out, never read through."""
    exchange_module = pytest.importorskip("cribbage_edu.classroom.hub_exchange")
    from nbgrader.auth import Authenticator
    from nbgrader.coursedir import CourseDirectory

    secret = tmp_path / "someone-else's.ipynb"
    secret.write_text('{"answer": "theirs"}')
    hand_in = tmp_path / "ben+lesson00+2026-12-02 10:00:00.000000 UTC+abc"
    (hand_in / "data").mkdir(parents=True)
    (hand_in / "00_start_here.ipynb").write_text('{"answer": "mine"}')
    (hand_in / "exercises.ipynb").symlink_to(secret)
    (hand_in / "data" / "elsewhere").symlink_to(tmp_path, target_is_directory=True)
    step = exchange_module.OwnedCollect(coursedir=CourseDirectory(),
                                        authenticator=Authenticator())
    with caplog.at_level("WARNING"):
        step.do_copy(str(hand_in), str(tmp_path / "collected"))
    copied = tmp_path / "collected"
    assert sorted(p.relative_to(copied).as_posix() for p in copied.rglob("*")) == [
        "00_start_here.ipynb", "data"]
    assert (copied / "00_start_here.ipynb").read_text() == '{"answer": "mine"}'
    assert f"Left out exercises.ipynb of the hand-in {hand_in.name}: a link" in caplog.text
    assert f"Left out data/elsewhere of the hand-in {hand_in.name}: a link" in caplog.text
    assert secret.read_text() == '{"answer": "theirs"}'
    # one hand-in too large is refused alone (nbgrader's own copy stops the whole collect)
    step.coursedir.max_dir_size = 1  # kB
    (hand_in / "00_start_here.ipynb").write_text("x" * 2000)
    with caplog.at_level("WARNING"):
        step.do_copy(str(hand_in), str(tmp_path / "too large"))
    assert not (tmp_path / "too large").exists()
    assert (f"Refused the hand-in {hand_in.name}: it is larger than "
            f"CourseDirectory.max_dir_size (1000 bytes)") in caplog.text
