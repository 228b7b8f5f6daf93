"""The coach player (``CoachPlayer``, roster name "coach"), that lays by the judge's model of
the whole deal: legal in every position of seeded games, the same game for the same seed,
the game it is asked about never changed, its throw the reading player's (the coach player
of before, ``ReaderPlayer``), its card the judge's best."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribbage_edu.rules.cards import Card
from cribbage_edu.rules.drive import drive
from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.rules.events import ActionKind
from cribbage_edu.rules.game import Game, PlayerView, stacked_game
from cribbage_edu.strategy.coach import CoachPlayer, ReaderPlayer
from cribbage_edu.strategy.coach.deal import judge_deal
from cribbage_edu.strategy.players import ExpertPlayer

DEALS = 24
"""Few deals a verdict: these tests ask about legality and determinism, not strength."""


def _fields(view: PlayerView) -> list[str]:
    """Every field of a view, as text (a view compares by identity)."""
    return [repr(getattr(view, f.name)) for f in dataclasses.fields(view)]


class _Watched:
    """A player that checks each answer of ``inner``: the card is legal, the throw two
    cards of the hand, and neither the game nor the view asked about changed."""

    def __init__(self, inner: CoachPlayer, game: Game) -> None:
        self.inner, self.game, self.name = inner, game, inner.name
        self.plays = 0

    def _state(self) -> str:
        return json.dumps(self.game.to_dict(), sort_keys=True, default=str)


    def discard(self, view: PlayerView) -> list[Card]:
        before, twin = self._state(), _fields(view)
        thrown = list(self.inner.discard(view))
        assert len(thrown) == 2 and len(set(thrown)) == 2
        assert all(c in view.hand for c in thrown)
        assert self._state() == before and _fields(view) == twin
        return thrown

    def play(self, view: PlayerView) -> Card:
        before, twin = self._state(), _fields(view)
        card = self.inner.play(view)
        legal = {a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY}
        assert card in legal, f"{card} is not among {sorted(map(str, legal))}"
        assert self._state() == before and _fields(view) == twin
        self.plays += 1
        return card


def _deals_of(seed: int, deals: int) -> Game:
    """A seeded game of CoachPlayer (seat 0) against the expert, ``deals`` deals long."""
    game = Game(seed, first_dealer=seed % 2)
    watched = _Watched(CoachPlayer(seed, deals=DEALS), game)
    drive(game, [watched, ExpertPlayer()], stop=lambda g: g.deal_number > deals)
    assert watched.plays > 0
    return game


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_the_deal_player_is_legal_and_changes_nothing_in_seeded_games(seed: int) -> None:
    _deals_of(seed, 3)


def test_the_same_seed_plays_the_same_game() -> None:
    first = [str(e) for e in _deals_of(11, 2).events]
    again = [str(e) for e in _deals_of(11, 2).events]
    assert first == again


def test_it_throws_as_the_coach_player_throws() -> None:
    for seed in range(6):
        game = Game(seed, first_dealer=seed % 2)
        game.advance()
        game.advance()
        for seat in (0, 1):
            view = game.view(seat)
            assert list(CoachPlayer(deals=DEALS).discard(view)) == list(
                ReaderPlayer().discard(view))


def test_it_lays_the_card_the_judge_puts_best() -> None:
    """Lesson 14's exercise 8 (pone on 113 with 2 3 4 5, the 8 turned, the dealer on 119):
    the 5 gives the dealer fifteen, and the judge puts it last; the player lays the
    judge's first card."""
    game = stacked_game("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S", scores=(113, 119))
    game.discard(0, "9C KD")
    game.discard(1, "JC QD")
    game.advance()
    view = game.view(0)
    verdict = judge_deal(view, 60, seed=5)
    card = CoachPlayer(5, deals=60).play(view)
    assert card.rank == verdict.best.rank and str(card) != "5S"


def test_a_lone_rank_is_laid_without_the_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pone keeps the four fives: whichever she leads, the play is the same, so the player
    lays the lowest suit without asking the judge."""
    game = stacked_game("5C 5D 5H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S")
    game.discard(0, "9C KD")
    game.discard(1, "JC QD")
    game.advance()

    def no_judge(*_: object, **__: object) -> None:
        raise AssertionError("the judge was asked about a lone rank")

    monkeypatch.setattr("cribbage_edu.strategy.coach.dealplayer.judge_deal", no_judge)
    assert str(CoachPlayer(deals=1).play(game.view(0))) == "5C"


def test_when_no_drawn_deal_fits_it_lays_as_the_coach_player(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = stacked_game("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S")
    game.discard(0, "9C KD")
    game.discard(1, "JC QD")
    game.advance()
    view = game.view(0)

    def refuses(*_: object, **__: object) -> None:
        raise IllegalActionError("none of the deals drawn for the opponent fits")

    monkeypatch.setattr("cribbage_edu.strategy.coach.dealplayer.judge_deal", refuses)
    assert CoachPlayer(3, deals=8).play(view) == ReaderPlayer(3).play(view)


@pytest.mark.parametrize("bad", [-1, 1.5, True, "3"])
def test_bad_settings_are_refused_by_name(bad: object) -> None:
    with pytest.raises(IllegalActionError, match="seed"):
        CoachPlayer(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="deals"):
        CoachPlayer(deals=bad if bad != -1 else 0)  # type: ignore[arg-type]
