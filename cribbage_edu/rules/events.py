"""The game's vocabulary: the phases of a deal, the kinds of events and actions, the
sources of points, and the two records a game keeps (every :class:`Event` in its log,
every :class:`Action` taken).

Kinds are enums, said once here and compared as members everywhere (they are also
strings, so ``event.kind == "peg"`` keeps working and JSON writes them as text).

>>> EventKind.PEG is EventKind("peg") == "peg", str(EventKind.END_OF_PLAY), ActionKind("go")
(True, 'end of play', <ActionKind.GO: 'go'>)
>>> Action(ActionKind.PLAY, 0, (Card.parse("5H"),))
Action(kind='play', player=0, cards=('5H',))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import Card
from .errors import IllegalActionError, SaveFileError
from .scoring import ScoreItem

__all__ = ["DECISIONS", "SOURCES", "Action", "ActionKind", "Event", "EventKind", "Phase", "Source"]


class EventKind(StrEnum):
    """What happened: one word for each kind of event, in a game's log (``Game.events``)
    and in the play's (``Play.events``, whose ``action`` is ``LAY``, ``GO``, ``PEG``,
    ``RESET`` or ``END_OF_PLAY``: the game logs the play's events as they are)."""

    START = "start"
    CUT = "cut"
    DEAL = "deal"
    DISCARD = "discard"
    STARTER = "starter"
    HEELS = "heels"
    LAY = "lay"
    GO = "go"
    PEG = "peg"
    RESET = "reset"
    END_OF_PLAY = "end of play"
    SHOW = "show"
    CLAIM = "claim"
    MUGGINS = "muggins"
    WIN = "win"

    def __repr__(self) -> str:
        # printed as the text it equals, so a list of kinds reads ['cut', 'deal']
        return repr(self.value)


class Phase(StrEnum):
    """Where a game stands; a text too (``Phase.PLAY == "play"``), so a phase is held,
    shown and written as itself.

    >>> Phase.COUNT == "count", str(Phase.CUT_FOR_DEAL)
    (True, 'cut for deal')
    """

    CUT_FOR_DEAL = "cut for deal"
    DEAL = "deal"
    DISCARD = "discard"
    STARTER = "starter"
    PLAY = "play"
    COUNT = "count"
    GAME_OVER = "game over"


class ActionKind(StrEnum):
    """What an action does. ``DISCARD``, ``PLAY``, ``GO`` and ``CLAIM`` are players'
    decisions; the others are the automatic steps :meth:`Game.advance` takes."""

    CUT_FOR_DEAL = "cut for deal"
    DEAL = "deal"
    DISCARD = "discard"
    STARTER = "starter"
    PLAY = "play"
    GO = "go"
    COUNT = "count"
    CLAIM = "claim"


DECISIONS = frozenset({ActionKind.DISCARD, ActionKind.PLAY, ActionKind.GO, ActionKind.CLAIM})
"""The players' decisions, as opposed to the automatic steps."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action: its ``kind``, who takes it (``None`` for the automatic steps), the
    ``cards`` (two for a discard, one for a play) and the ``points`` of a claim.

    >>> Action(ActionKind.PLAY, 0, (Card.parse("5H"),))
    Action(kind='play', player=0, cards=('5H',))
    >>> Action(kind='play', player=0, cards=('5H',)) == Action(ActionKind.PLAY, 0,
    ...                                                         (Card.parse("5H"),))
    True
    >>> Action.from_dict({"kind": "discard", "player": 1, "cards": ["5H", "JS"]}).cards
    (Card.parse('5H'), Card.parse('JS'))
    """

    kind: ActionKind
    player: int | None = None
    cards: tuple[Card, ...] = ()
    points: int | None = None

    def __post_init__(self) -> None:
        try:
            kind = ActionKind(self.kind)
        except ValueError:
            raise IllegalActionError(
                f"unknown action kind {self.kind!r}: the kinds are "
                f"{', '.join(repr(str(k)) for k in ActionKind)}") from None
        object.__setattr__(self, "kind", kind)
        # cards as text read as cards, so the repr pastes back to an equal action
        object.__setattr__(self, "cards", tuple(Card.parse(c) for c in self.cards))

    @property
    def is_decision(self) -> bool:
        """A player's choice, as opposed to an automatic step."""
        return self.kind in DECISIONS

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": str(self.kind)}
        if self.player is not None:
            out["player"] = self.player
        if self.cards:
            out["cards"] = [str(c) for c in self.cards]
        if self.points is not None:
            out["points"] = self.points
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """Read an action written by :meth:`to_dict`; bad data raises ``SaveFileError``."""
        try:
            if not isinstance(data, dict) or set(data) - {"kind", "player", "cards", "points"}:
                raise TypeError("not an action object")
            kind = ActionKind(data["kind"])
            player = data.get("player")
            if player is not None and type(player) is not int:
                raise TypeError(f"player {player!r}")
            cards_data = data.get("cards", [])
            if not isinstance(cards_data, list) or not all(isinstance(c, str)
                                                           for c in cards_data):
                raise TypeError("cards must be a list of card texts")
            cards = tuple(Card.parse(c) for c in cards_data)
            points = data.get("points")
            if points is not None and type(points) is not int:
                raise TypeError(f"points {points!r}")
            return cls(kind, player, cards, points)
        except (KeyError, TypeError, ValueError) as exc:
            shown = repr(data) if len(repr(data)) <= 80 else repr(data)[:77] + "..."
            raise SaveFileError(f"cannot read the action {shown}: {exc}") from None

    def __repr__(self) -> str:
        parts = [f"kind={str(self.kind)!r}"]
        if self.player is not None:
            parts.append(f"player={self.player}")
        if self.cards:
            parts.append(f"cards={tuple(str(c) for c in self.cards)!r}")
        if self.points is not None:
            parts.append(f"points={self.points}")
        return f"Action({', '.join(parts)})"


class Source(StrEnum):
    """Where points came from: the play, the show of a hand, the crib, his heels, or
    points taken by muggins."""

    PEGGING = "pegging"
    HAND = "hand"
    CRIB = "crib"
    HEELS = "heels"
    MUGGINS = "muggins"

    def __repr__(self) -> str:
        # printed as the text it equals, so a table keyed by source reads {'hand': 8}
        return repr(self.value)


SOURCES: tuple[Source, ...] = (Source.PEGGING, Source.HAND, Source.CRIB, Source.HEELS)
"""The sources of a deal's points in the order tables and charts show them (muggins
points, which arise only when a person counts by hand, are left out)."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: in which ``deal`` (0 is the cut for deal), its ``kind``,
    the ``player`` it concerns, the ``points`` they scored, the ``cards`` involved and
    the ``reason`` in words. Scoring events also carry the ``source`` of the points and
    the ``items`` that make them (each fifteen, pair, run... as its cards).

    The points of the events add up to the scores. The winning score stops at the game
    hole (121, or 61), as players write it: its event adds only the points needed, its
    items still show everything the cards held, and the ``win`` event notes the rest.

    Kinds: ``start`` (the starting scores, when a game does not start at 0-0),
    ``cut``, ``deal``, ``discard``, ``starter``, ``heels``, ``lay``, ``go``,
    ``peg`` (points in the play), ``reset``, ``end of play``, ``show`` (a hand or the
    crib counted), ``claim``, ``muggins``, ``win``.
    """

    deal: int
    kind: EventKind
    player: int | None
    points: int = 0
    cards: tuple[Card, ...] = ()
    reason: str = ""
    source: Source | None = field(default=None, repr=False)
    items: tuple[ScoreItem, ...] = field(default=(), repr=False)

    def __str__(self) -> str:
        return self.reason

    def to_dict(self) -> dict[str, Any]:
        """Plain data, ready for JSON."""
        return {
            "deal": self.deal, "kind": str(self.kind), "player": self.player,
            "points": self.points, "cards": [str(c) for c in self.cards],
            "reason": self.reason, "source": None if self.source is None else str(self.source),
            "items": [{"kind": str(i.kind), "cards": [str(c) for c in i.cards],
                       "points": i.points} for i in self.items],
        }
