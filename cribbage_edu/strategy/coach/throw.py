"""The judge of a throw: the 15 throws of six cards with their columns
(:class:`ThrowOption`), the verdict on one (:class:`ThrowVerdict`, :func:`judge_throw`) and
its reason in one sentence. What each throw is worth is the model's
(:func:`.model.throw_columns`).

>>> verdict = judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False)
>>> verdict.grade, str(verdict.best)
(<Grade.BLUNDER: 'blunder'>, '9S KD')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...rules.board import GAME_HOLE
from ...rules.cards import CardLike, Hand, checked_cards
from ...rules.checks import flag
from ...rules.errors import IllegalHandError, IllegalPlayError
from ...rules.options import game_target
from ...rules.scoring import runs_of_three
from ..players import points_before_starter
from ..rulebook.naming import throw_rule
from . import phrases
from .grades import INACCURACY, DecisionKind, Grade, difference_margin, grade_of
from .model import throw_columns
from .phrases import CRIB_REASONS, card_pairs, crib_heat, pair_name, percent, rule_said
from .position import judged_scores

if TYPE_CHECKING:
    from ..discard import DiscardOption

__all__ = ["ThrowOption", "ThrowVerdict", "judge_throw", "rule_of_throw", "throw_options",
           "within_margin"]


@dataclass(frozen=True, slots=True)
class ThrowOption:
    """One of the 15 throws with the advisor's columns: the kept ``hand`` (its exact
    average over the starters), the ``crib`` (the table's average for the two thrown
    cards, always the crib's points), the ``pegging`` (net, simulated, with its 95%
    ``pegging_error``), the ``total`` (hand, plus the crib as dealer or less it as pone,
    plus the pegging), and the ``chance`` to win when it is judged, with the 95%
    half-width the pegging table's error gives it (``chance_error``)."""

    discard: Hand
    keep: Hand
    hand: float
    crib: float
    pegging: float
    pegging_error: float
    total: float
    chance: float | None = None
    chance_error: float | None = None

    def cents(self, dealer: bool) -> tuple[int, int, int, int]:
        """The columns as printed, in hundredths of a point: the hand, the crib, the
        play, each rounded once, and the total worked from them, so that the sum adds up
        as printed (hand, plus the crib as dealer or less it as pone, plus the play).

        >>> option = ThrowOption(Hand(), Hand(), 7.614, 4.386, 0.934, 0.1, 4.162)
        >>> option.cents(dealer=False)
        (761, 439, 93, 415)
        """
        hand, crib, play = (round(x * 100) for x in (self.hand, self.crib, self.pegging))
        return hand, crib, play, hand + (crib if dealer else -crib) + play

    def net(self, dealer: bool) -> float:
        """The total as printed: the sum of the printed columns (:meth:`cents`)."""
        return self.cents(dealer)[3] / 100

    def row(self, dealer: bool) -> str:
        """The option as one line of numbers."""
        sign = "+" if dealer else "-"
        text = (f"throw {self.discard.symbols}, keep {self.keep.symbols}: hand "
                f"{self.hand:.2f} {sign} crib {self.crib:.2f} {self.pegging:+.2f} in the "
                f"play (± {self.pegging_error:.2f}) = {self.net(dealer):.2f}")
        if self.chance is not None:
            text += f"; chance to win {self.chance:.1%}"
            if self.chance_error:
                text += f" ± {self.chance_error:.1%}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"discard": [str(c) for c in self.discard], "keep": [str(c) for c in self.keep],
                "hand": self.hand, "crib": self.crib, "pegging": self.pegging,
                "pegging_error": self.pegging_error, "total": self.total,
                "chance": self.chance, "chance_error": self.chance_error}


@dataclass(frozen=True, slots=True)
class ThrowVerdict:
    """The judge's word on a throw (see :func:`judge_throw`): the position (``six``,
    ``dealer``, ``scores``, ``target``), the ``chosen`` throw, the ``best`` one, the
    ``loss`` in points against the throw worth most (never below 0), its 95%
    ``loss_error`` (the pegging column is simulated), the ``chance_loss`` (``None``
    unless the chance to win is judged), the ``grade``, the ``sentence``, every
    option, best first (by the chance when it is judged), and the ``rule`` of the
    rulebook that decides between the choice and the best, as the sentence names it
    (``None`` when the choice is the best, within the judge's margin, or no rule
    separates them; see :func:`rule_of_throw`).

    Near home ``margin`` is the 95% half-width of the chosen throw's chance less the
    best's, from the pegging table's error, and ``within`` the throws (what they throw)
    within the judge's margin of the best, graded good; far from home 0 and empty."""

    six: Hand
    chosen: Hand
    dealer: bool
    scores: tuple[int, int] | None
    target: int
    best: Hand
    loss: float
    loss_error: float
    chance_loss: float | None
    grade: Grade
    sentence: str
    options: tuple[ThrowOption, ...]
    kind: DecisionKind = field(default=DecisionKind.THROW, init=False)
    rule: str | None = None
    margin: float = 0.0
    within: tuple[Hand, ...] = ()

    @property
    def is_within_margin(self) -> bool:
        """Whether the chosen throw is within the judge's margin of the best."""
        return self.chosen in self.within

    @property
    def why(self) -> str:
        """The numbers behind the verdict: each throw's columns, best first."""
        lines = [phrases.throws_head(self.dealer, self.chance_loss is not None)]
        for option in self.options:
            mark = "  <- yours" if set(option.discard) == set(self.chosen) else ""
            lines.append(f"  {option.row(self.dealer)}{mark}")
        return "\n".join(lines)

    def retry(self, thrown: str | Iterable[CardLike]) -> ThrowVerdict:
        """Judge another throw of the same six cards, on the same board."""
        return judge_throw(self.six, thrown, dealer=self.dealer, scores=self.scores,
                           target=self.target)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "six": [str(c) for c in self.six],
                "chosen": [str(c) for c in self.chosen], "dealer": self.dealer,
                "scores": None if self.scores is None else list(self.scores),
                "target": self.target, "best": [str(c) for c in self.best], "loss": self.loss,
                "loss_error": self.loss_error, "chance_loss": self.chance_loss,
                "grade": str(self.grade), "sentence": self.sentence, "rule": self.rule,
                "options": [o.to_dict() for o in self.options], "margin": self.margin,
                "within": [[str(c) for c in h] for h in self.within]}

    def __str__(self) -> str:
        return f"{self.grade}: {self.sentence}"


@lru_cache(maxsize=64)
def throw_options(six: Hand, dealer: bool, scores: tuple[int, int] | None,
                  target: int) -> tuple[ThrowOption, ...]:
    """The 15 throws, best first: by the total, or by the chance to win near home.
    Remembered for the last positions asked (so the judge of a second throw of the same
    six, a try again or a table's verdict worked out ahead, costs nothing)."""
    options = [_throw_option(o, chance, error)
               for o, chance, error in throw_columns(six, dealer, scores, target)]
    if any(o.chance is not None for o in options):
        options.sort(key=lambda o: -round(o.chance or 0.0, 9))  # stable: ties keep the total
    return tuple(options)


def _throw_option(option: DiscardOption, chance: float | None, error: float | None
                  ) -> ThrowOption:
    return ThrowOption(option.discard, option.keep, float(option.hand_ev), option.crib_ev,
                       option.peg_ev, option.peg_error, option.with_pegging, chance, error)


def within_margin(options: Sequence[ThrowOption]) -> tuple[Hand, ...]:
    """The throws within the judge's margin of the best (``options[0]``), best first: those
    whose chance to win is short of the best's by no more than the
    :func:`~.grades.difference_margin` of the two; none when the chance is not judged."""
    best = options[0].chance
    return tuple(Hand(sorted(o.discard)) for o in options if best is not None and o.chance
                 is not None and best - o.chance <= _margin(options[0], o) + 1e-9)


def _margin(one: ThrowOption, other: ThrowOption) -> float:
    if set(one.discard) == set(other.discard):
        return 0.0
    return difference_margin(one.chance_error or 0.0, other.chance_error or 0.0)


def judge_throw(six: str | Iterable[CardLike], thrown: str | Iterable[CardLike], *,
                dealer: bool, scores: Sequence[int] | None = None,
                target: int = GAME_HOLE) -> ThrowVerdict:
    """Judge throwing ``thrown`` (two cards) from ``six``, as the ``dealer`` or as pone;
    ``scores`` (yours, the opponent's) weigh the chance to win near home.

    Near home the chance leans on the simulated pegging table: a throw within the judge's
    margin of the best (:func:`within_margin`) is graded good, and the sentence says so.

    >>> v = judge_throw("5H 5C 6D JS QH 2C", "2C 6D", dealer=True)
    >>> v.grade, v.loss
    (<Grade.GOOD: 'good'>, 0.0)
    >>> print(v.sentence)  # doctest: +ELLIPSIS
    the best throw: keep 5♣ 5♥ J♠ Q♥ (hand 12.70 + crib 3.76 ... in the play = ...)

    Bad input changes nothing and says what is wrong:

    >>> judge_throw("5H 5C 6D JS QH 2C", "2C 7D", dealer=True)
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalPlayError: cannot throw 7D: not in the six '5H 5C 6D JS QH 2C'
    """
    dealt = checked_cards(six, "the six cards")
    if len(dealt) != 6:
        raise IllegalHandError(f"the six cards must be 6 cards, got {len(dealt)}: '{dealt}'")
    chosen = checked_cards(thrown, "the throw")
    if len(chosen) != 2:
        raise IllegalHandError(f"a throw is two cards, got {len(chosen)}: '{chosen}'")
    for card in chosen:
        if card not in dealt:
            raise IllegalPlayError(f"cannot throw {card}: not in the six '{dealt}'")
    is_dealer = flag(dealer, "dealer")
    goal = game_target(target)
    board = judged_scores(scores, goal)
    options = throw_options(dealt, is_dealer, board, goal)
    mine = next(o for o in options if set(o.discard) == set(chosen))
    top = max(options, key=lambda o: o.total)
    # the loss as printed: the difference of the printed totals (each the sum of its
    # printed columns), so every figure the learner sees adds up
    loss = max(0, top.cents(is_dealer)[3] - mine.cents(is_dealer)[3]) / 100
    error = math.hypot(top.pegging_error, mine.pegging_error) if top is not mine else 0.0
    chance_loss = None
    if options[0].chance is not None and mine.chance is not None:
        chance_loss = max(0.0, options[0].chance - mine.chance)
    best = options[0]
    within = within_margin(options)
    margin = _margin(best, mine)
    kept = Hand(sorted(chosen))
    grade = Grade.GOOD if kept in within else grade_of(loss, chance_loss)
    sentence = _throw_sentence(mine, best, top, is_dealer, loss, chance_loss, margin, within)
    rule, said = (None, "") if kept in within and mine is not best else rule_of_throw(
        dealt, mine, best, top, is_dealer, loss, chance_loss, grade, board, goal)
    if said:
        sentence += f"; {said}"
    return ThrowVerdict(dealt, kept, is_dealer, board, goal, best.discard,
                        round(loss, 6), round(error, 6), chance_loss, grade, sentence,
                        tuple(options), rule=rule, margin=round(margin, 6), within=within)


def rule_of_throw(six: Hand, mine: ThrowOption, best: ThrowOption, top: ThrowOption,
                  dealer: bool, loss: float, chance_loss: float | None, grade: Grade,
                  scores: tuple[int, int] | None = None, target: int = GAME_HOLE
                  ) -> tuple[str | None, str]:
    """The rule of lesson 14's throw procedure (at ``scores`` near home, the board's rule
    first) that decides between the throw made and the judge's best
    (``rulebook.naming.throw_rule``), as the record keeps it and the coach says it;
    nothing when the throw lost nothing, or when the rulebook would make it and the judge
    cannot call it a mistake (an exception is named only for a throw graded below good)."""
    lost = loss if chance_loss is None else chance_loss
    if lost < 1e-9 or set(mine.discard) == set(best.discard):
        return None, ""
    deciding = throw_rule(six, dealer, mine.discard, best.discard, scores, target)
    if deciding is None or (deciding.exception and grade is Grade.GOOD):
        return None, ""
    if chance_loss is not None:
        because = (f"keeping {best.keep.symbols} gives you {chance_loss:.0%} more chance to "
                   f"win" if chance_loss >= 0.005 else
                   f"keeping {best.keep.symbols} gives you a better chance to win")
    else:
        because = f"throwing {top.discard.symbols} nets {loss:.2f} more"
    return deciding.words, rule_said(deciding, f"keeping {best.keep.symbols}", "yours",
                                     because)


def _throw_numbers(option: ThrowOption, dealer: bool) -> str:
    sign = "+" if dealer else "-"
    return (f"hand {option.hand:.2f} {sign} crib {option.crib:.2f} {option.pegging:+.2f} in "
            f"the play = {option.net(dealer):.2f}")


def _throw_sentence(mine: ThrowOption, best: ThrowOption, top: ThrowOption, dealer: bool,
                    loss: float, chance_loss: float | None, margin: float = 0.0,
                    within: tuple[Hand, ...] = ()) -> str:
    """The reason in one sentence: near home, the chance to win (or that the judge cannot
    tell the throw from the best); else a principle when its column (hand, crib or play)
    is what separates the choice from the best one (at least half the loss), or the two
    columns that do, each with its numbers."""
    if chance_loss is not None:
        return _chance_sentence(mine, best, dealer, chance_loss, margin, within)
    if mine is top or loss < 1e-9:
        return f"the best throw: keep {mine.keep.symbols} ({_throw_numbers(mine, dealer)})"
    if loss < INACCURACY:
        return (f"close to the best: throwing {top.discard.symbols} nets "
                f"{top.net(dealer):.2f}, yours {mine.net(dealer):.2f} "
                f"({top.net(dealer) - mine.net(dealer):.2f} less)")
    sign = 1.0 if dealer else -1.0
    parts = {"hand": top.hand - mine.hand, "crib": sign * (top.crib - mine.crib),
             "play": top.pegging - mine.pegging}
    main, second = sorted(parts, key=lambda k: -parts[k])[:2]
    compare = (f"throwing {top.discard.symbols} nets {top.net(dealer):.2f}, yours "
               f"{mine.net(dealer):.2f}: {top.net(dealer) - mine.net(dealer):.2f} better")
    if parts[main] < loss / 2:
        # the columns add up to the loss, so the next one is more than the rest
        return (f"the {main} and the {second} together: "
                f"{_column_phrase(main, mine, top, dealer)}, and "
                f"{_column_phrase(second, mine, top, dealer)}; {compare}")
    return _COLUMN_SENTENCES[main](mine, top, dealer, compare)


def _chance_sentence(mine: ThrowOption, best: ThrowOption, dealer: bool,
                     chance_loss: float, margin: float, within: tuple[Hand, ...]) -> str:
    """Near home: the throw's chance to win against the best one's; for the best, the
    other throws within the judge's margin of it; for a throw within the margin, that the
    judge cannot tell it from the best (the pegging table's numbers of both)."""
    assert mine.chance is not None and best.chance is not None
    if mine is best or chance_loss < 1e-9:
        said = (f"the best throw for the game: keeping {mine.keep.symbols} gives you a "
                f"chance to win of {percent(mine.chance)}")
        six = set(mine.discard) | set(mine.keep)
        others = [Hand(sorted(six - set(h))).symbols for h in within if set(h) != set(mine.discard)]
        return said + (f"; {phrases.throws_as_good(others)}" if others else "")
    if Hand(sorted(mine.discard)) in within:
        return phrases.throw_within(best.keep.symbols, (best.chance, mine.chance), margin,
                            (best.pegging, best.pegging_error, mine.pegging, mine.pegging_error))
    return (f"near home the chance to win decides: keeping {best.keep.symbols} gives you "
            f"{percent(best.chance)}, yours {percent(mine.chance)} "
            f"({_throw_numbers(best, dealer)} against {_throw_numbers(mine, dealer)})")


def _crib_sentence(mine: ThrowOption, top: ThrowOption, dealer: bool, compare: str) -> str:
    """The crib is most of the loss: as pone, what your two cards give the dealer (and the
    principle they break); as dealer, feed your own crib."""
    if not dealer:
        heat = crib_heat(mine.discard)
        if heat is not None and heat != crib_heat(top.discard):
            verb = "average" if heat.startswith(("cards ", "touching")) else "averages"
            return (f"you gave the dealer {pair_name(mine.discard)}: {heat} {verb} about "
                    f"{mine.crib:.1f} points in his crib ({CRIB_REASONS[heat]}); "
                    f"{pair_name(top.discard)} gives him {top.crib:.1f}, and {compare}")
        return (f"your throw, {pair_name(mine.discard)}, averages {mine.crib:.1f} in the "
                f"dealer's crib; {pair_name(top.discard)} gives him {top.crib:.1f}, "
                f"and {compare}")
    heat = crib_heat(top.discard)
    why = (f" ({heat}: {CRIB_REASONS[heat]})"
           if heat is not None and heat != crib_heat(mine.discard) else "")
    return (f"feed your own crib: {pair_name(top.discard)}{why} averages about "
            f"{top.crib:.1f} points in your crib against {mine.crib:.1f} for "
            f"{pair_name(mine.discard)}; {compare}")


def _hand_sentence(mine: ThrowOption, top: ThrowOption, dealer: bool, compare: str) -> str:
    """The hand is most of the loss: what the best keep holds that yours does not (a run of
    three, a pair, points before the starter), with both keeps' points."""
    before_top, before_mine = points_before_starter(top.keep), points_before_starter(mine.keep)
    gap = before_top - before_mine
    pairs_top = sum(2 for a, b in card_pairs(top.keep) if a.rank == b.rank)
    if runs_of_three(top.keep) and not runs_of_three(mine.keep):
        what = "you broke a run"  # the hand column is most of the loss, and the run is in it
    elif 0 < gap <= 2 * pairs_top and len({c.rank for c in mine.keep}) == 4:
        what = "you broke a pair"
    elif gap > 0:
        what = "you kept fewer points"
    else:
        what = "your keep scores less with the starters to come"
    return (f"{what}: {top.keep.symbols} holds {before_top} before the starter and "
            f"averages {top.hand:.2f}; yours holds {before_mine} and averages "
            f"{mine.hand:.2f}; {compare}")


def _play_sentence(mine: ThrowOption, top: ThrowOption, dealer: bool, compare: str) -> str:
    """The play is most of the loss: both keeps' net pegging, with the table's error."""
    return (f"in the play, {top.keep.symbols} nets {top.pegging:+.2f} and yours "
            f"{mine.pegging:+.2f} (the pegging table, ± about "
            f"{max(top.pegging_error, mine.pegging_error):.1f}); {compare}")


_COLUMN_SENTENCES: dict[str, Callable[[ThrowOption, ThrowOption, bool, str], str]] = {
    "hand": _hand_sentence, "crib": _crib_sentence, "play": _play_sentence}
"""The sentence for a throw whose loss lies mostly in one column, by the column."""


def _column_phrase(column: str, mine: ThrowOption, top: ThrowOption, dealer: bool) -> str:
    """What one column (hand, crib or play) says of the best throw against yours, with
    the crib principle the throw shows when the two throws differ in it."""
    if column == "hand":
        return f"{top.keep.symbols} averages {top.hand:.2f} in hand, yours {mine.hand:.2f}"
    if column == "play":
        return f"in the play {top.keep.symbols} nets {top.pegging:+.2f}, yours {mine.pegging:+.2f}"
    hot, cold = (top, mine) if dealer else (mine, top)
    heat = crib_heat(hot.discard)
    why = (f" ({heat}: {CRIB_REASONS[heat]})"
           if heat is not None and heat != crib_heat(cold.discard) else "")
    if dealer:
        return (f"{pair_name(top.discard)}{why} averages {top.crib:.1f} in your crib, your "
                f"{pair_name(mine.discard)} {mine.crib:.1f}")
    return (f"your {pair_name(mine.discard)}{why} gives the dealer {mine.crib:.1f} in his "
            f"crib, {pair_name(top.discard)} {top.crib:.1f}")
