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
(``pip install "cribbage-edu[cluster]"`` installs Dask; tests/test_cluster.py plays
the same games on a local cluster as on the process pool)::

    from dask.distributed import Client
    client = Client("scheduler-address:8786")
    result = simulate(100_000, ["expert", "greedy"], seed=1,
                      executor=client.get_executor())

:func:`summarize` turns the records into the figures a lesson or the CLI shows: win
rates with 95% confidence intervals, the first dealer's advantage, points per deal by
source for dealer and pone, game length and skunks.
"""

from __future__ import annotations

import os
import random
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from ..rules.board import GAME_HOLE, Skunk
from ..rules.checks import whole_number
from ..rules.drive import play_out
from ..rules.errors import IllegalActionError
from ..rules.events import SOURCES, EventKind
from ..rules.game import Game, Source
from ..rules.options import game_target
from ..stats import wilson_interval
from ..strategy.roster import make_player
from .workers import stay_with_parent

__all__ = [
    "BATCH",
    "SOURCES",
    "WORKERS_PER_CORE",
    "GameFigures",
    "GameRecord",
    "Progress",
    "SimulationResult",
    "Summary",
    "Tally",
    "batches",
    "play_batch",
    "play_games",
    "record_game",
    "simulate",
    "summarize",
    "worker_limit",
]


@dataclass(frozen=True, slots=True)
class GameFigures:
    """The figures a study of many games reads from each: who dealt first and who won,
    the final ``scores``, the ``deals`` played, and the points scored by whoever was
    dealer (``dealer_points``) or pone (``pone_points``) by source, summed over the
    ``whole_deals``: every deal but the last, which the win cuts short (counting it
    would make hands and cribs look poorer than they are, since the count stops at the
    winning point). The lessons store these for 4,000 games
    (``scripts/make_lesson_games.py``)."""

    index: int
    first_dealer: int
    winner: int
    scores: tuple[int, int]
    deals: int
    whole_deals: int
    dealer_points: dict[Source, int]
    pone_points: dict[Source, int]

    @property
    def first_dealer_won(self) -> bool:
        return self.winner == self.first_dealer


@dataclass(frozen=True, slots=True)
class GameRecord(GameFigures):
    """One finished game, as plain data: its figures (:class:`GameFigures`) and how it
    was played.

    ``deal_scores`` holds the scores after every deal (the last is where the game
    ended, mid-deal if need be); ``points[p][source]`` what player ``p`` scored from
    each source.
    """

    seed: int
    players: tuple[str, str]
    deal_scores: tuple[tuple[int, int], ...]
    skunk: Skunk
    points: tuple[dict[Source, int], dict[Source, int]]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def record_game(game: Game, index: int = 0) -> GameRecord:
    """The record of a finished game (see :class:`GameRecord`).

    >>> from cribbage_edu.strategy.players import GreedyPlayer
    >>> from cribbage_edu.rules.drive import play_game
    >>> game = play_game([GreedyPlayer(1), GreedyPlayer(2)], seed=3, first_dealer=0)
    >>> record = record_game(game)
    >>> sum(record.points[0].values()) + sum(record.points[1].values()) == sum(game.scores)
    True
    """
    result = game.result
    if result is None:
        raise IllegalActionError(f"cannot record {game!r}: it is not over")
    points: tuple[dict[Source, int], dict[Source, int]] = (dict.fromkeys(SOURCES, 0),
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
        key = Source.PEGGING if source is Source.MUGGINS else source
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


Task = tuple[int, int, str, str, int]
"""One game to play: (index, seed, player A, player B, target)."""

Progress = Callable[[int, int], None]
"""A progress hook: called as ``progress(games_done, n_games)`` as games come in."""

BATCH = 20
"""Games sent to the executor in one task."""

WORKERS_PER_CORE = 4
"""The most worker processes :func:`simulate` starts for each core (more only wait)."""


def play_batch(tasks: Sequence[Task]) -> list[GameRecord]:
    """Play a few games, each from its own seed: what one task of :func:`simulate`
    runs in a worker.

    >>> [r.index for r in play_batch([(0, 11, "random", "greedy", 61),
    ...                               (1, 12, "random", "greedy", 61)])]
    [0, 1]
    """
    out = []
    for index, seed, a, b, target in tasks:
        seeds = random.Random(seed)
        players = [make_player(a, seeds.getrandbits(32)), make_player(b, seeds.getrandbits(32))]
        names = (a, b) if a != b else (f"{a} A", f"{b} B")
        game = Game(seed, target=target, first_dealer=index % 2, names=names)
        play_out(game, players)
        out.append(record_game(game, index))
    return out


def batches(n_games: int, players: Sequence[str], *, seed: int,
            target: int = GAME_HOLE) -> Iterator[list[Task]]:
    """The games of a simulation, :data:`BATCH` at a time, made as they are needed (no
    list of every game is ever built): game ``i`` gets the ``i``-th seed drawn from the
    master ``seed``, and player 0 deals first in even games.

    >>> first = next(batches(100_000_000, ["expert", "greedy"], seed=1))
    >>> len(first), first[0][0], first[1][0], first[0][2:]
    (20, 0, 1, ('expert', 'greedy', 121))
    """
    seeds = random.Random(seed)
    a, b = players
    for start in range(0, n_games, BATCH):
        yield [(i, seeds.getrandbits(63), a, b, target)
               for i in range(start, min(start + BATCH, n_games))]


def worker_limit() -> int:
    """The most worker processes :func:`simulate` accepts: :data:`WORKERS_PER_CORE` for
    each core of this machine.

    >>> worker_limit() == WORKERS_PER_CORE * (os.cpu_count() or 1)
    True
    """
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def play_games(n_games: int, players: Sequence[str], *, seed: int,
               executor: Executor | None = None, target: int = GAME_HOLE,
               workers: int | None = None, progress: Progress | None = None,
               in_flight: int | None = None) -> Generator[GameRecord, None, None]:
    """The games of :func:`simulate`, one record at a time, in order, as they are
    played: a few batches are in flight at once (``in_flight``, by default four a
    worker, or 64 on an executor passed in), so memory stays flat however many games
    are asked for. ``progress(done, n_games)`` is called as each batch comes in.
    Closing the iterator early (or Ctrl-C) cancels the work not yet started and, for
    the pool this function makes itself, shuts it down.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> seen = []
    >>> with ThreadPoolExecutor(1) as pool:
    ...     games = list(play_games(45, ["random", "random"], seed=2, executor=pool,
    ...                             target=61, progress=lambda done, n: seen.append(done)))
    >>> len(games), seen
    (45, [20, 40, 45])
    """
    names = _check(n_games, players, target)
    seed = whole_number(seed, "seed", 0)  # "x", 2.9 or True would deal other games
    if workers is not None and not 1 <= workers <= worker_limit():
        raise IllegalActionError(
            f"workers must be from 1 to {worker_limit()} on this machine "
            f"({WORKERS_PER_CORE} a core), not {workers}")
    work = batches(n_games, names, seed=seed, target=target)
    n_batches = -(-n_games // BATCH)
    if executor is not None:
        yield from _stream(executor, work, in_flight or 64, n_games, progress)
        return
    count = max(1, min(workers or os.cpu_count() or 1, n_batches))
    pool = ProcessPoolExecutor(max_workers=count, initializer=stay_with_parent,
                               initargs=(os.getpid(),))
    try:
        yield from _stream(pool, work, in_flight or 4 * count, n_games, progress)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _stream(executor: Executor, work: Iterator[list[Task]], in_flight: int, n_games: int,
            progress: Progress | None) -> Iterator[GameRecord]:
    pending: deque[Future[list[GameRecord]]] = deque()
    done = 0
    try:
        for batch in work:
            pending.append(executor.submit(play_batch, batch))
            while len(pending) >= in_flight:
                records = pending.popleft().result()
                done += len(records)
                if progress is not None:
                    progress(done, n_games)
                yield from records
        while pending:
            records = pending.popleft().result()
            done += len(records)
            if progress is not None:
                progress(done, n_games)
            yield from records
    finally:
        for future in pending:
            future.cancel()


def _check(n_games: int, players: Sequence[str], target: int) -> tuple[str, str]:
    names = tuple(players)
    if len(names) != 2:
        raise IllegalActionError(f"a simulation needs two players, got {list(names)!r}")
    for name in names:
        make_player(name)  # an unknown name fails here, before any work is sent
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 0:
        raise IllegalActionError(f"cannot play {n_games!r} games")
    game_target(target)
    return names[0], names[1]


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
             executor: Executor | None = None, target: int = GAME_HOLE,
             workers: int | None = None, progress: Progress | None = None) -> SimulationResult:
    """Play ``n_games`` between two computer players named in ``players`` (the first is
    player 0 in every game; the first deal alternates, player 0 dealing first in even
    games). Identical for the same seed whatever ``executor`` runs it: by default a
    process pool of ``workers`` processes (all cores if not given, never more than
    there are batches of :data:`BATCH` games); any
    :class:`concurrent.futures.Executor` works (see the module docstring for a Dask
    cluster). ``progress(done, n_games)`` is called as games come in, whichever
    executor plays them (a notebook can move a progress bar with it). To sum up more
    games than memory holds, use :func:`play_games` with :func:`summarize`.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     result = simulate(6, ["greedy", "random"], seed=7, executor=pool, target=61)
    >>> len(result.games), sum(result.wins)
    (6, 6)
    """
    names = _check(n_games, players, target)
    records = tuple(play_games(n_games, names, seed=seed, executor=executor, target=target,
                               workers=workers, progress=progress))
    return SimulationResult(names, seed, target, records)


# --- the summary ---------------------------------------------------------------------------

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
    dealer_per_deal: dict[Source, float]
    pone_per_deal: dict[Source, float]
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


class Tally:
    """Running totals of finished games, for summing up more games than memory holds
    (or what a run stopped early had played): :meth:`add` each record, then ask for
    the :meth:`summary`.

    >>> tally = Tally(("expert", "greedy"))
    >>> for record in play_batch([(0, 5, "expert", "greedy", 61)]):
    ...     tally.add(record)
    >>> tally.games, tally.summary().games
    (1, 1)
    """

    def __init__(self, players: Sequence[str] | None = None) -> None:
        self.players = None if players is None else (players[0], players[1])
        self.games = self.wins_a = self.first = self.total_deals = self.whole = 0
        self.deals_min = self.deals_max = 0
        self.dealer = dict.fromkeys(SOURCES, 0)
        self.pone = dict.fromkeys(SOURCES, 0)
        self.skunks = [0, 0]
        self.doubles = [0, 0]

    def add(self, game: GameRecord) -> None:
        """Count one more game."""
        if self.players is None:
            self.players = game.players
        self.games += 1
        self.wins_a += game.winner == 0
        self.first += game.first_dealer_won
        self.total_deals += game.deals
        self.deals_min = game.deals if self.games == 1 else min(self.deals_min, game.deals)
        self.deals_max = max(self.deals_max, game.deals)
        self.whole += game.whole_deals
        for s in SOURCES:
            self.dealer[s] += game.dealer_points[s]
            self.pone[s] += game.pone_points[s]
        if game.skunk == Skunk.SKUNK:
            self.skunks[game.winner] += 1
        elif game.skunk == Skunk.DOUBLE:
            self.doubles[game.winner] += 1

    def summary(self) -> Summary:
        """The figures of the games counted so far (see :class:`Summary`)."""
        n, wins_a, first = self.games, self.wins_a, self.first
        players = self.players or ("player 0", "player 1")
        whole = max(1, self.whole)
        return Summary(
            players=players, games=n, wins=(wins_a, n - wins_a),
            win_rate=wins_a / n if n else 0.0, win_ci=wilson_interval(wins_a, n),
            first_dealer_wins=first, first_dealer_rate=first / n if n else 0.0,
            first_dealer_ci=wilson_interval(first, n),
            dealer_per_deal={s: self.dealer[s] / whole for s in SOURCES},
            pone_per_deal={s: self.pone[s] / whole for s in SOURCES},
            deals_mean=self.total_deals / n if n else 0.0, deals_min=self.deals_min,
            deals_max=self.deals_max, skunks=(self.skunks[0], self.skunks[1]),
            double_skunks=(self.doubles[0], self.doubles[1]))


def summarize(games: Iterable[GameRecord], *, players: Sequence[str] | None = None) -> Summary:
    """The figures of many games (see :class:`Summary`), in one pass: ``games``
    may be an iterator of more games than memory holds (:func:`play_games`).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as pool:
    ...     result = simulate(2, ["greedy", "greedy"], seed=3, executor=pool, target=61)
    >>> summary = summarize(result.games)
    >>> summary.games, sum(summary.wins), sorted(summary.dealer_per_deal)
    (2, 2, ['crib', 'hand', 'heels', 'pegging'])
    """
    tally = Tally(players)
    for game in games:
        tally.add(game)
    return tally.summary()
