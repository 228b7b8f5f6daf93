"""The table rules of a game: the target, skunks, counting by hand and muggins.

By default a game is won or lost: a win counts one game, and a skunk is named in the
result but counts nothing more. ``skunk=True`` counts skunks by a common house convention: a
skunk two games, a double skunk three (some tables four). :meth:`GameOptions.tournament`
gives the American Cribbage Congress's tournament scoring instead: a win is 2 game points, a
skunk 3, and a double skunk no more than a skunk (3). The tournament's game points are not
the default: they score a match (games to 121 added up) and the engine plays one game at a
time, the short game to 61 has none, and a learner at home or a class plays a game to win it;
a match chooses :meth:`GameOptions.tournament`. (A save file carries its options, so a file
plays back under the rules it was saved with, whatever the default.)

Under the tournament rules muggins, where the director plays it, covers points missed
in the play as well as in the show; the engine's muggins judges the claims of the show, and
of the play when ``claim_play`` is on. His heels is never mugged: the engine pegs it for the
dealer at once, a simplification of the tournament rule that he loses it if he has not
pegged it before his first card.

:class:`GameOptions` is a frozen value, checked when it is made: every field is what
it says (a flag is ``True`` or ``False``, a number of games a whole number), never
coerced from text or a float. A save file writes it with :meth:`GameOptions.to_dict`
and reads it back with :meth:`GameOptions.from_dict`, which is as strict.

>>> options = GameOptions(target=61, skunk=True)
>>> options.skunk_lines, options.games_for_skunk
((31, 1), (2, 3))
>>> GameOptions.from_dict(options.to_dict()) == options
True
>>> GameOptions.tournament().games_for_win, GameOptions.tournament().games_for_skunk
(2, (3, 3))
>>> GameOptions(skunk_value=2.5)
Traceback (most recent call last):
  ...
cribbage_edu.IllegalActionError: skunk_value must be a whole number from 1 to 10, not 2.5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from .board import GAME_HOLE, SHORT_GAME_HOLE, skunk_lines
from .checks import flag, whole_number
from .errors import IllegalActionError

__all__ = ["MAX_GAMES_FOR_A_SKUNK", "TARGETS", "GameOptions", "game_target", "manual_flags"]

TARGETS = (GAME_HOLE, SHORT_GAME_HOLE)
"""The game hole of the standard game and of the short game."""


def game_target(value: object) -> int:
    """The one check of a game's target: 121 or 61, as an int (or a numpy integer), never
    a bool, a float or text; else ``IllegalActionError`` quoting the value. (It lives
    beside :data:`TARGETS`: :mod:`.checks` sits below the board that holds the game holes.)

    >>> game_target(61)
    61
    >>> game_target(100)
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: a game's target is 121 or 61, not 100
    """
    try:
        number: int | None = whole_number(value, "target", 0)
    except IllegalActionError:
        number = None
    if number not in TARGETS:
        raise IllegalActionError(f"a game's target is {GAME_HOLE} or {SHORT_GAME_HOLE}, not "
                                 f"{value!r}")
    assert number is not None
    return number

MAX_GAMES_FOR_A_SKUNK = 10
"""The most games a skunk may be agreed to count for (tables use 2, 3 or 4)."""


def manual_flags(value: object, name: str = "manual_count") -> tuple[bool, bool]:
    """Who counts by hand (or, for ``name="claim_play"``, who pegs the play by hand): one
    flag for both players, or one per player.

    >>> manual_flags(True), manual_flags([False, True])
    ((True, True), (False, True))
    >>> manual_flags("no", "claim_play")
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: claim_play is True, False or one flag per player, not 'no'
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, (bool, Sequence)):
        try:
            both = flag(value, name)
        except IllegalActionError:
            raise IllegalActionError(
                f"{name} is True, False or one flag per player, not {value!r}") from None
        return both, both
    if isinstance(value, bool):
        return value, value
    if len(value) != 2:
        raise IllegalActionError(
            f"{name} takes one flag per player, two in all, not {value!r}")
    return flag(value[0], name), flag(value[1], name)


@dataclass(frozen=True, slots=True)
class GameOptions:
    """The table rules of a game.

    ``target``: 121 (standard) or 61 (short game). ``skunk``: count a skunk as
    ``skunk_value`` games and a double skunk as ``double_skunk_value`` (the result
    always says whether the loser was skunked); a win without a skunk counts
    ``win_value`` (1 by the house convention; the tournament's 2 game points in
    :meth:`tournament`). ``manual_count``: per player, whether
    they count their own hands with ``Game.claim``. ``muggins``: points a player
    fails to claim go to the opponent (only with manual counting or claimed play).
    ``claim_play``: per player, whether they peg their own play points by hand, saying
    the points of each card they lay and of the go (``Game.peg``); with muggins the
    points they miss go to the opponent, as the American Cribbage Congress plays it.

    >>> GameOptions(manual_count=True).manual_count
    (True, True)
    """

    target: int = GAME_HOLE
    skunk: bool = False
    skunk_value: int = 2
    double_skunk_value: int = 3
    manual_count: tuple[bool, bool] = (False, False)
    muggins: bool = False
    win_value: int = 1
    claim_play: tuple[bool, bool] = (False, False)

    @classmethod
    def tournament(cls, *, manual_count: bool | Sequence[bool] = False,
                   muggins: bool = False) -> GameOptions:
        """The American Cribbage Congress's scoring of a game to 121: a win is 2 game
        points, a skunk (the loser under 91) 3, a double skunk (under 61) no more than a
        skunk, 3.

        >>> rules = GameOptions.tournament()
        >>> rules.skunk, rules.games_for_win, rules.games_for_skunk, rules.game_unit
        (True, 2, (3, 3), 'game points')
        """
        return cls(target=121, skunk=True, skunk_value=3, double_skunk_value=3,
                   manual_count=manual_flags(manual_count), muggins=muggins, win_value=2)

    def __post_init__(self) -> None:
        checked = {
            "target": game_target(self.target),
            "skunk": flag(self.skunk, "skunk"),
            "skunk_value": whole_number(self.skunk_value, "skunk_value", 1,
                                        MAX_GAMES_FOR_A_SKUNK),
            "double_skunk_value": whole_number(self.double_skunk_value, "double_skunk_value",
                                               1, MAX_GAMES_FOR_A_SKUNK),
            "manual_count": manual_flags(self.manual_count),
            "muggins": flag(self.muggins, "muggins"),
            "win_value": whole_number(self.win_value, "win_value", 1, MAX_GAMES_FOR_A_SKUNK),
            "claim_play": manual_flags(self.claim_play, "claim_play"),
        }
        for name, value in checked.items():
            object.__setattr__(self, name, value)

    @property
    def skunk_lines(self) -> tuple[int, int]:
        """The skunk line and the double skunk line of this game."""
        return skunk_lines(self.target)

    @property
    def games_for_skunk(self) -> tuple[int, int]:
        """What a skunk and a double skunk count for, in games."""
        return self.skunk_value, self.double_skunk_value

    @property
    def games_for_win(self) -> int:
        """What a win without a skunk counts for."""
        return self.win_value

    @property
    def game_unit(self) -> str:
        """What a win is counted in: ``games`` (a win is one), or the tournament's
        ``game points`` (a win is more than one)."""
        return "games" if self.win_value == 1 else "game points"

    def to_dict(self) -> dict[str, Any]:
        """Plain data, ready for JSON."""
        data = {"target": self.target, "skunk": self.skunk, "skunk_value": self.skunk_value,
                "double_skunk_value": self.double_skunk_value,
                "manual_count": list(self.manual_count), "muggins": self.muggins,
                "win_value": self.win_value}
        if any(self.claim_play):  # written only when played: older files stay as they were
            data["claim_play"] = list(self.claim_play)
        return data

    @classmethod
    def from_dict(cls, data: object) -> GameOptions:
        """Read options written by :meth:`to_dict`: exactly those keys, each of its own
        type (``manual_count`` a list of two flags). Anything else raises
        ``IllegalActionError`` naming the option. A file written before ``win_value``
        existed has none: its wins count one game.

        >>> GameOptions.from_dict({"target": "121"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
          ...
        cribbage_edu.IllegalActionError: options lack double_skunk_value, ..., skunk_value
        """
        if not isinstance(data, dict):
            raise IllegalActionError(f"options are a JSON object, not {type(data).__name__}")
        known = [f.name for f in fields(cls)]
        unknown = sorted(str(k)[:40] for k in data if k not in known)
        if unknown:
            more = f" and {len(unknown) - 5:,} more" if len(unknown) > 5 else ""
            raise IllegalActionError(
                f"unknown option {', '.join(map(repr, unknown[:5]))}{more}")
        missing = sorted(k for k in known
                         if k not in data and k not in ("win_value", "claim_play"))
        if missing:
            raise IllegalActionError(f"options lack {', '.join(missing)}")
        manual = data["manual_count"]
        if not isinstance(manual, list) or len(manual) != 2 or not all(
                isinstance(m, bool) for m in manual):
            raise IllegalActionError(
                f"manual_count is a list of two flags (true or false), not {manual!r}")
        win_value = data.get("win_value", 1)
        for name, value in (("target", data["target"]), ("skunk_value", data["skunk_value"]),
                            ("double_skunk_value", data["double_skunk_value"]),
                            ("win_value", win_value)):
            if type(value) is not int:
                raise IllegalActionError(f"{name} must be a whole number, not {value!r}")
        claim = data.get("claim_play", [False, False])
        if not isinstance(claim, list) or len(claim) != 2 or not all(
                isinstance(c, bool) for c in claim):
            raise IllegalActionError(
                f"claim_play is a list of two flags (true or false), not {claim!r}")
        return cls(data["target"], data["skunk"], data["skunk_value"],
                   data["double_skunk_value"], (manual[0], manual[1]), data["muggins"],
                   win_value, (claim[0], claim[1]))

