"""The model behind the chance to win: simulated deals, and the board solved from them.

:mod:`cribbage_edu.tables.chance` looks up the shipped table; this module makes it (run
``python scripts/make_win_table.py``) and is the only part that needs numpy. The model
and its limits are described in :mod:`cribbage_edu.tables.chance`.

>>> rows = simulate_deals(2, seed=1)
>>> rows.shape, [column for column in STREAM if "peg" not in column]
((2, 20), ['heels', 'pone hand', 'dealer hand', 'crib'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from io import BytesIO
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..rules.drive import Player, drive
from ..rules.errors import IllegalActionError
from ..rules.events import EventKind, Phase, Source
from ..rules.game import Game
from ..strategy.roster import make_player
from ..tables.chance import PEG_SLOTS, STREAM

__all__ = [
    "DEALS",
    "DEALS_FILE",
    "deal_stream",
    "order_matrix",
    "play_one_deal",
    "simulate_deals",
    "solve",
    "stored_deals",
]

DEALS_FILE = "win_deals.npz"
DEALS_FOLDER = Path(__file__).resolve().parent / "data"
"""Where the stored deals live: beside this model, in the repository only (a learner's
installed package needs only the table they make, ``cribbage_edu/data/win_table.json``)."""
"""The file in ``cribbage_edu/data`` that holds the simulated deals of the model."""

DEALS = 100_000
"""How many simulated deals the shipped model holds."""

_HEELS, _PONE_HAND, _DEALER_HAND, _CRIB = (STREAM.index(c) for c in
                                          ("heels", "pone hand", "dealer hand", "crib"))

IntArray = npt.NDArray[np.int8]
FloatArray = npt.NDArray[np.float64]


# --- simulating deals --------------------------------------------------------------------

def play_one_deal(game: Game, players: Sequence[Player]) -> Game:
    """Play the deal in progress (or the next one) to its end: to the start of the next
    deal, or to the end of the game, with :func:`cribbage_edu.rules.drive.drive` (a card
    that is the only one that fits is laid without asking).

    >>> from cribbage_edu.strategy.players import ExpertPlayer
    >>> game = play_one_deal(Game(seed=3, first_dealer=0), [ExpertPlayer()] * 2)
    >>> [e.kind for e in game.events[-2:]], game.phase   # deal 1 is over
    (['show', 'show'], <Phase.DEAL: 'deal'>)
    >>> len(play_one_deal(game, [ExpertPlayer()] * 2).deal_scores)
    2
    """
    last = game.deal_number + (game.phase in (Phase.CUT_FOR_DEAL, Phase.DEAL))
    return drive(game, players,
                 stop=lambda g: g.phase is Phase.DEAL and g.deal_number >= last)


def deal_stream(game: Game, deal: int = 1) -> tuple[int, ...]:
    """The points of one deal of ``game`` in the order they were scored, as a row of
    :data:`STREAM`: heels, each pegging moment (+ dealer, - pone), pone's hand, the
    dealer's hand, the crib.

    >>> from cribbage_edu.strategy.players import ExpertPlayer
    >>> game = play_one_deal(Game(seed=5, first_dealer=0), [ExpertPlayer()] * 2)
    >>> row = deal_stream(game)
    >>> row[0], [p for p in row[1:1 + PEG_SLOTS] if p], row[-3:]
    (2, [1, 2, -6, -1, 1], (6, 10, 4))
    """
    row = [0] * len(STREAM)
    dealer: int | None = None
    pegs: list[int] = []
    for event in game.events:
        if event.deal != deal:
            continue
        if event.kind is EventKind.DEAL:
            dealer = event.player
        if not event.points or event.player is None:
            continue
        if event.kind is EventKind.HEELS:
            row[_HEELS] = event.points
        elif event.kind is EventKind.PEG:
            pegs.append(event.points if event.player == dealer else -event.points)
        elif event.kind is EventKind.SHOW:
            column = (_CRIB if event.source is Source.CRIB
                      else _DEALER_HAND if event.player == dealer else _PONE_HAND)
            row[column] = event.points
    if len(pegs) > PEG_SLOTS:
        raise IllegalActionError(f"a play with {len(pegs)} scoring moments does not fit "
                                 f"in {PEG_SLOTS} slots")
    row[1:1 + len(pegs)] = pegs
    return tuple(row)


def _deal_seeds(n: int, seed: int) -> list[int]:
    draw = random.Random(seed)
    return [draw.getrandbits(63) for _ in range(n)]


def simulate_deals(n: int, *, seed: int, start: int = 0,
                   players: tuple[str, str] = ("expert", "expert")) -> IntArray:
    """Deals ``start`` to ``start + n - 1`` of the seeded sequence: each played alone
    from 0-0 by two computer players (the dealer alternating), as rows of
    :data:`STREAM`. The same seed gives the same rows, in any slices.

    >>> rows = simulate_deals(3, seed=1)
    >>> rows.shape, bool((simulate_deals(1, seed=1, start=2) == rows[2]).all())
    ((3, 20), True)
    """
    seeds = _deal_seeds(start + n, seed)[start:]
    out = np.zeros((n, len(STREAM)), dtype=np.int8)
    for i, deal_seed in enumerate(seeds):
        index = start + i
        pair = [make_player(players[0], deal_seed), make_player(players[1], deal_seed + 1)]
        game = Game(deal_seed, first_dealer=index % 2)
        out[i] = deal_stream(play_one_deal(game, pair))
    return out


# --- solving the board --------------------------------------------------------------------

def _totals(deals: IntArray) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    d = deals.astype(np.int64)
    pegs = d[:, 1:1 + PEG_SLOTS]
    dealer = d[:, _HEELS] + np.where(pegs > 0, pegs, 0).sum(1) + d[:, _DEALER_HAND] + d[:, _CRIB]
    pone = np.where(pegs < 0, -pegs, 0).sum(1) + d[:, _PONE_HAND]
    return dealer, pone


def _running(deals: IntArray) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each player's running total after each column of the stream."""
    d = deals.astype(np.int64)
    dealer_part = np.where(d > 0, d, 0)
    pone_part = np.where(d < 0, -d, 0)
    dealer_part[:, _PONE_HAND] = 0
    pone_part[:, _PONE_HAND] = d[:, _PONE_HAND]
    return np.cumsum(dealer_part, 1), np.cumsum(pone_part, 1)


def order_matrix(deals: IntArray, size: int) -> FloatArray:
    """``A[a, b]``, for ``a, b`` from 0 to ``size``: the share of deals in which the
    dealer's running total reaches ``a`` strictly before pone's reaches ``b`` (a need of
    0 is already met, so ``A[0, b] = 1`` for ``b >= 1``).

    >>> deals = np.zeros((2, len(STREAM)), dtype=np.int8)
    >>> deals[0, 1], deals[0, 2] = -2, 3     # pone pegs 2, then the dealer 3
    >>> deals[1, 1] = 1                      # the dealer pegs 1, nothing more
    >>> A = order_matrix(deals, 4)
    >>> [float(A[a, b]) for a, b in ((1, 1), (1, 3), (3, 2), (3, 3))]
    [0.5, 1.0, 0.0, 0.5]
    """
    dealer_run, pone_run = _running(deals)
    n, length = dealer_run.shape
    # t[:, k]: the column at which the running total first reaches k (length if never)
    t_dealer = np.empty((n, size + 1), dtype=np.int16)
    t_pone = np.empty((n, size + 1), dtype=np.int16)
    for k in range(size + 1):
        t_dealer[:, k] = (dealer_run < k).sum(1)
        t_pone[:, k] = (pone_run < k).sum(1)
    t_dealer[:, 0] = -1  # nothing to reach: home before anything is scored
    t_pone[:, 0] = -1
    out = np.zeros((size + 1, size + 1))
    never = length
    for a in range(size + 1):
        ta = t_dealer[:, a]
        if a and not (ta < never).any():
            break
        out[a] = ((ta[:, None] < t_pone) & (ta[:, None] < never)).mean(0)
    return out


def solve(deals: IntArray, target: int, *, upto: int = 0) -> FloatArray:
    """The chance that the dealer wins, ``V[d, p]``, for every position at the start of a
    deal (the dealer has ``d``, pone ``p``, both under ``target``), when every deal is one
    of ``deals`` (rows of :data:`STREAM`), each equally likely.

    Worked from the end of the board: a position needs only positions with more points
    on the board, except after a deal where neither scores, which swaps the deal at the
    same scores: the two positions ``(d, p)`` and ``(p, d)`` are then solved together,
    exactly. ``upto`` stops once every position with at least that many points on the
    board (``d + p >= upto``) is solved (those need no others); the rest are NaN.

    A deal that always gives the dealer 1 point, in a game to 3: the first dealer pegs
    1, 2 and 3 on his deals, while pone reaches only 2 on hers.

    >>> one = np.zeros((1, len(STREAM)), dtype=np.int8); one[0, 1] = 1
    >>> float(solve(one, 3)[0, 0])
    1.0
    """
    if target < 1:
        raise IllegalActionError(f"a target is at least 1, not {target}")
    if len(deals) == 0:
        raise IllegalActionError("cannot solve the board from no deals")
    dealer_total, pone_total = _totals(deals)
    size = int(max(dealer_total.max(), pone_total.max())) + 1  # a need never met in a deal
    A = order_matrix(deals, size)
    q = np.zeros((size, size))
    np.add.at(q, (dealer_total, pone_total), 1.0 / len(deals))
    stay = float(q[0, 0])
    if stay == 1.0:
        raise IllegalActionError("no deal scores a point: nobody can ever win")
    q[0, 0] = 0.0
    V = np.zeros((target, target))
    solved = np.zeros((target, target), dtype=bool)
    for total in range(2 * target - 2, max(upto, 0) - 1, -1):
        pairs = [(d, total - d) for d in range(max(0, total - target + 1),
                                               min(total, target - 1) + 1)]
        base: dict[tuple[int, int], float] = {}
        for d, p in pairs:
            need_d, need_p = target - d, target - p
            nx, ny = min(need_d, size), min(need_p, size)
            later = 1.0 - V[p:p + ny, d:d + nx].T  # the deal passes: pone deals next
            base[d, p] = float(A[nx, ny] + (q[:nx, :ny] * later).sum())
        for d, p in pairs:
            if d == p:
                V[d, p] = (base[d, p] + stay) / (1.0 + stay)
            else:
                mine, theirs = base[d, p], base[p, d]
                V[d, p] = (mine + stay - stay * theirs - stay * stay) / (1.0 - stay * stay)
            solved[d, p] = True
    V[~solved] = np.nan
    return V


@cache
def _deals() -> IntArray:
    path = DEALS_FOLDER / DEALS_FILE
    if not path.is_file():
        raise FileNotFoundError(
            f"{path} is missing: the stored deals are kept in the repository (not in the "
            f"installed package); run python scripts/make_win_table.py from a clone")
    with np.load(BytesIO(path.read_bytes()), allow_pickle=False) as stored:
        deals: IntArray = np.array(stored["deals"], dtype=np.int8)
    deals.setflags(write=False)
    return deals


def stored_deals() -> IntArray:
    """The shipped sample of deals (rows of :data:`STREAM`), a copy.

    >>> deals = stored_deals()
    >>> deals.shape == (DEALS, len(STREAM)), int(deals[:, -3:].max()) <= 29
    (True, True)
    """
    return np.array(_deals(), copy=True)
