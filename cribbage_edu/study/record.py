"""The learner's record: every decision the coach judges, kept in one SQLite file in the
learner's own course folder (:data:`RECORD_NAME`), read back by the progress charts
(:mod:`.progress`), the practice (:mod:`.practice`) and the class view (:mod:`.classview`).

One row a decision (an :class:`Entry`): its kind (throw, card, count), the position it was
made in (enough to rebuild it: the verdict's own ``position``), the choice, the best, the
points lost, the chance to win lost (or ``None``), the grade, for a count whether it was
right, over or under, the rule of the rulebook it concerns (the rule the coach names in its
reason for a throw or a card, :attr:`~cribbage_edu.strategy.coach.CardVerdict.rule`;
``None`` when it names none, and for a count), the game it was made in and that game's
seed, where it was made (the terminal, the table, the practice) and the time. Beside the
decisions: the save of each game a card was judged in (the card's position rebuilt exactly
from it, :meth:`Record.game`), and the practice's schedule (:meth:`Record.schedule`, one
:class:`Scheduled` a position practised).

How it keeps them:

- one transaction a decision, in write-ahead logging (``journal_mode=WAL``,
  ``synchronous=NORMAL``): a process killed while it writes loses at most the decision
  being written, and two notebooks (two processes) writing at once both land (each waits
  its turn, up to :data:`BUSY_SECONDS`); the log is synced to the disk at each checkpoint
  (every thousand pages or so, on opening, and when the last writer closes), so a crash of
  the whole machine may lose the decisions since the last one, never the file;
- a versioned schema: ``PRAGMA application_id`` is :data:`APPLICATION_ID`, ``PRAGMA
  user_version`` the schema's version (:data:`SCHEMA_VERSION`), and the ``meta`` table
  says the same in words; a record of an older version is brought up to date on opening
  (:data:`MIGRATIONS`), one of a newer version is refused;
- each row carries a checksum of its fields, so a flipped bit in a decision is found when
  it is read, not taken for the learner's;
- a file that is not such a record (truncated, damaged, another program's database, a text
  file named like it) is refused with a :class:`RecordError` naming the file and what is
  wrong, and nothing is written to it; :func:`set_aside` keeps it under a free name beside
  (``.damaged``, ``.damaged-2``, ...; never over another file) so a new one can start.

Where it is (:func:`course_record`): ``$CRIBBAGE_EDU_RECORD`` when set (a file's path, or
``off`` to record nothing), else :data:`RECORD_NAME` in the course folder the program runs
in (the current folder, or the nearest folder above it, that holds the course's first
lesson, :data:`COURSE_MARK`; never the repository's own ``lessons/``), else nowhere.

>>> import tempfile
>>> from pathlib import Path
>>> from cribbage_edu.strategy.coach import judge_throw
>>> path = Path(tempfile.mkdtemp()) / RECORD_NAME
>>> with Record.open(path) as record:
...     number = record.write(entry_of(judge_throw("2C 3D 5H 9S 10C KD", "2C 3D",
...                                                dealer=False), seed=7, game="g1"))
...     [(e.kind.value, e.chosen, e.best, e.grade.value) for e in record.entries()]
[('throw', '2C 3D', '9S KD', 'blunder')]
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import threading
import time
import uuid
import warnings
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules.errors import CribbageError, IllegalActionError
from ..strategy.coach.grades import DecisionKind, Grade

if TYPE_CHECKING:
    from ..rules.scoring import HandScore
    from ..strategy.coach import CardVerdict, Decision, ThrowVerdict

__all__ = [
    "APPLICATION_ID",
    "BUSY_SECONDS",
    "COURSE_MARK",
    "ENVIRONMENT",
    "MIGRATIONS",
    "OFF_WORDS",
    "ORIGINS",
    "RECORD_NAME",
    "SCHEMA_VERSION",
    "Entry",
    "Record",
    "RecordError",
    "Recorder",
    "Scheduled",
    "count_position",
    "course_record",
    "entry_of",
    "position_text",
    "read_entries",
    "set_aside",
    "throw_position",
]

RECORD_NAME = "cribbage-record.sqlite"
"""The record's file name in the learner's course folder."""
ENVIRONMENT = "CRIBBAGE_EDU_RECORD"
"""The environment variable that names the record's file, or switches it off."""
OFF_WORDS = ("off", "no", "none", "0", "false")
"""What ``$CRIBBAGE_EDU_RECORD`` may say to record nothing (any case; empty too)."""
COURSE_MARK = "00_start_here.ipynb"
"""The course's first lesson: a folder holding it is a course folder (the learner's copy,
made by ``cribbage-edu course`` or the hub)."""
APPLICATION_ID = 0x43524942
"""``PRAGMA application_id`` of a record: the bytes ``CRIB``."""
APPLICATION = "cribbage-edu record"
SCHEMA_VERSION = 2
"""The schema's version, ``PRAGMA user_version`` of a record (see :data:`MIGRATIONS`)."""
BUSY_SECONDS = 10.0
"""How long a writer waits for another to finish before it gives up."""
ORIGINS = ("terminal", "table", "practice", "lesson")
"""Where a decision was made: the terminal game, a widget table, the practice, a lesson's
exercise."""
_HEADER = b"SQLite format 3\x00"
_VERDICTS = ("right", "over", "under")

_TABLES_V1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE decisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('throw', 'card', 'count')),
    position TEXT NOT NULL,
    chosen TEXT NOT NULL,
    best TEXT NOT NULL,
    loss REAL NOT NULL CHECK (loss >= 0),
    chance_loss REAL CHECK (chance_loss IS NULL OR chance_loss >= 0),
    grade TEXT NOT NULL CHECK (grade IN ('good', 'inaccuracy', 'mistake', 'blunder')),
    verdict TEXT CHECK (verdict IS NULL OR verdict IN ('right', 'over', 'under')),
    rule TEXT,
    game TEXT,
    seed INTEGER,
    deal INTEGER,
    action INTEGER,
    origin TEXT NOT NULL,
    time TEXT NOT NULL,
    checksum INTEGER NOT NULL
);
CREATE INDEX decisions_by_game ON decisions (game, id);
CREATE INDEX decisions_by_rule ON decisions (rule, kind);
CREATE TABLE practice (
    position TEXT PRIMARY KEY,
    decision INTEGER NOT NULL REFERENCES decisions (id),
    due TEXT NOT NULL,
    schedule TEXT NOT NULL
);
CREATE INDEX practice_by_due ON practice (due)
"""
"""Version 1, as it was made: the decisions, and a ``practice`` table that nothing wrote."""

MIGRATIONS: dict[int, str] = {
    1: """
DROP TABLE practice;
CREATE TABLE practice (
    item TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('throw', 'card', 'count')),
    decision INTEGER NOT NULL REFERENCES decisions (id),
    due TEXT NOT NULL,
    schedule TEXT NOT NULL,
    checksum INTEGER NOT NULL
);
CREATE INDEX practice_by_due ON practice (due);
CREATE TABLE games (game TEXT PRIMARY KEY, save BLOB NOT NULL);
UPDATE meta SET value = '2' WHERE key = 'schema'
""",
}
"""The script that takes a record from each older version to the next; each runs in one
transaction with the new ``user_version``. A new record is made as version 1 and brought
up to date by the same scripts, so every record has walked the same path.

- 1 to 2: the practice's schedule (``practice``: one row a position practised, keyed by
  the position; its kind, the decision it comes from, when it is due, the scheduler's
  card as JSON and a checksum; version 1's table of that name was never written, and is
  made again) and the saved games (``games``: the save of each game a card was judged
  in, compressed, :meth:`Record.game`, so that the card's position can be rebuilt exactly; a card of
  a version-1 record has none, and is not practised)."""

_COLUMNS = ("kind", "position", "chosen", "best", "loss", "chance_loss", "grade", "verdict",
            "rule", "game", "seed", "deal", "action", "origin", "time")


class StoredPosition(Mapping[str, Any]):
    """A position as the record keeps it (JSON text), read only when asked: reading
    10,000 decisions for the progress need not parse every position."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def _data(self) -> dict[str, Any]:
        data = json.loads(self.text)
        if not isinstance(data, dict):
            raise ValueError(f"a position is a mapping, not {self.text[:40]!r}")
        return data

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return repr(self._data)


class RecordError(CribbageError):
    """A file that is not a usable record (damaged, truncated, another program's, a newer
    version), or one that cannot be written: the message names the file and what is
    wrong."""

    def __init__(self, path: Path | str, reason: str) -> None:
        reason = "; ".join(line.strip() for line in reason.splitlines() if line.strip())
        super().__init__(f"the record {str(path)!r} {reason}")
        self.path = Path(path)
        self.reason = reason


RecordError.__module__ = "cribbage_edu.study.record"


@dataclass(frozen=True, slots=True)
class Entry:
    """One decision in the record (see the module). ``position`` is plain data (what the
    verdict's ``to_dict()`` gives as its position); ``chosen`` and ``best`` are cards as
    text (``'2C 3D'``, ``'5C'``) or, for a count, numbers (``'8'``); ``time`` is aware
    (UTC when written by the record). ``number`` is its row's number once written."""

    kind: DecisionKind
    position: Mapping[str, Any]
    chosen: str
    best: str
    loss: float
    chance_loss: float | None
    grade: Grade
    verdict: str | None = None
    rule: str | None = None
    game: str | None = None
    seed: int | None = None
    deal: int | None = None
    action: int | None = None
    origin: str = "table"
    time: datetime = field(default_factory=lambda: datetime.now(UTC))
    number: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        _check_entry(self)

    @property
    def position_text(self) -> str:
        """The position as the record keeps it: JSON with sorted keys."""
        return position_text(self.position)

    def row(self) -> tuple[Any, ...]:
        """The entry's fields in the order of the record's columns."""
        return (self.kind.value, self.position_text, self.chosen, self.best,
                float(self.loss), None if self.chance_loss is None else float(self.chance_loss),
                self.grade.value, self.verdict, self.rule, self.game,
                self.seed, self.deal, self.action, self.origin,
                self.time.astimezone(UTC).isoformat())

    @property
    def right_first_time(self) -> bool | None:
        """For a count, whether the claim was right (``None`` for a throw or a card)."""
        return None if self.verdict is None else self.verdict == "right"


@dataclass(frozen=True, slots=True)
class Scheduled:
    """One position in the practice's schedule (a row of the record's ``practice``
    table): the ``item`` (the position's key, :func:`cribbage_edu.study.practice`'s),
    its ``kind``, the number of the ``decision`` it comes from (0 when written with that
    decision: :meth:`Record.write`), when it is ``due`` (aware) and the ``schedule``: the
    scheduler's card as JSON."""

    item: str
    kind: DecisionKind
    decision: int
    due: datetime
    schedule: str

    def row(self) -> tuple[Any, ...]:
        return (self.item, self.kind.value, self.decision,
                self.due.astimezone(UTC).isoformat(), self.schedule)


def position_text(position: Mapping[str, Any]) -> str:
    """A position (plain data) as the record keeps it: JSON with sorted keys, so the same
    position is always the same text.

    >>> position_text({"starter": "5H", "crib": False, "hand": ["5C"]})
    '{"crib":false,"hand":["5C"],"starter":"5H"}'
    """
    if isinstance(position, StoredPosition):
        return position.text
    return json.dumps(position, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def throw_position(verdict: ThrowVerdict) -> dict[str, Any]:
    """The position of a throw as the record keeps it: the six cards, dealer or pone,
    the scores (yours, the opponent's; or ``None``) and the target."""
    return {"six": [str(c) for c in verdict.six], "dealer": verdict.dealer,
            "scores": None if verdict.scores is None else list(verdict.scores),
            "target": verdict.target}


def count_position(score: HandScore) -> dict[str, Any]:
    """The position of a count as the record keeps it: the hand, the starter, whether
    it is the crib."""
    return {"hand": [str(c) for c in score.hand], "starter": str(score.starter),
            "crib": score.crib}


def _checksum(row: tuple[Any, ...]) -> int:
    """The CRC-32 of a row's fields, each written out whole (a float by its ``repr``,
    which round-trips; ``None`` as a byte no text field holds)."""
    text = "\x1f".join(["\x00" if v is None else repr(v) if v.__class__ is float else str(v)
                        for v in row])
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


def _check_entry(entry: Entry) -> None:
    """Every field checked once, before anything is written: a clear error names it."""
    def bad(what: str, value: object) -> IllegalActionError:
        return IllegalActionError(f"a recorded decision's {what} cannot be {value!r}")

    if not isinstance(entry.kind, DecisionKind):
        raise bad("kind (throw, card or count)", entry.kind)
    if not isinstance(entry.grade, Grade):
        raise bad("grade", entry.grade)
    if not isinstance(entry.position, Mapping):
        raise bad("position (a mapping of plain data)", entry.position)
    try:
        entry.position_text  # noqa: B018  (plain data only: JSON with no NaN)
    except (TypeError, ValueError):
        raise bad("position (a mapping of plain data)", entry.position) from None
    for name in ("chosen", "best"):
        value = getattr(entry, name)
        if not isinstance(value, str) or not value.strip():
            raise bad(name, value)
    for name in ("loss", "chance_loss"):
        value = getattr(entry, name)
        if value is None and name == "chance_loss":
            continue
        if (isinstance(value, bool) or not isinstance(value, int | float)
                or not math.isfinite(value) or value < 0):
            raise bad(f"{name} (a number of 0 or more)", value)
    if entry.verdict is not None and entry.verdict not in _VERDICTS:
        raise bad("verdict (right, over or under)", entry.verdict)
    if (entry.verdict is None) != (entry.kind is not DecisionKind.COUNT):
        raise bad("verdict (a count's, and only a count's)", entry.verdict)
    for name in ("rule", "game"):
        value = getattr(entry, name)
        if value is not None and not isinstance(value, str):
            raise bad(name, value)
    for name in ("seed", "deal", "action"):
        value = getattr(entry, name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not -2**63 <= value < 2**63):
            raise bad(f"{name} (a whole number)", value)
    if entry.origin not in ORIGINS:
        raise bad(f"origin (one of {', '.join(ORIGINS)})", entry.origin)
    if not isinstance(entry.time, datetime) or entry.time.utcoffset() is None:
        raise bad("time (a datetime with its time zone)", entry.time)


def entry_of(judged: ThrowVerdict | CardVerdict | Decision, *, game: str | None = None,
             seed: int | None = None, deal: int | None = None, action: int | None = None,
             origin: str = "table", rule: str | None = None,
             time: datetime | None = None) -> Entry:
    """The record's entry for a verdict of the coach (a throw's or a card's) or a
    decision of a review (a count's, or any): the position from the verdict itself, and
    the ``rule`` of the rulebook the verdict names (unless one is given: the practice
    gives the rule a position is practised for).

    >>> from cribbage_edu.strategy.coach import judge_card
    >>> e = entry_of(judge_card("5C 7D", "7D", starter="AS", pile="QD 5H",
    ...                         seen="2C 9C KH QC 8S 3D", dealer=True, opponent_cards=0))
    >>> e.kind.value, e.chosen, e.best, e.loss, e.grade.value, e.position["pile"], e.rule
    ('card', '7D', '5C', 2.0, 'mistake', ['QD', '5H'], 'count the card')
    """
    from ..rules.scoring import Judgement
    from ..strategy.coach import CardVerdict, Decision, ThrowVerdict

    verdict: object = judged.verdict if isinstance(judged, Decision) else judged
    if isinstance(judged, Decision) and isinstance(verdict, Judgement):
        score = verdict.score
        position = count_position(score)
        chosen, best, loss = str(verdict.claimed), str(score.total), judged.loss
        chance_loss, grade, said = None, judged.grade, verdict.verdict.value
        deal = judged.deal if deal is None else deal
        action = judged.action if action is None else action
    elif isinstance(verdict, ThrowVerdict):
        position = throw_position(verdict)
        chosen, best = " ".join(map(str, verdict.chosen)), " ".join(map(str, verdict.best))
        loss, chance_loss, grade, said = (verdict.loss, verdict.chance_loss, verdict.grade,
                                          None)
    elif isinstance(verdict, CardVerdict):
        position = verdict.position.to_dict()
        chosen, best = str(verdict.chosen), str(verdict.best)
        loss, chance_loss, grade, said = (verdict.loss, verdict.chance_loss, verdict.grade,
                                          None)
    else:
        raise IllegalActionError(f"the record takes a verdict of the coach or a review's "
                                 f"decision, not {judged!r}")
    if isinstance(judged, Decision):
        deal = judged.deal if deal is None else deal
        action = judged.action if action is None else action
    if rule is None and isinstance(verdict, ThrowVerdict | CardVerdict):
        rule = verdict.rule
    return Entry(DecisionKind(str(judged.kind)), position, chosen, best, float(loss),
                 chance_loss, grade, said, rule, game, seed, deal, action, origin,
                 time or datetime.now(UTC))


# --- where the record is ---------------------------------------------------------------------

def course_folder(start: Path | None = None) -> Path | None:
    """The course folder ``start`` (the current folder by default) is in: it, or the
    nearest folder above it, that holds :data:`COURSE_MARK`; never the repository's own
    ``lessons/`` (the lessons as shipped record nothing). ``None`` outside a course."""
    here = (start or Path.cwd()).resolve()
    shipped = (Path(__file__).resolve().parents[2] / "lessons").resolve()
    for folder in (here, *here.parents):
        if (folder / COURSE_MARK).is_file():
            return None if folder == shipped else folder
    return None


def course_record(start: Path | None = None,
                  environ: Mapping[str, str] | None = None) -> Path | None:
    """Where the learner's record is: ``$CRIBBAGE_EDU_RECORD`` when set (a path; or one of
    :data:`OFF_WORDS`, or empty, for none), else :data:`RECORD_NAME` in the course folder
    (:func:`course_folder`), else ``None`` (nothing is recorded).

    >>> course_record(environ={ENVIRONMENT: "off"}) is None
    True
    >>> course_record(environ={ENVIRONMENT: "/tmp/mine.sqlite"})
    PosixPath('/tmp/mine.sqlite')
    """
    env = os.environ if environ is None else environ
    named = env.get(ENVIRONMENT)
    if named is not None:
        return None if named.strip().lower() in (*OFF_WORDS, "") else Path(named)
    folder = course_folder(start)
    return None if folder is None else folder / RECORD_NAME


def record_path(record: object) -> Path | None:
    """The record's file a widget is given: ``True``, the course's (:func:`course_record`,
    ``None`` outside a course); a file's path; anything else is refused.

    >>> record_path("mine.sqlite")
    PosixPath('mine.sqlite')
    >>> record_path(3)
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: record is True (the course's) or a file's path, not 3
    """
    if record is True:
        return course_record()
    if isinstance(record, str | Path):
        return Path(record)
    raise IllegalActionError(f"record is True (the course's) or a file's path, not {record!r}")


def set_aside(path: Path | str) -> Path:
    """Keep the file at ``path`` (a damaged or foreign record) under the first free name
    beside it, ``<name>.damaged``, ``<name>.damaged-2``, ... (its ``-wal`` and ``-shm``
    files with it), never over another file; returns the new name.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for text in ("not a record", "nor this"):
    ...     _ = (folder / "r.sqlite").write_text(text)
    ...     print(set_aside(folder / "r.sqlite").name)
    r.sqlite.damaged
    r.sqlite.damaged-2
    """
    source = Path(path)
    number = 1
    while True:
        target = source.with_name(f"{source.name}.damaged"
                                  + ("" if number == 1 else f"-{number}"))
        try:
            os.link(source, target)  # fails if the name is taken: nothing is overwritten
        except FileExistsError:
            number += 1
            continue
        break
    source.unlink()
    for tail in ("-wal", "-shm"):
        extra = source.with_name(source.name + tail)
        if extra.exists():
            extra.rename(target.with_name(target.name + tail))
    return target


# --- the record ------------------------------------------------------------------------------

def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None,
                                 check_same_thread=False)
    connection.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
    return connection


def _refusal(path: Path) -> str | None:
    """What is wrong with the file at ``path`` before SQLite opens it (``None``: nothing
    seen yet): empty, too short, not a SQLite database."""
    size = path.stat().st_size
    if size == 0:
        return None  # an empty file is made a record (SQLite's own view of an empty file)
    with path.open("rb") as file:
        head = file.read(100)
    if head.startswith(_HEADER) and len(head) < 100:
        return f"is truncated: {size} bytes, shorter than a SQLite database's header"
    if not head.startswith(_HEADER):
        what = "text" if _looks_like_text(head) else "other data"
        return f"is not a SQLite database (it holds {what}, not a record's header)"
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    if page < 512 or page & (page - 1) or size % page:
        return (f"is truncated or damaged: {size} bytes is not a whole number of its "
                f"{page}-byte pages")
    return None


def _looks_like_text(head: bytes) -> bool:
    try:
        head.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return b"\x00" not in head


class Record:
    """The learner's record in one SQLite file (see the module). Open it with
    :meth:`Record.open`; :meth:`write` adds a decision (one transaction),
    :meth:`entries` reads them back (each checked against its checksum). Safe to share
    between threads (one writes at a time) and between processes (SQLite's locks)."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._connection = connection
        self._lock = threading.Lock()
        self._checked_to = 0
        """Every row up to this number was found to match its checksum (on opening)."""

    @classmethod
    def open(cls, path: Path | str, *, create: bool = True) -> Record:
        """Open the record at ``path``, made (with its folder) when missing and
        ``create``; a file that is not a record of this or an older version is refused
        (:class:`RecordError`), and nothing is written to it."""
        return cls._open(path, create=create, rows=True)

    @classmethod
    def _open(cls, path: Path | str, *, create: bool, rows: bool) -> Record:
        """:meth:`open`; with ``rows`` false the decisions are not checked against their
        checksums on opening (each is when it is read: :func:`read_entries`), unless the
        record is to be brought up to date (it is checked before anything is written)."""
        where = Path(path)
        if where.is_dir():
            raise RecordError(where, "is a folder, not a file")
        if not where.exists():
            if not create:
                raise RecordError(where, "does not exist")
            try:
                where.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise RecordError(where, f"cannot be made: {exc.strerror or exc}") from None
        else:
            reason = _refusal(where)
            if reason:
                raise RecordError(where, reason)
        try:
            connection = _connect(where)
        except sqlite3.Error as exc:
            raise RecordError(where, f"cannot be opened: {exc}") from None
        try:
            checked_to = _prepare(where, connection, rows=rows)
        except BaseException:
            connection.close()
            raise
        record = cls(where, connection)
        record._checked_to = checked_to
        return record

    def __enter__(self) -> Record:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file (the write-ahead log is folded into it)."""
        self._connection.close()

    def write(self, entry: Entry, *, save: str | None = None, saved_as: str | None = None,
              schedule: Scheduled | None = None) -> int:
        """Add ``entry`` in one transaction; returns its row's number. ``save`` is the
        game's save (:meth:`~cribbage_edu.rules.game.Game.to_json`, the game the entry
        names, or ``saved_as``, up to the decision or past it), kept to rebuild the
        position (:meth:`game`); ``schedule`` is the practice's new schedule for a position (its
        ``decision`` 0: this entry). A record that cannot be written raises
        :class:`RecordError`, and nothing is half-written."""
        if not isinstance(entry, Entry):
            raise IllegalActionError(f"the record takes an Entry, not {entry!r}")
        saved_as = entry.game if saved_as is None else saved_as
        if save is not None and (not isinstance(save, str) or not isinstance(saved_as, str)):
            raise IllegalActionError("a game's save is the text of Game.to_json(), written "
                                     "with a decision that names its game (or saved_as)")
        if schedule is not None and not isinstance(schedule, Scheduled):
            raise IllegalActionError(f"a schedule is a Scheduled, not {schedule!r}")
        row = entry.row()
        try:
            with self._lock:
                self._connection.execute("BEGIN IMMEDIATE")
                try:
                    cursor = self._connection.execute(
                        f"INSERT INTO decisions ({', '.join(_COLUMNS)}, checksum) VALUES "
                        f"({', '.join('?' * (len(_COLUMNS) + 1))})", (*row, _checksum(row)))
                    number = cursor.lastrowid
                    assert number is not None
                    if save is not None:
                        self._connection.execute(
                            "INSERT OR REPLACE INTO games (game, save) VALUES (?, ?)",
                            (saved_as, zlib.compress(save.encode("utf-8"))))
                    if schedule is not None:
                        self._schedule(replace(schedule, decision=schedule.decision or number))
                    self._connection.execute("COMMIT")
                except BaseException:
                    self._connection.execute("ROLLBACK")
                    raise
        except sqlite3.Error as exc:
            raise RecordError(self.path, f"could not be written: {exc}") from None
        return number

    def _schedule(self, scheduled: Scheduled) -> None:
        row = scheduled.row()
        self._connection.execute(
            "INSERT OR REPLACE INTO practice (item, kind, decision, due, schedule, checksum) "
            "VALUES (?, ?, ?, ?, ?, ?)", (*row, _checksum(row)))

    def game(self, game: str) -> str | None:
        """The save of ``game`` (the text of :meth:`~cribbage_edu.rules.game.Game.to_json`,
        which carries its own checksum) as last written with one of its decisions, or
        ``None`` when none was kept (a throw's or a count's game, a version-1 record)."""
        with self._lock:
            found = self._connection.execute("SELECT save FROM games WHERE game = ?",
                                             (game,)).fetchone()
        if found is None:
            return None
        try:
            return zlib.decompress(found[0]).decode("utf-8")
        except (zlib.error, TypeError, UnicodeDecodeError):
            return None  # damaged: the card cannot be rebuilt (the practice says so)

    def schedule(self) -> list[Scheduled]:
        """The practice's schedule: every position practised, soonest due first; a row
        whose checksum does not match its fields is refused (:class:`RecordError`)."""
        try:
            with self._lock:
                rows = self._connection.execute(
                    "SELECT item, kind, decision, due, schedule, checksum FROM practice "
                    "ORDER BY due, item").fetchall()
        except sqlite3.Error as exc:
            raise RecordError(self.path, f"cannot be read: {exc}") from None
        out = []
        for *fields, checksum in rows:
            if _checksum(tuple(fields)) != checksum:
                raise RecordError(self.path, f"is damaged: the practice of {fields[0][:40]!r} "
                                             f"does not match its checksum")
            item, kind, decision, due, text = fields
            try:
                out.append(Scheduled(item, DecisionKind(kind), decision,
                                     datetime.fromisoformat(due), text))
            except ValueError as exc:
                raise RecordError(self.path, f"is damaged: the practice of {item[:40]!r} "
                                             f"cannot be read ({exc})") from None
        return out

    def entry(self, number: int) -> Entry:
        """The decision of row ``number`` (checked against its checksum)."""
        with self._lock:
            row = self._connection.execute(
                f"SELECT id, {', '.join(_COLUMNS)}, checksum FROM decisions WHERE id = ?",
                (number,)).fetchone()
        if row is None:
            raise RecordError(self.path, f"holds no decision {number}")
        return self._entry(row)

    def entries(self, *, game: str | None = None) -> list[Entry]:
        """Every decision recorded (of one ``game`` if named), oldest first; a row whose
        checksum does not match its fields is refused (:class:`RecordError`)."""
        where, args = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        try:
            with self._lock:
                rows = self._connection.execute(
                    f"SELECT id, {', '.join(_COLUMNS)}, checksum FROM decisions {where} "
                    f"ORDER BY id", args).fetchall()
        except sqlite3.Error as exc:
            raise RecordError(self.path, f"cannot be read: {exc}") from None
        return [self._entry(row) for row in rows]

    def __len__(self) -> int:
        with self._lock:
            found = self._connection.execute("SELECT count(*) FROM decisions").fetchone()
        return int(found[0])

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries())

    def _entry(self, row: tuple[Any, ...]) -> Entry:
        number, fields = (row[0], row[1:-1]) if row[0] <= self._checked_to else \
            _checked(self.path, row)
        (kind, position, chosen, best, loss, chance_loss, grade, verdict, rule, game, seed,
         deal, action, origin, time) = fields
        try:
            values = (_KIND_OF[kind], StoredPosition(position), chosen, best, loss,
                      chance_loss, _GRADE_OF[grade], verdict, rule, game, seed, deal, action,
                      origin, datetime.fromisoformat(time), number)
        except (KeyError, ValueError, TypeError) as exc:
            said = f"no kind or grade {exc}" if isinstance(exc, KeyError) else str(exc)
            raise RecordError(self.path, f"is damaged: decision {number} cannot be read "
                                         f"({said})") from None
        entry = object.__new__(Entry)  # checked when written, and its checksum matches:
        for put, value in zip(_PUT, values, strict=True):  # made without checking again
            put(entry, value)
        return entry

    def copy_to(self, path: Path | str) -> Path:
        """A consistent copy of the whole record in one file at ``path`` (what a learner
        hands in), made while others may be writing; refuses to overwrite a file."""
        target = Path(path)
        if target.exists():
            raise RecordError(target, "exists already: the copy is never written over it")
        try:
            copy = sqlite3.connect(target)
            try:
                self._connection.backup(copy)
            finally:
                copy.close()
        except sqlite3.Error as exc:
            raise RecordError(target, f"cannot be made: {exc}") from None
        return target

    def __repr__(self) -> str:
        return f"<Record {str(self.path)!r}: {len(self)} decisions>"


_KIND_OF = {kind.value: kind for kind in DecisionKind}
_GRADE_OF = {grade.value: grade for grade in Grade}
_PUT = [getattr(Entry, name).__set__ for name in Entry.__slots__]
"""Each field of an :class:`Entry` set in the order of its slots (which is the columns'
order, then the row's number): how a row read back becomes an entry."""
assert tuple(Entry.__slots__) == (*_COLUMNS, "number")


def read_entries(path: Path | str) -> list[Entry]:
    """Every decision of the record at ``path`` (which must exist), oldest first: the
    file checked as :meth:`Record.open` checks it, refused as it refuses one
    (:class:`RecordError`), each decision checked against its checksum as it is read
    (once: not on opening and again on reading). What the progress and the class view
    read.

    >>> import tempfile
    >>> try:
    ...     read_entries(Path(tempfile.mkdtemp()) / RECORD_NAME)
    ... except RecordError as exc:
    ...     print(exc.reason)
    does not exist
    """
    with Record._open(path, create=False, rows=False) as record:
        return record.entries()


def _checked(path: Path, row: tuple[Any, ...]) -> tuple[int, tuple[Any, ...]]:
    """A row's number and fields, once its checksum is found to match its fields."""
    number, *fields, checksum = row
    if _checksum(tuple(fields)) != checksum:
        raise RecordError(path, f"is damaged: decision {number} does not match its checksum")
    return number, tuple(fields)


def _prepare(path: Path, connection: sqlite3.Connection, *, rows: bool = True) -> int:
    """Make a new record, check an old one and bring it up to date, or refuse it;
    returns the number of the last row checked against its checksum (with ``rows``
    false, an up-to-date record's rows are left to be checked as they are read)."""
    checked_to = 0
    try:
        application, version, tables = _header(connection)
        if not tables and application == 0 and version == 0:
            connection.execute("BEGIN IMMEDIATE")
            if connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                connection.execute("ROLLBACK")  # another process made it meanwhile
                return _prepare(path, connection)
            _statements(connection, _TABLES_V1)
            connection.executemany("INSERT INTO meta VALUES (?, ?)", [
                ("application", APPLICATION), ("schema", "1"),
                ("created", datetime.now(UTC).isoformat())])
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            _upgrade(connection, 1)
            connection.execute("COMMIT")
        elif application != APPLICATION_ID:
            raise RecordError(path, f"is another program's database, not a cribbage-edu "
                                    f"record (its application id is {application:#x})")
        elif version > SCHEMA_VERSION:
            raise RecordError(path, f"is of schema version {version}, newer than this "
                                    f"cribbage-edu knows ({SCHEMA_VERSION}): update it")
        elif version < 1 or "decisions" not in tables or "meta" not in tables:
            raise RecordError(path, f"is damaged: its schema (version {version}, tables "
                                    f"{', '.join(sorted(tables)) or 'none'}) is no record's")
        else:
            found = connection.execute("PRAGMA quick_check").fetchall()
            if found != [("ok",)]:
                said = [line for row in found for line in str(row[0]).splitlines()
                        if not line.startswith("***")]  # "*** in database main ***"
                raise RecordError(path, f"is damaged: {'; '.join(said[:3])}")
            if rows or version < SCHEMA_VERSION:
                for row in connection.execute(f"SELECT id, {', '.join(_COLUMNS)}, "
                                              f"checksum FROM decisions ORDER BY id"):
                    checked_to, _ = _checked(path, row)  # a flipped bit is found now
            _migrate(path, connection, version)
        _write_ahead(connection)
        # a commit is written to the log at once (a killed process loses nothing written)
        # but synced only at a checkpoint: FULL would sync every decision, 0.15 ms a write
        # and 4 ms at the 99th percentile on a shared disk, against 0.01 and 0.07 ms
        connection.execute("PRAGMA synchronous = NORMAL")
        try:  # fold the log into the file; another process busy with it does so later
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.OperationalError as exc:
            if not _locked(exc):
                raise
        return checked_to
    except sqlite3.DatabaseError as exc:
        raise RecordError(path, f"is damaged or not a record: {exc}") from None


def _locked(exc: sqlite3.OperationalError) -> bool:
    """Whether SQLite refused for a lock another connection holds ("database is locked",
    "database table is locked"), which passes, rather than for a fault of the file."""
    return "locked" in str(exc)


def _header(connection: sqlite3.Connection) -> tuple[int, int, set[str]]:
    """The file's application id, schema version and tables, read in one transaction:
    read one by one, another process making the record meanwhile could be seen half
    made (its tables without its application id) and the file refused as foreign."""
    connection.execute("BEGIN")
    try:
        ((application, version, names),) = connection.execute(
            "SELECT (SELECT application_id FROM pragma_application_id), "
            "(SELECT user_version FROM pragma_user_version), "
            "(SELECT group_concat(name, char(10)) FROM sqlite_master "
            "WHERE type = 'table')").fetchall()
    finally:
        connection.execute("COMMIT")
    return application, version, set(names.split("\n")) if names else set()


def _write_ahead(connection: sqlite3.Connection) -> None:
    """Put the record in write-ahead mode. SQLite answers "database is locked" at once,
    without waiting on its busy timeout, when another process is switching the same new
    file to write-ahead mode or holds it meanwhile (two notebooks opening a new record
    together: one of five tries on a loaded machine): try again for up to
    :data:`BUSY_SECONDS`, as SQLite itself waits for a lock."""
    deadline = time.monotonic() + BUSY_SECONDS
    pause = 0.005
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if not _locked(exc) or time.monotonic() > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.2)


def _statements(connection: sqlite3.Connection, script: str) -> None:
    for statement in filter(str.strip, script.split(";")):
        connection.execute(statement)


def _upgrade(connection: sqlite3.Connection, version: int) -> None:
    """Run the migrations from ``version`` to :data:`SCHEMA_VERSION` in the transaction
    open on ``connection``, and say the new version."""
    for step in range(version, SCHEMA_VERSION):
        _statements(connection, MIGRATIONS[step])
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _migrate(path: Path, connection: sqlite3.Connection, version: int) -> None:
    """Bring a record of an older ``version`` up to date, in one transaction (all the
    steps or none); another process that did it meanwhile leaves nothing to do."""
    if version >= SCHEMA_VERSION:
        return
    missing = [step for step in range(version, SCHEMA_VERSION) if step not in MIGRATIONS]
    if missing:
        raise RecordError(path, f"is of schema version {version}, which no migration "
                                f"brings up to {SCHEMA_VERSION}")
    connection.execute("BEGIN IMMEDIATE")
    try:
        now = connection.execute("PRAGMA user_version").fetchone()[0]  # read in the lock
        if now < SCHEMA_VERSION:
            _upgrade(connection, now)
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise


class Recorder:
    """What a table or the terminal game writes its verdicts through: the record
    ``where`` says (``True``: the course's, :func:`course_record`; ``False`` or ``None``:
    none; a path; an open :class:`Record`), opened at once. A record that is refused or
    cannot be written is said once (a warning, and :attr:`problem`), and from then on
    nothing is recorded: the game goes on. :meth:`playing` names the game the next
    decisions are made in (a new game object, a new game in the record); a card is
    written with that game's save (``game.to_dict()`` as compact JSON), so the practice
    can rebuild it.

    >>> import tempfile
    >>> from cribbage_edu.rules.game import Game
    >>> from cribbage_edu.strategy.coach import judge_throw
    >>> recorder = Recorder(Path(tempfile.mkdtemp()) / RECORD_NAME, origin="terminal")
    >>> recorder.playing(Game(seed=5))
    >>> entry = recorder.judged(judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False),
    ...                         deal=1, action=0)
    >>> entry.seed, entry.origin, entry.grade.value, len(recorder.record)
    (5, 'terminal', 'blunder', 1)
    >>> Recorder(False, origin="table").record is None
    True
    """

    def __init__(self, where: object = True, *, origin: str) -> None:
        if origin not in ORIGINS:
            raise IllegalActionError(f"a decision's origin is one of {', '.join(ORIGINS)}, "
                                     f"not {origin!r}")
        self.origin = origin
        self.problem: str | None = None
        """Why nothing is recorded (the record refused, or a write failed), if so."""
        self.record: Record | None = None
        self.game: str | None = None
        self.seed: int | None = None
        self._playing: object = None
        if isinstance(where, Record):
            self.record = where
            return
        if where is True:
            path = course_record()
        elif where is False or where is None:
            path = None
        elif isinstance(where, str | Path):
            path = Path(where)
        else:
            raise IllegalActionError(f"record is True (the course's), False, a file's path "
                                     f"or a Record, not {where!r}")
        if path is not None:
            try:
                self.record = Record.open(path)
            except RecordError as exc:
                self._refused(exc)

    @property
    def path(self) -> Path | None:
        """The record's file (``None`` when nothing is recorded)."""
        return None if self.record is None else self.record.path

    def playing(self, game: object) -> None:
        """The next decisions are made in ``game`` (anything with a ``seed``): a game
        not seen before starts a new game in the record."""
        if game is not self._playing:
            self._playing = game
            self.game = uuid.uuid4().hex
            seed = getattr(game, "seed", None)
            self.seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else None

    def judged(self, judged: ThrowVerdict | CardVerdict | Decision, *,
               deal: int | None = None, action: int | None = None) -> Entry | None:
        """Record a verdict of the coach (or a review's decision) in the game being
        played; the entry written, or ``None`` when nothing is recorded."""
        if self.record is None:
            return None
        entry = entry_of(judged, game=self.game, seed=self.seed, deal=deal, action=action,
                         origin=self.origin)
        save = None
        saver = getattr(self._playing, "to_dict", None)
        if entry.kind is DecisionKind.CARD and action is not None and callable(saver):
            # the game to rebuild the card's position from (the practice), written compact
            # (the pretty save text takes twice as long to write: 0.5 ms a whole game)
            save = json.dumps(saver(), separators=(",", ":"), ensure_ascii=False)
        try:
            number = self.record.write(entry, save=save)
        except RecordError as exc:
            self._refused(exc)
            return None
        return replace(entry, number=number)

    def _refused(self, exc: RecordError) -> None:
        self.problem = f"{exc}: nothing is recorded"
        if self.record is not None:
            self.record.close()
        self.record = None
        warnings.warn(self.problem, RuntimeWarning, stacklevel=3)

    def close(self) -> None:
        """Close the record (nothing more is recorded)."""
        if self.record is not None:
            self.record.close()
            self.record = None
