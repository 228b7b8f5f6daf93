"""How fast the discard advisor and the exact distributions are.

Run by hand::

    python benchmarks/bench_advise.py [--deals 5000] [--seed 1]

Goals (issue 4): ``advise`` median at most 20 ms a call (a widget calls it on every
click); the expert computer player calls ``best_discard`` for every discard and
needs it far below 1 ms to play 50 games a second on 2 cores; each distribution at
most 0.5 s, timed in a fresh process (nothing cached).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from cribbage_edu import FULL_DECK
from cribbage_edu.strategy.discard import advise, best_discard, starter_distribution

FRESH = {
    "score_distribution() (hand)":
        "from cribbage_edu.study.analysis import score_distribution as f; f()",
    "score_distribution(crib=True)":
        "from cribbage_edu.study.analysis import score_distribution as f; f(True)",
    "kind_distributions() (all five kinds)":
        "from cribbage_edu.study.analysis import kind_distributions as f; f()",
    "first advise() (table load, caches cold)":
        "from cribbage_edu.strategy.discard import advise as f; "
        "f('5H 5C 6D JS QH 2C', dealer=True)",
}


def timed_calls(call: object, deals: list[list[object]], dealer: bool) -> list[float]:
    times = []
    for six in deals:
        began = time.perf_counter()
        call(six, dealer=dealer)  # type: ignore[operator]
        times.append((time.perf_counter() - began) * 1000)
    return times


def fresh_seconds(statement: str) -> float:
    code = ("import time; t = time.perf_counter(); " + statement
            + "; print(time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deals = [rng.sample(FULL_DECK, 6) for _ in range(args.deals)]
    advise(deals[0], dealer=True)  # load the crib table once
    print(f"{args.deals} random six-card deals, seed {args.seed}")
    for name, call in (("advise", advise), ("best_discard", best_discard)):
        first = timed_calls(call, deals, dealer=True)  # caches fill as ranks are met
        again = timed_calls(call, deals, dealer=False)
        print(f"  {name:<13} median {statistics.median(first):.3f} ms first pass, "
              f"{statistics.median(again):.3f} ms warm; 99th percentile "
              f"{sorted(again)[int(len(again) * 0.99)]:.3f} ms")
    times = []
    for six in deals[:500]:
        began = time.perf_counter()
        starter_distribution(six[:4], seen=six[4:])
        times.append((time.perf_counter() - began) * 1000)
    print(f"  starter_distribution median {statistics.median(times):.3f} ms")
    print("in a fresh process:")
    for name, statement in FRESH.items():
        print(f"  {name:<42} {fresh_seconds(statement):.3f} s")


if __name__ == "__main__":
    main()
