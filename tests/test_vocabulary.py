"""One home for each rule (issue 11): the typed vocabulary, the claim judge, the hint,
seats in the play, immutable scores, and the engine answers the widgets ask for.
Known answers are worked by hand from RULES.md."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_game import worked_game

from cribbage_edu.rules.board import Board, Skunk
from cribbage_edu.rules.cards import COUNT_VALUES, Rank
from cribbage_edu.rules.events import SOURCES, ActionKind, EventKind, Phase, Source
from cribbage_edu.rules.game import Game, GameResult
from cribbage_edu.rules.pegging import Play, score_play
from cribbage_edu.rules.scoring import SHOW_KINDS, Kind, Verdict, judge_claim, score_hand
from cribbage_edu.strategy.discard import starter_distribution
from cribbage_edu.strategy.hint import hint


def test_count_values_follow_the_rules() -> None:
    # RULES.md: A = 1, 2-10 face value, J Q K = 10
    assert [COUNT_VALUES[r] for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert all(COUNT_VALUES[r] == r.count_value for r in Rank)


def test_kinds_are_members_that_read_as_their_words() -> None:
    game = Game(seed=3, first_dealer=0)
    kinds = [e.kind for e in game.advance() + game.advance()]
    assert kinds == [EventKind.CUT, EventKind.DEAL] and all(type(k) is EventKind for k in kinds)
    assert kinds == ["cut", "deal"]
    play = Play("KH QH", "JS 5C")
    assert [e.action for e in play.play(0, "KH")] == [EventKind.LAY]
    assert SOURCES == ("pegging", "hand", "crib", "heels")
    assert all(type(s) is Source for s in SOURCES) and repr(SOURCES[1]) == "'hand'"
    # one enum a concept: a phase is a text too; the play logs the game's own words
    assert Phase.PLAY == "play" and isinstance(Phase.COUNT, str)
    assert {e.action for e in Play("KH", "5C").play(0, "KH")} <= set(EventKind)
    assert not {"play", "score", "end"} & {str(k) for k in EventKind}
    assert [k.plural for k in SHOW_KINDS] == ["fifteens", "pairs", "runs", "flushes", "nobs"]
    assert Skunk("skunk") is Skunk.SKUNK and Skunk.DOUBLE == "double skunk"


def test_the_claim_judge() -> None:
    score = score_hand("5H 5C 6D JS", "6C")  # 8, worked in tests/test_game.py
    assert judge_claim(8, score) == (8, score, Verdict.RIGHT, 8, 0)
    assert judge_claim(10, score, muggins=True)[2:] == (Verdict.OVER, 8, 0)  # over: corrected
    # a claim that stands scores what was claimed (the 2 missed are lost; the newcomer's
    # finding: a second claim of 4 must not score the true 8), an over-claim the true 8
    assert judge_claim(6, score)[2:] == (Verdict.UNDER, 6, 0)
    assert judge_claim(10, score)[2:] == (Verdict.OVER, 8, 0)
    assert judge_claim(6, score, muggins=True)[2:] == (Verdict.UNDER, 6, 2)  # 2 to the opponent
    assert judge_claim(6, score, muggins=True).explain("Ann's hand").endswith(
        "muggins: the opponent takes the 2 missed")


def test_items_are_named_once() -> None:
    assert [i.name for i in score_play("5S 5H 5C").items] == ["fifteen", "pair royal"]
    assert [i.name for i in score_play("4S 4H 4C 4D").items] == ["double pair royal"]
    assert [i.name for i in score_play("3S 5H 4C 6D").items] == ["run of four"]
    assert str(score_play("3S 5H 4C 6D")) == "run of four for four"


def test_scores_are_immutable_values() -> None:
    a, b = score_hand("5H 5C 6D JS", "6C"), score_hand("JS 6D 5C 5H", "6C")
    assert a == b and hash(a) == hash(b) and a != score_hand("5H 5C 6D JS", "6C", crib=True)
    with pytest.raises(AttributeError):
        a.total = 29  # type: ignore[misc]
    p = score_play("5H 10S")
    assert p == score_play(["5H", "10S"]) and p != score_play("10S 5H 5D")
    with pytest.raises(AttributeError):
        p.total = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        hash(Board())  # its pegs move


def test_the_play_numbers_players_by_seat() -> None:
    # seat 0 deals: seat 1 is pone and leads; the events name seats
    play = Play("KH QH", "JS 5C", names=("Ann", "Bob"), dealer=0)
    assert play.turn == 1 and str(play.hand(1)) == "KH QH"
    events = play.play(1, "KH") + play.play(0, "5C")
    assert [(e.player, str(e)) for e in events] == [
        (1, "Bob lays K♥: ten"), (0, "Ann lays 5♣: fifteen"), (0, "Ann scores fifteen for two")]
    assert play.scores == (2, 0)


def worked() -> Game:
    """The deal worked by hand in tests/test_game.py (player 1 deals), at the play."""
    return worked_game(names=("Ann", "Bob"))


def test_tally_by_source_of_the_worked_deal() -> None:
    game = worked()
    for who, card in [(0, "5H"), (1, "4S"), (0, "6D"), (1, "4D"), (0, "5C"), (1, "7C"),
                      (0, "JS"), (1, "8S")]:
        game.play(who, card)
    for _ in range(3):
        game.advance()
    pone, dealer = game.tally(deal=1)
    # pegging: pone 5 + 3 = 8, dealer 6 + 1 = 7; hands 8 and 9; the crib 2
    assert (pone[Source.PEGGING], pone[Source.HAND], pone[Source.CRIB]) == (8, 8, 0)
    assert (dealer[Source.PEGGING], dealer[Source.HAND], dealer[Source.CRIB]) == (7, 9, 2)
    assert game.tally() == game.tally(deal=1)


def test_can_go_and_the_hint_for_it() -> None:
    game = worked()
    assert not game.can_go(0) and hint(game.view(0)).action is not None
    for who, card in [(0, "5H"), (1, "4S"), (0, "6D"), (1, "4D"), (0, "5C")]:
        game.play(who, card)
    # the count is 24; dealer holds 7C 8S: 7 fits (31), so no go
    assert not game.can_go(1)
    advice = hint(game.view(1))
    assert advice.action is not None and advice.action.kind is ActionKind.PLAY
    assert "pegs out" in advice.explanation or advice.explanation.startswith(
        ("the best card", "lay "))
    assert hint(game.view(0)).explanation == "nothing to decide just now"


def test_the_result_in_words() -> None:
    assert GameResult(0, (121, 80), 121, Skunk.SKUNK, 2, 9).describe(("Ann", "Bob")) == \
        "Ann wins 121-80 in 9 deals: a skunk, worth 2 games"
    assert GameResult(1, (100, 121), 121, Skunk.NONE, 1, 9).describe(("Ann", "Bob")) == \
        "Bob wins 121-100 in 9 deals"


def test_mean_points_of_each_kind() -> None:
    # 5-5-5-J of diamonds over the 48 other starters: the pairs make 6, 12 with the last
    # five (1 starter) and 8 with one of the 3 other jacks: (44*6 + 3*8 + 12) / 48
    means = starter_distribution("5H 5C 5S JD").kind_means
    assert means[Kind.PAIR] == Fraction(44 * 6 + 3 * 8 + 12, 48)
    # nobs: the jack of diamonds scores 1 with any of the 12 other diamonds
    assert means[Kind.NOBS] == Fraction(12, 48)


def test_reprs_paste_back_or_say_they_cannot() -> None:
    """An action's repr is Python that makes an equal action; a game and a player's view
    hold a history no expression rebuilds, so they follow Python's ``<...>``."""
    from cribbage_edu.rules.cards import Card
    from cribbage_edu.rules.events import Action

    for action in (Action(ActionKind.DISCARD, 1, (Card.parse("5H"), Card.parse("JS"))),
                   Action(ActionKind.CLAIM, 0, (), 8), Action(ActionKind.DEAL)):
        assert eval(repr(action), {"Action": Action}) == action
    game = Game(seed=3, first_dealer=0)
    assert repr(game) == "<Game seed 3, deal 0, cut for deal, scores 0-0>"
    assert repr(game.view(1)).startswith("<PlayerView player 1, cut for deal, ")


def test_the_package_exports_every_type_its_names_return() -> None:
    """``from cribbage_edu import ...`` reaches the type of whatever a public function,
    method or property of the package's names returns (a Claim from Game.claim, a Skunk
    from a result, an Action from legal_actions, a Judgement from judge_claim)."""
    import inspect
    import typing

    import cribbage_edu

    exported = set(cribbage_edu.__all__)

    def classes(hint: object) -> set[type]:
        found = {hint} if isinstance(hint, type) else set()
        for arg in typing.get_args(hint):
            found |= classes(arg)
        return found

    def returned(function: typing.Callable[..., object]) -> set[type]:
        return classes(typing.get_type_hints(function).get("return"))

    missing = set()
    for name in exported:
        obj = getattr(cribbage_edu, name)
        members = [obj] if inspect.isfunction(obj) else []
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                if isinstance(value, property) and value.fget is not None:
                    members.append(value.fget)
                elif isinstance(value, (classmethod, staticmethod)):
                    members.append(value.__func__)
                elif inspect.isfunction(value):
                    members.append(value)
        for member in members:
            missing |= {f"{name}: {kind.__name__}" for kind in returned(member)
                        if kind.__module__.startswith("cribbage_edu")
                        and kind.__name__ not in exported}
    assert missing == set()
    assert {"Skunk", "Claim", "Judgement", "Action"} <= exported
