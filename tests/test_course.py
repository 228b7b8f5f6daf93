"""``cribbage-edu course``'s copy of the lessons: kept, refreshed and reset safely."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cribbage_edu.classroom.course import FIRST_LESSON, lessons_folder, prepare_course
from cribbage_edu.cli import main


def test_resetting_twice_keeps_both_old_copies(tmp_path: Path) -> None:
    """Review: a second --reset deleted the first one's backup, answers and all."""
    mine = tmp_path / "my-course"
    prepare_course(mine, lessons_folder())
    lesson = mine / FIRST_LESSON
    lesson.write_text("my first answers")
    prepare_course(mine, lessons_folder(), reset=True)
    assert (tmp_path / "my-course.old" / FIRST_LESSON).read_text() == "my first answers"
    assert lesson.read_bytes() == (lessons_folder() / FIRST_LESSON).read_bytes()
    lesson.write_text("my second answers")
    prepare_course(mine, lessons_folder(), reset=True)
    assert (tmp_path / "my-course.old" / FIRST_LESSON).read_text() == "my first answers"
    assert (tmp_path / "my-course.old-2" / FIRST_LESSON).read_text() == "my second answers"
    assert lesson.read_bytes() == (lessons_folder() / FIRST_LESSON).read_bytes()


def test_an_older_copy_gets_new_helpers_and_keeps_its_lessons(tmp_path: Path) -> None:
    mine = tmp_path / "my-course"
    prepare_course(mine, lessons_folder())
    (mine / FIRST_LESSON).write_text("my answers")
    (mine / "exercises.py").write_text("# the helper as it was a month ago\n")
    (mine / "small_widgets.py").unlink()
    copied = prepare_course(mine, lessons_folder())
    assert sorted(copied) == ["exercises.py", "small_widgets.py"]
    assert (mine / FIRST_LESSON).read_text() == "my answers"
    assert (mine / "exercises.py").read_bytes() == (lessons_folder() / "exercises.py").read_bytes()


def test_git_ignores_the_course_and_every_reset_copy() -> None:
    """A learner's answers never show in ``git status``: the course folder and every copy
    a reset keeps (``my-course.old``, ``my-course.old-2``, ...) are ignored."""
    root = Path(__file__).resolve().parent.parent
    if not (root / ".git").exists():
        pytest.skip("not a git checkout")
    names = ["my-course", "my-course.old", "my-course.old-2", "my-course.old-17"]
    found = subprocess.run(["git", "check-ignore", *(f"{n}/00_start_here.ipynb" for n in names)],
                           cwd=root, capture_output=True, text=True, check=False)
    assert found.stdout.split() == [f"{n}/00_start_here.ipynb" for n in names]
    kept = subprocess.run(["git", "check-ignore", "lessons/00_start_here.ipynb"], cwd=root,
                          capture_output=True, text=True, check=False)
    assert kept.stdout == ""  # the tracked lessons are not ignored


@pytest.mark.parametrize(("folder", "port", "says"), [
    ("a-file", None, "is a file: name a folder"),
    ("c" * 300, None, "cannot make the course in 'cccccccccc…(300 characters)': File name "
                      "too long"),
    ("fine", "-1", "--port must be at least 1, not -1"),
    ("fine", "99999", "--port 99999 is more than 65,535"),
])
def test_bad_course_arguments_are_one_line(tmp_path: Path, folder: str, port: str | None,
                                           says: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20: a file or a 300-character name as the folder, ``--port -1`` or
    ``99999`` were tracebacks."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file").write_text("not a folder")
    err = io.StringIO()
    argv = ["course", folder, "--no-browser", *(["--port", port] if port else [])]
    assert main(argv, stdout=io.StringIO(), stderr=err) == 2
    assert says in err.getvalue() and err.getvalue().count("\n") == 1, err.getvalue()
    assert not (tmp_path / "fine").exists()  # nothing was made


@pytest.mark.slow
def test_jupyterlab_stops_when_the_course_command_is_killed(tmp_path: Path) -> None:
    """Issue 20: after ``kill -9`` of ``course`` its JupyterLab went on serving."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(tmp_path / name.lower())
    command = subprocess.Popen(
        [sys.executable, "-m", "cribbage_edu", "course", str(tmp_path / "mine"), "--no-browser",
         "--port", str(port)], env=env, cwd=tmp_path, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        assert wait_until(lambda: port_open(port), 90), "JupyterLab did not start"
        command.kill()  # kill -9: the command cannot pass anything on
        command.wait(timeout=10)
        assert wait_until(lambda: not port_open(port), 30), "JupyterLab outlived the command"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(command.pid, signal.SIGKILL)


def port_open(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False
