"""Speed of lifespan.mcts. Run with `pytest benchmarks/test_mcts_speed.py --benchmark-enable`.

Issue targets, as ratios within one run:
  * MCTS iterations per second on one thread at the start of a 4-player game of each game;
  * cost per simulated move at most 1.5x the cost of a plain `playouts` move;
  * 2 threads give at least 1.7x the iterations of 1 thread (group "mcts-threads");
  * lower cost per simulated move than OpenSpiel's C++ MCTSBot with one random rollout on its
    hearts, when open_spiel is installed.
Each benchmark stores its per-move figures in extra_info (see --benchmark-json).
"""

import time

import pytest

import lifespan
from open_spiel_hearts import first_decision, moves_left_in_random_games

ITERATIONS = 400
GAMES = ["pursuit_of_happiness", "time_of_your_life"]


def opening(name, players=4):
    """The first position with a real choice (after any forced moves)."""
    state = lifespan.load_game(name, players=players).new_state(seed=1)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def playout_ns_per_move(state, games, moves):
    start = time.perf_counter()
    lifespan.playouts(state, games, seed=1, threads=1)
    return (time.perf_counter() - start) / (games * moves) * 1e9


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.benchmark(group="mcts-iterations")
def test_mcts_iterations_at_the_start(benchmark, name, mean_moves_per_game):
    state = opening(name)
    result = benchmark(lifespan.mcts, state, iterations=ITERATIONS, seed=1)
    assert result.iterations == ITERATIONS
    if benchmark.stats:  # absent with --benchmark-disable
        seconds = benchmark.stats.stats.median
        search_ns = seconds / result.simulated_moves * 1e9
        playout_ns = playout_ns_per_move(state, ITERATIONS, mean_moves_per_game(state))
        benchmark.extra_info.update(
            iterations_per_second=round(ITERATIONS / seconds),
            ns_per_simulated_move=round(search_ns),
            ns_per_playout_move=round(playout_ns),
            ratio_to_playouts=round(search_ns / playout_ns, 2))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.benchmark(group="mcts-threads")
def test_mcts_thread_scaling(benchmark, threads):
    state = opening("pursuit_of_happiness")
    result = benchmark(lifespan.mcts, state, iterations=ITERATIONS * threads, threads=threads, seed=1)
    assert result.iterations == ITERATIONS * threads
    if benchmark.stats:
        benchmark.extra_info["iterations_per_second"] = round(result.iterations / benchmark.stats.stats.median)


@pytest.mark.benchmark(group="mcts-open-spiel")
def test_open_spiel_mcts_bot_on_hearts(benchmark):
    pyspiel = pytest.importorskip("pyspiel")
    game, state, rng = first_decision(pyspiel)
    moves_per_simulation = moves_left_in_random_games(state, rng)
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, ITERATIONS, 1000, False, 1, False)
    benchmark(bot.step, state)
    if benchmark.stats:
        moves = ITERATIONS * moves_per_simulation
        benchmark.extra_info["ns_per_simulated_move"] = round(benchmark.stats.stats.median / moves * 1e9)


@pytest.mark.benchmark(group="mcts-open-spiel")
def test_lifespan_mcts_for_the_hearts_comparison(benchmark):
    # The same budget as the OpenSpiel bot above, on our two 4-player games.
    for name in GAMES:
        state = opening(name)
        start = time.perf_counter()
        result = lifespan.mcts(state, iterations=ITERATIONS, seed=1)
        benchmark.extra_info[f"{name}_ns_per_simulated_move"] = round(
            (time.perf_counter() - start) / result.simulated_moves * 1e9)
    benchmark(lifespan.mcts, opening("time_of_your_life"), iterations=ITERATIONS, seed=1)
