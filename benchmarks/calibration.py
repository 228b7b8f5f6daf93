"""Does the chance-to-win table predict real games? Play them out and compare.

Run by hand (a few minutes on one core)::

    python benchmarks/calibration.py [--games 1000] [--seed 7] [--out benchmarks/results]

From a spread of positions (the start, mid-game, 5 to 15 points from home for either
side or both, and the 61-point game), each with either player dealing, it plays
``--games`` seeded games between two ``expert`` players with
``Game(scores=..., first_dealer=...)`` and counts how often the first-named player
wins, against :func:`cribbage_edu.tables.chance.win_probability`. It prints, per position,
the predicted chance, the observed share with its 95% Wilson interval and whether
the prediction lies inside it; then the Brier score of the predictions (the mean of
(predicted - won)^2 over the games) beside two yardsticks: what a perfectly
calibrated forecaster would expect with the same predictions (the mean of
p(1 - p)), and always saying 50% (0.25). A second check takes every deal that
started in those games (positions the games passed through), bins them by the
predicted chance and compares with how often the player went on to win.

It writes ``calibration.json`` (every figure) and ``calibration.png`` (the chart) to
``--out``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from cribbage_edu.charts import calibration_chart
from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.game import Game
from cribbage_edu.stats import wilson_interval
from cribbage_edu.strategy.players import ExpertPlayer
from cribbage_edu.tables.chance import win_probability

# (your score, the other's score, target): each is played with you dealing and pone
POSITIONS: tuple[tuple[int, int, int], ...] = (
    (0, 0, 121),           # the start
    (40, 30, 121), (60, 60, 121), (60, 80, 121), (80, 60, 121), (90, 95, 121),
    (106, 106, 121), (111, 111, 121), (116, 116, 121),    # both 5-15 from home
    (106, 90, 121), (111, 95, 121), (116, 100, 121),      # you near, they further
    (90, 106, 121), (95, 111, 121), (100, 116, 121),      # they near, you further
    (111, 116, 121), (116, 111, 121), (106, 116, 121), (116, 106, 121),
    (0, 0, 61), (30, 30, 61), (46, 46, 61), (51, 41, 61), (41, 51, 61), (56, 51, 61),
    (51, 56, 61),
)


def play_from(score: int, other: int, target: int, *, dealer: bool, seed: int
              ) -> tuple[bool, list[tuple[int, int, bool, bool]]]:
    """One game from a position between two experts. Returns whether player 0 (with
    ``score``) won, and every deal start the game passed through as (player 0's
    score, player 1's, player 0 dealing, target)."""
    game = Game(seed, target=target, first_dealer=0 if dealer else 1,
                scores=(score, other))
    experts = [ExpertPlayer(), ExpertPlayer()]
    play_out(game, experts)
    starts = [(score, other, dealer)]
    deal_dealer = dealer
    for a, b in game.deal_scores[:-1]:
        deal_dealer = not deal_dealer
        starts.append((a, b, deal_dealer))
    won = game.winner == 0
    return won, [(a, b, d, won) for a, b, d in starts]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per position and dealer")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    draw = random.Random(args.seed)
    rows: list[dict[str, Any]] = []
    passed: dict[int, list[tuple[float, bool]]] = {121: [], 61: []}
    squared = expected = 0.0
    n_games = 0
    for score, other, target in POSITIONS:
        for dealer in (True, False):
            predicted = win_probability(score, other, dealer=dealer, target=target)
            wins = 0
            for _ in range(args.games):
                won, starts = play_from(score, other, target, dealer=dealer,
                                        seed=draw.getrandbits(63))
                wins += won
                squared += (predicted - won) ** 2
                expected += predicted * (1 - predicted)
                for a, b, d, w in starts:
                    passed[target].append((win_probability(a, b, dealer=d, target=target), w))
            n_games += args.games
            low, high = wilson_interval(wins, args.games)
            rows.append({"score": score, "other": other, "target": target, "dealer": dealer,
                         "predicted": predicted, "games": args.games, "wins": wins,
                         "observed": wins / args.games, "low": low, "high": high,
                         "inside": low <= predicted <= high})
            role = "dealer" if dealer else "pone  "
            print(f"{score:3d}-{other:<3d} to {target:3d} as {role}: predicted "
                  f"{predicted:6.1%}, won {wins / args.games:6.1%} (95% CI {low:6.1%} to "
                  f"{high:6.1%}){'' if low <= predicted <= high else '   OUTSIDE'}",
                  flush=True)
    bins: list[dict[str, Any]] = []
    for target, points in passed.items():
        for k in range(10):
            inside = [(p, w) for p, w in points if k / 10 <= p < (k + 1) / 10 or
                      (k == 9 and p == 1.0)]
            if not inside:
                continue
            wins = sum(w for _, w in inside)
            low, high = wilson_interval(wins, len(inside))
            bins.append({"target": target, "from": k / 10, "to": (k + 1) / 10,
                         "predicted": sum(p for p, _ in inside) / len(inside),
                         "deals": len(inside), "observed": wins / len(inside),
                         "low": low, "high": high})
    all_passed = passed[121] + passed[61]
    summary = {
        "games": n_games, "seed": args.seed, "games_per_position": args.games,
        "brier": squared / n_games, "brier_if_calibrated": expected / n_games,
        "brier_always_half": 0.25,
        "inside": sum(r["inside"] for r in rows), "positions": len(rows),
        "deal_starts": len(all_passed),
        "brier_deal_starts": sum((p - w) ** 2 for p, w in all_passed) / len(all_passed),
        "seconds": round(time.perf_counter() - began, 1),
    }
    print(f"Brier score over {n_games} games: {summary['brier']:.4f} (a perfectly calibrated "
          f"forecast would expect {summary['brier_if_calibrated']:.4f}; always 50%: 0.25)")
    print(f"{summary['inside']} of {len(rows)} predictions inside the 95% interval of play")
    print(f"over {len(all_passed)} deal starts passed through: Brier "
          f"{summary['brier_deal_starts']:.4f}")
    for b in bins:
        print(f"  to {b['target']:3d}, predicted {b['from']:.0%}-{b['to']:.0%}: mean "
              f"{b['predicted']:6.1%}, won {b['observed']:6.1%} (95% CI {b['low']:6.1%} to "
              f"{b['high']:6.1%}) over {b['deals']} deals")
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "calibration.json").write_text(
        json.dumps({"summary": summary, "positions": rows, "bins": bins}, indent=1) + "\n")
    fig = calibration_chart(rows, bins=bins, brier=summary["brier"])
    fig.savefig(args.out / "calibration.png")
    print(f"({summary['seconds']} s) wrote {args.out / 'calibration.json'} and calibration.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
