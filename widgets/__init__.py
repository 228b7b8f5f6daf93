"""Interactive Jupyter widgets for learning cribbage, built on the cribbage_edu engine.

Each widget is a thin view: it asks the engine every rule question, takes ``seed=``
(shown on the widget, so a class sees the same deals), exposes a read-only ``value``,
and answers an invalid action with a short message and no change.

>>> from cribbage_edu.widgets import CountingQuiz
>>> CountingQuiz(seed=7).value.seed
7
"""

from .board import BoardState, BoardWidget
from .cards import CardView, HandView, PlayableHand, SelectableHand
from .counting import LEVELS, CountingQuiz, QuizState
from .discard import DiscardState, DiscardTrainer
from .feedback import Panel
from .practice import Practice, PracticeState
from .probability import ExplorerState, ProbabilityExplorer
from .progress import Progress as Progress  # the one line of widgets/progress.py here
from .review import ReviewState, ReviewView
from .show import ShowState, ShowStepper, count_steps
from .simulation import SimulationRunner, SimulationState
from .table import GameTable, PeggingPractice, TableState

__all__ = [
    "LEVELS",
    "BoardState",
    "BoardWidget",
    "CardView",
    "CountingQuiz",
    "DiscardState",
    "DiscardTrainer",
    "ExplorerState",
    "GameTable",
    "HandView",
    "Panel",
    "PeggingPractice",
    "PlayableHand",
    "Practice",
    "PracticeState",
    "ProbabilityExplorer",
    "QuizState",
    "ReviewState",
    "ReviewView",
    "SelectableHand",
    "ShowState",
    "ShowStepper",
    "SimulationRunner",
    "SimulationState",
    "TableState",
    "count_steps",
]
