"""The record written as the learner plays: the terminal game and the widget table add
each decision the coach judges (throws, cards, counts) to the course's record, on by
default in a course folder, off with one option; a refused record is said in one line
and the game goes on."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import pytest

from cribbage_edu.cli import main
from cribbage_edu.cli.play import TerminalGame
from cribbage_edu.rules.events import ActionKind
from cribbage_edu.rules.game import Game
from cribbage_edu.strategy.coach import DecisionKind
from cribbage_edu.study.record import COURSE_MARK, ENVIRONMENT, RECORD_NAME, Record
from cribbage_edu.widgets import GameTable
from cribbage_edu.widgets.coaching import TableCoach
from tests.tables import click_a_deal


class Learner(io.StringIO):
    """The keyboard of a learner who throws their first two cards, lays their first card
    that fits and claims ``claim`` points for every count, for ``deals`` deals, then
    quits."""

    def __init__(self, out: io.StringIO, deals: int = 1, claim: int = 0) -> None:
        super().__init__()
        self.out, self.deals, self.claim = out, deals, claim
        self.throws = 0

    def readline(self, size: int | None = -1) -> str:
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        if prompt.startswith("Lay away"):
            self.throws += 1
            return "1 2\n" if self.throws <= self.deals else "quit\n"
        if prompt.startswith("Lay a card"):
            return "1\n"
        if prompt.startswith("How many points"):
            return f"{self.claim}\n"
        return "\n"  # save before quitting? no


def play_terminal(tmp_path: Path, *options: str, deals: int = 1) -> tuple[str, Path]:
    out = io.StringIO()
    path = tmp_path / RECORD_NAME
    code = main(["play", "--seed", "11", "--coach", "every", "--record", str(path),
                 *options], stdin=Learner(out, deals), stdout=out)
    assert code == 0
    return out.getvalue(), path


def test_the_terminal_game_records_each_judged_decision(tmp_path: Path) -> None:
    said, path = play_terminal(tmp_path, "--count-yourself", deals=2)
    assert f"Your decisions are recorded in {path}" in said
    with Record.open(path) as record:
        entries = record.entries()
    kinds = [e.kind for e in entries]
    assert kinds.count(DecisionKind.THROW) == 2  # one throw a deal
    assert DecisionKind.CARD in kinds and DecisionKind.COUNT in kinds
    assert {e.seed for e in entries} == {11} and {e.origin for e in entries} == {"terminal"}
    assert len({e.game for e in entries}) == 1  # one game
    judged = [e for e in entries if e.kind is not DecisionKind.COUNT]
    assert said.count("  coach: ") == len(judged)  # the coach said each verdict recorded
    first = entries[0]
    assert len(first.position["six"]) == 6 and first.deal == 1
    assert set(first.chosen.split()) <= set(first.position["six"])
    for count in (e for e in entries if e.kind is DecisionKind.COUNT):
        assert count.chosen == "0" and count.verdict in ("right", "under")
        assert count.right_first_time is (count.best == "0")


def test_no_record_records_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    named = tmp_path / "named.sqlite"
    monkeypatch.setenv(ENVIRONMENT, str(named))
    out = io.StringIO()
    assert main(["play", "--seed", "3", "--no-record"], stdin=Learner(out), stdout=out) == 0
    assert not named.exists() and "recorded" not in out.getvalue()
    out = io.StringIO()
    assert main(["play", "--seed", "3"], stdin=Learner(out), stdout=out) == 0  # the default
    with Record.open(named) as record:
        assert [e.kind for e in record.entries()][:1] == [DecisionKind.THROW]


def test_in_a_course_folder_the_record_is_on_by_default(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    (tmp_path / COURSE_MARK).write_text("{}")
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    assert main(["play", "--seed", "3"], stdin=Learner(out), stdout=out) == 0
    with Record.open(tmp_path / RECORD_NAME) as record:
        assert len(record) >= 1
    monkeypatch.chdir(tmp_path.parent)  # outside the course: nothing, and nothing said
    out = io.StringIO()
    assert main(["play", "--seed", "3"], stdin=Learner(out), stdout=out) == 0
    assert "recorded" not in out.getvalue()


def test_a_refused_record_is_said_in_one_line_and_the_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / RECORD_NAME
    path.write_text("my notes\n")
    out = io.StringIO()
    with pytest.warns(RuntimeWarning, match="not a SQLite database"):
        game = TerminalGame(Game(seed=3), "expert", stdin=Learner(out), stdout=out,
                            record=path)
    assert game.run() == 0
    lines = [line for line in out.getvalue().splitlines() if RECORD_NAME in line]
    assert len(lines) == 1 and "nothing is recorded" in lines[0]
    assert "Lay a card" in out.getvalue()  # the game went on
    assert path.read_text() == "my notes\n"


def test_the_coach_off_judges_and_records_nothing(tmp_path: Path) -> None:
    out = io.StringIO()
    path = tmp_path / RECORD_NAME
    main(["play", "--seed", "3", "--coach", "off", "--record", str(path)],
         stdin=Learner(out), stdout=out)
    with Record.open(path) as record:
        assert len(record) == 0


# --- the widget table ------------------------------------------------------------------------

def test_the_table_coach_records_its_verdicts(tmp_path: Path) -> None:
    path = tmp_path / RECORD_NAME
    game = Game(seed=2, first_dealer=0)
    game.advance()
    game.advance()
    coach = TableCoach("every", seat=1, record=path)
    before = coach.position(game)
    game.discard(1, "6H KS")
    coach.judge(before, ["6H", "KS"], len(game.actions) - 1)
    with Record.open(path) as record:
        (entry,) = record.entries()
    verdict = coach.verdicts[len(game.actions) - 1]
    assert (entry.kind, entry.chosen, entry.loss, entry.grade) == (
        DecisionKind.THROW, "6H KS", verdict.loss, verdict.grade)
    assert (entry.seed, entry.origin, entry.action) == (2, "table", len(game.actions) - 1)
    off = TableCoach("every", seat=1, record=False)
    assert off.recorder.record is None


def test_the_game_table_records_throws_cards_and_counts(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / RECORD_NAME
    monkeypatch.setenv(ENVIRONMENT, str(path))
    table = GameTable(seed=7, coach="every")
    click_a_deal(table)  # one deal, clicked as a learner would: throw, lay, count
    table.review_button.click()  # the review charges the counts, and they are recorded
    with Record.open(path) as record:
        entries = record.entries()
    kinds = [e.kind for e in entries]
    choices = sum(1 for a in table.game.actions if a.player == 0
                  and a.kind in (ActionKind.DISCARD, ActionKind.PLAY))
    assert kinds[0] is DecisionKind.THROW and 1 <= kinds.count(DecisionKind.CARD) <= choices
    assert DecisionKind.COUNT in kinds
    assert {e.origin for e in entries} == {"table"} and {e.seed for e in entries} == {7}
    table.review_button.click()  # a second review records no count twice
    with Record.open(path) as record:
        assert len(record) == len(entries)


def test_a_table_outside_a_course_records_nothing(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    monkeypatch.chdir(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = GameTable(seed=7)
    assert table.coach.recorder.record is None and list(tmp_path.iterdir()) == []
