"""``cribbage-edu classroom``: serve the game page to a class, safe by default.

It runs Voila on ``lessons/play.ipynb`` (or the notebook named) with:

- a **token** the teacher hands out (made up fresh unless ``--token`` is given): a
  request without it is sent to a login page and runs nothing;
- a **cap on games at once** (``--max-games``, 40 by default): past it a visitor is
  told the class is full instead of starting one more Python process; one game a
  browser, however often it reloads, and a closed page's game ended at once
  (:mod:`~cribbage_edu.classroom.kernels`);
- an **idle timeout** (``--idle-minutes``, 20 by default): the game of a page lost
  without being closed (no page connected to it) is shut down after that long without
  activity;
- tracebacks kept from students, and no file browser: only the one notebook is served;
- the page template of :mod:`cribbage_edu.widgets.page`, which fetches nothing from the
  internet (a classroom on a closed network sees no failed request).

It prints the address to give the class, with the token, and serves until Ctrl-C (or
SIGINT, also when started in the background, or SIGTERM); the server never outlives the
command.

>>> from cribbage_edu.cli import main
>>> main(["classroom", "--help"])  # doctest: +ELLIPSIS
usage: cribbage-edu classroom [-h] ...
...
0
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
from pathlib import Path

from ..classroom.games import DEFAULT_NOTEBOOK, TOKEN_VARIABLE, voila_command, voila_settings
from ..classroom.serving import address_for_students, check_port_free, new_secret, serve, started
from .console import PROG, BadInput, Console, Subparsers, count_argument, shortened
from .serving import add_address_arguments

__all__ = ["add_classroom", "run_classroom"]


def add_classroom(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu classroom`` (see :mod:`cribbage_edu.cli.classroom`)."""
    parser = subparsers.add_parser(
        "classroom", help="serve the game page to a class (Voila, with a token)",
        description="Serve the game page (lessons/play.ipynb, or NOTEBOOK) to a class with "
                    "Voila: every student gets a game of their own. Safe by default: a "
                    "token the teacher hands out (a new one each time unless --token is "
                    "given), a cap on games at once and an idle timeout. Prints the "
                    "address to give the class. Needs the lessons extra: "
                    "pip install 'cribbage-edu[lessons]'.")
    parser.add_argument("notebook", nargs="?", default=str(DEFAULT_NOTEBOOK),
                        metavar="NOTEBOOK", help=f"the notebook to serve "
                                                 f"(default {DEFAULT_NOTEBOOK})")
    add_address_arguments(parser, port=8866)
    parser.add_argument("--token", default=None,
                        help=f"the token students type (default: ${TOKEN_VARIABLE} when set, "
                             f"else a new random one; a --token is on the command line, "
                             f"which other users of this machine can read with ps)")
    parser.add_argument("--max-games", type=count_argument("--max-games", 1, 1000),
                        default=40, metavar="N",
                        help="the most games running at once (default 40)")
    parser.add_argument("--idle-minutes", type=count_argument("--idle-minutes", 1, 24 * 60),
                        default=20, metavar="M",
                        help="close a game idle this long (default 20 minutes)")
    parser.set_defaults(run=run_classroom)


def run_classroom(args: argparse.Namespace, console: Console) -> int:
    """Start Voila, wait until it answers, print the address, serve until stopped."""
    notebook = Path(args.notebook)
    if not notebook.is_file():
        raise BadInput(f"{PROG}: error: no notebook {shortened(str(notebook))!r} here: run "
                       f"from the cribbage-edu folder, or name the notebook to serve")
    if importlib.util.find_spec("voila") is None:
        raise BadInput(f"{PROG}: error: the classroom needs Voila: "
                       f"pip install 'cribbage-edu[lessons]'")
    token = args.token or os.environ.get(TOKEN_VARIABLE) or new_secret()
    if len(token) < 6 or not token.isascii() or not token.isalnum():
        raise BadInput(f"{PROG}: error: --token must be at least 6 letters and digits, "
                       f"not {shortened(token)!r}")
    check_port_free(args.ip, args.port)
    from ..widgets.page import VOILA_ARGS, voila_environment  # the page needs no network

    command = [*voila_command(notebook, ip=args.ip, port=args.port, max_games=args.max_games,
                              idle_minutes=args.idle_minutes), *VOILA_ARGS]
    with started(command, settings={"voila.json": json.dumps(voila_settings(token))},
                 env=voila_environment(os.environ), stdin=subprocess.DEVNULL) as server:
        return serve(server, ip=args.ip, port=args.port, what="Voila", console=console,
                     ready=lambda: _tell_the_teacher(args, token, console))


def _tell_the_teacher(args: argparse.Namespace, token: str, console: Console) -> None:
    host = address_for_students(args.ip)
    console.say(f"Serving {args.notebook} to the class. Students open:")
    console.say(f"    http://{host}:{args.port}/?token={token}")
    console.say(f"(or http://{host}:{args.port}/ and type the class code {token})")
    games = f"{args.max_games} game{'s' if args.max_games != 1 else ''}"
    minutes = f"{args.idle_minutes} minute{'s' if args.idle_minutes != 1 else ''}"
    console.say(f"Up to {games} at once; a game idle for {minutes} is closed. "
                f"Ctrl-C stops the server.")
