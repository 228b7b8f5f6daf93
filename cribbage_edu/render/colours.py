"""The house palette: one colour for each kind of points and each player, shared by the
charts, the board and the widgets (no matplotlib needed to know a colour).

>>> COLOURS["crib"], PEG_COLOURS, RED
('#2e9a4e', ('#c2185b', '#37474f'), '#c62828')
>>> INK["warning"]
'#b71c1c'
"""

from __future__ import annotations

__all__ = ["BLACK", "COLOURS", "INK", "PEG_COLOURS", "RED"]

COLOURS = {
    "hand": "#1f6fb4",
    "crib": "#2e9a4e",
    "pegging": "#e08a1e",
    "heels": "#8e44ad",
    "muggins": "#7f7f7f",
    "given": "#c0392b",
    "best": "#f2b705",
    "mean": "#222222",
    "player0": "#c2185b",
    "player1": "#37474f",
    "board": "#d9b98c",
    "hole": "#5b4226",
    "grid": "#dddddd",
}
"""The house palette: a colour for each kind of points and each player."""

PEG_COLOURS = (COLOURS["player0"], COLOURS["player1"])
"""Each player's pegs in that player's colour in the charts (player 0 red, 1 blue)."""

RED = "#c62828"
"""The ink of hearts and diamonds on a card face."""

BLACK = "#1b1b1b"
"""The ink of clubs and spades on a card face."""

INK = {"info": BLACK, "success": "#1b5e20", "caution": "#5d4037", "warning": "#b71c1c"}
"""The ink of a line said to the learner (or a student at the class's door): plain news, a
right answer or a good choice, a small slip (an inaccuracy), and a refusal or a serious
mistake."""
