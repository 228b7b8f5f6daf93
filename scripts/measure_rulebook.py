"""Judge every choice of many positions from games between strong players, once, so that
the cost of any rule of thumb or procedure is a look-up (``scripts/search_rulebook.py``).

Games: the master against the master (:func:`cribbage_edu.strategy.roster.make_player`),
game ``i`` seeded ``i`` (the players ``i`` and ``i + 100_000``), from the cut for deal to
the end.

- **Throws**: both sixes of every deal, judged by the coach's judge of a throw
  (:func:`cribbage_edu.strategy.coach.throw.throw_options`, points: the hand over the 46
  starters, the crib table, the pegging table's net; the score left out, so near home too
  a throw is judged by points). For each of the 15 throws, in the order of
  :attr:`~cribbage_edu.strategy.rulebook.ThrowPosition.choices`, its total as printed in
  hundredths of a point (``net``) and its pegging column's 95% error (``err``).
- **The play**: each decision with more than one rank that fits is taken with chance
  :data:`PLAY_SHARE` (a random stream seeded by the game), so the positions spread over
  every game; each is judged by the model of the whole deal
  (:func:`cribbage_edu.strategy.coach.deal.judge_deal`, :data:`DEALS` deals, seed 0). For
  each rank that fits, in the order of
  :attr:`~cribbage_edu.strategy.rulebook.PlayPosition.choices`: its net ``points`` to the
  end of the play, the 95% half-width of its paired difference from the card that nets
  most, and near home its chance to win (else ``null``); ``best`` is the judge's own best
  card (by the chance near home).

The files are gzipped JSON lines, one position a line, one gzip member a game written,
so that a run stopped part way resumes where it stopped (the games done are read back).
``--pack`` rewrites them in the order of the games.

Run: ``nice -n 10 .venv/bin/python scripts/measure_rulebook.py --games 1160 --workers 2``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from cribbage_edu.rules.drive import play_game
from cribbage_edu.rules.game import PlayerView
from cribbage_edu.strategy.coach.deal import judge_deal
from cribbage_edu.strategy.coach.throw import throw_options
from cribbage_edu.strategy.roster import make_player
from cribbage_edu.strategy.rulebook import PlayPosition, ThrowPosition

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "lessons" / "data"
THROWS = DATA / "rulebook_throws.jsonl.gz"
PLAYS = DATA / "rulebook_plays.jsonl.gz"
PLAYER = "master"
PLAY_SHARE = 0.21
"""The share of the decisions of the play (with more than one rank that fits) judged."""
DEALS = 200
"""Deals the judge of a card draws for the opponent (its default)."""
SECOND_SEAT = 100_000


class Recorder:
    """A player that plays as ``player`` and keeps each view it decides from."""

    def __init__(self, name: str, seed: int, log: list[tuple[str, PlayerView]]) -> None:
        self.player = make_player(name, seed)
        self.name = self.player.name
        self.log = log

    def discard(self, view: PlayerView) -> Any:
        self.log.append(("throw", view))
        return self.player.discard(view)

    def play(self, view: PlayerView) -> Any:
        if len(PlayPosition.from_view(view).choices) > 1:
            self.log.append(("play", view))
        return self.player.play(view)


def judged_throw(view: PlayerView) -> dict[str, Any]:
    position = ThrowPosition(view.hand, view.is_dealer)
    options = {frozenset(o.discard): o for o in throw_options(
        position.six, position.dealer, None, view.target)}
    chosen = [options[frozenset(t)] for t in position.choices]
    me = view.player
    return {"six": str(position.six), "dealer": position.dealer,
            "scores": [view.scores[me], view.scores[1 - me]],
            "net": [o.cents(position.dealer)[3] for o in chosen],
            "err": [round(o.pegging_error * 100) for o in chosen]}


def judged_play(view: PlayerView) -> dict[str, Any]:
    position = PlayPosition.from_view(view)
    verdict = judge_deal(view, DEALS, seed=0, answers=False)
    rows = [verdict.card(c) for c in position.choices]
    return {**position.to_dict(), "near": verdict.by_chance,
            "best": position.choices.index(
                next(c for c in position.choices if c.rank == verdict.best.rank)),
            "cards": [[round(r.points, 3), round(r.points_margin, 3),
                       None if r.chance is None else round(r.chance, 4)] for r in rows]}


def measure_game(seed: int) -> tuple[int, list[dict[str, Any]], list[dict[str, Any]]]:
    """The judged throws and positions of the play of game ``seed``."""
    log: list[tuple[str, PlayerView]] = []
    play_game([Recorder(PLAYER, seed, log), Recorder(PLAYER, seed + SECOND_SEAT, log)],
              seed=seed)
    pick = random.Random(f"rulebook play {seed}")
    throws, plays = [], []
    for kind, view in log:
        if kind == "throw":
            throws.append({"game": seed, "deal": view.deal, **judged_throw(view)})
        elif pick.random() < PLAY_SHARE:
            plays.append({"game": seed, "deal": view.deal, **judged_play(view)})
    return seed, throws, plays


def read_lines(path: Path) -> Iterator[dict[str, Any]]:
    if path.exists():
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                yield json.loads(line)


def append(path: Path, rows: list[dict[str, Any]]) -> None:
    text = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows)
    with gzip.open(path, "at", encoding="utf-8") as f:
        f.write(text)


def pack(path: Path, games: set[int]) -> None:
    """Rewrite ``path`` in the order of the games, each line once (a game stopped part way
    and run again wrote its positions twice), keeping only the ``games`` done."""
    lines = {json.dumps(r, separators=(",", ":")) for r in read_lines(path)
             if r["game"] in games}
    rows = sorted((json.loads(line) for line in lines),
                  key=lambda r: (r["game"], r["deal"], json.dumps(r, sort_keys=True)))
    tmp = path.with_suffix(".tmp")
    with gzip.GzipFile(tmp, "wb", mtime=0) as f:
        f.write("".join(json.dumps(r, separators=(",", ":")) + "\n"
                        for r in rows).encode("utf-8"))
    tmp.replace(path)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1160)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--throws", type=Path, default=THROWS)
    parser.add_argument("--plays", type=Path, default=PLAYS)
    parser.add_argument("--pack", action="store_true", help="rewrite the files in game order")
    args = parser.parse_args(argv)
    if args.pack:
        games = {r["game"] for r in read_lines(args.throws)}
        pack(args.throws, games)
        pack(args.plays, games)
        return
    args.throws.parent.mkdir(parents=True, exist_ok=True)
    done = {r["game"] for r in read_lines(args.throws)}
    todo = [g for g in range(args.games) if g not in done]
    # a game is done when its throws are written, which comes after its plays
    start = time.process_time(), time.perf_counter()
    print(f"{len(done)} games done, {len(todo)} to go", file=sys.stderr)
    with ProcessPoolExecutor(args.workers) as pool:
        for n, (seed, throws, plays) in enumerate(pool.map(measure_game, todo, chunksize=1)):
            append(args.plays, plays)
            append(args.throws, throws)
            if n % 20 == 0:
                print(f"game {seed}: {n + 1} of {len(todo)} in "
                      f"{time.perf_counter() - start[1]:.0f} s", file=sys.stderr, flush=True)
    print(f"took {time.perf_counter() - start[1]:.0f} s on the clock", file=sys.stderr)


if __name__ == "__main__":
    main()
