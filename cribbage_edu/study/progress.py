"""A learner's progress, read from their record (:mod:`.record`): the points lost a
decision by kind over time (game by game, or week by week), the counts right first time,
what costs the most (by kind and grade), and the best and worst games by their accuracy.

The accuracy of a game (:func:`accuracy`) is worked from the points its decisions lost,
on average: ``100 / (1 + L)`` for ``L`` points lost a decision. A game of decisions that
lose nothing scores 100; one that loses half a point a decision (an inaccuracy's worth)
scores 67; a point a decision, 50; three points (a blunder's worth), 25.

>>> from datetime import UTC, datetime
>>> from cribbage_edu.strategy.coach.grades import DecisionKind, Grade
>>> day = datetime(2026, 12, 1, tzinfo=UTC)
>>> def throw(loss, game):
...     return Entry(DecisionKind.THROW, {}, "2C 3D", "9S KD", loss, None,
...                  Grade.of_points(loss), game=game, time=day)
>>> p = progress_of([throw(0.0, "a"), throw(2.0, "a"), throw(0.5, "b")])
>>> [(g.game, g.decisions, g.loss, round(g.accuracy)) for g in p.games]
[('a', 2, 2.0, 50), ('b', 1, 0.5, 67)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from ..rules.errors import IllegalActionError
from ..strategy.coach.grades import DecisionKind, Grade
from .record import Entry

__all__ = ["BY", "RANKED_DECISIONS", "GameSummary", "Period", "Progress", "accuracy",
           "progress_of"]

BY = ("game", "week")
"""How the progress is told over time: game by game, or week by week."""
RANKED_DECISIONS = 5
"""The decisions a game needs to be ranked among the best and worst (a game left after a
throw or two says little)."""


def accuracy(loss_a_decision: float) -> float:
    """The accuracy of a game whose decisions lost ``loss_a_decision`` points each, on
    average: ``100 / (1 + loss)``, from 100 (nothing lost) down toward 0.

    >>> [round(accuracy(x)) for x in (0, 0.5, 1, 3)]
    [100, 67, 50, 25]
    """
    return 100.0 / (1.0 + loss_a_decision)


@dataclass(frozen=True, slots=True)
class Period:
    """The decisions of one game or one week: its ``label``, when it began (``start``),
    the decisions and points lost by kind, the shows counted and those right first
    time."""

    label: str
    start: datetime
    by_kind: dict[DecisionKind, tuple[int, float]]
    shows: int
    right_first: int

    @property
    def decisions(self) -> int:
        return sum(n for n, _ in self.by_kind.values())

    @property
    def loss(self) -> float:
        return sum(lost for _, lost in self.by_kind.values())

    def loss_a_decision(self, kind: DecisionKind | None = None) -> float | None:
        """Points lost a decision (of one ``kind``, or of all); ``None`` with none."""
        n, lost = (self.by_kind[kind] if kind is not None
                   else (self.decisions, self.loss))
        return lost / n if n else None

    @property
    def accuracy(self) -> float:
        """The period's :func:`accuracy` (100 when it holds no decision)."""
        return accuracy(self.loss_a_decision() or 0.0)


@dataclass(frozen=True, slots=True)
class GameSummary(Period):
    """One game's decisions (a :class:`Period` labelled by its day), with its key."""

    game: str = ""


@dataclass(frozen=True, slots=True)
class Progress:
    """What the record says of the learner (see the module): every entry, oldest
    first, and the games they were made in (oldest first)."""

    entries: tuple[Entry, ...]
    games: tuple[GameSummary, ...]

    def periods(self, by: str = "game") -> list[Period]:
        """The progress over time: a :class:`Period` for each game (the decisions made
        in no game, such as practice, left out) or each week (Monday to Sunday, UTC,
        every decision)."""
        if by not in BY:
            raise IllegalActionError(f"progress is told by 'game' or by 'week', not {by!r}")
        if by == "game":
            return list(self.games)
        weeks: dict[datetime, list[Entry]] = {}
        for entry in self.entries:
            day = entry.time.replace(hour=0, minute=0, second=0, microsecond=0)
            weeks.setdefault(day - timedelta(days=day.weekday()), []).append(entry)
        return [_period(f"week of {start:%d %b %Y}", start, group)
                for start, group in sorted(weeks.items())]

    def costs(self) -> list[tuple[DecisionKind, Grade, int, float]]:
        """What costs most: (kind, grade, decisions, points lost) for each kind and
        grade that lost anything, most costly first."""
        found: dict[tuple[DecisionKind, Grade], tuple[int, float]] = {}
        for entry in self.entries:
            n, lost = found.get((entry.kind, entry.grade), (0, 0.0))
            found[(entry.kind, entry.grade)] = (n + 1, lost + entry.loss)
        order = list(Grade)
        return sorted(((kind, grade, n, lost) for (kind, grade), (n, lost) in found.items()
                       if lost > 0),
                      key=lambda row: (-row[3], list(DecisionKind).index(row[0]),
                                       order.index(row[1])))

    def ranked(self) -> list[GameSummary]:
        """The games of at least :data:`RANKED_DECISIONS` decisions, best first (by
        accuracy; the earlier first on ties)."""
        return sorted((g for g in self.games if g.decisions >= RANKED_DECISIONS),
                      key=lambda g: -g.accuracy)

    @property
    def shows(self) -> tuple[int, int]:
        """(shows counted, right first time) over the whole record."""
        firsts = _first_claims(self.entries)
        return len(firsts), sum(1 for e in firsts if e.verdict == "right")


def _first_claims(entries: Iterable[Entry]) -> list[Entry]:
    """The first claim of each show counted: a second claim of the same cards in the
    same game and deal (after a wrong first one) is not a first."""
    seen: set[tuple[object, ...]] = set()
    firsts = []
    for entry in entries:
        if entry.kind is not DecisionKind.COUNT:
            continue
        if entry.game is None:
            firsts.append(entry)
            continue
        key = (entry.game, entry.deal, entry.position_text)
        if key not in seen:
            seen.add(key)
            firsts.append(entry)
    return firsts


def _period(label: str, start: datetime, entries: list[Entry]) -> Period:
    by_kind = dict.fromkeys(DecisionKind, (0, 0.0))
    for entry in entries:
        n, lost = by_kind[entry.kind]
        by_kind[entry.kind] = (n + 1, lost + entry.loss)
    firsts = _first_claims(entries)
    return Period(label, start, by_kind, len(firsts),
                  sum(1 for e in firsts if e.verdict == "right"))


def progress_of(entries: Iterable[Entry]) -> Progress:
    """The progress in ``entries`` (a record's, oldest first)."""
    every = tuple(sorted(entries, key=lambda e: (e.time, e.number or 0)))
    by_game: dict[str, list[Entry]] = {}
    for entry in every:
        if entry.game is not None:
            by_game.setdefault(entry.game, []).append(entry)
    games = []
    for key, group in by_game.items():  # in the order each game began
        first = group[0].time
        base = _period(f"{first:%d %b}", first, group)
        games.append(GameSummary(base.label, base.start, base.by_kind, base.shows,
                                 base.right_first, key))
    return Progress(every, tuple(games))
