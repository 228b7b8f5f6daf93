"""The master: the throw counts the play; near the end it plays for the game."""

from __future__ import annotations

import random

import pytest

from cribbage_edu.rules.cards import FULL_DECK, Card
from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.game import Game, stack_deck
from cribbage_edu.rules.scoring import score_hand
from cribbage_edu.strategy.discard import advise
from cribbage_edu.strategy.master import MasterPlayer, throw_chances
from cribbage_edu.strategy.players import ExpertPlayer


def discard_view(six_pone: str, six_dealer: str, scores: tuple[int, int], seat: int):  # type: ignore[no-untyped-def]
    held = set((six_pone + " " + six_dealer).split())
    starter = next(str(c) for c in FULL_DECK if str(c) not in held)
    deck = stack_deck(six_pone, six_dealer, starter)
    game = Game(seed=0, first_dealer=1, decks=[deck], scores=scores)
    game.advance()
    game.advance()
    return game.view(seat)


def test_far_from_home_the_throw_is_the_advisors_with_pegging() -> None:
    """At 0-0 the master throws what advise(..., pegging=True) puts first: hand, crib
    and the play together."""
    draw = random.Random(11)
    for n in range(40):
        six = draw.sample(FULL_DECK, 12)
        view = discard_view(" ".join(map(str, six[:6])), " ".join(map(str, six[6:])), (0, 0),
                            n % 2)
        best = advise(list(view.hand), dealer=view.is_dealer, pegging=True)[0]
        assert set(MasterPlayer().discard(view)) == set(best.discard)


@pytest.mark.parametrize("six", ["3D 5C 2C 6D 5S 10H", "KD KS 5C 7D 6C 3C",
                                 "4C KH 5H 6S 2H 2C", "3H 2S 2D 6D 3D 6S"])
def test_pone_who_needs_six_keeps_a_hand_sure_of_six(six: str) -> None:
    """Pone has 115 and counts first; the dealer has 60 and cannot peg 61 in one play.
    A kept hand that scores at least 6 with every starter wins the game for certain. For
    these hands the best keep on average is not sure of 6 (worked out with advise: its
    least hand is under 6) and another keep is: the master keeps a sure one."""
    options = advise(six, dealer=False)
    assert options[0].hand_min < 6 <= max(o.hand_min for o in options)
    others = [c for c in FULL_DECK if str(c) not in six.split()][:6]
    view = discard_view(six, " ".join(map(str, others)), (115, 60), 0)
    thrown = set(MasterPlayer().discard(view))
    kept = [c for c in view.hand if c not in thrown]
    unseen = [c for c in FULL_DECK if c not in set(view.hand)]
    assert min(score_hand(kept, s).total for s in unseen) >= 6


def test_throw_chances_are_probabilities_best_first() -> None:
    view = discard_view("4C KH 5H 6S 2H 2C", "AC AD AH 9S 9D 8C", (115, 60), 0)
    chances = throw_chances(view)
    assert len(chances) == 15
    assert all(0.0 <= t.chance <= 1.0 for t in chances)
    assert [t.chance for t in chances] == sorted((t.chance for t in chances), reverse=True)
    assert chances[0].chance == 1.0   # a sure six, counted first


def at_the_play(pone: str, dealer: str, starter: str, scores: tuple[int, int]) -> Game:
    """A stacked deal at the start of the play: each hand is six cards, the last two
    thrown; pone is seat 0."""
    game = Game(seed=0, first_dealer=1, decks=[stack_deck(pone, dealer, starter)],
                scores=scores)
    game.advance()
    game.advance()
    game.discard(0, pone.split()[4:])
    game.discard(1, dealer.split()[4:])
    game.advance()
    return game


def test_the_master_lays_the_card_that_counts_out() -> None:
    """The dealer at 119 needs 2: pone leads a ten, the master holds a five."""
    game = at_the_play("10S 9C 8D 7H AC 2C", "5D 4S 3H KH AD 2D", "QC", (100, 119))
    game.play(0, "10S")
    assert MasterPlayer().play(game.view(1)) == Card.parse("5D")


def test_the_master_does_not_lead_a_five_when_a_fifteen_loses() -> None:
    """Pone has 113 and a hand of 8 to count first; the dealer has 119: any lead but
    the five, which a ten-card turns into fifteen and the game."""
    game = at_the_play("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S", (113, 119))
    assert MasterPlayer().play(game.view(0)) != Card.parse("5S")


def test_far_from_home_the_master_lays_the_experts_card() -> None:
    game = Game(seed=3, first_dealer=0)
    expert, master = ExpertPlayer(), MasterPlayer()
    seen = 0
    while not game.is_over and game.deal_number < 4:
        if game.turn is not None and len(game.legal_cards(game.turn)) > 1:
            view = game.view(game.turn)
            assert master.play(view) == expert.play(view)
            seen += 1
        play_out_one_step(game, [expert, expert])
    assert seen > 5


def play_out_one_step(game: Game, players: list[ExpertPlayer]) -> None:
    from cribbage_edu.rules.game import Phase
    if game.phase is Phase.PLAY:
        who = game.turn
        assert who is not None
        fits = game.legal_cards(who)
        if fits:
            game.play(who, players[who].play(game.view(who)) if len(fits) > 1 else fits[0])
        else:
            game.go(who)
    elif game.phase is Phase.DISCARD:
        for who in game.to_act:
            game.discard(who, players[who].discard(game.view(who)))
    else:
        game.advance()


def test_a_whole_game_between_master_and_expert() -> None:
    game = play_out(Game(seed=5, first_dealer=0), [MasterPlayer(), ExpertPlayer()])
    assert game.is_over and max(game.scores) == 121
