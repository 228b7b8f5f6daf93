"""Charts: the numbers of cribbage drawn with matplotlib, in one house style.

Every function returns a :class:`matplotlib.figure.Figure` built without pyplot, so
nothing is left in pyplot's global state: save it (``fig.savefig("x.png")``), show
it in a notebook by leaving it as a cell's value, or hand it to a widget. The
inputs are plain data (numbers, lists, dicts) or the engine's own objects.

>>> fig = score_distribution_chart()
>>> [ax.get_title() for ax in fig.axes]
['2 and 4 points are the commonest totals; half of all hands score 4 or less']

- :func:`score_distribution_chart`: hand and crib totals over all 12,994,800 hands.
- :func:`starter_chart`: what each starter does to four kept cards.
- :func:`advice_chart`: the 15 ways to throw two cards, hand and crib parts.
- :func:`crib_table_chart`: the crib table as a 13 x 13 heatmap.
- :func:`board_chart`: the 121-hole board with both players' pegs.
- :func:`progress_chart`: both scores through a game, by source of points.
- :func:`simulation_chart`: what many games add up to.
- :func:`win_table_chart`: the chance to win from every score, as a heatmap.
- :func:`calibration_chart`: the chance to win predicted, against games played out.
- :func:`marks_chart`: a class's marks, per exercise (the class report's chart).
- :func:`review_chart`: the review of a game: points lost by deal and kind, and the
  chance to win with each mistake marked.

Beside them, the same pictures as SVG text for the widgets (no matplotlib):
:mod:`~cribbage_edu.charts.throws_svg` (the 15 throws, what the starter does),
:mod:`~cribbage_edu.charts.review_svg` (a game's review) and
:mod:`~cribbage_edu.charts.progress_svg` (a game's progress). They are drawn from the
strategy's and the game's own values, so they live here, above the strategy, made of
:mod:`cribbage_edu.render.plot`'s parts.

Each chart is imported the first time it is asked for (PEP 562), so importing an SVG
picture, or the widgets, does not import matplotlib.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .board import board_chart
    from .chance import calibration_chart, win_table_chart
    from .games import progress_chart
    from .hands import score_distribution_chart
    from .marks import marks_chart
    from .review import review_chart
    from .simulation import simulation_chart
    from .throws import advice_chart, crib_table_chart, starter_chart

_HOMES = {
    "board": ("board_chart",),
    "chance": ("calibration_chart", "win_table_chart"),
    "games": ("progress_chart",),
    "hands": ("score_distribution_chart",),
    "marks": ("marks_chart",),
    "review": ("review_chart",),
    "simulation": ("simulation_chart",),
    "throws": ("advice_chart", "crib_table_chart", "starter_chart"),
}
"""Where each chart lives: the module of this package that draws it."""

_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "advice_chart",
    "board_chart",
    "calibration_chart",
    "crib_table_chart",
    "marks_chart",
    "progress_chart",
    "review_chart",
    "score_distribution_chart",
    "simulation_chart",
    "starter_chart",
    "win_table_chart",
]


def __getattr__(name: str) -> object:
    """A chart, imported from its module (and matplotlib with it) when first asked for."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
