"""The card and chart colours seen with a colour-vision deficiency.

Each colour is simulated as a learner with protanopia, deuteranopia or tritanopia sees it,
by the matrices of Machado, Oliveira and Fernandes ("A physiologically-based model for
simulation of color vision deficiency", IEEE TVCG 15(6), 2009; severity 1.0, applied to
linear sRGB), and compared in CIELAB (CIE76 difference, D65 white). Colours that share a
chart must stay apart in every vision; a card's red and black inks must differ in lightness,
not only in hue, and each face must carry its suit's symbol.
"""

from __future__ import annotations

import itertools
import math

import pytest

from cribbage_edu import Card
from cribbage_edu.render import BLACK, COLOURS, PEG_COLOURS, RED, card_svg

Matrix = tuple[tuple[float, float, float], ...]

MACHADO: dict[str, Matrix | None] = {
    "normal vision": None,
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

APART = 15.0
"""The least colour difference (CIE76) between two colours that share a chart."""

TOGETHER = ("player0", "player1", "hand", "crib", "pegging", "heels", "muggins")
"""The colours of one progress chart: the players' lines and the sources of points."""


def linear(text: str) -> tuple[float, float, float]:
    channels = [int(text.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return r, g, b


def seen(text: str, vision: str) -> tuple[float, float, float]:
    colour = linear(text)
    matrix = MACHADO[vision]
    if matrix is None:
        return colour
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, colour, strict=True))))
               for row in matrix)
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def difference(a: str, b: str, vision: str) -> float:
    return math.dist(lab(seen(a, vision)), lab(seen(b, vision)))


def test_the_simulation_keeps_greys_and_known_lightness() -> None:
    """Known answers: white is L* 100 and black 0; a grey stays grey in every vision (each
    matrix row adds to about 1)."""
    assert lab(linear("#ffffff"))[0] == pytest.approx(100, abs=0.1)
    assert lab(linear("#000000"))[0] == pytest.approx(0, abs=1e-9)
    for vision in MACHADO:
        assert difference("#808080", "#808080", vision) == 0
        grey = lab(seen("#808080", vision))
        assert abs(grey[1]) < 1 and abs(grey[2]) < 1, vision


@pytest.mark.parametrize("vision", list(MACHADO))
def test_the_colours_of_one_chart_stay_apart(vision: str) -> None:
    for a, b in itertools.combinations(TOGETHER, 2):
        gap = difference(COLOURS[a], COLOURS[b], vision)
        assert gap >= APART, f"{a} and {b} are {gap:.1f} apart with {vision}"
    assert (COLOURS["player0"], COLOURS["player1"]) == PEG_COLOURS


@pytest.mark.parametrize("vision", list(MACHADO))
def test_red_and_black_suits_differ_by_more_than_hue(vision: str) -> None:
    red, black = lab(seen(RED, vision)), lab(seen(BLACK, vision))
    assert red[0] - black[0] >= 20, vision  # lightness alone tells them apart
    assert difference(RED, BLACK, vision) >= 30, vision


def test_every_card_face_carries_its_suits_symbol() -> None:
    for text in ("AH", "10D", "KC", "7S"):
        card = Card.parse(text)
        assert card_svg(card).count(card.suit.symbol) >= 2, text
