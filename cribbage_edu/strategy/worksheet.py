"""A worksheet from a seed, and its answer key in words: what ``cribbage-edu handout``
prints (the pages are drawn by :mod:`cribbage_edu.charts.handout`).

The worksheet has five parts a class can do with a pencil: hands to count (four cards
and a starter, some of them cribs), plays to peg (the cards laid since the count was last
at zero: what does the last one score?), throws to choose (six cards, as dealer or as
pone), cards to choose in the play, and positions of the board (who is the favourite?).
Everything on it is chosen and answered by the engine from the seed, so a teacher
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
  alone would throw otherwise;
- the cards in the play come from deals between two expert players (each keeps and lays
  as :class:`~cribbage_edu.strategy.players.ExpertPlayer` does), stopped before pone's
  lead, the dealer's answer or pone's second card, and each is judged by the coach's judge
  of the whole deal (:func:`~cribbage_edu.strategy.coach.deal.judge_deal`, 2,000 deals
  drawn for the opponent, seeded): a position is taken when the cards within the judge's
  margin are of one rank and lead every other card by half a point or more;
- the board's positions are drawn from the last holes (both players from 100 to 118, at
  the start of a deal) until pone's chance to win, from the chance-to-win table
  (:func:`~cribbage_edu.tables.chance.win_probability`), is 62% or more or 38% or less:
  one where pone is the favourite, one where the dealer is, one either.

>>> sheet = worksheet(12)
>>> len(sheet.hands), len(sheet.plays), len(sheet.throws), len(sheet.cards), len(sheet.board)
(6, 6, 4, 3, 3)
>>> worksheet(12) == sheet
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from ..rules.board import GAME_HOLE
from ..rules.cards import FIFTEEN, FULL_DECK, THIRTY_ONE, Card, Hand
from ..rules.game import PlayerView, stacked_game
from ..rules.pegging import Play, score_play
from ..rules.scoring import HandScore, score_hand
from ..tables.chance import win_probability
from .coach.deal import judge_deal
from .discard import DiscardOption, advise
from .players import ExpertPlayer

__all__ = ["BOARD_CLEAR", "BOARD_SCORES", "CLEAR", "HAND_GOALS", "JUDGE_DEALS", "MOST_LAID",
           "PLAY_GOALS", "BoardItem", "CardItem", "HandItem", "PlayItem", "ThrowItem",
           "Worksheet", "key_lines", "worksheet"]

MOST_LAID = 6
"""The most cards a play to peg shows (they fit the width of the page)."""
CLEAR = 0.5
"""How far (in expected points) the best throw, or the best card in the play, must lead
the next for a worksheet."""
JUDGE_DEALS = 2000
"""The deals the judge draws for the opponent to answer a card in the play."""
BOARD_SCORES = range(100, 119)
"""The scores of the board's positions: the last holes, where the chance swings."""
BOARD_CLEAR = 0.12
"""How far from an even game (50%) a board position's chance must be to go on a sheet."""


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
class CardItem:
    """A card to choose in the play, in a deal between two experts: the four cards the
    player kept and the two thrown, the starter, every card laid so far in order (the
    player's own among the kept), whether the player deals, and each card that fits
    with its net points to the end of the play by the judge of the whole deal, best
    first."""

    kept: Hand
    thrown: Hand
    starter: Card
    laid: tuple[Card, ...]
    dealer: bool
    judged: tuple[tuple[Card, float], ...]

    @property
    def held(self) -> Hand:
        """The cards the player still holds."""
        return Hand([c for c in self.kept if c not in self.laid])

    @property
    def best(self) -> Card:
        return self.judged[0][0]


@dataclass(frozen=True)
class BoardItem:
    """A position at the start of a deal near home: pone's score, the dealer's, and
    pone's chance to win from the chance-to-win table."""

    pone: int
    dealer: int
    chance: float

    @property
    def favourite(self) -> str:
        return "pone" if self.chance > 0.5 else "dealer"


@dataclass(frozen=True)
class Worksheet:
    """One worksheet: its seed and its five parts."""

    seed: int
    hands: tuple[HandItem, ...]
    plays: tuple[PlayItem, ...]
    throws: tuple[ThrowItem, ...]
    cards: tuple[CardItem, ...]
    board: tuple[BoardItem, ...]


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


def _card_item(rng: random.Random, before: int, seed: int) -> CardItem | None:
    """A deal between two experts stopped when ``before`` cards have been laid (0: pone's
    lead, 1: the dealer's answer, 2: pone's second card), judged; ``None`` unless the
    judge's answer is clear (one rank within its margin, half a point ahead of the rest)."""
    expert = ExpertPlayer()
    cards = rng.sample(FULL_DECK, 13)
    game = stacked_game(cards[:6], cards[6:12], cards[12])
    for seat in (0, 1):
        game.discard(seat, expert.discard(game.view(seat)))
    game.advance()
    for n in range(before):
        if game.turn != n % 2 or not game.legal_cards(n % 2):
            return None  # a go so early: not the position sought
        game.play(n % 2, expert.play(game.view(n % 2)))
    seat = before % 2
    if game.turn != seat or len(game.legal_cards(seat)) < 2:
        return None
    seen = game.view(seat)
    laid = tuple(card for _, card in seen.laid)
    dealer = seat == 1
    view = PlayerView.in_play(seen.kept, seen.discards, cards[12], dealer=dealer, laid=laid)
    verdict = judge_deal(view, JUDGE_DEALS, seed=seed)
    ranks = {c.rank for c in verdict.within_margin()}
    others = [row for row in verdict.cards if row.card.rank not in ranks]
    if len(ranks) != 1 or not others or -others[0].difference < CLEAR:
        return None
    return CardItem(Hand(sorted(seen.kept)), Hand(sorted(seen.discards)), cards[12], laid,
                    dealer,
                    tuple((row.card, row.points) for row in verdict.cards))


def _cards(rng: random.Random, seed: int) -> tuple[CardItem, ...]:
    items = []
    for before in (0, 1, 2):
        while (item := _card_item(rng, before, seed)) is None:
            pass
        items.append(item)
    return tuple(items)


def _board(rng: random.Random) -> tuple[BoardItem, ...]:
    items: list[BoardItem] = []
    for wanted in ("pone", "dealer", None):
        while True:
            pone, dealer = rng.choice(BOARD_SCORES), rng.choice(BOARD_SCORES)
            chance = win_probability(pone, dealer, dealer=False)
            item = BoardItem(pone, dealer, chance)
            if abs(chance - 0.5) >= BOARD_CLEAR and wanted in (None, item.favourite) and (
                    pone, dealer) not in {(i.pone, i.dealer) for i in items}:
                items.append(item)
                break
    return tuple(items)


@cache
def worksheet(seed: int) -> Worksheet:
    """The worksheet of ``seed``: six hands to count, six plays to peg, four throws (two
    as dealer, two as pone), three cards to choose in the play and three positions of
    the board, each answered by the engine."""
    rng = random.Random(seed)
    hands, plays, throws = _hands(rng), _plays(rng), _throws(rng)
    return Worksheet(seed, hands, plays, throws, _cards(rng, seed), _board(rng))


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
    lines.append("D. Choose a card in the play")
    for n, item in enumerate(sheet.cards, 1):
        role = "the dealer" if item.dealer else "pone"
        nets = ", ".join(f"{card.symbol} {points:+.2f}" for card, points in item.judged)
        alike = [card for card, _ in item.judged if card.rank == item.best.rank]
        lay = (f"the {item.best.symbol}" if len(alike) == 1 else
               f"either {' or '.join(card.symbol for card in alike)}")
        lines.append(f"D{n}. as {role}, lay {lay}. Each card's net points "
                     f"to the end of the play, by the judge of the whole deal ({JUDGE_DEALS:,}"
                     f" deals drawn for the opponent, seeded): {nets}.")
    lines.append("E. The board")
    for n, board in enumerate(sheet.board, 1):
        who = "pone" if board.favourite == "pone" else "the dealer"
        lines.append(f"E{n}. pone on {board.pone}, the dealer on {board.dealer}: {who}, who "
                     f"wins {max(board.chance, 1 - board.chance):.0%} (pone needs "
                     f"{GAME_HOLE - board.pone}, the dealer {GAME_HOLE - board.dealer}; the "
                     f"chance-to-win table).")
    return lines
