"""The show, step by step: the hands and the crib face up with the starter, each
combination lit on the cards as its words are said, then the total.

>>> from cribbage_edu import score_hand
>>> stepper = ShowStepper()
>>> stepper.load([("Ann's hand", score_hand("5H 5C JS QD", "KS"))])
>>> stepper.next(); stepper.value.said, [c.symbol for c in stepper.value.lit]
(('fifteen two',), ['5♣', 'J♠'])
>>> stepper.show_all(); stepper.value.said[-1], stepper.value.done
('total: eighteen', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.render import CARD_WIDTH, card_img
from cribbage_edu.rules.cards import Hand
from cribbage_edu.rules.scoring import HandScore, spoken_number

__all__ = ["ShowState", "ShowStepper", "count_steps", "show_html"]


@dataclass(frozen=True)
class Step:
    """One thing said in the count: the words and the cards they light."""

    words: str
    cards: Hand


def count_steps(score: HandScore) -> tuple[Step, ...]:
    """The count of ``score`` as players say it, one step a phrase, with the cards each
    phrase is about (the engine's :meth:`HandScore.steps`, shown in the order the cards
    lie), then the total.

    >>> from cribbage_edu import score_hand
    >>> for step in count_steps(score_hand("4S 5S 6S 6D", "KC"))[-3:]:
    ...     print(f"{step.words} [{step.cards.symbols}]")
    a pair is eight [6♠ 6♦]
    a double run of three is fourteen [4♠ 5♠ 6♠ 6♦]
    total: fourteen []
    """
    shown = (*score.hand, score.starter)
    steps = [Step(words, Hand(c for c in shown if c in cards))
             for words, cards in score.steps()]
    if not steps:
        steps.append(Step("no points: a nineteen, as players say", Hand()))
    steps.append(Step(f"total: {spoken_number(score.total)}", Hand()))
    return tuple(steps)


def _cards_row(score: HandScore, lit: Hand, stepping: bool, width: int) -> str:
    """The four cards and the starter; lit cards rise, are framed and marked with a
    triangle under them, the others fade while a phrase is being said."""
    cells = []
    for n, card in enumerate((*score.hand, score.starter)):
        on = card in lit
        style = ("transform:translateY(-8px)" if on
                 else "opacity:0.4" if stepping and lit else "")
        mark = "▲" if on else "&nbsp;"
        gap = "margin-left:14px" if n == 4 else ""
        above = "starter" if n == 4 else "&nbsp;"  # the caption right over its card
        cells.append(
            f'<div class="cribbage-show-card{" cribbage-lit" if on else ""}" '
            f'style="display:flex;flex-direction:column;align-items:center;{gap}">'
            f"<div style='font-size:11px;line-height:14px;color:#555;height:14px;"
            f"margin-bottom:8px'>{above}</div>"
            f'<div style="{style}">{card_img(card, width=width, highlight=on)}</div>'
            f'<div aria-hidden="true" style="font-size:12px;line-height:14px;color:#3e2723;'
            f'height:14px">{mark}</div></div>')
    return ('<div style="display:flex;gap:4px;align-items:flex-end;padding-top:8px">'
            + "".join(cells) + "</div>")


def show_html(title: str, score: HandScore, said: int, *, width: int = CARD_WIDTH) -> str:
    """One hand (or the crib) of the show after ``said`` steps of its count."""
    steps = count_steps(score)
    said = max(0, min(said, len(steps)))
    current = steps[said - 1] if said else None
    lit = current.cards if current is not None and said < len(steps) else Hand()
    words = [escape(s.words) for s in steps[:said]]
    if words and said < len(steps):
        words[-1] = f"<b>{words[-1]}</b>"
    if said == len(steps):
        words[-1] = f"<b>{words[-1]} ({score.total})</b>"
    text = ", ".join(words) if words else "<i>press Next to hear the count</i>"
    return (f'<div class="cribbage-show-section" style="margin:6px 0 10px 0">'
            f"<div><b>{escape(title)}</b></div>"
            f"{_cards_row(score, lit, 0 < said < len(steps), width)}"
            f'<div class="cribbage-show-words" style="font-size:15px;margin-top:4px">'
            f"{text}</div></div>")


@dataclass(frozen=True)
class ShowState:
    """Where the show stands: the section being said, the phrases said in it so far,
    the cards lit, and whether every section has been said to its total."""

    section: int
    said: tuple[str, ...]
    lit: Hand
    done: bool


class ShowStepper(w.VBox):  # type: ignore[misc]
    """The show of a deal (or one hand), said step by step: Next says the next phrase
    and lights its cards; Show all says everything at once. Keyboard: Tab to a button,
    Enter or Space presses it."""

    def __init__(self, *, width: int = CARD_WIDTH) -> None:
        super().__init__()
        self.add_class("cribbage-show")
        self._width = width
        self._shows: list[tuple[str, HandScore]] = []
        self._said: list[int] = []
        self.view = w.HTML()
        self.view.add_class("cribbage-show-view")
        self.next_button = w.Button(description="Next ▸", tooltip="say the next score")
        self.next_button.add_class("cribbage-show-next")
        self.next_button.on_click(lambda _: self.next())
        self.all_button = w.Button(description="Show all", tooltip="say the whole count")
        self.all_button.add_class("cribbage-show-all")
        self.all_button.on_click(lambda _: self.show_all())
        self.buttons = w.HBox([self.next_button, self.all_button])
        self.children = [self.view, self.buttons]
        self._when_done: list[Callable[[], None]] = []
        self._draw()

    def on_done(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` each time Next or Show all says the last total."""
        self._when_done.append(callback)

    def load(self, shows: Sequence[tuple[str, HandScore]]) -> None:
        """Show these hands in order; hands already on show keep how far they were said."""
        kept = [n for (title, score), n in zip(self._shows, self._said, strict=False)
                if (title, score.hand, score.starter) in
                {(t, s.hand, s.starter) for t, s in shows}]
        self._shows = list(shows)
        self._said = (kept + [0] * len(self._shows))[:len(self._shows)]
        self._draw()

    def clear(self) -> None:
        self.load([])

    def _current(self) -> int | None:
        for n, (_, score) in enumerate(self._shows):
            if self._said[n] < len(count_steps(score)):
                return n
        return None

    def next(self) -> None:
        """Say the next phrase (what Next does)."""
        n = self._current()
        if n is not None:
            self._said[n] += 1
        self._draw()
        if n is not None and self._current() is None:
            self._finished()

    def show_all(self) -> None:
        """Say every hand's count to its total (what Show all does)."""
        was_done = self._current() is None
        self._said = [len(count_steps(score)) for _, score in self._shows]
        self._draw()
        if not was_done:
            self._finished()

    def _finished(self) -> None:
        for callback in self._when_done:
            callback()

    def _draw(self) -> None:
        current = self._current()
        sections = [show_html(title, score, said, width=self._width)
                    for (title, score), said in zip(self._shows, self._said, strict=True)]
        self.view.value = ('<div role="region" aria-label="the show" aria-live="polite">'
                           + "".join(sections) + "</div>") if sections else ""
        self.buttons.layout.display = "none" if current is None else "flex"
        self.layout.display = "flex" if sections else "none"

    @property
    def value(self) -> ShowState:
        """Where the show stands (read-only)."""
        current = self._current()
        n = current if current is not None else len(self._shows) - 1
        if n < 0:
            return ShowState(0, (), Hand(), True)
        steps = count_steps(self._shows[n][1])
        said = self._said[n]
        lit = steps[said - 1].cards if 0 < said < len(steps) else Hand()
        return ShowState(n, tuple(s.words for s in steps[:said]), lit, current is None)
