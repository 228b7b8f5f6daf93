"""``cribbage-edu hub`` and ``cribbage-edu assignments`` without a browser: the class
list, the passwords (generated, kept, mode 600, never in the configuration), the
configuration JupyterHub runs with, the Kubernetes values, bad arguments in one line,
and the nbgrader course built from the lessons (each exercise's hidden test is the
lesson's own checker). The whole round trip on a running hub is in
``tests/browser/test_hub.py``."""

from __future__ import annotations

import io
import json
import re
import socket
from collections import Counter
from pathlib import Path

import pytest

from cribbage_edu.cli import main
from cribbage_edu.cli.assignments import (
    ExerciseResult,
    assessment_notebook,
    class_results,
    lesson_assignment,
    report_html,
)
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


def lesson(name: str) -> dict[str, object]:
    notebook: dict[str, object] = json.loads((LESSONS / name).read_text())
    return notebook


def test_each_exercise_is_an_answer_cell_and_a_hidden_test_of_the_lessons_checker() -> None:
    made, numbers = lesson_assignment(lesson("02_the_starter_fifteens_and_pairs.ipynb"))
    assert numbers == [1, 2, 3, 4, 5]  # the lesson's five exercises (the guide's answer key)
    cells = made["cells"]
    assert isinstance(cells, list)
    for number in numbers:
        index = next(i for i, c in enumerate(cells) if c["metadata"].get("nbgrader", {})
                     .get("grade_id") == f"exercise_{number}_answer")
        answer, test = cells[index], cells[index + 1]
        assert answer["metadata"]["nbgrader"]["solution"] is True
        assert "".join(answer["source"]).startswith(f"answer_{number} = ...")
        grade = test["metadata"]["nbgrader"]
        assert grade["grade"] is True and grade["points"] == 1 and grade["locked"] is True
        assert (f"### BEGIN HIDDEN TESTS\nexercise_{number}.grade(answer_{number})\n"
                f"### END HIDDEN TESTS") in test["source"]
    ids = [c["metadata"]["nbgrader"]["grade_id"] for c in cells if c["cell_type"] == "code"]
    assert len(ids) == len(set(ids))  # nbgrader needs each id once
    others = [c for c in cells if c["cell_type"] == "code"
              and not c["metadata"]["nbgrader"]["grade_id"].startswith("exercise_")]
    assert others and all(c["metadata"]["nbgrader"]["locked"] for c in others)


def test_every_lesson_gives_as_many_graded_cells_as_it_has_exercises() -> None:
    counted = {}
    for path in sorted(LESSONS.glob("[0-9][0-9]_*.ipynb")):
        _, numbers = lesson_assignment(lesson(path.name))
        counted[path.name[:2]] = len(numbers)
        assert numbers == list(range(1, len(numbers) + 1)), path.name
    answer_key = (LESSONS / "README.md").read_text().split("### Answer key", 1)[1]
    key = re.findall(r"^\| (\d\d) \| (\d+) \|", answer_key.split("\n### ", 1)[0],
                     re.MULTILINE)
    assert counted == dict(Counter(lesson for lesson, _ in key))


def test_the_assessment_is_the_guides_twelve_questions() -> None:
    guide = (LESSONS / "README.md").read_text()
    made = assessment_notebook(guide)
    questions = [c["source"] for c in made["cells"] if c["cell_type"] == "markdown"
                 and c["source"].startswith("**Question")]
    assert len(questions) == 12
    flat = " ".join(guide.split())
    for n, question in enumerate(questions, 1):  # each is the guide's item, word for word
        prefix = f"**Question {n}.** "
        assert question.startswith(prefix)
        assert f" {n}. {' '.join(question[len(prefix):].split())}" in flat
    tests = [c["source"] for c in made["cells"]
             if c["metadata"]["nbgrader"].get("grade")]
    assert [re.search(r"exercise\[(\d+)\]\.grade\(answer_(\d+)\)", t).groups()  # type: ignore[union-attr]
            for t in tests] == [(str(n), str(n)) for n in range(1, 13)]


def test_the_assessments_checker_marks_the_guides_key_right(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hidden tests, run on the answers of the guide's key, pass; on the wrong
    answers the guide warns of, they fail with the reason."""
    import sys
    from fractions import Fraction

    monkeypatch.syspath_prepend(str(LESSONS))
    setup = next(c["source"] for c in assessment_notebook(
        (LESSONS / "README.md").read_text())["cells"] if c["id"] == "setup")
    space: dict[str, object] = {}
    exec(compile(setup, "assessment-setup", "exec"), space)
    checker = space["exercise"]
    assert isinstance(checker, dict)
    key = {1: 14, 2: 0, 3: 29, 4: 5, 5: 2, 6: Fraction(3, 46), 7: "2C 6D", 8: 12.61,
           9: (3, 1), 10: 5, 11: 9604, 12: "dealer"}
    for number, answer in key.items():
        checker[number].grade(answer)
    wrong = {2: (4, "a crib scores a flush only when the starter matches"),
             5: (3, "31 scores 2 instead of the go's 1, never both"),
             12: ("pone", "the dealer reaches 121 in the play")}
    for number, (answer, reason) in wrong.items():
        with pytest.raises(AssertionError, match=re.escape(reason[1:])):
            checker[number].grade(answer)
    with pytest.raises(AssertionError, match="not answered"):
        checker[1].grade(...)
    sys.modules.pop("exercises", None)


def test_the_class_report_counts_right_wrong_and_blank(tmp_path: Path) -> None:
    course = tmp_path / "course"

    def autograded(student: str, outputs: list[list[dict[str, object]]]) -> None:
        folder = course / "autograded" / student / "lesson00"
        folder.mkdir(parents=True)
        cells = [{"cell_type": "code", "source": "", "outputs": out,
                  "metadata": {"nbgrader": {"grade": True, "grade_id": f"exercise_{n}"}}}
                 for n, out in enumerate(outputs, 1)]
        (folder / "00_start_here.ipynb").write_text(json.dumps({"cells": cells}))

    def error(message: str) -> list[dict[str, object]]:
        return [{"output_type": "error", "ename": "AssertionError", "evalue": message}]

    said = "Exercise 1: not yet. You said 6, which is too high. Two each go to the crib."
    autograded("ada", [[], error("Exercise 2: not answered")])
    autograded("ben", [error(said), error("Exercise 2: not answered")])
    autograded("cy", [error(said), []])
    first, second = class_results(course)
    assert (first.number, first.right, first.unanswered) == (1, 1, 0)
    assert first.wrong == Counter({"You said 6, which is too high. Two each go to the crib.": 2})
    assert (second.right, second.unanswered, sum(second.wrong.values())) == (1, 2, 0)
    page = report_html([first, second], b"")
    assert "1 of 3 right" in page and "2 × You said 6" in page
    assert "1 of 3 right (2 not answered)" in page
    assert ExerciseResult("x", 1).marked == 0
