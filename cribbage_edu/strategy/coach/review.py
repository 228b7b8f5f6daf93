"""The review: every decision of one seat in a game judged from the position it was
made in (:func:`review`), as :class:`Decision` values with totals (:class:`Review`)."""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...rules.checks import seat as check_seat
from ...rules.checks import whole_number
from ...rules.errors import IllegalActionError
from ...rules.events import ActionKind
from ...rules.game import Claim, Game
from ...rules.misses import diagnose
from ...rules.scoring import Judgement, Verdict
from .card import CardVerdict
from .grades import DecisionKind, Grade
from .throw import ThrowVerdict
from .view import judge_view

__all__ = ["Decision", "Review", "review"]


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a review: in which ``deal``, its ``kind``, the index of its
    action in ``game.actions`` (``game.replay(action)`` reopens the position), what
    was ``chosen`` and the ``best``, the ``loss`` in points, the ``chance_loss`` (or
    ``None``), the ``grade``, the ``reason`` in one sentence (naming the rule of the
    rulebook that decides, where one does: :attr:`rule`), and the ``verdict`` itself
    (a :class:`ThrowVerdict`, :class:`CardVerdict` or the count's
    :class:`~cribbage_edu.rules.scoring.Judgement`)."""

    deal: int
    kind: DecisionKind
    action: int
    chosen: str
    best: str
    loss: float
    chance_loss: float | None
    grade: Grade
    reason: str
    verdict: ThrowVerdict | CardVerdict | Judgement = field(repr=False, compare=False)

    @property
    def rule(self) -> str | None:
        """The rule of the rulebook the reason names (a throw's, a card's), or ``None``."""
        return None if isinstance(self.verdict, Judgement) else self.verdict.rule

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "kind": str(self.kind), "action": self.action,
                "chosen": self.chosen, "best": self.best, "loss": self.loss,
                "chance_loss": self.chance_loss, "grade": str(self.grade),
                "reason": self.reason, "rule": self.rule}


_COLUMNS = ("deal", "kind", "action", "chosen", "best", "loss", "chance_loss", "grade",
            "reason", "rule")


@dataclass(frozen=True, slots=True)
class Review:
    """Every decision of one ``seat`` in a game, in order, with totals: see
    :func:`review`."""

    seat: int
    names: tuple[str, str]
    decisions: tuple[Decision, ...]
    over: bool

    def totals(self) -> dict[DecisionKind, tuple[int, float]]:
        """For each kind: how many decisions and the points they lost.

        >>> Review(0, ("a", "b"), (), False).totals()[DecisionKind.CARD]
        (0, 0.0)
        """
        out = {kind: (0, 0.0) for kind in DecisionKind}
        for d in self.decisions:
            n, lost = out[d.kind]
            out[d.kind] = (n + 1, lost + d.loss)
        return out

    def by_deal(self) -> dict[int, dict[DecisionKind, float]]:
        """The points lost in each deal, by kind: what a chart draws."""
        out: dict[int, dict[DecisionKind, float]] = {}
        for d in self.decisions:
            row = out.setdefault(d.deal, dict.fromkeys(DecisionKind, 0.0))
            row[d.kind] += d.loss
        return out

    def worst(self, n: int = 3) -> list[Decision]:
        """The ``n`` most costly decisions, most costly first: by grade (a blunder
        first), then by the chance lost where it was judged, then by points; earlier
        first on ties. (A grade weighs points and the chance alike, so a blunder in
        points comes before a mistake in the chance to win.)"""
        order = list(Grade)
        return sorted((d for d in self.decisions if d.grade is not Grade.GOOD),
                      key=lambda d: (-order.index(d.grade), -(d.chance_loss or 0.0),
                                     -d.loss, d.action))[:n]

    @property
    def loss(self) -> float:
        """The points lost by every decision together."""
        return sum(d.loss for d in self.decisions)

    def to_json(self) -> str:
        """The review as JSON: the decisions, the totals by kind and by deal."""
        return json.dumps({
            "seat": self.seat, "player": self.names[self.seat], "over": self.over,
            "decisions": [d.to_dict() for d in self.decisions],
            "totals": {str(k): {"decisions": n, "loss": lost}
                       for k, (n, lost) in self.totals().items()},
            "by_deal": {str(deal): {str(k): v for k, v in row.items()}
                        for deal, row in self.by_deal().items()},
        }, indent=1)

    def to_csv(self) -> str:
        """The decisions as CSV, one a row, for a teacher's spreadsheet."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(_COLUMNS)
        for d in self.decisions:
            row = d.to_dict()
            writer.writerow(["" if row[c] is None else row[c] for c in _COLUMNS])
        return out.getvalue()

    def __str__(self) -> str:
        lines = [f"review of {self.names[self.seat]}: {len(self.decisions)} decisions, "
                 f"{self.loss:.1f} points lost"]
        for kind, (n, lost) in self.totals().items():
            lines.append(f"  {kind}: {n} decisions, {lost:.1f} points lost")
        for d in self.worst():
            lines.append(f"  deal {d.deal}, {d.kind} {d.chosen}: {d.grade}, {d.reason}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<Review of {self.names[self.seat]}: {len(self.decisions)} decisions, "
                f"{self.loss:.1f} points lost>")

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f"<th>{esc(c)}</th>" for c in ("deal", "kind", "chosen", "best",
                                                       "points lost", "chance lost", "grade",
                                                       "reason"))
        rows = []
        for d in self.decisions:
            chance = "" if d.chance_loss is None else f"{d.chance_loss:.1%}"
            rows.append(f"<tr><td>{d.deal}</td><td>{esc(str(d.kind))}</td><td>"
                        f"{esc(d.chosen)}</td><td>{esc(d.best)}</td><td>{d.loss:.2f}</td>"
                        f"<td>{chance}</td><td>{esc(str(d.grade))}</td><td "
                        f"style='text-align:left'>{esc(d.reason)}</td></tr>")
        totals = "; ".join(f"{kind}: {n} decisions, {lost:.1f} points lost"
                           for kind, (n, lost) in self.totals().items())
        return (f"<table><caption>{esc(repr(self))}: {esc(totals)}</caption><thead><tr>"
                f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _count_decision(claim: Claim, deal: int, index: int) -> Decision:
    """A count claimed by hand, charged what the rules made it cost (RULES.md and
    :meth:`~cribbage_edu.rules.game.Game.claim`): a wrong first claim that is looked at
    again (no muggins) costs nothing, the second claim is the one that scores; a claim
    that stands under the count loses the points missed, and under muggins the opponent
    takes them too (the net, as every judge counts: twice the gap); an over-claim scores
    the points the cards hold, and loses none. Graded from the points lost by the lines
    every decision is graded by."""
    score, judged = claim.score, claim.judgement
    total = score.total
    lost = 0.0 if claim.again else float(total - claim.awarded + claim.muggins)
    said = diagnose(claim.claimed, score)
    if judged.verdict is Verdict.RIGHT:
        reason = f"right: {total} ({score})"
    elif claim.again:
        reason = (f"{judged.verdict}: it scores {total}, and the claim was not taken: "
                  f"counted again, nothing lost; {said}")
    elif judged.verdict is Verdict.OVER:
        reason = f"over: it scores {total}, all the cards hold, so nothing is lost; {said}"
    elif not lost:  # a game saved before the second look scored an under-claim in full
        reason = f"under: it scores {total}, and the game scored it in full; {said}"
    else:
        taken = ", and the opponent takes them (muggins)" if claim.muggins else ""
        reason = (f"under: it scores {total}: the {judged.gap} missed are lost{taken}; "
                  f"{said}")
    return Decision(deal, DecisionKind.COUNT, index, str(claim.claimed), str(total), lost,
                    None, Grade.of_points(lost), reason, judged)


def review(game: Game, seat: int = 0, *,
           judged: Mapping[int, ThrowVerdict | CardVerdict] | None = None) -> Review:
    """Every decision ``seat`` made in ``game`` (finished or not), judged from the
    position it was made in: each throw, each card laid when more than one rank fitted,
    and each count claimed by hand. ``judged`` holds verdicts already given, by the
    index of their action in ``game.actions`` (a table that judged each decision as it
    was made): those are taken as they are, the rest judged here.

    >>> from cribbage_edu.rules.game import Game
    >>> from cribbage_edu.rules.drive import play_out
    >>> from cribbage_edu.strategy.players import ExpertPlayer
    >>> game = play_out(Game(seed=3, target=61, first_dealer=0),
    ...                 [ExpertPlayer(), ExpertPlayer()])
    >>> r = review(game, 0)
    >>> r.decisions[0].kind, r.decisions[0].deal
    (<DecisionKind.THROW: 'throw'>, 1)
    >>> len(r.to_csv().splitlines()) == len(r.decisions) + 1
    True
    """
    if not isinstance(game, Game):
        raise IllegalActionError(f"review takes a Game, not {game!r}")
    who = check_seat(seat)
    given = _given(judged, game, who)
    twin = game.replay(0)
    decisions: list[Decision] = []
    for index, action in enumerate(game.actions):
        if action.player == who:
            deal = twin.deal_number
            chooses = action.kind is ActionKind.DISCARD or (
                action.kind is ActionKind.PLAY
                and len({c.rank for c in twin.legal_cards(who)}) > 1)
            if chooses:
                verdict = given.get(index) or judge_view(twin.view(who), action.cards)
                decisions.append(_decision(verdict, deal, index))
            elif action.kind is ActionKind.CLAIM and action.points is not None:
                # the claim is made again on the replay, which says what it scored
                decisions.append(_count_decision(twin.claim(who, action.points), deal,
                                                 index))
                continue
        twin.apply(action)
    return Review(who, game.names, tuple(decisions), game.is_over)


def _given(judged: object, game: Game, seat: int) -> dict[int, ThrowVerdict | CardVerdict]:
    """The verdicts a caller already has, checked: each keyed by the index of an action
    of ``seat`` that chose what the verdict says was chosen."""
    if judged is None:
        return {}
    if not isinstance(judged, Mapping):
        raise IllegalActionError(f"judged holds verdicts by action index, not {judged!r}")
    out: dict[int, ThrowVerdict | CardVerdict] = {}
    for index, verdict in judged.items():
        number = whole_number(index, "an action index", 0, len(game.actions) - 1)
        if not isinstance(verdict, ThrowVerdict | CardVerdict):
            raise IllegalActionError(f"judged[{number}] is not a verdict: {verdict!r}")
        action = game.actions[number]
        chosen = set(verdict.chosen) if isinstance(verdict, ThrowVerdict) else {verdict.chosen}
        if action.player != seat or set(action.cards) != chosen:
            raise IllegalActionError(f"judged[{number}] is a verdict on {sorted(chosen)}, "
                                     f"but action {number} is {action}")
        out[number] = verdict
    return out


def _decision(verdict: ThrowVerdict | CardVerdict, deal: int, index: int) -> Decision:
    if isinstance(verdict, ThrowVerdict):
        chosen, best = verdict.chosen.symbols, verdict.best.symbols
    else:
        chosen, best = verdict.chosen.symbol, verdict.best.symbol
    return Decision(deal, verdict.kind, index, chosen, best, verdict.loss, verdict.chance_loss,
                    verdict.grade, verdict.sentence, verdict)
