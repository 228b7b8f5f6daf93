"""Reading what an SVG chart says, as a learner's eye would: its words and where they
stand, its shapes, and the value an axis gives a place (read from the axis's own tick
labels, never from the code that drew it).

Nothing here imports the engine: a picture is read from its text alone.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"


def svg_of(html: str, n: int = 0) -> ET.Element:
    """The ``n``-th ``<svg>`` in ``html``, parsed (it must be well-formed XML)."""
    found = re.findall(r"<svg\b.*?</svg>", html, flags=re.S)
    assert len(found) > n, f"no picture number {n} in {html[:200]!r}"
    return ET.fromstring(found[n])


def all_of(root: ET.Element, tag: str, css: str | None = None) -> list[ET.Element]:
    """Every ``tag`` element inside ``root`` (with class ``css``, if given)."""
    return [e for e in root.iter(SVG + tag)
            if css is None or css in (e.get("class") or "").split()]


def words(element: ET.Element) -> list[str]:
    """Every line of text inside ``element``, in order."""
    return ["".join(t.itertext()) for t in element.iter(SVG + "text")]


def box(rect: ET.Element) -> tuple[float, float, float, float]:
    """A rectangle's left, top, width and height."""
    x, y, w, h = (float(rect.get(k, "0")) for k in ("x", "y", "width", "height"))
    return x, y, w, h


def number(text: str) -> float:
    """A label's number: '−2.5' (a true minus) is -2.5; '75%' is 0.75."""
    value = text.replace("−", "-").rstrip("%")
    return float(value) / (100 if text.endswith("%") else 1)


@dataclass(frozen=True)
class Axis:
    """An axis read from two of its tick labels: the place of ``a`` and ``b``."""

    a: float
    at_a: float
    b: float
    at_b: float

    def value(self, place: float) -> float:
        return self.a + (place - self.at_a) * (self.b - self.a) / (self.at_b - self.at_a)

    def length(self, pixels: float) -> float:
        """The value a length of ``pixels`` along the axis stands for."""
        return abs(pixels * (self.b - self.a) / (self.at_b - self.at_a))


def ticks(root: ET.Element, *, along: str) -> list[tuple[float, float]]:
    """The tick labels of the axes running ``along`` x or y, as (value, place) (a
    picture with two panels gives both panels' labels: tell them apart by place)."""
    anchor = "middle" if along == "x" else "end"
    return [(number("".join(t.itertext())), float(t.get(along, "0")))
            for t in all_of(root, "text", "cribbage-tick") if t.get("text-anchor") == anchor]


def axis(pairs: list[tuple[float, float]], *, y_offset: float = 0.0) -> Axis:
    """The axis two distinct tick labels give (a label's baseline sits ``y_offset``
    below the place it marks)."""
    (a, at_a), (b, at_b) = pairs[0], next(p for p in pairs if p[0] != pairs[0][0])
    return Axis(a, at_a - y_offset, b, at_b - y_offset)
