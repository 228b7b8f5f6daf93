"""The figures the course repeats, each computed once, from one source.

Lessons 11, 13 and 14 (and the teacher's guide) all speak of what a deal brings the dealer
and pone, of par and of the first dealer's edge. Each of those figures is worked out here,
from the 4,000 expert-against-expert games stored in ``data/expert_games.csv`` (lesson 11
shows they are what the engine plays), and a lesson prints it from here, so the course
says one number for one thing. ``tests/test_lessons.py`` checks that every figure printed
in a lesson is this module's.

>>> worth = deal_points()
>>> worth["dealer", "pegging"].text, worth["pone", "pegging"].text
('3.44', '2.28')
>>> round(par(2, first_dealer=True), 1)
26.7
>>> first_dealer_edge().text
'56.1% (95% CI 54.6% to 57.6%)'

Deals of one game are not independent samples (the same players, the same board), so a
figure's 95% interval treats each game as one draw (the standard error of a ratio of
sums, as lesson 11 explains). A game's last deal is left out, since the win cuts it
short.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from cribbage_edu.rules.events import Source
from cribbage_edu.stats import wilson_interval
from many_games import StoredGame, load_games, ratio_interval

__all__ = ["Figure", "deal_points", "first_dealer_edge", "games", "par", "print_deal_points"]

ROWS = (("dealer", "heels"), ("dealer", "pegging"), ("dealer", "hand"), ("dealer", "crib"),
        ("dealer", "total"), ("pone", "pegging"), ("pone", "hand"), ("pone", "total"))
"""The rows of the table of what a deal brings, in the order printed."""

NAMES = {"heels": "his heels"}


@dataclass(frozen=True)
class Figure:
    """One figure with its 95% interval, and the text the course prints for it."""

    mean: float
    low: float
    high: float
    percent: bool = False

    @property
    def text(self) -> str:
        if self.percent:
            return (f"{self.mean:.1%} (95% CI {self.low:.1%} to {self.high:.1%})")
        return f"{self.mean:.2f}"

    @property
    def interval(self) -> str:
        return f"{self.low:.2f} to {self.high:.2f}"


@cache
def games() -> tuple[StoredGame, ...]:
    """The stored expert games, read once."""
    return tuple(load_games())


def _points(game: StoredGame, role: str, source: str) -> int:
    """What ``role`` scored from ``source`` in a stored game; ``total`` is every source."""
    points = game.dealer_points if role == "dealer" else game.pone_points
    return sum(points.values()) if source == "total" else points[Source(source)]


@cache
def deal_points() -> dict[tuple[str, str], Figure]:
    """What a whole deal brings the dealer and pone, source by source and in total, and
    the dealer's total less pone's: ``{(role, source): Figure}``."""
    stored = games()
    deals = [g.whole_deals for g in stored]
    figures = {(role, source): Figure(*ratio_interval([_points(g, role, source) for g in stored],
                                                      deals))
               for role, source in ROWS}
    gap = [_points(g, "dealer", "total") - _points(g, "pone", "total") for g in stored]
    figures["dealer less pone", "total"] = Figure(*ratio_interval(gap, deals))
    return figures


def print_deal_points(*, difference: bool = False) -> None:
    """The table of :func:`deal_points` (with ``difference=True``, also the dealer's
    total less pone's).

    >>> print_deal_points()  # doctest: +ELLIPSIS
                        source    mean   95% interval
    dealer           his heels    0.15   0.14 to 0.16
    ...
    pone                 total   10.40   10.36 to 10.45
    """
    rows = list(ROWS) + ([("dealer less pone", "total")] if difference else [])
    print(f"{'':16}{'source':>10}{'mean':>8}   95% interval")
    for role, source in rows:
        figure = deal_points()[role, source]
        print(f"{role:16}{NAMES.get(source, source):>10}{figure.mean:8.2f}   "
              f"{figure.interval}")


def par(deals: int, *, first_dealer: bool) -> float:
    """The points a player has on average after ``deals`` whole deals: the dealer's total
    for each deal they dealt (the odd ones, for the first dealer), pone's for the others."""
    worth = deal_points()
    dealt = (deals + 1) // 2 if first_dealer else deals // 2
    return (dealt * worth["dealer", "total"].mean
            + (deals - dealt) * worth["pone", "total"].mean)


@cache
def first_dealer_edge() -> Figure:
    """The share of the stored games the first dealer won, with its Wilson interval."""
    won = sum(g.first_dealer_won for g in games())
    low, high = wilson_interval(won, len(games()))
    return Figure(won / len(games()), low, high, percent=True)


