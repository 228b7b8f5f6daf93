"""The coach: one judge for every decision of a game, a throw, a card or a count.

Each judge answers with a verdict: the choice made, the best choice, the points the
choice loses against the best (and, near the end of a game, the chance to win it
loses), a :class:`Grade`, one ``sentence`` in the course's words that gives the reason
as a principle with its numbers, and ``why``: the numbers behind it, each option's
columns. A verdict is a frozen value that keeps its position, so ``retry`` judges
another choice from the same cards and the same board.

>>> verdict = judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False)
>>> verdict.grade, str(verdict.best)
(<Grade.BLUNDER: 'blunder'>, '9S KD')
>>> print(verdict.sentence)  # doctest: +ELLIPSIS
you gave the dealer 2-3: cards that add to five average about 7.2 points in his crib (...

**Grades.** A verdict's grade comes from its loss: under :data:`INACCURACY` points
(0.5) the choice is ``good``; from 0.5 an ``inaccuracy``; from :data:`MISTAKE` (1.5) a
``mistake``; from :data:`BLUNDER` (3.0) a ``blunder``. When the chance to win is judged
(``scores`` given, and either player within :data:`REACH` points of home) the grade
comes from the chance lost instead: from :data:`CHANCE_INACCURACY` (1%),
:data:`CHANCE_MISTAKE` (3%) and :data:`CHANCE_BLUNDER` (8%).

**A throw** (:func:`judge_throw`) is worth the advisor's three columns
(:func:`cribbage_edu.strategy.discard.advise` with ``pegging=True``): the kept hand's exact
average over the 46 starters, plus or minus the crib table's average for the two
cards thrown, plus the pegging table's net for the four kept cards (simulated, with its
95% interval). Near home the chance to win of each throw comes from
:func:`cribbage_edu.strategy.master.throw_chances`.

**A card** (:func:`judge_card`) is worth the whole rest of the play: every point until
the last card (fifteens, pairs, runs, 31, every go and the last card), for you less for
the opponent, averaged over every hand the opponent could hold among the cards you have
not seen (each weighted by the number of ways to hold it; suits never score in the
play, so a hand is its ranks). Where there are more than :data:`EXACT_HANDS` kinds of
hand (a first lead has about 1,800), a sample of :data:`SAMPLED_HANDS` is weighed: a
systematic sample spread over every sort of hand, from a start drawn with a seed made
from the position (so the same position always gets the same verdict), the same hands
for every card (a paired comparison: the error of a difference is smaller than that of a
value), and the verdict states the 95% interval of the sample (as for hands drawn at
random, which is on the safe side).

*The model of playing well* is minimax with both hands open
(:mod:`cribbage_edu.strategy.pegsolver`): for each hand the opponent could hold, both players
lay the cards that net them the most to the end of the play, each seeing the other's
cards. What it leaves out:

- nobody really sees the other's cards: the model is optimistic for both sides, and a
  card that only pays if the opponent guesses wrong (a trap) is worth less in it than
  at the table;
- each later card is chosen knowing the other's hand of that sample, so a card is
  valued as if the rest of the play were then laid perfectly; a real player must still
  guess later on;
- the opponent's hand is taken to be any four of the unseen cards alike; a real
  opponent kept the cards he liked (his throw is not read), and the cards he has laid
  say something of those he holds (his choices are not read either). The judge leaves
  them out so that a verdict rests only on the cards in front of the learner; the
  computer player :class:`CoachPlayer` reads them
  (:mod:`cribbage_edu.strategy.reading`);
- the score is ignored unless ``scores`` are given and the game is within
  :data:`REACH` points of home; then each card is also weighed by the chance to win,
  with both playing to win: pegging out wins at once; after the play the show comes in
  its order (pone's hand, the dealer's hand, the crib), your own hand exact when
  ``kept`` is given, the opponent's hand and the crib from the stored deals of the
  chance-to-win model (:func:`cribbage_edu.tables.chance.scenarios`, not the sampled
  hand), and the deals after from the chance-to-win table. That weighing counts every
  kind of hand the opponent could hold, or a systematic sample of
  :data:`CHANCE_HANDS` of them when there are more.

**A count** (:func:`judge_count`) is the claim judge of the show,
:func:`cribbage_edu.rules.scoring.judge_claim`.

:func:`review` judges every decision of one seat in a game, finished or not.
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
import random
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, lru_cache
from typing import Any

from ..rules.board import GAME_HOLE
from ..rules.cards import FIFTEEN, FULL_DECK, THIRTY_ONE, Card, CardLike, Hand, Rank, parse_cards
from ..rules.checks import flag, whole_number
from ..rules.checks import seat as check_seat
from ..rules.errors import IllegalActionError, IllegalHandError, IllegalPlayError
from ..rules.events import ActionKind, Phase, Source
from ..rules.game import Game, PlayerView
from ..rules.misses import diagnose
from ..rules.pegging import pile_points, score_play
from ..rules.scoring import HandScore, Judgement, Verdict, judge_claim, score_hand
from ..tables.chance import STREAM, TARGETS, scenarios, win_table
from .discard import DiscardOption, advise
from .master import ENDGAME, throw_chances
from .pegsolver import PegRace, after_card, answer_after, gc_paused
from .players import points_before_starter
from .reading import READ_HANDS, read_hands

__all__ = [
    "BLUNDER",
    "CHANCE_BLUNDER",
    "CHANCE_HANDS",
    "CHANCE_INACCURACY",
    "CHANCE_MISTAKE",
    "EXACT_HANDS",
    "INACCURACY",
    "MISTAKE",
    "PLAYER_HANDS",
    "REACH",
    "SAMPLED_HANDS",
    "CardOption",
    "CardPosition",
    "CardVerdict",
    "CoachMode",
    "CoachPlayer",
    "Decision",
    "DecisionKind",
    "Grade",
    "Review",
    "ThrowOption",
    "ThrowVerdict",
    "card_chances",
    "judge_card",
    "judge_count",
    "judge_throw",
    "judge_view",
    "review",
    "verdict_line",
]

INACCURACY = 0.5
"""Points lost from which a choice is an inaccuracy (under it: good)."""
MISTAKE = 1.5
"""Points lost from which a choice is a mistake."""
BLUNDER = 3.0
"""Points lost from which a choice is a blunder."""
CHANCE_INACCURACY = 0.01
"""Chance to win lost from which a choice is an inaccuracy, when the chance is judged."""
CHANCE_MISTAKE = 0.03
"""Chance to win lost from which a choice is a mistake."""
CHANCE_BLUNDER = 0.08
"""Chance to win lost from which a choice is a blunder."""
_NEAR_31 = 5
"""Room left under 31 from which a card's reason may be that few cards fit (aces to fives:
20 of the 52 cards)."""
REACH = ENDGAME
"""Points from home (for either player) within which the chance to win is judged: the
master's :data:`cribbage_edu.strategy.master.ENDGAME`, about two deals' worth for pone."""
EXACT_HANDS = 120
"""Up to this many kinds of opponent hand (rank multisets) a card is judged over all of
them, exactly; past it, over a sample."""
SAMPLED_HANDS = 48
"""Opponent hands weighed (a systematic sample) when there are too many kinds to weigh
them all."""
PLAYER_HANDS = 32
"""At most this many opponent hands (drawn at random, eight at a time, until the best card
is clear) a :class:`CoachPlayer` weighs a card over, by default: the setting measured."""
CHANCE_HANDS = 120
"""Opponent hands over which the judge weighs a card's chance to win, near home: every
kind of hand he could hold when there are at most this many (the last cards of the play),
else a systematic sample of this many, spread over every sort of hand. Every kind at a
first lead (up to 1,820 kinds) takes about 2 s, too long between two clicks; with this
many, 40 near-home positions took a median 64 ms, the slowest 262 ms. A sample of 30 was
a few games in 100 off and misgraded close cards. A :class:`CoachPlayer` keeps its
own, smaller setting."""
SHOW_DEALS = 400
"""Stored deals the show after the play is drawn from, near home."""


class Grade(StrEnum):
    """How good a choice was, from the points (or the chance) it loses against the best."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @classmethod
    def of_points(cls, loss: float) -> Grade:
        """The grade of a loss in points.

        >>> [Grade.of_points(x).value for x in (0.0, 0.5, 1.5, 3.0)]
        ['good', 'inaccuracy', 'mistake', 'blunder']
        """
        return cls._of(loss, (INACCURACY, MISTAKE, BLUNDER))

    @classmethod
    def of_chance(cls, loss: float) -> Grade:
        """The grade of a loss in the chance to win (0 to 1).

        >>> [Grade.of_chance(x).value for x in (0.005, 0.01, 0.05, 0.2)]
        ['good', 'inaccuracy', 'mistake', 'blunder']
        """
        return cls._of(loss, (CHANCE_INACCURACY, CHANCE_MISTAKE, CHANCE_BLUNDER))

    @classmethod
    def _of(cls, loss: float, steps: tuple[float, float, float]) -> Grade:
        loss += 1e-9  # a loss printed as 0.50 is graded as 0.50
        if loss >= steps[2]:
            return cls.BLUNDER
        if loss >= steps[1]:
            return cls.MISTAKE
        if loss >= steps[0]:
            return cls.INACCURACY
        return cls.GOOD


class CoachMode(StrEnum):
    """What the coach says at a table (the widgets' ``coach=``, the terminal's
    ``--coach``): nothing, the decisions that lose at least a mistake's worth (the
    default), or a verdict on every decision."""

    OFF = "off"
    MISTAKES = "mistakes"
    EVERY = "every"

    @classmethod
    def check(cls, value: object) -> CoachMode:
        """``value`` as a mode: one of the three words exactly (no other spelling).

        >>> CoachMode.check("every")
        <CoachMode.EVERY: 'every'>
        >>> CoachMode.check("no")
        Traceback (most recent call last):
          ...
        cribbage_edu.IllegalActionError: coach is 'off', 'mistakes' or 'every', not 'no'
        """
        if isinstance(value, str):
            for mode in cls:
                if value == mode.value:
                    return mode
        raise IllegalActionError(f"coach is 'off', 'mistakes' or 'every', not {value!r}")

    def speaks(self, grade: Grade) -> bool:
        """Whether the coach says a verdict of this grade.

        >>> CoachMode.MISTAKES.speaks(Grade.INACCURACY), CoachMode.EVERY.speaks(Grade.GOOD)
        (False, True)
        """
        if self is CoachMode.EVERY:
            return True
        return self is CoachMode.MISTAKES and grade in (Grade.MISTAKE, Grade.BLUNDER)


class DecisionKind(StrEnum):
    """What a decision was: a throw to the crib, a card in the play, a count in the show."""

    THROW = "throw"
    CARD = "card"
    COUNT = "count"


# --- checking what a judge is given --------------------------------------------------------

def _cards(value: object, what: str) -> Hand:
    """Cards from text, a card or an iterable of cards, none twice; else an error of the
    engine's family naming ``what``."""
    if not isinstance(value, str | Card | Iterable):
        raise IllegalHandError(f"{what} must be cards, such as '5H JS', not {value!r}")
    try:
        cards = parse_cards(value)
    except TypeError:
        raise IllegalHandError(f"{what} must be cards, such as '5H JS', not {value!r}") from None
    twice = [c for i, c in enumerate(cards) if c in cards[:i]]
    if twice:
        raise IllegalHandError(f"{what} '{cards}' holds {twice[0]} twice")
    return cards


def _one_card(value: object, what: str) -> Card:
    cards = _cards(value, what)
    if len(cards) != 1:
        raise IllegalHandError(f"{what} is one card, got {len(cards)}: '{cards}'")
    return cards[0]


def _apart(named: Sequence[tuple[str, Sequence[Card]]]) -> None:
    """No card in two of the named groups."""
    where: dict[Card, str] = {}
    for what, cards in named:
        for card in cards:
            if card in where:
                raise IllegalHandError(f"{card} cannot be both in {where[card]} and in {what}")
            where[card] = what


def _target(value: object) -> int:
    number = whole_number(value, "target", 1)
    if number not in TARGETS:
        raise IllegalActionError(f"target must be 121 or 61, not {value!r}")
    return number


def _scores(value: object, target: int) -> tuple[int, int] | None:
    """``None``, or (your score, the opponent's), each from 0 to one under the target."""
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
        raise IllegalActionError(f"scores are two whole numbers (yours, the opponent's), "
                                 f"not {value!r}")
    mine = whole_number(value[0], "your score", 0, target - 1)
    theirs = whole_number(value[1], "the opponent's score", 0, target - 1)
    return mine, theirs


def _in_reach(scores: tuple[int, int] | None, target: int) -> bool:
    return scores is not None and min(target - scores[0], target - scores[1]) <= REACH


def _grade(loss: float, chance_loss: float | None) -> Grade:
    return Grade.of_points(loss) if chance_loss is None else Grade.of_chance(chance_loss)


def _percent(chance: float) -> str:
    """A chance to win in words, never a bare 0% or 100% (the table cannot be that sure).

    >>> _percent(0.2), _percent(0.001), _percent(0.9999)
    ('20%', 'under 1%', 'over 99%')
    """
    if chance < 0.005:
        return "under 1%"
    if chance >= 0.995:
        return "over 99%"
    return f"{chance:.0%}"


def _pair_name(cards: Iterable[Card]) -> str:
    """Two cards by rank, as players name a throw: ``'2-3'``, ``'5-K'``."""
    return "-".join(c.rank.symbol for c in sorted(cards))


# --- the throw ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ThrowOption:
    """One of the 15 throws with the advisor's columns: the kept ``hand`` (its exact
    average over the starters), the ``crib`` (the table's average for the two thrown
    cards, always the crib's points), the ``pegging`` (net, simulated, with its 95%
    ``pegging_error``), the ``total`` (hand, plus the crib as dealer or less it as pone,
    plus the pegging), and the ``chance`` to win when it is judged."""

    discard: Hand
    keep: Hand
    hand: float
    crib: float
    pegging: float
    pegging_error: float
    total: float
    chance: float | None = None

    def cents(self, dealer: bool) -> tuple[int, int, int, int]:
        """The columns as printed, in hundredths of a point: the hand, the crib, the
        play, each rounded once, and the total worked from them, so that the sum adds up
        as printed (hand, plus the crib as dealer or less it as pone, plus the play).

        >>> option = ThrowOption(Hand(), Hand(), 7.614, 4.386, 0.934, 0.1, 4.162)
        >>> option.cents(dealer=False)
        (761, 439, 93, 415)
        """
        hand, crib, play = (round(x * 100) for x in (self.hand, self.crib, self.pegging))
        return hand, crib, play, hand + (crib if dealer else -crib) + play

    def net(self, dealer: bool) -> float:
        """The total as printed: the sum of the printed columns (:meth:`cents`)."""
        return self.cents(dealer)[3] / 100

    def row(self, dealer: bool) -> str:
        """The option as one line of numbers."""
        sign = "+" if dealer else "-"
        text = (f"throw {self.discard.symbols}, keep {self.keep.symbols}: hand "
                f"{self.hand:.2f} {sign} crib {self.crib:.2f} {self.pegging:+.2f} in the "
                f"play (± {self.pegging_error:.2f}) = {self.net(dealer):.2f}")
        if self.chance is not None:
            text += f"; chance to win {self.chance:.1%}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"discard": [str(c) for c in self.discard], "keep": [str(c) for c in self.keep],
                "hand": self.hand, "crib": self.crib, "pegging": self.pegging,
                "pegging_error": self.pegging_error, "total": self.total,
                "chance": self.chance}


@dataclass(frozen=True, slots=True)
class ThrowVerdict:
    """The judge's word on a throw (see :func:`judge_throw`): the position (``six``,
    ``dealer``, ``scores``, ``target``), the ``chosen`` throw, the ``best`` one, the
    ``loss`` in points against the throw worth most (never below 0), its 95%
    ``loss_error`` (the pegging column is simulated), the ``chance_loss`` (``None``
    unless the chance to win is judged), the ``grade``, the ``sentence`` and every
    option, best first (by the chance when it is judged)."""

    six: Hand
    chosen: Hand
    dealer: bool
    scores: tuple[int, int] | None
    target: int
    best: Hand
    loss: float
    loss_error: float
    chance_loss: float | None
    grade: Grade
    sentence: str
    options: tuple[ThrowOption, ...]
    kind: DecisionKind = field(default=DecisionKind.THROW, init=False)

    @property
    def why(self) -> str:
        """The numbers behind the verdict: each throw's columns, best first."""
        role = "your crib" if self.dealer else "the opponent's crib"
        lines = [f"every throw, best first ({role}; hand and crib are averages over the "
                 f"starters, the play is the pegging table's net):"]
        for option in self.options:
            mark = "  <- yours" if set(option.discard) == set(self.chosen) else ""
            lines.append(f"  {option.row(self.dealer)}{mark}")
        return "\n".join(lines)

    def retry(self, thrown: str | Iterable[CardLike]) -> ThrowVerdict:
        """Judge another throw of the same six cards, on the same board."""
        return judge_throw(self.six, thrown, dealer=self.dealer, scores=self.scores,
                           target=self.target)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "six": [str(c) for c in self.six],
                "chosen": [str(c) for c in self.chosen], "dealer": self.dealer,
                "scores": None if self.scores is None else list(self.scores),
                "target": self.target, "best": [str(c) for c in self.best], "loss": self.loss,
                "loss_error": self.loss_error, "chance_loss": self.chance_loss,
                "grade": str(self.grade), "sentence": self.sentence,
                "options": [o.to_dict() for o in self.options]}

    def __str__(self) -> str:
        return f"{self.grade}: {self.sentence}"


def _throw_view(six: Hand, dealer: bool, scores: tuple[int, int], target: int) -> PlayerView:
    """A view for :func:`cribbage_edu.strategy.master.throw_chances`: seat 0 about to throw."""
    return PlayerView(player=0, names=("you", "the opponent"), phase=Phase.DISCARD, deal=1,
                      dealer=0 if dealer else 1, scores=scores, target=target, hand=six,
                      kept=Hand(), discards=Hand(), starter=None, count=0, pile=Hand(),
                      laid=(), opponent_cards=6, opponent_said_go=False, shown=(), turn=None,
                      legal=(), _events=[], _n_events=0)


@lru_cache(maxsize=64)
def _throw_options(six: Hand, dealer: bool, scores: tuple[int, int] | None,
                   target: int) -> tuple[ThrowOption, ...]:
    """The 15 throws, best first: by the total, or by the chance to win near home.
    Remembered for the last positions asked (so the judge of a second throw of the same
    six, a try again or a table's verdict worked out ahead, costs nothing)."""
    advised = advise(six, dealer=dealer, pegging=True)
    chances: dict[frozenset[Card], float] = {}
    if scores is not None and _in_reach(scores, target):
        for weighed in throw_chances(_throw_view(six, dealer, scores, target), advised):
            chances[frozenset(weighed.option.discard)] = weighed.chance
    options = [_throw_option(o, chances.get(frozenset(o.discard))) for o in advised]
    if chances:
        options.sort(key=lambda o: -round(o.chance or 0.0, 9))  # stable: ties keep the total
    return tuple(options)


def _throw_option(option: DiscardOption, chance: float | None) -> ThrowOption:
    return ThrowOption(option.discard, option.keep, float(option.hand_ev), option.crib_ev,
                       option.peg_ev, option.peg_error, option.with_pegging, chance)


def judge_throw(six: str | Iterable[CardLike], thrown: str | Iterable[CardLike], *,
                dealer: bool, scores: Sequence[int] | None = None,
                target: int = GAME_HOLE) -> ThrowVerdict:
    """Judge throwing ``thrown`` (two cards) from ``six``, as the ``dealer`` or as pone;
    ``scores`` (yours, the opponent's) weigh the chance to win near home.

    >>> v = judge_throw("5H 5C 6D JS QH 2C", "2C 6D", dealer=True)
    >>> v.grade, v.loss
    (<Grade.GOOD: 'good'>, 0.0)
    >>> print(v.sentence)  # doctest: +ELLIPSIS
    the best throw: keep 5♣ 5♥ J♠ Q♥ (hand 12.70 + crib 3.76 ... in the play = ...)

    Bad input changes nothing and says what is wrong:

    >>> judge_throw("5H 5C 6D JS QH 2C", "2C 7D", dealer=True)
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalPlayError: cannot throw 7D: not in the six '5H 5C 6D JS QH 2C'
    """
    dealt = _cards(six, "the six cards")
    if len(dealt) != 6:
        raise IllegalHandError(f"the six cards must be 6 cards, got {len(dealt)}: '{dealt}'")
    chosen = _cards(thrown, "the throw")
    if len(chosen) != 2:
        raise IllegalHandError(f"a throw is two cards, got {len(chosen)}: '{chosen}'")
    for card in chosen:
        if card not in dealt:
            raise IllegalPlayError(f"cannot throw {card}: not in the six '{dealt}'")
    is_dealer = flag(dealer, "dealer")
    goal = _target(target)
    board = _scores(scores, goal)
    options = _throw_options(dealt, is_dealer, board, goal)
    mine = next(o for o in options if set(o.discard) == set(chosen))
    top = max(options, key=lambda o: o.total)
    # the loss as printed: the difference of the printed totals (each the sum of its
    # printed columns), so every figure the learner sees adds up
    loss = max(0, top.cents(is_dealer)[3] - mine.cents(is_dealer)[3]) / 100
    error = math.hypot(top.pegging_error, mine.pegging_error) if top is not mine else 0.0
    chance_loss = None
    if options[0].chance is not None and mine.chance is not None:
        chance_loss = max(0.0, options[0].chance - mine.chance)
    best = options[0]
    grade = _grade(loss, chance_loss)
    sentence = _throw_sentence(mine, best, top, is_dealer, loss, chance_loss)
    return ThrowVerdict(dealt, Hand(sorted(chosen)), is_dealer, board, goal, best.discard,
                        round(loss, 6), round(error, 6), chance_loss, grade, sentence,
                        tuple(options))


def _throw_numbers(option: ThrowOption, dealer: bool) -> str:
    sign = "+" if dealer else "-"
    return (f"hand {option.hand:.2f} {sign} crib {option.crib:.2f} {option.pegging:+.2f} in "
            f"the play = {option.net(dealer):.2f}")


_HOT_PAIRS: tuple[tuple[str, Any], ...] = (
    ("a pair of fives", lambda a, b: a.rank == b.rank == Rank.FIVE),
    ("a throw with a five", lambda a, b: Rank.FIVE in (a.rank, b.rank)),
    ("a pair", lambda a, b: a.rank == b.rank),
    ("cards that make fifteen", lambda a, b: a.value + b.value == FIFTEEN),
    ("cards that add to five", lambda a, b: a.value + b.value == 5),
    ("touching cards", lambda a, b: abs(int(a.rank) - int(b.rank)) == 1),
    ("cards one apart", lambda a, b: abs(int(a.rank) - int(b.rank)) == 2),
)
"""What makes two cards good for a crib, hottest first (lesson 12's heat, in words)."""

_CRIB_REASONS = {
    "a pair of fives": "fives make fifteen with every ten-card",
    "a throw with a five": "a five makes fifteen with every ten-card",
    "a pair": "a pair scores 2 before anything is added",
    "cards that make fifteen": "they score 2 before anything is added",
    "cards that add to five": "any ten-card makes fifteen with them",
    "touching cards": "they start runs",
    "cards one apart": "one card between them makes a run",
}


def _heat(pair: Sequence[Card]) -> str | None:
    """The first crib principle these two cards show (hottest first), or ``None``."""
    a, b = pair
    return next((name for name, test in _HOT_PAIRS if test(a, b)), None)


def _card_pairs(cards: Sequence[Card]) -> list[tuple[Card, Card]]:
    return [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]]


def _run_ranks(cards: Iterable[Card]) -> set[int]:
    ranks = {int(c.rank) for c in cards}
    return {r for r in ranks if r + 1 in ranks and r + 2 in ranks}


def _throw_sentence(mine: ThrowOption, best: ThrowOption, top: ThrowOption, dealer: bool,
                    loss: float, chance_loss: float | None) -> str:
    """The reason in one sentence: a principle when its column (hand, crib or play) is
    what separates the choice from the best one (at least half the loss), else the two
    columns that do, each with its numbers."""
    if chance_loss is not None:
        assert mine.chance is not None and best.chance is not None
        if mine is best or chance_loss < 1e-9:
            return (f"the best throw for the game: keeping {mine.keep.symbols} gives you a "
                    f"chance to win of {_percent(mine.chance)}")
        return (f"near home the chance to win decides: keeping {best.keep.symbols} gives you "
                f"{_percent(best.chance)}, yours {_percent(mine.chance)} "
                f"({_throw_numbers(best, dealer)} "
                f"against {_throw_numbers(mine, dealer)})")
    if mine is top or loss < 1e-9:
        return f"the best throw: keep {mine.keep.symbols} ({_throw_numbers(mine, dealer)})"
    if loss < INACCURACY:
        return (f"close to the best: throwing {top.discard.symbols} nets "
                f"{top.net(dealer):.2f}, yours {mine.net(dealer):.2f} "
                f"({top.net(dealer) - mine.net(dealer):.2f} less)")
    sign = 1.0 if dealer else -1.0
    parts = {"hand": top.hand - mine.hand, "crib": sign * (top.crib - mine.crib),
             "play": top.pegging - mine.pegging}
    main = max(parts, key=lambda k: parts[k])
    compare = (f"throwing {top.discard.symbols} nets {top.net(dealer):.2f}, yours "
               f"{mine.net(dealer):.2f}: {top.net(dealer) - mine.net(dealer):.2f} better")
    if parts[main] < loss / 2:
        # the columns add up to the loss, so the next one is more than the rest
        second = max((k for k in parts if k != main), key=lambda k: parts[k])
        return (f"the {main} and the {second} together: "
                f"{_column_phrase(main, mine, top, dealer)}, and "
                f"{_column_phrase(second, mine, top, dealer)}; {compare}")
    if main == "crib":
        if not dealer:
            heat = _heat(mine.discard)
            if heat is not None and heat != _heat(top.discard):
                verb = "average" if heat.startswith(("cards ", "touching")) else "averages"
                return (f"you gave the dealer {_pair_name(mine.discard)}: {heat} {verb} about "
                        f"{mine.crib:.1f} points in his crib ({_CRIB_REASONS[heat]}); "
                        f"{_pair_name(top.discard)} gives him {top.crib:.1f}, and "
                        f"{compare}")
            return (f"your throw, {_pair_name(mine.discard)}, averages {mine.crib:.1f} in the "
                    f"dealer's crib; {_pair_name(top.discard)} gives him {top.crib:.1f}, "
                    f"and {compare}")
        heat = _heat(top.discard)
        why = (f" ({heat}: {_CRIB_REASONS[heat]})"
               if heat is not None and heat != _heat(mine.discard) else "")
        return (f"feed your own crib: {_pair_name(top.discard)}{why} averages about "
                f"{top.crib:.1f} points in your crib against {mine.crib:.1f} for "
                f"{_pair_name(mine.discard)}; {compare}")
    if main == "hand":
        before_top, before_mine = (points_before_starter(top.keep),
                                   points_before_starter(mine.keep))
        gap = before_top - before_mine
        pairs_top = sum(2 for a, b in _card_pairs(top.keep) if a.rank == b.rank)
        if _run_ranks(top.keep) and not _run_ranks(mine.keep):
            what = "you broke a run"  # the hand column is most of the loss, and the run is in it
        elif 0 < gap <= 2 * pairs_top and len({c.rank for c in mine.keep}) == 4:
            what = "you broke a pair"
        elif gap > 0:
            what = "you kept fewer points"
        else:
            what = "your keep scores less with the starters to come"
        return (f"{what}: {top.keep.symbols} holds {before_top} before the starter and "
                f"averages {top.hand:.2f}; yours holds {before_mine} and averages "
                f"{mine.hand:.2f}; {compare}")
    return (f"in the play, {top.keep.symbols} nets {top.pegging:+.2f} and yours "
            f"{mine.pegging:+.2f} (the pegging table, ± about "
            f"{max(top.pegging_error, mine.pegging_error):.1f}); {compare}")


def _column_phrase(column: str, mine: ThrowOption, top: ThrowOption, dealer: bool) -> str:
    """What one column (hand, crib or play) says of the best throw against yours, with
    the crib principle the throw shows when the two throws differ in it."""
    if column == "hand":
        return f"{top.keep.symbols} averages {top.hand:.2f} in hand, yours {mine.hand:.2f}"
    if column == "play":
        return f"in the play {top.keep.symbols} nets {top.pegging:+.2f}, yours {mine.pegging:+.2f}"
    hot, cold = (top, mine) if dealer else (mine, top)
    heat = _heat(hot.discard)
    why = (f" ({heat}: {_CRIB_REASONS[heat]})"
           if heat is not None and heat != _heat(cold.discard) else "")
    if dealer:
        return (f"{_pair_name(top.discard)}{why} averages {top.crib:.1f} in your crib, your "
                f"{_pair_name(mine.discard)} {mine.crib:.1f}")
    return (f"your {_pair_name(mine.discard)}{why} gives the dealer {mine.crib:.1f} in his "
            f"crib, {_pair_name(top.discard)} {top.crib:.1f}")


# --- the card -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CardOption:
    """One card you may lay, with its columns: what it pegs ``now``, what the
    opponent's best ``answer`` pegs at once (on average), and the ``value``: the net
    points of the whole rest of the play from this card on (yours less the opponent's,
    on average), with its 95% ``error`` (0 when every hand was weighed), and the
    ``chance`` to win when it is judged."""

    card: Card
    now: int
    answer: float
    value: float
    error: float
    chance: float | None = None

    def row(self) -> str:
        text = (f"{self.card.symbol}: pegs {self.now} now, the answer {self.answer:.2f}, the "
                f"whole rest of the play {self.value:+.2f}")
        if self.error:
            text += f" (± {self.error:.2f})"
        if self.chance is not None:
            text += f"; chance to win {self.chance:.1%}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"card": str(self.card), "now": self.now, "answer": self.answer,
                "value": self.value, "error": self.error, "chance": self.chance}


@dataclass(frozen=True, slots=True)
class CardPosition:
    """A position in the play, as a card is judged from it (checked by
    :func:`judge_card`): your ``hand``, the ``starter``, the ``pile`` since the count was
    reset, the other cards ``seen``, whether you are the ``dealer``, the ``scores`` (yours,
    the opponent's; or ``None``), the ``target``, how many cards the opponent holds
    (``opponent_cards``), whether he said go in this series (``opponent_go``), and your
    four ``kept`` cards if known. A table's "try again" reopens it."""

    hand: Hand
    starter: Card
    pile: Hand
    seen: Hand
    dealer: bool
    scores: tuple[int, int] | None
    target: int
    opponent_cards: int
    opponent_go: bool
    kept: Hand | None

    @property
    def count(self) -> int:
        return sum(c.value for c in self.pile)

    @property
    def legal(self) -> list[Card]:
        return [c for c in self.hand if self.count + c.value <= THIRTY_ONE]

    def to_dict(self) -> dict[str, Any]:
        return {"hand": [str(c) for c in self.hand], "starter": str(self.starter),
                "pile": [str(c) for c in self.pile], "seen": [str(c) for c in self.seen],
                "dealer": self.dealer,
                "scores": None if self.scores is None else list(self.scores),
                "target": self.target, "opponent_cards": self.opponent_cards,
                "opponent_go": self.opponent_go,
                "kept": None if self.kept is None else [str(c) for c in self.kept]}

    def unseen_ranks(self) -> list[int]:
        """The ranks of the cards the player has not seen, one entry a card: those the
        opponent may hold (after a go, only cards that do not fit)."""
        known = {*self.hand, self.starter, *self.pile, *self.seen}
        room = THIRTY_ONE - self.count
        return [int(c.rank) for c in FULL_DECK if c not in known
                and (not self.opponent_go or c.value > room)]


@dataclass(frozen=True, slots=True)
class CardVerdict:
    """The judge's word on a card laid (see :func:`judge_card`): the ``position`` it was
    laid from (a :class:`CardPosition`), the ``chosen`` card, the ``best``, the ``loss``
    in points against the card worth most with its 95% ``loss_error``, the
    ``chance_loss`` (``None`` unless judged), the ``grade``, the ``sentence``, every
    option best first, and how the opponent's hands were weighed: ``hands`` kinds of
    hand, all of them (``exact``) or a sample."""

    position: CardPosition
    chosen: Card
    best: Card
    loss: float
    loss_error: float
    chance_loss: float | None
    grade: Grade
    sentence: str
    options: tuple[CardOption, ...]
    hands: int
    exact: bool
    kind: DecisionKind = field(default=DecisionKind.CARD, init=False)

    @property
    def why(self) -> str:
        """The numbers behind the verdict: each card's columns, best first."""
        how = (f"all {self.hands} kinds of hand the opponent could hold, each by its weight"
               if self.exact else f"a sample of {self.hands} kinds of hand the opponent "
               f"could hold, spread over them all (± is the 95% interval)")
        lines = [f"each card, best first: net points to the end of the play, both playing "
                 f"their best, over {how}:"]
        for option in self.options:
            mark = "  <- yours" if option.card == self.chosen else ""
            lines.append(f"  {option.row()}{mark}")
        return "\n".join(lines)

    def retry(self, card: CardLike) -> CardVerdict:
        """Judge another card from the same position."""
        return _judge_position(self.position, _one_card(card, "the card"))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "position": self.position.to_dict(),
                "chosen": str(self.chosen),
                "best": str(self.best), "loss": self.loss, "loss_error": self.loss_error,
                "chance_loss": self.chance_loss, "grade": str(self.grade),
                "sentence": self.sentence, "hands": self.hands, "exact": self.exact,
                "options": [o.to_dict() for o in self.options]}

    def __str__(self) -> str:
        return f"{self.grade}: {self.sentence}"


Ranks = tuple[int, ...]


def _position(hand: object, starter: object, pile: object, seen: object, dealer: object,
              scores: object, target: object, opponent_cards: object, opponent_go: object,
              kept: object) -> CardPosition:
    held = _cards(hand, "the hand")
    if not 1 <= len(held) <= 4:
        raise IllegalHandError(f"a hand in the play holds 1 to 4 cards, got {len(held)}: "
                               f"'{held}'")
    turned = _one_card(starter, "the starter")
    laid = _cards(pile, "the pile")
    known = _cards(seen, "the seen cards")
    mine = None if kept is None else _cards(kept, "the kept hand")
    _apart([("the hand", held), ("the starter", (turned,)), ("the pile", laid),
            ("the seen cards", known)])
    count = sum(c.value for c in laid)
    if count > THIRTY_ONE:
        raise IllegalPlayError(f"the pile '{laid}' counts {count}: a count never passes 31")
    if count == THIRTY_ONE:
        raise IllegalPlayError(f"the pile '{laid}' counts 31: the count has gone back to 0, "
                               f"so the pile is empty")
    if mine is not None:
        if len(mine) != 4:
            raise IllegalHandError(f"the kept hand is 4 cards, got {len(mine)}: '{mine}'")
        missing = [c for c in held if c not in mine]
        if missing:
            raise IllegalHandError(f"{missing[0]} is in the hand but not in the kept hand "
                                   f"'{mine}'")
        if turned in mine:
            raise IllegalHandError(f"the starter {turned} cannot be in the kept hand '{mine}'")
    is_dealer = flag(dealer, "dealer")
    goal = _target(target)
    board = _scores(scores, goal)
    go = flag(opponent_go, "opponent_go")
    if opponent_cards is None:
        # no go so far: pone has laid as many cards as the dealer, or one more
        left = len(held) if not is_dealer else len(held) - 1
        # a count reset by a go breaks the alternation; the caller says so then
        left = max(0, left)
    else:
        left = whole_number(opponent_cards, "opponent_cards", 0, 4)
    position = CardPosition(held, turned, laid, known, is_dealer, board, goal, left, go, mine)
    unseen = position.unseen_ranks()
    if left > len(unseen):
        why = " that do not fit (he said go)" if go else ""
        raise IllegalHandError(f"the opponent cannot hold {left} cards: only {len(unseen)} "
                               f"unseen cards{why} are left")
    if go and left == 0:
        raise IllegalActionError("an opponent with no cards does not say go")
    return position


def _hand_kinds(unseen: Sequence[int], k: int) -> list[tuple[Ranks, int]]:
    """Every kind of hand of ``k`` cards among ``unseen`` (ranks, one entry a card), as
    sorted ranks with the number of card hands of that kind."""
    counts = [0] * 14
    for r in unseen:
        counts[r] += 1
    ranks = [r for r in range(1, 14) if counts[r]]
    out: list[tuple[Ranks, int]] = []

    def build(i: int, left: int, held: Ranks, ways: int) -> None:
        if not left:
            out.append((held, ways))
            return
        if i == len(ranks):
            return
        r = ranks[i]
        for n in range(min(left, counts[r]), -1, -1):
            build(i + 1, left - n, held + (r,) * n, ways * math.comb(counts[r], n))

    build(0, k, (), 1)
    out.sort()
    return out


def _kinds_count(unseen: Sequence[int], k: int) -> int:
    """How many kinds of hand :func:`_hand_kinds` would list (without listing them)."""
    counts = [0] * 14
    for r in unseen:
        counts[r] += 1
    ways = [1] + [0] * k
    for r in range(1, 14):
        if counts[r]:
            ways = [sum(ways[j - n] for n in range(min(j, counts[r]) + 1)) for j in range(k + 1)]
    return ways[k]


def _opponent_hands(position: CardPosition, limit: int, sampled: int
                    ) -> tuple[list[tuple[Ranks, int]], bool]:
    """The hands the opponent could hold, with weights: all kinds when there are at most
    ``limit``, else a systematic sample of ``sampled`` hands: the kinds in a fixed order
    (hands with a pair first, then by rank), each as wide as its weight, and ``sampled``
    evenly spaced picks from a start drawn with a seed made from the position (a kind
    picked twice counts twice). Spread over every sort of hand, such a sample is more
    precise than as many hands drawn at random (about as precise as twice as many, in
    first leads tried); the error stated is a random sample's, so it errs on the safe
    side. Returns the hands and whether they are exact."""
    unseen = position.unseen_ranks()
    k = position.opponent_cards
    if _kinds_count(unseen, k) <= limit:
        return _hand_kinds(unseen, k), True
    kinds = sorted(_hand_kinds(unseen, k), key=lambda kw: (len(set(kw[0])), kw[0]))
    total = sum(w for _, w in kinds)
    step = total / sampled
    at = _seeded(position, unseen).random() * step
    picked: dict[Ranks, int] = {}
    edge = 0
    for hand, weight in kinds:
        edge += weight
        while at < edge:
            picked[hand] = picked.get(hand, 0) + 1
            at += step
    return sorted(picked.items()), False


def _seeded(position: CardPosition, unseen: list[int]) -> random.Random:
    """A random generator seeded from the position: the same position, the same draws."""
    key = repr((sorted(int(c.rank) for c in position.hand),
                [int(c.rank) for c in position.pile], unseen,
                position.opponent_cards)).encode()
    return random.Random(zlib.crc32(key))


def _draws(position: CardPosition, unseen: list[int], n: int) -> list[Ranks]:
    """``n`` opponent hands drawn at random from ``unseen``, in order, with a seed made
    from the position: the same position always draws the same hands."""
    rng = _seeded(position, unseen)
    return [tuple(sorted(rng.sample(unseen, position.opponent_cards))) for _ in range(n)]


def _mean_error(values: Sequence[float], weights: Sequence[int], exact: bool
                ) -> tuple[float, float]:
    """The weighted mean and, for a sample, the 95% half-width of its mean."""
    total = sum(weights)
    mean = sum(v * w for v, w in zip(values, weights, strict=True)) / total
    if exact or total < 2:
        return mean, 0.0
    var = sum(w * (v - mean) ** 2 for v, w in zip(values, weights, strict=True)) / (total - 1)
    return mean, 1.96 * math.sqrt(var / total)


class _Show:
    """The chance to win at the end of the play, from what each still needs: the show
    in its order (pone's hand, the dealer's hand, the crib), your hand exact when it is
    known, the opponent's hand and the crib from the stored deals; then the table."""

    def __init__(self, position: CardPosition) -> None:
        assert position.scores is not None
        own = None
        if position.kept is not None:
            own = score_hand(position.kept, position.starter).total
        self.key = (position.dealer, own, position.target)

    def __call__(self, need_me: int, need_them: int) -> float:
        return _show_chance(*self.key, need_me, need_them)


@cache
def _show_deals(dealer: bool, own: int | None) -> tuple[tuple[int, int, int, int], ...]:
    """The stored deals as (your hand, the opponent's hand, the crib, how many deals)."""
    pone, dealer_hand, crib = (STREAM.index(c) for c in ("pone hand", "dealer hand", "crib"))
    mine_at, theirs_at = (dealer_hand, pone) if dealer else (pone, dealer_hand)
    found: dict[tuple[int, int, int], int] = {}
    for row in scenarios()[:SHOW_DEALS]:
        deal = (row[mine_at] if own is None else own, row[theirs_at], row[crib])
        found[deal] = found.get(deal, 0) + 1
    return tuple((*deal, n) for deal, n in sorted(found.items()))


@lru_cache(maxsize=200_000)
def _show_chance(dealer: bool, own: int | None, target: int, need_me: int,
                 need_them: int) -> float:
    """Your chance to win after the play (see :class:`_Show`)."""
    table = win_table(target)
    total = 0.0
    deals = 0
    for mine, theirs, crib, n in _show_deals(dealer, own):
        deals += n
        if dealer:
            if theirs >= need_them:
                continue
            if mine + crib >= need_me:
                total += n
                continue
            got_me, got_them = mine + crib, theirs
        else:
            if mine >= need_me:
                total += n
                continue
            if theirs + crib >= need_them:
                continue
            got_me, got_them = mine, theirs + crib
        me, them = target - need_me + got_me, target - need_them + got_them
        total += n * table.chance(me, them, dealer=not dealer)  # the deal passes
    return total / deals


def _card_options(position: CardPosition, limit: int = EXACT_HANDS,
                  sampled: int = SAMPLED_HANDS, chance_hands: int = CHANCE_HANDS,
                  answers_too: bool = True
                  ) -> tuple[list[CardOption], dict[int, list[float]], list[int], bool]:
    """Each legal card's columns, best first, with each rank's value in every opponent
    hand (for paired errors), the hands' weights, and whether they are exact. Without
    ``answers_too`` the answer column is left at 0 (a player needs only the values)."""
    mine = tuple(sorted(int(c.rank) for c in position.hand))
    pile = [int(c.rank) for c in position.pile]
    legal = position.legal
    ranks = sorted({int(c.rank) for c in legal})
    hands, exact = _opponent_hands(position, limit, sampled)
    weights = [w for _, w in hands]
    values: dict[int, list[float]] = {r: [] for r in ranks}
    answers: dict[int, list[float]] = {r: [] for r in ranks}
    for theirs, _ in hands:
        for r in ranks:
            net, reply = (answer_after(mine, theirs, pile, r) if answers_too
                          else (after_card(mine, theirs, pile, r), 0))
            values[r].append(net)
            answers[r].append(reply)
    chances: dict[int, float] = {}
    if position.scores is not None and _in_reach(position.scores, position.target):
        chances = _card_chances(position, mine, pile, ranks, chance_hands)
    options = []
    for card in legal:
        r = int(card.rank)
        value, error = _mean_error(values[r], weights, exact)
        answer, _ = _mean_error(answers[r], weights, exact)
        now = _pegs_now(position.pile, card)
        options.append(CardOption(card, now, answer, value, error, chances.get(r)))
    if chances:
        options.sort(key=lambda o: (-round(o.chance or 0.0, 9), -o.value, o.card))
    else:
        options.sort(key=lambda o: (-o.value, o.card))
    return options, values, weights, exact


def _pegs_now(pile: Sequence[Card], card: Card) -> int:
    return pile_points([int(c.rank) for c in (*pile, card)])


def _card_chances(position: CardPosition, mine: Ranks, pile: Sequence[int], ranks: Sequence[int],
                  hands: int) -> dict[int, float]:
    """Each rank's chance to win, both playing to win, over ``hands`` opponent hands."""
    assert position.scores is not None
    need_me = position.target - position.scores[0]
    need_them = position.target - position.scores[1]
    race = PegRace(_Show(position))
    kinds, _ = _opponent_hands(position, hands, hands)
    total = sum(w for _, w in kinds)
    return {r: sum(w * race.after_card(mine, theirs, pile, r, need_me, need_them)
                   for theirs, w in kinds) / total for r in ranks}


def judge_card(hand: str | Iterable[CardLike], card: CardLike, *, starter: CardLike,
               pile: str | Iterable[CardLike] = (), seen: str | Iterable[CardLike] = (),
               dealer: bool, scores: Sequence[int] | None = None, target: int = GAME_HOLE,
               opponent_cards: int | None = None, opponent_go: bool = False,
               kept: str | Iterable[CardLike] | None = None) -> CardVerdict:
    """Judge laying ``card`` from ``hand`` (the cards you still hold) in the play.

    ``pile`` is the cards laid since the count was last reset, oldest first; ``seen``
    every other card you have seen (your two thrown cards, the cards of earlier series).
    ``opponent_cards`` is how many cards the opponent still holds (by default: as many
    as you if you are pone, one fewer if you deal, as when nobody has said go);
    ``opponent_go`` that he said go in this series (so none of his cards fits);
    ``kept`` your four kept cards (for the show, when the chance to win is judged).

    The last cards: the count is 24 and the opponent has laid all his. The 7 makes 31
    for 2 and the 3 is then the last card (1): 3 in all. The 3 first makes 27; the 7 no
    longer fits, so the 3 takes a go (1) and the 7, led alone, the last card (1): 2.

    >>> v = judge_card("7D 3C", "3C", starter="2H", pile="KS QH 4C", dealer=True,
    ...                opponent_cards=0)
    >>> v.best, [(o.card.symbol, o.value) for o in v.options], v.loss, v.grade
    (Card.parse('7D'), [('7♦', 3.0), ('3♣', 2.0)], 1.0, <Grade.INACCURACY: 'inaccuracy'>)
    >>> print(v.sentence.replace("; ", ";\\n"))
    take the points: 7♦ pegs 2 now (thirty-one for two);
    7♦ nets +3.00 to the end of the play, 3♣ +2.00

    Bad input is refused with a clear error, and nothing changes:

    >>> judge_card("4C KD", "5D", starter="2H", dealer=True)
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalPlayError: cannot lay 5D: not in the hand '4C KD'
    """
    position = _position(hand, starter, pile, seen, dealer, scores, target, opponent_cards,
                         opponent_go, kept)
    laid = _one_card(card, "the card")
    return _judge_position(position, laid)


@lru_cache(maxsize=64)
def _position_options(position: CardPosition
                      ) -> tuple[list[CardOption], dict[int, list[float]], list[int], bool]:
    """:func:`_card_options` for the judge, remembered for the last positions asked: one
    working-out serves every card of a position (a table judges them all ahead, while the
    learner thinks; a try again judges another). Read only, never changed."""
    with gc_paused():
        return _card_options(position)


def _judge_position(position: CardPosition, laid: Card) -> CardVerdict:
    if laid not in position.hand:
        raise IllegalPlayError(f"cannot lay {laid}: not in the hand '{position.hand}'")
    count = position.count
    if count + laid.value > THIRTY_ONE:
        raise IllegalPlayError(f"cannot lay {laid}: count is {count}, {count} + {laid.value} "
                               f"> 31")
    options, values, weights, exact = _position_options(position)
    mine = next(o for o in options if o.card == laid)
    top = max(options, key=lambda o: (o.value, -int(o.card.rank)))
    best = options[0]
    if best.card.rank == laid.rank:  # a card of the best rank is the best: name the one laid
        best = mine
    if top.card.rank == laid.rank:
        top = mine
    loss = max(0.0, top.value - mine.value)
    diffs = [a - b for a, b in zip(values[int(top.card.rank)], values[int(laid.rank)],
                                   strict=True)]
    _, loss_error = _mean_error(diffs, weights, exact)
    chance_loss = None
    if best.chance is not None and mine.chance is not None:
        chance_loss = max(0.0, best.chance - mine.chance)
    sentence = _card_sentence(position, mine, best, top, loss, chance_loss)
    return CardVerdict(position, laid, best.card, round(loss, 6), round(loss_error, 6), chance_loss,
                       _grade(loss, chance_loss), sentence, tuple(options), len(weights),
                       exact)


def _card_sentence(position: CardPosition, mine: CardOption, best: CardOption, top: CardOption,
                   loss: float, chance_loss: float | None) -> str:
    """The reason in one sentence, in the words of lesson 13: a principle only when the
    numbers show it is what separates the card from the best one."""
    if chance_loss is not None:
        assert mine.chance is not None and best.chance is not None
        if chance_loss < 1e-9 or mine.card.rank == best.card.rank:
            return (f"the best card for the game: {mine.card.symbol} leaves you a chance to "
                    f"win of {_percent(mine.chance)}")
        return (f"near home the chance to win decides: {best.card.symbol} leaves you "
                f"{_percent(best.chance)}, {mine.card.symbol} {_percent(mine.chance)} (to the "
                f"end of the "
                f"play they net {best.value:+.2f} and {mine.value:+.2f})")
    net = f"nets {mine.value:+.2f} to the end of the play"
    if mine.card.rank == top.card.rank or loss < 1e-9:
        return f"the best card: {mine.card.symbol} {net}"
    compare = (f"{top.card.symbol} nets {top.value:+.2f} to the end of the play, "
               f"{mine.card.symbol} {mine.value:+.2f}")
    if loss < INACCURACY:
        return (f"close to the best: {compare} "
                f"({round(top.value, 2) - round(mine.value, 2):.2f} less)")
    parts = {"now": float(top.now - mine.now), "answer": mine.answer - top.answer}
    parts["rest"] = loss - parts["now"] - parts["answer"]
    main = max(parts, key=lambda k: parts[k])
    if parts[main] < loss / 2:
        return compare
    if main == "now":
        said = _said(position.pile, top.card)
        return f"take the points: {top.card.symbol} pegs {top.now} now ({said}); {compare}"
    if main == "answer":
        return _answer_reason(position, mine, top) + f"; {compare}"
    if position.opponent_go:
        return (f"after his go you lay on alone, and the order decides: 31 scores 2, the go "
                f"1; {compare}")
    if (mine.card.value < 5 and top.card.value > mine.card.value
            and mine.card.value == min(c.value for c in position.hand)):
        return (f"keep a low card for the end of a series, where it wins the go: "
                f"{compare}")
    room, my_room = (THIRTY_ONE - position.count - c.value for c in (top.card, mine.card))
    if 0 < room <= _NEAR_31 and my_room > room and position.opponent_cards:
        yours = (f", at {THIRTY_ONE - my_room} {_fits(my_room)}" if my_room <= _NEAR_31
                 else "")
        return (f"near 31 few cards fit: at {THIRTY_ONE - room} only {_fits(room)} him"
                f"{yours}; {compare}")
    return f"the rest of the play decides: {compare}"


def _fits(room: int) -> str:
    """The cards that fit under 31 with ``room`` left, in words."""
    return {1: "an ace fits", 2: "an ace or a two fits"}.get(room, f"cards of {room} or less fit")


def _said(pile: Sequence[Card], card: Card) -> str:
    return str(score_play([*pile, card]))


def _answer_reason(position: CardPosition, mine: CardOption, top: CardOption) -> str:
    """Why the opponent's answer pegs more after your card than after the best one."""
    count = position.count + mine.card.value
    answers = (f"his best answer pegs {mine.answer:.2f} on average after "
               f"{mine.card.symbol}, {top.answer:.2f} after {top.card.symbol}")
    last = position.pile[-1] if position.pile else None
    top_count = position.count + top.card.value
    if not position.pile:
        if mine.card.value == 5:
            return (f"a five is the worst lead: every ten-card makes fifteen on it "
                    f"({answers})")
        if mine.card.value > 4 and top.card.value <= 4:
            return (f"a lead under five leaves no fifteen: no one card makes 15 with "
                    f"{top.card.symbol} ({answers})")
    if (not position.pile and _held(position, top.card) > 1
            and _held(position, mine.card) == 1):
        return (f"the pair trap: if he pairs {top.card.symbol}, your other one makes a "
                f"pair royal for 6 ({answers})")
    if count in (5, 21) and top_count not in (5, 21):
        aim = "fifteen" if count == 5 else "31"
        return (f"you left the count at {count}: any ten-card makes {aim} ({answers})")
    if last is not None and mine.card.rank == last.rank and top.card.rank != last.rank:
        return f"pairing invites a pair royal for 6 ({answers})"
    if last is not None:
        gap = abs(int(mine.card.rank) - int(last.rank))
        top_gap = abs(int(top.card.rank) - int(last.rank))
        if 0 < gap <= 2 and not 0 < top_gap <= 2:
            return f"{mine.card.symbol} plays on a run: his answer can make one ({answers})"
    return f"the reply decides: {answers}"


def _held(position: CardPosition, card: Card) -> int:
    """How many cards of ``card``'s rank the hand holds."""
    return sum(c.rank == card.rank for c in position.hand)


# --- the count -----------------------------------------------------------------------------

def card_chances(verdict: CardVerdict, *, hands: int | None = None
                 ) -> dict[Card, float] | None:
    """Near home, each card's chance to win in ``verdict``'s position, best first, weighed
    over every kind of hand the opponent could hold (``hands=None``: exact within the
    judge's model, slower than the judge's own sample at a first lead), or over at most
    ``hands`` of them (a systematic sample past that); ``None`` when the verdict judged no
    chance (far from home, or no ``scores``).

    >>> v = judge_card("3D 3S 7D 8S", "3D", starter="JH", pile="6D", dealer=True,
    ...                scores=(119, 110))
    >>> {card.symbol: round(chance, 3) for card, chance in card_chances(v).items()}
    {'7♦': 0.961, '8♠': 0.955, '3♦': 0.859, '3♠': 0.859}
    >>> card_chances(judge_card("7D 3C", "3C", starter="2H", dealer=True)) is None
    True
    """
    if not isinstance(verdict, CardVerdict):
        raise IllegalActionError(f"card_chances takes a CardVerdict, not {verdict!r}")
    limit = None if hands is None else whole_number(hands, "hands", 1)
    position = verdict.position
    if verdict.chance_loss is None or position.scores is None:
        return None
    if limit is None:
        limit = _kinds_count(position.unseen_ranks(), position.opponent_cards)
    mine = tuple(sorted(int(card.rank) for card in position.hand))
    pile = [int(card.rank) for card in position.pile]
    ranks = sorted({int(option.card.rank) for option in verdict.options})
    by_rank = _card_chances(position, mine, pile, ranks, limit)
    order = sorted(verdict.options, key=lambda o: (-by_rank[int(o.card.rank)], -o.value, o.card))
    return {option.card: by_rank[int(option.card.rank)] for option in order}


def judge_count(claimed: int, score: HandScore, *, muggins: bool = False) -> Judgement:
    """Judge a claimed count of the show: the engine's one claim judge,
    :func:`cribbage_edu.rules.scoring.judge_claim`, reached from the coach.

    >>> judge_count(6, score_hand("5H 5C 6D JS", "6C")).verdict
    <Verdict.UNDER: 'under'>
    """
    return judge_claim(claimed, score, muggins=muggins)


# --- a view, and the player -----------------------------------------------------------------

def _view_position(view: PlayerView) -> CardPosition:
    if view.phase is not Phase.PLAY or view.starter is None:
        raise IllegalActionError(f"there is no card to judge: the game is in the {view.phase}")
    laid = [card for _, card in view.laid]
    seen = [c for c in (*view.discards, *laid) if c not in view.pile]
    me = view.player
    scores = (view.scores[me], view.scores[1 - me])
    return _position(view.hand, view.starter, view.pile, seen, view.is_dealer, scores,
                     view.target, view.opponent_cards, view.opponent_said_go,
                     view.kept or None)


def judge_view(view: PlayerView, choice: str | Iterable[CardLike]) -> ThrowVerdict | CardVerdict:
    """Judge a choice from a player's view of a game: two cards in the discard
    (:func:`judge_throw`), one card in the play (:func:`judge_card`), with the board,
    the cards seen and the opponent's cards filled in from the view. What the table and
    the terminal game call.

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> judge_view(game.view(1), "6H KS").grade
    <Grade.GOOD: 'good'>
    """
    me = view.player
    if view.phase is Phase.DISCARD:
        return judge_throw(view.hand, choice, dealer=view.is_dealer,
                           scores=(view.scores[me], view.scores[1 - me]), target=view.target)
    return _judge_position(_view_position(view), _one_card(choice, "the card"))


def verdict_line(verdict: ThrowVerdict | CardVerdict) -> str:
    """The verdict as the coach says it at the table, in one line: "Right" when the
    choice was the best, else its grade and what it cost, then the reason.

    >>> print(verdict_line(judge_throw("5H 5C 6D JS QH 2C", "2C 6D", dealer=True)))
    ... # doctest: +ELLIPSIS
    Right: the best throw: keep 5♣ 5♥ J♠ Q♥ (hand 12.70 + crib 3.76 ...)
    >>> print(verdict_line(judge_card("7D 3C", "3C", starter="2H", pile="KS QH 4C",
    ...                               dealer=True, opponent_cards=0))[:62])
    Inaccuracy (1.0 point lost): take the points: 7♦ pegs 2 now (t
    """
    if verdict.chance_loss is not None:
        if verdict.chance_loss < 1e-9:
            return f"Right: {verdict.sentence}"
        cost = f"{verdict.chance_loss:.0%} of your chance to win lost"
        if verdict.chance_loss < 0.005:
            cost = "under 1% of your chance to win lost"
    else:
        if verdict.loss < 1e-9:
            return f"Right: {verdict.sentence}"
        cost = f"{verdict.loss:.1f} point{'' if f'{verdict.loss:.1f}' == '1.0' else 's'} lost"
    return f"{str(verdict.grade).capitalize()} ({cost}): {verdict.sentence}"


class CoachPlayer:
    """A computer player that throws and lays by the judge: the throw the judge puts
    first (the advisor with the play, or the best chance to win near home, as the
    ``master``), and the card with the best whole rest of the play (the best chance to
    win near home).

    Where the judge at the table weighs every hand the opponent could hold alike (what a
    learner can reason about), the player also reads him: away from home it weighs a card
    over the hands his throw, his cards and his gos leave him
    (:func:`cribbage_edu.strategy.reading.read_hands`, ``reads`` deals drawn for him; ``0``
    reads nothing). When nothing fits what he did, and near home, it weighs as the judge
    does; ``hands`` sets how many opponent hands a card is weighed over then, when there
    are too many to weigh them all (fewer is faster, and noisier).

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> [str(c) for c in CoachPlayer().discard(game.view(1))]
    ['6H', 'KS']
    """

    name = "coach"

    def __init__(self, seed: int | random.Random | None = None, *,
                 hands: int = PLAYER_HANDS, reads: int = READ_HANDS) -> None:
        # Deterministic: a whole-number seed varies the deals it reads, nothing else.
        self.seed = seed
        self.hands = whole_number(hands, "hands", 1)
        self.reads = whole_number(reads, "reads", 0)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        """The throw the judge puts first."""
        me = view.player
        scores = (view.scores[me], view.scores[1 - me])
        options = _throw_options(view.hand, view.is_dealer, scores, view.target)
        return list(options[0].discard)

    def play(self, view: PlayerView) -> Card:
        """The card the judge puts first, over the hands read from the opponent (see the
        class docstring); unread, sampled hands are drawn eight at a time and the drawing
        stops (from 16 hands on) once the best card leads every other by more than two
        standard errors of the paired difference."""
        legal = [a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY]
        if len({c.rank for c in legal}) == 1:
            return legal[0]
        position = _view_position(view)
        if position.scores is not None and _in_reach(position.scores, position.target):
            options, _, _, _ = _card_options(position, min(self.hands, EXACT_HANDS),
                                             self.hands, min(self.hands, CHANCE_HANDS),
                                             answers_too=False)
            return options[0].card
        read = {}
        if self.reads and view.opponent_cards:
            seed = self.seed if type(self.seed) is int else 0
            read = read_hands(view, self.reads, seed=seed)
        rank = _read_rank(position, read) if read else _leading_rank(position, self.hands)
        return min(c for c in legal if int(c.rank) == rank)


def _read_rank(position: CardPosition, read: Mapping[Ranks, float]) -> int:
    """The rank worth most to the end of the play over the hands read, each with its
    weight. Ties go to the lower rank, as in the judge."""
    mine = tuple(sorted(int(c.rank) for c in position.hand))
    pile = [int(c.rank) for c in position.pile]
    ranks = sorted({int(c.rank) for c in position.legal})
    totals = {r: sum(w * after_card(mine, theirs, pile, r) for theirs, w in read.items())
              for r in ranks}
    return max(ranks, key=lambda r: (totals[r], -r))


def _leading_rank(position: CardPosition, hands: int) -> int:
    """The rank of the card worth most to the end of the play, over at most ``hands``
    opponent hands, stopping early when it leads clearly (see :meth:`CoachPlayer.play`).
    Ties go to the lower rank, as in the judge."""
    mine = tuple(sorted(int(c.rank) for c in position.hand))
    pile = [int(c.rank) for c in position.pile]
    ranks = sorted({int(c.rank) for c in position.legal})
    unseen = position.unseen_ranks()
    k = position.opponent_cards
    if _kinds_count(unseen, k) <= hands:
        kinds = _hand_kinds(unseen, k)
        totals = {r: sum(w * after_card(mine, theirs, pile, r) for theirs, w in kinds)
                  for r in ranks}
        return max(ranks, key=lambda r: (totals[r], -r))
    values: dict[int, list[int]] = {r: [] for r in ranks}
    solved: dict[Ranks, dict[int, int]] = {}
    for n, theirs in enumerate(_draws(position, unseen, hands), 1):
        row = solved.get(theirs)
        if row is None:
            row = solved[theirs] = {r: after_card(mine, theirs, pile, r) for r in ranks}
        for r in ranks:
            values[r].append(row[r])
        if n >= 16 and n % 8 == 0 and _clear_leader(values, n):
            break
    return max(ranks, key=lambda r: (sum(values[r]), -r))


def _clear_leader(values: dict[int, list[int]], n: int) -> bool:
    """Whether the rank with the best sum beats every other by more than two standard
    errors of the paired difference."""
    leader = max(values, key=lambda r: (sum(values[r]), -r))
    for r, other in values.items():
        if r == leader:
            continue
        diffs = [a - b for a, b in zip(values[leader], other, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean <= 2 * math.sqrt(var / n):
            return False
    return True


# --- the review -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a review: in which ``deal``, its ``kind``, the index of its
    action in ``game.actions`` (``game.replay(action)`` reopens the position), what
    was ``chosen`` and the ``best``, the ``loss`` in points, the ``chance_loss`` (or
    ``None``), the ``grade``, the ``reason`` in one sentence, and the ``verdict`` itself
    (a :class:`ThrowVerdict`, :class:`CardVerdict` or the count's
    :class:`~cribbage_edu.rules.scoring.Judgement`)."""

    deal: int
    kind: DecisionKind
    action: int
    chosen: str
    best: str
    loss: float
    chance_loss: float | None
    grade: Grade
    reason: str
    verdict: ThrowVerdict | CardVerdict | Judgement = field(repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "kind": str(self.kind), "action": self.action,
                "chosen": self.chosen, "best": self.best, "loss": self.loss,
                "chance_loss": self.chance_loss, "grade": str(self.grade),
                "reason": self.reason}


_COLUMNS = ("deal", "kind", "action", "chosen", "best", "loss", "chance_loss", "grade",
            "reason")


@dataclass(frozen=True, slots=True)
class Review:
    """Every decision of one ``seat`` in a game, in order, with totals: see
    :func:`review`."""

    seat: int
    names: tuple[str, str]
    decisions: tuple[Decision, ...]
    over: bool

    def totals(self) -> dict[DecisionKind, tuple[int, float]]:
        """For each kind: how many decisions and the points they lost.

        >>> Review(0, ("a", "b"), (), False).totals()[DecisionKind.CARD]
        (0, 0.0)
        """
        out = {kind: (0, 0.0) for kind in DecisionKind}
        for d in self.decisions:
            n, lost = out[d.kind]
            out[d.kind] = (n + 1, lost + d.loss)
        return out

    def by_deal(self) -> dict[int, dict[DecisionKind, float]]:
        """The points lost in each deal, by kind: what a chart draws."""
        out: dict[int, dict[DecisionKind, float]] = {}
        for d in self.decisions:
            row = out.setdefault(d.deal, dict.fromkeys(DecisionKind, 0.0))
            row[d.kind] += d.loss
        return out

    def worst(self, n: int = 3) -> list[Decision]:
        """The ``n`` most costly decisions, most costly first: by grade (a blunder
        first), then by the chance lost where it was judged, then by points; earlier
        first on ties. (A grade weighs points and the chance alike, so a blunder in
        points comes before a mistake in the chance to win.)"""
        order = list(Grade)
        return sorted((d for d in self.decisions if d.grade is not Grade.GOOD),
                      key=lambda d: (-order.index(d.grade), -(d.chance_loss or 0.0),
                                     -d.loss, d.action))[:n]

    @property
    def loss(self) -> float:
        """The points lost by every decision together."""
        return sum(d.loss for d in self.decisions)

    def to_json(self) -> str:
        """The review as JSON: the decisions, the totals by kind and by deal."""
        return json.dumps({
            "seat": self.seat, "player": self.names[self.seat], "over": self.over,
            "decisions": [d.to_dict() for d in self.decisions],
            "totals": {str(k): {"decisions": n, "loss": lost}
                       for k, (n, lost) in self.totals().items()},
            "by_deal": {str(deal): {str(k): v for k, v in row.items()}
                        for deal, row in self.by_deal().items()},
        }, indent=1)

    def to_csv(self) -> str:
        """The decisions as CSV, one a row, for a teacher's spreadsheet."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(_COLUMNS)
        for d in self.decisions:
            row = d.to_dict()
            writer.writerow(["" if row[c] is None else row[c] for c in _COLUMNS])
        return out.getvalue()

    def __str__(self) -> str:
        lines = [f"review of {self.names[self.seat]}: {len(self.decisions)} decisions, "
                 f"{self.loss:.1f} points lost"]
        for kind, (n, lost) in self.totals().items():
            lines.append(f"  {kind}: {n} decisions, {lost:.1f} points lost")
        for d in self.worst():
            lines.append(f"  deal {d.deal}, {d.kind} {d.chosen}: {d.grade}, {d.reason}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<Review of {self.names[self.seat]}: {len(self.decisions)} decisions, "
                f"{self.loss:.1f} points lost>")

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f"<th>{esc(c)}</th>" for c in ("deal", "kind", "chosen", "best",
                                                       "points lost", "chance lost", "grade",
                                                       "reason"))
        rows = []
        for d in self.decisions:
            chance = "" if d.chance_loss is None else f"{d.chance_loss:.1%}"
            rows.append(f"<tr><td>{d.deal}</td><td>{esc(str(d.kind))}</td><td>"
                        f"{esc(d.chosen)}</td><td>{esc(d.best)}</td><td>{d.loss:.2f}</td>"
                        f"<td>{chance}</td><td>{esc(str(d.grade))}</td><td "
                        f"style='text-align:left'>{esc(d.reason)}</td></tr>")
        totals = "; ".join(f"{kind}: {n} decisions, {lost:.1f} points lost"
                           for kind, (n, lost) in self.totals().items())
        return (f"<table><caption>{esc(repr(self))}: {esc(totals)}</caption><thead><tr>"
                f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _count_decision(game: Game, claimed: int, deal: int, index: int) -> Decision:
    shown = game.next_show()
    assert shown is not None and game.starter is not None
    _, source, cards = shown
    score = score_hand(cards, game.starter, crib=source is Source.CRIB)
    judged = judge_count(claimed, score, muggins=game.options.muggins)
    lost = float(score.total - judged.awarded + judged.taken)
    if judged.verdict is Verdict.RIGHT:
        grade, reason = Grade.GOOD, f"right: {score.total} ({score})"
    else:
        grade = max(Grade.INACCURACY, Grade.of_points(lost),
                    key=lambda g: list(Grade).index(g))
        reason = f"{judged.verdict}: it scores {score.total}; {diagnose(claimed, score)}"
    return Decision(deal, DecisionKind.COUNT, index, str(claimed), str(score.total), lost,
                    None, grade, reason, judged)


def review(game: Game, seat: int = 0, *,
           judged: Mapping[int, ThrowVerdict | CardVerdict] | None = None) -> Review:
    """Every decision ``seat`` made in ``game`` (finished or not), judged from the
    position it was made in: each throw, each card laid when more than one rank fitted,
    and each count claimed by hand. ``judged`` holds verdicts already given, by the
    index of their action in ``game.actions`` (a table that judged each decision as it
    was made): those are taken as they are, the rest judged here.

    >>> from cribbage_edu.rules.game import Game
    >>> from cribbage_edu.rules.drive import play_out
    >>> from cribbage_edu.strategy.players import ExpertPlayer
    >>> game = play_out(Game(seed=3, target=61, first_dealer=0),
    ...                 [ExpertPlayer(), ExpertPlayer()])
    >>> r = review(game, 0)
    >>> r.decisions[0].kind, r.decisions[0].deal
    (<DecisionKind.THROW: 'throw'>, 1)
    >>> len(r.to_csv().splitlines()) == len(r.decisions) + 1
    True
    """
    if not isinstance(game, Game):
        raise IllegalActionError(f"review takes a Game, not {game!r}")
    who = check_seat(seat)
    given = _given(judged, game, who)
    twin = game.replay(0)
    decisions: list[Decision] = []
    for index, action in enumerate(game.actions):
        if action.player == who:
            deal = twin.deal_number
            chooses = action.kind is ActionKind.DISCARD or (
                action.kind is ActionKind.PLAY
                and len({c.rank for c in twin.legal_cards(who)}) > 1)
            if chooses:
                verdict = given.get(index) or judge_view(twin.view(who), action.cards)
                decisions.append(_decision(verdict, deal, index))
            elif action.kind is ActionKind.CLAIM and action.points is not None:
                decisions.append(_count_decision(twin, action.points, deal, index))
        twin.apply(action)
    return Review(who, game.names, tuple(decisions), game.is_over)


def _given(judged: object, game: Game, seat: int) -> dict[int, ThrowVerdict | CardVerdict]:
    """The verdicts a caller already has, checked: each keyed by the index of an action
    of ``seat`` that chose what the verdict says was chosen."""
    if judged is None:
        return {}
    if not isinstance(judged, Mapping):
        raise IllegalActionError(f"judged holds verdicts by action index, not {judged!r}")
    out: dict[int, ThrowVerdict | CardVerdict] = {}
    for index, verdict in judged.items():
        number = whole_number(index, "an action index", 0, len(game.actions) - 1)
        if not isinstance(verdict, ThrowVerdict | CardVerdict):
            raise IllegalActionError(f"judged[{number}] is not a verdict: {verdict!r}")
        action = game.actions[number]
        chosen = set(verdict.chosen) if isinstance(verdict, ThrowVerdict) else {verdict.chosen}
        if action.player != seat or set(action.cards) != chosen:
            raise IllegalActionError(f"judged[{number}] is a verdict on {sorted(chosen)}, "
                                     f"but action {number} is {action}")
        out[number] = verdict
    return out


def _decision(verdict: ThrowVerdict | CardVerdict, deal: int, index: int) -> Decision:
    if isinstance(verdict, ThrowVerdict):
        chosen, best = verdict.chosen.symbols, verdict.best.symbols
    else:
        chosen, best = verdict.chosen.symbol, verdict.best.symbol
    return Decision(deal, verdict.kind, index, chosen, best, verdict.loss, verdict.chance_loss,
                    verdict.grade, verdict.sentence, verdict)
