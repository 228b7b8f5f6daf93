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
FAINT = "#777777"
"""The ink of the hints on the sheet (working, the mark box's line): a grey that prints."""


def _card_box(fig: Figure, x: float, y: float, card: Card) -> float:
    """Draw one card as a framed label at (x, y) in figure inches; return its width."""
    colour = RED if card.is_red else BLACK
    fig.text(x / fig.get_figwidth(), y / fig.get_figheight(), card.symbol, fontsize=11,
             color=colour, va="baseline", ha="left", fontweight="bold",
             bbox={"boxstyle": "round,pad=0.3", "facecolor": "white", "edgecolor": "#888"})
    return 0.5 if len(card.symbol) == 2 else 0.6  # a ten is a character wider


def _line(fig: Figure, x: float, y: float, text: str, size: float = 10.5,
          weight: str = "normal", colour: str = BLACK) -> None:
    fig.text(x / fig.get_figwidth(), y / fig.get_figheight(), text, fontsize=size,
             va="baseline", ha="left", fontweight=weight, color=colour)


def _cards_at(fig: Figure, x: float, y: float, cards: Sequence[Card]) -> float:
    for card in cards:
        x += _card_box(fig, x, y, card)
    return x


def _wrapped(fig: Figure, x: float, y: float, text: str, width: int, size: float,
             weight: str = "normal", step: float = 0.22, indent: str = "") -> float:
    """Write ``text`` wrapped at ``width`` characters from (x, y); return the y below it."""
    for part in textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False):
        _line(fig, x, y, part, size, weight)
        y -= step
    return y


LEFT = 0.7
"""The left margin, in inches."""
BOTTOM = 0.75
"""The lowest a line is written, in inches from the foot of the page."""


class _Flow:
    """Pages written top to bottom: a new page when the next block does not fit."""

    def __init__(self, paper: str) -> None:
        self.width, self.height = PAPER[paper]
        self.pages: list[Figure] = []
        self.y = 0.0
        self.new_page()

    def new_page(self) -> None:
        from matplotlib.figure import Figure

        self.pages.append(Figure(figsize=(self.width, self.height)))
        self.y = self.height - 0.8

    @property
    def page(self) -> Figure:
        return self.pages[-1]

    def room(self, height: float) -> None:
        """Start a new page unless ``height`` inches still fit on this one."""
        if self.y - height < BOTTOM:
            self.new_page()

    def mark_box(self, y: float) -> None:
        """A box at the right margin for the marker's tick, level with the row at ``y``."""
        from matplotlib.patches import Rectangle

        fig = self.page
        size = 0.2
        fig.patches.append(Rectangle(((self.width - LEFT - size) / self.width,
                                      (y - 0.05) / self.height),
                                     size / self.width, size / self.height,
                                     transform=fig.transFigure, fill=False,
                                     edgecolor="#555", linewidth=0.8))

    def working(self, height: float) -> None:
        """Space for working under a question: a faint label and a rule at its foot."""
        from matplotlib.lines import Line2D

        fig = self.page
        self.y -= 0.2
        _line(fig, LEFT + 0.45, self.y, "working:", 7.5, colour=FAINT)
        foot = self.y - height + 0.2
        fig.add_artist(Line2D([(LEFT + 0.45) / self.width, (self.width - LEFT) / self.width],
                              [foot / self.height] * 2, transform=fig.transFigure,
                              color="#c8c8c8", linewidth=0.6))
        self.y = foot - 0.28

    def heading(self, text: str, first_row: float) -> None:
        """A part's heading (kept on one page with its first row)."""
        self.room(0.6 + first_row)
        self.y = _wrapped(self.page, LEFT, self.y - 0.12, text, 80, 11, "bold", 0.25) - 0.22


def worksheet_pages(sheet: Worksheet, paper: str = "a4", *, program: str) -> list[Figure]:
    """The worksheet's pages: the questions (each with space for working and a box for the
    mark), then the answer key on pages of its own; the sheet tells where its key is
    (``program`` is the command that prints it).

    >>> from cribbage_edu.strategy.worksheet import worksheet
    >>> pages = worksheet_pages(worksheet(12), "letter", program="cribbage-edu")
    >>> len(pages), pages[0].get_size_inches().tolist()
    (5, [8.5, 11.0])
    """
    flow = _Flow(paper)
    marks = (len(sheet.hands) + len(sheet.plays) + len(sheet.throws) + len(sheet.cards)
             + len(sheet.board))
    _line(flow.page, LEFT, flow.y, f"Cribbage worksheet, seed {sheet.seed}", 16, "bold")
    flow.y -= 0.35
    _line(flow.page, LEFT, flow.y, f"Name ____________________    Class ________    Marks "
                                   f"______ / {marks}    (the key: {program} handout --seed "
                                   f"{sheet.seed})", 9.5)
    flow.y -= 0.2
    _line(flow.page, LEFT, flow.y, "Work each question out below it; the box at the right is "
                                   "for the mark.", 8.5, colour=FAINT)
    flow.y -= 0.3

    def row(label: str, height: float) -> float:
        """Room for a question of ``height`` inches and its mark box; its label; its y."""
        flow.room(height)
        y = flow.y
        _line(flow.page, LEFT, y, label)
        flow.mark_box(y)
        return y

    flow.heading("A. Count these hands. The starter is the fifth card; a crib scores a "
                 "flush only with all five cards of one suit.", 0.8)
    for n, hand in enumerate(sheet.hands, 1):
        y = row(f"A{n}.", 0.8)
        x = _cards_at(flow.page, LEFT + 0.45, y, hand.cards)
        _line(flow.page, x + 0.1, y, "starter")
        _cards_at(flow.page, x + 0.75, y, [hand.starter])
        _line(flow.page, LEFT + 4.2, y, ("the crib: " if hand.crib else "the hand: ")
              + "______ points")
        flow.working(0.45)
    flow.heading("B. Peg these plays. The cards were laid in this order since the count "
                 "was last at zero: what does the last card score?", 0.8)
    for n, play in enumerate(sheet.plays, 1):
        y = row(f"B{n}.", 0.8)
        _cards_at(flow.page, LEFT + 0.45, y, play.pile)
        _line(flow.page, LEFT + 4.2, y, "the last card scores ______")
        flow.working(0.45)
    flow.heading("C. Choose a throw: which two cards go to the crib? Weigh what you keep, "
                 "what the crib gets, and the play. Dealer: the crib is yours; pone: the "
                 "crib is the dealer's.", 1.1)
    for n, throw in enumerate(sheet.throws, 1):
        y = row(f"C{n}.", 1.1)
        _line(flow.page, LEFT + 0.45, y, "dealer" if throw.dealer else "pone")
        _cards_at(flow.page, LEFT + 1.05, y, throw.six)
        _line(flow.page, LEFT + 4.2, y, "throw ______  ______")
        flow.working(0.75)
    flow.heading("D. Choose a card in the play. Weigh what each card pegs now, what it lets "
                 "the opponent answer, and what it keeps for later.", 1.75)
    for n, item in enumerate(sheet.cards, 1):
        y = row(f"D{n}.", 1.75)
        _line(flow.page, LEFT + 0.45, y, "You are the dealer." if item.dealer else
                                         "You are pone.")
        y -= 0.36
        _line(flow.page, LEFT + 0.45, y, "you hold")
        x = _cards_at(flow.page, LEFT + 1.15, y, item.held)
        _line(flow.page, x + 0.15, y, "you threw")
        x = _cards_at(flow.page, x + 0.95, y, item.thrown)
        _line(flow.page, x + 0.15, y, "starter")
        _cards_at(flow.page, x + 0.8, y, [item.starter])
        y -= 0.38
        if item.laid:
            _line(flow.page, LEFT + 0.45, y, "laid so far, in order:")
            x = _cards_at(flow.page, LEFT + 2.15, y, item.laid)
            count = sum(card.value for card in item.laid)
            _line(flow.page, x + 0.1, y, f"(count {count})")
        else:
            _line(flow.page, LEFT + 0.45, y, "You lead.")
        _line(flow.page, LEFT + 4.6, y, "lay ______")
        flow.y = y
        flow.working(0.6)
    flow.heading("E. The board. A deal is about to start: who is more likely to win the "
                 "game, pone or the dealer? Pone counts first; the dealer has the crib.", 0.7)
    for n, board in enumerate(sheet.board, 1):
        y = row(f"E{n}.", 0.7)
        _line(flow.page, LEFT + 0.45, y, f"pone on {board.pone}, the dealer on "
                                         f"{board.dealer}")
        _line(flow.page, LEFT + 4.2, y, "the favourite: ____________")
        flow.working(0.4)

    flow.new_page()
    _line(flow.page, LEFT, flow.y, f"Answer key, seed {sheet.seed}", 16, "bold")
    flow.y -= 0.3
    flow.y = _wrapped(flow.page, LEFT, flow.y, "Counted by the cribbage-edu engine. A throw is "
                      "weighed by the kept hand's exact average over the 46 starters, the "
                      "crib table's average for the two cards thrown (added as dealer, taken "
                      "away as pone), and the play: what the kept cards peg less what the "
                      "opponent pegs (simulated). A card in the play is weighed by the rest of "
                      "the play, the opponent's hidden cards drawn as a strong player keeps "
                      "and lays them; a position of the board by the chance-to-win table.",
                      110, 8.5, step=0.18)
    flow.y -= 0.2
    for line in key_lines(sheet):
        if line[1] == ".":  # a part's heading
            flow.room(0.9)
            flow.y -= 0.1
            _line(flow.page, LEFT, flow.y, line, 11, "bold")
            flow.y -= 0.3
            continue
        flow.room(0.2 * (len(line) // 96 + 1))
        flow.y = _wrapped(flow.page, LEFT, flow.y, line, 96, 8.8, step=0.2,
                          indent="      ") - 0.08
    return flow.pages


def write_pdf(pages: Sequence[Figure], path: Path | str | BinaryIO, *, creator: str) -> None:
    """Write the pages to one PDF file, or an open binary file, ``creator`` named as what
    made it (no date in it: the same pages, the same bytes)."""
    from matplotlib.backends.backend_pdf import PdfPages

    with PdfPages(path, metadata={"Creator": creator, "Producer": None,
                                  "CreationDate": None}) as pdf:
        for page in pages:
            pdf.savefig(page)
