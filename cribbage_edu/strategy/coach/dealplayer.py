"""The coach as a computer player (:class:`CoachPlayer`, roster name ``"coach"``): it
throws and lays by the judge, the same judge the table's coach grades a learner by.

It throws the throw the judge puts first (:func:`~cribbage_edu.strategy.coach.throw.throw_options`:
the advisor with the play, near home the best chance to win, as the master) and lays the
card :func:`~cribbage_edu.strategy.coach.deal.judge_deal` puts best: the opponent's deal
read as a strong player keeps and lays, the rest of the play laid with hidden hands,
ranked by net points to the end of the play, near home by the chance to win the whole
deal. Its verdicts are seeded from the position (and the player's ``seed``), so the same
game is always played the same way.

Today's reading coach player, that lays by the open-hands solver over the hands its read
leaves the opponent, is :class:`~cribbage_edu.strategy.coach.player.ReaderPlayer` (not on
the roster): the baseline ``benchmarks/strength.py --only deal`` measures this one against.

>>> from cribbage_edu.rules.game import stacked_game
>>> game = stacked_game("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S", scores=(113, 119))
>>> _ = game.discard(0, "9C KD"), game.discard(1, "JC QD"), game.advance()
>>> str(CoachPlayer(deals=60).play(game.view(0))) != "5S"  # the 5 gives the dealer fifteen
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...rules.cards import Card
from ...rules.checks import whole_number
from ...rules.errors import IllegalActionError
from ...rules.events import ActionKind
from ...rules.game import PlayerView
from .deal import DEAL_HANDS, judge_deal
from .player import ReaderPlayer

__all__ = ["CoachPlayer"]


class CoachPlayer:
    """Throws the judge's first throw (as :class:`ReaderPlayer` does) and lays the card
    :func:`judge_deal` puts first, over ``deals`` deals drawn for the opponent (seeded by
    ``seed`` and the position; a ``random.Random`` or ``None``, as the roster may hand it,
    seeds as 0: the player draws nothing at random). When only one rank fits it lays the
    lowest suit of it without asking the judge; when none of the drawn deals fits what the
    opponent did (the judge then refuses), it lays as :class:`ReaderPlayer` would.

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> [str(c) for c in CoachPlayer().discard(game.view(1))]
    ['6H', 'KS']
    """

    name = "coach"

    def __init__(self, seed: int | random.Random | None = None, *,
                 deals: int = DEAL_HANDS) -> None:
        self.seed = 0 if seed is None or isinstance(seed, random.Random) else whole_number(
            seed, "seed", 0)
        self.deals = whole_number(deals, "deals", 1)
        self._reader = ReaderPlayer(self.seed)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        """The throw the judge puts first."""
        return self._reader.discard(view)

    def play(self, view: PlayerView) -> Card:
        """The card the judge of the whole deal puts best."""
        legal = [a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY]
        if not legal:
            raise IllegalActionError("no card of this player's fits: he says go")
        if len({c.rank for c in legal}) == 1:
            return min(legal)
        try:
            verdict = judge_deal(view, self.deals, seed=self.seed, answers=False)
        except IllegalActionError:  # no drawn deal fits what he did
            return self._reader.play(view)
        best = verdict.best
        return min(c for c in legal if c.rank == best.rank)
