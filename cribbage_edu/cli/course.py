"""``cribbage-edu course``: open the course in JupyterLab, at lesson 00, in a folder of
the learner's own.

The lessons in the repository's ``lessons/`` folder stay as they are: the learner works
in copies (by default in ``my-course/`` beside ``lessons/``, which git ignores), so
running a lesson never shows up in ``git status``, and a lesson can be reset to its
stored state at any time. A lesson already copied is kept (it holds the learner's
answers); a lesson added since is copied in; the helper modules and data beside the
lessons (no work of the learner's) are brought up to date; ``--reset`` starts again from
fresh copies, keeping the old folder as ``<FOLDER>.old`` (``.old-2``, … when that is
taken).

JupyterLab starts in that folder with lesson 00 open: the URL it prints (also with
``--no-browser``) opens lesson 00. As root (a container), ``--allow-root`` is passed,
which JupyterLab needs there.

The copies are not marked trusted, and need not be: every picture a lesson shows before
it is run (cards, score tables, each widget's still picture) is markup JupyterLab shows
in a notebook that is not trusted, and a cell the learner runs is trusted from then on.

>>> from cribbage_edu.cli import build_parser
>>> args = build_parser().parse_args(["course", "--no-browser", "--port", "8899"])
>>> args.folder, args.no_browser, args.port
(None, True, 8899)
"""

from __future__ import annotations

import argparse
import signal
from pathlib import Path

from ..classroom.course import FIRST_LESSON, jupyterlab_command, lessons_folder, prepare_course
from ..classroom.serving import started
from .console import PROG, BadInput, Console, Subparsers, count_argument, shortened

__all__ = ["DEFAULT_FOLDER", "add_course", "run_course"]

DEFAULT_FOLDER = "my-course"


def add_course(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu course [FOLDER] [--no-browser] [--port N] [--reset]``."""
    parser = subparsers.add_parser(
        "course", help="open the course in JupyterLab, at lesson 00",
        description="Copy the lessons into a folder of your own (my-course, kept between "
                    "runs) and open JupyterLab there at lesson 00. The repository's "
                    "lessons stay untouched.")
    parser.add_argument("folder", nargs="?", metavar="FOLDER",
                        help=f"where your copies of the lessons live (default: "
                             f"{DEFAULT_FOLDER}/ beside the lessons)")
    parser.add_argument("--no-browser", action="store_true",
                        help="do not open a browser: open the printed URL yourself")
    parser.add_argument("--port", type=count_argument("--port", 1, 65535),
                        help="the port JupyterLab listens on")
    parser.add_argument("--reset", action="store_true",
                        help="start again from fresh copies (the old folder is kept as "
                             "FOLDER.old, or FOLDER.old-2, ... when that is taken)")
    parser.set_defaults(run=run_course)


def run_course(args: argparse.Namespace, console: Console) -> int:
    """Prepare the learner's copies, then run JupyterLab until it is stopped."""
    lessons = lessons_folder()
    folder = Path(args.folder) if args.folder else lessons.parent / DEFAULT_FOLDER
    try:
        if folder.exists() and not folder.is_dir():
            raise BadInput(f"{PROG}: error: {shortened(str(folder))!r} is a file: name a "
                           f"folder for your course (a new one is made)")
        copied = prepare_course(folder, lessons, reset=args.reset)
    except OSError as exc:  # a name too long, a folder that cannot be made or written
        raise BadInput(f"{PROG}: error: cannot make the course in "
                       f"{shortened(str(folder))!r}: {exc.strerror or exc}") from None
    if copied:
        console.stdout.write(f"copied {len(copied)} files of the course into {folder}\n")
    console.stdout.write(f"your course is in {folder.resolve()}; JupyterLab opens it at "
                         f"{FIRST_LESSON} (Ctrl-C stops it)\n")
    console.stdout.flush()
    command = jupyterlab_command(folder.resolve(), no_browser=args.no_browser, port=args.port)
    with started(command, cwd=folder) as server:  # JupyterLab ends with this command

        def pass_on(signum: int, frame: object) -> None:  # a process manager's TERM or HUP
            server.send_signal(signum)                     # stops JupyterLab too

        for name in ("SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), pass_on)
        try:
            return server.wait()
        except KeyboardInterrupt:  # Ctrl-C reaches JupyterLab from the terminal as well
            return server.wait()
