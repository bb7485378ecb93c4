"""Speed of the Time of Your Life engine (issue: foundation). Run with

    pytest benchmarks --benchmark-enable

Figures are compared as ratios within one run (this machine is shared and noisy):
  * native playouts vs the pure-Python reference (target: >= 100x, >= 200,000 4-player games/s);
  * a Python-driven move (legal_actions + apply) (target: <= 1 us), against OpenSpiel's hearts
    driven the same way when open_spiel is installed;
  * clone, legal_actions and apply on their own, and the state's size.
The CI run executes each benchmark once with timing disabled, so they stay correct.
"""

import random

import pytest

import lifespan
from open_spiel_hearts import python_driven_game as hearts_game

PLAYOUT_GAMES = 2000


@pytest.fixture(scope="module")
def game4():
    return lifespan.load_game("time_of_your_life", players=4)


def _moves_per_game(game, seed=0):
    state, moves = game.new_state(seed=seed), 0
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
        moves += 1
    return moves


@pytest.mark.benchmark(group="playouts-4p")
def test_native_playouts_one_thread(benchmark, game4):
    benchmark.extra_info["games_per_round"] = PLAYOUT_GAMES
    scores = benchmark(lifespan.playouts, game4, PLAYOUT_GAMES, seed=1, threads=1)
    assert scores.shape == (PLAYOUT_GAMES, 4)


@pytest.mark.benchmark(group="playouts-4p")
def test_reference_python_playout(benchmark):
    import reference

    traits, cards = reference.load_cards(lifespan.time_of_your_life.CARD_FILE)
    game = reference.RefGame(cards, traits, players=4)
    rng = random.Random(0)
    benchmark.extra_info["games_per_round"] = 1
    scores = benchmark(reference.random_playout, game, 1, rng)
    assert len(scores) == 4


def _python_driven_game(game, seed):
    state = game.new_state(seed=seed)
    moves = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[moves % len(legal)])
        moves += 1
    return moves


@pytest.mark.benchmark(group="python-loop")
def test_python_driven_moves(benchmark, game4):
    benchmark.extra_info["moves_per_round"] = _moves_per_game(game4, seed=3)
    moves = benchmark(_python_driven_game, game4, 3)
    benchmark.extra_info["moves_per_round"] = moves
    assert moves > 40


@pytest.mark.benchmark(group="python-loop")
def test_open_spiel_hearts_python_driven_moves(benchmark):
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("hearts")
    moves = benchmark(hearts_game, game)
    benchmark.extra_info["moves_per_round"] = moves


@pytest.fixture(scope="module")
def midgame(game4):
    state = game4.new_state(seed=5)
    for _ in range(20):
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.benchmark(group="primitives")
def test_clone(benchmark, midgame):
    benchmark(midgame.clone)


@pytest.mark.benchmark(group="primitives")
def test_legal_actions(benchmark, midgame):
    benchmark(midgame.legal_actions)


@pytest.mark.benchmark(group="primitives")
def test_child(benchmark, midgame):
    action = midgame.legal_actions()[0]
    benchmark(midgame.child, action)


def test_state_is_small():
    size = lifespan._core.TimeOfYourLifeState.state_bytes
    print(f"sizeof(State) = {size} bytes")
    # 472 bytes before explicit chance mode's record (its tape holds the 42 draws of a 6-seat
    # deal; docs/chance.md): 536 with it.
    assert size <= 576
