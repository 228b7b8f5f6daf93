"""A worksheet from a seed, and its answer key in words: what ``cribbage-edu handout``
prints (the pages are drawn by :mod:`cribbage_edu.charts.handout`).

The worksheet has three parts a class can do with a pencil: hands to count (four cards
and a starter, some of them cribs), plays to peg (the cards laid since the count was last
at zero: what does the last one score?) and throws to choose (six cards, as dealer or as
pone). Everything on it is chosen and answered by the engine from the seed, so a teacher
who prints seed 12 twice gets the same sheet, and a class handed seed 12 can check its
answers at the computer:

- the hands are dealt from the seed until each part of the count is met (fifteens and
  pairs, a run, a double run, nobs, a hand flush, and a crib whose four-card flush does
  not count), and each is counted with :func:`~cribbage_edu.rules.scoring.score_hand`;
- the plays are laid by two players choosing at random in a real
  :class:`~cribbage_edu.rules.pegging.Play`, so every position could happen at a table,
  and each is scored with :func:`~cribbage_edu.rules.pegging.score_play`;
- the throws are dealt until the best throw with the play counted
  (:func:`~cribbage_edu.strategy.discard.advise` with ``pegging=True``) leads the next
  best by half a point or more, so the key's answer is clear; the key says when the show
  alone would throw otherwise.

>>> sheet = worksheet(12)
>>> len(sheet.hands), len(sheet.plays), len(sheet.throws)
(6, 6, 4)
>>> worksheet(12) == sheet
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..rules.cards import FIFTEEN, FULL_DECK, THIRTY_ONE, Card, Hand
from ..rules.pegging import Play, score_play
from ..rules.scoring import HandScore, score_hand
from .discard import DiscardOption, advise

__all__ = ["CLEAR", "HAND_GOALS", "MOST_LAID", "PLAY_GOALS", "HandItem", "PlayItem",
           "ThrowItem", "Worksheet", "key_lines", "worksheet"]

MOST_LAID = 6
"""The most cards a play to peg shows (they fit the width of the page)."""
CLEAR = 0.5
"""How far (in expected points) the best throw must lead the next for a worksheet."""


@dataclass(frozen=True)
class HandItem:
    """A hand (or crib) to count: the four cards, the starter and the engine's count."""

    cards: Hand
    starter: Card
    crib: bool
    score: HandScore


@dataclass(frozen=True)
class PlayItem:
    """The cards laid since the count was last at zero, from a real play; the question
    is what the last one scores."""

    pile: Hand
    points: int
    said: str


@dataclass(frozen=True)
class ThrowItem:
    """Six cards to throw from, as dealer or pone; the best throw with the play counted,
    the next best, and the best by the show alone."""

    six: Hand
    dealer: bool
    best: DiscardOption
    runner_up: DiscardOption
    best_by_show: DiscardOption


@dataclass(frozen=True)
class Worksheet:
    """One worksheet: its seed and its three parts."""

    seed: int
    hands: tuple[HandItem, ...]
    plays: tuple[PlayItem, ...]
    throws: tuple[ThrowItem, ...]


# --- what goes on the sheet -----------------------------------------------------------------

def _kinds(score: HandScore) -> set[str]:
    return {str(item.kind) for item in score.items}


HAND_GOALS: tuple[tuple[str, bool, Callable[[HandScore], bool]], ...] = (
    ("fifteens and a pair", False,
     lambda s: _kinds(s) == {"fifteen", "pair"}),
    ("a run", False,
     lambda s: s.runs in (3, 4, 5) and s.pairs == 0 and s.fifteens > 0),
    ("a double run", False,
     lambda s: s.pairs == 2 and s.runs in (6, 8)),
    ("nobs", False,
     lambda s: s.nobs == 1 and s.total >= 4),
    ("a hand flush", False,
     lambda s: s.flush >= 4),
    ("a crib whose four-card flush does not count", True,
     lambda s: s.total > 0 and s.flush == 0),
)
"""What each hand to count shows, whether it is a crib, and the test a deal must pass."""


def _four_suited(cards: Sequence[Card]) -> bool:
    return len({c.suit for c in cards}) == 1


def _hands(rng: random.Random) -> tuple[HandItem, ...]:
    items = []
    for _name, crib, wanted in HAND_GOALS:
        while True:
            five = rng.sample(FULL_DECK, 5)
            cards, starter = Hand(sorted(five[:4])), five[4]
            if crib and not (_four_suited(cards) and starter.suit != cards[0].suit):
                continue
            score = score_hand(cards, starter, crib=crib)
            if wanted(score):
                items.append(HandItem(cards, starter, crib, score))
                break
    return tuple(items)


def _fifteen(pile: Hand, points: int) -> bool:
    return points == 2 and score_play(pile).points("fifteen") == 2


def _pair(pile: Hand, points: int) -> bool:
    return points == 2 and score_play(pile).points("pair") == 2


def _run_out_of_order(pile: Hand, points: int) -> bool:
    run = score_play(pile).points("run")
    return run > 0 and sorted(pile[-run:]) != list(pile[-run:])


def _fifteen_not_the_count(pile: Hand, points: int) -> bool:
    """Two of the cards add to 15, yet the count is not 15: nothing scores."""
    return points == 0 and any(a.value + b.value == FIFTEEN for a, b in combinations(pile, 2))


def _same_rank_further_back(pile: Hand, points: int) -> bool:
    return points == 0 and len(pile) >= 3 and pile[-1].rank == pile[-3].rank


def _thirty_one_or_two_ways(pile: Hand, points: int) -> bool:
    """The count reaches 31 (whatever else scores), or the card scores two kinds of
    points at once (a fifteen and a pair, a pair and a run...); a pair royal or a run of
    four alone is one way, however many points."""
    if sum(c.value for c in pile) == THIRTY_ONE:
        return True
    return len({item.kind for item in score_play(pile).items}) >= 2


PLAY_GOALS: tuple[tuple[str, Callable[[Hand, int], bool]], ...] = (
    ("a fifteen", _fifteen),
    ("a pair", _pair),
    ("a run laid out of order", _run_out_of_order),
    ("two cards adding to 15 when the count is not 15", _fifteen_not_the_count),
    ("a card of the same rank further back", _same_rank_further_back),
    ("thirty-one, or points two ways at once", _thirty_one_or_two_ways),
)
"""What each play to peg shows, and the test a position must pass."""


def _positions(rng: random.Random) -> list[Hand]:
    """Every pile (cards since the last reset, a card just laid) of one play between two
    players choosing at random."""
    cards = rng.sample(FULL_DECK, 8)
    play = Play(cards[:4], cards[4:])
    piles = []
    while not play.is_over:
        player = play.turn
        assert player is not None
        legal = list(play.legal_cards(player))
        if not legal:
            play.go(player)
            continue
        card = rng.choice(legal)
        before = list(play.pile)
        play.play(player, card)
        piles.append(Hand([*before, card]))
    return piles


def _plays(rng: random.Random) -> tuple[PlayItem, ...]:
    items = []
    for _name, wanted in PLAY_GOALS:
        found = None
        while found is None:
            for pile in _positions(rng):
                score = score_play(pile)
                if len(pile) <= MOST_LAID and wanted(pile, score.total):
                    found = PlayItem(pile, score.total, str(score))
                    break
        items.append(found)
    return tuple(items)


def _throws(rng: random.Random) -> tuple[ThrowItem, ...]:
    items = []
    for dealer in (True, False, True, False):
        while True:
            six = Hand(sorted(rng.sample(FULL_DECK, 6)))
            options = advise(six, dealer=dealer, pegging=True)
            if options[0].with_pegging - options[1].with_pegging >= CLEAR:
                by_show = max(options, key=lambda o: o.net_ev)
                items.append(ThrowItem(six, dealer, options[0], options[1], by_show))
                break
    return tuple(items)


def worksheet(seed: int) -> Worksheet:
    """The worksheet of ``seed``: six hands to count, six plays to peg, four throws (two
    as dealer, two as pone), each answered by the engine."""
    rng = random.Random(seed)
    return Worksheet(seed, _hands(rng), _plays(rng), _throws(rng))


# --- the key, in words ------------------------------------------------------------------------

def key_lines(sheet: Worksheet) -> list[str]:
    """The answer key, one entry per question, each starting with its number (A1, B1,
    C1, ...).

    >>> print(key_lines(worksheet(12))[1])  # doctest: +ELLIPSIS
    A1. ... starter ...: ... points (fifteen two, ...)
    """
    lines = ["A. Count these hands"]
    for n, hand in enumerate(sheet.hands, 1):
        what = "crib" if hand.crib else "hand"
        lines.append(f"A{n}. {what} {hand.cards.symbols}, starter {hand.starter.symbol}: "
                     f"{hand.score.total} points ({hand.score})")
    lines.append("B. Peg these plays")
    for n, play in enumerate(sheet.plays, 1):
        count = sum(c.value for c in play.pile)
        lines.append(f"B{n}. {play.pile.symbols} (count {count}): the {play.pile[-1].symbol} "
                     f"scores {play.points} ({play.said})")
    lines.append("C. Choose a throw")
    for n, throw in enumerate(sheet.throws, 1):
        best, next_best, by_show = throw.best, throw.runner_up, throw.best_by_show
        sign = "+" if throw.dealer else "-"
        line = (f"C{n}. as {'dealer' if throw.dealer else 'pone'}, throw "
                f"{best.discard.symbols} and keep {best.keep.symbols}: hand "
                f"{float(best.hand_ev):.2f} {sign} crib {best.crib_ev:.2f} "
                f"{'+' if best.peg_ev >= 0 else '-'} play {abs(best.peg_ev):.2f} = "
                f"{best.with_pegging:.2f}; the next best, {next_best.discard.symbols}, "
                f"{next_best.with_pegging:.2f}.")
        if set(by_show.discard) != set(best.discard):
            line += (f" By the show alone {by_show.discard.symbols} would be best "
                     f"({by_show.net_ev:.2f} against {best.net_ev:.2f}): the play decides.")
        else:
            line += " The show alone throws the same."
        lines.append(line)
    return lines
