"""The census by kind of points: against brute force on a subset of cells, against
hand-worked counts and against the totals of the whole census."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, product

import pytest

from cribbage_edu import Card, Rank, Suit, score_hand
from cribbage_edu.strategy.ranks import four_rank_multisets, starter_rank_points
from cribbage_edu.study.analysis import (
    HANDS_WITH_STARTER,
    SHOW_KINDS,
    census_cell,
    kind_distributions,
    kind_frequencies,
    kind_means,
    score_distribution,
)

KIND_ATTRS = {"fifteen": "fifteens", "pair": "pairs", "run": "runs", "flush": "flush",
              "nobs": "nobs"}


def brute_cell(hand: tuple[int, ...], s: int, crib: bool) -> dict[str, dict[int, int]]:
    """Score every real (hand, starter) with these ranks, kind by kind."""
    tally: dict[str, dict[int, int]] = {k: {} for k in SHOW_KINDS}
    choices = [combinations(list(Suit), c) for c in hand]
    for suit_sets in product(*[list(c) for c in choices]):
        cards = [Card(r + 1, su) for r, suits in enumerate(suit_sets) for su in suits]
        for starter_suit in Suit:
            starter = Card(s + 1, starter_suit)
            if starter in cards:
                continue
            score = score_hand(cards, starter, crib=crib)
            for kind, attr in KIND_ATTRS.items():
                points = getattr(score, attr)
                tally[kind][points] = tally[kind].get(points, 0) + 1
    return tally


@pytest.mark.parametrize("crib", [False, True])
def test_cells_match_brute_force(crib: bool) -> None:
    rng = random.Random(4)
    hands = four_rank_multisets()
    cells = [(h, s) for h in rng.sample(hands, 60) for s in range(13) if h[s] < 4]
    cells += [(h, 10) for h in hands if max(h) == 1 and h[10]][:10]  # jack starters
    for hand, s in rng.sample(cells, 120):
        parts, flush, nobs = census_cell(hand, s, crib)
        brute = brute_cell(hand, s, crib)
        ways = sum(flush.values())
        for kind, points in zip(("fifteen", "pair", "run"), parts, strict=True):
            assert brute[kind] == {points: ways}, (hand, s, kind)
        assert brute["flush"] == {p: n for p, n in flush.items() if n}, (hand, s)
        assert brute["nobs"] == {p: n for p, n in nobs.items() if n}, (hand, s)


def test_hand_worked_counts() -> None:
    kinds = kind_distributions()
    # a hand flush: 4 of one suit, starter of another suit (39 of the 48)
    assert kinds["flush"][4] == 715 * 4 * 39
    # five of a suit: choose the 5 cards, any of them the starter
    assert kinds["flush"][5] == 1287 * 4 * 5
    # nobs: a jack held, a starter of its suit but not a jack, any 3 other cards
    assert kinds["nobs"][1] == 4 * 12 * 19600
    # four of a kind: 13 ranks, any fifth card, any of the five the starter
    assert kinds["pair"][12] == 13 * 48 * 5
    # a triple run of three: 11 runs, 3 ranks to triple, 4 * 4 * 4 suits, 5 starters
    assert kinds["run"][9] == 11 * 3 * 4 * 16 * 5
    # a double-double run (two ranks doubled): 11 * 3 patterns, 6 * 6 * 4 suits
    assert kinds["run"][12] == 11 * 3 * 6 * 6 * 4 * 5
    # sixteen for fifteens: four fives and a ten-card (16 of them), any one the starter
    assert kinds["fifteen"][16] == 16 * 5


@pytest.mark.parametrize("crib", [False, True])
def test_kinds_add_up_to_the_census(crib: bool) -> None:
    kinds = kind_distributions(crib)
    for counts in kinds.values():
        assert sum(counts.values()) == HANDS_WITH_STARTER
    census = score_distribution(crib)
    mean = Fraction(sum(t * n for t, n in census.items()), HANDS_WITH_STARTER)
    assert sum(kind_means(crib).values()) == mean


def test_the_crib_only_changes_the_flush() -> None:
    hand, crib = kind_distributions(), kind_distributions(crib=True)
    for kind in ("fifteen", "pair", "run", "nobs"):
        assert hand[kind] == crib[kind]
    assert crib["flush"] == {0: HANDS_WITH_STARTER - 25740, 5: 25740}


def test_frequencies() -> None:
    freq = kind_frequencies()
    # a pair among five cards: 1 - P(five different ranks)
    no_pair = Fraction(52 * 48 * 44 * 40 * 36, 52 * 51 * 50 * 49 * 48)
    assert freq["pair"] == 1 - no_pair
    assert freq["nobs"] == Fraction(940800, HANDS_WITH_STARTER)


def test_starter_rank_points_by_hand() -> None:
    # 2-3-4-4 with each starter, worked by hand
    row = starter_rank_points((2, 3, 4, 4))
    assert row[Rank.ACE - 1] == 2 + 2 * 4  # A-2-3-4 twice: double run of four
    assert row[Rank.FIVE - 1] == 2 + 2 + 2 * 4  # 2+4+4+5 only; pair; double run of four
    assert row[Rank.KING - 1] == 2 + 2 + 6  # K+2+3; pair; double run of three


@pytest.mark.slow
def test_pegging_per_deal_is_close_to_the_published_figures() -> None:
    # published: between good players pegging brings the dealer about 3.5 points a deal
    # and pone about 2.1. 250 seeded expert-against-expert games (~2,300 deals) give a
    # standard error near 0.06 points; the tolerance is 0.35.
    from concurrent.futures import ThreadPoolExecutor

    from cribbage_edu.study.simulation import simulate

    with ThreadPoolExecutor(max_workers=1) as pool:
        summary = simulate(250, ["expert", "expert"], seed=11, executor=pool).summary()
    assert summary.dealer_per_deal["pegging"] == pytest.approx(3.5, abs=0.35)
    assert summary.pone_per_deal["pegging"] == pytest.approx(2.1, abs=0.35)
    assert summary.dealer_per_deal["pegging"] > summary.pone_per_deal["pegging"]


def test_the_stats_command() -> None:
    # published census figures: 1,009,008 of the 12,994,800 (hand, starter) pairs score
    # nothing; 19, 25, 26 and 27 cannot be scored; the mean hand is about 4.77
    import io
    import json

    from cribbage_edu.cli import main

    out = io.StringIO()
    assert main(["stats", "--json"], stdout=out, stdin=io.StringIO(""),
                stderr=io.StringIO()) == 0
    data = json.loads(out.getvalue())
    assert data["hands"] == 12_994_800 == sum(data["counts"].values())
    assert data["counts"]["0"] == 1_009_008 and data["counts"]["29"] == 4
    assert data["mean"] == pytest.approx(4.77, abs=0.005)
    out = io.StringIO()
    assert main(["stats", "--crib"], stdout=out, stdin=io.StringIO(""),
                stderr=io.StringIO()) == 0
    impossible = [int(line.split()[0]) for line in out.getvalue().splitlines()
                  if line.endswith("(impossible)")]
    assert impossible == [19, 25, 26, 27]
