"""The command line under everything issue 13 threw at it, run as a real process: bad
text, closed and broken streams, bytes that are not UTF-8, charts to places that cannot
take them, absurd worker counts. Each case: no traceback; bad input gets one line on
stderr naming what was wrong and exit status 2; a pipe closed early ends quietly."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from cribbage_edu.cli.console import EXIT_BROKEN_PIPE
from tests.processes import children_of

HUGE = "9" * 4301
SMALL_SIM = ["simulate", "--games", "4", "--seed", "1", "--players", "greedy", "random",
             "--target", "61", "--workers", "1"]


def command() -> list[str]:
    """The installed console script (as a learner runs it)."""
    beside = Path(sys.executable).with_name("cribbage-edu")
    found = str(beside) if beside.exists() else shutil.which("cribbage-edu")
    assert found, "the cribbage-edu console script is not installed"
    return [found]


@dataclass(frozen=True)
class Case:
    """One row of the table: the arguments, what stdin holds (bytes, or None for a
    closed stdin), and what must come back."""

    name: str
    argv: list[str]
    stdin: bytes | None = b""
    status: int = 2
    says: str = ""  # in stderr (status 2) or stdout (status 0)


CASES = [
    # item 1: the terminal game answers any text and asks again; the end of the input
    # stops it without a traceback
    Case("play ²", ["play", "--seed", "7"], "²\n".encode(), 0, "cannot read '²' as a card"),
    Case("play 4,301 digits", ["play", "--seed", "7"], f"{HUGE}\n".encode(), 0,
         "there is no card 9999999999…(4301 characters)"),
    Case("play not UTF-8", ["play", "--seed", "7"], b"\xff\xfe\n", 0, "not UTF-8 text"),
    # item 2: workers
    Case("workers 0", [*SMALL_SIM[:-1], "0"], says="--workers must be at least 1, not 0"),
    Case("workers -3", [*SMALL_SIM[:-1], "-3"], says="--workers must be at least 1"),
    Case("workers absurd", [*SMALL_SIM[:-1], "100000"], says="--workers 100000 is more"),
    Case("workers huge", [*SMALL_SIM[:-1], HUGE], says="--workers"),
    Case("games huge", ["simulate", "--games", HUGE], says="--games"),
    Case("games 0", ["simulate", "--games", "0"], says="--games must be at least 1"),
    # one reader of a seed for every command: digits 0-9 from 0, a long one in a line
    Case("play seed in Arabic-Indic digits", ["play", "--seed", "٣"],
         says="--seed takes a whole number, not '٣'"),
    Case("play seed 1_0", ["play", "--seed", "1_0"], says="--seed takes a whole number"),
    Case("simulate seed huge", ["simulate", "--seed", HUGE],
         says="--seed 9999999999…(4301 characters) is more than"),
    Case("simulate seed -1", ["simulate", "--seed", "-1"], says="--seed must be at least 0"),
    Case("handout seed huge", ["handout", "--seed", HUGE], says="--seed 9999999999…"),
    Case("play the largest seed a game picks", ["play", "--seed", str(2**63 - 1)], b"", 0,
         "seed 9223372036854775807."),
    Case("play a seed past it", ["play", "--seed", str(2**63)],
         says="is more than 9,223,372,036,854,775,807"),
    # item 6: --plot
    Case("plot missing folder", ["stats", "--plot", "no/such/folder/x.png"],
         says="no folder 'no/such/folder'"),
    Case("plot unknown extension", ["stats", "--plot", "scores.xyz"], says="'.xyz'"),
    Case("plot a folder", ["stats", "--plot", "."], says="'.' is a folder"),
    Case("plot a folder name", ["stats", "--plot", "charts/"], says="'charts/' is a folder"),
    # issue 20: a name longer than a file name can be was a traceback
    Case("plot a 300-character name", ["stats", "--plot", "p" * 300],
         says="is longer than a file name can be (255 bytes)"),
    Case("advise plot missing folder", ["advise", "5H", "5C", "6D", "JS", "QH", "2C",
                                        "--dealer", "--plot", "nope/a.png"],
         says="no folder 'nope'"),
    Case("simulate plot unknown extension", [*SMALL_SIM, "--plot", "g.docx"],
         says="'.docx'"),
    # item 6: stdin closed
    Case("score - stdin closed", ["score", "-", "--starter", "5D"], None, says="stdin is closed"),
    Case("peg - stdin closed", ["peg", "-"], None, says="stdin is closed"),
    Case("play stdin closed", ["play", "--seed", "7"], None, says="stdin is closed"),
    # item 6: not UTF-8
    Case("score - not UTF-8", ["score", "-", "--starter", "5D"], b"5H 5C\xff 5S JD",
         says="stdin is not UTF-8 text"),
    Case("peg - not UTF-8", ["peg", "-"], b"\xe95H", says="stdin is not UTF-8 text"),
    Case("advise - not UTF-8", ["advise", "-", "--pone"], b"5H\x80", says="not UTF-8"),
    Case("score empty stdin", ["score", "-", "--starter", "5D"], b"", says="got 0"),
    # the bad input the command line always refused
    Case("unknown card", ["score", "5H", "5X", "5S", "JD", "--starter", "5D"], says="'5X'"),
    Case("past 31", ["peg", "KH", "QS", "JD", "2C"], says="count 32"),
    Case("no command", [], says="COMMAND"),
]


def run_case(case: Case, folder: Path) -> subprocess.CompletedProcess[bytes]:
    argv = command() + case.argv
    if case.stdin is None:  # as a shell runs `cribbage-edu ... <&-`
        return subprocess.run(["bash", "-c", 'exec "$@" <&-', "bash", *argv],
                              capture_output=True, cwd=folder, timeout=120, check=False)
    return subprocess.run(argv, input=case.stdin, capture_output=True, cwd=folder,
                          timeout=120, check=False)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_bad_input_table(case: Case, tmp_path: Path) -> None:
    done = run_case(case, tmp_path)
    out, err = done.stdout.decode(), done.stderr.decode(errors="backslashreplace")
    assert "Traceback" not in out + err
    assert done.returncode == case.status, (out, err)
    if case.status == 2:
        assert err.count("\n") == 1 and err.startswith("cribbage-edu"), err
        assert case.says in err
    else:
        assert err == "" and case.says in out
    assert os.listdir(tmp_path) == []  # nothing written


def test_a_closed_stdin_reads_as_closed_in_main_too() -> None:
    """Without a real process: ``main`` given no stdin while ``sys.stdin`` is None."""
    import io

    from cribbage_edu.cli import main

    err = io.StringIO()
    saved, sys.stdin = sys.stdin, None  # type: ignore[assignment]
    try:
        assert main(["peg", "-"], stdout=io.StringIO(), stderr=err) == 2
    finally:
        sys.stdin = saved
    assert "stdin is closed" in err.getvalue()


# --- item 6: --plot without an extension, and simulate's summary before its chart ---------


def test_plot_without_an_extension_writes_png_and_says_so(tmp_path: Path) -> None:
    done = subprocess.run([*command(), "stats", "--plot", "chart"], capture_output=True,
                          text=True, cwd=tmp_path, timeout=120, check=False)
    assert done.returncode == 0 and done.stderr == ""
    assert os.listdir(tmp_path) == ["chart.png"]
    assert done.stdout.splitlines()[-1] == "chart written to chart.png"
    assert (tmp_path / "chart.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux /proc")
def test_simulate_prints_its_summary_before_a_chart_that_cannot_be_written(
        tmp_path: Path) -> None:
    # /proc is a folder (so the run starts) where no one, not even root, makes a file
    done = subprocess.run([*command(), *SMALL_SIM, "--plot", "/proc/g.png"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "greedy vs random: 4 games" in done.stdout  # the run's figures are not lost
    assert done.stderr.count("\n") == 1 and "cannot write '/proc/g.png'" in done.stderr


# --- item 6 and issue 9 item 13: a pipe closed early ---------------------------------------

PIPED = [
    ["score", "4S", "5S", "6S", "6D", "--starter", "KC"],
    ["peg", "5H", "7C", "6D"],
    ["advise", "5H", "5C", "6D", "JS", "QH", "2C", "--dealer"],
    ["stats"],
    ["stats", "--json"],
    SMALL_SIM,
    ["play", "--seed", "7"],
    ["--help"],
]


@pytest.mark.parametrize("argv", PIPED, ids=lambda a: " ".join(a[:2]))
def test_a_closed_pipe_ends_quietly(argv: list[str]) -> None:
    """As ``cribbage-edu stats | head -1``: the reader has gone before we write."""
    proc = subprocess.Popen([*command(), *argv], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdin is not None
    proc.stdout.close()  # the reader is gone
    _, err = proc.communicate(b"1 2\n" * 50, timeout=120)
    assert err == b""
    # argparse prints --help itself and ignores a failed write: it ends with 0
    assert proc.returncode == (0 if argv == ["--help"] else EXIT_BROKEN_PIPE)


def test_head_minus_one_as_a_shell_runs_it() -> None:
    script = 'set -o pipefail; "$@" stats | head -1; echo "status ${PIPESTATUS[0]}"'
    done = subprocess.run(["bash", "-c", script, "bash", *command()], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.stderr == ""
    first, status = done.stdout.splitlines()
    assert first.startswith("hand totals over all 12,994,800")
    assert status in ("status 0", f"status {EXIT_BROKEN_PIPE}")  # 0 if it ended first


# --- item 2: simulate's workers and memory -------------------------------------------------


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_workers_are_capped_streamed_and_never_outlive_the_parent() -> None:
    """`--games 100000000 --workers 3`: no task list is built (memory stays flat), the
    progress bar shows, three workers start, and killing the parent (SIGKILL: no chance
    to clean up) takes every worker with it (the issue found 1,200 that outlived it)."""
    proc = subprocess.Popen([*command(), "simulate", "--games", "100000000", "--workers",
                             "3", "--progress", "--players", "random", "random"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while time.monotonic() < deadline and len(workers) < 3:
            time.sleep(0.5)
            workers = children_of(proc.pid)
        assert len(workers) == 3, workers
        time.sleep(3)
        assert resident_mb(proc.pid) < 300  # a list of 10^8 tasks would need many GB
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() for w in workers):
        time.sleep(0.2)
    alive = [w for w in workers if Path(f"/proc/{w}").exists()
             and "zombie" not in Path(f"/proc/{w}/status").read_text()]
    assert alive == []
    assert proc.stderr is not None
    bar = proc.stderr.read().decode()
    assert "games" in bar and "100000000" in bar  # tqdm: done/total games


@pytest.mark.slow
def test_ctrl_c_in_a_long_simulation_prints_what_was_played() -> None:
    proc = subprocess.Popen([*command(), "simulate", "--games", "100000000", "--workers",
                             "2", "--players", "random", "random", "--json", "--progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    seen = b""
    deadline = time.monotonic() + 180
    while not re.search(rb"\| *[1-9]\d*/100000000", seen):  # some games played (the bar)
        assert time.monotonic() < deadline and proc.poll() is None, seen[-300:]
        seen += os.read(proc.stderr.fileno(), 4096)
    proc.send_signal(signal.SIGINT)
    out, rest = proc.communicate(timeout=120)
    err = (seen + rest).decode()
    assert proc.returncode == 130 and "Traceback" not in err
    assert err.splitlines()[-1].startswith("cribbage-edu: interrupted after ")
    data = json.loads(out)
    assert 0 < data["games"] < 100000000 and sum(data["wins"]) == data["games"]


# --- item 1 as a learner meets it: the end of the input and Ctrl-C keep the game -------------


def test_the_end_of_the_input_saves_to_the_save_file(tmp_path: Path) -> None:
    from cribbage_edu.rules.game import Game

    done = subprocess.run([*command(), "play", "--seed", "7", "--save", "kept.json"],
                          input="²\n1 2\n", capture_output=True, text=True, cwd=tmp_path,
                          timeout=120, check=False)
    assert done.returncode == 0 and done.stderr == ""
    assert "saved to kept.json" in done.stdout
    kept = Game.load(tmp_path / "kept.json")
    assert kept.seed == 7 and len(kept.hand(0)) == 4  # the discard was kept


def test_ctrl_c_saves_to_the_save_file_and_exits_130(tmp_path: Path) -> None:
    from cribbage_edu.rules.game import Game

    proc = subprocess.Popen([*command(), "play", "--seed", "7", "--save", "kept.json"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("1 2\n")
    proc.stdin.flush()
    seen = ""
    while "Your cards:" not in seen:  # the discard is made; the play asks for a card
        line = proc.stdout.readline()
        assert line, f"the game ended early: {seen}"
        seen += line
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err and err == ""
    assert "saved to kept.json" in out
    assert len(Game.load(tmp_path / "kept.json").hand(0)) == 4


# --- items 3 and 5 through the command line: saves that are damaged or hostile -------------

BAD_SAVES = {
    "deep nesting": "[" * 100_000,
    "a huge number": "9" * 5000,
    "not a save": '{"hello": 1}',
    "empty": "",
    "a 3 MB array": "[" + ",".join(["1"] * 1_500_000) + "]",
}


@pytest.mark.parametrize("name", list(BAD_SAVES))
def test_a_damaged_save_is_refused_in_one_line(tmp_path: Path, name: str) -> None:
    (tmp_path / "bad.json").write_text(BAD_SAVES[name])
    done = subprocess.run([*command(), "play", "--resume", "bad.json"], input="quit\nno\n",
                          capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          check=False)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("cribbage-edu: error:")


def test_a_save_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    from cribbage_edu.rules.game import Game

    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + Game(seed=7).to_json().encode())
    done = subprocess.run([*command(), "play", "--resume", "bom.json"], input="quit\n",
                          capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          check=False)
    assert done.returncode == 0 and "seed 7" in done.stdout and done.stderr == ""


def test_a_manual_count_save_resumes_with_the_computer_counting_itself(
        tmp_path: Path) -> None:
    # item 3: saved with both seats counting by hand, at the count, computer to count
    from cribbage_edu.rules.drive import drive
    from cribbage_edu.rules.events import Phase
    from cribbage_edu.rules.game import Game
    from cribbage_edu.strategy.players import GreedyPlayer

    game = Game(seed=3, manual_count=True, names=("Player", "Greedy"))
    while True:
        drive(game, [GreedyPlayer(1), GreedyPlayer(2)],
              stop=lambda g: g.phase is Phase.COUNT and 1 in g.to_act)
        if game.phase is Phase.COUNT:
            break
    game.save(tmp_path / "manual.json")
    before = len(game.events)
    done = subprocess.run([*command(), "play", "--resume", "manual.json", "--opponent",
                           "greedy"], input="quit\n", capture_output=True, text=True,
                          cwd=tmp_path, timeout=120, check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "Greedy counts" in done.stdout or "Greedy claims" in done.stdout, done.stdout[-800:]
    assert len(Game.load(tmp_path / "manual.json").events) > before  # it went on, and saved
