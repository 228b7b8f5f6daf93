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
from concurrent.futures import Executor, ProcessPoolExecutor

from ..errors import IllegalActionError
from ..roster import PLAYER_NAMES
from ..simulation import SimulationResult, simulate
from .console import Console, Subparsers

__all__ = ["add_simulate", "run_simulate"]


def add_simulate(subparsers: Subparsers) -> None:
    """Declare ``cribbage-edu simulate`` (see :mod:`cribbage_edu.cli`)."""
    parser = subparsers.add_parser(
        "simulate", help="play many games between computer players and sum them up",
        description="Play N games between two computer players (random, greedy or expert) "
                    "with the first deal alternating, and print win rates with 95% "
                    "confidence intervals, points per deal by source for dealer and "
                    "pone, game length and skunks. The same seed gives the same games.")
    parser.add_argument("--games", "-n", type=int, default=100, metavar="N",
                        help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=1, metavar="S",
                        help="the master seed (default 1)")
    parser.add_argument("--players", nargs=2, default=["expert", "greedy"],
                        choices=PLAYER_NAMES, metavar=("A", "B"),
                        help="the two players: random, greedy or expert "
                             "(default expert greedy)")
    parser.add_argument("--target", type=int, choices=(121, 61), default=121,
                        help="play to 121 (default) or 61")
    parser.add_argument("--workers", type=int, default=None, metavar="W",
                        help="processes to use (default: all cores)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: players, games, wins and the figures")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="also draw win rates, game length and points by source to a file")
    parser.set_defaults(run=run_simulate)


def run_simulate(args: argparse.Namespace, console: Console) -> int:
    """Run ``cribbage-edu simulate``."""
    if args.games < 1:
        raise IllegalActionError(f"--games must be at least 1, not {args.games}")
    if args.workers is not None and args.workers < 1:
        raise IllegalActionError(f"--workers must be at least 1, not {args.workers}")
    def run(pool: Executor | None) -> SimulationResult:
        return simulate(args.games, args.players, seed=args.seed, executor=pool,
                        target=args.target)

    if args.workers is None:
        result = run(None)
    else:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            result = run(pool)
    summary = result.summary()
    if args.plot:
        from ..charts import simulation_chart  # matplotlib only when a chart is asked for

        simulation_chart(result).savefig(args.plot)
    if args.json:
        data = summary.to_dict()
        data["seed"] = args.seed
        data["target"] = args.target
        console.say(json.dumps(data))
        return 0
    console.say(f"seed {args.seed}, games to {args.target}")
    for line in summary.lines():
        console.say(line)
    if args.plot:
        console.say(f"chart written to {args.plot}")
    return 0
