"""The course's exercises as an nbgrader course, and a class report of how they went.

:func:`build_course` builds the course in the hub's ``course`` folder: one assignment a
lesson (``lesson00`` … ``lesson14``), each the lesson's own notebook with its helpers, where
every exercise's answer cell (``answer_1 = ...`` and its check) is an autograded answer and
is followed by a hidden test that calls the same checker the lesson uses
(``exercise_1.grade(answer_1)``): a wrong answer is marked wrong with the lesson's reason.
Every other code cell is locked. The final assessment
(:mod:`cribbage_edu.classroom.assessment`, the questions the course guide prints) is an
assignment of its own (``assessment``), whose answer cells say nothing until it is marked.
The course's settings (:func:`course_settings`) make ``nbgrader collect`` take a hand-in
only from the student it names (:class:`~cribbage_edu.classroom.hub_exchange.OwnedCollect`,
against the hub's record of each login's Unix user, ``STATE/hand-in-owners.json``), and put
:class:`~cribbage_edu.classroom.marking.PlainAnswers` first among autograde's sanitising
steps, so each hand-in is marked as the course's own notebook with only each answer's plain
value taken from it (read, never run). :func:`write_report` writes the class report.
:mod:`cribbage_edu.cli.assignments` is the command.

>>> exercise_cell(3).endswith("exercise_3.grade(answer_3)\\n### END HIDDEN TESTS")
True
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .course import TEACHERS_ONLY, lessons_folder, prepare_course
from .errors import PROG, BadInput, shortened
from .hub import COURSE_ID, course_folder, exchange_folder
from .hub_users import HAND_IN_OWNERS, lay_out_exchange
from .serving import scripts_first

__all__ = ["ASSESSMENT", "ExerciseResult", "assessment_notebook", "build_course",
           "class_results", "course_settings", "exercise_cell", "lesson_assignment",
           "question_cell", "report_chart", "report_html", "write_report"]

ASSESSMENT = "assessment"
"""The name of the final assessment's assignment."""
_ANSWER_CELL = re.compile(r"answer_(\d+) = \.\.\.\n\s*exercise_\1\.check\(answer_\1\)\s*")
_LESSON = re.compile(r"(\d\d)_.*\.ipynb")
NOT_ANSWERED = "not answered"
"""What the exercises' checker (``lessons/exercises.py``) says of an answer left blank."""


def exercise_cell(number: int) -> str:
    """The source of the hidden test that marks exercise ``number`` of a lesson: the
    lesson's own checker (``exercise_<number>``), which raises, with the lesson's reason,
    on a wrong answer. It runs only in the notebook :mod:`~cribbage_edu.classroom.marking`
    rebuilds from the course's, with the answer's plain value."""
    return _hidden_test(f"exercise_{number}.grade(answer_{number})")


def question_cell(number: int) -> str:
    """The source of the hidden test that marks question ``number`` of the final
    assessment, by :func:`cribbage_edu.classroom.assessment.mark`.

    >>> print(question_cell(2).splitlines()[-2])
    mark(2, answer_2)
    """
    return _hidden_test("from cribbage_edu.classroom.assessment import mark\n"
                        f"mark({number}, answer_{number})")


def _hidden_test(code: str) -> str:
    return ("# Marked when you hand the assignment in.\n"
            f"### BEGIN HIDDEN TESTS\n{code}\n### END HIDDEN TESTS")


def _nbgrader(cell: dict[str, Any], grade_id: str, *, solution: bool = False,
              grade: bool = False, locked: bool = False, points: int = 0) -> None:
    meta: dict[str, Any] = {"grade": grade, "grade_id": grade_id, "locked": locked,
                            "schema_version": 3, "solution": solution, "task": False}
    if grade:
        meta["points"] = points
    cell.setdefault("metadata", {})["nbgrader"] = meta


def _code_cell(source: str, cell_id: str) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": {},
            "outputs": [], "source": source}


def lesson_assignment(notebook: dict[str, Any]) -> tuple[dict[str, Any], list[int]]:
    """``notebook`` (a lesson, as JSON) made an nbgrader assignment, and the numbers of
    its exercises: each answer cell an autograded answer followed by its hidden test
    (1 point), every other code cell locked.

    >>> lesson = {"cells": [_code_cell("x = 1", "a"),
    ...                     _code_cell("answer_1 = ...\\nexercise_1.check(answer_1)", "b")],
    ...           "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    >>> made, numbers = lesson_assignment(lesson)
    >>> numbers, [c["metadata"]["nbgrader"]["grade_id"] for c in made["cells"]]
    ([1], ['cell-0', 'exercise_1_answer', 'exercise_1'])
    """
    cells: list[dict[str, Any]] = []
    numbers: list[int] = []
    for index, cell in enumerate(notebook["cells"]):
        cell = json.loads(json.dumps(cell))
        cells.append(cell)
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        found = _ANSWER_CELL.fullmatch(source)
        if found is None:
            _nbgrader(cell, f"cell-{index}", locked=True)
            continue
        number = int(found.group(1))
        numbers.append(number)
        _nbgrader(cell, f"exercise_{number}_answer", solution=True)
        test = _code_cell(exercise_cell(number), f"exercise-{number}-test")
        _nbgrader(test, f"exercise_{number}", grade=True, locked=True, points=1)
        cells.append(test)
    made = dict(notebook, cells=cells)
    made["metadata"] = dict(notebook.get("metadata", {}))
    made["metadata"]["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}
    return made, numbers


def assessment_notebook() -> dict[str, Any]:
    """The final assessment (:mod:`cribbage_edu.classroom.assessment`, the questions the course
    guide prints) as an nbgrader notebook: for each question its text, an answer cell and
    a hidden test. Nothing in it says what the answers are.

    >>> made = assessment_notebook()
    >>> sum(1 for c in made["cells"] if c["metadata"]["nbgrader"]["grade"])
    12
    """
    from .assessment import questions

    intro = {"cell_type": "markdown", "id": "intro", "metadata": {}, "source": (
        "# The final assessment\n\nTwelve questions from the whole course. Write each "
        "answer in place of `...`: a number (`14`), a fraction (`Fraction(3, 46)` or "
        "`\"3/46\"`), cards in quotes (`\"5H 5C\"`), two numbers in brackets (`(2, 1)`), "
        "or a word in quotes. Write the answer itself, not code that works it out: only "
        "the value you write is marked. Run the cell, save, and hand the assignment in. "
        "Nothing tells you whether an answer is right until it is marked.")}
    _nbgrader(intro, "intro", locked=True)
    cells: list[dict[str, Any]] = [intro]
    for q in questions():
        n = q.number
        question = {"cell_type": "markdown", "id": f"question-{n}", "metadata": {},
                    "source": f"**Question {n}.** {q.text}"}
        _nbgrader(question, f"question_{n}", locked=True)
        answer = _code_cell(f"answer_{n} = ...", f"answer-{n}")
        _nbgrader(answer, f"exercise_{n}_answer", solution=True)
        test = _code_cell(question_cell(n), f"exercise-{n}-test")
        _nbgrader(test, f"exercise_{n}", grade=True, locked=True, points=1)
        cells += [question, answer, test]
    return {"cells": cells, "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}


MARKING_STEP = "cribbage_edu.classroom.marking.PlainAnswers"
"""autograde's first sanitising step, before nbgrader's own: the hand-in made the course's
notebook with only its answers' plain values
(:class:`~cribbage_edu.classroom.marking.PlainAnswers`)."""


COLLECT_STEP = "cribbage_edu.classroom.hub_exchange.OwnedCollect"
"""``nbgrader collect``'s exchange step: a hand-in only from the student it names
(:class:`~cribbage_edu.classroom.hub_exchange.OwnedCollect`)."""


def course_settings(course: Path, exchange: Path, owners: Path) -> str:
    """The course's ``nbgrader_config.py``: its folder, name and exchange, and collect's
    record of who may hand in as whom (``owners``)."""
    return "\n".join([
        "# Written by `cribbage-edu assignments`: the nbgrader course of cribbage-edu.",
        "c = get_config()  # noqa: F821 (nbgrader defines it)",
        f"c.CourseDirectory.root = {str(course)!r}",
        f"c.CourseDirectory.course_id = {COURSE_ID!r}",
        f"c.Exchange.root = {str(exchange)!r}",
        "# an answer cell holds the learner's `answer_1 = ...` and its check, as in the lesson",
        "c.ClearSolutions.enabled = False",
        "# the lessons open looking right before they are run: keep their stored outputs",
        "c.ClearOutput.enabled = False",
        "# what is marked is the course's own notebook with each answer's plain value from the",
        "# hand-in, read and never run (cribbage_edu.classroom.marking); then nbgrader's own steps",
        "from nbgrader.converters import Autograde",
        f"c.Autograde.sanitize_preprocessors = [{MARKING_STEP!r}, *Autograde.class_traits()[",
        "    'sanitize_preprocessors'].default()]",
        "c.Execute.timeout = 300",
        "c.Autograde.create_student = True",
        "# a hand-in is collected only when its files are owned by the Unix user the hub made",
        "# for the student it names (cribbage-ada for ada), as the hub's record says; any other",
        "# is refused, named in a warning (nbgrader's own check compares the owner with the",
        "# login, and only warns)",
        f"c.ExchangeFactory.collect = {COLLECT_STEP!r}",
        f"c.OwnedCollect.owners_file = {str(owners)!r}",
    ]) + "\n"


def build_course(state: Path, *, lessons: Path | None = None,
                 only: Sequence[str] = ()) -> list[str]:
    """Write the nbgrader course into ``state/course`` (its settings, one source folder an
    assignment) and generate each student version with nbgrader. Returns the assignments
    made. ``only`` keeps the lessons whose number is given (``["00", "02"]``)."""
    lessons = lessons or lessons_folder()
    course = course_folder(state)
    course.mkdir(parents=True, exist_ok=True)
    # made as the hub needs it, so releasing into it changes (and warns of) nothing
    lay_out_exchange(exchange_folder(state), COURSE_ID, None)
    (course / "nbgrader_config.py").write_text(
        course_settings(course.resolve(), exchange_folder(state).resolve(),
                         state.resolve() / HAND_IN_OWNERS), encoding="utf-8")
    made: list[tuple[str, Path, dict[str, Any]]] = []
    for path in sorted(lessons.glob("*.ipynb")):
        found = _LESSON.fullmatch(path.name)
        if found is None or (only and found.group(1) not in only):
            continue
        notebook, numbers = lesson_assignment(json.loads(path.read_text(encoding="utf-8")))
        if numbers:
            made.append((f"lesson{found.group(1)}", path, notebook))
    if not only or ASSESSMENT in only:
        made.append((ASSESSMENT, lessons / f"{ASSESSMENT}.ipynb", assessment_notebook()))
    names = []
    for name, path, notebook in made:
        source = course / "source" / name
        if source.exists():
            shutil.rmtree(source)
        source.mkdir(parents=True)
        if name != ASSESSMENT:  # a lesson's helpers and data (the assessment needs none)
            prepare_course(source, lessons, leave_out=TEACHERS_ONLY)
            for other in source.glob("*.ipynb"):
                other.unlink()
        (source / path.name).write_text(json.dumps(notebook, indent=1, ensure_ascii=False)
                                        + "\n", encoding="utf-8")
        names.append(name)
    pattern = names[0] if len(names) == 1 else "*"  # one nbgrader run makes them all
    done = subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment",
                           f"--CourseDirectory.assignment_id={pattern}", "--force",
                           "--log-level=ERROR"], cwd=course, env=scripts_first(os.environ),
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        failed = re.findall(r"error processing assignment '?([^':\s]+)", done.stderr)
        raise BadInput(f"{PROG}: error: nbgrader could not generate "
                       f"{failed[0] if failed else 'the assignments'} (nbgrader "
                       f"generate_assignment in {course} says why)")
    return names


@dataclass
class ExerciseResult:
    """How one exercise went for the class: who got it right, and the wrong answers."""

    assignment: str
    number: int
    right: int = 0
    wrong: Counter[str] = field(default_factory=Counter)
    unanswered: int = 0

    @property
    def marked(self) -> int:
        """How many answers were marked (left blank or not).

        >>> ExerciseResult("lesson00", 1, right=2, wrong=Counter({"6": 1}), unanswered=1).marked
        4
        """
        return self.right + sum(self.wrong.values()) + self.unanswered


def class_results(course: Path) -> list[ExerciseResult]:
    """Read every autograded notebook in ``course/autograded``: per exercise (a grade
    cell), who got it right, and the message of each wrong answer (the checker's words,
    less the exercise's number)."""
    results: dict[tuple[str, int], ExerciseResult] = {}
    for path in sorted((course / "autograded").glob("*/*/*.ipynb")):
        assignment = path.parent.name
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            meta = cell.get("metadata", {}).get("nbgrader", {})
            found = re.fullmatch(r"exercise_(\d+)", str(meta.get("grade_id", "")))
            if not meta.get("grade") or found is None:
                continue
            key = (assignment, int(found.group(1)))
            result = results.setdefault(key, ExerciseResult(*key))
            errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
            if not errors:
                result.right += 1
                continue
            said = str(errors[0].get("evalue", "")) or str(errors[0].get("ename", "an error"))
            said = re.sub(r"^(Exercise|Question) \d+: (not yet\. )?", "", said)
            if said == NOT_ANSWERED:
                result.unanswered += 1
            else:
                result.wrong[said] += 1
    return sorted(results.values(), key=lambda r: (r.assignment, r.number))


def report_chart(results: Sequence[ExerciseResult]) -> Any:
    """The class report's chart (:func:`cribbage_edu.charts.marks.marks_chart`): per
    exercise, how many of the class got it right, wrong, or left it blank.

    >>> fig = report_chart([ExerciseResult("lesson00", 1, right=2, wrong=Counter({"x": 1}))])
    >>> fig.axes[0].get_title()
    'How many got each exercise right'
    """
    from ..charts.marks import marks_chart  # matplotlib, only when a report is drawn

    return marks_chart([(_label(r), r.right, sum(r.wrong.values()), r.unanswered)
                        for r in results])


def _label(result: ExerciseResult) -> str:
    kind = "question" if result.assignment == ASSESSMENT else "ex"
    return f"{result.assignment} {kind} {result.number}"


def report_html(results: Sequence[ExerciseResult], chart_png: bytes) -> str:
    """The class report as a page: the chart, then per exercise the right answers and the
    commonest wrong ones with what each reveals.

    >>> page = report_html([ExerciseResult("lesson00", 1, 1, Counter({"You said 6.": 2}))], b"")
    >>> "1 of 3 right" in page and "You said 6." in page
    True
    """
    from html import escape

    rows = []
    for r in results:
        commonest = "".join(f"<li>{count} × {escape(said)}</li>"
                            for said, count in r.wrong.most_common(3))
        rows.append(f"<tr><td>{escape(r.assignment)}</td><td>{r.number}</td>"
                    f"<td>{r.right} of {r.marked} right"
                    f"{f' ({r.unanswered} not answered)' if r.unanswered else ''}</td>"
                    f"<td><ul>{commonest}</ul></td></tr>")
    image = base64.b64encode(chart_png).decode()
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Class report</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto}}
td,th{{border-bottom:1px solid #ccc;padding:4px 8px;vertical-align:top;text-align:left}}
ul{{margin:0;padding-left:1.2em}}</style></head><body>
<h1>Class report</h1>
<p>Every autograded exercise: how many got it right, and the commonest wrong answers with
what each reveals, in the words of the exercise's own check.</p>
<img alt="Bar chart: per exercise, how many got it right and how many wrong"
 src="data:image/png;base64,{image}">
<table><tr><th>assignment</th><th>exercise</th><th>right</th>
<th>commonest wrong answers, and what each reveals</th></tr>
{"".join(rows)}
</table></body></html>
"""


def write_report(course: Path) -> Path:
    """Write ``course/reports/class-report.html`` (and its chart as a PNG beside it)."""
    results = class_results(course)
    if not results:
        raise BadInput(f"{PROG}: error: nothing is autograded in {shortened(str(course), 60)} "
                       f"yet: collect and autograde first (nbgrader collect, nbgrader "
                       f"autograde)")
    folder = course / "reports"
    folder.mkdir(exist_ok=True)
    buffer = io.BytesIO()
    report_chart(results).savefig(buffer, format="png", dpi=100,
                                  metadata={"Software": None})
    (folder / "class-report.png").write_bytes(buffer.getvalue())
    page = folder / "class-report.html"
    page.write_text(report_html(results, buffer.getvalue()), encoding="utf-8")
    return page
