"""Charts: built from known data, their structure checked (bars, labels, titles,
data), and no pyplot state left behind."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.container import BarContainer
from matplotlib.figure import Figure

from cribbage_edu import charts, parse_cards
from cribbage_edu.render import COLOURS
from cribbage_edu.rules.board import Board, hole_xy
from cribbage_edu.rules.game import Game
from cribbage_edu.strategy.discard import advise, starter_distribution
from cribbage_edu.study.analysis import score_distribution
from cribbage_edu.tables.cribtable import crib_matrix


def bar_heights(container: object) -> list[float]:
    return [round(p.get_height(), 9) for p in container]  # type: ignore[attr-defined]


def player_lines(ax: object, names: tuple[str, str]) -> list[object]:
    return [line for line in ax.lines if line.get_label() in names]  # type: ignore[attr-defined]


def texts(fig: Figure) -> list[str]:
    return [t.get_text() for ax in fig.axes for t in ax.texts]


def test_score_distribution_counts_and_marks() -> None:
    fig = charts.score_distribution_chart()
    (ax,) = fig.axes
    hand, crib = ax.containers
    assert len(hand) == len(crib) == 30
    census = score_distribution()
    assert bar_heights(hand) == [census.get(t, 0) for t in range(30)]
    assert bar_heights(hand)[19] == 0 and bar_heights(hand)[25:28] == [0, 0, 0]
    assert "× no hand scores 19, 25, 26 or 27" in texts(fig)
    assert sum(1 for t in texts(fig) if t == "×") == 4
    means = sorted(round(line.get_xdata()[0], 2) for line in ax.lines)
    assert means == [4.73, 4.77]
    assert ax.get_xlabel().startswith("points in the show") and ax.get_ylabel() == "hands"


# The published census of the hand (four cards and the starter, all 12,994,800): the
# commonest totals are 4 (2,855,676 hands) and 2 (2,813,796); 0, 1, 2 and 3 points take
# 4,427,604 hands, fewer than half, and with 4 points 7,283,280, more than half.
def test_score_distribution_says_its_point_in_plain_numbers() -> None:
    fig = charts.score_distribution_chart()
    (ax,) = fig.axes
    assert ax.get_title() == ("2 and 4 points are the commonest totals; half of all "
                              "hands score 4 or less")
    FigureCanvasAgg(fig).draw()  # the tick labels and any offset exist once drawn
    assert ax.yaxis.get_offset_text().get_text() == ""  # no "1e6" above the axis
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert "1 million" in labels and "2 million" in labels
    assert not [label for label in labels if "e" in label.replace("million", "")]


def test_a_distribution_title_follows_its_own_data() -> None:
    fig = charts.score_distribution_chart({0: 1, 12: 5, 16: 2, 24: 4}, show_crib=False)
    assert fig.axes[0].get_title() == ("12 and 24 points are the commonest totals; half "
                                       "of all hands score 12 or less")


def test_score_distribution_from_plain_data_as_probabilities() -> None:
    fig = charts.score_distribution_chart({2: 1, 4: 3}, probabilities=True, show_crib=False)
    (ax,) = fig.axes
    (bars,) = ax.containers
    assert bar_heights(bars)[2] == 0.25 and bar_heights(bars)[4] == 0.75
    assert ax.get_ylabel() == "probability"
    assert ax.get_legend().get_texts()[0].get_text() == "hand (mean 3.50)"


def test_starter_chart() -> None:
    dist = starter_distribution("5H 5C JS QH", seen="6D 2C")
    fig = charts.starter_chart(dist)
    ax = fig.axes[0]
    (bars,) = ax.containers
    assert [round(b.get_x() + b.get_width() / 2) for b in bars] == list(dist.counts)
    assert bar_heights(bars) == list(dist.counts.values())
    assert ax.get_title() == "Keep 5♥ 5♣ J♠ Q♥: the 46 starters"
    (listing,) = fig.axes[1].texts
    assert listing.get_text().splitlines()[:2] == ["21: 5♠", "20: 5♦"]  # by hand: 5-5-5 + J-Q
    assert f"mean {float(dist.expected):.2f}" in texts(fig)
    assert [t.get_text() for t in ax.texts if t.get_text().isdigit()] == [
        str(n) for n in dist.counts.values()]


@pytest.mark.parametrize("dealer", [True, False])
def test_advice_chart(dealer: bool) -> None:
    options = advise("5H 5C 6D JS QH 2C", dealer=dealer)
    fig = charts.advice_chart(options)
    (ax,) = fig.axes
    hand, crib = ax.containers
    assert len(hand) == len(crib) == 15
    assert "with pegging" not in "".join(t.get_text() for t in ax.texts)
    (played,) = charts.advice_chart(options, pegging=True).axes
    bars = [c for c in played.containers if isinstance(c, BarContainer)]
    assert len(bars) == 3
    assert [round(b.get_width(), 9) for b in bars[2]] == [round(o.peg_ev, 9) for o in options]
    assert [round(b.get_x(), 9) for b in bars[2]] == [round(o.net_ev, 9) for o in options]
    assert f"({options[0].with_pegging:.2f} with pegging)" in played.texts[0].get_text()
    assert [round(b.get_width(), 9) for b in hand] == [round(float(o.hand_ev), 9)
                                                       for o in options]
    sign = 1 if dealer else -1
    assert [round(b.get_width(), 9) for b in crib] == [round(sign * o.crib_ev, 9)
                                                       for o in options]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[0] == f"keep {options[0].keep.symbols}  throw {options[0].discard.symbols}"
    assert ax.get_yticklabels()[0].get_fontweight() == "bold"
    assert ("own crib" in ax.get_title()) == dealer


def test_advice_chart_marks_the_learners_throw() -> None:
    options = advise("5H 5C 6D JS QH 2C", dealer=True)
    fig = charts.advice_chart(options, mark="JS 2C")
    (ax,) = fig.axes
    mine = next(n for n, o in enumerate(options) if set(o.discard) == set(parse_cards("JS 2C")))
    outlined = [p for p in ax.patches if p.get_label() == "your throw"]
    assert len(outlined) == 1
    y = len(options) - 1 - mine  # the best is drawn at the top
    assert outlined[0].get_y() < y < outlined[0].get_y() + outlined[0].get_height()
    labels = ax.get_yticklabels()
    assert labels[mine].get_text().endswith(f"throw {options[mine].discard.symbols}")
    assert labels[mine].get_color() == COLOURS["given"]
    assert sum(1 for t in labels if t.get_color() == COLOURS["given"]) == 1
    assert "your throw" in [t.get_text() for t in fig.legends[0].get_texts()]
    assert not [p for p in charts.advice_chart(options).axes[0].patches
                if p.get_label() == "your throw"]


def test_with_pegging_the_chart_marks_the_total_it_is_ranked_by() -> None:
    """Review: lesson 13's chart said "best first" while its net diamonds went up and
    down (the rows are ranked by the net with pegging). The total the rows are ranked by
    is marked on every row, it falls from top to bottom, and the title says so."""
    options = advise("AC 4C 10D KH 3H 5S", dealer=True, pegging=True)
    (ax,) = charts.advice_chart(options, pegging=True).axes
    (marks,) = [c for c in ax.collections if c.get_label().startswith("net with pegging")]
    xs, ys = marks.get_offsets()[:, 0], marks.get_offsets()[:, 1]
    top_down = [x for _, x in sorted(zip(ys, xs, strict=True), reverse=True)]
    assert top_down == sorted(top_down, reverse=True)
    assert [round(x, 9) for x in xs] == [round(o.with_pegging, 9) for o in options]
    assert "with the play counted" in ax.get_title()
    assert "with the play" not in charts.advice_chart(options).axes[0].get_title()


def test_advice_chart_from_cards_needs_the_side() -> None:
    with pytest.raises(TypeError, match="dealer=True or False"):
        charts.advice_chart("5H 5C 6D JS QH 2C")


def test_crib_table_chart() -> None:
    fig = charts.crib_table_chart()
    heat = [ax for ax in fig.axes if ax.images]
    assert len(heat) == 2
    for ax, dealer in zip(heat, (True, False), strict=True):
        assert ax.images[0].get_array().tolist() == crib_matrix(dealer=dealer)
        assert [t.get_text() for t in ax.get_xticklabels()] == [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        assert len(ax.texts) == 169


def test_board_chart_from_numbers_and_from_a_board() -> None:
    board = Board()
    board.peg(0, 88).peg(0, 7).peg(1, 52).peg(1, 8)
    from_board = charts.board_chart(board, names=("you", "computer"))
    assert (board.pegs(0), board.pegs(1)) == ((88, 95), (52, 60))  # (rear, front)
    from_numbers = charts.board_chart(pegs=((88, 95), (52, 60)), names=("you", "computer"))
    for fig in (from_board, from_numbers):
        (ax,) = fig.axes
        assert ax.get_title() == "The board: you 95, computer 60"
        pegs = [tuple(c.get_offsets()[0]) for c in ax.collections
                if len(c.get_offsets()) == 1 and c.get_sizes()[0] >= 90]
        expected = []
        for player, scores in ((0, (88, 95)), (1, (52, 60))):
            for score in scores:
                x, y = hole_xy(player, score)
                expected.append((y, 3.0 - x))
        assert sorted(pegs) == sorted(expected)
        assert any("skunk line: 90|91" in t for t in texts(fig))
    holes = [c for c in from_numbers.axes[0].collections if len(c.get_offsets()) == 60]
    assert len(holes) == 2  # each player's 60-hole loop


LOG = [(1, 1, "pegging", 2), (1, 0, "pegging", 1), (1, 1, "hand", 8),
       (1, 0, "hand", 12), (1, 0, "crib", 4), (2, 0, "heels", 2), (2, 1, "pegging", 31),
       (2, 0, "hand", 6)]


def test_progress_by_event() -> None:
    fig = charts.progress_chart(LOG, names=("Ann", "Bob"))
    (ax,) = fig.axes
    ann, bob = player_lines(ax, ("Ann", "Bob"))
    assert list(ann.get_ydata()) == [0, 1, 13, 17, 19, 25, 25]  # type: ignore[attr-defined]
    assert list(bob.get_ydata()) == [0, 2, 10, 41, 41]  # type: ignore[attr-defined]
    sources = {c.get_label() for c in ax.collections}
    assert sources == {"pegging", "hand", "crib", "heels"}
    assert ax.get_title() == "Through the game: Ann 25, Bob 41"


def test_progress_by_deal_from_dicts() -> None:
    log = [{"deal": d, "player": p, "source": s, "points": n} for d, p, s, n in LOG]
    fig = charts.progress_chart(log, by="deal", names=("Ann", "Bob"))
    top, bottom = fig.axes
    assert [list(line.get_ydata()) for line in player_lines(top, ("Ann", "Bob"))] == [
        [0, 17, 25], [0, 10, 41]]  # type: ignore[attr-defined]
    assert len(bottom.containers) == 2 * 4  # two players x four sources
    with pytest.raises(ValueError, match="by must be"):
        charts.progress_chart(LOG, by="hand")


def test_progress_of_a_real_game() -> None:
    from cribbage_edu.rules.drive import play_game
    from cribbage_edu.strategy.players import GreedyPlayer

    game = play_game([GreedyPlayer(1), GreedyPlayer(2)], seed=5, first_dealer=0)
    fig = charts.progress_chart(game)
    (ax,) = fig.axes
    finals = [line.get_ydata()[-1] for line in player_lines(ax, game.names)]
    assert finals == [min(121, s) for s in game.scores]
    winner = game.names[max((0, 1), key=lambda p: game.scores[p])]
    assert ax.get_title().startswith(f"Through the game: {winner} wins 121-")


def game_to_61() -> Game:
    from cribbage_edu.rules.drive import play_out
    from cribbage_edu.strategy.players import GreedyPlayer

    game = Game(5, target=61, first_dealer=0, names=("Ann", "Bob"))
    play_out(game, [GreedyPlayer(1), GreedyPlayer(2)])
    return game


@pytest.mark.parametrize("by", ["event", "deal"])
def test_a_short_game_is_drawn_on_its_own_scale(by: str) -> None:
    game = game_to_61()
    assert game.result is not None and game.result.target == 61
    fig = charts.progress_chart(game, by=by)
    ax = fig.axes[0]
    low, high = ax.get_ylim()
    assert low == 0 and 61 < high <= 66  # the data fills the chart
    labels = [t.get_text() for t in ax.texts]
    assert "game (61)" in labels and "skunk line (31)" in labels
    assert not any("121" in t or "91" in t for t in labels)
    finals = [line.get_ydata()[-1] for line in player_lines(ax, ("Ann", "Bob"))]
    won, lost = finals[game.result.winner], finals[1 - game.result.winner]
    assert won == 61  # the winner's score as players write it: the game hole
    assert ax.get_title().endswith(f"{game.names[game.result.winner]} wins 61-{lost}")
    assert f"{won}-{lost}" in ax.get_title()


def test_a_game_from_given_scores_starts_there() -> None:
    from cribbage_edu.rules.drive import play_out
    from cribbage_edu.strategy.players import GreedyPlayer

    game = Game(3, scores=(100, 110), first_dealer=0, names=("Ann", "Bob"))
    play_out(game, [GreedyPlayer(1), GreedyPlayer(2)])
    ax = charts.progress_chart(game).axes[0]
    ann, bob = player_lines(ax, ("Ann", "Bob"))
    assert ann.get_ydata()[0] == 100 and bob.get_ydata()[0] == 110  # type: ignore[index]


GAMES = [
    {"winner": 0, "first_dealer": 0, "deals": 9, "whole_deals": 8,
     "dealer_points": {"pegging": 28, "hand": 64, "crib": 36, "heels": 0},
     "pone_points": {"pegging": 16, "hand": 64, "crib": 0, "heels": 0}},
    {"winner": 0, "first_dealer": 1, "deals": 10, "whole_deals": 9,
     "dealer_points": {"pegging": 27, "hand": 72, "crib": 45, "heels": 2},
     "pone_points": {"pegging": 18, "hand": 72, "crib": 0, "heels": 0}},
    {"winner": 1, "first_dealer": 1, "deals": 8, "whole_deals": 7,
     "dealer_points": {"pegging": 21, "hand": 56, "crib": 28, "heels": 0},
     "pone_points": {"pegging": 14, "hand": 56, "crib": 0, "heels": 0}},
]


def test_simulation_chart_from_plain_dicts() -> None:
    fig = charts.simulation_chart(GAMES, names=("A", "B"))
    wins, length, points = fig.axes
    (win_bars,) = [c for c in wins.containers if isinstance(c, BarContainer)]
    # A dealt first once (won), was pone first twice (won once); B the mirror
    assert bar_heights(win_bars) == [1.0, 0.5, 0.5, 0.0]
    assert wins.get_xticklabels()[0].get_text() == "A\ndealt first"
    assert sum(bar_heights(length.containers[0])) == 3
    dealer = [c[0].get_height() for c in points.containers]
    assert [round(h, 6) for h in dealer] == [round(76 / 24, 6), round(192 / 24, 6),
                                             round(109 / 24, 6), round(2 / 24, 6)]
    assert fig.get_suptitle() == "A vs B: 3 games"


def test_simulation_chart_layout_reads_cleanly() -> None:
    """Shares of games as percentages on the axis (as on the bars), the figure title
    clear above every panel's title, the mean of the game length above the bars."""
    fig = charts.simulation_chart(GAMES, names=("A", "B"))
    wins, length, _ = fig.axes
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    assert [t.get_text() for t in wins.get_yticklabels()][:6] == [
        "0%", "20%", "40%", "60%", "80%", "100%"]
    renderer = canvas.get_renderer()
    title = fig._suptitle.get_window_extent(renderer)  # type: ignore[union-attr]
    for ax in fig.axes:  # at least 10 points between the boxes (6 looked touching)
        gap = title.y0 - ax.title.get_window_extent(renderer).y1
        assert gap * 72 / fig.dpi >= 10
    (mean,) = [t for t in length.texts if t.get_text().startswith("mean")]
    assert mean.get_text() == "mean 9.00 deals"
    box = mean.get_window_extent(renderer)
    axis = length.get_window_extent(renderer)
    tallest = max(p.get_window_extent(renderer).y1 for p in length.patches)
    assert box.y0 > tallest and box.y1 <= axis.y1  # above the bars, inside the panel


def test_simulation_chart_tells_two_players_of_one_kind_apart() -> None:
    fig = charts.simulation_chart(GAMES, names=("expert", "expert"))
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert labels[0] == "expert A\ndealt first" and labels[2] == "expert B\ndealt first"
    assert fig.get_suptitle() == "expert A vs expert B: 3 games"


def test_simulation_chart_from_a_simulation() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from cribbage_edu.study.simulation import simulate

    with ThreadPoolExecutor(1) as pool:
        result = simulate(4, ["greedy", "random"], seed=2, executor=pool, target=61)
    fig = charts.simulation_chart(result)
    assert fig.get_suptitle() == "greedy vs random: 4 games"
    assert sum(bar_heights(fig.axes[1].containers[0])) == 4


def test_no_global_pyplot_state_and_pngs_render(tmp_path: Path) -> None:
    import matplotlib.pyplot as plt

    before = dict(matplotlib.rcParams)
    figures = [
        charts.score_distribution_chart(), charts.starter_chart("5H 5C 5S JD"),
        charts.advice_chart("5H 5C 6D JS QH 2C", dealer=True),
        charts.crib_table_chart(dealer=False), charts.board_chart(),
        charts.progress_chart(LOG), charts.simulation_chart(GAMES),
    ]
    assert plt.get_fignums() == []
    assert dict(matplotlib.rcParams) == before
    for n, fig in enumerate(figures):
        assert isinstance(fig, Figure)
        path = tmp_path / f"chart{n}.png"
        fig.savefig(path)
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("by", ["event", "deal"])
def test_the_progress_chart_adds_the_chance_to_win(by: str) -> None:
    """Under the scores, each player's chance at the start of every deal (the table's,
    as chances_by_deal gives it) and the result at the end; the two add up to one."""
    from cribbage_edu.rules.drive import play_out
    from cribbage_edu.strategy.players import ExpertPlayer
    from cribbage_edu.tables.chance import chances_by_deal

    game = play_out(Game(seed=14, first_dealer=0, names=("Ann", "Bob")),
                    [ExpertPlayer(), ExpertPlayer()])
    fig = charts.progress_chart(game, by=by, chance=True)
    panel = fig.axes[-1]
    assert panel.get_ylabel() == "chance to win"
    ann, bob = [line for line in panel.lines if line.get_label() in ("Ann", "Bob")]
    expected = [c.chance for c in chances_by_deal(game)]
    assert list(ann.get_ydata()) == pytest.approx(expected)
    assert list(bob.get_ydata()) == pytest.approx([1 - c for c in expected])
    assert expected[-1] in (0.0, 1.0)
    assert len(charts.progress_chart(game, by=by).axes) == len(fig.axes) - 1
    with pytest.raises(TypeError, match="needs the Game"):
        charts.progress_chart(game.events, chance=True)
