"""The Play object: one deal's pegging between pone and dealer, go sequences worked by
hand from RULES.md, illegal actions that change nothing, and whole plays checked
against the reference play in tests/reference.py."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import DECK, RANKS, random_chooser, ref_play

from cribbage_edu import (
    FULL_DECK,
    Card,
    CardParseError,
    IllegalActionError,
    IllegalHandError,
    IllegalPlayError,
    Kind,
    OutOfTurnError,
    Play,
)

PONE, DEALER = Play.PONE, Play.DEALER


def snapshot(play: Play) -> tuple[Any, ...]:
    """Everything a caller can observe about the play."""
    return (play.count, play.turn, play.is_over, play.pile, play.laid, play.events,
            play.scores, play.hand(PONE), play.hand(DEALER), play.said_go(PONE),
            play.said_go(DEALER), play.legal_cards(), play.legal_cards(PONE),
            play.legal_cards(DEALER), play.can_go(PONE), play.can_go(DEALER))


def scored(events: tuple[Any, ...]) -> list[tuple[int, int, list[Kind]]]:
    """(player, points, kinds) of each score event."""
    return [(e.player, e.points, [i.kind for i in e.items])
            for e in events if e.action == "peg"]


def actions(events: tuple[Any, ...]) -> list[str]:
    return [e.action for e in events]


# --- the start -------------------------------------------------------------------------


def test_pone_leads() -> None:
    play = Play("KH 8H 9C 7C", "QS JD 10D 9S")
    assert play.turn == PONE and play.count == 0 and not play.is_over
    assert play.legal_cards() == play.hand(PONE)
    assert play.legal_cards(DEALER) == ()
    assert play.scores == (0, 0) and play.events == () and play.pile == ()


def test_legal_cards_are_those_that_fit() -> None:
    play = Play("KH 8H 9C 7C", "QS JD 10D AS")
    play.play(PONE, "KH")
    play.play(DEALER, "QS")
    play.play(PONE, "8H")  # count 28: only the ace fits
    assert [str(c) for c in play.legal_cards()] == ["AS"]
    assert not play.can_go(DEALER)


# --- go sequences, worked by hand ------------------------------------------------------


def test_both_stuck_go_scores_one_and_the_other_leads() -> None:
    play = Play("KH 8H 9C 7C", "QS JD 10D 9S")
    play.play(PONE, "KH")  # 10
    play.play(DEALER, "QS")  # 20: K and Q are no pair
    play.play(PONE, "8H")  # 28: K Q 8 no run
    # dealer holds J 10 9: 38, 38, 37: must say go
    assert play.turn == DEALER and play.can_go(DEALER) and play.legal_cards() == ()
    events = play.go(DEALER)
    # pone holds 9 and 7: 37, 35: stuck too. Pone laid the last card: one for the go.
    assert actions(events) == ["go", "peg", "reset"]
    assert scored(events) == [(PONE, 1, [Kind.GO])]
    # the count resets and the player who did not lay the last card (dealer) leads
    assert play.count == 0 and play.pile == () and play.turn == DEALER
    assert play.scores == (1, 0)
    assert not play.said_go(DEALER)
    play.play(DEALER, "JD")  # 10
    play.play(PONE, "9C")  # 19
    events = play.play(DEALER, "10D")  # 29: J 9 10 is a run of three
    assert scored(events) == [(DEALER, 3, [Kind.RUN])]
    # pone's 7 makes 36: pone says go; dealer's 9 makes 38: one for the go to dealer
    events = play.go(PONE)
    assert scored(events) == [(DEALER, 1, [Kind.GO])]
    assert play.turn == PONE  # dealer laid the last card, so pone leads
    play.play(PONE, "7C")  # 7
    events = play.play(DEALER, "9S")  # 16, the very last card: one
    assert scored(events) == [(DEALER, 1, [Kind.LAST_CARD])]
    assert actions(events)[-1] == "end of play"
    assert play.is_over and play.turn is None
    assert play.scores == (1, 5)


def test_a_player_lays_several_cards_after_go() -> None:
    play = Play("KH 5C 2C AC", "QS JD 10D 9S")
    play.play(PONE, "KH")  # 10
    play.play(DEALER, "QS")  # 20
    play.play(PONE, "5C")  # 25
    play.go(DEALER)  # J 10 9 make 35, 35, 34
    assert play.turn == PONE and play.said_go(DEALER)
    events = play.play(PONE, "2C")  # 27: Q 5 2 nothing; pone plays on
    assert scored(events) == [] and play.turn == PONE
    events = play.play(PONE, "AC")  # 28: 5 2 A no run; pone is out, dealer stuck: go
    assert scored(events) == [(PONE, 1, [Kind.GO])]
    assert play.turn == DEALER and play.count == 0
    # pone has no cards left: passed over, dealer lays on alone
    play.play(DEALER, "JD")  # 10
    assert play.turn == DEALER
    play.play(DEALER, "10D")  # 20
    events = play.play(DEALER, "9S")  # 29: J 10 9 run of three, and the last card
    assert scored(events) == [(DEALER, 3, [Kind.RUN]), (DEALER, 1, [Kind.LAST_CARD])]
    assert play.is_over and play.scores == (1, 4)


def test_thirty_one_exactly_scores_two_not_three() -> None:
    play = Play("KH 9H 2C 3C", "JS 5D 9D 4S")
    play.play(PONE, "KH")  # 10
    play.play(DEALER, "JS")  # 20
    play.play(PONE, "9H")  # 29: K J 9 no run
    play.go(DEALER)  # 5, 9, 4 all pass 31
    events = play.play(PONE, "2C")  # 31 for two; no go point on top
    assert scored(events) == [(PONE, 2, [Kind.THIRTY_ONE])]
    assert actions(events) == ["lay", "peg", "reset"]
    assert play.count == 0 and play.turn == DEALER  # dealer did not lay the 31
    play.play(DEALER, "4S")  # 4
    play.play(PONE, "3C")  # 7: 4 3 no run yet
    events = play.play(DEALER, "5D")  # 12: 4 3 5 a run of three
    assert scored(events) == [(DEALER, 3, [Kind.RUN])]
    assert play.turn == DEALER  # pone is out of cards: passed over
    events = play.play(DEALER, "9D")  # 21, the last card
    assert scored(events) == [(DEALER, 1, [Kind.LAST_CARD])]
    assert play.scores == (2, 4)


def test_thirty_one_on_the_last_card_scores_only_two() -> None:
    play = Play("KH QH", "JS AC")
    play.play(PONE, "KH")  # 10
    play.play(DEALER, "JS")  # 20
    events = play.play(PONE, "QH")  # 30: K J Q a run of three
    assert scored(events) == [(PONE, 3, [Kind.RUN])]
    events = play.play(DEALER, "AC")  # 31 with the last card: 2, never 2 + 1
    assert scored(events) == [(DEALER, 2, [Kind.THIRTY_ONE])]
    assert play.is_over and play.scores == (3, 2)
    assert "reset" not in actions(events)


def test_the_leader_after_a_reset_is_passed_over_when_out_of_cards() -> None:
    play = Play("KH 5C 2C 9C", "QS JD 10D 9S")
    play.play(PONE, "KH")  # 10
    play.play(DEALER, "QS")  # 20
    play.play(PONE, "5C")  # 25
    play.go(DEALER)  # 35, 35, 34
    events = play.play(PONE, "2C")  # 27; pone's 9 makes 36: one for the go to pone
    assert scored(events) == [(PONE, 1, [Kind.GO])]
    assert play.turn == DEALER  # dealer did not lay the last card: dealer leads
    play.play(DEALER, "JD")  # 10
    play.play(PONE, "9C")  # 19; pone is now out of cards
    events = play.play(DEALER, "10D")  # 29: J 9 10 run of three; dealer's 9 makes 38
    # neither can lay: one for the go to dealer; pone would lead but has no cards,
    # so dealer leads on
    assert scored(events) == [(DEALER, 3, [Kind.RUN]), (DEALER, 1, [Kind.GO])]
    assert play.turn == DEALER and play.count == 0
    events = play.play(DEALER, "9S")  # 9: the very last card
    assert scored(events) == [(DEALER, 1, [Kind.LAST_CARD])]
    assert play.scores == (1, 5)


def test_nothing_spans_a_reset() -> None:
    # 10 J Q = 30, pone stuck and dealer stuck: one for the go to pone (who laid the Q).
    # Dealer leads a K: K after the reset is no run with 10 J Q, no pair either.
    play = Play("10H QD KS AS", "JC 5S 3C KH")
    play.play(PONE, "10H")  # 10
    play.play(DEALER, "JC")  # 20
    events = play.play(PONE, "QD")  # 30: 10 J Q run of three
    assert scored(events) == [(PONE, 3, [Kind.RUN])]
    # dealer: 5 3 K all pass 31 -> go; pone lays the ace: 31 for two
    play.go(DEALER)
    events = play.play(PONE, "AS")
    assert scored(events) == [(PONE, 2, [Kind.THIRTY_ONE])]
    assert play.turn == DEALER
    events = play.play(DEALER, "KH")  # 10 after the reset: nothing
    assert scored(events) == []
    events = play.play(PONE, "KS")  # 20: a pair of kings (2)
    assert scored(events) == [(PONE, 2, [Kind.PAIR])]


def test_events_say_who_scored_and_why() -> None:
    play = Play("4S 6H", "5D 9C")
    play.play(PONE, "4S")
    play.play(DEALER, "5D")
    events = play.play(PONE, "6H")  # 15 and 4 5 6: five for pone
    score = next(e for e in events if e.action == "peg")
    assert score.player == PONE and score.points == 5
    assert str(score) == "pone scores fifteen for two and run of three for three"
    data = score.to_dict()
    assert data["player"] == PONE and data["points"] == 5 and data["action"] == "peg"
    assert {item["kind"] for item in data["items"]} == {"fifteen", "run"}
    assert str(events[0]) == "pone lays 6♥: fifteen"
    assert events[0].to_dict()["card"] == "6H"


def test_names_appear_in_the_events() -> None:
    play = Play("KH", "5S", names=("Alice", "Bob"))
    events = play.play(PONE, "KH") + play.play(DEALER, "5S")
    assert str(events[0]) == "Alice lays K♥: ten"
    assert "Bob scores fifteen for two" in [str(e) for e in events]


# --- illegal actions change nothing ----------------------------------------------------


def stuck_dealer() -> Play:
    """Count 28, dealer to act with J 10 9: must say go."""
    play = Play("KH 8H 9C 7C", "QS JD 10D 9S")
    play.play(PONE, "KH")
    play.play(DEALER, "QS")
    play.play(PONE, "8H")
    return play


@pytest.mark.parametrize(("action", "error", "quoted"), [
    (lambda p: p.play(DEALER, "JD"), IllegalPlayError, "count is 28, 28 \\+ 10 > 31"),
    (lambda p: p.play(DEALER, "5H"), IllegalPlayError, "5H: not in hand 'JD 10D 9S'"),
    (lambda p: p.play(DEALER, "9C"), IllegalPlayError, "9C: not in hand"),
    (lambda p: p.play(PONE, "9C"), OutOfTurnError, "it is dealer's turn"),
    (lambda p: p.go(PONE), OutOfTurnError, "it is dealer's turn"),
    (lambda p: p.play(2, "9C"), OutOfTurnError, "no player 2"),
    (lambda p: p.play(DEALER, "1D"), CardParseError, "'1D'"),
])
def test_illegal_actions_mid_play(action: Any, error: type[Exception], quoted: str) -> None:
    play = stuck_dealer()
    before = snapshot(play)
    with pytest.raises(error, match=quoted) as info:
        action(play)
    assert isinstance(info.value, ValueError)
    assert snapshot(play) == before


def test_go_while_a_card_fits() -> None:
    play = Play("KH 8H 9C 7C", "QS JD 10D 9S")
    before = snapshot(play)
    with pytest.raises(IllegalPlayError, match=r"cannot say go: .* fits \(count is 0\)"):
        play.go(PONE)
    assert snapshot(play) == before
    play.play(PONE, "KH")
    before = snapshot(play)
    with pytest.raises(IllegalPlayError, match="cannot say go"):
        play.go(DEALER)
    assert snapshot(play) == before


def test_out_of_turn_at_the_start() -> None:
    play = Play("KH 8H 9C 7C", "QS JD 10D 9S")
    before = snapshot(play)
    with pytest.raises(OutOfTurnError, match="dealer cannot lay QS: it is pone's turn"):
        play.play(DEALER, "QS")
    assert isinstance(OutOfTurnError("x"), IllegalActionError)
    assert snapshot(play) == before


def test_nothing_after_the_end() -> None:
    play = Play("KH QH", "JS AC")
    for player, card in ((PONE, "KH"), (DEALER, "JS"), (PONE, "QH"), (DEALER, "AC")):
        play.play(player, card)
    assert play.is_over
    before = snapshot(play)
    for action in (lambda: play.play(PONE, "KH"), lambda: play.go(DEALER),
                   lambda: play.play(DEALER, "AC")):
        with pytest.raises(IllegalPlayError, match="the play is over"):
            action()
        assert snapshot(play) == before


@pytest.mark.parametrize(("pone", "dealer", "quoted"), [
    ("KH QH", "KH 2C", "KH cannot be both in pone's hand and in the dealer's hand"),
    ("KH KH", "2C 3C", "pone's hand 'KH KH' holds KH twice"),
    ("KH QH 2C", "JS 5D", "alike in size"),
    ("KH QH 2C 3C 4C", "JS 5D 6D 7D 8D", "up to 4 cards"),
])
def test_impossible_hands(pone: str, dealer: str, quoted: str) -> None:
    with pytest.raises(IllegalHandError, match=quoted):
        Play(pone, dealer)


# --- whole plays: invariants and the reference -----------------------------------------


def drive(play: Play, laid: list[tuple[int, str]]) -> None:
    """Lay the cards in the order given, saying go whenever the engine needs one."""
    for player, card in laid:
        while play.turn != player or Card.parse(card) not in play.legal_cards():
            assert play.turn is not None and play.can_go(play.turn), (player, card)
            play.go(play.turn)
        play.play(player, card)
    assert play.is_over


def check_against_reference(pone: list[str], dealer: list[str], rng: random.Random) -> None:
    expected = ref_play(pone, dealer, random_chooser(rng))
    play = Play(pone, dealer)
    drive(play, expected.laid)
    assert list(play.scores) == expected.scores, (pone, dealer, expected)
    assert [(p, str(c)) for p, c in play.laid] == expected.laid
    got_go = [(e.player, e.points) for e in play.events if e.action == "peg"
              and e.items[0].kind in (Kind.GO, Kind.LAST_CARD)]
    assert got_go == expected.go_points


def test_reference_agrees_on_random_plays() -> None:
    rng = random.Random(121)
    low = [c for c in DECK if RANKS.index(c[:-1]) < 8]
    for n in range(2500):
        size = 4 if n % 5 else rng.randrange(1, 4)
        cards = rng.sample(DECK if n % 2 else low, 2 * size)
        check_against_reference(cards[:size], cards[size:], rng)


deals = st.lists(st.sampled_from(FULL_DECK), min_size=8, max_size=8, unique=True)


@settings(max_examples=300)
@given(deals, st.randoms(use_true_random=False))
def test_whole_play_invariants(cards: list[Card], rng: random.Random) -> None:
    play = Play(cards[:4], cards[4:])
    while not play.is_over:
        who = play.turn
        assert who is not None
        options = play.legal_cards()
        if options:
            assert not play.can_go(who)
            play.play(who, rng.choice(options))
        else:
            assert play.can_go(who)
            play.go(who)
        # the running count is the pile's count; 31 resets at once
        assert 0 <= play.count < 31
        assert play.count == sum(c.value for c in play.pile)
    # no card ever took the count past 31
    assert all(0 < e.count <= 31 for e in play.events if e.action == "lay")
    assert sorted(c for _, c in play.laid) == sorted(cards)
    assert play.hand(PONE) == () and play.hand(DEALER) == ()
    for player in (PONE, DEALER):
        assert play.scores[player] == sum(
            e.points for e in play.events if e.action == "peg" and e.player == player)
    # exactly one point for the last card, or the last card made 31
    last = [e for e in play.events if e.action == "peg"][-1]
    last_kinds = {i.kind for i in last.items}
    assert (Kind.LAST_CARD in last_kinds) != (Kind.THIRTY_ONE in last_kinds)
    assert actions(play.events).count("end of play") == 1
