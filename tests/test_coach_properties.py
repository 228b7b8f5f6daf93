"""The coach's judges over random positions (hypothesis): what every verdict keeps,
whatever the cards. Known answers are in ``test_coach.py``; these are the invariants."""

from __future__ import annotations

from functools import cache
from itertools import combinations, pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_edu import Card, Game, Hand, PlayerView, judge_card, judge_throw
from cribbage_edu.rules.board import SHORT_GAME_HOLE
from cribbage_edu.rules.cards import FULL_DECK
from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.errors import CribbageError
from cribbage_edu.rules.events import ActionKind
from cribbage_edu.strategy.coach import (
    BLUNDER,
    CHANCE_BLUNDER,
    CHANCE_INACCURACY,
    CHANCE_MISTAKE,
    INACCURACY,
    MISTAKE,
    Grade,
)
from cribbage_edu.strategy.coach.position import card_position, view_position
from cribbage_edu.strategy.players import RandomPlayer

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


@cache
def played(seed: int) -> tuple[tuple[PlayerView, Card], ...]:
    """Every card laid in a seeded game to 61 between two players who choose at random,
    each with the view of the player who laid it: the positions of a real play."""
    game = play_out(Game(seed=seed, target=SHORT_GAME_HOLE),
                    [RandomPlayer(seed), RandomPlayer(seed + 1)])
    twin = game.replay(0)
    laid = []
    for action in game.actions:
        if action.kind is ActionKind.PLAY:
            laid.append((twin.view(action.player), action.cards[0]))
        twin.apply(action)
    return tuple(laid)


def arguments(view: PlayerView) -> dict[str, Any]:
    """judge_card's arguments for the position of ``view``, read as judge_view reads them:
    the cards seen are the player's two thrown and those laid before this series."""
    me = view.player
    laid = [card for _, card in view.laid]
    return {"hand": view.hand, "starter": view.starter, "pile": view.pile,
            "seen": Hand(c for c in (*view.discards, *laid) if c not in view.pile),
            "dealer": view.is_dealer, "scores": (view.scores[me], view.scores[1 - me]),
            "target": view.target, "opponent_cards": view.opponent_cards,
            "opponent_go": view.opponent_said_go, "kept": view.kept}


@st.composite
def card_positions(draw: st.DrawFn) -> dict[str, object]:
    """A position of a real play (a seeded game between random players) with the card
    to judge from it (``pick`` chooses among the cards that fit), the board left out."""
    laid = played(draw(st.integers(0, 2**16)))
    view, _ = laid[draw(st.integers(0, len(laid) - 1))]
    position = arguments(view)
    del position["scores"], position["target"]
    return {**position, "pick": draw(st.integers(0, 3))}


@settings(max_examples=40, deadline=None)
@given(position=card_positions())
def test_every_card_verdict_keeps_its_invariants(position: dict[str, object]) -> None:
    hand = position.pop("hand")
    pick = position.pop("pick")
    assert isinstance(hand, Hand) and isinstance(pick, int)
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
    assert isinstance(hand, Hand) and isinstance(pick, int)
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
    # within the judge's margin of the best (the pegging table's error): good; else graded
    # by the chance lost
    assert verdict.is_within_margin is (verdict.chance_loss <= verdict.margin + 1e-9)
    assert verdict.grade is (Grade.GOOD if verdict.is_within_margin
                             else _grade_of(verdict.chance_loss, CHANCE_LINES))
    assert _reads_on(verdict.sentence)
    assert verdict.retry(verdict.best).chance_loss == 0


# --- every position a deal reaches is accepted; none it cannot reach ---------------------------

def impossible(position: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """``position`` (of a real play) made impossible in each way the judge must see, by
    name: one card too many seen, in the pile, in the hand or in the opponent's; a kept
    card dropped, or laid and then put nowhere; a go, or a pone, the order of the play
    does not allow."""
    known = {*position["hand"], position["starter"], *position["pile"], *position["seen"]}
    unseen = next(c for c in FULL_DECK if c not in known)
    kept, laid = position["kept"], [c for c in position["kept"] if c not in position["hand"]]
    out = {
        "a card more seen": {**position, "seen": Hand((*position["seen"], unseen))},
        "a card more in the pile": {**position, "pile": Hand((*position["pile"], unseen))},
        "a card more held": {**position, "hand": Hand((*position["hand"], unseen))},
        "the opponent holds one more": {**position,
                                        "opponent_cards": position["opponent_cards"] + 1},
        "a kept card dropped": {**position, "kept": Hand(kept[1:])},
    }
    if laid:  # a laid kept card taken out of the pile, or out of the cards seen
        gone = laid[0]
        out["a laid kept card put nowhere"] = {
            **position, "pile": Hand(c for c in position["pile"] if c != gone),
            "seen": Hand(c for c in position["seen"] if c != gone)}
    # Where neither said go and he still holds cards, the cards of this series alternate
    # and his was the last: a go of his cannot come before it, and in the first series
    # (everything laid is in the pile) the turns tell who is pone.
    if not position["opponent_go"] and position["opponent_cards"]:
        if len(position["pile"]) % 2:
            out["his go before his own card"] = {**position, "opponent_go": True}
        if len(position["hand"]) + position["opponent_cards"] + len(position["pile"]) == 8:
            out["the other seat pone"] = {**position, "dealer": not position["dealer"]}
    return out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_every_position_of_a_real_play_is_accepted_and_none_made_impossible(seed: int) -> None:
    for view, card in played(seed):
        position = arguments(view)
        accepted = card_position(**position)
        assert accepted == view_position(view)
        assert card in accepted.legal
        for how, changed in impossible(position).items():
            with pytest.raises(CribbageError):
                card_position(**changed)
                pytest.fail(f"{how} was accepted: {changed}")


def test_a_few_positions_of_a_real_play_are_judged_whole() -> None:
    """Accepted is judged: each card laid in one deal of a real play, by the judge."""
    for view, card in played(7)[:8]:
        position = arguments(view)
        assert judge_card(position.pop("hand"), card, **position).chosen == card
