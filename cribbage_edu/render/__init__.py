"""Pictures as SVG and HTML strings: pure functions, no Jupyter and no matplotlib.

Cards, hands, scores, games and the board call these from ``_repr_html_`` so they show
themselves in a notebook; the widgets use the same pictures.

- :mod:`~cribbage_edu.render.html`: cards, hands, score tables, a player's view of a game;
- :mod:`~cribbage_edu.render.board`: the board with both players' pegs;
- :mod:`~cribbage_edu.render.throws`, :mod:`~cribbage_edu.render.review` and
  :mod:`~cribbage_edu.render.progress`: the widgets' charts (the 15 throws, what the
  starter does, a game's review, a game's progress), built from the parts
  in :mod:`~cribbage_edu.render.plot`;
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
from .progress import progress_svg
from .review import review_svg
from .throws import starters_svg, throws_svg

__all__ = [
    "BLACK", "CARD_HEIGHT", "CARD_WIDTH", "COLOURS", "PEG_COLOURS", "RED", "SMALL_CARD",
    "back_img", "backs_row", "board_img", "board_svg", "card_back_svg", "card_img",
    "card_row", "card_svg", "count_html", "hand_html", "progress_svg", "review_svg",
    "starters_svg", "svg_img", "table_html", "throws_svg", "view_html",
]
