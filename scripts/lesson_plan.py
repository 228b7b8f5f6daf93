"""Estimate how long each lesson takes a class, from what is in it.

The estimate is a model, not a stopwatch: prose read and discussed at 120 words a minute,
the code a learner sees (not the collapsed exercise set-up) at 60 words a minute, three
minutes an exercise (predict, check, a second try) and ten minutes at the lesson's
widget. A lesson over 50 minutes is planned over two periods in the teacher's guide.

Usage (from anywhere)::

    .venv/bin/python scripts/lesson_plan.py
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

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


def main() -> int:
    print(f"{'lesson':<40}{'prose':>7}{'code':>6}{'exercises':>11}{'minutes':>9}  periods")
    for path in lesson_paths():
        e = estimate(path)
        periods = math.ceil(e["minutes"] / PERIOD)
        print(f"{path.stem:<40}{e['prose']:>7}{e['code']:>6}{e['exercises']:>11}"
              f"{e['minutes']:>9}  {periods}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
