"""Pegging tables: what four kept cards are worth in the play, on average.

The show can be counted exactly over the starters; the play cannot, because it
depends on the opponent's cards and on how both players lay them. So the pegging of
a kept hand is measured by simulation, and the table keeps its sampling interval.

For every kept hand (four ranks: suits never matter in the play, so there are 1,820
kinds) and each role (dealer or pone), :data:`SAMPLES` deals are played with that
hand against an ``expert``:

1. your four cards get suits at random; the opponent's six, the other two of your six
   cards and the starter come from a shuffled deck (deal ``j`` of every hand uses the
   same shuffle, skipping the cards the hand holds: common random numbers, so two hands
   are compared on the same deals);
2. the opponent throws what the ``expert`` throws (best hand plus or minus crib);
3. both players lay their cards as the ``expert`` does, and the points each pegs in
   the play (pairs, runs, fifteens, 31, go and the last card) are added up.

:func:`peg_ev` reads the table: the points you peg, the points the opponent pegs,
and the *net* (yours less theirs), each a mean with its 95% interval.

>>> value = peg_ev("5H 5C JS QH", dealer=False)
>>> value.samples, round(value.net, 2)
(300, -1.13)

What a kept hand pegs depends on the ranks alone, so ``peg_ev`` accepts card
text (``"5H 5C JS QH"``) or ranks. The cards you throw to the crib do not peg; they
change the play only by being out of it, which the table averages over.

Its limits: the opponent is the ``expert`` (a different opponent pegs differently);
the opponent's throw ignores the play; the expert's own play near the end of a game
(laying a card that counts out, guarding against an opponent close to home) is not
in the table, which is played from 0-0.

The table is made by ``python scripts/make_peg_table.py`` with the simulation of
:mod:`cribbage_edu.models.pegmodel`, and read from ``data/peg_table.json`` the first time it
is needed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import Any

from ..rules.cards import Card, CardLike, Rank, parse_cards
from ..rules.checks import flag, no_card_twice
from ..rules.errors import IllegalHandError
from ..stats import half_width

__all__ = [
    "PEG_TABLE_FILE",
    "SAMPLES",
    "EntrySums",
    "PegValue",
    "Ranks",
    "keep_classes",
    "peg_ev",
    "peg_table_header",
    "peg_values",
    "value_from_sums",
]

PEG_TABLE_FILE = "peg_table.json"
"""The file in ``cribbage_edu/data`` that holds the shipped table."""

SAMPLES = 300
"""Deals played for each kept hand and role in the shipped table."""

Ranks = tuple[int, int, int, int]


def keep_classes() -> list[Ranks]:
    """Every kind of kept hand as four sorted ranks (1-13), at most four of a rank.

    >>> classes = keep_classes()
    >>> len(classes), classes[0], classes[-1]
    (1820, (1, 1, 1, 1), (13, 13, 13, 13))
    """
    return [(a, b, c, d) for a, b, c, d in combinations_with_replacement(range(1, 14), 4)]


def _ranks(keep: str | Iterable[CardLike] | Iterable[int]) -> Ranks:
    """Four ranks, sorted, from cards, card text or rank numbers."""
    items: list[object] = list(keep.split()) if isinstance(keep, str) else list(keep)
    numbers = [x for x in items if isinstance(x, int) and not isinstance(x, bool)]
    if items and len(numbers) == len(items):
        ranks = [int(x) for x in numbers]
        if any(not 1 <= r <= 13 for r in ranks):
            raise IllegalHandError(f"ranks run from 1 (ace) to 13 (king), got {ranks}")
    else:
        cards = parse_cards([x for x in items if isinstance(x, str | Card)])
        if len(cards) != len(items):
            raise IllegalHandError(f"a kept hand is four cards or four ranks, not {keep!r}")
        no_card_twice(cards, "the kept hand")
        ranks = [int(c.rank) for c in cards]
    if len(ranks) != 4:
        raise IllegalHandError(f"a kept hand has 4 cards, got {len(ranks)}: {keep!r}")
    if any(ranks.count(r) > 4 for r in ranks):
        raise IllegalHandError(f"there are only four cards of a rank, got {ranks}")
    a, b, c, d = sorted(ranks)
    return a, b, c, d


@dataclass(frozen=True, slots=True)
class EntrySums:
    """Whole-number sums over the deals of one table entry: exact, so a re-run can be
    compared to the last point."""

    n: int
    mine: int
    mine_sq: int
    theirs: int
    theirs_sq: int
    net_sq: int


# --- the table ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PegValue:
    """What a kept hand pegs on average in one role, from :data:`SAMPLES` simulated
    deals: ``mine`` (your points), ``theirs`` (the opponent's), ``net`` (``mine -
    theirs``), each with the half-width of its 95% interval (``*_error``: 1.96 standard
    errors)."""

    keep: Ranks
    dealer: bool
    samples: int
    mine: float
    mine_error: float
    theirs: float
    theirs_error: float
    net: float
    net_error: float

    @property
    def explanation(self) -> str:
        """The value in one sentence.

        >>> print(peg_ev([5, 5, 11, 12], dealer=True).explanation)  # doctest: +ELLIPSIS
        in the play as dealer, 5 5 J Q pegs ... ± ... and the opponent ... ± ...: net ...
        """
        names = " ".join(Rank(r).symbol for r in self.keep)
        role = "dealer" if self.dealer else "pone"
        return (f"in the play as {role}, {names} pegs {self.mine:.2f} ± {self.mine_error:.2f} "
                f"and the opponent {self.theirs:.2f} ± {self.theirs_error:.2f}: net "
                f"{self.net:+.2f} ± {self.net_error:.2f} ({self.samples} simulated deals)")

    def to_dict(self) -> dict[str, Any]:
        return {"keep": list(self.keep), "dealer": self.dealer, "samples": self.samples,
                "mine": self.mine, "mine_error": self.mine_error, "theirs": self.theirs,
                "theirs_error": self.theirs_error, "net": self.net,
                "net_error": self.net_error}


def value_from_sums(keep: Ranks, dealer: bool, sums: EntrySums) -> PegValue:
    """Means and 95% half-widths (1.96 standard errors, with the sample variance) of an
    entry's sums.

    >>> value = value_from_sums((1, 2, 3, 4), True, EntrySums(4, 8, 20, 4, 6, 14))
    >>> value.mine, round(value.mine_error, 3), value.net
    (2.0, 1.132, 1.0)
    """
    n = sums.n

    def mean_error(total: int, squares: int) -> tuple[float, float]:
        mean = total / n
        if n < 2:
            return mean, math.inf
        variance = max(0.0, (squares - total * total / n) / (n - 1))
        return mean, half_width(math.sqrt(variance), n)

    mine, mine_error = mean_error(sums.mine, sums.mine_sq)
    theirs, theirs_error = mean_error(sums.theirs, sums.theirs_sq)
    net, net_error = mean_error(sums.mine - sums.theirs, sums.net_sq)
    return PegValue(keep, dealer, n, mine, mine_error, theirs, theirs_error, net, net_error)


def _table_text() -> str:
    return resources.files("cribbage_edu").joinpath("data").joinpath(
        PEG_TABLE_FILE).read_text("utf-8")


@cache
def _load() -> tuple[dict[str, Any], dict[tuple[Ranks, bool], PegValue]]:
    data = json.loads(_table_text())
    values: dict[tuple[Ranks, bool], PegValue] = {}
    for text, dealer_sums, pone_sums in data["rows"]:
        a, b, c, d = (int(x) for x in text.split())
        keep = (a, b, c, d)
        for dealer, sums in ((True, dealer_sums), (False, pone_sums)):
            values[keep, dealer] = value_from_sums(keep, dealer, EntrySums(*sums))
    return data["header"], values


def peg_table_header() -> dict[str, Any]:
    """How the shipped table was made, as stored.

    >>> peg_table_header()["generated_by"]
    'python scripts/make_peg_table.py'
    """
    return dict(_load()[0])


def peg_values(*, dealer: bool) -> Mapping[Ranks, PegValue]:
    """The whole table for one role, read-only: four sorted ranks to their
    :class:`PegValue` (for the advisor and players, who weigh many hands).

    >>> values = peg_values(dealer=True)
    >>> len(values), values[5, 5, 11, 12] == peg_ev("5H 5C JS QH", dealer=True)
    (1820, True)
    """
    return _role_table(flag(dealer, "dealer"))


@cache
def _role_table(dealer: bool) -> Mapping[Ranks, PegValue]:
    return MappingProxyType({keep: value for (keep, d), value in _load()[1].items()
                             if d == dealer})


def peg_ev(keep: str | Iterable[CardLike] | Iterable[int], *, dealer: bool) -> PegValue:
    """What four kept cards peg on average, as ``dealer`` or as pone, against the
    ``expert`` (see the module docstring): from the shipped simulation table.

    >>> peg_ev("AC 2D 3H 4S", dealer=False).net > peg_ev("10C JD QH KS", dealer=False).net
    True
    >>> peg_ev("5H 5C 5S", dealer=True)
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalHandError: a kept hand has 4 cards, got 3: '5H 5C 5S'
    """
    return _load()[1][_ranks(keep), flag(dealer, "dealer")]


