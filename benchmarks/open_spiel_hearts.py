"""OpenSpiel's hearts, the benchmarks' in-run baseline (pip install -e '.[bench]').

The two ways the benchmarks drive it: random MCTS rollouts in C++ and a Python-driven loop.
"""

from __future__ import annotations

import random


def moves_left_in_random_games(state, rng: random.Random, games: int = 40) -> float:
    """How many moves a uniformly random game from `state` takes on average (chance moves too):
    about what each MCTS simulation applies from there."""
    lengths = []
    for _ in range(games):
        s, n = state.clone(), 0
        while not s.is_terminal():
            s.apply_action(rng.choice(s.chance_outcomes())[0] if s.is_chance_node() else rng.choice(s.legal_actions()))
            n += 1
        lengths.append(n)
    return sum(lengths) / len(lengths)


def first_decision(pyspiel, seed: int = 1):
    """The hearts game and its first position after the deal."""
    game = pyspiel.load_game("hearts")
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    return game, state, rng


def python_driven_game(game) -> int:
    """One game of hearts driven from Python (legal_actions, then apply_action): its moves."""
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[moves % len(outcomes)][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[moves % len(legal)])
        moves += 1
    return moves
