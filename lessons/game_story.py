"""Helpers that read a game's log for the lessons: a deal told as a story, who did what.

They keep the lessons' cells short and read only the engine's public game log (each
event's deal, kind, player, points, cards and reason):

>>> from cribbage_edu.strategy.players import ExpertPlayer
>>> from cribbage_edu.rules.drive import play_game
>>> game = play_game([ExpertPlayer(), ExpertPlayer()], seed=7)
>>> dealer_of(game, 1), len(crib_of(game, 1))
('expert 1', 4)
>>> first_to_lay(game, 1)
'expert 0'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from cribbage_edu.rules.cards import Card, CardLike
from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.events import SOURCES, Event, EventKind, Source
from cribbage_edu.rules.game import Game, stacked_game
from cribbage_edu.strategy.players import ExpertPlayer

__all__ = ["SOURCES", "crib_of", "deal_stacked", "deal_story", "dealer_of", "describe",
           "first_to_lay", "points_by_source", "shows_of", "winning_moment"]

Cards = str | Iterable[CardLike]
"""Cards as the engine reads them: text such as ``"5H 5C"``, or cards."""


def _events(game: Game, deal: int, kind: EventKind) -> list[Event]:
    return [e for e in game.events if e.deal == deal and e.kind is kind]


def _seat(event: Event) -> int:
    assert event.player is not None, f"the {event.kind} event names no player"
    return event.player


def deal_story(game: Game, deal: int) -> None:
    """Print every event of one deal, in order."""
    for event in game.events:
        if event.deal == deal:
            print(event)


def dealer_of(game: Game, deal: int) -> str:
    """The name of the player who dealt this deal."""
    return game.names[_seat(_events(game, deal, EventKind.DEAL)[0])]


def crib_of(game: Game, deal: int) -> tuple[Card, ...]:
    """The cards laid away into the crib in this deal."""
    return tuple(card for e in _events(game, deal, EventKind.DISCARD) for card in e.cards)


def first_to_lay(game: Game, deal: int) -> str:
    """The name of the player who laid the first card of the play in this deal."""
    return game.names[_seat(_events(game, deal, EventKind.LAY)[0])]


def shows_of(game: Game, deal: int) -> list[tuple[str, tuple[Card, ...], Card, int]]:
    """The show of a deal, in the order counted: (who, cards, starter, points)."""
    starter = _events(game, deal, EventKind.STARTER)[0].cards[0]
    return [(game.names[_seat(e)], e.cards, starter, e.points)
            for e in _events(game, deal, EventKind.SHOW)]


def describe(game: Game) -> str:
    """The result in words (the engine's :meth:`GameResult.describe`): the winner's score
    first, the deals, and any skunk."""
    result = game.result
    if result is None:
        return f"the game goes on: deal {game.deal_number}, {game.phase}"
    return result.describe(game.names)


def points_by_source(game: Game) -> Counter[tuple[int, Source]]:
    """{(player, source): points} over the whole game (the engine's :meth:`Game.tally`)."""
    return Counter({(player, source): points
                    for player, by_source in enumerate(game.tally())
                    for source, points in by_source.items()})


def winning_moment(game: Game) -> str:
    """When the game was won: "his heels", "the play", or the show of "pone's hand",
    "the dealer's hand" or "the crib"."""
    events = list(game.events)
    win = next(e for e in events if e.kind is EventKind.WIN)
    before = next(e for e in reversed(events[:events.index(win)]) if e.points)
    if before.kind is EventKind.HEELS:
        return "his heels"
    if before.kind is EventKind.PEG:
        return "the play"
    dealer = _seat(_events(game, win.deal, EventKind.DEAL)[0])
    if before.source is Source.CRIB:
        return "the crib"
    return "the dealer's hand" if before.player == dealer else "pone's hand"


def deal_stacked(pone_six: Cards, dealer_six: Cards, starter: CardLike, *,
                 scores: tuple[int, int] = (0, 0)) -> Game:
    """A game whose first deal is stacked (these six cards to pone and to the dealer,
    this starter: the engine's :func:`~cribbage_edu.rules.game.stacked_game`), from these
    scores (pone's first), played out by two experts. Pone is named "pone" and the dealer
    "dealer" (the names stay with the seats, so they are right for the first deal only)."""
    game = stacked_game(pone_six, dealer_six, starter, scores=scores,
                        names=("pone", "dealer"))
    return play_out(game, [ExpertPlayer(), ExpertPlayer()])
