"""The coach at the table, the review after a game, and the play's points pegged by hand,
driven from Python by clicks and checked against the engine's judges."""

from __future__ import annotations

import pytest
from test_widgets_table import click_a_turn, play_one_step

from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.rules.events import ActionKind
from cribbage_edu.rules.game import Phase
from cribbage_edu.strategy.coach import (
    CardVerdict,
    Grade,
    ThrowVerdict,
    judge_view,
    review,
    verdict_line,
)
from cribbage_edu.strategy.coach.phrases import percent
from cribbage_edu.widgets import GameTable, PeggingPractice
from cribbage_edu.widgets.coaching import chance_of
from cribbage_edu.widgets.table import YOU


def test_every_decision_gets_the_engines_verdict_right_after_it() -> None:
    table = GameTable(seed=5, opponent="greedy", target=61, coach="every")
    seen = 0
    while table.game.deal_number < 3 and not table.game.is_over:
        game = table.game
        before = game.view(YOU)
        index = len(game.actions)
        deciding = game.phase in (Phase.DISCARD, Phase.PLAY) and YOU in game.to_act \
            and game.peg_due is None and not game.can_go(YOU)
        play_one_step(table)
        if not deciding:
            continue
        action = table.game.actions[index]
        assert action.player == YOU and action.kind in (ActionKind.DISCARD, ActionKind.PLAY)
        chooses = action.kind is ActionKind.DISCARD or len(
            {c.rank for c in before.hand if any(
                a.cards == (c,) for a in before.legal)}) > 1
        if not chooses:  # a forced card: nothing to judge, nothing said
            assert index not in table.coach.verdicts
            continue
        verdict = table.coach.verdicts[index]
        assert verdict == judge_view(before, action.cards)  # the engine's own verdict
        assert table.coach.text == f"Coach: {verdict_line(verdict)}"
        assert f"data-decision='{index}'" in table.coach.line.value
        seen += 1
    assert seen >= 6


def test_mistakes_only_speaks_of_mistakes_and_off_says_nothing() -> None:
    for mode in ("mistakes", "off"):
        table = GameTable(seed=5, opponent="greedy", target=61, coach=mode)
        spoken = 0
        while table.game.deal_number < 4 and not table.game.is_over:
            index = len(table.game.actions)
            play_one_step(table)
            verdict = table.coach.verdicts.get(index)
            if mode == "off":
                assert not table.coach.verdicts and table.coach.text == ""
            elif verdict is not None:
                bad = verdict.grade in (Grade.MISTAKE, Grade.BLUNDER)
                assert (table.coach.text != "") == bad
                spoken += bad
        if mode == "mistakes":
            assert spoken >= 1  # always the first two cards: a mistake comes soon


def test_why_shows_the_numbers_behind_the_verdict() -> None:
    table = GameTable(seed=5, opponent="greedy", target=61, coach="every")
    play_one_step(table)  # the throw
    verdict = table.coach.last
    assert isinstance(verdict, ThrowVerdict)
    assert table.coach.why.value == ""
    table.coach.why_button.click()
    assert "every throw, best first" in table.coach.why.value
    assert table.coach.why.value.count("&lt;- yours") == 1
    table.coach.why_button.click()
    assert table.coach.why.value == ""


def test_the_why_button_always_says_what_a_click_will_do() -> None:
    table = GameTable(seed=5, opponent="greedy", target=61, coach="every")
    button, numbers = table.coach.why_button, table.coach.why
    play_one_step(table)  # the throw: a verdict, its numbers hidden
    assert (button.description, numbers.value) == ("Why?", "")
    button.click()
    assert button.description == "Hide why" and "every throw, best first" in numbers.value
    first = table.coach.last
    while table.coach.last is first:  # on to the next verdict, the numbers left open
        play_one_step(table)
    assert isinstance(table.coach.last, CardVerdict)
    assert (button.description, numbers.value) == ("Why?", "")  # hidden: says Why?
    button.click()
    assert button.description == "Hide why" and "each card, best first" in numbers.value
    button.click()
    assert (button.description, numbers.value) == ("Why?", "")


def test_a_chance_to_win_that_moved_in_the_deal_says_what_moved_it() -> None:
    """Near home every verdict gives a chance to win; when it is not the one said at the
    last decision of the deal, the line says the one before and names what came between:
    the starter turned, the computer's cards, the scores. (Seed 1: a game the learner's
    chances move in, deal after deal, by the judge of the whole deal.)"""
    table = GameTable(seed=1, opponent="greedy", target=61, coach="every")
    said: tuple[int, float, int] | None = None  # deal, chance, events before its decision
    notes = starters = 0
    while not table.game.is_over:
        before = len(table.game.events)
        index = len(table.game.actions)
        play_one_step(table)
        verdict = table.coach.verdicts.get(index)
        if verdict is None or verdict.chance_loss is None:
            continue
        chance = chance_of(verdict)
        assert chance is not None
        deal = table.game.events[before - 1].deal
        if said is not None and said[0] == deal and percent(said[1]) != percent(chance):
            way = "up" if chance > said[1] else "down"
            assert f"({way} from {percent(said[1])} at your last decision" in \
                table.coach.text, table.coach.text
            between = table.game.events[said[2]:before]
            for event in between:
                if event.kind == "starter":
                    assert event.reason in table.coach.text
                    starters += 1
            scores = [e for e in between if e.points and e.player != YOU]
            if scores:
                assert scores[-1].reason in table.coach.text
            notes += 1
        else:
            assert "at your last decision" not in table.coach.text
        said = (deal, chance, before)
    assert notes >= 2 and starters >= 1


def test_a_verdict_never_names_a_card_the_learner_could_not_see() -> None:
    table = GameTable(seed=11, opponent="expert", target=61, coach="every")
    while table.game.deal_number < 3 and not table.game.is_over:
        game = table.game
        hidden = {str(c.symbol) for c in game.hand(1 - YOU)}
        if game.phase is Phase.PLAY or game.phase is Phase.DISCARD:
            hidden |= {c.symbol for c in (game.view(1 - YOU).discards or ())}
        index = len(game.actions)
        play_one_step(table)
        if index in table.coach.verdicts:
            said = table.coach.text + table.coach.last.why  # type: ignore[union-attr]
            # the computer's cards still in its hand when the learner chose
            seen = {c.symbol for c in table.game.view(YOU).hand} | {
                c.symbol for _, c in table.game.laid}
            for symbol in hidden - seen:
                assert symbol not in said, (symbol, said)


def test_the_review_at_the_end_of_a_game_and_on_request() -> None:
    table = GameTable(seed=5, opponent="greedy", target=61, coach="mistakes")
    table.review_button.click()
    assert "nothing to review yet" in table.value.message
    while table.game.deal_number < 2:
        play_one_step(table)
    table.review_button.click()
    assert table.review_view.layout.display == "flex"
    shown = table.review_view.value.review
    assert shown is not None and not shown.over
    assert shown == review(table.game, YOU)  # the verdicts given equal the engine's
    while not table.game.is_over:
        play_one_step(table)
    final = table.review_view.value.review
    assert final is not None and final.over and final == review(table.game, YOU)
    assert "coach's review is below" in table.value.message
    # try again the most costly decision from its position
    worst = final.worst(1)
    if worst:
        table.review_view.try_again(0)
        verdict = worst[0].verdict
        if isinstance(verdict, CardVerdict):
            table.review_view.playable.button(verdict.best).click()
            retry = table.review_view.value.retry
            assert isinstance(retry, CardVerdict) and retry.loss == 0.0


def test_claim_play_pegs_by_hand_at_the_table() -> None:
    table = GameTable(seed=9, opponent="greedy", target=61, claim_play=True, muggins=True)
    claimed = 0
    while table.game.deal_number < 2 and not table.game.is_over:
        game = table.game
        if game.peg_due == YOU:
            assert table.peg_row.layout.display == "flex"
            assert table.go_button.layout.display == "none"
            assert all(table.playable.button(c).disabled for c in game.hand(YOU))
            assert table.focused is table.peg_box
            assert table.value.message.startswith(("Peg your points", "You peg"))
            due = game.points_to_peg
            before = table.game.scores
            if claimed % 2 == 0:
                table.peg_box.value = str(due)
                table.peg_box.press_enter()
                assert table.message.kind == "success"
                assert table.game.scores[YOU] == before[YOU] + due or table.game.is_over
            else:  # say nothing: with muggins the computer takes what was made
                table.peg_box.value = "0"
                table.peg_button.click()
                if due:
                    assert table.message.kind == "warning"
                    assert "muggins: the opponent takes" in table.message.text
                    assert table.game.scores[1 - YOU] >= before[1 - YOU] + due \
                        or table.game.is_over
            claimed += 1
        else:
            assert table.peg_row.layout.display == "none"
            play_one_step(table)
    assert claimed >= 4


def test_bad_options_are_refused_and_nothing_is_built() -> None:
    for bad in ("no", "Every", None, 1):
        with pytest.raises(IllegalActionError, match="coach is 'off', 'mistakes' or 'every'"):
            GameTable(seed=1, coach=bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="coach is"):
            PeggingPractice(seed=1, coach=bad)  # type: ignore[arg-type]
    for bad_flag in ("yes", 1, None):
        with pytest.raises(IllegalActionError, match="claim_play"):
            GameTable(seed=1, claim_play=bad_flag)  # type: ignore[arg-type]


def test_a_peg_typed_badly_is_refused_and_changes_nothing() -> None:
    table = GameTable(seed=9, opponent="greedy", target=61, claim_play=True)
    table.peg_button.click()
    assert "nothing for you to peg now" in table.value.message
    while table.game.peg_due != YOU:
        play_one_step(table)
    before = table.game.to_json()
    for typed in ("", "two", "²", "1234", "-1"):
        table.peg_box.value = typed
        table.peg_button.click()
        assert table.message.kind == "warning" and table.game.to_json() == before


def test_the_pegging_practice_coaches_the_play() -> None:
    practice = PeggingPractice(seed=3, coach="every", claim_play=True)
    judged = 0
    for _ in range(60):
        game = practice.game
        if game.phase is not Phase.PLAY:
            break
        index = len(game.actions)
        if game.peg_due == YOU:
            practice.peg_box.value = str(game.points_to_peg)
            practice.peg_box.press_enter()
            continue
        click_a_turn(practice)
        if index in practice.coach.verdicts:
            judged += 1
            assert practice.coach.text.startswith("Coach: ")
    assert practice.game.phase is not Phase.PLAY and judged >= 1
