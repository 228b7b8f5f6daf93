"""The widgets' charts as SVG say what the matplotlib charts say: each is read back as a
learner reads it (the words, where they stand, and the values the axes give the bars and
marks), not from the code that drew it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cribbage_edu.charts.progress_svg import progress_svg
from cribbage_edu.charts.review_svg import review_svg, review_title
from cribbage_edu.charts.throws_svg import starters_svg, throws_svg
from cribbage_edu.render.colours import COLOURS
from cribbage_edu.rules.board import Skunk, skunk_lines
from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.game import Game
from cribbage_edu.rules.options import TARGETS
from cribbage_edu.strategy.coach import Grade, Review, judge_throw, review
from cribbage_edu.strategy.discard import starter_distribution
from cribbage_edu.strategy.players import ExpertPlayer, GreedyPlayer, RandomPlayer
from cribbage_edu.tables.chance import chances_by_deal
from tests.pictures import Axis, all_of, axis, box, svg_of, ticks, words

SIX = "5H 5C 6D JS QH 2C"


def diamond_x(path: str) -> float:
    """The centre of a diamond: its path starts at its top point."""
    match = re.match(r"M([\d.]+) ", path)
    assert match
    return float(match.group(1))


@pytest.mark.parametrize(("dealer", "thrown"), [(True, "JS 2C"), (False, "5H 5C")])
def test_the_throws_chart_shows_every_throw_ranked_with_its_parts_and_marks_mine(
        dealer: bool, thrown: str) -> None:
    verdict = judge_throw(SIX, thrown, dealer=dealer)
    options = verdict.options
    mine = next(n for n, o in enumerate(options) if set(o.discard) == set(verdict.chosen))
    root = svg_of(throws_svg(options, dealer=dealer, mark=mine))
    assert root.get("role") == "img"
    rows = all_of(root, "g", "cribbage-throw-row")
    labels = [words(row)[0] for row in rows]
    assert labels == [f"keep {o.keep.symbols}  throw {o.discard.symbols}" for o in options]
    x = axis(ticks(root, along="x"))
    for row, option in zip(rows, options, strict=True):
        hand, crib, play, total = (v / 100 for v in option.cents(dealer))
        net = hand + (crib if dealer else -crib)
        (hand_bar,) = all_of(row, "rect", "cribbage-hand-bar")
        (crib_bar,) = all_of(row, "rect", "cribbage-crib-bar")
        hx, _, hw, _ = box(hand_bar)
        cx, _, cw, _ = box(crib_bar)
        assert x.value(hx) == pytest.approx(0, abs=0.02)
        assert x.length(hw) == pytest.approx(hand, abs=0.02)
        assert x.length(cw) == pytest.approx(crib, abs=0.02)
        # the dealer's crib is added after the hand; pone's is given away left of zero
        assert x.value(cx) == pytest.approx(hand if dealer else -crib, abs=0.02)
        (net_mark,) = all_of(row, "path", "cribbage-net")
        (total_mark,) = all_of(row, "path", "cribbage-with-play")
        assert x.value(diamond_x(net_mark.get("d", ""))) == pytest.approx(net, abs=0.02)
        assert x.value(diamond_x(total_mark.get("d", ""))) == pytest.approx(total, abs=0.02)
        (play_bar,) = all_of(row, "rect", "cribbage-play-bar")
        assert x.length(box(play_bar)[2]) == pytest.approx(abs(play), abs=0.02)
        said = words(row)
        assert said[1:] == [f"{net:.2f}", f"({total:.2f} with the play)"]
    ranked = [o.total for o in options]
    assert ranked == sorted(ranked, reverse=True)  # best first, by the total with the play
    totals = [o.cents(dealer)[3] for o in options]
    assert rows[0].find(".//{http://www.w3.org/2000/svg}text").get("font-weight") == "bold"
    # the mark: one outline, around my row's label and no other
    (outline,) = all_of(root, "rect", "cribbage-your-throw")
    _, top, _, height = box(outline)
    inside = [n for n, row in enumerate(rows)
              if top < float(row.find(".//{http://www.w3.org/2000/svg}text").get("y", "0"))
              < top + height]
    assert inside == [mine]
    assert outline.get("stroke-dasharray")
    name = root.get("aria-label", "")
    assert f"your throw ({labels[mine]}) ranks {mine + 1}" in name
    assert f"the best, {labels[0]}, {totals[0] / 100:.2f} points a deal" in name
    title = words(root)[:2]
    whose = "your own crib (dealer)" if dealer else "the dealer's crib (pone)"
    assert title == [f"The 15 ways to throw into {whose}:",
                     "best first, with the play counted (the orange diamonds)"]
    assert ("your throw" in words(root)) is True


def test_no_mark_without_a_throw() -> None:
    options = judge_throw(SIX, "JS 2C", dealer=True).options
    root = svg_of(throws_svg(options, dealer=True))
    assert not all_of(root, "rect", "cribbage-your-throw")
    assert "your throw" not in words(root) and "ranks" not in root.get("aria-label", "")


def test_two_starter_charts_share_a_scale_and_show_every_total() -> None:
    a = starter_distribution("5H 5C 5S JD", "2C 9H")
    b = starter_distribution("5H JD 2C 9H", "5C 5S")
    top = max(*a.counts.values(), *b.counts.values())
    pictures = [svg_of(starters_svg(d, ymax=top, xmax=29)) for d in (a, b)]
    assert ticks(pictures[0], along="x") == ticks(pictures[1], along="x")
    assert ticks(pictures[0], along="y") == ticks(pictures[1], along="y")
    for dist, root in zip((a, b), pictures, strict=True):
        x = axis(ticks(root, along="x"))
        y = axis(ticks(root, along="y"), y_offset=4)  # a label's baseline, 4 below its tick
        bars = all_of(root, "g", "cribbage-starter-bar")
        shown = {}
        for bar in bars:
            (rect,) = all_of(bar, "rect")
            left, _, width, height = box(rect)
            shown[round(x.value(left + width / 2))] = round(y.length(height))
            assert words(bar) == [str(round(y.length(height)))]  # the count, written on it
        assert shown == {t: len(s) for t, s in dist.starters.items()}
        (mean,) = all_of(root, "line", "cribbage-mean-line")
        assert x.value(float(mean.get("x1", "0"))) == pytest.approx(float(dist.expected),
                                                                   abs=0.02)
        assert f"mean {float(dist.expected):.2f}" in words(root)
        assert words(root)[0] == f"Keep {dist.keep.symbols}: the {dist.n_starters} starters"
        assert root.get("role") == "img" and "points from" in root.get("aria-label", "")


@pytest.fixture(scope="module")
def played() -> tuple[Game, Review]:
    game = play_out(Game(seed=3, target=61, first_dealer=0), [RandomPlayer(1), ExpertPlayer()])
    return game, review(game, 0)


def test_the_review_chart_shows_the_points_lost_and_the_chance_with_each_mistake(
        played: tuple[Game, Review]) -> None:
    game, r = played
    chances = [(c.deal, c.chance) for c in chances_by_deal(game, 0)]
    root = svg_of(review_svg(r, chances))
    said = words(root)
    assert said[0] == review_title(r)
    x = axis(ticks(root, along="x"))
    lost_ticks = [t for t in ticks(root, along="y") if t[1] < 240]
    y = axis(lost_ticks, y_offset=4)
    heights: dict[int, float] = {}
    for bar in all_of(root, "rect", "cribbage-lost-bar"):
        left, _, width, height = box(bar)
        deal = round(x.value(left + width / 2))
        heights[deal] = heights.get(deal, 0.0) + y.length(height)
    expected = {d: sum(row.values()) for d, row in r.by_deal().items()
                if sum(row.values()) > 0}
    assert heights == pytest.approx(expected, abs=0.02)
    percent = axis([t for t in ticks(root, along="y") if t[1] > 240], y_offset=4)
    points = all_of(root, "circle", "cribbage-chance-point")
    assert [(round(x.value(float(p.get("cx", "0")))), percent.value(float(p.get("cy", "0"))))
            for p in points] == [(d, pytest.approx(c, abs=0.005)) for d, c in chances]
    mistakes = [d for d in r.decisions
                if d.grade in (Grade.MISTAKE, Grade.BLUNDER)]
    marks = all_of(root, "g", "cribbage-mistake")
    assert [words(m) for m in marks] == [[d.chosen] for d in mistakes]
    assert [int(m.get("data-deal", "0")) for m in marks] == [d.deal for d in mistakes]
    assert (f"Your chance to win, deal by deal: {len(mistakes)} mistakes marked where they "
            f"were made") in said
    assert root.get("role") == "img" and review_title(r) in root.get("aria-label", "")


# --- a game's progress, as the table shows it at game over -----------------------------------


def step_ends(path: str) -> tuple[float, float]:
    """Where a step line ends: its last x (H) and its last y (V, or M for no step)."""
    xs = re.findall(r"[MH]([\d.]+)", path)
    ys = re.findall(r"(?:M[\d.]+ |V)([\d.]+)", path)
    return float(xs[-1]), float(ys[-1])


def score_axis(root: ET.Element) -> tuple[list[tuple[float, float]], Axis]:
    """The score panel's tick labels (the upper panel's: the chance's are lower) and the
    axis they give."""
    pairs = [t for t in ticks(root, along="y") if t[1] < 380]
    return pairs, axis(pairs, y_offset=4)


def skunked_game() -> Game:
    for seed in range(200):
        game = play_out(Game(seed, skunk=True, first_dealer=0, names=("Ann", "Bob")),
                        [RandomPlayer(seed), ExpertPlayer()])
        assert game.result is not None
        if game.result.skunk is not Skunk.NONE:
            return game
    raise AssertionError("no skunk in 200 games of random against expert")


@pytest.fixture(scope="module")
def skunked() -> Game:
    return skunked_game()


def test_the_progress_chart_steps_through_every_event_to_the_final_scores(
        skunked: Game) -> None:
    game = skunked
    result = game.result
    assert result is not None
    root = svg_of(progress_svg(game))
    assert root.get("role") == "img"
    _, y = score_axis(root)
    lines = all_of(root, "path", "cribbage-score-line")
    assert [int(p.get("data-player", "")) for p in lines] == [0, 1]
    finals = [round(y.value(step_ends(p.get("d", ""))[1])) for p in lines]
    assert finals == list(result.scores) == list(game.scores)
    assert finals[result.winner] == game.options.target  # the winner's peg in the game hole
    # a dot for every scoring event, at the running score, coloured by its source
    scoring = [e for e in game.events if e.points and e.player is not None and e.source]
    dots = all_of(root, "circle", "cribbage-score-point")
    assert len(dots) == len(scoring)
    running = list(game.start_scores)
    for dot, event in zip(dots, scoring, strict=True):
        running[event.player] = min(game.options.target, running[event.player] + event.points)
        assert int(dot.get("data-player", "")) == event.player
        assert dot.get("data-source") == str(event.source)
        assert dot.get("fill") == COLOURS[str(event.source)]
        assert round(y.value(float(dot.get("cy", "0")))) == running[event.player]
    # every deal begins at a grey line, numbered
    deals = sorted({e.deal for e in scoring})
    marks = all_of(root, "line", "cribbage-deal-line")
    assert [int(m.get("data-deal", "")) for m in marks] == deals
    numbers = ["".join(t.itertext()) for t in all_of(root, "text", "cribbage-deal-number")]
    assert numbers == [f"deal {deals[0]}", *map(str, deals[1:])]
    # the winner, in the title and in what a screen reader hears
    won, lost = result.scores[result.winner], result.scores[result.loser]
    assert words(root)[0] == f"Through the game: {game.names[result.winner]} wins {won}-{lost}"
    name = root.get("aria-label", "")
    assert name.startswith(f"Through the game: {result.describe(game.names)}.")
    assert "skunk" in result.describe(game.names)
    assert "chance" not in name and not all_of(root, "circle", "cribbage-chance-point")


@pytest.mark.parametrize("target", TARGETS)
def test_the_game_hole_and_skunk_lines_stand_where_the_rules_put_them(target: int) -> None:
    game = play_out(Game(5, target=target, first_dealer=0, names=("Ann", "Bob")),
                    [GreedyPlayer(1), GreedyPlayer(2)])
    root = svg_of(progress_svg(game))
    pairs, y = score_axis(root)
    (game_line,) = all_of(root, "line", "cribbage-game-line")
    assert round(y.value(float(game_line.get("y1", "0")))) == target
    skunk, double = skunk_lines(target)
    drawn = [round(y.value(float(line.get("y1", "0"))))
             for line in all_of(root, "line", "cribbage-skunk-line")]
    said = words(root)
    assert f"game ({target})" in said and f"skunk line ({skunk})" in said
    if double > 1:
        assert drawn == [skunk, double] and f"double skunk line ({double})" in said
    else:  # a short game's double skunk line is the first hole: not drawn
        assert drawn == [skunk] and not any("double" in s for s in said)
    # the scale fits the game: its top a little above the game hole, no other game's number
    top = max(value for value, _ in pairs)
    assert target - 20 <= top <= target
    for other in (t for t in TARGETS if t != target):
        assert f"game ({other})" not in said
        assert f"skunk line ({skunk_lines(other)[0]})" not in said
    assert f"the game hole {target}, the skunk line {skunk}" in root.get("aria-label", "")


def test_the_chance_to_win_is_drawn_under_the_scores_only_when_given(skunked: Game) -> None:
    game = skunked
    chances = [(c.deal, c.chance) for c in chances_by_deal(game)]
    root = svg_of(progress_svg(game, chances))
    assert "The chance to win at the start of each deal (the table, two experts)" in words(root)
    percent = axis([t for t in ticks(root, along="y") if t[1] > 380], y_offset=4)
    for player in (0, 1):
        points = [p for p in all_of(root, "circle", "cribbage-chance-point")
                  if p.get("data-player") == str(player)]
        shown = [percent.value(float(p.get("cy", "0"))) for p in points]
        mine = [c if player == 0 else 1 - c for _, c in chances]
        assert shown == pytest.approx(mine, abs=0.005)
        assert [int(p.get("data-deal", "")) for p in points] == [d for d, _ in chances]
    assert chances[-1][1] in (0.0, 1.0)  # the result, at the end
    assert len(all_of(root, "path", "cribbage-chance-line")) == 2
    name = root.get("aria-label", "")
    assert name.endswith(", ".join(f"{c:.0%}" for _, c in chances))
    plain = svg_of(progress_svg(game))
    assert not all_of(plain, "path", "cribbage-chance-line")
    assert not any("chance" in s for s in words(plain))
    assert float(plain.get("height", "0")) < float(root.get("height", "0"))


def test_a_game_from_given_scores_starts_there_and_one_going_on_says_so() -> None:
    game = Game(3, scores=(100, 110), first_dealer=0, names=("Ann", "Bob"))
    root = svg_of(progress_svg(game))
    _, y = score_axis(root)
    starts = [round(y.value(float(re.findall(r"M[\d.]+ ([\d.]+)", p.get("d", ""))[0])))
              for p in all_of(root, "path", "cribbage-score-line")]
    assert starts == [100, 110]
    assert words(root)[0] == "Through the game: Ann 100, Bob 110"
    assert "the game goes on" in root.get("aria-label", "")
    play_out(game, [GreedyPlayer(1), GreedyPlayer(2)])
    finished = svg_of(progress_svg(game))
    _, y = score_axis(finished)
    firsts = [round(y.value(float(re.findall(r"M[\d.]+ ([\d.]+)", p.get("d", ""))[0])))
              for p in all_of(finished, "path", "cribbage-score-line")]
    assert firsts == [100, 110]
    assert game.names[game.winner or 0] in words(finished)[0]


def test_names_are_written_as_given() -> None:
    game = Game(3, names=("<Ann & co>", "$5 Bo"))
    root = svg_of(progress_svg(game))  # parses: the names are escaped
    assert "<Ann & co>" in words(root) and "$5 Bo" in words(root)
    assert "<Ann & co> 0, $5 Bo 0" in root.get("aria-label", "")
