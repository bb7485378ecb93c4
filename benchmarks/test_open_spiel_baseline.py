"""The Pursuit of Happiness against OpenSpiel's hearts, measured in the same run.

This machine's clock moves from run to run, so the speed goals are ratios to a baseline timed
beside them: OpenSpiel 2.0.2's hearts (`pip install -e '.[bench]'`), a 4-player trick-taking
game with a C++ core and pybind11 bindings like ours.

  * native playouts, ns per move, against the moves of OpenSpiel's C++ MCTSBot with one random
    rollout per simulation (the nearest thing OpenSpiel has to our playouts);
  * a Python-driven move (legal_actions, then apply), µs per move, against hearts driven the
    same way (legal_actions, then apply_action).

Run with `pytest benchmarks/test_open_spiel_baseline.py --benchmark-enable -s`: the table of
ratios prints, and each figure is in the benchmark's extra_info. Without --benchmark-enable it
runs once, small, as a test that the comparison still works.
"""

from __future__ import annotations


import pytest

import lifespan
from best_of import best_of
from open_spiel_hearts import first_decision, moves_left_in_random_games, python_driven_game as hearts_game

EXPANSIONS = [e for e in lifespan.pursuit_of_happiness.EXPANSIONS + lifespan.pursuit_of_happiness.MODULES
              if e != "base"]
# The set for the middle row of its table.
SOME = ["experiences", "kids", "nostalgia", "events", "trends", "pets", "standalone_jobs"]
# (name, players, expansions, playouts goal, Python-driven goal), goals as ratios to hearts.
CONFIGURATIONS = [
    ("base, 4 players", 4, [], 0.5, 0.8),
    ("7 expansions, 4 players", 4, SOME, 0.5, 1.0),
    ("everything, 5 players", 5, EXPANSIONS, 0.75, 1.0),
]


def hearts_rollout_ns_per_move(pyspiel, iterations, rounds):
    game, state, rng = first_decision(pyspiel)
    moves = moves_left_in_random_games(state, rng)
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, iterations, 1000, False, 1, False)
    return best_of(rounds, lambda: bot.step(state)) / (iterations * moves) * 1e9


def hearts_python_us_per_move(pyspiel, rounds):
    game = pyspiel.load_game("hearts")
    moves = hearts_game(game)
    return best_of(rounds, lambda: hearts_game(game)) / moves * 1e6


def python_driven_game(game, seed):
    state, moves = game.new_state(seed=seed), 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[moves % len(legal)])
        moves += 1
    return moves


def pursuit_python_us_per_move(game, rounds):
    moves = python_driven_game(game, 3)
    return best_of(rounds, lambda: python_driven_game(game, 3)) / moves * 1e6


def pursuit_playout_ns_per_move(game, games, rounds, mean_moves_per_game):
    moves = mean_moves_per_game(game.new_state(seed=1))
    seconds = best_of(rounds, lambda: lifespan.playouts(game, games, seed=1, threads=1))
    return seconds / (games * moves) * 1e9


@pytest.mark.benchmark(group="open-spiel-baseline")
def test_speed_against_open_spiel_hearts(benchmark, mean_moves_per_game):
    pyspiel = pytest.importorskip("pyspiel")
    timed = not benchmark.disabled
    rounds, games, iterations = (7, 400, 400) if timed else (1, 5, 20)
    rollout_ns = hearts_rollout_ns_per_move(pyspiel, iterations, rounds)
    hearts_us = hearts_python_us_per_move(pyspiel, rounds)
    rows = []
    for name, players, expansions, playout_goal, python_goal in CONFIGURATIONS:
        game = lifespan.load_game("pursuit_of_happiness", players=players, expansions=expansions)
        playout_ns = pursuit_playout_ns_per_move(game, games, rounds, mean_moves_per_game)
        python_us = pursuit_python_us_per_move(game, rounds)
        rows.append((name, playout_ns, playout_ns / rollout_ns, playout_goal, python_us, python_us / hearts_us, python_goal))
        key = name.replace(", ", "_").replace(" ", "_")
        benchmark.extra_info.update({
            f"{key}_playout_ns_per_move": round(playout_ns, 1),
            f"{key}_playout_ratio": round(playout_ns / rollout_ns, 3),
            f"{key}_python_us_per_move": round(python_us, 3),
            f"{key}_python_ratio": round(python_us / hearts_us, 3)})
    benchmark.extra_info.update(hearts_rollout_ns_per_move=round(rollout_ns, 1), hearts_python_us_per_move=round(hearts_us, 3))
    print(f"\nOpenSpiel hearts: C++ MCTS rollouts {rollout_ns:.0f} ns/move; Python-driven {hearts_us:.2f} µs/move")
    print(f"{'configuration':28} {'playouts ns':>11} {'× hearts':>9} {'goal':>5}   {'Python µs':>9} {'× hearts':>9} {'goal':>5}")
    for name, ns, ns_ratio, ns_goal, us, us_ratio, us_goal in rows:
        print(f"{name:28} {ns:11.0f} {ns_ratio:9.2f} {ns_goal:5.2f}   {us:9.2f} {us_ratio:9.2f} {us_goal:5.2f}")
    assert all(ns > 0 and us > 0 for _, ns, _, _, us, _, _ in rows)
    # pytest-benchmark's own figure: one Python-driven base game.
    benchmark(python_driven_game, lifespan.load_game("pursuit_of_happiness", players=4), 3)
