"""The judge at a table: a choice judged from a player's view of a game
(:func:`judge_view`), and the verdict as the coach says it there in one line
(:func:`verdict_line`)."""

from __future__ import annotations

from collections.abc import Iterable

from ...rules.cards import CardLike, checked_card
from ...rules.errors import IllegalActionError
from ...rules.events import Phase
from ...rules.game import PlayerView
from .card import CardVerdict, judge_position
from .position import view_position
from .throw import ThrowVerdict, judge_throw

__all__ = ["judge_view", "verdict_line"]


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
    if not isinstance(view, PlayerView):
        raise IllegalActionError(f"judge_view takes a PlayerView (game.view(seat)), not "
                                 f"{view!r}")
    me = view.player
    if view.phase is Phase.DISCARD:
        return judge_throw(view.hand, choice, dealer=view.is_dealer,
                           scores=(view.scores[me], view.scores[1 - me]), target=view.target)
    return judge_position(view_position(view), checked_card(choice, "the card"))


def verdict_line(verdict: ThrowVerdict | CardVerdict) -> str:
    """The verdict as the coach says it at the table, in one line: "Right" when the
    choice was the best, else its grade and what it cost, then the reason.

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
