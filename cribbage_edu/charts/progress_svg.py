"""A game's progress as SVG: both scores through the game, event by event, as steps up to
the game hole, each point coloured by where it came from, the deals marked, the game hole
and the skunk lines drawn where the game's rules put them, the winner in the title; and,
given the chances, each player's chance to win at the start of every deal beneath.

The table shows it at game over (a few milliseconds to build, inside the click that
ends the game); :func:`cribbage_edu.charts.progress_chart` draws the same with
matplotlib for notebooks, the command line and saved PNGs. It is drawn from a game (the
rules' own values), so it lives in the charts, above the rules, made of
:mod:`cribbage_edu.render.plot`'s SVG parts.

>>> from cribbage_edu.rules.game import Game
>>> svg = progress_svg(Game(seed=1, names=("Ann", "Bob")))
>>> 'aria-label="Through the game: Ann 0, Bob 0' in svg, 'skunk line' in svg
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from ..render.colours import COLOURS, PEG_COLOURS
from ..render.plot import Scale, chart_svg, number, text, tick, y_label
from ..rules.events import Source

if TYPE_CHECKING:
    from ..rules.game import Game

__all__ = ["SOURCE_ORDER", "progress_svg", "progress_title", "scoring_events"]

SOURCE_ORDER = tuple(Source)
"""The sources of points in the order the legend names them (muggins only where a
person counts by hand and misses points)."""

CHANCE_TITLE = "The chance to win at the start of each deal (the table, two experts)"
"""The chance panel's title, as the matplotlib chart says it."""

X_LABEL = "scoring event (grey lines: a new deal)"


def scoring_events(game: Game) -> list[tuple[int, int, str, int]]:
    """(deal, player, source, points) for every event of ``game`` that scored.

    >>> from cribbage_edu.rules.game import Game
    >>> scoring_events(Game(seed=1))
    []
    """
    return [(int(e.deal), int(e.player), str(e.source), int(e.points))
            for e in game.events
            if e.points and e.player is not None and e.source is not None]


def progress_title(names: Sequence[str], scores: Sequence[int], target: int) -> str:
    """The chart's point: who won and by how much (the winner's score is the game hole,
    as players write it), or where the game stands.

    >>> progress_title(("Ann", "Bob"), (40, 61), 61), progress_title(("Ann", "Bob"), (7, 9), 61)
    ('Through the game: Bob wins 61-40', 'Through the game: Ann 7, Bob 9')
    """
    winners = [p for p in (0, 1) if scores[p] >= target]
    if winners:
        w = winners[0]
        return f"Through the game: {names[w]} wins {scores[w]}-{scores[1 - w]}"
    return f"Through the game: {names[0]} {scores[0]}, {names[1]} {scores[1]}"


def _steps(points: Sequence[tuple[float, float]]) -> str:
    """A path through ``points`` as steps: along to the next x, then up (matplotlib's
    ``where="post"``)."""
    (x0, y0), *rest = points
    return f"M{x0:.1f} {y0:.1f}" + "".join(f"H{x:.1f}V{y:.1f}" for x, y in rest)


def _hline(left: float, right: float, y: float, colour: str, *, width: float = 1,
           dash: str = "", css: str = "", value: float | None = None) -> str:
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    klass = f' class="{css}"' if css else ""
    data = f' data-value="{value:g}"' if value is not None else ""
    return (f'<line{klass}{data} x1="{left:.1f}" y1="{y:.1f}" x2="{right:.1f}" '
            f'y2="{y:.1f}" stroke="{colour}" stroke-width="{width}"{dashed}/>')


def progress_svg(game: Game, chances: Sequence[tuple[int, float]] = ()) -> str:
    """Both scores through ``game``: after every scoring event (its dot coloured by the
    source of its points), as steps that stop at the game hole, a grey line where each
    deal begins, the game hole and the skunk lines of the game's own target, the winner
    (or the scores so far) in the title. ``chances``: the first player's chance to win
    at the start of each deal, as (deal, chance) pairs, the last the result once the
    game is over (:func:`cribbage_edu.tables.chance.chances_by_deal` gives them); when
    given, both players' chances are drawn under the scores."""
    names = game.names
    target = int(game.options.target)
    start = (int(game.start_scores[0]), int(game.start_scores[1]))
    scoring = scoring_events(game)
    events = len(scoring)
    width = 720
    left, right = 64.0, 704.0
    top, base = 92.0, 360.0
    chance_top, chance_base = 420.0, 540.0
    bottom = chance_base if chances else base
    height = int(bottom + 62)
    x = Scale(0, max(events, 1), left, right)
    y = Scale(0, target + max(4, target // 20), base, top)
    # the scores, event by event, each stopping at the game hole
    scores = list(start)
    steps: list[list[tuple[float, float]]] = [[(0, start[0])], [(0, start[1])]]
    dots: list[tuple[int, int, int, str, int, int]] = []  # n, deal, player, source, points, score
    deal_x: dict[int, float] = {}
    for n, (deal, player, source, points) in enumerate(scoring, start=1):
        deal_x.setdefault(deal, n - 0.5)
        scores[player] = min(target, scores[player] + points)
        steps[player].append((n, scores[player]))
        dots.append((n, deal, player, source, points, scores[player]))
    for player in (0, 1):
        steps[player].append((events, scores[player]))
    title = progress_title(names, scores, target)
    parts = [text(left, 22, title, size=16, weight="bold")]
    # the legend: the players' lines, then the sources of points that occur
    sources = [s for s in SOURCE_ORDER if any(d[3] == s for d in dots)]
    lx = left
    for player in (0, 1):
        colour = PEG_COLOURS[player]
        parts.append(f'<path d="M{lx:.1f} 42h22" stroke="{colour}" stroke-width="3"/>')
        parts.append(text(lx + 28, 46, names[player], size=12))
        lx += 28 + 7.5 * len(names[player]) + 18
    for source in sources:
        parts.append(f'<circle cx="{lx + 5:.1f}" cy="42" r="4.5" '
                     f'fill="{COLOURS.get(source, COLOURS["muggins"])}"/>')
        parts.append(text(lx + 14, 46, source, size=12))
        lx += 14 + 7 * len(source) + 16
    # the deals: a grey line where each begins, its number above
    deals = sorted(deal_x)
    for k, deal in enumerate(deals):
        at = x(deal_x[deal])
        end = x(deal_x[deals[k + 1]]) if k + 1 < len(deals) else right
        parts.append(f'<line class="cribbage-deal-line" data-deal="{deal}" x1="{at:.1f}" '
                     f'y1="{top:.1f}" x2="{at:.1f}" y2="{bottom:.1f}" '
                     f'stroke="{COLOURS["grid"]}" stroke-width="1.2"/>')
        label = f"deal {deal}" if k == 0 else str(deal)
        parts.append(text((at + end) / 2, top - 8, label, size=11, anchor="middle",
                          colour="#555555", extra=' class="cribbage-deal-number"'))
    # the score axis, the game hole and the skunk lines
    for at in y.ticks(8, integer=True):
        if at > target:
            continue
        parts.append(_hline(left, right, y(at), "#f0f0f0"))
        parts.append(tick(left - 6, y(at) + 4, number(at), anchor="end"))
    parts.append(_hline(left, right, y(target), COLOURS["mean"], width=1.2,
                        css="cribbage-game-line", value=target))
    parts.append(text(left + 4, y(target) - 4, f"game ({target})", size=11))
    for line, label in zip(game.options.skunk_lines, ("skunk line", "double skunk line"),
                           strict=True):
        if line > 1:
            parts.append(_hline(left, right, y(line), COLOURS["given"], width=1.2,
                                dash="3 3", css="cribbage-skunk-line", value=line))
            parts.append(text(left + 4, y(line) - 4, f"{label} ({line})", size=11,
                              colour=COLOURS["given"]))
    # the scores: a step line for each player, a dot for each scoring event
    for player in (0, 1):
        path = _steps([(x(n), y(s)) for n, s in steps[player]])
        parts.append(f'<path class="cribbage-score-line" data-player="{player}" d="{path}" '
                     f'fill="none" stroke="{PEG_COLOURS[player]}" stroke-width="2.5">'
                     f"<title>{escape(names[player])}: {scores[player]}</title></path>")
    for n, deal, player, source, points, now in dots:
        said = f"deal {deal}, {names[player]}: {points} for the {source}, {now}"
        parts.append(f'<circle class="cribbage-score-point" data-player="{player}" '
                     f'data-source="{escape(source)}" cx="{x(n):.1f}" cy="{y(now):.1f}" '
                     f'r="3.2" fill="{COLOURS.get(source, COLOURS["muggins"])}">'
                     f"<title>{escape(said)}</title></circle>")
    parts.append(_hline(left, right, base, "#888888"))
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{base}" stroke="#888888"/>')
    parts.append(y_label(18, top, base, "score"))
    if chances:
        parts.extend(_chance_panel(game, chances, deal_x, x, left, right,
                                   chance_top, chance_base))
    for at in x.ticks(10, integer=True):  # the events, under the lowest panel
        parts.append(tick(x(at), bottom + 16, number(at), anchor="middle"))
    parts.append(text((left + right) / 2, bottom + 36, X_LABEL, size=12, anchor="middle"))
    return chart_svg(width, height, _spoken(game, title, scores, target, chances), parts,
                     kind="progress")


def _chance_panel(game: Game, chances: Sequence[tuple[int, float]],
                  deal_x: dict[int, float], x: Scale, left: float, right: float,
                  top: float, base: float) -> list[str]:
    """Each player's chance to win at the start of each deal, as steps with a dot a deal
    (the last, the result, at the end of the game)."""
    end = x.high
    c = Scale(-0.03, 1.03, base, top)
    parts = [text(left, top - 14, CHANCE_TITLE, size=13, weight="bold")]
    for at in (0.0, 0.25, 0.5, 0.75, 1.0):
        dotted = at == 0.5
        parts.append(_hline(left, right, c(at), COLOURS["mean"] if dotted else "#f0f0f0",
                            dash="2 3" if dotted else ""))
        parts.append(tick(left - 6, c(at) + 4, f"{at:.0%}", anchor="end"))
    for player in (0, 1):
        colour = PEG_COLOURS[player]
        points = [(x(deal_x.get(deal, end)), c(chance if player == 0 else 1.0 - chance))
                  for deal, chance in chances]
        parts.append(f'<path class="cribbage-chance-line" data-player="{player}" '
                     f'd="{_steps(points)}" fill="none" stroke="{colour}" '
                     f'stroke-width="2"/>')
        for (deal, chance), (px, py) in zip(chances, points, strict=True):
            mine = chance if player == 0 else 1.0 - chance
            said = f"{game.names[player]}, deal {deal}: chance to win {mine:.0%}"
            parts.append(f'<circle class="cribbage-chance-point" data-player="{player}" '
                         f'data-deal="{deal}" cx="{px:.1f}" cy="{py:.1f}" r="3" '
                         f'fill="{colour}"><title>{escape(said)}</title></circle>')
    parts.append(_hline(left, right, base, "#888888"))
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{base}" stroke="#888888"/>')
    parts.append(y_label(18, top, base, "chance to win"))
    return parts


def _spoken(game: Game, title: str, scores: Sequence[int], target: int,
            chances: Sequence[tuple[int, float]]) -> str:
    """What a screen reader says of the chart: the outcome, the lines, the chances."""
    names = game.names
    result = game.result
    outcome = (result.describe(names) if result is not None else
               f"{names[0]} {scores[0]}, {names[1]} {scores[1]}, the game goes on")
    skunk, double = game.options.skunk_lines
    lines = f"the game hole {target}, the skunk line {skunk}"
    if double > 1:
        lines += f", the double skunk line {double}"
    lead = title.split(":")[0]  # the title's lead, then the outcome in full
    said = f"{lead}: {outcome}. Both scores, event by event, against {lines}"
    if chances:
        said += (f". {names[0]}'s chance to win at the start of each deal: "
                 + ", ".join(f"{chance:.0%}" for _, chance in chances))
    return said
