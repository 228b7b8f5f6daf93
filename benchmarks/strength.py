"""How strong the computer players are, measured rather than assumed.

Run by hand::

    python benchmarks/strength.py [--seed 2026] [--workers N] [--scale 0.1]
    python benchmarks/strength.py --only master          # the master against the expert
    python benchmarks/strength.py --only master --part pegging --scale 0.5   # an ablation

Seeded simulations with the first deal alternating, each with its 95% Wilson
confidence interval:

- expert vs random over 400 games (goal: the expert wins at least 90%);
- expert vs greedy over 2,000 games (goal: at least 53%);
- master vs expert over 20,000 games (goal: the lower end of the 95% interval above
  50%; aim for 53%). For this match it also prints each player's points a deal by
  source, as dealer and as pone (over the whole deals: the last deal of a game is cut
  short by the win), and the win rate in the games that were close near the end: at the
  start of a deal both players within 30 points of home and within 10 of each other,
  beside what the chance-to-win table expected from those positions between two experts.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.events import EventKind
from cribbage_edu.rules.game import Game
from cribbage_edu.stats import wilson_interval
from cribbage_edu.strategy.master import MasterPlayer
from cribbage_edu.strategy.players import ExpertPlayer
from cribbage_edu.study.simulation import SOURCES, simulate
from cribbage_edu.tables.chance import win_probability

MATCHES = ((("expert", "random"), 400, 0.90), (("expert", "greedy"), 2000, 0.53))
MASTER_GAMES = 20_000
CLOSE_NEED = 30   # both players this close to home at the start of a deal...
CLOSE_GAP = 10    # ...and this close to each other: a close game near the end
BATCH = 50


def _master_batch(tasks: Sequence[tuple[int, int, str]]) -> list[dict[str, Any]]:
    """Play master (seat 0) against expert (seat 1): (index, seed, part) per game, the
    first deal alternating with the index; ``part`` switches off one of the master's two
    differences for an ablation ("pegging" keeps only the throw that counts the play,
    "endgame" only the play for the game near the end)."""
    out = []
    for index, seed, part in tasks:
        game = Game(seed, first_dealer=index % 2, names=("master", "expert"))
        master = MasterPlayer(pegging=part != "endgame", endgame=part != "pegging")
        play_out(game, [master, ExpertPlayer()])
        out.append(_record(game, index))
    return out


def _record(game: Game, index: int) -> dict[str, Any]:
    """Who won; points by player, role and source over the whole deals; the first
    close position of the game (if any) with the master's chance there by the table."""
    result = game.result
    assert result is not None
    last = result.deals
    points = {(p, role, s): 0 for p in (0, 1) for role in ("dealer", "pone") for s in SOURCES}
    dealer = None
    for event in game.events:
        if event.kind is EventKind.DEAL:
            dealer = event.player
        if event.deal >= last or not event.points or event.player is None:
            continue
        if event.source is None or event.source not in SOURCES:
            continue
        role = "dealer" if event.player == dealer else "pone"
        points[event.player, role, str(event.source)] += event.points
    close = None
    first = index % 2
    starts = [(0, 0), *game.deal_scores[:-1]]
    for deal, (a, b) in enumerate(starts):
        deal_dealer = first if deal % 2 == 0 else 1 - first
        if (game.options.target - a <= CLOSE_NEED and game.options.target - b <= CLOSE_NEED
                and abs(a - b) <= CLOSE_GAP):
            close = win_probability(a, b, dealer=deal_dealer == 0)
            break
    return {"winner": result.winner, "whole_deals": max(0, last - 1),
            "points": {f"{p}|{r}|{s}": v for (p, r, s), v in points.items()},
            "close": close}


def master_match(n: int, seed: int, executor: Executor | None,
                 part: str = "both") -> list[dict[str, Any]]:
    seeds = random.Random(seed)
    tasks = [(i, seeds.getrandbits(63), part) for i in range(n)]
    batches = [tasks[i:i + BATCH] for i in range(0, n, BATCH)]
    parts = (map(_master_batch, batches) if executor is None
             else executor.map(_master_batch, batches))
    records: list[dict[str, Any]] = []
    for part in parts:
        records.extend(part)
        if len(records) % 2000 == 0 or len(records) == n:
            wins = sum(r["winner"] == 0 for r in records)
            low, high = wilson_interval(wins, len(records))
            print(f"  {len(records)} games: master {wins / len(records):.1%} "
                  f"(95% CI {low:.1%} to {high:.1%})", flush=True)
    return records


def report_master(records: list[dict[str, Any]]) -> list[str]:
    n = len(records)
    wins = sum(r["winner"] == 0 for r in records)
    low, high = wilson_interval(wins, n)
    verdict = "meets" if low > 0.5 else "MISSES"
    lines = [f"master vs expert: {wins}/{n} = {wins / n:.1%} (95% CI {low:.1%} to "
             f"{high:.1%}); goal: lower end above 50%: {verdict}"]
    deals = sum(r["whole_deals"] for r in records)
    lines.append(f"points per whole deal ({deals} deals; each player deals about half)")
    lines.append(f"  {'':17}" + "".join(f"{s:>9}" for s in (*SOURCES, "total")))
    for p, name in ((0, "master"), (1, "expert")):
        for role in ("dealer", "pone"):
            values = [sum(r["points"][f"{p}|{role}|{s}"] for r in records) / (deals / 2)
                      for s in SOURCES]
            lines.append(f"  {name + ' as ' + role:17}"
                         + "".join(f"{v:9.2f}" for v in (*values, sum(values))))
    close = [r for r in records if r["close"] is not None]
    if close:
        won = sum(r["winner"] == 0 for r in close)
        expected = sum(r["close"] for r in close) / len(close)
        c_low, c_high = wilson_interval(won, len(close))
        lines.append(f"close near the end ({len(close)} games: both within {CLOSE_NEED} of "
                     f"home and {CLOSE_GAP} of each other at a deal's start): master won "
                     f"{won / len(close):.1%} (95% CI {c_low:.1%} to {c_high:.1%}); the table "
                     f"expected {expected:.1%} between two experts")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply the number of games (for a quick look)")
    parser.add_argument("--only", choices=("classic", "master"),
                        help="run only the classic matches or only master vs expert")
    parser.add_argument("--part", choices=("both", "pegging", "endgame"), default="both",
                        help="an ablation: the master with only its pegging-aware throw, or "
                             "only its play for the game near the end (default both)")
    args = parser.parse_args()
    lines = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        if args.only != "master":
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
        if args.only != "classic":
            n = max(2, round(MASTER_GAMES * args.scale))
            start = time.perf_counter()
            records = master_match(n, args.seed, pool if args.workers > 1 else None,
                                   args.part)
            master_lines = report_master(records)
            print("\n".join(master_lines[1:]))
            print(f"({time.perf_counter() - start:.1f} s, seed {args.seed})")
            print()
            lines.append(master_lines[0])
    print("\n".join(lines))


if __name__ == "__main__":
    main()
