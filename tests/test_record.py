"""The learner's record (cribbage_edu.study.record): what is written reads back the same;
a writer killed mid-write loses at most that decision; two writers at once both land; a
damaged or foreign file is refused in one line naming it and what is wrong, changed in
nothing, and kept beside a new one when asked."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.rules.game import Game
from cribbage_edu.strategy.coach import DecisionKind, Grade, judge_card, judge_throw, review
from cribbage_edu.study.record import (
    APPLICATION_ID,
    ENVIRONMENT,
    RECORD_NAME,
    SCHEMA_VERSION,
    Entry,
    Record,
    RecordError,
    course_folder,
    course_record,
    entry_of,
    read_entries,
    set_aside,
)

ROOT = Path(__file__).resolve().parent.parent
WHEN = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)


def throw_entry(loss: float = 0.0, game: str | None = "g", **changes: Any) -> Entry:
    fields: dict[str, Any] = {
        "kind": DecisionKind.THROW, "position": {"six": ["2C", "3D", "5H", "9S", "10C", "KD"],
                                                 "dealer": False, "scores": None,
                                                 "target": 121},
        "chosen": "2C 3D", "best": "9S KD", "loss": loss, "chance_loss": None,
        "grade": Grade.of_points(loss), "game": game, "seed": 7, "deal": 1, "action": 2,
        "origin": "terminal", "time": WHEN}
    fields.update(changes)
    return Entry(**fields)


def made(tmp_path: Path, entries: int = 3) -> Path:
    """A closed record of ``entries`` decisions (its write-ahead log folded in)."""
    path = tmp_path / RECORD_NAME
    with Record.open(path) as record:
        for n in range(entries):
            record.write(throw_entry(0.25 * n, chosen=f"2C 3D #{n}"))
    assert not Path(f"{path}-wal").exists()
    return path


# --- the schema ------------------------------------------------------------------------------

def test_a_new_record_is_versioned_and_written_ahead(tmp_path: Path) -> None:
    path = made(tmp_path, 1)
    plain = sqlite3.connect(path)
    try:
        pragma = {name: plain.execute(f"PRAGMA {name}").fetchone()[0]
                  for name in ("application_id", "user_version", "journal_mode")}
        meta = dict(plain.execute("SELECT key, value FROM meta").fetchall())
    finally:
        plain.close()
    assert pragma == {"application_id": APPLICATION_ID, "user_version": SCHEMA_VERSION,
                      "journal_mode": "wal"}
    assert APPLICATION_ID.to_bytes(4, "big") == b"CRIB"
    assert meta["application"] == "cribbage-edu record"
    assert meta["schema"] == str(SCHEMA_VERSION) == "2"


def test_the_record_is_made_with_its_folder_and_opened_again(tmp_path: Path) -> None:
    path = tmp_path / "course" / "deeper" / RECORD_NAME
    with Record.open(path) as record:
        record.write(throw_entry())
    with Record.open(path) as again:
        assert len(again) == 1 and repr(again).endswith(": 1 decisions>")
    with pytest.raises(RecordError, match="does not exist"):
        Record.open(tmp_path / "missing.sqlite", create=False)
    assert not (tmp_path / "missing.sqlite").exists()


def test_each_verdict_of_the_coach_becomes_an_entry_that_rebuilds_its_position() -> None:
    throw = judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False)
    entry = entry_of(throw, game="g", seed=3)
    assert (entry.kind, entry.chosen, entry.best, entry.grade) == (
        DecisionKind.THROW, "2C 3D", "9S KD", Grade.BLUNDER)
    rebuilt = judge_throw(entry.position["six"], entry.chosen,
                          dealer=entry.position["dealer"], scores=entry.position["scores"],
                          target=entry.position["target"])
    assert rebuilt.loss == entry.loss == throw.loss
    # the card of lesson 13's example: the 7 first loses the pair, 2 points
    card = judge_card("5C 7D", "7D", starter="AS", pile="QD 5H", seen="2C 9C KH QC 8S 3D",
                      dealer=True, opponent_cards=0)
    entry = entry_of(card)
    assert (entry.kind, entry.chosen, entry.best, entry.loss) == (DecisionKind.CARD, "7D",
                                                                  "5C", 2.0)
    p = entry.position
    again = judge_card(p["hand"], entry.chosen, starter=p["starter"], pile=p["pile"],
                       seen=p["seen"], dealer=p["dealer"], opponent_cards=p["opponent_cards"])
    assert again.loss == 2.0


def test_an_entry_keeps_the_rule_the_coach_named(tmp_path: Path) -> None:
    """The throw of 2-3 as pone against 9-K: "count the keep" decides it (see
    ``tests/test_rule_naming.py``); the best throw names no rule; a rule given (the
    practice's) is kept instead; and it reads back from the file."""
    throw = judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False)
    assert entry_of(throw).rule == throw.rule == "count the keep"
    assert entry_of(throw.retry("9S KD")).rule is None
    assert entry_of(throw, rule="an exception to count the keep").rule == (
        "an exception to count the keep")
    with Record.open(tmp_path / RECORD_NAME) as record:
        number = record.write(entry_of(throw))
        assert record.entry(number).rule == "count the keep"


def test_a_count_of_a_review_is_recorded_with_its_verdict() -> None:
    game = Game(seed=4, manual_count=(True, False), first_dealer=1)
    from cribbage_edu.rules.drive import drive
    from cribbage_edu.strategy.players import ExpertPlayer

    drive(game, [ExpertPlayer(), ExpertPlayer()], stop=lambda g: g.phase.value == "count")
    show = game.next_show()
    assert show is not None and game.starter is not None
    game.claim(0, 0)  # nothing claimed: under, unless the hand holds nothing
    counts = [d for d in review(game, 0).decisions if d.kind is DecisionKind.COUNT]
    entry = entry_of(counts[0], game="g")
    assert entry.kind is DecisionKind.COUNT and entry.chosen == "0"
    assert entry.position["starter"] == str(game.starter)
    assert entry.verdict == ("right" if entry.best == "0" else "under")
    assert entry.right_first_time is (entry.best == "0")
    assert entry.loss == 0.0  # a first wrong claim is counted again: nothing lost yet


# --- what is written reads back the same -----------------------------------------------------

CARDS = st.sampled_from(["AS", "10H", "KD", "5C", "JS", "2H"])
PLAIN = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6)
                     | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8)
                     | CARDS,
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                     max_leaves=12)
ZONES = st.sampled_from([UTC, timezone(timedelta(hours=-5)), timezone(timedelta(hours=9))])


@st.composite
def entries(draw: st.DrawFn) -> Entry:
    kind = draw(st.sampled_from(list(DecisionKind)))
    loss = draw(st.floats(0, 50, allow_nan=False))
    time = draw(st.datetimes(datetime(2020, 1, 1), datetime(2040, 1, 1), timezones=ZONES))
    return Entry(kind, draw(st.dictionaries(st.text(max_size=8), PLAIN, max_size=5)),
                 draw(st.text(min_size=1, max_size=20).filter(str.strip)),
                 draw(st.text(min_size=1, max_size=20).filter(str.strip)), loss,
                 draw(st.none() | st.floats(0, 1)), draw(st.sampled_from(list(Grade))),
                 draw(st.sampled_from(["right", "over", "under"]))
                 if kind is DecisionKind.COUNT else None,
                 draw(st.none() | st.text(max_size=30)), draw(st.none() | st.text(max_size=12)),
                 draw(st.none() | st.integers(-2**63, 2**63 - 1)),
                 draw(st.none() | st.integers(0, 40)), draw(st.none() | st.integers(0, 500)),
                 draw(st.sampled_from(["terminal", "table", "practice", "lesson"])), time)


@given(st.lists(entries(), min_size=1, max_size=6))
def test_what_is_written_reads_back_the_same(tmp_path_factory: pytest.TempPathFactory,
                                             written: list[Entry]) -> None:
    path = tmp_path_factory.mktemp("record") / RECORD_NAME
    with Record.open(path) as record:
        numbers = [record.write(entry) for entry in written]
        assert record.entries() == written
    with Record.open(path) as again:  # and after the file is closed and opened again
        read = again.entries()
    assert read == written and [e.number for e in read] == numbers
    for before, after in zip(written, read, strict=True):
        assert after.time == before.time and after.time.utcoffset() == timedelta(0)
        assert type(after.loss) is float and after.position == before.position


@pytest.mark.parametrize(("change", "named"), [
    ({"kind": "throw"}, "kind"), ({"grade": "good"}, "grade"),
    ({"loss": -0.5}, "loss"), ({"loss": float("nan")}, "loss"), ({"loss": True}, "loss"),
    ({"chance_loss": float("inf")}, "chance_loss"), ({"chosen": "  "}, "chosen"),
    ({"best": 5}, "best"), ({"position": {"x": float("nan")}}, "position"),
    ({"position": {"x": object()}}, "position"), ({"position": ["2C"]}, "position"),
    ({"verdict": "right"}, "verdict"), ({"seed": 2**70}, "seed"), ({"deal": 1.0}, "deal"),
    ({"origin": "phone"}, "origin"), ({"time": datetime(2026, 1, 1)}, "time"),
    ({"game": 3}, "game"), ({"rule": b"x"}, "rule"),
])
def test_a_bad_entry_is_refused_naming_its_field(change: dict[str, Any], named: str) -> None:
    with pytest.raises(IllegalActionError, match=f"decision's {named}"):
        throw_entry(**change)


def test_a_count_needs_its_verdict_and_nothing_is_written_of_a_refusal(tmp_path: Path) -> None:
    with pytest.raises(IllegalActionError, match="verdict"):
        throw_entry(kind=DecisionKind.COUNT)
    with Record.open(tmp_path / RECORD_NAME) as record:
        with pytest.raises(IllegalActionError, match="takes an Entry"):
            record.write("2C 3D")  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="verdict of the coach"):
            entry_of("2C 3D")  # type: ignore[arg-type]
        assert len(record) == 0


# --- hostile files: refused in one line, changed in nothing, kept beside a new one -----------

def flip_bit(data: bytearray, at: int) -> None:
    data[at] ^= 0x10


def hostile(kind: str, path: Path) -> None:
    """Make the record at ``path`` into a hostile file of ``kind``."""
    data = bytearray(path.read_bytes())
    if kind == "truncated to 50 bytes":
        del data[50:]
    elif kind == "truncated mid-page":
        del data[len(data) - 1000:]
    elif kind == "truncated by a page":
        page = int.from_bytes(data[16:18], "big")
        del data[len(data) - page:]
    elif kind == "header bit-flipped":
        flip_bit(data, 3)
    elif kind == "decision bit-flipped":
        flip_bit(data, data.index(b"2C 3D #1") + 6)
    elif kind == "page bit-flipped":
        page = int.from_bytes(data[16:18], "big")
        flip_bit(data, page)  # the b-tree header of page 2
    elif kind == "text named like the record":
        data = bytearray(b"my notes on cribbage\nfifteen two, fifteen four\n" * 30)
    elif kind == "another program's database":
        path.unlink()
        other = sqlite3.connect(path)
        other.execute("CREATE TABLE songs (title TEXT)")
        other.commit()
        other.close()
        return
    elif kind == "a newer schema":
        newer = sqlite3.connect(path)
        newer.execute("PRAGMA user_version = 7")
        newer.close()
        return
    elif kind == "our id without our tables":
        path.unlink()
        bare = sqlite3.connect(path)
        bare.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        bare.execute("PRAGMA user_version = 1")
        bare.execute("CREATE TABLE meta (key TEXT)")
        bare.commit()
        bare.close()
        return
    else:
        raise AssertionError(kind)
    path.write_bytes(bytes(data))


HOSTILE = {
    "truncated to 50 bytes": "is truncated: 50 bytes",
    "truncated mid-page": "truncated or damaged",
    "truncated by a page": "damaged",
    "header bit-flipped": "not a SQLite database (it holds other data",
    "decision bit-flipped": "decision 2 does not match its checksum",
    "page bit-flipped": "damaged",
    "text named like the record": "holds text",
    "another program's database": "another program's database",
    "a newer schema": "schema version 7, newer",
    "our id without our tables": "damaged: its schema",
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_file_is_refused_in_one_line_and_kept(tmp_path: Path, kind: str) -> None:
    path = made(tmp_path)
    hostile(kind, path)
    before = path.read_bytes()
    with pytest.raises(RecordError) as refused:
        Record.open(path)
    message = str(refused.value)
    assert "\n" not in message and message.startswith(f"the record {str(path)!r} ")
    assert HOSTILE[kind] in message, message
    assert refused.value.path == path
    assert path.read_bytes() == before  # nothing written to it
    assert not Path(f"{path}-wal").exists() or kind == "a newer schema"
    # asked for a new one: the hostile file is kept beside it, never overwritten
    kept = set_aside(path)
    assert kept.name == f"{RECORD_NAME}.damaged" and kept.read_bytes() == before
    with Record.open(path) as fresh:
        assert len(fresh) == 0
        fresh.write(throw_entry())
    hostile("text named like the record", path)
    second = set_aside(path)
    assert second.name == f"{RECORD_NAME}.damaged-2"
    assert kept.read_bytes() == before  # the first one is still there, unchanged



@pytest.mark.parametrize("kind", list(HOSTILE))
def test_reading_the_whole_record_refuses_what_opening_refuses(tmp_path: Path,
                                                               kind: str) -> None:
    """``read_entries`` (the progress's and the class view's read: the decisions checked
    as they are read, not on opening) refuses every hostile file as ``Record.open``
    does, in the same words, and writes nothing to it."""
    path = made(tmp_path)
    hostile(kind, path)
    before = path.read_bytes()
    with pytest.raises(RecordError) as refused:
        read_entries(path)
    assert HOSTILE[kind] in str(refused.value) and "\n" not in str(refused.value)
    assert path.read_bytes() == before

def test_a_refusal_is_always_one_line(tmp_path: Path) -> None:
    refused = RecordError(tmp_path, "is damaged: Multiple uses for byte 3040 of page 386\n"
                                    "Page 9 is never used")
    assert str(refused) == (f"the record {str(tmp_path)!r} is damaged: Multiple uses for "
                            f"byte 3040 of page 386; Page 9 is never used")


def test_a_folder_is_no_record(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="is a folder"):
        Record.open(tmp_path)


# --- never loses a decision: writers killed, writers at once ---------------------------------

WRITER = """
import sys
from datetime import UTC, datetime
from cribbage_edu.strategy.coach.grades import DecisionKind, Grade
from cribbage_edu.study.record import Entry, Record

path, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
with Record.open(path) as record:
    print("open", flush=True)
    n = 0
    while count < 0 or n < count:
        record.write(Entry(DecisionKind.CARD, {"hand": ["5C", "7D"], "pad": "x" * 900},
                           f"{name}-{n}", "5C", 1.0, None, Grade.INACCURACY, game=name,
                           origin="terminal", time=datetime.now(UTC)))
        print(n, flush=True)
        n += 1
"""


def writer(path: Path, name: str, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(count)],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)


def test_a_writer_killed_mid_write_loses_at_most_that_decision(tmp_path: Path) -> None:
    path = tmp_path / RECORD_NAME
    rng = random.Random(29)
    committed: list[str] = []
    for round_ in range(8):
        process = writer(path, f"w{round_}", -1)
        assert process.stdout is not None
        assert process.stdout.readline() == "open\n"
        for _ in range(rng.randint(1, 40)):
            committed.append(f"w{round_}-{int(process.stdout.readline())}")
        process.send_signal(signal.SIGKILL)  # while it writes the next ones
        process.wait()
        # what it said it committed before the kill, still in the pipe
        committed += [f"w{round_}-{int(line)}" for line in process.stdout.read().split()]
        process.stdout.close()
        with Record.open(path) as record:  # intact: opened, checked and read
            chosen = [e.chosen for e in record.entries()]
        assert set(committed) <= set(chosen)
        assert len(chosen) <= len(committed) + round_ + 1  # at most one more a kill
    plain = sqlite3.connect(path)
    try:
        assert plain.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        plain.close()


def test_a_new_record_made_by_two_processes_at_once(tmp_path: Path) -> None:
    """Two notebooks opening a learner's first record together: SQLite refuses the
    switch to write-ahead mode at once ("database is locked") while the other process
    makes it, and one process could see the other's tables before its application id
    and call the file foreign. Ten new records, each opened by two writers at once:
    every writer lands all its decisions."""
    paths = [tmp_path / f"r{n}" / RECORD_NAME for n in range(10)]
    writers = [writer(path, name, 5) for path in paths for name in ("left", "right")]
    errors = [p.communicate(timeout=120)[0] for p in writers]
    assert [p.returncode for p in writers] == [0] * len(writers), errors
    for path in paths:
        with Record.open(path) as record:
            assert sorted(e.chosen for e in record.entries()) == sorted(
                f"{name}-{n}" for name in ("left", "right") for n in range(5))


def test_two_writers_at_once_both_land(tmp_path: Path) -> None:
    path = tmp_path / RECORD_NAME
    writers = [writer(path, name, 150) for name in ("left", "right")]
    outs = [p.communicate(timeout=120)[0] for p in writers]
    assert [p.returncode for p in writers] == [0, 0]
    assert all(out.split()[-1] == "149" for out in outs)
    with Record.open(path) as record:
        chosen = [e.chosen for e in record.entries()]
    assert sorted(chosen) == sorted(f"{name}-{n}" for name in ("left", "right")
                                    for n in range(150))
    for name in ("left", "right"):  # each writer's decisions in the order it wrote them
        mine = [int(c.split("-")[1]) for c in chosen if c.startswith(name)]
        assert mine == sorted(mine)


def test_a_copy_to_hand_in_is_whole_and_never_written_over(tmp_path: Path) -> None:
    path = made(tmp_path, 4)
    with Record.open(path) as record:
        copy = record.copy_to(tmp_path / "handed-in.sqlite")
        with pytest.raises(RecordError, match="exists already"):
            record.copy_to(copy)
    with Record.open(copy) as handed:
        assert [e.chosen for e in handed.entries()] == [f"2C 3D #{n}" for n in range(4)]


# --- where the record is ---------------------------------------------------------------------

def test_the_record_lives_in_the_course_folder(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    course = tmp_path / "my-course"
    (course / "notes").mkdir(parents=True)
    (course / "00_start_here.ipynb").write_text("{}")
    assert course_folder(course / "notes") == course.resolve()
    assert course_record(course / "notes") == course.resolve() / RECORD_NAME
    assert course_record(tmp_path) is None  # outside a course: nothing recorded
    assert course_record(ROOT / "lessons") is None  # the lessons as shipped record nothing
    assert course_record(ROOT) is None
    for word in ("off", "OFF", "no", "0", "", "false"):
        assert course_record(course, {ENVIRONMENT: word}) is None
    assert course_record(tmp_path, {ENVIRONMENT: str(tmp_path / "r.sqlite")}) == (
        tmp_path / "r.sqlite")


def test_concurrent_first_opens_make_one_record(tmp_path: Path) -> None:
    path = tmp_path / RECORD_NAME
    writers = [writer(path, f"p{n}", 5) for n in range(3)]
    assert [p.communicate(timeout=120)[0].split()[-1] for p in writers] == ["4"] * 3
    with Record.open(path) as record:
        assert len(record) == 15


def test_the_environment_switch_is_read_at_the_call(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    monkeypatch.setenv(ENVIRONMENT, "off")
    assert course_record() is None
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "x.sqlite"))
    assert course_record() == tmp_path / "x.sqlite"
    assert os.environ[ENVIRONMENT].endswith("x.sqlite")


# --- the schema's versions -------------------------------------------------------------------

def test_a_version_1_record_is_brought_up_to_date_and_keeps_every_decision(
        tmp_path: Path) -> None:
    """``tests/data/v1_record.sqlite`` was made by the record of schema version 1
    (``tests/data/make_v1_record.py``): opened today, it is brought to version 2 in one
    step, its decisions read back as they were written, and it gains the practice's
    schedule and the saved games (empty)."""
    from cribbage_edu.study.record import MIGRATIONS

    path = tmp_path / RECORD_NAME
    path.write_bytes((ROOT / "tests" / "data" / "v1_record.sqlite").read_bytes())
    plain = sqlite3.connect(path)
    assert plain.execute("PRAGMA user_version").fetchone()[0] == 1
    plain.close()
    with Record.open(path) as record:
        entries = record.entries()
        assert record.schedule() == [] and record.game("v1-game") is None
    assert [(e.kind.value, e.chosen, e.best, e.grade.value, e.verdict) for e in entries] == [
        ("throw", "5H 7D", "7D 7S", "blunder", None), ("card", "KS", "7S", "mistake", None),
        ("count", "1", "2", "inaccuracy", "under")]
    assert entries[0].position["six"] == ["5H", "7D", "7S", "10C", "10H", "KS"]
    assert {e.seed for e in entries} == {5} and {e.game for e in entries} == {"v1-game"}
    plain = sqlite3.connect(path)
    try:
        version = plain.execute("PRAGMA user_version").fetchone()[0]
        tables = {n for (n,) in plain.execute("SELECT name FROM sqlite_master WHERE type = "
                                              "'table'")}
        columns = [c[1] for c in plain.execute("PRAGMA table_info(practice)")]
        schema = plain.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0]
    finally:
        plain.close()
    assert (version, schema) == (SCHEMA_VERSION, str(SCHEMA_VERSION))
    assert {"decisions", "meta", "practice", "games"} <= tables
    assert columns == ["item", "kind", "decision", "due", "schedule", "checksum"]
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA_VERSION))
    with Record.open(path) as record:  # opened again: nothing more to do
        assert record.entries() == entries


def test_a_new_record_and_a_migrated_one_have_the_same_schema(tmp_path: Path) -> None:
    def schema(path: Path) -> list[tuple[str, str]]:
        plain = sqlite3.connect(path)
        try:
            return sorted(plain.execute("SELECT name, sql FROM sqlite_master "
                                        "WHERE sql IS NOT NULL").fetchall())
        finally:
            plain.close()

    old = tmp_path / "old.sqlite"
    old.write_bytes((ROOT / "tests" / "data" / "v1_record.sqlite").read_bytes())
    Record.open(old).close()
    assert schema(old) == schema(made(tmp_path, 0))


def test_a_card_is_written_with_its_games_save_in_one_transaction(tmp_path: Path) -> None:
    from cribbage_edu.strategy.coach import judge_view
    from cribbage_edu.study.record import Recorder
    from tests.decisions import decision

    game = decision(3, 0)
    seat = game.to_act[0]
    recorder = Recorder(tmp_path / RECORD_NAME, origin="table")
    recorder.playing(game)
    view = game.view(seat)
    card = next(a.cards[0] for a in view.legal if a.cards)
    verdict = judge_view(view, [card])
    game.play(seat, card)
    entry = recorder.judged(verdict, deal=view.deal, action=len(game.actions) - 1)
    assert entry is not None and recorder.record is not None
    save = recorder.record.game(entry.game or "")
    assert save is not None
    rebuilt = Game.from_json(save).replay(upto=entry.action)
    assert rebuilt.view(seat).hand == view.hand and rebuilt.view(seat).pile == view.pile
    with pytest.raises(IllegalActionError, match="names its game"):
        recorder.record.write(throw_entry(game=None), save=save)
    assert len(recorder.record) == 1
    recorder.close()


def test_a_version_1_record_opened_by_several_at_once_is_migrated_once(tmp_path: Path) -> None:
    """Four processes open the same version-1 record together: each opens it, it is
    brought up to date (once: each reads the version again inside the write lock, so none
    runs a step another has run), and every decision is kept."""
    path = tmp_path / RECORD_NAME
    path.write_bytes((ROOT / "tests" / "data" / "v1_record.sqlite").read_bytes())
    code = ("import sys; from cribbage_edu.study.record import Record; "
            "r = Record.open(sys.argv[1]); print(len(r.entries())); r.close()")
    runs = [subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE,
                             text=True, cwd=ROOT) for _ in range(4)]
    assert [int(run.communicate(timeout=60)[0]) for run in runs] == [3] * 4
    with Record.open(path) as record:
        assert len(record.entries()) == 3 and record.schedule() == []
    plain = sqlite3.connect(path)
    try:
        assert plain.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        plain.close()
