"""Generate cribbage_edu/data/crib_table.json, the crib table the discard advisor uses.

    python scripts/make_crib_table.py            # the shipped table (a few minutes)
    python scripts/make_crib_table.py --out /tmp/crib.json --rounds 3

The model is described in cribbage_edu/models/cribmodel.py and written into the file's
header: the other player's six cards are every hand of the 50 unseen cards, that
player throws what the advisor throws (with the previous round's table, starting
from the table for uniformly random throws), the starter is any of the 48 cards
outside the crib, every crib is scored exactly. Rounds repeat until no entry moves
by more than the tolerance. The file also keeps the input of the last round, so a
test can re-run that round and compare.
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path

from cribbage_edu import __version__
from cribbage_edu.models.cribmodel import ROUNDS, TOLERANCE, strategic_tables, write_table

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "cribbage_edu" / "data" / "crib_table.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--tolerance", type=float, default=TOLERANCE)
    args = parser.parse_args(argv)
    began = time.perf_counter()

    def say(text: str) -> None:
        print(f"{time.perf_counter() - began:7.1f} s  {text}", flush=True)

    tables, previous, changes = strategic_tables(
        rounds=args.rounds, tolerance=args.tolerance, progress=say)
    seconds = time.perf_counter() - began
    header = {
        "what": "expected crib points of a thrown pair, by ranks and suited or not",
        "model": "strategic",
        "own_crib": "the dealer throws the pair into his own crib; pone throws the other "
                    "two cards as advise(dealer=False) does",
        "opponent_crib": "pone throws the pair into the dealer's crib; the dealer throws "
                         "the other two cards as advise(dealer=True) does",
        "other_hand": "every six-card hand of the 50 cards other than the pair, equally "
                      "likely (the thrower's four kept cards are not taken into account)",
        "starter": "each of the 48 cards outside the crib, equally likely",
        "scoring": "fifteens, pairs, runs, five-card crib flush, nobs; exact enumeration",
        "first_round_from": "uniform: the other two cards any two of the 50 unseen cards",
        "rounds": len(changes),
        "largest_change_per_round": changes,
        "tolerance": args.tolerance,
        "converged": changes[-1] <= args.tolerance,
        "generated_by": "python scripts/make_crib_table.py",
        "seconds": round(seconds, 1),
        "machine": f"{platform.python_implementation()} {platform.python_version()}, "
                   f"{platform.machine()}",
        "package_version": __version__,
    }
    write_table(str(args.out), tables, header, previous=previous)
    say(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
