"""DiscardTrainer: six cards dealt, throw two, then see your throw against the best.

>>> trainer = DiscardTrainer(seed=7)
>>> first, second = trainer.value.hand[:2]
>>> trainer.picker.toggle(first); trainer.picker.toggle(second); trainer.throw_button.click()
>>> trainer.value.thrown == trainer.value.hand[:2], len(trainer.value.options)
(True, 15)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from html import escape

import ipywidgets as w  # type: ignore[import-untyped]
from matplotlib.figure import Figure

from cribbage_edu.charts import advice_chart
from cribbage_edu.rules.cards import Deck, Hand
from cribbage_edu.rules.scoring import Kind
from cribbage_edu.strategy.discard import DiscardOption, advise, discard_table, starter_distribution

from .cards import SelectableHand, cards_html
from .drawing import clear, prepare
from .feedback import Message, StaticPicture, choose_seed, draw_soon, seed_badge

__all__ = ["DiscardState", "DiscardTrainer", "why_html"]

_KINDS = (Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS)
_KIND_WORDS = {Kind.FIFTEEN: "fifteens", Kind.PAIR: "pairs", Kind.RUN: "runs",
               Kind.FLUSH: "flushes", Kind.NOBS: "nobs"}


@dataclass(frozen=True)
class DiscardState:
    """What a :class:`DiscardTrainer` shows (read it as ``trainer.value``).

    ``options`` is the advisor's list (best first) once the learner has thrown;
    ``rank`` is where their throw stands in it (1 is the best) and ``shortfall`` how
    many points a deal it gives away against the best, on average.
    """

    seed: int
    dealer: bool
    hand: Hand
    selected: Hand
    thrown: Hand | None
    options: tuple[DiscardOption, ...]
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
    hands (over the same 46 starters) and the crib, side by side.

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


def options_html(options: tuple[DiscardOption, ...], mine: DiscardOption) -> str:
    """The 15 throws ranked (the engine's :func:`discard_table`), the best first and the
    learner's own marked."""
    header, *rows = discard_table(options, pegging=False, symbols=True)
    head = "<tr><th>#</th>" + "".join(f"<th>{h}</th>" for h in header) + "</tr>"
    body = []
    for n, (option, row) in enumerate(zip(options, rows, strict=True), 1):
        style = " style='background:#fff3c4;font-weight:bold'" if option is mine else ""
        body.append(f"<tr{style}><td>{n}</td>" + "".join(f"<td>{c}</td>" for c in row)
                    + "</tr>")
    return f"<table class='cribbage-options'>{head}{''.join(body)}</table>"


class DiscardTrainer(StaticPicture, w.VBox):  # type: ignore[misc]
    """Practise the discard: six cards are dealt; select two and press Throw.

    Then the trainer shows your throw's expected value against the best one, all 15
    throws ranked (with the advisor's chart) and why the best is better. ``dealer``
    says whose crib it is (it can be switched before throwing). Next hand deals again.

    >>> trainer = DiscardTrainer(seed=7, dealer=False)
    >>> trainer.picker.toggle(trainer.value.hand[0]); trainer.throw_button.click()
    >>> trainer.value.message
    'select exactly two cards to throw: you selected 1'
    """

    RUN_TO = "choose two of these cards to throw"

    def _static_html(self) -> str:
        return "<b>Throw two to the crib</b>" + cards_html(self.picker.cards)

    def __init__(self, seed: int | None = None, *, dealer: bool = True,
                 chart: bool = True) -> None:
        super().__init__()
        self.add_class("cribbage-discard-trainer")
        self._seed = choose_seed(seed)
        self._rng = random.Random(self._seed)
        self._chart = chart
        self._hands = 0
        self._total_shortfall = 0.0
        self._thrown: Hand | None = None
        self._options: tuple[DiscardOption, ...] = ()
        self._mine: DiscardOption | None = None

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
        self.chart_out = w.Output()
        self.tally = w.HTML()
        self.children = [
            w.HBox([w.HTML("<b>Throw two to the crib</b>"), seed_badge(self._seed)]),
            self.role, self.picker, w.HBox([self.throw_button, self.next_button]),
            self.message, self.summary, self.why, self.chart_out, self.ranking, self.tally,
        ]
        self._deal()

    # --- actions -------------------------------------------------------------------------

    def _deal(self) -> None:
        self.picker.deal(Deck(self._rng).deal(6))
        self._thrown, self._options, self._mine = None, (), None
        self.role.disabled = False
        self.summary.value = self.why.value = self.ranking.value = ""
        clear(self.chart_out)
        self._show_tally()
        self._selection_changed()

    def _whose(self) -> str:
        return "your own crib" if self.role.value else "your opponent's crib"

    def _chart_for(self, throw: Hand) -> tuple[tuple[object, ...], Callable[[], Figure]]:
        """The advisor's chart with ``throw`` marked, and the inputs it is drawn from."""
        hand, dealer = self.picker.cards, bool(self.role.value)
        key = ("advice", tuple(hand), dealer, frozenset(throw))
        return key, lambda: advice_chart(advise(hand, dealer=dealer), mark=throw)

    def _selection_changed(self) -> None:
        if self._thrown is not None:
            return
        n = len(self.picker.value)
        if n == 2:
            if self._chart:  # the chart the learner is about to ask for: drawn ahead
                prepare(*self._chart_for(self.picker.value))
            self.message.say(f"Press Throw two to lay {self.picker.value.symbols} "
                             f"away to {self._whose()}.")
        else:
            self.message.say(f"Select two cards to throw to {self._whose()} "
                             f"({n} selected).")

    def _role_changed(self, change: dict[str, object]) -> None:
        self._selection_changed()

    def throw(self) -> None:
        """Throw the two selected cards (what Throw two does)."""
        if self._thrown is not None:
            self.message.warn("already thrown: press Next hand for a new deal")
            return
        chosen = self.picker.value
        if len(chosen) != 2:
            self.message.warn(f"select exactly two cards to throw: you selected {len(chosen)}")
            return
        options = tuple(advise(self.picker.cards, dealer=self.role.value))
        mine = next(o for o in options if set(o.discard) == set(chosen))
        self._thrown, self._options, self._mine = chosen, options, mine
        self.picker.lock()
        self.role.disabled = True
        self._hands += 1
        best = options[0]
        rank = options.index(mine) + 1
        shortfall = best.net_ev - mine.net_ev
        self._total_shortfall += shortfall
        if rank == 1 or shortfall < 1e-9:
            self.message.praise(f"The best throw: {mine.net_ev:.2f} points a deal on average.")
        else:
            self.message.warn(f"Your throw ranks {rank} of 15: {mine.net_ev:.2f} against "
                              f"{best.net_ev:.2f} for the best ({shortfall:.2f} less).")
        self.summary.value = (f"<p>Yours: {escape(mine.explanation)}<br>"
                              f"Best: {escape(best.explanation)}</p>")
        self.why.value = "" if mine is best else why_html(mine, best)
        self.ranking.value = options_html(options, mine)
        if self._chart:
            self._draw_chart()
        self._show_tally()

    def _draw_chart(self) -> None:
        key, make = self._chart_for(self._thrown or Hand())
        draw_soon(self.chart_out, make, key=key)

    def _show_tally(self) -> None:
        if self._hands:
            mean = self._total_shortfall / self._hands
            text = (f"hands {self._hands} · points given away against the best: "
                    f"{self._total_shortfall:.2f} ({mean:.2f} a hand)")
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
        rank = None if self._mine is None else self._options.index(self._mine) + 1
        shortfall = (None if self._mine is None
                     else self._options[0].net_ev - self._mine.net_ev)
        return DiscardState(
            seed=self._seed, dealer=self.role.value, hand=self.picker.cards,
            selected=self.picker.value, thrown=self._thrown, options=self._options,
            rank=rank, shortfall=shortfall, hands_played=self._hands,
            total_shortfall=self._total_shortfall, message=self.message.text)
