"""``cribbage-edu assignments``: the course's exercises as an nbgrader course, and a class
report of how they went.

``cribbage-edu assignments`` builds the course in ``classroom-hub/course`` (the folder the
hub opens for the teacher): one assignment a lesson (``lesson00`` … ``lesson14``), each
the lesson's own notebook with its helpers, where every exercise's answer cell (``answer_1
= ...`` and its check) is an autograded answer and is followed by a hidden test that
calls the same checker the lesson uses (``exercise_1.grade(answer_1)``): a wrong answer is
marked wrong with the lesson's reason. Every other code cell is locked. The final
assessment (:mod:`cribbage_edu.classroom.assessment`, the questions the course guide prints) is
an assignment of its own (``assessment``), whose answer cells say nothing until it is
marked. Then nbgrader's own commands do the rest (release, collect, autograde, export; the
README shows them). The course's settings make ``nbgrader collect`` take a hand-in only
from the student it names (:class:`~cribbage_edu.classroom.hub_exchange.OwnedCollect`, against
the hub's record of each login's Unix user, ``STATE/hand-in-owners.json``).

What autograde runs is not the hand-in: the course's settings put
:class:`~cribbage_edu.classroom.marking.PlainAnswers` first among autograde's sanitising steps,
so each hand-in is marked as the course's own notebook with only each answer's plain value
taken from it (read, never run), in a folder holding only the assignment's files. Nothing
a student's cells did can reach the hidden tests.

``cribbage-edu assignments --report`` reads the autograded notebooks and writes
``classroom-hub/course/reports/class-report.html``: per exercise how many got it right,
as a chart, and the commonest wrong answers with what each reveals (the checker's words).

The course's making is :mod:`cribbage_edu.classroom.assignments`; this is the command.

>>> from cribbage_edu.cli import build_parser
>>> args = build_parser().parse_args(["assignments", "--only", "00", "assessment"])
>>> args.only, args.report
(['00', 'assessment'], False)
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable
from pathlib import Path

from ..classroom.assignments import ASSESSMENT, build_course, write_report
from ..classroom.hub import DEFAULT_STATE, course_folder
from .console import PROG, BadInput, Console, Subparsers, shortened, too_long_name

__all__ = ["add_assignments", "run_assignments", "state_folder"]


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


def state_folder(text: str) -> Path:
    """The hub's state folder ``--state`` names, checked before anything is made: not
    empty (which would make the course in the current folder), no name longer than the
    file system takes, not a file.

    >>> state_folder("")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cribbage_edu.classroom.errors.BadInput: cribbage-edu: error: --state is empty: ...
    """
    if not text.strip():
        raise BadInput(f"{PROG}: error: --state is empty: name the hub's state folder "
                       f"(the default is {DEFAULT_STATE})")
    state = Path(text)
    too_long = too_long_name(state)
    if too_long is not None:
        raise BadInput(f"{PROG}: error: --state {shortened(text)!r}: {too_long}")
    if state.exists() and not state.is_dir():
        raise BadInput(f"{PROG}: error: --state {shortened(text)!r} is a file, not a folder")
    return state


def run_assignments(args: argparse.Namespace, console: Console) -> int:
    """Build the course, or write the class report."""
    import importlib.util

    if importlib.util.find_spec("nbgrader") is None:
        raise BadInput(f"{PROG}: error: assignments need nbgrader: "
                       f"pip install -e '.[classroom]'")
    state = state_folder(args.state)
    if args.report:
        page = write_report(course_folder(state))
        console.say(f"wrote the class report: {page}")
        return 0
    unknown = [n for n in args.only if not (n == ASSESSMENT or re.fullmatch(r"\d\d", n))]
    if unknown:
        raise BadInput(f"{PROG}: error: --only takes lesson numbers (00, 02, ...) or "
                       f"{ASSESSMENT!r}, not {shortened(unknown[0])!r}")
    try:
        names = build_course(state, only=args.only)
    except OSError as exc:  # a folder that cannot be made or written
        raise BadInput(f"{PROG}: error: cannot make the course in "
                       f"{shortened(str(course_folder(state)), 60)!r}: "
                       f"{exc.strerror or exc}") from None
    console.say(f"made {len(names)} assignments in {course_folder(state)}: {_listed(names)}")
    console.say("release one with: cd " + str(course_folder(state)) +
                " && nbgrader release_assignment lesson00")
    return 0


def _listed(names: Iterable[str]) -> str:
    names = list(names)
    return ", ".join(names) if len(names) <= 4 else f"{names[0]} ... {names[-1]}"
