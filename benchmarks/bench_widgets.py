"""Click latency of the widgets: every click should be handled in well under 100 ms.

Run by hand: ``python benchmarks/bench_widgets.py``. Each widget is driven from Python
exactly as the headless tests drive it (``Button.click()``, setting values); the time
of each click is the time its handler takes in the kernel, which is what a learner
waits for (the browser's redraw adds a few milliseconds). The widgets' charts are SVG
built inside the click (the simulation's matplotlib chart is drawn after it,
``cribbage_edu.widgets.drawing``); the time to build each picture is also measured
separately at the end.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from typing import Any

from cribbage_edu.rules.game import Game, Phase
from cribbage_edu.widgets import (
    BoardWidget,
    CountingQuiz,
    DiscardTrainer,
    GameTable,
    PeggingPractice,
    ProbabilityExplorer,
    drawing,
)
from cribbage_edu.widgets.table import YOU

Timings = dict[str, list[float]]

# Act as a kernel does: charts asked for by a click are drawn after it, on the loop.
def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The running loop, as a kernel's; none outside a timed click (a widget is built
    outside one)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


drawing.kernel_loop = _running_loop


def timed(timings: Timings, name: str, click: Callable[[], Any]) -> None:
    """Time one click inside a running event loop, as in a kernel: the charts the click
    asks for are scheduled on the loop, drawn after the click has answered (and after
    the time is taken)."""

    async def in_a_kernel() -> None:
        start = time.perf_counter()
        click()
        timings.setdefault(name, []).append((time.perf_counter() - start) * 1000)

    asyncio.run(in_a_kernel())


def chart_time(timings: Timings, name: str, draw: Callable[[], Any]) -> None:
    start = time.perf_counter()
    draw()
    timings.setdefault(name, []).append((time.perf_counter() - start) * 1000)


def bench_discard(timings: Timings, rounds: int) -> None:
    trainer = DiscardTrainer(seed=1)
    for _ in range(rounds):
        hand = trainer.value.hand
        first = trainer.picker.button(hand[0])
        timed(timings, "DiscardTrainer select a card",
              lambda first=first: setattr(first, "value", True))
        trainer.picker.toggle(hand[3])
        timed(timings, "DiscardTrainer Throw two", trainer.throw_button.click)
        timed(timings, "DiscardTrainer Next hand", trainer.next_button.click)


def bench_quiz(timings: Timings, rounds: int) -> None:
    quiz = CountingQuiz(seed=1, level="any hand", by_kind=True)
    for n in range(rounds):
        quiz.total_box.value = str(n % 20)
        timed(timings, "CountingQuiz Check", quiz.check_button.click)
        timed(timings, "CountingQuiz Next hand", quiz.next_button.click)


def bench_pegging(timings: Timings, rounds: int) -> None:
    practice = PeggingPractice(seed=1)
    for _ in range(rounds):
        while practice.value.phase == "play":
            if practice.value.can_go:
                timed(timings, "PeggingPractice Go", practice.go_button.click)
            else:
                card = practice._game.legal_cards(YOU)[0]
                timed(timings, "PeggingPractice lay a card",
                      practice.playable.button(card).click)
        timed(timings, "PeggingPractice Next hand", practice.next_button.click)


def bench_explorer(timings: Timings, rounds: int) -> None:
    explorer = ProbabilityExplorer(seed=1)
    for _ in range(rounds):
        six = explorer.value.cards
        for card in six[:4]:
            explorer.choice_a.toggle(card)
        for card in six[2:]:
            explorer.choice_b.toggle(card)
        timed(timings, "ProbabilityExplorer Compare",
              explorer.compare_button.click)
        timed(timings, "ProbabilityExplorer Deal six", explorer.deal_button.click)


def bench_board(timings: Timings, rounds: int) -> None:
    board = BoardWidget(seed=1)
    for _ in range(rounds):
        board.points_box.value = "2"
        timed(timings, "BoardWidget Peg", board.peg_button.click)


def bench_game(timings: Timings, games: int) -> None:
    for seed in range(games):
        table = GameTable(seed=seed, opponent="expert")
        while not table._game.is_over:
            game = table._game
            if table.next_button.layout.display != "none":
                timed(timings, "GameTable Next deal", table.next_button.click)
            elif game.phase is Phase.DISCARD:
                hand = table.value.hand
                table.picker.toggle(hand[0])
                table.picker.toggle(hand[1])
                timed(timings, "GameTable Throw two", table.throw_button.click)
            elif game.phase is Phase.COUNT:
                table.claim_box.value = "4"
                timed(timings, "GameTable Claim (the count by hand)", table.claim_button.click)
            elif table.value.can_go:
                timed(timings, "GameTable Go", table.go_button.click)
            else:
                card = game.legal_cards(YOU)[0]
                timed(timings, "GameTable lay a card (and the computer's answer)",
                      table.playable.button(card).click)
        timed(timings, "GameTable Hint", table.hint_button.click)


def bench_charts(timings: Timings) -> None:
    """The pictures, SVG built inside the click: the DiscardTrainer's and the
    ProbabilityExplorer's charts, and the GameTable's progress chart at game over (with
    the chance to win under the scores, as the table draws it by default)."""
    trainer = DiscardTrainer(seed=1, chart=False)
    hand = trainer.value.hand
    trainer.picker.toggle(hand[0])
    trainer.picker.toggle(hand[1])
    trainer.throw()
    from cribbage_edu import starter_distribution
    from cribbage_edu.charts.progress_svg import progress_svg
    from cribbage_edu.charts.throws_svg import starters_svg, throws_svg
    from cribbage_edu.rules.drive import play_out
    from cribbage_edu.strategy.players import ExpertPlayer
    from cribbage_edu.tables.chance import chances_by_deal

    game = play_out(Game(1), [ExpertPlayer(), ExpertPlayer()])
    options = list(trainer.value.options)
    dealer = bool(trainer.value.dealer)
    for _ in range(3):
        chart_time(timings, "(in the click) the throws' chart as SVG",
                   lambda: throws_svg(options, dealer=dealer, mark=3))
        chart_time(timings, "(in the click) the starters' chart as SVG",
                   lambda: starters_svg(starter_distribution("5H 5C JS QH")))
        chart_time(timings, "(in the click) the progress chart as SVG",
                   lambda: progress_svg(game, [(c.deal, c.chance)
                                               for c in chances_by_deal(game)]))


def main() -> None:
    timings: Timings = {}
    start = time.perf_counter()
    bench_discard(timings, 30)
    bench_quiz(timings, 30)
    bench_pegging(timings, 10)
    bench_explorer(timings, 10)
    bench_board(timings, 30)
    bench_game(timings, 3)
    bench_charts(timings)
    print(f"{'click':58} {'n':>5} {'median':>8} {'p95':>8} {'max':>8}  (ms)")
    for name, times in timings.items():
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{name:58} {len(times):5d} {statistics.median(times):8.2f} {p95:8.2f} "
              f"{times[-1]:8.2f}")
    clicks = [t for name, ts in timings.items() if not name.startswith("(") for t in ts]
    print(f"\n{len(clicks)} clicks, slowest {max(clicks):.1f} ms; "
          f"benchmark took {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
