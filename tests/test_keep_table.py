"""The keep table (``cribbage_edu.tables.keeptable``): one keep for every six, the same
keeps the read works out (re-run on a seeded sample), made from today's crib and pegging
tables, and bad sixes refused."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cribbage_edu.rules.errors import IllegalHandError
from cribbage_edu.strategy.ranks import SPLITS
from cribbage_edu.strategy.reading import strong_keep_split
from cribbage_edu.tables.keeptable import keep_split, sixes, source_digests, table_header


def test_the_table_has_a_row_for_every_six_a_deck_deals() -> None:
    """Six ranks of 13 with repeats are C(18, 6) = 18,564 multisets; those with five of a
    rank (13 ranks, then any one of 13 for the sixth card, 169) no deck deals: 18,395."""
    rows = sixes()
    assert len(rows) == math.comb(18, 6) - 13 * 13 == 18_395
    assert len(set(rows)) == len(rows) and list(rows) == sorted(rows)
    assert all(list(six) == sorted(six) and max(six.count(r) for r in six) <= 4
               for six in rows)


def test_the_shipped_keeps_are_those_the_read_works_out() -> None:
    """The script's computation re-run on 600 sixes drawn at random (seeded), both roles."""
    rng = random.Random(25)
    for six in rng.sample(sixes(), 600):
        for dealer in (False, True):
            assert keep_split(six, dealer) == strong_keep_split(six, dealer), (six, dealer)


def test_the_table_was_made_from_the_shipped_crib_and_pegging_tables() -> None:
    assert table_header()["sources"] == source_digests()


@pytest.mark.parametrize(("dealer", "kept"), [(False, [5, 5, 11, 12]),
                                              (True, [5, 11, 12, 13])])
def test_a_keep_worked_by_hand(dealer: bool, kept: list[int]) -> None:
    """Of 2 5 5 J Q K: 5 5 J Q holds four fifteens and a pair (10 points before the
    starter) and throws K 2; 5 J Q K holds three fifteens and a run of three (9) and
    throws 5 2. Pone keeps the 10 and gives the dealer no five; the dealer gives up a
    point of hand to put 5 2 (a fifteen waiting for any ten-card) in his own crib."""
    six = (2, 5, 5, 11, 12, 13)
    assert [six[k] for k in SPLITS[keep_split(six, dealer)][0]] == kept


@pytest.mark.parametrize("bad", [(5, 5, 5, 5, 5, 1), (13, 1, 2, 3, 4, 5), (0, 1, 2, 3, 4, 5),
                                 (1, 2, 3, 4, 5)])
def test_a_six_no_deck_deals_is_refused(bad: tuple[int, ...]) -> None:
    with pytest.raises(IllegalHandError, match="six sorted ranks"):
        keep_split(bad, dealer=True)


def test_the_script_writes_the_shipped_file(tmp_path: Path) -> None:
    """scripts/make_keep_table.py, run whole in its own interpreter (a second or two),
    writes the shipped file byte for byte."""
    root = Path(__file__).resolve().parent.parent
    out = tmp_path / "keeps.json"
    subprocess.run([sys.executable, str(root / "scripts" / "make_keep_table.py"), "--out",
                    str(out)], check=True, capture_output=True, timeout=300)
    assert out.read_bytes() == (root / "cribbage_edu" / "data" / "keep_table.json").read_bytes()
