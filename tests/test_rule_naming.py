"""Which rule of the rulebook decides between a choice and the judge's best
(``cribbage_edu.strategy.rulebook.naming``): worked by hand on positions where the rule is
plain (a five led, a pair, a fifteen on offer), and, over many positions (hypothesis),
checked against :func:`follow` itself: a rule named keeps the best and drops the choice
among the choices the rules before it left; an exception is named only where the
procedure makes the choice; and a rule is named whenever one separates them."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_edu.rules.cards import FULL_DECK, THIRTY_ONE, Card, Hand
from cribbage_edu.strategy.coach import judge_card, judge_throw
from cribbage_edu.strategy.rulebook import PlayPosition, Procedure, Rule, ThrowPosition, follow
from cribbage_edu.strategy.rulebook.naming import (
    Deciding,
    card_rule,
    deciding_rule,
    rule_words,
    throw_rule,
)
from cribbage_edu.strategy.rulebook.play import (
    LAY_HIGH,
    LEAD_FROM_A_PAIR,
    NEVER_LEAD_A_FIVE,
    TAKE_THE_POINTS,
    TRAP_LEAD,
)
from cribbage_edu.strategy.rulebook.player import stored_procedures
from cribbage_edu.strategy.rulebook.throw import crib_counted

COURSE = Procedure("the course's leads", (NEVER_LEAD_A_FIVE, LEAD_FROM_A_PAIR,
                                          TAKE_THE_POINTS, LAY_HIGH))
"""A procedure of the course's plain rules, to name them where they are plain."""


def card(text: str) -> Card:
    return Card.parse(text)


def named(procedure: Procedure[PlayPosition, Card], position: PlayPosition, chosen: str,
          best: str) -> str:
    return str(deciding_rule(procedure, position, position.choices, card(chosen), card(best)))


# --- worked by hand ----------------------------------------------------------------------------

def test_a_five_led_breaks_never_lead_a_five() -> None:
    """Pone leads from 5-9-K-3: "never lead a five" keeps 9, K and 3; the learner led the
    five, the best is the 3: the first rule to drop the five and keep the 3 is it."""
    position = PlayPosition.parse("5C 9H KS 3D", starter="QD", thrown="2S 8C")
    assert named(COURSE, position, "5C", "3D") == "the rule: never lead a five"


def test_a_lead_from_a_pair() -> None:
    """From 8-8-2-K the king led, the 8 best: "never lead a five" keeps all four (no
    five); "lead from a pair" keeps the eights and drops the king."""
    position = PlayPosition.parse("8C 8D 2H KS", starter="QD", thrown="2S 4C")
    assert named(COURSE, position, "KS", "8C") == "the rule: lead from a pair"
    # the king is the procedure's own last word only once the pair is gone: not named there
    assert named(COURSE, position, "8C", "8C") == "None"


def test_a_fifteen_on_offer_is_take_the_points_and_its_exception() -> None:
    """On an 8 the 7 makes fifteen (2), the king pegs nothing: the king laid against the
    7 breaks "take the points". Were the judge to prefer the king (say he holds the 6 or
    the 9 for a run on the 7), the 7 laid would be an exception to it: the procedure lays
    the 7 itself."""
    position = PlayPosition.parse("7D KS", "8H", starter="2C")
    assert named(COURSE, position, "KS", "7D") == "the rule: take the points"
    assert named(COURSE, position, "7D", "KS") == "an exception to take the points"
    assert follow(COURSE, position, position.choices) == card("7D")


def test_no_rule_when_the_procedure_drops_both_or_lays_a_third() -> None:
    """From 5-5-9-K the rules keep 9 and K, then the king: a learner who leads the 9
    where the judge prefers a five is not told a rule (the procedure drops the five and
    lays the king: it is no exception of the 9's either)."""
    position = PlayPosition.parse("5C 5D 9S KH", starter="2H", thrown="3C 4D")
    assert follow(COURSE, position, position.choices) == card("KH")
    assert named(COURSE, position, "9S", "5C") == "None"
    # but the king laid against the 9 is told the last word
    assert named(COURSE, position, "KH", "9S") == "an exception to lay your highest card"


def test_the_stored_play_procedure_names_a_trap_and_a_lone_ace() -> None:
    """Pone leads from 7-8-A-K under the stored procedure. Its first rule keeps the ace
    back (the lone ace, when leading); "count the card" weighs the 7, the 8
    and the king alike (none pegs; on each one rank pairs it and one more makes fifteen:
    -0.5 x 2 - 0.25 x 2 = -1.5); "lead a trap" keeps the 7 (his 8 makes fifteen, you pair
    it). So the king led against the 7 breaks "lead a trap", the ace led "keep a lone
    ace"."""
    position = PlayPosition.parse("7C 8D AH KS", starter="QD", thrown="2S 4C")
    play = stored_procedures()[1]
    count = play.rules[1]
    assert [count.value(position, c) for c in map(card, ("7C", "8D", "KS"))] == [-1.5] * 3
    assert str(card_rule(position, card("KS"), card("7C"))) == (
        "the rule: lead a trap (from a pair, 7-8 or 6-9)")
    assert str(card_rule(position, card("AH"), card("7C"))) == (
        "the rule: keep a lone ace for the go when you lead")
    assert card_rule(position, card("7C"), card("7C")) is None


def test_a_counting_rule_is_said_by_its_name_with_what_it_counts() -> None:
    """Pone leading the 5 from 5-3-9-K (the Q turned, 2-8 thrown): "count the card" gives
    the 5 -3 (five ranks answer it, a 5 and the four ten-cards: -0.5 x 5 - 0.25 x 2) and
    the 3 -1 (only a 3: -0.5 - 0.25 x 2); the coach names the rule by its name before its
    table."""
    position = PlayPosition.parse("5C 3D 9H KS", starter="QD", thrown="2S 8C")
    deciding = card_rule(position, card("5C"), card("3D"))
    assert deciding is not None and not deciding.exception
    assert deciding.words == "count the card" and deciding.counts == (-1.0, -3.0)
    assert rule_words(deciding.rule) == "count the card"
    assert deciding.rule.name.startswith("count the card: the points now")


def test_a_suit_stands_for_its_rank_and_a_card_not_held_names_nothing() -> None:
    position = PlayPosition.parse("8C 8D 2H KS", starter="QD", thrown="2S 4C")
    assert str(card_rule(position, card("2H"), card("8D"))) == str(
        card_rule(position, card("2H"), card("8C")))
    assert card_rule(position, card("2H"), card("9C")) is None


def test_the_throw_procedure_names_count_the_keep() -> None:
    """Pone with 2-3-5-9-10-K: 2-3 thrown (cards that add to five, in the dealer's crib)
    against the judge's 9-K; the stored procedure's first rule, "count the keep", keeps
    9-K alone, so it is the rule named, with what it counts for each keep. By hand, less
    the crib count of the two thrown: keeping 2-3-5-10 holds 4 now (2+3+10, 5+10) and, as
    pone, +0.25 x 6 (a ten turned adds 5+10, 2+3+10 and a pair of tens) +0.5 (a five)
    -0.5 (a ten-card) +0.5 x 2 (two cards under five) +0.75 (2-3 touch) +0.25 (3-5 one
    apart) = 7.5; keeping 5-9-10-K holds 4 (5+10, 5+K) and +0.25 x 4 (5+10 and a pair)
    +0.5 -0.5 x 2 (two ten-cards) +0.75 (9-10 touch) = 5.25."""
    six = Hand("2C 3D 5H 9S 10C KD")
    deciding = throw_rule(six, False, Hand("2C 3D"), Hand("9S KD"))
    assert deciding is not None and str(deciding) == "the rule: count the keep"
    assert deciding.counts is not None
    best, mine = deciding.counts
    assert best + crib_counted(Hand("9S KD"), False) == 7.5
    assert mine + crib_counted(Hand("2C 3D"), False) == 5.25
    position = ThrowPosition(six, False)
    rule = stored_procedures()[0].rules[0]
    assert max(rule.value(position, t) for t in position.choices) == best > mine
    assert throw_rule(six, False, Hand("2C 3D"), Hand("2C 3D")) is None
    assert throw_rule(six, False, Hand("2C 4D"), Hand("9S KD")) is None  # not of the six


# --- the coach says it -------------------------------------------------------------------------

def test_the_coach_names_the_rule_in_the_verdict_and_the_sentence() -> None:
    verdict = judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False)
    assert verdict.rule == "count the keep"
    deciding = throw_rule(Hand("2C 3D 5H 9S 10C KD"), False, Hand("2C 3D"), Hand("9S KD"))
    assert deciding is not None and deciding.counts == (3.0, -1.75)
    assert verdict.sentence.startswith("you gave the dealer 2-3")
    assert verdict.sentence.endswith("; the rule: count the keep (keeping 2♣ 3♦ 5♥ 10♣ "
                                     "counts +3, yours -1.75)")
    assert verdict.to_dict()["rule"] == "count the keep"
    best = judge_throw("2C 3D 5H 9S 10C KD", "9S KD", dealer=False)
    assert best.rule is None and "the rule" not in best.sentence


def test_the_coach_names_the_rule_of_a_card() -> None:
    """The five led from 5-3-9-K (see above): the coach's reason, then the rule."""
    verdict = judge_card("5C 3D 9H KS", "5C", starter="QD", seen="2S 8C", dealer=False)
    assert verdict.best == card("3D") and verdict.grade.is_serious
    assert verdict.rule == "count the card"
    assert verdict.sentence.startswith("a five is the worst lead")
    assert verdict.sentence.endswith("; the rule: count the card (3♦ counts -1, 5♣ -3)")
    right = verdict.retry("3D")
    assert right.rule is None and "rule" not in right.sentence


# --- by follow's own logic ---------------------------------------------------------------------

def prefer(choice: Any) -> Rule[Any, Any]:
    return Rule("prefer it", lambda p: True, lambda p, c: c == choice)


def survives(rules: tuple[Rule[Any, Any], ...], position: Any, choices: Any,
             choice: Any) -> bool:
    """Whether ``choice`` is still among those left after ``rules``, by :func:`follow`
    alone: a last rule that prefers it chooses it if and only if it is left."""
    return follow(Procedure("prefix", (*rules, prefer(choice))), position, choices) == choice


def check_named(procedure: Procedure[Any, Any], position: Any, choices: Any, chosen: Any,
                best: Any) -> None:
    rules = procedure.rules
    deciding = deciding_rule(procedure, position, choices, chosen, best)
    separating = [i for i in range(len(rules))
                  if survives(rules[:i], position, choices, chosen)
                  and survives(rules[:i + 1], position, choices, best)
                  and not survives(rules[:i + 1], position, choices, chosen)]
    makes_it = follow(procedure, position, choices) == chosen and chosen != best
    if chosen == best:
        assert deciding is None
    elif separating:
        assert deciding == Deciding(rules[separating[0]], False, deciding.counts
                                    if deciding is not None else None)
        i = separating[0]
        assert survives(rules[:i], position, choices, best)  # both were left before it
    elif makes_it and not all(survives(rules[:i + 1], position, choices, best)
                              for i in range(len(rules))):
        assert deciding is not None and deciding.exception
        i = rules.index(deciding.rule)
        assert survives(rules[:i], position, choices, best)
        assert not survives(rules[:i + 1], position, choices, best)
    else:
        assert deciding is None
    if deciding is not None and deciding.counts is not None:
        assert deciding.counts == (deciding.rule.value(position, best),
                                   deciding.rule.value(position, chosen))


@settings(max_examples=150, deadline=None)
@given(st.permutations(FULL_DECK), st.booleans(), st.integers(0, 14), st.integers(0, 14))
def test_a_throw_rule_named_keeps_the_best_and_drops_the_choice(
        deck: list[Card], dealer: bool, mine: int, best: int) -> None:
    position = ThrowPosition(Hand(deck[:6]), dealer)
    choices = position.choices
    check_named(stored_procedures()[0], position, choices, choices[mine], choices[best])


@settings(max_examples=150, deadline=None)
@given(st.permutations(FULL_DECK), st.integers(1, 4), st.integers(0, 3), st.booleans(),
       st.integers(0, 3), st.integers(0, 3))
def test_a_card_rule_named_keeps_the_best_and_drops_the_choice(
        deck: list[Card], held: int, piled: int, dealer: bool, mine: int, best: int) -> None:
    pile = Hand(deck[held:held + piled])
    while sum(c.value for c in pile) > THIRTY_ONE - 1:
        pile = Hand(pile[1:])
    position = PlayPosition(Hand(deck[:held]), pile, pile, deck[10], Hand(deck[8:10]), dealer)
    choices = position.choices
    if not choices:
        return
    chosen, top = choices[mine % len(choices)], choices[best % len(choices)]
    for procedure in (stored_procedures()[1], COURSE,
                      Procedure("traps", (TRAP_LEAD, TAKE_THE_POINTS, LAY_HIGH))):
        check_named(procedure, position, choices, chosen, top)


def test_the_table_line_and_the_review_say_the_rule() -> None:
    """The table's line is the grade, the cost and the sentence, the rule with it; every
    decision of a review that names a rule says it in its reason, and it is a rule of the
    stored procedures (or an exception to one)."""
    from cribbage_edu.rules.drive import play_out
    from cribbage_edu.rules.game import Game
    from cribbage_edu.strategy.coach import review, verdict_line
    from cribbage_edu.strategy.players import ExpertPlayer, RandomPlayer

    verdict = judge_card("5C 3D 9H KS", "5C", starter="QD", seen="2S 8C", dealer=False)
    assert verdict_line(verdict).startswith("Mistake (1.6 points lost): a five is the worst")
    assert verdict_line(verdict).endswith("; the rule: count the card (3♦ counts -1, 5♣ -3)")
    game = play_out(Game(seed=11, first_dealer=0), [RandomPlayer(seed=1), ExpertPlayer()])
    done = review(game, 0)
    throw, play = stored_procedures()
    words = {rule_words(r) for r in (*throw.rules, *play.rules)}
    named = [d for d in done.decisions if d.rule is not None]
    assert named, "a random player's game has decisions a rule decides"
    for decision in named:
        assert decision.rule is not None
        assert decision.rule.removeprefix("an exception to ") in words
        assert decision.rule in decision.reason and decision.to_dict()["rule"] == decision.rule
    assert all(d.rule is None for d in done.decisions if d.loss == 0 and
               d.chance_loss in (None, 0.0))
