"""Generate cribbage_edu/data/win_table.json (and win_deals.npz): the chance to win.

    python scripts/make_win_table.py                  # the shipped table (a few minutes)
    python scripts/make_win_table.py --deals 2000 --out /tmp/tables --deals-out /tmp/tables

Plays the seeded sequence of deals between two expert players (each deal alone, from
0-0), keeps the order of every deal's points, and solves the chance to win for every
position of the 121- and 61-point games from that sample (the model and its limits
are described in cribbage_edu/tables/chance.py and written into the table's header). The
deals themselves go to cribbage_edu/models/data/win_deals.npz, kept in the repository but
not installed with the package, so a test can re-play the first of them and re-solve the
tables, and compare.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

import numpy as np

from cribbage_edu import __version__
from cribbage_edu.models.chancemodel import DEALS, DEALS_FILE, DEALS_FOLDER, simulate_deals, solve
from cribbage_edu.rules.options import TARGETS
from cribbage_edu.study.workers import map_in_order
from cribbage_edu.tables.chance import STREAM, WIN_TABLE_FILE

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "cribbage_edu" / "data"
DIGITS = 9  # the chances are written rounded to this many decimals
SCENARIOS = 2000  # the first deals, also written to the table for players to think with
SEED = 2026
CHUNK = 2000


def _chunk(args: tuple[int, int, int]) -> np.ndarray:
    start, n, seed = args
    return simulate_deals(n, seed=seed, start=start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"the folder to write {WIN_TABLE_FILE} to")
    parser.add_argument("--deals-out", type=Path, default=DEALS_FOLDER,
                        help=f"the folder to write {DEALS_FILE} to (kept in the repository, "
                             f"not installed)")
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--workers", type=int, default=1,
                        help="processes for the simulation (default 1: a shared machine)")
    args = parser.parse_args(argv)
    began = time.perf_counter()

    def say(text: str) -> None:
        print(f"{time.perf_counter() - began:7.1f} s  {text}", flush=True)

    tasks = [(start, min(CHUNK, args.deals - start), args.seed)
             for start in range(0, args.deals, CHUNK)]
    parts: list[np.ndarray] = []
    for part in map_in_order(_chunk, tasks, workers=args.workers):
        parts.append(part)
        say(f"{sum(len(p) for p in parts)} deals played")
    deals = np.concatenate(parts) if parts else np.zeros((0, len(STREAM)), np.int8)
    tables: dict[str, list[list[float]]] = {}
    for target in TARGETS:
        tables[f"table{target}"] = [[round(float(x), DIGITS) for x in row]
                                    for row in solve(deals, target)]
        say(f"solved the game to {target}")
    header = {
        "what": "the chance that the dealer wins, table<target>[dealer's score, pone's score], "
                "at the start of a deal",
        "model": "every deal is one of the stored deals, equally likely, its points in the "
                 "order scored: heels, the play point by point, pone's hand, the dealer's "
                 "hand, the crib; the first to reach the target wins",
        "players": ["expert", "expert"],
        "deals": len(deals),
        "deal_play": "each deal played alone from 0-0 (no one near the end), the dealer "
                     "alternating; deal i uses the i-th 63-bit draw of random.Random(seed)",
        "seed": args.seed,
        "stream": list(STREAM),
        "deals_file": DEALS_FILE,
        "scenarios": f"the first {SCENARIOS} deals, rows of the stream, for computer players "
                     "to weigh a deal with (the whole sample is in the deals file)",
        "rounded_to_decimals": DIGITS,
        "solver": "dynamic programming from the end of the board; a scoreless deal would "
                  "be solved exactly with its twin position",
        "generated_by": "python scripts/make_win_table.py",
        "seconds": round(time.perf_counter() - began, 1),
        "machine": f"{platform.python_implementation()} {platform.python_version()}, "
                   f"{platform.machine()}",
        "package_version": __version__,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    args.deals_out.mkdir(parents=True, exist_ok=True)
    with (args.deals_out / DEALS_FILE).open("wb") as handle:
        np.savez_compressed(handle, deals=np.asfortranarray(deals))
    text = ('{"header": ' + json.dumps(header, indent=1) + ",\n"
            + ",\n".join(f'"{name}": [\n' + ",\n".join(json.dumps(row) for row in rows) + "\n]"
                         for name, rows in tables.items()) + ",\n"
            + '"scenarios": [\n' + ",\n".join(json.dumps([int(x) for x in row])
                                               for row in deals[:SCENARIOS]) + "\n]}\n")
    (args.out / WIN_TABLE_FILE).write_text(text, encoding="utf-8")
    say(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
