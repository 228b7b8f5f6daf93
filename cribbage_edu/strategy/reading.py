"""Reading the opponent: which hands his throw and the cards he has laid leave him.

A good player does not weigh every hand the opponent could hold alike. He kept four
cards of six for a reason, and each card he laid he chose from those he held: a pone
who leads a four seldom holds a lone five beside ten-cards (he would have kept the five
for his hand and led something else). :func:`read_hands` turns that into numbers, by
sampling (a particle filter over his deal):

1. **His six cards.** Draw the cards he was dealt and has not laid from the cards this
   player has not seen (his laid cards are known to be among them).
2. **His throw.** With chance ``1 - THROW_SLIP`` he kept what a strong player keeps (the
   advisor's three columns: hand, crib and play together, by ranks), otherwise any
   four; a six whose strong keep does not hold the cards he has since laid counts only
   through the second part. The draw of his keep follows those chances. The strong keep
   of every six is worked out once (:func:`strong_keep_split`) and shipped as the keep
   table (:mod:`cribbage_edu.tables.keeptable`), so a read works none out.
3. **His cards in the play.** Each card he laid with a choice is weighed by the chance
   that he would lay it: ``1 - PLAY_SLIP`` for the card the expert's look-ahead lays
   from what he could see then (:func:`cribbage_edu.strategy.players.look_ahead_values`),
   and ``PLAY_SLIP`` shared among every card he could lay.
4. **His gos.** A hand that held a card that fit when he said go cannot be his.

The model of the opponent is one strong player (the master's throw and the expert's
cards); the slips keep every consistent hand possible, so a weaker or different player
is read less sharply, not wrongly. What it leaves out: suits (the play scores none, and
a flush or his nobs seldom decides a keep), and the scores' pull on his throw near home.

The hands come back grouped by ranks, each kind with its summed weight, ready for a
judge to weigh a card over them. The sample is seeded from the position, so the same
position always reads the same.

>>> from cribbage_edu.rules.game import Game, stack_deck
>>> deck = stack_deck("4C 4D 10H JS 2C 9D", "5C 5D 6H 7S KC QD", "8S")
>>> game = Game(seed=0, first_dealer=1, decks=[deck])
>>> _ = game.advance(), game.advance()
>>> _ = game.discard(0, "2C 9D"), game.discard(1, "KC QD"), game.advance()
>>> _ = game.play(0, "4C")
>>> hands = read_hands(game.view(1))
>>> round(sum(hands.values()), 6), all(len(h) == 3 for h in hands)
(1.0, True)
"""

from __future__ import annotations

import math
import random
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..rules.cards import COUNT_VALUES, THIRTY_ONE, Card, unseen_by_rank
from ..rules.checks import whole_number
from ..rules.errors import IllegalActionError
from ..rules.events import EventKind, Phase
from ..rules.game import PlayerView
from ..tables.cribtable import crib_slot, crib_values
from ..tables.keeptable import keep_split
from ..tables.pegtable import peg_values
from .discard import UNSEEN_STARTERS
from .players import look_ahead_values
from .ranks import SPLITS, keep_rank_points

__all__ = ["PLAY_SLIP", "READ_HANDS", "THROW_SLIP", "ReadDeal", "expert_rank", "read_deals",
           "read_hands", "strong_keep_split"]

Ranks = tuple[int, ...]
Keep = Callable[[tuple[Card, ...], bool], Sequence[Card]]
"""A keep: the four cards a player keeps of his six (sorted), given whether he deals."""

READ_HANDS = 64
"""Deals drawn for the opponent by default (the setting measured)."""
THROW_SLIP = 0.1
"""The chance the opponent kept some other four than a strong player's keep."""
PLAY_SLIP = 0.2
"""The chance the opponent laid some other card than the expert's look-ahead."""
_KEEPS = math.comb(6, 4)  # the ways to keep four cards of six


@dataclass(frozen=True, slots=True)
class _Lay:
    """A card the opponent laid: its rank, the pile before it, how many cards the reader
    held then, whether the reader had said go in that series, the reader's ranks laid
    before it and the points each side needed."""

    rank: int
    pile: Ranks
    reader_cards: int
    reader_said_go: bool
    reader_laid: Ranks
    need: int
    reader_need: int


@dataclass(frozen=True, slots=True)
class _Go:
    """A go the opponent said: how many cards he had laid before it, and the room left."""

    laid_before: int
    room: int


def _history(view: PlayerView) -> tuple[list[_Lay], list[_Go]]:
    """The opponent's decisions in this deal's play, from the log the reader saw."""
    me, him = view.player, 1 - view.player
    events = [e for e in view.events if e.deal == view.deal]
    scores = list(view.scores)  # taken back to the start of the play
    started = False
    for event in events:
        started = started or event.kind is EventKind.LAY
        if started and event.player is not None and event.points:
            scores[event.player] -= event.points
    lays: list[_Lay] = []
    gos: list[_Go] = []
    pile: list[int] = []
    mine_left = 4
    my_laid: list[int] = []
    said_go = False
    started = False
    for event in events:
        started = started or event.kind is EventKind.LAY
        if not started:
            continue
        if event.kind is EventKind.LAY:
            rank = int(event.cards[0].rank)
            if event.player == him:
                lays.append(_Lay(rank, tuple(pile), mine_left, said_go, tuple(my_laid),
                                 view.target - scores[him], view.target - scores[me]))
            else:
                mine_left -= 1
                my_laid.append(rank)
            pile.append(rank)
        elif event.kind is EventKind.GO:
            if event.player == him:
                gos.append(_Go(len(lays), THIRTY_ONE - sum(COUNT_VALUES[r] for r in pile)))
            else:
                said_go = True
        elif event.kind is EventKind.RESET:
            pile, said_go = [], False
        if event.player is not None and event.points:
            scores[event.player] += event.points
    return lays, gos


@lru_cache(maxsize=200_000)
def expert_rank(held: Ranks, pile: Ranks, unseen: Ranks, reader_cards: int,
                 reader_said_go: bool, need: int, reader_need: int) -> int:
    """The rank the expert's look-ahead (:func:`~cribbage_edu.strategy.players.look_ahead_values`)
    lays from ``held`` (sorted ranks) on ``pile`` (ranks since the reset), knowing how many
    cards of each rank it has not seen (``unseen``, index 1-13), how many the other holds
    and whether he said go, and the points each side needs: of equal values, the card of
    the highest count, then the lowest rank."""
    values = look_ahead_values(held, pile, unseen, reader_cards, reader_said_go,
                               min(need, THIRTY_ONE + 1), reader_need if reader_need <= 6 else 7)
    return max(values, key=lambda r: (values[r], COUNT_VALUES[r], -r))


def _seeded(view: PlayerView, seed: int) -> random.Random:
    key = repr((seed, view.player, view.deal, str(view.kept), str(view.starter),
                [(p, str(c)) for p, c in view.laid], view.scores)).encode()
    return random.Random(zlib.crc32(key))


@dataclass(frozen=True, slots=True)
class ReadDeal:
    """One deal drawn for the opponent by :func:`read_deals`: the ``six`` cards he was
    dealt, the four he ``kept`` (those laid among them), the two he ``threw`` to the crib,
    the cards he ``holds`` now, and the deal's ``weight`` (unnormalised: the chance of
    his throw, his cards and his gos given the six; a deal a go rules out is never
    drawn)."""

    six: tuple[Card, ...]
    kept: tuple[Card, ...]
    threw: tuple[Card, ...]
    holds: tuple[Card, ...]
    weight: float


def read_deals(view: PlayerView, hands: int = READ_HANDS, *, seed: int = 0,
               throw_slip: float = THROW_SLIP, play_slip: float = PLAY_SLIP,
               suits: bool = False, keep: Keep | None = None) -> list[ReadDeal]:
    """The deals drawn for the opponent (see the module docstring), card by card, in the
    order drawn, each with its weight; the deals a go rules out, or of weight 0, are left
    out. ``hands`` deals are drawn (seeded by ``seed`` and the position). A strong keep
    is made by ranks: of two cards of one rank, the first drawn is kept.

    With ``suits``, each card he laid is also weighed by the chance that he laid that
    suit: one in as many cards of its rank as he held then (a player holding two sixes
    lays either). Without it (as :func:`read_hands` reads), a hand holding two cards of
    the rank he laid counts twice as much as it should.

    ``keep`` is the strong player's keep, if not the one by ranks: a function of his six
    cards (sorted) and whether he deals, giving the four he keeps."""
    if view.phase is not Phase.PLAY or view.starter is None:
        raise IllegalActionError(f"there is no hand to read: the game is in the {view.phase}")
    hands = whole_number(hands, "hands", 1)
    throw_slip = _chance(throw_slip, "throw_slip")
    play_slip = _chance(play_slip, "play_slip")
    rng = _seeded(view, seed)
    me = view.player
    his_laid = [c for p, c in view.laid if p != me]
    pool = view.unseen
    lays, gos = _history(view)
    n_laid = len(his_laid)
    his_ranks = [int(c.rank) for c in his_laid]
    keeps_with_laid = math.comb(6 - n_laid, 4 - n_laid)
    count_now = view.count
    out: list[ReadDeal] = []
    dealer = not view.is_dealer
    laid_ranks = Counter(int(c.rank) for c in his_laid)
    starter = int(view.starter.rank)
    play_chances: dict[tuple[Ranks, Ranks], float] = {}
    for _ in range(hands):
        extra_cards = rng.sample(pool, 6 - n_laid)
        extra = [int(c.rank) for c in extra_cards]
        six = tuple(sorted([*laid_ranks.elements(), *extra]))
        kept = None if keep is None else keep(tuple(sorted([*his_laid, *extra_cards])), dealer)
        strong = Counter(_strong_keep(six, dealer) if kept is None
                         else [int(c.rank) for c in kept])
        fits = not laid_ranks - strong if kept is None else all(c in kept for c in his_laid)
        w_strong = (1 - throw_slip) if fits else 0.0
        weight = w_strong + throw_slip * keeps_with_laid / _KEEPS
        if rng.random() * weight < w_strong:
            holds = [c for c in kept if c not in his_laid] if kept is not None else []
            wanted = strong - laid_ranks if kept is None else Counter()
            for card in extra_cards:
                if wanted[int(card.rank)]:
                    wanted[int(card.rank)] -= 1
                    holds.append(card)
        else:
            holds = rng.sample(extra_cards, 4 - n_laid)
        left = sorted(int(c.rank) for c in holds)
        if view.opponent_said_go and any(count_now + COUNT_VALUES[r] <= THIRTY_ONE
                                         for r in left):
            continue
        if any(COUNT_VALUES[r] <= go.room for go in gos
               for r in [*left, *his_ranks[go.laid_before:]]):
            continue
        laid_chance = play_chances.get((six, tuple(left)))
        if laid_chance is None:  # deals alike in his six and what he holds lay alike
            laid_chance = play_chances[six, tuple(left)] = _play_chance(
                lays, six, left, starter, play_slip)
        weight *= laid_chance
        if suits:
            for i, rank in enumerate(his_ranks):
                weight /= left.count(rank) + his_ranks[i:].count(rank)
        if weight > 0:
            held = tuple(sorted(holds))
            out.append(ReadDeal(tuple(sorted([*his_laid, *extra_cards])),
                                tuple(sorted([*his_laid, *held])),
                                tuple(sorted(c for c in extra_cards if c not in held)),
                                held, weight))
    return out


def read_hands(view: PlayerView, hands: int = READ_HANDS, *,
               seed: int = 0) -> dict[Ranks, float]:
    """The hands (sorted ranks) the opponent may still hold in the play, each with its
    chance given his throw, his cards and his gos (see the module docstring), from
    ``hands`` deals drawn for him (seeded by ``seed`` and the position): the deals of
    :func:`read_deals` grouped by the ranks he holds. Empty when no drawn deal fits what
    he did (the caller then weighs every hand alike)."""
    out: dict[Ranks, float] = {}
    for deal in read_deals(view, hands, seed=seed):
        key = tuple(sorted(int(c.rank) for c in deal.holds))
        out[key] = out.get(key, 0.0) + deal.weight
    total = sum(out.values())
    return {ranks: w / total for ranks, w in out.items()} if total else {}


def _chance(value: object, what: str) -> float:
    """A chance from 0 to 1 (a float or an int, never a bool or NaN), else an error."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise IllegalActionError(f"{what} must be a chance from 0 to 1, not {value!r}")
    return float(value)


def _play_chance(lays: Sequence[_Lay], six: Ranks, left: Sequence[int], starter: int,
                 play_slip: float = PLAY_SLIP) -> float:
    """The chance the opponent, dealt ``six`` (ranks) and holding ``left`` of them now,
    laid the cards he did."""
    unseen = unseen_by_rank((*six, starter))
    held = sorted([*left, *(lay.rank for lay in lays)])
    chance = 1.0
    for lay in lays:
        room = THIRTY_ONE - sum(COUNT_VALUES[r] for r in lay.pile)
        options = {r for r in held if COUNT_VALUES[r] <= room}
        if len(options) > 1:
            his_unseen = list(unseen)
            for r in lay.reader_laid:
                his_unseen[r] -= 1
            choice = expert_rank(tuple(held), lay.pile, tuple(his_unseen), lay.reader_cards,
                                  lay.reader_said_go, lay.need, lay.reader_need)
            chance *= (1 - play_slip) * (choice == lay.rank) + play_slip / len(options)
        held.remove(lay.rank)
    return chance


def _strong_keep(six: Ranks, dealer: bool) -> Ranks:
    """The ranks a strong player keeps of six (sorted ranks): :func:`strong_keep_split`,
    read from the shipped keep table (:mod:`cribbage_edu.tables.keeptable`)."""
    keep, _ = SPLITS[keep_split(six, dealer)]
    return tuple(six[k] for k in keep)


def strong_keep_split(six: Ranks, dealer: bool) -> int:
    """The split (its place in :data:`~cribbage_edu.strategy.ranks.SPLITS`) a strong player
    makes of six (sorted ranks): the best hand, crib and play together, as
    :func:`cribbage_edu.strategy.discard.best_discard` with the pegging column weighs them,
    but by ranks alone (a flush or his nobs seldom decides a keep; leaving suits out lets
    one answer serve every deal of the same ranks). Worked out here; the read asks the
    keep table, which ``scripts/make_keep_table.py`` makes with this."""
    parts = keep_rank_points(six)
    table = crib_values(dealer)
    pegs = peg_values(dealer=dealer)
    sign = 1.0 if dealer else -1.0
    best, best_split = -1e9, 0
    for n, (keep, (i, j)) in enumerate(SPLITS):
        w, x, y, z = (six[k] for k in keep)
        net = (parts[n][0] / UNSEEN_STARTERS + sign * table[crib_slot(six[i], six[j], False)]
               + pegs[w, x, y, z].net)
        if net > best + 1e-12:
            best, best_split = net, n
    return best_split
