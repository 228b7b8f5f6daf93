"""The students' records for the class view: every record file (``cribbage-record.sqlite``)
under the folders a teacher names, by student, read from a copy (a hand-in is never
changed, nor one in a student's folder), and the class view worked out from them
(:mod:`cribbage_edu.study.classview`). A record that cannot be read (damaged, another
program's, a text file named like it) is named in one line and left out.

Where records are: nbgrader's collected hand-ins (``course/submitted/<student>/<assignment>/``,
the student the folder under the one named), the exchange's ``inbound`` (a hand-in folder
``<student>+<assignment>+<time>...``, the student the name before the first ``+``), or the
students' own folders on a one-machine hub (``/home/<student>/...``). A student with several
records (one an assignment, their own record beside the copies they handed in) is read as
one: the union of their decisions, each decision once
(:func:`cribbage_edu.study.classview.union`), so nothing recorded is lost whichever way the
files arrive.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ..study.classview import ClassView, class_view, union
from ..study.record import RECORD_NAME, Entry, RecordError, read_entries

__all__ = ["read_class", "records_by_student", "student_of"]


def student_of(record: Path, folder: Path) -> str:
    """The student a record under ``folder`` belongs to: the first folder under ``folder``
    on its path (the name before a ``+`` of an nbgrader hand-in), or ``folder``'s own name.

    >>> student_of(Path("/c/submitted/ada/lesson08/cribbage-record.sqlite"), Path("/c/submitted"))
    'ada'
    >>> student_of(Path("/x/inbound/bob+lesson08+2026-12-01 10:00 UTC+ab12/r.sqlite"),
    ...            Path("/x/inbound"))
    'bob'
    """
    parts = record.relative_to(folder).parts
    name = parts[0] if len(parts) > 1 else folder.name
    return name.split("+")[0]


def records_by_student(folders: Sequence[Path]) -> dict[str, list[Path]]:
    """Every record file under ``folders``, by student (:func:`student_of`)."""
    found: dict[str, list[Path]] = {}
    for folder in folders:
        for path in sorted(folder.rglob(RECORD_NAME)):
            if path.is_file() and not path.is_symlink():
                found.setdefault(student_of(path, folder), []).append(path)
    return found


def _read_copy(path: Path, scratch: Path) -> list[Entry]:
    """The entries of the record at ``path``, read from a copy in ``scratch``."""
    copy = scratch / f"{len(list(scratch.iterdir()))}-{RECORD_NAME}"
    shutil.copyfile(path, copy)
    for tail in ("-wal",):  # a record copied while it was written keeps its log beside
        log = path.with_name(path.name + tail)
        if log.is_file():
            shutil.copyfile(log, copy.with_name(copy.name + tail))
    return read_entries(copy)


def read_class(folders: Sequence[Path]) -> ClassView:
    """The class view of every record under ``folders`` (see the module)."""
    entries: dict[str, list[Entry]] = {}
    left_out = []
    with tempfile.TemporaryDirectory(prefix="cribbage-class-") as scratch:
        for student, paths in records_by_student(folders).items():
            read_ones: list[list[Entry]] = []
            for path in paths:
                try:
                    read = _read_copy(path, Path(scratch))
                except (RecordError, OSError) as exc:
                    reason = exc.reason if isinstance(exc, RecordError) else str(exc)
                    left_out.append(f"{student}: {path} is left out: it {reason}"
                                    if isinstance(exc, RecordError)
                                    else f"{student}: {path} is left out: {reason}")
                    continue
                read_ones.append(read)
            if read_ones:
                entries[student] = union(read_ones)
    return class_view(entries, left_out=left_out)
