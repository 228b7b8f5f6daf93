"""Who decides, and the one loop that moves a game on between them.

A :class:`Player` answers the game's two questions from its own
:class:`~cribbage_edu.rules.game.PlayerView`: which two cards to lay away, and which card
to lay. :func:`drive` takes a game's automatic steps and asks the computer players
(``None`` for a person's seat) until a person must decide; the simulation, the terminal
game and the widget table all use it. The computer players themselves are in
:mod:`cribbage_edu.strategy.players`.

>>> from cribbage_edu.strategy.players import ExpertPlayer, RandomPlayer
>>> game = play_game([ExpertPlayer(), RandomPlayer(seed=1)], seed=4, first_dealer=0)
>>> game.is_over, max(game.scores) >= 121
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from .board import GAME_HOLE
from .cards import Card
from .errors import IllegalActionError
from .events import Source
from .game import Game, Phase, PlayerView
from .scoring import score_hand

__all__ = ["Player", "drive", "play_game", "play_out"]


@runtime_checkable
class Player(Protocol):
    """What the game asks a player. ``discard`` returns the two cards to lay away from
    ``view.hand`` (six cards); ``play`` returns one of the cards in ``view.legal``
    (it is only asked when at least one card fits)."""

    name: str

    def discard(self, view: PlayerView) -> Sequence[Card]: ...

    def play(self, view: PlayerView) -> Card: ...


def drive(game: Game, players: Sequence[Player | None], *,
          stop: Callable[[Game], bool] | None = None) -> Game:
    """Move ``game`` on: take its automatic steps and the decisions of every seat that
    has a computer player (``players[seat]``; ``None`` for a person). Returns the game
    when it is over, when a person must decide, or when ``stop(game)`` is true (asked
    before each step: a table pauses between deals this way).

    Each computer sees only its own view. In the discard the computers throw first; a
    card that is the only one that fits is laid without asking; a computer counting
    by hand (the game's ``manual_count`` for its seat, as in a save made with manual
    counting) claims the true score. This is the one loop the whole-game players,
    the terminal game and the widget table share.

    >>> from cribbage_edu.rules.game import Game
    >>> from cribbage_edu.strategy.players import ExpertPlayer
    >>> game = drive(Game(seed=4, first_dealer=0), [None, ExpertPlayer()])
    >>> game.phase, game.to_act  # the person in seat 0 throws next
    (<Phase.DISCARD: 'discard'>, (0,))
    """
    if len(players) != 2 or not all(p is None or isinstance(p, Player) for p in players):
        raise IllegalActionError(f"drive takes a computer player or None for each seat, two "
                                 f"in all, not {list(players)!r}")
    while not game.is_over and (stop is None or not stop(game)):
        phase = game.phase
        waiting = game.to_act
        if phase is Phase.DISCARD:
            computers = [p for p in waiting if players[p] is not None]
            if not computers:
                return game
            who = computers[0]
            game.discard(who, _ask(players, who).discard(game.view(who)))
        elif waiting:
            who = waiting[0]
            if players[who] is None:
                return game
            if phase is Phase.COUNT:
                show = game.next_show()
                assert show is not None and game.starter is not None
                _, what, cards = show
                game.claim(who, score_hand(cards, game.starter, crib=what is Source.CRIB).total)
                continue
            fits = game.legal_cards(who)
            if len(fits) > 1:
                game.play(who, _ask(players, who).play(game.view(who)))
            elif fits:
                game.play(who, fits[0])  # a forced card: nothing to decide
            else:
                game.go(who)
        else:
            game.advance()
    return game


def _ask(players: Sequence[Player | None], seat: int) -> Player:
    player = players[seat]
    assert player is not None
    return player


def play_out(game: Game, players: Sequence[Player]) -> Game:
    """Play ``game`` to the end, asking ``players[0]`` and ``players[1]`` for every
    decision (:func:`drive` with a computer in both seats). Returns the game.

    >>> from cribbage_edu.rules.game import Game
    >>> from cribbage_edu.strategy.players import RandomPlayer
    >>> play_out(Game(seed=1, target=61), [RandomPlayer(1), RandomPlayer(2)]).is_over
    True
    """
    return drive(game, players)


def play_game(players: Sequence[Player], *, seed: int, first_dealer: int | None = None,
              target: int = GAME_HOLE, scores: Sequence[int] = (0, 0)) -> Game:
    """A whole game between two players, from the cut for deal (or a chosen
    ``first_dealer``) to the end; ``scores`` sets where the pegs start (an end game).

    >>> from cribbage_edu.strategy.players import ExpertPlayer, GreedyPlayer, RandomPlayer
    >>> game = play_game([GreedyPlayer(seed=1), RandomPlayer(seed=2)], seed=9, target=61)
    >>> game.result.winner in (0, 1), game.result.target
    (True, 61)
    >>> end = play_game([ExpertPlayer(), ExpertPlayer()], seed=1, first_dealer=1,
    ...                 scores=(110, 115))
    >>> end.events[0].reason
    'the game starts with expert 0 on 110 and expert 1 on 115 (set before the game)'
    """
    if len(players) != 2:
        raise IllegalActionError(f"a game has two players, got {len(players)}")
    game = Game(seed, target=target, first_dealer=first_dealer, scores=scores,
                names=(players[0].name, players[1].name) if players[0].name != players[1].name
                else (f"{players[0].name} 0", f"{players[1].name} 1"))
    return play_out(game, players)
