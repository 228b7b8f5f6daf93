"""Helpers for the lessons on the discard: exercises that explain a throw, and the
throws printed as a table a person can read.

A wrong throw is explained by its own numbers against the best one's, from the engine's
advisor (the exact average of the kept hand over the 46 unseen starters, and the crib
table's average for the two cards thrown):

>>> ex = throw_exercise(1, "5H 5C 6D JS QH 2C", dealer=False)
>>> sorted(str(card) for card in ex.answer)
['2C', '6D']
>>> print(ex._why(frozenset(parse_cards("5H 5C"))).replace(". ", ".\\n"))
You throw 5♣ 5♥ and keep 2♣ 6♦ J♠ Q♥: hand 2.17 - crib 9.21 = -7.04.
The best throw, 2♣ 6♦, keeps 5♣ 5♥ J♠ Q♥: hand 12.70 - crib 4.98 = 7.72, 14.76 points better.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from cribbage_edu import Card, DiscardOption, Hand, advise, parse_cards
from cribbage_edu.rules.cards import CardLike, Rank
from cribbage_edu.rules.scoring import runs_of_three
from cribbage_edu.stats import mean_interval, wilson_interval
from cribbage_edu.strategy.coach import INACCURACY
from cribbage_edu.strategy.discard import discard_table
from cribbage_edu.strategy.rulebook import HEAT_MARGIN, Procedure, ThrowPosition, heat, throw_of
from cribbage_edu.strategy.rulebook.player import RULEBOOK_FILE, stored_procedures
from cribbage_edu.strategy.rulebook.throw import (
    KEEP_TERMS,
    TERM_WORDS,
    crib_count,
    crib_counted,
    keep_terms,
    pone_besides,
)
from cribbage_edu.strategy.rulebook.throw import points_now as rulebook_points_now
from exercises import Exercise, as_cards, question_html

__all__ = [
    "CLOSE",
    "HEAT_MARGIN",
    "KEPT_SHAPES",
    "Counted",
    "RuleCheck",
    "breaks_a_pair",
    "breaks_a_run",
    "check_rule",
    "count_the_crib",
    "count_words",
    "counted",
    "gives_up",
    "heat",
    "holds_a_pair",
    "holds_a_run",
    "in_card_order",
    "jack_gain",
    "keep_it_cold",
    "keep_of_ranks",
    "keep_table",
    "kept_hands",
    "mean_text",
    "most_points_now",
    "no_ten_card",
    "one_five_and_a_ten",
    "option_for",
    "points_now",
    "points_then_crib",
    "print_breaks",
    "print_count",
    "print_crib_count",
    "print_crib_table",
    "print_heat_by_table",
    "print_keep_count",
    "print_options",
    "procedure_losses",
    "random_sixes",
    "rule_cost",
    "rulebook",
    "shape_average",
    "share_text",
    "show_and_play_differ",
    "six_of",
    "suited_gain",
    "throw_exercise",
    "throw_procedure",
    "throw_words",
    "throws_the_five",
    "trade_text",
]


THROWS = Path(__file__).resolve().parent / "data" / "rulebook_throws.jsonl.gz"
"""The judged throws the rulebook was measured on (``scripts/measure_rulebook.py``)."""

Cards = str | Iterable[CardLike]
"""Cards as the engine reads them: text such as ``"5H 5C"``, or cards."""

CLOSE = INACCURACY
"""Two throws closer than this (half a point, with the play counted) are both right: the
coach grades a throw good below it (:data:`cribbage_edu.strategy.coach.INACCURACY`)."""

Options = Sequence[DiscardOption]
"""The advisor's 15 ways to throw one deal, best first (:func:`cribbage_edu.advise`)."""

Rule = Callable[[Options, bool], DiscardOption]
"""A rule of thumb: from a deal's options and whether you deal, the throw it picks."""


def option_for(six: Cards, thrown: Cards, *, dealer: bool,
               pegging: bool = False) -> DiscardOption:
    """The advisor's line for one particular throw of these six cards."""
    thrown = frozenset(parse_cards(thrown))
    return next(o for o in advise(six, dealer=dealer, pegging=pegging)
                if frozenset(o.discard) == thrown)


def throw_words(option: DiscardOption, *, pegging: bool = False) -> str:
    """A throw's numbers in words: hand, crib and net (and, with ``pegging``, the play:
    what the kept cards peg less what the opponent pegs).

    >>> print(throw_words(option_for("5H 5C 6D JS QH 2C", "2C 6D", dealer=True)))
    hand 12.70 + crib 3.76 = 16.46
    >>> print(throw_words(option_for("5H 5C 6D JS QH 2C", "2C 6D", dealer=True,
    ...                              pegging=True), pegging=True))
    hand 12.70 + crib 3.76 + play 0.94 = 17.40
    """
    sign = "+" if option.dealer else "-"
    if not pegging:
        return (f"hand {float(option.hand_ev):.2f} {sign} crib {option.crib_ev:.2f} = "
                f"{option.net_ev:.2f}")
    play = f"{'+' if option.peg_ev >= 0 else '-'} play {abs(option.peg_ev):.2f}"
    return (f"hand {float(option.hand_ev):.2f} {sign} crib {option.crib_ev:.2f} {play} = "
            f"{option.with_pegging:.2f}")


def print_options(options: Iterable[DiscardOption], top: int | None = None, *,
                  pegging: bool = False) -> None:
    """The throws as a table: keep, throw, the hand's average and range, the crib, net
    (the engine's one table of the throws), and with ``pegging`` the play's column and
    the net with the play."""
    for keep, throw, *numbers in discard_table(list(options)[:top], pegging=pegging,
                                               symbols=True):
        print(f"{keep:<14}{throw:<9}" + "".join(f"{n:>7}" for n in numbers[:4])
              + "".join(f"{n:>14}" for n in numbers[4:]))


def show_and_play_differ(six: Cards, *, dealer: bool) -> str:
    """When the best throw by the show alone is not the best with the play counted, why,
    in words ("" when they agree).

    >>> show_and_play_differ("5H 5C 6D JS QH 2C", dealer=False)
    ''
    >>> print(show_and_play_differ("AC AD 3C 5D 9S QC", dealer=True))  # doctest: +ELLIPSIS
    By the show alone 5♦ 9♠ would be best (...); with the play counted 3♣ Q♣ is: ...
    """
    with_play = advise(six, dealer=dealer, pegging=True)
    best, show = with_play[0], max(with_play, key=lambda o: o.net_ev)
    if frozenset(show.discard) == frozenset(best.discard):
        return ""
    return (f"By the show alone {show.discard.symbols} would be best ({show.net_ev:.2f} "
            f"against {best.net_ev:.2f}); with the play counted {best.discard.symbols} is: "
            f"keeping {best.keep.symbols} pegs {best.peg_ev:+.2f} a deal net, "
            f"{show.keep.symbols} {show.peg_ev:+.2f}, and that is worth more than the "
            f"{show.net_ev - best.net_ev:.2f} the show gives up "
            f"({best.with_pegging:.2f} against {show.with_pegging:.2f} in all)."
            + (f" A close call: the two are {gap:.2f} points apart, less than the "
               f"{CLOSE:.1f} within which a throw is good (and the play's figures are "
               f"simulated, ± {max(best.peg_error, show.peg_error):.2f}), so either is right."
               if (gap := best.with_pegging - show.with_pegging) < CLOSE else ""))


def throw_exercise(number: int, six: Cards, *, dealer: bool, text: str = "",
                   misses: dict[frozenset[Card], str] | None = None,
                   note: str = "", pegging: bool = False, count: bool = False) -> Exercise:
    """An exercise: which two of these six cards does the advisor throw? A wrong throw
    is answered with its own numbers against the best one's (and ``misses`` may add a
    rule of thumb for particular throws); ``note`` follows the answer, right or shown.
    With ``pegging`` the throws are graded with the play counted (the advisor's pegging
    column), and when the show alone would throw otherwise the exercise says so and why.
    With ``count`` a wrong throw is also answered by the procedure's count (lesson 12's
    first rule), the throw's against the procedure's (:func:`count_words`).
    """
    six = parse_cards(six)
    options = advise(six, dealer=dealer, pegging=pegging)
    best = options[0]
    extra = dict(misses or {})
    differ = show_and_play_differ(six, dealer=dealer) if pegging else ""
    if differ:
        show = max(options, key=lambda o: o.net_ev)
        extra.setdefault(frozenset(show.discard), differ)
        note = f"{note} {differ}".strip()

    def form(guess: frozenset[Card]) -> str | None:
        if len(guess) != 2 or not guess <= frozenset(six):
            return ("name two of your six cards, such as \""
                    + " ".join(str(card) for card in six[:2]) + "\"")
        return None

    def value(option: DiscardOption) -> float:
        return option.with_pegging if pegging else option.net_ev

    def why(guess: frozenset[Card]) -> str:
        mine = option_for(six, guess, dealer=dealer, pegging=pegging)
        gap = value(best) - value(mine)
        said = (f"you throw {mine.discard.symbols} and keep {mine.keep.symbols}: "
                f"{throw_words(mine, pegging=pegging)}. The best throw, "
                f"{best.discard.symbols}, keeps {best.keep.symbols}: "
                f"{throw_words(best, pegging=pegging)}, {gap:.2f} points better")
        if count:
            said += ". " + count_words(six, guess, dealer=dealer)
        return said + (". " + extra[guess] if guess in extra else "")

    role = "dealer (the crib is yours)" if dealer else "pone (the crib is your opponent's)"
    question = text or f"You are {role}. Which two cards do you throw?"

    def solution() -> None:
        print_options(options, top=5, pegging=pegging)
        if note:
            print(note)

    def praise() -> None:
        print(f"keep {best.keep.symbols}, throw {best.discard.symbols}: "
              f"{throw_words(best, pegging=pegging)}" if pegging else best)
        if note:
            print(note)

    # with the play counted, every throw within CLOSE of the best is right (the coach
    # grades it good); by the show alone the figures are exact and one throw is best
    good = {frozenset(o.discard): value(best) - value(o) for o in options
            if pegging and value(best) - value(o) < CLOSE}
    several = len(good) > 1

    def accept(guess: frozenset[Card]) -> bool:
        return guess in good

    def right(guess: frozenset[Card]) -> str:
        if guess == frozenset(best.discard):
            return f"right! {best.discard.symbols}."
        return (f"right! {Hand(sorted(guess)).symbols} is {good[guess]:.2f} points behind "
                f"the best throw, {best.discard.symbols}: within {CLOSE:.1f}, a good throw.")

    words = (" or ".join(Hand(sorted(t)).symbols for t in good)
             + f" (each within {CLOSE:.1f} points of the best)") if several else ""
    return Exercise(
        number, answer=frozenset(best.discard), read=as_cards, explain=why, form=form,
        solution=solution, praise=praise, accept=accept if several else None,
        right=right if several else None, answer_words=words,
        question=question_html(question, ("your six cards", six)))


# --- rules of thumb, and their price ---------------------------------------------------

def print_heat_by_table() -> None:
    """For each heat, the range of the crib table's averages over the pairs of ranks with
    that heat (not suited), in your own crib and the opponent's: higher heat, higher crib.

    >>> print_heat_by_table()  # doctest: +ELLIPSIS
    heat   pairs   your own crib     the opponent's crib
       3       5   6.55 to 8.78      7.12 to 9.21
    ...
    """
    from cribbage_edu import Card, Rank, Suit
    from cribbage_edu.tables.cribtable import crib_table

    tables = crib_table(dealer=True), crib_table(dealer=False)
    by_heat: dict[int, list[tuple[Rank, Rank]]] = {}
    for low in Rank:
        for high in Rank:
            if low <= high:
                pair = [Card(low, Suit.CLUBS), Card(high, Suit.DIAMONDS)]
                by_heat.setdefault(heat(pair), []).append((low, high))
    print(f"{'heat':>4}{'pairs':>8}   {'your own crib':<18}the opponent's crib")
    for level in sorted(by_heat, reverse=True):
        ranges = [[table[low, high, False] for low, high in by_heat[level]] for table in tables]
        cells = "".join(f"{min(v):.2f} to {max(v):.2f}".ljust(18) for v in ranges)
        print(f"{level:>4}{len(by_heat[level]):>8}   {cells}".rstrip())


def points_now(option: DiscardOption) -> int:
    """What the four kept cards score before the starter."""
    from cribbage_edu.strategy.players import points_before_starter

    return points_before_starter(option.keep)


def in_card_order(options: Iterable[DiscardOption]) -> list[DiscardOption]:
    """The 15 throws in a neutral order (by the cards thrown), so that a rule's ties are
    never broken by the advisor's own ranking."""
    return sorted(options, key=lambda o: sorted(o.discard))


def most_points_now(options: Options, dealer: bool) -> DiscardOption:
    """Keep the four cards that score the most now."""
    return max(in_card_order(options), key=points_now)


def points_then_crib(options: Options, dealer: bool) -> DiscardOption:
    """Keep the most points now; on a tie, throw the hottest pair to your own crib, the
    coldest (a king if you can) to the opponent's."""
    if dealer:
        return max(in_card_order(options), key=lambda o: (points_now(o), heat(o.discard)))
    return max(in_card_order(options),
               key=lambda o: (points_now(o), -heat(o.discard), max(o.discard).rank))


def count_the_crib(options: Options, dealer: bool) -> DiscardOption:
    """As dealer, count the throw's heat as points: keep the best points now + heat.
    (As pone, the same as :func:`points_then_crib`.)"""
    if not dealer:
        return points_then_crib(options, dealer)
    return max(in_card_order(options),
               key=lambda o: (points_now(o) + heat(o.discard), heat(o.discard)))


def keep_it_cold(options: Options, dealer: bool, price: int = 2) -> DiscardOption:
    """As pone, never give a hot throw (heat 2 or 3: a 5, cards that add to five or
    fifteen, most pairs) when a cold one costs at most ``price`` points now. (As
    dealer, :func:`points_then_crib`.)"""
    best = points_then_crib(options, dealer)
    if dealer:
        return best
    cold = [o for o in options if heat(o.discard) <= 1]
    if not cold:
        return best
    choice = points_then_crib(cold, dealer)
    return choice if points_now(choice) >= points_now(best) - price else best


def random_sixes(n: int, seed: int) -> list[Hand]:
    """``n`` six-card deals, seeded (each deal from a fresh shuffle)."""
    import random

    from cribbage_edu import FULL_DECK

    rng = random.Random(seed)
    return [parse_cards(rng.sample(FULL_DECK, 6)) for _ in range(n)]


class RuleCheck:
    """How a rule did against the advisor over many deals: the share of deals where it
    chose the advisor's throw and its mean cost in net expected points a deal (each with
    a 95% interval), its mean cost when it chose otherwise, and the share of deals costing
    more than a point."""

    def __init__(self, name: str, costs: list[float]) -> None:
        self.name = name
        self.costs = costs
        self.deals = len(costs)
        wrong = [c for c in costs if c > 1e-9]
        self.agree = 1 - len(wrong) / len(costs)
        self.agree_ci = wilson_interval(len(costs) - len(wrong), len(costs))
        self.cost, self.cost_low, self.cost_high = mean_interval(costs)
        self.cost_when_wrong = sum(wrong) / len(wrong) if wrong else 0.0
        self.over_a_point = sum(c > 1 for c in costs) / len(costs)

    def row(self) -> str:
        """One line: the share of deals it agrees in and its cost a deal (the intervals
        are :meth:`__str__`'s; two rules are compared by :meth:`saving`)."""
        return f"{self.name:<24}{self.agree:8.1%}{self.cost:9.2f}"

    def saving(self, other: RuleCheck) -> str:
        """What this rule saves a deal over ``other``, checked on the same deals, with the
        95% interval of the difference deal by deal (much narrower than the two rules'
        own intervals, which overlap, since both rules see the same deals).

        >>> plain = RuleCheck("plain", [0.5, 1.5, 0.5, 1.0])
        >>> better = RuleCheck("better", [0.0, 1.0, 0.0, 1.0])
        >>> better.saving(plain)  # doctest: +ELLIPSIS
        'better saves 0.375 a deal over plain (95% CI ... to ...)'
        """
        pairs = zip(other.costs, self.costs, strict=True)  # the same deals, one by one
        mean, low, high = mean_interval([o - s for o, s in pairs])
        return (f"{self.name} saves {mean:.3f} a deal over {other.name} "
                f"(95% CI {low:.3f} to {high:.3f})")

    def __str__(self) -> str:
        low, high = self.agree_ci
        return (f"{self.name}: agrees in {self.agree:.1%} of deals ({low:.1%} to {high:.1%});"
                f"\n    costs {self.cost:.2f} a deal ({self.cost_low:.2f} to "
                f"{self.cost_high:.2f}), "
                f"{self.cost_when_wrong:.2f} when it differs; over a point in "
                f"{self.over_a_point:.1%} of deals")


def check_rule(rule: Rule, advised: Sequence[Options], dealer: bool, name: str = "") -> RuleCheck:
    """Check ``rule`` against the advisor's best throw in every deal of ``advised`` (the
    advisor's 15 options for each deal)."""
    costs = [options[0].net_ev - rule(options, dealer).net_ev for options in advised]
    return RuleCheck(name or rule.__name__.replace("_", " "), costs)


# --- the crib table as text -----------------------------------------------------------

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def print_crib_table(dealer: bool) -> None:
    """Every pair of ranks you can throw, not suited: the crib average, in a triangle
    (row: the lower rank; column: the higher)."""
    from cribbage_edu.tables.cribtable import crib_table

    table = {(int(low), int(high), suited): value
             for (low, high, suited), value in crib_table(dealer=dealer).items()}
    print("     " + "".join(f"{r:>6}" for r in RANKS))
    for i, low in enumerate(RANKS, start=1):
        cells = "".join(f"{table[i, j, False]:6.2f}" if j >= i else " " * 6
                        for j in range(1, 14))
        print(f"{low:>4} {cells}")


def suited_gain(dealer: bool) -> tuple[float, float]:
    """What suiting the two thrown cards adds to the crib average: (mean, largest)."""
    from cribbage_edu.tables.cribtable import crib_table

    table = crib_table(dealer=dealer)
    gains = [table[low, high, True] - table[low, high, False]
             for (low, high, suited) in table if suited]
    return sum(gains) / len(gains), max(gains)


def jack_gain(dealer: bool) -> float:
    """What a jack adds over a queen thrown with the same card (nobs, and runs J-Q-K
    aside: averaged over the partner cards below nine, so neither touches a run)."""
    from cribbage_edu import Rank
    from cribbage_edu.tables.cribtable import crib_table

    table = crib_table(dealer=dealer)
    partners = [Rank(r) for r in range(1, 9)]
    jack = [table[r, Rank.JACK, False] for r in partners]
    queen = [table[r, Rank.QUEEN, False] for r in partners]
    return (sum(jack) - sum(queen)) / len(partners)


# --- kept hands: shapes, and real hands after a good throw -----------------------------

SUITS = "CDHS"


def keep_of_ranks(ranks: Iterable[int]) -> Hand:
    """Four cards of these ranks (1-13), suits dealt round in turn so that no flush forms."""
    symbols = {1: "A", 11: "J", 12: "Q", 13: "K"}
    return parse_cards(" ".join(f"{symbols.get(r, r)}{SUITS[i % 4]}"
                                for i, r in enumerate(ranks)))


def shape_average(shapes: Iterable[Sequence[int]]) -> tuple[float, float, float]:
    """The average over the starters (each of the 48 others) of kept hands of these rank
    shapes: (mean over the shapes, lowest, highest)."""
    from cribbage_edu import starter_distribution

    values = [float(starter_distribution(keep_of_ranks(r)).expected) for r in shapes]
    return sum(values) / len(values), min(values), max(values)


KEPT_SHAPES = {
    "a run of four": [(r, r + 1, r + 2, r + 3) for r in range(1, 11)],
    "a double run of three": [shape for r in range(1, 12) for shape in
                              ((r, r, r + 1, r + 2), (r, r + 1, r + 1, r + 2),
                               (r, r + 1, r + 2, r + 2))],
    "two pairs": [(r, r, s, s) for r in range(1, 14) for s in range(r + 1, 14)],
    "a five and three ten-cards": [(5, a, b, c) for a in range(10, 14)
                                   for b in range(a + 1, 14) for c in range(b + 1, 14)],
    "two fives and two ten-cards": [(5, 5, a, b) for a in range(10, 14) for b in range(a, 14)],
}


def kept_hands(advised: Sequence[Options]) -> tuple[dict[int, float], list[float]]:
    """For the advisor's best throw of each deal: the distribution of the kept hand's
    score over its starters, averaged over the deals, and each deal's hand EV."""
    from cribbage_edu import starter_distribution

    totals: dict[int, float] = {}
    evs = []
    for options in advised:
        best = options[0]
        dist = starter_distribution(best.keep, seen=best.discard)
        for score, p in dist.probabilities.items():
            totals[score] = totals.get(score, 0.0) + float(p) / len(advised)
        evs.append(float(best.hand_ev))
    return totals, evs


def trade_text(advised: Sequence[Options], *, dealer: bool) -> str:
    """In one line: how often the advisor keeps fewer points now than it could, how many
    it gives up on average, and the crib average of its throw then against that of the
    keep with the most points now."""
    traded = [o for o in advised if gives_up(o) > 0]
    given = sum(gives_up(o) for o in traded) / len(traded)
    crib = sum(o[0].crib_ev for o in traded) / len(traded)
    instead = sum(most_now(o).crib_ev for o in traded) / len(traded)
    return (f"as {'dealer' if dealer else 'pone'}, in {len(traded) / len(advised):.1%} of the "
            f"deals: {given:.2f} points now given up, crib {crib:.2f} instead of "
            f"{instead:.2f} ({crib - instead:+.2f})")


def print_breaks(by_role: dict[str, Sequence[Options]]) -> None:
    """A small table: for each role, in how many deals the advisor holds a pair and a run
    of three among its six cards, and the share of those in which it breaks one."""
    print(f"{'':11}{'pair held':>10}{'broken':>9}{'run of three held':>20}{'broken':>9}")
    for role, advised in by_role.items():
        row = f"{role:11}"
        for holds, breaks, width in ((holds_a_pair, breaks_a_pair, 10),
                                     (holds_a_run, breaks_a_run, 20)):
            holding = [o for o in advised if holds(o)]
            row += f"{len(holding):>{width},}{sum(map(breaks, holding)) / len(holding):>9.1%}"
        print(row)


def share_text(hits: int, out_of: int) -> str:
    """A share of a sample with its 95% (Wilson) interval, as text.

    >>> share_text(56, 100)
    '56.0% (95% CI 46.2% to 65.3%)'
    """
    low, high = wilson_interval(hits, out_of)
    return f"{hits / out_of:.1%} (95% CI {low:.1%} to {high:.1%})"


def mean_text(values: list[float]) -> str:
    """The mean of a sample with its 95% interval, as text.

    >>> mean_text([1.0, 2.0, 3.0, 4.0])
    '2.50 (95% CI 1.23 to 3.77)'
    """
    mean, low, high = mean_interval(values)
    return f"{mean:.2f} (95% CI {low:.2f} to {high:.2f})"


# --- questions about the advisor's throw of one deal (its 15 options, best first) -------

def six_of(options: Options) -> list[Card]:
    """The six cards of a deal, from its options."""
    return [*options[0].keep, *options[0].discard]


def gives_up(options: Options) -> int:
    """Points now the advisor's keep gives up, against the keep that scores most now."""
    return max(points_now(o) for o in options) - points_now(options[0])


def most_now(options: Options) -> DiscardOption:
    """The option that keeps the most points now (of equals, the one the advisor ranks
    first): what "points now" alone would throw."""
    return max(options, key=points_now)


def one_five_and_a_ten(options: Options) -> bool:
    """Do the six cards hold exactly one 5, and a ten-card?"""
    six = six_of(options)
    return sum(c.rank == 5 for c in six) == 1 and any(c.value == 10 for c in six)


def throws_the_five(options: Options) -> bool:
    """Does the advisor throw a 5?"""
    return any(c.rank == 5 for c in options[0].discard)


def holds_a_pair(options: Options) -> bool:
    return len({c.rank for c in six_of(options)}) < 6


def breaks_a_pair(options: Options) -> bool:
    """Does the advisor split a pair, or throw it whole?"""
    kept = [c.rank for c in options[0].keep]
    thrown = [c.rank for c in options[0].discard]
    return any(r in kept for r in thrown) or thrown[0] == thrown[1]


def holds_a_run(options: Options) -> bool:
    return bool(runs_of_three(six_of(options)))


def breaks_a_run(options: Options) -> bool:
    """Does the advisor's keep lose a run of three that the six cards hold?"""
    return not runs_of_three(six_of(options)) <= runs_of_three(options[0].keep)


# --- the measured procedure (lesson 12) and how it was measured (lesson 15) ---------------

def rulebook() -> dict[str, Any]:
    """The rulebook's measurement as stored (``cribbage_edu/data/rulebook.json``)."""
    data: dict[str, Any] = json.loads(resources.files("cribbage_edu").joinpath("data")
                                      .joinpath(RULEBOOK_FILE).read_text("utf-8"))
    return data


def throw_procedure() -> Procedure[ThrowPosition, Hand]:
    """The throw's procedure the search found: count the keep, then the rules that part
    equal counts."""
    return stored_procedures()[0]


def keep_table() -> dict[bool, dict[str, float]]:
    """What the procedure counts in the four kept, by role (True: as dealer)."""
    table = rulebook()["throw"]["procedure"]["specs"][0]["table"]
    return {True: dict(table["dealer"]), False: dict(table["pone"])}


def rule_cost(rank: int) -> float:
    """What breaking the procedure's rule number ``rank`` (1, 2, ...) costs a deal, when it
    decides, on average over all the deals measured."""
    cost: float = rulebook()["throw"]["procedure"]["each_rule"][rank - 1]["broken"][0]
    return cost


CRIB_WORDS = {"low": "a card under five (A-4)", "five": "a five", "middle": "a 6, 7, 8 or 9",
              "jack": "a jack", "ten": "a 10, queen or king", "+pair": "the two are a pair",
              "+fifteen": "the two make fifteen (6-9, 7-8, 5-10)",
              "+five": "the two make five (A-4, 2-3)", "+touch": "the two touch (7-8, J-Q)",
              "+gap": "the two are one apart (7-9, 10-Q)"}


def print_crib_count() -> None:
    """The crib count as a table to learn: each card thrown, then what the two add."""
    mine, his = crib_count(True), crib_count(False)
    print(f"{'two cards thrown':<42}{'your crib':>10}{'his crib':>10}")
    for key, words in CRIB_WORDS.items():
        if key == "+pair":
            print("and if")
        sign = "+" if key.startswith("+") else ""
        print(f"  {words:<40}{mine[key]:>{sign}10g}{his[key]:>{sign}10g}")


def print_keep_count() -> None:
    """What the procedure counts in the four kept, as a table to learn: one column for
    dealer and pone, and what pone counts besides (:func:`pone_besides`), or a column for
    each role."""
    table = keep_table()
    besides = pone_besides(table[True], table[False])
    if besides is None:
        print(f"{'in the four kept, for each':<42}{'dealer':>10}{'pone':>10}")
        for term in KEEP_TERMS:
            dealer, pone = table[True].get(term, 0.0), table[False].get(term, 0.0)
            if dealer or pone:
                print(f"  {TERM_WORDS[term]:<40}{dealer:>+10g}{pone:>+10g}")
        return
    print(f"{'in the four kept, for each':<42}{'dealer and pone':>16}")
    for term in KEEP_TERMS:
        if weight := table[True].get(term, 0.0):
            print(f"  {TERM_WORDS[term]:<40}{weight:>+16g}")
    if besides:
        print("and pone alone, for each")
        for term, weight in besides.items():
            print(f"  {TERM_WORDS[term]:<40}{weight:>+16g}")


@dataclass(frozen=True)
class Counted:
    """One throw counted by the procedure's first rule."""

    thrown: Hand
    kept: Hand
    now: int
    crib: float
    extra: float

    @property
    def total(self) -> float:
        return self.now + self.crib + self.extra


def counted(six: Cards, *, dealer: bool) -> list[Counted]:
    """Each of the 15 throws counted: points now, the crib count (added as dealer, taken
    away as pone) and what the four kept add; in the procedure's order, its choice first."""
    position = ThrowPosition.parse(six, dealer=dealer)
    table = keep_table()[dealer]
    sign = 1 if dealer else -1
    rows = [Counted(t, position.kept(t), rulebook_points_now(position, t),
                    sign * crib_counted(t, dealer),
                    sum(table.get(term, 0.0) * n for term, n in keep_terms(position, t).items()))
            for t in position.choices]
    chosen = throw_of(throw_procedure(), position)
    rows.sort(key=lambda r: (r.thrown != chosen, -r.total, -r.now))
    return rows


def print_count(six: Cards, *, dealer: bool, top: int = 5) -> None:
    """The procedure at work on six cards: the best ``top`` throws by its count."""
    print(f"{'throw':<8}{'keep':<14}{'now':>5}{'crib':>7}{'keep':>7}{'count':>8}")
    for row in counted(six, dealer=dealer)[:top]:
        print(f"{row.thrown.symbols:<8}{row.kept.symbols:<14}{row.now:>5}{row.crib:>+7g}"
              f"{row.extra:>+7g}{row.total:>8g}")


def procedure_losses(games: int) -> list[tuple[float, dict[str, Any], Hand]]:
    """Over the deals of the first ``games`` games measured, what the procedure's throw
    loses against the judge's best (points), the deal as stored, and the throw; worst
    first."""
    procedure = throw_procedure()
    found = []
    with gzip.open(THROWS, "rt", encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            if row["game"] >= games:
                break
            position = ThrowPosition.parse(row["six"], dealer=row["dealer"])
            thrown = throw_of(procedure, position)
            net = row["net"]
            found.append(((max(net) - net[position.choices.index(thrown)]) / 100, row, thrown))
    found.sort(key=lambda f: -f[0])
    return found


def no_ten_card(six: Cards) -> bool:
    """Whether ``six`` holds no ten-card (10, J, Q or K), where the play decides a pone's
    throw more than the count can.

    >>> no_ten_card("AD 3H 3S 4S 6S 9C"), no_ten_card("AD 3H 3S 4S 6S JC")
    (True, False)
    """
    return all(card.rank < Rank.TEN for card in parse_cards(six))


def count_words(six: Cards, thrown: Cards, *, dealer: bool) -> str:
    """A throw's count by the procedure's first rule, beside the procedure's own choice.

    >>> for part in count_words("2H 3C 4C 5S 6D 8S", "2H 8S", dealer=True).split("; "):
    ...     print(part)
    By the count, 2♥ 8♠ counts 6 now +4 crib +3.75 keep = 13.75
    2♥ 3♣ counts 5 now +7 crib +2.75 keep = 14.75
    """
    rows = counted(six, dealer=dealer)
    mine = next(r for r in rows if frozenset(r.thrown) == frozenset(parse_cards(thrown)))

    def words(row: Counted) -> str:
        return (f"{row.thrown.symbols} counts {row.now} now {row.crib:+g} crib "
                f"{row.extra:+g} keep = {row.total:g}")
    return f"By the count, {words(mine)}; {words(rows[0])}"
