"""The crib-table model: how the shipped table ``data/crib_table.json`` is made.

:mod:`cribbage_edu.tables.cribtable` looks the table up; this module computes it, and is
the only module of the package that imports numpy (nothing imports it at play time:
``python scripts/make_crib_table.py`` runs it, about 4 minutes on 2 cores). The
shipped table is the **strategic** model, :func:`strategic_tables`:

1. the other player's six cards are every one of the C(50, 6) hands that do not
   hold the two thrown cards, each equally likely (the thrower's own four kept
   cards are not taken into account: the table is one number per thrown pair);
2. the other player throws what :func:`cribbage_edu.strategy.discard.advise` would throw,
   using the crib table of the previous round; the first round uses the
   :func:`uniform_tables` (the other two cards uniform over the unseen cards), and
   rounds repeat until no entry moves by more than :data:`TOLERANCE` (0.005) points
   (12 rounds; late rounds only flip near-ties, moving entries by a few thousandths);
3. the starter is each of the 48 cards outside the crib, equally likely;
4. every crib is scored exactly (fifteens, pairs, runs, a five-card flush, nobs).

Each round is an exact enumeration (whole numbers summed, one division at the end).
The file keeps the input of the last round, so that round can be re-run and checked.

>>> sums = crib_sums((Card.parse("5C"), Card.parse("5D")))
>>> len(sums), sums[Card.parse("5H"), Card.parse("5S")]  # 12 (four fives) + 8 fifteens
(1225, 1088)

Compared with Michael Schell's published discard tables (see
:mod:`cribbage_edu.tables.cribtable`), ours are within 0.2 points and a little lower, most in
the opponent's crib. Our model's other player throws to maximise hand plus crib and
nothing else (never keeping cards for the play), the thrower's own four cards are not
removed from the deck, and the starter ignores both kept hands; the published tables
rest on their author's own model of how the other player discards, which evidently
feeds the dealer's crib a little more.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from ..rules.cards import FULL_DECK, Card, Rank, Suit, unseen_by_rank
from ..strategy.ranks import KEEPS, SPLITS, keep_rank_points, starter_rank_points
from ..tables.cribtable import SLOTS, Tables, crib_slot, pair_classes

__all__ = [
    "ROUNDS",
    "TOLERANCE",
    "HandModel",
    "crib_sums",
    "strategic_tables",
    "uniform_crib_ev",
    "uniform_tables",
    "write_table",
]


def _representative(low: int, high: int, suited: bool) -> tuple[Card, Card]:
    """Two cards standing for a pair class: clubs, and clubs or diamonds."""
    return Card(low, Suit.CLUBS), Card(high, Suit.CLUBS if suited else Suit.DIAMONDS)



def crib_sums(thrown: tuple[Card, Card]) -> dict[tuple[Card, Card], int]:
    """For two thrown cards and every pair of other cards that could join them,
    the crib's points summed over the 48 starters outside the crib.

    Divide by 48 for the expected crib of those four cards.

    >>> sums = crib_sums((Card.parse("5C"), Card.parse("5D")))
    >>> len(sums), sums[Card.parse("5H"), Card.parse("5S")]  # 12 (four fives) + 8 fifteens
    (1225, 1088)
    """
    a, b = thrown
    rest = [c for c in FULL_DECK if c is not a and c is not b]
    return {(c, d): _four_card_sum(a, b, c, d) for c, d in combinations(rest, 2)}


def _four_card_sum(a: Card, b: Card, c: Card, d: Card) -> int:
    """Crib points of four cards summed over the 48 starters not among them."""
    four = sorted((int(a.rank), int(b.rank), int(c.rank), int(d.rank)))
    row = starter_rank_points(tuple(four))
    left = unseen_by_rank(four)[1:]  # index r - 1, as the row
    total = sum(n * p for n, p in zip(left, row, strict=True))
    suits = [0, 0, 0, 0]
    for card in (a, b, c, d):
        suits[card.suit] += 1
    if suits[a.suit] == 4:
        total += 5 * 9  # a crib flush needs the starter too: 9 of the suit are left
    for card in (a, b, c, d):
        if card.rank is Rank.JACK:
            total += 13 - suits[card.suit]  # nobs: a starter of the jack's suit
    return total


def uniform_crib_ev(thrown: tuple[Card, Card]) -> Fraction:
    """The expected crib when the other two cards are any two of the 50 unseen cards,
    each pair equally likely, and the starter any of the 48 others: the model with
    no strategy at all, the same for either player's crib.

    >>> uniform_crib_ev((Card.parse("5C"), Card.parse("5D"))) > 8
    True
    """
    sums = crib_sums(thrown)
    return Fraction(sum(sums.values()), len(sums) * 48)


def uniform_tables() -> dict[tuple[int, int, bool], Fraction]:
    """:func:`uniform_crib_ev` for each of the 169 pair classes, keyed by
    (lower rank 1-13, higher rank, suited)."""
    return {key: uniform_crib_ev(_representative(*key)) for key in pair_classes()}


ROUNDS = 20
"""The most rounds :func:`strategic_tables` runs."""

TOLERANCE = 0.005
"""The rounds stop when no entry moves by more than this many points."""

def strategic_tables(
    *, start: Tables | None = None, rounds: int = ROUNDS, tolerance: float = TOLERANCE,
    progress: Callable[[str], None] | None = None,
) -> tuple[Tables, Tables, list[float]]:
    """The shipped model: the other player throws as the advisor does (see the
    module docstring), round after round from ``start`` (the uniform tables if not
    given) until no entry moves by more than ``tolerance`` or ``rounds`` have run.
    Returns the last tables, the tables they were computed from (the input of the
    last round) and the largest change of each round. Every round's result is
    rounded to 6 decimals before the next round uses it, so the last round can be
    re-run exactly from the stored input.

    Each round is exact: every six-card hand the other player can hold is looked at
    (numpy, 20,358,520 hands, about a minute in all).
    """
    say = progress or (lambda _text: None)
    if start is None:
        start = {k: (round(float(v), 6),) * 2 for k, v in uniform_tables().items()}
    model = HandModel(say)
    tables = dict(start)
    changes: list[float] = []
    previous = tables
    for n in range(1, rounds + 1):
        new = model.round(tables)
        change = max(max(abs(new[k][0] - tables[k][0]), abs(new[k][1] - tables[k][1]))
                     for k in new)
        changes.append(round(change, 6))
        say(f"round {n}: largest change {change:.6f}")
        previous, tables = tables, new
        if change <= tolerance:
            break
    return tables, previous, changes


class HandModel:
    """Every six-card hand, with each of its 15 keeps' summed hand points and the
    crib-table slot of its throw, ready for rounds of the advisor (numpy: about
    2.5 GB and 10 s to build, so the example is not run as a doctest).

    >>> from cribbage_edu.tables.cribtable import crib_values, read_rows
    >>> model = HandModel(print)  # doctest: +SKIP
    20,358,520 six-card hands
    ...
    >>> chosen = model.choices(crib_values(True), dealer=True)  # doctest: +SKIP
    >>> again = model.round(read_rows("last_round_input"))  # doctest: +SKIP
    """

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        hands = _combinations(52, 6)  # (N, 6) card indices, sorted
        self.hands = hands
        ranks = (hands // 4).T.copy()  # (6, N): one contiguous row per position
        suits = (hands % 4).T.copy()
        say(f"{len(hands):,} six-card hands")
        code = np.zeros(len(hands), dtype=np.int32)
        for i in range(6):
            code = code * 13 + ranks[i]
        seen = np.zeros(13 ** 6, dtype=bool)
        seen[code] = True
        keys = np.flatnonzero(seen)
        number = np.cumsum(seen, dtype=np.int32) - 1
        inverse = number[code]
        del seen, number, code
        parts = np.empty((len(KEEPS), len(keys)), dtype=np.int16)
        for m, key in enumerate(keys.tolist()):
            digits = []
            for _ in range(6):
                key, r = divmod(key, 13)
                digits.append(r + 1)
            parts[:, m] = [p[0] for p in keep_rank_points(tuple(reversed(digits)))]
        say(f"{len(keys):,} multisets of six ranks")
        # for each card of a hand: how many unseen cards share its suit (13 - those held)
        left = np.full((6, len(hands)), 13, dtype=np.int16)
        for p in range(6):
            for q in range(6):
                if p != q:
                    left[p] -= suits[p] == suits[q]
        left -= 1
        nobs = np.where(ranks == Rank.JACK.offset, left, 0).astype(np.int16)
        all_nobs = nobs.sum(axis=0, dtype=np.int16)
        total = np.empty((len(KEEPS), len(hands)), dtype=np.int16)  # a row per split
        slot = np.empty((len(KEEPS), len(hands)), dtype=np.int16)
        for n, (keep, (i, j)) in enumerate(SPLITS):
            k0, k1, k2, k3 = keep
            np.take(parts[n], inverse, out=total[n])
            flush = ((suits[k0] == suits[k1]) & (suits[k0] == suits[k2])
                     & (suits[k0] == suits[k3]))
            total[n] += np.where(flush, 4 * 46 + left[k0], 0).astype(np.int16)
            total[n] += all_nobs - nobs[i] - nobs[j]
            slot[n] = ranks[i].astype(np.int16) * 13 + ranks[j]
            slot[n] += np.where(suits[i] == suits[j], 169, 0).astype(np.int16)
        del inverse, left, nobs
        assert len(KEEPS) == comb(6, 4)
        self.total = total
        self.slot = slot
        self.sums = {key: _pair_sums(key) for key in pair_classes()}
        self.rep_number = np.full(52 * 52, -1, dtype=np.int32)
        for m, pair_class in enumerate(pair_classes()):
            a, b = (c.index for c in _representative(*pair_class))
            self.rep_number[a * 52 + b] = m
        say("hand points ready")

    def choices(self, table: list[float], dealer: bool) -> Any:
        """For every hand, the split (0-14) the advisor takes with this table."""
        crib = np.array(table, dtype=np.float64) * (1.0 if dealer else -1.0)
        size = self.total.shape[1]
        chosen = np.empty(size, dtype=np.int8)
        step = 1 << 20
        for lo in range(0, size, step):
            net = self.total[:, lo:lo + step] / 46.0 + crib[self.slot[:, lo:lo + step]]
            chosen[lo:lo + step] = net.argmax(axis=0)
        return chosen

    def counts(self, chosen: Any) -> tuple[Any, Any, Any]:
        """How many hands throw each pair (index 52 * c + d); of those, how many
        keep each card (52 columns) and each representative pair (169 columns)."""
        t0 = np.zeros(52 * 52, dtype=np.int64)
        t1 = np.zeros(52 * 52 * 52, dtype=np.int64)
        t2 = np.zeros(52 * 52 * 169, dtype=np.int64)
        for n, (keep, (i, j)) in enumerate(SPLITS):
            these = self.hands[chosen == n].astype(np.int32)
            if not len(these):
                continue
            thrown = these[:, i] * 52 + these[:, j]
            t0 += np.bincount(thrown, minlength=52 * 52)
            for p in keep:
                t1 += np.bincount(thrown * 52 + these[:, p], minlength=52 ** 3)
            for p, q in combinations(keep, 2):
                rep = self.rep_number[these[:, p] * 52 + these[:, q]]
                wanted = rep >= 0
                t2 += np.bincount(thrown[wanted] * 169 + rep[wanted], minlength=52 * 52 * 169)
        return t0, t1.reshape(52 * 52, 52), t2.reshape(52 * 52, 169)

    def expectations(self, chosen: Any) -> dict[tuple[int, int, bool], Fraction]:
        """The expected crib of each pair class when the other player's throws are
        ``chosen``: exact, over the C(50, 6) hands without the thrown pair."""
        t0, t1, t2 = self.counts(chosen)
        result = {}
        for key, (pairs, sums) in self.sums.items():
            a, b = (c.index for c in _representative(*key))
            rep = self.rep_number[a * 52 + b]
            weight = t0[pairs] - t1[pairs, a] - t1[pairs, b] + t2[pairs, rep]
            hands = int(weight.sum())
            if hands != comb(50, 6):
                raise AssertionError(f"{key}: {hands} hands counted, not C(50, 6)")
            result[key] = Fraction(int((weight * sums).sum()), 48 * hands)
        return result

    def round(self, tables: Tables) -> Tables:
        own, opponent = _flat_tables(tables)
        # into the dealer's own crib, pone throws the other two (with pone's table) ...
        own_new = self.expectations(self.choices(opponent, dealer=False))
        self.say("own crib done")
        # ... and into the opponent's crib, the dealer throws them (with his own table)
        opp_new = self.expectations(self.choices(own, dealer=True))
        self.say("opponent's crib done")
        return {k: (round(float(own_new[k]), 6), round(float(opp_new[k]), 6)) for k in own_new}


def _flat_tables(tables: Tables) -> tuple[list[float], list[float]]:
    """Own and opponent tables as flat tuples, indexed by
    :func:`~cribbage_edu.tables.cribtable.crib_slot`."""
    own = [0.0] * SLOTS
    opponent = [0.0] * SLOTS
    for (lo, hi, suited), (own_ev, opp_ev) in tables.items():
        for x, y in ((lo, hi), (hi, lo)):
            own[crib_slot(x, y, suited)] = own_ev
            opponent[crib_slot(x, y, suited)] = opp_ev
    return own, opponent


def _pair_sums(key: tuple[int, int, bool]) -> tuple[Any, Any]:
    """For a pair class: the indices (52 * c + d) of the other pairs that can join
    its representative, and the crib points summed over the starters for each."""
    sums = crib_sums(_representative(*key))
    pairs = np.array([c.index * 52 + d.index for c, d in sums], dtype=np.int64)
    return pairs, np.array(list(sums.values()), dtype=np.int64)


def _combinations(n: int, k: int) -> Any:
    """All k-subsets of range(n) as rows of a numpy array, in lexicographic order."""
    rows = np.arange(n - k + 1, dtype=np.int8)[:, None]
    for width in range(2, k + 1):
        last = rows[:, -1].astype(np.int64)
        room = n - (k - width) - 1 - last  # the next card can go from last+1 to this
        grow = np.repeat(rows, room, axis=0)
        first = np.repeat(last + 1, room)
        offset = np.arange(int(room.sum())) - np.repeat(np.cumsum(room) - room, room)
        rows = np.hstack([grow, (first + offset).astype(np.int8)[:, None]])
    return rows


def write_table(path: str, rows: Mapping[tuple[int, int, bool], tuple[float, float]],
                header: Mapping[str, Any],
                previous: Mapping[tuple[int, int, bool], tuple[float, float]] | None = None,
                ) -> None:
    """Write a table in the shipped JSON format: a header saying how it was made,
    then one row per pair class ``[low, high, suited, own_ev, opponent_ev]``, and
    (optionally) the table the last round started from, in the same form."""
    def body(table: Mapping[tuple[int, int, bool], tuple[float, float]]) -> str:
        lines = [json.dumps([Rank(lo).name, Rank(hi).name, int(suited),
                             round(own, 6), round(opp, 6)])
                 for (lo, hi, suited), (own, opp) in sorted(table.items())]
        return "[\n    " + ",\n    ".join(lines) + "\n  ]"

    text = ('{\n  "header": ' + json.dumps(dict(header), indent=2).replace("\n", "\n  ")
            + ',\n  "columns": ["low", "high", "suited", "own_crib", "opponent_crib"],'
            + '\n  "rows": ' + body(rows))
    if previous is not None:
        text += ',\n  "last_round_input": ' + body(previous)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text + "\n}\n")
