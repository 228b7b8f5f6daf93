"""``cribbage-edu handout``: a printable worksheet from a seed, its answer key on a page
of its own.

Five parts a class can do with a pencil (hands to count, plays to peg, throws to choose,
cards to choose in the play, positions of the board), each question with space for working
and a box for its mark, chosen and answered by the engine from the seed, so the same seed
prints the same sheet.
The sheet is :mod:`cribbage_edu.strategy.worksheet`'s, its pages are drawn by
:mod:`cribbage_edu.charts.handout` (matplotlib's PDF backend, no other tool), A4 or US
letter, the date left out so the same seed makes the same file; this is the command,
which checks where the file goes and writes it whole or not at all.

>>> from cribbage_edu.cli import build_parser
>>> build_parser().parse_args(["handout", "--seed", "12"]).paper
'a4'
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from ..charts.handout import PAPER, worksheet_pages, write_pdf
from ..strategy.worksheet import worksheet
from .console import PROG, BadInput, Console, Subparsers, seed_argument, shortened

__all__ = ["add_handout", "handout_file", "run_handout"]


def handout_file(text: str | None, seed: int) -> Path:
    """Where ``--out`` writes, checked before any work: ``handout-seed-N.pdf`` by
    default; a name without an extension gets ``.pdf``; another extension, a folder, a
    folder that does not exist, or a name too long for the file system is bad input, in
    one line.

    >>> handout_file(None, 12).name, handout_file("week3", 12).name
    ('handout-seed-12.pdf', 'week3.pdf')
    >>> handout_file("week3.png", 12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.classroom.errors.BadInput: ...: --out 'week3.png': a handout is a .pdf file
    >>> handout_file("w" * 300, 12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.classroom.errors.BadInput: ...: --out 'wwwwwwwwww…(300 characters)': the name \
is too long for the file system (at most 255 characters a name here)
    """
    if text is None:
        return Path(f"handout-seed-{seed}.pdf")

    def bad(why: str) -> BadInput:
        return BadInput(f"{PROG}: error: --out {shortened(text)!r}: {why}")

    path = Path(text)
    try:
        if not text or text.endswith("/") or path.is_dir():
            raise bad("that is a folder; name a file, like 'week3.pdf'")
        if path.suffix in ("", "."):
            path = path.with_name(path.name.rstrip(".") + ".pdf")
        if path.suffix.lower() != ".pdf":
            raise bad("a handout is a .pdf file")
        if not path.parent.is_dir():
            raise bad(f"there is no folder {str(path.parent)!r}")
        longest = os.pathconf(path.parent, "PC_NAME_MAX")
        if len(os.fsencode(path.name)) > longest:
            raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG))
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise bad(f"the name is too long for the file system (at most "
                      f"{_name_max(path)} characters a name here)") from None
        raise bad(f"cannot use that path: {exc.strerror or exc}") from None
    return path


def _name_max(path: Path) -> int:
    """The longest file name the file system of ``path``'s nearest existing folder takes
    (255 where that cannot be asked)."""
    folder = path.parent
    while True:
        try:
            return os.pathconf(folder, "PC_NAME_MAX")
        except (OSError, ValueError):
            if folder == folder.parent:
                return 255
            folder = folder.parent


@contextlib.contextmanager
def _in_place_of(path: Path) -> Iterator[BinaryIO]:
    """An open file in ``path``'s folder that becomes ``path`` when the block ends without
    an error, and is removed when it does not: a handout that cannot be written leaves
    nothing behind, and an earlier file of that name as it was. Opened first, before any
    drawing, so a folder this user cannot write in is found at once."""
    try:
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".handout-", suffix=".pdf")
    except OSError as exc:
        raise _cannot_write(path, exc) from None
    try:
        with os.fdopen(fd, "wb") as out:
            yield out
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)  # as a file made by open() would be
        os.replace(temporary, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise _cannot_write(path, exc) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _cannot_write(path: Path, exc: OSError) -> BadInput:
    return BadInput(f"{PROG}: error: --out: cannot write {str(path)!r}: "
                    f"{exc.strerror or exc}")


def add_handout(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu handout --seed N [--out FILE.pdf] [--paper a4|letter]``."""
    parser = subparsers.add_parser(
        "handout", help="a printable worksheet from a seed, with its answer key",
        description="Make a PDF worksheet for a class: six hands to count, six plays to "
                    "peg, four throws to choose, three cards to choose in the play and three "
                    "positions of the board, each with space for working and a box for its "
                    "mark, and the answer key on pages of its own, all chosen and answered "
                    "by the engine from the seed (the same seed, the same sheet).")
    parser.add_argument("--seed", type=seed_argument, required=True, help="the seed of the sheet")
    parser.add_argument("--out", metavar="FILE.pdf",
                        help="where to write it (default handout-seed-N.pdf)")
    parser.add_argument("--paper", choices=sorted(PAPER), default="a4",
                        help="the paper size (default a4)")
    parser.set_defaults(run=run_handout)


def run_handout(args: argparse.Namespace, console: Console) -> int:
    """``cribbage-edu handout``: write the worksheet and its key, and say where."""
    path = handout_file(args.out, args.seed)
    sheet = worksheet(args.seed)
    with _in_place_of(path) as out:
        pages = worksheet_pages(sheet, args.paper, program=PROG)
        write_pdf(pages, out, creator=PROG)
    console.say(f"worksheet for seed {args.seed} written to {path}: {len(pages)} pages, the "
                f"questions ({len(sheet.hands)} hands, {len(sheet.plays)} plays, "
                f"{len(sheet.throws)} throws, {len(sheet.cards)} cards in the play, "
                f"{len(sheet.board)} positions of the board), then the answer key")
    return 0
