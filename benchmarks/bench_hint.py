"""How fast the Hint answers: the judge's best throw or card, with its sentence and the
worth of every other choice.

Run by hand::

    python benchmarks/bench_hint.py [--positions 1000] [--seed 2026] [--ahead]

The positions are :mod:`bench_coach`'s: from seeded games between two experts, every
throw and every card choice with more than one rank that fits; ``--positions`` of each
kind are drawn (seeded) and a hint is asked at each, one at a time, in a fresh process
(the solvers' tables fill as it goes, as in a learner's session). By default each is
timed *cold*, nothing of the position worked out before (the judge's memory of positions
cleared first); with ``--ahead``, after the judge has judged one choice of the position,
as the table's coach does while the learner thinks. The hint judges
every choice (15 throws, or each card that fits) from one working-out of the position,
so it costs about what one verdict costs.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from bench_coach import drawn
from timing import spread

from cribbage_edu.rules.events import ActionKind
from cribbage_edu.rules.game import PlayerView
from cribbage_edu.strategy.coach import judge_view
from cribbage_edu.strategy.coach.model import position_options
from cribbage_edu.strategy.coach.throw import throw_options
from cribbage_edu.strategy.hint import hint


def forget() -> None:
    """Clear the judge's memory of positions (not the solvers' tables, which fill as a
    session goes on)."""
    position_options.cache_clear()
    throw_options.cache_clear()


def timed(views: list[PlayerView], ahead: bool) -> list[float]:
    """Milliseconds for each hint."""
    out = []
    for view in views:
        forget()
        if ahead:
            first = next(a for a in view.legal if a.kind in (ActionKind.DISCARD,
                                                             ActionKind.PLAY))
            choice = list(view.hand)[:2] if first.kind is ActionKind.DISCARD else first.cards
            judge_view(view, choice)
        start = time.perf_counter()
        hint(view)
        out.append((time.perf_counter() - start) * 1000)
    return out


def report(name: str, ms: list[float]) -> str:
    return f"{name}: {len(ms)} positions: {spread(ms)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--ahead", action="store_true",
                        help="judge one choice of each position before the hint")
    args = parser.parse_args()
    throws, cards = drawn(args.positions, args.seed, random.Random(args.seed))
    print(f"load average before: {os.getloadavg()[0]:.2f}", flush=True)
    how = "worked out ahead" if args.ahead else "cold"
    print(report(f"hint, a card, {how}", timed(cards, args.ahead)), flush=True)
    print(report(f"hint, a throw, {how}", timed(throws, args.ahead)), flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
