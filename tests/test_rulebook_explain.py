"""Which rule of a procedure decided (:mod:`cribbage_edu.strategy.rulebook.explain`): its
steps end on the card :func:`follow` lays, each step narrows the cards the step before
left, and the rule it names is worked by hand on two positions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cribbage_edu.rules.cards import FULL_DECK, THIRTY_ONE, Card
from cribbage_edu.strategy.rulebook import PlayPosition, Procedure, follow
from cribbage_edu.strategy.rulebook.explain import choosing_rule, steps
from cribbage_edu.strategy.rulebook.play import LAY_HIGH, TAKE_THE_POINTS, TRAP_LEAD
from cribbage_edu.strategy.rulebook.player import stored_procedures

PLAY = stored_procedures()[1]


@st.composite
def positions(draw: st.DrawFn) -> PlayPosition:
    """A hand of two to four and a pile of up to three cards that counts under 31, with
    the starter and two thrown: at least one card fits."""
    cards = draw(st.permutations(FULL_DECK).map(lambda deck: deck[:10]))
    held = draw(st.integers(2, 4))
    hand, rest = list(cards[:held]), list(cards[held:])
    pile: list[Card] = []
    for card in rest[:draw(st.integers(0, 3))]:
        if sum(c.value for c in pile) + card.value + min(c.value for c in hand) <= THIRTY_ONE:
            pile.append(card)
    rest = [c for c in rest if c not in pile]
    return PlayPosition.parse(hand, pile, starter=rest[0], thrown=rest[1:3],
                              dealer=draw(st.booleans()))


@given(positions())
def test_the_steps_end_on_the_card_the_procedure_lays(position: PlayPosition) -> None:
    made = steps(PLAY, position, position.choices)
    card = made[-1].kept[0] if made else position.choices[0]
    assert card == follow(PLAY, position, position.choices)
    left = position.choices
    for step in made:
        assert set(step.kept) < set(left) and step.kept
        left = step.kept
    rule = choosing_rule(PLAY, position, position.choices)
    assert rule is (made[-1].rule if made else None)


def test_the_rule_that_decides_worked_by_hand() -> None:
    """On an 8 the 7 makes fifteen: take the points decides. Leading from 7-8-A-K, take the
    points keeps all four (none pegs), the trap keeps the 7 and decides; with one card that
    fits, no rule decides."""
    procedure = Procedure("by hand", (TAKE_THE_POINTS, TRAP_LEAD, LAY_HIGH))
    on_an_8 = PlayPosition.parse("5C 7D KS", "8H")
    assert choosing_rule(procedure, on_an_8, on_an_8.choices) is TAKE_THE_POINTS
    lead = PlayPosition.parse("7C 8D AD KD")
    assert [s.rule for s in steps(procedure, lead, lead.choices)] == [TRAP_LEAD]
    assert [str(c) for c in steps(procedure, lead, lead.choices)[0].kept] == ["7C"]
    alone = PlayPosition.parse("AC KD", "10H KS QH")
    assert alone.choices == (Card.parse("AC"),)
    assert choosing_rule(procedure, alone, alone.choices) is None
