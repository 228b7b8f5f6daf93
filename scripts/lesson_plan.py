"""How long each lesson takes: the minutes measured by a reader working through it as a
learner (``lessons/data/lesson_times.json``, what the teacher's guide prints), beside an
estimate from what is in it.

The estimate is a model, not a stopwatch: prose read and discussed at 120 words a minute,
the code a learner sees (not the collapsed exercise set-up) at 60 words a minute, three
minutes an exercise (predict, check, a second try) and ten minutes at the lesson's
widget. It says when a lesson has grown since it was last timed (the two far apart): time
it again. A lesson over 50 minutes is planned over as many periods as it needs, split at the
sections named (one for two periods, two for three). The plan's total adds the periods the
course needs besides the lessons (review, the paper, the practical game).

Usage (from anywhere)::

    .venv/bin/python scripts/lesson_plan.py
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path
from typing import Any

import nbformat

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
WORD = re.compile(r"[A-Za-z']+")
PROSE_PER_MINUTE = 120
CODE_PER_MINUTE = 60
MINUTES_AN_EXERCISE = 3
MINUTES_AT_THE_WIDGET = 10
PERIOD = 50


def lesson_paths() -> list[Path]:
    return sorted(p for p in LESSONS.glob("[0-9][0-9]_*.ipynb"))


def estimate(path: Path) -> dict[str, int]:
    """Words of prose, words of visible code, exercises, and minutes (rounded up to 5)."""
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    prose = sum(len(WORD.findall(c.source)) for c in nb.cells if c.cell_type == "markdown")
    code = sum(len(WORD.findall(c.source)) for c in nb.cells
               if c.cell_type == "code" and not c.metadata.get("jupyter", {}).get("source_hidden"))
    exercises = sum(1 for c in nb.cells
                    if c.cell_type == "code" and re.match(r"answer_\d+ = ", c.source))
    minutes = (prose / PROSE_PER_MINUTE + code / CODE_PER_MINUTE
               + MINUTES_AN_EXERCISE * exercises + MINUTES_AT_THE_WIDGET)
    return {"prose": prose, "code": code, "exercises": exercises,
            "minutes": 5 * math.ceil(minutes / 5)}


def measured() -> dict[str, Any]:
    """The measured minutes of each lesson, and where a lesson of two periods splits."""
    data: dict[str, Any] = json.loads((LESSONS / "data" / "lesson_times.json")
                                      .read_text(encoding="utf-8"))
    return data


def splits(timed: dict[str, Any]) -> list[str]:
    """The sections a lesson of more than one period is split before, in order (none for a
    lesson of one period)."""
    split = timed["split"]
    if split is None:
        return []
    return [split] if isinstance(split, str) else list(split)


def periods(timed: dict[str, Any]) -> int:
    """The periods a lesson takes: its minutes over a 50-minute period, rounded up."""
    return math.ceil(timed["minutes"] / PERIOD)


def main() -> int:
    data = measured()
    times = data["lessons"]
    print(f"{'lesson':<40}{'prose':>7}{'code':>6}{'exercises':>11}{'estimate':>10}"
          f"{'measured':>10}  periods  split before")
    for path in lesson_paths():
        e = estimate(path)
        timed = times.get(path.stem[:2])
        if timed is None:  # an appendix (lesson 15), read when wanted: not in the plan
            print(f"{path.stem:<40}{e['prose']:>7}{e['code']:>6}{e['exercises']:>11}"
                  f"{e['minutes']:>10}  an appendix, not planned")
            continue
        print(f"{path.stem:<40}{e['prose']:>7}{e['code']:>6}{e['exercises']:>11}"
              f"{e['minutes']:>10}{timed['minutes']:>10}  {periods(timed):>7}  "
              f"{'; '.join(splits(timed))}")
    lessons = sum(periods(timed) for timed in times.values())
    extra = {k: v for k, v in data["course"].items() if k != "note"}
    print(f"lessons: {sum(t['minutes'] for t in times.values())} minutes in {lessons} periods; "
          + ", ".join(f"{k} {v}" for k, v in extra.items())
          + f": {lessons + sum(extra.values())} periods in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
