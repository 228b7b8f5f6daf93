"""How many complete expert-vs-expert games a second, on every core.

Run by hand::

    python benchmarks/bench_game.py [--games 2000] [--seed 1] [--workers N]

The goal (issue 3) is at least 50 games a second on a 2-core machine. It times
``simulate`` with a process pool (the pool's start-up included), then one core
alone for the cost of a single game, and prints both.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from cribbage_edu.study.simulation import play_batch, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--players", nargs=2, default=["expert", "expert"])
    args = parser.parse_args()

    one_core = min(200, args.games)
    tasks = [(i, args.seed + i, args.players[0], args.players[1], 121)
             for i in range(one_core)]
    start = time.perf_counter()
    play_batch(tasks)
    single = (time.perf_counter() - start) / one_core

    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        result = simulate(args.games, args.players, seed=args.seed, executor=pool)
    elapsed = time.perf_counter() - start
    a, b = args.players
    print(f"{a} vs {b}, {args.games} games, {args.workers} worker processes "
          f"(cpu_count {os.cpu_count()}), seed {args.seed}")
    print(f"  one core:    {single * 1000:6.1f} ms a game ({1 / single:5.1f} games/s)")
    print(f"  all workers: {args.games / elapsed:6.1f} games/s "
          f"({elapsed:.1f} s, pool start-up included)")
    print(f"  mean length {result.summary().deals_mean:.2f} deals")
    print(f"  load average now: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
