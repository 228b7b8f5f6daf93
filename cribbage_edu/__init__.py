"""cribbage-edu: an exact, explained rules engine for two-player cribbage.

>>> from cribbage_edu import score_hand, score_play
>>> score_hand("5H 5C 5S JD", "5D").total
29
>>> score_play("5H 7C 6D").total
3
"""

from . import coach
from .analysis import score_distribution
from .board import Board
from .cards import FULL_DECK, Card, Deck, Hand, Rank, Suit, parse_cards
from .coach import judge_card, judge_count, judge_throw, review
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
from .events import EventKind, Source
from .game import Event, Game, GameResult, Phase, PlayerView
from .options import GameOptions
from .pegging import Play, PlayEvent, PlayScore, score_play
from .players import (
    ExpertPlayer,
    GreedyPlayer,
    Hint,
    RandomPlayer,
    drive,
    hint,
    play_game,
    play_out,
)
from .roster import make_player
from .scoring import HandScore, Kind, ScoreItem, Verdict, judge_claim, score_hand
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
    "EventKind",
    "ExpertPlayer",
    "Game",
    "GameOptions",
    "GameResult",
    "GreedyPlayer",
    "Hand",
    "HandScore",
    "Hint",
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
    "Source",
    "StarterDistribution",
    "Suit",
    "Verdict",
    "__version__",
    "advise",
    "best_discard",
    "coach",
    "drive",
    "hint",
    "judge_card",
    "judge_claim",
    "judge_count",
    "judge_throw",
    "make_player",
    "parse_cards",
    "play_game",
    "play_out",
    "review",
    "score_distribution",
    "score_hand",
    "score_play",
    "simulate",
    "starter_distribution",
]
