"""The judge at a table: a choice judged from a player's view of a game
(:func:`judge_view`), and the verdict as the coach says it there in one line
(:func:`verdict_line`)."""

from __future__ import annotations

from collections.abc import Iterable

from ...rules.cards import CardLike
from ...rules.errors import IllegalActionError
from ...rules.events import Phase
from ...rules.game import PlayerView
from .card import CardVerdict
from .dealcard import judge_dealt
from .throw import ThrowVerdict, judge_throw

__all__ = ["judge_view", "verdict_line"]


def judge_view(view: PlayerView, choice: str | Iterable[CardLike]) -> ThrowVerdict | CardVerdict:
    """Judge a choice from a player's view of a game: two cards in the discard
    (:func:`judge_throw`, with the board), one card in the play over the whole deal, from
    everything the view shows of it (:func:`~cribbage_edu.strategy.coach.dealcard.judge_dealt`:
    the opponent's deal read as a strong player keeps and lays, the rest of the play with
    hidden hands). What the table, the terminal game, the review and the hint call.

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> judge_view(game.view(1), "6H KS").grade
    <Grade.GOOD: 'good'>
    """
    if not isinstance(view, PlayerView):
        raise IllegalActionError(f"judge_view takes a PlayerView (game.view(seat)), not "
                                 f"{view!r}")
    me = view.player
    if view.phase is Phase.DISCARD:
        return judge_throw(view.hand, choice, dealer=view.is_dealer,
                           scores=(view.scores[me], view.scores[1 - me]), target=view.target)
    card = choice if isinstance(choice, str) else _one_card(choice)
    return judge_dealt(view, card)


def _one_card(choice: Iterable[CardLike]) -> CardLike:
    cards = list(choice)
    if len(cards) != 1:
        raise IllegalActionError(f"a card in the play is one card, not {len(cards)}: "
                                 f"{cards!r}")
    return cards[0]


def verdict_line(verdict: ThrowVerdict | CardVerdict) -> str:
    """The verdict as the coach says it at the table, in one line: "Right" when the
    choice was the best and the judge can tell it from every other; "Good" and a reason
    that says the choice is within the judge's margin when it cannot (a card judged over
    the whole deal whose interval of difference from the best reaches 0, or the best
    beside such cards, named); else its grade and what it cost; then the reason.

    >>> print(verdict_line(judge_throw("5H 5C 6D JS QH 2C", "2C 6D", dealer=True)))
    ... # doctest: +ELLIPSIS
    Right: the best throw: keep 5♣ 5♥ J♠ Q♥ (hand 12.70 + crib 3.76 ...)
    >>> from cribbage_edu.strategy.coach.card import judge_card
    >>> print(verdict_line(judge_card("5C 7D", "7D", starter="AS", pile="QD 5H",
    ...                               seen="2C 9C KH QC 8S 3D", dealer=True,
    ...                               opponent_cards=0))[:60])
    Mistake (2.0 points lost): take the points: 5♣ pegs 2 now (p
    """
    if not isinstance(verdict, ThrowVerdict | CardVerdict):
        raise IllegalActionError(f"verdict_line takes a ThrowVerdict or a CardVerdict, not "
                                 f"{verdict!r}")
    if isinstance(verdict, CardVerdict) and verdict.whole_deal:
        tied = {c.rank for c in verdict.within} - {verdict.chosen.rank}
        if verdict.chosen.rank == verdict.best.rank and tied:
            return f"Good: {verdict.sentence}"  # the sentence names the cards within
        if verdict.chosen.rank != verdict.best.rank and verdict.is_within_margin:
            less = (f"{verdict.loss:.2f} points less" if verdict.chance_loss is None
                    else f"{verdict.chance_loss:.1%} of your chance to win less")
            return f"Good ({less}): {verdict.sentence}"  # "within the judge's margin: ..."
    lost = verdict.loss if verdict.chance_loss is None else verdict.chance_loss
    if lost < 1e-9:
        return f"Right: {verdict.sentence}"
    return f"{str(verdict.grade).capitalize()} ({_cost(verdict)}): {verdict.sentence}"


def _cost(verdict: ThrowVerdict | CardVerdict) -> str:
    """What a choice lost against the best, in words: the chance to win near home, else
    points."""
    if verdict.chance_loss is not None:
        if verdict.chance_loss < 0.005:
            return "under 1% of your chance to win lost"
        return f"{verdict.chance_loss:.0%} of your chance to win lost"
    return f"{verdict.loss:.1f} point{'' if f'{verdict.loss:.1f}' == '1.0' else 's'} lost"
