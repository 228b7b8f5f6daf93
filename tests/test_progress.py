"""The learner's progress from their record (study.progress, charts.record, the
``progress`` command and the Progress widget), checked on a small record worked by hand.

The record (Monday 30 November 2026 is a Monday; 6 December a Sunday):

- game a, Mon 30 Nov: a throw losing 2.0, cards losing 0.0 and 1.0; a show claimed 6 of 8
  (under, counted again: nothing lost) then 8 (right, not a first claim); a show claimed
  right first time. 6 decisions, 3.0 points: 0.5 a decision, accuracy 100 / 1.5 = 66.7.
- game b, Sun 6 Dec: throws losing 0.0 and 0.5, cards 0.0 and 3.5, a show right.
  5 decisions, 4.0 points: 0.8 a decision, accuracy 100 / 1.8 = 55.6.
- game c, Mon 7 Dec: a throw, three cards, all losing nothing, a show claimed over.
  5 decisions, nothing lost: accuracy 100.
- a practice answer (no game), Tue 8 Dec: a card losing 1.5.

So 4 shows, 2 right first time; the blunder in the play (3.5 of the 8.5 lost, 41%) costs
most; game 3 is the best and game 2 the worst; by week, 7.0 points in 11 decisions
(0.64) the first week and 1.5 in 6 (0.25) the second.
"""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from cribbage_edu.charts.record import record_chart, record_points, rolling
from cribbage_edu.cli import main
from cribbage_edu.strategy.coach import DecisionKind, Grade
from cribbage_edu.study.progress import RANKED_DECISIONS, accuracy, progress_of
from cribbage_edu.study.record import ENVIRONMENT, RECORD_NAME, Entry, Record
from cribbage_edu.widgets import Progress

THROW, CARD, COUNT = DecisionKind.THROW, DecisionKind.CARD, DecisionKind.COUNT


def at(day: int, hour: int) -> datetime:
    return datetime(2026, 11, 30, hour, tzinfo=UTC).replace(day=day) if day >= 30 else \
        datetime(2026, 12, day, hour, tzinfo=UTC)


def decision(kind: DecisionKind, loss: float, game: str | None, when: datetime, *,
             claimed: str = "", best: str = "", verdict: str | None = None,
             hand: str = "", origin: str = "table") -> Entry:
    position: dict[str, Any] = {"hand": hand.split(), "starter": "5H", "crib": False}
    return Entry(kind, position, claimed or "2C 3D", best or "9S KD", loss, None,
                 Grade.of_points(loss), verdict, game=game, seed=1, deal=1, origin=origin,
                 time=when)


def the_record() -> list[Entry]:
    a, b, c = at(30, 10), at(6, 20), at(7, 9)
    return [
        decision(THROW, 2.0, "a", a), decision(CARD, 0.0, "a", a), decision(CARD, 1.0, "a", a),
        decision(COUNT, 0.0, "a", a, claimed="6", best="8", verdict="under", hand="5C 5D JS 4H"),
        decision(COUNT, 0.0, "a", a, claimed="8", best="8", verdict="right", hand="5C 5D JS 4H"),
        decision(COUNT, 0.0, "a", a, claimed="4", best="4", verdict="right", hand="AS 3D 9C KH"),
        decision(THROW, 0.0, "b", b), decision(THROW, 0.5, "b", b), decision(CARD, 0.0, "b", b),
        decision(CARD, 3.5, "b", b),
        decision(COUNT, 0.0, "b", b, claimed="2", best="2", verdict="right", hand="2C 6D 8S QH"),
        decision(THROW, 0.0, "c", c), *(decision(CARD, 0.0, "c", c) for _ in range(3)),
        decision(COUNT, 0.0, "c", c, claimed="10", best="8", verdict="over", hand="5S 5H 6C 7D"),
        decision(CARD, 1.5, None, at(8, 18), origin="practice"),
    ]


@pytest.fixture
def record_path(tmp_path: Path) -> Path:
    path = tmp_path / RECORD_NAME
    with Record.open(path) as record:
        for entry in the_record():
            record.write(entry)
    return path


def test_the_accuracy_is_100_over_one_and_the_points_lost_a_decision() -> None:
    assert [accuracy(x) for x in (0.0, 0.5, 1.0, 3.0)] == [100.0, 100 / 1.5, 50.0, 25.0]


def test_the_games_their_kinds_and_their_accuracy() -> None:
    progress = progress_of(the_record())
    a, b, c = progress.games
    assert [g.game for g in progress.games] == ["a", "b", "c"]
    assert (a.decisions, a.loss, a.by_kind[THROW], a.by_kind[CARD], a.by_kind[COUNT]) == (
        6, 3.0, (1, 2.0), (2, 1.0), (3, 0.0))
    assert a.accuracy == pytest.approx(100 / 1.5) and b.accuracy == pytest.approx(100 / 1.8)
    assert c.accuracy == 100.0 and (a.shows, a.right_first) == (2, 1)
    assert (b.shows, b.right_first, c.shows, c.right_first) == (1, 1, 1, 0)
    assert progress.shows == (4, 2)
    assert [g.game for g in progress.ranked()] == ["c", "a", "b"]
    assert RANKED_DECISIONS == 5
    assert a.loss_a_decision(THROW) == 2.0 and c.loss_a_decision(COUNT) == 0.0


def test_by_week_monday_to_sunday_with_every_decision() -> None:
    weeks = progress_of(the_record()).periods("week")
    assert [w.label for w in weeks] == ["week of 30 Nov 2026", "week of 07 Dec 2026"]
    assert [(w.decisions, w.loss) for w in weeks] == [(11, 7.0), (6, 1.5)]
    assert weeks[1].by_kind[CARD] == (4, 1.5)  # the practice answer counts in its week


def test_what_costs_most() -> None:
    costs = progress_of(the_record()).costs()
    assert costs == [(CARD, Grade.BLUNDER, 1, 3.5), (THROW, Grade.MISTAKE, 1, 2.0),
                     (CARD, Grade.MISTAKE, 1, 1.5), (CARD, Grade.INACCURACY, 1, 1.0),
                     (THROW, Grade.INACCURACY, 1, 0.5)]


def test_each_chart_states_its_point() -> None:
    progress = progress_of(the_record())
    assert record_points(progress) == {
        "trend": "Your last game lost 0.00 points a decision, your first 0.50: better by 0.50.",
        "counts": "You counted 2 of your 4 shows right first time (50%).",
        "costs": "Blunders in the play cost you most: 3.5 points in 1 decision (41% of all "
                 "you lost).",
        "games": "Your best game, game 3 (07 Dec), has an accuracy of 100; your worst, game "
                 "2 (06 Dec), 56."}
    assert record_points(progress, "week")["trend"] == (
        "Your last week lost 0.25 points a decision, your first 0.64: better by 0.39.")
    fig = record_chart(progress)
    titles = [ax.get_title().replace("\n", " ") for ax in fig.axes]
    assert titles == list(record_points(progress).values())
    trend = fig.axes[0]
    every = next(line for line in trend.get_lines() if line.get_label() == "every decision")
    assert list(every.get_ydata()) == [0.5, 0.8, 0.0]  # a game a point, with few games
    games = fig.axes[3]
    labels = [line.get_label() for line in games.get_lines()]
    assert "best: game 3, 100" in labels and "worst: game 2, 56" in labels



def test_the_widgets_svg_draws_the_same_four_panels() -> None:
    """The Progress widget's charts (SVG): each panel titled with its point, the running
    figure over the games at each game's loss a decision (0.5, 0.8, 0.0: higher on the
    page for more lost, 0 on the axis), a bar a kind and grade as long as the points it
    lost, the best and worst games in the legend; named for a screen reader."""
    import re
    from html import unescape

    from cribbage_edu.charts.record_svg import record_svg

    progress = progress_of(the_record())
    svg = record_svg(progress)
    bold = [unescape(t) for t in re.findall(r'font-weight="bold"[^>]*>([^<]*)<', svg)]
    said = " ".join(bold)
    for point in record_points(progress).values():
        assert point in said, point
    assert 'role="img"' in svg and unescape(re.search(r'aria-label="([^"]*)"', svg)[1]) == \
        " ".join(record_points(progress).values())
    path = re.search(r'class="cribbage-record-line-all" d="M([^"]*)"', svg)
    assert path is not None
    ys = [float(v.split()[1]) for v in path[1].split("L")]
    assert len(ys) == 3 and ys[1] < ys[0] < ys[2]
    assert abs((ys[2] - ys[0]) / (ys[2] - ys[1]) - 0.5 / 0.8) < 0.01
    bars = re.findall(r'class="cribbage-record-cost"[^>]*width="([\d.]+)"[^>]*><title>'
                      r'([^<]*)</title>', svg)
    assert [title for _, title in bars] == [
        "blunders, the play: 3.5 points in 1 decision",
        "mistakes, the throw: 2.0 points in 1 decision",
        "mistakes, the play: 1.5 points in 1 decision",
        "inaccuracies, the play: 1.0 points in 1 decision",
        "inaccuracies, the throw: 0.5 points in 1 decision"]
    widths = [float(width) for width, _ in bars]
    assert abs(widths[0] / widths[1] - 3.5 / 2.0) < 0.01
    assert "best: game 3, 100" in svg and "worst: game 2, 56" in svg
    empty = record_svg(progress_of([]))
    assert "no counts yet" in empty and "nothing lost yet" in empty

def test_an_empty_record_says_so_in_each_chart() -> None:
    points = record_points(progress_of([]))
    assert points["trend"].startswith("Nothing recorded yet")
    assert points["counts"].startswith("No count of yours")
    assert points["costs"] == "Nothing you decided has cost a point yet."
    assert points["games"].startswith("No game of 5 decisions")
    assert len(record_chart(progress_of([])).axes) == 4


def test_the_running_share_weighs_each_game_by_its_decisions() -> None:
    assert rolling([(3.0, 6), (4.0, 5), (0.0, 5)], 2) == [0.5, 7 / 11, 0.4]


def test_the_trend_over_many_games_compares_the_first_and_last_five() -> None:
    day = at(1, 9)
    entries = [decision(CARD, 2.0 if game < 5 else 1.0 if game < 10 else 0.5, f"g{game}",
                        day.replace(hour=game + 1)) for game in range(15)]
    assert record_points(progress_of(entries))["trend"] == (
        "Your last 5 games lost 0.50 points a decision, your first 5 2.00: better by 1.50.")


# --- the command -----------------------------------------------------------------------------

def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["progress", *argv], stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_the_command_sums_up_the_record(record_path: Path) -> None:
    status, out, err = run("--record", str(record_path))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == (f"your record at {record_path}: 17 decisions in 3 games, 30 Nov 2026 "
                        f"to 08 Dec 2026")
    assert lines[1:4] == ["  the throw: 4 decisions, 0.62 points lost a decision",
                          "  the play: 8 decisions, 0.75 points lost a decision",
                          "  the count: 5 decisions, 0.00 points lost a decision"]
    assert "You counted 2 of your 4 shows right first time (50%)." in lines
    assert lines[-1] == "  game 3 (07 Dec): 5 decisions, 0.0 points lost, accuracy 100"


def test_the_command_as_json_and_a_chart(record_path: Path, tmp_path: Path) -> None:
    status, out, _ = run("--record", str(record_path), "--json", "--by", "week",
                         "--plot", str(tmp_path / "mine.png"))
    data = json.loads(out)
    assert status == 0 and data["decisions"] == 17 and data["by"] == "week"
    assert [p["decisions"] for p in data["periods"]] == [11, 6]
    assert [round(g["accuracy"], 1) for g in data["games"]] == [66.7, 55.6, 100.0]
    assert data["costs"][0] == {"kind": "card", "grade": "blunder", "decisions": 1,
                                "loss": 3.5}
    assert (tmp_path / "mine.png").read_bytes()[:4] == b"\x89PNG"


def test_the_command_finds_the_course_record(record_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, str(record_path))
    assert run()[1].startswith(f"your record at {record_path}: 17 decisions")
    monkeypatch.setenv(ENVIRONMENT, "off")
    status, out, err = run()
    assert (status, out) == (2, "") and err.startswith("cribbage-edu: error: no record here")


def test_a_damaged_record_is_refused_in_one_line_then_set_aside(record_path: Path) -> None:
    record_path.write_bytes(b"fifteen two\n" * 400)
    status, out, err = run("--record", str(record_path))
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert f"the record {str(record_path)!r} is not a SQLite database" in err
    status, out, err = run("--record", str(record_path), "--set-aside")
    assert status == 0 and f"it is kept as {record_path}.damaged" in out
    assert Path(f"{record_path}.damaged").read_bytes() == b"fifteen two\n" * 400
    assert "holds no decision yet" in out


# --- the widget ------------------------------------------------------------------------------

def test_the_widget_shows_the_points_and_the_chart(record_path: Path) -> None:
    view = Progress(record_path)
    state = view.value
    assert (state.decisions, state.games, state.by) == (17, 3, "game")
    assert state.points["counts"] == "You counted 2 of your 4 shows right first time (50%)."
    assert "data-point='costs'" in view.points.value and "Blunders in the play" in \
        view.points.value
    assert view.latest.value.count("<tr>") == 4  # the head and three games
    assert "Blunders in the play cost you most" in view.chart_out.value  # the SVG
    view.by.value = "week"
    assert view.value.points["trend"].startswith("Your last week lost 0.25")
    assert "Your last week lost 0.25" in view.chart_out.value
    with Record.open(record_path) as record:
        record.write(decision(THROW, 4.0, "d", at(9, 9)))
    view.refresh_button.click()
    assert view.value.decisions == 18 and view.value.games == 4


def test_the_widget_without_a_record_says_where_it_would_be(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    monkeypatch.setenv(ENVIRONMENT, "off")
    assert Progress().value.message.startswith("No record here")
    (tmp_path / RECORD_NAME).write_text("notes")
    view = Progress(tmp_path / RECORD_NAME, chart=False)
    assert "is not a SQLite database" in view.value.message
    assert (tmp_path / RECORD_NAME).read_text() == "notes"
    with pytest.raises(ValueError, match="by 'game' or by 'week'"):
        Progress(tmp_path / RECORD_NAME, by="month")
