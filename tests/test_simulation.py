"""Many-game simulation: the same results whatever runs it, records that add up, the
summary's figures worked by hand, and the ``simulate`` command."""

from __future__ import annotations

import io
import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

from cribbage_edu.cli import main
from cribbage_edu.rules.errors import IllegalActionError
from cribbage_edu.study import simulation
from cribbage_edu.study.simulation import (
    SOURCES,
    GameRecord,
    record_game,
    simulate,
    summarize,
    wilson_interval,
)


def test_same_seed_same_results_with_one_or_two_workers() -> None:
    with ProcessPoolExecutor(1) as one:
        a = simulate(30, ["greedy", "random"], seed=5, executor=one, target=61)
    with ProcessPoolExecutor(2) as two:
        b = simulate(30, ["greedy", "random"], seed=5, executor=two, target=61)
    with ThreadPoolExecutor(3) as threads:
        c = simulate(30, ["greedy", "random"], seed=5, executor=threads, target=61)
    assert a.games == b.games == c.games
    assert [g.index for g in a.games] == list(range(30))
    with ThreadPoolExecutor(1) as threads:
        d = simulate(30, ["greedy", "random"], seed=6, executor=threads, target=61)
    assert d.games != a.games


def test_default_executor_is_a_process_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without an executor, simulate plays in one process pool of its own, sends it the
    games, and shuts it down before returning; the games are the same as in a thread."""
    pools: list[ProcessPoolExecutor] = []
    submitted: list[object] = []

    class Watched(ProcessPoolExecutor):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            pools.append(self)

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            submitted.append(fn)
            return super().submit(fn, *args, **kwargs)

    monkeypatch.setattr(simulation, "ProcessPoolExecutor", Watched)
    result = simulate(4, ["expert", "greedy"], seed=2, target=61)
    assert len(pools) == 1 and submitted
    with pytest.raises(RuntimeError, match="shutdown"):
        pools[0].submit(print)  # shut down: no worker outlives the call
    with ThreadPoolExecutor(1) as threads:
        again = simulate(4, ["expert", "greedy"], seed=2, executor=threads, target=61)
    assert result.games == again.games and len(result.games) == 4


def test_records_add_up() -> None:
    with ThreadPoolExecutor(1) as pool:
        result = simulate(8, ["expert", "expert"], seed=3, executor=pool)
    for i, game in enumerate(result.games):
        assert game.first_dealer == i % 2  # the first deal alternates
        assert max(game.scores) >= 121 and game.scores[game.winner] >= 121
        assert min(game.scores) < 121
        for player in (0, 1):
            assert sum(game.points[player].values()) == game.scores[player]
        # dealer and pone points cover the whole deals: all but the last, cut short
        both = sum(game.dealer_points.values()) + sum(game.pone_points.values())
        assert game.whole_deals == game.deals - 1
        assert both == sum(game.deal_scores[-2]) if game.deals > 1 else both == 0
        assert game.pone_points["crib"] == 0 and game.pone_points["heels"] == 0
        assert game.deal_scores[-1] == game.scores
        assert len(game.deal_scores) == game.deals
        for before, after in zip(game.deal_scores, game.deal_scores[1:], strict=False):
            assert after[0] >= before[0] and after[1] >= before[1]


def test_record_of_an_unfinished_game_is_refused() -> None:
    from cribbage_edu.rules.game import Game

    with pytest.raises(IllegalActionError):
        record_game(Game(seed=1))


def test_wilson_interval_worked_by_hand() -> None:
    # 56 of 100: p = .56, z = 1.96; centre (p + z²/2n) / (1 + z²/n) = .5778,
    # half-width z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n) = .0955
    low, high = wilson_interval(56, 100)
    assert low == pytest.approx(0.4623, abs=1e-4)
    assert high == pytest.approx(0.6533, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)  # z²/(n + z²)
    assert wilson_interval(10, 10)[1] == 1.0


def record(index: int, winner: int, first: int, deals: int, skunk: str,
           dealer: dict[str, int], pone: dict[str, int]) -> GameRecord:
    zero = dict.fromkeys(SOURCES, 0)
    return GameRecord(index=index, seed=index, players=("a", "b"), first_dealer=first,
                      winner=winner, scores=(121, 80), deal_scores=((121, 80),),
                      deals=deals + 1, skunk=skunk, points=(zero, zero),
                      dealer_points={**zero, **dealer}, pone_points={**zero, **pone},
                      whole_deals=deals)


def test_summary_worked_by_hand() -> None:
    games = [
        record(0, 0, 0, 8, "skunk", {"pegging": 24, "hand": 60, "crib": 32, "heels": 2},
               {"pegging": 16, "hand": 64}),
        record(1, 0, 1, 10, "no skunk", {"pegging": 36, "hand": 80, "crib": 40},
               {"pegging": 20, "hand": 70}),
        record(2, 1, 0, 6, "double skunk", {"pegging": 0, "hand": 40, "crib": 28},
               {"pegging": 12, "hand": 50}),
    ]
    summary = summarize(games)
    assert summary.players == ("a", "b")
    assert summary.games == 3 and summary.wins == (2, 1)
    assert summary.win_rate == pytest.approx(2 / 3)
    # the first dealer won games 0 (dealt by 0, won by 0) only
    assert summary.first_dealer_wins == 1
    # 24 whole deals in all: dealer pegging (24 + 36 + 0) / 24 = 2.5, hand 180 / 24 = 7.5,
    # crib 100 / 24, heels 2 / 24; pone pegging 48 / 24 = 2, hand 184 / 24
    assert summary.dealer_per_deal["pegging"] == pytest.approx(2.5)
    assert summary.dealer_per_deal["hand"] == pytest.approx(7.5)
    assert summary.dealer_per_deal["crib"] == pytest.approx(100 / 24)
    assert summary.dealer_per_deal["heels"] == pytest.approx(2 / 24)
    assert summary.pone_per_deal["pegging"] == pytest.approx(2.0)
    assert summary.pone_per_deal["hand"] == pytest.approx(184 / 24)
    assert (summary.deals_mean, summary.deals_min, summary.deals_max) == (9, 7, 11)
    assert summary.skunks == (1, 0) and summary.double_skunks == (0, 1)
    data = summary.to_dict()
    assert data["players"] == ["a", "b"] and data["wins"] == [2, 1]
    assert "points per whole deal" in str(summary)


def test_bad_player_names_are_refused() -> None:
    with pytest.raises(IllegalActionError, match="grandmaster"):
        simulate(2, ["expert", "grandmaster"], seed=1)
    with pytest.raises(IllegalActionError):
        simulate(2, ["expert"], seed=1)


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), stdout=out, stderr=err, stdin=io.StringIO())
    return status, out.getvalue(), err.getvalue()


def test_simulate_command_json() -> None:
    status, out, _ = run_cli("simulate", "--games", "6", "--seed", "4", "--players",
                             "greedy", "random", "--json", "--workers", "1",
                             "--target", "61")
    assert status == 0
    data = json.loads(out)
    assert data["players"] == ["greedy", "random"]
    assert data["games"] == 6 and sum(data["wins"]) == 6
    assert set(data["dealer_per_deal"]) == set(SOURCES)
    assert "win_ci" in data and "deals_mean" in data and "skunks" in data


def test_simulate_command_text_and_bad_input() -> None:
    status, out, _ = run_cli("simulate", "--games", "4", "--seed", "4", "--players",
                             "expert", "random", "--workers", "1", "--target", "61")
    assert status == 0
    assert "expert vs random: 4 games" in out and "95% CI" in out and "dealer" in out
    status, _, err = run_cli("simulate", "--games", "4", "--players", "expert", "wizard")
    assert status == 2 and "wizard" in err
    status, _, err = run_cli("simulate", "--games", "0")
    assert status == 2 and "--games" in err


def test_simulate_command_draws_its_chart(tmp_path) -> None:  # type: ignore[no-untyped-def]
    png = tmp_path / "games.png"
    status, out, _ = run_cli("simulate", "--games", "4", "--seed", "4", "--players",
                             "greedy", "random", "--workers", "1", "--target", "61",
                             "--plot", str(png))
    assert status == 0
    assert f"chart written to {png}" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_two_players_of_one_kind_are_told_apart_in_the_summary() -> None:
    with ThreadPoolExecutor(1) as pool:
        result = simulate(2, ["random", "random"], seed=3, executor=pool, target=61)
    lines = result.summary().lines()
    assert lines[0].startswith("random A vs random B: 2 games")
    assert lines[1].startswith(f"wins: random A {result.wins[0]}, random B {result.wins[1]}")


# --- issue 13 item 2 and issue 9 item 12: workers, streaming, progress -------------------


def watch_pools(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Record the keyword arguments of every process pool simulate makes."""
    made: list[dict[str, Any]] = []

    class Watched(ProcessPoolExecutor):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            made.append(kwargs)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(simulation, "ProcessPoolExecutor", Watched)
    return made


def test_workers_are_capped_at_the_number_of_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    # the issue: --workers 40 for 200 games started 40 processes; 200 games are 10 batches
    made = watch_pools(monkeypatch)
    limit = simulation.worker_limit()
    result = simulate(200 if limit >= 40 else 20 * limit, ["random", "random"], seed=1,
                      target=61, workers=min(40, limit))
    assert [m["max_workers"] for m in made] == [min(10, limit)]
    assert len(result.games) == min(200, 20 * limit)


def test_absurd_worker_counts_are_refused_before_any_work(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made = watch_pools(monkeypatch)
    for workers in (0, -1, simulation.worker_limit() + 1, 100_000):
        with pytest.raises(IllegalActionError, match=f"workers must be from 1 to .*not {workers}"):
            simulate(10, ["random", "random"], seed=1, workers=workers)
    assert made == []


def test_games_are_made_as_they_are_needed() -> None:
    # a hundred million games: only the batches asked for are ever built
    work = simulation.batches(100_000_000, ["expert", "greedy"], seed=1)
    first, second = next(work), next(work)
    assert [t[0] for t in first + second] == list(range(40))
    seeds = [t[1] for b in simulation.batches(45, ["expert", "greedy"], seed=1) for t in b]
    assert seeds[:40] == [t[1] for t in first + second]  # the same seeds, however many


def test_play_games_streams_in_order_and_stops_early() -> None:
    with ThreadPoolExecutor(2) as pool:
        games = simulation.play_games(100_000_000, ["random", "random"], seed=9,
                                      executor=pool, target=61, in_flight=3)
        first = [next(games) for _ in range(50)]
        games.close()  # the rest is cancelled, never played
    assert [g.index for g in first] == list(range(50))
    with ThreadPoolExecutor(1) as pool:
        again = simulate(50, ["random", "random"], seed=9, executor=pool, target=61)
    assert tuple(first) == again.games


@pytest.mark.parametrize("own_pool", [True, False])
def test_progress_is_reported_whichever_executor_plays(own_pool: bool) -> None:
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))

    if own_pool:
        simulate(45, ["random", "greedy"], seed=3, target=61, workers=2, progress=progress)
    else:
        with ThreadPoolExecutor(2) as pool:
            simulate(45, ["random", "greedy"], seed=3, target=61, executor=pool,
                     progress=progress)
    assert seen == [(20, 45), (40, 45), (45, 45)]


def test_summarize_streams_and_a_tally_sums_what_was_played() -> None:
    with ThreadPoolExecutor(1) as pool:
        result = simulate(30, ["greedy", "random"], seed=4, executor=pool, target=61)
    streamed = summarize(iter(result.games), players=result.players)
    assert streamed == result.summary()
    tally = simulation.Tally(result.players)
    for game in result.games[:12]:
        tally.add(game)
    assert tally.summary() == summarize(result.games[:12], players=result.players)
