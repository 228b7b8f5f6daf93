"""The charts of the throw as SVG: the 15 throws ranked with their hand, crib and play
(the learner's throw marked), and what every starter does to four kept cards. The
widgets show these (a millisecond to build); :mod:`cribbage_edu.charts` draws the same
pictures with matplotlib for notebooks and saved PNGs. They are drawn from the coach's
and the advisor's own values, so they live in the charts, a room above the strategy, made
of :mod:`cribbage_edu.render.plot`'s SVG parts.

>>> from cribbage_edu.strategy.coach import judge_throw
>>> verdict = judge_throw("5H 5C 6D JS QH 2C", "2C 6D", dealer=True)
>>> svg = throws_svg(verdict.options, dealer=True, mark=3)
>>> svg.count('class="cribbage-throw-row"'), svg.count('class="cribbage-your-throw"')
(15, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from ..render.colours import COLOURS
from ..render.plot import Scale, chart_svg, diamond, nice_step, number, text, tick, y_label

if TYPE_CHECKING:
    from ..strategy.coach import ThrowOption
    from ..strategy.discard import StarterDistribution

__all__ = ["ROW_HEIGHT", "starters_svg", "throw_label", "throws_svg"]

ROW_HEIGHT = 26
"""Pixels a throw takes in :func:`throws_svg`."""

_WIDTH = 760
_LABELS = 232  # the labels end here
_PLOT = (240.0, 566.0)  # the bars
_TOP = 62  # the first row


def throw_label(option: ThrowOption) -> str:
    """A throw as its row is labelled.

    >>> from cribbage_edu.strategy.coach import judge_throw
    >>> throw_label(judge_throw("5H 5C 6D JS QH 2C", "2C 6D", dealer=True).options[0])
    'keep 5♣ 5♥ J♠ Q♥  throw 2♣ 6♦'
    """
    return f"keep {option.keep.symbols}  throw {option.discard.symbols}"


def _as_printed(option: ThrowOption, dealer: bool) -> tuple[float, float, float, float, float]:
    """The hand, the crib, the play, the net (hand and crib) and the total with the
    play, as the table beside the chart prints them."""
    hand, crib, play, total = option.cents(dealer)
    net = hand + (crib if dealer else -crib)
    return hand / 100, crib / 100, play / 100, net / 100, total / 100


def throws_svg(options: Sequence[ThrowOption], *, dealer: bool,
               mark: int | None = None) -> str:
    """The coach's throws as horizontal bars, in the order given (best first): the
    expected hand, the expected crib (added on for the dealer; for pone drawn left of
    zero, as points given away), the net (a black diamond), and below it the play: a
    thin bar from the net for the kept cards' net pegging, its 95% interval, and the
    total with the play (an orange diamond, the order of the rows). The best row is
    shaded; row ``mark`` (0: the top), the learner's throw, is outlined in red dashes.
    Every figure as printed (each column rounded once)."""
    rows = [_as_printed(o, dealer) for o in options]
    errors = [o.pegging_error for o in options]
    x = _throws_scale(rows, errors, dealer)
    bottom = _TOP + ROW_HEIGHT * len(rows)
    whose = "your own crib (dealer)" if dealer else "the dealer's crib (pone)"
    parts = [text(8, 20, f"The {len(rows)} ways to throw into {whose}:", size=16,
                  weight="bold"),
             text(8, 38, "best first, with the play counted (the orange diamonds)", size=13),
             text(_LABELS, _TOP - 6, "keep four, throw two", size=11, anchor="end",
                  colour="#555"),
             text(_PLOT[1] + 10, _TOP - 6, "net (with the play)", size=11, colour="#555")]
    for at in x.ticks(8):  # the grid, under the bars
        tx = x(at)
        parts.append(f'<line x1="{tx:.1f}" y1="{_TOP}" x2="{tx:.1f}" y2="{bottom}" '
                     f'stroke="{COLOURS["grid"]}" stroke-width="1"/>')
        parts.append(tick(tx, bottom + 16, number(at), anchor="middle"))
    if rows:
        parts.append(f'<rect x="0" y="{_TOP}" width="{_WIDTH}" height="{ROW_HEIGHT}" '
                     f'fill="{COLOURS["best"]}" fill-opacity="0.35"/>')
    if x.low < 0:
        zero = x(0)
        parts.append(f'<line x1="{zero:.1f}" y1="{_TOP}" x2="{zero:.1f}" y2="{bottom}" '
                     f'stroke="{COLOURS["mean"]}" stroke-width="1"/>')
    for n, (option, row, error) in enumerate(zip(options, rows, errors, strict=True)):
        parts += _throw_row(n, option, row, error, x, dealer=dealer, marked=n == mark)
    if mark is not None and 0 <= mark < len(rows):
        top = _TOP + mark * ROW_HEIGHT
        parts.append(f'<rect class="cribbage-your-throw" data-row="{mark}" x="1.5" '
                     f'y="{top + 1}" width="{_WIDTH - 3}" height="{ROW_HEIGHT - 2}" '
                     f'fill="none" stroke="{COLOURS["given"]}" stroke-width="2" '
                     f'stroke-dasharray="6 4"/>')
    parts.append(f'<line x1="{_PLOT[0]}" y1="{bottom}" x2="{_PLOT[1]}" y2="{bottom}" '
                 f'stroke="#888"/>')
    parts.append(text(sum(_PLOT) / 2, bottom + 33, "expected points a deal (the hand over "
                      "the 46 unseen starters; the crib from the table)", size=12,
                      anchor="middle"))
    parts += _throw_legend(bottom + 54, dealer, mark is not None)
    height = bottom + 98
    best = options[0] if options else None
    name = (f"The {len(rows)} ways to throw into {whose}, best first with the play counted"
            + (f": the best, {throw_label(best)}, {rows[0][4]:.2f} points a deal"
               if best is not None else ""))
    if mark is not None and 0 <= mark < len(rows):
        name += (f"; your throw ({throw_label(options[mark])}) ranks {mark + 1}, "
                 f"{rows[mark][4]:.2f} points a deal")
    return chart_svg(_WIDTH, height, name, parts, kind="throws")


def _throws_scale(rows: Sequence[tuple[float, float, float, float, float]],
                  errors: Sequence[float], dealer: bool) -> Scale:
    """The points across, on round steps: from the lowest (zero, a net, the play's
    interval, for pone the crib given away) to the highest (the hand with the dealer's
    crib, the play's interval)."""
    lows = [0.0, *(n for *_, n, _ in rows), *(t - e for (*_, t), e in zip(rows, errors,
                                                                        strict=True))]
    highs = [*(h + (c if dealer else 0.0) for h, c, *_ in rows),
             *(t + e for (*_, t), e in zip(rows, errors, strict=True))]
    if not dealer:
        lows += [-c for _, c, *_ in rows]
    step = nice_step(max(highs) - min(lows), 8)
    return Scale(step * (min(lows) // step), step * -(-max(highs) // step), *_PLOT)


def _throw_row(n: int, option: ThrowOption, row: tuple[float, float, float, float, float],
               error: float, x: Scale, *, dealer: bool, marked: bool) -> list[str]:
    """Row ``n`` (0: the top) of the throws: its label, the hand's and the crib's bars,
    the net, the play's thin bar with its interval, the total with the play, and the
    numbers as printed."""
    hand, crib, play, net, total = row
    top = _TOP + n * ROW_HEIGHT
    label = throw_label(option)
    said = (f"{n + 1}. {label}: hand {hand:.2f} {'+' if dealer else '−'} crib "
            f"{crib:.2f} = {net:.2f}, the play {play:+.2f} (± {error:.2f}), "
            f"{total:.2f} with the play")
    parts = [f'<g class="cribbage-throw-row" data-rank="{n + 1}"><title>'
             f"{escape(said)}</title>",
             text(_LABELS, top + 17, label, size=12, anchor="end",
                  weight="bold" if n == 0 else "normal",
                  colour=COLOURS["given"] if marked else COLOURS["mean"],
                  extra=' class="cribbage-throw-label"')]
    parts.append(f'<rect class="cribbage-hand-bar" x="{x(0):.1f}" y="{top + 3}" '
                 f'width="{x(hand) - x(0):.1f}" height="12" fill="{COLOURS["hand"]}"/>')
    if dealer:
        parts.append(f'<rect class="cribbage-crib-bar" x="{x(hand):.1f}" y="{top + 3}" '
                     f'width="{x(hand + crib) - x(hand):.1f}" height="12" '
                     f'fill="{COLOURS["crib"]}"/>')
    else:
        parts.append(f'<rect class="cribbage-crib-bar" x="{x(-crib):.1f}" y="{top + 3}" '
                     f'width="{x(0) - x(-crib):.1f}" height="12" fill="{COLOURS["given"]}" '
                     f'fill-opacity="0.8"/>')
    parts.append(diamond(x(net), top + 9, 4.5, COLOURS["mean"], extra=' class="cribbage-net"'))
    left, right = sorted((x(net), x(total)))
    parts.append(f'<rect class="cribbage-play-bar" x="{left:.1f}" y="{top + 18}" '
                 f'width="{right - left:.1f}" height="5" fill="{COLOURS["pegging"]}"/>')
    lo, hi = x(total - error), x(total + error)
    parts.append(f'<path d="M{lo:.1f} {top + 20.5}H{hi:.1f}M{lo:.1f} {top + 17.5}'
                 f'V{top + 23.5}M{hi:.1f} {top + 17.5}V{top + 23.5}" '
                 f'stroke="{COLOURS["mean"]}" stroke-width="1" fill="none"/>')
    parts.append(diamond(x(total), top + 20.5, 4.5, COLOURS["pegging"],
                         stroke=COLOURS["mean"], extra=' class="cribbage-with-play"'))
    parts.append(text(_PLOT[1] + 10, top + 17, f"{net:.2f}", size=12))
    parts.append(text(_PLOT[1] + 52, top + 17, f"({total:.2f} with the play)", size=12,
                      weight="bold" if n == 0 else "normal"))
    parts.append("</g>")
    return parts


def _throw_legend(y: float, dealer: bool, marked: bool) -> list[str]:
    crib = ("expected crib (yours: added)" if dealer
            else "expected crib (the dealer's: taken off)")
    crib_colour = COLOURS["crib"] if dealer else COLOURS["given"]
    first = [("bar", COLOURS["hand"], "expected hand"), ("bar", crib_colour, crib),
             ("diamond", COLOURS["mean"], "net: hand and crib")]
    second = [("thin", COLOURS["pegging"], "the play: net pegging of the kept cards "
                                           "(simulated, 95% interval)"),
              ("play diamond", COLOURS["pegging"], "with the play (the order)")]
    third = [("band", COLOURS["best"], "the best throw")]
    if marked:
        third.append(("dashes", COLOURS["given"], "your throw"))
    parts = []
    for line, entries in enumerate((first, second, third)):
        cx = 12.0
        cy = y + 18 * line
        for shape, colour, words in entries:
            if shape == "bar":
                parts.append(f'<rect x="{cx}" y="{cy - 9}" width="16" height="10" '
                             f'fill="{colour}"/>')
            elif shape == "thin":
                parts.append(f'<rect x="{cx}" y="{cy - 6}" width="16" height="5" '
                             f'fill="{colour}"/>')
            elif shape == "band":
                parts.append(f'<rect x="{cx}" y="{cy - 10}" width="16" height="12" '
                             f'fill="{colour}" fill-opacity="0.35"/>')
            elif shape == "dashes":
                parts.append(f'<rect x="{cx + 1}" y="{cy - 10}" width="14" height="12" '
                             f'fill="none" stroke="{colour}" stroke-width="2" '
                             f'stroke-dasharray="4 3"/>')
            else:
                stroke = COLOURS["mean"] if shape == "play diamond" else "none"
                parts.append(diamond(cx + 8, cy - 4, 5, colour, stroke=stroke))
            parts.append(text(cx + 22, cy, words, size=12))
            cx += 22 + 6.6 * len(words) + 22
    return parts


def starters_svg(dist: StarterDistribution, *, ymax: int | None = None,
                 xmax: int | None = None) -> str:
    """What each starter that can still come does to four kept cards: a bar for each
    total as tall as the number of starters that make it (the number written on it),
    and the mean, dashed. Two charts to compare share a scale: give both the same
    ``ymax`` (starters) and ``xmax`` (points).

    >>> from cribbage_edu.strategy.discard import starter_distribution
    >>> svg = starters_svg(starter_distribution("5H 5C 5S JD"))
    >>> svg.count('class="cribbage-starter-bar"'), "mean 16.54" in svg
    (6, True)
    """
    width, height = 720, 280
    left, right, top, base = 62.0, 704.0, 48.0, 226.0
    starters = dist.starters
    totals = list(starters)
    counts = [len(starters[t]) for t in totals]
    most = max(counts) if ymax is None else max(ymax, max(counts))
    last = max(totals) if xmax is None else max(xmax, max(totals))
    x = Scale(min(-0.5, min(totals) - 1), last + 1.5, left, right)
    y = Scale(0, most * 1.15 + 1, base, top)
    n = dist.n_starters
    title = f"Keep {dist.keep.symbols}: the {n} starters"
    parts = [text(left, 24, title, size=16, weight="bold")]
    for at in y.ticks(5, integer=True):
        ty = y(at)
        parts.append(f'<line x1="{left}" y1="{ty:.1f}" x2="{right}" y2="{ty:.1f}" '
                     f'stroke="{COLOURS["grid"]}"/>')
        parts.append(tick(left - 6, ty + 4, number(at), anchor="end"))
    for at in range(0, last + 2, 2 if last > 16 else 1):
        parts.append(tick(x(at), base + 16, str(at), anchor="middle"))
    bar = 0.7 * x.per_unit
    for total, k in zip(totals, counts, strict=True):
        said = f"{total} points: {k} of {n} starters"
        parts.append(f'<g class="cribbage-starter-bar" data-points="{total}" '
                     f'data-starters="{k}"><title>{escape(said)}</title>'
                     f'<rect x="{x(total) - bar / 2:.1f}" y="{y(k):.1f}" width="{bar:.1f}" '
                     f'height="{base - y(k):.1f}" fill="{COLOURS["hand"]}"/>'
                     + text(x(total), y(k) - 4, str(k), size=11, anchor="middle")
                     + "</g>")
    mean = float(dist.expected)
    parts.append(f'<line class="cribbage-mean-line" x1="{x(mean):.1f}" y1="{top}" '
                 f'x2="{x(mean):.1f}" y2="{base}" stroke="{COLOURS["mean"]}" '
                 f'stroke-width="1.5" stroke-dasharray="5 3"/>')
    parts.append(text(x(mean) + 5, top + 12, f"mean {mean:.2f}", size=12))
    parts.append(f'<line x1="{left}" y1="{base}" x2="{right}" y2="{base}" stroke="#888"/>')
    parts.append(text((left + right) / 2, base + 36, "points in the show", size=12,
                      anchor="middle"))
    parts.append(y_label(16, top, base, "starters"))
    name = (f"{title}: " + "; ".join(f"{t} points from {k}" for t, k in
                                     zip(totals, counts, strict=True))
            + f"; mean {mean:.2f}")
    return chart_svg(width, height, name, parts, kind="starters")
