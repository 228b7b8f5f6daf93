"""Issue 20, section 4: inputs the engine and the widgets still coerced. Each is refused
with an error that names the value (the checks of :mod:`cribbage_edu.rules.checks`, or a
clear error of its own), and nothing is played, drawn or changed."""

from __future__ import annotations

import io
from typing import Any

import matplotlib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib import cbook

from cribbage_edu import score_hand, simulate, starter_distribution
from cribbage_edu.charts import board_chart, progress_chart, simulation_chart
from cribbage_edu.rules.cards import FULL_DECK
from cribbage_edu.rules.errors import CribbageError, IllegalActionError, IllegalHandError

matplotlib.use("Agg")


@pytest.mark.parametrize("crib", ["no", "yes", 0, 1, None, 1.0])
def test_score_hand_takes_crib_as_a_flag_only(crib: object) -> None:
    with pytest.raises(IllegalActionError, match=rf"crib is True or False, not {crib!r}"):
        score_hand("2H 4H 6H 8H", "KC", crib=crib)  # type: ignore[arg-type]
    # the crib rule itself: a four-card flush counts in a hand, not in a crib
    assert score_hand("2H 4H 6H 8H", "KC", crib=False).flush == 4
    assert score_hand("2H 4H 6H 8H", "KC", crib=True).flush == 0


@pytest.mark.parametrize("seed", ["x", 2.9, True, -1, None, "7"])
def test_simulate_takes_a_whole_number_seed(seed: object) -> None:
    with pytest.raises(IllegalActionError, match="seed must be a whole number from 0 up"):
        simulate(2, ["random", "random"], seed=seed)  # type: ignore[arg-type]


def test_starter_distribution_with_every_other_card_seen_is_an_error() -> None:
    kept = "5H 5C 5S JD"
    seen = " ".join(str(c) for c in FULL_DECK if str(c) not in kept.split())
    with pytest.raises(IllegalHandError, match="no starter can come"):
        starter_distribution(kept, seen=seen)
    one_left = " ".join(seen.split()[1:])  # one card unseen: it is the only starter
    dist = starter_distribution(kept, seen=one_left)
    assert dist.n_starters == 1


NAMES = st.text(alphabet="$ab_^\\{} ", min_size=1, max_size=8)


@settings(max_examples=15, deadline=None)
@given(NAMES, NAMES)
def test_any_player_name_draws_as_written(first: str, second: str) -> None:
    """A name with ``$`` (matplotlib's math text) broke a chart, or drew as math."""
    log = [(1, 0, "pegging", 2), (1, 1, "hand", 8)]
    for fig in (progress_chart(log, names=(first, second)),
                board_chart(pegs=((0, 5), (0, 8)), names=(first, second))):
        fig.savefig(io.BytesIO(), format="png")  # math text is parsed when drawn
        texts = [t.get_text() for t in fig.findobj(matplotlib.text.Text)]
        assert not any(cbook.is_math_text(t) for t in texts if "$" in t)


def test_simulation_chart_names_with_dollars_draw() -> None:
    result = simulate(2, ["random", "greedy"], seed=1)
    simulation_chart(result, names=("$a", "b$")).savefig(io.BytesIO(), format="png")


@pytest.mark.parametrize("names", [("a",), ("a", "b", "c"), "ab", ()])
def test_a_chart_needs_two_names(names: Any) -> None:
    with pytest.raises(IllegalActionError, match="two names"):
        board_chart(pegs=((0, 5), (0, 8)), names=names)


# --- the widgets ------------------------------------------------------------------------
widgets = pytest.importorskip("cribbage_edu.widgets")


@pytest.mark.parametrize("seed", [2.9, True, "7", -3])
@pytest.mark.parametrize("make", ["DiscardTrainer", "CountingQuiz", "GameTable",
                                  "PeggingPractice", "BoardWidget", "ProbabilityExplorer"])
def test_widgets_take_a_whole_number_seed(make: str, seed: object) -> None:
    """``seed=2.9`` played seed 2 and ``seed=True`` seed 1."""
    with pytest.raises(CribbageError, match="seed must be a whole number from 0 up"):
        getattr(widgets, make)(seed=seed)


def test_simulation_runner_refuses_games_it_would_not_play() -> None:
    """``SimulationRunner(games=0)`` played 2 games."""
    for games in (0, 1, 2.5, True, "100", 20_001):
        with pytest.raises(CribbageError, match="games must be a whole number from 2 to"):
            widgets.SimulationRunner(games=games, chart=False)
    for seed in (2.9, True):
        with pytest.raises(CribbageError, match="seed must be a whole number"):
            widgets.SimulationRunner(seed=seed, chart=False)  # type: ignore[arg-type]
    assert widgets.SimulationRunner(games=2, chart=False).value.games == 2


@pytest.mark.parametrize("dealer", ["no", 0, 1, None])
def test_pegging_practice_takes_dealer_as_a_flag(dealer: object) -> None:
    with pytest.raises(CribbageError, match=rf"dealer is True or False, not {dealer!r}"):
        widgets.PeggingPractice(seed=7, dealer=dealer)


@pytest.mark.parametrize("names", [("a",), ("a", "b", "c"), "ab"])
def test_board_widget_needs_two_names(names: Any) -> None:
    """``BoardWidget(names=("a",))`` raised IndexError."""
    with pytest.raises(CribbageError, match="two names"):
        widgets.BoardWidget(seed=7, names=names)
