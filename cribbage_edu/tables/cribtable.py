"""Crib tables: what two thrown cards are worth in the crib, on average.

A crib holds two cards from each player and is scored with the starter. When you
throw two cards you know them, but not the other two nor the starter, so the
advisor needs the *expected* crib of a thrown pair. That depends only on the
ranks of the pair, on whether the two cards share a suit (a crib flush needs it),
and on whose crib it is:

- **own crib** (``dealer=True``): the dealer throws the pair into his own crib;
  pone throws the other two cards, and pone tries to give the crib little.
- **opponent's crib** (``dealer=False``): pone throws the pair into the dealer's
  crib; the dealer throws the other two, and the dealer feeds his own crib.

So a pair is worth more in the opponent's crib than in your own: the other two
cards are friendlier to the crib there. This module looks the values up in the
shipped table (``data/crib_table.json``); :mod:`cribbage_edu.models.cribmodel` is the model
that made it (the other player throws as the advisor does; every hand enumerated;
``python scripts/make_crib_table.py`` runs it again).

>>> round(crib_ev(["5H", "5C"], dealer=True), 2), round(crib_ev(["5H", "5C"], dealer=False), 2)
(8.78, 9.21)
>>> crib_ev(["KH", "10H"], dealer=True) < crib_ev(["KH", "10H"], dealer=False)
True

Compared with Michael Schell's published discard tables ("dealer's crib" is our own
crib, "pone's" is the opponent's), unsuited pairs:

=======  ===========  ==========  ==============  ===============
pair     ours (own)   Schell      ours (opp.)     Schell
=======  ===========  ==========  ==============  ===============
5-5      8.78         8.8         9.21            9.4
2-3      6.84         7.0         7.17            7.3
10-K     2.77         2.8         3.85            3.9
=======  ===========  ==========  ==============  ===============

All within 0.2 points; :mod:`cribbage_edu.models.cribmodel` says why ours are a little lower.
The table is read from the data file the first time it is needed, not at import.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from ..rules.cards import Card, CardLike, Rank
from ..rules.errors import IllegalHandError

__all__ = [
    "CRIB_TABLE_FILE",
    "SLOTS",
    "TableKey",
    "Tables",
    "crib_ev",
    "crib_matrix",
    "crib_slot",
    "crib_table",
    "crib_values",
    "is_loaded",
    "pair_classes",
    "read_rows",
    "table_header",
]

CRIB_TABLE_FILE = "crib_table.json"
"""The file in ``cribbage_edu/data`` that holds the shipped table."""

TableKey = tuple[Rank, Rank, bool]
"""A thrown pair as (lower rank, higher rank, suited)."""

Tables = dict[tuple[int, int, bool], tuple[float, float]]
"""Pair class (lower rank 1-13, higher rank, suited) -> (own crib, opponent's crib)."""

SLOTS = 338
"""The length of a flat table (:func:`crib_values`): 13 x 13 ranks, unsuited and
suited."""


def crib_slot(low: int, high: int, suited: bool) -> int:
    """Where a thrown pair (ranks 1-13, either order) sits in a flat table of
    :data:`SLOTS` values (:func:`crib_values`). For the advisor's inner loop.

    >>> crib_slot(5, 5, False), crib_slot(1, 2, True), crib_slot(13, 13, True)
    (56, 170, 337)
    """
    return (low - 1) * 13 + (high - 1) + (169 if suited else 0)


def _table_text() -> str:
    """The shipped data file's text."""
    return resources.files("cribbage_edu").joinpath("data").joinpath(
        CRIB_TABLE_FILE).read_text("utf-8")


@cache
def _load() -> tuple[dict[str, Any], tuple[float, ...], tuple[float, ...]]:
    data = json.loads(_table_text())
    own = [0.0] * SLOTS
    opponent = [0.0] * SLOTS
    for low, high, suited, own_ev, opp_ev in data["rows"]:
        lo, hi = Rank[low].value, Rank[high].value
        for a, b in ((lo, hi), (hi, lo)):
            own[crib_slot(a, b, bool(suited))] = float(own_ev)
            opponent[crib_slot(a, b, bool(suited))] = float(opp_ev)
    return data["header"], tuple(own), tuple(opponent)


def is_loaded() -> bool:
    """Whether the shipped table has been read yet (it is read at first use).

    >>> _ = crib_ev(["5H", "5C"], dealer=True); is_loaded()
    True
    """
    return _load.cache_info().currsize > 0


def crib_values(dealer: bool) -> tuple[float, ...]:
    """The shipped table as :data:`SLOTS` floats indexed by :func:`crib_slot`: into
    your own crib if ``dealer``, into the opponent's otherwise.

    >>> crib_values(True)[crib_slot(5, 5, False)] == crib_ev(["5H", "5C"], dealer=True)
    True
    """
    _, own, opponent = _load()
    return own if dealer else opponent


def table_header() -> dict[str, Any]:
    """How the shipped table was made (model, rounds, date, generator), as stored.

    >>> table_header()["model"]
    'strategic'
    """
    return dict(_load()[0])


def crib_ev(discard: Iterable[CardLike], *, dealer: bool) -> float:
    """The expected crib points that throwing these two cards leads to: into your
    own crib if ``dealer``, into the opponent's crib otherwise.

    >>> round(crib_ev(["2C", "3C"], dealer=True), 2) < round(crib_ev(["2C", "3D"], dealer=False), 2)
    True
    """
    a, b = _read_pair(discard)
    return crib_values(dealer)[crib_slot(a.rank, b.rank, a.suit is b.suit)]


def crib_table(*, dealer: bool) -> dict[TableKey, float]:
    """The whole table: ``(lower rank, higher rank, suited) -> expected crib``.
    A pair of equal ranks is never suited, so there are 13 + 2 * 78 = 169 entries.

    >>> table = crib_table(dealer=True)
    >>> len(table), round(table[Rank.FIVE, Rank.FIVE, False], 2)
    (169, 8.78)
    """
    flat = crib_values(dealer)
    return {(Rank(lo), Rank(hi), suited): flat[crib_slot(lo, hi, suited)]
            for lo, hi, suited in pair_classes()}


def crib_matrix(*, dealer: bool) -> list[list[float]]:
    """The table as a 13 x 13 grid (row and column by rank, ace first): suited pairs
    above the diagonal, unsuited below it, pairs on it. For a heatmap.

    >>> grid = crib_matrix(dealer=False)
    >>> grid[4][4] == crib_ev(["5H", "5S"], dealer=False), grid[0][1] > grid[1][0]
    (True, True)
    """
    flat = crib_values(dealer)
    return [[flat[crib_slot(i, j, i < j)] for j in range(1, 14)] for i in range(1, 14)]


def pair_classes() -> list[tuple[int, int, bool]]:
    """The 169 kinds of thrown pair: (lower rank 1-13, higher rank, suited).

    >>> classes = pair_classes()
    >>> len(classes), classes[:3]
    (169, [(1, 1, False), (1, 2, False), (1, 2, True)])
    """
    return [(lo, hi, suited) for lo in range(1, 14) for hi in range(lo, 14)
            for suited in (False, True) if not (suited and lo == hi)]


def _read_pair(discard: Iterable[CardLike]) -> tuple[Card, Card]:
    cards = [Card.parse(c) for c in discard]
    if len(cards) != 2 or cards[0] is cards[1]:
        shown = " ".join(str(c) for c in cards)
        raise IllegalHandError(f"a throw into the crib is two different cards, got '{shown}'")
    return cards[0], cards[1]


def read_rows(key: str = "rows") -> Tables:
    """A table stored in the shipped file (``"rows"``, or ``"last_round_input"``: the
    table the model's last round started from), keyed by (low rank 1-13, high rank,
    suited).

    >>> len(read_rows()), read_rows()[5, 5, False][0] == crib_ev(["5H", "5C"], dealer=True)
    (169, True)
    """
    return {(Rank[lo].value, Rank[hi].value, bool(suited)): (own, opp)
            for lo, hi, suited, own, opp in json.loads(_table_text())[key]}
