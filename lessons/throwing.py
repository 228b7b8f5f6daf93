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

from typing import Any

from exercises import Exercise, as_cards, question_html

from cribbage_edu import advise, parse_cards

__all__ = ["option_for", "print_options", "throw_exercise", "throw_words"]


def option_for(six: Any, thrown: Any, *, dealer: bool) -> Any:
    """The advisor's line for one particular throw of these six cards."""
    thrown = frozenset(parse_cards(thrown))
    return next(o for o in advise(six, dealer=dealer) if frozenset(o.discard) == thrown)


def throw_words(option: Any) -> str:
    """A throw's numbers in words: hand, crib and net."""
    sign = "+" if option.dealer else "-"
    return (f"hand {float(option.hand_ev):.2f} {sign} crib {option.crib_ev:.2f} = "
            f"{option.net_ev:.2f}")


def print_options(options: Any, top: int = 15) -> None:
    """The throws as a table: keep, throw, the hand's average and range, the crib, net."""
    print(f"{'keep':<14}{'throw':<9}{'hand':>6}{'range':>8}{'crib':>7}{'net':>7}")
    for o in list(options)[:top]:
        sign = "+" if o.dealer else "-"
        print(f"{o.keep.symbols:<14}{o.discard.symbols:<9}{float(o.hand_ev):>6.2f}"
              f"{o.hand_min:>4}-{o.hand_max:<3}{sign}{o.crib_ev:>5.2f}{o.net_ev:>7.2f}")


def throw_exercise(number: int, six: Any, *, dealer: bool, text: str = "",
                   misses: dict[frozenset[Any], str] | None = None,
                   note: str = "") -> Exercise:
    """An exercise: which two of these six cards does the advisor throw? A wrong throw
    is answered with its own numbers against the best one's (and ``misses`` may add a
    rule of thumb for particular throws); ``note`` follows the answer, right or shown."""
    six = parse_cards(six)
    options = advise(six, dealer=dealer)
    best = options[0]
    extra = misses or {}

    def why(guess: Any) -> str:
        if len(guess) != 2 or not guess <= frozenset(six):
            return "name two of your six cards, such as \"" + " ".join(
                str(card) for card in six[:2]) + "\""
        mine = option_for(six, guess, dealer=dealer)
        gap = best.net_ev - mine.net_ev
        said = (f"you throw {mine.discard.symbols} and keep {mine.keep.symbols}: "
                f"{throw_words(mine)}. The best throw, {best.discard.symbols}, keeps "
                f"{best.keep.symbols}: {throw_words(best)}, {gap:.2f} points better")
        return said + (". " + extra[guess] if guess in extra else "")

    role = "dealer (the crib is yours)" if dealer else "pone (the crib is your opponent's)"
    question = text or f"You are {role}. Which two cards do you throw?"
    return Exercise(
        number, answer=frozenset(best.discard), read=as_cards, explain=why,
        solution=lambda: (print_options(options, top=5), note and print(note)),
        praise=lambda: (print(best), note and print(note)),
        question=question_html(question, ("your six cards", six)))
