"""What every widget promises: it builds with seed=7 alone, shows its seed, has a
read-only value, and a short deterministic repr (nbval compares it)."""

from __future__ import annotations

import dataclasses

import ipywidgets as w
import pytest

import cribbage_edu.widgets as widgets

SIX = ["DiscardTrainer", "PeggingPractice", "CountingQuiz", "BoardWidget", "GameTable",
       "SimulationRunner",
       "ProbabilityExplorer"]


def texts(widget: w.Widget) -> str:
    """Every HTML value inside ``widget``."""
    found = [widget.value] if isinstance(widget, w.HTML) else []
    for child in getattr(widget, "children", ()):
        found.append(texts(child))
    return "".join(found)


@pytest.mark.parametrize("name", SIX)
def test_each_widget_builds_with_seed_7_and_shows_it(name: str) -> None:
    widget = getattr(widgets, name)(seed=7)
    assert isinstance(widget, w.VBox)
    assert "seed 7" in texts(widget)
    assert widget.value.seed == 7
    assert repr(widget) == repr(getattr(widgets, name)(seed=7))
    assert len(repr(widget)) < 120 and "0x" not in repr(widget)


@pytest.mark.parametrize("name", SIX)
def test_the_value_is_read_only(name: str) -> None:
    widget = getattr(widgets, name)(seed=7)
    with pytest.raises(AttributeError):
        widget.value = None
    state = widget.value
    assert dataclasses.is_dataclass(state)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.seed = 8


def test_the_package_exports_the_six_widgets_and_the_card_views() -> None:
    for name in [*SIX, "CardView", "HandView", "SelectableHand", "PlayableHand"]:
        assert name in widgets.__all__ and hasattr(widgets, name)
