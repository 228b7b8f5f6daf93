"""cribbage-edu: an exact, explained rules engine for two-player cribbage.

The engine is grouped by what each part is for: :mod:`cribbage_edu.rules` (the game
itself), :mod:`cribbage_edu.strategy` (how to play it well: the players, the advisor, the
hint), :mod:`cribbage_edu.tables` (the shipped tables it reads), :mod:`cribbage_edu.models`
(the generators that make them), :mod:`cribbage_edu.study` (all hands, many games),
:mod:`cribbage_edu.render` (SVG and HTML pictures), :mod:`cribbage_edu.stats` (the 95%
interval of a sampled figure) and :mod:`cribbage_edu.charts` (matplotlib). The names
most used are here at the top, each imported the first time it is asked for (PEP 562), so
that ``import cribbage_edu.rules.cards`` loads the cards and not the strategy.

>>> from cribbage_edu import score_hand, score_play
>>> score_hand("5H 5C 5S JD", "5D").total
29
>>> score_play("5H 7C 6D").total
3
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
    from .rules.scoring import (
        HandScore,
        Judgement,
        Kind,
        ScoreItem,
        Verdict,
        judge_claim,
        score_hand,
    )
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
        judge_play,
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

_HOMES = {
    "rules.board": ("Board", "Skunk"),
    "rules.cards": ("FULL_DECK", "Card", "Deck", "Hand", "Rank", "Suit", "parse_cards"),
    "rules.drive": ("Player", "drive", "play_game", "play_out"),
    "rules.errors": ("CardParseError", "CribbageError", "IllegalActionError", "IllegalHandError",
                     "IllegalPlayError", "OutOfTurnError", "SaveFileError"),
    "rules.events": ("Action", "EventKind", "Source"),
    "rules.game": ("Claim", "Event", "Game", "GameResult", "PegClaim", "Phase", "PlayerView"),
    "rules.options": ("GameOptions",),
    "rules.pegging": ("PegJudgement", "Play", "PlayEvent", "PlayScore", "score_play"),
    "rules.scoring": ("HandScore", "Judgement", "Kind", "ScoreItem", "Verdict", "judge_claim",
                      "score_hand"),
    "strategy.coach": ("CardOption", "CardPosition", "CardVerdict", "Decision", "DecisionKind",
                       "Grade", "Review", "ThrowOption", "ThrowVerdict", "judge_card",
                       "judge_count", "judge_play", "judge_throw", "review"),
    "strategy.discard": ("DiscardOption", "StarterDistribution", "advise", "best_discard",
                         "starter_distribution"),
    "strategy.hint": ("Hint", "hint"),
    "strategy.players": ("ExpertPlayer", "GreedyPlayer", "RandomPlayer"),
    "strategy.roster": ("make_player",),
    "study.analysis": ("score_distribution",),
    "study.simulation": ("SimulationResult", "Summary", "simulate"),
}
"""Where each name at the top lives: the module that defines it, under this package."""

_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

_SUBMODULES = ("charts", "cli", "coach", "models", "render", "rules", "stats", "strategy",
               "study", "tables")
"""The package's own modules reachable as attributes (``cribbage_edu.rules``), each
imported when first asked for; ``cribbage_edu.coach`` is :mod:`cribbage_edu.strategy.coach`
by the name the course gives it."""

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
    "judge_play",
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


def __getattr__(name: str) -> object:
    """A name at the top, imported from its home the first time it is asked for (and
    kept, so the next time costs nothing), or one of the package's own modules
    (``cribbage_edu.rules``)."""
    home = _HOME_OF.get(name)
    if home is not None:
        value = getattr(importlib.import_module(f".{home}", __name__), name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_SUBMODULES})
