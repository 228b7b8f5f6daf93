"""A card in the play checked by the whole deal, for lessons 13 and 14: the coach's judge
(:func:`cribbage_edu.strategy.coach.judge_play`) judges a stated deal (your four kept
and two thrown, the starter, who deals, the cards laid so far in order, the scores) as
the coach judges a card at the table: the opponent's hand drawn as a strong player keeps
and lays, the rest of the play laid with hidden hands, every point to the last card,
yours less his; near home, the chance to win of the whole deal (the play, then the show
in order). Every card is weighed over the same :data:`DEALS` deals (seeded), so each
card's difference from the best has its own 95% interval: the cards whose interval
reaches 0 are **within the judge's margin**, and all of them are good.

>>> verdict = judged("7C 9D KS QH", thrown="3C 4C", starter="2D", laid="7H", dealer=True,
...                  deals=300)
>>> verdict.whole_deal, verdict.best.symbol  # read, a 7 lead is often from 7-8 or a pair
(True, '9♦')

:func:`card_exercise` asks for a card and accepts every card within the judge's margin;
a card outside it is told its own numbers against the best's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from cribbage_edu.rules.cards import THIRTY_ONE, Card, CardLike, parse_cards
from cribbage_edu.strategy.coach import CardVerdict, judge_play
from exercises import Exercise, as_card, question_html

__all__ = ["DEALS", "as_good", "card_exercise", "how_made", "judged", "pile_of", "print_judged"]

Cards = str | list[CardLike]

DEALS = 2000
"""Deals drawn for the opponent for each figure of the lessons (seeded): enough that a
card's paired margin against the best is a few tenths of a point (a percent or two of a
game near home), few enough that a lesson re-runs in well under a minute."""
SEED = 13


def judged(kept: Cards, *, thrown: Cards, starter: CardLike, laid: Cards = "",
           dealer: bool, scores: tuple[int, int] | None = None, deals: int = DEALS,
           seed: int = SEED) -> CardVerdict:
    """The judge's verdict on the first card still held that fits: its options are every
    card that fits, best first. With ``scores`` (yours first) near home, each card's
    chance to win of the whole deal is judged too."""
    played = parse_cards(laid) if laid else []
    pile = pile_of(played)
    count = sum(c.value for c in pile)
    held = [c for c in parse_cards(kept) if c not in played]
    first = next(c for c in held if count + c.value <= THIRTY_ONE)
    return judge_play(kept, first, thrown=thrown, starter=starter, dealer=dealer,
                      laid=played, scores=scores, deals=deals, seed=seed)


def pile_of(played: Sequence[Card]) -> list[Card]:
    """The cards since the count was last reset (a reset after 31, or when the next card
    would pass 31: a go)."""
    pile: list[Card] = []
    for card in played:
        if sum(c.value for c in pile) + card.value > THIRTY_ONE:
            pile = []
        pile.append(card)
        if sum(c.value for c in pile) == THIRTY_ONE:
            pile = []
    return pile


def how_made(verdict: CardVerdict) -> str:
    """The one line that says how a verdict's figures were made."""
    return (f"(the judge of the whole deal: {verdict.hands:,} deals drawn for the opponent, "
            f"seeded; ✓ marks the cards within its margin of the best)")


def print_judged(kept: Cards, **position: object) -> None:
    """Each card that fits, best first: what it pegs now, what the opponent's reply pegs
    at once on average (*answer*), the whole rest of the play in points with its 95%
    interval, near home the chance to win of the whole deal; ✓ for the cards within the
    judge's margin of the best; then how the figures were made."""
    verdict = judged(kept, **position)  # type: ignore[arg-type]
    near = verdict.chance_loss is not None
    print(f"{'card':<6}{'now':>5}{'answer':>9}{'whole play':>19}"
          + ("   chance to win" if near else ""))
    for option in verdict.options:
        mark = "  ✓" if option.card in verdict.within else ""
        chance = f"{option.chance:>16.1%}" if near and option.chance is not None else ""
        print(f"{option.card.symbol:<6}{option.now:>5}{option.answer:>9.2f}"
              f"{option.value:>+12.2f} ± {option.error:.2f}{chance}{mark}")
    print(how_made(verdict))


def as_good(verdict: CardVerdict) -> frozenset[Card]:
    """The cards within the judge's margin of the best: every one is good."""
    return frozenset(verdict.within)


def _names(cards: frozenset[Card]) -> str:
    return " ".join(c.symbol for c in sorted(cards))


def card_exercise(number: int, kept: Cards, *, thrown: Cards, starter: CardLike,
                  laid: Cards = "", dealer: bool, question: str, why: str = "",
                  scores: tuple[int, int] | None = None,
                  more: Mapping[Card, str] | None = None) -> Exercise:
    """Which card do you lay? Every card within the judge's margin of the best is
    accepted (the judge cannot tell them apart); a card outside it is told its numbers
    against the best's (and ``more`` of it, if said); ``why`` (the principle the numbers
    show) follows."""
    position: dict[str, object] = {"thrown": thrown, "starter": starter, "laid": laid,
                                   "dealer": dealer, "scores": scores}
    verdict = judged(kept, **position)  # type: ignore[arg-type]
    good = as_good(verdict)
    fits = [option.card for option in verdict.options]
    alone = len({c.rank for c in good}) == 1

    def right(guess: Card) -> str:
        if alone:
            said = verdict.retry(guess).sentence
            return f"right! {guess.symbol}. {said[0].upper()}{said[1:]}."
        return (f"good! {guess.symbol} is within the judge's margin of the best (all of "
                f"{_names(good)} are: too close to tell apart over {verdict.hands:,} "
                f"deals).")

    def miss(guess: Card) -> str | None:
        if guess not in fits or guess in good:
            return None
        said = (more or {}).get(guess) or verdict.retry(guess).sentence
        return said + (f". {why}" if why else "")

    def show() -> None:
        print_judged(kept, **position)
        if why:
            print(why)

    held = [c for c in parse_cards(kept) if c not in (parse_cards(laid) if laid else [])]
    pile = pile_of(parse_cards(laid) if laid else [])
    rows: list[tuple[str, str | Card | list[Card]]] = [
        ("your cards", held), ("you threw", list(parse_cards(thrown))),
        ("starter", [Card.parse(str(starter))])]
    if pile:
        rows.append(("laid since the count was 0", pile))
    answer_words = (_names(good) if alone else
                    f"any of {_names(good)} (within the judge's margin of the best)")
    praise: Callable[[], object] | None = (lambda: print(why)) if why else None
    return Exercise(
        number, answer=good, read=as_card, accept=lambda guess: guess in good,
        misses=miss, right=right, answer_words=answer_words,
        form=lambda guess: None if guess in fits else
            "choose one of your cards that fits: " + " ".join(c.symbol for c in fits),
        explain=lambda guess: "choose one of your cards that fits",
        solution=show, praise=praise,
        question=question_html(question, *rows))
