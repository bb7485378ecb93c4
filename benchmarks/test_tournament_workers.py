"""An MCTS tournament on one worker process against two, timed in the same run.

Local jobs split their games over worker processes (lifespan.jobs), so on an idle 2-core machine
two workers should take about half the wall time of one, and give the same table (game i
depends on the seed and i only). This prints the speedup; it means something only on a machine
with two idle cores, so it is a benchmark, not a test of speed.

Run with `pytest benchmarks/test_tournament_workers.py --benchmark-enable -s`. Without
--benchmark-enable it plays a few games as a test that the two runs agree.
"""

from __future__ import annotations

import os
import time

import pytest

import lifespan

AGENTS = ["random", "mcts:iterations=25", "mcts:iterations=50", "mcts:iterations=100"]


def timed_tournament(game, games, workers):
    start = time.perf_counter()
    result = lifespan.tournament(game, AGENTS, games=games, seed=2026, workers=workers)
    return time.perf_counter() - start, result


@pytest.mark.benchmark(group="tournament-workers")
def test_two_workers_against_one(benchmark):
    game = lifespan.load_game("pursuit_of_happiness", players=4)
    timed = not benchmark.disabled
    games = 40 if timed else 4
    one_seconds, one = timed_tournament(game, games, 1)
    two_seconds, two = timed_tournament(game, games, 2)
    assert one.to_json() == two.to_json(), "the table must not depend on the number of workers"
    speedup = one_seconds / two_seconds
    benchmark.extra_info.update(one_worker_s=round(one_seconds, 2), two_workers_s=round(two_seconds, 2),
                                speedup=round(speedup, 2), cpus=os.cpu_count(), load=os.getloadavg()[0])
    print(f"\n{games} games of {', '.join(AGENTS)}: one worker {one_seconds:.1f} s, two {two_seconds:.1f} s, "
          f"speedup {speedup:.2f}x (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    benchmark.pedantic(lambda: None, rounds=1)
