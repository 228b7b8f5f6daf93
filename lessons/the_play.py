"""Helpers for the lessons on the play (pegging): a play told aloud, and exercises that
explain a miss.

:class:`PlayAloud` runs one deal's play with the engine and says every event:

>>> table = PlayAloud(pone="10S 5H", dealer="6C KD")
>>> table.lay("pone", "10S")
pone lays 10♠: ten
>>> table.lay("dealer", "6C")
dealer lays 6♣: sixteen
>>> table.retell(since=1, then="no points: 16 is no fifteen")
dealer lays 6♣: sixteen
no points: 16 is no fifteen

:func:`lay_out` shows what the last of some cards laid since a reset scores, and
:func:`play_misses` (the engine's, from :mod:`cribbage_edu.rules.misses`) names the slips
that lead to a wrong number of points:

>>> lay_out("4S 6H 5D")
4♠ 6♥ 5♦         count 15: fifteen for two and run of three for three (5)
>>> play_misses("5S 6H 5C")[2]
'a pair in the play is only with the card just before: the 5♠ is not next to the 5♣'
"""

from __future__ import annotations

from collections.abc import Iterable

from cribbage_edu import Hand, Play, PlayEvent, parse_cards, score_play
from cribbage_edu.rules.cards import CardLike
from cribbage_edu.rules.misses import play_hint, play_misses
from exercises import Exercise, question_html

__all__ = ["PlayAloud", "lay_out", "play_exercise", "play_hint", "play_misses"]

SEATS = {"pone": Play.PONE, "dealer": Play.DEALER}

Cards = str | Iterable[CardLike]
"""Cards as the engine reads them: text such as ``"5H 5C"``, or cards."""


def lay_out(cards: Cards) -> None:
    """Print the cards laid since the last reset, the count, and what the last one scores."""
    score = score_play(cards)
    print(f"{parse_cards(cards).symbols:<16} count {score.count:>2}: {score} ({score.total})")


class PlayAloud:
    """One deal's play between ``pone`` and ``dealer`` (up to four cards each), every
    event said aloud. Players are named ``"pone"`` and ``"dealer"``."""

    def __init__(self, pone: Cards, dealer: Cards, *, quiet: bool = False) -> None:
        self.play = Play(pone_hand=pone, dealer_hand=dealer)
        self.quiet = quiet
        self.said: list[PlayEvent] = []  # every event so far, quiet or not

    def lay(self, who: str, card: CardLike) -> None:
        """``who`` lays ``card``; print what happens."""
        self._say(self.play.play(SEATS[who], card))

    def go(self, who: str) -> None:
        """``who`` says go; print what happens (or why the engine refuses it)."""
        from cribbage_edu.rules.errors import CribbageError

        try:
            events = self.play.go(SEATS[who])
        except CribbageError as refusal:
            print(f"refused: {refusal}")
            return
        self._say(events)

    def _say(self, events: Iterable[PlayEvent]) -> None:
        said = list(events)
        self.said.extend(said)
        if not self.quiet:
            for event in said:
                print(event)

    @property
    def mark(self) -> int:
        """How many events have been said: a place to :meth:`retell` from."""
        return len(self.said)

    def retell(self, since: int = 0, then: str = "") -> None:
        """Say again every event from ``since`` (a :attr:`mark`) on, then ``then``."""
        for event in self.said[since:]:
            print(event)
        if then:
            print(then)

    def legal(self, who: str) -> Hand:
        """The cards ``who`` may lay now."""
        return self.play.legal_cards(SEATS[who])

    def may_lay(self, who: str) -> str:
        """The cards ``who`` may lay now (as text), or "nothing"."""
        legal = self.play.legal_cards(SEATS[who])
        return legal.symbols if legal else "nothing"

    @property
    def count(self) -> int:
        return self.play.count

    @property
    def to_play(self) -> str:
        """Who lays the next card: "pone", "dealer", or "nobody" when the play is over."""
        turn = self.play.turn
        return "nobody" if turn is None else self.play.names[turn]

    @property
    def scores(self) -> dict[str, int]:
        """Points pegged so far, by player."""
        return dict(zip(self.play.names, self.play.scores, strict=True))


def play_exercise(number: int, cards: Cards, *, text: str = "") -> Exercise:
    """An exercise: how many points does the last of these cards (laid in this order
    since the last reset) score?"""
    question = text or "These cards were laid in this order since the count was last reset. " \
                       "How many points does the last one score?"
    return Exercise(
        number, answer=score_play(cards).total, misses=play_misses(cards),
        explain=lambda guess: play_hint(cards), solution=lambda: lay_out(cards),
        praise=lambda: lay_out(cards),
        question=question_html(question, ("laid, in order", cards)))

