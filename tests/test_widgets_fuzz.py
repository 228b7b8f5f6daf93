"""Random clicks and typed values on every widget: no exception may escape a handler.

ipywidgets catches an exception raised in a click handler and prints its traceback in
the cell; a learner sees a wall of red. Here the dispatcher is made to re-raise, and a
seeded random learner clicks every button, toggles every card, picks every option and
types everything a keyboard can give (superscript digits, digits of other scripts, a
number of thousands of digits, signs, spaces, card names, junk JSON) into every box,
pressing Enter too. After each action the widget must still say what it shows
(``value``). A whole game is also finished by random clicks alone.

The loop is bounded so the default run stays fast; ``FUZZ_STEPS`` (an environment
variable) makes it longer for a developer who wants to explore.
"""

from __future__ import annotations

import os
import random
from typing import Any

import ipywidgets as w
import pytest

import cribbage_edu.widgets as widgets
from cribbage_edu.widgets.answer import AnswerBox

STEPS = int(os.environ.get("FUZZ_STEPS", "150"))
TYPED = ["", " ", "0", "2", "8", "12", "29", "31", "121", "-3", "+4", "1.5", "1e3", "²", "³",
         "١٢", "１２", "٣", "9" * 4300, "12" * 3, "twelve", "5H 5C 5S JD", "5H 5C JS QH 2C 6D",
         "10H JD", "5H 5H 5S JD", "ZZ", "\x00", "\ufeff{}", "[" * 1000, '{"format": 1}',
         "null", "🂡", "\n8\n"]


@pytest.fixture(autouse=True)
def handlers_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make a click handler's exception fail the test instead of being printed."""
    def call_all(self: Any, *args: Any, **kwargs: Any) -> Any:
        value = None
        for callback in self.callbacks:
            local = callback(*args, **kwargs)
            value = local if local is not None else value
        return value

    monkeypatch.setattr(w.widget.CallbackDispatcher, "__call__", call_all)


def controls(widget: w.Widget) -> list[w.Widget]:
    """Every control inside ``widget`` a learner can act on."""
    found = []
    if isinstance(widget, (w.Button, w.ToggleButton, w.Text, AnswerBox, w.Textarea, w.Dropdown,
                           w.ToggleButtons)):
        found.append(widget)
    for child in getattr(widget, "children", ()):
        found.extend(controls(child))
    return found


def act(rng: random.Random, control: w.Widget, saves: list[str]) -> None:
    """One random action on ``control``, as a learner could do it."""
    if isinstance(control, w.ToggleButton):
        control.value = not control.value
    elif isinstance(control, w.Button):
        control.click()
    elif isinstance(control, (w.Dropdown, w.ToggleButtons)):
        control.index = rng.randrange(len(control.options))
    elif isinstance(control, w.Textarea):
        control.value = rng.choice([*TYPED, *saves]) if saves else rng.choice(TYPED)
    elif isinstance(control, w.Text | AnswerBox):
        control.value = rng.choice(TYPED)
        if isinstance(control, AnswerBox) and rng.random() < 0.5:
            control.press_enter()


SIX = ["DiscardTrainer", "PeggingPractice", "CountingQuiz", "BoardWidget", "GameTable",
       "ProbabilityExplorer"]


@pytest.mark.parametrize("name", SIX)
def test_random_clicks_and_typing_never_raise(name: str) -> None:
    rng = random.Random(f"fuzz {name}")
    widget = getattr(widgets, name)(seed=rng.randrange(1000))
    saves: list[str] = []
    for _ in range(STEPS):
        live = [c for c in controls(widget) if not getattr(c, "disabled", False)]
        act(rng, rng.choice(live), saves)
        widget.value  # noqa: B018  (what the widget shows must still be readable)
        box = getattr(widget, "save_box", None)
        if box is not None and box.value.startswith("{\n"):
            saves.append(box.value)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_finished_by_random_clicks(seed: int) -> None:
    """A learner who only clicks what is offered (at random) reaches the end of a game:
    the table never freezes, whatever they claim in the count."""
    rng = random.Random(seed)
    table = widgets.GameTable(seed=seed, opponent="random", target=61,
                              muggins=bool(seed % 2))
    for _ in range(3000):
        if table.value.result is not None:
            break
        visible = [c for c in controls(table) if not getattr(c, "disabled", False)
                   and c.layout.display != "none"
                   and c not in (table.new_button, table.load_button)]
        if table.picker.layout.display != "none" and rng.random() < 0.7:
            hand = table.value.hand
            table.picker.clear()
            for card in rng.sample(list(hand), 2):
                table.picker.toggle(card)
            table.throw_button.click()
            continue
        if table.claim_row.layout.display != "none" and rng.random() < 0.5:
            table.claim_box.value = str(rng.randrange(30))
            table.claim_box.press_enter()
            continue
        act(rng, rng.choice(visible), [])
    else:
        raise AssertionError(f"no end after 3000 clicks: {table!r}")
    result = table.value.result
    assert result is not None and max(table.game.board.scores) == 61
    assert "wins 61-" in table.result_view.value


def test_an_exception_in_a_handler_would_be_seen() -> None:
    button = w.Button()
    button.on_click(lambda _: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        button.click()
