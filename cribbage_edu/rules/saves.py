"""Saved games on disk: the format, its limits, and every check made before a game is
rebuilt from a file.

A saved game is a small JSON object: the seed, the names, the table rules, the stacked
decks, the actions taken, a record of the state they lead to and a checksum of it all
(see ``Game.to_dict``). Anything a file could hold is checked here first, the same way
for a file, a string pasted into a widget or a dict: the size (capped before anything
is parsed), the encoding (UTF-8, with or without a byte-order mark), the JSON (no
nesting deeper than JSON needs, no number of thousands of digits, no NaN), then every
field, each of its own type, never coerced. Whatever is wrong raises
:class:`~cribbage_edu.rules.errors.SaveFileError` naming the problem.

>>> read_save_text("[" * 100_000)
Traceback (most recent call last):
  ...
cribbage_edu.SaveFileError: the saved game is nested too deeply to be a saved game
>>> check_save(read_save_text('{"format": "cribbage-edu game", "version": 9}'))
Traceback (most recent call last):
  ...
cribbage_edu.SaveFileError: unknown save version 9: this cribbage-edu reads versions 1 to 3
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import CribbageError, SaveFileError
from .options import GameOptions

__all__ = [
    "CLAIMS_LOOKED_AT_AGAIN",
    "MAX_ACTIONS",
    "MAX_SAVE_BYTES",
    "READABLE_VERSIONS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "GameState",
    "SaveBody",
    "check_save",
    "checksum",
    "read_save_file",
    "read_save_text",
    "save_body",
    "save_text",
    "write_save_file",
]

SAVE_FORMAT = "cribbage-edu game"
SAVE_VERSION = 3
"""Version 2 writes the winner's score as the game hole and opens the log of a game
started from given scores with a ``start`` event; version 3 gives a wrong first claim
without muggins a second look (:data:`CLAIMS_LOOKED_AT_AGAIN`). Files of versions 1 and
2 still load, replayed by the rules they were played by."""
READABLE_VERSIONS = (1, 2, SAVE_VERSION)

CLAIMS_LOOKED_AT_AGAIN = 3
"""The first save version whose games give a wrong first claim (without muggins) a
second look, and score a claim that stands as claimed (an over-claim as the cards hold).
Earlier games took every claim at once, an under-claim scoring the true count."""

MAX_SAVE_BYTES = 1_000_000
"""The largest file read as a saved game. A whole game takes about 8 kB; the longest
(random players, 40 deals) well under 100 kB."""
MAX_ACTIONS = 10_000
"""The most actions a saved game may hold (a game takes a few hundred)."""

_FIELDS = ("format", "version", "seed", "first_dealer", "names", "start_scores", "options",
           "decks", "actions", "state", "checksum")
_STATE = ("phase", "deal", "scores", "events")


def checksum(body: dict[str, Any]) -> str:
    """The SHA-256 of a saved game's fields (all but ``checksum``), written canonically:
    a changed byte anywhere is caught.

    >>> checksum({"a": 1}) == checksum({"a": 1}) != checksum({"a": 2})
    True
    """
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _too_large(size: int) -> SaveFileError:
    return SaveFileError(f"the saved game is {size:,} bytes, larger than a saved game can "
                         f"be ({MAX_SAVE_BYTES:,} bytes)")


def _constant(text: str) -> None:
    raise SaveFileError(f"the saved game is not valid JSON: {text} is not a number in JSON")


def read_save_text(text: str | bytes) -> Any:
    """The JSON data of a saved game given as text (or UTF-8 bytes), after the size,
    encoding and JSON checks; a byte-order mark is skipped.

    >>> read_save_text('\\ufeff{"format": "cribbage-edu game"}')["format"]
    'cribbage-edu game'
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SAVE_BYTES:
            raise _too_large(len(text))
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise SaveFileError(f"the saved game is not UTF-8 text ({exc.reason} at byte "
                                f"{exc.start:,})") from None
    elif not isinstance(text, str):
        raise SaveFileError(f"a saved game is text, not {type(text).__name__}")
    elif len(text) > MAX_SAVE_BYTES:
        raise _too_large(len(text))
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise SaveFileError("the saved game is empty")
    try:
        return json.loads(text, parse_constant=_constant)
    except RecursionError:
        raise SaveFileError("the saved game is nested too deeply to be a saved game") from None
    except SaveFileError:
        raise
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"the saved game is not valid JSON: {exc}") from None
    except ValueError:  # Python's limit on the digits of a whole number
        raise SaveFileError("the saved game holds a number too long to be a saved "
                            "game's") from None


def read_save_file(path: str | Path) -> Any:
    """The JSON data of the saved game at ``path``; a file over the size cap is refused
    before it is read.

    >>> read_save_file("no/such/file.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.SaveFileError: cannot read the saved game 'no/such/file.json': ...
    """
    where = Path(path)
    try:
        size = where.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise _too_large(size)
        with where.open("rb") as stream:
            raw = stream.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveFileError(f"cannot read the saved game {str(path)!r}: "
                            f"{exc.strerror or exc}") from None
    return read_save_text(raw)


@dataclass(frozen=True, slots=True)
class SaveBody:
    """The fields of a saved game, each checked for its type: what ``Game.from_dict``
    rebuilds a game from. ``actions`` are still plain objects (the game reads each)."""

    version: int
    seed: int
    first_dealer: int | None
    names: tuple[str, str]
    start_scores: tuple[int, int]
    options: GameOptions
    decks: tuple[str, ...]
    actions: tuple[Any, ...]
    state: dict[str, Any]


def _fail(field: str, value: Any, wanted: str) -> SaveFileError:
    shown = repr(value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return SaveFileError(f"the saved game's {field} must be {wanted}, not {shown}")


def check_save(data: Any) -> SaveBody:
    """Check the data of a saved game: the format, the version, exactly the known
    fields, the checksum, then each field's type. Returns the fields.

    >>> check_save({"format": "cribbage-edu game", "version": 2, "seed": 1})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.SaveFileError: the saved game lacks first_dealer, names, ..., checksum
    """
    version = _check_envelope(data)
    for field, label, fits, wanted in _FIELD_TYPES:
        if not fits(data[field]):
            raise _fail(label, data[field], wanted)
    try:
        options = GameOptions.from_dict(data["options"])
    except CribbageError as exc:
        raise SaveFileError(f"the saved game's options are refused: {exc}") from None
    decks, actions, state = data["decks"], data["actions"], data["state"]
    _check_decks(decks)
    _check_actions(actions)
    if not isinstance(state, dict) or sorted(state) != sorted(_STATE):
        raise _fail("state", state, f"an object of {', '.join(_STATE)}")
    names, scores = data["names"], data["start_scores"]
    return SaveBody(version, data["seed"], data["first_dealer"], (names[0], names[1]),
                    (scores[0], scores[1]), options, tuple(decks), tuple(actions), state)


def _check_envelope(data: Any) -> int:
    """The checks made before any field is read: a JSON object of the format, a version
    this cribbage-edu reads, exactly the known fields, the checksum. Returns the version."""
    if not isinstance(data, dict):
        raise SaveFileError(f"a saved game is a JSON object, not {type(data).__name__}")
    if data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"not a saved cribbage-edu game (format {data.get('format')!r})")
    version = data.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise SaveFileError(f"unknown save version {version!r}: this cribbage-edu reads "
                            f"versions {READABLE_VERSIONS[0]} to {READABLE_VERSIONS[-1]}")
    unknown = [str(k)[:40] for k in data if k not in _FIELDS]
    if unknown:
        more = f" and {len(unknown) - 5:,} more" if len(unknown) > 5 else ""
        raise SaveFileError(f"the saved game has unknown fields: {', '.join(unknown[:5])}"
                            f"{more}")
    missing = [k for k in _FIELDS if k not in data]
    if missing:
        raise SaveFileError(f"the saved game lacks {', '.join(missing)}")
    if data["checksum"] != checksum({k: v for k, v in data.items() if k != "checksum"}):
        raise SaveFileError("the saved game's checksum does not match: the file was changed "
                            "or damaged")
    return version


def _two_of(value: Any, fits: Callable[[Any], bool]) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(fits(v) for v in value)


_FIELD_TYPES: tuple[tuple[str, str, Callable[[Any], bool], str], ...] = (
    ("seed", "seed", lambda v: type(v) is int, "a whole number"),
    ("first_dealer", "first_dealer", lambda v: v is None or (type(v) is int and v in (0, 1)),
     "0, 1 or null"),
    ("names", "names", lambda v: _two_of(v, lambda n: isinstance(n, str)),
     "a list of two texts"),
    ("start_scores", "starting scores", lambda v: _two_of(v, lambda n: type(n) is int),
     "a list of two whole numbers"),
)
"""The plain fields of a saved game, in the order they are checked: the field, its name
in an error, the test of its type, and what it must be."""


def _check_decks(decks: Any) -> None:
    if not isinstance(decks, list):
        raise _fail("decks", decks, "a list of stacked decks")
    for number, deck in enumerate(decks, 1):
        if not isinstance(deck, str) or len(deck.split()) != 52:
            raise _fail(f"deck {number}", deck, "the 52 cards written in order")


def _check_actions(actions: Any) -> None:
    if not isinstance(actions, list):
        raise _fail("actions", actions, "a list")
    if len(actions) > MAX_ACTIONS:
        raise SaveFileError(f"the saved game holds {len(actions):,} actions; a game takes "
                            f"a few hundred (at most {MAX_ACTIONS:,} are read)")


# --- writing, and the state check ----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class GameState:
    """What a save file records of the state its actions lead to: the ``phase`` (its
    name), the ``deal`` number, the ``scores`` and the number of ``events``; plus what
    a version-1 file wrote differently (the points the winner scored past the game
    hole, and the ``start`` events it did not have)."""

    phase: str
    deal: int
    scores: tuple[int, int]
    events: int
    winner: int | None = None
    past_the_hole: int = 0
    start_events: int = 0

    def as_written(self, version: int = SAVE_VERSION) -> dict[str, Any]:
        """The state as a file of ``version`` records it.

        >>> won = GameState("game over", 9, (121, 100), 300, winner=0, past_the_hole=3)
        >>> won.as_written()["scores"], won.as_written(1)["scores"]
        ([121, 100], [124, 100])
        """
        scores = list(self.scores)
        events = self.events
        if version == 1:
            if self.winner is not None:
                scores[self.winner] += self.past_the_hole
            events -= self.start_events
        return {"phase": self.phase, "deal": self.deal, "scores": scores, "events": events}


def save_body(*, seed: int, first_dealer: int | None, names: Sequence[str],
              start_scores: Sequence[int], options: GameOptions,
              decks: Iterable[Iterable[object]], actions: Iterable[dict[str, Any]],
              state: GameState, version: int = SAVE_VERSION) -> dict[str, Any]:
    """A saved game as plain data, ready for JSON, with its checksum: the seed, the
    setup, the stacked decks (a shuffled deal is not written: it comes from the seed,
    so a changed seed or deck cannot slip through), the actions and the state they
    lead to, written as a file of ``version`` writes them (a game loaded from an older
    file keeps the claim rule it was played by, and is written as version 2).

    >>> body = save_body(seed=1, first_dealer=None, names=("a", "b"), start_scores=(0, 0),
    ...                  options=GameOptions(), decks=(), actions=(),
    ...                  state=GameState("cut for deal", 0, (0, 0), 0))
    >>> check_save(body).seed
    1
    """
    body: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": version,
        "seed": seed,
        "first_dealer": first_dealer,
        "names": list(names),
        "start_scores": list(start_scores),
        "options": options.to_dict(),
        "decks": [" ".join(str(c) for c in deck) for deck in decks],
        "actions": list(actions),
        "state": state.as_written(version),
    }
    body["checksum"] = checksum(body)
    return body


def write_save_file(path: str | Path, body: dict[str, Any]) -> Path:
    """Write a saved game to ``path`` as JSON (only when asked: the engine never writes
    files on its own). Returns the path.

    >>> import tempfile
    >>> path = write_save_file(f"{tempfile.mkdtemp()}/game.json", {"format": 1})
    >>> json.loads(path.read_text(encoding="utf-8"))
    {'format': 1}
    """
    target = Path(path)
    target.write_text(save_text(body) + "\n", encoding="utf-8")
    return target


def save_text(body: dict[str, Any]) -> str:
    """A saved game as the JSON text a file holds.

    >>> save_text({"seed": 7}).splitlines()
    ['{', ' "seed": 7', '}']
    """
    return json.dumps(body, indent=1)
