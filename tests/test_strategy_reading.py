"""The coach player's reading of the opponent (``cribbage_edu.strategy.reading``): the
hands read are hands he can hold (his gos, the cards seen), a lead says what the course
says it does, the read is seeded by the position, and bad input is refused."""

from __future__ import annotations

from collections import Counter
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_edu.rules.cards import COUNT_VALUES, THIRTY_ONE
from cribbage_edu.rules.drive import drive
from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.rules.events import EventKind, Phase
from cribbage_edu.rules.game import Game, stacked_game
from cribbage_edu.strategy.coach import ReaderPlayer
from cribbage_edu.strategy.players import ExpertPlayer
from cribbage_edu.strategy.reading import read_hands


def _after_lead(pone: str, dealer: str, starter: str, lead: str) -> Game:
    game = stacked_game(pone, dealer, starter)
    game.discard(0, " ".join(pone.split()[4:]))
    game.discard(1, " ".join(dealer.split()[4:]))
    game.advance()
    game.play(0, lead)
    return game


def test_a_five_led_says_a_pair_more_often_and_a_small_card_less() -> None:
    """A strong pone leads a five (a ten-card makes fifteen on it) mostly from a pair of
    fives, for the pair trap, and seldom when he could lead a card under five (lessons 06
    and 13). So after a five led, the read gives him another five at least one and a half
    times as often as a random three of the unseen cards would, and a card A-4 clearly
    less often."""
    game = _after_lead("5C 9D KH QS 2C 7D", "6C 8H 10D JS AD 3H", "4S", "5C")
    read = read_hands(game.view(1), 256)
    # unseen by the dealer: 52 less his six, the starter and the five led = 44 cards,
    # of which 3 are fives and 13 are A-4 (16 less his A and 3 and the 4 turned)
    uniform_five = 1 - comb(44 - 3, 3) / comb(44, 3)
    uniform_small = 1 - comb(44 - 13, 3) / comb(44, 3)
    five = sum(w for hand, w in read.items() if 5 in hand)
    small = sum(w for hand, w in read.items() if any(r <= 4 for r in hand))
    assert round(uniform_five, 3) == 0.195 and round(uniform_small, 3) == 0.661
    assert five > 1.5 * uniform_five
    assert small < uniform_small - 0.1


def test_his_go_leaves_him_no_card_that_fits() -> None:
    """Pone says go at 26 (the dealer cannot lay either, and the count goes back to
    zero): every hand read after that holds only cards worth more than the five that
    were left (here two ten-cards are left to him)."""
    game = stacked_game("10C 10D KH QS 2C 7D", "5D AC 9H 8S 3H 6C", "4S")
    game.discard(0, "2C 7D")
    game.discard(1, "3H 6C")
    game.advance()
    for player, card in ((0, "10D"), (1, "5D"), (0, "KH"), (1, "AC")):
        game.play(player, card)   # 10, 15, 25, 26
    game.go(0)
    view = game.view(1)
    assert any(e.kind is EventKind.GO and e.player == 0 for e in view.events)
    read = read_hands(view, 128)
    assert read
    for hand in read:
        assert len(hand) == 2
        assert all(COUNT_VALUES[r] > 5 for r in hand)


def test_the_read_is_seeded_by_the_position() -> None:
    game = _after_lead("4C 9D KH QS 2C 7D", "6C 8H 10D JS AD 3H", "5S", "4C")
    first = read_hands(game.view(1))
    assert read_hands(game.view(1)) == first
    assert read_hands(game.view(1), seed=7) != first
    assert abs(sum(first.values()) - 1) < 1e-9


def test_bad_input_is_refused() -> None:
    game = Game(seed=1, first_dealer=0)
    with pytest.raises(IllegalActionError, match="no hand to read"):
        read_hands(game.view(0))
    game = _after_lead("4C 9D KH QS 2C 7D", "6C 8H 10D JS AD 3H", "5S", "4C")
    with pytest.raises(IllegalActionError, match="hands"):
        read_hands(game.view(1), 0)
    with pytest.raises(IllegalActionError, match="hands"):
        read_hands(game.view(1), "8")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="reads"):
        ReaderPlayer(reads=-1)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), cards=st.integers(1, 7))
def test_every_hand_read_is_a_hand_he_can_hold(seed: int, cards: int) -> None:
    """Midway through a random play: every hand read has as many cards as he holds, no
    rank more often than the cards the reader has not seen allow, no card that fits a
    count at which he said go; the chances add to one."""
    game = Game(seed=seed, first_dealer=seed % 2)
    players = [ExpertPlayer(), ExpertPlayer()]
    drive(game, players, stop=lambda g: (g.phase is Phase.PLAY and len(g.view(0).laid) >= cards)
          or g.phase is Phase.COUNT)
    laid = game.view(0).laid
    if game.phase is not Phase.PLAY:
        return
    reader = game.view(0).turn if game.view(0).turn is not None else 0
    view = game.view(reader)
    if not view.opponent_cards:
        return
    seen = Counter(int(c.rank) for c in (*view.kept, *view.discards, view.starter))
    seen.update(int(c.rank) for p, c in laid if p != reader)
    read = read_hands(view, 32, seed=seed)
    assert abs(sum(read.values()) - 1) < 1e-9 or not read
    room = THIRTY_ONE - view.count
    for hand in read:
        assert len(hand) == view.opponent_cards
        for rank, n in Counter(hand).items():
            assert n + seen[rank] <= 4
        if view.opponent_said_go:
            assert all(COUNT_VALUES[r] > room for r in hand)


def test_a_game_of_readers_plays_out() -> None:
    """Two reading players that read each other finish a game, deterministically."""
    def finish(seed: int) -> tuple[int, int]:
        game = Game(seed=seed, first_dealer=0)
        drive(game, [ReaderPlayer(), ReaderPlayer(reads=8)])
        return game.scores
    scores = finish(5)
    assert finish(5) == scores
    assert max(scores) >= 121


def test_the_pool_is_what_the_reader_has_not_seen() -> None:
    """A read never gives the opponent a card the reader holds, threw, or saw laid:
    with every other card of a rank in sight, no hand read holds that rank."""
    game = _after_lead("4C 9D KH QS 2C 7D", "4D 4H 10D JS AD 3H", "4S", "4C")
    # the dealer holds 4D 4H, sees 4S turned and 4C led: no four is left for pone
    read = read_hands(game.view(1), 128)
    assert read
    assert all(4 not in hand for hand in read)
