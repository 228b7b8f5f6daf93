"""The learner's record, measured: what writing a decision adds to a click, how fast the
progress charts are drawn from 10,000 decisions, how many decisions 100 kills of a
writing process lose, and what becomes of hostile files.

Run by hand::

    python benchmarks/bench_record.py [--decisions 10000] [--kills 100] [--flips 100]

1. Real verdicts of the coach (the throws and cards of seeded expert games, judged once)
   are recorded one at a time through the hook the table and the terminal game use
   (:class:`cribbage_edu.study.record.Recorder`: the entry made from the verdict, then
   one transaction), ``--decisions`` of them, a new game every 33 decisions, into a
   record that grows to that size. Goal: at most 5 ms a decision. Each write is timed by
   the clock on the wall and by the processor time of the process: on a shared machine
   the difference is the time the writer waited for a core (another process's turn).
2. The progress charts are drawn from that record as the Progress widget draws them:
   the record read (:func:`~cribbage_edu.study.record.read_entries`: opened, checked,
   each decision checked as it is read), summed up (``progress_of``) and the charts made
   (``charts.record_svg.record_svg``: SVG the browser paints), wall clock and processor
   time. Goal: at most 200 ms. Beside it, the same charts as the command line saves them
   (``record_chart``, matplotlib, turned into a PNG at 80 dpi as ``widgets.drawing.png``
   does: one draw, then the encoding).
3. ``--kills`` times a writer process is killed with SIGKILL at a random moment while it
   writes; every decision it said was committed must be in the record, which must open
   (checked) every time. Goal: 0 lost.
4. Hostile files: truncated (to 50 bytes, mid-page, by a page), a text file named like the
   record, another program's database, a newer schema; then ``--flips`` copies of the
   record each with one random bit flipped anywhere in the file: each is refused in one
   line, or opens with exactly the decisions of the original (a bit of free space); none
   may open with a decision changed, and none is written to.
"""

from __future__ import annotations

import argparse
import itertools
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.events import ActionKind, Phase
from cribbage_edu.rules.game import Game
from cribbage_edu.strategy.coach import CardVerdict, ThrowVerdict, judge_view
from cribbage_edu.strategy.players import ExpertPlayer
from cribbage_edu.study.record import RECORD_NAME, Record, Recorder, RecordError

DECISIONS_A_GAME = 33


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def verdicts(games: int, seed: int) -> list[ThrowVerdict | CardVerdict]:
    """Every throw and every card with a choice of both seats in ``games`` expert games,
    judged by the coach (a choice at random among the legal ones)."""
    rng = random.Random(seed)
    found: list[ThrowVerdict | CardVerdict] = []
    for n in range(games):
        game = play_out(Game(rng.getrandbits(32), first_dealer=n % 2, target=61),
                        [ExpertPlayer(), ExpertPlayer()])
        twin = game.replay(0)
        for action in game.actions:
            who = action.player
            if who is not None and action.kind is ActionKind.DISCARD:
                view = twin.view(who)
                found.append(judge_view(view, rng.sample(list(view.hand), 2)))
            elif (who is not None and action.kind is ActionKind.PLAY
                  and twin.phase is Phase.PLAY
                  and len({c.rank for c in twin.legal_cards(who)}) > 1):
                found.append(judge_view(twin.view(who), [rng.choice(twin.legal_cards(who))]))
            twin.apply(action)
    return found


class Played:
    """A stand-in for a game: what the recorder reads of it, its seed and, with each card,
    its save (made at each card, as a table's game makes it: a whole expert game to 121's,
    the longest a card's save can be)."""

    GAME: Game | None = None

    def __init__(self, seed: int) -> None:
        self.seed = seed
        if Played.GAME is None:
            Played.GAME = play_out(Game(seed, first_dealer=0), [ExpertPlayer(), ExpertPlayer()])

    def to_dict(self) -> dict[str, Any]:
        assert Played.GAME is not None
        return Played.GAME.to_dict()


def bench_writes(path: Path, judged: list[ThrowVerdict | CardVerdict],
                 n: int) -> tuple[list[float], list[float]]:
    """Each write's time on the wall clock and in processor time, in seconds."""
    recorder = Recorder(path, origin="table")
    times, cpu = [], []
    for i in range(n):
        if i % DECISIONS_A_GAME == 0:
            recorder.playing(Played(i))
        verdict = judged[i % len(judged)]
        start, used = time.perf_counter(), time.process_time()
        recorder.judged(verdict, deal=i % 9 + 1, action=i)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
    recorder.close()
    return times, cpu


STEPS = ("read", "sum", "svg", "build", "png")
"""The widget's steps (read, sum, svg), then the command line's PNG (build, png)."""


def _step(wall: list[float], cpu: list[float]) -> None:
    wall.append(time.perf_counter())
    cpu.append(time.process_time())


def bench_charts(path: Path, rounds: int = 7) -> dict[str, list[float]]:
    """Each of :data:`STEPS`, ``charts`` (the widget's: read, sum and svg) and ``png
    chart`` (the command line's from the sums: build and png), on the wall clock and
    (``cpu ...``) in processor time, over ``rounds``."""
    from cribbage_edu.charts.record import record_chart
    from cribbage_edu.charts.record_svg import record_svg
    from cribbage_edu.study.progress import progress_of
    from cribbage_edu.study.record import read_entries
    from cribbage_edu.widgets.drawing import png

    progress = progress_of(read_entries(path))  # fonts and caches loaded once
    record_svg(progress)
    png(record_chart(progress))
    out: dict[str, list[float]] = {}
    for _ in range(rounds):
        wall, cpu = [time.perf_counter()], [time.process_time()]
        entries = read_entries(path)
        _step(wall, cpu)
        progress = progress_of(entries)
        _step(wall, cpu)
        record_svg(progress)
        _step(wall, cpu)
        fig = record_chart(progress)
        _step(wall, cpu)
        png(fig)
        _step(wall, cpu)
        for clock, prefix in ((wall, ""), (cpu, "cpu ")):
            took = dict(zip(STEPS, (b - a for a, b in itertools.pairwise(clock)), strict=True))
            took["charts"] = took["read"] + took["sum"] + took["svg"]
            took["png chart"] = took["build"] + took["png"]
            for key, value in took.items():
                out.setdefault(prefix + key, []).append(value)
    return out


WRITER = """
import sys
from datetime import UTC, datetime
from cribbage_edu.strategy.coach.grades import DecisionKind, Grade
from cribbage_edu.study.record import Entry, Record

with Record.open(sys.argv[1]) as record:
    print("open", flush=True)
    n = 0
    while True:
        record.write(Entry(DecisionKind.CARD, {"hand": ["5C", "7D"], "pad": "x" * 600},
                           f"{sys.argv[2]}-{n}", "5C", 1.0, None, Grade.INACCURACY,
                           game=sys.argv[2], origin="terminal", time=datetime.now(UTC)))
        print(n, flush=True)
        n += 1
"""


def bench_kills(folder: Path, kills: int, seed: int) -> tuple[int, int, int]:
    """(committed decisions, lost, extra written beyond those said) over ``kills``."""
    path = folder / "killed.sqlite"
    rng = random.Random(seed)
    said: list[str] = []
    for k in range(kills):
        process = subprocess.Popen([sys.executable, "-c", WRITER, str(path), f"k{k}"],
                                   stdout=subprocess.PIPE, text=True)
        assert process.stdout is not None and process.stdout.readline() == "open\n"
        deadline = time.perf_counter() + rng.uniform(0.0, 0.05)
        while time.perf_counter() < deadline:
            said.append(f"k{k}-{int(process.stdout.readline())}")
        process.send_signal(signal.SIGKILL)
        process.wait()
        said += [f"k{k}-{int(line)}" for line in process.stdout.read().split()]
        process.stdout.close()
        with Record.open(path) as record:  # must open, checked, every time
            kept = {e.chosen for e in record.entries()}
    lost = len(set(said) - kept)
    return len(said), lost, len(kept) - len(set(said) & kept)


def hostile_named(path: Path, folder: Path) -> list[tuple[str, str, bool]]:
    """(kind, the one line of refusal, unchanged) for each named hostile file."""
    made: dict[str, bytes] = {}
    data = path.read_bytes()
    page = int.from_bytes(data[16:18], "big")
    made["truncated to 50 bytes"] = data[:50]
    made["truncated mid-page"] = data[:len(data) // 2 + 100]
    made["truncated by a page"] = data[:-page]
    made["a text file named like the record"] = b"fifteen two, fifteen four\n" * 100
    results = []
    for kind, content in made.items():
        target = folder / kind.replace(" ", "-") / RECORD_NAME
        target.parent.mkdir()
        target.write_bytes(content)
        results.append((kind, *_refused(target)))
    other = folder / "other" / RECORD_NAME
    other.parent.mkdir()
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE songs (title TEXT)")
    db.commit()
    db.close()
    results.append(("another program's database", *_refused(other)))
    newer = folder / "newer" / RECORD_NAME
    newer.parent.mkdir()
    shutil.copy(path, newer)
    db = sqlite3.connect(newer)
    db.execute("PRAGMA user_version = 9")
    db.close()
    results.append(("a newer schema", *_refused(newer)))
    return results


def _refused(target: Path) -> tuple[str, bool]:
    before = target.read_bytes()
    try:
        Record.open(target).close()
    except RecordError as exc:
        return str(exc), target.read_bytes() == before
    return "(opened!)", target.read_bytes() == before


def bench_flips(path: Path, folder: Path, flips: int, seed: int) -> tuple[int, int, int, int]:
    """(refused, opened the same, opened changed, refused but written to) over ``flips``
    copies."""
    with Record.open(path, create=False) as record:
        original = record.entries()
    data = path.read_bytes()
    rng = random.Random(seed)
    refused = same = changed = written = 0
    for n in range(flips):
        flipped = bytearray(data)
        at = rng.randrange(len(flipped))
        flipped[at] ^= 1 << rng.randrange(8)
        target = folder / f"flip-{n}.sqlite"
        target.write_bytes(bytes(flipped))
        try:
            with Record.open(target, create=False) as record:
                read = record.entries()
        except RecordError as exc:
            refused += 1
            assert "\n" not in str(exc)
            written += target.read_bytes() != bytes(flipped)
        else:
            if read == original and [e.number for e in read] == [e.number for e in original]:
                same += 1
            else:
                changed += 1
        target.unlink()
        for tail in ("-wal", "-shm"):
            Path(f"{target}{tail}").unlink(missing_ok=True)
    return refused, same, changed, written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=10_000)
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--flips", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-record-"))
    try:
        start = time.perf_counter()
        judged = verdicts(12, args.seed)
        print(f"{len(judged)} real verdicts judged in {time.perf_counter() - start:.1f} s "
              f"(recorded over and over)")
        path = folder / RECORD_NAME
        writes, cpu = bench_writes(path, judged, args.decisions)
        ms, cpu_ms = [t * 1000 for t in writes], [t * 1000 for t in cpu]
        print(f"a decision's write (a card with its game's save), {len(ms):,} into one "
              f"record: median {statistics.median(ms):.2f} ms, 99th percentile "
              f"{percentile(ms, 0.99):.2f} ms, worst {max(ms):.2f} ms (goal: at most 5 ms); "
              f"in processor time median {statistics.median(cpu_ms):.2f} ms, 99th "
              f"percentile {percentile(cpu_ms, 0.99):.2f} ms, worst {max(cpu_ms):.2f} ms; "
              f"the file is {path.stat().st_size / 1e6:.1f} MB")
        charts = bench_charts(path)
        med = {k: statistics.median(v) * 1000 for k, v in charts.items()}
        for prefix, clock in (("", "wall clock"), ("cpu ", "processor time")):
            ms_of = {k: med[prefix + k] for k in (*STEPS, "charts", "png chart")}
            print(f"the progress charts from {args.decisions:,} decisions as the widget draws "
                  f"them ({clock}, median of 7): read {ms_of['read']:.0f} ms + summed up "
                  f"{ms_of['sum']:.0f} ms + the SVG {ms_of['svg']:.0f} ms = "
                  f"{ms_of['charts']:.0f} ms (goal: at most 200 ms); as the command line "
                  f"saves them, from the sums: built {ms_of['build']:.0f} ms + the PNG "
                  f"{ms_of['png']:.0f} ms = {ms_of['png chart']:.0f} ms")
        said, lost, extra = bench_kills(folder, args.kills, args.seed)
        print(f"{args.kills} kills of a writing process: {said:,} decisions said committed, "
              f"{lost} lost (goal: 0), {extra} written beyond those said (each the one being "
              f"written when killed); the record opened, checked, after every kill")
        for kind, line, unchanged in hostile_named(path, folder):
            print(f"  {kind}: {'unchanged' if unchanged else 'CHANGED'}: "
                  f"{line.replace(str(folder), '...')}")
        refused, same, changed, written = bench_flips(path, folder, args.flips, args.seed)
        print(f"{args.flips} copies each with one random bit flipped: {refused} refused in "
              f"one line, {same} opened with every decision as it was (the bit was free "
              f"space), {changed} opened with a decision changed (goal: 0), {written} written "
              f"to")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
