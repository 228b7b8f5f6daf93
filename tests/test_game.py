"""The game state machine: whole deals from stacked decks worked by hand from RULES.md,
the instant win, go sequences, illegal actions that change nothing, save/load/undo,
and hypothesis properties of random legal games."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_edu import FULL_DECK, Card
from cribbage_edu.rules.board import Skunk
from cribbage_edu.rules.errors import (
    CardParseError,
    CribbageError,
    IllegalActionError,
    IllegalHandError,
    IllegalPlayError,
    OutOfTurnError,
    SaveFileError,
)
from cribbage_edu.rules.game import (
    Action,
    ActionKind,
    Game,
    Phase,
    Source,
    stack_deck,
)

# --- a whole deal worked by hand ----------------------------------------------------------
#
# Player 1 deals; player 0 is pone.
#   pone   is dealt 5H 5C 6D JS 2C 9H and lays away 2C 9H, keeping 5H 5C 6D JS
#   dealer is dealt 4S 4D 7C 8S KH QD and lays away KH QD, keeping 4S 4D 7C 8S
#   the crib is 2C 9H KH QD; the starter is 6C (not a jack: no heels)
#
# The play (count, then points for the card just laid):
#   1. pone   5H   5
#   2. dealer 4S   9
#   3. pone   6D  15  fifteen 2 + run 5-4-6 of three 3 = 5 to pone
#   4. dealer 4D  19  (6-4 no pair; 4-6-4 no run)       0
#   5. pone   5C  24  run 6-4-5 of three = 3 to pone (4-6-4-5 repeats a rank: no run of four)
#   6. dealer 7C  31  thirty-one 2, and the last four 6-4-5-7 are a run of four, 4:
#                     6 to dealer (the last five 4-6-4-5-7 repeat a 4); the count
#                     resets and pone, who did not lay the last card, leads
#   7. pone   JS  10
#   8. dealer 8S  18  no points; the last card of the play: 1 to dealer
#   pegging: pone 5 + 3 = 8; dealer 6 + 1 = 7
#
# The count, with the starter 6C:
#   pone's hand 5H 5C 6D JS: fifteens 5H+JS, 5C+JS (4); pairs 5-5, 6-6 (4); no run,
#       no flush, no nobs (JS is not a club) = 8
#   dealer's hand 4S 4D 7C 8S: fifteens 7+8, 4+4+7 (4); pair 4-4 (2); run 6-7-8 (3) = 9
#   the crib 2C 9H KH QD: fifteen 9+6 (2); Q-K is no run; no flush = 2
# After the deal: pone (player 0) 8 + 8 = 16; dealer (player 1) 7 + 9 + 2 = 18.

PONE_DEALT = "5H 5C 6D JS 2C 9H"
DEALER_DEALT = "4S 4D 7C 8S KH QD"
PLAY_ORDER = [(0, "5H"), (1, "4S"), (0, "6D"), (1, "4D"), (0, "5C"), (1, "7C"),
              (0, "JS"), (1, "8S")]


def worked_game(scores: tuple[int, int] = (0, 0), **options: Any) -> Game:
    """The worked deal above, up to the start of the play."""
    deck = stack_deck(PONE_DEALT, DEALER_DEALT, "6C")
    game = Game(seed=11, first_dealer=1, decks=[deck], scores=scores, **options)
    game.advance()  # the cut for deal: player 1 was chosen
    game.advance()  # the deal
    game.discard(0, "2C 9H")
    game.discard(1, "KH QD")
    game.advance()  # the starter
    return game


def test_whole_deal_from_cut_to_crib() -> None:
    game = worked_game()
    assert game.phase is Phase.PLAY
    assert game.dealer == 1 and game.pone == 0
    assert str(game.starter) == "6C"
    assert sorted(map(str, game.crib)) == sorted(["2C", "9H", "KH", "QD"])
    expected_pegs = [0, 0, 5, 0, 3, 6, 0, 0]
    for (who, card), points in zip(PLAY_ORDER, expected_pegs, strict=True):
        assert game.turn == who
        events = game.play(who, card)
        pegged = sum(e.points for e in events if e.kind == "peg" and e.player == who)
        if (who, card) == (1, "8S"):
            assert [e.reason for e in events if e.kind == "peg"] == [
                "player 1 scores one for the last card"]
            pegged -= 1
        assert pegged == points, (who, card)
    assert game.scores == (8, 7)
    assert game.phase.value == "count"
    shows = [game.advance(), game.advance(), game.advance()]
    assert [(e.player, e.points, e.source) for s in shows for e in s] == [
        (0, 8, Source.HAND), (1, 9, Source.HAND), (1, 2, Source.CRIB)]
    assert game.scores == (16, 18)
    assert game.deal_scores == ((16, 18),)
    # the next deal: the deal alternates
    assert game.phase.value == "deal"
    game.advance()
    assert game.dealer == 0 and game.pone == 1 and game.deal_number == 2


def test_after_thirty_one_the_other_player_leads() -> None:
    game = worked_game()
    for who, card in PLAY_ORDER[:6]:
        game.play(who, card)
    assert game.count == 0
    assert game.turn == 0  # dealer laid the 31, so pone leads
    assert game.events[-1].kind == "reset"


# --- go sequences in a game ---------------------------------------------------------------
#
# Player 1 deals. Pone keeps KH QC 10S JD (lays away AC 2C); dealer keeps 9C 9D 8H 7S
# (lays away 3C 4C). Starter 5D.
#   pone KH 10; dealer 9C 19; pone QC 29; dealer holds 9D 8H 7S, none fits: go.
#   pone holds 10S JD, neither fits: pone laid the last card, 1 for the go; the count
#   resets and dealer (who did not lay the last card) leads.
#   dealer 9D 9; pone 10S 19; dealer 8H 27: run 9-10-8 of three, 3 to dealer.
#   pone holds JD (37): go. dealer holds 7S (34): cannot lay; 1 to dealer for the go.
#   pone leads JD 10; dealer 7S 17: the last card, 1 to dealer.
#   pegging: pone 1, dealer 3 + 1 + 1 = 5.

def go_game() -> Game:
    deck = stack_deck("KH QC 10S JD AC 2C", "9C 9D 8H 7S 3C 4C", "5D")
    game = Game(seed=3, first_dealer=1, decks=[deck])
    game.advance()
    game.advance()
    game.discard(0, "AC 2C")
    game.discard(1, "3C 4C")
    game.advance()
    return game


def test_go_sequence_in_a_game() -> None:
    game = go_game()
    game.play(0, "KH")
    game.play(1, "9C")
    game.play(0, "QC")
    assert game.legal_cards(1) == ()
    with pytest.raises(IllegalPlayError):
        game.play(1, "7S")  # 29 + 7 > 31
    events = game.go(1)
    assert [(e.kind, e.player, e.points) for e in events] == [
        ("go", 1, 0), ("peg", 0, 1), ("reset", 1, 0)]
    assert game.scores == (1, 0) and game.turn == 1 and game.count == 0
    game.play(1, "9D")
    game.play(0, "10S")
    events = game.play(1, "8H")
    assert [e.points for e in events if e.kind == "peg"] == [3]
    assert game.turn == 0 and game.legal_cards(0) == ()
    with pytest.raises(OutOfTurnError):
        game.go(1)  # not dealer's turn: pone must say go first
    events = game.go(0)
    assert [(e.kind, e.player, e.points) for e in events] == [
        ("go", 0, 0), ("peg", 1, 1), ("reset", 0, 0)]
    assert game.turn == 0  # dealer laid the last card, so pone leads
    game.play(0, "JD")
    events = game.play(1, "7S")
    assert [(e.kind, e.player, e.points) for e in events][-2:] == [
        ("peg", 1, 1), ("end of play", None, 0)]
    assert game.scores == (1, 5)
    assert game.phase is Phase.COUNT


def test_go_when_a_card_fits_is_refused() -> None:
    game = go_game()
    before = game.to_dict()
    with pytest.raises(IllegalPlayError, match="fits"):
        game.go(0)
    assert game.to_dict() == before


# --- the instant win ----------------------------------------------------------------------

def test_win_in_the_play_ends_the_game_at_once() -> None:
    game = worked_game(scores=(116, 100))
    game.play(0, "5H")
    game.play(1, "4S")
    events = game.play(0, "6D")  # fifteen and a run: 5 points, 116 -> 121
    assert events[-1].kind == "win"
    assert game.is_over and game.winner == 0
    assert game.scores == (121, 100)
    assert game.result is not None and game.result.scores == (121, 100)
    with pytest.raises(IllegalActionError):
        game.play(1, "4D")
    with pytest.raises(OutOfTurnError):
        game.advance()
    assert game.scores == (121, 100)


def test_win_by_pones_count_before_the_dealer_counts() -> None:
    # pone 105 + 8 pegging = 113, then 8 for the hand = 121: the dealer (110 + 7 = 117,
    # whose hand is worth 9 and would reach 126) never counts.
    game = worked_game(scores=(105, 110))
    for who, card in PLAY_ORDER:
        game.play(who, card)
    assert game.scores == (113, 117)
    events = game.advance()
    assert [(e.kind, e.player) for e in events] == [("show", 0), ("win", 0)]
    assert game.winner == 0 and game.scores == (121, 117)
    assert not [e for e in game.events if e.kind == "show" and e.player == 1]


def test_win_by_heels() -> None:
    # dealer (player 1) at 119; the starter is a jack: two for his heels, 121, game over
    deck = stack_deck(PONE_DEALT, DEALER_DEALT, "JC")
    game = Game(seed=1, first_dealer=1, decks=[deck], scores=(50, 119))
    game.advance()
    game.advance()
    game.discard(0, "2C 9H")
    game.discard(1, "KH QD")
    events = game.advance()
    assert [(e.kind, e.player, e.points) for e in events] == [
        ("starter", 0, 0), ("heels", 1, 2), ("win", 1, 0)]
    assert game.is_over and game.scores == (50, 121)
    assert game.legal_actions() == ()
    result = game.result
    assert result is not None and result.skunk is Skunk.DOUBLE  # 50 is under 61


def test_skunk_value_in_the_result() -> None:
    deck = stack_deck(PONE_DEALT, DEALER_DEALT, "JC")
    game = Game(seed=1, first_dealer=1, decks=[deck], scores=(80, 119), skunk=True)
    game.advance()
    game.advance()
    game.discard(0, "2C 9H")
    game.discard(1, "KH QD")
    game.advance()
    result = game.result
    assert result is not None
    assert result.skunk is Skunk.SKUNK and result.games_won == 2
    plain = Game(seed=1, first_dealer=1, decks=[deck], scores=(80, 119))
    for _ in range(2):
        plain.advance()
    plain.discard(0, "2C 9H")
    plain.discard(1, "KH QD")
    plain.advance()
    assert plain.result is not None and plain.result.games_won == 1


def test_short_game_to_61() -> None:
    game = worked_game(scores=(55, 0), target=61)
    game.play(0, "5H")
    game.play(1, "4S")
    game.play(0, "6D")  # 5 points: 60, one short
    assert not game.is_over and game.scores == (60, 0)
    game.play(1, "4D")
    game.play(0, "5C")  # a run of three: 3 points where 1 was needed
    # RULES.md: the winner's score is written as the game hole (61 in the short game),
    # however many points the last score held
    assert game.is_over and game.scores == (61, 0)
    result = game.result
    assert result is not None and result.target == 61 and result.skunk is Skunk.DOUBLE
    assert result.scores == (61, 0)


# --- the cut for deal ---------------------------------------------------------------------

def test_cut_for_deal_lower_card_deals_and_ties_cut_again() -> None:
    for seed in range(40):
        game = Game(seed=seed)
        events = game.advance()
        *ties, final = events
        for tie in ties:
            a, b = tie.cards
            assert a.rank is b.rank and tie.player is None
        a, b = final.cards
        assert a.rank is not b.rank
        assert game.dealer == (0 if a.rank < b.rank else 1)


# --- manual counting and muggins ----------------------------------------------------------

def counted_game(**options: Any) -> Game:
    game = worked_game(**options)
    for who, card in PLAY_ORDER:
        game.play(who, card)
    return game


def test_manual_count_right_over_under() -> None:
    game = counted_game(manual_count=(True, True))
    with pytest.raises(OutOfTurnError):
        game.advance()  # pone must claim
    claim = game.claim(0, 8)  # pone's hand is 8 (worked above): right, at once
    assert claim.verdict == "right" and claim.awarded == 8 and not claim.again
    before = game.scores
    claim = game.claim(1, 12)  # dealer's hand is 9: a first wrong claim, looked at again
    assert claim.again and claim.awarded == 0 and game.scores == before
    assert game.phase is Phase.COUNT and game.held_claim is claim and game.to_act == (1,)
    claim = game.claim(1, 12)  # the second claim stands: over by 3, it scores the 9 held
    assert claim.verdict == "over" and claim.awarded == 9 and not claim.again
    assert "Over by 3" in claim.explanation and "run" in claim.explanation
    assert game.held_claim is None
    game.claim(1, 0)  # the crib is 2: a second look, then 0 again: the 2 are lost
    claim = game.claim(1, 0)
    assert claim.verdict == "under" and claim.awarded == 0 and claim.muggins == 0
    assert game.scores == (16, 16)


def test_the_second_claim_scores_as_claimed_and_the_words_say_so() -> None:
    """The newcomer's finding: told "your second claim is the one that scores", a second
    claim of 4 for a hand of 8 scored 8. Now it scores the 4 claimed, and says so."""
    game = counted_game(manual_count=(True, False))
    pegged = game.scores[0]
    first = game.claim(0, 4)  # pone's hand is 8 (worked above)
    words = first.explain(you=True)
    assert words.startswith("You said 4: that is under.")
    assert "Count your hand again and claim once more: your second claim is the one that " \
           "scores (points missed are lost" in words
    second = game.claim(0, 4)
    assert (second.awarded, second.again, game.scores[0]) == (4, False, pegged + 4)
    assert "it scores the 4 claimed: the 4 missed are lost" in second.explain(you=True)
    assert second.explain(you=True).startswith("Under by 4: your hand scores 8, not 4 (")


def test_a_claim_looked_at_again_survives_a_save_and_an_undo() -> None:
    game = counted_game(manual_count=(True, False))
    game.claim(0, 6)  # pone's 8 claimed as 6: held
    loaded = Game.from_json(game.to_json())
    assert loaded.held_claim is not None and loaded.held_claim.claimed == 6
    assert loaded.claim(0, 6).awarded == 6  # the second claim there too
    undone = game.undo(0)
    assert [a.kind for a in undone] == [ActionKind.CLAIM] and game.held_claim is None
    assert game.claim(0, 5).again  # a first claim once more


def test_with_muggins_a_claim_stands_at_once() -> None:
    game = counted_game(manual_count=(True, False), muggins=True)
    claim = game.claim(0, 6)
    assert not claim.again and (claim.awarded, claim.muggins) == (6, 2)
    assert game.held_claim is None


def test_muggins_gives_missed_points_to_the_opponent() -> None:
    game = counted_game(manual_count=(True, False), muggins=True)
    claim = game.claim(0, 5)  # pone's 8 claimed as 5: the dealer takes 3
    assert (claim.awarded, claim.muggins) == (5, 3)
    assert [(e.kind, e.player, e.points) for e in claim.events][-1] == ("muggins", 1, 3)
    game.advance()  # dealer counts automatically: 9
    game.advance()  # crib 2
    assert game.scores == (5 + 8, 7 + 3 + 9 + 2)
    assert [e.source for e in game.events if e.kind == "muggins"] == [Source.MUGGINS]


def test_claim_out_of_range_or_by_the_wrong_player() -> None:
    game = counted_game(manual_count=True)
    before = game.to_dict()
    with pytest.raises(IllegalActionError):
        game.claim(0, 30)
    with pytest.raises(OutOfTurnError):
        game.claim(1, 9)  # pone counts first
    assert game.to_dict() == before


# --- what a player may see ----------------------------------------------------------------

def test_view_hides_the_opponents_cards_and_the_crib() -> None:
    deck = stack_deck(PONE_DEALT, DEALER_DEALT, "6C")
    game = Game(seed=11, first_dealer=1, decks=[deck])
    game.advance()
    game.advance()
    game.discard(0, "2C 9H")
    view = game.view(1)
    assert str(view.hand) == "4D 4S 7C 8S QD KH"
    assert view.starter is None
    assert [e.cards for e in view.events if e.kind == "discard"] == [()]
    assert [e.cards for e in game.view(0).events if e.kind == "discard"] == [
        (Card.parse("2C"), Card.parse("9H"))]
    hidden = {*map(str, game.hand(0)), "2C", "9H"}
    assert not hidden & {str(c) for c in view.hand}
    assert view.opponent_cards == 4
    assert view.legal and all(a.player == 1 for a in view.legal)
    assert len(view.legal) == 15


# --- illegal actions change nothing -------------------------------------------------------

def fingerprint(game: Game) -> Any:
    return (game.to_dict(), game.events, game.hand(0), game.hand(1), game.crib, game.count,
            game.phase, game.turn, game.board, game.legal_actions(), game.view(0).events,
            game.view(1).events)


def check_refused(game: Game, error: type[Exception], call: Any) -> None:
    before = fingerprint(game)
    with pytest.raises(error):
        call()
    assert fingerprint(game) == before


def test_every_kind_of_illegal_action_changes_nothing() -> None:
    deck = stack_deck(PONE_DEALT, DEALER_DEALT, "6C")
    game = Game(seed=11, first_dealer=1, decks=[deck])
    check_refused(game, OutOfTurnError, lambda: game.discard(0, "2C 9H"))  # before the deal
    game.advance()
    check_refused(game, OutOfTurnError, lambda: game.play(0, "5H"))  # wrong phase
    game.advance()
    check_refused(game, OutOfTurnError, lambda: game.advance())  # players must discard
    check_refused(game, OutOfTurnError, lambda: game.discard(2, "2C 9H"))  # no such player
    check_refused(game, IllegalHandError, lambda: game.discard(0, "2C 9H 5H"))  # three
    check_refused(game, IllegalHandError, lambda: game.discard(0, ["2C", "2C"]))  # twice
    check_refused(game, IllegalPlayError, lambda: game.discard(0, "KH QD"))  # not held
    check_refused(game, CardParseError, lambda: game.discard(0, "2X 9H"))  # no such card
    check_refused(game, IllegalHandError,
                  lambda: game.discard(0, 7))  # type: ignore[arg-type]  # not cards
    check_refused(game, IllegalActionError, lambda: game.discard(True, "2C 9H"))  # no seat
    game.discard(0, "2C 9H")
    check_refused(game, OutOfTurnError, lambda: game.discard(0, "5H 5C"))  # discard twice
    game.discard(1, "KH QD")
    check_refused(game, OutOfTurnError, lambda: game.go(0))  # starter not yet turned
    game.advance()
    check_refused(game, OutOfTurnError, lambda: game.play(1, "4S"))  # wrong player
    check_refused(game, IllegalPlayError, lambda: game.play(0, "2C"))  # laid away, not held
    check_refused(game, IllegalPlayError, lambda: game.go(0))  # go while a card fits
    check_refused(game, OutOfTurnError, lambda: game.claim(0, 8))  # not the count
    check_refused(game, OutOfTurnError, lambda: game.apply(Action(ActionKind.DEAL)))
    for who, card in PLAY_ORDER[:4]:
        game.play(who, card)
    # count 19: pone holds 5C and JS; JS fits (29), so past-31 needs a fuller pile
    game.play(0, "5C")  # 24
    check_refused(game, IllegalPlayError, lambda: game.play(1, "8S"))  # 24 + 8 > 31


def test_past_thirty_one_is_refused_and_changes_nothing() -> None:
    game = go_game()
    game.play(0, "KH")
    game.play(1, "9C")
    game.play(0, "QC")  # 29
    check_refused(game, IllegalPlayError, lambda: game.play(1, "9D"))


def test_errors_are_value_errors_quoting_the_input() -> None:
    game = worked_game()
    with pytest.raises(ValueError, match="4S"):
        game.play(0, "4S")


# --- save, load, replay, undo -------------------------------------------------------------

def test_save_load_round_trip(tmp_path: Path) -> None:
    game = worked_game()
    for who, card in PLAY_ORDER[:5]:
        game.play(who, card)
    path = game.save(tmp_path / "game.json")
    loaded = Game.load(path)
    assert loaded.events == game.events
    assert loaded.actions == game.actions
    assert loaded.scores == game.scores and loaded.hand(1) == game.hand(1)
    assert loaded.to_dict() == game.to_dict()
    # the loaded game goes on the same way
    loaded.play(1, "7C")
    game.play(1, "7C")
    assert loaded.events == game.events


def test_loaded_seeded_game_deals_the_same_next_hands(tmp_path: Path) -> None:
    game = Game(seed=21, first_dealer=0)
    game.advance()
    game.advance()
    twin = Game.from_json(game.to_json())
    for g in (game, twin):
        g.discard(0, g.hand(0)[:2])
        g.discard(1, g.hand(1)[:2])
    assert twin.hand(0) == game.hand(0)


def resign(data: dict[str, Any]) -> dict[str, Any]:
    """Recompute the checksum after a deliberate edit, to reach the deeper checks."""
    from cribbage_edu.rules.saves import checksum as _checksum

    body = {k: v for k, v in data.items() if k != "checksum"}
    body["checksum"] = _checksum(body)
    return body


@pytest.mark.parametrize("damage", [
    "truncated", "not json", "version", "format", "checksum", "illegal action",
    "card twice", "state", "unknown action", "wrong type",
])
def test_damaged_save_files_are_refused(tmp_path: Path, damage: str) -> None:
    game = worked_game()
    game.play(0, "5H")
    data = game.to_dict()
    text = json.dumps(data)
    if damage == "truncated":
        text = text[: len(text) // 2]
    elif damage == "not json":
        text = "hello"
    elif damage == "version":
        text = json.dumps(resign({**data, "version": 99}))
    elif damage == "format":
        text = json.dumps(resign({**data, "format": "chess"}))
    elif damage == "checksum":
        data["actions"][-1]["cards"] = ["5C"]
        text = json.dumps(data)
    elif damage == "illegal action":
        data["actions"][-1]["cards"] = ["9H"]  # laid away, cannot be played
        text = json.dumps(resign(data))
    elif damage == "card twice":
        deck = data["decks"][0].split()
        deck[5] = deck[0]
        data["decks"][0] = " ".join(deck)
        text = json.dumps(resign(data))
    elif damage == "state":
        data["state"]["scores"] = [50, 0]
        text = json.dumps(resign(data))
    elif damage == "unknown action":
        data["actions"].append({"kind": "cheat", "player": 0})
        text = json.dumps(resign(data))
    elif damage == "wrong type":
        data["options"] = "121"
        text = json.dumps(resign(data))
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveFileError):
        Game.load(path)


def test_load_missing_file_is_a_save_file_error(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError):
        Game.load(tmp_path / "nothing.json")


def test_undo_takes_back_the_last_decision() -> None:
    game = worked_game()
    game.play(0, "5H")
    before = game.to_dict()
    game.play(1, "4S")
    undone = game.undo()
    assert undone == (Action(ActionKind.PLAY, 1, (Card.parse("4S"),)),)
    assert game.to_dict() == before
    # undo a player's decision further back, with the steps after it
    undone = game.undo(player=1)
    assert [a.kind for a in undone] == [ActionKind.DISCARD, ActionKind.STARTER,
                                         ActionKind.PLAY]
    assert game.phase is Phase.DISCARD and len(game.hand(1)) == 6


def test_undo_with_nothing_to_undo() -> None:
    game = Game(seed=4)
    game.advance()
    with pytest.raises(IllegalActionError):
        game.undo()


# --- properties of random legal games -----------------------------------------------------

def random_game_checked(seed: int, rng: random.Random, target: int, manual: bool,
                        muggins: bool) -> Game:
    game = Game(seed=seed, target=target, manual_count=manual, muggins=muggins)
    previous = game.scores
    while not game.is_over:
        actions = game.legal_actions()
        action = rng.choice(actions)
        if action.kind is ActionKind.CLAIM:
            action = Action(ActionKind.CLAIM, action.player, (), rng.randrange(0, 30))
        game.apply(action)
        places = game.card_places()
        cards = [c for hand in places.values() for c in hand]
        assert len(cards) == 52 and set(cards) == set(FULL_DECK)
        assert 0 <= game.count <= 31
        scores = game.scores
        assert scores[0] >= previous[0] and scores[1] >= previous[1]
        previous = scores
        for player in (0, 1):
            assert scores[player] == sum(e.points for e in game.events if e.player == player)
        assert game.is_over == (max(scores) >= target)
    return game


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32),
       short=st.booleans(), manual=st.booleans(), muggins=st.booleans())
def test_random_legal_games_keep_every_invariant(seed: int, choices: int, short: bool,
                                                 manual: bool, muggins: bool) -> None:
    target = 61 if short else 121
    game = random_game_checked(seed, random.Random(choices), target, manual, muggins)
    # the game ends exactly at the target: the win is the last event, by the last points
    winner = game.winner
    assert winner is not None and game.events[-1].kind == "win"
    scoring = [e for e in game.events if e.points]
    assert scoring[-1].player == winner
    assert game.scores[winner] >= target
    assert game.scores[winner] - scoring[-1].points < target
    assert game.scores[1 - winner] < target
    # the log replays to the same state; save then load gives the same state
    assert game.replay().events == game.events
    assert Game.from_json(game.to_json()).to_dict() == game.to_dict()


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), cut=st.integers(0, 400))
def test_replay_and_undo_mid_game(seed: int, choices: int, cut: int) -> None:
    rng = random.Random(choices)
    game = Game(seed=seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    n = len(game.actions)
    partial = game.replay(n // 2)
    assert partial.actions == game.actions[: n // 2]
    loaded = Game.from_json(game.to_json())
    assert loaded.events == game.events and loaded.scores == game.scores
    actions = game.actions
    if any(a.is_decision for a in actions):
        undone = game.undo()
        assert undone[0].is_decision and not any(a.is_decision for a in undone[1:])
        assert game.actions + undone == actions
        assert game.events == game.replay().events


GAME_OF_SEED = """
import json, random, sys
from cribbage_edu.rules.game import Game
game = Game(seed=int(sys.argv[1]))
rng = random.Random(0)
while not game.is_over:
    game.apply(rng.choice(game.legal_actions()))
print(json.dumps([event.to_dict() for event in game.events]))
"""


def game_in_a_process(seed: int, hash_seed: str) -> list[dict[str, Any]]:
    """The events of the game of ``seed`` (every choice made by a seeded random pick among
    the legal actions, in the order the engine lists them) played in a fresh Python whose
    strings hash with ``hash_seed``."""
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-c", GAME_OF_SEED, str(seed)], env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    events: list[dict[str, Any]] = json.loads(done.stdout)
    return events


def test_same_seed_same_game_for_everyone() -> None:
    """Every student's machine plays the game of a seed alike: processes whose strings
    hash differently (as two machines' do) give the same events, item for item, so no
    deal, legal action or score depends on the order of a set or dict of strings."""
    games = [game_in_a_process(7, hash_seed) for hash_seed in ("0", "1", "4242")]
    assert len(games[0]) > 50 and games[0][-1]["kind"] == "win"
    assert games[1] == games[0] and games[2] == games[0]
    assert game_in_a_process(8, "0") != games[0]


# --- found in the audit: each test was written before its fix ----------------------------

def random_action(game: Game, rng: random.Random) -> Action:
    """Any action at all, legal or not: a random kind, player and cards."""
    kind = rng.choice(list(ActionKind))
    player = rng.choice([None, 0, 1])
    cards = tuple(rng.sample(FULL_DECK, rng.choice([0, 1, 1, 2, 2, 3])))
    if rng.random() < 0.5:  # often cards the player really holds, to reach deeper checks
        held = list(game.hand(player if player is not None else 0))
        cards = tuple(rng.sample(held, min(len(held), rng.choice([1, 2, 2]))))
    points = rng.randrange(-1, 31) if kind is ActionKind.CLAIM else None
    return Action(kind, player, cards, points)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), manual=st.booleans())
def test_any_refused_action_leaves_everything_as_it_was(seed: int, choices: int,
                                                         manual: bool) -> None:
    rng = random.Random(choices)
    game = Game(seed=seed, target=61, manual_count=manual, muggins=manual)
    while not game.is_over:
        for _ in range(2):
            action = random_action(game, rng)
            legal = {(a.kind, a.player, frozenset(a.cards)) for a in game.legal_actions()}
            if (action.kind, action.player, frozenset(action.cards)) in legal:
                continue
            before = fingerprint(game)
            try:
                game.apply(action)
            except ValueError as exc:
                assert isinstance(exc, (IllegalActionError, IllegalHandError,
                                        CardParseError)), exc
                assert fingerprint(game) == before
            else:  # a claim of any number is legal; a refused action may not slip through
                assert action.kind is ActionKind.CLAIM, action
                if game.is_over:
                    return
        action = rng.choice(game.legal_actions())
        if action.kind is ActionKind.CLAIM:
            action = Action(ActionKind.CLAIM, action.player, (), rng.randrange(0, 30))
        game.apply(action)


def test_a_shuffled_deal_is_not_written_to_the_save_file() -> None:
    """The save holds the seed, not the seed's decks: a forger who edits a deck and
    signs the file again has nothing to edit, and a changed seed deals other hands."""
    game = Game(seed=21, first_dealer=0)
    game.advance()
    game.advance()
    game.discard(0, game.hand(0)[:2])
    data = game.to_dict()
    assert data["decks"] == []
    # the stacked decks a teacher sets up are kept
    assert len(worked_game().to_dict()["decks"]) == 1


def test_a_forged_seed_is_refused() -> None:
    game = Game(seed=21, first_dealer=0)
    game.advance()
    game.advance()
    game.discard(0, game.hand(0)[:2])
    data = game.to_dict()
    for edit in ({"seed": 22}, {"seed": "21"}, {"names": "ab"}, {"names": [1, 2]}):
        with pytest.raises(SaveFileError):
            Game.from_dict(resign({**data, **edit}))  # signed again after the edit
        with pytest.raises(SaveFileError, match="checksum"):
            Game.from_dict({**data, **edit})  # a plain hand edit


def test_undo_after_the_game_is_over_brings_it_back() -> None:
    game = worked_game(scores=(118, 100))
    game.play(0, "5H")
    game.play(1, "4S")
    game.play(0, "6D")  # fifteen and a run: 5 points, 123
    assert game.is_over and game.winner == 0
    undone = game.undo()
    assert undone == (Action(ActionKind.PLAY, 0, (Card.parse("6D"),)),)
    assert not game.is_over and game.winner is None and game.result is None
    assert game.scores == (118, 100) and game.turn == 0
    with pytest.raises(OutOfTurnError):
        game.advance()


def test_a_file_saved_mid_play_goes_on_the_same_way(tmp_path: Path) -> None:
    game = Game(seed=33)
    rng = random.Random(4)
    while game.phase is not Phase.PLAY or len(game.laid) < 3:
        game.apply(rng.choice(game.legal_actions()))
    loaded = Game.load(game.save(tmp_path / "mid.json"))
    assert (loaded.count, loaded.pile, loaded.turn) == (game.count, game.pile, game.turn)
    assert loaded.view(0).events == game.view(0).events
    for g in (game, loaded):
        r = random.Random(9)
        while not g.is_over:
            g.apply(r.choice(g.legal_actions()))
    assert loaded.events == game.events and loaded.result == game.result


def test_the_view_holds_no_hidden_card_even_in_private() -> None:
    """A player object could read ``view._events``: it holds only the player's log."""
    deck = stack_deck(PONE_DEALT, DEALER_DEALT, "6C")
    game = Game(seed=11, first_dealer=1, decks=[deck])
    game.advance()
    game.advance()
    game.discard(0, "2C 9H")
    game.discard(1, "KH QD")
    view = game.view(1)
    private = [c for e in view._events for c in e.cards]
    assert Card.parse("2C") not in private and Card.parse("9H") not in private
    assert Card.parse("KH") in private  # its own discards it may see


# --- the notebook view --------------------------------------------------------------------

def faces(html: str) -> set[str]:
    return set(re.findall(r'alt="([a-z]+ of [a-z]+)"', html))


def test_notebook_view_of_the_worked_deal() -> None:
    game = worked_game()
    game.play(0, "5H")
    html = game._repr_html_()
    assert html == game._repr_html_()  # the same every time
    assert "deal 1, play" in html and "player 1 to act" in html
    # player 0 (pone) sees the starter, the 5H laid and the three cards still held
    assert faces(html) == {c.name for c in map(Card.parse, ("6C", "5H", "5C", "6D", "JS"))}
    assert html.count("cribbage-card-back") == 4 + 4  # dealer's hand, the crib
    assert ">0</td>" in html  # the scores
    # the other seat sees its own cards, not player 0's
    other = game.view(1)._repr_html_()
    assert faces(other) == {c.name for c in map(Card.parse, ("6C", "5H", "4S", "4D", "7C", "8S"))}


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_notebook_view_never_shows_a_hidden_card(seed: int, choices: int) -> None:
    rng = random.Random(choices)
    game = Game(seed=seed, target=61)
    while True:
        for player in (0, 1):
            view = game.view(player)
            seen = {*view.hand, *view.kept, *view.discards, *(c for _, c in view.laid),
                    *(c for _, _, cards in view.shown for c in cards)}
            if view.starter is not None:
                seen.add(view.starter)
            html = view._repr_html_()
            assert faces(html) <= {c.name for c in seen}
            assert {c.name for c in view.hand} <= faces(html)
            assert str(view.scores[player]) in html
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("options", [{"skunk_value": 0}, {"double_skunk_value": -1},
                                     {"skunk_value": 2.5}, {"double_skunk_value": True}])
def test_a_skunk_is_worth_a_whole_number_of_games(options: dict[str, Any]) -> None:
    with pytest.raises(IllegalActionError, match="skunk"):
        Game(seed=1, skunk=True, **options)


@pytest.mark.parametrize("player", [2, -1, True, "0"])
def test_undo_for_no_such_player_is_refused(player: Any) -> None:
    game = worked_game()
    before = fingerprint(game)
    # a whole number that is no seat is a player not at the table (out of turn); any
    # other value is a bad argument (IllegalActionError, of which OutOfTurnError is one)
    wrong = OutOfTurnError if type(player) is int else IllegalActionError
    with pytest.raises(wrong, match="no player") as refused:
        game.undo(player)
    assert type(refused.value) is wrong
    assert fingerprint(game) == before


@pytest.mark.parametrize("seed", [7.5, "abc", True])
def test_a_seed_is_a_whole_number(seed: Any) -> None:
    with pytest.raises(IllegalActionError, match="seed"):
        Game(seed=seed)


def test_result_text_counts_a_skunk_only_when_the_rule_is_on() -> None:
    from cribbage_edu.rules.board import Skunk
    from cribbage_edu.rules.game import GameResult

    # Worked from RULES.md: 121 against 80 is a skunk (loser under 91); with the rule
    # on it is worth two games, with it off the win counts once.
    on = GameResult(0, (121, 80), 121, Skunk.SKUNK, 2, 9)
    off = GameResult(0, (121, 80), 121, Skunk.SKUNK, 1, 9)
    plain = GameResult(1, (100, 121), 121, Skunk.NONE, 1, 9)
    # one wording (GameResult.describe): the winner's score first, as a table says it
    assert str(on) == "player 0 wins 121-80 in 9 deals: a skunk, worth 2 games"
    assert str(off) == ("player 0 wins 121-80 in 9 deals: a skunk, not counted: the skunk "
                        "rule is off")
    assert "games" not in str(off) and str(plain) == "player 1 wins 121-100 in 9 deals"
    assert on.describe(("Ann", "Bob"), you=0) == "You win 121-80 in 9 deals: a skunk, worth 2 games"
    assert plain.describe(("Ann", "Bob"), you=0) == "Bob wins 121-100 in 9 deals"


# --- a game that starts from given scores and dealer (issue 12) -------------------------

def test_a_game_starts_from_given_scores_and_dealer(tmp_path: Path) -> None:
    # "practise the end game from 110-115": the pegs stand there before the first deal
    game = Game(seed=3, scores=(110, 115), first_dealer=1)
    assert game.scores == (110, 115) and game.start_scores == (110, 115)
    assert game.board.pegs(0) == (110, 110) and game.board.pegs(1) == (115, 115)
    events = game.advance()
    assert [(e.kind, e.player) for e in events] == [("start", None), ("cut", 1)]
    assert "110" in events[0].reason and "115" in events[0].reason
    assert "deals first" in events[1].reason
    game.advance()
    assert game.dealer == 1 and game.view(0).scores == (110, 115)
    # kept in the save file, and the loaded game replays the same log
    loaded = Game.load(game.save(tmp_path / "end.json"))
    assert loaded.start_scores == (110, 115) and loaded.first_dealer == 1
    assert loaded.events == game.events and loaded.replay().events == game.events


def test_a_game_from_zero_logs_no_starting_position() -> None:
    game = Game(seed=3, first_dealer=0)
    assert [e.kind for e in game.advance()] == ["cut"]


def test_starting_scores_and_dealer_accept_numpy_integers() -> None:
    np = pytest.importorskip("numpy")
    game = Game(seed=3, scores=(np.int64(100), np.int32(90)), first_dealer=np.int64(0))
    assert game.start_scores == (100, 90) and type(game.start_scores[0]) is int
    assert game.first_dealer == 0 and type(game.first_dealer) is int
    json.loads(game.to_json())  # plain ints: the save file writes


@pytest.mark.parametrize("scores", [(121, 0), (0, 121), (-1, 0), (1.0, 0), ("5", 0),
                                    (True, 0), (1, 2, 3), (5,), (61, 0)])
def test_starting_scores_are_checked(scores: Any) -> None:
    target = 61 if scores == (61, 0) else 121
    with pytest.raises(IllegalActionError, match="starting scores"):
        Game(seed=1, scores=scores, target=target)


@pytest.mark.parametrize("dealer", [2, -1, 1.0, "1", True])
def test_first_dealer_is_a_seat(dealer: Any) -> None:
    with pytest.raises(IllegalActionError, match="first_dealer"):
        Game(seed=1, first_dealer=dealer)


def test_a_game_from_given_scores_plays_out_to_the_end() -> None:
    from cribbage_edu.rules.drive import play_game
    from cribbage_edu.strategy.players import ExpertPlayer

    game = play_game([ExpertPlayer(), ExpertPlayer()], seed=5, first_dealer=0,
                     scores=(110, 115))
    assert game.is_over and game.result is not None
    assert game.result.deals <= 3  # from 110-115 a game lasts a deal or two


# --- one winning score: the game hole, as players write it (issue 9) ---------------------

def short_game_won_past_the_hole() -> Game:
    """The worked deal to 61 from 55-0: pone pegs 5 (fifteen and a run) to 60, then a
    run of three for three where one point was needed."""
    game = worked_game(scores=(55, 0), target=61)
    for who, card in PLAY_ORDER[:5]:
        game.play(who, card)
    return game


def test_the_winners_score_is_the_game_hole_everywhere(tmp_path: Path) -> None:
    from cribbage_edu.study.simulation import record_game

    game = short_game_won_past_the_hole()
    assert game.scores == (61, 0) and game.board.pegs(0) == (60, 61)
    assert game.deal_scores[-1] == (61, 0)
    assert str(game.result).startswith("player 0 wins 61-0 in 1 deal:")
    peg, win = game.events[-2:]
    # the run is explained in full; it moves the score by the one point that counts
    assert peg.kind == "peg" and sum(i.points for i in peg.items) == 3 and peg.points == 1
    # the extra points are noted once, in the win
    assert win.kind == "win" and win.reason == (
        "player 0 reaches 61 and wins 61-0 (the last score was 3, 2 more than the 1 needed)")
    assert [e for e in game.events if "more than" in e.reason] == [win]
    assert game.to_dict()["state"]["scores"] == [61, 0]
    assert Game.load(game.save(tmp_path / "won.json")).scores == (61, 0)
    record = record_game(game)
    assert record.scores == (61, 0) and record.deal_scores[-1] == (61, 0)
    assert sum(record.points[0].values()) == 61 - 55


def test_an_exact_win_has_no_note() -> None:
    game = worked_game(scores=(116, 100))
    for who, card in PLAY_ORDER[:3]:
        game.play(who, card)
    assert game.events[-1].reason == "player 0 reaches 121 and wins 121-100"


@settings(max_examples=15)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), short=st.booleans())
def test_a_finished_game_shows_the_target_as_the_winners_score(seed: int, choices: int,
                                                               short: bool) -> None:
    target = 61 if short else 121
    rng = random.Random(choices)
    game = Game(seed=seed, target=target)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    result = game.result
    assert result is not None and result.scores[result.winner] == target
    assert game.board.front(result.winner) == target == max(game.deal_scores[-1])
    assert f"wins {target}-" in game.events[-1].reason


DATA = Path(__file__).parent / "data"


def test_old_save_files_still_load() -> None:
    # written by the version that kept the winner's score as reached (63) and had no
    # start event (tests/data/make_v1_saves.py)
    short = Game.load(DATA / "v1_short_game_won_past_61.json")
    assert short.is_over and short.scores == (61, 0) and short.start_scores == (55, 0)
    assert short.events[0].kind == "start"
    expert = Game.load(DATA / "v1_expert_game.json")  # ended 109-122 then
    assert expert.is_over and expert.scores == (109, 121)
    assert Game.from_json(expert.to_json()).to_dict() == expert.to_dict()


def test_an_old_save_with_a_changed_state_is_still_refused() -> None:
    data = json.loads((DATA / "v1_expert_game.json").read_text())
    data["state"]["scores"] = [109, 125]
    data["checksum"] = _checksum_of(data)
    with pytest.raises(SaveFileError, match="different state"):
        Game.from_dict(data)


def _checksum_of(data: dict[str, Any]) -> str:
    import hashlib

    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


# --- player ids and options: ints and numpy integers, nothing else (issue 13 item 8) ------

@pytest.mark.parametrize("player", [1.0, 0.0, True, False, "1", None, 2, -1])
def test_a_player_is_a_seat_number_in_every_action(player: Any) -> None:
    game = worked_game()
    before = fingerprint(game)
    for call in (lambda: game.play(player, "5H"), lambda: game.go(player),
                 lambda: game.claim(player, 0), lambda: game.hand(player),
                 lambda: game.view(player), lambda: game.legal_cards(player),
                 lambda: game.kept(player), lambda: game.discard(player, "5H 5C")):
        wrong = OutOfTurnError if type(player) is int else IllegalActionError
        with pytest.raises(wrong, match="no player") as refused:
            call()
        assert type(refused.value) is wrong
    assert fingerprint(game) == before


def test_numpy_player_numbers_are_converted() -> None:
    np = pytest.importorskip("numpy")
    game = worked_game()
    events = game.play(np.int64(0), "5H")
    assert type(events[0].player) is int and type(game.actions[-1].player) is int
    game.play(np.int32(1), "4S")
    assert len(game.view(np.uint8(0)).hand) == 3 and str(game.hand(np.int64(1))) == "4D 7C 8S"
    assert Game.from_json(game.to_json()).events == game.events  # the save still writes


def test_claimed_points_are_whole_numbers() -> None:
    np = pytest.importorskip("numpy")
    game = worked_game(manual_count=True)
    for who, card in PLAY_ORDER:
        game.play(who, card)
    before = fingerprint(game)
    for points in (8.0, "8", True, None, 30, -1):
        with pytest.raises(IllegalActionError, match="cannot claim"):
            game.claim(0, points)
    assert fingerprint(game) == before
    assert game.claim(np.int64(0), np.int64(8)).verdict == "right"


@pytest.mark.parametrize("options, problem", [
    ({"decks": 5}, "decks"), ({"decks": "AH 2H"}, "decks"), ({"decks": [5]}, "deck"),
    ({"decks": [None]}, "deck"),
    ({"manual_count": 1}, "manual_count"), ({"manual_count": "yes"}, "manual_count"),
    ({"manual_count": [1, 0]}, "manual_count"), ({"manual_count": (True,)}, "manual_count"),
    ({"manual_count": None}, "manual_count"),
    ({"names": ("a",)}, "names"), ({"names": (1, 2)}, "names"), ({"names": "ab"}, "names"),
    ({"names": ("", "b")}, "names"), ({"names": None}, "names"),
    ({"muggins": 1}, "muggins"), ({"skunk": "yes"}, "skunk"),
    ({"target": "121"}, "121"), ({"target": 121.0}, "121"),
])
def test_game_options_are_checked_with_a_clear_error(options: dict[str, Any],
                                                     problem: str) -> None:
    with pytest.raises(CribbageError, match=problem):
        Game(seed=1, **options)


def test_good_flags_and_names_are_accepted() -> None:
    np = pytest.importorskip("numpy")
    game = Game(seed=1, manual_count=(np.True_, False), names=["Ann", "Bob"], muggins=True)
    assert game.options.manual_count == (True, False) and game.names == ("Ann", "Bob")
    assert type(game.options.manual_count[0]) is bool


@pytest.mark.parametrize("kind", ["fly", 7, None, "PLAY"])
def test_an_unknown_action_kind_is_refused_clearly(kind: Any) -> None:
    game = worked_game()
    before = fingerprint(game)
    with pytest.raises(IllegalActionError, match="kind"):
        game.apply(Action(kind, 0))  # a KeyError before
    assert fingerprint(game) == before


def test_an_action_kind_given_as_text_works() -> None:
    game = worked_game()
    game.apply(Action("play", 0, (Card.parse("5H"),)))  # type: ignore[arg-type]
    assert game.actions[-1].kind is ActionKind.PLAY


# --- what a win is worth: the tournament's game points and the house convention ---------

def _won_by_heels(options: Any, loser: int) -> Any:
    """Pone on ``loser``, the dealer on 119 turns a jack: his heels wins at once."""
    deck = stack_deck(PONE_DEALT, DEALER_DEALT, "JC")
    game = Game(seed=1, first_dealer=1, decks=[deck], scores=(loser, 119), options=options)
    game.advance()
    game.advance()
    game.discard(0, "2C 9H")
    game.discard(1, "KH QD")
    game.advance()
    assert game.winner == 1
    return game.result


@pytest.mark.parametrize(("loser", "house", "tournament"), [
    (100, 1, 2),   # no skunk: a game; 2 game points under the ACC rules
    (90, 2, 3),    # a skunk (under 91): two games by the house convention; 3 game points
    (60, 3, 3),    # a double skunk (under 61): three games; no more than a skunk, 3
])
def test_a_win_is_worth_what_each_convention_says(loser: int, house: int,
                                                   tournament: int) -> None:
    # RULES.md: the ACC gives a win 2 game points, a skunk 3, and a double skunk no more
    # than a skunk; a common house convention counts a skunk as two games, a double three.
    from cribbage_edu.rules.options import GameOptions

    assert _won_by_heels(GameOptions(skunk=True), loser).games_won == house
    result = _won_by_heels(GameOptions.tournament(), loser)
    assert result.games_won == tournament and result.unit == "game points"
    assert result.describe(("Ann", "Bob")).endswith(f"worth {tournament} game points")


def test_the_tournament_preset_is_a_game_to_121_with_skunks() -> None:
    from cribbage_edu.rules.options import GameOptions

    rules = GameOptions.tournament(manual_count=True, muggins=True)
    assert (rules.target, rules.skunk, rules.muggins, rules.manual_count) == (
        121, True, True, (True, True))
    assert (rules.games_for_win, rules.games_for_skunk) == (2, (3, 3))
    assert GameOptions().games_for_win == 1 and GameOptions().game_unit == "games"


def test_the_tournament_rules_survive_a_save_and_an_old_save_counts_a_win_once() -> None:
    from cribbage_edu.rules.options import GameOptions

    game = Game(seed=5, options=GameOptions.tournament())
    assert Game.from_json(game.to_json()).options == GameOptions.tournament()
    old = GameOptions().to_dict()
    del old["win_value"]  # a file written before win_value existed
    assert GameOptions.from_dict(old).win_value == 1
    with pytest.raises(IllegalActionError, match="win_value"):
        GameOptions.from_dict({**old, "win_value": "2"})
    with pytest.raises(IllegalActionError, match="win_value"):
        GameOptions(win_value=0)


# --- the cut for deal and a stacked first deal, each worded once in the engine ------------

def test_the_lower_cut_deals_and_equal_ranks_cut_again() -> None:
    from cribbage_edu.rules.game import cut_for_deal

    card = Card.parse
    # RULES.md: the lower rank deals, ace lowest; on equal ranks, cut again
    assert cut_for_deal(card("AS"), card("KH")) == 0
    assert cut_for_deal(card("9C"), card("2D")) == 1
    assert cut_for_deal(card("7C"), card("7H")) is None   # suits do not break a tie
    assert cut_for_deal(card("QS"), card("KC")) == 0      # Q ranks below K, both count ten


def test_a_stacked_first_deal_waits_for_the_throws() -> None:
    from cribbage_edu.rules.game import stacked_game

    game = stacked_game("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S",
                        scores=(113, 119), names=("pone", "dealer"))
    assert game.phase is Phase.DISCARD and game.dealer == 1 and game.pone == 0
    assert str(game.hand(0)) == "2C 3D 4H 5S 9C KD"
    assert str(game.hand(1)) == "AC 6D 7H 10S JC QD"
    assert game.scores == (113, 119) and game.names == ("pone", "dealer")
    game.discard(0, "9C KD")
    game.discard(1, "JC QD")
    game.advance()
    assert game.starter == Card.parse("8S") and game.phase is Phase.PLAY


def test_a_save_from_before_the_second_look_replays_by_its_own_rule() -> None:
    """A version-2 file took every claim at once, an under-claim scoring the true count:
    it still loads, replayed by that rule, and is written again as version 2."""
    from cribbage_edu.rules.saves import checksum

    game = counted_game(manual_count=(True, False))
    data = game.to_dict()
    pegged = game.scores
    # the old rule: pone's 8 claimed as 6 scored 8 at once (a claim event and a show)
    data["actions"].append({"kind": "claim", "player": 0, "points": 6})
    data["version"] = 2
    data["state"] = {"phase": "count", "deal": 1, "events": len(game.events) + 2,
                     "scores": [pegged[0] + 8, pegged[1]]}
    del data["checksum"]
    data["checksum"] = checksum(data)
    old = Game.from_dict(data)
    assert old.scores == (pegged[0] + 8, pegged[1]) and old.held_claim is None
    assert json.loads(old.to_json())["version"] == 2
    assert Game.from_json(old.to_json()).scores == old.scores


def test_a_view_knows_the_cards_its_player_has_seen() -> None:
    from cribbage_edu.rules.game import stacked_game

    game = stacked_game("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S")
    her_six = ["2C", "3D", "4H", "5S", "9C", "KD"]
    assert sorted(map(str, game.view(0).seen)) == sorted(her_six)
    game.discard(0, "9C KD")
    game.discard(1, "JC QD")
    game.advance()  # the starter, 8S
    game.play(0, "2C")
    # pone has seen her six, the starter; the dealer his six, the starter and her 2C
    assert sorted(map(str, game.view(0).seen)) == sorted([*her_six, "8S"])
    dealer = game.view(1)
    his = ["AC", "6D", "7H", "10S", "JC", "QD", "8S", "2C"]
    assert sorted(map(str, dealer.seen)) == sorted(his)
    assert len(dealer.unseen) == 44 and not set(dealer.unseen) & dealer.seen
    assert dealer.unseen == sorted(dealer.unseen, key=FULL_DECK.index)
