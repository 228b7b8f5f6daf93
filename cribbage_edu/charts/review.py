"""The review of a game as a chart: the points each deal's decisions lost, by kind, and
the chance to win deal by deal with every mistake marked on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter

from ..render.colours import COLOURS
from .review_svg import (
    KIND_COLOURS,
    KIND_WORDS,
    chance_title,
    deal_label,
    dealers,
    marked,
    mistake_places,
    review_title,
)
from .style import house_style, new_figure

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from ..rules.game import Game
    from ..strategy.coach import Review

__all__ = ["review_chart"]


@house_style
def review_chart(review: Review, game: Game) -> Figure:
    """The review of ``game`` for the seat reviewed: above, the points its decisions lost
    in each deal, a bar a deal split by kind (the throw, the play, the count), each deal
    labelled with its number and who dealt it; below, its
    chance to win at the start of each deal (the chance-to-win table, as between two
    experts), with each mistake or blunder marked in the deal it was made.

    >>> from cribbage_edu.rules.game import Game
    >>> from cribbage_edu.rules.drive import play_out
    >>> from cribbage_edu.strategy.coach import review
    >>> from cribbage_edu.strategy.players import ExpertPlayer, RandomPlayer
    >>> game = play_out(Game(seed=3, target=61, first_dealer=0),
    ...                 [RandomPlayer(1), ExpertPlayer()])
    >>> fig = review_chart(review(game, 0), game)
    >>> lost, chance = fig.axes
    >>> len(lost.containers), chance.get_ylabel()
    (3, 'chance to win')
    >>> [t.get_text().split() for t in lost.get_xticklabels()][:2]
    [['deal', '1', 'you', 'deal'], ['deal', '2', 'player', '1', 'deals']]
    """
    from ..tables.chance import chances_by_deal

    by_deal = review.by_deal()
    chances = [(c.deal, c.chance) for c in chances_by_deal(game, review.seat)]
    last = max([deal for deal, _ in chances] + list(by_deal) + [1])
    fig = new_figure(9, 6.4)
    # not sharex: the bars are labelled with the deal and its dealer, the chance by number
    lost, chance = fig.subplots(2, 1, height_ratios=[1, 1.1])
    _lost_bars(lost, review, dealers(game), last)
    _chance_steps(chance, review, chances, last)
    return fig


def _lost_bars(lost: Axes, review: Review, dealt: Mapping[int, int], last: int) -> None:
    """The points lost: a bar a deal split by kind, each deal named under its bar with
    its dealer in the dealer's colour."""
    by_deal = review.by_deal()
    deals = list(range(1, last + 1))
    bottom = [0.0] * len(deals)
    for kind, colour in KIND_COLOURS.items():
        values = [sum(v for k, v in by_deal.get(d, {}).items() if k is kind)
                  for d in deals]
        lost.bar(deals, values, bottom=bottom, color=colour, width=0.7,
                 label=KIND_WORDS[kind])
        bottom = [b + v for b, v in zip(bottom, values, strict=True)]
    wide = len(deals) <= 9  # room for "Computer deals" under each bar
    labels = ["\n".join(deal_label(d, dealt.get(d), review, wide=wide)).rstrip()
              if d in dealt or d in by_deal or not dealt else "" for d in deals]
    lost.set_xticks(deals, labels, fontsize=8 if wide else 7)
    for label, deal in zip(lost.get_xticklabels(), deals, strict=True):
        if deal in dealt:
            label.set_color(COLOURS[f"player{dealt[deal]}"])
    lost.set_xlim(0.4, last + 0.6)
    lost.set_ylabel("points lost against the best")
    lost.set_ylim(0, max([*bottom, 1.0]) * 1.15)
    lost.legend(loc="upper left", ncol=3, fontsize=8)
    lost.grid(axis="x", visible=False)
    lost.set_title(review_title(review))


def _chance_steps(chance: Axes, review: Review, chances: Sequence[tuple[int, float]],
                  last: int) -> None:
    """The chance to win at the start of each deal as steps, each mistake or blunder
    marked in its deal (:func:`~cribbage_edu.charts.review_svg.mistake_places`) with
    what was chosen."""
    seat = review.seat
    chance.step([deal for deal, _ in chances], [c for _, c in chances], where="post",
                color=COLOURS[f"player{seat}"], linewidth=1.8, marker="o", markersize=3,
                label=f"{review.names[seat]}'s chance to win")
    chance.axhline(0.5, color=COLOURS["mean"], linewidth=0.6, linestyle=":")
    mistakes = marked(review)
    if mistakes:
        places = mistake_places(mistakes, chances)
        mx, my = [x for x, _ in places], [y for _, y in places]
        colours = [KIND_COLOURS[d.kind] for d in mistakes]
        chance.scatter(mx, my, marker="X", s=70, c=colours, edgecolors=COLOURS["mean"],
                       linewidths=0.6, zorder=4)
        chance.scatter([], [], marker="X", s=70, c=COLOURS["muggins"],
                       edgecolors=COLOURS["mean"], linewidths=0.6,
                       label="a mistake or blunder (coloured by kind)")
        for n, (d, x, y) in enumerate(zip(mistakes, mx, my, strict=True)):
            chance.annotate(d.chosen, (x, y), xytext=(0, 8 if n % 2 == 0 else -13),
                            textcoords="offset points", ha="center", fontsize=7)
    chance.set_ylim(-0.03, 1.08)
    chance.yaxis.set_major_formatter(PercentFormatter(1.0))
    chance.set_ylabel("chance to win")
    chance.set_xlabel("deal (the chance: at the start of each deal; last: the result)")
    chance.xaxis.set_major_locator(MaxNLocator(integer=True))
    chance.set_xlim(0.4, last + 0.6)
    chance.set_title(chance_title(review), fontsize=10)
    chance.legend(loc="lower left", fontsize=8)
