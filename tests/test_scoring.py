"""The show: every rule trap worked by hand from RULES.md, invariants, and a cross-check
against the simple reference scorer in tests/reference.py."""

from __future__ import annotations

import random
from base64 import b64decode
from collections import Counter
from itertools import combinations_with_replacement, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import DECK, RANKS, SUITS, ref_show

from cribbage_edu import (
    FULL_DECK,
    Card,
    CardParseError,
    HandScore,
    IllegalHandError,
    Kind,
    Suit,
    parse_cards,
    score_hand,
)
from cribbage_edu.render import BLACK, RED
from cribbage_edu.rules.scoring import BEST_HAND


def kinds(score: HandScore) -> dict[str, int]:
    return {"fifteens": score.fifteens, "pairs": score.pairs, "runs": score.runs,
            "flush": score.flush, "nobs": score.nobs}


def check(hand: str, starter: str, expected: dict[str, int], *, crib: bool = False) -> None:
    score = score_hand(hand, starter, crib=crib)
    got = {k: v for k, v in kinds(score).items() if v}
    assert got == expected
    assert score.total == sum(expected.values())


# --- the traps, worked by hand ---------------------------------------------------------


def test_run_by_rank_jack_queen_king() -> None:
    # J Q K are ranks 11 12 13 in a row (all worth 10): a run of three.
    # Values 10 10 10 2 7: no set makes 15 (10 needs a 5; 2 + 7 = 9). Total 3.
    check("JH QS KD 2C", "7D", {"runs": 3})


def test_ten_jack_queen_is_a_run() -> None:
    # 10 J Q: ranks 10 11 12, a run of three. 10+5 would be fifteen, but no 5 here;
    # 2 + 3 + 10 = 15 three ways (each ten-card with the 2 and the 3): 6. Total 9.
    check("10H JS QD 2C", "3D", {"runs": 3, "fifteens": 6})


def test_jack_and_queen_are_no_pair() -> None:
    # pairs go by rank: J and Q are both worth 10 but are not a pair. J Q 8 6 4:
    # 6 + 4 + ... no; 10 + 5 none; 8 + 4 + ... no 3; 6 + 8 + ... no 1. Nothing scores.
    check("JH QH 8S 6D", "4C", {})


def test_queen_king_ace_is_no_run() -> None:
    # aces are low: Q K A is no run. Values 10 10 1 5 9: Q+5, K+5, A+5+9 = three fifteens.
    check("QH KS AD 5C", "9D", {"fifteens": 6})


def test_double_run() -> None:
    # 4 5 6 6 K: runs 4-5-6 twice (one per six) = 6; the pair of sixes = 2;
    # fifteens: 4+5+6 (twice, one per six) and 5+K = 3 fifteens = 6. Total 14.
    check("4S 5S 6S 6D", "KC", {"fifteens": 6, "pairs": 2, "runs": 6})


def test_double_run_of_four() -> None:
    # 6 7 8 9 9: runs 6-7-8-9 twice = 8; pair of nines = 2;
    # fifteens: 6+9 (twice), 7+8 = 3 fifteens = 6. Total 16.
    check("6H 7S 8D 9C", "9D", {"fifteens": 6, "pairs": 2, "runs": 8})


def test_triple_run() -> None:
    # 3 3 3 4 5: runs 3-4-5 three times (one per three) = 9; pair royal = 6;
    # fifteens: 3+3+4+5 with any two of the three 3s = 3 ways = 6. Total 21.
    check("3H 3S 3D 4C", "5H", {"fifteens": 6, "pairs": 6, "runs": 9})


def test_double_double_run() -> None:
    # 3 3 4 4 5: runs 3-4-5 four times (2 threes x 2 fours) = 12; two pairs = 4;
    # fifteens: 3+3+4+5 with either four = 2 ways = 4. Total 20.
    check("3H 3S 4D 4C", "5S", {"fifteens": 4, "pairs": 4, "runs": 12})


def test_four_of_a_kind() -> None:
    # 4 4 4 4 K: six pairs = 12; no fifteen (K needs a 5; 4+4+4 = 12, four 4s = 16).
    check("4H 4S 4D 4C", "KS", {"pairs": 12})


def test_four_sevens_and_an_ace_make_24() -> None:
    # 7 7 7 7 A (a published 24): six pairs = 12; 7+7+A = 15 for each pair of sevens:
    # 6 fifteens = 12. Total 24.
    check("7H 7S 7D 7C", "AS", {"fifteens": 12, "pairs": 12})


def test_the_29_hand() -> None:
    # 5 5 5 J with the fourth 5 turned, the jack of its suit: J+5 four ways = 8,
    # 5+5+5 four ways = 8 (16 in fifteens); six pairs of fives = 12; nobs = 1. Total 29.
    score = score_hand("5H 5C 5S JD", "5D")
    check("5H 5C 5S JD", "5D", {"fifteens": 16, "pairs": 12, "nobs": 1})
    assert str(score) == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, "
        "fifteen fourteen, fifteen sixteen, double pair royal is twenty-eight, "
        "and one for his nobs is twenty-nine")
    assert score.total == BEST_HAND == 29  # the engine's name for the most any score is


@pytest.mark.parametrize(("hand", "starter"), [
    ("5H 5C 5S 5D", "KC"),  # four fives in hand and any ten-card turned
    ("5H 5C 5S JH", "5D"),  # the jack is not of the starter's suit: no nobs
    ("5H 5C 5S 5D", "JD"),  # a jack turned is heels (the dealer's), never nobs
    ("5H 5C 5S QD", "5D"),
    ("10H 5C 5S 5D", "5H"),
])
def test_the_28_hands(hand: str, starter: str) -> None:
    # four fives and a ten-card: ten+5 four ways = 8, 5+5+5 four ways = 8, six pairs = 12.
    check(hand, starter, {"fifteens": 16, "pairs": 12})


def test_hand_four_card_flush_but_not_in_the_crib() -> None:
    # 2 4 6 8 K: no fifteen (K needs a 5; 2+4+... never 15), no run, no pair.
    # Four hearts in hand: 4. A crib needs all five of a suit: 0.
    check("2H 4H 6H 8H", "KC", {"flush": 4})
    check("2H 4H 6H 8H", "KC", {}, crib=True)


def test_five_card_flush_in_hand_and_crib() -> None:
    check("2H 4H 6H 8H", "KH", {"flush": 5})
    check("2H 4H 6H 8H", "KH", {"flush": 5}, crib=True)


def test_the_starter_does_not_complete_a_four_card_flush() -> None:
    # three hearts in hand and a heart turned: four of a suit, but the hand's four
    # cards are not one suit, so no flush.
    check("2H 4H 6H 8C", "KH", {})
    check("2H 4H 6H 8C", "KH", {}, crib=True)


def test_nobs_against_a_jack_starter() -> None:
    # nobs: a jack in the hand of the starter's suit (1). J 3 4 6 + 9: 6+9 = 15 (2);
    # nothing else: 10 needs a 5, 3+4+6 = 13, 3+4+9 = 16; 3-4 and 6 make no run.
    check("JH 3S 4S 6C", "9H", {"nobs": 1, "fifteens": 2})
    # a jack of another suit: no nobs
    check("JD 3S 4S 6C", "9H", {"fifteens": 2})
    # the starter is a jack: no nobs for it (that is heels, pegged by the dealer)
    check("3H 4S 6C 9D", "JH", {"fifteens": 2})
    # a jack in hand and a jack turned of another suit: no nobs, but J+J is a pair.
    check("JD 3S 6C 9D", "JH", {"pairs": 2, "fifteens": 2})


def test_nobs_in_the_crib() -> None:
    check("JH 3S 4S 6C", "9H", {"nobs": 1, "fifteens": 2}, crib=True)


@pytest.mark.parametrize(("hand", "starter"), [
    ("2H 4S 6D 8C", "KC"),  # 2 4 6 8 K: nothing
    ("3C 7D 9H JS", "KH"),  # 3 7 9 J K: no set makes 15, no pair, no run
    ("AH 3S 9D JC", "KS"),  # A 3 9 J K: 1+3+... no 11; 9+... no 6
])
def test_zero_hands(hand: str, starter: str) -> None:
    score = score_hand(hand, starter)
    assert score.total == 0 and score.items == ()
    assert score.phrases() == []
    assert "nineteen" in str(score)


# --- the explanation -------------------------------------------------------------------


def test_items_name_the_cards() -> None:
    score = score_hand("4S 5S 6S 6D", "KC")
    runs = sorted(sorted(str(c) for c in i.cards) for i in score.items if i.kind == Kind.RUN)
    assert runs == [["4S", "5S", "6D"], ["4S", "5S", "6S"]]
    fifteens = sorted(sorted(str(c) for c in i.cards)
                      for i in score.items if i.kind == Kind.FIFTEEN)
    assert fifteens == [["4S", "5S", "6D"], ["4S", "5S", "6S"], ["5S", "KC"]]
    pairs = [sorted(str(c) for c in i.cards) for i in score.items if i.kind == Kind.PAIR]
    assert pairs == [["6D", "6S"]]
    assert all(i.points == 2 for i in score.items if i.kind != Kind.RUN)
    assert all(i.points == 3 for i in score.items if i.kind == Kind.RUN)


def test_flush_and_nobs_items() -> None:
    score = score_hand("JH 2H 4H 6H", "9H")
    flush = [i for i in score.items if i.kind == Kind.FLUSH]
    assert len(flush) == 1 and flush[0].points == 5 and len(flush[0].cards) == 5
    nobs = [i for i in score.items if i.kind == Kind.NOBS]
    assert [(str(i.cards[0]), i.points) for i in nobs] == [("JH", 1)]


def test_to_dict() -> None:
    # 4 5 6 6 K: worked above: fifteens 6, pairs 2, runs 6.
    data = score_hand("4S 5S 6S 6D", "KC").to_dict()
    assert {"total", "fifteens", "pairs", "runs", "flush", "nobs", "items"} <= set(data)
    assert (data["total"], data["fifteens"], data["pairs"], data["runs"], data["flush"],
            data["nobs"]) == (14, 6, 2, 6, 0, 0)
    assert {"kind": "pair", "cards": ["6S", "6D"], "points": 2} in data["items"] or \
        {"kind": "pair", "cards": ["6D", "6S"], "points": 2} in data["items"]
    assert sum(item["points"] for item in data["items"]) == 14


@pytest.mark.parametrize(("hand", "starter", "crib", "spoken"), [
    ("4S 5S 6S 6D", "KC", False,
     "fifteen two, fifteen four, fifteen six, a pair is eight, "
     "and a double run of three is fourteen"),
    ("3H 3S 3D 4C", "5H", False,
     "fifteen two, fifteen four, fifteen six, a pair royal is twelve, "
     "and a triple run of three is twenty-one"),
    ("3H 3S 4D 4C", "5S", False,
     "fifteen two, fifteen four, two pairs is eight, and a double double run of three "
     "is twenty"),
    ("2H 4H 6H 8H", "KC", False, "a flush of four is four"),
    ("JH 3S 4S 6C", "9H", False, "fifteen two, and one for his nobs is three"),
    ("JH QS KD 2C", "7D", False, "a run of three is three"),
    ("6H 7S 8D 9C", "9D", False,
     "fifteen two, fifteen four, fifteen six, a pair is eight, "
     "and a double run of four is sixteen"),
])
def test_spoken_count(hand: str, starter: str, crib: bool, spoken: str) -> None:
    assert str(score_hand(hand, starter, crib=crib)) == spoken


def test_repr_is_short_and_pastes_back() -> None:
    assert repr(score_hand("5H 5C 5S JD", "5D")) == "score_hand('5H 5C 5S JD', '5D')"
    crib = score_hand("2H 4H 6H 8H", "KC", crib=True)
    assert repr(crib) == "score_hand('2H 4H 6H 8H', 'KC', crib=True)"
    for score in (crib, score_hand("5H 5C 5S JD", "5D")):
        again = eval(repr(score), {"score_hand": score_hand})
        assert again == score and again.total == score.total and again.crib == score.crib


def test_accepts_cards_or_text() -> None:
    by_text = score_hand("5H 5C 5S JD", "5D")
    by_cards = score_hand(parse_cards("5H 5C 5S JD"), Card.parse("5D"))
    by_list = score_hand(["5h", "5♣", "5S", "JD"], "5♦")
    assert by_text.total == by_cards.total == by_list.total == 29
    assert by_cards.hand == parse_cards("5H 5C 5S JD") and by_cards.starter is Card.parse("5D")


@pytest.mark.parametrize(("hand", "starter", "error", "quoted"), [
    ("5H 5C 5S", "5D", IllegalHandError, "5H 5C 5S"),
    ("5H 5C 5S JD 2C", "5D", IllegalHandError, "5H 5C 5S JD 2C"),
    ("5H 5C 5S 5H", "5D", IllegalHandError, "5H 5C 5S 5H"),
    ("5H 5C 5S JD", "5H", IllegalHandError, "5H"),
    ("5H 5C 5S JX", "5D", CardParseError, "JX"),
    ("5H 5C 5S JD", "1D", CardParseError, "1D"),
])
def test_illegal_hands(hand: str, starter: str, error: type[Exception], quoted: str) -> None:
    with pytest.raises(error, match=quoted):
        score_hand(hand, starter)


def test_hand_score_html() -> None:
    score = score_hand("4S 5S 6S 6D", "KH")
    html = score._repr_html_()
    assert html == score_hand("4S 5S 6S 6D", "KH")._repr_html_()
    for name in ("four of spades", "five of spades", "six of spades", "six of diamonds",
                 "king of hearts"):
        assert f'alt="{name}"' in html
    pictures = "".join(b64decode(part.split('"')[0]).decode()
                       for part in html.split("base64,")[1:])  # the cards' SVG
    assert RED in pictures and BLACK in pictures
    assert "<table" in html and "fifteen" in html and "run" in html and "pair" in html
    assert ">14<" in html  # the total row
    assert str(score) in html


# --- invariants ------------------------------------------------------------------------

five_cards = st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=5, unique=True)


@settings(max_examples=400)
@given(five_cards, st.booleans())
def test_total_is_the_sum_of_items(cards: list[Card], crib: bool) -> None:
    score = score_hand(cards[:4], cards[4], crib=crib)
    assert score.total == sum(i.points for i in score.items)
    assert score.total == sum(kinds(score).values())
    assert score.to_dict()["total"] == score.total


@given(five_cards, st.permutations(range(4)))
def test_hand_order_does_not_matter(cards: list[Card], order: list[int]) -> None:
    first = score_hand(cards[:4], cards[4])
    again = score_hand([cards[i] for i in order], cards[4])
    assert again.total == first.total
    assert Counter((i.kind, frozenset(i.cards), i.points) for i in again.items) == \
        Counter((i.kind, frozenset(i.cards), i.points) for i in first.items)


@given(five_cards, st.permutations(list(Suit)), st.booleans())
def test_relabelling_suits_keeps_the_total(cards: list[Card], suits: list[Suit],
                                           crib: bool) -> None:
    relabel = [Card(c.rank, suits[c.suit]) for c in cards]
    assert score_hand(relabel[:4], relabel[4], crib=crib).total == \
        score_hand(cards[:4], cards[4], crib=crib).total


@given(five_cards)
def test_crib_differs_from_hand_only_in_the_flush(cards: list[Card]) -> None:
    hand = score_hand(cards[:4], cards[4])
    crib = score_hand(cards[:4], cards[4], crib=True)
    assert hand.total - hand.flush == crib.total - crib.flush
    assert crib.flush in (0, 5)
    assert (crib.flush == 5) == (hand.flush == 5)


@settings(max_examples=400)
@given(five_cards, st.booleans())
def test_no_impossible_totals(cards: list[Card], crib: bool) -> None:
    total = score_hand(cards[:4], cards[4], crib=crib).total
    assert 0 <= total <= 29
    assert total not in (19, 25, 26, 27)


# --- the cross-check with the reference scorer -----------------------------------------


def compare(hand: list[str], starter: str, crib: bool) -> None:
    expected = ref_show(hand, starter, crib)
    got = score_hand(hand, starter, crib=crib).to_dict()
    assert {k: got[k] for k in expected} == expected, (hand, starter, crib)


def test_reference_agrees_on_random_hands() -> None:
    rng = random.Random(2026)
    for n in range(6000):
        cards = rng.sample(DECK, 5)
        compare(cards[:4], cards[4], crib=n % 3 == 0)


def test_reference_agrees_on_every_rank_pattern() -> None:
    # every multiset of five ranks (6,175 of them) with random suits: every fifteen,
    # pair and run pattern the show can meet, each once
    rng = random.Random(6175)
    patterns = [p for p in combinations_with_replacement(range(13), 5)
                if max(Counter(p).values()) <= 4]
    assert len(patterns) == 6175
    for ranks in patterns:
        used: set[str] = set()
        cards = []
        for r in ranks:
            card = RANKS[r] + rng.choice([s for s in SUITS if RANKS[r] + s not in used])
            used.add(card)
            cards.append(card)
        rng.shuffle(cards)
        compare(cards[:4], cards[4], crib=rng.random() < 0.5)


def test_reference_agrees_on_flushes_and_nobs() -> None:
    # hands of one suit and hands with a jack, where flush and nobs rules bite
    rng = random.Random(45)
    for _ in range(1500):
        suit = rng.choice(SUITS)
        hand = rng.sample([r + suit for r in RANKS], 4)
        starter = rng.choice([c for c in DECK if c not in hand])
        for crib in (False, True):
            compare(hand, starter, crib)
        jack = "J" + rng.choice(SUITS)
        others = rng.sample([c for c in DECK if c != jack], 4)
        compare([jack, *others[:3]], others[3], crib=False)


def test_reference_agrees_in_every_order() -> None:
    hand, starter = ["3H", "3S", "4D", "4C"], "5S"
    for order in permutations(hand):
        compare(list(order), starter, crib=False)


def test_a_pair_royal_and_a_pair_are_said_by_name() -> None:
    # 5H 5C 5S JD with JH: each five with each jack is fifteen (3 x 2 = 6 sets) and the
    # three fives make a seventh: 14; three fives are a pair royal (6) and the two
    # jacks a pair (2): 22. JD is not of the starter's suit, so no nobs.
    score = score_hand("5H 5C 5S JD", "JH")
    assert score.total == 22 and score.pairs == 8
    assert score.phrases()[-1] == "a pair royal and a pair is twenty-two"


def test_every_step_of_the_count_names_the_cards_of_its_items() -> None:
    """The show said step by step (HandScore.steps, which the ShowStepper shows): each
    fifteen its own step, then one step for the pairs, the runs, the flush and nobs,
    each lighting exactly the cards of its items, and the last step saying the total."""
    from cribbage_edu import FULL_DECK
    from cribbage_edu.rules.scoring import spoken_number

    rng = random.Random(17)
    hands = [rng.sample(FULL_DECK, 5) for _ in range(3000)]
    hands += [list(parse_cards("5H 5C 5S JD 5D")), list(parse_cards("3H 3C 3S 4D 5S")),
              list(parse_cards("4H 4C 5S 5D 6S")), list(parse_cards("2H 4H 6H 8H KH"))]
    for cards in hands:
        score = score_hand(cards[:4], cards[4])
        steps = score.steps()
        expected = [set(item.cards) for item in score.items if item.kind is Kind.FIFTEEN]
        for kind in (Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS):
            of_kind = {c for item in score.items if item.kind is kind for c in item.cards}
            if of_kind:
                expected.append(of_kind)
        assert [set(step_cards) for _, step_cards in steps] == expected, cards
        assert score.phrases() == [words for words, _ in steps]
        if steps:
            assert steps[-1][0].endswith(spoken_number(score.total))
