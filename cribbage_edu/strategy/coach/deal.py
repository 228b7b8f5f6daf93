"""The judge's model of the game as it is played: a card of the play judged over the
whole deal, with hidden hands and the hands a strong player keeps: how the table's judge
(:func:`~cribbage_edu.strategy.coach.view.judge_dealt`, through ``judge_view``) and the
coach player (:mod:`.dealplayer`) weigh a card of a game, and ``judge_play`` a card of a
stated deal (from the view :meth:`~cribbage_edu.rules.game.PlayerView.in_play` makes of it);
:mod:`.model`'s open hands judge a position given without its history (``judge_card``).
It reads only the player's view: what the player saw, never the opponent's hand.

From a player's view of a game in the play (:func:`judge_deal`), each card that fits is
weighed so:

1. **The opponent's deal** is read as a strong player would read it
   (:func:`cribbage_edu.strategy.reading.read_deals`, a particle filter): his six drawn
   from the cards the player has not seen, his keep the master's (by ranks: hand, crib and
   play together) but for a slip chance (:data:`~cribbage_edu.strategy.reading.THROW_SLIP`)
   of any other four, and each deal weighed by the chance that the expert lays the cards
   he laid (all but :data:`~cribbage_edu.strategy.reading.PLAY_SLIP` for the expert's card)
   and of its suit among the cards of its rank he held (a hand with two sixes lays the one
   shown half the time); a deal with a card that fitted when he said go is never drawn.
   :data:`DEAL_HANDS` deals are drawn, seeded from the position.
2. **The rest of the play** is laid with hidden hands: after the card, both sides play the
   expert's look-ahead from their own cards and what they have seen (:mod:`.dealplay`).
3. **The whole deal**: a card's ``points`` are the net of the rest of the play (yours less
   his, the card's own points included; laid to the last card, whatever the score). Near
   home (either player within :data:`~cribbage_edu.strategy.coach.model.REACH` points) its
   ``chance`` to win is of the whole deal: the rest of the play, pegging out ending the
   game at once; then the show in its order (pone's hand, the dealer's hand, the crib), his
   hand the drawn keep, the crib your throw and his; then, if nobody is home, the
   chance-to-win table (:mod:`cribbage_edu.tables.chance`) from the new scores with the
   deal passed.
4. **Common random numbers**: every card is weighed over the same drawn deals (and the
   play-out draws nothing of its own), so each card's difference from the best is paired,
   and its 95% interval (:attr:`DealCard.margin`) is much tighter than either value's.
5. **Grades honest about noise**: :meth:`DealVerdict.within_margin` gives the cards whose
   interval of difference from the best reaches 0: "within the judge's margin".

The estimate is self-normalised importance sampling: each card's mean is the weighted mean
over the drawn deals, its error the usual delta-method one,
``1.96 * sqrt(sum w_i^2 (x_i - mean)^2) / sum w_i``; :attr:`DealVerdict.effective` states
how many equally weighted deals the sample is worth. Tried at three positions of seeded
games, 40 seeds of 100 deals each, 92% of the 440 intervals held the figure of 6,000 deals.

What it leaves out: suits in the read (a keep is made by ranks; the show counts the cards
drawn, so flushes and nobs count there); the scores' pull on his throw near home (the
master throws for the win there; the read keeps for points unless ``keep_for_win``, which is
slow: in lesson 14's exercise 8 it takes pone's chances from 27-37% to 16-22%, the order of
the cards the same); the expert's look-ahead is one card deep each side, so a side that
could see further plays better than modelled.

>>> from cribbage_edu.rules.game import stacked_game
>>> game = stacked_game("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S", scores=(113, 119))
>>> _ = game.discard(0, "9C KD"), game.discard(1, "JC QD"), game.advance()
>>> verdict = judge_deal(game.view(0), 60)
>>> verdict.by_chance, [c.card.symbol for c in verdict.cards][-1]
(True, '5♠')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...rules.cards import COUNT_VALUES, THIRTY_ONE, Card, unseen_by_rank
from ...rules.checks import flag, whole_number
from ...rules.errors import IllegalActionError
from ...rules.events import Phase
from ...rules.game import PlayerView
from ...rules.scoring import score_hand
from ...stats import weighted_mean_error
from ...tables.chance import win_table
from ..master import MasterPlayer
from ..players import peg_points
from ..reading import PLAY_SLIP, THROW_SLIP, ReadDeal, expert_rank, read_deals
from .dealplay import PlayedOut, play_rest
from .model import in_reach
from .position import view_position

Ranks = tuple[int, ...]

__all__ = ["DEAL_HANDS", "DealCard", "DealVerdict", "deal_answers", "deal_outcomes",
           "judge_deal", "paired"]

DEAL_HANDS = 200
"""Deals drawn for the opponent by default (before those a go rules out). Measured over
1,000 positions of seeded expert games (``benchmarks/bench_deal_model.py``): a verdict of
every card took a median 48 ms of processor time, the 99th percentile 174 ms (on the
clock, with other work on the machine: 65 ms and 528 ms); with the keep table and the
play-outs remembered within a verdict, the same verdicts took a median 49 ms of
processor time, p99 237 ms (on the clock 51 ms and 284 ms; the machine shared, so runs of
the code before differed by as much: medians 50-59 ms, p99 209-239 ms). The paired 95%
interval of the second card against the best was a median ± 0.37 points (± 0.2% of a
game near home), and 627 verdicts had more than one card within the judge's margin (cards
that play alike, or too close to tell apart at this sample)."""
_TIE = 1e-9
_DANGER = 7
"""Needs the look-ahead tells apart for the other side: 1 to 6, and more (as
:mod:`.dealplay` asks it)."""
_MASTER = MasterPlayer()


@dataclass(frozen=True, slots=True)
class DealCard:
    """One card judged over the deal: its mean net ``points`` to the end of the play, with
    their 95% ``points_error``; its ``chance`` to win (``None`` away from home) with its
    ``chance_error``; and, on the measure the verdict ranks by, ``difference`` (the card's
    mean less the best card's, never above 0) with ``margin``, the 95% half-width of that
    paired difference. ``answer`` is what the opponent's reply to the card pegs at once, on
    average (his hidden-hand choice; 0 when he cannot lay on it), and ``points_margin`` the
    95% half-width of the card's paired difference in points from the card that nets most
    (the same as ``margin`` away from home, where points rank)."""

    card: Card
    points: float
    points_error: float
    chance: float | None
    chance_error: float | None
    difference: float
    margin: float
    answer: float = 0.0
    points_margin: float = 0.0

    def row(self) -> str:
        text = f"{self.card.symbol}: {self.points:+.2f} (± {self.points_error:.2f}) points"
        if self.chance is not None:
            text += f", chance to win {self.chance:.1%} (± {self.chance_error or 0:.1%})"
        return text + f"; against the best {self.difference:+.3f} (± {self.margin:.3f})"


@dataclass(frozen=True, slots=True)
class DealVerdict:
    """Every card that fits, best first (:class:`DealCard`), ranked by the chance to win
    when ``by_chance`` (near home), else by points; ``drawn`` deals were drawn for the
    opponent, ``used`` fitted what he did, worth ``effective`` equally weighed deals."""

    cards: tuple[DealCard, ...]
    by_chance: bool
    drawn: int
    used: int
    effective: float

    @property
    def best(self) -> Card:
        return self.cards[0].card

    def within_margin(self) -> list[Card]:
        """The cards within the judge's margin of the best: those whose 95% interval of
        the paired difference from the best card reaches 0 (the best among them)."""
        return [c.card for c in self.cards if c.difference + c.margin >= -_TIE]

    def card(self, card: object) -> DealCard:
        """The judged row of ``card`` (a card that fits), else an error naming it."""
        for row in self.cards:
            if row.card == card or str(row.card) == card:
                return row
        fits = " ".join(str(c.card) for c in self.cards)
        raise IllegalActionError(f"{card!r} is not a card that fits here: {fits}")


def paired(values: Sequence[float], base: Sequence[float], weights: Sequence[float]
           ) -> tuple[float, float]:
    """The weighted mean of ``values - base`` (pairs drawn together) and its 95% half-width
    (self-normalised importance sampling, :func:`cribbage_edu.stats.weighted_mean_error`;
    ``base`` all 0 gives a plain weighted mean).

    >>> mean, margin = paired([1.0, 3.0], [0.0, 0.0], [1.0, 1.0])  # s.e. sqrt(2) / 2
    >>> mean, round(margin, 3)
    (2.0, 1.386)
    """
    diffs = [v - b for v, b in zip(values, base, strict=True)]
    mean, half = weighted_mean_error(diffs, weights)
    return mean, round(half, 12)


def deal_outcomes(view: PlayerView, deals: Sequence[ReadDeal]
                  ) -> dict[int, list[tuple[int, float | None]]]:
    """For each rank that fits, over each of ``deals`` (in order): the net points to the
    end of the play and, near home, the chance to win of the whole deal (else ``None``)."""
    assert view.starter is not None
    me = view.player
    mine = tuple(sorted(int(c.rank) for c in view.hand))
    pile = tuple(int(c.rank) for c in view.pile)
    ranks = sorted({int(c.rank) for c in _fits(view)})
    target = view.target
    need_me, need_him = target - view.scores[me], target - view.scores[1 - me]
    near = in_reach((view.scores[me], view.scores[1 - me]), target)
    my_blind = unseen_by_rank(c.rank for c in view.seen)
    mine_show = score_hand(view.kept, view.starter).total
    out: dict[int, list[tuple[int, float | None]]] = {r: [] for r in ranks}
    played_for: dict[tuple[Ranks, Ranks | None, int], PlayedOut] = {}
    for deal in deals:
        his = tuple(sorted(int(c.rank) for c in deal.holds))
        his_seen = {*deal.six, view.starter, *(c for _, c in view.laid)}
        his_blind = unseen_by_rank(c.rank for c in his_seen)
        # His unseen cards steer only his choices: with one rank left he has none, and
        # deals alike in his ranks play alike (the same play-out, not played again).
        blind_key = tuple(his_blind) if len(set(his)) > 1 else None
        show = None
        if near:
            his_show = score_hand(deal.kept, view.starter).total
            crib = score_hand([*view.discards, *deal.threw], view.starter, crib=True).total
            show = (mine_show, his_show, crib)
        for r in ranks:
            played = played_for.get((his, blind_key, r))
            if played is None:
                played = played_for[his, blind_key, r] = play_rest(
                    mine, his, pile, r, my_blind, his_blind, view.opponent_said_go, need_me,
                    need_him)
            chance = None
            if show is not None:
                chance = _deal_chance(played, show, view.is_dealer, need_me, need_him,
                                      view.scores[me], view.scores[1 - me], target)
            out[r].append((played.net, chance))
    return out


def deal_answers(view: PlayerView, deals: Sequence[ReadDeal]) -> dict[int, list[int]]:
    """For each rank that fits, over each of ``deals`` (in order): what the opponent's reply
    to it pegs at once, as the rest of the play lays it (:mod:`.dealplay`: his hidden-hand
    look-ahead from his cards and what he has seen); 0 when he cannot lay on it (he said
    go, no card of his fits, or the card made 31 and the count starts again)."""
    assert view.starter is not None
    me = view.player
    mine = len(view.hand) - 1
    pile = tuple(int(c.rank) for c in view.pile)
    need_me, need_him = view.target - view.scores[me], view.target - view.scores[1 - me]
    ranks = sorted({int(c.rank) for c in _fits(view)})
    out: dict[int, list[int]] = {r: [] for r in ranks}
    answered: dict[tuple[Ranks, Ranks, int], int] = {}
    for deal in deals:
        his = tuple(sorted(int(c.rank) for c in deal.holds))
        blind = unseen_by_rank(c.rank for c in {*deal.six, view.starter,
                                                *(c for _, c in view.laid)})
        seen = tuple(blind)
        for r in ranks:
            found = answered.get((his, seen, r))
            if found is None:
                found = answered[his, seen, r] = _answer(
                    his, pile, r, blind, view.opponent_said_go, mine, need_him, need_me)
            out[r].append(found)
    return out


def _answer(his: Ranks, pile: Ranks, rank: int, blind: list[int], his_go: bool, mine: int,
            need_him: int, need_me: int) -> int:
    """What the opponent's reply to ``rank`` laid on ``pile`` pegs, as :func:`play_rest`
    chooses it (the same look-ahead, asked with the same arguments)."""
    seq = (*pile, rank)
    room = THIRTY_ONE - sum(COUNT_VALUES[r] for r in seq)
    fits = sorted({r for r in his if COUNT_VALUES[r] <= room})
    if his_go or room == 0 or not fits:
        return 0
    if len(fits) == 1:
        reply = fits[0]
    else:
        after = list(blind)
        after[rank] -= 1
        reply = expert_rank(his, seq, tuple(after), mine, False,
                            min(max(need_him, 1), THIRTY_ONE + 1),
                            min(max(need_me - peg_points(seq), 1), _DANGER))
    return peg_points((*seq, reply))


def _deal_chance(played: PlayedOut, show: tuple[int, int, int], dealer: bool, need_me: int,
                 need_him: int, score_me: int, score_him: int, target: int) -> float:
    """The chance to win after the play: home in the play decides; else the show in its
    order (pone's hand, the dealer's hand, the crib), then the table with the deal passed."""
    if played.home is not None:
        return played.home
    mine, his, crib = show
    got = [played.mine, played.his]  # side 0 is the judged player's, 1 the opponent's
    need = (need_me, need_him)
    pone = 1 if dealer else 0
    for side, points in ((pone, (mine, his)[pone]), (1 - pone, (mine, his)[1 - pone] + crib)):
        got[side] += points  # pone's hand, then the dealer's hand and his crib
        if got[side] >= need[side]:
            return 1.0 if side == 0 else 0.0
    return _table_chance(score_me + got[0], score_him + got[1], not dealer, target)


@lru_cache(maxsize=100_000)
def _table_chance(mine: int, his: int, dealer: bool, target: int) -> float:
    return win_table(target).chance(mine, his, dealer=dealer)


class _KeepForWin:
    """The opponent's keep as the master makes it from his board (his score first)."""

    def __init__(self, scores: tuple[int, int], target: int) -> None:
        self.scores, self.target = scores, target

    def __call__(self, six: tuple[Card, ...], dealer: bool) -> tuple[Card, ...]:
        return _kept_for_win(six, dealer, self.scores, self.target)


@lru_cache(maxsize=20_000)
def _kept_for_win(six: tuple[Card, ...], dealer: bool, scores: tuple[int, int],
                  target: int) -> tuple[Card, ...]:
    view = PlayerView.for_throw(six, dealer=dealer, scores=scores, target=target)
    thrown = _MASTER.discard(view)
    return tuple(c for c in six if c not in thrown)


def _fits(view: PlayerView) -> list[Card]:
    return [c for c in view.hand if view.count + c.value <= THIRTY_ONE]


def judge_deal(view: PlayerView, deals: int = DEAL_HANDS, *, seed: int = 0,
               throw_slip: float = THROW_SLIP, play_slip: float = PLAY_SLIP,
               keep_for_win: bool = False, answers: bool = True) -> DealVerdict:
    """Every card that fits for the player of ``view``, judged over the whole deal (see the
    module docstring), from ``deals`` deals drawn for the opponent (seeded by ``seed`` and
    the position: the same position, the same verdict). ``throw_slip`` and ``play_slip``
    are the read's chances that he kept, or laid, other than the strong player would. With
    ``keep_for_win`` he keeps as the master does, near home for the win by the score
    (:meth:`~cribbage_edu.strategy.master.MasterPlayer.discard`, about 10 ms a deal drawn:
    a measure for now, too slow for a table), not by ranks for points. Without ``answers``
    each card's :attr:`DealCard.answer` is left at 0 (a player needs only the values).

    A view that is not the player's turn in the play, or a position no deal can reach,
    is refused with an error that names what is wrong."""
    if not isinstance(view, PlayerView):
        raise IllegalActionError(f"judge_deal takes a player's view of a game, not {view!r}")
    if view.phase is Phase.PLAY and view.turn != view.player:
        raise IllegalActionError(f"it is not this player's turn to lay a card: player "
                                 f"{view.turn} lays next")
    view_position(view)  # every check of a position in the play
    fits = _fits(view)
    if not fits:
        raise IllegalActionError(f"no card of '{view.hand}' fits on the count of "
                                 f"{view.count}: the player says go")
    if len(view.kept) != 4 or len(view.discards) != 2:
        raise IllegalActionError("the view does not show the player's own throw: a deal "
                                 "in the play shows its four kept and two thrown")
    deals = whole_number(deals, "deals", 1)
    me = view.player
    keep = (_KeepForWin((view.scores[1 - me], view.scores[me]), view.target)
            if flag(keep_for_win, "keep_for_win") else None)
    drawn = read_deals(view, deals, seed=seed, throw_slip=throw_slip, play_slip=play_slip,
                       suits=True, keep=keep)
    if not drawn:
        raise IllegalActionError(f"none of the {deals} deals drawn for the opponent fits "
                                 f"what he has laid and said: draw more")
    weights = [d.weight for d in drawn]
    outcomes = deal_outcomes(view, drawn)
    near = next(iter(outcomes.values()))[0][1] is not None
    measure = {r: [c if near and c is not None else float(p) for p, c in rows]
               for r, rows in outcomes.items()}
    zero = [0.0] * len(drawn)
    means = {r: paired(m, zero, weights)[0] for r, m in measure.items()}
    points = {r: paired([float(p) for p, _ in rows], zero, weights)
              for r, rows in outcomes.items()}
    best = max(means, key=lambda r: (round(means[r], 9), points[r][0], -r))
    top = max(points, key=lambda r: (round(points[r][0], 9), -r))
    replies = (deal_answers(view, drawn) if flag(answers, "answers")
               else {r: [0] * len(drawn) for r in outcomes})
    rows = []
    for card in fits:
        r = int(card.rank)
        chance = (paired([c for _, c in outcomes[r] if c is not None], zero, weights)
                  if near else None)
        difference, margin = paired(measure[r], measure[best], weights)
        points_margin = (paired([float(p) for p, _ in outcomes[r]],
                                [float(p) for p, _ in outcomes[top]], weights)[1]
                         if near else margin)
        rows.append(DealCard(card, points[r][0], points[r][1],
                             None if chance is None else chance[0],
                             None if chance is None else chance[1],
                             min(0.0, difference), margin,
                             paired([float(a) for a in replies[r]], zero, weights)[0],
                             points_margin))
    rows.sort(key=lambda c: (-round(c.difference, 9), -c.points, c.card))
    total = sum(weights)
    effective = total * total / sum(w * w for w in weights)
    return DealVerdict(tuple(rows), near, deals, len(drawn), effective)

