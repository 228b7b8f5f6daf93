"""A learner's own copy of the course, and the JupyterLab that opens it at lesson 00.

The lessons in the repository's ``lessons/`` folder stay as they are: the learner works
in copies, so running a lesson never shows up in ``git status``, and a lesson can be reset
to its stored state at any time. A lesson already copied is kept (it holds the learner's
answers); a lesson added since is copied in; the helper modules and data beside the
lessons (no work of the learner's) are brought up to date; a reset starts again from
fresh copies, keeping the old folder as ``<FOLDER>.old`` (``.old-2``, … when that is
taken). The ``course`` command (:mod:`cribbage_edu.cli.course`) runs it; the hub makes
each student's copy with the same :func:`prepare_course`.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import sys
from pathlib import Path

from .errors import BadInput

__all__ = ["FIRST_LESSON", "QUIET_START", "TEACHERS_ONLY", "backup_name", "jupyterlab_command",
           "lessons_folder", "prepare_course"]

FIRST_LESSON = "00_start_here.ipynb"
QUIET_START = ("--ServerApp.jpserver_extensions", "notebook_shim=False")
"""JupyterLab options that keep the learner's first screen clean: notebook_shim (a bridge
for the classic Notebook's server extensions, which the course does not use) reads every
setting of the server as it starts, the deprecated ``ServerApp.token`` among them, and so
prints a ``DeprecationWarning`` among the first lines a learner reads."""
_SKIP = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "nbval_sanitize.cfg",
                               ".ruff_cache", ".mypy_cache")
TEACHERS_ONLY = ("README.md", "ruff.toml")
"""What a class's copies of the course leave out: the teacher's guide (it holds the answer
key) and the developers' lint settings."""


def lessons_folder() -> Path:
    """The repository's ``lessons/`` folder (the course is installed from a clone).

    >>> (lessons_folder() / FIRST_LESSON).is_file()
    True
    """
    folder = Path(__file__).resolve().parents[2] / "lessons"
    if not (folder / FIRST_LESSON).exists():
        raise BadInput(f"cribbage-edu: error: no lessons found at {folder}: install the "
                       f"course from a clone of the repository (pip install -e .)")
    return folder


def prepare_course(folder: Path, lessons: Path, *, reset: bool = False,
                   leave_out: tuple[str, ...] = ()) -> list[str]:
    """Make ``folder`` the learner's copy of ``lessons``: created when missing, a lesson
    added since copied in, everything fresh with ``reset`` (the old copy kept as
    ``<folder>.old``, or the next free ``.old-N``). Returns the names copied. Files named
    in ``leave_out`` are not copied (a class's copies leave out the teacher's guide).

    >>> import tempfile
    >>> mine = Path(tempfile.mkdtemp()) / "course"
    >>> FIRST_LESSON in prepare_course(mine, lessons_folder())
    True
    >>> prepare_course(mine, lessons_folder())  # a second start keeps the learner's work
    []
    >>> (mine / "exercises.py").write_text("# an old helper")  # doctest: +ELLIPSIS
    15
    >>> prepare_course(mine, lessons_folder())  # an old helper is brought up to date
    ['exercises.py']
    """
    folder = folder.resolve()
    if folder == lessons.resolve():
        raise BadInput("cribbage-edu: error: the course folder must not be the repository's "
                       "lessons/ folder: pick another (the default is my-course)")
    if reset and folder.exists():
        folder.rename(backup_name(folder))
    copied = []
    folder.mkdir(parents=True, exist_ok=True)
    for source in sorted(lessons.iterdir()):
        target = folder / source.name
        if _SKIP(str(lessons), [source.name]) or source.name in leave_out:
            continue
        if target.exists() and (source.suffix == ".ipynb" or _same(source, target)):
            continue  # a lesson holds the learner's work: kept; a helper already current
        if source.is_dir():
            shutil.copytree(source, target, ignore=_SKIP, dirs_exist_ok=True)
        else:
            shutil.copy2(source, target)  # helpers and data (no learner work): refreshed
        copied.append(source.name)
    return copied


def backup_name(folder: Path) -> Path:
    """Where ``--reset`` keeps the old copy: ``<folder>.old``, or ``.old-2``, ``.old-3``
    … when that is taken (a second reset never deletes the first one's answers).

    >>> import tempfile
    >>> mine = Path(tempfile.mkdtemp()) / "course"
    >>> backup_name(mine).name
    'course.old'
    >>> (mine.parent / "course.old").mkdir(); backup_name(mine).name
    'course.old-2'
    """
    old = folder.with_name(folder.name + ".old")
    n = 1
    while old.exists():
        n += 1
        old = folder.with_name(f"{folder.name}.old-{n}")
    return old


def _same(source: Path, target: Path) -> bool:
    """Whether a helper file or folder in the learner's copy equals the course's."""
    if source.is_dir():
        return target.is_dir() and all(
            _same(child, target / child.name) for child in source.iterdir()
            if not _SKIP(str(source), [child.name]))
    return target.is_file() and filecmp.cmp(source, target, shallow=False)


def jupyterlab_command(folder: Path, *, no_browser: bool = False, port: int | None = None,
                       as_root: bool | None = None) -> list[str]:
    """The command that starts JupyterLab in ``folder`` with lesson 00 open.

    >>> cmd = jupyterlab_command(Path("/tmp/c"), no_browser=True, port=8899, as_root=True)
    >>> cmd[1:3], "--LabApp.default_url=/lab/tree/00_start_here.ipynb" in cmd
    (['-m', 'jupyterlab'], True)
    >>> "--allow-root" in cmd, "--allow-root" in jupyterlab_command(Path("/tmp/c"), as_root=False)
    (True, False)
    >>> cmd[cmd.index("--ServerApp.jpserver_extensions") + 1]  # no warning on the first screen
    'notebook_shim=False'
    """
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
               f"--LabApp.default_url=/lab/tree/{FIRST_LESSON}", *QUIET_START]
    if no_browser:
        command.append("--no-browser")
    if port is not None:
        command.append(f"--port={port}")
    if as_root if as_root is not None else (hasattr(os, "geteuid") and os.geteuid() == 0):
        command.append("--allow-root")
    return command
