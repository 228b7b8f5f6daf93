"""The one-line error for input a command or the classroom cannot use, and the words it
is written with: the program's name, a long value shortened, a name too long for a file.

The command line (:mod:`cribbage_edu.cli`) shows such an error as its one line and exits
with status 2; the classroom raises it for a class list, a state folder or a port it
cannot use, so the teacher reads the same kind of line wherever it was found.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["NAME_MAX", "PROG", "BadInput", "shortened", "too_long_name"]

PROG = "cribbage-edu"


class BadInput(Exception):
    """Arguments the command line cannot use; the message is the one line shown.

    >>> import sys
    >>> from cribbage_edu.cli import main
    >>> main(["score", "5H", "--starter"], stderr=sys.stdout)
    cribbage-edu score: error: argument --starter/-s: expected one argument
    2
    """


def shortened(text: str, limit: int = 24) -> str:
    """``text`` cut to about ``limit`` characters for a message, saying how long it was.

    >>> shortened("5H")
    '5H'
    >>> shortened("9" * 4301)
    '9999999999…(4301 characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[:10]}…({len(text)} characters)"


NAME_MAX = 255
"""The longest name of a file or folder, in bytes, that Linux's file systems take."""


def too_long_name(path: Path) -> str | None:
    """What is wrong when a part of ``path`` is longer than a file name can be (the file
    system refuses it, and even asking whether it exists raises), or None.

    >>> too_long_name(Path("state") / ("s" * 300))
    "the name 'ssssssssss…(300 characters)' is longer than a file name can be (255 bytes)"
    >>> too_long_name(Path("classroom-hub/course")) is None
    True
    """
    part = next((part for part in path.parts if len(os.fsencode(part)) > NAME_MAX), None)
    if part is None:
        return None
    return (f"the name {shortened(part)!r} is longer than a file name can be "
            f"({NAME_MAX} bytes)")
