"""Rules of thumb as code, each with its price measured against the engine's judge: a
player at the table cannot work out a crib table or the rest of the play, but can carry a
few rules in order and one small table.

- :mod:`.procedure`: a :class:`Rule` (its name in the course's words, its test of the
  position, what it prefers), a :class:`Procedure` (rules in order) and :func:`follow`;
- :mod:`.throw`: the throw's rules (lesson 12) on a :class:`ThrowPosition`, the
  :func:`heat` of two thrown cards and the crib by heat (:func:`crib_by_heat`);
- :mod:`.play`: the play's rules (lesson 13) on a :class:`PlayPosition`;
- :mod:`.board`: the board's rules (lesson 14), which read the score: what the player and
  the opponent need;
- :mod:`.player`: the procedures the search found (``scripts/search_rulebook.py``, stored
  in ``data/rulebook.json``), lesson 14's with the board's rule before them
  (``scripts/search_board.py``, ``data/board.json``), and :class:`RulebookPlayer`, who
  follows those.

Each rule's test and choice are worked by hand on positions in ``tests/test_rulebook.py``;
what each costs against the judge is in ``data/rulebook.json`` (the README's "The
rulebook").

>>> from cribbage_edu.rules.cards import parse_cards
>>> [heat(parse_cards(pair)) for pair in ("5H 5C", "5H KD", "7H 8S", "2C 3D", "AH 4S",
...                                       "KC KD", "9C JD", "10D KS")]
[3, 3, 2, 2, 2, 1, 1, 0]
"""

from __future__ import annotations

from .play import PlayPosition, card_of, play_rules
from .procedure import Procedure, Rule, follow
from .throw import HEAT_MARGIN, ThrowPosition, crib_by_heat, heat, throw_of, throw_rules

__all__ = ["HEAT_MARGIN", "PlayPosition", "Procedure", "Rule", "ThrowPosition", "card_of",
           "crib_by_heat", "follow", "heat", "play_rules", "throw_of", "throw_rules"]
