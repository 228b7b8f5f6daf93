"""Computer players: legal choices only, each from its own view; the greedy and expert
rules on hands worked by hand; a small seeded strength check (the full measurement is
benchmarks/strength.py)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage_edu import Card, parse_cards, score_play
from cribbage_edu.rules.drive import Player, play_game, play_out
from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.rules.game import Game, Phase, PlayerView, stack_deck
from cribbage_edu.strategy.discard import advise
from cribbage_edu.strategy.players import (
    ExpertPlayer,
    GreedyPlayer,
    RandomPlayer,
    peg_points,
    points_before_starter,
)
from cribbage_edu.strategy.roster import make_player


def test_points_before_starter_worked_by_hand() -> None:
    # 5-5-10-J: fifteens 5+10, 5+10, 5+J, 5+J (8), a pair of fives (2) = 10
    assert points_before_starter(parse_cards("5H 5C 10S JD")) == 10
    # 3-3-4-5: fifteens 3+3+4+5? no (15!: 3+3+4+5 = 15, 2); pair (2); double run of three (6)
    assert points_before_starter(parse_cards("3H 3C 4S 5D")) == 10
    # 2-4-6-8 hearts: nothing but a four-card flush
    assert points_before_starter(parse_cards("2H 4H 6H 8H")) == 4
    # 9-10-J-Q: a run of four, no fifteen
    assert points_before_starter(parse_cards("9C 10D JH QS")) == 4
    # K-Q-A-2: Q-K-A is no run
    assert points_before_starter(parse_cards("KC QD AH 2S")) == 0


def test_peg_points_worked_by_hand() -> None:
    assert peg_points((4, 6, 5, 3)) == 4  # count 18: run of four
    assert peg_points((4, 6, 5)) == 2 + 3  # fifteen and a run of three
    assert peg_points((7, 7, 7, 7)) == 12  # double pair royal, count 28
    assert peg_points((10, 10, 11)) == 0  # 10-10-J: no pair for the jack, no run
    assert peg_points((13, 12, 1)) == 0  # K-Q-A is no run
    assert peg_points((10, 11, 12, 1)) == 2  # 31 for two; J-Q-A is no run
    assert peg_points((1, 2, 3)) == 3
    assert peg_points((6, 9)) == 2


@given(st.lists(st.sampled_from([f"{r}{s}" for r in
                                 ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
                                  "Q", "K") for s in "CDHS"]),
                min_size=1, max_size=8, unique=True))
def test_peg_points_agrees_with_score_play(cards: list[str]) -> None:
    pile = parse_cards(cards)
    total = 0
    kept: list[Card] = []
    for card in pile:
        if total + card.value > 31:
            break
        total += card.value
        kept.append(card)
    if kept:
        assert peg_points(tuple(int(c.rank) for c in kept)) == score_play(kept).total


class Spy:
    """Wraps a player and checks every view it is given against the engine."""

    def __init__(self, inner: Player, game: Game, me: int) -> None:
        self.inner, self.game, self.me = inner, game, me
        self.name = inner.name
        self.decisions = 0

    def _check(self, view: PlayerView) -> None:
        assert view.player == self.me
        theirs = set(self.game.hand(1 - self.me)) | set(self.game.kept(1 - self.me) or ())
        assert not theirs & set(view.hand)
        assert not theirs & set(view.kept)
        if self.game.phase is not Phase.DISCARD:
            crib_unseen = set(self.game.crib) - set(view.discards)
            shown = {c for _, _, cards in view.shown for c in cards}
            this_deal = [e for e in view.events if e.deal == view.deal]
            assert not (crib_unseen - shown) & {c for e in this_deal for c in e.cards}

    def discard(self, view: PlayerView) -> Sequence[Card]:
        self._check(view)
        self.decisions += 1
        throw = self.inner.discard(view)
        assert len(throw) == 2 and set(throw) <= set(view.hand)
        return throw

    def play(self, view: PlayerView) -> Card:
        self._check(view)
        self.decisions += 1
        card = self.inner.play(view)
        assert card in [a.cards[0] for a in view.legal if a.cards]
        return card


@pytest.mark.parametrize("names", [("random", "greedy"), ("expert", "random"),
                                   ("greedy", "expert")])
def test_players_choose_legally_from_their_own_view(names: tuple[str, str]) -> None:
    game = Game(seed=5, first_dealer=0)
    spies = [Spy(make_player(n, i), game, i) for i, n in enumerate(names)]
    play_out(game, spies)
    assert game.is_over
    assert all(s.decisions > 0 for s in spies)


def test_greedy_keeps_the_most_points_before_the_starter() -> None:
    # dealt 5H 5C JD 2S 9C KH as pone: keeping 5-5-J-K scores 5+J, 5+J, 5+K, 5+K and the
    # pair: 10, more than any other four
    game = Game(seed=0, first_dealer=1,
                decks=[stack_deck("5H 5C JD 2S 9C KH", "AC AD 3H 4S 6C 7D", "8S")])
    game.advance()
    game.advance()
    throw = GreedyPlayer(seed=0).discard(game.view(0))
    assert sorted(map(str, throw)) == ["2S", "9C"]


def test_greedy_pegs_the_most_now() -> None:
    game = Game(seed=0, first_dealer=1,
                decks=[stack_deck("5H 7C 8D KS AC 2C", "10H 6D 9S QC 3D 4D", "JS")])
    game.advance()
    game.advance()
    game.discard(0, "AC 2C")
    game.discard(1, "3D 4D")
    game.advance()  # the starter JS: two for his heels to the dealer
    game.play(0, "7C")
    game.play(1, "QC")  # 17
    game.play(0, "5H")  # 22
    # dealer holds 10H 6D 9S: 9S makes 31 (two), 6D makes 28 (nothing), 10H does not fit
    assert GreedyPlayer(seed=1).play(game.view(1)) == Card.parse("9S")


def test_expert_discards_the_advisors_first_choice() -> None:
    for seed in range(6):
        game = Game(seed=seed, first_dealer=seed % 2)
        game.advance()
        game.advance()
        for who in (0, 1):
            view = game.view(who)
            throw = ExpertPlayer().discard(view)
            best = advise(view.hand, dealer=view.is_dealer)[0]
            assert set(throw) == set(best.discard)


def expert_in_play(pone: str, dealer: str, starter: str, moves: Sequence[tuple[int, str]],
                   scores: tuple[int, int] = (0, 0)) -> tuple[Game, dict[Card, float]]:
    """Pone (player 0) and dealer (player 1) hold four cards each (two more, low clubs and
    diamonds, are laid away); returns the game after ``moves`` and the expert's values."""
    game = Game(seed=0, first_dealer=1, scores=scores,
                decks=[stack_deck(pone + " AC 2C", dealer + " AD 2D", starter)])
    game.advance()
    game.advance()
    game.discard(0, "AC 2C")
    game.discard(1, "AD 2D")
    game.advance()
    for who, card in moves:
        game.play(who, card)
    turn = game.turn
    assert turn is not None
    return game, ExpertPlayer().card_values(game.view(turn))


def test_expert_does_not_lead_a_five() -> None:
    # a five led lets any ten-card (16 of them) make fifteen; a four lets nothing
    _, values = expert_in_play("5H 9S KD 4C", "3S 7H 8H QS", "6C", [])
    assert max(values, key=values.__getitem__) != Card.parse("5H")
    assert values[Card.parse("4C")] > values[Card.parse("5H")]


def test_expert_leads_from_a_pair() -> None:
    # the pair trap: lead an 8 holding another; if the opponent pairs it (2), the third
    # 8 answers for 6. A lone 9 or king invites a fifteen with nothing to answer it.
    _, values = expert_in_play("8H 8C 9D KS", "3S 4H 6H QS", "2H", [])
    assert max(values, key=values.__getitem__) in (Card.parse("8H"), Card.parse("8C"))
    assert values[Card.parse("8H")] > values[Card.parse("9D")] > values[Card.parse("KS")]


def test_expert_takes_fifteen() -> None:
    # pone leads 9S; dealer holds 6S 7H 8H QS: 6S makes fifteen for two
    _, values = expert_in_play("5H 9S KD 4C", "6S 7H 8H QS", "3C", [(0, "9S")])
    assert max(values, key=values.__getitem__) == Card.parse("6S")


def test_expert_does_not_leave_twenty_one() -> None:
    # pone leads 9C, dealer 2S: 11. Pone holds KD 8D 3H: KD leaves 21, where any
    # ten-card makes 31; 8D (19) and 3H (14) are safer.
    game, values = expert_in_play("9C KD 8D 3H", "2S 6S 7H QS", "4C", [(0, "9C"), (1, "2S")])
    assert game.count == 11
    assert max(values, key=values.__getitem__) != Card.parse("KD")


def test_expert_takes_thirty_one() -> None:
    # 1 + 10 + 10 = 21; dealer holds 7H 9H QS: QS makes 31 for two
    game, values = expert_in_play("AH 10S KD 6S", "JS 7H 9H QS", "6C",
                                  [(0, "AH"), (1, "JS"), (0, "KD")])
    assert game.count == 21
    assert max(values, key=values.__getitem__) == Card.parse("QS")


def test_expert_counts_out_when_it_can() -> None:
    # pone at 119 needs two: at 19 the 10H pairs dealer's 10C for two and wins
    game, values = expert_in_play("5H 10H 9S 4C", "10C 7H 8H QS", "6C",
                                  [(0, "9S"), (1, "10C")], scores=(119, 100))
    assert game.count == 19
    assert max(values, key=values.__getitem__) == Card.parse("10H")
    assert values[Card.parse("10H")] >= 1000


def test_play_out_claims_for_a_computer_counting_by_hand() -> None:
    game = Game(seed=3, manual_count=True, first_dealer=0)
    play_out(game, [RandomPlayer(1), RandomPlayer(2)])
    assert game.is_over
    assert all(e.points >= 0 for e in game.events)
    assert not [e for e in game.events if e.kind == "muggins"]


def test_make_player_knows_every_player_by_name() -> None:
    from cribbage_edu.strategy.roster import PLAYER_NAMES

    assert {"random", "greedy", "expert", "master"} <= set(PLAYER_NAMES)
    assert [make_player(n).name for n in PLAYER_NAMES] == list(PLAYER_NAMES)
    with pytest.raises(IllegalActionError):
        make_player("cheater")


def test_play_game_is_reproducible() -> None:
    a = play_game([GreedyPlayer(1), RandomPlayer(2)], seed=12)
    b = play_game([GreedyPlayer(1), RandomPlayer(2)], seed=12)
    assert a.events == b.events


def test_expert_beats_random_in_seeded_games() -> None:
    # small on purpose; benchmarks/strength.py measures 400 games with confidence intervals
    wins = 0
    for i in range(24):
        game = play_game([ExpertPlayer(), RandomPlayer(seed=i)], seed=1000 + i,
                         first_dealer=i % 2)
        wins += game.winner == 0
    assert wins >= 20
