"""The family of errors the engine raises.

Every error is a :class:`ValueError`, so ``except ValueError`` catches them all,
and every message quotes the input and the state it was judged in. An action
that raises has changed nothing. They are known by their short public names
(``cribbage_edu.IllegalPlayError``), wherever they are defined, so a traceback reads the
name a learner imports.

>>> from cribbage_edu import Card
>>> Card.parse("1X")
Traceback (most recent call last):
  ...
cribbage_edu.CardParseError: cannot read '1X' as a card: unknown rank '1'
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "CribbageError",
    "IllegalActionError",
    "IllegalHandError",
    "IllegalPlayError",
    "OutOfTurnError",
    "SaveFileError",
]


class CribbageError(ValueError):
    """The base of every error cribbage-edu raises on purpose."""


class CardParseError(CribbageError):
    """Text that does not name a card, such as ``'1X'`` or ``'11H'``."""


class IllegalHandError(CribbageError):
    """A hand that cannot exist: a repeated card, the wrong number of cards."""


class IllegalActionError(CribbageError):
    """An action the rules do not allow in the current state."""


class IllegalPlayError(IllegalActionError):
    """A card that may not be played: not held, past 31, after the play ended."""


class OutOfTurnError(IllegalActionError):
    """An action by the wrong player, or in the wrong phase of the deal."""


class SaveFileError(CribbageError):
    """A saved game that is corrupt, truncated, tampered with or of an unknown version."""


for _error in (CribbageError, CardParseError, IllegalHandError, IllegalActionError,
               IllegalPlayError, OutOfTurnError, SaveFileError):
    _error.__module__ = "cribbage_edu"  # re-exported there: the name a learner imports
