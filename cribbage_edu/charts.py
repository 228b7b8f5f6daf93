"""Charts: the numbers of cribbage drawn with matplotlib, in one house style.

Every function returns a :class:`matplotlib.figure.Figure` built without pyplot, so
nothing is left in pyplot's global state: save it (``fig.savefig("x.png")``), show
it in a notebook by leaving it as a cell's value, or hand it to a widget. The
inputs are plain data (numbers, lists, dicts) or the engine's own objects.

>>> fig = score_distribution_chart()
>>> [ax.get_title() for ax in fig.axes]
['2 and 4 points are the commonest totals; half of all hands score 4 or less']

- :func:`score_distribution_chart`: hand and crib totals over all 12,994,800 hands.
- :func:`starter_chart`: what each starter does to four kept cards.
- :func:`advice_chart`: the 15 ways to throw two cards, hand and crib parts.
- :func:`crib_table_chart`: the crib table as a 13 x 13 heatmap.
- :func:`board_chart`: the 121-hole board with both players' pegs.
- :func:`progress_chart`: both scores through a game, by source of points.
- :func:`simulation_chart`: what many games add up to.
- :func:`win_table_chart`: the chance to win from every score, as a heatmap.
- :func:`calibration_chart`: the chance to win predicted, against games played out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import wraps
from typing import TYPE_CHECKING, Any, ParamSpec

import matplotlib
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MaxNLocator, PercentFormatter

from .board import skunk_lines
from .cards import CardLike, Rank, parse_cards
from .events import SOURCES

if TYPE_CHECKING:
    from .discard import DiscardOption, StarterDistribution

__all__ = [
    "COLOURS",
    "advice_chart",
    "board_chart",
    "calibration_chart",
    "crib_table_chart",
    "progress_chart",
    "score_distribution_chart",
    "simulation_chart",
    "starter_chart",
    "win_table_chart",
]

COLOURS = {
    "hand": "#1f6fb4",
    "crib": "#2e9a4e",
    "pegging": "#e08a1e",
    "heels": "#8e44ad",
    "muggins": "#7f7f7f",
    "given": "#c0392b",
    "best": "#f2b705",
    "mean": "#222222",
    "player0": "#c2185b",
    "player1": "#37474f",
    "board": "#d9b98c",
    "hole": "#5b4226",
    "grid": "#dddddd",
}
"""The house palette: a colour for each kind of points and each player."""

IMPOSSIBLE = (19, 25, 26, 27)

_STYLE = {
    "font.size": 10,
    "axes.titlesize": 12,
    "axes.titleweight": "bold",
    "axes.labelsize": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.axisbelow": True,
    "grid.color": COLOURS["grid"],
    "grid.linewidth": 0.6,
    "legend.frameon": False,
    "figure.dpi": 100,
    "savefig.dpi": 100,
}

P = ParamSpec("P")


def _house_style(build: Callable[P, Figure]) -> Callable[P, Figure]:
    """Build a figure inside the house style; matplotlib's settings are restored after."""
    @wraps(build)
    def styled(*args: P.args, **kwargs: P.kwargs) -> Figure:
        with matplotlib.rc_context(_STYLE):  # type: ignore[arg-type]
            return build(*args, **kwargs)
    return styled


def _figure(width: float, height: float) -> Figure:
    return Figure(figsize=(width, height), layout="constrained")


# --- the census ----------------------------------------------------------------------------

@_house_style
def score_distribution_chart(hand: Mapping[int, int] | None = None,
                             crib: Mapping[int, int] | None = None, *,
                             probabilities: bool = False, show_crib: bool = True) -> Figure:
    """Hand and crib totals side by side: how many of the 12,994,800 (four cards,
    starter) combinations score each total (or the probability, with
    ``probabilities=True``). The means are marked and the totals no hand can make
    (19, 25, 26, 27) are pointed out. By default the exact census is drawn.

    >>> fig = score_distribution_chart(probabilities=True)
    >>> ax = fig.axes[0]
    >>> len(ax.containers), len(ax.containers[0]), ax.get_ylabel()
    (2, 30, 'probability')
    """
    from .analysis import score_distribution

    series = [("hand", dict(hand if hand is not None else score_distribution()))]
    if show_crib:
        series.append(("crib", dict(crib if crib is not None else score_distribution(True))))
    fig = _figure(9, 4.2)
    ax = fig.add_subplot()
    width = 0.8 / len(series)
    top = 0.0
    for n, (name, dist) in enumerate(series):
        total = sum(dist.values())
        heights = [dist.get(t, 0) / total if probabilities else dist.get(t, 0)
                   for t in range(30)]
        top = max(top, *heights)
        offset = (n - (len(series) - 1) / 2) * width
        mean = sum(t * c for t, c in dist.items()) / total
        ax.bar([t + offset for t in range(30)], heights, width=width, color=COLOURS[name],
               label=f"{name} (mean {mean:.2f})")
        ax.axvline(mean, color=COLOURS[name], linestyle="--", linewidth=1.2)
        ax.annotate(f"{name} mean\n{mean:.2f}", (mean, top * (0.92 - 0.16 * n)),
                    xytext=(4, 0), textcoords="offset points", color=COLOURS[name],
                    fontsize=8, va="top")
    for t in IMPOSSIBLE:
        ax.annotate("×", (t, 0), ha="center", va="bottom", color=COLOURS["given"],
                    fontsize=12, fontweight="bold")
    ax.annotate("× no hand scores 19, 25, 26 or 27", (22.5, top * 0.35), ha="center",
                color=COLOURS["given"], fontsize=9)
    ax.set_xticks(range(0, 30))
    ax.set_xlim(-0.8, 29.8)
    ax.set_xlabel("points in the show (four cards and the starter)")
    ax.set_ylabel("probability" if probabilities else "hands")
    if not probabilities:  # plain numbers of hands: no "1e6" above the axis
        ax.yaxis.set_major_formatter(FuncFormatter(_count_label))
    ax.set_title(_commonest_title(series[0][1]))
    ax.legend(loc="upper right")
    ax.grid(axis="x", visible=False)
    return fig


def _count_label(value: float, _: object = None) -> str:
    """A count as a learner reads it: "0", "500,000", "1.5 million".

    >>> [_count_label(v) for v in (0, 500_000, 1_000_000, 2_500_000)]
    ['0', '500,000', '1 million', '2.5 million']
    """
    if abs(value) >= 1_000_000:
        return f"{value / 1_000_000:g} million"
    return f"{value:,.0f}"


def _commonest_title(dist: Mapping[int, int | float]) -> str:
    """The point of a score distribution: its two commonest totals and its median.

    >>> _commonest_title({2: 5, 4: 6, 12: 1})
    '2 and 4 points are the commonest totals; half of all hands score 4 or less'
    """
    total = sum(dist.values())
    commonest = sorted(sorted(dist, key=lambda t: (-dist[t], t))[:2])
    running, median = 0.0, 0
    for points in sorted(dist):
        running += dist[points]
        if running >= total / 2:
            median = points
            break
    first = " and ".join(str(t) for t in commonest)
    return (f"{first} points are the commonest totals; half of all hands score "
            f"{median} or less")


# --- the discard -----------------------------------------------------------------------------

@_house_style
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
    from .discard import StarterDistribution, starter_distribution

    if not isinstance(dist, StarterDistribution):
        dist = starter_distribution(dist, seen)
    if which:
        fig = _figure(11, 4.4)
        ax, side = fig.subplots(1, 2, width_ratios=[2.6, 1])
    else:
        fig = _figure(10, 3.4)
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


@_house_style
def advice_chart(options: Sequence[DiscardOption] | str | Iterable[CardLike], *,
                 dealer: bool | None = None, mark: str | Iterable[CardLike] = (),
                 pegging: bool = False) -> Figure:
    """The advisor's 15 throws as horizontal bars, best at the top: the expected hand
    in one colour and the expected crib in another (added on for the dealer, drawn
    on the left as points given away for pone), the net marked and the best
    highlighted. Pass the options from :func:`cribbage_edu.discard.advise`, or six
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
    from .discard import DiscardOption, advise

    if isinstance(options, str) or not all(isinstance(o, DiscardOption) for o in options):
        if dealer is None:
            raise TypeError("advice_chart needs dealer=True or False with six cards")
        options = advise(options, dealer=dealer)  # type: ignore[arg-type]
    opts: list[DiscardOption] = list(options)  # type: ignore[arg-type]
    is_dealer = opts[0].dealer
    fig = _figure(9, 6)
    ax = fig.add_subplot()
    ys = list(range(len(opts)))[::-1]
    hand = [float(o.hand_ev) for o in opts]
    crib = [o.crib_ev for o in opts]
    ax.barh(ys, hand, color=COLOURS["hand"], label="expected hand", height=0.7)
    if is_dealer:
        ax.barh(ys, crib, left=hand, color=COLOURS["crib"], height=0.7,
                label="expected crib (yours: added)")
    else:
        ax.barh(ys, [-c for c in crib], color=COLOURS["given"], height=0.7, alpha=0.8,
                label="expected crib (the dealer's: taken off)")
        ax.axvline(0, color=COLOURS["mean"], linewidth=0.8)
    ax.scatter([o.net_ev for o in opts], ys, marker="D", color=COLOURS["mean"], zorder=3,
               s=18, label="net")
    if pegging:
        # the play: the kept cards' net pegging, from the net, with its 95% interval
        ax.barh([y - 0.42 for y in ys], [o.peg_ev for o in opts],
                left=[o.net_ev for o in opts], height=0.16, color=COLOURS["pegging"],
                zorder=3, xerr=[o.peg_error for o in opts],
                error_kw={"elinewidth": 0.8, "capsize": 2},
                label="net pegging of the kept cards (simulated, 95% interval)")
        ax.scatter([o.with_pegging for o in opts], [y - 0.42 for y in ys], marker="D",
                   color=COLOURS["pegging"], edgecolor=COLOURS["mean"], linewidth=0.8,
                   zorder=4, s=22, label="net with pegging (the order of the rows)")
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
    thrown = set(parse_cards(mark))
    for n, (y, o) in enumerate(zip(ys, opts, strict=True)):
        if thrown and set(o.discard) == thrown:
            ax.axhspan(y - 0.48, y + 0.48, fill=False, edgecolor=COLOURS["given"],
                       linewidth=1.8, linestyle="--", zorder=4, label="your throw")
            ax.get_yticklabels()[n].set_color(COLOURS["given"])
    whose = "your own crib (dealer)" if is_dealer else "the dealer's crib (pone)"
    if pegging:
        ax.set_title(f"The 15 ways to throw into {whose}:\nbest first with the play "
                     "counted (the orange diamonds)")
    else:
        ax.set_title(f"The 15 ways to throw: best first, into {whose}")
    ax.set_xlabel("expected points (hand over the 46 unseen starters; crib from the table)")
    right = max(float(o.hand_ev) + (o.crib_ev if is_dealer else 0.0) for o in opts)
    left = 0.0 if is_dealer else -max(crib)
    if pegging:
        right = max(right, *(o.with_pegging + o.peg_error for o in opts))
        left = min(left, *(o.with_pegging - o.peg_error for o in opts))
    ax.set_xlim(left - 0.3, right * 1.1 + (4.5 if pegging else 0.5))
    fig.legend(*ax.get_legend_handles_labels(), loc="outside lower center",
               ncol=2 if pegging else 3,
               fontsize=8)
    ax.grid(axis="y", visible=False)
    return fig


@_house_style
def crib_table_chart(*, dealer: bool | None = None) -> Figure:
    """The crib table as a 13 x 13 heatmap: row and column are the ranks of the two
    thrown cards; suited pairs above the diagonal, unsuited below, pairs on it. With
    ``dealer=None`` both tables side by side (own crib, opponent's crib).

    >>> fig = crib_table_chart(dealer=True)
    >>> ax = fig.axes[0]
    >>> ax.images[0].get_array().shape, ax.get_title()
    ((13, 13), 'Throwing into your own crib (dealer)')
    """
    from .cribtable import crib_matrix

    sides = [True, False] if dealer is None else [dealer]
    fig = _figure(7.2 * len(sides), 6.4)
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


# --- the board -------------------------------------------------------------------------------

@_house_style
def board_chart(board: Any = None, *, pegs: Sequence[Sequence[int]] | None = None,
                names: Sequence[str] = ("player 0", "player 1"),
                target: int = 121) -> Figure:
    """The board: each player's street of holes (twice round a 60-hole loop, then the
    game hole), both players' pegs (front peg solid: the score; rear peg pale: the
    score before), and the skunk line. Give a :class:`cribbage_edu.board.Board`, or
    ``pegs=((rear0, front0), (rear1, front1))`` as plain numbers, in the board's order.

    >>> fig = board_chart(pegs=((88, 95), (52, 60)), names=("you", "computer"))
    >>> fig.axes[0].get_title()
    'The board: you 95, computer 60'
    """
    from .board import HOLES_PER_LANE, hole_xy, skunk_lines

    if board is not None:
        target = board.target
        pairs = [(board.front(p), board.rear(p)) for p in (0, 1)]
    elif pegs is not None:
        pairs = [(int(f), int(r)) for r, f in pegs]  # (rear, front), as Board takes them
    else:
        pairs = [(0, 0), (0, 0)]
    fig = _figure(11, 3.6)
    ax = fig.add_subplot()
    ax.grid(False)
    ax.set_facecolor(COLOURS["board"])
    lap = 2 * HOLES_PER_LANE

    def at(player: int, score: int) -> tuple[float, float]:
        x, y = hole_xy(player, score, target)
        return y, 3.0 - x  # the board lies on its side: player 0 along the top

    for player in (0, 1):
        holes = [at(player, s) for s in range(1, min(lap, target - 1) + 1)]
        ax.scatter([h[0] for h in holes], [h[1] for h in holes], s=9,
                   color=COLOURS["hole"], zorder=1)
        start = at(player, 0)
        ax.scatter([start[0]], [start[1]], s=14, marker="s", color=COLOURS["hole"], zorder=1)
    game_hole = at(0, target)
    ax.scatter([game_hole[0]], [game_hole[1]], s=60, color=COLOURS["hole"], zorder=1)
    ax.annotate(str(target), game_hole, xytext=(6, 0), textcoords="offset points",
                va="center", fontsize=9)
    for score in range(5, lap + 1, 5):  # hole numbers: the outer lanes outside, inner between
        inner = (score - 1) // HOLES_PER_LANE == 1
        text = f"{score}/{score + lap}" if score + lap < target else str(score)
        for player in (0, 1) if not inner else (0,):
            x, y = at(player, score)
            shift = (-11 if player == 0 else 11) if inner else (9 if player == 0 else -9)
            ax.annotate(text, (x, y), xytext=(0, shift), textcoords="offset points",
                        ha="center", va="center", fontsize=8, color=COLOURS["hole"])
    skunk, double = skunk_lines(target)
    for line, label in ((skunk, "skunk line"), (double, "double skunk line")):
        if not 1 < line < target:
            continue
        for player in (0, 1):
            (x0, y0), (_, y1) = at(player, line - 1), at(player, line)
            far = x0 > HOLES_PER_LANE / 2
            x = x0 + (0.6 if far else -0.6)
            ax.plot([x, x], [min(y0, y1) - 0.3, max(y0, y1) + 0.3], color=COLOURS["given"],
                    linewidth=2, zorder=2)
        x, _ = at(0, line)
        ax.annotate(f"{label}: {line - 1}|{line}", (x + (0.6 if x > 15 else -0.6), 3.3),
                    ha="center", fontsize=9, color=COLOURS["given"])
    for player, (front, rear) in enumerate(pairs):
        colour = COLOURS[f"player{player}"]
        for score, alpha, size in ((rear, 0.4, 90), (front, 1.0, 110)):
            x, y = at(player, score)
            ax.scatter([x], [y], s=size, color=colour, alpha=alpha, edgecolor="black",
                       linewidth=0.8, zorder=4)
        fx, fy = at(player, front)
        ax.annotate(f"{front}", (fx, fy), xytext=(0, 11 if player == 0 else -11),
                    textcoords="offset points", ha="center", va="center", fontsize=9,
                    fontweight="bold", color=colour)
    ax.set_xlim(-4.0, at(0, target)[0] + 2.5)
    ax.set_ylim(-0.9, 3.9)
    ax.set_xticks([])
    ax.set_yticks([])
    for side in ax.spines.values():
        side.set_visible(False)
    handles = [ax.scatter([], [], s=90, color=COLOURS[f"player{p}"], edgecolor="black",
                          label=f"{names[p]}: {pairs[p][0]} (last {pairs[p][1]})")
               for p in (0, 1)]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0, -0.02), ncol=2,
              fontsize=9)
    ax.set_title(f"The board: {names[0]} {pairs[0][0]}, {names[1]} {pairs[1][0]}")
    return fig


# --- a game ----------------------------------------------------------------------------------

def _scoring_events(events: Any) -> list[tuple[int, int, str, int]]:
    """(deal, player, source, points) for every scoring event, from a Game, a list of
    Event objects, dicts or tuples."""
    if hasattr(events, "events"):
        events = events.events
    found = []
    for e in events:
        if isinstance(e, Mapping):
            deal, player, source, points = e["deal"], e["player"], e.get("source"), e["points"]
        elif isinstance(e, tuple) and len(e) == 4:
            deal, player, source, points = e
        else:
            deal, player, source, points = e.deal, e.player, e.source, e.points
        if not points or player is None or source is None:
            continue
        found.append((int(deal), int(player), str(source), int(points)))
    return found


@_house_style
def progress_chart(events: Any, *, by: str = "event",
                   names: Sequence[str] | None = None, target: int | None = None,
                   start: Sequence[int] | None = None, chance: bool = False) -> Figure:
    """Both scores through a game. ``events`` is a :class:`cribbage_edu.game.Game`, its
    event log, or plain ``(deal, player, source, points)`` tuples (or dicts with those
    keys), source one of pegging, hand, crib, heels (muggins too).

    The scale fits the game: ``target`` (121, or 61 for the short game) and its skunk
    line, read from a Game when not given; a score stops at the target, as the winner's
    peg does in the game hole. ``start``: the scores before the first event (a Game
    that started from given scores knows its own).

    ``by="event"``: the scores after every scoring event, each step coloured by where
    its points came from. ``by="deal"``: the scores after each deal, over the points
    each player made in that deal, stacked by source.

    ``chance=True`` (``events`` must then be a Game) adds, under the scores, each
    player's chance to win at the start of every deal, from the chance-to-win table
    (:func:`cribbage_edu.chance.chances_by_deal`), and at the end 100% or 0%.

    >>> log = [(1, 1, "pegging", 2), (1, 0, "pegging", 1), (1, 1, "hand", 8),
    ...        (1, 0, "hand", 12), (1, 0, "crib", 4), (2, 1, "heels", 2)]
    >>> fig = progress_chart(log, names=("Ann", "Bob"))
    >>> [line.get_label() for line in fig.axes[0].lines if line.get_label()[0] != "_"]
    ['Ann', 'Bob']
    """
    if names is None:
        names = getattr(events, "names", ("player 0", "player 1"))
    if target is None:
        options = getattr(events, "options", None)
        target = int(getattr(options, "target", 121))
    if start is None:
        start = tuple(getattr(events, "start_scores", (0, 0)))
    first = (int(start[0]), int(start[1]))
    scoring = _scoring_events(events)
    if by not in ("event", "deal"):
        raise ValueError(f"by must be 'event' or 'deal', not {by!r}")
    odds: list[tuple[int, float]] = []
    if chance:
        if not hasattr(events, "deal_scores"):
            raise TypeError("progress_chart(chance=True) needs the Game itself")
        from .chance import chances_by_deal

        odds = [(c.deal, c.chance) for c in chances_by_deal(events)]
    if by == "event":
        return _progress_by_event(scoring, names, target, first, odds)
    return _progress_by_deal(scoring, names, target, first, odds)


def _chance_panel(ax: Any, xs: Sequence[float], odds: Sequence[tuple[int, float]],
                  names: Sequence[str], xlabel: str) -> None:
    """Each player's chance to win at the start of each deal, as steps."""
    for player in (0, 1):
        ys = [c if player == 0 else 1.0 - c for _, c in odds]
        ax.step(xs, ys, where="post", color=COLOURS[f"player{player}"], linewidth=1.8,
                marker="o", markersize=3, label=names[player])
    ax.axhline(0.5, color=COLOURS["mean"], linewidth=0.6, linestyle=":")
    ax.set_ylim(-0.03, 1.03)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("chance to win")
    ax.set_xlabel(xlabel)
    ax.set_title("The chance to win at the start of each deal (the table, two experts)",
                 fontsize=10)


def _progress_by_event(scoring: list[tuple[int, int, str, int]], names: Sequence[str],
                       target: int, start: tuple[int, int],
                       odds: Sequence[tuple[int, float]] = ()) -> Figure:
    fig = _figure(10, 6.5 if odds else 4.5)
    if odds:
        ax, below = fig.subplots(2, 1, sharex=True, height_ratios=[3, 1.4])
    else:
        ax = fig.add_subplot()
    deal_x: dict[int, float] = {}
    scores = list(start)
    xs: list[list[int]] = [[0], [0]]
    ys: list[list[int]] = [[start[0]], [start[1]]]
    marks: dict[str, tuple[list[int], list[int]]] = {}
    last_deal = None
    for n, (deal, player, source, points) in enumerate(scoring, start=1):
        if deal != last_deal:
            ax.axvline(n - 0.5, color=COLOURS["grid"], linewidth=0.8, zorder=0)
            last_deal = deal
            deal_x[deal] = n - 0.5
        scores[player] = min(target, scores[player] + points)
        xs[player].append(n)
        ys[player].append(scores[player])
        marks.setdefault(source, ([], []))
        marks[source][0].append(n)
        marks[source][1].append(scores[player])
    for player in (0, 1):
        xs[player].append(len(scoring))
        ys[player].append(scores[player])
        ax.step(xs[player], ys[player], where="post", color=COLOURS[f"player{player}"],
                linewidth=2, label=names[player])
    for source, (mx, my) in marks.items():
        ax.scatter(mx, my, s=22, color=COLOURS.get(source, COLOURS["muggins"]), zorder=3,
                   label=source)
    _target_lines(ax, target)
    ax.set_xlabel("scoring event (grey lines: a new deal)")
    ax.set_ylabel("score")
    ax.set_title(_progress_title("Through the game", names, scores, target))
    ax.legend(loc="lower right", ncol=2, fontsize=8)
    if odds:
        at = [deal_x.get(d, float(len(scoring))) for d, _ in odds]
        _chance_panel(below, at, odds, names, "scoring event (grey lines: a new deal)")
        ax.set_xlabel("")
    return fig


def _progress_title(lead: str, names: Sequence[str], scores: Sequence[int],
                    target: int) -> str:
    """The chart's point: who won and by how much (the winner's score is the target, as
    players write it), or where the game stands."""
    winners = [p for p in (0, 1) if scores[p] >= target]
    if winners:
        w = winners[0]
        return f"{lead}: {names[w]} wins {scores[w]}-{scores[1 - w]}"
    return f"{lead}: {names[0]} {scores[0]}, {names[1]} {scores[1]}"


def _progress_by_deal(scoring: list[tuple[int, int, str, int]], names: Sequence[str],
                      target: int, start: tuple[int, int],
                      odds: Sequence[tuple[int, float]] = ()) -> Figure:
    deals = sorted({d for d, _, _, _ in scoring}) or [1]
    sources = [s for s in (*SOURCES, "muggins") if any(e[2] == s for e in scoring)]
    per = {(d, p, s): 0 for d in deals for p in (0, 1) for s in sources}
    for deal, player, source, points in scoring:
        per[deal, player, source] += points
    fig = _figure(10, 8 if odds else 6)
    if odds:
        top, bottom, below = fig.subplots(3, 1, sharex=True, height_ratios=[3, 2, 1.6])
    else:
        top, bottom = fig.subplots(2, 1, sharex=True, height_ratios=[3, 2])
    finals = [0, 0]
    for player in (0, 1):
        running = start[player]
        totals = [running]
        for d in deals:
            running = min(target, running + sum(per[d, player, s] for s in sources))
            totals.append(running)
        finals[player] = running
        top.plot([0, *deals], totals, marker="o", color=COLOURS[f"player{player}"],
                 linewidth=2, label=names[player])
        base = [0] * len(deals)
        shift = -0.2 if player == 0 else 0.2
        for s in sources:
            heights = [per[d, player, s] for d in deals]
            bottom.bar([d + shift for d in deals], heights, bottom=base, width=0.38,
                       color=COLOURS.get(s, COLOURS["muggins"]),
                       label=s if player == 0 else None,
                       edgecolor=COLOURS[f"player{player}"], linewidth=0.8)
            base = [b + h for b, h in zip(base, heights, strict=True)]
    _target_lines(top, target)
    top.set_ylabel("score after the deal")
    top.legend(loc="lower right")
    top.set_title(_progress_title("Deal by deal", names, finals, target))
    bottom.set_ylabel("points in the deal")
    bottom.set_xlabel(f"deal (left bar {names[0]}, right bar {names[1]})")
    bottom.set_xticks(deals)
    bottom.legend(loc="upper left", ncol=len(sources), fontsize=8)
    bottom.set_ylim(0, bottom.get_ylim()[1] * 1.25)  # room for the legend above the bars
    if odds:
        # the chance at the start of deal d sits where the scores after deal d - 1 do
        _chance_panel(below, [d - 1 for d, _ in odds], odds, names,
                      "deal (the chance: at the start of each deal; last: the result)")
    return fig


def _target_lines(ax: Any, target: int) -> None:
    """The game hole and the skunk lines of a game to ``target``, and a scale that fits."""
    ax.axhline(target, color=COLOURS["mean"], linewidth=1, linestyle="-")
    ax.annotate(f"game ({target})", (0.01, target), xytext=(0, 2), textcoords="offset points",
                xycoords=("axes fraction", "data"), fontsize=8)
    for line, label in zip(skunk_lines(target), ("skunk line", "double skunk line"),
                           strict=True):
        if line > 1:
            ax.axhline(line, color=COLOURS["given"], linewidth=1, linestyle=":")
            ax.annotate(f"{label} ({line})", (0.01, line), xytext=(0, 2),
                        textcoords="offset points", xycoords=("axes fraction", "data"),
                        fontsize=8, color=COLOURS["given"])
    ax.set_ylim(0, target + max(4, target // 15))


# --- many games ------------------------------------------------------------------------------

def _records(results: Any) -> list[Mapping[str, Any]]:
    games = getattr(results, "games", results)
    return [g.to_dict() if hasattr(g, "to_dict") else g for g in games]


@_house_style
def simulation_chart(results: Any, *, names: Sequence[str] | None = None) -> Figure:
    """What many games add up to, in three panels: how often each player won when it
    dealt first and when it was pone first (with 95% Wilson intervals), how many
    deals the games took, and the points a whole deal brings the dealer and pone by
    source. ``results`` is a :class:`cribbage_edu.simulation.SimulationResult`, its
    games, or plain dicts with the keys ``winner``, ``first_dealer``, ``deals``,
    ``dealer_points``, ``pone_points`` and ``whole_deals``.

    >>> games = [{"winner": w, "first_dealer": f, "deals": d, "whole_deals": d - 1,
    ...           "dealer_points": {"pegging": 3 * d, "hand": 8 * d, "crib": 4 * d},
    ...           "pone_points": {"pegging": 2 * d, "hand": 8 * d}}
    ...          for w, f, d in [(0, 0, 9), (1, 1, 8), (0, 1, 9), (0, 0, 10)]]
    >>> fig = simulation_chart(games, names=("expert", "greedy"))
    >>> [ax.get_title() for ax in fig.axes]
    ['Who wins, by who dealt first', 'Game length', 'Points per deal by source']
    """
    records = _records(results)
    if names is None:
        names = getattr(results, "players", None) or (
            records[0].get("players") if records and "players" in records[0] else None
        ) or ("player 0", "player 1")
    if names[0] == names[1]:  # two players of one kind: A is the first named
        names = (f"{names[0]} A", f"{names[1]} B")
    fig = _figure(13, 4.4)
    wins_ax, length_ax, points_ax = fig.subplots(1, 3, width_ratios=[1.1, 1, 1])
    _wins_panel(wins_ax, records, names)
    deals = [int(r["deals"]) for r in records]
    if deals:
        low, high = min(deals), max(deals)
        counts, _, _ = length_ax.hist(deals, bins=[d - 0.5 for d in range(low, high + 2)],
                                      color=COLOURS["hand"], edgecolor="white")
        length_ax.set_ylim(0, max(counts) * 1.2)  # room above the bars for the mean
        mean = sum(deals) / len(deals)
        length_ax.axvline(mean, color=COLOURS["mean"], linestyle="--")
        length_ax.annotate(f"mean {mean:.2f} deals", (mean, 1), xytext=(4, -3),
                           textcoords="offset points", fontsize=9, va="top",
                           xycoords=("data", "axes fraction"))
    length_ax.set_xlabel("deals in the game")
    length_ax.set_ylabel("games")
    length_ax.set_title("Game length")
    whole = max(1, sum(int(r["whole_deals"]) for r in records))
    roles = ("dealer", "pone")
    base = [0.0, 0.0]
    for source in SOURCES:
        heights = [sum(r[f"{role}_points"].get(source, 0) for r in records) / whole
                   for role in roles]
        points_ax.bar(roles, heights, bottom=base, color=COLOURS[source], label=source,
                      width=0.6)
        for x, (b, h) in enumerate(zip(base, heights, strict=True)):
            if h >= 0.6:
                points_ax.annotate(f"{h:.2f}", (x, b + h / 2), ha="center", va="center",
                                   fontsize=8, color="white")
        base = [b + h for b, h in zip(base, heights, strict=True)]
    for x, b in enumerate(base):
        points_ax.annotate(f"{b:.2f}", (x, b), xytext=(0, 3), textcoords="offset points",
                           ha="center", fontsize=9, fontweight="bold")
    points_ax.set_ylabel("points per whole deal")
    points_ax.set_title("Points per deal by source")
    points_ax.legend(loc="upper right", fontsize=8)
    points_ax.set_ylim(0, max([*base, 1.0]) * 1.25)
    fig.suptitle(f"{names[0]} vs {names[1]}: {len(records)} games", fontweight="bold",
                 fontsize=13)
    fig.set_layout_engine("constrained", h_pad=8 / 72)  # the title clear of the panels'
    # own titles (the default pad is 3 points: they touched)
    return fig


def _wins_panel(ax: Any, records: list[Mapping[str, Any]], names: Sequence[str]) -> None:
    from .simulation import wilson_interval

    labels = []
    rates = []
    errors: tuple[list[float], list[float]] = ([], [])
    colours = []
    for player in (0, 1):
        for dealt_first in (True, False):
            games = [r for r in records if (r["first_dealer"] == player) == dealt_first]
            won = sum(1 for r in games if r["winner"] == player)
            rate = won / len(games) if games else 0.0
            low, high = wilson_interval(won, len(games)) if games else (0.0, 0.0)
            labels.append(f"{names[player]}\n{'dealt first' if dealt_first else 'pone first'}")
            rates.append(rate)
            errors[0].append(rate - low)
            errors[1].append(high - rate)
            colours.append(COLOURS[f"player{player}"])
    xs = list(range(len(labels)))
    ax.bar(xs, rates, color=colours, alpha=0.85, width=0.65,
           yerr=[errors[0], errors[1]], capsize=4)
    for x, rate in zip(xs, rates, strict=True):
        ax.annotate(f"{rate:.0%}", (x, rate), xytext=(8, 3), textcoords="offset points",
                    fontsize=9)
    ax.axhline(0.5, color=COLOURS["mean"], linestyle=":", linewidth=1)
    first = sum(1 for r in records if r["winner"] == r["first_dealer"])
    n = len(records)
    if n:
        low, high = wilson_interval(first, n)
        ax.annotate(f"first dealer won {first / n:.1%}\n(95% CI {low:.1%} to {high:.1%})",
                    (0.02, 0.98), xycoords="axes fraction", va="top", fontsize=8)
    ax.set_xticks(xs, labels, fontsize=8)
    ax.set_ylim(0, 1.12)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))  # as the bars say
    ax.set_ylabel("share of games won")
    ax.set_title("Who wins, by who dealt first")


# --- the chance to win -------------------------------------------------------------------------

@_house_style
def win_table_chart(target: int = 121) -> Figure:
    """Your chance to win from every pair of scores at the start of a deal, as a heatmap:
    one panel when you deal, one when you are pone (from
    :func:`cribbage_edu.chance.win_table`), with the 25%, 50% and 75% lines drawn.

    >>> fig = win_table_chart(61)
    >>> [ax.get_title() for ax in fig.axes[:2]]
    ['You deal', 'You are pone']
    >>> fig.axes[0].images[0].get_array().shape
    (61, 61)
    """
    from .chance import win_table

    table = win_table(target)
    fig = _figure(11, 5.4)
    axes = fig.subplots(1, 2, sharey=True)
    image = None
    for ax, dealer in zip(axes, (True, False), strict=True):
        grid = table.grid(dealer=dealer)  # grid[you][them]: you across, them up
        upright = [list(row) for row in zip(*grid, strict=True)]
        image = ax.imshow(upright, origin="lower", cmap="RdBu", vmin=0, vmax=1,
                          extent=(-0.5, target - 0.5, -0.5, target - 0.5))
        lines = ax.contour(range(target), range(target), upright, levels=[0.25, 0.5, 0.75],
                           colors=COLOURS["mean"], linewidths=0.8)
        ax.clabel(lines, fmt=lambda v: f"{v:.0%}", fontsize=8)
        ax.grid(False)
        ax.set_title("You deal" if dealer else "You are pone")
        ax.set_xlabel("your score")
        step = 20 if target > 61 else 10
        ax.set_xticks(range(0, target, step))
        ax.set_yticks(range(0, target, step))
    axes[0].set_ylabel("the other player's score")
    if image is not None:
        fig.colorbar(image, ax=axes, shrink=0.85, label="your chance to win",
                     format=PercentFormatter(1.0))
    fig.suptitle(f"Your chance to win from the start of a deal, game to {target}: "
                 "blue you are favoured, red the other player", fontweight="bold")
    return fig


@_house_style
def calibration_chart(positions: Sequence[Mapping[str, Any]], *,
                      bins: Sequence[Mapping[str, Any]] = (),
                      brier: float | None = None) -> Figure:
    """The chance to win predicted (x) against the share of games won when they were
    played out (y, with its 95% interval), one point per position: on the diagonal is a
    perfect prediction. ``positions`` and ``bins`` are the rows that
    ``benchmarks/calibration.py`` writes (``predicted``, ``observed``, ``low``, ``high``,
    ``target``); the bins (deals the games passed through, grouped by the predicted
    chance) get a second panel.

    >>> rows = [{"predicted": 0.3, "observed": 0.32, "low": 0.29, "high": 0.35, "target": 121},
    ...         {"predicted": 0.8, "observed": 0.78, "low": 0.75, "high": 0.81, "target": 61}]
    >>> fig = calibration_chart(rows, brier=0.2)
    >>> fig.axes[0].get_xlabel()
    'predicted chance to win (the table)'
    """
    panels = 2 if bins else 1
    fig = _figure(6.2 * panels, 5.6)
    axes = fig.subplots(1, panels, squeeze=False)[0]
    colour = {121: COLOURS["player0"], 61: COLOURS["player1"]}
    for ax, rows, what in ((axes[0], positions, "one position, games played out from it"),
                           *(((axes[1], bins, "deals the games passed through, grouped"),)
                             if bins else ())):
        ax.plot([0, 1], [0, 1], color=COLOURS["mean"], linewidth=1, linestyle="--",
                label="perfect prediction")
        for target in (121, 61):
            mine = [r for r in rows if r.get("target", 121) == target]
            if not mine:
                continue
            xs = [r["predicted"] for r in mine]
            ys = [r["observed"] for r in mine]
            below = [r["observed"] - r["low"] for r in mine]
            above = [r["high"] - r["observed"] for r in mine]
            ax.errorbar(xs, ys, yerr=[below, above], fmt="o", markersize=4, capsize=2,
                        color=colour[target], label=f"game to {target}")
        ax.set_xlim(-0.02, 1.02)
        ax.set_ylim(-0.02, 1.02)
        ax.set_aspect("equal")
        ax.set_xlabel("predicted chance to win (the table)")
        ax.set_ylabel("share of games won (95% interval)")
        ax.set_title(what[0].upper() + what[1:], fontsize=10)
        ax.legend(loc="upper left", fontsize=8)
    title = "Predicted against played: the points lie on the diagonal"
    if brier is not None:
        title += f" (Brier score {brier:.3f})"
    fig.suptitle(title, fontweight="bold")
    return fig
