"""The class view (study.classview, classroom.records, charts.classview, ``cribbage-edu
class-view``): each student's points lost a decision by rule and counts right first time,
worked by hand; who improved most, first games against last; the records read from the
files handed in alone, never changed; a damaged or foreign one named in one line and left
out; and a learner's record handed in with ``cribbage-edu progress --hand-in``."""

from __future__ import annotations

import io
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cribbage_edu.classroom.records import read_class
from cribbage_edu.cli import main
from cribbage_edu.strategy.coach import DecisionKind, Grade
from cribbage_edu.study.classview import class_view
from cribbage_edu.study.record import RECORD_NAME, Entry, Record

DAY = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def entry(kind: DecisionKind, loss: float, game: str, minute: int,
          verdict: str | None = None) -> Entry:
    return Entry(kind, {"n": minute}, "x", "y", loss, None, Grade.of_points(loss), verdict,
                 game=game, time=DAY + timedelta(minutes=minute))


def games(losses: list[float]) -> list[Entry]:
    """One game a loss: five throws each losing it."""
    return [entry(DecisionKind.THROW, loss, f"g{g}", g * 10 + n)
            for g, loss in enumerate(losses) for n in range(5)]


def write(path: Path, entries: list[Entry]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with Record.open(path) as record:
        for e in entries:
            record.write(e)
    return path


def test_the_table_by_hand() -> None:
    ada = [entry(DecisionKind.THROW, 2.0, "a", 0), entry(DecisionKind.THROW, 0.0, "a", 1),
           entry(DecisionKind.CARD, 1.0, "a", 2),
           entry(DecisionKind.COUNT, 0.0, "a", 3, "right"),
           entry(DecisionKind.COUNT, 2.0, "a", 4, "under")]
    bob = [entry(DecisionKind.CARD, 3.0, "b", 0)]
    view = class_view({"bob": bob, "ada": ada})
    assert [s.name for s in view.students] == ["ada", "bob"]
    assert view.rules == ("throw", "card", "count")
    ada_row, bob_row = view.students
    assert ada_row.loss_a_decision("throw") == 1.0 and ada_row.loss_a_decision("card") == 1.0
    assert (ada_row.shows, ada_row.right_first) == (2, 1)
    assert bob_row.loss_a_decision("throw") is None and bob_row.loss_a_decision("card") == 3.0
    assert view.class_loss("card") == 2.0  # (1 + 3) / 2 decisions
    assert ada_row.improvement is None  # one game: not measured


def test_who_improved_most_weighs_the_first_games_against_the_last() -> None:
    # accuracy 100 / (1 + L): first three games lose 1 a decision (50), last three 0 (100)
    eve = games([1.0, 1.0, 1.0, 0.5, 0.0, 0.0, 0.0])
    # two games only: the first against the last, 3 a decision (25) then 1 (50)
    dan = games([3.0, 1.0])
    # worse: 0 then 1 a decision
    cat = games([0.0, 1.0])
    view = class_view({"eve": eve, "dan": dan, "cat": cat})
    rows = {s.name: s for s in view.students}
    assert (rows["eve"].first, rows["eve"].last) == (50.0, 100.0)
    assert (rows["dan"].first, rows["dan"].last) == (25.0, 50.0)
    assert rows["cat"].improvement == -50.0
    assert [s.name for s in view.improved_most()] == ["eve", "dan", "cat"]


def hostile(folder: Path) -> dict[str, bytes]:
    """Three hand-ins that are no record: a text file, a truncated record, another
    program's database; their bytes, to check they are left as they were."""
    (folder / "tom" / "lesson08").mkdir(parents=True)
    (folder / "tom" / "lesson08" / RECORD_NAME).write_text("my notes, not a record\n")
    good = write(folder / "tmp" / RECORD_NAME, games([1.0]))
    data = good.read_bytes()
    (folder / "uma" / "lesson08").mkdir(parents=True)
    (folder / "uma" / "lesson08" / RECORD_NAME).write_bytes(data[:1000])
    other = folder / "val" / "lesson08" / RECORD_NAME
    other.parent.mkdir(parents=True)
    plain = sqlite3.connect(other)
    plain.execute("CREATE TABLE notes (x TEXT)")
    plain.commit()
    plain.close()
    for tail in ("", "-wal", "-shm"):
        Path(f"{good}{tail}").unlink(missing_ok=True)
    good.parent.rmdir()
    return {p.parent.parent.name: p.read_bytes() for p in folder.rglob(RECORD_NAME)}


def test_hand_ins_are_read_from_copies_and_the_bad_ones_left_out(tmp_path: Path) -> None:
    submitted = tmp_path / "submitted"
    write(submitted / "ada" / "lesson08" / RECORD_NAME, games([2.0, 0.0]))
    write(submitted / "ada" / "lesson09" / RECORD_NAME, games([2.0, 0.0, 0.0]))
    write(submitted / "bob" / "lesson08" / RECORD_NAME, games([1.0]))
    hostile(submitted)
    files = {p: p.read_bytes() for p in submitted.rglob("*") if p.is_file()}
    view = read_class([submitted])
    assert [s.name for s in view.students] == ["ada", "bob"]
    assert view.students[0].decisions == 15  # the two as one: lesson09's holds lesson08's
    assert len(view.left_out) == 3
    said = {line.split(":")[0]: line for line in view.left_out}
    assert set(said) == {"tom", "uma", "val"}
    assert "is not a SQLite database" in said["tom"] and "truncated" in said["uma"]
    assert "another program's database" in said["val"]
    assert all("\n" not in line for line in view.left_out)
    assert {p: p.read_bytes() for p in submitted.rglob("*") if p.is_file()} == files



def test_a_students_records_are_read_as_one_each_decision_once(tmp_path: Path) -> None:
    """Issue 29: one student's records, however they arrive, are the union of their
    decisions. Ada's own record (her home), a copy she handed in with lesson 08 before
    playing more (the same decisions, numbered the same), the record an assignment's
    notebooks wrote before the hub kept one record a student (other games), and a record
    holding some of the same decisions written in another order (numbered otherwise): 12
    games of 5 throws, none counted twice, none lost. Two decisions alike in every field
    but the time are two."""
    from dataclasses import replace

    home = tmp_path / "students" / "ada"
    first, later = games([2.0, 1.0, 1.0, 0.0]), games([0.0] * 8)[20:]
    own = write(home / RECORD_NAME, first)
    (home / "lesson08").mkdir()
    with Record.open(own) as record:
        record.copy_to(home / "lesson08" / RECORD_NAME)
        for e in later:
            record.write(e)
    assignment = [replace(e, game=f"a{e.game}", time=e.time + timedelta(days=1))
                  for e in games([1.0, 1.0, 0.0, 0.0])]
    write(home / "lesson00" / RECORD_NAME, assignment)
    write(home / "old" / RECORD_NAME, [*reversed(later), first[0]])
    view = read_class([tmp_path / "students"])
    (row,) = view.students
    assert (row.name, row.decisions, row.games) == ("ada", 60, 12)
    assert row.by_rule["throw"] == (60, 4 * 5.0 + 2 * 5.0)
    twins = [entry(DecisionKind.THROW, 1.0, "g", 0), entry(DecisionKind.THROW, 1.0, "g", 0)]
    twins[1] = replace(twins[1], time=twins[1].time + timedelta(microseconds=1))
    assert class_view({"bo": twins}).students[0].decisions == 2
    from cribbage_edu.study.classview import union
    assert len(union([twins, twins[:1], [replace(twins[1], number=9)]])) == 2

def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err, stdin=io.StringIO())
    return code, out.getvalue(), err.getvalue()


def test_the_command_shows_the_table_the_json_and_the_chart(tmp_path: Path) -> None:
    import json

    homes = tmp_path / "home"
    write(homes / "ada" / "course" / RECORD_NAME, games([2.0, 1.0, 0.0, 0.0]))
    write(homes / "bob" / "course" / RECORD_NAME, games([1.0, 1.0]))
    (homes / "cid" / "course").mkdir(parents=True)
    (homes / "cid" / "course" / RECORD_NAME).write_text("hello")
    code, out, err = run("class-view", str(homes), "--plot", str(tmp_path / "class.png"))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    ada = next(line for line in lines if line.startswith("ada "))
    assert ada.split()[:4] == ["ada", "20", "4", "0.75"]
    assert "ada improved most: accuracy 40 in the first games, 100 in the last (+60)" in out
    assert sum(line.startswith("left out: cid:") for line in lines) == 1
    assert (tmp_path / "class.png").stat().st_size > 1000
    code, out, _ = run("class-view", str(homes), "--json")
    data = json.loads(out)
    assert [s["name"] for s in data["students"]] == ["ada", "bob"]
    assert data["students"][1]["improvement"] == 0.0
    code, _, err = run("class-view", str(tmp_path / "nowhere"))
    assert code == 2 and "is not a folder" in err


def test_a_learner_hands_in_their_record_and_the_view_reads_it(tmp_path: Path) -> None:
    mine = write(tmp_path / "course" / RECORD_NAME, games([1.0, 0.0]))
    assignment = tmp_path / "exchange" / "ada+lesson08+2026-12-01 10:00:00 UTC+abc"
    assignment.mkdir(parents=True)
    code, out, err = run("progress", "--record", str(mine), "--hand-in", str(assignment))
    assert (code, err) == (0, "") and "a copy of your record is in" in out
    code, out, err = run("progress", "--record", str(mine), "--hand-in", str(assignment))
    assert code == 0  # handed in again: the copy is replaced
    assert sorted(p.name for p in assignment.iterdir()) == [RECORD_NAME]
    view = read_class([tmp_path / "exchange"])
    assert [(s.name, s.decisions) for s in view.students] == [("ada", 10)]
    code, _, err = run("progress", "--record", str(mine), "--hand-in", str(tmp_path / "no"))
    assert code == 2 and "is not a folder" in err


@pytest.mark.parametrize("name", ["class-view"])
def test_the_command_is_listed(name: str) -> None:
    code, out, _ = run("--help")
    assert code == 0 and name in out


def test_the_practices_answers_are_counted_apart() -> None:
    """The table weighs play; the practice's answers (positions chosen for being hard for
    the student) are counted apart, with those right."""
    from dataclasses import replace

    play = games([1.0])
    practised = [replace(entry(DecisionKind.THROW, loss, "x", 100 + n), game=None,
                         origin="practice") for n, loss in enumerate((0.0, 4.0, 0.2))]
    count = replace(entry(DecisionKind.COUNT, 0.0, "x", 200, "right"), game=None,
                    origin="practice")
    (row,) = class_view({"ada": [*play, *practised, count]}).students
    assert (row.decisions, row.loss_a_decision("throw"), row.shows) == (5, 1.0, 0)
    assert (row.practised, row.practised_right) == (4, 3)  # 0.0 and 0.2 good, the count right


def test_submit_hands_in_a_copy_of_the_students_record(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """What the hub's Submit does before nbgrader copies the hand-in
    (``classroom.hub_exchange.hand_in_record``): the record of the student's course folder
    (the folder above the assignment's that holds the course) is copied, whole, into the
    assignment's folder; switched off, or missing, nothing is; a damaged one is said and
    not handed in."""
    from cribbage_edu.classroom.hub_exchange import hand_in_record
    from cribbage_edu.study.record import COURSE_MARK, ENVIRONMENT

    monkeypatch.delenv(ENVIRONMENT, raising=False)
    folder = tmp_path / "students" / "ada"
    assignment = folder / "lesson08"
    assignment.mkdir(parents=True)
    (folder / COURSE_MARK).write_text("{}")
    assert hand_in_record(assignment) == "no record of decisions to hand in"
    write(folder / RECORD_NAME, games([1.0, 0.0]))
    said = hand_in_record(assignment)
    assert said.startswith("a copy of the record of decisions") and said.endswith("handed in")
    assert sorted(p.name for p in assignment.iterdir()) == [RECORD_NAME]
    view = read_class([tmp_path / "students"])
    assert [(s.name, s.decisions) for s in view.students] == [("ada", 10)]
    monkeypatch.setenv(ENVIRONMENT, "off")
    (assignment / RECORD_NAME).unlink()
    assert hand_in_record(assignment) == "no record of decisions to hand in"
    assert list(assignment.iterdir()) == []
    monkeypatch.delenv(ENVIRONMENT)
    (folder / RECORD_NAME).write_text("not a record")
    assert "is not handed in: the record" in hand_in_record(assignment)
    assert list(assignment.iterdir()) == []


def test_the_table_by_kind_and_by_the_rule_the_coach_named() -> None:
    """Each decision counts under its kind, and under the rule the coach named for it
    when it named one: ada lost 2 and 1 on two cards "count the card" decided and 0.5 on
    one it named no rule for; 3 on a throw "count the keep" decided; bob lost 4 on an
    exception to "count the card"."""
    def ruled(kind: DecisionKind, loss: float, minute: int, rule: str | None) -> Entry:
        return Entry(kind, {"n": minute}, "x", "y", loss, None, Grade.of_points(loss),
                     rule=rule, game="g", time=DAY + timedelta(minutes=minute))
    ada = [ruled(DecisionKind.CARD, 2.0, 0, "count the card"),
           ruled(DecisionKind.CARD, 1.0, 1, "count the card"),
           ruled(DecisionKind.CARD, 0.5, 2, None),
           ruled(DecisionKind.THROW, 3.0, 3, "count the keep")]
    bob = [ruled(DecisionKind.CARD, 4.0, 0, "an exception to count the card")]
    view = class_view({"ada": ada, "bob": bob})
    assert view.rules == ("throw", "card", "an exception to count the card",
                          "count the card", "count the keep")
    ada_row, bob_row = view.students
    assert ada_row.by_rule["card"] == (3, 3.5) and ada_row.by_rule["throw"] == (1, 3.0)
    assert ada_row.by_rule["count the card"] == (2, 3.0)
    assert ada_row.loss_a_decision("count the keep") == 3.0
    assert ada_row.loss_a_decision("an exception to count the card") is None
    assert bob_row.by_rule == {"card": (1, 4.0), "an exception to count the card": (1, 4.0)}
    assert view.class_loss("card") == 7.5 / 4 and view.class_loss("count the card") == 1.5
    assert ada_row.decisions == 4  # a decision counted under its rule is still one decision
