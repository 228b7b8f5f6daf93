"""The roster of computer players, by name: the one place that knows them all.

It sits above the modules that define players (:mod:`cribbage_edu.strategy.players` today), so a
new player is added here by an import, never registered as a side effect of importing
its module. The simulation, the command line, the widgets and the chance-to-win model
ask :func:`make_player` for a player by the name a learner types.

- ``random``: any legal choice; ``greedy``: the best four cards before the starter and
  the card that pegs most now; ``expert``: the best hand and crib on average and a
  look-ahead of a card each in the play (all in :mod:`cribbage_edu.strategy.players`);
- ``master``: the expert whose throw also counts what the kept cards peg, and who plays
  for the game rather than for points near the end (:mod:`cribbage_edu.strategy.master`);
- ``coach``: throws and lays by the coach's judge: the master's throw, and the card
  with the best whole rest of the play over the hands the opponent's throw and cards
  leave him (:mod:`cribbage_edu.strategy.coach`, :mod:`cribbage_edu.strategy.reading`).

>>> PLAYER_NAMES
('random', 'greedy', 'expert', 'master', 'coach')
"""

from __future__ import annotations

import random

from ..rules.drive import Player
from ..rules.errors import IllegalActionError
from .coach import CoachPlayer
from .master import MasterPlayer
from .players import ExpertPlayer, GreedyPlayer, RandomPlayer

__all__ = ["PLAYER_NAMES", "make_player"]


PLAYER_NAMES = ("random", "greedy", "expert", "master", "coach")
"""The computer players, weakest first."""

_PLAYERS: dict[str, type[RandomPlayer] | type[GreedyPlayer] | type[ExpertPlayer]
               | type[MasterPlayer] | type[CoachPlayer]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer, "expert": ExpertPlayer,
    "master": MasterPlayer, "coach": CoachPlayer,
}


def make_player(name: str, seed: int | random.Random | None = None) -> Player:
    """A computer player by name: ``"random"``, ``"greedy"``, ``"expert"``, ``"master"``
    or ``"coach"``.

    >>> make_player("expert").name
    'expert'
    >>> make_player("grandmaster")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: no computer player 'grandmaster': choose ...
    """
    try:
        kind = _PLAYERS[name]
    except (KeyError, TypeError):
        raise IllegalActionError(
            f"no computer player {name!r}: choose {', '.join(PLAYER_NAMES[:-1])} or "
            f"{PLAYER_NAMES[-1]}") from None
    return kind(seed)
