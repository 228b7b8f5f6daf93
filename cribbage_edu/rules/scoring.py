"""The show: scoring a four-card hand (or the crib) with the starter.

:func:`score_hand` returns a :class:`HandScore` that knows every fifteen, pair,
run, flush and nobs as the cards that make it, and can say the count the way
players do.

>>> score = score_hand("5H 5C 5S JD", "5D")
>>> score.total
29
>>> score.phrases()[-3:]
['fifteen sixteen', 'double pair royal is twenty-eight', 'one for his nobs is twenty-nine']
>>> score_hand("4H 5C 6S 9D", "KD").to_dict()["runs"]
3

Only the ranks decide fifteens, pairs and runs, so the work for each sorted
multiset of five ranks (there are 6,175) is done once and remembered; suits only
add the flush and nobs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from itertools import combinations, product
from operator import itemgetter
from typing import Any, NamedTuple

from .cards import COUNT_VALUES, FIFTEEN, Card, CardLike, Hand, Rank, parse_cards
from .checks import flag, no_card_twice, whole_number
from .errors import IllegalActionError, IllegalHandError

__all__ = ["BEST_HAND", "PAIR_WORDS", "SHOW_KINDS", "HandScore", "Judgement", "Kind",
           "ScoreItem", "Verdict", "claimed_points",
           "judge_claim", "rank_points", "runs_of_three", "score_hand", "spoken_number"]


class Kind(StrEnum):
    """The kinds of points in the show and in the play."""

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"
    THIRTY_ONE = "thirty-one"
    GO = "go"
    LAST_CARD = "last card"
    HEELS = "heels"

    @property
    def plural(self) -> str:
        """The kind as a count names all its points: ``fifteens``, ``pairs``, ``runs``,
        ``flushes``, ``nobs``.

        >>> [kind.plural for kind in SHOW_KINDS]
        ['fifteens', 'pairs', 'runs', 'flushes', 'nobs']
        """
        return {Kind.FLUSH: "flushes", Kind.NOBS: "nobs", Kind.HEELS: "heels",
                Kind.LAST_CARD: "last cards"}.get(self, f"{self}s")


SHOW_KINDS: tuple[Kind, ...] = (Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS)
"""The kinds of points in the show, in the order they are counted."""


class ScoreItem(NamedTuple):
    """One scoring combination: its kind, the cards that make it and its points."""

    kind: Kind
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        cards = " ".join(c.symbol for c in self.cards)
        return f"{self.kind} {cards}: {self.points}"

    @property
    def name(self) -> str:
        """The item as players name it, the one place that words an item's kind: a run
        by its length, a set of one rank by its size (in the play a pair royal is one
        item of three cards), anything else by its kind.

        >>> [i.name for i in score_hand("4S 5S 6S 6D", "KC").items][-3:]
        ['pair', 'run of three', 'run of three']
        """
        if self.kind is Kind.RUN:
            return f"run of {spoken_number(len(self.cards))}"
        if self.kind is Kind.PAIR:
            return PAIR_WORDS[len(self.cards)]
        return str(self.kind)


PAIR_WORDS = {2: "pair", 3: "pair royal", 4: "double pair royal"}
"""Sets of one rank by their size, as players name them."""

BEST_HAND = 29
"""The best hand (5-5-5-J, the fourth 5 turned, the jack of its suit): no single score
in cribbage, a hand, a crib or a card played, is more (RULES.md)."""


_NUMBERS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)
_TENS = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy",
         8: "eighty", 9: "ninety"}


def spoken_number(n: int) -> str:
    """A number in words, as a player says it (0-999).

    >>> spoken_number(29), spoken_number(121), spoken_number(40)
    ('twenty-nine', 'one hundred twenty-one', 'forty')
    """
    if n < 0:
        return "minus " + spoken_number(-n)
    if n < 20:
        return _NUMBERS[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_NUMBERS[ones]}" if ones else "")
    hundreds, rest = divmod(n, 100)
    return f"{_NUMBERS[hundreds]} hundred" + (f" {spoken_number(rest)}" if rest else "")


# --- the rank part: fifteens, pairs and runs of five sorted ranks ------------------------

_Template = tuple[tuple[Kind, Callable[[Any], tuple[Card, ...]], int], ...]
_SUBSETS = tuple(idx for size in range(2, 6) for idx in combinations(range(5), size))
_PAIRS = tuple(combinations(range(5), 2))
_TEMPLATES: dict[tuple[int, ...], _Template] = {}


def _rank_template(ranks: tuple[int, ...]) -> _Template:
    """Which positions of five sorted ranks make each fifteen, pair and run."""
    values = [COUNT_VALUES[r] for r in ranks]
    entries: list[tuple[Kind, tuple[int, ...], int]] = []
    for idx in _SUBSETS:
        if sum(values[i] for i in idx) == FIFTEEN:
            entries.append((Kind.FIFTEEN, idx, 2))
    for i, j in _PAIRS:
        if ranks[i] == ranks[j]:
            entries.append((Kind.PAIR, (i, j), 2))
    positions: dict[int, list[int]] = {}
    for i, r in enumerate(ranks):
        positions.setdefault(r, []).append(i)
    distinct = sorted(positions)
    start = 0
    while start < len(distinct):
        end = start
        while end + 1 < len(distinct) and distinct[end + 1] == distinct[end] + 1:
            end += 1
        length = end - start + 1
        if length >= 3:
            choices = [positions[r] for r in distinct[start:end + 1]]
            for idx in product(*choices):
                entries.append((Kind.RUN, idx, length))
        start = end + 1
    return tuple((kind, itemgetter(*idx), pts) for kind, idx, pts in entries)


def runs_of_three(cards: Iterable[Card]) -> set[int]:
    """The lowest rank of each three ranks in a row among ``cards`` (a run of four
    holds two: its lowest and the next).

    >>> sorted(runs_of_three(Hand("3C 4D 5H 6S JC")))
    [3, 4]
    >>> runs_of_three(Hand("QC KD AH"))  # the ace is low: no run wraps round
    set()
    """
    ranks = {int(c.rank) for c in cards}
    return {r for r in ranks if r + 1 in ranks and r + 2 in ranks}


def rank_points(ranks: Iterable[int]) -> int:
    """Points from fifteens, pairs and runs of five ranks (no suits needed).

    >>> rank_points([5, 5, 5, 5, 11])
    28
    """
    key = tuple(sorted(int(r) for r in ranks))
    template = _TEMPLATES.get(key)
    if template is None:
        template = _TEMPLATES[key] = _rank_template(key)
    return sum(entry[2] for entry in template)


# --- the score ---------------------------------------------------------------------------

_new_item = tuple.__new__
_set = object.__setattr__


class HandScore:
    """The itemised count of a hand (or crib) with its starter: an immutable value,
    equal to another count of the same cards.

    >>> score_hand("5H 5C 6D JS", "6C") == score_hand("JS 6D 5C 5H", "6C")
    True

    ``items`` lists every scoring combination; ``total`` is their sum; the
    properties ``fifteens``, ``pairs``, ``runs``, ``flush`` and ``nobs`` give the
    points of each kind; ``str()`` says the count aloud.
    """

    __slots__ = ("crib", "hand", "items", "starter", "total")

    hand: Hand
    starter: Card
    crib: bool
    items: tuple[ScoreItem, ...]
    total: int

    def __init__(self, hand: Hand, starter: Card, crib: bool,
                 items: tuple[ScoreItem, ...], total: int) -> None:
        _set(self, "hand", hand)
        _set(self, "starter", starter)
        _set(self, "crib", crib)
        _set(self, "items", items)
        _set(self, "total", total)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a HandScore is immutable: cannot set {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandScore):
            return NotImplemented
        return (self.starter is other.starter and self.crib == other.crib
                and sorted(self.hand) == sorted(other.hand))

    def __hash__(self) -> int:
        return hash((frozenset(self.hand), self.starter, self.crib))

    def points(self, kind: Kind | str) -> int:
        """The points of one kind."""
        return sum(item[2] for item in self.items if item[0] == kind)

    @property
    def fifteens(self) -> int:
        return self.points(Kind.FIFTEEN)

    @property
    def pairs(self) -> int:
        return self.points(Kind.PAIR)

    @property
    def runs(self) -> int:
        return self.points(Kind.RUN)

    @property
    def flush(self) -> int:
        return self.points(Kind.FLUSH)

    @property
    def nobs(self) -> int:
        return self.points(Kind.NOBS)

    def to_dict(self) -> dict[str, Any]:
        """Plain data, ready for JSON: the total, each kind's points and every item.

        >>> score_hand("5H 5C 5S JD", "5D").to_dict()["pairs"]
        12
        """
        return {
            "total": self.total,
            "fifteens": self.fifteens,
            "pairs": self.pairs,
            "runs": self.runs,
            "flush": self.flush,
            "nobs": self.nobs,
            "items": [{"kind": str(i.kind), "cards": [str(c) for c in i.cards],
                       "points": i.points} for i in self.items],
            "hand": [str(c) for c in self.hand],
            "starter": str(self.starter),
            "crib": self.crib,
        }

    def phrases(self) -> list[str]:
        """The count as players say it, one phrase per step, each ending on the
        running total: ``['fifteen two', 'fifteen four', 'a pair is six']``."""
        return [words for words, _ in self.steps()]

    def steps(self) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """The count as players say it, one step a phrase, each with the cards it is
        about: each fifteen on its own, then the pairs, the runs, the flush and nobs each
        as one phrase (the phrases and their cards are made together, so they cannot
        disagree).

        >>> for words, cards in score_hand("4S 5S 6S 6D", "KC").steps()[-2:]:
        ...     print(words, "|", " ".join(c.symbol for c in cards))
        a pair is eight | 6♦ 6♠
        a double run of three is fourteen | 4♠ 5♠ 6♦ 6♠
        """
        said: list[tuple[str, tuple[Card, ...]]] = []
        running = 0

        def cards_of(kind: Kind) -> tuple[Card, ...]:
            return tuple(dict.fromkeys(c for item in self.items if item.kind is kind
                                       for c in item.cards))

        for item in self.items:
            if item.kind is Kind.FIFTEEN:
                running += 2
                said.append((f"fifteen {spoken_number(running)}", item.cards))
        n_pairs = self.pairs // 2
        if n_pairs:
            running += self.pairs
            by_rank: dict[Rank, int] = {}
            for item in self.items:
                if item.kind == Kind.PAIR:
                    by_rank[item.cards[0].rank] = by_rank.get(item.cards[0].rank, 0) + 1
            if len(by_rank) == 1 or set(by_rank.values()) == {1}:
                name = _PAIR_NAMES[n_pairs]
            else:  # a pair royal and a pair: three of one rank, two of another
                name = " and ".join(_PAIR_NAMES[n] for n in sorted(by_rank.values(),
                                                                 reverse=True))
            said.append((f"{name} is {spoken_number(running)}", cards_of(Kind.PAIR)))
        runs = [i for i in self.items if i.kind == Kind.RUN]
        if runs:
            running += self.runs
            length = spoken_number(runs[0].points)
            if len(runs) == 1:
                words = f"a run of {length} is {spoken_number(running)}"
            else:
                how_many = {2: "a double", 3: "a triple", 4: "a double double"}[len(runs)]
                words = f"{how_many} run of {length} is {spoken_number(running)}"
            said.append((words, cards_of(Kind.RUN)))
        if self.flush:
            running += self.flush
            said.append((f"a flush of {spoken_number(self.flush)} is "
                         f"{spoken_number(running)}", cards_of(Kind.FLUSH)))
        if self.nobs:
            running += 1
            said.append((f"one for his nobs is {spoken_number(running)}", cards_of(Kind.NOBS)))
        return tuple(said)

    def __str__(self) -> str:
        said = self.phrases()
        if not said:
            return "no points (players call a hand of nothing a nineteen)"
        if len(said) == 1:
            return said[0]
        return ", ".join(said[:-1]) + ", and " + said[-1]

    def __repr__(self) -> str:
        """A call that makes an equal score, pasted back (the total is worked out again).

        >>> score_hand("5H 5C 5S JD", "5D")
        score_hand('5H 5C 5S JD', '5D')
        >>> eval(repr(score_hand("2H 4H 6H 8H", "KC", crib=True))).crib
        True
        """
        crib = ", crib=True" if self.crib else ""
        return f"score_hand('{self.hand}', '{self.starter}'{crib})"

    def table_html(self) -> str:
        """The count as a table (kind, cards, points, and the total), then as players
        say it: the one score table, for a notebook and the counting quiz.

        >>> score_hand("5H 5C 6D JS", "6C").table_html().count("<tr>")
        6
        """
        from html import escape

        from ..render import table_html

        rows: list[tuple[object, ...]] = [
            (str(i.kind), " ".join(c.symbol for c in i.cards), i.points) for i in self.items]
        rows.append(("total", "", self.total))
        return (table_html(("kind", "cards", "points"), rows)
                + f"<p><i>{escape(str(self))}</i></p>")

    def _repr_html_(self) -> str:
        from ..render import hand_html

        caption = f"{'crib' if self.crib else 'hand'} + starter {self.starter.symbol}"
        cards = hand_html((*self.hand, self.starter), caption=caption, highlight=(self.starter,))
        return cards + self.table_html()


_PAIR_NAMES = {1: f"a {PAIR_WORDS[2]}", 2: "two pairs", 3: f"a {PAIR_WORDS[3]}",
               6: PAIR_WORDS[4]}
"""The pairs of a hand as the count says them, by the number of pairs (three of a rank
make three pairs, four make six); the double pair royal is said without an article."""


def _read_show(hand: str | Iterable[CardLike], starter: CardLike) -> tuple[Hand, Card]:
    cards = hand if type(hand) is Hand else parse_cards(hand)
    turned = Card.parse(starter)
    if len(cards) != 4:
        raise IllegalHandError(f"a hand or crib has 4 cards, got {len(cards)}: '{cards}'")
    no_card_twice(cards, "the hand")
    if turned in cards:
        raise IllegalHandError(f"the starter {turned} is also in the hand '{cards}'")
    return cards, turned


def score_hand(hand: str | Iterable[CardLike], starter: CardLike, *,
               crib: bool = False) -> HandScore:
    """Score four cards with the starter; ``crib=True`` uses the crib's flush rule
    (only a five-card flush counts).

    >>> str(score_hand("4S 5S 6S 6D", "KC"))
    'fifteen two, fifteen four, fifteen six, a pair is eight, and a double run of three is fourteen'
    >>> score_hand("2H 4H 6H 8H", "KC").flush, score_hand("2H 4H 6H 8H", "KC", crib=True).flush
    (4, 0)
    """
    crib = flag(crib, "crib")
    cards, turned = _read_show(hand, starter)
    five = sorted((*cards, turned))
    key = (five[0].rank, five[1].rank, five[2].rank, five[3].rank, five[4].rank)
    template = _TEMPLATES.get(key)
    if template is None:
        template = _TEMPLATES[key] = _rank_template(tuple(int(r) for r in key))
    items = [_new_item(ScoreItem, (kind, get(five), pts)) for kind, get, pts in template]
    total = sum(entry[2] for entry in template)
    suit = cards[0].suit
    if cards[1].suit is suit and cards[2].suit is suit and cards[3].suit is suit:
        if turned.suit is suit:
            items.append(_new_item(ScoreItem, (Kind.FLUSH, (*cards, turned), 5)))
            total += 5
        elif not crib:
            items.append(_new_item(ScoreItem, (Kind.FLUSH, tuple(cards), 4)))
            total += 4
    for card in cards:
        if card.rank is Rank.JACK and card.suit is turned.suit:
            items.append(_new_item(ScoreItem, (Kind.NOBS, (card,), 1)))
            total += 1
    return HandScore(cards, turned, crib, tuple(items), total)


# --- a claimed count, judged ---------------------------------------------------------------

class Verdict(StrEnum):
    """How a claimed count compares with the true count.

    >>> Verdict.OVER == "over", [v.value for v in Verdict]
    (True, ['right', 'over', 'under'])
    """

    RIGHT = "right"
    OVER = "over"
    UNDER = "under"

    @classmethod
    def of(cls, claimed: int, actual: int) -> Verdict:
        """
        >>> Verdict.of(8, 8), Verdict.of(9, 8)
        (<Verdict.RIGHT: 'right'>, <Verdict.OVER: 'over'>)
        """
        if claimed == actual:
            return cls.RIGHT
        return cls.OVER if claimed > actual else cls.UNDER


class Judgement(NamedTuple):
    """A claim judged: what was ``claimed``, the true ``score``, the ``verdict``, the
    points ``awarded`` to the claimer and those ``taken`` by the opponent (muggins)."""

    claimed: int
    score: HandScore
    verdict: Verdict
    awarded: int
    taken: int

    @property
    def gap(self) -> int:
        """How far the claim is from the true count."""
        return abs(self.claimed - self.score.total)

    def explain(self, what: str) -> str:
        """The verdict in words, with the count as it should have been said and what the
        claim scores.

        >>> score = score_hand("5H 5C 6D JS", "6C")
        >>> print(judge_claim(9, score).explain("your hand").replace("; ", ";\\n"))
        over by 1: your hand scores 8, not 9 (fifteen two, fifteen four, and two pairs is eight);
        it scores the 8 the cards hold
        >>> print(judge_claim(6, score).explain("your hand").replace("; ", ";\\n"))
        under by 2: your hand scores 8, not 6 (fifteen two, fifteen four, and two pairs is eight);
        it scores the 6 claimed: the 2 missed are lost
        """
        said = str(self.score)
        actual = self.score.total
        if self.verdict is Verdict.RIGHT:
            return f"right: {what} scores {actual} ({said})"
        text = f"{self.verdict} by {self.gap}: {what} scores {actual}, not {self.claimed} ({said})"
        if self.verdict is Verdict.OVER:
            return text + f"; it scores the {actual} the cards hold"
        if self.taken:
            return text + f"; muggins: the opponent takes the {self.taken} missed"
        return text + f"; it scores the {self.claimed} claimed: the {self.gap} missed are lost"


def claimed_points(value: object, who: str = "") -> int:
    """The one check of a claim in the show: a whole number of points from 0 to
    :data:`BEST_HAND` (an int or a numpy integer; never a bool, a float such as ``2.0``
    or NaN, text such as ``"6"``, or ``None``), else ``IllegalActionError`` quoting it,
    with the claimer's name ``who`` if given.

    >>> claimed_points(8)
    8
    >>> claimed_points(-1, "Ann")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: Ann cannot claim -1: a hand or crib scores a whole number ...
    """
    try:
        return whole_number(value, "a claim", 0, BEST_HAND)
    except IllegalActionError:
        start = f"{who} cannot" if who else "cannot"
        raise IllegalActionError(f"{start} claim {value!r}: a hand or crib scores a whole "
                                 f"number from 0 to {BEST_HAND}") from None


def judge_claim(claimed: int, score: HandScore, *, muggins: bool = False) -> Judgement:
    """The one judge of a claim that stands (the game's count by hand and the counting
    quiz): right, over or under. A claim scores what was claimed, as at a table, with
    one exception: an over-claim scores only the true count (no table pegs points the
    cards do not hold). The points an under-claim misses are lost, or, under muggins,
    taken by the opponent. (In a game without muggins a wrong first claim does not
    stand: :meth:`cribbage_edu.rules.game.Game.claim` gives the player a second look.)

    >>> score = score_hand("5H 5C 6D JS", "6C")  # worth 8
    >>> judge_claim(6, score, muggins=True)[2:]
    (<Verdict.UNDER: 'under'>, 6, 2)
    >>> judge_claim(6, score)[2:]
    (<Verdict.UNDER: 'under'>, 6, 0)
    >>> judge_claim(10, score)[2:]
    (<Verdict.OVER: 'over'>, 8, 0)

    A claim that is no number of points, a score that is not a hand's and a muggins
    that is not a flag are refused, and nothing is judged:

    >>> judge_claim(-1, score, muggins=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: cannot claim -1: a hand or crib scores ... from 0 to 29
    """
    claimed = claimed_points(claimed)
    if not isinstance(score, HandScore):
        raise IllegalActionError(f"a claim is judged against a HandScore (score_hand's), "
                                 f"not {score!r}")
    muggins = flag(muggins, "muggins")
    actual = score.total
    verdict = Verdict.of(claimed, actual)
    if verdict is Verdict.UNDER:
        return Judgement(claimed, score, verdict, claimed, actual - claimed if muggins else 0)
    return Judgement(claimed, score, verdict, actual, 0)
