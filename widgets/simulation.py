"""SimulationRunner: many games between two computer players, with a progress bar.

>>> runner = SimulationRunner(seed=7, games=20)
>>> runner.player_b.value = "random"; runner.target.value = 61
>>> runner.run_button.click()
>>> runner.value.result.summary().games, runner.progress.value, runner.progress.max
(20, 20, 20)
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as w  # type: ignore[import-untyped]

from cribbage_edu.rules.board import GAME_HOLE
from cribbage_edu.rules.checks import whole_number
from cribbage_edu.rules.errors import CribbageError
from cribbage_edu.rules.options import TARGETS
from cribbage_edu.strategy.roster import PLAYER_NAMES
from cribbage_edu.study.simulation import SimulationResult, simulate

from .drawing import clear
from .feedback import Message, StaticPicture, draw_soon, seed_badge, show_text

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["SimulationRunner", "SimulationState"]


@dataclass(frozen=True)
class SimulationState:
    """What a :class:`SimulationRunner` shows: its settings and the last result."""

    seed: int
    players: tuple[str, str]
    games: int
    target: int
    result: SimulationResult | None
    message: str


class SimulationRunner(StaticPicture, w.VBox):  # type: ignore[misc]
    """Choose two computer players, a number of games and a seed, press Play the games:
    a progress bar follows the games as they are played (a few hundred games take some
    seconds), then the summary (win rates with 95% intervals, the first dealer's share,
    points per deal by source) and its chart. The same seed gives the same games, so
    tables in a class can compare their intervals.
    """

    RUN_TO = "play many games between computer players"

    def __init__(self, seed: int = 7, *, players: tuple[str, str] = ("expert", "greedy"),
                 games: int = 100, target: int = GAME_HOLE, chart: bool = True) -> None:
        seed = whole_number(seed, "seed", 0, 2**31 - 1)
        games = whole_number(games, "games", 2, 20_000)  # what the games box can hold
        super().__init__()
        self.add_class("cribbage-simulation-runner")
        self._chart = chart
        self._result: SimulationResult | None = None
        self.player_a = w.Dropdown(options=list(PLAYER_NAMES), value=players[0],
                                   description="player A")
        self.player_b = w.Dropdown(options=list(PLAYER_NAMES), value=players[1],
                                   description="player B")
        self.games = w.BoundedIntText(value=games, min=2, max=20_000, step=20,
                                      description="games")
        self.seed = w.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="seed")
        self.target = w.ToggleButtons(options=[(f"to {t}", t) for t in TARGETS], value=target,
                                      description="game")
        self.run_button = w.Button(description="Play the games", button_style="primary",
                                   tooltip="play the games and sum them up")
        self.run_button.add_class("cribbage-simulate")
        self.run_button.on_click(lambda _: self.run())
        self.progress = w.IntProgress(value=0, min=0, max=1, description="games",
                                      layout=w.Layout(width="420px"))
        self.progress.add_class("cribbage-progress")
        self.progress_label = w.HTML()
        self.message = Message("Choose the players, the games and a seed, then press "
                               "Play the games.")
        self.report = w.Output()
        self.report.add_class("cribbage-simulation-report")
        self.chart_out = w.Output()
        self._badge = seed_badge(seed)
        self.children = [
            w.HBox([w.HTML("<b>Many games</b>"), self._badge]),
            w.HBox([self.player_a, self.player_b]), w.HBox([self.games, self.seed]),
            self.target, self.run_button, w.HBox([self.progress, self.progress_label]),
            self.message, self.report, self.chart_out,
        ]

    def _moved(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done
        self.progress_label.value = f"<span style='font-size:small'>{done} of {total}</span>"

    def run(self) -> None:
        """Play the games (what Play the games does)."""
        names = (str(self.player_a.value), str(self.player_b.value))
        n, seed, target = int(self.games.value), int(self.seed.value), int(self.target.value)
        self._badge.value = seed_badge(seed).value
        self.run_button.disabled = True
        self.report.outputs = ()
        clear(self.chart_out)
        self._moved(0, n)
        self.message.say(f"Playing {n} games, {names[0]} against {names[1]}...")
        kwargs: dict[str, Any] = {"seed": seed, "target": target}
        if "progress" in inspect.signature(simulate).parameters:
            kwargs["progress"] = self._moved
        try:
            result = simulate(n, list(names), **kwargs)
        except CribbageError as exc:
            self.message.warn(str(exc))
            return
        finally:
            self.run_button.disabled = False
        self._moved(n, n)
        self._result = result
        self.message.say(f"{n} games played (seed {seed}).")
        show_text(self.report, str(result.summary()))
        if self._chart:
            draw_soon(self.chart_out, lambda: _chart(result))

    def __repr__(self) -> str:
        return (f"<SimulationRunner seed {self.seed.value}: {self.player_a.value} vs "
                f"{self.player_b.value}, {self.games.value} games>")

    @property
    def value(self) -> SimulationState:
        """The settings and the last result (read-only)."""
        return SimulationState(int(self.seed.value),
                               (str(self.player_a.value), str(self.player_b.value)),
                               int(self.games.value), int(self.target.value), self._result,
                               self.message.text)


def _chart(result: SimulationResult) -> Figure:
    """The simulation's chart, drawn with matplotlib, imported only now: a learner who
    never runs a simulation never loads it."""
    from cribbage_edu.charts.simulation import simulation_chart

    return simulation_chart(result)
