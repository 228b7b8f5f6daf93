"""The one place where numbers and flags given to the engine are checked.

A learner's code, a widget, the command line and a save file all hand the engine
plain values: a seat, a score, a number of games, a flag. Each is checked here, the
same way everywhere: whole numbers may be Python ints or numpy integers (converted to
``int``); ``True``, ``1.0``, ``"1"`` and anything else are refused with an error that
quotes the value and says what was expected. Nothing is coerced.

>>> import numpy as np
>>> seat(np.int64(1)), whole_number(np.uint8(7), "a score", 0, 120)
(1, 7)
>>> seat(1.0)
Traceback (most recent call last):
  ...
cribbage_edu.IllegalActionError: there is no player 1.0: a seat is a whole number, 0 or 1
"""

from __future__ import annotations

import operator
from collections.abc import Hashable, Sequence

from .errors import IllegalActionError, IllegalHandError, OutOfTurnError

__all__ = ["MAX_DIGITS", "SEATS", "apart", "flag", "is_number", "no_card_twice", "seat",
           "two_names", "two_scores", "typed_points", "whole_number"]

SEATS = (0, 1)
"""The two seats at the table. Every part of the engine numbers players this way:
the game, the play, the board and the players' views (pone and dealer are roles
that move between the seats each deal)."""


def _is_numpy_bool(value: object) -> bool:
    kind = type(value)
    return kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")


def _as_int(value: object) -> int | None:
    if isinstance(value, bool) or _is_numpy_bool(value):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def seat(value: object, what: str = "player") -> int:
    """``value`` as a seat number, 0 or 1 (an int or a numpy integer). A value that is
    not a whole number (``1.0``, ``"0"``, ``True``) is a bad argument,
    ``IllegalActionError``; a whole number that is no seat (``2``) names a player who is
    not at the table, ``OutOfTurnError``.

    >>> seat(0), seat(1)
    (0, 1)
    >>> seat("0", "first_dealer")
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: there is no first_dealer '0': a seat is a whole number, 0 or 1
    >>> seat(2)
    Traceback (most recent call last):
      ...
    cribbage_edu.OutOfTurnError: there is no player 2: players are 0 and 1
    """
    number = _as_int(value)
    if number is None:
        raise IllegalActionError(f"there is no {what} {value!r}: a seat is a whole number, "
                                 f"0 or 1")
    if number not in SEATS:
        raise OutOfTurnError(f"there is no {what} {value!r}: players are 0 and 1")
    return number


def whole_number(value: object, what: str, low: int, high: int | None = None) -> int:
    """``value`` as an int from ``low`` to ``high`` (no upper limit when ``None``): an
    int or a numpy integer, never a bool, a float or text. Else ``IllegalActionError``
    quoting the value.

    >>> whole_number(3, "skunk_value", 1)
    3
    >>> whole_number("2", "skunk_value", 1)
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: skunk_value must be a whole number from 1 up, not '2'
    """
    number = _as_int(value)
    if number is None or number < low or (high is not None and number > high):
        span = f"from {low} up" if high is None else f"from {low} to {high}"
        raise IllegalActionError(f"{what} must be a whole number {span}, not {value!r}")
    return number


MAX_DIGITS = 3
"""No number of points in cribbage needs more than three digits (a game ends at 121)."""


def typed_points(text: str, what: str = "points", example: int = 8) -> int:
    """Points a person typed (in a widget's box or at the terminal), read the one way
    both read them: only the digits 0-9 count, so a superscript ``²`` (beside ``1`` on
    a French keyboard) or a digit of another script is named as not a number, and a
    number longer than any count is refused before it is converted. Anything else
    raises ``IllegalActionError`` with the message to show.

    >>> typed_points(" 12 ")
    12
    >>> typed_points("²")
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: '²' is not a number of points: type digits, like 8
    >>> typed_points("")
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: type the points first, like 8
    """
    text = text.strip()
    if not text:
        raise IllegalActionError(f"type the {what} first, like {example}")
    shown = text if len(text) <= 12 else text[:8] + "…"
    if not is_number(text):
        raise IllegalActionError(f"{shown!r} is not a number of points: type digits, like "
                                 f"{example}")
    if len(text) > MAX_DIGITS:
        raise IllegalActionError(f"{shown!r} is too long for a number of points: type at "
                                 f"most {MAX_DIGITS} digits")
    return int(text)


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number written in the digits 0-9 and nothing else (not
    ``²``, not ``1_0``, not ``+2``, not another script's digits, not empty): the one test
    of typed digits, for answers, counts of points and command-line numbers.

    >>> is_number("12"), is_number("²"), is_number("1_0"), is_number("٣"), is_number("")
    (True, False, False, False, False)
    """
    return text.isascii() and text.isdigit()


def flag(value: object, what: str) -> bool:
    """``value`` as a bool: ``True`` or ``False`` (or numpy's), nothing else.

    >>> flag(False, "muggins")
    False
    >>> flag("no", "muggins")
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: muggins is True or False, not 'no'
    """
    if isinstance(value, bool):
        return value
    if _is_numpy_bool(value):
        return bool(value)
    raise IllegalActionError(f"{what} is True or False, not {value!r}")


def two_names(value: object, what: str = "names") -> tuple[str, str]:
    """``value`` as the two players' names, seat 0's first: a list or tuple of two
    texts, else ``IllegalActionError`` quoting it (one name, three, or a bare text
    would otherwise fail later, or name a player by a letter).

    >>> two_names(["Ann", "Bob"])
    ('Ann', 'Bob')
    >>> two_names(("Ann",), "the board's names")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: the board's names must be two names, ...
    """
    if (isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2
            or not all(isinstance(name, str) for name in value)):
        raise IllegalActionError(f"{what} must be two names, one a player, not {value!r}")
    return (value[0], value[1])


def two_scores(value: object, target: int, what: str) -> tuple[int, int]:
    """``value`` as two scores of a game to ``target``: a list or tuple of two whole
    numbers, each from 0 to one under the target (a score on the target has won). Text,
    bytes (``b"ab"`` is no pair of scores 97 and 98), a bool, a float, one number or
    three are refused with ``IllegalActionError`` naming ``what`` and quoting the value.

    >>> two_scores([110, 115], 121, "scores")
    (110, 115)
    >>> two_scores(b"ab", 121, "scores")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: scores must be two whole numbers from 0 to 120 ..., not b'ab'
    """
    if isinstance(value, list | tuple) and len(value) == 2:
        first, second = (_as_int(x) for x in value)
        if (first is not None and second is not None and 0 <= first < target
                and 0 <= second < target):
            return first, second
    raise IllegalActionError(f"{what} must be two whole numbers from 0 to {target - 1} (a "
                             f"game to {target}), not {value!r}")


def no_card_twice(cards: Sequence[Hashable], what: str) -> None:
    """The one check that ``cards`` (named ``what`` in the error) hold no card twice:
    else ``IllegalHandError`` naming the first card seen again.

    >>> from cribbage_edu.rules.cards import Hand
    >>> no_card_twice(Hand("5H 5C"), "the hand")
    >>> no_card_twice(Hand("5H JS 5H"), "the hand")
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalHandError: the hand '5H JS 5H' holds 5H twice
    """
    seen: set[Hashable] = set()
    for card in cards:
        if card in seen:
            held = " ".join(str(c) for c in cards)
            raise IllegalHandError(f"{what} '{held}' holds {card} twice")
        seen.add(card)


def apart(groups: Sequence[tuple[str, Sequence[Hashable]]]) -> None:
    """No card in two of the named ``groups`` (each a name and its cards): else
    ``IllegalHandError`` naming the card and both places.

    >>> from cribbage_edu.rules.cards import Hand
    >>> apart([("the hand", Hand("5H 7D")), ("the pile", Hand("7D"))])
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalHandError: 7D cannot be both in the hand and in the pile
    """
    where: dict[Hashable, str] = {}
    for what, cards in groups:
        for card in cards:
            if card in where:
                raise IllegalHandError(f"{card} cannot be both in {where[card]} and in {what}")
            where[card] = what
