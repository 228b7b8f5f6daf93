"""cribbage-edu: an exact, explained rules engine for two-player cribbage.

The engine is grouped by what each part is for: :mod:`cribbage_edu.rules` (the game
itself), :mod:`cribbage_edu.strategy` (how to play it well: the players, the advisor, the
hint), :mod:`cribbage_edu.tables` (the shipped tables it reads), :mod:`cribbage_edu.models`
(the generators that make them), :mod:`cribbage_edu.study` (all hands, many games),
:mod:`cribbage_edu.render` (SVG and HTML pictures), :mod:`cribbage_edu.stats` (the 95%
interval of a sampled figure) and :mod:`cribbage_edu.charts` (matplotlib). The names
most used are here at the top.

>>> from cribbage_edu import score_hand, score_play
>>> score_hand("5H 5C 5S JD", "5D").total
29
>>> score_play("5H 7C 6D").total
3
"""

import sys as _sys

from .rules.board import Board, Skunk
from .rules.cards import FULL_DECK, Card, Deck, Hand, Rank, Suit, parse_cards
from .rules.drive import Player, drive, play_game, play_out
from .rules.errors import (
    CardParseError,
    CribbageError,
    IllegalActionError,
    IllegalHandError,
    IllegalPlayError,
    OutOfTurnError,
    SaveFileError,
)
from .rules.events import Action, EventKind, Source
from .rules.game import Claim, Event, Game, GameResult, PegClaim, Phase, PlayerView
from .rules.options import GameOptions
from .rules.pegging import PegJudgement, Play, PlayEvent, PlayScore, score_play
from .rules.scoring import HandScore, Judgement, Kind, ScoreItem, Verdict, judge_claim, score_hand
from .strategy import coach
from .strategy.coach import (
    CardOption,
    CardPosition,
    CardVerdict,
    Decision,
    DecisionKind,
    Grade,
    Review,
    ThrowOption,
    ThrowVerdict,
    judge_card,
    judge_count,
    judge_throw,
    review,
)
from .strategy.discard import (
    DiscardOption,
    StarterDistribution,
    advise,
    best_discard,
    starter_distribution,
)
from .strategy.hint import Hint, hint
from .strategy.players import ExpertPlayer, GreedyPlayer, RandomPlayer
from .strategy.roster import make_player
from .study.analysis import score_distribution
from .study.simulation import SimulationResult, Summary, simulate

__version__ = "0.1.0"

# The coach is importable where the issue named it, ``cribbage_edu.coach`` (its file is
# ``strategy/coach.py``): ``import cribbage_edu.coach`` and ``from cribbage_edu.coach
# import judge_card`` find it here.
_sys.modules[f"{__name__}.coach"] = coach

__all__ = [
    "FULL_DECK",
    "Action",
    "Board",
    "Card",
    "CardOption",
    "CardParseError",
    "CardPosition",
    "CardVerdict",
    "Claim",
    "CribbageError",
    "Decision",
    "DecisionKind",
    "Deck",
    "DiscardOption",
    "Event",
    "EventKind",
    "ExpertPlayer",
    "Game",
    "GameOptions",
    "GameResult",
    "Grade",
    "GreedyPlayer",
    "Hand",
    "HandScore",
    "Hint",
    "IllegalActionError",
    "IllegalHandError",
    "IllegalPlayError",
    "Judgement",
    "Kind",
    "OutOfTurnError",
    "PegClaim",
    "PegJudgement",
    "Phase",
    "Play",
    "PlayEvent",
    "PlayScore",
    "Player",
    "PlayerView",
    "RandomPlayer",
    "Rank",
    "Review",
    "SaveFileError",
    "ScoreItem",
    "SimulationResult",
    "Skunk",
    "Source",
    "StarterDistribution",
    "Suit",
    "Summary",
    "ThrowOption",
    "ThrowVerdict",
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
