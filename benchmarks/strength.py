"""How strong the computer players are, measured rather than assumed.

Run by hand (it takes a minute or two on 2 cores)::

    python benchmarks/strength.py [--seed 2026] [--workers N]

Seeded simulations with the first deal alternating: expert vs random over 400
games (goal: expert wins at least 90%) and expert vs greedy over 2,000 games (goal:
at least 53%), each with its 95% Wilson confidence interval, then the full summary
of each match (first dealer's share, points per deal by source, length, skunks).
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from cribbage_edu.simulation import simulate

MATCHES = ((("expert", "random"), 400, 0.90), (("expert", "greedy"), 2000, 0.53))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply the number of games (for a quick look)")
    args = parser.parse_args()
    lines = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for players, games, goal in MATCHES:
            n = max(2, round(games * args.scale))
            start = time.perf_counter()
            result = simulate(n, players, seed=args.seed, executor=pool)
            elapsed = time.perf_counter() - start
            summary = result.summary()
            low, high = summary.win_ci
            verdict = "meets" if summary.win_rate >= goal else "MISSES"
            lines.append(f"{players[0]} vs {players[1]}: {summary.wins[0]}/{n} = "
                         f"{summary.win_rate:.1%} (95% CI {low:.1%} to {high:.1%}); "
                         f"goal {goal:.0%}: {verdict}")
            print(summary)
            print(f"({elapsed:.1f} s, seed {args.seed})")
            print()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
