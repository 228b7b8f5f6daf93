"""The course's final assessment in one place: its twelve questions, their key worked out
by the engine, the slips learners make with what each reveals, and the checker that
marks an answer. The teacher's guide (``lessons/README.md``) prints :func:`guide_text`,
and ``cribbage-edu assignments`` hands the questions out as the ``assessment``
assignment, whose hidden tests call :func:`mark`.

>>> mark(1, 14)
>>> mark(1, 16)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: Question 1: not yet. You said 16, which is too high. The double run's ...
>>> mark(7, "QH 9S"), mark(9, (7, 5)), mark(11, "1,068")
(None, None, None)
>>> mark(12, ...)
Traceback (most recent call last):
...
AssertionError: Question 12: not answered
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from ..rules.cards import FULL_DECK, THIRTY_ONE, Card, Hand, Rank, parse_cards
from ..rules.options import GameOptions
from ..rules.pegging import Play, score_play
from ..rules.scoring import score_hand
from ..stats import games_needed
from ..strategy.discard import DiscardOption, advise, starter_distribution
from ..strategy.rulebook.throw import crib_count, crib_counted

__all__ = ["NOT_ANSWERED", "Form", "Question", "guide_text", "mark", "questions"]

NOT_ANSWERED = "not answered"
"""What :func:`mark` says of an answer left as ``...`` (as the lessons' checker does)."""


@dataclass(frozen=True)
class Form:
    """How an answer is written: ``read`` turns what a student wrote into a value to
    compare with the key (``ValueError``, with what to write, when it cannot), ``show``
    writes a value as the key does. ``decimals`` counts a decimal as right when it is
    within 0.005 of the exact answer and within 5% of it (so 0 is not close to a small
    chance)."""

    read: Callable[[Any], Any]
    show: Callable[[Any], str]
    decimals: bool = False


def _as_number(guess: Any) -> Fraction:
    """A number written as a number or as text (``14``, ``"1,068"``, ``"2/46"``, 9.87).

    >>> _as_number("1,068"), _as_number(0.5), _as_number(" 2/46 ")
    (Fraction(1068, 1), Fraction(1, 2), Fraction(1, 23))
    """
    if isinstance(guess, float):
        return Fraction(repr(guess))  # the decimal as written: 0.043 is 43/1000
    if isinstance(guess, (int, Fraction)) and not isinstance(guess, bool):
        return Fraction(guess)
    if isinstance(guess, str):
        try:
            return Fraction(guess.strip().replace(",", ""))
        except (ValueError, ZeroDivisionError):
            pass
    raise ValueError("write a number, such as 12 or 2/46")


def _as_numbers(guess: Any) -> tuple[int, ...]:
    """Whole numbers in brackets or in text (``(2, 1)``, ``"2; 1"``), in order."""
    parts = (re.split(r"[\s,;]+", guess.strip().strip("()[]").strip()) if isinstance(guess, str)
             else list(guess) if isinstance(guess, (tuple, list)) else [])
    try:
        numbers = tuple(_as_number(part) for part in parts if part != "")
    except ValueError:
        numbers = ()
    if not numbers or any(n.denominator != 1 for n in numbers):
        raise ValueError("write the two numbers in brackets, such as (3, 0)")
    return tuple(int(n) for n in numbers)


def _whole(value: Any) -> str:
    return f"{int(value):,}"


def _chance(value: Any) -> str:
    return str(Fraction(value))


def _two_places(value: Any) -> str:
    return str(value) if Fraction(value).denominator == 1 else f"{float(value):.2f}"


def _cards(value: Any) -> str:
    return " ".join(card.symbol for card in sorted(value))


def _pair(value: Any) -> str:
    return "(" + ", ".join(str(n) for n in value) + ")"


NUMBER = Form(_as_number, _whole)
CHANCE = Form(_as_number, _chance, decimals=True)
TWO_PLACES = Form(_as_number, _two_places, decimals=True)
TWO_NUMBERS = Form(_as_numbers, _pair)


def two_of(six: Hand) -> Form:
    """Two cards of ``six``, in any order (``"9S QH"``, ``"Q♥ 9♠"``, a list of cards)."""
    def read(guess: Any) -> frozenset[Card]:
        try:
            cards = frozenset(parse_cards(guess))
        except ValueError as exc:
            raise ValueError(f"write two cards in quotes, such as \"9S QH\" ({exc})") from None
        if len(cards) != 2 or not cards <= set(six):
            raise ValueError(f"name two of your six cards ({six.symbols})")
        return cards
    return Form(read, _cards)


@dataclass(frozen=True)
class Question:
    """One question: its text (as the guide prints it), the answer the engine gives,
    the working the key shows after it, how an answer is written, and the slips
    learners make (as read) with what each reveals."""

    number: int
    text: str
    answer: Any
    working: str
    form: Form = NUMBER
    slips: Mapping[Any, str] = field(default_factory=dict)

    def verdict(self, guess: Any) -> str | None:
        """Nothing when ``guess`` is right, else what the mark says of it."""
        head = f"Question {self.number}:"
        if guess is ...:
            return f"{head} {NOT_ANSWERED}"
        from .marking import NotPlain  # an answer handed in as code

        if isinstance(guess, NotPlain):
            return f"{head} {guess.reason}"
        try:
            read = self.form.read(guess)
        except ValueError as exc:
            return f"{head} I could not read your answer: {exc}."
        if self.right(guess, read):
            return None
        said = f"{head} not yet. You said {self.form.show(read)}"
        if isinstance(read, Fraction):
            said += ", which is too " + ("high" if read > self.answer else "low")
        slip = self.slips.get(read)
        return f"{said}. {slip[0].upper()}{slip[1:]}." if slip else f"{said}."

    def right(self, guess: Any, read: Any) -> bool:
        """Whether ``read`` (``guess`` as read) is the answer."""
        if read == self.answer:
            return True
        if self.form.decimals and not isinstance(guess, (int, Fraction)) and (
                not isinstance(guess, str) or "." in guess):
            gap = abs(read - self.answer)
            return bool(gap < Fraction(5, 1000) and gap <= abs(self.answer) / 20)
        return False

    def key_line(self) -> str:
        """The key's line: the answer, its working, and the slips with what each reveals."""
        line = f"{self.number}. {self.form.show(self.answer)}"
        line += f" ({self.working})." if self.working else "."
        if self.slips:
            line += " Slips: " + "; ".join(f"{self.form.show(wrong)} ({why})"
                                           for wrong, why in self.slips.items()) + "."
        return line


def _throw(option: DiscardOption, best: DiscardOption) -> str:
    """What throwing ``option`` instead of ``best`` gives away, in the advisor's figures."""
    return (f"keeps {option.keep.symbols}, a hand worth {float(option.hand_ev):.2f}, but "
            f"gives the dealer {option.discard.symbols}, worth {option.crib_ev:.2f} in his "
            f"crib against {best.crib_ev:.2f}: {option.net_ev:.2f} a deal against "
            f"{best.net_ev:.2f}")


@cache
def questions() -> tuple[Question, ...]:
    """The twelve questions, their answers worked out by the engine."""
    first = score_hand("3D 4S 4H 5C", "6S")
    crib = score_hand("5S 5D 10C JS", "4H", crib=True)
    double_double = score_hand("7C 7D 8H 8S", "9C")
    run = score_play("3S 5H 4D")
    play = Play(pone_hand="KH 9C 2S AD", dealer_hand="9D 10S JH QC")
    for seat, card in ((Play.PONE, "KH"), (Play.DEALER, "9D"), (Play.PONE, "9C")):
        play.play(seat, card)
    play.go(Play.DEALER)
    before = play.scores[Play.PONE]
    play.play(Play.PONE, "2S")
    play.play(Play.PONE, "AD")
    held = parse_cards("5C 5D 8H 9S JC KD")
    unseen = [card for card in FULL_DECK if card not in set(held)]
    fives = sum(card.rank == Rank.FIVE for card in unseen)
    six = "4C 5H 6D 9S 10C QH"
    throws = advise(six, dealer=False, pegging=True)
    best = throws[0]
    by_throw = {frozenset(option.discard): option for option in throws}
    kept = starter_distribution("3C 4D 5S 6H", seen="KC QD")
    ten_cards = sum(1 for card in FULL_DECK if card.value == THIRTY_ONE - 21)
    double_skunk = GameOptions.tournament().games_for_skunk[1]
    mine = crib_count(True)
    worth = [crib_counted(parse_cards(pair), True) for pair in ("2C 3D", "KC KD")]
    if any(value != int(value) for value in worth):  # the form reads whole numbers
        raise AssertionError(f"the crib count gives halves: {worth}")
    crib_pair = (int(worth[0]), int(worth[1]))
    return (
        Question(1, "Count 3♦ 4♠ 4♥ 5♣ with the 6♠ turned.", first.total, str(first),
                 slips={10: "one run of four, where the two fours make two",
                        16: "the double run's pair is counted once: two runs of four and "
                            "one pair"}),
        Question(2, "Count this crib: 5♠ 5♦ 10♣ J♠ with the 4♥ turned.", crib.total,
                 f"{crib}: the J♠ is not nobs with a heart turned",
                 slips={11: "nobs is the jack of the starter's suit, and the starter is a "
                            "heart",
                        6: "each five makes fifteen with the 10 and with the jack: four "
                           "fifteens"}),
        Question(3, "Count 7♣ 7♦ 8♥ 8♠ with the 9♣ turned.", double_double.total,
                 str(double_double),
                 slips={20: "two sevens and two eights make four runs of three, not two",
                        28: "the double double run's two pairs are counted once"}),
        Question(4, "In the play 3, 5, 4 have been laid since the count was last at zero. "
                    "What does the 4 score?", run.total,
                 f"a run of three, 3-4-5, in any order; the count is {run.count}",
                 slips={0: "a run in the play may be laid in any order"}),
        Question(5, "Pone led the K♥, the dealer laid the 9♦ and pone the 9♣ (28). The "
                    "dealer says go; pone lays the 2♠ (30) and the A♦ (31). What does pone "
                    "peg for those two cards?", play.scores[Play.PONE] - before,
                 "the 2 makes 30, nothing; the A makes 31, 2, instead of the go",
                 slips={3: "31 scores 2 instead of the go's 1, never both",
                        1: "reaching 31 scores 2; the go's 1 is for the last card short "
                           "of it"}),
        Question(6, "Pone holds 5♣ 5♦ 8♥ 9♠ J♣ K♦. What is the chance that the starter is "
                    "a five?", Fraction(fives, len(unseen)),
                 f"{fives} of the {len(unseen)} cards pone has not seen are fives",
                 form=CHANCE,
                 slips={Fraction(1, 13): "the two fives in pone's hand cannot be turned: "
                                         f"the starter is one of {len(unseen)} unseen cards",
                        Fraction(fives, len(FULL_DECK)): "the starter is one of the "
                                                         f"{len(unseen)} cards pone has not "
                                                         "seen, not of 52"}),
        Question(7, "As pone with 4♣ 5♥ 6♦ 9♠ 10♣ Q♥, which two cards do you throw?",
                 frozenset(best.discard),
                 f"keep {best.keep.symbols}, a hand worth {float(best.hand_ev):.2f}, and "
                 f"give the dealer's crib {best.crib_ev:.2f}, the least",
                 form=two_of(parse_cards(six)),
                 slips={frozenset(parse_cards(other)): _throw(by_throw[frozenset(
                     parse_cards(other))], best) for other in ("10C QH", "9S 10C")}),
        Question(8, "You keep 3♣ 4♦ 5♠ 6♥ and threw K♣ Q♦. What is the hand's expected "
                    "value over the 46 starters (two decimals)?", kept.expected,
                 f"exactly {kept.expected}", form=TWO_PLACES,
                 slips={Fraction(6): "6 is the hand before the starter: every starter adds "
                                     "at least 2"}),
        Question(9, "By the crib count (lesson 12), what are 2-3 and K-K worth in your own "
                    "crib?", crib_pair, f"2-3: {mine['low']:g} + {mine['low']:g} for two "
                    f"low cards, {mine['+five']:+g} for making five, {mine['+touch']:+g} for "
                    f"ranks that touch; K-K: {mine['ten']:g} + {mine['ten']:g}, "
                    f"{mine['+pair']:+g} for the pair", form=TWO_NUMBERS,
                 slips={(crib_pair[0] - int(mine["+five"]), crib_pair[1]):
                        "2 and 3 make five together, as a five does alone: every ten-card "
                        "makes them fifteen",
                        (crib_pair[0], crib_pair[1] - int(mine["+pair"])):
                        "a pair counts for itself on top of its two cards"}),
        Question(10, "From a count of 21, how many of the 52 cards make 31?", ten_cards, "",
                 slips={4: "the jacks, queens and kings count ten too: sixteen ten-cards"}),
        Question(11, "How many games does a win rate near 50% need for a 95% interval of "
                     "± 3%?", games_needed(0.03), "",
                 slips={33: "the half-width is squared: 1.96² × 0.25 / 0.03²",
                        1067: "1,067.1 games round up to 1,068: 1,067 give an interval a "
                              "little wider than ± 3%"}),
        Question(12, "Under the tournament rules, how many game points is a double skunk "
                     "worth?", double_skunk, "",
                 slips={4: "a double skunk earns no more than a skunk under the tournament "
                           "rules",
                        2: "2 is a plain win; a skunk earns 3, and a double skunk no "
                           "more"}),
    )


def mark(number: int, answer: Any) -> None:
    """Mark ``answer`` to question ``number`` (the assessment's hidden test): nothing
    when it is right, else ``AssertionError`` saying why."""
    said = questions()[number - 1].verdict(answer)
    if said is not None:
        raise AssertionError(said)


def guide_text(width: int = 92) -> str:
    """The questions and the key as the teacher's guide prints them."""
    def item(text: str) -> str:
        return textwrap.fill(text, width, subsequent_indent="   ", break_on_hyphens=False)

    return "\n".join([*(item(f"{q.number}. {q.text}") for q in questions()), "", "Key:", "",
                      *(item(q.key_line()) for q in questions())]) + "\n"
