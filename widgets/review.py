"""ReviewView: the review of a game, after it or after any deal: every decision of the
learner with what it lost, the three most costly first with "Try again" from the same
position, the totals by kind, a chart, and the review saved as JSON or CSV for a teacher.

The view only shows the coach's verdicts (:func:`cribbage_edu.strategy.coach.review`);
a try again is judged by the verdict's own ``retry``.

>>> from cribbage_edu.rules.game import Game
>>> from cribbage_edu.rules.drive import play_out
>>> from cribbage_edu.strategy.coach import review
>>> from cribbage_edu.strategy.players import ExpertPlayer, RandomPlayer
>>> game = play_out(Game(seed=3, target=61, first_dealer=0), [RandomPlayer(1), ExpertPlayer()])
>>> view = ReviewView(review(game, 0), game, chart=False)
>>> len(view.worst_rows.children)
3
"""

from __future__ import annotations

from base64 import b64encode
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from html import escape

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.charts.review_svg import KIND_WORDS, dealers, review_svg
from cribbage_edu.render import hand_html
from cribbage_edu.rules.cards import Card, CardLike
from cribbage_edu.rules.errors import CribbageError
from cribbage_edu.rules.game import Game
from cribbage_edu.rules.scoring import Judgement, Verdict
from cribbage_edu.strategy.coach import (
    CardVerdict,
    Decision,
    DecisionKind,
    Review,
    ThrowVerdict,
    judge_count,
    verdict_line,
)
from cribbage_edu.tables.chance import chances_by_deal

from .answer import AnswerBox
from .cards import PlayableHand, SelectableHand
from .drawing import kernel_loop
from .feedback import Message, StaticPicture, read_points

__all__ = ["ReviewState", "ReviewView", "decision_line", "prepare_chart", "review_chart_html"]

@dataclass(frozen=True)
class ReviewState:
    """What a :class:`ReviewView` shows (read it as ``view.value``): the ``review`` (or
    ``None`` before one is shown), the decision ``reopened`` by Try again and the
    ``retry``: the verdict on the new choice made from it (a throw's or a card's verdict,
    or a count's judgement), the text last ``saved`` and the ``message``."""

    review: Review | None
    reopened: Decision | None
    retry: ThrowVerdict | CardVerdict | Judgement | None
    saved: str
    message: str


def _kind_words(kind: DecisionKind) -> str:
    return KIND_WORDS[kind]


def decision_line(decision: Decision) -> str:
    """One decision as the review lists it.

    >>> from cribbage_edu.strategy.coach import judge_throw
    >>> v = judge_throw("2C 3D 5H 9S 10C KD", "2C 3D", dealer=False)
    >>> d = Decision(2, DecisionKind.THROW, 5, "2♣ 3♦", "9♠ K♦", v.loss, None, v.grade,
    ...              v.sentence, v)
    >>> decision_line(d)[:62]
    'Deal 2, the throw: 2♣ 3♦ (best 9♠ K♦), 5.2 points lost, a blun'
    """
    cost = f"{decision.loss:.1f} points lost"
    if decision.chance_loss is not None:
        cost += f" ({decision.chance_loss:.0%} of your chance to win)"
    article = "an" if str(decision.grade)[0] in "aeiou" else "a"
    grade = (f"{article} {decision.grade}" if decision.loss >= 1e-9
             or decision.chance_loss else "right")
    best = "" if decision.chosen == decision.best else f" (best {decision.best})"
    return (f"Deal {decision.deal}, {_kind_words(decision.kind)}: {decision.chosen}{best}, "
            f"{cost}, {grade}: {decision.reason}")


_CHARTS: OrderedDict[Hashable, str] = OrderedDict()
"""The review charts drawn ahead, by their inputs (the last few; only the kernel's own
thread draws or reads them)."""
_CHARTS_KEPT = 8


def _chart_key(review: Review, game: Game) -> Hashable:
    return ("review", review, game.seed, len(game.actions))


def review_chart_html(review: Review, game: Game) -> str:
    """The review's chart (SVG): the points lost by deal and kind, the chance to win
    deal by deal with each mistake marked. Remembered when drawn ahead
    (:func:`prepare_chart`); else drawn now, in a few milliseconds.

    >>> from cribbage_edu.rules.game import Game
    >>> from cribbage_edu.rules.drive import play_out
    >>> from cribbage_edu.strategy.coach import review
    >>> from cribbage_edu.strategy.players import ExpertPlayer, RandomPlayer
    >>> game = play_out(Game(seed=3, target=61, first_dealer=0), [RandomPlayer(1), ExpertPlayer()])
    >>> from cribbage_edu.charts.review_svg import marked
    >>> judged = review(game, 0)  # a random player's game: mistakes to mark
    >>> review_chart_html(judged, game).count('class="cribbage-mistake"') == len(marked(judged)) > 0
    True
    """
    drawn = _CHARTS.get(_chart_key(review, game))
    if drawn is not None:
        return drawn
    chances = [(c.deal, c.chance) for c in chances_by_deal(game, review.seat)]
    return review_svg(review, chances, dealers(game))


def prepare_chart(make: Callable[[], tuple[Review, Game]]) -> None:
    """In a kernel, once the click in hand is answered, work out the review ``make``
    gives and draw its chart ahead (a table does this as a deal ends, so Review shows
    its chart at once); elsewhere nothing is done."""
    loop = kernel_loop()
    if loop is None:
        return

    def later() -> None:
        review, game = make()
        _CHARTS[_chart_key(review, game)] = review_chart_html(review, game)
        while len(_CHARTS) > _CHARTS_KEPT:
            _CHARTS.popitem(last=False)
    loop.call_soon(later)


def _download(name: str, text: str, mime: str) -> str:
    data = b64encode(text.encode()).decode("ascii")
    return (f"<a download='{name}' href='data:{mime};base64,{data}' "
            f"class='cribbage-review-download'>download {escape(name)}</a>")


class ReviewView(StaticPicture, w.VBox):  # type: ignore[misc]
    """The review of one seat's decisions in a game (see the module): build it with a
    :class:`~cribbage_edu.strategy.coach.Review` and the game, or empty and
    :meth:`show` one later. ``chart=False`` leaves the chart out."""

    RUN_TO = "review the game's decisions"

    def _static_html(self) -> str:
        return "<b>The review</b>"

    def __init__(self, review: Review | None = None, game: Game | None = None, *,
                 chart: bool = True) -> None:
        super().__init__()
        self.add_class("cribbage-review")
        self._chart = chart
        self._review: Review | None = None
        self._game: Game | None = None
        self._reopened: Decision | None = None
        self._retry: ThrowVerdict | CardVerdict | Judgement | None = None
        self._saved = ""
        self.head = w.HTML()
        self.head.add_class("cribbage-review-head")
        self.worst_rows = w.VBox()
        self.worst_rows.add_class("cribbage-review-worst")
        # the three most costly, each with its Try again: made once and filled by show
        # (a review shown after every deal creates no new widget in the page)
        self._worst_rows = [self._worst_row(n) for n in range(3)]
        self._no_worst = w.HTML("<p>No costly decision: every choice was good.</p>")
        # the try again: the position, the choice, the verdict
        self.position = w.HTML()
        self.position.add_class("cribbage-retry-position")
        self.picker = SelectableHand()
        self.playable = PlayableHand(on_play=self.try_card)
        # a count is judged by the box's own button: its click brings the count typed
        self.count_box = AnswerBox(placeholder="points", description="Your count",
                                   button_description="Judge my count",
                                   button_class="cribbage-retry-judge-count",
                                   layout=w.Layout(width="auto"))
        self.count_box.add_class("cribbage-retry-count")
        self.count_box.on_enter(self.judge)
        self.judge_button = w.Button(description="Judge my choice", button_style="primary")
        self.judge_button.add_class("cribbage-retry-judge")
        self.judge_button.on_click(lambda _: self.judge())
        self.close_button = w.Button(description="Close")
        self.close_button.add_class("cribbage-retry-close")
        self.close_button.on_click(lambda _: self.close_retry())
        self.verdict = Message()
        self.verdict.add_class("cribbage-retry-verdict")
        # inside a table, the try again's cards and lines are its own, not the table's
        self.picker.remove_class("cribbage-selectable-hand")
        self.playable.remove_class("cribbage-playable-hand")
        for hand in (self.picker, self.playable):
            hand.add_class("cribbage-retry-hand")
        self.verdict.remove_class("cribbage-message")
        self.why = w.HTML()
        self.why.add_class("cribbage-retry-why")
        self.retry_panel = w.VBox([self.position, self.picker, self.playable,
                                   w.HBox([self.count_box, self.judge_button,
                                           self.close_button]),
                                   self.verdict, self.why])
        self.retry_panel.add_class("cribbage-retry")
        self.retry_panel.layout.display = "none"
        self.table = w.HTML()
        self.table.add_class("cribbage-review-table")
        self.chart_out = w.HTML()
        self.chart_out.add_class("cribbage-review-chart-view")
        self.json_button = w.Button(description="Save JSON",
                                    tooltip="the review as JSON, for a teacher")
        self.json_button.add_class("cribbage-review-json")
        self.json_button.on_click(lambda _: self.save("json"))
        self.csv_button = w.Button(description="Save CSV",
                                   tooltip="the decisions as CSV, for a spreadsheet")
        self.csv_button.add_class("cribbage-review-csv")
        self.csv_button.on_click(lambda _: self.save("csv"))
        self.save_box = w.Textarea(layout=w.Layout(width="100%", height="80px"))
        self.save_box.add_class("cribbage-review-save-box")
        self.save_box.layout.display = "none"
        self.link = w.HTML()
        self.message = Message()
        self.message.remove_class("cribbage-message")
        self.message.add_class("cribbage-review-message")
        self.children = [self.head, self.worst_rows, self.retry_panel, self.message,
                         self.chart_out, self.table,
                         w.HBox([self.json_button, self.csv_button, self.link]),
                         self.save_box]
        if review is not None:
            self.show(review, game)

    # --- showing a review ----------------------------------------------------------------

    def show(self, review: Review, game: Game | None = None) -> None:
        """Show ``review`` (of ``game``, needed for the chart's chance to win)."""
        if not isinstance(review, Review):
            raise TypeError(f"show takes a Review, not {review!r}")
        if game is not None and not isinstance(game, Game):
            raise TypeError(f"the game must be a Game, not {game!r}")
        self._review, self._game = review, game
        self.close_retry()
        self._saved = ""
        self.save_box.value, self.save_box.layout.display, self.link.value = "", "none", ""
        self.message.clear()
        self.head.value = self._head_html(review)
        worst = review.worst(3)
        for row, (n, decision) in zip(self._worst_rows, enumerate(worst), strict=False):
            row.children[1].value = (f"<div style='max-width:60em'>{n + 1}. "
                                     f"{escape(decision_line(decision))}</div>")
        self.worst_rows.children = self._worst_rows[:len(worst)] or [self._no_worst]
        self.table.value = self._table_html(review)
        self.chart_out.value = (review_chart_html(review, game)
                                if self._chart and game is not None else "")

    def _worst_row(self, n: int) -> w.HBox:
        """The row of the ``n``-th most costly decision (from 0): Try again, its line."""
        again = w.Button(description="Try again",
                         tooltip="the same cards, the same board: choose again")
        again.add_class("cribbage-try-again")
        again.on_click(lambda _: self.try_again(n))
        return w.HBox([again, w.HTML()])

    @staticmethod
    def _head_html(review: Review) -> str:
        totals = review.totals()
        parts = "".join(
            f"<li>{escape(_kind_words(kind))}: {n} decision{'' if n == 1 else 's'}, "
            f"{lost:.1f} points lost</li>" for kind, (n, lost) in totals.items())
        state = "the game" if review.over else "the game so far"
        n = len(review.decisions)
        return (f"<h4 style='margin:4px 0'>The review of {state}: {n} decision"
                f"{'' if n == 1 else 's'}, {review.loss:.1f} points lost against the best"
                f"</h4><ul style='margin:0'>{parts}</ul>"
                + ("<div><b>The most costly, worst first:</b></div>" if review.worst(3)
                   else ""))

    @staticmethod
    def _table_html(review: Review) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("deal", "kind", "chosen", "best",
                                                 "points lost", "grade"))
        rows = []
        for d in review.decisions:
            style = (" style='background:#fde2e2'" if d.grade.is_serious
                     else "")
            rows.append(f"<tr{style}><td>{d.deal}</td><td>{escape(_kind_words(d.kind))}"
                        f"</td><td>{escape(d.chosen)}</td><td>{escape(d.best)}</td>"
                        f"<td>{d.loss:.2f}</td><td>{escape(str(d.grade))}</td></tr>")
        return ("<details><summary>Every decision</summary><table class='cribbage-review-rows'"
                f" style='font-size:small'><tr>{head}</tr>{''.join(rows)}</table></details>")

    # --- try again -----------------------------------------------------------------------

    def try_again(self, decision: Decision | int) -> None:
        """Reopen ``decision`` (or the n-th most costly, from 0) from its position."""
        if self._review is None:
            self.message.warn("there is no review to try again from")
            return
        if isinstance(decision, int) and not isinstance(decision, bool):
            worst = self._review.worst(3)
            if not 0 <= decision < len(worst):
                self.message.warn(f"there is no costly decision number {decision + 1}: "
                                  f"the review lists {len(worst)}")
                return
            decision = worst[decision]
        if not isinstance(decision, Decision):
            raise TypeError(f"try_again takes a Decision or its number, not {decision!r}")
        self._reopened, self._retry = decision, None
        self.verdict.clear()
        self.why.value = ""
        verdict = decision.verdict
        self.picker.layout.display = self.playable.layout.display = "none"
        self.count_box.layout.display = "none"
        self.judge_button.layout.display = "inline-flex"
        where = f"Deal {decision.deal}, try again: "
        if isinstance(verdict, ThrowVerdict):
            role = "your crib" if verdict.dealer else "the dealer's crib"
            self.position.value = (f"<b>{escape(where)}throw two of these six to {role}"
                                   f"</b>{self._board(verdict.scores)}")
            self.picker.deal(verdict.six)
            self.picker.layout.display = "flex"
            self.verdict.say("Select two cards, then press Judge my choice.")
        elif isinstance(verdict, CardVerdict):
            p = verdict.position
            pile = hand_html(p.pile, caption=f"the count: {p.count}") if p.pile else (
                "<p>the count is 0: you lead</p>")
            self.position.value = (f"<b>{escape(where)}lay a card</b>{self._board(p.scores)}"
                                   f"<div style='display:flex;gap:24px'>"
                                   f"{hand_html((p.starter,), caption='starter')}{pile}</div>")
            self.playable.deal(p.hand)
            self.playable.enable(p.legal)
            self.playable.layout.display = "flex"
            self.judge_button.layout.display = "none"  # a click on a card is the choice
            self.verdict.say("Click the card you would lay now.")
        else:
            score = verdict.score
            what = "crib" if score.crib else "hand"
            self.position.value = (f"<b>{escape(where)}count your {what}</b>"
                                   + hand_html((*score.hand, score.starter),
                                                caption=f"your {what} and the starter"))
            self.count_box.value = ""
            self.count_box.layout.display = "flex"
            self.judge_button.layout.display = "none"  # the count box has its own
            self.verdict.say("Type the points, then press Judge my count (or Enter).")
        self.retry_panel.layout.display = "flex"

    @staticmethod
    def _board(scores: tuple[int, int] | None) -> str:
        if scores is None:
            return ""
        return (f"<div style='font-size:small;color:#555'>the board: you {scores[0]}, "
                f"the opponent {scores[1]}</div>")

    def try_card(self, card: Card | CardLike) -> None:
        """Lay ``card`` in the reopened play (what clicking a card there does)."""
        if self._reopened is None or not isinstance(self._reopened.verdict, CardVerdict):
            self.message.warn("no play is reopened: press Try again beside a card first")
            return
        self._judged(lambda: self._card_retry(card))

    def _card_retry(self, card: Card | CardLike) -> CardVerdict:
        assert self._reopened is not None and isinstance(self._reopened.verdict, CardVerdict)
        return self._reopened.verdict.retry(card)

    def judge(self) -> None:
        """Judge the new choice (what Judge my choice, or in a count Judge my count or
        Enter in the count box, does)."""
        decision = self._reopened
        if decision is None:
            self.message.warn("nothing is reopened: press Try again first")
            return
        verdict = decision.verdict
        if isinstance(verdict, ThrowVerdict):
            chosen = self.picker.value
            if len(chosen) != 2:
                self.verdict.warn(f"select exactly two cards to throw: you selected "
                                  f"{len(chosen)}")
                return
            self._judged(lambda: verdict.retry(chosen))
        elif isinstance(verdict, CardVerdict):
            self.verdict.warn("click a card to lay it")
        else:
            points = read_points(self.count_box.value)
            if isinstance(points, str):
                self.verdict.warn(points)
                return
            score = verdict.score
            self._judged(lambda: judge_count(points, score))

    def _judged(self, judge: Callable[[], ThrowVerdict | CardVerdict | Judgement]) -> None:
        try:
            result = judge()
        except CribbageError as exc:
            self.verdict.warn(str(exc))
            return
        self._retry = result
        if isinstance(result, Judgement):
            what = "your crib" if result.score.crib else "your hand"
            text = result.explain(what)
            text = text[0].upper() + text[1:]
            if result.verdict is Verdict.RIGHT:
                self.verdict.praise(text)
            else:
                self.verdict.warn(text)
            self.why.value = ""
            return
        line = verdict_line(result)
        if line.startswith("Right"):
            self.verdict.praise(line)
        else:
            self.verdict.warn(line)
        self.why.value = (f"<details><summary>Why: the numbers</summary><pre style="
                          f"'font-size:small;white-space:pre-wrap'>{escape(result.why)}"
                          f"</pre></details>")

    def close_retry(self) -> None:
        """Close the try again (what Close does)."""
        self._reopened, self._retry = None, None
        self.retry_panel.layout.display = "none"

    # --- saving --------------------------------------------------------------------------

    def save(self, form: str) -> None:
        """Put the review in the box as ``"json"`` or ``"csv"`` (what Save JSON and Save
        CSV do), with a link that downloads it as a file."""
        if form not in ("json", "csv"):
            raise ValueError(f"save as 'json' or 'csv', not {form!r}")
        if self._review is None:
            self.message.warn("there is no review to save yet")
            return
        if form == "json":
            text, mime = self._review.to_json(), "application/json"
        else:
            text, mime = self._review.to_csv(), "text/csv"
        self._saved = text
        self.save_box.value = text
        self.save_box.layout.display = "flex"
        self.link.value = _download(f"cribbage-review.{form}", text, mime)
        self.message.say(f"Saved as {form.upper()}: copy the text in the box, or download "
                         f"it with the link.")

    # --- what a test or a lesson reads ---------------------------------------------------

    @property
    def value(self) -> ReviewState:
        """The view as it stands (read-only)."""
        return ReviewState(self._review, self._reopened, self._retry, self._saved,
                           self.message.text)

    def __repr__(self) -> str:
        if self._review is None:
            return "<ReviewView: no review yet>"
        return f"<ReviewView: {self._review!r}>"

