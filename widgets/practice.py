"""Practice: positions from the learner's own mistakes, brought back on a spaced schedule,
and fresh ones of the same kind when too few are due (:mod:`cribbage_edu.study.practice`).

The position is shown as the table shows it: the six cards to throw from (click two,
then Throw), the cards to lay from with the count, the pile and the starter (click one),
or the hand and starter to count (type the points, then Check or Enter). The coach's line
answers (with Why? for the numbers), and the position's schedule moves in the record: a
right answer later, a wrong one soon. Next brings the next position due (or a fresh one);
the line at the top says how many are due today and when the next comes.

``record=True`` (the default) is the course folder's record; a file's path names another.
``seed`` is the first seed of the fresh positions' games (the course's by default, the same
for a whole class).

>>> import tempfile
>>> from pathlib import Path
>>> practice = Practice(Path(tempfile.mkdtemp()) / "record.sqlite", seed=7)
>>> practice.value.kind, practice.value.fresh, practice.value.answered
('throw', True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from html import escape
from pathlib import Path

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.render import hand_html
from cribbage_edu.rules.cards import Card, Hand
from cribbage_edu.rules.checks import is_number
from cribbage_edu.rules.errors import CribbageError, IllegalActionError
from cribbage_edu.rules.events import ActionKind
from cribbage_edu.strategy.coach import DecisionKind
from cribbage_edu.study.practice import FRESH_SEED, Answer, Item, local_now, when_said
from cribbage_edu.study.practice import Practice as Drill  # the widget is the Practice here
from cribbage_edu.study.record import Record, RecordError, record_path

from .answer import AnswerBox
from .cards import PlayableHand, SelectableHand
from .feedback import Message, StaticPicture, seed_badge

__all__ = ["Practice", "PracticeState"]

@dataclass(frozen=True)
class PracticeState:
    """What a :class:`Practice` shows: the record's file, the ``seed`` of the fresh
    positions, how many are ``due_today`` and when the ``next_due`` comes, the position's
    ``kind`` and ``role`` (``None`` when there is none), whether it is ``fresh``, its
    ``cards`` as text, whether it was ``answered`` and ``right``, the coach's ``line``,
    and the ``message``."""

    record: Path | None
    seed: int
    due_today: int
    next_due: datetime | None
    kind: str | None
    role: str | None
    fresh: bool
    cards: str
    answered: bool
    right: bool | None
    line: str
    message: str


class Practice(StaticPicture, w.VBox):  # type: ignore[misc]
    """Practice from the learner's own mistakes (see the module)."""

    RUN_TO = "practise positions from your own mistakes"

    def __init__(self, record: object = True, *, seed: int = FRESH_SEED,
                 clock: Callable[[], datetime] | None = None) -> None:
        path = record_path(record)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise IllegalActionError(f"seed is a whole number of 0 or more, not {seed!r}")
        super().__init__()
        self.add_class("cribbage-practice")
        self._path, self._seed = path, seed
        self._drill: Drill | None = None
        self._item: Item | None = None
        self._answer: Answer | None = None
        self._why_shown = False
        self._clock = clock or local_now
        self.status = Message()
        self.status.add_class("cribbage-practice-status")
        self.caption = w.HTML()
        self.caption.add_class("cribbage-practice-position")
        self.board = w.HTML()
        self.board.add_class("cribbage-practice-board")
        self.picker = SelectableHand()
        self.throw_button = w.Button(description="Throw", button_style="primary",
                                     tooltip="throw the two cards selected to the crib")
        self.throw_button.add_class("cribbage-practice-throw")
        self.throw_button.on_click(lambda _: self.throw())
        self.playable = PlayableHand(on_play=self.lay)
        self.count_box = AnswerBox(description="Points", placeholder="points",
                                   button_description="Check",
                                   button_tooltip="check your count",
                                   button_class="cribbage-practice-check")
        self.count_box.on_enter(self.check)
        self.message = Message()
        self.coach = w.HTML()
        self.coach.add_class("cribbage-practice-coach")
        self.why_button = w.Button(description="Why?", tooltip="the numbers behind the "
                                   "coach's word")
        self.why_button.add_class("cribbage-practice-why-button")
        self.why_button.on_click(lambda _: self.toggle_why())
        self.why = w.HTML()
        self.why.add_class("cribbage-practice-why")
        self.next_button = w.Button(description="Next", tooltip="the next position due "
                                    "(or a fresh one)")
        self.next_button.add_class("cribbage-practice-next")
        self.next_button.on_click(lambda _: self.next())
        self._throw_row = w.HBox([self.picker, self.throw_button])
        self.children = [
            w.HBox([w.HTML("<b role='heading' aria-level='3'>Practice from your "
                           "mistakes</b>"), seed_badge(seed)]),
            self.status, self.caption, self.board, self._throw_row, self.playable,
            self.count_box, self.message, w.HBox([self.coach, self.why_button]), self.why,
            self.next_button]
        self._open()
        self.next()

    # --- the record -------------------------------------------------------------------------

    def _open(self) -> None:
        path = self._path
        if path is None:
            self.status.say("No record here: your record is kept in your course folder; "
                            "open this notebook there (cribbage-edu course).")
            return
        try:
            self._drill = Drill(Record.open(path), clock=self._clock, seed=self._seed)
        except RecordError as exc:
            self.status.warn(f"{exc}. cribbage-edu progress --set-aside keeps it beside and "
                             f"starts a new one.")

    def close(self) -> None:
        """Close the record (and the widget)."""
        if self._drill is not None:
            self._drill.record.close()
            self._drill = None
        super().close()

    # --- what the learner does --------------------------------------------------------------

    def next(self) -> None:
        """Show the next position due, else a fresh one (what Next does)."""
        drill = self._drill
        self._answer = None
        self.message.clear()
        self._say_coach(None)
        if drill is None:
            self._show(None)
            return
        avoid = () if self._item is None else (self._item.key,)
        due = [i for i in drill.due() if i.key not in avoid]
        item = due[0] if due else next(iter(drill.fresh(1, avoid=avoid)), None)
        self._item = item
        self._show(item)
        self._say_status()

    def throw(self) -> None:
        """Throw the two cards selected (what Throw does)."""
        chosen = self.picker.value
        if len(chosen) != 2:
            self.message.warn(f"Select two cards to throw, not {len(chosen)}.")
            return
        self._judge(chosen)

    def lay(self, card: Card) -> None:
        """Lay ``card`` (what a click on a card does)."""
        self._judge([card])

    def check(self) -> None:
        """Judge the count typed (what Check, or Enter, does)."""
        text = self.count_box.value.strip()
        if not is_number(text):
            self.message.warn(f"Type the points as a whole number, not {text!r}."
                              if text else "Type the points first.")
            return
        self._judge(int(text))

    def toggle_why(self) -> None:
        """Show (or hide) the numbers behind the coach's word (what Why? does)."""
        if self._answer is None:
            return
        self._why_shown = not self._why_shown
        self._paint_why()

    def _judge(self, choice: object) -> None:
        drill, item = self._drill, self._item
        if drill is None or item is None:
            return
        if self._answer is not None:
            self.message.warn("Answered: press Next for the next position.")
            return
        try:
            answer = drill.answer(item, choice)  # type: ignore[arg-type]
        except CribbageError as exc:
            self.message.warn(f"{exc}.")
            return
        self._answer = answer
        self.message.clear()
        self._say_coach(answer)
        self._lock(True)
        self._say_status()

    # --- showing ----------------------------------------------------------------------------

    def _show(self, item: Item | None) -> None:
        for part in (self._throw_row, self.playable, self.count_box):
            part.layout.display = "none"
        self.board.value = ""
        if item is None:
            self.caption.value = ""
            return
        kind = item.kind
        where = "a fresh position" if item.fresh else "from your mistakes"
        board = item.scores
        on = "" if board is None else f", the score {board[0]}-{board[1]}"
        if kind is DecisionKind.THROW:
            role = "the dealer" if item.position["dealer"] else "pone"
            self.caption.value = _caption(f"You are {role}{on}", item.question, where)
            self.picker.deal(Hand(item.six))
            self._throw_row.layout.display = ""
        elif kind is DecisionKind.CARD:
            view = item.view
            assert view is not None and view.starter is not None
            role = "the dealer" if view.is_dealer else "pone"
            went = "; he said go" if view.opponent_said_go else ""
            self.caption.value = _caption(
                f"You are {role}{on}. Count {view.count}{went}; he holds "
                f"{view.opponent_cards} card{'s' if view.opponent_cards != 1 else ''}",
                item.question, where)
            self.board.value = _side_by_side(
                hand_html(Hand([view.starter]), caption="the starter"),
                hand_html(view.pile, caption=f"laid since the count began: {view.count}"))
            self.playable.deal(view.hand)
            self.playable.enable(a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY)
            self.playable.layout.display = ""
        else:
            score = item.score
            assert score is not None
            whose = "the crib" if score.crib else "your hand"
            self.caption.value = _caption(f"Count {whose}", item.question, where)
            self.board.value = _side_by_side(hand_html(score.hand, caption=whose),
                                             hand_html(Hand([score.starter]),
                                                       caption="the starter"))
            self.count_box.value = ""
            self.count_box.layout.display = ""
        self._lock(False)

    def _lock(self, locked: bool) -> None:
        self.picker.lock(locked)
        self.throw_button.disabled = locked
        self.count_box.disabled = locked
        if locked:
            self.playable.enable(())
        elif self._item is not None and self._item.view is not None:
            view = self._item.view
            self.playable.enable(a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY)

    def _say_status(self) -> None:
        drill = self._drill
        if drill is None:
            return
        now = self._clock()
        today = drill.due_today(now)
        upcoming = drill.next_due(now)
        later = "" if upcoming is None else f"; the next comes {when_said(upcoming, now)}"
        said = f"{today} position{'s' if today != 1 else ''} due today{later}."
        if self._item is None:
            said = "Nothing to practise yet: play a game with the coach on. " + said
        if drill.skipped:
            n = len(drill.skipped)
            said += (f" {n} card{'s' if n != 1 else ''} of your mistakes cannot be set up "
                     f"again (recorded before the record kept its games).")
        self.status.say(said)

    def _say_coach(self, answer: Answer | None) -> None:
        self._why_shown = False
        if answer is None:
            self.coach.value = ""
            self.why_button.layout.display = "none"
            self._paint_why()
            return
        colour = "#1b5e20" if answer.right else "#b71c1c"
        back = when_said(answer.due, answer.at)
        self.coach.value = (f"<div class='cribbage-practice-line' role='status' "
                            f"style='color:{colour};max-width:60em'><b>Coach:</b> "
                            f"{escape(answer.line)}<br><i>It comes back {back}.</i></div>")
        self.why_button.layout.display = "inline-flex"
        self._paint_why()

    def _paint_why(self) -> None:
        answer = self._answer
        shown = self._why_shown and answer is not None
        self.why.value = (f"<pre class='cribbage-practice-numbers' style='font-size:small;"
                          f"white-space:pre-wrap'>{escape(answer.why)}</pre>"
                          if shown and answer is not None else "")
        self.why_button.description = "Hide why" if shown else "Why?"

    def _static_html(self) -> str:
        item = self._item
        if item is None:
            return ""
        if item.kind is DecisionKind.THROW:
            return hand_html(Hand(item.six), caption=item.question)
        if item.view is not None:
            return hand_html(item.view.hand, caption=item.question)
        assert item.score is not None
        return hand_html(item.score.hand, caption=item.question)

    # --- reading ----------------------------------------------------------------------------

    @property
    def value(self) -> PracticeState:
        """What is shown (read-only)."""
        drill, item, answer = self._drill, self._item, self._answer
        now = self._clock()
        cards = ""
        if item is not None:
            cards = (item.six if item.kind is DecisionKind.THROW
                     else str(item.view.hand) if item.view is not None
                     else str(item.score.hand) if item.score is not None else "")
        return PracticeState(
            self._path, self._seed, 0 if drill is None else drill.due_today(now),
            None if drill is None else drill.next_due(now),
            None if item is None else item.kind.value, None if item is None else item.role,
            item is not None and item.fresh, cards, answer is not None,
            None if answer is None else answer.right, "" if answer is None else answer.line,
            self.message.text or self.status.text)

    def __repr__(self) -> str:
        item = self._item
        what = "nothing" if item is None else f"a {item.kind.value} ({item.role})"
        return f"<Practice seed {self._seed}: {what}>"


def _side_by_side(*pictures: str) -> str:
    boxes = "".join(f"<div>{picture}</div>" for picture in pictures)  # each over its caption
    return f"<div style='display:flex;gap:28px;align-items:flex-end'>{boxes}</div>"


def _caption(situation: str, question: str, where: str) -> str:
    return (f"<div role='group' aria-label='the position to practise'><p style='margin:2px 0'>"
            f"{escape(situation)} <span style='color:#555'>({escape(where)})</span></p>"
            f"<p style='margin:2px 0'><b>{escape(question)}</b></p></div>")
