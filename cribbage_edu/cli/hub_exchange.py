"""nbgrader's Submit as the hub of ``cribbage-edu hub`` needs it (the student's servers
read it from the hub's ``nbgrader_config.py``: ``c.ExchangeFactory.submit``).

nbgrader's own submit leaves a hand-in readable by every user (its folder even writable
by all), kept apart only by a random name. :class:`PrivateSubmit` makes it the student's
and the teacher's alone: the ``inbound`` folder is the teacher's group's with its
set-group-id bit (:func:`cribbage_edu.cli.hub_users.lay_out_exchange`), so a hand-in
takes that group; its folders become mode 750 and its files 640.

It also refuses a hand-in whose answers are all as they were handed out, with a message
the Assignments panel shows: the commonest cause is a notebook answered and not saved
(Submit hands in what is saved).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from nbgrader.exchange.default.submit import ExchangeSubmit

__all__ = ["PrivateSubmit", "unanswered_notebooks"]


def _answers(path: Path) -> list[str]:
    import nbformat

    notebook = nbformat.read(str(path), as_version=4)  # type: ignore[no-untyped-call]
    return [str(cell.source) for cell in notebook.cells
            if cell.get("metadata", {}).get("nbgrader", {}).get("solution")]


def unanswered_notebooks(handed_in: Path, handed_out: Path) -> list[str]:
    """The notebooks of ``handed_out`` (the released assignment) whose answer cells are
    all the same in ``handed_in`` (the student's folder), by name.

    >>> import tempfile
    >>> unanswered_notebooks(Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp()))
    []
    """
    same = []
    for released in sorted(handed_out.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in released.parts:
            continue
        mine = handed_in / released.relative_to(handed_out)
        try:
            answers = _answers(released)
            if mine.is_file() and answers and _answers(mine) == answers:
                same.append(str(released.relative_to(handed_out)))
        except (OSError, ValueError):
            continue
    return same


class PrivateSubmit(ExchangeSubmit):  # type: ignore[misc]
    """nbgrader's submit, the hand-in private to the student and the teacher's group."""

    def check_filename_diff(self) -> None:
        """nbgrader's check that the hand-in has the released notebooks, less the copies
        JupyterLab keeps in ``.ipynb_checkpoints`` (which nbgrader's own calls "extra
        notebooks submitted", alarming every student who saved)."""
        def notebooks(folder: str) -> set[str]:
            return {str(path.relative_to(folder)) for path in Path(folder).rglob("*.ipynb")
                    if ".ipynb_checkpoints" not in path.parts}

        released, handed_in = notebooks(self.release_path), notebooks(self.src_path)
        missing = sorted(released - handed_in)
        if missing:
            self.log.warning("These notebooks of %s are not in the hand-in: %s",
                             self.coursedir.assignment_id, ", ".join(missing))

    def copy_files(self) -> Any:
        """Refuse an unanswered hand-in, submit, then close it to other students."""
        self.init_release()
        same = unanswered_notebooks(Path(self.src_path), Path(self.release_path))
        if same:
            self.fail(f"Nothing is answered in {', '.join(same)} as it is saved. Save the "
                      f"notebook (File > Save Notebook, or Ctrl-S) and press Submit again: "
                      f"Submit hands in what is saved.")
        done = super().copy_files()
        handed_in = Path(self.inbound_path) / self.assignment_filename
        for folder, _, files in os.walk(handed_in, topdown=False):
            for name in files:
                os.chmod(Path(folder) / name, 0o640)
            os.chmod(folder, 0o750)
        return done
