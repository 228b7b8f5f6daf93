"""The coach: judges of the throw, the card and the count, the review of a game, and the
coach player. Known answers are worked by hand from the rules (RULES.md) and the
shipped tables; bad input is refused with an error of the engine's family."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest

from cribbage_edu import (
    Card,
    Game,
    GameOptions,
    Hand,
    Phase,
    judge_card,
    judge_count,
    judge_throw,
    review,
)
from cribbage_edu.coach import card_chances
from cribbage_edu.rules.board import GAME_HOLE
from cribbage_edu.rules.drive import drive, play_out
from cribbage_edu.rules.errors import (
    CribbageError,
    IllegalActionError,
    IllegalHandError,
    IllegalPlayError,
    OutOfTurnError,
)
from cribbage_edu.rules.game import stack_deck, stacked_game
from cribbage_edu.rules.scoring import Verdict, score_hand
from cribbage_edu.strategy.coach import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    CardPosition,
    CardVerdict,
    CoachPlayer,
    DecisionKind,
    Grade,
    ReaderPlayer,
    ThrowVerdict,
    judge_view,
    verdict_line,
)
from cribbage_edu.strategy.coach.card import judge_position
from cribbage_edu.strategy.players import ExpertPlayer
from cribbage_edu.strategy.roster import PLAYER_NAMES, make_player
from cribbage_edu.tables.cribtable import crib_ev

# --- grades ----------------------------------------------------------------------------------


def test_grade_thresholds_are_the_stated_ones() -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (0.5, 1.5, 3.0)
    assert Grade.of_points(0.49) is Grade.GOOD
    assert Grade.of_points(0.5) is Grade.INACCURACY
    assert Grade.of_points(1.49) is Grade.INACCURACY
    assert Grade.of_points(1.5) is Grade.MISTAKE
    assert Grade.of_points(3.0) is Grade.BLUNDER
    assert Grade.of_chance(0.009) is Grade.GOOD
    assert Grade.of_chance(0.08) is Grade.BLUNDER


# --- the throw -------------------------------------------------------------------------------


def test_the_best_throw_is_good_and_says_so() -> None:
    six = "5H 5C 6D JS QH 2C"
    verdict = judge_throw(six, "2C 6D", dealer=True)
    assert isinstance(verdict, ThrowVerdict)
    assert verdict.loss == 0.0 and verdict.grade is Grade.GOOD
    assert set(verdict.best) == set(Card.parse(c) for c in ("2C", "6D"))
    assert verdict.sentence.startswith("the best throw")
    assert len(verdict.options) == 15


def test_giving_pone_the_dealer_a_two_three_names_the_principle_with_the_table() -> None:
    # As pone, 2-3 thrown into the dealer's crib: they add to five (a ten-card makes
    # fifteen), and the crib table says about 7 points, against about 4 for 9-K.
    verdict = judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False)
    assert "you gave the dealer 2-3: cards that add to five" in verdict.sentence
    assert f"{crib_ev(['2C', '3D'], dealer=False):.1f} points in his crib" in verdict.sentence
    assert verdict.grade is Grade.BLUNDER
    chosen = next(o for o in verdict.options if set(o.discard) == set(verdict.chosen))
    best = verdict.options[0]
    # the loss is the difference of the three columns, as the why shows them
    # (as printed: each column rounded once to the hundredth, the totals their sums)
    assert verdict.loss == (best.cents(False)[3] - chosen.cents(False)[3]) / 100
    assert verdict.loss == pytest.approx(best.total - chosen.total, abs=0.015)
    hand, crib, play, total = chosen.cents(False)
    row = next(line for line in verdict.why.splitlines() if "<- yours" in line)
    assert f"{hand / 100:.2f} - crib {crib / 100:.2f} {play / 100:+.2f} in the play" in row
    assert row.endswith(f") = {total / 100:.2f}  <- yours")
    assert verdict.loss == pytest.approx((best.hand - chosen.hand) - (best.crib - chosen.crib)
                                         + (best.pegging - chosen.pegging), abs=0.015)
    assert "<- yours" in verdict.why


def test_a_plain_comparison_when_no_principle_separates_the_throws() -> None:
    # every throw's sentence either names a principle its numbers back, or compares
    for thrown in ("5H 5C", "JS QH", "2C 5H", "6D JS"):
        verdict = judge_throw("5H 5C 6D JS QH 2C", thrown, dealer=False)
        if verdict.loss > 0:
            assert "better" in verdict.sentence
            assert f"{verdict.loss:.2f} better" in verdict.sentence


def test_the_throw_retry_judges_from_the_same_position() -> None:
    verdict = judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False)
    again = verdict.retry(verdict.best)
    assert again.grade is Grade.GOOD and again.six == verdict.six


def test_the_throw_near_home_weighs_the_chance_to_win() -> None:
    verdict = judge_throw("4C KH 5H 6S 2H 2C", "KH 2C", dealer=False, scores=(114, 110))
    assert verdict.chance_loss is not None
    assert all(o.chance is not None for o in verdict.options)
    far = judge_throw("4C KH 5H 6S 2H 2C", "KH 2C", dealer=False, scores=(10, 10))
    assert far.chance_loss is None


# --- the card --------------------------------------------------------------------------------


def test_the_last_cards_worked_by_hand() -> None:
    # Pone (seat 0) led K, the dealer Q, pone 8 (28): the dealer holds Q 5 7 and says go;
    # pone's 3 makes 31. The dealer leads the Q, pone lays his last card, the 5 (15).
    # The dealer's 5 pairs it (2) and the 7 is the last card (1): 3. The 7 first (22)
    # pegs nothing, and the 5 then only the last card (1): 1.
    game = stacked_game("KH 8S 3D 5H 6D 6H", "QC QD 5C 7D 2C 9C", "AS")
    game.discard(0, "6D 6H"), game.discard(1, "2C 9C"), game.advance()
    game.play(0, "KH"), game.play(1, "QC"), game.play(0, "8S"), game.go(1)
    game.play(0, "3D"), game.play(1, "QD"), game.play(0, "5H")
    verdict = judge_card("5C 7D", "7D", starter="AS", pile="QD 5H",
                         seen="2C 9C KH QC 8S 3D", dealer=True, opponent_cards=0)
    assert [(o.card, o.value) for o in verdict.options] == [(Card.parse("5C"), 3.0),
                                                            (Card.parse("7D"), 1.0)]
    assert verdict.loss == 2.0 and verdict.grade is Grade.MISTAKE and verdict.exact
    # the same position, read from the game's own view and judged over the whole deal:
    # pone holds nothing, so every deal drawn for him plays alike, and the figures are exact
    from_view = judge_view(game.view(1), "7D")
    assert isinstance(from_view, CardVerdict) and from_view.whole_deal
    assert [(o.card, o.value, o.now) for o in from_view.options] == [
        (o.card, o.value, o.now) for o in verdict.options]
    assert (from_view.loss, from_view.loss_error, from_view.grade) == (2.0, 0.0, Grade.MISTAKE)
    assert from_view.within == (Card.parse("5C"),) and from_view.position.kept is not None
    assert verdict_line(from_view).startswith("Mistake (2.0 points lost): take the points")


def test_a_thirty_one_on_the_last_card() -> None:
    # Seven cards in one series: A A 2 2 3 3 9 make 21, and pone has none left. The
    # dealer's 10 makes 31 for 2, and no last card on top of it
    verdict = judge_card("10H", "10H", starter="KD", pile="AH AD 2C 2S 3H 3D 9C",
                         dealer=True, opponent_cards=0)
    assert verdict.options[0].value == 2.0 and verdict.loss == 0.0


def _judged_knowing_his_hand(hand: str, card: str, *, starter: str, pile: str, his: str,
                             dealer: bool) -> CardVerdict:
    """The judge's model where every card but the opponent's ``his`` is seen: a position
    no deal shows (judge_card refuses it: see below), made as a CardPosition and judged,
    to check the model's play-out against a hand worked by hand."""
    known = {*Hand(hand), *Hand(pile), Card.parse(starter), *Hand(his)}
    seen = Hand(c for c in _deck() if c not in known)
    position = CardPosition(Hand(hand), Card.parse(starter), Hand(pile), seen, dealer, None,
                            GAME_HOLE, len(Hand(his)), False, None)
    return judge_position(position, Card.parse(card))


def test_a_forced_go_with_the_opponent_known_to_hold_a_nine() -> None:
    # Every unseen card but one nine is seen: the opponent's last card is that nine.
    # Count 25 (10 10 5): only the 3 fits; go for me (1); he leads the 9, my 10 is the last
    # card (1): net 2.
    verdict = _judged_knowing_his_hand("3C 10D", "3C", starter="2H", pile="10S 10H 5C",
                                       his="9S", dealer=True)
    assert verdict.exact and verdict.hands == 1
    assert verdict.options[0].value == 2.0
    # no deal shows so many cards: judge_card refuses the position
    with pytest.raises(IllegalHandError, match="45 cards seen besides the pile"):
        judge_card("3C 10D", "3C", starter="2H", pile="10S 10H 5C", dealer=True,
                   seen=verdict.position.seen, opponent_cards=1)


def test_after_his_go_only_cards_that_do_not_fit_are_his() -> None:
    # pone led 10, the dealer 10, pone 4, the dealer 4: 28, and pone said go: he holds
    # only cards worth 4 or more; my 3 makes 31 for 2
    verdict = judge_card("3C 2D", "2D", starter="AH", pile="10S 10H 4C 4D", dealer=True,
                         opponent_cards=2, opponent_go=True)
    by_card = {o.card: o for o in verdict.options}
    # the 3: 31 for 2, then my 2 and his card in a new series: at least ...
    assert by_card[Card.parse("3C")].now == 2
    assert by_card[Card.parse("2D")].now == 0
    assert verdict.best == Card.parse("3C")


def test_the_dealer_pairs_a_lead_that_is_his_only_card() -> None:
    # Pone led a 7; the dealer holds 7 and K; pone holds one card, the last 7 (the model
    # told every other card). Pairing (2) lets pone's 7 make a pair royal (6): the king
    # (17) is better, and then the 7 ...
    verdict = _judged_knowing_his_hand("7C KD", "7C", starter="2H", pile="7H", his="7D",
                                       dealer=True)
    by_card = {o.card: o.value for o in verdict.options}
    # 7: pair 2 (14); his 7 pair royal 6 (21); my K: 31 for 2; net 2 - 6 + 2 = -2
    # K: 17; his 7: 24, nothing; my 7: 31 and a pair: 4. Net +4 - 0 = 4
    assert by_card[Card.parse("7C")] == -2.0
    assert by_card[Card.parse("KD")] == 4.0
    assert verdict.loss == 6.0 and verdict.grade is Grade.BLUNDER
    assert "pair royal" in verdict.sentence


def test_leaving_twenty_one_names_the_principle() -> None:
    # pone led A, the dealer 2, pone 4, the dealer 8: 15. The 6 leaves 21, the king 25
    verdict = judge_card("6S KD", "6S", starter="2C", pile="AH 2D 4S 8C", dealer=False)
    assert verdict.chosen == Card.parse("6S")
    if verdict.grade is not Grade.GOOD and "count at 21" in verdict.sentence:
        assert "any ten-card makes 31" in verdict.sentence


def test_a_five_lead_is_judged_worse_than_a_low_lead() -> None:
    verdict = judge_card("5C 3D 9H KS", "5C", starter="QD", seen="2S 8C", dealer=False)
    assert verdict.best != Card.parse("5C")
    assert verdict.loss > 0 and not verdict.exact and verdict.loss_error > 0
    assert "five" in verdict.sentence or "better" in verdict.sentence or "nets" in \
        verdict.sentence


def test_the_card_verdict_is_deterministic_and_retry_keeps_the_position() -> None:
    a = judge_card("5C 3D 9H KS", "9H", starter="QD", seen="2S 8C", dealer=False)
    b = judge_card("5C 3D 9H KS", "9H", starter="QD", seen="2S 8C", dealer=False)
    assert a == b
    again = a.retry(a.best)
    assert again.grade is Grade.GOOD and again.options == a.options


def test_a_card_verdict_never_names_an_unseen_card() -> None:
    verdict = judge_card("5C 3D 9H KS", "5C", starter="QD", seen="2S 8C", dealer=False)
    where = verdict.position
    visible = {c.symbol for c in (*where.hand, where.starter, *where.seen, *where.pile)}
    every = {c.symbol for c in _deck()}
    for symbol in every - visible:
        assert symbol not in verdict.sentence
        assert symbol not in verdict.why


def test_the_card_near_home_weighs_the_chance() -> None:
    # pone needs 8 and holds 2 3 4 5 with an 8 turned (a hand of 8): she wins unless the
    # dealer, who needs 2, pegs them first. A five lets a ten-card make fifteen.
    verdict = judge_card("2C 3D 4H 5S", "5S", starter="8S", seen="9C KD", dealer=False,
                         scores=(113, 119), kept="2C 3D 4H 5S")
    assert verdict.chance_loss is not None and verdict.chance_loss > 0.1
    assert verdict.best != Card.parse("5S") and verdict.grade is Grade.BLUNDER


def test_the_chance_of_each_card_over_every_hand() -> None:
    # the dealer, on 119, needs 2; pone led the 6: the 9 makes fifteen for 2 and wins at
    # once, whatever pone holds; the 4 makes 10 and pegs nothing
    verdict = judge_card("9C 4D", "4D", starter="KH", pile="6S", seen="2C 3D 2H 7C",
                         dealer=True, scores=(119, 100), kept="9C 4D 2H 7C")
    chances = card_chances(verdict)
    assert chances is not None and list(chances) == [Card.parse("9C"), Card.parse("4D")]
    assert chances[Card.parse("9C")] == 1.0 > chances[Card.parse("4D")]
    assert verdict.best == Card.parse("9C") and verdict.chance_loss is not None
    # however many hands are asked for past every kind, the figures are the same
    assert card_chances(verdict, hands=5000) == chances
    # far from home no chance is judged
    assert card_chances(judge_card(**GOOD)) is None


@pytest.mark.parametrize("hands, words", [(0, "hands"), (True, "hands"), ("30", "hands"),
                                          (2.5, "hands")])
def test_the_chances_refuse_a_bad_number_of_hands(hands: object, words: str) -> None:
    verdict = judge_card("9C 4D", "4D", starter="KH", pile="6S", dealer=True,
                         scores=(119, 100))
    with pytest.raises(IllegalActionError, match=words):
        card_chances(verdict, hands=hands)  # type: ignore[arg-type]


def test_the_chances_take_a_card_verdict() -> None:
    with pytest.raises(IllegalActionError, match="CardVerdict"):
        card_chances(judge_throw("5H 5C 6D JS QH 2C", "2C 6D", dealer=True))  # type: ignore[arg-type]


# --- bad input -------------------------------------------------------------------------------

GOOD = {"hand": "7D 3C", "card": "3C", "starter": "2H", "pile": "KS AC 9H 2C AD",
        "dealer": True}
"""A position a deal reaches: pone laid K, 9, A and the dealer A, 2 (23)."""


@pytest.mark.parametrize("change, error, words", [
    ({"card": "5D"}, IllegalPlayError, "not in the hand"),
    ({"card": "7D 3C"}, IllegalHandError, "one card"),
    ({"pile": "KS QH 4C 9D"}, IllegalPlayError, "never passes 31"),
    ({"pile": "KS QH AC JD"}, IllegalPlayError, "counts 31"),
    ({"pile": "KS QH 3C"}, IllegalHandError, "both in the hand and in the pile"),
    ({"pile": "KS KS"}, IllegalHandError, "twice"),
    ({"seen": "7D"}, IllegalHandError, "both in the hand and in the seen cards"),
    ({"seen": "2H"}, IllegalHandError, "both in the starter and in the seen cards"),
    ({"starter": "7D"}, IllegalHandError, "both in the hand and in the starter"),
    ({"hand": "7D 3C 4D 5D 6D"}, IllegalHandError, "1 to 4 cards"),
    ({"hand": ""}, IllegalHandError, "1 to 4 cards"),
    ({"hand": 7}, IllegalHandError, "must be cards"),
    ({"dealer": "no"}, IllegalActionError, "dealer is True or False"),
    ({"dealer": 1}, IllegalActionError, "dealer is True or False"),
    ({"scores": (121, 3)}, IllegalActionError,
     r"scores \(yours, the opponent's\) must be two whole numbers from 0 to 120 .*\(121, 3\)"),
    ({"scores": (3, -1)}, IllegalActionError, r"not \(3, -1\)"),
    ({"scores": (3.0, 5)}, IllegalActionError, r"not \(3.0, 5\)"),
    ({"scores": "10 10"}, IllegalActionError, "must be two whole numbers.*not '10 10'"),
    ({"scores": b"ab"}, IllegalActionError, "must be two whole numbers.*not b'ab'"),
    ({"scores": (True, 5)}, IllegalActionError, r"not \(True, 5\)"),
    ({"target": 100}, IllegalActionError, "a game's target is 121 or 61, not 100"),
    ({"opponent_cards": 5}, IllegalActionError, "opponent_cards"),
    ({"opponent_cards": "2"}, IllegalActionError, "opponent_cards"),
    ({"opponent_go": "yes"}, IllegalActionError, "opponent_go is True or False"),
    ({"kept": "7D 3C"}, IllegalHandError, "kept hand is 4 cards"),
    ({"kept": "8D 9C 10H JS"}, IllegalHandError, "not in the kept hand"),
    ({"starter": "XX"}, CribbageError, "XX"),
    ({"hand": {"7D": 1, "3C": 2}}, IllegalHandError, "must be cards"),
    ({"pile": {"KS", "AC"}}, IllegalHandError, "the pile must be cards"),
    # positions no deal reaches: more cards than a deal holds or shows
    ({"hand": "7D", "card": "7D", "opponent_cards": 4}, IllegalPlayError,
     "holds 5 cards, but only 3 have been laid"),
    ({"hand": "7D 3C 5H 6S", "pile": "KS 9C QH", "dealer": False}, IllegalPlayError,
     "holds 3 cards, but only 0 have been laid"),
    ({"seen": "AS 2S 3S 4S 5S 6S 8S 9S 10S JS"}, IllegalHandError,
     "10 cards seen besides the pile: a deal shows you at most your 2 thrown and the 0"),
    ({"pile": "KS AC", "seen": "9H 2C AD 4H 5H 6H"}, IllegalHandError, "6 cards seen"),
    # ... a pile the order of the play cannot make
    ({"hand": "7D 3C 5H 6S", "pile": "KS 9C QH", "dealer": False, "opponent_cards": 1},
     IllegalPlayError, "no play reaches your turn as pone holding 4 with the opponent "
     "holding 1"),
    ({"hand": "7D 3C 5H 6S", "pile": "", "opponent_cards": 4}, IllegalPlayError,
     "no play reaches your turn as dealer holding 4"),
    ({"opponent_go": True}, IllegalPlayError, "after his go"),
    # ... kept cards neither held nor laid
    ({"kept": "7D 3C 5H 6S"}, IllegalHandError,
     "5H of the kept hand '7D 3C 5H 6S' is neither in the hand nor laid"),
])
def test_judge_card_refuses_bad_input(change: dict[str, object], error: type[Exception],
                                      words: str) -> None:
    args = {**GOOD, **change}
    hand, card = args.pop("hand"), args.pop("card")
    with pytest.raises(error, match=words):
        judge_card(hand, card, **args)  # type: ignore[arg-type]


@pytest.mark.parametrize("six, thrown, kwargs, error, words", [
    ("5H 5C 6D JS QH 2C", "2C 7D", {}, IllegalPlayError, "not in the six"),
    ("5H 5C 6D JS QH", "5H 5C", {}, IllegalHandError, "must be 6 cards"),
    ("5H 5C 6D JS QH 2C", "2C", {}, IllegalHandError, "two cards"),
    ("5H 5C 6D JS QH 2C", "2C 2C", {}, IllegalHandError, "twice"),
    ("5H 5C 6D JS QH 5H", "5C 6D", {}, IllegalHandError, "twice"),
    ("5H 5C 6D JS QH 2C", "2C 6D", {"dealer": "no"}, IllegalActionError, "dealer"),
    ("5H 5C 6D JS QH 2C", "2C 6D", {"scores": (130, 2)}, IllegalActionError,
     r"not \(130, 2\)"),
    ("5H 5C 6D JS QH 2C", "2C 6D", {"scores": b"ab"}, IllegalActionError, "not b'ab'"),
    ("5H 5C 6D JS QH 2C", "2C 6D", {"scores": (61, 2), "target": 61}, IllegalActionError,
     "from 0 to 60"),
    ("5H 5C 6D JS QH 2C", "2C 6D", {"target": True}, IllegalActionError, "target"),
    ("5H 5C 6D JS QH 2C", {"2C": 1, "6D": 2}, {}, IllegalHandError,
     "the throw must be cards, such as '5H JS', not {'2C': 1, '6D': 2}"),
    (dict.fromkeys(["5H", "5C", "6D", "JS", "QH", "2C"]), "2C 6D", {}, IllegalHandError,
     "the six cards must be cards"),
    ("5H 5C 6D JS QH 2C", b"2C 6D", {}, IllegalHandError, "must be cards"),
])
def test_judge_throw_refuses_bad_input(six: str, thrown: str, kwargs: dict[str, object],
                                       error: type[Exception], words: str) -> None:
    args: dict[str, object] = {"dealer": True, **kwargs}
    with pytest.raises(error, match=words):
        judge_throw(six, thrown, **args)  # type: ignore[arg-type]


def test_a_position_a_deal_reaches_is_accepted_with_its_kept_cards() -> None:
    # the dealer laid A and 2 of his kept 7 3 A 2, in the pile with pone's K 9 A
    verdict = judge_card(**GOOD, kept="7D 3C AC 2C")  # type: ignore[arg-type]
    assert verdict.position.kept is not None and verdict.chosen == Card.parse("3C")
    # a pile that is his go and then his own card: refused even where the kept cards
    # say which were the dealer's
    with pytest.raises(IllegalPlayError, match="2 of them yours"):
        judge_card(**{**GOOD, "opponent_go": True}, kept="7D 3C AC 2C")  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, "Mistake", 3, {"grade": "good"}])
def test_the_table_line_takes_a_verdict(bad: object) -> None:
    with pytest.raises(IllegalActionError, match="verdict_line takes a ThrowVerdict or a "
                                                 "CardVerdict"):
        verdict_line(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="judge_view takes a PlayerView"):
        judge_view(bad, "5H")  # type: ignore[arg-type]


def test_a_judge_changes_nothing_it_is_given() -> None:
    hand = [Card.parse("5C"), Card.parse("7D")]
    pile = [Card.parse("QD"), Card.parse("5H")]
    judge_card(hand, "7D", starter="AS", pile=pile, dealer=True, opponent_cards=0)
    assert hand == [Card.parse("5C"), Card.parse("7D")] and len(pile) == 2


# --- the count -------------------------------------------------------------------------------


def test_judge_count_is_the_engines_claim_judge() -> None:
    score = score_hand("5H 5C 6D JS", "6C")  # 8
    judged = judge_count(6, score, muggins=True)
    assert judged.verdict is Verdict.UNDER and judged.awarded == 6 and judged.taken == 2
    assert judge_count(8, score).verdict is Verdict.RIGHT


@pytest.mark.parametrize("claimed", [-1, 30, 2.0, True, False, float("nan"), "6", None,
                                     8.5, [8]])
def test_a_claim_is_a_whole_number_of_points_from_0_to_29(claimed: object) -> None:
    # 5H 5C 6D JS with 6C is 8 (fifteen four and two pairs). -1 once scored -1 and gave
    # the opponent 9 under muggins
    score = score_hand("5H 5C 6D JS", "6C")
    with pytest.raises(IllegalActionError,
                       match=r"cannot claim .*: a hand or crib scores a whole number from 0 "
                             r"to 29"):
        judge_count(claimed, score, muggins=True)  # type: ignore[arg-type]


@pytest.mark.parametrize("score", [8, "8", None, Verdict.RIGHT])
def test_a_claim_is_judged_against_a_hand_score(score: object) -> None:
    with pytest.raises(IllegalActionError, match="judged against a HandScore"):
        judge_count(8, score)  # type: ignore[arg-type]


@pytest.mark.parametrize("muggins", ["no", 1, None, 0.0])
def test_muggins_is_a_flag(muggins: object) -> None:
    with pytest.raises(IllegalActionError, match="muggins is True or False"):
        judge_count(8, score_hand("5H 5C 6D JS", "6C"), muggins=muggins)  # type: ignore[arg-type]


def at_the_count(*, muggins: bool = False) -> Game:
    """A deal played out to the count, where player 0 (pone) counts by hand 5H 5C 6D JS
    with the 6C turned: fifteen two, fifteen four and two pairs, 8."""
    game = stacked_game("5H 5C 6D JS KH QD", "AC 2D 3H 4S 9C 8D", "6C",
                        options=GameOptions(manual_count=(True, False), muggins=muggins))
    game.discard(0, "KH QD"), game.discard(1, "9C 8D"), game.advance()
    while game.phase is Phase.PLAY:
        turn = game.turn
        assert turn is not None
        fits = game.legal_cards(turn)
        game.play(turn, fits[0]) if fits else game.go(turn)
    return game


@pytest.mark.parametrize("claimed", [-1, 2.0, True, float("nan"), "6", None, 30])
def test_the_games_own_claim_is_checked_the_same_way(claimed: object) -> None:
    game = at_the_count()
    actions = len(game.actions)
    with pytest.raises(IllegalActionError, match=r"player 0 cannot claim .*: a hand or crib "
                                                 r"scores a whole number from 0 to 29"):
        game.claim(0, claimed)  # type: ignore[arg-type]
    assert len(game.actions) == actions and game.held_claim is None


# --- a view, the review, the player ------------------------------------------------------------


def _deck() -> tuple[Card, ...]:
    from cribbage_edu import FULL_DECK

    return FULL_DECK


def test_judge_view_in_the_discard_and_the_play() -> None:
    deck = stack_deck("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S")
    game = Game(seed=0, first_dealer=1, decks=[deck])
    game.advance(), game.advance()
    throw = judge_view(game.view(0), "9C KD")
    assert isinstance(throw, ThrowVerdict) and not throw.dealer
    game.discard(0, "9C KD"), game.discard(1, "JC QD"), game.advance()
    card = judge_view(game.view(0), "5S")
    assert isinstance(card, CardVerdict)
    assert card.best != Card.parse("5S")  # a five is the worst lead
    assert card.position.opponent_cards == 4
    assert set(card.position.seen) == {Card.parse('9C'), Card.parse('KD')}  # her own throw
    with pytest.raises(IllegalPlayError):
        judge_view(game.view(0), "JC")


def test_review_of_a_whole_game() -> None:
    game = play_out(Game(seed=11, first_dealer=0), [ExpertPlayer(), ExpertPlayer()])
    done = review(game, 0)
    assert done.over and done.decisions
    kinds = {d.kind for d in done.decisions}
    assert DecisionKind.THROW in kinds and DecisionKind.CARD in kinds
    throws = [d for d in done.decisions if d.kind is DecisionKind.THROW]
    assert len(throws) == sum(1 for a in game.actions
                              if a.player == 0 and a.kind == "discard")
    totals = done.totals()
    assert sum(n for n, _ in totals.values()) == len(done.decisions)
    assert sum(lost for _, lost in totals.values()) == pytest.approx(done.loss)
    assert sum(sum(row.values()) for row in done.by_deal().values()) == pytest.approx(done.loss)
    worst = done.worst()
    assert len(worst) <= 3 and all(w.grade is not Grade.GOOD for w in worst)
    data = json.loads(done.to_json())
    assert len(data["decisions"]) == len(done.decisions)
    rows = list(csv.DictReader(io.StringIO(done.to_csv())))
    assert len(rows) == len(done.decisions) and rows[0]["kind"] == "throw"
    assert "<table>" in done._repr_html_()
    # each decision reopens its position: the game replayed to its action
    first_card = next(d for d in done.decisions if d.kind is DecisionKind.CARD)
    again = game.replay(first_card.action)
    assert isinstance(first_card.verdict, CardVerdict)
    assert first_card.verdict.position.hand == again.hand(0)


def test_review_of_an_unfinished_game_with_counts_by_hand() -> None:
    game = Game(seed=5, first_dealer=0, manual_count=(True, False), muggins=True)
    drive(game, [None, ExpertPlayer()])
    game.discard(0, game.hand(0)[:2])
    while game.phase.value != "count":
        drive(game, [None, ExpertPlayer()])
        if game.phase.value == "play" and game.turn == 0:
            legal = game.legal_cards(0)
            if legal:
                game.play(0, legal[0])
            else:
                game.go(0)
    drive(game, [None, ExpertPlayer()])  # pone's hand is counted; then the dealer counts
    shown = game.next_show()
    assert shown is not None and shown[0] == 0
    game.claim(0, 0)  # a count of nothing: under, unless the hand scores 0
    done = review(game, 0)
    assert not done.over
    counts = [d for d in done.decisions if d.kind is DecisionKind.COUNT]
    assert len(counts) == 1
    actual = int(counts[0].best)
    if actual:
        # under muggins the points missed are lost and go to the opponent: net twice them
        assert counts[0].grade is not Grade.GOOD and counts[0].loss == 2 * actual


def _counted(claims: list[int], *, muggins: bool) -> list[tuple[str, float, Grade]]:
    """Player 0 counts his hand by hand (:func:`at_the_count`), claiming ``claims`` in
    turn: the review's count decisions as (claimed, points lost, grade)."""
    game = at_the_count(muggins=muggins)
    for points in claims:
        game.claim(0, points)
    return [(d.chosen, d.loss, d.grade) for d in review(game, 0).decisions
            if d.kind is DecisionKind.COUNT]


@pytest.mark.parametrize("claims, muggins, charged", [
    # without muggins a wrong first claim is looked at again: it costs nothing, and the
    # claim that stands is charged what it scores
    ([6, 8], False, [("6", 0.0, Grade.GOOD), ("8", 0.0, Grade.GOOD)]),
    ([6, 6], False, [("6", 0.0, Grade.GOOD), ("6", 2.0, Grade.MISTAKE)]),
    ([7, 7], False, [("7", 0.0, Grade.GOOD), ("7", 1.0, Grade.INACCURACY)]),
    # an over-claim scores the 8 the cards hold: nothing lost, good by the stated lines
    ([10, 10], False, [("10", 0.0, Grade.GOOD), ("10", 0.0, Grade.GOOD)]),
    ([10], True, [("10", 0.0, Grade.GOOD)]),
    # under muggins the first claim stands: 6 scored, and the 2 missed go to the
    # opponent, a swing of 4 (a blunder); 7 a swing of 2 (a mistake)
    ([6], True, [("6", 4.0, Grade.BLUNDER)]),
    ([7], True, [("7", 2.0, Grade.MISTAKE)]),
    ([8], True, [("8", 0.0, Grade.GOOD)]),
])
def test_the_review_charges_a_count_what_the_rules_cost(
        claims: list[int], muggins: bool, charged: list[tuple[str, float, Grade]]) -> None:
    assert _counted(claims, muggins=muggins) == charged


def test_a_count_looked_at_again_says_so() -> None:
    game = at_the_count()
    game.claim(0, 6), game.claim(0, 8)
    first, second = (d for d in review(game, 0).decisions if d.kind is DecisionKind.COUNT)
    assert first.reason.startswith("under: it scores 8, and the claim was not taken")
    assert "fifteen" in first.reason and second.reason.startswith("right: 8")
    assert review(game, 0).totals()[DecisionKind.COUNT] == (2, 0.0)


def test_review_refuses_a_bad_seat_and_a_bad_game() -> None:
    with pytest.raises(OutOfTurnError):
        review(Game(seed=1), 2)
    with pytest.raises(IllegalActionError):
        review("a game", 0)  # type: ignore[arg-type]


def test_the_coach_is_on_the_roster_and_plays_a_legal_game() -> None:
    assert "coach" in PLAYER_NAMES
    coach = make_player("coach")
    assert isinstance(coach, CoachPlayer)
    # the roster hands a table's player a random.Random: the coach draws nothing from it
    assert make_player("coach", random.Random(4)).seed == 0
    game = play_out(Game(seed=3, target=61, first_dealer=1),
                    [CoachPlayer(deals=16), ExpertPlayer()])
    assert game.is_over
    # the coach player of before stays, by name, as the benchmark's baseline
    game = play_out(Game(seed=3, target=61, first_dealer=1),
                    [ReaderPlayer(hands=16), ExpertPlayer()])
    assert game.is_over


# --- the sentences name a principle only when its numbers back it -------------------------


def test_feeding_your_own_crib_is_named_when_the_crib_decides() -> None:
    verdict = judge_throw("JH KD 2C 3H 10D AH", "10D KD", dealer=True)
    assert verdict.sentence.startswith("feed your own crib: 10-J (touching cards")
    ten_jack = crib_ev(["10D", "JH"], dealer=True)
    assert f"about {ten_jack:.1f} points in your crib" in verdict.sentence


def test_a_five_thrown_to_the_dealer_is_named() -> None:
    verdict = judge_throw("2H AH 3C 8S 4D 5C", "AH 5C", dealer=False)
    assert verdict.sentence.startswith("you gave the dealer A-5: a throw with a five")


def test_breaking_a_run_is_named_when_the_hand_decides() -> None:
    verdict = judge_throw("JH KD 2C 3H 10D AH", "AH JH", dealer=True)
    assert verdict.sentence.startswith("you broke a run: A♥ 2♣ 3♥ K♦")


def test_a_throw_close_to_the_best_is_said_to_be_close() -> None:
    verdict = judge_throw("4S 10D 9H 3C 6S 10H", "10D 10H", dealer=True)
    assert 0 < verdict.loss < INACCURACY and verdict.grade is Grade.GOOD
    assert verdict.sentence.startswith("close to the best")


def test_a_five_lead_is_named_as_the_worst_lead() -> None:
    verdict = judge_card("5C 3D 9H KS", "5C", starter="QD", seen="2S 8C", dealer=False)
    assert verdict.sentence.startswith("a five is the worst lead")
    by_card = {o.card: o for o in verdict.options}
    # the answer column is what separates it: his answer pegs more after the five
    assert by_card[Card.parse("5C")].answer > by_card[verdict.best].answer


def test_a_lead_from_a_pair_is_named() -> None:
    # pone holds A 4 4 K: if the dealer pairs a four led, her other four makes a pair royal
    # for 6, so he should not pair it; an ace led he can pair for 2 with nothing to fear
    verdict = judge_card("AC 4D 4H KD", "AC", starter="2C", seen="2S 6H", dealer=False)
    assert verdict.best.rank == Card.parse("4D").rank
    assert verdict.sentence.startswith(f"the pair trap: if he pairs {verdict.best.symbol}")
    by_card = {o.card: o for o in verdict.options}
    assert by_card[Card.parse("AC")].answer > by_card[verdict.best].answer


def test_every_card_reason_reads_on_from_the_grade() -> None:
    # the table prints "Inaccuracy (0.9 points lost): <reason>": each reason goes on in
    # lower case, as the course's sentences do
    game = play_out(Game(seed=12), [make_player("greedy", 12), make_player("expert", 17)])
    reasons = [d.reason for d in review(game, seat=0).decisions if d.kind is not
               DecisionKind.COUNT]
    assert reasons and all(r[0].islower() or r[0].isdigit() for r in reasons), reasons


def test_a_count_near_31_is_named_with_the_cards_that_fit() -> None:
    # the dealer holds 6 7 9 at a count of 20 against two cards: the 9 makes 29, where only
    # an ace or a two fits; the 7 makes 27, where any card of 4 or less does
    verdict = judge_card("6H 7S 9D", "7S", starter="4D", pile="JH 2H 8C", seen="5S 9H",
                         dealer=True, opponent_cards=2)
    assert verdict.best == Card.parse("9D") and verdict.loss > INACCURACY
    assert verdict.sentence.startswith("near 31 few cards fit: at 29 only an ace or a two fits "
                                       "him, at 27 cards of 4 or less fit; 9♦ nets")


def test_after_his_go_the_reason_is_the_order_of_your_cards() -> None:
    # Pone led K, the dealer 2, pone 9, the dealer A: 22, and pone says go (he holds two
    # ten-cards). The dealer holds 5 and 6, and one of them cannot follow the other.
    # The 6 first (28): the 5 does not fit, the go is his (1); pone leads a ten-card, the 5
    # makes fifteen (2), pone's last card (1): net +2. The 5 first (27): the go (1), then
    # the 6 on pone's ten-card (16) pegs nothing, pone's last card (1): net 0. Neither card
    # pegs now nor lets pone answer: the order of his own cards decides.
    verdict = judge_card("5D 6H", "5D", starter="3C", pile="KH 2C 9S AD", seen="7H 8H",
                         dealer=True, opponent_cards=2, opponent_go=True,
                         kept="5D 6H 2C AD")
    assert [(o.card, o.value) for o in verdict.options] == [(Card.parse("6H"), 2.0),
                                                            (Card.parse("5D"), 0.0)]
    assert verdict.exact and verdict.loss == 2.0 and verdict.grade is Grade.MISTAKE
    assert verdict.sentence.startswith("after his go you lay on alone, and the order decides")


def test_two_columns_are_named_when_neither_is_half_the_loss() -> None:
    # pone throws 9-10 from A A 5 9 10 K. Against 10-K it loses in the hand (A A 5 9 holds
    # two fifteens) and in the crib (touching cards start runs), neither by half the loss
    verdict = judge_throw("AC AH 5D 9H 10D KS", "9H 10D", dealer=False)
    by_throw = {frozenset(o.discard): o for o in verdict.options}
    mine, best = by_throw[frozenset(verdict.chosen)], by_throw[frozenset(verdict.best)]
    assert verdict.best == Hand("10D KS")
    hand, crib = best.hand - mine.hand, mine.crib - best.crib
    assert 0 < hand < verdict.loss / 2 and 0 < crib < verdict.loss / 2
    assert verdict.sentence.startswith(
        f"the hand and the crib together: A♣ A♥ 5♦ 9♥ averages {best.hand:.2f} in hand, "
        f"yours {mine.hand:.2f}, and your 9-10 (touching cards: they start runs) gives the "
        f"dealer {mine.crib:.1f} in his crib, 10-K {best.crib:.1f}; throwing 10♦ K♠ nets")


def test_a_card_of_the_best_rank_is_the_best_card() -> None:
    # suits never score in the play: either four of a pair led is as good as the other
    for laid in ("4S", "4D"):
        verdict = judge_card("4S 4D 9H KC", laid, starter="6H", seen="7C 8D", dealer=False)
        if verdict.best.rank == Card.parse(laid).rank:
            assert verdict.best == Card.parse(laid) and verdict.loss == 0.0
            assert verdict.grade is Grade.GOOD and verdict.sentence.startswith("the best card")
