"""ProbabilityExplorer: what every starter does to the four cards you keep.

>>> explorer = ProbabilityExplorer(seed=7)
>>> six = explorer.value.cards
>>> for card in six[:4]: explorer.choice_a.toggle(card)
>>> explorer.compare_button.click()
>>> explorer.value.a.n_starters, explorer.value.b is None
(46, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from html import escape

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.charts.throws_svg import starters_svg
from cribbage_edu.render import hand_html
from cribbage_edu.rules.cards import Deck, Hand, distinct_cards
from cribbage_edu.rules.errors import CribbageError
from cribbage_edu.strategy.discard import StarterDistribution, starter_distribution

from .cards import SelectableHand
from .feedback import Message, StaticPicture, choose_seed, seed_badge

__all__ = ["ExplorerState", "ProbabilityExplorer", "distribution_html"]


def distribution_html(dist: StarterDistribution, title: str, *, top: int | None = None) -> str:
    """The distribution as bars, one a total, each bar as long as its probability
    (against ``top`` starters, so two distributions share a scale), with the starters
    that make it, and the exact mean.

    >>> html = distribution_html(starter_distribution("5H 5C 5S JD"), "the 29 hand")
    >>> "29 points: 1 of 48" in html, "from 14 to 29" in html
    (True, True)
    """
    n = dist.n_starters
    top = max(max(dist.counts.values()), top or 0)
    rows = []
    for total, starters in dist.starters.items():
        k = len(starters)
        names = " ".join(c.symbol for c in starters)
        rows.append(
            f"<div class='cribbage-dist-row' "
            f"style='display:flex;align-items:center;gap:8px;font-size:14px;margin:2px 0'>"
            f"<span style='width:10em'>{total} points: {k} of {n}</span>"
            f"<span style='display:inline-block;width:200px'><span style='display:"
            f"inline-block;height:12px;width:{200 * k // top}px;background:#1565c0'></span>"
            f"</span><span style='width:3.5em;text-align:right'>{100 * k / n:.1f}%</span>"
            f"<span class='cribbage-dist-starters' style='color:#333'>{escape(names)}"
            f"</span></div>")
    mean = dist.expected
    return (f"<div class='cribbage-distribution'><b>{escape(title)}</b>: "
            f"keep {dist.keep.symbols}<br><span class='cribbage-mean'>mean "
            f"{float(mean):.2f} ({mean.numerator}/{mean.denominator}), "
            f"from {dist.minimum} to {dist.maximum}</span>{''.join(rows)}</div>")


@dataclass(frozen=True)
class ExplorerState:
    """What a :class:`ProbabilityExplorer` shows: the cards, and the distribution of
    each choice once compared (``b`` is ``None`` with one choice)."""

    seed: int
    cards: Hand
    a: StarterDistribution | None
    b: StarterDistribution | None
    message: str


class ProbabilityExplorer(StaticPicture, w.VBox):  # type: ignore[misc]
    """Six cards are dealt (or typed: six, or the four you keep). Select four to keep
    as choice A and, if you like, four as choice B, then Compare: each choice shows the
    distribution of its score over the starters that can still come, and its exact
    mean, side by side.

    >>> explorer = ProbabilityExplorer(seed=7)
    >>> explorer.cards_box.value = "5H 5C 5S JD"; explorer.use_button.click()
    >>> explorer.compare_button.click(); explorer.value.a.maximum
    29
    """

    RUN_TO = "compare what each starter does to the cards you keep"

    def _static_html(self) -> str:
        return "<b>What the starter does</b>" + hand_html(self._cards)

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.add_class("cribbage-probability-explorer")
        self._seed = choose_seed(seed)
        self._rng = random.Random(self._seed)
        self._cards = Hand()
        self._a: StarterDistribution | None = None
        self._b: StarterDistribution | None = None
        self.cards_box = w.Text(placeholder="or type 6 cards (or 4 kept), like 5H 5C JS QH 2C 6D",
                                layout=w.Layout(width="420px"))
        self.use_button = w.Button(description="Use these cards")
        self.use_button.on_click(lambda _: self.use_typed())
        self.deal_button = w.Button(description="Deal six")
        self.deal_button.on_click(lambda _: self.deal())
        self.choice_a = SelectableHand()
        self.choice_b = SelectableHand()
        self.compare_button = w.Button(description="Compare", button_style="primary")
        self.compare_button.add_class("cribbage-compare")
        self.compare_button.on_click(lambda _: self.compare())
        self.message = Message()
        self.panel_a = w.HTML()
        self.panel_b = w.HTML()
        self.chart_a = w.HTML()
        self.chart_b = w.HTML()
        for chart in (self.chart_a, self.chart_b):
            chart.add_class("cribbage-starters-chart-view")
        self.children = [
            w.HBox([w.HTML("<b>What the starter does</b>"), seed_badge(self._seed)]),
            w.HBox([self.deal_button, self.cards_box, self.use_button]),
            w.HTML("Choice A: select four to keep"), self.choice_a,
            w.HTML("Choice B (optional): select four to keep"), self.choice_b,
            self.compare_button, self.message, self.panel_a, self.chart_a, self.panel_b,
            self.chart_b,
        ]
        self.deal()

    def _show_cards(self, cards: Hand) -> None:
        self._cards = cards
        self.choice_a.deal(cards)
        self.choice_b.deal(cards)
        self._a = self._b = None
        self.panel_a.value = self.panel_b.value = ""
        self.chart_a.value = self.chart_b.value = ""
        if len(cards) == 4:
            for card in cards:
                self.choice_a.toggle(card)
            self.message.say("Press Compare to see what each starter does to these four.")
        else:
            self.message.say("Select four cards to keep in A (and in B), then Compare.")

    def deal(self) -> None:
        """Deal six new cards (what Deal six does)."""
        self._show_cards(Deck(self._rng).deal(6))

    def use_typed(self) -> None:
        """Use the cards typed in the box (six, or four kept)."""
        text = self.cards_box.value.strip()
        if not text:
            self.message.warn("type six cards (or four), like 5H 5C JS QH 2C 6D")
            return
        try:
            cards = distinct_cards(text, None, "the text typed")
            if len(cards) not in (4, 6):
                raise CribbageError(f"type four or six cards, not {len(cards)}: '{cards}'")
        except CribbageError as exc:
            self.message.warn(str(exc))
            return
        self._show_cards(cards)

    def _choices(self) -> list[StarterDistribution] | str:
        """The distribution of each complete choice (A, then B if chosen), or what is
        wrong with the choices."""
        keep_a, keep_b = self.choice_a.value, self.choice_b.value
        if len(keep_a) != 4:
            return f"select exactly four cards to keep in A: you selected {len(keep_a)}"
        if keep_b and len(keep_b) != 4:
            return (f"select exactly four cards to keep in B (or none): you selected "
                    f"{len(keep_b)}")
        return [starter_distribution(keep, Hand(c for c in self._cards if c not in set(keep)))
                for keep in (keep_a, keep_b) if keep]

    @staticmethod
    def charts(dists: list[StarterDistribution]) -> list[str]:
        """Each choice's chart (SVG) on one scale for both: the same number of starters
        up, the same points across.

        >>> from cribbage_edu.strategy.discard import starter_distribution
        >>> pictures = ProbabilityExplorer.charts([starter_distribution("5H 5C 5S JD")])
        >>> pictures[0].startswith("<svg")
        True
        """
        ymax = max(max(d.counts.values()) for d in dists)
        xmax = max(d.maximum for d in dists)
        return [starters_svg(d, ymax=ymax, xmax=xmax) for d in dists]

    def compare(self) -> None:
        """Work out the distribution of each choice (what Compare does)."""
        dists = self._choices()
        if isinstance(dists, str):
            self.message.warn(dists)
            return
        charts = self.charts(dists)
        top = max(max(d.counts.values()) for d in dists)
        dist_a = self._a = dists[0]
        self.panel_a.value = distribution_html(dist_a, "A", top=top)
        self.chart_a.value = charts[0]
        if len(dists) == 2:
            dist_b = self._b = dists[1]
            self.panel_b.value = distribution_html(dist_b, "B", top=top)
            self.chart_b.value = charts[1]
            diff = float(dist_a.expected - dist_b.expected)
            better = "A" if diff > 0 else "B"
            self.message.say("A and B are worth the same on average." if diff == 0 else
                             f"{better} is worth {abs(diff):.2f} more on average "
                             f"(before the crib).")
        else:
            self._b = None
            self.panel_b.value = self.chart_b.value = ""
            self.message.say(f"A: mean {float(dist_a.expected):.2f} over "
                             f"{dist_a.n_starters} starters.")

    def __repr__(self) -> str:
        return f"<ProbabilityExplorer seed {self._seed}: cards '{self._cards}'>"

    @property
    def value(self) -> ExplorerState:
        """The explorer as it stands (read-only)."""
        return ExplorerState(self._seed, self._cards, self._a, self._b, self.message.text)
