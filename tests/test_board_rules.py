"""The board's rules (lesson 14): each rule's test and choice worked by hand from the
score (RULES.md: the game ends the moment a player reaches 121; pone counts her hand
before the dealer), the positions' board checked, the rulebook player and the coach
following them near home, and the board's search run again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage_edu import IllegalActionError
from cribbage_edu.rules.cards import Hand
from cribbage_edu.rules.game import PlayerView
from cribbage_edu.strategy.coach.throw import judge_throw
from cribbage_edu.strategy.rulebook import PlayPosition, Procedure, ThrowPosition, follow
from cribbage_edu.strategy.rulebook.board import (
    PEG_OUT,
    dealer_holds_back,
    dealer_keeps_low,
    his_need,
    need,
    pone_keeps_points,
    pone_plays_on,
)
from cribbage_edu.strategy.rulebook.player import (
    RulebookPlayer,
    board_procedures,
    board_rules,
    stored_procedures,
)
from tests.scripts_loaded import script

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "cribbage_edu" / "data" / "board.json"


def stored() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(BOARD.read_text(encoding="utf-8"))
    return data


# --- the rules, worked by hand -------------------------------------------------------

def test_what_each_player_needs_is_read_from_the_board() -> None:
    position = ThrowPosition.parse("2D 4H 8C 10S JD QH", dealer=True, scores=(117, 110))
    assert (need(position), his_need(position)) == (4, 11)
    short = PlayPosition.parse("5C", scores=(55, 40), target=61)
    assert (need(short), his_need(short)) == (6, 21)


def test_the_dealer_near_home_keeps_his_four_lowest_cards() -> None:
    """From A-5-6-9-J-K as dealer needing 5: the four lowest are A-5-6-9 (21); the J and
    the K go, whichever the count of the keep would prefer."""
    rule = dealer_keeps_low(7)
    six = ThrowPosition.parse("AH 5C 6D 9S JC KD", dealer=True, scores=(116, 60))
    assert rule.applies(six)
    assert [str(t) for t in rule.keep(six, six.choices)] == ["JC KD"]
    # pone, or a dealer needing 8, is not covered; nor is anyone far from home
    assert not rule.applies(ThrowPosition.parse("AH 5C 6D 9S JC KD", dealer=False,
                                                scores=(116, 60)))
    assert not rule.applies(ThrowPosition.parse("AH 5C 6D 9S JC KD", dealer=True,
                                                scores=(113, 60)))
    assert not rule.applies(ThrowPosition.parse("AH 5C 6D 9S JC KD", dealer=True))
    # with pone's condition: she needs 61 here, so it does not apply
    assert not dealer_keeps_low(7, 20).applies(six)
    # in a game to 61 the same rule reads the same need
    assert rule.applies(ThrowPosition.parse("AH 5C 6D 9S JC KD", dealer=True,
                                            scores=(56, 30), target=61))


def test_peg_out_keeps_only_the_cards_that_win_now() -> None:
    """On A-7 (count 8), needing 2: the 7 makes fifteen and pairs the 7 (4) and wins;
    the 9 makes 17 and pegs nothing. Needing 5, no card pegs out, so the rule does not
    apply."""
    position = PlayPosition.parse("7D 9S", "AC 7H", starter="2S", scores=(119, 100))
    assert [str(c) for c in PEG_OUT.keep(position, position.choices)] == ["7D"]
    assert not PEG_OUT.applies(PlayPosition.parse("7D 9S", "AC 7H", starter="2S",
                                                  scores=(116, 100)))


def test_pone_plays_on_takes_what_pegs_most() -> None:
    """Pone needing 9 on a 5 lead: the K makes fifteen (2), the 5 pairs it (2), the 2
    pegs nothing; playing on keeps the two that peg."""
    position = PlayPosition.parse("5D KS 2H", "5C", starter="9D", scores=(112, 90))
    assert [str(c) for c in pone_plays_on(10).keep(position, position.choices)] == ["5D", "KS"]
    dealer = PlayPosition.parse("5D KS 2H", "5C", starter="9D", dealer=True, scores=(112, 90))
    assert not pone_plays_on(10).applies(dealer)


def test_pone_near_home_keeps_the_most_points_now() -> None:
    """Pone needing 8 from 2-3-4-9-10-K: 2-3-4 is a run (3) and 2+3+10 or 2+3+K fifteen
    (2), so keeping 2-3-4 with the 10 or the K scores 5 now, as does 2-3-4-9 (2+4+9);
    the dealer is not covered."""
    rule = pone_keeps_points(10)
    six = ThrowPosition.parse("2C 3D 4H 9S 10C KD", dealer=False, scores=(113, 90))
    assert [str(t) for t in rule.keep(six, six.choices)] == ["9S 10C", "9S KD", "10C KD"]
    assert not rule.applies(ThrowPosition.parse("2C 3D 4H 9S 10C KD", dealer=True,
                                                scores=(113, 90)))


def test_the_dealer_holds_back_lays_what_she_can_peg_least_on() -> None:
    """The dealer on a 7 lead with 8-Q-3 (pone needs 6): on the 8 (15) a 6 or a 9 makes
    a run (3), an 8 pairs; on the queen (17) a queen pairs (2), nothing makes 31 yet; on the
    3 (10) a 5 makes fifteen (2), a 3 pairs (2): the queen's most (2) ties the 3's."""
    position = PlayPosition.parse("8D QS 3H", "7C", starter="AD", thrown="9C 9H",
                                  dealer=True, scores=(100, 115))
    kept = dealer_holds_back(10).keep(position, position.choices)
    assert sorted(str(c) for c in kept) == ["3H", "QS"]


# --- the positions' board ------------------------------------------------------------

@pytest.mark.parametrize(("scores", "target", "words"), [
    ((121, 0), 121, "scores must be two whole numbers from 0 to 120"),
    ((-1, 5), 121, "scores must be two whole numbers"),
    ((True, 5), 121, "scores must be two whole numbers"),
    ((61, 0), 61, "from 0 to 60"),
    ((0, 0), 100, "a game's target is 121 or 61, not 100"),
    ((0, 0), "121", "a game's target is 121 or 61"),
])
def test_a_board_no_game_can_reach_is_refused_by_name(scores: Any, target: Any,
                                                      words: str) -> None:
    with pytest.raises(IllegalActionError, match=words):
        ThrowPosition.parse("AH 5C 6D 9S JC KD", dealer=True, scores=scores, target=target)
    with pytest.raises(IllegalActionError, match=words):
        PlayPosition.parse("5C", scores=scores, target=target)


def test_a_stored_position_without_a_target_is_a_game_to_121() -> None:
    position = PlayPosition.parse("5C 9S", "KH", starter="2H", dealer=True, scores=(50, 40),
                                  target=61)
    assert PlayPosition.from_dict(position.to_dict()) == position
    old = {k: v for k, v in position.to_dict().items() if k != "target"}
    assert PlayPosition.from_dict(old).target == 121


@given(st.integers(0, 120), st.integers(0, 120), st.booleans())
def test_the_board_rule_comes_first_only_when_it_applies(mine: int, his: int,
                                                         dealer: bool) -> None:
    """Lesson 14's throw is lesson 12's wherever the board's rule does not apply."""
    throw = board_procedures()[0]
    six = ThrowPosition.parse("AH 5C 6D 9S JC KD", dealer=dealer, scores=(mine, his))
    lesson_12 = follow(stored_procedures()[0], six, six.choices)
    chosen = follow(throw, six, six.choices)
    if throw.rules[0].applies(six):
        assert chosen == Hand("JC KD")
    else:
        assert chosen == lesson_12


# --- at the table --------------------------------------------------------------------

def test_the_rulebook_player_keeps_low_as_dealer_near_home() -> None:
    six = "2D 4H 8C 10S JD QH"
    near = PlayerView.for_throw(six, dealer=True, scores=(116, 100))
    kept = set(near.hand) - set(RulebookPlayer().discard(near))
    assert sum(c.value for c in kept) == 2 + 4 + 8 + 10
    far = PlayerView.for_throw(six, dealer=True, scores=(60, 60))
    position = ThrowPosition.parse(six, dealer=True)
    assert set(RulebookPlayer().discard(far)) == set(
        follow(stored_procedures()[0], position, position.choices))


def test_the_coach_names_the_board_rule_near_home() -> None:
    """The dealer needing 5 keeps 8-10-J-Q and throws 2-4: the judge of the chance to win
    keeps the low cards, and the rule that decides is the board's."""
    verdict = judge_throw("2D 4H 8C 10S JD QH", "2D 4H", dealer=True, scores=(116, 110))
    assert verdict.rule == board_rules()[0].name
    assert f"the rule: {board_rules()[0].name}" in verdict.sentence
    # far from home the same throw is judged by points, and the board's rule is not named
    far = judge_throw("2D 4H 8C 10S JD QH", "2D 4H", dealer=True, scores=(60, 60))
    assert far.rule != board_rules()[0].name


# --- the search ----------------------------------------------------------------------

def test_a_small_board_search_runs_again() -> None:
    """The search over the first games' positions near home: each throw's chances are the
    judge's, and the rule it keeps loses least on the even games of its grid, worked out
    again here by ``follow``."""
    search = script("search_board")
    throws = [r for r in search.read_lines(search.THROWS) if r["game"] < 60]
    plays = [r for r in search.read_lines(search.PLAYS) if r["game"] < 60]
    result = search.search(throws, plays, lambda line: None)
    near = search.near_throws(throws)
    assert result["throw"]["positions"] == len(near) > 50
    lesson_12 = stored_procedures()[0]

    def even_lost(most: int, within: int | None) -> float:
        procedure = Procedure("again", (dealer_keeps_low(most, within), *lesson_12.rules))
        lost = [n.lost(follow(procedure, n.position, n.position.choices))
                for n in near if n.game % 2 == 0]
        return sum(lost) / len(lost)

    for row in result["throw"]["grid"][:6]:
        assert row["train_lost"] == pytest.approx(even_lost(row["most"], row["within"]),
                                                  abs=1e-6)
    chosen = result["throw"]["rule"]
    least = min(g["train_lost"] for g in result["throw"]["grid"])
    assert even_lost(chosen["most"], chosen["within"]) <= least + search.WORTH + 1e-9
    tried = {t["rule"] for t in result["play"]["tried"]}
    assert PEG_OUT.name in tried and len(tried) == 1 + 2 * len(search.PLAY_WITHINS)
    pone = result["throw"]["tried"]
    assert [t["rule"] for t in pone] == [pone_keeps_points(w).name for w in search.PLAY_WITHINS]
    assert all(0 <= t["changes"] <= t["applies"] for t in pone)


@pytest.mark.slow
def test_the_stored_board_search_is_what_the_search_finds() -> None:
    """The whole search run again (about a minute): ``data/board.json`` is its output."""
    search = script("search_board")
    result = search.search(search.read_lines(search.THROWS), search.read_lines(search.PLAYS),
                           lambda line: None)
    assert json.loads(json.dumps(result)) == stored()
