"""The one hint: what the expert would do in a player's place, and why.

The widget table and the terminal game both ask :func:`hint`; in the discard it gives the
advisor's best throw (:func:`~cribbage_edu.strategy.discard.advise`), in the play the
expert's card with each card's look-ahead worth
(:meth:`~cribbage_edu.strategy.players.ExpertPlayer.card_values`), or go.
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules.events import Action, ActionKind
from ..rules.game import PlayerView
from .discard import advise
from .players import ExpertPlayer, peg_points, pegs_out, pile_ranks

__all__ = ["Hint", "hint"]


class Hint(NamedTuple):
    """Advice for the player whose view it is: the ``action`` the expert would take
    (``None`` when there is nothing to decide), the ``explanation`` in one sentence, and
    ``details`` (the next-best throws, or what each card is worth)."""

    action: Action | None
    explanation: str
    details: tuple[str, ...] = ()


def hint(view: PlayerView) -> Hint:
    """What the expert would do in this player's place, and why: the one hint the
    widget table and the terminal game give. In the discard, the advisor's best throw
    (:func:`~cribbage_edu.strategy.discard.advise`); in the play, the expert's card with what it
    pegs and each card's look-ahead worth (:meth:`ExpertPlayer.card_values`), or go.

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> advice = hint(game.view(1))
    >>> advice.action.kind, advice.explanation.startswith("keep ")
    (<ActionKind.DISCARD: 'discard'>, True)
    >>> hint(game.view(1)).details == advice.details
    True
    """
    kinds = {action.kind for action in view.legal}
    if ActionKind.DISCARD in kinds:
        options = advise(view.hand, dealer=view.is_dealer)
        best = options[0]
        return Hint(Action(ActionKind.DISCARD, view.player, tuple(best.discard)),
                    best.explanation, tuple(o.explanation for o in options[:3]))
    if ActionKind.PLAY in kinds:
        values = ExpertPlayer().card_values(view)
        ranked = sorted(values, key=lambda c: (-values[c], c))
        choice = ranked[0]
        action = Action(ActionKind.PLAY, view.player, (choice,))
        if pegs_out(view, choice):
            return Hint(action, f"lay {choice.symbol}: it pegs out and wins the game")
        now = peg_points((*pile_ranks(view), int(choice.rank)))
        pegs = f"it pegs {now} now" if now else "it pegs nothing now"
        if not view.pile and choice.value < 5:  # a new count: the lead's own principle
            pegs += (f"; a lead under five: no one card makes fifteen with it, since "
                     f"{choice.value} + 10 is only {choice.value + 10}")
        worth = (f"Each card's worth in points, what it pegs less what "
                 f"{view.names[view.opponent]} is likely to peg back: "
                 + ", ".join(f"{c.symbol} {values[c]:+.1f}" for c in ranked))
        return Hint(action, f"the expert would lay {choice.symbol} ({pegs})", (worth,))
    if ActionKind.GO in kinds:
        return Hint(Action(ActionKind.GO, view.player), "no card fits under 31: say go")
    return Hint(None, "nothing to decide just now")
