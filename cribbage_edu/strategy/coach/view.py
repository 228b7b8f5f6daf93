"""The judge at a table: a choice judged from a player's view of a game
(:func:`judge_view`), and the verdict as the coach says it there in one line
(:func:`verdict_line`).

A card in the play is judged from the view, which holds the whole history of the deal
(the opponent's cards and gos, the player's own throw), by the judge's model of the whole
deal (:func:`judge_dealt`, from :func:`~cribbage_edu.strategy.coach.deal.judge_deal`):
every card that fits is weighed over the same deals drawn for the opponent (his six from
the cards the player has not seen, kept as a strong player keeps them, weighed by how
likely a strong player was to lay what he laid and to say his gos), the rest of the play
laid with hidden hands, the whole deal counted near home. The verdict's ``loss`` is the
points the card nets less than the card that nets most, ``loss_error`` the 95% half-width
of that paired difference, and near home ``chance_loss`` the chance to win it gives away
against the best. A card whose interval of difference from the best reaches 0 is within
the judge's margin, and graded good; outside it the grade follows the points (or the
chance) lost, by the lines of :mod:`.grades`. The sentence is the reason in the words of
lesson 13 (:func:`~cribbage_edu.strategy.coach.card.card_sentence`), or, for a card within
the margin, that the judge cannot tell it from the best.

A verdict of a position is worked out once for every card (and remembered for the last
positions asked: a table judges ahead while the learner thinks, a hint asks every card).
Seeded from the position: the same position always gets the same verdict.

>>> from cribbage_edu.rules.game import stacked_game
>>> game = stacked_game("2C 3D 4H 5S 9C KD", "AC 6D 7H 10S JC QD", "8S")
>>> _ = game.discard(0, "9C KD"), game.discard(1, "JC QD"), game.advance()
>>> verdict = judge_dealt(game.view(0), "5S")  # a five is the worst lead
>>> verdict.whole_deal, verdict.best != verdict.chosen, verdict.grade.is_serious
(True, True, True)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from functools import partial

from ...rules.board import GAME_HOLE
from ...rules.cards import THIRTY_ONE, Card, CardLike, checked_card
from ...rules.checks import whole_number
from ...rules.errors import IllegalActionError, IllegalPlayError
from ...rules.events import Phase
from ...rules.game import PlayerView
from ...rules.pegging import pile_points
from ..reading import THROW_SLIP
from ..rulebook.play import PlayPosition
from .card import CardVerdict, card_sentence, judge_position, rule_of_card
from .deal import DEAL_HANDS, DealCard, DealVerdict, judge_deal
from .grades import Grade, grade_of
from .phrases import WITHIN, as_good, card_margin, percent
from .position import CardOption, CardPosition, view_position
from .throw import ThrowVerdict, judge_throw

__all__ = ["REMEMBERED", "judge_dealt", "judge_play", "judge_view", "judged_deal",
           "verdict_line"]


def judge_view(view: PlayerView, choice: str | Iterable[CardLike]) -> ThrowVerdict | CardVerdict:
    """Judge a choice from a player's view of a game: two cards in the discard
    (:func:`judge_throw`, with the board), one card in the play over the whole deal, from
    everything the view shows of it (:func:`judge_dealt`: the opponent's deal read as a
    strong player keeps and lays, the rest of the play with hidden hands). What the
    table, the terminal game, the review and the hint call.

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> judge_view(game.view(1), "6H KS").grade
    <Grade.GOOD: 'good'>
    """
    if not isinstance(view, PlayerView):
        raise IllegalActionError(f"judge_view takes a PlayerView (game.view(seat)), not "
                                 f"{view!r}")
    me = view.player
    if view.phase is Phase.DISCARD:
        return judge_throw(view.hand, choice, dealer=view.is_dealer,
                           scores=(view.scores[me], view.scores[1 - me]), target=view.target)
    card = choice if isinstance(choice, str | Card) else _one_card(choice)
    return judge_dealt(view, card)


def _one_card(choice: Iterable[CardLike]) -> CardLike:
    cards = list(choice)
    if len(cards) != 1:
        raise IllegalActionError(f"a card in the play is one card, not {len(cards)}: "
                                 f"{cards!r}")
    return cards[0]


def verdict_line(verdict: ThrowVerdict | CardVerdict) -> str:
    """The verdict as the coach says it at the table, in one line: "Right" when the
    choice was the best and the judge can tell it from every other; "Good" and a reason
    that says the choice is within the judge's margin when it cannot (a card judged over
    the whole deal, or a throw near home, whose interval of difference from the best
    reaches 0, or the best beside such choices, named); else its grade and what it cost;
    then the reason.

    >>> print(verdict_line(judge_throw("5H 5C 6D JS QH 2C", "2C 6D", dealer=True)))
    ... # doctest: +ELLIPSIS
    Right: the best throw: keep 5♣ 5♥ J♠ Q♥ (hand 12.70 + crib 3.76 ...)
    >>> from cribbage_edu.strategy.coach.card import judge_card
    >>> print(verdict_line(judge_card("5C 7D", "7D", starter="AS", pile="QD 5H",
    ...                               seen="2C 9C KH QC 8S 3D", dealer=True,
    ...                               opponent_cards=0))[:60])
    Mistake (2.0 points lost): take the points: 5♣ pegs 2 now (p
    """
    if not isinstance(verdict, ThrowVerdict | CardVerdict):
        raise IllegalActionError(f"verdict_line takes a ThrowVerdict or a CardVerdict, not "
                                 f"{verdict!r}")
    if isinstance(verdict, CardVerdict) and verdict.whole_deal:
        tied = {c.rank for c in verdict.within} - {verdict.chosen.rank}
        if verdict.chosen.rank == verdict.best.rank and tied:
            return f"Good: {verdict.sentence}"  # the sentence names the cards within
        if verdict.chosen.rank != verdict.best.rank and verdict.is_within_margin:
            less = (f"{verdict.loss:.2f} points less" if verdict.chance_loss is None
                    else f"{verdict.chance_loss:.1%} of your chance to win less")
            return f"Good ({less}): {verdict.sentence}"  # "within the judge's margin: ..."
    if isinstance(verdict, ThrowVerdict) and verdict.within:
        if verdict.chosen == verdict.best and len(verdict.within) > 1:
            return f"Good: {verdict.sentence}"  # the sentence names the throws within
        if verdict.is_within_margin and (verdict.chance_loss or 0) > 1e-9:
            return (f"Good ({verdict.chance_loss:.1%} of your chance to win less): "
                    f"{verdict.sentence}")
    lost = verdict.loss if verdict.chance_loss is None else verdict.chance_loss
    if lost < 1e-9:
        return f"Right: {verdict.sentence}"
    return f"{str(verdict.grade).capitalize()} ({_cost(verdict)}): {verdict.sentence}"


def _cost(verdict: ThrowVerdict | CardVerdict) -> str:
    """What a choice lost against the best, in words: the chance to win near home, else
    points."""
    if verdict.chance_loss is not None:
        if verdict.chance_loss < 0.005:
            return "under 1% of your chance to win lost"
        return f"{verdict.chance_loss:.0%} of your chance to win lost"
    return f"{verdict.loss:.1f} point{'' if f'{verdict.loss:.1f}' == '1.0' else 's'} lost"


# --- a card over the whole deal ---------------------------------------------------------


REMEMBERED = 64
"""How many positions' verdicts over the whole deal are remembered (the latest asked)."""
_MORE = 5
"""When no deal drawn fits what the opponent did, the judge draws this many times as
many once more before it falls back on today's model of open hands."""
_TIE = 1e-9
_remembered: OrderedDict[Hashable, DealVerdict | None] = OrderedDict()
_lock = threading.Lock()


def _view_key(view: PlayerView) -> Hashable:
    """Everything of ``view`` the judge of the whole deal reads: the board, the cards,
    and this deal's log (the opponent's cards and gos)."""
    log = tuple((e.kind, e.player, e.points, e.cards) for e in view.events
                if e.deal == view.deal)
    return (view.player, view.deal, view.dealer, view.scores, view.target, tuple(view.hand),
            tuple(view.kept), tuple(view.discards), view.starter, view.laid,
            view.opponent_cards, view.opponent_said_go, view.turn, log)


def judged_deal(view: PlayerView, deals: int = DEAL_HANDS, seed: int = 0
                ) -> DealVerdict | None:
    """:func:`judge_deal` of ``view`` with ``deals`` deals (more if none of them fits what
    the opponent did; ``None`` if none fits even then), remembered for the last
    :data:`REMEMBERED` positions asked. Read only, never changed."""
    key = (_view_key(view), deals, seed)
    with _lock:
        if key in _remembered:
            _remembered.move_to_end(key)
            return _remembered[key]
    found: DealVerdict | None = None
    for drawn in (deals, deals * _MORE):
        try:
            found = judge_deal(view, drawn, seed=seed)
            break
        except IllegalActionError as error:
            if "none of the" not in str(error):
                raise
    with _lock:
        _remembered[key] = found
        while len(_remembered) > REMEMBERED:
            _remembered.popitem(last=False)
    return found


def judge_dealt(view: PlayerView, card: CardLike, *, deals: int = DEAL_HANDS,
                seed: int = 0) -> CardVerdict:
    """Judge laying ``card`` from the player's ``view`` of a game in the play, over the
    whole deal (see the module docstring), from ``deals`` deals drawn for the opponent
    (seeded by ``seed`` and the position). A card not held, or one past 31, is refused
    with an error that names it; so is a view that is not the player's turn to lay."""
    deals = whole_number(deals, "deals", 1)
    position = view_position(view)
    laid = checked_card(card, "the card")
    if laid not in position.hand:
        raise IllegalPlayError(f"cannot lay {laid}: not in the hand '{position.hand}'")
    if position.count + laid.value > THIRTY_ONE:
        raise IllegalPlayError(f"cannot lay {laid}: count is {position.count}, "
                               f"{position.count} + {laid.value} > 31")
    deal = judged_deal(view, deals, whole_number(seed, "seed", 0))
    if deal is None:  # no deal drawn fits what he did: today's model, open hands
        return judge_position(position, laid)
    return _verdict(view, position, deal, laid, partial(judge_dealt, view, deals=deals,
                                                        seed=seed))


def judge_play(kept: str | Iterable[CardLike], card: CardLike, *,
               thrown: str | Iterable[CardLike], starter: CardLike, dealer: bool,
               laid: str | Iterable[CardLike] = (), scores: tuple[int, int] | None = None,
               target: int = GAME_HOLE, deals: int = DEAL_HANDS, seed: int = 0
               ) -> CardVerdict:
    """Judge laying ``card`` in a stated deal, over the whole deal, as a card laid in a
    game is judged: your ``kept`` four and ``thrown`` two, the ``starter``, whether you are
    the ``dealer``, every card ``laid`` this deal in order (yours are those of ``kept``;
    a go is read from the order, :meth:`~cribbage_edu.rules.game.PlayerView.in_play`),
    and the board now (``scores``, yours first; ``None`` far from home). The opponent's
    deal is read from what the statement shows him doing (his six from the cards you have
    not seen, kept as a strong player keeps, his cards and gos), the rest of the play
    laid with hidden hands, the whole deal counted near home; ``deals`` deals are drawn
    for him, seeded by ``seed`` and the position. A card within the judge's margin of the
    best is graded good. A statement no deal can make is refused with an error that
    names it.

    Lesson 14's exercise 10: the dealer on 105 holds 6♦ 8♥ K♣ 2♣ (he threw 9♠ 3♦, the Q♦
    turned) and pone, on 110, led the 6♠. Pairing the lead pegs 2 but invites pone's
    pair royal, which brings her, who counts first, within reach of home:

    >>> v = judge_play("6D 8H KC 2C", "6D", thrown="9S 3D", starter="QD", dealer=True,
    ...                laid="6S", scores=(105, 110), deals=400)
    >>> v.whole_deal, v.best.symbol, v.grade.is_serious
    (True, 'K♣', True)
    """
    view = PlayerView.in_play(kept, thrown, starter, dealer=dealer, laid=laid,
                              scores=scores, target=target)
    return judge_dealt(view, card, deals=deals, seed=seed)


def _verdict(view: PlayerView, position: CardPosition, deal: DealVerdict,
             laid: Card, rejudge: Callable[[CardLike], CardVerdict]) -> CardVerdict:
    near = deal.by_chance
    options = tuple(_option(position, row, near) for row in deal.cards)
    rows = {row.card: row for row in deal.cards}
    mine_row = rows[laid]
    best_row = deal.cards[0]
    if best_row.card.rank == laid.rank or (mine_row.difference > -_TIE
                                           and mine_row.margin < _TIE):
        best_row = mine_row  # as good as the best in every deal: the best, the one laid
    top_row = max(deal.cards, key=lambda r: (round(r.points, 9), -int(r.card.rank)))
    if top_row.card.rank == laid.rank:
        top_row = mine_row
    by_card = {o.card: o for o in options}
    mine, best, top = by_card[laid], by_card[best_row.card], by_card[top_row.card]
    loss = round(max(0.0, top.value - mine.value), 6)
    chance_loss = None
    if near and best.chance is not None and mine.chance is not None:
        chance_loss = max(0.0, best.chance - mine.chance)
    within = tuple(deal.within_margin())
    grade = Grade.GOOD if laid in within else grade_of(loss, chance_loss)
    sentence = _sentence(position, deal, mine, best, top, loss, chance_loss, within)
    rule, said = (None, "") if laid in within else rule_of_card(
        PlayPosition.from_view(view), mine, best, top, loss, chance_loss, grade)
    if said:
        sentence += f"; {said}"
    return CardVerdict(position, laid, best.card, loss, round(mine_row.points_margin, 6),
                       chance_loss, grade, sentence, options, deal.used, False,
                       margin=round(mine_row.margin, 6), within=within, whole_deal=True,
                       rule=rule, view=view, account=_account(deal), rejudge=rejudge)


def _option(position: CardPosition, row: DealCard, near: bool) -> CardOption:
    now = pile_points([int(c.rank) for c in (*position.pile, row.card)])
    # weighted means of whole numbers, rounded past the float's noise (3.0, not 2.99...)
    return CardOption(row.card, now, round(row.answer, 9), round(row.points, 9),
                      row.points_error, row.chance if near else None, row.difference,
                      row.margin)


def _sentence(position: CardPosition, deal: DealVerdict, mine: CardOption, best: CardOption,
              top: CardOption, loss: float, chance_loss: float | None,
              within: tuple[Card, ...]) -> str:
    """The reason: lesson 13's words for a card outside the margin (or the best), else
    that the judge cannot tell it from the best."""
    over = f"over {deal.used} deals"
    if mine.card.rank == best.card.rank:
        said = card_sentence(position, mine, best, top, loss, chance_loss, open_hands=False)
        others = _one_a_rank([c for c in within if c.rank != mine.card.rank])
        if others:
            rows = {row.card: row for row in deal.cards}
            alike = all(_alike(rows[c], rows[mine.card]) for c in others)
            why = (f"worth the same in every one of the {deal.used} deals" if alike
                   else f"too close to tell apart {over}")
            said += f"; {as_good(c.symbol for c in others)} as good {WITHIN} ({why})"
        return said
    if mine.card not in within:
        return card_sentence(position, mine, best, top, loss, chance_loss, open_hands=False)
    assert mine.difference is not None and mine.margin is not None
    if chance_loss is not None:
        assert best.chance is not None and mine.chance is not None
        return (f"{WITHIN}: {best.card.symbol} leaves you a chance to win of "
                f"{percent(best.chance)}, {mine.card.symbol} {percent(mine.chance)} (a "
                f"difference of {-mine.difference:.1%} ± {mine.margin:.1%}, too close to "
                f"tell apart {over})")
    return (f"{WITHIN}: {best.card.symbol} nets {best.value:+.2f} to the end of the play, "
            f"{mine.card.symbol} {mine.value:+.2f} ({-mine.difference:.2f} less ± "
            f"{mine.margin:.2f}, too close to tell apart {over})")


def _alike(one: DealCard, other: DealCard) -> bool:
    """Whether two cards are worth the same in every deal drawn (both as good as the
    best in each: no difference, and no spread of it)."""
    return all(abs(r.difference) < _TIE and r.margin < _TIE for r in (one, other))


def _one_a_rank(cards: list[Card]) -> list[Card]:
    out: list[Card] = []
    for card in cards:
        if all(c.rank != card.rank for c in out):
            out.append(card)
    return out


def _account(deal: DealVerdict) -> str:
    """How the numbers were made, in a few lines: the head of the verdict's ``why``."""
    measure = ("your chance to win of the whole deal (the rest of the play, then the show "
               "in order: pone's hand, the dealer's, the crib), and the net points to the "
               "end of the play" if deal.by_chance
               else "the net points to the end of the play (yours less his)")
    return (f"each card, best first, by {measure}, over {deal.used} deals drawn for the "
            f"opponent (of {deal.drawn} drawn; worth {deal.effective:.0f} equally weighed): "
            f"his six from the cards you have not seen, kept as a strong player keeps "
            f"them (a {THROW_SLIP:.0%} chance of another keep), each deal weighed by how "
            f"likely a strong player was to lay the cards he laid and to say his gos; the "
            f"rest of the play laid with hidden hands, each side choosing from its own "
            f"cards and what it has seen. Every card is weighed over the same deals: "
            f"'against the best' is its paired difference from the best card with its 95% "
            f"interval; graded good: {card_margin(deal.by_chance)}.")
