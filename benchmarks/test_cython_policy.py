"""The Cython playout policies of examples/cython/ against the same policies through the Python
API (docs/embedding.md §3), each pair timed in one run: the ratio is what a researcher gains by
writing a policy in Cython. Without --benchmark-enable each runs once, untimed.

Two kinds of policy, two answers: the Time of Your Life greedy policy tries every candidate in
the core, so Cython saves little; the Pursuit Project-first policy only looks at each
candidate's kind, so the loop is most of its cost and Cython removes it (the issue's goal:
≥ 30× the Python loop)."""

import sys
from pathlib import Path

import pytest

import lifespan
from best_of import best_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    pytest.importorskip("Cython")
    pytest.importorskip("setuptools")
    import cython_example

    directory = cython_example.build(tmp_path_factory.mktemp("cython"))
    return lambda policy: cython_example.load(directory, policy)


def per_game(rounds, games, play):
    return best_of(rounds, lambda: [play(seed) for seed in range(games)]) / games


@pytest.mark.benchmark(group="cython-policy")
def test_cython_policy_against_the_python_loop(benchmark, built):
    native, python = built("greedy_policy")
    game = lifespan.load_game("time_of_your_life", players=4)
    timed = not benchmark.disabled
    rounds, python_games, native_games = (5, 20, 400) if timed else (1, 1, 2)
    python_s = per_game(rounds, python_games, lambda s: python.play_greedy(game, s))
    native_s = per_game(rounds, native_games, lambda s: native.play_greedy(game, s))
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


@pytest.mark.benchmark(group="cython-policy")
def test_pursuit_cython_policy_against_the_python_loop(benchmark, built):
    native, python = built("project_policy")
    game = lifespan.load_game("pursuit_of_happiness", players=4)
    table = python.kind_table(game)
    timed = not benchmark.disabled
    rounds, python_games, native_games = (5, 10, 400) if timed else (1, 1, 2)
    # Like for like: every version returns the scores and the list of moves.
    decode_s = per_game(rounds, python_games, lambda s: python.play(game, s))
    table_s = per_game(rounds, python_games * 4, lambda s: python.play_with_kind_table(game, s, table))
    native_s = per_game(rounds, native_games, lambda s: native.play(game, s))
    moves = sum(len(python.play(game, s)[1]) for s in range(python_games)) / python_games
    ratio, table_ratio = decode_s / native_s, table_s / native_s
    benchmark.extra_info.update(python_us_per_game=round(decode_s * 1e6, 1),
                                python_kind_table_us_per_game=round(table_s * 1e6, 1),
                                cython_us_per_game=round(native_s * 1e6, 1), moves_per_game=round(moves),
                                speedup=round(ratio, 1), speedup_over_kind_table=round(table_ratio, 1))
    print(f"\nProject-first policy, Pursuit, 4 players, {moves:.0f} moves a game: Python loop "
          f"{decode_s * 1e6:.0f} µs/game, with a kind table {table_s * 1e6:.0f} µs/game, Cython "
          f"{native_s * 1e6:.0f} µs/game: {ratio:.1f}x, and {table_ratio:.1f}x over the kind table")
    assert native.play(game, 0) == python.play(game, 0) == python.play_with_kind_table(game, 0, table)
    if timed:
        assert ratio >= 30 and table_ratio > 1
    benchmark(native.play_scores, game, 0)
