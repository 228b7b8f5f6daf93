"""What every widget shows around its game: the seed, a message line, figures.

>>> note = Message()
>>> note.warn("select exactly two cards to throw: you selected 3")
>>> note.text, note.kind
('select exactly two cards to throw: you selected 3', 'warning')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from html import escape
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.render.colours import INK
from cribbage_edu.rules.checks import typed_points, whole_number
from cribbage_edu.rules.errors import IllegalActionError

from .drawing import DPI, paint, render, show_png

__all__ = [
    "Message", "Panel", "StaticPicture", "choose_seed", "draw_soon", "read_points", "seed_badge",
    "show_figure", "show_text",
]

def choose_seed(seed: int | None) -> int:
    """The seed a widget uses: the one given (a whole number: ``2.9`` or ``True`` is
    refused, not read as 2 or 1), or a fresh one it can show and repeat.

    >>> choose_seed(7)
    7
    >>> 0 <= choose_seed(None) < 1_000_000
    True
    """
    return random.randrange(1_000_000) if seed is None else whole_number(seed, "seed", 0)


def seed_badge(seed: int) -> w.HTML:
    """A small label "seed 7", so a class can deal the same hands.

    >>> seed_badge(7).value
    '<span class="cribbage-seed" style="color:#555;font-size:small">seed 7</span>'
    """
    return w.HTML(f'<span class="cribbage-seed" style="color:#555;font-size:small">'
                  f"seed {seed}</span>")


class StaticPicture:
    """What a widget shows in a notebook that has not been run yet.

    A widget's stored output is a reference to a live widget that only a running kernel
    can draw; a notebook just opened (not trusted, no kernel yet) would show its repr
    instead. A widget class that mixes this in also stores a picture of itself as HTML
    (cards as ``<img>``, which survive JupyterLab's sanitizer) and one line saying what
    running the cell gives; a running notebook, JupyterLab or Voila still draw the
    live widget.
    """

    RUN_TO = "use this widget"
    """What running the cell lets the learner do, after "Run this cell to"."""

    def _static_html(self) -> str:
        """A picture of the widget before anything is clicked (HTML)."""
        return ""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if not isinstance(bundle, dict):
            return bundle
        line = f"Run this cell to {self.RUN_TO}."
        bundle["text/plain"] = f"{line} ({type(self).__name__})"
        bundle["text/html"] = (
            f'<div class="cribbage-static">{self._static_html()}'
            f'<p class="cribbage-run-me" style="color:#0d47a1;margin:6px 0">▶ '
            f"{escape(line)}</p></div>")
        return bundle


class Panel(StaticPicture, w.VBox):  # type: ignore[misc]
    """A column of widgets for a lesson that, before its cell is run, shows one line
    "Run this cell to …" instead of a list of widget reprs.

    >>> panel = Panel([w.IntSlider()], run_to="try other seeds")
    >>> panel._repr_mimebundle_()["text/plain"]
    'Run this cell to try other seeds. (Panel)'
    """

    def __init__(self, children: Any = (), *, run_to: str = "use these controls",
                 **kwargs: Any) -> None:
        super().__init__(children, **kwargs)
        self.RUN_TO = run_to


def read_points(text: str, what: str = "points", example: int = 8) -> int | str:
    """Typed points as an int, or the message that says why they cannot be read (the
    engine's one reader of typed points, :func:`cribbage_edu.rules.checks.typed_points`).

    >>> read_points(" 12 ")
    12
    >>> read_points("²")
    "'²' is not a number of points: type digits, like 8"
    >>> read_points("9" * 5000)[:39]
    "'99999999…' is too long for a number of"
    >>> read_points("")
    'type the points first, like 8'
    """
    try:
        return typed_points(text, what, example)
    except IllegalActionError as refused:
        return str(refused)


class Message(w.HTML):  # type: ignore[misc]
    """One line telling the learner what just happened, or why an action was refused.

    ``text`` is the plain message and ``kind`` one of ``info``, ``success``, ``warning``.
    """

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self.add_class("cribbage-message")
        self.text = ""
        self.kind = "info"
        self._set(text, "info")

    def _set(self, text: str, kind: str) -> None:
        self.text, self.kind = text, kind
        self.value = (f'<div class="cribbage-message-{kind}" role="status" '
                      f'style="color:{INK[kind]};min-height:1.4em">{escape(text)}</div>')

    def say(self, text: str) -> None:
        """Tell the learner something."""
        self._set(text, "info")

    def praise(self, text: str) -> None:
        """Tell the learner they got it right."""
        self._set(text, "success")

    def warn(self, text: str) -> None:
        """Refuse an action, saying why (the action changed nothing)."""
        self._set(text, "warning")

    def clear(self) -> None:
        self._set("", "info")


def show_figure(out: w.Output, fig: Any, *, dpi: int = DPI) -> None:
    """Replace what ``out`` shows with the matplotlib figure ``fig`` as a PNG, drawn
    now, in the caller's thread (a widget's charts go through :func:`draw_soon`).

    The PNG is made here (not by IPython's display formatters, which exist only once
    pyplot has set up the inline backend), and a figure pyplot knows of is closed, so
    it is not also drawn at the end of the cell. Anything else is shown as it displays.
    """
    show_png(out, render(lambda: fig, dpi))


def show_text(out: w.Output, text: str) -> None:
    """Replace what ``out`` shows with plain text.

    >>> out = w.Output(); show_text(out, "fifteen two")
    >>> out.outputs[0]["text"]
    'fifteen two\\n'
    """
    out.outputs = ()
    out.append_stdout(text + "\n")


def draw_soon(out: w.Output, make_figure: Callable[[], Any], *,
              key: Hashable | None = None) -> None:
    """Draw a chart into ``out`` without making the click that asked for it wait: in a
    Jupyter kernel the chart is drawn on a background thread and follows the click's
    text (at once when it was drawn before: ``key`` names its inputs, so a chart asked
    for again, or prepared ahead with :func:`cribbage_edu.widgets.drawing.prepare`, is
    not drawn twice). Outside a kernel (a script, a test) the chart is drawn at once.
    See :mod:`cribbage_edu.widgets.drawing`.

    >>> out = w.Output(); draw_soon(out, lambda: "a figure"); out.outputs[0]["data"]
    {'text/plain': "'a figure'"}
    """
    paint(out, key, make_figure)
