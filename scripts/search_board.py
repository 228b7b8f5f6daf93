"""Search for the board's rules (lesson 14): what a rule that reads the score buys, by the
chance to win, when it is put before lesson 12's throw or lesson 13's play. Writes
``cribbage_edu/data/board.json``, which the rulebook's board procedures and lesson 14 read.

The positions are those ``scripts/measure_rulebook.py`` took from games of the master
against the master, near home (either player within the judge's reach of the target,
:data:`~cribbage_edu.strategy.coach.model.REACH` points):

- **Throws**: each six near home is judged here by the coach's judge of a throw near home
  (:func:`~cribbage_edu.strategy.coach.model.throw_columns`: the chance to win of each of
  the 15 throws, about 6 ms a six). The rule searched is "keep your four lowest cards as
  dealer needing *most* or less (and pone *within* or less)"
  (:func:`~cribbage_edu.strategy.rulebook.board.dealer_keeps_low`), over a grid of the
  two thresholds, chosen on the even-numbered games (the chance lost a deal near home,
  least; a condition on pone's score only if it buys :data:`WORTH`) and checked on the
  odd. Pone's rule "keep the most points now as pone needing *N* or less" (her crib is
  counted last) is measured too, at each of :data:`PLAY_WITHINS`.
- **The play**: each decision near home holds the chance to win of every card, as the
  judge of the whole deal weighed it when it was measured. Each board rule tried (peg out
  when you can; pone plays on; the dealer holds back, at each threshold) is put before
  lesson 13's procedure, and what it changes is measured where it applies.

**Chance lost**: the judge's best choice's chance to win less the procedure's choice's, a
deal (throws) or a decision (the play); each figure with its 95% interval; a rule's
**gain** is paired, position by position, where the rule applies.

Run: ``.venv/bin/python scripts/search_board.py`` (about a minute).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cribbage_edu.rules.board import GAME_HOLE
from cribbage_edu.stats import mean_interval
from cribbage_edu.strategy.coach.model import in_reach, throw_columns
from cribbage_edu.strategy.rulebook import PlayPosition, Procedure, Rule, ThrowPosition, follow
from cribbage_edu.strategy.rulebook.board import (
    PEG_OUT,
    dealer_holds_back,
    dealer_keeps_low,
    pone_keeps_points,
    pone_plays_on,
)
from cribbage_edu.strategy.rulebook.player import stored_procedures

ROOT = Path(__file__).resolve().parent.parent
THROWS = ROOT / "lessons" / "data" / "rulebook_throws.jsonl.gz"
PLAYS = ROOT / "lessons" / "data" / "rulebook_plays.jsonl.gz"
OUT = ROOT / "cribbage_edu" / "data" / "board.json"
MOSTS = (2, 3, 4, 5, 6, 7, 8, 10)
"""What the dealer needs, at most, for the throw's rule to apply (the grid searched)."""
WITHINS = (None, 6, 10, 15, 20)
"""What pone needs, at most, for it to apply (``None``: whatever she needs)."""
WORTH = 0.0001
"""The chance a deal, on the even games, a condition on pone's score must buy to be kept:
a rule a learner carries is as short as the measurement allows."""
PLAY_WITHINS = (6, 8, 10, 12, 15, 20)
"""The thresholds tried for the other board rules (pone's throw, and the play's)."""


@dataclass(frozen=True)
class Near:
    """A position near home: its game (for the even/odd split), the position, and the
    chance to win of each of its choices, in the position's order."""

    game: int
    position: Any
    chances: tuple[float, ...]

    def lost(self, choice: Any) -> float:
        """The chance to win lost by ``choice`` against the judge's best."""
        return max(self.chances) - self.chances[self.position.choices.index(choice)]


def read_lines(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def near_throws(rows: Sequence[dict[str, Any]]) -> list[Near]:
    """Each six of ``rows`` dealt near home, with each throw's chance to win judged now."""
    out = []
    for row in rows:
        scores = (row["scores"][0], row["scores"][1])
        if not in_reach(scores, GAME_HOLE):
            continue
        position = ThrowPosition.parse(row["six"], dealer=row["dealer"], scores=scores)
        judged = {frozenset(option.discard): chance for option, chance, _ in
                  throw_columns(position.six, position.dealer, scores, GAME_HOLE,
                                errors=False)}
        chances = tuple(judged[frozenset(t)] for t in position.choices)
        if any(c is None for c in chances):
            raise ValueError(f"the judge gave no chance to win near home: {row}")
        out.append(Near(row["game"], position, tuple(float(c) for c in chances if c is not None)))
    return out


def near_plays(rows: Sequence[dict[str, Any]]) -> list[Near]:
    """Each decision of ``rows`` near home, with each card's chance to win as measured."""
    return [Near(row["game"], PlayPosition.from_dict(row),
                 tuple(float(card[2]) for card in row["cards"]))
            for row in rows if row["near"]]


def interval(values: Sequence[float]) -> list[float]:
    mean, low, high = mean_interval(list(values))
    return [round(mean, 5), round(low, 5), round(high, 5)]


def lost(procedure: Procedure[Any, Any], positions: Sequence[Near]) -> list[float]:
    return [n.lost(follow(procedure, n.position, n.position.choices)) for n in positions]


def measured(rule: Rule[Any, Any], base: Procedure[Any, Any], positions: Sequence[Near]
             ) -> dict[str, Any]:
    """``rule`` put before ``base``: where it applies, what it changes and the chance lost
    before and after (paired), over ``positions``."""
    where = [n for n in positions if rule.applies(n.position)]
    before = lost(base, where)
    after = lost(Procedure("with", (rule, *base.rules)), where)
    out: dict[str, Any] = {"rule": rule.name, "applies": len(where),
                           "changes": sum(a != b for a, b in zip(before, after, strict=True))}
    if len(where) >= 2:
        out |= {"lost_before": interval(before), "lost_after": interval(after),
                "gain": interval([b - a for a, b in zip(after, before, strict=True)])}
    return out


def search_throw(positions: Sequence[Near], log: Callable[[str], None]) -> dict[str, Any]:
    """The throw's board rule: the thresholds that lose least on the even games, then
    measured on all and on the odd games."""
    throw = stored_procedures()[0]
    even = [n for n in positions if n.game % 2 == 0]
    odd = [n for n in positions if n.game % 2 == 1]
    grid = []
    for most in MOSTS:
        for within in WITHINS:
            rule = dealer_keeps_low(most, within)
            train = lost(Procedure("with", (rule, *throw.rules)), even)
            grid.append({"most": most, "within": within,
                         "train_lost": round(sum(train) / len(train), 6),
                         "applies": sum(rule.applies(n.position) for n in positions)})
    simple = min((g for g in grid if g["within"] is None), key=lambda g: g["train_lost"])
    best = min(grid, key=lambda g: g["train_lost"])
    if best["train_lost"] > simple["train_lost"] - WORTH:
        best = simple
    rule = dealer_keeps_low(best["most"], best["within"])
    log(f"throw: {rule.name} ({best['train_lost']:.5f} lost a deal on the even games)")
    with_rule = Procedure("with", (rule, *throw.rules))
    pone = [measured(pone_keeps_points(w), throw, positions) for w in PLAY_WITHINS]
    return {"rule": {"most": best["most"], "within": best["within"]}, "name": rule.name,
            "positions": len(positions), "held_out_positions": len(odd),
            "lost_before": interval(lost(throw, positions)),
            "lost_after": interval(lost(with_rule, positions)),
            "where_it_applies": measured(rule, throw, positions),
            "held_out": measured(rule, throw, odd), "grid": grid, "tried": pone}


def measure_play(positions: Sequence[Near], log: Callable[[str], None]) -> dict[str, Any]:
    """Each board rule of the play tried before lesson 13's procedure."""
    play = stored_procedures()[1]
    rules: list[Rule[Any, Any]] = [PEG_OUT]
    rules += [pone_plays_on(w) for w in PLAY_WITHINS]
    rules += [dealer_holds_back(w) for w in PLAY_WITHINS]
    tried = [measured(rule, play, positions) for rule in rules]
    for t in tried:
        log(f"play: {t['rule']}: applies {t['applies']}, changes {t['changes']}, gain "
            f"{t.get('gain')}")
    return {"positions": len(positions), "lost": interval(lost(play, positions)),
            "tried": tried}


def search(throw_rows: Sequence[dict[str, Any]], play_rows: Sequence[dict[str, Any]],
           log: Callable[[str], None]) -> dict[str, Any]:
    started = time.perf_counter()
    throws = near_throws(throw_rows)
    log(f"{len(throws)} throws near home judged in {time.perf_counter() - started:.0f} s")
    return {"made_by": "scripts/search_board.py from the positions scripts/measure_rulebook.py "
                       "took (games of the master against the master), near home",
            "throw": search_throw(throws, log),
            "play": measure_play(near_plays(play_rows), log)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="use the positions of the first N games only (a quick check)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    throws, plays = read_lines(THROWS), read_lines(PLAYS)
    if args.games is not None:
        throws = [r for r in throws if r["game"] < args.games]
        plays = [r for r in plays if r["game"] < args.games]
    result = search(throws, plays, lambda line: print(line, file=sys.stderr, flush=True))
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
