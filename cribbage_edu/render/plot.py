"""The parts every SVG chart is made of: a linear scale with round ticks, text, and the
frame that names the picture for a screen reader. Pure functions returning strings.

The widgets' charts are drawn with these (:mod:`~cribbage_edu.charts.throws_svg`,
:mod:`~cribbage_edu.charts.review_svg`, :mod:`~cribbage_edu.charts.progress_svg`, which
read the engine's values and hand these plain numbers and words): a chart is a few
hundred elements of text, built in
a millisecond or two, drawn by the browser, sharp at any zoom and read out by a screen
reader. The matplotlib charts (:mod:`cribbage_edu.charts`) stay for notebooks, the
command line and saved PNGs.

>>> scale = Scale(0, 10, 100, 300)
>>> scale(5), scale.ticks(5)
(200.0, [0.0, 2.0, 4.0, 6.0, 8.0, 10.0])
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from .colours import COLOURS

__all__ = ["FONT", "Scale", "chart_svg", "diamond", "nice_step", "number", "text", "tick",
           "y_label"]

FONT = "font-family:sans-serif"
"""The charts' type: the page's sans-serif, as the widgets around them."""


def nice_step(span: float, most: int) -> float:
    """The round step (1, 2 or 5 times a power of ten) that cuts ``span`` into at most
    ``most`` parts.

    >>> nice_step(10, 5), nice_step(7.3, 8), nice_step(0.9, 5)
    (2.0, 1.0, 0.2)
    """
    if span <= 0:
        return 1.0
    raw = span / max(1, most)
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1.0, 2.0, 5.0, 10.0):
        if factor * power >= raw - 1e-12:
            return factor * power
    return 10.0 * power  # pragma: no cover - the loop always returns


@dataclass(frozen=True)
class Scale:
    """Values from ``low`` to ``high`` laid on pixels from ``start`` to ``end`` (``end``
    may be less than ``start``: a vertical axis grows upwards)."""

    low: float
    high: float
    start: float
    end: float

    def __call__(self, value: float) -> float:
        span = self.high - self.low or 1.0
        return self.start + (value - self.low) * (self.end - self.start) / span

    @property
    def per_unit(self) -> float:
        """Pixels a unit (negative on an axis that grows upwards)."""
        return (self.end - self.start) / (self.high - self.low or 1.0)

    def ticks(self, most: int = 8, *, integer: bool = False) -> list[float]:
        """Round values from ``low`` to ``high``, at most about ``most`` of them
        (``integer``: whole numbers only)."""
        step = nice_step(self.high - self.low, most)
        if integer:
            step = max(1.0, round(step))
        first = math.ceil(self.low / step - 1e-9) * step
        out = []
        value = first
        while value <= self.high + 1e-9:
            out.append(round(value, 10) + 0.0)
            value += step
        return out


def number(value: float) -> str:
    """A tick's label: no trailing zeros, a true minus sign.

    >>> number(2.0), number(-1.5), number(0.25)
    ('2', '−1.5', '0.25')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text.replace("-", "−")


def text(x: float, y: float, words: str, *, size: int = 12, anchor: str = "start",
         weight: str = "normal", colour: str = COLOURS["mean"], extra: str = "") -> str:
    """One line of text at ``x``, ``y`` (its baseline), escaped.

    >>> text(1, 2, "a < b")
    '<text x="1.0" y="2.0" font-size="12" text-anchor="start" fill="#222222">a &lt; b</text>'
    """
    bold = ' font-weight="bold"' if weight != "normal" else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"'
            f'{bold} fill="{colour}"{extra}>{escape(words)}</text>')


def y_label(x: int, top: float, base: float, words: str) -> str:
    """An axis's title, turned to read upwards at ``x``, centred between ``top`` and
    ``base``.

    >>> y_label(18, 10, 30, "score").endswith(' transform="rotate(-90 18 20.0)">score</text>')
    True
    """
    middle = (top + base) / 2
    return text(x, middle, words, size=12, anchor="middle",
                extra=f' transform="rotate(-90 {x} {middle:.1f})"')


def tick(x: float, y: float, label: str, *, anchor: str) -> str:
    """An axis's label for one tick (class ``cribbage-tick``), in the axis's small type.

    >>> 'class="cribbage-tick">10</text>' in tick(5, 9, "10", anchor="middle")
    True
    """
    return text(x, y, label, size=11, anchor=anchor, extra=' class="cribbage-tick"')


def diamond(x: float, y: float, r: float, fill: str, *, stroke: str = "none",
            extra: str = "") -> str:
    """A diamond (the charts' mark for a net) centred on ``x``, ``y``.

    >>> diamond(10, 10, 2, "#000")[:40]
    '<path d="M10.0 8.0L12.0 10.0L10.0 12.0L8'
    """
    return (f'<path d="M{x:.1f} {y - r:.1f}L{x + r:.1f} {y:.1f}L{x:.1f} {y + r:.1f}'
            f'L{x - r:.1f} {y:.1f}Z" fill="{fill}" stroke="{stroke}"{extra}/>')


def chart_svg(width: int, height: int, label: str, body: Iterable[str], *,
              kind: str) -> str:
    """The whole picture: ``body`` in an SVG of ``width`` by ``height`` pixels that
    shrinks with a narrow page, named ``label`` for a screen reader (``role="img"``,
    an ``aria-label`` and a ``<title>``, which a mouse shows too); class
    ``cribbage-chart`` and ``cribbage-<kind>-chart``.

    >>> svg = chart_svg(10, 10, "nothing", [], kind="empty")
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), '<title>nothing' in svg
    (True, True)
    """
    name = escape(label)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{name}" '
            f'class="cribbage-chart cribbage-{kind}-chart" '
            f'style="max-width:100%;height:auto;background:#fff;{FONT}">'
            f"<title>{name}</title>{''.join(body)}</svg>")
