"""Saying go yourself at the table (``say_go=True``): every card can be clicked and Go is
always offered on the learner's turn; a card past 31, or Go while a card fits, is refused
with the reason, changes nothing, and is counted as a slip. Driven from Python by clicks;
what fits is worked from the cards' values and the count (RULES.md: a card may not take
the count past 31; go only when no card fits), never read back from the table."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_widgets_table import check_announcement, claim_right, throw_first_two

from cribbage_edu.cli.play import TerminalGame
from cribbage_edu.rules.cards import Card
from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.rules.game import Game, Phase
from cribbage_edu.widgets import GameTable, PeggingPractice
from cribbage_edu.widgets.table import YOU, TableState

Table = PeggingPractice | GameTable


def fitting(table: Table) -> list[Card]:
    """The learner's cards that keep the count at 31 or under (worked by hand)."""
    count = table.value.count
    return [card for card in table.value.hand if count + card.value <= 31]


def my_choice(table: Table) -> bool:
    """The learner's turn to lay a card or say go (not to peg, not the computer's)."""
    game = table.game
    return game.phase is Phase.PLAY and game.turn == YOU and game.peg_due is None


def lay_right(table: Table) -> None:
    """A turn as the rules ask: the last card that fits, else go; pegs right, and the
    rest of a game (throw, count, next deal) as a learner would."""
    game = table.game
    if game.peg_due == YOU:
        table.peg_box.value = str(game.points_to_peg)
        table.peg_box.press_enter()
    elif isinstance(table, GameTable) and table.next_button.layout.display != "none":
        table.next_button.click()
    elif isinstance(table, GameTable) and table.paused:
        table.show_view.next_button.click()
    elif game.phase is Phase.COUNT:
        claim_right(table)  # type: ignore[arg-type]
    elif game.phase is Phase.DISCARD:
        throw_first_two(table)  # type: ignore[arg-type]
    else:
        fits = fitting(table)
        if fits:
            table.playable.button(fits[-1]).click()
        else:
            table.go_button.click()


def unchanged(before: TableState, after: TableState) -> None:
    """Everything but the message and the slips is as it was."""
    keep = ("phase", "deal", "dealer", "scores", "hand", "count", "pile", "turn", "can_go",
            "log", "result")
    assert {k: getattr(after, k) for k in keep} == {k: getattr(before, k) for k in keep}


def test_every_card_and_go_are_offered_on_the_learners_turn() -> None:
    turns = 0
    for seed in range(4):
        practice = PeggingPractice(seed=seed, opponent="random", say_go=True)
        while practice.game.phase is Phase.PLAY:
            assert my_choice(practice)
            for card in practice.value.hand:
                button = practice.playable.button(card)
                assert not button.disabled and button.description == card.name
            assert practice.go_button.layout.display != "none"
            # nor does its colour: Go looks like any other choice, not the one to make
            assert practice.go_button.button_style == ""
            # the table does not tell: no "no card fits" before the learner decides
            assert "fits under 31" not in practice.value.message
            assert practice.value.message.startswith(("Hand", "Your turn", "The computer"))
            turns += 1
            lay_right(practice)
    assert turns >= 10


def test_the_guided_default_offers_only_what_fits() -> None:
    practice = PeggingPractice(seed=0, opponent="random")
    while practice.game.phase is Phase.PLAY:
        fits = set(fitting(practice))
        for card in practice.value.hand:
            assert practice.playable.button(card).disabled == (card not in fits)
        assert (practice.go_button.layout.display != "none") == (not fits)
        assert practice.go_button.button_style == "warning"  # when shown, it is due
        assert practice.value.slips == ()
        lay_right(practice)
    assert "slip" not in practice.summary.value


def find_turn(make: type[Table], wanted: str, **options: object) -> Table:
    """A table at the learner's turn where ``wanted`` can be tried: "misfit" (a card in
    hand past 31, with or without another that fits), "stuck" (no card fits), "go while a
    card fits" ("fits")."""
    for seed in range(60):
        table = make(seed=seed, opponent="random", **options)  # type: ignore[arg-type]
        for _ in range(40):
            if table.game.phase not in (Phase.DISCARD, Phase.PLAY) and \
                    not isinstance(table, GameTable):
                break
            if table.game.is_over or table.game.deal_number > 1:
                break
            if my_choice(table):
                fits, hand = fitting(table), table.value.hand
                if (wanted == "misfit" and fits and len(fits) < len(hand)) or \
                        (wanted == "stuck" and not fits) or \
                        (wanted == "fits" and fits and table.value.count):
                    return table
            lay_right(table)
    raise AssertionError(f"no position for {wanted}")


@pytest.mark.parametrize("make", [PeggingPractice, GameTable])
def test_a_card_past_31_is_refused_with_the_count_it_would_make(make: type[Table]) -> None:
    for wanted in ("misfit", "stuck"):
        table = find_turn(make, wanted, say_go=True)
        before, saved = table.value, table.game.to_json()
        count = before.count
        card = next(c for c in before.hand if count + c.value > 31)
        table.playable.button(card).click()
        tail = ("no card of yours fits, say go" if wanted == "stuck" else
                "lay a card that keeps the count at 31 or under")
        why = f"the {card.symbol} would make {count + card.value}, past 31: {tail}"
        assert table.value.message == why
        assert table.message.kind == "warning"
        assert table.value.slips == (why,)
        assert table.game.to_json() == saved  # no half-played card
        unchanged(before, table.value)
        assert not table.playable.button(card).disabled  # still there, still clickable


@pytest.mark.parametrize("make", [PeggingPractice, GameTable])
def test_the_guided_table_refuses_a_misfit_the_same_way(make: type[Table]) -> None:
    """Without say_go a card that does not fit is disabled; pressed all the same (a
    script can), it is refused with the same reason, and Go is hidden while a card fits."""
    table = find_turn(make, "misfit")
    before, saved = table.value, table.game.to_json()
    card = next(c for c in before.hand if before.count + c.value > 31)
    assert table.playable.button(card).disabled
    assert table.go_button.layout.display == "none"
    table.playable.button(card).click()
    assert table.value.message == (f"the {card.symbol} would make {before.count + card.value}"
                                   f", past 31: lay a card that keeps the count at 31 or under")
    assert table.game.to_json() == saved and len(table.value.slips) == 1
    unchanged(before, table.value)


@pytest.mark.parametrize("make", [PeggingPractice, GameTable])
def test_go_while_a_card_fits_is_refused_naming_the_card(make: type[Table]) -> None:
    table = find_turn(make, "fits", say_go=True)
    before, saved = table.value, table.game.to_json()
    count, fits = before.count, fitting(table)
    table.go_button.click()
    message = table.value.message
    assert message.endswith(": you must lay a card when one fits")
    assert all(card.symbol in message for card in fits)
    top = max(card.value for card in fits)
    assert f"{count} + {top} = {count + top}" in message
    assert table.value.slips == (message,)
    assert table.game.to_json() == saved
    unchanged(before, table.value)


def test_one_card_that_fits_is_named_with_its_sum() -> None:
    """Worked by hand: at 27, the 4 fits (27 + 4 = 31); a 5 or more would not."""
    for seed in range(200):
        practice = PeggingPractice(seed=seed, opponent="random", say_go=True, coach="off")
        while my_choice(practice):
            fits = fitting(practice)
            if len(fits) == 1 and practice.value.count:
                count, card = practice.value.count, fits[0]
                practice.go_button.click()
                assert practice.value.message == (
                    f"your {card.symbol} fits ({count} + {card.value} = "
                    f"{count + card.value}): you must lay a card when one fits")
                return
            lay_right(practice)
    raise AssertionError("no turn with exactly one card that fits")


@settings(max_examples=12)
@given(seed=st.integers(0, 2**31 - 1), choices=st.lists(st.integers(0, 4), min_size=8,
                                                        max_size=8))
def test_a_refused_action_changes_nothing(seed: int, choices: list[int]) -> None:
    """Any card or go the learner tries: refused exactly when the rules forbid it (a card
    past 31; go while a card fits), and a refusal changes nothing but the message and
    the slips."""
    practice = PeggingPractice(seed=seed, opponent="random", say_go=True, coach="off")
    slips = 0
    for choice in choices:
        if not my_choice(practice):
            break
        before, saved = practice.value, practice.game.to_json()
        hand, fits = before.hand, fitting(practice)
        if choice >= len(hand):
            practice.go_button.click()
            allowed = not fits
        else:
            practice.playable.button(hand[choice]).click()
            allowed = before.count + hand[choice].value <= 31
        if allowed:
            assert practice.game.to_json() != saved
            assert practice.value.slips == before.slips
        else:
            slips += 1
            assert practice.game.to_json() == saved
            unchanged(before, practice.value)
            assert practice.value.slips[:-1] == before.slips
            assert practice.value.slips[-1] == practice.value.message
    assert len(practice.value.slips) == slips


def test_the_summary_says_how_many_slips_and_a_new_hand_counts_again() -> None:
    practice = PeggingPractice(seed=3, opponent="random", say_go=True)
    assert my_choice(practice)
    practice.go_button.click()  # on the first turn a card always fits: four cards, count < 22
    practice.go_button.click()
    assert len(practice.value.slips) == 2
    while practice.game.phase is Phase.PLAY:
        before = len(practice.game.events)
        lay_right(practice)
        check_announcement(practice, before)
    assert "You made 2 slips, refused: a card past 31, or go while a card fit." \
        in practice.summary.value
    practice.next_button.click()
    assert practice.value.slips == ()
    while practice.game.phase is Phase.PLAY:
        lay_right(practice)
    assert "You said go yourself with no slips" in practice.summary.value


def test_keyboard_focus_goes_to_a_card_not_to_the_answer() -> None:
    """With say_go the focus after an action is the first card of the hand (Tab reaches
    the others and Go): moving it to Go, or to a card that fits, would answer for the
    learner. A refusal leaves the focus where it was."""
    saw_go_due = False
    for seed in range(6):
        practice = PeggingPractice(seed=seed, opponent="random", say_go=True)
        while practice.game.phase is Phase.PLAY:
            lay_right(practice)
            if not my_choice(practice):
                continue
            focused = practice.focused
            assert focused is practice.playable.button(practice.playable.cards[0])
            assert not focused.disabled and focused.layout.display != "none"
            if not fitting(practice):
                saw_go_due = True
                focused.click()  # Enter on the focused card: refused, focus stays
                assert practice.focused is focused and "say go" in practice.value.message
    assert saw_go_due


def test_the_game_table_counts_slips_by_deal_and_by_game() -> None:
    table = GameTable(seed=4, opponent="greedy", target=61, say_go=True, claim_play=True)
    slipped_in: dict[int, int] = {}
    told: set[int] = set()
    for _ in range(800):
        game = table.game
        if game.is_over:
            break
        if my_choice(table) and game.deal_number % 2 == 1 and game.count and \
                slipped_in.get(game.deal_number, 0) < 2:
            if fitting(table):
                table.go_button.click()
            else:
                table.playable.button(table.value.hand[0]).click()
            slipped_in[game.deal_number] = slipped_in.get(game.deal_number, 0) + 1
            continue
        if game.peg_due == YOU:  # pegging: no card to lay, no go to say
            assert table.go_button.layout.display == "none"
            assert all(table.playable.button(c).disabled for c in game.hand(YOU))
        if table.paused and game.deal_number not in told:  # the deal just counted
            n = slipped_in.get(game.deal_number, 0)
            words = "no slips" if not n else f"{n} slip{'s' * (n > 1)}"
            assert f"In this deal's play you made {words}." in table.value.message
            told.add(game.deal_number)
        lay_right(table)
    assert table.game.is_over and sum(slipped_in.values()) >= 2 and len(told) >= 2
    total = sum(slipped_in.values())
    assert len(table.value.slips) == total
    assert f"In the play you made {total} slips this game." in table.value.message
    table.new_button.click()
    assert table.value.slips == ()


@pytest.mark.parametrize("make", [PeggingPractice, GameTable])
def test_say_go_is_true_or_false(make: type[Table]) -> None:
    for bad in ("yes", 1, None):
        with pytest.raises(IllegalActionError, match=f"say_go is True or False, not {bad!r}"):
            make(seed=1, say_go=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("wanted", ["misfit", "stuck", "fits"])
def test_the_table_and_the_terminal_refuse_a_slip_in_the_same_words(wanted: str) -> None:
    # one sentence for the rule of the go, the engine's (Game.go_slip): the same position
    # at the table (a click) and in the terminal game (typed) is refused in the same words.
    # With no card that fits the terminal says go for you unless you peg by hand.
    table = find_turn(GameTable, wanted, say_go=True, claim_play=wanted == "stuck")
    game = Game.from_json(table.game.to_json())
    count = table.value.count
    if wanted == "fits":
        typed = "go"
        table.go_button.click()
    else:
        card = next(c for c in table.value.hand if count + c.value > 31)
        typed = str(card)
        table.playable.button(card).click()
    said = table.value.message
    assert said and table.value.slips == (said,)
    out = io.StringIO()
    TerminalGame(game, "random", stdin=io.StringIO(f"{typed}\n"), stdout=out,
                 coach="off").run()
    assert f"  {said}; try again\n" in out.getvalue()
    if wanted == "fits":
        assert said.endswith("you must lay a card when one fits")
    else:
        assert f"would make {count + card.value}, past 31" in said
