"""The roster of computer players, by name: the one place that knows them all.

It sits above the modules that define players (:mod:`cribbage_edu.players` today), so a
new player is added here by an import, never registered as a side effect of importing
its module. The simulation, the command line, the widgets and the chance-to-win model
ask :func:`make_player` for a player by the name a learner types.

>>> PLAYER_NAMES
('random', 'greedy', 'expert')
"""

from __future__ import annotations

import random

from .errors import IllegalActionError
from .players import ExpertPlayer, GreedyPlayer, Player, RandomPlayer

__all__ = ["PLAYER_NAMES", "make_player"]


PLAYER_NAMES = ("random", "greedy", "expert")
"""The computer players, weakest first."""

_PLAYERS: dict[str, type[RandomPlayer] | type[GreedyPlayer] | type[ExpertPlayer]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer, "expert": ExpertPlayer,
}


def make_player(name: str, seed: int | random.Random | None = None) -> Player:
    """A computer player by name: ``"random"``, ``"greedy"`` or ``"expert"``.

    >>> make_player("expert").name
    'expert'
    >>> make_player("grandmaster")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.errors.IllegalActionError: no computer player 'grandmaster': choose ...
    """
    try:
        kind = _PLAYERS[name]
    except (KeyError, TypeError):
        raise IllegalActionError(
            f"no computer player {name!r}: choose {', '.join(PLAYER_NAMES[:-1])} or "
            f"{PLAYER_NAMES[-1]}") from None
    return kind(seed)
