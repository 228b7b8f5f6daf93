"""One check, one message: the arguments every part of the engine is handed are checked
in one place each (:mod:`cribbage_edu.rules.checks`, and beside the rule they guard), so a
game's target, a card given twice, two scores and a claim read the same wherever they
are refused; a throw's view is made by the rules' own factory."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from cribbage_edu import (
    Deck,
    Game,
    GameOptions,
    Play,
    PlayerView,
    advise,
    judge_card,
    judge_throw,
    score_hand,
    score_play,
    simulate,
)
from cribbage_edu.rules.errors import IllegalActionError, IllegalHandError
from cribbage_edu.rules.events import Phase
from cribbage_edu.rules.game import stacked_game
from cribbage_edu.tables.chance import win_probability, win_table
from cribbage_edu.tables.pegtable import peg_ev

SIX = "5H 5C 6D JS QH 2C"

TARGETED: dict[str, Callable[[object], object]] = {
    "GameOptions": lambda t: GameOptions(target=t),  # type: ignore[arg-type]
    "Game": lambda t: Game(seed=1, target=t),  # type: ignore[arg-type]
    "win_table": lambda t: win_table(t),  # type: ignore[arg-type]
    "win_probability": lambda t: win_probability(0, 0, dealer=True, target=t),  # type: ignore[arg-type]
    "simulate": lambda t: simulate(1, ["random", "random"], seed=1,
                                         target=t),  # type: ignore[arg-type]
    "judge_throw": lambda t: judge_throw(SIX, "2C 6D", dealer=True, target=t),  # type: ignore[arg-type]
    "judge_card": lambda t: judge_card("5C 3D 9H KS", "5C", starter="QD", dealer=False,
                                       target=t),  # type: ignore[arg-type]
    "PlayerView.for_throw": lambda t: PlayerView.for_throw(SIX, dealer=True, target=t),  # type: ignore[arg-type]
}
"""Every place a game's target is given."""


@pytest.mark.parametrize("where", sorted(TARGETED))
@pytest.mark.parametrize("target", [100, 0, True, 121.0, "121", None])
def test_a_target_is_checked_once_with_one_message(where: str, target: object) -> None:
    with pytest.raises(IllegalActionError,
                       match=re.escape(f"a game's target is 121 or 61, not {target!r}")):
        TARGETED[where](target)


TWICE: dict[str, tuple[Callable[[], object], str]] = {
    "score_hand": (lambda: score_hand("5H 5H 6D JS", "6C"), "the hand '5H 5H 6D JS'"),
    "score_play": (lambda: score_play("5H 2C 5H"), "the pile '5H 2C 5H'"),
    "Deck.stacked": (lambda: Deck.stacked("5H 2C 5H"), "a stacked deck '5H 2C 5H'"),
    "advise": (lambda: advise("5H 5H 6D JS QH 2C", dealer=True),
               "the hand to discard from '5H 5H 6D JS QH 2C'"),
    "peg_ev": (lambda: peg_ev("5H 5H 5S 6D", dealer=True), "the kept hand '5H 5H 5S 6D'"),
    "judge_throw": (lambda: judge_throw("5H 5H 6D JS QH 2C", "2C 6D", dealer=True),
                    "the six cards '5H 5H 6D JS QH 2C'"),
    "judge_card": (lambda: judge_card("5H 2C 5H", "2C", starter="QD", dealer=False),
                   "the hand '5H 2C 5H'"),
    "Play": (lambda: Play("5H 2C 5H", "3D 4D 6D"), "pone's hand '5H 2C 5H'"),
}
"""Every place cards are given that may not hold a card twice, with what it calls them."""


@pytest.mark.parametrize("where", sorted(TWICE))
def test_a_card_twice_is_refused_with_one_message(where: str) -> None:
    call, what = TWICE[where]
    with pytest.raises(IllegalHandError, match=re.escape(f"{what} holds 5H twice")):
        call()


def test_a_throw_of_one_card_twice_is_refused_by_the_same_check() -> None:
    game = stacked_game(SIX, "AC 2D 3H 4S 9C 8D", "6C")
    with pytest.raises(IllegalHandError, match=re.escape("player 0's throw '2C 2C' holds "
                                                         "2C twice")):
        game.discard(0, "2C 2C")
    assert game.view(0).discards == ()


@pytest.mark.parametrize("scores", [b"ab", (121, 0), (0, -1), (True, 5), (5,), "5 5",
                                    (1.0, 2), [1, 2, 3]])
def test_two_scores_are_checked_once(scores: object) -> None:
    with pytest.raises(IllegalActionError, match=re.escape(
            f"starting scores must be two whole numbers from 0 to 120 (a game to 121), not "
            f"{scores!r}")):
        Game(seed=1, scores=scores)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=re.escape(
            f"scores (yours, the opponent's) must be two whole numbers from 0 to 120 (a game "
            f"to 121), not {scores!r}")):
        judge_throw(SIX, "2C 6D", dealer=True, scores=scores)  # type: ignore[arg-type]


def test_a_throws_view_is_made_by_the_rules() -> None:
    view = PlayerView.for_throw(SIX, dealer=False, scores=[110, 115], target=121)
    assert view.phase is Phase.DISCARD and not view.is_dealer and view.player == 0
    assert str(view.hand) == SIX
    assert view.scores == (110, 115) and view.opponent_cards == 6 and view.events == ()
    assert view.legal == () and view.kept == () and view.starter is None


@pytest.mark.parametrize("change, error, words", [
    ({"six": "5H 5C 6D JS QH"}, IllegalHandError, "the six cards must have 6 cards"),
    ({"six": {"5H": 1}}, IllegalHandError, "the six cards"),
    ({"dealer": "yes"}, IllegalActionError, "dealer is True or False, not 'yes'"),
    ({"scores": b"ab"}, IllegalActionError, "not b'ab'"),
    ({"names": ("you",)}, IllegalActionError, "must be two names"),
])
def test_a_throws_view_refuses_what_no_game_holds(change: dict[str, object],
                                                  error: type[Exception], words: str) -> None:
    args: dict[str, object] = {"six": SIX, "dealer": True, **change}
    six = args.pop("six")
    with pytest.raises(error, match=re.escape(words)):
        PlayerView.for_throw(six, **args)  # type: ignore[arg-type]
