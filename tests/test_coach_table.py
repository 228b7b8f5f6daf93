"""The judge of a card at a table (``judge_dealt`` in ``coach/view.py``, what
``judge_view`` calls in the play): its verdict made from the model of the whole deal, a
card within the judge's paired 95% margin of the best graded good and said to be, the
opponent's answer checked against the engine playing the expert, the same position
always judged the same, and bad input refused with nothing changed."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_edu.rules.cards import Card
from cribbage_edu.rules.errors import IllegalActionError, IllegalPlayError
from cribbage_edu.rules.events import Phase
from cribbage_edu.rules.game import Game, stacked_game
from cribbage_edu.rules.pegging import pile_points
from cribbage_edu.strategy.coach import (
    INACCURACY,
    CardVerdict,
    CoachPlayer,
    Grade,
    judge_view,
    verdict_line,
)
from cribbage_edu.strategy.coach.deal import DEAL_HANDS, deal_answers, judge_deal
from cribbage_edu.strategy.coach.view import judge_dealt
from cribbage_edu.strategy.hint import hint
from cribbage_edu.strategy.reading import ReadDeal
from tests.decisions import EXPERTS, decision

WITHIN = "within the judge's margin"


def _first_lead(scores: tuple[int, int] = (0, 0)) -> Game:
    """Pone keeps 2♣ 3♦ 4♥ 5♠ (throws 9♣ K♦), the dealer A♣ 6♦ 7♥ 10♠; the 8♠ turned;
    pone to lead (lesson 14's exercise 8 when the scores are 113 and 119)."""
    game = stacked_game("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S", scores=scores)
    game.discard(0, "9C KD"), game.discard(1, "JC QD"), game.advance()
    return game


def _card(verdict: CardVerdict, symbol: str) -> Card:
    return next(o.card for o in verdict.options if o.card.symbol == symbol)


# --- the verdict is the model of the whole deal's -----------------------------------------


def test_a_card_at_the_table_is_judged_over_the_whole_deal() -> None:
    game = _first_lead()
    view = game.view(0)
    verdict = judge_view(view, "5S")
    assert isinstance(verdict, CardVerdict) and verdict.whole_deal and not verdict.exact
    deal = judge_deal(view, DEAL_HANDS)  # asked afresh: the verdict is made from it
    assert verdict.hands == deal.used
    assert [o.card for o in verdict.options] == [c.card for c in deal.cards]
    for option, row in zip(verdict.options, deal.cards, strict=True):
        assert option.value == pytest.approx(row.points)
        assert (option.difference, option.margin) == (row.difference, row.margin)
    five = next(c for c in deal.cards if str(c.card) == "5S")
    assert verdict.loss == pytest.approx(max(o.value for o in verdict.options) - five.points)
    assert verdict.loss_error == pytest.approx(five.points_margin)
    # the numbers say how they were made: drawn deals, kept hands, hidden hands
    assert f"over {deal.used} deals drawn for the opponent" in verdict.why
    assert "kept as a strong player keeps them" in verdict.why
    assert "hidden hands" in verdict.why and "<- yours" in verdict.why
    data = verdict.to_dict()
    assert data["whole_deal"] is True and data["margin"] == verdict.margin
    assert data["within"] == [str(c) for c in verdict.within]
    assert {"loss", "loss_error", "grade", "sentence", "options"} <= set(data)


def test_the_worst_lead_keeps_lesson_13s_reason() -> None:
    """A five led: every ten-card makes fifteen on it. Outside the margin the grade follows
    the points lost, and the sentence is lesson 13's, with the answer the opponent lays
    not seeing pone's cards."""
    verdict = judge_view(_first_lead().view(0), "5S")
    assert isinstance(verdict, CardVerdict)
    assert not verdict.is_within_margin and verdict.grade is not Grade.GOOD
    assert verdict.sentence.startswith("a five is the worst lead")
    assert "his answer pegs" in verdict.sentence and "his best answer" not in verdict.sentence
    by_card = {o.card.symbol: o for o in verdict.options}
    assert by_card["5♠"].answer > by_card[verdict.best.symbol].answer
    assert verdict_line(verdict).startswith(f"{str(verdict.grade).capitalize()} (")


def test_cards_within_the_margin_are_all_graded_good_and_say_so() -> None:
    """At the first lead three cards are too close to tell apart over the deals drawn:
    each one's paired interval of difference from the best reaches 0. Each is graded
    good, even one that nets more than the inaccuracy's 0.5 less than the best; the line
    says Good and the sentence "within the judge's margin"; the hint names them."""
    view = _first_lead().view(0)
    deal = judge_deal(view, DEAL_HANDS)
    inside = [c for c in deal.cards if c.difference + c.margin >= 0]
    assert len({c.card.rank for c in inside}) >= 2
    best = deal.cards[0].card
    for row in deal.cards:
        verdict = judge_view(view, [row.card])
        assert isinstance(verdict, CardVerdict)
        assert verdict.is_within_margin == (row in inside)
        line = verdict_line(verdict)
        if row in inside:
            assert verdict.grade is Grade.GOOD
            assert WITHIN in verdict.sentence and line.startswith("Good")
            assert not line.startswith("Right")
        if row in inside and row.card != best:
            assert verdict.sentence.startswith(f"{WITHIN}: {best.symbol} nets")
            assert f"± {row.margin:.2f}" in verdict.sentence
    wide = [c for c in inside if -c.difference >= INACCURACY]
    assert wide, "a card within the margin that the lines alone grade an inaccuracy"
    best_verdict = judge_view(view, [best])
    assert isinstance(best_verdict, CardVerdict)
    others = [c.card.symbol for c in inside if c.card.rank != best.rank]
    assert all(symbol in best_verdict.sentence for symbol in others)
    assert f"as good {WITHIN}" in best_verdict.sentence
    advice = hint(view)
    assert advice.action is not None and advice.action.cards == (best,)
    assert all(symbol in advice.explanation for symbol in others)


def test_near_home_the_margin_is_of_the_chance_to_win() -> None:
    """Lesson 14's exercise 8 (113 to 119): graded by the chance to win of the whole deal;
    the 5 gives the dealer fifteen, far outside the margin."""
    view = _first_lead((113, 119)).view(0)
    verdict = judge_view(view, "5S")
    assert isinstance(verdict, CardVerdict) and verdict.chance_loss is not None
    assert verdict.grade is Grade.BLUNDER and not verdict.is_within_margin
    chances = {o.card.symbol: o.chance for o in verdict.options}
    assert chances["5♠"] == min(chances.values())
    assert verdict.why.startswith("each card, best first, by your chance to win of the whole")
    best = judge_view(view, [verdict.best])
    assert isinstance(best, CardVerdict) and best.chance_loss == 0.0


def test_the_same_position_is_always_judged_the_same() -> None:
    one, two = _first_lead().view(0), _first_lead().view(0)
    assert judge_view(one, "3D").to_dict() == judge_view(two, "3D").to_dict()
    # a card is given as text, a Card, or a list of one
    assert judge_view(one, Card.parse("3D")).to_dict() == judge_view(two, ["3D"]).to_dict()
    again = judge_dealt(one, "3D").retry("4H")
    assert again.to_dict() == judge_view(two, "4H").to_dict()


def test_with_no_deal_that_fits_the_judge_falls_back_on_open_hands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = _first_lead((40, 41))  # a board no other test judges: not remembered

    def refuses(*_: object, **__: object) -> None:
        raise IllegalActionError("none of the 200 deals drawn for the opponent fits")

    monkeypatch.setattr("cribbage_edu.strategy.coach.view.judge_deal", refuses)
    verdict = judge_view(game.view(0), "5S")
    assert isinstance(verdict, CardVerdict) and not verdict.whole_deal
    assert verdict.within == () and "kinds of hand" in verdict.why


# --- the opponent's answer is the one the rest of the play lays ---------------------------



@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 20))
def test_the_answer_is_what_the_experts_reply_pegs_in_the_engine(seed: int,
                                                                 steps: int) -> None:
    """Given the opponent's real deal, each card's answer is what the rules give the
    expert's reply to it (the opponent laying from his own view), or 0 when he cannot lay."""
    game = decision(seed, steps)
    who = game.to_act[0]
    view, his = game.view(who), game.view(1 - who)
    real = ReadDeal(tuple(sorted([*his.kept, *his.discards])), tuple(his.kept),
                    tuple(his.discards), tuple(game.hand(1 - who)), 1.0)
    answers = deal_answers(view, [real])
    for card in {c.rank: c for c in game.legal_cards(who)}.values():
        trial = copy.deepcopy(game)
        trial.play(who, card)
        pile = [int(c.rank) for c in trial.view(who).pile]
        points = 0
        if trial.phase is Phase.PLAY and trial.to_act == (1 - who,) and pile:
            legal = trial.legal_cards(1 - who)
            if legal:
                reply = EXPERTS[1 - who].play(trial.view(1 - who))
                points = pile_points([*pile, int(reply.rank)])
        assert answers[int(card.rank)] == [points], (card, pile)


# --- the coach player, and bad input ------------------------------------------------------


def test_the_coach_player_takes_the_seeds_the_roster_hands_it() -> None:
    assert CoachPlayer(None).seed == CoachPlayer(random.Random(3)).seed == 0
    assert CoachPlayer(7).seed == 7
    with pytest.raises(IllegalActionError, match="deals"):
        CoachPlayer(deals=None)  # type: ignore[arg-type]


def test_bad_choices_in_the_play_are_refused_and_change_nothing() -> None:
    game = _first_lead()
    view = game.view(0)
    before = [str(e) for e in game.events]
    with pytest.raises(IllegalPlayError, match="not in the hand"):
        judge_view(view, "JC")
    with pytest.raises(IllegalActionError, match="one card, not 2"):
        judge_view(view, ["2C", "3D"])
    with pytest.raises(IllegalActionError, match="no play reaches your turn as dealer"):
        judge_view(game.view(1), "AC")
    assert [str(e) for e in game.events] == before and game.view(0).hand == view.hand
    # 5, 10 (15), 4 (19), 7 (26), 3 (29): the dealer's 6 would make 35
    for who, card in ((0, "5S"), (1, "10S"), (0, "4H"), (1, "7H"), (0, "3D")):
        game.play(who, card)
    with pytest.raises(IllegalPlayError, match="29 \\+ 6 > 31"):
        judge_view(game.view(1), "6D")
