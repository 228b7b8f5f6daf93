"""The master: an expert that counts the pegging in its throw and plays the board.

:class:`MasterPlayer` (``make_player("master")``) decides like the ``expert``
(:class:`cribbage_edu.strategy.players.ExpertPlayer`) with two differences:

1. **The throw counts the play.** Of the 15 ways to throw, it keeps the one with the
   best hand plus or minus crib (as the expert) *plus the net pegging* of the four
   kept cards in its role, from the pegging table (:func:`cribbage_edu.tables.pegtable.peg_ev`).
2. **Near the end it plays for the win, not for points.** When either player could
   get home within about two deals, each throw is weighed by the chance to win it
   leads to (:func:`throw_chances`), and each card laid by
   :meth:`MasterPlayer.card_chances` when the game can end in this deal.

>>> from cribbage_edu.rules.game import Game
>>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
>>> [str(c) for c in MasterPlayer().discard(game.view(1))]
['6H', 'KS']
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import comb

from ..rules.cards import COUNT_VALUES, THIRTY_ONE, Card, Rank, unseen_by_rank
from ..rules.game import PlayerView
from ..rules.scoring import score_hand
from ..tables.chance import PEG_SLOTS, STREAM, scenarios, win_table
from ..tables.cribtable import crib_ev
from ..tables.pegtable import peg_ev
from .discard import DiscardOption, advise
from .players import ExpertPlayer, peg_points
from .ranks import starter_rank_points

__all__ = [
    "ENDGAME",
    "PLAY_ENDGAME",
    "SCENARIOS",
    "MasterPlayer",
    "ThrowChance",
    "chance_error",
    "throw_chances",
]

ENDGAME = 31
"""Points from home (for either player) at which the master starts to play for the win
rather than for points: about two deals' worth for pone."""

PLAY_ENDGAME = 12
"""Points from home (for either player) at which each card laid is weighed by the chance
to win rather than by points."""

SCENARIOS = 400
"""How many stored deals (:func:`cribbage_edu.tables.chance.scenarios`) a throw is weighed on."""

_HEELS, _PONE_HAND, _DEALER_HAND, _CRIB = (STREAM.index(c) for c in
                                          ("heels", "pone hand", "dealer hand", "crib"))


@dataclass(frozen=True, slots=True)
class ThrowChance:
    """A throw weighed near the end: the option (as :func:`cribbage_edu.strategy.discard.advise`
    gives it), the net pegging of the kept cards, the chance to win it leads to, and the
    95% half-width of that chance that the pegging table's sampling error causes
    (``error``: 0 unless :func:`throw_chances` is asked for it)."""

    option: DiscardOption
    pegging: float
    chance: float
    error: float = 0.0


@cache
def _role_means() -> tuple[float, float, float]:
    """The mean pegging of the dealer and of pone, and the mean crib, over the
    scenarios."""
    rows = scenarios()[:SCENARIOS]
    dealer = sum(p for r in rows for p in r[1:1 + PEG_SLOTS] if p > 0) / len(rows)
    pone = sum(-p for r in rows for p in r[1:1 + PEG_SLOTS] if p < 0) / len(rows)
    crib = sum(r[_CRIB] for r in rows) / len(rows)
    return dealer, pone, crib


def _hand_values(keep: Sequence[Card], starters: Sequence[Card]) -> list[int]:
    """What four kept cards score with each starter. Fifteens, pairs and runs come from
    the ranks alone (:func:`cribbage_edu.strategy.ranks.starter_rank_points`); only a hand that
    could hold a flush or nobs (four of a suit, or a jack) is scored card by card."""
    if len({c.suit for c in keep}) > 1 and all(c.rank is not Rank.JACK for c in keep):
        row = starter_rank_points(tuple(sorted(int(c.rank) for c in keep)))
        return [row[s.rank.offset] for s in starters]
    return [score_hand(keep, s).total for s in starters]


def throw_chances(view: PlayerView, options: Sequence[DiscardOption] | None = None, *,
                  pegging: bool = True, errors: bool = False) -> list[ThrowChance]:
    """The chance to win after each throw, for a player about to discard: best first, ties
    to the hand surest of its points (its least over the starters), then to the best on
    average.

    Each throw is played out against the same :data:`SCENARIOS` stored deals of the
    chance-to-win model: a deal's play, the opponent's hand and the crib come from the
    stored deal; the starter is each unseen card in turn, which gives the player's own
    hand its exact score (and the dealer his heels); the player's pegging and the
    opponent's are scaled to what the pegging table says the kept cards peg (unless
    ``pegging=False``), and the crib moved by what the crib table says of the throw.
    Points are scored in the order of the rules (heels, the play, pone's hand, the
    dealer's hand, the crib); the first player home wins, otherwise the chance to win is
    the table's from the new scores, with the deal passed.

    With ``errors=True`` (and the pegging counted) each chance also gets the 95%
    half-width that the pegging table's sampling error causes (:func:`chance_error`),
    worked out by playing the throw out again with each scale moved by its error; the
    chances themselves are the same either way.

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=4, first_dealer=0, scores=(112, 115)); _ = game.advance(), game.advance()
    >>> best = throw_chances(game.view(1))[0]
    >>> str(best.option.keep), 0 < best.chance < 1
    ('...', True)
    """
    if options is None:
        options = advise(list(view.hand), dealer=view.is_dealer)
    dealer = view.is_dealer
    weigh = _Weigher(view)
    my_mean, their_mean = weigh.means
    out = []
    for option in options:
        peg = peg_ev(option.keep, dealer=dealer)
        mine_scale = peg.mine / my_mean if my_mean and pegging else 1.0
        their_scale = peg.theirs / their_mean if their_mean and pegging else 1.0
        scales = [(mine_scale, their_scale)]
        if errors and pegging:
            mine_error = peg.mine_error / my_mean if my_mean else 0.0
            their_error = peg.theirs_error / their_mean if their_mean else 0.0
            scales += [(max(0.0, mine_scale + step * mine_error), their_scale)
                       for step in (-1, 1)]
            scales += [(mine_scale, max(0.0, their_scale + step * their_error))
                       for step in (-1, 1)]
        chance, *moved = weigh(option, scales)
        out.append(ThrowChance(option, peg.net, chance,
                               chance_error(chance, *moved) if moved else 0.0))
    # best first; ties (the stored deals cannot tell 99.9% from 100%): the surer hand,
    # then the better one on average
    out.sort(key=lambda t: (-round(t.chance, 9), -t.option.hand_min, -t.option.with_pegging))
    return out


def chance_error(chance: float, mine_down: float, mine_up: float, their_down: float,
                 their_up: float) -> float:
    """The 95% half-width of a throw's ``chance`` that the pegging table's sampling error
    causes, from the chance worked again with the player's pegging scale moved down and up
    by its error (``mine_down``, ``mine_up``), and the opponent's (``their_down``,
    ``their_up``): for each scale the larger move of the two (the chance is a step
    function of a scale, where a stored deal's points cross what a player needs, so one
    side alone can miss a step the other meets), the two combined in quadrature (as if
    the two errors were independent: in the table they come from the same deals).

    >>> round(chance_error(0.70, 0.55, 0.70, 0.71, 0.69), 4)  # 0.15 and 0.01
    0.1503
    """
    mine = max(abs(mine_down - chance), abs(mine_up - chance))
    theirs = max(abs(their_down - chance), abs(their_up - chance))
    return math.hypot(mine, theirs)


class _Weigher:
    """The chance to win of a throw (:func:`throw_chances`) at given pegging scales, in
    one position: what every throw shares, worked out once."""

    def __init__(self, view: PlayerView) -> None:
        me, them = view.player, 1 - view.player
        self.dealer = view.is_dealer
        self.target = view.target
        self.score_me, self.score_them = view.scores[me], view.scores[them]
        self.need_me = self.target - self.score_me
        self.need_them = self.target - self.score_them
        self.starters = view.unseen
        self.jacks = [s.rank is Rank.JACK for s in self.starters]
        self.parts = _scenario_parts()
        dealer_mean, pone_mean, self.crib_mean = _role_means()
        self.means = (dealer_mean, pone_mean) if self.dealer else (pone_mean, dealer_mean)
        self.table = win_table(self.target).dealer

    def __call__(self, option: DiscardOption, scales: Sequence[tuple[float, float]]
                 ) -> list[float]:
        """The chance to win of ``option`` at each (player's, opponent's) pegging scale,
        over the same stored deals."""
        dealer, need_me, need_them = self.dealer, self.need_me, self.need_them
        table, jacks, score_me, score_them = self.table, self.jacks, self.score_me, self.score_them
        target = self.target
        hand = _hand_values(option.keep, self.starters)
        crib_shift = crib_ev(option.discard, dealer=dealer) - self.crib_mean
        totals = [0.0] * len(scales)
        last = target - 1
        for i, (pegs, dealer_pegs, pone_pegs, pone_hand, dealer_hand, crib) in enumerate(
                self.parts):
            k = i % len(jacks)
            heels = 2 if jacks[k] else 0
            # the show in its order (pone's hand, then the dealer's hand with his crib),
            # as :func:`_show_race` plays it, written out here: this loop is on the path
            # of a click
            if dealer:
                first, second = pone_hand, hand[k] + max(0.0, crib + crib_shift)
            else:
                first, second = hand[k], dealer_hand + max(0.0, crib + crib_shift)
            for j, (mine_scale, their_scale) in enumerate(scales):
                if dealer:
                    got_me = heels + dealer_pegs * mine_scale
                    got_them = pone_pegs * their_scale
                else:
                    got_me = pone_pegs * mine_scale
                    got_them = heels + dealer_pegs * their_scale
                if got_me >= need_me or got_them >= need_them:  # someone may peg out: in order
                    home = _play_race(pegs, dealer, need_me, need_them, heels, mine_scale,
                                      their_scale)
                    if home is not None:
                        totals[j] += home
                        continue
                if dealer:
                    got_them += first
                    if got_them >= need_them:
                        continue
                    got_me += second
                    if got_me >= need_me:
                        totals[j] += 1.0
                        continue
                else:
                    got_me += first
                    if got_me >= need_me:
                        totals[j] += 1.0
                        continue
                    got_them += second
                    if got_them >= need_them:
                        continue
                mine = min(last, score_me + round(got_me))
                theirs = min(last, score_them + round(got_them))
                # the deal passes: the dealer now is pone next
                totals[j] += 1.0 - table[theirs][mine] if dealer else table[mine][theirs]
        return [total / len(self.parts) for total in totals]


@cache
def _scenario_parts() -> tuple[tuple[tuple[int, ...], int, int, int, int, int], ...]:
    """Each stored deal as (its pegging, the dealer's pegging, pone's, pone's hand, the
    dealer's hand, the crib)."""
    out = []
    for row in scenarios()[:SCENARIOS]:
        pegs = tuple(p for p in row[1:1 + PEG_SLOTS] if p)
        out.append((pegs, sum(p for p in pegs if p > 0), -sum(p for p in pegs if p < 0),
                    row[_PONE_HAND], row[_DEALER_HAND], row[_CRIB]))
    return tuple(out)


def _play_race(pegs: Sequence[int], dealer: bool, need_me: float, need_them: float,
               heels: int, mine_scale: float, their_scale: float) -> float | None:
    """His heels and the play of a stored deal, point by point: 1 if the player gets home
    first, 0 if the opponent does, ``None`` if neither does."""
    got_me = float(heels) if dealer else 0.0
    got_them = 0.0 if dealer else float(heels)
    if got_me >= need_me:
        return 1.0
    if got_them >= need_them:
        return 0.0
    for points in pegs:
        if (points > 0) == dealer:
            got_me += abs(points) * mine_scale
            if got_me >= need_me:
                return 1.0
        else:
            got_them += abs(points) * their_scale
            if got_them >= need_them:
                return 0.0
    return None


def _show_race(table: Sequence[Sequence[float]], dealer: bool, need_me: float,
               need_them: float, got_me: float, got_them: float, my_hand: int, crib: float,
               their_hand: int, score_me: int, score_them: int, target: int) -> float:
    """The show after the play, in its order: 1 if the player gets home first, 0 if the
    opponent does, else the table's chance from the new scores with the deal passed."""
    # pone's hand first, then the dealer's hand and his crib
    order = (((False, their_hand), (True, my_hand + crib)) if dealer
             else ((True, my_hand), (False, their_hand + crib)))
    for ours, points in order:
        if ours:
            got_me += points
            if got_me >= need_me:
                return 1.0
        else:
            got_them += points
            if got_them >= need_them:
                return 0.0
    mine = min(target - 1, score_me + round(got_me))
    theirs = min(target - 1, score_them + round(got_them))
    # the deal passes: the dealer now is pone next
    return 1.0 - table[theirs][mine] if dealer else table[mine][theirs]


class MasterPlayer:
    """The expert that counts the play in its throw and plays the board near the end
    (see the module docstring)."""

    name = "master"

    def __init__(self, seed: int | random.Random | None = None, *, pegging: bool = True,
                 endgame: bool = True) -> None:
        # Deterministic: the seed is accepted so that every player is built alike.
        self.seed = seed
        self.pegging = pegging  # the throw counts the play
        self.endgame = endgame  # near the end, play for the game
        self._expert = ExpertPlayer()

    def discard(self, view: PlayerView) -> Sequence[Card]:
        """The throw with the best hand, crib and pegging together; near the end, the
        throw with the best chance to win (:func:`throw_chances`)."""
        dealer = view.is_dealer
        scored = advise(list(view.hand), dealer=dealer, pegging=self.pegging)
        if self.endgame and min(view.target - s for s in view.scores) <= ENDGAME:
            best = throw_chances(view, scored, pegging=self.pegging)[0]
            return list(best.option.discard)
        return list(scored[0].discard)

    def play(self, view: PlayerView) -> Card:
        """Near the end, the card with the best chance to win
        (:meth:`card_chances`; ties go to the expert's choice); otherwise the expert's
        card (see :class:`cribbage_edu.strategy.players.ExpertPlayer`)."""
        chances = self.card_chances(view) if self.endgame else None
        if chances is None or max(chances.values()) - min(chances.values()) < 1e-9:
            return self._expert.play(view)
        values = self._expert.card_values(view)
        return max(chances, key=lambda c: (round(chances[c], 9), values[c], c.value))

    def card_chances(self, view: PlayerView) -> dict[Card, float] | None:
        """The chance to win after laying each legal card, when either player is within
        :data:`PLAY_ENDGAME` points of home (else ``None``).

        A look-ahead of one card each, like the expert's, counted in games rather than
        points: the card pegs what it pegs (home: a win); the opponent answers with each
        rank they may hold (the chance worked out from the cards this player has not
        seen), the answer worst for us first; the opponent home: a loss; our best card
        back; and then the rest of the deal is judged by the show, in its order (pone's
        hand, the dealer's hand, the crib): our own hand is known exactly, the
        opponent's hand and the crib are drawn from the stored deals of the
        chance-to-win model; if nobody gets home, the table's chance from the new scores.
        The pegging still to come after that is left out.

        Pone leads with 113 points against the dealer's 119. Her hand (2 3 4 5 with an
        8 turned) is worth 8, which she counts first: she wins unless the dealer pegs two
        first. A five would let any ten-card make fifteen for those two.

        >>> from cribbage_edu.rules.game import Game, stack_deck
        >>> deck = stack_deck("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S")
        >>> game = Game(seed=0, first_dealer=1, decks=[deck], scores=(113, 119))
        >>> _ = game.advance(), game.advance()
        >>> _ = game.discard(0, "9C KD"), game.discard(1, "JC QD"), game.advance()
        >>> chances = MasterPlayer().card_chances(game.view(0))
        >>> {str(card): round(chance, 2) for card, chance in chances.items()}
        {'2C': 0.75, '3D': 0.75, '4H': 0.75, '5S': 0.18}
        """
        me, them = view.player, 1 - view.player
        need_me = view.target - view.scores[me]
        need_them = view.target - view.scores[them]
        if min(need_me, need_them) > PLAY_ENDGAME or view.starter is None:
            return None
        options = [a.cards[0] for a in view.legal if a.cards and len(a.cards) == 1]
        if not options:
            return None
        rest = _RestOfDeal(view)
        pile = tuple(int(c.rank) for c in view.pile)
        held = _held_chances(view)
        mine_left = [int(c.rank) for c in view.hand]
        chances: dict[Card, float] = {}
        for card in options:
            rank = int(card.rank)
            after = (*pile, rank)
            now = peg_points(after)
            if now >= need_me:
                chances[card] = 1.0
                continue
            rest_mine = list(mine_left)
            rest_mine.remove(rank)
            count = sum(COUNT_VALUES[r] for r in after)
            start = () if count == THIRTY_ONE else after
            answers = []
            for r in range(1, 14):
                start_count = sum(COUNT_VALUES[x] for x in start)
                if not held[r] or start_count + COUNT_VALUES[r] > THIRTY_ONE:
                    continue
                reply = (*start, r)
                theirs = peg_points(reply)
                if theirs >= need_them:
                    answers.append((0.0, held[r]))
                    continue
                back = 0
                reply_count = sum(COUNT_VALUES[x] for x in reply)
                for mine in rest_mine:
                    if reply_count < THIRTY_ONE and reply_count + COUNT_VALUES[mine] <= THIRTY_ONE:
                        back = max(back, peg_points((*reply, mine)))
                if now + back >= need_me:
                    answers.append((1.0, held[r]))
                else:
                    answers.append((rest.chance(need_me - now - back, need_them - theirs),
                                    held[r]))
            answers.sort()
            expected, none_yet = 0.0, 1.0
            for chance, p in answers:
                expected += chance * p * none_yet
                none_yet *= 1.0 - p
            go = 1 if count < THIRTY_ONE and not rest_mine else 0  # the last card: one more
            if go and now + go >= need_me:
                expected += none_yet
            else:
                expected += none_yet * rest.chance(need_me - now - go, need_them)
            chances[card] = expected
        return chances


def _held_chances(view: PlayerView) -> list[float]:
    """For each rank (index 1-13), the chance that the opponent holds at least one card
    of it: one less the chance that all their cards come from the unseen cards of other
    ranks."""
    unseen = unseen_by_rank(c.rank for c in view.seen)
    total = sum(unseen)
    k = view.opponent_cards
    if view.opponent_said_go or not k or not total:
        return [0.0] * 14
    return [0.0] + [1.0 - comb(total - unseen[r], k) / comb(total, k) for r in range(1, 14)]


class _RestOfDeal:
    """The show still to come, for :meth:`MasterPlayer.card_chances`: our hand exactly,
    the opponent's hand and the crib from the stored deals."""

    def __init__(self, view: PlayerView) -> None:
        assert view.starter is not None
        me, them = view.player, 1 - view.player
        self.dealer = view.is_dealer
        self.target = view.target
        self.score_me, self.score_them = view.scores[me], view.scores[them]
        self.mine = score_hand(view.kept, view.starter).total
        rows = scenarios()[:SCENARIOS]
        shift = (round(crib_ev(view.discards, dealer=self.dealer) - _role_means()[2])
                 if len(view.discards) == 2 else 0)
        self.cribs = [max(0, r[_CRIB] + shift) for r in rows]
        self.theirs = [r[_PONE_HAND] if self.dealer else r[_DEALER_HAND] for r in rows]
        self._memo: dict[tuple[int, int], float] = {}

    def chance(self, need_me: int, need_them: int) -> float:
        """Our chance to win when we still need ``need_me`` and they ``need_them`` at the
        end of the play."""
        key = (need_me, need_them)
        found = self._memo.get(key)
        if found is not None:
            return found
        table = win_table(self.target).dealer
        total = sum(_show_race(table, self.dealer, need_me, need_them, 0.0, 0.0, self.mine,
                               crib, theirs, self.target - need_me, self.target - need_them,
                               self.target)
                    for theirs, crib in zip(self.theirs, self.cribs, strict=True))
        found = self._memo[key] = total / len(self.theirs)
        return found
