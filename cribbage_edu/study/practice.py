"""Practice from your own mistakes: the positions of the learner's record where a decision
went wrong, brought back on a spaced schedule, and fresh positions of the same kind when
too few are due.

What comes back (:class:`Item`): the very position of a mistake in the record
(:mod:`.record`): a throw from the same six cards, as dealer or pone, on the same board;
a card from the same point of the same deal (the game rebuilt from its save, kept in the
record with the decision); a count of the same hand (or crib) and starter. A mistake is a
throw or a card the coach grades serious (:attr:`~cribbage_edu.strategy.coach.Grade.is_serious`:
a mistake or a blunder, what the coach speaks of by default) or a count not right. A card
recorded before the record kept its game's save (schema version 1) cannot be rebuilt
exactly and is left out (:attr:`Practice.skipped` says which and why); so is a card whose
game's save does not rebuild the position recorded.

Each answer is judged by the coach, as at the table (:func:`judge_view` for a card,
:func:`judge_throw`, :func:`judge_count`), written to the record as a decision made in the
practice (``origin='practice'``, no game of its own), and the position's schedule moves in
the same transaction: graded good (a count: right) is a :attr:`fsrs.Rating.Good`, which
moves the position later; anything else an :attr:`fsrs.Rating.Again`, which brings it back
soon (:data:`RATINGS`). The schedule is the FSRS scheduler's (the ``fsrs`` package, with its
published parameters; its small random spread of intervals is off, so that the same answers
give the same schedule), kept in the record's ``practice`` table.

When fewer than the session asks for are due, fresh positions fill it: positions where the
same kind of decision decides, for the same role (dealer or pone; a hand or a crib), and
where the same rule decides: the rule of the rulebook the coach named for the mistake (the
record's ``rule``, the ``rule`` of an item: a throw or a card in which the coach names that
rule for a serious choice), or, for a card recorded without one, the coach's principle
named in the mistake's reason (:func:`principle_of`), from seeded games between the engine's players
(:data:`FRESH_PLAYERS`, seeds from :data:`FRESH_SEED`): every learner of a class who made
mistakes of a kind sees the same fresh positions of it.

>>> import tempfile
>>> from datetime import UTC, datetime
>>> from pathlib import Path
>>> from cribbage_edu.strategy.coach import judge_throw
>>> from .record import Record, entry_of
>>> when = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
>>> record = Record.open(Path(tempfile.mkdtemp()) / "record.sqlite")
>>> _ = record.write(entry_of(judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False),
...                           time=when))
>>> practice = Practice(record, clock=lambda: when)
>>> item = practice.due()[0]
>>> item.kind.value, item.role, item.six
('throw', 'pone', '2C 3D 5H 9S 10C KD')
>>> answer = practice.answer(item, "9S KD")
>>> answer.right, answer.rating.name, answer.line[:11]
(True, 'Good', 'Right: the ')
>>> practice.due(), practice.next_due() > when
([], True)
>>> record.close()
"""

from __future__ import annotations

import json
import math
import re
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, time
from itertools import combinations
from typing import Any

from fsrs import Card as Schedule
from fsrs import Rating, Scheduler

from ..rules.cards import CardLike, Hand
from ..rules.checks import is_number
from ..rules.errors import CribbageError, IllegalActionError
from ..rules.events import ActionKind, Phase
from ..rules.game import Game, PlayerView
from ..rules.scoring import HandScore, Judgement, Verdict, score_hand
from ..strategy.coach import (
    CardVerdict,
    DecisionKind,
    Grade,
    ThrowVerdict,
    judge_count,
    judge_throw,
    judge_view,
    verdict_line,
)
from ..strategy.coach.position import view_position
from ..strategy.roster import make_player
from .record import Entry, Record, Scheduled, count_position, entry_of, position_text

__all__ = ["FRESH_LOOKS", "FRESH_PLAYERS", "FRESH_SEED", "RATINGS", "SCHEDULER", "Answer",
           "Item", "Practice", "fresh_positions", "is_mistake", "is_right", "local_now",
           "principle_of",
           "when_said"]

SCHEDULER = Scheduler(enable_fuzzing=False)
"""The FSRS scheduler with its published parameters (learning steps of 1 and 10 minutes, a
relearning step of 10 minutes, 90% retention); no random spread of intervals."""
RATINGS = {True: Rating.Good, False: Rating.Again}
"""The rating an answer gives its position: right (graded good by the coach; a count
right) is Good, anything else Again."""
FRESH_SEED = 2026
"""The first seed of the games fresh positions come from (the same for a whole class)."""
FRESH_PLAYERS = ("expert", "expert")
"""The engine's players whose seeded games give the fresh positions."""
FRESH_GAMES = 40
"""How many seeded games are looked through for fresh positions, at most."""
FRESH_LOOKS = 12
"""How many fresh positions are judged, at most, to find one where the mistake's rule (or
a card's principle) decides (about 60 ms each, once a process); past that the first of the same kind
and role is taken. Also how many of the latest card mistakes are judged again for their
principle."""


def is_mistake(entry: Entry) -> bool:
    """Whether a recorded decision is one the practice brings back: a throw or a card
    graded serious (a mistake or a blunder), a count not right."""
    if entry.kind is DecisionKind.COUNT:
        return entry.verdict != "right"
    return entry.grade.is_serious


def is_right(entry: Entry) -> bool:
    """Whether a recorded decision was right, as the practice rates an answer: a throw or
    a card graded good, a count right."""
    if entry.kind is DecisionKind.COUNT:
        return entry.verdict == "right"
    return entry.grade is Grade.GOOD


def principle_of(verdict: CardVerdict) -> str | None:
    """The principle a card's verdict names as the reason of a serious loss: the head of
    its sentence (``'take the points'``, ``'near N few cards fit'``, ...; its numbers
    written N), or ``None`` when the grade is not serious or the sentence only compares
    the cards' numbers.

    >>> from cribbage_edu.strategy.coach import judge_card
    >>> principle_of(judge_card("5C 7D", "7D", starter="AS", pile="QD 5H",
    ...                         seen="2C 9C KH QC 8S 3D", dealer=True, opponent_cards=0))
    'take the points'
    """
    if not verdict.grade.is_serious:
        return None
    head = verdict.sentence
    for mark in (":", ";", " ("):
        head = head.split(mark)[0]
    if " nets " in head or not head.strip():
        return None
    return re.sub(r"\d+", "N", head.strip())  # "you left the count at N": one principle


@dataclass(frozen=True)
class Item:
    """One position to practise: its ``kind``, its ``key`` (the kind and the position as
    the record keeps it: the schedule's key), the ``position`` itself as plain data, the
    learner's ``view`` of the game (a card), the ``score`` to count (a count), where it
    comes from (``decision``: the record's row of the mistake, or of the practice's first
    answer to a fresh position; ``None`` for a fresh position not answered yet), the
    ``game`` (the save's key in the record) and ``action`` of a card, the ``rule`` the
    rulebook names (``None`` until it does), the ``principle`` of a card's mistake, its
    ``schedule`` (``None``: never practised) and when it is ``due``."""

    kind: DecisionKind
    key: str
    position: dict[str, Any]
    due: datetime
    decision: int | None = None
    view: PlayerView | None = None
    score: HandScore | None = None
    game: str | None = None
    save: str | None = field(default=None, repr=False)
    action: int | None = None
    seed: int | None = None
    deal: int | None = None
    rule: str | None = None
    principle: str | None = None
    schedule: Schedule | None = field(default=None, repr=False)

    @property
    def fresh(self) -> bool:
        """Whether the position is a fresh one, not a mistake of the learner's."""
        return self.decision is None

    @property
    def role(self) -> str:
        """``'dealer'`` or ``'pone'`` (a throw, a card); ``'crib'`` or ``'hand'`` (a
        count)."""
        if self.kind is DecisionKind.COUNT:
            return "crib" if self.position["crib"] else "hand"
        return "dealer" if self.position["dealer"] else "pone"

    @property
    def six(self) -> str:
        """A throw's six cards, as text."""
        return " ".join(self.position["six"])

    @property
    def scores(self) -> tuple[int, int] | None:
        """The board (yours, the opponent's) where the position has one."""
        if self.view is not None:
            me = self.view.player
            return self.view.scores[me], self.view.scores[1 - me]
        board = self.position.get("scores")
        return None if board is None else (int(board[0]), int(board[1]))

    @property
    def question(self) -> str:
        """What the learner is asked, in one line."""
        if self.kind is DecisionKind.THROW:
            whose = "your crib" if self.position["dealer"] else "the dealer's crib"
            return f"Which two cards do you throw to {whose}?"
        if self.kind is DecisionKind.CARD:
            return "Which card do you lay?"
        return f"How many points does {'the crib' if self.position['crib'] else 'the hand'} score?"


@dataclass(frozen=True)
class Answer:
    """The coach's word on an answer to an :class:`Item`: the ``verdict`` (a throw's or a
    card's verdict, a count's judgement), whether it was ``right``, the ``rating`` it gave
    the position, the coach's ``line`` and the numbers behind it (``why``), when the
    position is ``due`` again, the ``entry`` written to the record and when the answer
    was judged (``at``)."""

    item: Item
    verdict: ThrowVerdict | CardVerdict | Judgement
    right: bool
    rating: Rating
    line: str
    why: str
    due: datetime
    entry: Entry
    at: datetime


def local_now() -> datetime:
    """Now, in the machine's time zone (so "today" is the learner's day)."""
    return datetime.now().astimezone()


class Practice:
    """The practice of one learner's ``record`` (see the module). ``clock`` says the
    time (aware; the machine's local time by default, whose day is "today"); ``seed`` is
    the first seed of the fresh positions' games."""

    def __init__(self, record: Record, *, clock: Callable[[], datetime] | None = None,
                 seed: int = FRESH_SEED) -> None:
        if not isinstance(record, Record):
            raise IllegalActionError(f"the practice reads a Record, not {record!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise IllegalActionError(f"a seed is a whole number, not {seed!r}")
        self.record = record
        self.clock = clock or local_now
        self.seed = seed
        self.skipped: list[str] = []
        """The mistakes that cannot be practised, each with why (read by :meth:`items`)."""
        self._games: dict[str, Game | None] = {}
        self._read: tuple[int, list[Item]] | None = None
        self._themes: tuple[int, list[tuple[DecisionKind, str, str | None]]] | None = None
        self._principles: set[str] = set()  # the themes named by a sentence's principle

    # --- what there is to practise ----------------------------------------------------------

    def items(self) -> list[Item]:
        """Every position to practise, soonest due first: those practised, by their
        schedule, and the mistakes not practised yet, due from when they were made.
        Read again only when the record has grown (each answer is a decision written)."""
        size = len(self.record)
        if self._read is None or self._read[0] != size:
            self._read = (size, self._items())
        return list(self._read[1])

    def _items(self) -> list[Item]:
        self.skipped = []
        scheduled = {s.item: s for s in self.record.schedule()}
        out = []
        for s in scheduled.values():
            item = self._scheduled(s)
            if item is not None:
                out.append(item)
        for entry in self.record.entries():
            if entry.origin == "practice" or not is_mistake(entry):
                continue
            key = _key(entry.kind, entry.position)
            if key in scheduled:
                continue
            item = self._of_entry(entry, key, entry.time)
            if item is not None:
                scheduled[key] = Scheduled(key, entry.kind, entry.number or 0, entry.time, "")
                out.append(item)
        out.sort(key=lambda i: (i.due, i.key))
        return out

    def due(self, at: datetime | None = None) -> list[Item]:
        """The positions due by ``at`` (now), soonest first."""
        when = self.clock() if at is None else at
        return [item for item in self.items() if item.due <= when]

    def due_today(self, at: datetime | None = None) -> int:
        """How many positions are due by the end of the day (of ``at``, in its time zone)."""
        when = self.clock() if at is None else at
        end = datetime.combine(when.date(), time.max, when.tzinfo)
        return sum(1 for item in self.items() if item.due <= end)

    def next_due(self, at: datetime | None = None) -> datetime | None:
        """When the next position not yet due comes (``None``: none is scheduled)."""
        when = self.clock() if at is None else at
        later = [item.due for item in self.items() if item.due > when]
        return min(later) if later else None

    def session(self, count: int, at: datetime | None = None) -> list[Item]:
        """``count`` positions to practise now: those due, soonest first, then fresh
        positions of the kinds of the learner's mistakes (:meth:`fresh`)."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise IllegalActionError(f"a session is 1 position or more, not {count!r}")
        due = self.due(at)[:count]
        if len(due) < count:
            due += self.fresh(count - len(due), avoid={i.key for i in due})
        return due

    def themes(self) -> list[tuple[DecisionKind, str, str | None]]:
        """What the learner's mistakes are about, most frequent first: the kind, the role
        and the rule (the rulebook's when the record names one; for a card, the principle
        the coach names most often in the reasons of the learner's latest
        :data:`FRESH_LOOKS` card mistakes of that role, judged again now), each once.
        Worked out again only when the record has grown."""
        size = len(self.record)
        if self._themes is None or self._themes[0] != size:
            self._themes = (size, self._themes_now())
        return list(self._themes[1])

    def _themes_now(self) -> list[tuple[DecisionKind, str, str | None]]:
        mistakes = [i for i in self.items() if i.decision is not None
                    and self.record.entry(i.decision).origin != "practice"]
        found = Counter((i.kind, i.role, i.rule) for i in mistakes)
        themes = []
        for (kind, role, rule), _ in found.most_common():
            if kind is DecisionKind.CARD and rule is None:
                rule = self._principle(role, [i for i in mistakes if i.kind is kind
                                              and i.role == role])
                if rule is not None:
                    self._principles.add(rule)
            themes.append((kind, role, rule))
        return themes

    def _principle(self, role: str, cards: list[Item]) -> str | None:
        """The principle named most often in the reasons of the latest card mistakes."""
        said: Counter[str] = Counter()
        for item in sorted(cards, key=lambda i: -(i.decision or 0))[:FRESH_LOOKS]:
            assert item.view is not None and item.decision is not None
            verdict = judge_view(item.view, self.record.entry(item.decision).chosen)
            if isinstance(verdict, CardVerdict) and (name := principle_of(verdict)):
                said[name] += 1
        return said.most_common(1)[0][0] if said else None

    def fresh(self, count: int, *, avoid: Iterable[str] = ()) -> list[Item]:
        """``count`` fresh positions (not in the schedule, nor in ``avoid``), one theme of
        the learner's mistakes after another (:meth:`themes`; every kind in turn when
        there are none), from seeded games between :data:`FRESH_PLAYERS`."""
        taken = set(avoid) | {s.item for s in self.record.schedule()}
        themes = self.themes() or [(kind, role, None) for kind, role in (
            (DecisionKind.THROW, "dealer"), (DecisionKind.CARD, "pone"),
            (DecisionKind.COUNT, "hand"), (DecisionKind.THROW, "pone"),
            (DecisionKind.CARD, "dealer"), (DecisionKind.COUNT, "crib"))]
        principles = self._principles
        sources = {(kind, role, name): fresh_positions(
            kind, role, name if name in principles else None,
            rule=None if name in principles else name, seed=self.seed, avoid=taken)
            for kind, role, name in themes}
        out: list[Item] = []
        while len(out) < count and sources:
            for theme in list(sources):
                item = next(sources[theme], None)
                if item is None:
                    del sources[theme]
                    continue
                taken.add(item.key)
                out.append(item)
                if len(out) == count:
                    break
        return out

    # --- answering --------------------------------------------------------------------------

    def judge(self, item: Item, choice: str | int | Iterable[CardLike]
              ) -> ThrowVerdict | CardVerdict | Judgement:
        """The coach's verdict on ``choice`` at ``item`` (two cards, a card, a count);
        bad input raises the engine's error naming it, and changes nothing."""
        if item.kind is DecisionKind.THROW:
            if isinstance(choice, int):
                raise IllegalActionError(f"a throw is two cards, not {choice!r}")
            return judge_throw(item.position["six"], choice, dealer=item.position["dealer"],
                               scores=item.scores, target=item.position["target"])
        if item.kind is DecisionKind.CARD:
            assert item.view is not None
            if isinstance(choice, int):
                raise IllegalActionError(f"a card in the play is a card, not {choice!r}")
            return judge_view(item.view, choice)
        assert item.score is not None
        return judge_count(_claim(choice), item.score)

    def answer(self, item: Item, choice: str | int | Iterable[CardLike]) -> Answer:
        """Judge ``choice`` at ``item``, write it to the record as a practice's decision
        and move the position's schedule (:data:`RATINGS`), in one transaction."""
        verdict = self.judge(item, choice)
        when = self.clock().astimezone(UTC)
        if isinstance(verdict, Judgement):
            right = verdict.verdict is Verdict.RIGHT
            lost = float(verdict.score.total - verdict.awarded)
            entry = Entry(DecisionKind.COUNT, count_position(verdict.score),
                          str(verdict.claimed), str(verdict.score.total), lost, None,
                          Grade.of_points(lost), verdict.verdict.value, item.rule, None,
                          item.seed, item.deal, item.action, "practice", when)
            whose = "the crib" if verdict.score.crib else "the hand"
            said = verdict.explain(whose)
            line = said[0].upper() + said[1:]
            why = "\n".join(f"{item_}" for item_ in _itemised(verdict.score))
        else:
            right = verdict.grade is Grade.GOOD
            entry = entry_of(verdict, seed=item.seed, deal=item.deal, action=item.action,
                             origin="practice", rule=item.rule, time=when)
            line, why = verdict_line(verdict), verdict.why
        rating = RATINGS[right]
        schedule = item.schedule or Schedule(card_id=zlib.crc32(item.key.encode()), due=when)
        schedule, _ = SCHEDULER.review_card(schedule, rating, review_datetime=when)
        text = json.dumps({"card": schedule.to_dict(), "game": item.game,
                           "action": item.action, "seed": item.seed, "deal": item.deal,
                           "principle": item.principle}, sort_keys=True)
        row = Scheduled(item.key, item.kind, item.decision or 0, schedule.due, text)
        number = self.record.write(entry, save=item.save if item.fresh else None,
                                   saved_as=item.game, schedule=row)
        return Answer(item, verdict, right, rating, line, why, schedule.due,
                      replace(entry, number=number), when)

    # --- rebuilding positions ---------------------------------------------------------------

    def _scheduled(self, scheduled: Scheduled) -> Item | None:
        data = json.loads(scheduled.schedule)
        entry = self.record.entry(scheduled.decision)
        source = {"game": data.get("game"), "action": data.get("action")}
        item = self._of_entry(entry, scheduled.item, scheduled.due, source=source,
                              principle=data.get("principle"))
        if item is None:
            return None
        return Item(**{**item.__dict__, "schedule": Schedule.from_dict(data["card"]),
                       "decision": scheduled.decision, "seed": data.get("seed"),
                       "deal": data.get("deal")})

    def _of_entry(self, entry: Entry, key: str, due: datetime, *,
                  source: dict[str, Any] | None = None,
                  principle: str | None = None) -> Item | None:
        position = dict(entry.position)
        base: dict[str, Any] = {"kind": entry.kind, "key": key, "position": position,
                                "due": due, "decision": entry.number, "seed": entry.seed,
                                "deal": entry.deal, "action": entry.action,
                                "rule": entry.rule}
        if entry.kind is DecisionKind.THROW:
            return Item(**base)
        if entry.kind is DecisionKind.COUNT:
            score = score_hand(position["hand"], position["starter"], crib=position["crib"])
            return Item(**base, score=score)
        game_key = (source or {}).get("game") or entry.game
        action = (source or {}).get("action")
        action = entry.action if action is None else action
        view = self._card_view(entry, game_key, action)
        if view is None:
            return None
        base["action"] = action
        return Item(**base, view=view, game=game_key, principle=principle)

    def _card_view(self, entry: Entry, game_key: str | None,
                   action: int | None) -> PlayerView | None:
        where = f"the card {entry.chosen} of decision {entry.number}"
        if game_key is None or action is None:
            self.skipped.append(f"{where}: recorded without its game")
            return None
        if game_key not in self._games:
            save = self.record.game(game_key)
            try:
                self._games[game_key] = None if save is None else Game.from_json(save)
            except CribbageError:
                self._games[game_key] = None
        game = self._games[game_key]
        if game is None:
            self.skipped.append(f"{where}: its game was not kept with it (a record made "
                                f"before version 2) or does not load")
            return None
        if not 0 <= action < len(game.actions):
            self.skipped.append(f"{where}: its game has no action {action}")
            return None
        seat = game.actions[action].player
        if seat is None:
            self.skipped.append(f"{where}: action {action} of its game is no player's")
            return None
        view = game.replay(upto=action).view(seat)
        if view.phase is not Phase.PLAY or position_text(
                view_position(view).to_dict()) != position_text(entry.position):
            self.skipped.append(f"{where}: its game does not rebuild the position recorded")
            return None
        return view

    # --- fresh positions --------------------------------------------------------------------

def fresh_positions(kind: DecisionKind, role: str, principle: str | None = None, *,
                    rule: str | None = None, seed: int = FRESH_SEED,
                    avoid: Iterable[str] = ()) -> Iterator[Item]:
    """Fresh positions of ``kind`` for ``role`` (``'dealer'`` or ``'pone'``; ``'hand'`` or
    ``'crib'`` for a count) from the seeded games between :data:`FRESH_PLAYERS` (seeds from
    ``seed``), in the order they come, less those whose key is in ``avoid``. With a
    ``rule`` of the rulebook (a throw, a card: what the coach names, as the record keeps
    it), or for a card with a ``principle`` of the coach's sentences: first those, among
    the first :data:`FRESH_LOOKS` looked at, where the coach names that rule (that
    principle) for a serious choice (their ``rule`` or ``principle`` says so), then the
    others.

    >>> from itertools import islice
    >>> [(i.kind.value, i.role) for i in islice(fresh_positions(DecisionKind.THROW, "dealer"), 2)]
    [('throw', 'dealer'), ('throw', 'dealer')]
    """
    taken = set(avoid)
    name = rule if rule is not None else principle if kind is DecisionKind.CARD else None
    looked: list[Item] = []
    for item in _positions(seed, kind):
        if item.role != role or item.key in taken:
            continue
        if name is not None and kind is not DecisionKind.COUNT:
            if len(looked) < FRESH_LOOKS:
                if (rule is not None and rule in _said_at(item)[0]) or (
                        rule is None and name in _said_at(item)[1]):
                    yield (replace(item, rule=rule) if rule is not None
                           else replace(item, principle=principle))
                else:
                    looked.append(item)
                continue
            yield from looked
            looked = []
        yield item
    yield from looked


def when_said(when: datetime, now: datetime) -> str:
    """When a position comes back, in words (minutes, hours or days).

    >>> from datetime import timedelta
    >>> now = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    >>> [when_said(now + timedelta(minutes=m), now) for m in (1, 10, 120, 60 * 24 * 3)]
    ['in 1 minute', 'in 10 minutes', 'in 2 hours', 'in 3 days']
    """
    seconds = math.ceil((when - now).total_seconds())  # 59.9 seconds said: in 1 minute
    if seconds <= 0:
        return "now"
    for size, word in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            n = round(seconds / size)
            return f"in {n} {word}{'s' if n != 1 else ''}"
    return "in under a minute"


def _key(kind: DecisionKind, position: Any) -> str:
    return f"{kind.value} {position_text(position)}"


def _claim(choice: object) -> int:
    """A count typed or given: a whole number (text of the digits 0-9 too)."""
    if isinstance(choice, int) and not isinstance(choice, bool):
        return choice
    if isinstance(choice, str) and is_number(choice.strip()):
        return int(choice.strip())
    raise IllegalActionError(f"a count is a whole number of points, not {choice!r}")


def _itemised(score: HandScore) -> list[str]:
    """The count said item by item, then the total."""
    return [*(f"{item}" for item in score.items), f"total {score.total}: {score}"]


_DECIDED: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
"""The rules and the principles the coach names for the serious choices of each fresh
position (judged once a process: the fresh positions are the same for every learner)."""


def _said_at(item: Item) -> tuple[frozenset[str], frozenset[str]]:
    """The rules of the rulebook and (for a card) the principles the coach names for the
    choices of ``item`` it grades serious."""
    if item.key not in _DECIDED:
        rules: set[str] = set()
        principles: set[str] = set()
        for verdict in _every_choice(item):
            if not verdict.grade.is_serious:
                continue
            if verdict.rule:
                rules.add(verdict.rule)
            if isinstance(verdict, CardVerdict) and (name := principle_of(verdict)):
                principles.add(name)
        _DECIDED[item.key] = (frozenset(rules), frozenset(principles))
    return _DECIDED[item.key]


def _every_choice(item: Item) -> Iterator[ThrowVerdict | CardVerdict]:
    """The coach's verdict on every choice at a fresh throw or card position (a card of
    each rank that fits)."""
    if item.kind is DecisionKind.THROW:
        six = Hand(item.position["six"])
        for a, b in combinations(six, 2):
            yield judge_throw(six, (a, b), dealer=item.position["dealer"],
                              scores=item.scores, target=item.position["target"])
        return
    assert item.view is not None
    for card in {c.rank: c for c in item.view.hand}.values():
        try:
            verdict = judge_view(item.view, [card])
        except CribbageError:
            continue  # a card past 31
        if isinstance(verdict, CardVerdict):
            yield verdict


def _positions(seed: int, kind: DecisionKind) -> Iterator[Item]:
    """Every position of ``kind`` in the seeded games (seeds from ``seed``) between
    :data:`FRESH_PLAYERS`, in the order they were met: each throw, each card laid where
    more than one rank fitted, each hand and crib counted."""
    for n in range(FRESH_GAMES):
        game_seed = seed + n
        game = _fresh_game(game_seed)
        yield from _game_positions(game, game_seed, kind)


_FRESH: dict[int, Game] = {}


def _fresh_game(seed: int) -> Game:
    """The seeded game between :data:`FRESH_PLAYERS` (remembered: a practice asks again)."""
    if seed not in _FRESH:
        from ..rules.drive import play_game

        players = [make_player(name, seed=seed * 2 + seat)
                   for seat, name in enumerate(FRESH_PLAYERS)]
        _FRESH[seed] = play_game(players, seed=seed)
    return _FRESH[seed]


def _game_positions(game: Game, seed: int, kind: DecisionKind) -> Iterator[Item]:
    twin = game.replay(upto=0)
    save: str | None = None
    now = datetime(2000, 1, 1, tzinfo=UTC)  # a fresh position is due at once
    for index, action in enumerate(game.actions):
        seat = action.player
        if kind is DecisionKind.THROW and action.kind is ActionKind.DISCARD:
            assert seat is not None
            view = twin.view(seat)
            me = view.player
            verdict_position = {"six": [str(c) for c in view.hand], "dealer": view.is_dealer,
                                "scores": [view.scores[me], view.scores[1 - me]],
                                "target": view.target}
            yield Item(kind, _key(kind, verdict_position), verdict_position, now, seed=seed,
                       deal=view.deal)
        elif kind is DecisionKind.CARD and action.kind is ActionKind.PLAY:
            assert seat is not None
            view = twin.view(seat)
            if len({a.cards[0].rank for a in view.legal if a.kind is ActionKind.PLAY}) > 1:
                save = save or game.to_json()
                position = view_position(view).to_dict()
                yield Item(kind, _key(kind, position), position, now, view=view,
                           game=f"practice-{seed}", save=save, action=index, seed=seed,
                           deal=view.deal)
        elif (kind is DecisionKind.COUNT and action.kind is ActionKind.PLAY
              and not twin.laid and twin.starter is not None):
            for counted in _shows(twin):
                position = count_position(counted)
                yield Item(kind, _key(kind, position), position, now, score=counted,
                           seed=seed, deal=twin.deal_number)
        twin.apply(action)


def _shows(game: Game) -> Sequence[HandScore]:
    """The hands and the crib of the deal ``game`` is in, once both have thrown."""
    assert game.starter is not None and game.dealer is not None
    hands = [game.kept(seat) for seat in (1 - game.dealer, game.dealer)]
    shows = [score_hand(Hand(h), game.starter) for h in hands if h is not None]
    return [*shows, score_hand(game.crib, game.starter, crib=True)]
