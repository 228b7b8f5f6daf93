"""The census of all 12,994,800 (hand, starter) combinations, our perft: checked
against the published distribution, never against the engine's own output.

Source: Steven S. Lumetta, "Amusing Cribbage Facts"
(http://lumetta.web.engr.illinois.edu/humor/cribbage.html), the same table as
Wikipedia's "Cribbage statistics" (which adds 1,022,208 zero-point cribs).
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from cribbage_edu import score_hand
from cribbage_edu.study.analysis import HANDS_WITH_STARTER, score_distribution

# total: number of (four-card hand, starter) combinations scoring it, hand rule
PUBLISHED = {
    0: 1_009_008, 1: 99_792, 2: 2_813_796, 3: 505_008, 4: 2_855_676, 5: 697_508,
    6: 1_800_268, 7: 751_324, 8: 1_137_236, 9: 361_224, 10: 388_740, 11: 51_680,
    12: 317_340, 13: 19_656, 14: 90_100, 15: 9_168, 16: 58_248, 17: 11_196, 18: 2_708,
    20: 8_068, 21: 2_496, 22: 444, 23: 356, 24: 3_680, 28: 76, 29: 4,
}
PUBLISHED_TOTAL_POINTS = 61_974_180  # mean 4.769 a hand
PUBLISHED_CRIB_ZEROES = 1_022_208


def test_the_published_table_is_self_consistent() -> None:
    assert sum(PUBLISHED.values()) == comb(52, 4) * 48 == 12_994_800
    assert sum(t * n for t, n in PUBLISHED.items()) == PUBLISHED_TOTAL_POINTS


def test_census_matches_the_published_table() -> None:
    assert score_distribution() == PUBLISHED


def test_census_totals() -> None:
    dist = score_distribution()
    assert HANDS_WITH_STARTER == sum(dist.values()) == 12_994_800
    assert sum(t * n for t, n in dist.items()) == PUBLISHED_TOTAL_POINTS
    assert round(PUBLISHED_TOTAL_POINTS / HANDS_WITH_STARTER, 3) == 4.769
    for impossible in (19, 25, 26, 27):
        assert impossible not in dist
    assert max(dist) == 29


def test_the_28s_and_the_29s_by_hand() -> None:
    # the four fives and one ten-card (16 of them) make a five-card set; any of its 5
    # cards may be the starter: 80 combinations. The 29 is the one where a five is
    # turned and the ten-card is the jack of its suit: 4. That leaves 76 at 28.
    dist = score_distribution()
    assert dist[29] == 4
    assert dist[28] == 16 * 5 - 4 == 76


def test_crib_census_zeroes() -> None:
    crib = score_distribution(crib=True)
    assert crib[0] == PUBLISHED_CRIB_ZEROES
    assert sum(crib.values()) == 12_994_800


def test_crib_census_differs_from_the_hand_only_by_four_card_flushes() -> None:
    # RULES.md: a crib counts like a hand except that a four-card flush (the starter of
    # another suit) scores 0 instead of 4. There are 4 suits x C(13,4) x 39 such
    # combinations: 111,540, so the crib census is the published hand census with
    # those moved down by 4 points. Enumerate one suit's (by symmetry) with score_hand.
    moved: dict[int, int] = {}
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    for four in combinations(ranks, 4):
        hand = [r + "H" for r in four]
        for starter in (r + s for r in ranks for s in "CDS"):
            total = score_hand(hand, starter).total
            moved[total] = moved.get(total, 0) + 4
    assert sum(moved.values()) == 4 * comb(13, 4) * 39 == 111_540
    expected = dict(PUBLISHED)
    for total, n in moved.items():
        expected[total] -= n
        expected[total - 4] = expected.get(total - 4, 0) + n
    expected = {t: n for t, n in expected.items() if n}
    crib = score_distribution(crib=True)
    assert crib == expected
    assert sum(t * n for t, n in crib.items()) == PUBLISHED_TOTAL_POINTS - 4 * 111_540
    assert expected[0] == PUBLISHED_CRIB_ZEROES


def test_census_returns_a_fresh_dict() -> None:
    first = score_distribution()
    first[0] = -1
    assert score_distribution()[0] == PUBLISHED[0]
