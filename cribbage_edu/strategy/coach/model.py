"""The judge's model of a throw, and today's model of open hands for a card: what a
throw and a card are worth, the hands the opponent could hold, the rest of the play and,
near home, the chance to win; the throw and card judges (:mod:`.throw`, :mod:`.card`) and
the reading player (:mod:`.player`) ask it, and only it asks the solvers and the tables.
A card at a table, judged from a view with the deal's history, is judged by the model of
the whole deal instead (:mod:`.deal`, :func:`~.view.judge_dealt`); this one judges a position
given without its history (:func:`~cribbage_edu.strategy.coach.judge_card`).

**A throw** is worth the advisor's three columns
(:func:`cribbage_edu.strategy.discard.advise` with ``pegging=True``): the kept hand's exact
average over the 46 starters, plus or minus the crib table's average for the two
cards thrown, plus the pegging table's net for the four kept cards (simulated, with its
95% interval). Near home the chance to win of each throw comes from
:func:`cribbage_edu.strategy.master.throw_chances` (:func:`throw_columns`), with the 95%
half-width that the pegging table's error gives it.

**A card** is worth the whole rest of the play (:func:`card_options`): every point until
the last card (fifteens, pairs, runs, 31, every go and the last card), for you less for
the opponent, averaged over every hand the opponent could hold among the cards you have
not seen (each weighted by the number of ways to hold it; suits never score in the
play, so a hand is its ranks). Where there are more than :data:`EXACT_HANDS` kinds of
hand (a first lead has about 1,800), a sample of :data:`SAMPLED_HANDS` is weighed: a
systematic sample spread over every sort of hand, from a start drawn with a seed made
from the position (so the same position always gets the same verdict), the same hands
for every card (a paired comparison: the error of a difference is smaller than that of a
value), and the verdict states the 95% interval of the sample (as for hands drawn at
random, which is on the safe side).

*The model of playing well* is minimax with both hands open
(:mod:`cribbage_edu.strategy.pegsolver`): for each hand the opponent could hold, both players
lay the cards that net them the most to the end of the play, each seeing the other's
cards. What it leaves out:

- nobody really sees the other's cards: the model is optimistic for both sides, and a
  card that only pays if the opponent guesses wrong (a trap) is worth less in it than
  at the table;
- each later card is chosen knowing the other's hand of that sample, so a card is
  valued as if the rest of the play were then laid perfectly; a real player must still
  guess later on;
- the opponent's hand is taken to be any four of the unseen cards alike; a real
  opponent kept the cards he liked (his throw is not read), and the cards he has laid
  say something of those he holds (his choices are not read either). The judge leaves
  them out, so this model judges only a position given without its history
  (:func:`~cribbage_edu.strategy.coach.judge_card`); a card at a table is judged by the
  model of the whole deal, which reads them (:mod:`.deal`, :mod:`.view`), and so does
  the computer player :class:`~cribbage_edu.strategy.coach.player.ReaderPlayer`
  (:mod:`cribbage_edu.strategy.reading`);
- the score is ignored unless ``scores`` are given and the game is within
  :data:`REACH` points of home; then each card is also weighed by the chance to win
  (:func:`rank_chances`), with both playing to win: pegging out wins at once; after the
  play the show comes in its order (pone's hand, the dealer's hand, the crib), your own
  hand exact when ``kept`` is given, the opponent's hand and the crib from the stored
  deals of the chance-to-win model (:func:`cribbage_edu.tables.chance.scenarios`, not the
  sampled hand), and the deals after from the chance-to-win table. That weighing counts
  every kind of hand the opponent could hold, or a systematic sample of
  :data:`CHANCE_HANDS` of them when there are more.

>>> from cribbage_edu.strategy.coach.position import card_position
>>> position = card_position("5C 7D", "AS", "QD 5H", "2C 9C KH QC 8S 3D", True, None,
...                          121, 0, False, None)
>>> [(option.card.symbol, option.value) for option in card_options(position)[0]]
[('5♣', 3.0), ('7♦', 1.0)]
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from ...rules.cards import Card, Hand
from ...rules.game import PlayerView
from ...rules.pegging import pile_points
from ...rules.scoring import score_hand
from ...stats import mean_error as sample_mean_error
from ...tables.chance import STREAM, scenarios, win_table
from ..discard import DiscardOption, advise
from ..master import ENDGAME, throw_chances
from ..pegsolver import PegRace, after_card, answer_after, gc_paused
from .position import CardOption, CardPosition

__all__ = [
    "CHANCE_HANDS",
    "EXACT_HANDS",
    "REACH",
    "SAMPLED_HANDS",
    "SHOW_DEALS",
    "Ranks",
    "card_options",
    "draws",
    "hand_kinds",
    "in_reach",
    "kinds_count",
    "mean_error",
    "opponent_hands",
    "position_options",
    "rank_chances",
    "rank_totals",
    "rank_values",
    "seeded",
    "throw_columns",
]

REACH = ENDGAME
"""Points from home (for either player) within which the chance to win is judged: the
master's :data:`cribbage_edu.strategy.master.ENDGAME`, about two deals' worth for pone."""
EXACT_HANDS = 120
"""Up to this many kinds of opponent hand (rank multisets) a card is judged over all of
them, exactly; past it, over a sample."""
SAMPLED_HANDS = 48
"""Opponent hands weighed (a systematic sample) when there are too many kinds to weigh
them all."""
CHANCE_HANDS = 120
"""Opponent hands over which the judge weighs a card's chance to win, near home: every
kind of hand he could hold when there are at most this many (the last cards of the play),
else a systematic sample of this many, spread over every sort of hand. Every kind at a
first lead (up to 1,820 kinds) takes about 2 s, too long between two clicks; with this
many, 40 near-home positions took a median 64 ms, the slowest 262 ms. A sample of 30 was
a few games in 100 off and misgraded close cards. A :class:`ReaderPlayer` keeps its
own, smaller setting."""
SHOW_DEALS = 400
"""Stored deals the show after the play is drawn from, near home."""

Ranks = tuple[int, ...]


def in_reach(scores: tuple[int, int] | None, target: int) -> bool:
    """Whether the chance to win is judged: ``scores`` given, and either player within
    :data:`REACH` points of the ``target``."""
    return scores is not None and min(target - scores[0], target - scores[1]) <= REACH


def throw_columns(six: Hand, dealer: bool, scores: tuple[int, int] | None, target: int, *,
                  errors: bool = True
                  ) -> list[tuple[DiscardOption, float | None, float | None]]:
    """The 15 throws of ``six`` as the advisor ranks them (with the play), each with its
    chance to win and that chance's 95% half-width from the pegging table's error
    (:func:`~cribbage_edu.strategy.master.throw_chances` with ``errors``; without them the
    half-width is 0.0, in a third of the time) when the chance is judged (near home), else
    ``None`` and ``None``."""
    advised = advise(six, dealer=dealer, pegging=True)
    chances: dict[frozenset[Card], tuple[float, float]] = {}
    if scores is not None and in_reach(scores, target):
        view = PlayerView.for_throw(six, dealer=dealer, scores=scores, target=target)
        for weighed in throw_chances(view, advised, errors=errors):
            chances[frozenset(weighed.option.discard)] = (weighed.chance, weighed.error)
    out: list[tuple[DiscardOption, float | None, float | None]] = []
    for option in advised:
        chance, error = chances.get(frozenset(option.discard), (None, None))
        out.append((option, chance, error))
    return out


def hand_kinds(unseen: Sequence[int], k: int) -> list[tuple[Ranks, int]]:
    """Every kind of hand of ``k`` cards among ``unseen`` (ranks, one entry a card), as
    sorted ranks with the number of card hands of that kind."""
    counts = [0] * 14
    for r in unseen:
        counts[r] += 1
    ranks = [r for r in range(1, 14) if counts[r]]
    out: list[tuple[Ranks, int]] = []

    def build(i: int, left: int, held: Ranks, ways: int) -> None:
        if not left:
            out.append((held, ways))
            return
        if i == len(ranks):
            return
        r = ranks[i]
        for n in range(min(left, counts[r]), -1, -1):
            build(i + 1, left - n, held + (r,) * n, ways * math.comb(counts[r], n))

    build(0, k, (), 1)
    out.sort()
    return out


def kinds_count(unseen: Sequence[int], k: int) -> int:
    """How many kinds of hand :func:`hand_kinds` would list (without listing them)."""
    counts = [0] * 14
    for r in unseen:
        counts[r] += 1
    ways = [1] + [0] * k
    for r in range(1, 14):
        if counts[r]:
            ways = [sum(ways[j - n] for n in range(min(j, counts[r]) + 1)) for j in range(k + 1)]
    return ways[k]


def opponent_hands(position: CardPosition, limit: int, sampled: int
                    ) -> tuple[list[tuple[Ranks, int]], bool]:
    """The hands the opponent could hold, with weights: all kinds when there are at most
    ``limit``, else a systematic sample of ``sampled`` hands: the kinds in a fixed order
    (hands with a pair first, then by rank), each as wide as its weight, and ``sampled``
    evenly spaced picks from a start drawn with a seed made from the position (a kind
    picked twice counts twice). Spread over every sort of hand, such a sample is more
    precise than as many hands drawn at random (about as precise as twice as many, in
    first leads tried); the error stated is a random sample's, so it errs on the safe
    side. Returns the hands and whether they are exact."""
    unseen = position.unseen_ranks()
    k = position.opponent_cards
    if kinds_count(unseen, k) <= limit:
        return hand_kinds(unseen, k), True
    kinds = sorted(hand_kinds(unseen, k), key=lambda kw: (len(set(kw[0])), kw[0]))
    total = sum(w for _, w in kinds)
    step = total / sampled
    at = seeded(position, unseen).random() * step
    picked: dict[Ranks, int] = {}
    edge = 0
    for hand, weight in kinds:
        edge += weight
        while at < edge:
            picked[hand] = picked.get(hand, 0) + 1
            at += step
    return sorted(picked.items()), False


def seeded(position: CardPosition, unseen: list[int]) -> random.Random:
    """A random generator seeded from the position: the same position, the same draws."""
    key = repr((sorted(int(c.rank) for c in position.hand),
                [int(c.rank) for c in position.pile], unseen,
                position.opponent_cards)).encode()
    return random.Random(zlib.crc32(key))


def draws(position: CardPosition, unseen: list[int], n: int) -> list[Ranks]:
    """``n`` opponent hands drawn at random from ``unseen``, in order, with a seed made
    from the position: the same position always draws the same hands."""
    rng = seeded(position, unseen)
    return [tuple(sorted(rng.sample(unseen, position.opponent_cards))) for _ in range(n)]


def mean_error(values: Sequence[float], weights: Sequence[int], exact: bool
                ) -> tuple[float, float]:
    """The mean of ``values`` drawn ``weights`` times each and, for a sample, the 95%
    half-width of its mean (:func:`cribbage_edu.stats.mean_error`)."""
    total = sum(weights)
    if exact or total < 2:
        return sum(v * w for v, w in zip(values, weights, strict=True)) / total, 0.0
    return sample_mean_error(values, weights)


class _Show:
    """The chance to win at the end of the play, from what each still needs: the show
    in its order (pone's hand, the dealer's hand, the crib), your hand exact when it is
    known, the opponent's hand and the crib from the stored deals; then the table."""

    def __init__(self, position: CardPosition) -> None:
        assert position.scores is not None
        own = None
        if position.kept is not None:
            own = score_hand(position.kept, position.starter).total
        self.key = (position.dealer, own, position.target)

    def __call__(self, need_me: int, need_them: int) -> float:
        return _show_chance(*self.key, need_me, need_them)


@cache
def _show_deals(dealer: bool, own: int | None) -> tuple[tuple[int, int, int, int], ...]:
    """The stored deals as (your hand, the opponent's hand, the crib, how many deals)."""
    pone, dealer_hand, crib = (STREAM.index(c) for c in ("pone hand", "dealer hand", "crib"))
    mine_at, theirs_at = (dealer_hand, pone) if dealer else (pone, dealer_hand)
    found: dict[tuple[int, int, int], int] = {}
    for row in scenarios()[:SHOW_DEALS]:
        deal = (row[mine_at] if own is None else own, row[theirs_at], row[crib])
        found[deal] = found.get(deal, 0) + 1
    return tuple((*deal, n) for deal, n in sorted(found.items()))


@lru_cache(maxsize=200_000)
def _show_chance(dealer: bool, own: int | None, target: int, need_me: int,
                 need_them: int) -> float:
    """Your chance to win after the play (see :class:`_Show`)."""
    table = win_table(target)
    total = 0.0
    deals = 0
    for mine, theirs, crib, n in _show_deals(dealer, own):
        deals += n
        if dealer:
            if theirs >= need_them:
                continue
            if mine + crib >= need_me:
                total += n
                continue
            got_me, got_them = mine + crib, theirs
        else:
            if mine >= need_me:
                total += n
                continue
            if theirs + crib >= need_them:
                continue
            got_me, got_them = mine, theirs + crib
        me, them = target - need_me + got_me, target - need_them + got_them
        total += n * table.chance(me, them, dealer=not dealer)  # the deal passes
    return total / deals


def card_options(position: CardPosition, limit: int = EXACT_HANDS,
                  sampled: int = SAMPLED_HANDS, chance_hands: int = CHANCE_HANDS,
                  answers_too: bool = True
                  ) -> tuple[list[CardOption], dict[int, list[float]], list[int], bool]:
    """Each legal card's columns, best first, with each rank's value in every opponent
    hand (for paired errors), the hands' weights, and whether they are exact. Without
    ``answers_too`` the answer column is left at 0 (a player needs only the values)."""
    mine = tuple(sorted(int(c.rank) for c in position.hand))
    pile = [int(c.rank) for c in position.pile]
    legal = position.legal
    ranks = sorted({int(c.rank) for c in legal})
    hands, exact = opponent_hands(position, limit, sampled)
    weights = [w for _, w in hands]
    values: dict[int, list[float]] = {r: [] for r in ranks}
    answers: dict[int, list[float]] = {r: [] for r in ranks}
    for theirs, _ in hands:
        for r in ranks:
            net, reply = (answer_after(mine, theirs, pile, r) if answers_too
                          else (after_card(mine, theirs, pile, r), 0))
            values[r].append(net)
            answers[r].append(reply)
    chances: dict[int, float] = {}
    if position.scores is not None and in_reach(position.scores, position.target):
        chances = rank_chances(position, mine, pile, ranks, chance_hands)
    options = []
    for card in legal:
        r = int(card.rank)
        value, error = mean_error(values[r], weights, exact)
        answer, _ = mean_error(answers[r], weights, exact)
        now = _pegs_now(position.pile, card)
        options.append(CardOption(card, now, answer, value, error, chances.get(r)))
    if chances:
        options.sort(key=lambda o: (-round(o.chance or 0.0, 9), -o.value, o.card))
    else:
        options.sort(key=lambda o: (-o.value, o.card))
    return options, values, weights, exact


def _pegs_now(pile: Sequence[Card], card: Card) -> int:
    return pile_points([int(c.rank) for c in (*pile, card)])


def rank_chances(position: CardPosition, mine: Ranks, pile: Sequence[int], ranks: Sequence[int],
                  hands: int) -> dict[int, float]:
    """Each rank's chance to win, both playing to win, over ``hands`` opponent hands."""
    assert position.scores is not None
    need_me = position.target - position.scores[0]
    need_them = position.target - position.scores[1]
    race = PegRace(_Show(position))
    kinds, _ = opponent_hands(position, hands, hands)
    total = sum(w for _, w in kinds)
    return {r: sum(w * race.after_card(mine, theirs, pile, r, need_me, need_them)
                   for theirs, w in kinds) / total for r in ranks}


@lru_cache(maxsize=64)
def position_options(position: CardPosition
                      ) -> tuple[list[CardOption], dict[int, list[float]], list[int], bool]:
    """:func:`card_options` for the judge, remembered for the last positions asked: one
    working-out serves every card of a position (a table judges them all ahead, while the
    learner thinks; a try again judges another). Read only, never changed."""
    with gc_paused():
        return card_options(position)


def rank_values(position: CardPosition, theirs: Ranks) -> dict[int, int]:
    """Each legal rank's net points to the end of the play against one opponent hand
    (``theirs``), both playing their best."""
    mine = tuple(sorted(int(c.rank) for c in position.hand))
    pile = [int(c.rank) for c in position.pile]
    ranks = sorted({int(c.rank) for c in position.legal})
    return {r: after_card(mine, theirs, pile, r) for r in ranks}


def rank_totals(position: CardPosition, hands: Iterable[tuple[Ranks, float]]
                ) -> dict[int, float]:
    """Each legal rank's net points to the end of the play summed over opponent
    ``hands``, each with its weight."""
    mine = tuple(sorted(int(c.rank) for c in position.hand))
    pile = [int(c.rank) for c in position.pile]
    ranks = sorted({int(c.rank) for c in position.legal})
    weighed = list(hands)
    return {r: sum(w * after_card(mine, theirs, pile, r) for theirs, w in weighed)
            for r in ranks}
