"""The one hint: the judge's best choice in a player's place, in the judge's words.

The widget table and the terminal game both ask :func:`hint`, and the hint asks the coach's
judge (:func:`~cribbage_edu.strategy.coach.judge_view`), the same judge that grades the
learner's choice a moment later: so a learner who takes the hint is never told by the
coach that the choice was an inaccuracy. In the discard it gives the judge's best throw
(:func:`~cribbage_edu.strategy.coach.judge_throw`, with the scores, so that near home the
chance to win decides); in the play the judge's best card over the whole deal
(:func:`~cribbage_edu.strategy.coach.view.judge_dealt`: the opponent's deal read as a
strong player keeps and lays, the rest of the play with hidden hands, near home the chance
to win of the whole deal), or go. The explanation is the judge's own sentence on that
choice; where the judge grades other choices good too (within its margin: a throw under
:data:`~cribbage_edu.strategy.coach.INACCURACY` points less, or near home under
:data:`~cribbage_edu.strategy.coach.CHANCE_INACCURACY` of the chance to win; a card whose
paired 95% interval of difference from the best reaches 0, or that loses less than those
lines), it names them, in the coach's words, so that no choice is called the only right one
when the judge cannot tell them apart. The details are the next-best choices with their
worth in the judge's terms. The computer
players (expert, master) play; they do not hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..rules.cards import Card
from ..rules.errors import IllegalActionError
from ..rules.events import Action, ActionKind
from ..rules.game import PlayerView
from ..rules.pegging import score_play
from .coach import CHANCE_INACCURACY, INACCURACY, CardVerdict, Grade, ThrowVerdict, judge_view
from .coach.phrases import WITHIN, as_good, card_margin, throw_margin
from .players import pegs_out

__all__ = ["NEXT_BEST", "Hint", "hint"]

NEXT_BEST = 2
"""How many next-best throws a hint's details list."""


class Hint(NamedTuple):
    """Advice for the player whose view it is: the ``action`` the judge puts first
    (``None`` when there is nothing to decide), the ``explanation`` in one sentence (the
    judge's, with the other choices it grades as good), and ``details`` (the next-best
    throws, or every card's worth, each in the judge's terms)."""

    action: Action | None
    explanation: str
    details: tuple[str, ...] = ()


def hint(view: PlayerView) -> Hint:
    """The judge's best choice in this player's place, and why: the one hint the widget
    table and the terminal game give. In the discard, the throw
    :func:`~cribbage_edu.strategy.coach.judge_throw` puts first; in the play, the card
    the judge of the whole deal puts first (or a card that pegs out,
    which the judge grades as good as any), or go. Asking changes nothing in the game.

    >>> from cribbage_edu.rules.game import Game
    >>> game = Game(seed=2, first_dealer=0); _ = game.advance(), game.advance()
    >>> advice = hint(game.view(1))
    >>> advice.action.kind, advice.explanation.split(": ")[1].startswith("the best throw")
    (<ActionKind.DISCARD: 'discard'>, True)
    >>> from cribbage_edu.strategy.coach import judge_view
    >>> judge_view(game.view(1), advice.action.cards).grade
    <Grade.GOOD: 'good'>
    """
    if not isinstance(view, PlayerView):
        raise IllegalActionError(f"hint takes a PlayerView (game.view(seat)), not {view!r}")
    kinds = {action.kind for action in view.legal}
    if ActionKind.DISCARD in kinds:
        return _throw_hint(view)
    if ActionKind.PLAY in kinds:
        return _card_hint(view)
    if ActionKind.GO in kinds:
        return Hint(Action(ActionKind.GO, view.player), "no card fits under 31: say go")
    return Hint(None, "nothing to decide just now")


def _near_home(verdict: ThrowVerdict | CardVerdict) -> bool:
    """Whether the judge weighed the chance to win (near home) rather than points."""
    return verdict.chance_loss is not None


def _margin(near_home: bool, *, card: bool = False) -> str:
    """The judge's margin in words: what a choice may lose against the best and be good
    (for a card and for a throw near home, the coach's own words:
    :func:`~cribbage_edu.strategy.coach.phrases.card_margin`, ``throw_margin``)."""
    if card:
        return card_margin(near_home)
    if near_home:
        return throw_margin()
    return f"under {INACCURACY} points less"


def _cost(verdict: ThrowVerdict | CardVerdict) -> str:
    """What a choice loses against the judge's best, in the judge's terms, and its grade."""
    good = verdict.grade is Grade.GOOD
    # a choice within the margin needs no third figure to show it short of a line
    short = good and not verdict.is_within_margin
    if verdict.chance_loss is not None:
        lost = f"{verdict.chance_loss:.1%}"
        if short and verdict.chance_loss >= CHANCE_INACCURACY - 0.0005:
            lost = f"{verdict.chance_loss:.2%}"  # short of the margin, as printed too
    else:
        lost = f"{verdict.loss:.2f}"
        if short and verdict.loss >= INACCURACY - 0.005:
            lost = f"{verdict.loss:.3f}"
    lost = "the same" if float(lost.rstrip("%")) == 0 else f"{lost} less"
    if good:
        return f"{lost}, {WITHIN}"
    return f"{lost}: {_article(verdict.grade)}"


def _article(grade: Grade) -> str:
    return f"an {grade}" if str(grade)[0] in "aeiou" else f"a {grade}"


# --- the discard -------------------------------------------------------------------------


def _throw_hint(view: PlayerView) -> Hint:
    """The judge's best throw, its sentence, the throws it grades as good too, and the
    next-best throws with their worth."""
    probe = judge_view(view, tuple(view.hand)[:2])
    assert isinstance(probe, ThrowVerdict)
    best = probe.retry(probe.best)
    near = _near_home(best)
    others = [best.retry(option.discard) for option in best.options
              if set(option.discard) != set(best.best)]
    crib = "your crib" if view.is_dealer else f"{view.names[view.opponent]}'s crib"
    explanation = f"throw {best.best.symbols} to {crib}: {best.sentence}"
    good = [v for v in others if v.grade is Grade.GOOD]
    if good:
        named = [f"{v.chosen.symbols} ({_cost(v).split(',')[0]})" for v in good[:3]]
        if len(good) > 3:
            named.append(f"{len(good) - 3} more")
        explanation += (f"; throwing {as_good(named)} as good {WITHIN} "
                        f"({_margin(near)})")
    details = tuple(_throw_worth(v, near) for v in others[:NEXT_BEST])
    return Hint(Action(ActionKind.DISCARD, view.player, tuple(best.best)), explanation,
                details)


def _throw_worth(verdict: ThrowVerdict, near: bool) -> str:
    """A throw's worth in the judge's terms: its net points (and near home its chance to
    win), with what it loses against the best."""
    option = next(o for o in verdict.options if set(o.discard) == set(verdict.chosen))
    worth = f"nets {option.net(verdict.dealer):.2f}"
    if near and option.chance is not None:
        worth = f"chance to win {option.chance:.1%} ({worth})"
    return (f"throw {option.discard.symbols}, keep {option.keep.symbols}: {worth}, "
            f"{_cost(verdict)}")


# --- the play ----------------------------------------------------------------------------


def _card_hint(view: PlayerView) -> Hint:
    """The judge's best card (or a card that pegs out), its sentence, the cards it grades
    as good too, and every card's worth."""
    legal = [action.cards[0] for action in view.legal if action.kind is ActionKind.PLAY]
    verdicts: dict[Card, CardVerdict] = {}
    for card in legal:
        verdict = judge_view(view, (card,))
        assert isinstance(verdict, CardVerdict)
        verdicts[card] = verdict
    choice = verdicts[legal[0]].best
    out = [c for c in legal if pegs_out(view, c) and verdicts[c].grade is Grade.GOOD]
    if out and choice not in out:
        choice = out[0]  # pegging out wins: the judge grades it as good as its best
    mine = verdicts[choice]
    near = _near_home(mine)
    action = Action(ActionKind.PLAY, view.player, (choice,))
    worth = _card_worth(view, mine, verdicts)
    wins = pegs_out(view, choice)
    pegs = "; it pegs out and wins the game" if wins else _pegs_now(view, choice)
    if len({c.rank for c in legal}) == 1:
        return Hint(action, f"lay {choice.symbol}: {_no_choice(view, legal)}{pegs}", worth)
    if wins:
        explanation = f"lay {choice.symbol}: it pegs out and wins the game"
    else:
        explanation = mine.sentence + pegs
    if not view.pile and choice.value < 5:  # a new count: the lead's own principle
        explanation += (f"; a lead under five: no one card makes fifteen with it, since "
                        f"{choice.value} + 10 is only {choice.value + 10}")
    ranked = [o.card for o in mine.options if verdicts[o.card].grade is Grade.GOOD]
    good = _other_ranks(ranked, choice)
    # the judge's sentence on its best card already names the cards within its margin
    named = ({c.rank for c in mine.within} if mine.chosen.rank == mine.best.rank else set())
    extra = [c for c in good if c.rank not in named]
    if extra:
        explanation += (f"; {as_good([c.symbol for c in extra])} as good {WITHIN} "
                        f"({_margin(near, card=True)})")
    return Hint(action, explanation, worth)


def _no_choice(view: PlayerView, legal: Sequence[Card]) -> str:
    """Why there is only one choice: the last card, the only card that fits, or cards
    of one rank (suits never score in the play)."""
    if len(view.hand) == 1:
        return "your last card"
    if len(legal) == 1:
        return f"the only card you hold that fits under 31 (the count is {view.count})"
    cards = " and ".join(c.symbol for c in legal)
    fit = "" if len(legal) == len(view.hand) else " that fit under 31"
    return f"your cards{fit}, {cards}, are of one rank, and suits never score in the play"


def _pegs_now(view: PlayerView, card: Card) -> str:
    """What ``card`` pegs at once, in words (empty when it pegs nothing)."""
    play = score_play([*view.pile, card])
    return f"; it pegs {play.total} now ({play})" if play.total else ""


def _other_ranks(cards: Sequence[Card], choice: Card) -> list[Card]:
    """One card of each rank among ``cards`` other than ``choice``'s (suits never score in
    the play, so two cards of a rank are one choice)."""
    seen = {choice.rank}
    out = []
    for card in cards:
        if card.rank not in seen:
            seen.add(card.rank)
            out.append(card)
    return out


def _card_worth(view: PlayerView, mine: CardVerdict,
                verdicts: dict[Card, CardVerdict]) -> tuple[str, ...]:
    """Every card's worth by the judge, best first (its net to the end of the play, and
    near home its chance to win), each with what it loses against the best; and the
    judge's reason against the first card it grades worse than good."""
    near = _near_home(mine)
    opponent = view.names[view.opponent]
    if near:
        head = (f"Each card by the judge, best first: your chance to win (and the net "
                f"points to the end of the play, yours less {opponent}'s)")
    else:
        head = (f"Each card by the judge, best first: the net points to the end of the "
                f"play, yours less {opponent}'s")
    order = sorted(mine.options, key=lambda o: o.card != mine.chosen)  # stable: judge's order
    words = []
    for option in order:
        verdict = verdicts[option.card]
        value = f"{option.value:+.2f}"
        if near and option.chance is not None:
            value = f"{option.chance:.1%} ({value})"
        if option.card.rank != mine.chosen.rank:
            value += f", {_cost(verdict)}"
        words.append(f"{option.card.symbol} {value}")
    lines = [f"{head}: " + "; ".join(words)]
    rival = next((verdicts[o.card] for o in order
                  if verdicts[o.card].grade is not Grade.GOOD), None)
    if rival is not None:
        lines.append(f"Against {rival.chosen.symbol}, the judge says: {rival.sentence}")
    return tuple(lines)
