"""``cribbage-edu simulate``: many games between computer players, summed up.

>>> from cribbage_edu.cli import main
>>> main(["simulate", "--games", "2", "--seed", "3", "--players", "greedy", "random",
...       "--target", "61", "--workers", "1"])  # doctest: +ELLIPSIS
seed 3, games to 61
greedy vs random: 2 games, first deal alternating
...
0
"""

from __future__ import annotations

import argparse
import json
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from tqdm import tqdm

from ..rules.options import TARGETS
from ..strategy.roster import PLAYER_NAMES
from ..study.simulation import (
    WORKERS_PER_CORE,
    GameRecord,
    Summary,
    Tally,
    play_games,
    worker_limit,
)
from .console import (
    EXIT_INTERRUPTED,
    PROG,
    BadInput,
    Console,
    Subparsers,
    chart_file,
    count_argument,
    seed_argument,
    write_chart,
)

__all__ = ["add_simulate", "run_simulate", "stop_on_ctrl_c"]

MOST_GAMES = 10**10
"""The most games one command plays (at 200 a second, well over a year)."""


def add_simulate(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu simulate`` (see :mod:`cribbage_edu.cli`)."""
    parser = subparsers.add_parser(
        "simulate", help="play many games between computer players and sum them up",
        description="Play N games between two computer players (random, greedy, rulebook, "
                    "expert, master or coach) "
                    "with the first deal alternating, and print win rates with 95% "
                    "confidence intervals, points per deal by source for dealer and "
                    "pone, game length and skunks. The same seed gives the same games. "
                    "A progress bar shows on a terminal; Ctrl-C stops early and sums up "
                    "the games played so far.")
    parser.add_argument("--games", "-n", type=count_argument("--games", 1, MOST_GAMES),
                        default=100, metavar="N", help="how many games (default 100)")
    parser.add_argument("--seed", type=seed_argument, default=1, metavar="S",
                        help="the master seed (default 1)")
    parser.add_argument("--players", nargs=2, default=["expert", "greedy"],
                        choices=PLAYER_NAMES, metavar=("A", "B"),
                        help="the two players: random, greedy, expert, master or coach "
                             "(default expert greedy)")
    parser.add_argument("--target", type=int, choices=TARGETS, default=TARGETS[0],
                        help="play to 121 (default) or 61")
    parser.add_argument("--workers", type=count_argument("--workers", 1, 10**9),
                        default=None, metavar="W",
                        help=f"processes to use (default: all cores; at most "
                             f"{worker_limit()} here)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: players, games, wins and the figures")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="also draw win rates, game length and points by source to a "
                             "file (keeps every game in memory)")
    bar = parser.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="show a progress bar on stderr (the default on a terminal)")
    bar.add_argument("--no-progress", dest="progress", action="store_false",
                     help="no progress bar")
    parser.set_defaults(run=run_simulate)


def run_simulate(args: argparse.Namespace, console: Console) -> int:
    """Run ``cribbage-edu simulate``: the summary first, then the chart if asked for.
    Ctrl-C stops the run after the games in hand, sums up the games played so far
    (saying so on stderr) and exits with status 130."""
    if args.workers is not None and args.workers > worker_limit():
        raise BadInput(f"{PROG}: error: --workers {args.workers} is more than this machine "
                       f"can use: at most {worker_limit()} ({WORKERS_PER_CORE} for each of "
                       f"its {worker_limit() // WORKERS_PER_CORE} cores)")
    plot = None if args.plot is None else chart_file(args.plot)
    show_bar = args.progress if args.progress is not None else console.stderr.isatty()
    tally = Tally(args.players)
    kept: list[GameRecord] = []
    with tqdm(total=args.games, unit=" games", file=console.stderr, disable=not show_bar,
              dynamic_ncols=True, smoothing=0.1) as bar, stop_on_ctrl_c() as stop:
        def progress(done: int, _total: int) -> None:
            bar.update(done - bar.n)

        games = play_games(args.games, args.players, seed=args.seed, target=args.target,
                           workers=args.workers, progress=progress)
        try:
            for record in games:
                tally.add(record)
                if plot is not None:
                    kept.append(record)
                if stop.is_set():
                    break
        finally:
            games.close()  # cancels the games not started and stops the workers
    if stop.is_set():
        console.stderr.write(f"{PROG}: interrupted after {tally.games:,} of "
                             f"{args.games:,} games\n")
    _print_summary(tally.summary(), args, console)
    if plot is not None and kept:
        from ..charts import simulation_chart  # matplotlib only when a chart is asked for

        write_chart(simulation_chart(kept, names=args.players), plot, console,
                    say=not args.json)
    return EXIT_INTERRUPTED if stop.is_set() else 0


@contextmanager
def stop_on_ctrl_c() -> Iterator[threading.Event]:
    """While inside: Ctrl-C sets the event instead of raising, so a long run can stop
    between games and still sum up what it played (a second Ctrl-C stops at once).
    Only the main thread can catch signals; elsewhere Ctrl-C behaves as usual.

    >>> import os
    >>> with stop_on_ctrl_c() as stop:
    ...     os.kill(os.getpid(), signal.SIGINT)  # as if Ctrl-C were pressed
    ...     stop.wait(5)
    True
    """
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


def _print_summary(summary: Summary, args: argparse.Namespace, console: Console) -> None:
    if args.json:
        data = summary.to_dict()
        data["seed"] = args.seed
        data["target"] = args.target
        console.say(json.dumps(data))
        return
    console.say(f"seed {args.seed}, games to {args.target}")
    for line in summary.lines():
        console.say(line)
