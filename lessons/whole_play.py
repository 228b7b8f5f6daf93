"""A card in the play checked by the whole rest of the play, for lesson 13: the coach's
judge (:func:`cribbage_edu.strategy.coach.judge_card`) counts every point to the last
card, for you less for the opponent, both playing their best, averaged over the hands the
opponent could hold.

>>> verdict = judged("7C 9D KS QH", starter="2D", pile="7H", dealer=True)
>>> verdict.best.symbol, [o.card.symbol for o in verdict.options][:2]
('7♣', ['7♣', 'K♠'])

:func:`card_exercise` asks for a card and grades it by the judge: every card the coach grades
good (under half a point from the best) or whose loss lies within the judge's 95% interval
counts as right (the judge weighs a sample of the opponent's hands when there are too many
to weigh them all), and a miss is told its own numbers against the best's.

Near home (``scores`` given) the judge also weighs each card by the chance to win; at the
table the coach does that over a systematic sample of its opponent's hands when there are
more kinds than :data:`cribbage_edu.strategy.coach.CHANCE_HANDS` (every kind at a first
lead takes about 2 s). The lessons print and grade the chance over every hand she could
hold (:func:`cribbage_edu.strategy.coach.card_chances`), each weighed by how many deals
give it, so those figures are exact within the model:

>>> v = judged("3D 3S 7D 8S", starter="JH", pile="6D", dealer=True, scores=(119, 110))
>>> {card.symbol: round(chance, 3) for card, chance in card_chances(v).items()}
{'7♦': 0.961, '8♠': 0.955, '3♦': 0.859, '3♠': 0.859}
>>> sorted(card.symbol for card in as_good(v))  # under 1% of a game from the best
['7♦', '8♠']
"""

from __future__ import annotations

from cribbage_edu.rules.cards import THIRTY_ONE, Card, CardLike, parse_cards
from cribbage_edu.strategy.coach import (
    CHANCE_INACCURACY,
    CardVerdict,
    Grade,
    card_chances,
    judge_card,
)
from exercises import Exercise, as_card, question_html

__all__ = ["as_good", "card_exercise", "judged", "print_judged"]

Cards = str | list[CardLike]


def judged(hand: Cards, *, starter: CardLike, pile: Cards = "", dealer: bool,
           seen: Cards = "", opponent_cards: int | None = None,
           scores: tuple[int, int] | None = None) -> CardVerdict:
    """The judge's verdict on the first card of ``hand`` that fits: its options are every
    card that fits, best first. With ``scores`` (yours first) near home, each card's
    chance to win is judged too."""
    count = sum(card.value for card in parse_cards(pile)) if pile else 0
    first = next(card for card in parse_cards(hand) if count + card.value <= THIRTY_ONE)
    return judge_card(hand, first, starter=starter, pile=pile, seen=seen, dealer=dealer,
                      opponent_cards=opponent_cards, scores=scores)


def print_judged(hand: Cards, **position: object) -> None:
    """Each card that fits, best first: what it pegs now, the opponent's answer on
    average (the next card alone), and the whole rest of the play with its interval; near
    home, the chance to win too (over every hand the opponent could hold), best first."""
    verdict = judged(hand, **position)  # type: ignore[arg-type]
    chance = card_chances(verdict)
    by_card = {option.card: option for option in verdict.options}
    order = list(chance) if chance is not None else list(by_card)
    print(f"{'card':<6}{'now':>5}{'answer':>9}{'whole play':>13}"
          + ("         chance to win" if chance is not None else ""))
    for card in order:
        option = by_card[card]
        error = f" ± {option.error:.2f}" if option.error else ""
        print(f"{option.card.symbol:<6}{option.now:>5}{option.answer:>9.2f}"
              f"{option.value:>+13.2f}{error}"
              + (f"{chance[card]:>13.1%}" if chance is not None else ""))


def as_good(verdict: CardVerdict) -> frozenset[Card]:
    """The cards the coach grades good (under half a point from the best) or, when
    points decide, whose loss against the best lies within its 95% interval; near home,
    the cards under 1% of a game from the best chance to win (over every hand)."""
    chance = card_chances(verdict)
    if chance is not None:
        top = max(chance.values())
        return frozenset(card for card, p in chance.items() if top - p < CHANCE_INACCURACY)
    return frozenset(option.card for option in verdict.options
                     if (judge := verdict.retry(option.card)).grade is Grade.GOOD
                     or judge.loss <= judge.loss_error)


def card_exercise(number: int, hand: Cards, *, starter: CardLike, pile: Cards = "",
                  dealer: bool, question: str, why: str = "",
                  scores: tuple[int, int] | None = None) -> Exercise:
    """Which card do you lay? Graded by the whole rest of the play (and near home, with
    ``scores``, by the chance to win); ``why`` (the principle the numbers show) follows
    the answer."""
    verdict = judged(hand, starter=starter, pile=pile, dealer=dealer, scores=scores)
    right = as_good(verdict)
    fits = [option.card for option in verdict.options]
    chance = card_chances(verdict)
    best = next(iter(chance)) if chance is not None else verdict.best

    def miss(guess: Card) -> str:
        if chance is not None:
            values = {option.card: option.value for option in verdict.options}
            sentence = (f"near home the chance to win decides: {best.symbol} leaves you "
                        f"{chance[best]:.0%}, {guess.symbol} {chance[guess]:.0%} (to the end "
                        f"of the play they net {values[best]:+.2f} and {values[guess]:+.2f})")
        else:
            sentence = verdict.retry(guess).sentence
        return sentence + (f". {why}" if why else "")

    def show() -> None:
        print_judged(hand, starter=starter, pile=pile, dealer=dealer, scores=scores)
        print("as good as the best:", " ".join(c.symbol for c in sorted(right)))
        if why:
            print(why)

    return Exercise(
        number, answer=best, read=as_card, accept=lambda guess: guess in right,
        misses=lambda guess: miss(guess) if guess in fits and guess not in right else None,
        form=lambda guess: None if guess in fits else
            "choose one of your cards that fits: " + " ".join(c.symbol for c in fits),
        explain=lambda guess: "choose one of your cards that fits",
        solution=show, praise=lambda: print(why) if why else None,
        question=question_html(question, ("your cards", hand), ("starter", [starter]),
                               *((("laid since the count was 0", pile),) if pile else ())))
