"""The Cython playout policy of examples/cython/ against the same policy through the Python API
(docs/embedding.md §3), timed in one run: the ratio is what a researcher gains by writing a
policy in Cython. Without --benchmark-enable each runs once, untimed."""

import sys
from pathlib import Path

import pytest

import lifespan
from best_of import best_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))


@pytest.mark.benchmark(group="cython-policy")
def test_cython_policy_against_the_python_loop(benchmark, tmp_path):
    pytest.importorskip("Cython")
    pytest.importorskip("setuptools")
    import cython_example

    native, python = cython_example.build(tmp_path)
    game = lifespan.load_game("time_of_your_life", players=4)
    timed = not benchmark.disabled
    rounds, python_games, native_games = (5, 20, 400) if timed else (1, 1, 2)
    python_s = best_of(rounds, lambda: [python.play_greedy(game, s) for s in range(python_games)]) / python_games
    native_s = best_of(rounds, lambda: [native.play_greedy(game, s) for s in range(native_games)]) / native_games
    ratio = python_s / native_s
    benchmark.extra_info.update(python_us_per_game=round(python_s * 1e6, 1),
                                cython_us_per_game=round(native_s * 1e6, 1), speedup=round(ratio, 1))
    print(f"\ngreedy policy, 4 players: Python loop {python_s * 1e6:.0f} µs/game, "
          f"Cython {native_s * 1e6:.0f} µs/game: {ratio:.1f}x")
    assert native.play_greedy(game, 0) == python.play_greedy(game, 0)
    # Untimed, each side is one short run on a shared machine: only a timed run's ratio means anything.
    if timed:
        assert ratio > 1
    benchmark(native.play_greedy, game, 0)
