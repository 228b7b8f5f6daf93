"""The learner's progress as SVG, for the Progress widget: the same four panels as
:func:`cribbage_edu.charts.record.record_chart` (the points lost a decision by kind over
time, the counts right first time, what costs the most, the accuracy of each game with the
best and the worst marked), each titled with the sentence that states its point
(:func:`~cribbage_edu.charts.record.record_points`), drawn as SVG text the browser paints:
a few milliseconds from 10,000 decisions, where turning the matplotlib figure into a PNG
takes a tenth of a second or more (``benchmarks/bench_record.py``). matplotlib stays for
the command line's saved PNG (``cribbage-edu progress --plot``).

>>> from datetime import UTC, datetime
>>> from cribbage_edu.strategy.coach.grades import DecisionKind, Grade
>>> from cribbage_edu.study.progress import progress_of
>>> from cribbage_edu.study.record import Entry
>>> day = datetime(2026, 12, 1, tzinfo=UTC)
>>> p = progress_of([Entry(DecisionKind.THROW, {}, "2C 3D", "9S KD", 3.5, None,
...                        Grade.BLUNDER, game="a", time=day)])
>>> svg = record_svg(p)
>>> 'role="img"' in svg, "Blunders in the throw cost you most" in svg
(True, True)
"""

from __future__ import annotations

import textwrap
from html import escape

from ..render.colours import COLOURS
from ..render.plot import Scale, chart_svg, number, text, tick, y_label
from ..strategy.coach.grades import DecisionKind
from ..study.progress import RANKED_DECISIONS, Progress
from .record import COMPARED, GRADE_WORDS, KIND_COLOURS, KIND_WORDS, record_points, rolling

__all__ = ["record_svg"]

WIDTH = 760
LEFT, RIGHT = 64.0, 744.0
LINE = 17  # a title's line, in pixels


def _title(parts: list[str], x: float, y: float, words: str, width: int,
           size: int = 14) -> float:
    """A panel's title, wrapped at ``width`` characters; the y under its last line."""
    for line in textwrap.wrap(words, width):
        parts.append(text(x, y, line, size=size, weight="bold"))
        y += LINE
    return y


def _frame(parts: list[str], left: float, right: float, y: Scale, ticks: list[float],
           labels: list[str]) -> None:
    """A panel's y grid and tick labels, and its axes."""
    for at, label in zip(ticks, labels, strict=True):
        parts.append(f'<line x1="{left:.1f}" y1="{y(at):.1f}" x2="{right:.1f}" '
                     f'y2="{y(at):.1f}" stroke="#ececec"/>')
        parts.append(tick(left - 6, y(at) + 4, label, anchor="end"))
    parts.append(f'<line x1="{left:.1f}" y1="{y.start:.1f}" x2="{right:.1f}" '
                 f'y2="{y.start:.1f}" stroke="#888888"/>')
    parts.append(f'<line x1="{left:.1f}" y1="{y.end:.1f}" x2="{left:.1f}" '
                 f'y2="{y.start:.1f}" stroke="#888888"/>')


def _x_ticks(parts: list[str], x: Scale, base: float, labels: list[str], most: int) -> None:
    step = max(1, -(-len(labels) // most))
    for at in range(0, len(labels), step):
        parts.append(tick(x(at), base + 16, labels[at], anchor="middle"))


def _path(points: list[tuple[float, float]], colour: str, width: float,
          css: str = "") -> str:
    if not points:
        return ""
    d = "M" + "L".join(f"{px:.1f} {py:.1f}" for px, py in points)
    klass = f' class="{css}"' if css else ""
    return (f'<path{klass} d="{d}" fill="none" stroke="{colour}" stroke-width="{width}" '
            f'stroke-linejoin="round"/>')


def _dots(points: list[tuple[float, float]], colour: str, r: float, *,
          opacity: float = 1.0, css: str = "") -> str:
    """Many dots as one path (a zero-length stroke with round caps: one element)."""
    if not points:
        return ""
    d = "".join(f"M{px:.1f} {py:.1f}h0" for px, py in points)
    klass = f' class="{css}"' if css else ""
    return (f'<path{klass} d="{d}" stroke="{colour}" stroke-width="{2 * r:.1f}" '
            f'stroke-linecap="round" stroke-opacity="{opacity}"/>')


def _legend(parts: list[str], x: float, y: float, entries: list[tuple[str, str, str]]
            ) -> None:
    """A row of (mark, colour, words): mark ``line`` or ``dot``."""
    for mark, colour, words in entries:
        if mark == "line":
            parts.append(f'<path d="M{x:.1f} {y - 4:.1f}h18" stroke="{colour}" '
                         f'stroke-width="3"/>')
        else:
            parts.append(f'<circle cx="{x + 9:.1f}" cy="{y - 4:.1f}" r="4.5" '
                         f'fill="{colour}"/>')
        parts.append(text(x + 24, y, words, size=11))
        x += 24 + 6.2 * len(words) + 16


def record_svg(progress: Progress, by: str = "game") -> str:
    """The learner's progress (see the module), game by game or week by week (``by``):
    each game's (or week's) figure as a faint dot, the running figure over the last
    :data:`~cribbage_edu.charts.record.COMPARED` of them as a line."""
    points = record_points(progress, by)
    periods = progress.periods(by)
    labels = [p.label if by == "week" else f"{n + 1}" for n, p in enumerate(periods)]
    window = COMPARED if len(periods) > 2 * COMPARED else 1
    few = len(periods) <= 3 * COMPARED
    parts: list[str] = []
    x = Scale(-0.5, max(len(periods) - 0.5, 0.5), LEFT, RIGHT)

    # the points lost a decision, by kind and in all
    y0 = _title(parts, LEFT, 22, points["trend"], 88)
    legend = []
    series: list[tuple[str, str, float, list[tuple[float, float]]]] = []
    for kind in DecisionKind:
        pairs = [(n, p.by_kind[kind]) for n, p in enumerate(periods)]
        kept = [(n, (lost, k)) for n, (k, lost) in pairs if k]
        if kept:
            values = rolling([v for _, v in kept], window)
            series.append((kind.value, KIND_COLOURS[kind.value], 1.6,
                           [(n, v) for (n, _), v in zip(kept, values, strict=True)]))
            legend.append(("line", KIND_COLOURS[kind.value], KIND_WORDS[kind.value]))
    played = [(n, p) for n, p in enumerate(periods) if p.decisions]
    faint = [(n, p.loss / p.decisions) for n, p in played]
    if played:
        values = rolling([(p.loss, p.decisions) for _, p in played], window)
        series.append(("all", COLOURS["mean"], 2.6,
                       [(n, v) for (n, _), v in zip(played, values, strict=True)]))
        legend.append(("line", COLOURS["mean"], "every decision"))
    _legend(parts, LEFT, y0 + 2, legend)
    top, base = y0 + 16, y0 + 196
    high = max([1.0, *(v for _, v in faint), *(v for s in series for _, v in s[3])])
    y = Scale(0, high * 1.05, base, top)
    ticks = y.ticks(5)
    _frame(parts, LEFT, RIGHT, y, ticks, [number(t) for t in ticks])
    parts.append(_dots([(x(n), y(v)) for n, v in faint], "#888888", 1.6, opacity=0.5))
    for name, colour, width, line in series:
        drawn = [(x(n), y(v)) for n, v in line]
        parts.append(_path(drawn, colour, width, css=f"cribbage-record-line-{name}"))
        if few:
            parts.append(_dots(drawn, colour, 3.0))
    _x_ticks(parts, x, base, labels, 8)
    running = f"; lines: the last {window} together" if window > 1 else ""
    parts.append(text((LEFT + RIGHT) / 2, base + 34, ("game, in the order played"
                                                       if by == "game" else "week") + running,
                      size=12, anchor="middle"))
    parts.append(y_label(16, top, base, "points lost a decision"))

    # the counts right first time, and what costs the most, side by side
    middle = (LEFT + RIGHT) / 2
    row = base + 66
    y1 = _title(parts, LEFT, row, points["counts"], 44, size=12)
    y2 = _title(parts, middle + 40, row, points["costs"], 44, size=12)
    top = max(y1, y2) + 4
    base = top + 150
    cx = Scale(-0.5, max(len(periods) - 0.5, 0.5), LEFT, middle - 30)
    cy = Scale(-0.03, 1.05, base, top)
    share = [0.0, 0.25, 0.5, 0.75, 1.0]
    _frame(parts, LEFT, middle - 30, cy, share, [f"{s:.0%}" for s in share])
    shown = [(n, p) for n, p in enumerate(periods) if p.shows]
    if shown:
        parts.append(_dots([(cx(n), cy(p.right_first / p.shows)) for n, p in shown],
                           KIND_COLOURS["count"], 1.6, opacity=0.5))
        values = rolling([(p.right_first, p.shows) for _, p in shown], window)
        drawn = [(cx(n), cy(v)) for (n, _), v in zip(shown, values, strict=True)]
        parts.append(_path(drawn, KIND_COLOURS["count"], 2.2,
                           css="cribbage-record-line-counts"))
        if few:
            parts.append(_dots(drawn, KIND_COLOURS["count"], 3.0))
    else:
        parts.append(text((LEFT + middle - 30) / 2, (top + base) / 2, "no counts yet",
                          anchor="middle", colour="#555555"))
    _x_ticks(parts, cx, base, labels if by == "game" else [""] * len(labels), 5)
    parts.append(text((LEFT + middle - 30) / 2, base + 32, by, size=12, anchor="middle"))
    parts.append(y_label(16, top, base, "shows right first time"))

    rows = progress.costs()[:6]
    bars_left = middle + 150
    if rows:
        most = max(r[3] for r in rows) or 1.0
        bx = Scale(0, most * 1.05, bars_left, RIGHT)
        band = (base - top) / len(rows)
        for at in bx.ticks(4):
            parts.append(f'<line x1="{bx(at):.1f}" y1="{top:.1f}" x2="{bx(at):.1f}" '
                         f'y2="{base:.1f}" stroke="#ececec"/>')
            parts.append(tick(bx(at), base + 16, number(at), anchor="middle"))
        for k, (kind, grade, n, lost) in enumerate(rows):
            ry = top + k * band
            said = (f"{GRADE_WORDS[grade].lower()}, {KIND_WORDS[kind.value]}: {lost:.1f} "
                    f"points in {n} decision{'s' if n != 1 else ''}")
            parts.append(f'<rect class="cribbage-record-cost" x="{bars_left:.1f}" '
                         f'y="{ry + band * 0.15:.1f}" width="{bx(lost) - bars_left:.1f}" '
                         f'height="{band * 0.7:.1f}" fill="{KIND_COLOURS[kind.value]}">'
                         f"<title>{escape(said)}</title></rect>")
            parts.append(tick(bars_left - 6, ry + band / 2 + 4,
                              f"{GRADE_WORDS[grade].lower()}, {KIND_WORDS[kind.value]}",
                              anchor="end"))
    else:
        parts.append(text((bars_left + RIGHT) / 2, (top + base) / 2, "nothing lost yet",
                          anchor="middle", colour="#555555"))
    parts.append(f'<line x1="{bars_left:.1f}" y1="{top:.1f}" x2="{bars_left:.1f}" '
                 f'y2="{base:.1f}" stroke="#888888"/>')
    parts.append(text((bars_left + RIGHT) / 2, base + 32, "points lost in all", size=12,
                      anchor="middle"))

    # the accuracy of each game, the best and the worst marked
    every = list(progress.games)
    y3 = _title(parts, LEFT, base + 66, points["games"], 88)
    order = progress.ranked()
    legend = [("dot", COLOURS["player1"], "a game")]
    if any(g.decisions < RANKED_DECISIONS for g in every):
        legend.append(("dot", COLOURS["grid"],
                       f"fewer than {RANKED_DECISIONS} decisions (not ranked)"))
    marked = []
    if len(order) > 1:
        for summary, word, colour in ((order[0], "best", COLOURS["best"]),
                                      (order[-1], "worst", COLOURS["given"])):
            n = every.index(summary)
            marked.append((n, summary.accuracy, colour))
            legend.append(("dot", colour, f"{word}: game {n + 1}, {summary.accuracy:.0f}"))
    _legend(parts, LEFT, y3 + 2, legend)
    top, base = y3 + 16, y3 + 176
    gx = Scale(-0.5, max(len(every) - 0.5, 0.5), LEFT, RIGHT)
    gy = Scale(0, 105, base, top)
    _frame(parts, LEFT, RIGHT, gy, [0, 25, 50, 75, 100], ["0", "25", "50", "75", "100"])
    parts.append(_dots([(gx(n), gy(g.accuracy)) for n, g in enumerate(every)
                        if g.decisions < RANKED_DECISIONS], COLOURS["grid"], 3.0))
    parts.append(_dots([(gx(n), gy(g.accuracy)) for n, g in enumerate(every)
                        if g.decisions >= RANKED_DECISIONS], COLOURS["player1"], 3.0,
                       css="cribbage-record-games"))
    for n, accuracy, colour in marked:
        parts.append(f'<circle cx="{gx(n):.1f}" cy="{gy(accuracy):.1f}" r="7" '
                     f'fill="{colour}" stroke="{COLOURS["mean"]}"/>')
    _x_ticks(parts, gx, base, [str(n + 1) for n in range(len(every))], 8)
    parts.append(text((LEFT + RIGHT) / 2, base + 34, "game, in the order played (accuracy: "
                      "100 / (1 + the points lost a decision))", size=12, anchor="middle"))
    parts.append(y_label(16, top, base, "accuracy"))
    height = int(base + 48)
    return chart_svg(WIDTH, height, " ".join(points.values()), parts, kind="record")
