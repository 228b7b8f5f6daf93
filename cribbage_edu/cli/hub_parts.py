"""The two classes the hub of ``cribbage-edu hub`` runs with, by their dotted names (so
only the JupyterHub process imports them, and with them JupyterHub).

- :class:`ClassListAuthenticator` checks a login against the hashed passwords the
  command wrote (``password-hashes.json``); no password is in the hub's configuration.
- :class:`CourseSpawner` is JupyterHub's ``SimpleLocalProcessSpawner`` (each server a
  child process of the hub, as the hub's own Unix user: no system user is made, so it
  runs as root in a container too) with the course added: each student's server starts
  in ``STATE/students/<name>`` on their own copy of the course (made on the first start,
  kept after), at lesson 00, with terminals off; the teacher's starts in the nbgrader
  course ``STATE/course``. Each process of a server may use at most ``mem_limit`` bytes
  of memory (``RLIMIT_DATA``, which its kernels inherit).

What it does not isolate: every server runs as the same Unix user, so code a student
runs in a kernel can read another student's folder. For a class that must not, use a
spawner that gives each student a container (DockerSpawner; KubeSpawner with Zero to
JupyterHub, whose values ``cribbage-edu hub --print-k8s-values`` prints).

>>> CourseSpawner.teacher.default_value
'teacher'
"""

from __future__ import annotations

import json
import os
import resource
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jupyterhub.auth import Authenticator
from jupyterhub.spawner import SimpleLocalProcessSpawner
from traitlets import Unicode

from .course import FIRST_LESSON, TEACHERS_ONLY, prepare_course
from .hub import NBGRADER_CONFIG, STUDENT_CONFIG, course_folder, password_matches, students_folder
from .serving import scripts_first

__all__ = ["ClassListAuthenticator", "CourseSpawner"]

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


class CourseSpawner(SimpleLocalProcessSpawner):  # type: ignore[misc]
    """A local process as the hub's user, in the student's own copy of the course."""

    state = Unicode("", config=True, help="The hub's state folder.")
    lessons = Unicode("", config=True, help="The course's lessons folder.")
    teacher = Unicode("teacher", config=True, help="The teacher's login.")

    def _is_teacher(self) -> bool:
        return bool(self.user.name == self.teacher)

    def _folder(self) -> Path:
        state = Path(self.state)
        if self._is_teacher():
            return course_folder(state)
        return students_folder(state) / str(self.user.name)

    async def start(self) -> Any:
        """Make the student's copy of the course (first start) or keep it, then start."""
        folder = self._folder()
        if self._is_teacher():
            folder.mkdir(parents=True, exist_ok=True)
            self.default_url = "/lab"
        else:
            copied = prepare_course(folder, Path(self.lessons), leave_out=TEACHERS_ONLY)
            if copied:
                self.log.info("copied %d files of the course for %s", len(copied),
                              self.user.name)
            self.default_url = f"/lab/tree/{FIRST_LESSON}"
        self.home_dir = str(folder)
        self.notebook_dir = str(folder)
        return await super().start()

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
        env["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
        return env

    def get_args(self) -> list[str]:
        """The server's arguments: no terminals, no news or update checks (nothing
        fetched from the internet); as root, ``--allow-root``; a student's server without
        nbgrader's teacher pages."""
        args: list[str] = super().get_args()
        args += ["--ServerApp.terminals_enabled=False", "--LabApp.news_url=None",
                 "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.append("--allow-root")
        if not self._is_teacher():
            args += ["--ServerApp.jpserver_extensions="
                     "{'nbgrader.server_extensions.formgrader': False, "
                     "'nbgrader.server_extensions.course_list': False}"]
        return args

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """The parent's (make the folder, go there), then the memory limit."""
        parent: Callable[[], None] = super().make_preexec_fn(name)
        limit = int(self.mem_limit or 0)

        def preexec() -> None:
            parent()
            if limit:
                resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))

        return preexec
