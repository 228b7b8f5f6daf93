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
