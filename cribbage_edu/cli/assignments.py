"""``cribbage-edu assignments``: the course's exercises as an nbgrader course, and a class
report of how they went.

``cribbage-edu assignments`` builds the course in ``classroom-hub/course`` (the folder the
hub opens for the teacher): one assignment a lesson (``lesson00`` … ``lesson14``), each
the lesson's own notebook with its helpers, where every exercise's answer cell (``answer_1
= ...`` and its check) is an autograded answer and is followed by a hidden test that
calls the same checker the lesson uses (``exercise_1.grade(answer_1)``): a wrong answer is
marked wrong with the lesson's reason. Every other code cell is locked (nbgrader restores
it when grading, so a checker cannot be edited into saying yes). The course guide's final
assessment is an assignment of its own (``assessment``), whose answer cells say nothing
until it is marked. Then nbgrader's own commands do the rest (release, collect, autograde,
export; the README shows them).

``cribbage-edu assignments --report`` reads the autograded notebooks and writes
``classroom-hub/course/reports/class-report.html``: per exercise how many got it right,
as a chart, and the commonest wrong answers with what each reveals (the checker's words).

>>> exercise_cell(3).endswith("exercise_3.grade(answer_3)\\n### END HIDDEN TESTS")
True
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .console import PROG, BadInput, Console, Subparsers, shortened
from .course import TEACHERS_ONLY, lessons_folder, prepare_course
from .hub import COURSE_ID, DEFAULT_STATE, course_folder, exchange_folder
from .serving import scripts_first

__all__ = ["ASSESSMENT", "ExerciseResult", "add_assignments", "assessment_notebook",
           "build_course", "class_results", "exercise_cell", "lesson_assignment",
           "report_chart", "report_html", "run_assignments"]

ASSESSMENT = "assessment"
"""The name of the final assessment's assignment."""
_ANSWER_CELL = re.compile(r"answer_(\d+) = \.\.\.\n\s*exercise_\1\.check\(answer_\1\)\s*")
_LESSON = re.compile(r"(\d\d)_.*\.ipynb")
NOT_ANSWERED = "not answered"
"""What the exercises' checker (``lessons/exercises.py``) says of an answer left blank."""


def exercise_cell(number: int, checker: str | None = None) -> str:
    """The source of the hidden test that marks exercise ``number``: the lesson's own
    checker (``exercise_<number>``, or ``checker``), which raises, with the lesson's
    reason, on a wrong answer."""
    checker = checker or f"exercise_{number}"
    return (f"# Marked when you hand the assignment in, by the exercise's own check.\n"
            f"### BEGIN HIDDEN TESTS\n{checker}.grade(answer_{number})\n"
            f"### END HIDDEN TESTS")


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


ASSESSMENT_SETUP = '''\
# The final assessment's checker: the answers come from the engine, as in the lessons.
from fractions import Fraction

from cribbage_edu import (FULL_DECK, Board, Play, Rank, advise, parse_cards, score_hand,
                          score_play, starter_distribution)
from exercises import Exercise, as_cards, as_numbers, as_word
from many_games import games_needed
from throwing import heat

play = Play(pone_hand="10S 7C 4D AH", dealer_hand="KH QD JS 9C")
for seat, card in ((Play.PONE, "10S"), (Play.DEALER, "KH"), (Play.PONE, "7C")):
    play.play(seat, card)
play.go(Play.DEALER)
before = play.scores[Play.PONE]
play.play(Play.PONE, "4D")
unseen = [c for c in FULL_DECK if c not in set(parse_cards("JC 4D 7H 9S QD KC"))]
makers = {count: sum(1 for c in FULL_DECK if c.value in (15 - count, 31 - count))
          for count in range(1, 15)}
board = Board(pegs=((0, 118), (0, 119))).peg(1, 2)
exercise = {
    1: Exercise(1, answer=score_hand("4S 5S 6S 6D", "KC").total,
                misses={12: "a double run of three holds two runs: 3 + 3"}),
    2: Exercise(2, answer=score_hand("2H 4H 6H 8H", "KC", crib=True).total,
                misses={4: "a crib scores a flush only when the starter matches too"}),
    3: Exercise(3, answer=score_hand("5H 5C 5S JD", "5D").total,
                misses={28: "the jack of the starter's suit is nobs: one more"}),
    4: Exercise(4, answer=score_play("4S 6H 5D").total,
                misses={2: "4, 6, 5 is also a run of three, in any order",
                        3: "the count is 15 as well: two more"}),
    5: Exercise(5, answer=play.scores[Play.PONE] - before,
                misses={3: "31 scores 2 instead of the go's 1, never both",
                        1: "the count reached 31: that scores 2"}),
    6: Exercise(6, answer=Fraction(sum(c.rank == Rank.JACK for c in unseen), len(unseen)),
                misses={Fraction(1, 13): "you hold one jack: three of the 46 unseen cards"}),
    7: Exercise(7, answer=frozenset(advise("5H 5C 6D JS QH 2C", dealer=False)[0].discard),
                read=as_cards),
    8: Exercise(8, answer=float(starter_distribution("5H 5C JD 10S", seen="2C 9D").expected),
                tolerance=0.005),
    9: Exercise(9, answer=(heat("5H KD"), heat("9C JD")), read=as_numbers),
    10: Exercise(10, answer=max(makers, key=lambda count: (makers[count], -count)),
                 misses={11: "a 4 makes 15 from 11, but sixteen ten-cards make it from 5"}),
    11: Exercise(11, answer=games_needed(0.01)),
    12: Exercise(12, answer="dealer" if board.winner == 1 else "pone", read=as_word,
                 misses={"pone": "the dealer reaches 121 in the play, before pone counts: "
                                 "the game ends at once"}),
}
'''


def assessment_notebook(guide: str) -> dict[str, Any]:
    """The course guide's final assessment (its questions, read from ``guide``, the text
    of ``lessons/README.md``) as an nbgrader notebook: a locked checker, then for each
    question its text, an answer cell and a hidden test.

    >>> from cribbage_edu.cli.course import lessons_folder
    >>> made = assessment_notebook((lessons_folder() / "README.md").read_text())
    >>> sum(1 for c in made["cells"] if c["metadata"]["nbgrader"]["grade"])
    12
    """
    part = guide.split("### Final assessment", 1)[1].split("\nKey:", 1)[0]
    questions = re.findall(r"^(\d+)\. (.+?)(?=^\d+\. |\Z)", part, re.MULTILINE | re.DOTALL)
    if len(questions) != 12:
        raise BadInput(f"{PROG}: error: the course guide's final assessment has "
                       f"{len(questions)} questions, not 12")
    intro = {"cell_type": "markdown", "id": "intro", "metadata": {}, "source": (
        "# The final assessment\n\nTwelve questions from the whole course. Write each "
        "answer in place of `...` (a number, a fraction such as `Fraction(3, 46)`, cards "
        "such as `\"5H 5C\"`, two numbers such as `(2, 1)`, or a word in quotes), run the "
        "cell, save, and hand the assignment in. Nothing tells you whether an answer is "
        "right until it is marked.")}
    _nbgrader(intro, "intro", locked=True)
    setup = _code_cell(ASSESSMENT_SETUP, "setup")
    setup["metadata"]["jupyter"] = {"source_hidden": True}
    _nbgrader(setup, "setup", locked=True)
    cells = [intro, setup]
    for number, text in questions:
        n = int(number)
        question = {"cell_type": "markdown", "id": f"question-{n}", "metadata": {},
                    "source": f"**Question {n}.** {' '.join(text.split())}"}
        _nbgrader(question, f"question_{n}", locked=True)
        answer = _code_cell(f"answer_{n} = ...", f"answer-{n}")
        _nbgrader(answer, f"exercise_{n}_answer", solution=True)
        test = _code_cell(exercise_cell(n, f"exercise[{n}]"), f"exercise-{n}-test")
        _nbgrader(test, f"exercise_{n}", grade=True, locked=True, points=1)
        cells += [question, answer, test]
    return {"cells": cells, "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}


MARKING_STEP = "cribbage_edu.cli.marking.PlainAnswers"
"""autograde's first sanitising step, before nbgrader's own: the hand-in made the course's
notebook with only its answers' plain values (:class:`~cribbage_edu.cli.marking.PlainAnswers`)."""


def _course_settings(course: Path, exchange: Path) -> str:
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
        "# hand-in, read and never run (cribbage_edu.cli.marking); then nbgrader's own steps",
        "from nbgrader.converters import Autograde",
        f"c.Autograde.sanitize_preprocessors = [{MARKING_STEP!r}, *Autograde.class_traits()[",
        "    'sanitize_preprocessors'].default()]",
        "c.Execute.timeout = 300",
        "c.Autograde.create_student = True",
        "# every server of the hub runs as one Unix user: a submission's owner says nothing",
        "c.CollectApp.check_owner = False",
    ]) + "\n"


def build_course(state: Path, *, lessons: Path | None = None,
                 only: Sequence[str] = ()) -> list[str]:
    """Write the nbgrader course into ``state/course`` (its settings, one source folder an
    assignment) and generate each student version with nbgrader. Returns the assignments
    made. ``only`` keeps the lessons whose number is given (``["00", "02"]``)."""
    lessons = lessons or lessons_folder()
    course = course_folder(state)
    course.mkdir(parents=True, exist_ok=True)
    exchange_folder(state).mkdir(parents=True, exist_ok=True)
    (course / "nbgrader_config.py").write_text(
        _course_settings(course.resolve(), exchange_folder(state).resolve()), encoding="utf-8")
    made: list[tuple[str, Path, dict[str, Any]]] = []
    for path in sorted(lessons.glob("*.ipynb")):
        found = _LESSON.fullmatch(path.name)
        if found is None or (only and found.group(1) not in only):
            continue
        notebook, numbers = lesson_assignment(json.loads(path.read_text(encoding="utf-8")))
        if numbers:
            made.append((f"lesson{found.group(1)}", path, notebook))
    if not only or ASSESSMENT in only:
        guide = (lessons / "README.md").read_text(encoding="utf-8")
        made.append((ASSESSMENT, lessons / f"{ASSESSMENT}.ipynb", assessment_notebook(guide)))
    names = []
    for name, path, notebook in made:
        source = course / "source" / name
        if source.exists():
            shutil.rmtree(source)
        prepare_course(source, lessons, leave_out=TEACHERS_ONLY)  # the helpers and data
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
            said = re.sub(r"^Exercise \d+: (not yet\. )?", "", said)
            if said == NOT_ANSWERED:
                result.unanswered += 1
            else:
                result.wrong[said] += 1
    return sorted(results.values(), key=lambda r: (r.assignment, r.number))


def report_chart(results: Sequence[ExerciseResult]) -> Any:
    """A bar chart: per exercise, the share of the class that got it right.

    >>> fig = report_chart([ExerciseResult("lesson00", 1, right=2, wrong=Counter({"x": 1}))])
    >>> fig.axes[0].get_title()
    'How many got each exercise right'
    """
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    labels = [f"{r.assignment} ex {r.number}" for r in results]
    height = max(2.5, 0.35 * len(results) + 1.2)
    figure = Figure(figsize=(7, height))
    axes = figure.subplots()
    rights = [r.right for r in results]
    wrongs = [sum(r.wrong.values()) for r in results]
    blanks = [r.unanswered for r in results]
    positions = range(len(results))
    axes.barh(positions, rights, color="#2a7d4f", label="right")
    axes.barh(positions, wrongs, left=rights, color="#c0392b", label="wrong")
    axes.barh(positions, blanks, left=[a + b for a, b in zip(rights, wrongs, strict=True)],
              color="#bbbbbb", label="not answered")
    axes.set_yticks(list(positions), labels)
    axes.invert_yaxis()
    axes.set_xlabel("students")
    axes.set_title("How many got each exercise right")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12 * 4 / height), ncols=3,
                frameon=False)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    figure.tight_layout()
    return figure


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


def add_assignments(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu assignments`` (see :mod:`cribbage_edu.cli.assignments`)."""
    parser = subparsers.add_parser(
        "assignments", help="the exercises as an nbgrader course; the class report",
        description="Build the nbgrader course of the lessons' exercises in STATE/course "
                    "(one assignment a lesson, and the final assessment), for the hub's "
                    "teacher; with --report, write the class report from the autograded "
                    "work. Needs the classroom extra: pip install -e '.[classroom]'.")
    parser.add_argument("--state", default=DEFAULT_STATE, metavar="FOLDER",
                        help=f"the hub's state folder (default {DEFAULT_STATE}/)")
    parser.add_argument("--only", nargs="+", default=[], metavar="NN",
                        help="only these lessons (00 02 ...; 'assessment' for the final "
                             "assessment)")
    parser.add_argument("--report", action="store_true",
                        help="write the class report (STATE/course/reports/class-report.html)")
    parser.set_defaults(run=run_assignments)


def run_assignments(args: argparse.Namespace, console: Console) -> int:
    """Build the course, or write the class report."""
    import importlib.util

    if importlib.util.find_spec("nbgrader") is None:
        raise BadInput(f"{PROG}: error: assignments need nbgrader: "
                       f"pip install -e '.[classroom]'")
    state = Path(args.state)
    if state.exists() and not state.is_dir():
        raise BadInput(f"{PROG}: error: --state {shortened(str(state))!r} is a file, not a "
                       f"folder")
    if args.report:
        page = write_report(course_folder(state))
        console.say(f"wrote the class report: {page}")
        return 0
    unknown = [n for n in args.only if not (n == ASSESSMENT or re.fullmatch(r"\d\d", n))]
    if unknown:
        raise BadInput(f"{PROG}: error: --only takes lesson numbers (00, 02, ...) or "
                       f"{ASSESSMENT!r}, not {shortened(unknown[0])!r}")
    names = build_course(state, only=args.only)
    console.say(f"made {len(names)} assignments in {course_folder(state)}: {_listed(names)}")
    console.say("release one with: cd " + str(course_folder(state)) +
                " && nbgrader release_assignment lesson00")
    return 0


def _listed(names: Iterable[str]) -> str:
    names = list(names)
    return ", ".join(names) if len(names) <= 4 else f"{names[0]} ... {names[-1]}"
