"""Generate cribbage_edu/data/peg_table.json: what each kept hand pegs, by simulation.

    python scripts/make_peg_table.py                  # the shipped table (about an hour)
    python scripts/make_peg_table.py --workers 2      # on two cores
    python scripts/make_peg_table.py --samples 20 --out /tmp/peg.json

For each of the 1,820 kinds of kept hand (four ranks) and each role, plays the same
seeded deals against an expert and sums the points each side pegs (the model is
described in cribbage_edu/tables/pegtable.py and written into the file's header). The sums
are whole numbers, so a test can re-play any entry and compare exactly.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from cribbage_edu import __version__
from cribbage_edu.models.pegmodel import sample_seeds, simulate_entry, table_rows
from cribbage_edu.study.workers import map_in_order
from cribbage_edu.tables.pegtable import SAMPLES, EntrySums, Ranks, keep_classes

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "cribbage_edu" / "data" / "peg_table.json"
SEED = 2027
CHUNK = 20


def _chunk(args: tuple[list[Ranks], int, int]) -> list[tuple[Ranks, bool, EntrySums]]:
    keeps, samples, seed = args
    seeds = sample_seeds(samples, seed)
    return [(keep, dealer, simulate_entry(keep, dealer, seeds))
            for keep in keeps for dealer in (True, False)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--first", type=int, default=None, metavar="N",
                        help="only the first N kinds of kept hand (to check part of it)")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes (default 1: a shared machine)")
    args = parser.parse_args(argv)
    began = time.perf_counter()

    def say(text: str) -> None:
        print(f"{time.perf_counter() - began:7.1f} s  {text}", flush=True)

    classes = keep_classes()[:args.first]
    tasks = [(classes[i:i + CHUNK], args.samples, args.seed)
             for i in range(0, len(classes), CHUNK)]
    sums: dict[tuple[Ranks, bool], EntrySums] = {}

    def take(part: list[tuple[Ranks, bool, EntrySums]]) -> None:
        for keep, dealer, entry in part:
            sums[keep, dealer] = entry
        say(f"{len(sums) // 2} of {len(classes)} kept hands")

    for part in map_in_order(_chunk, tasks, workers=args.workers):
        take(part)
    header = {
        "what": "points pegged in the play by a kept hand (four ranks) and by the opponent, "
                "as dealer and as pone, summed over simulated deals",
        "row": "ranks, then for dealer and for pone: [deals, sum of yours, sum of squares, "
               "sum of theirs, sum of squares, sum of squared (yours - theirs)]",
        "opponent": "expert: throws the best hand plus or minus crib, lays cards by the "
                    "expert's look-ahead",
        "you": "lay cards as the expert does; your other two cards are any two",
        "deals": "deal j of every entry shuffles the deck with the j-th 63-bit draw of "
                 "random.Random(seed); your four cards take suits drawn with "
                 "random.Random(f'{shuffle seed} {ranks}'); of the rest of the shuffled "
                 "deck the opponent gets the first six, your throw the next two, then "
                 "the starter",
        "samples": args.samples,
        "seed": args.seed,
        "generated_by": "python scripts/make_peg_table.py",
        "seconds": round(time.perf_counter() - began, 1),
        "machine": f"{platform.python_implementation()} {platform.python_version()}, "
                   f"{platform.machine()}",
        "package_version": __version__,
    }
    rows = table_rows(sums, classes)
    text = ('{"header": ' + json.dumps(header, indent=1) + ',\n"rows": [\n'
            + ",\n".join(json.dumps(row) for row in rows) + "\n]}\n")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    say(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
