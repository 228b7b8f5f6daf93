"""``cribbage-edu course``'s copy of the lessons: kept, refreshed and reset safely."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from cribbage_edu.cli.course import FIRST_LESSON, lessons_folder, prepare_course


def test_resetting_twice_keeps_both_old_copies(tmp_path: Path) -> None:
    """Review: a second --reset deleted the first one's backup, answers and all."""
    mine = tmp_path / "my-course"
    prepare_course(mine, lessons_folder())
    lesson = mine / FIRST_LESSON
    lesson.write_text("my first answers")
    prepare_course(mine, lessons_folder(), reset=True)
    assert (tmp_path / "my-course.old" / FIRST_LESSON).read_text() == "my first answers"
    assert lesson.read_bytes() == (lessons_folder() / FIRST_LESSON).read_bytes()
    lesson.write_text("my second answers")
    prepare_course(mine, lessons_folder(), reset=True)
    assert (tmp_path / "my-course.old" / FIRST_LESSON).read_text() == "my first answers"
    assert (tmp_path / "my-course.old-2" / FIRST_LESSON).read_text() == "my second answers"
    assert lesson.read_bytes() == (lessons_folder() / FIRST_LESSON).read_bytes()


def test_an_older_copy_gets_new_helpers_and_keeps_its_lessons(tmp_path: Path) -> None:
    mine = tmp_path / "my-course"
    prepare_course(mine, lessons_folder())
    (mine / FIRST_LESSON).write_text("my answers")
    (mine / "exercises.py").write_text("# the helper as it was a month ago\n")
    (mine / "small_widgets.py").unlink()
    copied = prepare_course(mine, lessons_folder())
    assert sorted(copied) == ["exercises.py", "small_widgets.py"]
    assert (mine / FIRST_LESSON).read_text() == "my answers"
    assert (mine / "exercises.py").read_bytes() == (lessons_folder() / "exercises.py").read_bytes()


def test_git_ignores_the_course_and_every_reset_copy() -> None:
    """A learner's answers never show in ``git status``: the course folder and every copy
    a reset keeps (``my-course.old``, ``my-course.old-2``, ...) are ignored."""
    root = Path(__file__).resolve().parent.parent
    if not (root / ".git").exists():
        pytest.skip("not a git checkout")
    names = ["my-course", "my-course.old", "my-course.old-2", "my-course.old-17"]
    found = subprocess.run(["git", "check-ignore", *(f"{n}/00_start_here.ipynb" for n in names)],
                           cwd=root, capture_output=True, text=True, check=False)
    assert found.stdout.split() == [f"{n}/00_start_here.ipynb" for n in names]
    kept = subprocess.run(["git", "check-ignore", "lessons/00_start_here.ipynb"], cwd=root,
                          capture_output=True, text=True, check=False)
    assert kept.stdout == ""  # the tracked lessons are not ignored
