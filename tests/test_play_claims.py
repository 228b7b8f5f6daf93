"""The play's points claimed by hand (``claim_play``): each card's points, the go and the
last card said by the player, judged by the engine, with muggins as the American Cribbage
Congress plays it (missed play points go to the opponent; heels is never mugged). Known
answers worked by hand from the rules."""

from __future__ import annotations

import pytest

from cribbage_edu.rules.drive import drive, play_out
from cribbage_edu.rules.errors import IllegalActionError, OutOfTurnError
from cribbage_edu.rules.events import ActionKind, EventKind, Source
from cribbage_edu.rules.game import Game, GameOptions, Phase, stacked_game
from cribbage_edu.rules.pegging import judge_peg, score_play
from cribbage_edu.rules.scoring import Verdict
from cribbage_edu.strategy.players import ExpertPlayer, GreedyPlayer


def dealt(pone: str, dealer: str, starter: str, *, muggins: bool = False,
          who: tuple[bool, bool] = (True, False)) -> Game:
    """A first deal with the throws made (the last two of each six), the starter turned:
    player 0 (pone) leads; ``who`` pegs the play by hand."""
    game = stacked_game(pone, dealer, starter,
                        options=GameOptions(claim_play=who, muggins=muggins))
    game.discard(0, pone.split()[4:])
    game.discard(1, dealer.split()[4:])
    game.advance()
    return game


# 5H led (5), 10C on it: fifteen for two (player 1); 5C on 15: twenty (nothing);
# KD: thirty (nothing); player 0 has AH: 31 for two.
PONE = "5H 5C AH 9S 2C 3C"
DEALER = "10C KD QS JS 4D 6D"


def test_a_card_that_makes_nothing_is_claimed_as_nothing() -> None:
    game = dealt(PONE, DEALER, "7H")
    game.play(0, "5H")
    assert game.peg_due == 0 and game.to_act == (0,) and game.phase is Phase.PLAY
    assert [a.kind for a in game.legal_actions(0)] == [ActionKind.PEG]
    claim = game.peg(0, 0)
    assert claim.verdict is Verdict.RIGHT and game.scores == (0, 0)
    assert game.peg_due is None and game.to_act == (1,)


def test_the_points_claimed_right_score_and_the_log_keeps_the_order_of_the_table() -> None:
    game = dealt(PONE, DEALER, "7H", who=(True, True))
    game.play(0, "5H")
    game.peg(0, 0)
    game.play(1, "10C")  # fifteen for two
    kinds = [e.kind for e in game.events[-2:]]
    assert kinds[-1] is EventKind.LAY and game.scores == (0, 0)  # not yet pegged
    claim = game.peg(1, 2)
    assert claim.verdict is Verdict.RIGHT and game.scores == (0, 2)
    assert [e.kind for e in claim.events] == [EventKind.CLAIM, EventKind.PEG]
    assert claim.events[1].points == 2 and claim.events[1].source is Source.PEGGING


def test_an_under_claim_with_muggins_gives_the_missed_points_to_the_opponent() -> None:
    game = dealt(PONE, DEALER, "7H", muggins=True, who=(False, True))
    game.play(0, "5H")
    game.play(1, "10C")  # fifteen for two: player 1 says none
    claim = game.peg(1, 0)
    assert claim.verdict is Verdict.UNDER
    assert (claim.judgement.awarded, claim.judgement.taken) == (0, 2)
    assert game.scores == (2, 0)
    muggins = [e for e in claim.events if e.kind is EventKind.MUGGINS]
    assert len(muggins) == 1 and muggins[0].player == 0 and muggins[0].points == 2
    assert "muggins: the opponent takes 2" in claim.explain()


def test_without_muggins_a_claim_scores_as_claimed_and_an_over_claim_is_cut() -> None:
    game = dealt(PONE, DEALER, "7H", who=(False, True))
    game.play(0, "5H")
    game.play(1, "10C")
    under = game.peg(1, 1)  # as at a table: the point missed is lost
    assert under.verdict is Verdict.UNDER and game.scores == (0, 1)
    assert "the 1 missed is lost" in under.explain()
    game.play(0, "5C")  # twenty
    game.play(1, "KD")  # thirty: nothing; player 1 says 3
    over = game.peg(1, 3)
    assert over.verdict is Verdict.OVER and game.scores == (0, 1)


def test_thirty_one_and_its_reset_come_with_the_claim() -> None:
    game = dealt(PONE, DEALER, "7H")  # player 0 pegs by hand
    game.play(0, "5H")
    game.peg(0, 0)
    game.play(1, "10C")
    game.play(0, "5C")
    game.peg(0, 0)
    game.play(1, "KD")  # thirty
    game.play(0, "AH")  # 31 for two; the count goes back to zero after the claim
    assert game.count == 0 and game.scores == (0, 2)  # player 1's fifteen (automatic)
    claim = game.peg(0, 2)
    assert claim.verdict is Verdict.RIGHT and game.scores == (2, 2)
    assert [e.kind for e in claim.events] == [EventKind.CLAIM, EventKind.PEG, EventKind.RESET]


def test_the_go_and_the_last_card_are_claimed_too() -> None:
    # pone holds 9S 8S 7S 6S (throws 2C 3C), the dealer KD QS JS 10S (throws 4D 6D)
    game = dealt("9S 8S 7S 6S 2C 3C", "KD QS JS 10S 4D 6D", "AH")
    game.play(0, "9S")
    game.peg(0, 0)
    game.play(1, "KD")  # 19
    game.play(0, "8S")  # 27
    game.peg(0, 0)
    # nothing fits 27 for player 1: go; player 0 cannot lay 7 or 6 either, so player 0,
    # who laid last, takes the go: by hand
    game.go(1)
    assert game.peg_due == 0 and game.scores == (0, 0)
    claim = game.peg(0, 1)
    assert claim.verdict is Verdict.RIGHT and game.scores == (1, 0)
    # the rest, to the last card, which is pegged by hand too
    drive(game, [None, ExpertPlayer()])
    while game.phase is Phase.PLAY:
        if game.peg_due == 0:
            game.peg(0, game.points_to_peg)
        elif game.can_go(0):
            game.go(0)
        else:
            game.play(0, game.legal_cards(0)[0])
        drive(game, [None, ExpertPlayer()])
    last = [e for e in game.events if e.kind is EventKind.PEG and "last card" in e.reason]
    assert len(last) == 1  # the last card's point was pegged (by hand or by the computer)


def test_heels_is_never_mugged() -> None:
    game = stacked_game(PONE, DEALER, "JH",
                        options=GameOptions(claim_play=(True, True), muggins=True))
    game.discard(0, PONE.split()[4:])
    game.discard(1, DEALER.split()[4:])
    game.advance()  # the starter: a jack, his heels for the dealer, at once, by the engine
    assert game.scores == (0, 2) and game.peg_due is None


def test_a_peg_is_saved_loaded_and_undone_with_the_game() -> None:
    game = dealt(PONE, DEALER, "7H", muggins=True, who=(False, True))
    game.play(0, "5H")
    game.play(1, "10C")
    waiting = Game.from_json(game.to_json())
    assert waiting.peg_due == 1 and waiting.options.claim_play == (False, True)
    waiting.peg(1, 0)
    assert waiting.scores == (2, 0)
    undone = waiting.undo()
    assert [a.kind for a in undone] == [ActionKind.PEG]
    assert waiting.peg_due == 1 and waiting.scores == (0, 0)
    waiting.peg(1, 2)
    assert waiting.scores == (0, 2)
    plain = Game(seed=3)
    assert "claim_play" not in plain.to_json()  # written only when played


def test_every_claim_right_gives_the_same_game_as_pegging_by_the_engine() -> None:
    """A whole game where both seats peg by hand and always say the truth scores exactly
    as the same game pegged by the engine; saying nothing with muggins gives every play
    point to the opponent."""
    plain = play_out(Game(seed=21, target=61, first_dealer=0),
                     [ExpertPlayer(), GreedyPlayer(seed=1)])
    by_hand = play_out(Game(seed=21, target=61, first_dealer=0, claim_play=True),
                       [ExpertPlayer(), GreedyPlayer(seed=1)])
    assert by_hand.scores == plain.scores
    for deal in range(1, plain.deal_number + 1):  # a card's points pegged in one go
        assert by_hand.tally(deal) == plain.tally(deal)
    # every card laid is followed at once by its peg, by the player who laid it
    actions = by_hand.actions
    for n, action in enumerate(actions[:-1]):
        if action.kind is ActionKind.PLAY:
            assert actions[n + 1].kind is ActionKind.PEG
            assert actions[n + 1].player == action.player


def test_bad_input_is_refused_and_changes_nothing() -> None:
    game = dealt(PONE, DEALER, "7H")
    with pytest.raises(OutOfTurnError, match="no play points to peg now"):
        game.peg(0, 0)
    game.play(0, "5H")
    before = game.to_json()
    for bad in (-1, 32, "2", 2.5, True, None):
        with pytest.raises(IllegalActionError, match="whole number, 0 to 31"):
            game.peg(0, bad)  # type: ignore[arg-type]
    with pytest.raises(OutOfTurnError, match="player 0 pegs first"):
        game.peg(1, 0)
    with pytest.raises(OutOfTurnError, match="player 0 pegs first"):
        game.play(1, "10C")
    assert game.to_json() == before
    for wrong in ("no", 2, [True], [True, "yes"]):
        with pytest.raises(IllegalActionError, match="claim_play"):
            Game(seed=1, claim_play=wrong)  # type: ignore[arg-type]


def test_the_judge_of_a_peg_by_hand() -> None:
    run = score_play("4H 5C 6D").items  # fifteen two and a run of three: 5
    assert judge_peg(5, run)[2:5] == (Verdict.RIGHT, 5, 0)
    assert judge_peg(3, run, muggins=True)[2:5] == (Verdict.UNDER, 3, 2)
    assert judge_peg(3, run)[2:5] == (Verdict.UNDER, 3, 0)
    assert judge_peg(0, ())[2:5] == (Verdict.RIGHT, 0, 0)
    assert judge_peg(1, ()).explain() == "over by 1: it made 0 (nothing), not 1"
