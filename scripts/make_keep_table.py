"""Generate cribbage_edu/data/keep_table.json, the keep a strong player makes of every six.

    python scripts/make_keep_table.py            # the shipped table (about ten seconds)
    python scripts/make_keep_table.py --out /tmp/keeps.json

For each of the 18,395 multisets of six ranks (:func:`cribbage_edu.tables.keeptable.sixes`)
and each role, the split :func:`cribbage_edu.strategy.reading.strong_keep_split` makes
(hand, crib and play together, by ranks), one character a six; the header names the crib
and pegging tables it was worked from by their SHA-256.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from cribbage_edu import __version__
from cribbage_edu.strategy.reading import strong_keep_split
from cribbage_edu.tables.keeptable import KEEP_TABLE_FILE, SPLIT_CODES, sixes, source_digests

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "cribbage_edu" / "data" / KEEP_TABLE_FILE


def keep_codes(dealer: bool) -> str:
    """The split of every six for one role, one character a six, in the table's order."""
    return "".join(SPLIT_CODES[strong_keep_split(six, dealer)] for six in sixes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    header = {
        "what": "the split of six ranks a strong player keeps (hand, crib and play "
                "together, by ranks): cribbage_edu.strategy.reading.strong_keep_split",
        "rows": "the sixes of cribbage_edu.tables.keeptable.sixes, in order",
        "codes": f"each character the place in cribbage_edu.strategy.ranks.SPLITS: "
                 f"{SPLIT_CODES}",
        "sources": source_digests(),
        "version": __version__,
    }
    data = {"header": header, "pone": keep_codes(False), "dealer": keep_codes(True)}
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(sixes())} sixes, two roles, "
          f"{time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
