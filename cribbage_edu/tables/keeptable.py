"""The keep table: the four ranks a strong player keeps of every six, as dealer and as pone.

The read of the opponent (:mod:`cribbage_edu.strategy.reading`) asks, for each deal it
draws for him, which four of his six a strong player keeps: the best hand, crib and play
together, by ranks alone (its ``strong_keep_split``). That answer depends only on the six
ranks and the role, so it is worked out once for every six and shipped here: 18,395
multisets of six ranks (no rank more than four times), two roles. A read then works out
no keep: each was some 35 microseconds of processor time the first time a six was drawn
(all 36,790 take about 1.3 s), a few milliseconds of a judge's first verdicts.

The file (``data/keep_table.json``) holds, for each six in the order of
:func:`sixes` (sorted ranks, lexicographic), the place in
:data:`cribbage_edu.strategy.ranks.SPLITS` of the split kept, one character a six
(``0``-``9``, ``a``-``e``), a string for the dealer and one for pone; its header names the
tables the keeps were worked from (their SHA-256), so a changed crib or pegging table is
seen to leave it stale. It is made by ``python scripts/make_keep_table.py``.

>>> split = keep_split((2, 3, 4, 5, 9, 13), dealer=False)
>>> split in range(15)
True
>>> len(sixes())
18395
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from itertools import combinations_with_replacement
from typing import Any

from ..rules.errors import IllegalHandError

__all__ = ["KEEP_TABLE_FILE", "SPLIT_CODES", "keep_split", "sixes", "source_digests",
           "table_header"]

KEEP_TABLE_FILE = "keep_table.json"
"""The file in ``cribbage_edu/data`` that holds the shipped table."""
SPLIT_CODES = "0123456789abcde"
"""One character for each of the 15 splits of six cards, by its place in ``SPLITS``."""
SOURCES = ("crib_table.json", "peg_table.json")
"""The shipped tables a keep is worked from."""

Ranks = tuple[int, ...]


@cache
def sixes() -> tuple[Ranks, ...]:
    """Every multiset of six ranks (1-13, sorted, no rank more than four times), in
    lexicographic order: the rows of the table."""
    return tuple(six for six in combinations_with_replacement(range(1, 14), 6)
                 if all(six.count(r) <= 4 for r in set(six)))


def _data_text(name: str) -> str:
    return resources.files("cribbage_edu").joinpath("data").joinpath(name).read_text("utf-8")


def source_digests() -> dict[str, str]:
    """The SHA-256 of each shipped table a keep is worked from, as the header records it."""
    return {name: hashlib.sha256(_data_text(name).encode("utf-8")).hexdigest()
            for name in SOURCES}


@cache
def _load() -> tuple[dict[str, Any], dict[Ranks, tuple[int, int]]]:
    data = json.loads(_data_text(KEEP_TABLE_FILE))
    rows = sixes()
    pone, dealer = data["pone"], data["dealer"]
    if len(pone) != len(rows) or len(dealer) != len(rows):
        raise IllegalHandError(f"{KEEP_TABLE_FILE} holds {len(pone)} and {len(dealer)} "
                               f"keeps, not one for each of the {len(rows)} sixes")
    table = {six: (SPLIT_CODES.index(p), SPLIT_CODES.index(d))
             for six, p, d in zip(rows, pone, dealer, strict=True)}
    return data["header"], table


def keep_split(six: Ranks, dealer: bool) -> int:
    """The place in ``SPLITS`` of the split a strong player makes of ``six`` (sorted
    ranks) as dealer or as pone. A six that is not sorted ranks of a deck is refused."""
    found = _load()[1].get(six)
    if found is None:
        raise IllegalHandError(f"{six!r} is not six sorted ranks (1-13) a deck can deal")
    return found[1] if dealer else found[0]


def table_header() -> dict[str, Any]:
    """The shipped table's header: how it was made, and from which tables."""
    return dict(_load()[0])
