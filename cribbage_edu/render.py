"""Pictures of cards as SVG and HTML strings: pure functions, no Jupyter import.

Cards, hands and scores call these from ``_repr_html_`` so they show themselves
in a notebook; the widgets use the same pictures. Output is short and the same
on every run, so stored notebook outputs compare equal.

>>> from cribbage_edu import Card
>>> svg = card_svg(Card.parse("10H"))
>>> svg.startswith("<svg") and 'aria-label="ten of hearts"' in svg and "#c62828" in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # cards draws itself with these functions: no import back at run time
    from .cards import Card

__all__ = [
    "CARD_HEIGHT", "CARD_WIDTH", "card_back_svg", "card_row", "card_svg", "hand_html", "table_html",
]

CARD_WIDTH = 50
CARD_HEIGHT = 70
RED = "#c62828"
BLACK = "#1b1b1b"


def card_svg(card: Card, *, width: int = CARD_WIDTH, highlight: bool = False) -> str:
    """One card face: the rank and suit in the corner and a large suit in the middle,
    red for hearts and diamonds, black for clubs and spades."""
    colour = RED if card.is_red else BLACK
    height = width * CARD_HEIGHT // CARD_WIDTH
    border = "#f9a825" if highlight else "#9e9e9e"
    stroke = 3 if highlight else 1
    rank = card.rank.symbol
    suit = card.suit.symbol
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 50 70" role="img" aria-label="{card.name}" class="cribbage-card">'
        f"<title>{card.name}</title>"
        f'<rect x="1" y="1" width="48" height="68" rx="5" fill="#fff" stroke="{border}" '
        f'stroke-width="{stroke}"/>'
        f'<text x="4" y="15" font-family="sans-serif" font-size="13" font-weight="bold" '
        f'fill="{colour}">{rank}</text>'
        f'<text x="4" y="28" font-family="sans-serif" font-size="12" fill="{colour}">{suit}</text>'
        f'<text x="25" y="52" font-family="sans-serif" font-size="26" text-anchor="middle" '
        f'fill="{colour}">{suit}</text></svg>'
    )


def card_back_svg(*, width: int = CARD_WIDTH, label: str = "a face-down card") -> str:
    """The back of a card, for cards a player may not see."""
    height = width * CARD_HEIGHT // CARD_WIDTH
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 50 70" role="img" aria-label="{escape(label)}" class="cribbage-card-back">'
        f"<title>{escape(label)}</title>"
        '<rect x="1" y="1" width="48" height="68" rx="5" fill="#1e4d8c" stroke="#9e9e9e"/>'
        '<rect x="6" y="6" width="38" height="58" rx="3" fill="none" stroke="#90caf9" '
        'stroke-dasharray="3 2"/></svg>'
    )


def hand_html(cards: Iterable[Card], *, caption: str = "", width: int = CARD_WIDTH,
              highlight: Iterable[Card] = ()) -> str:
    """A row of card faces, with an optional caption under it."""
    marked = set(highlight)
    return card_row("".join(card_svg(c, width=width, highlight=c in marked) for c in cards),
                    caption)


def card_row(pictures: str, caption: str = "") -> str:
    """Card pictures (faces or backs, as SVG) in a row, with an optional caption under it.

    >>> card_row(card_back_svg(), "the crib").count("cribbage-card-back")
    1
    """
    text = (f'<div style="font-size:small;color:#555">{escape(caption)}</div>'
            if caption else "")
    return (f'<div class="cribbage-hand" style="display:flex;gap:4px;flex-wrap:wrap">'
            f"{pictures}</div>{text}")


def table_html(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A small plain HTML table; every cell is escaped."""
    head = "".join(f"<th style='text-align:left'>{escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(cell))}</td>" for cell in row) + "</tr>"
        for row in rows)
    return f'<table class="cribbage-table"><tr>{head}</tr>{body}</table>'
