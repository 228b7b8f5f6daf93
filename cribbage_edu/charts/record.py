"""The learner's progress as charts, read from their record: four panels, each titled
with the sentence that states its point (:func:`record_points`, also what the command
line and the Progress widget say):

- the points lost a decision, by kind, game by game (or week by week);
- the counts right first time;
- what costs the most, by kind and grade;
- the accuracy of each game, the best and the worst marked.

>>> from datetime import UTC, datetime
>>> from cribbage_edu.strategy.coach.grades import DecisionKind, Grade
>>> from cribbage_edu.study.progress import progress_of
>>> from cribbage_edu.study.record import Entry
>>> day = datetime(2026, 12, 1, tzinfo=UTC)
>>> p = progress_of([Entry(DecisionKind.THROW, {}, "2C 3D", "9S KD", 3.5, None,
...                        Grade.BLUNDER, game="a", time=day)])
>>> print(record_points(p)["costs"])
Blunders in the throw cost you most: 3.5 points in 1 decision (100% of all you lost).
>>> [ax.get_title()[:16] for ax in record_chart(p).axes]
['One game so far:', 'No count of your', 'Blunders in the ', 'No game of 5 dec']
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from ..render.colours import COLOURS
from ..strategy.coach.grades import DecisionKind, Grade
from ..study.progress import RANKED_DECISIONS, Period, Progress
from .review_svg import KIND_COLOURS as _KIND_COLOURS
from .review_svg import KIND_WORDS as _KIND_WORDS

if TYPE_CHECKING:
    from matplotlib.figure import Figure

KIND_WORDS: dict[str, str] = {str(k): v for k, v in _KIND_WORDS.items()}
KIND_COLOURS: dict[str, str] = {str(k): v for k, v in _KIND_COLOURS.items()}

__all__ = ["COMPARED", "GRADE_WORDS", "record_chart", "record_points"]

COMPARED = 5
"""How many games (or weeks) at each end the trend compares, at most."""

GRADE_WORDS = {Grade.GOOD: "Good choices", Grade.INACCURACY: "Inaccuracies",
               Grade.MISTAKE: "Mistakes", Grade.BLUNDER: "Blunders"}
"""The grades in words, as the charts name them (plural: a grade's decisions)."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _mean_loss(periods: list[Period]) -> float:
    n = sum(p.decisions for p in periods)
    return sum(p.loss for p in periods) / n if n else 0.0


def trend_point(progress: Progress, by: str = "game") -> str:
    """What the points lost a decision did over time, in one sentence."""
    periods = [p for p in progress.periods(by) if p.decisions]
    if not periods:
        return ("Nothing recorded yet: play a game with the coach on, and each decision "
                "is kept here.")
    if len(periods) == 1:
        return (f"One {by} so far: your decisions lose {_mean_loss(periods):.2f} points "
                f"each; play more to see the trend.")
    k = min(COMPARED, len(periods) // 2)
    first, last = _mean_loss(periods[:k]), _mean_loss(periods[-k:])
    span = f"{by}s" if k > 1 else by
    change = ("the same" if round(first, 2) == round(last, 2)
              else f"better by {first - last:.2f}" if last < first
              else f"worse by {last - first:.2f}")
    return (f"Your last {k if k > 1 else ''} {span} lost {last:.2f} points a decision, "
            f"your first {k if k > 1 else ''} {first:.2f}: {change}.").replace("  ", " ")


def counts_point(progress: Progress) -> str:
    """How many of the learner's counts were right first time, in one sentence."""
    shows, right = progress.shows
    if not shows:
        return ("No count of yours is recorded yet: count your own hands and cribs, and "
                "they show here.")
    return (f"You counted {right} of your {_plural(shows, 'show')} right first time "
            f"({right / shows:.0%}).")


def costs_point(progress: Progress) -> str:
    """What costs the learner most, in one sentence."""
    costs = progress.costs()
    if not costs:
        return "Nothing you decided has cost a point yet."
    kind, grade, n, lost = costs[0]
    total = sum(row[3] for row in costs)
    return (f"{GRADE_WORDS[grade]} in {KIND_WORDS[kind.value]} cost you most: "
            f"{lost:.1f} points in {_plural(n, 'decision')} ({lost / total:.0%} of all "
            f"you lost).")


def games_point(progress: Progress) -> str:
    """The best and the worst games by accuracy, in one sentence."""
    ranked = progress.ranked()
    if not ranked:
        return (f"No game of {RANKED_DECISIONS} decisions or more yet: your best and "
                f"worst games show here.")
    best, worst = ranked[0], ranked[-1]
    number = {id(g): n for n, g in enumerate(progress.games, 1)}
    if len(ranked) == 1:
        return (f"One game of {RANKED_DECISIONS} decisions or more so far: game "
                f"{number[id(best)]} ({best.label}), of accuracy {best.accuracy:.0f}.")
    return (f"Your best game, game {number[id(best)]} ({best.label}), has an accuracy of "
            f"{best.accuracy:.0f}; your worst, game {number[id(worst)]} ({worst.label}), "
            f"{worst.accuracy:.0f}.")


def record_points(progress: Progress, by: str = "game") -> dict[str, str]:
    """The point of each chart, one sentence each: ``trend``, ``counts``, ``costs``,
    ``games``."""
    return {"trend": trend_point(progress, by), "counts": counts_point(progress),
            "costs": costs_point(progress), "games": games_point(progress)}


def _title(text: str, width: int) -> str:
    return textwrap.fill(text, width)


def _ticks(labels: list[str], most: int = 12) -> tuple[list[int], list[str]]:
    step = max(1, -(-len(labels) // most))
    at = list(range(0, len(labels), step))
    return at, [labels[i] for i in at]


def rolling(values: list[tuple[float, float]], window: int) -> list[float]:
    """The running share over the last ``window`` of (part, whole) pairs: at each point
    the parts over the wholes, so a game of many decisions weighs more than one of few.

    >>> rolling([(1, 1), (0, 1), (2, 2)], 2)
    [1.0, 0.5, 0.6666666666666666]
    """
    out = []
    for at in range(len(values)):
        part = sum(v for v, _ in values[max(0, at - window + 1):at + 1])
        whole = sum(w for _, w in values[max(0, at - window + 1):at + 1])
        out.append(part / whole if whole else 0.0)
    return out


def record_chart(progress: Progress, by: str = "game") -> Figure:
    """The learner's progress (see the module), game by game or week by week (``by``):
    each game's (or week's) figure as a faint dot, the running figure over the last
    :data:`COMPARED` of them as a line."""
    from .style import house_style  # matplotlib loaded here, not by the sentences or the SVG

    return house_style(_record_chart)(progress, by)


def _record_chart(progress: Progress, by: str) -> Figure:
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    points = record_points(progress, by)
    periods = progress.periods(by)
    # a fixed layout, and no layout engine at all: with one (even "none", which leaves a
    # placeholder) saving draws the whole figure twice, once to lay it out
    fig = Figure(figsize=(10, 9.5))
    grid = fig.add_gridspec(3, 2, left=0.08, right=0.98, top=0.95, bottom=0.06,
                            hspace=0.62, wspace=0.42, height_ratios=[1.1, 1, 1])
    trend = fig.add_subplot(grid[0, :])
    counts, costs = fig.add_subplot(grid[1, 0]), fig.add_subplot(grid[1, 1])
    games = fig.add_subplot(grid[2, :])
    for ax in (trend, counts, costs, games):  # few ticks: each costs as much as a line
        ax.yaxis.set_major_locator(MaxNLocator(4))
        ax.xaxis.set_major_locator(MaxNLocator(5))
    xs = list(range(len(periods)))
    labels = [p.label if by == "week" else f"{n + 1}" for n, p in enumerate(periods)]
    window = COMPARED if len(periods) > 2 * COMPARED else 1
    dots = "o" if len(periods) <= 3 * COMPARED else None  # few: each one a dot too
    for kind in DecisionKind:
        pairs = [p.by_kind[kind] for p in periods]
        if any(n for n, _ in pairs):
            kept = [(x, (lost, n)) for x, (n, lost) in zip(xs, pairs, strict=True) if n]
            trend.plot([x for x, _ in kept], rolling([v for _, v in kept], window),
                       linewidth=1.5, color=KIND_COLOURS[kind.value], marker=dots,
                       markersize=4,
                       label=KIND_WORDS[kind.value])
    played = [(x, p) for x, p in zip(xs, periods, strict=True) if p.decisions]
    if played:
        trend.plot([x for x, _ in played], [p.loss / p.decisions for _, p in played],
                   linestyle="none", marker="o", markersize=2.5, color=COLOURS["mean"],
                   alpha=0.3)
        trend.plot([x for x, _ in played],
                   rolling([(p.loss, p.decisions) for _, p in played], window),
                   color=COLOURS["mean"], linewidth=2.4, label="every decision")
        trend.legend(loc="upper right", ncol=4, fontsize=8)
    trend.set_ylabel("points lost a decision")
    trend.set_ylim(bottom=0)
    at, names = _ticks(labels, 8)
    trend.set_xticks(at, names, fontsize=8)
    trend.set_xlim(-0.5, max(len(periods) - 0.5, 0.5))
    running = f"; lines: the last {window} together" if window > 1 else ""
    trend.set_xlabel(("game, in the order played" if by == "game" else "week") + running)
    trend.set_title(_title(points["trend"], 95), y=1.0)

    shown = [(x, p) for x, p in zip(xs, periods, strict=True) if p.shows]
    if shown:
        counts.plot([x for x, _ in shown], [p.right_first / p.shows for _, p in shown],
                    linestyle="none", marker="o", markersize=2.5,
                    color=KIND_COLOURS["count"], alpha=0.35)
        counts.plot([x for x, _ in shown],
                    rolling([(p.right_first, p.shows) for _, p in shown], window),
                    color=KIND_COLOURS["count"], linewidth=2)
    else:
        counts.text(0.5, 0.5, "no counts yet", ha="center", va="center",
                    transform=counts.transAxes, color=COLOURS["muggins"])
    counts.set_ylim(-0.03, 1.05)
    counts.set_xlim(-0.5, max(len(periods) - 0.5, 0.5))
    counts.yaxis.set_major_formatter(PercentFormatter(1.0))
    counts.set_ylabel("shows right first time")
    few, few_names = _ticks(labels, 6)
    counts.set_xticks(few, few_names if by == "game" else [""] * len(few), fontsize=8)
    counts.set_xlabel(by)
    counts.set_title(_title(points["counts"], 48), fontsize=10, y=1.0)

    rows = progress.costs()[:6][::-1]
    if rows:
        costs.barh(range(len(rows)), [r[3] for r in rows],
                   color=[KIND_COLOURS[r[0].value] for r in rows])
        costs.set_yticks(range(len(rows)),
                         [f"{GRADE_WORDS[g].lower()}, {KIND_WORDS[k.value]}"
                          for k, g, _, _ in rows], fontsize=8)
    else:
        costs.text(0.5, 0.5, "nothing lost yet", ha="center", va="center",
                   transform=costs.transAxes, color=COLOURS["muggins"])
        costs.set_yticks([])
    costs.set_xlabel("points lost in all")
    costs.grid(axis="y", visible=False)
    costs.set_title(_title(points["costs"], 48), fontsize=10, y=1.0)

    every = list(progress.games)
    ranked = [n for n, g in enumerate(every) if g.decisions >= RANKED_DECISIONS]
    pale = [n for n, g in enumerate(every) if g.decisions < RANKED_DECISIONS]
    games.plot(ranked, [every[n].accuracy for n in ranked], linestyle="none", marker="o",
               markersize=3.5, color=COLOURS["player1"], label="a game")
    if pale:
        games.plot(pale, [every[n].accuracy for n in pale], linestyle="none", marker="o",
                   markersize=3.5, color=COLOURS["grid"],
                   label=f"fewer than {RANKED_DECISIONS} decisions (not ranked)")
    order = progress.ranked()
    if len(order) > 1:
        for summary, word, colour in ((order[0], "best", COLOURS["best"]),
                                      (order[-1], "worst", COLOURS["given"])):
            n = every.index(summary)
            games.plot([n], [summary.accuracy], linestyle="none", marker="o", markersize=10,
                       color=colour, markeredgecolor=COLOURS["mean"],
                       label=f"{word}: game {n + 1}, {summary.accuracy:.0f}")
    games.set_ylim(0, 105)
    games.set_xlim(-0.5, max(len(every) - 0.5, 0.5))
    games.set_ylabel("accuracy")
    game_at, game_names = _ticks([str(n + 1) for n in range(len(every))], 8)
    games.set_xticks(game_at, game_names, fontsize=8)
    games.set_xlabel("game, in the order played (accuracy: 100 / (1 + the points lost a "
                     "decision))")
    if every:
        games.legend(loc="lower right", ncol=4, fontsize=8)
    games.set_title(_title(points["games"], 95), y=1.0)
    return fig
