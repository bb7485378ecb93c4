"""The cost of playing through lifespan.openspiel, against lifespan's own Python API, in one run
(docs/ecosystem.md §1). Both loops are the same random game in explicit-chance mode, written
the same way: each move asks for the legal actions (at a chance node, its outcomes, which are
uniform) and applies one. The goal is an adapter
overhead of at most 3x.

Run with `pytest benchmarks/test_openspiel_adapter.py --benchmark-enable -s`; without
--benchmark-enable it runs once, small, as a test that the comparison still works.
"""

from __future__ import annotations

import random

import pytest

import lifespan
from best_of import best_of

GAMES = [("time_of_your_life", "lifespan_time_of_your_life(players=4)", {"players": 4}),
         ("pursuit_of_happiness", "lifespan_pursuit_of_happiness(players=4,expansions=nostalgia+kids)",
          {"players": 4, "expansions": ["nostalgia", "kids"]})]


def lifespan_game_moves(game, seed):
    rng, state, moves = random.Random(seed), game.new_state(), 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))   # chance outcomes are uniform
        moves += 1
    return moves


def openspiel_game_moves(game, seed):
    rng, state, moves = random.Random(seed), game.new_initial_state(), 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))   # a chance node's are its outcomes
        moves += 1
    return moves


@pytest.mark.benchmark(group="openspiel-adapter")
@pytest.mark.parametrize("name,spec,params", GAMES, ids=[g[0] for g in GAMES])
def test_adapter_overhead_per_move(benchmark, name, spec, params):
    pyspiel = pytest.importorskip("pyspiel")
    import lifespan.openspiel  # noqa: F401

    direct_game = lifespan.load_game(name, chance="explicit", **params)
    adapted_game = pyspiel.load_game(spec)
    assert lifespan_game_moves(direct_game, 1) == openspiel_game_moves(adapted_game, 1)  # the same game
    timed = not benchmark.disabled
    rounds, games = (5, 4) if timed else (1, 1)
    moves = sum(lifespan_game_moves(direct_game, seed) for seed in range(games))
    direct_s = best_of(rounds, lambda: [lifespan_game_moves(direct_game, s) for s in range(games)]) / moves
    adapted_s = best_of(rounds, lambda: [openspiel_game_moves(adapted_game, s) for s in range(games)]) / moves
    ratio = adapted_s / direct_s
    benchmark.extra_info.update(direct_us_per_move=round(direct_s * 1e6, 2),
                                openspiel_us_per_move=round(adapted_s * 1e6, 2), overhead=round(ratio, 2))
    print(f"\n{name}: lifespan {direct_s * 1e6:.2f} µs/move, through OpenSpiel {adapted_s * 1e6:.2f} µs/move: "
          f"{ratio:.2f}x")
    benchmark(openspiel_game_moves, adapted_game, 0)
