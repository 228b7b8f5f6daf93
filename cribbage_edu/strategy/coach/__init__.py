"""The coach: one judge for every decision of a game, a throw, a card or a count.

Each judge answers with a verdict: the choice made, the best choice, the points the
choice loses against the best (and, near the end of a game, the chance to win it
loses), a :class:`Grade`, one ``sentence`` in the course's words that gives the reason
as a principle with its numbers, and ``why``: the numbers behind it, each option's
columns. A verdict on a throw or a card that is not the best also names, in ``rule`` and
at the end of its sentence, the rule of the rulebook that decides between it and the best
("the rule: count the keep", "an exception to lay your highest card": the words of the
stored procedures, :mod:`cribbage_edu.strategy.rulebook.naming`). A verdict is a frozen
value that keeps its position, so ``retry`` judges another choice from the same cards and
the same board.

>>> verdict = judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False)
>>> verdict.grade, str(verdict.best)
(<Grade.BLUNDER: 'blunder'>, '9S KD')
>>> print(verdict.sentence)  # doctest: +ELLIPSIS
you gave the dealer 2-3: cards that add to five average about 7.2 points in his crib (...

A room of its own, each module one job, each importing only those before it here:

- :mod:`.grades`: the grades and the lines between them (from :data:`INACCURACY`, 0.5
  points, :data:`MISTAKE`, 1.5, and :data:`BLUNDER`, 3.0; near home from
  :data:`CHANCE_INACCURACY`, 1%, :data:`CHANCE_MISTAKE`, 3%, :data:`CHANCE_BLUNDER`, 8%
  of the chance to win), what the coach says at a table (:class:`CoachMode`), the kinds
  of decision;
- :mod:`.position`: a position in the play, checked as it is made, and a card's columns;
- :mod:`.phrases`: the words of the reasons;
- :mod:`.model`: the judge's model of the game, the one place it lives: what a throw and
  a card are worth, the opponent's hands, the rest of the play, the chance to win near
  home (within :data:`REACH` points), and what the model leaves out;
- :mod:`.throw`, :mod:`.card`, :mod:`.count`: the three judges (:func:`judge_throw`,
  :func:`judge_card` with :func:`card_chances`, :func:`judge_count`); :func:`judge_card`
  judges a position given by its cards alone, without its history, by the model of open
  hands (:mod:`.model`: nothing of the opponent's to read); no lesson, hint or table shows
  its figures;
- :mod:`.dealplay`, :mod:`.deal`: the judge's model of the whole deal (the opponent's deal
  read as a strong player keeps and lays, the rest of the play with hidden hands, the show
  in order, every card over the same deals with the paired 95% margin of its difference
  from the best: :func:`~.deal.judge_deal`);
- :mod:`.view`: the judge at a table (:func:`judge_view`, :func:`verdict_line`): a card
  judged by that model from a player's view (:func:`~.view.judge_dealt`), a card within
  the judge's margin graded good; and a card of a stated deal (:func:`judge_play`: your
  keep and throw, the starter, the cards laid in order, the scores), judged the same way
  from the view the rules make of it
  (:meth:`~cribbage_edu.rules.game.PlayerView.in_play`), as the lessons state positions;
- :mod:`.player`, :mod:`.dealplayer`: the computer players: :class:`ReaderPlayer` (the coach
  player of before, laying by the open-hands model over the hands its read leaves the
  opponent, kept as a baseline) and :class:`CoachPlayer` (roster name ``"coach"``: throws
  as the judge, lays by the model of the whole deal);
- :mod:`.review`: every decision of one seat in a game (:func:`review`).
"""

from __future__ import annotations

from .card import CardVerdict, card_chances, judge_card
from .count import judge_count
from .dealplayer import CoachPlayer
from .grades import (
    BLUNDER,
    CHANCE_BLUNDER,
    CHANCE_INACCURACY,
    CHANCE_MISTAKE,
    INACCURACY,
    MISTAKE,
    CoachMode,
    DecisionKind,
    Grade,
)
from .model import CHANCE_HANDS, EXACT_HANDS, REACH, SAMPLED_HANDS
from .player import PLAYER_HANDS, ReaderPlayer
from .position import CardOption, CardPosition
from .review import Decision, Review, review
from .throw import ThrowOption, ThrowVerdict, judge_throw
from .view import judge_play, judge_view, verdict_line

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
    "ReaderPlayer",
    "Review",
    "ThrowOption",
    "ThrowVerdict",
    "card_chances",
    "judge_card",
    "judge_count",
    "judge_play",
    "judge_throw",
    "judge_view",
    "review",
    "verdict_line",
]
