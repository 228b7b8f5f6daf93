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
from typing import Any

from cribbage_edu.rules.board import Skunk
from cribbage_edu.rules.events import SOURCES, EventKind, Source

__all__ = ["SOURCES", "crib_of", "deal_stacked", "deal_story", "dealer_of", "describe",
           "first_to_lay", "points_by_source", "shows_of", "winning_moment"]



def _events(game: Any, deal: int, kind: EventKind) -> list[Any]:
    return [e for e in game.events if e.deal == deal and e.kind is kind]


def deal_story(game: Any, deal: int) -> None:
    """Print every event of one deal, in order."""
    for event in game.events:
        if event.deal == deal:
            print(event)


def dealer_of(game: Any, deal: int) -> str:
    """The name of the player who dealt this deal."""
    event = _events(game, deal, EventKind.DEAL)[0]
    return str(game.names[event.player])


def crib_of(game: Any, deal: int) -> tuple[Any, ...]:
    """The cards laid away into the crib in this deal."""
    return tuple(card for e in _events(game, deal, EventKind.DISCARD) for card in e.cards)


def first_to_lay(game: Any, deal: int) -> str:
    """The name of the player who laid the first card of the play in this deal."""
    return str(game.names[_events(game, deal, EventKind.LAY)[0].player])


def shows_of(game: Any, deal: int) -> list[tuple[str, tuple[Any, ...], Any, int]]:
    """The show of a deal, in the order counted: (who, cards, starter, points)."""
    starter = _events(game, deal, EventKind.STARTER)[0].cards[0]
    return [(str(game.names[e.player]), e.cards, starter, e.points)
            for e in _events(game, deal, EventKind.SHOW)]


def describe(game: Any) -> str:
    """The result in words: the winner's score first, the deals, and any skunk."""
    result = game.result
    won, lost = result.scores[result.winner], result.scores[result.loser]
    deals = "1 deal" if result.deals == 1 else f"{result.deals} deals"
    text = f"{game.names[result.winner]} wins {won}-{lost} in {deals}"
    return text + (f" ({result.skunk})" if result.skunk is not Skunk.NONE else "")


def points_by_source(game: Any) -> Counter[tuple[int, str]]:
    """{(player, source): points} over the whole game."""
    tally: Counter[tuple[int, str]] = Counter()
    for event in game.events:
        if event.points and event.source is not None:
            tally[event.player, str(event.source)] += event.points
    return tally


def winning_moment(game: Any) -> str:
    """When the game was won: "his heels", "the play", or the show of "pone's hand",
    "the dealer's hand" or "the crib"."""
    events = list(game.events)
    win = next(e for e in events if e.kind is EventKind.WIN)
    before = next(e for e in reversed(events[:events.index(win)]) if e.points)
    if before.kind is EventKind.HEELS:
        return "his heels"
    if before.kind is EventKind.PEG:
        return "the play"
    dealer = _events(game, win.deal, EventKind.DEAL)[0].player
    if before.source is Source.CRIB:
        return "the crib"
    return "the dealer's hand" if before.player == dealer else "pone's hand"


def deal_stacked(pone_six: Any, dealer_six: Any, starter: Any, *,
                 scores: tuple[int, int] = (0, 0)) -> Any:
    """A game whose first deal is stacked (these six cards to pone and to the dealer,
    this starter), from these scores (pone's first), played out by two experts. Pone is
    named "pone" and the dealer "dealer" (the names stay with the seats, so they are
    right for the first deal only)."""
    from cribbage_edu import Game
    from cribbage_edu.rules.drive import play_out
    from cribbage_edu.rules.game import stack_deck
    from cribbage_edu.strategy.players import ExpertPlayer

    game = Game(0, decks=[stack_deck(pone_six, dealer_six, starter)], first_dealer=1,
                scores=scores, names=("pone", "dealer"))
    return play_out(game, [ExpertPlayer(), ExpertPlayer()])
