"""``cribbage-edu hub``: the course for a whole class, one JupyterLab a student, on
JupyterHub.

``cribbage-edu hub --class-list students.txt`` (one name a line) writes a JupyterHub
configuration into a state folder the teacher owns (``classroom-hub/`` by default, which
git ignores) and runs JupyterHub with it until Ctrl-C:

- **passwords**: one a student (and one for the teacher), made up on the first start and
  kept after, written to ``classroom-hub/passwords.txt`` (mode 600, root's: the teacher
  reads it at the machine); the hub checks logins against ``password-hashes.json``
  (scrypt, mode 600), so no password is in the configuration;
- **a Unix user each** (:mod:`cribbage_edu.classroom.hub_users`): the hub runs as root and
  makes one for each student and one for the teacher (``cribbage-ada`` for ``ada``;
  ``--user-prefix``), as The Littlest JupyterHub does, and lays out the state folder so
  that each reaches only their own: a student's home ``classroom-hub/students/<name>``
  is theirs alone (mode 700), the passwords, hashes, configuration and database are
  root's, the nbgrader course (sources, gradebook, the guide's copy) the teacher's, and a
  hand-in in nbgrader's exchange its student's and the teacher's
  (:class:`~cribbage_edu.classroom.hub_exchange.PrivateSubmit`), collected only when it is
  owned by the Unix user of the student it names
  (:class:`~cribbage_edu.classroom.hub_exchange.OwnedCollect`, from the record
  ``hand-in-owners.json`` the hub writes at each start); before the hub starts, a
  student's user is checked to reach the hub's Python and the course, and a folder
  closed to it is named with what to do. ``--unsafe-shared-user`` runs every server as
  the hub's own user instead, for a machine where the hub cannot make users;
- **the teacher** (``--teacher``, ``teacher`` by default) is the hub's admin, and their
  JupyterLab opens on the nbgrader course (``classroom-hub/course``, see
  :mod:`cribbage_edu.cli.assignments`);
- **the spawner**: each JupyterLab is a child process of the hub run as its user
  (:class:`~cribbage_edu.classroom.hub_parts.CourseSpawner`, JupyterHub's
  ``LocalProcessSpawner`` with the course added), on the student's own copy of the
  course (the ``course`` command's copy, made on the first start and kept after) with
  each released assignment fetched into it, opening at the lesson 00 assignment (the
  notebook Submit hands in) or lesson 00 before it is released; terminals and
  JupyterLab's news are off;
- **limits**: each process of a student's server (the server and each kernel) may use at
  most ``--mem-limit`` of memory (an rlimit on its data); CPU is shared, not limited (a
  local spawner cannot: see the README);
- **idle servers** are stopped after ``--idle-minutes`` by jupyterhub-idle-culler, run as a
  hub service;
- the proxy, configurable-http-proxy, comes from npm: found on ``PATH``, or installed
  once into ``classroom-hub/proxy`` with ``npm install --prefix``.

``--print-k8s-values`` prints a Zero to JupyterHub values file for the same class and
starts nothing.

>>> from cribbage_edu.cli import main
>>> main(["hub", "--help"])  # doctest: +ELLIPSIS
usage: cribbage-edu hub [-h] ...
...
0
"""

from __future__ import annotations

import argparse
import importlib.util
import os
from collections.abc import Mapping
from pathlib import Path

from ..classroom.hub import (
    DEFAULT_STATE,
    LOGIN_NAME,
    PASSWORDS_FILE,
    k8s_values,
    read_class_list,
    start_hub,
    students_folder,
)
from ..classroom.hub_users import DEFAULT_PREFIX, unix_names
from ..classroom.serving import address_for_students, serve
from .console import PROG, BadInput, Console, Subparsers, count_argument, shortened
from .serving import add_address_arguments

__all__ = ["add_hub", "run_hub"]


def add_hub(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu hub`` (see :mod:`cribbage_edu.cli.hub`)."""
    parser = subparsers.add_parser(
        "hub", help="run the course for a class on JupyterHub (a JupyterLab each)",
        description="Run JupyterHub for a class on this machine: every student logs in "
                    "with a password this command makes up (in STATE/passwords.txt, for "
                    "the teacher only) and works in a JupyterLab of their own, on their own "
                    "copy of the course. The teacher is the hub's admin. Idle servers are "
                    "stopped. Needs the classroom extra: pip install -e '.[classroom]', "
                    "and npm (for configurable-http-proxy).")
    parser.add_argument("--class-list", required=True, metavar="FILE",
                        help="the students, one name a line")
    parser.add_argument("--teacher", default="teacher", metavar="NAME",
                        help="the teacher's login, the hub's admin (default teacher)")
    parser.add_argument("--state", default=DEFAULT_STATE, metavar="FOLDER",
                        help=f"where the hub keeps its configuration, passwords and the "
                             f"students' work (default {DEFAULT_STATE}/)")
    add_address_arguments(parser, port=8000)
    parser.add_argument("--idle-minutes", type=count_argument("--idle-minutes", 1, 24 * 60),
                        default=30, metavar="M",
                        help="stop a student's server idle this long (default 30 minutes)")
    parser.add_argument("--mem-limit", type=count_argument("--mem-limit", 256, 64 * 1024),
                        default=2048, metavar="MB",
                        help="the most memory one process of a student's server may use, in "
                             "MB (default 2048)")
    parser.add_argument("--user-prefix", default=DEFAULT_PREFIX, metavar="TEXT",
                        help=f"the start of the Unix user name the hub makes for each "
                             f"login (default {DEFAULT_PREFIX!r}: ada is "
                             f"{DEFAULT_PREFIX}ada)")
    parser.add_argument("--unsafe-shared-user", action="store_true",
                        help="run every student's server as your own Unix user, for a "
                             "machine where the hub cannot make users (not root): a "
                             "student's code can then read and change every other "
                             "student's work, the passwords and the answer key, "
                             "and hand in as another student (collect cannot tell)")
    parser.add_argument("--print-k8s-values", action="store_true",
                        help="print a Zero to JupyterHub values file for this class and "
                             "stop (for a school that outgrows one machine)")
    parser.set_defaults(run=run_hub)


def run_hub(args: argparse.Namespace, console: Console) -> int:
    """Write the hub's configuration and passwords, make everyone's Unix user (unless
    ``--unsafe-shared-user``), then run JupyterHub until stopped."""
    teacher = args.teacher.lower()
    if not LOGIN_NAME.fullmatch(teacher):
        raise BadInput(f"{PROG}: error: --teacher {shortened(args.teacher)!r} is not a login "
                       f"name (letters, digits, . _ -, starting with a letter)")
    students = read_class_list(Path(args.class_list), teacher)
    if args.print_k8s_values:
        console.stdout.write(k8s_values(students, teacher, idle_minutes=args.idle_minutes,
                                        mem_limit_mb=args.mem_limit))
        return 0
    shared = bool(args.unsafe_shared_user)
    names = None if shared else unix_names([*students, teacher], args.user_prefix)
    if not shared and not (hasattr(os, "geteuid") and os.geteuid() == 0):
        raise BadInput(f"{PROG}: error: the hub makes a Unix user for each student (so no "
                       f"student's code can read another's work or the answer key), which "
                       f"needs root: run it with sudo, or, on a machine where it cannot, "
                       f"with --unsafe-shared-user (every student then runs as you: see "
                       f"the README)")
    missing = [name for name in ("jupyterhub", "jupyterhub_idle_culler", "nbgrader")
               if importlib.util.find_spec(name) is None]
    if missing:
        raise BadInput(f"{PROG}: error: the hub needs {', '.join(missing)}: "
                       f"pip install -e '.[classroom]'")
    state, new, server = start_hub(Path(args.state), students, teacher, ip=args.ip,
                                   port=args.port, idle_minutes=args.idle_minutes,
                                   mem_limit_mb=args.mem_limit, unix_users=names,
                                   console=console)
    return serve(server, ip=args.ip, port=args.port, what="JupyterHub", console=console,
                 grace=60, ready=lambda: _tell_the_teacher(args, state, len(students), teacher,
                                                           new, console, names))


def _tell_the_teacher(args: argparse.Namespace, state: Path, students: int, teacher: str,
                      new: int, console: Console, names: Mapping[str, str] | None) -> None:
    host = address_for_students(args.ip)
    host = f"[{host}]" if ":" in host else host
    console.say(f"The hub for {students} student{'s' if students != 1 else ''} is at "
                f"http://{host}:{args.port}/")
    console.say(f"Passwords ({new} new) are in {state / PASSWORDS_FILE} (for you alone); "
                f"you log in as {teacher!r}, the hub's admin.")
    console.say(f"Each student's work is in {students_folder(state)}/<name>. A server idle "
                f"for {args.idle_minutes} minutes is stopped. Ctrl-C stops the hub.")
    if names is None:
        console.say("UNSAFE: every student's server runs as your Unix user "
                    "(--unsafe-shared-user): a student's code can read and change every "
                    "other student's work, the passwords and the answer key, and hand "
                    "in as another student (nbgrader collect cannot tell).")
    else:
        console.say(f"Each student's server runs as a Unix user of their own "
                    f"({next(iter(names.values()))}, ...).")
