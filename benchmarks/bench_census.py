"""How long the census of all 12,994,800 (hand, starter) combinations takes.

Run by hand::

    python benchmarks/bench_census.py [--repeats 5]

Each measurement is a fresh Python process (nothing cached), timing
``score_distribution()`` for the hand rule and for the crib rule: the call alone,
and the call with the import of ``cribbage_edu`` before it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections.abc import Sequence

CHILD = """
import json, time
start = time.perf_counter()
from cribbage_edu.study.analysis import score_distribution
imported = time.perf_counter()
dist = score_distribution(crib={crib})
done = time.perf_counter()
print(json.dumps({{"call": done - imported, "with_import": done - start,
                  "hands": sum(dist.values()), "zeroes": dist[0]}}))
"""


def measure(crib: bool) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", CHILD.format(crib=crib)],
                          capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time score_distribution() in fresh processes.")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"score_distribution(), each run in a fresh process, {args.repeats} runs; "
          "seconds: best / median")
    for crib in (False, True):
        runs = [measure(crib) for _ in range(args.repeats)]
        call = [r["call"] for r in runs]
        whole = [r["with_import"] for r in runs]
        rule = "crib rule" if crib else "hand rule"
        print(f"  {rule}: call {min(call):.3f} / {statistics.median(call):.3f} s; "
              f"with the import {min(whole):.3f} / {statistics.median(whole):.3f} s  "
              f"({int(runs[0]['hands']):,} combinations, {int(runs[0]['zeroes']):,} score 0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
