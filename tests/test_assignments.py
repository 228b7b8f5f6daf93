"""``cribbage-edu assignments``: the nbgrader course built from the lessons, marks a
student's own cells cannot change, the final assessment from one source, and the class
report.

- Each exercise of a lesson is an answer cell and a hidden test calling the lesson's own
  checker; the final assessment's questions, key and checker are one module
  (``cribbage_edu.classroom.assessment``), printed by the teacher's guide.
- The marks: hand-ins that try what a curious student tries (replace the checker or its
  module, an answer whose ``==`` always says yes, patched builtins, a swallowed or raised
  exception, a kernel that exits, doctored outputs and metadata, a module handed in beside
  the notebook) are autograded by nbgrader exactly as the README's commands do, and each
  exercise gets the mark its written answer deserves.
- Every exercise handed out, run on the guide's answer, is marked right, and on the wrong
  answer the guide lists, wrong for the reason the guide gives; the same for the
  assessment, whose key is worked here by hand from the rules (``/work/shared/RULES.md``).
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgba

from cribbage_edu.charts.marks import MARK_COLOURS
from cribbage_edu.classroom.assessment import guide_text, mark, questions
from cribbage_edu.classroom.assignments import (
    ExerciseResult,
    assessment_notebook,
    class_results,
    exercise_cell,
    lesson_assignment,
    report_chart,
    report_html,
)
from cribbage_edu.classroom.course import lessons_folder
from cribbage_edu.classroom.marking import (
    NotPlain,
    answer_source,
    answers_only,
    marked_notebook,
    read_answer,
    strays,
)
from cribbage_edu.classroom.serving import scripts_first
from cribbage_edu.cli import main
from cribbage_edu.render.colours import COLOURS

LESSONS = lessons_folder()
GUIDE = LESSONS / "README.md"


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def lesson(name: str) -> dict[str, Any]:
    notebook: dict[str, Any] = json.loads((LESSONS / name).read_text(encoding="utf-8"))
    return notebook


def text(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


def grade_id(cell: dict[str, Any]) -> str:
    return str(cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", ""))


# --- the course's assignments -------------------------------------------------------------

def test_each_exercise_is_an_answer_cell_and_a_hidden_test_of_the_lessons_checker() -> None:
    made, numbers = lesson_assignment(lesson("02_the_starter_fifteens_and_pairs.ipynb"))
    assert numbers == [1, 2, 3, 4, 5]  # the lesson's five exercises (the guide's answer key)
    cells = made["cells"]
    for number in numbers:
        index = next(i for i, c in enumerate(cells) if grade_id(c) == f"exercise_{number}_answer")
        answer, test = cells[index], cells[index + 1]
        assert answer["metadata"]["nbgrader"]["solution"] is True
        assert text(answer).startswith(f"answer_{number} = ...")
        grade = test["metadata"]["nbgrader"]
        assert grade["grade"] is True and grade["points"] == 1 and grade["locked"] is True
        assert (f"### BEGIN HIDDEN TESTS\nexercise_{number}.grade(answer_{number})\n"
                f"### END HIDDEN TESTS") in text(test)
    ids = [grade_id(c) for c in cells if c["cell_type"] == "code"]
    assert len(ids) == len(set(ids))  # nbgrader needs each id once
    others = [c for c in cells if c["cell_type"] == "code"
              and not grade_id(c).startswith("exercise_")]
    assert others and all(c["metadata"]["nbgrader"]["locked"] for c in others)


def answer_key_rows() -> list[tuple[str, int, str, str, str]]:
    """The guide's answer key: lesson, exercise, answer, common wrong answer, what it
    reveals."""
    part = GUIDE.read_text(encoding="utf-8").split("### Answer key", 1)[1].split("\n### ", 1)[0]
    return [(lesson, int(n), right.strip(), wrong.strip(), why.strip()) for lesson, n, right,
            wrong, why in re.findall(r"^\| (\d\d) \| (\d+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$",
                                     part, re.MULTILINE)]


APPENDICES = ("15_how_the_rules_are_measured.ipynb",)
"""Numbered notebooks with no exercise (read when wanted): the course makes no assignment of
them."""


def graded_lessons() -> list[Path]:
    """The numbered lessons the course makes assignments of: all but the appendices."""
    return [path for path in sorted(LESSONS.glob("[0-9][0-9]_*.ipynb"))
            if path.name not in APPENDICES]


def test_every_lesson_gives_as_many_graded_cells_as_the_guide_has_exercises() -> None:
    counted = {}
    for path in graded_lessons():
        _, numbers = lesson_assignment(lesson(path.name))
        counted[path.name[:2]] = len(numbers)
        assert numbers == list(range(1, len(numbers) + 1)), path.name
    assert counted == dict(Counter(row[0] for row in answer_key_rows()))
    for name in APPENDICES:  # no exercise, so no assignment
        assert lesson_assignment(lesson(name))[1] == []


# --- an answer is read, never run ------------------------------------------------------------

plain_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.text(max_size=20)
    | st.floats(allow_nan=False) | st.just(...)
    | st.fractions(max_denominator=10**6).filter(lambda f: f.denominator != 1),
    lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=3)
    | st.sets(st.integers(-99, 99) | st.text(max_size=5), max_size=3),
    max_leaves=6)


@given(plain_values)
def test_a_plain_value_written_back_reads_as_itself(value: Any) -> None:
    """What the marked notebook's answer cell says is the value the student wrote, of the
    same type (True is not 1, 2 is not 2.0)."""
    source = answer_source("answer_4", value)
    read = read_answer(f"# mine\n{source}\nexercise_4.check(answer_4)", "answer_4")

    def shape(v: Any) -> Any:
        if isinstance(v, set):
            return (set, sorted(repr(shape(x)) for x in v))
        return (type(v), [shape(x) for x in v]) if isinstance(v, (tuple, list)) else type(v)

    assert read == value and shape(read) == shape(value)


@pytest.mark.parametrize(("source", "value"), [
    ("answer_1 = 4\nexercise_1.check(answer_1)", 4),
    ("answer_1 = 2 * 2  # two each", 4),
    ("answer_1: int = 14", 14),
    ("answer_1 = 3/46", 3 / 46),
    ("answer_1 = -Fraction('2/46')", Fraction(-1, 23)),
    ("answer_1 = fractions.Fraction(1, 23)", Fraction(1, 23)),
    ('answer_1 = "5H 5C"', "5H 5C"),
    ("answer_1 = (11, 20)", (11, 20)),
    ("answer_1 = {'5H', '5C'}", {"5H", "5C"}),
    ("answer_1 = set()", set()),
    ("%matplotlib inline\nanswer_1 = 4", 4),    # a magic line beside the answer
    ("answer_1 = 4\n!ls", 4),
    ("%time answer_1 = 4", ...),               # inside a magic it is the magic's text
    ("answer_1 = 6\nanswer_1 = 4", 4),        # the last assignment, as the cell left it
    ("exercise_1.check(answer_1)", ...),        # nothing assigned: not answered
    ("", ...),
])
def test_an_answer_is_the_plain_value_its_cell_assigns(source: str, value: Any) -> None:
    assert read_answer(source, "answer_1") == value


@pytest.mark.parametrize("source", [
    "answer_1 = len(crib_of(game, 1))",              # the lesson's own computation
    "answer_1 = exercise_1.answer",
    "answer_1 = pone",                               # a name, not the word in quotes
    "class Yes:\n    def __eq__(self, other): return True\nanswer_1 = Yes()",
    "answer_1 = 10**100",                            # no powers: a number is written out
    "answer_1 = 'pone' * 3",
    "answer_1 = 4\nanswer_1 += 1",                   # anything else that binds the name
    "answer_1 = 4\nfor answer_1 in [5]: pass",
    "answer_1 = 4\ndel answer_1",
    "import exercises as answer_1",
    "if True:\n    answer_1 = 4",
    "answer_1 = " + "9" * 5000,                      # too long to write back
    "answer_1 = [[1], [2]][0]",
    "answer_1 = {[1]}",
    "answer_1 = set([4])",
])
def test_an_answer_written_as_code_is_not_plain(source: str) -> None:
    assert isinstance(read_answer(source, "answer_1"), NotPlain)


def test_a_cell_that_is_not_python_is_read_as_such() -> None:
    read = read_answer("answer_1 = 4\nexercise_1.check(answer_1", "answer_1")
    assert isinstance(read, NotPlain) and "not valid Python (line 2" in read.reason


def test_the_marked_notebook_is_the_courses_with_only_the_answers_of_the_hand_in() -> None:
    course, _ = lesson_assignment(lesson("00_start_here.ipynb"))
    hand_in = json.loads(json.dumps(course))
    for cell in hand_in["cells"]:
        if cell["cell_type"] == "code":
            cell["source"] = "import os\nos._exit(0)"  # every cell the student could touch
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "1"}]
            cell.get("metadata", {}).get("nbgrader", {})["points"] = 100
        if grade_id(cell) == "exercise_2_answer":
            cell["source"] = 'answer_2 = "pone"\nimport builtins'
    hand_in["cells"].insert(0, {"cell_type": "code", "source": "raise SystemExit",
                                "metadata": {"nbgrader": {"grade": True, "points": 50,
                                                          "grade_id": "bonus"}}, "outputs": []})
    marked = marked_notebook(course, hand_in)
    assert len(marked["cells"]) == len(course["cells"])
    for made, ours in zip(marked["cells"], course["cells"], strict=True):
        assert made["metadata"] == ours["metadata"]
        if grade_id(ours) == "exercise_2_answer":
            assert made["source"] == "answer_2 = 'pone'\nexercise_2.check(answer_2)"
        elif grade_id(ours).endswith("_answer"):
            assert made["source"] == text(ours)  # it assigns no answer: not answered
        else:
            assert made["source"] == text(ours)
        assert made.get("outputs", []) == []


def test_every_assignment_the_course_builds_is_marked_by_its_plain_answers() -> None:
    """The marking step leaves a teacher's own assignment to nbgrader; none of ours."""
    for path in graded_lessons():
        assert answers_only(lesson_assignment(lesson(path.name))[0]), path.name
    assert answers_only(assessment_notebook())
    assert not answers_only(lesson("00_start_here.ipynb"))  # no answer cell marked as such


def test_files_handed_in_beside_the_notebook_are_strays(tmp_path: Path) -> None:
    for name in ("00_start_here.ipynb", "exercises.py", "data/seeds.json", "data/x.py",
                 "ipykernel_launcher.py", "cribbage_edu/__init__.py"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("")
    (tmp_path / "game_story.py").symlink_to(tmp_path / "exercises.py")
    found = strays(tmp_path, ["00_start_here.ipynb", "exercises.py", "game_story.py",
                              "data/seeds.json"])
    assert sorted(str(p.relative_to(tmp_path)) for p in found) == [
        "cribbage_edu", "data/x.py", "game_story.py", "ipykernel_launcher.py"]


# --- the final assessment: one source --------------------------------------------------------

KEY: dict[int, Any] = {  # worked by hand from RULES.md, never read from the code
    # 3♦ 4♠ 4♥ 5♣ and 6♠: 4+5+6 with each four (4), the pair of fours (2), the run
    # 3-4-5-6 with each four (8): 14
    1: 14,
    # the crib 5♠ 5♦ 10♣ J♠ and 4♥: each five with the 10 and with the J (8), the pair of
    # fives (2); 4-5 and 10-J are no runs, no flush, and the J♠ is nobs only with a spade
    2: 10,
    # 7♣ 7♦ 8♥ 8♠ and 9♣: 7+8 four ways (8), two pairs (4), 7-8-9 four ways (12)
    3: 24,
    # 3, 5, 4: the last three cards are three ranks in a row, in any order: 3 (count 12)
    4: 3,
    # 28 + 2 = 30 scores nothing; 30 + A = 31 scores 2, instead of the go's 1
    5: 2,
    # pone sees six cards: 46 unseen; of the four fives pone holds two: 2/46
    6: Fraction(1, 23),
    # keep 4-5-6-10 (4+5+6 and 5+10, 4; the run 4-5-6, 3: 7 now) or 4-5-6-9 (4+5+6 and 6+9,
    # and the run: 7 too); pone throws the colder pair to the dealer: 9-Q are three
    # ranks apart (heat 0), 10-Q one apart (heat 1), 9-10 touch (heat 1)
    7: "9S QH",
    # 3-4-5-6 scores 6 alone (4+5+6 and the run of four); by starter (how many unseen of
    # the 46): A (4) 8: + 3+5+6+A; 2 (4) 9: + 2+3+4+6, run of five; 3, 4, 5 (3 each) 14:
    # a pair, a double run of four and one more fifteen; 6 (3) 16: + 3+6+6, 4+5+6; 7 (4) 9:
    # + 3+5+7, run of five; 8, 9 (4 each) and the 14 ten-cards 8: one more fifteen.
    # 4×8 + 4×9 + 9×14 + 3×16 + 4×9 + 8×8 + 14×8 = 454; 454/46 = 227/23 = 9.87
    8: Fraction(227, 23),
    # lesson 12's crib count table in your own crib: 2-3 is two low cards (2 + 2), +2 for
    # making five, +1 for ranks that touch: 7; K-K two ten-cards (1.5 + 1.5), +2 a pair: 5
    9: (7, 5),
    # 31 - 21 = 10: the 10s, jacks, queens and kings, four of each: 16
    10: 16,
    # n = 1.96² × 0.5 × 0.5 / 0.03² = 3.8416 × 0.25 / 0.0009 = 1,067.1: 1,068 games
    11: 1068,
    # RULES.md: under the American Cribbage Congress a skunk is 3 game points and a double
    # skunk earns no more
    12: 3,
}

KEY_AS_THE_GUIDE_WRITES_IT = {1: "14", 2: "10", 3: "24", 4: "3", 5: "2", 6: "1/23",
                              7: "9♠ Q♥", 8: "9.87", 9: "(7, 5)", 10: "16", 11: "1,068",
                              12: "3"}


def guide_key_lines() -> dict[int, str]:
    part = GUIDE.read_text(encoding="utf-8").split("### Final assessment", 1)[1]
    key = part.split("\nKey:\n", 1)[1].split("\n**", 1)[0]
    lines = re.findall(r"^(\d+)\. (.+?)(?=^\d+\. |\Z)", key, re.MULTILINE | re.DOTALL)
    return {int(n): " ".join(line.split()) for n, line in lines}


def test_the_guide_prints_the_assessment_module() -> None:
    """The guide's questions and key are :func:`guide_text`, word for word (when the
    module changes, paste its ``guide_text()`` into the guide)."""
    assert guide_text() in GUIDE.read_text(encoding="utf-8"), guide_text()


def test_the_guides_key_is_the_one_worked_by_hand() -> None:
    lines = guide_key_lines()
    assert sorted(lines) == list(range(1, 13))
    for n, shown in KEY_AS_THE_GUIDE_WRITES_IT.items():
        assert lines[n].startswith(f"{shown} (") or lines[n].startswith(f"{shown}."), (n, lines[n])


def test_the_checker_marks_the_key_right_however_it_is_written() -> None:
    for n, answer in KEY.items():
        mark(n, answer)
        mark(n, KEY_AS_THE_GUIDE_WRITES_IT[n] if n != 9 else "7; 5")
    for n, answer in [(6, "2/46"), (6, 0.0435), (7, ["QH", "9S"]), (8, 9.87), (8, "9.87"),
                      (8, Fraction(227, 23)), (9, [7, 5]), (11, "1068"), (1, 14.0)]:
        mark(n, answer)


def guide_slips() -> list[tuple[int, str, str]]:
    """Each slip the guide's key lists: the question, the wrong answer, what it reveals."""
    found = []
    for n, line in guide_key_lines().items():
        if " Slips: " in line:
            for slip in re.findall(r"(.+?) \((.+?)\)(?:; |\.$)", line.split(" Slips: ", 1)[1]):
                found.append((n, slip[0], slip[1]))
    return found


def written(shown: str) -> str:
    """Python for an answer as the guide shows it, as a student would type it."""
    if re.fullmatch(r"-?[\d,]+(\.\d+)?", shown):
        return shown.replace(",", "")
    if found := re.fullmatch(r"(\d+)/(\d+)", shown):
        return f"Fraction({found.group(1)}, {found.group(2)})"
    if shown.startswith("("):
        return shown
    return repr(shown)


def test_every_slip_the_guide_lists_is_marked_wrong_for_its_reason() -> None:
    slips = guide_slips()
    assert len({n for n, _, _ in slips}) == 12  # a slip for every question
    for n, shown, why in slips:
        value = eval(written(shown), {"Fraction": Fraction})  # the guide's own text
        with pytest.raises(AssertionError) as raised:
            mark(n, value)
        said = str(raised.value)
        assert said.startswith(f"Question {n}: not yet.") and why[1:] in said, (n, said)


def test_an_answer_not_of_the_form_asked_is_told_what_to_write() -> None:
    for n, answer, says in [(7, "5H 5C", "name two of your six cards"),
                            (7, "hello", "write two cards in quotes"),
                            (9, 2, "two numbers in brackets"), (1, "fourteen", "write a number"),
                            (1, NotPlain("len(x)"), "your answer is code (len(x))")]:
        with pytest.raises(AssertionError, match=re.escape(says)):
            mark(n, answer)
    with pytest.raises(AssertionError, match="Question 3: not answered"):
        mark(3, ...)


def test_the_assessment_notebook_asks_the_modules_questions_and_holds_no_answer() -> None:
    made = assessment_notebook()
    asked = [text(c) for c in made["cells"] if c["id"].startswith("question-")]
    assert asked == [f"**Question {q.number}.** {q.text}" for q in questions()]
    tests = [text(c) for c in made["cells"] if c["metadata"]["nbgrader"].get("grade")]
    assert [re.findall(r"^mark\((\d+), answer_(\d+)\)$", t, re.MULTILINE) for t in tests] == [
        [(str(n), str(n))] for n in range(1, 13)]
    assert all("### BEGIN HIDDEN TESTS" in t for t in tests)
    shown = json.dumps([c for c in made["cells"] if not c["metadata"]["nbgrader"].get("grade")])
    assert "227" not in shown and "1068" not in shown  # no answer outside the hidden tests


# --- bad input ----------------------------------------------------------------------------

@pytest.mark.parametrize(("state", "says"), [
    ("", "--state is empty: name the hub's state folder"),
    ("s" * 300, "is longer than a file name can be (255 bytes)"),
    ("deep/" + "d" * 256 + "/state", "is longer than a file name can be"),
])
def test_a_bad_state_folder_is_one_line_and_nothing_is_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, state: str, says: str) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(["assignments", "--state", state, "--only", "00"])
    assert status == 2 and out == ""
    assert says in err and err.count("\n") == 1, err
    assert list(tmp_path.iterdir()) == []  # nothing was made, here or anywhere below


def test_a_state_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "state").write_text("a file")
    status, _, err = run(["assignments", "--state", str(tmp_path / "state")])
    assert status == 2 and "is a file, not a folder" in err and err.count("\n") == 1


# --- the class report ---------------------------------------------------------------------

def test_the_class_report_counts_right_wrong_and_blank(tmp_path: Path) -> None:
    course = tmp_path / "course"

    def autograded(student: str, assignment: str,
                   outputs: list[list[dict[str, object]]]) -> None:
        folder = course / "autograded" / student / assignment
        folder.mkdir(parents=True)
        cells = [{"cell_type": "code", "source": "", "outputs": out,
                  "metadata": {"nbgrader": {"grade": True, "grade_id": f"exercise_{n}"}}}
                 for n, out in enumerate(outputs, 1)]
        (folder / "00_start_here.ipynb").write_text(json.dumps({"cells": cells}))

    def error(message: str) -> list[dict[str, object]]:
        return [{"output_type": "error", "ename": "AssertionError", "evalue": message}]

    said = "Exercise 1: not yet. You said 6, which is too high. Two each go to the crib."
    autograded("ada", "lesson00", [[], error("Exercise 2: not answered")])
    autograded("ben", "lesson00", [error(said), error("Exercise 2: not answered")])
    autograded("cy", "lesson00", [error(said), []])
    autograded("cy", "assessment", [error("Question 1: not yet. You said 16. Once.")])
    question, first, second = class_results(course)
    assert (first.number, first.right, first.unanswered) == (1, 1, 0)
    assert first.wrong == Counter({"You said 6, which is too high. Two each go to the crib.": 2})
    assert (second.right, second.unanswered, sum(second.wrong.values())) == (1, 2, 0)
    assert question.wrong == Counter({"You said 16. Once.": 1})
    page = report_html([first, second], b"")
    assert "1 of 3 right" in page and "2 × You said 6" in page
    assert "1 of 3 right (2 not answered)" in page
    assert ExerciseResult("x", 1).marked == 0


def test_the_report_chart_keeps_its_label_clear_of_its_legend_in_the_palettes_colours(
) -> None:
    results = [ExerciseResult("lesson00", n, right=n, wrong=Counter({"x": 3 - n}),
                              unanswered=1) for n in (1, 2, 3)]
    for shown in (results[:1], results):
        figure = report_chart(shown)
        canvas = FigureCanvasAgg(figure)
        canvas.draw()
        renderer = canvas.get_renderer()
        axes = figure.axes[0]
        label = axes.xaxis.label.get_window_extent(renderer)
        box = figure.legends[0].get_window_extent(renderer)
        ticks = axes.xaxis.get_tightbbox(renderer)
        assert not label.overlaps(box) and ticks is not None and not ticks.overlaps(box)
        assert axes.get_xlabel() == "students"
        legend = figure.legends[0]
        colours = {label.get_text(): patch.get_facecolor()
                   for label, patch in zip(legend.get_texts(), legend.get_patches(), strict=True)}
        assert colours == {kind: to_rgba(colour) for kind, colour in MARK_COLOURS.items()}
    assert set(MARK_COLOURS.values()) <= set(COLOURS.values())


# --- marked by nbgrader, as the README's commands do ------------------------------------------

def nbgrader(course: Path, *args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = scripts_first(os.environ) | {"IPYTHONDIR": str(tmp / "ipython")}
    return subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, check=True, timeout=1800)


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    state = tmp_path_factory.mktemp("hub")
    status, _, err = run(["assignments", "--state", str(state), "--only", "00", "assessment"])
    assert status == 0, err
    return state / "course"


Edit = Callable[[dict[str, Any], Path], None]


def hand_in(course: Path, student: str, assignment: str, answers: dict[int, str],
            edit: Edit | None = None) -> None:
    """What ``nbgrader collect`` leaves of a student's submission: the handed-out folder
    with the answer cells written (and anything else ``edit`` does to it)."""
    released = course / "release" / assignment
    folder = course / "submitted" / student / assignment
    shutil.copytree(released, folder)
    path = next(folder.glob("*.ipynb"))
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        found = re.fullmatch(r"exercise_(\d+)_answer", grade_id(cell))
        if found and int(found.group(1)) in answers:
            cell["source"] = answers[int(found.group(1))]
    if edit is not None:
        edit(notebook, folder)
    path.write_text(json.dumps(notebook), encoding="utf-8")


def marks(course: Path, assignment: str, student: str) -> dict[int, tuple[float, str]]:
    """Each exercise's mark in the gradebook, with what its hidden test said."""
    from nbgrader.api import Gradebook

    notebook = next((course / "source" / assignment).glob("*.ipynb")).stem
    said = {}
    autograded = course / "autograded" / student / assignment / f"{notebook}.ipynb"
    for cell in json.loads(autograded.read_text(encoding="utf-8"))["cells"]:
        if re.fullmatch(r"exercise_\d+", grade_id(cell)):
            errors = [o for o in cell["outputs"] if o["output_type"] == "error"]
            said[int(grade_id(cell).split("_")[1])] = errors[0]["evalue"] if errors else ""
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        return {n: (gradebook.find_grade(f"exercise_{n}", notebook, assignment,
                                         student).score, message)
                for n, message in said.items()}


def doctored(notebook: dict[str, Any], folder: Path) -> None:
    """The hand-in's JSON edited by hand: every hidden test replaced, outputs that say all
    is well, more points, a graded cell of the student's own."""
    for cell in notebook["cells"]:
        nbgrader_meta = cell.get("metadata", {}).get("nbgrader", {})
        if nbgrader_meta.get("grade"):
            cell["source"] = "pass"
            cell["outputs"] = [{"output_type": "execute_result", "execution_count": 1,
                                "data": {"text/plain": "1"}, "metadata": {}}]
            nbgrader_meta["points"] = 10
            nbgrader_meta["locked"] = False
    notebook["cells"].append({"cell_type": "code", "execution_count": None, "outputs": [],
                              "id": "bonus", "source": "print('full marks')", "metadata": {
                                  "nbgrader": {"grade": True, "grade_id": "bonus", "points": 50,
                                               "solution": False, "locked": False,
                                               "schema_version": 3, "task": False}}})


def beside(notebook: dict[str, Any], folder: Path) -> None:
    """Modules handed in beside the notebook: one the kernel is started from, which makes
    every check say yes, and the lesson's own checker made to say yes."""
    yes = "import exercises\nexercises.Exercise.grade = lambda self, guess: None\n"
    (folder / "ipykernel_launcher.py").write_text(
        yes + "from ipykernel import kernelapp\nkernelapp.launch_new_instance()\n")
    (folder / "exercises.py").write_text("class Exercise:\n    def __init__(self, *a, **k): pass\n"
                                         "    def check(self, guess): pass\n"
                                         "    def grade(self, guess): pass\n")


LESSON_00 = {1: 4, 2: "pone", 3: "pone"}
"""Lesson 00's answers, from the rules: each player lays away two cards, so the crib holds
4; pone lays the first card of the play; pone's hand is counted first."""

TRICKS: dict[str, tuple[dict[int, str], tuple[int, int, int], Edit | None]] = {
    # the checker, its module and the exercise replaced, with wrong answers
    "checker": ({1: "import exercises\nexercises.Exercise.grade = lambda self, guess: None\n"
                    "answer_1 = 99",
                 2: "exercise_2 = type('Yes', (), {'grade': lambda s, g: None})()\n"
                    "answer_2 = 'dealer'",
                 3: "import sys, types\nsys.modules['exercises'] = types.ModuleType('exercises')\n"
                    "answer_3 = 'crib'"}, (0, 0, 0), None),
    # answers whose == always says yes
    "equal": ({1: "class Four(int):\n    def __eq__(self, other): return True\n"
                  "    __hash__ = int.__hash__\nanswer_1 = Four(99)",
               2: "class Yes(str):\n    def __eq__(self, other): return True\n"
                  "    __hash__ = str.__hash__\nanswer_2 = Yes('dealer')",
               3: "answer_3 = type('Any', (), {'__eq__': lambda s, o: True})()"}, (0, 0, 0), None),
    # builtins patched; the second answer is right, and stays right
    "builtins": ({1: "import builtins, json\nbuiltins.isinstance = lambda *a: True\n"
                     "builtins.type = lambda *a: int\nanswer_1 = 6",
                  2: "import builtins, json\nbuiltins.print = lambda *a, **k: None\n"
                     "builtins.repr = lambda o: 'pone'\njson.dumps = lambda *a, **k: '{}'\n"
                     "answer_2 = 'pone'",
                  3: "import builtins\nbuiltins.AssertionError = type('AssertionError', "
                     "(Warning,), {})\nanswer_3 = 'dealer'"}, (0, 1, 0), None),
    # the hidden test's failure swallowed, its traceback hidden, the kernel ended
    "swallow": ({1: "get_ipython().set_custom_exc((BaseException,), lambda *a, **k: None)\n"
                    "answer_1 = 99",
                 2: "get_ipython().showtraceback = lambda *a, **k: None\nanswer_2 = 'dealer'",
                 3: "answer_3 = 'pone'\nimport os\nos._exit(0)"}, (0, 0, 1), None),
    # raising out of the cell, exiting, a cell that is not Python
    "raise": ({1: "answer_1 = 4\nimport sys\nsys.exit(0)",
               2: "answer_2 = 'pone'\nraise KeyboardInterrupt",
               3: "answer_3 = 'pone'\nexercise_3.check(answer_3"}, (1, 1, 0), None),
    # right answers written as code are code: only a written value is marked
    "code": ({1: "answer_1 = len(crib_of(game, 1))", 2: "answer_2 = pone",
              3: "answer_3: str = 'Pone'"}, (0, 0, 1), None),
    # the JSON doctored: hidden tests gone, outputs saying all is well, more points
    "doctored": ({}, (0, 0, 0), doctored),
    # modules handed in beside the notebook
    "beside": ({}, (0, 0, 0), beside),
    # the honest hand-in, written as a student might
    "honest": ({1: "answer_1 = 2 * 2  # two from each", 2: "answer_2 = 'Pone'",
                3: 'answer_3 = "pone"\nexercise_3.check(answer_3)'}, (1, 1, 1), None),
}


@pytest.fixture(scope="module")
def lesson00_marked(course: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    for student, (answers, _, edit) in TRICKS.items():
        hand_in(course, student, "lesson00", answers, edit)
    nbgrader(course, "autograde", "lesson00", tmp=tmp_path_factory.mktemp("grading"))
    return course


@pytest.mark.slow
@pytest.mark.parametrize("student", sorted(TRICKS))
def test_a_trick_in_the_students_own_cells_does_not_change_the_mark(
        lesson00_marked: Path, student: str) -> None:
    _, honest, _ = TRICKS[student]
    got = marks(lesson00_marked, "lesson00", student)
    assert tuple(got[n][0] for n in (1, 2, 3)) == honest, got
    for n in (1, 2, 3):
        said = got[n][1]
        if honest[n - 1] == 0:
            assert said.startswith(f"Exercise {n}: "), (n, said)  # the checker's own reason
    if student == "code":
        assert "your answer is code (len(crib_of(game, 1)))" in got[1][1]
    if student == "doctored":
        from nbgrader.api import Gradebook

        with Gradebook(f"sqlite:///{lesson00_marked / 'gradebook.db'}") as gradebook:
            submission = gradebook.find_submission("lesson00", student)
            assert (submission.score, submission.max_score) == (0, 3)


@pytest.mark.slow
def test_the_trick_module_would_have_worked_without_the_marking(
        course: Path, tmp_path: Path) -> None:
    """The same hand-in of modules beside the notebook, autograded by nbgrader's own steps
    alone, gets full marks: the marking step is what stops it."""
    unguarded = tmp_path / "course"
    shutil.copytree(course / "source", unguarded / "source")
    settings = (course / "nbgrader_config.py").read_text(encoding="utf-8")
    settings = re.sub(r"(?m)^(from nbgrader\.converters import Autograde|c\.Autograde\.sanitize"
                      r"_preprocessors.*|    'sanitize_preprocessors'.*)$", "", settings)
    (unguarded / "nbgrader_config.py").write_text(
        settings.replace(str(course), str(unguarded)), encoding="utf-8")
    nbgrader(unguarded, "generate_assignment", "lesson00", "--force", tmp=tmp_path)
    hand_in(unguarded, "beside", "lesson00", {}, beside)
    nbgrader(unguarded, "autograde", "lesson00", tmp=tmp_path)
    assert [score for score, _ in marks(unguarded, "lesson00", "beside").values()] == [1, 1, 1]


@pytest.mark.slow
def test_the_assessment_is_marked_by_its_key_and_its_slips(
        course: Path, tmp_path: Path) -> None:
    key = {n: f"answer_{n} = {written(shown)}" for n, shown in KEY_AS_THE_GUIDE_WRITES_IT.items()}
    hand_in(course, "key", "assessment", key)
    slips: dict[int, list[tuple[str, str]]] = {}
    for n, shown, why in guide_slips():
        slips.setdefault(n, []).append((shown, why))
    for which in (0, 1):
        hand_in(course, f"slips{which}", "assessment", {
            n: f"answer_{n} = {written(listed[which % len(listed)][0])}"
            for n, listed in slips.items()})
    released = json.dumps(json.loads(next((course / "release" / "assessment").glob(
        "*.ipynb")).read_text(encoding="utf-8")))
    assert "mark(" not in released and "227" not in released  # the student's copy
    nbgrader(course, "autograde", "assessment", tmp=tmp_path)
    assert {n: score for n, (score, _) in marks(course, "assessment", "key").items()} == {
        n: 1 for n in range(1, 13)}
    for which in (0, 1):
        for n, (score, said) in marks(course, "assessment", f"slips{which}").items():
            why = slips[n][which % len(slips[n])][1]
            assert score == 0 and said.startswith(f"Question {n}: not yet.") and (
                why[1:] in said), (n, said)


# --- every exercise handed out, on the guide's answers --------------------------------------

REASONS: dict[tuple[str, int], tuple[str, str]] = {
    # (lesson, exercise): (the guide's words for what the wrong answer reveals, the
    # checker's words that say the same)
    ("00", 1): ("each keeps four, two each go to the crib",
                "each player keeps four cards; only two from each go to the crib"),
    ("00", 2): ("pone leads", "pone always lays the first card of the play"),
    ("00", 3): ("pone counts first", "pone counts first"),
    ("01", 1): ("counts the king as 13", "a king's value is 10, not 13"),
    ("01", 2): ("the ten itself is a ten-card", "the ten itself has value 10 too"),
    ("01", 3): ("10, J, Q, K are not pairs", "only cards of the same rank pair"),
    ("01", 4): ("from 52, not 51", "51 cards are left"),
    ("02", 1): ("the jacks in their own hand", "two jacks in your own hand"),
    ("02", 2): ("the three-card fifteen", "you missed one of the three fifteens"),
    ("02", 3): ("leaves out the pairs", "you left out the pairs"),
    ("02", 4): ("pairs the jack and the queen", "the j♥ and the q♥ are not a pair"),
    ("02", 5): ("never adds all five cards", "a fifteen can use three, four or all five cards"),
    ("03", 1): ("a run of four as two runs of three", "a run of four counts once"),
    ("03", 2): ("the double run's pair twice", "you counted the pairs twice"),
    ("03", 3): ("the pair royal inside the triple run twice", "you counted the pairs twice"),
    ("03", 4): ("the two pairs of the double double run twice", "you counted the pairs twice"),
    ("03", 5): ("a four-card flush in the crib",
                "a crib scores a flush only when the starter is of its suit too"),
    ("03", 6): ("a flush of three hand cards", "the four hand cards must all be one suit"),
    ("03", 7): ("the starter adds a fifth point", "the flush is five, not four"),
    ("03", 8): ("not the crib", "his nobs: the j♠ in the crib"),
    ("03", 9): ("his heels in pone's show", "never counted again in the show"),
    ("04", 1): ("the same throw as 2♣ then 5♥", "the same throw as 2♣ then 5♥"),
    ("04", 2): ("misses the pair of fives", "the two fives are also a pair"),
    ("04", 3): ("the pair royal (21) to the double double run (24)",
                "an 8 starter makes 21, and the best rank makes 24"),
    ("04", 4): ("gives the opponent a pair of fives", "you throw 5♣ 5♥"),
    ("04", 5): ("breaks the run 7-8-9", "keeps 2♦ 7♣ 8♠ 9♥"),
    ("05", 1): ("not the running count", "not any two cards"),
    ("05", 2): ("a third of a kind as one pair", "three pairs, a pair royal"),
    ("05", 3): ("the same rank further back", "only with the card just before"),
    ("05", 4): ("a run to be laid in order", "in any order"),
    ("05", 5): ("a run must be the last cards", "must be the last cards laid"),
    ("05", 6): ("a run of three", "the run is longer"),
    ("05", 7): ("stops at the first card that fits", "the 6♥ fits as well"),
    ("06", 1): ("says go while a card fits", "so you must lay it"),
    ("06", 2): ("past 31 instead of saying go", "so you say go"),
    ("06", 3): ("the player of the 31 leads again", "the other player, the dealer, leads"),
    ("06", 4): ("scores 31 and the last card both", "never both"),
    ("06", 5): ("a go clears the cards", "the go does not clear the cards"),
    ("06", 6): ("pairs across a reset", "a pair never spans a reset"),
    ("06", 7): ("runs across a reset", "no run crosses the reset"),
    ("06", 8): ("forgets the last card", "the very last card of the play"),
    ("07", 1): ("counts the dealer first", "pone counts first"),
    ("07", 2): ("the play comes first", "the play comes before the show"),
    ("07", 3): ("his heels comes before everything", "the starter is turned before the play"),
    ("07", 4): ("adds the last score to the rear peg",
                "the rear peg shows the score before the last points"),
    ("07", 5): ("mixes the skunk lines (91 and 61)", "a double skunk needs the loser under 61"),
    ("07", 6): ("counts the hand as 8", "the hand scores 12: you missed points"),
    ("07", 7): ("misses the run of the same card", "also a run of three"),
    ("08", 1): ("misses the three-card fifteens", "three, four or all five cards"),
    ("08", 2): ("forgets nobs in the crib", "his nobs: the j♥ in the crib"),
    ("08", 3): ("forgets the deal alternates", "the deal alternates every hand"),
    ("08", 4): ("forgets the last card", "the point for the last card"),
    ("09", 1): ("the smallest score to be the most common", "but 2,855,676 score 4"),
    ("09", 2): ('leaves 12 out of "12 or more"', "12 or more includes 12 itself"),
    ("09", 3): ("each set of five cards five times", "each set of five cards appears five times"),
    ("09", 4): ("a hand always scores something", "many hands score nothing"),
    ("10", 1): ("stops at the points before the starter",
                "what the four cards score before the starter"),
    ("10", 2): ("the advisor throws for the crib", "the best throw, 3♥ 5♠"),
    ("10", 3): ("subtracts where both crib values count", "the gap is the sum of the two values"),
    ("11", 1): ("reads the win rate, not the interval", "the whole interval"),
    ("11", 2): ("the standard error shrinks with 400 games", "1.96 standard errors are 4.9%"),
    ("11", 3): ("does not square the half-width", "square the half-width too"),
    ("12", 1): ("forgets the crib count", "by the count, 3♦ 5♣ counts 6 now +6 crib"),
    ("12", 2): ("counted the crib as if it were his own",
                "by the count, 7♣ 8♣ counts 4 now -7.5 crib"),
    ("12", 3): ("gives the dealer a pair of aces", "by the count, a♦ a♥ counts 7 now -7 crib"),
    ("12", 4): ("stops at the points before the starter", "what it scores before the starter"),
    ("13", 1): ("leads the lone ace", "rule 1 keeps the lone ace"),
    ("13", 2): ("forgets the table's", "you left out pairing his lead"),
    ("13", 3): ("pairs the lead by habit", "a pair royal answers it"),
    ("13", 4): ("refuses every pair of a lead", "on a low lead the pair counts best"),
    ("13", 5): ("fears the ten-cards at any count", "from 11 a ten-card makes 21"),
    ("13", 6): ("passes up a sure fifteen", "the fifteen is 2 now"),
    ("13", 7): ("not the trap that pays", "the rule that decides: lead a trap"),
    ("13", 8): ("from 6-9 the judge leads the 6", "from 6-9, lead the 6"),
    ("13", 9): ("a lone card under five leaves no fifteen", "the judge leads the lone 3"),
    ("13", 10): ("lays the lowest card near 31 by habit",
                 "the king makes 30, where only an ace fits"),
    ("13", 11): ("with two low cards, lead high", "with two low cards, lead high"),
    ("13", 12): ("takes the run of three at 25", "at 25 that leaves pone a 6 for 31"),
    ("13", 13): ("an expert's ace lead often hides another ace",
                 "an expert who leads an ace often holds another"),
    ("13", 14): ("the chance to win decides", "near home what counts is"),
    ("14", 1): ("the dealer also pegs more", "the dealer also pegs"),
    ("14", 2): ("the old twenty-six", "the old twenty-six"),
    ("14", 3): ("when neither can count out", "neither player can count 21 in one deal often"),
    ("14", 4): ("forgets that pone counts first", "she counts her hand first"),
    ("14", 5): ("a five with a ten-card into the dealer's crib",
                "give the dealer nothing hot"),
    ("14", 6): ("only a big hand of her own can still win",
                "she keeps the hand that can score most"),
    ("14", 7): ("121 ends the game at once", "the game ends before pone"),
    ("14", 8): ("only the five gives a ten-card fifteen", "on which lead do far more score"),
    ("14", 9): ("the one sure of 7", "only 5 with some starters"),
    ("14", 10): ("holds back by habit when far behind", "far behind, play on"),
    ("14", 11): ("takes the points when ahead", "ahead, hold back"),
    ("14", 12): ("trusts pone's counting first", "you count first, but you need 12"),
    ("14", 13): ("keeps the pair of jacks", "keep your four lowest cards"),
}


def guide_answer(shown: str) -> str:
    """Python for an answer of the guide's answer key, as a student would type it
    (``about 15 (15.43)`` is 15.43)."""
    if found := re.fullmatch(r"about \S+ \(([\d.]+)\)", shown):
        return found.group(1)
    return written(shown)


def test_every_row_of_the_answer_key_has_its_reason_named() -> None:
    rows = answer_key_rows()
    assert sorted(REASONS) == sorted((lesson, n) for lesson, n, *_ in rows)
    for lesson_number, n, _, _, why in rows:
        assert REASONS[lesson_number, n][0].lower() in why.lower(), (lesson_number, n, why)


@pytest.mark.slow
@pytest.mark.parametrize("path", graded_lessons(), ids=lambda p: p.name[:2])
def test_every_hidden_test_marks_the_guides_answer_right_and_its_wrong_answer_for_its_reason(
        path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lesson as autograde runs it (its assignment, marked with the guide's answers
    typed in, as :mod:`~cribbage_edu.classroom.marking` reads them), then each hidden test again
    on the guide's common wrong answer."""
    import nbformat
    from nbclient import NotebookClient

    number = path.name[:2]
    key = {n: (right, wrong) for lesson_number, n, right, wrong, _ in answer_key_rows()
           if lesson_number == number}
    made, numbers = lesson_assignment(lesson(path.name))
    assert numbers == sorted(key)
    hand = json.loads(json.dumps(made))
    for cell in hand["cells"]:
        if found := re.fullmatch(r"exercise_(\d+)_answer", grade_id(cell)):
            n = int(found.group(1))
            cell["source"] = f"answer_{n} = {guide_answer(key[n][0])}"
    marked = marked_notebook(made, hand)
    for n in numbers:
        marked["cells"].append({"cell_type": "code", "execution_count": None, "outputs": [],
                                "metadata": {"wrong": n}, "source": (
                                    f"answer_{n} = {guide_answer(key[n][1])}\n"
                                    + exercise_cell(n))})
    notebook = nbformat.from_dict(marked)  # type: ignore[no-untyped-call]
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path))
    NotebookClient(notebook, kernel_name="python3", timeout=300, allow_errors=True,
                   resources={"metadata": {"path": str(LESSONS)}}).execute()

    def error(cell: Any) -> str:
        return next((o.evalue for o in cell.outputs if o.output_type == "error"), "")

    right = {int(grade_id(c).split("_")[1]): error(c) for c in notebook.cells
             if re.fullmatch(r"exercise_\d+", grade_id(c))}
    assert right == dict.fromkeys(numbers, "")
    for cell in notebook.cells:
        if "wrong" in cell.metadata:
            n = cell.metadata["wrong"]
            said = error(cell)
            assert said.startswith(f"Exercise {n}: not yet."), (n, said)
            assert REASONS[number, n][1] in said.lower(), (n, said)
