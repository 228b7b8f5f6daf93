"""A computer player that lays by the judge's model of the whole deal
(:class:`DealPlayer`): the measure of that model as a judge (issue 25, "Strength").

It throws as today's coach player throws (:meth:`CoachPlayer.discard`, the throw the judge
puts first) and lays the card :func:`~cribbage_edu.strategy.coach.deal.judge_deal` puts
best: the opponent's deal read as a strong player keeps and lays, the rest of the play
laid with hidden hands, ranked by net points to the end of the play, near home by the
chance to win the whole deal. Its verdicts are seeded from the position (and the player's
``seed``), so the same game is always played the same way.

>>> from cribbage_edu.rules.game import stacked_game
>>> game = stacked_game("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S", scores=(113, 119))
>>> _ = game.discard(0, "9C KD"), game.discard(1, "JC QD"), game.advance()
>>> str(DealPlayer(deals=60).play(game.view(0))) != "5S"  # the 5 gives the dealer fifteen
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.cards import Card
from ...rules.checks import whole_number
from ...rules.errors import IllegalActionError
from ...rules.events import ActionKind
from ...rules.game import PlayerView
from .deal import DEAL_HANDS, judge_deal
from .player import CoachPlayer

__all__ = ["DealPlayer"]


class DealPlayer:
    """Throws as :class:`CoachPlayer` does and lays the card :func:`judge_deal` puts first,
    over ``deals`` deals drawn for the opponent (seeded by ``seed`` and the position). When
    only one rank fits it lays the lowest suit of it without asking the judge; when none of
    the drawn deals fits what the opponent did (the judge then refuses), it lays as the
    coach player would."""

    name = "deal"

    def __init__(self, seed: int = 0, *, deals: int = DEAL_HANDS) -> None:
        self.seed = whole_number(seed, "seed", 0)
        self.deals = whole_number(deals, "deals", 1)
        self._coach = CoachPlayer(seed)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        """The throw the judge puts first (as :class:`CoachPlayer`)."""
        return self._coach.discard(view)

    def play(self, view: PlayerView) -> Card:
        """The card the judge of the whole deal puts best."""
        legal = [a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY]
        if not legal:
            raise IllegalActionError("no card of this player's fits: he says go")
        if len({c.rank for c in legal}) == 1:
            return min(legal)
        try:
            verdict = judge_deal(view, self.deals, seed=self.seed)
        except IllegalActionError:  # no drawn deal fits what he did
            return self._coach.play(view)
        best = verdict.best
        return min(c for c in legal if c.rank == best.rank)
