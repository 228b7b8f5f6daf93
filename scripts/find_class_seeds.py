"""Find the seeds a teacher needs to show a class a situation, and store them.

A class that all type the same seed sees the same cards. This script searches the seeds
in order, from 0, for the first one that produces each situation, so that no seed is
picked by hand, and writes them to ``lessons/data/class_seeds.json`` (the teacher's guide
in ``lessons/README.md`` lists them).

Two kinds of seed:

- **game** seeds, for a whole game between two computer experts,
  ``play_game([ExpertPlayer(), ExpertPlayer()], seed=N)``, read with the lessons'
  ``game_story.deal_story(game, deal)``: a go, a 31, his heels, a crib flush, a 24-point
  hand, a skunk, and pegging out in the play. The deal where it happens is stored too.
- **table** seeds, for ``GameTable(seed=N)``: what the learner's own first deal holds
  before any choice is made (the six cards and the starter are fixed by the seed): his
  heels turned in the first deal, or six cards from which a 24-point hand can be kept.

Usage (from anywhere)::

    .venv/bin/python scripts/find_class_seeds.py           # search and write (a second)
    .venv/bin/python scripts/find_class_seeds.py --check   # search again and compare
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

from cribbage_edu import Game, Rank, score_hand
from cribbage_edu.rules.board import Skunk
from cribbage_edu.rules.drive import play_game
from cribbage_edu.rules.events import EventKind, Phase, Source
from cribbage_edu.rules.scoring import Kind
from cribbage_edu.strategy.players import ExpertPlayer

PATH = Path(__file__).resolve().parent.parent / "lessons" / "data" / "class_seeds.json"
LIMIT = 5000  # seeds tried for each situation before giving up


def expert_game(seed: int) -> Game:
    """The demonstration game of a seed."""
    return play_game([ExpertPlayer(), ExpertPlayer()], seed=seed)


def first_deal_with(game: Game, test: Callable[[Any], bool]) -> int | None:
    """The first deal holding an event that passes ``test``, or None."""
    for event in game.events:
        if event.deal >= 1 and test(event):
            return int(event.deal)
    return None


def _items(event: Any) -> list[Kind]:
    return [item.kind for item in getattr(event, "items", ())]


GAME_SITUATIONS: dict[str, tuple[str, Callable[[Game], int | None]]] = {
    "a go": ("a player says go", lambda g: first_deal_with(g, lambda e: e.kind is EventKind.GO)),
    "a 31": ("a card makes the count exactly 31",
             lambda g: first_deal_with(g, lambda e: e.kind is EventKind.PEG
                                       and Kind.THIRTY_ONE in _items(e))),
    "his heels": ("a jack is turned as the starter",
                  lambda g: first_deal_with(g, lambda e: e.kind is EventKind.HEELS)),
    "a crib flush": ("the crib and the starter are all one suit",
                     lambda g: first_deal_with(g, lambda e: e.kind is EventKind.SHOW
                                               and e.source is Source.CRIB
                                               and Kind.FLUSH in _items(e))),
    "a 24-point hand": ("a hand or crib counts 24 or more",
                        lambda g: first_deal_with(g, lambda e: e.kind is EventKind.SHOW
                                                  and e.points >= 24)),
    "pegging out in the play": ("the game is won by a point scored in the play",
                                lambda g: _won_in_the_play(g)),
    "a skunk": ("the loser has not reached 91", lambda g: _skunk_deal(g)),
}


def _won_in_the_play(game: Game) -> int | None:
    events = list(game.events)
    win = next(e for e in events if e.kind is EventKind.WIN)
    before = next(e for e in reversed(events[:events.index(win)]) if e.points)
    return int(win.deal) if before.kind is EventKind.PEG else None


def _skunk_deal(game: Game) -> int | None:
    result = game.result
    assert result is not None
    return int(result.deals) if result.skunk is not Skunk.NONE else None


def first_deal(seed: int) -> tuple[Any, Any]:
    """The learner's six cards (seat 0) and the starter of the first deal of
    ``GameTable(seed=seed)``: both fixed by the seed, whatever is thrown."""
    game = Game(seed)
    while game.phase is not Phase.DISCARD:
        game.advance()
    six = game.hand(0)
    for seat in (0, 1):
        game.discard(seat, game.hand(seat)[:2])
    while game.starter is None:
        game.advance()
    return six, game.starter


def best_keep(six: Any, starter: Any) -> int:
    """The most any four of these six cards score with this starter."""
    return max(score_hand(keep, starter).total for keep in combinations(six, 4))


TABLE_SITUATIONS: dict[str, tuple[str, Callable[[int], bool]]] = {
    "his heels": ("the starter of your first deal is a jack",
                  lambda seed: first_deal(seed)[1].rank is Rank.JACK),
    "a 24-point hand": ("your first six cards can keep a hand of 24 or more with the starter",
                        lambda seed: best_keep(*first_deal(seed)) >= 24),
}


def search() -> dict[str, Any]:
    """Every situation's first seed (and, for a game, the deal where it happens)."""
    found: dict[str, Any] = {"game": {}, "table": {}}
    games: dict[int, Game] = {}
    for name, (what, deal_of) in GAME_SITUATIONS.items():
        for seed in range(LIMIT):
            game = games.get(seed) or games.setdefault(seed, expert_game(seed))
            deal = deal_of(game)
            if deal is not None:
                found["game"][name] = {"seed": seed, "deal": deal, "what": what}
                break
    for name, (what, holds) in TABLE_SITUATIONS.items():
        seed = next(s for s in range(LIMIT) if holds(s))
        found["table"][name] = {"seed": seed, "what": what}
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="search again and compare with the stored seeds")
    args = parser.parse_args(argv)
    found = search()
    if args.check:
        stored = json.loads(PATH.read_text(encoding="utf-8"))
        same = stored == found
        print("the stored seeds are what the search finds" if same else
              f"the search now finds {found}, the file holds {stored}")
        return 0 if same else 1
    PATH.parent.mkdir(parents=True, exist_ok=True)
    PATH.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
    for kind, table in found.items():
        for name, row in table.items():
            print(f"{kind:<5} {name:<24} seed {row['seed']}"
                  + (f", deal {row['deal']}" if "deal" in row else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
