"""Every position in the play that a lesson states can happen at a table.

Each entry quotes the lesson's words, then says the same position as the engine would
replay it: the cards laid in order (and every go), the cards a player holds (or how many,
when the lesson does not say which), who is to act and the count. ``lessons/positions.py``
replays it in the engine's ``Play`` and refuses a position no deal reaches (the dealer
leading the first series, a player holding too many or too few cards, an impossible
turn). Where a lesson leaves the earlier cards unsaid ("the count is 26"), the entry
gives one way to reach it, marked "a witness". The quote must be in the lesson, so a
change of wording there brings the lesson back here to be checked again.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
sys.path.insert(0, str(LESSONS))
from positions import rebuild  # type: ignore[import-not-found]  # noqa: E402

sys.path.remove(str(LESSONS))

P, D = "pone", "dealer"

# (lesson, words of the lesson, cards laid, holds, who acts, count)
POSITIONS: list[tuple[str, str, list[tuple[str, str]], dict[str, Any], str, int]] = [
    ("05", "Pone\nholds 4♣ 9♦ K♠ 2♥ and the dealer 8♠ 10♥ 7♣ 8♦",
     [(P, "4C"), (D, "8S"), (P, "9D")], {P: "KS 2H", D: "10H 7C 8D"}, D, 21),
    ("05", "The dealer still holds 7♦ 8♣ 6♥",
     [(P, "KC"), (D, "KS"), (P, "4H")], {P: 2, D: "7D 8C 6H"}, D, 24),
    ("06", "Here the dealer, at a count of 29, holds nothing small enough",
     [(P, "KH"), (D, "QD"), (P, "9S")], {P: "7C 4D", D: "8C 6H 5S"}, D, 29),
    ("06", "At a count of 24 a player holding 7♦ 8♣ 9♠",
     [(P, "KC"), (D, "KS"), (P, "4H")], {P: 2, D: "7D 8C 9S"}, D, 24),
    # a witness: two cards of pone's and one of the dealer's make 26
    ("06", "The count is 26. You hold 6♣ 9♦ 5♥",
     [(P, "10S"), (D, "6S"), (P, "10H")], {P: 2, D: "6C 9D 5H"}, D, 26),
    ("06", "The count is 25 and it is your turn. You hold 8♣ 9♦ 7♥",
     [(P, "KS"), (D, "5C"), (P, "QH")], {P: 2, D: "8C 9D 7H"}, D, 25),
    ("06", "The dealer holds 9♣ 8♥ 6♠ and says go. Pone still holds 4♣ 9♦",
     [(P, "10H"), (D, "JD"), (P, "7S")], {P: "4C 9D", D: "9C 8H 6S"}, D, 27),
    ("06", "Here the dealer says go at 25, and pone's second five pairs",
     [(P, "KH"), (D, "QD"), (P, "5S")], {P: "5D 2C", D: "9C 8H 7S"}, D, 25),
    ("06", "the dealer makes 31\nwith the 10♥; pone leads the 10♠ after the reset",
     [(P, "4C"), (D, "8S"), (P, "9D"), (D, "10H")], {P: "10S 2H", D: "7C 8D"}, P, 0),
    ("06", "The count is 24 and the dealer, holding only ten-cards, says go",
     [(P, "9S"), (D, "8D"), (P, "7H")], {P: 2, D: "10C QS JH"}, D, 24),
    ("06", "pone leads the K♠. How many\npoints does the K♠ score",
     [(P, "9D"), (D, "2S"), (P, "10C"), (D, "KD")], {P: "KS 3H", D: 2}, P, 0),
    ("06", "The count goes back to zero and pone leads the 5♣",
     [(P, "KH"), (D, "7C"), (P, "6D"), (D, "8S")], {P: "5C 2S", D: 2}, P, 0),
    ("06", "The\ndealer, holding Q♠ 7♣ 8♦, says go",
     [(P, "9S"), (D, "KD"), (P, "8H")], {P: 2, D: "QS 7C 8D"}, D, 27),
    ("13", "You are pone and lead. You hold A♠ 2♠ 9♠ 10♠ (you threw 7♦ K♥); the starter "
           "is the 3♣",
     [], {P: "AS 2S 9S 10S", D: 4}, P, 0),
    ("13", "You are pone and lead from A♣ 10♥ K♦ K♠ (you threw 9♣ Q♦); the starter is "
           "the 3♦",
     [], {P: "AC 10H KD KS", D: 4}, P, 0),
    ("13", "You are pone and lead from 7♣ 8♦ A♦ K♦ (you threw 9♠ Q♣); the starter is "
           "the 6♥",
     [], {P: "7C 8D AD KD", D: 4}, P, 0),
    ("13", "A♦ 6♥ 8♠ Q♥ (the K♥ turned, you threw 2♣ Q♠)", [], {P: "AD 6H 8S QH", D: 4}, P, 0),
    ("13", "The dealer's choices with 7♣ 9♦ K♠ Q♥ against a\n7♥ lead",
     [(P, "7H")], {P: 3, D: "7C 9D KS QH"}, D, 7),
    ("13", "Pone led the 6♥; the starter is the 2♦. You are the dealer and hold\n7♣ 8♦ K♠ 3♥",
     [(P, "6H")], {P: 3, D: "7C 8D KS 3H"}, D, 6),
    ("13", "Pone led the 8♥, the dealer laid\nthe 7♣ (fifteen), and pone holds the 6♠, "
           "the K♦ and the 2♣",
     [(P, "8H"), (D, "7C")], {P: "6S KD 2C", D: 3}, P, 15),
    ("13", "Pone led the K♥ (10); the starter is the 2♦. You are the dealer and hold 5♣ 10♦\n"
           "4♠ 9♣",
     [(P, "KH")], {P: 3, D: "5C 10D 4S 9C"}, D, 10),
    ("13", "The count is 21: pone led the 10♠, you laid the 5♥ for fifteen, pone laid the\n"
           "6♣; the starter is the 2♦. You hold 4♦ 9♠ 2♥",
     [(P, "10S"), (D, "5H"), (P, "6C")], {P: 2, D: "4D 9S 2H"}, D, 21),
    ("13", "You are the dealer on 119 and need 2 (the J♥ was turned: his heels took you\n"
           "from 117 to 119); pone, on 110, led the 6♦. You hold 3♦ 3♠ 7♦ 8♠",
     [(P, "6D")], {P: 3, D: "3D 3S 7D 8S"}, D, 6),
    ("13", "You are pone and lead from 6♣ 9♦ 10♠ Q♥ (you threw K♣ 7♠); the starter is "
           "the A♥",
     [], {P: "6C 9D 10S QH", D: 4}, P, 0),
    ("13", "Now you hold 9♣ 9♦ 3♠ Q♠ (you threw K♣ 8♦); the starter is the 7♥", [],
     {P: "9C 9D 3S QS", D: 4}, P, 0),
    # the same lead with the 10♠ in place of the 3♠
    ("13", "the second with the 10♠ in place of the 3♠", [], {P: "9C 9D 10S QS", D: 4}, P, 0),
    ("13", "You kept A♦ 5♠ 10♣ K♦ and threw 8♥ 7♠ to your crib; the\n"
           "starter is the 9♠. Pone, who plays like an expert, led the A♥",
     [(P, "AH")], {P: 3, D: "AD 5S 10C KD"}, D, 1),
    ("13", "Pone led the 6♦; the starter is the Q♥. You are the dealer and hold 6♣ 9♠ K♦\n2♥",
     [(P, "6D")], {P: 3, D: "6C 9S KD 2H"}, D, 6),
    ("13", "pone led the 4♦; the starter is the Q♥. You are the dealer and hold\n4♣ J♠ 9♦ 2♥",
     [(P, "4D")], {P: 3, D: "4C JS 9D 2H"}, D, 4),
    ("13", "Pone led the 4♦, you laid the Q♥, she laid the 6♣: the count is 20. You are the\n"
           "dealer and hold 2♣ 5♠ K♠",
     [(P, "4D"), (D, "QH"), (P, "6C")], {P: 2, D: "2C 5S KS"}, D, 20),
    ("14", "pone, on 100, led the 6♠. You hold 6♦\n8♥ K♣ 2♣",
     [(P, "6S")], {P: 3, D: "6D 8H KC 2C"}, D, 6),
    ("14", "pone led the 6♠ and you, the dealer, hold 6♦ 8♥ K♣ 2♣ (you threw\n9♠ 3♦), the Q♦ "
           "turned",
     [(P, "6S")], {P: 3, D: "6D 8H KC 2C"}, D, 6),
    ("14", "Pone has 113 and holds 2♣ 3♦ 4♥ 5♠ (she threw 9♣ K♦) with the 8♠ turned",
     [], {P: "2C 3D 4H 5S", D: 4}, P, 0),
]


def lesson_text(number: str) -> str:
    path = next(LESSONS.glob(f"{number}_*.ipynb"))
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


@pytest.mark.parametrize(("lesson", "words", "laid", "holds", "acts", "count"), POSITIONS,
                         ids=[f"{p[0]}: {p[1][:40]}" for p in POSITIONS])
def test_every_stated_position_is_reachable(lesson: str, words: str,
                                            laid: list[tuple[str, str]],
                                            holds: dict[str, Any], acts: str,
                                            count: int) -> None:
    assert words in lesson_text(lesson), f"lesson {lesson} no longer says {words!r}"
    spot = rebuild(laid, holds=holds, to_play=acts)
    assert (spot.to_play, spot.count) == (acts, count)
    for who, held in holds.items():
        n = held if isinstance(held, int) else len(held.split())
        assert len(spot.holding(who)) == n


@pytest.mark.parametrize(("laid", "holds", "why"), [
    # lesson 13's first edition: the dealer led the K♥, pone to answer
    ([(D, "KH")], {P: "5C 10D 4S", D: 3}, "pone leads the first series"),
    # the dealer with three cards after only pone's lead
    ([(P, "6H")], {P: 3, D: "7C 8D KS"}, "the dealer holds 4 cards there, not 3"),
    # pone with two cards after one lead
    ([(P, "8H"), (D, "7C")], {P: "6S KD", D: 3}, "pone holds 3 cards there, not 2"),
    # a go while a card fits: 24 + 7 = 31
    ([(P, "KC"), (D, "KS"), (P, "4H"), (D, "go")], {P: 2, D: "7D 8C 9S"}, "cannot say go"),
])
def test_an_impossible_position_is_refused(laid: list[tuple[str, str]],
                                           holds: dict[str, Any], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        rebuild(laid, holds=holds)
