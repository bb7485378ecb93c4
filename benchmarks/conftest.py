import sys
from functools import cache
from pathlib import Path

import pytest

from lifespan import _core
from lifespan.agents import RandomAgent

from best_of import best_of

# The pure-Python reference implementation (tests/time_of_your_life/reference.py) is the speed
# baseline of the native engine.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "time_of_your_life"))


@pytest.fixture(scope="session")
def mean_moves_per_game():
    """How many moves a uniformly random game from `state` takes on average: the divisor that
    turns games per second into time per move."""
    def measure(state, games=60):
        total = 0
        for seed in range(games):
            game_state, agent = state.clone(), RandomAgent(seed)
            while not game_state.is_terminal():
                game_state.apply(agent.step(game_state))
                total += 1
        return total / games
    return measure


@pytest.fixture(scope="session")
def core_ghz():
    """The core's clock in this run, read off a chain of dependent multiplies (3 cycles each):
    the same-run baseline that turns a time per move into cycles, which this shared machine's
    changing clock does not move."""
    @cache
    def measure(count=100_000_000):
        best = best_of(5, lambda: _core._multiply_chain(count))
        return 3 * count / best / 1e9
    return measure
