"""What a picture reads of the values it draws: their shapes, with no import of the rules.

``render`` is the bottom room: the rules' cards, boards and games draw themselves with it
(imported inside their ``_repr_html_``), so it cannot import them back, not even for their
types. Each picture names instead the few attributes it reads, as a
:class:`~typing.Protocol`; the rules' :class:`~cribbage_edu.rules.cards.Card`,
:class:`~cribbage_edu.rules.board.Board` and
:class:`~cribbage_edu.rules.game.PlayerView` have them, and mypy checks that they do
wherever one is handed to a picture.

>>> from cribbage_edu.rules.cards import Card
>>> card: Face = Card.parse("10H")
>>> card.rank.symbol + card.suit.symbol, card.is_red
('10♥', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

__all__ = ["CRIB", "CRIB_FACE_DOWN", "HAND", "THE_COUNT", "THE_PLAY", "Face", "Pegboard",
           "Symbol", "TableView"]

THE_PLAY = "play"
"""The phase a view's picture shows the count in (the rules' ``Phase.PLAY``, which equals
its word; ``tests/test_render_shapes.py`` holds each of these words to the rules' own)."""
THE_COUNT = "count"
"""The phase a view's picture shows the kept hand in, until it is counted
(``Phase.COUNT``)."""
CRIB_FACE_DOWN = ("starter", "play", "count")
"""The phases in which the crib lies face down on the table, until it is shown."""
HAND = "hand"
"""A hand shown, by its source of points (``Source.HAND``)."""
CRIB = "crib"
"""The crib shown, by its source of points (``Source.CRIB``)."""


class Symbol(Protocol):
    """A rank or a suit, as a card's corner shows it."""

    @property
    def symbol(self) -> str: ...


class Face(Protocol):
    """A card face: its rank and suit (each with its symbol), its name, its colour, its
    count value and its short symbol (``10♥``)."""

    @property
    def rank(self) -> Symbol: ...

    @property
    def suit(self) -> Symbol: ...

    @property
    def name(self) -> str: ...

    @property
    def symbol(self) -> str: ...

    @property
    def is_red(self) -> bool: ...

    @property
    def value(self) -> int: ...


class Pegboard(Protocol):
    """A board: its game hole, the holes of a lap, each player's two pegs and where every
    hole is drawn."""

    @property
    def target(self) -> int: ...

    @property
    def lap_holes(self) -> int: ...

    def front(self, player: int, /) -> int: ...

    def rear(self, player: int, /) -> int: ...

    def positions(self, player: int, /) -> tuple[tuple[float, float], tuple[float, float]]: ...

    def hole_xy(self, player: int, score: int, /) -> tuple[float, float]: ...


class TableView(Protocol):
    """What one player may see of a game, as its picture reads it. The phase and the
    sources of the hands shown are the rules' words (their enums equal their words)."""

    @property
    def player(self) -> int: ...

    @property
    def opponent(self) -> int: ...

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def phase(self) -> str: ...

    @property
    def deal(self) -> int: ...

    @property
    def dealer(self) -> int | None: ...

    @property
    def scores(self) -> Sequence[int]: ...

    @property
    def target(self) -> int: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def hand(self) -> Sequence[Face]: ...

    @property
    def kept(self) -> Sequence[Face]: ...

    @property
    def starter(self) -> Face | None: ...

    @property
    def count(self) -> int: ...

    @property
    def pile(self) -> Sequence[Face]: ...

    @property
    def opponent_cards(self) -> int: ...

    @property
    def shown(self) -> Sequence[tuple[int, str, Iterable[Face]]]: ...
