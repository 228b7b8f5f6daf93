"""The lesson notebooks are stored executed, numbered, listed and runnable by strict nbval.

Strict nbval (``pytest --nbval lessons/``) compares each cell's fresh output with the
stored one, but a cell with no stored execution count is run and *not* compared, so a
notebook saved without outputs would pass while checking nothing. These tests guard
against that, and against the other ways a stored notebook can make nbval meaningless
or flaky. They only read JSON: fast, no kernel.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
LESSON_NAME = re.compile(r"^(\d\d)_[a-z0-9_]+\.ipynb$")
EXTRA_NOTEBOOKS = ("play.ipynb",)  # the Voila page: not a numbered lesson, still checked
ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]{4,}|object at 0x")


def notebook_paths() -> list[Path]:
    return sorted(p for p in LESSONS.glob("*.ipynb"))


def lesson_paths() -> list[Path]:
    return [p for p in notebook_paths() if LESSON_NAME.match(p.name)]


def read(path: Path) -> nbformat.NotebookNode:
    nb: nbformat.NotebookNode = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    return nb


def code_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if c.cell_type == "code"]


def output_texts(cell: nbformat.NotebookNode) -> list[str]:
    texts: list[str] = []
    for out in cell.get("outputs", []):
        if out.output_type == "stream":
            texts.append(out.text)
        elif out.output_type in ("execute_result", "display_data"):
            for key in ("text/plain", "text/html", "text/markdown"):
                value = out.data.get(key)
                if value:
                    texts.append(value if isinstance(value, str) else "".join(value))
    return texts


def test_the_lessons_are_numbered_00_to_10_without_gaps() -> None:
    numbers = [int(LESSON_NAME.match(p.name).group(1)) for p in lesson_paths()]  # type: ignore[union-attr]
    assert numbers == list(range(11)), [p.name for p in lesson_paths()]


def test_every_notebook_is_a_numbered_lesson_or_a_known_page() -> None:
    strays = [p.name for p in notebook_paths()
              if not LESSON_NAME.match(p.name) and p.name not in EXTRA_NOTEBOOKS]
    assert strays == []


def test_every_notebook_is_listed_in_the_course_readme() -> None:
    readme = (LESSONS / "README.md").read_text(encoding="utf-8")
    missing = [p.name for p in notebook_paths() if p.name not in readme]
    assert missing == []


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_notebook_is_valid_and_uses_the_python3_kernel(path: Path) -> None:
    nb = read(path)
    nbformat.validate(nb)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_every_code_cell_was_run_top_to_bottom_and_stored(path: Path) -> None:
    cells = code_cells(read(path))
    assert cells, f"{path.name} has no code"
    counts = [c.execution_count for c in cells]
    unrun = [i for i, n in enumerate(counts) if n is None]
    assert unrun == [], f"{path.name}: code cells {unrun} have no stored execution count"
    assert counts == list(range(1, len(cells) + 1)), (
        f"{path.name} was not run once top to bottom in a fresh kernel: {counts}")
    assert all(c.source.strip() for c in cells), f"{path.name} has an empty code cell"


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_every_lesson_shows_its_results(path: Path) -> None:
    cells = code_cells(read(path))
    with_output = [c for c in cells if c.get("outputs")]
    assert len(with_output) >= len(cells) // 2, (
        f"{path.name}: only {len(with_output)} of {len(cells)} code cells show anything")


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_stored_outputs_hold_no_errors(path: Path) -> None:
    for i, cell in enumerate(code_cells(read(path))):
        if "raises-exception" in cell.metadata.get("tags", []):
            continue
        errors = [o for o in cell.get("outputs", []) if o.output_type == "error"]
        assert errors == [], f"{path.name}, code cell {i}: {errors[0].get('ename')}"
        streams = [o.name for o in cell.get("outputs", []) if o.output_type == "stream"]
        assert "stderr" not in streams, f"{path.name}, code cell {i} wrote to stderr"


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_stored_outputs_are_deterministic(path: Path) -> None:
    nb = read(path)
    for i, cell in enumerate(code_cells(nb)):
        assert "execution" not in cell.metadata, f"{path.name}: cell {i} stores timings"
        for text in output_texts(cell):
            assert not ADDRESS.search(text), f"{path.name}, code cell {i}: {text[:120]!r}"
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            assert "image/svg+xml" not in data, f"{path.name}, code cell {i}: SVG figure"


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_lesson_follows_the_chapter_template(path: Path) -> None:
    text = "\n".join(c.source for c in read(path).cells if c.cell_type == "markdown").lower()
    for heading in ("what you will learn", "the words", "summary"):
        assert heading in text, f"{path.name} has no '{heading}' section"
    if not path.name.startswith("00_"):
        assert "exercise" in text, f"{path.name} has no exercises"


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_every_lesson_has_a_widget_to_try(path: Path) -> None:
    nb = read(path)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown").lower()
    assert "try it" in text or "widget" in text, f"{path.name} has no widget section"
    widgets = [c for c in code_cells(nb) for o in c.get("outputs", [])
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widgets, f"{path.name} shows no widget"


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda p: p.name)
def test_exercise_cells_are_stored_with_the_placeholder(path: Path) -> None:
    """The learner meets each exercise blank: the stored answer is ``...`` and the stored
    output asks gently for an answer, never gives it away."""
    for cell in code_cells(read(path)):
        match = re.match(r"answer_(\d+) = (.*)\n", cell.source)
        if not match:
            continue
        number, placeholder = match.groups()
        assert placeholder == "...", f"{path.name}: answer_{number} is stored filled in"
        assert "".join(output_texts(cell)) == (
            f"Exercise {number}: write your answer in place of ... and run the cell again.\n")


def _exercises() -> object:
    import importlib.util

    spec = importlib.util.spec_from_file_location("lesson_exercises", LESSONS / "exercises.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_exercise_checker_doctests_pass() -> None:
    import doctest

    result = doctest.testmod(_exercises(), optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def test_the_exercise_checker_answers_in_both_directions(
        capsys: pytest.CaptureFixture[str]) -> None:
    from fractions import Fraction

    exercise = _exercises().Exercise  # type: ignore[attr-defined]
    ex = exercise(3, answer=Fraction(1, 221), explain=lambda guess: "4/52 times 3/51",
                  solution="4/52 * 3/51 = 1/221")
    for guess in (..., Fraction(1, 17), 0.0, "a lot", "1/221", 0.00452):
        ex.check(guess)
    ex.solution()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Exercise 3: write your answer in place of ... and run the cell again."
    assert lines[1] == ("Exercise 3: not yet. You said 1/17, which is too high. "
                        "Hint: 4/52 times 3/51.")
    assert lines[2].startswith("Exercise 3: not yet. You said 0.0, which is too low.")
    assert "Write a number" in lines[3]
    assert lines[4] == "Exercise 3: right! 1/221."
    assert lines[5] == "Exercise 3: right! 0.00452. Exactly, that is 1/221."
    assert lines[6:] == ["Solution to exercise 3: 1/221.", "4/52 * 3/51 = 1/221"]
