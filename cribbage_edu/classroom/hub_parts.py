"""The two classes the hub of ``cribbage-edu hub`` runs with, by their dotted names (so
only the JupyterHub process imports them, and with them JupyterHub).

- :class:`ClassListAuthenticator` checks a login against the hashed passwords the
  command wrote (``password-hashes.json``); no password is in the hub's configuration.
- :class:`CourseSpawner` is JupyterHub's ``LocalProcessSpawner`` (each server a child
  process of the hub, run as the student's own Unix user, which the command made:
  :mod:`cribbage_edu.classroom.hub_users`) with the course added: each student's server starts
  in ``STATE/students/<name>`` (their home, theirs alone, mode 700) on their own copy of
  the course (made on the first start, kept after), with every released assignment
  fetched into it, at the assignment of lesson 00 when it is released (the notebook
  Submit hands in: the course's own copy of a released lesson is not kept beside it),
  with terminals and JupyterLab's news off; the teacher's starts in the nbgrader course
  ``STATE/course``, as the teacher's Unix user. Each process of a server may use at most
  ``mem_limit`` bytes of memory (``RLIMIT_DATA``, which its kernels inherit), and the
  files it makes are private to its user (umask 077). A student's server names their one
  record of decisions, ``STATE/students/<name>/cribbage-record.sqlite`` (in
  ``$CRIBBAGE_EDU_RECORD``, :func:`record_environment`): every notebook they work in, the
  course's copy or a fetched assignment's, writes to it, and Submit hands in a copy of it.

With ``shared_user`` (``cribbage-edu hub --unsafe-shared-user``, for a machine where the
hub cannot make users) every server runs as the hub's own Unix user, as JupyterHub's
``SimpleLocalProcessSpawner`` does: code a student runs can then read every other
student's work and the hub's state (see the README).

>>> CourseSpawner.teacher.default_value
'teacher'
"""

from __future__ import annotations

import filecmp
import json
import os
import resource
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jupyterhub.auth import Authenticator
from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from traitlets import Bool, Dict, Integer, Unicode

from ..study.record import ENVIRONMENT, RECORD_NAME
from .course import FIRST_LESSON, TEACHERS_ONLY, prepare_course
from .hub import (
    COURSE_ID,
    NBGRADER_CONFIG,
    STUDENT_CONFIG,
    course_folder,
    exchange_folder,
    password_matches,
    students_folder,
)
from .hub_users import own_tree
from .serving import scripts_first

__all__ = ["ClassListAuthenticator", "CourseSpawner", "record_environment"]

class ClassListAuthenticator(Authenticator):  # type: ignore[misc]
    """A login is a name in the class list and the password made up for it."""

    password_file = Unicode("", config=True,
                            help="The JSON file of name -> scrypt hash the command wrote.")

    async def authenticate(self, handler: Any, data: dict[str, str]) -> str | None:
        """The user's name when the password is theirs, else ``None``."""
        name = str(self.normalize_username(str(data.get("username", ""))))
        try:
            hashes: dict[str, str] = json.loads(Path(self.password_file).read_text("utf-8"))
        except (OSError, ValueError):
            self.log.error("cannot read the password file %s", self.password_file)
            return None
        stored = hashes.get(name)
        if stored is None or not password_matches(str(data.get("password", "")), stored):
            return None
        return name


class CourseSpawner(LocalProcessSpawner):  # type: ignore[misc]
    """A local process as the student's own Unix user, in their own copy of the course.

    ``unix_users`` maps each login to its Unix user (made by the command before the hub
    starts); with ``shared_user`` (``--unsafe-shared-user``) every server runs as the
    hub's own user instead, as JupyterHub's ``SimpleLocalProcessSpawner`` does."""

    state = Unicode("", config=True, help="The hub's state folder.")
    lessons = Unicode("", config=True, help="The course's lessons folder.")
    teacher = Unicode("teacher", config=True, help="The teacher's login.")
    unix_users = Dict(config=True, help="Each login's Unix user name.")
    shared_user = Bool(False, config=True,
                       help="Run every server as the hub's own user (unsafe).")
    autosave_seconds = Integer(10, config=True,
                               help="How often a student's JupyterLab saves open notebooks.")

    def _is_teacher(self) -> bool:
        return bool(self.user.name == self.teacher)

    def _folder(self) -> Path:
        state = Path(self.state)
        if self._is_teacher():
            return course_folder(state)
        return students_folder(state) / str(self.user.name)

    def _unix_user(self) -> str | None:
        if self.shared_user:
            return None
        name = self.unix_users.get(self.user.name)
        if not name:
            raise RuntimeError(f"no Unix user for {self.user.name!r}: restart the hub")
        return str(name)

    async def start(self) -> Any:
        """Make the student's copy of the course (first start) or keep it, fetch each
        released assignment into it, then start their server at the lesson to answer."""
        folder = self._folder()
        self.home_dir = str(folder)
        self.notebook_dir = str(folder)
        if self._is_teacher():
            folder.mkdir(parents=True, exist_ok=True)
            self.default_url = "/lab"
            write_student_settings(folder, autosave_seconds=int(self.autosave_seconds),
                                   autosave=False)
        else:
            released = released_assignments(exchange_folder(Path(self.state)))
            copied = prepare_course(folder, Path(self.lessons),
                                    leave_out=(*TEACHERS_ONLY, *_notebooks(released)))
            fetched = fetch_released(folder, released, Path(self.lessons))
            if copied or fetched:
                self.log.info("copied %d files of the course and fetched %s for %s",
                              len(copied), fetched or "nothing", self.user.name)
            write_student_settings(folder, autosave_seconds=int(self.autosave_seconds))
            self.default_url = f"/lab/tree/{first_page(folder)}"
        name = self._unix_user()
        if name is not None:  # what root copied or nbgrader (run as root) made: theirs
            import pwd

            found = pwd.getpwnam(name)
            own_tree(folder, found.pw_uid, found.pw_gid)
            folder.chmod(0o700)
        return await super().start()

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        """The user's name, home (their folder) and no login shell."""
        env["USER"] = self._unix_user() or str(self.user.name)
        env["HOME"] = str(self._folder())
        env["SHELL"] = "/bin/sh"
        return env

    def get_env(self) -> dict[str, str]:
        """The server's environment: nbgrader's shared configuration, and who this is."""
        env: dict[str, str] = scripts_first(super().get_env())
        shared = str(Path(self.state) / NBGRADER_CONFIG)
        if self._is_teacher():
            env["JUPYTER_CONFIG_PATH"] = shared
        else:  # the student's page settings first: no teacher pages in their JupyterLab
            env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(
                [str(Path(self.state) / STUDENT_CONFIG), shared])
        env["CRIBBAGE_HUB_ROLE"] = "teacher" if self._is_teacher() else "student"
        if not self._is_teacher():
            env.update(record_environment(self._folder()))
        env["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
        return env

    def get_args(self) -> list[str]:
        """The server's arguments: no terminals, no news or update checks (nothing
        fetched from the internet); as root, ``--allow-root``; a student's server without
        nbgrader's teacher pages."""
        args: list[str] = super().get_args()
        args += ["--ServerApp.terminals_enabled=False", "--LabApp.news_url=None",
                 "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
        if self.shared_user and hasattr(os, "geteuid") and os.geteuid() == 0:
            args.append("--allow-root")
        if not self._is_teacher():
            args += ["--ServerApp.jpserver_extensions="
                     "{'nbgrader.server_extensions.formgrader': False, "
                     "'nbgrader.server_extensions.course_list': False}"]
        return args

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """Become the student's Unix user (unless shared), go to their folder, keep new
        files private to them, then the memory limit."""
        unix = self._unix_user()
        become: Callable[[], None] | None = (set_user_setuid(unix, chdir=False)
                                              if unix is not None else None)
        folder = str(self._folder())
        limit = int(self.mem_limit or 0)

        def preexec() -> None:
            if become is not None:
                become()
            else:
                os.makedirs(folder, 0o700, exist_ok=True)
            os.chdir(folder)
            os.umask(0o077)
            if limit:
                resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))

        return preexec

    async def move_certs(self, paths: dict[str, str]) -> dict[str, str]:
        """Internal SSL is off: nothing to move."""
        return paths


def record_environment(home: Path) -> dict[str, str]:
    """The environment that gives a student one record of decisions, in their ``home``
    (their folder), whichever notebook writes it: the course's copy of a lesson finds
    its course folder, an assignment fetched into ``lesson00/`` would find its own.

    >>> record_environment(Path("/srv/hub/students/ada"))
    {'CRIBBAGE_EDU_RECORD': '/srv/hub/students/ada/cribbage-record.sqlite'}
    """
    return {ENVIRONMENT: str(home / RECORD_NAME)}


def released_assignments(exchange: Path) -> list[Path]:
    """The assignments released in the exchange (``exchange/<course>/outbound/*``)."""
    outbound = exchange / COURSE_ID / "outbound"
    if not outbound.is_dir():
        return []
    return sorted(path for path in outbound.iterdir() if path.is_dir())


def _notebooks(released: list[Path]) -> list[str]:
    return [notebook.name for folder in released for notebook in folder.glob("*.ipynb")]


def fetch_released(folder: Path, released: list[Path], lessons: Path) -> list[str]:
    """Fetch each released assignment into the student's ``folder`` as nbgrader's Fetch
    does (``folder/<assignment>``), when it is not there yet; the course's own copy of
    the same lesson then goes (untouched) or is renamed to say it is not the one handed
    in (when the student wrote in it). Returns the assignments fetched."""
    fetched = []
    for assignment in released:
        target = folder / assignment.name
        if target.exists():
            continue
        shutil.copytree(assignment, target)
        fetched.append(assignment.name)
        for notebook in assignment.glob("*.ipynb"):
            old = folder / notebook.name
            if not old.is_file():
                continue
            original = lessons / notebook.name
            if original.is_file() and filecmp.cmp(old, original, shallow=False):
                old.unlink()
            else:
                old.rename(old.with_name(f"{old.stem} (practice copy, not handed in)"
                                         f"{old.suffix}"))
    return fetched


def first_page(folder: Path) -> str:
    """What a student's JupyterLab opens: lesson 00 of its assignment when it is
    released (the notebook Submit hands in), else the course's lesson 00.

    >>> import tempfile
    >>> first_page(Path(tempfile.mkdtemp()))
    '00_start_here.ipynb'
    """
    assignment = folder / "lesson00" / FIRST_LESSON
    return f"lesson00/{FIRST_LESSON}" if assignment.is_file() else FIRST_LESSON


STUDENT_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/apputils-extension/kernels-settings.jupyterlab-settings": {
        "commsOverSubshells": "disabled"},
}
"""The JupyterLab settings written into every student's own settings at each start: no
news pop-up (it asks, in every new session, whether to fetch news from the internet);
widget messages on the kernel's one main thread (``commsOverSubshells`` off: with
ipykernel 7 each widget's messages may otherwise be handled on a thread of its own, so a
click could reach the kernel before the text typed into another widget just before it)."""


def write_student_settings(folder: Path, *, autosave_seconds: int, autosave: bool = True
                           ) -> None:
    """Write the user's JupyterLab settings (``folder/.jupyter/lab/user-settings``): the
    news off; with ``autosave``, notebooks saved every ``autosave_seconds`` (unless they
    chose their own)."""
    settings = folder / ".jupyter" / "lab" / "user-settings"
    for relative, values in STUDENT_SETTINGS.items():
        path = settings / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values, indent=1) + "\n", encoding="utf-8")
    saving = settings / "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings"
    if autosave and not saving.exists():
        saving.parent.mkdir(parents=True, exist_ok=True)
        saving.write_text(json.dumps({"autosave": True, "autosaveInterval": autosave_seconds},
                                     indent=1) + "\n", encoding="utf-8")
