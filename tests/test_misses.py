"""The diagnosis of a wrong count (cribbage_edu.rules.misses): each common wrong total named
with what it reveals, and a right total never taken for a miss. Every total below is
worked by hand from RULES.md in the comment beside it."""

from __future__ import annotations

import random

import pytest

from cribbage_edu import Deck, score_hand
from cribbage_edu.rules.misses import FIFTEENS_AND_PAIRS, count_misses, diagnose, kinds_hint

# J♣ 6♣ 7♠ 3♠ with K♥: no two or more cards make 15 (10+6, 10+7, 10+3, 6+7, 6+3, 7+3,
# 10+10 and every three are off), no pair, no run (6-7 and J-K only), no flush, and the
# J♣ is not of the starter's suit: it scores 0.
NOBS_SLIP = ("JC 6C 7S 3S", "KH")


def test_the_jack_of_another_suit_is_not_nobs() -> None:
    crib = score_hand(*NOBS_SLIP, crib=True)
    assert crib.total == 0
    assert diagnose(1, crib) == ("nobs needs the jack of the starter's suit: the J♣ does "
                                 "not match the K♥")
    # J and K both count ten but are different ranks: 2 is the "pair" of ten-cards
    assert diagnose(2, crib).startswith("tens, jacks, queens and kings all count ten, but "
                                        "they are different ranks: the J♣ and the K♥")
    assert diagnose(0, crib) == ""


def test_a_slip_about_a_kind_not_yet_taught_is_not_named() -> None:
    misses = count_misses(*NOBS_SLIP, crib=True, taught=FIFTEENS_AND_PAIRS)
    assert 1 not in misses and 2 in misses
    assert diagnose(1, score_hand(*NOBS_SLIP, crib=True), FIFTEENS_AND_PAIRS) == (
        "this crib scores nothing at all: check each kind again")


def test_a_double_run_and_its_slips() -> None:
    # 3♥ 3♣ 4♠ 5♦ with 9♠: fifteens 3+3+9 and 3+3+4+5 (4), the pair of threes (2), two
    # runs 3-4-5 (6): 12
    score = score_hand("3H 3C 4S 5D", "9S")
    assert score.total == 12
    misses = count_misses(score)
    assert misses[14].startswith("you counted the pairs twice")  # the pair said again
    assert misses[9].startswith("there are 2 runs of three here, not one")  # one run
    assert misses[10].startswith("you left out the pairs")
    assert "or else you missed one of the two fifteens" in misses[10]
    assert misses[6].startswith("you left out the runs")
    assert 12 not in misses and diagnose(12, score) == ""


def test_a_four_card_flush_in_the_crib() -> None:
    # 2♥ 4♥ 6♥ 8♥ with K♣: all even values and a ten make no 15, no pair, no run; a crib
    # flush needs the starter: 0 (as a hand, the four-card flush: 4)
    crib = score_hand("2H 4H 6H 8H", "KC", crib=True)
    assert crib.total == 0
    assert diagnose(4, crib).startswith("a crib scores a flush only when the starter is of "
                                        "its suit too: four hearts and the K♣ make no flush")
    hand = score_hand("2H 4H 6H 8H", "KC")
    assert hand.total == 4 and diagnose(0, hand).startswith("you missed the flush")


def test_nobs_missed_and_the_starter_jack() -> None:
    # 5♥ 5♣ 5♠ J♦ with 5♦: the 29 hand; one short is nobs missed
    assert diagnose(28, score_hand("5H 5C 5S JD", "5D")) == (
        "you missed one for his nobs: the J♦ in the hand is of the starter's suit")
    # A♥ 2♣ 7♠ 9♦ with J♥ turned: no 15 (the jack needs 5 more, and no sum of A, 2, 7, 9
    # is 15), no pair, no run (A-2 only): 0; 2 more is heels, 1 more the jack as nobs
    turned = score_hand("AH 2C 7S 9D", "JH")
    assert turned.total == 0
    assert diagnose(2, turned).startswith("a jack turned as the starter is his heels")
    assert diagnose(1, turned).startswith("the starter jack is not nobs")


def test_a_total_no_slip_explains_gets_the_kinds_hint() -> None:
    # 5♥ 5♣ J♠ Q♥ with 2♣: fifteens 5+J, 5+Q, each twice (8), the pair of fives (2): 10
    score = score_hand("5H 5C JS QH", "2C")
    assert score.total == 10
    assert 17 not in count_misses(score)
    assert diagnose(17, score) == kinds_hint(score) == (
        "this hand scores from fifteens and pairs, and nothing from runs, a flush or nobs: "
        "count each kind again, in order")


def test_a_right_total_is_never_diagnosed_as_a_miss() -> None:
    rng = random.Random(2026)
    for _ in range(2000):
        deck = Deck(rng)
        hand, starter = deck.deal(4), deck.cut()
        for crib in (False, True):
            score = score_hand(hand, starter, crib=crib)
            assert score.total not in count_misses(score), (hand, starter, crib)
            assert diagnose(score.total, score) == ""


@pytest.mark.parametrize("crib", [False, True])
def test_a_hand_as_cards_or_as_its_score_is_diagnosed_alike(crib: bool) -> None:
    assert count_misses("3H 3C 4S 5D", "9S", crib) == count_misses(
        score_hand("3H 3C 4S 5D", "9S", crib=crib))


# --- the play: what the last card laid scores (moved here from lessons/the_play.py) -------

def test_a_pair_with_a_card_further_back_is_no_pair_in_the_play() -> None:
    from cribbage_edu.rules.misses import play_misses

    # 5♠ 6♥ 5♣: count 16, the 6 stands between the fives (no pair), 5-6-5 is no run: 0.
    # Counting the fives as a pair says 2.
    assert play_misses("5S 6H 5C")[2] == ("a pair in the play is only with the card just "
                                          "before: the 5♠ is not next to the 5♣")
    assert 0 not in play_misses("5S 6H 5C")  # the right total is never a miss


def test_the_play_misses_of_a_fifteen_and_a_run() -> None:
    from cribbage_edu.rules.misses import play_hint, play_misses

    # 4♠ 6♥ 5♦: count 15 (2) and the last three are 4-5-6 in any order (3): 5.
    misses = play_misses("4S 6H 5D")
    assert misses[3] == "the count is exactly 15: fifteen for two"          # 5 - 2
    assert misses[2].endswith("in any order: a run of three")               # 5 - 3
    assert 5 not in misses
    assert play_hint("4S 6H 5D").startswith(
        "the count is 15; the last card scores for a run and fifteen.")


def test_a_run_broken_by_a_card_between_is_named() -> None:
    from cribbage_edu.rules.misses import play_misses

    # 4♠ 6♥ K♣ 5♦: count 25; the K stands between, so the last three (6 K 5) are no run
    # and nothing scores: 0. Taking 4-5-6 as a run says 3.
    assert play_misses("4S 6H KC 5D")[3] == ("a run in the play must be the last cards "
                                             "laid, with no other card between: the K♣ "
                                             "breaks it")


def test_a_first_miss_says_the_kind_and_how_many_and_shows_the_cards_only_later() -> None:
    # 5♥ 5♣ J♠ Q♥ with the 2♣: four fifteens (each five with each picture card) and a
    # pair, 10. A claim of 6 misses two of the fifteens: the first look says so without
    # naming the cards (that would give the count away); the second names them.
    from cribbage_edu import score_hand
    from cribbage_edu.rules.misses import count_misses, diagnose

    score = score_hand("5H 5C JS QH", "2C")
    first, later = diagnose(6, score, reveal=False), diagnose(6, score)
    assert "two of the four fifteens" in first and "+" not in first
    assert "5♣+J♠" in later and "5♥+Q♥" in later
    assert "+" not in "".join(count_misses(score, reveal=False).values())
