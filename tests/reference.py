"""A deliberately simple scorer, written straight from RULES.md, to check the engine.

Nothing here imports the engine: cards are plain text such as ``"10H"`` read by a
parser of its own, and every rule is the sentence of RULES.md turned into the most
literal code (look at every subset of the five cards; look at every tail of the
cards laid). It is slow on purpose, so that it is obviously right.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations, pairwise
from typing import NamedTuple

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
DECK = tuple(r + s for r in RANKS for s in SUITS)


class RefCard(NamedTuple):
    rank: int  # 1 (ace) to 13 (king): the place in a run
    suit: str

    @property
    def value(self) -> int:
        """A = 1, 2-10 face value, J Q K = 10."""
        return self.rank if self.rank <= 10 else 10


def ref_card(text: str) -> RefCard:
    return RefCard(RANKS.index(text[:-1]) + 1, text[-1])


# --- the show ------------------------------------------------------------------------


def _is_run(cards: Sequence[RefCard]) -> bool:
    ranks = sorted(c.rank for c in cards)
    return len(cards) >= 3 and all(b == a + 1 for a, b in pairwise(ranks))


def ref_show(hand: Sequence[str], starter: str, crib: bool = False) -> dict[str, int]:
    """The points of each kind for four cards with the starter."""
    held = [ref_card(t) for t in hand]
    turned = ref_card(starter)
    five = [*held, turned]
    subsets = [s for k in range(2, 6) for s in combinations(five, k)]
    # each distinct set of cards totalling 15: 2
    fifteens = 2 * sum(1 for s in subsets if sum(c.value for c in s) == 15)
    # each pair of cards of one rank: 2
    pairs = 2 * sum(1 for s in subsets if len(s) == 2 and s[0].rank == s[1].rank)
    # each distinct run of 3+ cards that no longer run contains: 1 a card
    runs_found = [set(s) for s in subsets if _is_run(s)]
    runs = sum(len(r) for r in runs_found if not any(r < other for other in runs_found))
    # flush: four hand cards of one suit, 4 (5 with the starter); a crib needs all five
    flush = 0
    if len({c.suit for c in held}) == 1:
        if turned.suit == held[0].suit:
            flush = 5
        elif not crib:
            flush = 4
    # nobs: a jack in the hand of the starter's suit
    nobs = sum(1 for c in held if c.rank == 11 and c.suit == turned.suit)
    total = fifteens + pairs + runs + flush + nobs
    return {"total": total, "fifteens": fifteens, "pairs": pairs, "runs": runs,
            "flush": flush, "nobs": nobs}


# --- pegging -------------------------------------------------------------------------


def ref_peg(laid: Sequence[str]) -> dict[str, int]:
    """The points for the last card of ``laid`` (cards since the last reset)."""
    cards = [ref_card(t) for t in laid]
    count = sum(c.value for c in cards)
    fifteen = 2 if count == 15 else 0
    thirty_one = 2 if count == 31 else 0
    # same rank as the card before: 2; a third in a row: 6; a fourth: 12
    same = 1
    while same < len(cards) and cards[-1 - same].rank == cards[-1].rank:
        same += 1
    pairs = {1: 0, 2: 2, 3: 6, 4: 12}[same]
    # the last k cards (k >= 3) are k consecutive ranks in any order: k, longest only
    run = 0
    for k in range(3, len(cards) + 1):
        tail = cards[-k:]
        if len({c.rank for c in tail}) == k and _is_run(tail):
            run = k
    return {"total": fifteen + thirty_one + pairs + run, "fifteen": fifteen,
            "thirty_one": thirty_one, "pairs": pairs, "run": run}


class RefPlay(NamedTuple):
    laid: list[tuple[int, str]]  # (player, card) in the order laid
    scores: list[int]  # pegged by player 0 (pone) and player 1 (dealer)
    go_points: list[tuple[int, int]]  # (player, points) for each go / last card point


Chooser = Callable[[list[str]], str]


def ref_play(pone: Sequence[str], dealer: Sequence[str], choose: Chooser) -> RefPlay:
    """Play out one deal's pegging by the rules; ``choose`` picks among the cards that fit."""
    hands = [list(pone), list(dealer)]
    laid: list[tuple[int, str]] = []
    scores = [0, 0]
    go_points: list[tuple[int, int]] = []
    pile: list[str] = []
    count = 0
    turn = 0  # pone plays first
    last: int | None = None

    def fits(player: int) -> list[str]:
        return [t for t in hands[player] if ref_card(t).value <= 31 - count]

    def new_series() -> int:
        # the player who did not lay the last card leads, if they have cards left
        assert last is not None
        return 1 - last if hands[1 - last] else last

    while hands[0] or hands[1]:
        options = fits(turn)
        if options:
            card = choose(options)
            hands[turn].remove(card)
            pile.append(card)
            laid.append((turn, card))
            count += ref_card(card).value
            scores[turn] += ref_peg(pile)["total"]
            last = turn
            if count == 31:  # 31 scores 2 (counted above) and resets; no go point
                pile, count = [], 0
                turn = new_series()
            else:
                turn = 1 - turn
        elif fits(1 - turn):
            turn = 1 - turn  # go: the other keeps laying while a card fits
        else:
            # neither can lay: the player of the last card scores 1, and the count resets
            assert last is not None
            scores[last] += 1
            go_points.append((last, 1))
            pile, count = [], 0
            turn = new_series()
    if pile:  # the very last card scores 1 unless it made 31
        assert last is not None
        scores[last] += 1
        go_points.append((last, 1))
    return RefPlay(laid, scores, go_points)


def random_chooser(rng: random.Random) -> Chooser:
    return lambda options: rng.choice(options)


def random_pegging_sequence(rng: random.Random, low: bool = False) -> list[str]:
    """Distinct cards laid one after another without passing 31; ``low`` draws only
    A-7 so that long runs and pairs turn up often."""
    pool = [t for t in DECK if not low or RANKS.index(t[:-1]) < 7]
    rng.shuffle(pool)
    laid: list[str] = []
    count = 0
    for card in pool:
        value = ref_card(card).value
        if count + value <= 31:
            laid.append(card)
            count += value
        if count >= 28 or len(laid) >= 8:
            break
    return laid
