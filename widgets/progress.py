"""Progress: the learner's progress, read from their record of decisions
(:mod:`cribbage_edu.study.record`): the four points in words (the trend of the points lost
a decision, the counts right first time, what costs most, the best and worst games), the
latest games with their accuracy, and the charts, game by game or week by week: SVG the
browser draws (:func:`cribbage_edu.charts.record_svg.record_svg`, a few milliseconds from
10,000 decisions; the same four panels as the matplotlib chart the command line saves,
:func:`cribbage_edu.charts.record.record_chart`).

``record=True`` (the default) reads the course folder's record; a file's path names
another. The widget only reads: nothing is written, and nothing leaves the folder.

>>> import tempfile
>>> from pathlib import Path
>>> Progress(Path(tempfile.mkdtemp()) / "none.sqlite", chart=False).value.message[:40]
'No record yet: play a game with the coac'
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path
from types import ModuleType

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.charts.review_svg import KIND_WORDS as _KIND_WORDS
from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.study.progress import BY, progress_of
from cribbage_edu.study.progress import Progress as Read  # the widget is the Progress here
from cribbage_edu.study.record import RecordError, read_entries, record_path

from .feedback import Message, StaticPicture

KIND_WORDS: dict[str, str] = {str(k): v for k, v in _KIND_WORDS.items()}


def _charts() -> ModuleType:
    """The record's charts, imported when one is drawn (matplotlib is not loaded before)."""
    from cribbage_edu.charts import record

    return record

__all__ = ["Progress", "ProgressState"]

LATEST = 5
"""How many of the latest games the table lists."""


@dataclass(frozen=True)
class ProgressState:
    """What a :class:`Progress` shows: the record's file (``None`` outside a course), how
    it is told (``by``), the decisions and games read, the four points, the message."""

    record: Path | None
    by: str
    decisions: int
    games: int
    points: dict[str, str]
    message: str


class Progress(StaticPicture, w.VBox):  # type: ignore[misc]
    """The learner's progress from their record (see the module): choose game by game or
    week by week; Refresh reads the record again (after more games)."""

    RUN_TO = "see your progress, read from your record of decisions"

    def __init__(self, record: object = True, *, by: str = "game", chart: bool = True) -> None:
        if by not in BY:
            raise IllegalActionError(f"progress is told by 'game' or by 'week', not {by!r}")
        path = record_path(record)
        super().__init__()
        self.add_class("cribbage-progress-view")
        self._path = path
        self._chart = chart
        self._read: Read | None = None
        self.by = w.ToggleButtons(options=[("game by game", "game"), ("week by week", "week")],
                                  value=by, description="")
        self.by.observe(lambda _: self.refresh(), names="value")
        self.refresh_button = w.Button(description="Refresh", tooltip="read your record "
                                       "again")
        self.refresh_button.add_class("cribbage-progress-refresh")
        self.refresh_button.on_click(lambda _: self.refresh())
        self.message = Message()
        self.points = w.HTML()
        self.points.add_class("cribbage-progress-points")
        self.latest = w.HTML()
        self.chart_out = w.HTML()  # the charts as SVG
        self.chart_out.add_class("cribbage-progress-chart")
        self.children = [w.HTML("<b>Your progress</b>"), w.HBox([self.by, self.refresh_button]),
                         self.message, self.points, self.latest, self.chart_out]
        self.refresh()

    def refresh(self) -> None:
        """Read the record again and show what it says (what Refresh does)."""
        self._read = None
        self.points.value = self.latest.value = self.chart_out.value = ""
        path = self._path
        if path is None:
            self.message.say("No record here: your record is kept in your course folder; "
                             "open this notebook there (cribbage-edu course).")
            return
        if not path.exists():
            self.message.say("No record yet: play a game with the coach on (the table, or "
                             "cribbage-edu play), and each decision is kept.")
            return
        try:
            read = progress_of(read_entries(path))
        except RecordError as exc:
            self.message.warn(f"{exc}. cribbage-edu progress --set-aside keeps it beside "
                              f"and starts a new one.")
            return
        self._read = read
        by = str(self.by.value)
        points = _charts().record_points(read, by)
        self.message.say(f"{len(read.entries):,} decisions in {len(read.games):,} games, "
                         f"read from {path.name}.")
        self.points.value = "".join(
            f"<p class='cribbage-progress-point' data-point='{key}' style='margin:2px 0'>"
            f"{escape(text)}</p>" for key, text in points.items())
        self.latest.value = _latest_table(read)
        if self._chart and read.entries:
            from cribbage_edu.charts.record_svg import record_svg

            self.chart_out.value = record_svg(read, by)

    @property
    def value(self) -> ProgressState:
        """What is shown (read-only)."""
        read = self._read
        by = str(self.by.value)
        return ProgressState(self._path, by, 0 if read is None else len(read.entries),
                             0 if read is None else len(read.games),
                             {} if read is None else _charts().record_points(read, by),
                             self.message.text)

    def __repr__(self) -> str:
        return f"<Progress of {self._path}: {self.value.decisions} decisions>"


def _latest_table(read: Read) -> str:
    games = list(enumerate(read.games, 1))[-LATEST:]
    if not games:
        return ""
    kinds = ("throw", "card", "count")
    head = "".join(f"<th>{escape(h)}</th>" for h in (
        "game", "day", "decisions", *(f"{KIND_WORDS[k]}: lost a decision" for k in kinds),
        "accuracy"))
    rows = []
    for n, g in reversed(games):
        cells = [str(n), g.label, str(g.decisions)]
        for kind in kinds:
            lost = next(g.loss_a_decision(k) for k in g.by_kind if k.value == kind)
            cells.append("" if lost is None else f"{lost:.2f}")
        cells.append(f"{g.accuracy:.0f}")
        rows.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    return (f"<table class='cribbage-progress-latest'><caption>Your latest games"
            f"</caption><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
