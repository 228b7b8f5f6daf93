"""How fast the new model of the deal judges a card (and how tight its verdicts are).

Run by hand::

    python benchmarks/bench_deal_model.py [--positions 1000] [--deals 200] [--seed 2026]

Positions are those of :mod:`bench_coach`: from seeded games between two experts, every
time a player lays a card with more than one rank that fits; ``--positions`` of them are
drawn at random (seeded) and judged one at a time by
:func:`cribbage_edu.strategy.coach.deal.judge_deal` with ``--deals`` deals drawn for the
opponent, in one process (the look-ahead's remembered answers fill as they would in a
learner's session). Each verdict judges every card that fits, so one verdict is the time of
a card's verdict at a table. The goal for the finished judge: median at most 100 ms, 99th
percentile at most 400 ms. Printed too: how wide the paired interval of the second card's
difference from the best is, and how often more than one card is within the margin.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from bench_coach import positions
from timing import spread, typical

from cribbage_edu.strategy.coach.deal import judge_deal
from cribbage_edu.strategy.coach.model import in_reach


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    _, cards = positions(max(60, args.positions // 12), args.seed)
    rng = random.Random(args.seed)
    views = rng.sample(cards, min(args.positions, len(cards)))
    print(f"load average before: {os.getloadavg()[0]:.2f}", flush=True)
    wall: dict[bool, list[float]] = {False: [], True: []}
    cpu: list[float] = []
    margins: dict[bool, list[float]] = {False: [], True: []}
    several = 0
    for view in views:
        start, start_cpu = time.perf_counter(), time.process_time()
        verdict = judge_deal(view, args.deals)
        wall[verdict.by_chance].append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        margins[verdict.by_chance].append(verdict.cards[1].margin)
        several += len(verdict.within_margin()) > 1
        me = view.player
        assert verdict.by_chance == in_reach((view.scores[me], view.scores[1 - me]),
                                             view.target)
    every = wall[False] + wall[True]
    print(f"judge_deal ({args.deals} deals): {len(every)} positions: {spread(every)}; "
          f"processor time {typical(cpu)}")
    for near, name, unit in ((False, "by points", "points"), (True, "near home", "of a game")):
        if wall[near]:
            print(f"  {name}: {len(wall[near])} positions, {typical(wall[near])}; the "
                  f"second card's paired 95% interval: median ± "
                  f"{statistics.median(margins[near]):.3f} {unit}")
    print(f"  more than one card within the judge's margin: {several} of {len(every)}; "
          f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
