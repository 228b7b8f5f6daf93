"""The board's rules (lesson 14): rules of thumb that read the score, for the last deals,
put before lesson 12's and lesson 13's procedures; what each buys is measured by the
chance to win (``scripts/search_board.py``, stored in ``data/board.json``; the procedures
with them are :func:`~.player.board_procedures`).

Near home the points are not what counts: the chance to win is. Pone counts her hand
first; the dealer counts his hand and then his crib, and the game ends the moment
either reaches the target. So a dealer who needs few points while pone needs few too
will rarely reach his count: he must peg them, and low cards peg (they fit under 31 when
the opponent's do not, and take the go and the last card).

A dealer on 117 (needs 4) against pone on 110 (needs 11), holding 2-4-8-10-J-Q: the
board's rule keeps the four lowest, 2-4-8 and a ten-card (24), and throws two ten-cards;
any two of the three will do:

>>> rule = dealer_keeps_low(6, 15)
>>> six = ThrowPosition.parse("2D 4H 8C 10S JD QH", dealer=True, scores=(117, 110))
>>> rule.applies(six), [str(t) for t in rule.keep(six, six.choices)]
(True, ['10S JD', '10S QH', 'JD QH'])
>>> rule.applies(ThrowPosition.parse("2D 4H 8C 10S JD QH", dealer=True, scores=(110, 110)))
False

The rules a tournament player carries for the play near home ("pone within about 10 plays
for points; the dealer holds back") are here too, to be measured against lesson 13's
procedure (:func:`pone_plays_on`, :func:`dealer_holds_back`).
"""

from __future__ import annotations

from ...rules.cards import Card, Hand
from .play import PlayPosition, PlayRule
from .throw import ThrowPosition, ThrowRule, points_now

__all__ = [
    "PEG_OUT",
    "dealer_holds_back",
    "dealer_keeps_low",
    "his_need",
    "need",
    "pone_keeps_points",
    "pone_plays_on",
]

def need(position: PlayPosition | ThrowPosition) -> int:
    """What the player still needs to win: the target less the player's score.

    >>> need(PlayPosition.parse("5C", scores=(113, 119)))
    8
    """
    return position.target - position.scores[0]


def his_need(position: PlayPosition | ThrowPosition) -> int:
    """What the opponent still needs to win.

    >>> his_need(PlayPosition.parse("5C", scores=(113, 119)))
    2
    """
    return position.target - position.scores[1]


def _kept_sum(p: ThrowPosition, t: Hand) -> float:
    return -sum(c.value for c in p.kept(t))


def dealer_keeps_low(most: int, within: int | None = None) -> ThrowRule:
    """"Keep your four lowest cards as dealer needing ``most`` or less (and pone
    ``within`` or less, if given)": of the throws left, those whose four kept add up to least (a
    ten-card counts 10), so the two highest go to the crib.

    >>> dealer_keeps_low(7).name
    'keep your four lowest cards as dealer needing 7 or less'
    """
    def applies(p: ThrowPosition) -> bool:
        return (p.dealer and need(p) <= most
                and (within is None or his_need(p) <= within))
    pone = "" if within is None else f", pone {within} or less"
    return ThrowRule(f"keep your four lowest cards as dealer needing {most} or less{pone}",
                     applies, _kept_sum)


def pone_keeps_points(within: int) -> ThrowRule:
    """"Keep the most points now as pone needing ``within`` or less": she counts first,
    and the crib she gives is counted last, after the game may be over.

    >>> rule = pone_keeps_points(10)
    >>> six = ThrowPosition.parse("5C 5D JS QH 2C 9D", dealer=False, scores=(112, 100))
    >>> [str(t) for t in rule.keep(six, six.choices)]
    ['2C 9D']
    """
    return ThrowRule(f"keep the most points now as pone needing {within} or less",
                     lambda p: not p.dealer and need(p) <= within, points_now)


def _pegs_out(p: PlayPosition, c: Card) -> bool:
    return p.pegs(c) >= need(p)


PEG_OUT = PlayRule("peg out when you can",
                   lambda p: any(_pegs_out(p, c) for c in p.choices), _pegs_out)
"""Lay a card that pegs what you need to win (a fifteen, a 31, a pair, a run).

>>> position = PlayPosition.parse("6D 8H KC", "6S", starter="QD", scores=(119, 116))
>>> [str(c) for c in PEG_OUT.keep(position, position.choices)]
['6D']
"""


def pone_plays_on(within: int) -> PlayRule:
    """"Take the points as pone needing ``within`` or less" (play on)."""
    return PlayRule(f"take the points as pone needing {within} or less",
                    lambda p: not p.dealer and need(p) <= within, lambda p, c: p.pegs(c))


def dealer_holds_back(within: int) -> PlayRule:
    """"Hold back as dealer when pone needs ``within`` or less": lay the card on which
    the most any card of hers pegs is least.

    >>> rule = dealer_holds_back(10)
    >>> position = PlayPosition.parse("6D KC", "6S", starter="QD", thrown="9S 3D",
    ...                               dealer=True, scores=(100, 112))
    >>> [str(c) for c in rule.keep(position, position.choices)]
    ['KC']
    """
    return PlayRule(f"hold back as dealer when pone needs {within} or less (lay the card "
                    f"she can peg least on)",
                    lambda p: p.dealer and his_need(p) <= within,
                    lambda p, c: -max(p.answers(c), default=0))
