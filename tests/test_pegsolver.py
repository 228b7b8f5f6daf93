"""The rest of the play solved with both hands open: known answers worked by hand from
the rules, and a brute-force reference built on the engine's own :class:`Play`."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import random_pegging_sequence, ref_peg

from cribbage_edu import FULL_DECK, Play
from cribbage_edu.rules.cards import Card
from cribbage_edu.rules.errors import IllegalPlayError
from cribbage_edu.rules.events import EventKind
from cribbage_edu.strategy.pegsolver import (
    PegRace,
    after_card,
    answer_after,
    lay_points,
    pile_key,
    replies,
    rest_of_play,
    straight_back,
)

# --- known answers, worked by hand ------------------------------------------------------


def test_the_last_card_scores_one() -> None:
    # one card left in the whole play: it pegs nothing but the last card
    assert rest_of_play((9,), (), ()) == 1
    assert rest_of_play((9,), (), (10, 4)) == 1  # 23: nothing but the last card


def test_thirty_one_on_the_last_card_scores_two_not_three() -> None:
    # 10 + 10 + 7 = 27; the 4 makes 31 for 2, and the last card adds nothing
    assert after_card((4,), (), (10, 10, 7), 4) == 2


def test_a_forced_go() -> None:
    # count 25 (10 10 5): only the 3 fits (28); the opponent's 9 and my 10 do not: go, 1 to
    # me. The count starts again and the opponent, who did not lay the last card, leads
    # the 9; my 10 makes 19 and is the last card: 1 more. Net 2.
    assert rest_of_play((3, 10), (9,), (10, 10, 5)) == 2


def test_the_go_goes_to_the_player_of_the_last_card() -> None:
    # count 28: I hold a 5 that does not fit; the opponent's 3 makes 31 for 2; then I lead
    # the 5 alone: the last card, 1. Net for me -1.
    assert rest_of_play((5,), (3,), (10, 10, 8)) == -1


def test_a_pair_royal_answers_a_forced_pair() -> None:
    # I lead a 7 from two; the opponent's only card is a 7: he pairs (2), I answer with the
    # third 7, a pair royal (6), and it is the last card (1). Net 7 - 2 = 5.
    assert rest_of_play((7, 7), (7,), ()) == 5


def test_the_opponent_sees_the_trap_with_both_hands_open() -> None:
    # I hold 7 7; he holds 7 K. Pairing my lead gives 2 but hands me 6; so he lays the K
    # (17), I must lay my 7 (24), and his 7 makes 31 with a pair: 4. Net -4 for me.
    assert rest_of_play((7, 7), (7, 13), ()) == -4


def test_fifteen_and_a_run_together() -> None:
    # 4 then 6 then my 5: fifteen 2 and a run of three 3, and the last card 1
    assert after_card((5,), (), (4, 6), 5) == 6


def test_a_ten_led_into_a_five() -> None:
    # lead the ten: his five makes fifteen (2) and is the last card (1)
    assert rest_of_play((10,), (5,), ()) == -3


def test_the_answer_is_reported() -> None:
    assert answer_after((5, 13), (10,), (), 5) == (-1, 2)   # his ten makes fifteen
    # lead the king: his queen pegs nothing (20); my five (25) is the last card: net +1
    assert answer_after((5, 13), (12,), (), 13) == (1, 0)
    # lead the king into his king: a pair (2); my five is the last card (1): net -1
    assert answer_after((5, 13), (13,), (), 13) == (-1, 2)


def test_pile_key_keeps_only_what_can_score() -> None:
    assert pile_key(()) == ()
    assert pile_key((5, 5, 5)) == (5, 5, 5)
    assert pile_key((9, 3, 4)) == (9, 3, 4)
    assert pile_key((3, 9, 3, 4)) == (9, 3, 4)  # a run cannot reach back past the first 3


def test_no_card_fits_for_either() -> None:
    with pytest.raises(IllegalPlayError):
        rest_of_play((10,), (10,), (10, 10, 5))


def test_race_pegs_out_at_once() -> None:
    race = PegRace(lambda need_a, need_b: 0.25)
    # A needs 2: the 5 on a ten makes fifteen and wins at once
    assert race.after_card((5, 9), (13,), (10,), 5, 2, 10) == 1.0
    # A needs 3: fifteen is 2, then the opponent's king (25) and A's 9 does not fit: the
    # opponent takes the go (1) and leads nothing more; A's 9 is led and is the last
    # card: 1, home (2 + 1 = 3)
    assert race.after_card((5, 9), (13,), (10,), 5, 3, 10) == 1.0
    # the opponent needs 1: whatever A lays, he pegs a point first (the last card or go)
    assert race.after_card((2,), (3,), (), 2, 20, 1) == 0.0


# --- a brute-force reference on the engine's Play -------------------------------------------

def _net_reference(play: Play, player: int) -> int:
    """Points ``player`` pegs less the other's, to the end of the play, both playing
    their best, found by trying every legal move on copies of the engine's Play."""
    if play.is_over:
        return 0
    turn = play.turn
    assert turn is not None
    options = list(play.legal_cards(turn)) or [None]
    results = []
    for card in options:
        twin = copy.deepcopy(play)
        events = twin.go(turn) if card is None else twin.play(turn, card)
        points = sum(e.points if e.player == player else -e.points for e in events
                     if e.action is EventKind.PEG)
        results.append(points + _net_reference(twin, player))
    return max(results) if turn == player else min(results)


def _random_position(rng: random.Random) -> tuple[Play, int]:
    """A small position drawn at random in which the player to act has a card to choose
    (positions where nothing is to be decided are drawn again, never skipped)."""
    while True:
        play, seat = _any_position(rng)
        if play.turn is not None and play.legal_cards(play.turn):
            return play, seat


def _any_position(rng: random.Random) -> tuple[Play, int]:
    size = rng.randint(1, 3)
    cards = rng.sample(FULL_DECK, 2 * size)
    play = Play(cards[:size], cards[size:])
    for _ in range(rng.randint(0, 2 * size - 1)):
        turn = play.turn
        if turn is None:
            break
        legal = play.legal_cards(turn)
        if legal:
            play.play(turn, rng.choice(list(legal)))
        else:
            play.go(turn)
    return play, rng.randint(0, 1)


def _ranks(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(sorted(int(c.rank) for c in cards))


@pytest.mark.parametrize("seed", range(300))
def test_solver_equals_brute_force_on_small_positions(seed: int) -> None:
    rng = random.Random(seed)
    play, _ = _random_position(rng)
    turn = play.turn
    assert turn is not None
    mine, theirs = _ranks(play.hand(turn)), _ranks(play.hand(1 - turn))
    pile = [int(c.rank) for c in play.pile]
    assert rest_of_play(mine, theirs, pile) == _net_reference(play, turn)
    for card in set(play.legal_cards(turn)):
        twin = copy.deepcopy(play)
        events = twin.play(turn, card)
        now = sum(e.points if e.player == turn else -e.points for e in events
                  if e.action is EventKind.PEG)
        assert after_card(mine, theirs, pile, int(card.rank)) == now + _net_reference(twin,
                                                                                      turn)


@pytest.mark.parametrize("seed", range(20))
def test_solver_equals_brute_force_on_full_hands(seed: int) -> None:
    rng = random.Random(1000 + seed)
    while True:  # a deal whose third card is a choice (one that ends in a go is drawn again)
        cards = rng.sample(FULL_DECK, 8)
        play = Play(cards[:4], cards[4:])
        # two cards laid, then compare (4 against 4 is slow for the reference)
        for _ in range(2):
            turn = play.turn
            assert turn is not None
            play.play(turn, rng.choice(list(play.legal_cards(turn))))
        turn = play.turn
        assert turn is not None
        if play.legal_cards(turn):
            break
    assert rest_of_play(_ranks(play.hand(turn)), _ranks(play.hand(1 - turn)),
                        [int(c.rank) for c in play.pile]) == _net_reference(play, turn)


# --- a pile scored by its kept ends is scored as the rules score it ---------------------

_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _rank(text: str) -> int:
    return _TEXT.index(text[:-1])


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), low=st.booleans())
def test_lay_points_card_by_card_is_the_reference_scorer(seed: int, low: bool) -> None:
    """Laid card after card, keeping only the kept end and the count, every card pegs
    what the reference scorer (tests/reference.py) gives it; and the rows the look-ahead
    asks (each rank laid on the pile, then a card straight back) agree too."""
    laid = random_pegging_sequence(random.Random(seed), low=low)
    kept: tuple[int, ...] = ()
    count = 0
    for i, card in enumerate(laid):
        rank = _rank(card)
        points, kept = lay_points(kept, count, rank)
        assert points == ref_peg(laid[:i + 1])["total"]
        count += min(rank, 10)
    row = replies(kept, count)
    mine = random.Random(seed).randint(1, 13)
    back = straight_back([end for _, end in row], count, mine)
    assert len(row) == len(back) == len([r for r in range(1, 14) if count + min(r, 10) <= 31])
    for r, ((points, _), straight) in enumerate(zip(row, back, strict=True), 1):
        texts = [*laid, _TEXT[r] + "X"]  # suits never score in the play
        assert points == ref_peg(texts)["total"]
        reply = count + min(r, 10)
        fits = reply < 31 and reply + min(mine, 10) <= 31
        expected = 0
        if fits:
            expected = ref_peg([*texts, _TEXT[mine] + "Y"])["total"]
        assert straight == expected
