"""What many games add up to: wins with their intervals, and points by source."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from ..render.colours import COLOURS
from ..rules.events import SOURCES
from .style import chart_names, house_style, new_figure

__all__ = ["simulation_chart"]


def _records(results: Any) -> list[Mapping[str, Any]]:
    games = getattr(results, "games", results)
    return [g.to_dict() if hasattr(g, "to_dict") else g for g in games]


@house_style
def simulation_chart(results: Any, *, names: Sequence[str] | None = None) -> Figure:
    """What many games add up to, in three panels: how often each player won when it
    dealt first and when it was pone first (with 95% Wilson intervals), how many
    deals the games took, and the points a whole deal brings the dealer and pone by
    source. ``results`` is a :class:`cribbage_edu.study.simulation.SimulationResult`, its
    games, or plain dicts with the keys ``winner``, ``first_dealer``, ``deals``,
    ``dealer_points``, ``pone_points`` and ``whole_deals``.

    >>> games = [{"winner": w, "first_dealer": f, "deals": d, "whole_deals": d - 1,
    ...           "dealer_points": {"pegging": 3 * d, "hand": 8 * d, "crib": 4 * d},
    ...           "pone_points": {"pegging": 2 * d, "hand": 8 * d}}
    ...          for w, f, d in [(0, 0, 9), (1, 1, 8), (0, 1, 9), (0, 0, 10)]]
    >>> fig = simulation_chart(games, names=("expert", "greedy"))
    >>> [ax.get_title() for ax in fig.axes]
    ['Who wins, by who dealt first', 'Game length', 'Points per deal by source']
    """
    records = _records(results)
    if names is None:
        names = getattr(results, "players", None) or (
            records[0].get("players") if records and "players" in records[0] else None
        ) or ("player 0", "player 1")
    names = chart_names(names)
    if names[0] == names[1]:  # two players of one kind: A is the first named
        names = (f"{names[0]} A", f"{names[1]} B")
    fig = new_figure(13, 4.4)
    wins_ax, length_ax, points_ax = fig.subplots(1, 3, width_ratios=[1.1, 1, 1])
    _wins_panel(wins_ax, records, names)
    deals = [int(r["deals"]) for r in records]
    if deals:
        low, high = min(deals), max(deals)
        counts, _, _ = length_ax.hist(deals, bins=[d - 0.5 for d in range(low, high + 2)],
                                      color=COLOURS["hand"], edgecolor="white")
        length_ax.set_ylim(0, max(counts) * 1.2)  # room above the bars for the mean
        mean = sum(deals) / len(deals)
        length_ax.axvline(mean, color=COLOURS["mean"], linestyle="--")
        length_ax.annotate(f"mean {mean:.2f} deals", (mean, 1), xytext=(4, -3),
                           textcoords="offset points", fontsize=9, va="top",
                           xycoords=("data", "axes fraction"))
    length_ax.set_xlabel("deals in the game")
    length_ax.set_ylabel("games")
    length_ax.set_title("Game length")
    whole = max(1, sum(int(r["whole_deals"]) for r in records))
    roles = ("dealer", "pone")
    base = [0.0, 0.0]
    for source in SOURCES:
        heights = [sum(r[f"{role}_points"].get(source, 0) for r in records) / whole
                   for role in roles]
        points_ax.bar(roles, heights, bottom=base, color=COLOURS[source], label=source,
                      width=0.6)
        for x, (b, h) in enumerate(zip(base, heights, strict=True)):
            if h >= 0.6:
                points_ax.annotate(f"{h:.2f}", (x, b + h / 2), ha="center", va="center",
                                   fontsize=8, color="white")
        base = [b + h for b, h in zip(base, heights, strict=True)]
    for x, b in enumerate(base):
        points_ax.annotate(f"{b:.2f}", (x, b), xytext=(0, 3), textcoords="offset points",
                           ha="center", fontsize=9, fontweight="bold")
    points_ax.set_ylabel("points per whole deal")
    points_ax.set_title("Points per deal by source")
    points_ax.legend(loc="upper right", fontsize=8)
    points_ax.set_ylim(0, max([*base, 1.0]) * 1.25)
    fig.suptitle(f"{names[0]} vs {names[1]}: {len(records)} games", fontweight="bold",
                 fontsize=13)
    fig.set_layout_engine("constrained", h_pad=8 / 72)  # the title clear of the panels'
    # own titles (the default pad is 3 points: they touched)
    return fig


def _wins_panel(ax: Any, records: list[Mapping[str, Any]], names: Sequence[str]) -> None:
    from ..stats import wilson_interval

    labels = []
    rates = []
    errors: tuple[list[float], list[float]] = ([], [])
    colours = []
    for player in (0, 1):
        for dealt_first in (True, False):
            games = [r for r in records if (r["first_dealer"] == player) == dealt_first]
            won = sum(1 for r in games if r["winner"] == player)
            rate = won / len(games) if games else 0.0
            low, high = wilson_interval(won, len(games)) if games else (0.0, 0.0)
            labels.append(f"{names[player]}\n{'dealt first' if dealt_first else 'pone first'}")
            rates.append(rate)
            errors[0].append(rate - low)
            errors[1].append(high - rate)
            colours.append(COLOURS[f"player{player}"])
    xs = list(range(len(labels)))
    ax.bar(xs, rates, color=colours, alpha=0.85, width=0.65,
           yerr=[errors[0], errors[1]], capsize=4)
    for x, rate in zip(xs, rates, strict=True):
        ax.annotate(f"{rate:.0%}", (x, rate), xytext=(8, 3), textcoords="offset points",
                    fontsize=9)
    ax.axhline(0.5, color=COLOURS["mean"], linestyle=":", linewidth=1)
    first = sum(1 for r in records if r["winner"] == r["first_dealer"])
    n = len(records)
    if n:
        low, high = wilson_interval(first, n)
        ax.annotate(f"first dealer won {first / n:.1%}\n(95% CI {low:.1%} to {high:.1%})",
                    (0.02, 0.98), xycoords="axes fraction", va="top", fontsize=8)
    ax.set_xticks(xs, labels, fontsize=8)
    ax.set_ylim(0, 1.12)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))  # as the bars say
    ax.set_ylabel("share of games won")
    ax.set_title("Who wins, by who dealt first")
