"""The coach's words: a chance in words, a throw by its ranks, what makes two cards good
for a crib, and the principles of the play that a card's reason names (lessons 12 and 13).

>>> from cribbage_edu.rules.cards import Hand
>>> percent(0.2), pair_name(Hand("KS 5H"))
('20%', '5-K')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...rules.cards import FIFTEEN, Card, Rank
from ...rules.pegging import score_play
from ..rulebook.naming import Deciding
from .grades import CHANCE_INACCURACY, INACCURACY
from .position import CardOption, CardPosition

__all__ = [
    "CRIB_REASONS",
    "HOT_PAIRS",
    "MARGIN",
    "NEAR_31",
    "WITHIN",
    "answer_reason",
    "as_good",
    "card_margin",
    "card_pairs",
    "cards_that_fit",
    "crib_heat",
    "pair_name",
    "percent",
    "rank_held",
    "rule_said",
    "spoken_play",
    "throw_margin",
    "throw_within",
    "throws_as_good",
    "throws_head",
]

NEAR_31 = 5
"""Room left under 31 from which a card's reason may be that few cards fit (aces to fives:
20 of the 52 cards)."""


WITHIN = "within the judge's margin"
"""What the coach and the hint say of a choice the judge cannot tell from the best."""


MARGIN = "whose 95% interval of difference from the best reaches 0"
"""Which choices are within the judge's margin (:data:`WITHIN`), in words."""


def card_margin(near_home: bool) -> str:
    """The judge's margin for a card, in words: what a card may lose against the best and
    be graded good (the same words at the coach and the hint).

    >>> print(card_margin(False))
    a card whose 95% interval of difference from the best reaches 0, or that loses under 0.5 points
    """
    lost = (f"under {CHANCE_INACCURACY:.0%} of the chance to win" if near_home
            else f"under {INACCURACY} points")
    return f"a card {MARGIN}, or that loses {lost}"


def throw_margin() -> str:
    """The judge's margin for a throw near home, in words: what a throw may lose against
    the best and be graded good (far from home a throw is graded by the points it loses).

    >>> print(throw_margin())  # doctest: +NORMALIZE_WHITESPACE
    a throw whose 95% interval of difference from the best reaches 0 (the pegging table's
    error carried through the chance to win), or that loses under 1% of the chance to win
    """
    return (f"a throw {MARGIN} (the pegging table's error carried through the chance to "
            f"win), or that loses under {CHANCE_INACCURACY:.0%} of the chance to win")


def throws_as_good(keeps: Sequence[str], named: int = 2) -> str:
    """Throws the judge cannot tell from the best, by what they keep (the first ``named``
    by name, the rest counted), as the best throw's sentence names them.

    >>> throws_as_good(["2♦ 2♥ 4♣ J♦"])  # doctest: +ELLIPSIS
    "keeping 2♦ 2♥ 4♣ J♦ is as good within the judge's margin (too close to tell apart ...)"
    >>> throws_as_good(["A", "B", "C", "D"])[:51]
    'keeping A, keeping B and 2 other throws are as good'
    """
    said = [f"keeping {keep}" for keep in keeps[:named]]
    rest = len(keeps) - len(said)
    if rest:
        said.append(f"{rest} other throw{'s' if rest > 1 else ''}")
    return (f"{as_good(said)} as good {WITHIN} (too close to tell apart with the pegging "
            f"table's error)")


def throw_within(best: str, chances: tuple[float, float], margin: float,
                 play: tuple[float, float, float, float]) -> str:
    """A throw within the judge's margin of the best (keeping ``best``), in words: the two
    ``chances`` to win (the best's, yours), the ``margin`` of their difference, and the
    ``play`` that makes it (the pegging table's net and its error, the best's, yours).

    >>> print(throw_within("2♦ 2♥ 4♣ Q♥", (0.715, 0.568), 0.186, (1.59, 0.27, 1.0, 0.25)))
    ... # doctest: +NORMALIZE_WHITESPACE
    within the judge's margin: keeping 2♦ 2♥ 4♣ Q♥ gives you a chance to win of 72%, yours
    57% (a difference of 14.7% ± 18.6%, too close to tell apart: in the play the pegging
    table nets +1.59 ± 0.27 against +1.00 ± 0.25)
    """
    top, mine = chances
    return (f"{WITHIN}: keeping {best} gives you a chance to win of {percent(top)}, yours "
            f"{percent(mine)} (a difference of {top - mine:.1%} ± {margin:.1%}, too close to "
            f"tell apart: in the play the pegging table nets {play[0]:+.2f} ± {play[1]:.2f} "
            f"against {play[2]:+.2f} ± {play[3]:.2f})")


def throws_head(dealer: bool, near_home: bool) -> str:
    """The head of a throw verdict's numbers (its ``why``).

    >>> throws_head(True, False)  # doctest: +ELLIPSIS
    "every throw, best first (your crib; hand and crib are averages over the starters, ..."
    """
    role = "your crib" if dealer else "the opponent's crib"
    if not near_home:
        return (f"every throw, best first ({role}; hand and crib are averages over the "
                f"starters, the play is the pegging table's net):")
    return (f"every throw, best first by the chance to win ({role}; hand and crib are "
            f"averages over the starters, the play is the pegging table's net; ± is the 95% "
            f"interval of the chance that the table's error gives; graded good: "
            f"{throw_margin()}):")


def as_good(items: Iterable[str]) -> str:
    """Choices as the subject of "as good": ``a is``, ``a and b are``, ``a, b and c are``.

    >>> as_good(["7♦"]), as_good(["7♦", "9♠", "K♣"])
    ('7♦ is', '7♦, 9♠ and K♣ are')
    """
    named = list(items)
    if len(named) == 1:
        return f"{named[0]} is"
    return ", ".join(named[:-1]) + f" and {named[-1]} are"


def percent(chance: float) -> str:
    """A chance to win in words, never a bare 0% or 100% (the table cannot be that sure).

    >>> percent(0.2), percent(0.001), percent(0.9999)
    ('20%', 'under 1%', 'over 99%')
    """
    if chance < 0.005:
        return "under 1%"
    if chance >= 0.995:
        return "over 99%"
    return f"{chance:.0%}"


def pair_name(cards: Iterable[Card]) -> str:
    """Two cards by rank, as players name a throw: ``'2-3'``, ``'5-K'``."""
    return "-".join(c.rank.symbol for c in sorted(cards))


HOT_PAIRS: tuple[tuple[str, Any], ...] = (
    ("a pair of fives", lambda a, b: a.rank == b.rank == Rank.FIVE),
    ("a throw with a five", lambda a, b: Rank.FIVE in (a.rank, b.rank)),
    ("a pair", lambda a, b: a.rank == b.rank),
    ("cards that make fifteen", lambda a, b: a.value + b.value == FIFTEEN),
    ("cards that add to five", lambda a, b: a.value + b.value == 5),
    ("touching cards", lambda a, b: abs(int(a.rank) - int(b.rank)) == 1),
    ("cards one apart", lambda a, b: abs(int(a.rank) - int(b.rank)) == 2),
)
"""What makes two cards good for a crib, hottest first, in words (the bonuses of lesson 12's
crib count, and its five)."""

CRIB_REASONS = {
    "a pair of fives": "fives make fifteen with every ten-card",
    "a throw with a five": "a five makes fifteen with every ten-card",
    "a pair": "a pair scores 2 before anything is added",
    "cards that make fifteen": "they score 2 before anything is added",
    "cards that add to five": "any ten-card makes fifteen with them",
    "touching cards": "they start runs",
    "cards one apart": "one card between them makes a run",
}


def crib_heat(pair: Sequence[Card]) -> str | None:
    """The first crib principle these two cards show (hottest first), or ``None``."""
    a, b = pair
    return next((name for name, test in HOT_PAIRS if test(a, b)), None)


def card_pairs(cards: Sequence[Card]) -> list[tuple[Card, Card]]:
    return [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]]


def cards_that_fit(room: int) -> str:
    """The cards that fit under 31 with ``room`` left, in words."""
    return {1: "an ace fits", 2: "an ace or a two fits"}.get(room, f"cards of {room} or less fit")


def spoken_play(pile: Sequence[Card], card: Card) -> str:
    return str(score_play([*pile, card]))


def answer_reason(position: CardPosition, mine: CardOption, top: CardOption, *,
                  best: bool = True) -> str:
    """Why the opponent's answer pegs more after your card than after the best one (his
    ``best`` answer with both hands open, else the answer he lays not seeing yours)."""
    count = position.count + mine.card.value
    his = "his best answer" if best else "his answer"
    answers = (f"{his} pegs {mine.answer:.2f} on average after "
               f"{mine.card.symbol}, {top.answer:.2f} after {top.card.symbol}")
    last = position.pile[-1] if position.pile else None
    top_count = position.count + top.card.value
    if not position.pile:
        if mine.card.value == 5:
            return (f"a five is the worst lead: every ten-card makes fifteen on it "
                    f"({answers})")
        if mine.card.value > 4 and top.card.value <= 4:
            return (f"a lead under five leaves no fifteen: no one card makes 15 with "
                    f"{top.card.symbol} ({answers})")
    if (not position.pile and rank_held(position, top.card) > 1
            and rank_held(position, mine.card) == 1):
        return (f"the pair trap: if he pairs {top.card.symbol}, your other one makes a "
                f"pair royal for 6 ({answers})")
    if count in (5, 21) and top_count not in (5, 21):
        aim = "fifteen" if count == 5 else "31"
        return (f"you left the count at {count}: any ten-card makes {aim} ({answers})")
    if last is not None and mine.card.rank == last.rank and top.card.rank != last.rank:
        return f"pairing invites a pair royal for 6 ({answers})"
    if last is not None:
        gap = abs(int(mine.card.rank) - int(last.rank))
        top_gap = abs(int(top.card.rank) - int(last.rank))
        if 0 < gap <= 2 and not 0 < top_gap <= 2:
            return f"{mine.card.symbol} plays on a run: his answer can make one ({answers})"
    return f"the reply decides: {answers}"


def rank_held(position: CardPosition, card: Card) -> int:
    """How many cards of ``card``'s rank the hand holds."""
    return sum(c.rank == card.rank for c in position.hand)


def rule_said(deciding: Deciding[Any, Any], best: str, chosen: str, because: str) -> str:
    """The rule of the rulebook that decides, as the coach says it after the reason, in
    the rule's own words (:mod:`~cribbage_edu.strategy.rulebook.naming`): "the rule:
    ..."; or, where the rule keeps the choice and the judge prefers the best, "an
    exception to ..., ``because``" (the judge's numbers). A rule that counts with a
    table says what it counts for the ``best`` and the ``chosen`` (as named here).

    >>> from cribbage_edu.strategy.rulebook import play, naming
    >>> rule_said(naming.Deciding(play.TAKE_THE_POINTS, False), "7♦", "K♠", "")
    'the rule: take the points'
    >>> card = play.count_the_card({"answers": -0.5})
    >>> print(rule_said(naming.Deciding(card, True, (-0.5, 0.5)), "7♦", "K♠",
    ...                 "7♦ nets 0.80 more"))
    an exception to count the card (K♠ counts +0.5, 7♦ -0.5), because 7♦ nets 0.80 more
    """
    name = deciding.words
    counts = ""
    if deciding.counts is not None:
        top, mine = deciding.counts
        first, second = ((chosen, mine), (best, top)) if deciding.exception else (
            (best, top), (chosen, mine))
        counts = f" ({first[0]} counts {_signed(first[1])}, {second[0]} {_signed(second[1])})"
    if deciding.exception:
        return f"{name}{counts}, because {because}"
    return f"the rule: {name}{counts}"


def _signed(number: float) -> str:
    """A count as the rule counts it, in quarter points: ``+2.25``, ``-1``, ``0``."""
    return f"{number:+g}" if number else "0"
