"""The computer players of graded strength, each deciding from what it may see.

A player answers two questions, each from a :class:`~cribbage_edu.rules.game.PlayerView`
(what that player may see, nothing more): which two cards to lay away for the crib,
and which card to lay in the play (the protocol is :class:`cribbage_edu.rules.drive.Player`).
Saying go is not a decision (the game drives it when no card fits), and the counting is
exact unless a human counts by hand.

- :class:`RandomPlayer` picks any legal choice: a baseline that knows only the rules.
- :class:`GreedyPlayer` keeps the four cards worth most before the starter and lays the
  card that pegs most at once: what a beginner does.
- :class:`ExpertPlayer` discards by exact expected value and pegs with look-ahead and
  the known heuristics: see its docstrings for the reasoning, step by step.

>>> from cribbage_edu.rules.drive import play_game
>>> game = play_game([ExpertPlayer(), RandomPlayer(seed=1)], seed=4, first_dealer=0)
>>> game.is_over, max(game.scores) >= 121
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from operator import sub
from typing import TypeVar

from ..rules.cards import COUNT_VALUES, THIRTY_ONE, Card, unseen_by_rank
from ..rules.game import PlayerView
from ..rules.pegging import pile_points
from .discard import best_discard
from .pegsolver import pile_key, replies, straight_back
from .ranks import held_rank_points

__all__ = [
    "MEMO_CAP",
    "PEGS_OUT",
    "ExpertPlayer",
    "GreedyPlayer",
    "RandomPlayer",
    "legal_cards",
    "look_ahead_values",
    "peg_points",
    "pegs_out",
    "pile_ranks",
    "points_before_starter",
]


def legal_cards(view: PlayerView) -> list[Card]:
    """The cards this player may lay now (empty when they must say go, or outside the
    play).

    >>> from cribbage_edu.rules.game import Game
    >>> legal_cards(Game(seed=1).view(0))
    []
    """
    return [a.cards[0] for a in view.legal if a.cards and len(a.cards) == 1]


class RandomPlayer:
    """Any legal choice, at random (seeded).

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> len(RandomPlayer(seed=1).discard(game.view(0)))
    2
    """

    name = "random"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        return self._rng.sample(list(view.hand), 2)

    def play(self, view: PlayerView) -> Card:
        return self._rng.choice(legal_cards(view))


def points_before_starter(cards: Sequence[Card]) -> int:
    """What four cards score on their own, before the starter is turned: fifteens,
    pairs, runs and a four-card flush (nobs needs a starter).

    >>> from cribbage_edu import parse_cards
    >>> points_before_starter(parse_cards("5H 5C 10S JD"))  # four fifteens and a pair
    10
    >>> points_before_starter(parse_cards("2H 4H 6H 8H"))  # a flush only
    4
    """
    points = held_rank_points(int(c.rank) for c in cards)
    if len(cards) == 4 and len({c.suit for c in cards}) == 1:
        points += 4
    return points


MEMO_CAP = 1_000_000
"""The most entries each of the look-ahead's memos keeps (:func:`peg_points`', the piles'
and the hands' answers to them); a full one is emptied and fills again."""
_K = TypeVar("_K")
_V = TypeVar("_V")
_PEG_MEMO: dict[tuple[int, ...], int] = {}


def peg_points(ranks: tuple[int, ...]) -> int:
    """Points for the last card of a pile given by ranks (1-13) since the last reset:
    :func:`cribbage_edu.rules.pegging.pile_points`, remembered, because a look-ahead asks it
    thousands of times.

    >>> peg_points((5, 7, 6)), peg_points((5, 10)), peg_points((4, 4, 4)), peg_points((13, 12))
    (3, 2, 6, 0)
    """
    found = _PEG_MEMO.get(ranks)
    if found is None:
        found = _remember(_PEG_MEMO, ranks, pile_points(ranks))
    return found


def _remember(memo: dict[_K, _V], key: _K, value: _V) -> _V:
    """Keep ``value`` in ``memo`` under ``key``; a memo grown to :data:`MEMO_CAP` is first
    emptied, to fill again with the positions of the games at hand (a long match would
    otherwise fill it with its first games' and work every later one out afresh)."""
    if len(memo) >= MEMO_CAP:
        memo.clear()
    memo[key] = value
    return value


def pile_ranks(view: PlayerView) -> tuple[int, ...]:
    """The ranks (1-13) of the cards laid since the count was last reset, oldest first.

    >>> from cribbage_edu.rules.game import Game
    >>> pile_ranks(Game(seed=1).view(0))
    ()
    """
    return tuple(int(c.rank) for c in view.pile)


class GreedyPlayer:
    """Takes what it can see now: keeps the four cards worth most before the starter
    (ignoring the crib), and lays the card that pegs most at once. Ties are broken at
    random (seeded).

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> view = game.view(0)
    >>> str(view.hand), [str(c) for c in GreedyPlayer(seed=0).discard(view)]
    ('2H 6D 7C 7H 8D 9H', ['2H', '6D'])
    """

    name = "greedy"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        hand = list(view.hand)
        best: list[tuple[Card, ...]] = []
        best_points = -1
        keep: tuple[Card, ...]
        for keep in combinations(hand, 4):
            points = points_before_starter(keep)
            if points > best_points:
                best, best_points = [keep], points
            elif points == best_points:
                best.append(keep)
        keep = self._rng.choice(best)
        return [c for c in hand if c not in keep]

    def play(self, view: PlayerView) -> Card:
        pile = pile_ranks(view)
        options = legal_cards(view)
        scored = [(peg_points((*pile, int(c.rank))), c) for c in options]
        top = max(p for p, _ in scored)
        return self._rng.choice([c for p, c in scored if p == top])


PEGS_OUT = 1000.0
"""The worth :meth:`ExpertPlayer.card_values` gives a card that pegs out (reaches the
target and wins at once), before its points: more than any card that does not."""


def pegs_out(view: PlayerView, card: Card) -> bool:
    """Whether laying ``card`` now pegs out: its points in the play reach the target.

    >>> from cribbage_edu.rules.game import Game, stack_deck
    >>> deck = stack_deck("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S")
    >>> game = Game(seed=0, first_dealer=1, decks=[deck], scores=(119, 100))
    >>> _ = game.advance(), game.advance()
    >>> _ = game.discard(0, "9C KD"), game.discard(1, "JC QD"), game.advance()
    >>> _ = game.play(0, "2C"), game.play(1, "AC")
    >>> [str(c) for c in game.hand(0) if pegs_out(game.view(0), c)]  # 2 1 3: a run of three
    ['3D']
    """
    pile = (*(int(c.rank) for c in view.pile), int(card.rank))
    return peg_points(pile) >= view.target - view.scores[view.player]


class ExpertPlayer:
    """Plays by expected value: exact for the discard, a short look-ahead for the play.

    **The discard.** Of the 15 ways to lay away two of six cards, keep the one with the
    best *net expected value*: the mean score of the four kept cards over the 46
    starters this player cannot see, plus the expected value of the two cards thrown
    when the crib is ours (as dealer), minus it when the crib is the opponent's (as
    pone). The crib's value comes from the crib table of :mod:`cribbage_edu.tables.cribtable`,
    through :func:`cribbage_edu.strategy.discard.best_discard` (the same numbers the advisor
    :func:`cribbage_edu.strategy.discard.advise` shows a learner). So as dealer it will throw a
    pair of fives into its own crib; as pone it keeps fives and throws cards far apart.

    **The play.** For each card it may lay (see :meth:`card_values`) it weighs:

    1. the points the card pegs now (15, 31, pairs, runs);
    2. minus the opponent's best answer: for each rank the opponent could lay next, the
       points that card would peg, less what we could peg straight back with the cards
       we hold. The chance that the opponent holds a rank is worked out from the cards
       this player has not seen (its own hand, discards, the starter and the cards laid
       are known); the opponent is assumed to lay his best such card;
    3. plus about one point when the opponent is likely to have no card that fits (a go).

    The classic advice falls out of this arithmetic rather than being written in as
    rules: *do not leave a count of 5 or 21* (a ten-card, the commonest value, makes
    15 or 31); *lead a card under 5* (nothing the opponent lays can make 15); *lead from
    a pair* (if the opponent pairs it, we answer with three of a kind for 6: the pair
    trap); *do not lay a card that lets the opponent complete a run* unless we can
    extend it. On ties it keeps its low cards for later, when they win the go.

    **Near the end.** When a card pegs enough to reach the target it is laid at once
    (counting out beats any expectation). When the opponent is close enough to win by
    pegging, his answers are weighed double: denying him points matters more than
    taking our own.

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> view = game.view(1)
    >>> str(view.hand), [str(c) for c in ExpertPlayer().discard(view)]
    ('2C 3C 3D 4S 6H KS', ['6H', 'KS'])
    """

    name = "expert"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        # Deterministic: the seed is accepted so that every player is built alike.
        self.seed = seed

    def discard(self, view: PlayerView) -> Sequence[Card]:
        """The throw with the best net expected value (see the class docstring)."""
        _, throw = best_discard(list(view.hand), dealer=view.is_dealer)
        return throw

    def play(self, view: PlayerView) -> Card:
        """The card with the best value from :meth:`card_values`."""
        options = legal_cards(view)
        if len(options) == 1:
            return options[0]
        values = self.card_values(view)
        return max(options, key=lambda c: (values[c], c.value))

    def card_values(self, view: PlayerView) -> dict[Card, float]:
        """The look-ahead value of laying each legal card (higher is better): the points
        it pegs, less the opponent's expected best answer net of our reply, plus the
        chance of a go; a card that reaches the target is worth :data:`PEGS_OUT` and
        its points (:func:`pegs_out` says which cards do).

        >>> from cribbage_edu.rules.game import Game, stack_deck
        >>> deck = stack_deck("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S")
        >>> game = Game(seed=0, first_dealer=1, decks=[deck])
        >>> _ = game.advance(), game.advance()
        >>> _ = game.discard(0, "9C KD"), game.discard(1, "JC QD"), game.advance()
        >>> values = ExpertPlayer().card_values(game.view(0))
        >>> max(values, key=values.get), min(values, key=values.get)  # lead under 5, never the 5
        (Card.parse('3D'), Card.parse('5S'))
        """
        me = view.player
        by_rank = look_ahead_values(
            tuple(sorted(int(c.rank) for c in view.hand)), pile_ranks(view),
            unseen_by_rank(c.rank for c in view.seen), view.opponent_cards, view.opponent_said_go,
            view.target - view.scores[me], view.target - view.scores[1 - me])
        return {card: by_rank[int(card.rank)] for card in legal_cards(view)}


def look_ahead_values(held: tuple[int, ...], pile: tuple[int, ...], unseen: Sequence[int],
                      opponent_cards: int, opponent_said_go: bool, need: int,
                      opponent_need: int) -> dict[int, float]:
    """:meth:`ExpertPlayer.card_values` by ranks, from what the player knows: the ranks
    it holds (sorted), the pile since the reset, how many cards of each rank (index
    1-13) it has not seen, how many cards the opponent holds, whether he said go, and
    the points each side needs. One value for each rank it may lay (the reader of
    :mod:`cribbage_edu.strategy.reading` asks it of the hands an opponent might hold).

    For a rank laid, the opponent's answers are taken best first (for him): each rank he
    may lay, his points (twice when he is near home) less the most we could peg straight
    back, weighed by the chance that he holds that rank and none of the answers better for
    him; what is left of the chance is the chance of his go.

    >>> look_ahead_values((3, 5), (), unseen_by_rank(), 4, False, 121, 121)[5] < 0
    True
    """
    values: dict[int, float] = {}
    if not opponent_cards or opponent_said_go:  # no answer to weigh
        for rank, now, _, _, low in _lays(pile, held):
            values[rank] = PEGS_OUT + now if now >= need else now + low
        return values
    # the chance the opponent holds at least one card of each rank (index 0 the ace): one
    # minus the chance that all his cards come from the unseen cards of other ranks
    total_unseen = sum(unseen)
    held_chance: Sequence[float] = _NO_CHANCES
    if total_unseen:
        held_chance = list(map(_held_chances(total_unseen, opponent_cards).__getitem__,
                               unseen[1:14]))
    near = opponent_need <= 6
    for rank, now, once, twice, low in _lays(pile, held):
        if now >= need:
            values[rank] = PEGS_OUT + now
            continue
        # (his answers to this card are the ranks that fit, the lowest ones: fewer than 13)
        answers = [(net, chance) for net, chance
                   in zip(twice if near else once, held_chance, strict=False) if chance]
        answers.sort(reverse=True)
        expected, none_yet = 0.0, 1.0
        for net, chance in answers:
            expected += net * chance * none_yet
            none_yet *= 1.0 - chance
        values[rank] = now - expected + none_yet + low
    return values


_NO_CHANCES = (0.0,) * 13


@cache
def _held_chances(total_unseen: int, k: int) -> tuple[float, ...]:
    """For 0-4 unseen cards of a rank, the chance that k cards drawn from ``total_unseen``
    hold one of them at least (remembered: a look-ahead asks it of the same two numbers
    again and again)."""
    return tuple(1.0 - _choose(total_unseen - u, k) / _choose(total_unseen, k)
                 for u in range(5))


def _choose(n: int, k: int) -> float:
    """C(n, k) as a float (small k)."""
    out = 1.0
    for i in range(k):
        out *= (n - i) / (i + 1)
    return max(out, 0.0)


Nets = tuple[int, ...]
"""For each rank the opponent could lay next, the ace first (the ranks that fit are always
the lowest): his points less the most we could peg straight back. Whole numbers, so that the
look-ahead's arithmetic on them is exactly its arithmetic on the same numbers as floats."""


class _Pile:
    """What the look-ahead asks of a pile ending with our card (ranks since the last
    reset): the ``points`` that card pegs; for each rank the opponent could lay next, the
    points it pegs him (``once``, and ``twice`` for when he is near home); and for each rank
    we may hold, the points it pegs straight back on each of those (:meth:`back`)."""

    __slots__ = ("_backs", "_count", "_kept", "once", "points", "twice")

    def __init__(self, after: tuple[int, ...]) -> None:
        self.points = peg_points(after)
        count = 0
        for r in after:
            count += COUNT_VALUES[r]
        kept = pile_key(after)
        if count == THIRTY_ONE:  # he leads a new series
            kept, count = (), 0
        self._count = count
        answers = replies(kept, count)
        self.once: Nets = tuple(points for points, _ in answers)
        self.twice: Nets = tuple(2 * points for points, _ in answers)
        self._kept = tuple(end for _, end in answers)  # the pile's kept end after each
        self._backs: list[Nets | None] = [None] * 14

    def back(self, mine: int) -> Nets:
        """For each rank he could lay (as :attr:`once`), the points ``mine`` pegs on it
        (0 when it does not fit, or his card made 31)."""
        found = self._backs[mine]
        if found is None:
            found = self._backs[mine] = straight_back(self._kept, self._count, mine)
        return found


_PILES: dict[tuple[int, ...], _Pile] = {}

Lay = tuple[int, int, Nets, Nets, float]
"""A rank we may lay: the rank, what it pegs, the opponent's answers to it (:data:`Nets`,
his points counted once and twice) and the look-ahead's nudge for keeping low cards (a
hundredth of its count)."""
_LAYS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Lay, ...]] = {}


def _lays(pile: tuple[int, ...], held: tuple[int, ...]) -> tuple[Lay, ...]:
    """Each rank of ``held`` (sorted) that fits on ``pile``, once, as a :data:`Lay`;
    remembered, as are the piles it makes (:class:`_Pile`): the same hands meet the same
    piles game after game."""
    key = (pile, held)
    found = _LAYS.get(key)
    if found is not None:
        return found
    room = THIRTY_ONE
    for r in pile:
        room -= COUNT_VALUES[r]
    out: list[Lay] = []
    for i, rank in enumerate(held):
        if COUNT_VALUES[rank] > room or (i and held[i - 1] == rank):
            continue
        after = (*pile, rank)
        entry = _PILES.get(after)
        if entry is None:
            entry = _remember(_PILES, after, _Pile(after))
        backs = [entry.back(m) for m in {*held[:i], *held[i + 1:]}]
        once, twice = entry.once, entry.twice
        if backs:
            ours = backs[0] if len(backs) == 1 else tuple(map(max, *backs))
            once, twice = tuple(map(sub, once, ours)), tuple(map(sub, twice, ours))
        out.append((rank, entry.points, once, twice, 0.01 * COUNT_VALUES[rank]))
    return _remember(_LAYS, key, tuple(out))
