"""Many games between computer players, and what they add up to.

:func:`simulate` plays ``n_games`` between two computer players (by name: ``"random"``,
``"greedy"``, ``"expert"``), the first deal alternating between them, and records for
each game the winner, the score after every deal, the points by source (pegging,
hand, crib, heels) for each player and for the dealer and pone, skunks and the number
of deals. Each game gets its own seed, drawn in order from the master seed, so the
results are the same whatever runs them: one process, a pool on every core, or a
cluster.

>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(1) as pool:
...     result = simulate(4, ["expert", "random"], seed=1, executor=pool)
>>> result.wins, [g.first_dealer for g in result.games]
((4, 0), [0, 1, 0, 1])

``executor`` takes any :class:`concurrent.futures.Executor`; by default a process pool
on all cores. When a class outgrows one machine, a Dask cluster runs the same call
(cribbage-edu does not need Dask; this is just where its executor plugs in)::

    from dask.distributed import Client
    client = Client("scheduler-address:8786")
    result = simulate(100_000, ["expert", "greedy"], seed=1,
                      executor=client.get_executor())

:func:`summarize` turns the records into the figures a lesson or the CLI shows: win
rates with 95% confidence intervals, the first dealer's advantage, points per deal by
source for dealer and pone, game length and skunks.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from .board import Skunk
from .errors import IllegalActionError
from .events import SOURCES, EventKind
from .game import Game, Source
from .players import play_out
from .roster import make_player

__all__ = [
    "SOURCES",
    "GameRecord",
    "SimulationResult",
    "Summary",
    "record_game",
    "simulate",
    "summarize",
    "wilson_interval",
]

_BATCH = 20  # games per task sent to the executor


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game, as plain data.

    ``deal_scores`` holds the scores after every deal (the last is where the game
    ended, mid-deal if need be); ``points[p][source]`` what player ``p`` scored from
    each source; ``dealer_points`` and ``pone_points`` the points scored by whoever
    was dealer (or pone), summed over the ``whole_deals``: every deal but the last,
    which the win cuts short (counting it would make hands and cribs look poorer
    than they are, since the count stops at the winning point).
    """

    index: int
    seed: int
    players: tuple[str, str]
    first_dealer: int
    winner: int
    scores: tuple[int, int]
    deal_scores: tuple[tuple[int, int], ...]
    deals: int
    skunk: Skunk
    points: tuple[dict[str, int], dict[str, int]]
    dealer_points: dict[str, int]
    pone_points: dict[str, int]
    whole_deals: int

    @property
    def first_dealer_won(self) -> bool:
        return self.winner == self.first_dealer

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def record_game(game: Game, index: int = 0) -> GameRecord:
    """The record of a finished game (see :class:`GameRecord`).

    >>> from cribbage_edu.players import play_game, GreedyPlayer
    >>> game = play_game([GreedyPlayer(1), GreedyPlayer(2)], seed=3, first_dealer=0)
    >>> record = record_game(game)
    >>> sum(record.points[0].values()) + sum(record.points[1].values()) == sum(game.scores)
    True
    """
    result = game.result
    if result is None:
        raise IllegalActionError(f"cannot record {game!r}: it is not over")
    points: tuple[dict[str, int], dict[str, int]] = (dict.fromkeys(SOURCES, 0),
                                                     dict.fromkeys(SOURCES, 0))
    by_role = {"dealer": dict.fromkeys(SOURCES, 0), "pone": dict.fromkeys(SOURCES, 0)}
    first_dealer: int | None = None
    dealer: int | None = None
    last_deal = result.deals
    for event in game.events:
        if event.kind is EventKind.DEAL:
            dealer = event.player
            if first_dealer is None:
                first_dealer = dealer
        source = event.source
        if not event.points or source is None or event.player is None:
            continue
        key = "pegging" if source is Source.MUGGINS else str(source)
        points[event.player][key] += event.points
        if event.deal < last_deal:
            role = "dealer" if event.player == dealer else "pone"
            by_role[role][key] += event.points
    return GameRecord(
        index=index, seed=game.seed, players=game.names,
        first_dealer=0 if first_dealer is None else first_dealer,
        winner=result.winner, scores=result.scores, deal_scores=game.deal_scores,
        deals=result.deals, skunk=result.skunk, points=points,
        dealer_points=by_role["dealer"], pone_points=by_role["pone"],
        whole_deals=max(0, last_deal - 1))


def _play_batch(tasks: Sequence[tuple[int, int, str, str, int]]) -> list[GameRecord]:
    """Play a few games in a worker: (index, seed, player A, player B, target)."""
    out = []
    for index, seed, a, b, target in tasks:
        seeds = random.Random(seed)
        players = [make_player(a, seeds.getrandbits(32)), make_player(b, seeds.getrandbits(32))]
        names = (a, b) if a != b else (f"{a} A", f"{b} B")
        game = Game(seed, target=target, first_dealer=index % 2, names=names)
        play_out(game, players)
        out.append(record_game(game, index))
    return out


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What :func:`simulate` returns: the players, the master seed and every game."""

    players: tuple[str, str]
    seed: int
    target: int
    games: tuple[GameRecord, ...]

    @property
    def wins(self) -> tuple[int, int]:
        """Games won by the first-named player and the second."""
        a = sum(1 for g in self.games if g.winner == 0)
        return a, len(self.games) - a

    def summary(self) -> Summary:
        return summarize(self.games, players=self.players)


def simulate(n_games: int, players: Sequence[str], *, seed: int,
             executor: Executor | None = None, target: int = 121) -> SimulationResult:
    """Play ``n_games`` between two computer players named in ``players`` (the first is
    player 0 in every game; the first deal alternates, player 0 dealing first in even
    games). Identical for the same seed whatever ``executor`` runs it: by default a
    process pool on all cores; any :class:`concurrent.futures.Executor` works (see the
    module docstring for a Dask cluster).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     result = simulate(6, ["greedy", "random"], seed=7, executor=pool, target=61)
    >>> len(result.games), sum(result.wins)
    (6, 6)
    """
    names = tuple(players)
    if len(names) != 2:
        raise IllegalActionError(f"a simulation needs two players, got {list(names)!r}")
    for name in names:
        make_player(name)  # an unknown name fails here, before any work is sent
    if n_games < 0:
        raise IllegalActionError(f"cannot play {n_games} games")
    if target not in (61, 121):
        raise IllegalActionError(f"a game is played to 121 or 61, not {target!r}")
    seeds = random.Random(seed)
    tasks = [(i, seeds.getrandbits(63), names[0], names[1], target) for i in range(n_games)]
    batches = [tasks[i:i + _BATCH] for i in range(0, len(tasks), _BATCH)]
    if executor is None:
        workers = max(1, min(os.cpu_count() or 1, len(batches)))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            records = _run(pool, batches)
    else:
        records = _run(executor, batches)
    return SimulationResult((names[0], names[1]), seed, target, tuple(records))


def _run(executor: Executor, batches: Sequence[Sequence[tuple[int, int, str, str, int]]]
         ) -> list[GameRecord]:
    futures: list[Future[list[GameRecord]]] = [executor.submit(_play_batch, b)
                                               for b in batches]
    return [record for future in futures for record in future.result()]


# --- the summary ---------------------------------------------------------------------------

def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% with the default ``z``).

    >>> low, high = wilson_interval(56, 100)
    >>> round(low, 3), round(high, 3)
    (0.462, 0.653)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class Summary:
    """The figures of a simulation.

    ``win_rate`` and ``win_ci`` are the first-named player's share of games and its
    95% Wilson interval; ``first_dealer_rate``/``first_dealer_ci`` the same for
    whoever dealt first; ``dealer_per_deal`` and ``pone_per_deal`` the mean points per
    deal by source; ``deals_mean``, ``deals_min``, ``deals_max`` the game length;
    ``skunks`` and ``double_skunks`` the games each player won that way.
    """

    players: tuple[str, str]
    games: int
    wins: tuple[int, int]
    win_rate: float
    win_ci: tuple[float, float]
    first_dealer_wins: int
    first_dealer_rate: float
    first_dealer_ci: tuple[float, float]
    dealer_per_deal: dict[str, float]
    pone_per_deal: dict[str, float]
    deals_mean: float
    deals_min: int
    deals_max: int
    skunks: tuple[int, int]
    double_skunks: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: ``players``, ``games``, ``wins`` and every figure."""
        data = asdict(self)
        data["players"] = list(self.players)
        data["wins"] = list(self.wins)
        return data

    def lines(self) -> list[str]:
        """The summary as text lines, for a terminal. Two players of the same kind are
        told apart as ``A`` and ``B`` (A is the first named)."""
        a, b = self.players
        if a == b:
            a, b = f"{a} A", f"{b} B"
        low, high = self.win_ci
        f_low, f_high = self.first_dealer_ci
        out = [
            f"{a} vs {b}: {self.games} games, first deal alternating",
            f"wins: {a} {self.wins[0]}, {b} {self.wins[1]}; {a} won "
            f"{self.win_rate:.1%} (95% CI {low:.1%} to {high:.1%})",
            f"the first dealer won {self.first_dealer_rate:.1%} "
            f"(95% CI {f_low:.1%} to {f_high:.1%})",
            "points per whole deal" + "".join(f"{s:>9}" for s in (*SOURCES, "total")),
        ]
        for role, table in (("dealer", self.dealer_per_deal), ("pone", self.pone_per_deal)):
            values = [table[s] for s in SOURCES]
            out.append(f"  {role:<19}" + "".join(f"{v:9.2f}" for v in (*values, sum(values))))
        out.append(f"game length: {self.deals_mean:.2f} deals on average "
                   f"(from {self.deals_min} to {self.deals_max})")
        out.append(f"skunks won: {a} {self.skunks[0]}, {b} {self.skunks[1]}; double skunks: "
                   f"{a} {self.double_skunks[0]}, {b} {self.double_skunks[1]}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def summarize(games: Iterable[GameRecord], *, players: Sequence[str] | None = None) -> Summary:
    """The figures of many games (see :class:`Summary`).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as pool:
    ...     result = simulate(2, ["greedy", "greedy"], seed=3, executor=pool, target=61)
    >>> summary = summarize(result.games)
    >>> summary.games, sum(summary.wins), sorted(summary.dealer_per_deal)
    (2, 2, ['crib', 'hand', 'heels', 'pegging'])
    """
    records = list(games)
    n = len(records)
    if players is None:
        players = records[0].players if records else ("player 0", "player 1")
    wins_a = sum(1 for g in records if g.winner == 0)
    first = sum(1 for g in records if g.first_dealer_won)
    deals = [g.deals for g in records]
    total_deals = sum(deals)
    whole = max(1, sum(g.whole_deals for g in records))
    dealer = {s: sum(g.dealer_points[s] for g in records) / whole for s in SOURCES}
    pone = {s: sum(g.pone_points[s] for g in records) / whole for s in SOURCES}
    skunks = [0, 0]
    doubles = [0, 0]
    for g in records:
        if g.skunk == Skunk.SKUNK:
            skunks[g.winner] += 1
        elif g.skunk == Skunk.DOUBLE:
            doubles[g.winner] += 1
    return Summary(
        players=(players[0], players[1]), games=n, wins=(wins_a, n - wins_a),
        win_rate=wins_a / n if n else 0.0, win_ci=wilson_interval(wins_a, n),
        first_dealer_wins=first, first_dealer_rate=first / n if n else 0.0,
        first_dealer_ci=wilson_interval(first, n),
        dealer_per_deal=dealer, pone_per_deal=pone,
        deals_mean=total_deals / n if n else 0.0, deals_min=min(deals, default=0),
        deals_max=max(deals, default=0), skunks=(skunks[0], skunks[1]),
        double_skunks=(doubles[0], doubles[1]))
