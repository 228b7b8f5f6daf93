"""DiscardTrainer: six cards dealt, throw two, then see your throw judged against the best
by the coach: the hand, the crib and the play (the advisor's three columns).

>>> trainer = DiscardTrainer(seed=7)
>>> first, second = trainer.value.hand[:2]
>>> trainer.picker.toggle(first); trainer.picker.toggle(second); trainer.throw_button.click()
>>> trainer.value.thrown == trainer.value.hand[:2], len(trainer.value.options)
(True, 15)
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.charts.throws_svg import throws_svg
from cribbage_edu.render import hand_html
from cribbage_edu.render.colours import COLOURS
from cribbage_edu.rules.cards import Deck, Hand
from cribbage_edu.rules.scoring import Kind
from cribbage_edu.strategy.coach import ThrowOption, ThrowVerdict, judge_throw, verdict_line
from cribbage_edu.strategy.discard import DiscardOption, advise, starter_distribution

from .ahead import ahead as work_ahead
from .ahead import result
from .cards import SelectableHand
from .feedback import Message, StaticPicture, choose_seed, seed_badge

__all__ = ["DiscardState", "DiscardTrainer", "chart_html", "options_html", "why_html"]

_KINDS = (Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS)
_KIND_WORDS = {Kind.FIFTEEN: "fifteens", Kind.PAIR: "pairs", Kind.RUN: "runs",
               Kind.FLUSH: "flushes", Kind.NOBS: "nobs"}


@dataclass(frozen=True)
class DiscardState:
    """What a :class:`DiscardTrainer` shows (read it as ``trainer.value``).

    ``verdict`` is the coach's word on the learner's throw
    (:func:`cribbage_edu.strategy.coach.judge_throw`), and ``options`` its 15 throws
    (best first, the play counted) once the learner has thrown; ``rank`` is where their
    throw stands in it (1 is the best) and ``shortfall`` how many points a deal it gives
    away against the best, as printed (the difference of the printed totals, each the
    sum of its printed columns); ``total_shortfall`` adds up the printed shortfalls.
    """

    seed: int
    dealer: bool
    hand: Hand
    selected: Hand
    thrown: Hand | None
    options: tuple[ThrowOption, ...]
    verdict: ThrowVerdict | None
    rank: int | None
    shortfall: float | None
    hands_played: int
    total_shortfall: float
    message: str


def _kind_means(keep: Hand, seen: Hand) -> dict[Kind, Fraction]:
    """The mean points of each kind the kept four make over the unseen starters."""
    return starter_distribution(keep, seen).kind_means


def why_html(mine: DiscardOption, best: DiscardOption) -> str:
    """Why the best throw beats yours: the mean points of each kind in the two kept
    hands (over the same 46 starters), the crib and, when the options were worked out
    with the play, the pegging table's net for the kept cards, side by side.

    >>> options = advise("5H 5C 6D JS QH 2C", dealer=True)
    >>> "fifteens" in why_html(options[-1], options[0])
    True
    """
    seen_mine = Hand((*mine.discard,))
    seen_best = Hand((*best.discard,))
    a, b = _kind_means(mine.keep, seen_mine), _kind_means(best.keep, seen_best)
    rows = []
    for kind in _KINDS:
        if a[kind] or b[kind]:
            diff = float(b[kind] - a[kind])
            rows.append((_KIND_WORDS[kind], float(a[kind]), float(b[kind]), diff))
    crib_sign = 1 if mine.dealer else -1
    rows.append(("crib (yours)" if mine.dealer else "crib (opponent's)",
                 crib_sign * mine.crib_ev, crib_sign * best.crib_ev,
                 crib_sign * (best.crib_ev - mine.crib_ev)))
    if mine.peg_ev or best.peg_ev:
        rows.append(("the play (net)", mine.peg_ev, best.peg_ev, best.peg_ev - mine.peg_ev))
    body = "".join(
        f"<tr><td>{escape(name)}</td><td>{x:+.2f}</td><td>{y:+.2f}</td>"
        f"<td><b>{d:+.2f}</b></td></tr>" for name, x, y, d in rows)
    big = max(rows, key=lambda row: row[3])  # the best throw's largest gain
    lead = (f"The biggest difference is in {big[0]}: {big[3]:+.2f} a deal for the best throw."
            if big[3] > 0.005 else "The two throws are worth the same.")
    small = min(rows, key=lambda row: row[3])  # where your keep does better, if anywhere
    if big[3] > 0.005 and small[3] < -0.005:
        lead += (f" Your keep does better in {small[0]} ({-small[3]:.2f} a deal), "
                 f"but not by enough.")
    return (f"<p>{escape(lead)}</p><table class='cribbage-why'><tr><th>points from</th>"
            f"<th>your keep</th><th>best keep</th><th>difference</th></tr>{body}</table>")


def options_html(options: tuple[ThrowOption, ...], mine: ThrowOption, dealer: bool) -> str:
    """The 15 throws ranked by the coach (best first, the play counted) with their three
    columns and the total, each as printed: a column rounded once to the hundredth, the
    total the sum of the printed columns. The learner's own row is marked.

    >>> verdict = judge_throw("5H 5C 6D JS QH 2C", "5H 5C", dealer=True)
    >>> mine = next(o for o in verdict.options if set(o.discard) == set(verdict.chosen))
    >>> options_html(verdict.options, mine, True).count("<tr")
    16
    """
    sign = "+" if dealer else "−"
    head = ("<tr><th>#</th><th>keep</th><th>throw</th><th>hand</th>"
            f"<th>{sign} crib</th><th>+ the play</th><th>= points a deal</th></tr>")
    body = []
    for n, option in enumerate(options, 1):
        hand, crib, play, total = option.cents(dealer)
        style = " style='background:#fff3c4;font-weight:bold'" if option is mine else ""
        cells = (str(n), option.keep.symbols, option.discard.symbols, f"{hand / 100:.2f}",
                 f"{sign} {crib / 100:.2f}", f"{play / 100:+.2f}", f"{total / 100:.2f}")
        body.append(f"<tr{style}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f"<table class='cribbage-options'>{head}{''.join(body)}</table>"


# --- the chart: the 15 throws drawn as SVG, the learner's throw marked ------------------

def chart_html(options: tuple[ThrowOption, ...], mine: ThrowOption, dealer: bool) -> str:
    """The coach's 15 throws as a chart (the rows of :func:`options_html`, in its order,
    with the same printed figures), the learner's throw outlined in red dashes on its
    row, and a line that says which row that is. Inline SVG: built in a millisecond,
    sharp at any zoom, named for a screen reader.

    >>> verdict = judge_throw("5H 5C 6D JS QH 2C", "5H 5C", dealer=True)
    >>> mine = next(o for o in verdict.options if set(o.discard) == set(verdict.chosen))
    >>> html = chart_html(verdict.options, mine, True)
    >>> html.count('class="cribbage-your-throw"'), "your throw: outlined in red dashes" in html
    (1, True)
    """
    row = options.index(mine)
    colour = COLOURS["given"]
    return (f"{throws_svg(options, dealer=dealer, mark=row)}<div class='cribbage-chart-caption'"
            f" style='font-size:small;color:{colour}'>your throw: outlined in red dashes "
            f"(row {row + 1})</div>")


def _judge_ahead(hand: Hand, dealer: bool) -> tuple[Hashable, Any]:
    """The coach's working out of every throw of ``hand`` (one judge fills its memory for
    all 15), and the key it is remembered by."""
    return ("throws", tuple(hand), dealer), lambda: judge_throw(hand, hand[:2], dealer=dealer)


class DiscardTrainer(StaticPicture, w.VBox):  # type: ignore[misc]
    """Practise the discard: six cards are dealt; select two and press Throw two.

    Then the coach judges your throw as it judges one at the table: the hand, the crib
    and the play (the advisor's three columns, :func:`~cribbage_edu.strategy.coach.
    judge_throw`). It says "Right" when you found the best throw, else where your throw
    ranks and what it gives away; it shows all 15 throws ranked (with the advisor's
    chart, your throw marked) and why the best is better. Every figure is printed as it
    adds up: each column rounded once, totals and the tally their sums. ``dealer`` says
    whose crib it is (it can be switched before throwing). Next hand deals again.

    The coach's working out of a deal is done ahead, while the learner thinks (in a
    kernel): for the hand on the table and the next one. The chart is SVG, built with
    the verdict.

    >>> trainer = DiscardTrainer(seed=7, dealer=False)
    >>> trainer.picker.toggle(trainer.value.hand[0]); trainer.throw_button.click()
    >>> trainer.value.message
    'select exactly two cards to throw: you selected 1'
    """

    RUN_TO = "choose two of these cards to throw"

    def _static_html(self) -> str:
        return "<b>Throw two to the crib</b>" + hand_html(self.picker.cards)

    def __init__(self, seed: int | None = None, *, dealer: bool = True,
                 chart: bool = True) -> None:
        super().__init__()
        self.add_class("cribbage-discard-trainer")
        self._seed = choose_seed(seed)
        self._rng = random.Random(self._seed)
        self._chart = chart
        self._hands = 0
        self._given_away = 0  # hundredths of a point, the sum of the printed shortfalls
        self._thrown: Hand | None = None
        self._verdict: ThrowVerdict | None = None
        self._upcoming = Deck(self._rng).deal(6)  # the next hand, known ahead

        self.role = w.ToggleButtons(options=[("dealer (your crib)", True),
                                             ("pone (their crib)", False)],
                                    value=dealer, description="You are")
        self.role.observe(self._role_changed, names="value")
        self.picker = SelectableHand()
        self.picker.on_change(lambda _: self._selection_changed())
        self.throw_button = w.Button(description="Throw two", button_style="primary")
        self.throw_button.add_class("cribbage-throw")
        self.throw_button.on_click(lambda _: self.throw())
        self.next_button = w.Button(description="Next hand")
        self.next_button.add_class("cribbage-next")
        self.next_button.on_click(lambda _: self.next_hand())
        self.message = Message()
        self.summary = w.HTML()
        self.summary.add_class("cribbage-discard-summary")
        self.why = w.HTML()
        self.why.add_class("cribbage-discard-why")
        self.ranking = w.HTML()
        self.ranking.add_class("cribbage-discard-ranking")
        self.chart_view = w.HTML()
        self.chart_view.add_class("cribbage-discard-chart")
        self.tally = w.HTML()
        self.children = [
            w.HBox([w.HTML("<b>Throw two to the crib</b>"), seed_badge(self._seed)]),
            self.role, self.picker, w.HBox([self.throw_button, self.next_button]),
            self.message, self.summary, self.why, self.chart_view, self.ranking, self.tally,
        ]
        self._deal()

    # --- actions -------------------------------------------------------------------------

    def _deal(self) -> None:
        hand, self._upcoming = self._upcoming, Deck(self._rng).deal(6)
        self.picker.deal(hand)
        self._thrown, self._verdict = None, None
        self.role.disabled = False
        self.summary.value = self.why.value = self.ranking.value = self.chart_view.value = ""
        self._show_tally()
        self._selection_changed()
        self._work_ahead()

    def _work_ahead(self) -> None:
        """In a kernel, start the coach on this hand and the next (as the role stands)."""
        dealer = bool(self.role.value)
        for hand in (self.picker.cards, self._upcoming):
            work_ahead(*_judge_ahead(hand, dealer))

    def _whose(self) -> str:
        return "your own crib" if self.role.value else "your opponent's crib"

    def _selection_changed(self) -> None:
        if self._thrown is not None:
            return
        n = len(self.picker.value)
        if n == 2:
            self.message.say(f"Press Throw two to lay {self.picker.value.symbols} "
                             f"away to {self._whose()}.")
        else:
            self.message.say(f"Select two cards to throw to {self._whose()} "
                             f"({n} selected).")

    def _role_changed(self, change: dict[str, object]) -> None:
        self._selection_changed()
        if self._thrown is None:
            self._work_ahead()

    def throw(self) -> None:
        """Throw the two selected cards (what Throw two does)."""
        if self._thrown is not None:
            self.message.warn("already thrown: press Next hand for a new deal")
            return
        chosen = self.picker.value
        if len(chosen) != 2:
            self.message.warn(f"select exactly two cards to throw: you selected {len(chosen)}")
            return
        hand, dealer = self.picker.cards, bool(self.role.value)
        result(*_judge_ahead(hand, dealer))  # the work done ahead (or done now)
        verdict = judge_throw(hand, chosen, dealer=dealer)
        options = verdict.options
        mine = next(o for o in options if set(o.discard) == set(chosen))
        best = options[0]
        self._thrown, self._verdict = chosen, verdict
        self.picker.lock()
        self.role.disabled = True
        self._hands += 1
        rank = options.index(mine) + 1
        short = max(0, best.cents(dealer)[3] - mine.cents(dealer)[3])
        self._given_away += short
        if verdict.loss < 1e-9:
            self.message.praise(f"Right: the best throw, {mine.net(dealer):.2f} points a "
                                f"deal with the hand, the crib and the play.")
        else:
            self.message.warn(f"Your throw ranks {rank} of 15: {mine.net(dealer):.2f} "
                              f"points a deal against {best.net(dealer):.2f} for the best "
                              f"({short / 100:.2f} less).")
        self.summary.value = (f"<p class='cribbage-coach-line'><b>Coach:</b> "
                              f"{escape(verdict_line(verdict))}</p>")
        advised = {frozenset(o.discard): o for o in advise(hand, dealer=dealer, pegging=True)}
        self.why.value = ("" if mine is best else
                          why_html(advised[frozenset(mine.discard)],
                                   advised[frozenset(best.discard)]))
        self.ranking.value = options_html(options, mine, dealer)
        if self._chart:
            self.chart_view.value = chart_html(options, mine, dealer)
        self._show_tally()

    def _show_tally(self) -> None:
        if self._hands:
            mean = self._given_away / 100 / self._hands
            text = (f"hands {self._hands} · points given away against the best: "
                    f"{self._given_away / 100:.2f} ({mean:.2f} a hand)")
        else:
            text = "hands 0"
        self.tally.value = f"<span style='font-size:small'>{text}</span>"

    def next_hand(self) -> None:
        """Deal six new cards (what Next hand does); refused until this hand is thrown."""
        if self._thrown is None:
            self.message.warn("throw two cards first: select two and press Throw two")
            return
        self._deal()

    # --- what a test or a lesson reads ---------------------------------------------------

    def __repr__(self) -> str:
        role = "dealer" if self.role.value else "pone"
        return (f"<DiscardTrainer seed {self._seed}, {role}: hand '{self.picker.cards}', "
                f"{self._hands} thrown>")

    @property
    def value(self) -> DiscardState:
        """The trainer as it stands (read-only)."""
        verdict = self._verdict
        options = () if verdict is None else verdict.options
        rank = shortfall = None
        if verdict is not None:
            dealer = verdict.dealer
            mine = next(o for o in options if set(o.discard) == set(verdict.chosen))
            rank = options.index(mine) + 1
            shortfall = max(0, options[0].cents(dealer)[3] - mine.cents(dealer)[3]) / 100
        return DiscardState(
            seed=self._seed, dealer=self.role.value, hand=self.picker.cards,
            selected=self.picker.value, thrown=self._thrown, options=options,
            verdict=verdict, rank=rank, shortfall=shortfall, hands_played=self._hands,
            total_shortfall=self._given_away / 100, message=self.message.text)

