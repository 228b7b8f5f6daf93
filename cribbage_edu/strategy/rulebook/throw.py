"""The rules of thumb for the throw, in the course's words (lesson 12), each a :class:`Rule`
on a :class:`ThrowPosition` (six cards, dealer or pone) whose choices are the 15 throws of
two cards; and the one small table a learner carries for it: how hot two thrown cards are
(:func:`heat`) and what each heat is worth in a crib (:func:`crib_by_heat`).

A worked throw: as pone with 5♥ 5♣ 6♦ J♠ Q♥ 2♣, "never give the dealer a five" keeps
both fives; the most points now are then 5-5-J-Q's 10 (four fifteens, 5+J and 5+Q with
each five, and the pair), which only the throw 2-6 keeps (2-6 is heat 0 besides: they
neither touch nor add to five or fifteen):

>>> six = ThrowPosition.parse("5H 5C 6D JS QH 2C", dealer=False)
>>> str(follow(Procedure("pone", (NEVER_GIVE_THE_DEALER_A_FIVE, POINTS_NOW, COLD)), six,
...            six.choices))
'2C 6D'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, pairwise

from ...rules.board import GAME_HOLE
from ...rules.cards import FIFTEEN, Card, CardLike, Hand, Rank, distinct_cards, parse_cards
from ...rules.checks import flag, two_scores
from ...rules.errors import IllegalActionError
from ...rules.game import PlayerView
from ...rules.options import game_target
from ...tables.cribtable import crib_ev, pair_classes
from ..players import points_before_starter
from ..ranks import held_rank_points
from .procedure import Procedure, Rule, follow

__all__ = [
    "COLD",
    "COUNT_TABLE",
    "CRIB_TABLES",
    "HEAT_MARGIN",
    "HEAT_TABLE",
    "KEEP_A_FLUSH",
    "KEEP_A_PAIR",
    "KEEP_A_RUN",
    "KEEP_TABLE",
    "KEEP_TERMS",
    "KEEP_YOUR_FIVES",
    "NEVER_GIVE_THE_DEALER_A_FIVE",
    "POINTS_NOW",
    "THROW_A_KING",
    "ThrowPosition",
    "count_the_keep",
    "crib_by_heat",
    "crib_count",
    "crib_counted",
    "feed_your_crib",
    "heat",
    "keep_figures",
    "keep_it_cold",
    "keep_terms",
    "points_and_heat",
    "pone_besides",
    "throw_rules",
]

THROWN = 2
"""Cards a player throws to the crib in the two-handed game."""
HELD = 6
"""Cards dealt to each player."""


def heat(thrown: str | Iterable[CardLike]) -> int:
    """How good two thrown cards are for a crib, on a scale a player can remember:
    3 for 5-5 or a 5 with a ten-card; 2 for any other 5, two cards that add to five or to
    fifteen (A-4, 2-3; 6-9, 7-8), a pair (but a pair of tens, queens or kings only 1), or
    6-7, 6-8 or 8-9 (the middle cards that make runs and fifteens with the most cards);
    1 for other cards that touch or are one apart; 0 for the rest. Checked against both crib
    tables over every pair of ranks (``tests/test_lessons.py``): a higher heat never
    means a lower crib average by more than :data:`HEAT_MARGIN` points.

    >>> [heat(pair) for pair in ("5H 5C", "5H KD", "7H 8S", "2C 3D", "AH 4S", "6C 7D",
    ...                          "KC KD", "9C JD", "7S 9H", "10D KS")]
    [3, 3, 2, 2, 2, 2, 1, 1, 1, 0]
    """
    a, b = parse_cards(thrown)
    five, ten = Rank.FIVE.value, Rank.TEN.value
    fives = sum(c.rank == Rank.FIVE for c in (a, b))
    if fives == 2 or (fives == 1 and ten in (a.value, b.value)):
        return 3
    pair = a.rank == b.rank
    if fives or a.value + b.value in (five, FIFTEEN) or (
            pair and (a.value < ten or a.rank == Rank.JACK)) or (
            tuple(sorted((int(a.rank), int(b.rank)))) in MIDDLE_RUNS):
        return 2
    return 1 if pair or abs(int(a.rank) - int(b.rank)) <= 2 else 0


MIDDLE_RUNS = ((6, 7), (6, 8), (8, 9))
"""The middle ranks that touch or are one apart and are worth a heat of 2: in the
opponent's crib 6-7 is worth more than A-4, A-A or 2-2 (7-9 is not: it makes no fifteen
with a card under five)."""

HEAT_MARGIN = 0.75
"""How much lower, at most, the crib average of a throw may be than that of a throw of
lower heat, in either crib table (measured: 0.50 in your own crib, 0.56 in the
opponent's)."""

HEATS = (0, 1, 2, 3)
HEAT_TABLE = "the heat of two cards"
COUNT_TABLE = "the crib count"
KEEP_TABLE = "what to count in a keep"
CRIB_TABLES = (HEAT_TABLE, COUNT_TABLE)
"""The two ways to price a throw to the crib: a learner carries one."""
FIVE = Rank.FIVE.value
TEN = Rank.TEN.value


@cache
def crib_by_heat(dealer: bool) -> tuple[float, ...]:
    """What two thrown cards of each heat (0 to 3) are worth in a crib on average, to a
    tenth of a point: the crib table's averages (your own crib as ``dealer``, else the
    opponent's) over every two cards of that heat, each kind of pair weighed by the ways
    to hold it (12 for two ranks unsuited, 4 suited, 6 for a pair). The small table a
    learner carries.

    >>> mine, his = crib_by_heat(True), crib_by_heat(False)
    >>> mine[0] < mine[1] < mine[2] < mine[3], his[0] < his[1] < his[2] < his[3]
    (True, True)
    """
    sums = [0.0] * len(HEATS)
    ways = [0] * len(HEATS)
    for low, high, suited in pair_classes():
        a = Card(low, 0)
        b = Card(high, 0 if suited else 1)
        count = 6 if low == high else 4 if suited else 12
        h = heat((a, b))
        sums[h] += count * crib_ev((a, b), dealer=dealer)
        ways[h] += count
    return tuple(round(s / w, 1) for s, w in zip(sums, ways, strict=True))


CRIB_GROUPS = (("low", (1, 2, 3, 4)), ("five", (5,)), ("middle", (6, 7, 8, 9)),
               ("jack", (11,)), ("ten", (10, 12, 13)))
"""The kinds of card the crib count prices alike: under five, the five, six to nine, the
jack (nobs) and the other ten-cards."""
CRIB_BONUSES = ("pair", "fifteen", "five", "touch", "gap")
"""What two thrown cards add together: a pair, fifteen, five (A-4, 2-3), ranks that touch,
ranks one apart."""
CRIB_STEP = 0.5
"""The crib count is rounded to half points, to be learnt."""


def _crib_features(a: Card, b: Card) -> list[float]:
    row = [float(int(a.rank) in ranks) + float(int(b.rank) in ranks) for _, ranks in CRIB_GROUPS]
    gap = abs(int(a.rank) - int(b.rank))
    return [*row, float(gap == 0), float(a.value + b.value == FIFTEEN),
            float(a.value + b.value == FIVE), float(gap == 1), float(gap == 2)]


def least_squares(rows: list[list[float]], values: list[float], weights: list[float]
                  ) -> list[float]:
    """The weights ``x`` that make ``sum(w * (row . x - value) ** 2)`` least: the normal
    equations solved by elimination (a handful of unknowns; no numpy in the engine).

    >>> least_squares([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], [1.0, 2.0, 3.0], [1.0, 1.0, 1.0])
    [1.0, 2.0]
    """
    n = len(rows[0])
    system = [[sum(w * r[i] * r[j] for r, w in zip(rows, weights, strict=True))
               for j in range(n)]
              + [sum(w * r[i] * v for r, v, w in zip(rows, values, weights, strict=True))]
              for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda k: abs(system[k][col]))
        system[col], system[pivot] = system[pivot], system[col]
        for k in range(n):
            if k != col:
                factor = system[k][col] / system[col][col]
                system[k] = [a - factor * b for a, b in zip(system[k], system[col], strict=True)]
    return [round(system[i][n] / system[i][i], 12) for i in range(n)]


@cache
def crib_count(dealer: bool) -> dict[str, float]:
    """The crib in a small table a learner can learn: what each kind of card thrown is
    worth (:data:`CRIB_GROUPS`) and what the two add together (:data:`CRIB_BONUSES`), to
    half a point, as the best fit (least squares) to the crib table's averages for your own
    crib as ``dealer``, else the opponent's, over every kind of pair, each weighed by the
    ways to hold it (12 for two ranks unsuited, 4 suited, 6 for a pair).

    >>> mine = crib_count(True)
    >>> mine["five"] > mine["low"] > mine["ten"], mine["+pair"] > 0, mine["+fifteen"] > 0
    (True, True, True)
    """
    rows, values, weights = [], [], []
    for low, high, suited in pair_classes():
        a, b = Card(low, 0), Card(high, 0 if suited else 1)
        rows.append(_crib_features(a, b))
        values.append(crib_ev((a, b), dealer=dealer))
        weights.append(6.0 if low == high else 4.0 if suited else 12.0)
    fit = least_squares(rows, values, weights)
    names = [name for name, _ in CRIB_GROUPS] + [f"+{b}" for b in CRIB_BONUSES]
    return {n: round(float(w) / CRIB_STEP) * CRIB_STEP for n, w in zip(names, fit, strict=True)}


def crib_counted(thrown: Iterable[Card], dealer: bool) -> float:
    """Two thrown cards' worth in a crib by the crib count (:func:`crib_count`).

    >>> table = crib_count(True)
    >>> crib_counted(Hand("5H 10S"), True) == table["five"] + table["ten"] + table["+fifteen"]
    True
    """
    a, b = thrown
    table = crib_count(dealer)
    return sum(w * n for w, n in zip(table.values(), _crib_features(a, b), strict=True))


@dataclass(frozen=True)
class ThrowPosition:
    """Six cards dealt (in deck order) and whether their holder is the ``dealer``, and the
    board (``scores``, the holder's first, and the ``target``: only the board's rules read
    them, :mod:`.board`); its ``choices`` are the 15 throws of two, in the order of
    :func:`itertools.combinations` over the six."""

    six: Hand
    dealer: bool
    scores: tuple[int, int] = (0, 0)
    target: int = GAME_HOLE
    choices: tuple[Hand, ...] = field(init=False, repr=False, compare=False)
    keeps: dict[Hand, Hand] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        six = Hand(sorted(distinct_cards(self.six, HELD, "the six cards")))
        object.__setattr__(self, "six", six)
        object.__setattr__(self, "dealer", flag(self.dealer, "dealer"))
        object.__setattr__(self, "target", game_target(self.target))
        object.__setattr__(self, "scores", two_scores(self.scores, self.target, "scores"))
        choices = tuple(Hand(t) for t in combinations(six, THROWN))
        object.__setattr__(self, "choices", choices)
        object.__setattr__(self, "keeps", {t: Hand(c for c in six if c not in t)
                                           for t in choices})

    @classmethod
    def parse(cls, six: str | Iterable[CardLike], *, dealer: bool,
              scores: tuple[int, int] = (0, 0), target: int = GAME_HOLE) -> ThrowPosition:
        return cls(parse_cards(six), dealer, scores, target)

    @classmethod
    def from_view(cls, view: PlayerView) -> ThrowPosition:
        """The six of the player of ``view`` (a game at the throw), with the board."""
        me = view.player
        return cls(view.hand, view.is_dealer, (view.scores[me], view.scores[1 - me]),
                   view.target)

    def kept(self, thrown: Hand) -> Hand:
        """The four cards kept when ``thrown`` (one of the :attr:`choices`) go to the
        crib."""
        return self.keeps[thrown]

    @property
    def most_points_now(self) -> int:
        """The most that any four of the six score before the starter."""
        return _most_points_now(self.six)


def points_now(position: ThrowPosition, thrown: Hand) -> int:
    """What the four kept score before the starter (fifteens, pairs, runs, a flush)."""
    return _points_now(position.kept(thrown))


@cache
def _points_now(kept: Hand) -> int:
    return points_before_starter(kept)


@cache
def _most_points_now(six: Hand) -> int:
    return max(_points_now(Hand(k)) for k in combinations(six, HELD - THROWN))


def _sign(position: ThrowPosition) -> int:
    return 1 if position.dealer else -1


def _fives(cards: Iterable[Card]) -> int:
    return sum(c.rank == Rank.FIVE for c in cards)


def _always(position: ThrowPosition) -> bool:
    return True


def _as_pone(position: ThrowPosition) -> bool:
    return not position.dealer


def _as_dealer(position: ThrowPosition) -> bool:
    return position.dealer


ThrowRule = Rule[ThrowPosition, Hand]

POINTS_NOW = ThrowRule("keep the most points now", _always, points_now)
"""Keep the four that score most before the starter."""

COLD = ThrowRule("throw hot to your own crib, cold to his", _always,
                 lambda p, t: _sign(p) * heat(t), (HEAT_TABLE,))
"""Give your own crib the hottest two, the opponent's the coldest."""

NEVER_GIVE_THE_DEALER_A_FIVE = ThrowRule(
    "never give the dealer a five", _as_pone, lambda p, t: -_fives(t))
"""As pone, throw no five when you can help it."""

KEEP_YOUR_FIVES = ThrowRule("keep your fives", _always, lambda p, t: -_fives(t))
"""Keep every five (a five makes fifteen with sixteen starters), dealer or pone."""


def _has_run(cards: Iterable[Card]) -> bool:
    ranks = {int(c.rank) for c in cards}
    return any(r + 1 in ranks and r + 2 in ranks for r in ranks)


KEEP_A_RUN = ThrowRule("keep a run", _always, lambda p, t: _has_run(p.kept(t)))
"""Keep three cards in a row when you hold them."""


KEEP_A_PAIR = ThrowRule("keep your pairs", _always,
                        lambda p, t: len(p.kept(t)) - len({c.rank for c in p.kept(t)}))
"""Keep the pairs you hold (a pair kept is 2 now and a pair royal with a third turned)."""

THROW_A_KING = ThrowRule("as pone, throw a king if you can", _as_pone,
                         lambda p, t: any(c.rank == Rank.KING for c in t))
"""A king starts no run from above: the coldest card for the opponent's crib."""

KEEP_A_FLUSH = ThrowRule("keep four of a suit", _always,
                         lambda p, t: len({c.suit for c in p.kept(t)}) == 1)
"""Four of a suit kept are 4 now, 5 if the starter matches."""


def points_and_heat(weight: float) -> ThrowRule:
    """"Points now + heat": keep the four with the most points now plus ``weight`` times
    the heat of the throw as dealer (less it as pone).

    >>> six = ThrowPosition.parse("5H KD 7C 7S 2D 9H", dealer=True)
    >>> [str(t) for t in points_and_heat(1).keep(six, six.choices)]  # 7-7 + 2 vs K-5 hot
    ['5H KD']
    """
    return ThrowRule(f"points now + {weight:g} x heat", _always,
                     lambda p, t: points_now(p, t) + weight * _sign(p) * heat(t), (HEAT_TABLE,))


KEEP_TERMS = ("ten_turned", "five", "ten", "jack", "low", "touch", "gap", "pair")
"""What a learner counts in the four kept, besides the points now (:func:`keep_terms`)."""
TERM_WORDS = {"ten_turned": "each point a ten turned would add", "five": "a five",
              "ten": "a ten-card", "jack": "a jack", "low": "a card under five",
              "touch": "two ranks that touch", "gap": "two ranks one apart",
              "pair": "a pair"}


def keep_terms(position: ThrowPosition, thrown: Hand) -> dict[str, int]:
    """The things a learner counts in the four kept: the points a ten turned up would add
    (the likeliest starter: 16 ten-cards in 46; counted as a 10, the rank of no run with
    a jack), fives, ten-cards, jacks, cards under five, ranks that touch, ranks one apart
    (a starter between them makes a run) and pairs.

    Kept 4-5-6-6, a ten turned makes one more fifteen (5+10) and nothing else, 2 points:

    >>> six = ThrowPosition.parse("4C 5D 6H 6S JC KD", dealer=True)
    >>> keep_terms(six, Hand("JC KD"))
    {'ten_turned': 2, 'five': 1, 'ten': 0, 'jack': 0, 'low': 1, 'touch': 2, 'gap': 0, 'pair': 1}
    """
    kept = position.kept(thrown)
    ranks = sorted({int(c.rank) for c in kept})
    held = [int(c.rank) for c in kept]
    return {"ten_turned": held_rank_points([*held, TEN]) - held_rank_points(held),
            "five": _fives(kept), "ten": sum(c.value == TEN for c in kept),
            "jack": sum(c.rank == Rank.JACK for c in kept),
            "low": sum(c.value < FIVE for c in kept),
            "touch": sum(b - a == 1 for a, b in pairwise(ranks)),
            "gap": sum(b - a == 2 for a, b in pairwise(ranks)),
            "pair": len(kept) - len(ranks)}


def pone_besides(dealer: Mapping[str, float], pone: Mapping[str, float]
                 ) -> dict[str, float] | None:
    """What pone counts besides the dealer, when a keep table is one column: pone counts
    every thing the dealer counts, at the dealer's weight, and some things the dealer does
    not count; ``None`` when the two roles weigh a thing differently (a table by role).

    >>> pone_besides({"five": 0.5, "ten": -0.5}, {"five": 0.5, "ten": -0.5, "ten_turned": 0.25})
    {'ten_turned': 0.25}
    >>> pone_besides({"five": 0.5}, {"five": 1.0}) is None
    True
    """
    if any(pone.get(term, 0.0) != weight for term, weight in dealer.items() if weight):
        return None
    return {term: weight for term, weight in pone.items() if weight and not dealer.get(term)}


def keep_figures(dealer: Mapping[str, float], pone: Mapping[str, float]) -> int:
    """How many figures a learner carries for a keep table: one column and what pone
    counts besides it (:func:`pone_besides`), or a column for each role.

    >>> keep_figures({"five": 0.5, "ten": -0.5}, {"five": 0.5, "ten": -0.5, "ten_turned": 0.25})
    3
    >>> keep_figures({"five": 0.5, "ten": -0.5}, {"five": 1.0, "ten": -0.5})
    4
    """
    besides = pone_besides(dealer, pone)
    counted = len([w for w in dealer.values() if w])
    return counted + (len([w for w in pone.values() if w]) if besides is None else len(besides))


def count_the_keep(dealer: Mapping[str, float] | None = None,
                   pone: Mapping[str, float] | None = None, crib: str = "heat") -> ThrowRule:
    """"Count the keep": the points now, plus the crib by heat as dealer (less it as pone:
    :func:`crib_by_heat`), plus so much for each thing counted in the four kept
    (:func:`keep_terms`), by role: the small table a learner carries. When pone counts all
    the dealer counts alike (:func:`pone_besides`), the name says the table as one column.

    >>> name = count_the_keep({"five": 0.5}, {"five": 0.5, "ten_turned": 0.25}, "count").name
    >>> name.split("; ")[1:]
    ['dealer and pone +0.5 a five', 'pone besides +0.25 each point a ten turned would add']
    >>> six = ThrowPosition.parse("5H KD 7C 7S 2D 9H", dealer=False)
    >>> [str(t) for t in count_the_keep().keep(six, six.choices)]  # 5-7-7-K keeps 6 now
    ['2D 9H']
    """
    weights = {True: dict(dealer or {}), False: dict(pone or {})}
    for table in weights.values():
        unknown = set(table) - set(KEEP_TERMS)
        if unknown:
            raise IllegalActionError(f"no such thing to count in a keep: {sorted(unknown)}")

    def words(table: Mapping[str, float]) -> str:
        return ", ".join(f"{w:+g} {TERM_WORDS[t]}" for t, w in table.items() if w) or "nothing"
    if crib not in ("heat", "count"):
        raise IllegalActionError(f"the crib is priced by 'heat' or by 'count', not {crib!r}")
    by_heat = crib == "heat"
    besides = pone_besides(weights[True], weights[False])
    if besides is not None and any(weights[True].values()):  # one column, and pone's besides
        name = (f"count the keep: points now +/- the crib by {crib}; dealer and pone "
                f"{words(weights[True])}" + (f"; pone besides {words(besides)}" if besides
                                             else ""))
    else:
        name = (f"count the keep: points now +/- the crib by {crib}; as dealer "
                f"{words(weights[True])}; as pone {words(weights[False])}")

    def value(p: ThrowPosition, t: Hand) -> float:
        table = weights[p.dealer]
        extra = sum(w * n for term, n in keep_terms(p, t).items()
                    if (w := table.get(term, 0.0)))
        cribbed = crib_by_heat(p.dealer)[heat(t)] if by_heat else crib_counted(t, p.dealer)
        return points_now(p, t) + _sign(p) * cribbed + extra
    return ThrowRule(name, _always, value, (HEAT_TABLE if by_heat else COUNT_TABLE, KEEP_TABLE))


def keep_it_cold(give: int) -> ThrowRule:
    """"Keep it cold": as pone, throw cold two (heat 0 or 1) when that costs at most
    ``give`` points now against the most you could keep.

    >>> six = ThrowPosition.parse("5H KD 7C 8S 2D 9H", dealer=False)
    >>> sorted(heat(t) for t in keep_it_cold(2).keep(six, six.choices))[-1] <= 1
    True
    """
    def value(p: ThrowPosition, t: Hand) -> float:
        return float(heat(t) <= 1 and points_now(p, t) >= p.most_points_now - give)
    return ThrowRule(f"keep it cold (give up at most {give} now)", _as_pone, value,
                     (HEAT_TABLE,))


def feed_your_crib(give: int) -> ThrowRule:
    """"Feed your own crib": as dealer, throw hot two (heat 2 or 3) when that costs at most
    ``give`` points now against the most you could keep."""
    def value(p: ThrowPosition, t: Hand) -> float:
        return float(heat(t) >= 2 and points_now(p, t) >= p.most_points_now - give)
    return ThrowRule(f"feed your own crib (give up at most {give} now)", _as_dealer, value,
                     (HEAT_TABLE,))


def throw_rules() -> dict[str, ThrowRule]:
    """Every rule of the throw the search may use, by its name: the course's rules and
    their variants by threshold or weight."""
    rules = [POINTS_NOW, COLD, NEVER_GIVE_THE_DEALER_A_FIVE, KEEP_YOUR_FIVES, KEEP_A_RUN,
             KEEP_A_PAIR, THROW_A_KING, KEEP_A_FLUSH]
    rules += [points_and_heat(w) for w in (0.5, 1, 1.5, 2, 3)]
    rules += [keep_it_cold(g) for g in (0, 1, 2, 3)]
    rules += [feed_your_crib(g) for g in (0, 1, 2, 3)]
    rules += [count_the_keep(), count_the_keep(crib="count")]
    return {r.name: r for r in rules}


def throw_of(procedure: Procedure[ThrowPosition, Hand], position: ThrowPosition) -> Hand:
    """The two cards ``procedure`` throws from ``position``."""
    return follow(procedure, position, position.choices)


__test__ = {
    "POINTS_NOW": """From 2-3-4-9-10-K, 2-3-4 is a run (3), and with the 10 or the K 2+3+10 is
    fifteen (2), with the 9 2+4+9 (2): three keeps score 5 now, none more.

    >>> six = ThrowPosition.parse("2C 3D 4H 9S 10C KD", dealer=True)
    >>> [str(t) for t in POINTS_NOW.keep(six, six.choices)]
    ['9S 10C', '9S KD', '10C KD']
    """,
    "COLD": """A five with a ten-card is heat 3: the dealer gives them to his own crib.

    >>> six = ThrowPosition.parse("5H 10S 7C 8D AH KS", dealer=True)
    >>> [str(t) for t in COLD.keep(six, six.choices)]
    ['5H 10S', '5H KS']
    """,
    "fives, runs, pairs, kings and flushes": """Pone with 5-5-6-J-Q-2 throws no five; with
    4-5-6-J-Q-K keeps a run (three of either); with 7-7 and four hearts keeps the pair,
    throws the king, or keeps the four hearts.

    >>> six = ThrowPosition.parse("5H 5C 6D JS QH 2C", dealer=False)
    >>> sorted({c.rank.symbol for t in NEVER_GIVE_THE_DEALER_A_FIVE.keep(six, six.choices)
    ...         for c in t})
    ['2', '6', 'J', 'Q']
    >>> six = ThrowPosition.parse("4C 5D 6H JS KC QD", dealer=False)
    >>> [str(t) for t in KEEP_A_RUN.keep(six, six.choices)]
    ['4C 5D', '4C 6H', '5D 6H', 'JS QD', 'JS KC', 'QD KC']
    >>> six = ThrowPosition.parse("7C 7D 2H 9H JH KH", dealer=False)
    >>> [str(t) for t in KEEP_A_FLUSH.keep(six, six.choices)]
    ['7C 7D']
    >>> all("KH" in str(t) for t in THROW_A_KING.keep(six, six.choices))
    True
    >>> any("7" in str(t) for t in KEEP_A_PAIR.keep(six, six.choices))
    False
    """,
}
