"""Cards, hands and a seeded deck.

A :class:`Card` is an immutable value: there is exactly one object for each of
the 52 cards, so cards compare, hash and sort cheaply (by rank, ace low, then
by suit: clubs, diamonds, hearts, spades).

>>> card = Card.parse("10h")
>>> card, str(card), card.symbol, card.value
(Card.parse('10H'), '10H', '10♥', 10)
>>> Card.parse("TH") is card
True
>>> parse_cards("5H 5C 5S JD")
Hand('5H 5C 5S JD')
>>> sorted(parse_cards("KS AH 10C"))
[Card.parse('AH'), Card.parse('10C'), Card.parse('KS')]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import ClassVar

from .checks import no_card_twice
from .errors import CardParseError, IllegalHandError

__all__ = ["COUNT_VALUES", "FIFTEEN", "FULL_DECK", "THIRTY_ONE", "Card", "CardLike", "Deck",
           "Hand", "Rank", "Suit", "checked_card", "checked_cards", "distinct_cards",
           "parse_cards", "unseen_by_rank"]


class Rank(IntEnum):
    """The thirteen ranks, ace low (its int value is its place in a run)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """How the rank is written on a card: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self]

    @property
    def count_value(self) -> int:
        """What the rank adds to a count of 15 or 31: ace 1, pictures 10.

        >>> Rank.ACE.count_value, Rank.SEVEN.count_value, Rank.QUEEN.count_value
        (1, 7, 10)
        """
        return min(int(self), 10)

    @property
    def offset(self) -> int:
        """The rank's place counted from zero, ace 0 to king 12: its index in a table
        of the thirteen ranks, ace first, for code that keeps a row or a count per rank
        (:mod:`cribbage_edu.strategy.ranks` and the crib model, which work on bare rank
        numbers 1-13 in their inner loops, index with ``r - 1``, the same place).

        >>> Rank.ACE.offset, Rank.JACK.offset, Rank.KING.offset
        (0, 10, 12)
        """
        return int(self) - 1

    def __str__(self) -> str:
        return self.symbol


class Suit(IntEnum):
    """The four suits, in the order used to sort cards."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red; clubs and spades are black."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return self.letter


COUNT_VALUES: tuple[int, ...] = (0, *(rank.count_value for rank in Rank))
"""What each rank adds to the count, indexed by the rank's number (1-13; index 0 is
unused): the one table behind :attr:`Rank.count_value` for code that works on bare
ranks.

>>> COUNT_VALUES[1], COUNT_VALUES[5], COUNT_VALUES[13]
(1, 5, 10)
"""

FIFTEEN = 15
"""The count that scores two, in the show (each set of cards that adds up to it) and in
the play (the running count reaching it)."""

THIRTY_ONE = 31
"""The most the running count of the play may reach: a card that would pass it may not be
laid, and reaching it exactly scores two (instead of the one for the go)."""

_LETTERS = {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}
_RANK_SYMBOLS = {r: _LETTERS.get(r, str(int(r))) for r in Rank}
_RANK_TEXT = {sym: r for r, sym in _RANK_SYMBOLS.items()} | {"T": Rank.TEN}
_SUIT_TEXT = {
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
}


class Card:
    """One of the 52 cards. Build it with ``Card(rank, suit)`` or :meth:`Card.parse`.

    Attributes (all read-only): ``rank`` (:class:`Rank`), ``suit`` (:class:`Suit`),
    ``value`` (1-10, what it adds to a count) and ``index`` (0-51, the sort order).

    >>> Card(Rank.JACK, Suit.SPADES)
    Card.parse('JS')
    >>> Card.parse("5D") < Card.parse("5H") < Card.parse("6C")
    True
    """

    __slots__ = ("_html", "_str", "index", "rank", "suit", "value")

    rank: Rank
    suit: Suit
    value: int
    index: int
    _str: str
    _html: str | None
    _cache: ClassVar[dict[tuple[int, int], Card]] = {}
    _by_text: ClassVar[dict[str, Card]] = {}

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        try:
            return cls._cache[int(rank), int(suit)]
        except (KeyError, TypeError, ValueError):
            pass
        try:
            r, s = Rank(rank), Suit(suit)
        except ValueError as exc:
            raise CardParseError(f"no card has rank {rank!r} and suit {suit!r}") from exc
        self = object.__new__(cls)
        for name, value in (("rank", r), ("suit", s), ("value", r.count_value),
                            ("index", r.offset * 4 + s), ("_str", r.symbol + s.letter),
                            ("_html", None)):
            object.__setattr__(self, name, value)
        cls._cache[int(r), int(s)] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Card is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Card is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (int(self.rank), int(self.suit)))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: CardLike) -> Card:
        """Read a card from text: a rank (``A 2-10 T J Q K``) then a suit
        (``C D H S`` or ``♣ ♦ ♥ ♠``), in either case.

        >>> [str(Card.parse(t)) for t in ("10H", "TH", "th", "10♥", "A♠", "ah")]
        ['10H', '10H', '10H', '10H', 'AS', 'AH']
        >>> Card.parse("11H")
        Traceback (most recent call last):
          ...
        cribbage_edu.CardParseError: cannot read '11H' as a card: unknown rank '11'
        """
        if isinstance(text, Card):
            return text
        try:
            return cls._by_text[text]
        except (KeyError, TypeError):
            pass
        if not isinstance(text, str):
            raise CardParseError(f"cannot read {text!r} as a card: expected text like '10H'")
        cleaned = text.strip().replace("\ufe0f", "").upper()
        if len(cleaned) < 2:
            raise CardParseError(
                f"cannot read {text!r} as a card: expected a rank and a suit, like '10H'")
        rank_text, suit_text = cleaned[:-1], cleaned[-1]
        rank = _RANK_TEXT.get(rank_text)
        if rank is None:
            raise CardParseError(f"cannot read {text!r} as a card: unknown rank {rank_text!r}")
        suit = _SUIT_TEXT.get(suit_text)
        if suit is None:
            raise CardParseError(f"cannot read {text!r} as a card: unknown suit {suit_text!r}")
        card = cls(rank, suit)
        if len(cls._by_text) < 4096:
            cls._by_text[text] = card
        return card

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, as printed on a face: ``'10♥'``."""
        return self.rank.symbol + self.suit.symbol

    @property
    def name(self) -> str:
        """The card in words: ``'ten of hearts'``."""
        return f"{self.rank.name.lower()} of {self.suit.name.lower()}"

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Card.parse('{self._str}')"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def _repr_html_(self) -> str:
        html = self._html
        if html is None:
            from ..render import card_img

            html = card_img(self)
            object.__setattr__(self, "_html", html)
        return html


CardLike = Card | str
"""A card, or text that :meth:`Card.parse` reads."""

FULL_DECK: tuple[Card, ...] = tuple(Card(r, s) for r in Rank for s in Suit)
"""The 52 cards in sort order (A♣ A♦ A♥ A♠ 2♣ ... K♠)."""

for _card in FULL_DECK:
    Card._by_text[str(_card)] = _card


class Hand(tuple[Card, ...]):
    """A tuple of cards that prints and shows itself like a hand.

    >>> hand = Hand.parse("5H 5C 5S JD")
    >>> str(hand), len(hand), hand[3]
    ('5H 5C 5S JD', 4, Card.parse('JD'))
    >>> Hand('5H 5C 5S JD') == hand
    True
    """

    __slots__ = ()

    def __new__(cls, cards: str | Iterable[CardLike] = ()) -> Hand:
        if isinstance(cards, str):  # so that a repr such as Hand('5H 5C') pastes back
            cards = cards.replace(",", " ").split()
        return super().__new__(cls, (Card.parse(c) for c in cards))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read cards separated by spaces or commas."""
        return cls(text)

    def __str__(self) -> str:
        return " ".join(c._str for c in self)

    def __repr__(self) -> str:
        return f"Hand('{self}')"

    @property
    def symbols(self) -> str:
        """The hand with suit symbols: ``'5♥ 5♣ 5♠ J♦'``."""
        return " ".join(c.symbol for c in self)

    def _repr_html_(self) -> str:
        from ..render import hand_html

        return hand_html(self)


def parse_cards(cards: CardLike | Iterable[CardLike]) -> Hand:
    """Read several cards: text such as ``"5H 5C 5S JD"``, one card, or an iterable of cards or
    strings.

    >>> parse_cards(["AH", Card.parse("2h"), "3♥"])
    Hand('AH 2H 3H')
    """
    if isinstance(cards, str):
        return Hand.parse(cards)
    if isinstance(cards, Card):
        return Hand((cards,))
    return Hand(cards)


def distinct_cards(cards: str | Iterable[CardLike], count: int | None, what: str) -> Hand:
    """Read ``cards`` and check that no card repeats and, if ``count`` is given,
    that there are exactly that many. ``what`` names the cards in the error."""
    hand = parse_cards(cards)
    if count is not None and len(hand) != count:
        raise IllegalHandError(
            f"{what} must have {count} cards, got {len(hand)}: '{hand}'")
    no_card_twice(hand, what)
    return hand


def checked_cards(value: object, what: str) -> Hand:
    """Cards handed to the engine as an argument, checked once: text such as ``'5H JS'``,
    one :class:`Card`, or a list or tuple of cards or card texts (a :class:`Hand` is a
    tuple), none twice. Anything else (a number, bytes, a dict, whose keys would be read,
    a set, which has no order) is an ``IllegalHandError`` naming ``what``.

    >>> checked_cards(["5H", Card.parse("JS")], "the hand")
    Hand('5H JS')
    >>> checked_cards({"5H": 1}, "the throw")
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalHandError: the throw must be cards, such as '5H JS', not {'5H': 1}
    """
    if not isinstance(value, str | Card | list | tuple):
        raise IllegalHandError(f"{what} must be cards, such as '5H JS', not {value!r}")
    try:
        cards = parse_cards(value)
    except TypeError:
        raise IllegalHandError(f"{what} must be cards, such as '5H JS', not {value!r}") from None
    no_card_twice(cards, what)
    return cards


def checked_card(value: object, what: str) -> Card:
    """One card handed to the engine: as :func:`checked_cards`, exactly one.

    >>> checked_card("10h", "the starter")
    Card.parse('10H')
    >>> checked_card("5H 6H", "the starter")
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalHandError: the starter is one card, got 2: '5H 6H'
    """
    cards = checked_cards(value, what)
    if len(cards) != 1:
        raise IllegalHandError(f"{what} is one card, got {len(cards)}: '{cards}'")
    return cards[0]


def unseen_by_rank(ranks: Iterable[int] = ()) -> list[int]:
    """How many cards of each rank are left unseen when the cards of ``ranks`` (one rank
    a card, each card once) have been seen: a list indexed by rank, 1 (ace) to 13 (king),
    whose index 0 is always 0. More than four of a rank is refused by name.

    >>> unseen_by_rank([5, 5, 11])[5], unseen_by_rank([5, 5, 11])[11], unseen_by_rank()[1:4]
    (2, 3, [4, 4, 4])
    >>> unseen_by_rank([13] * 5)
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalHandError: more than four cards of rank K seen: 5
    """
    left = [0] + [4] * 13
    for rank in ranks:
        left[rank] -= 1
    if left[0]:
        raise IllegalHandError("a rank runs from 1 (ace) to 13 (king), not 0")
    if min(left) < 0:
        rank = left.index(min(left))
        raise IllegalHandError(f"more than four cards of rank {Rank(rank).symbol} seen: "
                               f"{4 - left[rank]}")
    return left


class Deck:
    """A 52-card deck that shuffles reproducibly.

    ``Deck(seed)`` with an int (or a :class:`random.Random`) always shuffles the
    same way, so a teacher and a class see the same deal. ``Deck.stacked(cards)``
    gives a deck in a known order (top card first) for examples and tests.

    >>> deck = Deck(seed=7)
    >>> a, b = deck.deal(6), deck.deal(6)
    >>> len(a), len(b), len(deck)
    (6, 6, 40)
    >>> Deck(seed=7).deal(6) == a
    True
    """

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._cards: list[Card] = list(FULL_DECK)
        self._rng.shuffle(self._cards)
        self._stacked = False

    @classmethod
    def stacked(cls, cards: str | Iterable[CardLike], seed: int | None = 0) -> Deck:
        """A deck whose top cards are ``cards`` in that order (the rest follow
        in sort order). Cutting a stacked deck takes its top card."""
        top = distinct_cards(cards, None, "a stacked deck")
        deck = cls.__new__(cls)
        deck._rng = random.Random(seed)
        rest = [c for c in FULL_DECK if c not in set(top)]
        deck._cards = list(top) + rest
        deck._stacked = True
        return deck

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    @property
    def cards(self) -> Hand:
        """The cards still in the deck, top first."""
        return Hand(self._cards)

    def deal(self, n: int) -> Hand:
        """Take ``n`` cards from the top."""
        if not 0 <= n <= len(self._cards):
            raise IllegalHandError(f"cannot deal {n} cards from a deck of {len(self._cards)}")
        dealt, self._cards = self._cards[:n], self._cards[n:]
        return Hand(dealt)

    def cut(self) -> Card:
        """Cut the deck and take the card revealed: a card chosen at random from
        those left (the top card of a stacked deck)."""
        if not self._cards:
            raise IllegalHandError("cannot cut an empty deck")
        at = 0 if self._stacked else self._rng.randrange(len(self._cards))
        return self._cards.pop(at)

    def __repr__(self) -> str:
        return f"<Deck of {len(self._cards)} cards>"
