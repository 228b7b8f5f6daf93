"""``cribbage-edu progress``: what the learner's record says of them (see
:mod:`cribbage_edu.study.record`): the decisions by kind and the points they lost, the
trend over time (game by game, or week by week), the counts right first time, what costs
the most, the best and worst games by accuracy; ``--plot FILE.png`` draws the charts.

The record is the course folder's (the current folder or one above it holding the
course), or ``$CRIBBAGE_EDU_RECORD``, or the file ``--record`` names. A damaged or foreign
record is refused in one line; ``--set-aside`` keeps it beside under a free name and starts
a new, empty record.

>>> import tempfile
>>> from cribbage_edu.cli import main
>>> main(["progress", "--record", f"{tempfile.mkdtemp()}/none.sqlite"])
... # doctest: +ELLIPSIS
no record yet at '...none.sqlite': play with the coach on, and each decision is kept there
0
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..study.progress import BY, Progress, progress_of
from ..study.record import Record, course_record, set_aside
from .console import PROG, BadInput, Console, Subparsers, chart_file, print_json, write_chart

__all__ = ["add_progress", "hand_in", "run_progress"]

LATEST = 5
"""How many of the latest games the summary lists."""


def add_progress(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu progress [--record FILE] [--by game|week] [--plot FILE]
    [--json] [--set-aside] [--hand-in FOLDER]``."""
    parser = subparsers.add_parser(
        "progress", help="your progress, read from your record of decisions",
        description="What your record says: the points your decisions lose by kind, game "
                    "by game or week by week, the counts right first time, what costs you "
                    "most, your best and worst games. The record is kept in your course "
                    "folder; nothing leaves it unless you hand it in.")
    parser.add_argument("--record", metavar="FILE", type=Path, default=None,
                        help="the record to read (default: your course folder's, or "
                             "$CRIBBAGE_EDU_RECORD)")
    parser.add_argument("--by", choices=BY, default="game",
                        help="tell the progress game by game (the default) or week by week")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="also draw the progress charts to a file")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--set-aside", action="store_true",
                        help="a damaged record is kept beside under a free name "
                             "(.damaged, .damaged-2, ...) and a new one started")
    parser.add_argument("--hand-in", metavar="FOLDER", type=Path, default=None,
                        help="put a copy of your record in FOLDER (an assignment's folder, "
                             "before you submit it): your teacher's class view reads it")
    parser.set_defaults(run=run_progress)


def run_progress(args: argparse.Namespace, console: Console) -> int:
    """``cribbage-edu progress``: the summary (or JSON), and the charts if asked."""
    plot = None if args.plot is None else chart_file(args.plot)
    path = args.record if args.record is not None else course_record()
    if path is None:
        raise BadInput(f"{PROG}: error: no record here: run this in your course folder, or "
                       f"name one with --record FILE")
    if not path.exists():
        console.say(f"no record yet at {str(path)!r}: play with the coach on, and each "
                    f"decision is kept there")
        return 0
    if args.set_aside:
        from ..study.record import RecordError

        try:
            Record.open(path, create=False).close()
        except RecordError as exc:
            kept = set_aside(path)
            Record.open(path).close()
            console.say(f"{exc}; it is kept as {kept}, and a new record starts at {path}")
    with Record.open(path, create=False) as record:
        progress = progress_of(record.entries())
        if args.hand_in is not None:
            copy = hand_in(record, args.hand_in)
            if not args.json:
                console.say(f"a copy of your record is in {copy}: it goes with the "
                            f"assignment when you submit it")
    from ..charts.record import record_points  # matplotlib only with the charts

    points = record_points(progress, args.by)
    if args.json:
        print_json(_as_json(progress, args.by, points, path), console)
    else:
        for line in summary_lines(progress, points, path):
            console.say(line)
    if plot is not None:
        from ..charts.record import record_chart

        write_chart(record_chart(progress, args.by), plot, console, say=not args.json)
    return 0


def hand_in(record: Record, folder: Path) -> Path:
    """Put a consistent copy of ``record`` in ``folder`` under the record's own name
    (replacing an older copy handed in there); returns its path."""
    from ..study.record import RECORD_NAME

    if not folder.is_dir():
        raise BadInput(f"{PROG}: error: --hand-in {str(folder)!r} is not a folder")
    target = folder / RECORD_NAME
    if target.resolve() == record.path.resolve():
        raise BadInput(f"{PROG}: error: --hand-in {str(folder)!r} is the record's own folder")
    fresh = folder / f".{RECORD_NAME}.handing-in"
    fresh.unlink(missing_ok=True)
    record.copy_to(fresh)
    fresh.replace(target)
    return target


def summary_lines(progress: Progress, points: dict[str, str], path: Path) -> list[str]:
    """The summary as lines: the record, the kinds, the four points, the latest games."""
    from ..charts.record import KIND_WORDS

    entries = progress.entries
    if not entries:
        return [f"your record at {path} holds no decision yet"]
    first, last = entries[0].time, entries[-1].time
    lines = [f"your record at {path}: {len(entries):,} decisions in "
             f"{len(progress.games):,} games, {first:%d %b %Y} to {last:%d %b %Y}"]
    totals = progress.periods("week")
    for kind in ("throw", "card", "count"):
        n = sum(p.by_kind[k][0] for p in totals for k in p.by_kind if k.value == kind)
        lost = sum(p.by_kind[k][1] for p in totals for k in p.by_kind if k.value == kind)
        if n:
            lines.append(f"  {KIND_WORDS[kind]}: {n:,} decisions, {lost / n:.2f} points "
                         f"lost a decision")
    lines += [points["trend"], points["counts"], points["costs"], points["games"]]
    latest = list(enumerate(progress.games, 1))[-LATEST:]
    if latest:
        lines.append("the latest games:")
        lines += [f"  game {n} ({g.label}): {g.decisions} decisions, {g.loss:.1f} points "
                  f"lost, accuracy {g.accuracy:.0f}" for n, g in latest]
    return lines


def _as_json(progress: Progress, by: str, points: dict[str, str],
             path: Path) -> dict[str, object]:
    return {
        "record": str(path), "decisions": len(progress.entries), "points": points,
        "by": by,
        "periods": [{"label": p.label, "start": p.start.isoformat(),
                     "decisions": p.decisions, "loss": p.loss, "accuracy": p.accuracy,
                     "by_kind": {k.value: {"decisions": n, "loss": lost}
                                 for k, (n, lost) in p.by_kind.items()},
                     "shows": p.shows, "right_first_time": p.right_first}
                    for p in progress.periods(by)],
        "games": [{"game": g.game, "label": g.label, "decisions": g.decisions,
                   "loss": g.loss, "accuracy": g.accuracy} for g in progress.games],
        "costs": [{"kind": k.value, "grade": g.value, "decisions": n, "loss": lost}
                  for k, g, n, lost in progress.costs()],
    }
