"""Helpers for the lesson on simulation: intervals for every figure, the first dealer's
edge by game length, and how many games a given precision needs.

They read only the engine's figures of a game
(:class:`cribbage_edu.study.simulation.GameFigures`).

>>> games_needed(0.01)
9604
>>> round(normal_interval(60, 100)[0], 3)
0.504
"""

from __future__ import annotations

import csv
import math
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from cribbage_edu.render import COLOURS
from cribbage_edu.rules.events import SOURCES, Source
from cribbage_edu.stats import Z95, games_needed, half_width, wilson_interval
from cribbage_edu.study.simulation import GameFigures

__all__ = [
    "STORED",
    "Played",
    "StoredGame",
    "by_game_length",
    "edge_by_length_chart",
    "games_needed",
    "load_games",
    "normal_interval",
    "per_deal",
    "ratio_interval",
    "same_games",
]

DATA = Path(__file__).resolve().parent / "data" / "expert_games.csv"

StoredGame = GameFigures
"""A stored game: the engine's figures of a game (:class:`GameFigures`), which every
:class:`~cribbage_edu.study.simulation.GameRecord` also has."""

STORED = tuple(f.name for f in fields(GameFigures))
"""The figures ``scripts/make_lesson_games.py`` stores, one column (or one per source)
each."""

Played = GameFigures
"""A game the lessons read: stored, or freshly played by the engine."""


def load_games(path: Path = DATA) -> list[StoredGame]:
    """The expert-against-expert games stored by ``scripts/make_lesson_games.py``."""
    with path.open(newline="", encoding="utf-8") as handle:
        rows = [{key: int(value) for key, value in row.items()}
                for row in csv.DictReader(handle)]
    return [StoredGame(index=row["index"], first_dealer=row["first_dealer"],
                       winner=row["winner"], scores=(row["score_0"], row["score_1"]),
                       deals=row["deals"], whole_deals=row["whole_deals"],
                       dealer_points={s: row[f"dealer_{s}"] for s in SOURCES},
                       pone_points={s: row[f"pone_{s}"] for s in SOURCES})
            for row in rows]


def same_games(stored: Sequence[Played], played: Sequence[Played]) -> bool:
    """Do freshly played engine records agree with the stored ones, field by field?"""
    def stored_fields(record: Played) -> tuple[object, ...]:
        return tuple(tuple(value) if isinstance(value, (list, tuple)) else
                     dict(value) if isinstance(value, dict) else value
                     for value in (getattr(record, name) for name in STORED))

    return all(stored_fields(a) == stored_fields(b)
               for a, b in zip(stored, played, strict=True))


def normal_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The simple 95% interval for a share: rate ± 1.96 standard errors (a share is a
    mean of 0s and 1s, whose standard deviation is sqrt(p (1 - p)))."""
    p = successes / trials
    half = half_width(math.sqrt(p * (1 - p)), trials, z)
    return p - half, p + half


def per_deal(games: Sequence[Played], role: str,
             source: Source | str) -> tuple[float, float, float]:
    """Points a whole deal from ``source`` for the ``role`` ("dealer" or "pone"), over
    all games, with a 95% interval: (mean, low, high). Deals of one game are not
    independent (the same two players, the same board), so the interval treats each game
    as one draw of (points, deals): the standard error of a ratio of sums."""
    kind = Source(source)
    points = [g.dealer_points[kind] if role == "dealer" else g.pone_points[kind]
              for g in games]
    return ratio_interval(points, [g.whole_deals for g in games])


def ratio_interval(points: Sequence[int], deals: Sequence[int]) -> tuple[float, float, float]:
    """Points a deal over games that scored ``points`` in ``deals`` each, with its 95%
    interval, each game one draw of (points, deals): (mean, low, high).

    >>> [round(x, 2) for x in ratio_interval([10, 30], [1, 3])]
    [10.0, 10.0, 10.0]
    """
    n, total_deals = len(points), sum(deals)
    mean = sum(points) / total_deals
    residuals = [p - mean * d for p, d in zip(points, deals, strict=True)]
    variance = sum(r * r for r in residuals) / (n - 1)
    se = math.sqrt(variance * n) / total_deals
    return mean, mean - Z95 * se, mean + Z95 * se


def by_game_length(games: Sequence[Played]) -> list[tuple[int, int, int, float, float]]:
    """For each game length (deals): (deals, games, first-dealer wins, 95% low, high)."""
    rows = []
    for length in sorted({g.deals for g in games}):
        some = [g for g in games if g.deals == length]
        wins = sum(g.first_dealer_won for g in some)
        low, high = wilson_interval(wins, len(some))
        rows.append((length, len(some), wins, low, high))
    return rows


def edge_by_length_chart(games: Sequence[Played], *, least: int = 30) -> Figure:
    """The first dealer's share of wins with 95% intervals: on the left, games of an odd
    number of deals (the first dealer had one more crib) against even ones; on the right,
    each game length with at least ``least`` games."""
    fig = Figure(figsize=(9.5, 3.8), layout="constrained")
    pooled, by_length = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 2.2]},
                                     sharey=True)

    def point(ax: Axes, x: float, wins: int, n: int, colour: str) -> None:
        low, high = wilson_interval(wins, n)
        rate = wins / n
        ax.errorbar(x, rate, yerr=[[rate - low], [high - rate]], fmt="o", color=colour,
                    capsize=4, markersize=7)
        ax.annotate(f"{n:,} games", (x, rate), xytext=(9, 0), textcoords="offset points",
                    ha="left", va="center", fontsize=8, color="#555",
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5})

    for x, odd in ((0, True), (1, False)):
        some = [g for g in games if (g.deals % 2 == 1) == odd]
        point(pooled, x, sum(g.first_dealer_won for g in some), len(some),
              COLOURS["crib"] if odd else COLOURS["hand"])
    pooled.set_xticks([0, 1], ["odd\n(one more crib)", "even\n(as many cribs)"])
    pooled.set_xlim(-0.6, 1.6)
    pooled.set_xlabel("number of deals in the game")
    for length, n, wins, _low, _high in by_game_length(games):
        if n >= least:
            point(by_length, length, wins, n,
                  COLOURS["crib"] if length % 2 else COLOURS["hand"])
    by_length.set_xlabel("game length (deals)")
    lengths = [row[0] for row in by_game_length(games) if row[1] >= least]
    by_length.set_xticks(lengths)
    by_length.set_xlim(min(lengths) - 0.6, max(lengths) + 0.6)
    for ax in (pooled, by_length):
        ax.axhline(0.5, color="#777", linewidth=1, linestyle="--")
        ax.set_ylim(0.2, 0.9)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        ax.spines[["top", "right"]].set_visible(False)
    pooled.set_ylabel("first dealer's share of wins")
    fig.suptitle("The first dealer wins more of the games in which he has one more crib",
                 fontweight="bold")
    return fig
