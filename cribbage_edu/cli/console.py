"""What every command of the ``cribbage-edu`` command line shares: the streams it
reads and writes (:class:`Console`), the one-line error for bad input
(:class:`BadInput`), reading cards from the command line or stdin, and printing
score items and JSON.

The command modules import these from here and :mod:`cribbage_edu.cli` imports the
command modules, so nothing imports in a circle; :mod:`cribbage_edu.cli` also
offers every name below.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from ..cards import Hand, parse_cards
from ..scoring import ScoreItem

__all__ = [
    "EXIT_BAD_INPUT", "EXIT_OK", "PROG", "AddSubcommand", "BadInput", "CommandParser",
    "Console", "Subparsers", "item_name", "items_table", "print_json", "read_cards",
]

PROG = "cribbage-edu"
EXIT_OK = 0
EXIT_BAD_INPUT = 2


@dataclass(frozen=True)
class Console:
    """Where a subcommand reads and writes; tests pass ``io.StringIO`` objects.

    >>> import io
    >>> console = Console(io.StringIO(), io.StringIO(), io.StringIO())
    >>> console.say("fifteen two")
    >>> console.stdout.getvalue()
    'fifteen two\\n'
    """

    stdout: TextIO
    stdin: TextIO
    stderr: TextIO

    def say(self, line: str = "") -> None:
        """Write one line to stdout."""
        self.stdout.write(line + "\n")


class BadInput(Exception):
    """Arguments the command line cannot use; the message is the one line shown."""


class CommandParser(argparse.ArgumentParser):
    """An argument parser that reports a mistake as one line (:class:`BadInput`)
    instead of exiting.

    >>> CommandParser(prog="cribbage-edu").parse_args(["--bogus"])
    Traceback (most recent call last):
      ...
    cribbage_edu.cli.console.BadInput: cribbage-edu: error: unrecognized arguments: --bogus
    """

    def error(self, message: str) -> NoReturn:
        raise BadInput(f"{self.prog}: error: {message}")


if TYPE_CHECKING:
    Subparsers = argparse._SubParsersAction[CommandParser]
else:
    Subparsers = argparse._SubParsersAction

AddSubcommand = Callable[[Subparsers], None]
"""A command's ``add_`` function: declares its arguments and sets ``run=``."""


def read_cards(words: Sequence[str], console: Console) -> Hand:
    """The cards named on the command line; a lone ``-`` reads them from stdin.

    >>> import io
    >>> read_cards(["-"], Console(io.StringIO(), io.StringIO("5h 5c"), io.StringIO()))
    Hand('5H 5C')
    """
    if list(words) == ["-"]:
        return parse_cards(console.stdin.read())
    return parse_cards(" ".join(words))


def item_name(item: ScoreItem) -> str:
    """A score item's kind as a table shows it: runs and sets of a rank by size.

    >>> from cribbage_edu import score_play
    >>> [item_name(i) for i in score_play("5S 5H 5C").items]
    ['fifteen', 'pair royal']
    """
    return item.name


def items_table(items: Sequence[ScoreItem], total: int) -> list[str]:
    """Score items as aligned text lines, with a total line.

    >>> from cribbage_edu import score_hand
    >>> for line in items_table(score_hand("4S 5S 6S 6D", "KC").items[-3:], 8):
    ...     print(line)
      pair          6D 6S     2
      run of three  4S 5S 6D  3
      run of three  4S 5S 6S  3
      total                   8
    """
    rows = [(item_name(item), " ".join(str(c) for c in item.cards), str(item.points))
            for item in items]
    rows.append(("total", "", str(total)))
    kind_width = max(len(r[0]) for r in rows)
    card_width = max(len(r[1]) for r in rows)
    point_width = max(len(r[2]) for r in rows)
    return [f"  {k:<{kind_width}}  {c:<{card_width}}  {p:>{point_width}}" for k, c, p in rows]


def print_json(data: Any, console: Console) -> None:
    """Write ``data`` as one line of JSON (cards as text, suit symbols kept).

    >>> import io
    >>> console = Console(io.StringIO(), io.StringIO(), io.StringIO())
    >>> print_json({"starter": "J♦"}, console)
    >>> console.stdout.getvalue()
    '{"starter": "J♦"}\\n'
    """
    console.say(json.dumps(data, ensure_ascii=False))
