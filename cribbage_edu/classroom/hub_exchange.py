"""nbgrader's Submit and Collect as the hub of ``cribbage-edu hub`` needs them (the
student's servers read Submit from the hub's ``nbgrader_config.py``,
``c.ExchangeFactory.submit``; ``nbgrader collect``, run in the course, reads Collect from
the course's, ``c.ExchangeFactory.collect``).

nbgrader's own submit leaves a hand-in readable by every user (its folder even writable
by all), kept apart only by a random name. :class:`PrivateSubmit` makes it the student's
and the teacher's alone: the ``inbound`` folder is the teacher's group's with its
set-group-id bit (:func:`cribbage_edu.classroom.hub_users.lay_out_exchange`), so a hand-in
takes that group; its folders become mode 750 and its files 640.

It also refuses a hand-in whose answers are all as they were handed out, with a message
the Assignments panel shows: the commonest cause is a notebook answered and not saved
(Submit hands in what is saved). And it hands in, with the notebooks, a copy of the
student's record of decisions (:func:`hand_in_record`), which the teacher's class view
reads (``cribbage-edu class-view``).

A student's code can write into the exchange a hand-in named for someone else (nbgrader
names a hand-in ``<student>+<assignment>+<time>+<random>`` by the student id it is given,
and ``inbound`` is writable by all). :class:`OwnedCollect` collects a hand-in only when it
is a plain folder whose every file and folder is owned by the Unix user the hub made for
the student it names (the hub's record, :func:`cribbage_edu.classroom.hub_users.hand_in_owners`);
any other is refused with a warning naming it, its owner and the student it claims to be,
and is never collected (so never marked): the student's own latest hand-in is collected
instead. A hand-in with a name Submit never gives is refused too (nbgrader's own collect
stops at it and collects nothing), and a hand-in is copied with no link in it (collect
runs as root, and reads through no link a student made). Under ``--unsafe-shared-user``
every hand-in is owned by the hub's own user and the check cannot hold: each is
collected as the student it names, with a warning saying so.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from nbgrader.exchange.default.collect import ExchangeCollect
from nbgrader.exchange.default.submit import ExchangeSubmit
from traitlets import Bool, Unicode

from ..study.record import RECORD_NAME, Record, RecordError, course_record
from .hub_users import hand_in_owners

__all__ = ["OwnedCollect", "PrivateSubmit", "forged_hand_in", "hand_in_record",
           "unanswered_notebooks"]


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


def hand_in_record(assignment: Path) -> str:
    """Put a whole copy of the student's record of decisions (:mod:`cribbage_edu.study.
    record`: the one their lessons write, found from the ``assignment``'s folder as a
    lesson finds it, ``$CRIBBAGE_EDU_RECORD`` included) in the assignment's folder, under
    the record's own name, so Submit hands it in with the notebooks and the teacher's class
    view reads it. What was done, in a line for the log: nothing when there is no record
    (or it is switched off), or it is in that folder already; a record that cannot be read
    is said and not handed in.

    >>> import tempfile
    >>> hand_in_record(Path(tempfile.mkdtemp()))
    'no record of decisions to hand in'
    """
    path = course_record(start=assignment)
    if path is None or not path.is_file():
        return "no record of decisions to hand in"
    target = assignment / RECORD_NAME
    if path.resolve() == target.resolve():
        return f"the record of decisions {target} is handed in as it is"
    fresh = assignment / f".{RECORD_NAME}.handing-in"
    try:
        with Record.open(path, create=False) as record:
            fresh.unlink(missing_ok=True)
            record.copy_to(fresh)
    except (RecordError, OSError) as exc:
        fresh.unlink(missing_ok=True)
        return f"the record of decisions is not handed in: {exc}"
    fresh.replace(target)
    return f"a copy of the record of decisions {path} is handed in"


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
        self.log.info(hand_in_record(Path(self.src_path)))
        done = super().copy_files()
        handed_in = Path(self.inbound_path) / self.assignment_filename
        for folder, _, files in os.walk(handed_in, topdown=False):
            for name in files:
                os.chmod(Path(folder) / name, 0o640)
            os.chmod(folder, 0o750)
        return done


def _owner(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


def forged_hand_in(hand_in: Path, student: str, owners: Mapping[str, str]) -> str | None:
    """Why the hand-in ``hand_in``, which names ``student``, was not made by them, or
    ``None`` when it was: it must be a plain folder (no symbolic link in it either) whose
    every file and folder is owned by ``owners[student]``, the Unix user the hub made for
    that student.

    >>> import tempfile
    >>> print(forged_hand_in(Path(tempfile.mkdtemp()), "zed", {}))
    the hub made no Unix user for 'zed' (not in the class list)
    """
    expected = owners.get(student)
    if expected is None:
        return f"the hub made no Unix user for {student!r} (not in the class list)"
    try:
        top = hand_in.lstat()
        if stat.S_ISLNK(top.st_mode) or not stat.S_ISDIR(top.st_mode):
            return (f"it is not a folder but a "
                    f"{'symbolic link' if stat.S_ISLNK(top.st_mode) else 'file'}, owned "
                    f"by {_owner(top.st_uid)}; Submit makes a folder")
        entries = [hand_in]
        for folder, dirs, files in os.walk(hand_in):
            entries += [Path(folder) / child for child in (*dirs, *files)]
        for entry in entries:
            info = entry.lstat()
            shown = "it" if entry == hand_in else f"its {entry.relative_to(hand_in)}"
            if stat.S_ISLNK(info.st_mode):
                return (f"{shown} is a symbolic link (owned by {_owner(info.st_uid)}); "
                        f"Submit copies files, never links")
            if _owner(info.st_uid) != expected:
                return (f"{shown} is owned by {_owner(info.st_uid)}, not by {expected} "
                        f"(the Unix user the hub made for {student})")
    except OSError as exc:
        return f"it cannot be read ({exc.strerror or exc})"
    return None


class OwnedCollect(ExchangeCollect):  # type: ignore[misc]
    """nbgrader's collect, taking a hand-in only from the student it names.

    Before the latest hand-in of each student is chosen, every hand-in not made by the
    student it names (:func:`forged_hand_in`) is refused with a warning and left out."""

    owners_file = Unicode("", config=True,
                          help="The hub's record of each login's Unix user "
                               "(hand-in-owners.json in the hub's state folder).")
    check_owner = Bool(False, help="nbgrader's own check, which compares a hand-in's Unix "
                                   "owner with the login: off, this class checks it "
                                   "against the hub's record instead.").tag(config=True)

    def init_src(self) -> None:
        """nbgrader's choice of each student's latest hand-in, among those they made (a
        hand-in with a name Submit does not give is refused too, where nbgrader's own
        collect would stop at it and collect nothing)."""
        from nbgrader.api import Gradebook, MissingEntry
        from nbgrader.utils import check_mode

        course_id = self.coursedir.course_id
        if not course_id:
            self.fail("No course id is set (CourseDirectory.course_id)")
        self.course_path = os.path.join(self.root, course_id)
        self.inbound_path = os.path.join(self.course_path, "inbound")
        if not os.path.isdir(self.inbound_path):
            self.fail(f"Course not found: {self.inbound_path}")
        if not check_mode(self.inbound_path, read=True, execute=True):
            self.fail(f"You may not list the hand-ins in {self.inbound_path} (collect as "
                      f"root)")
        owners = self._owners()
        with Gradebook(self.coursedir.db_url, course_id) as gradebook:
            try:
                self.duedate = gradebook.find_assignment(self.coursedir.assignment_id).duedate
            except MissingEntry:
                self.duedate = None
        student = self.coursedir.student_id or "*"
        pattern = os.path.join(self.inbound_path,
                               f"{student}+{self.coursedir.assignment_id}+*")
        paths = sorted(glob.glob(pattern))
        if owners is None and paths:
            self.log.warning(
                "The hub runs every server as its own Unix user (--unsafe-shared-user): "
                "who made a hand-in cannot be checked, so each is collected as the "
                "student it names.")
        by_student: dict[str, list[dict[str, Any]]] = {}
        for path in paths:
            name = os.path.basename(path)
            try:
                record = self._path_to_record(path)
            except (ValueError, OverflowError):  # a time that does not parse
                self.log.warning("Refused the hand-in %s: its name is not one Submit gives "
                                 "(<student>+<assignment>+<time>+<random>). It is not "
                                 "collected.", name)
                continue
            why = (None if owners is None
                   else forged_hand_in(Path(path), record["username"], owners))
            if why is not None:
                self.log.warning("Refused the hand-in %s: it claims to be %s's, but %s. It is "
                                 "not collected (another student's code may have written "
                                 "it).", name, record["username"], why)
                continue
            by_student.setdefault(record["username"], []).append(record)
        self.src_records = [self._choose(mine) for mine in by_student.values()]

    def _owners(self) -> dict[str, str] | None:
        """The hub's record of each login's Unix user (``None``: a shared user)."""
        if not self.owners_file:
            self.fail("Cannot check who made each hand-in: the course's nbgrader_config.py "
                      "names no OwnedCollect.owners_file (rebuild the course with "
                      "cribbage-edu assignments)")
        try:
            return hand_in_owners(Path(self.owners_file))
        except ValueError as exc:
            self.fail(f"Cannot check who made each hand-in: {exc}")
            raise  # fail raises; this says so to the type checker

    def do_copy(self, src: str, dest: str, log: Any = None) -> None:
        """nbgrader's copy of a hand-in (its size limit, which refuses this hand-in alone,
        and its left-out files), with any link copied as a link and then left out, so that
        collect, as root, never reads through a link (one the student put into their own
        hand-in after it was checked)."""
        from nbgrader.utils import ignore_patterns

        limit = 1000 * self.coursedir.max_dir_size
        if self.get_size(src) > limit:  # nbgrader's own stops collecting every hand-in
            self.log.warning("Refused the hand-in %s: it is larger than "
                             "CourseDirectory.max_dir_size (%d bytes). It is not collected.",
                             os.path.basename(src), limit)
            return
        shutil.copytree(src, dest, symlinks=True, ignore=ignore_patterns(
            exclude=self.coursedir.ignore, include=self.coursedir.include,
            max_file_size=self.coursedir.max_file_size, log=self.log))
        for folder, dirs, files in os.walk(dest):
            for child in (*dirs, *files):
                path = os.path.join(folder, child)
                if os.path.islink(path):
                    self.log.warning("Left out %s of the hand-in %s: a link, not a file",
                                     os.path.relpath(path, dest), os.path.basename(src))
                    os.unlink(path)

    def _choose(self, records: list[dict[str, Any]]) -> dict[str, Any]:
        """The hand-in to collect of one student's: the latest, or with
        ``before_duedate`` the latest before the due date (nbgrader's own rule)."""
        latest = self._sort_by_timestamp(records)
        if self.duedate is not None and self.before_duedate:
            in_time = [record for record in latest if record["timestamp"] <= self.duedate]
            if in_time:
                return dict(in_time[0])
        return dict(latest[0])
