"""cribbage-edu: an exact, explained rules engine for two-player cribbage.

>>> from cribbage_edu import score_hand, score_play
>>> score_hand("5H 5C 5S JD", "5D").total
29
>>> score_play("5H 7C 6D").total
3
"""

from .cards import FULL_DECK, Card, Deck, Hand, Rank, Suit, parse_cards
from .errors import (
    CardParseError,
    CribbageError,
    IllegalActionError,
    IllegalHandError,
    IllegalPlayError,
    OutOfTurnError,
    SaveFileError,
)
from .pegging import Play, PlayEvent, PlayScore, score_play
from .scoring import HandScore, Kind, ScoreItem, score_hand

__version__ = "0.1.0"

__all__ = [
    "FULL_DECK",
    "Card",
    "CardParseError",
    "CribbageError",
    "Deck",
    "Hand",
    "HandScore",
    "IllegalActionError",
    "IllegalHandError",
    "IllegalPlayError",
    "Kind",
    "OutOfTurnError",
    "Play",
    "PlayEvent",
    "PlayScore",
    "Rank",
    "SaveFileError",
    "ScoreItem",
    "Suit",
    "__version__",
    "parse_cards",
    "score_hand",
    "score_play",
]
