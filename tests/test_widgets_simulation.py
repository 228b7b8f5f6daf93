"""SimulationRunner: the games it plays are simulate()'s, and the bar follows them."""

from __future__ import annotations

from cribbage_edu.study.simulation import simulate
from cribbage_edu.widgets import SimulationRunner


def test_the_runner_plays_what_simulate_plays_and_shows_the_summary() -> None:
    runner = SimulationRunner(seed=3, players=("greedy", "random"), games=12, target=61,
                              chart=False)
    runner.run_button.click()
    mine = runner.value.result
    theirs = simulate(12, ["greedy", "random"], seed=3, target=61)
    assert mine is not None and mine.games == theirs.games
    text = runner.report.outputs[0]["text"]
    assert str(theirs.summary()) in text
    assert runner.value.message == "12 games played (seed 3)."
    assert not runner.run_button.disabled


def test_the_progress_bar_moves_as_games_come_in() -> None:
    runner = SimulationRunner(seed=3, players=("greedy", "random"), games=200, target=61,
                              chart=False)
    seen: list[int] = []
    runner.progress.observe(lambda change: seen.append(change["new"]), names="value")
    runner.run_button.click()
    assert 0 < seen[0] < 200 and seen[-1] == 200 and len(set(seen)) > 2  # moving, not jumping
    assert seen == sorted(seen)
    assert "200 of 200" in runner.progress_label.value


def test_the_settings_are_read_when_the_games_are_played() -> None:
    runner = SimulationRunner(seed=3, chart=False)
    runner.player_a.value = "random"
    runner.games.value = 2
    runner.target.value = 61
    runner.run_button.click()
    assert runner.value.result is not None and len(runner.value.result.games) == 2
