"""How the version-1 record beside this script (``v1_record.sqlite``) was made, kept so
that a learner's old record keeps opening and is brought up to date (tests/test_record.py).
It was written by cribbage-edu as of commit dde380b (record schema version 1: no saved
games, an unused practice table):

    git archive dde380b cribbage_edu | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old python tests/data/make_v1_record.py tests/data

It holds three decisions of the learner (seat 0) in one seeded game (seed 5, seat 0
deals first): the throw, the first card laid where more than one rank fitted, and a
count of the learner's hand claimed 1 under. Run with today's package it writes today's
schema instead.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path


def main(out: str) -> None:
    from cribbage_edu.rules.events import ActionKind, Phase
    from cribbage_edu.rules.game import Game
    from cribbage_edu.rules.scoring import score_hand
    from cribbage_edu.strategy.coach import judge_view
    from cribbage_edu.study.record import Record, entry_of

    when = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    path = Path(out) / "v1_record.sqlite"
    path.unlink(missing_ok=True)
    game = Game(seed=5, first_dealer=0)
    game.advance()
    game.advance()
    record = Record.open(path)
    view = game.view(0)
    six = list(view.hand)
    verdict = judge_view(view, six[:2])
    game.discard(0, six[:2])
    record.write(entry_of(verdict, game="v1-game", seed=5, deal=1, action=len(game.actions) - 1,
                          origin="table", time=when))
    game.discard(1, list(game.view(1).hand)[:2])
    game.advance()
    while game.phase is Phase.PLAY:
        seat = game.to_act[0]
        view = game.view(seat)
        cards = [a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY]
        if not cards:
            game.go(seat)
            continue
        if seat == 0 and len({c.rank for c in cards}) > 1 and len(record) == 1:
            verdict = judge_view(view, [cards[-1]])
            game.play(0, cards[-1])
            record.write(entry_of(verdict, game="v1-game", seed=5, deal=1,
                                  action=len(game.actions) - 1, origin="table", time=when))
            continue
        game.play(seat, cards[0])
    kept = game.kept(0)
    assert kept is not None and game.starter is not None
    score = score_hand(kept, game.starter)
    from cribbage_edu.strategy.coach import judge_count
    from cribbage_edu.strategy.coach.grades import DecisionKind, Grade
    from cribbage_edu.study.record import Entry

    judged = judge_count(score.total - 1, score)
    record.write(Entry(DecisionKind.COUNT, {"hand": [str(c) for c in score.hand],
                                            "starter": str(score.starter), "crib": False},
                       str(judged.claimed), str(score.total), 1.0, None, Grade.INACCURACY,
                       "under", None, "v1-game", 5, 1, len(game.actions), "table", when))
    record.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
