"""The simulation behind the pegging table: one deal's play, many times over.

:mod:`cribbage_edu.tables.pegtable` reads the shipped table; this module makes it (run
``python scripts/make_peg_table.py``). The model and its limits are described in
:mod:`cribbage_edu.tables.pegtable`.

>>> play_pegging("10S JD QC KH", "5S 5D 5C 5H", crib="2C 3C 9D 8D", starter="AH")
(0, 6)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..rules.cards import FULL_DECK, Card, CardLike, parse_cards
from ..rules.drive import Player, drive
from ..rules.errors import IllegalHandError
from ..rules.events import EventKind, Phase
from ..rules.game import Game, stack_deck
from ..strategy.players import ExpertPlayer
from ..tables.pegtable import EntrySums, Ranks, keep_classes

__all__ = [
    "peg_sample",
    "play_pegging",
    "sample_deal",
    "sample_seeds",
    "simulate_entry",
    "table_rows",
]


# --- one deal's play -------------------------------------------------------------------------

def play_pegging(pone: str | Iterable[CardLike], dealer: str | Iterable[CardLike], *,
                 crib: str | Iterable[CardLike], starter: CardLike,
                 players: Sequence[Player] | None = None) -> tuple[int, int]:
    """Play one deal's pegging between two kept hands of four cards, with the ``crib``
    (pone's two thrown cards, then the dealer's two) and the ``starter`` known to the
    engine, each player laying cards as its player decides (an ``expert`` by default).
    Returns the points pegged by pone and by the dealer.

    Four tens against four fives: whatever is laid, each five makes fifteen (2) and
    the second five of each round makes 30, which takes the go (1), twice: the dealer
    pegs 6 and pone nothing.

    >>> play_pegging("10S JD QC KH", "5S 5D 5C 5H", crib="2C 3C 9D 8D", starter="AH")
    (0, 6)
    """
    seats = list(players) if players is not None else [ExpertPlayer(), ExpertPlayer()]
    pone_keep, dealer_keep = parse_cards(pone), parse_cards(dealer)
    thrown = parse_cards(crib)
    if len(pone_keep) != 4 or len(dealer_keep) != 4 or len(thrown) != 4:
        raise IllegalHandError(f"the play needs four cards a hand and four in the crib, got "
                               f"'{pone_keep}', '{dealer_keep}' and '{thrown}'")
    game = Game(0, first_dealer=1, decks=[stack_deck([*pone_keep, *thrown[:2]],
                                                     [*dealer_keep, *thrown[2:]], starter)])
    game.advance()
    game.advance()
    game.discard(0, thrown[:2])
    game.discard(1, thrown[2:])
    return _peg_out(game, seats)


def _peg_out(game: Game, seats: Sequence[Player]) -> tuple[int, int]:
    """Play the deal on to the end of the play (:func:`cribbage_edu.rules.drive.drive`) and
    return the points each seat pegged."""
    drive(game, seats, stop=lambda g: g.phase is Phase.COUNT)
    points = [0, 0]
    for event in game.events:
        if event.kind is EventKind.PEG and event.player is not None:
            points[event.player] += event.points
    return points[0], points[1]


def sample_seeds(n: int, seed: int) -> list[int]:
    """The shuffles of the table: the first ``n`` 63-bit draws from ``seed``.

    >>> first = sample_seeds(3, seed=1)
    >>> len(first), first == sample_seeds(3, seed=1), first[:2] == sample_seeds(2, seed=1)
    (3, True, True)
    """
    draw = random.Random(seed)
    return [draw.getrandbits(63) for _ in range(n)]


def sample_deal(keep: Ranks, shuffle_seed: int
                ) -> tuple[list[Card], list[Card], list[Card], Card]:
    """The cards of one simulated deal for ``keep`` (four ranks): your four cards, your
    two other cards, the opponent's six and the starter. The suits of your four cards
    are drawn on their own (from the seed and the hand); the deck, shuffled from
    ``shuffle_seed`` with your four cards taken out, gives the opponent's six, then
    your two other cards, then the starter. (Taking your cards from the same shuffle,
    say the first card of each rank, would leave the opponent too few cards of your
    ranks, and the play too few pairs.)

    >>> mine, throws, theirs, starter = sample_deal((5, 5, 10, 10), 1)
    >>> sorted(int(c.rank) for c in mine), len(throws), len(theirs)
    ([5, 5, 10, 10], 2, 6)
    """
    suits = random.Random(f"{shuffle_seed} {keep}")
    mine: list[Card] = []
    for rank in keep:
        free = [c for c in FULL_DECK if c.rank == rank and c not in mine]
        mine.append(suits.choice(free))
    deck = list(FULL_DECK)
    random.Random(shuffle_seed).shuffle(deck)
    rest = [c for c in deck if c not in mine]
    return mine, rest[6:8], rest[:6], rest[8]


def peg_sample(keep: Ranks, dealer: bool, shuffle_seed: int) -> tuple[int, int]:
    """One simulated play of ``keep`` (four ranks) in a role, on the deal of
    :func:`sample_deal`: (points you peg, points the opponent pegs). You lay away your
    two other cards; the opponent throws and both lay cards as the ``expert`` does.

    >>> peg_sample((5, 5, 10, 10), True, 1)
    (9, 3)
    """
    mine, throws, theirs, starter = sample_deal(keep, shuffle_seed)
    six = mine + throws
    me = 1 if dealer else 0
    game = Game(0, first_dealer=1, decks=[stack_deck(theirs if dealer else six,
                                                     six if dealer else theirs, starter)])
    game.advance()
    game.advance()
    expert = ExpertPlayer()
    game.discard(me, throws)
    game.discard(1 - me, expert.discard(game.view(1 - me)))
    points = _peg_out(game, [expert, expert])
    return points[me], points[1 - me]


def simulate_entry(keep: Ranks, dealer: bool, seeds: Sequence[int]) -> EntrySums:
    """The sums of :func:`peg_sample` over the shuffles ``seeds``.

    >>> sums = simulate_entry((5, 5, 10, 10), True, sample_seeds(4, seed=1))
    >>> sums.n, sums.mine >= 0, sums.mine_sq >= sums.mine
    (4, True, True)
    """
    n = mine = mine_sq = theirs = theirs_sq = net_sq = 0
    for shuffle_seed in seeds:
        a, b = peg_sample(keep, dealer, shuffle_seed)
        n += 1
        mine += a
        mine_sq += a * a
        theirs += b
        theirs_sq += b * b
        net_sq += (a - b) ** 2
    return EntrySums(n, mine, mine_sq, theirs, theirs_sq, net_sq)



def table_rows(sums: dict[tuple[Ranks, bool], EntrySums],
               keeps: Sequence[Ranks] | None = None) -> list[list[Any]]:
    """The rows of the data file, for ``keeps`` (all kinds by default), in order:
    ``["1 1 1 2", [dealer sums], [pone sums]]``.

    >>> keep = (5, 5, 10, 10)
    >>> sums = {(keep, dealer): simulate_entry(keep, dealer, sample_seeds(2, seed=1))
    ...         for dealer in (True, False)}
    >>> row = table_rows(sums, [keep])[0]
    >>> row[0], row[1][0], row[2][0]
    ('5 5 10 10', 2, 2)
    """
    rows = []
    for keep in keep_classes() if keeps is None else keeps:
        row: list[Any] = [" ".join(map(str, keep))]
        for dealer in (True, False):
            s = sums[keep, dealer]
            row.append([s.n, s.mine, s.mine_sq, s.theirs, s.theirs_sq, s.net_sq])
        rows.append(row)
    return rows
