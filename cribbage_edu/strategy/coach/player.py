"""The reading player (:class:`ReaderPlayer`): the coach's computer player before the
judge weighed the whole deal, kept as the baseline the new coach player is measured
against (``benchmarks/strength.py --only deal``). It throws as the judge does, and lays by
the open-hands solver (:mod:`cribbage_edu.strategy.pegsolver`) over the hands its read of
the opponent leaves him. Not on the roster: import it by name."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...rules.cards import Card
from ...rules.checks import whole_number
from ...rules.events import ActionKind
from ...rules.game import PlayerView
from ...stats import mean_error
from ..reading import READ_HANDS, read_hands
from .model import (
    CHANCE_HANDS,
    EXACT_HANDS,
    Ranks,
    card_options,
    draws,
    hand_kinds,
    in_reach,
    kinds_count,
    rank_totals,
    rank_values,
)
from .position import CardPosition, view_position
from .throw import throw_options

__all__ = ["PLAYER_HANDS", "ReaderPlayer"]

PLAYER_HANDS = 32
"""At most this many opponent hands (drawn at random, eight at a time, until the best card
is clear) a :class:`ReaderPlayer` weighs a card over, by default: the setting measured."""
STOP_ERRORS = 2.0
"""How many standard errors of the paired difference the best card must lead every other
by for the player to stop drawing hands early."""


class ReaderPlayer:
    """A computer player that throws by the judge and lays by the open-hands model: the
    throw the judge puts first (the advisor with the play, or the best chance to win near
    home, as the ``master``), and the card with the best whole rest of the play with both
    hands open (the best chance to win near home).

    Where today's open-hands judge (:func:`~cribbage_edu.strategy.coach.judge_card`) weighs
    every hand the opponent could hold alike, the player also reads him: away from home it
    weighs a card
    over the hands his throw, his cards and his gos leave him
    (:func:`cribbage_edu.strategy.reading.read_hands`, ``reads`` deals drawn for him; ``0``
    reads nothing). When nothing fits what he did, and near home, it weighs as the judge
    does; ``hands`` sets how many opponent hands a card is weighed over then, when there
    are too many to weigh them all (fewer is faster, and noisier).

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> [str(c) for c in ReaderPlayer().discard(game.view(1))]
    ['6H', 'KS']
    """

    name = "reader"

    def __init__(self, seed: int | random.Random | None = None, *,
                 hands: int = PLAYER_HANDS, reads: int = READ_HANDS) -> None:
        # Deterministic: a whole-number seed varies the deals it reads, nothing else.
        self.seed = seed
        self.hands = whole_number(hands, "hands", 1)
        self.reads = whole_number(reads, "reads", 0)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        """The throw the judge puts first."""
        me = view.player
        scores = (view.scores[me], view.scores[1 - me])
        options = throw_options(view.hand, view.is_dealer, scores, view.target)
        return list(options[0].discard)

    def play(self, view: PlayerView) -> Card:
        """The card the judge puts first, over the hands read from the opponent (see the
        class docstring); unread, sampled hands are drawn eight at a time and the drawing
        stops (from 16 hands on) once the best card leads every other by more than two
        standard errors of the paired difference."""
        legal = [a.cards[0] for a in view.legal if a.kind is ActionKind.PLAY]
        if len({c.rank for c in legal}) == 1:
            return legal[0]
        position = view_position(view)
        if position.scores is not None and in_reach(position.scores, position.target):
            options, _, _, _ = card_options(position, min(self.hands, EXACT_HANDS),
                                             self.hands, min(self.hands, CHANCE_HANDS),
                                             answers_too=False)
            return options[0].card
        read = {}
        if self.reads and view.opponent_cards:
            seed = self.seed if type(self.seed) is int else 0
            read = read_hands(view, self.reads, seed=seed)
        rank = _read_rank(position, read) if read else _leading_rank(position, self.hands)
        return min(c for c in legal if int(c.rank) == rank)


def _read_rank(position: CardPosition, read: Mapping[Ranks, float]) -> int:
    """The rank worth most to the end of the play over the hands read, each with its
    weight. Ties go to the lower rank, as in the judge."""
    totals = rank_totals(position, read.items())
    return max(totals, key=lambda r: (totals[r], -r))


def _leading_rank(position: CardPosition, hands: int) -> int:
    """The rank of the card worth most to the end of the play, over at most ``hands``
    opponent hands, stopping early when it leads clearly (see :meth:`ReaderPlayer.play`).
    Ties go to the lower rank, as in the judge."""
    unseen = position.unseen_ranks()
    k = position.opponent_cards
    if kinds_count(unseen, k) <= hands:
        totals = rank_totals(position, hand_kinds(unseen, k))
        return max(totals, key=lambda r: (totals[r], -r))
    ranks = sorted({int(c.rank) for c in position.legal})
    values: dict[int, list[int]] = {r: [] for r in ranks}
    solved: dict[Ranks, dict[int, int]] = {}
    for n, theirs in enumerate(draws(position, unseen, hands), 1):
        row = solved.get(theirs)
        if row is None:
            row = solved[theirs] = rank_values(position, theirs)
        for r in ranks:
            values[r].append(row[r])
        if n >= 16 and n % 8 == 0 and _clear_leader(values, n):
            break
    return max(ranks, key=lambda r: (sum(values[r]), -r))


def _clear_leader(values: dict[int, list[int]], n: int) -> bool:
    """Whether the rank with the best sum beats every other by more than two standard
    errors of the paired difference (:data:`STOP_ERRORS`, a little stricter than the 95%
    interval's 1.96, as the question is asked again every eight hands)."""
    leader = max(values, key=lambda r: (sum(values[r]), -r))
    for r, other in values.items():
        if r == leader:
            continue
        diffs = [a - b for a, b in zip(values[leader], other, strict=True)]
        mean, margin = mean_error(diffs, z=STOP_ERRORS)
        if mean <= margin:
            return False
    return True
