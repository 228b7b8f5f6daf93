"""The ``cribbage-edu`` command line, for people without a notebook.

>>> main(["peg", "5H", "7C", "6D"])
5H 7C 6D: count 18
  run of three  5H 7C 6D  3
  total                   3
run of three for three
0

Every subcommand is two functions: ``add_<name>(subparsers)`` declares its
arguments and sets ``run=<function>``, and ``run_<name>(args, console) -> int``
does the work, writing only to ``console.stdout`` (and reading ``console.stdin``).
:data:`SUBCOMMANDS` lists the ``add_`` functions; adding a subcommand is writing
the two functions and adding one entry there: the function itself, or the text
``"cribbage_edu.module:add_name"`` for one kept in another module (imported when
the parser is built, so that module may import this one). Engine errors (every
:class:`~cribbage_edu.errors.CribbageError`) and bad arguments become one line on
stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from . import __version__
from .cards import Card, Hand, parse_cards
from .errors import CribbageError
from .pegging import PAIR_WORDS, score_play
from .scoring import ScoreItem, score_hand, spoken_number

__all__ = [
    "EXIT_BAD_INPUT", "EXIT_OK", "SUBCOMMANDS", "AddSubcommand", "BadInput", "Console",
    "Subparsers", "build_parser", "items_table", "main", "print_json", "read_cards",
]

PROG = "cribbage-edu"
EXIT_OK = 0
EXIT_BAD_INPUT = 2


@dataclass(frozen=True)
class Console:
    """Where a subcommand reads and writes; tests pass ``io.StringIO`` objects."""

    stdout: TextIO
    stdin: TextIO
    stderr: TextIO

    def say(self, line: str = "") -> None:
        """Write one line to stdout."""
        self.stdout.write(line + "\n")


class BadInput(Exception):
    """Arguments the command line cannot use; the message is the one line shown."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that reports a mistake as one line instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise BadInput(f"{self.prog}: error: {message}")


if TYPE_CHECKING:
    Subparsers = argparse._SubParsersAction[_Parser]
else:
    Subparsers = argparse._SubParsersAction


# --- helpers shared by subcommands -------------------------------------------------------


def read_cards(words: Sequence[str], console: Console) -> Hand:
    """The cards named on the command line; a lone ``-`` reads them from stdin.

    >>> import io
    >>> read_cards(["-"], Console(io.StringIO(), io.StringIO("5h 5c"), io.StringIO()))
    Hand('5H 5C')
    """
    if list(words) == ["-"]:
        return parse_cards(console.stdin.read())
    return parse_cards(" ".join(words))


def items_table(items: Sequence[ScoreItem], total: int) -> list[str]:
    """Score items as aligned text lines, with a total line.

    >>> for line in items_table(score_hand("4S 5S 6S 6D", "KC").items[-3:], 8):
    ...     print(line)
      pair          6D 6S     2
      run of three  4S 5S 6D  3
      run of three  4S 5S 6S  3
      total                   8
    """
    rows = [(_item_name(item), " ".join(str(c) for c in item.cards), str(item.points))
            for item in items]
    rows.append(("total", "", str(total)))
    kind_width = max(len(r[0]) for r in rows)
    card_width = max(len(r[1]) for r in rows)
    point_width = max(len(r[2]) for r in rows)
    return [f"  {k:<{kind_width}}  {c:<{card_width}}  {p:>{point_width}}" for k, c, p in rows]


def _item_name(item: ScoreItem) -> str:
    if item.kind == "run":
        return f"run of {spoken_number(len(item.cards))}"
    if item.kind == "pair":
        return PAIR_WORDS[len(item.cards)]
    return str(item.kind)


def print_json(data: Any, console: Console) -> None:
    """Write ``data`` as one line of JSON (cards as text, suit symbols kept)."""
    console.say(json.dumps(data, ensure_ascii=False))


# --- score -------------------------------------------------------------------------------


def add_score(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu score CARD... --starter CARD [--crib] [--json]``."""
    parser = subparsers.add_parser(
        "score", help="count a hand or crib with its starter (the show)",
        description="Count four cards with the starter, item by item, and say the count "
                    "the way players do. Cards are written like 5H, 10C, TD, AS or J♦; "
                    "a lone - reads the cards from stdin.")
    parser.add_argument("cards", nargs="+", metavar="CARD", help="the four cards held")
    parser.add_argument("--starter", "-s", required=True, metavar="CARD",
                        help="the starter (the card turned up)")
    parser.add_argument("--crib", action="store_true",
                        help="count as the crib: only a five-card flush scores")
    parser.add_argument("--json", action="store_true", help="print the score as JSON")
    parser.set_defaults(run=run_score)


def run_score(args: argparse.Namespace, console: Console) -> int:
    """``cribbage-edu score``: the itemised count, the total and the spoken count."""
    hand = read_cards(args.cards, console)
    score = score_hand(hand, Card.parse(args.starter), crib=args.crib)
    if args.json:
        print_json(score.to_dict(), console)
        return EXIT_OK
    what = "crib" if score.crib else "hand"
    console.say(f"{what} {score.hand}, starter {score.starter}: {score.total} points")
    for line in items_table(score.items, score.total):
        console.say(line)
    console.say(str(score))
    return EXIT_OK


# --- peg ---------------------------------------------------------------------------------


def add_peg(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu peg CARD... [--json]``."""
    parser = subparsers.add_parser(
        "peg", help="points for the last card laid in the play",
        description="Score the last of the cards laid since the count was last reset "
                    "(fifteen, thirty-one, pairs, runs). A lone - reads the cards "
                    "from stdin.")
    parser.add_argument("cards", nargs="+", metavar="CARD",
                        help="the cards laid since the last reset, in order")
    parser.add_argument("--json", action="store_true", help="print the points as JSON")
    parser.set_defaults(run=run_peg)


def run_peg(args: argparse.Namespace, console: Console) -> int:
    """``cribbage-edu peg``: the points for the last card laid, itemised."""
    laid = read_cards(args.cards, console)
    score = score_play(laid)
    if args.json:
        print_json(score.to_dict(), console)
        return EXIT_OK
    console.say(f"{score.cards}: count {score.count}")
    for line in items_table(score.items, score.total):
        console.say(line)
    console.say(str(score))
    return EXIT_OK


# --- the parser and main -----------------------------------------------------------------

AddSubcommand = Callable[[Subparsers], None]

SUBCOMMANDS: list[AddSubcommand | str] = [
    add_score, add_peg,
    "cribbage_edu.terminal:add_play", "cribbage_edu.simulation:add_simulate",
    "cribbage_edu.discard:add_advise", "cribbage_edu.analysis:add_stats",
]
"""The ``add_`` function of every subcommand (or ``"module:function"`` naming it), in
the order ``--help`` lists them."""


def _resolve(entry: AddSubcommand | str) -> AddSubcommand:
    if not isinstance(entry, str):
        return entry
    module, _, name = entry.partition(":")
    found: AddSubcommand = getattr(importlib.import_module(module), name)
    return found


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand in :data:`SUBCOMMANDS`.

    >>> build_parser().parse_args(["peg", "5H", "7C"]).cards
    ['5H', '7C']
    """
    parser = _Parser(prog=PROG, description="Cribbage from the command line: count hands, "
                                           "score pegging, and more.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    subparsers = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND",
                                       required=True)
    for entry in SUBCOMMANDS:
        _resolve(entry)(subparsers)
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
