"""The review of a game as SVG: the points each deal's decisions lost, by kind, and the
chance to win deal by deal with every mistake marked on it. The review widget shows it
(a millisecond to build); :func:`cribbage_edu.charts.review_chart` draws the same with
matplotlib for notebooks and saved PNGs. The words and colours of the kinds, and the
chart's title, live here for both. The picture is drawn from the coach's own values
(a :class:`~cribbage_edu.strategy.coach.Review`, its decisions' kinds and grades), so it
lives in the charts, a room above the strategy; the SVG parts it is made of are
:mod:`cribbage_edu.render.plot`'s, which know nothing of the coach.

>>> from cribbage_edu.strategy.coach import Review
>>> svg = review_svg(Review(0, ("you", "b"), (), True), [(1, 0.5), (2, 1.0)])
>>> 'No points lost' in svg, svg.count('class="cribbage-chance-point"')
(True, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from ..render.colours import COLOURS
from ..render.plot import Scale, chart_svg, number, text, tick, y_label
from ..rules.events import EventKind
from ..strategy.coach import Decision, DecisionKind, Review

if TYPE_CHECKING:
    from ..rules.game import Game

__all__ = ["KIND_COLOURS", "KIND_WORDS", "chance_title", "deal_label", "dealers", "marked",
           "mistake_places", "review_svg", "review_title"]

KIND_WORDS = {DecisionKind.THROW: "the throw", DecisionKind.CARD: "the play",
              DecisionKind.COUNT: "the count"}
"""Each kind of decision as the review says it."""

KIND_COLOURS = {DecisionKind.THROW: COLOURS["crib"], DecisionKind.CARD: COLOURS["pegging"],
                DecisionKind.COUNT: COLOURS["hand"]}
"""Each kind of decision's colour: the throw as the crib, the play as pegging, the count
as the hand."""


def review_title(review: Review) -> str:
    """What the review chart shows, said as its point: where the points went.

    >>> from cribbage_edu.strategy.coach import Review
    >>> review_title(Review(0, ("you", "b"), (), True))
    'No points lost: every decision was as good as the best'
    """
    lost = review.loss
    if lost < 0.005:
        return "No points lost: every decision was as good as the best"
    totals = {kind: points for kind, (_, points) in review.totals().items()}
    worst = max(totals, key=lambda k: totals[k])
    share = totals[worst] / lost
    where = ("most" if share > 0.5 else "the largest part") if share < 0.995 else "all"
    return (f"{lost:.1f} points lost; {where} in {KIND_WORDS[worst]} "
            f"({totals[worst]:.1f})")


def dealers(game: Game) -> dict[int, int]:
    """Who dealt each deal of ``game`` (the seat), by deal number, from its deal events."""
    return {e.deal: e.player for e in game.events
            if e.kind is EventKind.DEAL and e.player is not None}


def deal_label(deal: int, dealer: int | None, review: Review, *,
               wide: bool = True) -> tuple[str, str]:
    """The two lines under a deal's bar: the deal, and who dealt it (the seat reviewed
    is "you"); ``wide=False`` for a bar too narrow for the long form.

    >>> from cribbage_edu.strategy.coach import Review
    >>> r = Review(0, ("Learner", "Computer"), (), True)
    >>> deal_label(3, 1, r), deal_label(4, 0, r, wide=False), deal_label(5, None, r)
    (('deal 3', 'Computer deals'), ('4', 'you'), ('deal 5', ''))
    """
    if dealer is None:
        who = ""
    elif wide:
        who = "you deal" if dealer == review.seat else f"{review.names[dealer]} deals"
    else:
        who = "you" if dealer == review.seat else review.names[dealer]
    return (f"deal {deal}" if wide else str(deal)), who


def marked(review: Review) -> list[Decision]:
    """The decisions the chart marks: the serious ones (the mistakes and blunders,
    :attr:`Grade.is_serious <cribbage_edu.strategy.coach.Grade.is_serious>`), in order."""
    return [d for d in review.decisions if d.grade.is_serious]


def mistake_places(mistakes: Sequence[Decision],
                   chances: Sequence[tuple[int, float]]) -> list[tuple[float, float]]:
    """Where each of ``mistakes`` is marked on the chance to win: across, spread over the
    deal it was made in, in the order they were made; up, the chance at the start of that
    deal (the last chance given when the deal has none, a half when none is given).

    >>> from types import SimpleNamespace as Made  # a decision's deal is all it reads
    >>> two_in_3 = [Made(deal=3, action=40), Made(deal=3, action=44)]
    >>> [(round(x, 2), y) for x, y in mistake_places(two_in_3, [(1, 0.5), (3, 0.25)])]
    [(3.33, 0.25), (3.67, 0.25)]
    >>> mistake_places([Made(deal=5, action=70)], [(1, 0.5), (3, 0.25)])
    [(5.5, 0.25)]
    """
    start = dict(chances)
    in_deal: dict[int, list[Decision]] = {}
    for d in mistakes:
        in_deal.setdefault(d.deal, []).append(d)
    return [(d.deal + (in_deal[d.deal].index(d) + 1) / (len(in_deal[d.deal]) + 1),
             start.get(d.deal, chances[-1][1] if chances else 0.5)) for d in mistakes]


def chance_title(review: Review) -> str:
    """The title of the chance-to-win panel: how many mistakes it marks.

    >>> from cribbage_edu.strategy.coach import Review
    >>> chance_title(Review(0, ("you", "b"), (), True))
    'Your chance to win, deal by deal: no mistake to mark'
    """
    n = len(marked(review))
    if not n:
        return "Your chance to win, deal by deal: no mistake to mark"
    return (f"Your chance to win, deal by deal: {n} mistake{'' if n == 1 else 's'} "
            f"marked where {'it was' if n == 1 else 'they were'} made")


def _cross(x: float, y: float, r: float, fill: str) -> str:
    """The mark of a mistake: a bold X."""
    w = r * 0.38
    points = [(0, -w), (r - w, -r), (r, -r + w), (w, 0), (r, r - w), (r - w, r), (0, w),
              (-r + w, r), (-r, r - w), (-w, 0), (-r, -r + w), (-r + w, -r)]
    path = "".join(f"{'M' if i == 0 else 'L'}{x + dx:.1f} {y + dy:.1f}"
                   for i, (dx, dy) in enumerate(points))
    return f'<path d="{path}Z" fill="{fill}" stroke="{COLOURS["mean"]}" stroke-width="0.8"/>'


def review_svg(review: Review, chances: Sequence[tuple[int, float]],
               dealt: Mapping[int, int] | None = None) -> str:
    """The review for the seat reviewed: above, the points its decisions lost in each
    deal, a bar a deal split by kind (the throw, the play, the count), each deal labelled
    with its number and, given ``dealt`` (:func:`dealers`), who dealt it; below, its
    chance to win at the start of each deal (``chances``: (deal, chance) pairs, the last
    the result once the game is over), with each mistake or blunder marked in the deal
    it was made, labelled with what was chosen."""
    width, height = 720, 572
    by_deal = review.by_deal()
    dealt = dict(dealt or {})
    last = max([d for d, _ in chances] + list(by_deal) + [1])
    x = Scale(0.4, last + 0.6, _LEFT, _RIGHT)
    stacks = {d: sum(by_deal.get(d, {}).values()) for d in range(1, last + 1)}
    title = review_title(review)
    parts = [text(_LEFT, 22, title, size=16, weight="bold"), *_kinds_legend(),
             *_lost_panel(review, stacks, x, dealt),
             *_chance_panel(review, chances, x, last)]
    mistakes = marked(review)
    name = (f"{title}. Points lost by deal: "
            + (", ".join(f"deal {d} {v:.1f}" + (f" ({deal_label(d, dealt[d], review)[1]})"
                                                if d in dealt else "")
                         for d, v in stacks.items() if v > 0) or "none")
            + f". {chance_title(review)}"
            + (": " + "; ".join(f"deal {d.deal}, {KIND_WORDS[d.kind]}, {d.chosen}"
                                for d in mistakes) if mistakes else "")
            + (f". The chance to win went from {chances[0][1]:.0%} to {chances[-1][1]:.0%}"
               if chances else ""))
    return chart_svg(width, height, name, parts, kind="review")


_LEFT, _RIGHT = 72.0, 704.0
"""Where the review's two panels begin and end, across."""
_LOST_TOP, _LOST_BASE = 60.0, 210.0
"""The top and the base of the panel of points lost."""
_CHANCE_TOP, _CHANCE_BASE = 298.0, 478.0
"""The top and the base of the panel of the chance to win."""


def _kinds_legend() -> list[str]:
    """The legend of the kinds of decision, a swatch and a word each."""
    parts = []
    cx = _LEFT
    for kind, colour in KIND_COLOURS.items():
        parts.append(f'<rect x="{cx:.1f}" y="32" width="14" height="10" fill="{colour}"/>')
        parts.append(text(cx + 19, 42, KIND_WORDS[kind], size=12))
        cx += 19 + 7.5 * len(KIND_WORDS[kind]) + 20
    return parts


def _lost_panel(review: Review, stacks: Mapping[int, float], x: Scale,
                dealt: Mapping[int, int]) -> list[str]:
    """The points lost: a bar a deal split by kind over the grid, each deal named under
    its bar with its dealer (``stacks``: the points lost in each deal)."""
    left, right, base = _LEFT, _RIGHT, _LOST_BASE
    by_deal = review.by_deal()
    y = Scale(0, max([*stacks.values(), 1.0]) * 1.15, base, _LOST_TOP)
    parts = []
    for at in y.ticks(5):
        ty = y(at)
        parts.append(f'<line x1="{left}" y1="{ty:.1f}" x2="{right}" y2="{ty:.1f}" '
                     f'stroke="{COLOURS["grid"]}"/>')
        parts.append(tick(left - 6, ty + 4, number(at), anchor="end"))
    bar = 0.7 * x.per_unit
    for deal in stacks:
        bottom = 0.0
        for kind, colour in KIND_COLOURS.items():
            value = sum(v for k, v in by_deal.get(deal, {}).items() if k is kind)
            if value <= 0:
                continue
            said = f"deal {deal}, {KIND_WORDS[kind]}: {value:.2f} points lost"
            parts.append(f'<rect class="cribbage-lost-bar" data-deal="{deal}" '
                         f'data-kind="{kind}" x="{x(deal) - bar / 2:.1f}" '
                         f'y="{y(bottom + value):.2f}" width="{bar:.1f}" '
                         f'height="{y(bottom) - y(bottom + value):.2f}" fill="{colour}">'
                         f"<title>{escape(said)}</title></rect>")
            bottom += value
    parts.append(f'<line x1="{left}" y1="{base}" x2="{right}" y2="{base}" stroke="#888"/>')
    wide = x.per_unit >= 84  # room for "Computer deals" under each bar
    number_y = base + 16  # the deal under its bar, and a line below it the dealer
    dealer_y = number_y + 13
    for deal in (d for d in stacks if d in dealt or d in by_deal or not dealt):
        # each deal named under its bar, with its dealer (not the result after the last)
        named, who = deal_label(deal, dealt.get(deal), review, wide=wide)
        parts.append(f'<g class="cribbage-deal-label" data-deal="{deal}">'
                     + text(x(deal), number_y, named, size=11, anchor="middle")
                     + (text(x(deal), dealer_y, who, size=10, anchor="middle",
                             colour=COLOURS[f"player{dealt[deal]}"]) if who else "")
                     + "</g>")
    parts.append(y_label(18, _LOST_TOP, base, "points lost against the best"))
    return parts


def _chance_panel(review: Review, chances: Sequence[tuple[int, float]], x: Scale,
                  last: int) -> list[str]:
    """The chance to win at the start of each deal, a step line over the grid, each
    mistake or blunder marked in its deal, and the panel's legend."""
    left, right, base = _LEFT, _RIGHT, _CHANCE_BASE
    parts = [text(left, _CHANCE_TOP - 14, chance_title(review), size=14, weight="bold")]
    c = Scale(-0.03, 1.08, base, _CHANCE_TOP)
    for at in (0.0, 0.25, 0.5, 0.75, 1.0):
        ty = c(at)
        dotted = ' stroke-dasharray="2 3"' if at == 0.5 else ""
        stroke = COLOURS["mean"] if at == 0.5 else COLOURS["grid"]
        parts.append(f'<line x1="{left}" y1="{ty:.1f}" x2="{right}" y2="{ty:.1f}" '
                     f'stroke="{stroke}"{dotted}/>')
        parts.append(tick(left - 6, ty + 4, f"{at:.0%}", anchor="end"))
    for deal in range(1, last + 1):
        parts.append(tick(x(deal), base + 16, str(deal), anchor="middle"))
    colour = COLOURS[f"player{review.seat}"]
    if chances:
        path = [f"M{x(chances[0][0]):.1f} {c(chances[0][1]):.1f}"]
        for deal, chance in chances[1:]:  # as matplotlib's where="post": along, then up
            path.append(f"H{x(deal):.1f}V{c(chance):.1f}")
        parts.append(f'<path d="{"".join(path)}" fill="none" stroke="{colour}" '
                     f'stroke-width="2"/>')
        for deal, chance in chances:
            said = f"deal {deal}: chance to win {chance:.0%}"
            parts.append(f'<circle class="cribbage-chance-point" cx="{x(deal):.1f}" '
                         f'cy="{c(chance):.1f}" r="3.5" fill="{colour}"><title>'
                         f"{escape(said)}</title></circle>")
    parts += _mistake_marks(marked(review), chances, x, c)
    parts.append(f'<line x1="{left}" y1="{base}" x2="{right}" y2="{base}" stroke="#888"/>')
    parts.append(y_label(18, _CHANCE_TOP, base, "chance to win"))
    parts.append(text((left + right) / 2, base + 36, "deal (the chance: at the start "
                      "of each deal; last: the result)", size=12, anchor="middle"))
    legend_y = base + 62
    parts.append(f'<path d="M{left} {legend_y - 4}h20" stroke="{colour}" stroke-width="2"/>'
                 f'<circle cx="{left + 10}" cy="{legend_y - 4}" r="3.5" fill="{colour}"/>')
    who = f"{review.names[review.seat]}'s chance to win"
    parts.append(text(left + 26, legend_y, who, size=12))
    mx = left + 26 + 7 * len(who) + 28
    parts.append(_cross(mx, legend_y - 4, 6, COLOURS["muggins"]))
    parts.append(text(mx + 12, legend_y, "a mistake or blunder (coloured by kind)", size=12))
    return parts


def _mistake_marks(mistakes: Sequence[Decision], chances: Sequence[tuple[int, float]],
                   x: Scale, c: Scale) -> list[str]:
    """Each mistake or blunder as a cross in its deal's place (side by side when a deal
    has more than one) at that deal's chance, labelled with what was chosen."""
    parts = []
    places = mistake_places(mistakes, chances)
    for n, (d, (mx, my)) in enumerate(zip(mistakes, places, strict=True)):
        kind = d.kind
        said = f"deal {d.deal}, {KIND_WORDS[kind]}: {d.chosen}, a {d.grade}, {d.loss:.1f} lost"
        parts.append(f'<g class="cribbage-mistake" data-deal="{d.deal}" data-kind="{kind}">'
                     f"<title>{escape(said)}</title>"
                     + _cross(x(mx), c(my), 7, KIND_COLOURS[kind])
                     + text(x(mx), c(my) + (-11 if n % 2 == 0 else 21), d.chosen, size=11,
                            anchor="middle")
                     + "</g>")
    return parts
