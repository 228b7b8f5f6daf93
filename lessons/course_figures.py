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
from types import SimpleNamespace
from typing import Any

from many_games import load_games, per_deal

from cribbage_edu.study.simulation import wilson_interval

__all__ = ["Figure", "deal_points", "first_dealer_edge", "par", "print_deal_points"]

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
def games() -> tuple[Any, ...]:
    return tuple(load_games())


def _with_totals(game: Any) -> Any:
    """A stored game whose points by source also hold each role's total."""
    dealer = {**game.dealer_points, "total": sum(game.dealer_points.values())}
    pone = {**game.pone_points, "total": sum(game.pone_points.values())}
    return SimpleNamespace(dealer_points=dealer, pone_points=pone,
                           whole_deals=game.whole_deals)


@cache
def deal_points() -> dict[tuple[str, str], Figure]:
    """What a whole deal brings the dealer and pone, source by source and in total, and
    the dealer's total less pone's: ``{(role, source): Figure}``."""
    stored = [_with_totals(g) for g in games()]
    figures = {(role, source): Figure(*per_deal(stored, role, source))
               for role, source in ROWS}
    gap = [SimpleNamespace(dealer_points={"total": g.dealer_points["total"]
                                          - g.pone_points["total"]},
                           whole_deals=g.whole_deals) for g in stored]
    figures["dealer less pone", "total"] = Figure(*per_deal(gap, "dealer", "total"))
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


