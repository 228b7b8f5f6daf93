"""How strong the computer players are, measured rather than assumed.

Run by hand::

    python benchmarks/strength.py [--seed 2026] [--workers N] [--scale 0.1]
    python benchmarks/strength.py --only master          # the master against the expert
    python benchmarks/strength.py --only master --part pegging --scale 0.5   # an ablation
    python benchmarks/strength.py --only coach --workers 1 [--hands 32]  # coach vs master
    python benchmarks/strength.py --only peer --player coach --workers 1  # vs CribbageSim
    python benchmarks/strength.py --only deal --workers 1 --records deal.jsonl  # deal vs coach

Seeded simulations with the first deal alternating, each with its 95% Wilson
confidence interval:

- expert vs random over 400 games (goal: the expert wins at least 90%);
- expert vs greedy over 2,000 games (goal: at least 53%);
- master vs expert over 20,000 games (goal: the lower end of the 95% interval above
  50%; aim for 53%). For this match it also prints each player's points a deal by
  source, as dealer and as pone (over the whole deals: the last deal of a game is cut
  short by the win), and the win rate in the games that were close near the end: at the
  start of a deal both players within 30 points of home and within 10 of each other,
  beside what the chance-to-win table expected from those positions between two experts;
- coach vs master over 20,000 games (goal: the lower end of the 95% interval above 50%),
  reported as the master's match is (``--hands`` sets how many opponent hands the coach
  weighs a card over when there are too many to weigh them all, ``--reads`` how many deals
  it draws to read the opponent's hand, ``--reads 0`` for the coach that reads nothing);
- deal vs coach over 20,000 games (goal: the lower end of the 95% interval above 50%):
  the player that lays by the judge's model of the whole deal
  (:class:`~cribbage_edu.strategy.coach.CoachPlayer`, ``--deals`` deals drawn
  for the opponent a verdict) against today's coach player, reported as the others;
- a player (``--player``, default coach) vs CribbageSim 1.0.2's computer player (the
  peer, :mod:`peer`: run in a Python 3.12 environment of its own, ``--peer-python``) over
  3,000 games (goals: the reading coach, ``coach``, at least 62%; the player by the judge of
  the whole deal, ``deal``, at least 65%).

Each match is seeded (``--seed``) and the first deal alternates; ``--scale`` plays a
share of the games (estimate a long match's time from a small one first).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import IO, Any

from seats import engine_fingerprint, seat_player

from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.events import EventKind
from cribbage_edu.rules.game import Game
from cribbage_edu.stats import wilson_interval
from cribbage_edu.strategy.coach import PLAYER_HANDS
from cribbage_edu.strategy.coach.deal import DEAL_HANDS
from cribbage_edu.strategy.master import MasterPlayer
from cribbage_edu.strategy.players import ExpertPlayer
from cribbage_edu.strategy.reading import READ_HANDS
from cribbage_edu.study.simulation import SOURCES, simulate
from cribbage_edu.tables.chance import win_probability

MATCHES = ((("expert", "random"), 400, 0.90), (("expert", "greedy"), 2000, 0.53))
MASTER_GAMES = 20_000
COACH_GAMES = 20_000
DEAL_GAMES = 20_000
PEER_GAMES = 3_000
PEER_GOALS = {"coach": 0.62, "deal": 0.65}
"""What each player should win of its games against CribbageSim (issues 18 and 25)."""
CLOSE_NEED = 30   # both players this close to home at the start of a deal...
CLOSE_GAP = 10    # ...and this close to each other: a close game near the end
BATCH = 50


def _master_batch(tasks: Sequence[tuple[int, int, str]]) -> list[dict[str, Any]]:
    """Play master (seat 0) against expert (seat 1): (index, seed, part) per game, the
    first deal alternating with the index; ``part`` switches off one of the master's two
    differences for an ablation ("pegging" keeps only the throw that counts the play,
    "endgame" only the play for the game near the end)."""
    out = []
    for index, seed, part in tasks:
        game = Game(seed, first_dealer=index % 2, names=("master", "expert"))
        master = MasterPlayer(pegging=part != "endgame", endgame=part != "pegging")
        play_out(game, [master, ExpertPlayer()])
        out.append(_record(game, index))
    return out


_DEALS = [DEAL_HANDS]
"""The deals a :class:`CoachPlayer` draws a verdict (``--deals``; set before the games)."""


def _duel_batch(tasks: Sequence[tuple[int, int, str, str, int, int, str]]
                ) -> list[dict[str, Any]]:
    """Play (index, seed, first, second, hands, reads, peer_python) games: ``first`` in seat 0,
    the first deal alternating with the index."""
    out = []
    for index, seed, first, second, hands, reads, peer_python in tasks:
        game = Game(seed, first_dealer=index % 2, names=(first, second))
        play_out(game, [seat_player(first, hands, reads, _DEALS[0], peer_python),
                        seat_player(second, hands, reads, _DEALS[0], peer_python)])
        out.append(_record(game, index))
    return out


def duel(n: int, seed: int, executor: Executor | None, first: str, second: str, hands: int,
         reads: int, peer_python: str, records_path: Path | None = None) -> list[dict[str, Any]]:
    """``n`` seeded games, ``first`` (seat 0) against ``second``, with progress lines.
    With ``records_path`` each game's record is appended to that file as it is played, and
    the games it already holds are not played again (a long match can stop and go on in
    another session, if the code and tables that decide its games are the same:
    :func:`seats.engine_fingerprint`)."""
    seeds = random.Random(seed)
    tasks = [(i, seeds.getrandbits(63), first, second, hands, reads, peer_python)
             for i in range(n)]
    done: dict[int, dict[str, Any]] = {}
    sink = None
    if records_path is not None:
        header = {"seed": seed, "first": first, "second": second, "hands": hands,
                  "reads": reads,
                  "engine": engine_fingerprint(first, second, hands, reads, _DEALS[0],
                                               peer_python)}
        if "deal" in (first, second):
            header["deals"] = _DEALS[0]
        done, sink = _open_records(records_path, header)
        done = {i: r for i, r in done.items() if i < n}
        tasks = [t for t in tasks if t[0] not in done]
        if done:
            print(f"  {len(done)} games read back from {records_path}", flush=True)
    try:
        played = _play_batches(_duel_batch, tasks, executor, first, every=200,
                               sink=sink, before=list(done.values()))
    finally:
        if sink is not None:
            sink.close()
    return sorted([*done.values(), *played], key=lambda r: r["index"])


def _open_records(path: Path, header: dict[str, Any]) -> tuple[dict[int, dict[str, Any]], IO[str]]:
    """The records already in ``path`` (by game index) and the file open to append more.
    The first line is the match's header; a file made by another match or another engine
    is refused, naming the difference."""
    done: dict[int, dict[str, Any]] = {}
    if path.exists() and path.stat().st_size:
        lines = path.read_text("utf-8").splitlines()
        found = json.loads(lines[0])
        if found != header:
            diff = {k: (found.get(k), v) for k, v in header.items() if found.get(k) != v}
            raise SystemExit(f"{path} holds another match (its value, this run's): {diff}; "
                             f"name a new file")
        for line in lines[1:]:
            if line.strip():
                record = json.loads(line)
                done[record["index"]] = record
        sink = path.open("a", encoding="utf-8")
    else:
        sink = path.open("w", encoding="utf-8")
        sink.write(json.dumps(header) + "\n")
        sink.flush()
    return done, sink


def _play_batches(batch: Any, tasks: Sequence[Any], executor: Executor | None, name: str,
                  every: int, sink: IO[str] | None = None,
                  before: Sequence[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """Play ``tasks`` in batches with ``batch`` (in this process or on ``executor``),
    printing the win rate of seat 0 (``name``) every ``every`` games (counting the records
    ``before``, played earlier), and writing each record to ``sink`` as a line of JSON."""
    batches = [tasks[i:i + BATCH] for i in range(0, len(tasks), BATCH)]
    parts = map(batch, batches) if executor is None else executor.map(batch, batches)
    records: list[dict[str, Any]] = []
    start = time.perf_counter()
    for part in parts:
        records.extend(part)
        if sink is not None:
            sink.writelines(json.dumps(r) + "\n" for r in part)
            sink.flush()
        if len(records) % every == 0 or len(records) == len(tasks):
            wins = sum(r["winner"] == 0 for r in (*before, *records))
            n = len(before) + len(records)
            low, high = wilson_interval(wins, n)
            print(f"  {n} games: {name} {wins / n:.1%} (95% CI "
                  f"{low:.1%} to {high:.1%}; {time.perf_counter() - start:.0f} s)", flush=True)
    return records


def _record(game: Game, index: int) -> dict[str, Any]:
    """Who won; points by player, role and source over the whole deals; the first
    close position of the game (if any) with the master's chance there by the table."""
    result = game.result
    assert result is not None
    last = result.deals
    points = {(p, role, s): 0 for p in (0, 1) for role in ("dealer", "pone") for s in SOURCES}
    dealer = None
    for event in game.events:
        if event.kind is EventKind.DEAL:
            dealer = event.player
        if event.deal >= last or not event.points or event.player is None:
            continue
        if event.source is None or event.source not in SOURCES:
            continue
        role = "dealer" if event.player == dealer else "pone"
        points[event.player, role, str(event.source)] += event.points
    close = None
    first = index % 2
    starts = [(0, 0), *game.deal_scores[:-1]]
    for deal, (a, b) in enumerate(starts):
        deal_dealer = first if deal % 2 == 0 else 1 - first
        if (game.options.target - a <= CLOSE_NEED and game.options.target - b <= CLOSE_NEED
                and abs(a - b) <= CLOSE_GAP):
            close = win_probability(a, b, dealer=deal_dealer == 0)
            break
    return {"index": index, "winner": result.winner, "whole_deals": max(0, last - 1),
            "points": {f"{p}|{r}|{s}": v for (p, r, s), v in points.items()},
            "close": close}


def master_match(n: int, seed: int, executor: Executor | None,
                 part: str = "both") -> list[dict[str, Any]]:
    seeds = random.Random(seed)
    tasks = [(i, seeds.getrandbits(63), part) for i in range(n)]
    return _play_batches(_master_batch, tasks, executor, "master", every=2000)


def report_master(records: list[dict[str, Any]],
                  names: tuple[str, str] = ("master", "expert"),
                  goal: float | None = None) -> list[str]:
    n = len(records)
    wins = sum(r["winner"] == 0 for r in records)
    low, high = wilson_interval(wins, n)
    if goal is None:
        verdict = "meets" if low > 0.5 else "MISSES"
        aim = "lower end above 50%"
    else:
        verdict = "meets" if wins / n >= goal else "MISSES"
        aim = f"at least {goal:.0%}"
    lines = [f"{names[0]} vs {names[1]}: {wins}/{n} = {wins / n:.1%} (95% CI {low:.1%} to "
             f"{high:.1%}); goal: {aim}: {verdict}"]
    deals = sum(r["whole_deals"] for r in records)
    lines.append(f"points per whole deal ({deals} deals; each player deals about half)")
    width = max(17, *(len(name) + len(" as dealer") for name in names))
    lines.append(f"  {'':{width}}" + "".join(f"{s:>9}" for s in (*SOURCES, "total")))
    for p, name in enumerate(names):
        for role in ("dealer", "pone"):
            values = [sum(r["points"][f"{p}|{role}|{s}"] for r in records) / (deals / 2)
                      for s in SOURCES]
            lines.append(f"  {name + ' as ' + role:{width}}"
                         + "".join(f"{v:9.2f}" for v in (*values, sum(values))))
    close = [r for r in records if r["close"] is not None]
    if close:
        won = sum(r["winner"] == 0 for r in close)
        expected = sum(r["close"] for r in close) / len(close)
        c_low, c_high = wilson_interval(won, len(close))
        lines.append(f"close near the end ({len(close)} games: both within {CLOSE_NEED} of "
                     f"home and {CLOSE_GAP} of each other at a deal's start): {names[0]} won "
                     f"{won / len(close):.1%} (95% CI {c_low:.1%} to {c_high:.1%}); the table "
                     f"expected {expected:.1%} between two experts")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply the number of games (for a quick look)")
    parser.add_argument("--only", choices=("classic", "master", "coach", "deal", "peer"),
                        help="run only the classic matches, only master vs expert, only "
                             "coach vs master, only deal vs coach, or only a player "
                             "against CribbageSim")
    parser.add_argument("--hands", type=int, default=PLAYER_HANDS,
                        help="opponent hands the coach weighs a card over, at most")
    parser.add_argument("--reads", type=int, default=READ_HANDS,
                        help="deals the coach draws to read the opponent (0: no reading)")
    parser.add_argument("--deals", type=int, default=DEAL_HANDS,
                        help="deals the deal player draws for the opponent a verdict")
    parser.add_argument("--player", default="coach",
                        help="the player to set against CribbageSim (--only peer)")
    parser.add_argument("--peer-python", default="/tmp/peer312/bin/python",
                        help="the Python 3.12 that has cribbagesim 1.0.2 installed")
    parser.add_argument("--records", type=Path,
                        help="append each game of a duel to this JSON-lines file, and go on "
                             "from the games it holds (a long match over several sittings)")
    parser.add_argument("--part", choices=("both", "pegging", "endgame"), default="both",
                        help="an ablation: the master with only its pegging-aware throw, or "
                             "only its play for the game near the end (default both)")
    args = parser.parse_args()
    _DEALS[0] = args.deals
    lines = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        executor = pool if args.workers > 1 else None
        for match, first, second, games, goal in (
                ("coach", "coach", "master", COACH_GAMES, None),
                ("deal", "deal", "coach", DEAL_GAMES, None),
                ("peer", args.player, "peer", PEER_GAMES, PEER_GOALS.get(args.player))):
            if args.only != match:
                continue
            n = max(2, round(games * args.scale))
            start = time.perf_counter()
            records = duel(n, args.seed, executor, first, second, args.hands,
                           args.reads, args.peer_python, args.records)
            names = (first, "cribbagesim" if second == "peer" else second)
            duel_lines = report_master(records, names, goal)
            print("\n".join(duel_lines[1:]))
            print(f"({time.perf_counter() - start:.1f} s, seed {args.seed}, "
                  f"{args.hands} hands, {args.reads} reads)")
            print()
            lines.append(duel_lines[0])
        if args.only in (None, "classic"):
            for players, games, goal in MATCHES:
                n = max(2, round(games * args.scale))
                start = time.perf_counter()
                result = simulate(n, players, seed=args.seed, executor=pool)
                elapsed = time.perf_counter() - start
                summary = result.summary()
                low, high = summary.win_ci
                verdict = "meets" if summary.win_rate >= goal else "MISSES"
                lines.append(f"{players[0]} vs {players[1]}: {summary.wins[0]}/{n} = "
                             f"{summary.win_rate:.1%} (95% CI {low:.1%} to {high:.1%}); "
                             f"goal {goal:.0%}: {verdict}")
                print(summary)
                print(f"({elapsed:.1f} s, seed {args.seed})")
                print()
        if args.only in (None, "master"):
            n = max(2, round(MASTER_GAMES * args.scale))
            start = time.perf_counter()
            records = master_match(n, args.seed, pool if args.workers > 1 else None,
                                   args.part)
            master_lines = report_master(records)
            print("\n".join(master_lines[1:]))
            print(f"({time.perf_counter() - start:.1f} s, seed {args.seed})")
            print()
            lines.append(master_lines[0])
    print("\n".join(lines))


if __name__ == "__main__":
    main()
