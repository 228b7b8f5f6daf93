"""The coach's judges over random positions (hypothesis): what every verdict keeps,
whatever the cards. Known answers are in ``test_coach.py``; these are the invariants."""

from __future__ import annotations

from itertools import combinations, pairwise

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cribbage_edu import Card, judge_card, judge_throw
from cribbage_edu.rules.cards import FULL_DECK
from cribbage_edu.strategy.coach import (
    BLUNDER,
    CHANCE_BLUNDER,
    CHANCE_INACCURACY,
    CHANCE_MISTAKE,
    INACCURACY,
    MISTAKE,
    Grade,
)

decks = st.permutations(list(FULL_DECK))


def _grade_of(loss: float, lines: tuple[float, float, float] = (INACCURACY, MISTAKE, BLUNDER)
              ) -> Grade:
    """The grades as the README states them, from the points (or the chance) lost; a
    loss a rounding error under a line (1% worked out as 0.00999...) is at the line."""
    loss += 1e-9
    if loss < lines[0]:
        return Grade.GOOD
    if loss < lines[1]:
        return Grade.INACCURACY
    return Grade.MISTAKE if loss < lines[2] else Grade.BLUNDER


CHANCE_LINES = (CHANCE_INACCURACY, CHANCE_MISTAKE, CHANCE_BLUNDER)


def _reads_on(sentence: str) -> bool:
    """The table prints "Mistake (2.1 points lost): <sentence>": it goes on in lower case,
    or with a card ("4♣ plays on a run")."""
    return sentence[:1].islower() or sentence.split()[0] in {c.symbol for c in FULL_DECK}


@settings(max_examples=60, deadline=None)
@given(deck=decks, dealer=st.booleans(), pick=st.integers(0, 14))
def test_every_throw_verdict_keeps_its_invariants(deck: list[Card], dealer: bool,
                                                  pick: int) -> None:
    six = deck[:6]
    thrown = list(combinations(six, 2))[pick]
    verdict = judge_throw(six, thrown, dealer=dealer)
    assert len(verdict.options) == 15
    assert verdict.best == verdict.options[0].discard
    assert verdict.loss >= 0 and verdict.chance_loss is None
    assert verdict.grade is _grade_of(verdict.loss)
    assert _reads_on(verdict.sentence)
    assert f"{verdict.loss:.2f}" in verdict.sentence or verdict.loss < INACCURACY
    again = verdict.retry(verdict.best)
    assert again.loss == 0 and again.grade is Grade.GOOD
    assert again.options == verdict.options


@st.composite
def card_positions(draw: st.DrawFn) -> dict[str, object]:
    """A position in the play: 1-4 cards held, a pile of 0-3 cards under 31, a starter,
    a few cards seen, and at least one card that fits."""
    deck = draw(decks)
    held, piled, seen = draw(st.integers(1, 4)), draw(st.integers(0, 3)), draw(st.integers(0, 4))
    hand, pile = deck[:held], deck[held:held + piled]
    count = sum(c.value for c in pile)
    assume(count < 31 and any(count + c.value <= 31 for c in hand))
    rest = deck[held + piled:]
    return {"hand": hand, "pile": pile, "starter": rest[0], "seen": rest[1:1 + seen],
            "dealer": draw(st.booleans()), "opponent_cards": draw(st.integers(1, 4)),
            "pick": draw(st.integers(0, 3))}


@settings(max_examples=40, deadline=None)
@given(position=card_positions())
def test_every_card_verdict_keeps_its_invariants(position: dict[str, object]) -> None:
    hand = position.pop("hand")
    pick = position.pop("pick")
    assert isinstance(hand, list) and isinstance(pick, int)
    count = sum(c.value for c in position["pile"])  # type: ignore[attr-defined]
    fits = [c for c in hand if count + c.value <= 31]
    card = fits[pick % len(fits)]
    verdict = judge_card(hand, card, **position)  # type: ignore[arg-type]
    assert {o.card for o in verdict.options} == set(fits)
    # the best is a card of the first option's rank (yours, when you laid that rank)
    assert verdict.best.rank == verdict.options[0].card.rank
    assert all(a.value >= b.value for a, b in pairwise(verdict.options))
    assert verdict.loss >= 0 and verdict.grade is _grade_of(verdict.loss)
    assert _reads_on(verdict.sentence)
    # nothing the learner could not see is named
    where = verdict.position
    visible = {c.symbol for c in (*where.hand, where.starter, *where.seen, *where.pile)}
    assert not [c.symbol for c in FULL_DECK
                if c.symbol not in visible and c.symbol in verdict.sentence]
    again = verdict.retry(verdict.best)
    assert again.loss == 0 and again.grade is Grade.GOOD


@settings(max_examples=12, deadline=None)
@given(position=card_positions(), mine=st.integers(90, 120), theirs=st.integers(90, 120))
def test_near_home_a_card_is_graded_by_the_chance_to_win(position: dict[str, object],
                                                         mine: int, theirs: int) -> None:
    hand = position.pop("hand")
    pick = position.pop("pick")
    assert isinstance(hand, list) and isinstance(pick, int)
    count = sum(c.value for c in position["pile"])  # type: ignore[attr-defined]
    fits = [c for c in hand if count + c.value <= 31]
    verdict = judge_card(hand, fits[pick % len(fits)], scores=(mine, theirs),
                         **position)  # type: ignore[arg-type]
    assert verdict.chance_loss is not None and 0 <= verdict.chance_loss <= 1
    chances = [o.chance for o in verdict.options]
    assert all(c is not None and 0 <= c <= 1 for c in chances)
    # best first by the chance (equal to 9 places: then by the points)
    assert all(a >= b - 1e-9 for a, b in pairwise(chances))  # type: ignore[operator]
    assert verdict.best.rank == verdict.options[0].card.rank
    assert verdict.grade is _grade_of(verdict.chance_loss, CHANCE_LINES)
    assert _reads_on(verdict.sentence)
    assert verdict.retry(verdict.best).chance_loss == 0


@settings(max_examples=30, deadline=None)
@given(deck=decks, dealer=st.booleans(), pick=st.integers(0, 14), mine=st.integers(90, 120),
       theirs=st.integers(90, 120))
def test_near_home_a_throw_is_graded_by_the_chance_to_win(deck: list[Card], dealer: bool,
                                                          pick: int, mine: int,
                                                          theirs: int) -> None:
    six = deck[:6]
    verdict = judge_throw(six, list(combinations(six, 2))[pick], dealer=dealer,
                          scores=(mine, theirs))
    assert verdict.chance_loss is not None and 0 <= verdict.chance_loss <= 1
    assert verdict.best == verdict.options[0].discard
    assert verdict.grade is _grade_of(verdict.chance_loss, CHANCE_LINES)
    assert _reads_on(verdict.sentence)
    assert verdict.retry(verdict.best).chance_loss == 0
