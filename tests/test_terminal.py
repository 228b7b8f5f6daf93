"""The terminal game, driven through its input stream: whole games, bad input re-asked
with the reason, hints, undo, save on request and on quit, resume, and no file
written unless asked."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from cribbage_edu.cli import main
from cribbage_edu.cli.play import HUMAN, TerminalGame
from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.rules.events import ActionKind
from cribbage_edu.rules.game import Game, Phase, stack_deck
from cribbage_edu.rules.scoring import score_hand
from cribbage_edu.strategy.coach import Grade, judge_view, review, verdict_line
from cribbage_edu.strategy.hint import hint


class Keyboard(io.StringIO):
    """Plays the human's part: first the scripted lines, then, if ``autoplay``, a legal
    answer worked out from the game (the first cards for a discard, the first card
    that fits, the true count), until ``stop_after`` answers."""

    def __init__(self, lines: list[str], autoplay: bool = True, stop_after: int = 10_000):
        super().__init__()
        self.lines = list(lines)
        self.autoplay = autoplay
        self.stop_after = stop_after
        self.answers = 0
        self.game: Game | None = None

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.answers += 1
        if self.lines:
            return self.lines.pop(0) + "\n"
        game = self.game
        if not self.autoplay or game is None or self.answers > self.stop_after:
            return ""
        if game.phase is Phase.DISCARD:
            return " ".join(str(c) for c in game.hand(HUMAN)[:2]) + "\n"
        if game.phase is Phase.PLAY and game.peg_due == HUMAN:
            return f"{game.points_to_peg}\n"  # the play pegged by hand: the truth
        if game.phase is Phase.PLAY:
            fits = game.legal_cards(HUMAN)
            return f"{fits[0]}\n" if fits else "go\n"
        show = game.next_show()
        assert show is not None and game.starter is not None
        _, what, cards = show
        return f"{score_hand(cards, game.starter, crib=what == 'crib').total}\n"


def play(game: Game, lines: list[str], *, opponent: str = "expert", autoplay: bool = True,
         save_path: Path | None = None, stop_after: int = 10_000) -> tuple[int, str]:
    keys = Keyboard(lines, autoplay, stop_after)
    keys.game = game
    out = io.StringIO()
    status = TerminalGame(game, opponent, stdin=keys, stdout=out, save_path=save_path).run()
    return status, out.getvalue()


@pytest.fixture(autouse=True)
def in_empty_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_a_whole_game_through_the_input(tmp_path: Path) -> None:
    game = Game(seed=8, target=61, names=("Ann", "Greedy"))
    status, out = play(game, [], opponent="greedy")
    assert status == 0 and game.is_over
    assert "Lay away two cards" in out and "Lay a card" in out
    assert ("You win" in out) or ("Greedy wins" in out)
    assert "counts their hand" in out  # every score is explained
    assert os.listdir(tmp_path) == []  # nothing written


def test_manual_count_through_the_input() -> None:
    game = Game(seed=9, target=61, manual_count=(True, False))
    status, out = play(game, [])
    assert status == 0 and game.is_over
    assert "How many points?" in out and "Right:" in out


def stacked_game() -> Game:
    # Ann (player 0) deals first; the computer is pone. Ann holds 5H 5C 6D JS 2C 9H.
    deck = stack_deck("4S 4D 7C 8S KH QD", "5H 5C 6D JS 2C 9H", "6C")
    return Game(seed=1, first_dealer=0, decks=[deck], names=("Ann", "Expert"))


def test_bad_discards_are_asked_again_with_the_reason() -> None:
    game = stacked_game()
    _, out = play(game, ["5X 9H", "2C 9H 5H", "9", "KH QD", "2C 2C", "2C 9H"],
                  autoplay=False)
    assert "cannot read '5X' as a card" in out
    assert "must lay away two cards, not 3" in out
    assert "there is no card 9" in out
    assert "cannot lay away KH: not in hand" in out
    assert "throw '2C 2C' holds 2C twice" in out
    assert out.count("try again") == 5
    assert [str(c) for c in game.view(0).discards] == ["2C", "9H"]


def test_bad_plays_are_asked_again_with_the_reason() -> None:
    game = stacked_game()
    # by places: 5 and 6 are 2C and 9H (the hand is sorted: 2C 5C 5H 6D 9H JS)
    _, out = play(game, ["1 5", "QD", "5H 5C", "nonsense"], autoplay=False)
    assert "cannot lay QD: not in hand" in out or "cannot lay QD" in out
    assert "lay one card at a time, not 2" in out
    assert "cannot read 'nonsense'" in out


def test_help_hint_board_and_undo() -> None:
    game = stacked_game()
    _, out = play(game, ["help", "hint", "board", "2C 9H", "undo", "hint"],
                  autoplay=False)
    assert "commands, at any prompt" in out
    assert "the judge's hint: throw" in out and "next best: throw" in out and "keep" in out
    assert "Ann" in out and "| 121" in out
    assert "taken back: discard 2♣ 9♥" in out
    assert game.phase is Phase.DISCARD and len(game.hand(0)) == 6


def test_save_on_request_and_resume(tmp_path: Path) -> None:
    game = stacked_game()
    _, out = play(game, ["2C 9H", "save first.json"], autoplay=False)
    assert "saved to first.json" in out
    loaded = Game.load(tmp_path / "first.json")
    assert loaded.actions == game.actions[: len(loaded.actions)]
    # resume through the command line, then quit: it saves back to the same file
    stdin = Keyboard(["board", "quit"], autoplay=False)
    out_stream = io.StringIO()
    status = main(["play", "--resume", "first.json"], stdin=stdin, stdout=out_stream,
                  stderr=io.StringIO())
    text = out_stream.getvalue()
    assert status == 0
    assert "Resuming: deal 1" in text and "saved to first.json" in text


def test_quit_asks_for_a_file_and_writes_only_if_given(tmp_path: Path) -> None:
    game = Game(seed=3)
    _, out = play(game, ["quit", ""], autoplay=False)
    assert "Game not saved." in out
    assert os.listdir(tmp_path) == []
    game = Game(seed=3)
    _, out = play(game, ["quit", "yes", "later.json"], autoplay=False)
    assert "saved to later.json" in out
    assert Game.load(tmp_path / "later.json").seed == 3


@pytest.mark.parametrize(("answers", "saved"), [
    (["yes", "mine.json"], "mine.json"),
    (["Y", "mine.json"], "mine.json"),
    (["no"], None),
    (["n"], None),
    ([""], None),
    (["yes"], None),  # and then the input ends: no file called 'yes'
    (["yes", ""], None),
    (["maybe", "later.json", "no"], None),
    (["yes", "/no-such-folder/x.json", "mine.json"], "mine.json"),
])
def test_the_quit_prompt_asks_yes_or_no_then_the_file(
        tmp_path: Path, answers: list[str], saved: str | None) -> None:
    # issue 13 item 9: "yes" to "Save the game? File name:" made a file called 'yes'
    game = Game(seed=3)
    status, out = play(game, ["quit", *answers], autoplay=False)
    assert status == 0
    assert "Save the game before quitting? (yes or no)" in out
    assert os.listdir(tmp_path) == ([saved] if saved else [])
    if saved:
        assert Game.load(tmp_path / saved).actions == game.actions
        assert "File name to save to:" in out
    else:
        assert "Game not saved." in out
    if "maybe" in answers:
        assert "answer yes or no" in out


def test_end_of_input_quits_without_writing(tmp_path: Path) -> None:
    game = Game(seed=3)
    status, out = play(game, [], autoplay=False)
    assert status == 0 and "Game not saved." in out
    assert os.listdir(tmp_path) == []


def test_save_without_a_file_name_asks_for_one(tmp_path: Path) -> None:
    game = Game(seed=3)
    _, out = play(game, ["save", "save /nonexistent-folder/x.json"], autoplay=False)
    assert "save where?" in out
    assert "could not save" in out
    assert os.listdir(tmp_path) == []


def test_play_command_with_seed_is_reproducible() -> None:
    outs = []
    for _ in range(2):
        stdout = io.StringIO()
        keys = Keyboard(["1 2", "quit", ""], autoplay=False)
        main(["play", "--seed", "12", "--opponent", "greedy", "--target", "61"],
             stdin=keys, stdout=stdout, stderr=io.StringIO())
        outs.append(stdout.getvalue())
    assert outs[0] == outs[1]
    assert "Cribbage to 61" in outs[0] and "seed 12" in outs[0]


def test_play_command_bad_resume_file(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{}")
    err = io.StringIO()
    status = main(["play", "--resume", "bad.json"], stdin=io.StringIO(),
                  stdout=io.StringIO(), stderr=err)
    assert status == 2 and "not a saved cribbage-edu game" in err.getvalue()


# --- found in the audit: what a learner reads ---------------------------------------------

def test_your_own_discards_are_named_and_scores_say_whose() -> None:
    game = stacked_game()
    _, out = play(game, ["2C 9H"], stop_after=12)
    assert "You lay away 2♣ 9♥ for your crib" in out
    assert "Expert lays away two cards for Ann's crib" in out  # not which ones
    assert "[you " in out and ", Expert " in out  # every score says whose it is


def test_every_item_of_a_shown_hand_is_listed_with_its_cards() -> None:
    # Ann keeps 5H 5C 6D JS; with the starter 6C, worked by hand: fifteens 5C+JS and
    # 5H+JS (4), pairs 5C-5H and 6C-6D (4) = 8, and no run (no 4 or 7)
    game = stacked_game()
    _, out = play(game, ["2C 9H"])
    assert "fifteen (5♣ J♠) for 2" in out and "fifteen (5♥ J♠) for 2" in out
    assert "a pair (5♣ 5♥) for 2" in out and "a pair (6♣ 6♦) for 2" in out
    assert "pegs " in out


def test_go_while_a_card_fits_is_explained_and_empty_answers_are_told_what_to_type() -> None:
    game = stacked_game()
    _, out = play(game, ["", "2C 9H", "go", ""], autoplay=False)
    assert "type two cards, like 5H JS" in out
    # the table's words (Game.go_slip): every card of Ann's fits the computer's lead
    assert re.search(r"your 5♣, 5♥, 6♦ and J♠ fit \(\d+ \+ 10 = \d+ at most\): you must lay a "
                     r"card when one fits; try again", out), out
    assert "type a card, like 5H" in out
    assert game.phase is Phase.PLAY and game.view(0).events[-1].kind != "go"


def test_hint_in_the_play_says_why_in_points() -> None:
    """Ann deals and keeps 5♣ 5♥ 6♦ J♠; the expert leads 4♦. The terminal's hint is the
    judge's: its sentence, then every card's net to the end of the play, each line of
    the hint on a line of its own."""
    game = stacked_game()
    _, out = play(game, ["2C 9H", "hint"], autoplay=False)
    advice = hint(game.view(HUMAN))
    assert advice.action is not None and advice.action.kind is ActionKind.PLAY
    assert f"  the judge's hint: {advice.explanation}\n" in out
    for line in advice.details:
        assert f"\n    {line}\n" in out
    assert "the end of the play, yours less Expert's" in out
    verdict = judge_view(game.view(HUMAN), advice.action.cards)
    assert verdict.grade is Grade.GOOD and verdict.best == advice.action.cards[0]


def test_board_has_a_key_and_the_skunk_line() -> None:
    _, out = play(stacked_game(), ["board"], autoplay=False)
    assert "# front peg (the score), o rear peg (the score before)" in out
    assert "the skunk line (91)" in out


def count_by_hand(claims: list[str], *, muggins: bool = False) -> str:
    """Ann deals, keeps 5H 5C 6D JS (with the starter 6C: 8 points, worked by hand in
    test_every_item_of_a_shown_hand_is_listed_with_its_cards) and counts her hand by
    hand, answering ``claims`` in turn; what the terminal printed in the first deal."""
    deck = stack_deck("4S 4D 7C 8S KH QD", "5H 5C 6D JS 2C 9H", "6C")
    game = Game(seed=1, first_dealer=0, decks=[deck], names=("Ann", "Expert"),
                manual_count=(True, False), muggins=muggins)
    answers = list(claims)

    class Counter(Keyboard):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            if game.phase is Phase.COUNT and answers and game.to_act == (0,):
                return answers.pop(0) + "\n"
            return super().readline(size) if game.deal_number == 1 else ""

    keys = Counter(["2C 9H"])
    keys.game = game
    out = io.StringIO()
    TerminalGame(game, "expert", stdin=keys, stdout=out).run()
    return out.getvalue()


def test_counting_by_hand_says_over_or_under_once_with_the_right_count() -> None:
    # Ann deals and keeps 5H 5C 6D JS; with the starter 6C her hand scores 8 (worked by
    # hand above). At her count she claims 40, then 6: under by 2, and with muggins
    # Expert takes the 2 she missed.
    out = count_by_hand(["40", "6"], muggins=True)
    assert "Count your hand: 5♣ 5♥ 6♦ J♠ with the starter 6♣" in out
    assert ("Ann cannot claim 40: a hand or crib scores a whole number from 0 to 29; try "
            "again") in out
    assert "Under by 2: your hand scores 8, not 6" in out
    assert "muggins! Expert takes the 2 Ann missed" in out
    assert "Ann claims" not in out  # the verdict is said once


def test_without_muggins_a_wrong_first_count_is_looked_at_again() -> None:
    # Ann's hand is 8 (above). She claims 6: not taken, she is told what it reveals and
    # counts again; she says 6 again: the second claim scores the 6, the 2 are lost.
    out = count_by_hand(["6", "6"])
    assert out.count("How many points?") == 3  # twice for the hand, once for the crib
    # the first look says the kind missed and how many, not the cards (issue 19: naming
    # them would give the count away); the second claim's answer names them
    assert ("You said 6: that is under. You missed one of the two fifteens: look again for "
            "every set of cards that adds to 15. Count your hand again and claim once more: "
            "your second claim is the one that scores") in out
    assert "5♣+J♠" not in out.split("Count your hand again")[0]
    assert "Under by 2: your hand scores 8, not 6" in out
    assert "it scores the 6 claimed: the 2 missed are lost" in out
    assert "Ann scores 6 for Ann's hand" in out


def test_items_use_the_words_the_lessons_teach() -> None:
    from cribbage_edu import score_play
    from cribbage_edu.cli.play import item_words

    # 5-5-5: fifteen for 2 and three of a rank in a row, a pair royal for 6
    fifteen, royal = score_play("5S 5H 5C").items
    assert item_words(royal, pegging=True) == "a pair royal (5♠ 5♥ 5♣) for 6"
    assert item_words(fifteen, pegging=True) == "fifteen for 2"


# --- issue 13 item 1: any text is answered and asked again; Ctrl-C and the end of the input
# --- keep the game

HUGE = "9" * 4301  # int() refuses more than 4,300 digits
ODD_ANSWERS = ["²", "³", "1²", HUGE, "-" + HUGE, "٣", "１", "1_0", "0", "7", "-1", "+2",
               "\x00", "\ufffd", "5H\x00", "5" * 5000, "¹ ²", "1 2 3 4 5 6 7", "١ ٢"]


@pytest.mark.parametrize("answer", ODD_ANSWERS)
def test_any_answer_to_the_discard_is_answered_and_asked_again(answer: str) -> None:
    game = stacked_game()
    status, out = play(game, [answer, "2C 9H"], autoplay=False)
    assert status == 0
    assert out.count("Lay away two cards") == 2 and "try again" in out
    assert [str(c) for c in game.view(0).discards] == ["2C", "9H"]
    assert "Traceback" not in out and HUGE not in out  # a long answer is shortened


@pytest.mark.parametrize("answer", ODD_ANSWERS)
def test_any_answer_to_the_play_is_answered_and_asked_again(answer: str) -> None:
    game = stacked_game()
    _, out = play(game, ["2C 9H", answer], autoplay=False)
    assert out.count("Lay a card") == 2 and "try again" in out
    assert game.phase is Phase.PLAY and len(game.hand(0)) == 4  # nothing laid
    assert HUGE not in out


@pytest.mark.parametrize("answer", [*(a for a in ODD_ANSWERS if a not in ("0", "7")),
                                    "30", "29.0", "eight", "8 points"])
def test_any_answer_to_a_count_is_answered_and_asked_again(answer: str) -> None:
    # Ann deals and keeps 5H 5C 6D JS; with the starter 6C her hand scores 8 (worked by
    # hand in test_every_item_of_a_shown_hand_is_listed_with_its_cards)
    out = count_by_hand([answer])
    assert out.count("How many points?") >= 2 and "try again" in out
    assert "Right: your hand scores 8" in out or "your hand scores 8" in out
    assert HUGE not in out


class Interrupting(Keyboard):
    """Presses Ctrl-C at the ``at``-th answer."""

    def __init__(self, lines: list[str], at: int) -> None:
        super().__init__(lines)
        self.at = at

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.answers + 1 >= self.at:
            raise KeyboardInterrupt
        return super().readline(size)


@pytest.mark.parametrize("at", [1, 2, 5, 14])
def test_ctrl_c_saves_to_the_save_file_and_stops_quietly(tmp_path: Path, at: int) -> None:
    game = stacked_game()
    keys = Interrupting(["2C 9H"], at)
    keys.game = game
    out = io.StringIO()
    status = TerminalGame(game, "expert", stdin=keys, stdout=out,
                          save_path=tmp_path / "kept.json").run()
    assert status == 130
    assert Game.load(tmp_path / "kept.json").actions == game.actions
    assert "saved to" in out.getvalue() and "Traceback" not in out.getvalue()


def test_ctrl_c_without_a_save_file_says_the_game_is_not_saved(tmp_path: Path) -> None:
    game = stacked_game()
    keys = Interrupting([], 1)
    out = io.StringIO()
    status = TerminalGame(game, "expert", stdin=keys, stdout=out).run()
    assert status == 130 and "Game not saved" in out.getvalue()
    assert os.listdir(tmp_path) == []


def test_ctrl_c_at_the_quit_prompt_stops_without_saving(tmp_path: Path) -> None:
    game = stacked_game()
    keys = Interrupting(["quit"], 2)
    status, out = 0, io.StringIO()
    status = TerminalGame(game, "expert", stdin=keys, stdout=out).run()
    assert status == 130 and "Game not saved" in out.getvalue()
    assert os.listdir(tmp_path) == []


def test_end_of_input_saves_to_the_save_file(tmp_path: Path) -> None:
    game = stacked_game()
    status, out = play(game, ["2C 9H"], autoplay=False, save_path=tmp_path / "kept.json")
    assert status == 0 and "saved to" in out
    assert Game.load(tmp_path / "kept.json").actions == game.actions


def test_lines_that_are_not_utf8_are_answered_and_asked_again(tmp_path: Path) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n5H\xe9\n1 2\nquit\nno\n"),
                             encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = main(["play", "--seed", "4"], stdin=stdin, stdout=out, stderr=err)
    text = out.getvalue()
    assert status == 0 and err.getvalue() == ""
    assert text.count("not UTF-8 text") == 2
    assert "You lay away" in text and "Game not saved." in text
def test_your_chance_to_win_at_each_deal_and_switched_off() -> None:
    """At the start of each deal the learner is told their chance to win from the table
    (here from 110-115 with the computer dealing: the table's own figure); a test or a
    player who does not want it turns it off."""
    from cribbage_edu.tables.chance import win_probability

    game = Game(seed=3, first_dealer=1, scores=(110, 115), target=121)
    _, out = play(game, [])
    first = win_probability(110, 115, dealer=False)
    assert f"Your chance to win: {first:.0%} (you are pone; 110 to 115;" in out
    quiet = Game(seed=3, first_dealer=1, scores=(110, 115), target=121)
    keys = Keyboard([])
    keys.game = quiet
    text = io.StringIO()
    TerminalGame(quiet, "expert", stdin=keys, stdout=text, show_chance=False,
                 coach="off").run()  # (the coach speaks of the chance near home)
    assert "chance to win" not in text.getvalue()
    assert quiet.events == game.events  # the same game either way


# --- the coach, the review and the play pegged by hand ---------------------------------------

def test_the_coach_speaks_after_each_decision_and_why_and_review_answer() -> None:
    """With --coach every, each throw and card that had a choice gets the engine's own
    verdict line right after it; why prints its numbers, review the decisions so far;
    the review is printed at the end."""
    game = Game(seed=5, target=61, first_dealer=0)
    keys = Keyboard(["why", "review"])
    keys.game = game
    out = io.StringIO()
    TerminalGame(game, "greedy", stdin=keys, stdout=out, coach="every").run()
    text = out.getvalue()
    assert "the coach has said nothing yet" in text and "nothing to review yet" in text
    twin = game.replay(0)
    lines = re.findall(r"coach: .*? \(why: the numbers\)", text)  # (after a prompt, too)
    spoken = []
    for action in game.actions:
        if action.player == HUMAN and action.kind in ("discard", "play"):
            view = twin.view(HUMAN)
            if action.kind == "discard" or len({c.rank for c in twin.legal_cards(HUMAN)}) > 1:
                spoken.append(f"coach: {verdict_line(judge_view(view, action.cards))} "
                              f"(why: the numbers)")
        twin.apply(action)
    assert lines == spoken and len(spoken) >= 10
    end = text.rsplit("The coach's review:", 1)[1]
    assert end.strip().startswith(f"review of {game.names[HUMAN]}:")
    assert str(review(game, HUMAN)).splitlines()[0] in end


def test_why_and_review_at_a_prompt() -> None:
    game = Game(seed=5, target=61, first_dealer=0)
    keys = Keyboard(["1 2", "why", "review", "quit", ""], autoplay=False)
    keys.game = game
    out = io.StringIO()
    TerminalGame(game, "greedy", stdin=keys, stdout=out, coach="every").run()
    text = out.getvalue()
    assert "every throw, best first" in text and "<- yours" in text
    assert f"review of {game.names[HUMAN]}: 1 decisions" in text


def test_coach_off_says_nothing_and_a_bad_mode_is_refused() -> None:
    quiet = Game(seed=5, target=61, first_dealer=0)
    keys = Keyboard([])
    keys.game = quiet
    text = io.StringIO()
    TerminalGame(quiet, "expert", stdin=keys, stdout=text, coach="off").run()
    assert "coach:" not in text.getvalue() and "The coach's review" not in text.getvalue()
    for bad in ("no", "Off", None):
        with pytest.raises(IllegalActionError, match="coach is 'off', 'mistakes' or 'every'"):
            TerminalGame(Game(seed=1), "expert", stdin=io.StringIO(), stdout=io.StringIO(),
                         coach=bad)  # type: ignore[arg-type]
    err = io.StringIO()
    status = main(["play", "--coach", "no"], stdin=io.StringIO(), stdout=io.StringIO(),
                  stderr=err)
    assert status == 2 and "--coach" in err.getvalue() and "'no'" in err.getvalue()


class SaysNothing(Keyboard):
    """Pegs 0 for every card (and the go), whatever it made; plays on as Keyboard."""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        game = self.game
        if game is not None and game.phase is Phase.PLAY and game.peg_due == HUMAN \
                and not self.lines:
            self.answers += 1
            return "0\n"
        return super().readline(size)


def test_the_play_pegged_by_hand_in_the_terminal() -> None:
    """--claim-play: after each card the player says its points (and says go); said
    right, the game scores as the engine would; said as nothing under muggins, every
    play point of the player's goes to the computer."""
    plain = Game(seed=8, target=61, first_dealer=0)
    play(plain, [])
    right = Game(seed=8, target=61, first_dealer=0, claim_play=(True, False))
    _, text = play(right, [])
    assert text.count("Points to peg?") >= 8 and "under by" not in text
    assert right.scores == plain.scores  # the truth said: the same game
    mugged = Game(seed=8, target=61, first_dealer=0, claim_play=(True, False), muggins=True)
    keys = SaysNothing([])
    keys.game = mugged
    out = io.StringIO()
    TerminalGame(mugged, "expert", stdin=keys, stdout=out, coach="off").run()
    said = out.getvalue()
    assert "muggins: the opponent takes" in said
    mine = [e for e in mugged.events if e.kind == "peg" and e.player == HUMAN]
    assert all(e.points == 0 for e in mine)  # the human pegged nothing by hand
    assert any(e.kind == "muggins" and e.player == 1 - HUMAN for e in mugged.events)


class Recorder(Keyboard):
    """A keyboard that autoplays and keeps every answer it gave, in order."""

    def __init__(self, lines: list[str], stop_after: int = 10_000) -> None:
        super().__init__(lines, autoplay=True, stop_after=stop_after)
        self.given: list[str] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline(size)
        if line:
            self.given.append(line.rstrip("\n"))
        return line


@pytest.mark.parametrize("opponent", ["random", "greedy"])
@pytest.mark.parametrize("stop", [3, 11])
def test_a_resumed_game_plays_on_as_the_game_played_straight_through(
        tmp_path: Path, opponent: str, stop: int) -> None:
    # the README: the computer's choices depend only on the game, so a game saved and
    # resumed (a new game object, a new session, the command line's --resume) is the
    # game played straight through with the same answers. Seeded once per session, the
    # random and greedy players broke their ties differently after a resume.
    def fresh() -> Game:
        return Game(seed=21, target=61, names=("Ann", opponent.capitalize()))

    straight = fresh()
    keys = Recorder([])
    keys.game = straight
    TerminalGame(straight, opponent, stdin=keys, stdout=io.StringIO(), coach="off").run()
    assert straight.is_over
    answers = keys.given
    assert len(answers) > stop + 5

    first = fresh()
    keys = Recorder([], stop_after=stop)
    keys.game = first
    TerminalGame(first, opponent, stdin=keys, stdout=io.StringIO(), coach="off",
                 save_path=tmp_path / "half.json").run()
    assert keys.given == answers[:stop] and not first.is_over
    # the rest of the same answers but the last, in a new session through the command
    # line; the input then ends, and the game is kept in the file it was resumed from
    out = io.StringIO()
    status = main(["play", "--resume", "half.json", "--coach", "off"],
                  stdin=io.StringIO("".join(f"{a}\n" for a in answers[stop:-1])),
                  stdout=out, stderr=io.StringIO())
    assert status == 0 and "Resuming" in out.getvalue()
    assert "try again" not in out.getvalue()  # every answer fitted the game
    resumed = Game.load(tmp_path / "half.json")

    def decisions(game: Game) -> int:
        return sum(a.player == HUMAN and a.kind in (ActionKind.DISCARD, ActionKind.PLAY)
                   for a in game.actions)

    assert decisions(resumed) == decisions(straight) - 1
    assert resumed.actions == straight.actions[:len(resumed.actions)]
    assert resumed.events == straight.events[:len(resumed.events)]
