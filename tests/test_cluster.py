"""simulate() on a local Dask cluster (issue 12): worker processes on 127.0.0.1 play the
same games as the process pool for the same seed, the progress hook moves the same way,
and every Dask process is gone when the cluster is closed.

Needs the ``cluster`` extra (``pip install -e ".[cluster]"``), which tests/run_all.sh
installs, so CI always runs it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from cribbage_edu.study.simulation import simulate

distributed = pytest.importorskip("distributed", reason="needs the cluster extra")


def gone(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status")
    try:
        return "zombie" in status.read_text()
    except OSError:
        return True


@pytest.mark.slow
def test_a_local_dask_cluster_plays_the_same_games_as_the_process_pool() -> None:
    seen: list[int] = []
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        workers = list(client.run(os.getpid).values())
        on_dask = simulate(60, ["expert", "greedy"], seed=5, target=61,
                           executor=client.get_executor(),
                           progress=lambda done, total: seen.append(done))
        scheduler = cluster.scheduler_address
    on_pool = simulate(60, ["expert", "greedy"], seed=5, target=61, workers=2)
    assert on_dask.games == on_pool.games and len(on_dask.games) == 60
    assert seen == [20, 40, 60]
    assert scheduler.startswith("tcp://127.0.0.1:")  # on loopback only
    assert len(workers) == 2 and all(pid != os.getpid() for pid in workers)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not all(gone(pid) for pid in workers):
        time.sleep(0.2)
    assert all(gone(pid) for pid in workers)  # the cluster took its workers with it
