"""Speed of the Pursuit of Happiness engine. Run with `pytest benchmarks --benchmark-enable`.

Issue targets: native playouts >= 10,000 four-player games/s on one core (<= 150 ns per move),
a Python-driven move <= 1.5 us, the state <= 4 KB; with every expansion of the expansions issue
on, >= 5,000 four-player games/s and the state <= 8 KB; with everything on and 5 players,
>= 3,000 games/s. Compare figures within one run. The playouts also report the core's clock
in the run (core_ghz) and the time per move in cycles, which the clock does not move.
"""

import pytest

import lifespan

PLAYOUT_GAMES = 200


@pytest.fixture(scope="module")
def game4():
    return lifespan.load_game("pursuit_of_happiness", players=4)


# Every expansion and module that plays so far (the base game is always in).
EXPANSIONS = [e for e in lifespan.pursuit_of_happiness.EXPANSIONS + lifespan.pursuit_of_happiness.MODULES
              if e != "base"]


@pytest.mark.benchmark(group="pursuit-playouts")
@pytest.mark.parametrize("players, expansions", [(4, []), (4, EXPANSIONS), (5, EXPANSIONS)],
                         ids=["base", "expansions", "expansions-5p"])
def test_native_playouts_one_thread(benchmark, players, expansions, mean_moves_per_game, core_ghz):
    game4 = lifespan.load_game("pursuit_of_happiness", players=players, expansions=expansions)
    benchmark.extra_info["games_per_round"] = PLAYOUT_GAMES
    scores = benchmark(lifespan.playouts, game4, PLAYOUT_GAMES, seed=1, threads=1)
    assert scores.shape == (PLAYOUT_GAMES, players)
    if benchmark.stats:  # absent with --benchmark-disable
        seconds = benchmark.stats.stats.median
        moves = mean_moves_per_game(game4.new_state(seed=1))
        ns_per_move = seconds / PLAYOUT_GAMES / moves * 1e9
        benchmark.extra_info.update(games_per_second=round(PLAYOUT_GAMES / seconds),
                                    moves_per_game=round(moves, 1), ns_per_move=round(ns_per_move),
                                    core_ghz=round(core_ghz(), 2), cycles_per_move=round(ns_per_move * core_ghz()))


def _python_driven_game(game, seed):
    state, moves = game.new_state(seed=seed), 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[-1 - moves % 2 if len(legal) > 1 else 0])  # mostly main actions
        moves += 1
    return moves


@pytest.mark.benchmark(group="pursuit-python-loop")
def test_python_driven_moves(benchmark, game4):
    moves = benchmark(_python_driven_game, game4, 3)
    benchmark.extra_info["moves_per_round"] = moves
    assert moves > 50


@pytest.fixture(scope="module")
def midgame(game4):
    state = game4.new_state(seed=5)
    for _ in range(60):
        legal = state.legal_actions()
        state.apply(legal[-1])
    return state


@pytest.mark.benchmark(group="pursuit-primitives")
def test_clone(benchmark, midgame):
    benchmark(midgame.clone)


@pytest.mark.benchmark(group="pursuit-primitives")
def test_legal_actions(benchmark, midgame):
    benchmark(midgame.legal_actions)


def test_state_fits_the_budget():
    size = lifespan._core.PursuitOfHappinessState.state_bytes
    print(f"sizeof(State) = {size} bytes")
    assert size <= 4096
