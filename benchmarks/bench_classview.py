"""The class view and the practice, measured.

Run by hand::

    python benchmarks/bench_classview.py [--students 30] [--decisions 500] [--answers 30]

1. The class view: ``--students`` records of ``--decisions`` decisions each (seeded:
   throws, cards and counts in games of 25 decisions, losses drawn as a learner's might
   be), each written to ``<student>/lesson08/cribbage-record.sqlite`` as nbgrader's
   ``submitted`` folder holds them, then read by ``cribbage_edu.classroom.records.
   read_class`` (each record copied, opened and checked, its entries read, the table
   worked out) and the chart drawn (matplotlib's Agg canvas). Goal: at most 2 s.
2. A practice answer: the seeded fresh positions of an empty record (throws, cards,
   counts in turn), ``--answers`` of them answered one at a time through
   ``Practice.answer`` (the coach's verdict, the decision and the new schedule written in
   one transaction), from a cold judge (its memory of positions cleared first: the
   learner clicked on a position just shown, never judged before in the process) and from
   a warm one (the same position answered again). Reported by kind: the median and the slowest.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cribbage_edu.strategy.coach import DecisionKind, Grade
from cribbage_edu.study.record import RECORD_NAME, Entry, Record


def student_entries(rng: random.Random, decisions: int) -> list[Entry]:
    start = datetime(2026, 9, 1, tzinfo=UTC)
    skill = rng.uniform(0.3, 2.0)
    out = []
    for n in range(decisions):
        kind = rng.choice(list(DecisionKind))
        loss = round(rng.expovariate(1 / skill) * (1 - n / (2 * decisions)), 2)
        verdict = None
        if kind is DecisionKind.COUNT:
            verdict = "right" if rng.random() < 0.7 else rng.choice(["over", "under"])
            loss = 0.0 if verdict == "right" else float(rng.randint(0, 4))
        out.append(Entry(kind, {"n": n}, "x", "y", loss, None, Grade.of_points(loss),
                         verdict, game=f"g{n // 25}", seed=n // 25,
                         time=start + timedelta(hours=n)))
    return out


def class_view(students: int, decisions: int) -> None:
    from cribbage_edu.charts.classview import class_chart
    from cribbage_edu.classroom.records import read_class

    rng = random.Random(2026)
    root = Path(tempfile.mkdtemp(prefix="bench-class-")) / "submitted"
    for s in range(students):
        path = root / f"student{s:02d}" / "lesson08" / RECORD_NAME
        path.parent.mkdir(parents=True)
        with Record.open(path) as record:
            for e in student_entries(rng, decisions):
                record.write(e)
    times = []
    for _ in range(3):
        began = time.perf_counter()
        view = read_class([root])
        figure = class_chart(view)
        figure.canvas.draw()
        times.append(time.perf_counter() - began)
    assert len(view.students) == students
    print(f"class view of {students} students x {decisions} decisions (read, table, chart "
          f"drawn): median {statistics.median(times):.2f} s, slowest {max(times):.2f} s "
          f"(goal at most 2 s)")


def practice(answers: int) -> None:
    from cribbage_edu.study.practice import Practice

    clock = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    folder = Path(tempfile.mkdtemp(prefix="bench-practice-"))
    by_kind: dict[str, dict[str, list[float]]] = {}
    with Record.open(folder / RECORD_NAME) as record:
        drill = Practice(record, clock=lambda: clock)
        items = drill.fresh(answers)
        for item in items:
            for temperature in ("cold", "warm"):
                if temperature == "cold":
                    forget()
                choice: object
                if item.kind is DecisionKind.COUNT:
                    assert item.score is not None
                    choice = item.score.total
                elif item.kind is DecisionKind.THROW:
                    choice = item.position["six"][:2]
                else:
                    assert item.view is not None
                    choice = [next(a.cards[0] for a in item.view.legal if a.cards)]
                began = time.perf_counter()
                drill.answer(item, choice)  # type: ignore[arg-type]
                spent = (time.perf_counter() - began) * 1000
                by_kind.setdefault(item.kind.value, {}).setdefault(temperature, []).append(spent)
    for kind, found in by_kind.items():
        said = "; ".join(f"{t} median {statistics.median(v):.1f} ms, slowest {max(v):.1f} ms"
                         for t, v in found.items())
        print(f"a practice answer, {kind} ({len(found['cold'])} positions): {said}")


def forget() -> None:
    """Clear the judge's memory of positions, as bench_hint does (a fresh position is new
    to the judge of the whole deal anyway: no position is answered twice cold)."""
    from cribbage_edu.strategy.coach.model import position_options
    from cribbage_edu.strategy.coach.throw import throw_options

    position_options.cache_clear()
    throw_options.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--decisions", type=int, default=500)
    parser.add_argument("--answers", type=int, default=30)
    args = parser.parse_args()
    class_view(args.students, args.decisions)
    practice(args.answers)


if __name__ == "__main__":
    main()
