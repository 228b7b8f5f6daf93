"""``cribbage-edu handout``: a printable worksheet from a seed, its answer key on a page
of its own.

The worksheet has three parts a class can do with a pencil: hands to count (four cards
and a starter, some of them cribs), plays to peg (the cards laid since the count was last
at zero: what does the last one score?) and throws to choose (six cards, as dealer or as
pone). Everything on it is chosen and answered by the engine from the seed, so a teacher
who prints seed 12 twice gets the same sheet, and a class handed seed 12 can check its
answers at the computer:

- the hands are dealt from the seed until each part of the count is met (fifteens and
  pairs, a run, a double run, nobs, a hand flush, and a crib whose four-card flush does
  not count), and each is counted with :func:`~cribbage_edu.rules.scoring.score_hand`;
- the plays are laid by two players choosing at random in a real
  :class:`~cribbage_edu.rules.pegging.Play`, so every position could happen at a table,
  and each is scored with :func:`~cribbage_edu.rules.pegging.score_play`;
- the throws are dealt until the best throw with the play counted
  (:func:`~cribbage_edu.strategy.discard.advise` with ``pegging=True``) leads the next
  best by half a point or more, so the key's answer is clear; the key says when the show
  alone would throw otherwise.

>>> sheet = worksheet(12)
>>> len(sheet.hands), len(sheet.plays), len(sheet.throws)
(6, 6, 4)
>>> worksheet(12) == sheet
True

The pages are drawn by matplotlib (its PDF backend, no other tool), A4 or US letter,
the date left out so the same seed makes the same file.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import random
import tempfile
import textwrap
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..render.colours import BLACK, RED
from ..rules.cards import FIFTEEN, FULL_DECK, THIRTY_ONE, Card, Hand
from ..rules.pegging import Play, score_play
from ..rules.scoring import HandScore, score_hand
from ..strategy.discard import DiscardOption, advise
from .console import PROG, BadInput, Console, Subparsers, shortened

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["HandItem", "PlayItem", "ThrowItem", "Worksheet", "add_handout", "draw",
           "handout_file", "run_handout", "worksheet", "write_pdf"]

PAPER = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
"""Page sizes in inches."""
MOST_LAID = 6
"""The most cards a play to peg shows (they fit the width of the page)."""
CLEAR = 0.5
"""How far (in expected points) the best throw must lead the next for a worksheet."""


@dataclass(frozen=True)
class HandItem:
    """A hand (or crib) to count: the four cards, the starter and the engine's count."""

    cards: Hand
    starter: Card
    crib: bool
    score: HandScore


@dataclass(frozen=True)
class PlayItem:
    """The cards laid since the count was last at zero, from a real play; the question
    is what the last one scores."""

    pile: Hand
    points: int
    said: str


@dataclass(frozen=True)
class ThrowItem:
    """Six cards to throw from, as dealer or pone; the best throw with the play counted,
    the next best, and the best by the show alone."""

    six: Hand
    dealer: bool
    best: DiscardOption
    runner_up: DiscardOption
    best_by_show: DiscardOption


@dataclass(frozen=True)
class Worksheet:
    """One worksheet: its seed and its three parts."""

    seed: int
    hands: tuple[HandItem, ...]
    plays: tuple[PlayItem, ...]
    throws: tuple[ThrowItem, ...]


# --- what goes on the sheet -----------------------------------------------------------------

def _kinds(score: HandScore) -> set[str]:
    return {str(item.kind) for item in score.items}


HAND_GOALS: tuple[tuple[str, bool, Callable[[HandScore], bool]], ...] = (
    ("fifteens and a pair", False,
     lambda s: _kinds(s) == {"fifteen", "pair"}),
    ("a run", False,
     lambda s: s.runs in (3, 4, 5) and s.pairs == 0 and s.fifteens > 0),
    ("a double run", False,
     lambda s: s.pairs == 2 and s.runs in (6, 8)),
    ("nobs", False,
     lambda s: s.nobs == 1 and s.total >= 4),
    ("a hand flush", False,
     lambda s: s.flush >= 4),
    ("a crib whose four-card flush does not count", True,
     lambda s: s.total > 0 and s.flush == 0),
)
"""What each hand to count shows, whether it is a crib, and the test a deal must pass."""


def _four_suited(cards: Sequence[Card]) -> bool:
    return len({c.suit for c in cards}) == 1


def _hands(rng: random.Random) -> tuple[HandItem, ...]:
    items = []
    for _name, crib, wanted in HAND_GOALS:
        while True:
            five = rng.sample(FULL_DECK, 5)
            cards, starter = Hand(sorted(five[:4])), five[4]
            if crib and not (_four_suited(cards) and starter.suit != cards[0].suit):
                continue
            score = score_hand(cards, starter, crib=crib)
            if wanted(score):
                items.append(HandItem(cards, starter, crib, score))
                break
    return tuple(items)


def _fifteen(pile: Hand, points: int) -> bool:
    return points == 2 and score_play(pile).points("fifteen") == 2


def _pair(pile: Hand, points: int) -> bool:
    return points == 2 and score_play(pile).points("pair") == 2


def _run_out_of_order(pile: Hand, points: int) -> bool:
    run = score_play(pile).points("run")
    return run > 0 and sorted(pile[-run:]) != list(pile[-run:])


def _fifteen_not_the_count(pile: Hand, points: int) -> bool:
    """Two of the cards add to 15, yet the count is not 15: nothing scores."""
    return points == 0 and any(a.value + b.value == FIFTEEN for a, b in combinations(pile, 2))


def _same_rank_further_back(pile: Hand, points: int) -> bool:
    return points == 0 and len(pile) >= 3 and pile[-1].rank == pile[-3].rank


def _thirty_one_or_two_ways(pile: Hand, points: int) -> bool:
    """The count reaches 31 (whatever else scores), or the card scores two kinds of
    points at once (a fifteen and a pair, a pair and a run...); a pair royal or a run of
    four alone is one way, however many points."""
    if sum(c.value for c in pile) == THIRTY_ONE:
        return True
    return len({item.kind for item in score_play(pile).items}) >= 2


PLAY_GOALS: tuple[tuple[str, Callable[[Hand, int], bool]], ...] = (
    ("a fifteen", _fifteen),
    ("a pair", _pair),
    ("a run laid out of order", _run_out_of_order),
    ("two cards adding to 15 when the count is not 15", _fifteen_not_the_count),
    ("a card of the same rank further back", _same_rank_further_back),
    ("thirty-one, or points two ways at once", _thirty_one_or_two_ways),
)
"""What each play to peg shows, and the test a position must pass."""


def _positions(rng: random.Random) -> list[Hand]:
    """Every pile (cards since the last reset, a card just laid) of one play between two
    players choosing at random."""
    cards = rng.sample(FULL_DECK, 8)
    play = Play(cards[:4], cards[4:])
    piles = []
    while not play.is_over:
        player = play.turn
        assert player is not None
        legal = list(play.legal_cards(player))
        if not legal:
            play.go(player)
            continue
        card = rng.choice(legal)
        before = list(play.pile)
        play.play(player, card)
        piles.append(Hand([*before, card]))
    return piles


def _plays(rng: random.Random) -> tuple[PlayItem, ...]:
    items = []
    for _name, wanted in PLAY_GOALS:
        found = None
        while found is None:
            for pile in _positions(rng):
                score = score_play(pile)
                if len(pile) <= MOST_LAID and wanted(pile, score.total):
                    found = PlayItem(pile, score.total, str(score))
                    break
        items.append(found)
    return tuple(items)


def _throws(rng: random.Random) -> tuple[ThrowItem, ...]:
    items = []
    for dealer in (True, False, True, False):
        while True:
            six = Hand(sorted(rng.sample(FULL_DECK, 6)))
            options = advise(six, dealer=dealer, pegging=True)
            if options[0].with_pegging - options[1].with_pegging >= CLEAR:
                by_show = max(options, key=lambda o: o.net_ev)
                items.append(ThrowItem(six, dealer, options[0], options[1], by_show))
                break
    return tuple(items)


def worksheet(seed: int) -> Worksheet:
    """The worksheet of ``seed``: six hands to count, six plays to peg, four throws (two
    as dealer, two as pone), each answered by the engine."""
    rng = random.Random(seed)
    return Worksheet(seed, _hands(rng), _plays(rng), _throws(rng))


# --- the key, in words ------------------------------------------------------------------------

def key_lines(sheet: Worksheet) -> list[str]:
    """The answer key, one entry per question, each starting with its number (A1, B1,
    C1, ...).

    >>> print(key_lines(worksheet(12))[1])  # doctest: +ELLIPSIS
    A1. ... starter ...: ... points (fifteen two, ...)
    """
    lines = ["A. Count these hands"]
    for n, hand in enumerate(sheet.hands, 1):
        what = "crib" if hand.crib else "hand"
        lines.append(f"A{n}. {what} {hand.cards.symbols}, starter {hand.starter.symbol}: "
                     f"{hand.score.total} points ({hand.score})")
    lines.append("B. Peg these plays")
    for n, play in enumerate(sheet.plays, 1):
        count = sum(c.value for c in play.pile)
        lines.append(f"B{n}. {play.pile.symbols} (count {count}): the {play.pile[-1].symbol} "
                     f"scores {play.points} ({play.said})")
    lines.append("C. Choose a throw")
    for n, throw in enumerate(sheet.throws, 1):
        best, next_best, by_show = throw.best, throw.runner_up, throw.best_by_show
        sign = "+" if throw.dealer else "-"
        line = (f"C{n}. as {'dealer' if throw.dealer else 'pone'}, throw "
                f"{best.discard.symbols} and keep {best.keep.symbols}: hand "
                f"{float(best.hand_ev):.2f} {sign} crib {best.crib_ev:.2f} "
                f"{'+' if best.peg_ev >= 0 else '-'} play {abs(best.peg_ev):.2f} = "
                f"{best.with_pegging:.2f}; the next best, {next_best.discard.symbols}, "
                f"{next_best.with_pegging:.2f}.")
        if set(by_show.discard) != set(best.discard):
            line += (f" By the show alone {by_show.discard.symbols} would be best "
                     f"({by_show.net_ev:.2f} against {best.net_ev:.2f}): the play decides.")
        else:
            line += " The show alone throws the same."
        lines.append(line)
    return lines


# --- drawing ----------------------------------------------------------------------------------

INK = "#1a1a1a"


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
             va="baseline", ha="left", fontweight=weight, color=INK)


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


def draw(sheet: Worksheet, paper: str = "a4") -> list[Figure]:
    """The worksheet's pages: the questions, then the answer key on a page of its own."""
    from matplotlib.figure import Figure

    width, height = PAPER[paper]
    left = 0.7
    page = Figure(figsize=(width, height))
    y = height - 0.8
    _line(page, left, y, f"Cribbage worksheet, seed {sheet.seed}", 16, "bold")
    y -= 0.35
    _line(page, left, y, "Name ____________________    Class ________    "
                         f"(the key: {PROG} handout --seed {sheet.seed})", 9.5)
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


def write_pdf(pages: Sequence[Figure], path: Path | str | BinaryIO) -> None:
    """Write the pages to one PDF file, or an open binary file (no date in it: the same
    pages, the same bytes)."""
    from matplotlib.backends.backend_pdf import PdfPages

    with PdfPages(path, metadata={"Creator": PROG, "Producer": None,
                                  "CreationDate": None}) as pdf:
        for page in pages:
            pdf.savefig(page)


# --- the command ------------------------------------------------------------------------------

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


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is 0 or more, not {value}")
    return value


def add_handout(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu handout --seed N [--out FILE.pdf] [--paper a4|letter]``."""
    parser = subparsers.add_parser(
        "handout", help="a printable worksheet from a seed, with its answer key",
        description="Make a PDF worksheet for a class: six hands to count, six plays to "
                    "peg and four throws to choose, with the answer key on a page of its "
                    "own, all chosen and answered by the engine from the seed (the same "
                    "seed, the same sheet).")
    parser.add_argument("--seed", type=_seed, required=True, help="the seed of the sheet")
    parser.add_argument("--out", metavar="FILE.pdf",
                        help="where to write it (default handout-seed-N.pdf)")
    parser.add_argument("--paper", choices=sorted(PAPER), default="a4",
                        help="the paper size (default a4)")
    parser.set_defaults(run=run_handout)


def run_handout(args: argparse.Namespace, console: Console) -> int:
    """``cribbage-edu handout``: write the worksheet and its key, and say where."""
    path = handout_file(args.out, args.seed)
    with _in_place_of(path) as out:
        write_pdf(draw(worksheet(args.seed), args.paper), out)
    console.say(f"worksheet for seed {args.seed} written to {path}: page 1 the questions "
                f"(6 hands, 6 plays, 4 throws), page 2 the answer key")
    return 0
