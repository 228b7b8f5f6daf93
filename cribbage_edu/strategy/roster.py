"""The roster of computer players, by name: the one place that knows them all.

It sits above the modules that define players (:mod:`cribbage_edu.strategy.players` today), so a
new player is added here by an import, never registered as a side effect of importing
its module. The simulation, the command line, the widgets and the chance-to-win model
ask :func:`make_player` for a player by the name a learner types.

- ``random``: any legal choice; ``greedy``: the best four cards before the starter and
  the card that pegs most now; ``rulebook``: a learner who follows the rules of thumb the
  search found, in order (:class:`~cribbage_edu.strategy.rulebook.player.RulebookPlayer`);
  ``expert``: the best hand and crib on average and a look-ahead of a card each in the
  play (these but the rulebook in :mod:`cribbage_edu.strategy.players`);
- ``master``: the expert whose throw also counts what the kept cards peg, and who plays
  for the game rather than for points near the end (:mod:`cribbage_edu.strategy.master`);
- ``coach``: throws and lays by the coach's judge, the one the table grades a learner by:
  the master's throw, and the card the judge of the whole deal puts best (the opponent's
  deal read as a strong player keeps and lays, the rest of the play with hidden hands,
  near home the chance to win the whole deal: :class:`~cribbage_edu.strategy.coach.CoachPlayer`).

The coach player of before, that lays by the open-hands solver over the hands its read
leaves the opponent, is :class:`~cribbage_edu.strategy.coach.ReaderPlayer`: not on the
roster (a learner has no need of two coaches), kept by name as the baseline that
``benchmarks/strength.py --only deal`` measures the coach against.

A table or a terminal game asks for a :class:`StateSeeded` player: each of its decisions
is seeded by the game as it stands, so a game loaded from a save plays on as the game it
was saved from would have.

>>> PLAYER_NAMES
('random', 'greedy', 'rulebook', 'expert', 'master', 'coach')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..rules.cards import Card
from ..rules.drive import Player
from ..rules.errors import IllegalActionError
from ..rules.game import Game, PlayerView
from .coach import CoachPlayer
from .master import MasterPlayer
from .players import ExpertPlayer, GreedyPlayer, RandomPlayer
from .rulebook.player import RulebookPlayer

__all__ = ["PLAYER_NAMES", "StateSeeded", "make_player"]


PLAYER_NAMES = ("random", "greedy", "rulebook", "expert", "master", "coach")
"""The computer players, weakest first."""

_PLAYERS: dict[str, type[RandomPlayer] | type[GreedyPlayer] | type[RulebookPlayer]
               | type[ExpertPlayer] | type[MasterPlayer] | type[CoachPlayer]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer, "rulebook": RulebookPlayer,
    "expert": ExpertPlayer,
    "master": MasterPlayer, "coach": CoachPlayer,
}


def make_player(name: str, seed: int | random.Random | None = None) -> Player:
    """A computer player by name: ``"random"``, ``"greedy"``, ``"rulebook"``, ``"expert"``,
    ``"master"`` or ``"coach"``.

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


class StateSeeded:
    """A computer player whose every decision depends only on the game as it stands:
    each decision is asked of a fresh ``make_player(name, rng)`` whose random stream is
    seeded by the game's seed and the number of actions taken so far. So the random and
    greedy players (which break ties at random) choose the same in a game loaded from a
    save as in the game it was saved from, and the same for thirty students loading it.
    ``game`` gives the game in play (a table replaces its game on New game or Load).

    >>> isinstance(StateSeeded("random", lambda: Game(1)), Player)
    True
    >>> StateSeeded("grandmaster", lambda: Game(1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: no computer player 'grandmaster': choose ...
    """

    def __init__(self, name: str, game: Callable[[], Game]) -> None:
        make_player(name)  # an unknown name is refused here, not at the first decision
        self.name = name
        self._game = game

    def _player(self) -> Player:
        game = self._game()
        return make_player(self.name, random.Random(f"{game.seed}:{len(game.actions)}"))

    def discard(self, view: PlayerView) -> Sequence[Card]:
        return self._player().discard(view)

    def play(self, view: PlayerView) -> Card:
        return self._player().play(view)
