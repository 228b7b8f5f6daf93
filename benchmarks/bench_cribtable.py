"""How long the crib table takes to generate, and whether it comes out the same.

Run by hand (a few minutes; about 2.5 GB of memory)::

    python benchmarks/bench_cribtable.py

Goal (issue 4): at most 10 minutes on the 2-core machine. Runs
``scripts/make_crib_table.py`` into a temporary file, times it, and compares the result
with the shipped ``cribbage_edu/data/crib_table.json``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "crib_table.json"
        began = time.perf_counter()
        subprocess.run([sys.executable, str(ROOT / "scripts" / "make_crib_table.py"),
                        "--out", str(out)], check=True)
        seconds = time.perf_counter() - began
        made = json.loads(out.read_text())
    shipped = json.loads((ROOT / "cribbage_edu" / "data" / "crib_table.json").read_text())
    same = made["rows"] == shipped["rows"]
    print(f"generation: {seconds:.1f} s ({made['header']['rounds']} rounds); "
          f"identical to the shipped table: {same}")


if __name__ == "__main__":
    main()
