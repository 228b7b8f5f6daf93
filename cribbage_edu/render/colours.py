"""The house palette: one colour for each kind of points and each player, shared by the
charts, the board and the widgets (no matplotlib needed to know a colour).

The colours that share a chart (the two players and the sources of points) stay apart for a
learner with protanopia, deuteranopia or tritanopia as well as for normal colour vision:
``tests/test_colour_vision.py`` simulates each (Machado, Oliveira and Fernandes, 2009) and
holds every pair to a colour difference of 15 or more (CIE76). The players are wine and
indigo (Paul Tol's palette), his heels a light violet. A card's red and black inks differ in
lightness too, and every face carries its suit's symbol.

>>> COLOURS["crib"], PEG_COLOURS, RED
('#2e9a4e', ('#882255', '#332288'), '#c62828')
>>> INK["warning"]
'#b71c1c'
"""

from __future__ import annotations

__all__ = ["BLACK", "COLOURS", "INK", "PEG_COLOURS", "RED"]

COLOURS = {
    "hand": "#1f6fb4",
    "crib": "#2e9a4e",
    "pegging": "#e08a1e",
    "heels": "#dd44ee",
    "muggins": "#7f7f7f",
    "given": "#c0392b",
    "best": "#f2b705",
    "mean": "#222222",
    "player0": "#882255",
    "player1": "#332288",
    "board": "#d9b98c",
    "hole": "#5b4226",
    "grid": "#dddddd",
}
"""The house palette: a colour for each kind of points and each player."""

PEG_COLOURS = (COLOURS["player0"], COLOURS["player1"])
"""Each player's pegs in that player's colour in the charts (player 0 wine, 1 indigo)."""

RED = "#c62828"
"""The ink of hearts and diamonds on a card face."""

BLACK = "#1b1b1b"
"""The ink of clubs and spades on a card face."""

INK = {"info": BLACK, "success": "#1b5e20", "caution": "#5d4037", "warning": "#b71c1c"}
"""The ink of a line said to the learner (or a student at the class's door): plain news, a
right answer or a good choice, a small slip (an inaccuracy), and a refusal or a serious
mistake."""
