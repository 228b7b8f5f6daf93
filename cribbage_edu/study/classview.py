"""The class view: a teacher's table of the students' records (:mod:`.record`), handed in
or read from their folders: each student's decisions by kind and by rule (the points lost a
decision), the counts right first time, and who improved most.

Each decision is counted under its kind (``'throw'``, ``'card'``, ``'count'``) and, when
the coach named the rule of the rulebook that decides it (the record's ``rule`` column:
"count the card", "an exception to count the keep", ...), under that rule too
(:func:`rules_of`): the columns by rule say how often a rule decided against the student
and what it cost them each time. The table weighs the decisions of play (at a table, in the
terminal, in a lesson); the answers given in the practice (:mod:`.practice`, positions
chosen for being hard for the student) are counted apart: how many, and how many right.

Who improved most is measured by the accuracy of the games (:func:`.progress.accuracy`,
``100 / (1 + L)`` for ``L`` points lost a decision, the decisions of the games pooled):
the student's first :data:`FIRST_LAST` games against their last :data:`FIRST_LAST`, among
the games of at least :data:`.progress.RANKED_DECISIONS` decisions (fewer games than twice
that: the halves of the games there are; fewer than two games: not measured). The
improvement is the difference, in points of accuracy.

A student may hand in or hold several records (one an assignment, a copy handed in twice,
one written before the hub kept a single record a student): they are read as one, the union
of their decisions (:func:`union`), each decision once. A decision is the same decision when
every field it was written with is the same (its game's id and its time, to the
microsecond, among them): a copy keeps them all, two decisions never share them. Its row's
number is not part of it: each file numbers its own rows.

>>> from datetime import UTC, datetime, timedelta
>>> from cribbage_edu.strategy.coach.grades import DecisionKind, Grade
>>> day = datetime(2026, 12, 1, tzinfo=UTC)
>>> def throw(loss, game, n):
...     return Entry(DecisionKind.THROW, {}, "2C 3D", "9S KD", loss, None,
...                  Grade.of_points(loss), game=game, time=day + timedelta(minutes=n))
>>> ada = [throw(1.0, "a", n) for n in range(5)] + [throw(0.0, "b", n + 5) for n in range(5)]
>>> view = class_view({"ada": ada})
>>> row = view.students[0]
>>> row.name, row.decisions, row.loss_a_decision("throw"), row.first, row.last
('ada', 10, 0.5, 50.0, 100.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..strategy.coach.grades import DecisionKind
from .practice import is_right
from .progress import RANKED_DECISIONS, accuracy, progress_of
from .record import Entry

__all__ = ["FIRST_LAST", "ClassView", "StudentRow", "class_view", "rule_of", "rules_of",
           "union"]

FIRST_LAST = 3
"""How many of a student's first games are weighed against as many of their last."""


def union(records: Iterable[Iterable[Entry]]) -> list[Entry]:
    """The decisions of several records of one student as one record: each decision once
    (the same fields, whatever its row's number in each file: see the module), oldest
    first (in the order of the first record that holds it, for the same time).

    >>> from datetime import UTC, datetime
    >>> from cribbage_edu.strategy.coach.grades import DecisionKind, Grade
    >>> def throw(minute, number):
    ...     return Entry(DecisionKind.THROW, {}, "2C 3D", "9S KD", 1.0, None, Grade.MISTAKE,
    ...                  game="g", time=datetime(2026, 12, 1, 9, minute, tzinfo=UTC),
    ...                  number=number)
    >>> [e.time.minute for e in union([[throw(1, 1), throw(2, 2)], [throw(2, 7), throw(3, 1)]])]
    [1, 2, 3]
    """
    seen: set[tuple[object, ...]] = set()
    every = []
    for entries in records:
        for entry in entries:
            key = entry.row()
            if key not in seen:
                seen.add(key)
                every.append(entry)
    every.sort(key=lambda e: e.time)
    return every


def rule_of(entry: Entry) -> str:
    """The rule a decision concerns: the rulebook's name when the record holds one, else
    its kind (``'throw'``, ``'card'``, ``'count'``)."""
    return entry.rule or entry.kind.value


def rules_of(entry: Entry) -> tuple[str, ...]:
    """The columns of the class view a decision counts in: its kind, and the rule the
    coach named for it, if any.

    >>> from datetime import UTC, datetime
    >>> from cribbage_edu.strategy.coach.grades import DecisionKind, Grade
    >>> entry = Entry(DecisionKind.CARD, {}, "5C", "3D", 1.6, None, Grade.MISTAKE,
    ...               rule="count the card", time=datetime(2026, 12, 1, tzinfo=UTC))
    >>> rules_of(entry)
    ('card', 'count the card')
    """
    kind = entry.kind.value
    return (kind,) if not entry.rule or entry.rule == kind else (kind, entry.rule)


@dataclass(frozen=True, slots=True)
class StudentRow:
    """One student's line of the class view: the ``name``, the decisions of play, the
    decisions and points lost by kind and by rule (:func:`rules_of`), the shows counted and
    those right first time, the accuracy of their ``first`` and ``last`` games (``None``:
    too few games), and the practice's answers (``practised``) with those right."""

    name: str
    decisions: int
    games: int
    by_rule: dict[str, tuple[int, float]]
    shows: int
    right_first: int
    first: float | None
    last: float | None
    practised: int = 0
    practised_right: int = 0

    def loss_a_decision(self, rule: str) -> float | None:
        """Points lost a decision of ``rule`` (``None``: no such decision)."""
        n, lost = self.by_rule.get(rule, (0, 0.0))
        return lost / n if n else None

    @property
    def improvement(self) -> float | None:
        """The accuracy of the last games less that of the first (``None``: not measured)."""
        return None if self.first is None or self.last is None else self.last - self.first


@dataclass(frozen=True, slots=True)
class ClassView:
    """The class view: a row a student (by name), the rules met, in the kinds' order and
    then by name, and the records left out with why (one line each)."""

    students: tuple[StudentRow, ...]
    rules: tuple[str, ...]
    left_out: tuple[str, ...] = ()

    def improved_most(self) -> list[StudentRow]:
        """The students whose improvement is measured, most improved first."""
        measured = [s for s in self.students if s.improvement is not None]
        return sorted(measured, key=lambda s: (-(s.improvement or 0.0), s.name))

    def class_loss(self, rule: str) -> float | None:
        """Points lost a decision of ``rule`` over the whole class (every decision
        weighed once)."""
        n = sum(s.by_rule.get(rule, (0, 0.0))[0] for s in self.students)
        lost = sum(s.by_rule.get(rule, (0, 0.0))[1] for s in self.students)
        return lost / n if n else None


def _pooled(games: Sequence[tuple[int, float]]) -> float:
    decisions = sum(n for n, _ in games)
    return accuracy(sum(lost for _, lost in games) / decisions)


def student_row(name: str, entries: Iterable[Entry]) -> StudentRow:
    """One student's row, from their record's entries."""
    every = list(entries)
    practised = [e for e in every if e.origin == "practice"]
    read = progress_of(e for e in every if e.origin != "practice")
    by_rule: dict[str, tuple[int, float]] = {}
    for entry in read.entries:
        for rule in rules_of(entry):
            n, lost = by_rule.get(rule, (0, 0.0))
            by_rule[rule] = (n + 1, lost + entry.loss)
    shows, right = read.shows
    played = [(g.decisions, g.loss) for g in read.games if g.decisions >= RANKED_DECISIONS]
    first = last = None
    if len(played) >= 2:
        k = min(FIRST_LAST, len(played) // 2)
        first, last = _pooled(played[:k]), _pooled(played[-k:])
    return StudentRow(name, len(read.entries), len(read.games), by_rule, shows, right,
                      first, last, len(practised), sum(map(is_right, practised)))


def class_view(records: Mapping[str, Iterable[Entry]], *,
               left_out: Sequence[str] = ()) -> ClassView:
    """The class view of ``records`` (each student's entries, by name); ``left_out`` says
    which records could not be read, and why."""
    rows = tuple(student_row(name, entries) for name, entries in sorted(records.items()))
    kinds = [k.value for k in DecisionKind]
    seen = {rule for row in rows for rule in row.by_rule}
    rules = tuple([k for k in kinds if k in seen] + sorted(seen - set(kinds)))
    return ClassView(rows, rules, tuple(left_out))
