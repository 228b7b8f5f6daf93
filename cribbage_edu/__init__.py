"""cribbage-edu: an exact, explained rules engine for two-player cribbage.

>>> from cribbage_edu import score_hand, score_play
>>> score_hand("5H 5C 5S JD", "5D").total
29
>>> score_play("5H 7C 6D").total
3
"""

from .analysis import score_distribution
from .board import Board
from .cards import FULL_DECK, Card, Deck, Hand, Rank, Suit, parse_cards
from .discard import DiscardOption, StarterDistribution, advise, best_discard, starter_distribution
from .errors import (
    CardParseError,
    CribbageError,
    IllegalActionError,
    IllegalHandError,
    IllegalPlayError,
    OutOfTurnError,
    SaveFileError,
)
from .game import Event, Game, GameResult, Phase, PlayerView
from .pegging import Play, PlayEvent, PlayScore, score_play
from .players import ExpertPlayer, GreedyPlayer, RandomPlayer, play_game
from .roster import make_player
from .scoring import HandScore, Kind, ScoreItem, score_hand
from .simulation import simulate

__version__ = "0.1.0"

__all__ = [
    "FULL_DECK",
    "Board",
    "Card",
    "CardParseError",
    "CribbageError",
    "Deck",
    "DiscardOption",
    "Event",
    "ExpertPlayer",
    "Game",
    "GameResult",
    "GreedyPlayer",
    "Hand",
    "HandScore",
    "IllegalActionError",
    "IllegalHandError",
    "IllegalPlayError",
    "Kind",
    "OutOfTurnError",
    "Phase",
    "Play",
    "PlayEvent",
    "PlayScore",
    "PlayerView",
    "RandomPlayer",
    "Rank",
    "SaveFileError",
    "ScoreItem",
    "StarterDistribution",
    "Suit",
    "__version__",
    "advise",
    "best_discard",
    "make_player",
    "parse_cards",
    "play_game",
    "score_distribution",
    "score_hand",
    "score_play",
    "simulate",
    "starter_distribution",
]
