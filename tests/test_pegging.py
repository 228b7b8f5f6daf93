"""Pegging points for the last card laid: the traps worked by hand from RULES.md,
invariants, and a cross-check against tests/reference.py."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import DECK, RANKS, SUITS, random_pegging_sequence, ref_peg

from cribbage_edu import (
    FULL_DECK,
    Card,
    CardParseError,
    IllegalHandError,
    IllegalPlayError,
    Kind,
    Suit,
    score_play,
)


def points(cards: str) -> dict[str, int]:
    data = score_play(cards).to_dict()
    return {k: v for k, v in data.items() if v or k == "total"}


# --- the traps, worked by hand ---------------------------------------------------------


def test_five_seven_six_is_a_run() -> None:
    # the 6 makes 5-7-6: three consecutive ranks in any order, a run of three. Count 18.
    assert points("5H 7C 6D") == {"total": 3, "run": 3}
    assert score_play("5H 7C 6D").count == 18


def test_four_six_five_is_fifteen_and_a_run() -> None:
    # 4 + 6 + 5 = 15 (2) and 4-6-5 is a run of three (3): 5 for the five.
    assert points("4S 6H 5D") == {"total": 5, "fifteen": 2, "run": 3}


def test_four_six_five_three() -> None:
    # RULES.md: 4, 6, 5, 3 scores 3 for the 5 (and 2 for fifteen), then 4 for the 3
    # (3-4-5-6, count 18).
    assert points("4S 6H 5D") == {"total": 5, "fifteen": 2, "run": 3}
    assert points("4S 6H 5D 3C") == {"total": 4, "run": 4}


def test_three_four_three_five() -> None:
    # 3 4 3 5: count 15 (2); the last four hold two 3s (no run of four), the last
    # three 4-3-5 are a run of three (3). 5 for the five.
    assert points("3H 4S 3C 5D") == {"total": 5, "fifteen": 2, "run": 3}


def test_two_two_three_four() -> None:
    # 2 2: a pair (2). 2 2 3: the last three repeat a rank, no run (0).
    # 2 2 3 4: the last three 2-3-4 are a run (3); the last four repeat a 2. Count 11.
    assert points("2H 2S") == {"total": 2, "pairs": 2}
    assert str(score_play("2H 2S")) == "pair for two"
    assert points("2H 2S 3D") == {"total": 0}
    assert points("2H 2S 3D 4C") == {"total": 3, "run": 3}


def test_runs_grow_up_to_seven_cards() -> None:
    # laid 3 2 A 4 5 6 7: counts 3 5 6 10 15 21 28.
    # A: 3-2-A run of 3. 4: A-4 run of 4. 5: 15 (2) + run of 5. 6: run of 6. 7: run of 7.
    laid = ["3H", "2S", "AD", "4C", "5H", "6S", "7D"]
    expected = [0, 0, 3, 4, 2 + 5, 6, 7]
    assert [score_play(laid[:n]).total for n in range(1, 8)] == expected
    assert points(" ".join(laid)) == {"total": 7, "run": 7}


def test_a_seven_card_run_in_any_order() -> None:
    # 4 2 6 A 3 7 5: no run until the 5 completes A-7 (count 28): 7, the longest only.
    laid = ["4H", "2S", "6D", "AC", "3H", "7S", "5D"]
    assert [score_play(laid[:n]).total for n in range(1, 8)] == [0, 0, 0, 0, 0, 0, 7]
    assert len([i for i in score_play(laid).items if i.kind == Kind.RUN]) == 1


def test_runs_go_by_rank() -> None:
    # J Q K: ranks 11 12 13, a run (count 30). 10 J Q: a run (count 30).
    assert points("JH QS KD") == {"total": 3, "run": 3}
    assert points("10H JS QD") == {"total": 3, "run": 3}
    # Q K A: the ace is low, no run (count 21). J and Q are not a pair.
    assert points("QH KS AD") == {"total": 0}
    assert points("JH QS") == {"total": 0}


def test_pair_royal() -> None:
    # three 8s in a row: 6 (count 24)
    assert points("8H 8S 8D") == {"total": 6, "pairs": 6}
    assert str(score_play("8H 8S 8D")) == "pair royal for six"


def test_double_pair_royal() -> None:
    # four 4s in a row: 12 (count 16)
    assert points("4H 4S 4D 4C") == {"total": 12, "pairs": 12}
    assert str(score_play("4H 4S 4D 4C")) == "double pair royal for twelve"


def test_double_pair_royal_at_fifteen() -> None:
    # A 2 3 3 3 3: the last 3 makes four 3s in a row (12) and the count 15 (2): 14.
    # (The last three cards 3 3 3 are no run.)
    assert points("AH 2S 3H 3S 3D 3C") == {"total": 14, "fifteen": 2, "pairs": 12}


def test_thirty_one_with_a_run() -> None:
    # K 6 8 7: count 31 (2) and 6-8-7 a run of three (3): 5.
    assert points("KH 6S 8D 7C") == {"total": 5, "thirty_one": 2, "run": 3}
    assert str(score_play("KH 6S 8D 7C")) == "thirty-one for two and run of three for three"


def test_thirty_one_with_a_pair() -> None:
    # 10 10 5 3 3: count 31 (2) and a pair of threes (2); 5 3 3 is no run
    assert points("10H 10S 5D 3C 3H") == {"total": 4, "thirty_one": 2, "pairs": 2}


def test_pairs_only_from_adjacent_cards() -> None:
    # 5 6 5: the fives are not next to each other: no pair; 5 6 5 no run. Count 16.
    assert points("5H 6S 5D") == {"total": 0}
    # 7 7 8 7: the last card's neighbour is an 8: no pair (and 7 7 8 7 no run)
    assert points("7H 7S 8D 7C") == {"total": 0}


def test_fifteen() -> None:
    assert points("KH 5S") == {"total": 2, "fifteen": 2}
    assert str(score_play("KH 5S")) == "fifteen for two"
    assert str(score_play("KH 6S")) == "sixteen, no points"


def test_run_words() -> None:
    # 2 3 4 5: a run of four, count 14
    assert str(score_play("2H 3S 4D 5C")) == "run of four for four"


def test_nothing_spans_a_reset() -> None:
    # score_play sees only the cards since the reset: a lone card scores nothing, even
    # if the card before the reset was of its rank or in sequence with it
    assert points("5H") == {"total": 0}
    assert points("KD") == {"total": 0}


@pytest.mark.parametrize(("cards", "error", "quoted"), [
    ("", IllegalPlayError, "at least one card"),
    ("5H 5H", IllegalHandError, "5H 5H"),
    ("KH QS JD 2C", IllegalPlayError, "count 32"),
    ("KH QZ", CardParseError, "QZ"),
])
def test_bad_sequences(cards: str, error: type[Exception], quoted: str) -> None:
    with pytest.raises(error, match=quoted):
        score_play(cards)


def test_repr_is_short() -> None:
    assert repr(score_play("5H 7C 6D")) == "<PlayScore '5H 7C 6D' count 18: 3>"


def test_accepts_cards_or_text() -> None:
    as_cards = [Card.parse("4S"), Card.parse("6H"), Card.parse("5D")]
    assert score_play(as_cards).total == score_play(["4s", "6♥", "5D"]).total == 5


# --- invariants ------------------------------------------------------------------------


@st.composite
def laid_sequences(draw: st.DrawFn) -> list[Card]:
    """Distinct cards laid without passing 31, mostly low so runs and pairs turn up."""
    low = draw(st.booleans())
    pool = [c for c in FULL_DECK if not low or c.value <= 7]
    cards = draw(st.permutations(pool))
    laid: list[Card] = []
    count = 0
    for card in cards:
        if count + card.value > 31:
            break
        laid.append(card)
        count += card.value
    return laid


@given(laid_sequences())
def test_play_total_is_the_sum_of_items(laid: list[Card]) -> None:
    score = score_play(laid)
    assert score.total == sum(i.points for i in score.items)
    data = score.to_dict()
    assert data["total"] == data["fifteen"] + data["thirty_one"] + data["pairs"] + data["run"]
    assert data["pairs"] in (0, 2, 6, 12)
    assert data["run"] == 0 or 3 <= data["run"] <= len(laid)
    assert score.count == sum(c.value for c in laid) <= 31


@given(laid_sequences(), st.permutations(list(Suit)))
def test_play_relabelling_suits_keeps_the_points(laid: list[Card], suits: list[Suit]) -> None:
    relabel = [Card(c.rank, suits[c.suit]) for c in laid]
    assert score_play(relabel).to_dict() == score_play(laid).to_dict()


# --- the cross-check with the reference scorer -----------------------------------------


def test_reference_agrees_on_random_sequences() -> None:
    rng = random.Random(31)
    checked = 0
    for n in range(4000):
        laid = random_pegging_sequence(rng, low=n % 2 == 0)
        for k in range(1, len(laid) + 1):
            assert score_play(laid[:k]).to_dict() == ref_peg(laid[:k]), laid[:k]
            checked += 1
    assert checked > 15000


def test_reference_agrees_on_run_heavy_sequences() -> None:
    # a window of consecutive ranks, shuffled, with a repeat now and then: long runs,
    # broken runs, pairs inside runs
    rng = random.Random(7)
    for _ in range(3000):
        width = rng.randrange(3, 8)
        start = rng.randrange(0, 14 - width)
        ranks = list(range(start, start + width))
        ranks += rng.sample(ranks, rng.randrange(0, 3))
        rng.shuffle(ranks)
        laid: list[str] = []
        count = 0
        for r in ranks:
            free = [RANKS[r] + s for s in SUITS if RANKS[r] + s not in laid]
            card = rng.choice(free)
            value = min(r + 1, 10)
            if count + value > 31:
                break
            laid.append(card)
            count += value
        for k in range(1, len(laid) + 1):
            assert score_play(laid[:k]).to_dict() == ref_peg(laid[:k]), laid[:k]


def test_reference_deck_matches_the_engine_deck() -> None:
    assert [str(c) for c in FULL_DECK] == list(DECK)
