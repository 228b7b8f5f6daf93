"""How the lessons' exercises check an answer, explain a miss and give a second try.

Each exercise knows its right answer (computed by the engine in the lesson, never typed
in), what a wrong answer reveals (``misses``: the common wrong answers, each with the
rule it breaks), a general hint for any other wrong answer (``explain``), and a worked
solution. The first wrong answer gets the explanation and a second try; the second gets
the explanation and then the worked answer:

>>> ex = Exercise(1, answer=14, misses={16: "you counted the pair twice"},
...               explain=lambda guess: "count the runs again",
...               solution="fifteen two, fifteen four, fifteen six, a pair is eight, ...")
>>> ex.check(...)
Exercise 1: write your answer in place of ... and run the cell again.
>>> ex.check(16)
Exercise 1: not yet. You said 16, which is too high. You counted the pair twice.
Try again: change your answer and run the cell again.
>>> ex.check(12)
Exercise 1: not yet. You said 12, which is too low. Count the runs again.
The answer is 14.
fifteen two, fifteen four, fifteen six, a pair is eight, ...
>>> ex.check("14")
Exercise 1: right! 14.

A decimal counts for an exact fraction when it is within 0.005 of it and within 5% of it
(so 0 is not "close enough" to a small probability):

>>> from fractions import Fraction
>>> odds = Exercise(2, answer=Fraction(1, 221))
>>> odds.check(0.0045)
Exercise 2: right! 0.0045. Exactly, that is 1/221 (about 0.00452).
>>> odds.check("4/884")
Exercise 2: right! 1/221 (about 0.00452).

Everything prints plain, deterministic text, so stored outputs compare equal under
strict nbval.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from html import escape
from numbers import Real
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cribbage_edu import Card

__all__ = ["Exercise", "as_card", "as_cards", "as_numbers", "as_word", "as_words"]

TRY_AGAIN = "Try again: change your answer and run the cell again."
NOT_ANSWERED = "not answered"
"""What :meth:`Exercise.grade` says of an answer left as ``...``."""


def as_cards(cards: Any) -> frozenset[Card]:
    """Read cards given as text (``"5H 5C"``), a Card, or a list of either, as a set,
    so the order a learner writes them in does not matter.

    >>> as_cards("5h 5c") == as_cards(["5C", "5H"])
    True
    >>> as_cards("")
    frozenset()
    """
    from cribbage_edu import parse_cards

    if isinstance(cards, str) and not cards.strip():
        return frozenset()
    return frozenset(parse_cards(cards))


def as_card(card: Any) -> Card:
    """Read one card (``"5H"``, ``"5♥"`` or a Card).

    >>> str(as_card(" 10h "))
    '10H'
    """
    from cribbage_edu import Card

    if isinstance(card, Card):
        return card
    return Card.parse(str(card).strip())


def as_word(guess: Any) -> str:
    """Read a one-word answer, forgiving case, spaces and quotes.

    >>> as_word(" Pone ")
    'pone'
    """
    return str(guess).strip().strip("'\"").strip().lower()


def as_words(guess: Any) -> frozenset[str]:
    """Read several words or symbols (``"3 K"``, ``"3, k"``) as a set, upper case.

    >>> sorted(as_words("3, k"))
    ['3', 'K']
    """
    return frozenset(str(guess).upper().replace(",", " ").split())


def as_numbers(guess: Any) -> tuple[int, ...]:
    """Read whole numbers given as a tuple or list (``(11, 20)``) or as text (``"11, 20"``,
    ``"(11, 20)"``) as a tuple, in the order written.

    >>> as_numbers([11, 20]), as_numbers(" (11, 20) ")
    ((11, 20), (11, 20))
    >>> as_numbers(11)
    Traceback (most recent call last):
    ...
    ValueError: write the numbers in brackets, separated by a comma, such as (1, 2)
    """
    if isinstance(guess, str):
        parts = guess.strip().strip("()[]").replace(",", " ").split()
    elif isinstance(guess, (tuple, list)):
        parts = list(guess)
    else:
        parts = []
    try:
        numbers = tuple(int(part) for part in parts)
    except (TypeError, ValueError):
        numbers = ()
    if not numbers or any(isinstance(part, bool) or (isinstance(part, float) and
                                                     not part.is_integer()) for part in parts):
        raise ValueError("write the numbers in brackets, separated by a comma, such as (1, 2)")
    return numbers


class Exercise:
    """One exercise.

    ``answer`` is the right answer; ``read`` turns a guess into something comparable
    with it (for example :func:`as_cards`); a number within ``tolerance`` of a numeric
    answer counts as right. ``misses`` maps common wrong answers (as read) to what each
    reveals, or is a function returning that text (or None); ``explain(guess)`` is the
    hint for any other wrong answer. ``solution`` (text, or a function that shows the
    working) comes after the second wrong answer, or when asked for with
    :meth:`solution`; ``praise`` (text or a function) follows a right answer.
    ``question`` is HTML shown when the exercise itself is displayed (the cards it is
    about). ``accept(guess)``, when given, says which answers count as right (several
    may: cards the judge cannot tell apart); ``answer`` is then the one shown, or
    ``answer_words`` when given (``"any of 7♣ 8♦ (within the judge's margin)"``), and
    ``right(guess)``, when given, is what a right answer is told after the exercise's
    name (``"good! 8♦ is within the judge's margin"``). ``name``
    is what its messages begin with (``Exercise 5`` unless given, as for a practice
    question that is no exercise).

    An answer that is not of the form asked for (text where a number is asked, a word
    that is not one of the ``choices``, or what ``form(guess)`` rejects, with its reason)
    is told so and does not use up a try:

    >>> who = Exercise(5, answer="pone", read=as_word, misses={"dealer": "pone leads"})
    >>> who.check("the dealer")  # doctest: +ELLIPSIS
    Exercise 5: answer with one of: "dealer", "pone", in quotes (a word typed without them, ...
    >>> who.check("dealer")
    Exercise 5: not yet. You said dealer. Pone leads.
    Try again: change your answer and run the cell again.
    """

    def __init__(self, number: int, answer: Any, *,
                 explain: Callable[[Any], str] | None = None,
                 misses: Mapping[Any, str] | Callable[[Any], str | None] | None = None,
                 solution: str | Callable[[], object] | None = None,
                 praise: str | Callable[[], object] | None = None,
                 read: Callable[[Any], Any] | None = None,
                 tolerance: float = 0.0,
                 question: str = "",
                 choices: Iterable[Any] | None = None,
                 form: Callable[[Any], str | None] | None = None,
                 accept: Callable[[Any], bool] | None = None,
                 right: Callable[[Any], str] | None = None,
                 answer_words: str = "",
                 name: str = "") -> None:
        self.number = number
        self.name = name or f"Exercise {number}"
        self.answer = answer
        self.tolerance = tolerance
        self.question = question
        self._explain = explain
        self._misses = misses
        self._solution = solution
        self._praise = praise
        self._read = read
        self._form = form
        self._accept = accept
        self._right = right
        self._answer_words = answer_words
        if choices is None and isinstance(answer, str) and isinstance(misses, Mapping):
            choices = [answer, *(key for key in misses if isinstance(key, str))]
        self.choices = None if choices is None else sorted(set(choices), key=str)
        self.wrong_tries = 0

    def __repr__(self) -> str:
        return self.name

    def _repr_html_(self) -> str:
        return self.question or f"<b>{escape(self.name)}</b>"

    def reset(self) -> None:
        """Forget earlier tries (the next wrong answer is a first try again)."""
        self.wrong_tries = 0

    def _is_right(self, guess: Any) -> bool:
        if self._accept is not None:
            return self._accept(guess)
        if self.tolerance and _is_real(guess) and _is_real(self.answer):
            return abs(float(guess) - float(self.answer)) <= self.tolerance + 1e-12
        if isinstance(self.answer, Fraction) and isinstance(guess, float):
            gap = abs(guess - float(self.answer))
            return gap < 0.005 and gap <= 0.05 * abs(float(self.answer))
        return bool(guess == self.answer)

    def _why(self, guess: Any) -> str:
        """What this wrong answer reveals, in the words of the rule."""
        reason: str | None = None
        if callable(self._misses):
            reason = self._misses(guess)
        elif self._misses is not None:
            try:
                reason = self._misses.get(guess)
            except TypeError:  # an unhashable guess
                reason = None
        if reason is None and self._explain is not None:
            reason = self._explain(guess)
        if not reason:
            return ""
        reason = reason[0].upper() + reason[1:]
        return reason if reason.endswith((".", "?", "!")) else reason + "."

    def _judge(self, guess: Any) -> tuple[str, str]:
        """What ``guess`` is (``"right"``, ``"wrong"``, or ``"not an answer"``: blank,
        unreadable or of the wrong form) and the first thing :meth:`check` says of it."""
        head = f"{self.name}:"
        if guess is ...:
            return "not an answer", (f"{head} write your answer in place of ... and run the "
                                     "cell again.")
        if self._read is not None:
            try:
                guess = self._read(guess)
            except ValueError as exc:
                return "not an answer", (f"{head} I could not read your answer: "
                                         f"{str(exc).rstrip('.')}. That did not count as a try.")
        elif isinstance(guess, str) and _is_real(self.answer):
            guess = _as_number(guess)
        problem = self._form_problem(guess)
        if problem:
            return "not an answer", f"{head} {problem}. That did not count as a try."
        if self._is_right(guess):
            if self._right is not None:
                return "right", f"{head} {self._right(guess)}"
            exact = (f" Exactly, that is {_show(self.answer)}."
                     if guess != self.answer and _is_real(self.answer) else "")
            return "right", f"{head} right! {_show(guess)}.{exact}"
        message = f"{head} not yet. You said {_show(guess)}"
        if _is_real(self.answer) and _is_real(guess):
            message += ", which is too " + ("high" if guess > self.answer else "low")
        message += "."
        why = self._why(guess)
        return "wrong", f"{message} {why}" if why else message

    def check(self, guess: Any) -> None:
        """Say whether ``guess`` is right; if not, what it misses, and give a second try."""
        kind, message = self._judge(guess)
        if kind != "wrong":
            print(message)
            if kind == "right":
                _say(self._praise)
            return
        self.wrong_tries += 1
        if self.wrong_tries < 2:
            print(f"{message}\n{TRY_AGAIN}")
            return
        print(f"{message}\nThe answer is {self._answer_words or _show(self.answer)}.")
        _say(self._solution)

    def grade(self, guess: Any) -> None:
        """Mark ``guess`` for a grader (the hidden test of an nbgrader assignment): nothing
        when it is right, else ``AssertionError`` with the reason :meth:`check` gives, so
        a wrong answer is marked wrong for the lesson's reason. Uses up no try.

        >>> ex = Exercise(1, answer=14, misses={16: "the pair counted twice"})
        >>> ex.grade(14)
        >>> ex.grade(16)
        Traceback (most recent call last):
        ...
        AssertionError: Exercise 1: not yet. You said 16, which is too high. The pair counted twice.
        >>> ex.grade(...)
        Traceback (most recent call last):
        ...
        AssertionError: Exercise 1: not answered
        """
        from cribbage_edu.classroom.marking import NotPlain  # an answer handed in as code

        if guess is ...:
            raise AssertionError(f"{self.name}: {NOT_ANSWERED}")
        if isinstance(guess, NotPlain):
            raise AssertionError(f"{self.name}: {guess.reason}")
        kind, message = self._judge(guess)
        if kind != "right":
            raise AssertionError(message)

    def _form_problem(self, guess: Any) -> str:
        """Why ``guess`` is not an answer of the form asked for, or "" if it is."""
        if _is_real(self.answer) and not _is_real(guess):
            return (f"you said {_show(guess)}: write a number, such as 12 or "
                    "Fraction(1, 2)")
        if self.choices is not None and guess not in self.choices:
            said = ", ".join(f'"{c}"' for c in self.choices)
            return (f"answer with one of: {said}, in quotes (a word typed without them, "
                    "such as dealer, is read as a name the notebook knows, not as your word)")
        if self._form is not None:
            return self._form(guess) or ""
        return ""

    def solution(self) -> None:
        """Show the worked solution."""
        print(f"Solution to exercise {self.number}: "
              f"{self._answer_words or _show(self.answer)}.")
        _say(self._solution)


def question_html(text: str, *rows: tuple[str, str | Card | Iterable[str | Card]]) -> str:
    """An exercise's question: a line of text and rows of card pictures, each with a
    caption, drawn by the engine's own card pictures.

    >>> html = question_html("Count this hand.", ("hand", "5H 5C"), ("starter", "JD"))
    >>> html.count("cribbage-card"), "Count this hand." in html
    (3, True)
    """
    from cribbage_edu import parse_cards
    from cribbage_edu.render import hand_html

    pictures = "".join(
        f'<div style="display:inline-block;margin-right:18px;vertical-align:top">'
        f"{hand_html(parse_cards(cards), caption=caption)}</div>"
        for caption, cards in rows)
    return f"<div><p>{escape(text)}</p>{pictures}</div>"


def _say(what: str | Callable[[], object] | None) -> None:
    if callable(what):
        what()
    elif what:
        print(what)


def _is_real(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def _as_number(text: str) -> Any:
    """A number typed as text ("14", "2/46", "0.5") as a number; other text unchanged."""
    try:
        number = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        return text
    if number.denominator == 1:
        return int(number)
    return float(number) if "." in text else number


def _show(value: Any) -> str:
    """A short, deterministic text for an answer (sets are sorted, fractions also shown
    as decimals)."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value} (about {float(value):.3g})"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, (set, frozenset, tuple, list)) and not value:
        return "nothing"
    if isinstance(value, (set, frozenset)):
        return " ".join(_one(v) for v in sorted(value, key=_order))
    if isinstance(value, tuple) and all(_is_real(v) for v in value):
        return "(" + ", ".join(str(v) for v in value) + ")"
    if isinstance(value, Iterable) and not isinstance(value, str):
        return " ".join(_one(v) for v in value)
    return _one(value)


def _one(value: Any) -> str:
    """A card as its symbol (5♥), anything else as its text."""
    symbol = getattr(value, "symbol", None)
    return symbol if isinstance(symbol, str) and hasattr(value, "suit") else str(value)


def _order(value: Any) -> Any:
    """Sort cards as cards, words as words, mixed things by their text."""
    return (type(value).__name__, value if hasattr(value, "rank") else str(value))
