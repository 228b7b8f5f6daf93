"""CountingQuiz: count a hand (or a crib) with its starter, and be told what you missed.

>>> quiz = CountingQuiz(seed=7)
>>> quiz.answer(quiz.value.score.total)
>>> quiz.value.correct, quiz.value.streak
(True, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.render import hand_html
from cribbage_edu.rules.cards import Card, Deck, Hand
from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.rules.misses import FIFTEENS_AND_PAIRS, count_misses, diagnose
from cribbage_edu.rules.scoring import (
    SHOW_KINDS,
    HandScore,
    Kind,
    Verdict,
    claimed_points,
    judge_claim,
    score_hand,
)

from .answer import AnswerBox
from .cards import HandView
from .feedback import Message, StaticPicture, choose_seed, read_points, seed_badge
from .show import ShowStepper

__all__ = ["LEVELS", "CountingQuiz", "QuizState"]


def _runs(score: HandScore) -> int:
    return sum(1 for item in score.items if item.kind == Kind.RUN)


@dataclass(frozen=True)
class Level:
    """A level of the quiz: which hands it deals (judged from the engine's count), and
    the kinds a learner at this level has met (a wrong answer is explained only in
    those: the levels go simplest first, each teaching its kinds on top of the ones
    before)."""

    name: str
    crib: bool
    wants: Callable[[HandScore], bool]
    taught: tuple[Kind, ...] = SHOW_KINDS


LEVELS: dict[str, Level] = {
    level.name: level for level in (
        Level("fifteens and pairs", False,
              lambda s: s.total > 0 and not s.runs and not s.flush and not s.nobs,
              FIFTEENS_AND_PAIRS),
        Level("runs", False, lambda s: _runs(s) == 1 and not s.flush,
              (*FIFTEENS_AND_PAIRS, Kind.RUN)),
        Level("double runs", False, lambda s: _runs(s) >= 2, (*FIFTEENS_AND_PAIRS, Kind.RUN)),
        Level("flushes and nobs", False, lambda s: bool(s.flush or s.nobs)),
        Level("the crib", True, lambda s: True),
        Level("any hand", False, lambda s: True),
    )
}
"""The levels, simplest first: each deals hands whose count uses that level's kinds."""

def _met(score: HandScore, level: Level) -> tuple[Kind, ...]:
    """The kinds a wrong answer may be explained in: the level's, and any kind this
    hand scores (a hand that holds nobs at the runs level, or a hand posed by a
    teacher, shows the learner that kind now)."""
    return tuple(kind for kind in SHOW_KINDS if kind in level.taught or score.points(kind))


def _explained(score: HandScore) -> str:
    """The count item by item, then as players say it."""
    return score.table_html()


@dataclass(frozen=True)
class QuizState:
    """What a :class:`CountingQuiz` shows (read it as ``quiz.value``)."""

    seed: int
    level: str
    hand: Hand
    starter: Card
    crib: bool
    score: HandScore
    answered: bool
    answer: int | None
    correct: bool | None
    streak: int
    right: int
    asked: int
    muggins: bool
    muggins_points: int
    message: str


class CountingQuiz(StaticPicture, w.VBox):  # type: ignore[misc]
    """Count the hand: type the total (and, with ``by_kind=True``, the points of each
    kind), press Check or Enter. A wrong first answer is told over or under and gets a
    second try; then the learner steps through the count on the cards (each
    combination lit as its words are said) or presses Show all; once the total is said,
    the count shows as a table too.
    ``tries=1`` shows the answer after the first wrong one (for teachers who want it).

    ``level`` is one of :data:`LEVELS` ("fifteens and pairs", "runs", "double runs",
    "flushes and nobs", "the crib", "any hand"). With ``muggins=True`` points you miss
    go to your opponent, as in the muggins rule (one try, as at the table).

    >>> quiz = CountingQuiz(seed=7, level="double runs")
    >>> quiz.value.score.runs >= 6
    True
    >>> quiz.check_button.click(); quiz.value.message
    'type the total first, then press Check'
    """

    RUN_TO = "count this hand yourself"

    def _static_html(self) -> str:
        score = self._score
        what = "the crib" if score.crib else "your hand"
        return ("<b>Count the hand</b>"
                + hand_html((*score.hand, score.starter), highlight=(score.starter,),
                             caption=f"{what} + starter {score.starter.symbol}"))

    def __init__(self, seed: int | None = None, *, level: str = "fifteens and pairs",
                 by_kind: bool = False, muggins: bool = False, tries: int = 2) -> None:
        super().__init__()
        self.add_class("cribbage-counting-quiz")
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
        self._seed = choose_seed(seed)
        self._rng = random.Random(self._seed)
        self._muggins = muggins
        if tries not in (1, 2):
            raise ValueError(f"tries is 1 (the answer at once) or 2, not {tries!r}")
        self._tries = 1 if muggins else tries
        self._tried = 0
        self._streak = self._right = self._asked = self._muggins_points = 0
        self._answer: int | None = None
        self._correct: bool | None = None
        self._answered = False

        self.level_picker = w.Dropdown(options=list(LEVELS), value=level,
                                       description="Level", layout=w.Layout(width="260px"))
        self.level_picker.observe(self._level_changed, names="value")
        self.table = HandView()
        self.table.add_class("cribbage-quiz-cards")
        # with by_kind, the points of each kind are boxes drawn in the total's own box,
        # so that Check (or Enter in any of them) brings every text typed with it: boxes
        # of their own sent their text as messages of their own, which could reach the
        # kernel after the click (as Peg's box once did)
        kinds = SHOW_KINDS if by_kind else ()
        self.total_box = AnswerBox(placeholder="total", description="Total",
                                   layout=w.Layout(width="auto"),
                                   fields=[kind.plural for kind in kinds])
        self.total_box.add_class("cribbage-quiz-total")
        self.total_box.on_enter(self.check)
        self.kind_boxes = dict(zip(kinds, self.total_box.field_boxes, strict=True))
        """The box of each kind's points (with ``by_kind``), in the total's own box."""
        self._by_kind = by_kind
        # Check is drawn in the total's box: its click brings the total typed with it
        self.total_box.button_description = "Check"
        self.check_button = self.total_box.button
        self.next_button = w.Button(description="Next hand")
        self.next_button.on_click(lambda _: self.next_hand())
        self.message = Message()
        self.streak_label = w.HTML()
        self.streak_label.add_class("cribbage-streak")
        self.explanation = w.HTML()
        self.explanation.add_class("cribbage-explanation")
        self.stepper = ShowStepper()
        self.stepper.on_done(self._explain)
        self._notes = ""
        self.children = [
            w.HBox([w.HTML("<b>Count the hand</b>"), seed_badge(self._seed)]),
            self.level_picker, self.table,
            w.HBox([self.total_box, self.next_button]),
            self.message, self.streak_label, self.stepper, self.explanation,
        ]
        self._deal()

    # --- the quiz ------------------------------------------------------------------------

    def _deal(self) -> None:
        level = LEVELS[self.level_picker.value]
        for _ in range(5000):
            deck = Deck(self._rng)
            hand, starter = deck.deal(4), deck.cut()
            score = score_hand(hand, starter, crib=level.crib)
            if level.wants(score):
                break
        self._show(score)

    def _show(self, score: HandScore) -> None:
        hand, starter = score.hand, score.starter
        self._score = score
        self._answered, self._answer, self._correct = False, None, None
        self._tried = 0
        self.stepper.clear()
        what = "the crib" if score.crib else "your hand"
        self.table.show((*hand, starter), caption=f"{what} + starter {starter.symbol}",
                        highlight=(starter,))
        self.total_box.value = ""
        for box in self.kind_boxes.values():
            box.value = ""
        self.explanation.value = self._notes = ""
        self.message.say(f"Count {what} with the starter {starter.symbol}.")
        self._show_streak()

    def _show_streak(self) -> None:
        text = f"streak {self._streak} · right {self._right} of {self._asked}"
        if self._muggins:
            text += f" · muggins taken by your opponent: {self._muggins_points}"
        self.streak_label.value = f"<span style='font-size:small'>{text}</span>"

    def pose(self, hand: str | Hand, starter: str | Card, *, crib: bool = False) -> None:
        """Ask about a particular hand (for a lesson or a teacher's example).

        >>> quiz = CountingQuiz(seed=7, tries=1)
        >>> quiz.pose("5H 5C 5S JD", "5D"); quiz.answer(28)
        >>> for sentence in quiz.value.message.split(". "): print(sentence)
        You said 28: that is under
        The hand makes 29
        You missed one for his nobs: the J♦ in the hand is of the starter's suit.
        """
        score = score_hand(hand, starter, crib=crib)
        self._show(score)

    def _level_changed(self, change: dict[str, object]) -> None:
        self._streak = 0
        self._deal()

    def check(self) -> None:
        """Judge the typed answer (what the Check button, or Enter, does)."""
        if self._answered:
            self.message.warn("already checked: press Next hand for a new hand")
            return
        total = read_points(self.total_box.value, "total", 12)
        if isinstance(total, str):
            self.message.warn(total.replace("first, like 12", "first, then press Check"))
            return
        try:
            claimed_points(total)  # the engine's one check of a claim: 0 to 29
        except IllegalActionError as exc:
            self.message.warn(f"{str(exc)[:1].upper()}{str(exc)[1:]}")
            return
        by_kind: dict[Kind, int] = {}
        if self._by_kind:
            for kind, box in self.kind_boxes.items():
                read = read_points(box.value or "0", f"points for {kind.plural}", 2)
                if isinstance(read, str):
                    self.message.warn(f"{kind.plural}: {read}")
                    return
                by_kind[kind] = read
        self._judge(total, by_kind)

    def answer(self, total: int) -> None:
        """Type ``total`` and press Check."""
        self.total_box.value = str(total)
        self.check()

    def _judge(self, total: int, by_kind: dict[Kind, int]) -> None:
        actual = self._score.total
        self._tried += 1
        judged = judge_claim(total, self._score, muggins=self._muggins)
        right = judged.verdict is Verdict.RIGHT
        side = str(judged.verdict)
        if not right and self._tried < self._tries:
            why = diagnose(total, self._score, _met(self._score, LEVELS[self.level_picker.value]),
                           reveal=False)  # the kind and how many; the cards after a second try
            self.message.warn(f"You said {total}: that is {side}. {why[0].upper()}{why[1:]}. "
                              "Count again and check once more.")
            return
        self._answered, self._answer = True, total
        self._correct = right
        self._asked += 1
        if self._correct:
            self._streak += 1
            self._right += 1
            self.message.praise(f"Right: {actual}." if self._tried == 1
                                else f"Right, on the second try: {actual}.")
        else:
            self._streak = 0
            what = "crib" if self._score.crib else "hand"
            text = f"You said {total}: that is {side}. The {what} makes {actual}."
            taught = _met(self._score, LEVELS[self.level_picker.value])
            slip = count_misses(self._score, taught=taught).get(total)
            if slip:  # the last answer too is told the slip that leads to it
                text += f" {slip[0].upper()}{slip[1:]}."
            if judged.taken:
                self._muggins_points += judged.taken
                text += f" Muggins! Your opponent takes the {judged.taken} you missed."
            self.message.warn(text)
        wrong_kinds = [
            f"{kind.plural}: you said {said}, it is {self._score.points(kind)}"
            for kind, said in by_kind.items() if said != self._score.points(kind)]
        self._notes = ("<p>" + "; ".join(wrong_kinds) + "</p>") if wrong_kinds else ""
        what = "The crib" if self._score.crib else "The hand"
        self.stepper.load([(f"{what}, counted step by step", self._score)])
        self._show_streak()

    def _explain(self) -> None:
        """The count as a table and as players say it, once the step-through has said
        its total (or Show all was pressed): shown earlier, it would say it all first."""
        if self._answered:
            self.explanation.value = _explained(self._score) + self._notes

    def next_hand(self) -> None:
        """Deal the next hand (what Next hand does); refused until this one is checked."""
        if not self._answered:
            self.message.warn("check this hand first: type your total and press Check")
            return
        self._deal()

    # --- what a test or a lesson reads ---------------------------------------------------

    def __repr__(self) -> str:
        what = "crib" if self._score.crib else "hand"
        return (f"<CountingQuiz seed {self._seed}, {self.level_picker.value}: {what} "
                f"'{self._score.hand}' starter {self._score.starter}, streak {self._streak}>")

    @property
    def value(self) -> QuizState:
        """The quiz as it stands (read-only)."""
        return QuizState(
            seed=self._seed, level=self.level_picker.value, hand=self._score.hand,
            starter=self._score.starter, crib=self._score.crib, score=self._score,
            answered=self._answered, answer=self._answer, correct=self._correct,
            streak=self._streak, right=self._right, asked=self._asked,
            muggins=self._muggins, muggins_points=self._muggins_points,
            message=self.message.text)
