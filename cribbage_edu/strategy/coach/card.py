"""The judge of a card in the play: the verdict on one card laid (:class:`CardVerdict`,
:func:`judge_card`) and its reason in one sentence, in the words of lesson 13
(:func:`card_sentence`); near home, each card's chance to win (:func:`card_chances`).
What each card is worth to :func:`judge_card` is the model of open hands'
(:func:`.model.card_options`); a card of a game is judged over the whole deal
(:func:`~cribbage_edu.strategy.coach.view.judge_dealt`), into the same verdict.

>>> verdict = judge_card("5C 3D 9H KS", "5C", starter="QD", seen="2S 8C", dealer=False)
>>> verdict.grade, verdict.best
(<Grade.MISTAKE: 'mistake'>, Card.parse('3D'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...rules.board import GAME_HOLE
from ...rules.cards import THIRTY_ONE, Card, CardLike, checked_card
from ...rules.checks import whole_number
from ...rules.errors import CribbageError, IllegalActionError, IllegalPlayError
from ..rulebook.naming import card_rule
from ..rulebook.play import PlayPosition
from .grades import INACCURACY, DecisionKind, Grade, grade_of
from .model import kinds_count, mean_error, position_options, rank_chances
from .phrases import NEAR_31, answer_reason, cards_that_fit, percent, rule_said, spoken_play
from .position import CardOption, CardPosition, card_position

if TYPE_CHECKING:
    from ...rules.game import PlayerView

__all__ = ["CardVerdict", "card_chances", "card_sentence", "judge_card", "judge_position",
           "rule_of_card"]


@dataclass(frozen=True, slots=True)
class CardVerdict:
    """The judge's word on a card laid (see :func:`judge_card`): the ``position`` it was
    laid from (a :class:`CardPosition`), the ``chosen`` card, the ``best``, the ``loss``
    in points against the card worth most with its 95% ``loss_error``, the
    ``chance_loss`` (``None`` unless judged), the ``grade``, the ``sentence``, every
    option best first, and how the opponent's hands were weighed: ``hands`` kinds of
    hand, all of them (``exact``) or a sample.

    A card judged at a table (:func:`~cribbage_edu.strategy.coach.judge_view`) is judged
    over the whole deal (:func:`~cribbage_edu.strategy.coach.view.judge_dealt`):
    ``whole_deal`` is then true, ``hands`` the deals drawn for the opponent that fit what
    he did, ``margin`` the 95% half-width of the chosen card's paired difference from the
    best (on the measure that ranks: the chance near home, else points; ``loss_error`` is
    the same in points), ``within`` the cards within the judge's margin of the best (best
    first; a card there is graded good), ``view`` the view it was judged from and
    ``rejudge`` the judge that judged it (a "try again" judges another card from the view
    by it).

    ``rule`` is the rule of the rulebook that decides between the card laid and the best,
    as the sentence names it (``None`` when the card is the best, within the margin, or
    no rule separates them; see :func:`rule_of_card`)."""

    position: CardPosition
    chosen: Card
    best: Card
    loss: float
    loss_error: float
    chance_loss: float | None
    grade: Grade
    sentence: str
    options: tuple[CardOption, ...]
    hands: int
    exact: bool
    kind: DecisionKind = field(default=DecisionKind.CARD, init=False)
    margin: float = 0.0
    within: tuple[Card, ...] = ()
    whole_deal: bool = False
    rule: str | None = None
    view: PlayerView | None = field(default=None, repr=False, compare=False)
    account: str = field(default="", repr=False, compare=False)
    rejudge: Callable[[CardLike], CardVerdict] | None = field(default=None, repr=False,
                                                              compare=False)

    @property
    def is_within_margin(self) -> bool:
        """Whether the chosen card is within the judge's margin of the best (only a card
        judged over the whole deal has a margin)."""
        return self.chosen in self.within

    @property
    def why(self) -> str:
        """The numbers behind the verdict: how they were made, then each card's columns,
        best first."""
        if self.account:
            lines = [self.account]
            for option in self.options:
                mark = "  <- yours" if option.card == self.chosen else ""
                lines.append(f"  {option.row()}{mark}")
            return "\n".join(lines)
        how = (f"all {self.hands} kinds of hand the opponent could hold, each by its weight"
               if self.exact else f"a sample of {self.hands} kinds of hand the opponent "
               f"could hold, spread over them all (± is the 95% interval)")
        lines = [f"each card, best first, by the model of open hands (both hands in view, "
                 f"nothing of the opponent's read): net points to the end of the play, both "
                 f"playing their best, over {how}:"]
        for option in self.options:
            mark = "  <- yours" if option.card == self.chosen else ""
            lines.append(f"  {option.row()}{mark}")
        return "\n".join(lines)

    def retry(self, card: CardLike) -> CardVerdict:
        """Judge another card from the same position (by the same model)."""
        if self.rejudge is not None:
            return self.rejudge(card)
        return judge_position(self.position, checked_card(card, "the card"))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "position": self.position.to_dict(),
                "chosen": str(self.chosen),
                "best": str(self.best), "loss": self.loss, "loss_error": self.loss_error,
                "chance_loss": self.chance_loss, "grade": str(self.grade),
                "sentence": self.sentence, "hands": self.hands, "exact": self.exact,
                "options": [o.to_dict() for o in self.options], "margin": self.margin,
                "within": [str(c) for c in self.within], "whole_deal": self.whole_deal,
                "rule": self.rule}

    def __str__(self) -> str:
        return f"{self.grade}: {self.sentence}"


def judge_card(hand: str | Iterable[CardLike], card: CardLike, *, starter: CardLike,
               pile: str | Iterable[CardLike] = (), seen: str | Iterable[CardLike] = (),
               dealer: bool, scores: Sequence[int] | None = None, target: int = GAME_HOLE,
               opponent_cards: int | None = None, opponent_go: bool = False,
               kept: str | Iterable[CardLike] | None = None) -> CardVerdict:
    """Judge laying ``card`` from ``hand`` (the cards you still hold) in the play, by the
    model of open hands (:mod:`.model`): a position given by its cards alone has no throw
    or order of cards laid, nothing of the opponent's to read, so the model of the whole
    deal cannot be fed from it. It leaves out that neither player sees the other's hand
    and that the opponent kept and laid his cards on purpose. To judge a position as it is
    played, state its deal (:func:`~cribbage_edu.strategy.coach.judge_play`: your keep and
    throw, the cards laid in order); a card laid in a game is judged over the whole deal
    from the player's view (:func:`~cribbage_edu.strategy.coach.judge_view`), as the
    table, the hint and the review judge it.

    ``pile`` is the cards laid since the count was last reset, oldest first; ``seen``
    every other card you have seen (your two thrown cards, the cards of earlier series).
    ``opponent_cards`` is how many cards the opponent still holds (by default: as many
    as you if you are pone, one fewer if you deal, as when nobody has said go);
    ``opponent_go`` that he said go in this series (so none of his cards fits);
    ``kept`` your four kept cards (for the show, when the chance to win is judged).

    The last cards: pone has laid all his, the last two of them his 3 (31 for him after
    the dealer's go at 28) and his 5 on the dealer's queen. The dealer holds 5 and 7: the
    5 pairs his (2) and the 7 is the last card (1), 3 in all; the 7 first (22) pegs
    nothing and leaves the 5 only the last card (1).

    >>> v = judge_card("5C 7D", "7D", starter="AS", pile="QD 5H",
    ...                seen="2C 9C KH QC 8S 3D", dealer=True, opponent_cards=0)
    >>> v.best, [(o.card.symbol, o.value) for o in v.options], v.loss, v.grade
    (Card.parse('5C'), [('5♣', 3.0), ('7♦', 1.0)], 2.0, <Grade.MISTAKE: 'mistake'>)
    >>> print(v.sentence.replace("; ", ";\\n"))
    take the points: 5♣ pegs 2 now (pair for two);
    5♣ nets +3.00 to the end of the play, 7♦ +1.00;
    the rule: count the card (5♣ counts 0, 7♦ -2.25)

    Bad input, and a position no deal reaches (the cards, the order of the play), is
    refused with a clear error, and nothing changes:

    >>> judge_card("4C KD", "5D", starter="2H", dealer=True)
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalPlayError: cannot lay 5D: not in the hand '4C KD'
    >>> judge_card("4C KD 5H 6S", "4C", starter="2H", pile="9S 10D 3C", dealer=False,
    ...            opponent_cards=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalPlayError: no play reaches your turn as pone holding 4 with the ...
    """
    position = card_position(hand, starter, pile, seen, dealer, scores, target,
                             opponent_cards, opponent_go, kept)
    laid = checked_card(card, "the card")
    return judge_position(position, laid)


def judge_position(position: CardPosition, laid: Card) -> CardVerdict:
    if laid not in position.hand:
        raise IllegalPlayError(f"cannot lay {laid}: not in the hand '{position.hand}'")
    count = position.count
    if count + laid.value > THIRTY_ONE:
        raise IllegalPlayError(f"cannot lay {laid}: count is {count}, {count} + {laid.value} "
                               f"> 31")
    options, values, weights, exact = position_options(position)
    mine = next(o for o in options if o.card == laid)
    top = max(options, key=lambda o: (o.value, -int(o.card.rank)))
    best = options[0]
    if best.card.rank == laid.rank:  # a card of the best rank is the best: name the one laid
        best = mine
    if top.card.rank == laid.rank:
        top = mine
    loss = max(0.0, top.value - mine.value)
    diffs = [a - b for a, b in zip(values[int(top.card.rank)], values[int(laid.rank)],
                                   strict=True)]
    _, loss_error = mean_error(diffs, weights, exact)
    chance_loss = None
    if best.chance is not None and mine.chance is not None:
        chance_loss = max(0.0, best.chance - mine.chance)
    sentence = card_sentence(position, mine, best, top, loss, chance_loss)
    grade = grade_of(loss, chance_loss)
    try:
        seen: PlayPosition | None = PlayPosition.from_seen(
            position.hand, position.pile, position.seen, position.starter, position.dealer,
            position.opponent_go, position.scores, position.target)
    except CribbageError:
        seen = None  # more seen than a deal holds: no rule is named
    rule, said = rule_of_card(seen, mine, best, top, loss, chance_loss, grade)
    if said:
        sentence += f"; {said}"
    return CardVerdict(position, laid, best.card, round(loss, 6), round(loss_error, 6), chance_loss,
                       grade, sentence, tuple(options), len(weights), exact, rule=rule)


def rule_of_card(position: PlayPosition | None, mine: CardOption, best: CardOption,
                 top: CardOption, loss: float, chance_loss: float | None, grade: Grade
                 ) -> tuple[str | None, str]:
    """The rule of the rulebook's play procedure that decides between the card laid and
    the judge's best (:func:`~cribbage_edu.strategy.rulebook.naming.card_rule`), as the
    record keeps it and as the coach says it; nothing when the card is of the best's rank
    or is graded good for being within the judge's margin (``grade`` good and nothing
    lost), and an exception only for a card graded below good."""
    lost = loss if chance_loss is None else chance_loss
    if position is None or lost < 1e-9 or mine.card.rank == best.card.rank:
        return None, ""
    deciding = card_rule(position, mine.card, best.card)
    if deciding is None or (deciding.exception and grade is Grade.GOOD):
        return None, ""
    if chance_loss is not None:
        because = (f"{best.card.symbol} leaves you {chance_loss:.0%} more chance to win"
                   if chance_loss >= 0.005 else
                   f"{best.card.symbol} leaves you a better chance to win")
    else:
        because = f"{top.card.symbol} nets {loss:.2f} more to the end of the play"
    return deciding.words, rule_said(deciding, best.card.symbol, mine.card.symbol, because)


def card_sentence(position: CardPosition, mine: CardOption, best: CardOption, top: CardOption,
                  loss: float, chance_loss: float | None, *, open_hands: bool = True) -> str:
    """The reason in one sentence, in the words of lesson 13: a principle only when the
    numbers show it is what separates the card from the best one. ``best`` ranks first,
    ``top`` nets the most points; ``open_hands`` says the opponent's answer is his best
    with both hands open (today's model), else his hidden-hand choice."""
    if chance_loss is not None:
        assert mine.chance is not None and best.chance is not None
        if chance_loss < 1e-9 or mine.card.rank == best.card.rank:
            return (f"the best card for the game: {mine.card.symbol} leaves you a chance to "
                    f"win of {percent(mine.chance)}")
        return (f"near home the chance to win decides: {best.card.symbol} leaves you "
                f"{percent(best.chance)}, {mine.card.symbol} {percent(mine.chance)} (to the "
                f"end of the "
                f"play they net {best.value:+.2f} and {mine.value:+.2f})")
    net = f"nets {mine.value:+.2f} to the end of the play"
    if mine.card.rank == top.card.rank or loss < 1e-9:
        return f"the best card: {mine.card.symbol} {net}"
    compare = (f"{top.card.symbol} nets {top.value:+.2f} to the end of the play, "
               f"{mine.card.symbol} {mine.value:+.2f}")
    if loss < INACCURACY:
        return (f"close to the best: {compare} "
                f"({round(top.value, 2) - round(mine.value, 2):.2f} less)")
    parts = {"now": float(top.now - mine.now), "answer": mine.answer - top.answer}
    parts["rest"] = loss - parts["now"] - parts["answer"]
    main = max(parts, key=lambda k: parts[k])
    if parts[main] < loss / 2:
        return compare
    if main == "now":
        said = spoken_play(position.pile, top.card)
        return f"take the points: {top.card.symbol} pegs {top.now} now ({said}); {compare}"
    if main == "answer":
        return answer_reason(position, mine, top, best=open_hands) + f"; {compare}"
    if position.opponent_go:
        return (f"after his go you lay on alone, and the order decides: 31 scores 2, the go "
                f"1; {compare}")
    if (mine.card.value < 5 and top.card.value > mine.card.value
            and mine.card.value == min(c.value for c in position.hand)):
        return (f"keep a low card for the end of a series, where it wins the go: "
                f"{compare}")
    room, my_room = (THIRTY_ONE - position.count - c.value for c in (top.card, mine.card))
    if 0 < room <= NEAR_31 and my_room > room and position.opponent_cards:
        yours = (f", at {THIRTY_ONE - my_room} {cards_that_fit(my_room)}" if my_room <= NEAR_31
                 else "")
        return (f"near 31 few cards fit: at {THIRTY_ONE - room} only {cards_that_fit(room)} him"
                f"{yours}; {compare}")
    return f"the rest of the play decides: {compare}"


def card_chances(verdict: CardVerdict, *, hands: int | None = None
                 ) -> dict[Card, float] | None:
    """Near home, each card's chance to win in ``verdict``'s position, best first, weighed
    over every kind of hand the opponent could hold (``hands=None``: exact within the
    judge's model, slower than the judge's own sample at a first lead), or over at most
    ``hands`` of them (a systematic sample past that); ``None`` when the verdict judged no
    chance (far from home, or no ``scores``).

    >>> v = judge_card("3D 3S 7D 8S", "3D", starter="JH", pile="6D", dealer=True,
    ...                scores=(119, 110))
    >>> {card.symbol: round(chance, 3) for card, chance in card_chances(v).items()}
    {'7♦': 0.961, '8♠': 0.955, '3♦': 0.859, '3♠': 0.859}
    >>> card_chances(judge_card("7D 3C", "3C", starter="2H", dealer=True)) is None
    True
    """
    if not isinstance(verdict, CardVerdict):
        raise IllegalActionError(f"card_chances takes a CardVerdict, not {verdict!r}")
    limit = None if hands is None else whole_number(hands, "hands", 1)
    position = verdict.position
    if verdict.chance_loss is None or position.scores is None:
        return None
    if limit is None:
        limit = kinds_count(position.unseen_ranks(), position.opponent_cards)
    mine = tuple(sorted(int(card.rank) for card in position.hand))
    pile = [int(card.rank) for card in position.pile]
    ranks = sorted({int(option.card.rank) for option in verdict.options})
    by_rank = rank_chances(position, mine, pile, ranks, limit)
    order = sorted(verdict.options, key=lambda o: (-by_rank[int(o.card.rank)], -o.value, o.card))
    return {option.card: by_rank[int(option.card.rank)] for option in order}
