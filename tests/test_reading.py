"""Lesson 13's reading of the opponent (``lessons/reading.py``): the judge not reading the
lead weighs every deal alike, the read hands are hands the expert really keeps and leads
from, the read changes the lesson's best card, and the lesson's tells are what its seeded
deals say."""

from __future__ import annotations

import math
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from cribbage_edu import FULL_DECK, Card, parse_cards
from cribbage_edu.rules.game import stacked_game
from cribbage_edu.stats import wilson_interval
from cribbage_edu.strategy.discard import best_discard
from cribbage_edu.strategy.players import ExpertPlayer

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
sys.path.insert(0, str(LESSONS))
import reading  # type: ignore[import-not-found]  # noqa: E402

sys.path.remove(str(LESSONS))

SIX, STARTER, LEAD = "KD 8H 5S AD 7S 10C", "9S", "AH"  # lesson 13, exercise 10
KEEP, THROW = "AD 5S 10C KD", "8H 7S"


def test_the_chance_at_random_is_counted_exactly() -> None:
    # three aces among the 51 cards other than the lead: 1 - C(48, 3)/C(51, 3)
    assert reading.at_random(3) == pytest.approx(1 - 17296 / 20825)
    assert reading.at_random(4, held=4, unseen=52) == pytest.approx(
        1 - math.comb(48, 4) / math.comb(52, 4))
    assert reading.at_random(0) == 0.0


def test_not_reading_weighs_every_deal_alike() -> None:
    """The column "every hand alike" is the judge with the read's slips at 1: every keep of
    his six and every card he could lay alike, so the deals drawn weigh nearly the same (a
    hand holding two aces counts each ace half: either could be the one led); the read
    column weighs them by the strong player's keep and lead."""
    read, alike = reading.read_compared(KEEP, thrown=THROW, starter=STARTER, laid=LEAD,
                                        dealer=True, deals=300)
    assert alike.used == alike.drawn == 300
    assert alike.effective > 0.9 * 300
    assert read.effective < 0.5 * read.drawn
    assert {r.card for r in read.cards} == {r.card for r in alike.cards} == set(
        parse_cards(KEEP))


def test_every_hand_read_is_one_the_expert_keeps_and_leads_the_ace_from() -> None:
    hands = reading.read_hands(SIX, STARTER, LEAD, tries=150, seed=3)
    assert hands == reading.read_hands(SIX, STARTER, LEAD, tries=150, seed=3)
    assert 0 < len(hands) < 150
    known = Counter(int(c.rank) for c in [*parse_cards(SIX), Card.parse(STARTER),
                                          Card.parse(LEAD)])
    for hand in hands:
        assert len(hand) == 3
        assert all(n <= 4 - known[rank] for rank, n in Counter(hand).items()), hand
    # the same deals replayed by hand: the expert's keep, and its lead the card she led (a
    # hand of two aces from which she would lead the other ace is not hers: counting it
    # would weigh every hand of two aces twice)
    rng = random.Random(3)
    pool = [c for c in FULL_DECK if c not in {*parse_cards(SIX), Card.parse(STARTER),
                                              Card.parse(LEAD)}]
    expert, again = ExpertPlayer(), []
    for _ in range(150):
        game = stacked_game([Card.parse(LEAD), *rng.sample(pool, 5)], SIX, STARTER)
        for seat in (0, 1):
            game.discard(seat, expert.discard(game.view(seat)))
        game.advance()
        if expert.play(game.view(0)) == Card.parse(LEAD):  # the A♥ itself, not any ace
            kept = sorted(int(c.rank) for c in game.kept(0) or ())
            kept.remove(1)
            again.append(tuple(kept))
    assert again == hands


def test_the_read_changes_the_best_card_of_lesson_13s_exercise() -> None:
    """Not reading the lead the pair of aces is the best card, alone within the judge's
    margin; reading it, as the judge does, the pair is the worst, outside the margin (her
    other ace makes a pair royal of your pair)."""
    keep, throw = best_discard(SIX, dealer=True)
    assert (set(keep), set(throw)) == (set(parse_cards(KEEP)), set(parse_cards(THROW)))
    read, alike = reading.read_compared(KEEP, thrown=THROW, starter=STARTER, laid=LEAD,
                                        dealer=True)
    pair = Card.parse("AD")
    assert alike.within_margin() == [pair]
    assert read.cards[-1].card == pair and pair not in read.within_margin()
    assert read.card(pair).difference + read.card(pair).margin < 0


def test_the_tells_lesson_13_states() -> None:
    """The lesson's words: an ace lead comes from a pair about half the time (three times
    random), a four lead hides another low card or a five more often than random but not
    three times as often, a ten-card lead hides a five about 7 times in 10, a five is never
    led though pone keeps one often, and pone keeps a five more often than four random
    cards while the dealer does not, beyond the intervals."""
    deals = reading.expert_deals(3000, seed=13)
    hits, n = reading.share_after(deals, lambda r: r == 1, lambda h: 1 in h)
    low, high = wilson_interval(hits, n)
    assert low <= 0.5 <= high and low > 2.5 * reading.at_random(3)
    hits, n = reading.share_after(deals, lambda r: r >= 10, lambda h: 5 in h)
    low, high = wilson_interval(hits, n)
    assert low <= 0.7 <= high
    assert not any(d.lead == 5 for d in deals) and any(5 in d.pone_kept for d in deals)
    # a four lead says less: another card under five, or a five, more often than at
    # random, but not three times as often as the ace lead's pair
    for wanted, cards in ((lambda r: r < 5, 15), (lambda r: r == 5, 4)):
        hits, n = reading.share_after(deals, lambda r: r == 4,
                                      lambda h, w=wanted: any(w(r) for r in h))
        low, high = wilson_interval(hits, n)
        assert reading.at_random(cards) < low and high < 2 * reading.at_random(cards)
    at_random = reading.at_random(4, held=4, unseen=52)
    assert wilson_interval(*reading.with_a_five(deals, dealer=False))[0] > at_random
    low, high = wilson_interval(*reading.with_a_five(deals, dealer=True))
    assert low <= at_random <= high
