"""A worksheet's pages drawn with matplotlib: the questions, then the answer key on a page
of its own, A4 or US letter, written as one PDF (matplotlib's PDF backend, no other tool)
with no date in it, so the same seed makes the same file. The worksheet itself is
:mod:`cribbage_edu.strategy.worksheet`'s.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..render.colours import BLACK, RED
from ..rules.cards import Card
from ..strategy.worksheet import Worksheet, key_lines

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["PAPER", "worksheet_pages", "write_pdf"]

PAPER = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
"""Page sizes in inches."""


def _card_box(fig: Figure, x: float, y: float, card: Card) -> float:
    """Draw one card as a framed label at (x, y) in figure inches; return its width."""
    colour = RED if card.is_red else BLACK
    fig.text(x / fig.get_figwidth(), y / fig.get_figheight(), card.symbol, fontsize=11,
             color=colour, va="baseline", ha="left", fontweight="bold",
             bbox={"boxstyle": "round,pad=0.3", "facecolor": "white", "edgecolor": "#888"})
    return 0.5


def _line(fig: Figure, x: float, y: float, text: str, size: float = 10.5,
          weight: str = "normal") -> None:
    fig.text(x / fig.get_figwidth(), y / fig.get_figheight(), text, fontsize=size,
             va="baseline", ha="left", fontweight=weight, color=BLACK)


def _cards_at(fig: Figure, x: float, y: float, cards: Sequence[Card]) -> float:
    for card in cards:
        x += _card_box(fig, x, y, card)
    return x


def _wrapped(fig: Figure, x: float, y: float, text: str, width: int, size: float,
             weight: str = "normal", step: float = 0.22, indent: str = "") -> float:
    """Write ``text`` wrapped at ``width`` characters from (x, y); return the y below it."""
    for part in textwrap.wrap(text, width, subsequent_indent=indent):
        _line(fig, x, y, part, size, weight)
        y -= step
    return y


def worksheet_pages(sheet: Worksheet, paper: str = "a4", *, program: str) -> list[Figure]:
    """The worksheet's pages: the questions, then the answer key on a page of its own;
    the sheet tells where its key is (``program`` is the command that prints it).

    >>> from cribbage_edu.strategy.worksheet import worksheet
    >>> pages = worksheet_pages(worksheet(12), "letter", program="cribbage-edu")
    >>> len(pages), pages[0].get_size_inches().tolist()
    (2, [8.5, 11.0])
    """
    from matplotlib.figure import Figure

    width, height = PAPER[paper]
    left = 0.7
    page = Figure(figsize=(width, height))
    y = height - 0.8
    _line(page, left, y, f"Cribbage worksheet, seed {sheet.seed}", 16, "bold")
    y -= 0.35
    _line(page, left, y, "Name ____________________    Class ________    "
                         f"(the key: {program} handout --seed {sheet.seed})", 9.5)
    y -= 0.38

    def part(y: float, heading: str) -> float:
        """A part's heading, a little space above and below it; the y of its first row."""
        return _wrapped(page, left, y - 0.12, heading, 80, 11, "bold", 0.25) - 0.22

    y = part(y, "A. Count these hands. The starter is the fifth card; a crib scores a "
                "flush only with all five cards of one suit.")
    for n, hand in enumerate(sheet.hands, 1):
        _line(page, left, y, f"A{n}.")
        x = _cards_at(page, left + 0.45, y, hand.cards)
        _line(page, x + 0.1, y, "starter")
        _cards_at(page, x + 0.75, y, [hand.starter])
        _line(page, left + 4.2, y, ("the crib: " if hand.crib else "the hand: ")
              + "______ points")
        y -= 0.42
    y = part(y, "B. Peg these plays. The cards were laid in this order since the count "
                "was last at zero: what does the last card score?")
    for n, play in enumerate(sheet.plays, 1):
        _line(page, left, y, f"B{n}.")
        _cards_at(page, left + 0.45, y, play.pile)
        _line(page, left + 4.2, y, "the last card scores ______")
        y -= 0.42
    y = part(y, "C. Choose a throw: which two cards go to the crib? Weigh what you keep, "
                "what the crib gets, and the play.")
    for n, throw in enumerate(sheet.throws, 1):
        _line(page, left, y, f"C{n}.")
        _line(page, left + 0.45, y, "dealer" if throw.dealer else "pone")
        _cards_at(page, left + 1.05, y, throw.six)
        _line(page, left + 4.2, y, "throw ______  ______")
        y -= 0.42
    _line(page, left, y - 0.05, "In C, dealer: the crib is yours; pone: the crib is the "
                                "dealer's.", 9)

    key = Figure(figsize=(width, height))
    y = height - 0.8
    _line(key, left, y, f"Answer key, seed {sheet.seed}", 16, "bold")
    y -= 0.3
    y = _wrapped(key, left, y, "Counted by the cribbage-edu engine. A throw is weighed by "
                               "the kept hand's exact average over the 46 starters, the crib "
                               "table's average for the two cards thrown (added as dealer, "
                               "taken away as pone), and the play: what the kept cards peg "
                               "less what the opponent pegs (simulated).", 110, 8.5,
                 step=0.18)
    y -= 0.2
    for line in key_lines(sheet):
        if line[1] == ".":  # a part's heading
            y -= 0.1
            _line(key, left, y, line, 11, "bold")
            y -= 0.3
            continue
        y = _wrapped(key, left, y, line, 96, 8.8, step=0.2, indent="      ") - 0.08
    return [page, key]


def write_pdf(pages: Sequence[Figure], path: Path | str | BinaryIO, *, creator: str) -> None:
    """Write the pages to one PDF file, or an open binary file, ``creator`` named as what
    made it (no date in it: the same pages, the same bytes)."""
    from matplotlib.backends.backend_pdf import PdfPages

    with PdfPages(path, metadata={"Creator": creator, "Producer": None,
                                  "CreationDate": None}) as pdf:
        for page in pages:
            pdf.savefig(page)
