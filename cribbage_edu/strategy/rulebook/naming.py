"""Which rule of the rulebook decides between the learner's choice and the judge's best:
what the coach names at the table, in the rules' own words.

Following a procedure (:func:`~.procedure.follow`), each rule in turn keeps some of the
choices left. The rule that decides is the first that keeps the judge's best and drops
the learner's choice: "the rule: take the points". When the procedure itself would have
made the learner's choice and the judge says otherwise, the rule that dropped the best
is the one the position is an exception to: "an exception to take the points". When
neither holds (the two go out together, or the procedure chooses a third), no rule is
named.

Pone leads from 7-8-A-K: the first rule ("keep a lone ace for the go when you lead")
keeps the 7, the 8 and the king; "count the card" keeps them all (none pegs,
each is answered alike); "lead a trap" keeps the 7 (his 8 makes fifteen, you pair it):

>>> position = PlayPosition.parse("7C 8D AH KS", starter="QD", thrown="2S 4C")
>>> for led in ("KS", "AH"):
...     print(card_rule(position, Card.parse(led), Card.parse("7C")))
the rule: lead a trap (from a pair, 7-8 or 6-9)
the rule: keep a lone ace for the go when you lead
>>> card_rule(position, Card.parse("7C"), Card.parse("7C")) is None
True

A rule that counts with a table says what it counts for each. On an 8, the 7 makes
fifteen (2), but three ranks score back on it (a 7 pairs it, a 6 or a 9 makes a run of
3): 2 - 3 x 0.5 - 3 x 0.25 = -0.25; the king pegs nothing and one rank scores on it (a
king, a pair of 2): -0.5 - 2 x 0.25 = -1:

>>> deciding = card_rule(PlayPosition.parse("7D KS", "8H", starter="2C"), Card.parse("KS"),
...                      Card.parse("7D"))
>>> deciding.words, deciding.counts
('count the card', (-0.25, -1.0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ...rules.board import GAME_HOLE
from ...rules.cards import Card, Hand
from .play import PlayPosition
from .player import board_procedures
from .procedure import Procedure, Rule, narrowed
from .throw import ThrowPosition

__all__ = ["Deciding", "card_rule", "deciding_rule", "rule_words", "throw_rule"]

P = TypeVar("P")
C = TypeVar("C")


def rule_words(rule: Rule[Any, Any]) -> str:
    """A rule's name as the coach says it: the name before its table, if it carries one
    (the table is what the learner counts with, not what the rule is called).

    >>> from .play import TAKE_THE_POINTS, count_the_card
    >>> rule_words(TAKE_THE_POINTS), rule_words(count_the_card({"answers": -0.5}))
    ('take the points', 'count the card')
    """
    return rule.name.split(":")[0].strip()


@dataclass(frozen=True)
class Deciding(Generic[P, C]):
    """The rule that decides between a choice and the best (:func:`deciding_rule`), and
    whether the position is an ``exception`` to it (the rule keeps the choice, the judge
    prefers what it dropped)."""

    rule: Rule[P, C]
    exception: bool
    counts: tuple[float, float] | None = None
    """For a rule that counts with a table (:attr:`~.procedure.Rule.carries`), what it
    counts for the best and for the choice; else ``None``."""

    @property
    def words(self) -> str:
        """What the coach says: ``'take the points'`` or ``'an exception to take the
        points'``: the name the record keeps."""
        name = rule_words(self.rule)
        return f"an exception to {name}" if self.exception else name

    def __str__(self) -> str:
        return self.words if self.exception else f"the rule: {self.words}"


def deciding_rule(procedure: Procedure[P, C], position: P, choices: Sequence[C], chosen: C,
                  best: C) -> Deciding[P, C] | None:
    """The rule of ``procedure`` that decides between ``chosen`` and ``best`` (both among
    ``choices``) at ``position``: the first rule, in the order :func:`follow` applies
    them, that keeps the best and drops the choice; else, when the procedure chooses
    ``chosen``, the rule that dropped the best (an exception); else ``None``.

    >>> odd = Rule("keep it odd", lambda n: True, lambda n, c: c % 2)
    >>> high = Rule("take the most", lambda n: True, lambda n, c: c)
    >>> procedure = Procedure("example", (odd, high))
    >>> str(deciding_rule(procedure, 0, (1, 2, 3, 4), 2, 3))
    'the rule: keep it odd'
    >>> str(deciding_rule(procedure, 0, (1, 2, 3, 4), 1, 3))
    'the rule: take the most'
    >>> str(deciding_rule(procedure, 0, (1, 2, 3, 4), 3, 4))
    'an exception to keep it odd'
    >>> print(deciding_rule(procedure, 0, (1, 2, 3, 4), 1, 2))  # the procedure lays 3
    None
    """
    if chosen == best:
        return None
    left = tuple(choices)
    dropped_best: Rule[P, C] | None = None
    for rule, kept in narrowed(procedure, position, choices):
        if best in left and chosen in left and best in kept and chosen not in kept:
            return _deciding(rule, False, position, best, chosen)
        if dropped_best is None and best in left and best not in kept and chosen in kept:
            dropped_best = rule
        left = kept
    if dropped_best is not None and left[0] == chosen:
        return _deciding(dropped_best, True, position, best, chosen)
    return None


def _deciding(rule: Rule[P, C], exception: bool, position: P, best: C, chosen: C
              ) -> Deciding[P, C]:
    counts = None
    if rule.carries:
        counts = (float(rule.value(position, best)), float(rule.value(position, chosen)))
    return Deciding(rule, exception, counts)


def throw_rule(six: Hand, dealer: bool, chosen: Hand, best: Hand,
               scores: tuple[int, int] | None = None, target: int = GAME_HOLE
               ) -> Deciding[ThrowPosition, Hand] | None:
    """The rule of lesson 14's throw procedure (the board's rule, then the stored
    procedure: :func:`~.player.board_procedures`) that decides between throwing ``chosen``
    and ``best`` from ``six`` at ``scores`` (the thrower's first; none: far from home)
    (:func:`deciding_rule`), ``None`` if either is not a throw of two of the six.

    >>> deciding = throw_rule(Hand("2C 3D 5H 9S 10C KD"), False, Hand("2C 3D"), Hand("9S KD"))
    >>> str(deciding), deciding.counts
    ('the rule: count the keep', (3.0, -1.75))
    """
    position = ThrowPosition(six, dealer, scores or (0, 0), target)
    by_cards = {frozenset(t): t for t in position.choices}
    mine, top = by_cards.get(frozenset(chosen)), by_cards.get(frozenset(best))
    if mine is None or top is None:
        return None
    procedure = board_procedures()[0]
    return deciding_rule(procedure, position, position.choices, mine, top)


def card_rule(position: PlayPosition, chosen: Card, best: Card
              ) -> Deciding[PlayPosition, Card] | None:
    """The rule of lesson 14's play procedure (lesson 13's:
    :func:`~.player.board_procedures`) that decides between laying ``chosen`` and ``best``
    at ``position`` (:func:`deciding_rule`); each card stands for its rank (the position's
    choices are one card of each rank: suits never score in the play)."""
    by_rank = {c.rank: c for c in position.choices}
    mine, top = by_rank.get(chosen.rank), by_rank.get(best.rank)
    if mine is None or top is None:
        return None
    procedure = board_procedures()[1]
    return deciding_rule(procedure, position, position.choices, mine, top)
