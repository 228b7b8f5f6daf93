"""The house style every chart is drawn in, and the figure it is drawn on.

>>> fig = new_figure(4, 3)
>>> fig.get_size_inches().tolist(), fig.get_layout_engine() is not None
([4.0, 3.0], True)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec

import matplotlib
from matplotlib.figure import Figure

from ..render.colours import COLOURS
from ..rules.checks import two_names

__all__ = ["chart_names", "house_style", "new_figure"]

_STYLE = {
    "font.size": 10,
    "axes.titlesize": 12,
    "axes.titleweight": "bold",
    "axes.labelsize": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.axisbelow": True,
    "grid.color": COLOURS["grid"],
    "grid.linewidth": 0.6,
    "legend.frameon": False,
    "figure.dpi": 100,
    "savefig.dpi": 100,
}

P = ParamSpec("P")


def house_style(build: Callable[P, Figure]) -> Callable[P, Figure]:
    """Build a figure inside the house style; matplotlib's settings are restored after."""
    @wraps(build)
    def styled(*args: P.args, **kwargs: P.kwargs) -> Figure:
        with matplotlib.rc_context(_STYLE):  # type: ignore[arg-type]
            return build(*args, **kwargs)
    return styled


def new_figure(width: float, height: float) -> Figure:
    """A blank figure of ``width`` by ``height`` inches, laid out so nothing overlaps
    (built without pyplot: nothing is left in pyplot's global state)."""
    return Figure(figsize=(width, height), layout="constrained")


def chart_names(names: object) -> tuple[str, str]:
    """The two players' names as a chart writes them: exactly as given, a ``$`` kept a
    dollar sign (matplotlib reads text between two as mathematics, and one alone breaks
    the drawing).

    >>> chart_names(("$5 Sam", "Bo"))
    ('\\\\$5 Sam', 'Bo')
    """
    first, second = two_names(names)
    return (first.replace("$", r"\$"), second.replace("$", r"\$"))
