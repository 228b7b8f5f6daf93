"""Pegging principles, checked by exact counting.

The model: the opponent holds ``k`` cards drawn at random from the cards you have not seen
(every set of ``k`` equally likely), and answers your card with the one that scores the
most. Then the chance that the answer scores, and its expected points, are exact: the
opponent's best answer scores at least ``v`` unless none of the cards that would score
``v`` or more is among the ``k``, so

    P(best ≥ v) = 1 - C(n - m_v, k) / C(n, k)

where ``n`` cards are unseen and ``m_v`` of them would score ``v`` or more (and fit under
31). Real opponents do not hold random cards (they kept them), and they look further
ahead than one card: the figures are a guide, checked where it matters by playing.

>>> round(answer_risk([], "5H", unseen_after(["5H"]), 4).scores, 3)
0.856
>>> answer_risk([], "3H", unseen_after(["3H"]), 4).fifteen
0.0
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb

from cribbage_edu import FULL_DECK, Card, parse_cards, score_play
from cribbage_edu.rules.cards import THIRTY_ONE, CardLike
from cribbage_edu.stats import mean_interval

Cards = str | Iterable[CardLike]
"""Cards as the engine reads them: text such as ``"5H 5C"``, or cards."""

__all__ = ["Risk", "answer_risk", "card_choices", "chance_of_a_card", "pegging_difference",
           "print_choices", "sample_hands",
           "unseen_after"]


def unseen_after(seen: Cards) -> list[Card]:
    """The cards not among ``seen``."""
    known = set(parse_cards(seen))
    return [card for card in FULL_DECK if card not in known]


def chance_of_a_card(wanted: int, unseen: int, held: int) -> float:
    """The chance that ``held`` cards drawn from ``unseen`` include at least one of
    ``wanted`` particular cards."""
    if held <= 0:
        return 0.0
    return 1 - comb(unseen - wanted, held) / comb(unseen, held)


@dataclass(frozen=True)
class Risk:
    """What the opponent's best answer to a card brings: the chance it scores at all,
    the chance it makes fifteen or 31, its expected points, and the chance that no card
    of the opponent fits (a go)."""

    scores: float
    fifteen: float
    expected: float
    go: float


def answer_risk(pile: Cards, card: Cards, unseen: Sequence[Card], held: int) -> Risk:
    """The opponent's best answer after ``card`` is laid on ``pile`` (the cards since the
    last reset), when the opponent holds ``held`` random cards from ``unseen``."""
    after = [*parse_cards(pile), *parse_cards(card)] if pile else list(parse_cards(card))
    count = sum(c.value for c in after)
    points = []
    fits = 0
    fifteens = 0
    for reply in unseen:
        if count + reply.value > THIRTY_ONE:
            continue
        fits += 1
        score = score_play([*after, reply])
        points.append(score.total)
        fifteens += bool(score.points("fifteen") or score.points("thirty-one"))
    n = len(unseen)
    top = max(points, default=0)
    expected = sum(chance_of_a_card(sum(p >= v for p in points), n, held)
                   for v in range(1, top + 1))
    return Risk(scores=chance_of_a_card(sum(p > 0 for p in points), n, held),
                fifteen=chance_of_a_card(fifteens, n, held), expected=expected,
                go=1 - chance_of_a_card(fits, n, held))


def card_choices(hand: Cards, pile: Cards, seen: Cards, held: int) -> list[tuple[Card, int, float]]:
    """For each card of ``hand`` that fits: (card, points it pegs now, the opponent's
    expected best answer). Best first by points now minus the answer."""
    laid = list(parse_cards(pile)) if pile else []
    count = sum(c.value for c in laid)
    unseen = unseen_after([*parse_cards(seen), *parse_cards(hand), *laid])
    rows = []
    for card in parse_cards(hand):
        if count + card.value > THIRTY_ONE:
            continue
        now = score_play([*laid, card]).total
        rows.append((card, now, answer_risk(laid, [card], unseen, held).expected))
    return sorted(rows, key=lambda row: row[1] - row[2], reverse=True)


def print_choices(hand: Cards, pile: Cards, seen: Cards, held: int) -> None:
    """The cards you may lay, with what each pegs now and what it gives away."""
    print(f"{'card':<6}{'now':>5}{'answer':>9}{'net':>7}")
    for card, now, risk in card_choices(hand, pile, seen, held):
        print(f"{card.symbol:<6}{now:>5}{risk:>9.2f}{now - risk:>7.2f}")


def sample_hands(cards: Sequence[Card], size: int, n: int, seed: int) -> list[list[Card]]:
    """``n`` random hands of ``size`` cards from ``cards``, seeded (for a check by sampling)."""
    rng = random.Random(seed)
    return [rng.sample(list(cards), size) for _ in range(n)]


def pegging_difference(dealer_six: Cards, throw_a: Cards, throw_b: Cards, deals: int,
                       seed: int) -> tuple[float, float, float, float, float]:
    """The dealer keeps six cards' worth two ways (throwing ``throw_a`` or ``throw_b``) and
    plays the same ``deals`` deals each way: the same pone hands and starters, dealt at
    random from the other cards, pone throwing and both players pegging as the expert does.
    Returns the dealer's net pegging a deal (his pegging points less pone's) each way, and
    the difference (a minus b) with its 95% interval: (a, b, difference, low, high)."""
    from cribbage_edu.rules.drive import drive
    from cribbage_edu.rules.events import Phase, Source
    from cribbage_edu.rules.game import stacked_game
    from cribbage_edu.strategy.players import ExpertPlayer

    dealers = parse_cards(dealer_six)
    others = [card for card in FULL_DECK if card not in set(dealers)]
    rng = random.Random(seed)
    deals_dealt = [rng.sample(others, 7) for _ in range(deals)]
    expert = ExpertPlayer()

    def net_pegging(throw: Cards) -> list[int]:
        nets = []
        for cards in deals_dealt:
            game = stacked_game(cards[:6], dealers, cards[6])
            drive(game, [expert, None])
            game.discard(1, throw)
            drive(game, [expert, expert], stop=lambda g: g.phase in (Phase.COUNT,
                                                                      Phase.GAME_OVER))
            pone, dealer = game.tally(deal=1)
            nets.append(dealer[Source.PEGGING] - pone[Source.PEGGING])
        return nets

    a, b = net_pegging(throw_a), net_pegging(throw_b)
    mean, low, high = mean_interval([x - y for x, y in zip(a, b, strict=True)])
    return sum(a) / deals, sum(b) / deals, mean, low, high
