"""The Ray backend on a local cluster (`ray.init(num_cpus=2)`, started once for the module):
tournament, analyze, selfplay and lifespan.playouts give exactly the local results, and a
worker killed mid-job has its chunk run again with nothing lost or counted twice. Skipped
without Ray (`pip install 'lifespan[ray]'`)."""

import os
from pathlib import Path

import numpy as np
import pytest

ray = pytest.importorskip("ray")

import lifespan  # noqa: E402
from lifespan import cli_batch  # noqa: E402

# One xdist worker runs this file (`pytest -n 2 --dist loadgroup`): one local Ray cluster, not one
# per worker.
pytestmark = pytest.mark.xdist_group("ray")

HELPERS = str(Path(__file__).parent / "helpers")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    marker = tmp_path_factory.mktemp("ray") / "died"
    if ray.is_initialized():
        ray.shutdown()
    path = os.pathsep.join([HELPERS, os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": path, "LIFESPAN_TEST_DEATH_MARKER": str(marker)}})
    yield marker
    ray.shutdown()


@pytest.fixture(scope="module")
def toyl2():
    return lifespan.load_game("time_of_your_life", players=2)


def test_tournament_on_ray_equals_the_local_run(cluster, toyl2):
    local = lifespan.tournament(toyl2, "random,mcts:iterations=20", games=8, seed=4, workers=1)
    remote = lifespan.tournament(toyl2, "random,mcts:iterations=20", games=8, seed=4, backend="ray")
    assert remote.rows() == local.rows()
    assert [r.moves for r in remote.records] == [r.moves for r in local.records]


def test_analyze_selfplay_and_playouts_on_ray_equal_the_local_runs(cluster, toyl2):
    game = lifespan.load_game("pursuit_of_happiness", players=2)
    local = lifespan.analyze(game, "random", games=6, seed=2, workers=1)
    remote = lifespan.analyze(game, "random", games=6, seed=2, backend="ray")
    assert remote.features == local.features and remote.seats == local.seats
    for names in (["random", "random"], ["random", "mcts:iterations=10"]):
        here = cli_batch.selfplay_games(toyl2, names, 3, 5, 1, "local", None, 1)
        there = cli_batch.selfplay_games(toyl2, names, 3, 5, 1, "ray", None)
        assert all((a == b).all() for a, b in zip(here, there))
    big = lifespan.playouts(toyl2, 120_000, seed=8, threads=1)
    assert (lifespan.playouts(toyl2, 120_000, seed=8, backend="ray") == big).all()


def test_a_killed_worker_loses_nothing_and_counts_nothing_twice(cluster, toyl2, monkeypatch):
    assert not cluster.exists()
    monkeypatch.syspath_prepend(HELPERS)   # the driver checks the spec; the workers got PYTHONPATH
    spec = "dying_agent:step"
    remote = lifespan.tournament(toyl2, ["random", spec], games=8, seed=6, backend="ray")
    assert cluster.exists()          # a worker did die mid-job
    monkeypatch.setenv("LIFESPAN_TEST_DEATH_MARKER", str(cluster))   # the local run: no death
    local = lifespan.tournament(toyl2, ["random", spec], games=8, seed=6, workers=1)
    assert len(remote.records) == 8
    assert [r.seed for r in remote.records] == [lifespan.derive_seed(6, i) for i in range(8)]
    assert remote.rows() == local.rows()
    assert sum(a.seat_games for a in remote.agents) == 16


def test_the_command_line_runs_on_ray(cluster, capsys):
    from lifespan.cli import main

    assert main(["tournament", "time_of_your_life", "--players", "2", "--agents", "random,mcts:iterations=5",
                 "--games", "2", "--backend", "ray"]) == 0
    assert "Elo" in capsys.readouterr().out
