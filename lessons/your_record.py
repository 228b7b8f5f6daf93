"""A demonstration record for the play notebook: the course as shipped records nothing
(:func:`cribbage_edu.study.record.course_record`), so the notebook shows the progress and
the practice of a record made here, in a temporary folder, from a seeded game.

In the record, the learner (seat 0) plays as the greedy computer player plays (it grabs the
points it can see), against the expert, for :data:`DEALS` deals; each of its throws and
each card it lays where more than one rank fits is judged by the coach and recorded, as
the table records a learner's.

>>> import tempfile
>>> from pathlib import Path
>>> from cribbage_edu.study.record import Record
>>> path = demonstration_record(Path(tempfile.mkdtemp()), deals=2)
>>> with Record.open(path) as record:
...     sorted({e.kind.value for e in record.entries()})
['card', 'throw']
"""

from __future__ import annotations

from pathlib import Path

from cribbage_edu.rules.drive import drive
from cribbage_edu.rules.events import ActionKind, Phase
from cribbage_edu.rules.game import Game
from cribbage_edu.strategy.coach import judge_view
from cribbage_edu.strategy.roster import make_player
from cribbage_edu.study.record import RECORD_NAME, Recorder

__all__ = ["DEALS", "demonstration_record"]

DEALS = 6
"""How many deals the demonstration game records."""


def demonstration_record(folder: Path, *, seed: int = 12, deals: int = DEALS) -> Path:
    """Make the demonstration record in ``folder`` (see the module); returns its path."""
    path = folder / RECORD_NAME
    recorder = Recorder(path, origin="table")
    learner, expert = make_player("greedy", seed), make_player("expert", seed + 1)
    game = Game(seed=seed, first_dealer=0)
    recorder.playing(game)
    while True:
        drive(game, [None, expert])
        if game.is_over or game.deal_number > deals or 0 not in game.to_act:
            break
        view = game.view(0)
        if view.phase is Phase.DISCARD:
            throw = list(learner.discard(view))
            verdict = judge_view(view, throw)
            game.discard(0, throw)
        else:
            fits = [a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY]
            if not fits:
                game.go(0)
                continue
            card = learner.play(view)
            if len({c.rank for c in fits}) < 2:
                game.play(0, card)
                continue
            verdict = judge_view(view, [card])
            game.play(0, card)
        recorder.judged(verdict, deal=view.deal, action=len(game.actions) - 1)
    recorder.close()
    return path
