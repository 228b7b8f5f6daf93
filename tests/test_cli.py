"""The command line: through main() with injected streams, and once as the installed
console script and as ``python -m cribbage_edu``."""

from __future__ import annotations

import argparse
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cribbage_edu import cli
from cribbage_edu.cli import main


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stdin=io.StringIO(stdin), stderr=err)
    return code, out.getvalue(), err.getvalue()


# --- score -----------------------------------------------------------------------------


def test_score_prints_the_itemised_count() -> None:
    # 4 5 6 6 K (worked in test_scoring): 3 fifteens, a pair, a double run: 14
    code, out, err = run("score", "4S", "5S", "6S", "6D", "--starter", "KC")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "hand 4S 5S 6S 6D, starter KC: 14 points"
    body = lines[1:-1]
    assert sum(1 for line in body if line.split()[0] == "fifteen") == 3
    assert sum(1 for line in body if line.split()[0] == "pair") == 1
    assert sum(1 for line in body if line.startswith("  run of three")) == 2
    assert body[-1].split() == ["total", "14"]
    assert any(line.split() == ["fifteen", "5S", "KC", "2"] for line in body)
    assert lines[-1] == ("fifteen two, fifteen four, fifteen six, a pair is eight, "
                         "and a double run of three is fourteen")


def test_score_the_29_hand() -> None:
    code, out, _ = run("score", "5H", "5C", "5S", "JD", "-s", "5D")
    assert code == 0
    assert out.splitlines()[0] == "hand 5H 5C 5S JD, starter 5D: 29 points"
    assert any(line.split() == ["nobs", "JD", "1"] for line in out.splitlines())
    assert out.splitlines()[-1].endswith("and one for his nobs is twenty-nine")


def test_score_json() -> None:
    code, out, _ = run("score", "4S", "5S", "6S", "6D", "--starter", "KC", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["total"], data["fifteens"], data["pairs"], data["runs"], data["flush"],
            data["nobs"]) == (14, 6, 2, 6, 0, 0)
    assert len(data["items"]) == 6


def test_score_crib_flush() -> None:
    # 2 4 6 8 of hearts and a ten of clubs: a four-card flush counts 4 in a hand, 0 in a
    # crib. Every value is even, so no set makes 15; no pair, no run: nothing else.
    _, hand_out, _ = run("score", "2H", "4H", "6H", "8H", "--starter", "10C", "--json")
    _, crib_out, _ = run("score", "2H", "4H", "6H", "8H", "--starter", "10C", "--crib",
                         "--json")
    assert json.loads(hand_out)["total"] == 4
    crib = json.loads(crib_out)
    assert crib["total"] == 0 and crib["crib"] is True
    code, out, _ = run("score", "2H", "4H", "6H", "8H", "--starter", "10C", "--crib")
    assert code == 0
    assert out.splitlines()[0] == "crib 2H 4H 6H 8H, starter 10C: 0 points"


def test_score_other_spellings() -> None:
    code, out, _ = run("score", "5h", "5♣", "5S", "jd", "--starter", "5♦", "--json")
    assert code == 0 and json.loads(out)["total"] == 29


def test_score_reads_cards_from_stdin() -> None:
    code, out, _ = run("score", "-", "--starter", "5D", "--json", stdin="5H 5C 5S JD\n")
    assert code == 0 and json.loads(out)["total"] == 29


# --- peg -------------------------------------------------------------------------------


def test_peg_prints_the_points_for_the_last_card() -> None:
    # 5 7 6: count 18, a run of three
    code, out, err = run("peg", "5H", "7C", "6D")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "5H 7C 6D: count 18"
    assert lines[1].split() == ["run", "of", "three", "5H", "7C", "6D", "3"]
    assert lines[2].split() == ["total", "3"]
    assert lines[-1] == "run of three for three"


def test_peg_json() -> None:
    # 4 6 5: fifteen (2) and a run of three (3)
    code, out, _ = run("peg", "4S", "6H", "5D", "--json")
    assert code == 0
    assert json.loads(out) == {"total": 5, "fifteen": 2, "thirty_one": 0, "pairs": 0,
                               "run": 3}


def test_peg_no_points() -> None:
    code, out, _ = run("peg", "KH", "6S")
    assert code == 0
    assert out.splitlines()[-1] == "sixteen, no points"
    assert out.splitlines()[1].split() == ["total", "0"]


def test_peg_thirty_one() -> None:
    # K 6 8 7: 31 (2) and a run of three (3)
    code, out, _ = run("peg", "KH", "6S", "8D", "7C")
    assert code == 0
    assert out.splitlines()[-1] == "thirty-one for two and run of three for three"


# --- bad input: one line on stderr, status 2 -------------------------------------------


@pytest.mark.parametrize(("argv", "says"), [
    (["score", "5H", "5X", "5S", "JD", "--starter", "5D"], "'5X'"),
    (["score", "5H", "5C", "5S", "--starter", "5D"], "4 cards, got 3"),
    (["score", "5H", "5C", "5S", "JD", "2C", "--starter", "5D"], "4 cards, got 5"),
    (["score", "5H", "5C", "5S", "5H", "--starter", "5D"], "5H"),
    (["score", "5H", "5C", "5S", "JD", "--starter", "5H"], "starter 5H"),
    (["score", "5H", "5C", "5S", "JD"], "--starter"),
    (["score", "5H", "5C", "5S", "JD", "--starter", "11D"], "'11D'"),
    (["peg", "KH", "QS", "JD", "2C"], "count 32"),
    (["peg", "KH", "KH"], "KH KH"),
    (["peg", "KH", "Q"], "'Q'"),
    (["peg"], "CARD"),
    ([], "COMMAND"),
    (["bogus"], "bogus"),
    (["score", "5H", "5C", "5S", "JD", "--starter", "5D", "--bogus"], "--bogus"),
])
def test_bad_input(argv: list[str], says: str) -> None:
    code, out, err = run(*argv)
    assert code == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1
    assert says in err
    assert "Traceback" not in err and err.startswith("cribbage-edu")


def test_help_and_version() -> None:
    code, out, err = run("--help")
    assert code == 0 and "score" in out and "peg" in out and err == ""
    code, out, _ = run("score", "--help")
    assert code == 0 and "--starter" in out and "--crib" in out
    code, out, _ = run("--version")
    assert code == 0 and out.startswith("cribbage-edu ")


def test_every_subcommand_is_registered_in_one_place() -> None:
    help_text = cli.build_parser().format_help()
    for name in ("score", "peg"):
        assert name in help_text


def add_echo(subparsers: cli.Subparsers) -> None:
    parser = subparsers.add_parser("echo", help="say the cards back")
    parser.add_argument("cards", nargs="+")
    parser.set_defaults(run=run_echo)


def run_echo(args: argparse.Namespace, console: cli.Console) -> int:
    console.say(str(cli.read_cards(args.cards, console)))
    return 0


def test_a_new_subcommand_is_one_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "SUBCOMMANDS", [*cli.SUBCOMMANDS, add_echo])
    assert run("echo", "th", "5♣") == (0, "10H 5C\n", "")
    assert run("echo", "5X")[0] == 2


# --- the installed entry points --------------------------------------------------------


def console_script() -> str:
    beside = Path(sys.executable).with_name("cribbage-edu")
    found = str(beside) if beside.exists() else shutil.which("cribbage-edu")
    assert found, "the cribbage-edu console script is not installed"
    return found


def test_console_script() -> None:
    done = subprocess.run([console_script(), "score", "5H", "5C", "5S", "JD", "--starter",
                           "5D", "--json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["total"] == 29
    bad = subprocess.run([console_script(), "peg", "KH", "QS", "JD", "2C"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_python_dash_m() -> None:
    done = subprocess.run([sys.executable, "-m", "cribbage_edu", "peg", "5H", "7C", "6D",
                           "--json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["total"] == 3
