"""The ``cribbage-edu`` command line, for people without a notebook.

>>> main(["peg", "5H", "7C", "6D"])
5H 7C 6D: count 18
  run of three  5H 7C 6D  3
  total                   3
run of three for three
0

One module per command: :mod:`~cribbage_edu.cli.show` (``score``, ``peg``),
:mod:`~cribbage_edu.cli.advise`, :mod:`~cribbage_edu.cli.stats`,
:mod:`~cribbage_edu.cli.simulate`, :mod:`~cribbage_edu.cli.play` (the terminal
game), :mod:`~cribbage_edu.cli.progress` and :mod:`~cribbage_edu.cli.practice` (the learner's
record) and
:mod:`~cribbage_edu.cli.classroom` (the game page served to a class).
Each command is two functions: ``add_<name>(subparsers)`` declares its
arguments and sets ``run=<function>``, and ``run_<name>(args, console) -> int`` does
the work, writing only to ``console.stdout`` (and reading ``console.stdin``).
:data:`SUBCOMMANDS` is the plain list of the ``add_`` functions; adding a command is
writing the two functions and adding one entry there. What the commands share
(:class:`Console`, :func:`print_json`, :func:`read_cards`, :func:`items_table`) lives
in :mod:`~cribbage_edu.cli.console` and is offered here too. Engine errors (every
:class:`~cribbage_edu.rules.errors.CribbageError`) and bad arguments become one line on
stderr and exit status 2, never a traceback. This package is the only place that
parses arguments or prints: the engine modules never import it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from contextlib import redirect_stderr, redirect_stdout
from typing import TextIO

from .. import __version__
from ..rules.errors import CribbageError
from .advise import add_advise
from .assignments import add_assignments
from .classroom import add_classroom
from .classview import add_class_view
from .console import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    PROG,
    AddSubcommand,
    BadInput,
    ClosedInput,
    CommandParser,
    Console,
    Subparsers,
    items_table,
    print_json,
    read_cards,
    silence_stdout,
)
from .course import add_course
from .handout import add_handout
from .hub import add_hub
from .play import add_play
from .practice import add_practice
from .progress import add_progress
from .show import add_peg, add_score
from .simulate import add_simulate
from .stats import add_stats

__all__ = [
    "EXIT_BAD_INPUT", "EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED", "EXIT_OK", "PROG",
    "SUBCOMMANDS", "AddSubcommand", "BadInput", "ClosedInput", "CommandParser", "Console",
    "Subparsers", "build_parser", "items_table", "main", "one_line",
    "print_json", "read_cards",
]

SUBCOMMANDS: list[AddSubcommand] = [
    add_score, add_peg, add_play, add_simulate, add_advise, add_stats, add_classroom,
    add_course, add_hub, add_assignments, add_handout, add_progress, add_practice,
    add_class_view,
]
"""The ``add_`` function of every command, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every command in :data:`SUBCOMMANDS`.

    >>> build_parser().parse_args(["peg", "5H", "7C"]).cards
    ['5H', '7C']
    """
    parser = CommandParser(prog=PROG, description="Cribbage from the command line: count "
                                                  "hands, score pegging, and more.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    subparsers = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND",
                                       required=True)
    for add in SUBCOMMANDS:
        add(subparsers)
    return parser


def one_line(message: str) -> str:
    """An error message kept to one line: line breaks in what it quotes are shown as
    ``\\n``.

    >>> print(one_line("cannot read '5H\\n6C' as a card"))
    cannot read '5H\\n6C' as a card
    """
    return message.replace("\r", "\\r").replace("\n", "\\n")


def main(argv: Sequence[str] | None = None, *, stdout: TextIO | None = None,
         stdin: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the command line; returns the exit status: 0, 2 for bad input (one line on
    stderr, never a traceback), 130 after Ctrl-C, 141 when the reader of the output
    went away (nothing printed).

    >>> main(["score", "5H", "5C", "5S", "JD", "--starter", "5D", "--json"])
    ... # doctest: +ELLIPSIS
    {"total": 29, "fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1, ...}
    0
    """
    real_stdin = sys.stdin if sys.stdin is not None else ClosedInput()  # `<&-`
    console = Console(stdout or sys.stdout, stdin or real_stdin, stderr or sys.stderr)
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        with redirect_stdout(console.stdout), redirect_stderr(console.stderr):
            try:
                args = build_parser().parse_args(args_list)
            except SystemExit as done:  # --help and --version
                return int(done.code or 0)
        run: Callable[[argparse.Namespace, Console], int] = args.run
        return run(args, console)
    except BadInput as exc:
        console.stderr.write(f"{one_line(str(exc))}\n")
    except CribbageError as exc:
        console.stderr.write(f"{PROG}: error: {one_line(str(exc))}\n")
    except BrokenPipeError:  # the reader went away (`| head -1`): stop, say nothing
        if console.stdout is sys.stdout:
            silence_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        console.stderr.write(f"{PROG}: interrupted\n")
        return EXIT_INTERRUPTED
    return EXIT_BAD_INPUT
