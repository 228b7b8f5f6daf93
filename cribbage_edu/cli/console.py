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
import io
import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from ..classroom.errors import NAME_MAX, PROG, BadInput, shortened, too_long_name
from ..rules.cards import Hand, parse_cards
from ..rules.checks import is_number
from ..rules.scoring import ScoreItem

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "EXIT_BAD_INPUT", "EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED", "EXIT_OK", "MOST_SEED",
    "NAME_MAX", "PROG",
    "AddSubcommand", "BadInput", "ClosedInput", "CommandParser", "Console", "Subparsers",
    "chart_file", "count_argument", "items_table", "print_json", "read_cards",
    "seed_argument", "shortened", "silence_stdout", "too_long_name", "write_chart",
]

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
"""After Ctrl-C: 128 + SIGINT, as shells report a program stopped by it."""
EXIT_BROKEN_PIPE = 141
"""When the reader of our output went away (``cribbage-edu stats | head -1``): 128 +
SIGPIPE, as shells report any program stopped by a closed pipe. Nothing is printed."""


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


class CommandParser(argparse.ArgumentParser):
    """An argument parser that reports a mistake as one line (:class:`BadInput`)
    instead of exiting.

    >>> CommandParser(prog="cribbage-edu").parse_args(["--bogus"])
    Traceback (most recent call last):
      ...
    cribbage_edu.classroom.errors.BadInput: cribbage-edu: error: unrecognized arguments: --bogus
    """

    def error(self, message: str) -> NoReturn:
        raise BadInput(f"{self.prog}: error: {message}")


if TYPE_CHECKING:
    Subparsers = argparse._SubParsersAction[CommandParser]
else:
    Subparsers = argparse._SubParsersAction

AddSubcommand = Callable[[Subparsers], None]
"""A command's ``add_`` function: declares its arguments and sets ``run=``."""


class ClosedInput(io.StringIO):
    """Stands for a closed stdin (``cribbage-edu ... <&-``, where Python has no
    ``sys.stdin`` at all): reading it is bad input, said in one line.

    >>> ClosedInput().read()
    Traceback (most recent call last):
      ...
    cribbage_edu.classroom.errors.BadInput: cribbage-edu: error: stdin is closed: nothing to read
    """

    def _closed(self) -> NoReturn:
        raise BadInput(f"{PROG}: error: stdin is closed: nothing to read")

    def read(self, size: int | None = -1) -> str:
        self._closed()

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self._closed()


def read_cards(words: Sequence[str], console: Console) -> Hand:
    """The cards named on the command line; a lone ``-`` reads them from stdin (which
    must be UTF-8 text).

    >>> read_cards(["-"], Console(io.StringIO(), io.StringIO("5h 5c"), io.StringIO()))
    Hand('5H 5C')
    """
    if list(words) == ["-"]:
        try:
            text = console.stdin.read()
        except UnicodeDecodeError as exc:  # stdin decoded strictly
            raise _not_utf8(exc.object[exc.start], exc.start) from None
        for at, char in enumerate(text):  # stdin decoded with surrogateescape
            if "\udc80" <= char <= "\udcff":
                raise _not_utf8(ord(char) - 0xDC00, at)
        return parse_cards(text)
    return parse_cards(" ".join(words))


def _not_utf8(byte: int, at: int) -> BadInput:
    return BadInput(f"{PROG}: error: stdin is not UTF-8 text: byte 0x{byte:02x} at "
                    f"position {at}")


def count_argument(name: str, lowest: int, highest: int) -> Callable[[str], int]:
    """An argparse ``type=`` for a whole number from ``lowest`` to ``highest``, whose
    error quotes a long value shortened (a 4,301-digit number is refused in a line).

    >>> games = count_argument("--games", 1, 10**10)
    >>> games("200")
    200
    >>> games("0")
    Traceback (most recent call last):
      ...
    argparse.ArgumentTypeError: --games must be at least 1, not 0
    """
    def parse(text: str) -> int:
        digits = text.removeprefix("-")
        if not is_number(digits):
            raise argparse.ArgumentTypeError(f"{name} takes a whole number, not "
                                             f"{shortened(text)!r}")
        if len(digits) > len(str(highest)):
            raise argparse.ArgumentTypeError(f"{name} {shortened(text)} is more than "
                                             f"{highest:,}")
        value = int(text)
        if value < lowest:
            raise argparse.ArgumentTypeError(f"{name} must be at least {lowest}, not {value}")
        if value > highest:
            raise argparse.ArgumentTypeError(f"{name} {value} is more than {highest:,}")
        return value

    parse.__name__ = name  # argparse names the type in some messages
    return parse


MOST_SEED = 2**63 - 1
"""The largest seed a command takes: the largest a game picks for itself when it is given
none (:class:`~cribbage_edu.rules.game.Game`), so the seed a game says can be typed back."""

seed_argument = count_argument("--seed", 0, MOST_SEED)
"""The argparse ``type=`` of every command's ``--seed``: a whole number from 0, in the
digits 0-9 (not ``٣``, not ``1_0``), a long one refused in a line.

>>> seed_argument("12")
12
>>> seed_argument("٣")
Traceback (most recent call last):
  ...
argparse.ArgumentTypeError: --seed takes a whole number, not '٣'
"""


CHART_FORMATS = ("png", "svg", "pdf", "jpg", "jpeg", "webp", "tif", "tiff", "eps", "ps",
                 "svgz")
"""What ``--plot`` can write, by file extension (what matplotlib writes)."""


def chart_file(text: str) -> Path:
    """Where ``--plot TEXT`` writes, checked before any work is done: a name without an
    extension gets ``.png``; a folder, a folder that does not exist or an extension
    matplotlib cannot write is bad input, in one line.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> chart_file("scores").name, chart_file(f"{folder}/throws.svg").name
    ('scores.png', 'throws.svg')
    >>> chart_file(f"{folder}/no-such-folder/a.png")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.classroom.errors.BadInput: ...: there is no folder '.../no-such-folder'

    >>> chart_file("s" * 300)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.classroom.errors.BadInput: ...: the name 'ssssssssss…(300 characters)' is ...

    >>> chart_file("scores.xyz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.classroom.errors.BadInput: ...: --plot 'scores.xyz': cannot draw a '.xyz' file; ...
    """
    def bad(why: str) -> BadInput:
        return BadInput(f"{PROG}: error: --plot {shortened(text)!r}: {why}")

    path = Path(text)
    too_long = too_long_name(path)
    if too_long is not None:  # the file system refuses it (is_dir() itself would raise)
        raise bad(too_long)
    if not text or text.endswith(("/", os.sep)) or path.is_dir():
        raise bad(f"{shortened(text)!r} is a folder; name a file, like "
                  f"{str(path / 'chart.png')!r}")
    if path.suffix in ("", "."):
        path = path.with_name(path.name.rstrip(".") + ".png")
    extension = path.suffix.lower().lstrip(".")
    if extension not in CHART_FORMATS:
        raise bad(f"cannot draw a {path.suffix!r} file; name a .png, .svg or .pdf file "
                  f"(or {', '.join('.' + e for e in CHART_FORMATS[3:])})")
    folder = path.parent
    if not folder.is_dir():
        raise bad(f"there is no folder {str(folder)!r}")
    return path


def write_chart(figure: Figure, path: Path, console: Console, *, say: bool = True) -> None:
    """Save a chart where :func:`chart_file` said and say so (unless ``say`` is false:
    stdout holds JSON); a file that cannot be written (no permission, a full disk) is
    bad input, in one line.

    >>> import tempfile
    >>> from matplotlib.figure import Figure
    >>> console = Console(io.StringIO(), io.StringIO(), io.StringIO())
    >>> path = chart_file(f"{tempfile.mkdtemp()}/empty")
    >>> write_chart(Figure(), path, console)
    >>> console.stdout.getvalue().split()[-1] == str(path), path.stat().st_size > 0
    (True, True)
    """
    try:
        figure.savefig(path)
    except OSError as exc:
        raise BadInput(f"{PROG}: error: --plot: cannot write {str(path)!r}: "
                       f"{exc.strerror or exc}") from None
    if say:
        console.say(f"chart written to {path}")


def silence_stdout() -> None:
    """After a broken pipe: point stdout at the null device, so Python's last flush at
    exit cannot complain about the pipe. (Shown in a child process: here it would
    silence this one.)

    >>> import subprocess
    >>> code = "from cribbage_edu.cli.console import silence_stdout; silence_stdout(); print(1)"
    >>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    ''
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    finally:
        os.close(devnull)


def items_table(items: Sequence[ScoreItem], total: int) -> list[str]:
    """Score items as aligned text lines, each by its name (:attr:`ScoreItem.name`), with
    a total line.

    >>> from cribbage_edu import score_hand
    >>> for line in items_table(score_hand("4S 5S 6S 6D", "KC").items[-3:], 8):
    ...     print(line)
      pair          6D 6S     2
      run of three  4S 5S 6D  3
      run of three  4S 5S 6S  3
      total                   8
    """
    rows = [(item.name, " ".join(str(c) for c in item.cards), str(item.points))
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
