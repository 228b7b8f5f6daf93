"""The review after a game: the view driven from Python (Try again, Save), its chart, and
the review built from verdicts a table already gave."""

from __future__ import annotations

import csv
import io
import json

import pytest

from cribbage_edu.charts import review_chart
from cribbage_edu.charts.review_svg import review_title
from cribbage_edu.rules.drive import play_out
from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.rules.events import ActionKind
from cribbage_edu.rules.game import Game
from cribbage_edu.strategy.coach import (
    CardVerdict,
    DecisionKind,
    Grade,
    Review,
    ThrowVerdict,
    judge_view,
    review,
    verdict_line,
)
from cribbage_edu.strategy.players import ExpertPlayer, RandomPlayer
from cribbage_edu.widgets import ReviewView
from cribbage_edu.widgets.review import review_chart_html
from tests.pictures import all_of, svg_of, words


@pytest.fixture(scope="module")
def played() -> tuple[Game, Review]:
    """A short game a random player (seat 0) loses to the expert: many costly choices."""
    game = play_out(Game(seed=3, target=61, first_dealer=0), [RandomPlayer(1), ExpertPlayer()])
    return game, review(game, 0)


def test_the_view_lists_the_three_most_costly_first(played: tuple[Game, Review]) -> None:
    game, r = played
    view = ReviewView(r, game, chart=False)
    worst = r.worst(3)
    assert len(view.worst_rows.children) == 3
    losses = [d.chance_loss or 0.0 for d in worst], [d.loss for d in worst]
    assert losses[0] == sorted(losses[0], reverse=True) or losses[1] == sorted(losses[1],
                                                                             reverse=True)
    first_line = view.worst_rows.children[0].children[1].value
    assert f"Deal {worst[0].deal}" in first_line and worst[0].chosen in first_line
    head = view.head.value
    for kind, (n, lost) in r.totals().items():
        words = {"throw": "the throw", "card": "the play", "count": "the count"}[str(kind)]
        assert f"{words}: {n} decision" in head and f"{lost:.1f} points lost" in head
    assert f"{r.loss:.1f} points lost against the best" in head


def test_a_review_shown_again_fills_the_same_rows_and_try_again_follows_it(
        played: tuple[Game, Review]) -> None:
    """The table shows a review after every deal: the rows of the most costly are the
    same widgets each time (nothing new to build in the page), each line and each Try
    again those of the review shown last; a review with nothing costly says so."""
    game, r = played
    view = ReviewView(r, game, chart=False)
    rows = list(view.worst_rows.children)
    early = Review(r.seat, r.names, tuple(d for d in r.decisions if d.deal == 1), False)
    view.show(early, game)
    worst = early.worst(3)
    assert list(view.worst_rows.children) == rows[:len(worst)]
    for row, decision in zip(view.worst_rows.children, worst, strict=True):
        assert decision.chosen in row.children[1].value
    view.worst_rows.children[-1].children[0].click()  # Try again beside the last one
    assert view.value.reopened == worst[-1]
    view.show(Review(r.seat, r.names, (), False), game)
    (none,) = view.worst_rows.children
    assert "No costly decision" in none.value
    view.show(r, game)
    assert list(view.worst_rows.children) == rows


def test_try_again_a_throw_judges_the_new_choice_by_the_verdicts_retry(
        played: tuple[Game, Review]) -> None:
    game, r = played
    throw = next(d for d in r.worst(10) if d.kind is DecisionKind.THROW)
    view = ReviewView(r, game, chart=False)
    view.try_again(throw)
    assert view.retry_panel.layout.display == "flex"
    verdict = throw.verdict
    assert isinstance(verdict, ThrowVerdict)
    assert set(view.picker.cards) == set(verdict.six)
    view.judge_button.click()  # nothing selected: refused, nothing judged
    assert view.value.retry is None and "select exactly two" in view.verdict.text
    for card in verdict.best:
        view.picker.toggle(card)
    view.judge_button.click()
    retry = view.value.retry
    assert isinstance(retry, ThrowVerdict) and retry.loss == 0.0
    assert view.verdict.text.startswith("Right") and view.verdict.kind == "success"
    assert "every throw, best first" in view.why.value
    assert retry.scores == verdict.scores and retry.dealer == verdict.dealer


def test_try_again_a_card_lays_from_the_same_position(played: tuple[Game, Review]) -> None:
    game, r = played
    card = next(d for d in r.decisions if d.kind is DecisionKind.CARD
                and d.grade is not Grade.GOOD)
    verdict = card.verdict
    assert isinstance(verdict, CardVerdict)
    view = ReviewView(r, game, chart=False)
    view.try_again(card)
    legal = verdict.position.legal
    for c in verdict.position.hand:
        assert view.playable.button(c).disabled == (c not in legal)
    view.playable.button(verdict.best).click()
    retry = view.value.retry
    assert isinstance(retry, CardVerdict) and retry.position == verdict.position
    assert retry.chosen == verdict.best and retry.loss == 0.0
    view.playable.button(verdict.chosen).click()  # the first choice again: the same loss
    again = view.value.retry
    assert isinstance(again, CardVerdict) and again.loss == verdict.loss


def test_try_again_by_number_and_bad_numbers(played: tuple[Game, Review]) -> None:
    game, r = played
    view = ReviewView(r, game, chart=False)
    view.try_again(5)
    assert view.value.reopened is None and "no costly decision number 6" in view.message.text
    view.try_again(0)
    assert view.value.reopened == r.worst(3)[0]
    view.close_button.click()
    assert view.value.reopened is None and view.retry_panel.layout.display == "none"


def test_save_as_json_and_csv_for_a_teacher(played: tuple[Game, Review]) -> None:
    game, r = played
    view = ReviewView(r, game, chart=False)
    view.json_button.click()
    data = json.loads(view.save_box.value)
    assert len(data["decisions"]) == len(r.decisions)
    assert "download cribbage-review.json" in view.link.value
    view.csv_button.click()
    rows = list(csv.DictReader(io.StringIO(view.value.saved)))
    assert len(rows) == len(r.decisions)
    assert sum(float(row["loss"]) for row in rows) == pytest.approx(r.loss)
    with pytest.raises(ValueError, match="'xml'"):
        view.save("xml")


def test_an_empty_view_refuses_with_a_message() -> None:
    view = ReviewView()
    view.json_button.click()
    view.try_again(0)
    assert view.value.review is None and "no review" in view.message.text
    with pytest.raises(TypeError):
        view.show("a review")  # type: ignore[arg-type]


def test_the_chart_states_its_point_and_marks_each_mistake(
        played: tuple[Game, Review]) -> None:
    game, r = played
    fig = review_chart(r, game)
    lost, chance = fig.axes
    assert lost.get_title() == review_title(r)
    by_deal = r.by_deal()
    heights: dict[int, float] = {}
    for container in lost.containers:
        for bar in container:
            deal = round(bar.get_x() + bar.get_width() / 2)
            heights[deal] = heights.get(deal, 0.0) + bar.get_height()
    for deal, row in by_deal.items():
        assert heights[deal] == pytest.approx(sum(row.values()))
    marked = [d for d in r.decisions if d.grade in (Grade.MISTAKE, Grade.BLUNDER)]
    offsets = chance.collections[0].get_offsets()
    assert len(offsets) == len(marked)
    assert f"{len(marked)} mistake" in chance.get_title()


def test_the_views_chart_is_the_reviews_picture_as_svg(played: tuple[Game, Review]) -> None:
    """The view shows the review as SVG, with the click (no matplotlib): the same title,
    the points lost in each deal by kind, each mistake marked with what was chosen."""
    game, r = played
    view = ReviewView(r, game)
    root = svg_of(view.chart_out.value)
    said = words(root)
    assert said[0] == review_title(r)
    assert root.get("role") == "img" and review_title(r) in root.get("aria-label", "")
    lost: dict[int, set[str]] = {}
    for bar in all_of(root, "rect", "cribbage-lost-bar"):
        lost.setdefault(int(bar.get("data-deal", "0")), set()).add(bar.get("data-kind", ""))
    assert lost == {deal: {str(k) for k, v in row.items() if v > 0}
                    for deal, row in r.by_deal().items() if sum(row.values()) > 0}
    marked = [d for d in r.decisions if d.grade in (Grade.MISTAKE, Grade.BLUNDER)]
    assert [words(m) for m in all_of(root, "g", "cribbage-mistake")] == [[d.chosen]
                                                                         for d in marked]
    assert f"{len(marked)} mistakes marked" in " ".join(said)
    assert "data:image/png" not in view.chart_out.value
    assert ReviewView(r, game, chart=False).chart_out.value == ""


def test_a_title_worked_by_hand() -> None:
    from cribbage_edu.strategy.coach import Decision

    def made(kind: DecisionKind, loss: float) -> Decision:
        return Decision(1, kind, 0, "x", "y", loss, None, Grade.of_points(loss), "", None)  # type: ignore[arg-type]

    two = Review(0, ("you", "b"), (made(DecisionKind.THROW, 1.0),
                                   made(DecisionKind.CARD, 3.0)), True)
    assert review_title(two) == "4.0 points lost; most in the play (3.0)"
    one = Review(0, ("you", "b"), (made(DecisionKind.COUNT, 2.0),), True)
    assert review_title(one) == "2.0 points lost; all in the count (2.0)"


def test_review_takes_verdicts_already_given(played: tuple[Game, Review]) -> None:
    game, r = played
    twin = game.replay(0)
    given: dict[int, ThrowVerdict | CardVerdict] = {}
    for index, action in enumerate(game.actions):
        if action.player == 0 and action.kind is ActionKind.DISCARD:
            given[index] = judge_view(twin.view(0), action.cards)
        twin.apply(action)
    again = review(game, 0, judged=given)
    assert again == r
    by_action = {d.action: d.verdict for d in again.decisions}
    assert given and all(by_action[n] is v for n, v in given.items())


def test_review_refuses_verdicts_that_do_not_fit(played: tuple[Game, Review]) -> None:
    game, r = played
    throw = r.decisions[0]
    assert isinstance(throw.verdict, ThrowVerdict)
    with pytest.raises(IllegalActionError, match="is a verdict on"):
        review(game, 0, judged={throw.action + 1: throw.verdict})
    with pytest.raises(IllegalActionError, match="not a verdict"):
        review(game, 0, judged={throw.action: "good"})  # type: ignore[dict-item]
    with pytest.raises(IllegalActionError, match="by action index"):
        review(game, 0, judged=[throw.verdict])  # type: ignore[arg-type]


def test_the_verdict_line_says_right_or_the_grade_and_its_cost(
        played: tuple[Game, Review]) -> None:
    _, r = played
    for d in r.decisions:
        if isinstance(d.verdict, ThrowVerdict | CardVerdict):
            line = verdict_line(d.verdict)
            # a card the judge cannot tell from the best (its paired 95% interval reaches
            # it), or the best beside such cards, is good "within the judge's margin"
            tied = (isinstance(d.verdict, CardVerdict) and d.verdict.is_within_margin
                    and len({c.rank for c in d.verdict.within}) > 1)
            if tied:
                assert line.startswith("Good"), line
                assert "within the judge's margin" in line
            elif d.chance_loss is None and d.loss == 0.0:
                assert line.startswith("Right: ")
            elif d.chance_loss is None:
                assert line.startswith(f"{str(d.grade).capitalize()} ({d.loss:.1f} point")
            assert line.endswith(d.reason)


def test_each_deal_of_the_charts_is_labelled_with_its_number_and_dealer(
        played: tuple[Game, Review]) -> None:
    """The bars of points lost are labelled deal by deal: its number and who dealt it.
    The first dealer is seat 0 (the seat reviewed, "you") and the deal alternates, so
    the odd deals are yours and the even ones the other player's."""
    game, r = played
    deals = game.deal_number
    assert deals >= 4
    def dealer(deal: int) -> str:
        return "you deal" if deal % 2 == 1 else "player 1 deals"

    fig = review_chart(r, game)
    lost = fig.axes[0]
    labels = {round(t.get_position()[0]): t.get_text() for t in lost.get_xticklabels()}
    for deal in range(1, deals + 1):
        assert labels[deal] == f"deal {deal}\n{dealer(deal)}"
    assert labels.get(deals + 1, "") == ""  # after the last deal: the result, no deal
    root = svg_of(review_chart_html(r, game))
    named = {int(g.get("data-deal") or 0): words(g)
             for g in all_of(root, "g", "cribbage-deal-label")}
    assert named == {deal: [f"deal {deal}", dealer(deal)] for deal in range(1, deals + 1)}
    assert "deal 2 " in (root.get("aria-label") or "") and "(player 1 deals)" in (
        root.get("aria-label") or "")


def test_a_count_tried_again_is_judged_by_its_own_button_with_the_count_typed() -> None:
    """A count reopened is judged by the count box's own button (its click brings the
    count typed, as Enter does), and the throw's Judge my choice is put away. The hand
    5♥ 5♣ 6♦ J♠ with the starter 6♣ counts 8 (two fifteens 4, a pair 2, another 2)."""
    from cribbage_edu.rules.scoring import score_hand
    from cribbage_edu.strategy.coach import Decision, judge_count

    score = score_hand("5H 5C 6D JS", "6C")
    first = judge_count(6, score)
    count = Decision(1, DecisionKind.COUNT, 0, "6", "8", 2.0, None, Grade.MISTAKE,
                     "you missed 2", first)
    view = ReviewView(Review(0, ("you", "b"), (count,), True), chart=False)
    view.try_again(0)
    assert view.judge_button.layout.display == "none"
    assert view.count_box.layout.display == "flex"
    assert view.count_box.button.description == "Judge my count"
    assert "Judge my count" in view.verdict.text
    view.count_box.value = "8"
    view.count_box.button.click()
    assert view.verdict.text.startswith("Right"), view.verdict.text
