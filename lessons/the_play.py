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
:func:`play_misses` names the slips that lead to a wrong number of points:

>>> lay_out("4S 6H 5D")
4♠ 6♥ 5♦         count 15: fifteen for two and run of three for three (5)
>>> play_misses("5S 6H 5C")[2]
'a pair in the play is only with the card just before: the 5♠ is not next to the 5♣'
"""

from __future__ import annotations

from itertools import combinations, pairwise
from typing import Any

from cribbage_edu import Play, parse_cards, score_play
from cribbage_edu.rules.scoring import spoken_number
from exercises import Exercise, as_word, question_html

__all__ = ["PlayAloud", "lay_out", "play_exercise", "play_misses"]

SEATS = {"pone": Play.PONE, "dealer": Play.DEALER}


def lay_out(cards: Any) -> None:
    """Print the cards laid since the last reset, the count, and what the last one scores."""
    score = score_play(cards)
    print(f"{parse_cards(cards).symbols:<16} count {score.count:>2}: {score} ({score.total})")


class PlayAloud:
    """One deal's play between ``pone`` and ``dealer`` (up to four cards each), every
    event said aloud. Players are named ``"pone"`` and ``"dealer"``."""

    def __init__(self, pone: Any, dealer: Any, *, quiet: bool = False) -> None:
        self.play = Play(pone_hand=pone, dealer_hand=dealer)
        self.quiet = quiet
        self.said: list[Any] = []  # every event so far, quiet or not

    def lay(self, who: str, card: Any) -> None:
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

    def _say(self, events: Any) -> None:
        events = list(events)
        self.said.extend(events)
        if not self.quiet:
            for event in events:
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

    def legal(self, who: str) -> Any:
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


def _run_anywhere(cards: list[Any]) -> tuple[int, list[Any]]:
    """The longest run that the last card makes with any of the other cards, ignoring
    order and gaps (the wrong instinct), and the cards of it."""
    last, others = cards[-1], cards[:-1]
    for size in range(len(cards), 2, -1):
        for chosen in combinations(others, size - 1):
            group = [*chosen, last]
            ranks = sorted(int(card.rank) for card in group)
            if all(b == a + 1 for a, b in pairwise(ranks)):
                return size, group
    return 0, []


def play_misses(cards: Any) -> dict[int, str]:
    """The common wrong answers to "what does the last card score?", each with the rule
    it breaks. Where two slips give the same number, the first is kept."""
    pile = list(parse_cards(cards))
    score = score_play(pile)
    total, last = score.total, pile[-1]
    run = score.points("run")
    pairs = score.points("pair")
    found: dict[int, str] = {}

    def add(wrong: int, why: str) -> None:
        if wrong != total and wrong >= 0:
            found.setdefault(wrong, why)

    if len(pile) >= 3 and pile[-2].rank != last.rank:
        earlier = [card for card in pile[:-2] if card.rank == last.rank]
        if earlier:
            add(total + 2, f"a pair in the play is only with the card just before: the "
                           f"{earlier[-1].symbol} is not next to the {last.symbol}")
    size, group = _run_anywhere(pile)
    if size >= 3 and size > run:
        first = min(pile.index(card) for card in group)
        strangers = [card.symbol for card in pile[first:] if card not in group]
        if strangers:
            add(total - run + size,
                f"a run in the play must be the last cards laid, with no other card between: "
                f"the {' and the '.join(strangers)} {'breaks' if len(strangers) == 1 else 'break'}"
                " it")
    if score.count != 15 and any(card.value + last.value == 15 for card in pile[:-1]):
        add(total + 2, f"fifteen in the play is the running count, not any two cards: the "
                       f"count is {score.count}")
    if score.count == 31:
        add(total + 1, "exactly 31 scores 2 instead of the 1 for the last card, never both")
    if pairs == 6:
        add(total - 4, "the third card of a rank pairs with both cards before it: three "
                       "pairs, a pair royal, 6")
        add(total - 2, "the third card of a rank pairs with both cards before it: three "
                       "pairs, a pair royal, 6")
    if pairs == 12:
        add(total - 6, "the fourth card of a rank makes six pairs with the three before "
                       "it: a double pair royal, 12")
    if run > 3:
        add(total - run + 3, f"the run is longer: the last {spoken_number(run)} cards are "
                             f"{spoken_number(run)} ranks in a row, in any order")
    if score.points("fifteen"):
        add(total - 2, "the count is exactly 15: fifteen for two")
    if score.points("thirty-one"):
        add(total - 2, "the count is exactly 31: thirty-one for two")
    if run:
        add(total - run, f"the last {spoken_number(run)} cards are {spoken_number(run)} "
                         f"ranks in a row, in any order: a run of {spoken_number(run)}")
    if pairs:
        add(total - pairs, "the card just before is of the same rank: a pair")
    return found


def play_hint(cards: Any) -> str:
    """The count, and the kinds the last card scores for, without the points."""
    score = score_play(cards)
    names = {"pair": "a pair (or more)", "run": "a run"}
    kinds = sorted({names.get(str(item.kind), str(item.kind)) for item in score.items})
    found = " and ".join(kinds) if kinds else "nothing"
    return (f"the count is {score.count}; the last card scores for {found}. Check each: "
            "15 or 31 is 2; a pair with the card just before is 2 (three in a row 6); a run "
            "of the last k cards is k")


def play_exercise(number: int, cards: Any, *, text: str = "") -> Exercise:
    """An exercise: how many points does the last of these cards (laid in this order
    since the last reset) score?"""
    question = text or "These cards were laid in this order since the count was last reset. " \
                       "How many points does the last one score?"
    return Exercise(
        number, answer=score_play(cards).total, misses=play_misses(cards),
        explain=lambda guess: play_hint(cards), solution=lambda: lay_out(cards),
        praise=lambda: lay_out(cards),
        question=question_html(question, ("laid, in order", cards)))


def who_exercise(number: int, answer: str, *, misses: dict[str, str] | None = None,
                 explain: str = "", solution: str = "", question: str = "") -> Exercise:
    """An exercise whose answer is a player: "pone" or "dealer" (or a name)."""
    return Exercise(number, answer=as_word(answer), read=as_word, misses=misses or {},
                    explain=(lambda guess: explain) if explain else None,
                    solution=solution or None, question=question)
