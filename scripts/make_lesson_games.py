"""Play the expert-against-expert games the lessons read, and store their records.

Lessons 11 to 13 need thousands of games for their intervals to be narrow, more than a
lesson can play in the seconds it is given. This script plays them once, seeded, and
writes one line a game to ``lessons/data/expert_games.csv``: who dealt first, who won,
the final scores, the length, and the points each role (dealer, pone) scored from each
source over the whole deals (every deal but the last, which the win cuts short). The
lessons compute every figure from these records, and replay a few games to show they
are what the engine plays.

Usage (from anywhere)::

    .venv/bin/python scripts/make_lesson_games.py             # 4,000 games, seed 2024 (minutes)
    .venv/bin/python scripts/make_lesson_games.py --check 20  # replay the first 20, compare

``--check`` exits with status 1 if the replayed games differ from the stored ones (the
engine or the expert changed: run the script again and re-run lessons 11 to 13).
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

from cribbage_edu.rules.events import SOURCES
from cribbage_edu.study.simulation import simulate

PATH = Path(__file__).resolve().parent.parent / "lessons" / "data" / "expert_games.csv"
GAMES = 4000
SEED = 2024
PLAYERS = ("expert", "expert")
FIELDS = ["index", "first_dealer", "winner", "score_0", "score_1", "deals",
          "whole_deals", *(f"{role}_{source}" for role in ("dealer", "pone")
                           for source in SOURCES)]


def rows(n_games: int, seed: int = SEED) -> list[dict[str, int]]:
    """The records of the first ``n_games`` games of the seeded simulation, as rows."""
    result = simulate(n_games, list(PLAYERS), seed=seed)
    out = []
    for g in result.games:
        row = {"index": g.index, "first_dealer": g.first_dealer,
               "winner": g.winner, "score_0": g.scores[0], "score_1": g.scores[1],
               "deals": g.deals, "whole_deals": g.whole_deals}
        for source in SOURCES:
            row[f"dealer_{source}"] = g.dealer_points[source]
            row[f"pone_{source}"] = g.pone_points[source]
        out.append(row)
    return out


def stored(path: Path = PATH) -> list[dict[str, int]]:
    """The stored rows, as whole numbers."""
    with path.open(newline="", encoding="utf-8") as handle:
        return [{key: int(value) for key, value in row.items()}
                for row in csv.DictReader(handle)]


def check(n_games: int, path: Path = PATH) -> list[int]:
    """Replay the first ``n_games`` games; return the indexes of those that differ from
    the stored records (empty when all agree)."""
    fresh = rows(n_games)
    kept = stored(path)[:n_games]
    return [row["index"] for row, old in zip(fresh, kept, strict=True) if row != old]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--check", type=int, metavar="N",
                        help="replay the first N games and compare them with the stored ones")
    args = parser.parse_args(argv)
    if args.check:
        differ = check(args.check)
        print(f"{args.check} games replayed: "
              + (f"{len(differ)} differ ({differ[:10]})" if differ else "all agree"))
        return 1 if differ else 0
    PATH.parent.mkdir(parents=True, exist_ok=True)
    with PATH.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows(args.games))
    print(f"wrote {args.games} games to {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
