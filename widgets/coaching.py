"""The coach at a table: the verdict on each of the learner's decisions, one line right
after it, with a Why control that shows the numbers, and the verdicts kept for the review.

The coach only shows verdicts; the judging is the engine's
(:func:`cribbage_edu.strategy.coach.judge_view`). It is worked out ahead, while the
learner thinks (:mod:`cribbage_edu.widgets.ahead`): as soon as a throw or a card is the
learner's to choose, every choice is judged on a thread of its own, so the verdict on
the choice made is ready when the click comes, or follows it.

``mode`` is ``"off"`` (no verdicts at the table), ``"mistakes"`` (a verdict when a
decision loses at least the coach's mistake threshold,
:data:`cribbage_edu.strategy.coach.MISTAKE`, or its share of the chance to win) or
``"every"`` (a verdict on each decision).

Each verdict (and each count the review charges) is added to the learner's record
(:mod:`cribbage_edu.study.record`): ``record=True``, the default, is the course folder's
record (none outside a course, or with ``$CRIBBAGE_EDU_RECORD=off``); ``False`` records
nothing; a file's path names another.

>>> from cribbage_edu.rules.game import Game
>>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
>>> coach = TableCoach("every", seat=1)
>>> before = coach.position(game); _ = game.discard(1, "6H KS")
>>> coach.judge(before, ["6H", "KS"], len(game.actions) - 1)
>>> print(coach.line.value)  # doctest: +ELLIPSIS
<div class='cribbage-coach-line' data-decision='...'><b>Coach:</b> Right: the best throw...
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from html import escape

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.render.colours import INK
from cribbage_edu.rules.cards import Card, CardLike
from cribbage_edu.rules.events import ActionKind, EventKind
from cribbage_edu.rules.game import Event, Game, Phase, PlayerView
from cribbage_edu.strategy.coach import (
    CardVerdict,
    CoachMode,
    DecisionKind,
    Grade,
    Review,
    ThrowVerdict,
    judge_view,
    review,
    verdict_line,
)
from cribbage_edu.strategy.coach.phrases import percent
from cribbage_edu.study.record import Recorder

from .ahead import ahead, when_ready

__all__ = ["Position", "TableCoach", "chance_of"]

def _ink(grade: Grade) -> str:
    """The ink of the coach's line: a good choice's, a serious grade's (a mistake or a
    blunder: :attr:`Grade.is_serious`), or an inaccuracy's."""
    if grade is Grade.GOOD:
        return INK["success"]
    return INK["warning"] if grade.is_serious else INK["caution"]


def _position_key(game: Game) -> Hashable:
    """The position the game stands in: its seed, its rules and every action so far."""
    return ("coach", game.seed, game.options, game.start_scores, game.first_dealer,
            tuple(game.actions))


def _chooses(view: PlayerView) -> bool:
    """Whether the player has a choice the coach judges: a throw, or a card when more
    than one rank fits."""
    if view.phase is Phase.DISCARD:
        return len(view.hand) == 6
    if view.phase is not Phase.PLAY or view.turn != view.player:
        return False
    ranks = {a.cards[0].rank for a in view.legal if a.kind is ActionKind.PLAY}
    return len(ranks) > 1


Position = tuple[PlayerView, Hashable, tuple[Event, ...]]
"""Where the seat decides (:meth:`TableCoach.position`): its view, the key of the
position, and the game's events so far."""

_MOVERS = frozenset({EventKind.STARTER, EventKind.HEELS, EventKind.LAY, EventKind.GO,
                     EventKind.PEG, EventKind.CLAIM, EventKind.SHOW, EventKind.MUGGINS})
"""The events that move a chance to win within a deal: the starter, a card or a go of
the opponent's, a score."""
_NAMED = 4
"""How many of the events between two chances the coach names (the latest)."""


def chance_of(verdict: ThrowVerdict | CardVerdict) -> float | None:
    """The chance to win the verdict gives the choice made (``None`` when the chance was
    not judged: far from home)."""
    if verdict.chance_loss is None:
        return None
    if isinstance(verdict, CardVerdict):
        return next((o.chance for o in verdict.options if o.card == verdict.chosen), None)
    return next((o.chance for o in verdict.options
                 if set(o.discard) == set(verdict.chosen)), None)


def _warm(view: PlayerView) -> object:
    """Judge one choice of ``view``: the judge works out every choice of the position at
    once and remembers them, so the verdict on any choice made from it comes at once."""
    if view.phase is Phase.DISCARD:
        return judge_view(view, view.hand[:2])
    first = next(a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY)
    return judge_view(view, [first])


class TableCoach:
    """The coach of one seat at a table (see the module): ``ahead`` when the seat is to
    decide, ``judge`` once it has, ``review`` of the game so far. ``line`` is the widget
    that says the verdict (with its Why button)."""

    def __init__(self, mode: str = "mistakes", seat: int = 0, *,
                 record: object = True) -> None:
        self.mode: CoachMode = CoachMode.check(mode)
        self.seat = seat
        self.recorder = Recorder(record, origin="table")
        """Where each verdict is recorded (``record``; see the module)."""
        self._counts_kept: set[int] = set()
        self.verdicts: dict[int, ThrowVerdict | CardVerdict] = {}
        """The verdicts given so far, by the index of their action in ``game.actions``."""
        self.last: ThrowVerdict | CardVerdict | None = None
        self.text = ""
        self.line = w.HTML()
        self.line.add_class("cribbage-coach")
        self.why_button = w.Button(description="Why?", tooltip="the numbers behind the "
                                   "coach's word")
        self.why_button.add_class("cribbage-coach-why-button")
        self.why_button.on_click(lambda _: self.toggle_why())
        self.why = w.HTML()
        self.why.add_class("cribbage-coach-why")
        self.box = w.VBox([w.HBox([self.line, self.why_button]), self.why])
        self.box.add_class("cribbage-coach-box")
        self._why_shown = False
        self._chance_said: tuple[int, float, int] | None = None
        """The last chance to win said: its deal, the chance, the events before it."""
        self.clear()

    # --- judging ---------------------------------------------------------------------------

    def ahead(self, game: Game) -> None:
        """When the seat is to decide, start judging every choice it has (in a kernel, on
        the coach's thread; elsewhere nothing is done until a choice is judged)."""
        if self.mode is CoachMode.OFF:
            return
        view = game.view(self.seat)
        if self.seat in game.to_act and _chooses(view):
            ahead(_position_key(game), lambda: _warm(view))

    def position(self, game: Game) -> Position:
        """The seat's view of ``game``, the key of its position and the events so far,
        taken just before the seat decides (what :meth:`judge` is given after)."""
        self.recorder.playing(game)
        return game.view(self.seat), _position_key(game), tuple(game.events)

    def judge(self, position: Position, choice: str | Iterable[CardLike],
              index: int) -> None:
        """The seat chose ``choice`` from ``position`` (:meth:`position`, taken before),
        as action ``index`` of the game: keep the verdict, and say it when the mode asks
        (at once when it was worked out ahead, else when it is ready)."""
        view, key, events = position
        if self.mode is CoachMode.OFF or not _chooses(view):
            return
        game, seed = self.recorder.game, self.recorder.seed  # the game it was chosen in
        cards = [Card.parse(c) for c in ([choice] if isinstance(choice, str | Card)
                                         else choice)]

        def job() -> object:
            return _warm(view)

        when_ready(key, job, lambda _: self._judged(view, cards, index, events, (game, seed)))

    def _judged(self, view: PlayerView, cards: Sequence[Card], index: int,
                events: tuple[Event, ...] = (),
                game: tuple[str | None, int | None] | None = None) -> None:
        verdict = judge_view(view, cards)
        if game is None or game[0] == self.recorder.game:  # not a game since left
            self.recorder.judged(verdict, deal=view.deal, action=index)
        self.verdicts[index] = verdict
        if self.mode.speaks(verdict.grade):
            self.say(verdict, index, events)

    def moved(self, verdict: ThrowVerdict | CardVerdict,
              events: Sequence[Event]) -> str:
        """Why the chance to win ``verdict`` gives is not the last one said in this deal
        (``events``: the game's, before the decision judged): the chance said before and
        the events since the decision it was said of (the starter turned, the
        opponent's cards and go, the scores), the latest :data:`_NAMED` of them. Empty
        when no chance is judged, none was said before in this deal, or it has not
        changed."""
        chance, said = chance_of(verdict), self._chance_said
        deal = events[-1].deal if events else 0
        if chance is None or said is None or said[0] != deal:
            return ""
        _, before, start = said
        if percent(before) == percent(chance):
            return ""
        between = list(events[start:])
        while between and between[0].player == self.seat and between[0].kind in (
                EventKind.DISCARD, EventKind.LAY, EventKind.PEG, EventKind.CLAIM):
            between.pop(0)  # the decision the chance was said of, and its own points
        named = [e.reason for e in between if e.kind in _MOVERS and e.reason
                 and not (e.player == self.seat and e.kind in (EventKind.LAY, EventKind.GO)
                          and not e.points)]
        way = "up" if chance > before else "down"
        if not named:
            return f" ({way} from {percent(before)} at your last decision)"
        earlier = len(named) - _NAMED
        said_of = "; ".join(named[-_NAMED:])
        return (f" ({way} from {percent(before)} at your last decision: since then "
                f"{'(and ' + str(earlier) + ' more before) ' if earlier > 0 else ''}"
                f"{said_of})")

    def say(self, verdict: ThrowVerdict | CardVerdict, index: int,
            events: Sequence[Event] = ()) -> None:
        """Show ``verdict`` (of action ``index``, decided after ``events``, the game's
        events then) as the coach's line; when it gives a chance to win, beside it what
        moved the chance since the last one said in this deal (:meth:`moved`)."""
        self.last = verdict
        line = verdict_line(verdict) + self.moved(verdict, events)
        chance = chance_of(verdict)
        if chance is not None:
            self._chance_said = (events[-1].deal if events else 0, chance, len(events))
        self.text = f"Coach: {line}"
        colour = _ink(verdict.grade)
        self.line.value = (f"<div class='cribbage-coach-line' data-decision='{index}' "
                           f"role='status' style='color:{colour};max-width:60em'><b>Coach:"
                           f"</b> {escape(line)}</div>")
        self.why_button.layout.display = "inline-flex"
        self._show_why(False)  # a new verdict opens with its numbers hidden

    def clear(self) -> None:
        """Say nothing (a new deal, a new game)."""
        self.last = None
        self.text = ""
        self.line.value = ""
        self._show_why(False)
        self.why_button.layout.display = "none"

    def toggle_why(self) -> None:
        """Show (or hide) the numbers behind the last verdict (what Why? does)."""
        if self.last is None:
            return
        self._show_why(not self._why_shown)

    def _show_why(self, shown: bool) -> None:
        """Show the numbers of the last verdict, or hide them; the button always says
        what a click on it will do (Why? while they are hidden, Hide why while shown)."""
        self._why_shown = shown and self.last is not None
        self.why.value = (f"<pre class='cribbage-coach-numbers' style='font-size:small;"
                          f"white-space:pre-wrap'>{escape(self.last.why)}</pre>"
                          if self._why_shown and self.last is not None else "")
        self.why_button.description = "Hide why" if self._why_shown else "Why?"

    def forget(self) -> None:
        """A new game: no verdict kept."""
        self.verdicts = {}
        self._counts_kept = set()
        self._chance_said = None
        self.clear()

    def review(self, game: Game) -> Review:
        """The review of the seat's decisions in ``game`` so far, taking the verdicts
        already given (the others are judged now)."""
        judged = {n: v for n, v in self.verdicts.items() if n < len(game.actions)}
        found = review(game, self.seat, judged=judged)
        self._keep_counts(game, found)
        return found

    def _keep_counts(self, game: Game, found: Review) -> None:
        """Record the counts of ``found`` (the review of ``game``) not recorded yet."""
        if self.mode is CoachMode.OFF or self.recorder.record is None:
            return
        self.recorder.playing(game)
        for decision in found.decisions:
            if decision.kind is DecisionKind.COUNT and decision.action not in self._counts_kept:
                self._counts_kept.add(decision.action)
                self.recorder.judged(decision)
