"""``cribbage-edu hub`` without a browser: the class list, the passwords (generated,
kept, mode 600, never in the configuration), the configuration JupyterHub runs with, the
Kubernetes values, bad arguments in one line. The nbgrader course and its marking are in
``tests/test_assignments.py``; the whole round trip on a running hub is in
``tests/browser/test_hub.py``."""

from __future__ import annotations

import io
import json
import socket
from pathlib import Path

import pytest

from cribbage_edu.cli import main
from cribbage_edu.cli.course import lessons_folder
from cribbage_edu.cli.hub import (
    TEACHER_PLUGINS,
    hub_config,
    k8s_values,
    password_matches,
    read_class_list,
    write_passwords,
)

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
