"""What naming the rule adds to a verdict: the rulebook's rule that decides between a
choice and the best (``cribbage_edu.strategy.rulebook.naming``), timed alone on the
positions ``bench_coach.py`` judges (the same seeded expert games, the same draw).

Run by hand::

    python benchmarks/bench_rule_naming.py [--positions 200] [--seed 2026]

For each card position, every card that fits is named against every other (the most a
verdict can ask is one of them); for each throw, the throw drawn against each of the 15.
The figure to compare with a verdict's time is the median for one naming.
"""

from __future__ import annotations

import argparse
import random
import time

from bench_coach import drawn
from timing import spread

from cribbage_edu.strategy.rulebook import PlayPosition, ThrowPosition
from cribbage_edu.strategy.rulebook.naming import card_rule, throw_rule
from cribbage_edu.strategy.rulebook.player import board_procedures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    throws, cards = drawn(args.positions, args.seed, rng)
    board_procedures()  # read once, as the coach's first verdict does
    card_ms: list[float] = []
    for view in cards:
        position = PlayPosition.from_view(view)
        for mine in position.choices:
            for best in position.choices:
                start = time.perf_counter()
                card_rule(position, mine, best)
                card_ms.append((time.perf_counter() - start) * 1000)
    throw_ms: list[float] = []
    for view in throws:
        choices = ThrowPosition(view.hand, view.is_dealer).choices
        mine = rng.choice(choices)
        for best in choices:
            start = time.perf_counter()
            throw_rule(view.hand, view.is_dealer, mine, best)
            throw_ms.append((time.perf_counter() - start) * 1000)
    print(f"card_rule: {len(cards)} positions, {len(card_ms)} namings: {spread(card_ms)}")
    print(f"throw_rule: {len(throws)} positions, {len(throw_ms)} namings: {spread(throw_ms)}")


if __name__ == "__main__":
    main()
