"""``cribbage-edu course``'s copy of the lessons: kept, refreshed and reset safely."""

from __future__ import annotations

from pathlib import Path

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
