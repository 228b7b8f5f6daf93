"""A game's progress: both scores through the game, by source of points, with the chance
to win beneath."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from ..render.colours import COLOURS
from ..rules.board import GAME_HOLE, skunk_lines
from ..rules.events import SOURCES
from .style import chart_names, house_style, new_figure

__all__ = ["progress_chart"]


def _scoring_events(events: Any) -> list[tuple[int, int, str, int]]:
    """(deal, player, source, points) for every scoring event, from a Game, a list of
    Event objects, dicts or tuples."""
    if hasattr(events, "events"):
        events = events.events
    found = []
    for e in events:
        if isinstance(e, Mapping):
            deal, player, source, points = e["deal"], e["player"], e.get("source"), e["points"]
        elif isinstance(e, tuple) and len(e) == 4:
            deal, player, source, points = e
        else:
            deal, player, source, points = e.deal, e.player, e.source, e.points
        if not points or player is None or source is None:
            continue
        found.append((int(deal), int(player), str(source), int(points)))
    return found


@house_style
def progress_chart(events: Any, *, by: str = "event",
                   names: Sequence[str] | None = None, target: int | None = None,
                   start: Sequence[int] | None = None, chance: bool = False) -> Figure:
    """Both scores through a game. ``events`` is a :class:`cribbage_edu.rules.game.Game`, its
    event log, or plain ``(deal, player, source, points)`` tuples (or dicts with those
    keys), source one of pegging, hand, crib, heels (muggins too).

    The scale fits the game: ``target`` (121, or 61 for the short game) and its skunk
    line, read from a Game when not given; a score stops at the target, as the winner's
    peg does in the game hole. ``start``: the scores before the first event (a Game
    that started from given scores knows its own).

    ``by="event"``: the scores after every scoring event, each step coloured by where
    its points came from. ``by="deal"``: the scores after each deal, over the points
    each player made in that deal, stacked by source.

    ``chance=True`` (``events`` must then be a Game) adds, under the scores, each
    player's chance to win at the start of every deal, from the chance-to-win table
    (:func:`cribbage_edu.tables.chance.chances_by_deal`), and at the end 100% or 0%.

    >>> log = [(1, 1, "pegging", 2), (1, 0, "pegging", 1), (1, 1, "hand", 8),
    ...        (1, 0, "hand", 12), (1, 0, "crib", 4), (2, 1, "heels", 2)]
    >>> fig = progress_chart(log, names=("Ann", "Bob"))
    >>> [line.get_label() for line in fig.axes[0].lines if line.get_label()[0] != "_"]
    ['Ann', 'Bob']
    """
    if names is None:
        names = getattr(events, "names", ("player 0", "player 1"))
    names = chart_names(names)
    if target is None:
        options = getattr(events, "options", None)
        target = int(getattr(options, "target", GAME_HOLE))
    if start is None:
        start = tuple(getattr(events, "start_scores", (0, 0)))
    first = (int(start[0]), int(start[1]))
    scoring = _scoring_events(events)
    if by not in ("event", "deal"):
        raise ValueError(f"by must be 'event' or 'deal', not {by!r}")
    odds: list[tuple[int, float]] = []
    if chance:
        if not hasattr(events, "deal_scores"):
            raise TypeError("progress_chart(chance=True) needs the Game itself")
        from ..tables.chance import chances_by_deal

        odds = [(c.deal, c.chance) for c in chances_by_deal(events)]
    if by == "event":
        return _progress_by_event(scoring, names, target, first, odds)
    return _progress_by_deal(scoring, names, target, first, odds)


def _chance_panel(ax: Any, xs: Sequence[float], odds: Sequence[tuple[int, float]],
                  names: Sequence[str], xlabel: str) -> None:
    """Each player's chance to win at the start of each deal, as steps."""
    for player in (0, 1):
        ys = [c if player == 0 else 1.0 - c for _, c in odds]
        ax.step(xs, ys, where="post", color=COLOURS[f"player{player}"], linewidth=1.8,
                marker="o", markersize=3, label=names[player])
    ax.axhline(0.5, color=COLOURS["mean"], linewidth=0.6, linestyle=":")
    ax.set_ylim(-0.03, 1.03)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("chance to win")
    ax.set_xlabel(xlabel)
    ax.set_title("The chance to win at the start of each deal (the table, two experts)",
                 fontsize=10)


def _progress_by_event(scoring: list[tuple[int, int, str, int]], names: Sequence[str],
                       target: int, start: tuple[int, int],
                       odds: Sequence[tuple[int, float]] = ()) -> Figure:
    fig = new_figure(10, 6.5 if odds else 4.5)
    if odds:
        ax, below = fig.subplots(2, 1, sharex=True, height_ratios=[3, 1.4])
    else:
        ax = fig.add_subplot()
    deal_x: dict[int, float] = {}
    scores = list(start)
    xs: list[list[int]] = [[0], [0]]
    ys: list[list[int]] = [[start[0]], [start[1]]]
    marks: dict[str, tuple[list[int], list[int]]] = {}
    last_deal = None
    for n, (deal, player, source, points) in enumerate(scoring, start=1):
        if deal != last_deal:
            ax.axvline(n - 0.5, color=COLOURS["grid"], linewidth=0.8, zorder=0)
            last_deal = deal
            deal_x[deal] = n - 0.5
        scores[player] = min(target, scores[player] + points)
        xs[player].append(n)
        ys[player].append(scores[player])
        marks.setdefault(source, ([], []))
        marks[source][0].append(n)
        marks[source][1].append(scores[player])
    for player in (0, 1):
        xs[player].append(len(scoring))
        ys[player].append(scores[player])
        ax.step(xs[player], ys[player], where="post", color=COLOURS[f"player{player}"],
                linewidth=2, label=names[player])
    for source, (mx, my) in marks.items():
        ax.scatter(mx, my, s=22, color=COLOURS.get(source, COLOURS["muggins"]), zorder=3,
                   label=source)
    _target_lines(ax, target)
    ax.set_xlabel("scoring event (grey lines: a new deal)")
    ax.set_ylabel("score")
    ax.set_title(_progress_title("Through the game", names, scores, target))
    ax.legend(loc="lower right", ncol=2, fontsize=8)
    if odds:
        at = [deal_x.get(d, float(len(scoring))) for d, _ in odds]
        _chance_panel(below, at, odds, names, "scoring event (grey lines: a new deal)")
        ax.set_xlabel("")
    return fig


def _progress_title(lead: str, names: Sequence[str], scores: Sequence[int],
                    target: int) -> str:
    """The chart's point: who won and by how much (the winner's score is the target, as
    players write it), or where the game stands."""
    winners = [p for p in (0, 1) if scores[p] >= target]
    if winners:
        w = winners[0]
        return f"{lead}: {names[w]} wins {scores[w]}-{scores[1 - w]}"
    return f"{lead}: {names[0]} {scores[0]}, {names[1]} {scores[1]}"


def _progress_by_deal(scoring: list[tuple[int, int, str, int]], names: Sequence[str],
                      target: int, start: tuple[int, int],
                      odds: Sequence[tuple[int, float]] = ()) -> Figure:
    deals = sorted({d for d, _, _, _ in scoring}) or [1]
    sources = [s for s in (*SOURCES, "muggins") if any(e[2] == s for e in scoring)]
    per = {(d, p, s): 0 for d in deals for p in (0, 1) for s in sources}
    for deal, player, source, points in scoring:
        per[deal, player, source] += points
    fig = new_figure(10, 8 if odds else 6)
    if odds:
        top, bottom, below = fig.subplots(3, 1, sharex=True, height_ratios=[3, 2, 1.6])
    else:
        top, bottom = fig.subplots(2, 1, sharex=True, height_ratios=[3, 2])
    finals = [0, 0]
    for player in (0, 1):
        running = start[player]
        totals = [running]
        for d in deals:
            running = min(target, running + sum(per[d, player, s] for s in sources))
            totals.append(running)
        finals[player] = running
        top.plot([0, *deals], totals, marker="o", color=COLOURS[f"player{player}"],
                 linewidth=2, label=names[player])
        base = [0] * len(deals)
        shift = -0.2 if player == 0 else 0.2
        for s in sources:
            heights = [per[d, player, s] for d in deals]
            bottom.bar([d + shift for d in deals], heights, bottom=base, width=0.38,
                       color=COLOURS.get(s, COLOURS["muggins"]),
                       label=s if player == 0 else None,
                       edgecolor=COLOURS[f"player{player}"], linewidth=0.8)
            base = [b + h for b, h in zip(base, heights, strict=True)]
    _target_lines(top, target)
    top.set_ylabel("score after the deal")
    top.legend(loc="lower right")
    top.set_title(_progress_title("Deal by deal", names, finals, target))
    bottom.set_ylabel("points in the deal")
    bottom.set_xlabel(f"deal (left bar {names[0]}, right bar {names[1]})")
    bottom.set_xticks(deals)
    bottom.legend(loc="upper left", ncol=len(sources), fontsize=8)
    bottom.set_ylim(0, bottom.get_ylim()[1] * 1.25)  # room for the legend above the bars
    if odds:
        # the chance at the start of deal d sits where the scores after deal d - 1 do
        _chance_panel(below, [d - 1 for d, _ in odds], odds, names,
                      "deal (the chance: at the start of each deal; last: the result)")
    return fig


def _target_lines(ax: Any, target: int) -> None:
    """The game hole and the skunk lines of a game to ``target``, and a scale that fits."""
    ax.axhline(target, color=COLOURS["mean"], linewidth=1, linestyle="-")
    ax.annotate(f"game ({target})", (0.01, target), xytext=(0, 2), textcoords="offset points",
                xycoords=("axes fraction", "data"), fontsize=8)
    for line, label in zip(skunk_lines(target), ("skunk line", "double skunk line"),
                           strict=True):
        if line > 1:
            ax.axhline(line, color=COLOURS["given"], linewidth=1, linestyle=":")
            ax.annotate(f"{label} ({line})", (0.01, line), xytext=(0, 2),
                        textcoords="offset points", xycoords=("axes fraction", "data"),
                        fontsize=8, color=COLOURS["given"])
    ax.set_ylim(0, target + max(4, target // 15))
