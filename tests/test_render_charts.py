"""The widgets' charts as SVG say what the matplotlib charts say: each is read back as a
learner reads it (the words, where they stand, and the values the axes give the bars and
marks), not from the code that drew it."""

from __future__ import annotations

import re

import pytest

from cribbage_edu.render.review import review_svg, review_title
from cribbage_edu.render.throws import starters_svg, throws_svg
from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.game import Game
from cribbage_edu.strategy.coach import Grade, Review, judge_throw, review
from cribbage_edu.strategy.discard import starter_distribution
from cribbage_edu.strategy.players import ExpertPlayer, RandomPlayer
from cribbage_edu.tables.chance import chances_by_deal
from tests.pictures import all_of, axis, box, svg_of, ticks, words

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
