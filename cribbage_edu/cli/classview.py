"""``cribbage-edu class-view FOLDER...``: the teacher's view of the students' records
(handed in with an assignment, or in their folders on a one-machine hub): a table of the
students by rule (a kind of decision until the rulebook names rules) with the points lost a
decision and the counts right first time, who improved most, and ``--plot FILE.png`` the
chart of each rule across the class. It reads the record files alone (a copy of each), so
it works wherever the hand-ins are: nbgrader's ``course/submitted``, the exchange, ``/home``.
A record that cannot be read is named in one line and left out.

>>> import tempfile
>>> from cribbage_edu.cli import main
>>> main(["class-view", tempfile.mkdtemp()])  # doctest: +ELLIPSIS
no record found under ...: each student hands in cribbage-record.sqlite with an assignment
0
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..study.classview import ClassView
from ..study.record import RECORD_NAME
from .console import PROG, BadInput, Console, Subparsers, chart_file, print_json, write_chart

__all__ = ["add_class_view", "class_lines", "run_class_view"]

NAME = 16
"""The width of the students' column (a longer name is cut to fit, a space kept)."""


def add_class_view(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu class-view FOLDER... [--plot FILE] [--json]``."""
    parser = subparsers.add_parser(
        "class-view", help="the class's records of decisions, student by student",
        description=f"Read every {RECORD_NAME} under the folders named (nbgrader's "
                    f"course/submitted, the exchange's inbound, or the students' home "
                    f"folders) and show each student's points lost a decision by rule, "
                    f"the counts right first time, and who improved most.")
    parser.add_argument("folders", metavar="FOLDER", nargs="+", type=Path,
                        help="a folder holding the students' records (searched below)")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the class's chart")
    parser.add_argument("--json", action="store_true", help="print the table as JSON")
    parser.set_defaults(run=run_class_view)


def run_class_view(args: argparse.Namespace, console: Console) -> int:
    """``cribbage-edu class-view``: the table (or JSON), and the chart if asked."""
    plot = None if args.plot is None else chart_file(args.plot)
    for folder in args.folders:
        if not folder.is_dir():
            raise BadInput(f"{PROG}: error: {str(folder)!r} is not a folder")
    from ..classroom.records import read_class

    view = read_class(args.folders)
    if not view.students and not view.left_out:
        console.say(f"no record found under {', '.join(map(str, args.folders))}: each "
                    f"student hands in {RECORD_NAME} with an assignment")
        return 0
    if args.json:
        print_json(_as_json(view), console)
    else:
        for line in class_lines(view):
            console.say(line)
    if plot is not None and view.students:
        from ..charts.classview import class_chart

        write_chart(class_chart(view), plot, console, say=not args.json)
    return 0


def class_lines(view: ClassView) -> list[str]:
    """The class view as text: a line a student, the left out, who improved most."""
    from ..charts.classview import improvement_point

    rules = list(view.rules)
    head = f"{'student':<{NAME}}{'decisions':>10}{'games':>7}" + "".join(
        f"{rule + ' lost':>13}" for rule in rules) + (f"{'counts right':>14}{'gain':>7}"
                                                      f"{'practised':>12}")
    lines = [f"{len(view.students)} students; points lost a decision by rule, counts right "
             f"first time, the accuracy of the last games less the first (gain), and the "
             f"practice's answers right:", head]
    for s in view.students:
        cells = "".join(f"{'-' if (x := s.loss_a_decision(r)) is None else f'{x:.2f}':>13}"
                        for r in rules)
        counts = f"{s.right_first}/{s.shows}" if s.shows else "-"
        gain = "-" if s.improvement is None else f"{s.improvement:+.0f}"
        practised = f"{s.practised_right}/{s.practised}" if s.practised else "-"
        lines.append(f"{s.name[:NAME - 1]:<{NAME}}{s.decisions:>10}{s.games:>7}{cells}"
                     f"{counts:>14}{gain:>7}{practised:>12}")
    whole = "".join(f"{'-' if (x := view.class_loss(r)) is None else f'{x:.2f}':>13}"
                    for r in rules)
    lines.append(f"{'the class':<{NAME}}{sum(s.decisions for s in view.students):>10}"
                 f"{sum(s.games for s in view.students):>7}{whole}")
    lines.append(improvement_point(view))
    lines += [f"left out: {line}" for line in view.left_out]
    return lines


def _as_json(view: ClassView) -> dict[str, object]:
    return {"rules": list(view.rules), "left_out": list(view.left_out),
            "students": [{"name": s.name, "decisions": s.decisions, "games": s.games,
                          "by_rule": {r: {"decisions": n, "loss": lost}
                                      for r, (n, lost) in s.by_rule.items()},
                          "shows": s.shows, "right_first_time": s.right_first,
                          "first": s.first, "last": s.last, "improvement": s.improvement,
                          "practised": s.practised, "practised_right": s.practised_right}
                         for s in view.students]}
