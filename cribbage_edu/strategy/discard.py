"""The discard: which two of your six cards to throw into the crib.

:func:`advise` weighs all 15 ways to throw two of six cards. For each it gives the
exact expected hand (the mean over the 46 starters you cannot see), the worst and
best hand, the expected crib from the crib table (:mod:`cribbage_edu.tables.cribtable`),
and the net: hand plus crib when the crib is yours (``dealer=True``), hand minus
crib when it is the opponent's.

>>> best = advise("5H 5C 6D JS QH 2C", dealer=True)[0]
>>> str(best.keep), str(best.discard), best.hand_ev, (best.hand_min, best.hand_max)
('5C 5H JS QH', '2C 6D', Fraction(292, 23), (10, 21))
>>> best.explanation
'keep 5♣ 5♥ J♠ Q♥, throw 2♣ 6♦ to your crib: hand 12.70 (10 to 21) + crib 3.76 = 16.46'

Each option also carries the play, in a column of its own: the net pegging of the
four kept cards (what you peg less what the opponent pegs, in your role), from the
simulated pegging table (:mod:`cribbage_edu.tables.pegtable`), with its 95% interval, and
``with_pegging``, the net plus it. ``advise(..., pegging=True)`` ranks by that.

>>> best = advise("5H 5C 6D JS QH 2C", dealer=True, pegging=True)[0]
>>> print(best.pegging_explanation)  # doctest: +ELLIPSIS
in the play, keep ...: you peg ... and the opponent ...: net ... ± ... (simulated)

:func:`starter_distribution` shows what each possible starter does to four kept
cards.

>>> dist = starter_distribution("5H 5C JS QH", seen="6D 2C")
>>> dist.n_starters, dist.expected, dist.counts[21]
(46, Fraction(292, 23), 1)

How it is fast: fifteens, pairs and runs depend only on ranks, so for each
multiset of six ranks the rank points of all 15 keeps with each starter rank are
worked out once and remembered, weighted by how many starters of that rank are
unseen; the flush and nobs are then counted (a four-card flush scores 4 with every
starter and one more for each unseen card of its suit; a kept jack scores nobs for
each unseen card of its suit). The crib is one table lookup. A computer player that
only needs the choice calls :func:`best_discard`, which builds no objects.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..rules.cards import FULL_DECK, Card, CardLike, Hand, Rank, distinct_cards, parse_cards
from ..rules.errors import IllegalHandError
from ..rules.scoring import HandScore, Kind, score_hand
from ..tables.cribtable import crib_slot, crib_values
from ..tables.pegtable import peg_values
from .ranks import SPLITS, keep_rank_points, starter_rank_points

__all__ = [
    "DiscardOption",
    "StarterDistribution",
    "advise",
    "best_discard",
    "discard_table",
    "starter_distribution",
]

UNSEEN_STARTERS = 46
"""Starters a player who holds six cards cannot see."""


def _six(cards: str | Iterable[CardLike]) -> list[Card]:
    if type(cards) is list and len(cards) == 6 and all(type(c) is Card for c in cards):
        six = sorted(cards)
        if len({c.index for c in six}) == 6:
            return six
    hand = distinct_cards(cards, 6, "the hand to discard from")
    return sorted(hand)


def _prepare(cards: str | Iterable[CardLike]
             ) -> tuple[list[Card], tuple[tuple[int, int, int], ...], list[int]]:
    """The six cards sorted, the rank parts of each keep, and how many unseen cards
    of each suit remain (13 less those held)."""
    six = _six(cards)
    parts = keep_rank_points(tuple(int(c.rank) for c in six))
    suit_left = [13, 13, 13, 13]
    for card in six:
        suit_left[card.suit] -= 1
    return six, parts, suit_left


def _suit_part(six: list[Card], keep: tuple[int, ...],
               suit_left: list[int]) -> tuple[int, bool]:
    """Flush and nobs points summed over the 46 unseen starters, and whether the
    keep has any (so its least and greatest need a closer look)."""
    a, b, c, d = (six[i] for i in keep)
    total = 0
    special = False
    suit = a.suit
    if b.suit is suit and c.suit is suit and d.suit is suit:
        total += 4 * UNSEEN_STARTERS + suit_left[suit]
        special = True
    for card in (a, b, c, d):
        if card.rank is Rank.JACK:
            total += suit_left[card.suit]
            special = True
    return total, special


def best_discard(cards: str | Iterable[CardLike], *, dealer: bool) -> tuple[Hand, Hand]:
    """The keep and the throw with the best net expectation: what :func:`advise`
    puts first, without building the 15 options (about 0.1 ms; for computer players).

    >>> keep, throw = best_discard("5H 5C 6D JS QH 2C", dealer=False)
    >>> str(keep), str(throw)
    ('5C 5H JS QH', '2C 6D')
    """
    six, parts, suit_left = _prepare(cards)
    table = crib_values(dealer)
    sign = 1.0 if dealer else -1.0
    best = -1e9
    best_split = SPLITS[0]
    for n, split in enumerate(SPLITS):
        keep, (i, j) = split
        total = parts[n][0] + _suit_part(six, keep, suit_left)[0]
        a, b = six[i], six[j]
        net = total / UNSEEN_STARTERS + sign * table[crib_slot(a.rank, b.rank, a.suit is b.suit)]
        if net > best + 1e-12:
            best, best_split = net, split
    keep, throw = best_split
    return Hand(six[i] for i in keep), Hand(six[i] for i in throw)


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to throw two of six cards, with what it is worth on average.

    ``hand_ev`` is exact (a Fraction over the 46 unseen starters); ``crib_ev`` is
    the crib table's value of the throw (always the crib's points, positive);
    ``net_ev`` is ``hand_ev + crib_ev`` for the dealer and ``hand_ev - crib_ev`` for
    pone. ``peg_ev`` is the net pegging of the kept cards (yours less the opponent's)
    from the simulated pegging table, ``peg_error`` the half-width of its 95% interval,
    and ``with_pegging`` is ``net_ev + peg_ev``.
    """

    keep: Hand
    discard: Hand
    hand_ev: Fraction
    hand_min: int
    hand_max: int
    crib_ev: float
    net_ev: float
    dealer: bool
    peg_ev: float = 0.0
    peg_error: float = 0.0
    peg_mine: float = 0.0
    peg_theirs: float = 0.0

    @property
    def with_pegging(self) -> float:
        """The net with the pegging of the kept cards added: hand, crib and play."""
        return self.net_ev + self.peg_ev

    @property
    def pegging_explanation(self) -> str:
        """The pegging column in one sentence, with its interval."""
        return (f"in the play, keep {self.keep.symbols}: you peg {self.peg_mine:.2f} and the "
                f"opponent {self.peg_theirs:.2f}: net {self.peg_ev:+.2f} ± "
                f"{self.peg_error:.2f} (simulated)")

    @property
    def explanation(self) -> str:
        """The option in one sentence, with its numbers."""
        whose = "your" if self.dealer else "the opponent's"
        sign = "+" if self.dealer else "-"
        return (f"keep {self.keep.symbols}, throw {self.discard.symbols} to {whose} crib: "
                f"hand {float(self.hand_ev):.2f} ({self.hand_min} to {self.hand_max}) "
                f"{sign} crib {self.crib_ev:.2f} = {self.net_ev:.2f}")

    def __str__(self) -> str:
        return self.explanation

    def to_dict(self) -> dict[str, Any]:
        """Plain data, ready for JSON (the expected hand as a float and as a fraction).

        >>> advise("AC 2C 3C 4C 5C 6C", dealer=True)[0].to_dict()["discard"]
        ['2C', '3C']
        """
        return {
            "keep": [str(c) for c in self.keep],
            "discard": [str(c) for c in self.discard],
            "hand_ev": float(self.hand_ev),
            "hand_ev_fraction": str(self.hand_ev),
            "hand_min": self.hand_min,
            "hand_max": self.hand_max,
            "crib_ev": self.crib_ev,
            "net_ev": self.net_ev,
            "dealer": self.dealer,
            "peg_ev": self.peg_ev,
            "peg_error": self.peg_error,
            "with_pegging": self.with_pegging,
        }


def advise(cards: str | Iterable[CardLike], *, dealer: bool,
           pegging: bool = False) -> list[DiscardOption]:
    """All 15 ways to throw two of these six cards, best first by ``net_ev`` (ties:
    the better hand first, then the order of the cards); with ``pegging=True``, best
    first by ``with_pegging`` (the net pegging of the kept cards added).

    >>> options = advise("AC 2C 3C 4C 5C 6C", dealer=False)
    >>> len(options), str(options[0].keep)
    (15, '3C 4C 5C 6C')
    >>> advise("5H 5C 6D", dealer=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalHandError: the hand to discard from must have 6 cards, got 3: ...
    """
    six, parts, suit_left = _prepare(cards)
    table = crib_values(dealer)
    sign = 1.0 if dealer else -1.0
    scored = []
    for n, (keep, (i, j)) in enumerate(SPLITS):
        rank_sum, low, high = parts[n]
        suit_sum, special = _suit_part(six, keep, suit_left)
        total = rank_sum + suit_sum
        if special:
            low, high = _extremes(six, keep)
        a, b = six[i], six[j]
        crib = table[crib_slot(a.rank, b.rank, a.suit is b.suit)]
        net = total / UNSEEN_STARTERS + sign * crib
        scored.append((-net, -total, n, keep, (a, b), low, high, crib, net, total))
    scored.sort(key=lambda row: row[:3])
    plays = peg_values(dealer=dealer)
    options = []
    for _, _, _, keep, throw, low, high, crib, net, total in scored:
        w, x, y, z = sorted(int(six[k].rank) for k in keep)
        play = plays[w, x, y, z]
        options.append(DiscardOption(Hand(six[k] for k in keep), Hand(throw),
                                     Fraction(total, UNSEEN_STARTERS), low, high, crib, net,
                                     dealer, play.net, play.net_error, play.mine,
                                     play.theirs))
    if pegging:
        options.sort(key=lambda o: -o.with_pegging)  # stable: ties keep the order above
    return options


def _extremes(six: list[Card], keep: tuple[int, ...]) -> tuple[int, int]:
    """The least and greatest hand over the unseen starters, when a flush or a kept
    jack makes the starter's suit matter."""
    kept = [six[i] for i in keep]
    row = starter_rank_points(tuple(sorted(int(c.rank) for c in kept)))
    bonus = [0, 0, 0, 0]
    suit = kept[0].suit
    if all(c.suit is suit for c in kept):
        bonus = [4, 4, 4, 4]
        bonus[suit] += 1
    for card in kept:
        if card.rank is Rank.JACK:
            bonus[card.suit] += 1
    held = {c.index for c in six}
    totals = [row[c.rank.offset] + bonus[c.suit] for c in FULL_DECK if c.index not in held]
    return min(totals), max(totals)


def discard_table(options: Iterable[DiscardOption], *, pegging: bool = True,
                  symbols: bool = False) -> list[list[str]]:
    """The options as rows of text for a table, a header first: keep, throw, hand,
    min-max, crib, net, then (unless ``pegging=False``) the pegging column with its 95%
    interval and the net with pegging. The one table of the throws: the command line
    prints it, the discard trainer draws it. ``symbols=True`` writes the cards as a
    notebook shows them (``5♥``), else as they are typed (``5H``).

    >>> discard_table(advise("5H 5C 6D JS QH 2C", dealer=True))[0]
    ['keep', 'throw', 'hand', 'range', 'crib', 'net', 'pegging', 'with pegging']
    >>> discard_table(advise("5H 5C 6D JS QH 2C", dealer=True), pegging=False,
    ...               symbols=True)[1]
    ['5♣ 5♥ J♠ Q♥', '2♣ 6♦', '12.70', '10-21', '+3.76', '16.46']
    """
    rows = [["keep", "throw", "hand", "range", "crib", "net"]]
    if pegging:
        rows[0] += ["pegging", "with pegging"]
    for o in options:
        sign = "+" if o.dealer else "-"
        cards = (o.keep.symbols, o.discard.symbols) if symbols else (str(o.keep), str(o.discard))
        row = [*cards, f"{float(o.hand_ev):.2f}", f"{o.hand_min}-{o.hand_max}",
               f"{sign}{o.crib_ev:.2f}", f"{o.net_ev:.2f}"]
        if pegging:
            row += [f"{o.peg_ev:+.2f}±{o.peg_error:.2f}", f"{o.with_pegging:.2f}"]
        rows.append(row)
    return rows


# --- the starter --------------------------------------------------------------------------

@dataclass(frozen=True)
class StarterDistribution:
    """What every starter that can still come does to four kept cards.

    ``starters`` maps each total to the starters that make it; ``counts`` to how many
    there are; ``expected`` is the exact mean; ``scores`` holds every starter's
    itemised :class:`~cribbage_edu.rules.scoring.HandScore`.
    """

    keep: Hand
    seen: Hand
    crib: bool
    scores: dict[Card, HandScore]

    @property
    def n_starters(self) -> int:
        return len(self.scores)

    @property
    def starters(self) -> dict[int, tuple[Card, ...]]:
        by_total: dict[int, list[Card]] = {}
        for card, score in self.scores.items():
            by_total.setdefault(score.total, []).append(card)
        return {t: tuple(by_total[t]) for t in sorted(by_total)}

    @property
    def kind_means(self) -> dict[Kind, Fraction]:
        """The exact mean points of each kind (fifteens, pairs, runs, flush, nobs) over
        the starters that can come.

        >>> dist = starter_distribution("5H 5C 5S JD")
        >>> float(sum(dist.kind_means.values())) == float(dist.expected)
        True
        """
        sums = dict.fromkeys((Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS), 0)
        for score in self.scores.values():
            for item in score.items:
                sums[item.kind] += item.points
        return {kind: Fraction(total, self.n_starters) for kind, total in sums.items()}

    @property
    def counts(self) -> dict[int, int]:
        return {t: len(cards) for t, cards in self.starters.items()}

    @property
    def probabilities(self) -> dict[int, Fraction]:
        n = self.n_starters
        return {t: Fraction(k, n) for t, k in self.counts.items()}

    @property
    def expected(self) -> Fraction:
        return Fraction(sum(s.total for s in self.scores.values()), self.n_starters)

    @property
    def minimum(self) -> int:
        return min(self.counts)

    @property
    def maximum(self) -> int:
        return max(self.counts)

    def to_dict(self) -> dict[str, Any]:
        """Plain data: each total with its starters, and the mean."""
        return {
            "keep": [str(c) for c in self.keep],
            "seen": [str(c) for c in self.seen],
            "crib": self.crib,
            "n_starters": self.n_starters,
            "expected": float(self.expected),
            "expected_fraction": str(self.expected),
            "starters": {str(t): [str(c) for c in cards] for t, cards in self.starters.items()},
        }

    def __repr__(self) -> str:
        return (f"<StarterDistribution '{self.keep}' over {self.n_starters} starters: "
                f"mean {float(self.expected):.2f}>")


def starter_distribution(keep: str | Iterable[CardLike], seen: str | Iterable[CardLike] = (),
                         *, crib: bool = False) -> StarterDistribution:
    """The exact distribution of four kept cards over the starters that can still
    come: every card but the four and those already ``seen`` (your two thrown
    cards, say). ``crib=True`` scores them as a crib.

    >>> dist = starter_distribution("5H 5C 5S JD")
    >>> dist.n_starters, dist.maximum, dist.starters[29], dist.counts[14]
    (48, 29, (Card.parse('5D'),), 24)
    """
    kept = distinct_cards(keep, 4, "the kept hand")
    known = parse_cards(seen)
    overlap = [c for c in known if c in set(kept)]
    if overlap:
        raise IllegalHandError(f"the seen card {overlap[0]} is also in the kept hand '{kept}'")
    gone = set(kept) | set(known)
    scores = {s: score_hand(kept, s, crib=crib) for s in FULL_DECK if s not in gone}
    if not scores:  # every mean and chance would divide by zero starters
        raise IllegalHandError(f"no starter can come: every card but the kept hand '{kept}' "
                               f"is seen")
    return StarterDistribution(kept, Hand(known), crib, scores)
