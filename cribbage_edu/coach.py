"""The coach by the name the course gives it: ``import cribbage_edu.coach`` and ``from
cribbage_edu.coach import judge_card`` reach :mod:`cribbage_edu.strategy.coach`, whose
public names are all here.

>>> import cribbage_edu.coach
>>> cribbage_edu.coach.judge_card is cribbage_edu.strategy.coach.judge_card
True
"""

from .strategy.coach import *  # noqa: F403  (the coach's public names, its __all__)
from .strategy.coach import __all__ as __all__
