"""The ``cribbage-edu`` command line, for people without a notebook.

>>> main(["peg", "5H", "7C", "6D"])
5H 7C 6D: count 18
  run of three  5H 7C 6D  3
  total                   3
run of three for three
0

One module per command: :mod:`~cribbage_edu.cli.show` (``score``, ``peg``),
:mod:`~cribbage_edu.cli.advise`, :mod:`~cribbage_edu.cli.stats`,
:mod:`~cribbage_edu.cli.simulate` and :mod:`~cribbage_edu.cli.play` (the terminal
game). Each command is two functions: ``add_<name>(subparsers)`` declares its
arguments and sets ``run=<function>``, and ``run_<name>(args, console) -> int`` does
the work, writing only to ``console.stdout`` (and reading ``console.stdin``).
:data:`SUBCOMMANDS` is the plain list of the ``add_`` functions; adding a command is
writing the two functions and adding one entry there. What the commands share
(:class:`Console`, :func:`print_json`, :func:`read_cards`, :func:`items_table`) lives
in :mod:`~cribbage_edu.cli.console` and is offered here too. Engine errors (every
:class:`~cribbage_edu.errors.CribbageError`) and bad arguments become one line on
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
from ..errors import CribbageError
from .advise import add_advise
from .console import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    PROG,
    AddSubcommand,
    BadInput,
    CommandParser,
    Console,
    Subparsers,
    item_name,
    items_table,
    print_json,
    read_cards,
)
from .play import add_play
from .show import add_peg, add_score
from .simulate import add_simulate
from .stats import add_stats

__all__ = [
    "EXIT_BAD_INPUT", "EXIT_OK", "PROG", "SUBCOMMANDS", "AddSubcommand", "BadInput",
    "CommandParser", "Console", "Subparsers", "build_parser", "item_name", "items_table",
    "main", "print_json", "read_cards",
]

SUBCOMMANDS: list[AddSubcommand] = [
    add_score, add_peg, add_play, add_simulate, add_advise, add_stats,
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


def main(argv: Sequence[str] | None = None, *, stdout: TextIO | None = None,
         stdin: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 for bad input).

    >>> main(["score", "5H", "5C", "5S", "JD", "--starter", "5D", "--json"])
    ... # doctest: +ELLIPSIS
    {"total": 29, "fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1, ...}
    0
    """
    console = Console(stdout or sys.stdout, stdin or sys.stdin, stderr or sys.stderr)
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
        console.stderr.write(f"{exc}\n")
    except CribbageError as exc:
        console.stderr.write(f"{PROG}: error: {exc}\n")
    return EXIT_BAD_INPUT
