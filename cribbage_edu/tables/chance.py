"""The chance to win: from any board position at the start of a deal, how often you win.

:func:`win_probability` answers "I have 100, the opponent has 110 and I deal: how
often do I win?" for every position of the 121-point game and of the 61-point game.
It is a table lookup: the table is worked out once, from the model below, by
``python scripts/make_win_table.py`` and shipped in ``data/win_table.json``.

>>> round(win_probability(0, 0, dealer=True), 3)         # the first dealer's edge
0.557
>>> round(win_probability(115, 115, dealer=False), 3)      # pone counts first
0.76

**The model.** What a deal scores is taken from play: 100,000 deals between two
``expert`` players (:func:`cribbage_edu.models.chancemodel.simulate_deals`), each played
alone from 0-0, are stored with the *order* of their points kept, because near the end
the order decides games:

1. his heels (the dealer's 2, when the starter is a jack);
2. the play, every point as it was pegged, by whichever player pegged it;
3. pone's hand, 4. the dealer's hand, 5. the crib.

A deal of the table is any one of the stored deals, each equally likely. From a
position (dealer's score, pone's score), the dealer wins the deal's race if his
running total reaches what he needs before pone's does; pone wins if hers does first;
otherwise the game goes on from the new scores with the deal passed. So the chance
``V(d, p)`` that the dealer wins satisfies, with the deal's totals ``x`` (dealer) and
``y`` (pone),

    V(d, p) = P(dealer home first) + sum over x, y of q(x, y) * (1 - V(p + y, d + x)),

the sum taken over the deals where neither gets home.
:func:`cribbage_edu.models.chancemodel.solve` works it from the end of the board backwards
(the scores only grow: every deal scores at least the one point for the last card).
A deal where neither scores would return to the same two scores with the deal passed;
the solver solves such a pair of positions exactly, so a model with scoreless deals is
solved as well (the test suite tries one).

**Its limits.**

- Every deal is drawn from the same sample, whatever the score: the players are taken
  to play the same way at 0-0 and at 115-118. The ``expert`` does change a little near
  the end (it lays a card that counts out at once, and guards harder against an
  opponent close to home), so the table describes two experts playing for points.
- Deals are independent of each other (true: each is a fresh shuffle).
- The sample is finite: a deal's mean points are known to within about 0.03 (the 95%
  interval of the dealer's 16.40 and pone's 10.48 a deal), a few tenths of a point over
  a whole game.
- Nothing of the current deal is known: the table is for the start of a deal, before
  the cards are seen. Once you hold your six cards, your chance moves.

How well it predicts real games between two experts is measured by
``benchmarks/calibration.py`` (see the README's "Measured"): in 52,000 games played out
from 52 positions, the prediction lay inside the 95% interval of the games won in 51,
and the Brier score was 0.1397 against 0.1399 expected of a perfect forecaster.

The table is made by :mod:`cribbage_edu.models.chancemodel` (which needs numpy); this module
only reads it, the first time it is asked.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..rules.board import GAME_HOLE
from ..rules.checks import flag, seat, whole_number
from ..rules.events import EventKind
from ..rules.options import game_target

if TYPE_CHECKING:
    from ..rules.game import Game

__all__ = [
    "PEG_SLOTS",
    "STREAM",
    "WIN_TABLE_FILE",
    "DealChance",
    "WinTable",
    "chance_words",
    "chances_by_deal",
    "scenarios",
    "table_header",
    "win_probability",
    "win_table",
]

WIN_TABLE_FILE = "win_table.json"
"""The file in ``cribbage_edu/data`` that holds the solved tables."""

PEG_SLOTS = 16
"""Room for the points of one play, event by event (a play has at most 8 cards, each
pegging at most once, and at most 4 go or last-card points)."""

STREAM = ("heels", *(f"peg {i + 1}" for i in range(PEG_SLOTS)), "pone hand",
          "dealer hand", "crib")
"""The columns of a stored deal, in the order the points are scored. Heels, the
dealer's hand and the crib are the dealer's; pone's hand is pone's; a pegging column
holds the points of one scoring moment of the play, positive for the dealer and
negative for pone (0 pads the unused slots)."""


@dataclass(frozen=True)
class WinTable:
    """The solved table for one game length: ``dealer[d][p]`` is the chance that the
    dealer wins when the dealer has ``d`` points and pone ``p`` at the start of a deal.

    >>> table = win_table(61)
    >>> table.target, len(table.dealer), len(table.dealer[0])
    (61, 61, 61)
    >>> round(table.chance(55, 55, dealer=False), 3)   # pone counts first
    0.76
    """

    target: int
    dealer: tuple[tuple[float, ...], ...]

    def chance(self, score: int, other_score: int, *, dealer: bool) -> float:
        """The chance that a player with ``score``, against ``other_score``, wins from
        the start of a deal, as the dealer or as pone."""
        mine, theirs = _check_position(score, other_score, self.target)
        if flag(dealer, "dealer"):
            return self.dealer[mine][theirs]
        return 1.0 - self.dealer[theirs][mine]

    def grid(self, *, dealer: bool) -> list[list[float]]:
        """The chance to win for every pair (your score, the other's), as the dealer or
        as pone: ``grid[you][them]``.

        >>> grid = win_table(61).grid(dealer=False)
        >>> grid[55][55] == win_table(61).chance(55, 55, dealer=False)
        True
        """
        n = self.target
        if flag(dealer, "dealer"):
            return [list(row) for row in self.dealer]
        return [[1.0 - self.dealer[them][you] for them in range(n)] for you in range(n)]


def _check_position(score: object, other: object, target: int) -> tuple[int, int]:
    """The two scores as ints on the board of a game to ``target`` (from 0 to one
    under it: at the target the game is over), else an error naming the bad one."""
    return (whole_number(score, "score", 0, target - 1),
            whole_number(other, "other_score", 0, target - 1))


@cache
def _load() -> dict[str, Any]:
    text = resources.files("cribbage_edu").joinpath("data").joinpath(
        WIN_TABLE_FILE).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def table_header() -> dict[str, Any]:
    """How the shipped table was made, as stored.

    >>> header = table_header()
    >>> header["deals"], header["players"], header["generated_by"]
    (100000, ['expert', 'expert'], 'python scripts/make_win_table.py')
    """
    return dict(_load()["header"])


def scenarios() -> tuple[tuple[int, ...], ...]:
    """The first 2,000 deals of the model's sample, as rows of :data:`STREAM`: what a
    computer player weighs the rest of a deal with.

    >>> rows = scenarios()
    >>> len(rows), len(rows[0]) == len(STREAM)
    (2000, True)
    """
    return _scenarios()


@cache
def _scenarios() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(x) for x in row) for row in _load()["scenarios"])


def win_table(target: int = GAME_HOLE) -> WinTable:
    """The shipped table for a game to ``target`` (121 or 61).

    >>> round(win_table().chance(0, 0, dealer=False), 3)
    0.443
    """
    return _table(game_target(target))


@cache
def _table(target: int) -> WinTable:
    rows: Sequence[Sequence[float]] = _load()[f"table{target}"]
    return WinTable(target, tuple(tuple(float(x) for x in row) for row in rows))


def win_probability(score: int, other_score: int, *, dealer: bool,
                    target: int = GAME_HOLE) -> float:
    """The chance that a player with ``score`` points wins against ``other_score``, at the
    start of a deal in which the player is the ``dealer`` (or pone), in a game to
    ``target`` (121 or 61): between two ``expert`` players, by the model of this module.

    >>> [round(win_probability(100, 100, dealer=d), 3) for d in (True, False)]
    [0.777, 0.223]
    >>> win_probability(121, 90, dealer=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    cribbage_edu.IllegalActionError: score must be a whole number from 0 to 120, not 121
    """
    return win_table(target).chance(score, other_score, dealer=dealer)


@dataclass(frozen=True, slots=True)
class DealChance:
    """A player's chance to win at the start of a deal of a game (``deal`` 1 is the
    first), with the scores then and who dealt; after the last deal, ``deal`` is the
    number of deals played plus one and ``chance`` is 1 or 0 (the game is over)."""

    deal: int
    scores: tuple[int, int]
    dealer: int | None
    chance: float


def chances_by_deal(game: Game, player: int = 0) -> list[DealChance]:
    """``player``'s chance to win at the start of every deal ``game`` has reached (from
    the table, between two experts), and 1 or 0 once it is over: what a learner watches
    move through a game.

    >>> from cribbage_edu.rules.game import Game
    >>> from cribbage_edu.strategy.players import ExpertPlayer
    >>> from cribbage_edu.rules.drive import play_out
    >>> game = play_out(Game(seed=7, first_dealer=0, scores=(100, 110)),
    ...                 [ExpertPlayer(), ExpertPlayer()])
    >>> [(c.deal, c.scores, round(c.chance, 2)) for c in chances_by_deal(game)]
    [(1, (100, 110), 0.29), (2, (114, 120), 0.0), (3, (114, 121), 0.0)]
    """
    who = seat(player)
    target = game.options.target
    dealers = [e.player for e in game.events if e.kind is EventKind.DEAL]
    starts = [game.start_scores, *game.deal_scores]
    out = []
    for n, dealer in enumerate(dealers):
        a, b = starts[n]
        if max(a, b) >= target:
            break
        mine, theirs = (a, b) if who == 0 else (b, a)
        out.append(DealChance(n + 1, (a, b), dealer,
                              win_probability(mine, theirs, dealer=dealer == who,
                                              target=target)))
    if game.is_over and game.winner is not None:
        a, b = game.scores
        out.append(DealChance(len(out) + 1, (a, b), None, 1.0 if game.winner == who else 0.0))
    return out


def chance_words(score: int, other_score: int, *, dealer: bool, target: int = GAME_HOLE) -> str:
    """The chance to win at the start of a deal in words, for a learner: the one phrase
    the terminal game and the widgets show.

    >>> chance_words(95, 88, dealer=True)
    'Your chance to win: 77% (you deal; 95 to 88; as between two experts)'
    >>> chance_words(120, 60, dealer=False)
    'Your chance to win: over 99% (you are pone; 120 to 60; as between two experts)'
    """
    chance = win_probability(score, other_score, dealer=dealer, target=target)
    shown = (f"{chance:.0%}" if 0.005 <= chance < 0.995
             else "under 1%" if chance < 0.5 else "over 99%")
    role = "you deal" if dealer else "you are pone"
    return f"Your chance to win: {shown} ({role}; {score} to {other_score}; as between two experts)"
