"""Pictures as SVG and HTML strings: pure functions, no Jupyter and no matplotlib.

Cards, hands, scores, games and the board call these from ``_repr_html_`` so they show
themselves in a notebook; the widgets use the same pictures. This room is the bottom one:
it imports nothing of the package, not even for its types. What it draws of the rules'
values (a card, a board, a player's view) it reads through the shapes of
:mod:`~cribbage_edu.render.shapes`; the pictures of the strategy's values (the 15
throws, what the starter does, a game's review and progress) live in the charts
(:mod:`cribbage_edu.charts.throws_svg` and beside it), which may import the strategy.

- :mod:`~cribbage_edu.render.html`: cards, hands, score tables, a player's view of a game;
- :mod:`~cribbage_edu.render.board`: the board with both players' pegs;
- :mod:`~cribbage_edu.render.plot`: the parts every SVG chart is made of;
- :mod:`~cribbage_edu.render.colours`: the house palette the charts and widgets share.
"""

from .board import board_img, board_svg
from .colours import BLACK, COLOURS, PEG_COLOURS, RED
from .html import (
    CARD_HEIGHT,
    CARD_WIDTH,
    SMALL_CARD,
    back_img,
    backs_row,
    card_back_svg,
    card_img,
    card_row,
    card_svg,
    count_html,
    hand_html,
    svg_img,
    table_html,
    view_html,
)

__all__ = [
    "BLACK", "CARD_HEIGHT", "CARD_WIDTH", "COLOURS", "PEG_COLOURS", "RED", "SMALL_CARD",
    "back_img", "backs_row", "board_img", "board_svg", "card_back_svg", "card_img",
    "card_row", "card_svg", "count_html", "hand_html", "svg_img", "table_html", "view_html",
]
