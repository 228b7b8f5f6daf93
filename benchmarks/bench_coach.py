"""How fast the coach judges: a throw, a card, and a whole game's review.

Run by hand::

    python benchmarks/bench_coach.py [--positions 1000] [--seed 2026] [--games 5]

Positions are taken from seeded games between two experts: every time a player throws,
and every time a player lays a card with more than one rank that fits, the position is
kept; then ``--positions`` of each kind are drawn at random (seeded) and judged one at a
time, in a fresh process (the solver's table of positions fills as it goes, as it does in
a learner's session), for a choice drawn at random among the legal ones. Goals: median at
most 50 ms and 99th percentile at most 200 ms for each; a whole game's review at most 5 s.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from timing import spread, typical

from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.events import ActionKind, Phase
from cribbage_edu.rules.game import Game, PlayerView
from cribbage_edu.strategy.coach import judge_view, review
from cribbage_edu.strategy.players import ExpertPlayer


def positions(n_games: int, seed: int) -> tuple[list[PlayerView], list[PlayerView]]:
    """The throws and the card choices of ``n_games`` expert games, as views."""
    throws: list[PlayerView] = []
    cards: list[PlayerView] = []
    seeds = random.Random(seed)
    for i in range(n_games):
        game = play_out(Game(seeds.getrandbits(63), first_dealer=i % 2),
                        [ExpertPlayer(), ExpertPlayer()])
        twin = game.replay(0)
        for action in game.actions:
            if action.player is not None:
                if action.kind is ActionKind.DISCARD:
                    throws.append(twin.view(action.player))
                elif (action.kind is ActionKind.PLAY and twin.phase is Phase.PLAY
                      and len({c.rank for c in twin.legal_cards(action.player)}) > 1):
                    cards.append(twin.view(action.player))
            twin.apply(action)
    return throws, cards


def drawn(n: int, seed: int, rng: random.Random) -> tuple[list[PlayerView], list[PlayerView]]:
    """``n`` throws and ``n`` card choices (or all there are) drawn with ``rng`` from the
    positions of enough expert games played from ``seed`` (:func:`positions`)."""
    throws, cards = positions(max(60, n // 12), seed)
    return rng.sample(throws, min(n, len(throws))), rng.sample(cards, min(n, len(cards)))


def timed(views: list[PlayerView], rng: random.Random, throw: bool
          ) -> tuple[list[float], list[float]]:
    """Wall-clock and processor milliseconds for each judgement (the processor time
    shows the work when other processes share the cores)."""
    out, cpu = [], []
    for view in views:
        if throw:
            choice: list[object] = rng.sample(list(view.hand), 2)
        else:
            legal = [a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY]
            choice = [rng.choice(legal)]
        start, start_cpu = time.perf_counter(), time.process_time()
        judge_view(view, choice)  # type: ignore[arg-type]
        out.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return out, cpu


def report(name: str, times: tuple[list[float], list[float]]) -> str:
    ms, cpu = times
    return (f"{name}: {len(ms)} positions: {spread(ms)} (first 100: median "
            f"{statistics.median(ms[:100]):.1f} ms); processor time: {typical(cpu)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--games", type=int, default=5, help="whole games to review")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    throws, cards = drawn(args.positions, args.seed, rng)
    print(f"load average before: {os.getloadavg()[0]:.2f}", flush=True)
    print(report("judge_card", timed(cards, rng, throw=False)), flush=True)
    print(report("judge_throw", timed(throws, rng, throw=True)), flush=True)
    seeds = random.Random(args.seed + 1)
    times = []
    for i in range(args.games):
        game = play_out(Game(seeds.getrandbits(63), first_dealer=i % 2),
                        [ExpertPlayer(), ExpertPlayer()])
        start = time.perf_counter()
        done = review(game, i % 2)
        times.append(time.perf_counter() - start)
        print(f"  review of game {i + 1}: {len(done.decisions)} decisions in "
              f"{times[-1]:.2f} s", flush=True)
    print(f"review of a whole game: median {statistics.median(times):.2f} s, slowest "
          f"{max(times):.2f} s over {len(times)} games; load average after: "
          f"{os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
