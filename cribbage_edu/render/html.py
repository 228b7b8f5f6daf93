"""Pictures of cards as SVG and HTML strings: pure functions, no Jupyter import.

Cards, hands and scores call these from ``_repr_html_`` so they show themselves
in a notebook; the widgets use the same pictures. Output is short and the same
on every run, so stored notebook outputs compare equal.

>>> from cribbage_edu import Card
>>> svg = card_svg(Card.parse("10H"))
>>> svg.startswith("<svg") and 'aria-label="ten of hearts"' in svg and "#c62828" in svg
True

A notebook that is not trusted (any notebook a learner has just opened) strips inline
SVG; an ``<img>`` holding the SVG as a data URL survives JupyterLab's sanitizer, so
rows of cards use :func:`card_img`:

>>> card_img(Card.parse("10H"))[:60]
'<img class="cribbage-card" alt="ten of hearts" title="ten of'
"""

from __future__ import annotations

from base64 import b64encode
from collections.abc import Iterable, Sequence
from html import escape

from .colours import BLACK, RED
from .shapes import CRIB, CRIB_FACE_DOWN, HAND, THE_COUNT, THE_PLAY, Face, TableView

__all__ = [
    "CARD_HEIGHT", "CARD_WIDTH", "SMALL_CARD", "back_img", "backs_row", "card_back_svg",
    "card_img", "card_row", "card_svg", "count_html", "hand_html", "svg_img", "table_html",
    "view_html",
]

CARD_WIDTH = 50
CARD_HEIGHT = 70
SMALL_CARD = 40
"""The width of a small card: the notebook view of a game, and at the widget table and
in a game's review the count, the starter, the crib and the opponent's cards."""


def card_svg(card: Face, *, width: int = CARD_WIDTH, highlight: bool = False) -> str:
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
    """The back of a card, for cards a player may not see.

    >>> svg = card_back_svg(label="the crib")
    >>> svg.startswith("<svg"), "<title>the crib</title>" in svg
    (True, True)
    """
    height = width * CARD_HEIGHT // CARD_WIDTH
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 50 70" role="img" aria-label="{escape(label)}" class="cribbage-card-back">'
        f"<title>{escape(label)}</title>"
        '<rect x="1" y="1" width="48" height="68" rx="5" fill="#1e4d8c" stroke="#9e9e9e"/>'
        '<rect x="6" y="6" width="38" height="58" rx="3" fill="none" stroke="#90caf9" '
        'stroke-dasharray="3 2"/></svg>'
    )


def svg_img(svg: str, label: str, kind: str, width: int, height: int) -> str:
    """An SVG picture as an ``<img>`` (a data URL) named ``label`` for screen readers:
    markup that JupyterLab shows in an untrusted notebook, where inline SVG is stripped.

    >>> img = svg_img("<svg/>", "a <blank> card", "cribbage-card", 50, 70)
    >>> 'alt="a &lt;blank&gt; card"' in img, 'src="data:image/svg+xml;base64,' in img
    (True, True)
    """
    src = "data:image/svg+xml;base64," + b64encode(svg.encode()).decode("ascii")
    return (f'<img class="{kind}" alt="{escape(label)}" title="{escape(label)}" '
            f'width="{width}" height="{height}" src="{src}">')


def card_img(card: Face, *, width: int = CARD_WIDTH, highlight: bool = False) -> str:
    """:func:`card_svg` as an ``<img>`` with the card's name as its alt text."""
    return svg_img(card_svg(card, width=width, highlight=highlight), card.name,
                   "cribbage-card", width, width * CARD_HEIGHT // CARD_WIDTH)


def back_img(*, width: int = CARD_WIDTH, label: str = "a face-down card") -> str:
    """:func:`card_back_svg` as an ``<img>``, named ``label``.

    >>> 'alt="the crib"' in back_img(label="the crib")
    True
    """
    return svg_img(card_back_svg(width=width, label=label), label, "cribbage-card-back",
                   width, width * CARD_HEIGHT // CARD_WIDTH)


def hand_html(cards: Iterable[Face], *, caption: str = "", width: int = CARD_WIDTH,
              highlight: Iterable[Face] = ()) -> str:
    """A row of card faces, with an optional caption under it.

    >>> from cribbage_edu.rules.cards import parse_cards
    >>> row = hand_html(parse_cards("5H JD"), caption="kept")
    >>> row.count("<img"), 'alt="jack of diamonds"' in row, "kept" in row
    (2, True, True)
    """
    marked = set(highlight)
    return card_row("".join(card_img(c, width=width, highlight=c in marked) for c in cards),
                    caption)


def card_row(pictures: str, caption: str = "", *, min_height: int | None = None) -> str:
    """Card pictures (faces or backs, as ``<img>``) in a row, with an optional caption;
    ``min_height``: the row keeps that height (in pixels) when it holds no card.

    >>> card_row(back_img(), "the crib").count("cribbage-card-back")
    1
    """
    text = (f'<div style="font-size:small;color:#555">{escape(caption)}</div>'
            if caption else "")
    tall = "" if min_height is None else f";min-height:{min_height}px"
    return (f'<div class="cribbage-hand" style="display:flex;gap:4px;flex-wrap:wrap{tall}">'
            f"{pictures}</div>{text}")


def backs_row(n: int, label: str = "a face-down card", caption: str = "", *,
              width: int = CARD_WIDTH) -> str:
    """A row of ``n`` face-down cards (the opponent's hand, the crib): backs only, with
    no face, no name, nothing of the cards in the markup. The row keeps a card's height
    when ``n`` is 0, so what is drawn under it does not move as the last card goes.

    >>> backs_row(4, "a card in the crib", "the crib").count("cribbage-card-back")
    4
    >>> "min-height:56px" in backs_row(0, width=SMALL_CARD)
    True
    """
    return card_row("".join(back_img(width=width, label=label) for _ in range(n)),
                    caption, min_height=width * CARD_HEIGHT // CARD_WIDTH)


def count_html(series: Sequence[Sequence[tuple[int, Face]]], count: int, *,
               in_play: bool, seat: int) -> str:
    """The play's count as a table shows it to ``seat``: the cards since the count was
    reset and the count, from ``series`` (this deal's play count by count, each card with
    the seat that laid it, as :attr:`Game.series <cribbage_edu.rules.game.Game.series>`
    gives it) and ``count`` (the running count, 0 outside the play). While ``in_play``
    the cards of a count that ended (at 31 or a go) stay in sight, faded and marked as
    ended, until ``seat`` lays a card of the next count: if the other seat leads the next
    count at once, the ended count stays beside the new one. Under them every card of
    this deal's play in order, earlier counts before the bar.

    >>> from cribbage_edu.rules.cards import parse_cards
    >>> ten, king, ace, five = parse_cards("10H KS AC 5D")
    >>> html = count_html([[(0, ten), (1, king), (0, ace)], [(1, five)]], 5,
    ...                   in_play=True, seat=0)
    >>> "ended at 21" in html, 'class="cribbage-count">5<' in html
    (True, True)
    >>> "laid this deal: 10♥ K♠ A♣ | 5♦" in html
    True
    """
    counts = [list(part) for part in series] or [[]]
    current = [card for _, card in counts[-1]]
    ended: list[Face] = []
    if in_play and len(counts) > 1 and all(who != seat for who, _ in counts[-1]):
        ended = [card for _, card in counts[-2]]
    laid = [" ".join(c.symbol for _, c in part) for part in counts if part]
    history = (f'<div class="cribbage-laid" style="font-size:small;color:#555">'
               f'laid this deal: {escape(" | ".join(laid))}</div>' if laid else "")
    height = SMALL_CARD * CARD_HEIGHT // CARD_WIDTH
    return (f'<div class="cribbage-pile" style="display:flex;align-items:flex-start;'
            f'gap:3px;min-height:{height + 2}px">{_pile_html(ended, current)}</div>'
            f'<div class="cribbage-count-line">'
            f"{_count_line(ended, current, count, in_play)}</div>{history}")


def _pile_html(ended: Sequence[Face], current: Sequence[Face]) -> str:
    """The cards of the count that ended (faded, with what it ended at) and of the count
    in play, a dashed bar between them."""
    pile = ""
    if ended:
        pile += (f'<div class="cribbage-ended-count" title="the count that ended" '
                 f'style="display:flex;flex-direction:column;align-items:center">'
                 f'<div style="opacity:0.55">{hand_html(ended, width=SMALL_CARD)}</div>'
                 f'<div style="font-size:small;color:#555">ended at '
                 f'{sum(c.value for c in ended)}</div></div>')
        if current:
            pile += ('<div aria-hidden="true" style="align-self:stretch;'
                     'border-left:2px dashed #999;margin:0 6px"></div>')
    if current:
        pile += (f'<div class="cribbage-current-count">'
                 f"{hand_html(current, width=SMALL_CARD)}</div>")
    return pile


def _count_line(ended: Sequence[Face], current: Sequence[Face], count: int,
                in_play: bool) -> str:
    """The line under the cards: the count, and what the ended count was (or, after the
    play, what its last count ended at)."""
    grey = '<span style="color:#555">'
    if ended and not current:
        return (f'count <b class="cribbage-count">0</b> {grey}(the last count ended at '
                f"{sum(c.value for c in ended)}: the next card starts again from 0)</span>")
    if ended:
        return (f'count <b class="cribbage-count">{count}</b> {grey}(a new count: the '
                f"last one ended at {sum(c.value for c in ended)})</span>")
    if in_play or not current:
        return f'count <b class="cribbage-count">{count}</b>'
    return f"the play is over: the last count ended at {sum(c.value for c in current)}"


def table_html(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A small plain HTML table; every cell is escaped.

    >>> table_html(["kind", "points"], [["fifteen", 2], ["<pair>", 2]]).count("<tr>")
    3
    >>> "&lt;pair&gt;" in table_html(["kind"], [["<pair>"]])
    True
    """
    head = "".join(f"<th style='text-align:left'>{escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(cell))}</td>" for cell in row) + "</tr>"
        for row in rows)
    return f'<table class="cribbage-table"><tr>{head}</tr>{body}</table>'




def view_html(view: TableView) -> str:
    """A short picture of what ``view.player`` may see, made of :mod:`render` pieces.
    Hidden cards are drawn as backs: no face, no name, nothing in the markup.

    >>> from cribbage_edu import Game
    >>> game = Game(seed=3, first_dealer=0); _ = game.advance(), game.advance()
    >>> html = view_html(game.view(0))
    >>> "deal 1, discard" in html and html.count("cribbage-card-back") == 6
    True
    >>> all(f'alt="{c.name}"' not in html for c in game.hand(1))
    True
    """
    me, other = view.player, view.opponent
    names = view.names

    phase = view.phase  # a Phase equals its word: compared with render.shapes' words

    def role(p: int) -> str:
        return "" if view.dealer is None else (" (dealer)" if p == view.dealer else " (pone)")

    head = f"game to {view.target}: " + (f"deal {view.deal}, {phase}" if view.deal
                                           else str(phase))
    if view.turn is not None:
        head += f"; {names[view.turn]} to act"
    winners = [p for p in (0, 1) if view.scores[p] >= view.target]
    if winners:
        head += f"; {names[winners[0]]} wins"
    parts = [f"<div><b>{escape(head)}</b></div>",
             table_html(("player", "score"),
                        [(names[p] + role(p) + (" (you)" if p == me else ""), view.scores[p])
                         for p in (0, 1)])]
    if view.starter is not None:
        parts.append(f'<div style="font-size:small">starter</div>'
                     f"{card_img(view.starter, width=SMALL_CARD)}")
    if phase == THE_PLAY:
        parts.append(hand_html(view.pile, caption=f"the count is {view.count}",
                               width=SMALL_CARD))
    shown = {(who, what): cards for who, what, cards in view.shown}
    if phase == THE_COUNT and (me, HAND) not in shown:
        parts.append(hand_html(view.kept, caption=f"{names[me]}'s hand, to be counted",
                               width=SMALL_CARD))
    elif view.hand:
        parts.append(hand_html(view.hand, caption=f"{names[me]}'s cards (you)",
                               width=SMALL_CARD))
    if view.opponent_cards and (other, HAND) not in shown:
        parts.append(backs_row(view.opponent_cards, f"a card in {names[other]}'s hand",
                               f"{names[other]}'s cards (hidden)", width=SMALL_CARD))
    for (who, what), cards in shown.items():
        parts.append(hand_html(cards, caption=f"{names[who]}'s {what}, shown",
                               width=SMALL_CARD))
    if (view.dealer is not None and phase in CRIB_FACE_DOWN
            and (view.dealer, CRIB) not in shown):
        parts.append(backs_row(4, "a card in the crib",
                               f"{names[view.dealer]}'s crib (face down)", width=SMALL_CARD))
    return '<div class="cribbage-game">' + "".join(parts) + "</div>"
