"""Games a second: simulate() on its own process pool against a local Dask cluster.

Run by hand (about a minute on 2 cores; needs the cluster extra)::

    pip install -e ".[cluster]"
    python benchmarks/bench_cluster.py [--games 1000] [--workers 2] [--seed 1]

Both play the same seeded expert-against-expert games (the test suite checks they are the
same games) with the same number of worker processes; the cluster is a
``dask.distributed.LocalCluster`` on 127.0.0.1, one thread a worker. Start-up (the pool's
processes, the cluster's scheduler and workers) is timed apart from the games.
"""

from __future__ import annotations

import argparse
import time

from distributed import Client, LocalCluster

from cribbage_edu.study.simulation import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=2,
                        help="rounds, pool and cluster taking turns; the best of each counts")
    args = parser.parse_args()
    players = ["expert", "expert"]
    pool_times, dask_times, starts = [], [], []
    for _ in range(args.repeat):
        began = time.perf_counter()
        pool = simulate(args.games, players, seed=args.seed, workers=args.workers)
        pool_times.append(time.perf_counter() - began)

        began = time.perf_counter()
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                          host="127.0.0.1", dashboard_address=None) as cluster, \
                Client(cluster) as client:
            client.run(lambda: None)  # every worker up
            starts.append(time.perf_counter() - began)
            began = time.perf_counter()
            dask = simulate(args.games, players, seed=args.seed,
                            executor=client.get_executor())
            dask_times.append(time.perf_counter() - began)
        assert dask.games == pool.games
    pool_best, dask_best = min(pool_times), min(dask_times)
    print(f"{args.games} expert-vs-expert games, {args.workers} worker processes, seed "
          f"{args.seed}, best of {args.repeat} (same games both ways)")
    print(f"  process pool (its start-up included): {pool_best:6.1f} s  "
          f"{args.games / pool_best:6.1f} games a second")
    print(f"  local Dask cluster: {dask_best:6.1f} s  {args.games / dask_best:6.1f} games "
          f"a second, after {min(starts):.1f} s to start the cluster")


if __name__ == "__main__":
    main()
