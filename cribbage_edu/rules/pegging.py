"""The play (pegging): points for each card laid, and the play of a deal as an object.

:func:`score_play` scores the last card of the cards laid since the count was
last reset:

>>> print(score_play("5H 7C 6D"))
run of three for three
>>> score_play("4S 6H 5D").to_dict()
{'total': 5, 'fifteen': 2, 'thirty_one': 0, 'pairs': 0, 'run': 3}

:class:`Play` is one deal's play between pone and dealer, the object a game
drives: whose turn it is, the running count, the legal cards, go, 31 and the
last card, every point itemised with who scored it and why.

>>> play = Play(pone_hand="5H 10S 4C 9D", dealer_hand="JS 6C KD 2H")
>>> [str(e) for e in play.play(Play.PONE, "10S")]
['pone lays 10♠: ten']
>>> [str(e) for e in play.play(Play.DEALER, "5H")]
Traceback (most recent call last):
  ...
cribbage_edu.IllegalPlayError: dealer cannot lay 5H: not in hand 'JS 6C KD 2H'
>>> [str(e) for e in play.play(Play.DEALER, "KD")]
['dealer lays K♦: twenty']
>>> play.count, play.turn
(20, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import COUNT_VALUES, FIFTEEN, THIRTY_ONE, Card, CardLike, Hand, parse_cards
from .checks import apart, no_card_twice, seat
from .errors import IllegalHandError, IllegalPlayError, OutOfTurnError
from .events import EventKind
from .scoring import Kind, ScoreItem, Verdict, spoken_number

__all__ = ["MOST_PLAY_POINTS", "PegJudgement", "Play", "PlayEvent", "PlayScore",
           "go_slip", "judge_peg", "pile_points", "pile_shape", "score_play"]

_PAIR_POINTS = {2: 2, 3: 6, 4: 12}

MOST_PLAY_POINTS = 31
"""No claim of play points is more than this (one card makes at most a double pair royal,
a run, fifteen or thirty-one and the last card: far less; 31 is the count's limit)."""
_set = object.__setattr__


class PlayScore:
    """The points for the last card laid: ``total``, ``items`` and ``str()`` in words;
    an immutable value, equal to the score of the same cards laid in the same order.

    >>> score_play("5H 7C 6D") == score_play(["5H", "7C", "6D"])
    True
    """

    __slots__ = ("cards", "count", "items", "total")

    cards: Hand
    count: int
    items: tuple[ScoreItem, ...]
    total: int

    def __init__(self, cards: Hand, count: int, items: tuple[ScoreItem, ...]) -> None:
        _set(self, "cards", cards)
        _set(self, "count", count)
        _set(self, "items", items)
        _set(self, "total", sum(i.points for i in items))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a PlayScore is immutable: cannot set {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayScore):
            return NotImplemented
        return self.cards == other.cards and self.items == other.items

    def __hash__(self) -> int:
        return hash((self.cards, self.items))

    def points(self, kind: Kind | str) -> int:
        return sum(i.points for i in self.items if i.kind == kind)

    def to_dict(self) -> dict[str, int]:
        """The total and the points of each kind."""
        return {
            "total": self.total,
            "fifteen": self.points(Kind.FIFTEEN),
            "thirty_one": self.points(Kind.THIRTY_ONE),
            "pairs": self.points(Kind.PAIR),
            "run": self.points(Kind.RUN),
        }

    def phrases(self) -> list[str]:
        """Each score in words: ``['fifteen for two', 'pair for two']``."""
        return [_say(item) for item in self.items]

    def __str__(self) -> str:
        said = self.phrases()
        if not said:
            return f"{spoken_number(self.count)}, no points"
        return " and ".join(said)

    def __repr__(self) -> str:
        return f"<PlayScore '{self.cards}' count {self.count}: {self.total}>"


def _say(item: ScoreItem) -> str:
    if item.kind is Kind.LAST_CARD:
        return "one for last card"
    return f"{item.name} for {spoken_number(item.points)}"


def pile_shape(ranks: Sequence[int]) -> tuple[int, int, int]:
    """The rules of the play on bare ranks (1-13), for the last card of a pile laid
    since a reset: the count, how many cards of the last rank stand together at the
    end (1-4: 2 is a pair, 3 a pair royal, 4 a double pair royal), and the length of
    the longest run that ends the pile (0 if none).

    >>> pile_shape((5, 7, 6)), pile_shape((4, 4, 4)), pile_shape((13, 12, 1))
    ((18, 1, 3), (12, 3, 0), (21, 1, 0))
    """
    count = 0
    for r in ranks:
        count += COUNT_VALUES[r]
    n = len(ranks)
    last = ranks[-1]
    same = 1
    while same < n and same < 4 and ranks[n - 1 - same] == last:
        same += 1
    for k in range(n, 2, -1):
        window = ranks[n - k:]
        if len(set(window)) == k and max(window) - min(window) == k - 1:
            return count, same, k
    return count, same, 0


def pile_points(ranks: Sequence[int]) -> int:
    """The points :func:`score_play` gives, from bare ranks (no items built).

    >>> pile_points((4, 6, 5)), pile_points((10, 11, 12, 1))
    (5, 2)
    """
    count, same, run = pile_shape(ranks)
    return (2 if count in (FIFTEEN, THIRTY_ONE) else 0) + _PAIR_POINTS.get(same, 0) + run


def _score_pile(pile: Sequence[Card]) -> tuple[int, tuple[ScoreItem, ...]]:
    """The count and the items for the last card of ``pile`` (cards since a reset)."""
    count, same, run = pile_shape([c.rank for c in pile])
    items: list[ScoreItem] = []
    if count == FIFTEEN:
        items.append(ScoreItem(Kind.FIFTEEN, tuple(pile), 2))
    elif count == THIRTY_ONE:
        items.append(ScoreItem(Kind.THIRTY_ONE, tuple(pile), 2))
    n = len(pile)
    if same >= 2:
        items.append(ScoreItem(Kind.PAIR, tuple(pile[n - same:]), _PAIR_POINTS[same]))
    if run:
        items.append(ScoreItem(Kind.RUN, tuple(pile[n - run:]), run))
    return count, tuple(items)


def score_play(cards_since_reset: str | Iterable[CardLike]) -> PlayScore:
    """Points for the last card of ``cards_since_reset`` (the cards laid, in order,
    since the count was last reset).

    >>> print(score_play("3H 4S 3C 5D"))
    fifteen for two and run of three for three
    >>> print(score_play("5S 5H 5C"))
    fifteen for two and pair royal for six
    >>> score_play("KH QS 8D 2C").total
    0
    """
    pile = parse_cards(cards_since_reset)
    if not pile:
        raise IllegalPlayError("score_play needs at least one card laid")
    no_card_twice(pile, "the pile")
    count = sum(c.value for c in pile)
    if count > THIRTY_ONE:
        raise IllegalPlayError(
            f"the cards laid '{pile}' count {count}, past 31: the count resets at 31")
    total, items = _score_pile(pile)
    return PlayScore(pile, total, items)


@dataclass(frozen=True)
class PlayEvent:
    """Something that happened in the play: a card laid, a go, a reset, points.

    ``action`` is an :class:`~cribbage_edu.rules.events.EventKind`, the same word the
    game's log uses: ``LAY``, ``GO``, ``PEG``, ``RESET`` or ``END_OF_PLAY``; ``points``
    and ``items`` say what ``player`` scored and why.
    """

    player: int
    action: EventKind
    card: Card | None = None
    count: int = 0
    points: int = 0
    items: tuple[ScoreItem, ...] = ()
    reason: str = ""

    def __str__(self) -> str:
        return self.reason

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player, "action": str(self.action),
            "card": None if self.card is None else str(self.card), "count": self.count,
            "points": self.points, "reason": self.reason,
            "items": [{"kind": str(i.kind), "cards": [str(c) for c in i.cards],
                       "points": i.points} for i in self.items],
        }


class Play:
    """The play of one deal. Players are numbered by their seats at the table, 0 and
    1, as everywhere in the engine: ``dealer`` is the dealer's seat (by default 1, so
    ``Play.PONE`` is 0 and leads, ``Play.DEALER`` is 1) and ``names`` are by seat.

    Drive it with :meth:`play` and :meth:`go`; each returns the events it caused.
    A player who holds cards but none that fits must say go; after a go the
    other player lays every card that fits; when neither can, the player of the
    last card scores one (two for exactly 31, never both), the count resets and
    the player who did not lay the last card leads. Players whose hands are
    empty are passed over. The play ends when all eight cards are laid; the very
    last card scores one unless it made 31.

    >>> p = Play("KH QH", "JS 5C")
    >>> [str(e) for e in p.play(0, "KH")]
    ['pone lays K♥: ten']
    >>> [str(e) for e in p.play(1, "5C")]
    ['dealer lays 5♣: fifteen', 'dealer scores fifteen for two']
    >>> seated = Play("KH QH", "JS 5C", names=("Ann", "Bob"), dealer=0)  # Ann deals
    >>> [str(e) for e in seated.play(1, "KH")]
    ['Bob lays K♥: ten']
    """

    PONE = 0
    DEALER = 1

    def __init__(self, pone_hand: str | Iterable[CardLike],
                 dealer_hand: str | Iterable[CardLike], *,
                 names: Sequence[str] = ("pone", "dealer"), dealer: int = DEALER) -> None:
        pone = parse_cards(pone_hand)
        dealer_cards = parse_cards(dealer_hand)
        no_card_twice(pone, "pone's hand")
        no_card_twice(dealer_cards, "the dealer's hand")
        apart([("pone's hand", pone), ("the dealer's hand", dealer_cards)])
        if len(pone) != len(dealer_cards) or len(pone) > 4:
            raise IllegalHandError(
                f"the play needs two hands of up to 4 cards each, alike in size: "
                f"got '{pone}' and '{dealer_cards}'")
        self.names = tuple(names)
        self.dealer = seat(dealer, "dealer")
        self.pone = 1 - self.dealer
        self._hands: list[list[Card]] = [[], []]
        self._hands[self.pone], self._hands[self.dealer] = list(pone), list(dealer_cards)
        self._pile: list[Card] = []
        self._laid: list[tuple[int, Card]] = []
        self._series: list[list[tuple[int, Card]]] = [[]]
        self._count = 0
        self._turn = self.pone
        self._said_go: set[int] = set()
        self._last: int | None = None
        self._over = not pone  # the hands are alike in size
        self._events: list[PlayEvent] = []
        self._scores = [0, 0]

    # --- queries -------------------------------------------------------------------------

    @property
    def count(self) -> int:
        """The running count since the last reset (0-31)."""
        return self._count

    @property
    def turn(self) -> int | None:
        """The player to act, or ``None`` when the play is over."""
        return None if self._over else self._turn

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def pile(self) -> Hand:
        """The cards laid since the last reset, in order."""
        return Hand(self._pile)

    @property
    def laid(self) -> tuple[tuple[int, Card], ...]:
        """Every card laid so far, with who laid it, in order."""
        return tuple(self._laid)

    @property
    def series(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """The cards laid so far, one tuple a count (a new one starts when the count goes
        back to zero with cards still to lay), each card with who laid it.

        >>> p = Play("KH QH 9S", "JS 5C 6D")
        >>> for seat, card in ((0, "KH"), (1, "JS"), (0, "QH")):
        ...     _ = p.play(seat, card)
        >>> _ = p.go(1)  # at 30 nothing fits either hand: one for the go, and a new count
        >>> for seat, card in ((1, "5C"), (0, "9S"), (1, "6D")):
        ...     _ = p.play(seat, card)
        >>> [[str(c) for _, c in count] for count in p.series]
        [['KH', 'JS', 'QH'], ['5C', '9S', '6D']]
        """
        return tuple(tuple(count) for count in self._series)

    @property
    def events(self) -> tuple[PlayEvent, ...]:
        return tuple(self._events)

    @property
    def scores(self) -> tuple[int, int]:
        """Points each player has pegged in this play."""
        return (self._scores[0], self._scores[1])

    def hand(self, player: int) -> Hand:
        """The cards ``player`` has not yet laid."""
        return Hand(self._hands[self._check_player(player)])

    def said_go(self, player: int) -> bool:
        """Whether ``player`` has said go in the current series."""
        return player in self._said_go

    def legal_cards(self, player: int | None = None) -> Hand:
        """The cards ``player`` (default: the player to act) may lay now; empty when
        it is not their turn or none fits."""
        who = self._turn if player is None else self._check_player(player)
        if self._over or who != self._turn:
            return Hand()
        room = THIRTY_ONE - self._count
        return Hand(c for c in self._hands[who] if c.value <= room)

    def can_go(self, player: int) -> bool:
        """Whether ``player`` must say go now: their turn, cards in hand, none fits."""
        player = seat(player)
        return (not self._over and player == self._turn and bool(self._hands[player])
                and not self.legal_cards(player) and not self._said_go)

    # --- actions -------------------------------------------------------------------------

    def play(self, player: int, card: CardLike) -> tuple[PlayEvent, ...]:
        """``player`` lays ``card``; returns the events it caused (points included)."""
        laid = Card.parse(card)
        player = self._check_turn(player, f"lay {laid}")
        if laid not in self._hands[player]:
            raise IllegalPlayError(
                f"{self.names[player]} cannot lay {laid}: not in hand "
                f"'{Hand(self._hands[player])}'")
        if self._count + laid.value > THIRTY_ONE:
            raise IllegalPlayError(
                f"{self.names[player]} cannot lay {laid}: count is {self._count}, "
                f"{self._count} + {laid.value} > 31")
        start = len(self._events)
        self._hands[player].remove(laid)
        self._pile.append(laid)
        self._laid.append((player, laid))
        self._series[-1].append((player, laid))
        count, items = _score_pile(self._pile)
        self._count = count
        self._last = player
        self._emit(PlayEvent(player, EventKind.LAY, laid, count, 0, (),
                             f"{self.names[player]} lays {laid.symbol}: "
                             f"{spoken_number(count)}"))
        if items:
            words = " and ".join(_say(i) for i in items)
            self._award(player, items, f"{self.names[player]} scores {words}")
        if count == THIRTY_ONE:
            self._reset()
        else:
            self._turn = 1 - player
        self._settle()
        return tuple(self._events[start:])

    def go(self, player: int) -> tuple[PlayEvent, ...]:
        """``player`` says go: they hold cards but none fits under 31."""
        player = self._check_turn(player, "say go")
        if not self._hands[player]:
            raise IllegalPlayError(f"{self.names[player]} has no cards left to say go with")
        fits = self.legal_cards(player)
        if fits:
            raise IllegalPlayError(
                f"{self.names[player]} cannot say go: {fits[0]} fits "
                f"(count is {self._count})")
        if self._said_go:
            raise IllegalPlayError(f"{self.names[player]} has already said go")
        start = len(self._events)
        self._said_go.add(player)
        self._emit(PlayEvent(player, EventKind.GO, None, self._count, 0, (),
                             f"{self.names[player]} says go at {spoken_number(self._count)}"))
        self._turn = 1 - player
        self._settle()
        return tuple(self._events[start:])

    # --- the machinery -------------------------------------------------------------------

    def _check_player(self, player: int) -> int:
        return seat(player)

    def _check_turn(self, player: int, what: str) -> int:
        player = seat(player)
        if self._over:
            raise IllegalPlayError(f"{self.names[player]} cannot {what}: the play is over")
        if player != self._turn:
            raise OutOfTurnError(
                f"{self.names[player]} cannot {what}: it is {self.names[self._turn]}'s turn")
        return player

    def _emit(self, event: PlayEvent) -> None:
        self._events.append(event)

    def _award(self, player: int, items: tuple[ScoreItem, ...], reason: str) -> None:
        points = sum(i.points for i in items)
        self._scores[player] += points
        self._emit(PlayEvent(player, EventKind.PEG, None, self._count, points, items, reason))

    def _reset(self) -> None:
        """Start a new series: the count goes to 0; the player who did not lay the last
        card leads, if they have cards."""
        last = self._last
        assert last is not None
        self._pile = []
        self._count = 0
        self._said_go = set()
        other = 1 - last
        self._turn = other if self._hands[other] else last
        if self._hands[0] or self._hands[1]:
            self._series.append([])
            self._emit(PlayEvent(self._turn, EventKind.RESET, None, 0, 0, (),
                                 f"the count goes back to zero; {self.names[self._turn]} leads"))

    def _settle(self) -> None:
        """Pass over players who cannot act and award the last card when neither can."""
        while not self._over:
            last = self._last
            if not self._hands[0] and not self._hands[1]:
                if self._pile and last is not None:
                    self._award(last, (ScoreItem(Kind.LAST_CARD, (self._pile[-1],), 1),),
                                f"{self.names[last]} scores one for the last card")
                self._over = True
                self._emit(PlayEvent(last if last is not None else 0, EventKind.END_OF_PLAY, None,
                                     self._count, 0, (), "the play is over"))
                return
            me, other = self._turn, 1 - self._turn
            if self.legal_cards(me):
                return
            if self._hands[me] and not self._said_go:
                return  # the first player stuck in this series must say go
            if any(c.value <= THIRTY_ONE - self._count for c in self._hands[other]):
                self._turn = other
                return
            if self._hands[other] and not self._said_go and other != last:
                self._turn = other
                return  # the other player is stuck too, and says go
            # neither can lay a card: one for the go to the last card's player, a new series
            assert last is not None
            self._award(last, (ScoreItem(Kind.GO, (self._pile[-1],), 1),),
                        f"{self.names[last]} scores one for the go")
            self._reset()


class PegJudgement(NamedTuple):
    """A claim of play points judged (see :func:`judge_peg`): what was ``claimed``, what
    the card (or the go) made (``points``, with its ``items``), the ``verdict``, the points
    ``awarded`` to the claimer and those ``taken`` by the opponent (muggins)."""

    claimed: int
    points: int
    verdict: Verdict
    awarded: int
    taken: int
    items: tuple[ScoreItem, ...]

    def explain(self) -> str:
        """The verdict in words, with the points as they should have been said.

        >>> judge_peg(1, score_play("5H 10C").items, muggins=True).explain()
        'under by 1: it made 2 (fifteen for two), not 1; muggins: the opponent takes 1'
        """
        said = " and ".join(_say(i) for i in self.items) or "nothing"
        if self.verdict is Verdict.RIGHT:
            return f"right: {self.points} ({said})" if self.points else "right: no points"
        gap = abs(self.claimed - self.points)
        text = (f"{self.verdict} by {gap}: it made {self.points} ({said}), not "
                f"{self.claimed}")
        if self.taken:
            text += f"; muggins: the opponent takes {self.taken}"
        elif self.verdict is Verdict.UNDER:
            missed = self.points - self.claimed
            text += f"; the {missed} missed {'is' if missed == 1 else 'are'} lost"
        return text


def go_slip(card: Card | None, hand: Iterable[Card], fits: Iterable[Card],
            count: int) -> str | None:
    """What is wrong, in the course's words, when a player on their turn in the play lays
    ``card`` from ``hand`` (or says go, for ``None``) against the rule of the go: go while
    a card ``fits`` (must lay), or a card that takes ``count`` past 31. ``None`` when the
    move keeps the rule (or is wrong for another reason: a card not held). The table and
    the terminal game both say these words.

    >>> hand = parse_cards("KH 5C 2D")
    >>> go_slip(None, hand, parse_cards("5C 2D"), 25)
    'your 5♣ and 2♦ fit (25 + 5 = 30 at most): you must lay a card when one fits'
    >>> go_slip(Card.parse("KH"), hand, parse_cards("5C 2D"), 25)
    'the K♥ would make 35, past 31: lay a card that keeps the count at 31 or under'
    >>> go_slip(Card.parse("KH"), parse_cards("KH"), (), 25)
    'the K♥ would make 35, past 31: no card of yours fits, say go'
    >>> go_slip(Card.parse("5C"), hand, parse_cards("5C 2D"), 25) is None
    True
    """
    held, fitting = list(hand), list(fits)
    if card is None and fitting and held:
        top = max(c.value for c in fitting)
        names = [c.symbol for c in fitting]
        which = (f"{names[0]} fits ({count} + {top} = {count + top})" if len(names) == 1
                 else f"{', '.join(names[:-1])} and {names[-1]} fit ({count} + {top} = "
                      f"{count + top} at most)")
        return f"your {which}: you must lay a card when one fits"
    if card is not None and card in held and card not in fitting:
        what = ("no card of yours fits, say go" if not fitting else
                "lay a card that keeps the count at 31 or under")
        return f"the {card.symbol} would make {count + card.value}, past 31: {what}"
    return None


def judge_peg(claimed: int, items: Sequence[ScoreItem], *, muggins: bool = False
              ) -> PegJudgement:
    """The judge of a claim of play points (a player who pegs by hand says the points of
    each card they lay, and of the go): right, over or under. As a claim in the show
    that stands (:func:`cribbage_edu.rules.scoring.judge_claim`), it scores what was
    claimed, an over-claim only what the cards made; the points an under-claim misses
    are lost, or, under muggins, taken by the opponent, as the American Cribbage Congress
    plays it in the play as in the show.

    >>> fifteen = score_play("5H 10C").items
    >>> judge_peg(2, fifteen)[2:5], judge_peg(0, fifteen, muggins=True)[2:5]
    ((<Verdict.RIGHT: 'right'>, 2, 0), (<Verdict.UNDER: 'under'>, 0, 2))
    >>> judge_peg(0, fifteen)[2:5], judge_peg(3, fifteen, muggins=True)[2:5]
    ((<Verdict.UNDER: 'under'>, 0, 0), (<Verdict.OVER: 'over'>, 2, 0))
    """
    made = tuple(items)
    points = sum(i.points for i in made)
    verdict = Verdict.of(claimed, points)
    if verdict is Verdict.UNDER:
        return PegJudgement(claimed, points, verdict, claimed,
                            points - claimed if muggins else 0, made)
    return PegJudgement(claimed, points, verdict, points, 0, made)
