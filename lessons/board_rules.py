"""The board's procedure for lesson 14, and its figures with their intervals for lesson 15:
the board's rule for the throw (found by ``scripts/search_board.py`` and stored in
``cribbage_edu/data/board.json``) before lesson 12's count; lesson 13's play unchanged;
and what each board rule tried in the play would change, all read from that file.

Every figure is a chance to win, by the coach's judge near home, over the positions near
home of the 1,160 games between two masters the rulebook was measured on.

>>> rule = board_rule()
>>> rule.name.startswith("keep your four lowest cards as dealer needing")
True
>>> 0 < games(board()["throw"]["where_it_applies"]["gain"][0]) < 5
True
"""

from __future__ import annotations

from typing import Any

from cribbage_edu.rules.cards import Card, CardLike, Hand, parse_cards
from cribbage_edu.strategy.coach.grades import Grade
from cribbage_edu.strategy.coach.throw import ThrowVerdict, judge_throw
from cribbage_edu.strategy.rulebook import Rule, ThrowPosition, follow
from cribbage_edu.strategy.rulebook.player import (
    board_procedures,
    board_rules,
    stored_board,
    stored_procedures,
)
from exercises import Exercise, as_cards, question_html

__all__ = ["board", "board_rule", "board_throw_exercise", "games", "print_board_figures",
           "print_board_procedure", "print_board_throw", "print_saying_measured"]

Cards = str | list[CardLike]
SAYING = 10
"""The threshold of the tournament player's "pone within about 10 plays for points; the
dealer holds back" (the rules tried at each threshold are in the appendix)."""


def board() -> dict[str, Any]:
    """The board's search as stored (``cribbage_edu/data/board.json``)."""
    return stored_board()


def board_rule() -> Rule[ThrowPosition, Hand]:
    """The board's rule for the throw, as the rulebook player follows it."""
    return board_rules()[0]


def games(chance: float) -> float:
    """A chance to win as games in 100."""
    return 100 * chance


def _tried(name: str) -> dict[str, Any]:
    for tried in board()["play"]["tried"]:
        if tried["rule"] == name:
            return dict(tried)
    raise KeyError(f"no board rule {name!r} was tried in the play")


def print_board_procedure() -> None:
    """The board's procedure in order, each step with its one measured figure."""
    throw, play = board()["throw"], board()["play"]
    where = throw["where_it_applies"]
    share = where["applies"] / throw["positions"]
    print("Near home (either player within 30 of the end), in this order:")
    print("1. read the board: the count-out card and fourth street")
    print(f"2. the throw: {board_rule().name};")
    print(f"   it applies in {100 * share:.0f} deals in 100 near home, and there breaking it "
          f"costs {games(where['gain'][0]):.1f} games in 100")
    print("   otherwise count the keep (lesson 12)")
    print(f"3. the play: lesson 13's {len(stored_procedures()[1].rules)} rules; near home they "
          f"lose {games(play['lost'][0]):.2f} games in 100 cards to the judge")


def print_saying_measured(within: int = SAYING) -> None:
    """The tournament player's saying, as two rules put before lesson 13's: what each
    changes near home, and what that gains (a cost is a negative gain)."""
    for tried in (_tried(f"take the points as pone needing {within} or less"),
                  next(t for t in board()["play"]["tried"]
                       if t["rule"].startswith(f"hold back as dealer when pone needs {within} "))):
        gain = tried.get("gain", [0.0])[0]
        words = "gains" if gain >= 0 else "costs"
        print(f"{tried['rule']}: changes {tried['changes']} of the {tried['applies']} cards "
              f"where it applies; {words} {abs(games(gain)):.2f} games in 100 of them")


def _judged(six: Hand, thrown: frozenset[Card], scores: tuple[int, int]) -> ThrowVerdict:
    return judge_throw(six, sorted(thrown), dealer=True, scores=scores)


def print_board_throw(six: Cards, scores: tuple[int, int]) -> None:
    """A dealer's six near home: lesson 12's throw and the board's, each with the chance
    to win the coach's judge gives it, and the judge's best."""
    cards = Hand(parse_cards(six))
    position = ThrowPosition(cards, True, scores)
    lesson_12 = follow(stored_procedures()[0], position, position.choices)
    lesson_14 = follow(board_procedures()[0], position, position.choices)
    verdict = _judged(cards, frozenset(lesson_12), scores)
    chance = {frozenset(o.discard): o.chance for o in verdict.options}
    best = verdict.options[0]
    for words, thrown in (("lesson 12's count", lesson_12), ("the board's rule", lesson_14),
                          ("the judge's best", best.discard)):
        kept = Hand(c for c in cards if c not in thrown)
        print(f"{words:<18} throws {thrown.symbols:<8} keeps {kept.symbols:<12} chance to win "
              f"{chance[frozenset(thrown)]:.0%}")


def board_throw_exercise(number: int, six: Cards, *, scores: tuple[int, int],
                         question: str, why: str) -> Exercise:
    """Which two does the dealer throw, near home? Every throw the coach's judge grades
    good (within its margin of the best chance to win) is right; any other is told the
    judge's sentence; ``why`` (the rule the numbers show) follows."""
    cards = Hand(parse_cards(six))
    verdicts = {frozenset(t): _judged(cards, frozenset(t), scores)
                for t in ThrowPosition(cards, True, scores).choices}
    good = frozenset(t for t, v in verdicts.items() if v.grade is Grade.GOOD)
    best = next(iter(verdicts.values())).options[0]

    def names(throw: frozenset[Card]) -> str:
        return Hand(sorted(throw)).symbols

    def form(guess: frozenset[Card]) -> str | None:
        if len(guess) != 2 or not guess <= frozenset(cards):
            return "name two of your six cards, such as \"" + " ".join(
                str(c) for c in cards[:2]) + "\""
        return None

    def miss(guess: frozenset[Card]) -> str | None:
        if form(guess) is not None or guess in good:
            return None
        return f"{verdicts[guess].sentence}. {why}"

    def right(guess: frozenset[Card]) -> str:
        return (f"right! Throwing {names(guess)} is within the judge's margin of the best "
                f"chance to win ({best.chance:.0%}, throwing {best.discard.symbols}). {why}")

    def solution() -> None:
        print_board_throw(six, scores)
        print(why)

    return Exercise(
        number, answer=frozenset(best.discard), read=as_cards, accept=lambda g: g in good,
        misses=miss, right=right, form=form, solution=solution,
        answer_words=" or ".join(names(t) for t in sorted(good, key=names))
        + " (within the judge's margin of the best)",
        explain=lambda guess: "name the two cards you throw",
        question=question_html(question, ("your six cards", cards)))


def print_board_figures() -> None:
    """For the appendix: the throw's rule with its 95% intervals, on all the positions
    and on the held-out games; the grid it was chosen from; each rule tried in the play."""
    throw, play = board()["throw"], board()["play"]

    def span(figure: list[float]) -> str:
        return (f"{games(figure[0]):.2f} ({games(figure[1]):.2f} to "
                f"{games(figure[2]):.2f})")

    print(f"the throw: {throw['positions']:,} sixes near home, games in 100 lost to the "
          f"judge (95% interval)")
    print(f"  lesson 12's count alone     {span(throw['lost_before'])}")
    print(f"  with the board's rule first {span(throw['lost_after'])}")
    for label, part in (("all the games", throw["where_it_applies"]),
                        ("the odd games (held out)", throw["held_out"])):
        print(f"  where the rule applies, {label}: {part['applies']} sixes, it changes "
              f"{part['changes']}; lost {games(part['lost_before'][0]):.2f} before, "
              f"{games(part['lost_after'][0]):.2f} after; gain {span(part['gain'])}")
    withins = sorted({g["within"] for g in throw["grid"] if g["within"] is not None})
    print("  the grid (chosen on the even games: games in 100 lost a deal near home),")
    print("  by what the dealer needs at most (down) and what pone needs at most (across):")
    print("              any" + "".join(f"{w:>6}" for w in withins))
    for most in sorted({g["most"] for g in throw["grid"]}):
        row = {g["within"]: g["train_lost"] for g in throw["grid"] if g["most"] == most}
        print(f"    {most:>5}  {games(row[None]):>7.3f}"
              + "".join(f"{games(row[w]):>6.3f}" for w in withins))
    for tried in throw["tried"]:
        print(f"  tried: {tried['rule']}: applies {tried['applies']}, changes "
              f"{tried['changes']}, gain {span(tried['gain'])}")
    print(f"the play: {play['positions']:,} cards near home; lesson 13's rules lose "
          f"{span(play['lost'])} games in 100")
    for tried in play["tried"]:
        gain = span(tried["gain"]) if "gain" in tried else "  (too few)"
        print(f"  {tried['rule']}: applies {tried['applies']}, changes {tried['changes']}, "
              f"gain {gain}")
