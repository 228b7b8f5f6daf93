"""The procedures the search found (``scripts/search_rulebook.py``, stored in
``cribbage_edu/data/rulebook.json``), the same with the board's rules before them
(``scripts/search_board.py``, ``data/board.json``: :func:`board_procedures`), and a player
who follows those at the table: :class:`RulebookPlayer` (roster name ``"rulebook"``), a
learner who carries the rules.

A rule is stored by its name; a rule that carries a table ("count the keep", "count the
card") with its weights (:func:`rule_of`), so the procedure read back is the one measured.

>>> throw, play = stored_procedures()
>>> len(throw.rules) <= 5, len(play.rules) <= 8
(True, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from ...rules.cards import Card, Hand
from ...rules.errors import IllegalActionError
from ...rules.game import PlayerView
from .board import dealer_keeps_low
from .play import PlayPosition, card_of, count_the_card, play_rules
from .procedure import Procedure, Rule
from .throw import ThrowPosition, ThrowRule, count_the_keep, throw_of, throw_rules

__all__ = ["BOARD_FILE", "RULEBOOK_FILE", "RulebookPlayer", "board_procedures", "board_rules",
           "rule_of", "rule_spec", "stored_board", "stored_procedures"]

RULEBOOK_FILE = "rulebook.json"
"""The search's result, in ``cribbage_edu/data``."""
BOARD_FILE = "board.json"
"""The board's search's result (``scripts/search_board.py``), in ``cribbage_edu/data``."""


def rule_spec(rule: Rule[Any, Any], tables: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """How a rule is stored: its name, and the table of a counting rule (``tables`` maps
    such a rule's name to its arguments)."""
    spec: dict[str, Any] = {"name": rule.name}
    if rule.name in tables:
        spec["table"] = dict(tables[rule.name])
    return spec


def rule_of(kind: str, spec: Mapping[str, Any]) -> Rule[Any, Any]:
    """The rule a stored ``spec`` names, for the ``"throw"`` or the ``"play"``.

    >>> rule_of("play", {"name": "take the points"}).name
    'take the points'
    >>> rule_of("play", {"name": "count the card", "table": {"weights": {"answers": -0.5}}}).name
    'count the card: the points now, -0.5 each rank that scores on it'
    >>> rule_of("throw", {"name": "never lead a five"})
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: no rule of the throw is called 'never lead a five'
    """
    if kind not in ("throw", "play"):
        raise IllegalActionError(f"a rule is of the 'throw' or the 'play', not {kind!r}")
    table = spec.get("table")
    if table is not None:
        if kind == "throw":
            return count_the_keep(table.get("dealer"), table.get("pone"),
                                  table.get("crib", "heat"))
        return count_the_card(table.get("weights", {}))
    rules: Mapping[str, Rule[Any, Any]] = throw_rules() if kind == "throw" else play_rules()
    name = spec.get("name")
    if name not in rules:
        raise IllegalActionError(f"no rule of the {kind} is called {name!r}")
    return rules[str(name)]


def _text(name: str = RULEBOOK_FILE) -> str:
    return resources.files("cribbage_edu").joinpath("data").joinpath(name).read_text("utf-8")


@cache
def stored_procedures() -> tuple[Procedure[ThrowPosition, Hand], Procedure[PlayPosition, Card]]:
    """The procedures for the throw and the play that the search found, as stored."""
    data = json.loads(_text())
    found = []
    for kind in ("throw", "play"):
        chosen = data[kind]["procedure"]
        found.append(Procedure(chosen["name"], tuple(rule_of(kind, spec)
                                                     for spec in chosen["specs"])))
    return found[0], found[1]


@cache
def stored_board() -> dict[str, Any]:
    """The board's search as stored (:data:`BOARD_FILE`), read once."""
    found: dict[str, Any] = json.loads(_text(BOARD_FILE))
    return found


def board_rules(data: Mapping[str, Any] | None = None) -> tuple[ThrowRule, ...]:
    """The board's rules the search kept, in order (``data``: the board's search as
    stored, by default :func:`stored_board`): one, for the throw.

    >>> [r.name for r in board_rules({"throw": {"rule": {"most": 5}}})]
    ['keep your four lowest cards as dealer needing 5 or less']
    """
    found = stored_board() if data is None else data
    chosen = found["throw"]["rule"]
    return (dealer_keeps_low(chosen["most"], chosen.get("within")),)


@cache
def board_procedures() -> tuple[Procedure[ThrowPosition, Hand], Procedure[PlayPosition, Card]]:
    """Lesson 14's procedures: the board's rules (:func:`board_rules`), then lesson 12's
    throw; and lesson 13's play, before which the board's search found no rule worth
    carrying (``data/board.json`` holds what each rule it tried changes).

    >>> throw, play = board_procedures()
    >>> throw.rules[0].name.startswith("keep your four lowest cards as dealer")
    True
    >>> throw.rules[1:] == stored_procedures()[0].rules, play == stored_procedures()[1]
    (True, True)
    """
    throw, play = stored_procedures()
    return (Procedure(f"{throw.name}, after the board's rule",
                      (*board_rules(), *throw.rules)), play)


class RulebookPlayer:
    """A player who throws and lays by lesson 14's procedures (:func:`board_procedures`:
    the board's rule, then the stored procedures the search found) or by the ``throw`` and
    ``play`` procedures given: a learner who carries the rules of
    thumb to the table. It decides the same from the same view (``seed`` is taken, as the
    roster gives every player one, and not used).

    >>> from cribbage_edu.rules.drive import play_game
    >>> game = play_game([RulebookPlayer(), RulebookPlayer()], seed=5)
    >>> game.is_over
    True
    """

    name = "rulebook"

    def __init__(self, seed: int | random.Random | None = None, *,
                 throw: Procedure[ThrowPosition, Hand] | None = None,
                 play: Procedure[PlayPosition, Card] | None = None) -> None:
        if throw is None or play is None:
            stored_throw, stored_play = board_procedures()
            throw, play = throw or stored_throw, play or stored_play
        self.throw: Procedure[ThrowPosition, Hand] = throw
        self.play_procedure: Procedure[PlayPosition, Card] = play

    def discard(self, view: PlayerView) -> Sequence[Card]:
        return tuple(throw_of(self.throw, ThrowPosition.from_view(view)))

    def play(self, view: PlayerView) -> Card:
        return card_of(self.play_procedure, PlayPosition.from_view(view))
