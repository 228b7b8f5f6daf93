"""Charts of the throw: what each starter does to four kept cards, the 15 ways to throw two
cards, and the crib table."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..render.colours import COLOURS
from ..rules.cards import Card, CardLike, Rank, parse_cards
from .style import house_style, new_figure

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from ..strategy.discard import DiscardOption, StarterDistribution

__all__ = ["advice_chart", "crib_table_chart", "starter_chart"]


@house_style
def starter_chart(dist: StarterDistribution | str | Iterable[CardLike],
                  seen: str | Iterable[CardLike] = (), *, ymax: int | None = None,
                  xmax: int | None = None, which: bool = True) -> Figure:
    """What each starter that can still come does to four kept cards: a bar for
    each total, with the starters that make it written on it, and the mean.

    Two charts to compare share a scale: give both the same ``ymax`` (starters) and
    ``xmax`` (points). ``which=False`` leaves out the list of the starters that make
    each total (a page that lists them as text), and the chart takes the full width.

    >>> fig = starter_chart("5H 5C JS QH", seen="6D 2C")
    >>> ax = fig.axes[0]
    >>> len(ax.containers[0]), ax.get_title()
    (7, 'Keep 5♥ 5♣ J♠ Q♥: the 46 starters')
    """
    from ..strategy.discard import StarterDistribution, starter_distribution

    if not isinstance(dist, StarterDistribution):
        dist = starter_distribution(dist, seen)
    if which:
        fig = new_figure(11, 4.4)
        ax, side = fig.subplots(1, 2, width_ratios=[2.6, 1])
    else:
        fig = new_figure(10, 3.4)
        ax, side = fig.add_subplot(), None
    starters = dist.starters
    totals = list(starters)
    counts = [len(starters[t]) for t in totals]
    bars = ax.bar(totals, counts, width=0.7, color=COLOURS["hand"])
    ax.bar_label(bars, fontsize=8, padding=2)
    mean = float(dist.expected)
    ax.axvline(mean, color=COLOURS["mean"], linestyle="--", linewidth=1.2)
    ax.annotate(f"mean {mean:.2f}", (mean, 1), xytext=(4, -4), textcoords="offset points",
                xycoords=("data", "axes fraction"), fontsize=9, va="top")
    top = max(counts) if ymax is None else max(ymax, max(counts))
    right = max(totals) if xmax is None else max(xmax, max(totals))
    ax.set_ylim(0, top * 1.15 + 1)
    ax.set_xlim(min(-0.5, min(totals) - 1), right + 1.5)
    ax.set_xticks(range(0, right + 2, 2 if right > 16 else 1))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # a count of starters
    ax.set_xlabel("points in the show")
    ax.set_ylabel("starters")
    ax.set_title(f"Keep {dist.keep.symbols}: the {dist.n_starters} starters")
    ax.grid(axis="x", visible=False)
    if side is None:
        return fig
    lines = [f"{t:>2}: {_starters_label(starters[t])}" for t in reversed(totals)]
    side.axis("off")
    side.set_title("which starters make each total", fontsize=9, fontweight="normal")
    side.text(0, 1, "\n".join(lines), va="top", ha="left", fontsize=8, family="DejaVu Sans",
              transform=side.transAxes, linespacing=1.5)
    return fig


def _starters_label(cards: Sequence[Any]) -> str:
    """The starters making one total: a rank alone when three or more of its cards
    are there (``"A×4"``), else each card; a new line every six."""
    by_rank: dict[Rank, list[Any]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    parts = []
    for rank, group in by_rank.items():
        if len(group) >= 3:
            parts.append(f"{rank.symbol}×{len(group)}")
        else:
            parts.extend(c.symbol for c in group)
    return "\n    ".join(" ".join(parts[i:i + 6]) for i in range(0, len(parts), 6))


@house_style
def advice_chart(options: Sequence[DiscardOption] | str | Iterable[CardLike], *,
                 dealer: bool | None = None, mark: str | Iterable[CardLike] = (),
                 pegging: bool = False) -> Figure:
    """The advisor's 15 throws as horizontal bars, best at the top: the expected hand
    in one colour and the expected crib in another (added on for the dealer, drawn
    on the left as points given away for pone), the net marked and the best
    highlighted. Pass the options from :func:`cribbage_edu.strategy.discard.advise`, or six
    cards and ``dealer``. ``mark``: the two cards a learner threw, outlined as "your
    throw". ``pegging=True`` adds the play: under each throw a thin bar from the net for
    the net pegging of the kept cards (the advisor's pegging column, simulated, with its
    95% interval), and the net with pegging beside the net (the throws stay in the order
    given: ``advise(..., pegging=True)`` ranks them by it).

    >>> fig = advice_chart("5H 5C 6D JS QH 2C", dealer=True)
    >>> ax = fig.axes[0]
    >>> bars = [c for c in ax.containers if len(c) == 15]  # hand, crib
    >>> len(bars), ax.get_yticklabels()[0].get_text()
    (2, 'keep 5♣ 5♥ J♠ Q♥  throw 2♣ 6♦')
    >>> len([c for c in advice_chart("5H 5C 6D JS QH 2C", dealer=True,
    ...                              pegging=True).axes[0].containers if len(c) == 15])
    3
    """
    from ..strategy.discard import DiscardOption, advise

    if isinstance(options, str) or not all(isinstance(o, DiscardOption) for o in options):
        if dealer is None:
            raise TypeError("advice_chart needs dealer=True or False with six cards")
        options = advise(options, dealer=dealer)  # type: ignore[arg-type]
    opts: list[DiscardOption] = list(options)  # type: ignore[arg-type]
    is_dealer = opts[0].dealer
    fig = new_figure(9, 6)
    ax = fig.add_subplot()
    ys = list(range(len(opts)))[::-1]
    _draw_columns(ax, opts, ys)
    if pegging:
        _draw_pegging(ax, opts, ys)
    for y, o in zip(ys, opts, strict=True):
        right = float(o.hand_ev) + (o.crib_ev if is_dealer else 0.0)
        text = f"{o.net_ev:.2f}"
        if pegging:
            right = max(right, o.with_pegging + o.peg_error, o.net_ev + o.peg_error)
            text += f"  ({o.with_pegging:.2f} with pegging)"
        ax.annotate(text, (right, y), xytext=(6, 0), textcoords="offset points",
                    va="center", fontsize=8)
    best = ys[0]
    ax.axhspan(best - 0.45, best + 0.45, color=COLOURS["best"], alpha=0.35, zorder=0)
    ax.set_yticks(ys, [f"keep {o.keep.symbols}  throw {o.discard.symbols}" for o in opts])
    ax.get_yticklabels()[0].set_fontweight("bold")
    _mark_throw(ax, opts, ys, set(parse_cards(mark)))
    whose = "your own crib (dealer)" if is_dealer else "the dealer's crib (pone)"
    if pegging:
        ax.set_title(f"The 15 ways to throw into {whose}:\nbest first with the play "
                     "counted (the orange diamonds)")
    else:
        ax.set_title(f"The 15 ways to throw: best first, into {whose}")
    ax.set_xlabel("expected points (hand over the 46 unseen starters; crib from the table)")
    ax.set_xlim(*_advice_span(opts, pegging))
    fig.legend(*ax.get_legend_handles_labels(), loc="outside lower center",
               ncol=2 if pegging else 3,
               fontsize=8)
    ax.grid(axis="y", visible=False)
    return fig


def _draw_columns(ax: Axes, opts: Sequence[DiscardOption], ys: Sequence[int]) -> None:
    """The hand's bar and the crib's (added on for the dealer, drawn on the left as
    points given away for pone), and the net as a diamond."""
    hand = [float(o.hand_ev) for o in opts]
    crib = [o.crib_ev for o in opts]
    ax.barh(ys, hand, color=COLOURS["hand"], label="expected hand", height=0.7)
    if opts[0].dealer:
        ax.barh(ys, crib, left=hand, color=COLOURS["crib"], height=0.7,
                label="expected crib (yours: added)")
    else:
        ax.barh(ys, [-c for c in crib], color=COLOURS["given"], height=0.7, alpha=0.8,
                label="expected crib (the dealer's: taken off)")
        ax.axvline(0, color=COLOURS["mean"], linewidth=0.8)
    ax.scatter([o.net_ev for o in opts], ys, marker="D", color=COLOURS["mean"], zorder=3,
               s=18, label="net")


def _draw_pegging(ax: Axes, opts: Sequence[DiscardOption], ys: Sequence[int]) -> None:
    """The play: the kept cards' net pegging, from the net, with its 95% interval, and
    the net with pegging (the order of the rows)."""
    under = [y - 0.42 for y in ys]
    ax.barh(under, [o.peg_ev for o in opts],
            left=[o.net_ev for o in opts], height=0.16, color=COLOURS["pegging"],
            zorder=3, xerr=[o.peg_error for o in opts],
            error_kw={"elinewidth": 0.8, "capsize": 2},
            label="net pegging of the kept cards (simulated, 95% interval)")
    ax.scatter([o.with_pegging for o in opts], under, marker="D",
               color=COLOURS["pegging"], edgecolor=COLOURS["mean"], linewidth=0.8,
               zorder=4, s=22, label="net with pegging (the order of the rows)")


def _mark_throw(ax: Axes, opts: Sequence[DiscardOption], ys: Sequence[int],
                thrown: set[Card]) -> None:
    """The learner's throw outlined as "your throw", its label in the same colour."""
    for n, (y, o) in enumerate(zip(ys, opts, strict=True)):
        if thrown and set(o.discard) == thrown:
            ax.axhspan(y - 0.48, y + 0.48, fill=False, edgecolor=COLOURS["given"],
                       linewidth=1.8, linestyle="--", zorder=4, label="your throw")
            ax.get_yticklabels()[n].set_color(COLOURS["given"])


def _advice_span(opts: Sequence[DiscardOption], pegging: bool) -> tuple[float, float]:
    """The chart's left and right: room for the crib given away (pone), the pegging's
    interval and the nets written beside the bars."""
    is_dealer = opts[0].dealer
    right = max(float(o.hand_ev) + (o.crib_ev if is_dealer else 0.0) for o in opts)
    left = 0.0 if is_dealer else -max(o.crib_ev for o in opts)
    if pegging:
        right = max(right, *(o.with_pegging + o.peg_error for o in opts))
        left = min(left, *(o.with_pegging - o.peg_error for o in opts))
    return left - 0.3, right * 1.1 + (4.5 if pegging else 0.5)


@house_style
def crib_table_chart(*, dealer: bool | None = None) -> Figure:
    """The crib table as a 13 x 13 heatmap: row and column are the ranks of the two
    thrown cards; suited pairs above the diagonal, unsuited below, pairs on it. With
    ``dealer=None`` both tables side by side (own crib, opponent's crib).

    >>> fig = crib_table_chart(dealer=True)
    >>> ax = fig.axes[0]
    >>> ax.images[0].get_array().shape, ax.get_title()
    ((13, 13), 'Throwing into your own crib (dealer)')
    """
    from ..tables.cribtable import crib_matrix

    sides = [True, False] if dealer is None else [dealer]
    fig = new_figure(7.2 * len(sides), 6.4)
    grids = [crib_matrix(dealer=d) for d in sides]
    low = min(min(row) for g in grids for row in g)
    high = max(max(row) for g in grids for row in g)
    names = [r.symbol for r in Rank]
    image = None
    for n, (side, grid) in enumerate(zip(sides, grids, strict=True)):
        ax = fig.add_subplot(1, len(sides), n + 1)
        image = ax.imshow(grid, cmap="YlGn", vmin=low, vmax=high)
        for i in range(13):
            for j in range(13):
                value = grid[i][j]
                ax.text(j, i, f"{value:.1f}", ha="center", va="center", fontsize=8,
                        color="white" if value > low + 0.7 * (high - low) else "black")
        ax.set_xticks(range(13), names)
        ax.set_yticks(range(13), names)
        ax.grid(False)
        ax.set_xlabel("second card (suited above the diagonal, unsuited below)")
        ax.set_ylabel("first card")
        ax.set_title("Throwing into your own crib (dealer)" if side
                     else "Throwing into the opponent's crib (pone)")
    if image is not None:
        fig.colorbar(image, ax=fig.axes, shrink=0.7, label="expected crib points")
    return fig
